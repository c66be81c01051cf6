//! Monomorphization (part of [`crate::front::resolve`]): polymorphic
//! functions, type constructors and type-quantified axioms, read at the
//! ground types the program uses, as Boogie's `/monomorphize` does.
//!
//! Takes: the type parameters of `function f<T>(...)`, of `type Field a;`
//! and of `axiom (forall<T> ...)`, and every application of a polymorphic
//! function met while resolving. Gives: monomorphic IR only, so no later
//! stage knows of polymorphism:
//! - a type constructor at ground arguments (`Field int`) is an
//!   uninterpreted sort of its own, named as written
//!   ([`Resolver::sort_instance`]);
//! - each application of a polymorphic function infers its type arguments
//!   by unifying the parameter types with the argument types
//!   ([`Resolver::infer_type_arguments`]); the instance `f<int>` is an
//!   [`ir::Function`] of its own, resolved once at those types
//!   ([`super::functions`]); its body may need more instances, to a fixed
//!   point;
//! - a polymorphic declaration is first type checked once with each type
//!   parameter a placeholder sort ([`Resolver::type_parameter`]), so that
//!   its errors are reported once and at the declaration;
//! - an axiom `forall<T> ...` is instantiated at every substitution of
//!   its type parameters that makes one of the polymorphic applications or
//!   constructor types written in it ([`TypeInstance`] patterns) one the
//!   program uses, to a fixed point ([`Resolver::instantiate_axioms`]);
//!   with triggers, only where each application and map access of one
//!   trigger group is an instance the program has, as E-matching can use
//!   no other instance ([`Resolver::triggered_substitutions`]);
//! - a type quantifier anywhere else (under a negation, left of `==>`,
//!   in a function body, `exists<T>`) is the conjunction or disjunction of
//!   its instances at the types the program uses, as Boogie's
//!   monomorphizer reads it ([`Resolver::type_quantified`]).
//!
//! Instances that grow without bound (`f<T>` applying `f<Field T>`) are
//! refused when a type argument nests more than [`MAX_TYPE_DEPTH`]
//! constructors, or a polymorphic function gets more than
//! [`MAX_INSTANCES`] instances; an axiom with more than
//! [`MAX_AXIOM_INSTANCES`] is refused for the VC's size; a type parameter
//! that cannot be inferred
//! from the arguments is refused too: `unsupported: ...`, located. Issue
//! 19, milestones 1 and 3 (design.md, "The pipeline": resolve).

use super::scopes::{Place, Scope};
use super::{Header, Resolver};
use crate::front::ast;
use crate::ir::{self, Type};
use crate::source::Span;
use std::collections::{HashMap, HashSet};

/// How many type constructors a type argument of an instance may nest
/// (`Field (Field int)` nests 2): deeper, an instantiation is taken to
/// grow without bound and refused.
pub(super) const MAX_TYPE_DEPTH: usize = 12;

/// A sort in an expected type that unifies with any type (the value of
/// `Set#Empty()[o]`, which the index does not give).
pub(super) const ANY_TYPE: &str = "%any";

/// How many instances one polymorphic function may have.
pub(super) const MAX_INSTANCES: usize = 500;

/// How many instances one type-quantified axiom or expression may have.
/// These are finite (their types are the program's, which
/// [`MAX_TYPE_DEPTH`] bounds) but may be many: Viper's frame axioms take
/// every predicate type with every field type. Only the VC's size limits
/// them.
pub(super) const MAX_AXIOM_INSTANCES: usize = 5_000;

/// What a [`TypeInstance`] instantiates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Generic {
    /// A polymorphic function, by name.
    Function(String),
    /// A type constructor (`type Field a;`), by name.
    Constructor(String),
    /// A polymorphic map type (`<a>[a]bool`), by its place among those
    /// met ([`super::poly_maps`]): its instance is the type arguments an
    /// access infers.
    PolyMap(usize),
}

/// A function's parameter and result types over placeholders for its type
/// parameters ([`Resolver::signature`]).
struct Signature {
    vars: Vec<Type>,
    var_names: HashSet<String>,
    params: Vec<Type>,
    result: Type,
}

/// A polymorphic function or type constructor at type arguments: a ground
/// instance the program uses, or (with type parameters in its arguments)
/// a pattern written in a polymorphic axiom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TypeInstance {
    pub(super) of: Generic,
    pub(super) args: Vec<Type>,
}

/// An axiom `forall<T, ...> ...`, type checked once, waiting for the
/// types to instantiate it at.
#[derive(Clone, Debug)]
pub(super) struct PolymorphicAxiom {
    /// The axiom's quantifier without its type parameters.
    expr: ast::Expr,
    /// The type parameters as written, and the placeholder sort each
    /// stood for in the check.
    params: Vec<(ast::Ident, String)>,
    /// The polymorphic applications and constructor types written in it
    /// (over the placeholders).
    patterns: Vec<TypeInstance>,
    /// The placeholders of the type parameters no pattern mentions: read
    /// at `int`.
    unconstrained: Vec<String>,
    /// The polymorphic applications and map accesses written in each
    /// trigger group of its quantifier (none without triggers).
    trigger_patterns: Vec<Vec<TypeInstance>>,
    /// The substitutions it was instantiated at (placeholder to type).
    done: HashSet<Vec<Type>>,
    span: Span,
}

impl PolymorphicAxiom {
    /// The placeholders of the type parameters some pattern mentions: the
    /// variables its substitutions bind.
    fn constrained_params(&self) -> HashSet<String> {
        self.params
            .iter()
            .map(|(_, n)| n.clone())
            .filter(|n| !self.unconstrained.contains(n))
            .collect()
    }

    /// The substitution `s` (placeholder to type) as one type per type
    /// parameter, in order; a parameter it leaves open is read at `int`.
    fn at(&self, s: &HashMap<String, Type>) -> Vec<Type> {
        self.params
            .iter()
            .map(|(_, n)| s.get(n).cloned().unwrap_or(Type::Int))
            .collect()
    }
}

/// The type environment of a declaration with type parameters `params`
/// at the types `args` (in order): what `Resolver::type_env` holds while
/// its signature or body is resolved.
pub(super) fn type_environment(params: &[ast::Ident], args: &[Type]) -> Vec<(String, Type)> {
    params
        .iter()
        .map(|p| p.name.clone())
        .zip(args.iter().cloned())
        .collect()
}

/// `f<int, Field int>`: the name of an instance of `f` (no Boogie
/// identifier holds `<`, so it names nothing else).
pub(super) fn instance_name(name: &str, args: &[Type]) -> String {
    if args.is_empty() {
        return name.to_string();
    }
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    format!("{name}<{}>", args.join(", "))
}

/// `Field (Field int)`: the name of the sort a constructor at `args` is.
/// Axiom `e` with the type quantifiers `forall<T>` it holds in positive
/// places (the body of a `forall`, the right of `==>`, either side of
/// `&&`) moved around the whole of it: `(forall h: H :: P(h) ==> (forall<T>
/// f: Field T :: Q))` is `(forall<T> h: H :: P(h) ==> (forall f: Field T ::
/// Q))`, the same at every instance, as Viper's heap axioms need. `e`
/// itself when there is nothing to move, or when a moved name would clash
/// with another.
fn hoist_type_quantifiers(e: &ast::Expr) -> ast::Expr {
    let mut params = Vec::new();
    let body = strip_positive_type_quantifiers(e, &mut params);
    let mut names: Vec<&str> = params
        .iter()
        .map(|p: &ast::Ident| p.name.as_str())
        .collect();
    let nested = params.len();
    names.sort_unstable();
    names.dedup();
    let own = match &e.kind {
        ast::ExprKind::Quant(_, tps, ..) => tps.len(),
        _ => 0,
    };
    if nested == 0 || nested == own || names.len() != nested {
        return e.clone();
    }
    // The top quantifier keeps its binders and triggers, now with every
    // type parameter.
    match body.kind {
        ast::ExprKind::Quant(ir::Quantifier::Forall, _, groups, inner, triggers)
            if !groups.is_empty() =>
        {
            ast::Expr {
                kind: ast::ExprKind::Quant(ir::Quantifier::Forall, params, groups, inner, triggers),
                span: e.span,
                depth: e.depth,
            }
        }
        _ => ast::Expr {
            kind: ast::ExprKind::Quant(
                ir::Quantifier::Forall,
                params,
                Vec::new(),
                Box::new(body),
                Vec::new(),
            ),
            span: e.span,
            depth: e.depth + 1,
        },
    }
}

/// Whether `e` holds a type quantifier (`forall<T>`, `exists<T>`)
/// anywhere.
fn has_type_quantifier(e: &ast::Expr) -> bool {
    matches!(&e.kind, ast::ExprKind::Quant(_, tparams, ..) if !tparams.is_empty())
        || e.children().into_iter().any(has_type_quantifier)
}

/// `e` without the type parameters of its `forall`s in positive places
/// (collected into `params`); see [`hoist_type_quantifiers`].
fn strip_positive_type_quantifiers(e: &ast::Expr, params: &mut Vec<ast::Ident>) -> ast::Expr {
    let with = |kind| ast::Expr {
        kind,
        span: e.span,
        depth: e.depth,
    };
    match &e.kind {
        ast::ExprKind::Quant(ir::Quantifier::Forall, tps, groups, body, triggers) => {
            params.extend(tps.iter().cloned());
            let body = strip_positive_type_quantifiers(body, params);
            if groups.is_empty() {
                return body;
            }
            with(ast::ExprKind::Quant(
                ir::Quantifier::Forall,
                Vec::new(),
                groups.clone(),
                Box::new(body),
                triggers.clone(),
            ))
        }
        ast::ExprKind::Binary(op @ ir::BinOp::Implies, a, b) => with(ast::ExprKind::Binary(
            *op,
            a.clone(),
            Box::new(strip_positive_type_quantifiers(b, params)),
        )),
        ast::ExprKind::Binary(op @ ir::BinOp::And, a, b) => with(ast::ExprKind::Binary(
            *op,
            Box::new(strip_positive_type_quantifiers(a, params)),
            Box::new(strip_positive_type_quantifiers(b, params)),
        )),
        _ => e.clone(),
    }
}

fn sort_name(ctor: &str, args: &[Type]) -> String {
    let mut out = ctor.to_string();
    for a in args {
        let s = a.to_string();
        if s.contains(' ') || matches!(a, Type::Map(..) | Type::PolyMap(..)) {
            out.push_str(&format!(" ({s})"));
        } else {
            out.push(' ');
            out.push_str(&s);
        }
    }
    out
}

impl Resolver {
    /// The placeholder sort type parameter `name` stands for while its
    /// declaration is checked: named as the parameter, primed until no
    /// declared type has the name.
    pub(super) fn type_parameter(&mut self, name: &str) -> Type {
        let mut n = name.to_string();
        while self.types.contains_key(&n) {
            n.push('\'');
        }
        self.placeholders.insert(n.clone());
        Type::Sort(n)
    }

    /// Constructor `ctor` at `args`: a sort of its own. Ground instances
    /// are recorded (they instantiate axioms); one over type parameters is
    /// a pattern of the axiom being checked, if any.
    pub(super) fn sort_instance(&mut self, ctor: &str, args: Vec<Type>) -> Type {
        let name = sort_name(ctor, &args);
        let instance = TypeInstance {
            of: Generic::Constructor(ctor.to_string()),
            args: args.clone(),
        };
        if !self.sort_instances.contains_key(&name) {
            self.sort_instances
                .insert(name.clone(), (ctor.to_string(), args));
        }
        self.note_instance(instance);
        Type::Sort(name)
    }

    /// Records a ground instance, or a pattern while an axiom is checked.
    pub(super) fn note_instance(&mut self, instance: TypeInstance) {
        if instance.args.iter().all(|a| self.is_ground(a)) {
            if self.ground_instance_set.insert(instance.clone()) {
                self.ground_instances.push(instance);
            }
        } else if let Some(patterns) = &mut self.patterns {
            if !patterns.contains(&instance) {
                patterns.push(instance);
            }
        }
    }

    /// `t` mentions no type parameter.
    pub(super) fn is_ground(&self, t: &Type) -> bool {
        self.ground_under(t, &[])
    }

    /// [`Resolver::is_ground`], the type parameters `bound` of enclosing
    /// polymorphic maps counting as ground.
    fn ground_under(&self, t: &Type, bound: &[String]) -> bool {
        match t {
            Type::Sort(n) if bound.contains(n) => true,
            Type::Sort(n) => {
                !self.placeholders.contains(n)
                    && !n.starts_with('%')
                    && self
                        .sort_instances
                        .get(n)
                        .is_none_or(|(_, args)| args.iter().all(|a| self.ground_under(a, bound)))
            }
            Type::Map(keys, v) => {
                keys.iter().all(|k| self.ground_under(k, bound)) && self.ground_under(v, bound)
            }
            Type::PolyMap(p) => {
                let inner: Vec<String> = bound.iter().chain(&p.params).cloned().collect();
                p.keys.iter().all(|k| self.ground_under(k, &inner))
                    && self.ground_under(&p.value, &inner)
            }
            _ => true,
        }
    }

    /// How many type constructors `t` nests (maps count too).
    pub(super) fn type_depth(&self, t: &Type) -> usize {
        match t {
            Type::Sort(n) => self.sort_instances.get(n).map_or(0, |(_, args)| {
                1 + args.iter().map(|a| self.type_depth(a)).max().unwrap_or(0)
            }),
            Type::Map(keys, v) => {
                1 + keys
                    .iter()
                    .chain(std::iter::once(&**v))
                    .map(|a| self.type_depth(a))
                    .max()
                    .unwrap_or(0)
            }
            Type::PolyMap(p) => {
                1 + p
                    .keys
                    .iter()
                    .chain(std::iter::once(&p.value))
                    .map(|a| self.type_depth(a))
                    .max()
                    .unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// Unifies `pattern` (whose sorts named in `vars` are variables) with
    /// `actual`, extending `subst`; false when they cannot be equal.
    pub(super) fn unify(
        &self,
        pattern: &Type,
        actual: &Type,
        vars: &HashSet<String>,
        subst: &mut HashMap<String, Type>,
    ) -> bool {
        match (pattern, actual) {
            (_, Type::Sort(any)) if any == ANY_TYPE => true,
            (Type::Sort(v), _) if vars.contains(v) => match subst.get(v) {
                Some(bound) => bound == actual,
                None => {
                    subst.insert(v.clone(), actual.clone());
                    true
                }
            },
            (Type::Sort(a), Type::Sort(b)) => {
                if a == b && self.is_ground(pattern) {
                    return true;
                }
                match (self.sort_instances.get(a), self.sort_instances.get(b)) {
                    (Some((ca, xs)), Some((cb, ys))) if ca == cb && xs.len() == ys.len() => xs
                        .iter()
                        .zip(ys)
                        .all(|(x, y)| self.unify(x, y, vars, subst)),
                    _ => a == b,
                }
            }
            (Type::Map(k1, v1), Type::Map(k2, v2)) => {
                k1.len() == k2.len()
                    && k1
                        .iter()
                        .zip(k2)
                        .all(|(x, y)| self.unify(x, y, vars, subst))
                    && self.unify(v1, v2, vars, subst)
            }
            (Type::PolyMap(p), Type::PolyMap(q)) => {
                // Their own parameters are named alike at the same depth.
                p.params == q.params
                    && p.keys.len() == q.keys.len()
                    && p.keys
                        .iter()
                        .zip(&q.keys)
                        .all(|(x, y)| self.unify(x, y, vars, subst))
                    && self.unify(&p.value, &q.value, vars, subst)
            }
            _ => pattern == actual,
        }
    }

    /// The signature of function `decl` over placeholders for its type
    /// parameters, named apart from those of a declaration being checked
    /// around the application (`forall<T>` applying `f<T>`), and unseen by
    /// the patterns of an axiom being checked.
    fn signature(&mut self, decl: &ast::FunctionDecl) -> Signature {
        let saved_patterns = self.patterns.take();
        let vars: Vec<Type> = decl
            .type_params
            .iter()
            .map(|p| self.type_parameter(&format!("{}%callee", p.name)))
            .collect();
        let saved_env = std::mem::replace(
            &mut self.type_env,
            type_environment(&decl.type_params, &vars),
        );
        let params: Vec<Type> = decl.params.iter().map(|(_, t)| self.type_of(t)).collect();
        let result = self.type_of(&decl.result);
        self.type_env = saved_env;
        self.patterns = saved_patterns;
        let var_names = vars
            .iter()
            .filter_map(|v| match v {
                Type::Sort(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        Signature {
            vars,
            var_names,
            params,
            result,
        }
    }

    /// Extends `subst` so that `pattern` is `actual`, if it can; else
    /// leaves it as it was.
    fn unify_if_possible(
        &self,
        pattern: &Type,
        actual: &Type,
        vars: &HashSet<String>,
        subst: &mut HashMap<String, Type>,
    ) {
        let mut attempt = subst.clone();
        if self.unify(pattern, actual, vars, &mut attempt) {
            *subst = attempt;
        }
    }

    /// The type arguments of polymorphic function `decl` at an application
    /// to arguments of types `args` (its result coerced to `expected`, if
    /// given): unification of its parameter types with them. A parameter
    /// whose type does not unify is left for the argument check to report.
    /// A type parameter nothing determines is read as `int`, with a
    /// warning, as Boogie reads it ("type parameter a is ambiguous,
    /// instantiating to int").
    pub(super) fn infer_type_arguments(
        &mut self,
        decl: &ast::FunctionDecl,
        args: &[Type],
        expected: Option<&Type>,
        span: Span,
    ) -> Option<Vec<Type>> {
        let sig = self.signature(decl);
        let mut subst = HashMap::new();
        if let Some(expected) = expected {
            self.unify_if_possible(&sig.result, expected, &sig.var_names, &mut subst);
        }
        for (p, a) in sig.params.iter().zip(args) {
            self.unify_if_possible(p, a, &sig.var_names, &mut subst);
        }
        let mut out = Vec::new();
        for (p, v) in decl.type_params.iter().zip(&sig.vars) {
            let Type::Sort(n) = v else { return None };
            match subst.get(n) {
                Some(t) => out.push(t.clone()),
                None => {
                    self.ambiguous_type_parameter(&p.name, span);
                    out.push(Type::Int);
                }
            }
        }
        Some(out)
    }

    /// Boogie's warning for a type parameter that neither the arguments
    /// nor the context determine, read as `int`.
    pub(super) fn ambiguous_type_parameter(&mut self, name: &str, span: Span) {
        self.warning(
            span,
            format!("type parameter `{name}` is ambiguous (neither the arguments nor the context give it a type), read as `int` as Boogie reads it"),
        );
    }

    /// Whether an instance of `name` at `args` may be made: refused (with
    /// an error at `span`) when a type argument nests too deep or `name`
    /// has too many instances, the sign of an instantiation without end.
    pub(super) fn instance_allowed(&mut self, name: &str, args: &[Type], span: Span) -> bool {
        if let Some(deep) = args.iter().find(|a| self.type_depth(a) > MAX_TYPE_DEPTH) {
            self.error(
                span,
                format!(
                    "unsupported: instantiating `{name}` at `{deep}`: its instances grow without bound (a type argument nests more than {MAX_TYPE_DEPTH} type constructors; bicd monomorphizes, and an instance here asks for a larger one)"
                ),
            );
            return false;
        }
        let count = self.instance_counts.entry(name.to_string()).or_default();
        *count += 1;
        if *count > MAX_INSTANCES {
            self.error(
                span,
                format!(
                    "unsupported: `{name}` needs more than {MAX_INSTANCES} instances (bicd monomorphizes polymorphic declarations, and these do not reach a fixed point)"
                ),
            );
            return false;
        }
        true
    }

    /// An axiom: resolved as it is, or, when it is `forall<T> ...` (a type
    /// quantifier around the whole of it), type checked with each type
    /// parameter a placeholder and kept for [`Resolver::instantiate_axioms`].
    /// `Some` for a monomorphic axiom.
    pub(super) fn axiom(&mut self, a: &ast::AxiomDecl, scope: &Scope) -> Option<ir::Expr> {
        let hoisted = hoist_type_quantifiers(&a.expr);
        let a = &ast::AxiomDecl {
            expr: hoisted,
            ..a.clone()
        };
        let top = matches!(&a.expr.kind,
            ast::ExprKind::Quant(ir::Quantifier::Forall, tparams, ..) if !tparams.is_empty());
        if !top {
            if has_type_quantifier(&a.expr) {
                // Read once every body has given its types.
                self.deferred_axioms.push(a.expr.clone());
                return None;
            }
            return self.condition(&a.expr, scope, Place::Requires, "axiom");
        }
        let (axiom, checked) =
            self.polymorphic_condition(&a.expr, scope, Place::Requires, "axiom")?;
        if !self.mentions_only_constants(&checked, a.expr.span) {
            return None;
        }
        self.polymorphic_axioms.push(axiom);
        None
    }

    /// `forall<T, ...> groups :: {triggers} body`, type checked once with
    /// each type parameter a placeholder: the quantifier without its type
    /// parameters, waiting for the types to read it at, and the checked
    /// expression. A type parameter no pattern mentions (`forall<B> b: B
    /// :: P`, or one used only in a map index): no type the program uses
    /// says where to instantiate it; it is read at `int` only, which the
    /// quantifier implies (so it never makes code infeasible that is not).
    fn polymorphic_condition(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
        what: &str,
    ) -> Option<(PolymorphicAxiom, ir::Expr)> {
        let span = e.span;
        let ast::ExprKind::Quant(q, tparams, groups, body, triggers) = &e.kind else {
            unreachable!("called on a quantifier with type parameters")
        };
        let (q, body) = (*q, &**body);
        // `forall<T> :: e` (no bound variable) is `e` at each instance.
        let stripped = if groups.is_empty() {
            body.clone()
        } else {
            ast::Expr::node(
                ast::ExprKind::Quant(
                    q,
                    Vec::new(),
                    groups.to_vec(),
                    Box::new(body.clone()),
                    triggers.to_vec(),
                ),
                span,
            )
        };
        let params: Vec<(ast::Ident, String)> = tparams
            .iter()
            .map(|p| {
                let Type::Sort(n) = self.type_parameter(&p.name) else {
                    unreachable!("a type parameter is a sort")
                };
                (p.clone(), n)
            })
            .collect();
        // The type parameters of an enclosing declaration (a polymorphic
        // procedure's `a@P`, an enclosing axiom's instance) stay in scope.
        let env_len = self.type_env.len();
        self.type_env.extend(
            params
                .iter()
                .map(|(p, n)| (p.name.clone(), Type::Sort(n.clone()))),
        );
        let saved_patterns = self.patterns.replace(Vec::new());
        let saved_triggers = std::mem::take(&mut self.trigger_patterns);
        self.capture_triggers = !groups.is_empty();
        let checked = self.condition(&stripped, scope, place, what);
        self.capture_triggers = false;
        let trigger_patterns = std::mem::replace(&mut self.trigger_patterns, saved_triggers)
            .into_iter()
            .map(|group| {
                group
                    .into_iter()
                    .filter(|i| !matches!(i.of, Generic::Constructor(_)))
                    .collect()
            })
            .collect();
        let patterns = std::mem::replace(&mut self.patterns, saved_patterns).unwrap_or_default();
        self.type_env.truncate(env_len);
        let checked = checked?;
        let unconstrained: Vec<String> = params
            .iter()
            .filter(|(_, n)| {
                !patterns
                    .iter()
                    .any(|i| i.args.iter().any(|t| self.mentions(t, n)))
            })
            .map(|(_, n)| n.clone())
            .collect();
        let axiom = PolymorphicAxiom {
            expr: stripped,
            params,
            unconstrained,
            patterns,
            trigger_patterns,
            done: HashSet::new(),
            span,
        };
        Some((axiom, checked))
    }

    /// `axiom` (a polymorphic axiom or condition) resolved at the type
    /// arguments `subst`.
    fn instance(
        &mut self,
        axiom: &PolymorphicAxiom,
        subst: Vec<Type>,
        scope: &Scope,
        place: Place,
        what: &str,
    ) -> Option<ir::Expr> {
        let env_len = self.type_env.len();
        self.type_env
            .extend(axiom.params.iter().map(|(p, _)| p.name.clone()).zip(subst));
        self.instance_depth += 1;
        let x = self.condition(&axiom.expr, scope, place, what);
        self.instance_depth -= 1;
        self.type_env.truncate(env_len);
        x
    }

    /// The condition of a statement or spec (`assume`, `assert`,
    /// `requires`, `ensures`, `invariant`), its type quantifiers `forall<T>`
    /// in positive places (see [`hoist_type_quantifiers`]) moved around the
    /// whole of it first, then read as any type quantifier is
    /// ([`Resolver::type_quantified`]), as Viper's exhale code needs.
    pub(super) fn fact(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
        what: &str,
    ) -> Option<ir::Expr> {
        self.condition(&hoist_type_quantifiers(e), scope, place, what)
    }

    /// A type quantifier inside an expression (`forall<T>`, `exists<T>`
    /// under a negation, left of `==>`, in a function body, or around a
    /// condition), read as Boogie's monomorphizer (its default type
    /// encoding since Boogie 3) reads it: the conjunction (`forall`) or
    /// disjunction (`exists`) of its instances at the types the program
    /// uses that its polymorphic applications and constructor types match,
    /// as known when it is resolved (every declaration's, and the bodies'
    /// before it; an axiom that holds one is resolved after every body,
    /// see [`Resolver::instantiate_axioms`]). No instance: `true` for
    /// `forall`, `false` for `exists`. Inside a declaration being checked
    /// over placeholders, the check is the result (each instance of the
    /// declaration reads it again). docs/decisions.md, "Type quantifiers
    /// inside expressions".
    pub(super) fn type_quantified(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<ir::Expr> {
        let what = "quantifier";
        let span = e.span;
        let ast::ExprKind::Quant(q, ..) = &e.kind else {
            unreachable!("called on a quantifier with type parameters")
        };
        let q = *q;
        let (axiom, checked) = self.polymorphic_condition(e, scope, place, what)?;
        if !self.type_env.iter().all(|(_, t)| self.is_ground(t)) {
            return Some(checked);
        }
        let op = match q {
            ir::Quantifier::Forall => ir::BinOp::And,
            ir::Quantifier::Exists => ir::BinOp::Or,
        };
        let substitutions = self.substitutions(&axiom);
        if substitutions.len() > MAX_AXIOM_INSTANCES {
            // Fewer disjuncts of an `exists` would assume more: refused.
            self.error(
                span,
                format!(
                    "unsupported: this type quantifier has more than {MAX_AXIOM_INSTANCES} instances at the types the program uses (bicd monomorphizes it, and the VC would be too large)"
                ),
            );
            return None;
        }
        let mut out: Option<ir::Expr> = None;
        for subst in substitutions {
            let x = self.instance(&axiom, subst, scope, place, what)?;
            out = Some(match out {
                None => x,
                Some(acc) => ir::Expr::new(
                    ir::ExprKind::Binary(op, Box::new(acc), Box::new(x)),
                    Type::Bool,
                    span,
                ),
            });
        }
        Some(out.unwrap_or_else(|| ir::Expr::bool(q == ir::Quantifier::Forall, span)))
    }

    /// Whether `a` and `b`, different types, may be compared all the same:
    /// while a polymorphic declaration is checked, when they unify over
    /// its placeholders; at an instance of one (the check passed), always.
    pub(super) fn may_differ_at_an_instance(&self, a: &Type, b: &Type) -> bool {
        if self.type_env.is_empty() {
            return false;
        }
        // At an instance (every type parameter ground) the check over
        // placeholders has passed; while checking, the types must unify
        // (`1 == true` stays an error).
        // Inside an instance of an axiom or condition, a type quantifier
        // nested in it is checked again over its own placeholders: its
        // check over every placeholder passed already.
        if self.instance_depth > 0 || self.type_env.iter().all(|(_, t)| self.is_ground(t)) {
            return true;
        }
        let vars: HashSet<String> = self.placeholders.iter().cloned().collect();
        let mut subst = HashMap::new();
        self.unify(a, b, &vars, &mut subst) || {
            let mut subst = HashMap::new();
            self.unify(b, a, &vars, &mut subst)
        }
    }

    /// The types the arguments of `f` are expected to have where the
    /// others' types (`known`) fix them: its parameter types, over its
    /// type arguments as far as `known` gives them; `None` where not
    /// ground.
    pub(super) fn expected_argument_types(
        &mut self,
        decl: &ast::FunctionDecl,
        known: &[Option<Type>],
    ) -> Vec<Option<Type>> {
        let sig = self.signature(decl);
        let mut subst = HashMap::new();
        for (p, a) in sig.params.iter().zip(known) {
            if let Some(a) = a {
                self.unify_if_possible(p, a, &sig.var_names, &mut subst);
            }
        }
        let (params, var_names) = (&sig.params, &sig.var_names);
        params
            .iter()
            .map(|p| {
                let t = self.substitute_type(p, &subst);
                let open = var_names.iter().any(|v| self.mentions(&t, v));
                (!open).then_some(t)
            })
            .collect()
    }

    /// `t` mentions the sort `name` (through constructor arguments too).
    pub(super) fn mentions(&self, t: &Type, name: &str) -> bool {
        match t {
            Type::Sort(n) => {
                n == name
                    || self
                        .sort_instances
                        .get(n)
                        .is_some_and(|(_, args)| args.iter().any(|a| self.mentions(a, name)))
            }
            Type::Map(keys, v) => {
                keys.iter().any(|k| self.mentions(k, name)) || self.mentions(v, name)
            }
            Type::PolyMap(p) => {
                p.keys.iter().any(|k| self.mentions(k, name)) || self.mentions(&p.value, name)
            }
            _ => false,
        }
    }

    /// The instances of the polymorphic axioms, to a fixed point: each
    /// axiom at every substitution of its type parameters under which a
    /// pattern of it is a ground instance the program uses (instances
    /// made here may bring more). In the order they were found.
    fn instantiate_polymorphic_axioms(&mut self) -> Vec<ir::Expr> {
        let header = Header::outside_procedures("axiom", Span::default());
        let scope = Scope::outside_procedures(&header);
        let mut out = Vec::new();
        let mut axioms = std::mem::take(&mut self.polymorphic_axioms);
        let mut refused = vec![false; axioms.len()];
        // Each round reads the ground instances found so far; it ends when
        // a round adds none.
        loop {
            let known = self.ground_instances.len();
            for (i, axiom) in axioms.iter_mut().enumerate() {
                if refused[i] {
                    continue;
                }
                let substitutions = self
                    .triggered_substitutions(axiom)
                    .unwrap_or_else(|| self.substitutions(axiom));
                for subst in substitutions {
                    if axiom.done.contains(&subst) {
                        continue;
                    }
                    if axiom.done.len() >= MAX_AXIOM_INSTANCES {
                        self.error(
                            axiom.span,
                            format!(
                                "unsupported: this axiom has more than {MAX_AXIOM_INSTANCES} instances at the types the program uses (bicd monomorphizes axioms, and the VC would be too large)"
                            ),
                        );
                        refused[i] = true;
                        break;
                    }
                    axiom.done.insert(subst.clone());
                    let e = self.instance(axiom, subst, &scope, Place::Requires, "axiom");
                    out.extend(e);
                }
            }
            if self.ground_instances.len() == known {
                break;
            }
        }
        self.polymorphic_axioms = axioms;
        out
    }

    /// Every axiom: the polymorphic ones at the types the program uses
    /// ([`Resolver::instantiate_polymorphic_axioms`]), and those holding a
    /// type quantifier inside ([`Resolver::type_quantified`]), read again
    /// while that gives the others new types, to a fixed point.
    pub(super) fn instantiate_axioms(&mut self) -> Vec<ir::Expr> {
        let header = Header::outside_procedures("axiom", Span::default());
        let scope = Scope::outside_procedures(&header);
        let deferred = std::mem::take(&mut self.deferred_axioms);
        let mut out = Vec::new();
        loop {
            out.extend(self.instantiate_polymorphic_axioms());
            let known = self.ground_instances.len();
            let mut read = Vec::new();
            for e in &deferred {
                let Some(x) = self.condition(e, &scope, Place::Requires, "axiom") else {
                    continue;
                };
                if self.mentions_only_constants(&x, e.span) {
                    read.push(x);
                }
            }
            if self.ground_instances.len() == known || !self.errors.is_empty() {
                out.extend(read);
                return out;
            }
        }
    }

    /// The substitutions of a polymorphic axiom with triggers under which
    /// one of its trigger groups can match: each polymorphic application
    /// and map access in the group is an instance the program has (as
    /// z3's E-matching, which Boogie relies on, can use an axiom instance
    /// only where its trigger has terms). `None` where a group leaves a
    /// type parameter open, or without triggers: then every pattern
    /// counts ([`Resolver::substitutions`]). Leaving instances out only
    /// weakens the axioms, so no block becomes infeasible by it.
    // See `substitutions` on the key type.
    #[allow(clippy::mutable_key_type)]
    fn triggered_substitutions(&self, axiom: &PolymorphicAxiom) -> Option<Vec<Vec<Type>>> {
        let vars = axiom.constrained_params();
        if axiom.trigger_patterns.is_empty() || vars.is_empty() {
            return None;
        }
        let covers = |group: &[TypeInstance]| {
            vars.iter().all(|v| {
                group
                    .iter()
                    .any(|i| i.args.iter().any(|t| self.mentions(t, v)))
            })
        };
        if !axiom.trigger_patterns.iter().all(|g| covers(g)) {
            return None;
        }
        let mut out = Vec::new();
        let mut seen: HashSet<Vec<Type>> = HashSet::new();
        for group in &axiom.trigger_patterns {
            // The matches of the group's patterns, joined one by one.
            let mut joined: Vec<HashMap<String, Type>> = vec![HashMap::new()];
            for p in group {
                let mut next = Vec::new();
                for s in &joined {
                    for g in &self.ground_instances {
                        if g.of != p.of || g.args.len() != p.args.len() {
                            continue;
                        }
                        let mut m = s.clone();
                        if p.args
                            .iter()
                            .zip(&g.args)
                            .all(|(x, y)| self.unify(x, y, &vars, &mut m))
                        {
                            next.push(m);
                        }
                    }
                    if next.len() > MAX_AXIOM_INSTANCES {
                        // Past the limit: the general rule, which gives
                        // more, decides (and the caller refuses).
                        return None;
                    }
                }
                joined = next;
            }
            for m in joined {
                let v = axiom.at(&m);
                if seen.insert(v.clone()) {
                    out.push(v);
                }
            }
        }
        Some(out)
    }

    /// The substitutions (one type per type parameter, in order) under
    /// which some pattern of `axiom` is a known ground instance; a
    /// parameter that pattern leaves open takes the values other patterns
    /// give it.
    // The sets hold types whose polymorphic maps carry a `OnceLock` of
    // instances, which their `Hash` and `Eq` do not read.
    #[allow(clippy::mutable_key_type)]
    fn substitutions(&self, axiom: &PolymorphicAxiom) -> Vec<Vec<Type>> {
        let vars = axiom.constrained_params();
        let at = |s: &HashMap<String, Type>| axiom.at(s);
        if vars.is_empty() {
            return vec![at(&HashMap::new())];
        }
        // Sets beside the lists (which keep the order met, so that
        // instances are made in a fixed order): with many types the
        // products run to thousands (Viper's `forall<A, B, C>` over 28
        // predicate types: 21,952), and a list's `contains` made this
        // quadratic.
        let canonical = |m: &HashMap<String, Type>| -> Vec<(String, Type)> {
            let mut v: Vec<(String, Type)> =
                m.iter().map(|(k, t)| (k.clone(), t.clone())).collect();
            v.sort_by(|x, y| x.0.cmp(&y.0));
            v
        };
        let mut partial: Vec<HashMap<String, Type>> = Vec::new();
        let mut partial_seen: HashSet<Vec<(String, Type)>> = HashSet::new();
        for p in &axiom.patterns {
            for g in &self.ground_instances {
                if g.of != p.of || g.args.len() != p.args.len() {
                    continue;
                }
                let mut subst = HashMap::new();
                let ok = p
                    .args
                    .iter()
                    .zip(&g.args)
                    .all(|(x, y)| self.unify(x, y, &vars, &mut subst));
                if ok && !subst.is_empty() && partial_seen.insert(canonical(&subst)) {
                    partial.push(subst);
                }
            }
        }
        // Combine partial substitutions until each names every parameter.
        let mut full = Vec::new();
        let mut full_seen: HashSet<Vec<Type>> = HashSet::new();
        let mut frontier = partial.clone();
        for _ in 0..axiom.params.len() {
            let mut next = Vec::new();
            let mut next_seen: HashSet<Vec<(String, Type)>> = HashSet::new();
            for s in &frontier {
                if s.len() == vars.len() {
                    let v = at(s);
                    if full_seen.insert(v.clone()) {
                        full.push(v);
                    }
                    continue;
                }
                for t in &partial {
                    let consistent = t.iter().all(|(k, v)| s.get(k).is_none_or(|w| w == v));
                    if consistent && t.keys().any(|k| !s.contains_key(k)) {
                        let mut m = s.clone();
                        m.extend(t.iter().map(|(k, v)| (k.clone(), v.clone())));
                        if next.len() <= MAX_AXIOM_INSTANCES && next_seen.insert(canonical(&m)) {
                            next.push(m);
                        }
                    }
                }
            }
            frontier = next;
        }
        for s in frontier {
            if s.len() == vars.len() {
                let v = at(&s);
                if full_seen.insert(v.clone()) {
                    full.push(v);
                }
            }
        }
        full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_are_readable_and_parenthesised() {
        assert_eq!(instance_name("f", &[]), "f");
        assert_eq!(instance_name("f", &[Type::Int, Type::Bool]), "f<int, bool>");
        assert_eq!(
            sort_name("Field", &[Type::Sort("Field int".into())]),
            "Field (Field int)"
        );
        assert_eq!(
            sort_name("Field", &[Type::Map(vec![Type::Int], Box::new(Type::Bool))]),
            "Field ([int]bool)"
        );
    }
}
