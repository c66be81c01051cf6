//! Functions (part of [`crate::front::resolve`]): `function` declarations,
//! their bodies, `{:builtin}`/`{:bvbuiltin}` operators, and applications
//! `f(args)` (with the `**` stand-in).
//!
//! Takes: the program's `function` declarations and each application met
//! while resolving an expression. Gives: one shared [`ir::Function`] per
//! function (its body resolved once, over its parameters only; an
//! application that closes a cycle of recursion, direct or mutual, is of
//! a body-less stand-in) and typed [`ExprKind::Apply`] nodes; constants
//! in a recursive body are refused, and so are call cycles among `{:inline}`
//! functions ([`super::function_graph`]). design.md, "The pipeline" (resolve);
//! issue 3, "What to read".

use super::scopes::{Place, Scope};
use super::{plural, Header, Resolver};
use crate::front::ast;
use crate::ir::{self, ExprKind, Type, POINTWISE_MAP_BUILTINS};
use crate::source::Span;
use std::sync::Arc;

/// SMT-LIB operators a `{:bvbuiltin}`/`{:builtin}` function may name, with
/// how many arguments they take and whether the result is Boolean (else
/// the type of the first argument). Indexed ones (`zero_extend 8`) are
/// handled apart.
const BV_BUILTINS: &[(&str, usize, bool)] = &[
    ("bvadd", 2, false),
    ("bvsub", 2, false),
    ("bvmul", 2, false),
    ("bvudiv", 2, false),
    ("bvurem", 2, false),
    ("bvsdiv", 2, false),
    ("bvsrem", 2, false),
    ("bvsmod", 2, false),
    ("bvand", 2, false),
    ("bvor", 2, false),
    ("bvxor", 2, false),
    ("bvnand", 2, false),
    ("bvnor", 2, false),
    ("bvxnor", 2, false),
    ("bvshl", 2, false),
    ("bvlshr", 2, false),
    ("bvashr", 2, false),
    ("bvnot", 1, false),
    ("bvneg", 1, false),
    ("bvult", 2, true),
    ("bvule", 2, true),
    ("bvugt", 2, true),
    ("bvuge", 2, true),
    ("bvslt", 2, true),
    ("bvsle", 2, true),
    ("bvsgt", 2, true),
    ("bvsge", 2, true),
    // z3's rotations by a bit-vector amount: no SMT-LIB operator, so
    // defined by shifts ([`rotation_body`]).
    ("ext_rotate_left", 2, false),
    ("ext_rotate_right", 2, false),
];

/// The body of z3's `ext_rotate_left`/`ext_rotate_right` at width `w`
/// over the parameters `x`, `n` (bound variables 0 and 1), in SMT-LIB's
/// operators: with `m = n mod w`, `(x << m) | (x >> (w - m))` to the left
/// (a shift by `w` or more gives 0, so `m = 0` gives `x`), the shifts
/// swapped to the right. Every solver and the interpreter read it.
fn rotation_body(op: &str, w: u32, span: Span) -> ir::Expr {
    let ty = Type::Bv(w);
    let apply = |name: &str, args: Vec<ir::Expr>| {
        let f = Arc::new(ir::Function {
            name: name.to_string(),
            params: vec![("a".into(), ty.clone()), ("b".into(), ty.clone())],
            result: ty.clone(),
            body: None,
            builtin: Some(name.to_string()),
            recursive: false,
            datatype_op: None,
            captured: Vec::new(),
            stand_in_for: Default::default(),
            span,
        });
        ir::Expr::new(ExprKind::Apply(f, args), ty.clone(), span)
    };
    let bound = |i| ir::Expr::new(ExprKind::Bound(i), ty.clone(), span);
    let width = ir::Expr::new(ExprKind::Bv(w, w.into()), ty.clone(), span);
    let m = apply("bvurem", vec![bound(1), width.clone()]);
    let rest = apply("bvsub", vec![width, m.clone()]);
    let (first, second) = if op == "ext_rotate_left" {
        ("bvshl", "bvlshr")
    } else {
        ("bvlshr", "bvshl")
    };
    apply(
        "bvor",
        vec![
            apply(first, vec![bound(0), m]),
            apply(second, vec![bound(0), rest]),
        ],
    )
}

/// How the refusal of a builtin operator bicd does not know begins.
const UNKNOWN_BUILTIN: &str = "unsupported: builtin function";

/// The SMT-LIB operator of a builtin name as Boogie writes it (`bvadd`,
/// `zero_extend 8`, `bv2int`, `(_ int2bv 64)`), checked against the
/// function's signature; `Err` says why it is refused.
fn builtin_operator(name: &str, params: &[Type], result: &Type) -> Result<String, String> {
    if let Some(checked) = super::floats::float_builtin_operator(name, params, result) {
        return checked;
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let bv = |t: &Type| match t {
        Type::Bv(w) => Some(*w),
        _ => None,
    };
    // SMACK writes `(_ int2bv 64)` as the SMT-LIB term; Boogie passes the
    // text on as it is.
    let words: Vec<&str> = match words.as_slice() {
        ["(_", op, n] if n.ends_with(')') => vec![op, &n[..n.len() - 1]],
        _ => words,
    };
    match words.as_slice() {
        [op @ ("div" | "mod" | "rem")] => match params {
            [Type::Int, Type::Int] if *result == Type::Int => Ok(op.to_string()),
            _ => Err(format!("`{name}` takes two ints and returns an int")),
        },
        // A constant map (z3's `(as const ...)`): every index maps to the
        // argument. Over one index to a value that is no map: cvc5 1.0.3
        // (Debian's) answers `sat` wrongly on nested constant arrays.
        ["MapConst"] => match (params, result) {
            ([v], Type::Map(keys, value)) if **value == *v => {
                if keys.len() != 1 || matches!(v, Type::Map(..) | Type::PolyMap(_)) {
                    return Err(format!(
                        "unsupported: `{name}` of a map of several indices or of maps to maps (nested constant arrays, which cvc5 1.0.3 misreads)"
                    ));
                }
                Ok("MapConst".to_string())
            }
            _ => Err(format!(
                "`{name}` takes one value and returns a map to that value's type"
            )),
        },
        [op] if POINTWISE_MAP_BUILTINS.contains(op) => pointwise_map_operator(op, params, result),
        ["bv2int" | "bv2nat"] => match params {
            [p] if bv(p).is_some() && *result == Type::Int => Ok("bv2nat".to_string()),
            _ => Err(format!(
                "`{name}` takes one bit-vector and returns an int (its unsigned value)"
            )),
        },
        ["int2bv", n] => {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{name}` needs a number of bits"))?;
            match params {
                [Type::Int] if bv(result) == Some(n) => Ok(format!("(_ int2bv {n})")),
                _ => Err(format!(
                    "`{name}` takes one int and returns a bit-vector of width {n}"
                )),
            }
        }
        [op @ ("zero_extend" | "sign_extend"), n] => {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{name}` needs a number of bits"))?;
            match (params, bv(result)) {
                ([p], Some(r)) if bv(p).is_some_and(|w| w + n == r) => Ok(format!("(_ {op} {n})")),
                _ => Err(format!(
                    "`{name}` takes one bit-vector of width w and returns one of width w + {n}"
                )),
            }
        }
        [op] => {
            let Some(&(_, arity, boolean)) = BV_BUILTINS.iter().find(|(o, _, _)| o == op) else {
                return Err(format!("{UNKNOWN_BUILTIN} `{name}`"));
            };
            let Some(w) = params.first().and_then(bv) else {
                return Err(format!("`{name}` takes bit-vector arguments"));
            };
            let result_ok = if boolean {
                *result == Type::Bool
            } else {
                *result == Type::Bv(w)
            };
            if params.len() != arity || params.iter().any(|p| *p != Type::Bv(w)) || !result_ok {
                return Err(format!(
                    "`{name}` takes {arity} argument{} of one bit-vector type and returns {}",
                    plural(arity),
                    if boolean { "bool" } else { "that type" }
                ));
            }
            Ok(op.to_string())
        }
        _ => Err(format!("{UNKNOWN_BUILTIN} `{name}`")),
    }
}

/// Checks a pointwise map operator's signature (Boogie's `base.bpl`:
/// arithmetic and comparisons over int maps, the connectives over bool
/// maps, `MapEq` and `MapIte` over maps of any value type), all maps of
/// one index type. Over one index only: bicd's map of several indices is
/// an array of arrays, which `(_ map f)` does not reach into.
fn pointwise_map_operator(op: &str, params: &[Type], result: &Type) -> Result<String, String> {
    let (arity, argument, value) = match op {
        "MapAdd" | "MapSub" | "MapMul" | "MapDiv" | "MapMod" => (2, Some(Type::Int), Type::Int),
        "MapGt" | "MapGe" | "MapLt" | "MapLe" => (2, Some(Type::Int), Type::Bool),
        "MapIff" | "MapOr" | "MapAnd" | "MapImp" => (2, Some(Type::Bool), Type::Bool),
        "MapNot" => (1, Some(Type::Bool), Type::Bool),
        "MapEq" => (2, None, Type::Bool),
        _ => (3, None, Type::Bool), // MapIte: its condition; the rest below
    };
    let index_of = |t: &Type| match t {
        Type::Map(keys, v) if keys.len() == 1 => Some((keys[0].clone(), (**v).clone())),
        _ => None,
    };
    let shape = || {
        let v = match (op, &argument) {
            ("MapIte", _) => "([K]bool, [K]V, [K]V) returns [K]V".to_string(),
            ("MapEq", _) => "([K]V, [K]V) returns [K]bool".to_string(),
            (_, Some(a)) => format!(
                "{} returns [K]{value}",
                if arity == 1 {
                    format!("([K]{a})")
                } else {
                    format!("([K]{a}, [K]{a})")
                }
            ),
            _ => String::new(),
        };
        format!("`{op}` takes {v}, maps of one index type K")
    };
    if params
        .iter()
        .chain([result])
        .any(|t| matches!(t, Type::Map(keys, _) if keys.len() > 1))
    {
        return Err(format!(
            "unsupported: `{op}` over maps of several indices (an array of arrays in SMT, which `(_ map f)` does not reach into)"
        ));
    }
    let (Some((key, _)), Some((result_key, result_value))) =
        (params.first().and_then(index_of), index_of(result))
    else {
        return Err(shape());
    };
    let mut values = Vec::with_capacity(params.len());
    for p in params {
        match index_of(p) {
            Some((k, v)) if k == key => values.push(v),
            _ => return Err(shape()),
        }
    }
    let fits = params.len() == arity
        && result_key == key
        && match op {
            "MapIte" => {
                values[0] == Type::Bool && values[1] == values[2] && result_value == values[1]
            }
            "MapEq" => values[0] == values[1] && result_value == Type::Bool,
            _ => values.iter().all(|v| Some(v) == argument.as_ref()) && result_value == value,
        };
    if !fits {
        return Err(shape());
    }
    if values.iter().any(|v| matches!(v, Type::PolyMap(_))) {
        return Err(format!("unsupported: `{op}` over maps of polymorphic maps"));
    }
    Ok(op.to_string())
}

/// How many expression levels evaluating a function's body may nest,
/// counting the bodies of the functions it applies (each is evaluated, and
/// expanded, inside the application): bounds every walk through bodies
/// (the interpreter's, the VC's), so that no chain of functions overflows
/// the stack. A recursive function's own recursion is bounded apart, by
/// the interpreter.
pub(super) const MAX_FUNCTION_NESTING: usize = 1_000;

/// Nested resolution of bodies (a body applies a function not resolved
/// yet) grows the stack by [`STACK_GROWTH`] bytes when less than
/// [`STACK_RED_ZONE`] are left: a chain of functions declared callers
/// first nests as deep as it is long.
pub(super) const STACK_RED_ZONE: usize = 256 * 1024;
pub(super) const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// What an expression does through the bodies of the functions it applies,
/// kept for each resolved function so that no walk goes through bodies
/// again (a function applied twice in each of a chain of bodies would
/// make such a walk take exponential time).
#[derive(Clone, Debug, Default)]
pub(super) struct Facts {
    /// Expression levels its evaluation nests, bodies included.
    pub(super) nesting: usize,
    /// It holds a quantifier.
    pub(super) quantified: bool,
    /// An uninterpreted function it applies.
    pub(super) uninterpreted: Option<String>,
}

impl Resolver {
    /// The [`Facts`] of `e`, from the facts of the functions it applies
    /// (a recursion stand-in adds nothing: it is the function whose body
    /// is being read). Recursive over `e` only.
    pub(super) fn facts(&self, e: &ir::Expr) -> Facts {
        let mut out = Facts::default();
        let mut deepest = 0;
        match &e.kind {
            ExprKind::Quant(..) => out.quantified = true,
            ExprKind::Apply(f, _) if f.is_uninterpreted() => {
                out.uninterpreted = Some(f.name.clone());
            }
            ExprKind::Apply(f, _) => {
                if let Some(g) = self.function_facts.get(&f.name) {
                    deepest = g.nesting;
                    out.quantified = g.quantified;
                    out.uninterpreted = g.uninterpreted.clone();
                }
            }
            _ => {}
        }
        for c in e.children() {
            let inner = self.facts(c);
            deepest = deepest.max(inner.nesting);
            out.quantified |= inner.quantified;
            if out.uninterpreted.is_none() {
                out.uninterpreted = inner.uninterpreted;
            }
        }
        out.nesting = deepest + 1;
        out
    }

    /// Collects `function` declarations (their bodies are resolved on first
    /// use, see [`Resolver::function`], and all of them at the end).
    pub(super) fn declare_functions(&mut self, ast: &ast::Program) {
        let mut order = Vec::new();
        for d in &ast.decls {
            let ast::Decl::Function(f) = d else { continue };
            if self.function_decls.contains_key(&f.name.name) {
                self.error(
                    f.name.span,
                    format!("duplicate declaration of function `{}`", f.name.name),
                );
                continue;
            }
            order.push(f.name.clone());
            self.function_decls.insert(f.name.name.clone(), f.clone());
        }
        let decls: Vec<&ast::FunctionDecl> = order
            .iter()
            .filter_map(|n| self.function_decls.get(&n.name))
            .collect();
        let (errors, on_cycle) = super::function_graph::expansion_cycles(&decls);
        let resolve_first = super::function_graph::resolution_order(&decls);
        self.errors.extend(errors);
        self.expansion_cycles = on_cycle;
        for i in resolve_first {
            let params = self.function_decls[&order[i].name].type_params.clone();
            if params.is_empty() {
                self.function(&order[i]);
                continue;
            }
            // A polymorphic function: checked once, each type parameter a
            // placeholder (see `monomorphize`); instances come with use.
            let mut seen = std::collections::HashSet::new();
            for p in &params {
                if !seen.insert(&p.name) {
                    self.error(p.span, format!("duplicate type parameter `{}`", p.name));
                }
            }
            let args: Vec<Type> = params
                .iter()
                .map(|p| self.type_parameter(&p.name))
                .collect();
            let before = self.errors.len();
            self.function_at(&order[i], &args, false);
            if self.errors.len() > before {
                // Its errors are reported once, here: no instance is made.
                self.failed_polymorphic.insert(order[i].name.clone());
            }
        }
    }

    /// The function `name`, its body resolved (once); `None` after an
    /// error (reported) or when `name` is no function.
    pub(super) fn function(&mut self, name: &ast::Ident) -> Option<Arc<ir::Function>> {
        self.function_at(name, &[], false)
    }

    /// Function `name` at type arguments `type_args` (none for a
    /// monomorphic one): the instance `f<int>`, its body resolved (once)
    /// with each type parameter read as its argument. With
    /// `signature_only` (an application over type parameters, met while a
    /// polymorphic declaration is checked), its signature alone, not kept.
    pub(super) fn function_at(
        &mut self,
        name: &ast::Ident,
        type_args: &[Type],
        signature_only: bool,
    ) -> Option<Arc<ir::Function>> {
        let key = super::monomorphize::instance_name(&name.name, type_args);
        let instance = super::monomorphize::TypeInstance {
            of: super::monomorphize::Generic::Function(name.name.clone()),
            args: type_args.to_vec(),
        };
        let ground = type_args.iter().all(|t| self.is_ground(t));
        if !ground {
            // A pattern, if an axiom is being checked.
            self.note_instance(instance.clone());
        }
        if let Some(done) = self.functions.get(&key).cloned() {
            if done.is_none() && self.resolving.contains(&key) {
                // Reached again while its own body is being resolved:
                // recursion, direct or through the functions whose bodies
                // are being resolved inside its own (each of them is then
                // recursive too). The application is of its stand-in.
                if let Some(at) = self
                    .recursion_stubs
                    .iter()
                    .rposition(|(s, _)| s.name == key)
                {
                    for (_, used) in &mut self.recursion_stubs[at..] {
                        *used = true;
                    }
                    return Some(self.recursion_stubs[at].0.clone());
                }
            }
            return done;
        }
        if self.expansion_cycles.contains(&name.name) {
            // Refused (see `function_graph`): its applications resolve to
            // nothing, with no error of their own.
            self.functions.insert(key, None);
            return None;
        }
        let decl = self.function_decls.get(&name.name)?.clone();
        if decl.type_params.len() != type_args.len() {
            return None;
        }
        // The declaration sees its own type parameters only.
        let saved_env = std::mem::replace(
            &mut self.type_env,
            super::monomorphize::type_environment(&decl.type_params, type_args),
        );
        if signature_only {
            let f = self.function_signature(&decl, &key);
            self.type_env = saved_env;
            return Some(f);
        }
        if !type_args.is_empty() && ground {
            if self.failed_polymorphic.contains(&name.name)
                || !self.instance_allowed(&name.name, type_args, name.span)
            {
                self.type_env = saved_env;
                self.functions.insert(key, None);
                return None;
            }
            self.note_instance(instance);
        }
        let name = &ast::Ident {
            name: key.clone(),
            span: name.span,
        };
        self.resolving.push(name.name.clone());
        self.functions.insert(name.name.clone(), None);
        let params = self.parameters_of(&decl);
        let result = self.type_of(&decl.result);
        let builtin_attr = decl
            .attrs
            .iter()
            .find(|a| a.name == "builtin" || a.name == "bvbuiltin");
        let mut builtin = None;
        let mut ok = true;
        if let Some(a) = builtin_attr {
            let types: Vec<Type> = params.iter().map(|(_, t)| t.clone()).collect();
            match a.args.as_slice() {
                [ast::AttrArg::Str(op, _)] => match builtin_operator(op, &types, &result) {
                    Ok(op) => builtin = Some(op),
                    Err(m) if m.starts_with("unsupported: ") => {
                        // Refused where it is applied, as Boogie does
                        // (SMACK's prelude declares `bvidiv`, which no
                        // solver knows, and never applies it).
                        self.unusable_functions.insert(decl.name.name.clone(), m);
                        ok = false;
                    }
                    Err(m) => {
                        self.error(a.span, m);
                        ok = false;
                    }
                },
                _ => {
                    self.error(a.span, format!("`{{:{}}}` takes one string", a.name));
                    ok = false;
                }
            }
        }
        let mut body = None;
        if let (Some(op @ ("ext_rotate_left" | "ext_rotate_right")), Some((_, Type::Bv(w)))) =
            (builtin.as_deref(), params.first())
        {
            body = Some(rotation_body(op, *w, decl.name.span));
            builtin = None;
        }
        let mut recursive = false;
        let mut stand_in = None;
        if let Some(b) = &decl.body {
            self.recursion_stubs.push((
                Arc::new(ir::Function {
                    name: name.name.clone(),
                    params: params.clone(),
                    result: result.clone(),
                    body: None,
                    builtin: None,
                    recursive: true,
                    datatype_op: None,
                    captured: Vec::new(),
                    stand_in_for: Default::default(),
                    span: decl.name.span,
                }),
                false,
            ));
            // The body sees the parameters only (as bound variables 0..n).
            let saved_bound = std::mem::take(&mut self.bound);
            // Nor the lets around the application that resolves it.
            let saved_lets = std::mem::take(&mut self.lets);
            let saved_next = std::mem::replace(&mut self.next_binder, params.len());
            let saved_in = self.in_function.replace(name.name.clone());
            for (i, (n, t)) in params.iter().enumerate() {
                self.bound.push(ir::Binder {
                    id: i,
                    name: n.clone(),
                    ty: t.clone(),
                });
            }
            let header = Header::outside_procedures(&name.name, decl.name.span);
            let scope = Scope::outside_procedures(&header);
            // Functions its body applies are resolved first, inside this
            // call: the stack grows on the heap if need be.
            // A body that applies a polymorphic function only the result
            // type types (`{ empty() }`) is read at the function's result.
            let expected = self.needs_result_type(b).then(|| result.clone());
            let e = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || {
                self.expr_expecting(b, expected.as_ref(), &scope, Place::Requires)
            });
            if let Some((stub, used)) = self.recursion_stubs.pop() {
                recursive = used;
                stand_in = Some(stub);
            }
            let facts = e.as_ref().map(|body| self.facts(body)).unwrap_or_default();
            if facts.nesting > MAX_FUNCTION_NESTING {
                self.error(
                    decl.name.span,
                    format!(
                        "unsupported: evaluating `{}` nests {} expression levels deep with the bodies of the functions it applies (at most {MAX_FUNCTION_NESTING})",
                        name.name, facts.nesting
                    ),
                );
                ok = false;
            }
            self.function_facts.insert(name.name.clone(), facts.clone());
            self.bound = saved_bound;
            self.lets = saved_lets;
            self.next_binder = saved_next;
            self.in_function = saved_in;
            match e {
                Some(e) if e.ty == result => body = Some(e),
                Some(e) if matches!((&e.ty, &result), (Type::Bv(_), Type::Bv(_))) => {
                    // Boogie accepts a bit-vector body of another width (SMACK's
                    // prelude has `$load.bytes.bv33` concatenating 32 bits) and
                    // fails only where it is applied: so does bicd.
                    let m = format!(
                        "the body of `{}` is {}, but the function returns {result}",
                        name.name, e.ty
                    );
                    self.unusable_functions.insert(decl.name.name.clone(), m);
                    ok = false;
                }
                Some(e) => {
                    self.error(
                        b.span,
                        format!(
                            "the body of `{}` is {}, but the function returns {result}",
                            name.name, e.ty
                        ),
                    );
                    ok = false;
                }
                None => ok = false,
            }
        }
        self.resolving.pop();
        self.type_env = saved_env;
        // The constants the body mentions (itself, or as the arguments its
        // applications pass for the constants of the functions they
        // apply) become trailing parameters.
        let mut params = params;
        let mut captured = Vec::new();
        if let Some(b) = &body {
            captured = mentioned_constants(b);
            if recursive && !captured.is_empty() {
                self.error(
                    decl.name.span,
                    format!(
                        "unsupported: recursive function `{}` reads the constant `{}` in its body",
                        name.name, self.globals[captured[0].0].name
                    ),
                );
                ok = false;
            }
            if !captured.is_empty() {
                let n = params.len();
                body = Some(capture_constants(b, n, &captured));
                params.extend(
                    captured
                        .iter()
                        .map(|g| (self.globals[g.0].name.clone(), self.globals[g.0].ty.clone())),
                );
            }
        }
        if !ok {
            return None;
        }
        let f = Arc::new(ir::Function {
            name: name.name.clone(),
            params,
            result,
            body,
            builtin,
            recursive,
            captured,
            datatype_op: None,
            stand_in_for: Default::default(),
            span: decl.name.span,
        });
        if recursive {
            if let Some(stub) = stand_in {
                stub.stand_in_for.set(&f);
            }
            self.recursive_functions.push(f.clone());
        }
        self.functions.insert(name.name.clone(), Some(f.clone()));
        Some(f)
    }

    /// The parameters of `decl` with their types under the current type
    /// parameters; an unnamed one is `#i`.
    fn parameters_of(&mut self, decl: &ast::FunctionDecl) -> Vec<(String, Type)> {
        decl.params
            .iter()
            .enumerate()
            .map(|(i, (n, t))| {
                let name = n
                    .as_ref()
                    .map_or_else(|| format!("#{i}"), |n| n.name.clone());
                (name, self.type_of(t))
            })
            .collect()
    }

    /// The signature of `decl` under the current type parameters, as a
    /// body-less function named `name`.
    fn function_signature(&mut self, decl: &ast::FunctionDecl, name: &str) -> Arc<ir::Function> {
        let params = self.parameters_of(decl);
        let result = self.type_of(&decl.result);
        Arc::new(ir::Function {
            name: name.to_string(),
            params,
            result,
            body: None,
            builtin: None,
            recursive: false,
            datatype_op: None,
            captured: Vec::new(),
            stand_in_for: Default::default(),
            span: decl.name.span,
        })
    }

    /// The arguments of an application of `f`: an argument that applies a
    /// polymorphic function only the context types (`Cons(true, NIL())`)
    /// is resolved last, expecting the parameter type the others give.
    fn arguments(
        &mut self,
        f: &ast::Ident,
        args: &[ast::Expr],
        scope: &Scope,
        place: Place,
    ) -> Vec<Option<ir::Expr>> {
        let needs: Vec<bool> = args.iter().map(|a| self.needs_result_type(a)).collect();
        let mut values: Vec<Option<ir::Expr>> = args
            .iter()
            .zip(&needs)
            .map(|(a, &n)| if n { None } else { self.expr(a, scope, place) })
            .collect();
        let Some(decl) = self.function_decls.get(&f.name).cloned() else {
            return values;
        };
        if !needs.contains(&true) || decl.params.len() != args.len() {
            for (i, a) in args.iter().enumerate() {
                if needs[i] {
                    values[i] = self.expr(a, scope, place);
                }
            }
            return values;
        }
        // One at a time, left to right, each typing the next
        // (`Cons(NIL(), NIL())`: the first is read at `int` as Boogie
        // reads it, the second then at `List int`).
        for (i, a) in args.iter().enumerate() {
            if needs[i] {
                let known: Vec<Option<Type>> = values
                    .iter()
                    .map(|v| v.as_ref().map(|v| v.ty.clone()))
                    .collect();
                let expected = self.expected_argument_types(&decl, &known);
                values[i] = self.expr_expecting(a, expected[i].as_ref(), scope, place);
            }
        }
        values
    }

    /// `f(args)`: the function, its arguments checked against its
    /// parameters (a polymorphic function at the instance their types
    /// give, and, if given, its result of type `expected`: `f(x): T`, or a
    /// type the context gives).
    pub(super) fn apply(
        &mut self,
        f: &ast::Ident,
        args: &[ast::Expr],
        scope: &Scope,
        place: Place,
        span: Span,
        expected: Option<&Type>,
    ) -> Option<ir::Expr> {
        if f.name == "**" {
            return self.power(f, args, scope, place, span);
        }
        let values = self.arguments(f, args, scope, place);
        let datatype_function = self.datatype_functions.get(&f.name).cloned();
        if datatype_function.is_none() && !self.function_decls.contains_key(&f.name) {
            let message = if self.proc_names.contains_key(&f.name) {
                format!("`{}` is a procedure: call it with `call`", f.name)
            } else {
                format!("undeclared function `{}`", f.name)
            };
            self.error(f.span, message);
            return None;
        }
        let mut values: Vec<ir::Expr> = values.into_iter().collect::<Option<_>>()?;
        let func = if let Some(d) = datatype_function {
            Some(d)
        } else if self.function_decls[&f.name].type_params.is_empty() {
            self.function(f)
        } else {
            let decl = &self.function_decls[&f.name];
            let decl = decl.clone();
            if values.len() != decl.params.len() {
                self.error(
                    span,
                    format!(
                        "function `{}` takes {} argument{}, but {} {} given",
                        f.name,
                        decl.params.len(),
                        plural(decl.params.len()),
                        values.len(),
                        if values.len() == 1 { "was" } else { "were" }
                    ),
                );
                return None;
            }
            let types: Vec<Type> = values.iter().map(|v| v.ty.clone()).collect();
            let type_args = self.infer_type_arguments(&decl, &types, expected, span)?;
            let ground = type_args.iter().all(|t| self.is_ground(t));
            self.function_at(f, &type_args, !ground)
        };
        let Some(func) = func else {
            if let Some(m) = self.unusable_functions.get(&f.name).cloned() {
                match self.in_function.clone() {
                    // In the body of a (monomorphic) function: that one is
                    // unusable too, refused where it is applied in turn
                    // (BCT's prelude applies `MapAdd` in the body of
                    // `MultisetPlus`, which most programs never apply).
                    Some(g) if self.function_decls.contains_key(&g) => {
                        let m = format!("{m}, applied in the body of `{g}`");
                        self.unusable_functions.entry(g).or_insert(m);
                    }
                    _ => self.error(f.span, format!("{m}; it is applied here")),
                }
            }
            return None;
        };
        let declared = func.params.len() - func.captured.len();
        if values.len() != declared {
            self.error(
                span,
                format!(
                    "function `{}` takes {} argument{}, but {} {} given",
                    f.name,
                    declared,
                    plural(declared),
                    values.len(),
                    if values.len() == 1 { "was" } else { "were" }
                ),
            );
            return None;
        }
        // The constants its body reads, passed as themselves.
        values.extend(func.captured.iter().map(|&g| {
            ir::Expr::new(
                ExprKind::Var(ir::VarRef::Global(g)),
                self.globals[g.0].ty.clone(),
                span,
            )
        }));
        let mut ok = true;
        for (i, (v, (_, ty))) in values.iter().zip(&func.params).enumerate() {
            if &v.ty != ty {
                self.error(
                    v.span,
                    format!(
                        "argument {} of `{}` must be {ty}, but is {}",
                        i + 1,
                        f.name,
                        v.ty
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let ty = func.result.clone();
        // `{:builtin "div"}` / `"mod"` on integers (SMACK's `$sdiv.i32`,
        // `$smod.i32`) are Boogie's `div` and `mod`: the same operators,
        // with the same value at a zero divisor everywhere.
        if let (Some(op @ ("div" | "mod")), [a, b]) = (func.builtin.as_deref(), values.as_slice()) {
            let op = if op == "div" {
                ir::BinOp::Div
            } else {
                ir::BinOp::Mod
            };
            return Some(ir::Expr::new(
                ExprKind::Binary(op, Box::new(a.clone()), Box::new(b.clone())),
                ty,
                span,
            ));
        }
        // `{:builtin "rem"}` (SMACK's `$srem`, `$urem` on integers) is z3's
        // `rem`, which Boogie passes on and other solvers lack: `a mod b`
        // when b >= 0, else its negation (so also at b = 0, where `mod`
        // is unspecified).
        if let (Some("rem"), [a, b]) = (func.builtin.as_deref(), values.as_slice()) {
            let node = |kind| ir::Expr::new(kind, Type::Int, span);
            let modulo = node(ExprKind::Binary(
                ir::BinOp::Mod,
                Box::new(a.clone()),
                Box::new(b.clone()),
            ));
            let negated = node(ExprKind::Unary(ir::UnOp::Neg, Box::new(modulo.clone())));
            let b_non_negative = ir::Expr::new(
                ExprKind::Binary(
                    ir::BinOp::Ge,
                    Box::new(b.clone()),
                    Box::new(node(ExprKind::Int(0.into()))),
                ),
                Type::Bool,
                span,
            );
            return Some(node(ExprKind::Ite(
                Box::new(b_non_negative),
                Box::new(modulo),
                Box::new(negated),
            )));
        }
        if let Some(e) = self.float_application(&func, values.clone(), span) {
            return Some(e);
        }
        Some(ir::Expr::new(ExprKind::Apply(func, values), ty, span))
    }

    /// `a ** b` (real exponentiation): type checked, and kept as the
    /// application of a stand-in function `**` that no stage evaluates.
    /// A power has no exact value in general (`2.0 ** 0.5`), so no test
    /// could replay it: a program that has it and a procedure body to
    /// analyse is refused at the end of resolution (see
    /// [`super::resolve_program_with`]).
    fn power(
        &mut self,
        f: &ast::Ident,
        args: &[ast::Expr],
        scope: &Scope,
        place: Place,
        span: Span,
    ) -> Option<ir::Expr> {
        let values: Vec<Option<ir::Expr>> =
            args.iter().map(|a| self.expr(a, scope, place)).collect();
        let values: Vec<ir::Expr> = values.into_iter().collect::<Option<_>>()?;
        if let Some(bad) = values.iter().find(|v| v.ty != Type::Real) {
            self.error(
                bad.span,
                format!("`**` needs real operands, but this is {}", bad.ty),
            );
            return None;
        }
        self.power_spans.push(f.span);
        let stand_in = Arc::new(ir::Function {
            name: "**".to_string(),
            params: vec![
                ("base".to_string(), Type::Real),
                ("exponent".to_string(), Type::Real),
            ],
            result: Type::Real,
            body: None,
            builtin: None,
            recursive: false,
            datatype_op: None,
            captured: Vec::new(),
            stand_in_for: Default::default(),
            span: f.span,
        });
        Some(ir::Expr::new(
            ExprKind::Apply(stand_in, values),
            Type::Real,
            span,
        ))
    }
}

/// The global constants `body` mentions, each once, in id order (a
/// function body mentions no other variable: [`Resolver::lookup`]).
fn mentioned_constants(body: &ir::Expr) -> Vec<ir::GlobalId> {
    fn walk(e: &ir::Expr, out: &mut Vec<ir::GlobalId>) {
        match &e.kind {
            ExprKind::Var(ir::VarRef::Global(g)) => out.push(*g),
            ExprKind::Old(inner) => walk(inner, out),
            _ => e.children().into_iter().for_each(|c| walk(c, out)),
        }
    }
    let mut out = Vec::new();
    walk(body, &mut out);
    out.sort();
    out.dedup();
    out
}

/// `body` with constant `captured[k]` read as parameter `params + k`
/// (`Bound(params + k)`); the binders of its quantifiers, numbered from
/// `params` on, move up by `captured.len()` to make room.
fn capture_constants(body: &ir::Expr, params: usize, captured: &[ir::GlobalId]) -> ir::Expr {
    let shift = |i: usize| if i >= params { i + captured.len() } else { i };
    let shift_binders = |vars: &[ir::Binder]| -> Vec<ir::Binder> {
        vars.iter()
            .map(|v| ir::Binder {
                id: shift(v.id),
                ..v.clone()
            })
            .collect()
    };
    let kind = match &body.kind {
        ExprKind::Var(ir::VarRef::Global(g)) => match captured.iter().position(|c| c == g) {
            Some(k) => ExprKind::Bound(params + k),
            None => body.kind.clone(),
        },
        ExprKind::Bound(i) => ExprKind::Bound(shift(*i)),
        ExprKind::Old(inner) => ExprKind::Old(Box::new(capture_constants(inner, params, captured))),
        ExprKind::Quant(q, vars, inner, triggers) => ExprKind::Quant(
            *q,
            shift_binders(vars),
            Box::new(capture_constants(inner, params, captured)),
            triggers
                .iter()
                .map(|t| {
                    t.iter()
                        .map(|e| capture_constants(e, params, captured))
                        .collect()
                })
                .collect(),
        ),
        ExprKind::Lambda(vars, inner) => ExprKind::Lambda(
            shift_binders(vars),
            Box::new(capture_constants(inner, params, captured)),
        ),
        _ => body
            .map_children(&mut |c| capture_constants(c, params, captured))
            .unwrap_or_else(|| body.kind.clone()),
    };
    ir::Expr::new(kind, body.ty.clone(), body.span)
}
