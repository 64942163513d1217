//! `shishi summary`: the match result of `shishi match --out` records merged from any number
//! of runs or shards, and clock and conversion figures from them
//! (docs/match.md, "Summary of records").

use clap::Args;
use shishi::analysis::{game, moves_left};
use shishi::matches::adjudication::Adjudication;
use shishi::matches::stats::SprtParams;
use shishi::matches::{record, summary};

/// Arguments of `shishi summary`.
#[derive(Args, Debug)]
pub struct SummaryArgs {
    /// Record files written by `shishi match --out` ("-": standard input).
    #[arg(required = true)]
    files: Vec<String>,
    /// Plies at which to report the clock left (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "100,200,300")]
    at: Vec<usize>,
    /// Score (centipawns, the mover's side) from which a game counts as judged won.
    #[arg(long, default_value_t = 1500)]
    above: i32,
    /// Instead: the moves left by the share of pieces on the board, over the games that ended
    /// by the rules (the data of the clock allocation, docs/search.md).
    #[arg(long)]
    moves_left: bool,
    /// Instead: per game, the share of pieces on the board before each ply (the input of
    /// tools/time-model/simulate.py).
    #[arg(long, conflicts_with = "moves_left")]
    phases: bool,
    /// The SPRT to judge the merged games by (elo0=0 elo1=5 alpha=0.05 beta=0.05); default:
    /// the one the records name.
    #[arg(long, num_args = 1..=4)]
    sprt: Option<Vec<String>>,
    /// Score the games as `shishi match --adjudicate CP` would have (from their `Scores`),
    /// and say how the games it ends early went on as played.
    #[arg(long, value_name = "CP")]
    adjudicate: Option<u64>,
    /// Consecutive plies whose scores must agree for --adjudicate.
    #[arg(long, default_value_t = 6, requires = "adjudicate")]
    adjudicate_plies: u64,
}

/// Runs `shishi summary`.
pub fn run(args: SummaryArgs) -> Result<(), String> {
    if args.moves_left || args.phases {
        return phases(&args.files, args.phases);
    }
    let sprt = args
        .sprt
        .as_deref()
        .map(|w| SprtParams::parse(w).map_err(|e| format!("--sprt: {e}")))
        .transpose()?;
    let rule = args
        .adjudicate
        .map(|cp| Adjudication::new(cp, args.adjudicate_plies))
        .transpose()?;
    let mut games = Vec::new();
    let mut results = Vec::new();
    for f in &args.files {
        let text = record::read_file(f)?;
        for block in record::read(&text).map_err(|e| format!("{f}: {e}"))? {
            results.push(summary::GameResult::of(&block).map_err(|e| format!("{f}: {e}"))?);
            let mut figures = summary::GameFigures::of(&block).map_err(|e| format!("{f}: {e}"))?;
            figures.shares = shares(&block, figures.plies).map_err(|e| format!("{f}: {e}"))?;
            games.push(figures);
        }
    }
    if games.is_empty() {
        return Err("no game records in the given files".into());
    }
    if let Some(rule) = &rule {
        shishi::out!("{}", summary::adjudicate(&mut results, &games, rule));
    }
    shishi::outln!("{}", summary::results(&results, sprt)?);
    shishi::out!("{}", summary::report(&games, &args.at, args.above));
    Ok(())
}

/// The share of the start position's pieces before each ply of the block's game (the
/// conversion's split by phase). A block whose variant, rule set, position or moves do not
/// read and replay is an error: its figures would describe no game.
fn shares(block: &record::RecordBlock, plies: usize) -> Result<Vec<f64>, String> {
    let at = block.first_line;
    let mut shares = game::from_block(block)
        .and_then(|g| moves_left::shares(&g))
        .map_err(|e| {
            if e.starts_with("game at line") {
                e
            } else {
                format!("game at line {at}: {e}")
            }
        })?;
    // Before each ply only: not the final position's.
    shares.truncate(plies);
    Ok(shares)
}

/// `--moves-left` (the table) or `--phases` (the per-ply shares).
fn phases(files: &[String], per_ply: bool) -> Result<(), String> {
    let mut games = Vec::new();
    for f in files {
        let text = record::read_file(f)?;
        games.extend(game::all_records(&text).map_err(|e| format!("{f}: {e}"))?);
    }
    if games.is_empty() {
        return Err("no game records in the given files".into());
    }
    if per_ply {
        shishi::out!("{}", moves_left::phase_lines(&games)?);
        return Ok(());
    }
    let (rows, skipped) = moves_left::phase_table(&games)?;
    if rows.is_empty() {
        return Err("no game in the given files ended by the rules".into());
    }
    shishi::out!("{}", moves_left::report(&rows, skipped));
    Ok(())
}
