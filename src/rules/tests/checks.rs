//! [`Position::checks_royal`], which the search asks of the quiet moves it would otherwise
//! prune, agrees with making each move and asking the check detection, and its marks'
//! shortcut ([`attacks::RoyalLines`]) with [`attacks::may_attack_after`], on random games of
//! both variants (chu without hook movers takes the shortcut that skips making the move;
//! dai dai's hook movers make every move).

use super::*;
use crate::rules::attacks;
use crate::testing::Rng;

#[test]
fn checks_royal_is_make_and_ask() {
    let mut rng = Rng(0x0c4e_c0de_0000_0001);
    let (mut asked, mut checks) = (0usize, 0usize);
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
                        assert_eq!(
                            lines.may_attack_after(&pos, mv),
                            attacks::may_attack_after(&pos, mv, &[royal]),
                            "{} {mv}",
                            pos.to_sfen()
                        );
                        pos.make(mv);
                        let made = pos.royal_squares(us.flip()) == [royal]
                            && attacks::attacked_in(&pos, us, royal);
                        pos.unmake();
                        assert_eq!(pos.checks_royal(mv, &lines), made, "{} {mv}", pos.to_sfen());
                        asked += 1;
                        checks += usize::from(made);
                    }
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(
        asked > 100_000 && checks > 1_000,
        "{asked} moves asked, {checks} checks"
    );
}
