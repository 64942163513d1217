//! Depth-first proof-number search (df-pn, Nagai 2002) over the attacker's checks and the
//! defender's answers. Each call of `mid` works below one position until its proof or
//! disproof number reaches the threshold its parent gave it, storing what it learnt in the
//! table; the parent then picks the most promising child again. Thresholds use the 1+ε
//! trick (a child may go a quarter beyond its sibling's number before control returns),
//! which saves most of the re-expansions plain df-pn makes.
//!
//! Repetitions make some disproofs hold on one path only (the graph-history interaction,
//! Kishimoto & Müller 2004): a check that repeats a position of the path is lost there and
//! not elsewhere. Such a disproof carries the earliest ply of the path it rests on; it is
//! kept beside the table, for as long as its parent's call lasts (the path above it cannot
//! change meanwhile), and a node whose disproof rests only on itself or on the problem's
//! history stores it in the table as holding everywhere.

use super::expand::{self, Child, Status};
use super::table::{INFINITE, Numbers, SOLID, Table};
use crate::platform::Instant;
use crate::rules::{Color, Move, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

/// When the search must give up.
pub struct Budget<'a> {
    pub deadline: Option<Duration>,
    pub nodes: Option<u64>,
    pub stop: Option<&'a AtomicBool>,
}

/// The search state of one solve.
pub struct Dfpn<'a> {
    pub table: &'a mut Table,
    pub attacker: Color,
    pub nodes: u64,
    /// Ply ([`Position::ply`]) of the problem: repetitions of its position or of the game
    /// before it hold on every path of the search.
    base: u32,
    /// Disproofs that rest on the path (never in the table), each owned by the call of its
    /// parent, which forgets them when it returns: `owned` lists their keys in order.
    on_path: HashMap<u64, Numbers>,
    owned: Vec<u64>,
    budget: Budget<'a>,
    start: Instant,
    /// A limit was reached: every `mid` returns at once.
    aborted: bool,
    /// Called about once a second with the node count (progress lines).
    tick: &'a mut Tick<'a>,
    next_tick: Duration,
    /// Plies below the position `solve` was called on, and that position's ply.
    depth: usize,
    root_ply: u32,
    /// Node count at which the clock and the stop flag are read next.
    next_check: u64,
    /// The root's key and its numbers as last combined (progress lines).
    root_key: u64,
    root_numbers: Numbers,
}

/// The progress callback: nodes so far, time so far, the root's numbers, the table.
pub type Tick<'t> = dyn FnMut(u64, Duration, Numbers, &Table) + 't;

/// Sum of proof or disproof numbers, kept below [`INFINITE`] unless one of them is infinite.
fn add(a: u32, b: u32) -> u32 {
    if a >= INFINITE || b >= INFINITE {
        INFINITE
    } else {
        (a + b).min(INFINITE - 1)
    }
}

/// Plies below the root at which the search gives a line up: far beyond the mates it is
/// meant for (35 plies), and a bound on the recursion (each ply is a stack frame).
const MAX_DEPTH: usize = 255;

/// A child's share of its parent's threshold: the parent's threshold less what its other
/// children hold (`total` less the child's `own`); unlimited stays unlimited, so that sums
/// held just below infinity (large proofs of chu's many answers) never stop the root.
fn share(threshold: u32, total: u32, own: u32) -> u32 {
    if threshold >= INFINITE {
        INFINITE
    } else {
        threshold
            .saturating_sub(total)
            .saturating_add(own)
            .min(INFINITE - 1)
    }
}

/// How far a child may go past its best sibling's number: the 1+ε of df-pn+ (ε = 1/4).
/// A threshold that would reach the ceiling of open numbers (`INFINITE - 1`, where sums
/// saturate) is unlimited instead: an open child already at the ceiling would otherwise
/// return at once, and its parent call it again, forever.
fn beyond(second: u32) -> u32 {
    let t = add(second, second / 4 + 1);
    if t >= INFINITE - 1 { INFINITE } else { t }
}

/// Plies left of a search without a bound on the mate's length (the first proof's).
pub const UNBOUNDED: u16 = u16::MAX;

/// The table's key of position `key` searched with `left` plies left: a bounded result
/// ("a mate within `left` plies", "none within") holds for that bound alone, so each bound
/// has keys of its own (an unbounded search keeps the position's).
pub fn slot(key: u64, left: u16) -> u64 {
    if left == UNBOUNDED {
        key
    } else {
        key ^ (u64::from(left) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// Plies left after one more move.
pub fn below(left: u16) -> u16 {
    if left == UNBOUNDED {
        UNBOUNDED
    } else {
        left.saturating_sub(1)
    }
}

/// The numbers of a child with `left` plies left after its move: settled by its status (a
/// repetition rests on the path's latest occurrence unless the position occurred at the
/// problem's ply `base` or before it; a win beyond the bound is none), else lost if the
/// attacker is to move there with no ply left, else from the table. (An open position may
/// end in one ply, by a capture that bares the defender; the defender's with none, when it
/// has no move: `or_parent`, the attacker having moved into it, says whose it is.)
fn numbers(table: &Table, base: u32, c: &Child, left: u16, or_parent: bool) -> Numbers {
    match c.status {
        Status::Won(len) if len <= left => Numbers::proven(len),
        Status::Won(_) => Numbers::disproven(SOLID),
        Status::Lost => match c.seen {
            Some(seen) if seen.first > base => Numbers::disproven(seen.last),
            _ => Numbers::disproven(SOLID),
        },
        Status::Open if left == 0 && !or_parent => Numbers::disproven(SOLID),
        Status::Open => table.get(slot(c.key, left)),
    }
}

/// A node's numbers as they hold at its own ply `ply`: a disproof resting on the node itself
/// (or on a ply below it) holds wherever the node is reached.
fn settle(mut n: Numbers, ply: u32) -> Numbers {
    if n.rests_on >= ply {
        n.rests_on = SOLID;
    }
    n
}

impl<'a> Dfpn<'a> {
    /// A search for `attacker` in a problem set up at ply `base` ([`Position::ply`]).
    pub fn new(
        table: &'a mut Table,
        attacker: Color,
        base: usize,
        budget: Budget<'a>,
        tick: &'a mut Tick<'a>,
    ) -> Dfpn<'a> {
        Dfpn {
            table,
            attacker,
            nodes: 0,
            base: ply_of(base),
            on_path: HashMap::new(),
            owned: Vec::new(),
            budget,
            start: Instant::now(),
            aborted: false,
            tick,
            next_tick: Duration::from_secs(1),
            next_check: 0,
            depth: 0,
            root_ply: 0,
            root_key: 0,
            root_numbers: Numbers::UNKNOWN,
        }
    }

    /// Searches `pos` (an open position at or below the problem) for a mate within `left`
    /// plies ([`UNBOUNDED`]: any) until it is proven or disproven or a limit is hit; returns
    /// its numbers (a disproof resting on the moves between the problem and `pos` is
    /// returned, not stored).
    pub fn solve(&mut self, pos: &mut Position, left: u16) -> Numbers {
        self.root_key = slot(pos.key(), left);
        self.root_ply = ply_of(pos.ply());
        let n = loop {
            let n = self.mid(pos, INFINITE, INFINITE, left);
            if n.is_proven() || n.is_disproven() || self.aborted {
                break n;
            }
        };
        self.on_path.clear();
        self.owned.clear();
        n
    }

    /// The numbers of a child with `left` plies left after its move (`or_parent`: the
    /// attacker moves into it): from its status, the disproofs resting on the path, or the
    /// table.
    pub fn child(&self, c: &Child, left: u16, or_parent: bool) -> Numbers {
        if c.status == Status::Open
            && !self.on_path.is_empty()
            && let Some(&n) = self.on_path.get(&slot(c.key, left))
        {
            return n;
        }
        numbers(self.table, self.base, c, left, or_parent)
    }

    /// Records what a call learnt about `key`: in the table, or, for a disproof resting on
    /// the path, beside it for the parent's call.
    fn record(&mut self, key: u64, n: Numbers, work: u64) {
        if n.is_disproven() && n.rests_on != SOLID {
            self.on_path.insert(key, n);
            self.owned.push(key);
        } else {
            self.table.put(key, n, work);
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            let elapsed = self.start.elapsed();
            let timed_out = self.budget.deadline.is_some_and(|d| elapsed >= d);
            let stopped = self.budget.stop.is_some_and(|s| s.load(Relaxed));
            if timed_out || stopped {
                self.aborted = true;
            }
            if elapsed >= self.next_tick {
                self.next_tick = elapsed + Duration::from_secs(1);
                (self.tick)(self.nodes, elapsed, self.root_numbers, self.table);
            }
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Multiple iterative deepening at `pos` (open, not a repetition, `left` plies left):
    /// works until the proof number reaches `th_pn` or the disproof number `th_dn`.
    fn mid(&mut self, pos: &mut Position, th_pn: u32, th_dn: u32, left: u16) -> Numbers {
        self.nodes += 1;
        let key = slot(pos.key(), left);
        if self.depth >= MAX_DEPTH {
            // A chase this long is given up here: a disproof that rests on the whole path
            // from the root (it may hide a mate, never make one).
            let n = Numbers::disproven(self.root_ply);
            self.record(key, n, 1);
            return n;
        }
        let ply = ply_of(pos.ply());
        let mark = self.owned.len();
        let or_node = pos.side_to_move() == self.attacker;
        let mut children = Vec::new();
        if or_node {
            expand::attacker_children(pos, &mut children);
        } else {
            expand::defender_children(pos, self.attacker, &mut children);
        }
        let work_before = self.nodes;
        loop {
            let (result, best) = self.combine(or_node, &children, left);
            let result = settle(result, ply);
            if key == self.root_key {
                self.root_numbers = result;
            }
            let settled = result.is_proven() || result.is_disproven();
            if settled || result.pn >= th_pn || result.dn >= th_dn || self.out_of_budget() {
                for k in self.owned.drain(mark..) {
                    self.on_path.remove(&k);
                }
                let work = self.nodes - work_before + 1;
                self.record(key, result, work);
                return result;
            }
            let i = best.unwrap_or_else(|| unreachable!("an open node has a child"));
            let second = self.second_best(or_node, &children, i, left);
            let child = self.child(&children[i], below(left), or_node);
            let (c_pn, c_dn) = if or_node {
                (th_pn.min(beyond(second)), share(th_dn, result.dn, child.dn))
            } else {
                (share(th_pn, result.pn, child.pn), th_dn.min(beyond(second)))
            };
            pos.make(children[i].mv);
            self.depth += 1;
            self.mid(pos, c_pn, c_dn, below(left));
            self.depth -= 1;
            pos.unmake();
        }
    }

    /// The node's numbers from its children's, and the child to search next (or, once the
    /// node is proven and the attacker moves, the child with the shortest proof).
    fn combine(&self, or_node: bool, children: &[Child], left: u16) -> (Numbers, Option<usize>) {
        let all: Vec<Numbers> = children
            .iter()
            .map(|c| self.child(c, below(left), or_node))
            .collect();
        if or_node {
            or_numbers(&all)
        } else {
            and_numbers(&all)
        }
    }

    /// The second-smallest number (pn at OR nodes, dn at AND nodes) beside child `best`.
    fn second_best(&self, or_node: bool, children: &[Child], best: usize, left: u16) -> u32 {
        children
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != best)
            .map(|(_, c)| {
                let n = self.child(c, below(left), or_node);
                if or_node { n.pn } else { n.dn }
            })
            .min()
            .unwrap_or(INFINITE)
    }
}

/// An attacker's node from its children: proven by its shortest proven child, disproven
/// when every check is (resting on the earliest ply any of them rests on), else pn = the
/// smallest pn, dn = the sum of the dns, to be searched through the child with the smallest pn.
fn or_numbers(all: &[Numbers]) -> (Numbers, Option<usize>) {
    if all.is_empty() {
        // No check: the attacker has failed.
        return (Numbers::disproven(SOLID), None);
    }
    let shortest = (0..all.len())
        .filter(|&i| all[i].is_proven())
        .min_by_key(|&i| all[i].len);
    if let Some(i) = shortest {
        return (Numbers::proven(all[i].len.saturating_add(1)), Some(i));
    }
    let dn = all.iter().fold(0, |s, n| add(s, n.dn));
    if dn == 0 {
        let rests_on = all.iter().map(|n| n.rests_on).min().unwrap_or(SOLID);
        return (Numbers::disproven(rests_on), None);
    }
    let i = (0..all.len()).min_by_key(|&i| all[i].pn).unwrap_or(0);
    let n = Numbers {
        pn: all[i].pn,
        dn,
        len: 0,
        rests_on: SOLID,
    };
    (n, Some(i))
}

/// A defender's node from its children: disproven by any escape (the one that rests on the
/// latest ply, or on none), proven when every answer is (the defender picks the longest),
/// else pn = the sum of the pns, dn = the smallest dn, searched through that child.
fn and_numbers(all: &[Numbers]) -> (Numbers, Option<usize>) {
    if all.is_empty() {
        // No legal move: the defender has lost.
        return (Numbers::proven(0), None);
    }
    if let Some(rests_on) = all
        .iter()
        .filter(|n| n.is_disproven())
        .map(|n| n.rests_on)
        .max()
    {
        return (Numbers::disproven(rests_on), None);
    }
    let pn = all.iter().fold(0, |s, n| add(s, n.pn));
    if pn == 0 {
        let len = all.iter().map(|n| n.len).max().unwrap_or(0);
        return (Numbers::proven(len.saturating_add(1)), None);
    }
    let i = (0..all.len())
        .filter(|&i| !all[i].is_proven())
        .min_by_key(|&i| all[i].dn)
        .unwrap_or(0);
    let n = Numbers {
        pn,
        dn: all[i].dn,
        len: 0,
        rests_on: SOLID,
    };
    (n, Some(i))
}

/// The attacker's move (attacker to move, `left` plies left) along the shortest proof the
/// table holds, with the plies its proof takes, if one of the checks is proven there.
pub fn proof_move(table: &Table, pos: &mut Position, left: u16) -> Option<(Move, u16)> {
    let mut children = Vec::new();
    expand::attacker_children(pos, &mut children);
    children
        .iter()
        .map(|c| (c.mv, numbers(table, SOLID, c, below(left), true)))
        .filter(|(_, n)| n.is_proven())
        .min_by_key(|(_, n)| n.len)
        .map(|(mv, n)| (mv, n.len))
}

/// A ply as the disproofs store it (histories beyond 4 billion plies are not played).
fn ply_of(ply: usize) -> u32 {
    u32::try_from(ply).unwrap_or(SOLID - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child's threshold always lies above its own number, so that a call makes progress;
    /// at the saturation ceiling of open numbers it becomes unlimited (the chu seed set's
    /// line 33 looped there, calling a child that returned at once).
    #[test]
    fn thresholds_lie_above_the_numbers_they_bound() {
        for n in [
            0,
            1,
            3,
            4,
            1000,
            INFINITE / 2,
            INFINITE - 3,
            INFINITE - 2,
            INFINITE - 1,
        ] {
            assert!(beyond(n) > n, "{n}");
            assert!(beyond(n) < INFINITE - 1 || beyond(n) == INFINITE, "{n}");
        }
        assert_eq!(beyond(4), 6);
        assert_eq!(beyond(INFINITE - 1), INFINITE);
        assert_eq!(share(INFINITE, INFINITE - 1, 3), INFINITE);
        assert_eq!(share(10, 7, 2), 5);
        assert_eq!(add(INFINITE - 1, 5), INFINITE - 1);
        assert_eq!(add(INFINITE, 0), INFINITE);
    }
}
