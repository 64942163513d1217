//! `shishi summary`: clock and conversion figures from `shishi match --out` records
//! (docs/match.md, "Summary of records").

use clap::Args;
use shishi::analysis::{game, moves_left};
use shishi::matches::summary;

/// Arguments of `shishi summary`.
#[derive(Args, Debug)]
pub struct SummaryArgs {
    /// Record files written by `shishi match --out`.
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
}

/// Runs `shishi summary`.
pub fn run(args: SummaryArgs) -> Result<(), String> {
    if args.moves_left || args.phases {
        return phases(&args.files, args.phases);
    }
    let mut games = Vec::new();
    for f in &args.files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        let mut figures = summary::read_records(&text).map_err(|e| format!("{f}: {e}"))?;
        fill_shares(&text, &mut figures);
        games.extend(figures);
    }
    if games.is_empty() {
        return Err("no game records in the given files".into());
    }
    print!("{}", summary::report(&games, &args.at, args.above));
    Ok(())
}

/// The share of the start position's pieces before each ply of every game whose moves replay
/// (the conversion's split by phase); a game that does not replay keeps no shares and is
/// reported as such.
fn fill_shares(text: &str, figures: &mut [summary::GameFigures]) {
    let Ok(games) = game::all_records(text) else {
        return;
    };
    if games.len() != figures.len() {
        return;
    }
    for (g, f) in games.iter().zip(figures.iter_mut()) {
        if let Ok(mut shares) = moves_left::shares(g) {
            // Before each ply only: not the final position's.
            shares.truncate(f.plies);
            f.shares = shares;
        }
    }
}

/// `--moves-left` (the table) or `--phases` (the per-ply shares).
fn phases(files: &[String], per_ply: bool) -> Result<(), String> {
    let mut games = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        games.extend(game::all_records(&text).map_err(|e| format!("{f}: {e}"))?);
    }
    if per_ply {
        print!("{}", moves_left::phase_lines(&games)?);
        return Ok(());
    }
    let (rows, skipped) = moves_left::phase_table(&games)?;
    if rows.is_empty() {
        return Err("no game in the given files ended by the rules".into());
    }
    print!("{}", moves_left::report(&rows, skipped));
    Ok(())
}
