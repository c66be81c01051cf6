//! The cover loops: statement cover (enabling clauses) and path cover
//! (blocking clauses) over one incremental solver.
//!
//! Takes: a [`PassiveProgram`], its [`ReachabilityVc`], a live [`Solver`],
//! a [`CoverMode`] and [`CoverLimits`], the entry's name and the
//! [`SourceMap`] (for the lines of choices). Gives: [`CoverResult`]: tests
//! ([`TestCase`], numbered from 1 in the order found), a verdict for every
//! original block ([`BlockKey`] of a `Code { ends_block: true }` piece) and
//! every assertion (`AssertFail` blocks), the number of queries and the
//! solver time. Paper, section 4, Algorithms 1 and 2; design.md, "Path
//! cover", "Statement cover", "Where the solver fits".
//!
//! A *goal* is an original block or an assertion: it is served by every
//! passive block that ends a copy of that block (or fails that assertion).
//! Nothing is called infeasible (or said to hold) without an `unsat`: a
//! solver `unknown` makes the goals it leaves open `Unknown`, after one
//! query per open goal has tried to decide each on its own.
//!
//! A model of `VC ∧ R_entry` may make R true on several paths at once
//! (different `goto` choices under one valuation). Every R-true block lies
//! on a path of R-true blocks from the entry to a block without successor,
//! and each such path is a real execution: walking back along R-true
//! predecessors reaches the entry (R of a block without predecessors is
//! false), walking forward along R-true successors reaches a sink (a
//! successor with W true is R-true when its predecessor is).
//!
//! Entry: [`cover`] ([`cover_tuned`] with explicit [`CoverTuning`]). Parts:
//! `run` (a run's goals, state and queries), `statements` (Algorithm 2),
//! `paths` (Algorithm 1), `baselines` (one query per goal, greedy),
//! `testcases` (models to tests), `dead_code` (the unsat-only pass on the
//! forward VC that quantified VCs use), `reach` (one question on the
//! whole VC, for stratified inlining), and beside the solver
//! `accelerate`, `explore` and `flat` (concrete runs of the passive
//! program), and `search` (the representing function minimised for the
//! goals the solver leaves open, seed "Mathematical Execution"). With
//! quantifiers z3 runs in E-matching mode and every model is a
//! candidate: a run reads it only once z3 with model-based
//! instantiation has confirmed it (`run`'s `confirmed`), and
//! [`CoverResult::candidates`] names the tests the driver must still see
//! replay (map extensionality) before it keeps them.

mod accelerate;
mod baselines;
mod dead_code;
pub use dead_code::{unreachable_goals, UnreachableGoals};
mod explore;
mod flat;
mod paths;
mod reach;
pub use reach::{runs_through, targets_no_run_passes, Reach, TargetsPassed};
mod run;
mod search;
pub use search::SearchStats;
mod statements;
mod testcases;

use crate::back::solver::{Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram};
use crate::ir::testcase::TestCase;
use crate::ir::AssertId;
use crate::source::SourceMap;
use run::{Goal, GoalState, Goals, Run};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

/// Which cover to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoverMode {
    /// Feasible statement cover (Algorithm 2): every feasible block by some
    /// test, at most one query per goal plus one.
    Statements,
    /// Feasible path cover (Algorithm 1): one test per feasible complete
    /// path of the (unwound, inlined) program.
    Paths,
    /// One query per goal ("is there a run through it?"), the paper's
    /// "doomed program points" baseline. With `reuse`, each model's runs
    /// cover every goal they pass and those goals are not asked about
    /// again; without it, every goal gets its own query and test.
    PerBlock { reuse: bool },
    /// Query-optimal greedy cover: each round looks for one model whose
    /// runs pass as many open goals as possible, by cardinality
    /// constraints strengthened until `unsat` (at least 1 open goal, then
    /// at least m+1 where m is what the last model passed), and keeps the
    /// best model of the round.
    Greedy,
}

impl CoverMode {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            CoverMode::Statements => "statements",
            CoverMode::Paths => "paths",
            CoverMode::PerBlock { reuse: true } => "per-block",
            CoverMode::PerBlock { reuse: false } => "per-block-no-reuse",
            CoverMode::Greedy => "greedy",
        }
    }
}

/// When to stop early.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoverLimits {
    /// Path cover: stop after this many tests (the result is then
    /// `partial`). Statement cover ignores it: it needs at most one test
    /// per goal anyway.
    pub max_tests: Option<usize>,
    /// The run stops at a deadline (`--time-limit`). Statement cover on a
    /// long program then tries the smallest window query on every goal
    /// the concrete runs leave open, before the forward loop, so that
    /// what is still open when time runs out is the hard goals, not
    /// merely the deep ones (1,000 diamonds in 60 s: 112 blocks
    /// `unknown` instead of 371). Without a deadline the forward loop
    /// goes first: its span queries refute those goals almost as
    /// cheaply, and it finished sooner on 13 programs of 100 and 300
    /// diamonds (README, "Scaling").
    pub time_limited: bool,
    /// Whether the search ([`search`]) covers what the solver leaves
    /// open (`--search`).
    pub search: SearchMode,
}

/// Whether search-based cover runs beside the solver (`--search`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchMode {
    /// The solver first; the search for the goals it leaves open or
    /// `unknown`. Under a time limit, on a VC with floats, non-linear
    /// arithmetic or integer division ([`ReachabilityVc::divides`]), the
    /// solver gets half the time left and the search the rest; on other
    /// VCs the search has what the solver leaves (on 1,000
    /// diamonds, taking a third of the solver's time for it left more
    /// blocks `unknown`: docs/experiments.md, "Session 20").
    #[default]
    On,
    /// The solver alone.
    Off,
    /// The search alone: no solver query; nothing is proved infeasible.
    Only,
}

impl SearchMode {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SearchMode::On => "on",
            SearchMode::Off => "off",
            SearchMode::Only => "only",
        }
    }
}

/// The verdict on one original block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockVerdict {
    /// The ids of the tests that run through (some copy of) the block.
    Covered(Vec<usize>),
    /// The solver answered `unsat`: no terminating execution within the
    /// bound runs through the block.
    Infeasible,
    /// Undecided: why.
    Unknown(String),
}

/// The verdict on one assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssertVerdict {
    /// The first test that makes it fail.
    CanFail(usize),
    /// The solver answered `unsat`: no execution within the bound fails it.
    Holds,
    /// Undecided: why.
    Unknown(String),
}

/// What a cover loop found for one entry procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverResult {
    /// Numbered 1.. in the order found.
    pub tests: Vec<TestCase>,
    /// Every key of a `Code { ends_block: true }` piece.
    pub blocks: BTreeMap<BlockKey, BlockVerdict>,
    /// Every assertion with an `AssertFail` block.
    pub asserts: BTreeMap<AssertId, AssertVerdict>,
    /// Loop-iteration coverage (a passive program with
    /// [`BlockRole::LoopExit`] blocks): for each loop header and count,
    /// the tests that leave the loop after going around it that many
    /// times, or why none does. Empty otherwise.
    pub loop_exits: BTreeMap<(BlockKey, u32), BlockVerdict>,
    /// Check-sat queries asked.
    pub queries: usize,
    /// Time spent talking to the solver.
    pub solver_time: Duration,
    /// Path cover stopped before `unsat` (limit reached or a query answered
    /// `unknown`): more paths may exist.
    pub partial: bool,
    /// The solver failed or the passive program is malformed: why. The
    /// goals it left undecided are `Unknown`.
    pub error: Option<String>,
    /// Path cover: what its concrete exploration did (all zero when it did
    /// not explore); `None` in the other modes.
    pub explore: Option<ExploreStats>,
    /// What the search did (all zero when it did not run).
    pub search: SearchStats,
    /// The ids of the tests taken from *candidate* models: the solver
    /// answered `unknown` when quantifier instantiation ran out, and its
    /// model may break a quantified assumption. Such a test is only a test
    /// once it replays; the goals only it covers are unknown otherwise.
    pub candidates: Vec<usize>,
    /// The ids of the candidate tests z3's model-based quantifier
    /// instantiation did not confirm (no answer in time, or no model at
    /// all: [`CoverResult::vacuous`]), and of the runs near a test that
    /// [`RunsNear`] says take the axioms on trust: such a test runs as it
    /// claims only if the quantified conditions it takes on trust hold.
    pub unconfirmed: Vec<usize>,
    /// z3 with model-based quantifier instantiation found no run at all
    /// (typically an inconsistent axiom, which E-matching, as Boogie runs
    /// it, never finds): in logic every block is infeasible. The verdicts
    /// are E-matching's, and the tests from candidate models are checked
    /// by replay alone.
    pub vacuous: bool,
}

/// What path cover's concrete exploration
/// ([`CoverTuning::explore_after_paths`]) did, for measurements (a
/// `--stats` option); the paths it found are among the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExploreStats {
    /// Concrete runs of the passive program on one valuation each.
    pub runs: usize,
    /// Walks along a wanted path prefix while steering a valuation into a
    /// branch no run had taken (each walk after the first changes one more
    /// input to make a failed assumption hold).
    pub steer_walks: usize,
    /// Passive blocks the concrete runs entered, in all.
    pub enters: usize,
}

/// The original blocks a passive program can cover (the keys of its
/// `Code { ends_block: true }` pieces), sorted, each once.
pub(crate) fn goal_blocks(program: &PassiveProgram) -> Vec<BlockKey> {
    let mut keys: Vec<BlockKey> = program
        .blocks
        .iter()
        .filter_map(|b| match b.role {
            BlockRole::Code {
                key,
                ends_block: true,
            } => Some(key),
            _ => None,
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// Path cover turns to concrete exploration (see [`CoverTuning`]) once it
/// has found this many paths with the solver alone. (On the 80-program
/// corpus, measured alternately: 8 paths 6.4-6.5 s, 16 paths 6.5 s, 4
/// paths 7.0 s, 32 paths 7.2-7.3 s, with 1,255 queries at 8 against
/// 2,112 at 32.)
const EXPLORE_AFTER_PATHS: usize = 8;

/// How the cover loops go about their work (not what they compute: every
/// setting gives the same verdicts and, in path cover, the same set of
/// paths).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverTuning {
    /// Path cover: after this many paths found by the solver, look for
    /// paths by running the passive program on concrete valuations in
    /// Rust (random ones, then mutations of every valuation that found a
    /// new path, including each solver model), block every path found
    /// that way with the rest, and read only the inputs' and choices'
    /// values from each later model. `None`: the solver alone.
    pub explore_after_paths: Option<usize>,
    /// Statement cover: put the accelerators of [`accelerate`] (concrete
    /// runs, window queries) in front of the enabling-clause loop.
    /// `false`: the enabling-clause loop alone, on the whole VC.
    pub accelerate_statements: bool,
    /// ... but only for programs of at least this many passive blocks:
    /// on the 80-program corpus (at most 82 blocks) the accelerators cost
    /// more queries than they save (measured: 6,633 queries instead of
    /// 630); on 100 diamonds (901 blocks) they cut the CPU time 2.7x.
    pub accelerate_from_blocks: usize,
    /// Statement cover's forward VC ([`accelerate`]): how far (in passive
    /// blocks, in topological order) beyond the shallowest open goal one
    /// query reaches. Each query asks for a path to an open goal within
    /// the span, and its `unsat` refutes just those. On long programs,
    /// asking about every goal at once lets the solver wander to the
    /// deepest ones, and a query costs more the deeper its goals: 300
    /// diamonds took 23.6 s with every goal asked at once, 10.0 s with
    /// spans of 400 blocks (200: 10.4 s, 50: 14.0 s).
    pub forward_span: usize,
    /// Statement cover under a time limit ([`CoverLimits::time_limited`]):
    /// once the enabling-clause loop's first question took this long, a
    /// twin solver answers for half of the open goals beside it (on a
    /// machine with a second core). `None`: never. Without a time limit
    /// there is none: which tests a run finds then does not depend on how
    /// long its first question took.
    pub twin_after: Option<std::time::Duration>,
}

impl Default for CoverTuning {
    fn default() -> CoverTuning {
        CoverTuning {
            explore_after_paths: Some(EXPLORE_AFTER_PATHS),
            accelerate_statements: true,
            accelerate_from_blocks: 400,
            forward_span: 400,
            twin_after: Some(std::time::Duration::from_millis(TWIN_AFTER_MS)),
        }
    }
}

/// [`CoverTuning::twin_after`] by default: below, the questions are cheap
/// and one solver is enough; a twin reads the whole VC again when it
/// starts.
const TWIN_AFTER_MS: u64 = 500;

/// Runs the cover loop `mode` for `program` on `solver` (see the module
/// documentation). `entry` is the entry procedure's name, recorded in each
/// test. The solver's assertion stack is left as it was found (the VC is
/// loaded inside a `push`/`pop`).
pub fn cover(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    mode: CoverMode,
    limits: &CoverLimits,
    entry: &str,
    sources: &SourceMap,
) -> CoverResult {
    cover_tuned(
        program,
        vc,
        solver,
        mode,
        limits,
        &CoverTuning::default(),
        entry,
        sources,
    )
}

/// [`cover`] with explicit [`CoverTuning`].
#[allow(clippy::too_many_arguments)]
pub fn cover_tuned(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    mode: CoverMode,
    limits: &CoverLimits,
    tuning: &CoverTuning,
    entry: &str,
    sources: &SourceMap,
) -> CoverResult {
    cover_undecided(
        program,
        vc,
        solver,
        mode,
        limits,
        tuning,
        entry,
        sources,
        &DecidedGoals::default(),
        None,
    )
}

/// Tests found beside the solver near a cover test: the driver's runs of
/// the original program that follow the test for a while and then go
/// their own way (`check::generate`, a later stage, which the cover
/// reaches through this). Statement cover hands each test it takes from
/// a model to [`RunsNear::runs_near`], marks the blocks the tests given
/// back enter as covered, and asks the solver only about the rest: on a
/// SMACK driver one solver question costs about 0.7 s, a run a few
/// milliseconds.
pub trait RunsNear {
    /// Tests near `base` (a test of this cover, perhaps from a candidate
    /// model), each entering some block `covered` does not hold, with
    /// the original blocks it enters, found in about `budget` (the time
    /// the solver took for the base), and whether it takes the axioms on
    /// trust as a test from an unconfirmed candidate model does
    /// ([`CoverResult::unconfirmed`]). Every test given must replay.
    /// `base_on_trust`: the base is such a test itself.
    fn runs_near(
        &mut self,
        base: &TestCase,
        base_on_trust: bool,
        covered: &BTreeSet<BlockKey>,
        budget: Duration,
    ) -> Vec<(TestCase, Vec<BlockKey>, bool)>;
}

/// Goals settled before a cover run, by the tests of a run at a smaller
/// unwinding (a run there is a run here too) or by a proof for every
/// iteration count: the run takes them as decided and asks only about
/// the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecidedGoals {
    /// Blocks a test runs through, and assertions a test fails: `Covered`
    /// (with no test of this run through them; [`deepened`] joins the
    /// earlier tests back).
    pub covered_blocks: BTreeSet<BlockKey>,
    pub failing_asserts: BTreeSet<AssertId>,
    /// Loop exits (header, count) a test passes.
    pub covered_loop_exits: BTreeSet<(BlockKey, u32)>,
    /// Blocks no execution reaches and assertions no execution fails:
    /// `Infeasible` and `Holds`.
    pub dead_blocks: BTreeSet<BlockKey>,
    pub holding_asserts: BTreeSet<AssertId>,
    /// Blocks dead in their own procedure, whatever the caller
    /// (`driver::local_proofs`): `Infeasible` too, but proved before any
    /// run, so unlike the goals above they do not make this a run that
    /// goes on from another (whose goals left are mostly infeasible).
    pub locally_dead: BTreeSet<BlockKey>,
    /// The goals come from a run of this same program cut short by its
    /// share of the time limit: the tests behind `covered_blocks` are
    /// tests of this run, so what a run asks only before its first test
    /// (the whole-VC loop first) is not asked again.
    pub continued: bool,
}

impl DecidedGoals {
    /// Whether no goal is decided.
    pub fn is_empty(&self) -> bool {
        self.covered_blocks.is_empty()
            && self.failing_asserts.is_empty()
            && self.covered_loop_exits.is_empty()
            && self.dead_blocks.is_empty()
            && self.holding_asserts.is_empty()
    }
}

/// [`cover_tuned`] for the goals `decided` leaves open; mode
/// [`CoverMode::Statements`] (the other modes count paths or queries, and
/// take `decided` as it is too, but their numbers then mean less). In
/// statement cover, `near` adds tests near the solver's ([`RunsNear`]);
/// the other modes leave it unused.
#[allow(clippy::too_many_arguments)]
pub fn cover_undecided<'a>(
    program: &'a PassiveProgram,
    vc: &'a ReachabilityVc,
    solver: &mut Solver,
    mode: CoverMode,
    limits: &CoverLimits,
    tuning: &CoverTuning,
    entry: &'a str,
    sources: &'a SourceMap,
    decided: &DecidedGoals,
    near: Option<&'a mut (dyn RunsNear + 'a)>,
) -> CoverResult {
    let goals = Goals::of(program);
    let queries_before = solver.queries();
    let time_before = solver.time();
    let state = goals
        .list
        .iter()
        .map(|g| match g {
            Goal::Block(k) if decided.covered_blocks.contains(k) => GoalState::Covered,
            Goal::Block(k)
                if decided.dead_blocks.contains(k) || decided.locally_dead.contains(k) =>
            {
                GoalState::Refuted
            }
            Goal::Assert(a) if decided.failing_asserts.contains(a) => GoalState::Covered,
            Goal::Assert(a) if decided.holding_asserts.contains(a) => GoalState::Refuted,
            Goal::LoopExit(h, c) if decided.covered_loop_exits.contains(&(*h, *c)) => {
                GoalState::Covered
            }
            _ => GoalState::Open,
        })
        .collect();
    let mut run = Run {
        program,
        vc,
        sources,
        entry,
        state,
        windowed: vec![false; goals.list.len()],
        goals,
        tests: Vec::new(),
        paths: Vec::new(),
        // Not on small programs, whose questions the solver answers at
        // once (nor in the modes that count paths or queries).
        near: near.filter(|_| {
            mode == CoverMode::Statements && program.blocks.len() >= tuning.accelerate_from_blocks
        }),
        entered: Vec::new(),
        last_query: Duration::ZERO,
        inputs: Vec::new(),
        model_vars: Vec::new(),
        slot_of_var: vec![None; program.vars.len()],
        record_fields: Vec::new(),
        next_literal: 0,
        retire: String::new(),
        partial: false,
        tuning: CoverTuning {
            twin_after: tuning.twin_after.filter(|_| limits.time_limited),
            ..tuning.clone()
        },
        explore: None,
        search: SearchStats::default(),
        candidate: false,
        candidate_tests: Vec::new(),
        confirmation: Default::default(),
        seeded: !decided.is_empty(),
        earlier_tests: decided.continued
            && !(decided.covered_blocks.is_empty() && decided.failing_asserts.is_empty()),
        twin_queries: 0,
        twin_time: std::time::Duration::ZERO,
    };
    // The search runs on programs it can evaluate, in statement cover.
    let searchable = limits.search != SearchMode::Off
        && mode == CoverMode::Statements
        && vc.malformed.is_none()
        && !program.blocks.is_empty()
        && explore::evaluates_applications(vc)
        && !vc.features.quantifiers
        && explore::searchable(program);
    let outcome = match &vc.malformed {
        Some(m) => Err(format!("internal error: malformed passive program: {m}")),
        None if program.blocks.is_empty() => Ok(()),
        None if searchable && limits.search == SearchMode::Only => {
            run.collect_model_vars();
            Ok(())
        }
        None => {
            // Under a time limit, on a VC the solver may stall on (floats,
            // non-linear arithmetic, integer division: SMACK's bit
            // operations), the solver gets half the time left and the
            // search the rest (and what the solver does not use).
            let full = solver.deadline();
            if searchable && (vc.features.floats || vc.nonlinear || vc.divides) {
                solver.set_deadline(full.map(|d| d.share_for(2, 1)));
            }
            let outcome = run.run(solver, mode, limits).map_err(|e| e.message);
            solver.set_deadline(full);
            outcome
        }
    };
    let error = outcome.err();
    if let Some(e) = &error {
        // A path cover cut short by a solver failure is partial too.
        run.partial |= mode == CoverMode::Paths;
        for s in run.state.iter_mut() {
            if *s == GoalState::Open {
                *s = GoalState::Unknown(e.clone());
            }
        }
    }
    let mut search_error = None;
    if searchable {
        let slots = run.model_vars.clone();
        let mut concrete = accelerate::Concrete::new(program, vc, &slots);
        let stop = solver.deadline().map(|d| d.at);
        let runs = search::runs_per_goal(program.blocks.len());
        match run.cover_by_search(&mut concrete, runs, stop) {
            Ok(stats) => run.search.add(stats),
            Err(e) => search_error = Some(e.message),
        }
        if limits.search == SearchMode::Only {
            for s in run.state.iter_mut() {
                if *s == GoalState::Open {
                    *s = GoalState::Unknown("not reached by the search (--search only)".into());
                }
            }
        }
    }
    // A solver failure that the search made up for (every goal decided)
    // is no failure of the analysis.
    let decided = run
        .state
        .iter()
        .all(|s| matches!(s, GoalState::Covered | GoalState::Refuted));
    let error = match error {
        Some(_) if searchable && decided => None,
        other => other,
    }
    .or(search_error);
    let (twin_queries, twin_time) = (run.twin_queries, run.twin_time);
    let mut result = run.finish();
    result.error = error;
    result.queries = solver.queries() - queries_before + twin_queries;
    result.solver_time = solver.time().saturating_sub(time_before) + twin_time;
    result
}

/// The result of a run at a smaller unwinding (`shallow`) joined with
/// that of the run at the full unwinding (`deep`) that took `shallow`'s
/// covered goals as decided ([`DecidedGoals`]): `deep`'s tests are
/// numbered on after `shallow`'s, a goal `shallow` covered keeps its tests
/// (and gains `deep`'s through it), every other goal takes `deep`'s
/// verdict. Queries and solver time add up; the error is `deep`'s.
pub fn deepened(shallow: CoverResult, deep: CoverResult) -> CoverResult {
    let shift = shallow.tests.len();
    let mut tests = shallow.tests;
    tests.extend(deep.tests.into_iter().map(|mut t| {
        t.id += shift;
        t
    }));
    let blocks = joined(shallow.blocks, deep.blocks, shift);
    let loop_exits = joined(shallow.loop_exits, deep.loop_exits, shift);
    let mut asserts = shallow.asserts;
    for (id, verdict) in deep.asserts {
        if matches!(asserts.get(&id), Some(AssertVerdict::CanFail(_))) {
            continue;
        }
        let verdict = match verdict {
            AssertVerdict::CanFail(t) => AssertVerdict::CanFail(t + shift),
            other => other,
        };
        asserts.insert(id, verdict);
    }
    let mut candidates = shallow.candidates;
    candidates.extend(shifted(&deep.candidates, shift));
    let mut unconfirmed = shallow.unconfirmed;
    unconfirmed.extend(shifted(&deep.unconfirmed, shift));
    CoverResult {
        tests,
        blocks,
        asserts,
        loop_exits,
        queries: shallow.queries + deep.queries,
        solver_time: shallow.solver_time + deep.solver_time,
        partial: shallow.partial || deep.partial,
        error: deep.error,
        explore: deep.explore,
        search: SearchStats {
            goals: shallow.search.goals + deep.search.goals,
            covered: shallow.search.covered + deep.search.covered,
            runs: shallow.search.runs + deep.search.runs,
        },
        candidates,
        unconfirmed,
        vacuous: shallow.vacuous || deep.vacuous,
    }
}

/// Test ids numbered on by `shift`.
fn shifted(ids: &[usize], shift: usize) -> Vec<usize> {
    ids.iter().map(|i| i + shift).collect()
}

/// [`deepened`] for one kind of goal: a goal `shallow` covered keeps its
/// tests and gains `deep`'s (numbered on by `shift`); any other takes
/// `deep`'s verdict.
fn joined<K: Ord>(
    shallow: BTreeMap<K, BlockVerdict>,
    deep: BTreeMap<K, BlockVerdict>,
    shift: usize,
) -> BTreeMap<K, BlockVerdict> {
    let mut out = shallow;
    for (key, verdict) in deep {
        let verdict = match (out.get(&key), verdict) {
            (Some(BlockVerdict::Covered(earlier)), BlockVerdict::Covered(later)) => {
                let mut ids = earlier.clone();
                ids.extend(shifted(&later, shift));
                BlockVerdict::Covered(ids)
            }
            (Some(BlockVerdict::Covered(earlier)), _) => BlockVerdict::Covered(earlier.clone()),
            (_, BlockVerdict::Covered(later)) => BlockVerdict::Covered(shifted(&later, shift)),
            (_, other) => other,
        };
        out.insert(key, verdict);
    }
    out
}

impl Run<'_> {
    /// The dispatch: loads the VC (inside a `push`) as `mode` needs it and
    /// runs that mode's loop; pops afterwards.
    fn run(
        &mut self,
        solver: &mut Solver,
        mode: CoverMode,
        limits: &CoverLimits,
    ) -> Result<(), SolverError> {
        self.collect_model_vars();
        solver.set_logic_for(&self.vc.features, self.vc.nonlinear)?;
        if self.vc.features.quantifiers {
            self.check_vacuity(solver)?;
        }
        solver.push()?;
        let outcome = if mode == CoverMode::Statements
            && self.tuning.accelerate_statements
            && self.program.blocks.len() >= self.tuning.accelerate_from_blocks
        {
            self.accelerated_statement_cover(solver, limits)
        } else {
            let mut script = self.vc.declarations.clone();
            script.push_str(self.vc.definitions_for(solver.kind()));
            if mode == CoverMode::Paths {
                script.push_str(&self.vc.path_selection);
            }
            let _ = writeln!(script, "(assert {})", self.vc.r[0]);
            solver.send(&script).and_then(|()| match mode {
                CoverMode::Statements => self.statement_cover(solver),
                CoverMode::Paths => self.path_cover(solver, limits),
                CoverMode::PerBlock { reuse } => self.per_block_cover(solver, reuse),
                CoverMode::Greedy => self.greedy_cover(solver),
            })
        };
        // Pop even after an error, so that a solver that still works can
        // serve another program; the first error is the one reported.
        let popped = self.send(solver, "(pop 1)\n");
        outcome.and(popped)
    }

    /// The verdicts of the goals' final states, with the tests through
    /// each (queries, time and error are filled in by [`cover_tuned`]).
    fn finish(self) -> CoverResult {
        // Tests through each goal, in id order: along their passive
        // paths, and the goals runs near a test entered.
        let mut through: Vec<Vec<usize>> = vec![Vec::new(); self.goals.list.len()];
        let mut entered = self.entered.iter().peekable();
        for (i, path) in self.paths.iter().enumerate() {
            let id = i + 1;
            let goals = path.iter().filter_map(|&b| self.goals.goal_of_block[b]);
            let near = match entered.next_if(|(t, _)| *t == i) {
                Some((_, goals)) => goals.as_slice(),
                None => &[],
            };
            for g in goals.chain(near.iter().copied()) {
                if through[g].last() != Some(&id) {
                    through[g].push(id);
                }
            }
        }
        let mut blocks = BTreeMap::new();
        let mut asserts = BTreeMap::new();
        let mut loop_exits = BTreeMap::new();
        for (g, goal) in self.goals.list.iter().enumerate() {
            let state = &self.state[g];
            let reached = || match state {
                GoalState::Covered => BlockVerdict::Covered(through[g].clone()),
                GoalState::Refuted => BlockVerdict::Infeasible,
                GoalState::Unknown(r) => BlockVerdict::Unknown(r.clone()),
                GoalState::Open => BlockVerdict::Unknown("not decided".into()),
            };
            match goal {
                Goal::Block(key) => {
                    blocks.insert(*key, reached());
                }
                Goal::LoopExit(head, count) => {
                    loop_exits.insert((*head, *count), reached());
                }
                Goal::Assert(id) => {
                    let v = match (state, through[g].first()) {
                        (GoalState::Covered, Some(&t)) => AssertVerdict::CanFail(t),
                        (GoalState::Refuted, _) => AssertVerdict::Holds,
                        (GoalState::Unknown(r), _) => AssertVerdict::Unknown(r.clone()),
                        _ => AssertVerdict::Unknown("not decided".into()),
                    };
                    asserts.insert(*id, v);
                }
            }
        }
        CoverResult {
            tests: self.tests,
            blocks,
            asserts,
            loop_exits,
            queries: 0,
            solver_time: Duration::ZERO,
            partial: self.partial,
            error: None,
            explore: self.explore,
            search: self.search,
            candidates: self.candidate_tests,
            unconfirmed: self.confirmation.unconfirmed_tests,
            vacuous: self.confirmation.vacuous,
        }
    }
}
