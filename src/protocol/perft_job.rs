//! `perft` typed into the protocol loop, counted in the background like a search, so that
//! the loop keeps answering `isready` and `stop` or `quit` end a count of any depth promptly.

use super::Output;
use crate::platform::{Instant, Task};
use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Writes a finished count's per-move rows and its time, or that it was stopped (`None`).
pub type Report = fn(&Output, Option<Vec<(Move, u64)>>, std::time::Duration);

/// A count in progress.
pub struct PerftJob {
    stop: Arc<AtomicBool>,
    task: Task<()>,
}

impl PerftJob {
    /// Starts counting `depth` plies below `pos` on `threads` threads.
    pub fn start(
        pos: &Position,
        depth: u32,
        threads: usize,
        out: Output,
        report: Report,
    ) -> PerftJob {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, pos) = (stop.clone(), pos.clone());
        let task = Task::start(
            "perft",
            move || {
                let start = Instant::now();
                let rows = crate::perft::divide_until(&pos, depth, threads, &flag);
                report(&out, rows, start.elapsed());
            },
            || (),
            || (),
        );
        PerftJob { stop, task }
    }

    /// Whether the count has ended.
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// Ends the count (reported as stopped unless it had finished) and waits for it.
    pub fn stop(self) {
        self.stop.store(true, Relaxed);
        self.task.wait();
    }
}
