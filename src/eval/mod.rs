//! Static evaluation of chu and dai dai positions (docs/eval.md gives every term and why).
//!
//! Units: [`PAWN`] = 100 = half a chu silver general (Mensching's unit × 200) = one dai dai
//! pawn (the German association's unit × 100). Scores are from the side to move's view.
//!
//! Everything that depends only on the piece code is precomputed once per game
//! ([`tables::Tables`], 256 entries per table), so [`evaluate`] is one pass over both piece
//! lists with table lookups, plus a 5×5 look around each royal piece.

#[cfg(test)]
mod measure;
mod tables;
#[cfg(test)]
pub(crate) mod test_util;
#[cfg(test)]
mod tests;

use crate::rules::geometry::{Color, STRIDE};
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, OCCUPIED, Position, WALL};
use tables::{Tables, tables};

/// The search's value unit: half a chu silver general, one dai dai pawn. A chu pawn on its
/// starting rank is worth 80 and grows to 240 (tokin expectation) as it nears the zone.
pub const PAWN: i32 = 100;

/// Value of a royal piece in [`piece_value`]: larger than any material sum, so capturing a
/// king sorts first.
pub const ROYAL_VALUE: i32 = 20_000;

/// Material value of `piece` (its current movement, plus for a promotable dai dai piece the
/// fixed share of its promotion gain); royal pieces are worth [`ROYAL_VALUE`]. For capture
/// ordering and pruning margins; the evaluation itself adds the positional terms.
#[inline]
pub fn piece_value(pos: &Position, piece: Piece) -> i32 {
    tables(pos.variant()).material[piece.0 as usize]
}

/// Static evaluation of `pos` in [`PAWN`] units from the side to move's point of view.
/// Colour-symmetric: rotating the board, swapping colours and the side to move gives the
/// same score.
pub fn evaluate(pos: &Position) -> i32 {
    let t = tables(pos.variant());
    let black = side_score(pos, t, Color::Black);
    let white = side_score(pos, t, Color::White);
    let score = black - white;
    if pos.side_to_move() == Color::Black {
        score
    } else {
        -score
    }
}

/// Everything one side's pieces are worth: material with promotion potential and advancement
/// (one rank-table lookup), centralisation, slider mobility, dai dai capture-to-promote
/// chances, and the safety of its royal pieces.
#[inline]
fn side_score(pos: &Position, t: &Tables, us: Color) -> i32 {
    let board = &pos.board;
    let enemy_bits = OCCUPIED | if us == Color::Black { 0x80 } else { 0 };
    let owner_mask = WALL | OCCUPIED | 0x80;
    let flip = us == Color::White;
    let mut score = 0i32;
    let mut mobility = 0i32;
    let mut royals = [0usize; 2];
    let mut nroyals = 0;
    for &sq in pos.pieces(us) {
        let cell = sq.index();
        let code = board[cell] as u8 as usize;
        let rank = t.rank_of[cell] as usize;
        let adv = if flip { rank } else { t.side - 1 - rank };
        let info = t.info[code];
        score += t.rank_value[code][adv] as i32;
        score += info.centre_weight as i32 * t.centre[cell] as i32;
        // Slider mobility: empty squares along each long line, up to two (branch-free; the
        // padding makes two steps from any square a valid cell).
        for &d in &t.rays[code][..info.nrays as usize] {
            let a = (cell as i16 + d) as usize;
            let b = (cell as i16 + 2 * d) as usize;
            let e1 = (board[a] == EMPTY) as i32;
            mobility += e1 + (e1 & (board[b] == EMPTY) as i32);
        }
        // Dai dai: a promotable piece that can capture at once (step, leap, first square
        // of a slide, lion or lion-line reach) will promote on that capture.
        if info.capture_bonus != 0 {
            let here = cell as i16;
            if t.near[code]
                .iter()
                .any(|&d| board[(here + d) as usize] & owner_mask == enemy_bits)
            {
                score += info.capture_bonus as i32;
            }
        }
        if info.royal && nroyals < 2 {
            royals[nroyals] = cell;
            nroyals += 1;
        }
    }
    score += mobility * t.mobility_weight;
    // Royal safety: friendly guards next to each royal, enemy pieces within two squares.
    let mut safety = 0;
    for &cell in &royals[..nroyals] {
        let mut guards = 0;
        for dr in -2i16..=2 {
            for df in -2i16..=2 {
                if dr == 0 && df == 0 {
                    continue;
                }
                let c = board[(cell as i16 + dr * STRIDE + df) as usize];
                if c == EMPTY || c == WALL {
                    continue;
                }
                let near = dr.abs() <= 1 && df.abs() <= 1;
                if c & owner_mask == enemy_bits {
                    let w = t.info[c as u8 as usize].attack_weight as i32;
                    safety -= if near {
                        t.attacker_near * w
                    } else {
                        t.attacker_far * w
                    };
                } else if near {
                    guards += 1;
                }
            }
        }
        safety += t.guard[guards.min(t.guard.len() - 1)];
    }
    if nroyals > 1 {
        // A second royal (chu crown prince) is insurance: losing one is not the end.
        score += t.second_royal + safety / 2;
    } else {
        score += safety;
    }
    score
}
