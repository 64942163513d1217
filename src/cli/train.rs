//! `shishi train`: a network from `shishi datagen` shards (docs/training.md).

use clap::Args;
use shishi::files::Output;
use shishi::train::{self, Settings, data, plot};
use std::time::Instant;

/// Arguments of `shishi train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Shards of one game written by `shishi datagen` (uncompressed).
    #[arg(required = true)]
    files: Vec<String>,
    /// The network file to write.
    #[arg(long)]
    out: String,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// Weight of the search's score in the target; the rest is the game's result.
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Fit the search's part of the target to the mean of the searches from this position to
    /// this many plies later in its game (0: this position's search alone).
    #[arg(long, default_value_t = 0)]
    lookahead: u32,
    /// Seed of the initial weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One game in this many goes to the validation set.
    #[arg(long, default_value_t = 20)]
    validation_every: u64,
    /// Also train on every training position reflected left for right (chu only: its pieces
    /// move alike to both sides), doubling the positions a run learns from.
    #[arg(long)]
    mirror: bool,
    /// Train with virtual features (each piece's kind, its kind on its rank, its side on its
    /// square) folded into the piece-square weights at export: dai dai's networks are.
    #[arg(long)]
    factorise: bool,
    /// Hidden units per perspective (the file records them): a multiple of 16, at most what
    /// this build reads (64 unless `SHISHI_NNUE_HIDDEN` raised it).
    #[arg(long, default_value_t = 32)]
    hidden: usize,
    /// Write the loss curves here (PNG).
    #[arg(long)]
    plot: Option<String>,
    /// Write the losses per epoch here (CSV).
    #[arg(long)]
    csv: Option<String>,
}

/// Runs `shishi train`.
pub fn run(args: TrainArgs) -> Result<(), String> {
    if args.epochs == 0 || args.epochs > 10_000 {
        return Err(format!(
            "--epochs {} is out of range (1..=10000)",
            args.epochs
        ));
    }
    if args.batch == 0 || args.batch > 1 << 20 {
        return Err(format!(
            "--batch {} is out of range (1..=1048576)",
            args.batch
        ));
    }
    if !(args.learning_rate > 0.0 && args.learning_rate <= 1.0) {
        return Err(format!(
            "--learning-rate {} is out of range (0..=1)",
            args.learning_rate
        ));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda {} is out of range (0..=1)", args.lambda));
    }
    if args.validation_every < 2 {
        return Err("--validation-every must be at least 2".into());
    }
    shishi::nnue::network::check_width(args.hidden)
        .map_err(|e| format!("--hidden {}: {e}", args.hidden))?;
    // Every output is checked (and locked) before hours of training, and none may be an input.
    let inputs: Vec<&str> = args.files.iter().map(String::as_str).collect();
    let out = Output::create(&args.out, &inputs)?;
    let csv = args
        .csv
        .as_deref()
        .map(|p| Output::create(p, &inputs))
        .transpose()?;
    let plot_out = args
        .plot
        .as_deref()
        .map(|p| Output::create(p, &inputs))
        .transpose()?;
    let started = Instant::now();
    let (variant, data) = data::load(&args.files, args.validation_every, args.mirror)?;
    let validation = data.validation.iter().filter(|&&v| v).count();
    eprintln!(
        "train: {} {} positions ({} for validation) read in {:.1} s",
        data.len(),
        variant.name(),
        validation,
        started.elapsed().as_secs_f64()
    );
    let settings = Settings {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        lookahead: args.lookahead,
        seed: args.seed,
        factorise: args.factorise,
        hidden: args.hidden,
    };
    let trained = train::train(variant, &data, &settings, &mut |epoch, loss| {
        eprintln!(
            "epoch {:>3}: training loss {:.6}, validation loss {:.6} ({:.0} s)",
            epoch + 1,
            loss.train,
            loss.validation,
            started.elapsed().as_secs_f64()
        );
    })?;
    let best = trained
        .epochs
        .iter()
        .map(|e| e.validation)
        .fold(f64::MAX, f64::min);
    out.write_all_once(&trained.network.to_bytes())?;
    shishi::outln!(
        "{}: {} network {}; K {:.0}; validation loss {best:.6} (hand-set evaluation alone {:.6}); quantization error {:.2} pawn units on average",
        args.out,
        variant.name(),
        trained.network.hash(),
        trained.k,
        trained.hand_validation,
        trained.quantization_error
    );
    if !trained.scaled_units.is_empty() {
        let units: Vec<String> = trained
            .scaled_units
            .iter()
            .map(|(i, s)| format!("unit {i} by {s:.4}"))
            .collect();
        shishi::outln!(
            "scaled at export so that no board takes an accumulator out of i16: {}",
            units.join(", ")
        );
    }
    if let Some(csv) = csv {
        let mut text = String::from("epoch,training_loss,validation_loss,hand_validation_loss\n");
        for (i, e) in trained.epochs.iter().enumerate() {
            text += &format!(
                "{},{:.6},{:.6},{:.6}\n",
                i + 1,
                e.train,
                e.validation,
                trained.hand_validation
            );
        }
        csv.write_all_once(text.as_bytes())?;
    }
    if let Some(plot_out) = plot_out {
        let train: Vec<f64> = trained.epochs.iter().map(|e| e.train).collect();
        let val: Vec<f64> = trained.epochs.iter().map(|e| e.validation).collect();
        plot_out.write_all_once(&plot::png(&train, &val, trained.hand_validation))?;
    }
    Ok(())
}
