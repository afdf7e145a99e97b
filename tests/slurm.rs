//! `scripts/slurm-bench.sh` under a real Slurm: a one-node cluster (munged, slurmctld, slurmd)
//! started on localhost in a scratch folder runs it as a job array of 4 tasks through `sbatch`,
//! and the parts merged by `report` have exactly the rows of the same run unsplit, as
//! `shards.rs` checks with Slurm's variables set by hand. Ignored, saying why, only when Slurm
//! is not installed (`scripts/setup.sh` installs Debian's `slurm-wlm` and `munge`) or the test
//! is not root (the daemons run as root, as a node's do): the build script asks
//! `sudoku_probe::Need::Slurm`.

mod common;

use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use common::{SHARDED_RUN, assert_merge_equals_unsplit, bench_unsplit, shard_parts, succeeds};

/// How long the cluster may take to come up, the job array to run (seconds here) and a daemon to
/// stop: bounds so that a broken Slurm fails the test instead of hanging it.
const START_LIMIT: Duration = Duration::from_secs(60);
const ARRAY_LIMIT: Duration = Duration::from_secs(300);
const STOP_LIMIT: Duration = Duration::from_secs(15);

const TASKS: usize = 4;

#[test]
#[cfg_attr(
    missing_slurm,
    ignore = "no Slurm here, or not root: scripts/setup.sh installs slurm-wlm and munge"
)]
fn a_slurm_job_array_of_four_shards_merged_equals_the_unsplit_run() {
    if let Some(reason) = sudoku_probe::Need::Slurm.missing() {
        panic!("{reason} (the build found Slurm: rebuild to have this test ignored)");
    }
    let cluster = Cluster::start();
    let job = cluster.run_array(TASKS);
    cluster.assert_completed(&job, TASKS);

    let whole = cluster.dir().join("whole");
    bench_unsplit(&whole);
    let parts = shard_parts(&cluster.work().join("runs"), TASKS);
    assert_merge_equals_unsplit(&parts, &whole, &cluster.dir().join("merged"));
}

fn succeeds_stdout(command: &mut Command) -> String {
    let output = command.output().expect("runs");
    assert!(
        output.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A one-node Slurm cluster on localhost with every file in a scratch folder: its own
/// `slurm.conf`, munge key and socket, state, spool and logs, and free ports, so that it touches
/// nothing of the machine's and other clusters can run beside it. Dropping it cancels what is
/// still queued, stops the daemons and removes the folder, after printing the logs and the
/// jobs' outputs when the test is failing.
struct Cluster {
    daemons: Vec<Daemon>,
    conf: PathBuf,
    /// Last, so that it is removed after the daemons have stopped.
    scratch: tempfile::TempDir,
}

struct Daemon {
    name: &'static str,
    child: Child,
}

impl Cluster {
    fn start() -> Cluster {
        let scratch = tempfile::tempdir().unwrap();
        for folder in ["munge", "state", "spool", "log", "work"] {
            fs::create_dir(scratch.path().join(folder)).unwrap();
        }
        let conf = scratch.path().join("slurm.conf");
        fs::write(&conf, slurm_conf(scratch.path())).unwrap();
        let mut cluster = Cluster {
            daemons: Vec::new(),
            conf,
            scratch,
        };
        cluster.start_munge();
        cluster.spawn("slurmctld", &["-D"]);
        cluster.spawn("slurmd", &["-D"]);
        cluster.wait_for("the node to be idle", |cluster| {
            let output = cluster.command("sinfo").args(["-h", "-o", "%T"]).output();
            output.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        cluster
    }

    fn dir(&self) -> &Path {
        self.scratch.path()
    }

    /// Where jobs are submitted from: their working folder, so their outputs and shards land here.
    fn work(&self) -> PathBuf {
        self.dir().join("work")
    }

    /// A Slurm or munge program, finding this cluster through `SLURM_CONF`.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .env("PATH", sudoku_probe::search_path())
            .env("SLURM_CONF", &self.conf);
        command
    }

    /// munged with a fresh key, its socket in the scratch folder (`AuthInfo` tells Slurm).
    fn start_munge(&mut self) {
        let munge = self.dir().join("munge");
        let file = |option: &str, name: &str| format!("--{option}={}", munge.join(name).display());
        succeeds(
            self.command("mungekey")
                .args(["--create", &file("keyfile", "munge.key")]),
        );
        self.spawn(
            "munged",
            &[
                "--foreground",
                "--force",
                &file("key-file", "munge.key"),
                &file("socket", "socket"),
                &file("pid-file", "munged.pid"),
                &file("seed-file", "munged.seed"),
            ],
        );
        let socket = munge.join("socket");
        self.wait_for("munge's socket", |_| socket.exists());
    }

    /// Starts a daemon in the foreground, as the test's child, its log (standard error in the
    /// foreground) in the logs folder.
    fn spawn(&mut self, name: &'static str, args: &[&str]) {
        let log = fs::File::create(self.dir().join(format!("log/{name}.out"))).unwrap();
        let child = self
            .command(name)
            .args(args)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        self.daemons.push(Daemon { name, child });
    }

    /// Waits until `ready`, failing if a daemon exits or [`START_LIMIT`] passes first.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&Cluster) -> bool) {
        let started = Instant::now();
        while !ready(self) {
            for daemon in &mut self.daemons {
                if let Some(status) = daemon.child.try_wait().unwrap() {
                    panic!("{} exited ({status}) while waiting for {what}", daemon.name);
                }
            }
            assert!(
                started.elapsed() < START_LIMIT,
                "no {what} after {START_LIMIT:?}"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Submits the Slurm script as a job array of `tasks` with the real `sbatch`, which returns
    /// when every task has ended, with the highest exit status among them; the array's job id.
    fn run_array(&self, tasks: usize) -> String {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm-bench.sh");
        let mut sbatch = self.command("sbatch");
        sbatch
            .current_dir(self.work())
            .args([
                "--wait",
                "--parsable",
                &format!("--array=1-{tasks}"),
                script,
            ])
            .args(SHARDED_RUN)
            .env("SUDOKU_BENCH", env!("CARGO_BIN_EXE_sudoku-bench"));
        let child = sbatch.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
        let output = finish(child.unwrap(), ARRAY_LIMIT)
            .unwrap_or_else(|| panic!("the job array did not end within {ARRAY_LIMIT:?}"));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{sbatch:?}: {}{stdout}",
            String::from_utf8_lossy(&output.stderr)
        );
        // `--parsable` prints `id` or `id;cluster`.
        let id = stdout.trim().split(';').next().unwrap().to_string();
        assert!(id.parse::<u64>().is_ok(), "sbatch printed {stdout:?}");
        id
    }

    /// Slurm's record of the array: each task completed with status 0 and wrote its output.
    fn assert_completed(&self, job: &str, tasks: usize) {
        let records = succeeds_stdout(self.command("scontrol").args(["-o", "show", "job", job]));
        for task in 1..=tasks {
            let record = records
                .lines()
                .find(|line| line.contains(&format!(" ArrayTaskId={task} ")))
                .unwrap_or_else(|| panic!("no task {task} in {records}"));
            assert!(
                record.contains(" JobState=COMPLETED ") && record.contains(" ExitCode=0:0 "),
                "{record}"
            );
            let output = self.work().join(format!("slurm-{job}_{task}.out"));
            assert!(output.is_file(), "{} is missing", output.display());
        }
    }

    /// The daemons' logs and the jobs' outputs, each file's last lines.
    fn diagnostics(&self) -> String {
        let mut files: Vec<PathBuf> = ["log", "work"]
            .iter()
            .flat_map(|folder| fs::read_dir(self.dir().join(folder)).into_iter().flatten())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_file())
            .collect();
        files.sort();
        let mut text = String::new();
        for file in files {
            let contents = fs::read_to_string(&file).unwrap_or_else(|e| format!("({e})"));
            let lines: Vec<_> = contents.lines().collect();
            let tail = lines[lines.len().saturating_sub(60)..].join("\n");
            text += &format!("==> {} <==\n{tail}\n", file.display());
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("{}", self.diagnostics());
        }
        if let Ok(child) = self.command("scancel").arg("--user=root").spawn() {
            finish(child, STOP_LIMIT);
        }
        while let Some(mut daemon) = self.daemons.pop() {
            let _ = Command::new("kill")
                .arg(daemon.child.id().to_string())
                .status();
            if finish_status(&mut daemon.child, STOP_LIMIT).is_none() {
                let _ = daemon.child.kill();
                let _ = daemon.child.wait();
            }
        }
    }
}

/// The configuration of a one-node cluster on localhost named after this host (slurmctld and
/// slurmd look for themselves under the short host name), everything kept in `dir`. Root runs
/// the daemons; no cgroups, accounting or MPI, which a container may lack and the test needs not.
/// slurmd logs to a file as well, for its job steps' lines.
fn slurm_conf(dir: &Path) -> String {
    let host = fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    let host = host.trim().split('.').next().unwrap();
    let cpus = std::thread::available_parallelism().unwrap();
    let (controller, node) = free_ports();
    let dir = dir.display();
    format!(
        "ClusterName=sudoku-bench-test
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={controller}
SlurmdPort={node}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={dir}/munge/socket
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmdLogFile={dir}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN
PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP
"
    )
}

/// Two ports free on localhost now, for slurmctld and slurmd.
fn free_ports() -> (u16, u16) {
    let first = TcpListener::bind("127.0.0.1:0").unwrap();
    let second = TcpListener::bind("127.0.0.1:0").unwrap();
    (
        first.local_addr().unwrap().port(),
        second.local_addr().unwrap().port(),
    )
}

/// `child`'s output once it exits, or `None`, and it killed, if it runs past `limit`.
fn finish(mut child: Child, limit: Duration) -> Option<Output> {
    if finish_status(&mut child, limit).is_none() {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    }
    Some(child.wait_with_output().unwrap())
}

/// Waits for `child` to exit, at most `limit`.
fn finish_status(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if started.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
