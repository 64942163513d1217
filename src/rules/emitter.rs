//! The one place every generated move passes through ([`Emitter::emit`]): chu's
//! lion-trading rules filter captures here, and promotion choices are expanded here. Used by
//! [`crate::rules::movegen`] for steps, leaps and slides and by [`crate::rules::multistep`]
//! for moves of several legs.
//!
//! The emitter is generic over where the moves go ([`MoveSink`]: a list, or perft's bulk
//! count at the last ply, which never builds them) and over which moves are wanted (`MODE`:
//! [`ALL`], [`CAPTURES`], [`QUIETS`]), so that the hot loops test neither.

use crate::rules::geometry::{CELLS, Color, MAX_SIDE, PAD, STRIDE, Square};
use crate::rules::lion_trading;
use crate::rules::moves::Move;
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, OCCUPIED, Position, WALL};
use crate::rules::promotion::{self, Choice};
use crate::rules::variant::Variant;

/// Every legal move.
pub(crate) const ALL: u8 = 0;
/// Only the moves that capture something (quiescence search, first stage of the search's
/// move ordering).
pub(crate) const CAPTURES: u8 = 1;
/// Only the moves that capture nothing (second stage of the search's move ordering).
pub(crate) const QUIETS: u8 = 2;

/// Where emitted moves go.
pub(crate) trait MoveSink {
    /// Takes one move.
    fn add(&mut self, mv: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn add(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts the moves without keeping them (perft's last ply): the moves are never built.
#[derive(Default)]
pub(crate) struct Counter(pub usize);

impl MoveSink for Counter {
    #[inline]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Looks for one move among those emitted, keeping none ([`crate::rules::movegen::generates`]).
pub(crate) struct Finder {
    target: Move,
    found: bool,
}

impl Finder {
    pub fn new(target: Move) -> Finder {
        Finder {
            target,
            found: false,
        }
    }

    /// Whether the move was emitted.
    pub fn found(&self) -> bool {
        self.found
    }
}

impl MoveSink for Finder {
    #[inline]
    fn add(&mut self, mv: Move) {
        self.found |= mv == self.target;
    }
}

/// The promotion rule that applies to every move of one piece from one square, found once
/// per piece ([`Emitter::promo`]) instead of once per move.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub(crate) enum Promo {
    /// No move of the piece can promote (a promoted or non-promoting piece, or a chu piece
    /// too far from the zone to reach it).
    Never,
    /// Dai dai: promotion is forced on a capture and impossible otherwise.
    OnCapture,
    /// Chu, from outside the zone: only a move that ends in the zone may promote.
    Entering,
    /// Chu, from inside the zone: [`promotion::choice`] decides each move.
    Zone,
}

/// Mask of the bits that say whether a cell holds a piece of which color.
const OWNER_MASK: u16 = WALL | OCCUPIED | 0x80;

/// First cell of `rank` (a wall cell; the squares of the rank follow it).
const fn rank_start(rank: usize) -> u16 {
    ((rank as i16 + PAD) * STRIDE) as u16
}

/// Chu, per color and cell: how many ranks a piece on the cell must advance to reach the
/// color's zone (0: in the zone).
static ZONE_GAP: [[u8; CELLS]; 2] = {
    let mut t = [[0u8; CELLS]; 2];
    let mut i = 0;
    while i < CELLS {
        let rank = (i as i16 / STRIDE - PAD) as u8;
        t[0][i] = rank.saturating_sub(3);
        t[1][i] = 8u8.saturating_sub(rank);
        i += 1;
    }
    t
};

/// Chu: whether the piece on `from` (of the side to move, outside its zone) with the steps,
/// leaps and slides `rays` has one onto an empty square of the zone: only the rays whose
/// first square is nearer the zone are walked. Every move that enters the zone from outside
/// offers a promotion to a piece that may promote, and no other non-capture from outside
/// does, so this answers for the piece's one-leg non-captures whether one promotes.
pub(crate) fn enters_zone_quietly(pos: &Position, from: Square, rays: &[(i16, u8)]) -> bool {
    let gaps = &ZONE_GAP[pos.side.index()];
    let gap = gaps[from.cell()];
    for &(d, range) in rays {
        let mut to = from.offset(d);
        if gaps[to.cell()] >= gap {
            continue;
        }
        let mut left = range;
        while pos.board[to.cell()] == EMPTY {
            if gaps[to.cell()] == 0 {
                return true;
            }
            left -= 1;
            if left == 0 {
                break;
            }
            to = to.offset(d);
        }
    }
    false
}

/// Collects moves, applying the capture and promotion rules common to every piece.
/// `ROWS` is the number of ranks whose box rows it holds: every rank ([`Emitter::new`]), or
/// one ([`Emitter::for_square`]).
pub(crate) struct Emitter<'a, S: MoveSink, const MODE: u8, const ROWS: usize = 32> {
    pub pos: &'a Position,
    pub out: &'a mut S,
    /// Cell bits of an enemy piece: `OCCUPIED | color bit`.
    enemy_bits: u16,
    chu: bool,
    /// Chu: the squares of the side to move's zone are the cells `c` with
    /// `c - zone_start < zone_cells` (wrapping): one test per move.
    zone_start: u16,
    zone_cells: u16,
    /// At index `r`, ranks `r - 1`, `r` and `r + 1` at bits 0, 21 and 42: a bit per file
    /// (file `f` at bit `f + 1`) holding a piece of the side to move or a wall (bit 0 and the
    /// bit past the last file; the ranks before the first and after the last are all walls)
    /// ([`Emitter::blocked_box`]). With one row (`ROWS` = 1), the rank of the one square
    /// asked about.
    blocked_rows: [u64; ROWS],
}

impl<'a, S: MoveSink, const MODE: u8> Emitter<'a, S, MODE> {
    /// An emitter for moves from any square of the board.
    pub fn new(pos: &'a Position, out: &'a mut S) -> Emitter<'a, S, MODE> {
        let (enemy_bits, zone_start, zone_cells) = rules_of(pos);
        let side = pos.variant.side();
        let walls = 1 | 1 << (side + 1);
        let own = pos.occupancy_rows(pos.side);
        // Ranks -1 to `side`, walls off the board: each rank of the box rows is then one
        // load, with no test for the ends.
        let mut padded = [(1u64 << 21) - 1; MAX_SIDE + 2];
        for (p, &row) in padded[1..].iter_mut().zip(&own[..side]) {
            *p = (row << 1 | walls) as u64;
        }
        let mut blocked_rows = [0u64; 32];
        for (r, b) in blocked_rows[..side].iter_mut().enumerate() {
            *b = padded[r] | padded[r + 1] << 21 | padded[r + 2] << 42;
        }
        Emitter {
            pos,
            out,
            enemy_bits,
            chu: pos.variant == Variant::Chu,
            zone_start,
            zone_cells,
            blocked_rows,
        }
    }
}

impl<'a, S: MoveSink, const MODE: u8> Emitter<'a, S, MODE, 1> {
    /// An emitter for the moves from `from` alone, holding its rank's box row only (the
    /// one [`Emitter::blocked_box`] is asked about): the search's test of a move from the
    /// table, at most nodes, built every rank's and read one.
    pub fn for_square(pos: &'a Position, out: &'a mut S, from: Square) -> Emitter<'a, S, MODE, 1> {
        let (enemy_bits, zone_start, zone_cells) = rules_of(pos);
        let side = pos.variant.side();
        let own = pos.occupancy_rows(pos.side);
        let rank = from.cell_coords().1;
        // Rank `r - 1` as `new`'s `padded[r]` holds it: walls off the board.
        let padded = |r: usize| match r.checked_sub(1) {
            Some(r) if r < side => (own[r] << 1 | 1 | 1 << (side + 1)) as u64,
            _ => (1 << 21) - 1,
        };
        Emitter {
            pos,
            out,
            enemy_bits,
            chu: pos.variant == Variant::Chu,
            zone_start,
            zone_cells,
            blocked_rows: [padded(rank) | padded(rank + 1) << 21 | padded(rank + 2) << 42],
        }
    }
}

/// The cell bits of an enemy piece (`OCCUPIED | color bit`) and chu's zone as
/// [`Emitter`] holds them, for the side to move of `pos`.
#[inline]
fn rules_of(pos: &Position) -> (u16, u16, u16) {
    let enemy_bits = OCCUPIED | if pos.side == Color::Black { 0x80 } else { 0 };
    // Chu's zone: the four ranks farthest from the side to move.
    let (zone_start, zone_cells) = match pos.side {
        Color::Black => (0, rank_start(4)),
        Color::White => (rank_start(8), u16::MAX - rank_start(8)),
    };
    (enemy_bits, zone_start, zone_cells)
}

impl<S: MoveSink, const MODE: u8, const ROWS: usize> Emitter<'_, S, MODE, ROWS> {
    /// Cell content.
    #[inline]
    pub fn cell(&self, sq: Square) -> u16 {
        self.pos.board[sq.cell()]
    }

    /// Whether the cell holds an enemy piece.
    #[inline]
    pub fn is_enemy(&self, cell: u16) -> bool {
        cell & OWNER_MASK == self.enemy_bits
    }

    /// Whether a piece may land on the cell (empty or enemy).
    #[inline]
    pub fn can_land(&self, cell: u16) -> bool {
        cell == EMPTY || self.is_enemy(cell)
    }

    /// The squares of the 3×3 box around `from` (bit `(rank step + 1) * 3 + file step + 1`)
    /// that hold a piece of the side to move or a wall: where no ray can start. With one
    /// row, `from` must be the emitter's square.
    #[inline]
    pub fn blocked_box(&self, from: Square) -> u16 {
        let (file, rank) = from.cell_coords();
        // Files `file - 1 ..= file + 1` of the three ranks, at bits 0-2, 21-23 and 42-44,
        // gathered to bits 0-8 by one multiplication (the partial products do not overlap).
        // The index is `rank & 31` with every rank's row, 0 with one.
        let bits = self.blocked_rows[(rank & 31) % ROWS] >> file & (7 | 7 << 21 | 7 << 42);
        (bits.wrapping_mul(1 << 36 | 1 << 18 | 1) >> 36) as u16 & 0x1ff
    }

    /// Chu: whether the on-board square `sq` is in the side to move's zone.
    #[inline]
    fn in_zone(&self, sq: Square) -> bool {
        sq.0.wrapping_sub(self.zone_start) < self.zone_cells
    }

    /// The promotion rule for the moves of `piece` (of the side to move) from `from`.
    #[inline]
    pub fn promo(&self, piece: Piece, from: Square) -> Promo {
        let cat = self.pos.cat;
        if !cat.promotable(piece) {
            return Promo::Never;
        }
        if !self.chu {
            return Promo::OnCapture;
        }
        // Ranks between `from` and the zone: a move ends at most `reach` king steps away.
        let gap = ZONE_GAP[self.pos.side.index()][from.cell()];
        if gap == 0 {
            Promo::Zone
        } else if gap > cat.reach(piece) {
            Promo::Never
        } else {
            Promo::Entering
        }
    }

    /// Emits the move of `piece` from `from` over `legs` (canonical shape), after the lion
    /// rules, with its promotion choices (`promo`: [`Emitter::promo`]).
    #[inline]
    pub fn emit(&mut self, piece: Piece, from: Square, legs: &[Square], promo: Promo) {
        let mut captures = false;
        let mut lion_taken = false;
        for (i, &leg) in legs.iter().enumerate() {
            let c = self.cell(leg);
            if leg != from && self.is_enemy(c) && !legs[..i].contains(&leg) {
                captures = true;
                if self.chu && self.pos.cat.is_lion(Piece(c as u8)) {
                    lion_taken = true;
                }
            }
        }
        if (MODE == CAPTURES && !captures)
            || (MODE == QUIETS && captures)
            || (lion_taken && !lion_trading::allowed(self.pos, piece, from, legs))
        {
            return;
        }
        let to = legs[legs.len() - 1];
        self.push(
            Move::new(from, legs, false),
            piece,
            from,
            to,
            captures,
            promo,
        );
    }

    /// [`Emitter::emit`] for a one-leg move onto `to` (not `from`) whose content `c` is
    /// known to be empty or an enemy piece, with the piece's promotion rule `promo`
    /// ([`Emitter::promo`]): the common case, without the leg loop.
    #[inline]
    pub fn emit_one(&mut self, piece: Piece, from: Square, to: Square, c: u16, promo: Promo) {
        let skip = if c == EMPTY {
            MODE == CAPTURES
        } else {
            MODE == QUIETS
                || (self.chu
                    && self.pos.cat.is_lion(Piece(c as u8))
                    && !lion_trading::allowed(self.pos, piece, from, &[to]))
        };
        if skip {
            return;
        }
        self.push(Move::simple(from, to), piece, from, to, c != EMPTY, promo);
    }

    /// [`Emitter::emit_one`] onto an empty square.
    #[inline]
    pub fn emit_quiet(&mut self, piece: Piece, from: Square, to: Square, promo: Promo) {
        if MODE != CAPTURES {
            self.push(Move::simple(from, to), piece, from, to, false, promo);
        }
    }

    /// [`Emitter::emit_one`] onto a square holding the enemy piece `c`.
    #[inline]
    pub fn emit_capture(&mut self, piece: Piece, from: Square, to: Square, c: u16, promo: Promo) {
        if MODE == QUIETS
            || (self.chu
                && self.pos.cat.is_lion(Piece(c as u8))
                && !lion_trading::allowed(self.pos, piece, from, &[to]))
        {
            return;
        }
        self.push(Move::simple(from, to), piece, from, to, true, promo);
    }

    /// Appends `mv` (built without the promotion flag) with its promotion choices.
    #[inline]
    fn push(
        &mut self,
        mv: Move,
        piece: Piece,
        from: Square,
        to: Square,
        captures: bool,
        promo: Promo,
    ) {
        let choice = match promo {
            Promo::Never => Choice::Never,
            Promo::OnCapture if captures => Choice::Forced,
            Promo::OnCapture => Choice::Never,
            Promo::Entering if !self.in_zone(to) => Choice::Never,
            Promo::Entering | Promo::Zone => zone_choice(self.pos, piece, from, to, captures),
        };
        debug_assert_eq!(
            choice,
            promotion::choice(self.pos, piece, from, to, captures)
        );
        match choice {
            Choice::Never => self.out.add(mv),
            Choice::Forced => self.out.add(mv.with_promotion()),
            Choice::Optional => {
                self.out.add(mv.with_promotion());
                self.out.add(mv);
            }
        }
    }
}

/// [`promotion::choice`] out of line: the rare case (a chu move that touches the zone), kept
/// out of the generator's loops so that none of its work is hoisted into them.
#[inline(never)]
fn zone_choice(pos: &Position, piece: Piece, from: Square, to: Square, captures: bool) -> Choice {
    promotion::choice(pos, piece, from, to, captures)
}
