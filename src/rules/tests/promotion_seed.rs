//! Chu promotion under the seed rule (chu.md §5.1, §5.2).

use super::*;

fn from(pieces: &[(&str, &str)], at: &str) -> Vec<String> {
    let mut v = pieces.to_vec();
    v.extend_from_slice(&[("11l", "K"), ("1a", "k")]);
    moves_from(CHU, SEED, &chu(&v, "b"), at)
}

#[test]
fn entering_inside_and_leaving_are_optional() {
    // Silver (F fW) on 7e, outside the zone: 7d 8d 6d enter the zone (2 moves each), 8f 6f
    // stay out (1 each): 8 moves.
    let got = from(&[("7e", "S")], "7e");
    assert_eq!(got.len(), 8, "{got:?}");
    assert_has(&got, &["7e7d+", "7e7d", "7e8d+", "7e6d", "7e8f"]);
    assert_lacks(&got, &["7e8f+"]);
    // Inside: silver on 7c → 7b.
    assert_has(&from(&[("7c", "S")], "7c"), &["7c7b+", "7c7b"]);
    // Leaving: silver on 7d → 8e (backward diagonal).
    assert_has(&from(&[("7d", "S")], "7d"), &["7d8e+", "7d8e"]);
    // Outside entirely: no promotion.
    let got = from(&[("7g", "S")], "7g");
    assert_lacks(&got, &["7g7f+", "7g8h+"]);
    assert_has(&got, &["7g7f"]);
}

#[test]
fn unpromotable_and_promoted_pieces_never_promote() {
    for (token, at) in [
        ("N", "7e"),
        ("Q", "7e"),
        ("+I", "7e"),
        ("+S", "7e"),
        ("+O", "7e"),
    ] {
        let got = from(&[(at, token)], at);
        assert!(got.iter().all(|m| !m.ends_with('+')), "{token}: {got:?}");
    }
    // +GB moves as a drunk elephant (7 moves) but never becomes a crown prince.
    assert_eq!(from(&[("7e", "+I")], "7e").len(), 7);
    // A drunk elephant itself may promote on entering.
    assert_has(&from(&[("7e", "E")], "7e"), &["7e7d+", "7e7d"]);
}

#[test]
fn deferral_after_declining_on_entry() {
    // Black silver 7e enters the zone without promoting. On Black's next turn it may promote
    // only by capturing; one turn later it may promote again.
    let pieces = [("7e", "S"), ("6b", "p"), ("11l", "K"), ("1a", "k")];
    let mut p = pos(CHU, SEED, &chu(&pieces, "b"));
    play(&mut p, "7e7d");
    assert_eq!(p.suspended(crate::rules::Color::Black), Some(sq(CHU, "7d")));
    assert!(p.to_sfen().ends_with(" 7d"), "{}", p.to_sfen());
    play(&mut p, "1a2a");
    let got: Vec<String> = texts(&p)
        .into_iter()
        .filter(|m| m.starts_with("7d"))
        .collect();
    assert_has(&got, &["7d7c", "7d8c", "7d6c"]);
    assert_lacks(&got, &["7d7c+", "7d8c+", "7d6c+", "7d8e+"]);
    // Black plays another piece: the suspension ends ("next turn" = owner's next move).
    play(&mut p, "11l11k");
    assert_eq!(p.suspended(crate::rules::Color::Black), None);
    play(&mut p, "2a1a");
    assert_has(&texts(&p), &["7d7c+", "7d6c+", "7d8e+"]);
}

#[test]
fn suspended_piece_may_promote_by_capturing() {
    // Same, with a White pawn on 6c: the capture 7d×6c may promote.
    let pieces = [("7e", "S"), ("6c", "p"), ("11l", "K"), ("1a", "k")];
    let mut p = pos(CHU, SEED, &chu(&pieces, "b"));
    play(&mut p, "7e7d");
    play(&mut p, "1a2a");
    let got = texts(&p);
    assert_has(&got, &["7d6c+", "7d6c"]);
    assert_lacks(&got, &["7d7c+"]);
}

#[test]
fn fifth_sfen_field_sets_the_suspension() {
    let b = board(12, &[("7d", "S"), ("6c", "p"), ("11l", "K"), ("1a", "k")]);
    let s = format!("{b} b - 1 7d");
    let p = pos(CHU, SEED, &s);
    assert_eq!(p.to_sfen(), s);
    let got = texts(&p);
    assert_has(&got, &["7d6c+", "7d7c"]);
    assert_lacks(&got, &["7d7c+"]);
    // Without the field the silver may promote anywhere in the zone.
    let got = moves(CHU, SEED, &format!("{b} b - 1"));
    assert_has(&got, &["7d7c+"]);
    // The suspension is part of the key.
    assert_ne!(p.key(), pos(CHU, SEED, &format!("{b} b - 1")).key());
}

#[test]
fn promoting_on_entry_sets_no_suspension() {
    let mut p = pos(
        CHU,
        SEED,
        &chu(&[("7e", "S"), ("11l", "K"), ("1a", "k")], "b"),
    );
    play(&mut p, "7e7d+");
    assert_eq!(p.suspended(crate::rules::Color::Black), None);
    // And the promoted silver (vertical mover) never promotes again.
    play(&mut p, "1a2a");
    assert!(texts(&p).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn pawn_that_declines_waits_for_the_last_rank() {
    let mut p = pos(
        CHU,
        SEED,
        &chu(&[("7e", "P"), ("6b", "p"), ("11l", "K"), ("1a", "k")], "b"),
    );
    assert_has(&texts(&p), &["7e7d+", "7e7d"]);
    play(&mut p, "7e7d");
    play(&mut p, "1a2a");
    assert_has(&texts(&p), &["7d7c"]);
    assert_lacks(&texts(&p), &["7d7c+"]);
    play(&mut p, "7d7c");
    play(&mut p, "2a1a");
    // Even two turns later the pawn may not promote on 7b (unlike other pieces).
    assert_has(&texts(&p), &["7c7b"]);
    assert_lacks(&texts(&p), &["7c7b+"]);
    play(&mut p, "7c7b");
    play(&mut p, "1a2a");
    // Last rank: forced.
    assert_has(&texts(&p), &["7b7a+"]);
    assert_lacks(&texts(&p), &["7b7a"]);
}

#[test]
fn deferred_pawn_capture_before_last_rank_does_not_promote() {
    // ◆ chu.md §5.2: a deferred pawn cannot promote before the last rank, even capturing.
    // Pawn on 7c (inside the zone, so it declined on entry) takes a White gold on 7b.
    let got = from(&[("7c", "P"), ("7b", "g")], "7c");
    assert_eq!(got, ["7c7b"]);
}

#[test]
fn pawn_and_lance_must_promote_on_the_last_rank() {
    assert_eq!(from(&[("7b", "P")], "7b"), ["7b7a+"]);
    // Lance on 7c: 7b optional (2 moves), 7a forced (1 move).
    let mut got = from(&[("7c", "L")], "7c");
    got.sort();
    assert_eq!(got, ["7c7a+", "7c7b", "7c7b+"]);
}

#[test]
fn last_rank_overrides_the_suspension() {
    // Lance on 7c suspended (fifth field): 7b without capture may not promote, 7a must.
    let b = board(12, &[("7c", "L"), ("11l", "K"), ("1a", "k")]);
    let mut got = moves_from(CHU, SEED, &format!("{b} b - 1 7c"), "7c");
    got.sort();
    assert_eq!(got, ["7c7a+", "7c7b"]);
}

#[test]
fn white_zone_is_ranks_i_to_l() {
    // White silver on 6h moves toward l: 6i, 5i, 7i enter White's zone.
    let s = chu(&[("6h", "s"), ("11l", "K"), ("1a", "k")], "w");
    let got = moves_from(CHU, SEED, &s, "6h");
    assert_eq!(got.len(), 8, "{got:?}");
    assert_has(&got, &["6h6i+", "6h6i", "6h5i+", "6h7g"]);
    assert_lacks(&got, &["6h7g+"]);
    // White pawn on 6k must promote on 6l.
    let s = chu(&[("6k", "p"), ("11l", "K"), ("1a", "k")], "w");
    assert_eq!(moves_from(CHU, SEED, &s, "6k"), ["6k6l+"]);
}
