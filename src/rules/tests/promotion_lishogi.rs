//! Chu promotion under lishogi's rules (chu.md §5.3, last row): non-captures promote only on
//! entering, captures when touching the zone, no deferral flags, pawn and lance may stay
//! unpromoted on the last rank.

use super::*;

fn from(pieces: &[(&str, &str)], at: &str) -> Vec<String> {
    let mut v = pieces.to_vec();
    v.extend_from_slice(&[("11l", "K"), ("1a", "k")]);
    moves_from(CHU, LISHOGI, &chu(&v, "b"), at)
}

#[test]
fn non_captures_promote_only_on_entering() {
    // Entering: 7e → 7d.
    assert_has(&from(&[("7e", "S")], "7e"), &["7e7d+", "7e7d"]);
    // Inside: 7c → 7b, no promotion.
    let got = from(&[("7c", "S")], "7c");
    assert_has(&got, &["7c7b"]);
    assert_lacks(&got, &["7c7b+"]);
    // Leaving: 7d → 8e, no promotion.
    let got = from(&[("7d", "S")], "7d");
    assert_has(&got, &["7d8e"]);
    assert_lacks(&got, &["7d8e+"]);
}

#[test]
fn captures_touching_the_zone_may_promote() {
    // Inside: silver 7c takes 7b.
    assert_has(&from(&[("7c", "S"), ("7b", "g")], "7c"), &["7c7b+", "7c7b"]);
    // Leaving: silver 7d takes 8e.
    assert_has(&from(&[("7d", "S"), ("8e", "g")], "7d"), &["7d8e+", "7d8e"]);
    // Outside: silver 7g takes 7f, no promotion.
    let got = from(&[("7g", "S"), ("7f", "g")], "7g");
    assert_has(&got, &["7g7f"]);
    assert_lacks(&got, &["7g7f+"]);
}

#[test]
fn no_deferral_state() {
    // After declining on entry, the next turn a capture inside may promote, and nothing is
    // recorded.
    let pieces = [("7e", "S"), ("6c", "p"), ("11l", "K"), ("1a", "k")];
    let mut p = pos(CHU, LISHOGI, &chu(&pieces, "b"));
    play(&mut p, "7e7d");
    assert_eq!(p.suspended(crate::rules::Color::Black), None);
    play(&mut p, "1a2a");
    assert_has(&texts(&p), &["7d6c+", "7d6c"]);
    // A fifth SFEN field is refused under lishogi rules.
    let b = board(12, &[("7d", "S"), ("11l", "K"), ("1a", "k")]);
    let e = Position::from_sfen(CHU, LISHOGI, &format!("{b} b - 1 7d"))
        .err()
        .unwrap();
    assert_eq!(e.field, "suspended");
}

#[test]
fn pawn_and_lance_on_last_rank_may_stay_unpromoted() {
    let mut got = from(&[("7b", "P")], "7b");
    got.sort();
    assert_eq!(got, ["7b7a", "7b7a+"]);
    // Lance 7c: 7b is inside (non-capture, no promotion); 7a is the last rank (optional).
    let mut got = from(&[("7c", "L")], "7c");
    got.sort();
    assert_eq!(got, ["7c7a", "7c7a+", "7c7b"]);
    // A pawn left on the last rank has no moves, and nothing fails.
    assert!(from(&[("7a", "P")], "7a").is_empty());
}

#[test]
fn pawn_capturing_inside_the_zone_may_promote() {
    // Lishogi has no pawn deferral: a capture touching the zone may promote.
    assert_has(&from(&[("7c", "P"), ("7b", "g")], "7c"), &["7c7b+", "7c7b"]);
}
