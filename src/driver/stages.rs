//! The stages of the pipeline, one function each, timed: what every driver
//! of bicd (`bicd cover` in either call mode, `bicd cfg`, `bicd bench`,
//! `cargo bench`) composes, so that the pipeline is written once.
//!
//! Takes: source text, a resolved [`Program`], an entry procedure, a
//! solver. Gives: in order, [`load_program`] (front end), [`prepare`]
//! (middle end and VC: a [`PreparedEntry`]), [`cover`] (the cover loop over
//! the solver) and [`replay_tests`] (the trusted oracle), each adding its
//! time to a [`StageTimes`]. design.md, "The pipeline".

use super::options::Options;
use super::results::ReplayFailure;
use crate::back::cover::{self as cover_loop, CoverLimits, CoverMode, CoverResult};
use crate::back::solver::{Deadline, Solver, SolverError, SolverKind};
use crate::back::vc::{reachability_vc, ReachabilityVc};
use crate::ir::passive::PassiveProgram;
use crate::ir::testcase::TestCase;
use crate::ir::{ProcId, Program};
use crate::source::{Diagnostic, FileId, SourceMap};
use std::time::{Duration, Instant};

/// Time spent in each stage (summed over programs and entries), and what
/// the cover loops found: the table of `bicd bench --stages` and `cargo
/// bench`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageTimes {
    pub programs: usize,
    /// Parse, resolve and lower ([`crate::front::load_program`]).
    pub front_end: Duration,
    /// Unwind, inline, passify ([`crate::middle::prepare_entry`]).
    pub middle: Duration,
    /// The reachability VC ([`crate::back::vc::reachability_vc`]).
    pub vc: Duration,
    /// The cover loop, solver included.
    pub cover: Duration,
    /// Of `cover`: time spent talking to the solver.
    pub solver: Duration,
    /// Replaying every test on the original program.
    pub replay: Duration,
    pub queries: usize,
    pub tests: usize,
    pub infeasible: usize,
}

impl StageTimes {
    /// The whole pipeline: every stage, the cover loop with its solver.
    pub fn total(&self) -> Duration {
        self.front_end + self.middle + self.vc + self.cover + self.replay
    }

    /// Adds `other`'s times and counts to these.
    pub fn add(&mut self, other: &StageTimes) {
        self.programs += other.programs;
        self.front_end += other.front_end;
        self.middle += other.middle;
        self.vc += other.vc;
        self.cover += other.cover;
        self.solver += other.solver;
        self.replay += other.replay;
        self.queries += other.queries;
        self.tests += other.tests;
        self.infeasible += other.infeasible;
    }
}

/// The front end: file `file` of `sources` parsed, resolved, type-checked
/// and lowered to CFGs.
pub fn load_program(
    sources: &SourceMap,
    file: FileId,
    times: &mut StageTimes,
) -> Result<Program, Vec<Diagnostic>> {
    let clock = Instant::now();
    let program = crate::front::load_program(sources, file);
    times.front_end += clock.elapsed();
    program
}

/// Which procedures to analyse: `entries` by name, or all with a body.
pub fn select_entries(program: &Program, entries: &[String]) -> Result<Vec<ProcId>, String> {
    if entries.is_empty() {
        return Ok((0..program.procedures.len())
            .map(ProcId)
            .filter(|&p| program.proc(p).body.is_some())
            .collect());
    }
    let mut out = Vec::new();
    for name in entries {
        match program.proc_by_name(name) {
            Some(p) if program.proc(p).body.is_some() => out.push(p),
            Some(_) => return Err(format!("procedure `{name}` has no body to analyse")),
            None => return Err(format!("no procedure named `{name}`")),
        }
    }
    Ok(out)
}

/// One entry procedure taken through the middle end, with its VC.
pub struct PreparedEntry {
    pub entry: ProcId,
    pub passive: PassiveProgram,
    pub vc: ReachabilityVc,
}

/// The middle end (unwind `unwind` times, inline, passify) and the VC for
/// `entry`. An error is about the input (an irreducible CFG).
pub fn prepare(
    program: &Program,
    entry: ProcId,
    unwind: u32,
    times: &mut StageTimes,
) -> Result<PreparedEntry, Diagnostic> {
    let clock = Instant::now();
    let passive = crate::middle::prepare_entry(program, entry, unwind)?;
    times.middle += clock.elapsed();
    Ok(with_vc(entry, passive, times))
}

/// The VC of a passive program that a driver built itself (summary mode
/// inlines under a call policy of its own).
pub fn with_vc(entry: ProcId, passive: PassiveProgram, times: &mut StageTimes) -> PreparedEntry {
    let clock = Instant::now();
    let vc = reachability_vc(&passive);
    times.vc += clock.elapsed();
    PreparedEntry { entry, passive, vc }
}

/// The solver that answers about `vc` when the user asked for `asked`:
/// yices has no quantifiers, and its model values of arrays are opaque
/// (`@fun_6`) so no test could give a map's contents; for a VC with
/// quantifiers or maps, z3 answers instead. Nor does yices say when a
/// real in its model is irrational (non-linear real arithmetic: it prints
/// a decimal approximation of `x` in `x * x = 2.0`, which no test could
/// replay); z3 writes such a value as a `root-obj`, which bicd refuses to
/// read, so z3 answers for a VC with non-linear real arithmetic too.
pub fn solver_for(asked: SolverKind, vc: &ReachabilityVc) -> SolverKind {
    if asked == SolverKind::Yices
        && (vc.features.quantifiers || vc.features.arrays || (vc.features.reals && vc.nonlinear))
    {
        SolverKind::Z3
    } else {
        asked
    }
}

/// Why [`solver_for`] chose another solver than the one asked for.
pub fn solver_note(asked: SolverKind, chosen: SolverKind, vc: &ReachabilityVc) -> Option<String> {
    (chosen != asked).then(|| {
        format!(
            "solver {} instead of {}: the VC has {}",
            chosen.name(),
            asked.name(),
            if vc.features.quantifiers {
                "quantifiers"
            } else if vc.features.arrays {
                "maps"
            } else {
                "non-linear real arithmetic"
            }
        )
    })
}

/// A solver process of `kind` with the user's command, per-query timeout
/// and deadline; an error when the deadline has already passed.
pub fn start_solver(kind: SolverKind, options: &Options) -> Result<Solver, SolverError> {
    if let Some(d) = options.deadline.filter(Deadline::passed) {
        return Err(SolverError {
            message: format!("{} before this procedure was analysed", d.message()),
        });
    }
    let mut solver =
        Solver::spawn_with(kind, options.solver_command.as_deref(), options.timeout_ms)?;
    solver.set_deadline(options.deadline);
    Ok(solver)
}

/// The cover loop (`mode`) on `prepared` over `solver`.
pub fn cover(
    program: &Program,
    sources: &SourceMap,
    prepared: &PreparedEntry,
    solver: &mut Solver,
    mode: CoverMode,
    limits: &CoverLimits,
    times: &mut StageTimes,
) -> CoverResult {
    let clock = Instant::now();
    let result = cover_loop::cover(
        &prepared.passive,
        &prepared.vc,
        solver,
        mode,
        limits,
        &program.proc(prepared.entry).name,
        sources,
    );
    times.cover += clock.elapsed();
    times.solver += result.solver_time;
    times.queries += result.queries;
    times.tests += result.tests.len();
    times.infeasible += result
        .blocks
        .values()
        .filter(|v| matches!(v, cover_loop::BlockVerdict::Infeasible))
        .count();
    result
}

/// Every test of `entry` replayed on the original program by the trusted
/// interpreter; the tests that do not replay (a bug in bicd).
pub fn replay_tests(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    tests: &[TestCase],
    times: &mut StageTimes,
) -> Vec<ReplayFailure> {
    let clock = Instant::now();
    let failures = crate::check::interp::replay_all(program, entry, tests)
        .into_iter()
        .map(|(t, e)| ReplayFailure {
            procedure: program.proc(entry).name.clone(),
            test: t.id,
            message: e.render(sources),
        })
        .collect();
    times.replay += clock.elapsed();
    failures
}
