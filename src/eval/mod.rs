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

mod conversion;
#[cfg(test)]
mod measure;
pub mod network_checks;
mod tables;
#[cfg(test)]
pub(crate) mod test_util;
#[cfg(test)]
mod tests;
mod weights;

pub use weights::{PARAMS, Param, Weights};

use crate::nnue;
use crate::nnue::features::{self, MAX_HIDDEN};
use crate::nnue::network::{Network, OUTPUT_LIMIT};
use crate::nnue::simd::Row;
use crate::rules::geometry::{CELLS, Color, STRIDE, dir};
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, OCCUPIED, Position, WALL};
use crate::rules::{Move, Variant};
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

/// [`piece_value`] of every piece code of `variant`, for callers that value many pieces.
#[inline]
pub fn material_values(variant: Variant) -> &'static [i32; 256] {
    &tables(variant).material
}

/// How much a quiet move improves its piece's placement (advancement and centralisation by
/// the evaluation's own tables; promotion is not counted): the chu move ordering's tie-break
/// between quiet moves that history cannot tell apart, a deliberate preference where the
/// generation order would otherwise decide.
#[inline]
pub fn placement_gain(pos: &Position, mv: Move) -> i32 {
    let table = placement_table(pos.variant());
    let code = pos.board[mv.from().index()] as u8 as usize;
    table[code][mv.to().index()] - table[code][mv.from().index()]
}

/// The placement term of every piece code on every cell of `variant`'s board, whose
/// differences are [`placement_gain`]: for a caller that orders many moves, found once.
#[inline]
pub fn placement_table(variant: Variant) -> &'static [[i32; CELLS]; 256] {
    &tables(variant).psq
}

/// Static evaluation of `pos` in [`PAWN`] units from the side to move's point of view,
/// computed from scratch. Colour-symmetric: rotating the board, swapping colours and the
/// side to move gives the same score.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Accumulator::new(pos))
}

/// [`evaluate`] by the hand-set terms alone, whatever network is active: the base a network
/// is trained to correct.
pub fn hand_evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Accumulator::with_network(pos, None))
}

/// [`evaluate`] with the board-wide sums taken from `acc`, which must describe `pos` (the
/// search keeps one per ply, made by [`Accumulator::play`], so a node pays only for the
/// squares its move touched).
pub fn evaluate_with(pos: &Position, acc: &Accumulator) -> i32 {
    evaluate_in(pos, acc, tables(pos.variant()))
}

/// [`evaluate_with`] by the tables `t` of `pos`'s game.
fn evaluate_in(pos: &Position, acc: &Accumulator, t: &Tables) -> i32 {
    let side = |c: Color| {
        let i = c.index();
        acc.psq[i] + acc.mobility[i] * t.mobility_weight + acc.safety[i] + acc.chances[i]
    };
    let mut score = side(Color::Black) - side(Color::White);
    score += conversion::conversion(pos, t, score);
    let hand = if pos.side_to_move() == Color::Black {
        score
    } else {
        -score
    };
    match &acc.nn {
        Some((net, sums)) => {
            let us = pos.side_to_move().index();
            with_correction(hand, net.output(&sums[us], &sums[1 - us]))
        }
        None => hand,
    }
}

/// The hand-set evaluation of one game with chosen [`Weights`], from scratch and without a
/// network: what a fit of the weights ([`crate::train::fit`]) judges its positions by. The
/// engine itself evaluates with [`Weights::hand_set`] through [`evaluate`].
pub struct HandEval {
    tables: Tables,
}

impl HandEval {
    /// The evaluation of `variant` with the weights `w`.
    pub fn new(variant: Variant, w: &Weights) -> HandEval {
        HandEval {
            tables: tables::build(variant, w),
        }
    }

    /// The score of `pos` (of this evaluation's game), side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let acc = Accumulator::from_scratch(pos, &self.tables, None);
        evaluate_in(pos, &acc, &self.tables)
    }
}

/// The hand-set score `hand` with the network's correction `out`: at full weight while the
/// lead is at most [`conversion::START`], fading linearly to nothing at twice that. Past that
/// lead the game is won or lost and what decides the result is finishing it: the conversion
/// terms (trades, bare king, the hunt) steer the search there, and a correction learned from
/// mostly balanced positions only blurs them (docs/training.md, "Where the network speaks").
///
/// With any network the reader accepts, |`out`| ≤ [`OUTPUT_LIMIT`], so `out` times the weight
/// (at most [`conversion::START`]) cannot overflow, and a corrected score stays well short of
/// the mate scores (src/nnue/network.rs proves the bound; the assertion after this function
/// checks the margins at compile time).
pub fn with_correction(hand: i32, out: i32) -> i32 {
    let full = conversion::START;
    hand + out * (2 * full - hand.abs()).clamp(0, full) / full
}

// A corrected score is within 2 · START + OUTPUT_LIMIT of zero (half the mate bound leaves
// room for the search's margins), and out · weight is far inside i32.
const _: () = assert!(
    2 * conversion::START + OUTPUT_LIMIT < crate::score::MATE_BOUND / 2
        && (OUTPUT_LIMIT as i64) * (conversion::START as i64) < i32::MAX as i64 / 64
);

/// [`with_correction`]'s weight of the correction at the hand-set score `hand`, for the
/// trainer, which fits the network to the evaluation the engine runs.
pub fn correction_weight(hand: f32) -> f32 {
    let full = conversion::START as f32;
    ((2.0 * full - hand.abs()) / full).clamp(0.0, 1.0)
}

/// The parts of the evaluation that a move changes only near the squares it touches:
/// material with promotion potential, advancement and centralisation (one value per piece
/// and square), slider mobility (empty squares at the start of each long line) and the
/// safety of each side's royals (their 5×5 surroundings). The search updates them instead of
/// summing ~90 (chu) or ~130 (dai dai) pieces at every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    /// Per colour: material, promotion potential, advancement, centralisation.
    psq: [i32; 2],
    /// Per colour: empty squares (up to two) along the long lines of its sliders.
    mobility: [i32; 2],
    /// Per colour: [`royal_safety`].
    safety: [i32; 2],
    /// Dai dai, per colour: bonuses of promotable pieces that can capture at once.
    chances: [i32; 2],
    /// The active network and its accumulator per perspective (Black, White), if a network
    /// judges this game ([`crate::nnue`]).
    nn: Option<(&'static Network, [Row; 2])>,
}

impl Accumulator {
    /// The sums of `pos`, from scratch, with the network active for its game.
    pub fn new(pos: &Position) -> Accumulator {
        Accumulator::with_network(pos, nnue::active(pos.variant()))
    }

    /// The sums of `pos`, from scratch, with `net` (or none) as its network.
    pub fn with_network(pos: &Position, net: Option<&'static Network>) -> Accumulator {
        Accumulator::from_scratch(pos, tables(pos.variant()), net)
    }

    /// The sums of `pos` by the tables `t`, with `net` (or none) as its network.
    fn from_scratch(pos: &Position, t: &Tables, net: Option<&'static Network>) -> Accumulator {
        let mut acc = Accumulator {
            nn: net.map(|net| {
                let mut active = Vec::with_capacity(pos.pieces(Color::Black).len() * 2 + 4);
                let mut sums = [[0; MAX_HIDDEN]; 2];
                for c in [Color::Black, Color::White] {
                    features::active(pos, c, &mut active);
                    sums[c.index()] = net.accumulate(&active);
                }
                (net, sums)
            }),
            ..Accumulator::default()
        };
        for c in [Color::Black, Color::White] {
            for &sq in pos.pieces(c) {
                let cell = sq.index();
                let code = pos.board[cell] as u8 as usize;
                acc.psq[c.index()] += psq(t, code, cell);
                acc.mobility[c.index()] += slider_mobility(&pos.board, t, code, cell);
            }
            acc.safety[c.index()] = royal_safety(pos, t, c);
            if t.capture_bonus {
                acc.chances[c.index()] = capture_chances(pos, t, c);
            }
        }
        acc
    }

    /// Plays `mv` on `pos` and writes the sums of the position after it to `next`, computed
    /// from these (the sums of `pos` before the move) and the few terms the move can change.
    /// Written in place (the search keeps one slot per ply) rather than returned: a returned
    /// value, and a copy of the network's sums before updating them, cost two copies of the
    /// whole struct per move. `after_make` sees the new position as soon as it exists, before
    /// the sums are brought up to date: work that needs only the new position (the search
    /// prefetches its table entry) then overlaps with the update instead of following it.
    pub fn play(
        &self,
        pos: &mut Position,
        mv: Move,
        next: &mut Accumulator,
        after_make: impl FnOnce(&Position),
    ) {
        let t = tables(pos.variant());
        let touched = Touched::of(mv);
        // After the move only its last landing square is occupied among the touched ones
        // (the origin is left, the other landing squares were empty or are captured).
        let to = mv.to().index();
        let mut flipped = Touched::default();
        for &cell in touched.cells() {
            if (pos.board[cell] == EMPTY) == (cell == to) {
                flipped.push(cell);
            }
        }
        next.psq = self.psq;
        next.mobility = self.mobility;
        next.safety = self.safety;
        next.chances = self.chances;
        let mut stale = [false; 2];
        for c in [Color::Black, Color::White] {
            stale[c.index()] = near_royal(pos, c, &touched);
        }
        // Royals stand where they stood unless the move takes or moves one, or promotes (a
        // drunk elephant becomes a crown prince): otherwise the squares near them after the
        // move are the ones near them now, and asking again is needless.
        let royal_touched = mv.promotes()
            || touched.cells().iter().any(|&cell| {
                let c = pos.board[cell];
                c & OCCUPIED != 0 && t.info[c as u8 as usize].royal
            });
        // The network's rows to take (the touched squares' pieces before the move) and to add
        // (after it), per perspective: applied in one pass from this ply's sums to the next.
        let mut rows = NetRows::default();
        let with_net = self.nn.is_some();
        next.account_pieces(pos, t, &touched, -1, with_net.then_some(&mut rows.subs));
        // Filled in place: returned by value, the list's 1.5 kB would be copied per move.
        let mut chance_cells = ChanceCells::new();
        if t.capture_bonus {
            find_chance_cells(pos, t, &touched, &mut chance_cells);
            next.account_chances(pos, t, &chance_cells, -1);
        }
        pos.make(mv);
        after_make(pos);
        next.account_pieces(pos, t, &touched, 1, with_net.then_some(&mut rows.adds));
        match &self.nn {
            Some((net, sums)) => {
                let out = match &mut next.nn {
                    Some((slot_net, out)) => {
                        *slot_net = *net;
                        out
                    }
                    slot => &mut slot.insert((*net, [[0; MAX_HIDDEN]; 2])).1,
                };
                let NetRows { adds, subs } = &rows;
                net.update_move(
                    sums,
                    out,
                    [adds.of(0), adds.of(1)],
                    [subs.of(0), subs.of(1)],
                );
            }
            None => next.nn = None,
        }
        next.account_lines(pos, t, &touched, &flipped);
        if t.capture_bonus {
            next.account_chances(pos, t, &chance_cells, 1);
        }
        for c in [Color::Black, Color::White] {
            if stale[c.index()] || royal_touched && near_royal(pos, c, &touched) {
                next.safety[c.index()] = royal_safety(pos, t, c);
            }
        }
    }

    /// Dai dai: adds (`sign` = 1) or takes out (-1) the capture chances of the pieces on
    /// `cells` ([`find_chance_cells`]).
    fn account_chances(&mut self, pos: &Position, t: &Tables, cells: &[usize], sign: i32) {
        for &cell in cells {
            let c = pos.board[cell];
            if c & OCCUPIED != 0 {
                self.chances[colour_of(c)] += sign * capture_chance(&pos.board, t, cell);
            }
        }
    }

    /// Adds (`sign` = 1) or takes out (-1) the placement and mobility terms of the pieces
    /// on the touched squares, and lists their network features per perspective in `rows`
    /// (none without a network).
    ///
    /// Always inlined: called twice per move, it was left a call, and its prologue and the
    /// passing of `rows` cost more than its body for the one to three touched squares.
    #[inline(always)]
    fn account_pieces(
        &mut self,
        pos: &Position,
        t: &Tables,
        touched: &Touched,
        sign: i32,
        mut rows: Option<&mut Features>,
    ) {
        let board = &pos.board;
        for &cell in touched.cells() {
            let c = board[cell];
            if c & OCCUPIED != 0 {
                let code = c as u8 as usize;
                let i = colour_of(c);
                self.psq[i] += sign * psq(t, code, cell);
                self.mobility[i] += sign * slider_mobility(board, t, code, cell);
                if let Some(rows) = rows.as_deref_mut() {
                    // At most four touched squares: `len` stays within the arrays.
                    let at = rows.len & 3;
                    for (p, row) in rows.features.iter_mut().enumerate() {
                        row[at] = t.feature_piece[p][code] + u32::from(t.feature_square[p][cell]);
                    }
                    rows.len += 1;
                }
            }
        }
    }

    /// After the move: the change in the long lines of sliders off the touched squares that
    /// run over a square the move emptied or filled (`flipped`). A line (slider on p,
    /// direction d) is counted once: from the flipped square p + d, or from p + 2d when
    /// p + d does not flip (and then only if p + d is empty: otherwise the line is worth
    /// nothing before and after alike). A square's emptiness before the move is its
    /// emptiness now, inverted if it flipped.
    fn account_lines(&mut self, pos: &Position, t: &Tables, touched: &Touched, flipped: &Touched) {
        // Indices masked to the array, which the padding keeps two king steps from any
        // square inside anyway: no bounds checks in the loop.
        let at = |cell: usize| pos.board[cell & (CELLS - 1)];
        let looks = |content: u16, k: usize| t.line_mask[line_index(content)] >> k & 1 != 0;
        for &cell in flipped.cells() {
            // The flipped square itself: empty now, or empty before.
            let here_now = i32::from(at(cell) == EMPTY);
            for (k, &d) in dir::KING.iter().enumerate() {
                let d = d as isize;
                let p1 = cell.wrapping_add_signed(-d);
                let c1 = at(p1);
                if c1 == EMPTY {
                    let p2 = p1.wrapping_add_signed(-d);
                    let c2 = at(p2);
                    if looks(c2, k) && !flipped.contains(p1) && !touched.contains(p2) {
                        // Line p1 (empty, unchanged), cell: 1 + e(cell) now, 1 + !e before.
                        self.mobility[colour_of(c2)] += 2 * here_now - 1;
                    }
                } else if looks(c1, k) && !touched.contains(p1) {
                    // Line cell, cell + d.
                    let next = cell.wrapping_add_signed(d);
                    let next_now = i32::from(at(next) == EMPTY);
                    let next_before = next_now ^ i32::from(flipped.contains(next));
                    let now = here_now + (here_now & next_now);
                    let before = (1 - here_now) + ((1 - here_now) & next_before);
                    self.mobility[colour_of(c1)] += now - before;
                }
            }
        }
    }
}

/// The network features a move takes away and adds, per perspective (Black, White).
#[derive(Default)]
struct NetRows {
    subs: Features,
    adds: Features,
}

/// The features of the pieces on a move's touched squares, per perspective (Black, White):
/// as many for each, one per piece, so one count serves both (a list per perspective paid
/// two capacity checks per piece).
#[derive(Default)]
struct Features {
    features: [[u32; 4]; 2],
    len: usize,
}

impl Features {
    /// The features of perspective `p`.
    #[inline]
    fn of(&self, p: usize) -> &[u32] {
        &self.features[p][..self.len]
    }
}

/// A move's origin and landing squares, each once (at most four cells). The unused slots
/// hold [`Touched::NONE`], so that [`Touched::contains`] is four comparisons: it is asked
/// several times per direction in [`Accumulator::account_lines`], where a loop over the
/// list cost more than the rest of the test.
#[derive(Clone, Copy)]
struct Touched {
    cells: [usize; 4],
    len: usize,
}

impl Default for Touched {
    fn default() -> Touched {
        Touched {
            cells: [Touched::NONE; 4],
            len: 0,
        }
    }
}

impl Touched {
    /// The content of an unused slot: no cell.
    const NONE: usize = usize::MAX;

    #[inline]
    fn of(mv: Move) -> Touched {
        let mut touched = Touched::default();
        touched.push(mv.from().index());
        for i in 0..mv.leg_count() {
            let cell = mv.leg(i).index();
            if !touched.contains(cell) {
                touched.push(cell);
            }
        }
        touched
    }

    #[inline]
    fn push(&mut self, cell: usize) {
        if self.len < self.cells.len() {
            self.cells[self.len] = cell;
            self.len += 1;
        }
    }

    #[inline]
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }

    #[inline]
    fn contains(&self, cell: usize) -> bool {
        let c = &self.cells;
        (c[0] == cell) | (c[1] == cell) | (c[2] == cell) | (c[3] == cell)
    }
}

/// Whether a touched square lies within two steps of one of `c`'s royals (inside the 5×5
/// area [`royal_safety`] looks at, the royal's own square included).
fn near_royal(pos: &Position, c: Color, touched: &Touched) -> bool {
    pos.royal_squares(c).iter().any(|r| {
        touched.cells().iter().any(|&cell| {
            let delta = cell as isize - r.index() as isize + RING_REACH;
            (0..NEAR_TABLE.len() as isize).contains(&delta) && NEAR_TABLE[delta as usize]
        })
    })
}

/// Largest cell offset of a square within two steps.
const RING_REACH: isize = 2 * STRIDE as isize + 2;

/// `NEAR_TABLE[delta + RING_REACH]`: whether a cell offset is at most two steps in file and
/// rank (the padded board's stride is wide enough that offsets do not alias).
const NEAR_TABLE: [bool; 2 * RING_REACH as usize + 1] = {
    let mut table = [false; 2 * RING_REACH as usize + 1];
    let mut dr = -2isize;
    while dr <= 2 {
        let mut df = -2isize;
        while df <= 2 {
            table[(dr * STRIDE as isize + df + RING_REACH) as usize] = true;
            df += 1;
        }
        dr += 1;
    }
    table
};

/// The index of a cell's content in [`Tables::line_mask`]: the piece code plus 256 for a
/// piece, 0 for an empty or wall cell.
#[inline]
fn line_index(content: u16) -> usize {
    (content & (OCCUPIED | 0xff)) as usize
}

/// Colour index of an occupied cell's piece.
#[inline]
fn colour_of(cell: u16) -> usize {
    usize::from(cell & 0x80 != 0)
}

/// Material with promotion potential and advancement plus centralisation of piece `code` on
/// `cell`, from its owner's view: one lookup in the per-game table
/// ([`tables::psq_value`] computes each entry).
#[inline]
fn psq(t: &Tables, code: usize, cell: usize) -> i32 {
    t.psq[code][cell]
}

/// Empty squares along each long line of the piece, up to two.
#[inline]
fn slider_mobility(board: &[u16; CELLS], t: &Tables, code: usize, cell: usize) -> i32 {
    t.rays[code][..t.info[code].nrays as usize]
        .iter()
        .map(|&d| line_mobility(board, cell, d))
        .sum()
}

/// Empty squares, up to two, along direction `d` from `cell` (branch-free; the padding
/// makes two king steps from any square a valid cell, so the indices are masked to the
/// array instead of checked).
#[inline]
fn line_mobility(board: &[u16; CELLS], cell: usize, d: i16) -> i32 {
    let at = |i: i16| board[(cell as i16 + i) as usize & (CELLS - 1)];
    let e1 = (at(d) == EMPTY) as i32;
    e1 + (e1 & (at(2 * d) == EMPTY) as i32)
}

/// Dai dai: a promotable piece that can capture at once (step, leap, first square of a
/// slide, lion or lion-line reach) will promote on that capture.
fn capture_chances(pos: &Position, t: &Tables, us: Color) -> i32 {
    pos.pieces(us)
        .iter()
        .map(|sq| capture_chance(&pos.board, t, sq.index()))
        .sum()
}

/// The bonus of the piece on `cell` if it is promotable and an enemy stands on one of its
/// `near` squares, else 0.
#[inline]
fn capture_chance(board: &[u16; CELLS], t: &Tables, cell: usize) -> i32 {
    let code = board[cell] as u8 as usize;
    let bonus = t.info[code].capture_bonus;
    if bonus == 0 {
        return 0;
    }
    let enemy_bits = OCCUPIED | if code & 0x80 == 0 { 0x80 } else { 0 };
    let owner_mask = WALL | OCCUPIED | 0x80;
    let here = cell as i16;
    let threat = t.near[code]
        .iter()
        .any(|&d| board[(here + d) as usize] & owner_mask == enemy_bits);
    if threat { bonus as i32 } else { 0 }
}

/// Cells for [`find_chance_cells`]: the touched squares plus, per touched square, at most the 48
/// other cells of its 7×7 box.
type ChanceCells = ArrayVec<usize, { 4 * 49 }>;

/// Dai dai: collects into `cells` (empty) the cells whose piece's capture chance a move can
/// change, each once: the touched squares, and the promotable pieces off them that have a
/// touched square among their `near` squares (the same cells before and after the move,
/// since only touched squares change).
fn find_chance_cells(pos: &Position, t: &Tables, touched: &Touched, cells: &mut ChanceCells) {
    let board = &pos.board;
    let mut seen = [0u64; CELLS.div_ceil(64)];
    cells.extend(touched.cells().iter().copied());
    for &cell in touched.cells() {
        for &(d, bit) in &t.near_offsets {
            let p = (cell as i16 - d) as usize;
            let Some(&c) = board.get(p) else {
                continue;
            };
            if c & OCCUPIED != 0
                && t.near_mask[c as u8 as usize] >> bit & 1 != 0
                && !touched.contains(p)
                && seen[p / 64] >> (p % 64) & 1 == 0
            {
                seen[p / 64] |= 1 << (p % 64);
                // At most 48 such cells per touched square: within the capacity.
                cells.push(p);
            }
        }
    }
}

/// Safety of `us`'s royal pieces: friendly guards next to each, enemy pieces within two
/// squares; a second royal (chu crown prince) is insurance and halves the concern. The
/// pieces are found from the occupancy rows ([`Position::box5`]) rather than by reading the
/// 24 squares around each royal, most of which are empty or friendly.
fn royal_safety(pos: &Position, t: &Tables, us: Color) -> i32 {
    let board = &pos.board;
    let royals = pos.royal_squares(us);
    let royals = &royals[..royals.len().min(2)];
    let mut safety = 0;
    for &sq in royals {
        // The royal itself is the box's centre: not its own guard.
        let guards = (pos.box5(us, sq) & BOX_NEAR).count_ones() as usize - 1;
        let mut enemies = pos.box5(us.flip(), sq);
        while enemies != 0 {
            let bit = enemies.trailing_zeros() as usize;
            enemies &= enemies - 1;
            let code = board[(sq.index() as i16 + BOX_OFFSET[bit]) as usize] as u8 as usize;
            let w = t.info[code].attack_weight as i32;
            safety -= if BOX_NEAR >> bit & 1 != 0 {
                t.attacker_near * w
            } else {
                t.attacker_far * w
            };
        }
        safety += t.guard[guards.min(t.guard.len() - 1)];
    }
    if royals.len() > 1 {
        t.second_royal + safety / 2
    } else {
        safety
    }
}

/// The bits of [`Position::box5`] at most one step from the centre (its 3×3 core).
const BOX_NEAR: u32 = 0b01110 << 5 | 0b01110 << 10 | 0b01110 << 15;

/// The cell offset of each bit of [`Position::box5`] from the box's centre.
const BOX_OFFSET: [i16; 25] = {
    let mut offset = [0i16; 25];
    let mut bit = 0;
    while bit < 25 {
        offset[bit] = (bit as i16 / 5 - 2) * STRIDE + bit as i16 % 5 - 2;
        bit += 1;
    }
    offset
};
