//! The positional weights of the hand-set evaluation: the numbers a Texel fit
//! ([`crate::train::fit`]) may change. Material is not among them: the German values and the
//! promotion share a piece always carries stay the base that move ordering, pruning margins
//! and exchange evaluation use ([`super::piece_value`]); what is fitted is the judgement
//! around them (docs/eval.md, "Terms"; docs/training.md, "Fitting the hand-set weights").

use crate::rules::Variant;

/// The fittable weights of one game's evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Dai dai: share of a promotable piece's promotion gain paid while it can capture at
    /// once (a capture promotes it).
    pub capture_share: f64,
    /// Dai dai: per rank a pawn has advanced past the sixth.
    pub pawn_advance: f64,
    /// Per rank a royal stands beyond its third (a pull back home while the board is full).
    pub royal_pull: f64,
    /// Centralisation per step towards the centre: lions and lion-line pieces without a
    /// long slide.
    pub centre_lion: i32,
    /// The same for other short-range pieces (steppers and jumpers).
    pub centre_step: i32,
    /// Per empty square at the start of a slider's long line (up to two per line).
    pub mobility: i32,
    /// Royal safety: per weighted enemy piece next to a royal.
    pub attacker_near: i32,
    /// Royal safety: per weighted enemy piece two squares from a royal.
    pub attacker_far: i32,
    /// Bonus by the number (0–4+) of friendly pieces next to a royal.
    pub guard: [i32; 5],
}

/// A weight as the fit sees it: one number, with its name and the step it is moved by.
pub struct Param {
    pub name: &'static str,
    /// The smallest change worth trying (1 for integer weights).
    pub step: f64,
    get: fn(&Weights) -> f64,
    set: fn(&mut Weights, f64),
}

impl Param {
    /// The weight's value in `w`.
    pub fn get(&self, w: &Weights) -> f64 {
        (self.get)(w)
    }

    /// Sets the weight in `w` (rounded for integer weights).
    pub fn set(&self, w: &mut Weights, v: f64) {
        (self.set)(w, v)
    }
}

macro_rules! float_param {
    ($name:literal, $field:ident, $step:expr) => {
        Param {
            name: $name,
            step: $step,
            get: |w| w.$field,
            set: |w, v| w.$field = v,
        }
    };
}

macro_rules! int_param {
    ($name:literal, $($field:tt)+) => {
        Param {
            name: $name,
            step: 1.0,
            get: |w| f64::from(w.$($field)+),
            set: |w, v| w.$($field)+ = v.round() as i32,
        }
    };
}

/// Every fittable weight, in the order the fit visits them.
pub const PARAMS: &[Param] = &[
    float_param!("capture_share", capture_share, 0.01),
    float_param!("pawn_advance", pawn_advance, 0.5),
    float_param!("royal_pull", royal_pull, 1.0),
    int_param!("centre_lion", centre_lion),
    int_param!("centre_step", centre_step),
    int_param!("mobility", mobility),
    int_param!("attacker_near", attacker_near),
    int_param!("attacker_far", attacker_far),
    int_param!("guard0", guard[0]),
    int_param!("guard1", guard[1]),
    int_param!("guard2", guard[2]),
    int_param!("guard3", guard[3]),
    int_param!("guard4", guard[4]),
];

impl Weights {
    /// The weights the engine plays with, set by hand: chu's are the base its network
    /// corrects, and a fit to dai dai's data finds none better (docs/training.md).
    pub fn hand_set(variant: Variant) -> Weights {
        let chu = variant == Variant::Chu;
        Weights {
            capture_share: if chu { 0.0 } else { 0.15 },
            pawn_advance: if chu { 0.0 } else { 4.0 },
            royal_pull: 8.0,
            centre_lion: if chu { 4 } else { 3 },
            centre_step: if chu { 3 } else { 2 },
            mobility: if chu { 3 } else { 2 },
            attacker_near: 24,
            attacker_far: 10,
            guard: [-30, -10, 0, 10, 16],
        }
    }
}
