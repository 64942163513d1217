//! The outcome a protocol checks before each move of `position … moves`
//! ([`Position::outcome_before_a_move`], no move generation) agrees with the full
//! [`Position::outcome`] everywhere but where the full one finds no legal move, which the
//! move's own legality check answers.

use super::*;
use crate::rules::outcome::{EndReason, GameResult};
use crate::testing::Rng;

#[test]
fn the_outcome_before_a_move_is_the_outcome_but_no_legal_move() {
    let mut rng = Rng(0x0070_c0de_0000_0001);
    let mut ended = 0;
    for (variant, rules, games) in [
        (CHU, SEED, 60),
        (CHU, LISHOGI, 60),
        (CHU, JCSA, 30),
        (DD, SEED, 20),
    ] {
        for _ in 0..games {
            let mut pos = Position::start(variant, rules);
            for _ in 0..600 {
                let full = pos.outcome();
                let before = pos.outcome_before_a_move();
                if !matches!(full, Some(GameResult::Win(_, EndReason::NoLegalMove))) {
                    assert_eq!(before, full, "{}", pos.to_sfen());
                }
                if full.is_some() {
                    ended += 1;
                    break;
                }
                let moves = pos.game_moves();
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(ended > 20, "only {ended} random games ended by the rules");
}
