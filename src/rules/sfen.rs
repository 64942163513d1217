//! Position strings for both games (docs/sfen.md).
//!
//! Chu: lishogi's SFEN, `<board> <b|w> <lion-capture square|-> <move number>`, plus an
//! optional fifth field under seed rules listing suspended promotions (`8d,5i` or `-`).
//! Dai dai: daidai.md §9, `<board> <b|w> <move number>` (a `-` before the move number is
//! accepted too). Board: ranks from a, files from the highest number, digits for empty runs,
//! one-letter codes bare and longer ones in parentheses, `+` before a promoted piece,
//! uppercase Black.

use crate::rules::geometry::{Color, Square};
use crate::rules::pieces::{Piece, Role};
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};

/// A precise complaint about a position string: which field, and what is wrong where.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SfenError {
    /// Which field (board, side to move, …).
    pub field: &'static str,
    /// What is wrong, naming the offending text.
    pub message: String,
}

impl std::fmt::Display for SfenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad SFEN {} field: {}", self.field, self.message)
    }
}

impl std::error::Error for SfenError {}

fn err(field: &'static str, message: impl Into<String>) -> SfenError {
    SfenError {
        field,
        message: message.into(),
    }
}

/// Shortens user text quoted in an error message.
fn quote(s: &str) -> String {
    let short: String = s.chars().take(24).collect();
    if short.len() < s.len() {
        format!("{short}…")
    } else {
        short
    }
}

impl Position {
    /// Reads a position string of `variant`.
    pub fn from_sfen(variant: Variant, rules: RuleSet, sfen: &str) -> Result<Position, SfenError> {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err("board", "the position string is empty"));
        }
        let mut pos = Position::empty(variant, rules);
        parse_board(&mut pos, fields[0])?;
        let side = match fields.get(1) {
            Some(&"b") => Color::Black,
            Some(&"w") => Color::White,
            Some(other) => {
                return Err(err(
                    "side to move",
                    format!("'{}' is neither 'b' nor 'w'", quote(other)),
                ));
            }
            None => return Err(err("side to move", "missing (expected 'b' or 'w')")),
        };
        pos.set_side_to_move(side);
        let rest = &fields[2..];
        let max = if variant == Variant::Chu { 3 } else { 2 };
        if rest.len() > max {
            return Err(err(
                "end",
                format!("unexpected extra field '{}'", quote(rest[max])),
            ));
        }
        let (capture_field, number_field, suspended_field) = match (variant, rest) {
            (Variant::DaiDai, [n]) => (None, Some(*n), None),
            (Variant::DaiDai, [dash, n]) => {
                if *dash != "-" {
                    return Err(err(
                        "hand",
                        format!("dai dai has no hands: expected '-', got '{}'", quote(dash)),
                    ));
                }
                (None, Some(*n), None)
            }
            (_, r) => (r.first().copied(), r.get(1).copied(), r.get(2).copied()),
        };
        if let Some(f) = capture_field
            && f != "-"
        {
            let sq = parse_square(f, variant.side(), "lion capture")?;
            // The square of a lion just taken by a non-lion: the taker stands there, a piece
            // of the side that just moved, and no lion unless it became one by promoting on
            // that capture (a kirin).
            let was_non_lion = |p: Piece| {
                !pos.cat.is_lion(p)
                    || (p.promoted() && !pos.cat.is_lion(Piece::new(p.base(), false, p.color())))
            };
            let taker = pos.piece_at(sq);
            if !taker.is_some_and(|p| p.color() != side && was_non_lion(p)) {
                return Err(err(
                    "lion capture",
                    format!(
                        "{f} must hold the non-lion of the side that just moved that took a lion there"
                    ),
                ));
            }
            pos.set_lion_capture(Some(sq));
        }
        if let Some(n) = number_field {
            let n: u32 = n.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                let why = if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                    format!("is out of range (1 to {})", u32::MAX)
                } else {
                    "is not a positive number".to_string()
                };
                err("move number", format!("'{}' {why}", quote(n)))
            })?;
            pos.set_move_number(n);
        }
        if let Some(f) = suspended_field
            && f != "-"
        {
            if rules != RuleSet::Seed {
                return Err(err(
                    "suspended",
                    "only seed rules have suspended promotions",
                ));
            }
            for name in f.split(',') {
                let sq = parse_square(name, variant.side(), "suspended")?;
                let piece = pos
                    .piece_at(sq)
                    .ok_or_else(|| err("suspended", format!("no piece on {name}")))?;
                let c = piece.color();
                if !pos.cat.promotable(piece)
                    || pos.cat.role(piece) == Role::Pawn
                    || !variant.in_zone(c, sq)
                {
                    return Err(err(
                        "suspended",
                        format!("the piece on {name} cannot have a suspended promotion"),
                    ));
                }
                if pos.suspended(c).is_some() {
                    return Err(err("suspended", "at most one suspended piece per side"));
                }
                pos.set_suspended(c, Some(sq));
            }
        }
        Ok(pos)
    }

    /// Writes the position string; reading it back gives the same position.
    pub fn to_sfen(&self) -> String {
        let side = self.variant.side();
        let mut ranks = Vec::with_capacity(side);
        for rank in 0..side {
            let mut s = String::new();
            let mut empty = 0;
            for file in (0..side).rev() {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        if p.promoted() {
                            s.push('+');
                        }
                        let token = self.cat.kinds[p.base() as usize].sfen;
                        if p.color() == Color::Black {
                            s.push_str(&token.to_ascii_uppercase());
                        } else {
                            s.push_str(token);
                        }
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let stm = if self.side == Color::Black { "b" } else { "w" };
        let mut out = format!("{} {stm}", ranks.join("/"));
        if self.variant == Variant::Chu {
            let lion = self.lion_capture.map_or("-".to_string(), |s| s.name());
            out.push_str(&format!(" {lion} {}", self.move_number));
            let suspended: Vec<String> = [Color::Black, Color::White]
                .iter()
                .filter_map(|&c| self.suspended(c).map(|s| s.name()))
                .collect();
            if !suspended.is_empty() {
                out.push_str(&format!(" {}", suspended.join(",")));
            }
        } else {
            out.push_str(&format!(" {}", self.move_number));
        }
        out
    }
}

fn parse_square(text: &str, side: usize, field: &'static str) -> Result<Square, SfenError> {
    match Square::parse_prefix(text, side) {
        Some((sq, len)) if len == text.len() => Ok(sq),
        _ => Err(err(
            field,
            format!("'{}' is not a square of this board", quote(text)),
        )),
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), SfenError> {
    let side = pos.variant.side();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != side {
        return Err(err(
            "board",
            format!("{} ranks, expected {side}", ranks.len()),
        ));
    }
    for (rank, text) in ranks.iter().enumerate() {
        let rank_name = (b'a' + rank as u8) as char;
        let at = |i: usize, msg: String| {
            err(
                "board",
                format!("rank {rank_name}, character {}: {msg}", i + 1),
            )
        };
        let chars: Vec<char> = text.chars().collect();
        let mut file = side; // files are written from the highest number down
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let run: String = chars[start..i].iter().collect();
                let n: usize = run.parse().unwrap_or(usize::MAX);
                if n == 0 || n > file || run.starts_with('0') {
                    return Err(at(
                        start,
                        format!("empty run '{run}' does not fit the rank"),
                    ));
                }
                file -= n;
                continue;
            }
            let start = i;
            let promoted = c == '+';
            if promoted {
                i += 1;
            }
            let (token, color) = match chars.get(i) {
                Some('(') => {
                    let close = chars[i..]
                        .iter()
                        .position(|&c| c == ')')
                        .ok_or_else(|| at(i, "'(' without ')'".into()))?;
                    let inner: String = chars[i + 1..i + close].iter().collect();
                    i += close + 1;
                    let color = if !inner.is_empty()
                        && inner.chars().all(|c| c.is_ascii_uppercase())
                    {
                        Color::Black
                    } else if !inner.is_empty() && inner.chars().all(|c| c.is_ascii_lowercase()) {
                        Color::White
                    } else {
                        return Err(at(
                            start,
                            format!("'({})' mixes cases or is not letters", quote(&inner)),
                        ));
                    };
                    (format!("({})", inner.to_ascii_lowercase()), color)
                }
                Some(&l) if l.is_ascii_alphabetic() => {
                    i += 1;
                    let color = if l.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    (l.to_ascii_lowercase().to_string(), color)
                }
                Some(&other) => return Err(at(i, format!("unexpected '{other}'"))),
                None => return Err(at(start, "'+' at the end of the rank".into())),
            };
            let base = pos
                .cat
                .base_by_sfen(&token)
                .ok_or_else(|| at(start, format!("unknown piece '{token}'")))?;
            if promoted && !pos.cat.base_promotes(base) {
                return Err(at(start, format!("'{token}' cannot be promoted")));
            }
            if file == 0 {
                return Err(at(start, format!("rank has more than {side} squares")));
            }
            file -= 1;
            pos.put(Square::new(file, rank), Piece::new(base, promoted, color));
        }
        if file != 0 {
            return Err(err(
                "board",
                format!(
                    "rank {rank_name} has {} squares, expected {side}",
                    side - file
                ),
            ));
        }
    }
    Ok(())
}
