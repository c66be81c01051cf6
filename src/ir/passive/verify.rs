//! The passive program's contract, checked: what the VC and the cover
//! loops rely on, so that a bug of the middle end is caught where it is
//! made rather than as a wrong verdict later.
//!
//! Takes: the resolved [`Program`] and a [`PassiveProgram`] built from it.
//! Gives: `Ok(())`, or the problems found ([`verify`]). design.md, "The
//! pipeline" (passify's output) and "Reachability VC" (a DAG in
//! topological order, entry first). [`crate::middle::prepare_entry`] runs
//! it after passification in debug builds (and so in every test).
//!
//! The invariants:
//! - there is at least one block, and the entry (`blocks[0]`) has no
//!   predecessor;
//! - every successor edge goes strictly forward (so the graph has no
//!   cycle and the order is topological) to a block that exists, and
//!   `preds` is exactly the inverse of `succs`;
//! - an [`BlockRole::AssertFail`] block has no successor;
//! - every assumption is Boolean, mentions only SSA variables of the
//!   program and no `old` (passification evaluates it away); every choice
//!   point's variable exists;
//! - SSA names are unique, valid SMT-LIB simple symbols
//!   (`[A-Za-z][A-Za-z0-9_]*`);
//! - every block of every procedure with a piece in the program (the
//!   entry's always) has a piece that ends it (`ends_block`), so that
//!   covering the pieces covers the original blocks.

use super::{BlockRole, PassiveProgram, SsaId};
use crate::ir::{ProcId, Program, Type};
use std::collections::{BTreeSet, HashSet};

/// At most this many problems are described in [`verify`]'s error.
const SHOWN_PROBLEMS: usize = 8;

/// Checks the invariants of the module documentation; the error lists the
/// problems found (the first few, then how many more), one per line.
pub fn verify(program: &Program, passive: &PassiveProgram) -> Result<(), String> {
    let found = problems(program, passive);
    if found.is_empty() {
        return Ok(());
    }
    let mut text = found
        .iter()
        .take(SHOWN_PROBLEMS)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    if found.len() > SHOWN_PROBLEMS {
        text.push_str(&format!("\n... and {} more", found.len() - SHOWN_PROBLEMS));
    }
    Err(text)
}

/// Every problem [`verify`] finds, in block order.
pub fn problems(program: &Program, passive: &PassiveProgram) -> Vec<String> {
    let mut out = Vec::new();
    let blocks = &passive.blocks;
    let n = blocks.len();
    if n == 0 {
        out.push("the program has no block".to_string());
    } else if !blocks[0].preds.is_empty() {
        out.push(format!(
            "the entry block #0 has predecessors {}",
            list(&blocks[0].preds)
        ));
    }

    // Edges: forward, in range, and preds the inverse of succs.
    let mut forward: HashSet<(usize, usize)> = HashSet::new();
    let mut backward: HashSet<(usize, usize)> = HashSet::new();
    for (i, b) in blocks.iter().enumerate() {
        for &s in &b.succs {
            if s >= n {
                out.push(format!(
                    "block #{i} has a successor #{s}, which does not exist ({n} blocks)"
                ));
            } else if s <= i {
                out.push(format!(
                    "block #{i} has a successor #{s} that is not after it: \
                     the edge goes backwards (blocks must be in topological order)"
                ));
            }
            forward.insert((i, s));
        }
        for &p in &b.preds {
            if p >= n {
                out.push(format!(
                    "block #{i} has a predecessor #{p}, which does not exist ({n} blocks)"
                ));
            }
            backward.insert((p, i));
        }
        if let BlockRole::AssertFail(id) = b.role {
            if !b.succs.is_empty() {
                out.push(format!(
                    "block #{i}, the failing side of assertion #{}, has successors {}",
                    id.0,
                    list(&b.succs)
                ));
            }
        }
    }
    let mut only_succ: Vec<_> = forward.difference(&backward).copied().collect();
    only_succ.sort();
    for (p, s) in only_succ {
        out.push(format!(
            "block #{p} has successor #{s}, but #{s} does not list #{p} as a predecessor"
        ));
    }
    let mut only_pred: Vec<_> = backward.difference(&forward).copied().collect();
    only_pred.sort();
    for (p, s) in only_pred {
        out.push(format!(
            "block #{s} has predecessor #{p}, but #{p} does not list #{s} as a successor"
        ));
    }

    // Assumptions and choices.
    let nvars = passive.vars.len();
    for (i, b) in blocks.iter().enumerate() {
        for (k, a) in b.assumes.iter().enumerate() {
            if a.ty != Type::Bool {
                out.push(format!(
                    "assumption {k} of block #{i} has type {}, not bool",
                    a.ty
                ));
            }
            let mut out_of_range = BTreeSet::new();
            let mut old = false;
            a.visit_vars(false, &mut |v: &SsaId, under_old| {
                if v.0 >= nvars {
                    out_of_range.insert(v.0);
                }
                old |= under_old;
            });
            for v in out_of_range {
                out.push(format!(
                    "assumption {k} of block #{i} mentions SSA variable {v}, \
                     which does not exist ({nvars} variables)"
                ));
            }
            if old {
                out.push(format!(
                    "assumption {k} of block #{i} still has an `old` (passification removes them)"
                ));
            }
        }
        for c in &b.choices {
            if c.ssa.0 >= nvars {
                out.push(format!(
                    "the choice of `{}` in block #{i} is SSA variable {}, \
                     which does not exist ({nvars} variables)",
                    c.var, c.ssa.0
                ));
            }
        }
    }

    // SSA names.
    let mut names = HashSet::new();
    for (i, v) in passive.vars.iter().enumerate() {
        if !names.insert(v.smt_name.as_str()) {
            out.push(format!(
                "SSA variable {i} is named `{}` like an earlier one",
                v.smt_name
            ));
        }
        if !is_simple_symbol(&v.smt_name) {
            out.push(format!(
                "SSA variable {i} is named `{}`, not an identifier [A-Za-z][A-Za-z0-9_]*",
                v.smt_name
            ));
        }
    }

    out.extend(unended_blocks(program, passive));
    out
}

/// `[A-Za-z][A-Za-z0-9_]*`: an SMT-LIB simple symbol on every solver.
fn is_simple_symbol(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The original blocks, of the procedures that have a piece in `passive`
/// (and of its entry), that no piece ends.
fn unended_blocks(program: &Program, passive: &PassiveProgram) -> Vec<String> {
    let mut out = Vec::new();
    let mut procs: BTreeSet<ProcId> = BTreeSet::from([passive.entry]);
    let mut ended = HashSet::new();
    for (i, b) in passive.blocks.iter().enumerate() {
        if let BlockRole::Code { key, ends_block } = b.role {
            procs.insert(key.proc);
            let known = program
                .procedures
                .get(key.proc.0)
                .and_then(|p| p.body.as_ref())
                .is_some_and(|cfg| cfg.graph.node_weight(key.block).is_some());
            if !known {
                out.push(format!(
                    "block #{i} is a piece of block {} of procedure {}, which does not exist",
                    key.block.index(),
                    key.proc.0
                ));
            }
            if ends_block {
                ended.insert(key);
            }
        }
    }
    for proc in procs {
        let Some(p) = program.procedures.get(proc.0) else {
            out.push(format!(
                "procedure {} does not exist ({} procedures)",
                proc.0,
                program.procedures.len()
            ));
            continue;
        };
        let Some(cfg) = &p.body else {
            out.push(format!("procedure `{}` has pieces but no body", p.name));
            continue;
        };
        for block in cfg.graph.node_indices() {
            if !ended.contains(&super::BlockKey { proc, block }) {
                out.push(format!(
                    "block `{}` of procedure `{}` has no piece that ends it",
                    cfg.graph[block].label, p.name
                ));
            }
        }
    }
    out
}

fn list(blocks: &[usize]) -> String {
    blocks
        .iter()
        .map(|b| format!("#{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::passive::{BlockKey, PassiveBlock, SsaRole, SsaVar};
    use crate::ir::{AssertId, BasicBlock, Cfg, Expr, ExprKind, Procedure};
    use crate::source::Span;
    use petgraph::graph::DiGraph;

    /// `p` with one block `start`, and its passive program: the entry
    /// piece branching to an assertion's two sides.
    fn sample() -> (Program, PassiveProgram) {
        let mut graph = DiGraph::new();
        let start = graph.add_node(BasicBlock {
            label: "start".into(),
            span: Span::default(),
            extent: Span::default(),
            stmts: Vec::new(),
        });
        let program = Program {
            procedures: vec![Procedure {
                name: "p".into(),
                span: Span::default(),
                locals: Vec::new(),
                params: Vec::new(),
                outs: Vec::new(),
                requires: Vec::new(),
                ensures: Vec::new(),
                modifies: Vec::new(),
                inferred_modifies: Vec::new(),
                instance_of: None,
                body: Some(std::sync::Arc::new(Cfg {
                    graph,
                    entry: start,
                })),
            }],
            ..Program::default()
        };
        let key = BlockKey {
            proc: ProcId(0),
            block: start,
        };
        let var = |v: usize| Expr::new(ExprKind::Var(SsaId(v)), Type::Bool, Span::default());
        let block = |role, assumes, succs, preds| PassiveBlock {
            assumes,
            succs,
            preds,
            role,
            enters: None,
            choices: Vec::new(),
        };
        let passive = PassiveProgram {
            entry: ProcId(0),
            vars: vec![SsaVar {
                smt_name: "v0_b".into(),
                ty: Type::Bool,
                role: SsaRole::Input { name: "b".into() },
            }],
            blocks: vec![
                block(
                    BlockRole::Code {
                        key,
                        ends_block: false,
                    },
                    vec![],
                    vec![1, 2],
                    vec![],
                ),
                block(
                    BlockRole::Code {
                        key,
                        ends_block: true,
                    },
                    vec![var(0)],
                    vec![],
                    vec![0],
                ),
                block(
                    BlockRole::AssertFail(AssertId(0)),
                    vec![Expr::not(var(0))],
                    vec![],
                    vec![0],
                ),
            ],
        };
        (program, passive)
    }

    #[test]
    fn accepts_a_well_formed_program() {
        let (program, passive) = sample();
        assert_eq!(verify(&program, &passive), Ok(()));
    }

    #[test]
    fn rejects_each_broken_invariant() {
        let broken = |f: &dyn Fn(&mut PassiveProgram)| {
            let (program, mut passive) = sample();
            f(&mut passive);
            verify(&program, &passive).expect_err("broken program accepted")
        };
        let e = broken(&|p| {
            p.blocks[1].succs.push(0);
            p.blocks[0].preds.push(1);
        });
        assert!(e.contains("the entry block #0 has predecessors #1"), "{e}");
        assert!(
            e.contains("#1 has a successor #0 that is not after it"),
            "{e}"
        );
        let e = broken(&|p| p.blocks[0].succs.push(7));
        assert!(e.contains("successor #7, which does not exist"), "{e}");
        let e = broken(&|p| p.blocks[2].preds.clear());
        assert!(e.contains("#2 does not list #0 as a predecessor"), "{e}");
        let e = broken(&|p| p.blocks[1].preds.push(2));
        assert!(e.contains("#2 does not list #1 as a successor"), "{e}");
        let e = broken(&|p| {
            p.blocks.push(PassiveBlock {
                preds: vec![2],
                ..p.blocks[1].clone()
            });
            p.blocks[2].succs.push(3);
        });
        assert!(
            e.contains("failing side of assertion #0, has successors #3"),
            "{e}"
        );
        let e = broken(&|p| p.blocks[1].assumes[0].ty = Type::Int);
        assert!(e.contains("has type int, not bool"), "{e}");
        let e = broken(&|p| {
            let v = p.blocks[1].assumes[0].clone();
            p.blocks[1].assumes[0] =
                Expr::new(ExprKind::Old(Box::new(v)), Type::Bool, Span::default());
        });
        assert!(e.contains("still has an `old`"), "{e}");
        let e = broken(&|p| p.vars.clear());
        assert!(
            e.contains("mentions SSA variable 0, which does not exist"),
            "{e}"
        );
        let e = broken(&|p| {
            let v = p.vars[0].clone();
            p.vars.push(v);
        });
        assert!(e.contains("named `v0_b` like an earlier one"), "{e}");
        let e = broken(&|p| p.vars[0].smt_name = "0bad name".into());
        assert!(e.contains("not an identifier"), "{e}");
        let e = broken(&|p| {
            p.blocks[1].role = BlockRole::Synthetic;
        });
        assert!(
            e.contains("block `start` of procedure `p` has no piece that ends it"),
            "{e}"
        );
        let e = broken(&|p| p.blocks.clear());
        assert!(e.contains("no block"), "{e}");
    }
}
