//! One mate problem as a line of text: a position string, optionally `moves` and the moves
//! that lead from it to the problem (checked legal under the game's repetition rule), and an
//! optional `#` comment (the problem's source, its expected length).

use crate::rules::{Position, RuleSet, Variant};

/// A problem line read: the position to solve and the comment.
pub struct Problem {
    pub position: Position,
    pub comment: String,
}

/// Reads a problem line; `Ok(None)` for a blank or comment-only line.
pub fn parse(variant: Variant, rules: RuleSet, line: &str) -> Result<Option<Problem>, String> {
    let (text, comment) = match line.split_once('#') {
        Some((t, c)) => (t.trim(), c.trim()),
        None => (line.trim(), ""),
    };
    if text.is_empty() {
        return Ok(None);
    }
    let (sfen, moves) = match text.split_once(" moves") {
        Some((s, m)) => (s, Some(m)),
        None => (text, None),
    };
    let sfen = sfen.strip_prefix("sfen ").unwrap_or(sfen);
    let mut position = Position::from_sfen(variant, rules, sfen).map_err(|e| e.to_string())?;
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        if !position.allowed_in_game(mv) {
            return Err(format!(
                "{text} repeats a position (not allowed by the rule set)"
            ));
        }
        position.make(mv);
    }
    Ok(Some(Problem {
        position,
        comment: comment.to_string(),
    }))
}
