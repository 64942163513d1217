//! Counter-strike (chu.md §6 rule 4) and its SFEN field (§9, third field).

use super::*;

/// chu.md's example: White DK on 10h takes Black's Ln on 7h. Black: R on 1f (open line to
/// 7f along rank f), promoted kirin on 8g, K on 11l. White: Ln on 7f, K on 2a.
const EXAMPLE: &[(&str, &str)] = &[
    ("7h", "N"),
    ("1f", "R"),
    ("8g", "+O"),
    ("11l", "K"),
    ("10h", "d"),
    ("7f", "n"),
    ("2a", "k"),
];

#[test]
fn restriction_after_a_non_lion_takes_a_lion_lasts_one_move() {
    let mut p = pos(CHU, SEED, &chu(EXAMPLE, "w"));
    assert_eq!(p.lion_capture_square(), None);
    play(&mut p, "10h7h"); // DKx7h
    assert_eq!(p.lion_capture_square(), Some(sq(CHU, "7h")));
    assert!(p.to_sfen().contains(" b 7h "), "{}", p.to_sfen());
    let got = texts(&p);
    // Non-lion (rook) may not take the lion on 7f; the rook's other moves remain.
    assert_lacks(&got, &["1f7f"]);
    assert_has(&got, &["1f6f", "1f2f"]);
    // The promoted kirin is a lion: 8g–7f adjacent, rule 1 → legal.
    assert_has(&got, &["8g7f"]);
    // Black makes a quiet move: the state clears.
    play(&mut p, "11l11k");
    assert_eq!(p.lion_capture_square(), None);
    play(&mut p, "2a2b");
    // One move later anything may capture lions again.
    assert_has(&texts(&p), &["1f7f"]);
}

#[test]
fn lion_taking_lion_sets_no_restriction() {
    let mut p = pos(CHU, SEED, &chu(EXAMPLE, "b"));
    play(&mut p, "8g7f"); // +Kr (a lion) x Ln
    assert_eq!(p.lion_capture_square(), None);
}

#[test]
fn lion_capture_under_restriction_still_obeys_rules_1_to_3() {
    // Counter-strike pending (third field 7h). Black promoted kirin on 9g, White Ln on 7f at
    // distance two, protected by a White pawn on 7e: the kirin may not take it (rule 3).
    // Unprotected (no pawn): it may (rule 2).
    let pieces = [
        ("9g", "+O"),
        ("11l", "K"),
        ("7f", "n"),
        ("7e", "p"),
        ("7h", "d"),
        ("2a", "k"),
    ];
    let s = format!("{} b 7h 1", board(12, &pieces));
    assert_lacks(&moves_from(CHU, SEED, &s, "9g"), &["9g7f"]);
    // (The White DK on 7h would guard 7f along the file, so a White pawn far away stands on
    // the counter-strike square instead.)
    let s = format!(
        "{} b 1b 1",
        board(
            12,
            &[pieces[0], pieces[1], pieces[2], pieces[5], ("1b", "p")]
        )
    );
    assert_has(&moves_from(CHU, SEED, &s, "9g"), &["9g7f"]);
}

#[test]
fn sfen_field_sets_the_restriction() {
    let pieces = [
        ("1f", "R"),
        ("11l", "K"),
        ("7f", "n"),
        ("7h", "d"),
        ("2a", "k"),
    ];
    let restricted = format!("{} b 7h 1", board(12, &pieces));
    let free = format!("{} b - 1", board(12, &pieces));
    assert_lacks(&moves(CHU, SEED, &restricted), &["1f7f"]);
    assert_has(&moves(CHU, SEED, &free), &["1f7f"]);
    // The field round-trips and is part of the key.
    let p = pos(CHU, SEED, &restricted);
    assert_eq!(p.to_sfen(), restricted);
    assert_ne!(p.key(), pos(CHU, SEED, &free).key());
    assert_eq!(p.key(), p.compute_key());
}

#[test]
fn seed_forbids_recapture_on_the_same_square_lishogi_allows_it() {
    // White kirin on 7g jumps to 7i taking Black's Ln and promotes (7i is in White's zone):
    // it is now a lion (promoted kirin) on 7i, and the capture was made by a non-lion.
    // Black rook on 7l could take it back along file 7.
    let pieces = [
        ("7i", "N"),
        ("7l", "R"),
        ("11l", "K"),
        ("7g", "o"),
        ("2a", "k"),
    ];
    for (rules, allowed) in [(SEED, false), (LISHOGI, true)] {
        let mut p = pos(CHU, rules, &chu(&pieces, "w"));
        play(&mut p, "7g7i+");
        assert_eq!(p.lion_capture_square(), Some(sq(CHU, "7i")));
        let got = texts(&p);
        assert_eq!(
            got.iter().any(|m| m == "7l7i"),
            allowed,
            "{rules:?}: {got:?}"
        );
    }
}

#[test]
fn lishogi_exception_is_only_for_that_square() {
    // Lishogi: counter-strike square 7h, but the lion stands on 7f: a rook may not take it.
    let pieces = [
        ("1f", "R"),
        ("11l", "K"),
        ("7f", "n"),
        ("7h", "d"),
        ("2a", "k"),
    ];
    let s = format!("{} b 7h 1", board(12, &pieces));
    assert_lacks(&moves(CHU, LISHOGI, &s), &["1f7f"]);
}

#[test]
fn falcon_and_eagle_taking_a_lion_trigger_counter_strike() {
    // HF and SE are not lions: a soaring eagle on 8h taking a lion on 7g (its forward-right
    // diagonal step for Black) sets the counter-strike square.
    let pieces = [("8h", "+D"), ("7g", "n"), ("11l", "K"), ("2a", "k")];
    let mut p = pos(CHU, SEED, &chu(&pieces, "b"));
    play(&mut p, "8h7g");
    assert_eq!(p.lion_capture_square(), Some(sq(CHU, "7g")));
    p.unmake();
    assert_eq!(p.lion_capture_square(), None);
}

#[test]
fn daidai_has_no_counter_strike_state() {
    // Black rook takes the White lion: in dai dai nothing is restricted afterwards and the
    // position is just board + side to move (daidai.md §8).
    let s = dd(
        &[("9i", "R"), ("9f", "(ln)"), ("9q", "K"), ("9a", "k")],
        "b",
    );
    let mut p = pos(DD, SEED, &s);
    play(&mut p, "9i9f");
    assert_eq!(p.lion_capture_square(), None);
    assert_eq!(p.key(), pos(DD, SEED, &p.to_sfen()).key());
}

#[test]
fn daidai_non_lion_may_take_a_lion_right_after_a_lion_was_taken() {
    // White rook takes the Black lion; Black's rook may take White's lion at once.
    let pieces = [
        ("9i", "(LN)"),
        ("1f", "R"),
        ("9q", "K"),
        ("9a", "r"),
        ("5f", "(ln)"),
        ("17a", "k"),
    ];
    let mut p = pos(DD, SEED, &dd(&pieces, "w"));
    play(&mut p, "9a9i");
    assert_has(&texts(&p), &["1f5f"]);
}

/// lishogi's server (scalashogi) judges the ban by the destination only: in the issue's
/// position it accepts a horned falcon's capture of a lion on its first step when the move
/// ends elsewhere (igui `7h7i7h`, capture and continue `7h7i7j`) and refuses the plain
/// capture `7h7i`; the seed rules refuse all three. The naive generator agrees, and the
/// counter-strike square after such a move is the falcon's, so that its SFEN reads back.
#[test]
fn lishogi_falcon_and_eagle_may_take_a_lion_on_a_first_step_during_the_ban() {
    let falcon = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";
    // The soaring eagle's lion power: its forward diagonals (White: toward rank l).
    let eagle = "k11/12/12/12/6P5/12/12/5+d6/6N5/12/12/11K w 6e 2";
    for (sfen, from, lion, beyond) in [(falcon, "7h", "7i", "7j"), (eagle, "7h", "6i", "5j")] {
        let igui = format!("{from}{lion}{from}");
        let on = format!("{from}{lion}{beyond}");
        let plain = format!("{from}{lion}");
        let lishogi = moves_from(CHU, LISHOGI, sfen, from);
        assert_has(&lishogi, &[&igui, &on]);
        assert_lacks(&lishogi, &[&plain]);
        let seed = moves_from(CHU, SEED, sfen, from);
        assert_lacks(&seed, &[&igui, &on, &plain]);
        for rules in [SEED, LISHOGI] {
            let p = pos(CHU, rules, sfen);
            assert_eq!(
                crate::rules::naive::naive_moves(&p),
                crate::rules::naive::fast_moves(&p),
                "{sfen}"
            );
        }
        for text in [&igui, &on] {
            let mut p = pos(CHU, LISHOGI, sfen);
            play(&mut p, text);
            let to = &text[text.len() - 2..];
            assert_eq!(p.lion_capture_square(), Some(sq(CHU, to)), "{text}");
            let back = pos(CHU, LISHOGI, &p.to_sfen());
            assert_eq!(back.key(), p.key(), "{text}: {}", p.to_sfen());
        }
    }
}
