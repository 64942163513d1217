//! USI `go mate`: the proof-number mate solver run in the background like a search, so that
//! the loop keeps answering `isready` and `stop` ends it. Every `go mate` gets exactly one
//! `checkmate` line: the mate, `nomate`, or `timeout` when time ran out or `stop` came first.

use super::Output;
use crate::mate::{self, Limits, Progress, Report, Solver, Verdict};
use crate::platform::Task;
use crate::rules::Position;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A mate search in progress.
pub struct MateJob {
    stop: Arc<AtomicBool>,
    /// Set just before the answer is written: a command that follows the answer finds the
    /// job over (the task itself counts as finished only once its closure has returned).
    answered: Arc<AtomicBool>,
    task: Task<()>,
}

impl MateJob {
    /// Starts solving `pos` within `limits`, with a table of `hash_bytes`.
    pub fn start(pos: &Position, limits: Limits, hash_bytes: usize, out: Output) -> MateJob {
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let (flag, done, pos) = (stop.clone(), answered.clone(), pos.clone());
        let task = Task::start(
            "mate",
            move || {
                let solve = || {
                    let mut solver = match solver(hash_bytes) {
                        Ok((solver, None)) => solver,
                        Ok((solver, Some(e))) => {
                            out.line(&format!("info string error: go mate: {e}"));
                            solver
                        }
                        Err(e) => return Err(e),
                    };
                    let mut info = |p: &Progress| out.line(&info_line(p));
                    Ok(solver.solve(&pos, &limits, Some(&flag), &mut info))
                };
                let report = std::panic::catch_unwind(std::panic::AssertUnwindSafe(solve));
                done.store(true, Relaxed);
                match report {
                    Ok(Ok(report)) => {
                        out.line(&final_info(&report));
                        out.line(&checkmate_line(&report.verdict));
                    }
                    Ok(Err(e)) => {
                        out.line(&format!("info string error: go mate: {e}"));
                        out.line("checkmate timeout");
                    }
                    Err(_) => {
                        out.line("info string error: the mate solver failed");
                        out.line("checkmate timeout");
                    }
                }
            },
            || (),
            || (),
        );
        MateJob {
            stop,
            answered,
            task,
        }
    }

    /// Whether the search has answered (or is writing its answer).
    pub fn is_finished(&self) -> bool {
        self.answered.load(Relaxed)
    }

    /// Ends the search (answered `checkmate timeout` unless it had settled) and waits until
    /// its answer is written.
    pub fn stop(self) {
        self.stop.store(true, Relaxed);
        self.task.wait();
    }
}

/// Smallest table tried when the one asked for cannot be had.
const MIN_TABLE: usize = 1 << 20;

/// A solver with a table of `bytes`, or, when the allocator refuses that, of the largest of
/// its halves down to 1 MiB that it gives, with why the size asked for was not had; an error
/// when not even 1 MiB can be had.
fn solver(bytes: usize) -> Result<(Solver, Option<String>), String> {
    let first = match Solver::try_new(bytes) {
        Ok(s) => return Ok((s, None)),
        Err(e) => e,
    };
    let mut size = bytes / 2;
    while size >= MIN_TABLE {
        if let Ok(s) = Solver::try_new(size) {
            let why = format!("{first}; solving with {} MiB", size >> 20);
            return Ok((s, Some(why)));
        }
        size /= 2;
    }
    Err(format!("{first}; not even 1 MiB could be had, no search"))
}

/// Bytes of the `go mate` solver's table: `USI_Hash` (`hash_mb`) as the search's table has,
/// as far as the largest `USI_Hash` advertised (`max_mb`) leaves room beside that table, and
/// at least 1 MiB. So the two tables together never ask for more than the advertised
/// maximum (plus that 1 MiB): at the maximum, before, `go mate` asked for twice half the
/// machine.
pub fn table_bytes(hash_mb: usize, max_mb: usize) -> usize {
    (hash_mb.min(max_mb.saturating_sub(hash_mb)).max(1)).saturating_mul(1 << 20)
}

/// The answer to `go mate`.
pub fn checkmate_line(v: &Verdict) -> String {
    match v {
        Verdict::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|m| m.text()).collect();
            format!("checkmate {}", moves.join(" "))
        }
        Verdict::NoMate => "checkmate nomate".into(),
        Verdict::Unknown => "checkmate timeout".into(),
    }
}

fn numbers(pn: u32, dn: u32) -> String {
    let show = |x: u32| {
        if x >= mate::INFINITE {
            "inf".to_string()
        } else {
            x.to_string()
        }
    };
    format!("proof {} disproof {}", show(pn), show(dn))
}

/// A progress line: nodes, time, speed, table use, and the root's numbers as a string.
fn info_line(p: &Progress) -> String {
    let ms = p.elapsed.as_millis().max(1);
    format!(
        "info time {ms} nodes {} nps {} hashfull {} string {}",
        p.nodes,
        p.nodes as u128 * 1000 / ms,
        p.hashfull,
        numbers(p.pn, p.dn)
    )
}

/// The last progress line, written before the answer.
fn final_info(r: &Report) -> String {
    info_line(&Progress {
        nodes: r.nodes,
        elapsed: r.elapsed,
        pn: r.pn,
        dn: r.dn,
        hashfull: r.hashfull,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mate_table_and_the_search_table_stay_within_the_advertised_maximum() {
        const MB: usize = 1 << 20;
        assert_eq!(
            table_bytes(64, 8192),
            64 * MB,
            "the default: as the search's"
        );
        assert_eq!(
            table_bytes(3000, 5000),
            2000 * MB,
            "what the maximum leaves"
        );
        assert_eq!(
            table_bytes(8192, 8192),
            MB,
            "at the maximum: the 1 MiB floor"
        );
        assert_eq!(table_bytes(1, 1), MB);
        for max in [1, 2, 1000, 11_776, 32 << 10] {
            for hash in [1, 2, max / 3, max / 2, max - 1, max] {
                if hash == 0 || hash > max {
                    continue;
                }
                let total = hash * MB + table_bytes(hash, max);
                assert!(total <= max * MB + MB, "{hash} of {max}: {total}");
            }
        }
    }
}
