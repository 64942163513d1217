//! `shishi match` against engines that cannot play: one that does not exist, one that dies in
//! its handshake, an XBoard engine asked for dai dai, a missing `dir=`, an engine whose
//! output never ends a line or hides its `usiok` in a cut line, and a record file that cannot
//! be written. Each stops the match before its first game with a non-zero exit and the
//! engine's own words; an engine that breaks during a game is told apart from one that lost.

#[allow(dead_code)]
mod match_common;

use match_common::{have_python, random_game, records, run_match, standin, tmp_dir};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn shishi() -> &'static str {
    env!("CARGO_BIN_EXE_shishi")
}

/// A match of `first` against a working Shishi: its exit code and stderr.
fn against_shishi(first: &str, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec![
        "--engine".to_string(),
        first.to_string(),
        "--engine".to_string(),
        format!("name=S cmd={} proto=usi", shishi()),
        "--depth".into(),
        "1".into(),
        "--games".into(),
        "2".into(),
        "--stall-timeout".into(),
        "3".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let out = run_match(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A shell script in `dir`, for an engine's `cmd=`.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_game_one_with_its_own_words() {
    let dir = tmp_dir("broken-start");
    let cases = [
        (
            "name=A cmd=no-such-engine-anywhere proto=usi".to_string(),
            "not found",
        ),
        (
            "name=A cmd=no-such-engine-anywhere proto=xboard".to_string(),
            "not found",
        ),
        (
            format!(
                "name=A proto=usi cmd={}",
                script(&dir, "dies.sh", "echo 'cannot open my book' >&2\nexit 3\n")
            ),
            "cannot open my book",
        ),
        (
            format!(
                "name=A proto=uci cmd={}",
                script(
                    &dir,
                    "half.sh",
                    "read x\necho 'id name half'\necho 'half: out of memory' >&2\nexit 1\n"
                )
            ),
            "half: out of memory",
        ),
        (
            format!("name=A cmd={} proto=usi dir=/nonexistent", shishi()),
            "dir=/nonexistent is not a directory",
        ),
    ];
    for (spec, words) in &cases {
        let out_file = dir.join("out.txt");
        let out = out_file.to_str().unwrap();
        let (code, err) = against_shishi(spec, &["--out", out]);
        assert_eq!(code, Some(2), "{spec}: {err}");
        assert!(err.contains(words), "{spec}: {err}");
        assert!(err.contains("engine A cannot play"), "{spec}: {err}");
        assert!(!err.contains("game 1 "), "{spec}: a game was played: {err}");
        assert!(
            !out_file.exists() || records(&out_file).is_empty(),
            "{spec}"
        );
    }
    // An XBoard engine in dai dai: refused before it starts, the same way.
    let spec = format!("name=A cmd={} proto=xboard", shishi());
    let (code, err) = against_shishi(&spec, &["--variant", "daidai"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("XBoard engines play chu only"), "{err}");
    assert!(!err.contains("game 1 "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_output_is_read_with_a_bound_and_a_cut_line_is_never_acted_on() {
    let dir = tmp_dir("broken-output");
    // An engine whose output is one endless line: the match's memory stays bounded while it
    // waits for the handshake, then it stops. A `usiok` at the start of a 2 MB line is cut
    // and ignored, so that handshake never completes either.
    let endless = "name=A proto=usi cmd=cat /dev/zero".to_string();
    let hidden = format!(
        "name=A proto=usi cmd={}",
        script(
            &dir,
            "hidden.sh",
            "read x\nprintf 'usiok'\nhead -c 2000000 /dev/zero | tr '\\000' ' '\necho\ncat > /dev/null\n"
        )
    );
    for spec in [endless, hidden] {
        let mut child = Command::new(shishi())
            .args([
                "match",
                "--engine",
                &spec,
                "--engine",
                &format!("name=S cmd={} proto=usi", shishi()),
                "--depth",
                "1",
                "--stall-timeout",
                "3",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let end = Instant::now() + Duration::from_secs(30);
        let mut peak = 0;
        while Instant::now() < end {
            if let Ok(Some(_)) = child.try_wait() {
                break;
            }
            let status =
                std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
            let hwm: u64 = status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            peak = peak.max(hwm);
            if hwm > 64 << 10 {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{spec}: the match took {hwm} KiB");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{spec}: {err}");
        assert!(
            err.contains("did not finish the handshake in time"),
            "{spec}: {err}"
        );
        eprintln!("{spec}: peak {peak} KiB");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_file_that_cannot_be_written_is_an_error() {
    let spec = format!("name=A cmd={} proto=usi", shishi());
    let (code, err) = against_shishi(&spec, &["--out", "/dev/full", "--max-plies", "2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/dev/full"), "{err}");
    assert!(err.contains("not recorded"), "{err}");
}

#[test]
fn games_lost_to_a_broken_engine_are_counted_apart_from_games_lost_at_the_board() {
    if !have_python() {
        eprintln!("python3 missing: skipped");
        return;
    }
    let dir = tmp_dir("broken-games");
    let game = random_game(30);
    let long = dir.join("long.txt");
    std::fs::write(&long, game.join(" ")).unwrap();
    let short = dir.join("short.txt");
    std::fs::write(&short, game[..4].join(" ")).unwrap();
    // X plays Black from the short script and, at its third move, crashes, writes garbage,
    // stalls (no clock) or resigns: the first three break the engine, a resignation is a
    // game lost at the board.
    for (then, broken) in [
        ("crash", true),
        ("garbage", true),
        ("stall", true),
        ("resign", false),
    ] {
        let out = run_match(&[
            "--engine".into(),
            standin("X", &short, then, ""),
            "--engine".into(),
            standin("good", &long, "resign", ""),
            "--depth".into(),
            "1".into(),
            "--games".into(),
            "1".into(),
            "--stall-timeout".into(),
            "5".into(),
        ]);
        let table = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{then}: {table}");
        assert!(table.contains("X: +0 =0 -1"), "{then}: {table}");
        assert_eq!(
            table.contains("games lost to a broken engine, not at the board: X 1"),
            broken,
            "{then}: {table}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a watched match did: exit code, stdout, stderr and its peak memory (KiB).
struct Watched {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    peak_kib: u64,
}

/// Runs `shishi match` with `args`, reading its peak memory (VmHWM) until it exits: killed
/// and failed past `bound_kib`, or when it has not ended after `safety` (a bound on a match
/// that never ends, far beyond what the test needs).
fn watched_match(args: &[String], bound_kib: u64, safety: Duration) -> Watched {
    use std::io::Read;
    let mut child = Command::new(shishi())
        .arg("match")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let end = Instant::now() + safety;
    let mut peak = 0;
    let code = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break status.code();
        }
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
        let hwm: u64 = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        peak = peak.max(hwm);
        if hwm > bound_kib || Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{args:?}: the match took {hwm} KiB, or had not ended after {} s",
                safety.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Watched {
        code,
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
        peak_kib: peak,
    }
}

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|s| s.to_string()).collect()
}

/// A USI engine (a shell script) that finishes its handshake and answers `go` with `on_go`.
fn usi_script(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "while read cmd rest; do\n  case \"$cmd\" in\n    usi) echo 'id name {name}'; echo usiok;;\n    isready) echo readyok;;\n    go) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
        ),
    )
}

/// An XBoard engine (a shell script) offering `features` that answers `go` with `on_go`,
/// and logs every line it reads to `log`.
fn xboard_script(
    dir: &std::path::Path,
    name: &str,
    features: &str,
    on_go: &str,
    log: &std::path::Path,
) -> String {
    script(
        dir,
        name,
        &format!(
            "while read cmd rest; do\n  echo \"$cmd $rest\" >> {}\n  case \"$cmd\" in\n    protover) echo 'feature ping=1 usermove=1 setboard=1 {features}'; echo 'feature done=1';;\n    ping) echo \"pong $rest\";;\n    go) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n",
            log.display()
        ),
    )
}

/// Issue 40: an engine that floods short lines (or long ones) in its handshake or instead of
/// a move fills no memory and loses as a broken engine: a budget of lines and bytes per move.
#[test]
fn an_engine_that_floods_its_output_costs_bounded_memory_and_loses_as_broken() {
    let dir = tmp_dir("broken-flood");
    let ok = format!("name=S cmd={} proto=usi", shishi());
    // In the handshake: the match stops before game 1.
    let w = watched_match(
        &strings(&[
            "--engine",
            "name=z cmd=yes garbage proto=usi",
            "--engine",
            &ok,
            "--nodes",
            "100",
            "--stall-timeout",
            "5",
        ]),
        64 << 10,
        Duration::from_secs(120),
    );
    assert_eq!(w.code, Some(2), "{}", w.stderr);
    assert!(
        w.stderr
            .contains("engine z cannot play: flooded its output in the handshake"),
        "{}",
        w.stderr
    );
    assert!(!w.stderr.contains("game 1 "), "{}", w.stderr);
    eprintln!("yes garbage: peak {} KiB", w.peak_kib);
    // Instead of a move: short lines (the line budget), long lines (the byte budget), and
    // XBoard thinking output. F has Black in game 1 and floods at its first move.
    let long = "x".repeat(2000);
    let log = dir.join("xboard.log");
    let cases = [
        (
            format!(
                "name=F proto=usi cmd={}",
                usi_script(&dir, "short.sh", "exec yes 'info string flood'")
            ),
            "lines without an answer",
        ),
        (
            format!(
                "name=F proto=usi cmd={}",
                usi_script(&dir, "long.sh", &format!("exec yes 'info string {long}'"))
            ),
            "MiB without an answer",
        ),
        (
            format!(
                "name=F proto=xboard cmd={}",
                xboard_script(&dir, "xb.sh", "", "exec yes '# flood'", &log)
            ),
            "lines without an answer",
        ),
    ];
    for (spec, words) in &cases {
        let w = watched_match(
            &strings(&[
                "--engine",
                spec,
                "--engine",
                &ok,
                "--depth",
                "1",
                "--games",
                "1",
                "--stall-timeout",
                "30",
            ]),
            64 << 10,
            Duration::from_secs(120),
        );
        assert_eq!(w.code, Some(0), "{spec}: {}", w.stderr);
        assert!(
            w.stderr.contains("F (Black) flooded its output") && w.stderr.contains(words),
            "{spec}: {}",
            w.stderr
        );
        assert!(
            w.stdout
                .contains("games lost to a broken engine, not at the board: F 1"),
            "{spec}: {}",
            w.stdout
        );
        eprintln!("{spec}: peak {} KiB", w.peak_kib);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 40: the deadlines hold while an engine keeps talking without moving: under
/// --depth it stalls (a broken engine) after --stall-timeout counted from the move asked,
/// not from its last line; on the clock it loses on time.
#[test]
fn an_engine_that_talks_without_moving_stalls_or_loses_on_time() {
    let dir = tmp_dir("broken-chatty");
    let ok = format!("name=S cmd={} proto=usi", shishi());
    let chatty = format!(
        "name=C proto=usi cmd={}",
        usi_script(
            &dir,
            "chatty.sh",
            "while :; do echo 'info string thinking'; sleep 0.05; done"
        )
    );
    for (limit, words, broken) in [
        (["--depth", "1"], "C (Black) stalled (no move in 1 s)", true),
        (
            ["--tc", "1"],
            "C (Black) lost on time (no move before its clock ran out)",
            false,
        ),
    ] {
        let w = watched_match(
            &strings(&[
                "--engine",
                &chatty,
                "--engine",
                &ok,
                limit[0],
                limit[1],
                "--games",
                "1",
                "--stall-timeout",
                "1",
                "--time-margin",
                "0",
            ]),
            64 << 10,
            Duration::from_secs(120),
        );
        assert_eq!(w.code, Some(0), "{limit:?}: {}", w.stderr);
        assert!(w.stderr.contains(words), "{limit:?}: {}", w.stderr);
        assert!(w.stdout.contains("C: +0 =0 -1"), "{limit:?}: {}", w.stdout);
        assert_eq!(
            w.stdout
                .contains("games lost to a broken engine, not at the board: C 1"),
            broken,
            "{limit:?}: {}",
            w.stdout
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 40: an option the engine refuses, or (XBoard) does not offer, stops the match
/// before game 1 with one line naming the engine and the option.
#[test]
fn an_option_the_engine_refuses_stops_the_match_before_game_one() {
    let s = shishi();
    for (spec, words) in [
        (
            format!("name=A cmd={s} proto=usi opt.NoSuchOption=5"),
            "engine A cannot play: has no option NoSuchOption",
        ),
        (
            format!("name=A cmd={s} proto=usi opt.Threads=0"),
            "engine A cannot play: refused option Threads=0: info string error: option Threads: 0 is out of range",
        ),
        (
            format!("name=A cmd={s} proto=uci opt.MultiPV=0"),
            "engine A cannot play: refused option MultiPV=0: info string error",
        ),
        (
            format!("name=A cmd={s} proto=xboard opt.Multi-PV=0"),
            "engine A cannot play: refused option Multi-PV=0: Error (bad option)",
        ),
        (
            format!("name=A cmd={s} proto=xboard opt.Threads=1"),
            "engine A cannot play: has no option Threads",
        ),
    ] {
        let (code, err) = against_shishi(&spec, &[]);
        assert_eq!(code, Some(2), "{spec}: {err}");
        assert!(err.contains(words), "{spec}: {err}");
        assert_eq!(err.lines().count(), 1, "{spec}: {err}");
        assert!(!err.contains("game 1 "), "{spec}: {err}");
    }
    // Options the engine takes: the match plays.
    let (code, err) = against_shishi(
        &format!("name=A cmd={s} proto=usi opt.Threads=1 opt.Skill_Level=20"),
        &["--max-plies", "2"],
    );
    assert_eq!(code, Some(0), "{err}");
}

/// Issue 40: as XBoard itself does, the match sends an XBoard engine only the options it
/// offers: `option Allow repeats=1` goes to an engine that offers it (HaChu) and to no other
/// (Shishi, which refuses an option it does not have).
#[test]
fn an_xboard_engine_is_sent_only_the_options_it_offers() {
    let dir = tmp_dir("broken-xboard-options");
    for (offers, sent) in [("", false), ("option=\"Allow repeats -check 0\"", true)] {
        let log = dir.join(format!("log-{sent}.txt"));
        let spec = format!(
            "name=X proto=xboard cmd={}",
            xboard_script(&dir, &format!("x-{sent}.sh"), offers, "echo resign", &log)
        );
        let (code, err) = against_shishi(&spec, &[]);
        assert_eq!(code, Some(0), "{offers}: {err}");
        assert!(err.contains("X (Black) resigned"), "{offers}: {err}");
        let seen = std::fs::read_to_string(&log).unwrap();
        assert_eq!(
            seen.contains("option Allow repeats=1"),
            sent,
            "{offers}: {seen}"
        );
    }
    // Shishi through XBoard plays a game (it was sent `Allow repeats`, and refused it).
    let (code, err) = against_shishi(
        &format!("name=X cmd={} proto=xboard", shishi()),
        &["--max-plies", "2"],
    );
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 40 (13): settings that make no match are refused with one line and their range.
#[test]
fn empty_settings_and_engines_of_one_name_are_refused() {
    let s = shishi();
    let a = format!("name=A cmd={s} proto=usi");
    let b = format!("name=B cmd={s} proto=usi");
    for (args, words) in [
        (
            vec![&a, &b, "--games", "0"],
            "--games 0 is out of range (1..=",
        ),
        (
            vec![&a, &b, "--concurrency", "0"],
            "--concurrency 0 is out of range (1..=",
        ),
        (
            vec![&a, &b, "--max-plies", "0"],
            "--max-plies 0 is out of range (1..=",
        ),
        (vec![&a, &a], "two engines are named 'A'"),
        (vec![&a, &b, "--shard", "5/4"], "--shard 5/4: expected K/N"),
        (vec![&a, &b, "--shard", "0/4"], "--shard 0/4: expected K/N"),
    ] {
        let mut full = vec![
            "--engine".to_string(),
            args[0].to_string(),
            "--engine".to_string(),
            args[1].to_string(),
            "--depth".into(),
            "1".into(),
        ];
        full.extend(args[2..].iter().map(|s| s.to_string()));
        let out = run_match(&full);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
