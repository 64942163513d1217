//! The compact move: origin, up to three landing squares and a promotion flag in one `u64`.
//!
//! A move is identified by its effect (origin, final square, squares captured, promotion), and
//! the generator emits one canonical shape per effect: intermediate landing squares appear only
//! where something is captured, except that a pass is written as a step to an empty neighbour
//! and back. So "a step through an empty square" and "the jump" are the same move, every pass
//! of a piece is one move, and two moves are equal exactly when their effects are.
//! The text form is lishogi's USI style: the origin, then every landing square
//! (`7g7f`, `8g9g9h`, `7e7f7e`), then `+` for promotion.

use crate::rules::geometry::Square;
use arrayvec::ArrayVec;

/// A move of either game; fits in a transposition-table entry.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Move(u64);

const SQ_BITS: u32 = 9;
const SQ_MASK: u64 = (1 << SQ_BITS) - 1;
const COUNT_SHIFT: u32 = 4 * SQ_BITS;
const PROMOTE_BIT: u64 = 1 << (COUNT_SHIFT + 2);

impl Move {
    /// A move from `from` landing on `legs` in order (1 to 3 squares; the last is the
    /// destination), promoting if `promote`.
    #[inline]
    pub fn new(from: Square, legs: &[Square], promote: bool) -> Move {
        debug_assert!((1..=3).contains(&legs.len()));
        let mut bits = from.0 as u64;
        for (i, leg) in legs.iter().enumerate() {
            bits |= (leg.0 as u64) << (SQ_BITS * (i as u32 + 1));
        }
        bits |= (legs.len() as u64) << COUNT_SHIFT;
        if promote {
            bits |= PROMOTE_BIT;
        }
        Move(bits)
    }

    /// A one-leg move.
    #[inline]
    pub fn simple(from: Square, to: Square) -> Move {
        Move(from.0 as u64 | (to.0 as u64) << SQ_BITS | 1 << COUNT_SHIFT)
    }

    /// The raw bits, for storage in a table.
    pub fn to_bits(self) -> u64 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_bits`].
    pub fn from_bits(bits: u64) -> Move {
        Move(bits)
    }

    /// The square the piece starts from.
    #[inline]
    pub fn from(self) -> Square {
        Square((self.0 & SQ_MASK) as u16)
    }

    /// Number of landing squares (1 to 3).
    #[inline]
    pub fn leg_count(self) -> usize {
        ((self.0 >> COUNT_SHIFT) & 3) as usize
    }

    /// Landing square `i` (0-based).
    #[inline]
    pub fn leg(self, i: usize) -> Square {
        Square(((self.0 >> (SQ_BITS * (i as u32 + 1))) & SQ_MASK) as u16)
    }

    /// The landing squares in order.
    pub fn legs(self) -> ArrayVec<Square, 3> {
        (0..self.leg_count()).map(|i| self.leg(i)).collect()
    }

    /// The square the piece ends on (its origin for igui and passes).
    #[inline]
    pub fn to(self) -> Square {
        self.leg(self.leg_count() - 1)
    }

    /// Whether the piece promotes at the end of the move.
    #[inline]
    pub fn promotes(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    /// The same move with promotion (the generator builds a move once and adds the flag).
    #[inline]
    pub(crate) fn with_promotion(self) -> Move {
        Move(self.0 | PROMOTE_BIT)
    }

    /// USI text in lishogi's style.
    pub fn text(self) -> String {
        let mut s = self.from().name();
        for leg in self.legs() {
            s.push_str(&leg.name());
        }
        if self.promotes() {
            s.push('+');
        }
        s
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// A move as written: the squares it names and whether it ends with `+`. Which legal move it
/// means is decided by the position (see `Position::parse_move`), since one effect can be
/// written along several paths.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct MoveText {
    /// The origin followed by every landing square (2 to 4 squares).
    pub squares: ArrayVec<Square, 4>,
    /// A trailing `+`.
    pub promote: bool,
}

/// Why a move text could not be read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MoveTextError {
    /// Characters that are not squares.
    Syntax(String),
    /// Fewer than two or more than four squares.
    Length(String),
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveTextError::Syntax(t) => {
                write!(f, "'{t}' is not a move (expected squares like 7g7f)")
            }
            MoveTextError::Length(t) => write!(f, "'{t}' names too few or too many squares"),
        }
    }
}

impl MoveText {
    /// Reads a move in USI style for a board of `side` squares.
    pub fn parse(text: &str, side: usize) -> Result<MoveText, MoveTextError> {
        let (body, promote) = match text.strip_suffix('+') {
            Some(b) => (b, true),
            None => (text, false),
        };
        let mut squares = ArrayVec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let (sq, len) = Square::parse_prefix(rest, side)
                .ok_or_else(|| MoveTextError::Syntax(text.chars().take(40).collect()))?;
            if squares.try_push(sq).is_err() {
                return Err(MoveTextError::Length(text.chars().take(40).collect()));
            }
            rest = &rest[len..];
        }
        if squares.len() < 2 {
            return Err(MoveTextError::Length(text.chars().take(40).collect()));
        }
        Ok(MoveText { squares, promote })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let a = Square::new(16, 16);
        let b = Square::new(0, 0);
        let c = Square::new(5, 9);
        let m = Move::new(a, &[b, c, b], true);
        assert_eq!(m.from(), a);
        assert_eq!(m.legs().as_slice(), &[b, c, b]);
        assert_eq!(m.to(), b);
        assert!(m.promotes());
        assert_eq!(Move::from_bits(m.to_bits()), m);
        let s = Move::simple(c, a);
        assert_eq!(s.leg_count(), 1);
        assert!(!s.promotes());
    }

    #[test]
    fn text_round_trips() {
        for text in [
            "7g7f",
            "8g9g9h",
            "7e7f7e",
            "12a11b+",
            "17q16p15o14n",
            "1a2b",
        ] {
            let parsed = MoveText::parse(text, 17).unwrap();
            let legs: Vec<Square> = parsed.squares[1..].to_vec();
            let m = Move::new(parsed.squares[0], &legs, parsed.promote);
            assert_eq!(m.text(), text);
        }
    }

    #[test]
    fn bad_text_is_rejected() {
        for text in [
            "",
            "7g",
            "7g7",
            "7g7f7e7d7c",
            "13a1a",
            "7g7m",
            "x",
            "7g+7f",
            "07g7f",
            "7g7f++",
        ] {
            assert!(MoveText::parse(text, 12).is_err(), "{text}");
        }
    }
}
