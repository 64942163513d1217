//! Time allocation: how long to think on a clock, and when to stop.
//!
//! A soft limit (stop starting new iterations; stretched when the best move keeps changing)
//! and a hard limit (abort the search) are derived from the clock. The hard limit always
//! leaves the move overhead in hand, so increment and byoyomi games are never lost on time.
//!
//! Chu and dai dai games last 200–500 plies and more, so the clock is divided by an estimate
//! of the moves still to play that comes from the game phase, measured as the share of the
//! start position's pieces still on the board ([`Phase`]), and fitted on game records
//! (`shishi summary --moves-left`, docs/search.md "Time allocation"): a chess-like 40 moves
//! to go spent the base time in the first hundred plies and left the decisive endgame to the
//! increment. A reserve that shrinks with the pieces is kept out of the plan, so the main
//! time is never spent early.

use crate::rules::{Color, Position, Variant};
use std::time::Duration;

/// Clock state of the side to move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Clock {
    /// Time left on the main clock.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Byoyomi per move once the main time is used up.
    pub byoyomi: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// How far the game has come: what the moves-left estimate is read from.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Phase {
    /// The game.
    pub variant: Variant,
    /// Pieces on the board as a share of the start position's (0 to 1).
    pub share: f64,
}

impl Phase {
    /// The phase of `pos`.
    pub fn of(pos: &Position) -> Phase {
        let on_board = |p: &Position| p.pieces(Color::Black).len() + p.pieces(Color::White).len();
        let start = on_board(&Position::start(pos.variant(), pos.rules())).max(1);
        Phase {
            variant: pos.variant(),
            share: (on_board(pos) as f64 / start as f64).min(1.0),
        }
    }

    /// The moves the side to move still plays, planned long: the 75th percentile of
    /// `shishi summary --moves-left` by tenths of the pieces, joined by straight lines
    /// between the buckets' middles (docs/search.md gives the tables and their records). Not
    /// the median: games against another engine run longer than the self-play games the
    /// table comes from, and a clock planned for the median ran out at ply 300 of them.
    pub fn moves_left(&self) -> f64 {
        let table = match self.variant {
            Variant::Chu => &CHU_MOVES_LEFT,
            Variant::DaiDai => &DAIDAI_MOVES_LEFT,
        };
        let x = (self.share.clamp(0.0, 1.0) * 10.0 - 0.5).clamp(0.0, 9.0);
        let i = (x as usize).min(8);
        let t = x - i as f64;
        table[i] * (1.0 - t) + table[i + 1] * t
    }

    /// The share of the clock kept out of the plan: 30 % with every piece on the board,
    /// nothing once the board is empty, so that a long middle game cannot eat the time its
    /// endgame needs.
    pub fn reserve(&self) -> f64 {
        RESERVE * self.share
    }
}

/// Share of the clock in reserve at the start ([`Phase::reserve`]).
const RESERVE: f64 = 0.3;
/// Chu: the 75th percentile of the moves left for the side to move with 0–10 %, 10–20 %, …
/// 90–100 % of the start position's pieces on the board; 1 120 self-play games at
/// 1 s + 0.01 s that ended by the rules (docs/search.md, "Time allocation").
const CHU_MOVES_LEFT: [f64; 10] = [
    73.0, 68.0, 75.0, 90.0, 107.0, 118.0, 131.0, 143.0, 153.0, 171.0,
];
/// Dai dai: the same from the 5 of 21 self-play games at 2 s + 0.02 s that ended by the rules
/// before 1 000 plies (the lowest bucket had no position and repeats the next).
const DAIDAI_MOVES_LEFT: [f64; 10] = [
    28.0, 28.0, 77.0, 138.0, 198.0, 252.0, 287.0, 335.0, 386.0, 433.0,
];

/// Soft and hard limits.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// Do not start a new iteration after this (scaled by instability).
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

/// Budget for one move in `phase`. `overhead` is what the GUI and transport take per move.
pub fn allocate(clock: &Clock, overhead: Duration, phase: Phase) -> Budget {
    let min = Duration::from_millis(5);
    // A control that ends after `moves_to_go` moves refills the clock: no reserve then.
    let (moves, reserve) = match clock.moves_to_go {
        Some(m) => (f64::from(m.clamp(1, 60)), 0.0),
        None => (phase.moves_left().max(1.0), phase.reserve()),
    };
    // Never plan to use more than what is left minus overhead, plus the byoyomi.
    let available = (clock.time + clock.byoyomi)
        .saturating_sub(overhead)
        .max(min);
    let plannable = clock.time.mul_f64(1.0 - reserve);
    // Half the increment: a search uses about 1.5 × its soft limit (the iteration that starts
    // just before the gate closes runs on), so planning more than 2/3 of the increment drains
    // the clock to nothing in a long endgame; with a half the clock settles where
    // time / moves_left makes up the difference.
    let base = plannable.div_f64(moves) + clock.increment / 2 + clock.byoyomi * 9 / 10;
    let soft = base.min(available / 2).max(min);
    let hard = (base * 4)
        .min(clock.time * 3 / 4 + clock.byoyomi)
        .min(available)
        .max(min);
    Budget {
        soft: soft.min(hard),
        hard,
    }
}

/// When to stop deepening under a clock: a new iteration starts only before 0.6 × the soft
/// limit, stretched while the best move keeps changing between iterations (to at most 2.17×,
/// the fixed point of a change in every iteration). An unsettled root is where extra time
/// pays: the last iteration changed its mind, so the next one may too; a settled root gains
/// little from another iteration that would likely not finish.
#[derive(Clone, Debug)]
pub struct IterationGate<M> {
    instability: f64,
    last_best: Option<M>,
}

impl<M: PartialEq + Copy> Default for IterationGate<M> {
    fn default() -> Self {
        IterationGate {
            instability: 1.0,
            last_best: None,
        }
    }
}

impl<M: PartialEq + Copy> IterationGate<M> {
    /// Records the best move of a completed iteration: a change adds 0.5 to the stretch, and
    /// every iteration takes 30 % of the stretch above 1 away again.
    pub fn completed(&mut self, best: Option<M>) {
        if self.last_best.is_some() && self.last_best != best {
            self.instability += 0.5;
        }
        self.instability = 1.0 + (self.instability - 1.0) * 0.7;
        self.last_best = best;
    }

    /// Whether the next iteration should not start, `elapsed` into a move with soft limit `soft`.
    pub fn should_stop(&self, elapsed: Duration, soft: Duration) -> bool {
        elapsed.as_secs_f64() >= soft.as_secs_f64() * self.instability * 0.6
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changing_best_move_earns_more_time_and_a_settled_one_gives_it_back() {
        let soft = ms(1000);
        let mut gate = IterationGate::default();
        for _ in 0..3 {
            gate.completed(Some(1));
        }
        assert!(gate.should_stop(ms(600), soft), "{gate:?}");
        assert!(!gate.should_stop(ms(590), soft), "{gate:?}");
        // The best move changes in three iterations in a row.
        for best in [2, 3, 4] {
            gate.completed(Some(best));
        }
        assert!(!gate.should_stop(ms(1000), soft), "{gate:?}");
        assert!(gate.should_stop(ms(1100), soft), "{gate:?}");
        // However often it changes, the stretch stays below 2.17 × 0.6.
        for best in 5..100 {
            gate.completed(Some(best));
        }
        assert!(!gate.should_stop(ms(1290), soft), "{gate:?}");
        assert!(gate.should_stop(ms(1301), soft), "{gate:?}");
        // It settles back once the move stays.
        for _ in 0..20 {
            gate.completed(Some(4));
        }
        assert!(gate.should_stop(ms(610), soft), "{gate:?}");
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn full_board() -> Phase {
        Phase {
            variant: Variant::Chu,
            share: 1.0,
        }
    }

    fn sudden_death(time: u64, inc: u64) -> Clock {
        Clock {
            time: ms(time),
            increment: ms(inc),
            byoyomi: ms(0),
            moves_to_go: None,
        }
    }

    #[test]
    fn the_start_position_is_a_full_board_and_captures_move_the_phase_on() {
        use crate::rules::RuleSet;
        for v in [Variant::Chu, Variant::DaiDai] {
            let start = Position::start(v, RuleSet::Seed);
            assert_eq!(Phase::of(&start).share, 1.0);
        }
        // Chu, a king each and nothing else: 2 of the start position's 92 pieces.
        let bare = Position::from_sfen(
            Variant::Chu,
            RuleSet::Seed,
            "6k5/12/12/12/12/12/12/12/12/12/12/6K5 b - 1",
        )
        .unwrap();
        let phase = Phase::of(&bare);
        assert!((phase.share - 2.0 / 92.0).abs() < 1e-9, "{phase:?}");
        assert!(
            phase.moves_left()
                < Phase::of(&Position::start(Variant::Chu, RuleSet::Seed)).moves_left()
        );
    }

    #[test]
    fn a_full_board_plans_for_the_long_game_and_keeps_the_reserve() {
        // 10 s + 0.1 s with every piece on: the base time over 171 moves, 30 % held back.
        let b = allocate(&sudden_death(10_000, 100), ms(30), full_board());
        let planned = 7_000.0 / 171.0 + 50.0;
        assert!(
            (b.soft.as_secs_f64() * 1000.0 - planned).abs() < 0.01,
            "{b:?}"
        );
        // Forty moves at the planned rate (increment back each move) leave more than the
        // reserve: the main time is not spent in the opening.
        let mut time = 10_000.0;
        for _ in 0..40 {
            let b = allocate(&sudden_death(time as u64, 100), ms(30), full_board());
            time += 100.0 - b.soft.as_secs_f64() * 1000.0;
        }
        assert!(time > 3_000.0 + 0.3 * 10_000.0, "{time} ms left");
    }

    #[test]
    fn fewer_pieces_mean_fewer_moves_left_and_more_time_per_move() {
        let clock = sudden_death(5_000, 0);
        let mut last = Duration::ZERO;
        for share in [1.0, 0.7, 0.4, 0.1] {
            let phase = Phase {
                variant: Variant::Chu,
                share,
            };
            let b = allocate(&clock, ms(30), phase);
            assert!(b.soft > last, "share {share}: {b:?}");
            last = b.soft;
        }
    }

    #[test]
    fn an_increment_alone_is_planned_at_half_so_that_the_clock_does_not_drain() {
        for phase in [0.05, 0.5] {
            let phase = Phase {
                variant: Variant::Chu,
                share: phase,
            };
            let b = allocate(&sudden_death(0, 100), ms(30), phase);
            assert!(b.soft <= ms(50), "{b:?}");
            // With a little time left the plan still stays under 2/3 of the increment.
            let b = allocate(&sudden_death(500, 100), ms(30), phase);
            assert!(b.soft < ms(66), "{b:?}");
        }
    }

    #[test]
    fn moves_to_go_replaces_the_estimate_and_the_reserve() {
        let clock = Clock {
            moves_to_go: Some(10),
            ..sudden_death(10_000, 0)
        };
        assert_eq!(allocate(&clock, ms(30), full_board()).soft, ms(1_000));
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        for (time, inc, byo) in [
            (10_000, 100, 0),
            (100, 100, 0),
            (0, 0, 1000),
            (50, 0, 0),
            (60_000, 0, 5000),
        ] {
            let clock = Clock {
                time: ms(time),
                increment: ms(inc),
                byoyomi: ms(byo),
                moves_to_go: None,
            };
            let b = allocate(&clock, ms(30), full_board());
            assert!(b.soft <= b.hard);
            assert!(
                b.hard <= (ms(time + byo).saturating_sub(ms(30))).max(ms(5)),
                "{time} {inc} {byo}: {b:?}"
            );
        }
    }

    #[test]
    fn byoyomi_alone_is_used_almost_fully() {
        let clock = Clock {
            time: ms(0),
            increment: ms(0),
            byoyomi: ms(1000),
            moves_to_go: None,
        };
        let b = allocate(&clock, ms(50), full_board());
        assert!(b.hard >= ms(900) && b.hard <= ms(950));
    }
}
