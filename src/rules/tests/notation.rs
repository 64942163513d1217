//! Move texts (chu.md §9, daidai.md §9; lishogi USI style): every generated move prints and
//! parses back to itself, alternative lion paths are accepted, bad texts are errors.

use super::*;
use crate::rules::notation::MoveError;

fn round_trip(p: &Position) {
    for m in gen_moves(p) {
        assert_eq!(
            p.parse_move(&m.text()),
            Ok(m),
            "{} in {}",
            m.text(),
            p.to_sfen()
        );
        assert_eq!(m.to_string(), m.text());
    }
}

#[test]
fn every_generated_move_round_trips() {
    round_trip(&Position::start(CHU, SEED));
    round_trip(&Position::start(CHU, LISHOGI));
    round_trip(&Position::start(DD, SEED));
    let lions = chu(
        &[
            ("7h", "N"),
            ("7g", "p"),
            ("6g", "s"),
            ("8f", "n"),
            ("7e", "+h"),
            ("5e", "+D"),
            ("5d", "p"),
            ("4d", "g"),
            ("6c", "S"),
            ("11l", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    round_trip(&pos(CHU, SEED, &lions));
    round_trip(&pos(CHU, LISHOGI, &lions));
    let dogs = dd(
        &[
            ("9i", "(LD)"),
            ("9h", "p"),
            ("9g", "p"),
            ("9f", "p"),
            ("10h", "p"),
            ("8j", "+(LN)"),
            ("7k", "g"),
            ("11g", "+(LD)"),
            ("12g", "(HM)"),
            ("9q", "K"),
            ("9a", "k"),
        ],
        "b",
    );
    round_trip(&pos(DD, SEED, &dogs));
}

#[test]
fn text_format() {
    // Origin then every landing square, then '+'.
    let s = chu(
        &[
            ("7g", "N"),
            ("7f", "p"),
            ("6d", "S"),
            ("11l", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    let got = texts(&p);
    assert_has(&got, &["7g7f", "7g7f7g", "7g7f7e", "6d6c+", "6d6c"]);
    let m = p.parse_move("6d6c+").unwrap();
    assert!(m.promotes());
    assert_eq!(m.from(), sq(CHU, "6d"));
    assert_eq!(m.to(), sq(CHU, "6c"));
}

#[test]
fn alternative_lion_paths_mean_the_same_move() {
    // Lion on 7g, 7f empty: 7g7f7e is the jump 7g7e.
    let s = chu(&[("7g", "N"), ("11l", "K"), ("2a", "k")], "b");
    let p = pos(CHU, SEED, &s);
    let jump = p.parse_move("7g7e").unwrap();
    assert_eq!(jump.text(), "7g7e");
    assert_eq!(p.parse_move("7g7f7e"), Ok(jump));
    // Any empty neighbour names the pass.
    let pass = p.parse_move("7g7f7g").unwrap();
    assert_eq!(p.parse_move("7g8h7g"), Ok(pass));
    // Lion dog: a walk through empty squares is the jump.
    let s = dd(&[("9i", "(LD)"), ("16q", "K"), ("2a", "k")], "b");
    let p = pos(DD, SEED, &s);
    assert_eq!(p.parse_move("9i9h9g9f"), p.parse_move("9i9f"));
    assert!(p.parse_move("9i9f").is_ok());
}

#[test]
fn bad_texts_are_errors() {
    let s = chu(
        &[
            ("7g", "N"),
            ("7l", "R"),
            ("5e", "S"),
            ("11l", "K"),
            ("2a", "k"),
            ("3c", "g"),
        ],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    for t in [
        "",
        "7g",
        "zz",
        "7g7f7e7d7c",
        "13a1a",
        "7g7m",
        "7g7f++",
        "7g+7f",
        "+",
        "７g７f",
        "7g獅",
        "99999999999999999999a1a",
        "7g 7f",
        "7G7F",
    ] {
        assert!(matches!(p.parse_move(t), Err(MoveError::Text(_))), "{t:?}");
    }
    for t in [
        "5f5e",     // empty square
        "3c3d",     // enemy piece
        "7g7d",     // beyond the lion's reach
        "7l7k7j",   // a slide written as a path
        "7l7h+",    // rook, no zone touched: no promotion
        "7g7f7e7d", // three legs for a lion
        "5e4d4c",   // a silver has no path moves
    ] {
        match p.parse_move(t) {
            Err(MoveError::Illegal(msg)) => assert!(!msg.is_empty()),
            other => panic!("{t:?} gave {other:?}"),
        }
    }
    // Silver 5e → 5d enters the zone: both texts are legal.
    assert!(p.parse_move("5e5d+").is_ok());
    assert!(p.parse_move("5e5d").is_ok());
    let d = Position::start(DD, SEED);
    for t in ["18a1a", "1r1q", "9q", "9p9o9n9m9l"] {
        assert!(d.parse_move(t).is_err(), "{t:?}");
    }
}
