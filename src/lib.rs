//! Shishi (獅子): an engine for the large shogi variants chu shogi and dai dai shogi.
//!
//! Layers, each knowing only the ones below it: [`rules`] (pure game logic) and
//! [`perft`] on top of it.

pub mod eval;
pub mod matches;
pub mod perft;
pub mod protocol;
pub mod rules;
pub mod search;
