//! The measurements of `cargo bench` (`benches/pipeline.rs`): time per
//! stage of the pipeline, and the solver alone on the exact script bicd
//! sent it.
//!
//! Takes: programs, a cover mode and a solver. Gives: [`StageTimes`] summed
//! over the programs ([`time_pipeline`], through the driver's stage
//! functions) and [`SolverAlone`] (the logged script replayed by the same
//! solver binary, [`solver_alone`]).

use super::corpus::BenchProgram;
use super::measure::process_cpu;
use crate::back::cover::{BlockVerdict, CoverLimits, CoverMode};
use crate::back::solver::{Solver, SolverKind};
use crate::driver::stages::{self, StageTimes};
use crate::source::SourceMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs the whole pipeline of `bicd cover` (without the report) on every
/// program with cover `mode` on `solver`, timing each stage. Errors: a
/// program does not load, the cover loop fails or leaves a block unknown,
/// or a test does not replay.
pub fn time_pipeline(
    programs: &[BenchProgram],
    mode: CoverMode,
    solver: &mut Solver,
    unwind: u32,
) -> Result<StageTimes, String> {
    let mut total = StageTimes::default();
    for p in programs {
        total.add(&time_one_program(p, mode, solver, unwind)?);
    }
    Ok(total)
}

fn time_one_program(
    p: &BenchProgram,
    mode: CoverMode,
    solver: &mut Solver,
    unwind: u32,
) -> Result<StageTimes, String> {
    let mut t = StageTimes {
        programs: 1,
        ..StageTimes::default()
    };
    let mut sources = SourceMap::new();
    let file = sources.add(p.name.clone(), p.text.clone());
    let program = stages::load_program(&sources, file, &mut t)
        .map_err(|diags| diags.iter().map(|d| d.render(&sources)).collect::<String>())?;
    for entry in stages::select_entries(&program, &[])? {
        let prepared =
            stages::prepare(&program, entry, unwind, &mut t).map_err(|d| d.render(&sources))?;
        let result = stages::cover(
            &program,
            &sources,
            &prepared,
            solver,
            mode,
            &CoverLimits::default(),
            &mut t,
        );
        if let Some(e) = result.error {
            return Err(format!("{}: {} mode: {e}", p.name, mode.name()));
        }
        if let Some(why) = result.blocks.values().find_map(|v| match v {
            BlockVerdict::Unknown(why) => Some(why),
            _ => None,
        }) {
            return Err(format!(
                "{}: {} mode: a block is unknown: {why}",
                p.name,
                mode.name()
            ));
        }
        if let Some(f) = stages::replay_tests(&program, &sources, entry, &result.tests, &mut t)
            .into_iter()
            .next()
        {
            return Err(format!(
                "{}: internal error: test {} does not replay: {}",
                p.name, f.test, f.message
            ));
        }
    }
    Ok(t)
}

/// Starts `kind` with everything bicd sends it written to `log`
/// ([`Solver::spawn_logged`]).
pub fn spawn_logged(
    kind: SolverKind,
    timeout_ms: Option<u64>,
    log: &Path,
) -> Result<Solver, String> {
    Solver::spawn_logged(kind, None, timeout_ms, Some(log)).map_err(|e| e.to_string())
}

/// The solver alone on a script logged by [`spawn_logged`].
#[derive(Clone, Debug, PartialEq)]
pub struct SolverAlone {
    /// The command line it ran (from the log's first comment).
    pub command: Vec<String>,
    /// Wall time from start to its last answer.
    pub wall: Duration,
    /// CPU time (user and system) of the solver process at its last
    /// answer, when Linux `/proc` tells.
    pub cpu: Option<Duration>,
    /// Its answers to check-sat, in order: `sat`, `unsat`, `unknown`.
    pub answers: Vec<String>,
}

/// The command line rsmt2 writes at the top of a logged script
/// (`; Command:` then `; > program args...`).
pub fn logged_command(script: &str) -> Option<Vec<String>> {
    let line = script
        .lines()
        .take(4)
        .find_map(|l| l.strip_prefix("; > "))?;
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    (!words.is_empty()).then_some(words)
}

/// Waits (at most 5 s) until the script logged by [`spawn_logged`] holds
/// `queries` check-sat commands: the solver is stopped on its worker
/// thread after it is dropped, and the log's last buffered lines are
/// written then.
pub fn wait_for_log(log: &Path, queries: usize) {
    for _ in 0..500 {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches("(check-sat").count() >= queries {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Marks the end of a replayed script: `(echo ...)` after the last command.
const REPLAY_DONE: &str = "bicd-replay-done";

/// Runs the solver of a logged script on the script alone (the same
/// executable and arguments bicd used, the whole script written to its
/// standard input at once) and times it: the solver's own work on exactly
/// the commands bicd sent, without bicd. The script is followed by
/// `(echo "bicd-replay-done")`; when that line comes back the clock stops
/// and the process's CPU time is read (its input is still open, so it is
/// alive and idle), then its input is closed.
pub fn solver_alone(script: &Path) -> Result<SolverAlone, String> {
    use std::io::{BufRead as _, Write as _};
    let text = std::fs::read_to_string(script)
        .map_err(|e| format!("{}: cannot read: {e}", script.display()))?;
    let command = logged_command(&text)
        .ok_or_else(|| format!("{}: no `; > command` line at the top", script.display()))?;
    let clock = Instant::now();
    let mut child = std::process::Command::new(&command[0])
        .args(&command[1..])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    let pid = child.id().to_string();
    let mut stdin = child.stdin.take();
    let (close_tx, close_rx) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        if let Some(input) = stdin.as_mut() {
            let _ = input.write_all(text.as_bytes());
            let _ = input.write_all(format!("\n(echo \"{REPLAY_DONE}\")\n").as_bytes());
            let _ = input.flush();
        }
        // Keep the input open until the answers are read.
        let _ = close_rx.recv();
        drop(stdin);
    });
    let mut answers = Vec::new();
    let mut end = None;
    if let Some(out) = child.stdout.take() {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            let l = line.trim();
            if matches!(l, "sat" | "unsat" | "unknown") {
                answers.push(l.to_string());
            } else if l.trim_matches('"') == REPLAY_DONE && end.is_none() {
                end = Some((clock.elapsed(), process_cpu(&pid)));
                let _ = close_tx.send(());
            }
        }
    }
    let _ = close_tx.send(());
    let _ = writer.join();
    let _ = child.wait();
    let (wall, cpu) = end.unwrap_or((clock.elapsed(), None));
    Ok(SolverAlone {
        command,
        wall,
        cpu,
        answers,
    })
}
