//! XBoard's chu notation and position strings.
//!
//! Squares: files `a`–`l` from the left as the first player (our Black, XBoard's "white") sees
//! the board, ranks `1`–`12` from the bottom. So our `12l` (file 12, rank l) is `a1` and our
//! `1a` is `l12`. Moves: `from to` per leg, legs separated by commas (`f5f6,f6f7` lion double
//! move, `f5f6,f6f5` igui or pass), `+` at the end for promotion; `@@@@` is XBoard's null move,
//! read as a lion pass when the side to move has one.

use crate::rules::{Move, Position, Square};

/// XBoard name of a square on a board of `side` squares.
pub fn square_name(sq: Square, side: usize) -> String {
    let letter = (b'a' + (side - 1 - sq.file()) as u8) as char;
    format!("{letter}{}", side - sq.rank())
}

/// Reads an XBoard square at the start of `text`; returns it and the bytes used.
pub fn parse_square(text: &str, side: usize) -> Option<(Square, usize)> {
    let b = text.as_bytes();
    let letter = *b.first()?;
    if !letter.is_ascii_lowercase() || (letter - b'a') as usize >= side {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || b[1] == b'0' {
        return None;
    }
    let rank: usize = text[1..1 + digits].parse().ok()?;
    if rank == 0 || rank > side {
        return None;
    }
    let file = side - 1 - (letter - b'a') as usize;
    Some((Square::new(file, side - rank), 1 + digits))
}

/// XBoard text of a move.
pub fn move_text(mv: Move, side: usize) -> String {
    let mut s = String::new();
    let mut prev = mv.from();
    for (i, leg) in mv.legs().into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&square_name(prev, side));
        s.push_str(&square_name(leg, side));
        prev = leg;
    }
    if mv.promotes() {
        s.push('+');
    }
    s
}

/// The USI text (ours) of an XBoard move text, or why it is not one.
pub fn to_usi(text: &str, side: usize) -> Result<String, String> {
    let bad = || format!("'{}' is not an XBoard move", super::clip(text));
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let mut path: Vec<Square> = Vec::new();
    for leg in body.split(',') {
        let (a, n) = parse_square(leg, side).ok_or_else(bad)?;
        let (b, m) = parse_square(&leg[n..], side).ok_or_else(bad)?;
        if n + m != leg.len() {
            return Err(bad());
        }
        match path.last() {
            None => path.push(a),
            Some(&last) if last == a => {}
            Some(_) => return Err(format!("{}: legs do not connect", bad())),
        }
        path.push(b);
        if path.len() > 4 {
            return Err(bad());
        }
    }
    let mut s: String = path.iter().map(|sq| sq.name()).collect();
    if promote {
        s.push('+');
    }
    Ok(s)
}

/// The legal move an XBoard text means in `pos`.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, String> {
    if text == "@@@@" {
        let moves = pos.playable_moves();
        return moves
            .into_iter()
            .find(|m| m.to() == m.from() && m.leg_count() > 1 && pos.captures_of(*m).is_empty())
            .ok_or_else(|| "no piece can pass here".to_string());
    }
    let usi = to_usi(text, pos.variant().side())?;
    super::session::parse_game_move(pos, &usi)
}

/// Converts an XBoard FEN (`<board> w|b <castling> <ep> <half> <full>`, `w` = the first
/// player) to our SFEN. The board field is the same in both (uppercase = first player).
pub fn fen_to_sfen(fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board = fields.first().ok_or("empty FEN")?;
    let side = match fields.get(1).copied().unwrap_or("w") {
        "w" => 'b',
        "b" => 'w',
        other => {
            return Err(format!(
                "side to move '{}' is neither w nor b",
                super::clip(other)
            ));
        }
    };
    // The counters: whole numbers of any length (a huge one is read as the largest the
    // position keeps, not as "no number"); the half-move clock means nothing in chu.
    let counter = |name: &str, text: &str| -> Result<u32, String> {
        if !is_whole(text) {
            return Err(format!(
                "{name} field '{}' is not a whole number",
                super::clip(text)
            ));
        }
        Ok(text.parse().unwrap_or(u32::MAX))
    };
    if let Some(half) = fields.get(4) {
        counter("half-move", half)?;
    }
    let full = match fields.get(5) {
        Some(f) => counter("move number", f)?,
        None => 1,
    }
    .clamp(1, 100_000);
    let ply = 2 * (full - 1) + if side == 'w' { 2 } else { 1 };
    // The e.p. field is where chess-minded GUIs keep the square of a lion just taken by a
    // non-lion (chu's counter-strike rule), in their square names.
    let files = board.split('/').count();
    let lion = match fields.get(3).copied() {
        None | Some("-") => "-".to_string(),
        Some(ep) => match parse_square(ep, files) {
            Some((sq, n)) if n == ep.len() => sq.name(),
            _ => {
                return Err(format!(
                    "lion-capture (e.p.) field '{}' is not a square",
                    super::clip(ep)
                ));
            }
        },
    };
    Ok(format!("{board} {side} {lion} {ply}"))
}

/// Whether a FEN looks like a chess-style one (side `w`/`b` then castling, e.p. and two
/// counters), as opposed to our SFEN: it has their six fields.
pub fn is_chess_fen(fen: &str) -> bool {
    // Six fields: no SFEN has more than four, so the counters' errors are a FEN's.
    fen.split_whitespace().count() == 6
}

/// Digits only (a counter of any size).
fn is_whole(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Variant};

    #[test]
    fn squares_round_trip() {
        for f in 0..12 {
            for r in 0..12 {
                let sq = Square::new(f, r);
                let name = square_name(sq, 12);
                assert_eq!(parse_square(&name, 12), Some((sq, name.len())));
            }
        }
        assert_eq!(square_name(Square::new(11, 11), 12), "a1");
        assert_eq!(square_name(Square::new(0, 0), 12), "l12");
    }

    #[test]
    fn moves_round_trip() {
        let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
        for mv in pos.game_moves() {
            let text = move_text(mv, 12);
            assert_eq!(parse_move(&mut pos, &text), Ok(mv), "{text}");
        }
    }

    #[test]
    fn fen_conversion() {
        let sfen = fen_to_sfen(
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
        )
        .unwrap();
        assert_eq!(sfen, Variant::Chu.start_sfen());
    }

    #[test]
    fn the_fen_e_p_field_carries_the_lion_capture_square() {
        // White's (gote's) pawn on 7d stands where a lion was taken.
        let board = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
        let sq = Square::new(6, 3);
        let xb = square_name(sq, 12);
        let sfen = fen_to_sfen(&format!("{board} w - {xb} 0 1")).unwrap();
        assert_eq!(sfen, format!("{board} b {} 1", sq.name()));
        assert!(is_chess_fen(&format!("{board} w - {xb} 0 1")));
        assert!(fen_to_sfen(&format!("{board} w - z99 0 1")).is_err());
    }
}
