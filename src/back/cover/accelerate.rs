//! Accelerators in front of statement cover (Algorithm 2, enabling
//! clauses): they decide most goals cheaply, so that the enabling-clause
//! loop on the whole VC has few goals left (usually none).
//!
//! Takes: a [`Run`] in statement-cover mode, with the VC's declarations
//! (not yet its definitions) loaded in the solver. Gives: goals marked
//! covered (with tests) or refuted (`unsat`); the rest stay open for
//! Algorithm 2 proper ([`Run::statement_cover`]), whose final `unsat`
//! proves them infeasible.
//!
//! 1. Concrete runs ([`Run::cover_by_runs`], programs the explorer
//!    evaluates: [`super::explore::searchable`]):
//!    random valuations, then, for each open goal, valuations steered
//!    into it from a test that reaches one of its predecessors
//!    ([`super::explore`]). Each run that covers an open goal becomes a
//!    test: its path and valuation, like every test, replayed later by the
//!    interpreter. Sound because a concrete run whose assumptions all hold
//!    is a terminating execution (see [`super::explore`]).
//! 2. The forward VC ([`Run::cover_by_forward_vc`], the same programs):
//!    Algorithm 2's loop on `R_b => stmts(b) && OR R_p`
//!    ([`crate::back::vc::ReachabilityVc::forward_definitions`]), which asks
//!    only for a path from the entry to an open goal, not for one that
//!    goes on to terminate. A model's inputs are run concretely along its
//!    path and on to an exit; only a run that terminates becomes a test.
//!    An `unsat` proves every goal asked about unreachable, so infeasible:
//!    a path to it with its assumptions holding would be a model. Why: on
//!    a chain of diamonds the whole VC makes the solver carry every later
//!    diamond along in each query (100 diamonds: 7.0 s with whole-VC
//!    queries, 0.7 s with this; 300 diamonds: more than 240 s, 23 s).
//!    On long programs the loop asks about the shallowest goals first, a
//!    span of `CoverTuning::forward_span` blocks at a time, with the
//!    forward VC loaded only as far as they go (300 diamonds: 23 s became
//!    11 s). After an `unknown`, window queries (3.) refute what they can
//!    of the span and the rest is asked again; after a second `unknown`
//!    it is left to the whole VC.
//! 3. Window refutation ([`Run::refute_by_windows`], for goals the
//!    forward VC left open; under a time limit the smallest window also
//!    for every goal the runs left open, before the forward VC:
//!    [`Run::refute_by_small_windows`], [`super::CoverLimits::time_limited`]):
//!    for an open goal, a
//!    small formula over the blocks near it. For a set S of blocks, every
//!    `b` in S gets `W'_b <=> stmts(b) && OR_s W'_s` where a successor
//!    outside S counts as `true`, and `R'_b <=> W'_b && OR_p R'_p` where a
//!    predecessor outside S counts as `true` (the entry: `R'_b <=> W'_b`;
//!    a block with no predecessor: `false`). SSA variables defined outside
//!    S are left free. By induction along the (acyclic) graph, any model of
//!    the real VC satisfies `W_b => W'_b` and `R_b => R'_b` for every b in
//!    S, so it is a model of the window formula with the same valuation of
//!    the SSA variables: the window formula is implied by the real VC, and
//!    an `unsat` of `window && OR R'_t` (t serving the goal) proves that no
//!    terminating execution reaches the goal. A `sat` proves nothing: the
//!    goal stays open. Windows grow (in steps of BFS depth) while `sat`.
//!
//! design.md: a goal is called infeasible only after an `unsat` (here, of
//! a formula implied by the VC); `unknown` leaves it open.

use super::explore::{Explorer, Val};
use super::{GoalState, Run};
use crate::back::solver::{SatAnswer, Solver, SolverError, SolverKind};
use crate::ir::testcase::Value;
use std::fmt::Write as _;

/// Random valuations tried in a row without covering a new goal before
/// the runs turn to steering.
const SAMPLE_WINDOW: usize = 64;

/// Rounds of steering into every open goal (each round starts from the
/// tests found so far).
const STEER_PASSES: usize = 4;

/// BFS depths of the windows tried for a goal, smallest first. (On 100
/// diamonds, depth 96 refuted 3 of the 33 goals it was asked about.)
const WINDOW_DEPTHS: [usize; 2] = [6, 24];

/// The forward VC's questions go to a fresh solver process when the one
/// running has answered more questions than this (window queries, the
/// must-pass search): see [`Solver::refresh`]. Measured on SMACK's
/// `__SMACK_and32`: after 25 window queries yices still answered the
/// first forward question in 0.5 s, after 50 not in 30 s.
const FRESH_SOLVER_AFTER_QUERIES: usize = 16;

/// The per-question limit on a window query (yices and z3): windows are
/// meant to be cheap, and one the solver does not answer soon proves
/// nothing while it holds the run up. On SMACK's `__SMACK_and32`, 104
/// window queries were answered within 0.12 s each, and two ran into the
/// 10 s per-query timeout (neither yices nor z3 answered them in 60 s):
/// 20 of the procedure's 23 s.
const WINDOW_QUERY_CAP_MS: u64 = 1_000;

/// Window queries in a row left unanswered (stopped at the cap) before a
/// round of windows gives up, leaving its other goals to the VC's own
/// queries (a stopped yices is restarted with the transcript, and 16
/// restarts in a row count as a broken solver).
const WINDOWS_UNANSWERED_IN_A_ROW: usize = 3;

/// yices' per-question limit on the forward VC of a program with
/// uninterpreted functions; a question it is stopped on goes to z3. On
/// SMACK's `__SMACK_and32`, once the goals left were the infeasible ones
/// and a few feasible ones, yices did not answer in 60 s what z3 answers
/// in 0.7 s.
const FORWARD_QUERY_CAP_MS: u64 = 1_000;

/// The concrete side of the accelerators: the explorer, the concrete
/// tests found (path and valuation), and per block the first few of them
/// that pass it.
pub(super) struct Concrete<'a> {
    pub(super) explorer: Explorer<'a>,
    pub(super) runs: Vec<(Vec<usize>, Vec<Val>)>,
    witness: Vec<Vec<usize>>,
    pub(super) wanted: Vec<bool>,
    pub(super) budget: usize,
}

/// Witnesses kept per block (tests a steered run may start from).
const WITNESSES_PER_BLOCK: usize = 3;

impl<'a> Concrete<'a> {
    pub(super) fn new(
        program: &'a crate::ir::passive::PassiveProgram,
        vc: &'a crate::back::vc::ReachabilityVc,
        slots: &'a [crate::ir::passive::SsaId],
    ) -> Concrete<'a> {
        let n = program.blocks.len();
        Concrete {
            explorer: Explorer::new(program, &vc.succs, slots),
            runs: Vec::new(),
            witness: vec![Vec::new(); n],
            wanted: Vec::new(),
            budget: 8 * n + 64,
        }
    }
}

impl Run<'_> {
    /// Covers open goals by concrete runs (see the module documentation).
    pub(super) fn cover_by_runs(&mut self, c: &mut Concrete) -> Result<(), SolverError> {
        let vc = self.vc;
        c.wanted = self.wanted_blocks();
        let mut idle = 0;
        while idle < SAMPLE_WINDOW && c.wanted.iter().any(|&w| w) {
            let v = c.explorer.random_valuation();
            match c.explorer.run_one(&v, &[], &c.wanted, c.budget) {
                Some(path) if path.iter().any(|&b| c.wanted[b]) => {
                    self.add_run(path, v, c)?;
                    idle = 0;
                }
                _ => idle += 1,
            }
        }

        for _ in 0..STEER_PASSES {
            let mut progress = false;
            for g in self.open_goals() {
                if self.state[g] != GoalState::Open {
                    continue;
                }
                let serving = self.goals.serving[g].clone();
                'goal: for t in serving {
                    for &p in &vc.preds[t] {
                        for w in 0..WITNESSES_PER_BLOCK {
                            let Some(&i) = c.witness[p].get(w) else { break };
                            let (path, val) = c.runs[i].clone();
                            let Some(pos) = path.iter().position(|&b| b == p) else {
                                continue;
                            };
                            let mut guide = path[..=pos].to_vec();
                            guide.push(t);
                            for cand in c.explorer.steer_into(&path, &val, pos, t) {
                                let Some(found) =
                                    c.explorer.run_one(&cand, &guide, &c.wanted, c.budget)
                                else {
                                    continue;
                                };
                                if found.iter().any(|&b| c.wanted[b]) {
                                    self.add_run(found, cand, c)?;
                                    progress = true;
                                    if self.state[g] != GoalState::Open {
                                        break 'goal;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if !progress {
                break;
            }
        }
        Ok(())
    }

    /// Covers and refutes open goals on the forward VC
    /// ([`crate::back::vc::ReachabilityVc::forward_definitions`]), in the
    /// enabling-clause loop of Algorithm 2, one span of goals at a time
    /// (the open goals within `CoverTuning::forward_span` blocks of the
    /// shallowest): ask for a model reaching one of them; run its inputs
    /// concretely along the path it reaches each open goal by, and keep
    /// each run that passes an open goal and terminates as a test; an
    /// `unsat` proves every goal of the span unreachable, so infeasible.
    /// A goal whose models do not complete concretely (its runs cannot
    /// terminate, or a value does not fit) is left to the whole VC. On an
    /// `unknown`, window queries refute what they can of the span and the
    /// rest is asked again; a second `unknown` leaves it to the whole VC.
    pub(super) fn cover_by_forward_vc(
        &mut self,
        c: &mut Concrete,
        solver: &mut Solver,
    ) -> Result<(), SolverError> {
        // The window queries before may have left the process slow: a
        // fresh one gets only what still holds (`Solver::refresh`).
        if solver.process_queries() > FRESH_SOLVER_AFTER_QUERIES {
            solver.refresh()?;
        }
        // On programs with uninterpreted functions, yices' questions on
        // the forward VC are capped, and the first it is stopped on goes
        // to z3, with the rest of the run ([`Solver::switch_to_z3`]).
        let may_switch = solver.kind() == SolverKind::Yices && !self.vc.applications.is_empty();
        if may_switch {
            solver.cap_query_time(Some(FORWARD_QUERY_CAP_MS))?;
        }
        self.send(solver, "(push 1)\n")?;
        let outcome = self.forward_loop(c, solver, may_switch);
        let popped = self.send(solver, "(pop 1)\n");
        let restored = match may_switch {
            true => solver.cap_query_time(None),
            false => Ok(()),
        };
        outcome.and(popped).and(restored)
    }

    /// `may_switch`: a question yices is stopped on at the cap goes to z3.
    fn forward_loop(
        &mut self,
        c: &mut Concrete,
        solver: &mut Solver,
        may_switch: bool,
    ) -> Result<(), SolverError> {
        let vc = self.vc;
        let n = self.program.blocks.len();
        let mut terms: Vec<String> = vc.r.clone();
        terms.extend(c.explorer.slot_names().iter().map(|s| s.to_string()));
        let mut whole_vc = vec![false; self.goals.serving.len()];
        // The first block of each goal: goals are asked about shallowest
        // first.
        let first: Vec<usize> = self
            .goals
            .serving
            .iter()
            .map(|s| s.iter().copied().min().unwrap_or(0))
            .collect();
        let mut loaded = 0;
        loop {
            let mut open: Vec<usize> = self
                .open_goals()
                .into_iter()
                .filter(|&g| !whole_vc[g])
                .collect();
            open.sort_by_key(|&g| first[g]);
            let Some(&shallowest) = open.first() else {
                return Ok(());
            };
            let reach = first[shallowest] + self.tuning.forward_span;
            open.retain(|&g| first[g] <= reach);
            // The forward VC as far as the deepest block asked about.
            let deepest = open
                .iter()
                .flat_map(|&g| self.goals.serving[g].iter().copied())
                .max()
                .unwrap_or(0);
            if deepest >= loaded {
                let text = vc.forward_definitions[loaded..=deepest].concat();
                self.send(solver, &text)?;
                loaded = deepest + 1;
            }
            let targets: Vec<&str> = open
                .iter()
                .flat_map(|&g| self.goals.serving[g].iter())
                .map(|&b| vc.r[b].as_str())
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let values = solver.get_values(&terms)?;
                    let reached: Vec<bool> = values[..n]
                        .iter()
                        .map(|v| *v == Value::Bool(true))
                        .collect();
                    let valuation: Option<Vec<Val>> =
                        values[n..].iter().map(Val::of_value).collect();
                    let mut progress = false;
                    let mut asked = Vec::new();
                    for &g in &open {
                        let Some(&t) = self.goals.serving[g].iter().find(|&&t| reached[t]) else {
                            continue;
                        };
                        asked.push(g);
                        let (Some(val), GoalState::Open) = (&valuation, &self.state[g]) else {
                            continue;
                        };
                        let guide = path_back(&vc.preds, &reached, t);
                        if let Some(found) = c.explorer.run_one(val, &guide, &c.wanted, c.budget) {
                            if found.iter().any(|&b| c.wanted[b]) {
                                self.add_run(found, val.clone(), c)?;
                                progress = true;
                            }
                        }
                    }
                    if asked.is_empty() {
                        return Err(SolverError {
                            message:
                                "internal error: a model of the forward VC reaches no open goal"
                                    .into(),
                        });
                    }
                    if !progress {
                        for g in asked {
                            whole_vc[g] = true;
                        }
                    }
                }
                SatAnswer::Unsat => self.refute(&open),
                // Window queries refute what they can of the span, and the
                // rest is asked again; after a second `unknown`, it is left
                // to the whole VC. (1,000 diamonds: one goal the solver
                // did not decide in 120 s, a window refutes.)
                SatAnswer::Unknown(_)
                    if may_switch
                        && solver.switch_to_z3(&format!(
                            "did not answer a question on the forward VC within {} s",
                            FORWARD_QUERY_CAP_MS / 1000
                        ))? =>
                {
                    // The same question again, to z3.
                }
                SatAnswer::Unknown(_) => {
                    if open.iter().all(|&g| self.windowed[g]) {
                        for g in open {
                            whole_vc[g] = true;
                        }
                    } else {
                        self.refute_by_windows(solver, &open)?;
                    }
                }
            }
        }
    }

    /// Per passive block: it serves a goal still open.
    fn wanted_blocks(&self) -> Vec<bool> {
        (0..self.program.blocks.len())
            .map(|b| self.goals.goal_of_block[b].is_some_and(|g| self.state[g] == GoalState::Open))
            .collect()
    }

    /// Makes the test of a concrete run and records it.
    pub(super) fn add_run(
        &mut self,
        path: Vec<usize>,
        valuation: Vec<Val>,
        c: &mut Concrete,
    ) -> Result<(), SolverError> {
        let values: Vec<Value> = valuation.iter().map(|v| v.to_value()).collect();
        let functions = c
            .explorer
            .function_points(&valuation, &path)
            .ok_or_else(|| SolverError {
                message: "internal error: a concrete run does not run again".into(),
            })?;
        self.add_test_with_functions(path.clone(), &values, Some(functions))?;
        for &b in &path {
            if c.witness[b].len() < WITNESSES_PER_BLOCK {
                c.witness[b].push(c.runs.len());
            }
        }
        c.runs.push((path, valuation));
        c.wanted = self.wanted_blocks();
        Ok(())
    }

    /// Refutes goals of `goals` by window queries (see the module
    /// documentation), each goal still open and not asked about before.
    /// Needs the VC's declarations loaded (anything else loaded is
    /// implied by the VC too, so an `unsat` stays a proof); leaves the
    /// solver's assertion stack as it found it.
    pub(super) fn refute_by_windows(
        &mut self,
        solver: &mut Solver,
        goals: &[usize],
    ) -> Result<(), SolverError> {
        self.ask_windows(solver, goals, &WINDOW_DEPTHS, None, true)
    }

    /// [`Run::refute_by_windows`] with the smallest window only, and
    /// without counting as the goal's window queries (a goal it leaves
    /// open gets all of them later, if the forward VC asks for them): the
    /// cheap first pass under a time limit.
    pub(super) fn refute_by_small_windows(
        &mut self,
        solver: &mut Solver,
        goals: &[usize],
    ) -> Result<(), SolverError> {
        // A goal with many copies (a block of a callee inlined at many
        // calls) has a smallest window that is most of the program: no
        // cheap question, left to the forward VC. (SMACK's
        // `diskperf_simpl1_true`: one such window of 3,800 of 3,981
        // blocks took yices 11 s of a 20 s run.)
        let half = self.program.blocks.len() / 2;
        self.ask_windows(solver, goals, &WINDOW_DEPTHS[..1], Some(half), false)
    }

    /// The window queries of `goals` still open and not asked about
    /// before (`mark`: they count as asked about now), at `depths`, each
    /// within [`WINDOW_QUERY_CAP_MS`] (or the solver's own limit if
    /// lower), until [`WINDOWS_UNANSWERED_IN_A_ROW`] goals in a row are
    /// left without an answer. Restores the solver's per-query limit.
    fn ask_windows(
        &mut self,
        solver: &mut Solver,
        goals: &[usize],
        depths: &[usize],
        max_members: Option<usize>,
        mark: bool,
    ) -> Result<(), SolverError> {
        let limit = solver.query_time_cap();
        let cap = limit.map_or(WINDOW_QUERY_CAP_MS, |ms| ms.min(WINDOW_QUERY_CAP_MS));
        solver.cap_query_time(Some(cap))?;
        let mut unanswered = 0;
        let mut outcome = Ok(());
        for &g in goals {
            if self.state[g] != GoalState::Open || self.windowed[g] {
                continue;
            }
            if mark {
                self.windowed[g] = true;
            }
            match self.refute_by_window_depths(solver, g, depths, max_members) {
                Ok(true) => unanswered = 0,
                Ok(false) => unanswered += 1,
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            }
            if unanswered >= WINDOWS_UNANSWERED_IN_A_ROW {
                break;
            }
        }
        let restored = solver.cap_query_time(limit);
        outcome.and(restored)
    }

    /// Window queries for goal `g` at each of `depths` in turn, until one
    /// refutes it, a window is the whole program, one has more than
    /// `max_members` blocks (not asked), or the solver does not answer one
    /// (a larger window would be harder). False after that last.
    fn refute_by_window_depths(
        &mut self,
        solver: &mut Solver,
        g: usize,
        depths: &[usize],
        max_members: Option<usize>,
    ) -> Result<bool, SolverError> {
        for &depth in depths {
            let members = self.window(&self.goals.serving[g], depth);
            if let Some(max) = max_members {
                if members.iter().filter(|&&m| m).count() > max {
                    break;
                }
            }
            let whole = members.iter().all(|&m| m);
            // A fresh number for the window's names.
            let window_id = self.next_literal;
            self.next_literal += 1;
            let text = self.window_formula(&members, &self.goals.serving[g], window_id);
            self.send(solver, &text)?;
            let answer = solver.check_sat_assuming(&[]);
            self.send(solver, "(pop 1)\n")?;
            match answer? {
                SatAnswer::Unsat => {
                    self.refute(&[g]);
                    break;
                }
                SatAnswer::Unknown(_) => return Ok(false),
                // The whole program: Algorithm 2 proper decides.
                SatAnswer::Sat if whole => break,
                SatAnswer::Sat => {}
            }
        }
        Ok(true)
    }

    /// The blocks within `depth` steps of `targets`, backward along
    /// predecessors and forward along successors.
    fn window(&self, targets: &[usize], depth: usize) -> Vec<bool> {
        let n = self.program.blocks.len();
        let mut member = vec![false; n];
        for forward in [false, true] {
            let mut frontier: Vec<usize> = targets.to_vec();
            let mut seen = vec![false; n];
            for &t in targets {
                seen[t] = true;
                member[t] = true;
            }
            for _ in 0..depth {
                let mut next = Vec::new();
                for &b in &frontier {
                    let neighbours: Vec<usize> = if forward {
                        self.vc.succs[b].iter().map(|(s, _)| *s).collect()
                    } else {
                        self.vc.preds[b].clone()
                    };
                    for x in neighbours {
                        if !seen[x] {
                            seen[x] = true;
                            member[x] = true;
                            next.push(x);
                        }
                    }
                }
                frontier = next;
            }
        }
        member
    }

    /// `(push 1)`, the window formula over `members` (fresh names with
    /// `id`), and the assertion that some block of `targets` is reached.
    fn window_formula(&self, members: &[bool], targets: &[usize], id: usize) -> String {
        let prefix = &self.vc.fresh_prefix;
        let w = |b: usize| format!("{prefix}V{id}_W_{b}");
        let r = |b: usize| format!("{prefix}V{id}_R_{b}");
        let mut text = String::from("(push 1)\n");
        for (b, &m) in members.iter().enumerate() {
            if m {
                let _ = writeln!(text, "(declare-const {} Bool)", w(b));
                let _ = writeln!(text, "(declare-const {} Bool)", r(b));
            }
        }
        for (b, &m) in members.iter().enumerate() {
            if !m {
                continue;
            }
            let succs = &self.vc.succs[b];
            let mut def = format!("(and {}", self.vc.stmts[b]);
            if !succs.is_empty() && succs.iter().all(|(s, _)| members[*s]) {
                def.push_str(" (or false");
                for (s, _) in succs {
                    def.push(' ');
                    def.push_str(&w(*s));
                }
                def.push(')');
            }
            def.push(')');
            let _ = writeln!(text, "(assert (= {} {def}))", w(b));
            let preds = &self.vc.preds[b];
            let reach = if b == 0 {
                w(b)
            } else if preds.is_empty() {
                "false".to_string()
            } else if preds.iter().all(|&p| members[p]) {
                let mut t = format!("(and {} (or false", w(b));
                for &p in preds {
                    t.push(' ');
                    t.push_str(&r(p));
                }
                t.push_str("))");
                t
            } else {
                w(b)
            };
            let _ = writeln!(text, "(assert (= {} {reach}))", r(b));
        }
        text.push_str("(assert (or false");
        for &t in targets {
            text.push(' ');
            text.push_str(&r(t));
        }
        text.push_str("))\n");
        text
    }
}

/// A path from the entry to `t` through blocks marked `reached` (walked
/// back from `t` along reached predecessors).
fn path_back(preds: &[Vec<usize>], reached: &[bool], t: usize) -> Vec<usize> {
    let mut path = vec![t];
    let mut b = t;
    while let Some(&p) = preds[b].iter().find(|&&p| reached[p]) {
        path.push(p);
        b = p;
    }
    path.reverse();
    path
}
