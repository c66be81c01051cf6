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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
            _ => None,
        }
    }
}

/// A valuation of the slots, with a path it makes feasible if known.
pub(super) type Seed = (Vec<Val>, Option<Vec<usize>>);

/// Random mutants tried per valuation that found a new path.
const MUTANTS_PER_SEED: usize = 4;

/// Rounds of [`Explorer::steer`]: at most this many slots changed.
const STEER_ROUNDS: usize = 3;

/// Valuations kept per round of [`Explorer::steer`].
const STEER_WIDTH: usize = 6;

/// `c + sum k_i * slot_i`: a value along one path as a function of the
/// integer slots of the valuation.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Affine {
    c: i128,
    k: Vec<i128>,
}

impl Affine {
    fn is_const(&self) -> bool {
        self.k.iter().all(|&k| k == 0)
    }

    fn scale(&self, f: i128) -> Option<Affine> {
        Some(Affine {
            c: self.c.checked_mul(f)?,
            k: self
                .k
                .iter()
                .map(|k| k.checked_mul(f))
                .collect::<Option<Vec<_>>>()?,
        })
    }

    /// `self + f * other`.
    fn add(&self, other: &Affine, f: i128) -> Option<Affine> {
        let n = self.k.len().max(other.k.len());
        let mut k = Vec::with_capacity(n);
        for i in 0..n {
            let a = self.k.get(i).copied().unwrap_or(0);
            let b = other.k.get(i).copied().unwrap_or(0);
            k.push(a.checked_add(b.checked_mul(f)?)?);
        }
        Some(Affine {
            c: self.c.checked_add(other.c.checked_mul(f)?)?,
            k,
        })
    }
}

/// The change `delta` of smallest size with `d + k * delta <= t` (k != 0).
fn at_most(d: i128, k: i128, t: i128) -> Option<i128> {
    let room = t.checked_sub(d)?;
    if room >= 0 {
        return Some(0);
    }
    // k * delta <= room < 0
    Some(if k > 0 {
        room.div_euclid(k)
    } else {
        // delta >= room / k (k < 0): the smallest such integer
        let q = room / k; // room / k > 0, truncated: the floor
        if q * k == room {
            q
        } else {
            q + 1
        }
    })
}

pub(super) struct Explorer<'a> {
    program: &'a PassiveProgram,
    succs: &'a [Vec<(usize, String)>],
    /// The SSA variables of a valuation (inputs and choices), in order.
    slots: &'a [SsaId],
    /// Whether each slot is an integer.
    int_slot: Vec<bool>,
    /// The slot of each variable, if it has one.
    slot_of: Vec<Option<usize>>,
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
    /// Valuations already run by the search.
    tried: HashSet<Vec<Val>>,
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
        let mut slot_of = vec![None; program.vars.len()];
        for (i, v) in slots.iter().enumerate() {
            if let Some(s) = slot_of.get_mut(v.0) {
                *s = Some(i);
            }
        }
        Explorer {
            program,
            succs,
            slots,
            slot_of,
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
            tried: HashSet::new(),
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

    /// Local search from `seeds` (valuations, each with a path it makes
    /// feasible, if known): every mutant or flip that makes some unknown
    /// path feasible is a new seed. Gives the new paths (recorded in
    /// `known`), each with its valuation; at most `limit` of them.
    pub(super) fn search(
        &mut self,
        seeds: Vec<Seed>,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut found = Vec::new();
        let mut work = seeds;
        while let Some((seed, path)) = work.pop() {
            let mut candidates: Vec<Vec<Val>> = match &path {
                Some(p) => self.flips(p, &seed),
                None => Vec::new(),
            };
            for _ in 0..MUTANTS_PER_SEED {
                candidates.push(self.mutate(&seed));
            }
            for m in candidates {
                if found.len() >= limit {
                    return found;
                }
                if !self.tried.insert(m.clone()) {
                    continue;
                }
                let mut first_new = None;
                for p in self.paths_under(&m, per_valuation) {
                    if found.len() < limit && self.known.insert(p.clone()) {
                        if first_new.is_none() {
                            first_new = Some(p.clone());
                        }
                        found.push((p, m.clone()));
                    }
                }
                if first_new.is_some() {
                    work.push((m, first_new));
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

    /// Valuations that try to take, at each branch of `path`, a successor
    /// that `path` does not take. Walking `path` under `valuation`, at
    /// each branch the other successor's first failing assumption is a
    /// comparison whose two sides are, along this prefix, affine functions
    /// of the integer slots; changing one slot by the right amount makes
    /// it hold. The prefix may then fail elsewhere: [`Explorer::steer`]
    /// repairs it a few rounds. Every candidate is checked by a concrete
    /// run anyway.
    fn flips(&self, path: &[usize], valuation: &[Val]) -> Vec<Vec<Val>> {
        let mut out = Vec::new();
        let mut walk = Walk::new(self, valuation);
        for (pos, &b) in path.iter().enumerate() {
            let next = path.get(pos + 1).copied();
            for (alt, _) in &self.succs[b] {
                if Some(*alt) == next {
                    continue;
                }
                let mark = walk.trail.len();
                if let Some(guard) = walk.enter(self, *alt) {
                    let fixes = walk.fixes(self, guard, valuation);
                    if !fixes.is_empty() {
                        let mut target = path[..=pos].to_vec();
                        target.push(*alt);
                        for (i, x) in fixes.into_iter().take(STEER_WIDTH) {
                            let mut v = valuation.to_vec();
                            v[i] = Val::Int(x);
                            out.extend(self.steer(&target, v, vec![i]));
                        }
                    }
                }
                walk.undo(mark);
            }
            if walk.enter(self, b).is_some() {
                return out; // the path does not run here: stop
            }
        }
        out
    }

    /// Valuations near `valuation` (which changed the slots `changed`)
    /// under which the run follows `target` (a path prefix): walk it; where
    /// an assumption fails, change one more slot to make it hold, and walk
    /// again, up to [`STEER_ROUNDS`] slots in all.
    fn steer(&self, target: &[usize], valuation: Vec<Val>, changed: Vec<usize>) -> Vec<Vec<Val>> {
        let mut out = Vec::new();
        let mut frontier: Vec<(Vec<Val>, Vec<usize>)> = vec![(valuation, changed)];
        while let Some((val, changed)) = frontier.pop() {
            let mut walk = Walk::new(self, &val);
            let failed = target.iter().find_map(|&b| walk.enter(self, b));
            let Some(guard) = failed else {
                out.push(val);
                continue;
            };
            if changed.len() >= STEER_ROUNDS {
                continue;
            }
            let fixes = walk.fixes(self, guard, &val);
            for (i, x) in fixes
                .into_iter()
                .filter(|(i, _)| !changed.contains(i))
                .take(STEER_WIDTH / changed.len().max(1))
            {
                let mut v = val.clone();
                v[i] = Val::Int(x);
                let mut c = changed.clone();
                c.push(i);
                frontier.push((v, c));
            }
        }
        out
    }
}

/// A concrete walk along blocks under one valuation, remembering the
/// definition of each internal variable it defines (for affine forms).
struct Walk<'a> {
    env: Vec<Option<Val>>,
    defs: Vec<Option<&'a Expr<SsaId>>>,
    trail: Vec<SsaId>,
}

impl<'a> Walk<'a> {
    fn new(explorer: &Explorer<'a>, valuation: &[Val]) -> Walk<'a> {
        let n = explorer.program.vars.len();
        let mut env = vec![None; n];
        for (slot, v) in explorer.slots.iter().zip(valuation) {
            env[slot.0] = Some(*v);
        }
        Walk {
            env,
            defs: vec![None; n],
            trail: Vec::new(),
        }
    }

    /// Runs block `b`: the first assumption that fails or cannot be
    /// evaluated, if any.
    fn enter(&mut self, explorer: &Explorer<'a>, b: usize) -> Option<&'a Expr<SsaId>> {
        let program: &'a PassiveProgram = explorer.program;
        for a in &program.blocks[b].assumes {
            if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
                if let ExprKind::Var(v) = lhs.kind {
                    if explorer.internal.get(v.0) == Some(&true) && self.env[v.0].is_none() {
                        match eval(rhs, &self.env) {
                            Some(val) => {
                                self.env[v.0] = Some(val);
                                self.defs[v.0] = Some(&**rhs);
                                self.trail.push(v);
                                continue;
                            }
                            None => return Some(a),
                        }
                    }
                }
            }
            if eval(a, &self.env) != Some(Val::Bool(true)) {
                return Some(a);
            }
        }
        None
    }

    fn undo(&mut self, mark: usize) {
        for v in self.trail.drain(mark..) {
            self.env[v.0] = None;
            self.defs[v.0] = None;
        }
    }

    /// The one-slot changes `(slot, new value)` that make the comparison
    /// `guard` hold, its sides taken as affine functions of the slots
    /// along the walk so far.
    fn fixes(
        &self,
        explorer: &Explorer<'a>,
        guard: &Expr<SsaId>,
        valuation: &[Val],
    ) -> Vec<(usize, i128)> {
        let mut out = Vec::new();
        let (mut e, mut negated) = (guard, false);
        while let ExprKind::Unary(UnOp::Not, inner) = &e.kind {
            e = inner;
            negated = !negated;
        }
        let ExprKind::Binary(op, l, r) = &e.kind else {
            return out;
        };
        let op = match (op, negated) {
            (op, false) => *op,
            (BinOp::Eq, true) => BinOp::Neq,
            (BinOp::Neq, true) => BinOp::Eq,
            (BinOp::Lt, true) => BinOp::Ge,
            (BinOp::Le, true) => BinOp::Gt,
            (BinOp::Gt, true) => BinOp::Le,
            (BinOp::Ge, true) => BinOp::Lt,
            _ => return out,
        };
        let (Some(Val::Int(lv)), Some(Val::Int(rv))) = (eval(l, &self.env), eval(r, &self.env))
        else {
            return out;
        };
        let mut memo = std::collections::HashMap::new();
        let (Some(la), Some(ra)) = (
            self.affine(explorer, l, &mut memo),
            self.affine(explorer, r, &mut memo),
        ) else {
            return out;
        };
        let (Some(d), Some(diff)) = (lv.checked_sub(rv), la.add(&ra, -1)) else {
            return out;
        };
        // Wanted: op(d + k * delta, 0) for the slot's coefficient k.
        for (i, &k) in diff.k.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let delta = match op {
                BinOp::Eq if d % k == 0 => Some(-d / k),
                BinOp::Eq => None,
                BinOp::Neq => Some(if d + k != 0 { 1 } else { 2 }),
                BinOp::Lt => at_most(d, k, -1),
                BinOp::Le => at_most(d, k, 0),
                BinOp::Gt => at_most(-d, -k, -1),
                BinOp::Ge => at_most(-d, -k, 0),
                _ => None,
            };
            if let (Some(delta), Some(Val::Int(x))) = (delta, valuation.get(i)) {
                if let Some(nx) = x.checked_add(delta) {
                    out.push((i, nx));
                }
            }
        }
        out
    }

    /// The affine form of `e`: slots are unit forms, internal variables
    /// are replaced by their definitions (memoised per variable).
    fn affine(
        &self,
        explorer: &Explorer<'a>,
        e: &Expr<SsaId>,
        memo: &mut std::collections::HashMap<usize, Option<Affine>>,
    ) -> Option<Affine> {
        match &e.kind {
            ExprKind::Int(n) => Some(Affine {
                c: n.to_i128()?,
                k: Vec::new(),
            }),
            ExprKind::Var(v) => {
                if let Some(Some(i)) = explorer.slot_of.get(v.0) {
                    if !explorer.int_slot[*i] {
                        return None;
                    }
                    let mut k = vec![0; i + 1];
                    k[*i] = 1;
                    return Some(Affine { c: 0, k });
                }
                if let Some(found) = memo.get(&v.0) {
                    return found.clone();
                }
                let def = self.defs.get(v.0).copied().flatten()?;
                let form = self.affine(explorer, def, memo);
                memo.insert(v.0, form.clone());
                form
            }
            ExprKind::Old(a) => self.affine(explorer, a, memo),
            ExprKind::Unary(UnOp::Neg, a) => self.affine(explorer, a, memo)?.scale(-1),
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let x = self.affine(explorer, a, memo)?;
                let y = self.affine(explorer, b, memo)?;
                x.add(&y, if *op == BinOp::Add { 1 } else { -1 })
            }
            ExprKind::Binary(BinOp::Mul, a, b) => {
                let x = self.affine(explorer, a, memo)?;
                let y = self.affine(explorer, b, memo)?;
                if x.is_const() {
                    y.scale(x.c)
                } else if y.is_const() {
                    x.scale(y.c)
                } else {
                    None
                }
            }
            _ => None,
        }
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
        // Programs with other types are not explored (see `supports`).
        _ => {}
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
        // Programs with other types are not explored (see `supports`).
        _ => None,
    }
}

/// Whether concrete exploration can run on `program`: every variable, and
/// every subexpression, is an integer or a Boolean (the values of [`Val`];
/// `real(x) / 2.0 > 1.0` over an integer `x` is not). Other programs are
/// left to the solver alone.
pub(super) fn supports(program: &PassiveProgram) -> bool {
    let simple = |ty: &crate::ir::Type| matches!(ty, crate::ir::Type::Int | crate::ir::Type::Bool);
    program.vars.iter().all(|v| simple(&v.ty))
        && program.blocks.iter().all(|b| {
            b.assumes.iter().all(|a| {
                let mut ok = true;
                a.visit(&mut |e| ok &= simple(&e.ty));
                ok
            })
        })
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
    fn smallest_change_that_satisfies_an_inequality() {
        for d in -20i128..=20 {
            for k in [-3i128, -2, -1, 1, 2, 3] {
                for t in [-1i128, 0] {
                    let delta = at_most(d, k, t).unwrap();
                    assert!(d + k * delta <= t, "{d} {k} {t} {delta}");
                    // one step less would not do (unless no change was needed)
                    if delta != 0 {
                        let smaller = delta - delta.signum();
                        assert!(d + k * smaller > t, "{d} {k} {t} {delta}");
                    }
                }
            }
        }
    }

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
