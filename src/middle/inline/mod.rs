//! Inlining: one loop-free, call-free CFG per entry procedure.
//!
//! Takes: a [`Program`](crate::ir::Program), the entry procedure, the
//! bound `k`, and the unwound body
//! ([`UnwoundBody`](crate::middle::unwind::UnwoundBody)) of every
//! procedure with a body that the entry may call. Gives: a
//! [`FlatProcedure`], a DAG of [`FlatBlock`]s over fresh variables
//! ([`FlatVar`]) whose statements are assignments, assumptions, assertions
//! and havocs, with `old` resolved. design.md,
//! "Semantics, pinned down" (calls, assertions, inputs) and the BRIEF's
//! decisions on calls and on the entry procedure.
//!
//! - Every call of a procedure with a body is replaced by a copy of its
//!   unwound body (one *invocation*: fresh variables for its parameters,
//!   outputs and locals; its blocks keep their
//!   [`BlockKey`](crate::ir::passive::BlockKey), i.e. labels are qualified
//!   by their owner procedure). The arguments are assigned to the
//!   parameter copies, the globals that the callee reads under `old` are
//!   saved, the callee's non-free `requires` are asserted at the call; its
//!   locals/outputs read before written ([`read_before_written`]) are havocked
//!   as `Uninitialized` choices at its first block; its returning blocks go
//!   to a synthetic exit that asserts its non-free `ensures` and copies its
//!   outputs to the caller's receiving variables.
//! - Recursion is unwound like a loop (design.md, "Calls"): at most `k`
//!   recursive calls of `P` nest. A call of `P` made while the inlining
//!   stack (entry included) already holds `P` `k + 1` times is replaced by
//!   the cut-off `assume false`, so at most `k + 1` activations of `P` are
//!   live at once — as a loop header runs at most `k + 1` times.
//! - A call of a procedure without a body asserts its non-free `requires`,
//!   havocs its outputs then the globals of its `modifies` (`CallOutput`
//!   choices), and assumes its `ensures` (free or not).
//! - The entry's `requires` (free or not) are assumed at its first block;
//!   its returning blocks go to a synthetic unified exit that asserts its
//!   non-free `ensures`.
//!
//! Blocks are split at inlined calls: the piece before the call keeps the
//! trace step (`enters`), the piece after the callee returns ends the
//! original block (`ends_block`). Every copy of a block has a piece that
//! ends it: when a call is cut off, the rest of the block stays as a piece
//! of its own that nothing reaches. Blocks unreachable from the entry have
//! no edge at all.
//!
//! Entry: [`inline_calls`] ([`inline_calls_with`] under a call policy:
//! summary mode, stratified inlining's open calls). Parts,
//! re-exported here: `flat.rs` (the types: [`FlatProcedure`] and what it
//! holds), `inliner.rs` (the inliner), `reads.rs` (what it needs to know
//! of each procedure: [`read_before_written`], the globals read under
//! `old`), `policy.rs` (call policies: [`CallPolicy`], [`SummaryCase`],
//! the branches a summarised call becomes) and `estimate.rs`
//! ([`inlined_size`], without building it).

mod estimate;
mod flat;
mod inliner;
mod policy;
mod reads;

pub use estimate::inlined_size;
pub use flat::{
    FlatBlock, FlatProcedure, FlatRole, FlatStmt, FlatStmtKind, FlatVar, FlatVarId, FlatVarOrigin,
    HavocTarget, Invocation, OpenCall, SyntheticKind,
};
pub use inliner::{inline_calls, inline_calls_with};
pub use policy::{CallPolicy, CallTreatment, EntryAsCallee, Escape, SummaryCase, MARKER_PROC};
pub use reads::read_before_written;
