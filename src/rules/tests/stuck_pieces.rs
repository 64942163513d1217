//! Pieces on the far rank that cannot move any more (daidai.md §6; chu lishogi last rank).

use super::*;

#[test]
fn daidai_far_rank_pieces_have_no_moves() {
    // Black pawn 9a, lance 8a, stone general 7a, wood general 6a, iron general 5a: all their
    // moves go forward, off the board.
    let pieces = [
        ("9a", "P"),
        ("8a", "L"),
        ("7a", "(SG)"),
        ("6a", "W"),
        ("5a", "I"),
        ("16q", "K"),
        ("1q", "k"),
    ];
    let s = dd(&pieces, "b");
    let p = pos(DD, SEED, &s);
    assert_eq!(p.to_sfen(), s);
    for at in ["9a", "8a", "7a", "6a", "5a"] {
        assert!(moves_from(DD, SEED, &s, at).is_empty(), "{at}");
    }
    // Only the king moves: 16q has 5 neighbours on the board.
    assert_eq!(texts(&p).len(), 5);
    // Same for White on rank q.
    let pieces = [
        ("9q", "p"),
        ("8q", "l"),
        ("7q", "(sg)"),
        ("6q", "w"),
        ("5q", "i"),
        ("16a", "k"),
        ("1a", "K"),
    ];
    let s = dd(&pieces, "w");
    for at in ["9q", "8q", "7q", "6q", "5q"] {
        assert!(moves_from(DD, SEED, &s, at).is_empty(), "{at}");
    }
}

#[test]
fn daidai_moving_onto_the_far_rank_is_legal_and_does_not_promote() {
    // Pawn 9b → 9a, wood general 6c → 5a / 7a (fB2), stone general 3b → 2a / 4a.
    let pieces = [
        ("9b", "P"),
        ("6c", "W"),
        ("3b", "(SG)"),
        ("16q", "K"),
        ("1q", "k"),
    ];
    let got = moves(DD, SEED, &dd(&pieces, "b"));
    assert_has(&got, &["9b9a", "6c4a", "6c8a", "6c5b", "3b2a", "3b4a"]);
    assert!(got.iter().all(|m| !m.ends_with('+')));
}

#[test]
fn chu_pawn_on_last_rank_from_sfen_has_no_moves() {
    // Chu seed never leaves a pawn or lance there, but a position string may: no moves, no
    // error.
    let s = chu(&[("7a", "P"), ("6a", "L"), ("11l", "K"), ("1l", "k")], "b");
    assert!(moves_from(CHU, SEED, &s, "7a").is_empty());
    assert!(moves_from(CHU, SEED, &s, "6a").is_empty());
    assert!(moves_from(CHU, LISHOGI, &s, "7a").is_empty());
}
