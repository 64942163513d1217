//! XBoard (CECP v2) conversations with the release binary: features, engine moves in XBoard
//! notation, lion double moves and igui, highlight, undo/remove, setboard, analyze, errors,
//! and a full game to the end through the protocol.

mod protocol_common;

use protocol_common::{ping as sync, xboard};
use shishi::protocol::notation;
use shishi::rules::{Position, RuleSet, Variant};
use std::time::Duration;

const SEC: Duration = Duration::from_secs(20);

#[test]
fn features_announce_chu_and_the_protocol_extensions() {
    let mut e = xboard();
    let text = e.log.join("\n");
    for f in [
        "variants=\"chu\"",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "myname=\"Shishi",
        "feature option=",
    ] {
        assert!(text.contains(f), "{f}: {text}");
    }
    assert!(sync(&mut e, 1).is_empty());
}

#[test]
fn engine_answers_a_user_move_in_xboard_notation() {
    let mut e = xboard();
    e.send("new");
    e.send("variant chu");
    e.send("post");
    e.send("sd 3");
    e.send("usermove f4f5");
    let mv = e.expect(SEC, |l| l.starts_with("move "));
    let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
    let first = notation::parse_move(&mut pos, "f4f5").unwrap();
    pos.make(first);
    let text = mv.trim_start_matches("move ");
    assert!(notation::parse_move(&mut pos, text).is_ok(), "{mv}");
    // Thinking output: depth score time nodes pv.
    assert!(
        e.log.iter().any(|l| l.split_whitespace().count() >= 5
            && l.split_whitespace()
                .take(4)
                .all(|w| w.parse::<i64>().is_ok())),
        "{:#?}",
        e.log
    );
}

#[test]
fn lion_double_move_igui_undo_and_highlight() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    // Black lion f5 (our 7h), White pawns f6 and f7, kings far away, both sides keep a gold.
    e.send("setboard 6k4g/12/12/12/12/5p6/5p6/5N6/12/12/12/G5K5 w - - 0 1");
    e.send("lift f5");
    e.send("hover f6");
    e.send("hover a1");
    e.send("put f6");
    let lines = sync(&mut e, 1);
    let hl: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("highlight "))
        .collect();
    // lift, hover f6 (a leg continues there), nothing for hover a1, put f6.
    assert_eq!(hl.len(), 3, "{lines:#?}");
    assert_eq!(hl[1], hl[2], "hover and put show the same second legs");
    // Rank 6 (the 7th row from the top) has f6 cyan: a capture with a second leg to come.
    let rows: Vec<&str> = hl[0]["highlight ".len()..].split('/').collect();
    assert_eq!(rows.len(), 12);
    assert!(rows[6].contains('C'), "{}", hl[0]);
    // The second-leg highlight marks f7 (capture) red.
    let rows: Vec<&str> = hl[2]["highlight ".len()..].split('/').collect();
    assert!(rows[5].contains('R'), "{}", hl[1]);
    e.send("usermove f5f6,f6f7");
    e.send("undo");
    e.send("usermove f5f6,f6f5");
    e.send("d");
    let lines = sync(&mut e, 2);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{lines:#?}"
    );
    let sfen = lines.iter().find(|l| l.contains("sfen ")).unwrap();
    assert!(
        sfen.contains("6k4g/12/12/12/12/5p6/12/5N6/12/12/12/G5K5 w"),
        "{sfen}"
    );
    e.send("remove");
    e.send("remove");
    let lines = sync(&mut e, 3);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("Error")).count(),
        2,
        "{lines:#?}"
    );
}

#[test]
fn errors_are_one_line_and_change_nothing() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove f4f5");
    for (i, c) in [
        "frobnicate",
        "usermove z9z9",
        "usermove f4f6",
        "setboard not a fen",
        "variant daidai",
        "memory 0",
        "cores -1",
        "level 40 x 0",
        "sd zero",
        "st -5",
        "option Nope=1",
        "undo",
    ]
    .iter()
    .enumerate()
    {
        if *c == "undo" {
            e.send("undo");
        }
        e.send(c);
        let lines = sync(&mut e, 10 + i as u32);
        let errs = lines
            .iter()
            .filter(|l| l.starts_with("Error") || l.starts_with("Illegal move"))
            .count();
        assert_eq!(errs, 1, "{c}: {lines:#?}");
    }
}

#[test]
fn analyze_then_exit_and_move_now() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    std::thread::sleep(Duration::from_millis(300));
    e.send("usermove f4f5");
    std::thread::sleep(Duration::from_millis(200));
    e.send("exit");
    let lines = sync(&mut e, 1);
    assert!(
        lines.iter().any(|l| l
            .split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("move ")));
    // `?` makes the engine move at once.
    e.send("st 100");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    e.send("?");
    e.expect(SEC, |l| l.starts_with("move "));
}

/// A whole game through the protocol: the engine plays both sides (`go` after each move in
/// force mode) from a position near the end, until it announces the result.
#[test]
fn full_game_to_the_result() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 6k5/12/12/12/12/12/12/12/5N6/4G7/12/6K5 w - - 0 1");
    e.send("sd 3");
    let mut pos = Position::from_sfen(
        Variant::Chu,
        RuleSet::Seed,
        "6k5/12/12/12/12/12/12/12/5N6/4G7/12/6K5 b - 1",
    )
    .unwrap();
    for _ in 0..300 {
        e.send("go");
        let l = e.expect(SEC, |l| {
            l.starts_with("move ") || l.starts_with("resign") || l.contains(" {")
        });
        if l.contains(" {") || l.starts_with("resign") {
            break;
        }
        let mv = notation::parse_move(&mut pos, &l["move ".len()..]).expect("legal");
        pos.make(mv);
        if pos.outcome().is_some() {
            let result = e.expect(SEC, |l| l.contains(" {"));
            assert!(
                result.starts_with("1-0") || result.starts_with("0-1") || result.starts_with("1/2")
            );
            return;
        }
        e.send("force");
    }
    assert!(pos.outcome().is_some(), "game did not end: {:#?}", e.log);
}
