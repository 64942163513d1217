//! Helpers shared by the evaluation tests: a tiny PRNG and random playouts.

use crate::rules::movegen;
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};

pub(crate) use crate::testing::Rng;

/// Positions from `games` random playouts of `variant`: one every `every` plies from ply
/// `first` to ply `last`, while both sides still have a royal piece and moves. Captures are
/// preferred a quarter of the time so that material thins out as in real games.
pub(crate) fn random_positions(
    variant: Variant,
    rules: RuleSet,
    rng: &mut Rng,
    games: usize,
    first: usize,
    every: usize,
    last: usize,
) -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(variant, rules);
        for ply in 1..=last {
            moves.clear();
            movegen::generate(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mut mv = moves[rng.below(moves.len())];
            if rng.below(4) == 0 {
                let caps: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| !pos.captures_of(m).is_empty())
                    .collect();
                if !caps.is_empty() {
                    mv = caps[rng.below(caps.len())];
                }
            }
            pos.make(mv);
            if pos.royal_count(pos.side_to_move()) == 0
                || pos.royal_count(pos.side_to_move().flip()) == 0
            {
                break;
            }
            if ply >= first && (ply - first).is_multiple_of(every) {
                let mut copy = Position::from_sfen(variant, rules, &pos.to_sfen()).unwrap();
                copy.set_move_number(pos.move_number());
                out.push(copy);
            }
        }
    }
    out
}
