//! The results file: one CSV row per solve, preceded by `#` comment lines that carry the run
//! header as JSON. Rows are flushed as they are written, so an interrupted run leaves a file that
//! reads back whole (at most a torn last line, which [`ResultsFile::open_for_resume`] cuts). A
//! run that finishes closes its file with an `# end:` comment line: what is known only then
//! ([`RunEnd`]), read back into the header's [`Environment`].

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail, ensure};
use serde::{Deserialize, Serialize};
use sudoku_core::{Counters, SolverInfo, StopReason, VariantKind, Verdict};

/// First comment line of every results file; names the format version.
pub const MAGIC: &str = "# sudoku-bench results v4";
/// Prefix of the comment line that holds the run header as JSON.
const HEADER_PREFIX: &str = "# run: ";
/// Prefix of the last line of a finished run's file: its [`RunEnd`] as JSON. A comment, so
/// readers that know nothing of it skip it like the header.
const END_PREFIX: &str = "# end: ";

/// Columns before the counters, in file order.
const LEAD_COLUMNS: [&str; 13] = [
    "solver",
    "family",
    "dataset",
    "puzzle",
    "size",
    "clues",
    "phase",
    "rep",
    "seed",
    "solution_limit",
    "status",
    "solutions",
    "time_ns",
];
/// After the fixed counters: where an incomplete solver that gave up stood (its best grid's
/// cost; empty otherwise).
const BEST_COST_COLUMN: &str = "best_cost";
/// The solver's extra counters, `name=value` joined by `;` (their names vary by solver).
const EXTRA_COLUMN: &str = "extra";
/// How an incomplete solver's best cost fell: `work:cost` pairs joined by `;` (empty for
/// other solvers).
const CONVERGENCE_COLUMN: &str = "convergence";
/// What a complete solver's verdict was checked against beyond its grids (see
/// [`crate::verdict`]): `dataset`, `reference:<id>`, `grids`, `wrong`, `unchecked: <why>`, or
/// empty when nothing was to check.
const CHECKED_COLUMN: &str = "checked";
/// The last column: free text (the verdict in words), for rejected and wrong answers.
const DETAIL_COLUMN: &str = "detail";

/// Every column of a results file, in file order.
fn columns() -> Vec<&'static str> {
    let mut columns = LEAD_COLUMNS.to_vec();
    columns.extend(Counters::FIXED);
    columns.extend([
        BEST_COST_COLUMN,
        EXTRA_COLUMN,
        CONVERGENCE_COLUMN,
        CHECKED_COLUMN,
        DETAIL_COLUMN,
    ]);
    columns
}

/// What a solver declared, as recorded in the run header (so reports need only the file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolverMeta {
    pub id: String,
    pub family: String,
    pub description: String,
    pub complete: bool,
    pub counts_solutions: bool,
    pub stochastic: bool,
    pub reports_guesses: bool,
    pub sizes: Vec<usize>,
    /// The variants it takes (`classic`, `diagonal`, `jigsaw`, `jigsaw diagonal`); files
    /// written before variants existed are read as classic only.
    #[serde(default = "classic_only")]
    pub variants: Vec<String>,
    /// The counter the solver's work is measured and capped in.
    #[serde(default = "default_work_counter")]
    pub work_counter: String,
}

fn default_work_counter() -> String {
    "iterations".into()
}

fn classic_only() -> Vec<String> {
    vec![VariantKind::Classic.to_string()]
}

impl SolverMeta {
    /// The solver of a row whose file does not declare it (a hand-made file): its capabilities
    /// unknown, so none are assumed.
    pub fn undeclared(row: &Row) -> SolverMeta {
        SolverMeta {
            id: row.solver.clone(),
            family: row.family.clone(),
            description: String::new(),
            complete: false,
            counts_solutions: false,
            stochastic: false,
            reports_guesses: false,
            sizes: Vec::new(),
            variants: Vec::new(),
            work_counter: default_work_counter(),
        }
    }
}

impl From<&SolverInfo> for SolverMeta {
    fn from(info: &SolverInfo) -> SolverMeta {
        let caps = &info.capabilities;
        SolverMeta {
            id: info.id.into(),
            family: info.family.to_string(),
            description: info.description.into(),
            complete: caps.complete,
            counts_solutions: caps.counts_solutions,
            stochastic: caps.stochastic,
            reports_guesses: caps.reports_guesses,
            sizes: caps.sizes.to_vec(),
            variants: caps.variants.iter().map(|v| v.to_string()).collect(),
            work_counter: caps.work_counter.into(),
        }
    }
}

/// The machine a run was measured on.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    pub cpu: String,
    pub cores: usize,
    pub os: String,
    /// The host name, so the parts of a run spread over a cluster say where each ran.
    #[serde(default)]
    pub host: String,
}

/// The conditions a run was measured in, so a reader can judge its timings: how busy the
/// machine was, how its clock was governed, whether the run had a CPU to itself.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Environment {
    /// The 1-minute load average when the run started.
    pub load_before: Option<f64>,
    /// The CPU frequency governor(s); `None` where the machine does not expose them.
    pub governor: Option<String>,
    /// The logical CPU the run was pinned to (`bench --pin`).
    pub pinned_cpu: Option<usize>,
    /// How the run ended. The header is written before the run, so this comes from the file's
    /// `# end:` line when it is read; `None` for a run that has not finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<RunEnd>,
}

/// What is known of a run only once it has finished: the `# end:` line of its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunEnd {
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub finished: String,
    /// The 1-minute load average when it finished.
    pub load_after: Option<f64>,
    /// The share (0 to 1) of all the CPUs' time that other processes used while it ran
    /// ([`crate::machine::CpuTimes`] says how it is measured).
    pub others_cpu: Option<f64>,
    /// The run was interrupted and resumed: the figures above are of the session that
    /// finished it, not of the earlier ones.
    #[serde(default)]
    pub resumed: bool,
}

/// One part of a run spread over machines (`bench --shard`), as a merged header lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRun {
    /// `i/n`.
    pub shard: String,
    pub started: String,
    pub git_commit: Option<String>,
    pub machine: Machine,
    pub rows: usize,
    /// The conditions this part ran in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<Environment>,
}

/// Everything needed to read a results file without the program that wrote it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunHeader {
    pub tool: String,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub started: String,
    pub git_commit: Option<String>,
    pub machine: Machine,
    /// The bench options, as given (so `--resume` can continue with the same ones).
    pub options: serde_json::Value,
    /// Threads solving at once; 1 means every timed solve had the machine's core to itself.
    pub jobs: usize,
    pub solvers: Vec<SolverMeta>,
    /// Free-form notes on method, shown in reports.
    pub method: String,
    /// For the merge of a sharded run: where and when each part ran.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shards: Vec<ShardRun>,
    /// The most solves the run's plan holds (timed passes of a puzzle stop early once it gives
    /// up or has used its time, so a finished run may have fewer rows). `None` in files written
    /// before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_solves: Option<u64>,
    /// The conditions the run was measured in. `None` in files written before they were
    /// recorded, and in a merged run (each of whose [`ShardRun`]s has its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<Environment>,
}

impl RunHeader {
    /// The header of a new run of `solvers` with `options`, stamped with the program's commit
    /// (`options.commit`), this machine, its conditions and now. `options.pin` is recorded as
    /// the pinned CPU: [`crate::run_in`] pins before it writes the header.
    pub fn new(
        solvers: &[sudoku_core::Registered],
        options: &crate::RunOptions,
    ) -> Result<RunHeader> {
        Ok(RunHeader {
            tool: format!("sudoku-bench {}", env!("CARGO_PKG_VERSION")),
            started: crate::machine::utc_now(),
            git_commit: options.commit.clone(),
            machine: crate::machine::machine(),
            environment: Some(crate::machine::environment(options.pin)),
            options: serde_json::to_value(options)?,
            jobs: options.jobs.max(1),
            shards: Vec::new(),
            planned_solves: None,
            solvers: solvers.iter().map(|r| SolverMeta::from(&r.info)).collect(),
            method: format!(
                "seeded order (seed {}); deterministic solvers: one warm-up pass, then {} timed \
                 passes timing Solver::solve alone (answers verified outside the timing), a \
                 puzzle's repetitions stop after it gives up or spends {} s; stochastic solvers: \
                 {} seeds per puzzle; {} puzzle(s) solved at once{}",
                options.seed,
                options.reps,
                options.max_puzzle_seconds,
                options.seeds,
                options.jobs.max(1),
                options
                    .pin
                    .map_or_else(String::new, |cpu| format!(", pinned to CPU {cpu}"))
            ),
        })
    }
}

/// Warm-up solves validate answers and are not counted in timings; timed solves are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Warmup,
    Timed,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Warmup => "warmup",
            Phase::Timed => "timed",
        }
    }

    fn parse(text: &str) -> Option<Phase> {
        match text {
            "warmup" => Some(Phase::Warmup),
            "timed" => Some(Phase::Timed),
            _ => None,
        }
    }
}

/// How a solve ended, in the file's vocabulary.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Status {
    Solved,
    Unsolvable,
    /// `gave_up:<reason>`: deadline, iteration_cap, cancelled, exhausted.
    GaveUp(String),
    Rejected,
    WrongAnswer,
    /// The solver panicked.
    Crashed,
    /// The solver could not work and said why (an engine's error).
    Failed,
}

impl Status {
    pub fn from_verdict(verdict: &Verdict) -> Status {
        match verdict {
            Verdict::Solved => Status::Solved,
            Verdict::Unsolvable => Status::Unsolvable,
            Verdict::GaveUp(reason) => Status::GaveUp(
                match reason {
                    StopReason::Deadline => "deadline",
                    StopReason::IterationCap => "iteration_cap",
                    StopReason::Cancelled => "cancelled",
                    StopReason::SearchExhausted => "exhausted",
                }
                .into(),
            ),
            Verdict::Rejected(_) => Status::Rejected,
            Verdict::WrongAnswer(_) => Status::WrongAnswer,
            Verdict::Crashed(_) => Status::Crashed,
            Verdict::Failed(_) => Status::Failed,
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Some(match text {
            "solved" => Status::Solved,
            "unsolvable" => Status::Unsolvable,
            "rejected" => Status::Rejected,
            "wrong_answer" => Status::WrongAnswer,
            "crashed" => Status::Crashed,
            "failed" => Status::Failed,
            other => Status::GaveUp(other.strip_prefix("gave_up:")?.into()),
        })
    }

    /// The question was settled (solved or proven unsolvable) with a verified answer.
    pub fn is_decided(&self) -> bool {
        matches!(self, Status::Solved | Status::Unsolvable)
    }

    pub fn is_gave_up(&self) -> bool {
        matches!(self, Status::GaveUp(_))
    }
}

impl From<Status> for String {
    fn from(status: Status) -> String {
        status.to_string()
    }
}

impl TryFrom<String> for Status {
    type Error = String;

    fn try_from(text: String) -> Result<Status, String> {
        Status::parse(&text).ok_or_else(|| format!("unknown status {text:?}"))
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Solved => f.write_str("solved"),
            Status::Unsolvable => f.write_str("unsolvable"),
            Status::GaveUp(reason) => write!(f, "gave_up:{reason}"),
            Status::Rejected => f.write_str("rejected"),
            Status::WrongAnswer => f.write_str("wrong_answer"),
            Status::Crashed => f.write_str("crashed"),
            Status::Failed => f.write_str("failed"),
        }
    }
}

/// One solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub solver: String,
    pub family: String,
    pub dataset: String,
    pub puzzle: String,
    pub size: usize,
    pub clues: usize,
    pub phase: Phase,
    /// 0 for the warm-up, 1.. for timed passes.
    pub rep: u32,
    pub seed: u64,
    pub solution_limit: u64,
    pub status: Status,
    pub solutions: u64,
    pub time_ns: u64,
    /// `(name, value)`: the fixed counters in [`Counters::FIXED`] order, then the extras.
    pub counters: Vec<(String, u64)>,
    /// The cost of an incomplete solver's best grid when it gave up.
    pub best_cost: Option<u64>,
    /// `(work, best cost)` where an incomplete solver's best cost improved.
    pub convergence: Vec<(u64, u64)>,
    pub detail: String,
    /// What the verdict was checked against beyond the grids (the `checked` column).
    #[serde(default)]
    pub checked: String,
}

/// What makes a row unique within a run; `--resume` skips keys already present.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowKey {
    pub solver: String,
    pub dataset: String,
    pub puzzle: String,
    pub phase: &'static str,
    pub rep: u32,
    pub seed: u64,
}

impl Row {
    pub fn key(&self) -> RowKey {
        RowKey {
            solver: self.solver.clone(),
            dataset: self.dataset.clone(),
            puzzle: self.puzzle.clone(),
            phase: self.phase.as_str(),
            rep: self.rep,
            seed: self.seed,
        }
    }

    /// A counter by name (0 when the file has no such column).
    pub fn counter(&self, name: &str) -> u64 {
        self.counters
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |&(_, v)| v)
    }

    pub fn time_us(&self) -> f64 {
        self.time_ns as f64 / 1_000.0
    }

    pub fn counters_from(counters: &Counters) -> Vec<(String, u64)> {
        counters
            .all()
            .map(|(name, value)| (name.to_string(), value))
            .collect()
    }

    /// The row of one solve: `run` is its phase, repetition and seed.
    pub fn from_outcome(
        meta: &SolverMeta,
        dataset: &str,
        puzzle: &sudoku_catalog::Puzzle,
        run: (Phase, u32, u64),
        solution_limit: u64,
        outcome: &sudoku_core::Outcome,
        elapsed: std::time::Duration,
    ) -> Row {
        let (phase, rep, seed) = run;
        let detail = match &outcome.verdict {
            Verdict::Solved | Verdict::Unsolvable => String::new(),
            other => other.to_string(),
        };
        Row {
            solver: meta.id.clone(),
            family: meta.family.clone(),
            dataset: dataset.into(),
            puzzle: puzzle.id.clone(),
            size: puzzle.grid.size(),
            clues: puzzle.grid.clue_count(),
            phase,
            rep,
            seed,
            solution_limit,
            status: Status::from_verdict(&outcome.verdict),
            solutions: outcome.solution_count,
            time_ns: elapsed.as_nanos().min(u64::MAX as u128) as u64,
            counters: Row::counters_from(&outcome.counters),
            best_cost: outcome.best_attempt.as_ref().map(|a| a.cost),
            convergence: outcome.convergence.points().to_vec(),
            detail,
            checked: String::new(),
        }
    }

    /// The extra counters (those after the fixed ones) as the `extra` column writes them.
    fn extra_field(&self) -> String {
        self.counters
            .iter()
            .filter(|(name, _)| !Counters::FIXED.contains(&name.as_str()))
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// Reads the `convergence` column back into `(work, cost)` pairs.
fn parse_convergence(field: &str) -> Result<Vec<(u64, u64)>> {
    field
        .split(';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (work, cost) = pair
                .split_once(':')
                .with_context(|| format!("`{pair}` is not work:cost"))?;
            Ok((work.parse()?, cost.parse()?))
        })
        .collect()
}

/// Reads the `extra` column back into `(name, value)` pairs; a malformed pair is an error.
fn parse_extra(field: &str) -> Option<Vec<(String, u64)>> {
    field
        .split(';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

/// A results file read back: its header and rows.
#[derive(Clone, Debug)]
pub struct Results {
    pub header: Option<RunHeader>,
    pub rows: Vec<Row>,
}

impl Results {
    /// The solvers of the header, with any solver seen only in rows added with unknown
    /// capabilities (so hand-made files still report).
    pub fn solver_metas(&self) -> Vec<SolverMeta> {
        let mut metas: Vec<SolverMeta> = self
            .header
            .as_ref()
            .map(|h| h.solvers.clone())
            .unwrap_or_default();
        for row in &self.rows {
            if !metas.iter().any(|m| m.id == row.solver) {
                metas.push(SolverMeta::undeclared(row));
            }
        }
        metas.retain(|m| self.rows.iter().any(|r| r.solver == m.id));
        metas
    }

    pub fn keys(&self) -> HashSet<RowKey> {
        self.rows.iter().map(Row::key).collect()
    }
}

/// Parses a results file's text. Comment lines before the CSV header carry the run header, a
/// last `# end:` line how the run ended.
pub fn parse(text: &str) -> Result<Results> {
    let mut results = RowReader::new(text.as_bytes())?.into_results()?;
    attach_end(&mut results.header, end_line(text.as_bytes(), true)?);
    Ok(results)
}

/// The [`RunEnd`] of a file whose last bytes are `tail`: its last line, when that is an `# end:`
/// line. `whole` says `tail` starts at a line's start (the file's), so a line cut by the window
/// is not read as one.
fn end_line(tail: &[u8], whole: bool) -> Result<Option<RunEnd>> {
    let text = tail.trim_ascii_end();
    let line = match text.iter().rposition(|&b| b == b'\n') {
        Some(newline) => &text[newline + 1..],
        None if whole => text,
        None => return Ok(None),
    };
    line.strip_prefix(END_PREFIX.as_bytes())
        .map(|json| {
            serde_json::from_slice(json).map_err(|error| {
                let at = if whole {
                    let newlines = text.iter().filter(|&&b| b == b'\n').count();
                    format!("line {}", newlines + 1)
                } else {
                    "the last line".into()
                };
                anyhow!(
                    "{at}: the run's `# end:` line is torn or not valid JSON ({error}); the rows \
                     before it are whole, and `bench --resume` rewrites it"
                )
            })
        })
        .transpose()
}

/// Puts how the run ended into its header's conditions (a file without a header has nowhere
/// to put it).
fn attach_end(header: &mut Option<RunHeader>, end: Option<RunEnd>) {
    if let (Some(header), Some(end)) = (header, end) {
        header
            .environment
            .get_or_insert_with(Environment::default)
            .end = Some(end);
    }
}

/// How the run of the file at `path` ended, from its last line; `None` while it has not.
fn read_end(path: &Path) -> Result<Option<RunEnd>> {
    use std::io::{Seek, SeekFrom};
    // The end line is short; a window this size holds it whole.
    const WINDOW: u64 = 64 * 1024;
    let mut file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let start = file.metadata()?.len().saturating_sub(WINDOW);
    file.seek(SeekFrom::Start(start))?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail)?;
    end_line(&tail, start == 0)
}

/// Closes the file of a run that finished with its `# end:` line.
pub fn write_end(path: &Path, end: &RunEnd) -> Result<()> {
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .with_context(|| format!("cannot finish {}", path.display()))?;
    writeln!(file, "{END_PREFIX}{}", serde_json::to_string(end)?)
        .with_context(|| format!("cannot finish {}", path.display()))
}

/// Where each column of a results file is, found from its header row (files written by older
/// versions, or by hand, may order or omit the trailing columns).
struct Layout {
    lead: [usize; LEAD_COLUMNS.len()],
    detail: Option<usize>,
    checked: Option<usize>,
    best_cost: Option<usize>,
    extra: Option<usize>,
    convergence: Option<usize>,
    /// The fixed counters and any other column, by position.
    counters: Vec<(usize, String)>,
}

impl Layout {
    fn of(columns: &csv::StringRecord) -> Result<Layout> {
        let index = |name: &str| columns.iter().position(|c| c == name);
        let mut lead = [0usize; LEAD_COLUMNS.len()];
        for (slot, name) in lead.iter_mut().zip(LEAD_COLUMNS) {
            *slot = index(name).with_context(|| {
                format!("not a sudoku-bench results file: it has no `{name}` column")
            })?;
        }
        let trailing = [
            DETAIL_COLUMN,
            CHECKED_COLUMN,
            BEST_COST_COLUMN,
            EXTRA_COLUMN,
            CONVERGENCE_COLUMN,
        ];
        let counters = columns
            .iter()
            .enumerate()
            .filter(|(_, c)| !LEAD_COLUMNS.contains(c) && !trailing.contains(c))
            .map(|(i, c)| (i, c.to_string()))
            .collect();
        Ok(Layout {
            lead,
            detail: index(DETAIL_COLUMN),
            checked: index(CHECKED_COLUMN),
            best_cost: index(BEST_COST_COLUMN),
            extra: index(EXTRA_COLUMN),
            convergence: index(CONVERGENCE_COLUMN),
            counters,
        })
    }

    /// The row a record holds; `line` (1-based, in the file) names it in errors.
    fn row(&self, record: &csv::StringRecord, line: usize) -> Result<Row> {
        let field = |i: usize| record.get(self.lead[i]).unwrap_or("");
        let optional = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("");
        let num = |i: usize| -> Result<u64> {
            field(i)
                .parse()
                .with_context(|| format!("line {line}: `{}` is not a number", LEAD_COLUMNS[i]))
        };
        Ok(Row {
            solver: field(0).into(),
            family: field(1).into(),
            dataset: field(2).into(),
            puzzle: field(3).into(),
            size: num(4)? as usize,
            clues: num(5)? as usize,
            phase: Phase::parse(field(6)).with_context(|| format!("line {line}: bad phase"))?,
            rep: num(7)? as u32,
            seed: num(8)?,
            solution_limit: num(9)?,
            status: Status::parse(field(10)).with_context(|| format!("line {line}: bad status"))?,
            solutions: num(11)?,
            time_ns: num(12)?,
            counters: self
                .counters
                .iter()
                .map(|(i, name)| {
                    let value = record.get(*i).unwrap_or("0").parse().unwrap_or(0);
                    (name.clone(), value)
                })
                .chain(
                    parse_extra(optional(self.extra))
                        .with_context(|| format!("line {line}: bad `extra`"))?,
                )
                .collect(),
            best_cost: match optional(self.best_cost) {
                "" => None,
                text => Some(
                    text.parse()
                        .with_context(|| format!("line {line}: `best_cost` is not a number"))?,
                ),
            },
            convergence: parse_convergence(optional(self.convergence))
                .with_context(|| format!("line {line}: bad `convergence`"))?,
            detail: optional(self.detail).to_string(),
            checked: optional(self.checked).to_string(),
        })
    }
}

/// A results file read a row at a time: what a run of millions of rows is summarized through
/// without holding them. The run header is read on opening; rows follow as an iterator.
pub struct RowReader<R: BufRead> {
    header: Option<RunHeader>,
    records: csv::Reader<std::io::Chain<std::io::Cursor<Vec<u8>>, R>>,
    layout: Layout,
    record: csv::StringRecord,
}

impl RowReader<BufReader<File>> {
    /// Opens a results file; errors name it. The header holds how the run ended, from the
    /// file's last line, before any row is read.
    pub fn open(path: &Path) -> Result<RowReader<BufReader<File>>> {
        let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        let mut reader =
            RowReader::new(BufReader::new(file)).with_context(|| path.display().to_string())?;
        let end = read_end(path).with_context(|| path.display().to_string())?;
        attach_end(&mut reader.header, end);
        Ok(reader)
    }
}

impl<R: BufRead> RowReader<R> {
    /// Reads the comment lines and the column names of `input`.
    pub fn new(mut input: R) -> Result<RowReader<R>> {
        // The lines read to find the header are handed back to the CSV reader, so its line
        // numbers are the file's.
        let mut prefix = Vec::new();
        let mut header = None;
        loop {
            let start = prefix.len();
            if input.read_until(b'\n', &mut prefix)? == 0 {
                break;
            }
            let line = &prefix[start..];
            if !line.starts_with(b"#") {
                break;
            }
            if let Some(json) = line.strip_prefix(HEADER_PREFIX.as_bytes()) {
                header = Some(
                    serde_json::from_slice(json.trim_ascii_end())
                        .context("the run header is not valid JSON")?,
                );
            }
        }
        let mut records = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(std::io::Cursor::new(prefix).chain(input));
        let layout = Layout::of(records.headers().map_err(torn_row)?)?;
        Ok(RowReader {
            header,
            records,
            layout,
            record: csv::StringRecord::new(),
        })
    }

    pub fn header(&self) -> Option<&RunHeader> {
        self.header.as_ref()
    }

    /// Every row, held: for files known to be small.
    pub fn into_results(mut self) -> Result<Results> {
        let header = self.header.take();
        let rows = self.collect::<Result<Vec<Row>>>()?;
        Ok(Results { header, rows })
    }
}

impl<R: BufRead> Iterator for RowReader<R> {
    type Item = Result<Row>;

    fn next(&mut self) -> Option<Result<Row>> {
        match self.records.read_record(&mut self.record) {
            Ok(false) => None,
            Ok(true) => {
                let line = self.record.position().map_or(0, |p| p.line() as usize);
                Some(self.layout.row(&self.record, line))
            }
            Err(error) => Some(Err(torn_row(error))),
        }
    }
}

/// A CSV error as the line it happened on; a row with too few fields is a torn one.
fn torn_row(error: csv::Error) -> anyhow::Error {
    let line = error.position().map_or(0, csv::Position::line);
    match error.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => anyhow!(
            "line {line}: a row of {len} fields where the header has {expected_len}: torn (cut \
             short while written; `bench --resume` completes an interrupted run)"
        ),
        _ => anyhow!("line {line}: {error}"),
    }
}

/// Merges the results files of a sharded run (`bench --shard i/n` for every i) into one, as if
/// it had run whole: the parts must be of the same run (options equal but for the shard and the
/// CPU each was pinned to), each shard present once, no row twice. The merged header lists
/// where and when each part ran, its pinned CPU among its conditions.
/// `parts` pairs each file's name (for errors) with its contents.
pub fn merge(parts: Vec<(String, Results)>) -> Result<Results> {
    let mut shards = Vec::new();
    let mut rows = Vec::new();
    let mut keys = HashSet::new();
    // The parts' plans add up when every part recorded its own.
    let mut planned = Some(0u64);
    let mut merged: Option<(RunHeader, serde_json::Value, u32)> = None;
    for (name, part) in parts {
        let header = part
            .header
            .with_context(|| format!("{name}: no run header, so no shard to merge"))?;
        let mut options = header.options.clone();
        let shard: crate::Shard = serde_json::from_value(options["shard"].take())
            .ok()
            .with_context(|| format!("{name}: not a sharded run (`bench --shard i/n`)"))?;
        // Like the machine, the CPU a part was pinned to is where it ran (its conditions keep
        // it): the halves of a run may each have a core of their own.
        options["pin"].take();
        if let Some((first, first_options, count)) = &merged {
            ensure!(
                *count == shard.count,
                "{name}: shard {shard}, but {} was split in {count}",
                first.started
            );
            ensure!(
                *first_options == options,
                "{name}: the run's options differ from the first part's"
            );
        } else {
            merged = Some((header.clone(), options, shard.count));
        }
        ensure!(
            !shards
                .iter()
                .any(|s: &ShardRun| s.shard == shard.to_string()),
            "{name}: shard {shard} given twice"
        );
        for row in &part.rows {
            ensure!(
                keys.insert(row.key()),
                "{name}: the row of {} on {} {} ({} {}) is in two parts",
                row.solver,
                row.dataset,
                row.puzzle,
                row.phase.as_str(),
                row.rep
            );
        }
        planned = planned.zip(header.planned_solves).map(|(a, b)| a + b);
        shards.push(ShardRun {
            shard: shard.to_string(),
            started: header.started,
            git_commit: header.git_commit,
            machine: header.machine,
            rows: part.rows.len(),
            environment: header.environment,
        });
        rows.extend(part.rows);
    }
    let (mut header, options, count) = merged.context("no results files to merge")?;
    for index in 1..=count {
        let shard = format!("{index}/{count}");
        ensure!(
            shards.iter().any(|s| s.shard == shard),
            "shard {shard} is missing: merge every part of the run"
        );
    }
    shards.sort_by_key(|s| {
        s.shard
            .split('/')
            .next()
            .and_then(|i| i.parse::<u32>().ok())
    });
    header.started = shards
        .iter()
        .map(|s| s.started.clone())
        .min()
        .unwrap_or_default();
    header.options = options;
    header.shards = shards;
    header.planned_solves = planned;
    // Each part ran in its own conditions, which its shard keeps.
    header.environment = None;
    Ok(Results {
        header: Some(header),
        rows,
    })
}

/// Reads only the run header of a results file (the rows may be torn), without how the run
/// ended.
pub fn read_header(path: &Path) -> Result<Option<RunHeader>> {
    use std::io::BufRead;
    let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    for line in std::io::BufReader::new(file).lines() {
        let line = line?;
        if !line.starts_with('#') {
            break;
        }
        if let Some(json) = line.strip_prefix(HEADER_PREFIX) {
            return Ok(Some(
                serde_json::from_str(json).context("the run header is not valid JSON")?,
            ));
        }
    }
    Ok(None)
}

/// Reads a results file whole; [`RowReader`] reads one a row at a time.
pub fn read(path: &Path) -> Result<Results> {
    let display = || path.display().to_string();
    RowReader::open(path)?.into_results().with_context(display)
}

/// Appends rows to a results file, flushing each one.
pub struct ResultsFile {
    writer: csv::Writer<BufWriter<File>>,
    written: usize,
}

impl ResultsFile {
    /// Starts a new file (replacing any) with the header comments and column names.
    pub fn create(path: &Path, header: &RunHeader) -> Result<ResultsFile> {
        let mut file = BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        );
        writeln!(file, "{MAGIC}")?;
        writeln!(file, "{HEADER_PREFIX}{}", serde_json::to_string(header)?)?;
        // Quote a field that starts with `#`, which the reader would take for a comment line.
        let mut writer = csv::WriterBuilder::new()
            .comment(Some(b'#'))
            .from_writer(file);
        writer.write_record(columns())?;
        writer.flush()?;
        Ok(ResultsFile { writer, written: 0 })
    }

    /// Opens an interrupted file to continue it: cuts a torn last line, and the `# end:` line
    /// of a finished run (the run ends again when the resumed one does), checks the columns,
    /// and returns what it already holds.
    pub fn open_for_resume(path: &Path) -> Result<(ResultsFile, Results)> {
        let mut bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let mut whole = match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => last + 1,
            None => bail!("{} has no complete line to resume from", path.display()),
        };
        let last_line = bytes[..whole - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1);
        if bytes[last_line..].starts_with(END_PREFIX.as_bytes()) {
            whole = last_line;
        }
        bytes.truncate(whole);
        let text = String::from_utf8(bytes).context("the results file is not UTF-8")?;
        let results = parse(&text)?;
        let expected: Vec<String> = columns().into_iter().map(String::from).collect();
        let found = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(text.as_bytes())
            .headers()?
            .iter()
            .map(str::to_string)
            .collect::<Vec<_>>();
        if found != expected {
            bail!(
                "{} was written with other columns; start a new run instead of resuming",
                path.display()
            );
        }
        let file = OpenOptions::new().write(true).open(path)?;
        file.set_len(whole as u64)?;
        let mut file = BufWriter::new(file);
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))?;
        let writer = csv::WriterBuilder::new()
            .comment(Some(b'#'))
            .has_headers(false)
            .from_writer(file);
        Ok((ResultsFile { writer, written: 0 }, results))
    }

    /// Writes one row and flushes it to the file.
    pub fn write(&mut self, row: &Row) -> Result<()> {
        let mut record: Vec<String> = vec![
            row.solver.clone(),
            row.family.clone(),
            row.dataset.clone(),
            row.puzzle.clone(),
            row.size.to_string(),
            row.clues.to_string(),
            row.phase.as_str().into(),
            row.rep.to_string(),
            row.seed.to_string(),
            row.solution_limit.to_string(),
            row.status.to_string(),
            row.solutions.to_string(),
            row.time_ns.to_string(),
        ];
        record.extend(
            Counters::FIXED
                .iter()
                .map(|name| row.counter(name).to_string()),
        );
        record.push(
            row.best_cost
                .map_or_else(String::new, |cost| cost.to_string()),
        );
        record.push(row.extra_field());
        record.push(
            row.convergence
                .iter()
                .map(|(work, cost)| format!("{work}:{cost}"))
                .collect::<Vec<_>>()
                .join(";"),
        );
        record.push(row.checked.clone());
        record.push(row.detail.clone());
        self.writer.write_record(&record)?;
        self.writer.flush()?;
        self.written += 1;
        Ok(())
    }

    /// Rows written through this handle.
    pub fn written(&self) -> usize {
        self.written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> RunHeader {
        RunHeader {
            tool: "test".into(),
            started: "2026-01-01T00:00:00Z".into(),
            git_commit: None,
            machine: Machine::default(),
            options: serde_json::json!({"reps": 1}),
            jobs: 1,
            solvers: vec![],
            shards: Vec::new(),
            planned_solves: Some(4),
            method: String::new(),
            environment: Some(Environment {
                load_before: Some(0.75),
                governor: Some("performance".into()),
                pinned_cpu: Some(3),
                end: None,
            }),
        }
    }

    fn end() -> RunEnd {
        RunEnd {
            finished: "2026-01-01T00:10:00Z".into(),
            load_after: Some(2.5),
            others_cpu: Some(0.125),
            resumed: false,
        }
    }

    /// `header()` with `end()` in its conditions, as a finished run's file reads back.
    fn ended() -> RunHeader {
        let mut header = header();
        header.environment.as_mut().unwrap().end = Some(end());
        header
    }

    fn row(puzzle: &str, rep: u32) -> Row {
        Row {
            solver: "s".into(),
            family: "backtracking".into(),
            dataset: "d".into(),
            puzzle: puzzle.into(),
            size: 9,
            clues: 17,
            phase: Phase::Timed,
            rep,
            seed: 7,
            solution_limit: 2,
            status: Status::GaveUp("deadline".into()),
            solutions: 0,
            time_ns: 1234,
            counters: Row::counters_from(&Counters {
                iterations: 5,
                extras: vec![("restarts", 3)],
                ..Counters::default()
            }),
            best_cost: Some(2),
            convergence: vec![(0, 40), (17, 12), (905, 2)],
            detail: "gave up, \"quoted\"".into(),
            checked: "reference:dlx".into(),
        }
    }

    #[test]
    fn rows_and_header_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut file = ResultsFile::create(&path, &header()).unwrap();
        file.write(&row("a", 1)).unwrap();
        file.write(&row("b", 2)).unwrap();
        // A row starting with `#` is quoted, not read back as a comment (found by fuzzing).
        let hashed = Row {
            solver: "#s".into(),
            ..row("c", 3)
        };
        file.write(&hashed).unwrap();
        drop(file);
        let back = read(&path).unwrap();
        assert_eq!(back.header, Some(header()));
        assert_eq!(back.rows, vec![row("a", 1), row("b", 2), hashed]);
        assert_eq!(back.rows[0].counter("iterations"), 5);
        assert_eq!(back.rows[0].counter("restarts"), 3);
        assert_eq!(back.rows[0].best_cost, Some(2));
    }

    #[test]
    fn a_header_from_before_the_plan_was_recorded_reads_without_one() {
        let mut json = serde_json::to_value(header()).unwrap();
        json.as_object_mut().unwrap().remove("planned_solves");
        let old: RunHeader = serde_json::from_value(json).unwrap();
        assert_eq!(old.planned_solves, None);
        let unplanned = RunHeader {
            planned_solves: None,
            ..header()
        };
        let written = serde_json::to_string(&unplanned).unwrap();
        assert!(!written.contains("planned_solves"), "{written}");
    }

    #[test]
    fn the_end_line_reads_back_into_the_header_every_way_a_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut file = ResultsFile::create(&path, &header()).unwrap();
        file.write(&row("a", 1)).unwrap();
        drop(file);
        assert_eq!(read(&path).unwrap().header, Some(header()), "not ended yet");
        write_end(&path, &end()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("\n# end: {\"finished\":\"2026-01-01T00:10:00Z\",\"load_after\":2.5,\"others_cpu\":0.125,\"resumed\":false}\n"), "{text}");
        let back = read(&path).unwrap();
        assert_eq!(back.header, Some(ended()));
        assert_eq!(back.rows, vec![row("a", 1)]);
        assert_eq!(parse(&text).unwrap().header, Some(ended()));
        let streamed = RowReader::open(&path).unwrap();
        assert_eq!(
            streamed.header(),
            Some(&ended()),
            "known before any row is read"
        );
        assert_eq!(streamed.count(), 1);
        // The header line alone says nothing of the end (resuming reads only it).
        assert_eq!(read_header(&path).unwrap(), Some(header()));
        // A bigger file than the window the end is looked for in.
        let mut file = ResultsFile::create(&path, &header()).unwrap();
        for rep in 0..2_000 {
            file.write(&row("b", rep)).unwrap();
        }
        drop(file);
        write_end(&path, &end()).unwrap();
        assert!(std::fs::metadata(&path).unwrap().len() > 64 * 1024);
        assert_eq!(RowReader::open(&path).unwrap().header(), Some(&ended()));
    }

    #[test]
    fn a_file_from_before_the_conditions_were_recorded_still_reads() {
        let mut json = serde_json::to_value(header()).unwrap();
        json.as_object_mut().unwrap().remove("environment");
        let text = format!(
            "{MAGIC}\n{HEADER_PREFIX}{json}\n{}\ns,backtracking,d,a,9,17,timed,1,7,2,solved,1,1234\n",
            LEAD_COLUMNS.join(",")
        );
        let old = parse(&text).unwrap();
        let header = old.header.unwrap();
        assert_eq!(header.environment, None);
        assert_eq!(header.machine, Machine::default());
        assert_eq!(old.rows.len(), 1);
        // Conditions written by a version that knew fewer of them read with the rest unknown.
        let partial: Environment = serde_json::from_str(r#"{"load_before":1.5}"#).unwrap();
        assert_eq!((partial.load_before, partial.pinned_cpu), (Some(1.5), None));
        let unrecorded = serde_json::to_string(&RunHeader {
            environment: None,
            ..header
        })
        .unwrap();
        assert!(!unrecorded.contains("environment"), "{unrecorded}");
    }

    #[test]
    fn resuming_a_finished_run_cuts_its_end_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut file = ResultsFile::create(&path, &header()).unwrap();
        file.write(&row("a", 1)).unwrap();
        drop(file);
        write_end(&path, &end()).unwrap();
        let (mut file, before) = ResultsFile::open_for_resume(&path).unwrap();
        assert_eq!(
            before.header,
            Some(header()),
            "the end is cut before reading"
        );
        assert_eq!(before.rows, vec![row("a", 1)]);
        file.write(&row("b", 1)).unwrap();
        drop(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains(END_PREFIX), "{text}");
        let resumed = RunEnd {
            resumed: true,
            ..end()
        };
        write_end(&path, &resumed).unwrap();
        let back = read(&path).unwrap();
        assert_eq!(back.rows, vec![row("a", 1), row("b", 1)]);
        let ended = back.header.unwrap().environment.unwrap().end;
        assert_eq!(ended, Some(resumed));
    }

    /// Shard `index` of 2 with `options` (the shard added), its header changed by `edit`.
    fn shard_part(
        index: u32,
        mut options: serde_json::Value,
        edit: impl FnOnce(&mut RunHeader),
    ) -> (String, Results) {
        let mut header = ended();
        options["shard"] = serde_json::json!({"index": index, "count": 2});
        header.options = options;
        edit(&mut header);
        let results = Results {
            header: Some(header),
            rows: vec![row(&format!("p{index}"), 1)],
        };
        (format!("part {index}"), results)
    }

    #[test]
    fn a_merge_keeps_each_parts_conditions_and_claims_none_of_its_own() {
        let part = |index: u32, load: f64| {
            let options = serde_json::json!({"reps": 1, "pin": index - 1});
            shard_part(index, options, |header| {
                let environment = header.environment.as_mut().unwrap();
                environment.load_before = Some(load);
                environment.pinned_cpu = Some(index as usize - 1);
            })
        };
        let merged = merge(vec![part(2, 4.0), part(1, 0.5)]).unwrap();
        let header = merged.header.unwrap();
        assert_eq!(header.environment, None);
        let loads: Vec<Option<f64>> = header
            .shards
            .iter()
            .map(|s| s.environment.as_ref().unwrap().load_before)
            .collect();
        assert_eq!(loads, [Some(0.5), Some(4.0)]);
        assert_eq!(
            header.shards[0].environment.as_ref().unwrap().end,
            Some(end())
        );
        // Each half had a core of its own: the merge keeps which.
        let cpus: Vec<Option<usize>> = header
            .shards
            .iter()
            .map(|s| s.environment.as_ref().unwrap().pinned_cpu)
            .collect();
        assert_eq!(cpus, [Some(0), Some(1)]);
    }

    #[test]
    fn a_merge_refuses_parts_of_other_options() {
        let part =
            |index: u32, reps: u32| shard_part(index, serde_json::json!({"reps": reps}), |_| {});
        let error = merge(vec![part(1, 1), part(2, 3)]).unwrap_err().to_string();
        assert!(
            error.contains("part 2: the run's options differ"),
            "{error}"
        );
    }

    #[test]
    fn resume_cuts_a_torn_line_and_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut file = ResultsFile::create(&path, &header()).unwrap();
        file.write(&row("a", 1)).unwrap();
        drop(file);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"s,backtracking,d,b,9,1").unwrap();
        drop(f);
        let (mut file, before) = ResultsFile::open_for_resume(&path).unwrap();
        assert_eq!(before.rows.len(), 1);
        file.write(&row("b", 1)).unwrap();
        drop(file);
        let back = read(&path).unwrap();
        assert_eq!(back.rows, vec![row("a", 1), row("b", 1)]);
    }

    #[test]
    fn statuses_round_trip() {
        for status in [
            Status::Solved,
            Status::Unsolvable,
            Status::GaveUp("iteration_cap".into()),
            Status::Rejected,
            Status::WrongAnswer,
            Status::Crashed,
            Status::Failed,
        ] {
            assert_eq!(Status::parse(&status.to_string()), Some(status));
        }
        assert_eq!(Status::parse("maybe"), None);
    }
}

/// Run headers for the tests of code that reads runs (conditions, reports, pages): behind the
/// `test-support` feature, so each such test crate builds the same one.
#[cfg(any(test, feature = "test-support"))]
pub mod testing {
    use super::{Environment, Machine, RunEnd, RunHeader};

    /// A run on a 4-core machine, its load at the end and others' share of the CPU given.
    pub fn header(load: f64, others: f64, pinned: Option<usize>) -> RunHeader {
        RunHeader {
            tool: "test".into(),
            started: "2026-01-01T00:00:00Z".into(),
            git_commit: Some("0123456789ab".into()),
            machine: Machine {
                cpu: "Test CPU".into(),
                cores: 4,
                os: "linux".into(),
                host: "bench-host".into(),
            },
            options: serde_json::json!({}),
            jobs: 1,
            solvers: Vec::new(),
            method: String::new(),
            shards: Vec::new(),
            planned_solves: None,
            environment: Some(Environment {
                load_before: Some(0.5),
                governor: None,
                pinned_cpu: pinned,
                end: Some(RunEnd {
                    finished: "2026-01-01T00:05:00Z".into(),
                    load_after: Some(load),
                    others_cpu: Some(others),
                    resumed: false,
                }),
            }),
        }
    }
}
