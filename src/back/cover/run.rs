//! One cover run's state and its conversation with the solver.
//!
//! Takes: a [`PassiveProgram`] and its [`ReachabilityVc`], and a live
//! [`Solver`] with the VC loaded. Gives: [`Run`], which every cover loop
//! works on: the goals ([`Goals`]: original blocks and assertions, each
//! with the passive blocks serving it) and their state, the tests found so
//! far; one query at a time with a fresh activation literal
//! ([`Run::query`]), a model read with one `get-value` ([`Run::model`]),
//! and the fallback after an `unknown` ([`Run::one_query_per_goal`]).
//! Paper, section 4 (the enabling and blocking clauses are asked through
//! activation literals); design.md, "Where the solver fits": nothing is
//! refuted without an `unsat`.

use super::paths::within_room;
use super::{CoverTuning, ExploreStats};
use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram, SsaId, SsaRole};
use crate::ir::testcase::{TestCase, Value};
use crate::ir::AssertId;
use crate::source::SourceMap;
use std::collections::BTreeMap;

/// How long model-based instantiation may take to tell whether the VC's
/// declarations have a model ([`Run::check_vacuity`]): on one HAVOC
/// driver it refutes their inconsistent axiom in 0.2 s (on another, with
/// the same axiom, not in 60 s).
const VACUITY_TIMEOUT_MS: u64 = 1_000;

/// How long model-based instantiation may take to confirm a candidate
/// model ([`Run::confirmed`]); a model it can check comes at once.
const CONFIRM_TIMEOUT_MS: u64 = 2_000;

/// What a run knows about confirming candidate models (docs/decisions.md,
/// "Candidate models").
#[derive(Clone, Debug, Default)]
pub(super) struct Confirmation {
    /// Model-based instantiation refutes the VC's declarations: no run of
    /// the procedure exists in logic ([`Run::check_vacuity`]).
    pub vacuous: bool,
    /// The last query's model is a candidate no confirmation checked.
    pub last_unconfirmed: bool,
    /// The ids of the tests taken from such models.
    pub unconfirmed_tests: Vec<usize>,
    /// Model-based instantiation answered the last question it was asked
    /// (`sat` with a checked model, or `unsat`): the next query asks it
    /// first, and E-matching only if it gives no answer
    /// ([`Run::query_beside`]). On SMACK's drivers (quantifiers only in
    /// `$memcpy`'s definition) E-matching's `unknown` took 0.35-1.2 s
    /// before model-based instantiation's `sat` in 0.25 s; asked first,
    /// it answers in 0.5-1.3 s alone.
    pub mbqi_first: bool,
}

/// What a cover run decides: an original block (covered or infeasible) or
/// an assertion (can fail or holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Goal {
    Block(BlockKey),
    Assert(AssertId),
    /// Loop-iteration coverage: a run leaves the loop with this header
    /// after going around it this many times.
    LoopExit(BlockKey, u32),
}

/// Where a goal stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum GoalState {
    Open,
    Covered,
    /// `unsat`: infeasible block, or assertion that holds.
    Refuted,
    Unknown(String),
}

/// The goals of a program and the passive blocks that serve them.
pub(super) struct Goals {
    pub(super) list: Vec<Goal>,
    /// Passive blocks serving each goal.
    pub(super) serving: Vec<Vec<usize>>,
    /// The goal each passive block serves, if any.
    pub(super) goal_of_block: Vec<Option<usize>>,
}

impl Goals {
    pub(super) fn of(program: &PassiveProgram) -> Goals {
        let mut index: BTreeMap<Goal, usize> = BTreeMap::new();
        let mut list = Vec::new();
        let mut serving: Vec<Vec<usize>> = Vec::new();
        let mut goal_of_block = vec![None; program.blocks.len()];
        // Goals in a stable order: blocks by key, then assertions by id,
        // then loop exits by loop and count.
        let mut found: Vec<(Goal, usize)> = Vec::new();
        for (b, block) in program.blocks.iter().enumerate() {
            match block.role {
                BlockRole::Code {
                    key,
                    ends_block: true,
                } => found.push((Goal::Block(key), b)),
                BlockRole::AssertFail(id) => found.push((Goal::Assert(id), b)),
                BlockRole::LoopExit { head, count } => found.push((Goal::LoopExit(head, count), b)),
                _ => {}
            }
        }
        found.sort();
        for (g, b) in found {
            let i = *index.entry(g).or_insert_with(|| {
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
pub(super) struct Run<'a> {
    pub(super) program: &'a PassiveProgram,
    pub(super) vc: &'a ReachabilityVc,
    pub(super) sources: &'a SourceMap,
    pub(super) entry: &'a str,
    pub(super) goals: Goals,
    pub(super) state: Vec<GoalState>,
    pub(super) tests: Vec<TestCase>,
    /// The passive path of each test (empty for a run near a test).
    pub(super) paths: Vec<Vec<usize>>,
    /// Where tests near the solver's come from (statement cover).
    pub(super) near: Option<&'a mut dyn super::RunsNear>,
    /// The runs near a test: each one's index among `tests` and the goals
    /// it enters, in test order.
    pub(super) entered: Vec<(usize, Vec<usize>)>,
    /// How long the last query took (its confirmation included).
    pub(super) last_query: std::time::Duration,
    /// The entry's inputs: source name and SSA variable, in variable order.
    pub(super) inputs: Vec<(String, SsaId)>,
    /// The SSA variables whose values a test needs (inputs and choices).
    pub(super) model_vars: Vec<SsaId>,
    /// Position of a variable in `model_vars`.
    pub(super) slot_of_var: Vec<Option<usize>>,
    /// The model values that are records which can hold themselves (a
    /// model gives such a record as an opaque element), of model
    /// variables and function points: each position in a model's values
    /// with the SMT terms of the record's fields, which a model's values
    /// end with ([`Run::push_value_terms`]).
    pub(super) record_fields: Vec<(usize, Vec<String>)>,
    pub(super) next_literal: usize,
    /// Per goal: window queries were asked about it (statement cover's
    /// accelerators ask them at most once per goal).
    pub(super) windowed: Vec<bool>,
    /// `(assert (not A))` for the last activation literal, not yet sent.
    pub(super) retire: String,
    pub(super) partial: bool,
    pub(super) tuning: CoverTuning,
    /// Path cover: what its concrete exploration did.
    pub(super) explore: Option<ExploreStats>,
    /// What the search ([`super::search`]) did.
    pub(super) search: super::SearchStats,
    /// The last query's model is a candidate: the solver answered
    /// `unknown` after running out of quantifier instances, or answered in
    /// E-matching mode ([`Solver::has_candidate_model`]).
    pub(super) candidate: bool,
    /// The ids of the tests taken from candidate models.
    pub(super) candidate_tests: Vec<usize>,
    /// What the run knows about confirming candidate models.
    pub(super) confirmation: Confirmation,
    /// Some goals were decided before the run ([`super::DecidedGoals`]):
    /// those left are the ones a smaller unwinding found hard or
    /// infeasible.
    pub(super) seeded: bool,
    /// An earlier run of this program, cut short, found tests
    /// ([`super::DecidedGoals::continued`]).
    pub(super) earlier_tests: bool,
    /// Queries and time of the twin solvers statement cover asked beside
    /// the run's own ([`Solver::fork`]).
    pub(super) twin_queries: usize,
    pub(super) twin_time: std::time::Duration,
}

/// What one model says: which selectors are true (R per block in statement
/// cover, E per edge in path cover) and the values of `model_vars`.
pub(super) struct Model {
    pub(super) selected: Vec<bool>,
    pub(super) values: Vec<Value>,
}

impl Run<'_> {
    /// Collects the variables whose model values a test needs: the
    /// entry's inputs, then every choice's variable.
    pub(super) fn collect_model_vars(&mut self) {
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
        // The fields of each self-holding record a model gives: model
        // variables', then function points' (arguments and value).
        let fields_of = |ty: &crate::ir::Type, term: &str| -> Option<Vec<String>> {
            let crate::ir::Type::PolyMap(p) = ty else {
                return None;
            };
            let (_, fields) = self.vc.self_holding_records.iter().find(|(q, _)| q == p)?;
            Some(fields.iter().map(|f| format!("({f} {term})")).collect())
        };
        let mut record_fields = Vec::new();
        for (slot, v) in self.model_vars.iter().enumerate() {
            let var = &self.program.vars[v.0];
            if let Some(terms) = fields_of(&var.ty, &var.smt_name) {
                record_fields.push((slot, terms));
            }
        }
        let mut at = self.model_vars.len();
        for a in &self.vc.applications {
            let f = &a.function;
            let typed = f.params.iter().map(|(_, t)| t).chain([&f.result]);
            for (i, (ty, term)) in typed.zip(a.args.iter().chain([&a.term])).enumerate() {
                if let Some(terms) = fields_of(ty, term) {
                    record_fields.push((at + i, terms));
                }
            }
            at += a.model_terms();
        }
        self.record_fields = record_fields;
    }

    /// How many of a model's values follow the model variables'
    /// (function points, then the fields of self-holding records).
    pub(super) fn extra_value_terms(&self) -> usize {
        self.vc
            .applications
            .iter()
            .map(|a| a.model_terms())
            .sum::<usize>()
            + self
                .record_fields
                .iter()
                .map(|(_, f)| f.len())
                .sum::<usize>()
    }

    /// After an `unknown`: asks about each open goal alone, so that only the
    /// goals the solver really cannot decide stay `Unknown`. `selector`
    /// names the Boolean saying that a block is on the model's path(s).
    pub(super) fn one_query_per_goal(
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
                    if self.state[g] == GoalState::Open && self.candidate {
                        self.state[g] = GoalState::Unknown(
                            "the solver's candidate model reaches no run through it".into(),
                        );
                    } else if self.state[g] == GoalState::Open {
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

    /// The open goals, shallowest first (by the first passive block that
    /// serves each).
    pub(super) fn open_goals_shallowest_first(&self) -> Vec<usize> {
        let mut open = self.open_goals();
        open.sort_by_key(|&g| self.goals.serving[g].iter().copied().min().unwrap_or(0));
        open
    }

    pub(super) fn open_goals(&self) -> Vec<usize> {
        (0..self.state.len())
            .filter(|&g| self.state[g] == GoalState::Open)
            .collect()
    }

    pub(super) fn refute(&mut self, goals: &[usize]) {
        for &g in goals {
            if self.state[g] == GoalState::Open {
                self.state[g] = GoalState::Refuted;
            }
        }
    }

    pub(super) fn push_value_terms(&self, terms: &mut Vec<String>) {
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
            terms.extend(a.divisor.iter().cloned());
        }
        for (_, fields) in &self.record_fields {
            terms.extend(fields.iter().cloned());
        }
    }

    /// One query: `(check-sat-assuming (A))` with a fresh activation literal
    /// `A => (or targets...)`, or a plain check without targets. The literal
    /// is retired (`(assert (not A))`) with the next command sent, after
    /// the model has been read (an assertion discards the model).
    pub(super) fn query(
        &mut self,
        solver: &mut Solver,
        targets: &[&str],
    ) -> Result<SatAnswer, SolverError> {
        if targets.is_empty() {
            self.send(solver, "")?;
            return solver.check_sat_assuming(&[]);
        }
        self.query_beside(solver, targets, |_| ()).0
    }

    /// [`Run::query`] about non-empty `targets`, doing `beside` on this
    /// thread while the solver searches (statement cover asks a second
    /// solver process about other goals there); `beside`'s result, if it
    /// was done (not when the query could not be sent).
    pub(super) fn query_beside<T>(
        &mut self,
        solver: &mut Solver,
        targets: &[&str],
        beside: impl FnOnce(&mut Self) -> T,
    ) -> (Result<SatAnswer, SolverError>, Option<T>) {
        let lit = format!("{}A_{}", self.vc.fresh_prefix, self.next_literal);
        self.next_literal += 1;
        let mut text = format!("(declare-const {lit} Bool)\n(assert (=> {lit} (or");
        for t in targets {
            text.push(' ');
            text.push_str(t);
        }
        text.push_str(")))\n");
        if let Err(e) = self.send(solver, &text) {
            return (Err(e), None);
        }
        let asked = std::time::Instant::now();
        let mut done = None;
        let mut beside = Some(beside);
        if self.confirmation.mbqi_first && !self.confirmation.vacuous && !solver.mbqi_gave_up() {
            let first =
                solver.check_sat_with_mbqi_while(&[lit.as_str()], CONFIRM_TIMEOUT_MS, || {
                    done = beside.take().map(|b| b(self));
                });
            match first {
                Ok(SatAnswer::Unknown(_)) => self.confirmation.mbqi_first = false,
                definite => return (self.answered_by_mbqi(solver, &lit, definite, asked), done),
            }
            // E-matching, without asking model-based instantiation again.
            let answer = solver.check_sat_assuming(&[lit.as_str()]);
            return (self.answered(solver, &lit, answer, asked, false), done);
        }
        let answer = solver.check_sat_assuming_while(&[lit.as_str()], || {
            done = beside.take().map(|b| b(self));
        });
        (self.answered(solver, &lit, answer, asked, true), done)
    }

    /// What [`Run::query_beside`] does once model-based instantiation,
    /// asked first, has answered the query of literal `lit` (`sat` with a
    /// model it checked, `unsat`, or an error).
    fn answered_by_mbqi(
        &mut self,
        solver: &mut Solver,
        lit: &str,
        answer: Result<SatAnswer, SolverError>,
        asked: std::time::Instant,
    ) -> Result<SatAnswer, SolverError> {
        self.retire = format!("(assert (not {lit}))\n");
        self.confirmation.last_unconfirmed = false;
        self.candidate = answer == Ok(SatAnswer::Sat) && solver.has_candidate_model();
        self.last_query = asked.elapsed();
        answer
    }

    /// What [`Run::query_beside`] does once the solver has answered the
    /// query of literal `lit`, asked at `asked`: E-matching's candidate
    /// model confirmed ([`Run::confirmed`]) where `confirm`, else taken
    /// unconfirmed.
    fn answered(
        &mut self,
        solver: &mut Solver,
        lit: &str,
        answer: Result<SatAnswer, SolverError>,
        asked: std::time::Instant,
        confirm: bool,
    ) -> Result<SatAnswer, SolverError> {
        self.retire = format!("(assert (not {lit}))\n");
        self.confirmation.last_unconfirmed = false;
        let answer = match answer {
            Ok(SatAnswer::Unknown(_) | SatAnswer::Sat) if solver.has_candidate_model() => {
                match confirm {
                    true => self.confirmed(solver, lit),
                    false => {
                        self.confirmation.last_unconfirmed = true;
                        Ok(SatAnswer::Sat)
                    }
                }
            }
            other => other,
        };
        // The tests taken from a candidate model are marked (map
        // extensionality is not checked): the driver keeps only those
        // that replay.
        self.candidate = answer == Ok(SatAnswer::Sat) && solver.has_candidate_model();
        self.last_query = asked.elapsed();
        answer
    }

    /// Asks model-based instantiation whether the VC's declarations (the
    /// axioms, the distinctness of unique constants, the entry's
    /// assumptions) have a model at all, with nothing else loaded, where
    /// it finds an inconsistent axiom fastest ([`Confirmation::vacuous`]).
    pub(super) fn check_vacuity(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        if solver.mbqi_gave_up() {
            return Ok(());
        }
        if solver.declarations_unanswered() {
            solver.declarations_unanswered_again();
            return Ok(());
        }
        // In a scope of its own, which the run then loads again: after an
        // `unsat` of the declarations themselves, z3 answers every later
        // query in the same scope `unsat`, where the run wants
        // E-matching's verdicts.
        solver.push()?;
        solver.send(&self.vc.declarations)?;
        let answer = solver.check_sat_with_mbqi(&[], VACUITY_TIMEOUT_MS);
        let popped = solver.pop();
        match answer? {
            SatAnswer::Unsat => self.confirmation.vacuous = true,
            SatAnswer::Unknown(_) => solver.declarations_went_unanswered(),
            SatAnswer::Sat => {}
        }
        popped
    }

    /// The answer to the query of activation literal `lit` after E-matching
    /// left a candidate model, which may break a quantified condition the
    /// run depends on (the interpreter cannot evaluate most quantifiers): the
    /// answer of model-based instantiation, whose `sat` comes with a
    /// checked model and whose `unsat` refutes. When it gives neither in
    /// [`CONFIRM_TIMEOUT_MS`], when it has given up on this solver
    /// ([`Solver::mbqi_gave_up`]), or when it refutes the VC's
    /// declarations (typically an inconsistent axiom, which E-matching,
    /// as Boogie runs it, never finds): E-matching's candidate, marked
    /// unconfirmed ([`Confirmation::last_unconfirmed`]), which the driver
    /// keeps only if it replays and reports as taking its quantified
    /// conditions on trust. docs/decisions.md, "Candidate models".
    fn confirmed(&mut self, solver: &mut Solver, lit: &str) -> Result<SatAnswer, SolverError> {
        if !self.confirmation.vacuous && !solver.mbqi_gave_up() {
            match solver.check_sat_with_mbqi(&[lit], CONFIRM_TIMEOUT_MS)? {
                SatAnswer::Unknown(_) => {}
                definite => {
                    self.confirmation.mbqi_first = true;
                    return Ok(definite);
                }
            }
            // Back to E-matching's candidate.
            let again = solver.check_sat_assuming(&[lit])?;
            if !(matches!(again, SatAnswer::Unknown(_) | SatAnswer::Sat)
                && solver.has_candidate_model())
            {
                return Ok(again);
            }
        }
        self.confirmation.last_unconfirmed = true;
        Ok(SatAnswer::Sat)
    }

    /// Sends `text` after the pending retirement of the last literal.
    pub(super) fn send(&mut self, solver: &mut Solver, text: &str) -> Result<(), SolverError> {
        let mut all = std::mem::take(&mut self.retire);
        all.push_str(text);
        if all.is_empty() {
            return Ok(());
        }
        solver.send(&all)
    }

    /// Reads one model: the Boolean selectors, then the values of
    /// `model_vars` (one `get-value`).
    pub(super) fn model(
        &self,
        solver: &mut Solver,
        terms: &[String],
    ) -> Result<Model, SolverError> {
        let mut values = solver.get_values(terms)?;
        let n_sel = terms.len() - self.model_vars.len() - self.extra_value_terms();
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
}

pub(super) fn inconsistent_model(what: &str) -> SolverError {
    SolverError {
        message: format!("internal error: inconsistent model: {what}"),
    }
}
