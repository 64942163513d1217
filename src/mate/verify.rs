//! The proof-tree check: a proof found by the solver replayed against the rules alone. The
//! attacker's moves come from a chooser (the solver, asked position by position); everything
//! else is asked of the rules: each attacker move must be a legal game move that checks or
//! wins, every legal answer of the defender must be met, every line must end in the
//! attacker's win by [`Position::outcome`], and no line may come back to a position it
//! passed or one of the game before it (the solver's definition: a repetition is never part
//! of a proof). Nothing here reads the solver's table or its proof numbers, so a bug there shows
//! as a failed check, not as a proof taken on trust.

use crate::rules::outcome::GameResult;
use crate::rules::{Color, Move, Position};

/// Why a proof does not hold, with the line that shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub line: Vec<String>,
    pub reason: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} after [{}]", self.reason, self.line.join(" "))
    }
}

/// What a checked proof tree holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tree {
    /// Positions visited (both sides to move).
    pub nodes: u64,
    /// Longest line, in plies.
    pub depth: usize,
}

struct Walk<'a> {
    attacker: Color,
    choose: &'a mut dyn FnMut(&Position) -> Option<Move>,
    nodes: u64,
    max_nodes: u64,
    line: Vec<Move>,
}

/// Checks the proof that the side to move at `pos` wins, taking the attacker's moves from
/// `choose`; gives up (as a failure) beyond `max_nodes` positions.
pub fn proof_tree(
    pos: &Position,
    choose: &mut dyn FnMut(&Position) -> Option<Move>,
    max_nodes: u64,
) -> Result<Tree, Failure> {
    let mut walk = Walk {
        attacker: pos.side_to_move(),
        choose,
        nodes: 0,
        max_nodes,
        line: Vec::new(),
    };
    let depth = walk.attacker_node(&mut pos.clone())?;
    Ok(Tree {
        nodes: walk.nodes,
        depth,
    })
}

impl Walk<'_> {
    fn fail(&self, reason: impl Into<String>) -> Failure {
        Failure {
            line: self.line.iter().map(|m| m.text()).collect(),
            reason: reason.into(),
        }
    }

    /// Whether the game is over: `Ok(true)` if the attacker won, a failure if not.
    fn ended(&self, pos: &mut Position) -> Result<bool, Failure> {
        match pos.outcome() {
            Some(GameResult::Win(c, _)) if c == self.attacker => Ok(true),
            Some(r) => Err(self.fail(format!("the game ends without the attacker winning: {r:?}"))),
            None => Ok(false),
        }
    }

    /// A failure if the position occurred before, on the line or in the game.
    fn no_repetition(&self, pos: &Position) -> Result<(), Failure> {
        if pos.repeats() {
            return Err(self.fail("the line comes back to a position it passed"));
        }
        Ok(())
    }

    /// The attacker to move: its chosen move, then every answer. Returns the plies to the end.
    fn attacker_node(&mut self, pos: &mut Position) -> Result<usize, Failure> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(self.fail(format!("more than {} positions", self.max_nodes)));
        }
        if self.ended(pos)? {
            return Ok(0);
        }
        self.no_repetition(pos)?;
        let Some(mv) = (self.choose)(pos) else {
            return Err(self.fail("no attacker move given"));
        };
        if !pos.game_moves().contains(&mv) {
            return Err(self.fail(format!("{} is not a legal move", mv.text())));
        }
        self.line.push(mv);
        pos.make(mv);
        let result = self.after_attack(pos);
        pos.unmake();
        self.line.pop();
        result.map(|d| d + 1)
    }

    /// After the attacker's move: won, or a check every answer to which is met.
    fn after_attack(&mut self, pos: &mut Position) -> Result<usize, Failure> {
        self.nodes += 1;
        if self.ended(pos)? {
            return Ok(0);
        }
        self.no_repetition(pos)?;
        if !pos.in_check(self.attacker.flip()) {
            return Err(self.fail("the attacker's move is not a check"));
        }
        let mut depth = 0;
        for answer in pos.game_moves() {
            self.line.push(answer);
            pos.make(answer);
            let d = self.attacker_node(pos);
            pos.unmake();
            self.line.pop();
            depth = depth.max(d? + 1);
        }
        Ok(depth)
    }
}
