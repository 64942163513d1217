//! Strength levels: a weaker opponent for people. Level [`MAX_LEVEL`] is the full search,
//! untouched; below it a level shrinks the search and then chooses among the best few root
//! lines by score with level-dependent noise, the way a weaker player overlooks deep tactics
//! and picks a plausible move that is not the best.
//!
//! Why this shape:
//! - **Nodes, not time.** A level's search ends after the first completed iteration that has
//!   used its node budget, so its strength does not depend on the machine or its load, and low
//!   levels answer in milliseconds. (The ordinary limits, e.g. a clock, still apply.)
//! - **Only searched lines are played.** The choice is among the MultiPV lines of the last
//!   completed iteration, each with its own exact score, and never a line more than
//!   [`Plan::max_loss`] below the best. A move that leaves the royal to be captured scores
//!   as a loss in any completed iteration (captures of the royal are seen even at depth 1),
//!   so it is never chosen while another line avoids it. A winning mate is never declined.
//! - **Deterministic.** The noise comes from the position's key mixed with a seed, so a
//!   position at a level always gets the same answer (reproducible matches, testable rules);
//!   a different seed gives a different game.

use crate::rules::Move;
use crate::score;

/// Full strength: the level at which nothing changes.
pub const MAX_LEVEL: u8 = 20;

/// A level below full strength, with the seed of its choices.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Skill {
    /// 0 (beginner) to [`MAX_LEVEL`] (full strength).
    pub level: u8,
    /// Mixed into every choice; the same seed replays the same choices.
    pub seed: u64,
}

impl Skill {
    /// The skill for a level; `None` at full strength (the search runs unchanged).
    pub fn at(level: u8, seed: u64) -> Option<Skill> {
        (level < MAX_LEVEL).then_some(Skill { level, seed })
    }

    /// How the search is shrunk and the move chosen at this level.
    pub fn plan(&self) -> Plan {
        let l = self.level.min(MAX_LEVEL - 1) as i32;
        Plan {
            lines: if l < 14 { 4 } else { 3 },
            // 400 nodes at level 0, doubling every 1.5 levels: about 2.6 M at level 19.
            node_budget: (400.0 * 2f64.powf(l as f64 / 1.5)) as u64,
            // Levels 0..7 also see only 1 to 3.8 plies ahead on average (below).
            depth_tenths: (l < 8).then_some(10 + 4 * l as u32),
            temperature: (200.0 * 0.85f64.powi(l)) as i32,
            max_loss: (800.0 * 0.82f64.powi(l)) as i32,
        }
    }
}

/// A level's search and choice.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Plan {
    /// Root lines searched (at least; more if the user asked for more MultiPV lines).
    pub lines: usize,
    /// The search ends after the first completed iteration that has used this many nodes.
    pub node_budget: u64,
    /// Deepest iteration in tenths of a ply, if the level caps it: 38 is depth 3 in 20 % of
    /// the positions and depth 4 in 80 % (drawn per position). A whole ply is worth hundreds of
    /// Elo at these depths (level 5 capped at 3 plies lost 20 games of 20 to level 6 capped at
    /// 4 in a first ladder), so the levels step by fractions of one.
    pub depth_tenths: Option<u32>,
    /// Noise in centipawns: a line `d` below the best is chosen with weight `exp(-d / T)`.
    pub temperature: i32,
    /// A line further than this below the best is never chosen.
    pub max_loss: i32,
}

impl Plan {
    /// The depth cap in the position with this `key`, if the level has one.
    pub fn max_depth(&self, key: u64, seed: u64) -> Option<u32> {
        let tenths = self.depth_tenths?;
        let extra = unit(mix(key ^ seed ^ 0x5eed_0de7)) < (tenths % 10) as f64 / 10.0;
        Some(tenths / 10 + extra as u32)
    }

    /// Whether the search has spent the level's budget (checked after each iteration).
    pub fn budget_spent(&self, nodes: u64) -> bool {
        nodes >= self.node_budget
    }

    /// Index of the line to play among `lines` (best first, scores from the side to move),
    /// drawn with the noise of this level from `key` (the position's) and the seed.
    pub fn choose(&self, lines: &[(i32, Vec<Move>)], key: u64, seed: u64) -> usize {
        let Some(&(best, _)) = lines.first() else {
            return 0;
        };
        if score::is_mate(best) && best > 0 {
            return 0;
        }
        let floor = best.saturating_sub(self.max_loss);
        let t = self.temperature.max(1) as f64;
        let weights: Vec<f64> = lines
            .iter()
            .map(|(s, pv)| {
                if pv.is_empty() || *s < floor || (score::is_mate(*s) && *s < 0) {
                    0.0
                } else {
                    (-((best - s) as f64) / t).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return 0;
        }
        let draw = unit(mix(key ^ seed.rotate_left(17))) * total;
        let mut acc = 0.0;
        for (i, w) in weights.iter().enumerate() {
            acc += w;
            if draw < acc && *w > 0.0 {
                return i;
            }
        }
        weights.iter().rposition(|w| *w > 0.0).unwrap_or(0)
    }
}

/// SplitMix64's finaliser: a well-spread 64-bit value from any input.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A value in [0, 1) from 53 bits.
fn unit(x: u64) -> f64 {
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// The UCI convention `UCI_LimitStrength` + `UCI_Elo`: a nominal scale of 100 Elo per level,
/// level 0 at [`ELO_MIN`] and full strength at [`ELO_MAX`] (what the levels measure against
/// HaChu is in docs/levels.md; UCI GUIs only need a monotonic scale).
pub fn level_for_elo(elo: u32) -> u8 {
    let elo = elo.clamp(ELO_MIN, ELO_MAX);
    let step = (ELO_MAX - ELO_MIN) / MAX_LEVEL as u32;
    ((elo - ELO_MIN) / step).min(MAX_LEVEL as u32) as u8
}

/// Lowest `UCI_Elo`: level 0.
pub const ELO_MIN: u32 = 500;
/// Highest `UCI_Elo`: full strength.
pub const ELO_MAX: u32 = 2500;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, RuleSet, Variant};

    fn lines(scores: &[i32]) -> Vec<(i32, Vec<Move>)> {
        let mut pos = Position::start(Variant::Chu, RuleSet::Seed);
        let moves = pos.game_moves();
        scores
            .iter()
            .zip(moves)
            .map(|(s, m)| (*s, vec![m]))
            .collect()
    }

    #[test]
    fn full_strength_has_no_skill() {
        assert_eq!(Skill::at(MAX_LEVEL, 0), None);
        assert!(Skill::at(MAX_LEVEL - 1, 0).is_some());
    }

    #[test]
    fn levels_grow_monotonically() {
        let plans: Vec<Plan> = (0..MAX_LEVEL)
            .map(|l| Skill::at(l, 0).unwrap().plan())
            .collect();
        for w in plans.windows(2) {
            assert!(w[0].node_budget < w[1].node_budget, "{w:?}");
            assert!(w[0].temperature >= w[1].temperature, "{w:?}");
            assert!(w[0].max_loss >= w[1].max_loss, "{w:?}");
        }
        assert_eq!(plans[0].depth_tenths, Some(10));
        assert!(plans[19].depth_tenths.is_none());
        for w in plans.windows(2) {
            if let (Some(a), Some(b)) = (w[0].depth_tenths, w[1].depth_tenths) {
                assert!(a < b, "{w:?}");
            }
        }
    }

    #[test]
    fn never_a_line_beyond_max_loss_nor_a_mated_one() {
        for level in 0..MAX_LEVEL {
            let plan = Skill::at(level, 0).unwrap().plan();
            let ls = lines(&[50, 50 - plan.max_loss - 1, -score::MATE + 3, 40]);
            for key in 0..500u64 {
                let i = plan.choose(&ls, key, 7);
                assert!(i == 0 || i == 3, "level {level} chose {i}");
            }
        }
    }

    #[test]
    fn fractional_depth_caps_are_drawn_per_position() {
        let plan = Skill::at(1, 0).unwrap().plan();
        assert_eq!(plan.depth_tenths, Some(14));
        let deeper = (0..1000u64)
            .filter(|k| plan.max_depth(*k, 0) == Some(2))
            .count();
        assert!((300..500).contains(&deeper), "{deeper} of 1000 at depth 2");
        assert!((0..1000u64).all(|k| matches!(plan.max_depth(k, 0), Some(1 | 2))));
        assert_eq!(Skill::at(0, 0).unwrap().plan().max_depth(5, 0), Some(1));
    }

    #[test]
    fn a_winning_mate_is_always_played() {
        let plan = Skill::at(0, 0).unwrap().plan();
        let ls = lines(&[score::MATE - 5, 300, 290]);
        assert!((0..200).all(|k| plan.choose(&ls, k, 1) == 0));
    }

    #[test]
    fn low_levels_vary_high_levels_mostly_play_the_best() {
        let ls = lines(&[0, -20, -40, -60]);
        let share_best = |level: u8| {
            let plan = Skill::at(level, 0).unwrap().plan();
            (0..1000u64)
                .filter(|k| plan.choose(&ls, *k, 3) == 0)
                .count()
        };
        let (low, high) = (share_best(0), share_best(19));
        assert!(low < 450, "level 0 played the best {low} times in 1000");
        assert!(high > 850, "level 19 played the best {high} times in 1000");
    }

    #[test]
    fn the_same_key_and_seed_give_the_same_choice() {
        let plan = Skill::at(5, 0).unwrap().plan();
        let ls = lines(&[0, -10, -20, -30]);
        let a: Vec<usize> = (0..100).map(|k| plan.choose(&ls, k, 9)).collect();
        let b: Vec<usize> = (0..100).map(|k| plan.choose(&ls, k, 9)).collect();
        let c: Vec<usize> = (0..100).map(|k| plan.choose(&ls, k, 10)).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn elo_maps_onto_the_levels() {
        assert_eq!(level_for_elo(0), 0);
        assert_eq!(level_for_elo(ELO_MIN), 0);
        assert_eq!(level_for_elo(ELO_MAX), MAX_LEVEL);
        assert_eq!(level_for_elo(99_999), MAX_LEVEL);
        assert!(level_for_elo(1500) > 0 && level_for_elo(1500) < MAX_LEVEL);
    }
}
