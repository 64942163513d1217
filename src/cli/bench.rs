//! `shishi bench perft`: fixed perft runs whose node counts double as a signature of the
//! move generator and whose speeds (median of several runs) are the figures in docs/perft.md.

use clap::{Args, ValueEnum};
use shishi::perft;
use shishi::rules::{Position, RuleSet, Variant};
use std::time::Instant;

/// What to benchmark.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum Target {
    /// The move generator (perft, one thread).
    Perft,
}

/// Arguments of `shishi bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value = "perft")]
    target: Target,
    /// Runs per position; the median is reported.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Fewer nodes for a quick look (chu depth 4, dai dai depth 3).
    #[arg(long)]
    quick: bool,
}

/// Runs `shishi bench`.
pub fn run(args: BenchArgs) -> Result<(), String> {
    match args.target {
        Target::Perft => bench_perft(&args),
    }
}

fn bench_perft(args: &BenchArgs) -> Result<(), String> {
    if args.runs == 0 || args.runs > 100 {
        return Err("--runs must be 1..=100".into());
    }
    let cases = [
        (Variant::Chu, if args.quick { 4 } else { 5 }),
        (Variant::DaiDai, if args.quick { 3 } else { 4 }),
    ];
    let mut signature = 0u64;
    for (variant, depth) in cases {
        let mut pos = Position::start(variant, RuleSet::Seed);
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..args.runs {
            let start = Instant::now();
            nodes = perft::perft(&mut pos, depth);
            times.push(start.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        signature = signature.wrapping_add(nodes);
        println!(
            "{:<7} start depth {depth}: {nodes} nodes, median {:.3} s, {:.2} Mnps",
            variant.name(),
            median,
            nodes as f64 / median / 1e6
        );
    }
    println!("signature {signature}");
    Ok(())
}
