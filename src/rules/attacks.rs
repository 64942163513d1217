//! Whether a piece could capture on a square: the question behind chu's "protected lion"
//! (chu.md §6) and, later, behind check detection in the search. Works on any board array so
//! that a position can be asked "after this move" without making it.

use crate::rules::geometry::Color;
use crate::rules::geometry::{CELLS, STRIDE, Square, dir};
use crate::rules::pieces::{Catalogue, Piece};
use crate::rules::position::{EMPTY, OCCUPIED, Position, WALL};

/// Piece on a cell of `board`, if any.
#[inline]
fn piece_on(board: &[u16; CELLS], sq: Square) -> Option<Piece> {
    let c = board[sq.index()];
    (c & OCCUPIED != 0 && c != WALL).then_some(Piece(c as u8))
}

/// Whether `piece` on `from` could capture an enemy piece standing on `target` on `board`
/// (the target's content is not inspected).
#[inline]
pub fn can_capture_on(
    cat: &Catalogue,
    board: &[u16; CELLS],
    piece: Piece,
    from: Square,
    target: Square,
) -> bool {
    let (df, dr) = from.cell_delta_to(target);
    let distance = df.abs().max(dr.abs());
    let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
    let limit = if aligned {
        cat.reach(piece)
    } else {
        cat.off_line_reach(piece)
    };
    if distance == 0 || distance > limit as i16 {
        return false;
    }
    walks_to(cat, board, piece, from, target, (df, dr), aligned)
}

/// [`can_capture_on`] once the target is known to be within the piece's reach: the walk
/// along its movement.
fn walks_to(
    cat: &Catalogue,
    board: &[u16; CELLS],
    piece: Piece,
    from: Square,
    target: Square,
    (df, dr): (i16, i16),
    aligned: bool,
) -> bool {
    let distance = df.abs().max(dr.abs());
    let m = cat.movement(piece);
    // Steps and leaps go at most three squares (the board padding), lion power two, lion
    // lines three.
    if distance <= 3 {
        let delta = target.0 as i16 - from.0 as i16;
        if m.jumps.contains(&delta) || (m.lion && distance <= 2) {
            return true;
        }
        for line in &m.lion_lines {
            let mut sq = from;
            for _ in 0..line.length {
                sq = sq.offset(line.delta);
                if sq == target {
                    return true;
                }
            }
        }
    }
    let slides_to = |d: i16, range: u8, start: Square| {
        // Only a line whose direction divides the distance can reach the target; walls stop
        // any walk that would wrap around the board edge.
        let delta = target.0 as i16 - start.0 as i16;
        if delta % d != 0 || delta / d <= 0 || delta / d > range as i16 {
            return false;
        }
        let mut sq = start;
        for _ in 0..range {
            sq = sq.offset(d);
            if sq == target {
                return true;
            }
            if board[sq.index()] != EMPTY {
                return false;
            }
        }
        false
    };
    // Slides run along king-step directions (the movement compiler makes no others): only
    // the one pointing at the target, if the target is on a line, can reach it.
    if aligned {
        let unit = dr.signum() * STRIDE + df.signum();
        if let Some(&(_, range)) = m.slides.iter().find(|s| s.0 == unit)
            && distance <= range as i16
        {
            let mut sq = from.offset(unit);
            while sq != target && board[sq.index()] == EMPTY {
                sq = sq.offset(unit);
            }
            if sq == target {
                return true;
            }
        }
    }
    if let Some(h) = m.hook {
        let lines = h.lines();
        for (i, &d1) in lines.iter().enumerate() {
            let mut t = from;
            loop {
                t = t.offset(d1);
                if t == target {
                    return true;
                }
                if board[t.index()] != EMPTY {
                    break;
                }
                let turns = [lines[(i + 1) % 4], lines[(i + 3) % 4]];
                if turns.iter().any(|&d2| slides_to(d2, u8::MAX, t)) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether a piece of `them` could capture on `target` in `pos` (check detection, asked at
/// every node of the search). Instead of testing every enemy piece: pieces within three
/// squares come from the occupancy rows; farther than three squares a piece captures only by
/// sliding (then it is the first piece on a line from the target) or by hooking.
pub fn attacked_in(pos: &Position, them: Color, target: Square) -> bool {
    let (cat, board) = (pos.catalogue(), &pos.board);
    let attacks =
        |sq: Square| piece_on(board, sq).is_some_and(|p| can_capture_on(cat, board, p, sq, target));
    attacked_beyond(pos, board, them, target, attacks)
}

/// [`attacked_in`] on `board`, `pos`'s board after a move of the other side that took
/// pieces and put its mover somewhere (chu's protected lion, judged after the move): `pos`'s
/// occupancy rows still list the taken pieces' squares, so the piece found on each is
/// checked to be one of `them`.
pub(crate) fn attacked_after(
    pos: &Position,
    board: &[u16; CELLS],
    them: Color,
    target: Square,
) -> bool {
    let cat = pos.catalogue();
    let attacks = |sq: Square| {
        piece_on(board, sq)
            .is_some_and(|p| p.color() == them && can_capture_on(cat, board, p, sq, target))
    };
    attacked_beyond(pos, board, them, target, attacks)
}

/// The search of [`attacked_in`] on `board`, with `attacks` asked of the squares of `pos`'s
/// occupancy rows within three squares of `target`.
#[inline]
fn attacked_beyond(
    pos: &Position,
    board: &[u16; CELLS],
    them: Color,
    target: Square,
    attacks: impl FnMut(Square) -> bool,
) -> bool {
    let cat = pos.catalogue();
    if pos.any_piece_within(them, target, 3, attacks) {
        return true;
    }
    for d in dir::KING {
        let mut sq = target.offset(d);
        let mut distance = 1;
        // Masked to the array (walls end every walk on the board): no bounds check per step.
        while board[sq.cell()] == EMPTY {
            sq = sq.offset(d);
            distance += 1;
        }
        if distance > 3
            && piece_on(board, sq)
                .is_some_and(|p| p.color() == them && can_capture_on(cat, board, p, sq, target))
        {
            return true;
        }
    }
    // The hook movers from their own occupancy rows (which may still list a square whose
    // piece `board` has taken, hence the colour and kind asked again).
    cat.has_hooks()
        && pos.any_hook(them, |sq| {
            sq.distance(target) > 3
                && piece_on(board, sq).is_some_and(|p| {
                    p.color() == them && cat.hooks(p) && can_capture_on(cat, board, p, sq, target)
                })
        })
}

/// Whether `mv` moves a piece that hooks, or one that becomes such a piece by promoting.
#[inline]
fn moves_a_hook(pos: &Position, mv: crate::rules::Move) -> bool {
    let cat = pos.catalogue();
    pos.piece_at(mv.from())
        .is_some_and(|p| cat.hooks(p) || mv.promotes() && cat.hooks(p.promote()))
}

/// Whether a square `mv` empties and does not land on again satisfies `on_line`: its origin,
/// and what a lion takes on the way. A one-leg move empties only its origin (what it takes
/// stood on `to`), so its captures are not listed.
#[inline]
fn empties_any(pos: &Position, mv: crate::rules::Move, on_line: impl Fn(Square) -> bool) -> bool {
    let to = mv.to();
    let opens = |sq: Square| sq != to && on_line(sq);
    opens(mv.from()) || (mv.leg_count() > 1 && pos.captures_of(mv).iter().any(|&(sq, _)| opens(sq)))
}

/// Whether after a move a piece could attack one royal, judged without making the move, for
/// many moves (the search's scan of the quiet moves it prunes for checks, the mate solver's
/// attacker moves): false only when the move lands off the royal's lines and farther than
/// three squares from it (steps, leaps and lion powers reach at most three; anything farther
/// attacks by sliding along a line) and every square it empties (its origin, what a lion
/// takes on the way) lies off those lines (nothing behind it is uncovered). Valid only where
/// the royal is not attacked before the move. Each square's mark says whether it lies on one
/// of the royal's lines (the royal's own square included) and whether within three squares
/// of it, so a move is asked two marks. Marked once per royal: a few dozen stores.
///
/// Where pieces hook round a corner (dai dai's hook movers), a hook mover of the side to move
/// attacks along one of its lines to a corner and on along one of the royal's. A move that
/// neither moves a hook mover nor empties a square of those lines (marked from the few hook
/// movers' squares, to the walls) cannot open such a path, so the marks answer there too and
/// only the hook movers' own moves are made and asked.
pub struct RoyalLines {
    royal: Square,
    marks: [u8; CELLS],
    /// Whether the game has hook movers: a moving one may attack from anywhere.
    hooks: bool,
}

/// A [`RoyalLines`] mark: on one of the royal's lines.
const LINE: u8 = 1;
/// A [`RoyalLines`] mark: within three squares of the royal.
const NEAR: u8 = 2;
/// A [`RoyalLines`] mark: on one of the lines a hook mover of the side to move slides along
/// before it turns.
const HOOK_LINE: u8 = 4;

impl RoyalLines {
    /// The marks of `royal`, a square of `pos`'s board, against the side to move. The box of
    /// radius three lies in the array (the padding is three squares wide; past the last file
    /// it runs on into the next rank's padding, which no move reaches); the lines run to the
    /// walls.
    pub fn new(pos: &Position, royal: Square) -> RoyalLines {
        let mut marks = [0; CELLS];
        let centre = royal.cell() as i16;
        for dr in -3..=3 {
            for df in -3..=3 {
                marks[(centre + dr * STRIDE + df) as usize & (CELLS - 1)] = NEAR;
            }
        }
        let mut mark_lines = |from: Square, dirs: &[i16], mark: u8| {
            for &d in dirs {
                let mut sq = from.offset(d);
                while pos.board[sq.cell()] != WALL {
                    marks[sq.cell()] |= mark;
                    sq = sq.offset(d);
                }
            }
        };
        mark_lines(royal, &dir::KING, LINE);
        let cat = pos.catalogue();
        let hooks = cat.has_hooks();
        if hooks {
            pos.any_hook(pos.side_to_move(), |sq| {
                if let Some(hook) = pos.piece_at(sq).and_then(|p| cat.movement(p).hook) {
                    mark_lines(sq, &hook.lines(), HOOK_LINE);
                }
                false
            });
        }
        marks[royal.cell()] |= LINE;
        RoyalLines {
            royal,
            marks,
            hooks,
        }
    }

    /// The royal's square.
    pub fn royal(&self) -> Square {
        self.royal
    }

    /// Whether after `mv` a piece of the side to move could attack the royal, from the marks;
    /// where pieces hook, also true for every move of a hook mover (or of a piece that
    /// promotes to one) and every move that empties a square on a hook mover's lines.
    #[inline]
    pub fn may_attack_after(&self, pos: &Position, mv: crate::rules::Move) -> bool {
        if self.hooks && moves_a_hook(pos, mv) {
            return true;
        }
        self.marks[mv.to().cell()] & (LINE | NEAR) != 0
            || empties_any(pos, mv, |sq| {
                self.marks[sq.cell()] & (LINE | HOOK_LINE) != 0
            })
    }
}
