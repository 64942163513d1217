//! The shortening against an exhaustive minimax: on random positions, the mate the solver
//! reports as the shortest has exactly the length of the shortest forced mate against the
//! longest defence, found by trying every move of both sides to a growing depth.

use super::tests::{attacker_wins, each_random_problem, solver_move};
use super::{Limits, Solver, Verdict, verify};
use crate::rules::{Position, RuleSet, Variant};
use crate::testing::Rng;

/// The length of the shortest forced mate, if one of at most `max` plies exists: the least
/// odd depth at which the exhaustive AND-OR search wins.
fn minimax_length(pos: &mut Position, max: u32) -> Option<u32> {
    let attacker = pos.side_to_move();
    (1..=max)
        .step_by(2)
        .find(|&n| attacker_wins(pos, attacker, n))
}

/// Every line reported as the shortest mate is no longer than the first proof's, passes the
/// proof-tree check with its own length as the tree's depth, and, up to 7 plies, has the
/// exhaustive minimax's length.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "unoptimised, the exhaustive searches take tens of minutes: `cargo test --release` runs it"
)]
fn shortest_mates_have_the_exhaustive_searchs_length() {
    let mut rng = Rng(0x3a7e_50f7_2711_0005);
    let mut solver = Solver::new(1 << 20);
    let any = Limits {
        nodes: Some(20_000),
        any: true,
        ..Limits::default()
    };
    let shortest = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    let (mut compared, mut shortened) = (0, 0);
    let sets = [
        (Variant::Chu, RuleSet::Seed, 300),
        (Variant::Chu, RuleSet::Lishogi, 100),
        (Variant::DaiDai, RuleSet::Seed, 100),
    ];
    each_random_problem(&mut rng, &sets, 1, |pos, sfen| {
        let Verdict::Mate(first) = solver.solve(pos, &any, None, &mut |_| {}).verdict else {
            return;
        };
        let report = solver.solve(pos, &shortest, None, &mut |_| {});
        let Verdict::Mate(line) = &report.verdict else {
            panic!(
                "{sfen}: proven with --any, not without: {:?}",
                report.verdict
            );
        };
        assert!(line.len() <= first.len(), "{sfen}");
        let mut choose = |p: &Position| solver_move(&mut solver, p);
        let tree =
            verify::proof_tree(pos, &mut choose, 200_000).unwrap_or_else(|f| panic!("{sfen}: {f}"));
        assert_eq!(tree.depth, line.len(), "{sfen}");
        if report.shortest && line.len() <= 7 {
            compared += 1;
            shortened += usize::from(line.len() < first.len());
            let exhaustive = minimax_length(pos, 7);
            assert_eq!(exhaustive, Some(line.len() as u32), "{sfen}");
        }
    });
    // Seen: 174 lines compared, 11 of them shorter than the first proof's.
    assert!(compared > 60 && shortened > 5, "{compared} {shortened}");
}
