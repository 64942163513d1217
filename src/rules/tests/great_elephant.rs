//! The great elephant (daidai.md §4.6): R + bB + fB2, lion-dog power along the orthogonals
//! and backward diagonals only; exists only as a promoted lion dog.

use super::*;

fn ge(extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("9i", "+(LD)"), ("16q", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = dd(&pieces, "b");
    (pos(DD, SEED, &s), moves_from(DD, SEED, &s, "9i"))
}

#[test]
fn open_board() {
    // From 9i every line has 8 squares: R 32 + bB 16 + fB2 4 = 52; the lion-dog outcomes on
    // an open board are the same squares, plus one pass: 53.
    let (p, got) = ge(&[]);
    assert_eq!(got.len(), 53, "{got:?}");
    assert_has(&got, &["9i9a", "9i17i", "9i1q", "9i11g", "9i7g"]);
    assert_lacks(&got, &["9i12f", "9i6f"]);
    assert_eq!(with_effect(&p, "9i", "9i", &[]).len(), 1);
}

#[test]
fn lion_dog_power_on_orthogonals_and_backward_diagonals() {
    // Enemy ahead (9h): igui, and capture-then-continue along the file.
    let (p, _) = ge(&[("9h", "p")]);
    assert_eq!(with_effect(&p, "9i", "9i", &["9h"]).len(), 1);
    assert_eq!(with_effect(&p, "9i", "9f", &["9h"]).len(), 1);
    // Friendly ahead: the slide is blocked but the dog jumps to s2 and s3.
    let (_, got) = ge(&[("9h", "G")]);
    assert_has(&got, &["9i9g", "9i9f"]);
    assert_lacks(&got, &["9i9e"]);
    // Backward diagonal (10j): igui available.
    let (p, _) = ge(&[("10j", "p")]);
    assert_eq!(with_effect(&p, "9i", "9i", &["10j"]).len(), 1);
}

#[test]
fn no_lion_power_on_forward_diagonals() {
    // Enemy on 10h (forward-left): plain capture only, no igui, no continuation.
    let (p, got) = ge(&[("10h", "p")]);
    assert_has(&got, &["9i10h"]);
    assert!(with_effect(&p, "9i", "9i", &["10h"]).is_empty());
    assert!(with_effect(&p, "9i", "11g", &["10h"]).is_empty());
    // Friendly on 10h: no jump to 11g.
    let (_, got) = ge(&[("10h", "G")]);
    assert_lacks(&got, &["9i11g", "9i10h"]);
}

#[test]
fn never_promotes() {
    let (_, got) = ge(&[("9h", "p"), ("10h", "p")]);
    assert!(got.iter().all(|m| !m.ends_with('+')), "{got:?}");
}
