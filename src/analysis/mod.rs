//! `shishi analyse`: a game's positions searched one by one, the evaluation of every position
//! from Black's side, the engine's move and line, and a verdict on every played move
//! (docs/analysis.md). Sits above [`crate::search`] and uses only its public API.
//!
//! - [`game`]: the game from SFEN and moves or from a `shishi match` record, replayed;
//! - [`model`]: evaluations from Black's side, expected score, verdict thresholds;
//! - [`driver`]: one search per position, drops and verdicts;
//! - [`json`], [`text`], [`svg`]: the three outputs.

pub mod driver;
pub mod game;
pub mod json;
pub mod model;
pub mod moves_left;
pub mod svg;
pub mod text;

pub use driver::{Analysis, Budget, Settings, analyse};
pub use game::Game;
