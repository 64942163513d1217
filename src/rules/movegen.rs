//! Move generation from the compiled tables: steps, leaps and slides here, multi-step powers
//! in [`crate::rules::multistep`]. Every move goes through [`crate::rules::emitter`], the one
//! place where chu's lion-trading rules filter captures and promotion choices are expanded.
//!
//! The list is complete under our legality convention (docs/perft.md): moving into check is
//! legal, and a side with no royal piece left has no moves.

use crate::rules::emitter::{
    ALL, CAPTURES, Counter, Emitter, Finder, MoveSink, Promo, QUIETS, enters_zone_quietly,
};
use crate::rules::geometry::{MAX_SIDE, Square};
use crate::rules::moves::Move;
use crate::rules::multistep;
#[cfg(doc)]
use crate::rules::pieces::Catalogue;
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, Position};
use crate::rules::variant::Variant;

/// Appends every legal move of the side to move to `out`.
pub fn generate(pos: &Position, out: &mut Vec<Move>) {
    generate_into::<_, ALL>(pos, out);
}

/// The number of moves [`generate`] would produce, without building them (perft's bulk
/// count at the last ply).
pub fn count(pos: &Position) -> usize {
    let mut counter = Counter::default();
    generate_into::<_, ALL>(pos, &mut counter);
    counter.0
}

/// Every piece of the side to move, in piece-list order.
fn generate_into<S: MoveSink, const MODE: u8>(pos: &Position, out: &mut S) {
    generate_in_order::<S, MODE>(pos, pos.pieces(pos.side), out);
}

/// The moves of `pieces` (of the side to move), in that order.
fn generate_in_order<S: MoveSink, const MODE: u8>(pos: &Position, pieces: &[Square], out: &mut S) {
    let us = pos.side;
    if pos.royals[us.index()] == 0 {
        return;
    }
    let mut e = Emitter::<S, MODE>::new(pos, out);
    for &from in pieces {
        let piece = Piece(pos.board[from.cell()] as u8);
        generate_piece(&mut e, piece, from);
    }
}

/// Appends the legal moves of the side to move that capture something (the quiescence
/// search's moves): the moves [`generate`] keeps after filtering, piece by piece in board order
/// (rank by rank). Visits only the pieces that reach far and those with an enemy within
/// their reach (one, two or three king steps: [`Catalogue::reach_class`]).
pub fn generate_captures(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    if pos.royals[us.index()] == 0 {
        return;
    }
    let candidates = match pos.variant {
        Variant::Chu => capture_candidates::<{ Variant::Chu.side() }>(pos),
        Variant::DaiDai => capture_candidates::<{ Variant::DaiDai.side() }>(pos),
    };
    let mut e = Emitter::<_, CAPTURES>::new(pos, out);
    for_each_square(
        pos.variant.side(),
        |r| candidates[r],
        |from| {
            let piece = Piece(pos.board[from.index()] as u8);
            generate_piece(&mut e, piece, from);
        },
    );
}

/// Per rank, the pieces [`generate_captures`] visits, on a board of side `N`.
#[inline]
fn capture_candidates<const N: usize>(pos: &Position) -> [u32; MAX_SIDE] {
    let enemies = pos.proximity::<N>(pos.side.flip());
    let by_reach = pos.reach_rows(pos.side);
    let mut candidates = [0; MAX_SIDE];
    for (r, c) in candidates[..N].iter_mut().enumerate() {
        *c = by_reach[0][r] & enemies.row(1, r)
            | by_reach[1][r] & enemies.row(2, r)
            | by_reach[2][r] & enemies.row(3, r)
            | by_reach[3][r];
    }
    candidates
}

/// Appends the legal moves of the side to move that capture nothing (promotions included):
/// with [`generate_captures`], the moves of [`generate`], for a search that tries captures
/// before it pays for generating the rest.
pub fn generate_quiets(pos: &Position, out: &mut Vec<Move>) {
    generate_into::<_, QUIETS>(pos, out);
}

/// [`generate_quiets`] with the pieces visited in the order of `pieces`, the side to move's
/// piece list as it stood earlier: making and taking back moves keeps the set of pieces but
/// not their order, and the list's order is the search's tie-break between equal keys.
pub fn generate_quiets_in_order(pos: &Position, pieces: &[Square], out: &mut Vec<Move>) {
    debug_assert!(pieces.len() == pos.pieces(pos.side).len());
    generate_in_order::<_, QUIETS>(pos, pieces, out);
}

/// Whether a move of [`generate_quiets`] promotes: the quiet moves a search tries first.
/// Only chu promotes without capturing (in dai dai promotion comes with a capture); only the
/// pieces within reach of the zone are visited, and of those outside it, only the rays that
/// head for the zone are walked, up to the first that enters it.
pub fn has_quiet_promotion(pos: &Position) -> bool {
    let us = pos.side;
    if pos.royals[us.index()] == 0 || pos.variant != Variant::Chu {
        return false;
    }
    let mut promotes = AnyPromotion(false);
    let mut e = Emitter::<_, QUIETS>::new(pos, &mut promotes);
    for &from in pos.pieces(us) {
        let piece = Piece(pos.board[from.cell()] as u8);
        let promo = e.promo(piece, from);
        if promo == Promo::Never {
            continue;
        }
        let m = pos.cat.movement(piece);
        let found = if promo == Promo::Entering && !m.multistep {
            enters_zone_quietly(pos, from, &m.rays[..m.ray_count as usize])
        } else {
            generate_piece(&mut e, piece, from);
            e.out.0
        };
        if found {
            return true;
        }
    }
    false
}

/// Notes whether any move it is given promotes.
struct AnyPromotion(bool);

impl MoveSink for AnyPromotion {
    #[inline]
    fn add(&mut self, mv: Move) {
        self.0 |= mv.promotes();
    }
}

/// Whether `a` comes before `b` in [`generate_quiets`]'s list, both being moves it gives:
/// the pieces come in piece-list order, and one piece's moves in the order
/// [`generate_from`] gives them.
pub fn generated_before(pos: &Position, a: Move, b: Move) -> bool {
    if a.from() != b.from() {
        let pieces = pos.pieces(pos.side);
        let index = |sq: Square| pieces.iter().position(|&s| s == sq);
        return index(a.from()) < index(b.from());
    }
    let mut moves = Vec::new();
    generate_from(pos, a.from(), &mut moves);
    let index = |mv: Move| moves.iter().position(|&m| m == mv);
    index(a) < index(b)
}

/// Calls `visit` for each square whose bit is set in `row(rank)`, rank by rank, files in
/// increasing order.
#[inline]
fn for_each_square(side: usize, row: impl Fn(usize) -> u32, mut visit: impl FnMut(Square)) {
    for rank in 0..side {
        let mut bits = row(rank);
        while bits != 0 {
            let file = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            visit(Square::new(file, rank));
        }
    }
}

/// Appends the moves of the piece on `from` (which must belong to the side to move).
pub fn generate_from(pos: &Position, from: Square, out: &mut Vec<Move>) {
    generate_from_into(pos, from, out);
}

/// Whether [`generate_from`] gives `mv` from its origin: the search's test of a move from
/// the table, which may be another position's (after a key collision). The moves are
/// compared as they come, none kept.
pub fn generates(pos: &Position, mv: Move) -> bool {
    let mut finder = Finder::new(mv);
    generate_from_into(pos, mv.from(), &mut finder);
    finder.found()
}

fn generate_from_into<S: MoveSink>(pos: &Position, from: Square, out: &mut S) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    if piece.color() != pos.side || pos.royals[pos.side.index()] == 0 {
        return;
    }
    let mut e = Emitter::<_, ALL, 1>::for_square(pos, out, from);
    generate_piece(&mut e, piece, from);
}

fn generate_piece<S: MoveSink, const MODE: u8, const ROWS: usize>(
    e: &mut Emitter<S, MODE, ROWS>,
    piece: Piece,
    from: Square,
) {
    let m = e.pos.cat.movement(piece);
    if MODE == CAPTURES {
        // Most pieces visited here are sliders walled in by their own side: a piece whose
        // every move begins next to it, on squares that all hold its own pieces or walls, is
        // done before its movement is read.
        let blocked = e.blocked_box(from);
        if e.pos.cat.move_starts(piece) & !blocked == 0 {
            return;
        }
        // Only enemy-occupied landing squares matter: no emitter call for the rest. Steps and
        // leaps are the rays of range 1, walked in the one loop with the slides; a ray whose
        // first square holds a friendly piece or a wall is skipped without reading the board.
        // The promotion rule is found per capture: most pieces visited here capture nothing.
        let mut open = m.far_rays;
        let mut open_box = !blocked & m.box_mask;
        while open_box != 0 {
            open |= m.box_rays[open_box.trailing_zeros() as usize & 15];
            open_box &= open_box - 1;
        }
        while open != 0 {
            let (d, range) = m.rays[open.trailing_zeros() as usize];
            open &= open - 1;
            let mut to = from.offset(d);
            let mut left = range;
            while left > 1 && e.cell(to) == EMPTY {
                to = to.offset(d);
                left -= 1;
            }
            let c = e.cell(to);
            if e.is_enemy(c) {
                let promo = e.promo(piece, from);
                e.emit_capture(piece, from, to, c, promo);
            }
        }
    } else {
        // Steps and leaps are rays of range 1. A ray whose first square holds a friendly
        // piece or a wall is skipped without reading the board, and a piece walled in on
        // every square where a move begins before its movement is read.
        let blocked = e.blocked_box(from);
        if e.pos.cat.move_starts(piece) & !blocked == 0 {
            return;
        }
        let mut open_box = !blocked & m.box_mask;
        let mut open = m.far_rays;
        while open_box != 0 {
            open |= m.box_rays[open_box.trailing_zeros() as usize & 15];
            open_box &= open_box - 1;
        }
        if open == 0 && !m.multistep {
            return; // most pieces of a crowded board
        }
        let promo = e.promo(piece, from);
        while open != 0 {
            let (d, range) = m.rays[open.trailing_zeros() as usize];
            open &= open - 1;
            let mut to = from.offset(d);
            let mut left = range;
            loop {
                let c = e.cell(to);
                if c != EMPTY {
                    if e.is_enemy(c) {
                        e.emit_capture(piece, from, to, c, promo);
                    }
                    break;
                }
                e.emit_quiet(piece, from, to, promo);
                left -= 1;
                if left == 0 {
                    break;
                }
                to = to.offset(d);
            }
        }
    }

    if !m.multistep {
        return;
    }
    if m.lion {
        multistep::lion(e, piece, from);
    }
    if !m.lion_lines.is_empty() {
        multistep::lion_lines(e, piece, from, &m.lion_lines);
    }
    if let Some(hook) = m.hook {
        multistep::hook(e, piece, from, hook);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::suite::parse_suite;

    /// The list in a fixed order (the generators visit the pieces in different orders).
    fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
        moves.sort_by_key(|m| m.text());
        moves
    }

    /// Capture generation against full generation, and the bulk count against the list's
    /// length, on the positions of random games.
    #[test]
    fn capture_and_quiet_generation_split_full_generation_in_random_games() {
        use crate::rules::{RuleSet, Variant};
        let mut rng = crate::testing::Rng(0x0c0f_fee0_5eed_0001);
        let (mut checked, mut promoting) = (0, 0);
        for (variant, rules, games) in [
            (Variant::Chu, RuleSet::Seed, 12),
            (Variant::Chu, RuleSet::Lishogi, 6),
            (Variant::Chu, RuleSet::Jcsa, 4),
            (Variant::DaiDai, RuleSet::Seed, 6),
        ] {
            for _ in 0..games {
                let mut pos = Position::start(variant, rules);
                for _ in 0..300 {
                    let (mut all, mut caps) = (Vec::new(), Vec::new());
                    generate(&pos, &mut all);
                    assert_eq!(count(&pos), all.len(), "{}", pos.to_sfen());
                    generate_captures(&pos, &mut caps);
                    let list = all.clone();
                    let mut quiets = Vec::new();
                    generate_quiets(&pos, &mut quiets);
                    let promotes = quiets.iter().any(|m| m.promotes());
                    assert_eq!(has_quiet_promotion(&pos), promotes, "{}", pos.to_sfen());
                    promoting += usize::from(promotes);
                    // One piece's quiet moves in the list's order, as generate_from gives them.
                    if let Some(&from) = pos.pieces(pos.side).get(rng.below(40)) {
                        let mut own = Vec::new();
                        generate_from(&pos, from, &mut own);
                        own.retain(|&m| !pos.is_capture(m));
                        let in_list: Vec<Move> = quiets
                            .iter()
                            .copied()
                            .filter(|m| m.from() == from)
                            .collect();
                        assert_eq!(own, in_list, "{}", pos.to_sfen());
                    }
                    assert_eq!(
                        sorted(
                            list.iter()
                                .copied()
                                .filter(|&m| !pos.is_capture(m))
                                .collect()
                        ),
                        sorted(quiets),
                        "{}",
                        pos.to_sfen()
                    );
                    all.retain(|&m| pos.is_capture(m));
                    assert_eq!(sorted(all), sorted(caps.clone()), "{}", pos.to_sfen());
                    checked += 1;
                    if list.is_empty() {
                        break;
                    }
                    // Mostly captures, so that the board opens up.
                    let pick = if !caps.is_empty() && rng.below(2) == 0 {
                        caps[rng.below(caps.len())]
                    } else {
                        list[rng.below(list.len())]
                    };
                    pos.make(pick);
                }
            }
        }
        assert!(checked > 3_000, "only {checked} positions");
        assert!(promoting > 300, "a quiet promotion in only {promoting}");
    }

    /// The table-move test against the piece's list, on the positions of random games: every
    /// move of the position is found, and a move of the position before (as after a key
    /// collision) is found exactly when the list of its origin's piece holds it.
    #[test]
    fn generates_finds_what_generate_from_lists_in_random_games() {
        use crate::rules::{RuleSet, Variant};
        let mut rng = crate::testing::Rng(0x7ab1_e0de_5eed_0002);
        let mut foreign = 0;
        for (variant, games) in [(Variant::Chu, 6), (Variant::DaiDai, 3)] {
            for _ in 0..games {
                let mut pos = Position::start(variant, RuleSet::Seed);
                let mut before: Vec<Move> = Vec::new();
                for _ in 0..200 {
                    let mut all = Vec::new();
                    generate(&pos, &mut all);
                    if all.is_empty() {
                        break;
                    }
                    assert!(
                        all.iter().all(|&mv| generates(&pos, mv)),
                        "{}",
                        pos.to_sfen()
                    );
                    for &mv in &before {
                        let mut list = Vec::new();
                        generate_from(&pos, mv.from(), &mut list);
                        let listed = list.contains(&mv);
                        assert_eq!(generates(&pos, mv), listed, "{} {mv}", pos.to_sfen());
                        foreign += usize::from(!listed);
                    }
                    pos.make(all[rng.below(all.len())]);
                    before = all;
                }
            }
        }
        assert!(foreign > 10_000, "only {foreign} foreign moves rejected");
    }

    #[test]
    fn capture_and_quiet_generation_split_full_generation() {
        for file in ["chu.epd", "daidai.epd"] {
            let path = format!("{}/perft-suites/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).expect("suite file");
            for entry in parse_suite(&text).expect("suite parses") {
                let pos = entry.position().expect("suite position");
                let (mut all, mut caps) = (Vec::new(), Vec::new());
                generate(&pos, &mut all);
                assert_eq!(count(&pos), all.len(), "{}", entry.id);
                generate_captures(&pos, &mut caps);
                let mut quiets = Vec::new();
                generate_quiets(&pos, &mut quiets);
                let expected_quiets = all.iter().copied().filter(|&m| !pos.is_capture(m));
                assert_eq!(
                    sorted(expected_quiets.collect()),
                    sorted(quiets),
                    "{}",
                    entry.id
                );
                all.retain(|&m| pos.is_capture(m));
                assert_eq!(sorted(all), sorted(caps.clone()), "{}", entry.id);
                assert!(caps.iter().all(|&m| !pos.captures_of(m).is_empty()));
            }
        }
    }
}
