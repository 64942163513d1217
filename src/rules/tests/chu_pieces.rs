//! Every chu piece alone on an open board (chu.md §3, §4, §5.1): the number of moves from 7g
//! for Black and, by the 180° symmetry of §2, from 6f for White, proved by hand.
//!
//! Geometry from 7g (kings on 11l and 2a stand on none of these lines; a star = Black's
//! promotion zone a–d):
//! - forward 7f 7e 7d* 7c* 7b* 7a* (6, 4 in zone), backward 7h..7l (5),
//! - left 8g..12g (5), right 6g..1g (6),
//! - forward-left 8f 9e 10d* 11c* 12b* (5, 3 in zone), forward-right 6f 5e 4d* 3c* 2b* 1a*
//!   (6, 4 in zone), backward-left 8h..12l (5), backward-right 6h..2l (5).
//!
//! So R reaches 22 squares (4 in zone), B 21 (7 in zone). Under seed rules a promotable piece
//! moving from 7g (outside the zone) into the zone has two moves (promote or not), elsewhere
//! one; the lance must promote on 7a (rule 7).

use super::*;

/// (SFEN token, moves from 7g, derivation)
const CASES: &[(&str, usize, &str)] = &[
    ("Q", 43, "FK: all 8 lines 6+5+5+6+5+6+5+5, never promotes"),
    ("D", 30, "DK: R 22 + F 4 = 26 squares, +4 zone promotions"),
    ("H", 32, "DH: B 21 + W 4 = 25 squares, +7 zone promotions"),
    ("R", 26, "R: 22 squares + 4 in zone"),
    ("B", 28, "B: 21 squares + 7 in zone"),
    ("O", 8, "Kr: F 4 + D 4 (7e, 7i, 9g, 5g), none in zone"),
    ("X", 8, "Ph: W 4 + A 4 (9e, 5e, 9i, 5i), none in zone"),
    ("E", 7, "DE: F 4 + fW + sW 2"),
    ("T", 7, "BT: F 4 + bW + sW 2"),
    ("F", 6, "FL: F 4 + vW 2"),
    ("G", 6, "G: W 4 + fF 2"),
    ("S", 5, "S: F 4 + fW"),
    ("C", 4, "C: fK 3 + bW"),
    ("V", 17, "VM: vR 11 + sW 2 = 13 squares, +4 zone promotions"),
    ("M", 13, "SM: sR 11 + vW 2, nothing in zone"),
    ("A", 15, "RC: vR 11 squares, +4 zone promotions"),
    (
        "L",
        9,
        "L: 7f 7e once, 7d 7c 7b twice, 7a forced promotion once",
    ),
    ("I", 2, "GB: 7f, 7h"),
    ("P", 1, "P: 7f"),
    (
        "N",
        25,
        "Ln: 8 steps + 16 jumps + 1 pass (neighbours empty)",
    ),
    ("+E", 8, "CP: K"),
    ("+T", 17, "FS: K 8 + vR beyond the first square 5 + 4"),
    ("+V", 32, "FO: B 21 + vR 11"),
    ("+M", 32, "FBo: B 21 + sR 11"),
    ("+H", 40, "HF: B 21 + sR 11 + bR 5 + step 7f, jump 7e, pass"),
    (
        "+D",
        37,
        "SE: R 22 + bB 10 + steps 8f 6f, jumps 9e 5e, pass",
    ),
    ("+A", 21, "Whale: vR 11 + bB 10"),
    ("+L", 22, "WH: vR 11 + fB 11"),
    ("+P", 6, "tokin: W 4 + fF 2"),
    ("+I", 7, "promoted GB moves as DE, never promotes again"),
    ("+G", 22, "promoted G = R, no promotion"),
    ("+S", 13, "promoted S = VM, no promotion"),
    ("+C", 13, "promoted C = SM"),
    ("+F", 21, "promoted FL = B, no promotion"),
    ("+B", 25, "promoted B = DH, no promotion"),
    ("+R", 26, "promoted R = DK, no promotion"),
    ("+O", 25, "promoted Kr = Ln"),
    ("+X", 43, "promoted Ph = FK"),
];

#[test]
fn every_black_piece_from_7g() {
    for &(token, n, why) in CASES {
        let s = chu(&[("7g", token), ("11l", "K"), ("2a", "k")], "b");
        let got = moves_from(CHU, SEED, &s, "7g");
        assert_eq!(got.len(), n, "{token} ({why}): {got:?}");
    }
}

#[test]
fn every_white_piece_from_6f_mirrors_black() {
    // 6f is 7g rotated by 180°, and the kings 11l/2a map onto each other's squares.
    for &(token, n, why) in CASES {
        let t = token.to_ascii_lowercase();
        let s = chu(&[("6f", &t), ("11l", "K"), ("2a", "k")], "w");
        let got = moves_from(CHU, SEED, &s, "6f");
        assert_eq!(got.len(), n, "white {t} ({why}): {got:?}");
    }
}

#[test]
fn king_from_7g() {
    // K steps to the 8 neighbours; the king never promotes.
    let s = chu(&[("7g", "K"), ("2a", "k")], "b");
    let got = moves_from(CHU, SEED, &s, "7g");
    assert_eq!(got.len(), 8, "{got:?}");
}

#[test]
fn directional_pieces_use_the_owner_forward() {
    // Black copper (fK bW) on 7g: 7f 8f 6f 7h; White copper on 6f moves toward l: 6g 7g 5g 6e.
    let s = chu(&[("7g", "C"), ("11l", "K"), ("2a", "k")], "b");
    let mut got = moves_from(CHU, SEED, &s, "7g");
    got.sort();
    assert_eq!(got, ["7g6f", "7g7f", "7g7h", "7g8f"]);
    let s = chu(&[("6f", "c"), ("11l", "K"), ("2a", "k")], "w");
    let mut got = moves_from(CHU, SEED, &s, "6f");
    got.sort();
    assert_eq!(got, ["6f5g", "6f6e", "6f6g", "6f7g"]);
    // Drunk elephant: everything but straight back. Blind tiger: everything but straight
    // forward.
    let s = chu(&[("7g", "E"), ("11l", "K"), ("2a", "k")], "b");
    let got = moves_from(CHU, SEED, &s, "7g");
    assert_has(&got, &["7g7f"]);
    assert_lacks(&got, &["7g7h"]);
    let s = chu(&[("7g", "T"), ("11l", "K"), ("2a", "k")], "b");
    let got = moves_from(CHU, SEED, &s, "7g");
    assert_has(&got, &["7g7h"]);
    assert_lacks(&got, &["7g7f"]);
}

#[test]
fn rangers_stop_at_pieces() {
    // Black rook on 7g, Black gold on 7e, White pawn on 10g: forward only 7f, left 8g 9g and
    // the capture 10g; backward 5, right 6: 1 + 3 + 5 + 6 = 15 moves, none into the zone.
    let s = chu(
        &[
            ("7g", "R"),
            ("7e", "G"),
            ("10g", "p"),
            ("11l", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    let got = moves_from(CHU, SEED, &s, "7g");
    assert_eq!(got.len(), 15, "{got:?}");
    assert_has(&got, &["7g10g", "7g7f"]);
    assert_lacks(&got, &["7g7e", "7g11g", "7g7d"]);
}

#[test]
fn jumpers_jump_over_pieces() {
    // Kirin and phoenix jump to their distance-two squares over anything, but not onto a
    // friendly piece. Kr on 7g, all 8 neighbours Black golds: still its 4 D jumps; the F
    // steps are blocked.
    let mut pieces = vec![("7g", "O"), ("11l", "K"), ("2a", "k")];
    for n in ["7f", "7h", "8g", "6g", "8f", "6f", "8h", "6h"] {
        pieces.push((n, "G"));
    }
    let got = moves_from(CHU, SEED, &chu(&pieces, "b"), "7g");
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(sorted, ["7g5g", "7g7e", "7g7i", "7g9g"]);
    pieces[0] = ("7g", "X");
    let mut got = moves_from(CHU, SEED, &chu(&pieces, "b"), "7g");
    got.sort();
    assert_eq!(got, ["7g5e", "7g5i", "7g9e", "7g9i"]);
}
