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

mod accelerate;
mod explore;
mod flat;

use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram, SsaId, SsaRole};
use crate::ir::testcase::{Choice, FunctionPoint, Outcome, TestCase, Value};
use crate::ir::AssertId;
use crate::source::SourceMap;
use indexmap::IndexMap;
use std::collections::BTreeMap;
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
}

/// The original blocks a passive program can cover (the keys of its
/// `Code { ends_block: true }` pieces), sorted, each once.
pub fn goal_blocks(program: &PassiveProgram) -> Vec<BlockKey> {
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

/// At most this many paths are taken from one model in path cover (a model
/// can select exponentially many).
const PATHS_PER_MODEL: usize = 64;

/// Concrete exploration samples random valuations until this many in a row
/// find no new path.
const EXPLORE_SAMPLE_WINDOW: usize = 200;

/// Path cover turns to concrete exploration (see [`CoverTuning`]) once it
/// has found this many paths with the solver alone. (On the 80-program
/// corpus, measured alternately: 8 paths 6.4-6.5 s, 16 paths 6.5 s, 4
/// paths 7.0 s, 32 paths 7.2-7.3 s, with 1,255 queries at 8 against
/// 2,112 at 32.)
pub const EXPLORE_AFTER_PATHS: usize = 8;

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
}

impl Default for CoverTuning {
    fn default() -> CoverTuning {
        CoverTuning {
            explore_after_paths: Some(EXPLORE_AFTER_PATHS),
            accelerate_statements: true,
            accelerate_from_blocks: 400,
            forward_span: 400,
        }
    }
}

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
    let goals = Goals::of(program);
    let queries_before = solver.queries();
    let time_before = solver.time();
    let mut run = Run {
        program,
        vc,
        sources,
        entry,
        state: vec![GoalState::Open; goals.list.len()],
        windowed: vec![false; goals.list.len()],
        goals,
        tests: Vec::new(),
        paths: Vec::new(),
        inputs: Vec::new(),
        model_vars: Vec::new(),
        slot_of_var: vec![None; program.vars.len()],
        next_literal: 0,
        retire: String::new(),
        partial: false,
        tuning: tuning.clone(),
    };
    let outcome = match &vc.malformed {
        Some(m) => Err(format!("internal error: malformed passive program: {m}")),
        None if program.blocks.is_empty() => Ok(()),
        None => run.run(solver, mode, limits).map_err(|e| e.message),
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
    let mut result = run.finish();
    result.error = error;
    result.queries = solver.queries() - queries_before;
    result.solver_time = solver.time().saturating_sub(time_before);
    result
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Block(BlockKey),
    Assert(AssertId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum GoalState {
    Open,
    Covered,
    /// `unsat`: infeasible block, or assertion that holds.
    Refuted,
    Unknown(String),
}

/// The goals of a program and the passive blocks that serve them.
struct Goals {
    list: Vec<Goal>,
    /// Passive blocks serving each goal.
    serving: Vec<Vec<usize>>,
    /// The goal each passive block serves, if any.
    goal_of_block: Vec<Option<usize>>,
}

impl Goals {
    fn of(program: &PassiveProgram) -> Goals {
        let mut index: BTreeMap<(u8, usize, usize), usize> = BTreeMap::new();
        let mut list = Vec::new();
        let mut serving: Vec<Vec<usize>> = Vec::new();
        let mut goal_of_block = vec![None; program.blocks.len()];
        // Goals in a stable order: blocks by key, then assertions by id.
        let mut found: Vec<(Goal, usize)> = Vec::new();
        for (b, block) in program.blocks.iter().enumerate() {
            match block.role {
                BlockRole::Code {
                    key,
                    ends_block: true,
                } => found.push((Goal::Block(key), b)),
                BlockRole::AssertFail(id) => found.push((Goal::Assert(id), b)),
                _ => {}
            }
        }
        let sort_key = |g: &Goal| match g {
            Goal::Block(k) => (0u8, k.proc.0, k.block.index()),
            Goal::Assert(a) => (1u8, a.0, 0),
        };
        found.sort_by_key(|(g, b)| (sort_key(g), *b));
        for (g, b) in found {
            let i = *index.entry(sort_key(&g)).or_insert_with(|| {
                list.push(g);
                serving.push(Vec::new());
                list.len() - 1
            });
            serving[i].push(b);
            goal_of_block[b] = Some(i);
        }
        Goals {
            list,
            serving,
            goal_of_block,
        }
    }
}

/// The state of one cover run.
struct Run<'a> {
    program: &'a PassiveProgram,
    vc: &'a ReachabilityVc,
    sources: &'a SourceMap,
    entry: &'a str,
    goals: Goals,
    state: Vec<GoalState>,
    tests: Vec<TestCase>,
    /// The passive path of each test.
    paths: Vec<Vec<usize>>,
    /// The entry's inputs: source name and SSA variable, in variable order.
    inputs: Vec<(String, SsaId)>,
    /// The SSA variables whose values a test needs (inputs and choices).
    model_vars: Vec<SsaId>,
    /// Position of a variable in `model_vars`.
    slot_of_var: Vec<Option<usize>>,
    next_literal: usize,
    /// Per goal: window queries were asked about it (statement cover's
    /// accelerators ask them at most once per goal).
    windowed: Vec<bool>,
    /// `(assert (not A))` for the last activation literal, not yet sent.
    retire: String,
    partial: bool,
    tuning: CoverTuning,
}

/// What one model says: which selectors are true (R per block in statement
/// cover, E per edge in path cover) and the values of `model_vars`.
struct Model {
    selected: Vec<bool>,
    values: Vec<Value>,
}

impl Run<'_> {
    fn run(
        &mut self,
        solver: &mut Solver,
        mode: CoverMode,
        limits: &CoverLimits,
    ) -> Result<(), SolverError> {
        self.collect_model_vars();
        solver.set_logic_for(&self.vc.features, self.vc.nonlinear)?;
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

    fn collect_model_vars(&mut self) {
        let add = |v: SsaId, vars: &mut Vec<SsaId>, slots: &mut Vec<Option<usize>>| {
            if let Some(slot) = slots.get_mut(v.0) {
                if slot.is_none() {
                    *slot = Some(vars.len());
                    vars.push(v);
                }
            }
        };
        for (i, v) in self.program.vars.iter().enumerate() {
            if let SsaRole::Input { name } = &v.role {
                self.inputs.push((name.clone(), SsaId(i)));
                add(SsaId(i), &mut self.model_vars, &mut self.slot_of_var);
            }
        }
        for block in &self.program.blocks {
            for c in &block.choices {
                add(c.ssa, &mut self.model_vars, &mut self.slot_of_var);
            }
        }
    }

    // ----- statement cover (Algorithm 2) -------------------------------

    /// Statement cover with the accelerators of [`accelerate`] in front:
    /// concrete runs cover what they can; the enabling-clause loop on the
    /// forward VC covers the rest (each model completed by a concrete run)
    /// and refutes what stays open (its final `unsat`). Only if that stops
    /// short (an `unknown`, goals whose models do not complete, programs
    /// concrete runs do not support) do window queries refute what they
    /// can and Algorithm 2 proper (enabling clauses over the whole VC)
    /// decide the goals still open, ending on its `unsat`. Under a time
    /// limit ([`CoverLimits::time_limited`]) the smallest window queries
    /// go before the forward VC as well.
    fn accelerated_statement_cover(
        &mut self,
        solver: &mut Solver,
        limits: &CoverLimits,
    ) -> Result<(), SolverError> {
        self.send(solver, &self.vc.declarations)?;
        let slots = self.model_vars.clone();
        if explore::supports(self.program) && self.vc.applications.is_empty() {
            let mut c = accelerate::Concrete::new(self.program, self.vc, &slots);
            self.cover_by_runs(&mut c)?;
            if limits.time_limited {
                let open = self.open_goals();
                self.refute_by_small_windows(solver, &open)?;
            }
            self.cover_by_forward_vc(&mut c, solver)?;
        }
        if self.open_goals().is_empty() {
            return Ok(());
        }
        let open = self.open_goals();
        self.refute_by_windows(solver, &open)?;
        if self.open_goals().is_empty() {
            return Ok(());
        }
        let mut script = self.vc.definitions_for(solver.kind()).to_string();
        let _ = writeln!(script, "(assert {})", self.vc.r[0]);
        self.send(solver, &script)?;
        self.statement_cover(solver)
    }

    fn statement_cover(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        // Selectors: R_b of every block.
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        loop {
            let open: Vec<usize> = self.open_goals();
            if open.is_empty() {
                return Ok(());
            }
            let targets: Vec<&str> = open
                .iter()
                .flat_map(|&g| self.goals.serving[g].iter())
                .map(|&b| self.vc.r[b].as_str())
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    let before = self.tests.len();
                    let paths = self.greedy_paths(&model.selected, |p, b| {
                        model.selected[p] && model.selected[b]
                    })?;
                    for path in paths {
                        self.add_test(path, &model.values)?;
                    }
                    if self.tests.len() == before {
                        return Err(SolverError {
                            message:
                                "internal error: a model of the enabling clause covers no open goal"
                                    .into(),
                        });
                    }
                }
                SatAnswer::Unsat => {
                    self.refute(&open);
                    return Ok(());
                }
                SatAnswer::Unknown(_) => {
                    return self.one_query_per_goal(solver, &terms, reach_of, false, None);
                }
            }
        }
    }

    /// After an `unknown`: asks about each open goal alone, so that only the
    /// goals the solver really cannot decide stay `Unknown`. `selector`
    /// names the Boolean saying that a block is on the model's path(s).
    fn one_query_per_goal(
        &mut self,
        solver: &mut Solver,
        terms: &[String],
        selector: fn(&ReachabilityVc, usize) -> &str,
        by_edges: bool,
        max_tests: Option<usize>,
    ) -> Result<(), SolverError> {
        for g in self.open_goals() {
            if self.state[g] != GoalState::Open {
                continue; // covered by a test found for an earlier goal
            }
            if max_tests.is_some_and(|max| self.tests.len() >= max) {
                self.stop_at_limit();
                return Ok(());
            }
            let targets: Vec<&str> = self.goals.serving[g]
                .iter()
                .map(|&b| selector(self.vc, b))
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let model = self.model(solver, terms)?;
                    let paths = if by_edges {
                        let active = self.active_blocks_by_edges(&model.selected);
                        let edges = self.edge_index();
                        self.greedy_paths(&active, |p, b| {
                            edges.get(&(p, b)).is_some_and(|&e| model.selected[e])
                        })?
                    } else {
                        self.greedy_paths(&model.selected, |p, b| {
                            model.selected[p] && model.selected[b]
                        })?
                    };
                    let paths =
                        within_room(paths, &self.goals.serving[g], max_tests, self.tests.len());
                    for path in paths {
                        if by_edges {
                            self.block_path(solver, &path)?;
                        }
                        self.add_test(path, &model.values)?;
                    }
                    if self.state[g] == GoalState::Open {
                        return Err(SolverError {
                            message: "internal error: a model of a goal's clause does not cover it"
                                .into(),
                        });
                    }
                }
                SatAnswer::Unsat => self.refute(&[g]),
                SatAnswer::Unknown(reason) => self.state[g] = GoalState::Unknown(reason),
            }
        }
        Ok(())
    }

    // ----- one query per goal (the "doomed program points" baseline) ---

    /// Asks about each goal alone, in goal order. With `reuse`, a model's
    /// runs cover every open goal they pass (as in statement cover) and
    /// covered goals are skipped; without it every goal is asked about and
    /// gets one test through it.
    fn per_block_cover(&mut self, solver: &mut Solver, reuse: bool) -> Result<(), SolverError> {
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        for g in 0..self.goals.list.len() {
            if reuse && self.state[g] != GoalState::Open {
                continue;
            }
            let targets: Vec<&str> = self.goals.serving[g]
                .iter()
                .map(|&b| self.vc.r[b].as_str())
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    if reuse {
                        let paths = self.greedy_paths(&model.selected, |p, b| {
                            model.selected[p] && model.selected[b]
                        })?;
                        for path in paths {
                            self.add_test(path, &model.values)?;
                        }
                    } else {
                        let path = self.path_through(&model.selected, g)?;
                        self.add_test(path, &model.values)?;
                    }
                    if self.state[g] != GoalState::Covered {
                        return Err(SolverError {
                            message: "internal error: a model of a goal's clause does not cover it"
                                .into(),
                        });
                    }
                }
                SatAnswer::Unsat => self.refute(&[g]),
                SatAnswer::Unknown(reason) => self.state[g] = GoalState::Unknown(reason),
            }
        }
        Ok(())
    }

    /// One path of R-true blocks through some R-true block serving goal
    /// `g`, from the entry to a block without successor.
    fn path_through(&self, selected: &[bool], g: usize) -> Result<Vec<usize>, SolverError> {
        let t = self.goals.serving[g]
            .iter()
            .copied()
            .find(|&b| selected[b])
            .ok_or_else(|| inconsistent_model("no R-true block serves the asked goal"))?;
        let mut path = vec![t];
        let mut b = t;
        while b != 0 {
            b = self.vc.preds[b]
                .iter()
                .copied()
                .find(|&p| selected[p])
                .ok_or_else(|| inconsistent_model("an active block with no active predecessor"))?;
            path.push(b);
        }
        path.reverse();
        let mut b = t;
        while !self.vc.succs[b].is_empty() {
            b = self.vc.succs[b]
                .iter()
                .map(|(s, _)| *s)
                .find(|&s| selected[s])
                .ok_or_else(|| inconsistent_model("an active block with no active successor"))?;
            path.push(b);
        }
        Ok(path)
    }

    // ----- greedy cover (query-optimal, by cardinality constraints) -----

    /// Each round: the open goals O; ask for a model passing at least 1 of
    /// them (the enabling clause of statement cover); while `sat` with m
    /// goals passed, ask for at least m+1 (a pseudo-Boolean sum of
    /// `(ite (or R_b ...) 1 0)` over O, which every SMT-LIB solver with
    /// integers reads); the last `sat` model gives the round's tests. The
    /// first query of a round answering `unsat` refutes all of O.
    fn greedy_cover(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        loop {
            let open: Vec<usize> = self.open_goals();
            if open.is_empty() {
                return Ok(());
            }
            let passes: Vec<String> = open
                .iter()
                .map(|&g| {
                    let rs: Vec<&str> = self.goals.serving[g]
                        .iter()
                        .map(|&b| self.vc.r[b].as_str())
                        .collect();
                    if rs.len() == 1 {
                        rs[0].to_string()
                    } else {
                        format!("(or {})", rs.join(" "))
                    }
                })
                .collect();
            let at_least_one: Vec<&str> = passes.iter().map(String::as_str).collect();
            let mut best = match self.query(solver, &at_least_one)? {
                SatAnswer::Sat => self.model(solver, &terms)?,
                SatAnswer::Unsat => {
                    self.refute(&open);
                    return Ok(());
                }
                SatAnswer::Unknown(_) => {
                    return self.one_query_per_goal(solver, &terms, reach_of, false, None);
                }
            };
            let sum = format!(
                "(+ 0 {})",
                passes
                    .iter()
                    .map(|p| format!("(ite {p} 1 0)"))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            loop {
                let passed = open
                    .iter()
                    .filter(|&&g| self.goals.serving[g].iter().any(|&b| best.selected[b]))
                    .count();
                if passed >= open.len() {
                    break;
                }
                let stronger = format!("(>= {sum} {})", passed + 1);
                match self.query(solver, &[stronger.as_str()])? {
                    SatAnswer::Sat => best = self.model(solver, &terms)?,
                    SatAnswer::Unsat | SatAnswer::Unknown(_) => break,
                }
            }
            let before = self.tests.len();
            let paths =
                self.greedy_paths(&best.selected, |p, b| best.selected[p] && best.selected[b])?;
            for path in paths {
                self.add_test(path, &best.values)?;
            }
            if self.tests.len() == before {
                return Err(SolverError {
                    message: "internal error: a model of the greedy clause covers no open goal"
                        .into(),
                });
            }
        }
    }

    // ----- path cover (Algorithm 1) ------------------------------------

    /// Enumerates paths with blocking clauses. The paper blocks the set of
    /// R-true blocks of each model, `not (and R_b ...)`. That clause (and
    /// also `not (and R_b ...)` over one path's blocks) forbids every
    /// *valuation* under which those blocks are reachable, not one path: if
    /// path P is feasible under every valuation and path Q only under some,
    /// a first model with Q infeasible blocks P and with it every valuation,
    /// so Q is never found and its blocks look infeasible. So paths are
    /// blocked by their edges instead, `not (and E_b_s ...)`, over the
    /// path-selection variables of the VC: the selected edges of a model
    /// form complete R-true paths, and a set of selected edges that holds
    /// every edge of P contains P itself, so the clause removes exactly the
    /// path P (every path of a model that satisfies it is new). It
    /// strengthens the paper's clause into one per path; each model yields
    /// every path its selected edges form (up to [`PATHS_PER_MODEL`]).
    ///
    /// With [`CoverTuning::explore_after_paths`], once that many paths are
    /// found, paths are also found by concrete runs in Rust
    /// ([`explore`]): random valuations, then mutations of every valuation
    /// that found a new path. Each later model is read for the inputs' and
    /// choices' values only, and the paths feasible under them are found by
    /// running the program on them (falling back to the edge variables if
    /// that finds no new path); its valuation seeds the next search. Every
    /// path found either way is blocked by its edges, so the solver's final
    /// `unsat` still proves that no other path exists.
    fn path_cover(&mut self, solver: &mut Solver, limits: &CoverLimits) -> Result<(), SolverError> {
        let edges = self.edge_list();
        let edge_count = edges.len();
        let mut terms: Vec<String> = edges.iter().map(|&(_, _, name)| name.to_string()).collect();
        drop(edges);
        self.push_value_terms(&mut terms);
        let value_terms: Vec<String> = terms[edge_count..].to_vec();
        let program = self.program;
        let vc = self.vc;
        let slots = self.model_vars.clone();
        let mut explorer = explore::Explorer::new(program, &vc.succs, &slots);
        let mut exploring = false;
        // Solver valuations seen before exploring starts: its first seeds.
        let mut seeds: Vec<explore::Seed> = Vec::new();
        loop {
            let room = match limits.max_tests {
                Some(max) if self.tests.len() >= max => {
                    self.stop_at_limit();
                    return Ok(());
                }
                Some(max) => max - self.tests.len(),
                None => usize::MAX,
            };
            if !exploring
                && explore::supports(self.program)
                && self.vc.applications.is_empty()
                && self
                    .tuning
                    .explore_after_paths
                    .is_some_and(|after| self.tests.len() >= after)
            {
                exploring = true;
                let found = explorer.explore_in_parts(
                    std::mem::take(&mut seeds),
                    EXPLORE_SAMPLE_WINDOW,
                    room,
                    PATHS_PER_MODEL,
                );
                self.block_and_add(solver, found)?;
                continue;
            }
            match self.query(solver, &[])? {
                SatAnswer::Sat if exploring => {
                    let values = solver.get_values(&value_terms)?;
                    let valuation: Option<Vec<explore::Val>> =
                        values.iter().map(explore::Val::of_value).collect();
                    let mut found = Vec::new();
                    if let Some(v) = &valuation {
                        for p in explorer.new_paths_under(v, PATHS_PER_MODEL.min(room)) {
                            found.push((p, v.clone()));
                        }
                    }
                    if found.is_empty() {
                        // Not evaluable here: read the selected edges.
                        let selected = self.selected_edges(solver, &terms[..edge_count])?;
                        for p in self.selected_paths(&selected, PATHS_PER_MODEL.min(room))? {
                            explorer.insert_known(&p);
                            self.add_test(p.clone(), &values)?;
                            self.block_path(solver, &p)?;
                        }
                        continue;
                    }
                    if let Some(v) = valuation {
                        let left = room.saturating_sub(found.len());
                        let first = Some(found[0].0.clone());
                        found.extend(explorer.search(vec![(v, first)], left, PATHS_PER_MODEL));
                    }
                    self.block_and_add(solver, found)?;
                }
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    let paths = self.selected_paths(&model.selected, room.min(PATHS_PER_MODEL))?;
                    let mut clauses = String::new();
                    for path in &paths {
                        let _ = writeln!(clauses, "(assert {})", self.blocking_clause(path));
                    }
                    self.send(solver, &clauses)?;
                    if let Some(v) = model
                        .values
                        .iter()
                        .map(explore::Val::of_value)
                        .collect::<Option<Vec<_>>>()
                    {
                        seeds.push((v, paths.first().cloned()));
                    }
                    for path in paths {
                        explorer.insert_known(&path);
                        self.add_test(path, &model.values)?;
                    }
                }
                SatAnswer::Unsat => {
                    if std::env::var_os("BICD_EXPLORE_STATS").is_some() {
                        eprintln!(
                            "explore: {} runs, {} steer walks, {} enters, {} tests",
                            explorer.runs,
                            explorer.steer_walks,
                            explorer.enters(),
                            self.tests.len()
                        );
                    }
                    let open = self.open_goals();
                    self.refute(&open);
                    return Ok(());
                }
                SatAnswer::Unknown(_) => {
                    self.partial = true;
                    return self.one_query_per_goal(
                        solver,
                        &terms,
                        selected_of,
                        true,
                        limits.max_tests,
                    );
                }
            }
        }
    }

    /// The values of the edge variables `edge_terms` in the last model.
    fn selected_edges(
        &self,
        solver: &mut Solver,
        edge_terms: &[String],
    ) -> Result<Vec<bool>, SolverError> {
        solver
            .get_values(edge_terms)?
            .into_iter()
            .map(|v| match v {
                Value::Bool(b) => Ok(b),
                _ => Err(inconsistent_model("a non-Boolean value for a Boolean")),
            })
            .collect()
    }

    /// Blocks every path of `found` (one write) and makes a test of each
    /// with its valuation.
    fn block_and_add(
        &mut self,
        solver: &mut Solver,
        found: Vec<(Vec<usize>, Vec<explore::Val>)>,
    ) -> Result<(), SolverError> {
        if found.is_empty() {
            return Ok(());
        }
        let mut clauses = String::new();
        for (path, _) in &found {
            let _ = writeln!(clauses, "(assert {})", self.blocking_clause(path));
        }
        self.send(solver, &clauses)?;
        for (path, valuation) in found {
            let values: Vec<Value> = valuation.iter().map(|v| v.to_value()).collect();
            self.add_test(path, &values)?;
        }
        Ok(())
    }

    /// The test limit is reached: the goals still open stay undecided.
    fn stop_at_limit(&mut self) {
        self.partial = true;
        let reason = format!(
            "path cover stopped after {} tests (the test limit) before reaching it",
            self.tests.len()
        );
        for s in self.state.iter_mut() {
            if *s == GoalState::Open {
                *s = GoalState::Unknown(reason.clone());
            }
        }
    }

    /// Every edge of the VC's graph: (from, to, name of E), in the order
    /// of the selector terms.
    fn edge_list(&self) -> Vec<(usize, usize, &str)> {
        self.vc
            .succs
            .iter()
            .enumerate()
            .flat_map(|(b, out)| out.iter().map(move |(t, e)| (b, *t, e.as_str())))
            .collect()
    }

    fn edge_index(&self) -> std::collections::HashMap<(usize, usize), usize> {
        self.edge_list()
            .into_iter()
            .enumerate()
            .map(|(i, (b, t, _))| ((b, t), i))
            .collect()
    }

    /// Blocks reachable from the entry along selected edges.
    fn active_blocks_by_edges(&self, selected: &[bool]) -> Vec<bool> {
        let n = self.program.blocks.len();
        let mut active = vec![false; n];
        active[0] = true;
        let mut e = 0;
        for b in 0..n {
            for (t, _) in &self.vc.succs[b] {
                if active[b] && selected.get(e).copied().unwrap_or(false) {
                    active[*t] = true;
                }
                e += 1;
            }
        }
        active
    }

    /// Up to `limit` complete paths along selected edges, depth first.
    fn selected_paths(
        &self,
        selected: &[bool],
        limit: usize,
    ) -> Result<Vec<Vec<usize>>, SolverError> {
        // Index of the first edge of each block in `selected`.
        let mut first_edge = Vec::with_capacity(self.vc.succs.len());
        let mut e = 0;
        for out in &self.vc.succs {
            first_edge.push(e);
            e += out.len();
        }
        let mut paths = Vec::new();
        // Stack of (block, next successor position to try).
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        while let Some(&(b, next)) = stack.last() {
            let out = &self.vc.succs[b];
            if out.is_empty() {
                paths.push(stack.iter().map(|&(x, _)| x).collect());
                stack.pop();
                if paths.len() >= limit {
                    break;
                }
                continue;
            }
            let found = (next..out.len()).find(|&pos| selected[first_edge[b] + pos]);
            let top = stack.len() - 1;
            match found {
                Some(pos) => {
                    stack[top].1 = pos + 1;
                    stack.push((out[pos].0, 0));
                }
                None => {
                    stack.pop();
                }
            }
        }
        if paths.is_empty() {
            return Err(inconsistent_model("no selected path from the entry"));
        }
        Ok(paths)
    }

    /// `(not (and E ...))` over the edges of `path`; a path without edges
    /// (the entry has no successor) is the only path, so `false`.
    fn blocking_clause(&self, path: &[usize]) -> String {
        let edges: Vec<&str> = path
            .windows(2)
            .map(|w| {
                self.vc.succs[w[0]]
                    .iter()
                    .find(|(t, _)| *t == w[1])
                    .map(|(_, e)| e.as_str())
                    .unwrap_or("true")
            })
            .collect();
        if edges.is_empty() {
            "false".to_string()
        } else if edges.len() == 1 {
            format!("(not {})", edges[0])
        } else {
            format!("(not (and {}))", edges.join(" "))
        }
    }

    fn block_path(&mut self, solver: &mut Solver, path: &[usize]) -> Result<(), SolverError> {
        let clause = format!("(assert {})\n", self.blocking_clause(path));
        self.send(solver, &clause)
    }

    // ----- shared --------------------------------------------------------

    fn open_goals(&self) -> Vec<usize> {
        (0..self.state.len())
            .filter(|&g| self.state[g] == GoalState::Open)
            .collect()
    }

    fn refute(&mut self, goals: &[usize]) {
        for &g in goals {
            if self.state[g] == GoalState::Open {
                self.state[g] = GoalState::Refuted;
            }
        }
    }

    fn push_value_terms(&self, terms: &mut Vec<String>) {
        terms.extend(
            self.model_vars
                .iter()
                .map(|v| self.program.vars[v.0].smt_name.clone()),
        );
        // Function points: each ground application of an uninterpreted
        // function, its arguments and then its value.
        for a in &self.vc.applications {
            terms.extend(a.args.iter().cloned());
            terms.push(a.term.clone());
        }
    }

    /// One query: `(check-sat-assuming (A))` with a fresh activation literal
    /// `A => (or targets...)`, or a plain check without targets. The literal
    /// is retired (`(assert (not A))`) with the next command sent, after
    /// the model has been read (an assertion discards the model).
    fn query(&mut self, solver: &mut Solver, targets: &[&str]) -> Result<SatAnswer, SolverError> {
        if targets.is_empty() {
            self.send(solver, "")?;
            return solver.check_sat_assuming(&[]);
        }
        let lit = format!("{}A_{}", self.vc.fresh_prefix, self.next_literal);
        self.next_literal += 1;
        let mut text = format!("(declare-const {lit} Bool)\n(assert (=> {lit} (or");
        for t in targets {
            text.push(' ');
            text.push_str(t);
        }
        text.push_str(")))\n");
        self.send(solver, &text)?;
        let answer = solver.check_sat_assuming(&[lit.as_str()]);
        self.retire = format!("(assert (not {lit}))\n");
        answer
    }

    /// Sends `text` after the pending retirement of the last literal.
    fn send(&mut self, solver: &mut Solver, text: &str) -> Result<(), SolverError> {
        let mut all = std::mem::take(&mut self.retire);
        all.push_str(text);
        if all.is_empty() {
            return Ok(());
        }
        solver.send(&all)
    }

    /// Reads one model: the Boolean selectors, then the values of
    /// `model_vars` (one `get-value`).
    fn model(&self, solver: &mut Solver, terms: &[String]) -> Result<Model, SolverError> {
        let mut values = solver.get_values(terms)?;
        let n_sel = terms.len()
            - self.model_vars.len()
            - self
                .vc
                .applications
                .iter()
                .map(|a| a.args.len() + 1)
                .sum::<usize>();
        let rest = values.split_off(n_sel);
        let selected = values
            .into_iter()
            .map(|v| match v {
                Value::Bool(b) => Ok(b),
                _ => Err(inconsistent_model("a non-Boolean value for a Boolean")),
            })
            .collect::<Result<Vec<bool>, SolverError>>()?;
        Ok(Model {
            selected,
            values: rest,
        })
    }

    /// Few paths of active blocks that together pass every active block
    /// serving an open goal: for each such block not yet on a chosen path,
    /// walk back to the entry and forward to a sink along `edge`, preferring
    /// blocks that serve goals no chosen path covers yet.
    fn greedy_paths(
        &self,
        active: &[bool],
        edge: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<Vec<usize>>, SolverError> {
        let n = self.program.blocks.len();
        let mut newly = vec![false; self.goals.list.len()];
        let wanted = |b: usize, newly: &[bool]| {
            self.goals
                .goal_of_block
                .get(b)
                .copied()
                .flatten()
                .is_some_and(|g| self.state[g] == GoalState::Open && !newly[g])
        };
        let mut paths = Vec::new();
        for (t, &is_active) in active.iter().enumerate().take(n) {
            if !is_active || !wanted(t, &newly) {
                continue;
            }
            // Backward to the entry.
            let mut back = vec![t];
            let mut b = t;
            while b != 0 {
                let preds = &self.vc.preds[b];
                let choice = preds
                    .iter()
                    .copied()
                    .filter(|&p| edge(p, b))
                    .max_by_key(|&p| wanted(p, &newly));
                match choice {
                    Some(p) => {
                        back.push(p);
                        b = p;
                    }
                    None => {
                        return Err(inconsistent_model(
                            "an active block with no active predecessor",
                        ))
                    }
                }
            }
            back.reverse();
            // Forward to a sink.
            let mut path = back;
            let mut b = t;
            while !self.vc.succs[b].is_empty() {
                let choice = self.vc.succs[b]
                    .iter()
                    .map(|(s, _)| *s)
                    .filter(|&s| edge(b, s))
                    .max_by_key(|&s| wanted(s, &newly));
                match choice {
                    Some(s) => {
                        path.push(s);
                        b = s;
                    }
                    None => {
                        return Err(inconsistent_model(
                            "an active block with no active successor",
                        ))
                    }
                }
            }
            for &x in &path {
                if let Some(g) = self.goals.goal_of_block[x] {
                    newly[g] = true;
                }
            }
            paths.push(path);
        }
        Ok(paths)
    }

    /// Makes the test of `path` under the model values and marks the goals
    /// it covers.
    fn add_test(&mut self, path: Vec<usize>, values: &[Value]) -> Result<(), SolverError> {
        // A value as its variable's type reads it (yices prints a whole
        // real as an integer).
        let value_of = |v: SsaId| -> Result<Value, SolverError> {
            self.slot_of_var
                .get(v.0)
                .copied()
                .flatten()
                .and_then(|s| values.get(s).cloned())
                .map(|x| match self.program.vars.get(v.0) {
                    Some(var) => crate::back::solver::conform_value(x, &var.ty),
                    None => x,
                })
                .ok_or_else(|| SolverError {
                    message: format!("internal error: no model value for SSA variable {}", v.0),
                })
        };
        let mut inputs = IndexMap::with_capacity(self.inputs.len());
        for (name, v) in &self.inputs {
            inputs.insert(name.clone(), value_of(*v)?);
        }
        let mut choices = Vec::new();
        let mut trace = Vec::new();
        for &b in &path {
            let block = &self.program.blocks[b];
            if let Some(step) = &block.enters {
                trace.push(step.clone());
            }
            for c in &block.choices {
                choices.push(Choice {
                    kind: c.kind,
                    proc: c.proc.clone(),
                    var: c.var.clone(),
                    value: value_of(c.ssa)?,
                    line: self.sources.line(c.span),
                });
            }
            if let Some(g) = self.goals.goal_of_block[b] {
                self.state[g] = GoalState::Covered;
            }
        }
        let mut functions: Vec<FunctionPoint> = Vec::new();
        let mut at = self.model_vars.len();
        for a in &self.vc.applications {
            let n = a.args.len();
            let (Some(args), Some(value)) = (values.get(at..at + n), values.get(at + n)) else {
                return Err(SolverError {
                    message: "internal error: no model value for a function application".into(),
                });
            };
            at += n + 1;
            let point = FunctionPoint {
                function: a.function.name.clone(),
                args: args
                    .iter()
                    .zip(&a.function.params)
                    .map(|(x, (_, ty))| crate::back::solver::conform_value(x.clone(), ty))
                    .collect(),
                value: crate::back::solver::conform_value(value.clone(), &a.function.result),
            };
            if !functions
                .iter()
                .any(|p| p.function == point.function && p.args == point.args)
            {
                functions.push(point);
            }
        }
        let outcome = match path.last().map(|&b| &self.program.blocks[b].role) {
            Some(BlockRole::AssertFail(id)) => Outcome::AssertionFails(*id),
            _ => Outcome::Returns,
        };
        self.tests.push(TestCase {
            id: self.tests.len() + 1,
            entry: self.entry.to_string(),
            inputs,
            choices,
            trace,
            functions,
            outcome,
        });
        self.paths.push(path);
        Ok(())
    }

    fn finish(self) -> CoverResult {
        // Tests through each goal, in id order.
        let mut through: Vec<Vec<usize>> = vec![Vec::new(); self.goals.list.len()];
        for (i, path) in self.paths.iter().enumerate() {
            let id = i + 1;
            for &b in path {
                if let Some(g) = self.goals.goal_of_block[b] {
                    if through[g].last() != Some(&id) {
                        through[g].push(id);
                    }
                }
            }
        }
        let mut blocks = BTreeMap::new();
        let mut asserts = BTreeMap::new();
        for (g, goal) in self.goals.list.iter().enumerate() {
            let state = &self.state[g];
            match goal {
                Goal::Block(key) => {
                    let v = match state {
                        GoalState::Covered => BlockVerdict::Covered(through[g].clone()),
                        GoalState::Refuted => BlockVerdict::Infeasible,
                        GoalState::Unknown(r) => BlockVerdict::Unknown(r.clone()),
                        GoalState::Open => BlockVerdict::Unknown("not decided".into()),
                    };
                    blocks.insert(*key, v);
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
            queries: 0,
            solver_time: Duration::ZERO,
            partial: self.partial,
            error: None,
        }
    }
}

fn inconsistent_model(what: &str) -> SolverError {
    SolverError {
        message: format!("internal error: inconsistent model: {what}"),
    }
}

/// `R_b`: block b is on a path of the model (statement cover).
fn reach_of(vc: &ReachabilityVc, b: usize) -> &str {
    &vc.r[b]
}

/// `S_b`: block b is on a selected path of the model (path cover).
/// At most the room `max_tests` leaves after `found` tests (at least one)
/// of a model's `paths`, the first through a block of `serving` (the asked
/// goal's blocks) first: one model must not overshoot `--max-tests`.
fn within_room(
    mut paths: Vec<Vec<usize>>,
    serving: &[usize],
    max_tests: Option<usize>,
    found: usize,
) -> Vec<Vec<usize>> {
    if let Some(max) = max_tests {
        if let Some(i) = paths
            .iter()
            .position(|p| p.iter().any(|b| serving.contains(b)))
        {
            paths[..=i].rotate_right(1);
        }
        paths.truncate(max.saturating_sub(found).max(1));
    }
    paths
}

fn selected_of(vc: &ReachabilityVc, b: usize) -> &str {
    &vc.s[b]
}
