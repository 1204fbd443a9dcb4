//! Statistics between two profiles measured on the same scenarios: the mean with its 95 % interval,
//! the paired t-test's two-sided p-value and Cohen's d of the paired differences. Student's t
//! distribution comes from the regularised incomplete beta function (continued fraction), so no
//! statistics crate is needed.

use serde::{Deserialize, Serialize};

/// Mean, sample standard deviation and the 95 % confidence interval of the mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    pub sd: f64,
    pub ci95: (f64, f64),
}

pub fn summary(values: &[f64]) -> Summary {
    let n = values.len();
    let mean = if n == 0 { 0.0 } else { values.iter().sum::<f64>() / n as f64 };
    let sd = if n < 2 { 0.0 } else { (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt() };
    let half = if n < 2 { 0.0 } else { t_quantile(0.975, (n - 1) as f64) * sd / (n as f64).sqrt() };
    Summary { n, mean, sd, ci95: (mean - half, mean + half) }
}

/// A paired comparison of `b` against `a` (same scenarios, same order).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    /// Mean of b - a with its 95 % interval.
    pub difference: Summary,
    pub t: f64,
    /// Two-sided; 1 when every difference is zero.
    pub p: f64,
    /// Mean difference over the standard deviation of the differences; `None` when every difference
    /// is the same (no spread to measure against).
    pub cohens_d: Option<f64>,
}

pub fn paired(a: &[f64], b: &[f64]) -> Paired {
    let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
    let difference = summary(&diffs);
    let n = diffs.len() as f64;
    if difference.sd == 0.0 || diffs.len() < 2 {
        // All differences equal: no spread to test against (a non-zero constant shift is certain).
        let p = if difference.mean == 0.0 || diffs.len() < 2 { 1.0 } else { 0.0 };
        return Paired { difference, t: 0.0, p, cohens_d: None };
    }
    let t = difference.mean / (difference.sd / n.sqrt());
    Paired { difference, t, p: two_sided_p(t, n - 1.0), cohens_d: Some(difference.mean / difference.sd) }
}

impl Paired {
    /// Significant at the 5 % level.
    pub fn significant(&self) -> bool {
        self.p < 0.05
    }
}

/// P(|T| >= |t|) for Student's t with `df` degrees of freedom.
pub fn two_sided_p(t: f64, df: f64) -> f64 {
    incomplete_beta(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

/// The t value with P(T <= t) = `q` (q in (0.5, 1)), by bisection on the p-value.
pub fn t_quantile(q: f64, df: f64) -> f64 {
    let target = 2.0 * (1.0 - q);
    let (mut lo, mut hi) = (0.0, 1000.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if two_sided_p(mid, df) > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

fn ln_gamma(x: f64) -> f64 {
    // Lanczos approximation (g = 7, n = 9), accurate to about 15 digits for x > 0.
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum: f64 = C[0] + (1..9).map(|i| C[i] / (x + i as f64)).sum::<f64>();
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The regularised incomplete beta function I_x(a, b).
fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(a, b, x) / a
    } else {
        1.0 - front * beta_fraction(b, a, 1.0 - x) / b
    }
}

/// Lentz's evaluation of the incomplete beta continued fraction.
fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..300 {
        let m = m as f64;
        let even = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        for coefficient in [even, -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0))] {
            d = 1.0 + coefficient * d;
            if d.abs() < TINY {
                d = TINY;
            }
            c = 1.0 + coefficient / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            h *= d * c;
        }
        if (d * c - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_distribution_matches_tables() {
        // Two-sided critical values of Student's t (standard tables).
        assert!((t_quantile(0.975, 1.0) - 12.706).abs() < 1e-3);
        assert!((t_quantile(0.975, 10.0) - 2.228).abs() < 1e-3);
        assert!((t_quantile(0.975, 53.0) - 2.006).abs() < 1e-3);
        assert!((two_sided_p(2.228, 10.0) - 0.05).abs() < 1e-4);
        assert!((two_sided_p(0.0, 5.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn paired_test_on_a_known_example() {
        // Differences 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t = 3 / (sqrt(2.5) / sqrt(5)) = 4.243, df 4.
        let a = [0.0; 5];
        let b = [1.0, 2.0, 3.0, 4.0, 5.0];
        let r = paired(&a, &b);
        assert!((r.t - 4.2426).abs() < 1e-3);
        assert!((r.p - 0.01324).abs() < 1e-4, "{}", r.p);
        assert!((r.cohens_d.unwrap() - 3.0 / 2.5f64.sqrt()).abs() < 1e-9);
        assert!(r.significant());
        let same = paired(&b, &b);
        assert_eq!((same.p, same.cohens_d), (1.0, None));
        let shifted = paired(&a, &[2.0; 5]);
        assert_eq!((shifted.p, shifted.cohens_d), (0.0, None));
        assert!(!same.significant());
    }
}
