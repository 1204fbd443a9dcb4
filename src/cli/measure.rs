//! Small measures the benchmarks and evaluations share.

use std::collections::HashSet;

/// The value at quantile `p` (0 to 1) of `sorted`, nearest rank.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Share of `truth`'s chunks that `found` holds.
pub fn recall(found: &[u32], truth: &[u32]) -> f64 {
    let truth: HashSet<u32> = truth.iter().copied().collect();
    found.iter().filter(|c| truth.contains(c)).count() as f64 / truth.len().max(1) as f64
}
