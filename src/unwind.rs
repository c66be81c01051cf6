//! Loop unwinding: one procedure body made loop-free.
//!
//! Takes: a [`Program`], one procedure with a body, and the bound `k`.
//! Gives: an [`UnwoundBody`], a loop-free graph of copies of the body's
//! blocks, each copy remembering its original block and its iteration
//! vector, plus at most one synthetic cut-off block (`assume false`).
//! design.md, "Semantics, pinned down" (loop unwinding k) and the BRIEF's
//! decisions on unwinding.
//!
//! Loops are the natural loops of the CFG: a back edge is an edge `t → h`
//! whose target `h` dominates its source `t` (dominators computed from the
//! entry with [`petgraph::algo::dominators`]); all back edges to one header
//! form one loop. If a cycle remains once the back edges are removed the CFG
//! is irreducible and unwinding refuses it with a [`Diagnostic`] located at
//! a block of that cycle.
//!
//! Each loop's nodes are copied `k + 1` times (copies `0..=k`): entry edges
//! go to copy 0 of the header, a back edge of copy `i < k` goes to copy
//! `i + 1` of the header, a back edge of copy `k` goes to the cut-off, exit
//! edges of any copy go to the loop's exits. Nested loops are unwound
//! innermost first, i.e. every copy of an outer loop holds its own complete
//! unwinding of the inner loop: a copy is identified by its original block
//! and one iteration number per enclosing loop (outermost first). Blocks
//! unreachable from the entry are kept once, without any edge.

use crate::ir::{Cfg, ProcId, Program};
use crate::source::{Diagnostic, Span};
use petgraph::algo::dominators;
use petgraph::graph::NodeIndex;
use std::collections::{HashMap, HashSet};

/// At most this many blocks in one unwound body; beyond, unwinding refuses
/// (nested loops grow as `(k+1)^depth`).
pub const MAX_UNWOUND_BLOCKS: usize = 200_000;

/// What a block of an unwound body stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnwoundKind {
    /// A copy of original block `origin` (a node of the procedure's body).
    Copy {
        origin: NodeIndex,
        /// Headers of the loops that contain `origin`, outermost first.
        loops: Vec<NodeIndex>,
        /// The iteration (`0..=k`) of each loop in `loops`, same order.
        iterations: Vec<u32>,
        /// False for a block unreachable from the entry (kept isolated).
        reachable: bool,
    },
    /// The synthetic cut-off `assume false` that back edges of the last
    /// copy lead to. No successor.
    CutOff,
}

/// One block of an unwound body. Successors are in `goto` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwoundBlock {
    pub kind: UnwoundKind,
    pub succs: Vec<usize>,
}

impl UnwoundBlock {
    /// The original block of a copy (`None` for the cut-off).
    pub fn origin(&self) -> Option<NodeIndex> {
        match &self.kind {
            UnwoundKind::Copy { origin, .. } => Some(*origin),
            UnwoundKind::CutOff => None,
        }
    }
}

/// The loop-free body of one procedure. `blocks[entry]` is copy 0 of the
/// original entry block; the graph has no cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwoundBody {
    pub proc: ProcId,
    pub k: u32,
    pub blocks: Vec<UnwoundBlock>,
    pub entry: usize,
    /// Index of the cut-off block, if some back edge of a last copy exists.
    pub cutoff: Option<usize>,
    /// The loop headers found (one per natural loop).
    pub headers: Vec<NodeIndex>,
}

impl UnwoundBody {
    /// Number of edges into the cut-off block.
    pub fn cutoff_edges(&self) -> usize {
        match self.cutoff {
            None => 0,
            Some(c) => self
                .blocks
                .iter()
                .map(|b| b.succs.iter().filter(|&&s| s == c).count())
                .sum(),
        }
    }

    /// Indices of the copies of original block `origin`.
    pub fn copies_of(&self, origin: NodeIndex) -> Vec<usize> {
        (0..self.blocks.len())
            .filter(|&i| self.blocks[i].origin() == Some(origin))
            .collect()
    }
}

/// The natural loops of one CFG, merged per header.
struct LoopInfo {
    /// For each header, the set of nodes of its loop.
    bodies: HashMap<NodeIndex, HashSet<NodeIndex>>,
    /// Back edges `(tail, header)`.
    back_edges: HashSet<(NodeIndex, NodeIndex)>,
    /// Per reachable node, headers of the loops containing it, outermost
    /// first.
    chains: HashMap<NodeIndex, Vec<NodeIndex>>,
    reachable: HashSet<NodeIndex>,
}

/// Successors in `goto` order with duplicates removed (`goto l, l` is
/// `goto l`).
fn distinct_successors(cfg: &Cfg, n: NodeIndex) -> Vec<NodeIndex> {
    let mut out = Vec::new();
    for s in cfg.successors(n) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn reachable_from_entry(cfg: &Cfg) -> HashSet<NodeIndex> {
    let mut seen = HashSet::new();
    let mut stack = vec![cfg.entry];
    seen.insert(cfg.entry);
    while let Some(n) = stack.pop() {
        for s in cfg.graph.neighbors(n) {
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

fn find_loops(program: &Program, proc: ProcId, cfg: &Cfg) -> Result<LoopInfo, Diagnostic> {
    let reachable = reachable_from_entry(cfg);
    let doms = dominators::simple_fast(&cfg.graph, cfg.entry);
    let dominates = |h: NodeIndex, t: NodeIndex| -> bool {
        doms.dominators(t)
            .map(|mut it| it.any(|d| d == h))
            .unwrap_or(false)
    };
    let mut back_edges = HashSet::new();
    for &t in &reachable {
        for h in cfg.graph.neighbors(t) {
            if dominates(h, t) {
                back_edges.insert((t, h));
            }
        }
    }
    check_reducible(program, proc, cfg, &reachable, &back_edges)?;

    // Natural loop of each header: the header plus every reachable node that
    // reaches a back-edge tail without passing the header.
    let mut bodies: HashMap<NodeIndex, HashSet<NodeIndex>> = HashMap::new();
    for &(t, h) in &back_edges {
        let body = bodies.entry(h).or_insert_with(|| HashSet::from([h]));
        let mut stack = Vec::new();
        if body.insert(t) {
            stack.push(t);
        }
        while let Some(n) = stack.pop() {
            for p in cfg
                .graph
                .neighbors_directed(n, petgraph::Direction::Incoming)
            {
                if reachable.contains(&p) && body.insert(p) {
                    stack.push(p);
                }
            }
        }
    }
    // Loops of a reducible CFG are nested or disjoint: order the headers of
    // the loops containing a node by body size, largest (outermost) first.
    let mut chains = HashMap::new();
    for &n in &reachable {
        let mut chain: Vec<NodeIndex> = bodies
            .iter()
            .filter(|(_, b)| b.contains(&n))
            .map(|(&h, _)| h)
            .collect();
        chain.sort_by_key(|h| (std::cmp::Reverse(bodies[h].len()), h.index()));
        chains.insert(n, chain);
    }
    Ok(LoopInfo {
        bodies,
        back_edges,
        chains,
        reachable,
    })
}

/// Rejects a reachable cycle that does not go through a back edge.
fn check_reducible(
    program: &Program,
    proc: ProcId,
    cfg: &Cfg,
    reachable: &HashSet<NodeIndex>,
    back_edges: &HashSet<(NodeIndex, NodeIndex)>,
) -> Result<(), Diagnostic> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: HashMap<NodeIndex, Mark> = reachable.iter().map(|&n| (n, Mark::New)).collect();
    let forward = |n: NodeIndex| -> Vec<NodeIndex> {
        distinct_successors(cfg, n)
            .into_iter()
            .filter(|&s| !back_edges.contains(&(n, s)))
            .collect()
    };
    let mut roots: Vec<NodeIndex> = reachable.iter().copied().collect();
    roots.sort();
    for root in roots {
        if mark[&root] != Mark::New {
            continue;
        }
        // Iterative DFS: (node, its forward successors, next position).
        let mut stack = vec![(root, forward(root), 0usize)];
        mark.insert(root, Mark::Open);
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let s = top.1[top.2];
                top.2 += 1;
                match mark[&s] {
                    Mark::New => {
                        mark.insert(s, Mark::Open);
                        let f = forward(s);
                        stack.push((s, f, 0));
                    }
                    Mark::Open => {
                        let p = program.proc(proc);
                        let block = &cfg.graph[s];
                        return Err(Diagnostic::error(
                            block.span,
                            format!(
                                "procedure `{}` has an irreducible control-flow graph: block `{}` \
                                 lies on a cycle that can be entered at more than one block, \
                                 so bicd cannot unwind its loops",
                                p.name, block.label
                            ),
                        ));
                    }
                    Mark::Done => {}
                }
            } else {
                mark.insert(top.0, Mark::Done);
                stack.pop();
            }
        }
    }
    Ok(())
}

/// Unwinds the loops of `proc`'s body `k` times (see the module doc).
/// Fails on a procedure without a body, an irreducible CFG, or a body that
/// would exceed [`MAX_UNWOUND_BLOCKS`].
pub fn unwind_loops(program: &Program, proc: ProcId, k: u32) -> Result<UnwoundBody, Diagnostic> {
    let p = program.proc(proc);
    let Some(cfg) = p.body.as_ref() else {
        return Err(Diagnostic::error(
            p.span,
            format!("procedure `{}` has no body to unwind", p.name),
        ));
    };
    let info = find_loops(program, proc, cfg)?;

    let mut blocks: Vec<UnwoundBlock> = Vec::new();
    let mut index: HashMap<(NodeIndex, Vec<u32>), usize> = HashMap::new();
    let mut cutoff: Option<usize> = None;
    let mut work: Vec<usize> = Vec::new();

    let entry_chain = info.chains[&cfg.entry].clone();
    let entry_iters = vec![0; entry_chain.len()];
    blocks.push(UnwoundBlock {
        kind: UnwoundKind::Copy {
            origin: cfg.entry,
            loops: entry_chain,
            iterations: entry_iters.clone(),
            reachable: true,
        },
        succs: Vec::new(),
    });
    index.insert((cfg.entry, entry_iters), 0);
    work.push(0);

    let too_big = |n: usize| -> Result<(), Diagnostic> {
        if n > MAX_UNWOUND_BLOCKS {
            Err(Diagnostic::error(
                p.span,
                format!(
                    "unwinding the loops of procedure `{}` {} times gives more than {} blocks; \
                     use a smaller --unwind",
                    p.name, k, MAX_UNWOUND_BLOCKS
                ),
            ))
        } else {
            Ok(())
        }
    };

    while let Some(i) = work.pop() {
        let (u, u_iters) = match &blocks[i].kind {
            UnwoundKind::Copy {
                origin, iterations, ..
            } => (*origin, iterations.clone()),
            UnwoundKind::CutOff => continue,
        };
        let u_chain = &info.chains[&u];
        let mut succs = Vec::new();
        for v in distinct_successors(cfg, u) {
            let v_chain = &info.chains[&v];
            let target: Option<Vec<u32>> = if info.back_edges.contains(&(u, v)) {
                // v heads a loop containing u; v's loops are a prefix of u's.
                let Some(pos) = u_chain.iter().position(|&h| h == v) else {
                    return Err(internal(p.span, &p.name, "back edge outside its loop"));
                };
                if u_iters[pos] < k {
                    let mut t = u_iters[..pos].to_vec();
                    t.push(u_iters[pos] + 1);
                    Some(t)
                } else {
                    None
                }
            } else {
                let common = u_chain
                    .iter()
                    .zip(v_chain.iter())
                    .take_while(|(a, b)| a == b)
                    .count();
                let mut t = u_iters[..common].to_vec();
                match v_chain.len() - common {
                    0 => {}
                    1 if v_chain[common] == v => t.push(0),
                    _ => {
                        return Err(internal(
                            cfg.graph[v].span,
                            &p.name,
                            "edge enters a loop other than at its header",
                        ))
                    }
                }
                Some(t)
            };
            let s = match target {
                None => *cutoff.get_or_insert_with(|| {
                    blocks.push(UnwoundBlock {
                        kind: UnwoundKind::CutOff,
                        succs: Vec::new(),
                    });
                    blocks.len() - 1
                }),
                Some(iters) => match index.get(&(v, iters.clone())) {
                    Some(&s) => s,
                    None => {
                        blocks.push(UnwoundBlock {
                            kind: UnwoundKind::Copy {
                                origin: v,
                                loops: v_chain.clone(),
                                iterations: iters.clone(),
                                reachable: true,
                            },
                            succs: Vec::new(),
                        });
                        let s = blocks.len() - 1;
                        too_big(s)?;
                        index.insert((v, iters), s);
                        work.push(s);
                        s
                    }
                },
            };
            if !succs.contains(&s) {
                succs.push(s);
            }
        }
        blocks[i].succs = succs;
    }

    // Unreachable blocks: once each, without edges.
    let mut unreachable: Vec<NodeIndex> = cfg
        .graph
        .node_indices()
        .filter(|n| !info.reachable.contains(n))
        .collect();
    unreachable.sort();
    for n in unreachable {
        blocks.push(UnwoundBlock {
            kind: UnwoundKind::Copy {
                origin: n,
                loops: Vec::new(),
                iterations: Vec::new(),
                reachable: false,
            },
            succs: Vec::new(),
        });
    }

    let mut headers: Vec<NodeIndex> = info.bodies.keys().copied().collect();
    headers.sort();
    Ok(UnwoundBody {
        proc,
        k,
        blocks,
        entry: 0,
        cutoff,
        headers,
    })
}

fn internal(span: Span, proc: &str, what: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("internal error while unwinding procedure `{proc}`: {what}"),
    )
}
