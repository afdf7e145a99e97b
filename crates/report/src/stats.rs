//! Statistics as pure functions: no I/O, no clock, so every figure in a report can be tested.

/// The `q`-quantile (0 ≤ q ≤ 1) of `values`, interpolating linearly between order statistics
/// (the "type 7" definition spreadsheets use). `None` for no values.
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(quantile_sorted(&sorted, q))
}

/// [`quantile`] on values already sorted ascending (and not empty).
pub fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    let q = q.clamp(0.0, 1.0);
    let position = q * (sorted.len() - 1) as f64;
    let low = position.floor() as usize;
    let high = position.ceil() as usize;
    let fraction = position - low as f64;
    sorted[low] + (sorted[high] - sorted[low]) * fraction
}

pub fn median(values: &[f64]) -> Option<f64> {
    quantile(values, 0.5)
}

pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Median absolute deviation from the median: a spread that one outlier cannot inflate.
pub fn mad(values: &[f64]) -> Option<f64> {
    let centre = median(values)?;
    let deviations: Vec<f64> = values.iter().map(|v| (v - centre).abs()).collect();
    median(&deviations)
}

/// MAD as a percentage of the median: how noisy repeated timings of one thing were.
pub fn relative_mad_percent(values: &[f64]) -> Option<f64> {
    let centre = median(values)?;
    (centre > 0.0).then(|| mad(values).unwrap_or(0.0) / centre * 100.0)
}

/// Items per second when each of `times_s` is the seconds one item took.
pub fn throughput(times_s: &[f64]) -> Option<f64> {
    let total: f64 = times_s.iter().sum();
    (total > 0.0).then(|| times_s.len() as f64 / total)
}

/// `part` of `whole` as a percentage (`None` when `whole` is 0).
pub fn percent(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 * 100.0 / whole as f64)
}

/// Points of a cactus plot: for each solved item (its time), how many were solved within that
/// time. Sorted ascending by time; the y of the k-th point is k.
pub fn cactus(times: &[f64]) -> Vec<(f64, usize)> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted
        .into_iter()
        .enumerate()
        .map(|(i, t)| (t, i + 1))
        .collect()
}

/// A cactus curve as a staircase (each count holds until the next solve), for line charts.
pub fn cactus_steps(times: &[f64]) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for (t, k) in cactus(times) {
        if k > 1 {
            out.push((t, (k - 1) as f64));
        }
        out.push((t, k as f64));
    }
    out
}

/// The median over runs of the best cost each had reached by each amount of work, at up to
/// `points` amounts spread evenly on a log scale up to the most work any run recorded. A run is
/// `(work, best cost)` pairs where its best improved; before its first pair it counts at that
/// pair's cost, after its last it keeps its last cost (solved runs end at 0).
pub fn convergence_profile(runs: &[&[(u64, u64)]], points: usize) -> Vec<(f64, f64)> {
    let runs: Vec<&[(u64, u64)]> = runs.iter().copied().filter(|r| !r.is_empty()).collect();
    let most = runs.iter().filter_map(|r| r.last()).map(|&(w, _)| w).max();
    let Some(most) = most.filter(|_| points > 1) else {
        return Vec::new();
    };
    let top = (most.max(1) as f64).ln();
    let mut out: Vec<(f64, f64)> = Vec::new();
    for i in 0..points {
        let work = (top * i as f64 / (points - 1) as f64).exp().round() as u64;
        if out.last().is_some_and(|&(w, _)| w as u64 == work) {
            continue;
        }
        let costs: Vec<f64> = runs
            .iter()
            .map(|run| {
                let reached = run.iter().take_while(|&&(w, _)| w <= work).last();
                reached.unwrap_or(&run[0]).1 as f64
            })
            .collect();
        if let Some(cost) = median(&costs) {
            out.push((work as f64, cost));
        }
    }
    out
}

/// Success rate (%) per proportion of givens: `runs` are `(givens, cells, solved)`, grouped by
/// proportion rounded to `step`, sorted by proportion.
pub fn success_by_givens(runs: &[(usize, usize, bool)], step: f64) -> Vec<(f64, f64)> {
    let mut groups: Vec<(i64, usize, usize)> = Vec::new();
    for &(givens, cells, solved) in runs.iter().filter(|r| r.1 > 0) {
        let bucket = (givens as f64 / cells as f64 / step).round() as i64;
        let index = match groups.iter().position(|g| g.0 == bucket) {
            Some(index) => index,
            None => {
                groups.push((bucket, 0, 0));
                groups.len() - 1
            }
        };
        groups[index].1 += usize::from(solved);
        groups[index].2 += 1;
    }
    groups.sort_by_key(|g| g.0);
    groups
        .into_iter()
        .filter_map(|(bucket, solved, all)| Some((bucket as f64 * step, percent(solved, all)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_is_grouped_by_rounded_proportion_of_givens() {
        let runs = [
            (40, 100, true),
            (41, 100, false),
            (10, 100, true),
            (0, 100, false),
        ];
        let rates = success_by_givens(&runs, 0.05);
        assert_eq!(rates, vec![(0.0, 0.0), (0.1, 100.0), (0.4, 50.0)]);
        assert!(success_by_givens(&[], 0.05).is_empty());
    }

    #[test]
    fn convergence_profiles_carry_costs_between_improvements() {
        let a: &[(u64, u64)] = &[(0, 10), (10, 4), (100, 0)];
        let b: &[(u64, u64)] = &[(0, 20), (50, 6)];
        let profile = convergence_profile(&[a, b], 3);
        // Work 1, 10 and 100 on a log scale; medians of the two runs' costs there.
        assert_eq!(profile, vec![(1.0, 15.0), (10.0, 12.0), (100.0, 3.0)]);
        assert!(convergence_profile(&[], 5).is_empty());
    }

    #[test]
    fn quantiles_interpolate() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.9), Some(4.6));
        assert_eq!(quantile(&[5.0, 1.0], 0.0), Some(1.0));
        assert_eq!(quantile(&[5.0, 1.0], 1.0), Some(5.0));
    }

    #[test]
    fn spread_ignores_one_outlier() {
        let values = [10.0, 11.0, 9.0, 10.0, 1000.0];
        assert_eq!(median(&values), Some(10.0));
        assert_eq!(mad(&values), Some(1.0));
        assert_eq!(relative_mad_percent(&values), Some(10.0));
        assert_eq!(relative_mad_percent(&[0.0, 0.0]), None);
    }

    #[test]
    fn rates_and_shares() {
        assert_eq!(throughput(&[0.5, 0.25, 0.25]), Some(3.0));
        assert_eq!(throughput(&[]), None);
        assert_eq!(percent(1, 4), Some(25.0));
        assert_eq!(percent(1, 0), None);
        assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
    }

    #[test]
    fn cactus_counts_solved_within_each_time() {
        assert_eq!(cactus(&[3.0, 1.0, 2.0]), vec![(1.0, 1), (2.0, 2), (3.0, 3)]);
        assert_eq!(
            cactus_steps(&[2.0, 1.0]),
            vec![(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]
        );
    }
}
