//! Lambda expressions (part of [`crate::front::resolve`]): `(lambda x: T,
//! y: U :: body)` and the polymorphic `(lambda<a> o: ref, f: Field a ::
//! body)`, resolved and type checked.
//!
//! Takes: the lambda as written, the scope and [`Place`] it is in. Gives:
//! [`ExprKind::Lambda`], of the map type `[T, U]typeof(body)`; the body may
//! read the variables the place sees (captured by value where the lambda
//! is evaluated, by the later stages). A polymorphic lambda is of the
//! polymorphic map type `<a>[ref, Field a]typeof(body)`
//! ([`Type::PolyMap`]); it is type checked once with each type parameter a
//! placeholder (its errors reported once), gives an
//! [`ExprKind::PolyLambda`] whose instances are fixed when resolution ends
//! ([`Resolver::finish_poly_lambdas`]): its body is resolved again at each
//! instance its map type has (the accesses of the whole program fix
//! them; resolving a body may add instances, to a fixed point). A copy
//! of a polymorphic lambda made over other variables before then (a
//! `where` clause of a call's output) has no instances: the VC names a
//! symbol the solver does not know (its error leaves the blocks
//! unknown), the interpreter fails on it; never a wrong verdict. Issue 19
//! (design.md, "The pipeline": resolve).

use super::monomorphize::MAX_INSTANCES;
use super::scopes::{Place, Scope};
use super::{Header, Resolver};
use crate::front::ast;
use crate::ir::{self, ExprKind, LocalId, PolyMapInstance, PolyMapType, ProcId, Type};
use crate::source::Span;
use std::collections::HashMap;
use std::sync::Arc;

/// A polymorphic lambda waiting for the instances of its type: what it
/// was written as, and what its place saw (to resolve its body again at
/// each instance).
pub(super) struct PendingPolyLambda {
    params: Vec<ast::Ident>,
    groups: Vec<ast::BindingGroup>,
    body: ast::Expr,
    span: Span,
    proc: ProcId,
    header: Header,
    names: HashMap<String, LocalId>,
    place: Place,
    bound: Vec<ir::Binder>,
    lets: Vec<(String, usize, ir::Expr)>,
    type_env: Vec<(String, Type)>,
    /// The polymorphic map depth (see [`super::poly_maps::PolyMaps`]) at
    /// the lambda.
    depth: usize,
    ty: Arc<PolyMapType>,
    /// One lambda per instance resolved so far, in the type's order.
    parts: Vec<ir::Expr>,
    cell: Arc<ir::PolyLambda>,
}

impl Resolver {
    /// `(lambda<params> groups :: body)`, the expression `e`.
    pub(super) fn lambda(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        let (params, groups, body) = lambda_parts(e);
        let span = e.span;
        if !params.is_empty() {
            return self.poly_lambda(e, scope, place);
        }
        let depth = self.bound.len();
        let binders = self.bind(groups);
        let xb = self.expr(body, scope, place);
        self.bound.truncate(depth);
        let xb = xb?;
        let keys = binders.iter().map(|b| b.ty.clone()).collect();
        let ty = Type::Map(keys, Box::new(xb.ty.clone()));
        Some(ir::Expr::new(
            ExprKind::Lambda(binders, Box::new(xb)),
            ty,
            span,
        ))
    }

    /// The binders of `groups`, pushed on [`Resolver::bound`] in order (the
    /// caller truncates it again).
    pub(super) fn bind(&mut self, groups: &[ast::BindingGroup]) -> Vec<ir::Binder> {
        let mut binders = Vec::new();
        for g in groups {
            let ty = match &g.ty {
                Some(t) => self.type_of(t),
                None => {
                    for n in &g.names {
                        self.error(
                            n.span,
                            format!("missing type for bound variable `{}`", n.name),
                        );
                    }
                    Type::Int
                }
            };
            for n in &g.names {
                let b = ir::Binder {
                    id: self.next_binder,
                    name: n.name.clone(),
                    ty: ty.clone(),
                };
                self.next_binder += 1;
                self.bound.push(b.clone());
                binders.push(b);
            }
        }
        binders
    }

    /// A polymorphic lambda: checked once over placeholders, its type
    /// interned, its instances left to [`Resolver::finish_poly_lambdas`].
    fn poly_lambda(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let (params, groups, body) = lambda_parts(e);
        let span = e.span;
        if let Some(f) = self.in_function.clone() {
            self.error(
                span,
                format!("unsupported: a polymorphic lambda (`lambda<...>`) in the body of function `{f}` (bicd resolves a polymorphic lambda at the instances of its type, in procedures and axioms only)"),
            );
            return None;
        }
        let base = self.poly_maps.depth;
        let env_len = self.type_env.len();
        let mut to_params = HashMap::new();
        let mut names = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let placeholder = self.type_parameter(&p.name);
            let name = ir::poly_map_param(base + i);
            if let Type::Sort(n) = &placeholder {
                to_params.insert(n.clone(), Type::Sort(name.clone()));
            }
            names.push(name);
            self.type_env.push((p.name.clone(), placeholder));
        }
        // The binders' types are written under the lambda's parameters (a
        // polymorphic map among them numbers its own on); the body's
        // types are not (a function's signature there is denoted as at
        // its declaration).
        self.poly_maps.depth += params.len();
        let depth = self.bound.len();
        let binders = self.bind(groups);
        self.poly_maps.depth = base;
        let xb = self.expr(body, scope, place);
        self.bound.truncate(depth);
        self.type_env.truncate(env_len);
        let xb = xb?;
        let keys: Vec<Type> = binders
            .iter()
            .map(|b| self.substitute_type(&b.ty, &to_params))
            .collect();
        let value = self.substitute_type(&xb.ty, &to_params);
        for (p, n) in params.iter().zip(&names) {
            if !keys.iter().any(|k| self.mentions(k, n)) {
                self.error(
                    p.span,
                    format!(
                        "the type parameter `{}` of a polymorphic lambda occurs in the type of no bound variable (Boogie requires it: an access gives the instance by its index types)",
                        p.name
                    ),
                );
                return None;
            }
        }
        let written = params.iter().map(|p| p.name.clone()).collect();
        let ty = self.intern_poly_map(PolyMapType::new(names, written, keys, value));
        let Type::PolyMap(p) = &ty else {
            return None;
        };
        let cell = Arc::new(ir::PolyLambda::pending());
        self.poly_lambdas.push(PendingPolyLambda {
            params: params.to_vec(),
            groups: groups.to_vec(),
            body: body.clone(),
            span,
            proc: scope.proc,
            header: scope.header.clone(),
            names: scope.names.clone(),
            place,
            bound: self.bound.clone(),
            lets: self.lets.clone(),
            type_env: self.type_env.clone(),
            depth: base,
            ty: p.clone(),
            parts: Vec::new(),
            cell: cell.clone(),
        });
        Some(ir::Expr::new(ExprKind::PolyLambda(cell), ty, span))
    }

    /// Resolves every polymorphic lambda at each instance of its type not
    /// yet done, to a fixed point (a body may access maps at new
    /// instances); with `fix`, then gives each lambda its instances (the
    /// types' instances are final).
    pub(super) fn finish_poly_lambdas(&mut self, fix: bool) {
        let mut k = 0;
        let mut resolved = 0usize;
        // Lambdas met while resolving another's body are appended: the
        // loop reaches them too; a round with no new instance ends it.
        loop {
            let mut progress = false;
            while k < self.poly_lambdas.len() {
                let instances = self.poly_map_instances(&self.poly_lambdas[k].ty.clone());
                while self.poly_lambdas[k].parts.len() < instances.len() {
                    let at = self.poly_lambdas[k].parts.len();
                    resolved += 1;
                    if resolved > MAX_INSTANCES {
                        let span = self.poly_lambdas[k].span;
                        self.error(span, format!("unsupported: the polymorphic lambdas need more than {MAX_INSTANCES} instances (bicd monomorphizes them, and these do not reach a fixed point)"));
                        return;
                    }
                    let part = self
                        .poly_lambda_instance(k, &instances[at])
                        .unwrap_or_else(|| ir::Expr::bool(false, self.poly_lambdas[k].span));
                    self.poly_lambdas[k].parts.push(part);
                    progress = true;
                }
                k += 1;
            }
            if !progress {
                break;
            }
            k = 0;
        }
        if fix {
            for pending in &self.poly_lambdas {
                pending.cell.set_parts(pending.parts.clone());
            }
        }
    }

    /// Lambda `k` of [`Resolver::poly_lambdas`] at `instance` of its type:
    /// its body resolved with the type parameters bound to the instance's
    /// type arguments, in the place it was written in.
    fn poly_lambda_instance(&mut self, k: usize, instance: &PolyMapInstance) -> Option<ir::Expr> {
        let p = &self.poly_lambdas[k];
        let (params, groups, body, span, place) = (
            p.params.clone(),
            p.groups.clone(),
            p.body.clone(),
            p.span,
            p.place,
        );
        let header = p.header.clone();
        let scope = Scope {
            proc: p.proc,
            header: &header,
            names: p.names.clone(),
        };
        let mut env = p.type_env.clone();
        env.extend(
            params
                .iter()
                .zip(&instance.args)
                .map(|(n, t)| (n.name.clone(), t.clone())),
        );
        let saved_env = std::mem::replace(&mut self.type_env, env);
        let saved_bound = std::mem::replace(&mut self.bound, p.bound.clone());
        let saved_lets = std::mem::replace(&mut self.lets, p.lets.clone());
        let base = p.depth;
        let saved_depth = std::mem::replace(&mut self.poly_maps.depth, base + params.len());
        let depth = self.bound.len();
        let binders = self.bind(&groups);
        self.poly_maps.depth = base;
        let xb = self.expr(&body, &scope, place);
        self.bound.truncate(depth);
        self.type_env = saved_env;
        self.bound = saved_bound;
        self.lets = saved_lets;
        self.poly_maps.depth = saved_depth;
        let xb = xb?;
        let keys: Vec<Type> = binders.iter().map(|b| b.ty.clone()).collect();
        if keys != instance.keys || xb.ty != instance.value {
            let map = Type::Map(keys, Box::new(xb.ty.clone()));
            self.error(
                span,
                format!(
                    "this polymorphic lambda is {map} at the instance {} of its type",
                    instance.map_type()
                ),
            );
            return None;
        }
        Some(ir::Expr::new(
            ExprKind::Lambda(binders, Box::new(xb)),
            instance.map_type(),
            span,
        ))
    }
}

/// The type parameters, bound variables and body of lambda `e`.
fn lambda_parts(e: &ast::Expr) -> (&[ast::Ident], &[ast::BindingGroup], &ast::Expr) {
    match &e.kind {
        ast::ExprKind::Lambda(params, groups, body) => (params, groups, body),
        _ => unreachable!("called on a lambda"),
    }
}
