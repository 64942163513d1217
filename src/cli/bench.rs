//! `shishi bench`: fixed-depth searches on fixed positions of both games; the total node count
//! is the signature that shows whether a change altered the search (docs/search.md).
//! `shishi bench perft`: fixed perft runs whose node counts are the move generator's signature
//! and whose speeds (median of several runs) are the figures in docs/perft.md.
//! `shishi bench movegen`: the generators alone (the search's capture generation is its
//! largest cost), with move counts as the signature that the lists did not change.
//! `shishi bench limits`: time-limit overshoot ([`super::bench_limits`]).

use clap::{Args, ValueEnum};
use shishi::perft;
use shishi::rules::{Position, RuleSet, Variant, movegen};
use shishi::search::{Limits, Searcher};
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// `writeln!` that turns a closed stdout into an error instead of a panic.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(shishi::stdout::failed)?
    };
}

/// What to benchmark.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum Target {
    /// The search (fixed depth, one thread unless --threads).
    Search,
    /// The move generator (perft, one thread).
    Perft,
    /// Full and capture-only generation alone, on the bench positions and their children.
    Movegen,
    /// How far past `movetime`, `byoyomi` and `stop` the answer comes, per thread count.
    Limits,
}

/// Arguments of `shishi bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value = "search")]
    target: Target,
    /// Runs per position (1-100); the median time is reported. Default 3, and 1 for `bench
    /// search` (its node counts, the signature, are the same every run).
    #[arg(long)]
    runs: Option<usize>,
    /// Fewer nodes for a quick look.
    #[arg(long)]
    quick: bool,
    /// Search depth for `bench search` (default 9 for chu, 7 for dai dai; 5 and 4 with --quick).
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads for `bench search`.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Most runs per position.
const MAX_RUNS: usize = 100;
/// Deepest `bench search`: a benchmark is meant to end; the protocol's own cap is 255.
const MAX_DEPTH: u32 = 64;

impl BenchArgs {
    /// Runs per position, checked and defaulted by [`run`].
    fn runs(&self) -> usize {
        self.runs.unwrap_or(3)
    }
}

/// Positions of `bench search`: start positions and middlegames of both games.
const BENCH_POSITIONS: [(Variant, &str); 6] = [
    (
        Variant::Chu,
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    ),
    (
        Variant::Chu,
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdq1dhrvm/ppp1pp1ppppp/3i1p2i3/3p1n6/5N1P4/3I4I3/PPPPPP1PPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 8",
    ),
    (
        Variant::Chu,
        "6k5/12/7p2+D1/3p2n5/4G2S4/2+O5P3/11R/1b3N3s2/6g5/4P7/12/5K6 b - 1",
    ),
    (
        Variant::DaiDai,
        "l(hm)(dv)r(sq)(dk)(ft)(rg)k(lg)q(fr)(dh)(ra)(sd)(lo)l/(rv)(po)(ld)(bm)(fd)(rb)(kr)g(nk)g(ph)(cs)(ps)(or)(ln)(ok)(rv)/1b1(eb)1(fh)1s(gd)s1(wb)1(ef)1(vm)1/(wt)(we)(so)(ea)w(sg)ic(gb)ci(sg)w(wba)(no)(fe)(bd)/(rc)(sm)(vo)(ab)(ew)(vb)(fl)(st)(sb)(st)(fl)(vb)(ew)(ab)(vo)(sm)(lc)/ppppppppppppppppp/5(hd)5(hd)5/17/17/17/5(HD)5(HD)5/PPPPPPPPPPPPPPPPP/(LC)(SM)(VO)(AB)(EW)(VB)(FL)(ST)(SB)(ST)(FL)(VB)(EW)(AB)(VO)(SM)(RC)/(BD)(FE)(NO)(WBA)W(SG)IC(GB)CI(SG)W(EA)(SO)(WE)(WT)/1(VM)1(EF)1(WB)1S(GD)S1(FH)1(EB)1B1/(RV)(OK)(LN)(OR)(PS)(CS)(PH)G(NK)G(KR)(RB)(FD)(BM)(LD)(PO)(RV)/L(LO)(SD)(RA)(DH)(FR)Q(LG)K(RG)(FT)(DK)(SQ)R(DV)(HM)L b 1",
    ),
    (
        Variant::DaiDai,
        "8k8/17/17/8(ln)8/4s7g4/2ppppppppppppp2/8(ld)8/17/17/17/8(LD)8/2PPPPPPPPPPPPP2/4S7G4/8(LN)8/17/17/8K8 b 1",
    ),
    (
        Variant::DaiDai,
        "8k8/17/8(ln)8/17/6(ld)10/10+(ld)6/7P9/8P8/11g5/5G3p7/8p8/6+(LN)10/10(LD)6/17/8(LN)8/17/8K8 b 1",
    ),
];

/// Runs `shishi bench`.
pub fn run(args: BenchArgs) -> Result<(), String> {
    if let Some(runs) = args.runs
        && (runs == 0 || runs > MAX_RUNS)
    {
        return Err(format!("--runs {runs} is out of range (1..={MAX_RUNS})"));
    }
    if let Some(depth) = args.depth {
        if !matches!(args.target, Target::Search) {
            return Err("--depth is for bench search".into());
        }
        if depth == 0 || depth > MAX_DEPTH {
            return Err(format!("--depth {depth} is out of range (1..={MAX_DEPTH})"));
        }
    }
    match args.target {
        Target::Search => bench_search(&args),
        Target::Perft => bench_perft(&args),
        Target::Movegen => bench_movegen(&args),
        Target::Limits => super::bench_limits::bench_limits(args.runs(), &mut std::io::stdout()),
    }
}

fn bench_search(args: &BenchArgs) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads must be 1..=256".into());
    }
    let mut total_nodes = 0u64;
    let mut total_time = 0.0f64;
    // Per game (chu first): the speed goal is stated for chu alone.
    let mut per_game = [(0u64, 0.0f64); 2];
    for (variant, sfen) in BENCH_POSITIONS {
        let pos = Position::from_sfen(variant, RuleSet::Seed, sfen).map_err(|e| e.to_string())?;
        let depth = args.depth.unwrap_or(match (variant, args.quick) {
            (Variant::Chu, false) => 9,
            (Variant::Chu, true) => 5,
            (Variant::DaiDai, false) => 7,
            (Variant::DaiDai, true) => 4,
        });
        // Each run on a fresh table, which keeps the signature independent of the order and
        // of the run; the time is the median of the runs.
        let mut times = Vec::new();
        let mut result = None;
        for _ in 0..args.runs.unwrap_or(1) {
            let searcher = Searcher::new(64, args.threads)?;
            let limits = Limits {
                depth: Some(depth),
                multipv: 1,
                ..Limits::default()
            };
            let start = Instant::now();
            result = Some(searcher.search(&pos, limits, Arc::new(|_| {})));
            times.push(start.elapsed().as_secs_f64());
        }
        let result = result.ok_or("no run")?;
        times.sort_by(f64::total_cmp);
        let secs = times[times.len() / 2];
        total_nodes += result.nodes;
        total_time += secs;
        let game = &mut per_game[usize::from(variant == Variant::DaiDai)];
        game.0 += result.nodes;
        game.1 += secs;
        say!(
            out,
            "{:<7} depth {depth:>2}: {:>10} nodes {:>7.3} s {:>9.0} nps  best {}",
            variant.name(),
            result.nodes,
            secs,
            result.nodes as f64 / secs.max(1e-9),
            result.best.map_or("none".to_string(), |m| m.text())
        );
    }
    for variant in [Variant::Chu, Variant::DaiDai] {
        // Which evaluation the figures belong to: a network changes nodes and speed alike.
        let network = shishi::nnue::active(variant)
            .map_or("none (hand-set evaluation)".to_string(), |n| n.hash());
        say!(out, "{:<7} network: {network}", variant.name());
    }
    for (variant, (nodes, secs)) in [Variant::Chu, Variant::DaiDai].into_iter().zip(per_game) {
        say!(
            out,
            "{:<7} total: {nodes:>10} nodes {secs:>7.3} s {:>9.0} nps",
            variant.name(),
            nodes as f64 / secs.max(1e-9)
        );
    }
    say!(
        out,
        "{total_nodes} nodes {:.0} nps",
        total_nodes as f64 / total_time.max(1e-9)
    );
    Ok(())
}

fn bench_perft(args: &BenchArgs) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let cases = [
        (Variant::Chu, if args.quick { 4 } else { 5 }),
        (Variant::DaiDai, if args.quick { 3 } else { 4 }),
    ];
    let mut signature = 0u64;
    for (variant, depth) in cases {
        let mut pos = Position::start(variant, RuleSet::Seed);
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..args.runs() {
            let start = Instant::now();
            nodes = perft::perft(&mut pos, depth);
            times.push(start.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        signature = signature.wrapping_add(nodes);
        say!(
            out,
            "{:<7} start depth {depth}: {nodes} nodes, median {:.3} s, {:.2} Mnps",
            variant.name(),
            median,
            nodes as f64 / median / 1e6
        );
    }
    say!(out, "signature {signature}");
    Ok(())
}

fn bench_movegen(args: &BenchArgs) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let rounds = if args.quick { 20 } else { 200 };
    let mut signature = 0u64;
    for variant in [Variant::Chu, Variant::DaiDai] {
        // Each bench position and every position one move after it.
        let mut positions = Vec::new();
        for (v, sfen) in BENCH_POSITIONS.iter().filter(|(v, _)| *v == variant) {
            let mut pos =
                Position::from_sfen(*v, RuleSet::Seed, sfen).map_err(|e| e.to_string())?;
            let mut moves = Vec::new();
            movegen::generate(&pos, &mut moves);
            positions.push(pos.clone());
            for mv in moves {
                pos.make(mv);
                positions.push(pos.clone());
                pos.unmake();
            }
        }
        let mut list = Vec::with_capacity(512);
        for (name, captures_only) in [("all moves", false), ("captures", true)] {
            let mut times = Vec::new();
            let mut moves = 0u64;
            for _ in 0..args.runs() {
                moves = 0;
                let start = Instant::now();
                for _ in 0..rounds {
                    for pos in &positions {
                        list.clear();
                        if captures_only {
                            movegen::generate_captures(pos, &mut list);
                        } else {
                            movegen::generate(pos, &mut list);
                        }
                        moves += list.len() as u64;
                    }
                }
                times.push(start.elapsed().as_secs_f64());
            }
            times.sort_by(f64::total_cmp);
            let calls = (rounds * positions.len()) as f64;
            signature = signature.wrapping_add(moves);
            say!(
                out,
                "{:<7} {name:<9}: {} positions, {moves} moves, median {:.0} ns per call",
                variant.name(),
                positions.len(),
                times[times.len() / 2] / calls * 1e9
            );
        }
    }
    say!(out, "signature {signature}");
    Ok(())
}
