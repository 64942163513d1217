//! The engine worker's entry points: the host hooks, then the engine's own protocol loop
//! (`shishi::protocol::Engine`) fed one line at a time.

use crate::buffers::take_text;
use crate::output::QueueWriter;
use shishi::platform::{self, Hooks};
use shishi::protocol::{Engine, Output};
use std::cell::RefCell;

thread_local! {
    /// The engine; it lives on the engine worker's thread only.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// Installs the host hooks and creates the engine (protocol chosen by the first command, as
/// the binary does). `parallelism` is the host's core count (`navigator.hardwareConcurrency`),
/// the most `Threads` the engine offers; `tls_size` and `tls_align` are the module's
/// `__tls_size` and `__tls_align`, which thread starts need (multi-threaded build).
#[unsafe(no_mangle)]
pub extern "C" fn shishi_start(parallelism: u32, tls_size: u32, tls_align: u32) {
    #[cfg(target_feature = "atomics")]
    crate::threads::set_tls_layout(tls_size as usize, tls_align as usize);
    #[cfg(not(target_feature = "atomics"))]
    let _ = (tls_size, tls_align);
    #[cfg(target_feature = "atomics")]
    let spawn: Option<platform::SpawnFn> = Some(crate::threads::spawn);
    #[cfg(not(target_feature = "atomics"))]
    let spawn: Option<platform::SpawnFn> = None;
    // A second call (the host never makes one) keeps the first hooks; the engine is new.
    let _ = platform::install(Hooks {
        now_ms: crate::host::now_ms,
        spawn,
        parallelism: parallelism.max(1) as usize,
    });
    let engine = Engine::new(None, Output::new(Box::new(QueueWriter)));
    ENGINE.with(|e| *e.borrow_mut() = Some(engine));
}

/// One input line (a buffer from `shishi_alloc`, taken over); 0 once the engine has quit.
///
/// # Safety
/// `ptr` must come from `shishi_alloc(len)` with `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shishi_line(ptr: *mut u8, len: usize) -> i32 {
    // SAFETY: the caller's contract.
    let text = unsafe { take_text(ptr, len) };
    with_engine(|e| e.line(&text))
}

/// Delivers finished searches' results; 1 while a search still runs.
#[unsafe(no_mangle)]
pub extern "C" fn shishi_poll() -> i32 {
    with_engine(|e| e.poll())
}

/// Runs `f` on the engine; 0 if there is none (not started, or quit).
pub(crate) fn with_engine(f: impl FnOnce(&mut Engine) -> bool) -> i32 {
    ENGINE.with(|e| e.borrow_mut().as_mut().map_or(0, |engine| f(engine) as i32))
}
