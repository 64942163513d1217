//! The standing hostile suite (docs/reliability.md, "The boundary"): one table of every
//! subcommand and protocol entry that takes outside input, crossed with the classes of hostile
//! input — endless sources, empty-line floods, FIFOs, devices, links to devices, sparse huge
//! files, directories, truncated and bit-flipped files, unwritable and shared outputs, a full
//! or closed standard output, numbers at zero and at 64 bits. Each run is checked for its exit
//! code, one error line, peak memory (read from `/proc`, the child killed as soon as it
//! passes the bound) and an end within a liveness bound that no loaded machine comes near.
//!
//! The table is checked against the binary's own list of subcommands (`shishi --help`): a
//! subcommand added without a row fails the suite.

mod protocol_common;

use protocol_common::watch_memory;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_shishi");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Peak resident memory allowed to a refused input or a finished small command, KiB: the
/// binary, its built-in networks and a 64 MB table fit under it; an input read whole does
/// not (before the boundary: `mate /dev/zero` 9.4 GB, `yes '' | shishi` 3.4 GB).
const MEMORY_KB: u64 = 160 << 10;
/// Liveness bound: a refusal takes milliseconds; this only catches a hang.
const LIVENESS: Duration = Duration::from_secs(30);

/// How a run must end.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Exit code 2 and exactly one line on stderr, `error: …` containing the text.
    Refused(&'static str),
    /// Exit code 0, or 2 with exactly one `error: ` line: the input may be acceptable
    /// (a flipped byte in a comment), but never a panic, an abort, or a second line.
    Ends,
    /// A legitimate long run (a huge but meaningful count): alive and within memory after
    /// the given time, then killed.
    RunsFor(Duration),
}

/// One run of the binary.
#[derive(Clone)]
struct Run {
    what: String,
    args: Vec<String>,
    /// Bytes for stdin, or an endless source.
    stdin: Stdin,
    stdout: Stdout,
    expect: Expect,
    /// Peak resident memory allowed, KiB.
    memory_kb: u64,
}

#[derive(Clone)]
enum Stdin {
    Null,
    Bytes(Vec<u8>),
    File(&'static str),
    /// The same line written again and again until the child ends.
    Flood(&'static [u8]),
}

#[derive(Clone)]
enum Stdout {
    Discard,
    Full,
    /// A pipe whose reader has gone.
    Closed,
}

/// Peak resident memory of a run, KiB; panics on any broken expectation.
fn check(run: &Run) -> u64 {
    let mut cmd = Command::new(BIN);
    cmd.args(&run.args).stderr(Stdio::piped());
    cmd.stdin(match run.stdin {
        Stdin::Null => Stdio::null(),
        Stdin::File(p) => Stdio::from(std::fs::File::open(p).unwrap()),
        _ => Stdio::piped(),
    });
    cmd.stdout(match run.stdout {
        Stdout::Discard => Stdio::null(),
        Stdout::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        ),
        // The reader goes before the child starts: dropped after the spawn, a fast child
        // could write all it has into the pipe's buffer first and never meet the closed end.
        Stdout::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            Stdio::from(writer)
        }
    });
    let mut child = cmd.spawn().unwrap();
    let feeder = match &run.stdin {
        Stdin::Bytes(b) => {
            let mut input = child.stdin.take().unwrap();
            let b = b.clone();
            Some(std::thread::spawn(move || {
                let _ = input.write_all(&b);
            }))
        }
        Stdin::Flood(line) => {
            let mut input = child.stdin.take().unwrap();
            let chunk = protocol_common::flood_chunk(line);
            Some(std::thread::spawn(
                move || while input.write_all(&chunk).is_ok() {},
            ))
        }
        _ => None,
    };
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = (&mut stderr).take(1 << 20).read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let bound = match run.expect {
        Expect::RunsFor(t) => t,
        _ => LIVENESS,
    };
    let (peak, status) = watch_memory(&mut child, bound, run.memory_kb, &run.what);
    let ended = status.is_some();
    if !ended {
        let _ = child.kill();
        let _ = child.wait();
    }
    if let Some(f) = feeder {
        let _ = f.join();
    }
    let err = err_reader.join().unwrap();
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    let what = &run.what;
    match run.expect {
        Expect::RunsFor(_) => {
            if let Some(s) = status {
                // It may also end at once with a refusal: then it is one line and code 2.
                assert_eq!(s.code(), Some(2), "{what}: ended with {s:?}: {err}");
                assert_eq!(lines.len(), 1, "{what}: {err}");
            }
        }
        Expect::Refused(text) => {
            let s = status.unwrap_or_else(|| panic!("{what}: still running after {LIVENESS:?}"));
            assert_eq!(s.code(), Some(2), "{what}: {s:?}: {err}");
            // Progress lines (a trainer's epochs) may come before it; the error is one line,
            // the last.
            let errors: Vec<_> = lines.iter().filter(|l| l.starts_with("error: ")).collect();
            assert_eq!(errors.len(), 1, "{what}: want one error line: {err}");
            let last = lines.last().copied().unwrap_or_default();
            assert!(
                last.starts_with("error: ") && last.contains(text),
                "{what}: want 'error: …{text}…' last, got {err}"
            );
            assert!(!err.contains("panicked"), "{what}: {err}");
        }
        Expect::Ends => {
            let s = status.unwrap_or_else(|| panic!("{what}: still running after {LIVENESS:?}"));
            match s.code() {
                Some(0) => {}
                Some(2) => {
                    let errors: Vec<_> =
                        lines.iter().filter(|l| l.starts_with("error: ")).collect();
                    assert_eq!(errors.len(), 1, "{what}: {err}");
                    assert!(!err.contains("panicked"), "{what}: {err}");
                }
                _ => panic!("{what}: ended with {s:?}: {err}"),
            }
        }
    }
    peak
}

/// The fixtures: one folder of hostile files and valid samples of each input format.
struct Fixtures {
    dir: PathBuf,
}

impl Fixtures {
    fn new() -> Fixtures {
        let dir = std::env::temp_dir().join(format!("shishi-hostile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a-directory")).unwrap();
        let f = Fixtures { dir };
        assert!(
            Command::new("mkfifo")
                .arg(f.path("fifo"))
                .status()
                .unwrap()
                .success()
        );
        std::os::unix::fs::symlink("/dev/zero", f.path("link-to-zero")).unwrap();
        // A 3 GiB file that takes no disk: all zero bytes, no line end.
        std::fs::File::create(f.path("sparse"))
            .unwrap()
            .set_len(3 << 30)
            .unwrap();
        std::fs::write(f.path("empty"), b"").unwrap();
        // Valid samples of each format.
        let shard = f.path("shard.txt");
        let made = Command::new(BIN)
            .args(["datagen", "--games", "6", "--nodes", "30", "--threads", "1"])
            .args(["--max-plies", "40", "--out", shard.to_str().unwrap()])
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(made.success());
        std::fs::copy(
            format!("{ROOT}/engine-tests/data/analyse-chu.txt"),
            f.path("record.txt"),
        )
        .unwrap();
        std::fs::copy(format!("{ROOT}/perft-suites/chu.epd"), f.path("suite.epd")).unwrap();
        std::fs::copy(
            format!("{ROOT}/engine-tests/data/mate-chu-seed.txt"),
            f.path("mate.txt"),
        )
        .unwrap();
        std::fs::copy(format!("{ROOT}/openings/chu.epd"), f.path("openings.epd")).unwrap();
        let net = std::fs::read_dir(format!("{ROOT}/nets"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "nnue"))
            .unwrap();
        std::fs::copy(net, f.path("net.nnue")).unwrap();
        for name in [
            "shard.txt",
            "record.txt",
            "suite.epd",
            "mate.txt",
            "openings.epd",
            "net.nnue",
        ] {
            let bytes = std::fs::read(f.path(name)).unwrap();
            std::fs::write(
                f.path(&format!("truncated-{name}")),
                &bytes[..bytes.len() * 2 / 3],
            )
            .unwrap();
            let mut flipped = bytes.clone();
            for i in (0..flipped.len()).step_by(997) {
                flipped[i] ^= 0x20;
            }
            std::fs::write(f.path(&format!("flipped-{name}")), flipped).unwrap();
        }
        f
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn s(&self, name: &str) -> String {
        self.path(name).to_str().unwrap().to_string()
    }
}

impl Drop for Fixtures {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The classes of a named input file, with what each must get. `sample` is a valid file of
/// the format, whose truncated and flipped copies may be accepted or refused.
fn input_classes(f: &Fixtures, sample: &str) -> Vec<(String, String, Expect)> {
    vec![
        (
            "missing".into(),
            f.s("no-such-file"),
            Expect::Refused("no-such-file"),
        ),
        (
            "directory".into(),
            f.s("a-directory"),
            Expect::Refused("a-directory"),
        ),
        ("FIFO".into(), f.s("fifo"), Expect::Refused("FIFO")),
        (
            "/dev/zero".into(),
            "/dev/zero".into(),
            Expect::Refused("/dev/zero"),
        ),
        (
            "/dev/urandom".into(),
            "/dev/urandom".into(),
            Expect::Refused("/dev/urandom"),
        ),
        (
            "link to /dev/zero".into(),
            f.s("link-to-zero"),
            Expect::Refused("link-to-zero"),
        ),
        (
            "sparse 3 GiB".into(),
            f.s("sparse"),
            Expect::Refused("sparse"),
        ),
        ("empty".into(), f.s("empty"), Expect::Ends),
        (
            "truncated".into(),
            f.s(&format!("truncated-{sample}")),
            Expect::Ends,
        ),
        (
            "bit-flipped".into(),
            f.s(&format!("flipped-{sample}")),
            Expect::Ends,
        ),
    ]
}

/// The classes of an output path. `input` is a file the same command reads.
fn output_classes(f: &Fixtures, input: Option<&str>) -> Vec<(String, String, Expect)> {
    let mut classes = vec![
        (
            "directory".into(),
            f.s("a-directory"),
            Expect::Refused("a-directory"),
        ),
        ("FIFO".into(), f.s("fifo"), Expect::Refused("FIFO")),
        (
            "missing folder".into(),
            f.s("no-such-dir/out"),
            Expect::Refused("no-such-dir"),
        ),
        (
            "/dev/full".into(),
            "/dev/full".into(),
            Expect::Refused("/dev/full"),
        ),
    ];
    if let Some(input) = input {
        classes.push((
            "the input itself".into(),
            input.to_string(),
            Expect::Refused("same file"),
        ));
    }
    classes
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// One row of the table: a subcommand, how it takes a file, an output, and its numbers.
struct Entry {
    /// The subcommand ("" for the protocol loop).
    name: &'static str,
    runs: Vec<Run>,
}

/// Replaces `{}` in `args` with `value`.
fn with(args: &[&str], value: &str) -> Vec<String> {
    args.iter().map(|a| a.replace("{}", value)).collect()
}

/// One run per class, the class's path in place of `{}` in `args`.
fn class_runs(name: &str, args: &[&str], classes: Vec<(String, String, Expect)>) -> Vec<Run> {
    classes
        .into_iter()
        .map(|(class, path, expect)| Run {
            what: format!("{name} {class}: {args:?}"),
            args: with(args, &path),
            stdin: Stdin::Null,
            stdout: Stdout::Discard,
            expect,
            memory_kb: MEMORY_KB,
        })
        .collect()
}

fn file_runs(f: &Fixtures, name: &str, args: &[&str], sample: &str) -> Vec<Run> {
    class_runs(name, args, input_classes(f, sample))
}

fn output_runs(f: &Fixtures, name: &str, args: &[&str], input: Option<&str>) -> Vec<Run> {
    class_runs(&format!("{name} output"), args, output_classes(f, input))
}

/// A command that succeeds and prints, run with a full and with a closed standard output.
fn stdout_runs(name: &str, args: Vec<String>) -> Vec<Run> {
    [("full", Stdout::Full), ("closed", Stdout::Closed)]
        .into_iter()
        .map(|(class, stdout)| Run {
            what: format!("{name} with a {class} stdout: {args:?}"),
            args: args.clone(),
            stdin: Stdin::Null,
            stdout,
            expect: Expect::Refused("standard output"),
            memory_kb: MEMORY_KB,
        })
        .collect()
}

const U64_MAX: &str = "18446744073709551615";

/// Numeric options: each at 0, at the 64-bit maximum, negative and not a number. `zero` and
/// `max` say what those must get.
fn number_runs(name: &str, base: &[&str], option: &str, zero: Expect, max: Expect) -> Vec<Run> {
    [
        ("0", zero),
        (U64_MAX, max),
        ("-1", Expect::Refused("")),
        ("abc", Expect::Refused("")),
    ]
    .into_iter()
    .map(|(v, expect)| {
        let mut args = strings(base);
        args.push(option.to_string());
        args.push(v.to_string());
        Run {
            what: format!("{name} {option} {v}"),
            args,
            stdin: Stdin::Null,
            stdout: Stdout::Discard,
            expect,
            memory_kb: MEMORY_KB,
        }
    })
    .collect()
}

fn refused() -> Expect {
    Expect::Refused("")
}

fn table(f: &Fixtures) -> Vec<Entry> {
    let shard = f.s("shard.txt");
    let record = f.s("record.txt");
    let mate = f.s("mate.txt");
    let short = Expect::RunsFor(Duration::from_secs(2));
    let engine = format!("name=a cmd={BIN} proto=usi");
    let engine2 = format!("name=b cmd={BIN} proto=usi");
    let match_base = [
        "match",
        "--engine",
        &engine,
        "--engine",
        &engine2,
        "--nodes",
        "10",
        "--max-plies",
        "4",
    ];
    vec![
        Entry {
            name: "perft",
            runs: [
                file_runs(f, "perft", &["perft", "--suite", "{}", "--max-depth", "1"], "suite.epd"),
                stdout_runs("perft", strings(&["perft", "--depth", "2"])),
                number_runs("perft", &["perft"], "--depth", Expect::Ends, refused()),
                number_runs("perft", &["perft", "--depth", "1"], "--threads", refused(), refused()),
                number_runs("perft", &["perft", "--suite", &f.s("suite.epd")], "--max-depth", refused(), refused()),
            ]
            .concat(),
        },
        Entry {
            name: "bench",
            runs: [
                stdout_runs("bench", strings(&["bench", "--depth", "1"])),
                number_runs("bench", &["bench"], "--depth", refused(), refused()),
                number_runs("bench", &["bench", "perft", "--quick"], "--runs", refused(), refused()),
                number_runs("bench", &["bench", "limits"], "--runs", refused(), refused()),
                number_runs("bench", &["bench", "--depth", "1"], "--runs", refused(), refused()),
                number_runs("bench", &["bench", "--depth", "1"], "--threads", refused(), refused()),
                file_runs(f, "bench --eval-file", &["--eval-file", "{}", "bench", "--depth", "1"], "net.nnue"),
            ]
            .concat(),
        },
        Entry {
            name: "match",
            runs: [
                file_runs(f, "match", &[&match_base[..], &["--openings", "{}"]].concat(), "openings.epd"),
                output_runs(f, "match", &[&match_base[..], &["--openings", &f.s("openings.epd"), "--out", "{}"]].concat(), Some(&f.s("openings.epd"))),
                number_runs("match", &match_base, "--games", refused(), short),
                number_runs("match", &match_base, "--concurrency", refused(), refused()),
                number_runs("match", &match_base, "--shard", refused(), refused()),
                number_runs("match", &match_base[..8], "--max-plies", refused(), short),
                number_runs("match", &match_base, "--adjudicate", refused(), refused()),
                number_runs("match", &[&match_base[..], &["--adjudicate", "1000"]].concat(), "--adjudicate-plies", refused(), refused()),
                number_runs("match", &match_base[..8], "--stall-timeout", refused(), refused()),
                vec![Run {
                    what: "match: two engines of one name".into(),
                    args: with(&["match", "--engine", &engine, "--engine", &engine, "--nodes", "10"], ""),
                    stdin: Stdin::Null,
                    stdout: Stdout::Discard,
                    expect: Expect::Refused("name"),
                    memory_kb: MEMORY_KB,
                }],
                stdout_runs("match", strings(&[&match_base[..], &["--games", "2"]].concat())),
            ]
            .concat(),
        },
        Entry {
            name: "analyse",
            runs: [
                file_runs(f, "analyse", &["analyse", "--record", "{}", "--game", "1", "--nodes", "10"], "record.txt"),
                output_runs(f, "analyse --json", &["analyse", "--record", &record, "--game", "1", "--nodes", "10", "--json", "{}"], Some(&record)),
                output_runs(f, "analyse --svg", &["analyse", "--record", &record, "--game", "1", "--nodes", "10", "--svg", "{}"], Some(&record)),
                stdout_runs("analyse", strings(&["analyse", "--moves", "7i7h", "--nodes", "10"])),
                number_runs("analyse", &["analyse", "--moves", "7i7h"], "--nodes", refused(), short),
                number_runs("analyse", &["analyse", "--moves", "7i7h"], "--movetime", refused(), refused()),
                number_runs("analyse", &["analyse", "--moves", "7i7h"], "--depth", refused(), refused()),
                number_runs("analyse", &["analyse", "--moves", "7i7h", "--nodes", "10"], "--threads", refused(), refused()),
                number_runs("analyse", &["analyse", "--moves", "7i7h", "--nodes", "10"], "--hash", refused(), refused()),
            ]
            .concat(),
        },
        Entry {
            name: "summary",
            runs: [
                file_runs(f, "summary", &["summary", "{}"], "record.txt"),
                file_runs(f, "summary --phases", &["summary", "--phases", "{}"], "record.txt"),
                stdout_runs("summary", strings(&["summary", &record])),
                stdout_runs("summary --phases", strings(&["summary", "--phases", &record])),
                number_runs("summary", &["summary", &record], "--adjudicate", refused(), refused()),
                number_runs("summary", &["summary", &record, "--adjudicate", "1000"], "--adjudicate-plies", refused(), refused()),
            ]
            .concat(),
        },
        Entry {
            name: "datagen",
            runs: [
                output_runs(f, "datagen", &["datagen", "--games", "1", "--nodes", "10", "--max-plies", "4", "--out", "{}"], None),
                stdout_runs("datagen", strings(&["datagen", "--games", "1", "--nodes", "10", "--max-plies", "4", "--out", "-"])),
                number_runs("datagen", &["datagen", "--out", "-", "--nodes", "10"], "--games", Expect::Ends, short),
                number_runs("datagen", &["datagen", "--out", "-", "--games", "1"], "--nodes", refused(), refused()),
                number_runs("datagen", &["datagen", "--out", "-", "--games", "1"], "--threads", refused(), refused()),
                number_runs("datagen", &["datagen", "--out", "-", "--games", "1"], "--hash", refused(), refused()),
                number_runs("datagen", &["datagen", "--out", "-", "--games", "1", "--nodes", "10"], "--max-plies", refused(), refused()),
            ]
            .concat(),
        },
        Entry {
            name: "train",
            runs: [
                file_runs(f, "train", &["train", "{}", "--out", &f.s("net-out.nnue"), "--epochs", "1"], "shard.txt"),
                output_runs(f, "train --out", &["train", &shard, "--epochs", "1", "--validation-every", "2", "--out", "{}"], Some(&shard)),
                output_runs(f, "train --csv", &["train", &shard, "--epochs", "1", "--validation-every", "2", "--out", &f.s("net-out2.nnue"), "--csv", "{}"], Some(&shard)),
                number_runs("train", &["train", &shard, "--out", &f.s("net-out3.nnue")], "--epochs", refused(), refused()),
                number_runs("train", &["train", &shard, "--out", &f.s("net-out4.nnue")], "--batch", refused(), refused()),
                number_runs("train", &["train", &shard, "--out", &f.s("net-out5.nnue")], "--validation-every", refused(), refused()),
                stdout_runs("train", strings(&["train", &shard, "--epochs", "1", "--validation-every", "2", "--out", &f.s("net-out6.nnue")])),
                file_runs(f, "train --factorise", &["train", "{}", "--factorise", "--out", &f.s("net-out7.nnue"), "--epochs", "1"], "shard.txt"),
            ]
            .concat(),
        },
        Entry {
            name: "fit",
            runs: [
                file_runs(f, "fit", &["fit", "{}", "--passes", "1"], "shard.txt"),
                number_runs("fit", &["fit", &shard], "--passes", refused(), refused()),
                number_runs("fit", &["fit", &shard, "--passes", "1"], "--validation-every", refused(), refused()),
                stdout_runs("fit", strings(&["fit", &shard, "--passes", "1", "--validation-every", "2"])),
            ]
            .concat(),
        },
        Entry {
            name: "datacheck",
            runs: [
                file_runs(f, "datacheck", &["datacheck", "{}"], "shard.txt"),
                stdout_runs("datacheck", strings(&["datacheck", &shard])),
                vec![Run {
                    what: "datacheck: /dev/zero on stdin".into(),
                    args: strings(&["datacheck", "-"]),
                    stdin: Stdin::File("/dev/zero"),
                    stdout: Stdout::Discard,
                    expect: Expect::Refused("longer than"),
                    memory_kb: MEMORY_KB,
                }],
            ]
            .concat(),
        },
        Entry {
            name: "mate",
            runs: [
                file_runs(f, "mate", &["mate", "{}", "--nodes", "100"], "mate.txt"),
                stdout_runs("mate", strings(&["mate", &mate, "--nodes", "100"])),
                file_runs(f, "mate --any", &["mate", "{}", "--any", "--nodes", "100"], "mate.txt"),
                stdout_runs("mate --any", strings(&["mate", &mate, "--any", "--nodes", "100"])),
                number_runs("mate", &["mate", &mate, "--nodes", "100"], "--hash", refused(), refused()),
                number_runs("mate", &["mate", &mate], "--movetime", refused(), refused()),
                number_runs("mate", &["mate", &mate, "--movetime", "50"], "--nodes", refused(), Expect::Ends),
                vec![
                    Run {
                        what: "mate: /dev/zero on stdin".into(),
                        args: strings(&["mate", "-"]),
                        stdin: Stdin::File("/dev/zero"),
                        stdout: Stdout::Discard,
                        expect: Expect::Refused("longer than"),
                    memory_kb: MEMORY_KB,
                },
                    Run {
                        what: "mate: endless valid problems on stdin".into(),
                        args: strings(&["mate", "-", "--nodes", "10"]),
                        stdin: Stdin::Flood(b"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1\n"),
                        stdout: Stdout::Discard,
                        expect: Expect::Refused("more than"),
                    memory_kb: MEMORY_KB,
                },
                ],
            ]
            .concat(),
        },
        Entry {
            name: "web",
            runs: file_runs(f, "web --dir", &["web", "--port", "0", "--dir", "{}"], "shard.txt")
                .into_iter()
                // A folder is what web serves; the other classes are not folders.
                .filter(|r| !r.what.contains("directory"))
                .map(|mut r| {
                    // Refused, in the server's words: none of these is a folder.
                    r.expect = Expect::Refused("");
                    r
                })
                .collect(),
        },
        Entry {
            name: "",
            runs: protocol_runs(f),
        },
    ]
}

/// The protocol loop: floods on stdin, and the one option that names a file.
fn protocol_runs(f: &Fixtures) -> Vec<Run> {
    // `yes '' | shishi` must stay under 64 MB (it starts no session); a flood of `d` starts
    // one, with its 64 MB table.
    let flood = |what: &str, line: &'static [u8], memory_kb: u64| Run {
        what: format!("protocol loop: {what}"),
        args: Vec::new(),
        stdin: Stdin::Flood(line),
        stdout: Stdout::Discard,
        expect: Expect::RunsFor(Duration::from_secs(8)),
        memory_kb,
    };
    let mut runs = vec![
        flood("empty lines", b"\n", 64 << 10),
        flood("carriage returns", b"\r\n", 64 << 10),
        flood("carriage returns alone", b"\r", 64 << 10),
        flood("'d'", b"d\n", 128 << 10),
        Run {
            what: "protocol loop: /dev/zero".into(),
            args: Vec::new(),
            stdin: Stdin::File("/dev/zero"),
            stdout: Stdout::Discard,
            expect: Expect::RunsFor(Duration::from_secs(3)),
            memory_kb: MEMORY_KB,
        },
        Run {
            what: "protocol loop with a full stdout".into(),
            args: Vec::new(),
            stdin: Stdin::Bytes(b"usi\nisready\nquit\n".to_vec()),
            stdout: Stdout::Full,
            expect: Expect::Refused("standard output"),
            memory_kb: MEMORY_KB,
        },
    ];
    // `MateAny`, a check: true, false, and what is neither (one error line), each followed
    // by a `go mate` it governs.
    for value in ["true", "false", "maybe", "", "TRUE"] {
        let script = format!(
            "usi\nsetoption name MateAny value {value}\nposition startpos\ngo mate 100\nisready\nquit\n"
        );
        runs.push(Run {
            what: format!("protocol loop: MateAny '{value}'"),
            args: Vec::new(),
            stdin: Stdin::Bytes(script.into_bytes()),
            stdout: Stdout::Discard,
            expect: Expect::Ends,
            memory_kb: MEMORY_KB,
        });
    }
    for (class, path, _) in input_classes(f, "net.nnue") {
        let script = format!("usi\nsetoption name EvalFile value {path}\nisready\nquit\n");
        runs.push(Run {
            what: format!("protocol loop: EvalFile {class}"),
            args: Vec::new(),
            stdin: Stdin::Bytes(script.into_bytes()),
            stdout: Stdout::Discard,
            expect: Expect::Ends,
            memory_kb: MEMORY_KB,
        });
    }
    runs
}

/// The subcommands the binary lists in its help.
fn subcommands() -> Vec<String> {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

/// The whole table, one subcommand after another (the runs of one row in parallel would
/// only measure the machine).
#[test]
fn every_entry_meets_every_hostile_input_class() {
    let f = Fixtures::new();
    let table = table(&f);
    let listed = subcommands();
    for name in &listed {
        assert!(
            table.iter().any(|e| e.name == name),
            "subcommand {name} has no row in the hostile table"
        );
    }
    // HOSTILE_ONLY=<text> runs only the runs whose description contains it (while fixing).
    let only = std::env::var("HOSTILE_ONLY").unwrap_or_default();
    let mut count = 0;
    let mut worst = (0, String::new());
    let mut failures = Vec::new();
    for entry in &table {
        for run in entry.runs.iter().filter(|r| r.what.contains(&only)) {
            match std::panic::catch_unwind(|| check(run)) {
                Ok(peak) if peak > worst.0 => worst = (peak, run.what.clone()),
                Ok(_) => {}
                Err(e) => failures.push(
                    e.downcast_ref::<String>()
                        .cloned()
                        .unwrap_or_else(|| run.what.clone()),
                ),
            }
            count += 1;
        }
    }
    eprintln!(
        "hostile suite: {count} runs; highest peak {} KiB ({})",
        worst.0, worst.1
    );
    assert!(
        failures.is_empty(),
        "{} of {count} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
