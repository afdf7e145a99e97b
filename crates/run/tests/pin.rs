//! `pin_to_cpu` in this test's own process (a test binary of its own, so no other test is
//! pinned with it): threads started before and after, and child processes, all end up on the
//! one CPU; a CPU the process may not use is refused, naming `--pin` and the valid ones.

#![cfg(target_os = "linux")]

use std::process::Command;
use std::sync::mpsc::channel;

use sudoku_run::machine::{allowed_cpus, cpu_list, pin_to_cpu};

#[test]
fn pinning_moves_every_thread_and_child_to_the_one_cpu() {
    let allowed = allowed_cpus().unwrap();
    assert!(!allowed.is_empty());

    let error = pin_to_cpu(100_000).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "--pin 100000: there is no CPU 100000 this run may use; valid: {}",
            cpu_list(&allowed)
        )
    );
    assert_eq!(
        allowed_cpus().unwrap(),
        allowed,
        "a refused pin changes nothing"
    );

    // The last CPU allowed: where there are several, pinning narrows the set.
    let cpu = *allowed.last().unwrap();
    let (ask, asked) = channel::<()>();
    let (answer, answered) = channel();
    let earlier = std::thread::spawn(move || {
        asked.recv().unwrap();
        answer.send(allowed_cpus().unwrap()).unwrap();
    });
    pin_to_cpu(cpu).unwrap();
    assert_eq!(allowed_cpus().unwrap(), [cpu], "the calling thread");
    ask.send(()).unwrap();
    assert_eq!(
        answered.recv().unwrap(),
        [cpu],
        "a thread started before pinning"
    );
    earlier.join().unwrap();
    let later = std::thread::spawn(|| allowed_cpus().unwrap());
    assert_eq!(later.join().unwrap(), [cpu], "a thread started after");
    let child = Command::new("grep")
        .args(["Cpus_allowed_list", "/proc/self/status"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&child.stdout).trim(),
        format!("Cpus_allowed_list:\t{cpu}"),
        "a child process"
    );
}
