//! `shishi perft`: node counts, time and speed from a position.

use clap::Args;
use shishi::perft;
use shishi::rules::{Position, RuleSet, Variant};
use std::time::Instant;

/// Arguments of `shishi perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// chu or daidai.
    #[arg(long, value_parser = super::parse_variant, default_value = "chu")]
    variant: Variant,
    /// Chu rule set: seed or lishogi.
    #[arg(long, value_parser = super::parse_rules, default_value = "seed")]
    rules: RuleSet,
    /// Start position (default: the game's start position).
    #[arg(long)]
    sfen: Option<String>,
    /// Plies to count.
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Threads splitting the root moves (1 = no splitting).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Runs `shishi perft`.
pub fn run(args: PerftArgs) -> Result<(), String> {
    if args.threads == 0 || args.threads > 1024 {
        return Err(format!(
            "--threads {} is out of range (1..=1024)",
            args.threads
        ));
    }
    let sfen = args.sfen.as_deref().unwrap_or(args.variant.start_sfen());
    let mut pos = Position::from_sfen(args.variant, args.rules, sfen).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = if args.divide {
        let mut rows = pool.install(|| perft::divide(&pos, args.depth));
        rows.sort_by_key(|r| r.0.text());
        for (mv, n) in &rows {
            println!("{mv} {n}");
        }
        rows.iter().map(|r| r.1).sum()
    } else if args.threads > 1 {
        pool.install(|| perft::perft_parallel(&pos, args.depth))
    } else {
        perft::perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {:.3} s", secs);
    println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}
