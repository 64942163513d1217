//! When a move may, must or may not promote: chu's zone rules under each rule set, and dai
//! dai's promotion at the end of the first capturing move.

use crate::rules::geometry::Square;
use crate::rules::pieces::{Piece, Role};
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};

/// The promotion choices a move offers.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Choice {
    /// The move cannot promote.
    Never,
    /// Both the promoting and the non-promoting move exist.
    Optional,
    /// Only the promoting move exists.
    Forced,
}

/// Promotion choices for `piece` moving `from` → `to`, capturing something if `captures`.
#[inline]
pub fn choice(pos: &Position, piece: Piece, from: Square, to: Square, captures: bool) -> Choice {
    if !pos.cat.promotable(piece) {
        return Choice::Never;
    }
    match pos.variant {
        // daidai.md §5: promotion at the end of the first capturing move, mandatory.
        Variant::DaiDai => {
            if captures {
                Choice::Forced
            } else {
                Choice::Never
            }
        }
        Variant::Chu => chu_choice(pos, piece, from, to, captures),
    }
}

fn chu_choice(pos: &Position, piece: Piece, from: Square, to: Square, captures: bool) -> Choice {
    let us = piece.color();
    let v = pos.variant;
    let (in_from, in_to) = (v.in_zone(us, from), v.in_zone(us, to));
    let role = pos.cat.role(piece);
    let last = v.last_rank(us, to) && matches!(role, Role::Pawn | Role::Lance);
    match pos.rules {
        // chu.md §5.2.
        RuleSet::Seed => {
            if last {
                return Choice::Forced;
            }
            if !(in_from || in_to) {
                return Choice::Never;
            }
            if role == Role::Pawn {
                // A pawn that declined on entering waits for the last rank (handled above).
                return if in_to && !in_from {
                    Choice::Optional
                } else {
                    Choice::Never
                };
            }
            if pos.suspended[us.index()] == Some(from) && !captures {
                return Choice::Never;
            }
            Choice::Optional
        }
        // lishogi (shogiops): non-captures promote only on entering, captures when touching
        // the zone, pawn and lance may (never must) promote on the last rank.
        // JCSA: as lishogi, but the last-rank chance is the pawn's alone (R-P3); a lance that
        // gets there unpromoted is a dead piece (R-P4).
        RuleSet::Lishogi | RuleSet::Jcsa => {
            let last = last && (pos.rules == RuleSet::Lishogi || role == Role::Pawn);
            let allowed = if captures {
                in_from || in_to
            } else {
                in_to && !in_from
            };
            if allowed || last {
                Choice::Optional
            } else {
                Choice::Never
            }
        }
    }
}
