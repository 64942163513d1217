//! Time allocation: how long to think on a clock, and when to stop.
//!
//! A soft limit (stop starting new iterations; stretched when the best move keeps changing)
//! and a hard limit (abort the search) are derived from the clock. The hard limit always
//! leaves the move overhead in hand, so increment and byoyomi games are never lost on time.

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

/// Soft and hard limits.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// Do not start a new iteration after this (scaled by instability).
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

/// Budget for one move. `overhead` is what the GUI and transport take per move.
pub fn allocate(clock: &Clock, overhead: Duration) -> Budget {
    let min = Duration::from_millis(5);
    let mtg = clock.moves_to_go.unwrap_or(40).clamp(1, 60);
    // Never plan to use more than what is left minus overhead, plus the byoyomi.
    let available = (clock.time + clock.byoyomi)
        .saturating_sub(overhead)
        .max(min);
    let base = clock.time / mtg + clock.increment * 3 / 4 + clock.byoyomi * 9 / 10;
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
            let b = allocate(&clock, ms(30));
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
        let b = allocate(&clock, ms(50));
        assert!(b.hard >= ms(900) && b.hard <= ms(950));
    }
}
