//! The solver's moves and game ends. The attacker plays only moves after which it threatens
//! to capture a royal piece (a check, by the seeds' reading widened to any royal: chu.md §7)
//! or that end the game in its favour; the defender may play every legal move, including
//! those that ignore the check. Both sides' moves come from the rules' generator (lion double
//! moves, igui, hooks, promotions), so no power is left out; a check is found by making the
//! move and asking the rules' check detection, which looks only near the royals.

use crate::rules::movegen;
use crate::rules::outcome::GameResult;
use crate::rules::{Color, Move, Position};

/// What a position is, seen from the attacker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game is over and the attacker won (`len` plies are still to play: 0, or 1 when the
    /// attacker to move can take the defender's last royal).
    Won(u16),
    /// The game is over without an attacker win, or the position repeats one on the path or
    /// in the game (the attacker never needs a repetition to win, and lishogi's perpetual
    /// check rule makes a checking cycle a loss).
    Lost,
    /// Neither.
    Open,
}

/// The game state of `pos` for `attacker`, without generating moves.
pub fn status(pos: &Position, attacker: Color) -> Status {
    let defender = attacker.flip();
    if pos.royal_count(defender) == 0 {
        return Status::Won(0);
    }
    if pos.royal_count(attacker) == 0 || pos.repeats() {
        return Status::Lost;
    }
    match pos.bare_king_result() {
        Some(GameResult::Win(c, _)) if c == attacker => return Status::Won(0),
        Some(_) => return Status::Lost,
        None => {}
    }
    // The attacker to move takes the last royal at once (the rules' check detection says
    // whether a capture of that square exists).
    if pos.side_to_move() == attacker && pos.royal_count(defender) == 1 && pos.in_check(defender) {
        return Status::Won(1);
    }
    Status::Open
}

/// A move of the position being expanded and what is already known about its result.
#[derive(Copy, Clone, Debug)]
pub struct Child {
    pub mv: Move,
    /// Key of the position after the move.
    pub key: u64,
    /// The status after the move.
    pub status: Status,
}

/// The attacker's moves (attacker to move): checks and moves that win at once. Moves after
/// which the attacker has lost (a repetition, baring itself) are left out.
pub fn attacker_children(pos: &mut Position, out: &mut Vec<Child>) {
    let attacker = pos.side_to_move();
    let defender = attacker.flip();
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    for mv in moves {
        pos.make(mv);
        let status = status(pos, attacker);
        let keep = match status {
            Status::Won(_) => true,
            Status::Lost => false,
            Status::Open => pos.in_check(defender),
        };
        if keep {
            out.push(Child {
                mv,
                key: pos.key(),
                status,
            });
        }
        pos.unmake();
    }
}

/// Every move of the defender (defender to move) with its status.
pub fn defender_children(pos: &mut Position, attacker: Color, out: &mut Vec<Child>) {
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    for mv in moves {
        pos.make(mv);
        out.push(Child {
            mv,
            key: pos.key(),
            status: status(pos, attacker),
        });
        pos.unmake();
    }
}
