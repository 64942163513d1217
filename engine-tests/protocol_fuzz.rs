//! Random, mutated, very long and binary input thrown at the protocol loop of the release
//! binary: it must answer `isready`/`ping` afterwards and never panic.

mod protocol_common;

use protocol_common::Engine;
use std::time::Duration;

/// A small xorshift generator (no dependency, reproducible).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: [&str; 24] = [
    "position startpos moves 7i7h 6d6e",
    "position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    "go depth 1",
    "go movetime 10",
    "go nodes 100",
    "go btime 10 wtime 10 byoyomi 10",
    "setoption name USI_Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name USI_Variant value daidaishogi",
    "setoption name USI_Variant value chushogi",
    "setoption name Rules value lishogi",
    "stop",
    "ponderhit",
    "usinewgame",
    "d",
    "perft 1",
    "go infinite",
    "gameover lose",
    "position startpos moves 8g9g9h",
    "go searchmoves 7i7h 1i1h depth 1",
    "go mate 3",
    "setoption name Threads value 2",
    "position fen 12/12 w - - 0 1",
    "isready",
];

fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        match rng.below(6) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b.remove(i);
            }
            1 => {
                let i = rng.below(b.len() + 1);
                b.insert(i, rng.next() as u8);
            }
            2 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = b" 0123456789abcdefghijklmnopqrstuvwxyz+-/()"[rng.below(42)];
            }
            3 => {
                let other = SEEDS[rng.below(SEEDS.len())].as_bytes();
                let i = rng.below(b.len() + 1);
                b.splice(i..i, other.iter().copied());
            }
            4 if b.len() > 2 => {
                let i = rng.below(b.len());
                b.truncate(i);
            }
            _ => {}
        }
    }
    b.retain(|&c| c != b'\n' && c != b'\r');
    b
}

fn hammer(first: &str, sync: &str, answer: &str, seed: u64) {
    let mut e = Engine::start(&[]);
    e.send(first);
    let mut rng = Rng(seed);
    for i in 0..400 {
        let line: Vec<u8> = match rng.below(10) {
            0 => {
                let n = rng.below(200);
                (0..n)
                    .map(|_| rng.next() as u8)
                    .filter(|&c| c != b'\n')
                    .collect()
            }
            1 => {
                let mut s = b"position startpos moves".to_vec();
                for _ in 0..2000 {
                    s.extend_from_slice(b" 7i7h");
                }
                s
            }
            2 => vec![b'x'; 100_000],
            3 => SEEDS[rng.below(SEEDS.len())].as_bytes().to_vec(),
            _ => {
                let seed = SEEDS[rng.below(SEEDS.len())];
                mutate(&mut rng, seed)
            }
        };
        e.send_bytes(&line);
        e.send_bytes(b"\n");
        if i % 25 == 0 {
            e.send("stop");
            e.send(sync);
            e.expect(Duration::from_secs(30), |l| l.starts_with(answer));
        }
    }
    e.send("stop");
    e.send(sync);
    e.expect(Duration::from_secs(30), |l| l.starts_with(answer));
    e.send("quit");
    assert!(e.exits(Duration::from_secs(10)), "did not exit cleanly");
}

#[test]
fn usi_survives_garbage() {
    hammer("usi", "isready", "readyok", 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn uci_survives_garbage() {
    hammer("uci", "isready", "readyok", 0x1234_5678_9abc_def1);
}

#[test]
fn xboard_survives_garbage() {
    hammer("xboard", "ping 77", "pong 77", 0x0bad_cafe_dead_beef);
}

#[test]
fn binary_first_line_then_usi() {
    let mut e = Engine::start(&[]);
    e.send_bytes(&[0xff, 0xfe, 0x00, 0x80, b'\n']);
    e.send("usi");
    e.expect(Duration::from_secs(10), |l| l == "usiok");
    e.close();
    assert!(e.exits(Duration::from_secs(5)));
}
