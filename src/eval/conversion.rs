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
use crate::rules::geometry::{Color, Square};
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
    match royals {
        [] => {}
        &[royal] => bonus += HUNT * hunt_near_one(pos, ahead, royal),
        _ => {
            for &sq in pos.pieces(ahead) {
                if t.info[pos.board[sq.index()] as u8 as usize].royal {
                    continue;
                }
                let near = royals.iter().map(|&r| sq.distance(r)).min().unwrap_or(0) as i32;
                bonus += HUNT * (HUNT_RANGE - near).max(0);
            }
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

/// Σ (HUNT_RANGE − distance to `royal`) over `ahead`'s non-royal pieces closer than
/// HUNT_RANGE, from the occupancy rows: a piece at distance d lies within k squares for each
/// k from d to HUNT_RANGE − 1, so the sum is the count of pieces in the box of each such k,
/// summed (a few dozen row masks instead of a distance per piece: the evaluation of a
/// lopsided position, frequent in the quiescence search, asks this).
fn hunt_near_one(pos: &Position, ahead: Color, royal: Square) -> i32 {
    let rows = pos.occupancy_rows(ahead);
    let last = pos.variant().side() as i32 - 1;
    let (rf, rr) = royal.cell_coords();
    let (rf, rr) = (rf as i32, rr as i32);
    let mut sum = 0;
    for r in (rr - HUNT_RANGE + 1).max(0)..=(rr + HUNT_RANGE - 1).min(last) {
        let row = rows[r as usize];
        if row == 0 {
            continue;
        }
        for k in (r - rr).abs().max(1)..HUNT_RANGE {
            let (lo, hi) = ((rf - k).max(0), (rf + k).min(last));
            let files = ((1u32 << (hi + 1)) - 1) & !((1u32 << lo) - 1);
            sum += (row & files).count_ones() as i32;
        }
    }
    // The rows hold the royals too, which do not hunt.
    for &sq in pos.royal_squares(ahead) {
        sum -= (HUNT_RANGE - sq.distance(royal) as i32).max(0);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tables::tables;
    use crate::rules::RuleSet;

    fn chu(sfen: &str) -> Position {
        Position::from_sfen(Variant::Chu, RuleSet::Seed, sfen).unwrap()
    }

    /// The row count of the hunt is the per-piece sum it replaces, on the positions of
    /// random games of both variants, for either side as the hunter.
    #[test]
    fn the_hunt_by_rows_is_the_sum_over_the_pieces() {
        use crate::eval::test_util::{Rng, random_positions};
        let mut rng = Rng(0x4b17_0000_0000_0001);
        let mut checked = 0;
        for variant in [Variant::Chu, Variant::DaiDai] {
            let t = tables(variant);
            for pos in random_positions(variant, RuleSet::Seed, &mut rng, 6, 1, 20, 300) {
                for ahead in [Color::Black, Color::White] {
                    let &[royal] = pos.royal_squares(ahead.flip()) else {
                        continue;
                    };
                    let by_piece: i32 = pos
                        .pieces(ahead)
                        .iter()
                        .filter(|sq| !t.info[pos.board[sq.index()] as u8 as usize].royal)
                        .map(|&sq| (HUNT_RANGE - sq.distance(royal) as i32).max(0))
                        .sum();
                    assert_eq!(
                        hunt_near_one(&pos, ahead, royal),
                        by_piece,
                        "{}",
                        pos.to_sfen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} positions");
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
