//! A run folded, one row at a time, into what its summary and charts need: per puzzle a few
//! numbers, per solver and dataset the tallies of its runs. What it holds grows with a run's
//! puzzles, never with its rows, and each puzzle id is stored once for all solvers, so a
//! million-puzzle run is summarized in a small part of the memory its rows would take.
//!
//! How a puzzle's rows make one figure: for deterministic solvers its status is its warm-up's
//! (the timed passes repeat the same search) unless any of its rows failed, its time the median
//! of its timed passes (the warm-up's when it had none), its counters those of its first row.
//! For stochastic solvers every seed is one run; a puzzle counts as solved when any run solved
//! it, and its time is the median over its solved runs.
//!
//! Folding only: rows come in through [`Digest::add`] from wherever they are; reading them from a
//! file (and forgiving an interrupted run's torn last line) is [`crate::read`]'s job.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::OnceLock;

use hashbrown::HashTable;
use smallvec::SmallVec;
use sudoku_core::Counters;
use sudoku_run::results::{Phase, Results, Row, RunHeader, SolverMeta, Status};

use crate::stats::{self, GivensTally};

/// A dataset whose puzzles' proportions of givens span this much is a sweep: the report charts
/// its success against the share of givens and tables it by share.
pub const GIVENS_SWEEP: f64 = 0.4;

/// Width of the proportion-of-givens groups of the success-against-givens chart.
pub const GIVENS_STEP: f64 = 0.05;

/// One puzzle as one solver met it: the figures of its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStat<'a> {
    pub solver: &'a str,
    pub dataset: &'a str,
    pub puzzle: &'a str,
    pub clues: usize,
    pub size: usize,
    pub status: &'a Status,
    /// Median time of the timed passes (stochastic solvers: of the solved runs, or of all runs
    /// when none solved), µs.
    pub time_us: f64,
    pub iterations: u64,
    pub guesses: u64,
    /// The solver's declared work counter.
    pub work: u64,
    /// Time spent building an engine's model, µs, when the solver reports it: the median over
    /// the same passes as `time_us`, so it is never more than that time.
    pub build_us: Option<f64>,
    /// The relative spread of its timed passes, % (deterministic solvers with two or more).
    pub spread_percent: Option<f64>,
    /// Runs and solved runs (stochastic solvers; 1/1 or 1/0 otherwise).
    pub runs: usize,
    pub solved_runs: usize,
}

/// Marks "none" in the status fields of [`PuzzleRows`].
const NONE: u16 = u16::MAX;
/// The bit of a timed sample that says its run solved the puzzle (times stay far below it).
const SOLVED_BIT: u64 = 1 << 63;

/// What a puzzle's rows so far say, in as few bytes as the summary allows: 80, so a million
/// puzzles take 80 MB, and three timed passes fit without an allocation. Statuses are indices
/// into [`Digest::statuses`].
#[derive(Clone, Debug)]
struct PuzzleRows {
    /// The warm-up's time (deterministic solvers), or the first row's.
    base_time_ns: u64,
    iterations: u64,
    guesses: u64,
    work: u64,
    /// Timed passes or runs: time in ns, [`SOLVED_BIT`] set when the run solved.
    samples: SmallVec<[u64; 3]>,
    clues: u16,
    size: u16,
    base_status: u16,
    /// The first row that did not decide the puzzle.
    worst: u16,
    last_timed: u16,
    has_warmup: bool,
}

impl PuzzleRows {
    fn first(row: &Row, status: u16, work: u64) -> PuzzleRows {
        PuzzleRows {
            base_time_ns: row.time_ns,
            iterations: row.counter("iterations"),
            guesses: row.counter("guesses"),
            work,
            samples: SmallVec::new(),
            clues: u16::try_from(row.clues).unwrap_or(u16::MAX),
            size: u16::try_from(row.size).unwrap_or(u16::MAX),
            base_status: status,
            worst: NONE,
            last_timed: NONE,
            has_warmup: false,
        }
    }

    fn add(&mut self, row: &Row, status: u16, stochastic: bool) {
        if row.phase == Phase::Warmup && !self.has_warmup && !stochastic {
            self.has_warmup = true;
            self.base_status = status;
            self.base_time_ns = row.time_ns;
        }
        if self.worst == NONE && !row.status.is_decided() {
            self.worst = status;
        }
        if row.phase == Phase::Timed {
            let solved = if row.status == Status::Solved {
                SOLVED_BIT
            } else {
                0
            };
            self.samples.push(row.time_ns.min(SOLVED_BIT - 1) | solved);
            self.last_timed = status;
        }
    }

    fn times_us(&self, only_solved: bool) -> SmallVec<[f64; 4]> {
        self.samples
            .iter()
            .filter(|&&s| !only_solved || s & SOLVED_BIT != 0)
            .map(|&s| (s & !SOLVED_BIT) as f64 / 1_000.0)
            .collect()
    }

    fn stat<'a>(&self, digest: &'a Digest, key: (usize, usize), id: u32) -> PuzzleStat<'a> {
        let (solver, dataset) = key;
        let stochastic = digest.metas[solver].stochastic;
        let solved_runs = self
            .samples
            .iter()
            .filter(|&&s| s & SOLVED_BIT != 0)
            .count();
        let all = self.times_us(false);
        let (status, runs, solved_runs, time_us) = if stochastic {
            let status = if solved_runs > 0 {
                &Status::Solved
            } else if self.last_timed != NONE {
                &digest.statuses[self.last_timed as usize]
            } else {
                &digest.statuses[self.base_status as usize]
            };
            let time = stats::median(&self.times_us(true))
                .or_else(|| stats::median(&all))
                .unwrap_or(0.0);
            (status, all.len(), solved_runs, time)
        } else {
            // A later failure (a wrong answer or a give-up in a timed pass) outweighs the
            // warm-up's success.
            let code = if self.worst != NONE {
                self.worst
            } else {
                self.base_status
            };
            let status = &digest.statuses[code as usize];
            let time = stats::median(&all).unwrap_or(self.base_time_ns as f64 / 1_000.0);
            (status, 1, usize::from(*status == Status::Solved), time)
        };
        PuzzleStat {
            solver: &digest.metas[solver].id,
            dataset: &digest.datasets[dataset].name,
            puzzle: digest.datasets[dataset].ids.get(id),
            clues: self.clues as usize,
            size: self.size as usize,
            status,
            time_us,
            iterations: self.iterations,
            guesses: self.guesses,
            work: self.work,
            build_us: digest.groups[&key]
                .builds
                .get(&id)
                .and_then(ModelBuilds::median_us),
            spread_percent: (!stochastic && all.len() > 1)
                .then(|| stats::relative_mad_percent(&all))
                .flatten(),
            runs,
            solved_runs,
        }
    }
}

/// The ids of one dataset's puzzles, each stored once in one string.
#[derive(Default)]
struct PuzzleIds {
    text: String,
    ends: Vec<usize>,
    index: HashTable<u32>,
    hasher: std::hash::RandomState,
    /// Indices in id order (the order puzzles are listed in), made when first asked for.
    sorted: OnceLock<Vec<u32>>,
}

fn id_at<'a>(text: &'a str, ends: &[usize], index: u32) -> &'a str {
    let index = index as usize;
    let start = if index == 0 { 0 } else { ends[index - 1] };
    &text[start..ends[index]]
}

impl PuzzleIds {
    fn get(&self, index: u32) -> &str {
        id_at(&self.text, &self.ends, index)
    }

    fn intern(&mut self, id: &str) -> u32 {
        let hash = self.hasher.hash_one(id);
        let PuzzleIds {
            text,
            ends,
            index,
            hasher,
            ..
        } = self;
        if let Some(&found) = index.find(hash, |&i| id_at(text, ends, i) == id) {
            return found;
        }
        text.push_str(id);
        ends.push(text.len());
        let new = u32::try_from(ends.len() - 1).expect("fewer than 2³² puzzles in a dataset");
        index.insert_unique(hash, new, |&i| hasher.hash_one(id_at(text, ends, i)));
        self.sorted = OnceLock::new();
        new
    }

    fn sorted(&self) -> &[u32] {
        self.sorted.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.ends.len() as u32).collect();
            order.sort_by(|&a, &b| self.get(a).cmp(self.get(b)));
            order
        })
    }
}

struct DatasetRows {
    name: String,
    ids: PuzzleIds,
    /// The smallest and largest proportion of cells given, over its rows.
    givens: Option<(f64, f64)>,
}

/// The rows of one solver on one dataset.
#[derive(Default)]
struct Group {
    /// By puzzle index in the dataset's [`PuzzleIds`].
    puzzles: Vec<Option<PuzzleRows>>,
    /// The model-building times of each puzzle, for the few solvers that report them.
    builds: HashMap<u32, ModelBuilds>,
    /// Timed rows: the success-against-givens counts.
    givens: GivensTally,
    /// Stochastic solvers' timed runs.
    runs: Runs,
}

/// One puzzle's model-building times, µs: the warm-up's and the timed passes'.
#[derive(Default)]
struct ModelBuilds {
    warmup: Option<u64>,
    timed: SmallVec<[u64; 3]>,
}

impl ModelBuilds {
    fn add(&mut self, row: &Row, build_us: u64) {
        match row.phase {
            Phase::Warmup => self.warmup = Some(build_us),
            Phase::Timed => self.timed.push(build_us),
        }
    }

    /// The median over the timed passes, else the warm-up's: the passes a puzzle's time is the
    /// median of. Each pass builds within its own time, so this median is within the time's.
    fn median_us(&self) -> Option<f64> {
        let timed: Vec<f64> = self.timed.iter().map(|&us| us as f64).collect();
        stats::median(&timed).or(self.warmup.map(|us| us as f64))
    }
}

/// A stochastic solver's timed runs on one dataset.
#[derive(Default)]
pub struct Runs {
    pub count: usize,
    /// Time of each solved run, µs.
    pub solved_us: Vec<f64>,
    /// Time of all runs, s.
    pub seconds: f64,
    /// Each run's `(work, best cost)` points.
    pub convergence: Vec<Vec<(u64, u64)>>,
}

/// A run folded into its figures; see the module documentation.
pub struct Digest {
    header: Option<RunHeader>,
    /// The header's solvers, then any met only in rows, with whether rows of each were seen.
    metas: Vec<SolverMeta>,
    seen: Vec<bool>,
    datasets: Vec<DatasetRows>,
    statuses: Vec<Status>,
    groups: HashMap<(usize, usize), Group>,
    rows: usize,
    /// Read from the file of a run still going or interrupted.
    partial: bool,
}

/// A run that has not finished: its rows so far, and the most its plan holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incomplete {
    pub solves: usize,
    pub planned: Option<u64>,
}

impl std::fmt::Display for Incomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.planned {
            Some(planned) => write!(
                f,
                "incomplete run: {} of {}",
                self.solves,
                crate::table::count(usize::try_from(planned).unwrap_or(usize::MAX), "solve")
            ),
            None => write!(
                f,
                "incomplete run: {} (the plan's size was not recorded)",
                crate::table::count(self.solves, "solve")
            ),
        }
    }
}

impl Digest {
    /// An empty digest of a run with `header`.
    pub fn new(header: Option<RunHeader>) -> Digest {
        let metas = header.as_ref().map_or_else(Vec::new, |h| h.solvers.clone());
        Digest::with(header, metas)
    }

    /// An empty digest of rows from a run of `solvers` whose header is not at hand.
    pub fn declaring(solvers: &[SolverMeta]) -> Digest {
        Digest::with(None, solvers.to_vec())
    }

    fn with(header: Option<RunHeader>, metas: Vec<SolverMeta>) -> Digest {
        Digest {
            header,
            seen: vec![false; metas.len()],
            metas,
            datasets: Vec::new(),
            statuses: Vec::new(),
            groups: HashMap::new(),
            rows: 0,
            partial: false,
        }
    }

    /// Marks the digest as that of a run that has not finished.
    pub fn mark_partial(&mut self) {
        self.partial = true;
    }

    /// How far an unfinished run got; `None` for a finished one.
    pub fn incomplete(&self) -> Option<Incomplete> {
        self.partial.then(|| Incomplete {
            solves: self.rows,
            planned: self.header.as_ref().and_then(|h| h.planned_solves),
        })
    }

    /// The digest of rows already read.
    pub fn of(results: &Results) -> Digest {
        let mut digest = Digest::new(results.header.clone());
        for row in &results.rows {
            digest.add(row);
        }
        digest
    }

    /// Folds in one row.
    pub fn add(&mut self, row: &Row) {
        self.rows += 1;
        let solver = self.solver_index(row);
        let dataset = self.dataset_index(&row.dataset);
        let data = &mut self.datasets[dataset];
        let id = data.ids.intern(&row.puzzle);
        if row.size > 0 {
            let proportion = row.clues as f64 / (row.size * row.size) as f64;
            let (low, high) = data.givens.get_or_insert((proportion, proportion));
            *low = low.min(proportion);
            *high = high.max(proportion);
        }
        let status = self.status_code(&row.status);
        let meta = &self.metas[solver];
        let group = self.groups.entry((solver, dataset)).or_default();
        let slot = id as usize;
        if group.puzzles.len() <= slot {
            group.puzzles.resize(slot + 1, None);
        }
        let build = row
            .counters
            .iter()
            .find(|(name, _)| name == Counters::BUILD_US);
        if let Some(&(_, build_us)) = build {
            group.builds.entry(id).or_default().add(row, build_us);
        }
        let puzzle = group.puzzles[slot]
            .get_or_insert_with(|| PuzzleRows::first(row, status, row.counter(&meta.work_counter)));
        puzzle.add(row, status, meta.stochastic);
        if row.phase == Phase::Timed {
            let solved = row.status == Status::Solved;
            group.givens.add(
                row.clues,
                row.size * row.size,
                solved.then(|| row.time_us()),
                GIVENS_STEP,
            );
            if meta.stochastic {
                let runs = &mut group.runs;
                runs.count += 1;
                runs.seconds += row.time_us() / 1e6;
                if solved {
                    runs.solved_us.push(row.time_us());
                }
                runs.convergence.push(row.convergence.clone());
            }
        }
    }

    fn solver_index(&mut self, row: &Row) -> usize {
        let index = match self.metas.iter().position(|m| m.id == row.solver) {
            Some(index) => index,
            None => {
                self.metas.push(SolverMeta::undeclared(row));
                self.seen.push(false);
                self.metas.len() - 1
            }
        };
        self.seen[index] = true;
        index
    }

    fn dataset_index(&mut self, name: &str) -> usize {
        if let Some(index) = self.datasets.iter().position(|d| d.name == name) {
            return index;
        }
        self.datasets.push(DatasetRows {
            name: name.into(),
            ids: PuzzleIds::default(),
            givens: None,
        });
        self.datasets.len() - 1
    }

    /// The status's index; a file with more distinct statuses than that (only a hand-made one
    /// could have them: the gave-up reasons are few) shares the last index among the rest.
    fn status_code(&mut self, status: &Status) -> u16 {
        let last = usize::from(NONE - 1);
        let index = match self.statuses.iter().position(|s| s == status) {
            Some(index) => index,
            None if self.statuses.len() > last => last,
            None => {
                self.statuses.push(status.clone());
                self.statuses.len() - 1
            }
        };
        index as u16
    }

    pub fn header(&self) -> Option<&RunHeader> {
        self.header.as_ref()
    }

    /// Rows folded in.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The solvers with rows: the header's in its order, then any met only in rows.
    pub fn metas(&self) -> Vec<SolverMeta> {
        self.metas
            .iter()
            .zip(&self.seen)
            .filter(|(_, seen)| **seen)
            .map(|(meta, _)| meta.clone())
            .collect()
    }

    /// Dataset names in the order rows first named them.
    pub fn datasets(&self) -> Vec<&str> {
        self.datasets.iter().map(|d| d.name.as_str()).collect()
    }

    /// Distinct puzzles met in `dataset`, over all solvers.
    pub fn puzzle_count(&self, dataset: &str) -> usize {
        self.datasets
            .iter()
            .find(|d| d.name == dataset)
            .map_or(0, |d| d.ids.ends.len())
    }

    /// Whether `dataset`'s puzzles span [`GIVENS_SWEEP`] or more of proportions of givens: a
    /// sweep, shown by share of givens.
    pub fn sweeps_givens(&self, dataset: &str) -> bool {
        self.givens_range(dataset)
            .is_some_and(|(low, high)| high - low >= GIVENS_SWEEP)
    }

    /// The smallest and largest proportion of cells given in `dataset`.
    pub fn givens_range(&self, dataset: &str) -> Option<(f64, f64)> {
        self.datasets.iter().find(|d| d.name == dataset)?.givens
    }

    fn group(&self, solver: &str, dataset: &str) -> Option<((usize, usize), &Group)> {
        let s = self.metas.iter().position(|m| m.id == solver)?;
        let d = self.datasets.iter().position(|x| x.name == dataset)?;
        Some(((s, d), self.groups.get(&(s, d))?))
    }

    /// The puzzles of solver `s` in dataset `d` (indices), by id; none when it met none there.
    fn stats_in(&self, s: usize, d: usize) -> impl Iterator<Item = PuzzleStat<'_>> + '_ {
        let group = self.groups.get(&(s, d));
        let ids: &[u32] = match group {
            Some(_) => self.datasets[d].ids.sorted(),
            None => &[],
        };
        ids.iter().filter_map(move |&id| {
            let rows = group?.puzzles.get(id as usize)?.as_ref()?;
            Some(rows.stat(self, (s, d), id))
        })
    }

    /// Every puzzle `solver` met in `dataset`, by id.
    pub fn puzzles_of(&self, solver: &str, dataset: &str) -> impl Iterator<Item = PuzzleStat<'_>> {
        let key = self.group(solver, dataset).map(|(key, _)| key);
        key.into_iter().flat_map(|(s, d)| self.stats_in(s, d))
    }

    /// How many puzzles `solver` met in `dataset`, without working out their figures.
    pub fn puzzle_count_of(&self, solver: &str, dataset: &str) -> usize {
        self.group(solver, dataset)
            .map_or(0, |(_, group)| group.puzzles.iter().flatten().count())
    }

    /// Every puzzle of every solver: solvers in [`Digest::metas`] order, then datasets, then ids.
    /// Made as they are read, so a chart over a million puzzles holds only what it keeps.
    pub fn puzzles(&self) -> impl Iterator<Item = PuzzleStat<'_>> {
        (0..self.metas.len())
            .filter(|&s| self.seen[s])
            .flat_map(move |s| (0..self.datasets.len()).flat_map(move |d| self.stats_in(s, d)))
    }

    /// A stochastic solver's timed runs on `dataset` (`None` for other solvers or no rows).
    pub fn runs(&self, solver: &str, dataset: &str) -> Option<&Runs> {
        let ((s, _), group) = self.group(solver, dataset)?;
        self.metas[s].stochastic.then_some(&group.runs)
    }

    /// `solver`'s timed runs on `dataset` counted by proportion of givens.
    pub fn givens(&self, solver: &str, dataset: &str) -> Option<&GivensTally> {
        Some(&self.group(solver, dataset)?.1.givens)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A declared solver for tests: complete unless stochastic, its work counted in moves.
    pub(crate) fn meta(id: &str, stochastic: bool) -> SolverMeta {
        SolverMeta {
            id: id.into(),
            family: "f".into(),
            description: String::new(),
            complete: !stochastic,
            counts_solutions: !stochastic,
            stochastic,
            reports_guesses: !stochastic,
            sizes: vec![9],
            variants: vec!["classic".into()],
            work_counter: "moves".into(),
        }
    }

    pub(crate) fn row(solver: &str, puzzle: &str, phase: Phase, status: Status, us: u64) -> Row {
        Row {
            solver: solver.into(),
            family: "f".into(),
            dataset: "d".into(),
            puzzle: puzzle.into(),
            size: 9,
            clues: puzzle.len(),
            phase,
            rep: u32::from(phase == Phase::Timed),
            seed: 0,
            solution_limit: 2,
            status,
            solutions: 1,
            time_ns: us * 1000,
            counters: vec![("iterations".into(), us), ("moves".into(), 2 * us)],
            best_cost: None,
            convergence: vec![(0, 9), (us, 0)],
            detail: String::new(),
            checked: String::new(),
        }
    }

    fn digest(solvers: &[SolverMeta], rows: &[Row]) -> Digest {
        let mut digest = Digest::declaring(solvers);
        for row in rows {
            digest.add(row);
        }
        digest
    }

    #[test]
    fn model_building_is_the_median_of_the_passes_the_time_is_the_median_of() {
        let with_build = |phase, us, build: u64| {
            let mut row = row("ilp", "p", phase, Status::Solved, us);
            row.counters.push((Counters::BUILD_US.into(), build));
            row
        };
        // A cold warm-up spends most of its time building; the timed passes do not.
        let rows = [
            with_build(Phase::Warmup, 1_000, 900),
            with_build(Phase::Timed, 200, 100),
            with_build(Phase::Timed, 220, 120),
            with_build(Phase::Timed, 210, 110),
        ];
        let all = digest(&[meta("ilp", false)], &rows);
        let stat = all.puzzles_of("ilp", "d").next().unwrap();
        assert_eq!((stat.time_us, stat.build_us), (210.0, Some(110.0)));
        let warmup_only = digest(&[meta("ilp", false)], &rows[..1]);
        let stat = warmup_only.puzzles_of("ilp", "d").next().unwrap();
        assert_eq!((stat.time_us, stat.build_us), (1_000.0, Some(900.0)));
    }

    #[test]
    fn puzzles_are_listed_by_solver_then_id_with_their_first_rows_counters() {
        use Phase::*;
        let rows = [
            row("b", "zz", Warmup, Status::Solved, 30),
            row("a", "zz", Warmup, Status::Solved, 10),
            row("a", "aaa", Warmup, Status::Solved, 20),
            row("a", "zz", Timed, Status::Solved, 12),
            row("a", "zz", Timed, Status::Solved, 16),
            row("a", "aaa", Timed, Status::GaveUp("deadline".into()), 90),
        ];
        let digest = digest(
            &[meta("a", false), meta("b", false), meta("c", false)],
            &rows,
        );
        let listed: Vec<(&str, &str)> = digest.puzzles().map(|p| (p.solver, p.puzzle)).collect();
        assert_eq!(listed, [("a", "aaa"), ("a", "zz"), ("b", "zz")]);
        let ids: Vec<String> = digest.metas().into_iter().map(|m| m.id).collect();
        assert_eq!(ids, ["a", "b"], "a solver without rows is left out");
        assert_eq!(digest.puzzle_count("d"), 2);
        assert_eq!(digest.rows(), 6);

        let zz = digest.puzzles_of("a", "d").nth(1).unwrap();
        assert_eq!(*zz.status, Status::Solved);
        assert_eq!(zz.time_us, 14.0, "the median of the timed passes");
        assert_eq!((zz.iterations, zz.work, zz.clues), (10, 20, 2));
        assert_eq!(zz.spread_percent, Some(2.0 / 14.0 * 100.0));
        let aaa = digest.puzzles_of("a", "d").next().unwrap();
        assert_eq!(*aaa.status, Status::GaveUp("deadline".into()));
        let b = digest.puzzles_of("b", "d").next().unwrap();
        assert_eq!(b.time_us, 30.0, "the warm-up's time when no pass was timed");
        assert_eq!(b.spread_percent, None);
    }

    #[test]
    fn stochastic_puzzles_count_runs_and_time_the_solved_ones() {
        use Phase::*;
        let rows = [
            row("t", "p", Timed, Status::GaveUp("deadline".into()), 1000),
            row("t", "p", Timed, Status::Solved, 300),
            row("t", "p", Timed, Status::Solved, 100),
            row("t", "q", Timed, Status::GaveUp("iteration_cap".into()), 50),
        ];
        let digest = digest(&[meta("t", true)], &rows);
        let stats: Vec<PuzzleStat> = digest.puzzles().collect();
        assert_eq!((stats[0].runs, stats[0].solved_runs), (3, 2));
        assert_eq!(*stats[0].status, Status::Solved);
        assert_eq!(stats[0].time_us, 200.0);
        assert_eq!(*stats[1].status, Status::GaveUp("iteration_cap".into()));
        assert_eq!(stats[1].time_us, 50.0, "all runs' median when none solved");
        let runs = digest.runs("t", "d").unwrap();
        assert_eq!((runs.count, runs.solved_us.len()), (4, 2));
        assert!((runs.seconds - 1450e-6).abs() < 1e-12);
        assert_eq!(runs.convergence.len(), 4);
        assert!(digest.givens("t", "d").is_some());
    }
}
