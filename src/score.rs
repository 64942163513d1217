//! Score conventions: centipawn-like units from the side to move's view, and mate scores
//! counted in plies from the root so that shorter wins score higher. Shared by the evaluation
//! (which must stay inside the mate bound), the search, and the data and analysis built on
//! them; it depends on nothing, so neither of those layers has to reach into another for it.

/// Score of having captured the opponent's last royal at the root.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITE: i32 = 31_000;
/// A draw.
pub const DRAW: i32 = 0;

/// Score for the side to move having lost at `ply`.
pub fn mated_in(ply: i32) -> i32 {
    -MATE + ply
}

/// Whether a score is a forced win or loss.
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Mate distance from the node (stored in the table) instead of from the root.
pub fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// Inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// Moves to mate for protocol output (`mate N`): positive when the side to move wins.
pub fn mate_moves(score: i32) -> i32 {
    if score > 0 {
        (MATE - score + 1) / 2
    } else {
        -(MATE + score) / 2
    }
}
