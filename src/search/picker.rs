//! Staged move picking for the main search: the table move first, then captures, and only
//! when none of those has cut off, the moves that capture nothing. Most cutoffs come from the
//! first two stages, so most nodes never pay for generating and ordering the quiet moves.
//!
//! Of the nodes that do reach the quiet moves, many cut off at the first one, a killer or
//! the counter-move. At the nodes where the search expects a cutoff, and where no quiet move
//! promotes, the picker finds that move without generating the rest (each refutation tested
//! alone) and hands it out first. Only if the search asks for more are the rest generated,
//! in the piece order of that moment and keyed with the ordering tables as they were then
//! ([`OrderingTables::key_quiets_as_of`]). So the search visits the tree it visited when
//! every node generated all its quiet moves, node for node: the first move is the one that
//! list's selection would have picked first, and the rest come in that list's order.

use super::ordering::{OrderingTables, RefutationMark};
use crate::rules::{Move, Position, movegen};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TableMove,
    GenerateCaptures,
    Captures,
    /// The first quiet move, found without generating the rest.
    FirstQuiet,
    GenerateQuiets,
    Quiets,
    Done,
}

/// Hands out one node's moves best first, generating each stage when it is reached. Owns the
/// node's buffers while it runs ([`MovePicker::into_buffers`] gives them back for reuse).
pub struct MovePicker {
    stage: Stage,
    /// The table's move, already checked to be playable here (`None`: no such move).
    table_move: Option<Move>,
    moves: Vec<Move>,
    keys: Vec<i64>,
    next: usize,
    /// The first quiet move, handed out before the rest were generated, with the ordering
    /// tables' journal mark from that moment.
    first_quiet: Option<(Move, RefutationMark)>,
}

/// What a node tells its picker for ordering its quiet moves (the ordering tables are lent
/// with each call).
#[derive(Clone, Copy)]
pub struct QuietContext {
    pub ply: usize,
    /// The opponent's last move with its counter-move key.
    pub prev: Option<(usize, Move)>,
    /// Whether to look for the first quiet move before generating the rest: where the
    /// search expects a cutoff. Elsewhere the refutation fails more often than not, and
    /// its tests cost more than the generations they spare (docs/search.md).
    pub refutation_first: bool,
}

impl MovePicker {
    /// A picker over the buffers `moves` and `keys` (emptied here); `table_move` must be
    /// playable here.
    pub fn new(table_move: Option<Move>, mut moves: Vec<Move>, mut keys: Vec<i64>) -> Self {
        moves.clear();
        keys.clear();
        MovePicker {
            stage: Stage::TableMove,
            table_move,
            moves,
            keys,
            next: 0,
            first_quiet: None,
        }
    }

    /// The next move to search, or `None` when all are done. `allowed` filters the
    /// generated moves (the root's MultiPV exclusions and `searchmoves`; the table move is
    /// filtered by the caller).
    pub fn next(
        &mut self,
        pos: &Position,
        ordering: &mut OrderingTables,
        quiet: &QuietContext,
        allowed: impl Fn(Move) -> bool,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateCaptures;
                    if self.table_move.is_some() {
                        return self.table_move;
                    }
                }
                Stage::GenerateCaptures => {
                    movegen::generate_captures(pos, &mut self.moves);
                    self.keep(&allowed);
                    OrderingTables::key_captures(pos, &self.moves, &mut self.keys);
                    self.stage = Stage::Captures;
                }
                Stage::Captures => match self.select() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::FirstQuiet,
                },
                Stage::FirstQuiet => {
                    self.stage = Stage::GenerateQuiets;
                    if !quiet.refutation_first {
                        continue;
                    }
                    if let Some(mv) = self.find_first_quiet(pos, ordering, quiet, &allowed) {
                        self.first_quiet = Some((mv, ordering.begin_refutation(pos)));
                        return Some(mv);
                    }
                }
                Stage::GenerateQuiets => self.generate_quiets(pos, ordering, quiet, &allowed),
                Stage::Quiets => match self.select() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// The quiet move the list of all of them would hand out first, where that is a
    /// refutation found without generating the list: of the killers the list holds, the one
    /// it gives last (the last of equal keys is what [`MovePicker::select`] takes), or else
    /// the counter-move. Not where a quiet move promotes: promotions come before the killers,
    /// and a promotion handed out first hardly ever cuts off (98 % of the time the rest were
    /// generated after it on the 30 chu middlegames to depth 8), so there the list is made.
    fn find_first_quiet(
        &mut self,
        pos: &Position,
        ordering: &OrderingTables,
        quiet: &QuietContext,
        allowed: &impl Fn(Move) -> bool,
    ) -> Option<Move> {
        let table_move = self.table_move;
        let listed = |mv: Move| {
            mv != Move::default()
                && Some(mv) != table_move
                && allowed(mv)
                && movegen::generates(pos, mv)
                && !pos.is_capture(mv)
        };
        let ([k0, k1], counter) = ordering.refutations(quiet.ply, quiet.prev);
        let first = match (listed(k0), listed(k1)) {
            (true, true) => {
                if movegen::generated_before(pos, k0, k1) {
                    k1
                } else {
                    k0
                }
            }
            (true, false) => k0,
            (false, true) => k1,
            (false, false) => listed(counter).then_some(counter)?,
        };
        (!movegen::has_quiet_promotion(pos)).then_some(first)
    }

    /// Generates and keys the quiet moves. If the first was handed out already, the keys
    /// are those of the tables before its subtree, and the selection hands it out again
    /// (skipped here), so the rest come in the order of a node that generated them at once.
    fn generate_quiets(
        &mut self,
        pos: &Position,
        ordering: &mut OrderingTables,
        quiet: &QuietContext,
        allowed: &impl Fn(Move) -> bool,
    ) {
        self.moves.clear();
        self.next = 0;
        match self.first_quiet {
            Some((_, mark)) => {
                let pieces = ordering.pieces_at(mark);
                movegen::generate_quiets_in_order(pos, pieces, &mut self.moves);
            }
            None => movegen::generate_quiets(pos, &mut self.moves),
        }
        self.keep(allowed);
        self.stage = Stage::Quiets;
        let (ply, prev) = (quiet.ply, quiet.prev);
        match self.first_quiet.take() {
            None => ordering.key_quiets(pos, &self.moves, ply, prev, &mut self.keys),
            Some((first, mark)) => {
                ordering.key_quiets_as_of(mark, pos, &self.moves, ply, prev, &mut self.keys);
                ordering.end_refutation(mark);
                let again = self.select();
                debug_assert_eq!(again, Some(first), "{}", pos.to_sfen());
            }
        }
    }

    /// Drops the table move (already searched) and what `allowed` rejects.
    fn keep(&mut self, allowed: &impl Fn(Move) -> bool) {
        let table_move = self.table_move;
        self.moves.retain(|&m| Some(m) != table_move && allowed(m));
    }

    /// Selection sort step: the best remaining move of the stage. Of equal keys the last
    /// wins (`max_by_key`), as in the unstaged search this replaced; which of the equal
    /// quiet moves comes first swings fixed-depth node counts by ±50 % either way, so a
    /// tie-break is kept only where self-play supports it (the ordering keys, docs/search.md).
    fn select(&mut self) -> Option<Move> {
        let best = (self.next..self.keys.len()).max_by_key(|&k| self.keys[k])?;
        self.moves.swap(self.next, best);
        self.keys.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }

    /// The moves of the stage under way not yet handed out, in no particular order; the
    /// picker hands out nothing more (the search prunes them and looks only for checks).
    pub fn rest(
        &mut self,
        pos: &Position,
        ordering: &mut OrderingTables,
        quiet: &QuietContext,
        allowed: impl Fn(Move) -> bool,
    ) -> &[Move] {
        if self.stage == Stage::GenerateQuiets && self.first_quiet.is_some() {
            self.generate_quiets(pos, ordering, quiet, &allowed);
        }
        self.stage = Stage::Done;
        let from = self.next.min(self.moves.len());
        self.next = self.moves.len();
        &self.moves[from..]
    }

    /// The buffers, for the next node at this ply; closes the node's journal mark at the
    /// ordering tables if its first quiet move was the last it handed out.
    pub fn into_buffers(self, ordering: &mut OrderingTables) -> (Vec<Move>, Vec<i64>) {
        if let Some((_, mark)) = self.first_quiet {
            ordering.end_refutation(mark);
        }
        (self.moves, self.keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Variant};
    use crate::search::ordering::capture_gain;

    /// Over the positions of random games: the picker hands out every legal move exactly once,
    /// the table move first, every capture before every move that captures nothing, captures
    /// by falling value, and leaves out what the root filter rejects.
    #[test]
    fn picker_yields_each_move_once_table_move_then_captures_then_the_rest() {
        let mut rng = crate::testing::Rng(0x5eed_0f0d_de12);
        let mut ordering = OrderingTables::default();
        let mut checked = 0;
        for (variant, games) in [(Variant::Chu, 6), (Variant::DaiDai, 3)] {
            for _ in 0..games {
                let mut pos = Position::start(variant, RuleSet::Seed);
                for _ in 0..150 {
                    let mut all = Vec::new();
                    movegen::generate(&pos, &mut all);
                    if all.is_empty() {
                        break;
                    }
                    let table_move = (rng.below(2) == 0).then(|| all[rng.below(all.len())]);
                    let banned = all[rng.below(all.len())];
                    let allowed = |m: Move| m != banned || Some(m) == table_move;
                    let context = QuietContext {
                        ply: 1,
                        prev: None,
                        refutation_first: true,
                    };
                    let mut picker = MovePicker::new(table_move, Vec::new(), Vec::new());
                    let mut picked = Vec::new();
                    while let Some(mv) = picker.next(&pos, &mut ordering, &context, allowed) {
                        picked.push(mv);
                    }
                    let mut expected: Vec<Move> =
                        all.iter().copied().filter(|&m| allowed(m)).collect();
                    let mut got = picked.clone();
                    expected.sort_by_key(|m| m.to_bits());
                    got.sort_by_key(|m| m.to_bits());
                    assert_eq!(got, expected, "{}", pos.to_sfen());
                    let body = match table_move {
                        Some(t) => {
                            assert_eq!(picked[0], t);
                            &picked[1..]
                        }
                        None => &picked[..],
                    };
                    let captures = body.iter().take_while(|&&m| pos.is_capture(m)).count();
                    assert!(body[captures..].iter().all(|&m| !pos.is_capture(m)));
                    let values: Vec<i32> = body[..captures]
                        .iter()
                        .map(|&m| capture_gain(&pos, m).unwrap_or(i32::MIN))
                        .collect();
                    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
                    checked += 1;
                    pos.make(all[rng.below(all.len())]);
                }
            }
        }
        assert!(checked > 1_000, "only {checked} positions");
    }

    /// The order in which a node that generates all its quiet moves at once hands them out:
    /// the list keyed by the tables as they are now, then selection.
    fn reference_order(
        pos: &Position,
        ordering: &OrderingTables,
        ply: usize,
        prev: Option<(usize, Move)>,
        table_move: Option<Move>,
    ) -> Vec<Move> {
        let mut moves = Vec::new();
        movegen::generate_quiets(pos, &mut moves);
        moves.retain(|&m| Some(m) != table_move);
        let mut keys = Vec::new();
        ordering.key_quiets(pos, &moves, ply, prev, &mut keys);
        let mut picker = MovePicker::new(table_move, Vec::new(), Vec::new());
        (picker.moves, picker.keys, picker.stage) = (moves, keys, Stage::Quiets);
        std::iter::from_fn(|| picker.select()).collect()
    }

    /// The first quiet move found without generating the rest, and the rest generated after
    /// that move's subtree, come in the order of a node that generated them all at once, over
    /// the positions of random games: the subtree is stood in for by rewards at the plies
    /// below (which write the history and counter-moves the node's keys read) and by moves
    /// made and taken back (which reorder the piece list). The killers and counter-move of
    /// the node's ply are set from its own quiet moves, so the shortcut is taken often.
    #[test]
    fn the_first_quiet_move_and_the_rest_come_in_the_order_of_all_generated_at_once() {
        let mut rng = crate::testing::Rng(0x0f1e_57f1_a5ed);
        let (mut shortcuts, mut checked) = (0, 0);
        for (variant, games) in [(Variant::Chu, 8), (Variant::DaiDai, 3)] {
            for _ in 0..games {
                let mut ordering = OrderingTables::default();
                let mut pos = Position::start(variant, RuleSet::Lishogi);
                for _ in 0..160 {
                    let mut all = Vec::new();
                    movegen::generate(&pos, &mut all);
                    if all.is_empty() {
                        break;
                    }
                    let mut quiets = Vec::new();
                    movegen::generate_quiets(&pos, &mut quiets);
                    let ply = 3;
                    let prev = Some((rng.below(256 * 64), Move::default()));
                    for _ in 0..rng.below(4) {
                        if let Some(&mv) = quiets.get(rng.below(quiets.len().max(1))) {
                            let tried = [quiets[rng.below(quiets.len())]];
                            ordering.reward(&pos, mv, ply, 1 + rng.below(8) as i32, prev, &tried);
                        }
                    }
                    let table_move = (rng.below(3) == 0).then(|| all[rng.below(all.len())]);
                    let expected = reference_order(&pos, &ordering, ply, prev, table_move);
                    let mut picker = MovePicker::new(table_move, Vec::new(), Vec::new());
                    let context = QuietContext {
                        ply,
                        prev,
                        refutation_first: true,
                    };
                    let mut got = Vec::new();
                    while let Some(mv) = picker.next(&pos, &mut ordering, &context, |_| true) {
                        if Some(mv) != table_move && !pos.is_capture(mv) {
                            got.push(mv);
                            break;
                        }
                    }
                    if picker.first_quiet.is_some() {
                        shortcuts += 1;
                        // The subtree: rewards below, and moves made and taken back.
                        let line: Vec<Move> = (0..1 + rng.below(3))
                            .map_while(|_| {
                                let mut moves = Vec::new();
                                movegen::generate(&pos, &mut moves);
                                let mv = *moves.get(rng.below(moves.len().max(1)))?;
                                pos.make(mv);
                                Some(mv)
                            })
                            .collect();
                        for deeper in 0..rng.below(6) {
                            let mut moves = Vec::new();
                            movegen::generate_quiets(&pos, &mut moves);
                            if let Some(&mv) = moves.get(rng.below(moves.len().max(1))) {
                                let prev = Some((rng.below(256 * 64), Move::default()));
                                ordering.reward(
                                    &pos,
                                    mv,
                                    ply + 1 + deeper,
                                    5,
                                    prev,
                                    &moves[..3.min(moves.len())],
                                );
                            }
                        }
                        line.iter().for_each(|_| pos.unmake());
                    }
                    got.extend(std::iter::from_fn(|| {
                        picker.next(&pos, &mut ordering, &context, |_| true)
                    }));
                    let _ = picker.into_buffers(&mut ordering);
                    assert_eq!(got, expected, "{}", pos.to_sfen());
                    checked += 1;
                    pos.make(all[rng.below(all.len())]);
                }
            }
        }
        assert!(checked > 1_000, "only {checked} positions");
        assert!(
            shortcuts > checked / 4,
            "the shortcut taken {shortcuts} times in {checked}"
        );
    }
}
