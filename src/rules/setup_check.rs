//! Whether a position read from a position string could be a game to play from, beyond what
//! the string's syntax says (docs/sfen.md): what a board editor asks before play or analysis
//! (docs/web.md, "The board editor"). Kept apart from the SFEN reader on purpose: the
//! protocol's `position` takes positions whose game is over (a side whose royals were taken,
//! the engine resigns there) and the rule tests set up partial positions; the reader stays as
//! lenient as it is, and a caller that sets up a game asks here.
//!
//! The rules' answers (chu.md §5.1 rule 7 and §7, chu-jcsa.md §3, daidai.md §6 and §7):
//! - every side has a royal piece: chu's king or crown prince, dai dai's king;
//! - under seed rules a chu pawn or lance on its last rank has promoted (rule 7: it must
//!   promote on arriving there). Lishogi's and the JCSA's rules let it stay there unpromoted
//!   (a dead piece), and dai dai's stuck pieces stay where they are, so those are positions.

use crate::rules::geometry::Color;
use crate::rules::pieces::{Piece, Role};
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};

impl Position {
    /// `Ok` when the position could be a game's position under its rules, else one line
    /// saying what is wrong (the first fault found: royals first, then squares in board
    /// order, rank a first).
    pub fn check_setup(&self) -> Result<(), String> {
        for color in [Color::Black, Color::White] {
            if self.royal_count(color) == 0 {
                return Err(format!(
                    "{} has no royal piece ({}): not a game",
                    color_name(color),
                    self.royal_names()
                ));
            }
        }
        if self.variant() == Variant::Chu && self.rules() == RuleSet::Seed {
            for sq in self.squares() {
                let Some(p) = self.piece_at(sq) else { continue };
                let role = self.cat.role(p);
                if !p.promoted()
                    && matches!(role, Role::Pawn | Role::Lance)
                    && self.variant().last_rank(p.color(), sq)
                {
                    let name = self.cat.moving_kind(p).name.to_lowercase();
                    return Err(format!(
                        "the {} {name} on {} stands unpromoted on its last rank: under seed \
                         rules a pawn or lance must promote there",
                        color_name(p.color()),
                        sq.name()
                    ));
                }
            }
        }
        Ok(())
    }

    /// The names of the game's royal kinds (`king or crown prince`), from its catalogue.
    fn royal_names(&self) -> String {
        let cat = self.catalogue();
        let mut names: Vec<String> = Vec::new();
        for base in 0..cat.bases {
            for promoted in [false, true] {
                if promoted && !cat.base_promotes(base as u8) {
                    continue;
                }
                let p = Piece::new(base as u8, promoted, Color::Black);
                let name = cat.moving_kind(p).name.to_lowercase();
                if cat.royal(p) && !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names.join(" or ")
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::tests::{CHU, DD, JCSA, LISHOGI, SEED, chu, dd, pos};

    #[test]
    fn both_sides_need_a_royal() {
        // The start positions are games.
        for (v, r) in [(CHU, SEED), (CHU, LISHOGI), (CHU, JCSA), (DD, SEED)] {
            assert_eq!(pos(v, r, v.start_sfen()).check_setup(), Ok(()));
        }
        let s = chu(&[("7g", "R"), ("5g", "N"), ("2a", "k")], "b");
        assert_eq!(
            pos(CHU, LISHOGI, &s).check_setup(),
            Err("Black has no royal piece (king or crown prince): not a game".into())
        );
        let s = chu(&[("7g", "K"), ("2a", "n")], "w");
        assert_eq!(
            pos(CHU, SEED, &s).check_setup(),
            Err("White has no royal piece (king or crown prince): not a game".into())
        );
        // A drunk elephant is no royal until it promotes; the crown prince is one.
        let s = chu(&[("7g", "K"), ("2a", "e")], "b");
        assert!(pos(CHU, JCSA, &s).check_setup().is_err());
        let s = chu(&[("7g", "K"), ("2a", "+e")], "b");
        assert_eq!(pos(CHU, JCSA, &s).check_setup(), Ok(()));
        let s = chu(&[("7g", "+E"), ("2a", "k")], "b");
        assert_eq!(pos(CHU, SEED, &s).check_setup(), Ok(()));
        // Dai dai: the king only; the neighbouring king is no royal.
        let s = dd(&[("9q", "K"), ("9a", "(nk)")], "b");
        assert_eq!(
            pos(DD, SEED, &s).check_setup(),
            Err("White has no royal piece (king): not a game".into())
        );
        let s = dd(&[("9q", "K"), ("9a", "k"), ("1a", "(nk)")], "w");
        assert_eq!(pos(DD, SEED, &s).check_setup(), Ok(()));
    }

    #[test]
    fn an_unpromoted_pawn_or_lance_on_its_last_rank_only_under_lishogi_and_jcsa_rules() {
        let kings = [("7l", "K"), ("6a", "k")];
        for (sq, token, name) in [
            ("3a", "P", "Black pawn on 3a"),
            ("12a", "L", "Black lance on 12a"),
            ("5l", "p", "White pawn on 5l"),
            ("1l", "l", "White lance on 1l"),
        ] {
            let s = chu(&[kings[0], kings[1], (sq, token)], "b");
            assert_eq!(
                pos(CHU, SEED, &s).check_setup(),
                Err(format!(
                    "the {name} stands unpromoted on its last rank: under seed rules a pawn or \
                     lance must promote there"
                )),
                "{s}"
            );
            // Lishogi and the JCSA leave it there dead.
            assert_eq!(pos(CHU, LISHOGI, &s).check_setup(), Ok(()), "{s}");
            assert_eq!(pos(CHU, JCSA, &s).check_setup(), Ok(()), "{s}");
            // Promoted, or anywhere else, it is a game under seed rules too.
            let promoted = format!("+{token}");
            let s = chu(&[kings[0], kings[1], (sq, &promoted)], "b");
            assert_eq!(pos(CHU, SEED, &s).check_setup(), Ok(()), "{s}");
        }
        // Its own first rank is no last rank: a Black pawn on rank l, a White lance on a.
        let s = chu(&[kings[0], kings[1], ("3l", "P"), ("2a", "l")], "b");
        assert_eq!(pos(CHU, SEED, &s).check_setup(), Ok(()));
        // Other pieces that move forward only stand anywhere (a go-between moves back too).
        let s = chu(&[kings[0], kings[1], ("3a", "I")], "b");
        assert_eq!(pos(CHU, SEED, &s).check_setup(), Ok(()));
        // Dai dai's stuck pieces stay where they are (daidai.md §6).
        let s = dd(
            &[
                ("9q", "K"),
                ("9a", "k"),
                ("8a", "P"),
                ("7a", "L"),
                ("6a", "(SG)"),
                ("5q", "i"),
            ],
            "b",
        );
        assert_eq!(pos(DD, SEED, &s).check_setup(), Ok(()));
    }

    #[test]
    fn royals_are_checked_before_squares() {
        let s = chu(&[("7g", "K"), ("3a", "P")], "b");
        assert_eq!(
            pos(CHU, SEED, &s).check_setup(),
            Err("White has no royal piece (king or crown prince): not a game".into())
        );
    }
}
