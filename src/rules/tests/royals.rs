//! Royal pieces and the end of the game (chu.md §7, daidai.md §7): a side with no royal
//! left has no moves; the crown prince is a second royal in chu; dai dai has only the king.

use super::*;
use crate::rules::Color;

#[test]
fn crown_prince_alone_still_moves() {
    // Black has only a crown prince (promoted DE) on 7g: it steps as a king, 8 moves.
    let s = chu(&[("7g", "+E"), ("2a", "k")], "b");
    let p = pos(CHU, SEED, &s);
    assert_eq!(p.royal_count(Color::Black), 1);
    assert_eq!(texts(&p).len(), 8);
}

#[test]
fn no_royal_no_moves() {
    // Black has a rook and a lion but no king or prince: no moves (and no panic).
    let s = chu(&[("7g", "R"), ("5g", "N"), ("2a", "k")], "b");
    let p = pos(CHU, SEED, &s);
    assert_eq!(p.royal_count(Color::Black), 0);
    assert!(texts(&p).is_empty());
    // A drunk elephant is not royal until it promotes.
    let s = chu(&[("7g", "E"), ("2a", "k")], "b");
    assert!(moves(CHU, SEED, &s).is_empty());
}

#[test]
fn promoting_the_drunk_elephant_adds_a_royal() {
    let mut p = pos(
        CHU,
        SEED,
        &chu(&[("7e", "E"), ("11l", "K"), ("2a", "k")], "b"),
    );
    play(&mut p, "7e7d+");
    assert_eq!(p.royal_count(Color::Black), 2);
    assert_eq!(
        sorted(p.royal_squares(Color::Black)),
        [sq(CHU, "7d"), sq(CHU, "11l")]
    );
    p.unmake();
    assert_eq!(p.royal_count(Color::Black), 1);
    assert_eq!(p.other_count(Color::Black), 1);
    assert_eq!(p.royal_squares(Color::Black), [sq(CHU, "11l")]);
}

fn sorted(squares: &[Square]) -> Vec<Square> {
    let mut v = squares.to_vec();
    v.sort();
    v
}

#[test]
fn royal_squares_follow_moves_captures_and_unmake() {
    // The White rook takes the Black king on 7l; the prince on 1l is then the only royal
    // square listed, and unmaking brings the king's square back.
    let mut p = pos(
        CHU,
        SEED,
        &chu(&[("7a", "r"), ("7l", "K"), ("1l", "+E"), ("12a", "k")], "w"),
    );
    assert_eq!(
        sorted(p.royal_squares(Color::Black)),
        [sq(CHU, "1l"), sq(CHU, "7l")]
    );
    play(&mut p, "7a7l");
    assert_eq!(p.royal_squares(Color::Black), [sq(CHU, "1l")]);
    play(&mut p, "1l2k");
    assert_eq!(p.royal_squares(Color::Black), [sq(CHU, "2k")]);
    p.unmake();
    p.unmake();
    assert_eq!(
        sorted(p.royal_squares(Color::Black)),
        [sq(CHU, "1l"), sq(CHU, "7l")]
    );
    assert_eq!(p.royal_squares(Color::White), [sq(CHU, "12a")]);
}

#[test]
fn capturing_the_king_leaves_the_prince_playing() {
    // White rook on 7a takes the Black king on 7l (file 7 open). With a crown prince on 1l
    // Black still has moves; without it Black has none.
    for (prince, has_moves) in [(true, true), (false, false)] {
        let mut pieces = vec![("7a", "r"), ("7l", "K"), ("12a", "k")];
        if prince {
            pieces.push(("1l", "+E"));
        }
        let mut p = pos(CHU, SEED, &chu(&pieces, "w"));
        play(&mut p, "7a7l");
        assert_eq!(!texts(&p).is_empty(), has_moves, "prince: {prince}");
    }
}

#[test]
fn daidai_king_capture_ends_the_game() {
    // White rook on 9a takes the Black king on 9q: Black has no moves, though it still has
    // a neighbouring king (not royal in dai dai).
    let pieces = [("9a", "r"), ("9q", "K"), ("1q", "(NK)"), ("17a", "k")];
    let mut p = pos(DD, SEED, &dd(&pieces, "w"));
    play(&mut p, "9a9q");
    assert_eq!(p.royal_count(Color::Black), 0);
    assert!(texts(&p).is_empty());
    p.unmake();
    assert_eq!(p.royal_count(Color::Black), 1);
    // A side whose only king-like piece is a neighbouring king has no moves.
    let s = dd(&[("9i", "(NK)"), ("17a", "k")], "b");
    assert!(moves(DD, SEED, &s).is_empty());
}

#[test]
fn moving_into_check_is_legal() {
    // The Black king on 7l may step onto 6l and 6k, which the White rook on 6a attacks:
    // generation is pseudo-legal (chu.md §7).
    let s = chu(&[("7l", "K"), ("6a", "r"), ("12a", "k")], "b");
    assert_has(&moves(CHU, SEED, &s), &["7l6l", "7l6k"]);
}
