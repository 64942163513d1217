//! Shishi (獅子): an engine for the large shogi variants chu shogi and dai dai shogi.
//!
//! Layers, each knowing only the ones below it (docs/architecture.md): [`rules`] (pure game
//! logic) at the bottom; [`perft`], [`eval`] and [`search`] on it; [`protocol`] (USI, UCI,
//! XBoard text), [`matches`] (engine-vs-engine matches) and [`analysis`] (game analysis) at the
//! top. [`files_served`] (a regular file inside a folder, checked on the opened descriptor, for
//! `shishi web`) stands apart.

pub mod analysis;
pub mod datagen;
pub mod eval;
pub mod files;
pub mod files_served;
pub mod lines;
pub mod matches;
pub mod mate;
pub mod nnue;
pub mod perft;
pub mod platform;
pub mod protocol;
pub mod rules;
pub mod score;
pub mod search;
pub mod stdout;
pub mod train;

#[cfg(test)]
mod layering_tests;
#[cfg(test)]
mod testing;
