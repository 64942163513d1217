//! `shishi match` end to end: scripted stand-in engines (engine-tests/standins/scripted.py)
//! replay a legal game and then misbehave; each misbehaviour must lose its game with the right
//! reason while the match goes on. Natural endings (royal capture, maximum length), time
//! forfeits, the record format and the cross table are checked too.

mod match_common;

use match_common::{have_python, random_game, records, run_match, standin, tag, tmp_dir};
use shishi::rules::Variant;

#[test]
fn misbehaving_engines_lose_and_the_match_goes_on() {
    if !have_python() {
        eprintln!("SKIPPED: python3 not found");
        return;
    }
    let dir = tmp_dir("rulings");
    let game = random_game(40);
    let long = dir.join("long.txt");
    std::fs::write(&long, game.join(" ")).unwrap();
    let short = dir.join("short.txt");
    std::fs::write(&short, game[..20].join(" ")).unwrap();
    let out = dir.join("games.txt");
    let mut args: Vec<String> = vec!["--engine".into(), standin("good", &long, "resign", "")];
    for mode in ["illegal", "garbage", "crash", "stall", "resign"] {
        args.push("--engine".into());
        args.push(standin(mode, &short, mode, ""));
    }
    args.extend(
        [
            "--gauntlet",
            "--games",
            "2",
            "--depth",
            "1",
            // Long enough that a well-behaved stand-in on a loaded 2-core machine is not taken
            // for a stalled one (2 s failed once while another match ran).
            "--stall-timeout",
            "5",
            "--concurrency",
            "4",
            "--out",
        ]
        .map(String::from),
    );
    args.push(out.display().to_string());
    let o = run_match(&args);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stderr}");
    let recs = records(&out);
    assert_eq!(recs.len(), 10, "{stderr}");
    for rec in &recs {
        let (black, white) = (tag(rec, "Black"), tag(rec, "White"));
        let result = tag(rec, "Result");
        let reason = tag(rec, "Reason");
        let bad = if black == "good" { white } else { black };
        let expect_result = if black == "good" { "1-0" } else { "0-1" };
        assert_eq!(result, expect_result, "{rec}");
        let want = match bad {
            "illegal" => "played an illegal move",
            "garbage" => "sent garbage",
            "crash" => "crashed",
            "stall" => "stalled",
            "resign" => "resigned",
            _ => unreachable!(),
        };
        assert!(reason.starts_with(bad) && reason.contains(want), "{rec}");
        // The misbehaviour comes on the bad engine's first turn after the 20-ply script.
        let plies: usize = tag(rec, "Plies").parse().unwrap();
        assert!(plies == 20 || plies == 21, "{rec}");
        assert_eq!(tag(rec, "SFEN"), Variant::Chu.start_sfen());
        assert!(
            rec.contains(&format!("1. {} {}", game[0], game[1])),
            "{rec}"
        );
    }
    // Cross table: the good engine scored 10/10.
    assert!(stdout.contains("10/10"), "{stdout}");
    assert!(stderr.contains("games 10/10"), "{stderr}");
    assert!(stderr.contains("LOS"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn royal_capture_max_length_and_time_forfeit() {
    if !have_python() {
        eprintln!("SKIPPED: python3 not found");
        return;
    }
    let dir = tmp_dir("endings");
    // 1) Royal capture: Black's rook takes the lone White king; each side wins with Black.
    let openings = dir.join("openings.epd");
    std::fs::write(
        &openings,
        "# test opening\nchu seed k10g/12/12/12/12/12/12/12/12/12/12/R10K b - 1 ;id rook_takes_king\n",
    )
    .unwrap();
    let script = dir.join("capture.txt");
    std::fs::write(&script, "12l12a").unwrap();
    let out = dir.join("capture.pgn");
    let o = run_match(&[
        "--engine".into(),
        standin("A", &script, "illegal", ""),
        "--engine".into(),
        standin("B", &script, "illegal", ""),
        "--openings".into(),
        openings.display().to_string(),
        "--depth".into(),
        "1".into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&out);
    assert_eq!(recs.len(), 2);
    for rec in &recs {
        assert_eq!(tag(rec, "Result"), "1-0", "{rec}");
        assert_eq!(tag(rec, "Reason"), "royal pieces captured", "{rec}");
        assert_eq!(tag(rec, "Opening"), "rook_takes_king");
    }
    assert!(String::from_utf8_lossy(&o.stdout).contains("1/2"));

    // 2) Maximum length: a 40-ply script and --max-plies 16 give a draw.
    let game = random_game(40);
    let long = dir.join("long.txt");
    std::fs::write(&long, game.join(" ")).unwrap();
    let out = dir.join("maxlen.pgn");
    let o = run_match(&[
        "--engine".into(),
        standin("A", &long, "illegal", ""),
        "--engine".into(),
        standin("B", &long, "illegal", ""),
        "--depth".into(),
        "1".into(),
        "--max-plies".into(),
        "16".into(),
        "--games".into(),
        "1".into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&out);
    assert_eq!(tag(&recs[0], "Result"), "1/2-1/2");
    assert!(tag(&recs[0], "Reason").contains("maximum game length"));
    assert_eq!(tag(&recs[0], "Plies"), "16");

    // 3) Time forfeit: a 0.5 s clock, and an engine that thinks 1.5 s on its 3rd move.
    let out = dir.join("time.pgn");
    let o = run_match(&[
        "--engine".into(),
        standin("fast", &long, "illegal", ""),
        "--engine".into(),
        standin("slow", &long, "slow", "--at 5 --sleep 1.5"),
        "--tc".into(),
        "0.5+0.05".into(),
        "--time-margin".into(),
        "100".into(),
        "--games".into(),
        "1".into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&out);
    assert_eq!(tag(&recs[0], "Result"), "1-0", "{}", recs[0]);
    assert!(
        tag(&recs[0], "Reason").starts_with("slow (White) lost on time"),
        "{}",
        recs[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--adjudicate`: a game ends as a win once both engines' scores agree, for
/// `--adjudicate-plies` plies in a row, that one side leads by the margin; two engines that
/// each think they are winning are never adjudicated; `shishi summary` counts the endings.
#[test]
fn adjudication_needs_both_engines_to_agree() {
    if !have_python() {
        eprintln!("SKIPPED: python3 not found");
        return;
    }
    let dir = tmp_dir("adjudication");
    let game = random_game(40);
    let script = dir.join("game.txt");
    std::fs::write(&script, game.join(" ")).unwrap();
    // The stand-ins score 100 (or -100) times the plies played: "winner" says it is ever
    // further ahead, "loser" agrees, "optimist" disagrees.
    let play = |opponent: &str, step: &str, out: &std::path::Path| {
        run_match(&[
            "--engine".into(),
            standin("winner", &script, "illegal", "--score-step 100"),
            "--engine".into(),
            standin(
                opponent,
                &script,
                "illegal",
                &format!("--score-step {step}"),
            ),
            "--depth".into(),
            "1".into(),
            "--max-plies".into(),
            "30".into(),
            "--adjudicate".into(),
            "1000".into(),
            "--adjudicate-plies".into(),
            "4".into(),
            "--out".into(),
            out.display().to_string(),
        ])
    };
    let agreed = dir.join("agreed.pgn");
    let o = play("loser", "-100", &agreed);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&agreed);
    assert_eq!(recs.len(), 2);
    for rec in &recs {
        // Scores ±1000 and beyond from ply 10 on: plies 10–13 agree, so 14 plies are played.
        let winner_is_black = tag(rec, "Black") == "winner";
        let (result, side) = if winner_is_black {
            ("1-0", "Black")
        } else {
            ("0-1", "White")
        };
        assert_eq!(tag(rec, "Result"), result, "{rec}");
        assert_eq!(tag(rec, "Plies"), "14", "{rec}");
        assert_eq!(
            tag(rec, "Reason"),
            format!("adjudicated: both engines scored {side} ahead by at least 1000 for 4 plies"),
            "{rec}"
        );
    }
    let summary = std::process::Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(["summary", agreed.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&summary.stdout);
    assert!(
        text.contains("How the games ended: 2 adjudicated\n"),
        "{text}"
    );

    let disputed = dir.join("disputed.pgn");
    let o = play("optimist", "100", &disputed);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for rec in &records(&disputed) {
        assert_eq!(tag(rec, "Result"), "1/2-1/2", "{rec}");
        assert_eq!(tag(rec, "Plies"), "30", "{rec}");
    }
    // `shishi summary --adjudicate` re-scores records by the same rule.
    let rescore = |record: &std::path::Path| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_shishi"))
            .args(["summary", record.to_str().unwrap(), "--adjudicate", "1000"])
            .args(["--adjudicate-plies", "4"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let text = rescore(&disputed);
    assert!(text.contains("0 of 2 games end early"), "{text}");
    assert!(
        text.contains("How the games ended: 2 maximum game length (30 plies)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
