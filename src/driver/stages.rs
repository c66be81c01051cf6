//! The stages of the pipeline, one function each, timed: what every driver
//! of bicd (`bicd cover` in either call mode, `bicd cfg`, `bicd bench`,
//! `cargo bench`) composes, so that the pipeline is written once.
//!
//! Takes: source text, a resolved [`Program`], an entry procedure, a
//! solver. Gives: in order, [`load_program`] (front end), [`prepare`]
//! (middle end and VC: a [`PreparedEntry`]), [`cover`] (the cover loop over
//! the solver) and [`replay_tests`] (the trusted oracle), each adding its
//! time to a [`StageTimes`]. design.md, "The pipeline".
//!
//! [`dump`] runs the stages up to one of them and prints its form (`bicd
//! cover --dump STAGE`), so that each stage can be looked at and
//! snapshot-tested on its own.

use super::options::Options;
use super::results::{BlockStatus, ProcedureResult, Proof, ReplayFailure};
use crate::back::cover::{
    self as cover_loop, CoverLimits, CoverMode, CoverResult, DecidedGoals, UnreachableGoals,
};
use crate::back::solver::{Deadline, Solver, SolverError, SolverKind};
use crate::back::vc::{reachability_vc, ReachabilityVc};
use crate::ir::passive::{BlockKey, PassiveProgram};
use crate::ir::testcase::TestCase;
use crate::ir::{AssertId, ProcId, Program};
use crate::source::{Diagnostic, FileId, SourceMap, Span};
use std::collections::BTreeSet;
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

/// Which procedures to analyse: `entries` by name; without names, those
/// marked `{:entrypoint}` (with a body), else all with a body (but the
/// instances of polymorphic procedures made for calls).
pub fn select_entries(program: &Program, entries: &[String]) -> Result<Vec<ProcId>, String> {
    let marked: Vec<ProcId> = program
        .entrypoints
        .iter()
        .copied()
        .filter(|&p| program.proc(p).body.is_some())
        .collect();
    if entries.is_empty() && !marked.is_empty() {
        // Corral's and SMACK's `{:entrypoint}`: the program says where a
        // run starts, and the other procedures are its callees.
        return Ok(marked);
    }
    if entries.is_empty() {
        // Instances of polymorphic procedures are analysed through their
        // callers; the procedure itself is, at abstract types.
        return Ok((0..program.procedures.len())
            .map(ProcId)
            .filter(|&p| program.proc(p).body.is_some() && program.proc(p).instance_of.is_none())
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
pub(crate) fn prepare(
    program: &Program,
    entry: ProcId,
    unwind: u32,
    times: &mut StageTimes,
) -> Result<PreparedEntry, Diagnostic> {
    prepare_marking(program, entry, unwind, false, times)
}

/// [`prepare`], with every loop's exits marked when `loop_exits` (for
/// loop-iteration coverage: [`crate::middle::prepare_entry_for_loop_coverage`]).
pub(crate) fn prepare_marking(
    program: &Program,
    entry: ProcId,
    unwind: u32,
    loop_exits: bool,
    times: &mut StageTimes,
) -> Result<PreparedEntry, Diagnostic> {
    let passive = middle_end(program, entry, unwind, loop_exits, times)?;
    Ok(with_vc(entry, passive, times))
}

/// The middle end of [`prepare_marking`] alone: the passive program,
/// without its VC.
pub(crate) fn middle_end(
    program: &Program,
    entry: ProcId,
    unwind: u32,
    loop_exits: bool,
    times: &mut StageTimes,
) -> Result<PassiveProgram, Diagnostic> {
    let clock = Instant::now();
    let passive = if loop_exits {
        crate::middle::prepare_entry_for_loop_coverage(program, entry, unwind)?
    } else {
        crate::middle::prepare_entry(program, entry, unwind)?
    };
    times.middle += clock.elapsed();
    Ok(passive)
}

/// The VC of a passive program that a driver built itself (summary mode
/// inlines under a call policy of its own).
pub(crate) fn with_vc(
    entry: ProcId,
    passive: PassiveProgram,
    times: &mut StageTimes,
) -> PreparedEntry {
    let clock = Instant::now();
    let vc = reachability_vc(&passive);
    times.vc += clock.elapsed();
    PreparedEntry { entry, passive, vc }
}

/// The solver that answers about `vc` when the user asked for `asked`:
/// yices has no quantifiers and no datatypes (a polymorphic map is one);
/// for a VC with quantifiers or polymorphic maps, z3 answers instead.
/// Plain maps stay with yices (its model's arrays are read from its
/// `get-model`): z3 is slow on chains of stores (SMACK's static
/// initialisation, 410 stores into one memory map: 15 s in z3's
/// incremental mode against 0.1 s in yices). With maps and non-linear
/// arithmetic yices has no logic: z3 answers. Nor does yices say when a
/// real in its model is irrational (non-linear real arithmetic: it prints
/// a decimal approximation of `x` in `x * x = 2.0`, which no test could
/// replay); z3 writes such a value as a `root-obj`, which bicd refuses to
/// read, so z3 answers for a VC with non-linear real arithmetic too. With
/// non-linear integer arithmetic and uninterpreted functions (every
/// division by a variable applies one), yices' `get-value` of a function
/// application can contradict the model it found, so z3 answers there as
/// well; and yices has no `bv2nat`/`int2bv`. Pointwise map operators
/// (`MapAdd`, ...) are z3's alone: z3 answers for them when cvc5 is asked
/// too; and for datatypes, whose selectors applied to another
/// constructor's value are values a test chooses, which cvc5's model does
/// not give. A VC with lambdas (array `lambda` terms) goes to z3 when
/// yices or cvc5 is asked: yices has no lambdas, and Debian's cvc5 1.0.3
/// refuses them (a parse error).
///
/// Floating point, which yices lacks, goes to cvc5 where it is installed
/// and the VC has nothing cvc5 lacks, else to z3: on Boogie's float tests
/// cvc5 answered in a third of z3's time or less (RoundingMode2.bpl: 6.7 s
/// against z3's 20 s; docs/experiments.md, session 19).
pub fn solver_for(asked: SolverKind, vc: &ReachabilityVc) -> SolverKind {
    if what_solver_lacks(asked, vc).is_none() {
        return asked;
    }
    if prefers_cvc5(vc) {
        SolverKind::Cvc5
    } else {
        SolverKind::Z3
    }
}

/// Whether a VC another solver cannot take goes to cvc5 rather than z3:
/// floating point, when cvc5 is installed and lacks nothing of it.
fn prefers_cvc5(vc: &ReachabilityVc) -> bool {
    vc.features.floats
        && what_solver_lacks(SolverKind::Cvc5, vc).is_none()
        && SolverKind::Cvc5.is_installed()
}

/// What in `vc` the `solver` asked for lacks or answers unreliably (see
/// [`solver_for`]), said for the report; `None` for z3, which answers
/// everything bicd writes.
fn what_solver_lacks(solver: SolverKind, vc: &ReachabilityVc) -> Option<&'static str> {
    let f = &vc.features;
    match solver {
        SolverKind::Z3 => None,
        SolverKind::Yices if f.floats => Some("floating point, which yices lacks"),
        _ if f.lambdas => Some(
            "lambda expressions (SMT-LIB array lambdas), which yices lacks and Debian's cvc5 1.0.3 cannot parse",
        ),
        _ if f.pointwise_maps => Some(
            "pointwise map operators (MapAdd, MapIte, ...: z3's `(_ map f)`), which only z3 has",
        ),
        SolverKind::Cvc5 if f.odd_floats => Some("floats of sizes other than float24e8 and float53e11, which Debian's cvc5 1.0.3 reads only with its experimental solver"),
        SolverKind::Cvc5 if f.datatypes => Some("datatypes, where cvc5's model leaves a selector of another constructor's value unevaluated"),
        SolverKind::Cvc5 => None,
        SolverKind::Yices => {
            if f.quantifiers {
                Some("quantifiers")
            } else if f.datatypes {
                Some("datatypes, which yices lacks")
            } else if f.records {
                Some("polymorphic maps (records, which yices lacks)")
            } else if f.const_arrays {
                Some("constant maps (MapConst), which yices lacks")
            } else if f.arrays && vc.nonlinear {
                Some("maps and non-linear arithmetic")
            } else if f.int_bv_conversions {
                Some("conversions between int and bit-vectors (bv2int, int2bv), which yices lacks")
            } else if f.uninterpreted && vc.nonlinear && !f.reals {
                Some("uninterpreted functions in non-linear arithmetic (a division by a variable is one), where yices' values of them are unreliable")
            } else if f.reals && vc.nonlinear {
                Some("non-linear real arithmetic")
            } else {
                None
            }
        }
    }
}

/// Why [`solver_for`] chose another solver than the one asked for.
pub fn solver_note(asked: SolverKind, chosen: SolverKind, vc: &ReachabilityVc) -> Option<String> {
    let why = what_solver_lacks(asked, vc).filter(|_| chosen != asked)?;
    let rather = if chosen == SolverKind::Cvc5 && vc.features.floats {
        "; cvc5 rather than z3: faster on floating point"
    } else {
        ""
    };
    Some(format!(
        "solver {} instead of {}: the VC has {why}{rather}",
        chosen.name(),
        asked.name()
    ))
}

/// A solver process of `kind` with the user's command, per-query timeout
/// and deadline; an error when the deadline has already passed.
pub(crate) fn start_solver(kind: SolverKind, options: &Options) -> Result<Solver, SolverError> {
    if let Some(d) = options.deadline.filter(Deadline::passed) {
        return Err(SolverError {
            message: format!("{} before this procedure was analysed", d.message()),
        });
    }
    let mut solver = Solver::spawn_logged(
        kind,
        options.solver_command.as_deref(),
        options.timeout_ms,
        options.smt_log.as_deref(),
    )?;
    solver.set_deadline(options.deadline);
    solver.share_mbqi_record(&options.mbqi_record);
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
    cover_undecided(
        program,
        sources,
        prepared,
        solver,
        mode,
        limits,
        &DecidedGoals::default(),
        None,
        times,
    )
}

/// [`cover`] for the goals `decided` leaves open, with the tests `near`
/// finds near the solver's ([`cover_loop::RunsNear`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn cover_undecided<'a>(
    program: &'a Program,
    sources: &'a SourceMap,
    prepared: &'a PreparedEntry,
    solver: &mut Solver,
    mode: CoverMode,
    limits: &CoverLimits,
    decided: &DecidedGoals,
    near: Option<&'a mut (dyn cover_loop::RunsNear + 'a)>,
    times: &mut StageTimes,
) -> CoverResult {
    let clock = Instant::now();
    let result = cover_loop::cover_undecided(
        &prepared.passive,
        &prepared.vc,
        solver,
        mode,
        limits,
        &cover_loop::CoverTuning::default(),
        &program.proc(prepared.entry).name,
        sources,
        decided,
        near,
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

/// Issue 20: which of `blocks` no execution of `entry` reaches and which
/// of `asserts` no execution fails, whatever the iteration count. Where
/// neither the entry nor its callees have a loop or recursion, all of
/// them, with no question asked; otherwise those that no path of the
/// over-approximation ([`crate::middle::prepare_entry_for_every_bound`])
/// reaches, asked of a solver of its own (the questions asked are in the
/// result's `queries`): `switched_to`'s, where the cover's solver
/// switched to it on the same program (yices stalling on a SMACK
/// harness: the pass's questions are of the same family), else the one
/// `options` asks for. Anything that stops the proof (no
/// over-approximation built, the solver failing, the time limit) leaves
/// goals out.
pub(crate) fn unreachable_for_every_bound(
    program: &Program,
    entry: ProcId,
    options: &Options,
    switched_to: Option<SolverKind>,
    blocks: &[BlockKey],
    asserts: &[AssertId],
    times: &mut StageTimes,
) -> UnreachableGoals {
    if blocks.is_empty() && asserts.is_empty() {
        return UnreachableGoals::default();
    }
    if crate::middle::loop_havoc::loop_and_recursion_free(program, entry) {
        return UnreachableGoals {
            blocks: blocks.to_vec(),
            asserts: asserts.to_vec(),
            queries: 0,
        };
    }
    let clock = Instant::now();
    let over = crate::middle::prepare_entry_for_every_bound(program, entry);
    times.middle += clock.elapsed();
    let Ok(Some(passive)) = over else {
        return UnreachableGoals::default();
    };
    let clock = Instant::now();
    let vc = reachability_vc(&passive);
    times.vc += clock.elapsed();
    let kind = switched_to.unwrap_or_else(|| solver_for(options.solver, &vc));
    let proved = start_solver(kind, options).and_then(|mut solver| {
        let clock = Instant::now();
        let proved = cover_loop::unreachable_goals(&passive, &vc, &mut solver, blocks, asserts);
        times.cover += clock.elapsed();
        proved
    });
    proved.unwrap_or_default()
}

/// Issue 20: marks the entry's infeasible blocks that are dead, and its
/// holding assertions that hold, for every iteration count
/// [`Proof::Unbounded`]: those `known` proved, and those
/// [`unreachable_for_every_bound`] proves among the others that `known`
/// has not asked about already. The rest stay [`Proof::Bounded`], as the
/// cover found them. `switched_to`: as for [`unreachable_for_every_bound`].
pub(crate) fn prove_for_every_bound(
    program: &Program,
    entry: ProcId,
    options: &Options,
    switched_to: Option<SolverKind>,
    known: &KnownProofs,
    result: &mut ProcedureResult,
    times: &mut StageTimes,
) {
    let blocks: Vec<BlockKey> = result
        .blocks
        .iter()
        .filter(|b| b.proof == Some(Proof::Bounded) && !known.asked.contains(&b.key))
        .map(|b| b.key)
        .collect();
    let asserts: Vec<AssertId> = result
        .assertions
        .iter()
        .filter(|a| a.proof == Some(Proof::Bounded) && !known.asked_asserts.contains(&a.id))
        .map(|a| a.id)
        .collect();
    let proved = unreachable_for_every_bound(
        program,
        entry,
        options,
        switched_to,
        &blocks,
        &asserts,
        times,
    );
    result.queries += proved.queries;
    for b in &mut result.blocks {
        if b.proof == Some(Proof::Bounded)
            && (known.dead.contains(&b.key) || proved.blocks.contains(&b.key))
        {
            b.proof = Some(Proof::Unbounded);
        }
    }
    for a in &mut result.assertions {
        if a.proof == Some(Proof::Bounded)
            && (known.holding.contains(&a.id) || proved.asserts.contains(&a.id))
        {
            a.proof = Some(Proof::Unbounded);
        }
    }
}

/// Blocks and assertions an earlier stage already asked
/// [`unreachable_for_every_bound`] about (`asked`, `asked_asserts`), and
/// those it proved (`dead`, `holding`).
#[derive(Clone, Debug, Default)]
pub(crate) struct KnownProofs {
    pub asked: BTreeSet<BlockKey>,
    pub dead: BTreeSet<BlockKey>,
    pub asked_asserts: BTreeSet<AssertId>,
    pub holding: BTreeSet<AssertId>,
}

/// Replays the tests `cover` took from candidate models
/// ([`CoverResult::candidates`]), repairing the map entries that break a
/// `forall` ([`crate::check::replay_repairing`]), and drops those that do
/// not run as they claim: the solver never said such a model satisfies
/// the quantified assumptions. A goal only dropped tests covered becomes unknown, with
/// the replay's message as the reason; the other tests are renumbered.
pub(crate) fn keep_replaying_candidates(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    cover: &mut CoverResult,
    times: &mut StageTimes,
) {
    if cover.candidates.is_empty() {
        return;
    }
    let clock = Instant::now();
    let mut dropped: std::collections::HashMap<usize, String> = Default::default();
    for &id in &cover.candidates {
        if let Some(test) = cover.tests.get_mut(id - 1) {
            if let Err(e) = crate::check::replay_repairing(program, entry, test) {
                let message = e.render(sources);
                let first = message.lines().next().unwrap_or("").trim();
                dropped.insert(
                    id,
                    format!(
                        "the test from the solver's candidate model (quantifiers and map extensionality not checked) does not run: {first}"
                    ),
                );
            }
        }
    }
    times.replay += clock.elapsed();
    if dropped.is_empty() {
        return;
    }
    let mut new_id: std::collections::HashMap<usize, usize> = Default::default();
    let tests = std::mem::take(&mut cover.tests);
    for mut t in tests {
        if dropped.contains_key(&t.id) {
            continue;
        }
        let id = cover.tests.len() + 1;
        new_id.insert(t.id, id);
        t.id = id;
        cover.tests.push(t);
    }
    let why = |ids: &[usize]| {
        ids.iter()
            .find_map(|i| dropped.get(i).cloned())
            .unwrap_or_default()
    };
    for verdict in cover.blocks.values_mut() {
        if let cover_loop::BlockVerdict::Covered(ids) = verdict {
            let kept: Vec<usize> = ids.iter().filter_map(|i| new_id.get(i).copied()).collect();
            *verdict = if kept.is_empty() {
                cover_loop::BlockVerdict::Unknown(why(ids))
            } else {
                cover_loop::BlockVerdict::Covered(kept)
            };
        }
    }
    for verdict in cover.asserts.values_mut() {
        if let cover_loop::AssertVerdict::CanFail(id) = verdict {
            *verdict = match new_id.get(id) {
                Some(&kept) => cover_loop::AssertVerdict::CanFail(kept),
                None => cover_loop::AssertVerdict::Unknown(why(&[*id])),
            };
        }
    }
    let renumbered = |ids: &[usize]| ids.iter().filter_map(|i| new_id.get(i).copied()).collect();
    cover.candidates = renumbered(&cover.candidates);
    cover.unconfirmed = renumbered(&cover.unconfirmed);
}

/// Every test of `entry` replayed on the original program by the trusted
/// interpreter; the tests that do not replay (a bug in bicd).
pub(crate) fn replay_tests(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    tests: &[TestCase],
    times: &mut StageTimes,
) -> Vec<ReplayFailure> {
    replay_tests_trusting(program, sources, entry, tests, times).0
}

/// [`replay_tests`], and for each test that took quantified conditions on
/// trust (the interpreter cannot evaluate a quantifier), their places,
/// each once, by test id.
pub(crate) fn replay_tests_trusting(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    tests: &[TestCase],
    times: &mut StageTimes,
) -> (
    Vec<ReplayFailure>,
    std::collections::BTreeMap<usize, Vec<Span>>,
) {
    let clock = Instant::now();
    let mut failures = Vec::new();
    let mut trusted = std::collections::BTreeMap::new();
    for (t, r) in tests
        .iter()
        .zip(crate::check::replay_all_trusting(program, entry, tests))
    {
        match r {
            Ok(spans) if spans.is_empty() => {}
            Ok(mut spans) => {
                spans.sort();
                spans.dedup();
                trusted.insert(t.id, spans);
            }
            Err(e) => failures.push(ReplayFailure {
                procedure: program.proc(entry).name.clone(),
                test: t.id,
                message: e.render(sources),
            }),
        }
    }
    times.replay += clock.elapsed();
    (failures, trusted)
}

/// Every block `result` reports covered, finished by one of the tests it
/// names (a run that fails an assertion finishes neither the block it
/// fails in nor its callers' blocks with the call in progress:
/// [`crate::check::finished_steps`]); a failure for each block that is
/// not, a bug in bicd as a test that does not replay is.
pub(crate) fn check_coverage_claims(
    program: &Program,
    entry: ProcId,
    result: &ProcedureResult,
) -> Vec<ReplayFailure> {
    let mut finished: std::collections::HashMap<usize, std::collections::HashSet<(&str, &str)>> =
        Default::default();
    let mut failures = Vec::new();
    for b in &result.blocks {
        let BlockStatus::Covered(ids) = &b.status else {
            continue;
        };
        let by_one = ids.iter().any(|id| {
            let Some(test) = result.tests.iter().find(|t| t.id == *id) else {
                return false;
            };
            finished
                .entry(*id)
                .or_insert_with(|| {
                    crate::check::finished_steps(program, entry, test)
                        .map(|s| (s.proc.as_str(), s.label.as_str()))
                        .collect()
                })
                .contains(&(b.proc.as_str(), b.label.as_str()))
        });
        if !by_one {
            failures.push(ReplayFailure {
                procedure: program.proc(entry).name.clone(),
                test: ids.first().copied().unwrap_or(0),
                message: format!(
                    "block {} is reported covered by test {}, but no such test runs to its end",
                    b.display,
                    ids.iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        }
    }
    failures
}

/// An intermediate form that `bicd cover --dump STAGE` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DumpStage {
    /// The resolved CFG of the entry and of the procedures it may call.
    Cfg,
    /// Their bodies with every loop unwound.
    Unwound,
    /// The passive program of the entry (calls inlined, SSA).
    Passive,
    /// The SMT-LIB script of its reachability VC.
    Vc,
}

impl DumpStage {
    /// How a line comment starts in this stage's text.
    pub fn comment(self) -> &'static str {
        match self {
            DumpStage::Vc => ";",
            _ => "//",
        }
    }
}

/// The form that `stage` gives for `entry`, unwinding loops and recursion
/// `unwind` times, as text (a comment line first says what it is). The VC
/// is the script that statement cover sends `solver` (or the solver
/// [`solver_for`] picks instead) before its first query, when the cover is
/// not accelerated. An error is about the input (an irreducible CFG).
pub fn dump(
    program: &Program,
    entry: ProcId,
    unwind: u32,
    stage: DumpStage,
    solver: SolverKind,
) -> Result<String, Diagnostic> {
    use std::fmt::Write as _;
    let name = &program.proc(entry).name;
    let mut out = String::new();
    match stage {
        DumpStage::Cfg => {
            let procs = crate::middle::reachable_procedures(program, entry);
            let _ = writeln!(
                out,
                "// cfg of entry `{name}` and the procedures it may call\n"
            );
            let _ = write!(out, "{}", program.display_procs(&procs));
        }
        DumpStage::Unwound => {
            let bodies = crate::middle::unwind_reachable(program, entry, unwind)?;
            let _ = writeln!(
                out,
                "// unwound bodies of entry `{name}` and the procedures it may call \
                 (--unwind {unwind})\n// #n: a block copy; [iteration h i]: its iteration i \
                 of the loop headed by h"
            );
            for p in crate::middle::reachable_procedures(program, entry) {
                if let Some(body) = &bodies[p.0] {
                    let _ = write!(out, "\n{}", body.display(program));
                }
            }
        }
        DumpStage::Passive => {
            let passive = crate::middle::prepare_entry(program, entry, unwind)?;
            let _ = writeln!(
                out,
                "// passive program of entry `{name}` (--unwind {unwind}): {} blocks, \
                 {} SSA variables\n",
                passive.blocks.len(),
                passive.vars.len()
            );
            let _ = write!(out, "{}", passive.display(program));
        }
        DumpStage::Vc => {
            let passive = crate::middle::prepare_entry(program, entry, unwind)?;
            let vc = reachability_vc(&passive);
            let kind = solver_for(solver, &vc);
            let _ = writeln!(
                out,
                "; reachability VC of entry `{name}` (--unwind {unwind}) for {kind}: \
                 W_b and R_b of passive block #b"
            );
            if let Some(m) = &vc.malformed {
                let _ = writeln!(out, "; malformed: {m}");
            }
            out.push_str("(set-option :produce-models true)\n");
            if let Some(logic) = vc.features.logic(kind, vc.nonlinear) {
                let _ = writeln!(out, "(set-logic {logic})");
            }
            out.push_str(&vc.declarations);
            out.push_str(vc.definitions_for(kind));
            if let Some(entry_reached) = vc.r.first() {
                let _ = writeln!(out, "(assert {entry_reached})");
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testcase::Outcome;

    /// A block reported covered only by a test that fails an assertion in
    /// a callee it calls (so never reaches the block's end) is a failure;
    /// the claims the cover itself makes are not.
    #[test]
    fn a_block_claimed_without_a_run_to_its_end_is_a_failure() {
        let text = "procedure main(x: int)
{
  start:
    goto at_call;
  at_call:
    call check(x);
    goto done;
  done:
    return;
}
procedure check(v: int)
{
  entry:
    assert v != 5;
    return;
}
";
        let mut sources = SourceMap::new();
        let file = sources.add("claims.bpl".to_string(), text.to_string());
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let main = ProcId(
            program
                .procedures
                .iter()
                .position(|p| p.name == "main")
                .expect("main"),
        );
        let options = Options::new(SolverKind::Z3);
        let mut result = super::super::analyze_procedure(&program, &sources, main, &options);
        assert!(check_coverage_claims(&program, main, &result).is_empty());
        let failing = result
            .tests
            .iter()
            .find(|t| matches!(t.outcome, Outcome::AssertionFails(_)))
            .expect("a test fails the assertion")
            .id;
        for b in &mut result.blocks {
            if b.label == "at_call" {
                b.status = BlockStatus::Covered(vec![failing]);
            }
        }
        let failures = check_coverage_claims(&program, main, &result);
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].message.contains("at_call"), "{failures:?}");
    }
}
