//! Boogie's `{:selective_checking}` (part of [`crate::front::resolve`]): in such
//! a procedure (or implementation), every `assert` becomes an `assume`
//! except those that can run after an `assume {:start_checking_here} e`:
//! the blocks reachable from a block holding such an assume (that block
//! itself only if it is reached again), and in a block holding one, the
//! statements from it on. So the procedure bicd analyses is the one Boogie
//! verifies. Boogie applies this to its passive program, where loops are
//! cut and the procedure's `ensures` and the `requires` of calls are
//! assertions too; bicd refuses the cases where that would differ from
//! converting the body's own assertions: a loop, a call in a converted
//! part, and non-free `ensures` when no start point reaches the exit
//! (in a loop-free body that means: there is no start point).

use crate::ir::{Cfg, StmtKind};
use crate::source::{Diagnostic, Span};
use petgraph::graph::NodeIndex;
use std::collections::HashSet;

/// Converts the unchecked assertions of `cfg` into assumptions (see the
/// module doc). `starts`: the spans of the `assume {:start_checking_here}`
/// statements; `checked_ensures`: the procedure has non-free `ensures`.
/// Fails with the reason when Boogie's reading could not be kept.
pub(super) fn apply(
    cfg: &mut Cfg,
    starts: &HashSet<Span>,
    checked_ensures: bool,
    at: Span,
) -> Result<(), Diagnostic> {
    let refuse = |span: Span, why: &str| {
        Diagnostic::error(
            span,
            format!("unsupported: `{{:selective_checking}}` {why}"),
        )
    };
    if petgraph::algo::is_cyclic_directed(&cfg.graph) {
        return Err(refuse(
            at,
            "in a procedure with loops (Boogie cuts the loops before choosing what to check)",
        ));
    }
    let is_start = |n: NodeIndex, cfg: &Cfg| {
        cfg.graph[n]
            .stmts
            .iter()
            .any(|s| matches!(s.kind, StmtKind::Assume(_)) && starts.contains(&s.span))
    };
    let start_blocks: Vec<NodeIndex> = cfg
        .graph
        .node_indices()
        .filter(|&n| is_start(n, cfg))
        .collect();
    // Blocks reachable from a start block's successors (acyclic: a start
    // block is never reached again).
    let mut checked: HashSet<NodeIndex> = HashSet::new();
    let mut stack: Vec<NodeIndex> = start_blocks
        .iter()
        .flat_map(|&b| cfg.graph.neighbors(b))
        .collect();
    while let Some(n) = stack.pop() {
        if checked.insert(n) {
            stack.extend(cfg.graph.neighbors(n));
        }
    }
    let exit_checked = checked
        .iter()
        .chain(&start_blocks)
        .any(|&n| cfg.graph.neighbors(n).next().is_none());
    if checked_ensures && !exit_checked {
        return Err(refuse(
            at,
            "where no `{:start_checking_here}` reaches the exit (Boogie would assume the `ensures`)",
        ));
    }
    let nodes: Vec<NodeIndex> = cfg.graph.node_indices().collect();
    for n in nodes {
        if checked.contains(&n) {
            continue;
        }
        let block = &mut cfg.graph[n];
        for s in block.stmts.iter_mut() {
            match &s.kind {
                StmtKind::Assume(_) if starts.contains(&s.span) => break,
                StmtKind::Assert(_, e) => {
                    s.kind = StmtKind::Assume(e.clone());
                }
                StmtKind::Call { .. } => {
                    return Err(refuse(
                        s.span,
                        "with a call before `{:start_checking_here}` (Boogie would assume the callee's `requires`)",
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(())
}
