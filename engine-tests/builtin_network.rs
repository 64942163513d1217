//! The network built into the binary, met the way a user meets it: `shishi bench` and every
//! protocol's handshake name it, it is the file committed under `nets/` (loading that file
//! changes nothing), and `EvalFile` turns it off (`<empty>`) and back on (`<built-in>`).

mod protocol_common;

use protocol_common::Engine;
use std::process::Command;
use std::time::Duration;

fn shishi(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The one chu network under `nets/`: the file `src/nnue/builtin.rs` builds in.
fn committed_chu_network() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.contains("/chu-") && p.ends_with(".nnue"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

/// The value after `label` on the bench line that starts with it.
fn bench_field(bench: &str, label: &str) -> String {
    bench
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} in {bench}"))
        .trim()
        .to_string()
}

/// Node counts are the evaluation's fingerprint: the last line, `N nodes M nps`.
fn bench_nodes(bench: &str) -> String {
    bench
        .lines()
        .last()
        .unwrap()
        .split(" nodes")
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn bench_names_the_built_in_network_which_is_the_committed_file() {
    let default = shishi(&["bench", "--quick"]);
    let hash = bench_field(&default, "chu     network:");
    assert_eq!(hash.len(), 16, "{default}");
    assert_eq!(
        bench_field(&default, "daidai  network:"),
        "none (hand-set evaluation)"
    );
    let file = committed_chu_network();
    let loaded = shishi(&["--eval-file", &file, "bench", "--quick"]);
    assert_eq!(bench_field(&loaded, "chu     network:"), hash);
    assert_eq!(bench_nodes(&loaded), bench_nodes(&default));
    let built_in = shishi(&["--eval-file", "<built-in>", "bench", "--quick"]);
    assert_eq!(bench_field(&built_in, "chu     network:"), hash);
    let hand = shishi(&["--eval-file", "<empty>", "bench", "--quick"]);
    assert_eq!(
        bench_field(&hand, "chu     network:"),
        "none (hand-set evaluation)"
    );
    assert_ne!(
        bench_nodes(&hand),
        bench_nodes(&default),
        "the network changes the search"
    );
}

#[test]
fn every_protocol_reports_the_built_in_network_and_eval_file_switches_it() {
    let default = shishi(&["bench", "--quick"]);
    let hash = bench_field(&default, "chu     network:");
    for (hello, ok, set, go, answer) in [
        (
            "usi",
            "usiok",
            "setoption name EvalFile value",
            "position startpos\ngo depth 3",
            "bestmove ",
        ),
        (
            "uci",
            "uciok",
            "setoption name EvalFile value",
            "position startpos\ngo depth 3",
            "bestmove ",
        ),
        (
            "xboard\nprotover 2",
            "feature done=1",
            "option EvalFile=",
            "new\nsd 3\ngo",
            "move ",
        ),
    ] {
        let space = if set.ends_with('=') { "" } else { " " };
        let mut engine = Engine::start(&[]);
        let script = format!(
            "{hello}\n{set}{space}<empty>\n{set}{space}<built-in>\n{set}{space}<empty>\n{go}"
        );
        script.lines().for_each(|line| engine.send(line));
        engine.expect_prefix(answer);
        engine.send("quit");
        assert!(
            engine.exits(Duration::from_secs(10)),
            "{hello}: no clean exit"
        );
        let seen = engine.log.clone();
        let text = seen.join("\n");
        assert!(text.contains(ok), "{hello}: {text}");
        let at = |needle: &str| {
            text.find(needle)
                .unwrap_or_else(|| panic!("{hello}: no {needle:?} in {text}"))
        };
        // The handshake names the built-in network; the option turns it off, on and off.
        let handshake = at(&format!("evaluation: chu network {hash}, daidai hand-set"));
        let off = at("EvalFile: the hand-set evaluation alone");
        let on = at(&format!(
            "EvalFile: built-in, evaluation: chu network {hash}"
        ));
        assert!(handshake < off && off < on, "{hello}: {text}");
        assert!(
            text[on..].contains("EvalFile: the hand-set evaluation alone"),
            "{hello}: {text}"
        );
        assert!(!text.contains("rror"), "{hello}: {text}");
        assert!(seen.last().unwrap().starts_with(answer), "{hello}: {text}");
    }
}
