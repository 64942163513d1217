//! Command-line arguments and dispatch to the subcommands.

mod bench;
mod perft;

use clap::{Parser, Subcommand};
use shishi::rules::{RuleSet, Variant};

/// Shishi (獅子): an engine for chu shogi and dai dai shogi.
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move sequences (perft) from a position.
    Perft(perft::PerftArgs),
    /// Fixed benchmarks; `bench perft` measures the move generator.
    Bench(bench::BenchArgs),
}

/// Runs the chosen subcommand; an error is one line for stderr.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        None => Err("no protocol front end yet: use a subcommand (see --help)".into()),
    }
}

/// Parses `--variant`.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_name(s).ok_or_else(|| format!("unknown variant '{s}' (chu or daidai)"))
}

/// Parses `--rules`.
pub fn parse_rules(s: &str) -> Result<RuleSet, String> {
    RuleSet::from_name(s).ok_or_else(|| format!("unknown rule set '{s}' (seed or lishogi)"))
}
