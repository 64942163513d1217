//! Moves in the readable notation players write (Hodges style, chu.md §9, daidai.md §9), for
//! boards and analyses: `P-7h`, `DK5j-6k` (origin only when another piece of the same kind
//! could make the same move), `Px5e`, `+S-3d` (a promoted piece: `+` and its original
//! abbreviation), `B-7g+` (promotes) and `S-3c=` (declines where it could promote), igui
//! `Lnx!4g`, a double capture `Lnx6ex6d`. A multi-step move that is neither writes every
//! square the piece lands on (chu.md's suggestion): `Lnx6e-6d`, a pass `Ln-7f-7g` (through the empty neighbour the engine names).

use crate::rules::moves::Move;
use crate::rules::position::Position;

impl Position {
    /// The readable form of `mv`, which must be one of [`Position::game_moves`].
    pub fn hodges(&mut self, mv: Move) -> String {
        let legal = self.game_moves();
        let body = self.hodges_body(mv, &legal);
        let ambiguous = legal
            .iter()
            .any(|&m| m.from() != mv.from() && self.hodges_body(m, &legal) == body);
        let (piece, path) = body.split_at(self.piece_label(mv).len());
        if ambiguous {
            format!("{piece}{}{path}", mv.from())
        } else {
            body
        }
    }

    /// The readable forms of a line of moves from this position (a principal variation, a
    /// game); stops at the first text that is not a legal move, with its error. The position
    /// is unchanged afterwards.
    pub fn hodges_line<'a>(
        &mut self,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> (Vec<String>, Option<String>) {
        let mut out = Vec::new();
        let mut error = None;
        for text in texts {
            let mv = match self.parse_move(text) {
                Ok(m) if self.allowed_in_game(m) => m,
                Ok(_) => {
                    error = Some(format!("illegal move {text}: it repeats a position"));
                    break;
                }
                Err(e) => {
                    error = Some(e.to_string());
                    break;
                }
            };
            out.push(self.hodges(mv));
            self.make(mv);
        }
        for _ in 0..out.len() {
            self.unmake();
        }
        (out, error)
    }

    /// The piece as Hodges writes it: its abbreviation, or `+` and the original one.
    fn piece_label(&self, mv: Move) -> String {
        let p = self.piece_at(mv.from()).expect("a move starts on a piece");
        let base = self.cat.kinds[p.base() as usize].abbr;
        if p.promoted() {
            format!("+{base}")
        } else {
            base.to_string()
        }
    }

    /// Everything but the origin: piece, path with `-`/`x`, promotion mark.
    fn hodges_body(&self, mv: Move, legal: &[Move]) -> String {
        let us = self.side_to_move();
        let enemy_on = |sq| self.piece_at(sq).is_some_and(|p| p.color() != us);
        let legs = mv.legs();
        let mut s = self.piece_label(mv);
        if legs.len() == 2 && legs[1] == mv.from() && enemy_on(legs[0]) {
            s.push_str(&format!("x!{}", legs[0]));
        } else {
            for &leg in &legs {
                let sep = if leg != mv.from() && enemy_on(leg) {
                    'x'
                } else {
                    '-'
                };
                s.push_str(&format!("{sep}{leg}"));
            }
        }
        if mv.promotes() {
            s.push('+');
        } else if legal.contains(&mv.with_promotion()) {
            s.push('=');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Position, RuleSet, Variant};

    fn line(sfen: Option<&str>, moves: &str) -> Vec<String> {
        let mut pos = match sfen {
            None => Position::start(Variant::Chu, RuleSet::Lishogi),
            Some(s) => Position::from_sfen(Variant::Chu, RuleSet::Lishogi, s).expect("sfen"),
        };
        let key = pos.key();
        let (out, error) = pos.hodges_line(moves.split_whitespace());
        assert_eq!(error, None);
        assert_eq!(pos.key(), key, "the position is unchanged");
        out
    }

    #[test]
    fn the_origin_is_written_only_when_two_pieces_could_make_the_move() {
        assert_eq!(line(None, "7i7h 6d6e"), ["P-7h", "P-6e"]);
        // Golds on 5h and 3h can both step to 4h; the one on 5h alone reaches 6h.
        let sfen = "k11/12/12/12/12/12/12/7G1G2/12/12/12/11K b - 1";
        assert_eq!(line(Some(sfen), "5h4h"), ["G5h-4h"]);
        assert_eq!(line(Some(sfen), "5h6h"), ["G-6h"]);
    }

    #[test]
    fn lion_igui_double_capture_and_pass() {
        // Black lion on 6g, White pawns on 6f and 6e, Black king 1l, White king 12a.
        let sfen = "k11/12/12/12/6p5/6p5/6N5/12/12/12/12/11K b - 1";
        assert_eq!(line(Some(sfen), "6g6f6g"), ["Lnx!6f"]);
        assert_eq!(line(Some(sfen), "6g6f6e"), ["Lnx6fx6e"]);
        assert_eq!(line(Some(sfen), "6g6f5e"), ["Lnx6f-5e"]);
        // A pass is written through the one empty neighbour the engine's move names.
        let pass = &line(Some(sfen), "6g7g6g")[0];
        assert!(
            pass.starts_with("Ln-") && pass.ends_with("-6g") && pass.len() == 8,
            "{pass}"
        );
    }

    #[test]
    fn promotion_taken_and_declined() {
        // A Black silver on 4e can enter the zone at 4d, promoting or not.
        let sfen = "k11/12/12/12/8S3/12/12/12/12/12/12/11K b - 1";
        assert_eq!(line(Some(sfen), "4e4d+"), ["S-4d+"]);
        assert_eq!(line(Some(sfen), "4e4d"), ["S-4d="]);
    }

    #[test]
    fn an_illegal_move_ends_the_line_with_its_error() {
        let mut pos = Position::start(Variant::Chu, RuleSet::Lishogi);
        let (out, error) = pos.hodges_line(["7i7h", "7i7h"]);
        assert_eq!(out, ["P-7h"]);
        assert!(error.is_some());
    }
}
