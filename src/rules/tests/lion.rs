//! The lion (chu.md §4.2, daidai.md §4.3): step, jump, double step, igui, pass, and the
//! de-duplication of outcomes.

use super::*;

fn open(lion: &str) -> String {
    chu(&[("7g", lion), ("11l", "K"), ("2a", "k")], "b")
}

#[test]
fn open_board_has_25_distinct_outcomes() {
    // 8 steps + 16 squares at distance two + 1 pass. Double steps through empty squares
    // are steps or jumps again (same destination, nothing captured), so they add nothing.
    let got = moves_from(CHU, SEED, &open("N"), "7g");
    assert_eq!(got.len(), 25, "{got:?}");
    assert_has(
        &got,
        &["7g7f", "7g8h", "7g7e", "7g9e", "7g8e", "7g5h", "7g7f7g"],
    );
    // Nothing beyond distance two.
    assert_lacks(&got, &["7g7d", "7g10g"]);
}

#[test]
fn one_pass_only() {
    let p = pos(CHU, SEED, &open("N"));
    let s = sq(CHU, "7g");
    let passes: Vec<Move> = gen_moves(&p)
        .into_iter()
        .filter(|m| m.from() == s && m.to() == s)
        .collect();
    assert_eq!(passes.len(), 1, "{passes:?}");
    // Any empty neighbour may be named for the pass: it is the same move.
    for via in ["7f", "6h", "8g", "6f"] {
        assert_eq!(p.parse_move(&format!("7g{via}7g")), Ok(passes[0]), "{via}");
    }
}

#[test]
fn step_through_empty_square_is_the_jump() {
    let p = pos(CHU, SEED, &open("N"));
    let jump = p.parse_move("7g7e").unwrap();
    assert_eq!(p.parse_move("7g7f7e"), Ok(jump));
    assert_eq!(p.parse_move("7g8f7e"), Ok(jump));
    let knight = p.parse_move("7g8e").unwrap();
    assert_eq!(p.parse_move("7g7f8e"), Ok(knight));
    assert_eq!(p.parse_move("7g8f8e"), Ok(knight));
    // A step out and back to a neighbour via another empty neighbour is just the step.
    let step = p.parse_move("7g7f").unwrap();
    assert_eq!(p.parse_move("7g8f7f"), Ok(step));
}

#[test]
fn double_capture_igui_and_continuation() {
    // White pawns on 7f and 7e. Ln on 7g may: take 7f (step), take 7e (jump), take 7f then
    // 7e (double capture), take 7f and return (igui), take 7f and move on to an empty
    // neighbour of 7f (e.g. 6e, 8f), change direction (7f then 6f).
    let s = chu(
        &[
            ("7g", "N"),
            ("7f", "p"),
            ("7e", "p"),
            ("11l", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    assert_eq!(with_effect(&p, "7g", "7f", &["7f"]).len(), 1);
    assert_eq!(with_effect(&p, "7g", "7e", &["7e"]).len(), 1);
    assert_eq!(with_effect(&p, "7g", "7e", &["7f", "7e"]).len(), 1);
    assert_eq!(with_effect(&p, "7g", "7g", &["7f"]).len(), 1);
    assert_eq!(with_effect(&p, "7g", "6e", &["7f"]).len(), 1);
    assert_eq!(with_effect(&p, "7g", "6f", &["7f"]).len(), 1);
    // Capturing 7f and then stepping to 6h is not possible: 6h is not adjacent to 7f.
    assert!(with_effect(&p, "7g", "6h", &["7f"]).is_empty());
    let got = texts(&p);
    assert_has(&got, &["7g7f", "7g7e", "7g7f7e", "7g7f7g", "7g7f6e"]);
    // A pass is still possible (many empty neighbours).
    assert_eq!(with_effect(&p, "7g", "7g", &[]).len(), 1);
}

#[test]
fn no_pass_without_an_empty_neighbour() {
    // Ln on 12l (corner): neighbours 11l (Black K), 12k (Black gold), 11k (White pawn).
    // Moves: take 11k (1), igui 11k (1), take 11k then go to an empty neighbour of 11k other
    // than 12l: 10j 11j 12j 10k 10l (5), jumps to the distance-two squares on the board:
    // 10j 11j 12j 10k 10l (5). No pass: no empty neighbour. Total 12.
    let s = chu(
        &[
            ("12l", "N"),
            ("11l", "K"),
            ("12k", "G"),
            ("11k", "p"),
            ("2a", "k"),
        ],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    let got = moves_from(CHU, SEED, &s, "12l");
    assert_eq!(got.len(), 12, "{got:?}");
    assert!(with_effect(&p, "12l", "12l", &[]).is_empty(), "no pass");
    assert_eq!(with_effect(&p, "12l", "12l", &["11k"]).len(), 1, "igui");
    // Cannot pass "through" the enemy pawn.
    assert!(
        p.parse_move("12l11k12l")
            .is_ok_and(|m| p.captures_of(m).len() == 1)
    );
}

#[test]
fn pass_with_a_single_empty_neighbour() {
    // Ln on 12l, 11l Black K, 12k Black gold, 11k empty: exactly one pass, via 11k.
    let s = chu(
        &[("12l", "N"), ("11l", "K"), ("12k", "G"), ("2a", "k")],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    assert_eq!(with_effect(&p, "12l", "12l", &[]).len(), 1);
    assert_has(&texts(&p), &["12l11k12l"]);
    // Naming a friendly neighbour as the pass square is refused.
    assert!(p.parse_move("12l12k12l").is_err());
}

#[test]
fn lion_never_enters_friendly_squares() {
    // Ln on 7g with a Black gold on 7f and a White pawn on 7e: it jumps to 7e (capture) but
    // never steps on 7f; no double step may use 7f.
    let s = chu(
        &[
            ("7g", "N"),
            ("7f", "G"),
            ("7e", "p"),
            ("11l", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    let p = pos(CHU, SEED, &s);
    let got = moves_from(CHU, SEED, &s, "7g");
    assert_lacks(&got, &["7g7f", "7g7f7e", "7g7f7g"]);
    assert_eq!(with_effect(&p, "7g", "7e", &["7e"]).len(), 1);
    // 8 - 1 steps, 16 jumps, pass: 24.
    assert_eq!(got.len(), 24, "{got:?}");
}

#[test]
fn daidai_lion_open_board_and_double_capture() {
    // Same lion in dai dai (daidai.md §4.3): 25 outcomes on an open board from 9i.
    let s = dd(&[("9i", "(LN)"), ("16q", "K"), ("2a", "k")], "b");
    let got = moves_from(DD, SEED, &s, "9i");
    assert_eq!(got.len(), 25, "{got:?}");
    // Enemy on 9h and 8g: the lion takes both (knight-shaped double capture).
    let s = dd(
        &[
            ("9i", "(LN)"),
            ("9h", "p"),
            ("8g", "p"),
            ("16q", "K"),
            ("2a", "k"),
        ],
        "b",
    );
    let p = pos(DD, SEED, &s);
    assert_eq!(with_effect(&p, "9i", "8g", &["9h", "8g"]).len(), 1);
    assert_eq!(with_effect(&p, "9i", "9i", &["9h"]).len(), 1);
}
