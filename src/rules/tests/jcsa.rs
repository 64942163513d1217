//! The `jcsa` rule set (shared/rules/chu-jcsa.md): each difference from `lishogi` on a small
//! position, the examples of its §6 first. Expectations come from the rules text.

use super::*;
use crate::rules::outcome::{EndReason, GameResult};

/// §6.1: a Black rook takes White's lion; during White's next move the ban forbids taking
/// Black's protected lion (4e, gold 4f behind it) with any piece, but allows taking Black's
/// unprotected lion (the promoted kirin on 10d). lishogi bans both.
#[test]
fn the_ban_forbids_only_a_protected_lion() {
    let pieces = [
        ("1a", "k"),
        ("4a", "r"),
        ("10a", "r"),
        ("7e", "n"),
        ("4e", "N"),
        ("4f", "G"),
        ("10d", "+O"),
        ("7j", "R"),
        ("12l", "K"),
    ];
    for (rules, unprotected_ok) in [(JCSA, true), (LISHOGI, false)] {
        let mut p = pos(CHU, rules, &chu(&pieces, "b"));
        play(&mut p, "7j7e"); // rook takes the lion: the ban starts
        assert_eq!(p.lion_capture_square(), Some(sq(CHU, "7e")));
        let got = texts(&p);
        assert_lacks(&got, &["4a4e"]); // protected by the gold
        assert_has(&got, &["4a4d", "10a10c"]);
        assert_eq!(
            got.iter().any(|m| m == "10a10d"),
            unprotected_ok,
            "{rules:?}"
        );
        // Without the ban both captures are legal.
        let mut q = pos(CHU, rules, &chu(&pieces, "b"));
        play(&mut q, "7j7i");
        let got = texts(&q);
        assert_has(&got, &["4a4e", "10a10d"]);
    }
}

/// The ban binds lions too, with its exceptions: a lion may take an adjacent protected lion,
/// and may take the piece in between and the protected lion together (tsukegui), but may not
/// jump onto a protected lion. Counter-strike square 3c (a White dragon king took a lion).
#[test]
fn during_the_ban_a_lion_takes_an_adjacent_lion_or_by_tsukegui() {
    let base = [("1a", "k"), ("3c", "d"), ("7e", "g"), ("12l", "K")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut v: Vec<(&str, &str)> = base.to_vec();
        v.extend_from_slice(extra);
        format!("{} b 3c 1", board(12, &v))
    };
    // Adjacent: the White lion on 7f, the Black lion on 7g.
    let adjacent = with(&[("7f", "n"), ("7g", "N")]);
    assert_has(&moves_from(CHU, JCSA, &adjacent, "7g"), &["7g7f", "7g7f7g"]);
    // Distance two, protected by the gold 7e: no jump.
    let distant = with(&[("7f", "n"), ("7h", "N")]);
    assert_lacks(&moves_from(CHU, JCSA, &distant, "7h"), &["7h7f"]);
    // Tsukegui over a silver: legal; over a pawn: illegal (a pawn is no bridge).
    let silver = with(&[("7f", "n"), ("6g", "s"), ("7h", "N")]);
    assert_has(&moves_from(CHU, JCSA, &silver, "7h"), &["7h6g7f"]);
    let pawn = with(&[("7f", "n"), ("6g", "p"), ("7h", "N")]);
    assert_lacks(&moves_from(CHU, JCSA, &pawn, "7h"), &["7h6g7f"]);
    // Unprotected distant lion (no gold): the jump is legal during the ban.
    let free = format!(
        "{} b 3c 1",
        board(
            12,
            &[
                ("1a", "k"),
                ("3c", "d"),
                ("7f", "n"),
                ("7h", "N"),
                ("12l", "K")
            ]
        )
    );
    assert_has(&moves_from(CHU, JCSA, &free, "7h"), &["7h7f"]);
}

/// §6.2: during the ban a horned falcon may not take a protected lion on its first step
/// (igui `7h7i7h`, or capture and continue `7h7i7j`), though lishogi's server accepts both;
/// an unprotected lion it may take on any step. The position of docs/rules.md (White to
/// move, Black's pawn 6e took a lion), with a Black gold on 7j protecting the lion on 7i.
#[test]
fn the_ban_covers_a_falcons_first_step() {
    let protected = "k11/12/12/12/6P5/12/12/5+h6/5N6/5G6/12/11K w 6e 2";
    let falcon = |rules| moves_from(CHU, rules, protected, "7h");
    assert_lacks(&falcon(JCSA), &["7h7i", "7h7i7h", "7h7i7j"]);
    assert_has(&falcon(LISHOGI), &["7h7i7h", "7h7i7j"]);
    assert_lacks(&falcon(LISHOGI), &["7h7i"]);
    let unprotected = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";
    assert_has(
        &moves_from(CHU, JCSA, unprotected, "7h"),
        &["7h7i", "7h7i7h", "7h7i7j"],
    );
}

/// The same for a soaring eagle's first step along its forward diagonal.
#[test]
fn the_ban_covers_an_eagles_first_step() {
    // Black eagle 7h, White lion 6g protected by the White gold 5f; ban pending (3c).
    let pieces = [
        ("1a", "k"),
        ("3c", "d"),
        ("5f", "g"),
        ("6g", "n"),
        ("7h", "+D"),
        ("12l", "K"),
    ];
    let s = format!("{} b 3c 1", board(12, &pieces));
    assert_lacks(
        &moves_from(CHU, JCSA, &s, "7h"),
        &["7h6g", "7h6g7h", "7h6g5f"],
    );
    assert_has(&moves_from(CHU, LISHOGI, &s, "7h"), &["7h6g7h", "7h6g5f"]);
}

/// "Protected" for the ban is judged with the capturing piece lifted: a White rook behind the
/// Black rook protects the lion through it (X-ray), and the piece on the counter-strike
/// square (a kirin that promoted there) may be taken back however protected.
#[test]
fn the_foot_is_judged_with_the_taker_lifted_and_the_taker_may_be_taken_back() {
    let xray = [
        ("1a", "k"),
        ("3c", "d"),
        ("7f", "n"),
        ("7j", "R"),
        ("7k", "r"),
        ("12l", "K"),
    ];
    let s = format!("{} b 3c 1", board(12, &xray));
    assert_lacks(&moves_from(CHU, JCSA, &s, "7j"), &["7j7f"]);
    assert_has(&moves_from(CHU, JCSA, &s, "7j"), &["7j7g"]);
    let back = [
        ("1a", "k"),
        ("7e", "g"),
        ("7f", "+o"),
        ("7j", "R"),
        ("12l", "K"),
    ];
    let s = format!("{} b 7f 1", board(12, &back));
    assert_has(&moves_from(CHU, JCSA, &s, "7j"), &["7j7f"]);
}

/// §1: lion takes distant lion, protection judged before the move: the pawn 7e that the first
/// step captures still protects 7f, and a pawn is no bridge.
#[test]
fn a_doomed_pawn_still_protects() {
    let pieces = [
        ("1a", "k"),
        ("7d", "N"),
        ("7e", "p"),
        ("7f", "n"),
        ("12l", "K"),
    ];
    let s = chu(&pieces, "b");
    assert_lacks(&moves_from(CHU, JCSA, &s, "7d"), &["7d7e7f"]);
    assert_has(&moves_from(CHU, JCSA, &s, "7d"), &["7d7e", "7d7e7d"]);
}

/// §6.3: a lance inside the zone reaching rank a cannot promote (R-P3 is the pawn's); lishogi
/// offers `+`. The lance is then dead: no move, and no material for the bare king.
#[test]
fn a_lance_on_the_last_rank_is_dead() {
    let pieces = [("1a", "k"), ("9d", "L"), ("12l", "K")];
    let s = chu(&pieces, "b");
    let jcsa = moves_from(CHU, JCSA, &s, "9d");
    assert_has(&jcsa, &["9d9a", "9d9b", "9d9c"]);
    assert_lacks(&jcsa, &["9d9a+"]);
    assert!(pos(CHU, JCSA, &s).parse_move("9d9a+").is_err());
    assert_has(&moves_from(CHU, LISHOGI, &s, "9d"), &["9d9a+"]);
    let mut p = pos(CHU, JCSA, &s);
    play(&mut p, "9d9a");
    play(&mut p, "1a1b");
    assert!(moves_from(CHU, JCSA, &p.to_sfen(), "9a").is_empty());
    // A lance entering the zone may promote anywhere, rank a included; a capture inside the
    // zone may promote; the pawn keeps its last-rank chance.
    let entering = chu(&[("1a", "k"), ("9f", "L"), ("12l", "K")], "b");
    assert_has(&moves_from(CHU, JCSA, &entering, "9f"), &["9f9a+", "9f9a"]);
    let capture = chu(&[("1a", "k"), ("9a", "g"), ("9d", "L"), ("12l", "K")], "b");
    assert_has(&moves_from(CHU, JCSA, &capture, "9d"), &["9d9a+", "9d9a"]);
    let pawn = chu(&[("1a", "k"), ("9b", "P"), ("12l", "K")], "b");
    assert_has(&moves_from(CHU, JCSA, &pawn, "9b"), &["9b9a+", "9b9a"]);
}

fn bare(pieces: &[(&str, &str)], stm: &str) -> Option<GameResult> {
    pos(CHU, JCSA, &chu(pieces, stm)).bare_king_result()
}

/// §6.4 and §4: one piece (not a pawn or go-between, not dead) against a lone royal wins at
/// once, unless the lone royal, to move, can take it; two or more pieces play on; royals
/// alone draw.
#[test]
fn bare_king_is_one_piece_against_a_lone_royal() {
    let win = Some(GameResult::Win(
        crate::rules::Color::Black,
        EndReason::BareKing,
    ));
    let gold = [("1a", "k"), ("5k", "G"), ("12l", "K")];
    assert_eq!(bare(&gold, "w"), win);
    assert_eq!(bare(&gold, "b"), win);
    // The lone king next to the gold, to move, can take it: play on. Black to move: it
    // cannot take it at once (◆ chu-jcsa.md §4 read with the side to move).
    let next = [("1a", "k"), ("2b", "G"), ("12l", "K")];
    assert_eq!(bare(&next, "w"), None);
    assert_eq!(bare(&next, "b"), win);
    // Two or three pieces: play goes on (lishogi ends the game).
    let two = [("1a", "k"), ("5k", "G"), ("6k", "G"), ("12l", "K")];
    assert_eq!(bare(&two, "w"), None);
    assert_eq!(
        pos(CHU, LISHOGI, &chu(&two, "w")).bare_king_result(),
        win,
        "lishogi ends it"
    );
    let three = [
        ("1a", "k"),
        ("5k", "G"),
        ("6k", "G"),
        ("7k", "S"),
        ("12l", "K"),
    ];
    assert_eq!(bare(&three, "w"), None);
    // A pawn or go-between is no such piece; promoted they are.
    assert_eq!(bare(&[("1a", "k"), ("5g", "P"), ("12l", "K")], "w"), None);
    assert_eq!(bare(&[("1a", "k"), ("5g", "I"), ("12l", "K")], "w"), None);
    assert_eq!(bare(&[("1a", "k"), ("5g", "+P"), ("12l", "K")], "w"), win);
    // A dead lance is no material: it neither wins nor keeps the game going.
    assert_eq!(
        bare(&[("1a", "k"), ("9a", "L"), ("5k", "G"), ("12l", "K")], "w"),
        win
    );
    // One piece each: play on. Royals alone (a dead lance besides): draw.
    assert_eq!(
        bare(&[("1a", "k"), ("1c", "g"), ("5k", "G"), ("12l", "K")], "w"),
        None
    );
    let draw = Some(GameResult::Draw(EndReason::RoyalsOnly));
    assert_eq!(bare(&[("1a", "k"), ("12l", "K")], "w"), draw);
    assert_eq!(bare(&[("1a", "k"), ("9a", "L"), ("12l", "K")], "b"), draw);
}

/// Plays `cycle` `times` times from the position.
fn repeat(p: &mut Position, cycle: &[&str], times: usize) {
    for _ in 0..times {
        for m in cycle {
            play(p, m);
        }
    }
}

fn allowed(p: &mut Position, text: &str) -> bool {
    let mv = p.parse_move(text).expect("a move");
    p.allowed_in_game(mv)
}

/// chu.md §8 (modern JCSA rule): repeating is allowed up to the fourth occurrence, which is a
/// draw when nobody attacked, checked or passed twice in a row.
#[test]
fn a_quiet_fourth_repetition_is_a_draw() {
    let pieces = [("1a", "k"), ("1d", "g"), ("12i", "G"), ("12l", "K")];
    let mut p = pos(CHU, JCSA, &chu(&pieces, "b"));
    let cycle = ["12l11l", "1a2a", "11l12l", "2a1a"];
    repeat(&mut p, &cycle, 2);
    assert_eq!(p.outcome(), None, "third occurrence");
    repeat(&mut p, &cycle[..3], 1);
    assert!(allowed(&mut p, "2a1a"));
    play(&mut p, "2a1a");
    assert_eq!(p.outcome(), Some(GameResult::Draw(EndReason::Repetition)));
    // seed forbids the first repetition already.
    let mut s = pos(CHU, SEED, &chu(&pieces, "b"));
    repeat(&mut s, &cycle[..3], 1);
    assert!(!allowed(&mut s, "2a1a"));
}

/// The side that attacked in the cycle while the other did not must deviate: Black's rook
/// attacks the silver 1e from 1k and goes back, White's king shuffles.
#[test]
fn the_attacker_must_deviate() {
    let pieces = [("1a", "k"), ("1e", "s"), ("12k", "R"), ("12l", "K")];
    let mut p = pos(CHU, JCSA, &chu(&pieces, "b"));
    let cycle = ["12k1k", "1a2a", "1k12k", "2a1a"];
    repeat(&mut p, &cycle, 2);
    repeat(&mut p, &cycle[..3], 1);
    // White's move makes the fourth occurrence; Black is the one to deviate, so it stands
    // and the game goes on.
    assert!(allowed(&mut p, "2a1a"));
    play(&mut p, "2a1a");
    assert_eq!(p.jcsa_must_deviate(), Some(crate::rules::Color::Black));
    assert_eq!(p.outcome(), None);
    assert!(!allowed(&mut p, "12k1k"));
    assert!(allowed(&mut p, "12k2k"));
}

/// The checking side must deviate even if the other side attacked too: Black's rook checks
/// from 1k, White's king steps to 2a where it attacks the gold 3b.
#[test]
fn the_checker_must_deviate_even_against_an_attacker() {
    let pieces = [("1a", "k"), ("3b", "G"), ("12k", "R"), ("12l", "K")];
    let mut p = pos(CHU, JCSA, &chu(&pieces, "b"));
    let cycle = ["12k1k", "1a2a", "1k12k", "2a1a"];
    repeat(&mut p, &cycle, 3);
    assert_eq!(p.jcsa_must_deviate(), Some(crate::rules::Color::Black));
    assert_eq!(p.outcome(), None);
    assert!(!allowed(&mut p, "12k1k"));
}

/// With consecutive passes the first passer must deviate: two lions pass in turn.
#[test]
fn the_first_of_consecutive_passers_must_deviate() {
    let pieces = [("1a", "k"), ("4d", "n"), ("9i", "N"), ("12l", "K")];
    let mut p = pos(CHU, JCSA, &chu(&pieces, "b"));
    let cycle = ["9i9h9i", "4d4e4d"];
    repeat(&mut p, &cycle, 2);
    play(&mut p, "9i9h9i");
    // White's pass makes the fourth occurrence of the start: allowed, Black must deviate.
    assert!(allowed(&mut p, "4d4e4d"));
    play(&mut p, "4d4e4d");
    assert_eq!(p.jcsa_must_deviate(), Some(crate::rules::Color::Black));
    assert_eq!(p.outcome(), None);
    assert!(!allowed(&mut p, "9i9h9i"));
    assert!(allowed(&mut p, "9i9h"));
}

/// The rule set's name reads and writes, and its position strings are lishogi's (no fifth
/// field).
#[test]
fn jcsa_names_and_position_strings() {
    assert_eq!(RuleSet::from_name("jcsa"), Some(JCSA));
    assert_eq!(JCSA.name(), "jcsa");
    let s = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";
    assert_eq!(pos(CHU, JCSA, s).to_sfen(), s);
    assert!(
        Position::from_sfen(
            CHU,
            JCSA,
            &format!(
                "{} b - 1 7h",
                board(12, &[("1a", "k"), ("7h", "G"), ("12l", "K")])
            )
        )
        .is_err()
    );
}
