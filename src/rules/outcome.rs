//! How games end (chu.md §7–§8, daidai.md §7–§8): royal capture, bare king, repetition and
//! the position with no legal move. None of this limits perft (docs/perft.md); the search and
//! the match arbiter ask these questions.
//!
//! Rule-set readings (docs/rules.md):
//! - `seed` chu and dai dai: a move that recreates a position seen before with the same side to
//!   move is illegal (the seeds' basic rule); a chu side left with royals only (bare) loses to a
//!   side that still has other pieces; two bare sides draw.
//! - `lishogi` chu: the bare-king test of shogiops, its royals-only draw, and lishogi's
//!   repetition handling: the fourth occurrence of a position is a draw, unless one side
//!   checked on every one of its moves in the cycle, which loses.

use crate::rules::attacks;
use crate::rules::geometry::{Color, Square};
use crate::rules::movegen;
use crate::rules::moves::Move;
use crate::rules::pieces::Role;
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};

/// Why a game ended.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum EndReason {
    /// The loser has no royal piece left.
    RoyalsCaptured,
    /// The loser has only royal pieces left (chu).
    BareKing,
    /// The side to move has no legal move.
    NoLegalMove,
    /// A repetition that ends the game as a draw (lishogi rules).
    Repetition,
    /// The loser repeated the position by checking on every move of the cycle (lishogi rules).
    PerpetualCheck,
    /// Only royals are left on the board (lishogi rules).
    RoyalsOnly,
}

impl EndReason {
    /// The reason in words, as game records and analyses write it.
    pub fn text(self) -> &'static str {
        match self {
            EndReason::RoyalsCaptured => "royal pieces captured",
            EndReason::BareKing => "bare king",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::RoyalsOnly => "only royals left",
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum GameResult {
    /// `0` won.
    Win(Color, EndReason),
    /// Nobody won.
    Draw(EndReason),
}

impl Position {
    /// Whether the current position occurred before, with the same side to move, since the
    /// position was set up.
    pub fn repeats(&self) -> bool {
        self.repetitions() > 0
    }

    /// Whether a generated move may be played in a game: under the seed reading a move that
    /// repeats a position is forbidden (lishogi allows it and scores the fourth occurrence).
    pub fn allowed_in_game(&mut self, mv: Move) -> bool {
        if self.rules == RuleSet::Lishogi && self.variant == Variant::Chu {
            return true;
        }
        if self.rules == RuleSet::Jcsa && self.variant == Variant::Chu {
            let mover = self.side;
            self.make(mv);
            let ok = self.repetitions() < 3 || self.jcsa_must_deviate() != Some(mover);
            self.unmake();
            return ok;
        }
        self.make(mv);
        let ok = !self.repeats();
        self.unmake();
        ok
    }

    /// The moves the side to move may play in a game: the generated moves minus those the
    /// repetition rule forbids.
    pub fn game_moves(&mut self) -> Vec<Move> {
        let mut moves = Vec::new();
        movegen::generate(self, &mut moves);
        moves.retain(|&m| self.allowed_in_game(m));
        moves
    }

    /// The moves of a game that goes on: [`Self::game_moves`], and none once the game is over
    /// ([`Self::outcome`]), so that a position whose royal is already gone offers no move in
    /// any command of any protocol.
    pub fn playable_moves(&mut self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.game_moves()
    }

    /// Whether `color` has a royal piece that the other side could capture.
    pub fn in_check(&self, color: Color) -> bool {
        let them = color.flip();
        self.royal_squares(color)
            .iter()
            .any(|&sq| attacks::attacked_in(self, them, sq))
    }

    /// Whether `mv` (a move of the side to move) leaves the other side's royal on
    /// `lines.royal()` attacked: a check. For a royal not attacked before the move (a mover
    /// that could take it would not be asking). The move is made and taken back only where
    /// it could attack ([`attacks::RoyalLines::may_attack_after`]).
    #[inline]
    pub fn checks_royal(&mut self, mv: Move, lines: &attacks::RoyalLines) -> bool {
        let us = self.side;
        let royal = lines.royal();
        debug_assert!(!attacks::attacked_in(self, us, royal));
        if !lines.may_attack_after(self, mv) {
            return false;
        }
        self.make(mv);
        let check = attacks::attacked_in(self, us, royal);
        self.unmake();
        check
    }

    /// The result if the game is over in this position, `None` while it goes on.
    pub fn outcome(&mut self) -> Option<GameResult> {
        if let Some(r) = self.royals_or_repetition_result() {
            return Some(r);
        }
        if self.game_moves().is_empty() {
            return Some(GameResult::Win(self.side.flip(), EndReason::NoLegalMove));
        }
        self.bare_king_result()
    }

    /// [`outcome`](Self::outcome) for a position where a move is about to be played: every
    /// result but "no legal move", which the move's own legality check answers. It generates
    /// no moves, so replaying a game of a thousand moves (a protocol's `position … moves`,
    /// sent again before every search) costs no move generation per move.
    pub fn outcome_before_a_move(&mut self) -> Option<GameResult> {
        self.royals_or_repetition_result()
            .or_else(|| self.bare_king_result())
    }

    /// The results that need no move generation and come before the others: a side without
    /// royals, and lishogi's repetition rules.
    fn royals_or_repetition_result(&mut self) -> Option<GameResult> {
        let us = self.side;
        let them = us.flip();
        if self.royals[us.index()] == 0 {
            return Some(GameResult::Win(them, EndReason::RoyalsCaptured));
        }
        if self.royals[them.index()] == 0 {
            return Some(GameResult::Win(us, EndReason::RoyalsCaptured));
        }
        if self.variant == Variant::Chu && self.rules == RuleSet::Lishogi {
            return self.lishogi_repetition();
        }
        if self.variant == Variant::Chu && self.rules == RuleSet::Jcsa {
            return self.jcsa_repetition();
        }
        None
    }

    /// The bare-king and royals-only results alone, without generating moves: cheap enough for
    /// the search to ask at every node where a side is down to its last few pieces.
    pub fn bare_king_result(&self) -> Option<GameResult> {
        let (us, them) = (self.side, self.side.flip());
        match (self.variant, self.rules) {
            (Variant::DaiDai, _) => None,
            (Variant::Chu, RuleSet::Seed) => {
                let bare = |c: Color| self.others[c.index()] == 0;
                match (bare(us), bare(them)) {
                    (true, true) => Some(GameResult::Draw(EndReason::BareKing)),
                    (true, false) => Some(GameResult::Win(them, EndReason::BareKing)),
                    (false, true) => Some(GameResult::Win(us, EndReason::BareKing)),
                    (false, false) => None,
                }
            }
            (Variant::Chu, RuleSet::Lishogi) => self.lishogi_bare_king(),
            (Variant::Chu, RuleSet::Jcsa) => self.jcsa_bare_king(),
        }
    }

    /// JCSA (chu-jcsa.md §4, R-E4–R-E6): with one royal a side and one other piece on the
    /// board (dead pawns and lances do not count), that piece's side wins unless the piece is
    /// an unpromoted pawn or go-between, or the lone royal, to move, can take it at once.
    /// Royals alone draw. Anything else plays on.
    fn jcsa_bare_king(&self) -> Option<GameResult> {
        let (black, white): (Vec<Square>, Vec<Square>) = (
            self.live_others(Color::Black).collect(),
            self.live_others(Color::White).collect(),
        );
        match (black.len(), white.len()) {
            (0, 0) => Some(GameResult::Draw(EndReason::RoyalsOnly)),
            (1, 0) | (0, 1) => {
                let (owner, sq) = if black.len() == 1 {
                    (Color::Black, black[0])
                } else {
                    (Color::White, white[0])
                };
                let lone = owner.flip();
                let p = self.piece_at(sq).unwrap_or_else(|| unreachable!());
                let weak =
                    !p.promoted() && matches!(self.cat.role(p), Role::Pawn | Role::GoBetween);
                if weak || self.royals != [1, 1] {
                    return None;
                }
                if self.side == lone && attacks::attacked_in(self, lone, sq) {
                    return None;
                }
                Some(GameResult::Win(owner, EndReason::BareKing))
            }
            _ => None,
        }
    }

    /// JCSA: the fourth occurrence is a draw unless a side must deviate (then the game goes
    /// on: the move that made it was that side's to refuse, [`Self::allowed_in_game`]).
    fn jcsa_repetition(&self) -> Option<GameResult> {
        if self.repetitions() < 3 || self.jcsa_must_deviate().is_some() {
            return None;
        }
        Some(GameResult::Draw(EndReason::Repetition))
    }

    /// The side the modern JCSA rule (chu.md §8) makes deviate from the repetition of the
    /// current position, judged over the moves since its last occurrence: the only side that
    /// gave check in the cycle; else the only side that attacked (a move after which it
    /// attacks an enemy piece it did not attack before); else, when the cycle holds two
    /// passes in a row, the side that made the first pass of that run. `None` when the
    /// position does not repeat or no rule applies.
    pub fn jcsa_must_deviate(&self) -> Option<Color> {
        let cycle = self.cycle_length()?;
        let mut replay = self.clone();
        let mut checked = [false, false];
        let mut attacked = [false, false];
        // (mover, pass) of the cycle's moves, latest first.
        let mut moves = Vec::with_capacity(cycle);
        for _ in 0..cycle {
            if replay.last_was_null() {
                return None;
            }
            let mv = replay.last_move()?;
            let mover = replay.side.flip();
            checked[mover.index()] |= replay.in_check(replay.side);
            let after = replay.targets(mover);
            replay.unmake();
            let before = replay.targets(mover);
            attacked[mover.index()] |= after.iter().any(|s| !before.contains(s));
            moves.push((mover, mv.to() == mv.from()));
        }
        let only = |flags: [bool; 2]| {
            [Color::Black, Color::White]
                .into_iter()
                .find(|&c| flags[c.index()] && !flags[c.flip().index()])
        };
        if let Some(c) = only(checked) {
            return Some(c);
        }
        if let Some(c) = only(attacked) {
            return Some(c);
        }
        moves.reverse();
        let i = (0..moves.len().saturating_sub(1)).find(|&i| moves[i].1 && moves[i + 1].1)?;
        // The run of passes may have begun before the cycle: follow it back.
        let mut j = i;
        while j > 0 && moves[j - 1].1 {
            j -= 1;
        }
        let mut first = moves[j].0;
        if j == 0 {
            while let Some(mv) = replay.last_move()
                && mv.to() == mv.from()
                && !replay.last_was_null()
            {
                first = replay.side.flip();
                replay.unmake();
            }
        }
        Some(first)
    }

    /// Squares of the enemy pieces that a piece of `color` could capture.
    fn targets(&self, color: Color) -> Vec<Square> {
        self.pieces(color.flip())
            .iter()
            .copied()
            .filter(|&sq| attacks::attacked_in(self, color, sq))
            .collect()
    }

    /// Pieces that count for lishogi's bare-king and draw tests: not royal, and not a pawn or
    /// lance stuck on its last rank.
    /// Walked, not collected: the search asks at every node of a thinned-out game.
    fn live_others(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        self.pieces(color).iter().copied().filter(move |&sq| {
            let p = self.piece_at(sq).unwrap_or_else(|| unreachable!());
            let dead = !p.promoted()
                && matches!(self.cat.role(p), Role::Pawn | Role::Lance)
                && self.variant.last_rank(color, sq);
            !self.cat.royal(p) && !dead
        })
    }

    /// shogiops `outcome`: the side to move bared, then the opponent bared, then royals only.
    fn lishogi_bare_king(&self) -> Option<GameResult> {
        let us = self.side;
        for bared in [us, us.flip()] {
            if self.is_bared(bared) {
                return Some(GameResult::Win(bared.flip(), EndReason::BareKing));
            }
        }
        let royals_only = [us, us.flip()]
            .iter()
            .all(|&c| self.live_others(c).next().is_none() && !self.in_check(c));
        royals_only.then_some(GameResult::Draw(EndReason::RoyalsOnly))
    }

    /// shogiops `isBareKing` from the bared side's point of view.
    fn is_bared(&self, color: Color) -> bool {
        let other = color.flip();
        if self.live_others(color).next().is_some() || self.royals[color.index()] != 1 {
            return false;
        }
        let attackers: Vec<Square> = self
            .live_others(other)
            .filter(|&sq| {
                let p = self.piece_at(sq).unwrap_or_else(|| unreachable!());
                p.promoted() || !matches!(self.cat.role(p), Role::Pawn | Role::GoBetween)
            })
            .collect();
        if attackers.is_empty() || self.royals[other.index()] != 1 || self.in_check(other) {
            return false;
        }
        let royal = self
            .pieces(color)
            .iter()
            .copied()
            .find(|&sq| self.piece_at(sq).is_some_and(|p| self.cat.royal(p)));
        let adjacent = royal.is_some_and(|r| attackers.iter().any(|&a| a.distance(r) == 1));
        attackers.len() > 1 || !adjacent
    }

    /// lishogi: the fourth occurrence ends the game.
    fn lishogi_repetition(&self) -> Option<GameResult> {
        if self.repetitions() < 3 {
            return None;
        }
        self.repetition_result()
    }

    /// How lishogi scores a repetition of the current position: the side that checked with
    /// every one of its moves since the last occurrence loses, otherwise it is a draw. `None`
    /// if the position does not repeat. The arbiter asks at the fourth occurrence; the search
    /// asks at the first, as if the cycle were going to be repeated.
    pub fn repetition_result(&self) -> Option<GameResult> {
        if !self.repeats() {
            return None;
        }
        Some(match self.perpetual_checker() {
            Some(checker) => GameResult::Win(checker.flip(), EndReason::PerpetualCheck),
            None => GameResult::Draw(EndReason::Repetition),
        })
    }

    /// The side that gave check with every one of its moves since the last occurrence of the
    /// current position, if only one side did (lishogi's loser of the repetition). `None` as
    /// well when the position did not occur before, or when the cycle holds the search's null
    /// move, which is no game move and so no cycle the players could repeat.
    pub fn perpetual_checker(&self) -> Option<Color> {
        let cycle = self.cycle_length()?;
        let mut replay = self.clone();
        let mut checked_always = [true, true];
        for _ in 0..cycle {
            if replay.last_was_null() {
                return None;
            }
            let mover = replay.side.flip();
            checked_always[mover.index()] &= replay.in_check(replay.side);
            replay.unmake();
        }
        let only = |c: Color| checked_always[c.index()] && !checked_always[c.flip().index()];
        [Color::Black, Color::White].into_iter().find(|&c| only(c))
    }

    /// Plies since the last occurrence of the current position (same side to move), `None` if
    /// it does not repeat.
    fn cycle_length(&self) -> Option<usize> {
        if !self.repeats() {
            return None;
        }
        self.history_keys()
            .rev()
            .position(|k| k == self.key)
            .map(|i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(rules: RuleSet, sfen: &str) -> Position {
        Position::from_sfen(Variant::Chu, rules, sfen).unwrap()
    }

    fn play(p: &mut Position, moves: &[&str]) {
        for m in moves {
            let mv = p.parse_move(m).unwrap();
            p.make(mv);
        }
    }

    #[test]
    fn capturing_the_last_royal_wins_but_a_crown_prince_keeps_the_game_going() {
        // Black rook 7b takes the White king 7a; White has no other royal.
        let mut p = pos(
            RuleSet::Seed,
            "6k5/6R5/12/12/12/12/12/12/12/12/12/p10K b - 1",
        );
        play(&mut p, &["6b6a"]);
        assert_eq!(
            p.outcome(),
            Some(GameResult::Win(Color::Black, EndReason::RoyalsCaptured))
        );
        // Same, but White also has a crown prince (+e) on 1a: the game goes on.
        let mut p = pos(
            RuleSet::Seed,
            "6k4+e/6R5/12/12/12/12/12/12/12/12/12/p10K b - 1",
        );
        play(&mut p, &["6b6a"]);
        assert_eq!(p.outcome(), None);
    }

    #[test]
    fn seed_bare_king_loses_and_two_bare_kings_draw() {
        // White has king and one pawn; Black's rook takes the pawn: White is bare.
        let mut p = pos(
            RuleSet::Seed,
            "k11/12/12/12/12/12/12/12/6p5/6R5/12/11K b - 1",
        );
        assert_eq!(p.outcome(), None);
        play(&mut p, &["6j6i"]);
        assert_eq!(
            p.outcome(),
            Some(GameResult::Win(Color::Black, EndReason::BareKing))
        );
        let mut p = pos(RuleSet::Seed, "k11/12/12/12/12/12/12/12/12/12/12/11K b - 1");
        assert_eq!(p.outcome(), Some(GameResult::Draw(EndReason::BareKing)));
    }

    #[test]
    fn seed_forbids_recreating_a_position_with_the_same_side_to_move() {
        let mut p = pos(
            RuleSet::Seed,
            "11k/12/12/12/p11/12/12/12/12/12/12/K10P b - 1",
        );
        play(&mut p, &["12l12k", "1a1b", "12k12l"]);
        let back = p.parse_move("1b1a").unwrap();
        assert!(
            !p.allowed_in_game(back),
            "1b1a recreates the start position with Black to move"
        );
        assert!(p.game_moves().iter().all(|&m| m != back));
        assert!(!p.game_moves().is_empty());
        // The same move is fine in lishogi, which scores repetitions instead.
        let mut q = pos(
            RuleSet::Lishogi,
            "11k/12/12/12/p11/12/12/12/12/12/12/K10P b - 1",
        );
        play(&mut q, &["12l12k", "1a1b", "12k12l"]);
        assert!(q.allowed_in_game(back));
    }

    #[test]
    fn lishogi_fourth_occurrence_draws_and_perpetual_check_loses() {
        let start = "11k/12/12/12/p11/12/12/12/12/12/12/K10P b - 1";
        let mut p = pos(RuleSet::Lishogi, start);
        let cycle = ["12l12k", "1a1b", "12k12l", "1b1a"];
        for round in 0..3 {
            assert_eq!(p.outcome(), None, "round {round}");
            play(&mut p, &cycle);
        }
        assert_eq!(p.outcome(), Some(GameResult::Draw(EndReason::Repetition)));
        // Black rook checks on every move; White's king shuffles between 1a and 2a.
        let mut p = pos(
            RuleSet::Lishogi,
            "11k/12/12/12/11R/12/12/12/12/12/12/K10p w - 1",
        );
        let cycle = ["1a2a", "1e2e", "2a1a", "2e1e"];
        for _ in 0..3 {
            play(&mut p, &cycle);
        }
        assert_eq!(
            p.outcome(),
            Some(GameResult::Win(Color::White, EndReason::PerpetualCheck))
        );
    }

    /// White king 1a, Black rook 1e giving check, White to move.
    const ROOK_CHECKS: &str = "11k/12/12/12/11R/12/12/12/12/12/12/K10p w - 1";

    #[test]
    fn the_side_checking_on_every_move_of_the_cycle_is_the_perpetual_checker() {
        let mut p = pos(RuleSet::Lishogi, ROOK_CHECKS);
        // The rook follows the king between files 1 and 2, checking on each move.
        play(&mut p, &["1a2a", "1e2e", "2a1a"]);
        assert_eq!(p.perpetual_checker(), None, "no repetition yet");
        assert_eq!(p.repetition_result(), None);
        play(&mut p, &["2e1e"]);
        assert_eq!(p.perpetual_checker(), Some(Color::Black));
        assert_eq!(
            p.repetition_result(),
            Some(GameResult::Win(Color::White, EndReason::PerpetualCheck))
        );
    }

    #[test]
    fn a_cycle_with_a_move_that_does_not_check_has_no_perpetual_checker() {
        let mut p = pos(RuleSet::Lishogi, ROOK_CHECKS);
        // 1e3e does not check the king on 2a; 3e1e checks it on 1a again.
        play(&mut p, &["1a2a", "1e3e", "2a1a", "3e1e"]);
        assert!(p.repeats());
        assert_eq!(p.perpetual_checker(), None);
        assert_eq!(
            p.repetition_result(),
            Some(GameResult::Draw(EndReason::Repetition))
        );
    }

    #[test]
    fn a_cycle_where_both_sides_check_throughout_has_no_perpetual_checker() {
        // Black rook 1e on the White king's file 1, White rook 12h on the Black king's file
        // 12; each rook moves along its file and keeps checking (checks may be ignored).
        let mut p = pos(
            RuleSet::Lishogi,
            "11k/12/12/12/11R/12/12/r11/12/12/12/K11 b - 1",
        );
        play(&mut p, &["1e1d", "12h12i", "1d1e", "12i12h"]);
        assert!(p.repeats());
        assert_eq!(p.perpetual_checker(), None);
    }

    #[test]
    fn a_cycle_through_a_null_move_has_no_perpetual_checker() {
        // Black checks on both of its moves, but White only passes with the search's null
        // move, which is no game move.
        let mut p = pos(RuleSet::Lishogi, ROOK_CHECKS);
        p.make_null();
        play(&mut p, &["1e1f"]);
        p.make_null();
        play(&mut p, &["1f1e"]);
        assert!(p.repeats());
        assert_eq!(p.perpetual_checker(), None);
    }

    #[test]
    fn lishogi_bare_king_follows_shogiops() {
        // White king alone against king and gold not adjacent to it: White is bared.
        let mut p = pos(
            RuleSet::Lishogi,
            "11k/12/12/12/12/12/12/12/12/12/6G5/K11 b - 1",
        );
        assert_eq!(
            p.outcome(),
            Some(GameResult::Win(Color::Black, EndReason::BareKing))
        );
        // A lone baring piece adjacent to the bare king does not bare it.
        let mut p = pos(
            RuleSet::Lishogi,
            "11k/10G1/12/12/12/12/12/12/12/12/12/K11 w - 1",
        );
        assert_eq!(p.outcome(), None);
        // Only royals left: draw.
        let mut p = pos(
            RuleSet::Lishogi,
            "11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1",
        );
        assert_eq!(p.outcome(), Some(GameResult::Draw(EndReason::RoyalsOnly)));
    }

    #[test]
    fn dai_dai_has_no_bare_king_rule() {
        let mut p = Position::from_sfen(
            Variant::DaiDai,
            RuleSet::Seed,
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/K16 b 1",
        )
        .unwrap();
        assert_eq!(p.outcome(), None);
    }
    /// The bounded repetition scan (stops at the last capture or promotion) against a scan of
    /// the whole history, in random games that often move a piece back where it came from.
    #[test]
    fn repetition_count_equals_a_scan_of_the_whole_history() {
        let mut rng = crate::testing::Rng(0x5eed_0fe9_e7e7_0001);
        let (mut positions, mut repeated) = (0, 0);
        for (variant, rules) in [
            (Variant::Chu, RuleSet::Seed),
            (Variant::Chu, RuleSet::Lishogi),
            (Variant::DaiDai, RuleSet::Seed),
        ] {
            for _ in 0..6 {
                let mut p = Position::start(variant, rules);
                let mut last: [Option<Move>; 2] = [None, None];
                for _ in 0..400 {
                    let keys: Vec<u64> = p.history_keys().collect();
                    let whole = keys.iter().rev().skip(1).step_by(2);
                    let expected = whole.filter(|&&k| k == p.key()).count();
                    assert_eq!(p.repetitions(), expected, "{}", p.to_sfen());
                    positions += 1;
                    repeated += usize::from(expected > 0);
                    let mut moves = Vec::new();
                    movegen::generate(&p, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let us = p.side_to_move().index();
                    // Undo our own last step when we can (repetitions), else play at random.
                    let back = last[us].and_then(|m| {
                        moves.iter().copied().find(|b| {
                            b.leg_count() == 1 && b.from() == m.to() && b.to() == m.from()
                        })
                    });
                    let mv = match back {
                        Some(b) if rng.below(3) > 0 => b,
                        _ => moves[rng.below(moves.len())],
                    };
                    last[us] = Some(mv);
                    p.make(mv);
                }
            }
        }
        assert!(
            positions > 5_000 && repeated > 200,
            "{positions} {repeated}"
        );
    }
}
