//! Concrete tests: what the cover loop finds, the interpreter replays and the
//! report prints.
//!
//! Takes: nothing (data types only). Gives: [`TestCase`], an execution of an
//! entry procedure on the *original* program: its inputs, the values chosen
//! at each nondeterministic point in execution order, the blocks it enters,
//! and how it ends. design.md, "Semantics, pinned down" (inputs) and "Trust".

use indexmap::IndexMap;
use num_bigint::BigInt;
use serde::Serialize;
use std::fmt;

/// Suffix of a test input that is a global shadowed by a variable of the
/// entry procedure of the same name: `x (global)` is the global `x`, `x`
/// the entry's own `x`.
pub const GLOBAL_INPUT_SUFFIX: &str = " (global)";

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
    /// values (over an infinite index type).
    Map {
        default: Box<Value>,
        entries: Vec<(Value, Value)>,
    },
    /// An element of an uninterpreted type, by the name the solver's model
    /// gives it (`T!val!0`, `@T_0`, ...): elements are equal iff their
    /// names are.
    Opaque(String),
}

impl Value {
    /// The map with these entries (later ones win) and default.
    pub fn map(default: Value, entries: impl IntoIterator<Item = (Value, Value)>) -> Value {
        let mut table: std::collections::BTreeMap<Value, Value> = Default::default();
        for (k, v) in entries {
            table.insert(k, v);
        }
        let entries = table.into_iter().filter(|(_, v)| *v != default).collect();
        Value::Map {
            default: Box::new(default),
            entries,
        }
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
                for (k, v) in entries {
                    write!(f, "{k} := {v}, ")?;
                }
                write!(f, "else {default}]")
            }
            Value::Opaque(name) => write!(f, "{name}"),
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
                m.serialize_entry("map", entries)?;
                m.serialize_entry("default", default)?;
                m.end()
            }
            // {"element": "T!val!0"}
            Value::Opaque(name) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("element", name)?;
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

/// One block entered by a run.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TraceStep {
    /// The procedure that owns the block.
    pub proc: String,
    pub label: String,
}

impl TraceStep {
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
