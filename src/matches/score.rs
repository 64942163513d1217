//! The score an engine reports while it thinks, read from its output so that game records can
//! say how each side judged the game move by move (docs/match.md, "Game record format").
//!
//! USI and UCI: the last `info … score cp X` or `score mate N` before `bestmove`. XBoard: the
//! last thinking line (`depth score time nodes pv`, printed after `post`), whose score is in
//! the engine's own units (centipawns by convention). Scores are from the mover's point of
//! view, as engines print them.

use std::fmt;

/// One reported score.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in N moves (negative: the mover is mated).
    Mate(i32),
}

impl Score {
    /// Whether the score is above `cp` centipawns (a mate for the mover always is, a mate
    /// against it never).
    pub fn above(self, cp: i32) -> bool {
        match self {
            Score::Cp(x) => x > cp,
            Score::Mate(n) => n > 0,
        }
    }

    /// The score in a USI/UCI `info` line, if it has one.
    pub fn from_info(line: &str) -> Option<Score> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            return None;
        }
        let i = words.iter().position(|&w| w == "score")?;
        let value: i32 = words.get(i + 2)?.parse().ok()?;
        match *words.get(i + 1)? {
            "cp" => Some(Score::Cp(value)),
            "mate" => Some(Score::Mate(value)),
            _ => None,
        }
    }

    /// The score in an XBoard thinking line: four integers (depth, score, centiseconds,
    /// nodes) then the principal variation.
    pub fn from_thinking(line: &str) -> Option<Score> {
        let words: Vec<&str> = line.split_whitespace().take(4).collect();
        if words.len() < 4 || words.iter().any(|w| w.parse::<i64>().is_err()) {
            return None;
        }
        words[1].parse().ok().map(Score::Cp)
    }

    /// Reads the record form written by `Display` (`23`, `-140`, `#5`, `#-3`).
    pub fn parse(text: &str) -> Option<Score> {
        match text.strip_prefix('#') {
            Some(n) => n.parse().ok().map(Score::Mate),
            None => text.parse().ok().map(Score::Cp),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(x) => write!(f, "{x}"),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_info_lines() {
        assert_eq!(
            Score::from_info("info depth 9 seldepth 14 score cp -37 nodes 100 pv 7g7f"),
            Some(Score::Cp(-37))
        );
        assert_eq!(
            Score::from_info("info depth 5 score mate -3 pv 7g7f"),
            Some(Score::Mate(-3))
        );
        assert_eq!(
            Score::from_info("info depth 5 score cp 12 lowerbound"),
            Some(Score::Cp(12))
        );
        assert_eq!(Score::from_info("info string score cp x"), None);
        assert_eq!(Score::from_info("info depth 3 nodes 10"), None);
        assert_eq!(Score::from_info("bestmove 7g7f"), None);
    }

    #[test]
    fn xboard_thinking_lines() {
        assert_eq!(
            Score::from_thinking("6 -110 255 229492 g10f8 f3e5 c9c8"),
            Some(Score::Cp(-110))
        );
        assert_eq!(
            Score::from_thinking("1 126 0 55 e4e5 { root eval = 1.08 }"),
            Some(Score::Cp(126))
        );
        assert_eq!(Score::from_thinking("move e4e5"), None);
        assert_eq!(Score::from_thinking("# 1 2 3 4"), None);
        assert_eq!(Score::from_thinking("1 2 3"), None);
    }

    #[test]
    fn record_text_round_trips() {
        for s in [
            Score::Cp(0),
            Score::Cp(-140),
            Score::Mate(5),
            Score::Mate(-3),
        ] {
            assert_eq!(Score::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Score::parse("-"), None);
        assert!(Score::Mate(2).above(1500) && !Score::Mate(-2).above(-100000));
        assert!(Score::Cp(1501).above(1500) && !Score::Cp(1500).above(1500));
    }
}
