//! What must hold for any text given to the two parsers that read user input, the position
//! string and the move text, so that fuzzers can check it: the seeded one in `cargo test`
//! (`rules::tests::parser_fuzz`) and the coverage-guided libFuzzer targets in `fuzz/`
//! (docs/reliability.md). A broken property panics, which both report.

use crate::rules::movegen;
use crate::rules::{Move, Position, RuleSet, Variant};

/// Reads `text` as a position string of every game and rule set. Whatever it accepts must
/// write back to a string that reads back to the same position (same string, same key), have
/// a key equal to a fresh computation, and generate moves whose text reads back to them.
pub fn check_sfen(text: &str) {
    for variant in [Variant::Chu, Variant::DaiDai] {
        for rules in [RuleSet::Seed, RuleSet::Lishogi, RuleSet::Jcsa] {
            let Ok(pos) = Position::from_sfen(variant, rules, text) else {
                continue;
            };
            let written = pos.to_sfen();
            let back = Position::from_sfen(variant, rules, &written)
                .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which reads as {e}"));
            assert_eq!(back.to_sfen(), written, "{text:?}");
            assert_eq!(back.key(), pos.key(), "{text:?}");
            assert_eq!(pos.key(), pos.compute_key(), "{text:?}");
            let mut moves = Vec::new();
            movegen::generate(&pos, &mut moves);
            let mut after = pos.clone();
            for &mv in &moves {
                assert_eq!(pos.parse_move(&mv.text()).ok(), Some(mv), "{written}: {mv}");
            }
            // The position after a move (move number at its limit, counter-strike square)
            // writes back readably too, and unmaking restores the string.
            for &mv in moves.iter().take(8) {
                after.make(mv);
                let next = after.to_sfen();
                if let Err(e) = Position::from_sfen(variant, rules, &next) {
                    panic!("{written} then {mv} wrote {next:?}, which reads as {e}");
                }
                after.unmake();
                assert_eq!(after.to_sfen(), written, "{mv}");
            }
        }
    }
}

/// Reads `text` as a move in `pos`: an accepted move must be one the generator makes there
/// (the parser never invents a move), and its own text must read back to it.
pub fn check_move_text(pos: &Position, text: &str) {
    let Ok(mv) = pos.parse_move(text) else {
        return;
    };
    let mut moves: Vec<Move> = Vec::new();
    movegen::generate(pos, &mut moves);
    assert!(
        moves.contains(&mv),
        "{text:?} read as {mv}, not a move of {}",
        pos.to_sfen()
    );
    assert_eq!(pos.parse_move(&mv.text()).ok(), Some(mv), "{text:?}");
}
