//! The trainer's smoke run: a few thousand self-play positions, a few epochs; the loss must
//! fall, and the exported integer network must give the engine the outputs the trainer's float
//! model gives, within the quantization's rounding.

use super::*;
use crate::datagen::{self, RunSettings, selfplay::GameSettings};
use crate::eval::{Accumulator, evaluate_with, hand_evaluate, with_correction};
use crate::rules::{Position, RuleSet};

fn shard(seed: u64) -> String {
    let settings = RunSettings {
        game: GameSettings {
            variant: Variant::Chu,
            rules: RuleSet::Lishogi,
            nodes: 300,
            random_plies: (4, 12),
            max_plies: 160,
            adjudicate: 3000,
        },
        seed,
        games: 24,
        threads: 2,
        hash_mb: 1,
        time_limit: None,
    };
    let mut bytes = Vec::new();
    datagen::run(&settings, &mut bytes, &mut |_| {}).unwrap();
    let path = std::env::temp_dir().join(format!("shishi-train-{}-{seed}.txt", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_smoke_run_lowers_the_loss_and_the_engine_runs_the_exported_network_as_trained() {
    let paths = vec![shard(1), shard(2)];
    let (variant, data) = data::load(&paths, 5, false).unwrap();
    assert!(data.len() > 2_000, "{} positions", data.len());
    let settings = Settings {
        epochs: 6,
        batch: 256,
        learning_rate: 0.001,
        lambda: 0.5,
        seed: 3,
    };
    let mut seen = Vec::new();
    let trained = train(variant, &data, &settings, &mut |e, l| {
        seen.push((e, l.train))
    })
    .unwrap();
    assert_eq!(seen.len(), 6);
    let (first, last) = (trained.epochs[0].train, trained.epochs[5].train);
    assert!(last < first * 0.95, "training loss {first} -> {last}");
    assert!(
        trained.quantization_error < 5.0,
        "{}",
        trained.quantization_error
    );
    assert!((50.0..5000.0).contains(&trained.k), "K {}", trained.k);

    // The engine's evaluation with the exported network: the hand-set score plus the integer
    // output (faded as the lead grows), which is the float model's within rounding.
    let net: &'static Network = Box::leak(Box::new(trained.network));
    let mut nonzero = 0;
    for path in &paths {
        let mut reader = crate::datagen::format::Reader::open(path).unwrap();
        while let Some((_, pos)) = reader.next_sample().unwrap() {
            let engine = evaluate_with(&pos, &Accumulator::with_network(&pos, Some(net)));
            let (mut us, mut them) = (Vec::new(), Vec::new());
            features::active(&pos, pos.side_to_move(), &mut us);
            features::active(&pos, pos.side_to_move().flip(), &mut them);
            let out = net.output(&net.accumulate(&us), &net.accumulate(&them));
            assert_eq!(engine, with_correction(hand_evaluate(&pos), out));
            nonzero += usize::from(out != 0);
        }
    }
    assert!(
        nonzero > 1_000,
        "the trained network's output is zero on {nonzero} positions"
    );
    for p in paths {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn the_plot_is_a_png_of_the_promised_size() {
    let png = plot::png(&[0.3, 0.2, 0.15], &[0.31, 0.25, 0.24], 0.28);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 640);
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 360);
    assert_eq!(&png[png.len() - 8..png.len() - 4], b"IEND");
}

#[test]
fn mirroring_adds_every_training_position_reflected_and_refuses_dai_dai() {
    let paths = vec![shard(4)];
    let (_, plain) = data::load(&paths, 5, false).unwrap();
    let (_, mirrored) = data::load(&paths, 5, true).unwrap();
    let training = plain.validation.iter().filter(|&&v| !v).count();
    assert!(training > 500 && training < plain.len());
    assert_eq!(mirrored.len(), plain.len() + training);
    // Each training position is followed by its reflection: the same score and result, every
    // feature on the mirrored file (a feature is kind · 144 + rank · 12 + file).
    let reflect = |fs: &[u32]| {
        let mut v: Vec<u32> = fs.iter().map(|&f| f - f % 12 + (11 - f % 12)).collect();
        v.sort();
        v
    };
    let sorted = |fs: &[u32]| {
        let mut v = fs.to_vec();
        v.sort();
        v
    };
    let mut j = 0;
    for i in 0..plain.len() {
        assert_eq!(plain.features_of(i), mirrored.features_of(j));
        assert_eq!(plain.validation[i], mirrored.validation[j]);
        j += 1;
        if !plain.validation[i] {
            let ((us, them), (rus, rthem)) = (plain.features_of(i), mirrored.features_of(j));
            assert_eq!(reflect(us), sorted(rus));
            assert_eq!(reflect(them), sorted(rthem));
            assert_eq!(
                (plain.score[i], plain.result[i]),
                (mirrored.score[j], mirrored.result[j])
            );
            assert!(!mirrored.validation[j]);
            j += 1;
        }
    }
    assert_eq!(j, mirrored.len());

    let daidai = std::env::temp_dir().join(format!("shishi-train-dd-{}.txt", std::process::id()));
    let text = format!(
        "#shishi-datagen v1 variant=daidai rules=seed nodes=300 seed=1\n{};0;0;0;0\n",
        Position::start(Variant::DaiDai, RuleSet::Seed).to_sfen()
    );
    std::fs::write(&daidai, text).unwrap();
    let daidai = daidai.to_string_lossy().into_owned();
    let err = data::load(std::slice::from_ref(&daidai), 5, true)
        .err()
        .unwrap();
    assert!(err.contains("one-sided pieces"), "{err}");
    assert!(data::load(std::slice::from_ref(&daidai), 5, false).is_ok());
    for p in paths.iter().chain([&daidai]) {
        let _ = std::fs::remove_file(p);
    }
}
