//! Chu's lion-versus-lion rules (chu.md §6) and the counter-strike rule, applied to every
//! generated move that captures a lion.

use crate::rules::attacks;
use crate::rules::geometry::Square;
use crate::rules::pieces::{Piece, Role};
use crate::rules::position::{EMPTY, OCCUPIED, Position};
use crate::rules::variant::RuleSet;

/// Whether `piece` moving from `from` over `legs` may make its captures, given that at
/// least one captured piece is a lion.
pub(crate) fn allowed(pos: &Position, piece: Piece, from: Square, legs: &[Square]) -> bool {
    let us = piece.color();
    let cat = pos.cat;
    let lion_at = |sq: Square| {
        sq != from
            && pos
                .piece_at(sq)
                .is_some_and(|p| p.color() != us && cat.is_lion(p))
    };
    if !cat.is_lion(piece) {
        // Counter-strike (rule 4): after a non-lion took a lion, non-lions may not take a
        // lion. lishogi's server (scalashogi) judges only the move's destination: a lion on
        // the square of that capture may be taken, and a horned falcon's or soaring eagle's
        // capture of a lion on its first step is allowed when the move ends elsewhere (igui,
        // or capture and continue). lishogi's browser library (shogiops) refuses the latter;
        // a move the server accepts must be playable, so Shishi follows the server
        // (docs/rules.md, "Counter-strike on lishogi").
        let to = legs[legs.len() - 1];
        return match (pos.lion_capture, pos.rules) {
            (None, _) => true,
            (Some(_), RuleSet::Seed) => false,
            (Some(sq), RuleSet::Lishogi) => !lion_at(to) || to == sq,
            // JCSA (chu-jcsa.md §2): only a lion that has a foot (a protector) is banned, and
            // every capture of it counts, a falcon's or eagle's first step included; the
            // lion on the square of the last capture (a kirin that promoted there) is not.
            (Some(sq), RuleSet::Jcsa) => legs
                .iter()
                .all(|&t| !lion_at(t) || t == sq || !has_foot(pos, piece, from, t)),
        };
    }
    for (i, &target) in legs.iter().enumerate() {
        if !lion_at(target) || target.distance(from) <= 1 || legs[..i].contains(&target) {
            continue; // rule 1: an adjacent lion may always be taken
        }
        // Rule 3: a protected lion at distance two only through a bridge, a first leg
        // capturing a piece that is not an (unpromoted) pawn or go-between.
        let bridge = i > 0
            && pos.piece_at(legs[0]).is_some_and(|p| {
                p.color() != us
                    && (p.promoted() || !matches!(cat.role(p), Role::Pawn | Role::GoBetween))
            });
        let protected = match pos.rules {
            RuleSet::Seed => protected_after(pos, piece, from, legs, target),
            RuleSet::Lishogi | RuleSet::Jcsa => {
                protected_before(pos, piece, from, &legs[..i], target)
            }
        };
        if !bridge && protected {
            return false; // rule 2 allows only an unprotected lion
        }
    }
    // JCSA: the counter-strike ban binds lions too, except on an adjacent lion (R-L1) and in
    // tsukegui (the first step takes a piece, the next one the lion). With protection judged
    // as for rule 2 this forbids nothing rule 2 allows; it is stated for the rule's sake.
    if pos.rules == RuleSet::Jcsa
        && let Some(sq) = pos.lion_capture
    {
        for (i, &target) in legs.iter().enumerate() {
            if !lion_at(target) || target == sq || target.distance(from) <= 1 {
                continue;
            }
            let tsukegui =
                i > 0 && legs[0] != from && pos.piece_at(legs[0]).is_some_and(|p| p.color() != us);
            if !tsukegui && has_foot(pos, piece, from, target) {
                return false;
            }
        }
    }
    true
}

/// JCSA's counter-strike ban (chu-jcsa.md §2): whether the lion on `target` has a foot, judged
/// before the move on the board with the capturing piece lifted from `from`.
fn has_foot(pos: &Position, piece: Piece, from: Square, target: Square) -> bool {
    protected_before(pos, piece, from, &[], target)
}

/// lishogi's reading (shogiops `moveDests`/`secondLionStepDests`): protection is judged before
/// the move on the board with the lion's origin and any first-leg square vacated, and every
/// enemy piece on the board counts, including one the first leg is about to capture.
fn protected_before(
    pos: &Position,
    piece: Piece,
    from: Square,
    earlier: &[Square],
    target: Square,
) -> bool {
    let mut board = pos.board;
    board[from.index()] = EMPTY;
    for &leg in earlier {
        board[leg.index()] = EMPTY;
    }
    let them = piece.color().flip();
    pos.pieces(them).iter().any(|&sq| {
        let p = Piece(pos.board[sq.index()] as u8);
        attacks::can_capture_on(pos.cat, &board, p, sq, target)
    })
}

/// Whether, after the move, some piece of the captured lion's side could capture on
/// `target`: protection is judged after the move, so protectors uncovered by the lion's
/// departure count and the captured pieces do not (chu.md §6).
fn protected_after(
    pos: &Position,
    piece: Piece,
    from: Square,
    legs: &[Square],
    target: Square,
) -> bool {
    let mut board = pos.board;
    board[from.index()] = EMPTY;
    for &leg in legs {
        if leg != from {
            board[leg.index()] = EMPTY;
        }
    }
    let to = legs[legs.len() - 1];
    board[to.index()] = OCCUPIED | piece.0 as u16;
    attacks::attacked_after(pos, &board, piece.color().flip(), target)
}
