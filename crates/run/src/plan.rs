//! A run as a list of solves, decided before any solve runs.

use std::borrow::Cow;
use std::path::Path;

use anyhow::{Context, Result, bail};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_catalog::{Dataset, DatasetFile, LoadError, Puzzle, line_id};
use sudoku_core::Registered;

use crate::options::RunOptions;
use crate::results::Phase;

/// One solve of a run, by position in the run's solver and dataset lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Task {
    pub solver: usize,
    pub dataset: usize,
    pub puzzle: usize,
    pub phase: Phase,
    /// 0 for the warm-up, 1.. for timed passes.
    pub rep: u32,
    pub seed: u64,
}

impl Task {
    /// Tasks of one batch may run in parallel: same solver, dataset, phase and pass.
    pub fn batch(&self) -> (usize, usize, Phase, u32) {
        (self.solver, self.dataset, self.phase, self.rep)
    }
}

/// The solves of `registered` (the run's solver number `solver`) on one part of a dataset, in
/// the order they run. A stochastic solver runs each puzzle with `seeds` seeds; any other runs a
/// warm-up pass (answers validated, untimed for the summaries) and then `reps` timed passes.
/// Whether a timed pass still repeats a puzzle (it gave up, or has used its time) is decided
/// while executing, from the rows.
pub fn plan(
    solver: usize,
    registered: &Registered,
    dataset: usize,
    part: &Dataset,
    options: &RunOptions,
) -> Vec<Task> {
    let puzzles = 0..part.puzzles.len();
    let task = |puzzle, phase, rep, seed| Task {
        solver,
        dataset,
        puzzle,
        phase,
        rep,
        seed,
    };
    if registered.info.capabilities.stochastic {
        return puzzles
            .flat_map(|puzzle| {
                (0..u64::from(options.seeds.max(1)))
                    .map(move |k| task(puzzle, Phase::Timed, 1, options.seed.wrapping_add(k)))
            })
            .collect();
    }
    (0..=options.reps)
        .flat_map(|rep| {
            let phase = if rep == 0 {
                Phase::Warmup
            } else {
                Phase::Timed
            };
            let seed = options.seed;
            puzzles
                .clone()
                .map(move |puzzle| task(puzzle, phase, rep, seed))
        })
        .collect()
}

/// The passes over one puzzle that [`plan`] gives `registered`: `(phase, rep)` each.
pub fn passes(registered: &Registered, options: &RunOptions) -> Vec<(Phase, u32)> {
    if registered.info.capabilities.stochastic {
        return vec![(Phase::Timed, 1); options.seeds.max(1) as usize];
    }
    std::iter::once((Phase::Warmup, 0))
        .chain((1..=options.reps).map(|rep| (Phase::Timed, rep)))
        .collect()
}

/// The most solves the run of `solvers` on `datasets` holds: each solver's [`passes`] over
/// every puzzle (fewer run when a puzzle's timed passes stop early).
pub fn planned_solves(
    solvers: &[Registered],
    datasets: &[PreparedDataset],
    options: &RunOptions,
) -> u64 {
    let puzzles: usize = datasets.iter().map(PreparedDataset::len).sum();
    solvers
        .iter()
        .map(|registered| (passes(registered, options).len() * puzzles) as u64)
        .sum()
}

/// A dataset as a run takes it: in memory, ordered, or a file with more puzzles than a run
/// holds at once ([`RunOptions::chunk`]), read again for each solver a part at a time.
#[derive(Debug)]
pub struct PreparedDataset {
    name: String,
    len: usize,
    source: Source,
}

#[derive(Debug)]
enum Source {
    Whole(Dataset),
    Parts {
        file: DatasetFile,
        /// The puzzles the limit leaves, from the file's start.
        taken: usize,
        /// The sample drawn among those, as sorted indices.
        picked: Option<Vec<usize>>,
    },
}

impl PreparedDataset {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many puzzles the run takes from it (after limit, sample and shard).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The puzzles in the order they run, a part at a time: a dataset in memory as one part; a
    /// large file's selected puzzles `options.chunk` at a time, each part shuffled with a seed
    /// of its own and cut to the shard. Parts are the same at every call.
    pub fn parts<'a>(
        &'a self,
        options: &'a RunOptions,
    ) -> Result<Box<dyn Iterator<Item = Result<Cow<'a, Dataset>>> + 'a>> {
        let (file, taken, picked) = match &self.source {
            Source::Whole(dataset) => {
                return Ok(Box::new(std::iter::once(Ok(Cow::Borrowed(dataset)))));
            }
            Source::Parts {
                file,
                taken,
                picked,
            } => (file, *taken, picked),
        };
        let mut selected = selected(file, taken, picked.as_deref())?;
        let mut part = 0;
        Ok(Box::new(std::iter::from_fn(move || {
            let mut puzzles = Vec::with_capacity(options.chunk.min(self.len));
            for entry in selected.by_ref() {
                match entry {
                    Ok(puzzle) => puzzles.push(puzzle),
                    Err(error) => return Some(Err(error.into())),
                }
                if puzzles.len() == options.chunk {
                    break;
                }
            }
            if puzzles.is_empty() {
                return None;
            }
            let mut dataset = Dataset {
                name: self.name.clone(),
                puzzles,
            };
            let seed = options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ part;
            part += 1;
            arrange(&mut dataset, &mut StdRng::seed_from_u64(seed), options);
            Some(Ok(Cow::Owned(dataset)))
        })))
    }
}

/// A file's puzzles among the first `taken`, those `picked` only when given, in file order.
fn selected<'a>(
    file: &'a DatasetFile,
    taken: usize,
    picked: Option<&'a [usize]>,
) -> Result<impl Iterator<Item = Result<Puzzle, LoadError>> + 'a> {
    Ok(file
        .entries()?
        .take(taken)
        .enumerate()
        .filter(move |(index, _)| picked.is_none_or(|p| p.binary_search(index).is_ok()))
        .map(|(_, entry)| entry.map(Puzzle::from)))
}

/// Loads, trims, samples and orders the datasets the options name (by default the named
/// boards and the project's level sets, [`sudoku_catalog::default_specs`]). Every file is read
/// through once here, so a bad line stops the run before it starts.
pub fn prepare_datasets(options: &RunOptions) -> Result<Vec<PreparedDataset>> {
    let specs = if options.datasets.is_empty() {
        sudoku_catalog::default_specs()
    } else {
        options.datasets.clone()
    };
    specs
        .iter()
        .map(|spec| prepare(spec, options).with_context(|| format!("cannot load dataset `{spec}`")))
        .collect()
}

fn prepare(spec: &str, options: &RunOptions) -> Result<PreparedDataset> {
    let whole = |dataset: Dataset| PreparedDataset {
        name: dataset.name.clone(),
        len: dataset.puzzles.len(),
        source: Source::Whole(dataset),
    };
    if let Some(dataset) = sudoku_catalog::embedded(spec) {
        return Ok(whole(order(dataset, options)));
    }
    let path = Path::new(spec);
    if !path.exists() && !spec.contains(['/', '\\', '.']) {
        bail!(
            "not a built-in dataset ({}) nor a file",
            sudoku_catalog::embedded_names().join(", ")
        );
    }
    let file = DatasetFile::open(path)?;
    // The steps of `order`, drawing the same numbers, so a file taken whole is ordered exactly
    // as if it had been loaded whole.
    let mut rng = StdRng::seed_from_u64(options.seed);
    let taken = options.limit.map_or(file.len(), |n| n.min(file.len()));
    let picked = pick(taken, options, &mut rng);
    let count = picked.as_ref().map_or(taken, Vec::len);
    if count <= options.chunk {
        let mut dataset = Dataset {
            name: file.name().into(),
            puzzles: selected(&file, taken, picked.as_deref())?.collect::<Result<_, _>>()?,
        };
        arrange(&mut dataset, &mut rng, options);
        return Ok(whole(dataset));
    }
    let name = file.name().to_string();
    let len = match options.shard {
        None => count,
        Some(shard) => {
            let lines = file.lines();
            let held = |index: usize| shard.holds(&name, &line_id(lines[index]));
            match &picked {
                Some(picked) => picked.iter().filter(|&&i| held(i)).count(),
                None => (0..taken).filter(|&i| held(i)).count(),
            }
        }
    };
    Ok(PreparedDataset {
        name,
        len,
        source: Source::Parts {
            file,
            taken,
            picked,
        },
    })
}

/// `limit` first, then `sample`, then a seeded shuffle (no solver benefits from a file's order),
/// then the shard's part: every shard draws the same sample and keeps its own puzzles of it.
fn order(mut dataset: Dataset, options: &RunOptions) -> Dataset {
    let mut rng = StdRng::seed_from_u64(options.seed);
    if let Some(n) = options.limit {
        dataset.puzzles.truncate(n);
    }
    if let Some(picked) = pick(dataset.puzzles.len(), options, &mut rng) {
        let all = std::mem::take(&mut dataset.puzzles);
        dataset.puzzles = picked.into_iter().map(|i| all[i].clone()).collect();
    }
    arrange(&mut dataset, &mut rng, options);
    dataset
}

/// The sample the options ask for among `count` puzzles, as sorted indices.
fn pick(count: usize, options: &RunOptions, rng: &mut StdRng) -> Option<Vec<usize>> {
    let n = options.sample?.min(count);
    let mut picked = rand::seq::index::sample(rng, count, n).into_vec();
    picked.sort_unstable();
    Some(picked)
}

/// The seeded shuffle, then the shard's part.
fn arrange(dataset: &mut Dataset, rng: &mut StdRng, options: &RunOptions) {
    dataset.puzzles.shuffle(rng);
    if let Some(shard) = options.shard {
        let name = &dataset.name;
        dataset
            .puzzles
            .retain(|puzzle| shard.holds(name, &puzzle.id));
    }
}

/// The entries of `registry` the options name (all when they name none), in registry order.
pub fn chosen_solvers(registry: Vec<Registered>, options: &RunOptions) -> Result<Vec<Registered>> {
    for id in &options.solvers {
        if !registry.iter().any(|r| r.id() == id) {
            let known: Vec<&str> = registry.iter().map(Registered::id).collect();
            bail!("no solver `{id}`; registered: {}", known.join(", "));
        }
    }
    Ok(registry
        .into_iter()
        .filter(|r| options.solvers.is_empty() || options.solvers.iter().any(|id| id == r.id()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Shard;

    #[test]
    fn shards_split_a_dataset_into_disjoint_parts_that_cover_it() {
        let ids = |options: &RunOptions| -> Vec<String> {
            let set = order(sudoku_catalog::load("9x9-easy").unwrap(), options);
            set.puzzles.into_iter().map(|p| p.id).collect()
        };
        let mut all = ids(&RunOptions::default());
        let mut seen: Vec<String> = (1..=3)
            .flat_map(|index| {
                ids(&RunOptions {
                    shard: Some(Shard { index, count: 3 }),
                    ..RunOptions::default()
                })
            })
            .collect();
        all.sort();
        seen.sort();
        assert_eq!(seen, all);
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sampling_is_seeded_and_within_limits() {
        let options = RunOptions {
            sample: Some(3),
            seed: 9,
            ..RunOptions::default()
        };
        let a = order(sudoku_catalog::named_dataset(), &options);
        let b = order(sudoku_catalog::named_dataset(), &options);
        let ids = |d: &Dataset| d.puzzles.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&a), ids(&b));
        assert_eq!(a.puzzles.len(), 3);
        let limited = order(
            sudoku_catalog::named_dataset(),
            &RunOptions {
                limit: Some(2),
                ..RunOptions::default()
            },
        );
        let mut got = ids(&limited);
        got.sort();
        let mut first_two: Vec<String> = sudoku_catalog::named_dataset().puzzles[..2]
            .iter()
            .map(|p| p.id.clone())
            .collect();
        first_two.sort();
        assert_eq!(got, first_two);
    }

    /// A file of `count` distinct 4×4 puzzles (a relabelled grid each, one clue removed).
    fn puzzle_file(count: usize) -> (tempfile::TempDir, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("set.txt");
        let grid = "1234341221434321";
        let text: String = (0..count)
            .map(|i| {
                let mut line: Vec<u8> = grid.bytes().collect();
                line[i % 16] = b'.';
                let shift = (i / 16) as u8 % 4;
                for cell in line.iter_mut().filter(|c| c.is_ascii_digit()) {
                    *cell = b'1' + (*cell - b'1' + shift) % 4;
                }
                String::from_utf8(line).unwrap() + "\n"
            })
            .collect();
        std::fs::write(&path, text).unwrap();
        (dir, path.display().to_string())
    }

    fn part_ids(prepared: &PreparedDataset, options: &RunOptions) -> Vec<Vec<String>> {
        prepared
            .parts(options)
            .unwrap()
            .map(|part| part.unwrap().puzzles.iter().map(|p| p.id.clone()).collect())
            .collect()
    }

    #[test]
    fn a_file_that_fits_is_ordered_as_if_loaded_whole() {
        let (_dir, path) = puzzle_file(40);
        for options in [
            RunOptions::default(),
            RunOptions {
                sample: Some(7),
                seed: 3,
                ..RunOptions::default()
            },
            RunOptions {
                limit: Some(9),
                shard: Some(Shard { index: 2, count: 3 }),
                ..RunOptions::default()
            },
        ] {
            let options = RunOptions {
                datasets: vec![path.clone()],
                ..options
            };
            let prepared = prepare(&path, &options).unwrap();
            let whole = order(sudoku_catalog::load(&path).unwrap(), &options);
            let ids: Vec<String> = whole.puzzles.iter().map(|p| p.id.clone()).collect();
            assert_eq!(prepared.len(), ids.len());
            assert_eq!(part_ids(&prepared, &options), [ids]);
        }
    }

    #[test]
    fn a_larger_file_runs_in_parts_that_cover_its_selection_once() {
        let (_dir, path) = puzzle_file(40);
        let whole = |options: &RunOptions| {
            let mut ids: Vec<String> = order(sudoku_catalog::load(&path).unwrap(), options)
                .puzzles
                .into_iter()
                .map(|p| p.id)
                .collect();
            ids.sort();
            ids
        };
        for selection in [
            RunOptions::default(),
            RunOptions {
                sample: Some(23),
                ..RunOptions::default()
            },
            RunOptions {
                limit: Some(30),
                ..RunOptions::default()
            },
        ] {
            let options = RunOptions {
                chunk: 6,
                ..selection
            };
            let prepared = prepare(&path, &options).unwrap();
            let parts = part_ids(&prepared, &options);
            assert_eq!(
                parts,
                part_ids(&prepared, &options),
                "the same parts each time"
            );
            assert!(parts.iter().all(|part| part.len() <= 6));
            let mut seen: Vec<String> = parts.concat();
            assert_eq!(prepared.len(), seen.len());
            seen.sort();
            assert_eq!(seen, whole(&options), "{options:?}");
            // Shards split the parts' puzzles between them, each counted beforehand.
            let mut sharded = Vec::new();
            for index in 1..=3 {
                let options = RunOptions {
                    shard: Some(Shard { index, count: 3 }),
                    ..options.clone()
                };
                let prepared = prepare(&path, &options).unwrap();
                let ids = part_ids(&prepared, &options).concat();
                assert_eq!(prepared.len(), ids.len());
                sharded.extend(ids);
            }
            sharded.sort();
            assert_eq!(sharded, seen);
        }
    }
}
