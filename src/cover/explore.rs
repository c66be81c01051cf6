//! Concrete runs of a passive program, for path cover: which complete
//! paths a valuation of the inputs and choices makes feasible, evaluated in
//! Rust without the solver, and a local search that finds new paths by
//! mutating valuations that already found one.
//!
//! Takes: the [`PassiveProgram`], the VC's deduplicated successor lists, and
//! the SSA variables a test needs (`model_vars`: inputs and choices).
//! Gives: [`Explorer::paths_under`] (every feasible complete path under one
//! valuation, up to a limit) and [`Explorer::search`] (paths found by
//! mutating valuations, each with the valuation that makes it feasible).
//!
//! Why it is sound: a passive program's assumptions along a path are either
//! definitions `v == e` of an internal SSA variable that the path has not
//! defined yet (assignments and join copies, each defined once per path) or
//! conditions. Given values for the inputs and choices, walking a path and
//! evaluating them in order gives every internal variable its value; if
//! every condition holds, that valuation satisfies the path's assumptions,
//! so the path is a feasible complete path and the inputs and choices are a
//! test of it. Whatever cannot be evaluated (an operand without a value,
//! an integer overflow of `i128`) makes the path count as not found here;
//! the solver then finds it. Completeness stays with the solver: path cover
//! blocks every path found here and ends only on `unsat`.

use crate::ir::{BinOp, Expr, ExprKind, Type, UnOp};
use crate::passive::{PassiveProgram, SsaId, SsaRole};
use crate::testcase::Value;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// A concrete value of the evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Val {
    Int(i128),
    Bool(bool),
}

impl Val {
    pub(super) fn to_value(self) -> Value {
        match self {
            Val::Int(n) => Value::Int(BigInt::from(n)),
            Val::Bool(b) => Value::Bool(b),
        }
    }

    pub(super) fn of_value(v: &Value) -> Option<Val> {
        match v {
            Value::Int(n) => n.to_i128().map(Val::Int),
            Value::Bool(b) => Some(Val::Bool(*b)),
        }
    }
}

/// Mutants tried per valuation that found a new path.
const MUTANTS_PER_SEED: usize = 24;

pub(super) struct Explorer<'a> {
    program: &'a PassiveProgram,
    succs: &'a [Vec<(usize, String)>],
    /// The SSA variables of a valuation (inputs and choices), in order.
    slots: &'a [SsaId],
    /// Whether each slot is an integer.
    int_slot: Vec<bool>,
    /// The largest absolute integer literal of the program (at least 1):
    /// random values are drawn around it.
    scale: i128,
    /// Integer literals of the program (and their neighbours): values that
    /// conditions like `x == 7` need.
    literals: Vec<i128>,
    /// Whether each variable is internal (defined by an assumption).
    internal: Vec<bool>,
    rng: ChaCha8Rng,
    /// Paths found so far (by the solver or here).
    pub(super) known: HashSet<Vec<usize>>,
    /// Concrete runs made (for statistics).
    pub(super) runs: usize,
}

impl<'a> Explorer<'a> {
    pub(super) fn new(
        program: &'a PassiveProgram,
        succs: &'a [Vec<(usize, String)>],
        slots: &'a [SsaId],
    ) -> Explorer<'a> {
        let mut literals: Vec<i128> = vec![0, 1, -1];
        for b in &program.blocks {
            for a in &b.assumes {
                collect_literals(a, &mut literals);
            }
        }
        literals.sort_unstable();
        literals.dedup();
        let scale = literals
            .iter()
            .map(|n| n.saturating_abs())
            .max()
            .unwrap_or(1)
            .clamp(1, 1 << 40);
        Explorer {
            program,
            succs,
            slots,
            int_slot: slots
                .iter()
                .map(|v| program.vars[v.0].ty == Type::Int)
                .collect(),
            scale,
            literals,
            internal: program
                .vars
                .iter()
                .map(|v| v.role == SsaRole::Internal)
                .collect(),
            rng: ChaCha8Rng::seed_from_u64(0xb1cd_5eed),
            known: HashSet::new(),
            runs: 0,
        }
    }

    /// Every feasible complete path under `valuation` (values of `slots`),
    /// depth first in successor order, at most `limit`.
    pub(super) fn paths_under(&mut self, valuation: &[Val], limit: usize) -> Vec<Vec<usize>> {
        self.runs += 1;
        let n = self.program.blocks.len();
        let mut paths = Vec::new();
        if n == 0 || limit == 0 {
            return paths;
        }
        let mut env: Vec<Option<Val>> = vec![None; self.program.vars.len()];
        for (slot, v) in self.slots.iter().zip(valuation) {
            env[slot.0] = Some(*v);
        }
        // Definitions made by each block on the stack, to undo them.
        let mut trail: Vec<SsaId> = Vec::new();
        // (block, next successor position, trail length before the block)
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        if !self.enter(0, &mut env, &mut trail) {
            return paths;
        }
        stack.push((0, 0, 0));
        while let Some(&(b, next, _)) = stack.last() {
            let out = &self.succs[b];
            if out.is_empty() {
                paths.push(stack.iter().map(|&(x, _, _)| x).collect());
                if paths.len() >= limit {
                    break;
                }
            }
            let top = stack.len() - 1;
            if next < out.len() {
                stack[top].1 = next + 1;
                let s = out[next].0;
                let mark = trail.len();
                if self.enter(s, &mut env, &mut trail) {
                    stack.push((s, 0, mark));
                } else {
                    undo(&mut env, &mut trail, mark);
                }
            } else {
                let (_, _, mark) = stack.pop().unwrap_or((0, 0, 0));
                undo(&mut env, &mut trail, mark);
            }
        }
        paths
    }

    /// Evaluates block `b`'s assumptions in order, defining internal
    /// variables; false when one does not hold or cannot be evaluated.
    fn enter(&self, b: usize, env: &mut [Option<Val>], trail: &mut Vec<SsaId>) -> bool {
        for a in &self.program.blocks[b].assumes {
            if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
                if let ExprKind::Var(v) = lhs.kind {
                    if self.internal.get(v.0) == Some(&true) && env[v.0].is_none() {
                        match eval(rhs, env) {
                            Some(val) => {
                                env[v.0] = Some(val);
                                trail.push(v);
                                continue;
                            }
                            None => return false,
                        }
                    }
                }
            }
            if eval(a, env) != Some(Val::Bool(true)) {
                return false;
            }
        }
        true
    }

    /// A random valuation: integers around the program's literals.
    pub(super) fn random_valuation(&mut self) -> Vec<Val> {
        (0..self.slots.len())
            .map(|i| self.random_value(i))
            .collect()
    }

    fn random_value(&mut self, slot: usize) -> Val {
        if !self.int_slot[slot] {
            return Val::Bool(self.rng.gen_bool(0.5));
        }
        let s = self.scale;
        Val::Int(match self.rng.gen_range(0..10) {
            0..=3 => self.rng.gen_range(-s - 2..=s + 2),
            4..=6 => {
                let l = self.literals[self.rng.gen_range(0..self.literals.len())];
                l + self.rng.gen_range(-2..=2)
            }
            7 | 8 => self.rng.gen_range(-4 * s..=4 * s),
            _ => self.rng.gen_range(-3..=3),
        })
    }

    fn mutate(&mut self, seed: &[Val]) -> Vec<Val> {
        let mut m = seed.to_vec();
        if m.is_empty() {
            return m;
        }
        let changes = if self.rng.gen_bool(0.6) { 1 } else { 2 };
        for _ in 0..changes {
            let i = self.rng.gen_range(0..m.len());
            m[i] = match m[i] {
                Val::Bool(b) => Val::Bool(!b),
                Val::Int(n) => match self.rng.gen_range(0..4) {
                    0 => Val::Int(n.saturating_add(self.rng.gen_range(-3..=3))),
                    1 => {
                        // Another integer slot's value plus a small offset.
                        let j = self.rng.gen_range(0..seed.len());
                        match seed[j] {
                            Val::Int(o) => Val::Int(o.saturating_add(self.rng.gen_range(-2..=2))),
                            Val::Bool(_) => Val::Int(n),
                        }
                    }
                    _ => self.random_value(i),
                },
            };
        }
        m
    }

    /// Local search from `seeds`: every mutant that makes some unknown
    /// path feasible is a new seed. Gives the new paths (recorded in
    /// `known`), each with its valuation; at most `limit` of them.
    pub(super) fn search(
        &mut self,
        seeds: Vec<Vec<Val>>,
        mutants_per_seed: Option<usize>,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let per_seed = mutants_per_seed.unwrap_or(MUTANTS_PER_SEED);
        let mut found = Vec::new();
        let mut work = seeds;
        while let Some(seed) = work.pop() {
            for _ in 0..per_seed {
                if found.len() >= limit {
                    return found;
                }
                let m = self.mutate(&seed);
                let mut fresh = false;
                for p in self.paths_under(&m, per_valuation) {
                    if found.len() < limit && self.known.insert(p.clone()) {
                        found.push((p, m.clone()));
                        fresh = true;
                    }
                }
                if fresh {
                    work.push(m);
                }
            }
        }
        found
    }

    /// Random valuations until `window` in a row find nothing new; the new
    /// paths, each with its valuation (at most `limit`).
    pub(super) fn sample(
        &mut self,
        window: usize,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut found = Vec::new();
        let mut idle = 0;
        while idle < window && found.len() < limit {
            let v = self.random_valuation();
            let mut fresh = false;
            for p in self.paths_under(&v, per_valuation) {
                if found.len() < limit && self.known.insert(p.clone()) {
                    found.push((p, v.clone()));
                    fresh = true;
                }
            }
            idle = if fresh { 0 } else { idle + 1 };
        }
        found
    }
}

fn undo(env: &mut [Option<Val>], trail: &mut Vec<SsaId>, mark: usize) {
    for v in trail.drain(mark..) {
        env[v.0] = None;
    }
}

fn collect_literals(e: &Expr<SsaId>, out: &mut Vec<i128>) {
    match &e.kind {
        ExprKind::Int(n) => {
            if let Some(n) = n.to_i128() {
                if n.abs() < 1 << 40 {
                    out.push(n);
                    out.push(-n);
                }
            }
        }
        ExprKind::Bool(_) | ExprKind::Var(_) => {}
        ExprKind::Old(a) | ExprKind::Unary(_, a) => collect_literals(a, out),
        ExprKind::Binary(_, a, b) => {
            collect_literals(a, out);
            collect_literals(b, out);
        }
        ExprKind::Ite(c, a, b) => {
            collect_literals(c, out);
            collect_literals(a, out);
            collect_literals(b, out);
        }
    }
}

/// The value of `e` under `env`; `None` if an operand has no value, an
/// integer overflows `i128`, or the types do not fit.
fn eval(e: &Expr<SsaId>, env: &[Option<Val>]) -> Option<Val> {
    match &e.kind {
        ExprKind::Int(n) => n.to_i128().map(Val::Int),
        ExprKind::Bool(b) => Some(Val::Bool(*b)),
        ExprKind::Var(v) => env.get(v.0).copied().flatten(),
        ExprKind::Old(a) => eval(a, env),
        ExprKind::Unary(UnOp::Not, a) => match eval(a, env)? {
            Val::Bool(b) => Some(Val::Bool(!b)),
            Val::Int(_) => None,
        },
        ExprKind::Unary(UnOp::Neg, a) => match eval(a, env)? {
            Val::Int(n) => n.checked_neg().map(Val::Int),
            Val::Bool(_) => None,
        },
        ExprKind::Ite(c, a, b) => match eval(c, env)? {
            Val::Bool(true) => eval(a, env),
            Val::Bool(false) => eval(b, env),
            Val::Int(_) => None,
        },
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            binary(*op, x, y)
        }
    }
}

fn binary(op: BinOp, x: Val, y: Val) -> Option<Val> {
    use Val::{Bool, Int};
    Some(match (op, x, y) {
        (BinOp::Add, Int(a), Int(b)) => Int(a.checked_add(b)?),
        (BinOp::Sub, Int(a), Int(b)) => Int(a.checked_sub(b)?),
        (BinOp::Mul, Int(a), Int(b)) => Int(a.checked_mul(b)?),
        (BinOp::Div, Int(_), Int(0)) => Int(0),
        (BinOp::Mod, Int(a), Int(0)) => Int(a),
        (BinOp::Div, Int(a), Int(b)) => Int(a.checked_div_euclid(b)?),
        (BinOp::Mod, Int(a), Int(b)) => Int(a.checked_rem_euclid(b)?),
        (BinOp::Eq | BinOp::Iff, a, b) if same_sort(a, b) => Bool(a == b),
        (BinOp::Neq, a, b) if same_sort(a, b) => Bool(a != b),
        (BinOp::Lt, Int(a), Int(b)) => Bool(a < b),
        (BinOp::Le, Int(a), Int(b)) => Bool(a <= b),
        (BinOp::Gt, Int(a), Int(b)) => Bool(a > b),
        (BinOp::Ge, Int(a), Int(b)) => Bool(a >= b),
        (BinOp::And, Bool(a), Bool(b)) => Bool(a && b),
        (BinOp::Or, Bool(a), Bool(b)) => Bool(a || b),
        (BinOp::Implies, Bool(a), Bool(b)) => Bool(!a || b),
        _ => return None,
    })
}

fn same_sort(a: Val, b: Val) -> bool {
    matches!(
        (a, b),
        (Val::Int(_), Val::Int(_)) | (Val::Bool(_), Val::Bool(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euclidean_division_matches_smt_lib() {
        let d = |a: i128, b: i128| binary(BinOp::Div, Val::Int(a), Val::Int(b));
        let m = |a: i128, b: i128| binary(BinOp::Mod, Val::Int(a), Val::Int(b));
        assert_eq!(d(-7, 2), Some(Val::Int(-4)));
        assert_eq!(m(-7, 2), Some(Val::Int(1)));
        assert_eq!(d(7, -2), Some(Val::Int(-3)));
        assert_eq!(m(7, -2), Some(Val::Int(1)));
        assert_eq!(d(5, 0), Some(Val::Int(0)));
        assert_eq!(m(5, 0), Some(Val::Int(5)));
        assert_eq!(
            binary(BinOp::Mul, Val::Int(i128::MAX), Val::Int(2)),
            None,
            "overflow is not a value"
        );
    }
}
