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

/// A value of the core language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(BigInt),
    Bool(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

impl Serialize for Value {
    /// Integers that fit in an `i64` are JSON numbers; larger ones are
    /// strings of decimal digits, so that no value is rounded.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(n) => match i64::try_from(n) {
                Ok(v) => s.serialize_i64(v),
                Err(_) => s.serialize_str(&n.to_string()),
            },
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
    pub outcome: Outcome,
}
