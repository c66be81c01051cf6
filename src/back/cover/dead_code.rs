//! The dead-code pass: refutes goals no run can even reach, asking the
//! solver only questions whose useful answer is `unsat`.
//!
//! Takes: a [`Run`] whose VC has been declared, and the solver. Gives: the
//! goals it proves unreachable `Refuted` (infeasible blocks, assertions
//! that hold); every other goal stays as it was, for test generation.
//!
//! The questions are asked of the *forward* VC
//! ([`crate::back::vc::ReachabilityVc::forward_definitions`]): `R_b` there
//! says that some path from the entry reaches `b` with its assumptions
//! holding, without asking that the run go on to terminate. That is what
//! Boogie's smoke test asks of each block, and on programs with many
//! quantified axioms it is the question E-matching answers fast: a
//! terminating run needs instances along a whole path, a refutation only
//! those that contradict the way in. The pass is Algorithm 2's enabling
//! clause on that VC, over one solver process with activation literals:
//! "reach one of the goals not yet reached"; `unsat` refutes them all (a
//! goal no path reaches has no terminating run through it), a model (or a
//! candidate model, see [`crate::back::solver::Solver::has_candidate_model`])
//! takes the goals it reaches out of the question, and anything else ends
//! the pass with those goals left open. Nothing is covered here: tests
//! come from the whole VC afterwards. design.md, "Statement cover"; issue
//! 18 ("a dead-code pass that asks only `unsat` questions").

use super::reach::{any_of, check_under_literal};
use super::run::{Goal, GoalState, Run};
use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram};
use crate::ir::testcase::Value;
use crate::ir::{AssertId, ExprKind};
use std::collections::BTreeMap;

/// Goals asked together, shallowest first; a batch that ends `unknown` is
/// asked again one goal at a time.
const BATCH: usize = 8;

/// The per-query timeout of the pass (z3): a refutation E-matching finds
/// comes within a second on the driver programs; what takes longer is left
/// to test generation rather than holding up every other goal.
const QUERY_TIMEOUT_MS: u64 = 1_000;

/// Which open goals a dead-code pass asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DeadCodeScope {
    /// Only the assertions (and the blocks that assume `false`), each in
    /// a question of its own: Boogie's question (can an assertion fail?),
    /// split. Asked together, the instances of every failing path pile up
    /// in one search: on a HAVOC driver 26 s for all 54 assertions at
    /// once, 3 s one at a time.
    Assertions,
    /// The assertions (and the blocks that assume `false`) one at a time,
    /// then every open goal in batches;
    /// `one_by_one`: a batch the solver cannot decide is asked again one
    /// goal at a time (else its goals are left for later).
    All { one_by_one: bool },
}

impl Run<'_> {
    /// The dead-code pass over the open goals in `scope` (see the module
    /// documentation). Loads the forward VC, as far as the goals asked
    /// about need it, inside a `push` of its own and pops it afterwards.
    pub(super) fn refute_unreachable_goals(
        &mut self,
        solver: &mut Solver,
        scope: DeadCodeScope,
    ) -> Result<(), SolverError> {
        let open = self.open_goals_shallowest_first();
        let assertions: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&g| matches!(self.goals.list[g], Goal::Assert(_)) || self.assumes_false(g))
            .collect();
        if open.is_empty() || (scope == DeadCodeScope::Assertions && assertions.is_empty()) {
            return Ok(());
        }
        self.send(solver, "(push 1)\n")?;
        let mut loaded = 0;
        let outcome = (|| {
            let mut reached = vec![false; self.goals.list.len()];
            solver.set_query_timeout(Some(QUERY_TIMEOUT_MS))?;
            for &g in &assertions {
                self.ask_forward(solver, &[g], &mut loaded, &mut reached)?;
            }
            let DeadCodeScope::All { one_by_one } = scope else {
                return Ok(());
            };
            for batch in open.chunks(BATCH) {
                let batch: Vec<usize> = batch
                    .iter()
                    .copied()
                    .filter(|&g| !reached[g] && self.state[g] == GoalState::Open)
                    .collect();
                if batch.is_empty() {
                    continue;
                }
                if !self.ask_forward(solver, &batch, &mut loaded, &mut reached)? && one_by_one {
                    for &g in &batch {
                        if !reached[g] && self.state[g] == GoalState::Open {
                            self.ask_forward(solver, &[g], &mut loaded, &mut reached)?;
                        }
                    }
                }
            }
            Ok(())
        })();
        let restored = solver.set_query_timeout(None);
        let popped = self.send(solver, "(pop 1)\n");
        outcome.and(restored).and(popped)
    }

    /// Whether every passive block serving goal `g` assumes `false` (code
    /// a front end marks unreachable, as HAVOC and SMACK do): its forward
    /// question is answered `unsat` at once, so it goes with the
    /// assertions.
    fn assumes_false(&self, g: usize) -> bool {
        self.goals.serving[g].iter().all(|&b| {
            self.program.blocks[b]
                .assumes
                .iter()
                .any(|a| matches!(a.kind, ExprKind::Bool(false)))
        })
    }

    /// One question of the pass: can a path reach one of `goals`? Loads
    /// the forward VC up to their deepest block first. `unsat` refutes
    /// them; a model marks the goals it reaches in `reached`. False when
    /// the solver could not tell.
    fn ask_forward(
        &mut self,
        solver: &mut Solver,
        goals: &[usize],
        loaded: &mut usize,
        reached: &mut [bool],
    ) -> Result<bool, SolverError> {
        let blocks: Vec<(usize, usize)> = goals
            .iter()
            .flat_map(|&g| self.goals.serving[g].iter().map(move |&b| (g, b)))
            .collect();
        let deepest = blocks.iter().map(|&(_, b)| b).max().unwrap_or(0);
        if deepest >= *loaded {
            let text = self.vc.forward_definitions[*loaded..=deepest].concat();
            self.send(solver, &text)?;
            *loaded = deepest + 1;
        }
        let targets: Vec<&str> = blocks.iter().map(|&(_, b)| self.vc.r[b].as_str()).collect();
        match self.query(solver, &targets)? {
            SatAnswer::Unsat => {
                self.refute(goals);
                Ok(true)
            }
            SatAnswer::Sat => {
                let terms: Vec<String> = targets.iter().map(|t| t.to_string()).collect();
                let values = solver.get_values(&terms)?;
                for (&(g, _), v) in blocks.iter().zip(&values) {
                    if *v == Value::Bool(true) {
                        reached[g] = true;
                    }
                }
                // The goals of the question the model does not reach are
                // asked again on their own.
                Ok(goals.iter().all(|&g| reached[g]))
            }
            SatAnswer::Unknown(_) => Ok(false),
        }
    }
}

/// The per-query limit of [`unreachable_goals`] (yices too, through
/// bicd's watchdog, on the pass's own solver): its questions are an extra
/// (a block it does not refute stays infeasible within the bound). With
/// yices held to the run's 10 s, a SMACK driver's first question (is a
/// block every run passes unreachable?) took 12 s before it was stopped.
const EVERY_BOUND_TIMEOUT_MS: u64 = 2_000;

/// What [`unreachable_goals`] proved: the blocks no path reaches and the
/// assertions no path fails.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnreachableGoals {
    pub blocks: Vec<BlockKey>,
    pub asserts: Vec<AssertId>,
    /// The questions asked.
    pub queries: usize,
}

/// How many goals [`unreachable_goals`] must have before it first asks
/// whether a must-pass block is unreachable (a few queries, which one
/// query per goal would outnumber).
const MUST_PASS_MIN_GOALS: usize = 16;

/// On the loaded forward VC of `program`: whether one of the blocks every
/// run to an exit passes ([`super::statements::must_pass_blocks`]) is
/// unreachable ([`super::statements::some_must_pass_block_unreachable`]).
fn no_run_passes_a_must_pass_block(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    queries: &mut usize,
) -> Result<bool, SolverError> {
    use super::statements::{blocked_blocks, must_pass_blocks, some_must_pass_block_unreachable};
    let must = must_pass_blocks(&vc.succs, &blocked_blocks(program));
    some_must_pass_block_unreachable(&must, |b| {
        // Named by the question's number too: a question asked again
        // (after a switch to z3, which is given the transcript) needs a
        // literal of its own.
        let lit = format!("{}M_{b}_{}", vc.fresh_prefix, *queries);
        let answer = check_under_literal(solver, &lit, &vc.r[b])?;
        *queries += 1;
        solver.send(&format!("(assert (not {lit}))\n"))?;
        Ok(answer)
    })
}

/// [`no_run_passes_a_must_pass_block`]; where yices is stopped on it and
/// the VC applies uninterpreted functions (SMACK's prelude), the rest of
/// the pass is z3's (`cap` its per-query limit), asked again: on SMACK's
/// `diskperf_simpl1_true` yices answers the question in 3.8 s, z3 in
/// 0.27 s, and the 104 questions about single goals after it take yices
/// 1.5 s, z3 0.3 s (as with the cover's whole-VC question,
/// `Run::whole_vc_first`).
fn no_run_passes_a_must_pass_block_switching(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    cap: u64,
    proved: &mut UnreachableGoals,
) -> Result<bool, SolverError> {
    if no_run_passes_a_must_pass_block(program, vc, solver, &mut proved.queries)? {
        return Ok(true);
    }
    let switched = !vc.applications.is_empty()
        && solver.switch_to_z3(&format!(
            "did not answer the every-bound pass's question within {} s",
            cap.div_ceil(1000)
        ))?;
    if !switched {
        return Ok(false);
    }
    solver.cap_query_time(Some(cap))?;
    no_run_passes_a_must_pass_block(program, vc, solver, &mut proved.queries)
}

/// Which of `blocks` no path of `program` reaches, and which of
/// `asserts` no path fails: one forward question per goal (`R_b` of the
/// pieces that end a block's copies, or of an assertion's `AssertFail`
/// pieces), on the forward VC, over `solver`, each `unsat` a proof. For
/// the over-approximation of
/// [`crate::middle::prepare_entry_for_every_bound`], whose paths include
/// every prefix of every run of the original program, that proves the
/// blocks dead and the assertions holding whatever the iteration count
/// (issue 20). A goal the program does not contain is reached by no path
/// either. Answers other than `unsat` leave a goal out. First, if no run
/// gets past a block every run to an exit passes, no run terminates, and
/// every goal is proved at once.
pub fn unreachable_goals(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    blocks: &[BlockKey],
    asserts: &[AssertId],
) -> Result<UnreachableGoals, SolverError> {
    let mut serving: BTreeMap<Goal, Vec<usize>> = blocks
        .iter()
        .map(|&k| (Goal::Block(k), Vec::new()))
        .chain(asserts.iter().map(|&a| (Goal::Assert(a), Vec::new())))
        .collect();
    for (b, block) in program.blocks.iter().enumerate() {
        let goal = match block.role {
            BlockRole::Code {
                key,
                ends_block: true,
            } => Goal::Block(key),
            BlockRole::AssertFail(id) => Goal::Assert(id),
            _ => continue,
        };
        if let Some(v) = serving.get_mut(&goal) {
            v.push(b);
        }
    }
    solver.set_logic_for(&vc.features, vc.nonlinear)?;
    solver.push()?;
    let mut script = vc.declarations.clone();
    script.push_str(&vc.forward_definitions.concat());
    solver.send(&script)?;
    // Lowers the limit in force, never raises it (`--timeout-ms`).
    let cap = solver
        .query_time_cap()
        .map_or(EVERY_BOUND_TIMEOUT_MS, |l| l.min(EVERY_BOUND_TIMEOUT_MS));
    solver.cap_query_time(Some(cap))?;
    let mut proved = UnreachableGoals::default();
    let outcome = (|| {
        // No run of the over-approximation gets past a block every run to
        // an exit passes: none terminates, so every goal is dead (as in
        // statement cover, `Run::refute_all_by_must_pass_blocks`). Asked
        // where it may save queries: with many goals.
        if blocks.len() + asserts.len() >= MUST_PASS_MIN_GOALS
            && no_run_passes_a_must_pass_block_switching(program, vc, solver, cap, &mut proved)?
        {
            proved.blocks = blocks.to_vec();
            proved.asserts = asserts.to_vec();
            return Ok(());
        }
        for (i, (goal, blocks)) in serving.iter().enumerate() {
            let unreachable = if blocks.is_empty() {
                true
            } else {
                let lit = format!("{}E_{i}", vc.fresh_prefix);
                let answer = check_under_literal(solver, &lit, &any_of(vc, blocks))?;
                proved.queries += 1;
                solver.send(&format!("(assert (not {lit}))\n"))?;
                answer == SatAnswer::Unsat
            };
            if unreachable {
                match *goal {
                    Goal::Block(k) => proved.blocks.push(k),
                    Goal::Assert(a) => proved.asserts.push(a),
                    Goal::LoopExit(..) => {}
                }
            }
        }
        Ok(())
    })();
    let restored = solver.cap_query_time(None);
    let popped = solver.send("(pop 1)\n");
    outcome.and(restored).and(popped)?;
    Ok(proved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::back::solver::SolverKind;
    use crate::back::vc::reachability_vc;
    use crate::ir::ProcId;
    use crate::source::SourceMap;

    /// The every-bound pass proves a block dead behind a loop, with yices
    /// and with z3, and leaves the solver's per-query limit as it found
    /// it (its own cap is for its questions only), a limit below the cap
    /// included (`--timeout-ms 500`); its first question can be asked
    /// again on the same process.
    #[test]
    fn the_every_bound_pass_gives_back_the_limit_in_force() {
        let text = "procedure p(n: int)
{
  var i: int;
  start:
    i := 0;
    goto head;
  head:
    goto body, done;
  body:
    assume i < n;
    i := i + 1;
    goto head;
  done:
    assume i >= n;
    goto dead, live;
  dead:
    assume i < 0 && n > 5 && i >= n;
    return;
  live:
    return;
}
";
        let mut sources = SourceMap::new();
        let file = sources.add("every-bound.bpl".to_string(), text.to_string());
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let passive = crate::middle::prepare_entry_for_every_bound(&program, ProcId(0))
            .expect("prepared")
            .expect("an over-approximation");
        let vc = reachability_vc(&passive);
        let keys = super::super::goal_blocks(&passive);
        let body = program.procedures[0].body.as_ref().expect("a body");
        let dead = keys
            .iter()
            .copied()
            .find(|k| body.graph[k.block].label == "dead")
            .expect("the dead block");
        for kind in [SolverKind::Yices, SolverKind::Z3] {
            // The must-pass question asked twice on one process (as after a
            // switch to z3, given the transcript): literals of its own.
            let Ok(mut solver) = Solver::spawn(kind, Some(10_000)) else {
                eprintln!("{} is not installed: skipped", kind.name());
                continue;
            };
            solver.set_logic_for(&vc.features, vc.nonlinear).unwrap();
            let mut script = vc.declarations.clone();
            script.push_str(&vc.forward_definitions.concat());
            solver.send(&script).unwrap();
            let mut queries = 0;
            for _ in 0..2 {
                let none =
                    no_run_passes_a_must_pass_block(&passive, &vc, &mut solver, &mut queries);
                assert_eq!(none, Ok(false), "{kind}");
            }
            assert!(queries >= 2, "{kind}");
            for limit in [10_000, 500] {
                let Ok(mut solver) = Solver::spawn(kind, Some(limit)) else {
                    eprintln!("{} is not installed: skipped", kind.name());
                    continue;
                };
                let proved =
                    unreachable_goals(&passive, &vc, &mut solver, &keys, &[]).expect("answered");
                assert_eq!(proved.blocks, vec![dead], "{kind} at {limit} ms");
                assert_eq!(solver.query_time_cap(), Some(limit), "{kind}");
            }
        }
    }
}
