//! Runs the whole pipeline on one program and validates what it finds.
//!
//! Takes: a resolved [`Program`] and [`Options`]. Gives: a [`FileResult`]
//! with, per analysed procedure, the verdict of every original block (its
//! own and, qualified, those of inlined callees), the verdict of every
//! assertion, and the tests — each one replayed on the original program by
//! [`crate::check::interp::replay`] before it is reported (design.md, "Trust").
//!
//! One solver process per analysed procedure (design.md, "Where the solver
//! fits"); a solver failure is confined to the procedure it happened in.

pub mod parallel;

use crate::back::cover::{self, CoverLimits, CoverMode};
use crate::back::solver::{Deadline, Solver, SolverKind};
use crate::ir::passive::BlockKey;
use crate::ir::testcase::TestCase;
use crate::ir::{AssertId, AssertKind, ProcId, Program, SourceLoc};
use crate::source::{SourceMap, Span};
use std::time::{Duration, Instant};

/// How calls are handled (design.md, "Calls").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// Copy the callee's body into the caller.
    Inline,
    /// Replace calls by the callee's summary ([`crate::middle::summary`]).
    Summary(crate::middle::summary::SummarySettings),
}

impl CallMode {
    pub fn name(self) -> &'static str {
        match self {
            CallMode::Inline => "inline",
            CallMode::Summary(_) => "summary",
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
    /// The whole run's deadline (`--time-limit`): what is found by then is
    /// kept, goals still open are `Unknown`.
    pub deadline: Option<Deadline>,
    /// Path mode: stop after this many tests.
    pub max_tests: Option<usize>,
    /// Procedures to analyse; empty means every procedure with a body.
    pub entries: Vec<String>,
}

/// The verdict on one original block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockStatus {
    /// Some test runs through the block; the ids of the tests that do.
    Covered(Vec<usize>),
    /// The solver answered `unsat`: no terminating execution within the
    /// bound passes through the block.
    Infeasible,
    /// The solver could not tell (its reason).
    Unknown(String),
    /// Summary mode: no test under the callees' summaries runs through the
    /// block, and no check with the calls over-approximated or inlined
    /// proved it infeasible. A summary under-approximates: the block may be
    /// live.
    UncoveredSummary,
}

#[derive(Clone, Debug)]
pub struct BlockResult {
    pub key: BlockKey,
    /// The procedure that owns the block.
    pub proc: String,
    pub label: String,
    /// `label`, or `proc::label` for a block of an inlined callee.
    pub display: String,
    pub span: Span,
    pub extent: Span,
    pub status: BlockStatus,
    /// Where the block's code comes from in the program the Boogie file
    /// was translated from, if it says ([`crate::ir::srcloc`]).
    pub source: Option<SourceLoc>,
}

/// The verdict on one assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssertStatus {
    /// The test (id) makes it fail.
    CanFail(usize),
    /// No execution within the bound makes it fail (solver: `unsat`).
    Holds,
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct AssertResult {
    pub id: AssertId,
    pub kind: AssertKind,
    /// The procedure whose text holds the assertion.
    pub proc: String,
    pub span: Span,
    pub status: AssertStatus,
    /// The original source location, if the program gives one.
    pub source: Option<SourceLoc>,
}

/// Everything found for one analysed procedure.
#[derive(Clone, Debug)]
pub struct ProcedureResult {
    pub name: String,
    pub span: Span,
    pub blocks: Vec<BlockResult>,
    pub assertions: Vec<AssertResult>,
    pub tests: Vec<TestCase>,
    pub queries: usize,
    pub solver_time: Duration,
    pub time: Duration,
    /// Path mode stopped at `--max-tests`: more paths may exist.
    pub partial: bool,
    /// The analysis of this procedure failed (solver missing or crashed,
    /// unwinding refused): the message. Blocks not decided are `Unknown`.
    pub error: Option<String>,
    /// `error` is about the input (e.g. an irreducible CFG), not the solver.
    pub input_error: bool,
    /// Remarks for the report (summary mode: summaries built, call sites
    /// that stayed without a summary path).
    pub notes: Vec<String>,
    /// Another solver answered than the one asked for, and why.
    pub solver_note: Option<String>,
}

impl ProcedureResult {
    /// The result for `proc` before anything is found: no blocks, tests or
    /// queries yet.
    pub fn nothing_yet(proc: &crate::ir::Procedure) -> ProcedureResult {
        ProcedureResult {
            name: proc.name.clone(),
            span: proc.span,
            blocks: Vec::new(),
            assertions: Vec::new(),
            tests: Vec::new(),
            queries: 0,
            solver_time: Duration::ZERO,
            time: Duration::ZERO,
            partial: false,
            error: None,
            input_error: false,
            notes: Vec::new(),
            solver_note: None,
        }
    }
}

/// Everything found for one file.
#[derive(Clone, Debug)]
pub struct FileResult {
    pub file: String,
    pub procedures: Vec<ProcedureResult>,
}

/// A test that does not replay on the original program: a bug in bicd.
#[derive(Clone, Debug)]
pub struct ReplayFailure {
    pub procedure: String,
    pub test: usize,
    pub message: String,
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

/// Analyses every selected procedure of `program`; replays every test.
/// Replay failures are returned beside the result, never hidden.
pub fn analyze_program(
    program: &Program,
    sources: &SourceMap,
    file: &str,
    entries: &[ProcId],
    options: &Options,
) -> (FileResult, Vec<ReplayFailure>) {
    let mut procedures = Vec::new();
    let mut failures = Vec::new();
    for &entry in entries {
        let result = analyze_procedure(program, sources, entry, options);
        for (t, e) in crate::check::interp::replay_all(program, entry, &result.tests) {
            failures.push(ReplayFailure {
                procedure: result.name.clone(),
                test: t.id,
                message: e.render(sources),
            });
        }
        procedures.push(result);
    }
    (
        FileResult {
            file: file.to_string(),
            procedures,
        },
        failures,
    )
}

/// The solver that answers about `vc` when the user asked for `asked`:
/// yices has no quantifiers, and its model values of arrays are opaque
/// (`@fun_6`) so no test could give a map's contents; for a VC with
/// quantifiers or maps, z3 answers instead. Nor does yices say when a
/// real in its model is irrational (non-linear real arithmetic: it prints
/// a decimal approximation of `x` in `x * x = 2.0`, which no test could
/// replay); z3 writes such a value as a `root-obj`, which bicd refuses to
/// read, so z3 answers for a VC with non-linear real arithmetic too.
pub fn solver_for(asked: SolverKind, vc: &crate::back::vc::ReachabilityVc) -> SolverKind {
    if asked == SolverKind::Yices
        && (vc.features.quantifiers || vc.features.arrays || (vc.features.reals && vc.nonlinear))
    {
        SolverKind::Z3
    } else {
        asked
    }
}

/// Unwind, inline, passify, build the VC, run the cover loop: one entry.
pub fn analyze_procedure(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
) -> ProcedureResult {
    let start = Instant::now();
    let proc = program.proc(entry);
    let mut result = ProcedureResult::nothing_yet(proc);
    if let CallMode::Summary(_) = options.calls {
        return crate::middle::summary::analyze_with_summaries(program, sources, entry, options);
    }
    let passive = match crate::middle::passify::prepare_entry(program, entry, options.unwind) {
        Ok(p) => p,
        Err(d) => {
            result.error = Some(d.render(sources).trim_end().to_string());
            result.input_error = true;
            result.time = start.elapsed();
            return result;
        }
    };
    let vc = crate::back::vc::reachability_vc(&passive);
    let kind = solver_for(options.solver, &vc);
    if kind != options.solver {
        result.solver_note = Some(format!(
            "solver {} instead of {}: the VC has {}",
            kind.name(),
            options.solver.name(),
            if vc.features.quantifiers {
                "quantifiers"
            } else if vc.features.arrays {
                "maps"
            } else {
                "non-linear real arithmetic"
            }
        ));
    }
    let outcome = match options.deadline.filter(Deadline::passed) {
        Some(d) => Err(crate::back::solver::SolverError {
            message: format!("{} before this procedure was analysed", d.message()),
        }),
        None => Solver::spawn_with(kind, options.solver_command.as_deref(), options.timeout_ms),
    };
    let outcome = outcome.map(|mut solver| {
        solver.set_deadline(options.deadline);
        let limits = CoverLimits {
            max_tests: options.max_tests,
            time_limited: options.deadline.is_some(),
        };
        cover::cover(
            &passive,
            &vc,
            &mut solver,
            options.mode,
            &limits,
            &proc.name,
            sources,
        )
    });
    let cover = match outcome {
        Ok(c) => c,
        Err(e) => {
            result.error = Some(e.to_string());
            // Every block and assertion is unknown: report them so nothing
            // is lost.
            let keys = crate::back::cover::goal_blocks(&passive);
            result.blocks = block_results(
                program,
                entry,
                keys.into_iter()
                    .map(|k| (k, BlockStatus::Unknown(e.to_string()))),
            );
            result.assertions = unknown_assertions(program, &passive, &e.to_string());
            result.time = start.elapsed();
            return result;
        }
    };
    result.queries = cover.queries;
    result.solver_time = cover.solver_time;
    result.partial = cover.partial;
    result.error = cover.error.clone();
    result.blocks = block_results(
        program,
        entry,
        cover.blocks.iter().map(|(k, v)| {
            let status = match v {
                cover::BlockVerdict::Covered(ts) => BlockStatus::Covered(ts.clone()),
                cover::BlockVerdict::Infeasible => BlockStatus::Infeasible,
                cover::BlockVerdict::Unknown(r) => BlockStatus::Unknown(r.clone()),
            };
            (*k, status)
        }),
    );
    let mut asserts: Vec<AssertResult> = cover
        .asserts
        .iter()
        .map(|(id, v)| {
            let info = &program.asserts[id.0];
            AssertResult {
                id: *id,
                kind: info.kind,
                proc: program.proc(info.proc).name.clone(),
                span: info.span,
                source: crate::ir::srcloc::assert_source(program, *id),
                status: match v {
                    cover::AssertVerdict::CanFail(t) => AssertStatus::CanFail(*t),
                    cover::AssertVerdict::Holds => AssertStatus::Holds,
                    cover::AssertVerdict::Unknown(r) => AssertStatus::Unknown(r.clone()),
                },
            }
        })
        .collect();
    asserts.sort_by_key(|a| (a.span, a.id));
    result.assertions = asserts;
    result.tests = cover.tests;
    for t in &mut result.tests {
        order_inputs(program, entry, t);
    }
    result.time = start.elapsed();
    result
}

/// Every assertion of `passive` (its `AssertFail` blocks), unknown for
/// `reason`: when no solver could be asked.
fn unknown_assertions(
    program: &Program,
    passive: &crate::ir::passive::PassiveProgram,
    reason: &str,
) -> Vec<AssertResult> {
    let mut ids: Vec<AssertId> = passive
        .blocks
        .iter()
        .filter_map(|b| match b.role {
            crate::ir::passive::BlockRole::AssertFail(id) => Some(id),
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    let mut out: Vec<AssertResult> = ids
        .into_iter()
        .map(|id| {
            let info = &program.asserts[id.0];
            AssertResult {
                id,
                kind: info.kind,
                proc: program.proc(info.proc).name.clone(),
                span: info.span,
                status: AssertStatus::Unknown(reason.to_string()),
                source: crate::ir::srcloc::assert_source(program, id),
            }
        })
        .collect();
    out.sort_by_key(|a| (a.span, a.id));
    out
}

/// Puts a test's inputs in declaration order: parameters, then outputs and
/// locals, then globals.
pub(crate) fn order_inputs(program: &Program, entry: ProcId, test: &mut TestCase) {
    let proc = program.proc(entry);
    let rank = |name: &str| -> usize {
        if let Some(i) = proc.locals.iter().position(|l| l.var.name == name) {
            return i;
        }
        proc.locals.len()
            + program
                .globals
                .iter()
                .position(|g| g.name == name)
                .unwrap_or(program.globals.len())
    };
    test.inputs.sort_by(|a, _, b, _| rank(a).cmp(&rank(b)));
}

/// Block results in report order: the entry's blocks first, then each
/// callee's, in order of procedure and block.
pub(crate) fn block_results(
    program: &Program,
    entry: ProcId,
    verdicts: impl Iterator<Item = (BlockKey, BlockStatus)>,
) -> Vec<BlockResult> {
    let mut out: Vec<BlockResult> = verdicts
        .map(|(key, status)| {
            let owner = program.proc(key.proc);
            let block = &owner
                .body
                .as_ref()
                .expect("a block key names a procedure with a body")
                .graph[key.block];
            let display = if key.proc == entry {
                block.label.clone()
            } else {
                format!("{}::{}", owner.name, block.label)
            };
            BlockResult {
                key,
                proc: owner.name.clone(),
                label: block.label.clone(),
                display,
                span: block.span,
                extent: block.extent,
                status,
                source: crate::ir::srcloc::block_source(program, key.proc, key.block),
            }
        })
        .collect();
    out.sort_by_key(|b| (b.key.proc != entry, b.key.proc, b.key.block.index()));
    out
}
