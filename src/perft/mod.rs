//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator.
//!
//! Counts distinct legal moves by effect (docs/perft.md): moving into check is legal, and the
//! count stops only where the side to move has no royal piece left; repetition and the
//! bare-king rule decide games, not move legality, and are ignored.
//!
//! ```
//! use shishi::rules::{Position, RuleSet, Variant};
//! let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
//! assert_eq!(shishi::perft::perft(&mut pos, 1), 36);
//! assert_eq!(shishi::perft::perft(&mut pos, 2), 1_296);
//! assert_eq!(shishi::perft::perft(&mut pos, 3), 48_315);
//! ```

pub mod suite;

use crate::platform;
use crate::rules::movegen;
use crate::rules::{Move, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Number of leaf nodes `depth` plies below `pos` (bulk-counted at the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false))
}

/// [`perft`] that gives up (with a meaningless count) once `stop` is set: the protocol loop
/// runs perft like a search, and `stop` or `quit` must end it promptly.
fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> u64 {
    let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
    perft_with(pos, depth, &mut buffers, stop)
}

fn perft_with(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>], stop: &AtomicBool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return movegen::count(pos) as u64;
    }
    let (list, rest) = buffers.split_first_mut().unwrap_or_else(|| unreachable!());
    list.clear();
    movegen::generate(pos, list);
    if stop.load(Relaxed) {
        return 0;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        pos.make(mv);
        nodes += perft_with(pos, depth - 1, rest, stop);
        pos.unmake();
    }
    nodes
}

/// Per-root-move counts on `threads` threads of a pool of its own (started through
/// [`platform::spawn`], so it works wherever the search does), or `None` when `stop` was set
/// before the count completed.
pub fn divide_until(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    let count = |&mv: &Move| {
        let mut p = pos.clone();
        p.make(mv);
        (mv, perft_until(&mut p, depth.saturating_sub(1), stop))
    };
    let pool = (threads > 1)
        .then(|| platform::thread_pool(threads, "perft").ok())
        .flatten();
    let rows: Vec<(Move, u64)> = match pool {
        Some(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        None => moves.iter().map(count).collect(),
    };
    (!stop.load(Relaxed)).then_some(rows)
}

/// Per-root-move counts (`--divide`), root moves split over the rayon pool.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    moves
        .par_iter()
        .map(|&mv| {
            let mut p = pos.clone();
            p.make(mv);
            (mv, perft(&mut p, depth.saturating_sub(1)))
        })
        .collect()
}

/// Total of [`divide`]; `perft` parallelised over root moves.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(pos, depth).iter().map(|d| d.1).sum()
}
