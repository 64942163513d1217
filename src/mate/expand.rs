//! The solver's moves and game ends. The attacker plays only moves after which it threatens
//! to capture a royal piece (a check, by the seeds' reading widened to any royal: chu.md §7)
//! or that end the game in its favour; the defender may play every legal move, including
//! those that ignore the check. Both sides' moves come from the rules' generator (lion double
//! moves, igui, hooks, promotions), so no power is left out; a check is found by making the
//! move and asking the rules' check detection, which looks only near the royals.

use crate::rules::outcome::GameResult;
use crate::rules::pieces::Role;
use crate::rules::{Color, Move, Position, Variant};
use crate::rules::{attacks, movegen};

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
    /// Where the position after the move occurred before, if it repeats one.
    pub seen: Option<Seen>,
}

/// The plies ([`Position::ply`]) at which a repeated position occurred before: the earliest
/// (in the game before the problem, the repetition holds on every path of the search) and
/// the latest (on the search path, the one position the repetition rests on).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub first: u32,
    pub last: u32,
}

/// Where the current position of `pos` occurred before, if it did (same side to move). Only
/// asked of positions that repeat, which are few: it scans the whole history.
pub fn seen(pos: &Position) -> Option<Seen> {
    if !pos.repeats() {
        return None;
    }
    let now = pos.ply();
    let key = pos.key();
    let plies = pos
        .history_keys()
        .enumerate()
        .filter(|&(i, k)| k == key && (now - i).is_multiple_of(2))
        .map(|(i, _)| i as u32);
    let (first, last) = plies.fold((u32::MAX, 0), |(f, l), i| (f.min(i), l.max(i)));
    (first <= last).then_some(Seen { first, last })
}

/// The defender's royals, for the moves the check test may skip without making them: one
/// set of marks per royal ([`attacks::RoyalLines`], which in dai dai also covers the
/// attacker's hook movers).
struct Quiet {
    royals: Vec<attacks::RoyalLines>,
}

impl Quiet {
    /// Whether `mv` surely neither checks nor wins (no royal being attacked before it).
    fn skips(&self, pos: &Position, mv: Move) -> bool {
        self.royals
            .iter()
            .all(|lines| !lines.may_attack_after(pos, mv))
    }
}

/// Whether a move of the attacker could win by the bare-king rule: the defender has three
/// non-royal pieces or fewer that count (a lion takes up to three in one move; lishogi does
/// not count pawns and lances stuck on their last rank, and bares by the attacker's
/// arrangement once none is left). Then every move is made and looked at.
fn may_bare(pos: &Position, defender: Color) -> bool {
    if pos.variant() != Variant::Chu {
        return false;
    }
    let cat = pos.catalogue();
    let dead = pos
        .pieces(defender)
        .iter()
        .filter(|&&sq| {
            pos.piece_at(sq).is_some_and(|p| {
                !p.promoted()
                    && matches!(cat.role(p), Role::Pawn | Role::Lance)
                    && pos.variant().last_rank(defender, sq)
            })
        })
        .count();
    pos.other_count(defender).saturating_sub(dead) <= 3
}

/// The attacker's moves (attacker to move): checks and moves that win at once. Moves after
/// which the attacker has lost (baring itself) are left out; checks that repeat a position
/// stay, lost, with where the position occurred: whether they are lost depends on the path,
/// and a disproof that left them out would pass for one that holds on every path.
pub fn attacker_children(pos: &mut Position, out: &mut Vec<Child>) {
    let attacker = pos.side_to_move();
    let defender = attacker.flip();
    let mut moves = Vec::new();
    movegen::generate(pos, &mut moves);
    // A royal attacked already (the defender keeps two) stays attacked after most moves.
    let shortcut = !may_bare(pos, defender) && !pos.in_check(defender);
    let quiet = shortcut.then(|| Quiet {
        royals: pos
            .royal_squares(defender)
            .iter()
            .map(|&royal| attacks::RoyalLines::new(pos, royal))
            .collect(),
    });
    for mv in moves {
        if quiet.as_ref().is_some_and(|q| q.skips(pos, mv)) {
            continue;
        }
        pos.make(mv);
        let status = status(pos, attacker);
        let seen = (status == Status::Lost).then(|| seen(pos)).flatten();
        let keep = match status {
            Status::Won(_) => true,
            Status::Lost => seen.is_some() && pos.in_check(defender),
            Status::Open => pos.in_check(defender),
        };
        if keep {
            out.push(Child {
                mv,
                key: pos.key(),
                status,
                seen,
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
        let status = status(pos, attacker);
        out.push(Child {
            mv,
            key: pos.key(),
            status,
            seen: (status == Status::Lost).then(|| seen(pos)).flatten(),
        });
        pos.unmake();
    }
}
