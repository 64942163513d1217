//! The network built into the binary, met the way a user meets it: `shishi bench` and every
//! protocol's handshake name it, it is the file committed under `nets/` (loading that file
//! changes nothing), and `EvalFile` turns it off (`<empty>`) and back on (`<built-in>`). A
//! network file of another width runs beside the other game's built-in one.

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

/// The one network of `game` (`chu` or `daidai`) under `nets/`: the file
/// `src/nnue/builtin.rs` builds in.
fn committed_network(game: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.contains(&format!("/{game}-")) && p.ends_with(".nnue"))
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
fn bench_names_the_built_in_networks_which_are_the_committed_files() {
    let default = shishi(&["bench", "--quick"]);
    let hand = shishi(&["--eval-file", "<empty>", "bench", "--quick"]);
    let built_in = shishi(&["--eval-file", "<built-in>", "bench", "--quick"]);
    for (game, label) in [("chu", "chu     network:"), ("daidai", "daidai  network:")] {
        let hash = bench_field(&default, label);
        assert_eq!(hash.len(), 16, "{default}");
        let file = committed_network(game);
        // The file is named by the first eight digits of the hash.
        assert!(
            file.ends_with(&format!("/{game}-{}.nnue", &hash[..8])),
            "{file}"
        );
        let loaded = shishi(&["--eval-file", &file, "bench", "--quick"]);
        assert_eq!(bench_field(&loaded, label), hash);
        assert_eq!(bench_nodes(&loaded), bench_nodes(&default));
        assert_eq!(bench_field(&built_in, label), hash);
        assert_eq!(bench_field(&hand, label), "none (hand-set evaluation)");
    }
    assert_ne!(
        bench_nodes(&hand),
        bench_nodes(&default),
        "the networks change the search"
    );
}

#[test]
fn every_protocol_reports_the_built_in_network_and_eval_file_switches_it() {
    let default = shishi(&["bench", "--quick"]);
    let hash = bench_field(&default, "chu     network:");
    let daidai = bench_field(&default, "daidai  network:");
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
        let handshake = at(&format!(
            "evaluation: chu network {hash}, daidai network {daidai}"
        ));
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

/// The committed chu network with its output scale (bytes 24–27), output weights (the
/// 2 × hidden i16 before the last four bytes; `None` keeps them) and output bias (the last
/// four bytes) replaced.
fn crafted(scale: i32, w2: Option<i16>, b2: i32) -> Vec<u8> {
    let mut bytes = std::fs::read(committed_network("chu")).unwrap();
    let n = bytes.len();
    let hidden = u32::from_le_bytes(bytes[20..24].try_into().unwrap()) as usize;
    bytes[24..28].copy_from_slice(&scale.to_le_bytes());
    if let Some(w) = w2 {
        for k in 0..2 * hidden {
            let at = n - 4 - 4 * hidden + 2 * k;
            bytes[at..at + 2].copy_from_slice(&w.to_le_bytes());
        }
    }
    bytes[n - 4..].copy_from_slice(&b2.to_le_bytes());
    bytes
}

#[test]
fn crafted_network_files_are_refused_with_one_error_or_search_to_one_bestmove_and_no_mate() {
    // Issue 40: these three passed every check and then hung the search, overflowed, and
    // scored the start position as a mate. The rest sit at the reader's bounds (outputs of
    // nearly ±10 000, the most any accepted file can give) or just past them.
    // Output weights all alike whose magnitudes add up to the reader's 2^20 over both halves.
    let chu = std::fs::read(committed_network("chu")).unwrap();
    let hidden = u32::from_le_bytes(chu[20..24].try_into().unwrap()) as i32;
    let hidden_weight = (1i32 << 20) / (2 * hidden);
    let cases: Vec<(&str, Vec<u8>, bool)> = vec![
        ("issue hang", crafted(100_000, None, -309_330), false),
        ("issue overflow", crafted(1000, None, i32::MAX), false),
        ("issue mate", crafted(100_000, None, 309_330), false),
        ("scale past the bound", crafted(100_001, Some(0), 0), false),
        (
            "bias past the bound",
            crafted(1, Some(0), (1 << 30) + 1),
            false,
        ),
        ("cut short", crafted(1000, None, 0)[..1000].to_vec(), false),
        ("largest bias", crafted(100_000, Some(0), 104_857), true),
        ("least bias", crafted(100_000, Some(0), -104_857), true),
        ("bias 2^30", crafted(9, Some(0), 1 << 30), true),
        (
            "output weights at their sum's bound",
            crafted(9, Some(hidden_weight as i16), 0),
            true,
        ),
        (
            "negative output weights and bias",
            crafted(9, Some(-hidden_weight as i16), -(1 << 29)),
            false,
        ),
    ];
    let dir = std::env::temp_dir().join(format!("shishi-crafted-nets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes, accepted) in cases {
        let path = dir.join(format!("{}.nnue", name.replace(' ', "-")));
        std::fs::write(&path, &bytes).unwrap();
        let mut engine = Engine::start(&[]);
        engine.send("usi");
        engine.expect_prefix("usiok");
        engine.send(&format!("setoption name EvalFile value {}", path.display()));
        let reply = engine.sync();
        let errors: Vec<_> = reply
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        if !accepted {
            assert_eq!(errors.len(), 1, "{name}: {reply:?}");
            assert_eq!(reply.len(), 1, "{name}: {reply:?}");
            continue;
        }
        assert!(errors.is_empty(), "{name}: {reply:?}");
        assert!(
            reply.iter().any(|l| l.contains("EvalFile: chu network")),
            "{name}: {reply:?}"
        );
        engine.send("position startpos");
        engine.send("go depth 2");
        engine.expect(Duration::from_secs(20), |l| l.starts_with("bestmove "));
        let after = engine.sync();
        let log = engine.log.join("\n");
        let bestmoves = engine
            .log
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .count();
        assert_eq!(bestmoves, 1, "{name}: {log}");
        assert!(after.is_empty(), "{name}: {after:?}");
        let scores: Vec<i32> = engine
            .log
            .iter()
            .filter_map(|l| l.split(" score cp ").nth(1))
            .map(|s| s.split(' ').next().unwrap().parse().unwrap())
            .collect();
        assert!(!scores.is_empty(), "{name}: {log}");
        assert!(!log.contains("score mate"), "{name}: {log}");
        assert!(scores.iter().all(|s| s.abs() < 12_000), "{name}: {log}");
        assert!(!log.contains("rror"), "{name}: {log}");
        engine.send("quit");
        assert!(
            engine.exits(Duration::from_secs(10)),
            "{name}: no clean exit"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The committed dai dai network widened to 64 hidden units: units 32 to 63 copy units 0 to
/// 31's first layer (so every bound the reader checks still holds) and have no output
/// weight, so the file's output is the built-in network's on every board.
fn widened_daidai() -> Vec<u8> {
    let bytes = std::fs::read(committed_network("daidai")).unwrap();
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let (features, hidden) = (word(16), word(20));
    assert_eq!(hidden, 32);
    let mut out = bytes[..28].to_vec();
    out[20..24].copy_from_slice(&64u32.to_le_bytes());
    // First layer (i16, feature-major) and its bias (i32): each row twice over.
    let b1 = 28 + 2 * features * hidden;
    for row in bytes[28..b1].chunks_exact(2 * hidden) {
        out.extend_from_slice(row);
        out.extend_from_slice(row);
    }
    let w2 = b1 + 4 * hidden;
    out.extend_from_slice(&bytes[b1..w2]);
    out.extend_from_slice(&bytes[b1..w2]);
    // Output weights: each half followed by 32 zeros; then the output bias.
    for half in bytes[w2..w2 + 4 * hidden].chunks_exact(2 * hidden) {
        out.extend_from_slice(half);
        out.extend_from_slice(&[0; 64]);
    }
    out.extend_from_slice(&bytes[w2 + 4 * hidden..]);
    assert_eq!(out.len(), 28 + 2 * features * 64 + 4 * 64 + 4 * 64 + 4);
    out
}

#[test]
fn networks_of_two_widths_run_side_by_side() {
    let dir = std::env::temp_dir().join(format!("shishi-wide-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The built-in chu network is 64 units wide, dai dai's 32: a 64-wide dai dai file beside
    // the built-in chu one.
    let wide = dir.join("daidai-64.nnue");
    std::fs::write(&wide, widened_daidai()).unwrap();
    let default = shishi(&["bench", "--quick"]);
    let loaded = shishi(&["--eval-file", wide.to_str().unwrap(), "bench", "--quick"]);
    // Another file, so another hash; the same outputs, so the same trees, node for node.
    let label = "daidai  network:";
    assert_ne!(bench_field(&loaded, label), bench_field(&default, label));
    assert_eq!(bench_nodes(&loaded), bench_nodes(&default));
    let label = "chu     network:";
    assert_eq!(bench_field(&loaded, label), bench_field(&default, label));

    // A width the engine does not run is one error line, whatever the rest of the file.
    for (hidden, why) in [(24, "a multiple of 16"), (4096, "at most")] {
        let mut bytes = std::fs::read(committed_network("chu")).unwrap();
        bytes[20..24].copy_from_slice(&(hidden as u32).to_le_bytes());
        let path = dir.join(format!("chu-{hidden}.nnue"));
        std::fs::write(&path, bytes).unwrap();
        let mut engine = Engine::start(&[]);
        engine.send("usi");
        engine.expect_prefix("usiok");
        engine.send(&format!("setoption name EvalFile value {}", path.display()));
        let reply = engine.sync();
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(reply[0].starts_with("info string error"), "{reply:?}");
        assert!(
            reply[0].contains(&format!(
                "a chu network of {hidden} hidden units; this engine reads"
            )),
            "{reply:?}"
        );
        assert!(reply[0].contains(why), "{reply:?}");
        engine.send("quit");
        assert!(engine.exits(Duration::from_secs(10)));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
