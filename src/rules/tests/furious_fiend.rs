//! The furious fiend (daidai.md §4.5): lion ∪ lion dog, only as a promoted lion, never
//! promotes again.

use super::*;

fn ff(extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("9i", "+(LN)"), ("16q", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = dd(&pieces, "b");
    (pos(DD, SEED, &s), moves_from(DD, SEED, &s, "9i"))
}

#[test]
fn open_board() {
    // Lion: 8 steps + 16 distance-two squares + 1 pass = 25; the lion dog adds only the 8
    // third squares of its lines (its s1/s2 outcomes and pass coincide with the lion's): 33.
    let (_, got) = ff(&[]);
    assert_eq!(got.len(), 33, "{got:?}");
    assert_has(&got, &["9i9f", "9i12f", "9i8g", "9i9h"]);
    assert_lacks(&got, &["9i9e", "9i7f"]);
}

#[test]
fn union_of_lion_and_lion_dog() {
    // Enemy on 9h only.
    let (p, got) = ff(&[("9h", "p")]);
    // Lion power: capture 9h then step off the line to 8g.
    assert_eq!(with_effect(&p, "9i", "8g", &["9h"]).len(), 1);
    // Lion-dog power: capture 9h, pass empty 9g, land on 9f.
    assert_eq!(with_effect(&p, "9i", "9f", &["9h"]).len(), 1);
    // Igui and both jumps.
    assert_eq!(with_effect(&p, "9i", "9i", &["9h"]).len(), 1);
    // Never promotes again.
    assert!(got.iter().all(|m| !m.ends_with('+')), "{got:?}");
}

#[test]
fn three_captures_along_a_line() {
    let (p, got) = ff(&[("9h", "p"), ("9g", "p"), ("9f", "p")]);
    assert_has(&got, &["9i9h9g9f"]);
    assert_eq!(with_effect(&p, "9i", "9f", &["9h", "9g", "9f"]).len(), 1);
    // Out to s2 and back to s1.
    assert_eq!(with_effect(&p, "9i", "9h", &["9h", "9g"]).len(), 1);
}

#[test]
fn made_by_promoting_a_lion() {
    // A lion capturing promotes to a furious fiend at the end of the move.
    let s = dd(
        &[("9i", "(LN)"), ("9h", "p"), ("16q", "K"), ("2a", "k")],
        "b",
    );
    let mut p = pos(DD, SEED, &s);
    play(&mut p, "9i9h+");
    assert!(p.to_sfen().contains("+(LN)"), "{}", p.to_sfen());
    play(&mut p, "2a2b");
    // From 9h (three squares of room in every direction) the fiend has the 33 outcomes of
    // an open board.
    let from_9h: Vec<String> = texts(&p)
        .into_iter()
        .filter(|m| m.starts_with("9h"))
        .collect();
    assert_eq!(from_9h.len(), 33, "{from_9h:?}");
}
