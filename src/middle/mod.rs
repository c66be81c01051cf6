//! The middle end: CFG to the passive, loop-free program of one entry.
//!
//! Takes: a resolved [`crate::ir::Program`], an entry procedure and the
//! bound K. Gives: a [`crate::ir::passive::PassiveProgram`] (only
//! `assume`s over SSA variables, no loop, every block remembering the
//! original block and the unwinding copy it stands for). design.md,
//! "Semantics, pinned down": loop unwinding, calls, assertions.
//!
//! Entry: [`prepare_entry`]. Inside, in order: [`unwind`] (every loop
//! K times; irreducible graphs split first), [`inline`] (calls copied in,
//! recursion unwound to depth K; or, under a call policy, replaced by the
//! cases of a callee summary that [`crate::driver::summary`] computed,
//! paper section 6), [`mod@passify`] (passive SSA), checked by
//! [`crate::ir::passive::verify()`] in debug builds.
//!
//! [`axioms_program`] gives an entry's axioms alone, over the constants
//! they read (runs near a test check function values against them).
//!
//! [`prepare_entry_for_every_bound`] makes the over-approximation that
//! proves infeasible code dead whatever the iteration count: the same
//! stages on the program [`loop_havoc`] makes, unwound zero times.

pub mod axioms;
pub mod inline;
pub mod loop_havoc;
pub mod passify;
pub mod unwind;

pub use axioms::axioms_program;
pub use passify::passify;

use crate::ir::passive::PassiveProgram;
use crate::ir::{ProcId, Program, StmtKind};
use crate::source::Diagnostic;
use unwind::{unwind_loops, UnwoundBody};

/// `entry` and every procedure it may reach through calls (with a body or
/// not): `entry` first, then the others in declaration order.
pub(crate) fn reachable_procedures(program: &Program, entry: ProcId) -> Vec<ProcId> {
    let seen = reachable_from_any(program, &[entry]);
    std::iter::once(entry)
        .chain(
            (0..seen.len())
                .map(ProcId)
                .filter(|&p| seen[p.0] && p != entry),
        )
        .collect()
}

/// Per procedure (by index): whether one of `roots` is it or may reach
/// it through calls.
pub(crate) fn reachable_from_any(program: &Program, roots: &[ProcId]) -> Vec<bool> {
    let mut seen = vec![false; program.procedures.len()];
    let mut stack = roots.to_vec();
    for r in roots {
        seen[r.0] = true;
    }
    while let Some(p) = stack.pop() {
        for (callee, _) in program.calls(p) {
            if !seen[callee.0] {
                seen[callee.0] = true;
                stack.push(callee);
            }
        }
    }
    seen
}

/// Every procedure with a body that `entry` may reach through calls
/// (`entry` included), unwound `k` times; `None` for the others.
pub(crate) fn unwind_reachable(
    program: &Program,
    entry: ProcId,
    k: u32,
) -> Result<Vec<Option<UnwoundBody>>, Diagnostic> {
    let mut bodies: Vec<Option<UnwoundBody>> = vec![None; program.procedures.len()];
    let mut seen = vec![false; program.procedures.len()];
    let mut stack = vec![entry];
    seen[entry.0] = true;
    while let Some(p) = stack.pop() {
        let proc = program.proc(p);
        let Some(cfg) = &proc.body else { continue };
        bodies[p.0] = Some(unwind_loops(program, p, k)?);
        for n in cfg.graph.node_indices() {
            for s in &cfg.graph[n].stmts {
                if let StmtKind::Call { callee, .. } = &s.kind {
                    if !seen[callee.0] {
                        seen[callee.0] = true;
                        stack.push(*callee);
                    }
                }
            }
        }
    }
    Ok(bodies)
}

/// Unwinds every procedure with a body that `entry` may reach through calls
/// (`entry` included) `k` times, inlines the calls of `entry`, and
/// passifies the result: the middle of the pipeline in one call. In debug
/// builds the result is checked by [`crate::ir::passive::verify()`] (a
/// malformed one panics).
pub fn prepare_entry(
    program: &Program,
    entry: ProcId,
    k: u32,
) -> Result<PassiveProgram, Diagnostic> {
    prepare(program, entry, k, false)
}

/// [`prepare_entry`] with the exits of every loop marked
/// ([`unwind::mark_loop_exits`]): the passive program of loop-iteration
/// coverage (`--loop-coverage`, issue 20), whose
/// [`crate::ir::passive::BlockRole::LoopExit`] blocks say how many times a
/// run went around a loop before it left it.
pub fn prepare_entry_for_loop_coverage(
    program: &Program,
    entry: ProcId,
    k: u32,
) -> Result<PassiveProgram, Diagnostic> {
    prepare(program, entry, k, true)
}

fn prepare(
    program: &Program,
    entry: ProcId,
    k: u32,
    loop_exits: bool,
) -> Result<PassiveProgram, Diagnostic> {
    let mut bodies = unwind_reachable(program, entry, k)?;
    if loop_exits {
        bodies
            .iter_mut()
            .flatten()
            .for_each(unwind::mark_loop_exits);
    }
    let flat = inline::inline_calls(program, entry, k, &bodies)?;
    let passive = passify(program, &flat);
    // A malformed passive program is a bug of the middle end: caught here,
    // in debug builds and tests, rather than as a wrong verdict later.
    if cfg!(debug_assertions) {
        if let Err(e) = crate::ir::passive::verify(program, &passive) {
            panic!(
                "passive program of `{}` is malformed:\n{e}",
                program.proc(entry).name
            );
        }
    }
    Ok(passive)
}

/// The over-approximation of `entry` for every iteration count (see
/// [`loop_havoc`]): every loop head havocs the loop's targets, the loops
/// are unwound zero times, calls inlined, the result passified. `None`
/// where bicd does not build one (recursion, an irreducible loop).
pub fn prepare_entry_for_every_bound(
    program: &Program,
    entry: ProcId,
) -> Result<Option<PassiveProgram>, Diagnostic> {
    let Some(havocked) = loop_havoc::havoc_loop_heads(program, entry) else {
        return Ok(None);
    };
    prepare_entry(&havocked, entry, 0).map(Some)
}

/// Per procedure: whether a run of it may fail an assertion (its own, an
/// `ensures` it checks at its exit, the `requires` of a procedure it
/// calls), itself or through the procedures it calls.
pub(crate) fn may_fail_an_assertion(program: &Program) -> Vec<bool> {
    let n = program.procedures.len();
    let mut fails = vec![false; n];
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, p) in program.procedures.iter().enumerate() {
        let Some(cfg) = &p.body else { continue };
        fails[i] |= p.ensures.iter().any(|s| !s.free);
        for b in cfg.graph.node_weights() {
            for s in &b.stmts {
                match &s.kind {
                    StmtKind::Assert(..) => fails[i] = true,
                    StmtKind::Call { callee, .. } => {
                        let q = program.proc(*callee);
                        fails[i] |= q.requires.iter().any(|r| !r.free);
                        callers[callee.0].push(i);
                    }
                    _ => {}
                }
            }
        }
    }
    let mut stack: Vec<usize> = (0..n).filter(|&i| fails[i]).collect();
    while let Some(q) = stack.pop() {
        for &c in &callers[q] {
            if !fails[c] {
                fails[c] = true;
                stack.push(c);
            }
        }
    }
    fails
}
