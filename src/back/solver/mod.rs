//! One incremental SMT solver process, spoken to in SMT-LIB2 through rsmt2.
//!
//! Takes: a [`SolverKind`] (z3, yices, cvc5), an optional per-query
//! timeout, optionally the solver's executable ([`Solver::spawn_logged`]) and
//! a deadline for the whole run ([`Solver::set_deadline`]). Gives:
//! [`Solver`], a live solver process that accepts raw SMT-LIB text
//! (declarations, assertions), answers [`Solver::check_sat_assuming`] with
//! a [`SatAnswer`], and reads model values with one `get-value` per call
//! ([`Solver::get_values`]). design.md, "Where the solver fits": one
//! process per analysed procedure, used incrementally (check-sat-assuming,
//! push/pop), never restarted per query; `unknown`, a timeout or a crash is
//! reported as such.
//!
//! Entry: [`Solver::spawn_logged`] (or [`Solver::spawn`]); then
//! [`Solver::set_logic_for`], [`Solver::send`], [`Solver::check_sat_assuming`]
//! and [`Solver::get_values`]. Parts: `process` (the process on its worker
//! thread, restarts), `watchdog` (time limits, [`Deadline`]), `answers`
//! (reading answers, `(error ...)`, warnings) and `model` (model values,
//! [`conform_value`]).
//!
//! Faults (issue 7). Nothing here blocks forever:
//! - The caller waits for each reply of the worker with a time limit
//!   (`recv_timeout`). Commands that print nothing are not waited for; a
//!   solver that stops reading them blocks only the worker, and the next
//!   query's limit covers that too.
//! - rsmt2 does not expose the process (`Child`). The worker spawns it and
//!   right after that reads its own thread's children from
//!   `/proc/thread-self/children` (Linux): that list holds exactly the new
//!   solver. Knowing the PID, bicd can kill the process (SIGKILL, with the
//!   `kill` program: bicd has no libc binding), read its exit status from
//!   `/proc/PID/stat` (rsmt2 reaps it only when dropped, so it stays a
//!   zombie until then) and its standard error from `/proc/PID/fd/2` (rsmt2
//!   pipes it and never reads it; a thread of ours keeps its last few KiB).
//!   Without `/proc` (not Linux) the PID is unknown: timeouts are then soft
//!   only — a hanging worker is abandoned (never waited for) and its process
//!   lives until bicd exits; messages quote no stderr and no exit status.
//! - Per query, z3's and cvc5's own timeout (`timeout_ms`) makes them
//!   answer `unknown`. If one does not answer by [`hard_query_limit`] (the
//!   timeout rounded up to whole seconds, plus a grace, plus a second per
//!   500 kB sent since the last answer), the process is killed, which
//!   makes the worker's blocked read fail; a fresh worker and process are
//!   started and given what the old one held (the transcript: everything
//!   sent so far but the scopes popped since), and the
//!   query is `unknown` ("killed"). yices gets no timeout of its own (it
//!   makes yices 4-5x slower): the same kill and fresh start happen at
//!   `timeout_ms` itself. After [`MAX_RESTARTS`](process::MAX_RESTARTS)
//!   kills in a row (no query answered in between;
//!   [`MAX_TIMEOUT_RESTARTS`](process::MAX_TIMEOUT_RESTARTS) for yices)
//!   the solver is broken.
//! - At the run's deadline the process is killed and the solver is broken
//!   with a message naming the time limit.
//! - A solver that exits, prints `(error ...)` or an answer rsmt2 cannot
//!   parse is broken: every later call fails with the same [`SolverError`]
//!   (which quotes the last warnings it printed, if any). Warnings alone
//!   are harmless.
//! - While waiting, bicd reads how much the process has written
//!   (`/proc/PID/io`, `wchar`) and kills it when that exceeds
//!   [`MAX_ANSWER_BYTES`](answers::MAX_ANSWER_BYTES) in one query
//!   (bounded memory); [`AnswerReader`](answers::AnswerReader) also stops
//!   at that size by itself.

mod answers;
pub mod cores;
mod model;
mod process;
mod transcript;
mod watchdog;

use crate::back::smt::find_in_path;
use crate::ir::testcase::Value;
use answers::Fault;
use process::{resolve_program, solver_args, start_worker, Reply, Request, Worker};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use transcript::Transcript;
use watchdog::{format_duration, NoAnswer};

pub use super::smt::SolverKind;
pub use model::conform_value;

pub use watchdog::{hard_query_limit, parse_duration, Deadline};

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

/// z3's options for VCs with quantifiers, as Boogie sets them: no
/// automatic configuration, instantiation by patterns only (no model-based
/// quantifier instantiation), Boogie's case splitting and eager threshold;
/// and maps without extensionality, as Boogie encodes them (its maps are
/// functions with the two select-over-store axioms): on a HAVOC driver z3
/// otherwise makes tens of thousands of extensionality instances per
/// query and times out. Dropping facts keeps every `unsat` an `unsat`;
/// a model may then break extensionality or a quantifier, so every model
/// is a candidate (see [`Solver::has_candidate_model`]).
const EMATCHING_OPTIONS: &str = "(set-option :smt.auto_config false)\n\
(set-option :smt.array.extensional false)\n\
(set-option :smt.mbqi false)\n\
(set-option :smt.case_split 3)\n\
(set-option :smt.delay_units true)\n\
(set-option :smt.qi.eager_threshold 100)\n";

/// z3's options for every VC: no solving of equalities inside
/// disjunctions while preprocessing. A reachability VC is one equality
/// per block (`W_b = (and ... (or W_s ...))`), and on a SMACK driver of
/// 3,000 blocks that step alone took 8.3 of the 9.4 s one query took
/// (1.6 s without it; docs/experiments.md, "Session 15").
const Z3_OPTIONS: &str = "(set-option :tactic.solve_eqs.context_solve false)\n";

/// See [`Solver::mbqi_gave_up`].
const MBQI_GIVE_UP: usize = 2;

/// How many model-based questions ([`Solver::check_sat_with_mbqi`]) went
/// unanswered in a row, and whether the one on the declarations alone
/// ever did ([`Solver::declarations_unanswered`]), shared by the solver
/// processes given it ([`Solver::share_mbqi_record`]); clones share both.
#[derive(Clone, Debug, Default)]
pub struct MbqiRecord {
    in_a_row: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    declarations: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl MbqiRecord {
    fn count(&self) -> usize {
        self.in_a_row.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn unanswered(&self) {
        self.in_a_row
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    fn answered(&self) {
        self.in_a_row.store(0, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The answer to one satisfiability query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatAnswer {
    Sat,
    Unsat,
    /// The solver answered `unknown` (incomplete theory or timeout): why.
    Unknown(String),
}

/// A live solver process.
pub struct Solver {
    kind: SolverKind,
    timeout_ms: Option<u64>,
    /// The per-query timeout the solver was started with.
    started_timeout_ms: Option<u64>,
    /// The executable and its arguments, for a fresh start after a kill.
    program: String,
    args: Vec<String>,
    /// Where everything sent is copied ([`Solver::spawn_logged`]), also
    /// after a fresh start.
    log: Option<PathBuf>,
    /// The rsmt2 solver's worker; `None` after a kill that could not be
    /// followed by a fresh start.
    worker: Option<Worker>,
    /// What the process holds of everything sent since the start (or
    /// the last reset): replayed into a fresh process after a kill, a
    /// switch or a refresh.
    transcript: Transcript,
    /// Queries answered by this process (not counting those of the
    /// processes before it).
    process_queries: usize,
    restarts: usize,
    /// Kills since the last answered query.
    kills_in_a_row: usize,
    /// Bytes sent since the last answer: the solver may still be reading
    /// (and simplifying) them when a query starts.
    pending_bytes: usize,
    deadline: Option<Deadline>,
    /// Set after the first error: the process is no longer trusted.
    broken: Option<SolverError>,
    logic: Option<&'static str>,
    /// z3 is set up for quantifiers as Boogie sets it up: instantiation by
    /// the patterns (E-matching) only, no model-based instantiation.
    ematching: bool,
    /// The last `check-sat` answered `unknown` because quantifier
    /// instantiation ran out of instances: the solver holds a candidate
    /// model (see [`Solver::has_candidate_model`]).
    candidate_model: bool,
    /// [`Solver::check_sat_with_mbqi`] questions without an answer since
    /// the last one answered, counted with the other processes that share
    /// the record ([`Solver::share_mbqi_record`]).
    mbqi_unanswered: MbqiRecord,
    /// The VC has lambdas: z3's model-based instantiation is not asked
    /// about it (see [`Solver::mbqi_gave_up`]). Where lambdas are its only
    /// quantifiers, it answers no question in its incremental mode
    /// (`unknown`, or nothing within its time); beside quantified axioms,
    /// z3 5.4 answered `unsat` on a Dafny procedure whose VC, with each
    /// lambda written as an array constant and its quantified definition
    /// instead, it does not refute (`unknown`), and only under some random
    /// seeds: z3's model-based instantiation over lambdas has had wrong
    /// `unsat` answers (Z3Prover/z3#6748), and a block is called
    /// infeasible only on an `unsat` bicd trusts. docs/decisions.md,
    /// "Lambdas".
    has_lambdas: bool,
    queries: usize,
    time: Duration,
    /// The last `check-sat` was stopped at its per-query limit.
    last_query_stopped: bool,
    /// Why the run went on with z3 ([`Solver::switch_to_z3`]), for the
    /// report.
    switch_note: Option<String>,
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
        Solver::spawn_logged(kind, None, timeout_ms, None)
    }

    /// Starts the solver `kind`: the executable `program` if given (a path,
    /// or a name looked up on `PATH`: `--solver-command`), else the one
    /// on `PATH`; with the arguments `kind` needs; with everything sent to
    /// the solver copied to the file `log`, if given (rsmt2's tee; a fresh start after a kill
    /// writes the file anew, with the whole transcript).
    pub fn spawn_logged(
        kind: SolverKind,
        program: Option<&str>,
        timeout_ms: Option<u64>,
        log: Option<&Path>,
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
        Solver::start(
            kind,
            &program,
            &solver_args(kind, timeout_ms),
            timeout_ms,
            log,
        )
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
        Solver::start(kind, program, args, timeout_ms, None)
    }

    /// A second process of the same solver holding what this one holds
    /// (its transcript replayed), with the same timeout, deadline and
    /// set-up, not logged: a twin to ask other questions of the same VC
    /// at the same time ([`Solver::check_sat_assuming_while`]).
    pub fn fork(&self) -> Result<Solver, SolverError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let worker = start_worker(self.kind, &self.program, &self.args, None)?;
        let mut twin = Solver {
            kind: self.kind,
            timeout_ms: self.timeout_ms,
            started_timeout_ms: self.started_timeout_ms,
            program: self.program.clone(),
            args: self.args.clone(),
            log: None,
            worker: Some(worker),
            transcript: self.transcript.clone(),
            process_queries: 0,
            restarts: 0,
            kills_in_a_row: 0,
            pending_bytes: 0,
            deadline: self.deadline,
            broken: None,
            logic: self.logic,
            ematching: self.ematching,
            candidate_model: false,
            mbqi_unanswered: self.mbqi_unanswered.clone(),
            has_lambdas: self.has_lambdas,
            queries: 0,
            time: Duration::ZERO,
            last_query_stopped: false,
            switch_note: None,
        };
        twin.replay_transcript()?;
        Ok(twin)
    }

    /// Starts `program args...` (logged to `log`, if given) and sends the
    /// set-up commands for `kind`.
    fn start(
        kind: SolverKind,
        program: &str,
        args: &[String],
        timeout_ms: Option<u64>,
        log: Option<&Path>,
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
        let worker = start_worker(kind, program, args, log)?;
        let mut solver = Solver {
            kind,
            timeout_ms,
            started_timeout_ms: timeout_ms,
            program: program.to_string(),
            args: args.to_vec(),
            log: log.map(Path::to_path_buf),
            worker: Some(worker),
            transcript: Transcript::default(),
            process_queries: 0,
            restarts: 0,
            kills_in_a_row: 0,
            pending_bytes: 0,
            deadline: None,
            broken: None,
            logic: None,
            ematching: false,
            candidate_model: false,
            mbqi_unanswered: MbqiRecord::default(),
            has_lambdas: false,
            queries: 0,
            time: Duration::ZERO,
            last_query_stopped: false,
            switch_note: None,
        };
        let mut setup = String::from("(set-option :produce-models true)\n");
        if kind == SolverKind::Z3 {
            setup.push_str(Z3_OPTIONS);
        }
        if let (SolverKind::Z3, Some(ms)) = (kind, timeout_ms) {
            setup.push_str(&format!("(set-option :timeout {ms})\n"));
        }
        solver.send(&setup)?;
        Ok(solver)
    }

    pub fn kind(&self) -> SolverKind {
        self.kind
    }

    /// The executable this solver runs.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// The run's deadline: an answer not given by then is not waited for
    /// (the process is killed and the solver broken).
    pub(crate) fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// The run's deadline ([`Solver::set_deadline`]), if any.
    pub(crate) fn deadline(&self) -> Option<Deadline> {
        self.deadline
    }

    /// Whether the run has a deadline ([`Solver::set_deadline`]).
    pub(crate) fn has_deadline(&self) -> bool {
        self.deadline.is_some()
    }

    /// Number of check-sat queries answered so far.
    pub fn queries(&self) -> usize {
        self.queries
    }

    /// Wall-clock time spent sending to and waiting for the solver.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Declares the logic before anything else is declared: `QF_LIA`, or
    /// `QF_NIA` when the formulas multiply or divide two non-constant
    /// terms. yices needs one (for QF_NIA it uses its MCSAT engine, which
    /// supports check-sat-assuming and push/pop in 2.6.5); cvc5 otherwise
    /// warns on stderr (which nobody reads); z3 is left with its default
    /// (all theories). Calling it again with the same need does nothing; a
    /// solver set up for linear arithmetic is reset to the non-linear logic
    /// when asked (which drops every declaration and assertion made so
    /// far: call it before loading a program).
    pub fn set_logic(&mut self, nonlinear: bool) -> Result<(), SolverError> {
        self.set_logic_for(&crate::back::smt::Features::default(), nonlinear)
    }

    /// Like [`Solver::set_logic`], for a VC that may also need arrays,
    /// bit-vectors, uninterpreted sorts and functions, or quantifiers
    /// ([`crate::back::smt::Features::logic`]: yices `QF_AUFBVLIA` or `ALL`, cvc5
    /// `ALL`, z3 none).
    pub(crate) fn set_logic_for(
        &mut self,
        features: &crate::back::smt::Features,
        nonlinear: bool,
    ) -> Result<(), SolverError> {
        self.has_lambdas = features.lambdas;
        if self.kind == SolverKind::Z3 && features.quantifiers && !self.ematching {
            // As Boogie runs z3: patterns decide which instances are made,
            // so `unsat` comes fast on programs with many quantified axioms
            // (model-based instantiation spends its time building models
            // of them). A `sat` question then often ends `unknown` with a
            // candidate model, which the cover loops check by replay.
            self.send(EMATCHING_OPTIONS)?;
            self.ematching = true;
        }
        let Some(wanted) = features.logic(self.kind, nonlinear) else {
            return Ok(());
        };
        match self.logic {
            Some(l) if l == wanted || (l == "QF_NIA" && wanted == "QF_LIA") || l == "ALL" => Ok(()),
            Some(_) => {
                self.transcript.clear();
                self.ematching = false;
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
    /// commands that print nothing when they succeed. rsmt2 writes them on
    /// the worker thread; this does not wait for that. A rejected command
    /// shows up as an error at the next answer read, a failed write at the
    /// next query.
    pub fn send(&mut self, commands: &str) -> Result<(), SolverError> {
        self.send_unrecorded(commands)?;
        self.transcript.record(commands);
        Ok(())
    }

    /// [`Solver::send`] without adding to the transcript: for replaying
    /// it.
    pub(super) fn send_unrecorded(&mut self, commands: &str) -> Result<(), SolverError> {
        if commands.is_empty() {
            return Ok(());
        }
        let start = Instant::now();
        let queued = self.live()?.request(Request::Send(commands.to_string()));
        self.time += start.elapsed();
        if !queued {
            let why = self.exit_message();
            return Err(self.fail(why));
        }
        self.pending_bytes += commands.len();
        Ok(())
    }

    /// Queries answered by the current process since it started.
    pub(crate) fn process_queries(&self) -> usize {
        self.process_queries
    }

    /// A fresh process given the transcript, where the one running has
    /// answered many questions whose scopes are gone: yices, after 298
    /// window queries on SMACK's `__SMACK_and32`, did not answer in 30 s
    /// a question on the forward VC that a fresh process answers in
    /// 0.3 s (25 earlier queries: 0.5 s; 50: no answer). Nothing is asked
    /// again; only the commands whose effect still stands are sent.
    pub(crate) fn refresh(&mut self) -> Result<(), SolverError> {
        self.live()?;
        self.start_afresh().map_err(|e| self.fail(e))?;
        self.replay_transcript()
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

    /// `(check-sat-assuming (lits...))` (rsmt2's
    /// `check_sat_assuming_or_unk`): each literal is a Boolean constant or
    /// its negation `(not c)`. Without literals, `(check-sat)` (cvc5
    /// rejects an empty assumption list). A solver that does not answer
    /// within [`hard_query_limit`] is killed and started afresh: the answer
    /// is then `Unknown`.
    pub fn check_sat_assuming(&mut self, literals: &[&str]) -> Result<SatAnswer, SolverError> {
        self.check_sat_assuming_while(literals, || {})
    }

    /// [`Solver::check_sat_assuming`], doing `work` on this thread while
    /// the solver searches (the per-query limit counts from the question;
    /// `work` is done even when the question cannot be asked).
    pub fn check_sat_assuming_while(
        &mut self,
        literals: &[&str],
        work: impl FnOnce(),
    ) -> Result<SatAnswer, SolverError> {
        self.candidate_model = false;
        self.last_query_stopped = false;
        let ready = match self.live() {
            Err(e) => Err(e),
            Ok(_) => match self.deadline.filter(Deadline::passed) {
                Some(d) => Err(self.fail(d.message())),
                None => Ok(()),
            },
        };
        if let Err(e) = ready {
            work();
            return Err(e);
        }
        let request = Request::CheckSat(literals.iter().map(|l| l.to_string()).collect());
        let start = Instant::now();
        // The solver's time is the wait after the work (the work's own
        // time is the caller's, a twin solver's included).
        let mut worked = Duration::ZERO;
        let answer = self.ask_while(request, self.query_limit(), || {
            let clock = Instant::now();
            work();
            worked = clock.elapsed();
        });
        self.pending_bytes = 0;
        self.time += start.elapsed().saturating_sub(worked);
        self.queries += 1;
        self.process_queries += 1;
        let answer = match answer {
            Ok(Reply::CheckSat(answer)) => answer,
            Ok(_) => Err(Fault::Io("a reply out of order".into())),
            Err(NoAnswer::QueryLimit(limit)) => {
                let reason = if self.kind.has_native_timeout() {
                    format!(
                        "{} did not answer within {} (per-query timeout {} ms): killed",
                        self.kind.name(),
                        format_duration(limit),
                        self.timeout_ms.unwrap_or(0)
                    )
                } else {
                    format!(
                        "{} did not answer within the per-query timeout ({}): stopped",
                        self.kind.name(),
                        format_duration(limit)
                    )
                };
                self.restart(&reason)?;
                self.last_query_stopped = true;
                return Ok(SatAnswer::Unknown(reason));
            }
            Err(other) => {
                let why = self.no_answer_message(other, "a check-sat");
                return Err(self.fail(why));
            }
        };
        // A solver that answers is working: only kills in a row count
        // towards giving up on it.
        self.kills_in_a_row = 0;
        match answer {
            Ok(Some(true)) => {
                self.candidate_model = self.ematching;
                Ok(SatAnswer::Sat)
            }
            Ok(Some(false)) => Ok(SatAnswer::Unsat),
            Ok(None) if self.ematching => {
                let reason = self.reason_unknown()?;
                // Without extensionality (`EMATCHING_OPTIONS`) z3 may give
                // up on arrays (lambdas over records) as it gives up on
                // quantifiers: its model is a candidate either way.
                self.candidate_model = reason.contains("incomplete quantifiers")
                    || reason.contains("incomplete (theory array)");
                Ok(SatAnswer::Unknown(format!(
                    "{} answered unknown ({})",
                    self.kind.name(),
                    reason.trim_matches(|c: char| c == '(' || c == ')' || c == '"')
                )))
            }
            Ok(None) => Ok(SatAnswer::Unknown(self.unknown_reason())),
            Err(fault) => {
                let why = self.fault_message(fault, "check-sat");
                Err(self.fail(why))
            }
        }
    }

    /// The values of `terms` in the last model, in order, with one
    /// `get-value` command (rsmt2's `get_values`, values read by
    /// [`ModelReader`](model::ModelReader)). Only valid right after a
    /// `Sat` answer.
    pub fn get_values(&mut self, terms: &[String]) -> Result<Vec<Value>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        self.live()?;
        let start = Instant::now();
        let answer = self.ask(Request::GetValues(terms.to_vec()), self.query_limit());
        self.pending_bytes = 0;
        self.time += start.elapsed();
        let answer = match answer {
            Ok(Reply::Values(answer)) => answer,
            Ok(_) => Err(Fault::Io("a reply out of order".into())),
            Err(e) => {
                let why = self.no_answer_message(e, "a get-value");
                return Err(self.fail(why));
            }
        };
        match answer {
            Ok(values) if values.len() == terms.len() => {
                if self.kind == SolverKind::Yices && values.iter().any(model::names_yices_table) {
                    let tables = model::yices_tables(&self.function_tables()?);
                    return Ok(values
                        .into_iter()
                        .map(|v| model::resolve_yices_tables(v, &tables))
                        .collect());
                }
                Ok(values)
            }
            Ok(values) => Err(self.fail(format!(
                "the solver {} answered get-value with {} values for {} terms",
                self.kind.name(),
                values.len(),
                terms.len()
            ))),
            Err(fault) => {
                let why = self.fault_message(fault, "get-value");
                Err(self.fail(why))
            }
        }
    }

    /// [`Solver::set_query_timeout`] for yices too, whose per-query limit
    /// is bicd's own (the watchdog kills it and starts a fresh process
    /// with the transcript). cvc5 keeps its timeout.
    pub(crate) fn cap_query_time(&mut self, ms: Option<u64>) -> Result<(), SolverError> {
        if self.kind == SolverKind::Yices {
            self.timeout_ms = ms.or(self.started_timeout_ms);
            return Ok(());
        }
        self.set_query_timeout(ms)
    }

    /// The per-query limit in force (milliseconds; `None`: none), to be
    /// given back to [`Solver::cap_query_time`] after a temporary cap.
    pub(crate) fn query_time_cap(&self) -> Option<u64> {
        self.timeout_ms
    }

    /// yices only, right after a `check-sat` bicd stopped at its
    /// per-query limit: the rest of the run goes to z3 (on PATH), given
    /// the transcript, with the per-query timeout the run started with.
    /// For a question yices stalls on that z3 answers at once (a SMACK
    /// harness's whole VC: yices 21.8 s, z3 0.7 s). `why` (what yices did
    /// not do) goes into [`Solver::switch_note`]. False, and nothing
    /// changes, for another solver, after a query that was answered, or
    /// where z3 cannot be started.
    pub(crate) fn switch_to_z3(&mut self, why: &str) -> Result<bool, SolverError> {
        if self.kind != SolverKind::Yices || self.broken.is_some() || !self.last_query_stopped {
            return Ok(false);
        }
        let Some(program) = resolve_program(SolverKind::Z3) else {
            return Ok(false);
        };
        let program = program.to_string_lossy().into_owned();
        let args = solver_args(SolverKind::Z3, self.started_timeout_ms);
        let Ok(worker) = start_worker(SolverKind::Z3, &program, &args, self.log.as_deref()) else {
            return Ok(false);
        };
        self.worker = Some(worker);
        self.switch_note = Some(format!("solver z3 instead of yices: yices {why}"));
        self.kind = SolverKind::Z3;
        self.program = program;
        self.args = args;
        self.timeout_ms = None;
        self.kills_in_a_row = 0;
        self.process_queries = 0;
        let mut setup = String::from("(set-option :produce-models true)\n");
        setup.push_str(Z3_OPTIONS);
        let held = std::mem::take(&mut self.transcript);
        self.send(&setup)?;
        self.set_query_timeout(self.started_timeout_ms)?;
        let sent = self.send_unrecorded(held.as_str());
        self.transcript.append(held);
        sent.map(|()| true)
    }

    /// Why this solver is z3 though the run started with yices
    /// ([`Solver::switch_to_z3`]); `None` if it did not switch.
    pub fn switch_note(&self) -> Option<&str> {
        self.switch_note.as_deref()
    }

    /// The solver this one switched to ([`Solver::switch_to_z3`]), if it
    /// did: a later pass on the same program may start there.
    pub(crate) fn switched_to(&self) -> Option<SolverKind> {
        self.switch_note.as_ref().map(|_| self.kind)
    }

    /// z3 only (the one solver whose timeout can change between queries):
    /// sets the per-query timeout to `ms`, `None` for the one the solver
    /// was started with. Other solvers keep theirs.
    pub(crate) fn set_query_timeout(&mut self, ms: Option<u64>) -> Result<(), SolverError> {
        if self.kind != SolverKind::Z3 {
            return Ok(());
        }
        let ms = ms.or(self.started_timeout_ms);
        if ms == self.timeout_ms {
            return Ok(());
        }
        // z3's own default: no timeout.
        let text = ms.map_or("4294967295".to_string(), |ms| ms.to_string());
        self.send(&format!("(set-option :timeout {text})\n"))?;
        self.timeout_ms = ms;
        Ok(())
    }

    /// Right after a `check-sat`: whether the solver holds a *candidate*
    /// model, one that satisfies the ground part of the query and every
    /// instance made, not necessarily the quantifiers or (in E-matching
    /// mode) map extensionality: after an `unknown` because quantifier
    /// instantiation found nothing more to do (z3's "incomplete
    /// quantifiers"), and after every `sat` in E-matching mode. A test
    /// taken from it must be checked by replay before it is believed.
    pub fn has_candidate_model(&self) -> bool {
        self.candidate_model
    }

    /// z3 in E-matching mode only ([`Solver::has_candidate_model`]): asks
    /// `check-sat-assuming literals` with model-based quantifier
    /// instantiation, within `timeout_ms` (at most the per-query timeout),
    /// which answers `sat` only with a model it has checked against every
    /// quantifier. After `Sat` the solver holds that model (still a
    /// candidate for map extensionality, which replay checks). The solver
    /// is left in E-matching mode. docs/decisions.md, "Candidate models".
    pub fn check_sat_with_mbqi(
        &mut self,
        literals: &[&str],
        timeout_ms: u64,
    ) -> Result<SatAnswer, SolverError> {
        self.check_sat_with_mbqi_while(literals, timeout_ms, || {})
    }

    /// [`Solver::check_sat_with_mbqi`], doing `work` on this thread while
    /// the solver searches (as [`Solver::check_sat_assuming_while`]); the
    /// work is done whatever the answer.
    pub fn check_sat_with_mbqi_while(
        &mut self,
        literals: &[&str],
        timeout_ms: u64,
        work: impl FnOnce(),
    ) -> Result<SatAnswer, SolverError> {
        if !self.ematching {
            work();
            return Ok(SatAnswer::Unknown(format!(
                "{} is not in E-matching mode",
                self.kind.name()
            )));
        }
        let before = self.timeout_ms;
        // A luxury: at most a quarter of the time left before the
        // deadline, so that the questions that decide goals get the rest
        // (with 80 procedures in 20 s, a procedure's share is 0.25 s).
        let timeout_ms = match self.deadline {
            Some(d) => {
                let left = d.at.saturating_duration_since(Instant::now()) / 4;
                timeout_ms.min(u64::try_from(left.as_millis()).unwrap_or(u64::MAX).max(1))
            }
            None => timeout_ms,
        };
        if let Err(e) = self
            .set_query_timeout(Some(before.map_or(timeout_ms, |t| t.min(timeout_ms))))
            .and_then(|()| self.send("(set-option :smt.mbqi true)\n"))
        {
            work();
            return Err(e);
        }
        let answer = self.check_sat_assuming_while(literals, work);
        let sat = answer == Ok(SatAnswer::Sat);
        match answer {
            Ok(SatAnswer::Unknown(_)) => self.mbqi_unanswered.unanswered(),
            _ => self.mbqi_unanswered.answered(),
        }
        // The model of the last check-sat stays readable after these.
        self.send("(set-option :smt.mbqi false)\n")?;
        self.set_query_timeout(before)?;
        self.candidate_model = sat;
        answer
    }

    /// Model-based instantiation has not answered the last
    /// [`MBQI_GIVE_UP`] questions ([`Solver::check_sat_with_mbqi`]): it
    /// cannot build models of the VCs this process is given (on a HAVOC
    /// driver with an inconsistent axiom there are none), and asking again
    /// only costs time. Nor is it asked about a VC with lambdas (see
    /// `has_lambdas`): E-matching's candidate models then go to replay,
    /// which evaluates lambdas.
    pub fn mbqi_gave_up(&self) -> bool {
        self.has_lambdas || self.mbqi_unanswered.count() >= MBQI_GIVE_UP
    }

    /// Model-based instantiation once could not tell whether the
    /// declarations of this program's VC (its axioms, the distinctness of
    /// its unique constants, an entry's assumptions) have a model
    /// ([`Solver::declarations_went_unanswered`]): it is not asked again,
    /// not in a later round of stratified inlining (the same declarations,
    /// with more variables) nor for another entry (the same axioms). On
    /// SDV's harnesses each asking cost a second of a 20 s limit, in the
    /// probe and again in each of the first two rounds.
    pub fn declarations_unanswered(&self) -> bool {
        self.mbqi_unanswered
            .declarations
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The question on the declarations, not asked again
    /// ([`Solver::declarations_unanswered`]), counts as unanswered once
    /// more towards [`Solver::mbqi_gave_up`], as it would have been: else
    /// the questions that confirm candidate models go on where they had
    /// stopped after two such, and on SDV's harnesses they took the time
    /// of runs near a test (`61883_irqlreturn_0` 637 → 203 covered).
    pub fn declarations_unanswered_again(&mut self) {
        self.mbqi_unanswered.unanswered();
    }

    /// See [`Solver::declarations_unanswered`].
    pub fn declarations_went_unanswered(&self) {
        self.mbqi_unanswered
            .declarations
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Counts this process's unanswered model-based questions together
    /// with those of every process given the same `record`: the
    /// procedures of one program share its axioms, and where model-based
    /// instantiation cannot answer for the first procedures it cannot for
    /// the others either (a BCT program: 80 procedures, each paying 3 s
    /// of unanswered questions before giving up on its own).
    pub fn share_mbqi_record(&mut self, record: &MbqiRecord) {
        self.mbqi_unanswered = record.clone();
    }

    /// yices only: the `(function ...)` forms of its model, the tables of
    /// the arrays its `get-value` answers name (`@fun_N`).
    fn function_tables(&mut self) -> Result<String, SolverError> {
        let start = Instant::now();
        let text = self.text_answer(Request::FunctionTables, "get-model");
        self.time += start.elapsed();
        text
    }

    /// `(get-info :reason-unknown)`, as text: what the solver says.
    fn reason_unknown(&mut self) -> Result<String, SolverError> {
        let text = self.text_answer(Request::ReasonUnknown, "get-info")?;
        Ok(text
            .trim()
            .strip_prefix("(:reason-unknown")
            .unwrap_or(&text)
            .trim()
            .trim_end_matches(')')
            .trim()
            .to_string())
    }

    /// The text the solver answers `request` (`command`, for messages);
    /// no answer breaks the solver.
    fn text_answer(&mut self, request: Request, command: &str) -> Result<String, SolverError> {
        match self.ask(request, self.query_limit()) {
            Ok(Reply::Info(Ok(text))) => Ok(text),
            Ok(Reply::Info(Err(fault))) => {
                let why = self.fault_message(fault, command);
                Err(self.fail(why))
            }
            Ok(_) => Err(self.fail("a reply out of order".into())),
            Err(e) => {
                let why = self.no_answer_message(e, &format!("a {command}"));
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

    fn live(&mut self) -> Result<&mut Worker, SolverError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let name = self.kind.name();
        self.worker
            .as_mut()
            .ok_or_else(|| SolverError::new(format!("the solver {name} is not running")))
    }

    /// Records the first error: the process is not trusted any more.
    fn fail(&mut self, message: String) -> SolverError {
        let e = SolverError::new(message);
        if self.broken.is_none() {
            self.broken = Some(e.clone());
        }
        if let Some(w) = self.worker.as_mut() {
            w.kill();
        }
        self.broken.clone().unwrap_or(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solver PyPI installed where pyenv manages Python is found behind
    /// a shim (a shell script); bicd runs the executable the shim would,
    /// found once per run and solver.
    #[test]
    fn a_solver_behind_a_pyenv_shim_runs_directly() {
        for kind in SolverKind::all() {
            let Some(found) = find_in_path(kind.program()) else {
                continue;
            };
            let shim = found
                .parent()
                .and_then(|p| p.file_name())
                .is_some_and(|n| n == "shims");
            let Some(resolved) = resolve_program(kind) else {
                panic!("{} is on PATH but not resolved", kind.name());
            };
            assert!(resolved.is_file(), "{}", resolved.display());
            if shim
                && std::process::Command::new("pyenv")
                    .arg("--version")
                    .output()
                    .is_ok()
            {
                let dir = resolved.parent().and_then(|p| p.file_name());
                assert!(
                    dir.is_none_or(|n| n != "shims"),
                    "{} still behind its shim: {}",
                    kind.name(),
                    resolved.display()
                );
            }
            assert_eq!(resolve_program(kind), Some(resolved), "resolved once");
        }
    }

    /// A temporary cap on the per-query time gives back the limit that was
    /// in force, for yices (bicd's own watchdog) and z3 (its option).
    #[test]
    fn a_temporary_query_cap_gives_back_the_limit_in_force() {
        for kind in [SolverKind::Yices, SolverKind::Z3] {
            let Ok(mut solver) = Solver::spawn(kind, Some(10_000)) else {
                eprintln!("{} is not installed: skipped", kind.name());
                continue;
            };
            let before = solver.query_time_cap();
            assert_eq!(before, Some(10_000));
            solver.cap_query_time(Some(1_000)).unwrap();
            assert_eq!(solver.query_time_cap(), Some(1_000));
            solver.cap_query_time(before).unwrap();
            assert_eq!(solver.query_time_cap(), Some(10_000));
            solver.set_logic(false).unwrap();
            solver.declare_const("x", "Int").unwrap();
            solver.assert("(> x 3)").unwrap();
            assert_eq!(solver.check_sat_assuming(&[]).unwrap(), SatAnswer::Sat);
        }
    }

    /// The question on a program's declarations, once unanswered, is
    /// not asked again by any solver process of that program (but still
    /// counts towards giving up); another program's record starts
    /// afresh.
    #[test]
    fn an_unanswered_question_on_the_declarations_holds_for_the_whole_program() {
        let (Ok(mut first), Ok(mut second), Ok(mut other)) = (
            Solver::spawn(SolverKind::Z3, None),
            Solver::spawn(SolverKind::Z3, None),
            Solver::spawn(SolverKind::Z3, None),
        ) else {
            eprintln!("z3 is not installed: skipped");
            return;
        };
        let program = MbqiRecord::default();
        first.share_mbqi_record(&program);
        second.share_mbqi_record(&program.clone());
        other.share_mbqi_record(&MbqiRecord::default());
        assert!(!second.declarations_unanswered());
        first.declarations_went_unanswered();
        assert!(first.declarations_unanswered());
        assert!(second.declarations_unanswered());
        assert!(!other.declarations_unanswered());
        // Not asked again, it counts as unanswered towards giving up, as
        // two unanswered questions in a row did.
        assert!(!second.mbqi_gave_up());
        second.declarations_unanswered_again();
        assert!(!first.mbqi_gave_up());
        second.declarations_unanswered_again();
        assert!(first.mbqi_gave_up());
        assert!(!other.mbqi_gave_up());
    }

    /// A twin holds what its original holds (scopes included), answers
    /// its own questions while the original answers one, and goes its own
    /// way after.
    #[test]
    fn a_twin_answers_beside_its_original() {
        let kinds: Vec<SolverKind> = [SolverKind::Yices, SolverKind::Z3]
            .into_iter()
            .filter(|k| resolve_program(*k).is_some())
            .collect();
        for kind in kinds {
            let mut solver = Solver::spawn(kind, Some(10_000)).expect("installed");
            solver.set_logic(false).expect("logic");
            solver
                .send("(declare-const x Int)\n(assert (> x 3))\n(push 1)\n(assert (< x 6))\n")
                .expect("sent");
            let mut twin = solver.fork().expect("a twin");
            twin.send("(assert (= x 5))\n").expect("sent");
            let mut beside = None;
            let answer = solver.check_sat_assuming_while(&[], || {
                beside = Some(twin.check_sat_assuming(&[]).and_then(|a| {
                    let values = twin.get_values(&["x".to_string()])?;
                    Ok((a, values))
                }));
            });
            assert_eq!(answer, Ok(SatAnswer::Sat), "{kind}");
            let (twin_answer, twin_values) = beside.expect("done").expect("answered");
            assert_eq!(twin_answer, SatAnswer::Sat, "{kind}");
            assert_eq!(twin_values, [Value::Int(5.into())], "{kind}");
            // The original holds neither the twin's `x = 5` nor anything
            // it does next.
            solver.send("(assert (not (= x 5)))\n").expect("sent");
            assert_eq!(solver.check_sat_assuming(&[]), Ok(SatAnswer::Sat), "{kind}");
            assert_eq!(
                solver.get_values(&["x".to_string()]),
                Ok(vec![Value::Int(4.into())]),
                "{kind}"
            );
            assert_eq!(twin.check_sat_assuming(&[]), Ok(SatAnswer::Sat), "{kind}");
            // The scope is the twin's too.
            twin.pop().expect("popped");
            twin.send("(assert (> x 100))\n").expect("sent");
            assert_eq!(twin.check_sat_assuming(&[]), Ok(SatAnswer::Sat), "{kind}");
            assert_eq!(twin.queries(), 3, "{kind}");
            assert_eq!(solver.queries(), 2, "{kind}");
        }
    }
}
