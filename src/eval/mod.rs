//! Static evaluation of chu and dai dai positions (docs/eval.md gives every term and why).
//!
//! Units: [`PAWN`] = 100 = half a chu silver general (Mensching's unit × 200) = one dai dai
//! pawn (the German association's unit × 100). Scores are from the side to move's view.
//!
//! Everything that depends only on the piece code is precomputed once per game
//! ([`tables::Tables`], 256 entries per table). The per-piece sums (material, placement,
//! slider mobility) live in an [`Accumulator`] that the search updates move by move; a node's
//! evaluation adds a 5×5 look around each royal piece (and in dai dai the promotion-by-capture
//! chances) to it.

#[cfg(test)]
mod measure;
mod tables;
#[cfg(test)]
pub(crate) mod test_util;
#[cfg(test)]
mod tests;

use crate::rules::Move;
use crate::rules::geometry::{CELLS, Color, STRIDE};
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, OCCUPIED, Position, WALL};
use arrayvec::ArrayVec;
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

/// Static evaluation of `pos` in [`PAWN`] units from the side to move's point of view,
/// computed from scratch. Colour-symmetric: rotating the board, swapping colours and the
/// side to move gives the same score.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Accumulator::new(pos))
}

/// [`evaluate`] with the board-wide sums taken from `acc`, which must describe `pos` (the
/// search keeps one per ply, updated by [`Accumulator::before_move`] and
/// [`Accumulator::after_move`], so a node pays only for the squares its move touched).
pub fn evaluate_with(pos: &Position, acc: &Accumulator) -> i32 {
    let t = tables(pos.variant());
    let side = |c: Color| {
        let i = c.index();
        acc.psq[i] + acc.mobility[i] * t.mobility_weight + royal_safety(pos, t, c) + {
            if t.capture_bonus {
                capture_chances(pos, t, c)
            } else {
                0
            }
        }
    };
    let score = side(Color::Black) - side(Color::White);
    if pos.side_to_move() == Color::Black {
        score
    } else {
        -score
    }
}

/// The parts of the evaluation that are sums over pieces of terms that depend only on a
/// piece and its immediate surroundings: material with promotion potential, advancement and
/// centralisation (one value per piece and square), and slider mobility (empty squares at
/// the start of each long line). A move changes only a few of these terms, so the search
/// updates them instead of summing ~90 (chu) or ~130 (dai dai) pieces at every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    /// Per colour: material, promotion potential, advancement, centralisation.
    psq: [i32; 2],
    /// Per colour: empty squares (up to two) along the long lines of its sliders.
    mobility: [i32; 2],
}

/// Squares a move can change: its origin and landing squares (at most four, deduplicated).
type Touched = ArrayVec<usize, 4>;

/// Cells whose slider mobility a move can change (the touched squares and the squares one
/// or two steps back along every long-line direction), holding a slider.
type Sliders = ArrayVec<usize, 72>;

impl Accumulator {
    /// The sums of `pos`, from scratch.
    pub fn new(pos: &Position) -> Accumulator {
        let t = tables(pos.variant());
        let mut acc = Accumulator::default();
        for c in [Color::Black, Color::White] {
            for &sq in pos.pieces(c) {
                let cell = sq.index();
                let code = pos.board[cell] as u8 as usize;
                acc.psq[c.index()] += psq(t, code, cell);
                acc.mobility[c.index()] += slider_mobility(&pos.board, t, code, cell);
            }
        }
        acc
    }

    /// Takes out the terms of every piece `mv` may change, on the position before it is
    /// made; [`Accumulator::after_move`] puts them back as they are after it.
    pub fn before_move(&mut self, pos: &Position, mv: Move) {
        self.account(pos, mv, -1);
    }

    /// Completes [`Accumulator::before_move`] once `mv` has been made on `pos`.
    pub fn after_move(&mut self, pos: &Position, mv: Move) {
        self.account(pos, mv, 1);
    }

    fn account(&mut self, pos: &Position, mv: Move, sign: i32) {
        let t = tables(pos.variant());
        let board = &pos.board;
        let mut touched = Touched::new();
        touched.push(mv.from().index());
        for i in 0..mv.leg_count() {
            let cell = mv.leg(i).index();
            if !touched.contains(&cell) {
                touched.push(cell);
            }
        }
        let mut sliders = Sliders::new();
        for &cell in &touched {
            let c = board[cell];
            if c & OCCUPIED != 0 && c != WALL {
                let code = c as u8 as usize;
                self.psq[colour_of(c)] += sign * psq(t, code, cell);
                if t.info[code].nrays != 0 {
                    sliders.push(cell);
                }
            }
        }
        for &cell in &touched {
            for &d in &t.ray_dirs {
                for back in [cell as i16 - d, cell as i16 - 2 * d] {
                    let back = back as usize;
                    let c = board[back];
                    if c & OCCUPIED != 0
                        && c != WALL
                        && t.info[c as u8 as usize].nrays != 0
                        && !sliders.contains(&back)
                    {
                        sliders.push(back);
                    }
                }
            }
        }
        for &cell in &sliders {
            let c = board[cell];
            self.mobility[colour_of(c)] += sign * slider_mobility(board, t, c as u8 as usize, cell);
        }
    }
}

/// Colour index of an occupied cell's piece.
#[inline]
fn colour_of(cell: u16) -> usize {
    usize::from(cell & 0x80 != 0)
}

/// Material with promotion potential and advancement (one rank-table lookup) plus
/// centralisation of piece `code` on `cell`, from its owner's view.
#[inline]
fn psq(t: &Tables, code: usize, cell: usize) -> i32 {
    let rank = t.rank_of[cell] as usize;
    let adv = if code & 0x80 != 0 {
        rank
    } else {
        t.side - 1 - rank
    };
    t.rank_value[code][adv] as i32 + t.info[code].centre_weight as i32 * t.centre[cell] as i32
}

/// Empty squares along each long line of the piece, up to two (branch-free; the padding
/// makes two steps from any square a valid cell).
#[inline]
fn slider_mobility(board: &[u16; CELLS], t: &Tables, code: usize, cell: usize) -> i32 {
    let mut mobility = 0;
    for &d in &t.rays[code][..t.info[code].nrays as usize] {
        let a = (cell as i16 + d) as usize;
        let b = (cell as i16 + 2 * d) as usize;
        let e1 = (board[a] == EMPTY) as i32;
        mobility += e1 + (e1 & (board[b] == EMPTY) as i32);
    }
    mobility
}

/// Dai dai: a promotable piece that can capture at once (step, leap, first square of a
/// slide, lion or lion-line reach) will promote on that capture.
fn capture_chances(pos: &Position, t: &Tables, us: Color) -> i32 {
    let board = &pos.board;
    let enemy_bits = OCCUPIED | if us == Color::Black { 0x80 } else { 0 };
    let owner_mask = WALL | OCCUPIED | 0x80;
    let mut score = 0;
    for &sq in pos.pieces(us) {
        let cell = sq.index();
        let code = board[cell] as u8 as usize;
        let bonus = t.info[code].capture_bonus;
        if bonus != 0 {
            let here = cell as i16;
            if t.near[code]
                .iter()
                .any(|&d| board[(here + d) as usize] & owner_mask == enemy_bits)
            {
                score += bonus as i32;
            }
        }
    }
    score
}

/// Safety of `us`'s royal pieces: friendly guards next to each, enemy pieces within two
/// squares; a second royal (chu crown prince) is insurance and halves the concern.
fn royal_safety(pos: &Position, t: &Tables, us: Color) -> i32 {
    let board = &pos.board;
    let enemy_bits = OCCUPIED | if us == Color::Black { 0x80 } else { 0 };
    let owner_mask = WALL | OCCUPIED | 0x80;
    let royals = pos.royal_squares(us);
    let royals = &royals[..royals.len().min(2)];
    let mut safety = 0;
    for &sq in royals {
        let cell = sq.index() as i16;
        let mut guards = 0;
        for &(offset, near) in &RING {
            let c = board[(cell + offset) as usize];
            if c == EMPTY || c == WALL {
                continue;
            }
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
        safety += t.guard[guards.min(t.guard.len() - 1)];
    }
    if royals.len() > 1 {
        t.second_royal + safety / 2
    } else {
        safety
    }
}

/// The 24 squares within two steps of a royal, with whether each is adjacent.
const RING: [(i16, bool); 24] = {
    let mut ring = [(0i16, false); 24];
    let mut i = 0;
    let mut dr = -2i16;
    while dr <= 2 {
        let mut df = -2i16;
        while df <= 2 {
            if dr != 0 || df != 0 {
                ring[i] = (dr * STRIDE + df, dr.abs() <= 1 && df.abs() <= 1);
                i += 1;
            }
            df += 1;
        }
        dr += 1;
    }
    ring
};
