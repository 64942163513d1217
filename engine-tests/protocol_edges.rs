//! The classes of issue 29 that live in the protocols and the small commands, each over
//! several inputs of its class, against the binary: XBoard's `Multi-PV` honoured, numbers at
//! the edge of their type, a game that is over answering alike everywhere, lishogi's
//! counter-strike as its server plays it and paths a piece cannot walk, and the small ones
//! (control bytes in `pong`, `perft` arguments, records `summary` must refuse, `result` then
//! `go`, `setboard` counters).

mod protocol_common;

use protocol_common::{Engine, errors, ping, usi, xboard};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SEC: Duration = Duration::from_secs(20);

/// Runs `shishi ARGS` for at most `secs` (killed after): its exit code (`None` if it had to
/// be killed) and stderr.
fn run_bounded(args: &[&str], secs: u64) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(secs);
    let mut code = None;
    while Instant::now() < end {
        if let Ok(Some(s)) = child.try_wait() {
            code = s.code();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    (code, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The distinct first moves of the thinking lines of the deepest depth shown.
fn heads_at_last_depth(lines: &[String]) -> usize {
    let thinking: Vec<Vec<&str>> = lines
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[0].parse::<u32>().is_ok())
        .collect();
    let deepest = thinking.iter().map(|w| w[0]).max().unwrap_or("0");
    let heads: std::collections::BTreeSet<&str> = thinking
        .iter()
        .filter(|w| w[0] == deepest)
        .map(|w| w[4])
        .collect();
    heads.len()
}

#[test]
fn xboard_multi_pv_shows_that_many_lines_and_refuses_values_out_of_range() {
    let mut e = xboard();
    for (n, value) in [1usize, 2, 3, 5].iter().enumerate() {
        e.send(&format!("option Multi-PV={value}"));
        e.send("new");
        e.send("force");
        e.send("post");
        e.send("sd 2");
        e.send("analyze");
        // Analysis runs until `exit`; once depth 3 shows, depth 2 is complete.
        let start = e.log.len();
        e.expect(SEC, |l| l.starts_with("3 "));
        e.send("exit");
        ping(&mut e, n as u32);
        let depth2: Vec<String> = e.log[start..]
            .iter()
            .filter(|l| l.starts_with("2 "))
            .cloned()
            .collect();
        assert_eq!(
            heads_at_last_depth(&depth2),
            *value,
            "analyze, Multi-PV={value}: {depth2:#?}"
        );
        // Thinking on a move shows the same lines.
        e.send("new");
        e.send("sd 2");
        e.send("go");
        let start = e.log.len();
        e.expect(SEC, |l| l.starts_with("move "));
        let lines = e.log[start..].to_vec();
        assert_eq!(
            heads_at_last_depth(&lines),
            *value,
            "go, Multi-PV={value}: {lines:#?}"
        );
    }
    for bad in ["0", "-1", "65", "abc", "", "1e3", "18446744073709551616"] {
        e.send(&format!("option Multi-PV={bad}"));
        let lines = ping(&mut e, 99);
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("Error")).count(),
            1,
            "Multi-PV={bad}: {lines:#?}"
        );
    }
}

#[test]
fn analyse_threads_and_times_stay_within_what_the_engine_can_keep() {
    let max = std::thread::available_parallelism().map_or(1, |n| n.get());
    let too_many = (max + 1).to_string();
    for args in [
        vec![
            "analyse",
            "--moves",
            "7i7h",
            "--depth",
            "1",
            "--threads",
            "1024",
        ],
        vec![
            "analyse",
            "--moves",
            "7i7h",
            "--depth",
            "1",
            "--threads",
            &too_many,
        ],
        vec![
            "analyse",
            "--moves",
            "7i7h",
            "--depth",
            "1",
            "--threads",
            "0",
        ],
        vec![
            "analyse",
            "--moves",
            "7i7h",
            "--movetime",
            "18446744073709551615",
        ],
        vec!["analyse", "--moves", "7i7h", "--movetime", "3600001"],
    ] {
        let (code, err) = run_bounded(&args, 30);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("out of range"), "{args:?}: {err}");
    }
    let max = max.to_string();
    let (code, err) = run_bounded(
        &[
            "analyse",
            "--moves",
            "7i7h",
            "--depth",
            "1",
            "--threads",
            &max,
        ],
        60,
    );
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn match_times_at_the_edge_are_refused_with_their_range() {
    let shishi = env!("CARGO_BIN_EXE_shishi");
    let engine = format!("name=A cmd={shishi} proto=usi");
    let other = format!("name=B cmd={shishi} proto=usi");
    for (flag, value) in [
        ("--stall-timeout", "18446744073709551615"),
        ("--stall-timeout", "1e300"),
        ("--stall-timeout", "0"),
        ("--time-margin", "18446744073709551615"),
        ("--time-margin", "3600001"),
    ] {
        let (code, err) = run_bounded(
            &[
                "match", "--engine", &engine, "--engine", &other, "--depth", "1", flag, value,
            ],
            30,
        );
        assert_eq!(code, Some(2), "{flag} {value}: {err}");
        assert!(
            err.contains(flag) && err.contains("out of range"),
            "{flag} {value}: {err}"
        );
    }
}

#[test]
fn go_values_past_their_type_are_taken_as_the_largest_and_still_answered_once() {
    for first in ["usi", "uci"] {
        let mut e = Engine::start(&[]);
        e.send(first);
        e.send("isready");
        e.expect(SEC, |l| l == "readyok");
        let huge = "18446744073709551615";
        let huger = "99999999999999999999999999";
        let (own, other) = if first == "usi" {
            ("btime", "wtime")
        } else {
            ("wtime", "btime")
        };
        for go in [
            format!("go movetime {huge}"),
            format!("go movetime {huger}"),
            format!("go {own} {huge} {other} {huge}"),
            format!("go {own} {huge} {other} 0 byoyomi {huger}"),
            format!("go nodes {huge}"),
            format!("go depth {huger}"),
            format!("go movestogo {huge} {own} 1000"),
        ] {
            let start = e.log.len();
            e.send(&go);
            e.send("isready");
            e.expect(SEC, |l| l == "readyok");
            // `stop` ends it (or finds it ended on its own: one error line then).
            e.send("stop");
            e.sync();
            let lines = &e.log[start..];
            let best = lines.iter().filter(|l| l.starts_with("bestmove")).count();
            assert_eq!(best, 1, "{go}: {lines:#?}");
            let errs: Vec<&String> = errors(lines)
                .into_iter()
                .filter(|l| !l.contains("stop: no search is running"))
                .collect();
            assert!(errs.is_empty(), "{go}: {lines:#?}");
        }
        // A negative one is a clock already run out: a timed search that ends on its own.
        e.send(&format!("go {own} -{huge}"));
        e.expect(SEC, |l| l.starts_with("bestmove"));
    }
    // XBoard's clock commands: a huge value is a long clock, garbage one error line.
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("time 18446744073709551615");
    e.send("otim 99999999999999999999999");
    e.send("st 1");
    e.send("go");
    e.expect(SEC, |l| l.starts_with("move "));
    for bad in ["time abc", "otim 1.5.5", "time"] {
        e.send(bad);
        let lines = ping(&mut e, 7);
        assert_eq!(lines.len(), 1, "{bad}: {lines:#?}");
        assert!(lines[0].starts_with("Error"), "{bad}: {lines:#?}");
    }
}

/// Positions whose game is over: Black's king alone after White's royal was taken (seed
/// rules), and Black with no legal move.
const OVER: [&str; 2] = [
    "12/12/12/12/12/12/12/12/12/12/12/11K b - 1",
    "10PK/10PP/12/12/12/12/12/12/12/12/12/k11 b - 1",
];

#[test]
fn a_game_that_is_over_has_no_move_in_any_command() {
    for first in ["usi", "uci"] {
        for sfen in OVER {
            let mut e = Engine::start(&[]);
            e.send(first);
            e.send(&format!("position sfen {sfen}"));
            e.send("legalmoves");
            let got = e.sync();
            assert!(got.contains(&"legalmoves".to_string()), "{sfen}: {got:#?}");
            // A move after the end is refused, and the position stays.
            for mv in ["1l2k", "1l1k", "2b2a"] {
                e.send(&format!("position sfen {sfen} moves {mv}"));
                let got = e.sync();
                assert_eq!(errors(&got).len(), 1, "{sfen} {mv}: {got:#?}");
            }
            e.send("sfen");
            let got = e.sync();
            assert!(got.iter().any(|l| l == &format!("sfen {sfen}")), "{got:#?}");
            // go infinite and go ponder wait for stop / ponderhit.
            for (go, release) in [("go infinite", "stop"), ("go ponder", "ponderhit")] {
                e.send(go);
                let got = e.sync();
                assert!(
                    got.iter().all(|l| !l.starts_with("bestmove")),
                    "{go} answered before {release}: {got:#?}"
                );
                e.send(release);
                let got = e.sync();
                assert_eq!(got, vec!["bestmove resign".to_string()], "{go}: {got:#?}");
            }
            e.send("go depth 3");
            e.expect(SEC, |l| l == "bestmove resign");
            // Its answer is there at once: a command right behind the `go` finds no search
            // running, so it says nothing about one.
            e.send("go depth 3");
            e.send(&format!("position sfen {sfen}"));
            let got = e.sync();
            assert_eq!(got, vec!["bestmove resign".to_string()], "{sfen}: {got:#?}");
            if first == "usi" {
                e.send("go mate 1000");
                e.expect(SEC, |l| l == "checkmate nomate");
            }
        }
    }
    // XBoard: the result instead of a move, and no user move.
    for sfen in OVER {
        let mut e = xboard();
        let fen = sfen.replace(" b - 1", " w - - 0 1");
        e.send(&format!("setboard {fen}"));
        e.send("go");
        let lines = ping(&mut e, 1);
        assert_eq!(lines.len(), 1, "{sfen}: {lines:#?}");
        assert!(
            lines[0].starts_with("1-0") || lines[0].starts_with("0-1"),
            "{lines:#?}"
        );
        e.send("force");
        e.send("usermove a1a2");
        let lines = ping(&mut e, 2);
        assert!(
            lines.iter().all(|l| l.starts_with("Illegal move")),
            "{lines:#?}"
        );
    }
}

#[test]
fn lishogi_rules_accept_what_lishogis_server_accepts_during_the_counter_strike_ban() {
    let falcon = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";
    let eagle = "k11/12/12/12/6P5/12/12/5+d6/6N5/12/12/11K w 6e 2";
    let mut e = usi();
    for (rules, accepted) in [("lishogi", true), ("seed", false)] {
        e.send(&format!("setoption name Rules value {rules}"));
        for (sfen, mv) in [
            (falcon, "7h7i7h"),
            (falcon, "7h7i7j"),
            (eagle, "7h6i7h"),
            (eagle, "7h6i5j"),
        ] {
            e.send(&format!("position sfen {sfen} moves {mv}"));
            let got = e.sync();
            assert_eq!(errors(&got).is_empty(), accepted, "{rules} {mv}: {got:#?}");
            e.send(&format!("position sfen {sfen}"));
            e.send("legalmoves");
            let got = e.sync();
            assert_eq!(got[0].split(' ').any(|m| m == mv), accepted, "{rules} {mv}");
        }
        // The plain capture ends on the lion: refused by both.
        for (sfen, mv) in [(falcon, "7h7i"), (eagle, "7h6i")] {
            e.send(&format!("position sfen {sfen} moves {mv}"));
            assert_eq!(errors(&e.sync()).len(), 1, "{rules} {mv}");
        }
    }
}

/// `Rules jcsa` (shared/rules/chu-jcsa.md §2): during the counter-strike ban an unprotected
/// lion may be taken, by the plain capture too, and a protected one on no step at all; a
/// lance reaching the last rank inside the zone cannot promote (§3).
#[test]
fn jcsa_rules_change_what_is_legal() {
    let unprotected = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";
    let protected = "k11/12/12/12/6P5/12/12/5+h6/5N6/5G6/12/11K w 6e 2";
    // (A gold each, so that the dead lance leaves a game that goes on.)
    let lance = "k11/12/12/3L8/12/12/12/12/12/12/5g4G1/11K b - 1";
    let mut e = usi();
    for (rules, jcsa) in [("jcsa", true), ("lishogi", false)] {
        e.send(&format!("setoption name Rules value {rules}"));
        for (sfen, mv, legal) in [
            (unprotected, "7h7i", jcsa),
            (unprotected, "7h7i7h", true),
            (protected, "7h7i7h", !jcsa),
            (protected, "7h7i7j", !jcsa),
            (lance, "9d9a+", !jcsa),
            (lance, "9d9a", true),
        ] {
            e.send(&format!("position sfen {sfen}"));
            e.send("legalmoves");
            let got = e.sync();
            assert_eq!(got[0].split(' ').any(|m| m == mv), legal, "{rules} {mv}");
            e.send(&format!("position sfen {sfen} moves {mv}"));
            assert_eq!(errors(&e.sync()).is_empty(), legal, "{rules} {mv}");
        }
    }
    // Unknown rule sets are still refused, and the option lists jcsa.
    e.send("setoption name Rules value okazaki");
    assert_eq!(errors(&e.sync()).len(), 1);
}

/// The other protocols offer and take the same value.
#[test]
fn jcsa_rules_in_uci_and_xboard() {
    let mut u = Engine::start(&[]);
    u.send("uci");
    let line = u.expect_prefix("option name Rules");
    assert!(line.contains("var jcsa"), "{line}");
    u.expect_prefix("uciok");
    u.send("setoption name Rules value jcsa");
    u.send("position fen k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2 moves 7h7i");
    assert!(errors(&u.sync()).is_empty());
    let mut x = xboard();
    let text = x.log.join("\n");
    assert!(
        text.contains("Rules -combo seed /// lishogi /// jcsa"),
        "{text}"
    );
    let refused = |lines: Vec<String>| lines.iter().any(|l| l.starts_with("Error"));
    x.send("option Rules=jcsa");
    assert!(!refused(ping(&mut x, 1)));
    x.send("option Rules=okazaki");
    assert!(refused(ping(&mut x, 2)));
}

#[test]
fn paths_a_piece_cannot_walk_are_refused_even_when_their_effect_is_legal() {
    let falcon = "k10p/12/8+H3/12/12/12/12/12/12/12/12/P10K b - 1";
    let eagle = "k10p/12/8+D3/12/12/12/12/12/12/12/12/P10K b - 1";
    let lion = "k10p/12/8N3/12/12/12/12/12/12/12/12/P10K b - 1";
    let mut e = usi();
    for (sfen, good, bad) in [
        (falcon, "4c4b4c", ["4c4a4c", "4c4d4c", "4c4a4b"]),
        (eagle, "4c3b4c", ["4c3d4c", "4c2a4c", "4c4b4c"]),
        (lion, "4c4b4c", ["4c4a4c", "4c2a3b", "4c4a4b"]),
    ] {
        e.send(&format!("position sfen {sfen} moves {good}"));
        assert!(errors(&e.sync()).is_empty(), "{good}");
        for mv in bad {
            e.send(&format!("position sfen {sfen} moves {mv}"));
            let got = e.sync();
            assert_eq!(errors(&got).len(), 1, "{mv}: {got:#?}");
        }
    }
}

#[test]
fn pong_escapes_control_bytes_and_error_lines_keep_nul_bytes_visible() {
    let mut e = xboard();
    for (word, shown) in [
        (&b"\x1b[31m"[..], "\\u{1b}[31m"),
        (b"\x07", "\\u{7}"),
        (b"a\x00b", "a\\u{0}b"),
        (b"\x7f", "\\u{7f}"),
    ] {
        let mut line = b"ping ".to_vec();
        line.extend_from_slice(word);
        line.push(b'\n');
        e.send_bytes(&line);
        let got = e.next(SEC).expect("an answer");
        assert_eq!(got, format!("pong {shown}"));
    }
    e.send_bytes(b"frob\x00nicate\n");
    let got = ping(&mut e, 3);
    assert!(got[0].contains("frob\\u{0}nicate"), "{got:#?}");
    let mut e = usi();
    e.send_bytes(b"frob\x00nicate\n");
    e.send_bytes(b"go depth \x00\n");
    let got = e.sync();
    assert!(got[0].contains("frob\\u{0}nicate"), "{got:#?}");
    assert!(got[1].contains("\\u{0}"), "{got:#?}");
}

#[test]
fn perft_takes_one_depth_and_a_suite_must_check_something() {
    let mut e = usi();
    for bad in ["perft 1 2", "perft 1 x", "perft", "perft 0", "perft 11"] {
        e.send(bad);
        let got = e.sync();
        assert_eq!(got.len(), 1, "{bad}: {got:#?}");
        assert!(
            got[0].contains("perft: expected one depth"),
            "{bad}: {got:#?}"
        );
    }
    let dir = std::env::temp_dir().join(format!("shishi-edges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let comments = dir.join("comments.epd");
    std::fs::write(&comments, "# nothing here\n\n").unwrap();
    let comments = comments.to_str().unwrap().to_string();
    // /dev/null is not a file of positions at all (docs/reliability.md, "The boundary").
    for (path, want) in [
        ("/dev/null", "not a regular file"),
        (comments.as_str(), "no position with a count"),
    ] {
        let (code, err) = run_bounded(&["perft", "--suite", path], 30);
        assert_eq!(code, Some(2), "{path}: {err}");
        assert!(err.contains(want), "{path}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn summary_refuses_records_that_describe_no_game() {
    let dir = std::env::temp_dir().join(format!("shishi-summary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = |variant: &str, sfen: &str, moves: &str, plies: usize| {
        format!(
            "[Event \"shishi match\"]\n[Game \"1\"]\n[Variant \"{variant}\"]\n[Rules \"seed\"]\n\
             [Black \"A\"]\n[White \"B\"]\n[Opening \"\"]\n[SFEN \"{sfen}\"]\n\
             [TimeControl \"depth 1\"]\n[Result \"1-0\"]\n[Reason \"x\"]\n[Plies \"{plies}\"]\n\
             [FinalSFEN \"{sfen}\"]\n\n{moves} 1-0\n\n"
        )
    };
    let start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    let good = record("chu", start, "1. 7i7h 6d6e", 2);
    let bad = [
        (
            "bad SFEN",
            record("chu", "lfcsgekgscfl/12 b - 1", "1. 7i7h", 1),
        ),
        ("illegal move", record("chu", start, "1. 7i7a", 1)),
        ("unknown variant", record("chess", start, "1. 7i7h", 1)),
    ];
    let good_path = dir.join("good.txt");
    std::fs::write(&good_path, &good).unwrap();
    let good_path = good_path.to_str().unwrap().to_string();
    for args in [vec!["summary"], vec!["summary", "--phases"]] {
        let mut a = args.clone();
        a.push(&good_path);
        let (code, err) = run_bounded(&a, 30);
        assert_eq!(code, Some(0), "{a:?}: {err}");
    }
    for (what, text) in &bad {
        let path = dir.join("bad.txt");
        std::fs::write(&path, format!("{good}{text}")).unwrap();
        let path = path.to_str().unwrap().to_string();
        for args in [vec!["summary"], vec!["summary", "--phases"]] {
            let mut a = args.clone();
            a.push(&path);
            let (code, err) = run_bounded(&a, 30);
            assert_eq!(code, Some(2), "{what} {a:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{what}: {err}");
        }
    }
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap().to_string();
    for args in [
        vec!["summary", "--phases", empty.as_str()],
        vec!["summary", "--moves-left", empty.as_str()],
        vec!["summary", empty.as_str()],
    ] {
        let (code, err) = run_bounded(&args, 30);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("no game"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_after_result_go_says_the_game_is_over_and_setboard_reads_any_counter() {
    let mut e = xboard();
    for result in ["result 1-0 {resign}", "result 1/2-1/2", "result *"] {
        e.send("new");
        e.send(result);
        e.send("go");
        let lines = ping(&mut e, 1);
        assert_eq!(lines.len(), 1, "{result}: {lines:#?}");
        assert!(lines[0].starts_with("Error (game over)"), "{lines:#?}");
    }
    let board = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
    for (counters, ok) in [
        ("99999999999999999999 1", true),
        ("0 99999999999999999999", true),
        ("18446744073709551616 18446744073709551616", true),
        ("x 1", false),
        ("0 y", false),
    ] {
        e.send(&format!("setboard {board} w - - {counters}"));
        let lines = ping(&mut e, 2);
        assert_eq!(lines.is_empty(), ok, "{counters}: {lines:#?}");
        if !ok {
            assert!(
                lines.iter().any(|l| l.contains("not a whole number")),
                "{counters}: {lines:#?}"
            );
        }
    }
}
