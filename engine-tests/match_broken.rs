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
