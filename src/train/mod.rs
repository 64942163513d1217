//! `shishi train`: a network from self-play shards (docs/training.md). The trainer is Rust in
//! the engine's crate so that it reads the data with the engine's own checks, computes the
//! same features and the same hand-set evaluation the engine adds the network to, and checks
//! the exported integer network with the engine's own inference: no second implementation to
//! drift, and nothing to install on a two-core machine without a GPU.
//!
//! The model: both perspectives' accumulators (a first layer of [`Settings::hidden`] units
//! over the active features), clipped to [0, 1], one output neuron; the prediction is
//! `sigmoid((hand + w(hand) · scale · output) / K)` against the target
//! `λ · sigmoid(score / K) + (1 − λ) · result`, squared error, Adam on minibatches.
//! `K` is fitted to the data first (the scale at which the search's scores best predict the
//! results, as Texel tuning does). `w` is the engine's weight of the correction
//! ([`correction_weight`]: 1 up to a lead of 800, none from 1 600), so the network is fitted to
//! the evaluation the engine computes with it.

pub mod data;
pub mod factors;
pub mod fit;
pub mod plot;
#[cfg(test)]
mod tests;

use crate::datagen::selfplay::splitmix;
use crate::eval::correction_weight;
use crate::nnue::features::{self, MAX_HIDDEN};
use crate::nnue::network::{self, Network, QA, QB};
use crate::nnue::simd::Width;
use crate::rules::Variant;
use data::Dataset;
use rayon::prelude::*;

/// Pawn units of a network output of 1.0.
pub const OUTPUT_SCALE: f32 = 1000.0;
/// Bound of a first-layer weight, so that quantized weights stay inside i16 (1.98 · QA).
const W1_CLIP: f32 = 1.98;
/// Bound of an output weight (quantized: ±31 · QB, so a half sum stays inside i32).
const W2_CLIP: f32 = 31.0;

/// Largest accumulator (1.0 = QA) the export lets a unit reach on any board: the reader's
/// `ACC_LIMIT` of 32 767 / QA ≈ 32.0, less room for each square's rounding (at most half a
/// unit on each of dai dai's 289 squares: 0.14).
const ACC_BOUND: f32 = 31.5;

/// Bound of a first-layer bias (quantized: ±100 · QA, inside the reader's 2^20).
const B1_CLIP: f32 = 100.0;
/// Bound of the output bias (quantized: ±1000 · QA · QB, about 10^9, inside i32).
const B2_CLIP: f32 = 1000.0;

/// How a network is trained.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Weight of the search's score in the target (the rest is the game's result).
    pub lambda: f32,
    /// With n > 0 the search's part of the target is the mean expectation of the searches
    /// of the position and of its game's positions up to n plies later (each turned to this
    /// side's view), instead of this position's search alone.
    pub lookahead: u32,
    /// Initial weights and the order of the positions.
    pub seed: u64,
    /// Train with virtual features ([`factors`]), folded into the real ones at export.
    pub factorise: bool,
    /// Hidden units per perspective: a width the engine reads
    /// ([`network::check_width`]), written into the file.
    pub hidden: usize,
}

/// The float model the trainer fits.
#[derive(Clone)]
pub struct Model {
    variant: Variant,
    /// Whether `w1` holds the rows of [`factors`] after the real features' rows.
    factorised: bool,
    /// Hidden units per perspective.
    width: Width,
    /// Feature-major: `w1[f * hidden + i]`.
    w1: Vec<f32>,
    /// `hidden` long.
    b1: Vec<f32>,
    /// The side to move's half, then the other side's, each `hidden` long.
    w2: Vec<f32>,
    b2: f32,
}

/// One perspective's float accumulator: the first `hidden` lanes are the model's (an array,
/// not a vector, so that a position's forward pass allocates nothing).
type Acc = [f32; MAX_HIDDEN];

/// One epoch's losses.
#[derive(Copy, Clone, Debug)]
pub struct EpochLoss {
    /// Mean loss over the training positions, measured during the epoch.
    pub train: f64,
    /// Mean loss over the validation positions after the epoch.
    pub validation: f64,
}

/// What a training run produced.
pub struct Trained {
    /// The fitted sigmoid scale K.
    pub k: f32,
    /// Validation loss of the hand-set evaluation alone (the network's output at zero).
    pub hand_validation: f64,
    /// Losses per epoch.
    pub epochs: Vec<EpochLoss>,
    /// The network of the epoch with the lowest validation loss, quantized.
    pub network: Network,
    /// Mean |float − integer| output over the validation positions, in pawn units (with the
    /// scaling of `scaled_units` in it).
    pub quantization_error: f64,
    /// Units whose first-layer weights and bias were scaled down at export, with the factor,
    /// so that no board takes their accumulator out of i16 ([`Model::bounded`]).
    pub scaled_units: Vec<(usize, f32)>,
}

pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The K that makes `sigmoid(score / K)` predict the results (1, 0.5, 0) best
/// (golden-section search).
pub fn fit_k(score: &[f32], result: &[f32]) -> f32 {
    let loss = |k: f32| -> f64 {
        score
            .iter()
            .zip(result)
            .map(|(&s, &r)| {
                let d = sigmoid(s / k) - r;
                f64::from(d * d)
            })
            .sum()
    };
    let (mut lo, mut hi) = (50.0f32, 5000.0f32);
    for _ in 0..40 {
        let (a, b) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

impl Model {
    fn new(variant: Variant, width: Width, seed: u64, factorised: bool) -> Model {
        let hidden = width.get();
        // Initial weights spread over ±0.1 on chu's 144 squares, and as much less on a larger
        // board: the reader bounds a unit's reach on any board by a weight per square
        // ([`Network::accumulator_range`]), and on dai dai's 289 squares chu's spread alone
        // takes it to about 30 000 of the 32 767 it accepts before any training.
        let spread = 0.2 * (144.0 / (variant.side() * variant.side()) as f32);
        let mut state = seed;
        let mut random =
            || ((splitmix(&mut state) >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * spread;
        let real = features::count(variant) * hidden;
        let w1 = if factorised {
            // Each piece starts with its kind factor's random row, as an unfactorised model
            // starts with its feature's: the other rows start at zero, so a feature no
            // training position holds exports what its kind, rank and square learned, and
            // no noise of its own.
            let kinds = 2 * features::kinds(variant) * hidden;
            let mut w1 = vec![0.0; real + factors::count(variant) * hidden];
            w1[real..real + kinds]
                .iter_mut()
                .for_each(|w| *w = random());
            w1
        } else {
            (0..real).map(|_| random()).collect()
        };
        Model {
            variant,
            factorised,
            width,
            w1,
            b1: vec![0.1; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    /// Calls `visit` with each row feature `f` trains: its own, and with factors its
    /// virtual features'.
    #[inline]
    fn rows_of(&self, f: u32, mut visit: impl FnMut(usize)) {
        visit(f as usize);
        if self.factorised {
            factors::of(self.variant, f)
                .into_iter()
                .for_each(|v| visit(v as usize));
        }
    }

    fn accumulate(&self, active: &[u32]) -> Acc {
        let h = self.width.get();
        let mut acc = [0.0; MAX_HIDDEN];
        acc[..h].copy_from_slice(&self.b1);
        for &f in active {
            self.rows_of(f, |r| {
                let row = &self.w1[r * h..(r + 1) * h];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            });
        }
        acc
    }

    /// Output (1.0 = [`OUTPUT_SCALE`] pawn units) and both accumulators.
    fn forward(&self, us: &[u32], them: &[u32]) -> (f32, Acc, Acc) {
        let (a, b) = (self.accumulate(us), self.accumulate(them));
        let (h, mut out) = (self.width.get(), self.b2);
        for i in 0..h {
            out += a[i].clamp(0.0, 1.0) * self.w2[i] + b[i].clamp(0.0, 1.0) * self.w2[h + i];
        }
        (out, a, b)
    }

    /// The position's prediction and target, and the loss.
    fn loss_of(&self, data: &Dataset, i: usize, k: f32, targets: &[f32]) -> (f32, f32, f32) {
        let (us, them) = data.features_of(i);
        let (out, _, _) = self.forward(us, them);
        let p = prediction(data.hand[i], out, k);
        let t = targets[i];
        (p, t, (p - t) * (p - t))
    }

    /// Mean loss over `indices`.
    fn mean_loss(&self, data: &Dataset, indices: &[usize], k: f32, targets: &[f32]) -> f64 {
        let sum: f64 = indices
            .par_iter()
            .map(|&i| f64::from(self.loss_of(data, i, k, targets).2))
            .sum();
        sum / indices.len().max(1) as f64
    }

    /// The first-layer row of real feature `f` as exported: its own and its virtual
    /// features' weights added up, each kept inside the bound every trained weight keeps.
    fn folded_row(&self, f: u32) -> Acc {
        let h = self.width.get();
        let mut row = [0.0f32; MAX_HIDDEN];
        self.rows_of(f, |r| {
            let weights = &self.w1[r * h..(r + 1) * h];
            row.iter_mut().zip(weights).for_each(|(a, w)| *a += w);
        });
        row.map(|w| w.clamp(-W1_CLIP, W1_CLIP))
    }

    /// The model with every unit that some board could take beyond ±[`ACC_BOUND`] scaled
    /// into it, and the units scaled with their factors.
    ///
    /// The reader refuses such a network (`Network::accumulator_range`: each square holding
    /// the piece that pulls the unit furthest, a board no game reaches), and training bounds
    /// each weight, not the sum over a board, so a wide network on much data can cross the
    /// line: 64 units on 10 million chu positions reached 32 984 in one unit. Scaling a
    /// unit's weights and bias by s < 1 changes its activation from clamp(a) to clamp(s·a),
    /// which for s near 1 is a change of the size of quantization itself; the trainer says
    /// which units it scaled, and the quantization error it reports includes the change.
    pub fn bounded(&self) -> (Model, Vec<(usize, f32)>) {
        let h = self.width.get();
        let mut model = self.clone();
        let mut factors = vec![1.0f32; h];
        // A weight clipped at export shrinks less than its unit, so a scaled unit is measured
        // again; each pass takes every unit over the line at least to its clip, so few do.
        for _ in 0..8 {
            let reach = model.reach();
            let over: Vec<usize> = (0..h).filter(|&i| reach[i] > ACC_BOUND).collect();
            if over.is_empty() {
                break;
            }
            for i in over {
                let s = ACC_BOUND / reach[i];
                model.b1[i] *= s;
                model.w1.chunks_exact_mut(h).for_each(|row| row[i] *= s);
                factors[i] *= s;
            }
        }
        let scaled = (0..h)
            .filter(|&i| factors[i] < 1.0)
            .map(|i| (i, factors[i]))
            .collect();
        (model, scaled)
    }

    /// Per unit, how far from zero the exported accumulator of some board can be: the
    /// reader's bound (`Network::accumulator_range`) on the float weights.
    fn reach(&self) -> Vec<f32> {
        let squares = self.variant.side() * self.variant.side();
        let (mut most, mut least) = (
            vec![[0.0f32; MAX_HIDDEN]; squares],
            vec![[0.0f32; MAX_HIDDEN]; squares],
        );
        for f in 0..features::count(self.variant) {
            let sq = f % squares;
            for (i, w) in self.folded_row(f as u32).into_iter().enumerate() {
                most[sq][i] = most[sq][i].max(w);
                least[sq][i] = least[sq][i].min(w);
            }
        }
        (0..self.width.get())
            .map(|i| {
                let hi = self.b1[i] + most.iter().map(|m| m[i]).sum::<f32>();
                let lo = self.b1[i] + least.iter().map(|l| l[i]).sum::<f32>();
                hi.max(-lo)
            })
            .collect()
    }

    /// The integer network the engine runs.
    pub fn quantize(&self) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round();
        let h = self.width.get();
        let b1: Vec<i32> = self.b1.iter().map(|&f| q(f, QA) as i32).collect();
        let w2: Vec<i16> = self.w2.iter().map(|&f| q(f, QB) as i16).collect();
        // Each real feature's weights with its virtual features' folded in (none without
        // factors), kept inside the bound every trained weight keeps.
        let real = features::count(self.variant);
        let mut w1 = Vec::with_capacity(real * h);
        for f in 0..real as u32 {
            w1.extend(self.folded_row(f)[..h].iter().map(|&w| q(w, QA) as i16));
        }
        Network::new(
            self.variant,
            self.width,
            OUTPUT_SCALE as i32,
            w1,
            &b1,
            &w2,
            q(self.b2, QA * QB) as i32,
        )
    }
}

/// The model's expected result for the side to move: the engine's evaluation (the hand-set
/// score plus the network's faded correction) through the fitted sigmoid.
fn prediction(hand: f32, out: f32, k: f32) -> f32 {
    sigmoid((hand + correction_weight(hand) * OUTPUT_SCALE * out) / k)
}

/// Every position's target: `λ · e + (1 − λ) · result`, where `e` is the search's expected
/// result `sigmoid(score / K)`, or with a lookahead of n plies the mean of that expectation
/// over the kept positions of the same game from this one to n plies later, each turned to
/// this side's view. What the game showed a few moves on is a later, better-informed search
/// of where this position was heading; a network fitted to it may learn what a deeper search
/// would see, where fitting the position's own search teaches what a 5000-node search
/// already finds (and a deeper one finds without help).
pub fn targets(data: &Dataset, k: f32, lambda: f32, lookahead: u32) -> Vec<f32> {
    let mut out = Vec::with_capacity(data.len());
    let mut start = 0;
    while start < data.len() {
        let end = (start..data.len())
            .find(|&j| data.game[j] != data.game[start])
            .unwrap_or(data.len());
        // A reflected copy follows its position with the same ply: both windows start at
        // the first entry of that ply, so they weigh the same searches alike.
        let mut from = start;
        for i in start..end {
            if data.ply[i] != data.ply[from] {
                from = i;
            }
            let (mut sum, mut n) = (0.0f32, 0u32);
            for j in from..end {
                // A shard lists a game's positions in the order played; should one not,
                // the window ends where the plies stop rising.
                let Some(later) = data.ply[j].checked_sub(data.ply[i]) else {
                    break;
                };
                if later > lookahead {
                    break;
                }
                let score = if later.is_multiple_of(2) {
                    data.score[j]
                } else {
                    -data.score[j]
                };
                sum += sigmoid(score / k);
                n += 1;
            }
            let expectation = sum / n as f32;
            out.push(lambda * expectation + (1.0 - lambda) * data.result[i]);
        }
        start = end;
    }
    out
}

/// Gradients of one minibatch: dense, since a batch of thousands of positions touches most
/// feature rows anyway.
struct Grads {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    loss: f64,
}

impl Grads {
    /// Zero gradients of `model`'s weights.
    fn zero(model: &Model) -> Grads {
        Grads {
            w1: vec![0.0; model.w1.len()],
            b1: vec![0.0; model.b1.len()],
            w2: vec![0.0; model.w2.len()],
            b2: 0.0,
            loss: 0.0,
        }
    }

    fn add(mut self, other: Grads) -> Grads {
        self.w1.iter_mut().zip(&other.w1).for_each(|(a, b)| *a += b);
        self.b1.iter_mut().zip(&other.b1).for_each(|(a, b)| *a += b);
        self.w2.iter_mut().zip(&other.w2).for_each(|(a, b)| *a += b);
        self.b2 += other.b2;
        self.loss += other.loss;
        self
    }

    fn accumulate(&mut self, model: &Model, data: &Dataset, i: usize, k: f32, targets: &[f32]) {
        let (us, them) = data.features_of(i);
        let (out, a, b) = model.forward(us, them);
        let p = prediction(data.hand[i], out, k);
        let w = correction_weight(data.hand[i]);
        let t = targets[i];
        self.loss += f64::from((p - t) * (p - t));
        let d_out = 2.0 * (p - t) * p * (1.0 - p) * w * OUTPUT_SCALE / k;
        self.b2 += d_out;
        let h = model.width.get();
        for (acc, active, half) in [(&a, us, 0), (&b, them, h)] {
            let mut d_acc = [0.0f32; MAX_HIDDEN];
            for j in 0..h {
                self.w2[half + j] += d_out * acc[j].clamp(0.0, 1.0);
                if acc[j] > 0.0 && acc[j] < 1.0 {
                    d_acc[j] = d_out * model.w2[half + j];
                }
            }
            self.b1.iter_mut().zip(&d_acc).for_each(|(g, d)| *g += d);
            for &f in active {
                model.rows_of(f, |r| {
                    let row = &mut self.w1[r * h..(r + 1) * h];
                    for (g, d) in row.iter_mut().zip(&d_acc) {
                        *g += d;
                    }
                });
            }
        }
    }
}

/// Adam's moments for every weight, in the model's order.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, model: &mut Model, g: &Grads, lr: f32, batch: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let scale = 1.0 / batch as f32;
        let mut k = 0;
        let mut update = |w: &mut f32, grad: f32, clip: f32| {
            let grad = grad * scale;
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * grad;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * grad * grad;
            *w -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
            *w = w.clamp(-clip, clip);
            k += 1;
        };
        for (w, &gr) in model.w1.iter_mut().zip(&g.w1) {
            update(w, gr, W1_CLIP);
        }
        for (w, &gr) in model.b1.iter_mut().zip(&g.b1) {
            update(w, gr, B1_CLIP);
        }
        for (w, &gr) in model.w2.iter_mut().zip(&g.w2) {
            update(w, gr, W2_CLIP);
        }
        update(&mut model.b2, g.b2, B2_CLIP);
    }
}

/// Trains a network on `data`; `report` sees each epoch's losses as they come.
pub fn train(
    variant: Variant,
    data: &Dataset,
    settings: &Settings,
    report: &mut dyn FnMut(usize, &EpochLoss),
) -> Result<Trained, String> {
    let width = network::check_width(settings.hidden)
        .map_err(|e| format!("a network of {} hidden units; {e}", settings.hidden))?;
    let (mut training, validation): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&i| !data.validation[i]);
    if training.is_empty() || validation.is_empty() {
        return Err(format!(
            "{} training and {} validation positions: need some of each (more games)",
            training.len(),
            validation.len()
        ));
    }
    let k = fit_k(&data.score, &data.result);
    let targets = targets(data, k, settings.lambda, settings.lookahead);
    let mut model = Model::new(variant, width, settings.seed, settings.factorise);
    let hand_validation = {
        let mut zero = model.clone();
        zero.w2.fill(0.0);
        zero.b2 = 0.0;
        zero.mean_loss(data, &validation, k, &targets)
    };
    let n = model.w1.len() + 3 * settings.hidden + 1;
    let mut adam = Adam {
        m: vec![0.0; n],
        v: vec![0.0; n],
        t: 0,
    };
    let mut state = settings.seed ^ 0x5eed;
    let mut epochs = Vec::new();
    let mut best: Option<(f64, Model)> = None;
    let batch = settings.batch.max(1);
    for epoch in 0..settings.epochs {
        for i in (1..training.len()).rev() {
            let j = (splitmix(&mut state) % (i as u64 + 1)) as usize;
            training.swap(i, j);
        }
        let mut train_loss = 0.0;
        for chunk in training.chunks(batch) {
            let parts = rayon::current_num_threads().max(1);
            let per = chunk.len().div_ceil(parts);
            let g = chunk
                .par_chunks(per)
                .map(|part| {
                    let mut g = Grads::zero(&model);
                    for &i in part {
                        g.accumulate(&model, data, i, k, &targets);
                    }
                    g
                })
                .reduce_with(Grads::add)
                .expect("a batch is never empty");
            train_loss += g.loss;
            adam.step(&mut model, &g, settings.learning_rate, chunk.len());
        }
        let loss = EpochLoss {
            train: train_loss / training.len() as f64,
            validation: model.mean_loss(data, &validation, k, &targets),
        };
        report(epoch, &loss);
        if best.as_ref().is_none_or(|(v, _)| loss.validation < *v) {
            best = Some((loss.validation, model.clone()));
        }
        epochs.push(loss);
    }
    let model = best
        .map(|(_, m)| m)
        .ok_or("no epoch was trained (--epochs 0)")?;
    let (exported, scaled_units) = model.bounded();
    let network = exported.quantize();
    let quantization_error = validation
        .iter()
        .map(|&i| {
            let (us, them) = data.features_of(i);
            let float = f64::from(OUTPUT_SCALE * model.forward(us, them).0);
            let int = network.output(&network.accumulate(us), &network.accumulate(them));
            (float - f64::from(int)).abs()
        })
        .sum::<f64>()
        / validation.len() as f64;
    // The engine reads the file, not this value: what it reads back is what is returned.
    let network = Network::from_bytes(&network.to_bytes())?;
    Ok(Trained {
        k,
        hand_validation,
        epochs,
        network,
        quantization_error,
        scaled_units,
    })
}
