//! The seeded, bounded fuzzing of the two input parsers that runs in `cargo test` (a few
//! seconds): position strings and move texts mutated from real ones (start positions, the
//! perft suites, positions of random games), checked by [`crate::rules::parse_checks`]. The
//! coverage-guided long run is `fuzz/` (docs/reliability.md).

use super::*;
use crate::rules::parse_checks::{check_move_text, check_sfen};
use crate::testing::Rng;

/// Characters that SFEN and move text are made of, and a few that they are not.
const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzKNLRP+-/() ,@*\x00\xff";

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(b.len() + 1);
        match rng.below(7) {
            0 if i < b.len() => {
                b.remove(i);
            }
            1 => b.insert(i, ALPHABET[rng.below(ALPHABET.len())]),
            2 if i < b.len() => b[i] = ALPHABET[rng.below(ALPHABET.len())],
            3 => {
                // A number at its limits.
                let n = [
                    "0",
                    "4294967295",
                    "4294967296",
                    "18446744073709551616",
                    "99",
                ];
                b.splice(i..i, n[rng.below(n.len())].bytes());
            }
            4 if !b.is_empty() => {
                // Repeat a slice (a rank, a field).
                let j = rng.below(b.len());
                let (lo, hi) = (i.min(j), i.max(j).min(b.len()));
                let piece: Vec<u8> = b[lo..hi].to_vec();
                b.splice(hi..hi, piece);
            }
            5 => b.truncate(i),
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Real positions: both start positions, every perft-suite position, and positions along
/// random games of both variants.
fn corpus(rng: &mut Rng) -> Vec<(Variant, RuleSet, String)> {
    let mut out = Vec::new();
    for file in ["chu.epd", "daidai.epd"] {
        let path = format!("{}/perft-suites/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("suite file");
        for e in crate::perft::suite::parse_suite(&text).expect("suite parses") {
            out.push((e.variant, e.rules, e.sfen));
        }
    }
    for (v, r) in [
        (Variant::Chu, RuleSet::Seed),
        (Variant::Chu, RuleSet::Lishogi),
        (Variant::DaiDai, RuleSet::Seed),
    ] {
        let mut pos = Position::start(v, r);
        for ply in 0..120 {
            let moves = pos.game_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
            if ply % 10 == 0 {
                out.push((v, r, pos.to_sfen()));
            }
        }
    }
    out
}

#[test]
fn mutated_position_strings_keep_the_parser_properties() {
    let mut rng = Rng(0x5eed_0001);
    let corpus = corpus(&mut rng);
    for round in 0..2500 {
        let (_, _, sfen) = &corpus[round % corpus.len()];
        check_sfen(sfen);
        check_sfen(&mutate(&mut rng, sfen));
    }
}

#[test]
fn mutated_move_texts_keep_the_parser_properties() {
    let mut rng = Rng(0x5eed_0002);
    let corpus = corpus(&mut rng);
    let mut accepted = 0;
    for round in 0..30_000 {
        let (v, r, sfen) = &corpus[round % corpus.len()];
        let pos = Position::from_sfen(*v, *r, sfen).expect("corpus position");
        let mut moves = Vec::new();
        movegen::generate(&pos, &mut moves);
        if moves.is_empty() {
            continue;
        }
        let mv = moves[rng.below(moves.len())];
        let text = mutate(&mut rng, &mv.text());
        check_move_text(&pos, &text);
        accepted += usize::from(pos.parse_move(&text).is_ok());
    }
    // Mutations that still name a move (a changed promotion sign, another square) are the
    // interesting ones: make sure the run produces some.
    assert!(accepted > 500, "{accepted}");
}
