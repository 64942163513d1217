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
    task: Task<()>,
}

impl MateJob {
    /// Starts solving `pos` within `limits`, with a table of `hash_bytes`.
    pub fn start(pos: &Position, limits: Limits, hash_bytes: usize, out: Output) -> MateJob {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, pos, answer) = (stop.clone(), pos.clone(), out.clone());
        // The answer is written by `done`, which runs once the task counts as finished: a
        // command that follows the answer at once finds the loop idle.
        let lines = Arc::new(std::sync::Mutex::new(Vec::new()));
        let written = lines.clone();
        let task = Task::start(
            "mate",
            move || {
                let mut solver = Solver::new(hash_bytes);
                let mut info = |p: &Progress| out.line(&info_line(p));
                let report = solver.solve(&pos, &limits, Some(&flag), &mut info);
                let mut l = written.lock().unwrap_or_else(|e| e.into_inner());
                l.push(final_info(&report));
                l.push(checkmate_line(&report.verdict));
            },
            || (),
            move || {
                let l = std::mem::take(&mut *lines.lock().unwrap_or_else(|e| e.into_inner()));
                if l.is_empty() {
                    answer.line("info string error: the mate solver failed");
                    answer.line("checkmate timeout");
                }
                for line in l {
                    answer.line(&line);
                }
            },
        );
        MateJob { stop, task }
    }

    /// Whether the search has answered.
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// Ends the search (answered `checkmate timeout` unless it had settled) and waits for
    /// its answer.
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
