//! `shishi datagen` and `shishi datacheck` end to end through the release binary: a small run
//! writes a shard that datacheck reads and counts; the same seed gives the same bytes with
//! one thread or two; damaged files and bad arguments give one error line and exit code 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn shishi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shishi-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn one_error_line(out: &Output, want: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains(want), "{err}");
}

fn datagen(out: &Path, variant: &str, threads: &str) -> Output {
    let o = shishi(&[
        "datagen",
        "--out",
        out.to_str().unwrap(),
        "--variant",
        variant,
        "--games",
        "4",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--seed",
        "5",
        "--threads",
        threads,
        "--hash",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

#[test]
fn a_run_writes_a_shard_that_datacheck_reads_and_a_seed_replays_it() {
    for variant in ["chu", "daidai"] {
        let (a, b) = (
            tmp(&format!("{variant}-1.txt")),
            tmp(&format!("{variant}-2.txt")),
        );
        let run = datagen(&a, variant, "1");
        let progress = String::from_utf8_lossy(&run.stderr);
        assert!(
            progress.contains("4/4 games") && progress.contains("positions/s"),
            "{progress}"
        );
        datagen(&b, variant, "2");
        let (one, two) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        assert_eq!(one, two, "{variant}: the same seed with two threads");
        let lines = one.iter().filter(|&&c| c == b'\n').count() - 1;
        let check = shishi(&["datacheck", a.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&check.stdout);
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
        assert!(text.contains(&format!("{lines} positions from ")), "{text}");
        assert!(text.contains(&format!(": {variant} ")), "{text}");
    }
}

#[test]
fn damaged_shards_and_bad_arguments_give_one_error_line() {
    let good = tmp("good.txt");
    datagen(&good, "chu", "1");
    let text = std::fs::read_to_string(&good).unwrap();
    let cut = tmp("cut.txt");
    std::fs::write(&cut, &text[..text.len() - 5]).unwrap();
    one_error_line(
        &shishi(&["datacheck", cut.to_str().unwrap()]),
        "(truncated)",
    );
    let swapped = tmp("swapped.txt");
    std::fs::write(&swapped, text.replacen("variant=chu", "variant=daidai", 1)).unwrap();
    one_error_line(
        &shishi(&["datacheck", swapped.to_str().unwrap()]),
        "line 2: bad position",
    );
    one_error_line(&shishi(&["datacheck", "/dev/null"]), "not a regular file");
    one_error_line(
        &shishi(&["datacheck", "/nonexistent/x"]),
        "cannot open /nonexistent/x",
    );
    for (args, want) in [
        (
            vec!["--out", "/nonexistent/dir/x.txt"],
            "cannot create /nonexistent/dir/x.txt",
        ),
        (
            vec!["--out", "/dev/full", "--games", "1", "--nodes", "100"],
            "cannot write the data",
        ),
        (
            vec!["--out", "-", "--threads", "0"],
            "--threads 0 is out of range",
        ),
        (
            vec!["--out", "-", "--nodes", "0"],
            "--nodes 0 is out of range",
        ),
        (
            vec!["--out", "-", "--hash", "999999"],
            "--hash 999999 is out of range",
        ),
        (
            vec!["--out", "-", "--max-plies", "0"],
            "--max-plies 0 is out of range",
        ),
        (
            vec!["--out", "-", "--adjudicate", "5"],
            "--adjudicate 5 is out of range",
        ),
    ] {
        let mut all = vec!["datagen"];
        all.extend(args);
        one_error_line(&shishi(&all), want);
    }
    // clap's own errors for malformed values exit 2 as well.
    for bad in ["9-3", "x", "1-999"] {
        let o = shishi(&["datagen", "--out", "-", "--random-plies", bad]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("random plies")
                || String::from_utf8_lossy(&o.stderr).contains("range")
        );
    }
}

/// Trains `net` on `shard` with `extra` arguments and returns the network's hash, as
/// `shishi train` reports it ("`game` network HASH; …").
fn train(shard: &str, net: &str, game: &str, extra: &[&str]) -> String {
    let mut args = vec!["train", shard, "--out", net, "--validation-every", "2"];
    args.extend_from_slice(extra);
    let out = shishi(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let after = said.split(&format!("{game} network ")).nth(1);
    let hash = after.unwrap().split(';').next().unwrap().to_string();
    assert_eq!(hash.len(), 16, "{said}");
    hash
}

/// The whole pipeline through the binary: a shard, a network trained on it, and the network
/// loaded by `--eval-file` (bench names its hash) and by each protocol's `EvalFile` option,
/// which reports the same hash and keeps the engine answering legally.
#[test]
fn a_trained_network_loads_in_bench_and_in_every_protocol() {
    let shard = tmp("pipeline.txt");
    datagen(&shard, "chu", "2");
    let net = tmp("pipeline.nnue");
    let (shard, net) = (shard.to_str().unwrap(), net.to_str().unwrap());
    let hash = train(shard, net, "chu", &["--epochs", "2"]);
    let bench = shishi(&["--eval-file", net, "bench", "--quick"]);
    let text = String::from_utf8_lossy(&bench.stdout);
    assert!(text.contains(&format!("chu     network: {hash}")), "{text}");
    // A chu file leaves dai dai's slot as it was: its built-in network.
    let built_in = shishi(&["bench", "--quick"]);
    let daidai = String::from_utf8_lossy(&built_in.stdout)
        .lines()
        .find(|l| l.starts_with("daidai  network: "))
        .unwrap()
        .to_string();
    assert!(text.lines().any(|l| l == daidai), "{text}");
    for (hello, set, ok, go, answer) in [
        (
            "usi",
            format!("setoption name EvalFile value {net}"),
            "usiok",
            "position startpos\ngo depth 3",
            "bestmove ",
        ),
        (
            "uci",
            format!("setoption name EvalFile value {net}"),
            "uciok",
            "position startpos\ngo depth 3",
            "bestmove ",
        ),
        (
            "xboard\nprotover 2",
            format!("option EvalFile={net}"),
            "feature done=1",
            "new\nsd 3\ngo",
            "move ",
        ),
    ] {
        use std::io::{BufRead, Write};
        let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{hello}\n{set}\n{go}").unwrap();
        let mut seen = Vec::new();
        for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let done = line.starts_with(answer);
            seen.push(line);
            if done {
                break;
            }
        }
        writeln!(stdin, "quit").unwrap();
        assert!(child.wait().unwrap().success());
        let text = seen.join("\n");
        assert!(text.contains(ok), "{text}");
        assert!(
            text.contains(&format!("EvalFile: chu network {hash}")),
            "{hello}: {text}"
        );
        assert!(!text.contains("rror"), "{hello}: {text}");
        assert!(seen.last().unwrap().starts_with(answer), "{hello}: {text}");
    }
}

/// A dai dai network through the binary: trained (with virtual features) on a dai dai
/// shard, loaded by `--eval-file` (bench names it for dai dai, chu keeps its own), and
/// refused, with one error line, by a datagen run of the other game, as chu's is by dai dai's.
#[test]
fn a_dai_dai_network_loads_for_dai_dai_and_each_game_refuses_the_other_s() {
    let shard = tmp("dd-pipeline.txt");
    datagen(&shard, "daidai", "1");
    let net = tmp("dd-pipeline.nnue");
    let (shard, net) = (shard.to_str().unwrap(), net.to_str().unwrap());
    let hash = train(shard, net, "daidai", &["--epochs", "1", "--factorise"]);
    let hash = hash.as_str();
    let bench = shishi(&["--eval-file", net, "bench", "--quick"]);
    let text = String::from_utf8_lossy(&bench.stdout);
    assert!(text.contains(&format!("daidai  network: {hash}")), "{text}");
    assert!(!text.contains("chu     network: none"), "{text}");
    let chu = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chu-269e197c.nnue");
    for (file, variant, want) in [
        (
            net,
            "chu",
            "is a daidai network; datagen --variant chu needs a chu one",
        ),
        (
            chu,
            "daidai",
            "is a chu network; datagen --variant daidai needs a daidai one",
        ),
    ] {
        let args = [
            "--eval-file",
            file,
            "datagen",
            "--variant",
            variant,
            "--games",
            "1",
            "--out",
            "-",
        ];
        one_error_line(&shishi(&args), want);
    }
}

/// `shishi fit` on a dai dai shard: one line per weight, losses that do not rise on the
/// training set, and one error line for bad arguments and damaged files.
#[test]
fn fit_reads_a_shard_and_reports_the_fitted_weights() {
    let shard = tmp("fit-daidai.txt");
    datagen(&shard, "daidai", "1");
    let path = shard.to_str().unwrap();
    let out = shishi(&["fit", path, "--passes", "2", "--validation-every", "2"]);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let head = said.lines().next().unwrap();
    assert!(head.starts_with("daidai weights, K "), "{said}");
    let losses: Vec<f64> = head
        .split("training loss ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .split(" -> ")
        .map(|x| x.trim().parse().unwrap())
        .collect();
    assert!(losses[1] <= losses[0], "{head}");
    for name in ["capture_share", "mobility", "attacker_near", "guard4"] {
        assert!(
            said.lines().any(|l| l.trim_start().starts_with(name)),
            "{name}: {said}"
        );
    }
    let text = std::fs::read_to_string(&shard).unwrap();
    let cut = tmp("fit-cut.txt");
    std::fs::write(&cut, &text[..text.len() - 5]).unwrap();
    one_error_line(&shishi(&["fit", cut.to_str().unwrap()]), "(truncated)");
    one_error_line(&shishi(&["fit", "/nonexistent/x"]), "cannot open");
    one_error_line(
        &shishi(&["fit", path, "--lambda", "2"]),
        "--lambda 2 is out of range",
    );
    one_error_line(
        &shishi(&["fit", path, "--passes", "0"]),
        "--passes 0 is out of range",
    );
    one_error_line(
        &shishi(&["fit", path, "--validation-every", "1"]),
        "--validation-every must be at least 2",
    );
}

/// Two runs writing one shard: the second is refused at once while the first holds the file,
/// and the first's data is whole (before the boundary both exited 0 and the file held one
/// run, or a corrupt mix).
#[test]
fn a_shard_being_written_is_refused_to_a_second_run() {
    let out = tmp("shared.txt");
    let path = out.to_str().unwrap();
    let mut first = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args([
            "datagen",
            "--games",
            "1000000",
            "--nodes",
            "20",
            "--threads",
            "1",
        ])
        .args(["--max-plies", "20", "--out", path])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The first run holds its lock from before its first game: wait for its header.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::metadata(&out).map_or(0, |m| m.len()) == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the first run wrote nothing"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let second = shishi(&["datagen", "--games", "1", "--nodes", "20", "--out", path]);
    one_error_line(&second, "being written by another process");
    first.kill().unwrap();
    first.wait().unwrap();
    let check = shishi(&["datacheck", path]);
    let text = String::from_utf8_lossy(&check.stderr);
    // Killed mid-line, the last line may be cut: everything before it reads.
    assert!(
        check.status.success() || text.contains("truncated"),
        "{text}"
    );
    let _ = std::fs::remove_file(&out);
}

/// A game number that comes back after another game's positions is two games under one
/// number (the trainer would join them in its lookahead and validation split): refused with
/// the line. Before, `datacheck` counted it as one game and exited 0.
#[test]
fn a_game_number_that_comes_back_is_refused() {
    let shard = tmp("repeated-games.txt");
    datagen(&shard, "chu", "1");
    let text = std::fs::read_to_string(&shard).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // The first game's first position again at the end, after the other games.
    let first = lines[1];
    lines.push(first);
    let repeated = tmp("repeated-games-2.txt");
    std::fs::write(&repeated, lines.join("\n") + "\n").unwrap();
    let o = shishi(&["datacheck", repeated.to_str().unwrap()]);
    one_error_line(
        &o,
        &format!("line {}: game 0 again after game 3", lines.len()),
    );
    let o = shishi(&["datacheck", shard.to_str().unwrap()]);
    assert!(o.status.success());
}
