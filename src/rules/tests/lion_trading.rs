//! Lion versus lion (chu.md §6, rules 1–3), with the examples given there.

use super::*;

const KINGS: [(&str, &str); 2] = [("11l", "K"), ("1a", "k")];

fn with_kings<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = pieces.to_vec();
    v.extend_from_slice(&KINGS);
    v
}

fn lion_moves(pieces: &[(&str, &str)], from: &str) -> (Position, Vec<String>) {
    let s = chu(&with_kings(pieces), "b");
    (pos(CHU, SEED, &s), moves_from(CHU, SEED, &s, from))
}

#[test]
fn rule1_adjacent_lion_always_capturable() {
    // Black Ln 7h, White Ln 7g, and 7g protected by a White gold on 7f (gold steps straight
    // forward, toward l): Lnx7g, Lnx!7g and Lnx7gx6f are all legal.
    let (p, got) = lion_moves(&[("7h", "N"), ("7g", "n"), ("7f", "g")], "7h");
    assert_has(&got, &["7h7g", "7h7g7h", "7h7g6f"]);
    assert_eq!(with_effect(&p, "7h", "6f", &["7g"]).len(), 1);
    // Taking 7g and then the gold on 7f is a double capture too.
    assert_eq!(with_effect(&p, "7h", "7f", &["7g", "7f"]).len(), 1);
}

#[test]
fn rule2_distant_unprotected_lion() {
    // Black Ln 7h, White Ln 7f, nothing White can recapture on 7f: Lnx7f legal, also
    // written as a double step through empty 7g.
    let (p, got) = lion_moves(&[("7h", "N"), ("7f", "n")], "7h");
    assert_has(&got, &["7h7f"]);
    assert_eq!(p.parse_move("7h7g7f"), p.parse_move("7h7f"));
}

#[test]
fn rule3_distant_protected_lion_is_illegal() {
    // As above plus a White pawn on 7e guarding 7f: Lnx7f illegal, by any path.
    let (p, got) = lion_moves(&[("7h", "N"), ("7f", "n"), ("7e", "p")], "7h");
    assert_lacks(&got, &["7h7f"]);
    assert!(with_effect(&p, "7h", "7f", &["7f"]).is_empty());
    assert!(p.parse_move("7h7g7f").is_err());
    assert!(p.parse_move("7h6g7f").is_err());
}

#[test]
fn rule3_bridge_via_silver_is_legal() {
    // White silver on 6g (adjacent to 7h and 7f): Lnx6gx7f legal; the plain jump still not.
    let (p, got) = lion_moves(&[("7h", "N"), ("7f", "n"), ("7e", "p"), ("6g", "s")], "7h");
    assert_has(&got, &["7h6g7f"]);
    assert_lacks(&got, &["7h7f"]);
    assert_eq!(with_effect(&p, "7h", "7f", &["6g", "7f"]).len(), 1);
}

#[test]
fn rule3_pawn_or_go_between_is_no_bridge() {
    for bridge in ["p", "i"] {
        let (p, got) = lion_moves(
            &[("7h", "N"), ("7f", "n"), ("7e", "p"), ("6g", bridge)],
            "7h",
        );
        assert_lacks(&got, &["7h6g7f", "7h7f"]);
        assert!(
            with_effect(&p, "7h", "7f", &["6g", "7f"]).is_empty(),
            "{bridge}"
        );
        // The bridge piece itself may still be taken.
        assert_has(&got, &["7h6g"]);
    }
}

#[test]
fn rule3_tokin_or_promoted_go_between_is_a_bridge() {
    for bridge in ["+p", "+i"] {
        let (p, got) = lion_moves(
            &[("7h", "N"), ("7f", "n"), ("7e", "p"), ("6g", bridge)],
            "7h",
        );
        assert_has(&got, &["7h6g7f"]);
        assert_eq!(
            with_effect(&p, "7h", "7f", &["6g", "7f"]).len(),
            1,
            "{bridge}"
        );
    }
}

#[test]
fn xray_protector_uncovered_by_the_lion_departure() {
    // White rook on 7l looks up file 7 but is blocked by the Black lion on 7h. After the
    // lion jumps 7h→7f, the rook attacks 7f through the emptied 7h: protected → illegal.
    // (Black king moved to 12l so as not to stand in the way.)
    let s = chu(
        &[
            ("7h", "N"),
            ("7f", "n"),
            ("7l", "r"),
            ("12l", "K"),
            ("1a", "k"),
        ],
        "b",
    );
    let got = moves_from(CHU, SEED, &s, "7h");
    assert_lacks(&got, &["7h7f"]);
    // Without the rook the same capture is legal.
    let s = chu(&[("7h", "N"), ("7f", "n"), ("12l", "K"), ("1a", "k")], "b");
    assert_has(&moves_from(CHU, SEED, &s, "7h"), &["7h7f"]);
}

#[test]
fn disputed_case_follows_the_engine_reading() {
    // chu.md §6: Black Ln 7d, White Ln 7f whose only protector is a White pawn on 7e.
    // Protection is judged after the move (engine choice ◆, HGM): Lnx7ex7f leaves nothing
    // to recapture → legal. The jump 7d→7f leaves the pawn guarding 7f → illegal.
    let (p, got) = lion_moves(&[("7d", "N"), ("7f", "n"), ("7e", "p")], "7d");
    assert_eq!(with_effect(&p, "7d", "7f", &["7e", "7f"]).len(), 1);
    assert_lacks(&got, &["7d7f"]);
}

#[test]
fn promoted_kirin_is_a_lion_both_ways() {
    // Capturing side is a promoted kirin: the protected distant lion is off limits.
    let (_, got) = lion_moves(&[("7h", "+O"), ("7f", "n"), ("7e", "p")], "7h");
    assert_lacks(&got, &["7h7f"]);
    // Captured side is a promoted kirin: the same.
    let (_, got) = lion_moves(&[("7h", "N"), ("7f", "+o"), ("7e", "p")], "7h");
    assert_lacks(&got, &["7h7f"]);
    // Unprotected: fine.
    let (_, got) = lion_moves(&[("7h", "+O"), ("7f", "+o")], "7h");
    assert_has(&got, &["7h7f"]);
}

#[test]
fn other_pieces_may_capture_a_lion_freely() {
    // Rules 1–3 concern lions capturing lions. A Black rook takes a protected lion.
    let (_, got) = lion_moves(&[("7l", "R"), ("7f", "n"), ("7e", "p")], "7l");
    assert_has(&got, &["7l7f"]);
    // Horned falcon and soaring eagle are not lions (§6): a Black horned falcon on 7h
    // jumps to 7f and takes the protected lion.
    let (_, got) = lion_moves(&[("7h", "+H"), ("7f", "n"), ("7e", "p")], "7h");
    assert_has(&got, &["7h7f"]);
}
