//! The mate solver: proves that the side to move can capture the opponent's royals (or
//! otherwise win the game under the rule set in force) by checking on every move, whatever
//! the defence, or that it cannot. A layer of its own above the rules, beside the search:
//! `go mate` (USI), `shishi mate` and the tests drive it (docs/mate.md).
//!
//! What a proof means: the attacker's every move threatens to capture a royal next move (or
//! ends the game in its favour), the defender may answer with any legal move, and each line
//! ends with the attacker winning the game by the rules (the last royal captured; under chu
//! rule sets with a bare-king rule, the defender bared). A line that repeats a position is
//! never part of a proof. A disproof means no such forced win exists, as far as repetitions
//! found on one path allow (docs/mate.md, "Repetitions").

mod dfpn;
mod expand;
mod line;
pub mod problem;
mod table;
#[cfg(test)]
mod tests;
pub mod verify;

use crate::platform::Instant;
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use table::{INFINITE, Table};

/// When a solve gives up (both `None`: never, unless stopped).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A forced win, with the line the proof allows that ends soonest against the longest
    /// defence: the attacker's and defender's moves up to the winning move.
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
}

impl Solver {
    /// A solver whose table takes at most `hash_bytes` (aborts if the memory cannot be had:
    /// sizes from outside go through [`Solver::try_new`]).
    pub fn new(hash_bytes: usize) -> Solver {
        Solver {
            table: Table::new(hash_bytes),
        }
    }

    /// A solver whose table takes at most `hash_bytes`, or why that memory cannot be had.
    pub fn try_new(hash_bytes: usize) -> Result<Solver, String> {
        Ok(Solver {
            table: Table::try_new(hash_bytes)?,
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
        let mut search = dfpn::Dfpn::new(&mut self.table, attacker, budget, &mut tick);
        let (verdict, numbers) = match expand::status(&work, attacker) {
            expand::Status::Won(len) if len > 0 => {
                let l = line::extract(&mut search, &work);
                (verdict_of(l), table::Numbers::proven(len))
            }
            expand::Status::Won(_) | expand::Status::Lost => {
                (Verdict::NoMate, table::Numbers::disproven(false))
            }
            expand::Status::Open => {
                let n = search.solve(&mut work);
                let verdict = if n.is_proven() {
                    verdict_of(line::extract(&mut search, &work))
                } else if n.is_disproven() {
                    Verdict::NoMate
                } else {
                    Verdict::Unknown
                };
                (verdict, n)
            }
        };
        Report {
            verdict,
            nodes: search.nodes,
            elapsed: start.elapsed(),
            pn: numbers.pn,
            dn: numbers.dn,
            hashfull: self.table.permille_full(),
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
        let mut search = dfpn::Dfpn::new(&mut self.table, pos.side_to_move(), budget, &mut tick);
        line::attacker_move(&mut search, &mut pos.clone())
    }
}

/// A proven root whose line could not be rebuilt within the limits (the table lost part of
/// the proof and the budget ran out re-proving it) is reported as not found.
fn verdict_of(line: Option<Vec<Move>>) -> Verdict {
    line.map_or(Verdict::Unknown, Verdict::Mate)
}
