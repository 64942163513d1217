//! Random, mutated, very long and binary input thrown at the protocol loop of the release
//! binary: it must answer `isready`/`ping` afterwards and never panic. And every option each
//! protocol advertises, set to its limits and one past them, with the behaviour checked.

mod protocol_common;

use protocol_common::Engine;
use std::time::Duration;

/// A small xorshift generator (no dependency, reproducible).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: [&str; 24] = [
    "position startpos moves 7i7h 6d6e",
    "position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    "go depth 1",
    "go movetime 10",
    "go nodes 100",
    "go btime 10 wtime 10 byoyomi 10",
    "setoption name USI_Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name USI_Variant value daidaishogi",
    "setoption name USI_Variant value chushogi",
    "setoption name Rules value lishogi",
    "stop",
    "ponderhit",
    "usinewgame",
    "d",
    "perft 1",
    "go infinite",
    "gameover lose",
    "position startpos moves 8g9g9h",
    "go searchmoves 7i7h 1i1h depth 1",
    "go mate 3",
    "setoption name Threads value 2",
    "position fen 12/12 w - - 0 1",
    "isready",
];

fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        match rng.below(6) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b.remove(i);
            }
            1 => {
                let i = rng.below(b.len() + 1);
                b.insert(i, rng.next() as u8);
            }
            2 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = b" 0123456789abcdefghijklmnopqrstuvwxyz+-/()"[rng.below(42)];
            }
            3 => {
                let other = SEEDS[rng.below(SEEDS.len())].as_bytes();
                let i = rng.below(b.len() + 1);
                b.splice(i..i, other.iter().copied());
            }
            4 if b.len() > 2 => {
                let i = rng.below(b.len());
                b.truncate(i);
            }
            _ => {}
        }
    }
    b.retain(|&c| c != b'\n' && c != b'\r');
    b
}

fn hammer(first: &str, sync: &str, answer: &str, seed: u64) {
    let mut e = Engine::start(&[]);
    e.send(first);
    let mut rng = Rng(seed);
    for i in 0..400 {
        let line: Vec<u8> = match rng.below(10) {
            0 => {
                let n = rng.below(200);
                (0..n)
                    .map(|_| rng.next() as u8)
                    .filter(|&c| c != b'\n')
                    .collect()
            }
            1 => {
                let mut s = b"position startpos moves".to_vec();
                for _ in 0..2000 {
                    s.extend_from_slice(b" 7i7h");
                }
                s
            }
            2 => vec![b'x'; 100_000],
            3 => SEEDS[rng.below(SEEDS.len())].as_bytes().to_vec(),
            _ => {
                let seed = SEEDS[rng.below(SEEDS.len())];
                mutate(&mut rng, seed)
            }
        };
        e.send_bytes(&line);
        e.send_bytes(b"\n");
        if i % 25 == 0 {
            e.send("stop");
            e.send(sync);
            e.expect(Duration::from_secs(30), |l| l.starts_with(answer));
        }
    }
    e.send("stop");
    e.send(sync);
    e.expect(Duration::from_secs(30), |l| l.starts_with(answer));
    e.send("quit");
    assert!(e.exits(Duration::from_secs(10)), "did not exit cleanly");
}

#[test]
fn usi_survives_garbage() {
    hammer("usi", "isready", "readyok", 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn uci_survives_garbage() {
    hammer("uci", "isready", "readyok", 0x1234_5678_9abc_def1);
}

#[test]
fn xboard_survives_garbage() {
    hammer("xboard", "ping 77", "pong 77", 0x0bad_cafe_dead_beef);
}

#[test]
fn binary_first_line_then_usi() {
    let mut e = Engine::start(&[]);
    e.send_bytes(&[0xff, 0xfe, 0x00, 0x80, b'\n']);
    e.send("usi");
    e.expect(Duration::from_secs(10), |l| l == "usiok");
    e.close();
    assert!(e.exits(Duration::from_secs(30)));
}

/// One option as an engine advertises it: name, kind, and for a spin its bounds, for a combo
/// its values.
struct Advertised {
    name: String,
    kind: String,
    min: i64,
    max: i64,
    vars: Vec<String>,
}

/// The options of a USI/UCI handshake (`option name … type …`) or of XBoard's features
/// (`feature option="Name -spin def min max"`).
fn advertised(lines: &[String]) -> Vec<Advertised> {
    let mut out = Vec::new();
    for l in lines {
        if let Some(rest) = l.strip_prefix("option name ") {
            let (name, spec) = rest.split_once(" type ").expect("a type");
            let words: Vec<&str> = spec.split_whitespace().collect();
            let after = |key: &str| {
                words
                    .iter()
                    .position(|w| *w == key)
                    .and_then(|i| words.get(i + 1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0)
            };
            let vars = words
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_string())
                .collect();
            out.push(Advertised {
                name: name.to_string(),
                kind: words[0].to_string(),
                min: after("min"),
                max: after("max"),
                vars,
            });
        } else if let Some(rest) = l.strip_prefix("feature option=\"") {
            let rest = rest.trim_end_matches('"');
            let (name, spec) = rest.split_once(" -").expect("a kind");
            let words: Vec<&str> = spec.split_whitespace().collect();
            let num = |i: usize| words.get(i).and_then(|v| v.parse().ok()).unwrap_or(0);
            out.push(Advertised {
                name: name.to_string(),
                kind: words[0].to_string(),
                min: num(2),
                max: num(3),
                vars: spec
                    .split_once(' ')
                    .map(|(_, v)| v.split(" /// ").map(str::to_string).collect())
                    .unwrap_or_default(),
            });
        }
    }
    out
}

/// The values to set an option to: those it must take (its limits, its values) and those it
/// must refuse (one past each limit, garbage, a number past any type).
fn trials(o: &Advertised) -> (Vec<String>, Vec<String>) {
    match o.kind.as_str() {
        "spin" => {
            // A table at its largest is the hardening test's (it may be half the machine).
            let hash = o.name.to_ascii_lowercase().contains("hash");
            let mut good = vec![o.min.to_string()];
            if !hash {
                good.push(o.max.to_string());
                good.push(((o.min + o.max) / 2).to_string());
            }
            let mut bad = vec![
                (o.max + 1).to_string(),
                "abc".into(),
                "18446744073709551616".into(),
            ];
            if o.min > i64::MIN {
                bad.push((o.min - 1).to_string());
            }
            (good, bad)
        }
        "check" => (
            vec!["true".into(), "false".into()],
            vec!["maybe".into(), "2".into()],
        ),
        "combo" => (o.vars.clone(), vec!["no-such-value".into()]),
        // EvalFile: no network, the built-in one; a missing file and a file that is no network.
        "string" | "file" => (
            vec!["<empty>".into(), "<built-in>".into()],
            vec![
                "/nonexistent/net.nnue".into(),
                concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml").into(),
            ],
        ),
        _ => panic!("option {} of unknown kind {}", o.name, o.kind),
    }
}

/// Every option a protocol advertises, set to each of its limits and values, is taken
/// silently, and one past each limit gets exactly one error line; after each, a search gets
/// exactly one legal answer, and a MultiPV setting shows that many lines (capped at the root
/// moves).
#[test]
fn every_advertised_option_takes_its_limits_refuses_one_past_and_keeps_searching() {
    for proto in ["usi", "uci", "xboard"] {
        let xb = proto == "xboard";
        let mut e = Engine::start(&[]);
        e.send(proto);
        if xb {
            e.send("protover 2");
            e.expect(Duration::from_secs(20), |l| l == "feature done=1");
        } else {
            e.expect(Duration::from_secs(20), |l| l.ends_with("ok"));
        }
        let options = advertised(&e.log);
        assert!(options.len() >= 4, "{proto}: {:#?}", e.log);
        let mut n = 0;
        let mut sync = |e: &mut Engine| -> Vec<String> {
            n += 1;
            let (ask, answer) = if xb {
                (format!("ping {n}"), format!("pong {n}"))
            } else {
                ("isready".to_string(), "readyok".to_string())
            };
            e.send(&ask);
            let mut got = Vec::new();
            loop {
                let l = e
                    .next(Duration::from_secs(30))
                    .unwrap_or_else(|| panic!("no {answer}: {:#?}", e.log));
                if l == answer {
                    return got;
                }
                got.push(l);
            }
        };
        let set = |name: &str, value: &str| {
            if xb {
                format!("option {name}={value}")
            } else {
                format!("setoption name {name} value {value}")
            }
        };
        let is_error = |l: &str| l.starts_with("info string error") || l.starts_with("Error");
        for o in &options {
            let (good, bad) = trials(o);
            for v in &good {
                e.send(&set(&o.name, v));
                let got = sync(&mut e);
                assert!(
                    !got.iter().any(|l| is_error(l)),
                    "{proto} {} = {v}: {got:#?}",
                    o.name
                );
                // A search after it: one answer, legal; MultiPV shows its lines.
                if xb {
                    e.send("new");
                    e.send("post");
                    e.send("sd 1");
                    e.send("go");
                    let start = e.log.len();
                    let mv = e.expect(Duration::from_secs(30), |l| {
                        l.starts_with("move ") || l.starts_with("resign")
                    });
                    assert!(mv.starts_with("move "), "{proto} {} = {v}: {mv}", o.name);
                    if o.name == "Multi-PV" {
                        let heads: std::collections::BTreeSet<String> = e.log[start..]
                            .iter()
                            .filter(|l| l.starts_with("1 "))
                            .filter_map(|l| l.split_whitespace().nth(4).map(String::from))
                            .collect();
                        let want: usize = v.parse().unwrap();
                        let roots = shishi::rules::Position::start(
                            shishi::rules::Variant::Chu,
                            shishi::rules::RuleSet::Seed,
                        )
                        .game_moves()
                        .len();
                        assert_eq!(heads.len(), want.min(roots), "Multi-PV = {v}");
                    }
                    e.send("force");
                } else {
                    e.send("position startpos");
                    e.send("go depth 1");
                    let start = e.log.len();
                    let best = e.expect(Duration::from_secs(60), |l| l.starts_with("bestmove"));
                    let mv = best.split_whitespace().nth(1).unwrap_or("");
                    let mut pos = shishi::rules::Position::start(
                        shishi::rules::Variant::Chu,
                        shishi::rules::RuleSet::Seed,
                    );
                    if o.kind != "combo" {
                        assert!(
                            pos.parse_move(mv).is_ok(),
                            "{proto} {} = {v}: {best}",
                            o.name
                        );
                    }
                    if o.name.ends_with("MultiPV") {
                        let lines = e.log[start..]
                            .iter()
                            .filter(|l| l.starts_with("info depth 1 "))
                            .count();
                        let want: usize = v.parse().unwrap();
                        let roots = pos.game_moves().len();
                        assert_eq!(lines, want.min(roots), "MultiPV = {v}");
                    }
                    let after = sync(&mut e);
                    assert!(
                        !after.iter().any(|l| l.starts_with("bestmove")),
                        "{proto}: two answers to one go: {after:#?}"
                    );
                }
            }
            for v in &bad {
                e.send(&set(&o.name, v));
                let got = sync(&mut e);
                let errs = got.iter().filter(|l| is_error(l)).count();
                assert_eq!(errs, 1, "{proto} {} = {v}: {got:#?}", o.name);
            }
            // Back to a plain setting for the next option's searches.
            if let Some(default) = match o.kind.as_str() {
                "spin" if o.name.contains("Multi") => Some("1".to_string()),
                "combo" => o.vars.first().cloned(),
                _ => None,
            } {
                e.send(&set(&o.name, &default));
                sync(&mut e);
            }
        }
        e.send("quit");
        assert!(e.exits(Duration::from_secs(10)), "{proto}: did not exit");
    }
}
