//! Match statistics over game pairs (each opening played with both
//! colours): pentanomial counts, the Elo difference with its 95 % interval,
//! LOS and draw ratio, and the sequential probability ratio test (SPRT) in
//! normalized Elo, the way fishtest and fastchess run it.
//!
//! The SPRT follows Michel Van den Bergh's notes on normalized Elo
//! ("Comments on Normalized Elo", section 4.1): for each hypothesis
//! `t = (mu - 1/2) / sigma = t_i` (the per-pair t-value; normalized Elo per
//! game times sqrt 2 divided by 800 / ln 10), find the pentanomial
//! distribution of greatest likelihood for the observed frequencies, and
//! the log-likelihood ratio is the pair count times the mean log ratio of the
//! two. Empty buckets count 0.001 pairs, as fastchess counts them.

use std::fmt::Write as _;

/// 97.5 % quantile of the standard normal distribution: a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value: 800 / ln 10.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The logistic Elo difference of an expected score: -400 log10(1/s - 1).
pub fn logistic_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The complementary error function, to about 1.2e-7 relative error: the
/// Chebyshev fit of Numerical Recipes (erfc(x) = t exp(-x^2 + P(t)),
/// t = 1 / (1 + x/2)).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    const C: [f64; 10] = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ];
    let poly = C.iter().rev().fold(0.0, |acc, &c| acc * t + c);
    let r = t * (-z * z + poly).exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// How engine A scored in one game pair: the five pentanomial outcomes,
/// with a win and a loss kept apart from two draws (both score one point).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Both games lost.
    pub ll: u32,
    /// A loss and a draw.
    pub ld: u32,
    /// Two draws.
    pub dd: u32,
    /// A win and a loss.
    pub wl: u32,
    /// A win and a draw.
    pub wd: u32,
    /// Both games won.
    pub ww: u32,
}

/// A game's score for engine A: 0, 1 (draw) or 2 half-points.
pub type HalfPoints = u8;

impl Pentanomial {
    /// Counts one pair, given A's half-points in each of its two games.
    pub fn add(&mut self, first: HalfPoints, second: HalfPoints) {
        match (first.min(second), first.max(second)) {
            (0, 0) => self.ll += 1,
            (0, 1) => self.ld += 1,
            (1, 1) => self.dd += 1,
            (0, 2) => self.wl += 1,
            (1, 2) => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.ll + self.ld + self.dd + self.wl + self.wd + self.ww
    }

    /// The counts by pair score 0, 1/2, 1, 3/2, 2 (two draws and a win
    /// and a loss together).
    pub fn buckets(&self) -> [u32; 5] {
        [self.ll, self.ld, self.dd + self.wl, self.wd, self.ww]
    }

    /// The mean pair score (as a fraction of 2 points) and its variance.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if self.pairs() == 0 {
            return None;
        }
        let p = self.buckets().map(|c| f64::from(c) / n);
        Some(moments(&p))
    }

    /// The Elo difference with its 95 % interval (low, high), from the
    /// pentanomial model: the mean pair score, its standard error from the
    /// variance of the pair scores, and the logistic Elo of the mean and of
    /// mean -/+ 1.96 errors (infinite where that passes 0 % or 100 %).
    /// `None` without pairs or at a 0 % or 100 % score.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (mu, var) = self.mean_and_variance()?;
        if mu <= 0.0 || mu >= 1.0 {
            return None;
        }
        let error = (var / f64::from(self.pairs())).sqrt();
        // An end of the interval at or beyond a 0 % or 100 % score is
        // an unbounded Elo difference.
        let end = |s: f64| match s {
            s if s <= 0.0 => f64::NEG_INFINITY,
            s if s >= 1.0 => f64::INFINITY,
            s => logistic_elo(s),
        };
        Some((
            logistic_elo(mu) + 0.0,
            end(mu - Z95 * error),
            end(mu + Z95 * error),
        ))
    }

    /// Normalized Elo per game: (mu - 1/2) / (sqrt 2 sigma_pair) * 800 / ln 10.
    pub fn normalized_elo(&self) -> Option<f64> {
        let (mu, var) = self.mean_and_variance()?;
        (var > 0.0).then(|| (mu - 0.5) / (2.0 * var).sqrt() * NELO_PER_T)
    }

    /// The likelihood of superiority: the probability that A is the stronger,
    /// Phi((mu - 1/2) / standard error). `None` without pairs or spread.
    pub fn los(&self) -> Option<f64> {
        let (mu, var) = self.mean_and_variance()?;
        let error = (var / f64::from(self.pairs())).sqrt();
        (error > 0.0).then(|| phi((mu - 0.5) / error))
    }

    /// Drawn games per game over the pairs counted.
    pub fn draw_ratio(&self) -> Option<f64> {
        let games = 2 * self.pairs();
        let draws = self.ld + 2 * self.dd + self.wd;
        (games > 0).then(|| f64::from(draws) / f64::from(games))
    }

    /// `Ptnml(0-2): [LL, LD, DD+WL, WD, WW]` with the WL/DD split.
    pub fn line(&self) -> String {
        let b = self.buckets();
        format!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}] (DD {}, WL {})",
            b[0], b[1], b[2], b[3], b[4], self.dd, self.wl
        )
    }

    /// The statistics lines: pentanomial counts, Elo and its interval,
    /// normalized Elo, LOS and draw ratio.
    pub fn report(&self) -> String {
        let mut out = format!("{} over {} pairs\n", self.line(), self.pairs());
        let same = self.buckets().iter().position(|&c| c == self.pairs());
        match (self.elo(), same) {
            (Some((elo, _, _)), Some(bucket)) => {
                // No spread: an interval of one point says nothing.
                let points = ["0", "1/2", "1", "3/2", "2"][bucket];
                let _ = write!(
                    out,
                    "Elo: {} (no interval: every pair scored {points} of 2)",
                    signed(elo)
                );
            }
            (Some((elo, low, high)), None) => {
                let _ = write!(
                    out,
                    "Elo: {} [{}, {}] (95 %)",
                    signed(elo),
                    signed(low),
                    signed(high)
                );
            }
            (None, _) if self.pairs() == 0 => out.push_str("Elo: none (no complete pair)"),
            (None, _) => out.push_str("Elo: unbounded (every pair won or every pair lost)"),
        }
        if let Some(nelo) = self.normalized_elo() {
            let _ = write!(out, ", nElo: {}", signed(nelo));
        }
        if let Some(los) = self.los() {
            let _ = write!(out, ", LOS: {:.1} %", 100.0 * los);
        }
        if let Some(ratio) = self.draw_ratio() {
            let _ = write!(out, ", draw ratio: {:.1} %", 100.0 * ratio);
        }
        out.push('\n');
        out
    }
}

/// An Elo difference to a tenth with its sign (`+5.6`, `-190.8`, `+inf`),
/// and zero as `0.0`: never a negative zero.
pub fn signed(elo: f64) -> String {
    if (elo * 10.0).round() == 0.0 {
        "0.0".to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// Mean and variance of the pair scores 0, 1/4, 1/2, 3/4, 1 under `p`.
fn moments(p: &[f64; 5]) -> (f64, f64) {
    let mu: f64 = (0..5).map(|i| p[i] * SCORES[i]).sum();
    let var: f64 = (0..5).map(|i| p[i] * (SCORES[i] - mu).powi(2)).sum();
    (mu, var)
}

/// Pair scores as fractions of the two points.
const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The SPRT's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Normalized Elo of the null hypothesis.
    pub elo0: f64,
    /// Normalized Elo of the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: H1 (elo >= elo1) accepted.
    H1,
    /// The LLR reached the lower bound: H0 (elo <= elo0) accepted.
    H0,
    /// Neither bound yet.
    Continue,
}

/// The SPRT's Elo bounds lie within this many normalized Elo of zero.
pub const ELO_LIMIT: f64 = 1000.0;

/// The least gap between elo0 and elo1: a narrower test never ends.
pub const ELO_GAP: f64 = 0.1;

/// The least error rate: below it a bound is out of reach in any match.
pub const RATE_MIN: f64 = 0.0001;

/// Error rates stay below one half (where the two bounds meet at zero).
pub const RATE_MAX: f64 = 0.5;

impl Sprt {
    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any order; alpha and
    /// beta default to 0.05): elo0 and elo1 within [`ELO_LIMIT`] of zero,
    /// elo1 at least [`ELO_GAP`] above elo0, alpha and beta from
    /// [`RATE_MIN`] up to (not including) [`RATE_MAX`], each key once.
    ///
    /// # Errors
    ///
    /// A message naming the bad field.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut seen: Vec<&str> = Vec::new();
        for field in text.split(',').filter(|f| !f.trim().is_empty()) {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("--sprt: {field:?} is not key=value"))?;
            let key = key.trim();
            if seen.contains(&key) {
                return Err(format!("--sprt: {key} is given twice"));
            }
            seen.push(key);
            let text = value.trim();
            let value: f64 = text
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: {key}={text:?} is not a number"))?;
            match key {
                "elo0" | "elo1" if !(-ELO_LIMIT..=ELO_LIMIT).contains(&value) => {
                    return Err(format!(
                        "--sprt: {key}={text} lies outside -{ELO_LIMIT} to {ELO_LIMIT} (normalized Elo)"
                    ));
                }
                "alpha" | "beta" if !(RATE_MIN..RATE_MAX).contains(&value) => {
                    return Err(format!(
                        "--sprt: {key}={text} must be from {RATE_MIN} up to (not including) {RATE_MAX}"
                    ));
                }
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(format!("--sprt: unknown field {other:?}")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0 and elo1, like elo0=0,elo1=5".to_string());
        }
        if sprt.elo1 - sprt.elo0 < ELO_GAP {
            return Err(format!(
                "--sprt: elo1 must be at least {ELO_GAP} above elo0"
            ));
        }
        Ok(sprt)
    }

    /// The lower and upper LLR bounds: ln(beta / (1 - alpha)) and
    /// ln((1 - beta) / alpha) (Wald).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs counted.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        if counts.pairs() == 0 {
            return 0.0;
        }
        let n = counts
            .buckets()
            .map(|c| if c == 0 { 1e-3 } else { f64::from(c) });
        let total: f64 = n.iter().sum();
        let observed = n.map(|c| c / total);
        let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_PER_T;
        let p0 = most_likely_with_t(&observed, t(self.elo0));
        let p1 = most_likely_with_t(&observed, t(self.elo1));
        total
            * (0..5)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }

    /// Where the test stands at `llr`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// `LLR 1.23 (-2.94, 2.94) [0.00, 5.00]`.
    pub fn line(&self, counts: &Pentanomial) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "LLR {:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
            self.llr(counts),
            self.elo0,
            self.elo1
        )
    }
}

/// The distribution on the five pair scores of greatest likelihood for the
/// observed frequencies `observed` among those with
/// `(mu - 1/2) / sigma = t`: Van den Bergh's fixed point. With the current
/// estimate's mean and deviation, each score gets
/// `phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2`, and the
/// next estimate is `observed_i / (1 + theta phi_i)` for the theta that
/// solves `sum observed_i phi_i / (1 + theta phi_i) = 0`.
fn most_likely_with_t(observed: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..100 {
        let (mu, var) = moments(&p);
        let sigma = var.sqrt();
        let phi: [f64; 5] = std::array::from_fn(|i| {
            let z = (SCORES[i] - mu) / sigma;
            SCORES[i] - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let (low, high) = phi
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
                (l.min(v), h.max(v))
            });
        if !(low < 0.0 && high > 0.0) {
            break;
        }
        // The sum falls from +inf to -inf as theta crosses (-1/high, -1/low).
        let sum = |theta: f64| -> f64 {
            (0..5)
                .map(|i| observed[i] * phi[i] / (1.0 + theta * phi[i]))
                .sum()
        };
        let (mut a, mut b) = (-1.0 / high, -1.0 / low);
        for _ in 0..200 {
            let mid = 0.5 * (a + b);
            if mid <= a || mid >= b {
                break;
            }
            if sum(mid) > 0.0 { a = mid } else { b = mid }
        }
        let theta = 0.5 * (a + b);
        let next: [f64; 5] = std::array::from_fn(|i| observed[i] / (1.0 + theta * phi[i]));
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-13 {
            break;
        }
    }
    p
}
