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
                    let mut solver = Solver::new(hash_bytes);
                    let mut info = |p: &Progress| out.line(&info_line(p));
                    solver.solve(&pos, &limits, Some(&flag), &mut info)
                };
                let report = std::panic::catch_unwind(std::panic::AssertUnwindSafe(solve));
                done.store(true, Relaxed);
                match report {
                    Ok(report) => {
                        out.line(&final_info(&report));
                        out.line(&checkmate_line(&report.verdict));
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
