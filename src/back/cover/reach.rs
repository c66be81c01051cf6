//! One question on the whole VC: does some terminating run pass one of
//! these blocks, and if so, which of the watched blocks does it pass?
//!
//! Takes: a [`PassiveProgram`], its [`ReachabilityVc`], a live [`Solver`],
//! the target blocks and the watched blocks (passive indices). Gives:
//! [`Reach`]: no such run (`unsat`), the watched blocks a model's run
//! passes (their `R_b`), or why the solver could not tell. Stratified
//! inlining ([`crate::driver::stratified`]) asks it of the
//! over-approximation, its targets the goals left open and its watched
//! blocks the calls left open: `unsat` decides the targets, a model names
//! the open calls to inline next. design.md, "Reachability VC".
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
    solver.set_logic_for(&vc.features, vc.nonlinear)?;
    let mut script = vc.declarations.clone();
    script.push_str(vc.definitions_for(solver.kind()));
    let _ = writeln!(script, "(assert {})", vc.r[0]);
    if !targets.is_empty() {
        script.push_str("(assert (or");
        for &t in targets {
            script.push(' ');
            script.push_str(&vc.r[t]);
        }
        script.push_str("))\n");
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
