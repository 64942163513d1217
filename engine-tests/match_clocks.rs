//! `shishi match` with a clock per engine (time odds: `tc=`/`byoyomi=` in `--engine`), the
//! per-move clocks and scores in the records, and `shishi summary` on those records. The
//! scripted stand-in (engine-tests/standins/scripted.py) logs every `go` it receives and
//! reports a score that grows with the ply.

mod match_common;

use match_common::{have_python, random_game, records, run_match, standin, tag, tmp_dir};
use std::process::Command;

/// The `go` lines an engine logged.
fn go_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// The value after `key` in a `go` line.
fn field(line: &str, key: &str) -> u64 {
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w
        .iter()
        .position(|&x| x == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    w[i + 1].parse().unwrap()
}

#[test]
fn each_engine_gets_its_own_clock_and_the_records_carry_clocks_and_scores() {
    if !have_python() {
        eprintln!("SKIPPED: python3 not found");
        return;
    }
    let dir = tmp_dir("clocks");
    let game = random_game(40);
    let script = dir.join("game.txt");
    std::fs::write(&script, game.join(" ")).unwrap();
    let logs = ["A", "B", "C"].map(|n| dir.join(format!("{n}.log")));
    let spec = |name: &str, log: &std::path::Path, own: &str| {
        let extra = format!("--log {} --score-step 100 {own}", log.display());
        standin(name, &script, "illegal", &extra)
    };
    // A has a fifth of B's time; B plays on the match clock; C has byoyomi only.
    let out = dir.join("games.txt");
    let mut args = vec![
        "--engine".to_string(),
        spec("A", &logs[0], "tc=2+0.02"),
        "--engine".to_string(),
        spec("B", &logs[1], ""),
        "--engine".to_string(),
        spec("C", &logs[2], "byoyomi=0.5"),
    ];
    args.extend(
        [
            "--gauntlet",
            "--tc",
            "10+0.1",
            "--games",
            "2",
            "--max-plies",
            "8",
            "--concurrency",
            "1",
            "--out",
        ]
        .map(String::from),
    );
    args.push(out.display().to_string());
    let o = run_match(&args);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stderr}");
    // The table shows each engine's control.
    for name in ["A (2+0.02)", "B (10+0.1)", "C (0 byoyomi 0.5)"] {
        assert!(stdout.contains(name), "{stdout}");
    }
    // Games in schedule order: A-B, A-C, B-A, C-A (first named = Black), 8 plies each.
    let recs = records(&out);
    assert_eq!(recs.len(), 4, "{stderr}");
    let mut by_pair = std::collections::HashMap::new();
    for rec in &recs {
        assert!(tag(rec, "Reason").contains("maximum game length"), "{rec}");
        by_pair.insert((tag(rec, "Black"), tag(rec, "White")), rec.clone());
        // Every move has the mover's clock and the stand-in's score (100 per ply before it).
        let clocks: Vec<u64> = tag(rec, "Clocks")
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(clocks.len(), 8, "{rec}");
        assert_eq!(tag(rec, "Scores"), "0 100 200 300 400 500 600 700", "{rec}");
        let own_base = |name: &str| match name {
            "A" => 2000 + 20 * 4,
            "B" => 10000 + 100 * 4,
            _ => 500, // C: byoyomi only, nothing left but the 0 main time
        };
        for (ply, &ms) in clocks.iter().enumerate() {
            let mover = if ply % 2 == 0 {
                tag(rec, "Black")
            } else {
                tag(rec, "White")
            };
            assert!(ms <= own_base(mover), "{mover} {ms} ms at ply {ply}: {rec}");
            if mover == "C" {
                assert_eq!(ms, 0, "{rec}");
            }
        }
    }
    let ab = &by_pair[&("A", "B")];
    assert_eq!(tag(ab, "BlackTimeControl"), "2+0.02", "{ab}");
    assert_eq!(tag(ab, "WhiteTimeControl"), "10+0.1", "{ab}");
    assert_eq!(
        tag(&by_pair[&("C", "A")], "BlackTimeControl"),
        "0 byoyomi 0.5"
    );

    // What each engine was told: its own increment (or byoyomi) and its opponent's.
    let a = go_lines(&logs[0]);
    let b = go_lines(&logs[1]);
    let c = go_lines(&logs[2]);
    assert_eq!((a.len(), b.len(), c.len()), (16, 8, 8), "{a:?} {b:?} {c:?}");
    assert_eq!(a[0], "go btime 2000 wtime 10000 binc 20 winc 100");
    // B's first turn, at ply 1: its own 10 s untouched, A's clock below 2 s + 0.02 s.
    assert!(b[0].ends_with("wtime 10000 binc 20 winc 100"), "{b:?}");
    assert!(field(&b[0], "btime") <= 2020, "{b:?}");
    let count = |lines: &[String], incs: &str| lines.iter().filter(|l| l.ends_with(incs)).count();
    assert_eq!(count(&a, "binc 20 winc 100"), 4, "{a:?}"); // A Black against B
    assert_eq!(count(&a, "binc 100 winc 20"), 4, "{a:?}"); // A White against B
    assert_eq!(count(&a, "binc 20 winc 0"), 4, "{a:?}"); // A Black against C
    assert_eq!(count(&a, "binc 0 winc 20"), 4, "{a:?}"); // A White against C
    assert_eq!(
        count(&b, "binc 20 winc 100") + count(&b, "binc 100 winc 20"),
        8,
        "{b:?}"
    );
    assert_eq!(count(&c, "byoyomi 500"), 8, "{c:?}");
    for line in &a {
        // A's own clock never shows more than its base plus its increments.
        let own = if line.contains("binc 20") {
            "btime"
        } else {
            "wtime"
        };
        assert!(field(line, own) <= 2000 + 20 * 4, "{line}");
    }

    // `shishi summary` on these records: each engine passes +250 cp after 3 plies as second
    // mover (5 plies to the end) and after 4 plies as first mover (4 to the end); all drawn.
    let s = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(["summary", "--at", "4,8,9", "--above", "250"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&s.stdout);
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    assert!(
        text.contains("A: 4 games\n  clock left at ply 4: median "),
        "{text}"
    );
    assert!(
        text.contains(" s over 4 games\n  clock left at ply 8: median "),
        "{text}"
    );
    assert!(
        text.contains("clock left at ply 9: no game with a clock reached it"),
        "{text}"
    );
    assert!(
        text.contains("score above +250 cp in 4 games: median 4.5 plies from there to the end; won 0, drawn 4, lost 0, disputed 0"),
        "{text}"
    );
    // The split by phase comes from replaying the records' moves: no piece has left the board
    // by ply 4 of this game, so all four are middle-game leads.
    assert!(
        text.contains("score above +250 cp in 4 games: median 4.5 plies from there to the end; won 0, drawn 4, lost 0, disputed 0\n    80-100 % of the pieces on the board there: 4 games, median 4.5 plies"),
        "{text}"
    );
    assert!(!text.contains("pieces not known"), "{text}");
    assert!(
        text.contains("C: 2 games\n  clock left at ply 4: median 0.00 s over 2 games"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_flag_falls_on_the_engine_whose_own_clock_ran_out() {
    if !have_python() {
        eprintln!("SKIPPED: python3 not found");
        return;
    }
    let dir = tmp_dir("odds-flag");
    let game = random_game(40);
    let script = dir.join("game.txt");
    std::fs::write(&script, game.join(" ")).unwrap();
    // Both think 1.2 s on every move from ply 4 on; only B's 0.5 s clock cannot pay for it.
    let slow = "--at 4 --sleep 1.2";
    let out = dir.join("games.txt");
    let o = run_match(&[
        "--engine".into(),
        standin("A", &script, "slow", &format!("{slow} tc=5+0.1")),
        "--engine".into(),
        standin("B", &script, "slow", &format!("{slow} tc=0.5+0.05")),
        "--games".into(),
        "2".into(),
        "--time-margin".into(),
        "100".into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let recs = records(&out);
    assert_eq!(recs.len(), 2, "{stderr}");
    for rec in &recs {
        let b_colour = if tag(rec, "Black") == "B" {
            "Black"
        } else {
            "White"
        };
        assert!(
            tag(rec, "Reason").starts_with(&format!("B ({b_colour}) lost on time")),
            "{rec}"
        );
        assert_eq!(
            tag(rec, "Result"),
            if b_colour == "Black" { "0-1" } else { "1-0" }
        );
    }
    // An engine clock with a match on depth is refused with one line.
    let o = run_match(&[
        "--engine".into(),
        standin("A", &script, "slow", "tc=5+0.1"),
        "--engine".into(),
        standin("B", &script, "slow", ""),
        "--depth".into(),
        "1".into(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs a match on the clock"));
    let _ = std::fs::remove_dir_all(&dir);
}
