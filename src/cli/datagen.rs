//! `shishi datagen`: self-play training data (docs/training.md).

use clap::Args;
use shishi::datagen::selfplay::GameSettings;
use shishi::datagen::{self, Progress, RunSettings};
use shishi::files::{Named, Output};
use shishi::rules::{RuleSet, Variant};
use std::io::{BufWriter, IsTerminal};
use std::time::{Duration, Instant};

/// Arguments of `shishi datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The shard to write (one file per run; "-" for stdout).
    #[arg(long)]
    out: String,
    /// chu or daidai.
    #[arg(long, default_value = "chu", value_parser = super::parse_variant)]
    variant: Variant,
    /// Chu rule set: seed, lishogi or jcsa.
    #[arg(long, default_value = "lishogi", value_parser = super::parse_rules)]
    rules: RuleSet,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// The run's seed: different shards need different seeds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random quiet plies at the start of each game, LO-HI (inclusive).
    #[arg(long, default_value = "8-16", value_parser = parse_range)]
    random_plies: (u32, u32),
    /// Plies after which a game is a draw (default: 500 in chu, 800 in dai dai).
    #[arg(long)]
    max_plies: Option<u32>,
    /// Score (pawn = 100) that ends a game for the leading side after six agreeing searches.
    #[arg(long, default_value_t = 3000)]
    adjudicate: i32,
    /// Games played at once, one search thread each (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Hash table per game thread, in MB. One is plenty for a search of a few thousand
    /// nodes (it holds about 43 000 entries) and stays in the core's own cache: at 16 the
    /// table's cache misses took a seventh of datagen's time (docs/search.md, "Data
    /// generation's table and the cache").
    #[arg(long, default_value_t = 1)]
    hash: usize,
    /// Seconds after which no new game starts (those under way finish).
    #[arg(long)]
    time_limit: Option<u64>,
}

/// Parses `LO-HI`.
fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a range LO-HI of plies (e.g. 8-16)");
    let (lo, hi) = s.split_once('-').ok_or_else(bad)?;
    let (lo, hi): (u32, u32) = (
        lo.parse().map_err(|_| bad())?,
        hi.parse().map_err(|_| bad())?,
    );
    if lo > hi || hi > 200 {
        return Err(format!("random plies {s}: need LO <= HI <= 200"));
    }
    Ok((lo, hi))
}

/// Refuses a network file (`--eval-file`) of another game than the one `args` plays: the
/// run would silently make its data with the hand-set evaluation alone.
pub fn refuse_other_game(args: &DatagenArgs, path: &str, network: Variant) -> Result<(), String> {
    if network == args.variant {
        return Ok(());
    }
    Err(format!(
        "--eval-file {path} is a {} network; datagen --variant {} needs a {} one",
        network.name(),
        args.variant.name(),
        args.variant.name()
    ))
}

/// Runs `shishi datagen`.
pub fn run(args: DatagenArgs) -> Result<(), String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.unwrap_or(cores);
    if threads == 0 || threads > 1024 {
        return Err(format!("--threads {threads} is out of range (1..=1024)"));
    }
    if args.hash == 0 || args.hash > 4096 {
        return Err(format!("--hash {} is out of range (1..=4096)", args.hash));
    }
    if args.nodes == 0 || args.nodes > 1_000_000_000 {
        return Err(format!(
            "--nodes {} is out of range (1..=1000000000)",
            args.nodes
        ));
    }
    if args.adjudicate < 100 || args.adjudicate > 20_000 {
        return Err(format!(
            "--adjudicate {} is out of range (100..=20000)",
            args.adjudicate
        ));
    }
    let max_plies = args.max_plies.unwrap_or(match args.variant {
        Variant::Chu => 500,
        Variant::DaiDai => 800,
    });
    if max_plies == 0 || max_plies > 10_000 {
        return Err(format!(
            "--max-plies {max_plies} is out of range (1..=10000)"
        ));
    }
    let settings = RunSettings {
        game: GameSettings {
            variant: args.variant,
            rules: args.rules,
            nodes: args.nodes,
            random_plies: args.random_plies,
            max_plies,
            adjudicate: args.adjudicate,
        },
        seed: args.seed,
        games: args.games,
        threads,
        hash_mb: args.hash,
        time_limit: args.time_limit.map(Duration::from_secs),
    };
    let mut out: Box<dyn std::io::Write> = if args.out == "-" {
        Box::new(BufWriter::new(Named::new(
            std::io::stdout().lock(),
            "standard output",
        )))
    } else {
        Box::new(BufWriter::new(Named::new(
            Output::create(&args.out, &[])?,
            &args.out,
        )))
    };
    let started = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let games = args.games;
    let line = move |p: &Progress| {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        format!(
            "datagen: {}/{games} games, {} positions, {:.0} positions/s ({:.1}/s per thread), +{} ={} -{} for Black",
            p.games,
            p.positions,
            p.positions as f64 / secs,
            p.positions as f64 / secs / threads as f64,
            p.results[0],
            p.results[1],
            p.results[2]
        )
    };
    let done = datagen::run(&settings, &mut out, &mut |p| {
        if terminal {
            eprint!("\r{}", line(p));
        }
    })?;
    if terminal {
        eprintln!();
    }
    eprintln!("{}", line(&done));
    Ok(())
}
