//! Finishing won games with the mate solver. Alpha-beta with a depth horizon sees a forced
//! win only as deep as it searches, so a side far ahead keeps improving its lead for dozens of
//! plies where a chain of threats would end the game. Once the previous search ended far
//! ahead and an iteration of this one scores the root far ahead again, the main thread hands
//! a share of the move's budget to the proof-number solver ([`crate::mate`]); a proven line
//! is played, with its mate score, unless the search goes on to find a mate as short. The
//! probe only runs where the engine already leads through a whole search, so the time it
//! takes comes out of moves that are winning anyway (docs/mate.md, "In play", has its
//! figures and why its budget is a quarter).

use super::Shared;
use crate::mate::{self, Solver, Verdict};
use crate::rules::{Move, Position, Variant};
use crate::score;
use std::sync::Mutex;
use std::sync::atomic::AtomicI32;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// A root score (side to move's view, pawn = 100) from which the side to move counts as far
/// ahead: the mark docs/strength.md measures conversion from.
pub(super) const PROBE_SCORE: i32 = 1500;

/// The first iteration whose score may start a probe: the shallow ones swing too much.
const PROBE_DEPTH: u32 = 5;

/// The probe's share of the move's budget: a quarter of the soft time, or of the node limit.
const SHARE: u32 = 4;

/// The solver's table: 8 MB holds the 262,144 positions of a probe several seconds long at the
/// solver's speed (about 90,000 nodes a second); a longer probe replaces its cheapest entries.
const TABLE_BYTES: usize = 8 << 20;

/// The searcher's solver, made at its first probe (a searcher that never leads by that much
/// never allocates its table), and the score its last search ended with.
#[derive(Default)]
pub struct MateProbe {
    solver: Mutex<Option<Solver>>,
    /// The last search's final score (side to move's view): a probe needs the lead to have
    /// held through a whole search already, so that a tactic that shows +1500 for an
    /// iteration or two in a sharp middle game never costs the move a quarter of its time.
    /// Measured: probing on the iteration's score alone lost −37 ± 53 Elo at 10 s + 0.1 s
    /// (149 games), with the same engine reaching +1500 in fewer games.
    last_score: AtomicI32,
}

/// What one search may spend on its probe; `None`: this search does not probe (a search
/// without a time or node budget, a level, several lines, `go mate`, or pondering).
pub(super) fn budget(
    limits: &super::Limits,
    soft: Option<Duration>,
    shared: &Shared,
) -> Option<mate::Limits> {
    let plain = limits.skill.is_none() && limits.multipv <= 1 && limits.mate.is_none();
    if !plain || limits.infinite || shared.pondering.load(Relaxed) {
        return None;
    }
    let time = soft.map(|s| {
        let left = shared
            .hard
            .unwrap_or(s)
            .saturating_sub(shared.clock_elapsed());
        (s / SHARE).min(left)
    });
    let nodes = shared.node_limit.map(|n| {
        let left = n.saturating_sub(shared.nodes.load(Relaxed));
        (n / SHARE as u64).min(left)
    });
    if time.is_none() && nodes.is_none() {
        return None;
    }
    // The first proof is played: its share of the move's time is all the probe has.
    Some(mate::Limits {
        time,
        nodes,
        any: true,
    })
}

impl MateProbe {
    /// Whether an iteration's result calls for a probe: chu, far ahead now and at the end of
    /// the previous search, and no mate found by the search itself. Not in dai dai: there
    /// a lead of +1500 is common long before the enemy royal can be reached, the solver
    /// seldom proves anything within a quarter of a 2 s + 0.02 s move on the 17×17 board,
    /// and the quarter cost the leading side its games (docs/mate.md, "In play").
    pub(super) fn wanted(&self, variant: Variant, depth: u32, root_score: i32) -> bool {
        variant == Variant::Chu
            && depth >= PROBE_DEPTH
            && root_score >= PROBE_SCORE
            && !score::is_mate(root_score)
            && self.last_score.load(Relaxed) >= PROBE_SCORE
    }

    /// Notes a search's final score for the next search's [`wanted`](Self::wanted).
    pub(super) fn remember(&self, final_score: i32) {
        self.last_score.store(final_score, Relaxed);
    }

    /// Whether a probe has run (its solver exists).
    #[cfg(test)]
    pub(super) fn has_probed(&self) -> bool {
        self.solver.lock().is_ok_and(|s| s.is_some())
    }

    /// Tries to prove a forced win from `pos` within `limits`; the winning line if proven and
    /// its first move is one the root may play. The solver's nodes count as the search's.
    pub(super) fn prove(
        &self,
        pos: &Position,
        limits: &mate::Limits,
        root_moves: &[Move],
        shared: &Shared,
    ) -> Option<Vec<Move>> {
        let mut slot = self.solver.lock().ok()?;
        let solver = slot.get_or_insert_with(|| Solver::new(TABLE_BYTES));
        let report = solver.solve(pos, limits, Some(&shared.stop), &mut |_| {});
        shared.nodes.fetch_add(report.nodes, Relaxed);
        log::debug!(
            "mate probe: {:?} after {} nodes in {:?}",
            report.verdict,
            report.nodes,
            report.elapsed
        );
        match report.verdict {
            Verdict::Mate(line) if line.first().is_some_and(|m| root_moves.contains(m)) => {
                Some(line)
            }
            _ => None,
        }
    }
}

/// The root score of a proven line of `plies` plies (the last one wins the game).
pub(super) fn proven_score(plies: usize) -> i32 {
    score::MATE - plies.min(score::MATE as usize - score::MATE_BOUND as usize) as i32
}
