//! The game to analyse: a start position and the moves played, from the command line or from
//! a record written by `shishi match --out` (format in docs/match.md), replayed and checked by
//! the rules before any search starts.

use crate::matches::record::{self, RecordBlock};
use crate::rules::{Move, Position, RuleSet, Variant};

/// A game as given: nothing is checked until [`Game::replay`].
#[derive(Clone, Debug)]
pub struct Game {
    /// The game.
    pub variant: Variant,
    /// The chu rule set.
    pub rules: RuleSet,
    /// Start position.
    pub start_sfen: String,
    /// Moves in USI text.
    pub moves: Vec<String>,
    /// The record's tags (`Black`, `White`, `Result`, `Reason`, …) in file order; empty for a
    /// game from the command line.
    pub tags: Vec<(String, String)>,
}

/// The positions of a replayed game: `positions[i]` is the position before move `i`, the last
/// one the final position; each carries the history from the start, so repetition rules work.
pub struct Replay {
    /// One more than the moves.
    pub positions: Vec<Position>,
    /// The moves played.
    pub moves: Vec<Move>,
}

impl Game {
    /// A record tag's value.
    pub fn tag(&self, key: &str) -> Option<&str> {
        record::tag_value(&self.tags, key)
    }

    /// Plays the moves from the start position; the first one the rules refuse, or any move
    /// after the game has ended, is an error naming its ply.
    pub fn replay(&self) -> Result<Replay, String> {
        let mut pos = Position::from_sfen(self.variant, self.rules, &self.start_sfen)
            .map_err(|e| format!("start position: {e}"))?;
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let ply = i + 1;
            if let Some(result) = pos.outcome() {
                return Err(format!(
                    "ply {ply} ({text}): the game is already over ({}, {})",
                    super::model::result_token(result),
                    super::model::reason_text(result)
                ));
            }
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("ply {ply} ({text}): {e}"))?;
            if !pos.allowed_in_game(mv) {
                return Err(format!(
                    "ply {ply} ({text}): illegal move, it repeats a position"
                ));
            }
            positions.push(pos.clone());
            pos.make(mv);
            moves.push(mv);
        }
        positions.push(pos);
        Ok(Replay { positions, moves })
    }
}

/// Splits a move list given as text (spaces, tabs or newlines between moves).
pub fn split_moves(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Reads a record file's game: the only one, or the one whose `Game` tag is `number`. The
/// variant and rule set come from the record unless given.
pub fn from_record(
    text: &str,
    number: Option<usize>,
    variant: Option<Variant>,
    rules: Option<RuleSet>,
) -> Result<Game, String> {
    let all = record::read(text)?;
    if all.is_empty() {
        return Err("no game in the record".into());
    }
    let block = match number {
        None if all.len() == 1 => &all[0],
        None => {
            return Err(format!(
                "the record holds {} games: choose one with --game N (its Game tag)",
                all.len()
            ));
        }
        Some(n) => {
            let wanted = n.to_string();
            let mut found = all
                .iter()
                .filter(|b| b.tag("Game").is_some_and(|v| v.trim() == wanted));
            let first = found
                .next()
                .ok_or_else(|| format!("no game {n} in the record"))?;
            if found.next().is_some() {
                return Err(format!(
                    "several games are numbered {n} in the record (appended matches?)"
                ));
            }
            first
        }
    };
    game_of(block, variant, rules)
}

/// Every game of a record file, each with the variant and rule set its own tags name.
pub fn all_records(text: &str) -> Result<Vec<Game>, String> {
    record::read(text)?.iter().map(from_block).collect()
}

/// A record block's game, with the variant and rule set its own tags name.
pub fn from_block(block: &RecordBlock) -> Result<Game, String> {
    game_of(block, None, None)
}

/// A block's game; the variant and rule set come from its tags unless given.
fn game_of(
    block: &RecordBlock,
    variant: Option<Variant>,
    rules: Option<RuleSet>,
) -> Result<Game, String> {
    let at = block.first_line;
    let variant = match variant {
        Some(v) => v,
        None => {
            let name = block
                .tag("Variant")
                .ok_or_else(|| format!("game at line {at}: no Variant tag (give --variant)"))?;
            Variant::from_name(name)
                .ok_or_else(|| format!("game at line {at}: unknown variant '{name}'"))?
        }
    };
    let rules = match rules {
        Some(r) => r,
        None => match block.tag("Rules") {
            Some(name) => RuleSet::from_name(name)
                .ok_or_else(|| format!("game at line {at}: unknown rule set '{name}'"))?,
            None => RuleSet::Seed,
        },
    };
    let start_sfen = match block.tag("SFEN") {
        Some(s) if !s.trim().is_empty() => s.to_string(),
        _ => variant.start_sfen().to_string(),
    };
    if let Some(plies) = block.tag("Plies")
        && plies.trim().parse::<usize>().ok() != Some(block.moves.len())
    {
        return Err(format!(
            "game at line {at}: the Plies tag says {plies} but the record has {} moves",
            block.moves.len()
        ));
    }
    Ok(Game {
        variant,
        rules,
        start_sfen,
        moves: block.moves.clone(),
        tags: block.tags.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "[Event \"shishi match\"]\n[Game \"2\"]\n[Variant \"chu\"]\n\
        [Rules \"lishogi\"]\n[SFEN \"\"]\n[Plies \"3\"]\n\n1. 5i5h 5d5e 2. 8i8h 1/2-1/2\n\n\
        [Event \"shishi match\"]\n[Game \"3\"]\n[Variant \"chu\"]\n[Plies \"1\"]\n\n1. 5i5h *\n\n";

    #[test]
    fn a_record_game_is_chosen_by_its_game_tag() {
        let g = from_record(RECORD, Some(2), None, None).unwrap();
        assert_eq!(g.moves, ["5i5h", "5d5e", "8i8h"]);
        assert_eq!(g.rules, RuleSet::Lishogi);
        assert_eq!(g.start_sfen, Variant::Chu.start_sfen());
        assert_eq!(g.replay().unwrap().positions.len(), 4);
        let g = from_record(RECORD, Some(3), None, None).unwrap();
        assert_eq!((g.moves.len(), g.rules), (1, RuleSet::Seed));
        let all = all_records(RECORD).unwrap();
        assert_eq!(
            all.iter().map(|g| g.moves.len()).collect::<Vec<_>>(),
            [3, 1]
        );
        assert!(from_record(RECORD, None, None, None).is_err());
        assert!(from_record(RECORD, Some(4), None, None).is_err());
    }

    #[test]
    fn a_record_whose_move_count_disagrees_with_plies_is_refused() {
        let bad = RECORD.replace("[Plies \"3\"]", "[Plies \"4\"]");
        let err = from_record(&bad, Some(2), None, None).unwrap_err();
        assert!(err.contains("Plies"), "{err}");
    }

    #[test]
    fn replay_names_the_first_illegal_ply() {
        let g = Game {
            variant: Variant::Chu,
            rules: RuleSet::Seed,
            start_sfen: Variant::Chu.start_sfen().into(),
            moves: split_moves("5i5h  5d5e\n5h5g 5e5f 5g5a"),
            tags: Vec::new(),
        };
        let err = g.replay().err().unwrap();
        assert!(err.starts_with("ply 5 (5g5a)"), "{err}");
    }
}
