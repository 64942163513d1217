//! Pure game logic for chu and dai dai shogi: no I/O, no threads, nothing about search.

pub mod attacks;
pub(crate) mod emitter;
pub mod geometry;
pub mod hodges;
pub mod lion_trading;
pub mod movegen;
pub mod moves;
pub mod multistep;
#[cfg(test)]
pub(crate) mod naive;
pub mod notation;
pub mod outcome;
pub mod parse_checks;
pub mod paths;
pub mod pieces;
pub mod position;
pub mod promotion;
pub mod reflect;
pub mod setup_check;
pub mod sfen;
pub mod variant;
pub mod zobrist;

pub use geometry::{Color, Square};
pub use moves::Move;
pub use position::Position;
pub use variant::{RuleSet, Variant};

#[cfg(test)]
mod tests;
