//! Where the values of a run near a test came from: for each variable,
//! the decision that gave its value, or the input constant it copies,
//! followed through copies (`x := y`), call arguments, outputs and the
//! values a body-less callee returns.
//!
//! Takes: a generated run ([`super::generate`]) as it executes. Gives:
//! where the run fails at an `assume`, at a `goto` none of whose targets
//! may be entered, or at a choice no value of which the `assume`s after
//! it hold with, the origins of the values those conditions read
//! ([`super::generate::Generating::culprits`]), and for a constant a
//! value with which they hold. [`super::generate::runs_near`] then
//! changes that decision, or starts the next runs with that value of the
//! constant, rather than changing the last decision before the failure
//! (docs/decisions.md, "Where a failing run's values came from").
//!
//! Why: on SDV's harnesses many failed runs fail at an `assume p != 0`
//! on a parameter whose value a caller's uninitialised local gave many
//! decisions earlier (`AvCmp_P2PCR_oPlug(vslice_dummy_var_74, ...)`,
//! then `assume BusExtension_31 != 0`), or an input constant the harness
//! passes (`AvCip_ProcessListenPacket(..., sdv_pv2)`). Changing the
//! decisions in between, one by one, does not change that value.
//!
//! What is not followed: values computed by any other expression, values
//! stored in maps, and values the base gave (the runs leave the base
//! only at their divergence point); such a variable has no origin, and a
//! failure that reads only such variables names none.

use super::interp::{Frame, Machine};
use crate::ir::testcase::Value;
use crate::ir::{Expr, ExprKind, VarRef};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Where a value came from: the decision, or the input constant, that
/// gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Origin {
    /// The run's own decision of this index (among its alternatives).
    Made(usize),
    /// The input constant of this global index, which no axiom and no
    /// `requires` reads ([`super::generate::GlobalStarts`]): a run may
    /// give it another value than the base's.
    Constant(usize),
}

/// The origin of local `l` in `frame`.
pub(super) fn local_origin(frame: &Frame<'_>, l: usize) -> Option<Origin> {
    frame.origins.get(l).copied().flatten()
}

/// Sets the origin of local `l` in `frame`; the frame keeps none until a
/// value with an origin is first set.
pub(super) fn set_local_origin(frame: &mut Frame<'_>, l: usize, origin: Option<Origin>) {
    if origin.is_none() && frame.origins.is_empty() {
        return;
    }
    if frame.origins.len() < frame.locals.len() {
        frame.origins.resize(frame.locals.len(), None);
    }
    if let Some(slot) = frame.origins.get_mut(l) {
        *slot = origin;
    }
}

impl Machine<'_, '_> {
    /// The origin of the value of `v` in the innermost frame.
    pub(super) fn origin_of(&self, v: VarRef) -> Option<Origin> {
        match v {
            VarRef::Local(l) => local_origin(self.frames.last()?, l.0),
            VarRef::Global(g) => {
                let gen = self.generating.as_ref()?;
                gen.global_origin(g.0)
                    .or_else(|| gen.may_settle(g.0).then_some(Origin::Constant(g.0)))
            }
        }
    }

    /// The origin of the value of `e` in the innermost frame: that of the
    /// variable it is, if it is one; for a literal (or a term of literals
    /// only, `-1073741823`), the decision that chose the block it is
    /// assigned in, if one did (SDV's `sdv_IoAcquireRemoveLock` returns 0
    /// in one branch and an error in two others, which the rule's hook
    /// then ends the run on).
    pub(super) fn origin_of_expr(&self, e: &Expr) -> Option<Origin> {
        self.generating.as_ref()?;
        if let ExprKind::Var(v) = e.kind {
            return self.origin_of(v);
        }
        let branch = self.frames.last()?.branch?;
        literals_only(e).then_some(Origin::Made(branch))
    }

    /// Sets the origin of `v` in the innermost frame (a generated run
    /// only).
    pub(super) fn set_origin(&mut self, v: VarRef, origin: Option<Origin>) {
        if self.generating.is_none() {
            return;
        }
        match v {
            VarRef::Local(l) => {
                if let Some(frame) = self.frames.last_mut() {
                    set_local_origin(frame, l.0, origin);
                }
            }
            VarRef::Global(g) => {
                if let Some(gen) = self.generating.as_mut() {
                    gen.set_global_origin(g.0, origin);
                }
            }
        }
    }

    /// Where a generated run fails at conditions (in the innermost
    /// frame) that must all hold, or where `any_group`, all of one group
    /// (the leading `assume`s of a `goto`'s targets): records the origins
    /// of the variables they read, `except` one, as the run's culprits;
    /// and for each that copies a constant or a value the run chose, a
    /// value of it with which the conditions hold (what they ask of the
    /// copy, or a small value).
    pub(super) fn note_culprits(
        &mut self,
        groups: &[Vec<&Expr>],
        any_group: bool,
        except: Option<VarRef>,
    ) {
        let mut culprits: Vec<(Origin, VarRef)> = Vec::new();
        for e in groups.iter().flatten() {
            e.visit_vars(false, &mut |v, under_old| {
                if under_old || Some(*v) == except {
                    return;
                }
                if let Some(o) = self.origin_of(*v) {
                    if !culprits.iter().any(|(p, _)| *p == o) {
                        culprits.push((o, *v));
                    }
                }
            });
        }
        let mut constants = Vec::new();
        let mut made = Vec::new();
        // Only a decision that chose a value may take another; one among a
        // `goto`'s targets (a literal's origin) may not.
        let may_take: Vec<(Origin, VarRef)> = culprits
            .iter()
            .copied()
            .filter(|&(o, _)| match o {
                Origin::Made(j) => self
                    .generating
                    .as_ref()
                    .is_some_and(|g| g.value_decisions.contains(&j)),
                Origin::Constant(_) => true,
            })
            .collect();
        for (o, v) in may_take {
            match (o, self.value_that_holds(groups, any_group, except, v)) {
                (Origin::Constant(c), Some(value)) => constants.push((c, value)),
                (Origin::Made(j), Some(value)) => made.push((j, value)),
                _ => {}
            }
        }
        if let Some(g) = self.generating.as_mut() {
            g.culprits = culprits.into_iter().map(|(o, _)| o).collect();
            g.constant_values = constants;
            g.made_values = made;
        }
    }

    /// A value of `v` other than its own with which the conditions of
    /// [`Machine::note_culprits`] that do not read `except` hold (where
    /// all groups must hold, those of them that read `v`): one of those
    /// they ask of `v`, else a small one.
    fn value_that_holds(
        &mut self,
        groups: &[Vec<&Expr>],
        any_group: bool,
        except: Option<VarRef>,
        v: VarRef,
    ) -> Option<Value> {
        let frame = self.frames.last()?;
        let now = self.current_value(v);
        let mut candidates = Vec::new();
        for e in groups.iter().flatten() {
            self.asked_values(frame, e, v, &mut candidates);
        }
        let ty = self.var_type(frame, v).clone();
        candidates.extend(super::generate::small_values(
            &ty,
            &mut ChaCha8Rng::seed_from_u64(0),
        ));
        let readable = |e: &&&Expr| except.is_none_or(|x| !super::memory::reads(e, x));
        for value in candidates {
            if Some(&value) == now.as_ref() || super::eval::check_type(&value, &ty).is_err() {
                continue;
            }
            let previous = self.replace_var(v, Some(value.clone()));
            let frame = self.frames.last().expect("a frame is active");
            // Where all groups must hold, only the conditions that read
            // `v`: the others are for the other culprits to mend.
            let holds = |group: &Vec<&Expr>| {
                group
                    .iter()
                    .filter(readable)
                    .filter(|e| any_group || super::memory::reads(e, v))
                    .all(|e| matches!(self.eval_in(frame, e, false), Ok(Value::Bool(true))))
            };
            let ok = match any_group {
                true => groups.iter().any(holds),
                false => groups.iter().all(holds),
            };
            self.replace_var(v, previous);
            if ok {
                return Some(value);
            }
        }
        None
    }

    /// The value of `v` in the innermost frame.
    fn current_value(&self, v: VarRef) -> Option<Value> {
        match v {
            VarRef::Local(l) => self.frames.last()?.locals.get(l.0).cloned().flatten(),
            VarRef::Global(g) => self.globals.get(g.0).cloned().flatten(),
        }
    }
}

/// Whether `e` reads no variable: a literal, or a term of literals
/// (`-1073741823`), checked without allocating for the common shapes.
fn literals_only(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Bv(..) | ExprKind::Real(_) => true,
        ExprKind::Var(_) => false,
        ExprKind::Unary(_, a) => literals_only(a),
        ExprKind::Binary(_, a, b) => literals_only(a) && literals_only(b),
        _ => {
            let mut reads = false;
            e.visit_vars(true, &mut |_, _| reads = true);
            !reads
        }
    }
}
