//! Converting won positions: from clearly won chu positions Shishi, playing both sides at a
//! fixed node count, must end the game won by the side ahead in tens of plies. A guard of
//! the evaluation's conversion terms (src/eval/conversion.rs) and of the search around them:
//! the terms must not make the side ahead drift or blunder its lead away. (These positions
//! were converted before the terms too; the figures of the terms come from matches,
//! docs/search.md "Converting won positions".)

use super::*;
use crate::rules::outcome::GameResult;
use crate::rules::{RuleSet, Variant};

/// Plays `pos` out, each side with its own searcher at `nodes` per move, for at most
/// `max_plies`; the result and the plies played.
fn play_out(mut pos: Position, nodes: u64, max_plies: usize) -> (Option<GameResult>, usize) {
    let sides = [Searcher::new(16, 1).unwrap(), Searcher::new(16, 1).unwrap()];
    for ply in 0..max_plies {
        if let Some(r) = pos.outcome() {
            return (Some(r), ply);
        }
        let limits = Limits {
            nodes: Some(nodes),
            multipv: 1,
            ..Limits::default()
        };
        let searcher = &sides[pos.side_to_move().index()];
        let best = searcher.search(&pos, limits, Arc::new(|_| {})).best;
        pos.make(best.expect("a position that has not ended has a move"));
    }
    (pos.outcome(), max_plies)
}

#[test]
fn won_chu_positions_are_won_in_tens_of_plies() {
    // From self-play records at 1 s + 0.01 s: the position after which the side to move
    // first scored above +1500 cp (White in all three).
    for sfen in [
        // Black: king, lion, dragon king, dragon horse, two golds, four pawns; White: king,
        // two golds, three pawns behind them.
        "5gkg4/12/4ppp5/12/12/12/12/12/3PPPP5/12/4+R+BN5/4GKG5 b - 1",
        // Black: king, free king, lion, two silvers, pawns; White: king, gold, silver,
        // ferocious leopard, two pawns.
        "4sgk5/4p1f5/6p5/12/12/12/12/12/2PPPP6/12/3SQNS5/5K6 b - 1",
        // White to move and ahead: king, lion, dragon king, dragon horse, two golds.
        "5gkg4/5n+b+r4/12/5pppp3/12/12/12/12/12/5PPP4/12/4GKG5 w - 1",
    ] {
        let pos = Position::from_sfen(Variant::Chu, RuleSet::Seed, sfen).unwrap();
        let ahead = pos.side_to_move();
        let (result, plies) = play_out(pos, 30_000, 100);
        assert!(
            matches!(result, Some(GameResult::Win(c, _)) if c == ahead),
            "{sfen}: {result:?} after {plies} plies"
        );
    }
}
