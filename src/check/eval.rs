//! The interpreter's expressions (part of [`super::interp`]): what an
//! expression is worth in a frame of the run.
//!
//! Takes: an [`Expr`] and the [`Frame`] it is read in (variables, `old`
//! globals, the bound parameters of the function being evaluated, the
//! test's values of uninterpreted functions). Gives: its [`Value`], or why
//! it has none (an unset variable, a quantifier, a value too large). A
//! lambda evaluates to a closure ([`LambdaValue`]: its body and the values
//! of the variables it reads there); selecting from it evaluates the body,
//! storing into it overrides an index. Whether two different closures are
//! equal maps is a quantified condition (`forall i :: f[i] == g[i]`): the
//! evaluator reports it as [`QUANTIFIED`], so it is taken on trust where
//! a quantifier would be. A quantifier is decided exactly where its
//! bound integers only index finite maps (Corral's harnesses), and
//! reported as [`QUANTIFIED`] everywhere else. The operators' semantics
//! are design.md's ("Semantics, pinned down"): the
//! same as the VC's, which this evaluator checks. It shares no code with
//! the VC but the one definition of `div`, `mod` and `/`
//! ([`crate::ir::arith`]), whose Rust functions it calls and whose SMT-LIB
//! spelling, beside them, the VC prints.

use super::interp::{Frame, Machine, Refutation, STEP_BUDGET};
use crate::ir::arith::{self, euclid_div, euclid_mod};
use crate::ir::float::{FloatBuiltin, Fp, RoundingMode};
use crate::ir::testcase::{LambdaValue, Value};
use crate::ir::{
    BinOp, Binder, DatatypeOp, Expr, ExprKind, Function, Quantifier, Type, UnOp, VarRef,
    POINTWISE_MAP_BUILTINS,
};
use crate::source::Span;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;
use std::sync::Arc;

/// Evaluating applications of recursive functions one inside the other may
/// nest at most this many expression levels (the sum of their bodies'
/// depths): the evaluator recurses on the thread's stack, and 2 MiB (a
/// spawned thread's default) must do.
const MAX_RECURSIVE_NESTING: usize = 1_500;

/// Integers larger than this many bits end the replay with an error.
const MAX_INT_BITS: u64 = 1 << 20;

/// The failure `eval_in` reports when it meets a quantifier it cannot
/// decide ([`Machine::quantifier_over_indices`] says which it can).
pub(super) const QUANTIFIED: &str =
    "a quantified condition (the interpreter cannot evaluate this quantifier)";

/// The most points [`Machine::quantifier_over_indices`] evaluates a
/// quantifier's body at (the product over its bound variables).
const MAX_QUANTIFIER_POINTS: usize = 4_096;

/// How the failure `eval_in` reports for an application of an
/// uninterpreted function at arguments the test gives no value for starts.
const NO_VALUE: &str = "the test gives no value for the uninterpreted function application";

/// A failure not yet located (the machine adds step, block and span).
pub(super) type Fail = String;

impl<'p, 't> Machine<'p, 't> {
    /// The test's value of the uninterpreted function `name` at `args`
    /// (a quotient by zero is one too).
    pub(super) fn function_point(&self, name: &str, args: &[Value]) -> Option<Value> {
        self.test
            .functions
            .iter()
            .find(|p| p.function == name && p.args == args)
            .map(|p| p.value.clone())
    }

    /// The value of uninterpreted `f` at `args`: the test's, else in a
    /// generated run one it picks where nothing but the code constrains
    /// `f` ([`Machine::free_function_point`]), or one the axioms force
    /// ([`Machine::forced_function_point`]).
    fn uninterpreted_point(
        &self,
        frame: &Frame<'p>,
        f: &Function,
        args: &[Value],
    ) -> Option<Value> {
        self.function_point(&f.name, args)
            .or_else(|| self.free_function_point(f, args))
            .or_else(|| self.forced_function_point(frame, f, args))
            .or_else(|| self.open_function_point(f, args))
    }

    /// Evaluates `e` in `frame`; `in_old` reads globals as they were when
    /// the frame's procedure was entered.
    pub(super) fn eval_in(&self, frame: &Frame<'p>, e: &Expr, in_old: bool) -> Result<Value, Fail> {
        Ok(match &e.kind {
            ExprKind::Int(n) => Value::Int(n.clone()),
            ExprKind::Bool(b) => Value::Bool(*b),
            ExprKind::Real(r) => Value::Real(r.clone()),
            ExprKind::Var(v) => {
                if let Some(lambda) = self.captured.borrow().as_ref() {
                    // In a lambda's body: the value where it was evaluated.
                    return match lambda.vars.iter().find(|(x, o, _)| x == v && *o == in_old) {
                        Some((_, _, Some(value))) => Ok(value.clone()),
                        _ => Err(format!(
                            "`{}` is read in a lambda before it has a value{}",
                            self.var_name(frame, *v),
                            if in_old { " (under `old`)" } else { "" }
                        )),
                    };
                }
                let slot = match *v {
                    VarRef::Global(g) if in_old => frame.old_global(g.0),
                    VarRef::Global(g) => self.globals.get(g.0),
                    VarRef::Local(l) => frame.locals.get(l.0),
                };
                match slot {
                    Some(Some(value)) => value.clone(),
                    Some(None) => {
                        return Err(format!(
                            "`{}` is read before it has a value{}",
                            self.var_name(frame, *v),
                            if in_old { " (under `old`)" } else { "" }
                        ))
                    }
                    None => return Err("a variable that does not exist is read".to_string()),
                }
            }
            ExprKind::Old(inner) => self.eval_in(frame, inner, true)?,
            ExprKind::Unary(op, a) => {
                let a = self.eval_in(frame, a, in_old)?;
                match (op, a) {
                    (UnOp::Not, Value::Bool(b)) => Value::Bool(!b),
                    (UnOp::Neg, Value::Int(n)) => Value::Int(-n),
                    (UnOp::Neg, Value::Real(r)) => Value::Real(-r),
                    // SMT-LIB's `to_int`: the floor.
                    (UnOp::ToInt, Value::Real(r)) => Value::Int(r.floor().to_integer()),
                    (UnOp::ToReal, Value::Int(n)) => Value::Real(BigRational::from_integer(n)),
                    (op, a) => return Err(format!("operator {op:?} applied to {a}")),
                }
            }
            ExprKind::Binary(op, a, b) => {
                // Boolean connectives evaluate both sides (no side effects, but
                // a read of an unset variable is an error either way).
                let a = self.eval_in(frame, a, in_old)?;
                let b = self.eval_in(frame, b, in_old)?;
                if matches!(op, BinOp::Eq | BinOp::Neq)
                    && a != b
                    && (a.holds_lambda() || b.holds_lambda())
                {
                    // Equal closures are equal maps; different ones may be.
                    return Err(QUANTIFIED.to_string());
                }
                match crate::ir::arith::zero_division_function(*op).filter(|_| b.is_zero()) {
                    // Boogie leaves a quotient by zero open: the test says
                    // which value the run used.
                    Some(f) => match self.function_point(&f.name, std::slice::from_ref(&a)) {
                        Some(v) => v,
                        None => {
                            return Err(format!(
                                "the test gives no value for `{a} {} 0` (Boogie leaves a division by zero unspecified)",
                                op.symbol()
                            ))
                        }
                    },
                    None => binary(*op, a, b)?,
                }
            }
            ExprKind::Ite(c, a, b) => match self.eval_in(frame, c, in_old)? {
                Value::Bool(true) => self.eval_in(frame, a, in_old)?,
                Value::Bool(false) => self.eval_in(frame, b, in_old)?,
                v => return Err(format!("`if` condition is the non-boolean {v}")),
            },
            ExprKind::Bv(width, value) => Value::Bv {
                width: *width,
                value: value.clone(),
            },
            ExprKind::Float(x) => Value::Float(x.clone()),
            ExprKind::RMode(m) => Value::RMode(*m),
            ExprKind::Bound(id) => {
                let bound = self.bound.borrow();
                match bound.iter().rev().find(|(b, _)| b == id) {
                    Some((_, v)) => v.clone(),
                    None => return Err(QUANTIFIED.to_string()),
                }
            }
            ExprKind::Quant(q, binders, body, _) => {
                self.quantifier_over_indices(frame, *q, binders, body, e.span, in_old)?
            }
            ExprKind::Lambda(binders, body) => self.closure(frame, binders, body, in_old),
            ExprKind::PolyLambda(p) => {
                let expected = match &e.ty {
                    Type::PolyMap(t) => t.instances().len(),
                    _ => usize::MAX,
                };
                if p.parts().len() != expected {
                    return Err(
                        "a polymorphic lambda not resolved at every instance of its type"
                            .to_string(),
                    );
                }
                let mut parts = Vec::with_capacity(expected);
                for part in p.parts() {
                    parts.push(self.eval_in(frame, part, in_old)?);
                }
                Value::PolyMap(parts)
            }
            ExprKind::Distinct(args) => {
                // The cells a closure holds are set before any value exists
                // (see `Value::map`).
                #[allow(clippy::mutable_key_type)]
                let mut seen = std::collections::HashSet::with_capacity(args.len());
                let mut lambdas = false;
                for a in args {
                    let v = self.eval_in(frame, a, in_old)?;
                    lambdas |= v.holds_lambda();
                    seen.insert(v);
                }
                if lambdas && seen.len() == args.len() {
                    // Different closures may still be equal maps.
                    return Err(QUANTIFIED.to_string());
                }
                Value::Bool(seen.len() == args.len())
            }
            ExprKind::Apply(f, args) => {
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval_in(frame, a, in_old)?);
                }
                // A stand-in means the recursive function of its name.
                let meant = if f.is_recursion_stand_in() {
                    let active = self.recursion.borrow();
                    match active.iter().rev().find(|(g, _)| g.name == f.name) {
                        Some((g, _)) => g.clone(),
                        None => match f.stand_in_for.get() {
                            Some(g) => g,
                            None => {
                                return Err(format!(
                                "recursive function `{}` applied where its definition is not known",
                                f.name
                            ))
                            }
                        },
                    }
                } else {
                    f.clone()
                };
                let f = &meant;
                let body_depth = match (&f.body, f.recursive) {
                    (Some(body), true) => {
                        let depth = expr_depth(body);
                        let nesting: usize = self.recursion.borrow().iter().map(|(_, d)| d).sum();
                        if nesting + depth > MAX_RECURSIVE_NESTING {
                            return Err(format!(
                                "evaluating the recursive function `{}` nests deeper than {MAX_RECURSIVE_NESTING} expression levels ({} applications): its value is not computed",
                                f.name,
                                self.recursion.borrow().len()
                            ));
                        }
                        depth
                    }
                    _ => 0,
                };
                if let (Some("MapConst"), [v], Type::Map(keys, _)) =
                    (f.builtin.as_deref(), values.as_slice(), &f.result)
                {
                    // Every index maps to the value (a map of several
                    // indices is a map of maps).
                    keys.iter()
                        .fold(v.clone(), |inner, _| Value::map(inner, std::iter::empty()))
                } else if let Some(op) = f.datatype_op {
                    datatype_operation(f, op, values, |args| self.function_point(&f.name, args))?
                } else if let Some(op) = f
                    .builtin
                    .as_deref()
                    .filter(|op| POINTWISE_MAP_BUILTINS.contains(op))
                {
                    pointwise_map(op, values)?
                } else if let Some(op) = &f.builtin {
                    builtin(op, values)?
                } else if let Some(body) = &f.body {
                    // Parameter i is bound variable i; nothing else is bound
                    // in a body (it mentions no variable).
                    let depth = self.executed.get();
                    if depth > STEP_BUDGET {
                        return Err(format!("the run exceeds {STEP_BUDGET} steps"));
                    }
                    self.executed.set(depth + 1);
                    let saved = std::mem::replace(
                        &mut *self.bound.borrow_mut(),
                        values.into_iter().enumerate().collect(),
                    );
                    if f.recursive {
                        self.recursion.borrow_mut().push((f.clone(), body_depth));
                    }
                    let result = self.eval_in(frame, body, in_old);
                    if f.recursive {
                        self.recursion.borrow_mut().pop();
                    }
                    let values = std::mem::replace(&mut *self.bound.borrow_mut(), saved);
                    match result {
                        // A recursive body the interpreter cannot compute (a
                        // quantifier, or an uninterpreted function at
                        // arguments the test does not record) is Boogie's
                        // definitional axiom: the model's value at this
                        // application, if the test has it, else the
                        // condition is taken on trust as a quantified one.
                        Err(m) if f.recursive && (m == QUANTIFIED || m.starts_with(NO_VALUE)) => {
                            let args: Vec<Value> = values.into_iter().map(|(_, v)| v).collect();
                            match self.function_point(&f.name, &args) {
                                Some(v) => {
                                    self.trusted.borrow_mut().push(e.span);
                                    v
                                }
                                None => return Err(QUANTIFIED.to_string()),
                            }
                        }
                        result => result?,
                    }
                } else {
                    match self.uninterpreted_point(frame, f, &values) {
                        Some(v) => v,
                        // At a lambda: the test's points are at map values,
                        // and whether the closure equals one of them is a
                        // quantified condition (as for two closures).
                        None if values.iter().any(|v| matches!(v, Value::Lambda(_))) => {
                            return Err(QUANTIFIED.to_string())
                        }
                        None => {
                            let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                            return Err(format!("{NO_VALUE} `{}({})`", f.name, shown.join(", ")));
                        }
                    }
                }
            }
            ExprKind::Select(m, ix) => {
                // A variable's map is read where it is stored: a copy of
                // memory at every read was most of a run on SMACK's and
                // SDV's programs.
                if let (Some((first, rest)), false) =
                    (ix.split_first(), matches!(m.ty, Type::PolyMap(_)))
                {
                    if let Some(map) = self.stored_value(frame, m, in_old) {
                        let key = self.eval_in(frame, first, in_old)?;
                        let mut value = self.select(frame, map, &key)?;
                        for i in rest {
                            let key = self.eval_in(frame, i, in_old)?;
                            value = self.select(frame, &value, &key)?;
                        }
                        return Ok(value);
                    }
                }
                let mut value = self.eval_in(frame, m, in_old)?;
                if let Type::PolyMap(p) = &m.ty {
                    let at = poly_map_instance(p, ix, &e.ty)?;
                    value = match value {
                        Value::PolyMap(mut parts) if at < parts.len() => parts.swap_remove(at),
                        v => {
                            return Err(format!(
                                "`[...]` applied to {v}, not a polymorphic map of type {}",
                                m.ty
                            ))
                        }
                    };
                }
                for i in ix {
                    let key = self.eval_in(frame, i, in_old)?;
                    value = self.select(frame, &value, &key)?;
                }
                value
            }
            ExprKind::Store(m, ix, v) => {
                let mut keys = Vec::with_capacity(ix.len());
                for i in ix {
                    keys.push(self.eval_in(frame, i, in_old)?);
                }
                let stored = self.eval_in(frame, v, in_old)?;
                if !matches!(m.ty, Type::PolyMap(_)) {
                    if let Some(map) = self.stored_value(frame, m, in_old) {
                        return self.store(frame, map, &keys, stored);
                    }
                }
                let map = self.eval_in(frame, m, in_old)?;
                if let Type::PolyMap(p) = &m.ty {
                    let at = poly_map_instance(p, ix, &v.ty)?;
                    match map {
                        Value::PolyMap(mut parts) if at < parts.len() => {
                            parts[at] = self.store(frame, &parts[at], &keys, stored)?;
                            Value::PolyMap(parts)
                        }
                        map => {
                            return Err(format!(
                                "`[... := ...]` applied to {map}, not a polymorphic map of type {}",
                                m.ty
                            ))
                        }
                    }
                } else {
                    self.store(frame, &map, &keys, stored)?
                }
            }
            ExprKind::Extract(x, hi, lo) => match self.eval_in(frame, x, in_old)? {
                Value::Bv { value, .. } => {
                    let width = hi - lo;
                    Value::Bv {
                        width,
                        value: (value >> *lo) % (BigInt::from(1) << width),
                    }
                }
                v => return Err(format!("bit extraction from the non-bit-vector {v}")),
            },
            ExprKind::Concat(a, b) => {
                match (
                    self.eval_in(frame, a, in_old)?,
                    self.eval_in(frame, b, in_old)?,
                ) {
                    (
                        Value::Bv {
                            width: wa,
                            value: va,
                        },
                        Value::Bv {
                            width: wb,
                            value: vb,
                        },
                    ) => Value::Bv {
                        width: wa + wb,
                        value: (va << wb) + vb,
                    },
                    (x, y) => return Err(format!("`++` applied to {x} and {y}")),
                }
            }
        })
    }
}

/// Applies a binary operator (the semantics of design.md; `div`, `mod`
/// and `/` are [`crate::ir::arith`]'s).
fn binary(op: BinOp, a: Value, b: Value) -> Result<Value, Fail> {
    use Value::{Bool, Int, Real};
    let value = match (op, a, b) {
        (BinOp::Add, Int(x), Int(y)) => Int(x + y),
        (BinOp::Sub, Int(x), Int(y)) => Int(x - y),
        (BinOp::Mul, Int(x), Int(y)) => {
            if x.bits() + y.bits() > MAX_INT_BITS {
                return Err(format!("an integer exceeds {MAX_INT_BITS} bits"));
            }
            Int(x * y)
        }
        (BinOp::Div, Int(x), Int(y)) => Int(euclid_div(&x, &y)),
        (BinOp::Mod, Int(x), Int(y)) => Int(euclid_mod(&x, &y)),
        (BinOp::Lt, Int(x), Int(y)) => Bool(x < y),
        (BinOp::Le, Int(x), Int(y)) => Bool(x <= y),
        (BinOp::Gt, Int(x), Int(y)) => Bool(x > y),
        (BinOp::Ge, Int(x), Int(y)) => Bool(x >= y),
        (BinOp::Eq, x, y) if same_type(&x, &y) => Bool(x == y),
        (BinOp::Neq, x, y) if same_type(&x, &y) => Bool(x != y),
        (BinOp::And, Bool(x), Bool(y)) => Bool(x && y),
        (BinOp::Or, Bool(x), Bool(y)) => Bool(x || y),
        (BinOp::Implies, Bool(x), Bool(y)) => Bool(!x || y),
        (BinOp::Iff, Bool(x), Bool(y)) => Bool(x == y),
        (BinOp::Add, Real(x), Real(y)) => Real(x + y),
        (BinOp::Sub, Real(x), Real(y)) => Real(x - y),
        (BinOp::Mul, Real(x), Real(y)) => {
            if rational_bits(&x) + rational_bits(&y) > MAX_INT_BITS {
                return Err(format!("a real exceeds {MAX_INT_BITS} bits"));
            }
            Real(x * y)
        }
        // `x / 0.0 = 0.0` (see `arith::real_div`), with no size check.
        (BinOp::RealDiv, Real(x), Real(y)) => {
            if !y.is_zero() && rational_bits(&x) + rational_bits(&y) > MAX_INT_BITS {
                return Err(format!("a real exceeds {MAX_INT_BITS} bits"));
            }
            Real(arith::real_div(&x, &y))
        }
        (BinOp::Lt, Real(x), Real(y)) => Bool(x < y),
        (BinOp::Le, Real(x), Real(y)) => Bool(x <= y),
        (BinOp::Gt, Real(x), Real(y)) => Bool(x > y),
        (BinOp::Ge, Real(x), Real(y)) => Bool(x >= y),
        (op, x, y) => return Err(format!("operator `{}` applied to {x} and {y}", op.symbol())),
    };
    if let Int(n) = &value {
        if n.bits() > MAX_INT_BITS {
            return Err(format!("an integer exceeds {MAX_INT_BITS} bits"));
        }
    }
    Ok(value)
}

/// The size of a rational: the bits of its numerator and denominator.
fn rational_bits(r: &BigRational) -> u64 {
    r.numer().bits() + r.denom().bits()
}

fn same_type(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bv { width: x, .. }, Value::Bv { width: y, .. }) => x == y,
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

pub(super) fn check_type(value: &Value, ty: &Type) -> Result<(), Fail> {
    let ok = match (value, ty) {
        (Value::Int(_), Type::Int) | (Value::Bool(_), Type::Bool) => true,
        (Value::Real(_), Type::Real) => true,
        (Value::Float(x), Type::Float { sig, exp }) => x.sig == *sig && x.exp == *exp,
        (Value::RMode(_), Type::RMode) => true,
        // A map of no index holds one value.
        (v, Type::Map(keys, inner)) if keys.is_empty() => check_type(v, inner).is_ok(),
        (Value::Bv { width, value }, Type::Bv(w)) => {
            width == w && !value.is_negative() && value.bits() <= u64::from(*w)
        }
        (Value::Opaque(_), Type::Sort(_)) => true,
        // A record that can hold itself, as the model names it without
        // its fields (a part of a record the run does not read).
        (Value::Opaque(_), Type::PolyMap(p)) => p.holds_itself(),
        (Value::Construct { constructor, args }, Type::Datatype(d)) => {
            d.constructors().iter().any(|c| {
                c.name == *constructor
                    && c.fields.len() == args.len()
                    && c.fields
                        .iter()
                        .zip(args)
                        .all(|((_, t), v)| check_type(v, t).is_ok())
            })
        }
        (Value::Lambda(l), Type::Map(keys, _)) => {
            l.binders.len() == keys.len() && l.binders.iter().zip(keys).all(|(b, k)| b.ty == *k)
        }
        (Value::PolyMap(parts), Type::PolyMap(p)) => {
            parts.len() == p.instances().len()
                && parts
                    .iter()
                    .zip(p.instances())
                    .all(|(v, i)| check_type(v, &i.map_type()).is_ok())
        }
        (Value::Map { default, entries }, Type::Map(keys, v)) if !keys.is_empty() => {
            let inner = if keys.len() == 1 {
                (**v).clone()
            } else {
                Type::Map(keys[1..].to_vec(), v.clone())
            };
            check_type(default, &inner).is_ok()
                && entries
                    .iter()
                    .all(|(k, x)| check_type(k, &keys[0]).is_ok() && check_type(x, &inner).is_ok())
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("the value {value} is not of type {ty}"))
    }
}

/// The instance of polymorphic map type `p` that indices `ix` access, for
/// a value of type `value`.
fn poly_map_instance(p: &crate::ir::PolyMapType, ix: &[Expr], value: &Type) -> Result<usize, Fail> {
    let keys: Vec<Type> = ix.iter().map(|i| i.ty.clone()).collect();
    p.instance_at(&keys, value).ok_or_else(|| {
        "a polymorphic map accessed at an instance resolution did not record".to_string()
    })
}

impl<'p, 't> Machine<'p, 't> {
    /// The closure of lambda `binders :: body` evaluated in `frame`: the
    /// values of the variables its body reads (`None` for one without a
    /// value yet: an error only if a select reads it) and of the bound
    /// variables in scope.
    fn closure(&self, frame: &Frame<'p>, binders: &[Binder], body: &Expr, in_old: bool) -> Value {
        let mut read: Vec<(VarRef, bool)> = Vec::new();
        body.visit_vars(false, &mut |v, old| {
            if !read.contains(&(*v, old)) {
                read.push((*v, old));
            }
        });
        let vars = read
            .into_iter()
            .map(|(v, old)| {
                let var = Expr::new(ExprKind::Var(v), Type::Bool, body.span);
                (v, old, self.eval_in(frame, &var, in_old || old).ok())
            })
            .collect();
        Value::Lambda(Arc::new(LambdaValue {
            binders: binders.to_vec(),
            body: body.clone(),
            bound: self.bound.borrow().clone(),
            vars,
            overrides: Vec::new(),
        }))
    }

    /// A `forall` or `exists` over integers whose body reads each bound
    /// variable only as the one index of maps that do not depend on it
    /// (Corral's harnesses: `forall x: int :: M[x] <= 0 || M[x] > 615`):
    /// the maps hold finitely many entries, so the body takes its value
    /// at one of their indices, or at an index none of them stores at
    /// (where each reads its default). Evaluated at each such point, the
    /// quantifier is decided exactly. In a generated run, a quantifier
    /// over one integer read as a shifted index or compared with terms
    /// is decided at the points of [`Machine::shifted_points`] (SMACK's
    /// `$memcpy`). Anything else is [`QUANTIFIED`].
    /// A `forall` found false records the point that refutes it
    /// ([`Machine::refuted`], at `span`): an entry of a solver's candidate
    /// model there is what [`super::replay::replay_repairing`] drops.
    fn quantifier_over_indices(
        &self,
        frame: &Frame<'p>,
        q: Quantifier,
        binders: &[Binder],
        body: &Expr,
        span: Span,
        in_old: bool,
    ) -> Result<Value, Fail> {
        let ids: Vec<usize> = binders.iter().map(|b| b.id).collect();
        let mut maps: Vec<(usize, &Expr)> = Vec::new();
        if binders.iter().any(|b| b.ty != Type::Int) {
            return Err(QUANTIFIED.to_string());
        }
        if !indexed_only(body, &ids, &mut maps) {
            // SMACK's `$memcpy`: one variable, shifted indices and bounds;
            // in a generated run only (a replay takes such a quantifier on
            // trust: a solver's candidate model often breaks it, and no
            // repair of it is known).
            let ([binder], true) = (binders, self.generating.is_some()) else {
                return Err(QUANTIFIED.to_string());
            };
            let points = self
                .shifted_points(frame, binder.id, body, in_old, MAX_QUANTIFIER_POINTS)
                .ok_or_else(|| QUANTIFIED.to_string())?;
            let forall = q == Quantifier::Forall;
            for point in points {
                let depth = self.bound.borrow().len();
                self.bound.borrow_mut().push((binder.id, point));
                let value = self.eval_in(frame, body, in_old);
                self.bound.borrow_mut().truncate(depth);
                match value? {
                    Value::Bool(b) if b != forall => return Ok(Value::Bool(b)),
                    Value::Bool(_) => {}
                    v => {
                        return Err(format!(
                            "a quantifier's body evaluates to the non-boolean {v}"
                        ))
                    }
                }
            }
            return Ok(Value::Bool(forall));
        }
        let mut points: Vec<Vec<Value>> = vec![Vec::new(); ids.len()];
        let mut read = Vec::with_capacity(maps.len());
        for (i, m) in maps {
            let map = self.eval_in(frame, m, in_old)?;
            let Value::Map { entries, .. } = &map else {
                return Err(QUANTIFIED.to_string());
            };
            for (k, _) in entries.iter() {
                if !points[i].contains(k) {
                    points[i].push(k.clone());
                }
            }
            read.push(map);
        }
        for p in &mut points {
            let mut fresh = BigInt::zero();
            while p.contains(&Value::Int(fresh.clone())) {
                fresh += 1;
            }
            p.push(Value::Int(fresh));
        }
        let total = points
            .iter()
            .try_fold(1usize, |n, p| n.checked_mul(p.len()))
            .filter(|&n| n <= MAX_QUANTIFIER_POINTS)
            .ok_or_else(|| QUANTIFIED.to_string())?;
        let forall = q == Quantifier::Forall;
        for n in 0..total {
            let mut rest = n;
            let assignment: Vec<(usize, Value)> = ids
                .iter()
                .zip(&points)
                .map(|(&id, p)| {
                    let v = p[rest % p.len()].clone();
                    rest /= p.len();
                    (id, v)
                })
                .collect();
            let depth = self.bound.borrow().len();
            self.bound.borrow_mut().extend(assignment.iter().cloned());
            let value = self.eval_in(frame, body, in_old);
            self.bound.borrow_mut().truncate(depth);
            match value? {
                Value::Bool(b) if b != forall => {
                    if forall {
                        // With one bound variable, the points are the
                        // stored indices, then the one no map stores at.
                        let unstored = ids.len() == 1 && n + 1 == total;
                        *self.refuted.borrow_mut() = Some(Box::new(Refutation {
                            span,
                            point: assignment.into_iter().map(|(_, v)| v).collect(),
                            held_at: (unstored && n > 0).then(|| points[0][0].clone()),
                            maps: read,
                        }));
                    }
                    return Ok(Value::Bool(b));
                }
                Value::Bool(_) => {}
                v => {
                    return Err(format!(
                        "a quantifier's body evaluates to the non-boolean {v}"
                    ))
                }
            }
        }
        Ok(Value::Bool(forall))
    }

    /// The value of variable `e` (under `old` if `in_old`, or inside
    /// `old(...)`) where it is stored, if it has one and no lambda's body
    /// is being evaluated (whose variables read captured values).
    fn stored_value<'s>(
        &'s self,
        frame: &'s Frame<'p>,
        e: &Expr,
        in_old: bool,
    ) -> Option<&'s Value> {
        if self.captured.borrow().is_some() {
            return None;
        }
        let slot = match &e.kind {
            ExprKind::Old(inner) => return self.stored_value(frame, inner, true),
            ExprKind::Var(VarRef::Global(g)) if in_old => frame.old_global(g.0)?,
            ExprKind::Var(VarRef::Global(g)) => self.globals.get(g.0)?,
            ExprKind::Var(VarRef::Local(l)) => frame.locals.get(l.0)?,
            _ => return None,
        };
        slot.as_ref()
    }

    /// `map[key]`: of a closure, the value stored at `key` or its body
    /// there (with more binders left, the closure of the rest).
    fn select(&self, frame: &Frame<'p>, map: &Value, key: &Value) -> Result<Value, Fail> {
        match map {
            Value::Map { default, entries } => {
                // Entries are sorted by key ([`Value::map`]).
                if let Ok(i) = entries.binary_search_by(|(k, _)| k.cmp(key)) {
                    return Ok(entries[i].1.clone());
                }
                if key.holds_lambda() && !entries.is_empty() {
                    // A closure may equal an index it differs from.
                    return Err(QUANTIFIED.to_string());
                }
                Ok((**default).clone())
            }
            Value::Lambda(l) => {
                if let Some((_, v)) = l.overrides.iter().find(|(k, _)| k == key) {
                    return Ok(v.clone());
                }
                if key.holds_lambda() && !l.overrides.is_empty() {
                    return Err(QUANTIFIED.to_string());
                }
                let Some((first, rest)) = l.binders.split_first() else {
                    return Err("a lambda of no index".to_string());
                };
                let mut bound = l.bound.clone();
                bound.push((first.id, key.clone()));
                if !rest.is_empty() {
                    return Ok(Value::Lambda(Arc::new(LambdaValue {
                        binders: rest.to_vec(),
                        body: l.body.clone(),
                        bound,
                        vars: l.vars.clone(),
                        overrides: Vec::new(),
                    })));
                }
                let steps = self.executed.get();
                if steps > STEP_BUDGET {
                    return Err(format!("the run exceeds {STEP_BUDGET} steps"));
                }
                self.executed.set(steps + 1);
                let saved_bound = std::mem::replace(&mut *self.bound.borrow_mut(), bound);
                let saved_lambda = self.captured.replace(Some(l.clone()));
                let value = self.eval_in(frame, &l.body, false);
                *self.bound.borrow_mut() = saved_bound;
                *self.captured.borrow_mut() = saved_lambda;
                value
            }
            v => Err(format!("`[...]` applied to the non-map {v}")),
        }
    }

    /// `map[k1, ..., kn := v]` over nested maps (a closure keeps the
    /// stored index as an override).
    fn store(
        &self,
        frame: &Frame<'p>,
        map: &Value,
        keys: &[Value],
        v: Value,
    ) -> Result<Value, Fail> {
        let Some((first, rest)) = keys.split_first() else {
            return Ok(v);
        };
        let inner = if rest.is_empty() {
            v
        } else {
            self.store(frame, &self.select(frame, map, first)?, rest, v)?
        };
        match map {
            Value::Map { .. } => Ok(map.with_entry(first, inner).expect("a map")),
            Value::Lambda(l) => {
                if first.holds_lambda() {
                    return Err(QUANTIFIED.to_string());
                }
                let mut over = (**l).clone();
                over.overrides.retain(|(k, _)| k != first);
                over.overrides.push((first.clone(), inner));
                over.overrides.sort();
                Ok(Value::Lambda(Arc::new(over)))
            }
            _ => Err(format!("`[... := ...]` applied to the non-map {map}")),
        }
    }
}

/// A `{:bvbuiltin}` operator (SMT-LIB semantics, division by zero
/// included) applied to bit-vector arguments, or a conversion between
/// integers and bit-vectors (`bv2nat`, `(_ int2bv n)`).
/// A datatype's constructor, tester or selector applied to `args`. A
/// selector of a value another constructor built is unspecified (SMT-LIB
/// leaves it so, and so does Boogie): the value the test chose there
/// (`chosen`, as for an uninterpreted function), an error if it has none.
fn datatype_operation(
    f: &Function,
    op: DatatypeOp,
    args: Vec<Value>,
    chosen: impl Fn(&[Value]) -> Option<Value>,
) -> Result<Value, Fail> {
    if let DatatypeOp::Construct(_) = op {
        return Ok(Value::Construct {
            constructor: f.name.clone(),
            args,
        });
    }
    let (
        Some((_, Type::Datatype(d))),
        [Value::Construct {
            constructor,
            args: fields,
        }],
    ) = (f.params.first(), args.as_slice())
    else {
        return Err(format!("`{}` applied to a value of no datatype", f.name));
    };
    let (DatatypeOp::Construct(k) | DatatypeOp::Test(k) | DatatypeOp::Select(k, _)) = op;
    let Some(meant) = d.constructors().get(k) else {
        return Err(format!("`{}` names no constructor of `{}`", f.name, d.name));
    };
    match op {
        DatatypeOp::Select(_, j) if meant.name == *constructor => fields
            .get(j)
            .cloned()
            .ok_or_else(|| format!("`{}` applied to a value of too few fields", f.name)),
        DatatypeOp::Select(..) => chosen(&args).ok_or_else(|| {
            format!(
                "`{}` applied to a value built by `{constructor}`: its value is unspecified, and the test gives none",
                f.name
            )
        }),
        _ => Ok(Value::Bool(meant.name == *constructor)),
    }
}

/// A pointwise map operator (`MapAdd(a, b)[i] == a[i] + b[i]`, ...; the
/// front end checked that every argument is a map of one index): the
/// operator at the defaults and at every index some argument lists.
/// A `MapDiv`/`MapMod` by zero at some index is unspecified (as Boogie's
/// `div` is): an error, so that no test depends on it.
fn pointwise_map(op: &str, args: Vec<Value>) -> Result<Value, Fail> {
    let mut defaults = Vec::with_capacity(args.len());
    let mut tables = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Value::Map { default, entries } => {
                defaults.push(*default);
                tables.push(entries);
            }
            v => return Err(format!("`{op}` applied to the non-map {v}")),
        }
    }
    let at = |values: Vec<Value>| -> Result<Value, Fail> {
        let [x, rest @ ..] = values.as_slice() else {
            return Err(format!("`{op}` applied to no argument"));
        };
        let y = rest.first().cloned().unwrap_or(Value::Bool(false));
        let binary_op = match op {
            "MapAdd" => BinOp::Add,
            "MapSub" => BinOp::Sub,
            "MapMul" => BinOp::Mul,
            "MapDiv" | "MapMod" => {
                if y.is_zero() {
                    return Err(format!(
                        "`{op}` divides by zero at some index: the value there is unspecified"
                    ));
                }
                if op == "MapDiv" {
                    BinOp::Div
                } else {
                    BinOp::Mod
                }
            }
            "MapGt" => BinOp::Gt,
            "MapGe" => BinOp::Ge,
            "MapLt" => BinOp::Lt,
            "MapLe" => BinOp::Le,
            "MapEq" => BinOp::Eq,
            "MapIff" => BinOp::Iff,
            "MapOr" => BinOp::Or,
            "MapAnd" => BinOp::And,
            "MapImp" => BinOp::Implies,
            "MapNot" => {
                return match x {
                    Value::Bool(b) => Ok(Value::Bool(!b)),
                    v => Err(format!("`{op}` applied to a map of {v}")),
                }
            }
            _ => {
                // MapIte
                return match (x, rest) {
                    (Value::Bool(c), [a, b]) => Ok(if *c { a.clone() } else { b.clone() }),
                    _ => Err(format!("`{op}` applied to maps of the wrong types")),
                };
            }
        };
        binary(binary_op, x.clone(), y)
    };
    let mut indices: Vec<&Value> = tables
        .iter()
        .flat_map(|t| t.iter())
        .map(|(k, _)| k)
        .collect();
    indices.sort();
    indices.dedup();
    let mut entries = Vec::with_capacity(indices.len());
    for k in indices {
        let values = tables
            .iter()
            .zip(&defaults)
            .map(|(t, d)| {
                // Entries are sorted by index (`Value::map`).
                t.binary_search_by(|(i, _)| i.cmp(k))
                    .map_or_else(|_| d.clone(), |at| t[at].1.clone())
            })
            .collect();
        entries.push((k.clone(), at(values)?));
    }
    let default = at(defaults.clone())?;
    Ok(Value::map(default, entries))
}

fn builtin(op: &str, args: Vec<Value>) -> Result<Value, Fail> {
    if let Some(b) = FloatBuiltin::read(op) {
        return float_builtin(&b, op, args);
    }
    // The conversions between integers and bit-vectors: `bv2nat` is the
    // unsigned value, `(_ int2bv n)` the value modulo 2^n (negative
    // numbers included, as SMT-LIB defines it).
    match (op, args.as_slice()) {
        ("bv2nat", [Value::Bv { value, .. }]) => return Ok(Value::Int(value.clone())),
        (_, [Value::Int(n)]) => {
            if let Some(w) = op
                .strip_prefix("(_ int2bv ")
                .and_then(|r| r.strip_suffix(')'))
                .and_then(|w| w.parse::<u32>().ok())
            {
                let modulus = BigInt::from(1) << w;
                return Ok(Value::Bv {
                    width: w,
                    value: n.mod_floor(&modulus),
                });
            }
        }
        _ => {}
    }
    let mut bits: Vec<(u32, BigInt)> = Vec::with_capacity(args.len());
    for a in &args {
        match a {
            Value::Bv { width, value } => bits.push((*width, value.clone())),
            v => return Err(format!("`{op}` applied to the non-bit-vector {v}")),
        }
    }
    let Some(&(w, _)) = bits.first() else {
        return Err(format!("`{op}` applied to no argument"));
    };
    let modulus = BigInt::from(1) << w;
    let wrap = |n: BigInt| -> BigInt { n.mod_floor(&modulus) };
    let signed = |n: &BigInt| -> BigInt {
        if n.bit(u64::from(w) - 1) {
            n - &modulus
        } else {
            n.clone()
        }
    };
    let bv = |value: BigInt| Value::Bv { width: w, value };
    let x = bits[0].1.clone();
    let y = bits.get(1).map(|b| b.1.clone()).unwrap_or_default();
    let udiv = |a: &BigInt, b: &BigInt| -> BigInt {
        if b.is_zero() {
            &modulus - 1
        } else {
            a / b
        }
    };
    let urem = |a: &BigInt, b: &BigInt| -> BigInt {
        if b.is_zero() {
            a.clone()
        } else {
            a % b
        }
    };
    let neg = |a: &BigInt| -> BigInt { wrap(-a) };
    let (sx, sy) = (signed(&x) < BigInt::zero(), signed(&y) < BigInt::zero());
    let shift = |amount: &BigInt| -> Option<usize> {
        usize::try_from(amount).ok().filter(|&a| a < w as usize)
    };
    if let Some(n) = op
        .strip_prefix("(_ zero_extend ")
        .and_then(|r| r.strip_suffix(')'))
    {
        let n: u32 = n.parse().map_err(|_| format!("bad operator `{op}`"))?;
        return Ok(Value::Bv {
            width: w + n,
            value: x,
        });
    }
    if let Some(n) = op
        .strip_prefix("(_ sign_extend ")
        .and_then(|r| r.strip_suffix(')'))
    {
        let n: u32 = n.parse().map_err(|_| format!("bad operator `{op}`"))?;
        let value = if sx {
            x + (((BigInt::from(1) << n) - 1) << w)
        } else {
            x
        };
        return Ok(Value::Bv {
            width: w + n,
            value,
        });
    }
    Ok(match op {
        "bvadd" => bv(wrap(x + y)),
        "bvsub" => bv(wrap(x - y)),
        "bvmul" => bv(wrap(x * y)),
        "bvudiv" => bv(udiv(&x, &y)),
        "bvurem" => bv(urem(&x, &y)),
        "bvsdiv" => bv(match (sx, sy) {
            (false, false) => udiv(&x, &y),
            (true, false) => neg(&udiv(&neg(&x), &y)),
            (false, true) => neg(&udiv(&x, &neg(&y))),
            (true, true) => udiv(&neg(&x), &neg(&y)),
        }),
        "bvsrem" => bv(match (sx, sy) {
            (false, false) => urem(&x, &y),
            (true, false) => neg(&urem(&neg(&x), &y)),
            (false, true) => urem(&x, &neg(&y)),
            (true, true) => neg(&urem(&neg(&x), &neg(&y))),
        }),
        "bvsmod" => {
            let ax = if sx { neg(&x) } else { x.clone() };
            let ay = if sy { neg(&y) } else { y.clone() };
            let u = urem(&ax, &ay);
            bv(if u.is_zero() {
                u
            } else {
                match (sx, sy) {
                    (false, false) => u,
                    (true, false) => wrap(neg(&u) + &y),
                    (false, true) => wrap(u + &y),
                    (true, true) => neg(&u),
                }
            })
        }
        "bvand" => bv(x & y),
        "bvor" => bv(x | y),
        "bvxor" => bv(x ^ y),
        "bvnand" => bv(&modulus - 1 - (x & y)),
        "bvnor" => bv(&modulus - 1 - (x | y)),
        "bvxnor" => bv(&modulus - 1 - (x ^ y)),
        "bvnot" => bv(&modulus - 1 - x),
        "bvneg" => bv(neg(&x)),
        "bvshl" => bv(match shift(&y) {
            Some(a) => wrap(x << a),
            None => BigInt::zero(),
        }),
        "bvlshr" => bv(match shift(&y) {
            Some(a) => x >> a,
            None => BigInt::zero(),
        }),
        "bvashr" => bv(match shift(&y) {
            Some(a) => wrap(signed(&x) >> a),
            None => {
                if sx {
                    &modulus - 1
                } else {
                    BigInt::zero()
                }
            }
        }),
        "bvult" => Value::Bool(x < y),
        "bvule" => Value::Bool(x <= y),
        "bvugt" => Value::Bool(x > y),
        "bvuge" => Value::Bool(x >= y),
        "bvslt" => Value::Bool(signed(&x) < signed(&y)),
        "bvsle" => Value::Bool(signed(&x) <= signed(&y)),
        "bvsgt" => Value::Bool(signed(&x) > signed(&y)),
        "bvsge" => Value::Bool(signed(&x) >= signed(&y)),
        other => {
            return Err(format!(
                "the interpreter does not know the builtin `{other}`"
            ))
        }
    })
}

/// A builtin of SMT-LIB's `FloatingPoint` ([`crate::ir::float`]: exact,
/// bit for bit). The front end guards the applications whose result
/// SMT-LIB leaves open, so an unspecified case here is an error.
fn float_builtin(b: &FloatBuiltin, op: &str, args: Vec<Value>) -> Result<Value, Fail> {
    let mut args = args.as_slice();
    let had_rm = b.rounding.is_some() || matches!(args.first(), Some(Value::RMode(_)));
    let rm = match (b.rounding, args.first()) {
        (Some(m), _) => m,
        (None, Some(Value::RMode(m))) => {
            let m = *m;
            args = &args[1..];
            m
        }
        (None, _) => RoundingMode::Rne,
    };
    let floats: Vec<&Fp> = args
        .iter()
        .filter_map(|a| match a {
            Value::Float(x) => Some(x),
            _ => None,
        })
        .collect();
    let unspecified = || {
        format!(
            "`{op}` applied to {}: SMT-LIB leaves its value unspecified",
            list(args)
        )
    };
    let same = floats.len() == args.len()
        && floats
            .iter()
            .all(|x| x.sig == floats[0].sig && x.exp == floats[0].exp);
    if let Some((ix_op, ix)) = b.indices() {
        return match (ix_op.as_str(), ix.as_slice(), args) {
            ("to_fp", [e, s], [Value::Real(r)]) => {
                Ok(Value::Float(Fp::from_rational(*s, *e, rm, r)))
            }
            ("to_fp", [e, s], [Value::Int(n)]) => Ok(Value::Float(Fp::from_int(*s, *e, rm, n))),
            ("to_fp", [e, s], [Value::Float(x)]) => Ok(Value::Float(x.convert(*s, *e, rm))),
            ("to_fp", [e, s], [Value::Bv { width, value }]) => {
                if !had_rm && *width == e + s {
                    Ok(Value::Float(Fp::from_bv_bits(*s, *e, value)))
                } else {
                    let signed = if value.bit(u64::from(*width) - 1) {
                        value - (BigInt::from(1) << *width)
                    } else {
                        value.clone()
                    };
                    Ok(Value::Float(Fp::from_int(*s, *e, rm, &signed)))
                }
            }
            ("to_fp_unsigned", [e, s], [Value::Bv { value, .. }]) => {
                Ok(Value::Float(Fp::from_int(*s, *e, rm, value)))
            }
            ("fp.to_ubv" | "fp.to_sbv", [n], [Value::Float(x)]) => {
                let i = x.to_integer(rm).ok_or_else(unspecified)?;
                let modulus = BigInt::from(1) << *n;
                let (lo, hi) = if ix_op == "fp.to_sbv" {
                    (-(&modulus >> 1usize), (&modulus >> 1usize) - 1)
                } else {
                    (BigInt::zero(), &modulus - 1)
                };
                if i < lo || i > hi {
                    return Err(unspecified());
                }
                Ok(Value::Bv {
                    width: *n,
                    value: i.mod_floor(&modulus),
                })
            }
            _ => Err(format!("`{op}` applied to {}", list(args))),
        };
    }
    if !same || floats.is_empty() {
        return Err(format!("`{op}` applied to {}", list(args)));
    }
    let x = floats[0];
    let y = || {
        floats
            .get(1)
            .copied()
            .ok_or_else(|| format!("`{op}` needs two arguments"))
    };
    let f = Value::Float;
    Ok(match b.core.as_str() {
        "fp.abs" => f(x.abs()),
        "fp.neg" => f(x.neg()),
        "fp.add" => f(x.add(y()?, rm)),
        "fp.sub" => f(x.sub(y()?, rm)),
        "fp.mul" => f(x.mul(y()?, rm)),
        "fp.div" => f(x.div(y()?, rm)),
        "fp.fma" => {
            let z = floats
                .get(2)
                .ok_or_else(|| format!("`{op}` needs three arguments"))?;
            f(x.fma(y()?, z, rm))
        }
        "fp.sqrt" => f(x.sqrt(rm)),
        "fp.rem" => f(x.rem(y()?).ok_or_else(|| {
            format!(
                "`{op}` of {} and {}: too far apart to compute exactly",
                x,
                y().unwrap_or(x)
            )
        })?),
        "fp.roundToIntegral" => f(x.round_to_integral(rm)),
        "fp.min" => f(x.min_max(y()?, false).ok_or_else(unspecified)?),
        "fp.max" => f(x.min_max(y()?, true).ok_or_else(unspecified)?),
        "fp.leq" => Value::Bool(matches!(
            x.compare(y()?),
            Some(Ordering::Less | Ordering::Equal)
        )),
        "fp.lt" => Value::Bool(x.compare(y()?) == Some(Ordering::Less)),
        "fp.geq" => Value::Bool(matches!(
            x.compare(y()?),
            Some(Ordering::Greater | Ordering::Equal)
        )),
        "fp.gt" => Value::Bool(x.compare(y()?) == Some(Ordering::Greater)),
        "fp.eq" => Value::Bool(x.fp_eq(y()?)),
        "fp.isNormal" => Value::Bool(x.is_normal()),
        "fp.isSubnormal" => Value::Bool(x.is_subnormal()),
        "fp.isZero" => Value::Bool(x.is_zero()),
        "fp.isInfinite" => Value::Bool(x.is_infinite()),
        "fp.isNaN" => Value::Bool(x.is_nan()),
        "fp.isNegative" => Value::Bool(x.is_negative()),
        "fp.isPositive" => Value::Bool(x.is_positive()),
        "fp.to_real" => {
            if x.is_nan() || x.is_infinite() {
                return Err(unspecified());
            }
            Value::Real(
                x.to_rational()
                    .ok_or_else(|| format!("`{op}` of {x}: its exact value is too large"))?,
            )
        }
        _ => return Err(format!("the interpreter does not know the builtin `{op}`")),
    })
}

/// Values as a list, for messages.
fn list(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The number of expression levels of `e` (1 for a leaf).
fn expr_depth(e: &Expr) -> usize {
    1 + e.children().into_iter().map(expr_depth).max().unwrap_or(0)
}

/// The body of a defined, non-recursive function applied in `e`, its
/// parameters replaced by the arguments (`None` if `e` is no such
/// application, or the body binds variables of its own).
pub(super) fn unfolded(e: &Expr) -> Option<Expr> {
    let ExprKind::Apply(f, args) = &e.kind else {
        return None;
    };
    let body = f.body.as_ref().filter(|_| !f.recursive)?;
    let mut binds = false;
    body.visit(&mut |x| {
        binds |= matches!(
            x.kind,
            ExprKind::Quant(..) | ExprKind::Lambda(..) | ExprKind::PolyLambda(_)
        )
    });
    if binds {
        return None;
    }
    fn substituted(e: &Expr, args: &[Expr]) -> Expr {
        match &e.kind {
            ExprKind::Bound(i) if *i < args.len() => args[*i].clone(),
            _ => match e.map_children(&mut |c| substituted(c, args)) {
                Some(kind) => Expr::new(kind, e.ty.clone(), e.span),
                None => e.clone(),
            },
        }
    }
    Some(substituted(body, args))
}

/// Whether `e` reads one of the bound variables `ids`.
pub(super) fn mentions_bound(e: &Expr, ids: &[usize]) -> bool {
    let mut found = false;
    e.visit(&mut |y| found |= matches!(y.kind, ExprKind::Bound(b) if ids.contains(&b)));
    found
}

/// Whether `e` reads the bound variables `ids` only as the one index of a
/// map that reads none of them (`M[x]`); those maps go to `maps`, with
/// the position in `ids` of the variable that indexes them.
fn indexed_only<'e>(e: &'e Expr, ids: &[usize], maps: &mut Vec<(usize, &'e Expr)>) -> bool {
    let mentions = |x: &Expr| mentions_bound(x, ids);
    match &e.kind {
        ExprKind::Bound(b) => !ids.contains(b),
        ExprKind::Select(m, ix) => match ix.as_slice() {
            [Expr {
                kind: ExprKind::Bound(b),
                ..
            }] if ids.contains(b) => {
                let at = ids.iter().position(|x| x == b).expect("contained");
                maps.push((at, m));
                !mentions(m)
            }
            _ => indexed_only(m, ids, maps) && ix.iter().all(|i| indexed_only(i, ids, maps)),
        },
        // A nested quantifier's triggers are not evaluated.
        ExprKind::Quant(_, _, body, _) => indexed_only(body, ids, maps),
        _ => e.children().into_iter().all(|c| indexed_only(c, ids, maps)),
    }
}
