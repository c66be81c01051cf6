//! Expressions (part of [`crate::front::resolve`]): name resolution and
//! type checking.
//!
//! Takes: an [`ast::Expr`], the scope it is in and its [`Place`] (which
//! decides whether `old` is allowed). Gives: the typed [`ir::Expr`], or
//! `None` after reporting every error found in it. The operators' typing
//! rules are Boogie's (`/` converts ints to reals; `div`, `mod` take ints);
//! what they compute is [`crate::ir::arith`]'s and the later stages'.
//! design.md, "The pipeline" (resolve): every expression carries its type.

use super::scopes::{Place, Scope};
use super::{article, Resolver};
use crate::front::ast;
use crate::ir::{self, BinOp, ExprKind, Type, UnOp};
use crate::source::Span;

impl Resolver {
    /// A boolean condition of `what` (`assume`, `requires`, ...).
    pub(super) fn condition(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
        what: &str,
    ) -> Option<ir::Expr> {
        let x = self.expr_wanting(e, &Type::Bool, scope, place)?;
        if x.ty != Type::Bool {
            self.error(
                e.span,
                format!("`{what}` needs a bool expression, but this is {}", x.ty),
            );
            return None;
        }
        Some(x)
    }

    /// Resolves and types an expression; `None` after an error (reported).
    /// One level of nesting is a few frames: the stack grows on the heap
    /// when it runs low (the deepest expression the parser accepts, on a
    /// 256 KiB thread stack, overflowed it once the crate's code grew).
    pub(super) fn expr(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        stacker::maybe_grow(
            super::functions::STACK_RED_ZONE,
            super::functions::STACK_GROWTH,
            || self.expr_here(e, scope, place),
        )
    }

    fn expr_here(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ast::ExprKind::Int(n) => (ExprKind::Int(n.clone()), Type::Int),
            ast::ExprKind::Bool(b) => (ExprKind::Bool(*b), Type::Bool),
            ast::ExprKind::Real(r) => (ExprKind::Real(r.clone()), Type::Real),
            ast::ExprKind::FloatLit(x) => (
                ExprKind::Float(x.clone()),
                Type::Float {
                    sig: x.sig,
                    exp: x.exp,
                },
            ),
            ast::ExprKind::RModeLit(m) => (ExprKind::RMode(*m), Type::RMode),
            ast::ExprKind::Var(_) => self.var_arm(e, scope, place)?,
            ast::ExprKind::BvLit(..)
            | ast::ExprKind::Apply(..)
            | ast::ExprKind::Select(..)
            | ast::ExprKind::Store(..)
            | ast::ExprKind::Extract(..)
            | ast::ExprKind::Concat(..)
            | ast::ExprKind::Quant(..) => return self.expr_issue3(e, scope, place),
            ast::ExprKind::Coerce(..) | ast::ExprKind::BitRange(..) => {
                return self.coercion(e, scope, place)
            }
            ast::ExprKind::Let(names, values, body) => {
                return self.let_expr(names, values, body, scope, place)
            }
            ast::ExprKind::Lambda(..) => return self.lambda(e, scope, place),
            ast::ExprKind::Old(_) => self.old_arm(e, scope, place)?,
            ast::ExprKind::Unary(..) => self.unary_arm(e, scope, place)?,
            ast::ExprKind::Binary(..) => self.binary_arm(e, scope, place)?,
            ast::ExprKind::Ite(..) => self.ite_arm(e, scope, place)?,
        };
        Some(ir::Expr::new(kind, ty, span))
    }

    #[inline(never)]
    fn var_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Var(name) = &e.kind else {
            return None;
        };
        // A let's name, unless a quantifier inside the let binds it again.
        let bound_at = self.bound.iter().rposition(|b| &b.name == name);
        if let Some((_, at, value)) = self.lets.iter().rev().find(|(n, _, _)| n == name) {
            if bound_at.is_none_or(|j| j < *at) {
                return Some((value.kind.clone(), value.ty.clone()));
            }
        }
        Some({
            if let Some(b) = bound_at.map(|j| &self.bound[j]) {
                (ExprKind::Bound(b.id), b.ty.clone())
            } else {
                let ident = ast::Ident {
                    name: name.clone(),
                    span,
                };
                let (v, ty) = self.lookup(&ident, scope)?;
                (ExprKind::Var(v), ty)
            }
        })
    }

    /// `(var x, y := e1, e2; body)`: the values resolved where the let
    /// stands, then `body` with each name read as its value (the value is
    /// copied to each use: a let is pure, and its names are not
    /// variables of the program).
    fn let_expr(
        &mut self,
        names: &[ast::Ident],
        values: &[ast::Expr],
        body: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        if names.len() != values.len() {
            let span = names.first().map_or(body.span, |n| n.span);
            self.error(
                span,
                format!(
                    "a let binds {} name{} to {} value{}",
                    names.len(),
                    super::plural(names.len()),
                    values.len(),
                    super::plural(values.len())
                ),
            );
            return None;
        }
        let resolved: Vec<Option<ir::Expr>> =
            values.iter().map(|v| self.expr(v, scope, place)).collect();
        let resolved: Vec<ir::Expr> = resolved.into_iter().collect::<Option<_>>()?;
        let depth = self.lets.len();
        let at = self.bound.len();
        for (n, v) in names.iter().zip(resolved) {
            self.lets.push((n.name.clone(), at, v));
        }
        let out = self.expr(body, scope, place);
        self.lets.truncate(depth);
        out
    }

    #[inline(never)]
    fn old_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Old(inner) = &e.kind else {
            return None;
        };
        Some({
            let x = self.expr(inner, scope, place);
            if place == Place::Requires {
                self.error(span, "`old` is not allowed in `requires`");
                return None;
            }
            let x = x?;
            let ty = x.ty.clone();
            (ExprKind::Old(Box::new(x)), ty)
        })
    }

    #[inline(never)]
    fn unary_arm(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Unary(op, inner) = &e.kind else {
            return None;
        };
        Some({
            let x = match op {
                UnOp::Not => self.expr_wanting(inner, &Type::Bool, scope, place)?,
                _ => self.expr(inner, scope, place)?,
            };
            // The operand type wanted, the result type, how to name it.
            let (want, result, sym) = match op {
                UnOp::Not => (Type::Bool, Type::Bool, "!"),
                UnOp::Neg if x.ty == Type::Real => (Type::Real, Type::Real, "-"),
                UnOp::Neg => (Type::Int, Type::Int, "-"),
                UnOp::ToInt => (Type::Real, Type::Int, "int(...)"),
                UnOp::ToReal => (Type::Int, Type::Real, "real(...)"),
            };
            if x.ty != want {
                let message = if *op == UnOp::Neg {
                    format!("`-` needs an int or real operand, but this is {}", x.ty)
                } else {
                    format!(
                        "`{sym}` needs {} {want} operand, but this is {}",
                        article(&want),
                        x.ty
                    )
                };
                self.error(inner.span, message);
                return None;
            }
            (ExprKind::Unary(*op, Box::new(x)), result)
        })
    }

    #[inline(never)]
    fn binary_arm(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Binary(op, a, b) = &e.kind else {
            return None;
        };
        Some({
            let (xa, xb) = if op.is_logical() {
                (
                    self.expr_wanting(a, &Type::Bool, scope, place),
                    self.expr_wanting(b, &Type::Bool, scope, place),
                )
            } else {
                self.operands(a, b, scope, place)
            };
            let (mut xa, mut xb) = (xa?, xb?);
            let sym = op.symbol();
            // Floats: `+ - * /` and the comparisons are builtins of
            // SMT-LIB's `FloatingPoint` (`==` and `!=` stay).
            let float_ty = [&xa.ty, &xb.ty]
                .into_iter()
                .find(|t| matches!(t, Type::Float { .. }))
                .cloned();
            if let Some(f) = float_ty.and_then(|t| super::floats::float_operator(*op, &t, span)) {
                if xa.ty != xb.ty {
                    self.error(
                        span,
                        format!(
                            "`{sym}` needs two floats of one type, but these are {} and {}",
                            xa.ty, xb.ty
                        ),
                    );
                    return None;
                }
                let result = f.result.clone();
                return Some((ExprKind::Apply(f, vec![xa, xb]), result));
            }
            // `+ - *` and the comparisons take two ints or two reals: reals
            // when either operand is one.
            let number = if xa.ty == Type::Real || xb.ty == Type::Real {
                Type::Real
            } else {
                Type::Int
            };
            let (operand, result) = match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul => (Some(number.clone()), number),
                BinOp::Div | BinOp::Mod => (Some(Type::Int), Type::Int),
                // `/` takes ints and reals (as Boogie does); ints are
                // converted with `real(...)`.
                BinOp::RealDiv => {
                    for x in [&mut xa, &mut xb] {
                        if x.ty == Type::Int {
                            let s = x.span;
                            let inner = std::mem::replace(x, ir::Expr::bool(false, s));
                            *x = ir::Expr::new(
                                ExprKind::Unary(UnOp::ToReal, Box::new(inner)),
                                Type::Real,
                                s,
                            );
                        }
                    }
                    (Some(Type::Real), Type::Real)
                }
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(number), Type::Bool),
                BinOp::And | BinOp::Or | BinOp::Implies | BinOp::Iff => {
                    (Some(Type::Bool), Type::Bool)
                }
                BinOp::Eq | BinOp::Neq => (None, Type::Bool),
            };
            match operand {
                Some(want) => {
                    let mut ok = true;
                    for (x, side) in [(&xa, a), (&xb, b)] {
                        if x.ty != want {
                            self.error(
                                side.span,
                                format!("`{sym}` needs {want} operands, but this is {}", x.ty),
                            );
                            ok = false;
                        }
                    }
                    if !ok {
                        return None;
                    }
                }
                None => {
                    if xa.ty != xb.ty {
                        // Inside a polymorphic declaration, two types that
                        // unify may differ at an instance (`f != next` for
                        // `f: Field A B`): there the values differ, as
                        // Boogie's monomorphizer reads it.
                        if self.may_differ_at_an_instance(&xa.ty, &xb.ty) {
                            return Some((ExprKind::Bool(*op == BinOp::Neq), Type::Bool));
                        }
                        self.error(span, format!("`{sym}` compares {} with {}", xa.ty, xb.ty));
                        return None;
                    }
                }
            }
            (ExprKind::Binary(*op, Box::new(xa), Box::new(xb)), result)
        })
    }

    #[inline(never)]
    fn ite_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Ite(c, a, b) = &e.kind else {
            return None;
        };
        Some({
            let xc = self.expr_wanting(c, &Type::Bool, scope, place);
            let (xa, xb) = self.operands(a, b, scope, place);
            let (xc, xa, xb) = (xc?, xa?, xb?);
            if xc.ty != Type::Bool {
                self.error(
                    c.span,
                    format!("the condition of `if` must be bool, but this is {}", xc.ty),
                );
                return None;
            }
            if xa.ty != xb.ty {
                self.error(
                    span,
                    format!(
                        "the branches of `if` have different types: {} and {}",
                        xa.ty, xb.ty
                    ),
                );
                return None;
            }
            let ty = xa.ty.clone();
            (ExprKind::Ite(Box::new(xc), Box::new(xa), Box::new(xb)), ty)
        })
    }
}

impl Resolver {
    /// The expressions of issue 3 (bit-vectors, functions, maps,
    /// quantifiers), apart from [`Resolver::expr`] so that its stack frame
    /// stays small (expressions nest up to `ast::MAX_EXPR_DEPTH` deep).
    #[inline(never)]
    fn expr_issue3(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ast::ExprKind::BvLit(value, width) => {
                (ExprKind::Bv(*width, value.clone()), Type::Bv(*width))
            }
            ast::ExprKind::Apply(f, args) => return self.apply(f, args, scope, place, span, None),
            ast::ExprKind::Select(m, ix) => return self.select(m, ix, None, scope, place, span),
            ast::ExprKind::Store(m, ix, v) => {
                let context = self.expected_by_context.take();
                let (xm, xs, xv);
                if let (Some(t), true) = (context, self.needs_result_type(m)) {
                    // `p[][13 := false] == q` (`p: <a>[]a`): the other
                    // operand gives the map's type, as Boogie's
                    // unification of the whole expression does.
                    xm = self.expr_expecting(m, Some(&t), scope, place);
                    xs = ix.iter().map(|i| self.expr(i, scope, place)).collect();
                    xv = self.expr(v, scope, place);
                } else if self.needs_result_type(m) {
                    // `q[17][true := 13]` (`q: <a,b>[int][a]b`): the
                    // indices and the value give the map's type.
                    let ys: Vec<Option<ir::Expr>> =
                        ix.iter().map(|i| self.expr(i, scope, place)).collect();
                    let yv = self.expr(v, scope, place);
                    let keys: Option<Vec<Type>> = ys
                        .iter()
                        .map(|x| x.as_ref().map(|x| x.ty.clone()))
                        .collect();
                    let expected = keys
                        .zip(yv.as_ref())
                        .map(|(k, v)| Type::Map(k, Box::new(v.ty.clone())));
                    xm = self.expr_expecting(m, expected.as_ref(), scope, place);
                    (xs, xv) = (ys, yv);
                } else {
                    xm = self.expr(m, scope, place);
                    xs = ix.iter().map(|i| self.expr(i, scope, place)).collect();
                    // `m[i := NIL()]`: the map's value type types the value.
                    let expected = match (&xm, self.needs_result_type(v)) {
                        (Some(xm), true) => match &xm.ty {
                            Type::Map(_, value) => Some((**value).clone()),
                            _ => None,
                        },
                        _ => None,
                    };
                    xv = self.expr_expecting(v, expected.as_ref(), scope, place);
                }
                let (xm, xv) = (xm?, xv?);
                let xs: Vec<ir::Expr> = xs.into_iter().collect::<Option<_>>()?;
                let value = self.check_indices(&xm, &xs, Some(&xv.ty), m.span)?;
                if xv.ty != value {
                    self.error(
                        v.span,
                        format!("the map stores {value} values, but this is {}", xv.ty),
                    );
                    return None;
                }
                let ty = xm.ty.clone();
                (ExprKind::Store(Box::new(xm), xs, Box::new(xv)), ty)
            }
            ast::ExprKind::Extract(x, hi, lo) => {
                let xe = self.expr(x, scope, place)?;
                let Type::Bv(w) = xe.ty else {
                    self.error(
                        x.span,
                        format!(
                            "`[hi:lo]` extracts bits of a bit-vector, but this is {}",
                            xe.ty
                        ),
                    );
                    return None;
                };
                let (hi, lo) = match (u32::try_from(hi), u32::try_from(lo)) {
                    (Ok(h), Ok(l)) if l < h && h <= w => (h, l),
                    _ => {
                        self.error(
                            span,
                            format!("`[{hi}:{lo}]` is not a bit range of a bv{w} (need {w} >= hi > lo >= 0)"),
                        );
                        return None;
                    }
                };
                (ExprKind::Extract(Box::new(xe), hi, lo), Type::Bv(hi - lo))
            }
            ast::ExprKind::Concat(a, b) => {
                let context = self.expected_by_context.take();
                if self.needs_result_type(a) || self.needs_result_type(b) {
                    return self.concat_of_ambiguous(a, b, context, span, scope, place);
                }
                let xa = self.expr(a, scope, place);
                let xb = self.expr(b, scope, place);
                let (xa, xb) = (xa?, xb?);
                match (&xa.ty, &xb.ty) {
                    (Type::Bv(x), Type::Bv(y)) if x + y <= crate::front::parse::MAX_BV_WIDTH => {
                        let ty = Type::Bv(x + y);
                        (ExprKind::Concat(Box::new(xa), Box::new(xb)), ty)
                    }
                    _ => {
                        self.error(
                            span,
                            format!(
                                "`++` concatenates bit-vectors, but these are {} and {}",
                                xa.ty, xb.ty
                            ),
                        );
                        return None;
                    }
                }
            }
            ast::ExprKind::Quant(q, tparams, groups, body, triggers) => {
                if !tparams.is_empty() {
                    return self.type_quantified(e, scope, place);
                }
                // A polymorphic axiom's top quantifier: the patterns of
                // each trigger group are kept apart as well.
                let capture = std::mem::take(&mut self.capture_triggers);
                let depth = self.bound.len();
                let binders = self.bind(groups);
                let xb = self.expr_wanting(body, &Type::Bool, scope, place);
                let xt: Vec<Option<Vec<ir::Expr>>> = triggers
                    .iter()
                    .map(|t| {
                        let outer = capture.then(|| self.patterns.replace(Vec::new()));
                        let terms: Vec<Option<ir::Expr>> =
                            t.iter().map(|e| self.expr(e, scope, place)).collect();
                        if let Some(outer) = outer {
                            let group = std::mem::replace(&mut self.patterns, outer);
                            let group = group.unwrap_or_default();
                            for i in &group {
                                self.note_instance(i.clone());
                            }
                            self.trigger_patterns.push(group);
                        }
                        terms.into_iter().collect()
                    })
                    .collect();
                self.bound.truncate(depth);
                let xb = xb?;
                let xt: Vec<Vec<ir::Expr>> = xt.into_iter().collect::<Option<_>>()?;
                if xb.ty != Type::Bool {
                    self.error(
                        body.span,
                        format!(
                            "the body of a quantifier must be bool, but this is {}",
                            xb.ty
                        ),
                    );
                    return None;
                }
                (ExprKind::Quant(*q, binders, Box::new(xb), xt), Type::Bool)
            }
            _ => return None,
        };
        Some(ir::Expr::new(kind, ty, span))
    }

    /// `m[ix]`, its value expected to be of type `expected` (when the
    /// context gives one: a polymorphic map's type parameter may occur in
    /// its value type only).
    fn select(
        &mut self,
        m: &ast::Expr,
        ix: &[ast::Expr],
        expected: Option<&Type>,
        scope: &Scope,
        place: Place,
        span: Span,
    ) -> Option<ir::Expr> {
        let xs: Vec<Option<ir::Expr>>;
        let xm;
        if self.needs_result_type(m) {
            // `Set#Empty()[o]`, `q[17][true]`: the indices (and the
            // expected value) give the map's type.
            xs = ix.iter().map(|i| self.expr(i, scope, place)).collect();
            let keys: Option<Vec<Type>> = xs
                .iter()
                .map(|x| x.as_ref().map(|x| x.ty.clone()))
                .collect();
            let value = expected
                .cloned()
                .unwrap_or_else(|| Type::Sort(super::monomorphize::ANY_TYPE.into()));
            let expected_map = keys.map(|k| Type::Map(k, Box::new(value)));
            xm = self.expr_expecting(m, expected_map.as_ref(), scope, place);
        } else {
            xm = self.expr(m, scope, place);
            xs = ix.iter().map(|i| self.expr(i, scope, place)).collect();
        }
        let xm = xm?;
        let xs: Vec<ir::Expr> = xs.into_iter().collect::<Option<_>>()?;
        let value = self.check_indices(&xm, &xs, expected, m.span)?;
        Some(ir::Expr::new(
            ExprKind::Select(Box::new(xm), xs),
            value,
            span,
        ))
    }

    /// The value type of map `m` indexed by `ix`, after checking them
    /// (`expected`: the value type the context gives, if any).
    fn check_indices(
        &mut self,
        m: &ir::Expr,
        ix: &[ir::Expr],
        expected: Option<&Type>,
        span: Span,
    ) -> Option<Type> {
        if let Type::PolyMap(p) = &m.ty {
            let ix: Vec<(Type, Span)> = ix.iter().map(|i| (i.ty.clone(), i.span)).collect();
            return self.poly_map_access(p, &ix, expected, span);
        }
        let Type::Map(keys, value) = &m.ty else {
            self.error(span, format!("`[...]` needs a map, but this is {}", m.ty));
            return None;
        };
        if keys.len() != ix.len() {
            self.error(
                span,
                format!(
                    "the map takes {} ind{}, but {} {} given",
                    keys.len(),
                    if keys.len() == 1 { "ex" } else { "ices" },
                    ix.len(),
                    if ix.len() == 1 { "was" } else { "were" }
                ),
            );
            return None;
        }
        let mut ok = true;
        for (k, i) in keys.iter().zip(ix) {
            if *k != i.ty {
                self.error(
                    i.span,
                    format!("the map's index must be {k}, but this is {}", i.ty),
                );
                ok = false;
            }
        }
        ok.then(|| (**value).clone())
    }
}

impl Resolver {
    /// The operands of `a op b`. When one side applies a polymorphic
    /// function whose result type alone has a type parameter (`s ==
    /// Seq#Empty()`, `i + Id(1)`), the other side is resolved first and
    /// gives that side its type, as a coercion would.
    fn operands(
        &mut self,
        a: &ast::Expr,
        b: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> (Option<ir::Expr>, Option<ir::Expr>) {
        if self.needs_result_type(a) && !self.needs_result_type(b) {
            let xb = self.expr(b, scope, place);
            let xa = self.expr_expecting(a, xb.as_ref().map(|x| &x.ty), scope, place);
            return (xa, xb);
        }
        if self.needs_result_type(b) {
            let xa = self.expr(a, scope, place);
            let xb = self.expr_expecting(b, xa.as_ref().map(|x| &x.ty), scope, place);
            return (xa, xb);
        }
        (self.expr(a, scope, place), self.expr(b, scope, place))
    }

    /// Whether `e` applies a polymorphic function with a type parameter
    /// that none of its parameter types mentions (only the context can
    /// give it).
    pub(super) fn needs_result_type(&self, e: &ast::Expr) -> bool {
        let f = match &e.kind {
            ast::ExprKind::Apply(f, _) => f,
            ast::ExprKind::Select(m, _) => return self.select_needs_result_type(m),
            // A store into such a select, or a concatenation of one.
            ast::ExprKind::Store(m, ..) => return self.needs_result_type(m),
            ast::ExprKind::Concat(a, b) => {
                return self.needs_result_type(a) || self.needs_result_type(b)
            }
            _ => return false,
        };
        let Some(decl) = self.function_decls.get(&f.name) else {
            return false;
        };
        decl.type_params.iter().any(|p| {
            !decl
                .params
                .iter()
                .any(|(_, t)| type_expr_mentions(t, &p.name))
        })
    }

    /// `e` where a `want` is wanted (a condition, an operand of `!` or
    /// `&&`): a polymorphic application or select that only the context
    /// types is read at `want`.
    pub(super) fn expr_wanting(
        &mut self,
        e: &ast::Expr,
        want: &Type,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        if self.needs_result_type(e) {
            self.expr_expecting(e, Some(want), scope, place)
        } else {
            self.expr(e, scope, place)
        }
    }

    /// Whether `m[...]` selects from a polymorphic map with a type
    /// parameter its index types do not mention (`p[]` with `p: <a>[]a`),
    /// or from a map that itself needs the context's type (`q[17][true]`).
    /// Maps named by globals are known here; a local of such a type is
    /// typed by its indices alone (and a parameter they leave open is
    /// read as `int`, with a warning).
    fn select_needs_result_type(&self, m: &ast::Expr) -> bool {
        match &m.kind {
            ast::ExprKind::Var(name) => {
                let Some(&g) = self.global_names.get(name) else {
                    return false;
                };
                let Type::PolyMap(p) = &self.globals[g.0].ty else {
                    return false;
                };
                p.params
                    .iter()
                    .any(|n| !p.keys.iter().any(|k| self.mentions(k, n)))
            }
            ast::ExprKind::Select(..) | ast::ExprKind::Apply(..) => self.needs_result_type(m),
            _ => false,
        }
    }

    /// `e` resolved, an application of a polymorphic function (or a
    /// select from a polymorphic map) with its result expected to be of
    /// type `expected` (when known).
    pub(super) fn expr_expecting(
        &mut self,
        e: &ast::Expr,
        expected: Option<&Type>,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        match (&e.kind, expected) {
            (ast::ExprKind::Apply(f, args), Some(t)) => {
                self.apply(f, args, scope, place, e.span, Some(t))
            }
            (ast::ExprKind::Select(m, ix), Some(t)) => {
                self.select(m, ix, Some(t), scope, place, e.span)
            }
            (ast::ExprKind::Store(..) | ast::ExprKind::Concat(..), Some(t)) => {
                self.expected_by_context = Some(t.clone());
                self.expr(e, scope, place)
            }
            _ => self.expr(e, scope, place),
        }
    }

    /// `a ++ b` where an operand is a polymorphic select or application
    /// only the context types (`p[] ++ c`, `p: <a>[]a`), `context` the
    /// type the whole is expected to be. As Boogie's type inference
    /// (its ambiguity seeker) does: such an operand takes the width the
    /// context and the other operand leave (`p[] ++ c == d`: d's width
    /// less c's), else the least width, 0; and the first of two such
    /// operands takes 0. A bit-vector of width 0 has one value, the
    /// empty one, and concatenating it leaves the other operand: so it is
    /// read (with Boogie's warning). A whole of width 0 is refused
    /// (SMT-LIB has no such bit-vector).
    fn concat_of_ambiguous(
        &mut self,
        a: &ast::Expr,
        b: &ast::Expr,
        context: Option<Type>,
        span: Span,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        let total = match context {
            Some(Type::Bv(w)) => Some(w),
            _ => None,
        };
        let width = |x: &ir::Expr| match x.ty {
            Type::Bv(w) => Some(w),
            _ => None,
        };
        let empty = |r: &mut Resolver, side: &ast::Expr| {
            r.warning(
                side.span,
                "the width of this bit-vector is ambiguous (neither its operands nor the context give it), read as 0 as Boogie reads it: `++` leaves the other operand",
            );
        };
        let known = |r: &mut Resolver, x: &ast::Expr| -> Option<ir::Expr> {
            let x = r.expr(x, scope, place)?;
            if width(&x).is_none() {
                r.error(
                    x.span,
                    format!("`++` concatenates bit-vectors, but this is {}", x.ty),
                );
                return None;
            }
            Some(x)
        };
        let kept = match (self.needs_result_type(a), self.needs_result_type(b)) {
            (true, false) | (false, true) => {
                let (open, fixed) = if self.needs_result_type(a) {
                    (a, b)
                } else {
                    (b, a)
                };
                let xf = known(self, fixed)?;
                let left = total.and_then(|t| t.checked_sub(width(&xf)?));
                match left {
                    Some(w) if w > 0 => {
                        let xo = self.expr_expecting(open, Some(&Type::Bv(w)), scope, place)?;
                        if width(&xo) != Some(w) {
                            self.error(
                                open.span,
                                format!("`++` needs a bv{w} here, but this is {}", xo.ty),
                            );
                            return None;
                        }
                        let whole = Type::Bv(w + width(&xf)?);
                        let (xa, xb) = if std::ptr::eq(open, a) {
                            (xo, xf)
                        } else {
                            (xf, xo)
                        };
                        return Some(ir::Expr::new(
                            ExprKind::Concat(Box::new(xa), Box::new(xb)),
                            whole,
                            span,
                        ));
                    }
                    _ => {
                        empty(self, open);
                        xf
                    }
                }
            }
            _ => {
                empty(self, a);
                match total.filter(|&w| w > 0) {
                    Some(w) => self.expr_expecting(b, Some(&Type::Bv(w)), scope, place)?,
                    None => {
                        empty(self, b);
                        self.error(
                            span,
                            "unsupported: a bit-vector of width 0 (neither the operands of `++` nor the context give them a width; Boogie reads them as bv0, which SMT-LIB lacks)",
                        );
                        return None;
                    }
                }
            }
        };
        Some(kept)
    }

    /// `e: T`: `e` (a polymorphic application at the type arguments that
    /// make its result `T`), which must be of type `T`; the coercion itself
    /// leaves nothing in the IR. A bit range `e: N` outside `x[hi:lo]` is
    /// an error.
    #[inline(never)]
    fn coercion(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let (inner, t) = match &e.kind {
            ast::ExprKind::Coerce(inner, t) => (inner, t),
            _ => {
                self.error(
                    e.span,
                    "`e: N` (a bit range) is only allowed as the index of a bit extract `x[hi:lo]`, with numerals as bounds",
                );
                return None;
            }
        };
        let ty = self.type_of(t);
        let x = self.expr_expecting(inner, Some(&ty), scope, place)?;
        if x.ty != ty {
            self.error(
                e.span,
                format!("this expression is {}, but is coerced to {ty}", x.ty),
            );
            return None;
        }
        Some(x)
    }

    /// `value`, unless it holds a quantifier (also through a defined
    /// function): the interpreter could not compute it to replay a test,
    /// so it is refused (quantifiers are read in conditions only).
    pub(super) fn no_quantifier(
        &mut self,
        value: Option<ir::Expr>,
        what: &str,
    ) -> Option<ir::Expr> {
        let v = value?;
        // Through the bodies of the functions it applies too.
        if self.facts(&v).quantified {
            self.error(
                v.span,
                format!("unsupported: a quantifier in {what} (bicd reads quantifiers in conditions only: its interpreter cannot compute their value to replay a test)"),
            );
            return None;
        }
        Some(v)
    }
}

/// Whether type `t` as written names `name` (a type parameter).
fn type_expr_mentions(t: &ast::TypeExpr, name: &str) -> bool {
    match &t.kind {
        ast::TypeKind::Named(n) => n == name,
        ast::TypeKind::Applied(n, args) => {
            n == name || args.iter().any(|a| type_expr_mentions(a, name))
        }
        ast::TypeKind::Map(keys, v) => {
            keys.iter().any(|k| type_expr_mentions(k, name)) || type_expr_mentions(v, name)
        }
        ast::TypeKind::PolyMap(params, keys, v) => {
            !params.iter().any(|p| p.name == name)
                && (keys.iter().any(|k| type_expr_mentions(k, name)) || type_expr_mentions(v, name))
        }
        ast::TypeKind::Int | ast::TypeKind::Bool | ast::TypeKind::Real => false,
    }
}
