//! Node splitting: an irreducible control-flow graph made reducible.
//!
//! Takes: a procedure's [`Cfg`]. Gives: a [`SplitGraph`], the blocks
//! reachable from the entry, some of them copied, such that every cycle
//! can be entered at one block only (the graph is reducible: its loops are
//! natural loops, and [`crate::middle::unwind`] can unwind them). design.md,
//! "Semantics, pinned down" (loop unwinding k: "an irreducible CFG is
//! either made reducible by node splitting or rejected with a clear
//! error"); entry function [`make_reducible`].
//!
//! The pass repeats one step until no multi-entry region is left. A
//! region is a strongly connected set S of blocks, found outermost first
//! (the strongly connected components of the graph, then recursively those
//! of a single-entry component without its entry); its entries are the
//! blocks of S with a predecessor outside S (or the procedure's entry). If
//! S has entries h, e1, ..., em (m >= 1), one of them, h, stays the
//! header: the procedure's entry if it is one, else the one that needs the
//! fewest copies. For each other entry ei, the blocks of S that ei reaches
//! without passing h are copied; the copies keep their edges among
//! themselves, edges to h and edges leaving S go where the original's go,
//! and the edges from outside S into ei now go to ei's copy. Then S is
//! entered at h only, and each copy is a smaller region (h excluded).
//!
//! It does not change the set of executions: every node of the split
//! graph has, for each successor of its original block, exactly one
//! successor that is a copy of that block, so the runs from the entry of
//! the split graph and of the original graph correspond one to one, block
//! by block. A copy keeps its original block ([`SplitNode::origin`]), so a
//! block is covered when any copy is. The graph may grow exponentially in
//! bad cases: beyond [`MAX_SPLIT_COPIES`] added blocks the pass gives up
//! with the error that names an irreducible cycle.

use crate::ir::{Cfg, ProcId, Program};
use crate::source::Diagnostic;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{HashMap, HashSet, VecDeque};

/// At most this many copies are added to one procedure; beyond, the
/// procedure is refused as irreducible.
pub const MAX_SPLIT_COPIES: usize = 2_000;

/// One block of a [`SplitGraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitNode {
    /// The block of the procedure's body this node is a copy of.
    pub origin: NodeIndex,
    /// 0 for the block itself, 1, 2, ... for the copies node splitting made
    /// of it (in the order they were made).
    pub copy: u32,
    /// Successors (indices into [`SplitGraph::nodes`]), in `goto` order,
    /// without duplicates; the k-th is a copy of the k-th distinct `goto`
    /// target of `origin`.
    pub succs: Vec<usize>,
}

/// A reducible graph whose runs are those of a procedure body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitGraph {
    pub nodes: Vec<SplitNode>,
    /// Index of (the only copy of) the body's entry block.
    pub entry: usize,
    /// Copies added by node splitting (0 for a reducible body).
    pub copies_added: usize,
}

/// Successors in `goto` order with duplicates removed.
fn distinct_successors(cfg: &Cfg, n: NodeIndex) -> Vec<NodeIndex> {
    let mut out = Vec::new();
    for s in cfg.successors(n) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The blocks of `proc`'s body `cfg` reachable from its entry, split until
/// the graph is reducible (see the module doc). Fails when that would add
/// more than [`MAX_SPLIT_COPIES`] copies, with an error located at a block
/// of an irreducible cycle.
pub fn make_reducible(
    program: &Program,
    proc: ProcId,
    cfg: &Cfg,
) -> Result<SplitGraph, Diagnostic> {
    let mut graph = reachable_graph(cfg);
    let mut copies_of: HashMap<NodeIndex, u32> = HashMap::new();
    while let Some(region) = multi_entry_region(&graph) {
        if graph.copies_added + region.copies_needed > MAX_SPLIT_COPIES {
            let p = program.proc(proc);
            let block = &cfg.graph[graph.nodes[region.entries[1]].origin];
            return Err(Diagnostic::error(
                block.span,
                format!(
                    "procedure `{}` has an irreducible control-flow graph: block `{}` lies on a \
                     cycle that can be entered at more than one block, and making it reducible \
                     by node splitting would copy more than {} blocks",
                    p.name, block.label, MAX_SPLIT_COPIES
                ),
            ));
        }
        split_region(&mut graph, &region, &mut copies_of);
    }
    Ok(graph)
}

/// The reachable part of `cfg`, no block copied yet; nodes numbered in
/// depth-first preorder from the entry (following `goto` order).
fn reachable_graph(cfg: &Cfg) -> SplitGraph {
    let mut number: HashMap<NodeIndex, usize> = HashMap::new();
    let mut order = Vec::new();
    let mut stack = vec![cfg.entry];
    while let Some(n) = stack.pop() {
        if number.contains_key(&n) {
            continue;
        }
        number.insert(n, order.len());
        order.push(n);
        for s in distinct_successors(cfg, n).into_iter().rev() {
            if !number.contains_key(&s) {
                stack.push(s);
            }
        }
    }
    let nodes = order
        .iter()
        .map(|&n| SplitNode {
            origin: n,
            copy: 0,
            succs: distinct_successors(cfg, n)
                .iter()
                .map(|s| number[s])
                .collect(),
        })
        .collect();
    SplitGraph {
        nodes,
        entry: 0,
        copies_added: 0,
    }
}

/// A strongly connected set of nodes with more than one entry.
struct Region {
    members: HashSet<usize>,
    /// `entries[0]` stays the header; the others get copies.
    entries: Vec<usize>,
    /// For each entry after the first, the members it reaches without
    /// passing the header (itself included), in discovery order.
    copied: Vec<Vec<usize>>,
    copies_needed: usize,
}

fn predecessors(graph: &SplitGraph) -> Vec<Vec<usize>> {
    let mut preds = vec![Vec::new(); graph.nodes.len()];
    for (i, n) in graph.nodes.iter().enumerate() {
        for &s in &n.succs {
            preds[s].push(i);
        }
    }
    preds
}

/// The strongly connected components of the subgraph induced by `set`
/// that contain a cycle (more than one node, or a self-loop), each sorted.
fn cyclic_components(graph: &SplitGraph, set: &[usize]) -> Vec<Vec<usize>> {
    let mut sub: DiGraph<usize, ()> = DiGraph::new();
    let mut local: HashMap<usize, NodeIndex> = HashMap::new();
    for &n in set {
        local.insert(n, sub.add_node(n));
    }
    for &n in set {
        for s in &graph.nodes[n].succs {
            if let Some(&t) = local.get(s) {
                sub.add_edge(local[&n], t, ());
            }
        }
    }
    let mut out = Vec::new();
    for comp in petgraph::algo::tarjan_scc(&sub) {
        let mut members: Vec<usize> = comp.iter().map(|&i| sub[i]).collect();
        members.sort_unstable();
        let cyclic = members.len() > 1 || graph.nodes[members[0]].succs.contains(&members[0]);
        if cyclic {
            out.push(members);
        }
    }
    out.sort();
    out
}

/// The members of `members` that `from` reaches inside `members` without
/// passing `header` (`from` itself first).
fn reached_avoiding(
    graph: &SplitGraph,
    members: &HashSet<usize>,
    from: usize,
    header: usize,
) -> Vec<usize> {
    let mut seen = HashSet::from([from]);
    let mut order = vec![from];
    let mut stack = vec![from];
    while let Some(n) = stack.pop() {
        for &s in &graph.nodes[n].succs {
            if s != header && members.contains(&s) && seen.insert(s) {
                order.push(s);
                stack.push(s);
            }
        }
    }
    order
}

/// The first region with several entries, outermost first (breadth-first
/// over the loop nesting), or `None` when the graph is reducible.
fn multi_entry_region(graph: &SplitGraph) -> Option<Region> {
    let preds = predecessors(graph);
    let mut queue: VecDeque<Vec<usize>> = VecDeque::from([(0..graph.nodes.len()).collect()]);
    while let Some(set) = queue.pop_front() {
        for comp in cyclic_components(graph, &set) {
            let members: HashSet<usize> = comp.iter().copied().collect();
            let entries: Vec<usize> = comp
                .iter()
                .copied()
                .filter(|&n| n == graph.entry || preds[n].iter().any(|p| !members.contains(p)))
                .collect();
            if entries.len() > 1 {
                return Some(choose_header(graph, members, entries));
            }
            // One entry (the component is reachable, so it has one): the
            // cycles inside that avoid it are the nested regions.
            let header = entries.first().copied();
            let inner: Vec<usize> = comp.into_iter().filter(|&n| Some(n) != header).collect();
            if !inner.is_empty() {
                queue.push_back(inner);
            }
        }
    }
    None
}

/// Picks the entry that stays the header: the procedure's entry if it is
/// one, else the entry whose choice copies the fewest blocks (the first
/// such in node order).
fn choose_header(graph: &SplitGraph, members: HashSet<usize>, entries: Vec<usize>) -> Region {
    let plan = |h: usize| -> (Vec<usize>, Vec<Vec<usize>>, usize) {
        let mut order = vec![h];
        let mut copied = Vec::new();
        let mut total = 0;
        for &e in &entries {
            if e != h {
                let r = reached_avoiding(graph, &members, e, h);
                total += r.len();
                order.push(e);
                copied.push(r);
            }
        }
        (order, copied, total)
    };
    let candidates: Vec<usize> = if entries.contains(&graph.entry) {
        vec![graph.entry]
    } else {
        entries.clone()
    };
    let mut best: Option<(Vec<usize>, Vec<Vec<usize>>, usize)> = None;
    for h in candidates {
        let p = plan(h);
        if best.as_ref().is_none_or(|b| p.2 < b.2) {
            best = Some(p);
        }
    }
    let (entries, copied, copies_needed) = best.expect("a region has entries");
    Region {
        members,
        entries,
        copied,
        copies_needed,
    }
}

/// One splitting step (see the module doc).
fn split_region(graph: &mut SplitGraph, region: &Region, copies_of: &mut HashMap<NodeIndex, u32>) {
    let original_len = graph.nodes.len();
    // For each non-header entry: member -> its copy.
    let mut maps: Vec<HashMap<usize, usize>> = Vec::new();
    for copied in &region.copied {
        let mut map = HashMap::new();
        for &n in copied {
            let origin = graph.nodes[n].origin;
            let number = copies_of.entry(origin).or_insert(0);
            *number += 1;
            graph.nodes.push(SplitNode {
                origin,
                copy: *number,
                succs: Vec::new(),
            });
            map.insert(n, graph.nodes.len() - 1);
        }
        maps.push(map);
    }
    for map in &maps {
        for (&n, &c) in map {
            let succs = graph.nodes[n]
                .succs
                .iter()
                .map(|s| map.get(s).copied().unwrap_or(*s))
                .collect();
            graph.nodes[c].succs = succs;
        }
    }
    // Edges from outside the region into a non-header entry go to its copy.
    for p in 0..original_len {
        if region.members.contains(&p) {
            continue;
        }
        for s in graph.nodes[p].succs.iter_mut() {
            if let Some(k) = region.entries[1..].iter().position(|e| e == s) {
                *s = maps[k][&region.entries[k + 1]];
            }
        }
    }
    graph.copies_added += graph.nodes.len() - original_len;
}
