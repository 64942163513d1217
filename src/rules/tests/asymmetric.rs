//! Left/right asymmetric dai dai pieces (daidai.md §1, §3, §11.3): left and right are the
//! owner's. Black's right is toward file 1; White's right is toward file 17.
//!
//! Black piece on 9i, lines of 8 squares each: forward 9h..9a, backward 9j..9q, left
//! 10i..17i, right 8i..1i, forward-left 10h..17a, forward-right 8h..1a, backward-left
//! 10j..17q, backward-right 8j..1q. Kings on 16q and 2a lie on none of them.
//! White piece on 9i: forward is toward q, its right toward file 17, so its forward-right
//! diagonal is 10j..17q and its forward-left 8j..1q.

use super::*;

fn black(token: &str) -> Vec<String> {
    moves_from(
        DD,
        SEED,
        &dd(&[("9i", token), ("16q", "K"), ("2a", "k")], "b"),
        "9i",
    )
}

fn white(token: &str) -> Vec<String> {
    moves_from(
        DD,
        SEED,
        &dd(&[("9i", token), ("16q", "K"), ("2a", "k")], "w"),
        "9i",
    )
}

#[test]
fn right_and_left_general() {
    // RG: king moves except the step to its right. Black: no 8i. White: no 10i.
    let b = black("(RG)");
    assert_eq!(b.len(), 7);
    assert_has(&b, &["9i10i", "9i9h", "9i9j", "9i8h", "9i8j"]);
    assert_lacks(&b, &["9i8i"]);
    let w = white("(rg)");
    assert_eq!(w.len(), 7);
    assert_has(&w, &["9i8i"]);
    assert_lacks(&w, &["9i10i"]);
    // LG: all but the left step. Black: no 10i. White: no 8i.
    let b = black("(LG)");
    assert_eq!(b.len(), 7);
    assert_has(&b, &["9i8i"]);
    assert_lacks(&b, &["9i10i"]);
    let w = white("(lg)");
    assert_eq!(w.len(), 7);
    assert_has(&w, &["9i10i"]);
    assert_lacks(&w, &["9i8i"]);
}

#[test]
fn right_and_left_chariot() {
    // RC: fR 8 + forward-right B 8 + backward-left B 8 + bW 1 = 25.
    let b = black("(RC)");
    assert_eq!(b.len(), 25, "{b:?}");
    assert_has(&b, &["9i9a", "9i1a", "9i17q", "9i9j"]);
    assert_lacks(&b, &["9i10h", "9i8j", "9i9k", "9i10i"]);
    let w = white("(rc)");
    assert_eq!(w.len(), 25, "{w:?}");
    assert_has(&w, &["9i9q", "9i17q", "9i1a", "9i9h"]);
    assert_lacks(&w, &["9i8j", "9i10h", "9i9g"]);
    // LC: fR 8 + forward-left B 8 + backward-right B 8 + bW 1 = 25.
    let b = black("(LC)");
    assert_eq!(b.len(), 25, "{b:?}");
    assert_has(&b, &["9i17a", "9i1q", "9i9j"]);
    assert_lacks(&b, &["9i8h", "9i10j"]);
    let w = white("(lc)");
    assert_eq!(w.len(), 25, "{w:?}");
    assert_has(&w, &["9i1q", "9i17a", "9i9h"]);
    assert_lacks(&w, &["9i10j", "9i8h"]);
}

#[test]
fn white_tiger_and_blue_dragon() {
    // WT: vR 16 + forward-left B 8 + sR2 4 + forward-right F 1 = 29.
    let b = black("(WT)");
    assert_eq!(b.len(), 29, "{b:?}");
    assert_has(&b, &["9i9a", "9i9q", "9i17a", "9i11i", "9i7i", "9i8h"]);
    assert_lacks(&b, &["9i7g", "9i12i", "9i10j", "9i8j"]);
    let w = white("(wt)");
    assert_eq!(w.len(), 29, "{w:?}");
    // White's forward-left is 8j..1q, its forward-right step 10j.
    assert_has(&w, &["9i1q", "9i10j"]);
    assert_lacks(&w, &["9i11k", "9i17a", "9i8h"]);
    // BD: sR 16 + forward-right B 8 + vR2 4 + forward-left F 1 = 29.
    let b = black("(BD)");
    assert_eq!(b.len(), 29, "{b:?}");
    assert_has(&b, &["9i17i", "9i1i", "9i1a", "9i9g", "9i9k", "9i10h"]);
    assert_lacks(&b, &["9i11g", "9i9f", "9i8j"]);
    let w = white("(bd)");
    assert_eq!(w.len(), 29, "{w:?}");
    // White's forward-right is 10j..17q, its forward-left step 8j.
    assert_has(&w, &["9i17q", "9i8j"]);
    assert_lacks(&w, &["9i7k", "9i1a"]);
}
