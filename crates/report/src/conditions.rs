//! The conditions a run was measured in, said for a reader: a sentence for the run's
//! description, and a warning for each condition that makes its timings doubtful (a machine
//! loaded past its cores, or shared with other work).

use sudoku_run::results::{Environment, Machine, RunHeader};

/// Others' share of the CPU past which a run is flagged as measured on a shared machine. An
/// idle machine's background work stays at a few %; past a tenth, other work ran beside the run
/// for much of it, competing for caches, memory bandwidth and turbo headroom, and for the run's
/// own core whenever it outnumbered the idle ones.
pub const SHARED_CPU_WARNING: f64 = 0.10;

/// The conditions in a sentence without its full stop: `load average 0.52 at the start, 1.10 at
/// the end; other processes used 3 % of the CPU meanwhile; CPU frequency governor performance;
/// pinned to CPU 0`.
pub fn describe(env: &Environment) -> String {
    let end = env.end.as_ref();
    let load = |load: Option<f64>| load.map_or_else(|| "unknown".into(), |l| format!("{l:.2}"));
    let mut parts = vec![match end {
        Some(end) => format!(
            "load average {} at the start, {} at the end",
            load(env.load_before),
            load(end.load_after)
        ),
        None => format!(
            "load average {} at the start (the run has not finished)",
            load(env.load_before)
        ),
    }];
    if let Some(end) = end {
        let share = end.others_cpu.map_or_else(
            || {
                "other processes' share of the CPU not measured (a run shorter than a \
                 CPU-second, or no /proc/stat)"
                    .into()
            },
            |share| {
                format!(
                    "other processes used {} of the CPU meanwhile",
                    percent(share)
                )
            },
        );
        if end.resumed {
            parts.push(format!(
                "{share} (over its last session: the run was resumed)"
            ));
        } else {
            parts.push(share);
        }
    }
    parts.push(env.governor.as_ref().map_or_else(
        || "CPU frequency governor not exposed".into(),
        |governor| format!("CPU frequency governor {governor}"),
    ));
    parts.push(env.pinned_cpu.map_or_else(
        || "not pinned to a CPU".into(),
        |cpu| format!("pinned to CPU {cpu}"),
    ));
    parts.join("; ")
}

/// What in `header`'s conditions makes its timings doubtful, a sentence each: a load average
/// above the machine's logical cores (more tasks wanted a CPU than there were, so some waited),
/// other processes past [`SHARED_CPU_WARNING`]. A merged run's, shard by shard.
pub fn warnings(header: &RunHeader) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(env) = &header.environment {
        out.extend(warnings_of(env, &header.machine));
    }
    for shard in &header.shards {
        if let Some(env) = &shard.environment {
            out.extend(
                warnings_of(env, &shard.machine)
                    .into_iter()
                    .map(|w| format!("Shard {} ({}): {w}", shard.shard, shard.machine.host)),
            );
        }
    }
    out
}

fn warnings_of(env: &Environment, machine: &Machine) -> Vec<String> {
    let mut out = Vec::new();
    let end = env.end.as_ref();
    let loads = [
        (env.load_before, "at the start"),
        (end.and_then(|e| e.load_after), "at the end"),
    ];
    let highest = loads
        .into_iter()
        .filter_map(|(load, when)| load.map(|load| (load, when)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((load, when)) = highest.filter(|&(load, _)| load > machine.cores as f64) {
        out.push(format!(
            "The load average was {load:.2} {when}, above the machine's {} logical cores: more \
             tasks wanted a CPU than there were, so some waited, and solve times may include \
             waiting.",
            machine.cores
        ));
    }
    if let Some(share) = end
        .and_then(|e| e.others_cpu)
        .filter(|&share| share > SHARED_CPU_WARNING)
    {
        out.push(format!(
            "Other processes used {} of the CPU while the run went on (more than {}): the \
             machine was shared, so timings are likely slower and noisier than on a quiet one.",
            percent(share),
            percent(SHARED_CPU_WARNING)
        ));
    }
    out
}

/// A share as a whole percentage: `34 %`; under 1 %, `<1 %` but for none at all.
fn percent(share: f64) -> String {
    let pct = share * 100.0;
    if pct > 0.0 && pct < 1.0 {
        "<1 %".into()
    } else {
        format!("{pct:.0} %")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use sudoku_run::results::ShardRun;
    pub(crate) use sudoku_run::results::testing::header;

    #[test]
    fn a_quiet_run_is_described_and_not_warned_about() {
        let quiet = header(1.2, 0.03, Some(2));
        assert_eq!(warnings(&quiet), Vec::<String>::new());
        assert_eq!(
            describe(quiet.environment.as_ref().unwrap()),
            "load average 0.50 at the start, 1.20 at the end; other processes used 3 % of the \
             CPU meanwhile; CPU frequency governor not exposed; pinned to CPU 2"
        );
        // At the thresholds, not past them: still quiet.
        assert!(warnings(&header(4.0, SHARED_CPU_WARNING, None)).is_empty());
    }

    #[test]
    fn a_load_past_the_cores_and_a_shared_cpu_are_warned_about() {
        let loaded = warnings(&header(6.25, 0.0, None));
        assert_eq!(loaded.len(), 1, "{loaded:?}");
        assert!(
            loaded[0].starts_with("The load average was 6.25 at the end, above the machine's 4"),
            "{}",
            loaded[0]
        );
        let shared = warnings(&header(1.0, 0.34, None));
        assert_eq!(shared.len(), 1, "{shared:?}");
        assert!(
            shared[0].starts_with("Other processes used 34 % of the CPU"),
            "{}",
            shared[0]
        );
        assert!(shared[0].contains("(more than 10 %)"), "{}", shared[0]);
    }

    #[test]
    fn an_unfinished_or_unrecorded_run_says_what_it_knows() {
        let mut unfinished = header(1.0, 0.0, None);
        let env = unfinished.environment.as_mut().unwrap();
        env.end = None;
        env.load_before = Some(9.0);
        assert_eq!(
            describe(env),
            "load average 9.00 at the start (the run has not finished); CPU frequency governor \
             not exposed; not pinned to a CPU"
        );
        assert_eq!(warnings(&unfinished).len(), 1, "the start's load alone");
        let old = RunHeader {
            environment: None,
            ..header(9.0, 0.9, None)
        };
        assert!(warnings(&old).is_empty());
    }

    #[test]
    fn a_merged_run_is_warned_about_shard_by_shard() {
        let part = header(8.0, 0.5, None);
        let merged = RunHeader {
            environment: None,
            shards: vec![ShardRun {
                shard: "2/3".into(),
                started: part.started.clone(),
                git_commit: None,
                machine: part.machine.clone(),
                rows: 10,
                environment: part.environment.clone(),
            }],
            ..part
        };
        let found = warnings(&merged);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found
                .iter()
                .all(|w| w.starts_with("Shard 2/3 (bench-host): "))
        );
    }
}
