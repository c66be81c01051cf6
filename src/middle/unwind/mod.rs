//! Loop unwinding: one procedure body made loop-free.
//!
//! Takes: a [`Program`], one procedure with a body, and the bound `k`.
//! Gives: an [`UnwoundBody`], a loop-free graph of copies of the body's
//! blocks, each copy remembering its original block and its iteration
//! vector, plus at most one synthetic cut-off block (`assume false`).
//! design.md, "Semantics, pinned down" (loop unwinding k) and the BRIEF's
//! decisions on unwinding.
//!
//! First [`split::make_reducible`] copies blocks of an irreducible body
//! until every cycle has one entry (node splitting; a reducible body is
//! left as it is); it gives up with a [`Diagnostic`] located at a block of
//! an irreducible cycle when that would copy too many blocks. Loops are
//! then the natural loops of that graph: a back edge is an edge `t → h`
//! whose target `h` dominates its source `t` (dominators computed from the
//! entry with [`petgraph::algo::dominators`]); all back edges to one header
//! form one loop. "Each loop's back edges at most k times per entry into
//! the loop" is meant of these loops: a run of an irreducible body counts
//! the back edges of the split graph's loops (its image there is unique).
//!
//! Each loop's nodes are copied `k + 1` times (copies `0..=k`): entry edges
//! go to copy 0 of the header, a back edge of copy `i < k` goes to copy
//! `i + 1` of the header, a back edge of copy `k` goes to the cut-off, exit
//! edges of any copy go to the loop's exits. Nested loops are unwound
//! innermost first, i.e. every copy of an outer loop holds its own complete
//! unwinding of the inner loop: a copy is identified by its original block
//! and one iteration number per enclosing loop (outermost first). Blocks
//! unreachable from the entry are kept once, without any edge.

pub mod display;
pub mod split;

use crate::ir::{Cfg, ProcId, Program};
use crate::source::{Diagnostic, Span};
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
use split::SplitGraph;
use std::collections::{HashMap, HashSet};

/// At most this many blocks in one unwound body; beyond, unwinding refuses
/// (nested loops grow as `(k+1)^depth`).
pub(crate) const MAX_UNWOUND_BLOCKS: usize = 200_000;

/// What a block of an unwound body stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnwoundKind {
    /// A copy of original block `origin` (a node of the procedure's body).
    Copy {
        origin: NodeIndex,
        /// Which node-splitting copy of `origin` this unwinds: 0 for the
        /// block itself (always, in a reducible body), see [`split`].
        split_copy: u32,
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
    /// An empty block on an edge that leaves the loop whose header is
    /// `head` after `count` times around it (in the iteration copy
    /// `count`), added by [`mark_loop_exits`]: a run passes it exactly
    /// when it leaves that loop after going around it `count` times.
    LoopExit { head: NodeIndex, count: u32 },
}

/// One block of an unwound body. Successors are in `goto` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwoundBlock {
    pub kind: UnwoundKind,
    pub succs: Vec<usize>,
}

impl UnwoundBlock {
    /// The original block of a copy (`None` for the cut-off and exits).
    pub fn origin(&self) -> Option<NodeIndex> {
        match &self.kind {
            UnwoundKind::Copy { origin, .. } => Some(*origin),
            UnwoundKind::CutOff | UnwoundKind::LoopExit { .. } => None,
        }
    }
}

/// Loop-iteration coverage (issue 20, `--loop-coverage`): puts a
/// [`UnwoundKind::LoopExit`] block on every edge by which a run leaves a
/// loop, one per loop it leaves (innermost first), and after every block
/// of a loop that ends the procedure (a `return` inside the loop leaves it
/// too). The back edges of the last copies (to the cut-off) leave nothing:
/// no run takes them. The blocks are empty, so the body has the same runs
/// as before; each run passes the exits of the loops it leaves, with the
/// number of times it went around each.
pub fn mark_loop_exits(body: &mut UnwoundBody) {
    let n = body.blocks.len();
    for b in 0..n {
        let UnwoundKind::Copy {
            loops,
            iterations,
            reachable: true,
            ..
        } = &body.blocks[b].kind
        else {
            continue;
        };
        if loops.is_empty() {
            continue;
        }
        let (loops, iterations) = (loops.clone(), iterations.clone());
        // The exits of the loops this block is in and `target` is not in,
        // innermost first, chained in front of `target` (`None`: the end
        // of the procedure).
        let chain = |body: &mut UnwoundBody, target: Option<usize>| -> Option<usize> {
            let inside: &[NodeIndex] = match target.map(|t| &body.blocks[t].kind) {
                Some(UnwoundKind::Copy { loops, .. }) => loops,
                Some(_) => return target,
                None => &[],
            };
            let left: Vec<(NodeIndex, u32)> = loops
                .iter()
                .zip(&iterations)
                .filter(|(h, _)| !inside.contains(h))
                .map(|(h, i)| (*h, *i))
                .collect();
            let mut next = target;
            for &(head, count) in &left {
                body.blocks.push(UnwoundBlock {
                    kind: UnwoundKind::LoopExit { head, count },
                    succs: next.into_iter().collect(),
                });
                next = Some(body.blocks.len() - 1);
            }
            next
        };
        let succs = body.blocks[b].succs.clone();
        if succs.is_empty() {
            if let Some(exit) = chain(body, None) {
                body.blocks[b].succs = vec![exit];
            }
            continue;
        }
        let mut new_succs = Vec::with_capacity(succs.len());
        for s in succs {
            new_succs.push(chain(body, Some(s)).unwrap_or(s));
        }
        body.blocks[b].succs = new_succs;
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
    /// The loop headers found (one per natural loop; for a loop of the
    /// split graph, the header's original block).
    pub headers: Vec<NodeIndex>,
    /// Blocks node splitting copied to make the body reducible (0 when it
    /// was reducible).
    pub split_copies: usize,
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

/// The natural loops of the split graph, merged per header. Nodes are
/// indices into [`SplitGraph::nodes`].
struct LoopInfo {
    /// For each header, the set of nodes of its loop.
    bodies: HashMap<usize, HashSet<usize>>,
    /// Back edges `(tail, header)`.
    back_edges: HashSet<(usize, usize)>,
    /// Per node, headers of the loops containing it, outermost first.
    chains: Vec<Vec<usize>>,
}

fn find_loops(
    program: &Program,
    proc: ProcId,
    cfg: &Cfg,
    graph: &SplitGraph,
) -> Result<LoopInfo, Diagnostic> {
    let mut g: DiGraph<(), ()> = DiGraph::new();
    let ids: Vec<NodeIndex> = graph.nodes.iter().map(|_| g.add_node(())).collect();
    for (i, n) in graph.nodes.iter().enumerate() {
        for &s in &n.succs {
            g.add_edge(ids[i], ids[s], ());
        }
    }
    let doms = dominators::simple_fast(&g, ids[graph.entry]);
    let dominates = |h: usize, t: usize| -> bool {
        doms.dominators(ids[t])
            .map(|mut it| it.any(|d| d == ids[h]))
            .unwrap_or(false)
    };
    let mut back_edges = HashSet::new();
    for (t, n) in graph.nodes.iter().enumerate() {
        for &h in &n.succs {
            if dominates(h, t) {
                back_edges.insert((t, h));
            }
        }
    }
    check_reducible(program, proc, cfg, graph, &back_edges)?;

    let mut preds = vec![Vec::new(); graph.nodes.len()];
    for (i, n) in graph.nodes.iter().enumerate() {
        for &s in &n.succs {
            preds[s].push(i);
        }
    }
    // Natural loop of each header: the header plus every node that reaches
    // a back-edge tail without passing the header.
    let mut bodies: HashMap<usize, HashSet<usize>> = HashMap::new();
    for &(t, h) in &back_edges {
        let body = bodies.entry(h).or_insert_with(|| HashSet::from([h]));
        let mut stack = Vec::new();
        if body.insert(t) {
            stack.push(t);
        }
        while let Some(n) = stack.pop() {
            for &p in &preds[n] {
                if body.insert(p) {
                    stack.push(p);
                }
            }
        }
    }
    // Loops of a reducible CFG are nested or disjoint: order the headers of
    // the loops containing a node by body size, largest (outermost) first.
    let chains = (0..graph.nodes.len())
        .map(|n| {
            let mut chain: Vec<usize> = bodies
                .iter()
                .filter(|(_, b)| b.contains(&n))
                .map(|(&h, _)| h)
                .collect();
            chain.sort_by_key(|&h| (std::cmp::Reverse(bodies[&h].len()), h));
            chain
        })
        .collect();
    Ok(LoopInfo {
        bodies,
        back_edges,
        chains,
    })
}

/// Rejects a cycle that does not go through a back edge. Node splitting
/// made the graph reducible, so this is a safety net: the error says so.
fn check_reducible(
    program: &Program,
    proc: ProcId,
    cfg: &Cfg,
    graph: &SplitGraph,
    back_edges: &HashSet<(usize, usize)>,
) -> Result<(), Diagnostic> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark = vec![Mark::New; graph.nodes.len()];
    let forward = |n: usize| -> Vec<usize> {
        graph.nodes[n]
            .succs
            .iter()
            .copied()
            .filter(|&s| !back_edges.contains(&(n, s)))
            .collect()
    };
    for root in 0..graph.nodes.len() {
        if mark[root] != Mark::New {
            continue;
        }
        // Iterative DFS: (node, its forward successors, next position).
        let mut stack = vec![(root, forward(root), 0usize)];
        mark[root] = Mark::Open;
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let s = top.1[top.2];
                top.2 += 1;
                match mark[s] {
                    Mark::New => {
                        mark[s] = Mark::Open;
                        let f = forward(s);
                        stack.push((s, f, 0));
                    }
                    Mark::Open => {
                        let p = program.proc(proc);
                        let block = &cfg.graph[graph.nodes[s].origin];
                        return Err(internal(
                            block.span,
                            &p.name,
                            &format!(
                                "node splitting left block `{}` on a cycle that can be \
                                 entered at more than one block",
                                block.label
                            ),
                        ));
                    }
                    Mark::Done => {}
                }
            } else {
                mark[top.0] = Mark::Done;
                stack.pop();
            }
        }
    }
    Ok(())
}

/// Unwinds the loops of `proc`'s body `k` times (see the module doc).
/// Fails on a procedure without a body, an irreducible CFG that node
/// splitting cannot make reducible within its limit, or a body that would
/// exceed [`MAX_UNWOUND_BLOCKS`].
pub fn unwind_loops(program: &Program, proc: ProcId, k: u32) -> Result<UnwoundBody, Diagnostic> {
    let p = program.proc(proc);
    let Some(cfg) = p.body.as_ref() else {
        return Err(Diagnostic::error(
            p.span,
            format!("procedure `{}` has no body to unwind", p.name),
        ));
    };
    let graph = split::make_reducible(program, proc, cfg)?;
    let info = find_loops(program, proc, cfg, &graph)?;
    let origin_of = |n: usize| graph.nodes[n].origin;
    let copy_of = |n: usize, iterations: Vec<u32>| UnwoundKind::Copy {
        origin: origin_of(n),
        split_copy: graph.nodes[n].copy,
        loops: info.chains[n].iter().map(|&h| origin_of(h)).collect(),
        iterations,
        reachable: true,
    };

    let mut blocks: Vec<UnwoundBlock> = Vec::new();
    // Split node and iteration vector of each copy made so far.
    let mut made: Vec<Option<(usize, Vec<u32>)>> = Vec::new();
    let mut index: HashMap<(usize, Vec<u32>), usize> = HashMap::new();
    let mut cutoff: Option<usize> = None;
    let mut work: Vec<usize> = Vec::new();

    let entry_iters = vec![0; info.chains[graph.entry].len()];
    blocks.push(UnwoundBlock {
        kind: copy_of(graph.entry, entry_iters.clone()),
        succs: Vec::new(),
    });
    made.push(Some((graph.entry, entry_iters.clone())));
    index.insert((graph.entry, entry_iters), 0);
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
        let Some((u, u_iters)) = made[i].clone() else {
            continue;
        };
        let u_chain = &info.chains[u];
        let mut succs = Vec::new();
        for &v in &graph.nodes[u].succs {
            let v_chain = &info.chains[v];
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
                            cfg.graph[origin_of(v)].span,
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
                    made.push(None);
                    blocks.len() - 1
                }),
                Some(iters) => match index.get(&(v, iters.clone())) {
                    Some(&s) => s,
                    None => {
                        blocks.push(UnwoundBlock {
                            kind: copy_of(v, iters.clone()),
                            succs: Vec::new(),
                        });
                        made.push(Some((v, iters.clone())));
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

    // Blocks unreachable from the entry: once each, without edges.
    let reachable: HashSet<NodeIndex> = graph.nodes.iter().map(|n| n.origin).collect();
    let mut unreachable: Vec<NodeIndex> = cfg
        .graph
        .node_indices()
        .filter(|n| !reachable.contains(n))
        .collect();
    unreachable.sort();
    for n in unreachable {
        blocks.push(UnwoundBlock {
            kind: UnwoundKind::Copy {
                origin: n,
                split_copy: 0,
                loops: Vec::new(),
                iterations: Vec::new(),
                reachable: false,
            },
            succs: Vec::new(),
        });
    }

    let mut headers: Vec<NodeIndex> = info.bodies.keys().map(|&h| origin_of(h)).collect();
    headers.sort();
    headers.dedup();
    Ok(UnwoundBody {
        proc,
        k,
        blocks,
        entry: 0,
        cutoff,
        headers,
        split_copies: graph.copies_added,
    })
}

fn internal(span: Span, proc: &str, what: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("internal error while unwinding procedure `{proc}`: {what}"),
    )
}
