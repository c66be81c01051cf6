//! Loop havocking: the over-approximation that proves code dead for every
//! iteration count.
//!
//! Takes: a resolved [`Program`] and an entry procedure. Gives: a copy of
//! the program in which the head of every loop of every procedure the
//! entry may reach starts with `havoc` of the variables the loop may
//! change ([`havoc_loop_heads`]), or `None` where bicd does not build one
//! (recursion, or an irreducible loop). Unwound zero times (back edges to
//! the cut-off), the copy reaches, at the head of each loop, every state
//! that some iteration of the original reaches there: the `havoc` stands
//! for the iterations before, and the head's assertions (its invariants)
//! hold on every run that goes on past them, in both programs. So every
//! prefix of a run of the original, whatever its iteration counts, is a
//! prefix of a run of the copy: a block that no path of the copy reaches
//! (an `unsat` of the forward VC) is reached by no execution at all. This
//! is Boogie's loop cutting (havoc the loop targets, assume the
//! invariants), used for reachability. Issue 20, part 1; design.md,
//! "Semantics, pinned down" (loop unwinding).
//!
//! [`loop_and_recursion_free`] tells when the bounded analysis is already
//! exact: no loop and no recursion, so unwinding and inlining drop no
//! execution, and an infeasible block is dead without a second question.

use crate::ir::{Cfg, GlobalId, ProcId, Program, Stmt, StmtKind, VarRef};
use petgraph::algo::dominators;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::collections::{BTreeSet, HashMap, HashSet};

/// True when neither `entry` nor any procedure it may reach through calls
/// has a loop, and no procedure among them may call itself: the bounded
/// analysis (any `--unwind`) then sees every execution.
pub fn loop_and_recursion_free(program: &Program, entry: ProcId) -> bool {
    let procs = super::reachable_procedures(program, entry);
    !recursive(program, &procs)
        && procs.iter().all(|&p| match &program.proc(p).body {
            None => true,
            // A cycle among blocks no run reaches counts too: the answer
            // is then only cautious.
            Some(cfg) => !petgraph::algo::is_cyclic_directed(&cfg.graph),
        })
}

/// The over-approximation described in the module documentation: every
/// loop head of every procedure `entry` may reach starts with a `havoc` of
/// the loop's targets. `None` when a procedure is recursive or a loop is
/// irreducible (a cycle with more than one entry).
pub fn havoc_loop_heads(program: &Program, entry: ProcId) -> Option<Program> {
    let procs = super::reachable_procedures(program, entry);
    if recursive(program, &procs) {
        return None;
    }
    let mut writes: HashMap<ProcId, BTreeSet<GlobalId>> = HashMap::new();
    let mut out = program.clone();
    for &p in &procs {
        let Some(cfg) = &program.proc(p).body else {
            continue;
        };
        let loops = natural_loops(cfg)?;
        let mut heads: Vec<(NodeIndex, Vec<VarRef>)> = Vec::new();
        for (head, body) in loops {
            let mut targets: BTreeSet<VarRef> = BTreeSet::new();
            for &n in &body {
                for s in &cfg.graph[n].stmts {
                    stmt_targets(program, s, &mut writes, &mut targets);
                }
            }
            if !targets.is_empty() {
                heads.push((head, targets.into_iter().collect()));
            }
        }
        let body = std::sync::Arc::make_mut(out.procedures[p.0].body.as_mut().expect("has a body"));
        for (head, vars) in heads {
            let block = &mut body.graph[head];
            let span = block.span;
            block.stmts.insert(
                0,
                Stmt {
                    kind: StmtKind::Havoc(vars),
                    span,
                },
            );
        }
    }
    Some(out)
}

/// Whether some procedure of `procs` may call itself (through others).
fn recursive(program: &Program, procs: &[ProcId]) -> bool {
    procs.iter().any(|&p| {
        let mut seen = HashSet::new();
        let mut stack: Vec<ProcId> = program.callees(p);
        while let Some(q) = stack.pop() {
            if q == p {
                return true;
            }
            if seen.insert(q) {
                stack.extend(program.callees(q));
            }
        }
        false
    })
}

/// The natural loops of `cfg` (entry-reachable part): each head with the
/// blocks of its loop (all back edges to one head make one loop). `None`
/// when the graph is irreducible: a cycle remains once back edges (edges
/// to a dominator) are removed.
fn natural_loops(cfg: &Cfg) -> Option<Vec<(NodeIndex, Vec<NodeIndex>)>> {
    let doms = dominators::simple_fast(&cfg.graph, cfg.entry);
    let mut reachable: HashSet<NodeIndex> = HashSet::new();
    let mut dfs = petgraph::visit::Dfs::new(&cfg.graph, cfg.entry);
    while let Some(n) = dfs.next(&cfg.graph) {
        reachable.insert(n);
    }
    let mut back: Vec<(NodeIndex, NodeIndex)> = Vec::new();
    let mut forward = petgraph::graph::DiGraph::<(), ()>::new();
    let nodes: Vec<_> = cfg
        .graph
        .node_indices()
        .map(|_| forward.add_node(()))
        .collect();
    for e in cfg.graph.edge_references() {
        let (t, h) = (e.source(), e.target());
        if !reachable.contains(&t) {
            continue;
        }
        let dominated = doms.dominators(t).is_some_and(|mut ds| ds.any(|d| d == h));
        if dominated {
            back.push((t, h));
        } else {
            forward.add_edge(nodes[t.index()], nodes[h.index()], ());
        }
    }
    if petgraph::algo::is_cyclic_directed(&forward) {
        return None;
    }
    let mut loops: Vec<(NodeIndex, Vec<NodeIndex>)> = Vec::new();
    let mut heads: Vec<NodeIndex> = back.iter().map(|&(_, h)| h).collect();
    heads.sort();
    heads.dedup();
    for h in heads {
        let mut body: BTreeSet<NodeIndex> = BTreeSet::from([h]);
        let mut stack: Vec<NodeIndex> = back
            .iter()
            .filter(|&&(_, head)| head == h)
            .map(|&(t, _)| t)
            .collect();
        while let Some(n) = stack.pop() {
            if body.insert(n) {
                stack.extend(
                    cfg.graph
                        .neighbors_directed(n, petgraph::Direction::Incoming)
                        .filter(|p| reachable.contains(p)),
                );
            }
        }
        loops.push((h, body.into_iter().collect()));
    }
    Some(loops)
}

/// The variables statement `s` may change: assignment and `havoc`
/// targets, call outputs, and the globals the callee may change.
fn stmt_targets(
    program: &Program,
    s: &Stmt,
    writes: &mut HashMap<ProcId, BTreeSet<GlobalId>>,
    targets: &mut BTreeSet<VarRef>,
) {
    match &s.kind {
        StmtKind::Assign(pairs) => targets.extend(pairs.iter().map(|(v, _)| *v)),
        StmtKind::Havoc(vs) => targets.extend(vs.iter().copied()),
        StmtKind::Call { callee, outs, .. } => {
            targets.extend(outs.iter().copied());
            let globals = global_writes(program, *callee, writes);
            targets.extend(globals.into_iter().map(VarRef::Global));
        }
        StmtKind::Assume(_) | StmtKind::Assert(..) => {}
    }
}

/// The globals procedure `p` may change: its `modifies` clause, and the
/// globals its body and its callees write (a body is inlined as written,
/// whatever its clause says). Call graphs here are acyclic.
fn global_writes(
    program: &Program,
    p: ProcId,
    memo: &mut HashMap<ProcId, BTreeSet<GlobalId>>,
) -> BTreeSet<GlobalId> {
    if let Some(w) = memo.get(&p) {
        return w.clone();
    }
    let proc = program.proc(p);
    let mut out: BTreeSet<GlobalId> = proc.modifies.iter().copied().collect();
    if let Some(cfg) = &proc.body {
        let mut targets = BTreeSet::new();
        for block in cfg.graph.node_weights() {
            for s in &block.stmts {
                stmt_targets(program, s, memo, &mut targets);
            }
        }
        out.extend(targets.into_iter().filter_map(|v| match v {
            VarRef::Global(g) => Some(g),
            VarRef::Local(_) => None,
        }));
    }
    memo.insert(p, out.clone());
    out
}
