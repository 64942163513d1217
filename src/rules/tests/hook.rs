//! Hook mover and long-nosed goblin (daidai.md §4.2): one slide, at most one 90° turn on an
//! empty square, no capture-and-continue, no jumping.

use super::*;

fn from(token: &str, extra: &[(&str, &str)]) -> (Position, Vec<String>) {
    let mut pieces = vec![("9i", token), ("16q", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    let s = dd(&pieces, "b");
    (pos(DD, SEED, &s), moves_from(DD, SEED, &s, "9i"))
}

#[test]
fn hook_mover_reaches_every_square_of_an_open_board() {
    // Every square (f, r) is reached by 9i → 9r → fr or 9i → fi → fr; the two kings block at
    // most one of the two paths of any square. 289 squares − 9i itself − the Black king's
    // square = 287 (the White king on 2a is captured via 9a → 2a).
    let (_, got) = from("(HM)", &[]);
    assert_eq!(got.len(), 287, "{got:?}");
    assert_has(&got, &["9i2a", "9i17q", "9i1a", "9i9a"]);
}

#[test]
fn hook_mover_turns_only_once() {
    // Black golds on 9h, 10i and 8i: only the backward line is open. Turning once on each of
    // 9j..9q (8 ranks) reaches the whole rank: 8 × 17 = 136 squares, minus the Black king on
    // 16q and 17q behind it (reaching 17q would need a second turn): 134.
    let (_, got) = from("(HM)", &[("9h", "G"), ("10i", "G"), ("8i", "G")]);
    assert_eq!(got.len(), 134, "{got:?}");
    assert_has(&got, &["9i1q", "9i15q", "9i17j"]);
    assert_lacks(&got, &["9i17q", "9i12i", "9i9g", "9i12h"]);
}

#[test]
fn no_capture_and_continue() {
    // White pawn on 9f: the hook mover takes it but cannot go on to 9e..9a, which are
    // reachable only along file 9; a turn square must be empty, so it cannot turn on 9f.
    let (_, got) = from("(HM)", &[("9f", "p")]);
    assert_has(&got, &["9i9f", "9i9g", "9i5g"]);
    assert_lacks(&got, &["9i9e", "9i9a"]);
    // 8e is still reachable via 8i (turn at 8i, slide up file 8).
    assert_has(&got, &["9i8e"]);
    // The turn square must be empty: with a Black gold on 8i too, 8f could only be reached
    // by turning on the pawn's square 9f (not allowed) or through 8i (friendly): absent.
    // 8g (turn on empty 9g) is still reached.
    let (_, got) = from("(HM)", &[("9f", "p"), ("8i", "G")]);
    assert_has(&got, &["9i8g", "9i9f"]);
    assert_lacks(&got, &["9i8f", "9i8e"]);
    // A capture after the turn: pawn on 5g reached by 9i → 9g → 5g; 4g only via 4i.
    let (_, got) = from("(HM)", &[("5g", "p")]);
    assert_has(&got, &["9i5g", "9i4g"]);
}

#[test]
fn hook_mover_never_promotes_or_passes() {
    let (p, got) = from("(HM)", &[("9f", "p")]);
    assert!(got.iter().all(|m| !m.ends_with('+')));
    assert!(with_effect(&p, "9i", "9i", &[]).is_empty());
}

#[test]
fn goblin_on_an_open_board() {
    // Diagonal hook from 9i reaches every square of its colour: (file + rank) even, 0-based,
    // 145 squares on 17×17, minus 9i itself = 144 (neither king stands on that colour), plus
    // the 4 W steps = 148.
    let (_, got) = from("(LO)", &[]);
    assert_eq!(got.len(), 148, "{got:?}");
    assert_has(
        &got,
        &["9i9h", "9i10i", "9i1a", "9i17a", "9i9a", "9i1i", "9i9q"],
    );
    // 9g is on the colour (turn at 10h); 9f and 2a are not, and are no W step.
    assert_has(&got, &["9i9g"]);
    assert_lacks(&got, &["9i9f", "9i2a"]);
}

#[test]
fn goblin_turns_once_and_stops_at_captures() {
    // Black golds on 8h, 8j, 10j (three diagonals closed): only the forward-left diagonal
    // 10h, 11g, 12f, …, 17a is open; every destination is on that diagonal or one turn
    // (forward-right or backward-left) away from an empty square of it.
    let (_, got) = from("(LO)", &[("8h", "G"), ("8j", "G"), ("10j", "G")]);
    // 9i → 11g → 9e (turn at 11g onto the forward-right diagonal).
    assert_has(&got, &["9i11g", "9i9e", "9i17a"]);
    // Turn at 10h onto the forward-right diagonal: 9g, 8f.
    assert_has(&got, &["9i9g", "9i8f"]);
    // Squares behind the closed diagonals that need two turns: e.g. 7g (forward-right of
    // 9i, through the friendly 8h) is reachable only by a second turn → absent.
    assert_lacks(&got, &["9i7g", "9i7k"]);
    // Enemy on 11g: captured, nothing beyond it on that diagonal or turning from it.
    let (_, got) = from(
        "(LO)",
        &[("8h", "G"), ("8j", "G"), ("10j", "G"), ("11g", "p")],
    );
    assert_has(&got, &["9i11g"]);
    assert_lacks(&got, &["9i12f", "9i9e"]);
}
