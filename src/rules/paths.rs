//! The paths a player may walk to make each legal move of a piece with lion power, for boards
//! that take such a move square by square (docs/protocol.md, `movepaths`). The move list
//! writes each outcome once, in one canonical shape (a pass through the first empty
//! neighbour, a leap where the piece goes through an empty square); a player may walk it
//! through any square the piece can pass: a pass through any empty neighbour, a leap as two
//! steps in either order. A path here is a walk of single steps the piece's lion power
//! allows (two king steps for a lion; steps out and back along a lion line), through empty
//! squares, enemy pieces (captured) or back to its origin, whose effect (origin, destination,
//! captures) is that of a legal move.

use crate::rules::geometry::{Square, dir};
use crate::rules::moves::Move;
use crate::rules::notation::same_effect;
use crate::rules::position::Position;

impl Position {
    /// Each legal move of a piece with lion power (lion, lion lines) with every other path
    /// that makes it, each path as its squares from the origin; moves with no other path are
    /// left out.
    pub fn move_paths(&mut self) -> Vec<(Move, Vec<Vec<Square>>)> {
        let legal = self.game_moves();
        let mut out = Vec::new();
        let mut walks_from: Option<(Square, Vec<Vec<Square>>)> = None;
        for mv in legal {
            let from = mv.from();
            if walks_from.as_ref().is_none_or(|(sq, _)| *sq != from) {
                walks_from = Some((from, self.walks(from)));
            }
            let own: Vec<Square> = std::iter::once(from).chain(mv.legs()).collect();
            let paths: Vec<Vec<Square>> = walks_from.as_ref().map_or(Vec::new(), |(_, walks)| {
                walks
                    .iter()
                    .filter(|w| **w != own && same_effect(self, from, &w[1..], mv))
                    .cloned()
                    .collect()
            });
            if !paths.is_empty() {
                out.push((mv, paths));
            }
        }
        out
    }

    /// Every walk of the piece on `from` that its lion power allows, as squares from `from`:
    /// one or two king steps for full lion power; along each lion line, steps out and back
    /// within the line's length. Intermediate squares are empty or hold an enemy, and are
    /// neither the origin nor visited twice; the last square may be the origin (a pass or
    /// igui) or an earlier square (back along a line).
    fn walks(&self, from: Square) -> Vec<Vec<Square>> {
        let Some(piece) = self.piece_at(from) else {
            return Vec::new();
        };
        let movement = self.cat.movement(piece);
        let mut walks = Vec::new();
        if movement.lion {
            for d1 in dir::KING {
                let a = from.offset(d1);
                if !self.can_pass(from, a) {
                    continue;
                }
                walks.push(vec![from, a]);
                for d2 in dir::KING {
                    let b = a.offset(d2);
                    if b == from || self.can_land_on(from, b) {
                        walks.push(vec![from, a, b]);
                    }
                }
            }
        }
        for line in &movement.lion_lines {
            let length = i16::from(line.length);
            let mut walk = vec![from];
            self.line_walks(from, line.delta, 0, length, &mut walk, &mut walks);
        }
        walks.sort();
        walks.dedup();
        walks
    }

    /// Extends `walk` (now at step `at` of the line through `from` along `delta`) by one step
    /// out or back, recording each walk of at least one step.
    fn line_walks(
        &self,
        from: Square,
        delta: i16,
        at: i16,
        length: i16,
        walk: &mut Vec<Square>,
        walks: &mut Vec<Vec<Square>>,
    ) {
        if walk.len() > length as usize {
            return;
        }
        for next in [at + 1, at - 1] {
            // Back to the origin ends the walk; behind it is off the line.
            if next < 0 || next > length {
                continue;
            }
            let sq = Square(from.0.wrapping_add_signed(next * delta));
            let revisit = walk.contains(&sq);
            if next == 0 || revisit {
                if walk.len() >= 2 && (next == 0 || self.can_land_on(from, sq)) {
                    walk.push(sq);
                    walks.push(walk.clone());
                    walk.pop();
                }
                continue;
            }
            if !self.can_land_on(from, sq) {
                continue;
            }
            walk.push(sq);
            walks.push(walk.clone());
            if self.can_pass(from, sq) {
                self.line_walks(from, delta, next, length, walk, walks);
            }
            walk.pop();
        }
    }

    /// Whether the piece on `from` may stop on `sq`: on the board, empty or an enemy.
    fn can_land_on(&self, from: Square, sq: Square) -> bool {
        let side = self.variant().side();
        let us = self.piece_at(from).map(|p| p.color());
        sq.on_board(side) && self.piece_at(sq).is_none_or(|p| Some(p.color()) != us)
    }

    /// Whether the piece on `from` may step on through `sq` (empty or an enemy, captured).
    fn can_pass(&self, from: Square, sq: Square) -> bool {
        sq != from && self.can_land_on(from, sq)
    }
}
