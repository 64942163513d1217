//! Reading a move text against a position: any path with the same effect as a legal move
//! means that move (lishogi writes a lion's step through an empty square as a path, we store
//! the jump), and a text that matches no legal move is an error naming why.

use crate::rules::geometry::Square;
use crate::rules::movegen;
use crate::rules::moves::{Move, MoveText, MoveTextError};
use crate::rules::pieces::movement::Movement;
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

/// Whether a piece with `m`'s movement can walk `legs` from `from` within its lion power:
/// with full lion power, two king steps in all (a leg may be a jump over an empty square,
/// which counts as its two steps); with lion power along lines only (horned falcon, soaring
/// eagle: two squares; the lion dog family: three), legs forth and back along one line,
/// never past its reach, and no more steps in all than its reach. A path with the effect of a
/// legal move is still refused when the piece cannot walk it: a falcon's `4c4a4c` (four
/// steps) or an eagle's `4c3d4c` (off its lines) is not its pass.
fn walkable(m: &Movement, from: Square, legs: &[Square]) -> bool {
    let steps: Vec<(Square, Square)> = std::iter::once(from)
        .chain(legs.iter().copied())
        .zip(legs.iter().copied())
        .collect();
    let king_walk: usize = steps.iter().map(|&(a, b)| a.distance(b)).sum();
    if m.lion && king_walk <= 2 {
        return true;
    }
    m.lion_lines.iter().any(|line| {
        let reach = line.length as i32;
        // Position along the line, 0 at the origin, and the steps walked.
        let (mut at, mut walked) = (0i32, 0i32);
        steps.iter().all(|&(a, b)| {
            let Some(k) = (1..=reach)
                .flat_map(|k| [k, -k])
                .find(|&k| a.offset(k as i16 * line.delta) == b)
            else {
                return false;
            };
            at += k;
            walked += k.abs();
            (0..=reach).contains(&at) && walked <= reach
        })
    })
}

/// Whether walking `legs` from `from` has the effect of `mv` (with `mv`'s promotion).
pub(crate) fn same_effect(pos: &Position, from: Square, legs: &[Square], mv: Move) -> bool {
    effect(pos, from, legs, mv.promotes()) == effect(pos, mv.from(), &mv.legs(), mv.promotes())
}

impl Position {
    /// The legal move a text means. Multi-leg texts are accepted only for pieces with lion
    /// power, along paths the piece can walk ([`walkable`]), so that neither a slide nor a
    /// jump can be written as a path.
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
            let us = self.side_to_move();
            let steps_ok = legs[..legs.len() - 1]
                .iter()
                .all(|&l| l == from || self.piece_at(l).is_none_or(|p| p.color() != us));
            if !steps_ok || !walkable(m, from, legs) {
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
