//! `shishi analyse` end to end on real games: the release binary analyses a 306-ply chu game
//! and a 400-ply dai dai game recorded by `shishi match` (engine-tests/data/, how they were
//! made is in docs/analysis.md), and the test checks its JSON against the rules: every ply
//! present and in order, every played move, best move and line move legal in its position,
//! evaluations chained from one ply to the next, verdicts and drops as the JSON's own model
//! header says; the SVG is well-formed with one mark per verdict and the text has a line per
//! ply. Bad input must give one error line and exit code 2.

use shishi::rules::{Position, RuleSet, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

// ---- a small JSON reader (the output's schema is fixed; no dependency needed) ----

#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or_else(|| panic!("no field {key} in {self:?}")),
            _ => panic!("not an object: {self:?}"),
        }
    }
    fn has(&self, key: &str) -> bool {
        matches!(self, Json::Obj(f) if f.iter().any(|(k, _)| k == key))
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("not a string: {self:?}"),
        }
    }
    fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            _ => panic!("not a number: {self:?}"),
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => panic!("not an array: {self:?}"),
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "expected '{}' at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        *self.s.get(self.i).expect("unexpected end of JSON")
    }
    fn value(&mut self) -> Json {
        match self.peek() {
            b'{' => {
                self.eat(b'{');
                let mut fields = Vec::new();
                if self.peek() == b'}' {
                    self.eat(b'}');
                    return Json::Obj(fields);
                }
                loop {
                    let Json::Str(k) = self.value() else {
                        panic!("object key at {}", self.i)
                    };
                    self.eat(b':');
                    fields.push((k, self.value()));
                    if self.peek() == b',' {
                        self.eat(b',');
                    } else {
                        self.eat(b'}');
                        return Json::Obj(fields);
                    }
                }
            }
            b'[' => {
                self.eat(b'[');
                let mut items = Vec::new();
                if self.peek() == b']' {
                    self.eat(b']');
                    return Json::Arr(items);
                }
                loop {
                    items.push(self.value());
                    if self.peek() == b',' {
                        self.eat(b',');
                    } else {
                        self.eat(b']');
                        return Json::Arr(items);
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    let c = self.s[self.i];
                    self.i += 1;
                    match c {
                        b'"' => return Json::Str(out),
                        b'\\' => {
                            let e = self.s[self.i];
                            self.i += 1;
                            match e {
                                b'n' => out.push('\n'),
                                b't' => out.push('\t'),
                                b'r' => out.push('\r'),
                                b'u' => {
                                    let hex = std::str::from_utf8(&self.s[self.i..self.i + 4])
                                        .expect("hex");
                                    self.i += 4;
                                    let code = u32::from_str_radix(hex, 16).expect("hex");
                                    out.push(char::from_u32(code).expect("char"));
                                }
                                other => out.push(other as char),
                            }
                        }
                        _ => {
                            // Multi-byte UTF-8 sequences are copied byte by byte below.
                            let start = self.i - 1;
                            let len = match c {
                                0..0x80 => 1,
                                0xc0..0xe0 => 2,
                                0xe0..0xf0 => 3,
                                _ => 4,
                            };
                            self.i = start + len;
                            out.push_str(
                                std::str::from_utf8(&self.s[start..self.i]).expect("utf8"),
                            );
                        }
                    }
                }
            }
            b't' | b'f' | b'n' => {
                for (word, v) in [
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                    ("null", Json::Null),
                ] {
                    if self.s[self.i..].starts_with(word.as_bytes()) {
                        self.i += word.len();
                        return v;
                    }
                }
                panic!("bad literal at {}", self.i)
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Json::Num(text.parse().unwrap_or_else(|_| panic!("number '{text}'")))
            }
        }
    }
}

fn parse_json(text: &str) -> Json {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let v = r.value();
    r.ws();
    assert_eq!(r.i, text.len(), "trailing text after the JSON document");
    v
}

// ---- running the binary ----

fn shishi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(args)
        .output()
        .expect("shishi runs")
}

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shishi-analyse-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn data(name: &str) -> String {
    format!("{}/engine-tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The tags and moves of game `number` of a record file, read independently of the engine.
fn record_game(path: &str, number: &str) -> (Vec<(String, String)>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    for block in text.split("[Event ").skip(1) {
        let mut tags = vec![("Event".to_string(), String::new())];
        let mut moves = Vec::new();
        for line in block.lines().skip(1) {
            if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (k, v) = inner.split_once(' ').unwrap();
                tags.push((k.to_string(), v.trim_matches('"').to_string()));
            } else {
                moves.extend(
                    line.split_whitespace()
                        .filter(|t| {
                            !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t)
                        })
                        .map(str::to_string),
                );
            }
        }
        if tags.iter().any(|(k, v)| k == "Game" && v == number) {
            return (tags, moves);
        }
    }
    panic!("no game {number} in {path}");
}

fn tag<'a>(tags: &'a [(String, String)], key: &str) -> &'a str {
    &tags.iter().find(|(k, _)| k == key).unwrap().1
}

// ---- the checks ----

/// Black's expected score of a JSON evaluation, by the formula the JSON's header states.
fn expected(eval: &Json, scale: f64) -> f64 {
    if eval.has("cp") {
        1.0 / (1.0 + 10f64.powf(-eval.get("cp").num() / scale))
    } else if eval.has("mate") {
        let n = eval.get("mate").num();
        assert!(n != 0.0, "mate 0");
        if n > 0.0 { 1.0 } else { 0.0 }
    } else {
        match eval.get("result").str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => panic!("result {other}"),
        }
    }
}

/// `line` (USI texts) is legal move by move from `pos`; the first move is also allowed by the
/// game's repetition rule.
fn check_line(pos: &Position, line: &[Json], what: &str) {
    let mut p = pos.clone();
    for (k, m) in line.iter().enumerate() {
        let mv = p
            .parse_move(m.str())
            .unwrap_or_else(|e| panic!("{what}: line move {k} {}: {e}", m.str()));
        if k == 0 {
            assert!(p.game_moves().contains(&mv), "{what}: {mv} not a game move");
        }
        p.make(mv);
    }
}

fn check_position(pos: &mut Position, entry: &Json, scale: f64, what: &str) {
    assert_eq!(entry.get("sfen").str(), pos.to_sfen(), "{what}");
    let eval = entry.get("eval_black");
    let e = expected(eval, scale);
    assert!(
        (entry.get("expected_black").num() - e).abs() < 1e-3,
        "{what}"
    );
    match pos.outcome() {
        Some(_) => {
            assert!(eval.has("result"), "{what}: a finished game has a result");
            assert_eq!(entry.get("best_move"), &Json::Null, "{what}");
            assert!(entry.get("best_line").arr().is_empty(), "{what}");
        }
        None => {
            assert!(!eval.has("result"), "{what}: the game goes on");
            let best = entry.get("best_move").str();
            let line = entry.get("best_line").arr();
            assert_eq!(line.first().map(Json::str), Some(best), "{what}");
            check_line(pos, line, what);
            assert!(entry.get("depth").num() >= 1.0, "{what}");
        }
    }
}

/// Checks an analysis JSON of game `number` of `record` against the rules.
fn check_analysis(json: &Json, record: &str, number: &str, variant: Variant) {
    let (tags, moves) = record_game(record, number);
    assert_eq!(json.get("variant").str(), tag(&tags, "Variant"));
    assert_eq!(json.get("rules").str(), tag(&tags, "Rules"));
    assert_eq!(json.get("start_sfen").str(), tag(&tags, "SFEN"));
    assert_eq!(json.get("record").get("Result").str(), tag(&tags, "Result"));
    let model = json.get("model");
    let scale = model.get("scale_cp").num();
    let thresholds = [
        ("inaccuracy", model.get("inaccuracy").num()),
        ("mistake", model.get("mistake").num()),
        ("blunder", model.get("blunder").num()),
    ];
    let rules = RuleSet::from_name(tag(&tags, "Rules")).unwrap();
    let mut pos = Position::from_sfen(variant, rules, tag(&tags, "SFEN")).unwrap();
    let plies = json.get("plies").arr();
    assert_eq!(plies.len(), moves.len(), "every ply present");
    assert_eq!(
        plies.len().to_string(),
        tag(&tags, "Plies"),
        "the record's ply count"
    );
    let mut counts = std::collections::HashMap::new();
    for (i, p) in plies.iter().enumerate() {
        let what = format!("ply {}", i + 1);
        assert_eq!(p.get("ply").num(), (i + 1) as f64, "{what}");
        assert_eq!(p.get("move").str(), moves[i], "{what}: the record's move");
        let side = match pos.side_to_move() {
            shishi::rules::Color::Black => "black",
            shishi::rules::Color::White => "white",
        };
        assert_eq!(p.get("side").str(), side, "{what}");
        check_position(&mut pos, p, scale, &what);
        // The played move is legal, and its evaluation is the next position's.
        let mv = pos.parse_move(&moves[i]).expect("played move legal");
        assert!(pos.allowed_in_game(mv), "{what}");
        let next = plies.get(i + 1).unwrap_or_else(|| json.get("final"));
        assert_eq!(p.get("played_eval_black"), next.get("eval_black"), "{what}");
        assert_eq!(
            p.get("played_expected_black"),
            next.get("expected_black"),
            "{what}"
        );
        // Drop and verdict as the header's model says.
        let mover = |e: f64| if side == "black" { e } else { 1.0 - e };
        let drop =
            mover(p.get("expected_black").num()) - mover(p.get("played_expected_black").num());
        assert!((p.get("drop").num() - drop).abs() < 2e-4, "{what}: drop");
        let d = p.get("drop").num();
        let want = if p.get("best_move") == p.get("move") {
            None
        } else {
            thresholds
                .iter()
                .rev()
                .find(|(_, t)| d >= *t)
                .map(|(n, _)| *n)
        };
        match p.get("verdict") {
            Json::Null => assert_eq!(want, None, "{what}: drop {d}"),
            v => {
                assert_eq!(Some(v.str()), want, "{what}: drop {d}");
                *counts.entry((side, v.str().to_string())).or_insert(0) += 1;
            }
        }
        pos.make(mv);
    }
    let last = json.get("final");
    check_position(&mut pos, last, scale, "final");
    if let Some(result) = pos.outcome() {
        let token = match result {
            shishi::rules::outcome::GameResult::Win(shishi::rules::Color::Black, _) => "1-0",
            shishi::rules::outcome::GameResult::Win(_, _) => "0-1",
            shishi::rules::outcome::GameResult::Draw(_) => "1/2-1/2",
        };
        assert_eq!(last.get("eval_black").get("result").str(), token);
        assert_eq!(token, tag(&tags, "Result"));
    }
    for side in ["black", "white"] {
        for (name, _) in thresholds {
            let n = counts.get(&(side, name.to_string())).copied().unwrap_or(0);
            assert_eq!(
                json.get("summary").get(side).get(name).num(),
                n as f64,
                "summary {side} {name}"
            );
        }
    }
}

/// The SVG is well-formed XML-ish (every tag closed in order), has one point per position and
/// one mark per verdict.
fn check_svg(svg: &str, json: &Json) {
    assert!(svg.starts_with("<?xml"), "XML declaration");
    assert!(svg.trim_end().ends_with("</svg>"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut elements = 0;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("tag closes") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        assert!(
            !rest[..rest.find('<').unwrap_or(rest.len())].contains('>'),
            "stray >"
        );
        if tag.starts_with('?') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing tag {name}");
            continue;
        }
        elements += 1;
        let name = tag.split_whitespace().next().unwrap().trim_end_matches('/');
        if !tag.ends_with('/') {
            stack.push(name.to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert_eq!(svg.matches("<svg ").count(), 1);
    let plies = json.get("plies").arr();
    let verdicts = plies
        .iter()
        .filter(|p| p.get("verdict") != &Json::Null)
        .count();
    assert_eq!(
        svg.matches("class=\"mark\"").count(),
        verdicts,
        "one mark per verdict"
    );
    let polyline = svg
        .split("<polyline")
        .nth(1)
        .expect("the curve")
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(
        polyline.split_whitespace().count(),
        plies.len() + 1,
        "a point per position"
    );
    assert!(elements > verdicts + 10, "{elements} elements");
}

/// The text has a header, a row per ply with its move, and the summary.
fn check_text(text: &str, json: &Json) {
    let plies = json.get("plies").arr();
    for p in plies {
        let n = format!("{}", p.get("ply").num() as usize);
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(n.as_str()))
            .unwrap_or_else(|| panic!("no row for ply {n}"));
        assert!(row.contains(p.get("move").str()), "{row}");
    }
    assert!(text.starts_with("Shishi analysis: "));
    assert!(text.contains("\nBlack: ") && text.contains("\nWhite: "));
}

fn analyse_record(name: &str, record: &str, extra: &[&str]) -> (Json, String, String) {
    let dir = tmp_dir(name);
    let (json, svg, text) = (dir.join("a.json"), dir.join("a.svg"), dir.join("a.txt"));
    let p = |x: &Path| x.to_str().unwrap().to_string();
    let (pj, ps, pt) = (p(&json), p(&svg), p(&text));
    let mut args = vec![
        "analyse", "--record", record, "--json", &pj, "--svg", &ps, "--text", &pt,
    ];
    args.extend_from_slice(extra);
    let out = shishi(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "all output went to files");
    let read = |x: &Path| std::fs::read_to_string(x).unwrap();
    let result = (parse_json(&read(&json)), read(&svg), read(&text));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

#[test]
fn a_306_ply_chu_game_is_analysed_by_the_rules() {
    let record = data("analyse-chu.txt");
    let (json, svg, text) = analyse_record("chu", &record, &["--game", "1", "--depth", "3"]);
    assert_eq!(json.get("limits").get("depth").num(), 3.0);
    check_analysis(&json, &record, "1", Variant::Chu);
    // The game ended by White capturing Black's last royal: the last ply's move is judged
    // against the result, and the last two positions (White to move, and Black before it)
    // are White's forced wins from Black's side whichever side the search spoke for.
    let plies = json.get("plies").arr();
    let last = plies.len() - 1;
    assert_eq!(
        plies[last].get("played_eval_black").get("result").str(),
        "0-1"
    );
    for p in &plies[last - 1..] {
        assert!(p.get("eval_black").get("mate").num() < 0.0, "{p:?}");
    }
    assert_ne!(plies[last].get("side"), plies[last - 1].get("side"));
    check_svg(&svg, &json);
    check_text(&text, &json);
}

#[test]
fn a_400_ply_dai_dai_game_is_analysed_by_the_rules() {
    let record = data("analyse-daidai.txt");
    let (json, svg, text) = analyse_record("daidai", &record, &["--nodes", "600"]);
    assert_eq!(json.get("limits").get("nodes").num(), 600.0);
    check_analysis(&json, &record, "1", Variant::DaiDai);
    check_svg(&svg, &json);
    check_text(&text, &json);
}

#[test]
fn json_on_stdout_is_the_only_thing_there() {
    let out = shishi(&[
        "analyse",
        "--variant",
        "chu",
        "--rules",
        "lishogi",
        "--moves",
        "5i5h 5d5e 8i8h",
        "--depth",
        "2",
        "--json",
        "-",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = parse_json(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(json.get("rules").str(), "lishogi");
    assert_eq!(json.get("plies").arr().len(), 3);
    let mut pos = Position::start(Variant::Chu, RuleSet::Lishogi);
    for (i, p) in json.get("plies").arr().iter().enumerate() {
        check_position(
            &mut pos,
            p,
            json.get("model").get("scale_cp").num(),
            &format!("ply {i}"),
        );
        let mv = pos.parse_move(p.get("move").str()).unwrap();
        pos.make(mv);
    }
}

#[test]
fn bad_input_gets_one_error_line_and_exit_code_2() {
    let several = data("analyse-chu.txt");
    let cases: [(&[&str], &str); 5] = [
        (
            &["analyse", "--moves", "5i5h 5i5h", "--depth", "1"],
            "ply 2 (5i5h)",
        ),
        (
            &["analyse", "--sfen", "not a position", "--depth", "1"],
            "start position",
        ),
        (&["analyse", "--record", &several, "--depth", "1"], "--game"),
        (
            &[
                "analyse", "--record", &several, "--game", "9", "--depth", "1",
            ],
            "no game 9",
        ),
        (&["analyse", "--depth", "1"], "give a game"),
    ];
    for (args, needle) in cases {
        let out = shishi(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
