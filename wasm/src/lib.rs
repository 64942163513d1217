//! Shishi compiled to WebAssembly (`wasm32-unknown-unknown`): plain `extern "C"` exports that
//! the hand-written loader in `web/src/` drives, over the engine's public API only. No rule,
//! search or protocol logic lives here: this crate moves bytes between JavaScript and the
//! engine, supplies a clock, and (in the multi-threaded build) turns thread starts into Workers.
//!
//! Two builds (web/build.sh): single-threaded, and with atomics on a shared imported memory,
//! where every thread is a Worker running this same module on the same memory (`threads`).

mod buffers;
mod engine;
mod host;
mod network;
mod output;
#[cfg(target_feature = "atomics")]
mod threads;
