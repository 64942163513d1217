//! The two things the engine takes from its host: a clock and threads.
//!
//! Natively they come from the operating system. A WebAssembly host has neither
//! (`std::time::Instant::now()` panics on `wasm32-unknown-unknown` and `std::thread::spawn`
//! fails), so it installs [`Hooks`] once, before anything else runs: a millisecond clock and,
//! where it can start workers on shared memory, a way to start a thread. Everything in the
//! engine that reads the time or starts a thread goes through this module, which is why the
//! search and the protocol loop run unchanged in a browser worker.

use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

/// Starts a thread that runs the closure.
pub type SpawnFn = fn(Box<dyn FnOnce() + Send + 'static>) -> Result<(), String>;

/// What a host without an operating system provides.
#[derive(Copy, Clone)]
pub struct Hooks {
    /// Milliseconds since any fixed origin (`performance.now()`).
    pub now_ms: fn() -> f64,
    /// Starts a thread; `None`: the host has no threads, and the engine never creates one
    /// (searches then run to their end inside the call that started them).
    pub spawn: Option<SpawnFn>,
    /// How many threads run in parallel on the host (`navigator.hardwareConcurrency`).
    pub parallelism: usize,
}

static HOOKS: OnceLock<Hooks> = OnceLock::new();

/// Installs the host's hooks; only the first call counts, and it must come before the engine
/// reads the clock or starts a thread.
pub fn install(hooks: Hooks) -> Result<(), String> {
    HOOKS
        .set(hooks)
        .map_err(|_| "platform hooks are already installed".to_string())
}

/// Milliseconds since a fixed origin.
fn now_ms() -> f64 {
    match HOOKS.get() {
        Some(h) => (h.now_ms)(),
        None => {
            static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
            ORIGIN
                .get_or_init(std::time::Instant::now)
                .elapsed()
                .as_secs_f64()
                * 1000.0
        }
    }
}

/// A point in time on the host's clock (`std::time::Instant` where the host has none).
#[derive(Copy, Clone, Debug, PartialEq, PartialOrd)]
pub struct Instant(f64);

impl Instant {
    /// Now.
    pub fn now() -> Instant {
        Instant(now_ms())
    }

    /// Time since this instant (zero if the host clock went backwards).
    pub fn elapsed(&self) -> Duration {
        Duration::from_secs_f64(((now_ms() - self.0) / 1000.0).max(0.0))
    }
}

/// Whether the engine may start threads here.
pub fn has_threads() -> bool {
    HOOKS.get().is_none_or(|h| h.spawn.is_some())
}

/// Threads that run in parallel on this machine (1 where unknown or without threads).
pub fn parallelism() -> usize {
    match HOOKS.get() {
        Some(h) if h.spawn.is_some() => h.parallelism.max(1),
        Some(_) => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// Physical memory in bytes, where the host says (Linux); what a hash table may not exceed.
pub fn physical_memory() -> Option<u64> {
    if HOOKS.get().is_some() {
        return None;
    }
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Stack of a search thread: the recursion goes over a hundred plies deep with move lists on
/// the stack.
pub const STACK_BYTES: usize = 16 << 20;

/// Starts `f` on a new thread; `Err` where the host has none (the caller then runs it itself).
pub fn spawn(name: &str, f: Box<dyn FnOnce() + Send + 'static>) -> Result<(), String> {
    match HOOKS.get() {
        Some(Hooks { spawn: None, .. }) => Err("this host has no threads".into()),
        Some(Hooks { spawn: Some(s), .. }) => s(f),
        None => std::thread::Builder::new()
            .name(name.into())
            .stack_size(STACK_BYTES)
            .spawn(f)
            .map(|_| ())
            .map_err(|e| format!("cannot start thread {name}: {e}")),
    }
}

/// A rayon pool of `threads` threads started through [`spawn`].
pub fn thread_pool(threads: usize, name: &'static str) -> Result<rayon::ThreadPool, String> {
    if !has_threads() {
        return Err("this host has no threads".into());
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .spawn_handler(|thread| {
            spawn(name, Box::new(move || thread.run())).map_err(std::io::Error::other)
        })
        .build()
        .map_err(|e| e.to_string())
}

/// The result of work running on another thread (or already done, where there are none).
pub struct Task<T> {
    slot: Arc<(Mutex<Option<T>>, Condvar)>,
}

impl<T: Send + 'static> Task<T> {
    /// Runs `f` on a new thread, or right here when the host has no threads; `done` runs on
    /// that thread once the result can be taken (it tells the owner's event loop). A panic in
    /// `f` yields `fallback()` instead of leaving the owner waiting forever.
    pub fn start(
        name: &str,
        f: impl FnOnce() -> T + Send + 'static,
        fallback: fn() -> T,
        done: impl FnOnce() + Send + 'static,
    ) -> Task<T> {
        let slot = Arc::new((Mutex::new(None), Condvar::new()));
        let inner = slot.clone();
        let body = move || {
            let value = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
                .unwrap_or_else(|_| fallback());
            *inner.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
            inner.1.notify_all();
            done();
        };
        // The body sits in a cell the new thread empties, so that a host that cannot start
        // the thread leaves it behind for this thread to run: the owner always gets `done`.
        let cell = Arc::new(Mutex::new(Some(body)));
        let shared = cell.clone();
        let run_in_thread: Box<dyn FnOnce() + Send> = Box::new(move || {
            let body = shared.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(body) = body {
                body();
            }
        });
        if let Err(e) = spawn(name, run_in_thread) {
            if has_threads() {
                log::error!("{e}; running {name} on the calling thread");
            }
            let left = cell.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(body) = left {
                body();
            }
        }
        Task { slot }
    }

    /// Whether the result is there.
    pub fn is_finished(&self) -> bool {
        self.slot
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// Waits for the result.
    pub fn wait(self) -> T {
        let (lock, cv) = &*self.slot;
        let mut guard = lock.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(v) = guard.take() {
                return v;
            }
            guard = cv.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }
}
