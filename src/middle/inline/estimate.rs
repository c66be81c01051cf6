//! How big inlining every call would make an entry (part of [`super`]).
//!
//! Takes: the program, the unwound bodies, an entry and the bound `k`.
//! Gives: the number of flat blocks [`super::inline_calls`] would build,
//! roughly (each copy of a block, plus two per inlined call; recursion
//! unwound as the inliner unwinds it, at most `k + 1` activations of a
//! procedure at once), without building them: the size of a procedure
//! outside every recursive cycle is computed once. Counting stops past
//! `limit`. The driver uses it to choose stratified inlining
//! ([`crate::driver::stratified`]) for an entry too big to inline whole.

use crate::ir::{ProcId, Program, StmtKind};
use crate::middle::unwind::UnwoundBody;
use petgraph::graph::DiGraph;

/// Roughly how many flat blocks inlining every call of `entry` gives,
/// or some number above `limit` once it is clear there are more.
pub fn inlined_size(
    program: &Program,
    entry: ProcId,
    k: u32,
    bodies: &[Option<UnwoundBody>],
    limit: usize,
) -> usize {
    let n = program.procedures.len();
    let mut graph: DiGraph<(), ()> = DiGraph::with_capacity(n, 0);
    let nodes: Vec<_> = (0..n).map(|_| graph.add_node(())).collect();
    let mut self_call = vec![false; n];
    for i in 0..n {
        for (callee, _) in program.calls(ProcId(i)) {
            graph.add_edge(nodes[i], nodes[callee.0], ());
            self_call[i] |= callee.0 == i;
        }
    }
    let mut recursive = self_call;
    for scc in petgraph::algo::tarjan_scc(&graph) {
        if scc.len() > 1 {
            for node in scc {
                recursive[node.index()] = true;
            }
        }
    }
    let mut counter = Counter {
        program,
        bodies,
        k,
        limit,
        recursive,
        memo: vec![None; n],
        on_stack: vec![0; n],
    };
    counter.size_of(entry)
}

struct Counter<'a> {
    program: &'a Program,
    bodies: &'a [Option<UnwoundBody>],
    k: u32,
    limit: usize,
    /// Per procedure: it is in a recursive cycle.
    recursive: Vec<bool>,
    /// Sizes of procedures outside every cycle (the same in any context).
    memo: Vec<Option<usize>>,
    /// Per procedure: its activations being counted.
    on_stack: Vec<u32>,
}

impl Counter<'_> {
    fn size_of(&mut self, p: ProcId) -> usize {
        if let Some(n) = self.memo[p.0] {
            return n;
        }
        let program = self.program;
        let (Some(body), Some(cfg)) = (
            self.bodies.get(p.0).and_then(|b| b.as_ref()),
            &program.proc(p).body,
        ) else {
            return 0;
        };
        self.on_stack[p.0] += 1;
        let mut total: usize = 0;
        'blocks: for b in &body.blocks {
            total = total.saturating_add(1);
            let Some(origin) = b.origin() else { continue };
            for s in &cfg.graph[origin].stmts {
                let StmtKind::Call { callee, .. } = &s.kind else {
                    continue;
                };
                if program.proc(*callee).body.is_none() {
                    continue;
                }
                let callee_size = if self.on_stack[callee.0] > self.k {
                    1
                } else {
                    stacker::maybe_grow(256 * 1024, 4 * 1024 * 1024, || self.size_of(*callee))
                };
                total = total.saturating_add(callee_size).saturating_add(2);
                if total > self.limit {
                    break 'blocks;
                }
            }
        }
        self.on_stack[p.0] -= 1;
        if !self.recursive[p.0] && total <= self.limit {
            self.memo[p.0] = Some(total);
        }
        total
    }
}
