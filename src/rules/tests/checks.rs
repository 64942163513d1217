//! [`Position::checks_royal`], which the search asks of the quiet moves it would otherwise
//! prune, agrees with making each move and asking the check detection, and its marks'
//! shortcut ([`attacks::RoyalLines`]) with [`measured`], on random games of
//! both variants (chu has no hook movers; in dai dai the marks also cover the hook movers'
//! lines, and only the hook movers' own moves are always made).

use super::*;
use crate::rules::attacks;
use crate::testing::Rng;

/// The marks' question asked without marks, by measuring squares against the royal: whether
/// `mv` lands on one of `royal`'s lines or within three squares of it, or empties a square
/// on its lines (its origin, what a lion takes on the way). The marks' answer where no piece
/// hooks.
fn measured(pos: &Position, mv: Move, royal: Square) -> bool {
    let aligned_or_within = |sq: Square, near: u16| {
        let (df, dr) = sq.cell_delta_to(royal);
        let (df, dr) = (df.unsigned_abs(), dr.unsigned_abs());
        df == 0 || dr == 0 || df == dr || df.max(dr) <= near
    };
    let to = mv.to();
    let captures = pos.captures_of(mv);
    let emptied = std::iter::once(mv.from()).chain(captures.iter().map(|&(sq, _)| sq));
    aligned_or_within(to, 3)
        || emptied
            .filter(|&sq| sq != to)
            .any(|sq| aligned_or_within(sq, 0))
}

#[test]
fn checks_royal_is_make_and_ask() {
    let mut rng = Rng(0x0c4e_c0de_0000_0001);
    let (mut asked, mut checks, mut hook_checks, mut skipped) = (0usize, 0usize, 0usize, 0usize);
    for (variant, rules, games) in [(CHU, LISHOGI, 16), (CHU, SEED, 8), (DD, SEED, 4)] {
        for _ in 0..games {
            let mut pos = Position::start(variant, rules);
            for _ in 0..300 {
                let moves = pos.game_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let us = pos.side_to_move();
                if let &[royal] = pos.royal_squares(us.flip())
                    && !attacks::attacked_in(&pos, us, royal)
                {
                    let lines = attacks::RoyalLines::new(&pos, royal);
                    for &mv in &moves {
                        if !pos.catalogue().has_hooks() {
                            assert_eq!(
                                lines.may_attack_after(&pos, mv),
                                measured(&pos, mv, royal),
                                "{} {mv}",
                                pos.to_sfen()
                            );
                        }
                        pos.make(mv);
                        let made = pos.royal_squares(us.flip()) == [royal]
                            && attacks::attacked_in(&pos, us, royal);
                        pos.unmake();
                        assert_eq!(pos.checks_royal(mv, &lines), made, "{} {mv}", pos.to_sfen());
                        asked += 1;
                        checks += usize::from(made);
                        hook_checks += usize::from(pos.catalogue().has_hooks());
                        skipped += usize::from(!lines.may_attack_after(&pos, mv));
                    }
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(
        asked > 100_000 && checks > 1_000 && hook_checks > 100 && skipped > asked / 2,
        "{asked} moves asked, {checks} checks ({hook_checks} moves in dai dai), {skipped} not made"
    );
}

/// Dai dai's hook movers on sparse random boards, where they check far more often than in
/// games from the start: each of the attacker's moves is asked [`Position::checks_royal`]
/// and made and asked, and the discovered checks by a hook mover that did not move (the
/// marks of its lines at work) are counted. Fails without those marks.
#[test]
fn checks_royal_is_make_and_ask_with_hook_movers() {
    use crate::rules::geometry::Color;
    let mut rng = Rng(0x400c_c4ec_0000_0002);
    let start = Position::start(DD, SEED);
    let cat = start.catalogue();
    let all: Vec<_> = start
        .pieces(Color::Black)
        .iter()
        .chain(start.pieces(Color::White))
        .filter_map(|&sq| start.piece_at(sq))
        .collect();
    let of = |color: Color, royal: bool| -> Vec<_> {
        all.iter()
            .copied()
            .filter(|&p| p.color() == color && cat.royal(p) == royal)
            .collect()
    };
    let (mut asked, mut checks, mut discovered) = (0usize, 0usize, 0usize);
    for _ in 0..600 {
        let mut pos = Position::empty(DD, SEED);
        let mut free: Vec<_> = pos.squares().collect();
        let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len()));
        let us = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let royal = take(&mut rng);
        pos.put(royal, of(us.flip(), true)[0]);
        pos.put(take(&mut rng), of(us, true)[0]);
        let hook = *of(us, false).iter().find(|&&p| cat.hooks(p)).unwrap();
        for _ in 0..1 + rng.below(3) {
            pos.put(take(&mut rng), hook);
        }
        for color in [us, us.flip()] {
            let others = of(color, false);
            for _ in 0..12 {
                pos.put(take(&mut rng), others[rng.below(others.len())]);
            }
        }
        pos.set_side_to_move(us);
        if attacks::attacked_in(&pos, us, royal) {
            continue;
        }
        let lines = attacks::RoyalLines::new(&pos, royal);
        let mut moves = Vec::new();
        movegen::generate(&pos, &mut moves);
        for mv in moves {
            let mover = pos.piece_at(mv.from()).unwrap();
            pos.make(mv);
            let made =
                pos.royal_squares(us.flip()) == [royal] && attacks::attacked_in(&pos, us, royal);
            pos.unmake();
            assert_eq!(pos.checks_royal(mv, &lines), made, "{} {mv}", pos.to_sfen());
            asked += 1;
            checks += usize::from(made);
            discovered += usize::from(made && !cat.hooks(mover) && !measured(&pos, mv, royal));
        }
    }
    assert!(
        asked > 25_000 && checks > 1_000 && discovered > 20,
        "{asked} moves asked, {checks} checks, {discovered} discovered by a hook mover"
    );
}
