//! What must hold for any bytes given to the network reader, so that fuzzers can check it:
//! the seeded one in `cargo test` (`nnue::tests::network_fuzz_*`) and the coverage-guided
//! libFuzzer target `fuzz/fuzz_targets/network.rs` (docs/reliability.md). A broken property
//! panics, which both report.
//!
//! The reader may refuse anything; what it accepts must write back to the same bytes and
//! evaluate, on real positions, to exactly what a checked computation in wide integers gives
//! (an overflow in the engine's arithmetic would show as a difference, and one in the
//! reference panics), within ±[`OUTPUT_LIMIT`], and never to a mate score.
//!
//! It lives in `eval`, not `nnue`, because it checks the network as the evaluation uses it
//! (added to the hand-set score): the network knows nothing of the evaluation built on it.

use super::{hand_evaluate, with_correction};
use crate::nnue::features::{self, MAX_HIDDEN};
use crate::nnue::network::{Network, OUTPUT_LIMIT, QA, QB};
use crate::nnue::simd::{Path, Row};
use crate::rules::{Color, Position, RuleSet};
use crate::score;

/// Reads `bytes` as a network file and checks whatever the reader accepts.
pub fn check_network_bytes(bytes: &[u8]) {
    let Ok(net) = Network::from_bytes(bytes) else {
        return;
    };
    assert_eq!(
        net.to_bytes(),
        bytes,
        "an accepted file writes back to itself"
    );
    check_network(&net);
}

/// Checks an accepted network on its game's start position and a playout from it (the
/// moves chosen by a generator seeded from the network, so a run is repeatable).
pub fn check_network(net: &Network) {
    net.check().expect("the network passes the reader's checks");
    let (lo, hi) = net.output_range();
    assert!(
        -i64::from(OUTPUT_LIMIT) <= lo && hi <= i64::from(OUTPUT_LIMIT),
        "{lo}..{hi}"
    );
    check_worst_accumulators(net);
    let mut state = u64::from(net.b2 as u32) ^ (u64::from(net.w2[0][0] as u16) << 32) | 1;
    let mut pos = Position::start(net.variant, RuleSet::Seed);
    let (paths, hidden) = (Path::available(), net.hidden());
    // Per path and perspective, the accumulator kept up to date move by move.
    let mut kept: Vec<[Row; 2]> = Vec::new();
    let mut before = [Vec::new(), Vec::new()];
    for _ in 0..40 {
        let active = check_position(net, &pos);
        if kept.is_empty() {
            kept = paths
                .iter()
                .map(|&p| active.each_ref().map(|a| net.accumulate_by(p, a)))
                .collect();
        } else {
            for c in 0..2 {
                let subs: Vec<u32> = before[c]
                    .iter()
                    .filter(|f| !active[c].contains(f))
                    .copied()
                    .collect();
                let adds: Vec<u32> = active[c]
                    .iter()
                    .filter(|f| !before[c].contains(f))
                    .copied()
                    .collect();
                for (path, accs) in paths.iter().zip(&mut kept) {
                    net.update_by(*path, &mut accs[c], &adds, &subs);
                    let want = net.accumulate_by(Path::Scalar, &active[c]);
                    assert_eq!(accs[c][..hidden], want[..hidden], "{path:?}");
                }
            }
        }
        before = active;
        let moves = pos.game_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        pos.make(moves[(state >> 33) as usize % moves.len()]);
    }
}

/// On the worst boards (for each unit, on every square the feature whose weight pulls it
/// furthest down, or up, or none where none pulls that way), every path's accumulator is the
/// checked count's, and inside i16 without wrapping.
fn check_worst_accumulators(net: &Network) {
    let side = net.variant.side();
    let squares = side * side;
    let count = features::count(net.variant);
    for i in 0..net.hidden() {
        for sign in [-1i32, 1] {
            let worst: Vec<u32> = (0..squares)
                .filter_map(|sq| {
                    let f = (sq..count)
                        .step_by(squares)
                        .max_by_key(|&f| sign * i32::from(net.row(f)[i]))?;
                    (sign * i32::from(net.row(f)[i]) > 0).then_some(f as u32)
                })
                .collect();
            let want = reference_accumulator(net, &worst);
            assert!(i16::try_from(want[i]).is_ok(), "unit {i}: {}", want[i]);
            for path in Path::available() {
                let acc = net.accumulate_by(path, &worst);
                assert_eq!(i64::from(acc[i]), want[i], "{path:?} unit {i}");
            }
        }
    }
}

/// A perspective's accumulator by checked i64 arithmetic (the lanes past the width: zero).
fn reference_accumulator(net: &Network, active: &[u32]) -> [i64; MAX_HIDDEN] {
    let mut acc = net.b1.map(i64::from);
    for &f in active {
        for (a, &w) in acc.iter_mut().zip(&net.row(f as usize)[..net.hidden()]) {
            *a = a.checked_add(i64::from(w)).unwrap();
        }
    }
    acc
}

/// The output by checked i64 arithmetic.
fn reference_output(net: &Network, us: &[i64; MAX_HIDDEN], them: &[i64; MAX_HIDDEN]) -> i64 {
    let mut sum = i64::from(net.b2);
    for (acc, w) in [(us, &net.w2[0]), (them, &net.w2[1])] {
        for (&a, &w) in acc[..net.hidden()].iter().zip(w) {
            let term = a.clamp(0, i64::from(QA)).checked_mul(i64::from(w)).unwrap();
            sum = sum.checked_add(term).unwrap();
        }
    }
    sum.checked_mul(i64::from(net.scale)).unwrap() / i64::from(QA * QB)
}

/// Checks one position; returns its active features per perspective (Black, White).
fn check_position(net: &Network, pos: &Position) -> [Vec<u32>; 2] {
    let mut active = [Vec::new(), Vec::new()];
    for c in [Color::Black, Color::White] {
        features::active(pos, c, &mut active[c.index()]);
    }
    let reference = active.each_ref().map(|a| reference_accumulator(net, a));
    let us = pos.side_to_move().index();
    let want = reference_output(net, &reference[us], &reference[1 - us]);
    let mut out = 0;
    for path in Path::available() {
        let accs = active.each_ref().map(|a| net.accumulate_by(path, a));
        for (acc, want) in accs.iter().zip(&reference) {
            assert!(
                acc[..net.hidden()]
                    .iter()
                    .zip(want)
                    .all(|(&a, &w)| i64::from(a) == w),
                "{path:?} {}",
                pos.to_sfen()
            );
        }
        out = net.output_by(path, &accs[us], &accs[1 - us]);
        assert_eq!(i64::from(out), want, "{path:?} {}", pos.to_sfen());
    }
    assert!(out.abs() <= OUTPUT_LIMIT, "{out}");
    let hand = hand_evaluate(pos);
    for h in [
        hand, 0, 1, -1, 799, -800, 801, 1599, -1599, 1600, -1600, 5000,
    ] {
        let score = with_correction(h, out);
        let weight = (1600 - i64::from(h).abs()).clamp(0, 800);
        let want = i64::from(h) + i64::from(out).checked_mul(weight).unwrap() / 800;
        assert_eq!(i64::from(score), want, "{h} {out}");
        if h.abs() < 1600 {
            assert!(!score::is_mate(score), "{h} {out}: {score}");
        }
    }
    active
}
