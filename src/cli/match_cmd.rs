//! `shishi match`: engine-vs-engine matches (docs/match.md).

use clap::Args;
use shishi::matches::adjudication::Adjudication;
use shishi::matches::engine::{EngineSpec, Limit};
use shishi::matches::game::{GameSettings, default_max_plies};
use shishi::matches::in_range;
use shishi::matches::stats::SprtParams;
use shishi::matches::{self, MatchConfig};
use shishi::rules::{RuleSet, Variant};
use std::time::Duration;

/// Arguments of `shishi match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// An engine: "name=A cmd=<command line> proto=usi|uci|xboard [dir=D] [memory=MB]
    /// [disputes=0|1] [tc=B+I] [byoyomi=S] [opt.Name=value …]". Give two or more; tc= and
    /// byoyomi= give the engine its own clock (time odds) instead of --tc/--byoyomi.
    #[arg(long = "engine", required = true)]
    engines: Vec<String>,
    /// chu or daidai.
    #[arg(long, value_parser = super::parse_variant, default_value = "chu")]
    variant: Variant,
    /// Chu rule set the arbiter applies: seed, lishogi or jcsa.
    #[arg(long, value_parser = super::parse_rules, default_value = "seed")]
    rules: RuleSet,
    /// Games per pairing (each opening is played once with each colour).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Clock: base seconds + increment seconds ("10+0.1", "60").
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    tc: Option<String>,
    /// Byoyomi seconds per move (with --tc base, or alone).
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    byoyomi: Option<f64>,
    /// Fixed search depth per move.
    #[arg(long, conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Fixed node count per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Opening file (perft-suites line format; lines of other games are skipped).
    #[arg(long)]
    openings: Option<String>,
    /// Append the game records to this file.
    #[arg(long)]
    out: Option<String>,
    /// Sequential test of the first engine: elo0=0 elo1=5 alpha=0.05 beta=0.05.
    #[arg(long, num_args = 1..=4)]
    sprt: Option<Vec<String>>,
    /// The first engine plays each other one (default: every pair plays).
    #[arg(long)]
    gauntlet: bool,
    /// Plies after which a game is drawn (default: 1000 in chu, 3000 in dai dai).
    #[arg(long)]
    max_plies: Option<usize>,
    /// End a game as a win once both engines' scores agree for --adjudicate-plies plies in a
    /// row that one side leads by at least this many centipawns (default: never).
    #[arg(long, value_name = "CP")]
    adjudicate: Option<u64>,
    /// Consecutive plies whose scores must agree for --adjudicate.
    #[arg(long, default_value_t = 6, requires = "adjudicate")]
    adjudicate_plies: u64,
    /// Milliseconds of grace on top of the clock before a time forfeit.
    #[arg(long, default_value_t = 200)]
    time_margin: u64,
    /// Seconds to wait for a handshake, and for a move under --depth/--nodes.
    #[arg(long, default_value_t = 60.0)]
    stall_timeout: f64,
    /// Play only shard K of N (1-based) of the match's games, with their game numbers,
    /// openings and colours (merge the records with `shishi summary`).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

/// Most shards a match is split into.
const MAX_SHARDS: usize = 100_000;

/// `K/N` with 1 <= K <= N <= [`MAX_SHARDS`].
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {text}: expected K/N with 1 <= K <= N <= {MAX_SHARDS}");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((k, n))
}

/// Longest `--stall-timeout`, in seconds (a day): a longer wait is a match that never ends.
const MAX_WAIT_S: f64 = 86_400.0;
/// Largest `--time-margin`, in ms (an hour): grace beyond it is no clock at all.
const MAX_MARGIN_MS: u64 = 3_600_000;
/// Most `--games` per pairing.
const MAX_GAMES: usize = 1_000_000;
/// Most games at once (`--concurrency`): two engine processes each.
const MAX_CONCURRENCY: usize = 1024;
/// Longest game, in plies (`--max-plies`).
const MAX_PLIES: usize = 100_000;

/// The ply limit: `--max-plies`, or the game's default.
fn max_plies(args: &MatchArgs) -> Result<usize, String> {
    let plies = args.max_plies.unwrap_or(default_max_plies(args.variant));
    in_range("--max-plies", plies, 1..=MAX_PLIES)
}

/// Runs `shishi match`.
pub fn run(args: MatchArgs) -> Result<(), String> {
    let engines = args
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    // Engines are told apart by name in the table and the records.
    for (i, e) in engines.iter().enumerate() {
        if engines[..i].iter().any(|o| o.name == e.name) {
            return Err(format!(
                "two engines are named '{}': give each its own name=",
                e.name
            ));
        }
    }
    in_range("--games", args.games, 1..=MAX_GAMES)?;
    in_range("--concurrency", args.concurrency, 1..=MAX_CONCURRENCY)?;
    let max_plies = max_plies(&args)?;
    let adjudication = args
        .adjudicate
        .map(|cp| Adjudication::new(cp, args.adjudicate_plies))
        .transpose()?;
    let own_clocks = engines.iter().filter(|e| e.clock.is_some()).count();
    let limit = match (args.depth, args.nodes) {
        (Some(d), _) => Limit::Depth(d),
        (None, Some(n)) => Limit::Nodes(n),
        (None, None) => {
            if args.tc.is_none() && args.byoyomi.is_none() {
                // Every engine has its own clock: the global one is never used.
                match engines.iter().find_map(|e| e.clock) {
                    Some(c) if own_clocks == engines.len() => c,
                    _ => return Err("give a limit: --tc, --byoyomi, --depth or --nodes".into()),
                }
            } else {
                let byoyomi = args.byoyomi.map(|b| b.to_string());
                Limit::clock(args.tc.as_deref(), byoyomi.as_deref())
                    .map_err(|e| format!("--tc: {e}"))?
            }
        }
    };
    if own_clocks > 0 && !matches!(limit, Limit::Clock { .. }) {
        return Err(
            "an engine's own tc=/byoyomi= needs a match on the clock (not --depth or --nodes)"
                .into(),
        );
    }
    let openings = match &args.openings {
        Some(p) => matches::read_openings(p, args.variant, args.rules)?,
        None => Vec::new(),
    };
    let sprt = args
        .sprt
        .as_deref()
        .map(|w| SprtParams::parse(w).map_err(|e| format!("--sprt: {e}")))
        .transpose()?;
    if !(args.stall_timeout > 0.0 && args.stall_timeout <= MAX_WAIT_S) {
        return Err(format!(
            "--stall-timeout {} is out of range (more than 0, at most {MAX_WAIT_S} seconds)",
            args.stall_timeout
        ));
    }
    if args.time_margin > MAX_MARGIN_MS {
        return Err(format!(
            "--time-margin {} is out of range (0..={MAX_MARGIN_MS} ms)",
            args.time_margin
        ));
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let cfg = MatchConfig {
        engines,
        variant: args.variant,
        rules: args.rules,
        games: args.games,
        settings: GameSettings {
            limit,
            max_plies,
            adjudication,
            time_margin: Duration::from_millis(args.time_margin),
            stall_timeout: Duration::from_secs_f64(args.stall_timeout),
        },
        concurrency: args.concurrency,
        openings,
        gauntlet: args.gauntlet,
        sprt,
        out: args.out,
        inputs: args.openings.iter().cloned().collect(),
        shard,
    };
    let table = matches::run(&cfg)?;
    shishi::out!("{}", table.cross_table());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    fn parse(extra: &[&str]) -> MatchArgs {
        let mut argv = vec!["match", "--engine", "name=A cmd=a proto=usi"];
        argv.extend_from_slice(extra);
        Cli::try_parse_from(argv).unwrap().args
    }

    /// Dai dai's games are drawn at 3 000 plies unless `--max-plies` says otherwise, chu's
    /// at 1 000, and the limit is checked whichever way it was set.
    #[test]
    fn the_ply_limit_defaults_by_game() {
        assert_eq!(max_plies(&parse(&[])), Ok(1000));
        assert_eq!(max_plies(&parse(&["--variant", "daidai"])), Ok(3000));
        assert_eq!(
            max_plies(&parse(&["--variant", "daidai", "--max-plies", "500"])),
            Ok(500)
        );
        assert!(max_plies(&parse(&["--max-plies", "0"])).is_err());
    }
}
