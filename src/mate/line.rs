//! The mate line read back from a proof: the attacker's check with the shortest proof, the
//! defender's answer whose proof is longest, until the game ends. Where the table has lost
//! part of the proof (the memory bound), that position is proven again.

use super::dfpn::{self, Dfpn, below};
use super::expand::{self, Status};
use crate::rules::{Move, Position};

/// Longest line read back (plies): far beyond any proof the solver finds.
const MAX_LINE: usize = 2000;

/// The line from `root` (proven within `left` plies: [`dfpn::UNBOUNDED`] for any), or `None`
/// if the budget ran out re-proving a lost part.
pub fn extract(search: &mut Dfpn, root: &Position, left: u16) -> Option<Vec<Move>> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    let mut left = left;
    while line.len() < MAX_LINE {
        match expand::status(&pos, search.attacker) {
            Status::Won(0) => return Some(line),
            Status::Lost => return None,
            Status::Won(_) | Status::Open => {}
        }
        let mv = if pos.side_to_move() == search.attacker {
            attacker_move(search, &mut pos, left)?
        } else {
            longest_defence(search, &mut pos, left)?
        };
        line.push(mv);
        pos.make(mv);
        left = below(left);
    }
    None
}

/// The attacker's move with the shortest proof at `pos` (within `left` plies), proving
/// `pos` again if needed.
pub fn attacker_move(search: &mut Dfpn, pos: &mut Position, left: u16) -> Option<Move> {
    if let Status::Won(1) = expand::status(pos, search.attacker) {
        return royal_capture(pos);
    }
    if let Some((mv, _)) = dfpn::proof_move(search.table, pos, left) {
        return Some(mv);
    }
    let n = search.solve(pos, left);
    if !n.is_proven() {
        return None;
    }
    dfpn::proof_move(search.table, pos, left).map(|(mv, _)| mv)
}

/// The capture of the defender's last royal (attacker to move, the royal attacked).
fn royal_capture(pos: &mut Position) -> Option<Move> {
    let defender = pos.side_to_move().flip();
    let mut moves = Vec::new();
    crate::rules::movegen::generate_captures(pos, &mut moves);
    moves.into_iter().find(|&mv| {
        pos.make(mv);
        let won = pos.royal_count(defender) == 0;
        pos.unmake();
        won
    })
}

/// The defender's answer whose proof is longest (within `left` plies), every answer's proof
/// being in the table or proven again here.
fn longest_defence(search: &mut Dfpn, pos: &mut Position, left: u16) -> Option<Move> {
    let mut children = Vec::new();
    expand::defender_children(pos, search.attacker, &mut children);
    let mut best: Option<(Move, u16)> = None;
    for c in children {
        let mut n = search.child(&c, below(left), false);
        if c.status == Status::Open && !n.is_proven() {
            pos.make(c.mv);
            n = search.solve(pos, below(left));
            pos.unmake();
        }
        if !n.is_proven() {
            return None;
        }
        if best.is_none_or(|(_, l)| n.len > l) {
            best = Some((c.mv, n.len));
        }
    }
    best.map(|(mv, _)| mv)
}
