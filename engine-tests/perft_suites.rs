//! Runs the release binary's `perft --suite` on every suite file: the counts in perft-suites/
//! were confirmed independently (shogiops for chu `lishogi`, the naive generator for the rest),
//! so this is the end-to-end check that the shipped binary still generates exactly those moves.

use std::process::Command;

fn run_suite(file: &str, max_depth: u32) {
    let path = format!("{}/perft-suites/{file}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args([
            "perft",
            "--suite",
            &path,
            "--threads",
            "2",
            "--max-depth",
            &max_depth.to_string(),
        ])
        .output()
        .expect("the shishi binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mismatches: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("MISMATCH"))
        .collect();
    assert!(mismatches.is_empty(), "{file}: {mismatches:#?}");
    assert!(
        out.status.success(),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(summary.ends_with(" passed, 0 failed"), "{file}: {summary}");
    let passed: usize = summary
        .split_whitespace()
        .next()
        .unwrap_or("0")
        .parse()
        .unwrap_or(0);
    assert!(passed >= 40, "{file}: only {passed} counts checked");
}

#[test]
fn chu_suite() {
    run_suite("chu.epd", 4);
}

#[test]
fn daidai_suite() {
    run_suite("daidai.epd", 4);
}

#[test]
fn chu_jcsa_suite() {
    run_suite("chu-jcsa.epd", 4);
}
