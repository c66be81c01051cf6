//! What a process used: peak memory, CPU time, the machine's load (Linux
//! `/proc`).
//!
//! Takes: the current process, a child, or a solver process. Gives: peak
//! resident memory (KiB), CPU time, the load average; `None` where `/proc`
//! does not tell.

use crate::back::solver::Solver;
use std::path::Path;
use std::time::Duration;

/// Peak resident memory of this process (Linux `VmHWM`), in KiB.
pub fn peak_memory_kib() -> Option<u64> {
    peak_memory_of("self")
}

/// `VmHWM` of `/proc/<pid>/status`, in KiB.
fn peak_memory_of(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The child processes of this process (of any of its threads: each
/// solver is started from its own worker thread), from Linux's
/// `/proc/self/task/*/children`.
fn child_pids() -> Vec<String> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            out.extend(text.split_whitespace().map(str::to_string));
        }
    }
    out
}

/// Peak resident memory (KiB) of the live process of `solver`: the
/// youngest child of this process whose command is the solver's
/// executable (an older one may be a process of an earlier row still
/// exiting). `None` when none is found (not Linux). A process killed and
/// started afresh after a timeout takes its predecessor's peak with it.
pub fn solver_peak_kib(solver: &Solver) -> Option<u64> {
    peak_memory_of(&solver_pid(solver)?)
}

/// The youngest child process of this process whose command is the
/// executable of `solver` (Linux `/proc`).
fn solver_pid(solver: &Solver) -> Option<String> {
    let program = Path::new(solver.program()).file_name()?.to_owned();
    child_pids()
        .into_iter()
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmd| {
                let first = cmd.split(|&b| b == 0).next().unwrap_or_default();
                Path::new(&*String::from_utf8_lossy(first)).file_name() == Some(&program)
            })
        })
        .filter_map(|pid| Some((start_time(&pid)?, pid)))
        .max()
        .map(|(_, pid)| pid)
}

/// When process `pid` started (field 22 of `/proc/<pid>/stat`, in clock
/// ticks since boot).
fn start_time(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command (field 2) is in parentheses and may contain spaces.
    let after = &stat[stat.rfind(')')? + 2..];
    after.split_whitespace().nth(19)?.parse().ok()
}

/// The 1-minute load average (Linux `/proc/loadavg`).
pub fn load_average() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()
        .map(str::to_string)
}

/// User plus system CPU time of process `pid` (`self` for this one), from
/// fields 14 and 15 of `/proc/<pid>/stat`, counted in clock ticks of
/// 1/100 s (Linux's `USER_HZ` on every common platform).
pub fn process_cpu(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let mut fields = after.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((user + system) * 10))
}

/// CPU time so far of the live process of `solver` (the youngest child of
/// this process running its executable, as in [`solver_peak_kib`]).
pub fn solver_cpu(solver: &Solver) -> Option<Duration> {
    process_cpu(&solver_pid(solver)?)
}
