//! What a procedure reads (part of [`super`]): the facts the inliner needs
//! of each procedure, computed on its original CFG.
//!
//! Takes: a [`Program`] and a procedure. Gives: its locals and outputs that
//! some run may read before writing them (havocked as `Uninitialized`
//! choices where an invocation starts; inputs of the entry), and the
//! globals it reads under `old` (saved where an invocation starts).
//! design.md, "Semantics, pinned down" (inputs; calls).

use crate::ir::{Expr, GlobalId, LocalId, LocalKind, ProcId, Program, StmtKind, VarRef};
use std::collections::{HashMap, HashSet};

/// Locals (parameters excluded) of `proc` that some run may read before
/// writing, in declaration order. A read is any use in a statement (`old`
/// included) or, at a returning block, in a non-free `ensures`; when
/// `as_callee`, the outputs are also read at return (they are copied to the
/// caller). Computed on the original CFG (reachable blocks only) with a
/// must-be-written data-flow analysis, so it does not depend on `k`.
pub fn read_before_written(program: &Program, proc: ProcId, as_callee: bool) -> Vec<LocalId> {
    let p = program.proc(proc);
    let Some(cfg) = p.body.as_ref() else {
        return Vec::new();
    };
    let n = p.locals.len();
    let nodes: Vec<_> = cfg.graph.node_indices().collect();
    // Reachable blocks.
    let mut reachable = HashSet::new();
    let mut stack = vec![cfg.entry];
    reachable.insert(cfg.entry);
    while let Some(b) = stack.pop() {
        for s in cfg.graph.neighbors(b) {
            if reachable.insert(s) {
                stack.push(s);
            }
        }
    }
    let mut at_start = vec![false; n];
    for l in &p.params {
        if l.0 < n {
            at_start[l.0] = true;
        }
    }
    // written_in[b]: locals written on every path to b's start.
    let mut written_in: HashMap<_, Vec<bool>> = nodes
        .iter()
        .map(|&b| {
            let v = if b == cfg.entry {
                at_start.clone()
            } else {
                vec![true; n]
            };
            (b, v)
        })
        .collect();
    let transfer = |b, mut w: Vec<bool>, reads: &mut Option<&mut Vec<bool>>| -> Vec<bool> {
        let block: &crate::ir::BasicBlock = &cfg.graph[b];
        for s in &block.stmts {
            let mut read = |e: &Expr, w: &Vec<bool>| {
                if let Some(r) = reads.as_deref_mut() {
                    e.visit_vars(false, &mut |v, _| {
                        if let VarRef::Local(l) = v {
                            if l.0 < n && !w[l.0] {
                                r[l.0] = true;
                            }
                        }
                    });
                }
            };
            let write = |v: &VarRef, w: &mut Vec<bool>| {
                if let VarRef::Local(l) = v {
                    if l.0 < n {
                        w[l.0] = true;
                    }
                }
            };
            match &s.kind {
                StmtKind::Assign(pairs) => {
                    for (_, e) in pairs {
                        read(e, &w);
                    }
                    for (v, _) in pairs {
                        write(v, &mut w);
                    }
                }
                StmtKind::Assume(e) | StmtKind::Assert(_, e) => read(e, &w),
                StmtKind::Havoc(vs) => {
                    for v in vs {
                        write(v, &mut w);
                    }
                }
                StmtKind::Call { args, outs, .. } => {
                    for e in args {
                        read(e, &w);
                    }
                    for v in outs {
                        write(v, &mut w);
                    }
                }
            }
        }
        w
    };
    // Fixpoint (intersection over reachable predecessors).
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &nodes {
            if !reachable.contains(&b) || b == cfg.entry {
                continue;
            }
            let mut acc = vec![true; n];
            for pr in cfg
                .graph
                .neighbors_directed(b, petgraph::Direction::Incoming)
            {
                if !reachable.contains(&pr) {
                    continue;
                }
                let out = transfer(pr, written_in[&pr].clone(), &mut None);
                for i in 0..n {
                    acc[i] &= out[i];
                }
            }
            if acc == written_in[&b] {
                continue;
            }
            written_in.insert(b, acc);
            changed = true;
        }
    }
    let mut rbw = vec![false; n];
    for &b in &nodes {
        if !reachable.contains(&b) {
            continue;
        }
        let out = transfer(b, written_in[&b].clone(), &mut Some(&mut rbw));
        if cfg.graph.neighbors(b).next().is_none() {
            for spec in p.ensures.iter().filter(|s| !s.free) {
                spec.expr.visit_vars(false, &mut |v, _| {
                    if let VarRef::Local(l) = v {
                        if l.0 < n && !out[l.0] {
                            rbw[l.0] = true;
                        }
                    }
                });
            }
            if as_callee {
                for l in &p.outs {
                    if l.0 < n && !out[l.0] {
                        rbw[l.0] = true;
                    }
                }
            }
        }
    }
    (0..n)
        .filter(|&i| rbw[i] && p.locals[i].kind != LocalKind::Param)
        .map(LocalId)
        .collect()
}

/// Globals that `proc` reads under `old` (body, `requires`, `ensures`).
pub(super) fn globals_under_old(program: &Program, proc: ProcId) -> Vec<GlobalId> {
    let p = program.proc(proc);
    let mut out: Vec<GlobalId> = Vec::new();
    p.for_each_expr(|e: &Expr| {
        e.visit_vars(false, &mut |v, under_old| {
            if let (VarRef::Global(g), true) = (v, under_old) {
                if !out.contains(g) {
                    out.push(*g);
                }
            }
        })
    });
    out.sort();
    out
}
