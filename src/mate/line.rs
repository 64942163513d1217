//! The mate line read back from a proof: the attacker's check with the shortest proof, the
//! defender's answer whose proof is longest, until the game ends. Where the table has lost
//! part of the proof (the memory bound), that position is proven again.

use super::dfpn::{self, Dfpn};
use super::expand::{self, Status};
use crate::rules::{Move, Position};

/// Longest line read back (plies): far beyond any proof the solver finds.
const MAX_LINE: usize = 2000;

/// The line from `root` (proven), or `None` if the budget ran out re-proving a lost part.
pub fn extract(search: &mut Dfpn, root: &Position) -> Option<Vec<Move>> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    while line.len() < MAX_LINE {
        match expand::status(&pos, search.attacker) {
            Status::Won(0) => return Some(line),
            Status::Lost => return None,
            Status::Won(_) | Status::Open => {}
        }
        let mv = if pos.side_to_move() == search.attacker {
            attacker_move(search, &mut pos)?
        } else {
            longest_defence(search, &mut pos)?
        };
        line.push(mv);
        pos.make(mv);
    }
    None
}

/// The attacker's move with the shortest proof at `pos`, proving `pos` again if needed.
pub fn attacker_move(search: &mut Dfpn, pos: &mut Position) -> Option<Move> {
    if let Status::Won(1) = expand::status(pos, search.attacker) {
        return royal_capture(pos);
    }
    if let Some((mv, _)) = dfpn::proof_move(search.table, pos) {
        return Some(mv);
    }
    let n = search.solve(pos);
    if !n.is_proven() {
        return None;
    }
    dfpn::proof_move(search.table, pos).map(|(mv, _)| mv)
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

/// The defender's answer whose proof is longest, every answer's proof being in the table or
/// proven again here.
fn longest_defence(search: &mut Dfpn, pos: &mut Position) -> Option<Move> {
    let mut children = Vec::new();
    expand::defender_children(pos, search.attacker, &mut children);
    let mut best: Option<(Move, u16)> = None;
    for c in children {
        let len = match c.status {
            Status::Won(len) => len,
            Status::Lost => return None,
            Status::Open => {
                let mut n = search.table.get(c.key);
                if !n.is_proven() {
                    pos.make(c.mv);
                    n = search.solve(pos);
                    pos.unmake();
                }
                if !n.is_proven() {
                    return None;
                }
                n.len
            }
        };
        if best.is_none_or(|(_, l)| len > l) {
            best = Some((c.mv, len));
        }
    }
    best.map(|(mv, _)| mv)
}
