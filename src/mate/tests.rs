//! The solver against a plain exhaustive search on random positions (no false proofs, no
//! missed short mates), its proofs against the proof-tree check, and a few set positions.

use super::verify;
use super::{Limits, Solver, Verdict};
use crate::rules::movegen;
use crate::rules::outcome::GameResult;
use crate::rules::pieces::Piece;
use crate::rules::{Color, Position, RuleSet, Square, Variant};
use crate::testing::Rng;

/// The game is over after the last move: `Some(true)` if the attacker won. Repetitions end
/// a line as the solver's definition says (never part of a proof).
pub(super) fn ended(pos: &Position, attacker: Color) -> Option<bool> {
    if pos.royal_count(attacker.flip()) == 0 {
        return Some(true);
    }
    if pos.royal_count(attacker) == 0 || pos.repeats() {
        return Some(false);
    }
    match pos.bare_king_result() {
        Some(GameResult::Win(c, _)) => Some(c == attacker),
        Some(GameResult::Draw(_)) => Some(false),
        None => None,
    }
}

/// Exhaustive AND-OR search: whether the attacker (to move) wins within `plies` plies by
/// checking on every move, trying every move of both sides.
pub(super) fn attacker_wins(pos: &mut Position, attacker: Color, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    moves.into_iter().any(|mv| {
        pos.make(mv);
        let win = match ended(pos, attacker) {
            Some(w) => w,
            None => pos.in_check(attacker.flip()) && defender_loses(pos, attacker, plies - 1),
        };
        pos.unmake();
        win
    })
}

/// Exhaustive AND-OR search, defender to move: whether every answer loses within `plies`.
fn defender_loses(pos: &mut Position, attacker: Color, plies: u32) -> bool {
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    if moves.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    moves.into_iter().all(|mv| {
        pos.make(mv);
        let lost = match ended(pos, attacker) {
            Some(w) => w,
            None => attacker_wins(pos, attacker, plies - 1),
        };
        pos.unmake();
        lost
    })
}

/// A sparse random position: both kings, sometimes a crown prince, and a few pieces of each
/// side drawn from the start position, the attacker's mostly near the defender's king.
pub(super) fn random_position(rng: &mut Rng, variant: Variant, rules: RuleSet) -> Position {
    random_position_with(rng, variant, rules, 0)
}

/// [`random_position`] with `extra` more pieces for the defender.
fn random_position_with(rng: &mut Rng, variant: Variant, rules: RuleSet, extra: usize) -> Position {
    let start = Position::start(variant, rules);
    let side = variant.side();
    let cat = start.catalogue();
    let mut pos = Position::empty(variant, rules);
    let attacker = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut free: Vec<Square> = pos.squares().collect();
    let mut take = |rng: &mut Rng, near: Option<Square>| {
        let candidates: Vec<usize> = (0..free.len())
            .filter(|&i| near.is_none_or(|n| free[i].distance(n) <= 3))
            .collect();
        let i = if candidates.is_empty() {
            rng.below(free.len())
        } else {
            candidates[rng.below(candidates.len())]
        };
        free.swap_remove(i)
    };
    let mut royal_sq = None;
    for color in [attacker.flip(), attacker] {
        let all: Vec<Piece> = start
            .pieces(color)
            .iter()
            .filter_map(|&sq| start.piece_at(sq))
            .collect();
        let king = all.iter().copied().find(|&p| cat.royal(p)).unwrap();
        let sq = take(rng, None);
        pos.put(sq, king);
        if color != attacker {
            royal_sq = Some(sq);
            if rng.below(5) == 0 {
                let prince = all
                    .iter()
                    .copied()
                    .find(|&p| !cat.royal(p) && cat.promotable(p) && cat.royal(p.promote()));
                if let Some(p) = prince {
                    let sq = take(rng, royal_sq);
                    pos.put(sq, p.promote());
                }
            }
        }
        let count = 1 + rng.below(if color == attacker { 5 } else { 4 + extra });
        for _ in 0..count {
            let mut p = all[rng.below(all.len())];
            if cat.royal(p) {
                continue;
            }
            if cat.promotable(p) && rng.below(3) == 0 {
                p = p.promote();
            }
            let near = (color == attacker && rng.below(3) > 0)
                .then_some(royal_sq)
                .flatten();
            let sq = take(rng, near);
            pos.put(sq, p);
        }
    }
    let _ = side;
    pos.set_side_to_move(attacker);
    pos
}

/// Random problems: for each (variant, rules, count) of `sets`, `count / scale` random
/// positions whose side to move (the attacker) has not ended the game and is not in check;
/// `each` gets the position and its SFEN.
pub(super) fn each_random_problem(
    rng: &mut Rng,
    sets: &[(Variant, RuleSet, usize)],
    scale: usize,
    mut each: impl FnMut(&mut Position, &str),
) {
    for &(variant, rules, count) in sets {
        for _ in 0..count / scale {
            let mut pos = random_position(rng, variant, rules);
            let attacker = pos.side_to_move();
            if ended(&pos, attacker).is_some() || pos.in_check(attacker) {
                continue;
            }
            let sfen = pos.to_sfen();
            each(&mut pos, &sfen);
        }
    }
}

/// Every proof the solver gives is checked by the proof-tree walk; every verdict agrees with
/// the exhaustive search: a mate within 3 plies is found, a proof of at most 5 plies is
/// confirmed, and a disproof leaves no mate within 5 plies.
#[test]
fn solver_verdicts_agree_with_exhaustive_search_on_random_positions() {
    let mut rng = Rng(0x3a7e_50f7_2711_0001);
    let mut solver = Solver::new(1 << 20);
    let limits = Limits {
        time: None,
        nodes: Some(20_000),
        ..Limits::default()
    };
    // Unoptimised builds run a third of the positions: the exhaustive search is slow there.
    let scale = if cfg!(debug_assertions) { 3 } else { 1 };
    let (mut proofs, mut disproofs, mut short) = (0, 0, 0);
    let sets = [
        (Variant::Chu, RuleSet::Seed, 160),
        (Variant::Chu, RuleSet::Lishogi, 60),
        (Variant::DaiDai, RuleSet::Seed, 60),
    ];
    each_random_problem(&mut rng, &sets, scale, |pos, sfen| {
        let attacker = pos.side_to_move();
        let report = solver.solve(pos, &limits, None, &mut |_| {});
        let within3 = attacker_wins(pos, attacker, 3);
        match &report.verdict {
            Verdict::Mate(line) => {
                proofs += 1;
                let mut choose = |p: &Position| solver_move(&mut solver, p);
                let tree = verify::proof_tree(pos, &mut choose, 200_000)
                    .unwrap_or_else(|f| panic!("{sfen}: {f}"));
                assert_eq!(tree.depth, line.len(), "{sfen}");
                if line.len() <= 5 {
                    short += 1;
                    let n = line.len() as u32;
                    assert!(attacker_wins(pos, attacker, n), "{sfen}");
                    assert!(n < 3 || !attacker_wins(pos, attacker, n - 2), "{sfen}");
                }
            }
            Verdict::NoMate => {
                disproofs += 1;
                assert!(!within3, "{sfen}: mate in 3 missed");
                assert!(!attacker_wins(pos, attacker, 5), "{sfen}");
            }
            Verdict::Unknown => assert!(!within3, "{sfen}: mate in 3 not found"),
        }
    });
    // Seen: 95 proofs (81 of at most 5 plies) and 106 disproofs of 280 positions.
    let enough = |n: usize, at_least: usize| n * scale > at_least;
    assert!(
        enough(proofs, 60) && enough(disproofs, 60) && enough(short, 45),
        "{proofs} {disproofs} {short}"
    );
}

/// The attacker's move the solver proves, re-solving the position (the walk's chooser).
pub(super) fn solver_move(solver: &mut Solver, pos: &Position) -> Option<crate::rules::Move> {
    let limits = Limits {
        time: None,
        nodes: Some(50_000),
        ..Limits::default()
    };
    solver.proof_move(pos, &limits)
}

/// The attacker's moves as the definition says, every move made and looked at.
fn all_checks(pos: &mut Position) -> Vec<crate::rules::Move> {
    let attacker = pos.side_to_move();
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    moves.retain(|&mv| {
        pos.make(mv);
        let keep = match super::expand::status(pos, attacker) {
            super::expand::Status::Won(_) => true,
            super::expand::Status::Lost => pos.repeats() && pos.in_check(attacker.flip()),
            super::expand::Status::Open => pos.in_check(attacker.flip()),
        };
        pos.unmake();
        keep
    });
    moves
}

/// The check generator's shortcut (moves that cannot check are not made) loses no check:
/// its moves equal every move made and tested, in sparse random positions (near the end of
/// a game, where the bare-king rule is close) and along random games from the start.
#[test]
fn the_check_generator_finds_every_check() {
    let mut rng = Rng(0x3a7e_50f7_2711_0002);
    // Positions where the shortcut applies (chu, the defender not about to be bared and not
    // in check), and the checks found there.
    let (mut compared, mut checks) = (0, 0);
    let mut compare = |pos: &mut Position| {
        let mut children = Vec::new();
        super::expand::attacker_children(pos, &mut children);
        let got: Vec<_> = children.iter().map(|c| c.mv).collect();
        let expected = all_checks(pos);
        let defender = pos.side_to_move().flip();
        let shortcut = pos.variant() == Variant::Chu
            && pos.other_count(defender) > 6
            && !pos.in_check(defender);
        if shortcut {
            compared += 1;
            checks += got.len();
        }
        let text =
            |v: &[crate::rules::Move]| v.iter().map(|m| m.text()).collect::<Vec<_>>().join(" ");
        assert_eq!(text(&got), text(&expected), "{}", pos.to_sfen());
    };
    for (variant, rules) in [
        (Variant::Chu, RuleSet::Seed),
        (Variant::Chu, RuleSet::Lishogi),
        (Variant::DaiDai, RuleSet::Seed),
    ] {
        for _ in 0..300 {
            let extra = rng.below(12);
            let mut pos = random_position_with(&mut rng, variant, rules, extra);
            if pos.royal_count(pos.side_to_move().flip()) > 0 {
                compare(&mut pos);
            }
        }
        for _ in 0..3 {
            let mut pos = Position::start(variant, rules);
            for _ in 0..150 {
                let mut moves = Vec::new();
                movegen::generate(&pos, &mut moves);
                if moves.is_empty() || pos.royal_count(pos.side_to_move().flip()) == 0 {
                    break;
                }
                compare(&mut pos);
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    // Seen: 768 such positions, 1,489 checks.
    assert!(compared > 500 && checks > 1000, "{compared} {checks}");
}
