//! The analysis as a readable table: one line per ply, then a summary of verdicts per side.

use super::driver::{Analysis, Budget};
use super::model::{self, Verdict};
use crate::rules::Color;

/// Moves of the engine's line shown per ply (the JSON has the whole line).
const LINE_MOVES: usize = 6;

fn budget_text(b: Budget) -> String {
    match b {
        Budget::Movetime(ms) => format!("{ms} ms"),
        Budget::Nodes(n) => format!("{n} nodes"),
        Budget::Depth(d) => format!("depth {d}"),
    }
}

/// The whole analysis as text (ends with a newline).
pub fn write(a: &Analysis) -> String {
    let g = &a.game;
    let mut s = format!(
        "Shishi analysis: {}, {} rules, {} per position, {} thread{}, {} MB hash\n",
        g.variant.name(),
        g.rules.name(),
        budget_text(a.settings.budget),
        a.settings.threads,
        if a.settings.threads == 1 { "" } else { "s" },
        a.settings.hash_mb
    );
    if let (Some(b), Some(w)) = (g.tag("Black"), g.tag("White")) {
        s.push_str(&format!("Black: {b}   White: {w}"));
        if let Some(r) = g.tag("Result") {
            s.push_str(&format!("   Result: {r}"));
        }
        if let Some(r) = g.tag("Reason") {
            s.push_str(&format!(" ({r})"));
        }
        s.push('\n');
    }
    s.push_str(&format!("Start: {}\n", g.start_sfen));
    s.push_str(&format!(
        "Evaluations from Black's side in centipawns (100 = half a silver); #+3: Black mates in 3.\n\
         'after' is the position after the move played, 'best' the engine's move and its evaluation;\n\
         'drop' is the mover's loss of expected score (inaccuracy >= {}, mistake >= {}, blunder >= {}).\n\n",
        model::INACCURACY,
        model::MISTAKE,
        model::BLUNDER
    ));
    s.push_str(&format!(
        "{:>5}  {:<5}  {:<12} {:>8}  {:<12} {:>8}  {:>6}  {:<10}  {}\n",
        "ply", "side", "played", "after", "best", "best", "drop", "verdict", "line"
    ));
    for (i, p) in a.plies.iter().enumerate() {
        let (before, after) = a.around(i);
        let line: Vec<String> = before
            .line
            .iter()
            .take(LINE_MOVES)
            .map(|m| m.text())
            .collect();
        let more = if before.line.len() > LINE_MOVES {
            " …"
        } else {
            ""
        };
        s.push_str(&format!(
            "{:>5}  {:<5}  {:<12} {:>8}  {:<12} {:>8}  {:>6.3}  {:<10}  {}{more}\n",
            p.ply,
            if p.side == Color::Black {
                "Black"
            } else {
                "White"
            },
            p.played.text(),
            after.eval.text(),
            before.best.map_or_else(|| "-".to_string(), |m| m.text()),
            before.eval.text(),
            p.drop,
            p.verdict.map_or("", Verdict::name),
            line.join(" ")
        ));
    }
    let last = &a.positions[a.positions.len() - 1];
    s.push_str(&format!("\nFinal position: {}\n", last.sfen));
    match last.eval {
        model::Eval::Over(r) => s.push_str(&format!(
            "Game over: {} ({})\n",
            model::result_token(r),
            model::reason_text(r)
        )),
        e => s.push_str(&format!(
            "Final evaluation {} (expected score for Black {:.2}), best {}\n",
            e.text(),
            e.expected_black(),
            last.best.map_or_else(|| "-".to_string(), |m| m.text())
        )),
    }
    for (side, name) in [(Color::Black, "Black"), (Color::White, "White")] {
        let n = |v| {
            a.plies
                .iter()
                .filter(|p| p.side == side && p.verdict == Some(v))
                .count()
        };
        s.push_str(&format!(
            "{name}: {} inaccuracies, {} mistakes, {} blunders\n",
            n(Verdict::Inaccuracy),
            n(Verdict::Mistake),
            n(Verdict::Blunder)
        ));
    }
    s
}
