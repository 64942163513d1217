//! Virtual features (`shishi train --factorise`), nnue-pytorch's "factorizer": while training,
//! every active piece-square feature also activates three coarser features it shares with
//! others — its piece kind on any square, its kind on its rank (counted from its side's own
//! chair), and its side's occupancy of its square — and at export each real feature's weights
//! become its own plus those of its three virtual features. The exported network is an
//! ordinary piece-square network of the same size, read and run exactly as any other; only the
//! fit differs. Why: on dai dai's 17×17 board most of the 64 kinds stand once per side, so a
//! piece-square weight sees a piece on its square in a few hundred positions of half a
//! million, while its kind's weight sees it in every one: a kind's worth, its advancement and
//! a square's importance are learned from all the data, and only what is particular to a
//! piece on one square is left to its own weight (docs/training.md, "Dai dai").

use crate::nnue::features;
use crate::rules::Variant;

/// Number of virtual features of `variant`: a kind factor per (side, kind), a rank factor
/// per (side, kind, rank) and a square factor per (side, square).
pub fn count(variant: Variant) -> usize {
    let (kinds, side) = (features::kinds(variant), variant.side());
    2 * kinds + 2 * kinds * side + 2 * side * side
}

/// The virtual features of the real feature `f`, numbered after the real ones (from
/// [`features::count`] on).
#[inline]
pub fn of(variant: Variant, f: u32) -> [u32; 3] {
    let (kinds, side) = (features::kinds(variant), variant.side());
    let squares = side * side;
    let f = f as usize;
    // A real feature is (theirs · kinds + kind) · squares + square ([`features::index`]).
    let (piece, square) = (f / squares, f % squares);
    let theirs = piece / kinds;
    let base = features::count(variant);
    let kind = base + piece;
    let rank = base + 2 * kinds + piece * side + square / side;
    let occupied = base + 2 * kinds + 2 * kinds * side + theirs * squares + square;
    [kind as u32, rank as u32, occupied as u32]
}
