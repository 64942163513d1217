//! Rule tests: one small hand-made position per rule of /work/shared/rules/chu.md and
//! daidai.md. Every expectation is derived by hand from the rules text (the derivation is in
//! the comments), never copied from the engine's output.
//!
//! Positions are written as lists of placements (`("7g", "N")`), turned into SFEN by
//! [`board`], which is independent of the engine's own SFEN writer.

mod asymmetric;
mod checks;
mod chu_pieces;
mod counter_strike;
mod daidai_promotion;
mod falcon_eagle;
mod furious_fiend;
mod great_elephant;
mod hook;
mod jcsa;
mod lion;
mod lion_dog;
mod lion_trading;
mod make_unmake;
mod notation;
mod outcome;
mod parser_fuzz;
mod promotion_lishogi;
mod promotion_seed;
mod reflect;
mod royals;
mod sfen;
mod stuck_pieces;

use crate::rules::geometry::Square;
use crate::rules::{Move, Position, RuleSet, Variant, movegen};
use std::collections::HashSet;

pub(crate) const CHU: Variant = Variant::Chu;
pub(crate) const DD: Variant = Variant::DaiDai;
pub(crate) const SEED: RuleSet = RuleSet::Seed;
pub(crate) const LISHOGI: RuleSet = RuleSet::Lishogi;
pub(crate) const JCSA: RuleSet = RuleSet::Jcsa;

/// (file, rank) 0-based from a square name such as `7g` or `17q`.
fn coords(name: &str) -> (usize, usize) {
    let digits: String = name.chars().take_while(|c| c.is_ascii_digit()).collect();
    let file: usize = digits.parse().expect("file number");
    let rank = name.as_bytes()[digits.len()] - b'a';
    (file - 1, rank as usize)
}

/// The board field of a position string for a `side`×`side` board with the given pieces.
pub(crate) fn board(side: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; side]; side];
    for &(sq, token) in pieces {
        let (f, r) = coords(sq);
        assert!(grid[r][f].is_none(), "two pieces on {sq}");
        grid[r][f] = Some(token);
    }
    let mut ranks = Vec::new();
    for row in &grid {
        let mut s = String::new();
        let mut empty = 0;
        for f in (0..side).rev() {
            match row[f] {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += t;
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

/// A chu position string, no counter-strike square, move 1.
pub(crate) fn chu(pieces: &[(&str, &str)], stm: &str) -> String {
    format!("{} {stm} - 1", board(12, pieces))
}

/// A dai dai position string, move 1.
pub(crate) fn dd(pieces: &[(&str, &str)], stm: &str) -> String {
    format!("{} {stm} 1", board(17, pieces))
}

/// Parses a position that must be valid.
pub(crate) fn pos(v: Variant, r: RuleSet, sfen: &str) -> Position {
    Position::from_sfen(v, r, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Square by name on the board of `v`.
pub(crate) fn sq(v: Variant, name: &str) -> Square {
    let (s, len) = Square::parse_prefix(name, v.side()).expect("square name");
    assert_eq!(len, name.len());
    s
}

/// Every generated move of the position, checking that no move is emitted twice.
pub(crate) fn gen_moves(p: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    movegen::generate(p, &mut out);
    let set: HashSet<Move> = out.iter().copied().collect();
    assert_eq!(set.len(), out.len(), "a move was generated twice");
    out
}

/// Texts of every generated move.
pub(crate) fn texts(p: &Position) -> Vec<String> {
    gen_moves(p).iter().map(|m| m.text()).collect()
}

/// Texts of every generated move of the position string.
pub(crate) fn moves(v: Variant, r: RuleSet, sfen: &str) -> Vec<String> {
    texts(&pos(v, r, sfen))
}

/// Texts of the generated moves starting on `from`.
pub(crate) fn moves_from(v: Variant, r: RuleSet, sfen: &str, from: &str) -> Vec<String> {
    let p = pos(v, r, sfen);
    let s = sq(v, from);
    gen_moves(&p)
        .into_iter()
        .filter(|m| m.from() == s)
        .map(|m| m.text())
        .collect()
}

/// Asserts that every text is in the list.
#[track_caller]
pub(crate) fn assert_has(list: &[String], wanted: &[&str]) {
    for w in wanted {
        assert!(list.iter().any(|m| m == w), "missing {w} in {list:?}");
    }
}

/// Asserts that no text is in the list.
#[track_caller]
pub(crate) fn assert_lacks(list: &[String], unwanted: &[&str]) {
    for w in unwanted {
        assert!(!list.iter().any(|m| m == w), "unexpected {w} in {list:?}");
    }
}

/// Plays a move given as text (any accepted path).
#[track_caller]
pub(crate) fn play(p: &mut Position, text: &str) {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_sfen()));
    p.make(m);
}

/// Moves from `from` whose effect is: end on `to`, capture exactly `captured` (any order).
pub(crate) fn with_effect(p: &Position, from: &str, to: &str, captured: &[&str]) -> Vec<Move> {
    let v = p.variant();
    let (f, t) = (sq(v, from), sq(v, to));
    let mut want: Vec<Square> = captured.iter().map(|c| sq(v, c)).collect();
    want.sort();
    gen_moves(p)
        .into_iter()
        .filter(|m| {
            let mut got: Vec<Square> = p.captures_of(*m).iter().map(|c| c.0).collect();
            got.sort();
            m.from() == f && m.to() == t && got == want
        })
        .collect()
}
