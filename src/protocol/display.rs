//! The `d` command: the board as text, both games. Black's pieces are written with their
//! abbreviation (`DK`, `+HF` for a promoted piece shown under its new name), White's with a
//! leading `v` (pointing down, as in Japanese diagrams). Files from the highest number (left)
//! to 1, ranks from a (top) down, as in SFEN.

use crate::rules::{Color, Position, Square};

/// A multi-line picture of the position, with its SFEN and side to move.
pub fn board_text(pos: &mut Position) -> String {
    let side = pos.variant().side();
    let cat = pos.catalogue();
    let width = 5;
    let mut s = String::new();
    s.push(' ');
    for f in (0..side).rev() {
        s.push_str(&format!("{:^width$}", f + 1));
    }
    s.push('\n');
    let rule = format!(" {}\n", "-".repeat(side * width));
    s.push_str(&rule);
    for r in 0..side {
        s.push('|');
        for f in (0..side).rev() {
            let cell = match pos.piece_at(Square::new(f, r)) {
                None => " .".to_string(),
                Some(p) => {
                    let kind = cat.moving_kind(p);
                    let mut t = String::new();
                    t.push(if p.color() == Color::White { 'v' } else { ' ' });
                    if p.promoted() {
                        t.push('+');
                    }
                    t.push_str(kind.abbr.trim_start_matches('+'));
                    t
                }
            };
            s.push_str(&format!("{cell:<width$}"));
        }
        s.push_str(&format!("| {}\n", (b'a' + r as u8) as char));
    }
    s.push_str(&rule);
    let stm = match pos.side_to_move() {
        Color::Black => "Black (sente)",
        Color::White => "White (gote)",
    };
    s.push_str(&format!(
        "variant {} rules {} move {}\n",
        pos.variant().name(),
        pos.rules().name(),
        pos.move_number()
    ));
    s.push_str(&format!("side to move: {stm}"));
    if pos.in_check(pos.side_to_move()) {
        s.push_str(" (in check)");
    }
    s.push('\n');
    if let Some(result) = pos.outcome() {
        s.push_str(&format!("game over: {result:?}\n"));
    }
    s.push_str(&format!("sfen {}\n", pos.to_sfen()));
    s.push_str(&format!("key {:016x}", pos.key()));
    s
}
