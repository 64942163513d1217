//! Shishi's USI extensions for boards (docs/protocol.md, "Board commands"): what a graphical
//! board needs from the rules so that it implements none itself: the legal moves, the game
//! state, the position as SFEN, the piece kinds with kanji and movement diagrams, and the
//! readable notation of a line. Each command answers with fixed, documented lines and works
//! on a copy of the session's position, so it changes nothing and is safe beside a search.

use crate::rules::outcome::GameResult;
use crate::rules::pieces::diagram::diagram;
use crate::rules::{Color, Position};

/// `legalmoves`: one line, every move the side to move may play, in USI notation.
pub fn legal_moves(pos: &Position) -> String {
    let mut pos = pos.clone();
    let mut line = String::from("legalmoves");
    for mv in pos.playable_moves() {
        line.push(' ');
        line.push_str(&mv.text());
    }
    line
}

/// `movepaths`: one line, `movepaths` and for each legal move of a piece with lion power that
/// a player may also walk another way, `<move>=<path>,<path>…` (each path its squares from the
/// origin): a pass through any empty neighbour, a leap as two steps. A board offers these
/// paths and plays the move they stand for (docs/protocol.md).
pub fn move_paths(pos: &Position) -> String {
    let mut pos = pos.clone();
    let mut line = String::from("movepaths");
    for (mv, paths) in pos.move_paths() {
        line.push(' ');
        line.push_str(&mv.text());
        for (i, path) in paths.iter().enumerate() {
            line.push(if i == 0 { '=' } else { ',' });
            for sq in path {
                line.push_str(&sq.name());
            }
        }
    }
    line
}

/// `status`: side to move, check, result and its reason.
pub fn status(pos: &Position) -> String {
    let mut pos = pos.clone();
    let side = pos.side_to_move();
    let check = if pos.in_check(side) { "yes" } else { "no" };
    let result = match pos.outcome() {
        None => "none".to_string(),
        Some(GameResult::Win(c, reason)) => format!("{} reason {}", color_word(c), reason.text()),
        Some(GameResult::Draw(reason)) => format!("draw reason {}", reason.text()),
    };
    format!(
        "status side {} check {check} result {result}",
        side_letter(side)
    )
}

/// `checkposition`: whether the position could be a game's position under its rules (each
/// side has a royal piece, no piece stands where the rules never leave it): `checkposition
/// ok`, or `checkposition illegal <why>` (`Position::check_setup`).
pub fn check_position(pos: &Position) -> String {
    match pos.check_setup() {
        Ok(()) => "checkposition ok".to_string(),
        Err(why) => format!("checkposition illegal {why}"),
    }
}

/// `sfen`: the position as SFEN.
pub fn sfen(pos: &Position) -> String {
    format!("sfen {}", pos.to_sfen())
}

/// `pieces`: a header with the count, then one line per piece kind that can stand on the
/// board (every base type, and its promoted form where it promotes).
pub fn pieces(pos: &Position) -> Vec<String> {
    let variant = pos.variant();
    let cat = pos.catalogue();
    let mut lines = Vec::new();
    for (base, spec) in cat.kinds[..cat.bases].iter().enumerate() {
        let forms = if spec.promotes_to.is_some() {
            &[false, true][..]
        } else {
            &[false][..]
        };
        for &promoted in forms {
            let piece = crate::rules::pieces::Piece::new(base as u8, promoted, Color::Black);
            let kind = cat.moving_kind(piece);
            let token = spec.sfen.trim_start_matches('(').trim_end_matches(')');
            let (token, abbr) = if promoted {
                // A promoted type without a name of its own (the tokin) is `+` and the original.
                (format!("+{token}"), kind.abbr.to_string())
            } else {
                (token.to_string(), spec.abbr.to_string())
            };
            let kanji = variant.kanji(kind.abbr).unwrap_or("?");
            let one = variant.kanji_one(kind.abbr).unwrap_or("?");
            lines.push(format!(
                "piece {token} {abbr} {kanji} {one} {} {} {}",
                u8::from(cat.royal(piece)),
                diagram(cat.movement(piece)),
                kind.name
            ));
        }
    }
    let mut out = vec![format!("pieces {}", lines.len())];
    out.extend(lines);
    out
}

/// `notation m1 m2 …`: the readable forms of a line of moves from the position; an illegal
/// move ends the line and comes back as the error.
pub fn notation(pos: &Position, texts: &[&str]) -> (String, Option<String>) {
    let mut pos = pos.clone();
    let (readable, error) = pos.hodges_line(texts.iter().copied());
    let mut line = String::from("notation");
    for r in readable {
        line.push(' ');
        line.push_str(&r);
    }
    (line, error)
}

fn side_letter(c: Color) -> char {
    match c {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
