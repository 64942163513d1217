//! Helpers shared by the `shishi match` tests that use the scripted stand-in engine
//! (engine-tests/standins/scripted.py).

use shishi::rules::{Position, RuleSet, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn have_python() -> bool {
    Command::new("python3").arg("--version").output().is_ok()
}

pub fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shishi-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A legal chu game of `plies` moves from the start, chosen by a fixed pseudo-random sequence.
pub fn random_game(plies: usize) -> Vec<String> {
    let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut out = Vec::new();
    for _ in 0..plies {
        assert!(pos.outcome().is_none());
        let moves = pos.game_moves();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        out.push(m.text());
        pos.make(m);
    }
    out
}

pub fn standin(name: &str, script: &Path, then: &str, extra: &str) -> String {
    let py = format!(
        "{}/engine-tests/standins/scripted.py",
        env!("CARGO_MANIFEST_DIR")
    );
    format!(
        "name={name} proto=usi cmd=python3 {py} --script {} --then {then} {extra}",
        script.display()
    )
}

pub fn run_match(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shishi"))
        .arg("match")
        .args(args)
        .output()
        .expect("shishi runs")
}

pub fn records(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.split("[Event ")
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.to_string())
        .collect()
}

pub fn tag<'a>(rec: &'a str, name: &str) -> &'a str {
    let key = format!("[{name} \"");
    let start = rec
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {rec}"))
        + key.len();
    let end = rec[start..].find("\"]").unwrap() + start;
    &rec[start..end]
}
