//! A deliberately naive second move generator, used only by tests to cross-check the fast
//! generator in both games (dai dai has no other implementation to compare with).
//!
//! Everything here is written again from the rules files (`chu.md`, `daidai.md` §3–§6) with
//! plain loops and no shared tables: its own board (`Vec<Vec<Option<NaivePiece>>>` indexed by
//! file then rank), its own movement per abbreviation, lion / lion-dog / hook paths enumerated
//! literally, its own promotion rules, chu's lion-versus-lion rules and counter-strike, and its
//! own make. Only the catalogue's abbreviations are read from the fast code (to learn which
//! type a piece of a [`Position`] is); the naive promotion table is checked against them.
//!
//! Every path a piece may take is generated, then the paths are reduced to their effect
//! (origin, destination, captured squares, promotion), which is what both generators count.

#[cfg(test)]
mod tests;

use crate::rules::geometry::{Color, Square};
use crate::rules::movegen;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};
use std::collections::BTreeSet;

/// A square as (0-based file from file 1, 0-based rank from rank a).
pub(crate) type Sq = (usize, usize);

/// Name of a square as in the rules files (`7g`).
pub(crate) fn sq_name(s: Sq) -> String {
    format!("{}{}", s.0 + 1, (b'a' + s.1 as u8) as char)
}

/// A piece of the naive board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct NaivePiece {
    /// Abbreviation of the type it moves as (a promoted piece: its promoted type).
    pub kind: &'static str,
    /// Abbreviation of the type it started as.
    pub base: &'static str,
    pub color: Color,
    pub promoted: bool,
}

/// The naive position: board, side to move and chu's hidden rule state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct NaivePos {
    pub chu: bool,
    pub rules: RuleSet,
    /// Board side (12 or 17).
    pub n: usize,
    /// `board[file][rank]`.
    pub board: Vec<Vec<Option<NaivePiece>>>,
    pub side: Color,
    /// Chu: square where a non-lion captured a lion on the last move.
    pub lion_capture: Option<Sq>,
    /// Chu seed: per color, the piece that declined promotion on entering the zone.
    pub suspended: [Option<Sq>; 2],
}

/// What a move does: the unit both generators are compared in.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub(crate) struct Effect {
    pub from: Sq,
    pub to: Sq,
    /// Sorted, without duplicates.
    pub captured: Vec<Sq>,
    pub promotes: bool,
}

impl std::fmt::Display for Effect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", sq_name(self.from), sq_name(self.to))?;
        for c in &self.captured {
            write!(f, "x{}", sq_name(*c))?;
        }
        if self.promotes {
            write!(f, "+")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Directions, written from the owner's point of view as (left, forward).

type D = (i32, i32);
const F: D = (0, 1);
const B: D = (0, -1);
const L: D = (1, 0);
const R: D = (-1, 0);
const FL: D = (1, 1);
const FR: D = (-1, 1);
const BL: D = (1, -1);
const BR: D = (-1, -1);
const ORTH: [D; 4] = [F, B, L, R];
const DIAG: [D; 4] = [FL, FR, BL, BR];
const ALL: [D; 8] = [F, B, L, R, FL, FR, BL, BR];
/// Orthogonal jumps to the second square (Betza D).
const DJUMPS: [D; 4] = [(0, 2), (0, -2), (2, 0), (-2, 0)];
/// Diagonal jumps to the second square (Betza A).
const AJUMPS: [D; 4] = [(2, 2), (-2, 2), (2, -2), (-2, -2)];

/// One ingredient of a piece's movement.
#[derive(Clone, Copy, Debug)]
enum Atom {
    /// One square in a direction.
    Step(D),
    /// Slide up to `n` squares (0 = unlimited).
    Slide(D, usize),
    /// Leap to an offset over anything.
    Jump(D),
    /// The full lion (chu.md §4.2, daidai.md §4.3).
    Lion,
    /// Lion power along one line: 2 squares (chu HF/SE, chu.md §4.3) or 3 (lion dog, daidai.md §4.4).
    LionLine(D, usize),
    /// Hook mover (false: orthogonal HM) or long-nosed goblin (true: diagonal).
    Hook(bool),
}

fn steps(ds: &[D]) -> Vec<Atom> {
    ds.iter().map(|&d| Atom::Step(d)).collect()
}
fn slides(ds: &[D]) -> Vec<Atom> {
    ds.iter().map(|&d| Atom::Slide(d, 0)).collect()
}
fn slides_n(ds: &[D], n: usize) -> Vec<Atom> {
    ds.iter().map(|&d| Atom::Slide(d, n)).collect()
}
fn jumps(ds: &[D]) -> Vec<Atom> {
    ds.iter().map(|&d| Atom::Jump(d)).collect()
}
fn lion_lines(ds: &[D], n: usize) -> Vec<Atom> {
    ds.iter().map(|&d| Atom::LionLine(d, n)).collect()
}

/// Movement of a chu type, from chu.md §3-§4.
fn chu_movement(kind: &str) -> Vec<Atom> {
    match kind {
        "K" | "CP" => steps(&ALL),
        "FK" => slides(&ALL),
        "Ln" => vec![Atom::Lion],
        "DK" => [slides(&ORTH), steps(&DIAG)].concat(),
        "DH" => [slides(&DIAG), steps(&ORTH)].concat(),
        "R" => slides(&ORTH),
        "B" => slides(&DIAG),
        "Kr" => [steps(&DIAG), jumps(&DJUMPS)].concat(),
        "Ph" => [steps(&ORTH), jumps(&AJUMPS)].concat(),
        // all but straight back
        "DE" => steps(&[F, L, R, FL, FR, BL, BR]),
        // all but straight forward
        "BT" => steps(&[B, L, R, FL, FR, BL, BR]),
        "FL" => steps(&[F, B, FL, FR, BL, BR]),
        "G" | "+P" => steps(&[F, B, L, R, FL, FR]),
        "S" => steps(&[F, FL, FR, BL, BR]),
        "C" => steps(&[F, FL, FR, B]),
        "VM" => [slides(&[F, B]), steps(&[L, R])].concat(),
        "SM" => [slides(&[L, R]), steps(&[F, B])].concat(),
        "RC" => slides(&[F, B]),
        "L" => slides(&[F]),
        "GB" => steps(&[F, B]),
        "P" => steps(&[F]),
        "FS" => [steps(&ALL), slides(&[F, B])].concat(),
        "FO" => [slides(&DIAG), slides(&[F, B])].concat(),
        "FBo" => [slides(&DIAG), slides(&[L, R])].concat(),
        "HF" => [slides(&DIAG), slides(&[L, R, B]), lion_lines(&[F], 2)].concat(),
        "SE" => [slides(&ORTH), slides(&[BL, BR]), lion_lines(&[FL, FR], 2)].concat(),
        "W" => slides(&[F, B, BL, BR]),
        "WH" => slides(&[F, B, FL, FR]),
        _ => panic!("naive: unknown chu piece {kind}"),
    }
}

/// Movement of a dai dai type, from daidai.md §3-§4 ("Betza (used)").
fn daidai_movement(kind: &str) -> Vec<Atom> {
    match kind {
        "K" | "NK" => steps(&ALL),
        "Q" => slides(&ALL),
        "RB" => [slides(&DIAG), slides(&[F, L, R])].concat(),
        "Fr" => [slides(&DIAG), slides(&[L, R]), slides_n(&[F, B], 5)].concat(),
        "FT" => [slides(&DIAG), slides(&[F, B]), slides_n(&[L, R], 5)].concat(),
        "WB" => [slides(&DIAG), slides(&[L, R]), slides_n(&[F, B], 2)].concat(),
        "DK" => [slides(&ORTH), steps(&DIAG)].concat(),
        "DH" => [slides(&DIAG), steps(&ORTH)].concat(),
        "Sq" => [slides(&ORTH), steps(&[FL, FR])].concat(),
        "Ra" => [slides(&ORTH), steps(&[BL, BR])].concat(),
        "R" => slides(&ORTH),
        "B" => slides(&DIAG),
        "GB" => [slides(&[F, B]), slides_n(&DIAG, 3), slides_n(&[L, R], 2)].concat(),
        "GD" => [slides(&[L, R]), slides_n(&DIAG, 3), slides_n(&[F, B], 2)].concat(),
        "SB" => [slides(&[F, FL, FR]), slides_n(&ALL, 2)].concat(),
        "FE" => [
            slides(&[FL, FR]),
            slides_n(&ORTH, 2),
            slides_n(&[BL, BR], 2),
        ]
        .concat(),
        "WE" => [
            slides(&[BL, BR]),
            slides_n(&ORTH, 2),
            slides_n(&[FL, FR], 2),
        ]
        .concat(),
        "Ln" => vec![Atom::Lion],
        "LD" => lion_lines(&ALL, 3),
        "Dv" => [slides_n(&ORTH, 2), slides_n(&DIAG, 5)].concat(),
        "SD" => [slides_n(&ORTH, 5), slides_n(&DIAG, 2)].concat(),
        "BD" => [
            slides(&[L, R]),
            slides(&[FR]),
            slides_n(&[F, B], 2),
            steps(&[FL]),
        ]
        .concat(),
        "WT" => [
            slides(&[F, B]),
            slides(&[FL]),
            slides_n(&[L, R], 2),
            steps(&[FR]),
        ]
        .concat(),
        "RC" => [slides(&[F]), slides(&[FR, BL]), steps(&[B])].concat(),
        "LC" => [slides(&[F]), slides(&[FL, BR]), steps(&[B])].concat(),
        "Ph" => [steps(&ORTH), jumps(&AJUMPS)].concat(),
        "Kr" => [steps(&DIAG), jumps(&DJUMPS)].concat(),
        "Po" => [
            steps(&[L, R]),
            jumps(&[(0, 2)]),
            jumps(&[(2, -2), (-2, -2)]),
        ]
        .concat(),
        "OK" => [slides_n(&ORTH, 2), steps(&[FL, FR])].concat(),
        "VO" => slides_n(&ORTH, 2),
        "FD" => slides_n(&DIAG, 2),
        "EF" | "OR" => [slides_n(&[FL, FR], 2), slides_n(&[B], 2)].concat(),
        "EB" => [slides_n(&[F], 2), slides_n(&[L, R], 2)].concat(),
        "FH" => [slides_n(&[FL, FR], 2), steps(&ORTH)].concat(),
        "PS" => [slides_n(&[L, R], 2), steps(&DIAG), steps(&[F])].concat(),
        "ST" => [slides_n(&[F, B], 2), steps(&[FL, FR])].concat(),
        "HM" => vec![Atom::Hook(false)],
        "Lo" => [steps(&ORTH), vec![Atom::Hook(true)]].concat(),
        "No" => [slides_n(&[FL, FR], 2), steps(&[L, R]), steps(&[BL, BR])].concat(),
        "So" => [slides_n(&[BL, BR], 2), steps(&[L, R]), steps(&[FL, FR])].concat(),
        "Ea" => [slides_n(&[F, B], 2), steps(&[L, R]), steps(&[FL, FR])].concat(),
        "We" => [slides_n(&[L, R], 2), steps(&[F, B]), steps(&[FL, FR])].concat(),
        "BM" => [steps(&DIAG), steps(&[L, R])].concat(),
        "FL" => [steps(&DIAG), steps(&[F, B])].concat(),
        "EW" => steps(&[F, FL, FR, L, R]),
        "VB" => [slides_n(&[FL, FR], 2), steps(&[L, R])].concat(),
        // king minus the right step / minus the left step
        "RG" => steps(&[F, B, L, FL, FR, BL, BR]),
        "LG" => steps(&[F, B, R, FL, FR, BL, BR]),
        "G" => steps(&[F, B, L, R, FL, FR]),
        "S" => steps(&[F, FL, FR, BL, BR]),
        "C" => steps(&[F, B, FL, FR]),
        "I" => steps(&[F, FL, FR]),
        "W" => slides_n(&[FL, FR], 2),
        "St" => steps(&[FL, FR]),
        "AB" => steps(&ORTH),
        "CS" => steps(&DIAG),
        "Rv" => slides(&[F, B]),
        "L" => slides(&[F]),
        "SM" => [slides(&[L, R]), steps(&[F, B])].concat(),
        "VM" => [slides(&[F, B]), steps(&[L, R])].concat(),
        "HD" => [slides(&[F]), steps(&[B])].concat(),
        "P" => steps(&[F]),
        "FF" => [vec![Atom::Lion], lion_lines(&ALL, 3)].concat(),
        "GE" => [
            slides(&ORTH),
            slides(&[BL, BR]),
            slides_n(&[FL, FR], 2),
            lion_lines(&[F, B, L, R, BL, BR], 3),
        ]
        .concat(),
        "MW" => [slides(&DIAG), slides(&[B]), steps(&[F])].concat(),
        "WS" => [slides(&DIAG), slides(&[F]), steps(&[B])].concat(),
        _ => panic!("naive: unknown dai dai piece {kind}"),
    }
}

/// What an unpromoted piece of type `base` promotes to (chu.md §3, daidai.md §3); `None` if
/// the type never promotes.
pub(crate) fn promotes_to(chu: bool, base: &str) -> Option<&'static str> {
    if chu {
        Some(match base {
            "DK" => "SE",
            "DH" => "HF",
            "R" => "DK",
            "B" => "DH",
            "Kr" => "Ln",
            "Ph" => "FK",
            "DE" => "CP",
            "BT" => "FS",
            "FL" => "B",
            "G" => "R",
            "S" => "VM",
            "C" => "SM",
            "VM" => "FO",
            "SM" => "FBo",
            "RC" => "W",
            "L" => "WH",
            "GB" => "DE",
            "P" => "+P",
            _ => return None,
        })
    } else {
        Some(match base {
            "RB" => "Fr",
            "WB" => "FT",
            "Ln" => "FF",
            "LD" => "GE",
            "Ph" => "GB",
            "Kr" => "GD",
            "Po" => "HM",
            "OK" => "Lo",
            "FD" => "DK",
            "EF" => "SD",
            "OR" => "WS",
            "EB" => "Dv",
            "FH" => "Q",
            "PS" => "Sq",
            "No" => "FE",
            "So" => "WE",
            "Ea" => "Ln",
            "We" => "LD",
            "NK" => "SB",
            "BM" => "MW",
            "CS" => "DH",
            _ => return None,
        })
    }
}

fn is_royal(chu: bool, kind: &str) -> bool {
    kind == "K" || (chu && kind == "CP")
}

// ---------------------------------------------------------------------------------------------

impl NaivePos {
    /// Copies a position of the fast engine onto a naive board.
    pub(crate) fn from_position(pos: &Position) -> NaivePos {
        let chu = pos.variant() == Variant::Chu;
        let n = pos.variant().side();
        let cat = pos.catalogue();
        let mut board = vec![vec![None; n]; n];
        for (f, column) in board.iter_mut().enumerate() {
            for (r, cell) in column.iter_mut().enumerate() {
                if let Some(p) = pos.piece_at(Square::new(f, r)) {
                    let base = cat.kinds[p.base() as usize].abbr;
                    let kind = cat.moving_kind(p).abbr;
                    if p.promoted() {
                        assert_eq!(
                            promotes_to(chu, base),
                            Some(kind),
                            "catalogue promotes {base} to {kind}, rules file disagrees"
                        );
                    } else {
                        assert_eq!(base, kind);
                    }
                    *cell = Some(NaivePiece {
                        kind,
                        base,
                        color: p.color(),
                        promoted: p.promoted(),
                    });
                }
            }
        }
        let sq = |s: Square| (s.file(), s.rank());
        NaivePos {
            chu,
            rules: if chu { pos.rules() } else { RuleSet::Seed },
            n,
            board,
            side: pos.side_to_move(),
            lion_capture: if chu {
                pos.lion_capture_square().map(sq)
            } else {
                None
            },
            suspended: if chu && pos.rules() == RuleSet::Seed {
                [
                    pos.suspended(Color::Black).map(sq),
                    pos.suspended(Color::White).map(sq),
                ]
            } else {
                [None, None]
            },
        }
    }

    fn at(&self, s: Sq) -> Option<NaivePiece> {
        self.board[s.0][s.1]
    }

    /// `s` moved by the relative direction `d` (owner `c`) `k` times, if on the board.
    fn go(&self, s: Sq, c: Color, d: D, k: i32) -> Option<Sq> {
        let (df, dr) = match c {
            Color::Black => (d.0, -d.1),
            Color::White => (-d.0, d.1),
        };
        let f = s.0 as i32 + df * k;
        let r = s.1 as i32 + dr * k;
        let n = self.n as i32;
        ((0..n).contains(&f) && (0..n).contains(&r)).then_some((f as usize, r as usize))
    }

    fn in_zone(&self, c: Color, s: Sq) -> bool {
        self.chu
            && match c {
                Color::Black => s.1 < 4,
                Color::White => s.1 >= self.n - 4,
            }
    }

    fn last_rank(&self, c: Color, s: Sq) -> bool {
        match c {
            Color::Black => s.1 == 0,
            Color::White => s.1 == self.n - 1,
        }
    }

    fn has_royal(&self, c: Color) -> bool {
        self.board
            .iter()
            .flatten()
            .flatten()
            .any(|p| p.color == c && is_royal(self.chu, p.kind))
    }

    /// Every path (list of landing squares) of the piece on `from`, before any rule about
    /// captures or promotion. Landings on friendly pieces are removed here; the origin itself
    /// may be a landing (igui, pass).
    fn paths(&self, from: Sq) -> Vec<Vec<Sq>> {
        let piece = self.at(from).expect("a piece on the origin");
        let c = piece.color;
        let atoms = if self.chu {
            chu_movement(piece.kind)
        } else {
            daidai_movement(piece.kind)
        };
        let mut out: Vec<Vec<Sq>> = Vec::new();
        for atom in atoms {
            match atom {
                Atom::Step(d) | Atom::Jump(d) => {
                    if let Some(t) = self.go(from, c, d, 1) {
                        out.push(vec![t]);
                    }
                }
                Atom::Slide(d, max) => {
                    let mut k = 1;
                    while let Some(t) = self.go(from, c, d, k) {
                        out.push(vec![t]);
                        if self.at(t).is_some() || (max > 0 && k as usize == max) {
                            break;
                        }
                        k += 1;
                    }
                }
                Atom::Lion => {
                    // Step and jump: every square within two king steps.
                    for df in -2..=2 {
                        for dr in -2..=2 {
                            if (df, dr) != (0, 0)
                                && let Some(t) = self.go(from, c, (df, dr), 1)
                            {
                                out.push(vec![t]);
                            }
                        }
                    }
                    // Double step O -> X -> Y, Y may be O.
                    for d1 in ALL {
                        if let Some(x) = self.go(from, c, d1, 1) {
                            for d2 in ALL {
                                if let Some(y) = self.go(x, c, d2, 1) {
                                    out.push(vec![x, y]);
                                }
                            }
                        }
                    }
                }
                Atom::LionLine(d, len) => {
                    let s1 = self.go(from, c, d, 1);
                    let s2 = self.go(from, c, d, 2);
                    let s3 = self.go(from, c, d, 3);
                    let mut add = |p: &[Option<Sq>]| {
                        if p.iter().all(|s| s.is_some()) {
                            out.push(p.iter().map(|s| s.unwrap()).collect());
                        }
                    };
                    let o = Some(from);
                    if len == 2 {
                        // chu.md §4.3: step s1, jump s2, s1 then s2, igui s1 / pass.
                        add(&[s1]);
                        add(&[s2]);
                        add(&[s1, s2]);
                        add(&[s1, o]);
                    } else {
                        // daidai.md §4.4 table, row by row.
                        add(&[s1]);
                        add(&[s1, s2, s1]);
                        add(&[s2]);
                        add(&[s1, s2]);
                        add(&[s3]);
                        add(&[s2, s3]);
                        add(&[s1, s2, s3]);
                        add(&[s1, o]);
                    }
                }
                Atom::Hook(diag) => {
                    let lines: &[D] = if diag { &DIAG } else { &ORTH };
                    for &d1 in lines {
                        let mut k = 1;
                        while let Some(t) = self.go(from, c, d1, k) {
                            out.push(vec![t]);
                            if self.at(t).is_some() {
                                break;
                            }
                            // t is empty: it may be the turn square.
                            for d2 in [(d1.1, -d1.0), (-d1.1, d1.0)] {
                                let mut j = 1;
                                while let Some(u) = self.go(t, c, d2, j) {
                                    out.push(vec![u]);
                                    if self.at(u).is_some() {
                                        break;
                                    }
                                    j += 1;
                                }
                            }
                            k += 1;
                        }
                    }
                }
            }
        }
        out.retain(|path| {
            path.iter()
                .all(|&s| s == from || self.at(s).is_none_or(|p| p.color != c))
        });
        out
    }

    /// Squares a path captures (enemy pieces on its landings), sorted.
    fn captures_of(&self, from: Sq, path: &[Sq]) -> Vec<Sq> {
        let c = self.at(from).expect("mover").color;
        let set: BTreeSet<Sq> = path
            .iter()
            .copied()
            .filter(|&s| s != from && self.at(s).is_some_and(|p| p.color != c))
            .collect();
        set.into_iter().collect()
    }

    /// Whether an enemy piece has a path landing on a royal piece of `c` (check, as the
    /// search's check extension asks it).
    pub(crate) fn in_check(&self, c: Color) -> bool {
        let squares: Vec<Sq> = (0..self.n)
            .flat_map(|f| (0..self.n).map(move |r| (f, r)))
            .collect();
        squares.iter().any(|&royal| {
            self.at(royal)
                .is_some_and(|p| p.color == c && is_royal(self.chu, p.kind))
                && squares.iter().any(|&s| {
                    self.at(s).is_some_and(|p| p.color != c) && self.can_capture_on(s, royal)
                })
        })
    }

    /// Whether the piece on `attacker` has a path landing on `target`.
    fn can_capture_on(&self, attacker: Sq, target: Sq) -> bool {
        self.paths(attacker).iter().any(|p| p.contains(&target))
    }

    /// Chu §6: may the piece on `from` take the path, given the lions it would capture?
    fn lion_rules_allow(&self, from: Sq, path: &[Sq], captured: &[Sq]) -> bool {
        let mover = self.at(from).expect("mover");
        let us = mover.color;
        let lions: Vec<Sq> = captured
            .iter()
            .copied()
            .filter(|&s| self.at(s).is_some_and(|p| p.kind == "Ln"))
            .collect();
        if lions.is_empty() {
            return true;
        }
        if mover.kind != "Ln" {
            // Rule 4 (counter-strike). lishogi (its server, scalashogi): only a lion on the
            // destination counts, and one on the square of the last capture may be taken.
            let to = *path.last().expect("a move has a destination");
            return match (self.lion_capture, self.rules) {
                (None, _) => true,
                (Some(_), RuleSet::Seed) => false,
                (Some(sq), RuleSet::Lishogi) => !lions.contains(&to) || to == sq,
                // JCSA (chu-jcsa.md §2): every lion it captures, on any step, is judged on its
                // own: banned if it has a foot, except the one standing where the last
                // capture ended.
                (Some(sq), RuleSet::Jcsa) => {
                    lions.iter().all(|&l| l == sq || !self.has_foot(from, l))
                }
            };
        }
        for &target in &lions {
            let dist = (target.0 as i32 - from.0 as i32)
                .abs()
                .max((target.1 as i32 - from.1 as i32).abs());
            if dist <= 1 {
                continue; // rule 1
            }
            let index = path.iter().position(|&s| s == target).expect("on path");
            let protected = match self.rules {
                RuleSet::Seed => self.protected_after(from, path, target),
                RuleSet::Lishogi | RuleSet::Jcsa => {
                    self.protected_before(from, &path[..index], target)
                }
            };
            // Rule 3: bridge = the first step captured a piece that is not an unpromoted
            // pawn or go-between.
            let bridge = index > 0
                && self.at(path[0]).is_some_and(|p| {
                    p.color != us && !(!p.promoted && (p.base == "P" || p.base == "GB"))
                });
            if protected && !bridge {
                return false;
            }
        }
        // JCSA: during the ban a lion too may not take a lion with a foot, unless that lion is
        // adjacent (R-L1) or the lion takes the piece in between first (tsukegui, H-3④).
        if self.rules == RuleSet::Jcsa
            && let Some(sq) = self.lion_capture
        {
            for &target in &lions {
                let adjacent = (target.0 as i32 - from.0 as i32).abs() <= 1
                    && (target.1 as i32 - from.1 as i32).abs() <= 1;
                let index = path.iter().position(|&s| s == target).expect("on path");
                let tsukegui = index > 0 && captured.contains(&path[0]);
                if target != sq && !adjacent && !tsukegui && self.has_foot(from, target) {
                    return false;
                }
            }
        }
        true
    }

    /// JCSA's ban (chu-jcsa.md §2): does the lion on `target` have a foot, some piece of its
    /// side that could move onto its square, judged before the move with only the capturing
    /// piece lifted from `from` (X-rays through it count)?
    fn has_foot(&self, from: Sq, target: Sq) -> bool {
        let them = self.side.flip();
        let mut board = self.clone();
        // The capturing piece lifted and standing in for the lion, so that the lion's own
        // side sees an enemy there to take.
        board.board[target.0][target.1] = board.board[from.0][from.1].take();
        board.squares().into_iter().any(|s| {
            s != target
                && board.at(s).is_some_and(|p| p.color == them)
                && board.can_capture_on(s, target)
        })
    }

    /// chu.md §6 ◆: after the move, could some enemy piece capture on `target`?
    fn protected_after(&self, from: Sq, path: &[Sq], target: Sq) -> bool {
        let captured = self.captures_of(from, path);
        let after = self.apply_board_only(from, *path.last().unwrap(), &captured, false);
        let them = self.side.flip();
        after.squares().into_iter().any(|s| {
            s != target
                && after.at(s).is_some_and(|p| p.color == them)
                && after.can_capture_on(s, target)
        })
    }

    /// lishogi (tools/crosscheck/README.md §(d)): judged before the move, with the lion's
    /// origin and the earlier landing squares vacated; every enemy piece on the board counts,
    /// including one standing on a vacated square.
    fn protected_before(&self, from: Sq, earlier: &[Sq], target: Sq) -> bool {
        let them = self.side.flip();
        let mover = self.at(from).expect("mover");
        let mut base = self.clone();
        base.board[from.0][from.1] = None;
        for &s in earlier {
            base.board[s.0][s.1] = None;
        }
        base.board[target.0][target.1] = Some(mover);
        self.squares().into_iter().any(|s| {
            if s == target || self.at(s).is_none_or(|p| p.color != them) {
                return false;
            }
            let mut b = base.clone();
            b.board[s.0][s.1] = self.at(s);
            b.can_capture_on(s, target)
        })
    }

    fn squares(&self) -> Vec<Sq> {
        let mut v = Vec::new();
        for f in 0..self.n {
            for r in 0..self.n {
                v.push((f, r));
            }
        }
        v
    }

    /// Promotion choices (never / optional / forced) as the list of allowed flags.
    fn promotion_flags(&self, from: Sq, to: Sq, captures: bool) -> Vec<bool> {
        let p = self.at(from).expect("mover");
        let us = p.color;
        if p.promoted || promotes_to(self.chu, p.base).is_none() {
            return vec![false];
        }
        if !self.chu {
            // daidai.md §5: promotes at the end of its first capturing move, mandatory.
            return vec![captures];
        }
        let (in_from, in_to) = (self.in_zone(us, from), self.in_zone(us, to));
        // JCSA: the last-rank chance is the pawn's alone (R-P3, R-P4).
        let pawn_or_lance = p.base == "P" || (p.base == "L" && self.rules != RuleSet::Jcsa);
        let last = pawn_or_lance && self.last_rank(us, to);
        match self.rules {
            RuleSet::Seed => {
                if last {
                    return vec![true]; // §5.1 rule 7, forced
                }
                if !(in_from || in_to) {
                    return vec![false];
                }
                if p.base == "P" {
                    // rule 5: on entering the zone, else only on the last rank
                    return if !in_from && in_to {
                        vec![true, false]
                    } else {
                        vec![false]
                    };
                }
                if self.suspended[us.index()] == Some(from) && !captures {
                    return vec![false]; // rule 4
                }
                vec![true, false]
            }
            RuleSet::Lishogi | RuleSet::Jcsa => {
                let allowed = if captures {
                    in_from || in_to
                } else {
                    !in_from && in_to
                };
                if allowed || last {
                    vec![true, false]
                } else {
                    vec![false]
                }
            }
        }
    }

    /// Every legal move of the side to move, by effect, sorted.
    pub(crate) fn moves(&self) -> Vec<Effect> {
        let us = self.side;
        if !self.has_royal(us) {
            return Vec::new();
        }
        let mut set = BTreeSet::new();
        for from in self.squares() {
            if self.at(from).is_none_or(|p| p.color != us) {
                continue;
            }
            for path in self.paths(from) {
                let captured = self.captures_of(from, &path);
                if self.chu && !self.lion_rules_allow(from, &path, &captured) {
                    continue;
                }
                let to = *path.last().unwrap();
                for promotes in self.promotion_flags(from, to, !captured.is_empty()) {
                    set.insert(Effect {
                        from,
                        to,
                        captured: captured.clone(),
                        promotes,
                    });
                }
            }
        }
        set.into_iter().collect()
    }

    /// The board after moving `from` → `to` capturing `captured` (no state updates).
    fn apply_board_only(&self, from: Sq, to: Sq, captured: &[Sq], promotes: bool) -> NaivePos {
        let mut next = self.clone();
        let mut piece = self.at(from).expect("mover");
        for &s in captured {
            next.board[s.0][s.1] = None;
        }
        next.board[from.0][from.1] = None;
        if promotes {
            piece.kind = promotes_to(self.chu, piece.base).expect("promotable");
            piece.promoted = true;
        }
        next.board[to.0][to.1] = Some(piece);
        next
    }

    /// Plays an effect (naive make), updating the side to move and chu's rule state.
    pub(crate) fn apply(&self, e: &Effect) -> NaivePos {
        let mover = self.at(e.from).expect("mover");
        let us = mover.color;
        let them = us.flip();
        let mut next = self.apply_board_only(e.from, e.to, &e.captured, e.promotes);
        next.side = them;
        if self.chu {
            // Counter-strike: a non-lion (before promotion) that captured a lion.
            let lions: Vec<Sq> = e
                .captured
                .iter()
                .copied()
                .filter(|&s| self.at(s).is_some_and(|p| p.kind == "Ln"))
                .collect();
            next.lion_capture = if mover.kind != "Ln" && !lions.is_empty() {
                // The taker's square: where the move ends (position.rs says why).
                Some(e.to)
            } else {
                None
            };
            if self.rules == RuleSet::Seed {
                if let Some(s) = next.suspended[them.index()]
                    && e.captured.contains(&s)
                {
                    next.suspended[them.index()] = None;
                }
                let declined = !e.promotes
                    && !mover.promoted
                    && promotes_to(true, mover.base).is_some()
                    && mover.base != "P"
                    && !self.in_zone(us, e.from)
                    && self.in_zone(us, e.to);
                next.suspended[us.index()] = declined.then_some(e.to);
            }
        }
        next
    }
}

/// Moves of a position according to the naive generator, sorted.
pub(crate) fn naive_moves(pos: &Position) -> Vec<Effect> {
    NaivePos::from_position(pos).moves()
}

/// Moves of a position according to the fast generator, as effects, sorted (duplicates kept,
/// so that a test can notice them).
pub(crate) fn fast_moves(pos: &Position) -> Vec<Effect> {
    let mut list = Vec::new();
    movegen::generate(pos, &mut list);
    let mut out: Vec<Effect> = list.iter().map(|&mv| effect_of(pos, mv)).collect();
    out.sort();
    out
}

/// The effect of a fast-generator move in `pos` (before it is made).
pub(crate) fn effect_of(pos: &Position, mv: Move) -> Effect {
    let us = pos.side_to_move();
    let from = mv.from();
    let mut captured: Vec<Sq> = mv
        .legs()
        .iter()
        .filter(|&&l| l != from && pos.piece_at(l).is_some_and(|p| p.color() != us))
        .map(|l| (l.file(), l.rank()))
        .collect();
    captured.sort();
    captured.dedup();
    Effect {
        from: (from.file(), from.rank()),
        to: (mv.to().file(), mv.to().rank()),
        captured,
        promotes: mv.promotes(),
    }
}

/// Perft entirely on the naive board with the naive make.
pub(crate) fn naive_perft(pos: &Position, depth: u32) -> u64 {
    naive_perft_from(&NaivePos::from_position(pos), depth)
}

/// Perft from a naive position.
pub(crate) fn naive_perft_from(pos: &NaivePos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|e| naive_perft_from(&pos.apply(e), depth - 1))
        .sum()
}
