//! The network's inference against its definition: incremental accumulators equal a fresh
//! count after every move, the evaluation is the hand-set score plus the network's output
//! (faded as the lead grows), and the file reads back exactly and refuses damage.

use super::features::{self, HIDDEN};
use super::network::{Network, QA};
use crate::eval::test_util::{Rng, random_positions};
use crate::eval::{Accumulator, evaluate_with, hand_evaluate, with_correction};
use crate::rules::{Color, Position, RuleSet, Variant};

/// A network with weights large enough that every clipping path is taken.
fn random_network(variant: Variant, seed: u64) -> &'static Network {
    let mut rng = Rng(seed);
    let mut small = |range: u64| (rng.next() % (2 * range + 1)) as i64 - range as i64;
    let w1 = (0..features::count(variant) * HIDDEN)
        .map(|_| small(QA as u64 / 4) as i16)
        .collect();
    let mut b1 = [0; HIDDEN];
    b1.iter_mut().for_each(|b| *b = small(QA as u64) as i32);
    let mut w2 = [0; 2 * HIDDEN];
    w2.iter_mut().for_each(|w| *w = small(2000) as i16);
    let net = Network {
        variant,
        scale: 1000,
        w1,
        b1,
        w2,
        b2: small(100_000) as i32,
    };
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
            for mv in pos.game_moves() {
                let after = before.play(&mut pos, mv, |_| {});
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
    let net = random_network(Variant::Chu, 3);
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
    let mut variant = bytes.clone();
    variant[12] = 1;
    cases.push((variant, "features"));
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
fn the_built_in_network_is_a_whole_chu_network_and_dai_dai_has_none() {
    // The reader takes the file whole: writing the parsed network gives the file back.
    let net = super::builtin::network(Variant::Chu).expect("chu has a built-in network");
    assert_eq!(net.variant, Variant::Chu);
    let file = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/nets/chu-57a0086b.nnue"
    ))
    .unwrap();
    assert_eq!(net.to_bytes(), file);
    // The file is named by the first eight digits of the hash the engine reports.
    assert!(net.hash().starts_with("57a0086b"), "{}", net.hash());
    assert!(super::builtin::network(Variant::DaiDai).is_none());
}
