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
        lookahead: 0,
        seed: 3,
        factorise: false,
        hidden: 32,
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
    // With virtual features the fit learns too, and its export (folded) is as exact.
    let factorised = Settings {
        factorise: true,
        ..settings
    };
    let folded = train(variant, &data, &factorised, &mut |_, _| {}).unwrap();
    let (first, last) = (folded.epochs[0].train, folded.epochs[5].train);
    assert!(
        last < first * 0.95,
        "factorised training loss {first} -> {last}"
    );
    assert!(
        folded.quantization_error < 5.0,
        "{}",
        folded.quantization_error
    );

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

#[test]
fn a_lookahead_target_averages_the_game_s_later_searches_in_the_mover_s_view() {
    // Two games; game 1 keeps plies 10, 11, 13 (12 was a capture, not kept), game 2 ply 4.
    let data = data::Dataset {
        hand: vec![0.0; 4],
        score: vec![100.0, -300.0, 500.0, 700.0],
        result: vec![1.0, 0.0, 1.0, 0.5],
        validation: vec![false; 4],
        game: vec![1, 1, 1, 2],
        ply: vec![10, 11, 13, 4],
        ..Default::default()
    };
    let k = 400.0;
    let e = |score: f32| sigmoid(score / k);
    let close = |a: f32, b: f32| (a - b).abs() < 1e-6;
    // Without lookahead: λ · sigmoid(score / K) + (1 − λ) · result.
    let plain = targets(&data, k, 0.75, 0);
    assert!(close(plain[0], 0.75 * e(100.0) + 0.25));
    assert!(close(plain[3], 0.75 * e(700.0) + 0.125));
    // Three plies on, each later search turned to this position's mover (an odd number of
    // plies later, the other side moved: its score negated). Ply 10 sees itself, ply 11
    // (+300 for ply 10's mover) and ply 13 (−500); ply 11 sees itself and ply 13 (two plies
    // later, the same mover: +500); the window never crosses into the next game.
    let ahead = targets(&data, k, 1.0, 3);
    assert!(close(ahead[0], (e(100.0) + e(300.0) + e(-500.0)) / 3.0));
    assert!(close(ahead[1], (e(-300.0) + e(500.0)) / 2.0));
    assert!(close(ahead[2], e(500.0)));
    assert!(close(ahead[3], e(700.0)));
    // One ply on, ply 11 is out of reach of ply 13 (two plies later) but not of ply 10.
    let one = targets(&data, k, 1.0, 1);
    assert!(close(one[0], (e(100.0) + e(300.0)) / 2.0));
    assert!(close(one[1], e(-300.0)));

    // A reflected copy (same game and ply, right after its position) gets the same target.
    let reflected = data::Dataset {
        hand: vec![0.0; 4],
        score: vec![100.0, 100.0, -300.0, -300.0],
        result: vec![1.0; 4],
        validation: vec![false; 4],
        game: vec![1; 4],
        ply: vec![10, 10, 11, 11],
        ..Default::default()
    };
    let t = targets(&reflected, k, 1.0, 3);
    assert!(close(t[0], t[1]) && close(t[2], t[3]), "{t:?}");
    assert!(close(t[0], (e(100.0) + e(300.0)) / 2.0));
}

#[test]
fn virtual_features_are_shared_as_documented_and_numbered_after_the_real_ones() {
    use crate::rules::Color;
    for variant in [Variant::Chu, Variant::DaiDai] {
        let (real, side) = (features::count(variant), variant.side());
        let all = real + factors::count(variant);
        let pos = Position::start(variant, RuleSet::Seed);
        let mut active = Vec::new();
        features::active(&pos, Color::Black, &mut active);
        for &f in &active {
            let [kind, rank, square] = factors::of(variant, f);
            assert!((real..all).contains(&(kind as usize)), "{kind}");
            assert!(kind < rank && rank < square && (square as usize) < all);
            for &g in &active {
                let [k2, r2, s2] = factors::of(variant, g);
                let squares = (side * side) as u32;
                let (same_piece, same_square) =
                    (f / squares == g / squares, f % squares == g % squares);
                let same_rank = f % squares / side as u32 == g % squares / side as u32;
                let theirs = |x: u32| x as usize / squares as usize / features::kinds(variant);
                assert_eq!(kind == k2, same_piece);
                assert_eq!(rank == r2, same_piece && same_rank);
                assert_eq!(square == s2, same_square && theirs(f) == theirs(g));
            }
        }
    }
}

#[test]
fn a_factorised_model_exports_the_network_its_virtual_features_add_up_to() {
    // At the built-in networks' width and at the widest a default build reads.
    for hidden in [32, 64] {
        factorised_model_exports_what_its_virtual_features_add_up_to(hidden);
    }
}

fn factorised_model_exports_what_its_virtual_features_add_up_to(hidden: usize) {
    let variant = Variant::DaiDai;
    let mut model = Model::new(variant, Width::new(hidden).unwrap(), 5, true);
    // Every row, real and virtual, made non-zero, so that a row left out of the fold shows.
    let mut state = 11u64;
    let mut small =
        |scale: f32| ((splitmix(&mut state) >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale;
    model.w1.iter_mut().for_each(|w| *w = small(0.04));
    model.b1.iter_mut().for_each(|b| *b = 0.3 + small(0.4));
    model.w2.iter_mut().for_each(|w| *w = small(0.25));
    let net = model.quantize();
    net.check().unwrap();
    assert_eq!(net.hidden(), hidden);
    let mut rng = crate::eval::test_util::Rng(3);
    let positions =
        crate::eval::test_util::random_positions(variant, RuleSet::Seed, &mut rng, 4, 3, 1, 150);
    let (mut us, mut them) = (Vec::new(), Vec::new());
    // Without the virtual rows the same real rows give another output.
    let mut unfolded = model.clone();
    unfolded.factorised = false;
    unfolded.w1.truncate(features::count(variant) * hidden);
    let (mut worst, mut apart) = (0.0f32, 0.0f32);
    for pos in &positions {
        features::active(pos, pos.side_to_move(), &mut us);
        features::active(pos, pos.side_to_move().flip(), &mut them);
        let float = OUTPUT_SCALE * model.forward(&us, &them).0;
        let int = net.output(&net.accumulate(&us), &net.accumulate(&them)) as f32;
        worst = worst.max((float - int).abs());
        apart = apart.max((float - OUTPUT_SCALE * unfolded.forward(&us, &them).0).abs());
    }
    assert!(positions.len() > 50);
    // Rounding alone: some 130 pieces' folded weights, each within 1/2048 of the float's.
    assert!(worst < 10.0, "float and exported outputs differ by {worst}");
    assert!(
        apart > 50.0,
        "the virtual rows change the output by {apart} at most"
    );
}

#[test]
fn a_unit_that_some_board_would_take_out_of_i16_is_scaled_into_it_at_export() {
    for (variant, factorise, hidden) in [
        (Variant::Chu, false, 32),
        (Variant::Chu, false, 64),
        (Variant::DaiDai, true, 32),
    ] {
        let width = network::check_width(hidden).unwrap();
        let mut model = Model::new(variant, width, 7, factorise);
        // A trained model inside the line leaves export alone, so existing commands still
        // write their files byte for byte.
        let (same, none) = model.bounded();
        assert!(none.is_empty(), "{none:?}");
        assert!(same.w1 == model.w1 && same.b1 == model.b1);
        // Unit 3 pulled up by every piece on every square: far beyond what i16 holds, and
        // unit 5 beyond it by a hair, with some weights at the clip.
        let real = features::count(variant) * hidden;
        for (k, w) in model.w1[..real].iter_mut().enumerate() {
            match k % hidden {
                3 => *w = if k % 7 == 0 { 5.0 } else { 0.6 },
                5 => *w = 0.23,
                _ => {}
            }
        }
        assert!(
            Network::from_bytes(&model.quantize().to_bytes()).is_err(),
            "unscaled, the reader refuses it"
        );
        let (exported, scaled) = model.bounded();
        let units: Vec<usize> = scaled.iter().map(|&(i, _)| i).collect();
        assert_eq!(units, [3, 5], "{variant:?}");
        assert!(scaled.iter().all(|&(_, s)| s > 0.0 && s < 1.0));
        let net = Network::from_bytes(&exported.quantize().to_bytes()).unwrap();
        // Every other unit is exported as before.
        let before = model.quantize();
        for i in (0..hidden).filter(|i| ![3, 5].contains(i)) {
            assert_eq!(net.b1[i], before.b1[i]);
            assert!((0..features::count(variant)).all(|f| net.row(f)[i] == before.row(f)[i]));
        }
    }
}

#[test]
fn a_width_the_engine_cannot_read_is_refused_before_training() {
    let settings = Settings {
        epochs: 1,
        batch: 256,
        learning_rate: 0.001,
        lambda: 0.5,
        lookahead: 0,
        seed: 1,
        factorise: false,
        hidden: 32,
    };
    let refused = |hidden| {
        let settings = Settings {
            hidden,
            ..settings.clone()
        };
        train(
            Variant::Chu,
            &data::Dataset::default(),
            &settings,
            &mut |_, _| {},
        )
        .err()
        .unwrap()
    };
    assert!(
        refused(24).starts_with("a network of 24 hidden units; this engine reads a multiple of 16"),
        "{}",
        refused(24)
    );
    let too_wide = MAX_HIDDEN + 16;
    assert!(
        refused(too_wide).contains("reads at most"),
        "{}",
        refused(too_wide)
    );
    // A width it reads goes on to the data (here: none).
    assert!(
        refused(48).contains("validation positions"),
        "{}",
        refused(48)
    );
}
