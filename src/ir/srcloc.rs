//! Which original source location (C, Solidity, Java line) a block or an
//! assertion of the Boogie program takes, for reports in code review.
//!
//! Takes: the resolved [`Program`] (its [`Program::source_locs`]: the
//! statements that carry `{:sourceloc ...}` or `{:sourcefile ...}
//! {:sourceline ...}`). Gives: the [`SourceLoc`] of a block or an
//! assertion, when the program says one. Issue 3, "Source locations for
//! code review".
//!
//! Rules:
//! - A block takes the location of its *first* statement that carries
//!   one: front ends put the marker at the start of the code of a source
//!   line (SMACK: `assume {:sourceloc "f.c", 12, 3} true;`), so the first
//!   marker says where the block's code starts. A block without a marker
//!   has none (it is not guessed from its neighbours).
//! - An assertion takes its own statement's location if it carries one,
//!   else that of the nearest marker before it in its block, else none.
//!   A `requires` or `ensures` checked as an assertion has none.

use crate::ir::ProcId;
use crate::ir::{AssertId, Program, SourceLoc, StmtKind};
use petgraph::graph::NodeIndex;

/// The location of block `block` of procedure `proc`.
pub(crate) fn block_source(program: &Program, proc: ProcId, block: NodeIndex) -> Option<SourceLoc> {
    if program.source_locs.is_empty() {
        return None;
    }
    let cfg = program.proc(proc).body.as_ref()?;
    let b = cfg.graph.node_weight(block)?;
    b.stmts
        .iter()
        .find_map(|s| program.source_locs.get(&s.span))
        .cloned()
}

/// The location of assertion `id`.
pub(crate) fn assert_source(program: &Program, id: AssertId) -> Option<SourceLoc> {
    if program.source_locs.is_empty() {
        return None;
    }
    let info = program.asserts.get(id.0)?;
    if let Some(loc) = program.source_locs.get(&info.span) {
        return Some(loc.clone());
    }
    let cfg = program.proc(info.proc).body.as_ref()?;
    for b in cfg.graph.node_weights() {
        let Some(at) = b
            .stmts
            .iter()
            .position(|s| matches!(&s.kind, StmtKind::Assert(a, _) if *a == id))
        else {
            continue;
        };
        return b.stmts[..at]
            .iter()
            .rev()
            .find_map(|s| program.source_locs.get(&s.span))
            .cloned();
    }
    None
}
