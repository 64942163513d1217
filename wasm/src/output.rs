//! The engine's output: one queue of bytes that every thread appends to (info lines come from
//! the search thread, `bestmove` from the engine thread) and that the engine worker drains, so
//! every line reaches the page in order through one path.
//!
//! In the single-threaded build the search runs inside the call that started it, so nothing
//! could drain the queue until the search ends: there each write also tells the host at once
//! (`flush_output` import), which drains it and posts the lines while the search goes on.

use std::io::Write;
use std::sync::Mutex;

static QUEUE: Mutex<Vec<u8>> = Mutex::new(Vec::new());
static DRAINED: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The writer handed to the engine's `Output`.
pub struct QueueWriter;

impl Write for QueueWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        QUEUE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        #[cfg(not(target_feature = "atomics"))]
        crate::host::flush_output();
        Ok(())
    }
}

/// Moves everything written so far into the drained buffer and returns its length; read it at
/// [`shishi_output_ptr`] before the next call.
#[unsafe(no_mangle)]
pub extern "C" fn shishi_output_take() -> usize {
    let mut queue = QUEUE.lock().unwrap_or_else(|e| e.into_inner());
    let mut drained = DRAINED.lock().unwrap_or_else(|e| e.into_inner());
    drained.clear();
    std::mem::swap(&mut *queue, &mut *drained);
    drained.len()
}

/// Where the bytes of the last [`shishi_output_take`] are.
#[unsafe(no_mangle)]
pub extern "C" fn shishi_output_ptr() -> *const u8 {
    DRAINED.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}
