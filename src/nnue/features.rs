//! The network's inputs: one feature per (perspective, piece, square). Each side sees the
//! board from its own chair: its pieces and the other side's are told apart, and the board is
//! turned half a circle for White, so one set of weights serves both sides and the side to
//! move's accumulator always comes first.

use crate::rules::{Color, Variant};

/// The widest hidden layer (each perspective's accumulator) this build runs: 64, or what the
/// environment variable `SHISHI_NNUE_HIDDEN` said when the engine was built (a multiple of 16
/// up to 1024, and at least the built-in networks' width, which `builtin` asserts;
/// docs/eval.md, "Width", measures wider networks with it). Each network file carries its own
/// width, read at run time ([`super::Network::hidden`]), so a 64-wide chu network and a
/// 32-wide dai dai one run in the same binary. The accumulators are nevertheless arrays of
/// this many lanes, of which a network uses its first `hidden`: the search keeps one per ply
/// and updates it at every move, and a fixed size keeps those slots free of allocation and
/// indirection. A larger maximum costs every search bigger slots, which is why it is not 1024.
pub const MAX_HIDDEN: usize = match option_env!("SHISHI_NNUE_HIDDEN") {
    Some(width) => parse_width(width),
    None => 64,
};

const fn parse_width(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut n, mut i) = (0, 0);
    assert!(!bytes.is_empty(), "SHISHI_NNUE_HIDDEN is empty");
    while i < bytes.len() {
        assert!(
            bytes[i].is_ascii_digit(),
            "SHISHI_NNUE_HIDDEN is not a number"
        );
        n = n * 10 + (bytes[i] - b'0') as usize;
        assert!(n <= 1024, "SHISHI_NNUE_HIDDEN is over 1024");
        i += 1;
    }
    assert!(
        n >= 16 && n.is_multiple_of(16),
        "SHISHI_NNUE_HIDDEN must be a multiple of 16"
    );
    n
}

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
/// `perspective`: [`piece_offset`] + [`square_offset`], which the evaluation's per-game
/// tables hold precomputed for the search's updates.
#[inline]
pub fn index(variant: Variant, perspective: Color, code: u8, file: usize, rank: usize) -> usize {
    piece_offset(variant, perspective, code) + square_offset(variant, perspective, file, rank)
}

/// The part of [`index`] that the piece decides: its block of one square per board cell.
pub fn piece_offset(variant: Variant, perspective: Color, code: u8) -> usize {
    let side = variant.side();
    let owner_is_white = code & 0x80 != 0;
    let theirs = usize::from(owner_is_white != (perspective == Color::White));
    let kind = usize::from(code & 0x3f) * 2 + usize::from(code & 0x40 != 0);
    (theirs * kinds(variant) + kind) * side * side
}

/// The part of [`index`] that the square decides: the board turned half a circle for White.
pub fn square_offset(variant: Variant, perspective: Color, file: usize, rank: usize) -> usize {
    let side = variant.side();
    match perspective {
        Color::Black => rank * side + file,
        Color::White => (side - 1 - rank) * side + (side - 1 - file),
    }
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
