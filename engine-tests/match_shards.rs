//! `shishi match --shard K/N` and `shishi summary` over several records (issue 39): the
//! shards of a match play exactly its games (numbers, openings, colours), each once; the
//! summary of the shards' records is the summary of their concatenation; and with `--sprt`
//! every shard plays its whole slice while the test is judged on the merged records.

#[allow(dead_code)]
mod match_common;

use match_common::{records, run_match, tag, tmp_dir};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn shishi() -> &'static str {
    env!("CARGO_BIN_EXE_shishi")
}

fn summary(files: &[&Path]) -> String {
    let out = Command::new(shishi())
        .arg("summary")
        .args(files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Each game's place in the schedule: number, Black, White, opening and start position.
fn schedule_of(path: &Path) -> Vec<[String; 5]> {
    records(path)
        .iter()
        .map(|r| ["Game", "Black", "White", "Opening", "SFEN"].map(|k| tag(r, k).to_string()))
        .collect()
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|s| s.to_string()).collect()
}

#[test]
fn four_shards_play_the_whole_schedule_once_and_merge_to_one_summary() {
    let dir = tmp_dir("shards");
    let s = shishi();
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/chu.epd");
    let engines = ["A", "B", "C"].map(|n| format!("name={n} cmd={s} proto=usi"));
    // A round robin of three: 30 games, 5 blocks of 6 (every pairing, one opening, both
    // colours), so the shards are uneven and the last has two blocks.
    let base = |out: &Path| {
        let mut a = Vec::new();
        for e in &engines {
            a.push("--engine".to_string());
            a.push(e.clone());
        }
        a.extend(args(&[
            "--nodes",
            "20",
            "--max-plies",
            "4",
            "--games",
            "10",
            "--openings",
            openings,
            "--sprt",
            "elo0=0 elo1=50",
            "--out",
            out.to_str().unwrap(),
        ]));
        a
    };
    let whole = dir.join("whole.txt");
    let out = run_match(&base(&whole));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut shards = Vec::new();
    for k in 1..=4 {
        let file = dir.join(format!("shard{k}.txt"));
        let mut a = base(&file);
        a.extend(args(&["--shard", &format!("{k}/4")]));
        let out = run_match(&a);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(err.contains(&format!("shard {k}/4: games ")), "{err}");
        shards.push(file);
    }
    let mut union: Vec<[String; 5]> = Vec::new();
    let mut counts = Vec::new();
    for f in &shards {
        let games = schedule_of(f);
        counts.push(games.len());
        union.extend(games);
    }
    assert_eq!(counts, [6, 6, 6, 12]);
    let distinct: BTreeSet<_> = union.iter().cloned().collect();
    assert_eq!(distinct.len(), union.len(), "a game in two shards");
    let whole_set: BTreeSet<_> = schedule_of(&whole).into_iter().collect();
    assert_eq!(whole_set.len(), 30);
    assert_eq!(distinct, whole_set);
    // The summary of the four records is that of their concatenation.
    let cat = dir.join("cat.txt");
    let mut text = String::new();
    for f in &shards {
        text.push_str(&std::fs::read_to_string(f).unwrap());
    }
    std::fs::write(&cat, text).unwrap();
    let paths: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    let merged = summary(&paths);
    assert_eq!(merged, summary(&[&cat]));
    let reversed: Vec<&Path> = paths.iter().rev().copied().collect();
    assert_eq!(merged, summary(&reversed));
    assert!(
        merged.contains("Result: 30 games, numbered 1 to 30, each once"),
        "{merged}"
    );
    assert!(merged.contains("\n#1 A "), "{merged}");
    assert!(merged.contains("\nA: +"), "{merged}");
    assert!(
        merged.contains("SPRT [0, 50] alpha 0.05 beta 0.05 on all 20 games"),
        "{merged}"
    );
    // A shard missing, or merged twice, shows.
    let three = summary(&paths[..3]);
    assert!(
        three.contains("18 games, numbered 1 to 18, each once"),
        "{three}"
    );
    let twice = summary(&[paths[0], paths[1], paths[1], paths[2], paths[3]]);
    assert!(twice.contains("repeated: 7 (2 times)"), "{twice}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A USI engine that resigns whenever it is asked for a move: Black (the first mover) loses
/// every game, so two of them score 50 % each, and the SPRT [0, 200] accepts H0 after a
/// dozen games.
fn resigner(dir: &Path, name: &str) -> String {
    let path = dir.join("resigner.sh");
    std::fs::write(
        &path,
        "while read cmd rest; do\n  case \"$cmd\" in\n    usi) echo usiok;;\n    isready) echo readyok;;\n    go) echo 'bestmove resign';;\n    quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    format!("name={name} proto=usi cmd=sh {}", path.display())
}

#[test]
fn sharded_sprt_plays_every_game_and_is_judged_on_the_merged_records() {
    let dir = tmp_dir("shards-sprt");
    let base = |out: &Path| {
        args(&[
            "--engine",
            &resigner(&dir, "A"),
            "--engine",
            &resigner(&dir, "B"),
            "--depth",
            "1",
            "--games",
            "40",
            "--sprt",
            "elo0=0 elo1=200 alpha=0.2 beta=0.2",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    // One run stops when the test decides.
    let whole = dir.join("whole.txt");
    let out = run_match(&base(&whole));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("SPRT decided"), "{err}");
    let played = records(&whole).len();
    assert!(played < 40, "{played}");
    // Each shard plays its 20 games, whatever its own results say.
    let mut shards = Vec::new();
    for k in 1..=2 {
        let file = dir.join(format!("shard{k}.txt"));
        let mut a = base(&file);
        a.extend(args(&["--shard", &format!("{k}/2")]));
        let out = run_match(&a);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(!err.contains("SPRT decided"), "{err}");
        assert_eq!(records(&file).len(), 20, "{err}");
        shards.push(file);
    }
    // The merge: the test on all 40 games; in game-number order it decides at the game
    // where the single run decided (which may have finished a game in progress after it).
    let merged = summary(&[&shards[0], &shards[1]]);
    assert!(
        merged.contains("SPRT [0, 200] alpha 0.2 beta 0.2 on all 40 games")
            && merged.contains("H0 accepted"),
        "{merged}"
    );
    let decided = |text: &str| -> String {
        text.lines()
            .find(|l| l.contains("in game-number order the test decides after"))
            .unwrap_or_else(|| panic!("{text}"))
            .to_string()
    };
    let single = summary(&[&whole]);
    assert_eq!(decided(&merged), decided(&single));
    let at: usize = decided(&merged)
        .split("after ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        decided(&merged).ends_with(&format!("(at game {at}): H0 accepted")),
        "{merged}"
    );
    assert!(at <= played, "{at} {played}");
    let _ = std::fs::remove_dir_all(&dir);
}
