//! The statistics of self-play: confidence intervals of proportions (Wilson), percentiles,
//! the Elo difference of a score, and tests of a difference between two samples.

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Proportion {
    /// Successes.
    pub count: u64,
    /// Trials.
    pub of: u64,
    /// `count / of` (0 when there are no trials).
    pub rate: f64,
    /// The lower end of the Wilson score interval.
    pub low: f64,
    /// The upper end of the Wilson score interval.
    pub high: f64,
}

/// `count` of `of` with its Wilson score interval at 95% (0..1 when `of` is 0).
pub fn wilson(count: u64, of: u64) -> Proportion {
    let (low, high) = wilson_bounds(count as f64, of as f64);
    Proportion {
        count,
        of,
        rate: if of == 0 {
            0.0
        } else {
            count as f64 / of as f64
        },
        low,
        high,
    }
}

/// The Wilson score interval at 95% of `count` successes in `n` trials (`count` may be
/// fractional: a score with draws as halves). The ends are exact where the interval
/// touches them (0 successes: from 0; all: up to 1).
fn wilson_bounds(count: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let p = count / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = if count <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if count >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The value at quantile `q` (0..=1) of sorted values, by the nearest rank (0 if empty).
pub fn percentile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The median of sorted values: the middle one, or the mean of the two middle ones.
pub fn median(sorted: &[u32]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0,
    }
}

/// The mean and the sample variance of values.
pub fn mean_variance(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.clone().count() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = values.clone().sum::<f64>() / n;
    let var = if n > 1.0 {
        values.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, var)
}

/// The Elo difference of a score (0..=1): `-400 log10(1/s - 1)`, infinite at 0 and 1.
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0`: an even score is 0, not -0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// A match result from one side: its wins, draws and losses.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EloEstimate {
    /// The side's score: (wins + draws / 2) / games.
    pub score: f64,
    /// The Elo difference the score gives.
    pub elo: f64,
    /// The lower end of its 95% interval.
    pub low: f64,
    /// The upper end of its 95% interval.
    pub high: f64,
}

/// The Elo difference of wins, draws and losses, with a 95% interval: the Wilson interval
/// of the score (draws as half a win; slightly wide when there are draws) turned into Elo.
/// An end is infinite when the score's interval reaches 0 or 1 (JSON: null).
pub fn elo_estimate(wins: u64, draws: u64, losses: u64) -> EloEstimate {
    let n = (wins + draws + losses) as f64;
    let points = wins as f64 + draws as f64 / 2.0;
    let s = if n == 0.0 { 0.5 } else { points / n };
    let (low, high) = wilson_bounds(points, n);
    EloEstimate {
        score: s,
        elo: elo(s),
        low: elo(low),
        high: elo(high),
    }
}

/// Whether two proportions differ at the 5% level (two-sided pooled z test), and z.
pub fn proportions_differ(a: (u64, u64), b: (u64, u64)) -> (f64, bool) {
    let (ca, na, cb, nb) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
    if na == 0.0 || nb == 0.0 {
        return (0.0, false);
    }
    let pooled = (ca + cb) / (na + nb);
    let se = (pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb)).sqrt();
    if se == 0.0 {
        return (0.0, false);
    }
    let z = (cb / nb - ca / na) / se;
    (z, z.abs() > Z95)
}

/// Whether two means differ at the 5% level (Welch's z, fine for the large samples of
/// self-play): means, sample variances and sizes; returns z and the verdict.
pub fn means_differ(a: (f64, f64, u64), b: (f64, f64, u64)) -> (f64, bool) {
    if a.2 == 0 || b.2 == 0 {
        return (0.0, false);
    }
    let se = (a.1 / a.2 as f64 + b.1 / b.2 as f64).sqrt();
    if se == 0.0 {
        return (0.0, a.0 != b.0);
    }
    let z = (b.0 - a.0) / se;
    (z, z.abs() > Z95)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Wilson 1927 style example; computed independently): 0.2553..0.3662.
        let p = wilson(81, 263);
        assert!((p.low - 0.2553).abs() < 1e-3, "{p:?}");
        assert!((p.high - 0.3662).abs() < 1e-3, "{p:?}");
        // All successes: the upper end is 1, the lower end n/(n+z^2).
        let p = wilson(10, 10);
        assert_eq!(p.high, 1.0);
        assert!((p.low - 10.0 / (10.0 + Z95 * Z95)).abs() < 1e-12);
        assert_eq!(wilson(0, 0).high, 1.0);
    }

    #[test]
    fn percentiles_and_median() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(percentile(&v, 0.5), 5);
        assert_eq!(percentile(&v, 0.9), 9);
        assert_eq!(percentile(&v, 1.0), 10);
        assert_eq!(percentile(&v, 0.0), 1);
        assert_eq!(median(&v), 5.5);
        assert_eq!(median(&[3]), 3.0);
        assert_eq!(percentile(&[], 0.5), 0);
    }

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!(elo(1.0).is_infinite());
        let e = elo_estimate(60, 0, 40);
        assert!((e.score - 0.6).abs() < 1e-12);
        assert!(e.low < e.elo && e.elo < e.high);
        let even = elo_estimate(0, 10, 0);
        assert_eq!(even.elo, 0.0);
        assert!(even.low < 0.0 && even.high > 0.0);
        let all = elo_estimate(20, 0, 0);
        assert!(all.elo.is_infinite() && all.high.is_infinite());
        // Wilson at 20 of 20: the score is at least 20 / (20 + z^2).
        assert!((all.low - elo(20.0 / (20.0 + Z95 * Z95))).abs() < 1e-9);
        assert!(elo_estimate(0, 0, 0).low.is_infinite());
    }

    #[test]
    fn differences() {
        assert!(proportions_differ((500, 1000), (600, 1000)).1);
        assert!(!proportions_differ((500, 1000), (510, 1000)).1);
        assert!(means_differ((10.0, 4.0, 100), (12.0, 4.0, 100)).1);
        assert!(!means_differ((10.0, 4.0, 100), (10.1, 4.0, 100)).1);
    }
}
