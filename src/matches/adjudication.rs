//! Win adjudication (`shishi match --adjudicate`): a game ends as a win once both engines'
//! own scores have agreed, for several plies in a row, that one side leads by a set margin.
//!
//! Why: a dai dai game between engines of this depth can stand at +30 pawns for hundreds of
//! plies without either side reaching the enemy royals, so a match without adjudication
//! scores most such games as draws at the ply limit and measures conversion more than
//! judgement (docs/search.md, "Dai dai's draws"). Tournament runners settle this the same
//! way (cutechess-cli's and fastchess's `-resign … twosided=true`): the side behind agrees
//! it is lost. Both engines must agree, so neither engine's judgement alone ends a game; a
//! match with adjudication is reported with its adjudicated games counted (docs/match.md).

use crate::matches::in_range;
use crate::matches::score::Score;
use crate::rules::Color;

/// When a game is adjudicated.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Adjudication {
    /// The lead, in centipawns, that every one of the last `plies` scores must show for the
    /// same side (a mate for that side counts as a lead, a mate against it as none).
    pub score: i32,
    /// How many consecutive plies must agree (at least two, so that both engines speak).
    pub plies: usize,
}

/// Margins `--adjudicate` accepts, in centipawns: from a pawn to far beyond any material.
const SCORE_RANGE: std::ops::RangeInclusive<u64> = 100..=100_000;
/// `--adjudicate-plies`: at least two, so that both engines' scores count.
const PLIES_RANGE: std::ops::RangeInclusive<u64> = 2..=1000;

impl Adjudication {
    /// The rule of `--adjudicate CP --adjudicate-plies N` (`shishi match`, `shishi summary`),
    /// or the error line naming the value out of its range.
    pub fn new(cp: u64, plies: u64) -> Result<Adjudication, String> {
        let cp = in_range("--adjudicate", cp, SCORE_RANGE)?;
        let plies = in_range("--adjudicate-plies", plies, PLIES_RANGE)?;
        Ok(Adjudication {
            score: cp as i32,
            plies: plies as usize,
        })
    }

    /// The side both engines agree is winning, if the last [`plies`](Self::plies) moves'
    /// scores (`scores`, one per move played, from its mover's view) all say so. `last_mover`
    /// played the last move; the movers alternate.
    pub fn winner(&self, scores: &[Option<Score>], last_mover: Color) -> Option<Color> {
        if self.plies < 2 || scores.len() < self.plies {
            return None;
        }
        let recent = &scores[scores.len() - self.plies..];
        let mut leader = None;
        let mut mover = last_mover;
        for score in recent.iter().rev() {
            let ahead = match score.as_ref()? {
                s if self.ahead(*s) => mover,
                s if self.behind(*s) => mover.flip(),
                _ => return None,
            };
            if leader.is_some_and(|l| l != ahead) {
                return None;
            }
            leader = Some(ahead);
            mover = mover.flip();
        }
        leader
    }

    /// Whether `s` (the mover's view) has the mover ahead by at least the margin.
    fn ahead(&self, s: Score) -> bool {
        match s {
            Score::Cp(x) => x >= self.score,
            Score::Mate(n) => n > 0,
        }
    }

    /// Whether `s` (the mover's view) has the mover behind by at least the margin.
    fn behind(&self, s: Score) -> bool {
        match s {
            Score::Cp(x) => x <= -self.score,
            Score::Mate(n) => n < 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};
    use Score::{Cp, Mate};

    const RULE: Adjudication = Adjudication {
        score: 3000,
        plies: 4,
    };

    fn some(s: &[Score]) -> Vec<Option<Score>> {
        s.iter().copied().map(Some).collect()
    }

    #[test]
    fn both_engines_must_agree_for_every_ply() {
        // Black moved last: Black +3000, White −3000, … all agree on Black.
        let agree = some(&[Cp(10), Cp(-3000), Cp(3100), Cp(-3500), Cp(3000)]);
        assert_eq!(RULE.winner(&agree, Black), Some(Black));
        // The same scores with White as the last mover: White is ahead.
        assert_eq!(RULE.winner(&agree, White), Some(White));
        // One ply short of the margin, one ply too few, one ply without a score.
        let short = some(&[Cp(-3000), Cp(2999), Cp(-3500), Cp(3000)]);
        assert_eq!(RULE.winner(&short, Black), None);
        assert_eq!(RULE.winner(&agree[2..], Black), None);
        let mut silent = agree.clone();
        silent[3] = None;
        assert_eq!(RULE.winner(&silent, Black), None);
    }

    #[test]
    fn an_engine_that_thinks_it_wins_too_stops_the_adjudication() {
        // Black says +3000 but White too says it is ahead: no agreement.
        let both_winning = some(&[Cp(3000), Cp(3000), Cp(3000), Cp(3000)]);
        assert_eq!(RULE.winner(&both_winning, Black), None);
    }

    #[test]
    fn mates_count_for_the_side_they_favour() {
        let mates = some(&[Mate(-7), Mate(6), Cp(-20000), Mate(5)]);
        assert_eq!(RULE.winner(&mates, White), Some(White));
        let wrong_way = some(&[Mate(7), Mate(6), Mate(-5), Mate(5)]);
        assert_eq!(RULE.winner(&wrong_way, White), None);
    }

    #[test]
    fn settings_out_of_range_are_refused_with_their_range() {
        assert_eq!(
            Adjudication::new(3000, 6),
            Ok(Adjudication {
                score: 3000,
                plies: 6
            })
        );
        assert_eq!(
            Adjudication::new(99, 6),
            Err("--adjudicate 99 is out of range (100..=100000)".into())
        );
        assert_eq!(
            Adjudication::new(3000, 1),
            Err("--adjudicate-plies 1 is out of range (2..=1000)".into())
        );
        assert!(Adjudication::new(u64::MAX, 6).is_err());
    }

    #[test]
    fn one_ply_is_never_enough() {
        let rule = Adjudication {
            score: 100,
            plies: 1,
        };
        assert_eq!(rule.winner(&some(&[Cp(5000)]), Black), None);
    }
}
