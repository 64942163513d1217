//! `shishi perft`: node counts, time and speed from a position, or a whole suite file checked
//! against its expected counts.

use clap::Args;
use shishi::perft::{self, suite};
use shishi::rules::{Position, RuleSet, Variant};
use std::io::Write;
use std::time::Instant;

/// Arguments of `shishi perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// chu or daidai.
    #[arg(long, value_parser = super::parse_variant, default_value = "chu")]
    variant: Variant,
    /// Chu rule set: seed, lishogi or jcsa.
    #[arg(long, value_parser = super::parse_rules, default_value = "seed")]
    rules: RuleSet,
    /// Start position (default: the game's start position).
    #[arg(long, conflicts_with = "suite")]
    sfen: Option<String>,
    /// Moves to play from the position before counting (USI text, space-separated).
    #[arg(long, conflicts_with = "suite", num_args = 1.., value_delimiter = ' ')]
    moves: Vec<String>,
    /// Plies to count.
    #[arg(long, required_unless_present = "suite")]
    depth: Option<u32>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Threads splitting the root moves (1 = no splitting).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Check every position of a suite file (perft-suites/*.epd) against its counts.
    #[arg(long)]
    suite: Option<std::path::PathBuf>,
    /// With --suite: skip expected counts deeper than this (1-64).
    #[arg(long, default_value_t = suite::MAX_DEPTH)]
    max_depth: u32,
}

/// Runs `shishi perft`.
pub fn run(args: PerftArgs) -> Result<(), String> {
    if args.threads == 0 || args.threads > 1024 {
        return Err(format!(
            "--threads {} is out of range (1..=1024)",
            args.threads
        ));
    }
    if args.suite.is_some() && (args.max_depth == 0 || args.max_depth > suite::MAX_DEPTH) {
        return Err(format!(
            "--max-depth {} is out of range (1..={})",
            args.max_depth,
            suite::MAX_DEPTH
        ));
    }
    if args.depth.is_some_and(|d| d > suite::MAX_DEPTH) {
        return Err(format!(
            "--depth above {} is not sensible",
            suite::MAX_DEPTH
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| e.to_string())?;
    match &args.suite {
        Some(path) => pool.install(|| run_suite(path, args.max_depth)),
        None => pool.install(|| run_one(&args)),
    }
}

fn run_one(args: &PerftArgs) -> Result<(), String> {
    let depth = args.depth.unwrap_or(1);
    let sfen = args.sfen.as_deref().unwrap_or(args.variant.start_sfen());
    let mut pos = Position::from_sfen(args.variant, args.rules, sfen).map_err(|e| e.to_string())?;
    for text in args.moves.iter().filter(|m| !m.is_empty()) {
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos.make(mv);
    }
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if args.divide {
        let mut rows = perft::divide(&pos, depth);
        rows.sort_by_key(|r| r.0.text());
        for (mv, n) in &rows {
            writeln!(out, "{mv} {n}").map_err(shishi::stdout::failed)?;
        }
        rows.iter().map(|r| r.1).sum()
    } else if args.threads > 1 {
        perft::perft_parallel(&pos, depth)
    } else {
        perft::perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "nodes {nodes}\ntime {secs:.3} s\nnps {:.0}",
        nodes as f64 / secs.max(1e-9)
    )
    .map_err(shishi::stdout::failed)
}

fn run_suite(path: &std::path::Path, max_depth: u32) -> Result<(), String> {
    let entries = suite::read_suite(path)?;
    if entries.iter().all(|e| e.counts.is_empty()) {
        return Err(format!(
            "{}: no position with a count to check",
            path.display()
        ));
    }
    let mut out = std::io::stdout().lock();
    let (mut checked, mut failed) = (0, 0);
    let start = Instant::now();
    for entry in &entries {
        let pos = entry.position()?;
        for &(depth, expected) in entry.counts.iter().filter(|c| c.0 <= max_depth) {
            let got = perft::perft_parallel(&pos, depth);
            checked += 1;
            if got != expected {
                failed += 1;
            }
            let verdict = if got == expected { "ok" } else { "MISMATCH" };
            writeln!(
                out,
                "{verdict} line {} {} D{depth} expected {expected} got {got}",
                entry.line, entry.id
            )
            .map_err(shishi::stdout::failed)?;
        }
    }
    writeln!(out, "{} passed, {failed} failed", checked - failed)
        .map_err(shishi::stdout::failed)?;
    if checked == 0 {
        return Err(format!(
            "{}: no count at depth {max_depth} or less: nothing was checked",
            path.display()
        ));
    }
    log::info!("suite took {:.1} s", start.elapsed().as_secs_f64());
    if failed > 0 {
        return Err(format!("{failed} suite counts differ"));
    }
    Ok(())
}
