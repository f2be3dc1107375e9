//! The statistics of a match: Elo difference with its 95% interval, likelihood of superiority,
//! pentanomial pair counts and the sequential probability ratio test.
//!
//! Conventions (those of fishtest, cutechess-cli and fastchess):
//! - Elo is **logistic** Elo: a score `s` (0..1) is `-400·log10(1/s − 1)` Elo; 75% is +190.8.
//! - The interval is the normal approximation around the mean score, with the variance measured
//!   on the games (trinomial: per game) or on the pairs of games (pentanomial: per pair, which
//!   accounts for both games of a pair being played on the same board), mapped to Elo.
//! - LOS = Φ((W − L) / √(W + L)), draws ignored.
//! - SPRT: the generalized SPRT (GSPRT) for logistic Elo as fishtest computes it
//!   (`LLR_logistic`): the observations are pairs scored 0, ¼, ½, ¾, 1 (pentanomial model) or
//!   games scored 0, ½, 1 (trinomial model), with empirical frequencies `p̂` (empty categories
//!   counted as 0.001, fishtest's regularisation); for each hypothesis the maximum-likelihood
//!   distribution with mean `s = 1/(1 + 10^(−elo/400))` is `p_i = p̂_i / (1 + λ(x_i − s))`, λ
//!   solving `Σ p̂_i (x_i − s)/(1 + λ(x_i − s)) = 0`; and `LLR = N · Σ p̂_i ln(p1_i / p0_i)`.
//!   For large samples this equals Van den Bergh's quadratic approximation
//!   `N · (s1 − s0)(2·x̄ − s0 − s1) / (2·σ²)` ([`Sprt::llr_approx`]), which on a handful of
//!   one-sided results overshoots wildly (one won pair gives +7.7 for ±10 Elo), so the exact
//!   form decides. The bounds are `ln(β / (1 − α))` and `ln((1 − β) / α)` (Wald).

use serde::{Deserialize, Serialize};

use crate::error::SprtError;

/// Two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that a score (0..1) means; ±∞ at 0 and 1.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The score (0..1) that an Elo difference predicts.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, as `1 − erfc(x)`.
pub fn erf(x: f64) -> f64 {
    1.0 - erfc(x)
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, error below 1.2e-7
/// absolute, good enough for percentages printed with one decimal).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The standard normal distribution function Φ.
pub fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// Likelihood of superiority (0..1): the probability that the first player is the stronger,
/// from wins and losses (draws carry no information here). 0.5 when W = L (and with no games).
pub fn los(wins: u64, losses: u64) -> f64 {
    if wins == losses {
        return 0.5;
    }
    phi((wins as f64 - losses as f64) / ((wins + losses) as f64).sqrt())
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

/// A mean with its 95% interval (normal approximation), e.g. engine 1's points margin per pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeanEstimate {
    /// The mean.
    pub mean: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
    /// How many values it was measured on.
    pub count: u64,
}

/// The mean of `values` with its 95% interval (1.96 standard errors, the sample variance with
/// n − 1); `None` without values. One value gives a zero-width interval.
pub fn mean_estimate(values: &[f64]) -> Option<MeanEstimate> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let var =
        if n > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
    let half = 1.96 * (var / n as f64).sqrt();
    Some(MeanEstimate { mean, low: mean - half, high: mean + half, count: n as u64 })
}

impl EloEstimate {
    /// Half the width of the interval (∞ when an end is infinite).
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// Mean and variance of observations with the given values and counts.
fn mean_var(values: &[f64], counts: &[f64]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    let mean = values.iter().zip(counts).map(|(v, c)| v * c).sum::<f64>() / n;
    let var = values.iter().zip(counts).map(|(v, c)| c * (v - mean).powi(2)).sum::<f64>() / n;
    (n, mean, var)
}

fn estimate(n: f64, mean: f64, var: f64) -> EloEstimate {
    let se = (var / n).sqrt();
    EloEstimate {
        elo: elo_from_score(mean),
        low: elo_from_score(mean - Z95 * se),
        high: elo_from_score(mean + Z95 * se),
    }
}

/// The distribution closest to `p` (maximum likelihood) over `values` with mean `s`:
/// `p_i / (1 + λ(x_i − s))`, λ found by bisection (all `p_i` > 0, `s` inside the values' range).
fn mle_with_mean(p: &[f64], values: &[f64], s: f64) -> Vec<f64> {
    let xmax = values.iter().copied().fold(f64::MIN, f64::max);
    let xmin = values.iter().copied().fold(f64::MAX, f64::min);
    let f = |l: f64| p.iter().zip(values).map(|(pi, x)| pi * (x - s) / (1.0 + l * (x - s))).sum::<f64>();
    // f decreases in λ over the interval where every 1 + λ(x − s) is positive.
    let (mut lo, mut hi) = (-1.0 / (xmax - s), 1.0 / (s - xmin));
    let eps = 1e-12 * (hi - lo);
    lo += eps;
    hi -= eps;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    p.iter().zip(values).map(|(pi, x)| pi / (1.0 + l * (x - s))).collect()
}

const TRI_VALUES: [f64; 3] = [0.0, 0.5, 1.0];
const PENTA_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Elo from wins, draws and losses, the variance measured per game. `None` with no games.
pub fn elo_trinomial(wins: u64, draws: u64, losses: u64) -> Option<EloEstimate> {
    if wins + draws + losses == 0 {
        return None;
    }
    let (n, m, v) = mean_var(&TRI_VALUES, &[losses as f64, draws as f64, wins as f64]);
    Some(estimate(n, m, v))
}

/// Elo from pair counts (`penta[k]` = pairs in which the first player scored k/2 points), the
/// variance measured per pair. `None` with no pairs.
pub fn elo_pentanomial(penta: &[u64; 5]) -> Option<EloEstimate> {
    if penta.iter().sum::<u64>() == 0 {
        return None;
    }
    let counts: Vec<f64> = penta.iter().map(|&c| c as f64).collect();
    let (n, m, v) = mean_var(&PENTA_VALUES, &counts);
    Some(estimate(n, m, v))
}

/// The parameters of a sequential probability ratio test: H0 "the Elo difference is `elo0`"
/// against H1 "it is `elo1`", with error rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// What the test concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtVerdict {
    /// The lower bound was crossed: H0 accepted.
    H0,
    /// The upper bound was crossed: H1 accepted.
    H1,
}

impl Sprt {
    /// Checks the parameters.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(SprtError::Hypotheses { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::Probability { name, value });
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// (lower, upper) bounds of the log-likelihood ratio: `ln(β/(1−α))`, `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The exact GSPRT log-likelihood ratio for observations `values` seen `counts` times.
    fn llr(&self, values: &[f64], counts: &[u64]) -> f64 {
        if counts.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        let regular: Vec<f64> = counts.iter().map(|&c| if c == 0 { 1e-3 } else { c as f64 }).collect();
        let n: f64 = regular.iter().sum();
        let p: Vec<f64> = regular.iter().map(|c| c / n).collect();
        let p0 = mle_with_mean(&p, values, score_from_elo(self.elo0));
        let p1 = mle_with_mean(&p, values, score_from_elo(self.elo1));
        n * p.iter().zip(p0.iter().zip(&p1)).map(|(pi, (a, b))| pi * (b.ln() - a.ln())).sum::<f64>()
    }

    /// Van den Bergh's quadratic approximation of the ratio (see the module docs), for
    /// observations `values` seen `counts` times.
    pub fn llr_approx(&self, values: &[f64], counts: &[u64]) -> f64 {
        if counts.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        let regular: Vec<f64> = counts.iter().map(|&c| if c == 0 { 1e-3 } else { c as f64 }).collect();
        let (n, mean, var) = mean_var(values, &regular);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The log-likelihood ratio from pair counts (pentanomial model).
    pub fn llr_pentanomial(&self, penta: &[u64; 5]) -> f64 {
        self.llr(&PENTA_VALUES, penta)
    }

    /// The log-likelihood ratio from wins, draws and losses (trinomial model).
    pub fn llr_trinomial(&self, wins: u64, draws: u64, losses: u64) -> f64 {
        self.llr(&TRI_VALUES, &[losses, draws, wins])
    }

    /// The verdict for a ratio, `None` while it is between the bounds.
    pub fn verdict(&self, llr: f64) -> Option<SprtVerdict> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(SprtVerdict::H1)
        } else if llr <= lo {
            Some(SprtVerdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.75), 190.848, 1e-3), "{}", elo_from_score(0.75));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(elo_from_score(0.25), -190.848, 1e-3));
        assert!(close(elo_from_score(0.9), 381.697, 1e-3));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        for e in [-300.0, -5.0, 0.0, 42.0, 500.0] {
            assert!(close(elo_from_score(score_from_elo(e)), e, 1e-9));
        }
    }

    #[test]
    fn normal_distribution() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-1.0), -0.842_700_79, 1e-6));
        assert!(close(phi(Z95), 0.975, 1e-6));
        assert!(close(phi(1.0), 0.841_344_75, 1e-6));
    }

    #[test]
    fn likelihood_of_superiority() {
        assert_eq!(los(10, 10), 0.5);
        assert_eq!(los(0, 0), 0.5);
        // (W-L)/sqrt(W+L) = 1 → Φ(1).
        assert!(close(los(5, 4) + los(4, 5), 1.0, 1e-9));
        assert!(close(los(13, 3), 0.993_790_33, 1e-6), "{}", los(13, 3)); // z = 2.5
        assert!(close(los(1, 0), 0.841_344_75, 1e-6));
    }

    #[test]
    fn elo_intervals() {
        // 30 wins, 40 draws, 30 losses: score 0.5, variance per game 0.15.
        let e = elo_trinomial(30, 40, 30).unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        let se = (0.15f64 / 100.0).sqrt();
        assert!(close(e.high, elo_from_score(0.5 + Z95 * se), 1e-9));
        assert!(close(e.low, -e.high, 1e-9));
        assert!(close(e.high, 53.0, 0.6), "{}", e.high);
        // 75% score: +190.8 at the centre.
        let e = elo_trinomial(75, 0, 25).unwrap();
        assert!(close(e.elo, 190.848, 1e-3));
        assert!(e.low < e.elo && e.elo < e.high);
        // Pairs: 10 pairs of 1.5 and 10 pairs of 0.5 → mean 0.5, var per pair 1/16.
        let e = elo_pentanomial(&[0, 10, 0, 10, 0]).unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        let se = (1.0f64 / 16.0 / 20.0).sqrt();
        assert!(close(e.high, elo_from_score(0.5 + Z95 * se), 1e-9));
        assert!(elo_pentanomial(&[0; 5]).is_none());
        assert!(elo_trinomial(0, 0, 0).is_none());
        // All won: infinite.
        assert_eq!(elo_trinomial(4, 0, 0).unwrap().elo, f64::INFINITY);
    }

    #[test]
    fn sprt_bounds_and_ratios() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_438_979, 1e-8), "{lo}");
        assert!(close(hi, 2.944_438_979, 1e-8), "{hi}");
        assert!(close(hi, (0.95f64 / 0.05).ln(), 1e-12));
        assert_eq!(s.llr_pentanomial(&[0; 5]), 0.0);
        assert_eq!(s.verdict(0.0), None);
        assert_eq!(s.verdict(3.0), Some(SprtVerdict::H1));
        assert_eq!(s.verdict(-3.0), Some(SprtVerdict::H0));
        // Pentanomial [10, 20, 40, 20, 10]: values 0, .25, .5, .75, 1 with weights .1 .2 .4 .2 .1
        // → mean 0.5, variance .1·.25·2 + .2·.0625·2 = 0.075; the quadratic approximation by hand:
        let p = [10, 20, 40, 20, 10];
        let (s0, s1) = (0.5, score_from_elo(10.0));
        let approx = 100.0 * (s1 - s0) * (2.0 * 0.5 - s0 - s1) / (2.0 * 0.075);
        assert!(close(s.llr_approx(&PENTA_VALUES, &p), approx, 1e-9));
        assert!(close(approx, -0.137_994, 1e-5), "{approx}");
        // The exact ratio (an independent computation gives -0.137899) is close to it.
        assert!(close(s.llr_pentanomial(&p), -0.137_899, 1e-5), "{}", s.llr_pentanomial(&p));
        assert!(close(s.llr_pentanomial(&[0, 5, 20, 60, 40]), 3.545_943, 1e-5));
        assert!(close(s.llr_trinomial(60, 20, 20), 1.389_822, 1e-5), "{}", s.llr_trinomial(60, 20, 20));
        // One won pair is weak evidence (the approximation would say +7.7 and stop at once).
        let wide = Sprt::new(-10.0, 10.0, 0.05, 0.05).unwrap();
        assert!(close(wide.llr_pentanomial(&[0, 0, 0, 0, 1]), 0.057_679, 1e-5));
        assert!(wide.llr_approx(&PENTA_VALUES, &[0, 0, 0, 0, 1]) > 7.0);
        // A score far above elo1 accepts H1, far below elo0 accepts H0.
        assert_eq!(s.verdict(s.llr_pentanomial(&[0, 5, 20, 60, 40])), Some(SprtVerdict::H1));
        assert_eq!(s.verdict(s.llr_pentanomial(&[40, 60, 20, 5, 0])), Some(SprtVerdict::H0));
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
    }
}

#[cfg(test)]
mod mean_tests {
    use super::*;

    #[test]
    fn mean_and_its_interval() {
        assert_eq!(mean_estimate(&[]), None);
        let one = mean_estimate(&[12.0]).unwrap();
        assert_eq!((one.mean, one.low, one.high, one.count), (12.0, 12.0, 12.0, 1));
        // 10, 20, 30: mean 20, sample sd 10, standard error 10/√3.
        let e = mean_estimate(&[10.0, 20.0, 30.0]).unwrap();
        assert_eq!(e.mean, 20.0);
        let half = 1.96 * 10.0 / 3f64.sqrt();
        assert!((e.high - 20.0 - half).abs() < 1e-9 && (20.0 - e.low - half).abs() < 1e-9, "{e:?}");
    }
}
