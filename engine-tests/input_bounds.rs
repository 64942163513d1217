//! Input that never ends a line, against the binary: the protocol loop, `shishi summary`,
//! `shishi analyse --record` and `shishi perft --suite` on `/dev/zero`, `/dev/urandom` and
//! endless lines keep their peak memory under [`BOUND_KB`] (measured from `/proc`, the child
//! killed as soon as it passes the bound, so a failing run never takes more), and a line cut
//! at the protocol's limit is refused whole, never executed in part.

mod protocol_common;

use protocol_common::{Engine, errors, usi};
use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Peak resident memory allowed, in KiB, to a process that starts no protocol session: the
/// binary and one cut line (1 MiB) take well under it; before the bounds, `shishi <
/// /dev/zero` took 2 GB in 5 s and `shishi summary /dev/zero` 5 GB in 8 s.
const BOUND_KB: u64 = 64 << 10;
/// The same for the protocol loop on `/dev/urandom`, whose garbage now and then starts with
/// a command (`d`, `go`) and so starts a session with its default 64 MB table.
const SESSION_BOUND_KB: u64 = BOUND_KB + (64 << 10);

/// Watches `child` for `time` (or until it exits): panics, killing it, as soon as its memory
/// passes `bound` KiB; returns its peak while it ran.
fn watch(child: &mut Child, time: Duration, bound: u64, what: &str) -> u64 {
    protocol_common::watch_memory(child, time, bound, what).0
}

#[test]
fn the_protocol_loop_reads_dev_zero_and_dev_urandom_in_bounded_memory() {
    for (source, bound) in [("/dev/zero", BOUND_KB), ("/dev/urandom", SESSION_BOUND_KB)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
            .stdin(std::fs::File::open(source).unwrap())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let peak = watch(&mut child, Duration::from_secs(3), bound, source);
        eprintln!("{source}: peak {peak} KiB");
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// Growth of peak memory allowed over a running session's own, in KiB: the cut line's kept
/// megabyte and the reader's buffer, with room to spare.
const GROWTH_KB: u64 = 16 << 10;

#[test]
fn an_endless_line_is_cut_refused_and_the_engine_answers_after_it() {
    for first in ["usi", "uci", "xboard"] {
        let mut e = Engine::start(&[]);
        e.send(first);
        let (sync, answer) = if first == "xboard" {
            ("ping 5", "pong 5")
        } else {
            ("isready", "readyok")
        };
        e.send(sync);
        e.expect(Duration::from_secs(20), |l| l == answer);
        // The session's own peak (its table included), once its pages are touched.
        std::thread::sleep(Duration::from_millis(500));
        let (_, base) = e.memory().expect("running");
        // 200 MiB of one line, in chunks, watching the engine's memory as it arrives.
        let chunk = vec![b'x'; 1 << 20];
        let mut peak = base;
        for i in 0..200 {
            e.send_bytes(&chunk);
            if i % 10 == 0 {
                let (_, hwm) = e.memory().expect("still running");
                assert!(
                    hwm < base + GROWTH_KB,
                    "{first}: {hwm} KiB after {i} MiB, {base} KiB before"
                );
                peak = peak.max(hwm);
            }
        }
        e.send_bytes(b"\n");
        e.send(sync);
        e.expect(Duration::from_secs(20), |l| l == answer);
        let refused: Vec<&String> = e
            .log
            .iter()
            .filter(|l| l.contains("longer than 1048576 bytes refused"))
            .collect();
        assert_eq!(refused.len(), 1, "{first}: {:#?}", e.log);
        let (_, hwm) = e.memory().unwrap();
        assert!(
            hwm < base + GROWTH_KB,
            "{first}: {hwm} KiB, {base} KiB before"
        );
        eprintln!(
            "{first}: a 200 MiB line, peak {} KiB, {base} KiB before it",
            peak.max(hwm)
        );
    }
}

#[test]
fn a_cut_command_is_never_executed() {
    // Each line is longer than the limit; what lies past the cut would make it a valid
    // command (a `go` with its `movetime`, a `position` with its last move). None may run.
    let padding = " 7i7h".repeat(300_000);
    let mut e = usi();
    let lines = [
        format!("go searchmoves{padding} movetime 100"),
        format!("position startpos moves 7i7h{padding}"),
        format!("setoption name MultiPV value 2{}", " ".repeat(1 << 20)),
        format!("go depth 1{}", " x".repeat(600_000)),
    ];
    for line in &lines {
        e.send(line);
        let got = e.sync();
        assert_eq!(errors(&got).len(), 1, "{got:#?}");
        assert!(
            got.iter()
                .all(|l| !l.starts_with("bestmove") && !l.starts_with("info depth")),
            "a cut line ran: {got:#?}"
        );
    }
    // Nothing changed: the start position, no search running, one line per search.
    e.send("sfen");
    let got = e.sync();
    assert!(got[0].contains(" b - 1"), "{got:#?}");
    e.send("stop");
    assert!(
        e.sync()
            .iter()
            .any(|l| l.contains("stop: no search is running"))
    );
    // MultiPV stayed 1 (no `multipv` field), and the one `go` gets one `bestmove`.
    e.send("go depth 2");
    e.expect(Duration::from_secs(20), |l| l.starts_with("bestmove"));
    let got = e.sync();
    assert!(
        e.log.iter().all(|l| !l.contains(" multipv ")),
        "{:#?}",
        e.log
    );
    assert!(got.iter().all(|l| !l.starts_with("bestmove")), "{got:#?}");
}

/// Runs `shishi ARGS`, watched for memory; its exit code and stderr.
fn run_watched(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let what = args.join(" ");
    // These exit within milliseconds, before a sample can see much: the bound catches a
    // reader that grows (the old one passed it within a second); the figures in
    // docs/reliability.md are the kernel's peak (`/usr/bin/time`).
    watch(&mut child, Duration::from_secs(20), BOUND_KB, &what);
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn files_that_never_end_a_line_are_refused_in_bounded_memory() {
    let dir = std::env::temp_dir().join(format!("shishi-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 3 MiB line of text with no line end: an endless line, as a file.
    let long = dir.join("long-line.txt");
    let mut f = std::fs::File::create(&long).unwrap();
    f.write_all(&vec![b'a'; 3 << 20]).unwrap();
    let long = long.to_str().unwrap().to_string();
    for source in ["/dev/zero", "/dev/urandom", long.as_str()] {
        for args in [
            vec!["summary", source],
            vec!["summary", "--phases", source],
            vec!["summary", "--moves-left", source],
            vec!["analyse", "--depth", "1", "--record", source],
            vec!["perft", "--suite", source],
        ] {
            let (code, err) = run_watched(&args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Floods the protocol loop with `line` (after `first`, if any) for `time`, its output read
/// and thrown away, watching its memory against `bound` KiB (killed and failed as soon as it
/// passes); then it must still answer `isready` (XBoard: `ping`) and exit on `quit`. Returns
/// the peak in KiB.
fn flood(first: Option<&str>, line: &[u8], time: Duration, bound: u64, what: &str) -> u64 {
    let (sync, answer) = if first == Some("xboard") {
        ("ping 1", "pong 1")
    } else {
        ("isready", "readyok")
    };
    use std::io::{BufRead, BufReader};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, mpsc};
    let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { return };
            if l == answer && tx.send(l).is_err() {
                return;
            }
        }
    });
    if let Some(f) = first {
        writeln!(stdin, "{f}").unwrap();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let chunk = protocol_common::flood_chunk(line);
    let writer = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if stdin.write_all(&chunk).is_err() {
                    break;
                }
            }
            stdin
        })
    };
    let peak = watch(&mut child, time, bound, what);
    stop.store(true, Ordering::Relaxed);
    let mut stdin = writer.join().unwrap();
    // After the flood the engine answers: every line before `isready` is handled first.
    writeln!(stdin, "\n{sync}").unwrap();
    let answered = answers.recv_timeout(Duration::from_secs(60)).is_ok();
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let exited = protocol_common::wait_for_exit(&mut child, Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    assert!(answered, "{what}: no {answer} after the flood");
    assert!(exited.is_some_and(|s| s.success()), "{what}: {exited:?}");
    peak
}

#[test]
fn floods_of_empty_and_short_lines_keep_the_loop_in_bounded_memory() {
    // Before the fix the queue counted a line's text only: `yes ''` passed 3.4 GB in 10 s,
    // `yes d` levelled off at 369 MB.
    for (first, line, bound, what) in [
        (None, &b"\n"[..], BOUND_KB, "yes ''"),
        (None, &b"\r\n"[..], BOUND_KB, "yes $'\\r'"),
        (
            Some("uci"),
            &b"\n"[..],
            SESSION_BOUND_KB,
            "uci, then yes ''",
        ),
        (
            Some("xboard"),
            &b"\n"[..],
            SESSION_BOUND_KB,
            "xboard, then yes ''",
        ),
        (
            Some("usi"),
            &b"d\n"[..],
            SESSION_BOUND_KB,
            "usi, then yes d",
        ),
    ] {
        let peak = flood(first, line, Duration::from_secs(5), bound, what);
        eprintln!("{what}: peak {peak} KiB (bound {bound} KiB)");
    }
}
