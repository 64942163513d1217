//! Converting a won position: what the side far ahead is paid for making progress.
//!
//! Material alone leaves a won position flat: when every quiet move keeps the same lead, the
//! search has nothing to choose by, and the side ahead shuffles next to its own king for
//! hundreds of plies (dai dai self-play at 2 s + 0.02 s drew most games at the 1 000-ply limit
//! after scoring above +2 900 for 800 plies; docs/search.md). So, once one side leads by more
//! than [`START`] and growing to full weight at twice that, the side ahead gets
//! - a bonus per piece that has left the board ([`TRADE`]): trading down a won position
//!   shortens it and leaves the loser fewer defenders;
//! - in chu, a bonus per missing enemy non-royal piece ([`BARE`]): a side left with royals
//!   only loses (bare king), so every enemy piece taken is a step to the end;
//! - a bonus for each of its non-royal pieces close to the nearest enemy royal ([`HUNT`] per
//!   square closer than [`HUNT_RANGE`]): a royal capture needs attackers next to the royal.
//!
//! All three only ever reward the side ahead, so a level position is evaluated as before, and
//! none outweighs real material: the hunt, the largest per piece, is worth less than a pawn.

use super::PAWN;
use super::tables::Tables;
use crate::rules::Variant;
use crate::rules::geometry::Color;
use crate::rules::position::Position;

/// Lead (centipawns) from which the terms start to count.
pub const START: i32 = 8 * PAWN;
/// Per piece fewer on the board than at the start.
const TRADE: i32 = 6;
/// Chu: per enemy non-royal piece fewer than at the start.
const BARE: i32 = 12;
/// Per square of Chebyshev distance closer than [`HUNT_RANGE`] to the nearest enemy royal.
const HUNT: i32 = 4;
/// Farthest distance at which a piece counts as hunting.
const HUNT_RANGE: i32 = 6;

/// The conversion terms from Black's side, given the rest of the evaluation `score` (also
/// from Black's side).
pub(super) fn conversion(pos: &Position, t: &Tables, score: i32) -> i32 {
    let lead = score.abs();
    if lead <= START {
        return 0;
    }
    let (ahead, behind) = if score > 0 {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let mut bonus = TRADE
        * (2 * t.start_others - pos.other_count(ahead) as i32 - pos.other_count(behind) as i32);
    if pos.variant() == Variant::Chu {
        bonus += BARE * (t.start_others - pos.other_count(behind) as i32);
    }
    let royals = pos.royal_squares(behind);
    if !royals.is_empty() {
        for &sq in pos.pieces(ahead) {
            if t.info[pos.board[sq.index()] as u8 as usize].royal {
                continue;
            }
            let near = royals.iter().map(|&r| sq.distance(r)).min().unwrap_or(0) as i32;
            bonus += HUNT * (HUNT_RANGE - near).max(0);
        }
    }
    // Full weight from twice START on; the ramp keeps the evaluation continuous.
    let weighted = bonus.max(0) * (lead - START).min(START) / START;
    if ahead == Color::Black {
        weighted
    } else {
        -weighted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tables::tables;
    use crate::rules::RuleSet;

    fn chu(sfen: &str) -> Position {
        Position::from_sfen(Variant::Chu, RuleSet::Seed, sfen).unwrap()
    }

    #[test]
    fn nothing_below_the_lead_where_it_starts() {
        let pos = Position::start(Variant::Chu, RuleSet::Seed);
        let t = tables(Variant::Chu);
        for score in [0, 500, -500, START, -START] {
            assert_eq!(conversion(&pos, t, score), 0, "{score}");
        }
    }

    #[test]
    fn the_side_ahead_is_paid_for_closing_in_trading_and_taking_defenders() {
        let t = tables(Variant::Chu);
        let lead = 3 * START;
        // Black far ahead; its dragon king one file from White's king, then far away.
        let near = chu("5gk5/12/6+R5/12/12/12/12/12/12/12/12/5GK5 b - 1");
        let far = chu("5gk5/12/12/12/12/12/12/12/12/12/12/+R4GK5 b - 1");
        let gain = conversion(&near, t, lead) - conversion(&far, t, lead);
        assert!(gain > 0, "{gain}");
        // One White defender fewer: a trade and a step to a bare king.
        let fewer = chu("6k5/12/6+R5/12/12/12/12/12/12/12/12/5GK5 b - 1");
        assert_eq!(
            conversion(&fewer, t, lead) - conversion(&near, t, lead),
            TRADE + BARE
        );
        // The same for White when White is ahead, from Black's side: negative.
        assert!(conversion(&near, t, -lead) < 0);
    }
}
