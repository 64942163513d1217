//! One self-play game for training data: a few random quiet plies for variety, then every
//! move chosen by a search on a fixed node budget (the same budget on any machine or load, so
//! a seed replays the same game), each searched position kept or skipped by [`keep`].

use super::format::Sample;
use crate::rules::{Color, Move, Position, RuleSet, Variant};
use crate::score::is_mate;
use crate::search::{InfoSink, Limits, Searcher};
use std::sync::Arc;

/// How the games of a run are played.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The game.
    pub variant: Variant,
    /// Its rule set.
    pub rules: RuleSet,
    /// Nodes per move.
    pub nodes: u64,
    /// Random quiet plies before the searched moves: a number in this range, inclusive.
    pub random_plies: (u32, u32),
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// A score at least this large for the side to move, confirmed by [`ADJUDICATE_PLIES`]
    /// consecutive searches with the same winner, ends the game as that side's win.
    pub adjudicate: i32,
}

/// Consecutive searches that must agree before a game is adjudicated.
pub const ADJUDICATE_PLIES: u32 = 6;

/// A played game: its kept positions (results filled in) and the result for Black.
pub struct PlayedGame {
    /// Kept positions, in game order.
    pub samples: Vec<Sample>,
    /// 1: Black won, 0: draw, -1: White won.
    pub black_result: i8,
}

/// splitmix64: the game's random plies from its seed, without a crate.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether a searched position is worth learning from: not in check, and the search's move
/// is quiet. A position whose best move captures is judged by the exchange, not by what the
/// static evaluation sees, so it teaches the network noise (the filter NNUE trainers use).
fn keep(pos: &Position, best: Move, score: i32) -> bool {
    !is_mate(score) && !pos.in_check(pos.side_to_move()) && !pos.is_capture(best)
}

/// Plays game number `game` of a run; `seed` makes its random plies.
pub fn play(
    searcher: &mut Searcher,
    settings: &GameSettings,
    game: u64,
    mut seed: u64,
) -> PlayedGame {
    searcher.new_game();
    let mut pos = Position::start(settings.variant, settings.rules);
    let (lo, hi) = settings.random_plies;
    let random = lo + (splitmix(&mut seed) % u64::from(hi - lo + 1)) as u32;
    let mut samples = Vec::new();
    let mut movers = Vec::new();
    let silent: InfoSink = Arc::new(|_| {});
    let mut streak: (Option<Color>, u32) = (None, 0);
    let winner = loop {
        if let Some(result) = pos.outcome() {
            break match result {
                crate::rules::outcome::GameResult::Win(c, _) => Some(c),
                crate::rules::outcome::GameResult::Draw(_) => None,
            };
        }
        if pos.ply() >= settings.max_plies as usize {
            break None;
        }
        let moves = pos.game_moves();
        if (pos.ply() as u32) < random {
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !pos.is_capture(m))
                .collect();
            let pool = if quiet.is_empty() { &moves } else { &quiet };
            let mv = pool[(splitmix(&mut seed) % pool.len() as u64) as usize];
            pos.make(mv);
            continue;
        }
        let limits = Limits {
            nodes: Some(settings.nodes),
            multipv: 1,
            ..Limits::default()
        };
        let result = searcher.search(&pos, limits, silent.clone());
        let Some(best) = result.best else {
            break Some(pos.side_to_move().flip());
        };
        let side = pos.side_to_move();
        if is_mate(result.score) {
            // A forced result the search proved: the game is decided.
            break Some(if result.score > 0 { side } else { side.flip() });
        }
        if keep(&pos, best, result.score) {
            samples.push(Sample {
                sfen: pos.to_sfen(),
                score: result.score,
                result: 0,
                ply: pos.ply() as u32,
                game,
            });
            movers.push(side);
        }
        let leader = if result.score >= settings.adjudicate {
            Some(side)
        } else if result.score <= -settings.adjudicate {
            Some(side.flip())
        } else {
            None
        };
        streak = match (leader, streak) {
            (Some(l), (Some(s), n)) if l == s => (Some(l), n + 1),
            (Some(l), _) => (Some(l), 1),
            (None, _) => (None, 0),
        };
        if streak.1 >= ADJUDICATE_PLIES {
            break streak.0;
        }
        pos.make(best);
    };
    let black_result = match winner {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    };
    for (s, mover) in samples.iter_mut().zip(movers) {
        s.result = if mover == Color::Black {
            black_result
        } else {
            -black_result
        };
    }
    PlayedGame {
        samples,
        black_result,
    }
}
