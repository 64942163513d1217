//! The classes of defect a hostile user found (issue 14), each over several inputs of its
//! class, against the release binary: MultiPV beyond the root moves, table sizes up to the
//! advertised maximum, perft in the loop, partial clocks, thread counts, move numbers at
//! their limit, commands that arrive during a search, the SFEN lion-capture field, control
//! bytes in error lines, suite files that never end.

mod protocol_common;

use protocol_common::{Engine, usi};
use shishi::rules::{Position, RuleSet, Square, Variant};
use std::time::{Duration, Instant};

const LONG: Duration = Duration::from_secs(20);

/// The `max` an option advertises in the handshake.
fn advertised_max(e: &Engine, option: &str) -> u64 {
    let line = e
        .log
        .iter()
        .find(|l| l.starts_with(&format!("option name {option} type spin")))
        .unwrap_or_else(|| panic!("{option} advertised: {:#?}", e.log));
    line.split_whitespace()
        .skip_while(|w| *w != "max")
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{line}"))
}

/// Lines after the last `bestmove` of the log, up to the next one (waits for it).
fn search_lines(e: &mut Engine) -> (Vec<String>, String) {
    let start = e.log.len();
    let best = e.expect(LONG, |l| l.starts_with("bestmove"));
    (e.log[start..e.log.len() - 1].to_vec(), best)
}

fn pv_of(info: &str) -> Vec<String> {
    info.split_whitespace()
        .skip_while(|w| *w != "pv")
        .skip(1)
        .map(String::from)
        .collect()
}

#[test]
fn multipv_beyond_the_root_moves_searches_each_move_once_and_ends() {
    // (position, moves after it, searchmoves): the start position, one ply in, a bare
    // endgame with few moves, and searchmoves subsets.
    // (Kings and a pawn each: with kings alone the game is already over, a draw, and has no
    // move to search.)
    let endgame = "sfen 10pk/12/12/12/12/12/12/12/12/12/12/KP10 b - 1";
    let cases = [
        ("startpos moves 7i7h", ""),
        (endgame, ""),
        ("startpos", "searchmoves 7i7h"),
        ("startpos", "searchmoves 7i7h 1i1h 12i12h"),
        (endgame, "searchmoves 12l12k"),
    ];
    let mut e = usi();
    let max = advertised_max(&e, "MultiPV");
    for (position, searchmoves) in cases {
        let mut pos = match position.strip_prefix("sfen ") {
            Some(s) => Position::from_sfen(Variant::Chu, RuleSet::Seed, s).unwrap(),
            None => {
                let mut p = Position::start(Variant::Chu, RuleSet::Seed);
                for m in position.split_whitespace().skip(2) {
                    let mv = p.parse_move(m).unwrap();
                    p.make(mv);
                }
                p
            }
        };
        let legal: Vec<String> = pos.game_moves().iter().map(|m| m.text()).collect();
        let allowed: Vec<String> = match searchmoves.strip_prefix("searchmoves ") {
            Some(list) => list.split_whitespace().map(String::from).collect(),
            None => legal.clone(),
        };
        let n = allowed.len() as u64;
        for multipv in [n.saturating_sub(1).max(1), n, n + 1, 37, max] {
            e.send(&format!("setoption name MultiPV value {multipv}"));
            e.send(&format!("position {position}"));
            for depth in [1, 2] {
                e.send(&format!("go depth {depth} {searchmoves}"));
                let (lines, best) = search_lines(&mut e);
                let infos: Vec<&String> = lines
                    .iter()
                    .filter(|l| l.starts_with(&format!("info depth {depth} ")))
                    .collect();
                assert_eq!(
                    infos.len() as u64,
                    multipv.min(n),
                    "{position} {searchmoves} MultiPV {multipv}: {lines:#?}"
                );
                let firsts: std::collections::HashSet<String> =
                    infos.iter().map(|l| pv_of(l)[0].clone()).collect();
                assert_eq!(firsts.len(), infos.len(), "each line a different move");
                assert!(firsts.iter().all(|m| allowed.contains(m)), "{firsts:?}");
                let mv = best.split_whitespace().nth(1).unwrap().to_string();
                assert!(allowed.contains(&mv), "{best} not in {allowed:?}");
            }
        }
    }
}

#[test]
fn multipv_under_a_clock_plays_a_searched_move() {
    let mut e = usi();
    e.send("setoption name MultiPV value 40");
    e.send("position startpos moves 7i7h");
    e.send("go btime 2000 wtime 2000");
    let (lines, best) = search_lines(&mut e);
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(
        lines.iter().any(
            |l| l.starts_with("info depth") && pv_of(l).first().map(String::as_str) == Some(mv)
        ),
        "{best} was reported: {lines:#?}"
    );
}

#[test]
fn the_largest_advertised_table_is_ready_at_once_and_a_larger_one_is_refused() {
    for (first, hash, ready, memory) in [
        ("usi", "USI_Hash", "isready", false),
        ("uci", "Hash", "isready", false),
        ("xboard", "", "ping 1", true),
    ] {
        let mut e = Engine::start(&[]);
        e.send(first);
        let max = if memory {
            e.send("protover 2");
            e.expect(LONG, |l| l.contains("done=1"));
            // XBoard has no advertised maximum: the USI one is the engine's.
            let mut u = usi();
            let m = advertised_max(&u, "USI_Hash");
            u.send("quit");
            m
        } else {
            e.expect(LONG, |l| l == "usiok" || l == "uciok");
            advertised_max(&e, hash)
        };
        for value in [max, max + 1, u64::MAX / 2] {
            let cmd = if memory {
                format!("memory {value}")
            } else {
                format!("setoption name {hash} value {value}")
            };
            e.send(&cmd);
            let sent = Instant::now();
            e.send(ready);
            e.expect(LONG, |l| l == "readyok" || l == "pong 1");
            // A liveness bound, not a timing: a table is zeroed by the allocator, not by a
            // loop that `isready` waits for.
            assert!(sent.elapsed() < Duration::from_secs(5), "{cmd}");
            if value > max {
                assert!(
                    e.log.iter().rev().take(3).any(|l| l.contains("rror")),
                    "{cmd}: {:#?}",
                    e.log
                );
            }
        }
        // Still searches.
        if memory {
            e.send("quit");
        } else {
            e.send("go depth 2");
            e.expect_prefix("bestmove");
            e.send("quit");
        }
        assert!(e.exits(Duration::from_secs(10)), "{first} exits");
    }
}

#[test]
fn perft_in_the_loop_keeps_answering_and_stops() {
    for first in ["usi", "uci"] {
        let mut e = Engine::start(&[]);
        e.send(first);
        e.expect(LONG, |l| l.ends_with("ok"));
        for depth in [7, 8, 10] {
            e.send("position startpos");
            e.send(&format!("perft {depth}"));
            let sent = Instant::now();
            e.send("isready");
            e.expect(LONG, |l| l == "readyok");
            assert!(sent.elapsed() < Duration::from_secs(5));
            e.send("stop");
            e.expect(LONG, |l| l == "info string perft stopped");
        }
        // A go ends the count too, and quit ends the process.
        e.send("perft 9");
        e.send("go depth 1");
        e.expect_prefix("bestmove");
        e.send("perft 9");
        e.send("quit");
        assert!(
            e.exits(Duration::from_secs(10)),
            "{first}: quit during perft"
        );
    }
}

#[test]
fn any_go_with_a_time_field_ends_on_its_own() {
    let forms = [
        // (side to move by position, go arguments)
        ("startpos", "wtime 1000 winc 100"),
        ("startpos", "winc 100"),
        ("startpos", "wtime 0"),
        ("startpos moves 7i7h", "btime 1000"),
        ("startpos moves 7i7h", "binc 50"),
        ("startpos", "movestogo 10"),
        ("startpos moves 7i7h", "movestogo 1"),
        ("startpos", "byoyomi 0"),
        ("startpos", "btime 0 wtime 0"),
    ];
    for first in ["usi", "uci"] {
        let mut e = Engine::start(&[]);
        e.send(first);
        e.expect(LONG, |l| l.ends_with("ok"));
        for (position, go) in forms {
            e.send(&format!("position {position}"));
            e.send(&format!("go {go}"));
            e.expect(LONG, |l| l.starts_with("bestmove"));
        }
        e.send("quit");
        assert!(e.exits(Duration::from_secs(10)));
    }
}

#[test]
fn thread_counts_up_to_the_maximum_keep_movetime_and_stop() {
    let mut e = usi();
    let max = advertised_max(&e, "Threads");
    e.send(&format!("setoption name Threads value {}", max + 1));
    assert_eq!(
        e.sync().iter().filter(|l| l.contains("error")).count(),
        1,
        "above the maximum is refused"
    );
    for threads in [1, max] {
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("position startpos");
        let sent = Instant::now();
        e.send("go movetime 300");
        e.expect_prefix("bestmove");
        assert!(sent.elapsed() < Duration::from_secs(5), "{threads} threads");
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(200));
        let sent = Instant::now();
        e.send("stop");
        e.expect_prefix("bestmove");
        assert!(sent.elapsed() < Duration::from_secs(5), "{threads} threads");
    }
}

#[test]
fn a_move_number_at_its_limit_stays_readable() {
    let board = Variant::Chu
        .start_sfen()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let mut e = usi();
    for n in ["4294967294", "4294967295"] {
        e.send(&format!(
            "position sfen {board} b - {n} moves 7i7h 6d6e 7h7g"
        ));
        e.send("d");
        let lines = e.sync();
        let sfen = lines
            .iter()
            .find_map(|l| l.strip_prefix("sfen "))
            .unwrap_or_else(|| panic!("{lines:#?}"))
            .to_string();
        assert!(sfen.ends_with(" 4294967295"), "{sfen}");
        e.send(&format!("position sfen {sfen}"));
        assert!(e.sync().is_empty(), "our own SFEN reads back");
    }
    // XBoard's setboard, through the chess-style FEN.
    let mut x = Engine::start(&[]);
    x.send("xboard");
    x.send("protover 2");
    x.expect(LONG, |l| l.contains("done=1"));
    x.send("variant chu");
    x.send(&format!("setboard {board} w - - 0 4294967295"));
    x.send("d");
    x.send("ping 2");
    x.expect(LONG, |l| l == "pong 2");
    assert!(
        !x.log
            .iter()
            .any(|l| l.contains(" move 0\n") || l.ends_with(" move 0")),
        "{:#?}",
        x.log
    );
}

#[test]
fn every_go_gets_exactly_one_bestmove_whatever_arrives_during_it() {
    let interrupts = [
        "go depth 1",
        "usinewgame",
        "position startpos moves 7i7h",
        "setoption name MultiPV value 2",
        "gameover win",
        "stop",
        "perft 3",
    ];
    let mut e = usi();
    let mut gos = 0;
    for round in 0..50 {
        for first in [
            "go infinite",
            "go ponder",
            "go depth 30",
            "go movetime 5000",
        ] {
            e.send("position startpos");
            e.send(first);
            gos += 1;
            let cut = interrupts[round % interrupts.len()];
            e.send(cut);
            if cut.starts_with("go") {
                gos += 1;
            }
        }
    }
    e.send("stop");
    e.send("isready");
    e.expect(Duration::from_secs(60), |l| l == "readyok");
    let bestmoves = e.log.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(
        bestmoves,
        gos,
        "{:#?}",
        &e.log[e.log.len().saturating_sub(20)..]
    );
    e.send("quit");
    assert!(e.exits(Duration::from_secs(10)));
}

#[test]
fn quit_during_a_search_still_answers_it() {
    let mut e = usi();
    e.send("go infinite");
    e.send("quit");
    e.expect_prefix("bestmove");
    assert!(e.exits(Duration::from_secs(10)));
}

#[test]
fn bad_lion_capture_fields_are_refused_with_the_field_named() {
    let b = "11k/12/12/12/12/5n6/12/5g6/12/12/12/K11";
    let mut e = usi();
    for bad in ["8h", "1l", "7f"] {
        e.send(&format!("position sfen {b} b {bad} 1"));
        let lines = e.sync();
        assert!(
            lines.len() == 1 && lines[0].contains("lion capture"),
            "{bad}: {lines:#?}"
        );
    }
    e.send(&format!("position sfen {b} b 7h 1"));
    assert!(e.sync().is_empty());
    // The chess-style FEN keeps the square in its e.p. field, in XBoard's square names.
    let sq = Square::new(6, 7);
    assert_eq!(sq.name(), "7h");
    let ep = shishi::protocol::notation::square_name(sq, 12);
    e.send(&format!("position fen {b} w - {ep} 0 1"));
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l == &format!("sfen {b} b 7h 1")),
        "{lines:#?}"
    );
}

#[test]
fn error_lines_escape_control_bytes() {
    let mut e = usi();
    e.send_bytes(b"frob\x1b[31mnicate\x07\n");
    e.send_bytes(b"position sfen 12/12 \x1b b - 1\n");
    e.send_bytes(b"setoption name \x1bX value 1\n");
    let lines = e.sync();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    for l in &lines {
        assert!(!l.chars().any(char::is_control), "{l:?}");
    }
}

#[test]
fn suite_files_that_never_end_are_refused() {
    let dir = std::env::temp_dir().join(format!("shishi-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deep = dir.join("deep.epd");
    let start = Variant::Chu.start_sfen();
    std::fs::write(&deep, format!("chu seed {start} ;D70 1\n")).unwrap();
    let long = dir.join("long.epd");
    std::fs::write(&long, "#".repeat(1 << 20)).unwrap();
    for path in [deep.to_str().unwrap(), long.to_str().unwrap(), "/dev/zero"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_shishi"))
            .args(["perft", "--suite", path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{path}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
