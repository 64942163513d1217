//! Staged move picking for the main search: the table move first, then captures, and only
//! when none of those has cut off, the moves that capture nothing. Most cutoffs come from the
//! first two stages, so most nodes never pay for generating and ordering the quiet moves.

use super::ordering::OrderingTables;
use crate::rules::{Move, Position, movegen};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TableMove,
    GenerateCaptures,
    Captures,
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
}

/// What a node needs to order its quiet moves.
pub struct QuietContext<'a> {
    pub ordering: &'a OrderingTables,
    pub ply: usize,
    /// The opponent's last move with its counter-move key.
    pub prev: Option<(usize, Move)>,
}

impl MovePicker {
    /// A picker over empty buffers `moves` and `keys`; `table_move` must be playable here.
    pub fn new(table_move: Option<Move>, mut moves: Vec<Move>, mut keys: Vec<i64>) -> Self {
        moves.clear();
        keys.clear();
        MovePicker {
            stage: Stage::TableMove,
            table_move,
            moves,
            keys,
            next: 0,
        }
    }

    /// The next move to search, or `None` when all are done. `allowed` filters the
    /// generated moves (the root's MultiPV exclusions and `searchmoves`; the table move is
    /// filtered by the caller).
    pub fn next(
        &mut self,
        pos: &Position,
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
                    None => self.stage = Stage::GenerateQuiets,
                },
                Stage::GenerateQuiets => {
                    self.moves.clear();
                    self.next = 0;
                    movegen::generate_quiets(pos, &mut self.moves);
                    self.keep(&allowed);
                    quiet.ordering.key_quiets(
                        pos,
                        &self.moves,
                        quiet.ply,
                        quiet.prev,
                        &mut self.keys,
                    );
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.select() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
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
    pub fn rest(&mut self) -> &[Move] {
        self.stage = Stage::Done;
        let from = self.next.min(self.moves.len());
        self.next = self.moves.len();
        &self.moves[from..]
    }

    /// The buffers, for the next node at this ply.
    pub fn into_buffers(self) -> (Vec<Move>, Vec<i64>) {
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
        let ordering = OrderingTables::default();
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
                        ordering: &ordering,
                        ply: 1,
                        prev: None,
                    };
                    let mut picker = MovePicker::new(table_move, Vec::new(), Vec::new());
                    let mut picked = Vec::new();
                    while let Some(mv) = picker.next(&pos, &context, allowed) {
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
}
