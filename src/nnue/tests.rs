//! The network's inference against its definition: incremental accumulators equal a fresh
//! count after every move, the evaluation is the hand-set score plus the network's output
//! (faded as the lead grows), and the file reads back exactly and refuses damage.

use super::features::{self, HIDDEN};
use super::network::{ACC_LIMIT, B2_LIMIT, Network, OUTPUT_LIMIT, QA, SCALE_LIMIT, W2_SUM_LIMIT};
use crate::eval::test_util::{Rng, random_positions};
use crate::eval::{Accumulator, evaluate_with, hand_evaluate, with_correction};
use crate::rules::{Color, Position, RuleSet, Variant};

/// A network with weights large enough that every clipping path is taken.
fn random_network(variant: Variant, seed: u64) -> &'static Network {
    let mut rng = Rng(seed);
    let mut small = |range: u64| (rng.next() % (2 * range + 1)) as i64 - range as i64;
    let w1 = (0..features::count(variant) * HIDDEN)
        .map(|_| small(QA as u64 / 16) as i16)
        .collect();
    let mut b1 = [0; HIDDEN];
    b1.iter_mut().for_each(|b| *b = small(QA as u64) as i32);
    let mut w2 = [0; 2 * HIDDEN];
    w2.iter_mut()
        .for_each(|w| *w = small(400 * 32 / HIDDEN as u64) as i16);
    let net = Network {
        variant,
        scale: 1000,
        w1,
        b1,
        w2,
        b2: small(100_000) as i32,
    };
    net.check().expect("a network the reader accepts");
    Box::leak(Box::new(net))
}

fn fresh(pos: &Position, net: &'static Network) -> Accumulator {
    Accumulator::with_network(pos, Some(net))
}

#[test]
fn incremental_accumulators_equal_a_fresh_count_after_every_move() {
    let mut rng = Rng(0x00ee_0000_0000_0001);
    let mut checked = 0;
    for (variant, rules) in [
        (Variant::Chu, RuleSet::Lishogi),
        (Variant::Chu, RuleSet::Seed),
        (Variant::DaiDai, RuleSet::Seed),
    ] {
        let net = random_network(variant, 7);
        for mut pos in random_positions(variant, rules, &mut rng, 2, 1, 7, 150) {
            let before = fresh(&pos, net);
            // One slot for every move, as the search reuses a ply's: each move overwrites
            // what the last one left (the first fills an empty slot).
            let mut after = Accumulator::default();
            for mv in pos.game_moves() {
                before.play(&mut pos, mv, &mut after, |_| {});
                assert_eq!(after, fresh(&pos, net), "{} after {mv}", pos.to_sfen());
                assert_eq!(
                    evaluate_with(&pos, &after),
                    evaluate_with(&pos, &fresh(&pos, net))
                );
                pos.unmake();
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
}

#[test]
fn the_evaluation_is_the_hand_set_score_plus_the_networks_faded_output_for_the_side_to_move() {
    let mut rng = Rng(0x00ee_0000_0000_0002);
    for variant in [Variant::Chu, Variant::DaiDai] {
        let net = random_network(variant, 9);
        let mut differs = 0;
        for pos in random_positions(variant, RuleSet::Seed, &mut rng, 2, 1, 9, 120) {
            let (mut us, mut them) = (Vec::new(), Vec::new());
            features::active(&pos, pos.side_to_move(), &mut us);
            features::active(&pos, pos.side_to_move().flip(), &mut them);
            let out = net.output(&net.accumulate(&us), &net.accumulate(&them));
            assert_eq!(
                evaluate_with(&pos, &fresh(&pos, net)),
                with_correction(hand_evaluate(&pos), out)
            );
            differs += usize::from(out != 0);
        }
        assert!(
            differs > 10,
            "{variant:?}: the network's output is zero everywhere"
        );
    }
}

#[test]
fn each_side_sees_the_same_board_from_its_own_chair() {
    // The start position is symmetric: both perspectives have the same features.
    for variant in [Variant::Chu, Variant::DaiDai] {
        let pos = Position::start(variant, RuleSet::Seed);
        let (mut black, mut white) = (Vec::new(), Vec::new());
        features::active(&pos, Color::Black, &mut black);
        features::active(&pos, Color::White, &mut white);
        black.sort_unstable();
        white.sort_unstable();
        assert_eq!(black, white, "{variant:?}");
        assert!(
            black
                .iter()
                .all(|&f| (f as usize) < features::count(variant))
        );
    }
}

#[test]
fn a_network_file_reads_back_and_damage_is_refused() {
    for variant in [Variant::Chu, Variant::DaiDai] {
        file_reads_back_and_damage_is_refused(variant);
    }
}

fn file_reads_back_and_damage_is_refused(variant: Variant) {
    let net = random_network(variant, 3);
    let bytes = net.to_bytes();
    assert_eq!(&Network::from_bytes(&bytes).unwrap(), net);
    assert_eq!(net.hash().len(), 16);
    let mut cases: Vec<(Vec<u8>, &str)> = vec![
        (bytes[..bytes.len() - 1].to_vec(), "cut short"),
        (bytes[..5].to_vec(), "cut short"),
        (b"NOTANET!".to_vec(), "no SHISHINN magic"),
        ([bytes.clone(), vec![0]].concat(), "past the network's end"),
    ];
    let mut magic = bytes.clone();
    magic[0] = b'X';
    cases.push((magic, "no SHISHINN magic"));
    let mut version = bytes.clone();
    version[8] = 9;
    cases.push((version, "version 9"));
    // The other game's number: the file's sizes are not that game's.
    let mut other = bytes.clone();
    other[12] ^= 1;
    cases.push((other, "features"));
    let mut scale = bytes.clone();
    scale[24..28].copy_from_slice(&0i32.to_le_bytes());
    cases.push((scale, "output scale 0"));
    let mut weight = bytes.clone();
    weight[28..30].copy_from_slice(&i16::MAX.to_le_bytes());
    cases.push((weight, "weights out of range"));
    for (bad, want) in cases {
        let err = Network::from_bytes(&bad).unwrap_err();
        assert!(err.contains(want), "{want}: {err}");
    }
}

#[test]
fn the_built_in_networks_are_the_committed_files_whole() {
    for (variant, file, hash) in [
        (Variant::Chu, "chu-e6d737b0.nnue", "e6d737b0"),
        (Variant::DaiDai, "daidai-b61fa831.nnue", "b61fa831"),
    ] {
        let Some(net) = super::builtin::network(variant) else {
            // A build of another hidden width than the built-in networks' has none.
            assert_ne!(HIDDEN, 32);
            continue;
        };
        assert_eq!(net.variant, variant);
        // The reader takes the file whole: writing the parsed network gives the file back.
        let path = format!("{}/nets/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(net.to_bytes(), std::fs::read(path).unwrap());
        // The file is named by the first eight digits of the hash the engine reports.
        assert!(net.hash().starts_with(hash), "{}", net.hash());
    }
}

#[test]
fn a_host_handed_dai_dai_network_is_taken_only_if_it_is_the_built_in_one() {
    use super::builtin::{DAIDAI_FILE, provide, want, wanted};
    // Natively every network is built in: choosing dai dai asks the host for nothing.
    want(Variant::DaiDai);
    assert_eq!(wanted(), None);
    let Some(daidai) = super::builtin::network(Variant::DaiDai) else {
        assert_ne!(HIDDEN, 32);
        return;
    };
    let chu = super::builtin::network(Variant::Chu).unwrap();
    let refused = provide(&chu.to_bytes()).unwrap_err();
    assert!(refused.starts_with(DAIDAI_FILE), "{refused}");
    assert!(refused.contains("this is the chu network"), "{refused}");
    assert!(provide(b"not a network").is_err());
    let bytes = daidai.to_bytes();
    assert!(provide(&bytes[..bytes.len() / 2]).is_err());
    provide(&bytes).unwrap();
}

/// The built-in chu network's file with the output scale (bytes 24–27) and the output bias
/// (the last four bytes) replaced.
fn builtin_with(scale: i32, b2: i32) -> Vec<u8> {
    let mut bytes = super::builtin::network(Variant::Chu).unwrap().to_bytes();
    let n = bytes.len();
    bytes[24..28].copy_from_slice(&scale.to_le_bytes());
    bytes[n - 4..].copy_from_slice(&b2.to_le_bytes());
    bytes
}

#[test]
fn the_files_of_issue_40_are_refused_for_their_output_range() {
    if super::builtin::network(Variant::Chu).is_none() {
        // A build of another hidden width than the built-in network's has none.
        assert_ne!(HIDDEN, 32);
        return;
    }
    // Each passed every check before the output was bounded: the first hung the search, the
    // second overflowed, the third scored the start position as a mate.
    for (scale, b2) in [
        (100_000, -309_330),
        (1000, i32::MAX),
        (100_000, 309_330),
        (SCALE_LIMIT, i32::MIN),
        (SCALE_LIMIT, B2_LIMIT),
    ] {
        let err = Network::from_bytes(&builtin_with(scale, b2)).unwrap_err();
        assert!(
            err.contains("out of range") || err.contains("beyond"),
            "{err}"
        );
    }
    assert!(Network::from_bytes(&builtin_with(SCALE_LIMIT + 1, 0)).is_err());
    // The built-in network's own range is well inside the bound (and reaches both signs).
    let (lo, hi) = super::builtin::network(Variant::Chu)
        .unwrap()
        .output_range();
    let half = i64::from(OUTPUT_LIMIT) / 2;
    assert!(-half < lo && lo < 0 && 0 < hi && hi < half, "({lo}, {hi})");
}

/// Networks at the reader's extremes: each bound reached, none passed.
fn extreme_networks(variant: Variant) -> Vec<Network> {
    let n = features::count(variant) * HIDDEN;
    let base = |w1: i32, b1: i32, w2: i32, b2: i32| Network {
        variant,
        scale: 1,
        // Alternating signs along a row, so some units sit at each end.
        w1: (0..n)
            .map(|k| if k % 2 == 0 { w1 } else { -w1 } as i16)
            .collect(),
        b1: std::array::from_fn(|i| if i % 3 == 0 { -b1 } else { b1 }),
        w2: [w2 as i16; 2 * HIDDEN],
        b2,
    };
    let per_weight = (W2_SUM_LIMIT / (2 * HIDDEN as i64)).min(i64::from(i16::MAX)) as i32;
    // The largest first-layer weight for which a full board's accumulator stays inside
    // ±ACC_LIMIT, and the bias that takes it to the limit exactly.
    let squares = (variant.side() * variant.side()) as i32;
    let (w1, b1) = (ACC_LIMIT / squares, ACC_LIMIT % squares);
    let mut nets = vec![
        base(w1, b1, 0, B2_LIMIT),
        base(w1, b1, 0, -B2_LIMIT),
        base(w1, -b1, 0, -(1 << 20)),
        base(0, ACC_LIMIT, per_weight, 0),
        base(w1, b1, -per_weight, 0),
        base(w1 / 2, QA / 2, per_weight, -B2_LIMIT),
        base(w1 / 2, QA / 2, -per_weight, B2_LIMIT),
    ];
    let mut alternating = base(w1 / 2, QA / 2, 0, 0);
    for (i, w) in alternating.w2.iter_mut().enumerate() {
        *w = if i % 2 == 0 { per_weight } else { -per_weight } as i16;
    }
    nets.push(alternating);
    // The largest b2 at the largest scale.
    let mut biased = base(w1 / 2, QA / 2, 0, 0);
    biased.scale = SCALE_LIMIT;
    while biased.check().is_ok() {
        biased.b2 += 1000;
    }
    while biased.check().is_err() {
        biased.b2 -= 1;
    }
    let mut negative = biased.clone();
    negative.b2 = -negative.b2;
    nets.extend([biased, negative]);
    for net in &mut nets {
        // The largest scale each accepts (a binary search over the accepted ones).
        if net.scale == 1 {
            let (mut lo, mut hi) = (1, SCALE_LIMIT + 1);
            while hi - lo > 1 {
                net.scale = (lo + hi) / 2;
                if net.check().is_ok() {
                    lo = net.scale;
                } else {
                    hi = net.scale;
                }
            }
            net.scale = lo;
        }
    }
    nets
}

#[test]
fn networks_at_every_accepted_extreme_evaluate_exactly_and_never_to_a_mate_score() {
    let mut rng = Rng(0x00ee_0000_0000_0040);
    for variant in [Variant::Chu, Variant::DaiDai] {
        for net in extreme_networks(variant) {
            // Accepted, through the file too, and at the edge: one step more is refused.
            net.check().unwrap();
            let bytes = net.to_bytes();
            assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
            let mut further = net.clone();
            if net.scale < SCALE_LIMIT {
                further.scale += 1;
            } else {
                further.b2 += net.b2.signum();
            }
            assert!(
                further.check().is_err(),
                "{variant:?}: scale {} b2 {} is not the edge",
                net.scale,
                net.b2
            );
            let (lo, hi) = net.output_range();
            assert!(
                lo.abs().max(hi.abs()) > i64::from(OUTPUT_LIMIT) / 2,
                "{lo}..{hi}"
            );
            // A unit whose accumulator reaches the limit on some board: one more is refused.
            let (least, most) = net.accumulator_range();
            if let Some(i) = (0..HIDDEN).find(|&i| most[i] == ACC_LIMIT) {
                let mut wider = net.clone();
                wider.b1[i] += 1;
                assert!(wider.check().is_err(), "{variant:?} unit {i}");
            } else if let Some(i) = (0..HIDDEN).find(|&i| least[i] == -ACC_LIMIT) {
                let mut wider = net.clone();
                wider.b1[i] -= 1;
                assert!(wider.check().is_err(), "{variant:?} unit {i}");
            }
            crate::eval::network_checks::check_network(&net);
            crate::eval::network_checks::check_network_bytes(&bytes);
            // The search's incremental path on random positions: every move's evaluation is
            // the fresh one's and no score is a mate.
            let net: &'static Network = Box::leak(Box::new(net));
            for mut pos in random_positions(variant, RuleSet::Seed, &mut rng, 1, 1, 20, 120) {
                let before = fresh(&pos, net);
                let mut after = Accumulator::default();
                for mv in pos.game_moves().into_iter().take(30) {
                    before.play(&mut pos, mv, &mut after, |_| {});
                    let score = evaluate_with(&pos, &after);
                    assert_eq!(score, evaluate_with(&pos, &fresh(&pos, net)));
                    assert!(score.abs() < 2 * 800 + OUTPUT_LIMIT || score == hand_evaluate(&pos));
                    assert!(!crate::score::is_mate(score), "{score}");
                    pos.unmake();
                }
            }
        }
    }
}

#[test]
fn network_fuzz_byte_flips_and_truncations_of_the_built_in_network() {
    if super::builtin::network(Variant::Chu).is_none() {
        // A build of another hidden width than the built-in network's has none.
        assert_ne!(HIDDEN, 32);
        return;
    }
    // Seeded mutations of the built-in file: the reader never panics, and what it accepts
    // evaluates exactly and inside the bounds (`eval::network_checks::check_network_bytes`). The header,
    // the output layer and the first layer's first and last rows get most of the flips.
    let file = super::builtin::network(Variant::Chu).unwrap().to_bytes();
    let n = file.len();
    let mut rng = Rng(0x00ee_0000_0000_0041);
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..400 {
        let mut bytes = file.clone();
        let flips = 1 + rng.below(4);
        for _ in 0..flips {
            let at = match rng.below(4) {
                0 => rng.below(40),
                1 => n - 1 - rng.below(HIDDEN * 8 + 4),
                2 => 28 + rng.below(4096),
                _ => rng.below(n),
            };
            bytes[at] = match rng.below(3) {
                0 => bytes[at] ^ (1 << rng.below(8)),
                1 => 0xff,
                _ => rng.next() as u8,
            };
        }
        match case % 8 {
            0 => bytes.truncate(rng.below(n)),
            1 => bytes.extend((0..rng.below(8)).map(|_| rng.next() as u8)),
            _ => {}
        }
        crate::eval::network_checks::check_network_bytes(&bytes);
        if Network::from_bytes(&bytes).is_ok() {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        accepted > 50 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}

/// The features of `before` that `after` lacks, and the other way round.
fn difference(before: &[u32], after: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let missing = |a: &[u32], b: &[u32]| a.iter().filter(|f| !b.contains(f)).copied().collect();
    (missing(after, before), missing(before, after))
}

#[test]
fn every_simd_path_gives_the_scalar_integers_for_every_move_and_position() {
    use super::simd::Path;
    let paths = Path::available();
    assert!(paths.contains(&Path::best()), "{paths:?}");
    #[cfg(target_arch = "x86_64")]
    assert!(paths.contains(&Path::Sse2));
    let mut rng = Rng(0x00ee_0000_0000_0042);
    let mut moves_checked = 0;
    for (variant, rules) in [
        (Variant::Chu, RuleSet::Lishogi),
        (Variant::Chu, RuleSet::Seed),
        (Variant::DaiDai, RuleSet::Seed),
    ] {
        let net = random_network(variant, 11);
        for mut pos in random_positions(variant, rules, &mut rng, 2, 1, 9, 150) {
            let mut active = [Vec::new(), Vec::new()];
            for c in [Color::Black, Color::White] {
                features::active(&pos, c, &mut active[c.index()]);
            }
            let scalar = active
                .each_ref()
                .map(|a| net.accumulate_by(Path::Scalar, a));
            let us = pos.side_to_move().index();
            let out = net.output_by(Path::Scalar, &scalar[us], &scalar[1 - us]);
            for &path in &paths {
                let accs = active.each_ref().map(|a| net.accumulate_by(path, a));
                assert_eq!(accs, scalar, "{path:?}");
                assert_eq!(net.output_by(path, &accs[us], &accs[1 - us]), out);
            }
            // Every move: quiet ones (one row taken, one added), captures, promotions, lion
            // double captures and igui (up to four taken), each path from the same start.
            for mv in pos.game_moves() {
                pos.make(mv);
                let (mut adds, mut subs, mut wants) = (Vec::new(), Vec::new(), [[0; HIDDEN]; 2]);
                for c in 0..2 {
                    let mut after = Vec::new();
                    features::active(&pos, [Color::Black, Color::White][c], &mut after);
                    let (add, sub) = difference(&active[c], &after);
                    let want = net.accumulate_by(Path::Scalar, &after);
                    for &path in &paths {
                        let mut acc = scalar[c];
                        net.update_by(path, &mut acc, &add, &sub);
                        assert_eq!(acc, want, "{path:?} {mv}");
                    }
                    wants[c] = want;
                    adds.push(add);
                    subs.push(sub);
                }
                // The search's one-pass update of both perspectives into another ply's slot.
                for &path in &paths {
                    let mut slot = [[0; HIDDEN]; 2];
                    let (a, s) = ([&adds[0][..], &adds[1]], [&subs[0][..], &subs[1]]);
                    net.update_move_by(path, &scalar, &mut slot, a, s);
                    assert_eq!(slot, wants, "{path:?} {mv}");
                }
                pos.unmake();
                moves_checked += 1;
            }
        }
    }
    assert!(moves_checked > 5_000, "{moves_checked}");
}

#[test]
fn every_simd_path_wraps_and_clips_exactly_as_the_scalar_one_on_any_lanes() {
    // Random accumulators anywhere in i16 (also the ends), random rows and output weights:
    // sums wrap modulo 2^16 and dot products modulo 2^32 alike in every path, so they agree
    // even where a bounded network never goes.
    use super::simd::{self, Path, Row};
    let mut rng = Rng(0x00ee_0000_0000_0043);
    let lane = |rng: &mut Rng| match rng.below(6) {
        0 => i16::MAX,
        1 => i16::MIN,
        2 => (rng.below(2 * QA as usize + 1) as i32 - QA) as i16,
        _ => rng.next() as i16,
    };
    let rows: Vec<Row> = (0..64)
        .map(|_| std::array::from_fn(|_| lane(&mut rng)))
        .collect();
    for _ in 0..2_000 {
        let start: Row = std::array::from_fn(|_| lane(&mut rng));
        let adds: Vec<&Row> = (0..rng.below(18)).map(|_| &rows[rng.below(64)]).collect();
        let subs: Vec<&Row> = (0..rng.below(18)).map(|_| &rows[rng.below(64)]).collect();
        let (adds, subs) = (&adds[..adds.len().min(16)], &subs[..subs.len().min(16)]);
        let mut want = [0; HIDDEN];
        simd::update(Path::Scalar, &start, &mut want, adds, subs);
        let them: Row = std::array::from_fn(|_| lane(&mut rng));
        let w2: [i16; 2 * HIDDEN] = std::array::from_fn(|_| lane(&mut rng));
        let dot = simd::dot(Path::Scalar, &start, &them, &w2);
        for path in Path::available() {
            // Into a slot holding something else, as the search's next ply does.
            let mut acc = them;
            simd::update(path, &start, &mut acc, adds, subs);
            assert_eq!(acc, want, "{path:?}");
            assert_eq!(simd::dot(path, &start, &them, &w2), dot, "{path:?}");
        }
    }
}
