//! `shishi analyse`: evaluations, best moves and verdicts for every ply of a game, as text,
//! JSON and an SVG graph (docs/analysis.md).

use clap::Args;
use shishi::analysis::{self, Budget, Game, Settings, game};
use shishi::files::Output;
use shishi::rules::{RuleSet, Variant};
use std::io::IsTerminal;
use std::time::Instant;

/// Arguments of `shishi analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// Start position (default: the game's start position).
    #[arg(long, conflicts_with = "record")]
    sfen: Option<String>,
    /// Moves played from the start position, USI text separated by spaces.
    #[arg(long, conflicts_with = "record")]
    moves: Option<String>,
    /// A game record written by `shishi match --out` ("-": standard input).
    #[arg(long)]
    record: Option<String>,
    /// With --record: the game whose Game tag is N (needed when the file holds several).
    #[arg(long, requires = "record")]
    game: Option<usize>,
    /// chu or daidai (default: the record's, else chu).
    #[arg(long, value_parser = super::parse_variant)]
    variant: Option<Variant>,
    /// Chu rule set: seed, lishogi or jcsa (default: the record's, else seed).
    #[arg(long, value_parser = super::parse_rules)]
    rules: Option<RuleSet>,
    /// Milliseconds of search per position (the default: 1000).
    #[arg(long, conflicts_with_all = ["nodes", "depth"])]
    movetime: Option<u64>,
    /// Nodes per position.
    #[arg(long, conflicts_with = "depth")]
    nodes: Option<u64>,
    /// Search depth per position.
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Write the JSON analysis here ("-": stdout, which then carries no text).
    #[arg(long)]
    json: Option<String>,
    /// Write the text analysis here ("-" or absent: stdout).
    #[arg(long)]
    text: Option<String>,
    /// Write the evaluation graph here (SVG).
    #[arg(long)]
    svg: Option<String>,
}

/// Where one output goes.
enum Sink {
    Stdout,
    File(Output),
}

impl Sink {
    /// Opens `path` ("-": standard output), which must not be one of `inputs`.
    fn open(path: &str, inputs: &[&str]) -> Result<Sink, String> {
        if path == "-" {
            return Ok(Sink::Stdout);
        }
        Output::create(path, inputs).map(Sink::File)
    }

    fn write(self, text: &str) -> Result<(), String> {
        match self {
            Sink::Stdout => {
                shishi::stdout::write(text);
                Ok(())
            }
            Sink::File(f) => f.write_all_once(text.as_bytes()),
        }
    }
}

/// Longest `--movetime`: an hour a position already makes a game's analysis take days.
const MAX_MOVETIME: u64 = 3_600_000;

fn budget(args: &AnalyseArgs) -> Result<Budget, String> {
    match (args.movetime, args.nodes, args.depth) {
        (_, _, Some(d)) if !(1..=100).contains(&d) => Err("--depth must be 1 to 100".into()),
        (_, _, Some(d)) => Ok(Budget::Depth(d)),
        (_, Some(0), _) => Err("--nodes must be positive".into()),
        (_, Some(n), _) => Ok(Budget::Nodes(n)),
        (Some(ms), _, _) if ms == 0 || ms > MAX_MOVETIME => Err(format!(
            "--movetime {ms} is out of range (1..={MAX_MOVETIME} ms: an hour a position)"
        )),
        (Some(ms), _, _) => Ok(Budget::Movetime(ms)),
        (None, None, None) => Ok(Budget::Movetime(1000)),
    }
}

fn read_game(args: &AnalyseArgs) -> Result<Game, String> {
    if let Some(path) = &args.record {
        let text = shishi::matches::record::read_file(path)?;
        return game::from_record(&text, args.game, args.variant, args.rules)
            .map_err(|e| format!("{path}: {e}"));
    }
    if args.sfen.is_none() && args.moves.is_none() {
        return Err("give a game: --record FILE, or --moves \"…\" (and --sfen)".into());
    }
    let variant = args.variant.unwrap_or(Variant::Chu);
    Ok(Game {
        variant,
        rules: args.rules.unwrap_or_default(),
        start_sfen: args
            .sfen
            .clone()
            .unwrap_or_else(|| variant.start_sfen().to_string()),
        moves: game::split_moves(args.moves.as_deref().unwrap_or("")),
        tags: Vec::new(),
    })
}

/// Redraws one progress line on stderr, only when stderr is a terminal (a log file or a pipe
/// gets no carriage-return noise).
struct Progress {
    on: bool,
}

impl Progress {
    fn show(&self, done: usize, total: usize) {
        if !self.on {
            return;
        }
        const WIDTH: usize = 30;
        let filled = done * WIDTH / total.max(1);
        eprint!(
            "\ranalysing [{}{}] {done}/{total} positions",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled)
        );
        if done == total {
            eprint!("\r{}\r", " ".repeat(WIDTH + 40));
        }
    }
}

/// Runs `shishi analyse`.
pub fn run(args: AnalyseArgs) -> Result<(), String> {
    // The engine's own bounds (its `Threads` and `USI_Hash` options): more threads than the
    // machine runs at once only slow each search down and break its time limit.
    let max_threads = shishi::search::max_threads();
    if args.threads == 0 || args.threads > max_threads {
        return Err(format!(
            "--threads {} is out of range (1..={max_threads}, the threads this machine runs at once)",
            args.threads
        ));
    }
    let max_hash = shishi::search::max_hash_mb();
    if args.hash == 0 || args.hash > max_hash {
        return Err(format!(
            "--hash {} is out of range (1..={max_hash})",
            args.hash
        ));
    }
    let settings = Settings {
        budget: budget(&args)?,
        threads: args.threads,
        hash_mb: args.hash,
    };
    if args.json.as_deref() == Some("-") && args.text.as_deref() == Some("-") {
        return Err("--json - and --text - cannot both use stdout".into());
    }
    let game = read_game(&args)?;
    // Check the game and open every output before the long part.
    game.replay()?;
    let inputs: Vec<&str> = args.record.as_deref().into_iter().collect();
    let open = |path: &str| Sink::open(path, &inputs);
    let json = args.json.as_deref().map(open).transpose()?;
    let text = match (args.text.as_deref(), args.json.as_deref()) {
        (Some(path), _) => Some(open(path)?),
        (None, Some("-")) => None,
        (None, _) => Some(Sink::Stdout),
    };
    let svg = args.svg.as_deref().map(open).transpose()?;
    let progress = Progress {
        on: std::io::stderr().is_terminal(),
    };
    let started = Instant::now();
    let a = analysis::analyse(game, settings, &mut |done, total| {
        progress.show(done, total)
    })?;
    log::info!(
        "analysed {} plies in {:.1} s",
        a.plies.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(sink) = json {
        sink.write(&analysis::json::write(&a))?;
    }
    if let Some(sink) = svg {
        sink.write(&analysis::svg::write(&a))?;
    }
    if let Some(sink) = text {
        sink.write(&analysis::text::write(&a))?;
    }
    Ok(())
}
