//! Reading a move text against a position: any path with the same effect as a legal move
//! means that move (lishogi writes a lion's step through an empty square as a path, we store
//! the jump), and a text that matches no legal move is an error naming why.

use crate::rules::geometry::Square;
use crate::rules::movegen;
use crate::rules::moves::{Move, MoveText, MoveTextError};
use crate::rules::position::Position;

/// Why a move text was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MoveError {
    /// Not move syntax.
    Text(MoveTextError),
    /// Well-formed but not a legal move here.
    Illegal(String),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Text(e) => e.fmt(f),
            MoveError::Illegal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for MoveError {}

/// The effect of a move: what the repetition of paths cannot change.
#[derive(Clone, Debug, Eq, PartialEq)]
struct Effect {
    from: Square,
    to: Square,
    captured: Vec<Square>,
    promote: bool,
}

fn effect(pos: &Position, from: Square, legs: &[Square], promote: bool) -> Effect {
    let us = pos.side_to_move();
    let mut captured: Vec<Square> = legs
        .iter()
        .copied()
        .filter(|&l| l != from && pos.piece_at(l).is_some_and(|p| p.color() != us))
        .collect();
    captured.sort_unstable();
    captured.dedup();
    Effect {
        from,
        to: legs[legs.len() - 1],
        captured,
        promote,
    }
}

/// Whether walking `legs` from `from` has the effect of `mv` (with `mv`'s promotion).
pub(crate) fn same_effect(pos: &Position, from: Square, legs: &[Square], mv: Move) -> bool {
    effect(pos, from, legs, mv.promotes()) == effect(pos, mv.from(), &mv.legs(), mv.promotes())
}

impl Position {
    /// The legal move a text means. Multi-leg texts are accepted only for pieces with lion
    /// power, and every leg must be a king step from the previous square or a capture, so
    /// that a slide cannot be written as a path.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let parsed = MoveText::parse(text, self.variant.side()).map_err(MoveError::Text)?;
        let from = parsed.squares[0];
        let legs = &parsed.squares[1..];
        let piece = self
            .piece_at(from)
            .filter(|p| p.color() == self.side_to_move())
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "illegal move {text}: no piece of the side to move on {from}"
                ))
            })?;
        if legs.len() > 1 {
            let m = self.cat.movement(piece);
            let lion_like = m.lion || !m.lion_lines.is_empty();
            let us = self.side_to_move();
            let steps_ok = legs[..legs.len() - 1]
                .iter()
                .all(|&l| l == from || self.piece_at(l).is_none_or(|p| p.color() != us));
            if !lion_like || !steps_ok {
                return Err(MoveError::Illegal(format!(
                    "illegal move {text}: that piece cannot move along this path"
                )));
            }
        }
        let wanted = effect(self, from, legs, parsed.promote);
        let mut moves = Vec::new();
        movegen::generate_from(self, from, &mut moves);
        moves
            .into_iter()
            .find(|m| effect(self, m.from(), &m.legs(), m.promotes()) == wanted)
            .ok_or_else(|| MoveError::Illegal(format!("illegal move {text}")))
    }
}
