//! Zobrist keys computed by hashing instead of looked up in tables.
//!
//! Dai dai has 289 squares and 256 piece codes: a table would be 600 KB of cache traffic on
//! every move. A strong 64-bit mixer of (square, code) gives independent-looking keys for a
//! few cycles each, and the same keys for both games.

use crate::rules::geometry::{Color, Square};
use crate::rules::pieces::Piece;

/// SplitMix64 finaliser: a bijection on u64 with good avalanche.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece(sq: Square, piece: Piece) -> u64 {
    mix(((sq.0 as u64) << 8) | piece.0 as u64)
}

/// Key toggled when White is to move.
pub const WHITE_TO_MOVE: u64 = mix(1 << 40);

/// Key of the counter-strike square (chu: a lion was just taken there by a non-lion).
#[inline]
pub fn lion_capture(sq: Square) -> u64 {
    mix((2 << 40) | sq.0 as u64)
}

/// Key of a piece of `color` whose promotion is suspended (chu seed rules).
#[inline]
pub fn suspended(color: Color, sq: Square) -> u64 {
    mix((3 << 40) | ((color as u64) << 16) | sq.0 as u64)
}
