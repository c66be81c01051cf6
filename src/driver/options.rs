//! What the user asked of an analysis: bound, cover mode, calls, solver,
//! limits, entries.
//!
//! Takes: nothing (data types only). Gives: [`Options`] (one per run of
//! `bicd cover`), [`CallMode`] and [`SummarySettings`]. design.md,
//! "Calls"; the README's "Usage" explains each option.

use crate::back::cover::{CoverMode, SearchMode};
use crate::back::solver::{Deadline, MbqiRecord, SolverKind};
use crate::ir::passive::BlockKey;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

/// How calls are handled (design.md, "Calls").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// Copy the callee's body into the caller.
    Inline,
    /// Replace calls by the callee's summary ([`crate::driver::summary`]).
    Summary(SummarySettings),
    /// Inline calls on demand ([`crate::driver::stratified`]).
    Stratified,
}

impl CallMode {
    pub fn name(self) -> &'static str {
        match self {
            CallMode::Inline => "inline",
            CallMode::Summary(_) => "summary",
            CallMode::Stratified => "stratified",
        }
    }
}

/// What the user asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub unwind: u32,
    pub mode: CoverMode,
    pub calls: CallMode,
    pub solver: SolverKind,
    /// Per-query solver timeout (the solver's own; a solver that does not
    /// answer within [`crate::back::solver::hard_query_limit`] is killed).
    pub timeout_ms: Option<u64>,
    /// The solver's executable (`--solver-command`); `None`: the one on
    /// `PATH` for `solver`.
    pub solver_command: Option<String>,
    /// Copy everything sent to each solver to this file (`BICD_SMT_LOG`, a
    /// debugging and measuring aid; the first solver process writes the
    /// file, each later one `FILE.2`, `FILE.3`, ...).
    pub smt_log: Option<PathBuf>,
    /// The whole run's deadline (`--time-limit`): what is found by then is
    /// kept, goals still open are `Unknown`.
    pub deadline: Option<Deadline>,
    /// Path mode: stop after this many tests.
    pub max_tests: Option<usize>,
    /// Procedures to analyse; empty means every procedure with a body.
    pub entries: Vec<String>,
    /// Loop-iteration coverage (`--loop-coverage`, issue 20): for every
    /// loop and every count 0..=unwind, a test that leaves the loop after
    /// going around it that many times, or a proof that none does within
    /// the bound. Statement cover with calls inlined only.
    pub loop_coverage: bool,
    /// Model-based questions unanswered in a row, shared by the solver
    /// processes of one program (see [`MbqiRecord`]; each program analysed
    /// starts afresh).
    pub mbqi_record: MbqiRecord,
    /// Whether search-based cover runs beside the solver (`--search`,
    /// issue 21; [`SearchMode`]).
    pub search: SearchMode,
    /// Blocks that the analyses of their own procedures as entries, earlier
    /// in this run, proved infeasible: statement cover takes them as
    /// decided (see [`super::dead_as_entries`]; empty unless
    /// [`super::analyze_program_jobs`] fills it).
    pub dead_as_entries: Arc<BTreeSet<BlockKey>>,
}

impl Options {
    /// What `bicd cover` runs by default, on `solver`: `--unwind 3`,
    /// statement cover, calls inlined, the search on; no time limit, no
    /// per-query timeout, no SMT log, every procedure with a body.
    /// Change the rest with struct update syntax: `Options { unwind: 2,
    /// ..Options::new(SolverKind::Z3) }`.
    pub fn new(solver: SolverKind) -> Options {
        Options {
            unwind: 3,
            mode: CoverMode::Statements,
            calls: CallMode::Inline,
            solver,
            timeout_ms: None,
            solver_command: None,
            smt_log: None,
            deadline: None,
            max_tests: None,
            entries: Vec::new(),
            loop_coverage: false,
            mbqi_record: MbqiRecord::default(),
            search: SearchMode::default(),
            dead_as_entries: Arc::default(),
        }
    }
}

/// How summary mode runs (`--summary-mode`, refinement bound, confirmation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SummarySettings {
    /// The cover that builds summaries: statements or paths.
    pub mode: CoverMode,
    /// At most this many refinement rounds per analysed procedure.
    pub rounds: u32,
    /// At most this many new preconditions per call site per round.
    pub per_site: usize,
    /// Re-check blocks left uncovered with every call inlined.
    pub confirm: bool,
}

impl Default for SummarySettings {
    fn default() -> Self {
        SummarySettings {
            mode: CoverMode::Statements,
            rounds: 8,
            per_site: 4,
            confirm: false,
        }
    }
}
