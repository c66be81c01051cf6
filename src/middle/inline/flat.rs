//! The flat procedure (part of [`super`]): what inlining gives.
//!
//! Takes: nothing (data types only). Gives: [`FlatProcedure`], one entry
//! with every call resolved: a DAG of [`FlatBlock`]s whose statements
//! (assignments, assumptions, assertions, havocs) read fresh variables
//! ([`FlatVar`]), each a copy of a global, of one invocation's local, or of
//! a global's value at an invocation's start (`old`); every block says what
//! it stands for ([`FlatRole`]). design.md, "The pipeline" (inline, then
//! passify) and "Semantics, pinned down" (calls).

use crate::ir::passive::BlockKey;
use crate::ir::testcase::{ChoiceKind, TraceStep};
use crate::ir::{AssertId, Expr, GlobalId, LocalId, ProcId, Type};
use crate::source::Span;

/// Index of a variable in [`FlatProcedure::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlatVarId(pub usize);

/// What a flat variable is a copy of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlatVarOrigin {
    /// A global variable (shared by all invocations).
    Global(GlobalId),
    /// A parameter, output or local of one invocation of `proc`
    /// (invocation 0 is the entry itself).
    Local {
        proc: ProcId,
        local: LocalId,
        invocation: usize,
    },
    /// The value of `global` when `invocation` started (for `old`).
    Old { global: GlobalId, invocation: usize },
    /// Summary mode: a variable that records a value as a choice (a
    /// summary case's marker, an observed argument or output).
    Marker,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatVar {
    /// The source name of the variable.
    pub name: String,
    pub ty: Type,
    pub origin: FlatVarOrigin,
}

/// One variable chosen by a [`FlatStmtKind::Havoc`], with what the test
/// records about the choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HavocTarget {
    pub var: FlatVarId,
    pub kind: ChoiceKind,
    /// The procedure named in the recorded choice (owner of the `havoc`, the
    /// body-less callee, or the called procedure).
    pub proc: ProcId,
    /// The variable named in the recorded choice.
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlatStmtKind {
    /// Parallel assignment: all right-hand sides read the old values.
    Assign(Vec<(FlatVarId, Expr<FlatVarId>)>),
    Assume(Expr<FlatVarId>),
    Assert(AssertId, Expr<FlatVarId>),
    /// Nondeterministic choices, in order.
    Havoc(Vec<HavocTarget>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatStmt {
    pub kind: FlatStmtKind,
    /// The source statement this comes from (the call, for what a call
    /// becomes).
    pub span: Span,
}

/// Why bicd added a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntheticKind {
    /// `assume false` after the last copy of a loop.
    LoopCutOff,
    /// `assume false` in place of a call nested too deep.
    RecursionCutOff,
    /// Exit of an inlined invocation: its `ensures`, then output copies.
    CallExit,
    /// Unified exit of the entry: its `ensures`.
    EntryExit,
    /// Summary mode: a call with no summary case (`assume false`), or the
    /// over-approximation's branch where the callee ends the run.
    SummaryCall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlatRole {
    /// A piece of a copy of an original block.
    Code {
        key: BlockKey,
        invocation: usize,
        /// The unwinding copy (see [`crate::middle::unwind::UnwoundKind::Copy`]).
        iterations: Vec<u32>,
        /// The run enters the original block here (first piece).
        enters: bool,
        /// This piece runs the block's last statement and its `goto`.
        ends_block: bool,
    },
    Synthetic(SyntheticKind),
    /// An empty block on an edge that leaves the loop whose header is
    /// `head` after `count` times around it (see
    /// [`crate::ir::passive::BlockRole::LoopExit`]).
    LoopExit {
        head: BlockKey,
        count: u32,
    },
    /// One case of a procedure summary at a call site (summary mode, see
    /// [`super::CallTreatment::Cases`]): a run entering it records `step`, a
    /// marker that [`crate::driver::summary`] replaces by the callee test's trace.
    SummaryCase {
        step: TraceStep,
    },
    /// A call left open ([`super::CallTreatment::Open`]): the callee's
    /// outputs and the globals it may modify are havocked, or (where it
    /// may fail an assertion) the run ends here. `site` indexes
    /// [`FlatProcedure::open_calls`]. A run through it is a run of the
    /// over-approximation only, not of the program.
    OpenCall {
        site: usize,
    },
}

/// A block of the flat procedure. Successors in `goto` order; no cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatBlock {
    pub role: FlatRole,
    pub stmts: Vec<FlatStmt>,
    pub succs: Vec<usize>,
}

/// One copy of a procedure's body (or of a body-less callee's formals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub proc: ProcId,
    /// The invocation that made the call (`None` for the entry).
    pub caller: Option<usize>,
    /// Span of the call statement (the entry's span for the entry).
    pub span: Span,
}

/// The entry procedure with every call resolved: a DAG whose `blocks[0]` is
/// the entry's first block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatProcedure {
    pub entry: ProcId,
    pub k: u32,
    pub vars: Vec<FlatVar>,
    pub blocks: Vec<FlatBlock>,
    /// Variables whose initial value is an input of the entry: its
    /// parameters, every global, and its locals/outputs read before
    /// written (in that order).
    pub inputs: Vec<FlatVarId>,
    pub invocations: Vec<Invocation>,
    /// The calls left open ([`FlatRole::OpenCall`]), in the order built.
    pub open_calls: Vec<OpenCall>,
}

/// A call of a procedure with a body that was neither inlined nor
/// summarised ([`super::CallTreatment::Open`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenCall {
    /// The called procedure.
    pub callee: ProcId,
    /// The calls from the entry down to this one: the span of each call
    /// statement, this call's last (the site's name across rebuilds).
    pub path: Vec<Span>,
}
