//! Command-line arguments and dispatch to the subcommands.

mod analyse;
mod bench;
mod bench_limits;
mod datacheck;
mod datagen;
mod fit;
mod match_cmd;
mod mate_cmd;
mod perft;
mod summary_cmd;
mod train;
mod web_cmd;

use clap::{Parser, Subcommand};
use shishi::rules::{RuleSet, Variant};

/// Shishi (獅子): an engine for chu shogi and dai dai shogi.
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Protocol when no subcommand is given: usi, uci or xboard (default: detected from the
    /// first command on stdin).
    #[arg(long, value_parser = parse_protocol)]
    protocol: Option<shishi::protocol::Protocol>,
    /// A network file (`shishi train`) that judges its game, `<built-in>` (the default: the
    /// networks built into the binary) or `<empty>` (the hand-set evaluation alone): in the
    /// protocol loop (as the `EvalFile` option would) and in `bench`, `analyse` and `datagen`
    /// (before the subcommand: `shishi --eval-file net.nnue bench`).
    #[arg(long)]
    eval_file: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move sequences (perft) from a position.
    Perft(perft::PerftArgs),
    /// Fixed benchmarks; `bench perft` measures the move generator.
    Bench(bench::BenchArgs),
    /// Engine-vs-engine matches (USI, UCI, XBoard engines), refereed by the rules code.
    Match(match_cmd::MatchArgs),
    /// Analyse a game: evaluation, best move and verdict per ply (text, JSON, SVG graph).
    Analyse(analyse::AnalyseArgs),
    /// The match result (cross table, SPRT) of `shishi match --out` records merged from any
    /// number of runs or shards, then clock and conversion figures.
    Summary(summary_cmd::SummaryArgs),
    /// Self-play training data for a learned evaluation (docs/training.md).
    Datagen(datagen::DatagenArgs),
    /// Train a network on `datagen` shards (docs/training.md).
    Train(train::TrainArgs),
    /// Fit the hand-set evaluation's positional weights to `datagen` shards (Texel tuning).
    Fit(fit::FitArgs),
    /// Check training-data shards and count what they hold.
    Datacheck(datacheck::DatacheckArgs),
    /// Solve mate problems (a file of positions) with the proof-number mate solver.
    Mate(mate_cmd::MateArgs),
    /// Serve the web board (web/dist, built by web/build.sh) on localhost with the headers
    /// that enable the engine's threads.
    Web(web_cmd::WebArgs),
}

/// Runs the chosen subcommand; an error is one line for stderr.
pub fn run(cli: Cli) -> Result<(), String> {
    if let Some(value) = &cli.eval_file {
        let (report, game) = shishi::protocol::eval_file::set_for(value)?;
        log::info!("{report}");
        if let (Some(game), Some(Command::Datagen(args))) = (game, &cli.command) {
            datagen::refuse_other_game(args, value, game)?;
        }
    }
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Match(args)) => match_cmd::run(args),
        Some(Command::Analyse(args)) => analyse::run(args),
        Some(Command::Summary(args)) => summary_cmd::run(args),
        Some(Command::Web(args)) => web_cmd::run(args),
        Some(Command::Datagen(args)) => datagen::run(args),
        Some(Command::Datacheck(args)) => datacheck::run(args),
        Some(Command::Train(args)) => train::run(args),
        Some(Command::Fit(args)) => fit::run(args),
        Some(Command::Mate(args)) => mate_cmd::run(args),
        None => shishi::protocol::run(cli.protocol),
    }
}

/// Parses `--protocol`.
fn parse_protocol(s: &str) -> Result<shishi::protocol::Protocol, String> {
    shishi::protocol::Protocol::from_name(s)
        .ok_or_else(|| format!("unknown protocol '{s}' (usi, uci or xboard)"))
}

/// Parses `--variant`.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_name(s).ok_or_else(|| format!("unknown variant '{s}' (chu or daidai)"))
}

/// Parses `--rules`.
pub fn parse_rules(s: &str) -> Result<RuleSet, String> {
    RuleSet::from_name(s).ok_or_else(|| format!("unknown rule set '{s}' (seed, lishogi or jcsa)"))
}
