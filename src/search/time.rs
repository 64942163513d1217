//! Time allocation: how long to think on a clock, and when to stop.
//!
//! A soft limit (stop starting new iterations; stretched when the best move keeps changing)
//! and a hard limit (abort the search) are derived from the clock. The hard limit always
//! leaves the move overhead in hand, so increment and byoyomi games are never lost on time.
//!
//! Chu and dai dai games last 200–500 plies and more. With an increment, the base above a
//! floor of twelve increments falls by a fixed share a move, about as fast as a chess-like 40
//! moves to go spent it through the first hundred plies (plans that spent it slower or faster
//! scored 22–44 % against 40 moves to go in self-play at 20 s + 0.2 s), and the endgame runs
//! on the increment with that cushion in hand, where 40 moves to go played it on 2 % of the
//! base and lost its long games to HaChu. Without an increment the base is spread over an estimate of the moves still to
//! play that comes from the game phase, measured as the share of the start position's pieces
//! still on the board ([`Phase`]) and fitted on game records (`shishi summary --moves-left`,
//! docs/search.md "Time allocation"), with a reserve that shrinks with the pieces
//! ([`allocate`]).

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

/// What one search takes on average, as a multiple of its soft limit: the iteration that
/// starts just before the gate ([`IterationGate`]) closes runs on. Measured on the recorded
/// clocks of 140 games at 10 s + 0.1 s and 20 s + 0.2 s: a model spending 1.5 × soft each move
/// reproduces both earlier allocations' clocks at plies 100, 200 and 300 within a few per cent
/// of the base (docs/search.md, "Time allocation"). The plan is a time to *use*; the soft limit
/// is that divided by this.
const USAGE: f64 = 1.5;
/// The clock's floor in increments: with an increment the base is spent down to this many
/// increments and then about the increment alone is used, so that a long endgame is played
/// with a cushion for the moves that need more. Twelve keep the clock at about a tenth of
/// the base at the usual base + base/100 controls after the dip of a long search (issue 18:
/// no game lost with less than a tenth of the base left; measured against HaChu at
/// 10 s + 0.1 s, the lowest point in lost games was 0.997–1.009 s). Below the floor a move
/// plans less than the increment, so the clock climbs back: with exactly the increment
/// there, the clock wandered below the floor and stayed (against HaChu at 10 s + 0.1 s its
/// lowest point in the lost games was 0.13–0.36 s, with a floor of ten increments released
/// in the endgame).
const FLOOR_INCREMENTS: u32 = 12;
/// The least share of the increment a move plans, however far below the floor the clock is.
const LEAST_INCREMENT_SHARE: f64 = 0.25;
/// With an increment, the base above the floor is spent at 1/`DECAY_MOVES` of it a move, so
/// the clock falls through the first hundred plies about as a chess-like 40 moves to go let
/// it fall (at 20 s + 0.2 s: 14 / 10 / 7.6 / 4.5 s at plies 20 / 40 / 60 / 100, against 14 /
/// 8.6 / 6.0 / 2.0 s). Self-play at 20 s + 0.2 s chose it: against 40 moves to go, the plans
/// that read a horizon from the moves-left estimate scored 35 % (spread over the moves left,
/// hoarding) and 40 %, 43.8 % and 2 of 9 (base spent by ply 80, the last with this floor);
/// this one scored 46.3 % (+14 =9 −17). At time odds against HaChu (2 s + 0.02 s against
/// 10 s + 0.1 s) it scored 43.9 % where the horizon plan scored 29.3 % (docs/search.md).
const DECAY_MOVES: f64 = 24.0;
/// Below the floor the shortfall is made good over this many moves: over [`DECAY_MOVES`] the
/// pull back was too weak, and searches that overshoot their plan by turns (test
/// `below_the_floor_less_than_the_increment_is_used_so_the_clock_climbs_back`) held the clock
/// under nine increments.
const RECOVERY_MOVES: f64 = 4.0;

/// Budget for one move in `phase`. `overhead` is what the GUI and transport take per move.
///
/// The plan is the time to use this move. With an increment:
///
/// ```text
/// use = max(increment + (time − floor) / horizon, increment / 4)
/// horizon = min(DECAY_MOVES, moves_left) above the floor, RECOVERY_MOVES below it
/// floor = FLOOR_INCREMENTS × increment
/// ```
///
/// so the base above the floor shrinks by a fixed share a move (the phase's moves-left
/// estimate only shortens that when fewer moves are left than [`DECAY_MOVES`]), the endgame is
/// played on the increment with twelve of them in hand, and below the floor the clock climbs
/// back. Without one, the base less the phase's reserve is spread over the moves-left
/// estimate: no increment refills the clock, so it must last the game.
pub fn allocate(clock: &Clock, overhead: Duration, phase: Phase) -> Budget {
    let min = Duration::from_millis(5);
    // Never plan to use more than what is left minus overhead, plus the byoyomi.
    let available = (clock.time + clock.byoyomi)
        .saturating_sub(overhead)
        .max(min);
    let time = clock.time.as_secs_f64();
    let increment = clock.increment.as_secs_f64();
    let use_secs = match clock.moves_to_go {
        // A control that ends after `moves_to_go` moves refills the clock: no reserve, no floor.
        Some(m) => time / f64::from(m.clamp(1, 60)) + increment,
        None if increment > 0.0 => {
            let floor = increment * f64::from(FLOOR_INCREMENTS);
            let horizon = if time >= floor {
                phase.moves_left().clamp(1.0, DECAY_MOVES)
            } else {
                RECOVERY_MOVES
            };
            // Below the floor the difference is negative: less than the increment, so the
            // clock climbs back.
            (increment + (time - floor) / horizon).max(increment * LEAST_INCREMENT_SHARE)
        }
        None => (time * (1.0 - phase.reserve())) / phase.moves_left().max(1.0),
    };
    let base = Duration::from_secs_f64(use_secs / USAGE) + clock.byoyomi * 9 / 10;
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

    /// Milliseconds a search is expected to use under `b`: [`USAGE`] × its soft limit.
    fn used_ms(b: &Budget) -> f64 {
        b.soft.as_secs_f64() * 1000.0 * USAGE
    }

    #[test]
    fn without_increment_a_full_board_spreads_the_base_over_the_moves_left_and_keeps_the_reserve() {
        // 10 s, no increment, every piece on: 70 % of the base over 171 moves.
        let b = allocate(&sudden_death(10_000, 0), ms(30), full_board());
        assert!((used_ms(&b) - 7_000.0 / 171.0).abs() < 0.01, "{b:?}");
    }

    /// Plays a 400-ply game whose share of pieces falls evenly from 1 to 0.2, each search
    /// using [`USAGE`] × its soft limit; the clock before each of the side's moves.
    fn clock_over_a_long_game(base: u64, inc: u64) -> Vec<f64> {
        let mut time = base as f64;
        let mut clocks = Vec::new();
        for mv in 0..200 {
            clocks.push(time);
            let phase = Phase {
                variant: Variant::Chu,
                share: 1.0 - 0.8 * f64::from(mv) / 200.0,
            };
            let b = allocate(&sudden_death(time as u64, inc), ms(30), phase);
            time += inc as f64 - used_ms(&b).min(b.hard.as_secs_f64() * 1000.0);
        }
        clocks
    }

    #[test]
    fn with_an_increment_the_base_falls_like_forty_moves_to_go_down_to_twelve_increments() {
        let clocks = clock_over_a_long_game(20_000, 200);
        // Not hoarded: by ply 200 most of the base is spent (a plan that spread it over the
        // moves left still had 61 % of it there in real games)...
        assert!(clocks[100] < 0.3 * 20_000.0, "{:?}", &clocks[..101]);
        // ...nor spent by ply 80 (plans that did lost to 40 moves to go): at ply 100 there is
        // still about what 40 moves to go had there in real games (19 %), and 40 % at ply 40...
        assert!(
            clocks[50] > 0.15 * 20_000.0 && clocks[50] < 0.3 * 20_000.0,
            "{:?}",
            &clocks[..51]
        );
        assert!(clocks[20] > 0.4 * 20_000.0, "{:?}", &clocks[..21]);
        // ...and never below twelve increments, to the end (a search spends what the plan
        // says, so the floor holds to rounding).
        for (mv, c) in clocks.iter().enumerate() {
            assert!(*c > 12.0 * 200.0 - 1.0, "move {mv}: {c} ms");
        }
        let last = *clocks.last().unwrap();
        assert!(last < 12.5 * 200.0, "{last} ms");
    }

    #[test]
    fn below_the_floor_less_than_the_increment_is_used_so_the_clock_climbs_back() {
        let phase = Phase {
            variant: Variant::Chu,
            share: 0.5,
        };
        let inc = 100.0;
        let mut last = 0.0;
        for time in [1_150, 1_000, 800, 400, 50] {
            let used = used_ms(&allocate(&sudden_death(time, inc as u64), ms(0), phase));
            assert!(used < inc && used >= inc / 4.0 - 0.01, "{time}: {used}");
            // The further below, the less.
            assert!(last == 0.0 || used <= last, "{time}: {used} after {last}");
            last = used;
        }
        // Searches that overshoot by turns (up to 2.5 × the soft limit, 1.7 × on average
        // where `USAGE` expects 1.5) leave the clock near the floor: planning the increment
        // there, it drifted down by an eighth of an increment a move.
        let mut time = 1_200.0;
        let mut lowest = f64::MAX;
        for mv in 0..300 {
            let b = allocate(&sudden_death(time as u64, inc as u64), ms(0), phase);
            let factor = [0.5, 2.5, 2.5, 1.5, 1.0, 2.2][mv % 6];
            let hard = b.hard.as_secs_f64() * 1000.0;
            time += inc - (b.soft.as_secs_f64() * 1000.0 * factor).min(hard);
            lowest = lowest.min(time);
        }
        assert!(
            lowest > 9.0 * inc && time > 10.0 * inc,
            "lowest {lowest}, last {time}"
        );
    }

    #[test]
    fn at_the_floor_exactly_the_increment_is_used() {
        let phase = Phase {
            variant: Variant::Chu,
            share: 0.5,
        };
        for (time, inc) in [(1_200, 100), (2_400, 200), (6_000, 500)] {
            let b = allocate(&sudden_death(time, inc), ms(30), phase);
            assert!(
                (used_ms(&b) - inc as f64).abs() < 0.01,
                "{time} {inc}: {b:?}"
            );
        }
    }

    #[test]
    fn the_same_share_of_the_clock_plans_the_same_share_of_the_time_at_any_scale() {
        // 2 s + 0.02 s, 20 s + 0.2 s and 200 s + 2 s are the same control at three speeds.
        for share in [1.0, 0.6, 0.25] {
            let phase = Phase {
                variant: Variant::Chu,
                share,
            };
            let plans: Vec<f64> = [1, 10, 100]
                .iter()
                .map(|k| {
                    used_ms(&allocate(&sudden_death(1_500 * k, 20 * k), ms(0), phase)) / *k as f64
                })
                .collect();
            assert!(
                plans.iter().all(|p| (p - plans[0]).abs() < 0.01),
                "{plans:?}"
            );
        }
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
    fn moves_to_go_replaces_the_estimate_and_the_reserve() {
        let clock = Clock {
            moves_to_go: Some(10),
            ..sudden_death(10_000, 0)
        };
        // A tenth of the clock a move, used in full.
        let b = allocate(&clock, ms(30), full_board());
        assert!((used_ms(&b) - 1_000.0).abs() < 0.01, "{b:?}");
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
