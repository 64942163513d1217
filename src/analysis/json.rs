//! The analysis as JSON, written by hand (the schema is small and fixed; docs/analysis.md
//! describes it field by field).

use super::driver::{Analysis, Budget, PositionReport};
use super::model::{self, Eval, Verdict};
use crate::rules::Move;

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn eval(e: Eval) -> String {
    match e {
        Eval::Cp(cp) => format!("{{\"cp\": {cp}}}"),
        Eval::Mate(n) => format!("{{\"mate\": {n}}}"),
        Eval::Over(r) => format!(
            "{{\"result\": {}, \"reason\": {}}}",
            string(model::result_token(r)),
            string(model::reason_text(r))
        ),
    }
}

fn mv(m: Option<Move>) -> String {
    m.map_or_else(|| "null".to_string(), |m| string(&m.text()))
}

fn line(moves: &[Move]) -> String {
    let items: Vec<String> = moves.iter().map(|m| string(&m.text())).collect();
    format!("[{}]", items.join(", "))
}

fn score(x: f64) -> String {
    format!("{x:.4}")
}

/// The fields of a position shared by plies and the final position.
fn position_fields(p: &PositionReport) -> String {
    format!(
        "\"sfen\": {}, \"eval_black\": {}, \"expected_black\": {}, \"best_move\": {}, \
         \"best_line\": {}, \"depth\": {}, \"nodes\": {}",
        string(&p.sfen),
        eval(p.eval),
        score(p.eval.expected_black()),
        mv(p.best),
        line(&p.line),
        p.depth,
        p.nodes
    )
}

/// The whole analysis as one JSON document (ends with a newline).
pub fn write(a: &Analysis) -> String {
    let mut s = String::from("{\n");
    let field = |s: &mut String, k: &str, v: String| {
        s.push_str(&format!("  {}: {v},\n", string(k)));
    };
    field(
        &mut s,
        "engine",
        string(&format!("shishi {}", env!("CARGO_PKG_VERSION"))),
    );
    field(&mut s, "variant", string(a.game.variant.name()));
    field(&mut s, "rules", string(a.game.rules.name()));
    field(&mut s, "start_sfen", string(&a.game.start_sfen));
    let tags: Vec<String> = a
        .game
        .tags
        .iter()
        .map(|(k, v)| format!("{}: {}", string(k), string(v)))
        .collect();
    field(&mut s, "record", format!("{{{}}}", tags.join(", ")));
    let budget = match a.settings.budget {
        Budget::Movetime(ms) => format!("{{\"movetime_ms\": {ms}}}"),
        Budget::Nodes(n) => format!("{{\"nodes\": {n}}}"),
        Budget::Depth(d) => format!("{{\"depth\": {d}}}"),
    };
    field(&mut s, "limits", budget);
    field(&mut s, "threads", a.settings.threads.to_string());
    field(&mut s, "hash_mb", a.settings.hash_mb.to_string());
    field(
        &mut s,
        "model",
        format!(
            "{{\"expected_black\": \"1 / (1 + 10^(-cp / {}))\", \"scale_cp\": {}, \
             \"inaccuracy\": {}, \"mistake\": {}, \"blunder\": {}}}",
            model::SCALE_CP,
            model::SCALE_CP,
            model::INACCURACY,
            model::MISTAKE,
            model::BLUNDER
        ),
    );
    s.push_str("  \"plies\": [\n");
    for (i, p) in a.plies.iter().enumerate() {
        let (before, after) = a.around(i);
        s.push_str(&format!(
            "    {{\"ply\": {}, \"side\": {}, \"move\": {}, {}, \"played_eval_black\": {}, \
             \"played_expected_black\": {}, \"drop\": {}, \"verdict\": {}}}{}\n",
            p.ply,
            string(model::side_name(p.side)),
            string(&p.played.text()),
            position_fields(before),
            eval(after.eval),
            score(after.eval.expected_black()),
            score(p.drop),
            p.verdict
                .map_or_else(|| "null".to_string(), |v| string(v.name())),
            if i + 1 < a.plies.len() { "," } else { "" }
        ));
    }
    s.push_str("  ],\n");
    let last = &a.positions[a.positions.len() - 1];
    field(
        &mut s,
        "final",
        format!(
            "{{\"side\": {}, {}}}",
            string(model::side_name(last.side)),
            position_fields(last)
        ),
    );
    let count = |side, v| {
        a.plies
            .iter()
            .filter(|p| p.side == side && p.verdict == Some(v))
            .count()
    };
    let sides: Vec<String> = [crate::rules::Color::Black, crate::rules::Color::White]
        .into_iter()
        .map(|c| {
            format!(
                "{}: {{\"inaccuracy\": {}, \"mistake\": {}, \"blunder\": {}}}",
                string(model::side_name(c)),
                count(c, Verdict::Inaccuracy),
                count(c, Verdict::Mistake),
                count(c, Verdict::Blunder)
            )
        })
        .collect();
    s.push_str(&format!("  \"summary\": {{{}}}\n}}\n", sides.join(", ")));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
    }
}
