//! The network's inputs: one feature per (perspective, piece, square). Each side sees the
//! board from its own chair: its pieces and the other side's are told apart, and the board is
//! turned half a circle for White, so one set of weights serves both sides and the side to
//! move's accumulator always comes first.

use crate::rules::{Color, Variant};

/// Width of each perspective's accumulator (the hidden layer).
pub const HIDDEN: usize = 32;

/// Piece kinds of `variant` as features count them: every base type, unpromoted and promoted.
pub fn kinds(variant: Variant) -> usize {
    variant.catalogue().bases * 2
}

/// Number of input features of `variant`.
pub fn count(variant: Variant) -> usize {
    let side = variant.side();
    2 * kinds(variant) * side * side
}

/// The feature of a piece (`code`, the board's piece byte) on (`file`, `rank`) seen from
/// `perspective`.
#[inline]
pub fn index(variant: Variant, perspective: Color, code: u8, file: usize, rank: usize) -> usize {
    let side = variant.side();
    let owner_is_white = code & 0x80 != 0;
    let theirs = usize::from(owner_is_white != (perspective == Color::White));
    let kind = usize::from(code & 0x3f) * 2 + usize::from(code & 0x40 != 0);
    let square = match perspective {
        Color::Black => rank * side + file,
        Color::White => (side - 1 - rank) * side + (side - 1 - file),
    };
    (theirs * kinds(variant) + kind) * side * side + square
}

/// The active features of `pos` from `perspective`, in board order.
pub fn active(pos: &crate::rules::Position, perspective: Color, out: &mut Vec<u32>) {
    out.clear();
    let variant = pos.variant();
    for c in [Color::Black, Color::White] {
        for &sq in pos.pieces(c) {
            let code = pos.board[sq.index()] as u8;
            out.push(index(variant, perspective, code, sq.file(), sq.rank()) as u32);
        }
    }
}
