//! The lion dog (daidai.md §4.4): every row of the outcome table, the two "not allowed"
//! cases, and the count on an open board. Lion dog on 9i looking forward (s1 9h, s2 9g,
//! s3 9f). Enemy = White pawn, friend = Black gold. The lion dog promotes (to great
//! elephant) at the end of its first capturing move, so every capture carries `+`.

use super::*;

fn ld(extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("9i", "(LD)"), ("16q", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = dd(&pieces, "b");
    (pos(DD, SEED, &s), moves_from(DD, SEED, &s, "9i"))
}

#[test]
fn open_board() {
    // Per direction: s1 (step), s2 (jump), s3 (jump) = 24, plus one pass = 25.
    let (p, got) = ld(&[]);
    assert_eq!(got.len(), 25, "{got:?}");
    assert_has(&got, &["9i9h", "9i9g", "9i9f", "9i12f", "9i6l", "9i9l"]);
    // Not a lion: no knight jumps, nothing off the 8 lines.
    assert_lacks(&got, &["9i8g", "9i10g", "9i9e"]);
    // A path through empty squares is the jump.
    assert_eq!(p.parse_move("9i9h9g9f"), p.parse_move("9i9f"));
    assert_eq!(p.parse_move("9i9h9g"), p.parse_move("9i9g"));
}

#[test]
fn row_s1() {
    // s1 not friendly; captures s1 if enemy.
    let (_, got) = ld(&[]);
    assert_has(&got, &["9i9h"]);
    let (p, got) = ld(&[("9h", "p")]);
    assert_has(&got, &["9i9h+"]);
    assert_lacks(&got, &["9i9h"]);
    assert_eq!(with_effect(&p, "9i", "9h", &["9h"]).len(), 1);
    let (_, got) = ld(&[("9h", "G")]);
    assert!(got.iter().all(|m| !m.starts_with("9i9h")), "{got:?}");
}

#[test]
fn row_s1_out_and_back() {
    // s2 enemy, s1 empty: out to s2 and back to s1, capturing s2.
    let (p, _) = ld(&[("9g", "p")]);
    assert_eq!(with_effect(&p, "9i", "9h", &["9g"]).len(), 1);
    assert!(p.parse_move("9i9h9g9h+").is_ok());
    // s2 and s1 enemy: both captured, ending on s1.
    let (p, _) = ld(&[("9h", "p"), ("9g", "p")]);
    assert_eq!(with_effect(&p, "9i", "9h", &["9h", "9g"]).len(), 1);
    // s1 friendly: the dog cannot end on it.
    let (p, _) = ld(&[("9h", "G"), ("9g", "p")]);
    assert!(with_effect(&p, "9i", "9h", &["9g"]).is_empty());
}

#[test]
fn row_s2_jump() {
    // s1 any content (here friendly), s2 empty or enemy.
    let (p, got) = ld(&[("9h", "G")]);
    assert_has(&got, &["9i9g"]);
    assert_eq!(with_effect(&p, "9i", "9g", &[]).len(), 1);
    let (p, got) = ld(&[("9h", "G"), ("9g", "p")]);
    assert_has(&got, &["9i9g+"]);
    assert_eq!(with_effect(&p, "9i", "9g", &["9g"]).len(), 1);
    // s2 friendly: no move to s2.
    let (p, _) = ld(&[("9g", "G")]);
    assert!(gen_moves(&p).iter().all(|m| m.to() != sq(DD, "9g")));
}

#[test]
fn row_s2_after_capturing_s1() {
    // s1 enemy, s2 empty: capture s1, move on to s2.
    let (p, got) = ld(&[("9h", "p")]);
    assert_has(&got, &["9i9h9g+"]);
    assert_eq!(with_effect(&p, "9i", "9g", &["9h"]).len(), 1);
    // s1 and s2 enemy: both captured; the plain jump taking only s2 also exists.
    let (p, _) = ld(&[("9h", "p"), ("9g", "p")]);
    assert_eq!(with_effect(&p, "9i", "9g", &["9h", "9g"]).len(), 1);
    assert_eq!(with_effect(&p, "9i", "9g", &["9g"]).len(), 1);
}

#[test]
fn row_s3_direct_jump() {
    // s1 and s2 friendly, s3 empty / enemy.
    let (p, got) = ld(&[("9h", "G"), ("9g", "G")]);
    assert_has(&got, &["9i9f"]);
    assert_eq!(with_effect(&p, "9i", "9f", &[]).len(), 1);
    let (p, _) = ld(&[("9h", "G"), ("9g", "G"), ("9f", "p")]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9f"]).len(), 1);
}

#[test]
fn row_s3_after_capturing_s2() {
    // s1 friendly, s2 enemy: jump to s2 capturing, then on to s3 (empty or enemy).
    let (p, got) = ld(&[("9h", "G"), ("9g", "p")]);
    assert_has(&got, &["9i9g9f+"]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9g"]).len(), 1);
    let (p, _) = ld(&[("9h", "G"), ("9g", "p"), ("9f", "p")]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9g", "9f"]).len(), 1);
}

#[test]
fn row_s3_after_capturing_s1() {
    // s1 enemy, s2 empty: s1 and s3 (if enemy) captured.
    let (p, _) = ld(&[("9h", "p")]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9h"]).len(), 1);
    let (p, _) = ld(&[("9h", "p"), ("9f", "p")]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9h", "9f"]).len(), 1);
    // s1, s2, s3 enemy: three captures.
    let (p, got) = ld(&[("9h", "p"), ("9g", "p"), ("9f", "p")]);
    assert_has(&got, &["9i9h9g9f+"]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9h", "9g", "9f"]).len(), 1);
}

#[test]
fn row_origin_igui_and_pass() {
    // s1 enemy: igui.
    let (p, got) = ld(&[("9h", "p")]);
    assert_has(&got, &["9i9h9i+"]);
    assert_eq!(with_effect(&p, "9i", "9i", &["9h"]).len(), 1);
    // Open board: exactly one pass, which never promotes.
    let (p, _) = ld(&[]);
    let passes = with_effect(&p, "9i", "9i", &[]);
    assert_eq!(passes.len(), 1);
    assert!(!passes[0].promotes());
    // All 8 neighbours friendly: no pass.
    let mut extra = Vec::new();
    for n in ["9h", "9j", "10i", "8i", "10h", "8h", "10j", "8j"] {
        extra.push((n, "G"));
    }
    let (p, _) = ld(&extra);
    assert!(with_effect(&p, "9i", "9i", &[]).is_empty());
}

#[test]
fn not_allowed_s1_and_s3_over_an_occupied_s2() {
    // s1 enemy, s2 friendly, s3 enemy: no move captures both s1 and s3.
    let (p, _) = ld(&[("9h", "p"), ("9g", "G"), ("9f", "p")]);
    assert!(with_effect(&p, "9i", "9f", &["9h", "9f"]).is_empty());
    assert!(p.parse_move("9i9h9f+").is_err());
    // The separate captures exist.
    assert_eq!(with_effect(&p, "9i", "9f", &["9f"]).len(), 1);
    assert_eq!(with_effect(&p, "9i", "9h", &["9h"]).len(), 1);
    // Same with an enemy on s2 that is jumped over without being taken: not allowed.
    let (p, _) = ld(&[("9h", "p"), ("9g", "p"), ("9f", "p")]);
    assert!(with_effect(&p, "9i", "9f", &["9h", "9f"]).is_empty());
}

#[test]
fn not_allowed_igui_on_s2() {
    // s1 empty, s2 enemy: no move returns to the origin having captured s2.
    let (p, _) = ld(&[("9g", "p")]);
    assert!(with_effect(&p, "9i", "9i", &["9g"]).is_empty());
    assert!(p.parse_move("9i9h9g9i+").is_err());
    // With s1 enemy too, returning to O after s2 is still a fourth step.
    let (p, _) = ld(&[("9h", "p"), ("9g", "p")]);
    assert!(with_effect(&p, "9i", "9i", &["9h", "9g"]).is_empty());
}

#[test]
fn the_dog_cannot_leave_its_line() {
    let (p, _) = ld(&[("9h", "p")]);
    assert!(with_effect(&p, "9i", "8g", &["9h"]).is_empty());
    assert!(with_effect(&p, "9i", "10h", &["9h"]).is_empty());
    assert!(p.parse_move("9i9h8g+").is_err());
}

#[test]
fn white_lion_dog_backward_diagonal() {
    // White dog on 9i, line toward Black's side along the diagonal 10j, 11k, 12l: enemy
    // (Black pawns) on 10j and 11k, then capture both and land on 12l.
    let s = dd(
        &[
            ("9i", "(ld)"),
            ("10j", "P"),
            ("11k", "P"),
            ("16q", "K"),
            ("2a", "k"),
        ],
        "w",
    );
    let p = pos(DD, SEED, &s);
    assert_eq!(with_effect(&p, "9i", "12l", &["10j", "11k"]).len(), 1);
    assert_eq!(with_effect(&p, "9i", "10j", &["10j", "11k"]).len(), 1);
}
