//! Every move made of more than one leg: the lion (and furious fiend), lion power along lines
//! (horned falcon, soaring eagle, lion dog, great elephant, furious fiend), and the hook
//! movers. Each outcome is emitted once, in the canonical shape described in
//! [`crate::rules::moves`]: a leg appears only where something is captured (and once for a
//! pass), so paths with the same effect collapse into one move.

use crate::rules::emitter::{Emitter, MoveSink};
use crate::rules::geometry::{STRIDE, Square, dir};
use crate::rules::pieces::Piece;
use crate::rules::pieces::movement::{Hook, LionLine};
use crate::rules::position::EMPTY;

/// The sixteen squares at king distance two.
const LION_LEAPS: [i16; 16] = [
    -2 * STRIDE - 2,
    -2 * STRIDE - 1,
    -2 * STRIDE,
    -2 * STRIDE + 1,
    -2 * STRIDE + 2,
    -STRIDE - 2,
    -STRIDE + 2,
    -2,
    2,
    STRIDE - 2,
    STRIDE + 2,
    2 * STRIDE - 2,
    2 * STRIDE - 1,
    2 * STRIDE,
    2 * STRIDE + 1,
    2 * STRIDE + 2,
];

/// Full lion power (chu.md §4.2, daidai.md §4.3): step, leap to distance two, and the double
/// step. A double step through an empty square equals a step or leap, so only double steps
/// whose first leg captures are new: igui (back to the origin) and capture-then-move-on.
/// All passes are one move, written via the first empty neighbour.
pub(crate) fn lion<S: MoveSink, const MODE: u8, const ROWS: usize>(
    e: &mut Emitter<S, MODE, ROWS>,
    piece: Piece,
    from: Square,
) {
    let promo = e.promo(piece, from);
    let mut pass_via = None;
    for d in dir::KING {
        let x = from.offset(d);
        let cx = e.cell(x);
        if cx == EMPTY {
            e.emit_one(piece, from, x, cx, promo);
            pass_via.get_or_insert(x);
        } else if e.is_enemy(cx) {
            e.emit_one(piece, from, x, cx, promo);
            e.emit(piece, from, &[x, from], promo);
            for d2 in dir::KING {
                let y = x.offset(d2);
                if y != from && e.can_land(e.cell(y)) {
                    e.emit(piece, from, &[x, y], promo);
                }
            }
        }
    }
    for d in LION_LEAPS {
        let y = from.offset(d);
        let cy = e.cell(y);
        if e.can_land(cy) {
            e.emit_one(piece, from, y, cy, promo);
        }
    }
    if let Some(x) = pass_via {
        e.emit(piece, from, &[x, from], promo);
    }
}

/// Lion power along straight lines of two squares (horned falcon forward, soaring eagle on
/// the forward diagonals) or three (lion dog, great elephant, furious fiend): the outcome
/// table of daidai.md §4.4, of which a two-square line has the first, third, fourth and last
/// rows. Outcomes that the piece's full lion power or its slide along the same line already
/// produces are left to them.
pub(crate) fn lion_lines<S: MoveSink, const MODE: u8, const ROWS: usize>(
    e: &mut Emitter<S, MODE, ROWS>,
    piece: Piece,
    from: Square,
    lines: &[LionLine],
) {
    let promo = e.promo(piece, from);
    let mut pass_via = None;
    for line in lines {
        let s1 = from.offset(line.delta);
        let s2 = s1.offset(line.delta);
        let (c1, c2) = (e.cell(s1), e.cell(s2));
        let (e1, e2) = (e.is_enemy(c1), e.is_enemy(c2));
        let land1 = c1 == EMPTY || e1;
        let land2 = c2 == EMPTY || e2;
        if !line.with_lion {
            if c1 == EMPTY {
                pass_via.get_or_insert(s1);
            }
            // s1: step (unless the slide makes it); igui.
            if land1 && line.slide_range == 0 {
                e.emit(piece, from, &[s1], promo);
            }
            if e1 {
                e.emit(piece, from, &[s1, from], promo);
            }
            // s2: jump (the slide makes it when s1 is empty); capture s1 then s2.
            if land2 && !(c1 == EMPTY && line.slide_range >= 2) {
                e.emit(piece, from, &[s2], promo);
            }
            if e1 && land2 {
                e.emit(piece, from, &[s1, s2], promo);
            }
        }
        if line.length < 3 {
            continue;
        }
        // Out to s2, capture it, back to s1.
        if e2 && land1 {
            if e1 {
                e.emit(piece, from, &[s1, s2, s1], promo);
            } else {
                e.emit(piece, from, &[s2, s1], promo);
            }
        }
        let s3 = s2.offset(line.delta);
        let c3 = e.cell(s3);
        if !(c3 == EMPTY || e.is_enemy(c3)) {
            continue;
        }
        if !(c1 == EMPTY && c2 == EMPTY && line.slide_range >= 3) {
            e.emit(piece, from, &[s3], promo);
        }
        if e2 {
            e.emit(piece, from, &[s2, s3], promo);
        }
        if e1 && land2 {
            if e2 {
                e.emit(piece, from, &[s1, s2, s3], promo);
            } else {
                e.emit(piece, from, &[s1, s3], promo);
            }
        }
    }
    if let Some(x) = pass_via {
        e.emit(piece, from, &[x, from], promo);
    }
}

/// Hook move (daidai.md §4.2): slide along a line, optionally turn 90° once on an empty
/// square and slide on. A square off the piece's lines is reachable by two L-shaped paths,
/// so destinations are de-duplicated with a bitset.
pub(crate) fn hook<S: MoveSink, const MODE: u8, const ROWS: usize>(
    e: &mut Emitter<S, MODE, ROWS>,
    piece: Piece,
    from: Square,
    hook: Hook,
) {
    let promo = e.promo(piece, from);
    let lines = hook.lines();
    let mut seen = [0u64; 8];
    let mut first = |sq: Square| {
        let (w, b) = (sq.index() / 64, sq.index() % 64);
        let new = seen[w] & (1 << b) == 0;
        seen[w] |= 1 << b;
        new
    };
    for (i, &d1) in lines.iter().enumerate() {
        let turns = [lines[(i + 1) % 4], lines[(i + 3) % 4]];
        let mut t = from;
        loop {
            t = t.offset(d1);
            let ct = e.cell(t);
            if !e.can_land(ct) {
                break;
            }
            e.emit(piece, from, &[t], promo);
            if ct != EMPTY {
                break;
            }
            for &d2 in &turns {
                let mut u = t;
                loop {
                    u = u.offset(d2);
                    let cu = e.cell(u);
                    if !e.can_land(cu) {
                        break;
                    }
                    if first(u) {
                        e.emit(piece, from, &[u], promo);
                    }
                    if cu != EMPTY {
                        break;
                    }
                }
            }
        }
    }
}
