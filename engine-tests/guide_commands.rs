//! The getting-started guide cannot drift from the binary: every `sh` block of docs/guide.md
//! and README.md is run with bash, the binary under test on PATH as `shishi`, in a scratch
//! folder holding links to the repository's `openings/`, `perft-suites/` and `results/`. It
//! must exit 0 within its time limit, and where a `text` block follows it, each line of that
//! block must appear in the output. Commands that build, install or serve run in CI instead
//! ([`RUN_ELSEWHERE`]): for those the test checks that the named script still runs them.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The docs whose `sh` blocks are checked.
const DOCS: [&str; 2] = ["docs/guide.md", "README.md"];

/// Commands that the guide shows but that build, install or serve: (command as written, the
/// script that runs it, the text in that script that runs it).
const RUN_ELSEWHERE: [(&str, &str, &str); 5] = [
    ("cargo run --release", ".ci/package", "cargo run --release"),
    ("./test.sh", ".ci/run", "./test.sh"),
    (
        "cargo build --release",
        "web/test.sh",
        "cargo build --release",
    ),
    (
        "cargo install --path .",
        ".ci/package",
        "cargo install --path .",
    ),
    // web/serve.sh is web/build.sh (run by web/test.sh) and then `shishi web` (run by
    // engine-tests/web_server.rs).
    ("web/serve.sh", "web/test.sh", "web/build.sh"),
];

/// Longest a block may run (debug builds included).
const LIMIT: Duration = Duration::from_secs(180);

/// One fenced block: its info string, its text, and the line it starts on.
struct Block {
    info: String,
    text: String,
    line: usize,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.trim().to_string(),
                    text: String::new(),
                    line: i + 1,
                })
            }
            (Some(_), Some(_)) => out.push(open.take().unwrap()),
            (Some(b), None) => {
                b.text.push_str(line);
                b.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    out
}

/// The commands of a block: lines joined over trailing backslashes, comments and blank lines
/// dropped.
fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        let line = line.split(" #").next().unwrap().trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => cur.push_str(part),
            None => {
                cur.push_str(line);
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join(format!("shishi-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_shishi"), d.join("bin/shishi")).unwrap();
    for dir in ["openings", "perft-suites", "results"] {
        std::os::unix::fs::symlink(root().join(dir), d.join(dir)).unwrap();
    }
    d
}

/// Runs `script` with bash in `dir`; returns stdout and stderr together.
fn run(dir: &Path, script: &str, what: &str) -> String {
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("bash")
        .args(["-euo", "pipefail", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        let mut e = String::new();
        err.read_to_string(&mut e).unwrap();
        s + &e
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT {
            child.kill().unwrap();
            panic!("{what}: still running after {LIMIT:?}:\n{script}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = reader.join().unwrap();
    assert!(
        status.success(),
        "{what} failed ({status}):\n{script}\n{output}"
    );
    output
}

#[test]
fn every_command_of_the_guide_and_the_readme_runs() {
    let dir = scratch();
    let mut ran = 0;
    let mut elsewhere = 0;
    for doc in DOCS {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        let all = blocks(&text);
        for (i, b) in all.iter().enumerate() {
            if b.info != "sh" {
                continue;
            }
            let what = format!("{doc} line {}", b.line);
            let cmds = commands(&b.text);
            assert!(!cmds.is_empty(), "{what}: an empty sh block");
            let known: Vec<_> = cmds
                .iter()
                .map(|c| RUN_ELSEWHERE.iter().find(|(cmd, _, _)| c == cmd))
                .collect();
            if known.iter().any(Option::is_some) {
                // A block is either run here or run elsewhere as a whole.
                for (c, k) in cmds.iter().zip(&known) {
                    let (_, script, needle) = k.unwrap_or_else(|| {
                        panic!("{what}: `{c}` shares a block with commands run in CI")
                    });
                    let body = std::fs::read_to_string(root().join(script)).unwrap();
                    assert!(
                        body.contains(needle),
                        "{what}: {script} no longer runs `{c}`"
                    );
                    elsewhere += 1;
                }
                continue;
            }
            let output = run(&dir, &b.text, &what);
            ran += 1;
            if let Some(next) = all.get(i + 1).filter(|n| n.info == "text") {
                for want in next.text.lines().filter(|l| !l.trim().is_empty()) {
                    assert!(
                        output.contains(want),
                        "{what}: `{want}` is not in the output:\n{output}"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The guide has a block for each of its users' sections; a parser that found none would
    // pass vacuously.
    assert!(ran >= 8, "only {ran} sh blocks ran");
    assert!(
        elsewhere >= 4,
        "only {elsewhere} commands checked in CI scripts"
    );
}

#[test]
fn blocks_and_commands_are_read_as_written() {
    let md = "x\n```sh\na \\\n  b # c\n# d\n\ne\n```\n```text\nf\n```\n";
    let b = blocks(md);
    assert_eq!(b.len(), 2);
    assert_eq!((b[0].info.as_str(), b[0].line), ("sh", 2));
    assert_eq!(commands(&b[0].text), ["a b", "e"]);
    assert_eq!(b[1].text, "f\n");
}
