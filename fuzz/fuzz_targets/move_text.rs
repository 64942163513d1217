//! Any bytes as a move text in one of a few positions chosen by the first byte: both start
//! positions and some middlegame-like ones reached by fixed move sequences
//! (`shishi::rules::parse_checks::check_move_text` says what must hold).
#![no_main]

use shishi::rules::{Position, RuleSet, Variant};
use std::sync::OnceLock;

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = Vec::new();
        for (v, r) in [
            (Variant::Chu, RuleSet::Seed),
            (Variant::Chu, RuleSet::Lishogi),
            (Variant::DaiDai, RuleSet::Seed),
        ] {
            let mut pos = Position::start(v, r);
            out.push(pos.clone());
            // Always the middle one of the generated moves: a fixed, varied game.
            for ply in 1..=60 {
                let moves = pos.game_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[moves.len() / 2]);
                if ply % 15 == 0 {
                    out.push(pos.clone());
                }
            }
        }
        out
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let all = positions();
    let pos = &all[which as usize % all.len()];
    if let Ok(text) = std::str::from_utf8(rest) {
        shishi::rules::parse_checks::check_move_text(pos, text);
    }
});
