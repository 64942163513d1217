//! The network's inference against its definition: incremental accumulators equal a fresh
//! count after every move, the evaluation is the hand-set score plus the network's output
//! (faded as the lead grows), and the file reads back exactly and refuses damage. Networks of
//! the built-in width (32) and of the widest a default build reads (64) are run side by side:
//! the width is each file's own.

use super::features::{self, MAX_HIDDEN};
use super::network::{ACC_LIMIT, B2_LIMIT, Network, OUTPUT_LIMIT, QA, SCALE_LIMIT, W2_SUM_LIMIT};
use super::simd::{self, Path, Row, Width};
use crate::eval::test_util::{Rng, random_positions};
use crate::eval::{Accumulator, evaluate_with, hand_evaluate, with_correction};
use crate::rules::{Color, Position, RuleSet, Variant};

/// The widths the tests run networks of: the built-in networks' and the widest a default
/// build reads.
const WIDTHS: [usize; 2] = [32, 64];

/// A network of `hidden` units with weights large enough that every clipping path is taken.
fn random_network(variant: Variant, hidden: usize, seed: u64) -> &'static Network {
    let mut rng = Rng(seed);
    let mut small = |range: u64| (rng.next() % (2 * range + 1)) as i64 - range as i64;
    let w1 = (0..features::count(variant) * hidden)
        .map(|_| small(QA as u64 / 16) as i16)
        .collect();
    let b1: Vec<i32> = (0..hidden).map(|_| small(QA as u64) as i32).collect();
    let w2: Vec<i16> = (0..2 * hidden)
        .map(|_| small(400 * 32 / hidden as u64) as i16)
        .collect();
    let b2 = small(100_000) as i32;
    let net = Network::new(variant, width(hidden), 1000, w1, &b1, &w2, b2);
    net.check().expect("a network the reader accepts");
    Box::leak(Box::new(net))
}

fn width(hidden: usize) -> Width {
    Width::new(hidden).unwrap()
}

/// `net` widened to `hidden` units: each new unit a copy of an old one's first-layer weights
/// (so every bound still holds) with no output weight, so the wider network's output is
/// `net`'s on every board while its accumulators hold twice the lanes.
fn widened(net: &Network, hidden: usize) -> Network {
    let old = net.hidden();
    let w1 = net
        .w1()
        .chunks_exact(old)
        .flat_map(|row| (0..hidden).map(move |i| row[i % old]))
        .collect();
    let b1: Vec<i32> = (0..hidden).map(|i| net.b1[i % old]).collect();
    let w2: Vec<i16> = (0..2 * hidden)
        .map(|i| {
            let (half, unit) = (i / hidden, i % hidden);
            if unit < old { net.w2[half][unit] } else { 0 }
        })
        .collect();
    Network::new(net.variant, width(hidden), net.scale, w1, &b1, &w2, net.b2)
}

/// The first `hidden` lanes of both perspectives' accumulators: what a network's results
/// depend on (a slot's lanes past them hold whatever was there).
fn used(accs: &[Row; 2], hidden: usize) -> [&[i16]; 2] {
    accs.each_ref().map(|a| &a[..hidden])
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
        for hidden in WIDTHS {
            let net = random_network(variant, hidden, 7);
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
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn the_evaluation_is_the_hand_set_score_plus_the_networks_faded_output_for_the_side_to_move() {
    let mut rng = Rng(0x00ee_0000_0000_0002);
    for (variant, hidden) in [
        (Variant::Chu, 32),
        (Variant::Chu, 64),
        (Variant::DaiDai, 64),
    ] {
        let net = random_network(variant, hidden, 9);
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
        for hidden in WIDTHS {
            file_reads_back_and_damage_is_refused(variant, hidden);
        }
    }
}

fn file_reads_back_and_damage_is_refused(variant: Variant, hidden: usize) {
    let net = random_network(variant, hidden, 3);
    let bytes = net.to_bytes();
    // The file's size is its width's: nothing of the accumulators' unused lanes is written.
    let n = features::count(variant);
    assert_eq!(
        bytes.len(),
        28 + 2 * n * hidden + 4 * hidden + 4 * hidden + 4
    );
    assert_eq!(
        u32::from_le_bytes(bytes[20..24].try_into().unwrap()),
        hidden as u32
    );
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
    // Another width in the header: the sizes that follow are not that width's.
    for other in [hidden - 16, hidden + 16] {
        let mut width = bytes.clone();
        width[20..24].copy_from_slice(&(other as u32).to_le_bytes());
        let why = if other > MAX_HIDDEN {
            "hidden units; this engine reads at most"
        } else if other < hidden {
            "past the network's end"
        } else {
            "cut short"
        };
        cases.push((width, why));
    }
    for (bad, want) in cases {
        let err = Network::from_bytes(&bad).unwrap_err();
        assert!(err.contains(want), "{want}: {err}");
    }
}

#[test]
fn the_built_in_networks_are_the_committed_files_whole() {
    for (variant, file, hash, hidden) in [
        (Variant::Chu, "chu-269e197c.nnue", "269e197c", 64),
        (Variant::DaiDai, "daidai-b61fa831.nnue", "b61fa831", 32),
    ] {
        assert_eq!(super::builtin::file_name(variant), file);
        // Natively both are built in, each at its own width.
        let net = super::builtin::network(variant).unwrap();
        assert_eq!((net.variant, net.hidden()), (variant, hidden));
        // The reader takes the file whole: writing the parsed network gives the file back.
        let path = format!("{}/nets/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(net.to_bytes(), std::fs::read(path).unwrap());
        // The file is named by the first eight digits of the hash the engine reports.
        assert!(net.hash().starts_with(hash), "{}", net.hash());
    }
}

#[test]
fn a_host_handed_network_is_taken_only_if_it_is_the_built_in_one() {
    use super::builtin::{CHU_FILE, DAIDAI_FILE, check, give_up, provide, want, wanted};
    // Natively every network is built in: nothing is ever asked of a host, and an answer
    // nobody asked for is refused without touching anything.
    for variant in [Variant::Chu, Variant::DaiDai] {
        want(variant);
        assert_eq!(wanted(), None);
    }
    assert!(provide(b"not a network").is_err());
    assert!(give_up("offline").contains("no network file was asked for"));
    // What the WebAssembly build checks a handed-over file with (`provide`).
    for (variant, name, other) in [
        (Variant::Chu, CHU_FILE, Variant::DaiDai),
        (Variant::DaiDai, DAIDAI_FILE, Variant::Chu),
    ] {
        let bytes = super::builtin::network(variant).unwrap().to_bytes();
        assert!(check(variant, &bytes).unwrap() == *super::builtin::network(variant).unwrap());
        // The other game's network under this one's name.
        let other_bytes = super::builtin::network(other).unwrap().to_bytes();
        let refused = check(variant, &other_bytes).unwrap_err();
        assert!(refused.starts_with(&format!("{name}: this is the {} network", other.name())));
        assert!(refused.ends_with("not the built-in one"), "{refused}");
        // A valid network of the right game whose hash is not the name's: one output bias
        // changed (the last four bytes).
        let mut retrained = bytes.clone();
        let n = retrained.len();
        retrained[n - 4] ^= 1;
        let refused = check(variant, &retrained).unwrap_err();
        assert!(
            refused.contains(&format!("this is the {} network", variant.name())),
            "{refused}"
        );
        // Not a network, or cut short.
        assert!(
            check(variant, b"not a network")
                .unwrap_err()
                .starts_with(name)
        );
        assert!(
            check(variant, &bytes[..n / 2])
                .unwrap_err()
                .starts_with(name)
        );
    }
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
    // The built-in network's own range is inside the bound with a quarter of it to spare
    // (and reaches both signs).
    let (lo, hi) = super::builtin::network(Variant::Chu)
        .unwrap()
        .output_range();
    let room = i64::from(OUTPUT_LIMIT) * 3 / 4;
    assert!(-room < lo && lo < 0 && 0 < hi && hi < room, "({lo}, {hi})");
}

/// Networks of `hidden` units at the reader's extremes: each bound reached, none passed.
fn extreme_networks(variant: Variant, hidden: usize) -> Vec<Network> {
    let n = features::count(variant) * hidden;
    let base = |w1: i32, b1: i32, w2: i32, b2: i32| {
        Network::new(
            variant,
            width(hidden),
            1,
            // Alternating signs along a row, so some units sit at each end.
            (0..n)
                .map(|k| if k % 2 == 0 { w1 } else { -w1 } as i16)
                .collect(),
            &(0..hidden)
                .map(|i| if i % 3 == 0 { -b1 } else { b1 })
                .collect::<Vec<_>>(),
            &vec![w2 as i16; 2 * hidden],
            b2,
        )
    };
    let per_weight = (W2_SUM_LIMIT / (2 * hidden as i64)).min(i64::from(i16::MAX)) as i32;
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
    for half in &mut alternating.w2 {
        for (i, w) in half[..hidden].iter_mut().enumerate() {
            *w = if i % 2 == 0 { per_weight } else { -per_weight } as i16;
        }
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
    for (variant, hidden) in [
        (Variant::Chu, 32),
        (Variant::Chu, 64),
        (Variant::DaiDai, 32),
    ] {
        for net in extreme_networks(variant, hidden) {
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
            if let Some(i) = (0..hidden).find(|&i| most[i] == ACC_LIMIT) {
                let mut wider = net.clone();
                wider.b1[i] += 1;
                assert!(wider.check().is_err(), "{variant:?} unit {i}");
            } else if let Some(i) = (0..hidden).find(|&i| least[i] == -ACC_LIMIT) {
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
    // Seeded mutations of the built-in file: the reader never panics, and what it accepts
    // evaluates exactly and inside the bounds (`eval::network_checks::check_network_bytes`). The header,
    // the output layer and the first layer's first and last rows get most of the flips.
    let net = super::builtin::network(Variant::Chu).unwrap();
    let (file, hidden) = (net.to_bytes(), net.hidden());
    let n = file.len();
    let mut rng = Rng(0x00ee_0000_0000_0041);
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..400 {
        let mut bytes = file.clone();
        let flips = 1 + rng.below(4);
        for _ in 0..flips {
            let at = match rng.below(4) {
                0 => rng.below(40),
                1 => n - 1 - rng.below(hidden * 8 + 4),
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
        for hidden in WIDTHS {
            let net = random_network(variant, hidden, 11);
            for mut pos in random_positions(variant, rules, &mut rng, 2, 1, 9, 150) {
                moves_checked += paths_agree_on_every_move(net, &mut pos, &paths);
            }
        }
    }
    assert!(moves_checked > 10_000, "{moves_checked}");
}

/// Checks every path against the scalar one on `pos` and after each of its moves (see the
/// test above); returns the number of moves.
fn paths_agree_on_every_move(net: &Network, pos: &mut Position, paths: &[Path]) -> usize {
    let hidden = net.hidden();
    let mut active = [Vec::new(), Vec::new()];
    for c in [Color::Black, Color::White] {
        features::active(pos, c, &mut active[c.index()]);
    }
    let scalar = active
        .each_ref()
        .map(|a| net.accumulate_by(Path::Scalar, a));
    let us = pos.side_to_move().index();
    let out = net.output_by(Path::Scalar, &scalar[us], &scalar[1 - us]);
    for &path in paths {
        let accs = active.each_ref().map(|a| net.accumulate_by(path, a));
        assert_eq!(accs, scalar, "{path:?}");
        assert_eq!(net.output_by(path, &accs[us], &accs[1 - us]), out);
    }
    // Every move: quiet ones (one row taken, one added), captures, promotions, lion double
    // captures and igui (up to four taken), each path from the same start.
    let moves = pos.game_moves();
    for &mv in &moves {
        pos.make(mv);
        let (mut adds, mut subs, mut wants) = (Vec::new(), Vec::new(), [[0; MAX_HIDDEN]; 2]);
        for c in 0..2 {
            let mut after = Vec::new();
            features::active(pos, [Color::Black, Color::White][c], &mut after);
            let (add, sub) = difference(&active[c], &after);
            let want = net.accumulate_by(Path::Scalar, &after);
            for &path in paths {
                let mut acc = scalar[c];
                net.update_by(path, &mut acc, &add, &sub);
                assert_eq!(acc, want, "{path:?} {mv}");
            }
            wants[c] = want;
            adds.push(add);
            subs.push(sub);
        }
        // The search's one-pass update of both perspectives into another ply's slot, which
        // holds another board's lanes: the used ones are all overwritten.
        for &path in paths {
            let mut slot = [[-7; MAX_HIDDEN]; 2];
            let (a, s) = ([&adds[0][..], &adds[1]], [&subs[0][..], &subs[1]]);
            net.update_move_by(path, &scalar, &mut slot, a, s);
            assert_eq!(used(&slot, hidden), used(&wants, hidden), "{path:?} {mv}");
            assert!(slot.iter().all(|s| s[hidden..].iter().all(|&l| l == -7)));
        }
        pos.unmake();
    }
    moves.len()
}

#[test]
fn a_network_widened_with_silent_units_evaluates_as_the_narrow_one_on_every_path() {
    // 32 units more, copies of the first 32 with no output weight: accumulators twice as
    // wide, the same outputs, from scratch and after every move.
    let mut rng = Rng(0x00ee_0000_0000_0044);
    for variant in [Variant::Chu, Variant::DaiDai] {
        let narrow = random_network(variant, 32, 13);
        let wide: &'static Network = Box::leak(Box::new(widened(narrow, 64)));
        wide.check().unwrap();
        assert_eq!(wide.hidden(), 64);
        assert_eq!(wide.output_range(), narrow.output_range());
        for mut pos in random_positions(variant, RuleSet::Seed, &mut rng, 1, 1, 9, 120) {
            for mv in pos.game_moves().into_iter().take(40) {
                pos.make(mv);
                assert_eq!(
                    evaluate_with(&pos, &fresh(&pos, wide)),
                    evaluate_with(&pos, &fresh(&pos, narrow)),
                    "{}",
                    pos.to_sfen()
                );
                let mut active = [Vec::new(), Vec::new()];
                for c in [Color::Black, Color::White] {
                    features::active(&pos, c, &mut active[c.index()]);
                }
                for path in Path::available() {
                    let [a, b] = active.each_ref().map(|a| wide.accumulate_by(path, a));
                    let [c, d] = active.each_ref().map(|a| narrow.accumulate_by(path, a));
                    assert_eq!(a[..32], a[32..64], "{path:?}");
                    assert_eq!(a[..32], c[..32], "{path:?}");
                    assert_eq!(wide.output_by(path, &a, &b), narrow.output_by(path, &c, &d));
                }
                pos.unmake();
            }
        }
    }
}

#[test]
fn widths_the_engine_cannot_run_are_refused_with_the_reason() {
    // A whole file of each width (zero weights, every size the width's): the width alone is
    // wrong. Then headers alone with widths far out of range, which must not be read on.
    let file = |hidden: usize| {
        let n = features::count(Variant::Chu);
        let mut bytes = b"SHISHINN".to_vec();
        for v in [1, 0, n as u32, hidden as u32, 1000] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.resize(
            bytes.len() + 2 * n * hidden + 4 * hidden + 4 * hidden + 4,
            0,
        );
        bytes
    };
    for hidden in (16..=MAX_HIDDEN).step_by(16) {
        let net = Network::from_bytes(&file(hidden)).unwrap();
        assert_eq!(net.hidden(), hidden);
        assert_eq!(net.to_bytes(), file(hidden));
    }
    for hidden in [0, 8, 24, 40, MAX_HIDDEN - 1] {
        assert_eq!(
            Network::from_bytes(&file(hidden)).unwrap_err(),
            format!(
                "a chu network of {hidden} hidden units; this engine reads a multiple of 16 from 16 to {MAX_HIDDEN}"
            )
        );
    }
    for hidden in [
        MAX_HIDDEN + 1,
        MAX_HIDDEN + 16,
        1024,
        1 << 20,
        u32::MAX as usize,
    ] {
        let mut bytes = if hidden <= 1024 {
            file(hidden)
        } else {
            file(16)[..28].to_vec()
        };
        bytes[20..24].copy_from_slice(&(hidden as u32).to_le_bytes());
        let err = Network::from_bytes(&bytes).unwrap_err();
        assert_eq!(
            err,
            format!(
                "a chu network of {hidden} hidden units; this engine reads at most {MAX_HIDDEN} (SHISHI_NNUE_HIDDEN raises it at build time)"
            )
        );
    }
}

#[test]
fn every_simd_path_wraps_and_clips_exactly_as_the_scalar_one_on_any_lanes() {
    // Random accumulators anywhere in i16 (also the ends), random rows and output weights:
    // sums wrap modulo 2^16 and dot products modulo 2^32 alike in every path, so they agree
    // even where a bounded network never goes. Every width a build reads, so each count of
    // registers a block can have (and with SHISHI_NNUE_HIDDEN raised, several blocks).
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
    for hidden in (16..=MAX_HIDDEN).step_by(16) {
        for _ in 0..500 {
            let start: Row = std::array::from_fn(|_| lane(&mut rng));
            let adds: Vec<&Row> = (0..rng.below(18)).map(|_| &rows[rng.below(64)]).collect();
            let subs: Vec<&Row> = (0..rng.below(18)).map(|_| &rows[rng.below(64)]).collect();
            let (adds, subs) = (&adds[..adds.len().min(16)], &subs[..subs.len().min(16)]);
            let them: Row = std::array::from_fn(|_| lane(&mut rng));
            let mut want = them;
            simd::update(Path::Scalar, width(hidden), &start, &mut want, adds, subs);
            // The lanes past the width are left as they were.
            assert_eq!(want[hidden..], them[hidden..]);
            let w2: [Row; 2] = std::array::from_fn(|_| std::array::from_fn(|_| lane(&mut rng)));
            let dot = simd::dot(Path::Scalar, width(hidden), &start, &them, &w2);
            for path in Path::available() {
                // Into a slot holding something else, as the search's next ply does.
                let mut acc = them;
                simd::update(path, width(hidden), &start, &mut acc, adds, subs);
                assert_eq!(acc, want, "{path:?} {hidden}");
                assert_eq!(
                    simd::dot(path, width(hidden), &start, &them, &w2),
                    dot,
                    "{path:?} {hidden}"
                );
            }
        }
    }
}

#[test]
fn a_width_is_a_multiple_of_16_up_to_the_accumulators_length() {
    let widths: Vec<usize> = (0..=MAX_HIDDEN + 64)
        .filter(|&h| Width::new(h).is_some())
        .collect();
    assert_eq!(widths, (16..=MAX_HIDDEN).step_by(16).collect::<Vec<_>>());
    assert_eq!(Width::new(48).map(Width::get), Some(48));
}
