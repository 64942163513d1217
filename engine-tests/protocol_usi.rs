//! USI and UCI conversations with the release binary: handshake, options, positions, go
//! variants, stop latency, a full game relayed between two engines, and every error case.

mod protocol_common;

use protocol_common::{Engine, errors, usi};
use shishi::rules::{Position, RuleSet, Variant};
use std::time::{Duration, Instant};

const SEC: Duration = Duration::from_secs(20);

#[test]
fn handshake_lists_every_option() {
    let mut e = Engine::start(&[]);
    e.send("usi");
    e.expect_prefix("usiok");
    let text = e.log.join("\n");
    for opt in [
        "USI_Variant",
        "Rules",
        "USI_Hash",
        "Threads",
        "MultiPV",
        "USI_Ponder",
        "Move Overhead",
    ] {
        assert!(
            text.contains(&format!("option name {opt} type")),
            "{opt}: {text}"
        );
    }
    assert!(text.starts_with("id name Shishi"));
    assert!(e.sync().is_empty());
}

#[test]
fn go_depth_gives_info_and_a_legal_bestmove() {
    let mut e = usi();
    e.send("setoption name USI_Hash value 16");
    e.send("setoption name Threads value 2");
    e.send("usinewgame");
    e.send("position startpos moves 7i7h 6d6e");
    e.send("go depth 3");
    let best = e.expect_prefix("bestmove");
    assert!(
        e.log
            .iter()
            .any(|l| l.starts_with("info depth") && l.contains(" score ") && l.contains(" pv ")),
        "{:#?}",
        e.log
    );
    let mv = best.split_whitespace().nth(1).unwrap();
    let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
    for m in ["7i7h", "6d6e"] {
        let m = pos.parse_move(m).unwrap();
        pos.make(m);
    }
    assert!(pos.parse_move(mv).is_ok(), "{best}");
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

#[test]
fn go_clock_movetime_nodes_and_byoyomi_all_finish() {
    // (`go mate` answers with `checkmate`: go_mate_answers_with_the_mating_sequence_or_nomate.)
    let mut e = usi();
    for go in [
        "go btime 1000 wtime 1000 binc 100 winc 100",
        "go byoyomi 300",
        "go movetime 200",
        "go nodes 2000",
        "go btime 0 wtime 0 byoyomi 200",
    ] {
        e.send("position startpos");
        let t = Instant::now();
        e.send(go);
        // Each ends on its own (a liveness bound: how fast is for benchmarks).
        e.expect(SEC, |l| l.starts_with("bestmove"));
        eprintln!("{go}: {:?}", t.elapsed());
    }
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

#[test]
fn stop_during_infinite_answers_at_once() {
    let mut e = usi();
    e.send("position startpos");
    e.send("go infinite");
    e.expect_prefix("info depth");
    std::thread::sleep(Duration::from_millis(300));
    // Nothing before stop.
    assert!(!e.log.iter().any(|l| l.starts_with("bestmove")));
    let t = Instant::now();
    e.send("stop");
    // `go infinite` never ends on its own: a `bestmove` at all shows that stop works. How
    // fast is for benchmarks (docs/search.md); a window here would fail on a loaded machine.
    e.expect(SEC, |l| l.starts_with("bestmove"));
    eprintln!("stop answered after {:?}", t.elapsed());
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = usi();
    e.send("setoption name USI_Ponder value true");
    e.send("position startpos");
    e.send("go ponder btime 500 wtime 500");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!e.log.iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    e.expect_prefix("bestmove");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = usi();
    e.send("position startpos");
    e.send("go depth 2 searchmoves 1i1h");
    let best = e.expect_prefix("bestmove");
    assert!(best.starts_with("bestmove 1i1h"), "{best}");
}

#[test]
fn multipv_reports_several_lines() {
    let mut e = usi();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 2");
    e.expect_prefix("bestmove");
    assert!(
        e.log.iter().any(|l| l.contains(" multipv 3 ")),
        "{:#?}",
        e.log
    );
}

#[test]
fn no_legal_move_resigns() {
    // White's king alone on 1a, surrounded by nothing it may move to? Use a position where the
    // side to move has no royal: the game is over, the engine resigns.
    let mut e = usi();
    e.send("position sfen 12/12/12/12/12/12/12/12/12/12/12/6K5 w - 1");
    e.send("go depth 2");
    let best = e.expect_prefix("bestmove");
    assert_eq!(best, "bestmove resign");
}

#[test]
fn dai_dai_plays() {
    let mut e = usi();
    e.send("setoption name USI_Variant value daidaishogi");
    e.send("position startpos");
    e.send("d");
    e.send("go depth 2");
    let best = e.expect_prefix("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap();
    let pos = Position::start(Variant::DaiDai, RuleSet::Seed);
    assert!(pos.parse_move(mv).is_ok(), "{best}");
    assert!(e.log.iter().any(|l| l.contains("17")), "board shown");
}

#[test]
fn board_display_and_perft() {
    let mut e = usi();
    e.send("position startpos");
    e.send("d");
    e.send("perft 2");
    e.expect_prefix("nodes ");
    let text = e.log.join("\n");
    assert!(text.contains("sfen lfcsgekgscfl/"), "{text}");
    assert!(text.contains(" Ln "), "{text}");
    assert!(text.contains("vLn"), "{text}");
    // The chu start position has 6225 positions at depth 2? Compare with the library.
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let n = shishi::perft::perft_parallel(&pos, 2);
    assert!(text.contains(&format!("nodes {n}")), "{text}");
}

#[test]
fn every_error_case_gets_one_line_and_keeps_the_state() {
    let mut e = usi();
    e.send("position startpos moves 7i7h");
    e.send("d");
    let before: Vec<String> = e
        .sync()
        .into_iter()
        .filter(|l| l.starts_with("sfen"))
        .collect();
    let cases = [
        "frobnicate",
        "position sfen this/is/not/a/sfen b - 1",
        "position startpos moves 7i7h 6d6e 1a1b",
        "position startpos moves 7i7h 6d6e zz9",
        "position",
        "setoption name USI_Hash value 0",
        "setoption name Threads value 100000",
        "setoption name MultiPV value -3",
        "setoption name USI_Variant value tenjiku",
        "setoption name Rules value chess",
        "setoption name NoSuchOption value 1",
        "setoption",
        "stop",
        "ponderhit",
        "go depth",
        "go sideways",
        "perft 99",
    ];
    for c in cases {
        e.send(c);
        let lines = e.sync();
        let errs = errors(&lines);
        assert_eq!(errs.len(), 1, "{c}: {lines:#?}");
    }
    e.send("d");
    let after: Vec<String> = e
        .sync()
        .into_iter()
        .filter(|l| l.starts_with("sfen"))
        .collect();
    assert_eq!(before, after, "state changed by a refused command");
}

#[test]
fn go_before_position_uses_the_start_position() {
    let mut e = Engine::start(&["--protocol", "usi"]);
    e.send("go depth 1");
    let best = e.expect_prefix("bestmove");
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    assert!(
        pos.parse_move(best.split_whitespace().nth(1).unwrap())
            .is_ok()
    );
}

#[test]
fn eof_during_search_exits_cleanly() {
    let mut e = usi();
    e.send("position startpos");
    e.send("go infinite");
    e.expect_prefix("info depth");
    e.close();
    assert!(e.exits(SEC), "{:#?}", e.log);
}

#[test]
fn quit_during_search_exits() {
    let mut e = usi();
    e.send("go infinite");
    e.send("quit");
    assert!(e.exits(SEC));
}

#[test]
fn uci_dialect() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok");
    let text = e.log.join("\n");
    assert!(
        text.contains("option name UCI_Variant type combo"),
        "{text}"
    );
    assert!(text.contains("option name Hash type spin"), "{text}");
    e.send("setoption name UCI_Variant value chushogi");
    e.send("ucinewgame");
    e.send(
        "position fen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1 moves 7i7h",
    );
    e.send("go wtime 500 btime 500 winc 10 binc 10 movestogo 20");
    let best = e.expect_prefix("bestmove");
    let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
    let m = pos.parse_move("7i7h").unwrap();
    pos.make(m);
    assert!(
        pos.parse_move(best.split_whitespace().nth(1).unwrap())
            .is_ok()
    );
    // A chess-style FEN (w = first player) is accepted too.
    e.send("position fen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("side to move: Black")),
        "{lines:#?}"
    );
    e.send("position fen garbage");
    assert_eq!(errors(&e.sync()).len(), 1);
}

/// Two engine processes play a whole game at low depth, the test relaying moves through
/// `position startpos moves …` and judging the end with the rules core.
#[test]
fn full_game_between_two_engines() {
    // Start near the end so that the game finishes in reasonable time: Black has a lion and
    // a gold against a bare-ish White.
    let start = "6k5/12/12/12/12/12/12/12/5N6/4G7/12/6K5 b - 1";
    let mut engines = [usi(), usi()];
    for e in engines.iter_mut() {
        e.send("usinewgame");
    }
    let mut pos = Position::from_sfen(Variant::Chu, RuleSet::Seed, start).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut result = None;
    for ply in 0..300 {
        if let Some(r) = pos.outcome() {
            result = Some(r);
            break;
        }
        let e = &mut engines[ply % 2];
        e.send(&format!("position sfen {start} moves {}", moves.join(" ")));
        e.send("go depth 3");
        let best = e.expect(SEC, |l| l.starts_with("bestmove"));
        let text = best.split_whitespace().nth(1).unwrap().to_string();
        assert_ne!(text, "resign", "resigned with moves left at ply {ply}");
        let mv = pos.parse_move(&text).expect("legal bestmove");
        assert!(pos.allowed_in_game(mv));
        pos.make(mv);
        moves.push(text);
    }
    let result = result.unwrap_or_else(|| panic!("no result after 300 plies: {moves:?}"));
    eprintln!("game over after {} plies: {result:?}", moves.len());
    // The side that ended up to move in a lost position resigns when asked.
    for e in engines.iter_mut() {
        e.send("gameover win");
        e.send("quit");
        assert!(e.exits(SEC));
    }
}

#[test]
fn go_mate_answers_with_the_mating_sequence_or_nomate() {
    let mut e = usi();
    // White king 1a boxed by its pawns; R5c-5a wins in two (see the search tests).
    e.send("position sfen 11k/10pp/7R4/12/12/12/12/12/12/12/12/K11 b - 1");
    e.send("go mate 5000");
    let line = e.expect_prefix("checkmate");
    let moves: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(moves.len(), 3, "{line}");
    let mut pos = Position::from_sfen(
        Variant::Chu,
        RuleSet::Seed,
        "11k/10pp/7R4/12/12/12/12/12/12/12/12/K11 b - 1",
    )
    .unwrap();
    for m in &moves {
        let mv = pos
            .parse_move(m)
            .unwrap_or_else(|err| panic!("{line}: {err}"));
        pos.make(mv);
    }
    assert_eq!(pos.royal_count(shishi::rules::Color::White), 0, "{line}");
    // No mate from the start position in a short search.
    e.send("position startpos");
    e.send("go mate 200");
    assert_eq!(e.expect_prefix("checkmate"), "checkmate nomate");
}

/// A chu seed problem (engine-tests/data/mate-chu-seed.txt, line 9) whose first proof's line
/// is 9 plies and whose shortest mate is 5.
const SHORTENED: &str = "6k1g3/6ts4/12/5N6/7+V+Ln2/12/12/12/6C5/5SG5/5KGS4/6E5 b - 335";

#[test]
fn go_mate_answers_the_shortest_mate_unless_mate_any_is_set() {
    let mut e = usi();
    e.send(&format!("position sfen {SHORTENED}"));
    let plies = |line: &str| line.split_whitespace().count() - 1;
    e.send("go mate 20000");
    let shortest = e.expect_prefix("checkmate");
    assert_eq!(plies(&shortest), 5, "{shortest}");
    e.send("setoption name MateAny value true");
    e.send("go mate 20000");
    let first = e.expect_prefix("checkmate");
    assert_eq!(plies(&first), 9, "{first}");
    e.send("setoption name MateAny value maybe");
    e.expect_prefix("info string error");
    e.send("setoption name MateAny value false");
    e.send("go mate 20000");
    assert_eq!(e.expect_prefix("checkmate"), shortest);
}

/// A late chu endgame (from a match record) the mate solver does not settle in a second.
const HARD_MATE: &str = "12/10+H1/5e2k3/5g6/3+f4p3/8c3/4S6+L/12/12/5TS5/5GKE4/12 b - 397";

#[test]
fn go_mate_stops_on_time_or_on_stop_with_one_answer_and_progress_lines() {
    let mut e = usi();
    // Events, not a clock: the test waits for the engine's lines (its timeouts are liveness
    // bounds), so a loaded machine only makes it slower. Before, it slept 1.5 s and wanted two
    // progress lines by then, which a loaded machine broke.
    let progress =
        |l: &str| l.starts_with("info ") && l.contains(" nodes ") && l.contains(" proof ");
    e.send(&format!("position sfen {HARD_MATE}"));
    e.send("go mate 100");
    let answer = e.expect(SEC, |l| l.starts_with("checkmate"));
    assert_eq!(answer, "checkmate timeout");
    let before = e.log.len();
    e.send("go mate infinite");
    // The periodic progress line (about once a second) shows the solver running; `stop` then
    // ends it with the last progress line and the answer.
    e.expect(SEC, progress);
    e.send("stop");
    let answer = e.expect(SEC, |l| l.starts_with("checkmate"));
    assert_eq!(answer, "checkmate timeout");
    let lines = &e.log[before..];
    assert!(
        lines.iter().filter(|l| progress(l)).count() >= 2,
        "{lines:#?}"
    );
    assert!(
        progress(&lines[lines.len() - 2]),
        "the last progress line comes just before the answer: {lines:#?}"
    );
    // Exactly one answer: nothing more arrives before readyok.
    assert!(
        e.sync().iter().all(|l| !l.starts_with("checkmate")),
        "{:#?}",
        e.log
    );
}
