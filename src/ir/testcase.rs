//! Concrete tests: what the cover loop finds, the interpreter replays and the
//! report prints.
//!
//! Takes: nothing (data types only). Gives: [`TestCase`], an execution of an
//! entry procedure on the *original* program: its inputs, the values chosen
//! at each nondeterministic point in execution order, the blocks it enters,
//! and how it ends. design.md, "Semantics, pinned down" (inputs) and "Trust".

use indexmap::IndexMap;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// Suffix of a test input that is a global shadowed by a variable of the
/// entry procedure of the same name: `x (global)` is the global `x`, `x`
/// the entry's own `x`.
pub(crate) const GLOBAL_INPUT_SUFFIX: &str = " (global)";

/// A value of the language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Int(BigInt),
    Bool(bool),
    /// A bit-vector of `width` bits, `0 <= value < 2^width`.
    Bv {
        width: u32,
        value: BigInt,
    },
    /// A map: `entries` (sorted by key, none equal to `default`) and the
    /// value of every other index. A map of several indices is a map of
    /// maps. Build it with [`Value::map`], so that equal maps are equal
    /// values (over an infinite index type). The entries are shared
    /// between copies: a run passes memory maps to functions (SMACK's
    /// `$load.i32(M, p)`) at every load.
    Map {
        default: Box<Value>,
        entries: Arc<Vec<(Value, Value)>>,
    },
    /// An element of an uninterpreted type, by the name the solver's model
    /// gives it (`T!val!0`, `@T_0`, ...): elements are equal iff their
    /// names are.
    Opaque(String),
    /// A real number, exact. Printed as a decimal when it has a finite
    /// one (`2.0`, `-0.25`), else as a fraction (`1/3`): see
    /// [`real_text`].
    Real(BigRational),
    /// A polymorphic map: one map per instance, in the order of its
    /// type's instances ([`crate::ir::PolyMapType::instances`]).
    PolyMap(Vec<Value>),
    /// A value of a datatype: its constructor (by name) applied to its
    /// fields, `node(T!val!0, nil())`.
    Construct {
        constructor: String,
        args: Vec<Value>,
    },
    /// A map given by a lambda expression (see [`LambdaValue`]); only the
    /// interpreter makes one (a solver's model never holds one).
    Lambda(Arc<LambdaValue>),
    /// A floating-point number, as its bits (one NaN per format, so that
    /// `==` is SMT-LIB's `=`). Printed in Boogie's literal syntax
    /// (`0x1.8e1f24e8`, `-0x0.0e0f24e8`, `0NaN24e8`).
    Float(crate::ir::float::Fp),
    /// A rounding mode, printed by its short name (`RNE`).
    RMode(crate::ir::float::RoundingMode),
}

/// The value of a lambda expression: a closure. Selecting at the first
/// binder's index binds it (the map of the other binders), at the last
/// evaluates the body; an index stored over it is in `overrides`.
/// Values equal as closures (same body, captured values and overrides)
/// are equal maps; whether two different ones are is not decided here
/// (the interpreter takes such a comparison on trust).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LambdaValue {
    /// The binders not yet bound, the next index's first (at least one).
    pub binders: Vec<crate::ir::Binder>,
    pub body: crate::ir::Expr,
    /// Values of the bound variables the body may read: those of the
    /// place the lambda was evaluated in (a function's parameters), then
    /// the binders bound so far.
    pub bound: Vec<(usize, Value)>,
    /// The variables the body reads, whether under `old` (in the body),
    /// and their values where the lambda was evaluated (`None`: it had
    /// none yet).
    pub vars: Vec<(crate::ir::VarRef, bool, Option<Value>)>,
    /// Indices stored over the lambda (of the first binder), sorted, and
    /// their values.
    pub overrides: Vec<(Value, Value)>,
}

impl PartialOrd for LambdaValue {
    fn partial_cmp(&self, other: &LambdaValue) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for LambdaValue {
    /// Any total order that agrees with `==` (maps keep their entries
    /// sorted): the captured values first, the body's text last.
    fn cmp(&self, other: &LambdaValue) -> std::cmp::Ordering {
        let ids = |l: &LambdaValue| l.binders.iter().map(|b| b.id).collect::<Vec<_>>();
        let vars = |l: &LambdaValue| {
            l.vars
                .iter()
                .map(|(v, old, x)| (*v, *old, x.clone()))
                .collect::<Vec<_>>()
        };
        ids(self)
            .cmp(&ids(other))
            .then_with(|| self.bound.cmp(&other.bound))
            .then_with(|| vars(self).cmp(&vars(other)))
            .then_with(|| self.overrides.cmp(&other.overrides))
            .then_with(|| {
                if self == other {
                    std::cmp::Ordering::Equal
                } else {
                    format!("{:?}", (&self.binders, &self.body))
                        .cmp(&format!("{:?}", (&other.binders, &other.body)))
                }
            })
    }
}

/// The exact text of a real: `2.0`, `-0.25`, `1/3`.
pub(crate) fn real_text(r: &BigRational) -> String {
    use num_traits::{Signed, Zero};
    let (n, d) = (r.numer(), r.denom());
    // A finite decimal exists iff the denominator has no prime factor
    // other than 2 and 5.
    let mut rest = d.clone();
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    let (mut twos, mut fives) = (0usize, 0usize);
    while (&rest % &two).is_zero() {
        rest /= &two;
        twos += 1;
    }
    while (&rest % &five).is_zero() {
        rest /= &five;
        fives += 1;
    }
    if rest != BigInt::from(1) {
        return format!("{n}/{d}");
    }
    let digits = twos.max(fives);
    // n/d = n * 10^digits / d / 10^digits, exactly.
    let scaled = n.abs() * BigInt::from(10).pow(digits as u32) / d;
    let text = scaled.to_string();
    let (int_part, frac_part) = if digits == 0 {
        (text, "0".to_string())
    } else if text.len() > digits {
        let (a, b) = text.split_at(text.len() - digits);
        (a.to_string(), b.to_string())
    } else {
        (
            "0".to_string(),
            format!("{}{text}", "0".repeat(digits - text.len())),
        )
    };
    let sign = if n.is_negative() { "-" } else { "" };
    format!("{sign}{int_part}.{frac_part}")
}

/// A closure as text: `(lambda x: int :: body)` (variables named by
/// number: `g0` global 0, `l1` local 1), then the indices stored over it, `[1 := 2]`.
fn lambda_text(l: &LambdaValue) -> String {
    use crate::ir::{Expr, ExprKind, VarRef};
    let lambda = Expr::new(
        ExprKind::Lambda(l.binders.clone(), Box::new(l.body.clone())),
        l.body.ty.clone(),
        l.body.span,
    );
    let mut text = lambda
        .display_with(|v: &VarRef, f: &mut fmt::Formatter<'_>| match v {
            VarRef::Global(g) => write!(f, "g{}", g.0),
            VarRef::Local(x) => write!(f, "l{}", x.0),
        })
        .to_string();
    for (k, v) in &l.overrides {
        text.push_str(&format!("[{k} := {v}]"));
    }
    text
}

impl Value {
    /// Whether a lambda's value is in this value (a map holding one, as
    /// an index or a value, included).
    pub fn holds_lambda(&self) -> bool {
        match self {
            Value::Lambda(_) => true,
            Value::Map { default, entries } => {
                default.holds_lambda()
                    || entries
                        .iter()
                        .any(|(k, v)| k.holds_lambda() || v.holds_lambda())
            }
            Value::PolyMap(parts) => parts.iter().any(Value::holds_lambda),
            Value::Construct { args, .. } => args.iter().any(Value::holds_lambda),
            _ => false,
        }
    }

    /// An integer or real zero (a divisor whose quotient is open).
    pub fn is_zero(&self) -> bool {
        match self {
            Value::Int(n) => num_traits::Zero::is_zero(n),
            Value::Real(r) => num_traits::Zero::is_zero(r),
            _ => false,
        }
    }

    /// The map with these entries (later ones win) and default.
    pub fn map(default: Value, entries: impl IntoIterator<Item = (Value, Value)>) -> Value {
        // A closure's body holds cells (`OnceLock`s of polymorphic map
        // types and lambdas) that are set once, when resolution ends,
        // before any value exists: no key changes while it is one.
        #[allow(clippy::mutable_key_type)]
        let mut table: std::collections::BTreeMap<Value, Value> = Default::default();
        for (k, v) in entries {
            table.insert(k, v);
        }
        let entries = table.into_iter().filter(|(_, v)| *v != default).collect();
        Value::Map {
            default: Box::new(default),
            entries: Arc::new(entries),
        }
    }

    /// This map's (`Value::Map`) value at `key`: its entry there, or its
    /// default; `None` for any other value.
    pub fn entry_at(&self, key: &Value) -> Option<Value> {
        let Value::Map { default, entries } = self else {
            return None;
        };
        // Entries are sorted by key ([`Value::map`]).
        Some(match entries.binary_search_by(|(k, _)| k.cmp(key)) {
            Ok(i) => entries[i].1.clone(),
            Err(_) => (**default).clone(),
        })
    }

    /// This map (`Value::Map`) with `value` at `key`, built as
    /// [`Value::map`] builds one: sorted, no entry equal to the default;
    /// `None` for any other value.
    pub fn with_entry(&self, key: &Value, value: Value) -> Option<Value> {
        let Value::Map { default, entries } = self else {
            return None;
        };
        let mut entries = entries.clone();
        let changed = Arc::make_mut(&mut entries);
        match changed.binary_search_by(|(k, _)| k.cmp(key)) {
            Ok(i) if value == **default => {
                changed.remove(i);
            }
            Ok(i) => changed[i].1 = value,
            Err(_) if value == **default => {}
            Err(i) => changed.insert(i, (key.clone(), value)),
        }
        Some(Value::Map {
            default: default.clone(),
            entries,
        })
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Bv { width, value } => write!(f, "{value}bv{width}"),
            Value::Map { default, entries } => {
                write!(f, "[")?;
                for (k, v) in entries.iter() {
                    write!(f, "{k} := {v}, ")?;
                }
                write!(f, "else {default}]")
            }
            Value::Opaque(name) => write!(f, "{name}"),
            Value::Construct { constructor, args } => {
                write!(f, "{constructor}(")?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ")")
            }
            Value::Real(r) => write!(f, "{}", real_text(r)),
            Value::PolyMap(parts) => {
                write!(f, "<")?;
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        write!(f, " | ")?;
                    }
                    write!(f, "{p}")?;
                }
                write!(f, ">")
            }
            Value::Lambda(l) => write!(f, "{}", lambda_text(l)),
            Value::Float(x) => write!(f, "{x}"),
            Value::RMode(m) => write!(f, "{m}"),
        }
    }
}

impl Serialize for Value {
    /// Integers that fit in an `i64` are JSON numbers; larger ones are
    /// strings of decimal digits, so that no value is rounded.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(n) => match i64::try_from(n) {
                Ok(v) => s.serialize_i64(v),
                Err(_) => s.serialize_str(&n.to_string()),
            },
            // {"bv": "5", "width": 32}: the value in decimal digits.
            Value::Bv { width, value } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("bv", &value.to_string())?;
                m.serialize_entry("width", width)?;
                m.end()
            }
            // {"map": [[index, value], ...], "default": value}
            Value::Map { default, entries } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("map", &**entries)?;
                m.serialize_entry("default", default)?;
                m.end()
            }
            // {"poly_map": [map, ...]}: one map per instance.
            Value::PolyMap(parts) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("poly_map", parts)?;
                m.end()
            }
            // {"constructor": "node", "args": [value, ...]}
            Value::Construct { constructor, args } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("constructor", constructor)?;
                m.serialize_entry("args", args)?;
                m.end()
            }
            // {"lambda": "(lambda x: int :: ...)"}
            Value::Lambda(l) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("lambda", &lambda_text(l))?;
                m.end()
            }
            // {"element": "T!val!0"}
            Value::Opaque(name) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("element", name)?;
                m.end()
            }
            // {"float": "0x1.8e1f24e8", "bits": "0x41c00000"}: Boogie's
            // literal, and the bit pattern in hexadecimal.
            Value::Float(x) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("float", &x.boogie_text())?;
                m.serialize_entry("bits", &format!("{:#x}", x.bits))?;
                m.end()
            }
            // {"rmode": "RNE"}
            Value::RMode(r) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("rmode", r.name())?;
                m.end()
            }
            // {"real": "1/3"}, {"real": "-0.5"}: exact, as text.
            Value::Real(r) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("real", &real_text(r))?;
                m.end()
            }
        }
    }
}

/// Why a value was chosen rather than computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChoiceKind {
    /// `havoc x`.
    Havoc,
    /// An output (or modified global) of a call to a procedure without a body.
    CallOutput,
    /// The initial value of a local or output of a called procedure that is
    /// read before it is written (chosen when the call starts).
    Uninitialized,
}

/// One nondeterministic choice, in execution order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub kind: ChoiceKind,
    /// The procedure whose code makes the choice (for `CallOutput`: the
    /// body-less callee; for `Uninitialized`: the called procedure).
    pub proc: String,
    /// The variable chosen: as named in `proc` (an output formal or global
    /// for `CallOutput`).
    pub var: String,
    pub value: Value,
    /// Source line of the statement (or call) that makes the choice.
    pub line: usize,
}

impl Choice {
    /// `value` chosen for `var` by `proc`, at no source line (line 0).
    pub fn new(kind: ChoiceKind, proc: &str, var: &str, value: Value) -> Choice {
        Choice {
            kind,
            proc: proc.to_string(),
            var: var.to_string(),
            value,
            line: 0,
        }
    }
}

/// One block entered by a run.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TraceStep {
    /// The procedure that owns the block.
    pub proc: String,
    pub label: String,
}

impl TraceStep {
    /// The block `label` of `proc`.
    pub fn new(proc: &str, label: &str) -> TraceStep {
        TraceStep {
            proc: proc.to_string(),
            label: label.to_string(),
        }
    }

    /// `label` for a block of `entry`, `proc::label` otherwise.
    pub fn display(&self, entry: &str) -> String {
        if self.proc == entry {
            self.label.clone()
        } else {
            format!("{}::{}", self.proc, self.label)
        }
    }
}

/// How a run ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The entry procedure returns normally.
    Returns,
    /// The run takes the failing side of this assertion (an `assert`, a
    /// callee's `requires` at a call, or an `ensures` at an exit).
    AssertionFails(crate::ir::AssertId),
}

/// The value of an uninterpreted function at one point, from the solver's
/// model: what a run needs to evaluate `function(args)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionPoint {
    pub function: String,
    pub args: Vec<Value>,
    pub value: Value,
}

/// A concrete execution of one entry procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Numbered from 1 within its procedure's report.
    pub id: usize,
    /// The analysed (entry) procedure.
    pub entry: String,
    /// Parameters, globals, and locals/outputs of the entry procedure that
    /// are read before written, by name.
    pub inputs: IndexMap<String, Value>,
    /// Values chosen at `havoc`, body-less calls and uninitialised callee
    /// locals, in the order the run makes them.
    pub choices: Vec<Choice>,
    /// The blocks entered, in order (callee blocks included).
    pub trace: Vec<TraceStep>,
    /// Values of uninterpreted functions at the points the run (or the
    /// VC) applies them, from the same model as the inputs.
    pub functions: Vec<FunctionPoint>,
    pub outcome: Outcome,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn reals_print_exactly() {
        assert_eq!(real_text(&q(2, 1)), "2.0");
        assert_eq!(real_text(&q(0, 1)), "0.0");
        assert_eq!(real_text(&q(-1, 4)), "-0.25");
        assert_eq!(real_text(&q(1, 3)), "1/3");
        assert_eq!(real_text(&q(-7, 6)), "-7/6");
        assert_eq!(real_text(&q(3, 40)), "0.075");
        assert_eq!(real_text(&q(251, 20)), "12.55");
        assert_eq!(real_text(&q(-1, 1000)), "-0.001");
        assert_eq!(Value::Real(q(1, 2)).to_string(), "0.5");
        assert_eq!(
            serde_json::to_string(&Value::Real(q(-1, 3))).unwrap(),
            r#"{"real":"-1/3"}"#
        );
    }
}
