//! Questions on the whole VC: does some terminating run pass one of
//! these blocks, and if so, which of the watched blocks does it pass
//! ([`runs_through`])? And which of these blocks does no terminating run
//! pass ([`targets_no_run_passes`])?
//!
//! Takes: a [`PassiveProgram`], its [`ReachabilityVc`], a live [`Solver`],
//! the target blocks and the watched blocks (passive indices). Gives:
//! [`Reach`]: no such run (`unsat`), the watched blocks a model's run
//! passes (their `R_b`), or why the solver could not tell; and
//! [`TargetsPassed`]. Stratified
//! inlining ([`crate::driver::stratified`]) asks both of the
//! over-approximation, its targets the goals left open and its watched
//! blocks the calls left open: `unsat` decides the targets, a model names
//! the open calls to inline next, and where some run passes the targets,
//! the second question tells the targets no run passes from the others.
//! design.md, "Reachability VC".
//!
//! The question goes to a solver process of its own, without `push`: z3
//! then preprocesses the VC as a whole, which it does not in a scope. On
//! a SMACK driver's over-approximation (3,000 blocks) one such question
//! took 0.17 s on a fresh z3 and ran out of 3 s in the cover's session.

use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::PassiveProgram;
use crate::ir::testcase::Value;
use std::fmt::Write as _;

/// The answer to [`runs_through`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// `unsat`: no terminating run passes any target.
    None,
    /// A model (possibly a candidate of E-matching, which is not a proof
    /// of anything): the watched blocks its run passes.
    Through(Vec<usize>),
    /// The solver could not tell: why.
    Unknown(String),
}

/// Whether some terminating run of `program` passes one of `targets`
/// (every run, when `targets` is empty), asked once on the whole VC
/// within `timeout_ms` (z3's own timeout; the others answer in their
/// time); a model names the blocks of `watch` it passes. `solver` must be
/// fresh: the VC stays loaded, and the process is good for nothing else.
pub fn runs_through(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    targets: &[usize],
    watch: &[usize],
    timeout_ms: Option<u64>,
) -> Result<Reach, SolverError> {
    if program.blocks.is_empty() {
        return Ok(Reach::None);
    }
    let mut script = whole_vc(vc, solver)?;
    if !targets.is_empty() {
        let _ = writeln!(script, "(assert {})", any_of(vc, targets));
    }
    let answer = solver
        .send(&script)
        .and_then(|()| solver.set_query_timeout(timeout_ms))
        .and_then(|()| solver.check_sat_assuming(&[]));
    match answer {
        Ok(SatAnswer::Unsat) => Ok(Reach::None),
        Ok(SatAnswer::Sat) => passed(vc, solver, watch),
        // z3 keeps no model after some `unknown`s: then no run is named.
        Ok(SatAnswer::Unknown(why)) if solver.has_candidate_model() => {
            Ok(passed(vc, solver, watch).unwrap_or(Reach::Unknown(why)))
        }
        Ok(SatAnswer::Unknown(why)) => Ok(Reach::Unknown(why)),
        Err(e) => Err(e),
    }
}

/// The answer to [`targets_no_run_passes`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetsPassed {
    /// The targets the models' runs passed.
    pub passed: Vec<usize>,
    /// The loop ended with `unsat`: no terminating run passes any other
    /// target.
    pub others_unpassed: bool,
}

/// Which of `targets` no terminating run of `program` passes, asked as
/// Algorithm 2's enabling clause over them on one fresh solver: "a run
/// through one of the targets left"; a model (or a candidate model,
/// which can only keep a target from being proved) takes the targets its
/// run passes out of the question, and the `unsat` that ends the loop
/// proves that no terminating run passes any target left. The loop also
/// ends, proving nothing, where the solver cannot tell (or names a run
/// through none of them), a question takes `timeout_ms`, or `until`
/// comes. Stratified inlining asks it of the over-approximation when
/// some run passes its targets: a goal whose copies and whose open calls
/// no run passes is infeasible though others are not. design.md,
/// "Statement cover".
pub fn targets_no_run_passes(
    program: &PassiveProgram,
    vc: &ReachabilityVc,
    solver: &mut Solver,
    targets: &[usize],
    timeout_ms: u64,
    until: std::time::Instant,
) -> Result<TargetsPassed, SolverError> {
    let mut answer = TargetsPassed::default();
    if program.blocks.is_empty() || targets.is_empty() {
        answer.others_unpassed = true;
        return Ok(answer);
    }
    let script = whole_vc(vc, solver)?;
    solver.send(&script)?;
    let mut left: Vec<usize> = targets.to_vec();
    for i in 0.. {
        let now = std::time::Instant::now();
        if now >= until {
            break;
        }
        let ms = u64::try_from(until.duration_since(now).as_millis()).unwrap_or(u64::MAX);
        solver.cap_query_time(Some(timeout_ms.min(ms.max(1))))?;
        let literal = format!("T_{i}");
        match check_under_literal(solver, &literal, &any_of(vc, &left))? {
            SatAnswer::Unsat => {
                answer.others_unpassed = true;
                break;
            }
            SatAnswer::Unknown(_) if !solver.has_candidate_model() => break,
            SatAnswer::Sat | SatAnswer::Unknown(_) => {
                let terms: Vec<String> = left.iter().map(|&t| vc.r[t].clone()).collect();
                let values = solver.get_values(&terms)?;
                let before = answer.passed.len();
                let (passed, still): (Vec<_>, Vec<_>) = left
                    .into_iter()
                    .zip(values)
                    .partition(|(_, v)| *v == Value::Bool(true));
                answer.passed.extend(passed.into_iter().map(|(t, _)| t));
                left = still.into_iter().map(|(t, _)| t).collect();
                if answer.passed.len() == before {
                    break;
                }
                if left.is_empty() {
                    answer.others_unpassed = true;
                    break;
                }
                solver.send(&format!("(assert (not {literal}))\n"))?;
            }
        }
    }
    Ok(answer)
}

/// The whole VC and `R` of its entry, for `solver` (its logic set): a
/// terminating run from the entry.
fn whole_vc(vc: &ReachabilityVc, solver: &mut Solver) -> Result<String, SolverError> {
    solver.set_logic_for(&vc.features, vc.nonlinear)?;
    let mut script = vc.declarations.clone();
    script.push_str(vc.definitions_for(solver.kind()));
    let _ = writeln!(script, "(assert {})", vc.r[0]);
    Ok(script)
}

/// Declares the Boolean `literal`, asserts `literal => term` and checks
/// satisfiability assuming `literal`: one question of a loop on one
/// solver, which the caller retires with `(assert (not literal))` once it
/// has read what it needs of the model.
pub(super) fn check_under_literal(
    solver: &mut Solver,
    literal: &str,
    term: &str,
) -> Result<SatAnswer, SolverError> {
    solver.send(&format!(
        "(declare-const {literal} Bool)\n(assert (=> {literal} {term}))\n"
    ))?;
    solver.check_sat_assuming(&[literal])
}

/// `(or R_b ...)` over `blocks`: a run passes one of them.
pub(super) fn any_of(vc: &ReachabilityVc, blocks: &[usize]) -> String {
    let mut term = String::from("(or");
    for &b in blocks {
        term.push(' ');
        term.push_str(&vc.r[b]);
    }
    term.push(')');
    term
}

/// The blocks of `watch` whose `R_b` the last model makes true.
fn passed(vc: &ReachabilityVc, solver: &mut Solver, watch: &[usize]) -> Result<Reach, SolverError> {
    let terms: Vec<String> = watch.iter().map(|&b| vc.r[b].clone()).collect();
    let values = solver.get_values(&terms)?;
    Ok(Reach::Through(
        watch
            .iter()
            .zip(values)
            .filter(|(_, v)| *v == Value::Bool(true))
            .map(|(&b, _)| b)
            .collect(),
    ))
}
