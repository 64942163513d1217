//! Horned falcon and soaring eagle (chu.md §4.3): lion power along one or two lines.

use super::*;

fn hf(extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("7g", "+H"), ("11l", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = chu(&pieces, "b");
    (pos(CHU, SEED, &s), moves_from(CHU, SEED, &s, "7g"))
}

fn se(extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("7g", "+D"), ("11l", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = chu(&pieces, "b");
    (pos(CHU, SEED, &s), moves_from(CHU, SEED, &s, "7g"))
}

#[test]
fn falcon_open_board() {
    // B 21 + sideways R 11 + backward R 5 = 37, plus forward: step 7f, jump 7e, pass = 40.
    let (_, got) = hf(&[]);
    assert_eq!(got.len(), 40, "{got:?}");
    assert_has(&got, &["7g7f", "7g7e", "7g7f7g"]);
    // No forward range beyond two squares.
    assert_lacks(&got, &["7g7d", "7g7a"]);
}

#[test]
fn falcon_forward_lion_move_with_an_enemy_ahead() {
    // White pawn on 7f: capture 7f, igui 7f, 7f then 7e, jump 7e = 4 forward moves; no
    // pass (the square ahead is not empty): 37 + 4 = 41.
    let (p, got) = hf(&[("7f", "p")]);
    assert_eq!(got.len(), 41, "{got:?}");
    assert_has(&got, &["7g7f", "7g7f7g", "7g7f7e", "7g7e"]);
    assert!(with_effect(&p, "7g", "7g", &[]).is_empty(), "no pass");
    // It cannot leave the file after the capture.
    assert!(with_effect(&p, "7g", "6e", &["7f"]).is_empty());
    assert!(with_effect(&p, "7g", "8f", &["7f"]).is_empty());
    assert!(p.parse_move("7g7f6e").is_err());
}

#[test]
fn falcon_double_capture_and_friendly_blocker() {
    // Enemies on 7f and 7e: 7g7f7e takes both.
    let (p, _) = hf(&[("7f", "p"), ("7e", "p")]);
    assert_eq!(with_effect(&p, "7g", "7e", &["7f", "7e"]).len(), 1);
    // Friendly gold on 7f: the falcon still jumps to 7e, but no step, igui or pass.
    let (p, got) = hf(&[("7f", "G")]);
    assert_has(&got, &["7g7e"]);
    assert_lacks(&got, &["7g7f"]);
    assert!(with_effect(&p, "7g", "7g", &[]).is_empty(), "no pass");
}

#[test]
fn eagle_open_board() {
    // R 22 + backward B 10 = 32, plus steps 8f 6f, jumps 9e 5e, one pass = 37.
    let (p, got) = se(&[]);
    assert_eq!(got.len(), 37, "{got:?}");
    assert_has(&got, &["7g8f", "7g9e", "7g6f", "7g5e"]);
    assert_lacks(&got, &["7g10d", "7g4d"]);
    assert_eq!(with_effect(&p, "7g", "7g", &[]).len(), 1);
}

#[test]
fn eagle_with_enemies_on_both_forward_diagonals() {
    // White pawns on 8f and 6f: per diagonal capture, igui, capture-then-s2, jump s2 = 4;
    // no pass (both forward-diagonal squares occupied): 32 + 8 = 40.
    let (p, got) = se(&[("8f", "p"), ("6f", "p")]);
    assert_eq!(got.len(), 40, "{got:?}");
    assert_has(&got, &["7g8f7g", "7g6f7g", "7g8f9e", "7g6f5e"]);
    assert!(with_effect(&p, "7g", "7g", &[]).is_empty(), "no pass");
    // Cannot leave the diagonal: 8f then 8e is not an eagle move.
    assert!(with_effect(&p, "7g", "8e", &["8f"]).is_empty());
}

#[test]
fn eagle_pass_needs_one_empty_forward_diagonal() {
    // Enemy on 8f only: 6f is empty, so one pass.
    let (p, _) = se(&[("8f", "p")]);
    assert_eq!(with_effect(&p, "7g", "7g", &[]).len(), 1);
    // Friendly golds on both: no pass, no igui.
    let (p, _) = se(&[("8f", "G"), ("6f", "G")]);
    assert!(p.parse_move("7g8f7g").is_err());
    assert!(with_effect(&p, "7g", "7g", &[]).is_empty());
}

#[test]
fn white_falcon_looks_toward_rank_l() {
    // White HF on 6f (mirror of 7g): forward is 6g, 6h.
    let s = chu(&[("6f", "+h"), ("11l", "K"), ("2a", "k")], "w");
    let got = moves_from(CHU, SEED, &s, "6f");
    assert_eq!(got.len(), 40, "{got:?}");
    assert_has(&got, &["6f6g", "6f6h"]);
    assert_lacks(&got, &["6f6i"]);
}
