//! Reading the solver's model values: SMT-LIB text to [`Value`].
//!
//! Takes: the text of one value as a solver prints it in a `get-value`
//! answer (z3, yices, cvc5: integers, reals, bit-vectors, arrays and their
//! `store`/`lambda`/`let` forms, elements of uninterpreted sorts). Gives: a
//! [`Value`] ([`ModelReader`], the parser rsmt2 calls on each value) and
//! [`conform_value`], which makes a value fit its variable's type. design.md,
//! "Where the solver fits" (a test's inputs and choices are the model's
//! values); paper, section 4 (each model gives a test).

use crate::ir::float::Fp;
use crate::ir::testcase::Value;
use num_bigint::BigInt;
use rsmt2::errors::{ErrorKind, SmtRes};
use rsmt2::parse::{ExprParser, ValueParser};
use std::sync::Arc;

/// Reads an SMT-LIB model value: `true`, `false`, `42`, `(- 42)`
/// (arbitrarily large); bit-vectors `#b0101`, `#x1f`, `(_ bv5 8)`; arrays
/// as z3 and cvc5 print them, `((as const (Array K V)) v)` and
/// `(store a k v)` (nested for arrays of arrays); elements of uninterpreted
/// sorts: a bare symbol (`T!val!0`, yices' `@const_6`) or cvc5's
/// `(as @T_0 T)`, kept by name. yices prints arrays as `@fun_N` symbols,
/// read here as elements and replaced by their tables from yices' model
/// ([`yices_tables`], [`resolve_yices_tables`]). Reals: `1.5`,
/// `(/ 1.0 3.0)`, `(- 2.0)` (z3), `(/ 2 3)` (yices, cvc5); yices prints a
/// whole real as an integer (`1`), which [`conform_value`] turns into a
/// real by the variable's type.
fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim();
    if let Some(r) = parse_decimal(t) {
        return Some(Value::Real(r));
    }
    if let Some(v) = parse_bv(t) {
        return Some(v);
    }
    if t.starts_with('(') {
        if let Some(v) = parse_compound(t) {
            return Some(v);
        }
    } else if !t.is_empty()
        && !t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '"' || c == '#')
        && t != "true"
        && t != "false"
        && !t.contains(|c: char| c.is_whitespace() || c == '(' || c == ')')
    {
        // The record of a polymorphic map with no instance.
        if t.ends_with("!mk") {
            return Some(Value::PolyMap(Vec::new()));
        }
        if constructor_index(t).is_some() {
            return Some(Value::Construct {
                constructor: t.to_string(),
                args: Vec::new(),
            });
        }
        return Some(Value::Opaque(t.to_string()));
    }
    match t {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        _ => {}
    }
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let inner = inner.trim();
        let rest = inner.strip_prefix('-')?;
        // `(- 5)`, but not `(-5)` nor `(- (- 5))`.
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        return match parse_value(rest)? {
            Value::Int(n) if n >= BigInt::from(0) && !rest.trim().starts_with('(') => {
                Some(Value::Int(-n))
            }
            _ => None,
        };
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return BigInt::parse_bytes(t.as_bytes(), 10).map(Value::Int);
    }
    None
}

/// A map of type `ty` whose values are all one literal (0, `false`, 0.0,
/// the zero bit-vector), maps of several indices nested; `None` for value
/// types without such a literal.
fn arbitrary_map(ty: &crate::ir::Type) -> Option<Value> {
    use crate::ir::Type;
    Some(match ty {
        Type::Int => Value::Int(0.into()),
        Type::Bool => Value::Bool(false),
        Type::Real => Value::Real(num_rational::BigRational::from_integer(0.into())),
        Type::Bv(w) => Value::Bv {
            width: *w,
            value: 0u32.into(),
        },
        Type::Map(keys, inner) => keys.iter().try_fold(arbitrary_map(inner)?, |v, _| {
            Some(Value::map(v, std::iter::empty()))
        })?,
        _ => return None,
    })
}

/// `value` read as a value of type `ty`: a solver may print a whole real
/// as an integer (yices: `1` for `1.0`), here made a real, also inside
/// maps. Anything else is returned as it is.
pub fn conform_value(value: Value, ty: &crate::ir::Type) -> Value {
    use crate::ir::Type;
    match (value, ty) {
        (Value::Int(n), Type::Real) => Value::Real(num_rational::BigRational::from_integer(n)),
        // A rounding mode: `RNE` or `roundNearestTiesToEven`.
        (Value::Opaque(name), Type::RMode) => {
            match crate::ir::float::RoundingMode::from_name(&name) {
                Some(m) => Value::RMode(m),
                None => Value::Opaque(name),
            }
        }
        // A map of no index is its one value.
        (v, Type::Map(keys, inner)) if keys.is_empty() => conform_value(v, inner),
        // A yices array its `get-model` left out (no constraint reads it:
        // yices names it in `get-value` and prints no table): any map.
        (Value::Opaque(name), Type::Map(..)) if name.starts_with("@fun_") => {
            arbitrary_map(ty).unwrap_or(Value::Opaque(name))
        }
        (Value::Map { default, entries }, Type::Map(keys, inner)) => {
            let rest = if keys.len() == 1 {
                (**inner).clone()
            } else {
                Type::Map(keys[1..].to_vec(), inner.clone())
            };
            Value::map(
                conform_value(*default, &rest),
                Arc::unwrap_or_clone(entries)
                    .into_iter()
                    .map(|(k, v)| (conform_value(k, &keys[0]), conform_value(v, &rest))),
            )
        }
        (Value::PolyMap(parts), Type::PolyMap(p)) if parts.len() == p.instances().len() => {
            Value::PolyMap(
                parts
                    .into_iter()
                    .zip(p.instances())
                    .map(|(v, i)| conform_value(v, &i.map_type()))
                    .collect(),
            )
        }
        // A datatype's value: the VC's constructor `D_0_Tree!c1` is the
        // datatype's constructor 1 (`node`).
        (Value::Construct { constructor, args }, Type::Datatype(d)) => {
            match constructor_index(&constructor).and_then(|k| d.constructors().get(k)) {
                Some(c) if c.fields.len() == args.len() => Value::Construct {
                    constructor: c.name.clone(),
                    args: args
                        .into_iter()
                        .zip(&c.fields)
                        .map(|(v, (_, t))| conform_value(v, t))
                        .collect(),
                },
                _ => Value::Construct { constructor, args },
            }
        }
        (v, _) => v,
    }
}

/// The index `k` of a datatype constructor the VC names `...!c<k>`.
fn constructor_index(name: &str) -> Option<usize> {
    let (_, k) = name.rsplit_once("!c")?;
    if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    k.parse().ok()
}

/// A decimal `12.5` (digits, a point, digits), exactly.
fn parse_decimal(t: &str) -> Option<num_rational::BigRational> {
    let (int_part, frac_part) = t.split_once('.')?;
    if int_part.is_empty()
        || frac_part.is_empty()
        || !int_part.bytes().all(|b| b.is_ascii_digit())
        || !frac_part.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let numer = BigInt::parse_bytes(format!("{int_part}{frac_part}").as_bytes(), 10)?;
    let denom = BigInt::from(10).pow(u32::try_from(frac_part.len()).ok()?);
    Some(num_rational::BigRational::new(numer, denom))
}

/// `#b0101`, `#x1f`, `(_ bv5 8)`.
fn parse_bv(t: &str) -> Option<Value> {
    if let Some(b) = t.strip_prefix("#b") {
        let width = u32::try_from(b.len()).ok().filter(|&w| w > 0)?;
        return Some(Value::Bv {
            width,
            value: BigInt::parse_bytes(b.as_bytes(), 2)?,
        });
    }
    if let Some(x) = t.strip_prefix("#x") {
        let width = u32::try_from(x.len() * 4).ok().filter(|&w| w > 0)?;
        return Some(Value::Bv {
            width,
            value: BigInt::parse_bytes(x.as_bytes(), 16)?,
        });
    }
    let items = sexp_items(t)?;
    match items.as_slice() {
        [u, bv, w] if *u == "_" && bv.starts_with("bv") => {
            let value = BigInt::parse_bytes(&bv.as_bytes()[2..], 10)?;
            let width: u32 = w.parse().ok()?;
            (value.bits() <= u64::from(width)).then_some(Value::Bv { width, value })
        }
        _ => None,
    }
}

/// The top-level items of a parenthesised S-expression, as text.
fn sexp_items(t: &str) -> Option<Vec<&str>> {
    let inner = t.strip_prefix('(')?.strip_suffix(')')?;
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    let mut in_bar = false;
    for (i, c) in inner.char_indices() {
        if in_bar {
            if c == '|' {
                in_bar = false;
            }
            continue;
        }
        match c {
            '|' => {
                in_bar = true;
                start.get_or_insert(i);
            }
            '(' => {
                depth += 1;
                start.get_or_insert(i);
            }
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    items.push(&inner[start.take()?..=i]);
                }
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    if let Some(s) = start.take() {
                        items.push(&inner[s..i]);
                    }
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if depth != 0 || in_bar {
        return None;
    }
    if let Some(s) = start {
        items.push(&inner[s..]);
    }
    Some(items)
}

/// An S-expression of a model value.
#[derive(Clone, Debug)]
enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

/// How deeply a model value may nest.
const MAX_VALUE_DEPTH: usize = 200;

fn parse_sexp(t: &str, depth: usize) -> Option<Sexp> {
    if depth > MAX_VALUE_DEPTH {
        return None;
    }
    let t = t.trim();
    if t.starts_with('(') {
        let items = sexp_items(t)?;
        Some(Sexp::List(
            items
                .into_iter()
                .map(|i| parse_sexp(i, depth + 1))
                .collect::<Option<_>>()?,
        ))
    } else if t.is_empty() || t.contains(char::is_whitespace) {
        None
    } else {
        Some(Sexp::Atom(t.to_string()))
    }
}

/// The index a lambda's "every other index" is evaluated at: equal to no
/// value the model names.
const OTHER_INDEX: &str = "\u{0}other";

/// Evaluates a model value: constants, `(- n)`, bit-vectors, `(as e S)`,
/// arrays (`((as const (Array K V)) v)`, `store`, `select`), `let`,
/// `ite`, `=`, `and`, `or`, `not`, and z3's one-variable `lambda` over
/// equality tests (a finite map: the indices it compares with, and every
/// other index).
fn eval_sexp(e: &Sexp, env: &[(String, Value)], depth: usize) -> Option<Value> {
    if depth > MAX_VALUE_DEPTH {
        return None;
    }
    let ev = |x: &Sexp| eval_sexp(x, env, depth + 1);
    fn atom(x: &Sexp) -> Option<&str> {
        match x {
            Sexp::Atom(a) => Some(a.as_str()),
            Sexp::List(_) => None,
        }
    }
    let boolean = |x: &Sexp| match ev(x)? {
        Value::Bool(b) => Some(b),
        _ => None,
    };
    match e {
        Sexp::Atom(a) => {
            if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == a) {
                return Some(v.clone());
            }
            match a.as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ if a.bytes().all(|b| b.is_ascii_digit()) => {
                    BigInt::parse_bytes(a.as_bytes(), 10).map(Value::Int)
                }
                _ if a.contains('.') => parse_decimal(a).map(Value::Real),
                _ if a.starts_with('#') => parse_bv(a),
                // The record of a polymorphic map with no instance.
                _ if a.ends_with("!mk") => Some(Value::PolyMap(Vec::new())),
                // A datatype's constructor of no field.
                _ if constructor_index(a).is_some() => Some(Value::Construct {
                    constructor: a.clone(),
                    args: Vec::new(),
                }),
                _ if a.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '"') => None,
                _ => Some(Value::Opaque(a.clone())),
            }
        }
        Sexp::List(items) => {
            let head = items.first()?;
            if let Sexp::List(h) = head {
                // ((as const (Array K V)) v)
                return match (h.as_slice(), items.len()) {
                    ([a, c, _], 2) if atom(a) == Some("as") && atom(c) == Some("const") => {
                        Some(Value::map(ev(&items[1])?, std::iter::empty()))
                    }
                    _ => None,
                };
            }
            let args = &items[1..];
            match (atom(head)?, args) {
                ("-", [n]) => match (atom(n), ev(n)?) {
                    (Some(_), Value::Int(n)) => Some(Value::Int(-n)),
                    (_, Value::Real(r)) => Some(Value::Real(-r)),
                    _ => None,
                },
                // A rational `(/ p q)` (yices and cvc5 print `(/ 2 3)`).
                ("/", [p, q]) => {
                    let real = |v: Value| match v {
                        Value::Int(n) => Some(num_rational::BigRational::from_integer(n)),
                        Value::Real(r) => Some(r),
                        _ => None,
                    };
                    let (p, q) = (real(ev(p)?)?, real(ev(q)?)?);
                    (!num_traits::Zero::is_zero(&q)).then(|| Value::Real(p / q))
                }
                ("_", [bv, w]) => {
                    let text = format!("(_ {} {})", atom(bv)?, atom(w)?);
                    parse_bv(&text)
                }
                // A float's special value: `(_ +zero 8 24)`, `(_ NaN 11 53)`.
                ("_", [special, e, s]) => {
                    let (exp, sig): (u32, u32) = (atom(e)?.parse().ok()?, atom(s)?.parse().ok()?);
                    crate::ir::float::format_ok(sig, exp).ok()?;
                    Some(Value::Float(match atom(special)? {
                        "+zero" => Fp::zero(sig, exp, false),
                        "-zero" => Fp::zero(sig, exp, true),
                        "+oo" => Fp::infinity(sig, exp, false),
                        "-oo" => Fp::infinity(sig, exp, true),
                        "NaN" => Fp::nan(sig, exp),
                        _ => return None,
                    }))
                }
                // A float by its fields: `(fp #b0 #x7f #b100...)`.
                ("fp", [s, e, m]) => {
                    let field = |x: &Sexp| match parse_bv(atom(x)?)? {
                        Value::Bv { width, value } => Some((width, value)),
                        _ => None,
                    };
                    let ((sw, sv), (ew, ev), (mw, mv)) = (field(s)?, field(e)?, field(m)?);
                    if sw != 1 {
                        return None;
                    }
                    crate::ir::float::format_ok(mw + 1, ew).ok()?;
                    Some(Value::Float(Fp::from_smt_fields(
                        mw + 1,
                        ew,
                        sv == BigInt::from(1),
                        ev,
                        mv,
                    )))
                }
                ("as", [name, _sort]) => Some(Value::Opaque(atom(name)?.to_string())),
                // A polymorphic map: its datatype's constructor (named
                // `...!mk` by the VC) over one array per instance.
                (h, _) if h.ends_with("!mk") => {
                    let mut parts = Vec::with_capacity(args.len());
                    for a in args {
                        parts.push(ev(a)?);
                    }
                    Some(Value::PolyMap(parts))
                }
                // A datatype's value: its constructor (named `...!c<k>` by
                // the VC) over its fields.
                (h, _) if constructor_index(h).is_some() => {
                    let mut fields = Vec::with_capacity(args.len());
                    for a in args {
                        fields.push(ev(a)?);
                    }
                    Some(Value::Construct {
                        constructor: h.to_string(),
                        args: fields,
                    })
                }
                ("store", [m, k, v]) => match ev(m)? {
                    Value::Map { default, entries } => Some(Value::map(
                        *default,
                        Arc::unwrap_or_clone(entries)
                            .into_iter()
                            .chain(std::iter::once((ev(k)?, ev(v)?))),
                    )),
                    _ => None,
                },
                ("select", [m, k]) => match ev(m)? {
                    Value::Map { default, entries } => {
                        let k = ev(k)?;
                        Some(
                            entries
                                .iter()
                                .find(|(x, _)| *x == k)
                                .map_or(*default, |(_, v)| v.clone()),
                        )
                    }
                    _ => None,
                },
                ("let", [Sexp::List(bindings), body]) => {
                    let mut inner = env.to_vec();
                    for b in bindings {
                        let Sexp::List(pair) = b else { return None };
                        let [name, value] = pair.as_slice() else {
                            return None;
                        };
                        inner.push((atom(name)?.to_string(), ev(value)?));
                    }
                    eval_sexp(body, &inner, depth + 1)
                }
                ("ite", [c, a, b]) => {
                    if boolean(c)? {
                        ev(a)
                    } else {
                        ev(b)
                    }
                }
                ("=", [a, b]) => Some(Value::Bool(ev(a)? == ev(b)?)),
                ("not", [a]) => Some(Value::Bool(!boolean(a)?)),
                ("and", _) => {
                    let mut all = true;
                    for a in args {
                        all &= boolean(a)?;
                    }
                    Some(Value::Bool(all))
                }
                ("or", _) => {
                    let mut any = false;
                    for a in args {
                        any |= boolean(a)?;
                    }
                    Some(Value::Bool(any))
                }
                ("lambda", [Sexp::List(vars), body]) => {
                    let [Sexp::List(var)] = vars.as_slice() else {
                        return None;
                    };
                    let x = atom(var.first()?)?.to_string();
                    let with = |k: Value| {
                        let mut inner = env.to_vec();
                        inner.push((x.clone(), k));
                        eval_sexp(body, &inner, depth + 1)
                    };
                    // Over Booleans (z3's identity `(lambda ((x Bool)) x)`):
                    // both indices.
                    if var.get(1).and_then(atom) == Some("Bool") {
                        let at_true = with(Value::Bool(true))?;
                        return Some(Value::map(
                            with(Value::Bool(false))?,
                            [(Value::Bool(true), at_true)],
                        ));
                    }
                    // The indices the body compares `x` with.
                    let mut keys = Vec::new();
                    collect_compared(body, &x, &mut keys);
                    let default = with(Value::Opaque(OTHER_INDEX.to_string()))?;
                    let mut entries = Vec::new();
                    for k in keys {
                        let k = eval_sexp(k, env, depth + 1)?;
                        let v = with(k.clone())?;
                        entries.push((k, v));
                    }
                    Some(Value::map(default, entries))
                }
                _ => None,
            }
        }
    }
}

/// The terms `k` of every `(= x k)` or `(= k x)` in `e`.
fn collect_compared<'a>(e: &'a Sexp, x: &str, out: &mut Vec<&'a Sexp>) {
    if let Sexp::List(items) = e {
        if let [Sexp::Atom(eq), a, b] = items.as_slice() {
            if eq == "=" {
                match (a, b) {
                    (Sexp::Atom(v), k) | (k, Sexp::Atom(v)) if v == x => out.push(k),
                    _ => {}
                }
            }
        }
        for i in items {
            collect_compared(i, x, out);
        }
    }
}

/// A compound model value (see [`eval_sexp`]).
fn parse_compound(t: &str) -> Option<Value> {
    let e = parse_sexp(t, 0)?;
    let v = eval_sexp(&e, &[], 0)?;
    // The index standing for "every other" never escapes into a value.
    (!contains_other(&v)).then_some(v)
}

fn contains_other(v: &Value) -> bool {
    any_leaf(v, &|x| matches!(x, Value::Opaque(n) if n == OTHER_INDEX))
}

/// Whether `v` names one of yices' array tables (`@fun_N`), itself or
/// inside a map.
pub(super) fn names_yices_table(v: &Value) -> bool {
    any_leaf(
        v,
        &|x| matches!(x, Value::Opaque(n) if n.starts_with("@fun_")),
    )
}

/// Whether a value `leaf` holds for is `v` or inside it (a map's indices,
/// values and default; a polymorphic map's instances).
fn any_leaf(v: &Value, leaf: &dyn Fn(&Value) -> bool) -> bool {
    match v {
        Value::PolyMap(parts) => parts.iter().any(|p| any_leaf(p, leaf)),
        Value::Map { default, entries } => {
            any_leaf(default, leaf)
                || entries
                    .iter()
                    .any(|(k, x)| any_leaf(k, leaf) || any_leaf(x, leaf))
        }
        other => leaf(other),
    }
}

/// The arrays of yices' `(get-model)` by name, from its `(function ...)`
/// forms (as [`super::answers::function_tables_answer`] gives them):
/// `(function @fun_10 (type (Array Int Int)) (= (@fun_10 3) 7) (default
/// 1))` is the map `[3 := 7]` over 1. An array of arrays names its inner
/// arrays (`(= (@fun_18 2) @fun_12)`), resolved by [`resolve_yices_tables`].
/// Forms of several arguments (uninterpreted functions) are not arrays and
/// are skipped.
pub(super) fn yices_tables(text: &str) -> std::collections::HashMap<String, Value> {
    let mut tables = std::collections::HashMap::new();
    for line in text.lines() {
        let Some(Sexp::List(items)) = parse_sexp(line, 0) else {
            continue;
        };
        let [Sexp::Atom(function), Sexp::Atom(name), Sexp::List(_ty), rest @ ..] = items.as_slice()
        else {
            continue;
        };
        if function != "function" {
            continue;
        }
        let mut entries = Vec::new();
        let mut default = None;
        let mut array = true;
        for item in rest {
            let Sexp::List(parts) = item else {
                array = false;
                break;
            };
            match parts.as_slice() {
                [Sexp::Atom(d), v] if d == "default" => default = eval_sexp(v, &[], 0),
                [Sexp::Atom(eq), Sexp::List(app), v] if eq == "=" => match app.as_slice() {
                    [Sexp::Atom(f), k] if f == name => {
                        match (eval_sexp(k, &[], 0), eval_sexp(v, &[], 0)) {
                            (Some(k), Some(v)) => entries.push((k, v)),
                            _ => array = false,
                        }
                    }
                    _ => array = false,
                },
                _ => array = false,
            }
        }
        // Without a default every index is listed (a finite index type):
        // any listed value serves.
        let default = default.or_else(|| entries.last().map(|(_, v)| v.clone()));
        if let (true, Some(default)) = (array, default) {
            tables.insert(name.clone(), Value::map(default, entries));
        }
    }
    tables
}

/// `v` with every yices table name replaced by its map from `tables`
/// (inner arrays too); a name with no table stays as it is.
pub(super) fn resolve_yices_tables(
    v: Value,
    tables: &std::collections::HashMap<String, Value>,
) -> Value {
    fn resolve(v: Value, tables: &std::collections::HashMap<String, Value>, depth: usize) -> Value {
        if depth > MAX_VALUE_DEPTH {
            return v;
        }
        match v {
            Value::Opaque(n) if n.starts_with("@fun_") => match tables.get(&n) {
                Some(table) => resolve(table.clone(), tables, depth + 1),
                None => Value::Opaque(n),
            },
            Value::PolyMap(parts) => Value::PolyMap(
                parts
                    .into_iter()
                    .map(|p| resolve(p, tables, depth + 1))
                    .collect(),
            ),
            Value::Map { default, entries } => Value::map(
                resolve(*default, tables, depth + 1),
                Arc::unwrap_or_clone(entries)
                    .into_iter()
                    .map(|(k, x)| (resolve(k, tables, depth + 1), resolve(x, tables, depth + 1))),
            ),
            other => other,
        }
    }
    resolve(v, tables, 0)
}

/// The parser rsmt2 calls on `get-value` answers: each pair's term is kept
/// as text, each value is read with [`parse_value`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ModelReader;

impl<'a> ExprParser<String, (), &'a str> for ModelReader {
    fn parse_expr(self, input: &'a str, _: ()) -> SmtRes<String> {
        Ok(input.to_string())
    }
}

impl<'a> ValueParser<Value, &'a str> for ModelReader {
    fn parse_value(self, input: &'a str) -> SmtRes<Value> {
        parse_value(input).ok_or_else(|| {
            // z3 writes an irrational real (non-linear arithmetic) as a root
            // of a polynomial: no test could state it exactly.
            let why = if input.contains("root-obj") {
                "the model has an irrational real value, which no test can state exactly"
            } else {
                "cannot read the model value"
            };
            ErrorKind::ParseError(why.into(), input.to_string()).into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_floats_as_z3_and_cvc5_print_them() {
        let f = |bits: u32| Value::Float(Fp::from_bits(24, 8, BigInt::from(bits)));
        // 1.5 in z3's form (exponent in hexadecimal) and cvc5's.
        assert_eq!(
            parse_value("(fp #b0 #x7f #b10000000000000000000000)"),
            Some(f(0x3fc0_0000))
        );
        assert_eq!(
            parse_value("(fp #b0 #b01111111 #b10000000000000000000000)"),
            Some(f(0x3fc0_0000))
        );
        assert_eq!(parse_value("(_ -zero 8 24)"), Some(f(0x8000_0000)));
        assert_eq!(parse_value("(_ +oo 8 24)"), Some(f(0x7f80_0000)));
        // Every NaN is the NaN, however its bits are printed.
        assert_eq!(
            parse_value("(_ NaN 8 24)"),
            Some(Value::Float(Fp::nan(24, 8)))
        );
        assert_eq!(
            parse_value("(fp #b1 #b11111111 #b00000000000000000000001)"),
            Some(Value::Float(Fp::nan(24, 8)))
        );
        let d = parse_value(
            "(fp #b1 #b00000000000 #b0001000000000000000000000000000000000000000000000000)",
        );
        assert!(matches!(d, Some(Value::Float(x)) if x.is_subnormal() && x.is_negative()));
        assert_eq!(
            conform_value(
                parse_value("roundTowardZero").unwrap(),
                &crate::ir::Type::RMode
            ),
            Value::RMode(crate::ir::float::RoundingMode::Rtz)
        );
        assert_eq!(
            conform_value(parse_value("RNA").unwrap(), &crate::ir::Type::RMode),
            Value::RMode(crate::ir::float::RoundingMode::Rna)
        );
    }

    #[test]
    fn reads_values() {
        assert_eq!(parse_value("true"), Some(Value::Bool(true)));
        assert_eq!(parse_value(" false "), Some(Value::Bool(false)));
        assert_eq!(parse_value("42"), Some(Value::Int(BigInt::from(42))));
        assert_eq!(parse_value("(- 5)"), Some(Value::Int(BigInt::from(-5))));
        assert_eq!(parse_value("(-  7 )"), Some(Value::Int(BigInt::from(-7))));
        let big = "123456789012345678901234567890";
        assert_eq!(
            parse_value(&format!("(- {big})")),
            Some(Value::Int(
                -BigInt::parse_bytes(big.as_bytes(), 10).unwrap()
            ))
        );
        assert_eq!(parse_value("(-5)"), None);
        assert_eq!(parse_value("(- (- 5))"), None);
        let q = |n: i64, d: i64| {
            Value::Real(num_rational::BigRational::new(
                BigInt::from(n),
                BigInt::from(d),
            ))
        };
        // Reals as z3, yices and cvc5 print them.
        assert_eq!(parse_value("1.5"), Some(q(3, 2)));
        assert_eq!(parse_value("0.0"), Some(q(0, 1)));
        assert_eq!(parse_value("(- 2.0)"), Some(q(-2, 1)));
        assert_eq!(parse_value("(/ 1.0 3.0)"), Some(q(1, 3)));
        assert_eq!(parse_value("(- (/ 1.0 3.0))"), Some(q(-1, 3)));
        assert_eq!(parse_value("(/ (- 2) 3)"), Some(q(-2, 3)));
        assert_eq!(parse_value("(/ 2 3)"), Some(q(2, 3)));
        assert_eq!(parse_value("(/ 2 0)"), None);
        assert_eq!(parse_value("1."), None);
        // yices prints a whole real as an integer: the type makes it real.
        let int1 = parse_value("1").unwrap();
        assert_eq!(conform_value(int1, &crate::ir::Type::Real), q(1, 1));
        let m = parse_value("(store ((as const (Array Int Real)) 0) 3 (/ 1 2))").unwrap();
        let real_map =
            crate::ir::Type::Map(vec![crate::ir::Type::Int], Box::new(crate::ir::Type::Real));
        assert_eq!(
            conform_value(m, &real_map),
            Value::map(q(0, 1), [(Value::Int(BigInt::from(3)), q(1, 2))])
        );
        assert_eq!(parse_value("x"), Some(Value::Opaque("x".into())));
        assert_eq!(parse_value(""), None);
        let bv = |width, v: i64| Value::Bv {
            width,
            value: BigInt::from(v),
        };
        assert_eq!(parse_value("#b00000101"), Some(bv(8, 5)));
        assert_eq!(parse_value("#x05"), Some(bv(8, 5)));
        assert_eq!(parse_value("(_ bv5 8)"), Some(bv(8, 5)));
        assert_eq!(parse_value("(_ bv300 8)"), None);
        assert_eq!(
            parse_value("(as @T_0 T)"),
            Some(Value::Opaque("@T_0".into()))
        );
        assert_eq!(
            parse_value("T!val!1"),
            Some(Value::Opaque("T!val!1".into()))
        );
        let int = |n: i64| Value::Int(BigInt::from(n));
        // z3 and cvc5
        assert_eq!(
            parse_value("(store ((as const (Array Int Int)) 0) 3 7)"),
            Some(Value::map(int(0), [(int(3), int(7))]))
        );
        assert_eq!(
            parse_value("(store (store ((as const (Array Int Int)) 0) 3 7) (- 1) 0)"),
            Some(Value::map(int(0), [(int(3), int(7))]))
        );
        let inner = Value::map(Value::Bool(false), [(int(2), Value::Bool(true))]);
        assert_eq!(
            parse_value(
                "(store ((as const (Array Int (Array Int Bool))) ((as const (Array Int Bool)) false)) 1 (store ((as const (Array Int Bool)) false) 2 true))"
            ),
            Some(Value::map(
                Value::map(Value::Bool(false), []),
                [(int(1), inner)]
            ))
        );
        // z3's let and lambda forms
        assert_eq!(
            parse_value("(let ((a!1 (store ((as const (Array Int Int)) 0) 1 2))) (store a!1 3 4))"),
            Some(Value::map(int(0), [(int(1), int(2)), (int(3), int(4))]))
        );
        assert_eq!(
            parse_value(
                "(lambda ((x!1 Int)) (ite (= x!1 10) (lambda ((x!2 Int)) (or (= x!2 2) (= x!2 21))) ((as const (Array Int Bool)) false)))"
            ),
            Some(Value::map(
                Value::map(Value::Bool(false), []),
                [(
                    int(10),
                    Value::map(
                        Value::Bool(false),
                        [(int(2), Value::Bool(true)), (int(21), Value::Bool(true))]
                    )
                )]
            ))
        );
        assert_eq!(parse_value("(lambda ((x!1 Int)) (<= x!1 3))"), None);
        assert_eq!(parse_value("(_ as-array k!0)"), None);
    }

    #[test]
    fn reads_yices_array_tables() {
        // What yices' (get-model) prints, one form per line (as
        // `function_tables_answer` gives it): an array of arrays names its
        // inner arrays; a form of two arguments is a function, not an array.
        let text = "(function @fun_10 (type (Array Int Int)) (= (@fun_10 3) 7) (= (@fun_10 (- 2)) 9) (default 1))
(function @fun_18 (type (Array Int (Array Int Bool))) (= (@fun_18 2) @fun_12) (default @fun_17))
(function @fun_12 (type (Array Int Bool)) (default true))
(function @fun_17 (type (Array Int Bool)) (= (@fun_17 4) true) (default false))
(function @fun_20 (type (Array (_ BitVec 8) (_ BitVec 8))) (= (@fun_20 #b00000001) #b00000010))
(function f (type (-> Int Int Int)) (= (f 1 2) 3) (default 0))
";
        let tables = yices_tables(text);
        let int = |n: i64| Value::Int(BigInt::from(n));
        let bv8 = |n: i64| Value::Bv {
            width: 8,
            value: BigInt::from(n),
        };
        let b = Value::Bool;
        let m = resolve_yices_tables(Value::Opaque("@fun_10".into()), &tables);
        assert_eq!(m, Value::map(int(1), [(int(3), int(7)), (int(-2), int(9))]));
        let n = resolve_yices_tables(Value::Opaque("@fun_18".into()), &tables);
        assert_eq!(
            n,
            Value::map(
                Value::map(b(false), [(int(4), b(true))]),
                [(int(2), Value::map(b(true), []))]
            )
        );
        // No default: every index is listed.
        let v = resolve_yices_tables(Value::Opaque("@fun_20".into()), &tables);
        assert_eq!(v, Value::map(bv8(2), []));
        assert!(!tables.contains_key("f"));
        assert!(names_yices_table(&Value::map(
            int(0),
            [(int(1), Value::Opaque("@fun_3".into()))]
        )));
        assert!(!names_yices_table(&Value::Opaque("T!val!0".into())));
        // A table `get-model` left out (houdini/mergedProgSingle_dac):
        // any map of the type, never a name the interpreter cannot read.
        use crate::ir::Type;
        let ty = Type::Map(vec![Type::Int, Type::Int], Box::new(Type::Bool));
        assert_eq!(
            conform_value(Value::Opaque("@fun_294".into()), &ty),
            Value::map(Value::map(b(false), []), [])
        );
        let sort = Type::Map(vec![Type::Int], Box::new(Type::Sort("T".into())));
        assert_eq!(
            conform_value(Value::Opaque("@fun_294".into()), &sort),
            Value::Opaque("@fun_294".into())
        );
    }

    #[test]
    fn reads_polymorphic_maps_and_boolean_lambdas() {
        let b = Value::Bool;
        // z3's identity over Booleans: both indices.
        assert_eq!(
            parse_value("(lambda ((x!1 Bool)) x!1)"),
            Some(Value::map(b(false), [(b(true), b(true))]))
        );
        // A polymorphic map: the datatype's constructor over its arrays.
        let int = |n: i64| Value::Int(BigInt::from(n));
        assert_eq!(
            parse_value(
                "(P_0!mk (lambda ((x!1 Bool)) x!1) (store ((as const (Array Int Bool)) false) 2 true))"
            ),
            Some(Value::PolyMap(vec![
                Value::map(b(false), [(b(true), b(true))]),
                Value::map(b(false), [(int(2), b(true))]),
            ]))
        );
        assert_eq!(parse_value("P_3!mk"), Some(Value::PolyMap(Vec::new())));
    }
}
