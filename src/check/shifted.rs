//! Quantifiers over one integer whose body reads it as a map's index
//! shifted by a term (`M[x + d]`) and compares it with terms (`lo <= x`):
//! SMACK's `$memcpy` and `$memset`, whose bodies are `assume (forall x:
//! ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len))
//! ==> M.ret[x] == M.src[$add.ref($sub.ref(src, dst), x)])`.
//!
//! Takes: the quantifier's binder and body, with the machine that
//! evaluates the terms. Gives: [`Machine::shifted_points`], the integers
//! at which to evaluate the body to decide the quantifier exactly, or
//! `None` where the body reads the variable otherwise (the caller then
//! reports [`super::eval::QUANTIFIED`], as before); and
//! [`Machine::defined_map`], the map output that such `forall`s of a
//! procedure define, which a run near a test gives it. Both serve
//! generated runs only ([`super::generate`]): a replay takes these
//! quantifiers on trust, because a solver's candidate model often
//! breaks them (docs/decisions.md, "Copies of memory, run and
//! checked").
//!
//! Why these points decide it: every map holds finitely many entries, so
//! `M[x + d]` reads the map's default except at its stored indices minus
//! `d`; a comparison `x + d op b` changes value only next to `b - d`.
//! Between two consecutive such points the body reads the same values,
//! so one point inside each gap, and one beyond each end, stands for all
//! the others.

use super::eval::unfolded;
use super::interp::{Frame, Machine};
use crate::ir::testcase::Value;
use crate::ir::{BinOp, Expr, ExprKind};
use num_bigint::BigInt;

/// Where the bound variable occurs in the body: the maps it indexes
/// (with the shift), and the terms it is compared with (with the shift).
#[derive(Default)]
struct Occurrences {
    reads: Vec<(Expr, Vec<(bool, Expr)>)>,
    bounds: Vec<(Expr, Vec<(bool, Expr)>)>,
}

impl<'p> Machine<'p, '_> {
    /// The points at which the body of a quantifier over integer `id`
    /// decides it (see the module's doc), at most `limit` of them; `None`
    /// where the body is not of that shape, a map is not a finite one, or
    /// there are more points.
    pub(super) fn shifted_points(
        &self,
        frame: &Frame<'p>,
        id: usize,
        body: &Expr,
        in_old: bool,
        limit: usize,
    ) -> Option<Vec<Value>> {
        let body = deep_unfolded(body);
        let mut found = Occurrences::default();
        if !occurrences(&body, id, &mut found) {
            return None;
        }
        let shift = |terms: &[(bool, Expr)]| -> Option<BigInt> {
            let mut d = BigInt::from(0);
            for (negative, t) in terms {
                let Value::Int(n) = self.eval_in(frame, t, in_old).ok()? else {
                    return None;
                };
                match negative {
                    true => d -= n,
                    false => d += n,
                }
            }
            Some(d)
        };
        let mut points: Vec<BigInt> = Vec::new();
        for (m, terms) in &found.reads {
            let d = shift(terms)?;
            let map = self.eval_in(frame, m, in_old).ok()?;
            let Value::Map { entries, .. } = &map else {
                return None;
            };
            for (k, _) in entries.iter() {
                let Value::Int(k) = k else { return None };
                points.push(k - &d);
            }
            if points.len() > limit {
                return None;
            }
        }
        for (b, terms) in &found.bounds {
            let d = shift(terms)?;
            let Value::Int(b) = self.eval_in(frame, b, in_old).ok()? else {
                return None;
            };
            let at = b - d;
            points.extend([&at - 1, at.clone(), at + 1]);
        }
        points.sort();
        points.dedup();
        // One point in each gap and beyond each end.
        let mut all = Vec::with_capacity(2 * points.len() + 2);
        match (points.first(), points.last()) {
            (Some(first), Some(_)) => all.push(first - 1),
            _ => all.push(BigInt::from(0)),
        }
        for (i, p) in points.iter().enumerate() {
            all.push(p.clone());
            let next = p + 1;
            if points.get(i + 1) != Some(&next) {
                all.push(next);
            }
        }
        if all.len() > limit {
            return None;
        }
        Some(all.into_iter().map(Value::Int).collect())
    }
}

/// `e` with every application of a defined function unfolded.
fn deep_unfolded(e: &Expr) -> Expr {
    if let Some(body) = unfolded(e) {
        return deep_unfolded(&body);
    }
    match e.map_children(&mut deep_unfolded) {
        Some(kind) => Expr::new(kind, e.ty.clone(), e.span),
        None => e.clone(),
    }
}

/// Collects where bound variable `id` occurs in `e`; `false` where it
/// occurs otherwise than as `M[x + d]` or a side `x + d` of a comparison,
/// with `M`, `d` and the other side free of it.
fn occurrences(e: &Expr, id: usize, out: &mut Occurrences) -> bool {
    let free = |x: &Expr| !super::eval::mentions_bound(x, &[id]);
    match &e.kind {
        ExprKind::Bound(b) => *b != id,
        ExprKind::Select(m, ix) if ix.len() == 1 && !free(&ix[0]) => {
            let Some(terms) = shift_of(&ix[0], id) else {
                return false;
            };
            if !free(m) {
                return false;
            }
            out.reads.push(((**m).clone(), terms));
            true
        }
        ExprKind::Binary(
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Neq,
            l,
            r,
        ) if free(l) != free(r) => {
            let (x, other) = match free(l) {
                true => (r, l),
                false => (l, r),
            };
            match shift_of(x, id) {
                Some(terms) => {
                    out.bounds.push(((**other).clone(), terms));
                    true
                }
                None => occurrences(x, id, out),
            }
        }
        ExprKind::Quant(..) | ExprKind::Lambda(..) | ExprKind::PolyLambda(_) => free(e),
        _ => e.children().into_iter().all(|c| occurrences(c, id, out)),
    }
}

/// `x` as the bound variable `id` plus or minus terms free of it (each
/// with whether it is subtracted); `None` where it is not so.
fn shift_of(x: &Expr, id: usize) -> Option<Vec<(bool, Expr)>> {
    let free = |x: &Expr| !super::eval::mentions_bound(x, &[id]);
    match &x.kind {
        ExprKind::Bound(b) if *b == id => Some(Vec::new()),
        ExprKind::Binary(BinOp::Add, a, b) => {
            let (inner, term) = match free(a) {
                true => (b, a),
                false => (a, b),
            };
            let mut terms = shift_of(inner, id).filter(|_| free(term))?;
            terms.push((false, (**term).clone()));
            Some(terms)
        }
        ExprKind::Binary(BinOp::Sub, a, b) if free(b) => {
            let mut terms = shift_of(a, id)?;
            terms.push((true, (**b).clone()));
            Some(terms)
        }
        _ => None,
    }
}

/// The most cells [`Machine::defined_map`] computes.
const MAX_DEFINED_CELLS: usize = 4_096;

impl<'p> Machine<'p, '_> {
    /// The value of map local `l` of `frame` (not yet set) that the
    /// `assume`s of its procedure's first block define, where they are
    /// SMACK's `$memcpy`: `forall x :: G(x) ==> l[x] == E(x)`, one of them
    /// with `E(x)` a map read at `x` (`M.dst[x]`: the value everywhere
    /// else), the others with `G(x)` bounding `x` to a range of at most
    /// [`MAX_DEFINED_CELLS`] integers (`dst <= x && x < dst + len`), where
    /// `l[x]` is `E(x)`. `None` where they are not so. The `assume`s are
    /// still evaluated when the run executes them.
    pub(super) fn defined_map(&self, frame: &Frame<'p>, l: crate::ir::LocalId) -> Option<Value> {
        let cfg = frame.procedure.body.as_ref()?;
        let first = cfg.graph.node_weight(cfg.entry)?;
        let mut rest: Option<Value> = None;
        let mut ranges = Vec::new();
        for stmt in &first.stmts {
            let crate::ir::StmtKind::Assume(e) = &stmt.kind else {
                continue;
            };
            let ExprKind::Quant(crate::ir::Quantifier::Forall, binders, body, _) = &e.kind else {
                continue;
            };
            let [binder] = binders.as_slice() else {
                continue;
            };
            let body = deep_unfolded(body);
            let ExprKind::Binary(BinOp::Implies, guard, eq) = &body.kind else {
                continue;
            };
            let ExprKind::Binary(BinOp::Eq, a, b) = &eq.kind else {
                continue;
            };
            let at_x = |m: &Expr| match &m.kind {
                ExprKind::Select(map, ix) => match (&map.kind, ix.as_slice()) {
                    (ExprKind::Var(v), [i]) if matches!(i.kind, ExprKind::Bound(x) if x == binder.id) => {
                        Some(*v)
                    }
                    _ => None,
                },
                _ => None,
            };
            let target = crate::ir::VarRef::Local(l);
            let value = match (at_x(a), at_x(b)) {
                (Some(v), _) if v == target => b,
                (_, Some(v)) if v == target => a,
                _ => continue,
            };
            match at_x(value) {
                Some(other) if other != target => {
                    let var = Expr::new(ExprKind::Var(other), value.ty.clone(), value.span);
                    rest = Some(self.eval_in(frame, &var, false).ok()?);
                }
                _ => ranges.push((
                    binder.id,
                    self.range_of(frame, guard, binder.id)?,
                    value.clone(),
                )),
            }
        }
        let mut map = rest?;
        for (id, (lo, hi), value) in ranges {
            let mut x = lo;
            while x < hi {
                let depth = self.bound.borrow().len();
                self.bound.borrow_mut().push((id, Value::Int(x.clone())));
                let v = self.eval_in(frame, &value, false);
                self.bound.borrow_mut().truncate(depth);
                map = map.with_entry(&Value::Int(x.clone()), v.ok()?)?;
                x += 1;
            }
        }
        Some(map)
    }

    /// The integers `lo..hi` that `guard`, a conjunction of bounds of
    /// bound variable `id`, allows (at most [`MAX_DEFINED_CELLS`]).
    fn range_of(&self, frame: &Frame<'p>, guard: &Expr, id: usize) -> Option<(BigInt, BigInt)> {
        let mut bounds = Vec::new();
        conjuncts(guard, &mut bounds);
        let (mut lo, mut hi): (Option<BigInt>, Option<BigInt>) = (None, None);
        let is_x = |e: &Expr| matches!(e.kind, ExprKind::Bound(b) if b == id);
        for c in bounds {
            let ExprKind::Binary(op, l, r) = &c.kind else {
                return None;
            };
            // As `x op other`.
            let (op, other) = match (is_x(l), is_x(r)) {
                (true, false) => (*op, r),
                (false, true) => (
                    match op {
                        BinOp::Lt => BinOp::Gt,
                        BinOp::Gt => BinOp::Lt,
                        BinOp::Le => BinOp::Ge,
                        BinOp::Ge => BinOp::Le,
                        o => *o,
                    },
                    l,
                ),
                _ => return None,
            };
            let Value::Int(n) = self.eval_in(frame, other, false).ok()? else {
                return None;
            };
            match op {
                BinOp::Ge => lo = Some(lo.map_or(n.clone(), |m| m.max(n))),
                BinOp::Gt => lo = Some(lo.map_or(&n + 1, |m| m.max(&n + 1))),
                BinOp::Lt => hi = Some(hi.map_or(n.clone(), |m| m.min(n))),
                BinOp::Le => hi = Some(hi.map_or(&n + 1, |m| m.min(&n + 1))),
                _ => return None,
            }
        }
        let (lo, hi) = (lo?, hi?);
        let size = (&hi - &lo).max(BigInt::from(0));
        (size <= BigInt::from(MAX_DEFINED_CELLS)).then_some((lo, hi))
    }
}

/// The conjuncts of `e`.
fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinOp::And, l, r) => {
            conjuncts(l, out);
            conjuncts(r, out);
        }
        _ => out.push(e),
    }
}
