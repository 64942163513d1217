//! `shishi fit`: the hand-set evaluation's positional weights ([`Weights`]) fitted to
//! self-play shards, Texel-style. Dai dai has too little data for a network of its own (a
//! 17×17 board needs millions of positions), but a dozen weights are fitted well by tens of
//! thousands: the fit moves one weight at a time by its step while the squared error between
//! `sigmoid(eval / K)` and the target falls, and stops when no single step helps
//! (docs/training.md, "Fitting the hand-set weights").
//!
//! The target is the trainer's: `λ · sigmoid(score / K) + (1 − λ) · result`, with `K` fitted
//! to the data first, so a fit and a network are judged by the same yardstick.

use super::data::{is_validation, open_shard};
use super::{fit_k, sigmoid};
use crate::eval::{HandEval, PARAMS, Weights};
use crate::rules::{Position, Variant};
use rayon::prelude::*;

/// The positions of a fit and what each should score.
pub struct FitData {
    pub variant: Variant,
    positions: Vec<Position>,
    /// The search's score, side to move's view.
    score: Vec<f32>,
    /// The game's result for the side to move: 1, 0.5, 0.
    result: Vec<f32>,
    /// Whether the position belongs to the validation set (a whole game at a time).
    validation: Vec<bool>,
}

impl FitData {
    /// Reads `paths` (shards of one game), keeping one game in `validation_every` for
    /// validation, chosen as the trainer chooses it.
    pub fn load(paths: &[String], validation_every: u64) -> Result<FitData, String> {
        let mut variant = None;
        let (mut positions, mut score, mut result, mut validation) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for path in paths {
            let mut reader = open_shard(path, &mut variant)?;
            let seed = reader.header().seed;
            while let Some((sample, pos)) =
                reader.next_sample().map_err(|e| format!("{path}: {e}"))?
            {
                // Fallible, as the trainer's data (train/data.rs): an error line, not an abort.
                positions.try_reserve(1).map_err(|_| {
                    format!("no memory for more than {} positions", positions.len())
                })?;
                positions.push(pos);
                score.push(sample.score as f32);
                result.push((f32::from(sample.result) + 1.0) / 2.0);
                validation.push(is_validation(seed, sample.game, validation_every));
            }
        }
        let variant = variant.ok_or("no data given")?;
        if positions.is_empty() {
            return Err("the data holds no position".into());
        }
        let held_out = validation.iter().filter(|&&v| v).count();
        if held_out == 0 || held_out == positions.len() {
            return Err(format!(
                "{} training and {held_out} validation positions: need some of each (more games, or another --validation-every)",
                positions.len() - held_out
            ));
        }
        Ok(FitData {
            variant,
            positions,
            score,
            result,
            validation,
        })
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Number of validation positions.
    pub fn validation_len(&self) -> usize {
        self.validation.iter().filter(|&&v| v).count()
    }
}

/// Training and validation loss of one set of weights.
#[derive(Copy, Clone, Debug)]
pub struct FitLoss {
    pub train: f64,
    pub validation: f64,
}

/// What a fit produced.
pub struct Fitted {
    /// The fitted sigmoid scale K.
    pub k: f32,
    /// The weights the fit started from and their losses.
    pub start: (Weights, FitLoss),
    /// The fitted weights and their losses.
    pub end: (Weights, FitLoss),
    /// Passes made over the weights.
    pub passes: usize,
}

/// The squared-error losses of the evaluation with weights `w` against `targets`.
fn losses(data: &FitData, targets: &[f32], k: f32, w: &Weights) -> FitLoss {
    let eval = HandEval::new(data.variant, w);
    let (train, validation, n_train, n_validation) = (0..data.len())
        .into_par_iter()
        .map(|i| {
            let d = sigmoid(eval.evaluate(&data.positions[i]) as f32 / k) - targets[i];
            let e = f64::from(d * d);
            if data.validation[i] {
                (0.0, e, 0usize, 1usize)
            } else {
                (e, 0.0, 1, 0)
            }
        })
        .reduce(
            || (0.0, 0.0, 0, 0),
            |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3),
        );
    FitLoss {
        train: train / n_train.max(1) as f64,
        validation: validation / n_validation.max(1) as f64,
    }
}

/// Fits the weights of `data`'s game from `start`: coordinate descent on the training loss,
/// each weight moved by its step while that lowers the loss, for at most `max_passes` passes
/// over the weights (fewer when a pass changes nothing). `lambda` weighs the search's score
/// against the game's result in the target. `progress` hears each pass's losses.
pub fn fit(
    data: &FitData,
    start: Weights,
    lambda: f32,
    max_passes: usize,
    progress: &mut dyn FnMut(usize, &Weights, FitLoss),
) -> Fitted {
    let k = fit_k(&data.score, &data.result);
    let targets: Vec<f32> = data
        .score
        .iter()
        .zip(&data.result)
        .map(|(&s, &r)| lambda * sigmoid(s / k) + (1.0 - lambda) * r)
        .collect();
    let start_loss = losses(data, &targets, k, &start);
    let (mut best, mut best_loss) = (start, start_loss);
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut changed = false;
        for param in PARAMS {
            for direction in [1.0, -1.0] {
                let mut moved = false;
                loop {
                    let mut candidate = best;
                    param.set(&mut candidate, param.get(&best) + direction * param.step);
                    if candidate == best {
                        break;
                    }
                    let loss = losses(data, &targets, k, &candidate);
                    if loss.train >= best_loss.train {
                        break;
                    }
                    (best, best_loss, moved) = (candidate, loss, true);
                }
                if moved {
                    changed = true;
                    break;
                }
            }
        }
        progress(passes, &best, best_loss);
        if !changed {
            break;
        }
    }
    Fitted {
        k,
        start: (start, start_loss),
        end: (best, best_loss),
        passes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::test_util::{Rng, random_positions};
    use crate::rules::RuleSet;

    /// Dai dai positions scored by an evaluation whose mobility and far-attacker weights
    /// differ from the hand-set ones: a fit from the hand-set weights must find them again.
    #[test]
    fn a_fit_recovers_the_weights_that_scored_its_data() {
        let variant = Variant::DaiDai;
        let positions = random_positions(variant, RuleSet::Seed, &mut Rng(7), 6, 20, 10, 200);
        assert!(positions.len() > 60, "{}", positions.len());
        let start = Weights::hand_set(variant);
        let truth = Weights {
            mobility: start.mobility + 4,
            attacker_far: start.attacker_far + 6,
            ..start
        };
        let eval = HandEval::new(variant, &truth);
        let score: Vec<f32> = positions.iter().map(|p| eval.evaluate(p) as f32).collect();
        let n = positions.len();
        let data = FitData {
            variant,
            positions,
            // Results as a K of 400 would predict them, so that the fitted K is 400.
            result: score.iter().map(|&s| sigmoid(s / 400.0)).collect(),
            score,
            validation: (0..n).map(|i| i % 5 == 0).collect(),
        };
        let mut passes_heard = 0;
        let fitted = fit(&data, start, 1.0, 30, &mut |_, _, _| passes_heard += 1);
        assert_eq!(passes_heard, fitted.passes);
        let (w, loss) = fitted.end;
        assert!(
            loss.train < fitted.start.1.train / 10.0,
            "{loss:?} against {:?}",
            fitted.start.1
        );
        assert!(loss.validation < fitted.start.1.validation / 10.0);
        assert!((w.mobility - truth.mobility).abs() <= 1, "{w:?}");
        assert!((w.attacker_far - truth.attacker_far).abs() <= 2, "{w:?}");
    }
}
