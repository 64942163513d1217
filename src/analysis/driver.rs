//! The per-ply driver: one search per position of the game, in game order, on one
//! [`Searcher`] (its table carries what it learnt from one position to the next), and the
//! verdict on every played move from the evaluations before and after it.

use super::game::Game;
use super::model::{Eval, Verdict};
use crate::rules::{Color, Move};
use crate::search::{InfoSink, Limits, Searcher};
use std::sync::Arc;
use std::time::Duration;

/// What each position's search may spend.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Budget {
    /// Milliseconds per position.
    Movetime(u64),
    /// Nodes per position (all threads).
    Nodes(u64),
    /// Iteration depth per position.
    Depth(u32),
}

/// Search settings of an analysis.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    /// Per position.
    pub budget: Budget,
    /// Search threads.
    pub threads: usize,
    /// Table size in MB.
    pub hash_mb: usize,
}

/// One position of the game and what the engine thinks of it.
#[derive(Clone, Debug)]
pub struct PositionReport {
    /// The position.
    pub sfen: String,
    /// Side to move.
    pub side: Color,
    /// From Black's side; [`Eval::Over`] for a finished game (no search).
    pub eval: Eval,
    /// The engine's move (`None` when the game is over).
    pub best: Option<Move>,
    /// The line it expects, starting with `best`.
    pub line: Vec<Move>,
    /// Completed depth: at least 1 after a search (a budget that runs out inside the first
    /// iteration is topped up to depth 1), 0 for a finished game.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// One played move and its verdict.
#[derive(Clone, Debug)]
pub struct PlyReport {
    /// 1-based ply number.
    pub ply: usize,
    /// The mover.
    pub side: Color,
    /// The move played.
    pub played: Move,
    /// The mover's expected score before the move (with the engine's best move) minus after
    /// it (the next position's evaluation). Negative when the next search thought better of
    /// the position than this one did.
    pub drop: f64,
    /// `None` below the inaccuracy threshold, and whenever the move played is the engine's.
    pub verdict: Option<Verdict>,
}

/// A whole analysis.
pub struct Analysis {
    /// The game analysed.
    pub game: Game,
    /// How.
    pub settings: Settings,
    /// Positions before each ply, then the final position: one more than `plies`.
    pub positions: Vec<PositionReport>,
    /// The played moves.
    pub plies: Vec<PlyReport>,
}

impl Analysis {
    /// The position before ply `i` (0-based) and the one after it.
    pub fn around(&self, i: usize) -> (&PositionReport, &PositionReport) {
        (&self.positions[i], &self.positions[i + 1])
    }
}

fn limits(budget: Budget) -> Limits {
    let mut l = Limits {
        multipv: 1,
        ..Limits::default()
    };
    match budget {
        Budget::Movetime(ms) => l.movetime = Some(Duration::from_millis(ms)),
        Budget::Nodes(n) => l.nodes = Some(n),
        Budget::Depth(d) => l.depth = Some(d),
    }
    l
}

/// Analyses `game`; `progress(done, total)` is called at the start and after every position.
pub fn analyse(
    game: Game,
    settings: Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, String> {
    let replay = game.replay()?;
    let searcher = Searcher::new(settings.hash_mb, settings.threads)?;
    let quiet: InfoSink = Arc::new(|_| {});
    let total = replay.positions.len();
    let mut positions = Vec::with_capacity(total);
    progress(0, total);
    for (i, pos) in replay.positions.iter().enumerate() {
        let side = pos.side_to_move();
        let mut probe = pos.clone();
        let report = match probe.outcome() {
            Some(result) => PositionReport {
                sfen: pos.to_sfen(),
                side,
                eval: Eval::Over(result),
                best: None,
                line: Vec::new(),
                depth: 0,
                nodes: 0,
            },
            None => {
                let mut r = searcher.search(pos, limits(settings.budget), quiet.clone());
                if r.depth == 0 {
                    // The budget ran out inside the first iteration (a small --nodes in dai
                    // dai): its score is a partial one, so complete depth 1 instead.
                    let spent = r.nodes;
                    r = searcher.search(pos, limits(Budget::Depth(1)), quiet.clone());
                    r.nodes += spent;
                }
                let line = if r.pv.first() == r.best.as_ref() {
                    r.pv
                } else {
                    // The move came from an unfinished iteration, whose line is unknown.
                    r.best.into_iter().collect()
                };
                PositionReport {
                    sfen: pos.to_sfen(),
                    side,
                    eval: Eval::from_search(r.score, side),
                    best: r.best,
                    line,
                    depth: r.depth,
                    nodes: r.nodes,
                }
            }
        };
        positions.push(report);
        progress(i + 1, total);
    }
    let plies = replay
        .moves
        .iter()
        .enumerate()
        .map(|(i, &played)| {
            let (before, after) = (&positions[i], &positions[i + 1]);
            let side = before.side;
            let drop = before.eval.expected_for(side) - after.eval.expected_for(side);
            let verdict = if before.best == Some(played) {
                None
            } else {
                Verdict::classify(drop)
            };
            PlyReport {
                ply: i + 1,
                side,
                played,
                drop,
                verdict,
            }
        })
        .collect();
    Ok(Analysis {
        game,
        settings,
        positions,
        plies,
    })
}
