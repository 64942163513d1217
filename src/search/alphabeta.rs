//! One search thread: principal variation search with a transposition table, null-move
//! pruning, late-move reductions, futility pruning, check extension, and a capture-only
//! quiescence search (which in chu also uses the table). Lazy SMP runs several of these on one
//! shared table.

use super::Shared;
use super::ordering::{MAX_PLY, OrderingTables, capture_gain, gives_material_away};
use super::picker::{MovePicker, QuietContext};
use super::tt::{Bound, TranspositionTable};
use crate::eval;
use crate::nnue::{self, Network};
use crate::rules::attacks::RoyalLines;
use crate::rules::outcome::GameResult;
use crate::rules::{Move, Position, RuleSet, Variant, movegen};
use crate::score::{self, DRAW, INFINITE, MATE, mated_in};
use std::sync::atomic::Ordering::Relaxed;

/// Quiescence plies beyond which only the static evaluation counts (keeps lion-heavy
/// capture sequences bounded).
const MAX_QPLY: usize = 10;

/// Search state of one thread.
pub(crate) struct Worker<'a> {
    pub pos: Position,
    tt: &'a TranspositionTable,
    shared: &'a Shared,
    /// The per-ply buffers and the ordering tables.
    buf: Scratch,
    pub nodes: u64,
    unpublished: u64,
    pub seldepth: usize,
    pub main: bool,
    /// Root moves excluded from the current search (earlier MultiPV lines).
    pub excluded: Vec<Move>,
    /// Root moves allowed (empty = all), from `go searchmoves`.
    pub root_only: Vec<Move>,
    /// The network that corrects the evaluation in this search: the one active for the game
    /// ([`crate::nnue::active`]), read once here and never at a node; `None` for the
    /// hand-set evaluation alone.
    pub network: Option<&'static Network>,
    /// Best root move of the last completed root search with its score.
    pub root_best: Option<(Move, i32)>,
    repetition: Repetition,
    /// Whether the quiescence search reads and writes the table. Measured (docs/search.md):
    /// in chu it reaches depth 11 on game positions 22 % sooner and won self-play; in dai dai
    /// it needs 14 % more nodes to depth 7 on game positions, so there it stays off.
    table_in_quiescence: bool,
    aborted: bool,
}

/// The buffers one search thread works in: the per-ply move lists, evaluation sums and lines,
/// and the ordering tables. A searcher keeps them between searches (`ScratchPool` in
/// `search/mod.rs`): allocated afresh, their 1.6 MB of tables came back as new pages on every
/// search, and the page faults were 9 % of data generation's CPU time at 5 000 nodes a move.
pub(crate) struct Scratch {
    ordering: OrderingTables,
    moves: Vec<Vec<Move>>,
    /// Quiet moves searched so far at each ply (history maluses after a cutoff).
    quiets: Vec<Vec<Move>>,
    /// Evaluation sums of the position at each ply (index = ply).
    acc: Vec<eval::Accumulator>,
    /// Ordering keys of the main search's moves at each ply.
    keys: Vec<Vec<i64>>,
    /// Ordering scores of the quiescence search's captures at each ply.
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    prev: Vec<Option<(usize, Move)>>,
    /// `ln n` for the late-move reduction's depths and move counts below [`LN_TABLE`], by the
    /// same `f32::ln` the reduction called per move, so the reductions are the same.
    ln: Vec<f32>,
}

/// The depths and move counts whose logarithms [`Scratch`] keeps; larger ones are computed.
const LN_TABLE: usize = 256;

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            ordering: OrderingTables::default(),
            moves: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            acc: vec![eval::Accumulator::default(); MAX_PLY + 2],
            keys: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            prev: vec![None; MAX_PLY + 2],
            ln: (0..LN_TABLE).map(|n| (n as f32).ln()).collect(),
        }
    }

    /// `ln n`, from the table where it holds `n`.
    fn ln(&self, n: usize) -> f32 {
        self.ln.get(n).copied().unwrap_or_else(|| (n as f32).ln())
    }

    /// Forgets the game: the ordering tables back to a new set's (the allocations kept), so
    /// that the game's first search in these buffers runs node for node as in new ones. The
    /// per-ply buffers need nothing here: every search empties them ([`Scratch::next_search`]).
    pub fn new_game(&mut self) {
        self.ordering.reset();
    }

    /// Ready for the next search of the same game: the per-ply buffers emptied, the
    /// ordering tables aged ([`OrderingTables::next_search`]) rather than emptied.
    fn next_search(&mut self) {
        self.ordering.next_search();
        for list in [&mut self.moves, &mut self.quiets, &mut self.pv] {
            list.iter_mut().for_each(Vec::clear);
        }
        self.keys.iter_mut().for_each(Vec::clear);
        self.scores.iter_mut().for_each(Vec::clear);
        self.acc.fill(eval::Accumulator::default());
        self.prev.fill(None);
    }
}

impl<'a> Worker<'a> {
    /// A worker in `scratch`: new ([`Scratch::new`]), reset for a new game
    /// ([`Scratch::new_game`]), or an earlier search's of the same game, whose ordering tables
    /// it goes on learning in.
    pub fn with_scratch(
        pos: Position,
        tt: &'a TranspositionTable,
        shared: &'a Shared,
        main: bool,
        mut scratch: Scratch,
    ) -> Worker<'a> {
        scratch.next_search();
        let repetition = Repetition::of(&pos);
        let chu = pos.variant() == Variant::Chu;
        let variant = pos.variant();
        Worker {
            pos,
            tt,
            shared,
            buf: scratch,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            main,
            excluded: Vec::new(),
            root_only: Vec::new(),
            network: nnue::active(variant),
            root_best: None,
            repetition,
            table_in_quiescence: chu,
            aborted: false,
        }
    }

    /// The worker's buffers, for the next search.
    pub fn into_scratch(self) -> Scratch {
        self.buf
    }

    /// The principal variation of the last root search.
    pub fn root_pv(&self) -> &[Move] {
        &self.buf.pv[0]
    }

    /// Whether the last search was cut short by a stop.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= 1024 {
            self.shared.nodes.fetch_add(self.unpublished, Relaxed);
            self.unpublished = 0;
            if self.main {
                self.shared.check_limits();
            }
            if self.shared.stop.load(Relaxed) {
                self.aborted = true;
            }
        }
    }

    /// Publishes the remaining node count (end of an iteration).
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unpublished, Relaxed);
        self.unpublished = 0;
    }

    /// Root search with window (alpha, beta) to `depth`.
    pub fn root(&mut self, alpha: i32, beta: i32, depth: i32) -> i32 {
        self.aborted = false;
        self.root_best = None;
        self.buf.acc[0] = eval::Accumulator::with_network(&self.pos, self.network);
        self.search(alpha, beta, depth, 0, false)
    }

    /// End of game reached in this position, as a score for the side to move.
    fn terminal(&self, ply: usize) -> Option<i32> {
        let us = self.pos.side_to_move();
        if self.pos.royal_count(us) == 0 {
            return Some(mated_in(ply as i32));
        }
        if self.pos.variant() == Variant::Chu
            && self
                .pos
                .other_count(us)
                .min(self.pos.other_count(us.flip()))
                <= 2
        {
            return self
                .pos
                .bare_king_result()
                .map(|r| self.result_score(r, ply));
        }
        None
    }

    /// A game result reached at `ply`, as a score for the side to move.
    fn result_score(&self, result: GameResult, ply: usize) -> i32 {
        match result {
            GameResult::Win(c, _) if c == self.pos.side_to_move() => MATE - ply as i32,
            GameResult::Win(_, _) => mated_in(ply as i32),
            GameResult::Draw(_) => DRAW,
        }
    }

    /// Whether `mv` may be searched at `ply`: at the root, not an earlier MultiPV line and
    /// among `searchmoves`; elsewhere always.
    fn root_allows(&self, mv: Move, ply: usize) -> bool {
        root_allows(&self.excluded, &self.root_only, ply)(mv)
    }

    /// Plays `mv` at `ply`, keeping the evaluation sums of ply + 1 up to date.
    fn make(&mut self, mv: Move, ply: usize) {
        let tt = self.tt;
        let (upto, after) = self.buf.acc.split_at_mut(ply + 1);
        upto[ply].play(&mut self.pos, mv, &mut after[0], |p| tt.prefetch(p.key()));
    }

    fn evaluate(&self, ply: usize) -> i32 {
        eval::evaluate_with(&self.pos, &self.buf.acc[ply])
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    fn extend_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.buf.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    fn in_check(&self) -> bool {
        let us = self.pos.side_to_move();
        self.pos.royal_count(us) == 1 && self.pos.in_check(us)
    }

    /// The checks among `first` and the quiet moves `rest` (the side to move's), to search
    /// after pruning has begun, reversed for popping (`first` comes out first). Only where the
    /// opponent keeps one royal (with two, attacking one threatens no loss) and it is not
    /// attacked now (then the capture of it, searched before any quiet move, settled the node).
    fn checks_among(&mut self, first: Move, rest: &[Move]) -> Vec<Move> {
        let them = self.pos.side_to_move().flip();
        let &[royal] = self.pos.royal_squares(them) else {
            return Vec::new();
        };
        let lines = RoyalLines::new(&self.pos, royal);
        let mut found: Vec<Move> = std::iter::once(first)
            .chain(rest.iter().copied())
            .filter(|&mv| self.pos.checks_royal(mv, &lines))
            .collect();
        found.reverse();
        found
    }

    fn search(
        &mut self,
        mut alpha: i32,
        beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.buf.pv[ply].clear();
        if ply > 0 {
            if let Some(s) = self.terminal(ply) {
                return s;
            }
            // A repetition the rules allow is scored as if its cycle were repeated to the end:
            // under lishogi's rules the side that checked throughout loses, otherwise (and under
            // the JCSA's, where the side that must deviate never got here) a draw.
            match self.repetition {
                Repetition::Scored => {
                    if let Some(r) = self.pos.repetition_result() {
                        return self.result_score(r, ply);
                    }
                }
                Repetition::Jcsa if self.pos.repeats() => return DRAW,
                Repetition::Jcsa | Repetition::Forbidden => {}
            }
            if self.aborted {
                return 0;
            }
            // Mate distance pruning.
            let alpha2 = alpha.max(mated_in(ply as i32));
            let beta2 = beta.min(MATE - ply as i32 - 1);
            if alpha2 >= beta2 {
                return alpha2;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(ply);
        }
        let in_check = self.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply as i32);
        let tt_move = hit.map_or(Move::default(), |h| h.mv);
        if let Some(h) = hit
            && ply > 0
            && !pv_node
            && h.depth >= depth
            && h.settles(alpha, beta)
        {
            return h.score;
        }
        let static_eval = match hit {
            Some(h) => h.eval,
            None => self.evaluate(ply),
        };
        let us = self.pos.side_to_move();
        if ply > 0 && !pv_node && !in_check {
            // Reverse futility: far above beta near the leaves.
            if depth <= 4
                && static_eval - 90 * eval::PAWN / 100 * depth >= beta
                && !score::is_mate(beta)
            {
                return static_eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, cut.
            if depth >= 3
                && static_eval >= beta
                && self.buf.prev[ply].is_some()
                && self.pos.other_count(us) >= 4
                && !score::is_mate(beta)
            {
                let r = 3 + depth / 4;
                self.pos.make_null();
                self.buf.acc[ply + 1] = self.buf.acc[ply];
                self.buf.prev[ply + 1] = None;
                let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
                self.pos.unmake();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if score::is_mate(s) { beta } else { s };
                }
            }
        }

        let prev = self.buf.prev[ply];
        // The table's move is tried before generating the rest: it often cuts at once.
        let table_move = (tt_move != Move::default()
            && self.root_allows(tt_move, ply)
            && movegen::generates(&self.pos, tt_move))
        .then_some(tt_move);
        let mut picker = MovePicker::new(
            table_move,
            std::mem::take(&mut self.buf.moves[ply]),
            std::mem::take(&mut self.buf.keys[ply]),
        );

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::default();
        let mut searched = 0usize;
        let mut quiets = std::mem::take(&mut self.buf.quiets[ply]);
        quiets.clear();
        // Once pruning starts, the checks among the quiet moves left, searched last.
        let mut checks: Option<Vec<Move>> = None;
        let context = QuietContext {
            ply,
            prev,
            refutation_first: cut_node && depth <= REFUTATION_FIRST_DEPTH,
        };
        loop {
            let mv = match checks.as_mut() {
                Some(left) => match left.pop() {
                    Some(mv) => mv,
                    None => break,
                },
                None => {
                    let allowed = root_allows(&self.excluded, &self.root_only, ply);
                    match picker.next(&self.pos, &mut self.buf.ordering, &context, allowed) {
                        Some(mv) => mv,
                        None => break,
                    }
                }
            };
            // Neither a capture nor a promotion, without valuing the capture.
            let quiet = !mv.promotes() && !self.pos.is_capture(mv);
            let prunable = checks.is_none()
                && ply > 0
                && !in_check
                && quiet
                && searched > 0
                && !score::is_mate(best);
            // Captures and promotions come before every quiet move, so the moves left are
            // quiet too, and each pruning below would prune every one of them.
            if prunable && depth <= 3 && quiets.len() >= 6 + 4 * (depth * depth) as usize {
                // Late-move pruning near the leaves, except checks: a check left out here is
                // a royal lost just beyond the horizon (docs/search.md, "Checks").
                let allowed = root_allows(&self.excluded, &self.root_only, ply);
                let rest = picker.rest(&self.pos, &mut self.buf.ordering, &context, allowed);
                checks = Some(self.checks_among(mv, rest));
                continue;
            }
            if prunable
                && !pv_node
                && depth <= 2
                && static_eval + eval::PAWN * (1 + 2 * depth) <= alpha
            {
                // Futility pruning: far below alpha near the leaves, checks too (sparing
                // them here cost more than it found, docs/search.md).
                break;
            }
            self.make(mv, ply);
            if self.repetition.forbids_last_move(&self.pos) {
                self.pos.unmake();
                continue;
            }
            self.buf.prev[ply + 1] = Some((OrderingTables::key_after(&self.pos, mv), mv));
            let mut s;
            if searched == 0 {
                s = -self.search(-beta, -alpha, depth - 1, ply + 1, false);
            } else {
                let r = if depth >= 3 && quiet && searched >= 3 {
                    let base = (self.buf.ln(depth as usize) * self.buf.ln(searched) / 2.0) as i32;
                    (base + i32::from(!pv_node) + i32::from(cut_node)).clamp(0, depth - 2)
                } else {
                    0
                };
                // A check kept from pruning only needs to show whether it wins the royal:
                // one ply, which the check extension makes a full-width reply.
                let depth = if checks.is_some() {
                    depth.min(2)
                } else {
                    depth
                };
                s = -self.search(-alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, depth - 1, ply + 1, !cut_node);
                }
                if s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, depth - 1, ply + 1, false);
                }
            }
            self.pos.unmake();
            if self.aborted {
                break;
            }
            searched += 1;
            if s > best {
                best = s;
                best_move = mv;
                if s > alpha {
                    alpha = s;
                    self.extend_pv(ply, mv);
                    if ply == 0 {
                        self.root_best = Some((mv, s));
                    }
                    if s >= beta {
                        if quiet {
                            self.buf
                                .ordering
                                .reward(&self.pos, mv, ply, depth, prev, &quiets);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(mv);
            }
        }
        (self.buf.moves[ply], self.buf.keys[ply]) = picker.into_buffers(&mut self.buf.ordering);
        self.buf.quiets[ply] = quiets;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // No legal move (or every move forbidden by repetition): a loss.
            return if ply == 0 && !self.excluded.is_empty() {
                -INFINITE
            } else {
                mated_in(ply as i32)
            };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || self.excluded.is_empty() {
            self.tt
                .store(key, best_move, best, static_eval, depth, bound, ply as i32);
        }
        best
    }

    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.buf.pv[ply].clear();
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        if self.aborted {
            return 0;
        }
        if let Some(s) = self.terminal(ply) {
            return s;
        }
        let key = self.pos.key();
        let hit = if self.table_in_quiescence {
            self.tt.probe(key, ply as i32)
        } else {
            None
        };
        if let Some(h) = hit
            && h.settles(alpha, beta)
        {
            return h.score;
        }
        let stand = match hit {
            Some(h) => h.eval,
            None => self.evaluate(ply),
        };
        if stand >= beta || qply >= MAX_QPLY || ply >= MAX_PLY - 1 {
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best_move = Move::default();
        let mut moves = std::mem::take(&mut self.buf.moves[ply]);
        let mut scores = std::mem::take(&mut self.buf.scores[ply]);
        moves.clear();
        scores.clear();
        movegen::generate_captures(&self.pos, &mut moves);
        scores.extend(
            moves
                .iter()
                .map(|&mv| capture_gain(&self.pos, mv).unwrap_or(0)),
        );
        let mut best = stand;
        for i in 0..moves.len() {
            let j = (i..moves.len()).max_by_key(|&k| scores[k]).unwrap_or(i);
            moves.swap(i, j);
            scores.swap(i, j);
            let mv = moves[i];
            // Delta pruning: even winning everything this move takes cannot reach alpha. The
            // moves come in falling order of their scores, so none of the rest can either.
            if stand + scores[i] / 16 + 2 * eval::PAWN < alpha {
                break;
            }
            if gives_material_away(&self.pos, mv) {
                continue;
            }
            self.make(mv, ply);
            let s = -self.quiesce(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                best_move = mv;
                if s > alpha {
                    alpha = s;
                    self.extend_pv(ply, mv);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.buf.moves[ply] = moves;
        self.buf.scores[ply] = scores;
        if self.table_in_quiescence && !self.aborted {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha && best_move != Move::default() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, best_move, best, stand, 0, bound, ply as i32);
        }
        best
    }
}

/// How the search treats a move that recreates an earlier position (docs/rules.md,
/// "Repetition"). The search cannot wait for the fourth occurrence the rules count, so it
/// judges the first recurrence as if the cycle were repeated to the end.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Repetition {
    /// The seed rules (chu and dai dai): a repeating move is illegal, so it is never searched.
    Forbidden,
    /// lishogi's chu: the repetition ends the game; [`Position::repetition_result`] scores it.
    Scored,
    /// The JCSA's chu (chu.md §8): the side the rule makes deviate may not repeat; for the
    /// other side the repetition is a draw.
    Jcsa,
}

impl Repetition {
    fn of(pos: &Position) -> Repetition {
        match (pos.variant(), pos.rules()) {
            (Variant::Chu, RuleSet::Lishogi) => Repetition::Scored,
            (Variant::Chu, RuleSet::Jcsa) => Repetition::Jcsa,
            _ => Repetition::Forbidden,
        }
    }

    /// Whether the move just made in `pos` may not be searched. The JCSA's test replays the
    /// cycle, so it runs only where the position repeats.
    fn forbids_last_move(self, pos: &Position) -> bool {
        match self {
            Repetition::Forbidden => pos.repeats(),
            Repetition::Scored => false,
            Repetition::Jcsa => {
                pos.repeats() && pos.jcsa_must_deviate() == Some(pos.side_to_move().flip())
            }
        }
    }
}

/// The deepest remaining depth at which an expected cut node tries its refutation before
/// generating its quiet moves ([`QuietContext::refutation_first`]). Nearly all such nodes are
/// shallower; the bound keeps the ordering tables' journal, which holds the writes of the
/// refutation's subtree until the node is done, to the writes of a small subtree.
const REFUTATION_FIRST_DEPTH: i32 = 6;

/// [`Worker::root_allows`] as a closure over the root's two lists alone, for the calls
/// that lend the picker the ordering tables while the searcher's other parts are borrowed.
fn root_allows<'a>(
    excluded: &'a [Move],
    root_only: &'a [Move],
    ply: usize,
) -> impl Fn(Move) -> bool + 'a {
    move |mv| {
        ply > 0 || (!excluded.contains(&mv) && (root_only.is_empty() || root_only.contains(&mv)))
    }
}
