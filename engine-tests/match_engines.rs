//! `shishi match` with real engines: two Shishi processes through USI at a fixed depth and under
//! byoyomi, and through UCI with a clock; HaChu (XBoard) against itself from a position with
//! White to move (the rotated `setboard`).
//! HaChu must be installed (`./test.sh` installs it): a test that skipped could not fail.

use std::path::PathBuf;
use std::process::Command;

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shishi-engines-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn check_clean_games(text: &str, games: usize) {
    let results: Vec<&str> = text.lines().filter(|l| l.starts_with("[Reason ")).collect();
    assert_eq!(results.len(), games, "{text}");
    for r in results {
        for bad in [
            "illegal",
            "garbage",
            "crashed",
            "stalled",
            "lost on time",
            "failed",
        ] {
            assert!(!r.contains(bad), "{r}\n{text}");
        }
    }
}

/// Plays two Shishi-vs-Shishi games of at most `max_plies` with the given protocol and limit
/// arguments, two at a time, and checks that both ended cleanly (no time loss, no illegal
/// move, no crash, no stall).
fn shishi_pair_plays_clean_games(name: &str, proto: &str, limit: &[&str], max_plies: &str) {
    let dir = tmp_dir(name);
    let out = dir.join("games.txt");
    let bin = env!("CARGO_BIN_EXE_shishi");
    let mut args = vec![
        "match".to_string(),
        "--engine".to_string(),
        format!("name=S1 cmd={bin} --protocol {proto} proto={proto}"),
        "--engine".to_string(),
        format!("name=S2 cmd={bin} --protocol {proto} proto={proto}"),
    ];
    args.extend(limit.iter().map(|a| a.to_string()));
    args.extend(
        [
            "--games",
            "2",
            "--max-plies",
            max_plies,
            "--concurrency",
            "2",
            "--openings",
            concat!(env!("CARGO_MANIFEST_DIR"), "/openings/chu.epd"),
            "--out",
            out.to_str().unwrap(),
        ]
        .map(String::from),
    );
    let o = Command::new(bin).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    check_clean_games(&text, 2);
    // Every move carries the score Shishi reported in its `info` lines.
    let scores: Vec<&str> = text.lines().filter(|l| l.starts_with("[Scores ")).collect();
    assert_eq!(scores.len(), 2, "{text}");
    assert!(
        scores
            .iter()
            .all(|l| !l.contains(" - ") && !l.contains("\"- ")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shishi_against_shishi_at_fixed_depth() {
    shishi_pair_plays_clean_games("depth", "usi", &["--depth", "2"], "40");
}

/// The clock tests below are of the protocol paths, not of the machine's speed: a grace of
/// 30 s beyond the clock (`--time-margin`) keeps a starved machine's late move from being a
/// forfeit (a 0.3 s byoyomi was lost on time at nice 19 beside a match). The forfeit rule
/// itself is tested with stand-in engines (`match_clocks.rs`).
const GRACE: [&str; 2] = ["--time-margin", "30000"];

/// The runner's byoyomi path over USI: `go btime 0 wtime 0 byoyomi …` every move.
#[test]
fn shishi_against_shishi_under_byoyomi_over_usi() {
    let limit = [&["--byoyomi", "0.3"][..], &GRACE].concat();
    shishi_pair_plays_clean_games("byoyomi", "usi", &limit, "12");
}

/// The runner's UCI path: `UCI_Variant`, `position fen …` and a clock with increment.
#[test]
fn shishi_against_shishi_with_a_clock_over_uci() {
    let limit = [&["--tc", "3+0.1"][..], &GRACE].concat();
    shishi_pair_plays_clean_games("uci", "uci", &limit, "12");
}

#[test]
fn hachu_against_hachu_from_a_white_to_move_opening() {
    let hachu = "/usr/games/hachu";
    assert!(
        std::path::Path::new(hachu).exists(),
        "HaChu is missing: ./test.sh installs it (apt-get install hachu)"
    );
    let dir = tmp_dir("hachu");
    let openings = dir.join("o.epd");
    // The start position after Black's 2i... a pawn push: White to move, sent rotated.
    std::fs::write(
        &openings,
        "chu seed lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/10P1/3I4I3/PPPPPPPPPP1P/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2 ;id p2h\n",
    )
    .unwrap();
    let out = dir.join("games.txt");
    let o = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args([
            "match",
            "--engine",
            &format!("name=H1 cmd={hachu} proto=xboard memory=16"),
            "--engine",
            &format!("name=H2 cmd={hachu} proto=xboard memory=16"),
            "--depth",
            "3",
            "--games",
            "2",
            "--max-plies",
            "80",
            "--concurrency",
            "2",
            "--openings",
            openings.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    check_clean_games(&text, 2);
    assert!(!text.contains("[Result \"*\"]"), "dispute: {text}");
    // HaChu's thinking output (`post`) gives each move its score.
    assert_eq!(text.matches("[Scores \"").count(), 2, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
