//! The JCSA rule set in play (issue 41): self-play games under `jcsa` at every level, each
//! position's moves compared with the naive generator's and each chosen move checked against
//! them and against the game's repetition rule.
//!
//! The evaluation and the levels were made under lishogi's rules and serve all three sets
//! unchanged; what this guards is that nothing in the search, the levels' choice or the
//! game layer plays a move the JCSA rules forbid (a dead lance moving, a counter-strike on a
//! protected lion, the side that must deviate repeating), on positions real games reach
//! rather than on hand-made ones.

use super::*;
use crate::rules::naive::{effect_of, fast_moves, naive_moves};
use crate::rules::outcome::GameResult;
use crate::rules::{RuleSet, Variant};

/// Games played by default: levels 0–20 in turn, three games each (one each in an
/// unoptimised build, where the search is ten times slower). `SHISHI_JCSA_GAMES=200` plays
/// the 200 (docs/rules.md gives that run's figures).
const GAMES: u64 = if cfg!(debug_assertions) { 21 } else { 63 };
/// Plies after which a game is left unfinished (its moves have all been checked by then).
const MAX_PLIES: usize = 160;
/// Nodes per move, on top of the level's own budget: the levels' choice code runs as in
/// play, the search under it stays small enough for the whole run to take seconds a game.
const NODES: u64 = 300;

/// Plays game `k` and returns how it ended (`None`: still going at [`MAX_PLIES`]) and the
/// number of moves checked.
fn play(searcher: &Searcher, k: u64) -> (Option<GameResult>, usize) {
    let mut pos = Position::start(Variant::Chu, RuleSet::Jcsa);
    let level = (k % 21) as u8;
    for ply in 0..MAX_PLIES {
        let fast = fast_moves(&pos);
        let naive = naive_moves(&pos);
        assert_eq!(fast, naive, "game {k} ply {ply}: generators differ");
        if let Some(result) = pos.outcome() {
            return (Some(result), ply);
        }
        let limits = Limits {
            nodes: Some(NODES),
            multipv: 1,
            skill: skill::Skill::at(level, k),
            ..Limits::default()
        };
        let best = searcher
            .search(&pos, limits, Arc::new(|_| {}))
            .best
            .unwrap_or_else(|| panic!("game {k} ply {ply}: no move in a game that goes on"));
        assert!(
            naive.contains(&effect_of(&pos, best)),
            "game {k} ply {ply}: {} is not a naive move",
            best.text()
        );
        assert!(
            pos.allowed_in_game(best),
            "game {k} ply {ply}: {} breaks the repetition rule",
            best.text()
        );
        pos.make(best);
    }
    (None, MAX_PLIES)
}

#[test]
fn jcsa_self_play_at_every_level_plays_only_legal_moves() {
    let mut searcher = Searcher::new(4, 1).unwrap();
    let games = std::env::var("SHISHI_JCSA_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GAMES);
    let (mut finished, mut checked) = (std::collections::BTreeMap::new(), 0);
    for k in 0..games {
        searcher.new_game();
        let (result, moves) = play(&searcher, k);
        if let Some(r) = result {
            *finished.entry(format!("{r:?}")).or_insert(0) += 1;
        }
        checked += moves;
    }
    // The figures docs/rules.md quotes (`--nocapture` shows them).
    eprintln!("{games} games, {checked} moves checked, ended: {finished:?}");
    // Low levels blunder royals away: if no game ended, the games never reached an ending
    // and the end-of-game rules went untested.
    assert!(
        !finished.is_empty(),
        "no game of {games} ended within {MAX_PLIES} plies"
    );
}
