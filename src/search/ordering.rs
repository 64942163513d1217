//! Move ordering, in the stages the search generates moves in: the transposition-table move;
//! captures by what they take (all captured pieces, lion double captures included) minus a
//! fraction of the mover; then, among the moves that capture nothing, promotions by what they
//! add, killers, the counter-move, and history (in chu with the placement gain as tie-break).

use crate::eval;
use crate::rules::geometry::{CELLS, Square};
use crate::rules::pieces::Piece;
use crate::rules::{Move, Position, Variant, attacks};

/// Deepest ply the search tracks.
pub const MAX_PLY: usize = 128;

const CAPTURE: i32 = 1 << 24;
/// Non-capture promotions: after every capture (they are generated in the second stage),
/// before the killers.
const PROMOTION: i32 = 1 << 23;
const KILLER: i32 = 1 << 22;
const COUNTER: i32 = 1 << 21;
/// History scores stay within ±HISTORY_MAX.
const HISTORY_MAX: i32 = 1 << 16;

/// Per-thread ordering memory.
pub struct OrderingTables {
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    counter: Vec<Move>,
    /// Slots of `history` and `counter` written since the last reset, while there are at
    /// most [`TOUCHED_MAX`]; `None` once there were more. Every game starts from empty
    /// tables (1.5 MB): a game of searches of a few thousand nodes (datagen's) writes a few
    /// thousand slots, and clearing and aging only those keeps the tables and the
    /// transposition table in the core's cache instead of sweeping 1.5 MB through it.
    touched: Option<Vec<u32>>,
    /// While a node has handed out its first quiet move before generating the others
    /// ([`OrderingTables::begin_refutation`]), the history and counter slots written since, with
    /// their values before, so that the node can key its moves as they would have been keyed
    /// before that move's subtree ([`OrderingTables::key_quiets_as_of`]).
    journal: Journal,
}

/// Writes to [`OrderingTables`] while some node's first quiet move is out (`open` nodes).
/// Also keeps, per open node, the side to move's piece list as it stood then: making and
/// taking back moves keeps the set of pieces but not their order, and the order the node
/// would have generated its moves in is the search's tie-break between equal keys.
#[derive(Default)]
struct Journal {
    open: u32,
    history: Vec<(u32, i32)>,
    counter: Vec<(u32, Move)>,
    pieces: Vec<Square>,
}

/// Where the journal stood when a node handed out its first quiet move.
#[derive(Clone, Copy, Debug)]
pub struct RefutationMark {
    history: usize,
    counter: usize,
    pieces: usize,
}

/// Written slots [`OrderingTables`] keeps track of before a reset clears the whole tables.
const TOUCHED_MAX: usize = 16 * 1024;

impl Default for OrderingTables {
    fn default() -> Self {
        OrderingTables {
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            history: vec![0; 256 * CELLS],
            counter: vec![Move::default(); 256 * CELLS],
            touched: Some(Vec::with_capacity(TOUCHED_MAX)),
            journal: Journal::default(),
        }
    }
}

/// An ordering key: `score` first, `tie_break` (within ±2^15) between equal scores.
#[inline]
fn key(score: i32, tie_break: i32) -> i64 {
    (i64::from(score) << 16) + i64::from(tie_break.clamp(-0x7fff, 0x7fff))
}

/// Whether quiet moves of equal history are ordered by their placement gain
/// ([`eval::placement_gain`]). Measured (docs/search.md): in chu it wins self-play (+60 ± 69
/// Elo) and reaches depth 9 on game positions 19 % sooner; in dai dai it takes 57 % longer to
/// depth 7 on game positions, so there the generation order decides.
fn placement_breaks_ties(variant: Variant) -> bool {
    variant == Variant::Chu
}

fn slot(pos: &Position, mv: Move) -> usize {
    let piece = pos.piece_at(mv.from()).map_or(0, |p| p.0 as usize);
    piece * CELLS + mv.to().index()
}

impl OrderingTables {
    /// Back to [`OrderingTables::default`], keeping the allocations.
    pub fn reset(&mut self) {
        self.close_journal();
        self.killers.fill([Move::default(); 2]);
        match &mut self.touched {
            Some(slots) => {
                for &i in slots.iter() {
                    self.history[i as usize] = 0;
                    self.counter[i as usize] = Move::default();
                }
                slots.clear();
            }
            None => {
                self.history.fill(0);
                self.counter.fill(Move::default());
                self.touched = Some(Vec::with_capacity(TOUCHED_MAX));
            }
        }
    }

    /// Between two searches of one game: the killers go (they belong to the plies of the
    /// last search's tree), the counter-moves stay, and the history is halved, so that what
    /// the last searches learned orders the next one's first iterations (at a few
    /// milliseconds a move, most of what a search knows) while the newest cutoffs weigh
    /// most. Halving keeps a zero slot zero, so the written slots are still all listed.
    pub fn next_search(&mut self) {
        self.close_journal();
        self.killers.fill([Move::default(); 2]);
        match &self.touched {
            Some(slots) => {
                for &i in slots {
                    self.history[i as usize] /= 2;
                }
            }
            None => self.history.iter_mut().for_each(|h| *h /= 2),
        }
    }

    /// Notes that slot `i` of `history` or `counter` is about to be written.
    fn touch(&mut self, i: usize) {
        if let Some(slots) = &mut self.touched {
            if slots.len() < TOUCHED_MAX {
                slots.push(i as u32);
            } else {
                self.touched = None;
            }
        }
    }

    /// Ordering keys of `captures` (the first stage): by what they take.
    pub fn key_captures(pos: &Position, captures: &[Move], out: &mut Vec<i64>) {
        out.clear();
        out.extend(
            captures
                .iter()
                .map(|&mv| key(CAPTURE + capture_gain(pos, mv).unwrap_or(0), 0)),
        );
    }

    /// Ordering keys of `quiets` (the second stage: moves that capture nothing): promotions
    /// by what they add, then the killers, the counter-move to `prev` (the opponent's last
    /// move), and the rest by history (in chu, ties broken by the placement gain).
    pub fn key_quiets(
        &self,
        pos: &Position,
        quiets: &[Move],
        ply: usize,
        prev: Option<(usize, Move)>,
        out: &mut Vec<i64>,
    ) {
        out.clear();
        let counter = prev.map(|(s, _)| self.counter[s]);
        let killers = self.killers[ply];
        let placement =
            placement_breaks_ties(pos.variant()).then(|| eval::placement_table(pos.variant()));
        // Extended from the slice's iterator, whose length is known: one reservation, no
        // capacity test per move.
        out.extend(quiets.iter().map(|&mv| {
            if mv.promotes() {
                key(PROMOTION + capture_gain(pos, mv).unwrap_or(0), 0)
            } else if killers.contains(&mv) {
                key(KILLER, 0)
            } else if counter == Some(mv) {
                key(COUNTER, 0)
            } else {
                // The mover's code read once for its history slot and placement gain
                // ([`slot`], [`eval::placement_gain`]): a generated move's origin holds it.
                let (from, to) = (mv.from().index(), mv.to().index());
                let code = pos.board[from] as u8 as usize;
                let gain = placement.map_or(0, |table| table[code][to] - table[code][from]);
                key(self.history[code * CELLS + to], gain)
            }
        }));
    }

    /// The killers of `ply` and the counter-move to `prev`: the quiet moves a node tries
    /// first when no quiet move promotes.
    pub fn refutations(&self, ply: usize, prev: Option<(usize, Move)>) -> ([Move; 2], Move) {
        (
            self.killers[ply],
            prev.map_or(Move::default(), |(s, _)| self.counter[s]),
        )
    }

    /// A node hands out its first quiet move before generating the rest: from now on the
    /// slots written are journaled, until [`OrderingTables::end_refutation`] with the mark
    /// returned. `pos` is the node's position.
    pub fn begin_refutation(&mut self, pos: &Position) -> RefutationMark {
        let journal = &mut self.journal;
        journal.open += 1;
        let mark = RefutationMark {
            history: journal.history.len(),
            counter: journal.counter.len(),
            pieces: journal.pieces.len(),
        };
        journal
            .pieces
            .extend_from_slice(pos.pieces(pos.side_to_move()));
        mark
    }

    /// The side to move's piece list at `mark`, the node's (the nodes open below it have
    /// ended, so its list is the last kept).
    pub fn pieces_at(&self, mark: RefutationMark) -> &[Square] {
        &self.journal.pieces[mark.pieces..]
    }

    /// The node that handed out its refutation at `mark` needs the journal no longer; the
    /// last one open empties it.
    pub fn end_refutation(&mut self, mark: RefutationMark) {
        let journal = &mut self.journal;
        journal.open = journal.open.saturating_sub(1);
        journal.pieces.truncate(mark.pieces);
        if journal.open == 0 {
            journal.history.clear();
            journal.counter.clear();
        }
    }

    fn close_journal(&mut self) {
        self.journal.open = 0;
        self.journal.history.clear();
        self.journal.counter.clear();
        self.journal.pieces.clear();
    }

    /// [`OrderingTables::key_quiets`] with the history and counter-moves as they were at
    /// `mark`: the slots written since are set back, the keys made, and the writes replayed.
    /// Each journal entry is swapped with its slot going back and again going forward, so
    /// it holds the value before its write after the second pass, as before the first.
    pub fn key_quiets_as_of(
        &mut self,
        mark: RefutationMark,
        pos: &Position,
        quiets: &[Move],
        ply: usize,
        prev: Option<(usize, Move)>,
        out: &mut Vec<i64>,
    ) {
        let journal = &mut self.journal;
        for (i, old) in journal.history[mark.history..].iter_mut().rev() {
            std::mem::swap(&mut self.history[*i as usize], old);
        }
        for (i, old) in journal.counter[mark.counter..].iter_mut().rev() {
            std::mem::swap(&mut self.counter[*i as usize], old);
        }
        self.key_quiets(pos, quiets, ply, prev, out);
        let journal = &mut self.journal;
        for (i, old) in journal.history[mark.history..].iter_mut() {
            std::mem::swap(&mut self.history[*i as usize], old);
        }
        for (i, old) in journal.counter[mark.counter..].iter_mut() {
            std::mem::swap(&mut self.counter[*i as usize], old);
        }
    }

    /// A quiet move caused a cutoff: remember it.
    pub fn reward(
        &mut self,
        pos: &Position,
        mv: Move,
        ply: usize,
        depth: i32,
        prev: Option<(usize, Move)>,
        tried_quiets: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        if let Some((s, _)) = prev {
            if self.counter[s] == Move::default() {
                self.touch(s);
            }
            if self.journal.open > 0 {
                self.journal.counter.push((s as u32, self.counter[s]));
            }
            self.counter[s] = mv;
        }
        let bonus = (depth * depth).min(400);
        let mut update = |i: usize, delta: i32| {
            if self.history[i] == 0 {
                self.touch(i);
            }
            if self.journal.open > 0 {
                self.journal.history.push((i as u32, self.history[i]));
            }
            let h = &mut self.history[i];
            *h += delta - *h * delta.abs() / HISTORY_MAX;
        };
        update(slot(pos, mv), bonus * 32);
        for &q in tried_quiets {
            if q != mv {
                update(slot(pos, q), -bonus * 32);
            }
        }
    }

    /// The counter-move key of a move just made (piece now on its destination).
    pub fn key_after(pos: &Position, mv: Move) -> usize {
        let piece = pos.piece_at(mv.to()).map_or(0, |p| p.0 as usize);
        piece * CELLS + mv.to().index()
    }
}

/// Whether `mv` simply gives a piece for a cheaper one: a one-step capture without promotion
/// whose mover is worth more than its victim (by more than a pawn) and lands where the
/// opponent can capture it. The quiescence search leaves such captures out: its job is to
/// settle the exchanges that win material, and these lose it unless something deeper is
/// going on, which the main search sees. (Moving off `from` may open a line to the landing
/// square that this test does not see: it then keeps the capture, the safe direction.)
#[inline]
pub fn gives_material_away(pos: &Position, mv: Move) -> bool {
    if mv.leg_count() != 1 || mv.promotes() {
        return false;
    }
    let values = eval::material_values(pos.variant());
    let value = |p: Option<Piece>| p.map_or(0, |p| values[p.0 as usize]);
    value(pos.piece_at(mv.from())) > value(pos.piece_at(mv.to())) + eval::PAWN
        && attacks::attacked_in(pos, pos.side_to_move().flip(), mv.to())
}

/// Value of what a move captures minus a sixteenth of the mover; a promotion counts as a
/// capture of the value it adds. Only for a move known to capture or to promote (every move
/// of capture generation, the quiescence search's and the first stage's, some 250 000 at
/// depth 10, and every quiet promotion), so the legs are not walked again to ask.
#[inline]
pub fn capture_gain(pos: &Position, mv: Move) -> Option<i32> {
    debug_assert!(mv.promotes() || pos.is_capture(mv));
    let values = eval::material_values(pos.variant());
    let value = |p: Piece| values[p.0 as usize];
    let mover = pos.piece_at(mv.from())?;
    let mut v: i32 = if mv.leg_count() == 1 {
        // The common case: at most the piece on the one landing square.
        pos.piece_at(mv.to())
            .filter(|p| p.color() != pos.side_to_move())
            .map_or(0, value)
    } else {
        pos.captures_of(mv).iter().map(|&(_, p)| value(p)).sum()
    };
    if mv.promotes() {
        v += (value(mover.promote()) - value(mover)).max(0);
    }
    Some(16 * v - value(mover) / 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, movegen};

    /// After any number of rewards, a reset gives back exactly the tables of
    /// [`OrderingTables::default`], whether it cleared the written slots alone or, past
    /// [`TOUCHED_MAX`] of them, the whole tables; and the tables then track writes again.
    #[test]
    fn reset_gives_back_new_tables_after_few_and_after_many_writes() {
        let fresh = OrderingTables::default();
        let mut tables = OrderingTables::default();
        let mut rng = crate::testing::Rng(0x0bde_5eed);
        for (variant, rewards) in [
            (Variant::Chu, 50),
            (Variant::DaiDai, 40_000),
            (Variant::Chu, 30),
        ] {
            let mut pos = Position::start(variant, RuleSet::Lishogi);
            let mut quiets = Vec::new();
            for _ in 0..rewards {
                quiets.clear();
                movegen::generate_quiets(&pos, &mut quiets);
                if quiets.is_empty() {
                    pos = Position::start(variant, RuleSet::Lishogi);
                    continue;
                }
                let mv = quiets[rng.below(quiets.len())];
                let prev = Some((rng.below(256 * CELLS), mv));
                let depth = 1 + rng.below(12) as i32;
                tables.reward(
                    &pos,
                    mv,
                    rng.below(MAX_PLY),
                    depth,
                    prev,
                    &quiets[..4.min(quiets.len())],
                );
                if rng.below(4) == 0 {
                    pos.make(mv);
                }
            }
            assert!(tables.history.iter().any(|&h| h != 0));
            let overflowed = tables.touched.is_none();
            assert_eq!(overflowed, rewards > 1_000, "{rewards} rewards");
            tables.reset();
            assert!(tables.history == fresh.history, "history after {rewards}");
            assert!(tables.counter == fresh.counter, "counter after {rewards}");
            assert!(tables.killers == fresh.killers, "killers after {rewards}");
            assert_eq!(tables.touched.as_ref().map(Vec::len), Some(0));
        }
    }
}
