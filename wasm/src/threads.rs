//! Threads of the multi-threaded build: each is a Worker that instantiates this module on the
//! same shared memory, gets a stack and a thread-local block of its own, and calls
//! [`shishi_thread_main`] with the work to run.
//!
//! Stacks and thread-local blocks are allocated by the spawning thread (the new one has no
//! stack to run an allocator on) and are kept in a free list when a thread ends rather than
//! freed: a thread cannot free the stack it is still returning on, and the list stays as long
//! as the largest number of threads alive at once.

use std::alloc::{Layout, alloc};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Stack of every thread but the engine worker's (whose size is set at link time, build.rs):
/// what the engine gives its native threads.
const STACK_SIZE: usize = shishi::platform::STACK_BYTES;

#[link(wasm_import_module = "shishi")]
unsafe extern "C" {
    /// Starts a Worker that sets its stack pointer to `stack_top`, calls `__wasm_init_tls(tls)`
    /// and then [`shishi_thread_main`]`(work)`; non-zero if no Worker could be started.
    #[link_name = "spawn_thread"]
    fn host_spawn_thread(work: usize, stack_top: usize, tls: usize) -> i32;
}

/// What a new thread runs, with the memory it runs in.
pub struct Work {
    run: Box<dyn FnOnce() + Send + 'static>,
    memory: ThreadMemory,
}

#[derive(Clone, Copy)]
struct ThreadMemory {
    stack: usize,
    tls: usize,
}

static FREE: Mutex<Vec<ThreadMemory>> = Mutex::new(Vec::new());
static TLS_SIZE: AtomicUsize = AtomicUsize::new(0);
static TLS_ALIGN: AtomicUsize = AtomicUsize::new(1);

/// Records the module's thread-local block layout (`__tls_size`, `__tls_align`), which only
/// JavaScript can read; set once by the engine worker before any thread starts.
pub fn set_tls_layout(size: usize, align: usize) {
    TLS_SIZE.store(size, Ordering::Relaxed);
    TLS_ALIGN.store(align.max(1), Ordering::Relaxed);
}

fn thread_memory() -> Result<ThreadMemory, String> {
    if let Some(m) = FREE.lock().unwrap_or_else(|e| e.into_inner()).pop() {
        return Ok(m);
    }
    let stack = Layout::from_size_align(STACK_SIZE, 16).map_err(|e| e.to_string())?;
    let tls = Layout::from_size_align(
        TLS_SIZE.load(Ordering::Relaxed).max(1),
        TLS_ALIGN.load(Ordering::Relaxed),
    )
    .map_err(|e| e.to_string())?;
    // SAFETY: both layouts have a non-zero size.
    let (s, t) = unsafe { (alloc(stack), alloc(tls)) };
    if s.is_null() || t.is_null() {
        return Err("out of memory for a thread's stack".into());
    }
    Ok(ThreadMemory {
        stack: s as usize,
        tls: t as usize,
    })
}

/// Starts a thread running `run` (the engine's spawn hook).
pub fn spawn(run: Box<dyn FnOnce() + Send + 'static>) -> Result<(), String> {
    let memory = thread_memory()?;
    let work = Box::into_raw(Box::new(Work { run, memory }));
    let top = memory.stack + STACK_SIZE;
    // SAFETY: the host only passes `work` back to `shishi_thread_main` in the new Worker.
    let failed = unsafe { host_spawn_thread(work as usize, top, memory.tls) };
    if failed != 0 {
        // SAFETY: the host did not take `work`; it is still ours.
        let work = unsafe { Box::from_raw(work) };
        FREE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(work.memory);
        return Err("the host could not start a Worker".into());
    }
    Ok(())
}

/// Entry point of a new thread's Worker, once its stack and thread-local block are set.
///
/// # Safety
/// `work` must be the pointer given to the host by [`spawn`], passed here exactly once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shishi_thread_main(work: *mut Work) {
    // SAFETY: see the function's contract.
    let Work { run, memory } = *unsafe { Box::from_raw(work) };
    run();
    FREE.lock().unwrap_or_else(|e| e.into_inner()).push(memory);
}
