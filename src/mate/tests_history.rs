//! The solver under a game history (the graph-history interaction): a disproof that rests
//! on a repetition of one path must not be reused on another. Random positions reached by
//! random moves, so that the search meets the history's positions again, and the problem
//! that exposed the bug.

use super::tests::{attacker_wins, ended, random_position, solver_move};
use super::{Limits, Solver, Verdict, problem, verify};
use crate::rules::{Color, Move, Position, RuleSet, Variant};
use crate::testing::Rng;

/// Plays `plies` random game moves that capture and promote nothing (so that the positions
/// they pass can come back), half of them royal moves, as text; `None` if the game ends or
/// a side runs out of such moves.
fn random_history(rng: &mut Rng, pos: &mut Position, plies: usize) -> Option<Vec<String>> {
    let cat = pos.catalogue();
    let mut played = Vec::new();
    for _ in 0..plies {
        let quiet: Vec<Move> = pos
            .game_moves()
            .into_iter()
            .filter(|&mv| pos.captures_of(mv).is_empty() && !mv.promotes())
            .collect();
        let royal: Vec<Move> = quiet
            .iter()
            .copied()
            .filter(|&mv| pos.piece_at(mv.from()).is_some_and(|p| cat.royal(p)))
            .collect();
        let from = if !royal.is_empty() && rng.below(2) == 0 {
            royal
        } else {
            quiet
        };
        if from.is_empty() {
            return None;
        }
        let mv = from[rng.below(from.len())];
        played.push(mv.text());
        pos.make(mv);
        if pos.outcome().is_some() {
            return None;
        }
    }
    Some(played)
}

/// The history-free solver's proof of `pos`, checked against the rules under `pos`'s
/// history (every line free of repetitions, of the line and of the game): a mate the
/// solver with the history must not deny.
fn history_free_mate_holds(pos: &Position, limits: &Limits) -> bool {
    let bare = |p: &Position| Position::from_sfen(p.variant(), p.rules(), &p.to_sfen()).unwrap();
    let mut solver = Solver::new(1 << 20);
    let report = solver.solve(&bare(pos), limits, None, &mut |_| {});
    if !matches!(report.verdict, Verdict::Mate(_)) {
        return false;
    }
    let mut choose = |p: &Position| solver_move(&mut solver, &bare(p));
    verify::proof_tree(pos, &mut choose, 200_000).is_ok()
}

/// Under random histories every proof passes the proof-tree check (which rejects any line
/// that repeats a position of the game), and no disproof is contradicted: neither by the
/// exhaustive search within 5 plies (repetitions lost for the attacker, as the solver
/// counts them) nor by the history-free solver's proof, checked under the history.
#[test]
fn verdicts_under_a_game_history_hold_on_every_path() {
    let mut rng = Rng(0x3a7e_50f7_2711_0003);
    let mut solver = Solver::new(1 << 20);
    let limits = Limits {
        time: None,
        nodes: Some(20_000),
        ..Limits::default()
    };
    let scale = if cfg!(debug_assertions) { 4 } else { 1 };
    let (mut proofs, mut disproofs, mut repeated) = (0, 0, 0);
    for (variant, rules, count) in [
        (Variant::Chu, RuleSet::Seed, 120),
        (Variant::Chu, RuleSet::Lishogi, 120),
        (Variant::DaiDai, RuleSet::Seed, 40),
    ] {
        for _ in 0..count / scale {
            let mut pos = random_position(&mut rng, variant, rules);
            let start = pos.to_sfen();
            let plies = 2 * (2 + rng.below(8));
            let Some(moves) = random_history(&mut rng, &mut pos, plies) else {
                continue;
            };
            let attacker = pos.side_to_move();
            if ended(&pos, attacker).is_some() || pos.in_check(attacker) {
                continue;
            }
            let at = format!("{start} moves {}", moves.join(" "));
            let report = solver.solve(&pos, &limits, None, &mut |_| {});
            match &report.verdict {
                Verdict::Mate(line) => {
                    proofs += 1;
                    let mut choose = |p: &Position| solver_move(&mut solver, p);
                    let tree = verify::proof_tree(&pos, &mut choose, 200_000)
                        .unwrap_or_else(|f| panic!("{at}: {f}"));
                    assert_eq!(tree.depth, line.len(), "{at}");
                }
                Verdict::NoMate => {
                    disproofs += 1;
                    assert!(!attacker_wins(&mut pos, attacker, 5), "{at}: mate in 5");
                    assert!(!history_free_mate_holds(&pos, &limits), "{at}: mate denied");
                }
                Verdict::Unknown => {}
            }
            repeated += usize::from(report_met_history(&pos, attacker));
        }
    }
    // Seen: 83 proofs, 120 disproofs, 31 positions whose history the first two plies meet.
    let enough = |n: usize, at_least: usize| n * scale > at_least;
    assert!(
        enough(proofs, 40) && enough(disproofs, 40) && enough(repeated, 20),
        "{proofs} {disproofs} {repeated}"
    );
}

/// Whether one of the attacker's checks or a defender's answer to it goes back to a
/// position of the history: the history is within the search's reach.
fn report_met_history(pos: &Position, attacker: Color) -> bool {
    let mut pos = pos.clone();
    pos.game_moves().into_iter().any(|mv| {
        pos.make(mv);
        let met = pos.repeats()
            || (pos.in_check(attacker.flip())
                && pos.game_moves().into_iter().any(|answer| {
                    pos.make(answer);
                    let r = pos.repeats();
                    pos.unmake();
                    r
                }));
        pos.unmake();
        met
    })
}

/// The problem that exposed the interaction (lishogi, 36 moves of history, none repeated by
/// the mate): a disproof of another path, reused, answered `nomate` after 5,573 nodes;
/// from the bare position it is a mate in 29 plies.
#[test]
fn a_mate_under_a_long_history_is_proven() {
    let text = "1r3e1g1c1l/12/fk2N3t1f1/2+b4pppp1/1p1p1p6/7P3X/T7i3/1P10/2+r5P3/+g8s2/+M7G2K/1F4q5 b - 21 moves 8c9b 11c12d 9b10b 12d12e 10b12c 12e12f 12g11g 12f11f 11g10f 11f12g 12c12e 12g12h 12k9k 12h11h 10f10g 10i10g 9k8k 12j9j 8k9j 11h10h 9j7h 10h9g 7h8g 9g8g 12e10g 8g7f 10g9g 7f6g 9g7e 6g7h 7e9g 7h6g 9g8h 6g5f 8h7f 5f4f";
    let p = problem::parse(Variant::Chu, RuleSet::Lishogi, text)
        .unwrap()
        .unwrap();
    let mut pos = p.position;
    let attacker = pos.side_to_move();
    let limits = Limits {
        time: None,
        nodes: Some(200_000),
        ..Limits::default()
    };
    let report = Solver::new(16 << 20).solve(&pos, &limits, None, &mut |_| {});
    let Verdict::Mate(line) = report.verdict else {
        panic!("{:?} after {} nodes", report.verdict, report.nodes);
    };
    // The line is played under the history: legal, checking, free of repetitions, won.
    for (i, &mv) in line.iter().enumerate() {
        assert!(
            pos.outcome().is_none() && pos.game_moves().contains(&mv),
            "ply {i}"
        );
        pos.make(mv);
        assert!(!pos.repeats(), "ply {i}");
        if i % 2 == 0 && pos.outcome().is_none() {
            assert!(pos.in_check(attacker.flip()), "ply {i}");
        }
    }
    assert!(
        matches!(pos.outcome(), Some(crate::rules::outcome::GameResult::Win(c, _)) if c == attacker)
    );
}

/// Plays a random chase from `pos`: the attacker's random checks (capturing nothing) and
/// the defender's random answers, `plies` plies or until none is left; the moves as text.
fn random_chase(rng: &mut Rng, pos: &mut Position, plies: usize) -> Vec<String> {
    let attacker = pos.side_to_move();
    let mut played = Vec::new();
    for i in 0..plies {
        let moves: Vec<Move> = pos
            .game_moves()
            .into_iter()
            .filter(|&mv| {
                pos.make(mv);
                let ok = pos.outcome().is_none() && (i % 2 == 1 || pos.in_check(attacker.flip()));
                pos.unmake();
                ok && pos.captures_of(mv).is_empty()
            })
            .collect();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        played.push(mv.text());
        pos.make(mv);
    }
    if played.len() % 2 == 1 {
        pos.unmake();
        played.pop();
    }
    played
}

/// The problem set's positions after a random chase (random checks, random answers, no
/// captures: the history's positions lie next to the search's, as in the game that exposed
/// the bug): no disproof is contradicted by the history-free proof checked under the history.
#[test]
fn chases_from_the_problem_set_keep_their_mates() {
    let sets = [
        (
            Variant::Chu,
            RuleSet::Seed,
            include_str!("../../engine-tests/data/mate-chu-seed.txt"),
        ),
        (
            Variant::Chu,
            RuleSet::Lishogi,
            include_str!("../../engine-tests/data/mate-chu-lishogi.txt"),
        ),
        (
            Variant::DaiDai,
            RuleSet::Seed,
            include_str!("../../engine-tests/data/mate-daidai.txt"),
        ),
    ];
    let limits = Limits {
        time: None,
        nodes: Some(100_000),
        ..Limits::default()
    };
    let mut rng = Rng(0x3a7e_50f7_2711_0004);
    let mut solver = Solver::new(8 << 20);
    let (mut chases, mut proofs, mut denied) = (0, 0, Vec::new());
    for (variant, rules, text) in sets {
        for line in text.lines() {
            let Some(p) = problem::parse(variant, rules, line).unwrap() else {
                continue;
            };
            for _ in 0..8 {
                let mut pos = p.position.clone();
                let plies = 4 + rng.below(16);
                let moves = random_chase(&mut rng, &mut pos, plies);
                chases += 1;
                let r = solver.solve(&pos, &limits, None, &mut |_| {});
                proofs += usize::from(matches!(r.verdict, Verdict::Mate(_)));
                if r.verdict == Verdict::NoMate && history_free_mate_holds(&pos, &limits) {
                    denied.push(format!(
                        "{} moves {}",
                        p.position.to_sfen(),
                        moves.join(" ")
                    ));
                }
            }
        }
    }
    assert!(denied.is_empty(), "mates denied:\n{}", denied.join("\n"));
    // Seen: 608 chases, 592 of them still mates.
    assert!(chases > 500 && proofs > 300, "{chases} {proofs}");
}
