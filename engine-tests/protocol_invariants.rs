//! A protocol fuzzer that checks invariants, not only survival: random but well-formed USI and
//! UCI command streams (with extreme option values, partial clocks, searches interrupted by
//! every kind of command, perft counts, variant switches) go to the release binary while the
//! test keeps its own copy of the game through the library. At every `isready`:
//! - `readyok` comes within a bound, searches or no searches;
//! - every `go` so far has exactly one `bestmove` (or `checkmate` for a USI mate search) once
//!   its search is over, and no `bestmove` answers nothing;
//! - every `bestmove`, `ponder` move and `info … pv` line is legal in the position of its
//!   `go` (and inside `searchmoves`);
//! - at the end the process is alive and `quit` ends it.
//!
//! `cargo test` runs a few hundred commands per protocol and seed; the long run is
//! `SHISHI_FUZZ_COMMANDS=100000 SHISHI_FUZZ_SEED=7 cargo test --release --test
//! protocol_invariants -- --nocapture` (docs/reliability.md).

mod protocol_common;

use protocol_common::Engine;
use shishi::protocol::Game;
use shishi::rules::{Move, RuleSet, Variant};
use std::collections::VecDeque;
use std::time::Duration;

/// Liveness bound for `readyok` (a hung engine never answers; a busy machine answers late,
/// and 10 s was a window a loaded machine could break).
const READY: Duration = Duration::from_secs(30);

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // SplitMix64: reproducible, no dependency.
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A `go` waiting for its answer: the game it searches and the moves it may answer.
struct OpenGo {
    game: Game,
    allowed: Vec<Move>,
    mate_search: bool,
}

struct Fuzzer {
    e: Engine,
    rng: Rng,
    uci: bool,
    game: Game,
    open: VecDeque<OpenGo>,
    /// Log lines already checked.
    seen: usize,
    gos: usize,
    answers: usize,
    /// `info … pv` lines checked.
    lines_checked: usize,
    max_threads: u64,
    max_multipv: u64,
}

fn advertised_max(log: &[String], option: &str) -> u64 {
    log.iter()
        .find(|l| l.starts_with(&format!("option name {option} type spin")))
        .and_then(|l| l.split_whitespace().skip_while(|w| *w != "max").nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{option} advertised: {log:#?}"))
}

impl Fuzzer {
    fn start(uci: bool, seed: u64) -> Fuzzer {
        let mut e = Engine::start(&[]);
        e.send(if uci { "uci" } else { "usi" });
        e.expect(READY, |l| l == "usiok" || l == "uciok");
        let max_threads = advertised_max(&e.log, "Threads");
        let max_multipv = advertised_max(&e.log, "MultiPV");
        let seen = e.log.len();
        Fuzzer {
            e,
            rng: Rng(seed),
            uci,
            game: Game::start(Variant::Chu, RuleSet::Seed),
            open: VecDeque::new(),
            seen,
            gos: 0,
            answers: 0,
            lines_checked: 0,
            max_threads,
            max_multipv,
        }
    }

    fn send(&mut self, line: &str) {
        self.e.send(line);
    }

    /// Up to `n` random legal game moves from `pos`.
    fn random_line(&mut self, mut pos: shishi::rules::Position, n: u64) -> Vec<String> {
        let mut out = Vec::new();
        for _ in 0..n {
            let moves = pos.playable_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[self.rng.below(moves.len() as u64) as usize];
            out.push(mv.text());
            pos.make(mv);
        }
        out
    }

    /// `position startpos` or `position sfen <the current position>`, with random legal
    /// moves and now and then a bad one (the engine then keeps its position, as does the
    /// model).
    fn position(&mut self) {
        let (v, r) = (self.game.variant(), self.game.rules());
        let sfen = self.rng.chance(50).then(|| self.game.pos.to_sfen());
        let base = match &sfen {
            Some(s) => Game::from_moves(v, r, Some(s), []).expect("own SFEN reads back"),
            None => Game::start(v, r),
        };
        let n = self.rng.below(8);
        let mut moves = self.random_line(base.pos, n);
        if self.rng.chance(10) {
            moves.push(["1a1a", "zz", "7i7h7g7f", "0a0a"][self.rng.below(4) as usize].into());
        }
        let mut line = match &sfen {
            Some(s) => format!("position sfen {s}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            line.push_str(&format!(" moves {}", moves.join(" ")));
        }
        if let Ok(g) = Game::from_moves(v, r, sfen.as_deref(), moves.iter().map(String::as_str)) {
            self.game = g;
        }
        self.send(&line);
    }

    fn go(&mut self) {
        // A game that is over has no move (docs/protocol.md): its `go` is `bestmove resign`.
        let mut allowed = self.game.pos.clone().playable_moves();
        let mut words: Vec<String> = Vec::new();
        let mut mate_search = false;
        match self.rng.below(12) {
            0 => words.push(format!("depth {}", 1 + self.rng.below(3))),
            1 => words.push(format!("nodes {}", 1 + self.rng.below(5000))),
            2 => words.push(format!("movetime {}", self.rng.below(40))),
            3 => words.push("infinite".into()),
            4 => words.push(format!("ponder btime {} wtime 100", self.rng.below(200))),
            5 => {
                // A partial clock: any subset of the fields.
                for (field, max) in [
                    ("btime", 300),
                    ("wtime", 300),
                    ("binc", 30),
                    ("winc", 30),
                    ("byoyomi", 30),
                    ("movestogo", 5),
                ] {
                    if self.rng.chance(35) {
                        words.push(format!("{field} {}", self.rng.below(max)));
                    }
                }
                if words.is_empty() {
                    words.push("movestogo 3".into());
                }
            }
            6 if !self.uci => {
                words.push(format!("mate {}", 1 + self.rng.below(50)));
                mate_search = true;
            }
            7 if !allowed.is_empty() => {
                let mut picked = Vec::new();
                for _ in 0..1 + self.rng.below(3) {
                    picked.push(allowed[self.rng.below(allowed.len() as u64) as usize]);
                }
                picked.dedup();
                words.push(format!("depth {}", 1 + self.rng.below(2)));
                words.push("searchmoves".into());
                words.extend(picked.iter().map(|m| m.text()));
                allowed = picked;
            }
            _ => words.push(format!(
                "depth {} movetime {} nodes {}",
                1 + self.rng.below(4),
                1 + self.rng.below(30),
                1 + self.rng.below(20_000)
            )),
        }
        self.open.push_back(OpenGo {
            game: self.game.clone(),
            allowed,
            mate_search,
        });
        self.gos += 1;
        self.send(&format!("go {}", words.join(" ")));
    }

    fn setoption(&mut self) {
        let line = match self.rng.below(7) {
            0 => {
                let t = [1, self.max_threads, 1 + self.rng.below(self.max_threads)];
                format!("Threads value {}", t[self.rng.below(3) as usize])
            }
            1 => {
                let m = [1, 2, self.max_multipv, 1 + self.rng.below(40)];
                format!("MultiPV value {}", m[self.rng.below(4) as usize])
            }
            2 => format!(
                "{} value {}",
                if self.uci { "Hash" } else { "USI_Hash" },
                1 + self.rng.below(32)
            ),
            3 => {
                let v = if self.rng.chance(70) {
                    Variant::Chu
                } else {
                    Variant::DaiDai
                };
                self.game = Game::start(v, self.game.rules());
                let name = if v == Variant::Chu {
                    "chushogi"
                } else {
                    "daidaishogi"
                };
                let opt = if self.uci {
                    "UCI_Variant"
                } else {
                    "USI_Variant"
                };
                format!("{opt} value {name}")
            }
            4 => {
                let r = if self.rng.chance(50) {
                    RuleSet::Seed
                } else {
                    RuleSet::Lishogi
                };
                self.game = Game::start(self.game.variant(), r);
                format!("Rules value {}", r.name())
            }
            5 => format!("Move Overhead value {}", self.rng.below(10_001)),
            _ => format!("MultiPV value {}", self.max_multipv + 1),
        };
        self.send(&format!("setoption name {line}"));
    }

    fn step(&mut self) {
        match self.rng.below(20) {
            0..=3 => self.position(),
            4..=9 => self.go(),
            10 | 11 => self.send("stop"),
            12 => self.send("ponderhit"),
            13 => self.setoption(),
            14 => {
                self.game = Game::start(self.game.variant(), self.game.rules());
                self.send(if self.uci { "ucinewgame" } else { "usinewgame" });
            }
            15 => self.send("gameover draw"),
            16 => {
                let depth = 1 + self.rng.below(9);
                self.send(&format!("perft {depth}"));
            }
            17 => self.send("d"),
            _ => self.sync(),
        }
    }

    /// `isready`, `readyok` within [`READY`], then every new line checked.
    fn sync(&mut self) {
        self.send("isready");
        self.e.expect(READY, |l| l == "readyok");
        self.check_new_lines();
    }

    fn check_new_lines(&mut self) {
        let lines: Vec<String> = self.e.log[self.seen..].to_vec();
        self.seen = self.e.log.len();
        for l in lines {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.first().copied() {
                Some("bestmove") | Some("checkmate") => self.answer(&words),
                Some("info") if words.get(1) == Some(&"depth") && words.contains(&"pv") => {
                    let go = self
                        .open
                        .front()
                        .unwrap_or_else(|| panic!("info with no go open: {l}"));
                    let pv: Vec<&str> = words
                        .iter()
                        .skip_while(|w| **w != "pv")
                        .skip(1)
                        .copied()
                        .collect();
                    legal_line(&go.game, &pv, &l);
                    self.lines_checked += 1;
                    if !go.mate_search && !go.allowed.is_empty() {
                        let first = go.game.pos.clone().parse_move(pv[0]).unwrap();
                        assert!(go.allowed.contains(&first), "outside searchmoves: {l}");
                    }
                }
                _ => {}
            }
        }
    }

    fn answer(&mut self, words: &[&str]) {
        let line = words.join(" ");
        let go = self
            .open
            .pop_front()
            .unwrap_or_else(|| panic!("an answer with no go open: {line}"));
        self.answers += 1;
        if words[0] == "checkmate" {
            assert!(go.mate_search, "checkmate answers a plain go: {line}");
            if !matches!(words[1], "nomate" | "timeout") {
                legal_line(&go.game, &words[1..], &line);
            }
            return;
        }
        assert!(!go.mate_search, "bestmove answers a mate search: {line}");
        if words[1] == "resign" {
            assert!(
                go.allowed.is_empty(),
                "resigned with legal moves: {}",
                go.game.pos.to_sfen()
            );
            return;
        }
        let mut game = go.game.clone();
        let mv = game.play_text(words[1]).unwrap_or_else(|e| {
            panic!("illegal bestmove {line} ({e}) in {}", go.game.pos.to_sfen())
        });
        assert!(
            go.allowed.contains(&mv),
            "bestmove outside the allowed: {line}"
        );
        if let (Some(&"ponder"), Some(&reply)) = (words.get(2), words.get(3)) {
            legal_line(&go.game, &[words[1], reply], &line);
        }
    }

    fn finish(mut self) -> (usize, usize, usize) {
        self.send("stop");
        self.sync();
        assert!(
            self.open.is_empty(),
            "{} go without an answer; last lines {:#?}",
            self.open.len(),
            &self.e.log[self.e.log.len().saturating_sub(15)..]
        );
        assert_eq!(self.gos, self.answers);
        self.send("quit");
        assert!(
            self.e.exits(Duration::from_secs(10)),
            "quit ends the process"
        );
        (self.gos, self.answers, self.lines_checked)
    }
}

/// Every move of `line` legal in turn from the game's position.
fn legal_line(game: &Game, line: &[&str], context: &str) {
    let mut pos = game.pos.clone();
    for (i, text) in line.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("move {i} '{text}' illegal ({e}) in {context}"));
        pos.make(mv);
    }
}

fn run(uci: bool, seed: u64, commands: u64) {
    let mut f = Fuzzer::start(uci, seed);
    for _ in 0..commands {
        f.step();
    }
    let (gos, answers, pv_lines) = f.finish();
    assert!(pv_lines > 0, "no search reported a line");
    eprintln!(
        "{} seed {seed}: {commands} commands, {gos} go, {answers} answers, {pv_lines} pv lines",
        if uci { "uci" } else { "usi" }
    );
}

fn commands(default: u64) -> u64 {
    std::env::var("SHISHI_FUZZ_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed(default: u64) -> u64 {
    std::env::var("SHISHI_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn usi_streams_keep_every_invariant() {
    run(false, seed(1), commands(400));
}

#[test]
fn uci_streams_keep_every_invariant() {
    run(true, seed(2), commands(400));
}
