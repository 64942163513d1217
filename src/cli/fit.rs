//! `shishi fit`: the hand-set evaluation's positional weights fitted to `shishi datagen`
//! shards (docs/training.md, "Fitting the hand-set weights").

use clap::Args;
use shishi::eval::{PARAMS, Weights};
use shishi::train::fit::{FitData, fit};
use std::time::Instant;

/// Arguments of `shishi fit`.
#[derive(Args, Debug)]
pub struct FitArgs {
    /// Shards of one game written by `shishi datagen` (uncompressed).
    #[arg(required = true)]
    files: Vec<String>,
    /// Weight of the search's score in the target; the rest is the game's result.
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Most passes over the weights (the fit stops sooner when a pass changes nothing).
    #[arg(long, default_value_t = 20)]
    passes: usize,
    /// One game in this many goes to the validation set.
    #[arg(long, default_value_t = 10)]
    validation_every: u64,
}

/// Runs `shishi fit`.
pub fn run(args: FitArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda {} is out of range (0..=1)", args.lambda));
    }
    if args.passes == 0 || args.passes > 1000 {
        return Err(format!(
            "--passes {} is out of range (1..=1000)",
            args.passes
        ));
    }
    if args.validation_every < 2 {
        return Err("--validation-every must be at least 2".into());
    }
    let started = Instant::now();
    let data = FitData::load(&args.files, args.validation_every)?;
    eprintln!(
        "fit: {} {} positions ({} for validation) read in {:.1} s",
        data.len(),
        data.variant.name(),
        data.validation_len(),
        started.elapsed().as_secs_f64()
    );
    let start = Weights::hand_set(data.variant);
    let fitted = fit(
        &data,
        start,
        args.lambda,
        args.passes,
        &mut |pass, _, loss| {
            eprintln!(
                "pass {pass:>3}: training loss {:.6}, validation loss {:.6} ({:.0} s)",
                loss.train,
                loss.validation,
                started.elapsed().as_secs_f64()
            );
        },
    );
    let (w0, l0) = fitted.start;
    let (w1, l1) = fitted.end;
    shishi::outln!(
        "{} weights, K {:.0}, {} passes: training loss {:.6} -> {:.6}, validation loss {:.6} -> {:.6}",
        data.variant.name(),
        fitted.k,
        fitted.passes,
        l0.train,
        l1.train,
        l0.validation,
        l1.validation
    );
    for p in PARAMS {
        shishi::outln!("  {:<14} {:>8} -> {}", p.name, p.get(&w0), p.get(&w1));
    }
    shishi::outln!("{w1:?}");
    Ok(())
}
