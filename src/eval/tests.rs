//! Evaluation tests: colour symmetry on random playouts, start positions, material sanity,
//! and the timing figure of docs/eval.md.

use super::test_util::{Rng, random_positions};
use super::*;
use crate::rules::geometry::Square;
use crate::rules::variant::{RuleSet, Variant};
use std::time::Instant;

/// The position rotated by 180° with the colours swapped and the other side to move (also
/// the chu counter-strike square and suspended promotions rotated and swapped).
fn mirror(pos: &Position) -> Position {
    let side = pos.variant().side();
    let rot = |sq: Square| Square::new(side - 1 - sq.file(), side - 1 - sq.rank());
    let mut m = Position::empty(pos.variant(), pos.rules());
    for sq in pos.squares() {
        if let Some(p) = pos.piece_at(sq) {
            m.put(rot(sq), Piece(p.0 ^ 0x80));
        }
    }
    m.set_side_to_move(pos.side_to_move().flip());
    m.set_move_number(pos.move_number());
    m.set_lion_capture(pos.lion_capture_square().map(rot));
    for c in [Color::Black, Color::White] {
        m.set_suspended(c.flip(), pos.suspended(c).map(rot));
    }
    // The mirror must be a valid position string of its own.
    let text = m.to_sfen();
    let mut back = Position::from_sfen(pos.variant(), pos.rules(), &text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    back.set_move_number(pos.move_number());
    back
}

fn sfen(variant: Variant, text: &str) -> Position {
    Position::from_sfen(variant, RuleSet::Seed, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn eval_is_colour_symmetric_on_random_playouts() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut checked = 0;
    for (variant, rules, games) in [
        (Variant::Chu, RuleSet::Seed, 30),
        (Variant::Chu, RuleSet::Lishogi, 15),
        (Variant::DaiDai, RuleSet::Seed, 15),
    ] {
        for pos in random_positions(variant, rules, &mut rng, games, 1, 3, 200) {
            let m = mirror(&pos);
            assert_eq!(
                evaluate(&pos),
                evaluate(&m),
                "{}\nmirror {}",
                pos.to_sfen(),
                m.to_sfen()
            );
            // And the mirror of the mirror is the position itself.
            assert_eq!(mirror(&m).to_sfen(), pos.to_sfen());
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} positions");
}

/// The hand-set terms see nothing to choose between the sides of a start position (a
/// network may add a bonus for the side to move, the same for either colour).
#[test]
fn hand_set_eval_of_start_positions_is_zero() {
    for variant in [Variant::Chu, Variant::DaiDai] {
        for rules in [RuleSet::Seed, RuleSet::Lishogi] {
            let pos = Position::start(variant, rules);
            assert_eq!(hand_evaluate(&pos), 0, "{variant:?}");
        }
    }
}

/// The start position without the piece on `sq`.
fn start_without(variant: Variant, sq: &str) -> Position {
    let start = Position::start(variant, RuleSet::Seed);
    let (gone, _) = Square::parse_prefix(sq, variant.side()).unwrap();
    let mut pos = Position::empty(variant, RuleSet::Seed);
    for s in start.squares() {
        if let Some(p) = start.piece_at(s)
            && s != gone
        {
            pos.put(s, p);
        }
    }
    pos
}

#[test]
fn eval_a_side_up_a_lion_scores_higher() {
    // Chu: White's lion is on 6c; dai dai: White's lion is on 3b.
    for (variant, sq, value) in [(Variant::Chu, "6c", 2000), (Variant::DaiDai, "3b", 2200)] {
        let mut pos = start_without(variant, sq);
        let black = evaluate(&pos);
        assert!(
            black > value * 8 / 10,
            "{variant:?}: Black up a lion scores {black}"
        );
        pos.set_side_to_move(Color::White);
        assert_eq!(evaluate(&pos), -black);
    }
}

/// The hand-set terms value a promoted piece above its unpromoted form (a network's
/// correction around them is tested in `nnue::tests`).
#[test]
fn hand_set_eval_promoting_raises_the_score() {
    // Chu: a Black piece of every promotable type in the zone, unpromoted and promoted.
    let cat = Variant::Chu.catalogue();
    for base in 0..cat.bases as u8 {
        let p = Piece::new(base, false, Color::Black);
        if !cat.promotable(p) {
            continue;
        }
        for (file, rank) in [(3, 2), (0, 0), (0, 3), (9, 1)] {
            let build = |piece: Piece| {
                let mut pos = sfen(Variant::Chu, "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
                pos.put(Square::new(file, rank), piece);
                hand_evaluate(&pos)
            };
            if cat.kinds[base as usize].abbr == "P" && rank == 0 {
                continue;
            }
            assert!(
                build(p.promote()) > build(p),
                "chu {} at {}",
                cat.kinds[base as usize].abbr,
                Square::new(file, rank)
            );
        }
    }
    // Every promoter's promoted form is worth more (chu) or at least as much (dai dai: the
    // table rates the rushing bird and its free demon alike).
    for variant in [Variant::Chu, Variant::DaiDai] {
        let cat = variant.catalogue();
        for base in 0..cat.bases as u8 {
            let p = Piece::new(base, false, Color::Black);
            if cat.promotable(p) {
                let pos = Position::start(variant, RuleSet::Seed);
                let (before, after) = (piece_value(&pos, p), piece_value(&pos, p.promote()));
                assert!(
                    after > before || variant == Variant::DaiDai && after == before,
                    "{variant:?} {}",
                    cat.kinds[base as usize].abbr
                );
            }
        }
    }
}

#[test]
fn hand_set_eval_chu_pawn_gains_value_as_it_nears_the_zone() {
    let at = |rank: usize| {
        let mut pos = sfen(Variant::Chu, "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
        pos.put(Square::new(0, rank), Piece::new(20, false, Color::Black));
        hand_evaluate(&pos)
    };
    assert!(at(8) < at(6) && at(6) < at(4) && at(4) < at(3));
}

#[test]
fn eval_royal_piece_value_is_the_maximum() {
    for variant in [Variant::Chu, Variant::DaiDai] {
        let pos = Position::start(variant, RuleSet::Seed);
        let cat = variant.catalogue();
        let king = Piece::new(0, false, Color::Black);
        assert!(cat.royal(king));
        assert_eq!(piece_value(&pos, king), ROYAL_VALUE);
        let max_other = (0..=255u8)
            .map(Piece)
            .filter(|&p| !cat.royal(p) && (p.base() as usize) < cat.bases)
            .map(|p| piece_value(&pos, p))
            .max()
            .unwrap();
        assert!(ROYAL_VALUE > 4 * max_other, "{variant:?}: {max_other}");
        // Both colours get the same values.
        for code in 0..128u8 {
            assert_eq!(
                piece_value(&pos, Piece(code)),
                piece_value(&pos, Piece(code | 0x80))
            );
        }
    }
    // The chu crown prince is royal too.
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let de = Piece::new(9, true, Color::White);
    assert_eq!(piece_value(&pos, de), ROYAL_VALUE);
    assert_eq!(piece_value(&pos, Piece::new(20, false, Color::Black)), 80);
}

/// Midgame positions: random playouts, ply 40 to 80.
fn midgames(variant: Variant) -> Vec<Position> {
    let mut rng = Rng(0xbe7c_4000_0000_0001);
    random_positions(variant, RuleSet::Seed, &mut rng, 20, 40, 10, 80)
}

#[test]
#[ignore = "timing figure of docs/eval.md (run with --release --nocapture)"]
fn eval_speed() {
    let only = std::env::var("EVAL_SPEED_VARIANT").ok();
    for variant in [Variant::Chu, Variant::DaiDai] {
        if only.as_deref().is_some_and(|v| v != variant.name()) {
            continue;
        }
        let positions = midgames(variant);
        let pieces: usize = positions
            .iter()
            .map(|p| p.pieces(Color::Black).len() + p.pieces(Color::White).len())
            .sum();
        let rounds: usize = std::env::var("EVAL_SPEED_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(20_000);
        let mut sink = 0i64;
        let best = best_of_5(|| {
            let t = Instant::now();
            for _ in 0..rounds {
                for p in &positions {
                    sink += evaluate(std::hint::black_box(p)) as i64;
                }
            }
            t.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64
        });
        // The search's path: per move, the accumulator update and `evaluate_with`, over what
        // make and unmake cost alone.
        let mut positions = positions;
        let moves: Vec<Vec<crate::rules::Move>> = positions
            .iter()
            .map(|p| {
                let mut v = Vec::new();
                crate::rules::movegen::generate(p, &mut v);
                v
            })
            .collect();
        let count: usize = moves.iter().map(Vec::len).sum();
        let per_move_rounds = (rounds / 20).max(1);
        let mut timed = |with_eval: bool| {
            best_of_5(|| {
                let t = Instant::now();
                for _ in 0..per_move_rounds {
                    for (p, list) in positions.iter_mut().zip(&moves) {
                        let acc = Accumulator::new(p);
                        let mut next = Accumulator::default();
                        for &mv in list {
                            if with_eval {
                                acc.play(p, mv, &mut next, |_| {});
                                sink += evaluate_with(p, &next) as i64;
                            } else {
                                p.make(mv);
                            }
                            p.unmake();
                        }
                    }
                }
                t.elapsed().as_nanos() as f64 / (per_move_rounds * count) as f64
            })
        };
        let (plain, incremental) = (timed(false), timed(true));
        println!(
            "{}: {} positions, {:.1} pieces on average, {best:.0} ns per evaluate from scratch; \
             {:.0} ns per move for the update and evaluate_with on top of {plain:.0} ns for \
             make + unmake (best of 5; sink {sink})",
            variant.name(),
            positions.len(),
            pieces as f64 / positions.len() as f64,
            incremental - plain
        );
    }
}

/// The smallest of five measurements (the machine is shared and noisy).
fn best_of_5(mut f: impl FnMut() -> f64) -> f64 {
    (0..5).map(|_| f()).fold(f64::MAX, f64::min)
}

/// Every move of `pos` updates the accumulator to what a fresh count gives after it.
fn assert_incremental_matches(pos: &mut Position) -> usize {
    let mut moves = Vec::new();
    crate::rules::movegen::generate(pos, &mut moves);
    let before = Accumulator::new(pos);
    // One slot for every move, as the search reuses a ply's: each move overwrites what the
    // last one left.
    let mut acc = Accumulator::default();
    for &mv in &moves {
        before.play(pos, mv, &mut acc, |_| {});
        assert_eq!(acc, Accumulator::new(pos), "{} after {mv}", pos.to_sfen());
        pos.unmake();
    }
    moves.len()
}

#[test]
fn incremental_sums_equal_a_fresh_count_after_every_move() {
    // Random playouts, every move of every position on the way (promotions, lion double
    // captures, igui, royal captures), in all three rule sets.
    let mut rng = Rng(0x5eed_acc0_0000_0001);
    let mut moves = 0;
    for (variant, rules, games) in [
        (Variant::Chu, RuleSet::Seed, 6),
        (Variant::Chu, RuleSet::Lishogi, 3),
        (Variant::DaiDai, RuleSet::Seed, 3),
    ] {
        for mut pos in random_positions(variant, rules, &mut rng, games, 1, 2, 160) {
            moves += assert_incremental_matches(&mut pos);
        }
    }
    // The perft suites' special positions (lion dogs, hook movers, promotion by capture…).
    for file in ["chu.epd", "daidai.epd"] {
        let path = format!("{}/perft-suites/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("suite file");
        for entry in crate::perft::suite::parse_suite(&text).expect("suite parses") {
            let mut pos = entry.position().expect("suite position");
            moves += assert_incremental_matches(&mut pos);
        }
    }
    assert!(moves > 50_000, "only {moves} moves checked");
}

/// The ordering's placement gain of a one-leg move to an empty square without promotion is
/// exactly what the move adds to the mover's placement sum in the evaluation.
#[test]
fn placement_gain_is_the_change_in_the_movers_placement_term() {
    let mut rng = Rng(0x9a1a_ce00_0000_0001);
    let mut checked = 0;
    for variant in [Variant::Chu, Variant::DaiDai] {
        for mut pos in random_positions(variant, RuleSet::Seed, &mut rng, 4, 1, 4, 120) {
            let mut moves = Vec::new();
            crate::rules::movegen::generate(&pos, &mut moves);
            let us = pos.side_to_move().index();
            let before = Accumulator::new(&pos);
            let mut after = Accumulator::default();
            for &mv in &moves {
                if mv.promotes() || mv.leg_count() != 1 || pos.piece_at(mv.to()).is_some() {
                    continue;
                }
                let gain = placement_gain(&pos, mv);
                before.play(&mut pos, mv, &mut after, |_| {});
                pos.unmake();
                assert_eq!(
                    gain,
                    after.psq[us] - before.psq[us],
                    "{} {mv}",
                    pos.to_sfen()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "only {checked} moves");
}

#[test]
fn the_networks_correction_fades_out_between_a_lead_of_800_and_1600_in_both_directions() {
    for sign in [1, -1] {
        assert_eq!(with_correction(sign * 800, 60), sign * 800 + 60);
        assert_eq!(with_correction(sign * 1200, 60), sign * 1200 + 30);
        assert_eq!(with_correction(sign * 1600, 60), sign * 1600);
        assert_eq!(with_correction(sign * 5000, -60), sign * 5000);
    }
    // The trainer's float weight is the engine's, within the integer division's rounding.
    for hand in (-2000..=2000).step_by(37) {
        for out in [-300, -7, 0, 11, 250] {
            let engine = with_correction(hand, out) - hand;
            let float = correction_weight(hand as f32) * out as f32;
            assert!((engine as f32 - float).abs() < 1.0, "{hand} {out}");
        }
    }
}
