//! Evaluations from Black's side, the expected score they stand for, and the verdict on a
//! played move (docs/analysis.md explains the scale and the thresholds).
//!
//! The search reports centipawns (100 = half a chu silver general, docs/eval.md) from the side
//! to move's view; an analysis shows every position from Black's side so that a graph over the
//! game reads one way. Centipawns become an expected score (1 = Black wins, 0 = White wins)
//! through a logistic; a move's quality is how much of the mover's expected score it gives up.

use crate::rules::Color;
use crate::rules::outcome::GameResult;
use crate::score;

/// Centipawns that multiply Black's odds by ten: `E(cp) = 1 / (1 + 10^(-cp / SCALE_CP))`.
/// Fitted to Shishi's own chu games (2400, 90 % interval 1700 to 3400) and rounded towards
/// the steeper side, since evaluation noise flattens a fitted curve (docs/analysis.md): a
/// silver up (200) is 56 %, a rook (600) 67 %, a lion (2000) 91 %.
pub const SCALE_CP: f64 = 2000.0;

/// Smallest drop in the mover's expected score that makes a move an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// Smallest drop that makes a move a mistake.
pub const MISTAKE: f64 = 0.10;
/// Smallest drop that makes a move a blunder.
pub const BLUNDER: f64 = 0.15;

/// The evaluation of a position from Black's side.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Eval {
    /// Centipawns, positive = Black is better.
    Cp(i32),
    /// A forced win in this many moves: positive for Black, negative for White.
    Mate(i32),
    /// The game is over in this position.
    Over(GameResult),
}

impl Eval {
    /// Converts a search score, given from the view of `side` (the side to move).
    pub fn from_search(search_score: i32, side: Color) -> Eval {
        let sign = if side == Color::Black { 1 } else { -1 };
        if score::is_mate(search_score) {
            // At least one move: a root whose side has no royal is a finished game, never
            // searched, so the rounding of `mate_moves` never yields a zero worth keeping.
            let moves = score::mate_moves(search_score).abs().max(1);
            let winner = if search_score > 0 { sign } else { -sign };
            Eval::Mate(winner * moves)
        } else {
            Eval::Cp(sign * search_score)
        }
    }

    /// Black's expected score: 1 = Black wins, 0.5 = a draw or level, 0 = White wins.
    pub fn expected_black(self) -> f64 {
        match self {
            Eval::Cp(cp) => expected_from_cp(cp),
            Eval::Mate(n) => {
                if n > 0 {
                    1.0
                } else {
                    0.0
                }
            }
            Eval::Over(GameResult::Win(Color::Black, _)) => 1.0,
            Eval::Over(GameResult::Win(Color::White, _)) => 0.0,
            Eval::Over(GameResult::Draw(_)) => 0.5,
        }
    }

    /// The expected score of `side`.
    pub fn expected_for(self, side: Color) -> f64 {
        let e = self.expected_black();
        if side == Color::Black { e } else { 1.0 - e }
    }

    /// Short text: `+35`, `-120`, `#+3` (Black mates in 3), `#-2`, `1-0`, `0-1`, `1/2-1/2`.
    pub fn text(self) -> String {
        match self {
            Eval::Cp(cp) => format!("{cp:+}"),
            Eval::Mate(n) => format!("#{n:+}"),
            Eval::Over(r) => result_token(r).to_string(),
        }
    }
}

/// Black's expected score for a centipawn evaluation from Black's side.
pub fn expected_from_cp(cp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(cp) / SCALE_CP))
}

/// How bad a played move was.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    /// Gave up at least [`INACCURACY`] of the mover's expected score.
    Inaccuracy,
    /// At least [`MISTAKE`].
    Mistake,
    /// At least [`BLUNDER`].
    Blunder,
}

impl Verdict {
    /// The drop's verdict; `None` below the inaccuracy threshold.
    pub fn classify(drop: f64) -> Option<Verdict> {
        if drop >= BLUNDER {
            Some(Verdict::Blunder)
        } else if drop >= MISTAKE {
            Some(Verdict::Mistake)
        } else if drop >= INACCURACY {
            Some(Verdict::Inaccuracy)
        } else {
            None
        }
    }

    /// Lower-case name, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }
}

/// `1-0` (Black won), `0-1` (White won) or `1/2-1/2`, as in `shishi match` records.
pub fn result_token(r: GameResult) -> &'static str {
    match r {
        GameResult::Win(Color::Black, _) => "1-0",
        GameResult::Win(Color::White, _) => "0-1",
        GameResult::Draw(_) => "1/2-1/2",
    }
}

/// Why a game ended, in the words of `shishi match` records.
pub fn reason_text(r: GameResult) -> &'static str {
    let reason = match r {
        GameResult::Win(_, reason) | GameResult::Draw(reason) => reason,
    };
    reason.text()
}

/// Lower-case colour name, as in the JSON output.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outcome::EndReason;

    #[test]
    fn level_is_half_and_the_curve_is_symmetric_and_rising() {
        assert_eq!(expected_from_cp(0), 0.5);
        let mut last = 0.0;
        for cp in (-5000..=5000).step_by(50) {
            let e = expected_from_cp(cp);
            assert!((e + expected_from_cp(-cp) - 1.0).abs() < 1e-12, "{cp}");
            assert!(e > last, "{cp}");
            last = e;
        }
    }

    #[test]
    fn the_scale_gives_the_documented_anchor_points() {
        // docs/analysis.md: a silver 56 %, a rook 67 %, a lion 91 %.
        assert!((expected_from_cp(200) - 0.557).abs() < 0.001);
        assert!((expected_from_cp(600) - 0.666).abs() < 0.001);
        assert!((expected_from_cp(2000) - 0.909).abs() < 0.001);
        // Ten times the odds per SCALE_CP.
        let odds = |e: f64| e / (1.0 - e);
        let (a, b) = (300, 300 + SCALE_CP as i32);
        assert!((odds(expected_from_cp(b)) / odds(expected_from_cp(a)) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn mates_and_results_are_certain() {
        assert_eq!(Eval::Mate(3).expected_black(), 1.0);
        assert_eq!(Eval::Mate(-1).expected_black(), 0.0);
        let white_won = GameResult::Win(Color::White, EndReason::RoyalsCaptured);
        assert_eq!(Eval::Over(white_won).expected_black(), 0.0);
        assert_eq!(Eval::Over(white_won).expected_for(Color::White), 1.0);
        assert_eq!(
            Eval::Over(GameResult::Draw(EndReason::Repetition)).expected_black(),
            0.5
        );
    }

    #[test]
    fn search_scores_turn_to_blacks_side() {
        assert_eq!(Eval::from_search(120, Color::Black), Eval::Cp(120));
        assert_eq!(Eval::from_search(120, Color::White), Eval::Cp(-120));
        // White to move wins in 2 moves (3 plies): a White mate from Black's side.
        assert_eq!(
            Eval::from_search(score::MATE - 3, Color::White),
            Eval::Mate(-2)
        );
        // Black to move is lost in one move (its royal goes at ply 2).
        assert_eq!(
            Eval::from_search(score::mated_in(2), Color::Black),
            Eval::Mate(-1)
        );
        assert_eq!(Eval::Mate(-2).text(), "#-2");
        assert_eq!(Eval::Cp(35).text(), "+35");
    }

    #[test]
    fn verdict_thresholds_are_inclusive_lower_bounds() {
        assert_eq!(Verdict::classify(-0.2), None);
        assert_eq!(Verdict::classify(0.0), None);
        assert_eq!(Verdict::classify(INACCURACY - 1e-9), None);
        assert_eq!(Verdict::classify(INACCURACY), Some(Verdict::Inaccuracy));
        assert_eq!(Verdict::classify(MISTAKE - 1e-9), Some(Verdict::Inaccuracy));
        assert_eq!(Verdict::classify(MISTAKE), Some(Verdict::Mistake));
        assert_eq!(Verdict::classify(BLUNDER - 1e-9), Some(Verdict::Mistake));
        assert_eq!(Verdict::classify(BLUNDER), Some(Verdict::Blunder));
        assert_eq!(Verdict::classify(1.0), Some(Verdict::Blunder));
    }

    #[test]
    fn from_level_a_silver_lost_is_an_inaccuracy_two_a_mistake_a_rook_a_blunder() {
        // The thresholds in material terms (docs/analysis.md).
        let drop = |cp: i32| 0.5 - expected_from_cp(-cp);
        assert_eq!(Verdict::classify(drop(100)), None);
        assert_eq!(Verdict::classify(drop(200)), Some(Verdict::Inaccuracy));
        assert_eq!(Verdict::classify(drop(400)), Some(Verdict::Mistake));
        assert_eq!(Verdict::classify(drop(600)), Some(Verdict::Blunder));
    }
}
