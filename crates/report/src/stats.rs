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

/// `value` rounded to what a timing or a mean of counts supports: three significant digits, a
/// whole number from 100 up. Every sink (tables, JSON, chart labels) prints numbers through it.
pub fn rounded(value: f64) -> f64 {
    if !value.is_finite() || value == 0.0 {
        return value;
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).max(0);
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

/// `value` to `digits` significant digits, whole numbers included (a ratio of 10896 is 10900 to
/// three): for figures derived from a few timings.
pub fn significant(value: f64, digits: i32) -> f64 {
    if !value.is_finite() || value == 0.0 {
        return value;
    }
    let magnitude = value.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits - 1 - magnitude);
    (value * scale).round() / scale
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

/// A cactus curve as a staircase (each count holds until the next solve), for line charts, from
/// at most `most` points: past that, the steps at evenly spaced ranks (the same curve, drawn
/// from fewer corners), so a million solves do not make a million-point line.
pub fn cactus_steps(times: &[f64], most: usize) -> Vec<(f64, f64)> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let corners = (most / 2).max(2);
    let ranks: Vec<usize> = if n <= corners {
        (0..n).collect()
    } else {
        (0..corners).map(|i| i * (n - 1) / (corners - 1)).collect()
    };
    let mut out = Vec::with_capacity(2 * ranks.len());
    let mut previous = 0;
    for rank in ranks {
        let (time, solved) = (sorted[rank], rank + 1);
        if previous > 0 {
            out.push((time, previous as f64));
        }
        out.push((time, solved as f64));
        previous = solved;
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

/// Runs counted by proportion of givens, in groups of a fixed width: the success-against-givens
/// curve and the table by share of givens, kept as counts (and the solved runs' times) so runs
/// can be added one at a time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GivensTally {
    /// Group (proportion / step, rounded) → its runs.
    groups: std::collections::BTreeMap<i64, GivensGroup>,
}

/// The runs of one group of [`GivensTally`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GivensGroup {
    pub runs: usize,
    /// The solved runs' times, µs.
    pub solved_us: Vec<f64>,
}

impl GivensGroup {
    /// Share of the runs solved (%).
    pub fn rate(&self) -> Option<f64> {
        percent(self.solved_us.len(), self.runs)
    }

    /// Median time to solution, µs.
    pub fn median_us(&self) -> Option<f64> {
        median(&self.solved_us)
    }
}

impl GivensTally {
    /// Counts a run of a puzzle with `givens` of its `cells` given, solved in `solved_us` µs or
    /// not solved (a puzzle with no cells is left out), grouped at `step`.
    pub fn add(&mut self, givens: usize, cells: usize, solved_us: Option<f64>, step: f64) {
        if cells == 0 {
            return;
        }
        let group = (givens as f64 / cells as f64 / step).round() as i64;
        let entry = self.groups.entry(group).or_default();
        entry.runs += 1;
        entry.solved_us.extend(solved_us);
    }

    /// Each group as (proportion of givens, its runs), by proportion.
    pub fn groups(&self, step: f64) -> impl Iterator<Item = (f64, &GivensGroup)> {
        self.groups
            .iter()
            .map(move |(&group, runs)| (group as f64 * step, runs))
    }

    /// Success rate (%) per group, as (proportion of givens, rate), by proportion.
    pub fn rates(&self, step: f64) -> Vec<(f64, f64)> {
        self.groups(step)
            .filter_map(|(share, group)| Some((share, group.rate()?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_three_significant_digits() {
        assert_eq!(rounded(107.80000305175781), 108.0);
        assert_eq!(rounded(12.345), 12.3);
        assert_eq!(rounded(1.2345), 1.23);
        assert_eq!(rounded(0.012345), 0.0123);
        assert_eq!(rounded(-0.3333333), -0.333);
        assert_eq!(rounded(622_577_597.4), 622_577_597.0);
        assert_eq!(rounded(0.0), 0.0);
        assert_eq!(rounded(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(significant(10896.0, 3), 10900.0);
        assert_eq!(significant(4.2549, 3), 4.25);
    }

    #[test]
    fn success_is_grouped_by_rounded_proportion_of_givens() {
        let runs = [
            (40, 100, true),
            (41, 100, false),
            (10, 100, true),
            (0, 100, false),
        ];
        let mut tally = GivensTally::default();
        for (givens, cells, solved) in runs {
            tally.add(givens, cells, solved.then_some(givens as f64), 0.05);
        }
        tally.add(3, 0, Some(1.0), 0.05);
        assert_eq!(
            tally.rates(0.05),
            vec![(0.0, 0.0), (0.1, 100.0), (0.4, 50.0)]
        );
        let medians: Vec<Option<f64>> = tally.groups(0.05).map(|(_, g)| g.median_us()).collect();
        assert_eq!(medians, vec![None, Some(10.0), Some(40.0)]);
        assert!(GivensTally::default().rates(0.05).is_empty());
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
            cactus_steps(&[2.0, 1.0], 100),
            vec![(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]
        );
        let many: Vec<f64> = (1..=1000).map(f64::from).collect();
        let steps = cactus_steps(&many, 10);
        assert_eq!(
            steps.len(),
            9,
            "5 corners, each but the first reached by a step"
        );
        assert_eq!(steps.first(), Some(&(1.0, 1.0)));
        assert_eq!(steps.last(), Some(&(1000.0, 1000.0)));
    }
}
