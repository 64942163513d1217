//! Dai dai promotion (daidai.md §5): at the end of the first capturing move, mandatory, no
//! zone; igui and multi-captures count once; promoted pieces never promote again.

use super::*;

fn setup(extra: &[(&str, &str)]) -> Position {
    let mut pieces = vec![("16q", "K"), ("2a", "k")];
    pieces.extend_from_slice(extra);
    pos(DD, SEED, &dd(&pieces, "b"))
}

fn from(p: &Position, at: &str) -> Vec<String> {
    let s = sq(DD, at);
    gen_moves(p)
        .into_iter()
        .filter(|m| m.from() == s)
        .map(|m| m.text())
        .collect()
}

#[test]
fn capture_promotes_mandatorily_anywhere() {
    // Cat sword (F) on 9n — Black's own camp, far from any "zone": capture 8m promotes,
    // non-captures do not.
    let p = setup(&[("9n", "(CS)"), ("8m", "p")]);
    let mut got = from(&p, "9n");
    got.sort();
    assert_eq!(got, ["9n10m", "9n10o", "9n8m+", "9n8o"]);
    let mut p = p;
    play(&mut p, "9n8m+");
    assert!(p.to_sfen().contains("+(CS)"), "{}", p.to_sfen());
}

#[test]
fn non_promoting_pieces_capture_without_promotion() {
    // Gold (W fF) on 9i takes 9h: no promotion exists for the gold.
    let p = setup(&[("9i", "G"), ("9h", "p")]);
    let got = from(&p, "9i");
    assert_has(&got, &["9i9h"]);
    assert!(got.iter().all(|m| !m.ends_with('+')));
}

#[test]
fn igui_promotes_the_lion_in_place() {
    let mut p = setup(&[("9i", "(LN)"), ("9h", "p")]);
    assert_has(&from(&p, "9i"), &["9i9h9i+"]);
    assert_lacks(&from(&p, "9i"), &["9i9h9i"]);
    play(&mut p, "9i9h9i+");
    assert_eq!(p.piece_at(sq(DD, "9i")).map(|x| x.promoted()), Some(true));
    assert!(p.piece_at(sq(DD, "9h")).is_none());
}

#[test]
fn double_capture_promotes_once_at_the_end() {
    // Unpromoted lion takes 9h and 9g in one move (the seed: it can still capture twice, it
    // promotes at the end of its turn).
    let mut p = setup(&[("9i", "(LN)"), ("9h", "p"), ("9g", "p")]);
    assert_eq!(with_effect(&p, "9i", "9g", &["9h", "9g"]).len(), 1);
    assert!(with_effect(&p, "9i", "9g", &["9h", "9g"])[0].promotes());
    play(&mut p, "9i9h9g+");
    assert_eq!(p.piece_at(sq(DD, "9g")).map(|x| x.promoted()), Some(true));
    assert_eq!(p.other_count(crate::rules::Color::White), 0);
}

#[test]
fn lion_dog_triple_capture_promotes_to_great_elephant() {
    let mut p = setup(&[("9i", "(LD)"), ("9h", "p"), ("9g", "p"), ("9f", "p")]);
    play(&mut p, "9i9h9g9f+");
    assert!(p.to_sfen().contains("+(LD)"), "{}", p.to_sfen());
}

#[test]
fn non_captures_and_passes_never_promote() {
    let p = setup(&[("9i", "(LN)")]);
    assert!(from(&p, "9i").iter().all(|m| !m.ends_with('+')));
}

#[test]
fn promoted_eastern_barbarian_is_a_lion_that_never_becomes_a_furious_fiend() {
    // +Ea moves as a lion: 25 outcomes on an open board.
    let p = setup(&[("9i", "+(EA)")]);
    assert_eq!(from(&p, "9i").len(), 25);
    // Its captures (step, igui, double) never promote.
    let mut p = setup(&[("9i", "+(EA)"), ("9h", "p"), ("9g", "p")]);
    let got = from(&p, "9i");
    assert_has(&got, &["9i9h", "9i9h9i", "9i9h9g"]);
    assert!(got.iter().all(|m| !m.ends_with('+')), "{got:?}");
    play(&mut p, "9i9h9g");
    // Still a promoted eastern barbarian on 9g with lion moves only (no lion-dog 3rd squares).
    assert!(p.to_sfen().contains("+(EA)"), "{}", p.to_sfen());
    play(&mut p, "2a2b");
    assert_lacks(&from(&p, "9g"), &["9g9d"]);
}

#[test]
fn eastern_barbarian_promotes_to_lion_on_capture() {
    // Ea (vR2 sW fF) on 9i takes 9g (two squares up the file) and becomes a lion.
    let mut p = setup(&[("9i", "(EA)"), ("9g", "p")]);
    assert_has(&from(&p, "9i"), &["9i9g+"]);
    assert_lacks(&from(&p, "9i"), &["9i9g"]);
    play(&mut p, "9i9g+");
    play(&mut p, "2a2b");
    assert_eq!(from(&p, "9g").len(), 25);
}

#[test]
fn promoted_western_barbarian_moves_as_lion_dog_never_great_elephant() {
    // +We moves as a lion dog: 25 outcomes on an open board, captures never promote.
    let p = setup(&[("9i", "+(WBA)")]);
    assert_eq!(from(&p, "9i").len(), 25);
    let p = setup(&[("9i", "+(WBA)"), ("9h", "p")]);
    let got = from(&p, "9i");
    assert_has(&got, &["9i9h", "9i9h9i"]);
    assert!(got.iter().all(|m| !m.ends_with('+')), "{got:?}");
}

#[test]
fn promotion_table_spot_checks() {
    // Each promoter capturing once moves as its promoted type afterwards.
    // Flying dragon (B2) on 9i takes 8h → dragon king (RF): it now slides up file 8.
    let mut p = setup(&[("9i", "(FD)"), ("8h", "p")]);
    assert_lacks(&from(&p, "9i"), &["9i9h"]);
    play(&mut p, "9i8h+");
    play(&mut p, "2a2b");
    assert_has(&from(&p, "8h"), &["8h8g", "8h8a", "8h7g"]);
    // Blind monkey (F sW) → mountain witch (B bR fW): after capturing it moves straight back.
    let mut p = setup(&[("9i", "(BM)"), ("8h", "p")]);
    play(&mut p, "9i8h+");
    play(&mut p, "2a3a");
    assert_has(&from(&p, "8h"), &["8h8q", "8h8g", "8h1a"]);
    assert_lacks(&from(&p, "8h"), &["8h8f"]);
}
