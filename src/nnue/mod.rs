//! The learned part of the evaluation (docs/eval.md): a small efficiently updatable network
//! whose output is added to the hand-set evaluation as a correction, so that the German
//! material base and every term built on it stay, and the network learns what they miss.
//!
//! Which network judges a game is process-wide state: the built-in one ([`builtin`]) unless
//! the `EvalFile` option or `--eval-file` names another or none, read once per search (by
//! [`crate::eval::Accumulator::new`]) and never at a node. Networks are kept for the life of
//! the process (at most [`MAX_LOADED`] loaded from files), so every search may hold a plain
//! `&'static` reference without counting.

pub mod builtin;
pub mod features;
pub mod network;
pub mod simd;
#[cfg(test)]
mod tests;

pub use network::Network;

use crate::rules::Variant;
use std::sync::RwLock;

/// What judges one game.
#[derive(Clone, Copy)]
enum Choice {
    /// The built-in network ([`builtin::network`]), or the hand-set evaluation alone where
    /// the game has none.
    BuiltIn,
    /// The hand-set evaluation alone.
    Hand,
    /// A network loaded from a file.
    Loaded(&'static Network),
}

static ACTIVE: [RwLock<Choice>; 2] = [RwLock::new(Choice::BuiltIn), RwLock::new(Choice::BuiltIn)];

fn slot(variant: Variant) -> &'static RwLock<Choice> {
    &ACTIVE[match variant {
        Variant::Chu => 0,
        Variant::DaiDai => 1,
    }]
}

/// The network judging `variant` now (`None`: the hand-set evaluation alone).
pub fn active(variant: Variant) -> Option<&'static Network> {
    match *slot(variant).read().unwrap_or_else(|e| e.into_inner()) {
        Choice::BuiltIn => builtin::network(variant),
        Choice::Hand => None,
        Choice::Loaded(net) => Some(net),
    }
}

/// `variant` is about to be played, or judged: where it is to be judged by a built-in network
/// this build leaves out (the WebAssembly build leaves out both), the host is asked for the
/// file now ([`builtin::want`]), before a search needs it. The protocol front ends call this
/// when a game is chosen (`USI_Variant`), when `EvalFile` is set, and before a line that may
/// search or that asks whether the engine is ready (USI's `isready` and `go`, XBoard's
/// commands after the handshake: `protocol::Engine` then holds that line until the host has
/// answered). An engine that judges by the hand-set evaluation or a loaded file asks for
/// nothing: the web board's rules engine, which never evaluates and sets `EvalFile <empty>`
/// first, fetches no network.
pub fn prepare(variant: Variant) {
    if matches!(
        *slot(variant).read().unwrap_or_else(|e| e.into_inner()),
        Choice::BuiltIn
    ) {
        builtin::want(variant);
    }
}

/// Most distinct networks one process loads: each stays in memory for good (searches hold
/// plain references), so a GUI that sets `EvalFile` again and again cannot grow it without
/// bound. Loading a network already loaded reuses it.
pub const MAX_LOADED: usize = 8;

static LOADED: std::sync::Mutex<Vec<&'static Network>> = std::sync::Mutex::new(Vec::new());

/// Makes `net` judge its game from the next search on.
pub fn set_active(net: Network) -> Result<(), String> {
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    let kept = match loaded.iter().find(|&&n| *n == net) {
        Some(&n) => n,
        None if loaded.len() >= MAX_LOADED => {
            return Err(format!(
                "{MAX_LOADED} networks are loaded already: restart the engine to load another"
            ));
        }
        None => {
            let n: &'static Network = Box::leak(Box::new(net));
            loaded.push(n);
            n
        }
    };
    *slot(kept.variant)
        .write()
        .unwrap_or_else(|e| e.into_inner()) = Choice::Loaded(kept);
    Ok(())
}

/// Lets the hand-set evaluation judge `variant` alone from the next search on.
pub fn clear_active(variant: Variant) {
    *slot(variant).write().unwrap_or_else(|e| e.into_inner()) = Choice::Hand;
}

/// Returns `variant` to its built-in network from the next search on.
pub fn use_builtin(variant: Variant) {
    *slot(variant).write().unwrap_or_else(|e| e.into_inner()) = Choice::BuiltIn;
}

/// Largest network file read: a first layer of 1024 units over dai dai's features is well
/// under it; anything larger is refused before a byte is read (a sparse or endless file).
pub const MAX_FILE: u64 = 256 << 20;

/// Reads a network file and makes it judge its game; returns the network's game and hash.
pub fn load_file(path: &str) -> Result<(Variant, String), String> {
    let bytes = crate::files::read_bytes(std::path::Path::new(path), MAX_FILE)?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let (variant, hash) = (net.variant, net.hash());
    set_active(net)?;
    Ok((variant, hash))
}
