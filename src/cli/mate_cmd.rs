//! `shishi mate`: solves a file of mate problems (one position a line, docs/mate.md), one
//! line out per problem: the verdict, the shortest mate's line (the first proof's with
//! `--any`), nodes and time; JSON lines with `--json`; with `--verify`, each proof replayed
//! against the rules with every defence answered.

use clap::Args;
use shishi::lines;
use shishi::mate::{self, Limits, Solver, Verdict, problem, verify};
use shishi::rules::{Position, RuleSet, Variant};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Arguments of `shishi mate`.
#[derive(Args, Debug)]
pub struct MateArgs {
    /// The problems: one position a line (`<sfen> [moves <move>…] [# comment]`); `-` for
    /// standard input.
    file: std::path::PathBuf,
    /// chu or daidai.
    #[arg(long, value_parser = super::parse_variant, default_value = "chu")]
    variant: Variant,
    /// Chu rule set: seed, lishogi or jcsa.
    #[arg(long, value_parser = super::parse_rules, default_value = "seed")]
    rules: RuleSet,
    /// Time per problem, milliseconds.
    #[arg(long, default_value_t = 30_000)]
    movetime: u64,
    /// Nodes per problem (default: no limit).
    #[arg(long)]
    nodes: Option<u64>,
    /// The solver's table, MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// One JSON object a line instead of text.
    #[arg(long)]
    json: bool,
    /// Check every proof against the rules (every defence answered) and say so.
    #[arg(long)]
    verify: bool,
    /// Answer with the first proof found instead of going on to the shortest mate (the
    /// verdict alone is wanted).
    #[arg(long)]
    any: bool,
}

/// Longest line of a problem file: a position and a line of moves.
const MAX_LINE: usize = 64 << 10;
/// Largest problem file.
const MAX_FILE: u64 = 64 << 20;
/// Longest `--movetime`: a day a problem.
const MAX_MOVETIME: u64 = 86_400_000;

/// Positions the proof-tree check visits at most per problem.
const VERIFY_LIMIT: u64 = 5_000_000;

/// Runs `shishi mate`.
pub fn run(args: MateArgs) -> Result<(), String> {
    let max_hash = shishi::search::max_hash_mb();
    if args.hash == 0 || args.hash > max_hash {
        return Err(format!(
            "--hash {} is out of range (1..={max_hash} MiB, half this machine's memory)",
            args.hash
        ));
    }
    if args.movetime == 0 || args.movetime > MAX_MOVETIME {
        return Err(format!(
            "--movetime {} is out of range (1..={MAX_MOVETIME} ms)",
            args.movetime
        ));
    }
    if args.nodes == Some(0) {
        return Err("--nodes 0 is out of range (1 or more)".into());
    }
    // The problems are read whole but bounded (a problem is one line: 64 KiB, a file 64 MiB)
    // and kept as text: each line is parsed once to check the file before anything is
    // solved, then again when its turn comes, so memory holds one position at a time.
    let shown = args.file.display().to_string();
    let text = if args.file.as_os_str() == "-" {
        lines::read_text(
            std::io::stdin().lock(),
            "standard input",
            MAX_LINE,
            MAX_FILE,
        )?
    } else {
        lines::read_text_file(&args.file, MAX_LINE, MAX_FILE)?
    };
    let parse = |i: usize, line: &str| {
        problem::parse(args.variant, args.rules, line)
            .map_err(|e| format!("{shown}:{}: {e}", i + 1))
    };
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if parse(i, line)?.is_some() {
            problems.push((i, line));
        }
    }
    let limits = Limits {
        time: Some(Duration::from_millis(args.movetime)),
        nodes: args.nodes,
        any: args.any,
    };
    let mut solver =
        Solver::try_new(args.hash << 20).map_err(|e| format!("--hash {}: {e}", args.hash))?;
    let mut out = std::io::stdout().lock();
    let total = problems.len();
    // Progress is for a person watching; a log or a pipe gets the results alone.
    let terminal = std::io::stderr().is_terminal();
    let mut solved = 0;
    for (n, &(i, line)) in problems.iter().enumerate() {
        let line_no = i + 1;
        let Some(p) = parse(i, line)? else {
            continue;
        };
        let mut progress = |g: &mate::Progress| {
            if !terminal {
                return;
            }
            eprint!(
                "\rproblem {}/{total}: {} nodes, {:.0} s, pn {} dn {}   ",
                n + 1,
                g.nodes,
                g.elapsed.as_secs_f64(),
                g.pn,
                g.dn
            );
        };
        let report = solver.solve(&p.position, &limits, None, &mut progress);
        let checked = match (&report.verdict, args.verify) {
            (Verdict::Mate(_), true) => Some(check(&mut solver, &p.position, &limits)),
            _ => None,
        };
        solved += usize::from(matches!(report.verdict, Verdict::Mate(_)));
        if terminal {
            eprint!(
                "\rproblem {}/{total}: done, {solved} proven so far{:20}",
                n + 1,
                ""
            );
        }
        let row = if args.json {
            json_row(line_no, &report, checked.as_ref(), &p)
        } else {
            text_row(line_no, &report, checked.as_ref())
        };
        writeln!(out, "{row}").map_err(shishi::stdout::failed)?;
    }
    if terminal {
        eprintln!();
    }
    Ok(())
}

/// The proof-tree check of a proven problem, the solver choosing the attacker's moves.
fn check(solver: &mut Solver, pos: &Position, limits: &Limits) -> Result<verify::Tree, String> {
    let mut choose = |p: &Position| solver.proof_move(p, limits);
    verify::proof_tree(pos, &mut choose, VERIFY_LIMIT).map_err(|f| f.to_string())
}

fn verdict_words(v: &Verdict) -> (&'static str, Vec<String>) {
    match v {
        Verdict::Mate(line) => ("mate", line.iter().map(|m| m.text()).collect()),
        Verdict::NoMate => ("nomate", Vec::new()),
        Verdict::Unknown => ("timeout", Vec::new()),
    }
}

fn text_row(
    line_no: usize,
    r: &mate::Report,
    checked: Option<&Result<verify::Tree, String>>,
) -> String {
    let (word, line) = verdict_words(&r.verdict);
    let plies = if word == "mate" {
        format!(" {}", line.len())
    } else {
        String::new()
    };
    let check = match checked {
        None => String::new(),
        Some(Ok(t)) => format!(" verified {} positions", t.nodes),
        Some(Err(e)) => format!(" NOT VERIFIED: {e}"),
    };
    format!(
        "{line_no} {word}{plies} {} nodes {} time {} ms{check}",
        if line.is_empty() {
            "-".to_string()
        } else {
            line.join(" ")
        },
        r.nodes,
        r.elapsed.as_millis()
    )
}

fn json_row(
    line_no: usize,
    r: &mate::Report,
    checked: Option<&Result<verify::Tree, String>>,
    p: &problem::Problem,
) -> String {
    let (word, line) = verdict_words(&r.verdict);
    let moves: Vec<String> = line.iter().map(|m| json_string(m)).collect();
    let check = match checked {
        None => String::new(),
        Some(Ok(t)) => format!(",\"verified\":true,\"tree_positions\":{}", t.nodes),
        Some(Err(e)) => format!(",\"verified\":false,\"failure\":{}", json_string(e)),
    };
    let first = r.first.as_ref().map_or(String::new(), |f| {
        format!(
            ",\"first_plies\":{},\"first_nodes\":{},\"first_ms\":{},\"shortest\":{}",
            f.plies,
            f.nodes,
            f.elapsed.as_millis(),
            r.shortest
        )
    });
    format!(
        "{{\"line\":{line_no},\"result\":\"{word}\",\"plies\":{},\"moves\":[{}],\"nodes\":{},\"time_ms\":{},\"sfen\":{},\"comment\":{}{first}{check}}}",
        line.len(),
        moves.join(","),
        r.nodes,
        r.elapsed.as_millis(),
        json_string(&p.position.to_sfen()),
        json_string(&p.comment)
    )
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
