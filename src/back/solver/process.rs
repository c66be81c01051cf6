//! The solver process: started through rsmt2 on a worker thread of its
//! own, fed commands, killed, and started afresh with what it was sent.
//!
//! Takes: a [`SolverKind`], its executable and command line
//! ([`solver_args`]), and requests ([`Request`]: commands to send,
//! queries to answer). Gives: a [`Worker`], which executes the requests on
//! the rsmt2 solver and replies ([`Reply`]), and what bicd knows of the
//! process from `/proc` (PID, exit status, the end of its standard error,
//! how much it has written); on the caller's side
//! [`Solver::restart`] (a fresh process given the transcript) and
//! [`Solver::exit_message`]. design.md, "Where the solver fits": one
//! process per analysed procedure, restarted only after a kill.
//!
//! Transport: rsmt2 0.16. An `rsmt2::Solver<ModelReader>` spawns the
//! process (an `SmtConf` of rsmt2's Yices2 style, which adds no flag of its
//! own, with bicd's command line for the solver kind), writes the commands
//! (raw text through its `Write`, `print_check_sat`,
//! `print_check_sat_assuming`), carries the answers (its `Read`) and
//! parses them (`SmtParser::check_sat`, `SmtParser::get_values` with
//! [`ModelReader`]). Between reading and parsing, [`AnswerReader`] cuts
//! the output into answers and skips `(warning ...)` lines, which rsmt2's
//! own reading would take for the answer. Reads block, so the rsmt2 solver
//! lives on a worker thread of its own that executes requests from a
//! channel; the caller never touches it directly.

use super::answers::{
    check_sat_answer, error_text, function_tables_answer, get_values_answer, reason_unknown_answer,
    AnswerReader, Fault,
};
use super::model::ModelReader;
use super::{Solver, SolverError, SolverKind};
use crate::back::smt::find_in_path;
use crate::ir::testcase::Value;
use rsmt2::conf::SmtStyle;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// Kills of a hanging solver (and fresh starts) in a row, with no query
/// answered in between, before it is considered broken.
pub(super) const MAX_RESTARTS: usize = 2;

/// The same for a solver without a timeout of its own (yices): there a
/// kill at the per-query timeout is how a hard query ends, not a fault,
/// and a fresh process often answers the next query at once (yices' MCSAT
/// can hang on one goal and answer the next in milliseconds). Only a
/// solver that runs into the timeout this many times in a row is given up.
pub(super) const MAX_TIMEOUT_RESTARTS: usize = 16;

/// How much of the solver's standard error is kept (its end).
const STDERR_TAIL_BYTES: usize = 4096;

/// What the caller asks the worker thread to do with the rsmt2 solver.
pub(super) enum Request {
    /// Write raw commands that print nothing; no reply (a failure is
    /// reported at the next query).
    Send(String),
    /// `(check-sat)` without literals, else `(check-sat-assuming ...)`.
    CheckSat(Vec<String>),
    /// `(get-value (terms...))`.
    GetValues(Vec<String>),
    /// `(get-info :reason-unknown)`.
    ReasonUnknown,
    /// yices' `(get-model)`, its array tables only.
    FunctionTables,
}

/// The worker's reply to a query.
pub(super) enum Reply {
    CheckSat(Result<Option<bool>, Fault>),
    Values(Result<Vec<Value>, Fault>),
    /// The answer's text as the solver printed it.
    Info(Result<String, Fault>),
}

/// The worker thread's loop: executes requests on the rsmt2 solver until
/// the request channel closes (then dropping the rsmt2 solver ends the
/// process) or the caller stops listening.
fn serve(
    mut solver: rsmt2::Solver<ModelReader>,
    mut answers: AnswerReader,
    requests: Receiver<Request>,
    replies: Sender<Reply>,
) {
    // The first failed write: every later query fails with it.
    let mut write_error: Option<String> = None;
    while let Ok(request) = requests.recv() {
        let reply = match request {
            Request::Send(text) => {
                if write_error.is_none() {
                    if let Err(e) = solver
                        .write_all(text.as_bytes())
                        .and_then(|()| solver.flush())
                    {
                        write_error = Some(format!("it stopped accepting input: {e}"));
                    }
                }
                continue;
            }
            Request::CheckSat(literals) => Reply::CheckSat(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => check_sat_answer(&mut solver, &mut answers, &literals),
            }),
            Request::GetValues(terms) => Reply::Values(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => get_values_answer(&mut solver, &mut answers, &terms),
            }),
            Request::ReasonUnknown => Reply::Info(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => reason_unknown_answer(&mut solver, &mut answers),
            }),
            Request::FunctionTables => Reply::Info(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => function_tables_answer(&mut solver, &mut answers),
            }),
        };
        if replies.send(reply).is_err() {
            return;
        }
    }
}

/// A solver process owned by rsmt2 on a worker thread, and what bicd
/// knows about that process from `/proc`.
pub(super) struct Worker {
    /// Requests for the worker; `None` once closed.
    requests: Option<Sender<Request>>,
    pub(super) replies: Receiver<Reply>,
    /// The process's PID (Linux), for kills, exit status, stderr, output size.
    pub(super) pid: Option<u32>,
    /// The end of the solver's standard error, and whether it has ended.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Arc<AtomicBool>,
    /// The last warnings the solver printed (skipped as answers).
    warnings: Arc<Mutex<Vec<String>>>,
    killed: bool,
}

impl Worker {
    /// Starts a worker thread that spawns `program args...` through rsmt2;
    /// waits for the spawn (not for the solver to answer anything).
    fn start(program: &str, args: &[String], log: Option<PathBuf>) -> Result<Worker, String> {
        let mut conf = SmtStyle::Yices2.new(program);
        for a in args {
            conf.option(a.as_str());
        }
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
        let (started_tx, started_rx) = mpsc::channel::<Result<Option<u32>, String>>();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        let (tail, done) = (Arc::clone(&stderr), Arc::clone(&stderr_done));
        let warnings = Arc::new(Mutex::new(Vec::new()));
        let answers = AnswerReader::new(Arc::clone(&warnings));
        std::thread::Builder::new()
            .name("bicd-solver".into())
            .spawn(move || {
                let mut solver = match rsmt2::Solver::new(conf, ModelReader) {
                    Ok(s) => s,
                    Err(e) => {
                        done.store(true, Ordering::SeqCst);
                        let _ = started_tx.send(Err(error_text(&e)));
                        return;
                    }
                };
                // This thread has spawned exactly one child: the solver.
                let pid = own_only_child();
                match pid.and_then(open_stderr) {
                    Some(pipe) => {
                        let spawned = std::thread::Builder::new()
                            .name("bicd-solver-stderr".into())
                            .spawn(move || read_stderr(pipe, tail, done));
                        drop(spawned);
                    }
                    None => done.store(true, Ordering::SeqCst),
                }
                if let Some(path) = log {
                    // A copy of everything sent (Solver::spawn_logged):
                    // rsmt2's tee.
                    let _ = solver.path_tee(path);
                }
                let _ = started_tx.send(Ok(pid));
                serve(solver, answers, request_rx, reply_tx);
            })
            .map_err(|e| format!("no thread for it: {e}"))?;
        let pid = started_rx
            .recv()
            .map_err(|_| "its thread ended".to_string())??;
        Ok(Worker {
            requests: Some(request_tx),
            replies: reply_rx,
            pid,
            stderr,
            stderr_done,
            warnings,
            killed: false,
        })
    }

    /// Queues a request; false if the worker has ended.
    pub(super) fn request(&mut self, request: Request) -> bool {
        match &self.requests {
            Some(tx) => tx.send(request).is_ok(),
            None => false,
        }
    }

    /// SIGKILL to the process (its worker's read then fails), and the
    /// worker is let go: it drops the rsmt2 solver, which reaps the
    /// process. The kill comes first: until rsmt2 reaps it, the PID cannot
    /// be reused by another process.
    pub(super) fn kill(&mut self) {
        if !self.killed {
            self.killed = true;
            if let Some(pid) = self.pid {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .status();
            }
        }
        self.requests = None;
    }

    /// Bytes the process has written so far (`/proc/PID/io`).
    pub(super) fn written(&self) -> Option<u64> {
        let io = std::fs::read_to_string(format!("/proc/{}/io", self.pid?)).ok()?;
        io.lines()
            .find_map(|l| l.strip_prefix("wchar:"))
            .and_then(|n| n.trim().parse().ok())
    }

    /// The exit status as `exit status 7` or `killed by signal 9`, waiting
    /// a little for the process to end; `None` if it is still running or
    /// unknown.
    pub(super) fn exit_status(&self) -> Option<String> {
        let pid = self.pid?;
        for _ in 0..50 {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // Fields after the command name `(...)`: state is field 3,
            // exit_code (waitpid's status word) field 52.
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            if fields.first() == Some(&"Z") {
                let code: i64 = fields.get(49)?.parse().ok()?;
                return Some(if code & 0x7f == 0 {
                    format!("exit status {}", (code >> 8) & 0xff)
                } else {
                    format!("killed by signal {}", code & 0x7f)
                });
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    /// The last non-empty lines of standard error, on one line (waiting a
    /// little for the stderr thread to read what an exiting process wrote).
    fn stderr_text(&self) -> String {
        for _ in 0..50 {
            if self.stderr_done.load(Ordering::SeqCst) {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let bytes = self.stderr.lock().map(|b| b.clone()).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let start = lines.len().saturating_sub(3);
        lines[start..].join(" / ")
    }
}

impl Worker {
    /// `; before that it warned: ...` with the last warnings the solver
    /// printed, or nothing.
    pub(super) fn warnings_note(&self) -> String {
        let kept = self.warnings.lock().map(|w| w.clone()).unwrap_or_default();
        if kept.is_empty() {
            String::new()
        } else {
            format!("; before that it warned: {}", kept.join(" "))
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the worker, which drops the rsmt2
        // solver: it sends `(exit)`, kills and reaps the process, all on
        // the worker's thread.
        self.requests = None;
    }
}

/// The only child of the calling thread (Linux): right after the thread
/// spawned the solver, that is the solver.
fn own_only_child() -> Option<u32> {
    let text = std::fs::read_to_string("/proc/thread-self/children").ok()?;
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [one] => one.parse().ok(),
        _ => None,
    }
}

/// A reading end of the process's standard error pipe (Linux: opening
/// `/proc/PID/fd/2` opens the pipe itself).
fn open_stderr(pid: u32) -> Option<std::fs::File> {
    std::fs::File::open(format!("/proc/{pid}/fd/2")).ok()
}

/// The stderr thread: keeps the last [`STDERR_TAIL_BYTES`] bytes.
fn read_stderr(mut pipe: std::fs::File, tail: Arc<Mutex<Vec<u8>>>, done: Arc<AtomicBool>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        if let Ok(mut t) = tail.lock() {
            t.extend_from_slice(&buf[..n]);
            if t.len() > STDERR_TAIL_BYTES {
                let cut = t.len() - STDERR_TAIL_BYTES;
                t.drain(..cut);
            }
        }
    }
    done.store(true, Ordering::SeqCst);
}

impl Solver {
    /// After a kill for a hanging query: a fresh worker and process, given
    /// the transcript; broken after [`MAX_RESTARTS`].
    pub(super) fn restart(&mut self, reason: &str) -> Result<(), SolverError> {
        self.worker = None;
        let allowed = if self.kind.has_native_timeout() {
            MAX_RESTARTS
        } else {
            MAX_TIMEOUT_RESTARTS
        };
        if self.kills_in_a_row >= allowed {
            return Err(self.fail(format!(
                "{reason}; gave up after {} restarts of the solver in a row",
                self.kills_in_a_row
            )));
        }
        self.restarts += 1;
        self.kills_in_a_row += 1;
        self.start_afresh()
            .map_err(|e| self.fail(format!("{reason}; {e}")))?;
        self.replay_transcript()
    }

    /// A fresh worker and process of the same solver in place of the
    /// current one; the error message if it cannot be started.
    pub(super) fn start_afresh(&mut self) -> Result<(), String> {
        let worker = start_worker(self.kind, &self.program, &self.args, self.log.as_deref())
            .map_err(|e| e.message)?;
        self.worker = Some(worker);
        self.process_queries = 0;
        Ok(())
    }

    /// Sends the transcript (what the process should hold) to a fresh
    /// process, without recording it again.
    pub(super) fn replay_transcript(&mut self) -> Result<(), SolverError> {
        let transcript = std::mem::take(&mut self.transcript);
        let sent = self.send_unrecorded(transcript.as_str());
        self.transcript = transcript;
        sent
    }

    /// "the solver z3 exited in the middle of the run (exit status 3): ...".
    pub(super) fn exit_message(&mut self) -> String {
        let name = self.kind.name();
        let Some(worker) = self.worker.as_ref() else {
            return format!("the solver {name} is not running");
        };
        let status = worker
            .exit_status()
            .unwrap_or_else(|| "its output ended".to_string());
        let stderr = worker.stderr_text();
        if stderr.is_empty() {
            format!("the solver {name} exited in the middle of the run ({status})")
        } else {
            format!("the solver {name} exited in the middle of the run ({status}): {stderr}")
        }
    }
}

/// The command-line arguments `kind` needs (incremental mode, timeout).
pub(super) fn solver_args(kind: SolverKind, timeout_ms: Option<u64>) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    match kind {
        SolverKind::Z3 => {
            args.push("-in".into());
            args.push("-smt2".into());
        }
        SolverKind::Yices => {
            // No `--timeout`: with it, yices-smt2 2.6.5 is 4-5x slower on
            // every incremental script we measured (the 9-diamond path
            // cover d9_s8: 0.76 s without, 4.1 s with; a 100-diamond
            // statement cover: 12 s against 52 s), whatever the value.
            // bicd's own watchdog enforces the per-query timeout instead
            // (see `Solver::query_limit`).
            args.push("--incremental".into());
        }
        SolverKind::Cvc5 => {
            args.push("--incremental".into());
            args.push("--produce-models".into());
            args.push("--lang".into());
            args.push("smt2".into());
            // Without it cvc5 substitutes the definitions `R_b = ...`
            // away and get-value of R_b evaluates the expanded terms:
            // 20x slower on a chain of 100 diamonds.
            args.push("--simplification=none".into());
            if let Some(ms) = timeout_ms {
                args.push(format!("--tlimit-per={ms}"));
            }
        }
    }
    args
}

/// `log` for the first solver process started, `log.N` for the N-th.
fn numbered_log(log: &Path) -> PathBuf {
    static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = STARTED.fetch_add(1, Ordering::SeqCst) + 1;
    if n == 1 {
        log.to_path_buf()
    } else {
        let mut name = log.as_os_str().to_owned();
        name.push(format!(".{n}"));
        PathBuf::from(name)
    }
}

/// Starts the solver process (through rsmt2, on a fresh worker thread),
/// with everything sent to it copied to `log`, if given: the first
/// process of this run writes `log` itself, the later ones (a restart,
/// the dead-code proof's own solver, another procedure) `log.2`,
/// `log.3`, ..., so that no log overwrites another.
pub(super) fn start_worker(
    kind: SolverKind,
    program: &str,
    args: &[String],
    log: Option<&Path>,
) -> Result<Worker, SolverError> {
    Worker::start(program, args, log.map(numbered_log)).map_err(|e| {
        SolverError::new(format!(
            "could not start the solver {} (`{program}`): {e}",
            kind.name()
        ))
    })
}

/// The executable for `kind`, with pyenv shims resolved once per run and
/// solver: a shim is a shell script that runs some 40 programs (52 ms
/// per start on an idle machine, against 2 ms for the solver itself).
/// z3 is started again and again (the switch from yices, a twin, each
/// round's over-approximation of stratified inlining: 10 times in 20 s
/// on an SDV harness), and PyPI's z3 and yices both land behind shims
/// where pyenv manages Python.
pub(super) fn resolve_program(kind: SolverKind) -> Option<PathBuf> {
    static RESOLVED: [OnceLock<Option<PathBuf>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match kind {
        SolverKind::Z3 => 0,
        SolverKind::Yices => 1,
        SolverKind::Cvc5 => 2,
    };
    RESOLVED[slot]
        .get_or_init(|| {
            let found = find_in_path(kind.program())?;
            resolve_pyenv_shim(&found, kind.program()).or(Some(found))
        })
        .clone()
}

fn resolve_pyenv_shim(found: &Path, program: &str) -> Option<PathBuf> {
    let in_shims = found
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == "shims");
    if !in_shims {
        return None;
    }
    let out = std::process::Command::new("pyenv")
        .args(["which", program])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    path.is_file().then_some(path)
}
