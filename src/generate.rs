//! `generate`: seeded puzzles in the dataset form, by four methods: strictly minimal unique
//! puzzles (with a symmetry and a target difficulty), the thesis's random clues, grids with a
//! proportion of givens kept, and the 2009 program's transformations of known puzzles.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail, ensure};
use rand::SeedableRng;
use rand::rngs::StdRng;
use sudoku_core::{Geometry, Grid, Shape, Variant, VariantKind, dataset_line};
use sudoku_generate::{
    Board, Limits, Symmetry, Transform, generate_bounded, generate_minimal, keep_givens,
    random_solution, thesis_puzzle,
};
use sudoku_human::Level;

use crate::options::SeedArg;
use crate::ui::{self, Progress};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Method {
    /// Strictly minimal unique puzzles carved from random full grids (--symmetry, --difficulty).
    Minimal,
    /// Unique puzzles carved from random full grids while they stay rated at most --difficulty,
    /// kept when rated exactly that: as few clues as the level allows, not minimal. For levels
    /// minimal puzzles of the size never reach (16×16: all of them need guessing).
    Bounded,
    /// The thesis's method: random non-conflicting clues, drawn again until exactly one solution.
    Thesis,
    /// Random full grids with a proportion of their cells kept (--givens): solvable, not
    /// necessarily unique.
    Givens,
    /// Equivalent puzzles made from those of a file (--from) by the 2009 program's moves.
    Transform,
}

/// The rules a generated puzzle is played under.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum VariantArg {
    Classic,
    Diagonal,
    Jigsaw,
    JigsawDiagonal,
}

impl VariantArg {
    /// The boards the carving generators draw on.
    fn board(self, shape: Shape) -> Board {
        match self {
            VariantArg::Classic => shape.into(),
            VariantArg::Diagonal => Geometry::of(shape, &Variant::diagonal()).into(),
            VariantArg::Jigsaw | VariantArg::JigsawDiagonal => Board::RandomJigsaw {
                shape,
                diagonals: self == VariantArg::JigsawDiagonal,
            },
        }
    }
}

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// How the puzzles are made.
    #[arg(long, value_enum, default_value_t = Method::Minimal)]
    method: Method,
    /// Side of the board: 4, 6, 9, 12, 16 or 25.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Puzzles to make (with --givens: per proportion; with --method transform: per puzzle read).
    #[arg(long, default_value_t = 1)]
    count: usize,
    #[command(flatten)]
    seed: SeedArg,
    /// Symmetry of the clue pattern (minimal, bounded): none, 180, 90, diagonal or mirror. A
    /// jigsaw map drawn for the puzzle keeps it too (90, diagonal and mirror need square boxes:
    /// sizes 4, 9, 16, 25).
    #[arg(long, default_value_t = Symmetry::None)]
    symmetry: Symmetry,
    /// The rules (minimal, bounded): classic; diagonal (both main diagonals are houses); jigsaw
    /// (a new random region map for each puzzle, written beside its clues); jigsaw-diagonal.
    #[arg(long, value_enum, default_value_t = VariantArg::Classic)]
    variant: VariantArg,
    /// Keep only puzzles of this level (minimal; needed by bounded): easy, medium, hard, unfair
    /// or extreme, as `sudoku-bench rate` levels them (HoDoKu's levels).
    #[arg(long)]
    difficulty: Option<Level>,
    /// Keep only puzzles whose Sudoku Explainer-scale rating lies in this range, both ends
    /// included (minimal): `7.0..7.5`, as `sudoku-bench rate` gives it.
    #[arg(long, value_name = "MIN..MAX")]
    rating: Option<RatingRange>,
    /// Proportion of the cells kept as givens, 0 to 1 (method givens; repeatable or
    /// comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "PROPORTION")]
    givens: Vec<f64>,
    /// The dataset file whose puzzles are transformed (method transform).
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
    /// Give up after this many seconds in all.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300.0,
        allow_negative_numbers = true
    )]
    timeout: f64,
    /// Give up on a puzzle after this many attempts (thesis: clue sets drawn; minimal: full
    /// grids carved).
    #[arg(long, value_name = "N")]
    max_attempts: Option<u64>,
    /// Write to this file (replaced whole, never left half-written) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn generate(args: &GenerateArgs) -> Result<()> {
    if let Some(path) = &args.out {
        check_writable(path)?;
    }
    let text = generated(args)?;
    match &args.out {
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .context("cannot write to standard output"),
        Some(path) => write_whole(path, &text),
    }
}

/// The file `generate` writes (without writing it): what the lab loads a generated puzzle
/// from, too.
pub fn generated(args: &GenerateArgs) -> Result<String> {
    let Some(shape) = Shape::from_size(args.size) else {
        let sizes: Vec<String> = Shape::ALL.iter().map(|s| s.size().to_string()).collect();
        bail!(
            "no board of size {}: sizes are {}",
            args.size,
            sizes.join(", ")
        );
    };
    ensure!(
        args.givens.is_empty() || args.method == Method::Givens,
        "--givens belongs to --method givens"
    );
    ensure!(
        args.from.is_none() || args.method == Method::Transform,
        "--from belongs to --method transform"
    );
    ensure!(
        args.difficulty.is_none() && args.symmetry == Symmetry::None
            || matches!(args.method, Method::Minimal | Method::Bounded),
        "--difficulty and --symmetry belong to --method minimal or bounded"
    );
    ensure!(
        args.variant == VariantArg::Classic
            || matches!(args.method, Method::Minimal | Method::Bounded),
        "--variant belongs to --method minimal or bounded"
    );
    ensure!(
        args.difficulty.is_some() || args.method != Method::Bounded,
        "--method bounded needs --difficulty LEVEL"
    );
    ensure!(
        args.rating.is_none() || args.method == Method::Minimal,
        "--rating belongs to --method minimal"
    );
    let timeout = crate::options::positive_seconds("--timeout", args.timeout)
        .map_err(|failure| anyhow::anyhow!(failure.message))?;
    let mut limits = Limits::until(Instant::now() + timeout);
    if let Some(max) = args.max_attempts {
        limits = limits.with_attempts(max);
    }
    let mut rng = StdRng::seed_from_u64(args.seed.seed);
    let mut text = format!("# {} (rand 0.9 StdRng)\n", command_line(args));
    match args.method {
        Method::Minimal | Method::Bounded => carved(shape, args, &limits, &mut rng, &mut text)?,
        Method::Thesis => thesis(shape, args, &limits, &mut rng, &mut text)?,
        Method::Givens => givens(shape, args, &mut rng, &mut text)?,
        Method::Transform => transformed(args, &mut rng, &mut text)?,
    }
    Ok(text)
}

/// A range of Sudoku Explainer-scale ratings, both ends included: `7.0..7.5`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct RatingRange {
    min: f32,
    max: f32,
}

impl RatingRange {
    /// Whether a puzzle rated `rating` lies in the range; one that needs guessing never does.
    fn holds(self, rating: &sudoku_human::Rating) -> bool {
        // Ratings are tenths: compare them as such, so 7.5 is inside `7.0..7.5`.
        let tenths = |value: f32| (value * 10.0).round() as i32;
        !rating.guessed && (tenths(self.min)..=tenths(self.max)).contains(&tenths(rating.explainer))
    }
}

impl std::str::FromStr for RatingRange {
    type Err = String;

    fn from_str(text: &str) -> Result<RatingRange, String> {
        let wrong = || format!("--rating {text:?}: expected MIN..MAX, such as 7.0..7.5");
        let (min, max) = text.split_once("..").ok_or_else(wrong)?;
        let parse = |part: &str| part.trim().parse::<f32>().ok().filter(|v| v.is_finite());
        let (Some(min), Some(max)) = (parse(min), parse(max)) else {
            return Err(wrong());
        };
        if min < 0.0 || min > max {
            return Err(format!(
                "--rating {text:?}: the range runs from a rating of 0 or more up to one at least \
                 as large"
            ));
        }
        Ok(RatingRange { min, max })
    }
}

impl std::fmt::Display for RatingRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1}..{:.1}", self.min, self.max)
    }
}

/// A value of an option as the command line spells it (`jigsaw-diagonal`).
fn spelled(value: impl clap::ValueEnum) -> String {
    let value = value.to_possible_value().expect("no value is hidden");
    value.get_name().to_string()
}

/// The options that made the file, as a command that makes it again.
fn command_line(args: &GenerateArgs) -> String {
    let mut line = format!(
        "sudoku-bench generate --method {} --size {} --count {} --seed {}",
        spelled(args.method),
        args.size,
        args.count,
        args.seed.seed
    );
    if args.symmetry != Symmetry::None {
        write!(line, " --symmetry {}", args.symmetry).unwrap();
    }
    if args.variant != VariantArg::Classic {
        write!(line, " --variant {}", spelled(args.variant)).unwrap();
    }
    if let Some(level) = args.difficulty {
        write!(line, " --difficulty {level}").unwrap();
    }
    if let Some(range) = args.rating {
        write!(line, " --rating {range}").unwrap();
    }
    if !args.givens.is_empty() {
        let proportions: Vec<String> = args.givens.iter().map(f64::to_string).collect();
        write!(line, " --givens {}", proportions.join(",")).unwrap();
    }
    if let Some(from) = &args.from {
        write!(line, " --from {}", from.display()).unwrap();
    }
    line
}

/// The carving methods: strictly minimal puzzles (of a level, if asked), or puzzles carved
/// while they stay at most the level asked.
fn carved(
    shape: Shape,
    args: &GenerateArgs,
    limits: &Limits,
    rng: &mut StdRng,
    text: &mut String,
) -> Result<()> {
    text.push_str(match args.method {
        Method::Bounded => {
            "# Each: a random full grid (randomized backtracking), clues removed in random order \
             (by symmetric orbits) while the puzzle stays unique and rated at most the level; \
             kept when rated exactly the level.\n"
        }
        _ => {
            "# Each: a random full grid (randomized backtracking), clues removed in random order \
             (by symmetric orbits) while the puzzle stays unique; strictly minimal: no clue can go.\n"
        }
    });
    text.push_str(
        "# Form: puzzle:1:solution, after a comment with its clues, level and the grids tried.\n",
    );
    let board = args.variant.board(shape);
    let mut counter = sudoku_registry::reference_solver(shape.size(), board.kind());
    let progress = Progress::new("generating", args.count, &stated_budget(args));
    let rated_at_most =
        |level: Level| move |grid: &Grid| sudoku_human::rate(grid).is_ok_and(|r| r.level <= level);
    for index in 1..=args.count {
        // Each puzzle offered is rated once; the accepted one's rating goes into the file.
        let mut rated = None;
        let accept = |grid: &Grid| {
            let rating = sudoku_human::rate(grid);
            let wanted = rating.as_ref().is_ok_and(|r| {
                args.difficulty.is_none_or(|level| r.level == level)
                    && args.rating.is_none_or(|range| range.holds(r))
            });
            rated = Some(rating);
            wanted
        };
        let made = match (args.method, args.difficulty) {
            (Method::Bounded, Some(level)) => generate_bounded(
                board.clone(),
                args.symmetry,
                rng,
                counter.as_mut(),
                rated_at_most(level),
                accept,
                limits,
            ),
            _ => generate_minimal(
                board.clone(),
                args.symmetry,
                rng,
                counter.as_mut(),
                accept,
                limits,
            ),
        }
        .with_context(|| {
            let wanted = match (args.difficulty, args.rating) {
                (Some(level), Some(range)) => {
                    format!(", looking for one rated {level} and {range}")
                }
                (Some(level), None) => format!(", looking for one rated {level}"),
                (None, Some(range)) => format!(", looking for one rated {range}"),
                (None, None) => String::new(),
            };
            format!("puzzle {index} of {}{wanted}", args.count)
        })?;
        let rating = rated
            .expect("the accepted puzzle was rated")
            .map_err(|e| anyhow::anyhow!("rating puzzle {index}: {e}"))?;
        writeln!(
            text,
            "# {index}: {} clues, {} (score {}, hardest step {:.1}); {} tried",
            made.puzzle.clue_count(),
            rating.level,
            rating.score,
            rating.explainer,
            ui::count_of(made.attempts, "grid")
        )?;
        unique_line(text, &made.puzzle, &made.solution);
        progress.note(format!(
            "puzzle {index} of {}: {} tried",
            args.count,
            ui::count_of(made.attempts, "grid")
        ));
        progress.advance();
    }
    Ok(())
}

fn thesis(
    shape: Shape,
    args: &GenerateArgs,
    limits: &Limits,
    rng: &mut StdRng,
    text: &mut String,
) -> Result<()> {
    let clues = sudoku_generate::thesis_clue_range(shape);
    writeln!(
        text,
        "# Each: {} to {} random non-conflicting clues, drawn again until exactly one solution \
         (the thesis's method).\n# Form: puzzle:1:solution, after a comment with the attempts it took.",
        clues.start(),
        clues.end()
    )?;
    let mut counter = sudoku_registry::reference_solver(shape.size(), VariantKind::Classic);
    let mut attempts = Vec::with_capacity(args.count);
    let progress = Progress::new("generating", args.count, &stated_budget(args));
    for index in 1..=args.count {
        let made = thesis_puzzle(shape, rng, counter.as_mut(), limits)
            .with_context(|| format!("puzzle {index} of {}", args.count))?;
        let failed = &made.failures;
        writeln!(
            text,
            "# {index}: {} clues after {} ({} without a solution, {} with several)",
            made.puzzle.clue_count(),
            ui::count_of(made.attempts, "attempt"),
            failed.no_solution,
            failed.multiple
        )?;
        unique_line(text, &made.puzzle, &made.solution);
        attempts.push(made.attempts);
        progress.advance();
    }
    attempts.sort_unstable();
    ui::note(format!(
        "{}; attempts per puzzle: median {}, least {}, most {}",
        ui::count_of(attempts.len() as u64, "puzzle"),
        attempts[attempts.len() / 2],
        attempts[0],
        attempts[attempts.len() - 1]
    ));
    Ok(())
}

fn givens(shape: Shape, args: &GenerateArgs, rng: &mut StdRng, text: &mut String) -> Result<()> {
    ensure!(
        !args.givens.is_empty(),
        "--method givens needs --givens PROPORTION"
    );
    for &proportion in &args.givens {
        ensure!(
            (0.0..=1.0).contains(&proportion),
            "--givens {proportion}: a proportion of the cells lies between 0 and 1"
        );
    }
    text.push_str(&format!(
        "# Each: a random full grid (base pattern shuffled by band/row/stack/column/digit moves), \
         then that proportion of its cells kept as givens at random places, the rest emptied.\n\
         # Solvable (the full grid solves it), not necessarily unique. Form: puzzle:count:solution, \
         the count exact when below {} (counted by the reference solver within {} s), else empty.\n",
         ui::grouped(GIVENS_COUNT_CAP),
         GIVENS_COUNT_SECONDS
    ));
    let mut counter = sudoku_registry::reference_solver(shape.size(), VariantKind::Classic);
    for &proportion in &args.givens {
        for _ in 0..args.count {
            let solution = random_solution(shape, rng);
            let puzzle = keep_givens(&solution, proportion, rng);
            let count = exact_count(counter.as_mut(), &puzzle)
                .map_or_else(String::new, |count| count.to_string());
            writeln!(text, "{}:{count}:{}", puzzle.to_line(), solution.to_line())?;
        }
    }
    Ok(())
}

/// Solutions counted for a `givens` puzzle's `:count` field, and the time that may take: a
/// dataset line states its count only when it is known exactly.
const GIVENS_COUNT_CAP: u64 = 1_000;
const GIVENS_COUNT_SECONDS: u64 = 2;

/// `puzzle`'s number of solutions when it is below [`GIVENS_COUNT_CAP`] and counted in time.
fn exact_count(counter: &mut dyn sudoku_core::Solver, puzzle: &Grid) -> Option<u64> {
    let budget = sudoku_core::Budget::count(GIVENS_COUNT_CAP)
        .with_time_limit(std::time::Duration::from_secs(GIVENS_COUNT_SECONDS));
    let outcome = sudoku_core::solve_checked(counter, puzzle, &budget);
    let decided = matches!(
        outcome.verdict,
        sudoku_core::Verdict::Solved | sudoku_core::Verdict::Unsolvable
    );
    (decided && outcome.solution_count < GIVENS_COUNT_CAP).then_some(outcome.solution_count)
}

fn transformed(args: &GenerateArgs, rng: &mut StdRng, text: &mut String) -> Result<()> {
    let Some(from) = &args.from else {
        bail!("--method transform needs --from FILE");
    };
    let dataset = sudoku_catalog::read_file(from)?;
    if let Some(puzzle) = dataset
        .puzzles
        .iter()
        .find(|p| !p.grid.variant().is_classic())
    {
        bail!(
            "{}: puzzle {} is a {} board; the 2009 transformations move bands, stacks and \
             rectangular boxes, which keep only classic boards valid",
            from.display(),
            puzzle.id,
            puzzle.grid.variant().kind()
        );
    }
    text.push_str(
        "# Each: a puzzle of the file moved by a random band/row/stack/column shuffle, a transposition \
         where boxes are square, and a relabelling of the digits; same solutions, moved the same way.\n",
    );
    for puzzle in &dataset.puzzles {
        for _ in 0..args.count {
            let moves = Transform::random(puzzle.grid.shape(), rng);
            let count = puzzle
                .expected_count
                .map_or(String::new(), |c| c.to_string());
            let solution = puzzle
                .solution
                .as_ref()
                .map_or(String::new(), |s| moves.apply(s).to_line());
            let line = moves.apply(&puzzle.grid).to_line();
            match (count.is_empty(), solution.is_empty()) {
                (true, true) => writeln!(text, "{line}")?,
                _ => writeln!(text, "{line}:{count}:{solution}")?,
            }
        }
    }
    Ok(())
}

/// A unique puzzle in the dataset form, with its count and solution.
fn unique_line(text: &mut String, puzzle: &Grid, solution: &Grid) {
    text.push_str(&dataset_line(puzzle, 1, Some(solution)));
    text.push('\n');
}

/// The budget as progress states it.
fn stated_budget(args: &GenerateArgs) -> String {
    format!("budget {} s in all (--timeout)", args.timeout)
}

/// Refuses, before any work, an output path that cannot take the file: a folder, or a file in
/// a folder that does not exist.
fn check_writable(path: &std::path::Path) -> Result<()> {
    ensure!(
        !path.is_dir(),
        "--out {}: a folder; give the path of the file to write",
        path.display()
    );
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => std::path::Path::new("."),
    };
    ensure!(
        folder.is_dir(),
        "--out {}: the folder {} does not exist",
        path.display(),
        folder.display()
    );
    Ok(())
}

/// Writes beside `path` and renames into place, so a failure never leaves a partial file.
fn write_whole(path: &std::path::Path, text: &str) -> Result<()> {
    let mut staging = path.as_os_str().to_owned();
    staging.push(".partial");
    let staging = PathBuf::from(staging);
    std::fs::write(&staging, text)
        .with_context(|| format!("cannot write {}", staging.display()))?;
    std::fs::rename(&staging, path)
        .with_context(|| format!("cannot move {} to {}", staging.display(), path.display()))
}
