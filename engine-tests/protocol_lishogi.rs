//! The conversations lishogi's tools hold with an engine, replayed in their exact command
//! order against the release binary (docs/lishogi.md): Lishogi-Bot (the bridge that plays as a
//! bot account) and lishogi's analysis / computer play. Both take whatever `bestmove` and `pv`
//! say, so every move is checked here with the rules library. Also the strength levels in all
//! three protocols (docs/levels.md).

mod protocol_common;

use protocol_common::{Engine, errors, usi};
use shishi::rules::{Color, Position, RuleSet, Variant};
use std::time::Duration;

const SEC: Duration = Duration::from_secs(30);

/// The position after `moves` from `sfen` (`None`: the start position).
fn position(variant: Variant, sfen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = match sfen {
        None => Position::start(variant, RuleSet::Lishogi),
        Some(s) => Position::from_sfen(variant, RuleSet::Lishogi, s).unwrap(),
    };
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.make(mv);
    }
    pos
}

/// Every `info … pv …` line since `from` in the log: each PV replays legally from `pos`.
fn assert_pvs_legal(e: &Engine, from: usize, pos: &Position) -> usize {
    let mut checked = 0;
    for line in &e.log[from..] {
        let Some((_, pv)) = line.split_once(" pv ") else {
            continue;
        };
        let mut p = pos.clone();
        for m in pv.split_whitespace() {
            let mv = p
                .parse_move(m)
                .unwrap_or_else(|err| panic!("{m} in '{line}' is not legal: {err}"));
            p.make(mv);
        }
        checked += 1;
    }
    checked
}

/// The move of a `bestmove` line, checked legal (and never `resign`) in `pos`.
fn assert_legal_best(line: &str, pos: &Position) -> String {
    let mv = line.split_whitespace().nth(1).expect("a move").to_string();
    assert_ne!(mv, "resign", "resigned with legal moves left");
    let p = pos.clone();
    p.parse_move(&mv)
        .unwrap_or_else(|err| panic!("{line}: not legal: {err}"));
    mv
}

/// Lishogi-Bot's start of a game: options from config.yml (`Hash`, `Move Overhead`, ...),
/// `isready`, then per game `USI_Variant` *without* `isready`, `position startpos moves`
/// with an empty list, and `go movetime 1000` for its first move.
#[test]
fn bot_game_start_variant_without_isready_and_first_movetime() {
    let mut e = usi();
    for opt in [
        "setoption name Move Overhead value 5000",
        "setoption name Threads value 1",
        "setoption name Hash value 16",
        "setoption name Rules value lishogi",
        "setoption name USI_Ponder value false",
    ] {
        e.send(opt);
    }
    assert!(errors(&e.sync()).is_empty(), "{:#?}", e.log);
    e.send("setoption name USI_Variant value chushogi");
    e.send("position startpos moves ");
    let from = e.log.len();
    e.send("go movetime 1000");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    let pos = position(Variant::Chu, None, &[]);
    let mv = assert_legal_best(&best, &pos);
    assert!(assert_pvs_legal(&e, from, &pos) > 0);
    // The reply and our second move: the clock flow of the rest of the game.
    let moves = [mv.as_str(), "6d6e"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let from = e.log.len();
    e.send("go btime 59000 wtime 60000 binc 1000 winc 1000");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    let pos = position(Variant::Chu, None, &moves);
    assert_legal_best(&best, &pos);
    assert_pvs_legal(&e, from, &pos);
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

/// One version of Lishogi-Bot sends its configured `go_commands.movetime` divided by 1000, as
/// a float (`go movetime 1.0`): the value is rounded to whole milliseconds with a note, and the
/// `go` gets its `bestmove` like any other (before, an error line and no search: the bot waited
/// for ever). Garbage still gets the error line and no search.
#[test]
fn bot_fractional_movetime_is_rounded_and_answered() {
    let mut e = usi();
    e.send("position startpos moves 7i7h");
    let pos = position(Variant::Chu, None, &["7i7h"]);
    for go in [
        "go movetime 1.0",
        "go nodes 2000.4 movetime 250.0",
        "go btime 900.5 wtime 1000 binc 10.0 winc 10.0",
    ] {
        let from = e.log.len();
        e.send(go);
        let best = e.expect(SEC, |l| l.starts_with("bestmove"));
        assert_legal_best(&best, &pos);
        assert_pvs_legal(&e, from, &pos);
        assert!(
            e.log[from..]
                .iter()
                .any(|l| l.starts_with("info string go: fractional values rounded")),
            "{go}: {:#?}",
            &e.log[from..]
        );
        assert!(
            errors(&e.log[from..]).is_empty(),
            "{go}: {:#?}",
            &e.log[from..]
        );
    }
    for bad in [
        "go movetime 1.0.0",
        "go movetime NaN",
        "go movetime inf",
        "go depth 1,5",
    ] {
        let from = e.log.len();
        e.send(bad);
        e.sync();
        assert_eq!(
            errors(&e.log[from..]).len(),
            1,
            "{bad}: {:#?}",
            &e.log[from..]
        );
        assert!(
            !e.log[from..].iter().any(|l| l.starts_with("bestmove")),
            "{bad}: {:#?}",
            &e.log[from..]
        );
    }
}

/// Lishogi-Bot's clock: `btime wtime` net of byoyomi, `byoyomi` in ms, for White to move;
/// and a game of dai dai shogi after a variant switch in the same session.
#[test]
fn bot_byoyomi_clock_and_variant_switch() {
    let mut e = usi();
    e.send("setoption name Rules value lishogi");
    assert!(errors(&e.sync()).is_empty());
    e.send("setoption name USI_Variant value chushogi");
    e.send("position startpos moves 7i7h");
    let from = e.log.len();
    e.send("go btime 0 wtime 0 byoyomi 1000");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    let pos = position(Variant::Chu, None, &["7i7h"]);
    assert_eq!(pos.side_to_move(), Color::White);
    assert_legal_best(&best, &pos);
    assert_pvs_legal(&e, from, &pos);
    e.send("setoption name USI_Variant value daidaishogi");
    e.send("position startpos moves ");
    let from = e.log.len();
    e.send("go btime 30000 wtime 30000 byoyomi 500");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    let pos = position(Variant::DaiDai, None, &[]);
    assert_legal_best(&best, &pos);
    assert_pvs_legal(&e, from, &pos);
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

/// With pondering on, Lishogi-Bot sends `go ponder` and later `stop` (the opponent played
/// another move): exactly one `bestmove` comes, then the next `go` works.
#[test]
fn bot_ponder_then_stop_yields_one_bestmove() {
    let mut e = usi();
    e.send("setoption name USI_Ponder value true");
    assert!(errors(&e.sync()).is_empty());
    e.send("setoption name USI_Variant value chushogi");
    e.send("position startpos moves 7i7h 6d6e");
    e.send("go ponder btime 60000 wtime 60000 binc 1000 winc 1000");
    e.expect_prefix("info depth");
    e.send("stop");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    assert_legal_best(&best, &position(Variant::Chu, None, &["7i7h", "6d6e"]));
    // Nothing more for that search: the next lines up to readyok carry no bestmove.
    let after = e.sync();
    assert!(
        !after.iter().any(|l| l.starts_with("bestmove")),
        "{after:#?}"
    );
    e.send("position startpos moves 7i7h 6d6e 5i5h");
    e.send("go btime 60000 wtime 60000 binc 1000 winc 1000");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    assert_legal_best(
        &best,
        &position(Variant::Chu, None, &["7i7h", "6d6e", "5i5h"]),
    );
    let bestmoves = e.log.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(bestmoves, 2, "{:#?}", e.log);
}

/// lishogi's analysis: `USI_AnalyseMode`, `USI_MultiPV`, a level that analysis ignores,
/// `position sfen <full SFEN> moves` with an empty list, `go` combining movetime, depth and
/// nodes (the first reached ends it); every PV of every line replays legally and the best
/// move is the first line's.
#[test]
fn analysis_flow_multipv_full_sfen_and_combined_limits() {
    let mut e = usi();
    for opt in [
        "setoption name USI_Variant value chushogi",
        "setoption name Rules value lishogi",
        "setoption name USI_Hash value 16",
        "setoption name Threads value 1",
        "setoption name USI_AnalyseMode value true",
        "setoption name USI_MultiPV value 3",
        "setoption name Skill_Level value 0",
    ] {
        e.send(opt);
    }
    assert!(errors(&e.sync()).is_empty(), "{:#?}", e.log);
    let start = Position::start(Variant::Chu, RuleSet::Lishogi);
    let mut pos = start.clone();
    for m in ["7i7h", "6d6e", "5i5h"] {
        let mv = pos.parse_move(m).unwrap();
        pos.make(mv);
    }
    let sfen = pos.to_sfen();
    e.send(&format!("position sfen {sfen} moves"));
    let from = e.log.len();
    // The depth ends this one (analysis ignores the level's depth cap of 1).
    e.send("go movetime 60000 depth 5 nodes 100000000");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    let mv = assert_legal_best(&best, &pos);
    assert!(assert_pvs_legal(&e, from, &pos) >= 3);
    let infos: Vec<&String> = e.log[from..]
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    let deepest = infos.iter().map(|l| depth_of(l)).max().unwrap();
    assert_eq!(deepest, 5, "{infos:#?}");
    let first_lines: Vec<&&String> = infos
        .iter()
        .filter(|l| l.contains(" multipv 1 ") && depth_of(l) == 5)
        .collect();
    assert!(
        first_lines
            .last()
            .is_some_and(|l| l.contains(&format!(" pv {mv}"))),
        "{infos:#?}"
    );
    for k in 1..=3 {
        assert!(
            infos
                .iter()
                .any(|l| depth_of(l) == 5 && l.contains(&format!(" multipv {k} "))),
            "line {k}: {infos:#?}"
        );
    }
    // The nodes end this one, the time this one: both answer.
    for go in [
        "go movetime 60000 depth 60 nodes 20000",
        "go movetime 300 depth 60 nodes 100000000",
    ] {
        e.send(&format!("position sfen {sfen} moves"));
        let from = e.log.len();
        e.send(go);
        let best = e.expect(SEC, |l| l.starts_with("bestmove"));
        assert_legal_best(&best, &pos);
        assert_pvs_legal(&e, from, &pos);
    }
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

fn depth_of(info: &str) -> u32 {
    info.split_whitespace()
        .skip_while(|w| *w != "depth")
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(0)
}

/// In analysis mode a search cut short at once (a node limit of 1, a stop straight after
/// `go infinite`) still names a legal move, also in a lost position: never `resign` while a
/// legal move exists.
#[test]
fn analysis_never_resigns_with_a_legal_move() {
    // Black's king in the corner in check from a rook, two escapes; a gold and two pawns
    // whose moves lose the king; White has king and rook.
    let lost = "6k5/12/11r/12/12/12/12/12/6PP4/12/12/G10K b - 1";
    let mut e = usi();
    e.send("setoption name Rules value lishogi");
    e.send("setoption name USI_AnalyseMode value true");
    assert!(errors(&e.sync()).is_empty());
    let pos = position(Variant::Chu, Some(lost), &[]);
    for go in ["go nodes 1", "go depth 1", "go movetime 1"] {
        e.send(&format!("position sfen {lost} moves"));
        e.send(go);
        let best = e.expect(SEC, |l| l.starts_with("bestmove"));
        assert_legal_best(&best, &pos);
    }
    e.send(&format!("position sfen {lost} moves"));
    e.send("go infinite");
    e.send("stop");
    let best = e.expect(SEC, |l| l.starts_with("bestmove"));
    assert_legal_best(&best, &pos);
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

/// Plays `go` lines at a level in `pos` and returns the bestmoves (each checked legal).
fn bestmoves_at(e: &mut Engine, setup: &str, pos: &Position, go: &str, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            e.send(setup);
            e.send(go);
            let best = e.expect(SEC, |l| l.starts_with("bestmove"));
            assert_legal_best(&best, pos)
        })
        .collect()
}

/// Level 20 is the full search, bit for bit: the same lines, nodes and move as a session
/// that never heard of levels.
#[test]
fn level_20_is_the_unchanged_search() {
    let transcript = |level: Option<&str>| {
        let mut e = usi();
        if let Some(l) = level {
            e.send(&format!("setoption name Skill_Level value {l}"));
        }
        e.sync();
        e.send("position startpos moves 7i7h 6d6e");
        let from = e.log.len();
        e.send("go depth 6");
        e.expect(SEC, |l| l.starts_with("bestmove"));
        e.log[from..]
            .iter()
            .map(|l| {
                // Time and speed vary from run to run; everything else must not.
                let words: Vec<&str> = l.split_whitespace().collect();
                let mut kept = Vec::new();
                let mut i = 0;
                while i < words.len() {
                    if matches!(words[i], "time" | "nps" | "hashfull") {
                        i += 2;
                    } else {
                        kept.push(words[i]);
                        i += 1;
                    }
                }
                kept.join(" ")
            })
            .collect::<Vec<_>>()
    };
    let plain = transcript(None);
    assert!(plain.len() >= 6, "{plain:#?}");
    assert_eq!(plain, transcript(Some("20")));
}

/// A low level plays one of the lines its last iteration reported (MultiPV 4 shows them
/// all), different seeds give different moves, and from a fresh table (`usinewgame`) the
/// same seed gives the same move.
#[test]
fn low_levels_choose_among_the_reported_lines() {
    let mut e = usi();
    e.send("setoption name Rules value lishogi");
    e.send("setoption name MultiPV value 4");
    e.send("setoption name Skill_Level value 2");
    assert!(errors(&e.sync()).is_empty());
    let moves = ["7i7h", "6d6e", "5i5h", "8d8e"];
    let pos = position(Variant::Chu, None, &moves);
    let setup = format!("usinewgame\nposition startpos moves {}", moves.join(" "));
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..8 {
        e.send(&format!("setoption name Skill_Seed value {seed}"));
        let from = e.log.len();
        let best = bestmoves_at(&mut e, &setup, &pos, "go depth 8", 1).remove(0);
        let infos: Vec<&String> = e.log[from..]
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        let last_depth = infos.iter().map(|l| depth_of(l)).max().unwrap();
        assert!(last_depth <= 2, "level 2 searches 2 plies: {infos:#?}");
        let firsts: Vec<&str> = infos
            .iter()
            .filter(|l| depth_of(l) == last_depth)
            .filter_map(|l| l.split_once(" pv ").map(|(_, pv)| pv))
            .filter_map(|pv| pv.split_whitespace().next())
            .collect();
        assert!(firsts.contains(&best.as_str()), "{best}: {infos:#?}");
        assert_pvs_legal(&e, from, &pos);
        seen.insert(best.clone());
        // Same seed, same position: the same move.
        assert_eq!(bestmoves_at(&mut e, &setup, &pos, "go depth 8", 1)[0], best);
    }
    assert!(seen.len() > 1, "eight seeds, always {seen:?}");
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

/// A level never leaves its king to be captured when another move avoids it.
#[test]
fn low_levels_never_leave_the_king_en_prise() {
    let mut e = usi();
    e.send("setoption name Rules value lishogi");
    assert!(errors(&e.sync()).is_empty());
    // The king in check from a rook with two escapes and four lines to choose from: level
    // 0, whatever the seed, moves out of it.
    let lost = "6k5/12/11r/12/12/12/12/12/6PP4/12/12/G10K b - 1";
    let pos = position(Variant::Chu, Some(lost), &[]);
    let setup = format!("position sfen {lost} moves");
    e.send("setoption name Skill_Level value 0");
    for seed in 0..12 {
        e.send(&format!("setoption name Skill_Seed value {seed}"));
        let best = bestmoves_at(&mut e, &setup, &pos, "go depth 8", 1).remove(0);
        let mut p = pos.clone();
        let mv = p.parse_move(&best).unwrap();
        p.make(mv);
        assert!(
            !p.in_check(Color::Black),
            "seed {seed}: {best} leaves the king en prise"
        );
    }
    assert!(errors(&e.log).is_empty(), "{:#?}", e.log);
}

/// The level reaches the search from every protocol: level 0 never searches beyond one
/// ply (however deep `go` asks), full strength does. USI `Skill_Level`, UCI `Skill Level` and
/// `UCI_LimitStrength` + `UCI_Elo`, XBoard `option Skill Level=`.
#[test]
fn levels_in_usi_uci_and_xboard() {
    let deepest_usi = |proto: &str, opts: &[&str]| {
        let mut e = Engine::start(&[]);
        e.send(proto);
        e.expect_prefix(if proto == "usi" { "usiok" } else { "uciok" });
        for o in opts {
            e.send(o);
        }
        assert!(errors(&e.sync()).is_empty(), "{:#?}", e.log);
        e.send("position startpos moves 7i7h");
        let from = e.log.len();
        e.send("go depth 4");
        let best = e.expect(SEC, |l| l.starts_with("bestmove"));
        assert_legal_best(&best, &position(Variant::Chu, None, &["7i7h"]));
        e.log[from..]
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| depth_of(l))
            .max()
            .unwrap()
    };
    assert_eq!(deepest_usi("usi", &[]), 4);
    assert_eq!(
        deepest_usi("usi", &["setoption name Skill_Level value 0"]),
        1
    );
    assert_eq!(
        deepest_usi("uci", &["setoption name Skill Level value 0"]),
        1
    );
    assert_eq!(
        deepest_usi(
            "uci",
            &[
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 500"
            ]
        ),
        1
    );
    // UCI_Elo alone does nothing: the strength is limited only when asked.
    assert_eq!(deepest_usi("uci", &["setoption name UCI_Elo value 500"]), 4);
    // USI_AnalyseMode: full strength whatever the level.
    assert_eq!(
        deepest_usi(
            "usi",
            &[
                "setoption name Skill_Level value 0",
                "setoption name USI_AnalyseMode value true"
            ]
        ),
        4
    );

    let deepest_xboard = |level: Option<u8>| {
        let mut e = Engine::start(&[]);
        for l in ["xboard", "protover 2"] {
            e.send(l);
        }
        e.expect(SEC, |l| l == "feature done=1");
        assert!(
            e.log
                .iter()
                .any(|l| l.contains("feature option=\"Skill Level -spin 20 0 20\"")),
            "{:#?}",
            e.log
        );
        e.send("new");
        e.send("variant chu");
        if let Some(l) = level {
            e.send(&format!("option Skill Level={l}"));
        }
        e.send("post");
        e.send("sd 4");
        e.send("usermove f4f5");
        e.expect(SEC, |l| l.starts_with("move "));
        e.send("ping 1");
        e.expect(SEC, |l| l == "pong 1");
        assert!(
            !e.log.iter().any(|l| l.starts_with("Error")),
            "{:#?}",
            e.log
        );
        e.log
            .iter()
            .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
            .max()
            .unwrap()
    };
    assert_eq!(deepest_xboard(None), 4);
    assert_eq!(deepest_xboard(Some(0)), 1);
}
