//! Match statistics from win/draw/loss counts: Elo difference with a 95 % error margin, the
//! likelihood of superiority, and the generalized SPRT on trinomial results. Pure functions.
//!
//! Conventions (those of cutechess-cli and fishtest, so the numbers compare):
//! - score `s = (W + D/2) / N`; Elo `= -400 log10(1/s - 1)` (logistic);
//! - the error is half the width of the Elo interval mapped from `s ± 1.96 σ/√N`, with `σ²` the
//!   per-game variance of the observed results;
//! - LOS `= Φ((W - L) / √(W + L))` (draws carry no information);
//! - SPRT: the GSPRT log-likelihood ratio of fishtest's trinomial approximation,
//!   `LLR = N (s1 - s0)(2s - s0 - s1) / (2 σ²)`, with `s0`, `s1` the scores of logistic Elo `elo0`,
//!   `elo1`, and Wald's bounds `ln(β/(1-α))`, `ln((1-β)/α)`.

/// Win, draw and loss counts from one side's point of view.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Number of scored games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / n as f64
        }
    }

    /// The same counts seen from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Per-game variance of the results around the mean score.
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
}

/// Logistic Elo difference for a mean score (±∞ at 1 and 0).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score for a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference and the half-width of its 95 % interval (`None` for the error when it is
/// unbounded: no games, or all games won or all lost).
pub fn elo_with_error(r: &Wdl) -> (f64, Option<f64>) {
    let n = r.games() as f64;
    let s = r.score();
    let elo = elo_from_score(s);
    if n == 0.0 || !elo.is_finite() {
        return (elo, None);
    }
    let se = (r.variance() / n).sqrt();
    let lo = elo_from_score(s - 1.959_963_985 * se);
    let hi = elo_from_score(s + 1.959_963_985 * se);
    if !lo.is_finite() || !hi.is_finite() {
        return (elo, None);
    }
    (elo, Some((hi - lo) / 2.0))
}

/// Likelihood of superiority, in [0, 1].
pub fn los(r: &Wdl) -> f64 {
    let decisive = (r.wins + r.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((r.wins as f64 - r.losses as f64) / (2.0 * decisive).sqrt()))
}

/// The error function: its Maclaurin series below 2.5, the continued fraction of erfc above
/// (accurate to about 1e-13 everywhere).
pub fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // Maclaurin series: erf x = 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x2 / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * std::f64::consts::FRAC_2_SQRT_PI
    } else {
        // Continued fraction for erfc (Lentz), converges fast for x ≥ 2.5.
        let mut f = x;
        let tiny = 1e-300;
        let mut c = f;
        let mut d = 0.0;
        for k in 1..200 {
            let a = k as f64 / 2.0;
            d = x + a * d;
            d = if d.abs() < tiny { tiny } else { d };
            c = x + a / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = c * d;
            f *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        1.0 - (-x * x).exp() / (f * std::f64::consts::PI.sqrt())
    }
}

/// SPRT parameters: H0 `elo <= elo0` against H1 `elo >= elo1`, error rates `alpha`, `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtParams {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// `elo0=0 elo1=5 alpha=0.05 beta=0.05`: what [`SprtParams::parse`] reads.
impl std::fmt::Display for SprtParams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Where the SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Keep playing.
    Continue,
    /// The LLR reached the upper bound: H1 accepted.
    AcceptH1,
    /// The LLR reached the lower bound: H0 accepted.
    AcceptH0,
}

impl SprtParams {
    /// Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any of the four, in any order, in one
    /// word or several; the defaults are those values), as `--sprt` and the records' `SPRT`
    /// tag write them.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<SprtParams, String> {
        let mut p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.as_ref().split_whitespace()) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("expected key=value, got '{w}'"))?;
            let v: f64 = v
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("bad number in '{w}'"))?;
            match k {
                "elo0" => p.elo0 = v,
                "elo1" => p.elo1 = v,
                "alpha" => p.alpha = v,
                "beta" => p.beta = v,
                _ => return Err(format!("unknown key '{k}' (elo0, elo1, alpha, beta)")),
            }
        }
        if p.elo1 <= p.elo0 || !(p.alpha > 0.0 && p.alpha < 0.5) || !(p.beta > 0.0 && p.beta < 0.5)
        {
            return Err("need elo0 < elo1 and 0 < alpha, beta < 0.5".into());
        }
        Ok(p)
    }

    /// Wald's (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results (0 until both a win/loss and variance exist).
    pub fn llr(&self, r: &Wdl) -> f64 {
        let n = r.games() as f64;
        let var = r.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * r.score() - s0 - s1) / (2.0 * var)
    }

    /// The test's decision for these results.
    pub fn state(&self, r: &Wdl) -> SprtState {
        let (lo, hi) = self.bounds();
        let llr = self.llr(r);
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn erf_known_values() {
        // Values from tables (Abramowitz–Stegun 7.1, and Python's math.erf).
        close(erf(0.0), 0.0, 1e-15);
        close(erf(0.5), 0.520_499_877_813_046_5, 1e-13);
        close(erf(1.0), 0.842_700_792_949_714_9, 1e-13);
        close(erf(2.0), 0.995_322_265_018_952_7, 1e-13);
        close(erf(3.0), 0.999_977_909_503_001_4, 1e-13);
        close(erf(-1.5), -0.966_105_146_475_310_7, 1e-13);
    }

    #[test]
    fn elo_of_scores() {
        close(elo_from_score(0.5), 0.0, 1e-12);
        close(elo_from_score(0.75), 190.848_501_887_864_98, 1e-9);
        close(elo_from_score(0.25), -190.848_501_887_864_98, 1e-9);
        close(score_from_elo(100.0), 0.640_064_999_802_885_1, 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn elo_error_matches_reference() {
        // 60 W, 20 D, 20 L: s = 0.7, σ² = 0.16, se = 0.04; the interval 0.7 ± 0.078399 maps to
        // an Elo interval of half-width 66.013 (computed independently with Python's math module).
        let (elo, err) = elo_with_error(&wdl(60, 20, 20));
        close(elo, 147.190_714_117_837_76, 1e-9);
        close(err.unwrap(), 66.013_381, 1e-5);
        assert_eq!(elo_with_error(&wdl(5, 0, 0)).1, None);
    }

    #[test]
    fn los_known_values() {
        close(los(&wdl(10, 5, 10)), 0.5, 1e-12);
        // Φ((60-40)/√100) = Φ(2) = 0.97725.
        close(los(&wdl(60, 7, 40)), 0.977_249_868_051_820_8, 1e-12);
        close(los(&wdl(0, 3, 0)), 0.5, 1e-12);
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = p.bounds();
        close(lo, -2.944_438_979_166_440_5, 1e-12);
        close(hi, 2.944_438_979_166_440_5, 1e-12);
        // 1000 W, 1000 D, 900 L: reference LLR computed with fishtest's formula in Python.
        let r = wdl(1000, 1000, 900);
        let s0 = 0.5;
        let s1 = score_from_elo(5.0);
        let n = 2900.0;
        let s = 1500.0 / 2900.0;
        let var =
            (1000.0 * (1.0 - s) * (1.0 - s) + 1000.0 * (0.5 - s) * (0.5 - s) + 900.0 * s * s) / n;
        let reference = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        close(p.llr(&r), reference, 1e-12);
        close(p.llr(&r), 1.741_259_883, 1e-8);
        assert_eq!(p.state(&r), SprtState::Continue);
        assert_eq!(p.state(&wdl(3000, 0, 2500)), SprtState::AcceptH1);
        assert_eq!(p.state(&wdl(2500, 0, 3000)), SprtState::AcceptH0);
    }
}
