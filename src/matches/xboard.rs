//! XBoard (CECP) chu notation and board text, as HaChu reads and writes them (docs/match.md):
//! files a–l from the first mover's left, ranks 1–12 from the first mover's side, `+` after a
//! promoting move, lion double moves and igui as comma-separated legs (`f5f6,f6e7`,
//! `f5f6,f6f5`), a lion's pass as a null step `f5f5` (HaChu also takes `@@@@`, a turn pass).
//!
//! XBoard's first mover sits at the bottom with uppercase pieces, as Black does in SFEN, so
//! normally the squares map directly. HaChu's `setboard` takes no side to move: a position with
//! White to move is sent turned 180° with the colours swapped, and every square of that game is
//! then mapped through the same rotation (`rotated`).

use crate::rules::geometry::Square;
use crate::rules::{Move, Position};

/// Square in XBoard text for a board of `side` squares.
pub fn square_text(sq: Square, side: usize, rotated: bool) -> String {
    let (f, r) = (sq.file(), sq.rank()); // 0-based from file 1, rank a
    let (xf, xr) = if rotated {
        (f, r + 1)
    } else {
        (side - 1 - f, side - r)
    };
    format!("{}{}", (b'a' + xf as u8) as char, xr)
}

/// Reads an XBoard square at the start of `text`: (square, bytes read).
fn parse_square(text: &str, side: usize, rotated: bool) -> Option<(Square, usize)> {
    let b = text.as_bytes();
    let letter = *b.first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let xf = (letter - b'a') as usize;
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let xr: usize = text[1..1 + digits].parse().ok()?;
    if xf >= side || xr == 0 || xr > side {
        return None;
    }
    let (f, r) = if rotated {
        (xf, xr - 1)
    } else {
        (side - 1 - xf, side - xr)
    };
    Some((Square::new(f, r), 1 + digits))
}

/// A move in XBoard text.
pub fn move_text(pos: &Position, mv: Move, rotated: bool) -> String {
    let side = pos.variant().side();
    let from = mv.from();
    let sq = |s| square_text(s, side, rotated);
    let mut out = String::new();
    let captures = pos.captures_of(mv);
    if mv.to() == from && captures.is_empty() {
        // A pass: HaChu's null step.
        out.push_str(&sq(from));
        out.push_str(&sq(from));
    } else {
        let mut prev = from;
        for (i, leg) in mv.legs().into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&sq(prev));
            out.push_str(&sq(leg));
            prev = leg;
        }
    }
    if mv.promotes() {
        out.push('+');
    }
    out
}

/// Reads an XBoard move (legs joined by commas) into our move text, which the arbiter then
/// checks. `@@@@` becomes the position's pass if it has one. A trailing `=` (declined
/// promotion) is accepted; anything else that is not a square is an error.
pub fn parse_move(pos: &Position, text: &str, rotated: bool) -> Result<String, String> {
    let side = pos.variant().side();
    let text = text.trim();
    if text == "@@@@" {
        let mut moves = Vec::new();
        crate::rules::movegen::generate(pos, &mut moves);
        return moves
            .into_iter()
            .find(|&m| m.to() == m.from() && pos.captures_of(m).is_empty())
            .map(|m| m.text())
            .ok_or_else(|| "'@@@@' (pass) but no piece here can pass".to_string());
    }
    let (body, promote) = if let Some(b) = text.strip_suffix('+') {
        (b, true)
    } else if let Some(b) = text.strip_suffix('=') {
        (b, false)
    } else {
        (text, false)
    };
    let bad = || format!("'{text}' is not an XBoard move");
    let mut squares: Vec<Square> = Vec::new();
    for (i, leg) in body.split(',').enumerate() {
        let (a, n) = parse_square(leg, side, rotated).ok_or_else(bad)?;
        let (b, m) = parse_square(&leg[n..], side, rotated).ok_or_else(bad)?;
        if n + m != leg.len() {
            return Err(bad());
        }
        if i == 0 {
            squares.push(a);
        } else if squares.last() != Some(&a) {
            return Err(format!(
                "'{text}': a leg does not start where the last one ended"
            ));
        }
        squares.push(b);
    }
    if squares.len() > 4 {
        return Err(bad());
    }
    let mut out: String = squares.iter().map(|s| s.name()).collect();
    if promote {
        out.push('+');
    }
    Ok(out)
}

/// The board field of an SFEN, as HaChu's `setboard` wants it: unchanged when Black is to
/// move, turned 180° with the colours swapped when White is (the caller then plays the game
/// with `rotated` squares).
pub fn setboard_text(sfen: &str, rotate: bool) -> String {
    let board = sfen.split_whitespace().next().unwrap_or_default();
    if !rotate {
        return board.to_string();
    }
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            let mut tokens: Vec<String> = Vec::new();
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                let mut tok = String::new();
                if c.is_ascii_digit() {
                    tok.push(c);
                    while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        tok.push(d);
                        chars.next();
                    }
                } else {
                    let mut c = c;
                    if c == '+' {
                        tok.push('+');
                        c = chars.next().unwrap_or(' ');
                    }
                    if c == '(' {
                        tok.push('(');
                        for d in chars.by_ref() {
                            tok.push(swap_case(d));
                            if d == ')' {
                                break;
                            }
                        }
                    } else {
                        tok.push(swap_case(c));
                    }
                }
                tokens.push(tok);
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    ranks.join("/")
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Variant};

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(Variant::Chu, RuleSet::Seed, sfen).unwrap()
    }

    #[test]
    fn squares_map_like_hachu() {
        // HaChu's first move from the start, h4h5, is our 5i5h (a pawn step).
        let p = pos(Variant::Chu.start_sfen());
        assert_eq!(parse_move(&p, "h4h5", false).unwrap(), "5i5h");
        let m = p.parse_move("5i5h").unwrap();
        assert_eq!(move_text(&p, m, false), "h4h5");
        // Rotated: the same physical square seen from the other side.
        assert_eq!(square_text(Square::new(4, 8), 12, true), "e9");
        assert_eq!(parse_move(&p, "e9e8", true).unwrap(), "5i5h");
    }

    #[test]
    fn lion_moves_as_legs() {
        // HaChu played "move f5f6," then "move f6e7" here: lion 7h takes 7g then 8f.
        let p = pos("11k/12/12/12/12/4gp6/5gs5/5N6/12/12/12/K11 b - 1");
        assert_eq!(parse_move(&p, "f5f6,f6e7", false).unwrap(), "7h7g8f");
        let m = p.parse_move("7h7g8f").unwrap();
        assert_eq!(move_text(&p, m, false), "f5f6,f6e7");
        let igui = p.parse_move("7h7g7h").unwrap();
        assert_eq!(move_text(&p, igui, false), "f5f6,f6f5");
        assert!(parse_move(&p, "f5f6,e6e7", false).is_err());
        assert!(parse_move(&p, "f5f6 ", false).is_ok()); // trimmed
        assert!(parse_move(&p, "hello", false).is_err());
    }

    #[test]
    fn pass_and_promotion() {
        let p = pos("11k/12/12/12/5P6/12/12/5N6/12/12/12/K11 b - 1");
        let pass = p
            .parse_move(&parse_move(&p, "f5f5", false).unwrap())
            .unwrap();
        assert_eq!(pass.to(), pass.from());
        assert_eq!(move_text(&p, pass, false), "f5f5");
        let at = parse_move(&p, "@@@@", false).unwrap();
        assert_eq!(p.parse_move(&at).unwrap(), pass);
        assert_eq!(parse_move(&p, "f8f9+", false).unwrap(), "7e7d+");
        assert_eq!(parse_move(&p, "f8f9=", false).unwrap(), "7e7d");
        let promo = p.parse_move("7e7d+").unwrap();
        assert_eq!(move_text(&p, promo, false), "f8f9+");
    }

    #[test]
    fn setboard_rotation() {
        assert_eq!(setboard_text("11k/12/K11 w - 1", false), "11k/12/K11");
        assert_eq!(setboard_text("11k/2+p9/K10n w - 1", true), "N10k/9+P2/K11");
    }
}
