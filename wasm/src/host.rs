//! What the JavaScript host supplies: a clock (wasm32-unknown-unknown has none), the output
//! notification of the single-threaded build, and thread starts in the multi-threaded one.

#[link(wasm_import_module = "shishi")]
unsafe extern "C" {
    /// Milliseconds since a fixed origin shared by all workers (`timeOrigin + now()`).
    #[link_name = "now_ms"]
    fn host_now_ms() -> f64;
    /// The output queue has new bytes: drain it now (single-threaded build only).
    #[cfg(not(target_feature = "atomics"))]
    #[link_name = "flush_output"]
    fn host_flush_output();
}

/// The host's clock.
pub fn now_ms() -> f64 {
    // SAFETY: a plain import without arguments.
    unsafe { host_now_ms() }
}

/// Asks the host to drain the output queue.
#[cfg(not(target_feature = "atomics"))]
pub fn flush_output() {
    // SAFETY: a plain import without arguments; it calls back into `shishi_output_*`, which
    // take their own locks (none is held here).
    unsafe { host_flush_output() }
}
