//! The game state: board, side to move, the hidden rule state, and make/unmake.
//!
//! Everything that decides which moves are legal or whether two positions are the same for
//! the repetition rule lives here and is part of the Zobrist key: the board (with promoted
//! flags), the side to move, chu's counter-strike square and chu's suspended promotions.

use crate::rules::geometry::{CELLS, Color, MAX_SIDE, Square};
use crate::rules::moves::Move;
use crate::rules::pieces::{Catalogue, Piece, REACH_CLASSES, Role};
use crate::rules::variant::{RuleSet, Variant};
use crate::rules::zobrist;
use arrayvec::ArrayVec;

/// Content of an empty cell.
pub(crate) const EMPTY: u16 = 0;
/// Content of a wall cell outside the board.
pub(crate) const WALL: u16 = 0x8000;
/// Marks an occupied cell; the low byte is the [`Piece`] code.
pub(crate) const OCCUPIED: u16 = 0x100;

/// What make needs to restore the position exactly.
#[derive(Clone, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    captured: ArrayVec<(Square, Piece), 3>,
    lion_capture: Option<Square>,
    suspended: [Option<Square>; 2],
    key: u64,
    /// The move number before the move: restored as it was, because making a move at the
    /// largest move number keeps it there instead of wrapping to 0.
    move_number: u32,
    /// The move captured or promoted: no position before it can recur after it, so the
    /// repetition scan stops here.
    irreversible: bool,
}

/// One colour's pieces widened by one, two and three king steps ([`Position::proximity`]),
/// on the first `N` ranks.
pub(crate) struct Proximity<const N: usize> {
    /// `near[d - 1][rank]`: a bit per file within `d` king steps of one of the pieces.
    near: [[u32; N]; 3],
}

impl<const N: usize> Proximity<N> {
    /// The files of `rank` within `distance` (1 to 3) king steps of one of the pieces.
    #[inline]
    pub(crate) fn row(&self, distance: usize, rank: usize) -> u32 {
        self.near[distance - 1][rank]
    }
}

/// A position of either game.
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) rules: RuleSet,
    pub(crate) cat: &'static Catalogue,
    pub(crate) board: [u16; CELLS],
    pub(crate) side: Color,
    /// Royal pieces left per color (king, crown prince).
    pub(crate) royals: [u8; 2],
    /// Where they stand (check detection and king safety look here instead of scanning
    /// the piece list).
    royal_squares: [Vec<Square>; 2],
    /// Per color and rank, a bit per file holding one of its pieces: "is any enemy piece
    /// within n squares?" in a few row tests (capture generation skips short-range pieces
    /// with nothing to take).
    rows: [[u32; MAX_SIDE]; 2],
    /// `rows` split by the pieces' [`Catalogue::reach_class`]: capture generation visits the
    /// pieces of each short reach only where an enemy stands within that reach, and the
    /// pieces that reach farther than three squares (sliders, hook movers) everywhere.
    reach_rows: [[[u32; MAX_SIDE]; REACH_CLASSES]; 2],
    /// Per color and rank, the pieces that hook round a corner ([`Catalogue::hooks`]; dai
    /// dai's hook movers): check detection asks these few instead of the whole piece list
    /// for attacks from far off a line.
    hook_rows: [[u32; MAX_SIDE]; 2],
    /// Non-royal pieces left per color (bare-king rule).
    pub(crate) others: [u16; 2],
    /// Chu: square of the non-lion that captured a lion on the last move (counter-strike
    /// rule): where it took the lion, or where it went on to after taking it on a first step.
    pub(crate) lion_capture: Option<Square>,
    /// Chu seed rules: a piece per color that declined promotion on entering the zone on its
    /// owner's last move and may promote on its owner's next move only by capturing.
    pub(crate) suspended: [Option<Square>; 2],
    pub(crate) move_number: u32,
    pub(crate) key: u64,
    pieces: [Vec<Square>; 2],
    piece_slot: [u16; CELLS],
    undo: Vec<Undo>,
}

impl Position {
    /// An empty board of `variant` with Black to move: the starting point of SFEN parsing
    /// and of hand-built test positions.
    pub fn empty(variant: Variant, rules: RuleSet) -> Position {
        let side = variant.side();
        let mut board = [WALL; CELLS];
        for rank in 0..side {
            for file in 0..side {
                board[Square::new(file, rank).index()] = EMPTY;
            }
        }
        Position {
            variant,
            rules,
            cat: variant.catalogue(),
            board,
            side: Color::Black,
            royals: [0; 2],
            royal_squares: [Vec::new(), Vec::new()],
            rows: [[0; MAX_SIDE]; 2],
            reach_rows: [[[0; MAX_SIDE]; REACH_CLASSES]; 2],
            hook_rows: [[0; MAX_SIDE]; 2],
            others: [0; 2],
            lion_capture: None,
            suspended: [None; 2],
            move_number: 1,
            key: 0,
            pieces: [Vec::with_capacity(128), Vec::with_capacity(128)],
            piece_slot: [0; CELLS],
            undo: Vec::new(),
        }
    }

    /// The start position of a game.
    pub fn start(variant: Variant, rules: RuleSet) -> Position {
        Position::from_sfen(variant, rules, variant.start_sfen())
            .unwrap_or_else(|e| unreachable!("start position must parse: {e}"))
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The chu rule set in force.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The piece catalogue of the game.
    pub fn catalogue(&self) -> &'static Catalogue {
        self.cat
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Zobrist key of everything the repetition rule compares.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Move number as in SFEN (starts at 1, counts plies).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Chu counter-strike square (see [`Position::lion_capture`] field docs).
    pub fn lion_capture_square(&self) -> Option<Square> {
        self.lion_capture
    }

    /// Chu seed rules: the suspended piece of `color`, if any.
    pub fn suspended(&self, color: Color) -> Option<Square> {
        self.suspended[color.index()]
    }

    /// Number of royal pieces `color` has left.
    pub fn royal_count(&self, color: Color) -> usize {
        self.royals[color.index()] as usize
    }

    /// Number of non-royal pieces `color` has left.
    pub fn other_count(&self, color: Color) -> usize {
        self.others[color.index()] as usize
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c & OCCUPIED != 0 && c != WALL).then_some(Piece(c as u8))
    }

    /// Squares holding `color`'s royal pieces (unordered).
    #[inline]
    pub fn royal_squares(&self, color: Color) -> &[Square] {
        &self.royal_squares[color.index()]
    }

    /// Per rank, a bit per file holding one of `color`'s pieces: the pieces in board order
    /// (rank by rank), which does not depend on the moves that led to the position.
    pub(crate) fn occupancy_rows(&self, color: Color) -> &[u32; MAX_SIDE] {
        &self.rows[color.index()]
    }

    /// [`Position::occupancy_rows`] of the pieces of each [`Catalogue::reach_class`].
    pub(crate) fn reach_rows(&self, color: Color) -> &[[u32; MAX_SIDE]; REACH_CLASSES] {
        &self.reach_rows[color.index()]
    }

    /// Where `color`'s pieces are near: built once per capture generation so that each
    /// short-range piece asks "any enemy within my reach?" with one bit test. Each distance
    /// is the last one grown by a king step (a file either way, then a rank either way),
    /// over the first `N` ranks at once, `N` at least the board's side (the game's, known
    /// when compiling, so that chu's twelve ranks are three vectors of four): fixed-length
    /// loops the compiler turns into a few vector operations, with no test for the board's
    /// edges (the ranks past the board start empty, and no caller asks about squares off it).
    pub(crate) fn proximity<const N: usize>(&self, color: Color) -> Proximity<N> {
        let mut near = [[0u32; N]; 3];
        let mut last: [u32; N] = std::array::from_fn(|r| self.rows[color.index()][r]);
        for grown in near.iter_mut() {
            // Rank r at index r + 1, with an empty rank before the first and after the last.
            let mut wide = [0u32; MAX_SIDE + 2];
            for (w, &x) in wide[1..].iter_mut().zip(&last) {
                *w = x | x << 1 | x >> 1;
            }
            for (r, g) in grown.iter_mut().enumerate() {
                *g = wide[r] | wide[r + 1] | wide[r + 2];
            }
            last = *grown;
        }
        Proximity { near }
    }

    /// The square box within `distance` king steps of `sq`, cut at the board's edges: first
    /// and last rank, and the mask of its files in an occupancy row.
    #[inline]
    fn box_around(&self, sq: Square, distance: usize) -> (usize, usize, u32) {
        let (file, rank) = sq.cell_coords();
        let last = self.variant.side() - 1;
        let (lo, hi) = (file.saturating_sub(distance), (file + distance).min(last));
        let mask = ((1u32 << (hi + 1)) - 1) & !((1u32 << lo) - 1);
        (
            rank.saturating_sub(distance),
            (rank + distance).min(last),
            mask,
        )
    }

    /// Whether `test` holds for one of `color`'s pieces within `distance` king steps of
    /// `sq` (found from the occupancy rows, not by scanning the piece list).
    #[inline]
    pub(crate) fn any_piece_within(
        &self,
        color: Color,
        sq: Square,
        distance: usize,
        test: impl FnMut(Square) -> bool,
    ) -> bool {
        let (first, end, mask) = self.box_around(sq, distance);
        // The box's ranks as one slice: one bounds check, no iterator adapters per rank.
        any_square_in(&self.rows[color.index()][first..=end], first, mask, test)
    }

    /// Whether `test` holds for the square of one of `color`'s pieces that hook round a
    /// corner ([`Catalogue::hooks`]), asked of each until one does.
    pub(crate) fn any_hook(&self, color: Color, test: impl FnMut(Square) -> bool) -> bool {
        let rows = &self.hook_rows[color.index()][..self.variant.side()];
        any_square_in(rows, 0, u32::MAX, test)
    }

    /// `color`'s pieces in the 5×5 box centred on `sq`, as 25 bits: bit `5 · (dr + 2) +
    /// (df + 2)` stands for the square `df` files and `dr` ranks away. Five shifted occupancy
    /// rows: the royal safety term asks this instead of reading the 24 squares around a royal.
    #[inline]
    pub(crate) fn box5(&self, color: Color, sq: Square) -> u32 {
        let (file, rank) = sq.cell_coords();
        let rows = &self.rows[color.index()];
        let mut bits = 0;
        for dr in 0..5 {
            // Ranks off the board (below 0 wraps to a huge index) hold nothing.
            if let Some(&row) = rows.get((rank + dr).wrapping_sub(2)) {
                bits |= ((row << 2) >> file & 0x1f) << (5 * dr);
            }
        }
        bits
    }

    /// Squares holding `color`'s pieces (unordered).
    pub fn pieces(&self, color: Color) -> &[Square] {
        &self.pieces[color.index()]
    }

    /// Every square of the board, rank a first, file 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let side = self.variant.side();
        (0..side).flat_map(move |r| (0..side).map(move |f| Square::new(f, r)))
    }

    /// Keys of the positions before each move made since this position was set up, oldest
    /// first (the repetition history).
    pub fn history_keys(&self) -> impl DoubleEndedIterator<Item = u64> + '_ {
        self.undo.iter().map(|u| u.key)
    }

    /// How many earlier occurrences the current position has (same side to move). Captures
    /// and promotions cannot be undone, so only the positions since the last of them are
    /// compared; asked at every node of the search, it allocates nothing.
    pub fn repetitions(&self) -> usize {
        let mut count = 0;
        let mut back = self.undo.iter().rev();
        // Two plies at a time: the move into the current position's side, then the move that
        // left the position two plies back (whose key is that position's).
        while let Some(last) = back.next()
            && !last.irreversible
            && let Some(before) = back.next()
            && !before.irreversible
        {
            count += usize::from(before.key == self.key);
        }
        count
    }

    /// Whether the last move made was the search's null move: a pass that is no game move, so
    /// a repetition through it says nothing about how the players moved.
    pub fn last_was_null(&self) -> bool {
        self.undo.last().is_some_and(|u| u.mv.leg_count() == 0)
    }

    /// The last move made, if any can be taken back.
    pub fn last_move(&self) -> Option<Move> {
        self.undo.last().map(|u| u.mv)
    }

    /// Number of moves that can be taken back.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// Puts a piece on an empty square (position set-up only).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.board[sq.index()], EMPTY);
        self.place::<true>(sq, piece);
    }

    /// Sets the side to move (position set-up only).
    pub fn set_side_to_move(&mut self, color: Color) {
        if self.side != color {
            self.side = color;
            self.key ^= zobrist::WHITE_TO_MOVE;
        }
    }

    /// Sets the counter-strike square (position set-up only).
    pub fn set_lion_capture(&mut self, sq: Option<Square>) {
        if let Some(old) = self.lion_capture {
            self.key ^= zobrist::lion_capture(old);
        }
        self.lion_capture = sq;
        if let Some(new) = sq {
            self.key ^= zobrist::lion_capture(new);
        }
    }

    /// Sets a suspended promotion (position set-up only).
    pub fn set_suspended(&mut self, color: Color, sq: Option<Square>) {
        if let Some(old) = self.suspended[color.index()] {
            self.key ^= zobrist::suspended(color, old);
        }
        self.suspended[color.index()] = sq;
        if let Some(new) = sq {
            self.key ^= zobrist::suspended(color, new);
        }
    }

    /// Sets the move number (position set-up only).
    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// Puts `piece` on the empty `sq`, updating the key when `KEYED` (unmake restores the
    /// key from its record instead, so it skips the hashing).
    fn place<const KEYED: bool>(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = OCCUPIED | piece.0 as u16;
        if KEYED {
            self.key ^= zobrist::piece(sq, piece);
        }
        let c = piece.color().index();
        self.piece_slot[sq.index()] = self.pieces[c].len() as u16;
        self.pieces[c].push(sq);
        let (file, rank) = sq.cell_coords();
        self.rows[c][rank] |= 1 << file;
        self.reach_rows[c][self.cat.reach_class(piece)][rank] |= 1 << file;
        if self.cat.has_hooks() {
            self.hook_rows[c][rank] |= u32::from(self.cat.hooks(piece)) << file;
        }
        if self.cat.royal(piece) {
            self.royals[c] += 1;
            self.royal_squares[c].push(sq);
        } else {
            self.others[c] += 1;
        }
    }

    fn remove(&mut self, sq: Square) -> Piece {
        let piece = Piece(self.board[sq.index()] as u8);
        self.board[sq.index()] = EMPTY;
        self.key ^= zobrist::piece(sq, piece);
        let c = piece.color().index();
        let (file, rank) = sq.cell_coords();
        self.rows[c][rank] &= !(1 << file);
        self.reach_rows[c][self.cat.reach_class(piece)][rank] &= !(1 << file);
        if self.cat.has_hooks() {
            self.hook_rows[c][rank] &= !(1 << file);
        }
        let slot = self.piece_slot[sq.index()] as usize;
        let list = &mut self.pieces[c];
        list.swap_remove(slot);
        if let Some(&moved) = list.get(slot) {
            self.piece_slot[moved.index()] = slot as u16;
        }
        if self.cat.royal(piece) {
            self.royals[c] -= 1;
            self.forget_royal(c, sq);
        } else {
            self.others[c] -= 1;
        }
        piece
    }

    fn forget_royal(&mut self, c: usize, sq: Square) {
        let list = &mut self.royal_squares[c];
        if let Some(i) = list.iter().position(|&s| s == sq) {
            list.swap_remove(i);
        }
    }

    /// Moves a piece between squares keeping its piece-list slot (cheaper than remove+place),
    /// updating the key when `KEYED` (as [`Position::place`]).
    fn relocate<const KEYED: bool>(
        &mut self,
        from: Square,
        to: Square,
        before: Piece,
        after: Piece,
    ) {
        self.board[from.index()] = EMPTY;
        self.board[to.index()] = OCCUPIED | after.0 as u16;
        if KEYED {
            self.key ^= zobrist::piece(from, before) ^ zobrist::piece(to, after);
        }
        let slot = self.piece_slot[from.index()];
        self.piece_slot[to.index()] = slot;
        self.pieces[after.color().index()][slot as usize] = to;
        let rows = &mut self.rows[after.color().index()];
        let ((f1, r1), (f2, r2)) = (from.cell_coords(), to.cell_coords());
        rows[r1] &= !(1 << f1);
        rows[r2] |= 1 << f2;
        let by_reach = &mut self.reach_rows[after.color().index()];
        by_reach[self.cat.reach_class(before)][r1] &= !(1 << f1);
        by_reach[self.cat.reach_class(after)][r2] |= 1 << f2;
        if self.cat.has_hooks() {
            let hooks = &mut self.hook_rows[after.color().index()];
            hooks[r1] &= !(1 << f1);
            hooks[r2] |= u32::from(self.cat.hooks(after)) << f2;
        }
        let (was, is) = (self.cat.royal(before), self.cat.royal(after));
        let c = after.color().index();
        if was {
            self.forget_royal(c, from);
        }
        if is {
            self.royal_squares[c].push(to);
        }
        if was != is {
            // A drunk elephant promoting to crown prince (or the reverse, on unmake).
            if is {
                self.royals[c] += 1;
                self.others[c] -= 1;
            } else {
                self.royals[c] -= 1;
                self.others[c] += 1;
            }
        }
    }

    /// Plays a move generated for this position (or returned by `parse_move`).
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let from = mv.from();
        let moved = Piece(self.board[from.index()] as u8);
        let mut undo = Undo {
            mv,
            moved,
            captured: ArrayVec::new(),
            lion_capture: self.lion_capture,
            suspended: self.suspended,
            key: self.key,
            move_number: self.move_number,
            irreversible: mv.promotes(),
        };
        let mut took_lion = None;
        for leg in mv.legs() {
            if leg != from
                && let Some(p) = self.piece_at(leg)
                && p.color() != us
            {
                if self.cat.is_lion(p) {
                    took_lion = Some(leg);
                }
                self.remove(leg);
                undo.captured.push((leg, p));
                undo.irreversible = true;
            }
        }
        let after = if mv.promotes() {
            moved.promote()
        } else {
            moved
        };
        let to = mv.to();
        if to != from || after != moved {
            self.relocate::<true>(from, to, moved, after);
        }
        // Counter-strike: only a lion taken by a non-lion restricts the reply.
        // Dai dai has no lion-trading rules, so no such state (daidai.md §11.9).
        // The state names the taker's square: where it took the lion, or where it went on to
        // (a horned falcon's or soaring eagle's capture on its first step), so that the SFEN
        // field always names a piece of the side that just moved and reads back.
        let new_lion_capture = match self.variant {
            Variant::Chu if !self.cat.is_lion(moved) => took_lion.map(|_| to),
            _ => None,
        };
        self.set_lion_capture(new_lion_capture);
        // Seed promotion deferral: our old suspension ends with this move; a captured enemy
        // piece takes its suspension with it; declining on entering the zone starts a new one.
        let them = us.flip();
        if let Some(s) = self.suspended[them.index()]
            && undo.captured.iter().any(|c| c.0 == s)
        {
            self.set_suspended(them, None);
        }
        let declined = self.declines_on_entry(moved, mv);
        self.set_suspended(us, declined.then_some(to));
        self.side = them;
        self.key ^= zobrist::WHITE_TO_MOVE;
        self.move_number = self.move_number.saturating_add(1);
        self.undo.push(undo);
    }

    /// Chu seed rules: whether this move (about to be or just made) declines promotion on
    /// entering the zone, which suspends the piece's promotion for its owner's next turn
    /// (chu.md §5.2). Pawns are excluded: a pawn that declined simply waits for the last rank.
    fn declines_on_entry(&self, moved: Piece, mv: Move) -> bool {
        if self.variant != Variant::Chu || self.rules != RuleSet::Seed || mv.promotes() {
            return false;
        }
        let us = moved.color();
        self.cat.promotable(moved)
            && self.cat.role(moved) != Role::Pawn
            && !self.variant.in_zone(us, mv.from())
            && self.variant.in_zone(us, mv.to())
    }

    /// Passes the turn without moving (the search's null move; not a game move). The
    /// counter-strike state and the mover's suspension expire as after any move.
    pub fn make_null(&mut self) {
        let us = self.side;
        self.undo.push(Undo {
            mv: Move::default(),
            moved: Piece(0),
            captured: ArrayVec::new(),
            lion_capture: self.lion_capture,
            suspended: self.suspended,
            key: self.key,
            move_number: self.move_number,
            irreversible: false,
        });
        self.set_lion_capture(None);
        self.set_suspended(us, None);
        self.side = us.flip();
        self.key ^= zobrist::WHITE_TO_MOVE;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Takes back the last move made (or null move).
    pub fn unmake(&mut self) {
        let Some(undo) = self.undo.pop() else {
            return;
        };
        let mv = undo.mv;
        if mv.leg_count() == 0 {
            self.lion_capture = undo.lion_capture;
            self.suspended = undo.suspended;
            self.side = self.side.flip();
            self.move_number = undo.move_number;
            self.key = undo.key;
            return;
        }
        let (from, to) = (mv.from(), mv.to());
        let now = Piece(self.board[to.index()] as u8);
        if to != from || now != undo.moved {
            self.relocate::<false>(to, from, now, undo.moved);
        }
        for &(sq, p) in undo.captured.iter().rev() {
            self.place::<false>(sq, p);
        }
        self.lion_capture = undo.lion_capture;
        self.suspended = undo.suspended;
        self.side = self.side.flip();
        self.move_number = undo.move_number;
        self.key = undo.key;
    }

    /// Whether a move generated here captures anything (cheaper than [`Position::captures_of`]:
    /// a landing square other than the origin can only hold an enemy piece).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        let from = mv.from();
        (0..mv.leg_count()).any(|i| {
            let leg = mv.leg(i);
            leg != from && self.board[leg.index()] & OCCUPIED != 0
        })
    }

    /// Pieces a move would capture, in the order it takes them.
    pub fn captures_of(&self, mv: Move) -> ArrayVec<(Square, Piece), 3> {
        let from = mv.from();
        let mover = self.side;
        let mut out: ArrayVec<(Square, Piece), 3> = ArrayVec::new();
        for leg in mv.legs() {
            if leg != from
                && !out.iter().any(|c| c.0 == leg)
                && let Some(p) = self.piece_at(leg)
                && p.color() != mover
            {
                out.push((leg, p));
            }
        }
        out
    }

    /// Recomputes the key from scratch (tests use it to check the incremental key).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in self.squares() {
            if let Some(p) = self.piece_at(sq) {
                k ^= zobrist::piece(sq, p);
            }
        }
        if self.side == Color::White {
            k ^= zobrist::WHITE_TO_MOVE;
        }
        if let Some(s) = self.lion_capture {
            k ^= zobrist::lion_capture(s);
        }
        for c in [Color::Black, Color::White] {
            if let Some(s) = self.suspended[c.index()] {
                k ^= zobrist::suspended(c, s);
            }
        }
        k
    }
}

/// Whether `test` holds for one of the squares whose bits are set in `rows` under `mask`
/// (`rows[i]` is rank `first + i`, a bit per file), asked rank by rank, files in increasing
/// order, until one does.
#[inline]
fn any_square_in(
    rows: &[u32],
    first: usize,
    mask: u32,
    mut test: impl FnMut(Square) -> bool,
) -> bool {
    for (r, &row) in (first..).zip(rows) {
        let mut bits = row & mask;
        while bits != 0 {
            let f = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if test(Square::new(f, r)) {
                return true;
            }
        }
    }
    false
}
