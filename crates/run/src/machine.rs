//! What a run header records about where and when it ran.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::results::{Environment, Machine};

/// The CPU model (from `/proc/cpuinfo` where there is one), logical cores and OS.
pub fn machine() -> Machine {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    Machine {
        cpu,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        host: host_name(),
    }
}

/// This machine's name: the kernel's, else `$HOSTNAME`, else `unknown`.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// The conditions a run starts in (the load, the frequency governor, the CPU it is pinned to):
/// `pinned_cpu` is recorded as given, so pin first ([`pin_to_cpu`]).
pub fn environment(pinned_cpu: Option<usize>) -> Environment {
    Environment {
        load_before: load_average(),
        governor: governor(),
        pinned_cpu,
        end: None,
    }
}

/// The 1-minute load average from `/proc/loadavg`: tasks running or waiting for a CPU (or for
/// the disk), averaged over about the last minute. `None` where there is no `/proc`.
pub fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The CPU frequency governors in force (each CPU's `cpufreq/scaling_governor`), the distinct
/// ones joined by `, `: `powersave` lets the clock drift with the load, and timings with it.
/// `None` where the kernel exposes no cpufreq (most virtual machines and containers).
pub fn governor() -> Option<String> {
    let mut governors: Vec<String> = std::fs::read_dir("/sys/devices/system/cpu")
        .ok()?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name();
            let name = name.to_str()?;
            let index = name.strip_prefix("cpu")?;
            if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let path = format!("/sys/devices/system/cpu/{name}/cpufreq/scaling_governor");
            let governor = std::fs::read_to_string(path).ok()?;
            Some(governor.trim().to_string()).filter(|g| !g.is_empty())
        })
        .collect();
    governors.sort();
    governors.dedup();
    (!governors.is_empty()).then(|| governors.join(", "))
}

/// CPU time counters, in clock ticks, read at the start and the end of a run to tell how much
/// of the machine other processes used meanwhile.
///
/// The method: `/proc/stat`'s first line gives every CPU's time since boot, busy (user, nice,
/// system, irq, softirq, steal) and in all (busy, idle and waiting for the disk); this
/// process's `/proc/self/stat` gives its own CPU time (utime + stime, over all its threads)
/// and that of its children it has waited for (cutime + cstime: the worker processes, which a
/// run stops and waits for before it ends). Between two readings, the busy time that was not
/// this process tree's is the others': [`CpuTimes::others_share`] divides it by all the time
/// every CPU had. Both files count in the same ticks (`USER_HZ`), so no conversion is needed.
/// In a container `/proc/stat` is the host's: "others" are then everything else on the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuTimes {
    /// Every CPU's busy time.
    pub busy: u64,
    /// Every CPU's time, busy or not.
    pub total: u64,
    /// This process's time and its waited-for children's.
    pub own: u64,
}

impl CpuTimes {
    /// The fewest ticks, over every CPU, a share is measured from: a CPU-second at the usual
    /// 100 ticks a second, so one tick is at most a percent.
    pub const MIN_TICKS: u64 = 100;

    /// The counters now; `None` where `/proc` cannot be read.
    pub fn now() -> Option<CpuTimes> {
        let (busy, total) = parse_proc_stat(&std::fs::read_to_string("/proc/stat").ok()?)?;
        let own = parse_own_ticks(&std::fs::read_to_string("/proc/self/stat").ok()?)?;
        Some(CpuTimes { busy, total, own })
    }

    /// The share (0 to 1) of all the CPUs' time from `self` to `later` that other processes
    /// used; 0.5 on a 4-core machine is two cores' worth. Rounded to 0.001: ticks are
    /// hundredths of a second, so finer digits would mean nothing. `None` over less than
    /// [`CpuTimes::MIN_TICKS`], where a tick more or less would swing the share by percents.
    pub fn others_share(&self, later: &CpuTimes) -> Option<f64> {
        let total = later
            .total
            .checked_sub(self.total)
            .filter(|&t| t >= CpuTimes::MIN_TICKS)?;
        let busy = later.busy.saturating_sub(self.busy);
        let own = later.own.saturating_sub(self.own);
        let share = (busy.saturating_sub(own) as f64 / total as f64).clamp(0.0, 1.0);
        Some((share * 1000.0).round() / 1000.0)
    }
}

/// `(busy, total)` ticks of every CPU from `/proc/stat`'s `cpu` line. Guest time is already
/// counted in user and nice, so it is not added again.
fn parse_proc_stat(text: &str) -> Option<(u64, u64)> {
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    let field = |i: usize| fields.get(i).copied().unwrap_or(0);
    // user nice system idle iowait irq softirq steal
    let busy = field(0) + field(1) + field(2) + field(5) + field(6) + field(7);
    Some((busy, busy + field(3) + field(4)))
}

/// utime + stime + cutime + cstime from `/proc/self/stat` (fields 14 to 17). The fields are
/// counted after the command name, which is in parentheses and may hold spaces.
fn parse_own_ticks(text: &str) -> Option<u64> {
    let (_, after_name) = text.rsplit_once(')')?;
    // The first field after the name is the state, field 3; utime, field 14, is 11 further.
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    fields
        .get(11..15)?
        .iter()
        .map(|f| f.parse::<u64>().ok())
        .sum()
}

/// Pins this process to logical CPU `cpu`: every thread it has, and so every thread and
/// worker process it starts, which inherit their creator's CPUs. One CPU keeps a solve from
/// migrating between cores (cold caches, another clock speed) while it is timed. Errors name
/// `--pin` and the CPUs this process may use when `cpu` is not one of them.
#[cfg(target_os = "linux")]
pub fn pin_to_cpu(cpu: usize) -> anyhow::Result<()> {
    let allowed = allowed_cpus()?;
    anyhow::ensure!(
        allowed.contains(&cpu),
        "--pin {cpu}: there is no CPU {cpu} this run may use; valid: {}",
        cpu_list(&allowed)
    );
    // SAFETY: a zeroed cpu_set_t is the empty set, and `cpu` is below CPU_SETSIZE since
    // sched_getaffinity reported it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    unsafe { libc::CPU_SET(cpu, &mut set) };
    // A thread's CPUs are its own: set those of each thread there is (the Ctrl-C handler's,
    // any pool's), not only the calling one's.
    let tasks = std::fs::read_dir("/proc/self/task")
        .map_err(|e| anyhow::anyhow!("--pin {cpu}: cannot list this process's threads: {e}"))?;
    for task in tasks {
        let Some(tid) = task
            .ok()
            .and_then(|t| t.file_name().to_str()?.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        // SAFETY: `set` is a valid cpu_set_t of the size passed.
        let status =
            unsafe { libc::sched_setaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        if status != 0 {
            let error = std::io::Error::last_os_error();
            // A thread that ended meanwhile (ESRCH) needs no pinning.
            anyhow::ensure!(
                error.raw_os_error() == Some(libc::ESRCH),
                "--pin {cpu}: cannot pin thread {tid}: {error}"
            );
        }
    }
    let now = allowed_cpus()?;
    anyhow::ensure!(
        now == [cpu],
        "--pin {cpu}: the process still runs on CPUs {} after pinning",
        cpu_list(&now)
    );
    Ok(())
}

/// Pinning needs Linux's `sched_setaffinity`.
#[cfg(not(target_os = "linux"))]
pub fn pin_to_cpu(cpu: usize) -> anyhow::Result<()> {
    anyhow::bail!(
        "--pin {cpu}: pinning to a CPU needs Linux; this is {}",
        std::env::consts::OS
    )
}

/// The logical CPUs the calling thread may run on (its affinity mask), in order.
#[cfg(target_os = "linux")]
pub fn allowed_cpus() -> anyhow::Result<Vec<usize>> {
    // SAFETY: a zeroed cpu_set_t is valid; the kernel fills it up to the size passed.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    let status =
        unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    anyhow::ensure!(
        status == 0,
        "cannot read the CPUs this process may use: {}",
        std::io::Error::last_os_error()
    );
    // SAFETY: every index is below CPU_SETSIZE, the set's capacity.
    Ok((0..libc::CPU_SETSIZE as usize)
        .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
        .collect())
}

/// CPU numbers as ranges: `0-3, 6`.
pub fn cpu_list(cpus: &[usize]) -> String {
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for &cpu in cpus {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == cpu => *end = cpu,
            _ => ranges.push((cpu, cpu)),
        }
    }
    ranges
        .iter()
        .map(|&(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Now, as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_timestamp(secs)
}

/// Seconds since the Unix epoch as a UTC timestamp (proleptic Gregorian calendar).
pub fn utc_timestamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from a day count (Howard Hinnant's well-known derivation).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps() {
        assert_eq!(utc_timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_timestamp(1_795_000_000), "2026-11-18T11:06:40Z");
    }

    #[test]
    fn cpu_lists_are_ranges() {
        assert_eq!(cpu_list(&[0]), "0");
        assert_eq!(cpu_list(&[0, 1, 2, 3, 6, 8, 9]), "0-3, 6, 8-9");
        assert_eq!(cpu_list(&[]), "");
    }

    #[test]
    fn cpu_counters_parse_and_the_others_share_excludes_our_own() {
        let stat = "cpu  100 5 30 800 20 2 3 10 7 0\ncpu0 50 2 15 400 10 1 1 5 3 0\n";
        // busy: user, nice, system, irq, softirq, steal; total adds idle and iowait.
        assert_eq!(parse_proc_stat(stat), Some((150, 970)));
        // A command name with spaces and a parenthesis: fields count from the last `)`.
        let own = "4242 (sudoku (bench) x) R 1 2 3 4 5 6 7 8 9 10 40 12 3 4 20 0 1 0 99 \
                   100 200";
        assert_eq!(parse_own_ticks(own), Some(40 + 12 + 3 + 4));
        assert_eq!(parse_own_ticks("1 (cut) R 1 2"), None);
        let start = CpuTimes {
            busy: 1_000,
            total: 10_000,
            own: 300,
        };
        // 200 ticks in all on every CPU; 120 busy, 70 of them ours: others used 50 of 200.
        let end = CpuTimes {
            busy: 1_120,
            total: 10_200,
            own: 370,
        };
        assert_eq!(start.others_share(&end), Some(0.25));
        // Per-process and per-CPU times are sampled apart, so ours can exceed the busy time by
        // a tick or two: the others' share does not go below 0.
        let busier_than_all = CpuTimes { own: 600, ..end };
        assert_eq!(start.others_share(&busier_than_all), Some(0.0));
        assert_eq!(start.others_share(&start), None);
        let too_short = CpuTimes {
            total: 10_099,
            ..end
        };
        assert_eq!(start.others_share(&too_short), None, "99 ticks in all");
        if cfg!(target_os = "linux") {
            assert!(CpuTimes::now().is_some());
        }
    }

    #[test]
    fn machine_has_cores() {
        assert!(machine().cores >= 1);
    }
}
