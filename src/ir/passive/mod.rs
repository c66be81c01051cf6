//! The passive, loop-free program of one entry procedure: what passification
//! gives the reachability VC and the cover loops.
//!
//! Takes: nothing (data types only). Gives: [`PassiveProgram`], a DAG of
//! blocks whose statements are assumptions over SSA variables
//! ([`SsaId`]), each block tagged with what it stands for in the original
//! program. design.md, "The pipeline" (passify) and "Reachability VC".
//!
//! What travels forward here so that later stages need not look back:
//! - [`BlockRole`]: which original block (or assertion) a block is a piece
//!   of; all unwinding and inlining copies of one original block share one
//!   [`BlockKey`].
//! - [`PassiveBlock::enters`]: the trace step a run makes when it enters the
//!   block (only on the first piece of a copy of an original block).
//! - [`PassiveBlock::choices`]: the nondeterministic choices the block makes,
//!   in order, each with the SSA variable whose model value is the choice.
//! - [`SsaRole::Input`]: which SSA variables are the entry's inputs.
//!
//! [`verify()`] checks the contract a passive program keeps (a DAG in
//! topological order, assumptions that are Boolean and free of `old`,
//! valid SSA names, every original block ended by some piece);
//! [`PassiveProgram::display`] prints a program ([`display`]).

pub mod display;
pub mod verify;

pub use verify::verify;

use crate::ir::testcase::{ChoiceKind, TraceStep};
use crate::ir::{AssertId, Expr, ProcId, Type};
use crate::source::Span;
use petgraph::graph::NodeIndex;

/// Index of an SSA variable in [`PassiveProgram::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SsaId(pub usize);

/// An original block: `block` is a node of `proc`'s body as the front end
/// built it ([`crate::ir::Procedure::body`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockKey {
    pub proc: ProcId,
    pub block: NodeIndex,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SsaRole {
    /// The initial value of an input of the entry procedure: a parameter, a
    /// global, or a local/output read before it is written. `name` is the
    /// variable's source name.
    Input { name: String },
    /// A value chosen at a [`ChoicePoint`].
    Choice,
    /// Any other incarnation.
    Internal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SsaVar {
    /// A name unique in the program and valid as an SMT-LIB symbol.
    pub smt_name: String,
    pub ty: Type,
    pub role: SsaRole,
}

/// A nondeterministic choice made in a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoicePoint {
    pub kind: ChoiceKind,
    /// The procedure named in [`crate::ir::testcase::Choice::proc`].
    pub proc: String,
    /// The variable named in [`crate::ir::testcase::Choice::var`].
    pub var: String,
    /// The SSA variable that holds the chosen value.
    pub ssa: SsaId,
    pub span: Span,
}

/// What a passive block stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockRole {
    /// A piece of (a copy of) an original block. Blocks are split at
    /// assertions and calls; `ends_block` is true for the piece that runs
    /// the original block's last statement and its `goto`: the block is
    /// covered when such a piece is.
    Code { key: BlockKey, ends_block: bool },
    /// The failing side of an assertion: `assume !e`, no successor.
    AssertFail(AssertId),
    /// Added by bicd (the unwinding cut-off `assume false`, a unified exit,
    /// an empty join): never reported as code.
    Synthetic,
    /// An empty block on an edge by which a run leaves the loop whose
    /// header is `head`, having gone around it `count` times (back edges
    /// taken since it entered the loop). Only with loop-iteration coverage
    /// (`--loop-coverage`, issue 20); never reported as code.
    LoopExit { head: BlockKey, count: u32 },
    /// A call left open by stratified inlining: the callee's effect
    /// havocked (or the run ends here); `site` indexes the flat
    /// procedure's `open_calls`. A run through it is a run of the
    /// over-approximation only; never reported as code.
    OpenCall { site: usize },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassiveBlock {
    /// Assumptions, a conjunction (all of type bool).
    pub assumes: Vec<Expr<SsaId>>,
    pub succs: Vec<usize>,
    pub preds: Vec<usize>,
    pub role: BlockRole,
    /// The trace step made when a run enters this block, if any.
    pub enters: Option<TraceStep>,
    /// Choices made in this block, in execution order.
    pub choices: Vec<ChoicePoint>,
}

/// The passive program of one entry procedure. `blocks` are in topological
/// order and `blocks[0]` is the entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassiveProgram {
    pub entry: ProcId,
    pub vars: Vec<SsaVar>,
    pub blocks: Vec<PassiveBlock>,
}
