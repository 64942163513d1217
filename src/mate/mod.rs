//! The mate solver: proves that the side to move can capture the opponent's royals (or
//! otherwise win the game under the rule set in force) by checking on every move, whatever
//! the defence, or that it cannot. A layer of its own above the rules, beside the search:
//! `go mate` (USI), `shishi mate` and the tests drive it (docs/mate.md).
//!
//! What a proof means: the attacker's every move threatens to capture a royal next move (or
//! ends the game in its favour), the defender may answer with any legal move, and each line
//! ends with the attacker winning the game by the rules (the last royal captured; under chu
//! rule sets with a bare-king rule, the defender bared). A line that repeats a position is
//! never part of a proof. A disproof means no such forced win exists (a repetition counts as
//! a loss for the attacker wherever it occurs; docs/mate.md, "Repetitions and the table").

mod dfpn;
mod expand;
mod line;
pub mod problem;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_history;
#[cfg(test)]
mod tests_shortest;
pub mod verify;

use crate::platform::Instant;
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use table::{INFINITE, Table};

use dfpn::UNBOUNDED;

/// When a solve gives up (both `None`: never, unless stopped), and whether it stops at the
/// first proof.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// Answer with the first proof's line (the verdict alone is wanted) instead of going on,
    /// within the same limits, to the shortest mate (docs/mate.md, "Shortest mates").
    pub any: bool,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A forced win, with the line of the shortest proof found (the shortest mate against the
    /// longest defence once [`Report::shortest`]): the attacker's and defender's moves up to
    /// the winning move.
    Mate(Vec<Move>),
    /// No forced win by checks (or the game is already over).
    NoMate,
    /// A limit was reached (or `stop` came) first.
    Unknown,
}

/// A solve's verdict and figures.
#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The root's proof and disproof numbers at the end.
    pub pn: u32,
    pub dn: u32,
    /// Per mille of the table in use.
    pub hashfull: u32,
    /// When the first proof came (a mate only): the verdict's cost, before the shortening.
    pub first: Option<First>,
    /// Whether the line is the shortest mate (no mate in two plies less exists): the
    /// shortening ended before the limits did.
    pub shortest: bool,
}

/// The first proof of a mate: time, nodes, and the plies of its line.
#[derive(Clone, Debug)]
pub struct First {
    pub elapsed: Duration,
    pub nodes: u64,
    pub plies: usize,
}

/// A solve in progress, reported about once a second.
#[derive(Clone, Debug)]
pub struct Progress {
    pub nodes: u64,
    pub elapsed: Duration,
    pub pn: u32,
    pub dn: u32,
    pub hashfull: u32,
}

/// A solver and its table (reused from problem to problem, cleared for each).
pub struct Solver {
    table: Table,
    /// Ply of the last problem solved ([`Position::ply`]): the positions the proof-tree
    /// check asks about lie below it.
    base: usize,
    /// The length of the last mate reported when it came from a bounded proof: the
    /// proof-tree check asks for that proof's moves.
    bound: Option<u16>,
}

impl Solver {
    /// A solver whose table takes at most `hash_bytes` (aborts if the memory cannot be had:
    /// sizes from outside go through [`Solver::try_new`]).
    pub fn new(hash_bytes: usize) -> Solver {
        Solver {
            table: Table::new(hash_bytes),
            base: 0,
            bound: None,
        }
    }

    /// A solver whose table takes at most `hash_bytes`, or why that memory cannot be had.
    pub fn try_new(hash_bytes: usize) -> Result<Solver, String> {
        Ok(Solver {
            table: Table::try_new(hash_bytes)?,
            base: 0,
            bound: None,
        })
    }

    /// Solves `pos` for its side to move. `stop` ends the solve early (answered `Unknown`
    /// unless the result was already settled); `progress` hears about it once a second.
    pub fn solve(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Report {
        self.table.clear();
        self.base = pos.ply();
        self.bound = None;
        let start = Instant::now();
        let attacker = pos.side_to_move();
        let mut work = pos.clone();
        let mut tick = |nodes: u64, elapsed: Duration, n: table::Numbers, table: &Table| {
            progress(&Progress {
                nodes,
                elapsed,
                pn: n.pn,
                dn: n.dn,
                hashfull: table.permille_full(),
            });
        };
        let budget = dfpn::Budget {
            deadline: limits.time,
            nodes: limits.nodes,
            stop,
        };
        let mut search = dfpn::Dfpn::new(&mut self.table, attacker, self.base, budget, &mut tick);
        let (mut verdict, numbers) = match expand::status(&work, attacker) {
            expand::Status::Won(len) if len > 0 => {
                let l = line::extract(&mut search, &work, UNBOUNDED);
                (verdict_of(l), table::Numbers::proven(len))
            }
            expand::Status::Won(_) | expand::Status::Lost => {
                (Verdict::NoMate, table::Numbers::disproven(table::SOLID))
            }
            expand::Status::Open => {
                let n = search.solve(&mut work, UNBOUNDED);
                let verdict = if n.is_proven() {
                    verdict_of(line::extract(&mut search, &work, UNBOUNDED))
                } else if n.is_disproven() {
                    Verdict::NoMate
                } else {
                    Verdict::Unknown
                };
                (verdict, n)
            }
        };
        let first = match &verdict {
            Verdict::Mate(line) => Some(First {
                elapsed: start.elapsed(),
                nodes: search.nodes,
                plies: line.len(),
            }),
            _ => None,
        };
        let mut shortest = false;
        if let Verdict::Mate(line) = &mut verdict
            && !limits.any
        {
            let (bound, done) = shorten(&mut search, &mut work, line);
            self.bound = bound;
            shortest = done;
        }
        Report {
            verdict,
            nodes: search.nodes,
            elapsed: start.elapsed(),
            pn: numbers.pn,
            dn: numbers.dn,
            hashfull: self.table.permille_full(),
            first,
            shortest,
        }
    }

    /// The attacker's move at `pos` (attacker to move, inside the last solve's proof) along
    /// its shortest proof; solved again if the table lost it. For the proof-tree check.
    pub fn proof_move(&mut self, pos: &Position, limits: &Limits) -> Option<Move> {
        let mut tick = |_: u64, _: Duration, _: table::Numbers, _: &Table| {};
        let budget = dfpn::Budget {
            deadline: limits.time,
            nodes: limits.nodes,
            stop: None,
        };
        // Repetitions of the moves between the problem and `pos` rest on the path: the
        // table, kept from check to check, must not hold them as disproofs.
        let base = self.base.min(pos.ply());
        // Below a bounded proof, its bound less the plies played since the problem.
        let left = self.bound.map_or(UNBOUNDED, |b| {
            let played = pos.ply().saturating_sub(self.base);
            b.saturating_sub(u16::try_from(played).unwrap_or(u16::MAX))
        });
        let mut search =
            dfpn::Dfpn::new(&mut self.table, pos.side_to_move(), base, budget, &mut tick);
        line::attacker_move(&mut search, &mut pos.clone(), left)
    }
}

/// The shortening: proves `root` again with a bound two plies below the line's length,
/// again and again, keeping each shorter line in `line`, until a bound is disproven (the
/// line is the shortest mate: `true`) or the limits end it. Returns the bound of the last
/// line (`None`: still the first proof's) and whether it is the shortest.
fn shorten(
    search: &mut dfpn::Dfpn,
    root: &mut Position,
    line: &mut Vec<Move>,
) -> (Option<u16>, bool) {
    let mut bound = None;
    loop {
        // Mates end on the attacker's move: two plies less is the next length possible.
        let Some(left) = line
            .len()
            .checked_sub(2)
            .and_then(|l| u16::try_from(l).ok())
        else {
            return (bound, true);
        };
        if left == 0 {
            return (bound, true);
        }
        let n = search.solve(root, left);
        if n.is_disproven() {
            return (bound, true);
        }
        if !n.is_proven() {
            return (bound, false);
        }
        match line::extract(search, root, left) {
            Some(shorter) if shorter.len() < line.len() => {
                *line = shorter;
                bound = Some(left);
            }
            _ => return (bound, false),
        }
    }
}

/// A proven root whose line could not be rebuilt within the limits (the table lost part of
/// the proof and the budget ran out re-proving it) is reported as not found.
fn verdict_of(line: Option<Vec<Move>>) -> Verdict {
    line.map_or(Verdict::Unknown, Verdict::Mate)
}
