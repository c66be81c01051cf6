//! Lowering a body to its control-flow graph.
//!
//! Takes: a procedure body as the flat list of labels, resolved statements,
//! `goto`s and `return`s that was written ([`LoweredItem`], produced by
//! [`crate::resolve`]). Gives: [`ir::Cfg`], a petgraph graph of basic
//! blocks whose out-edges are the `goto` targets in source order, or the
//! label errors (duplicate or undeclared labels). design.md, "The pipeline":
//! `AST ──lower──▶ CFG per procedure`.
//!
//! Cutting into blocks, as Boogie does:
//! - A label starts a block. A block without `goto`/`return` falls through
//!   to the next label; after the last block it returns (no successor).
//! - Statements before the first label form the entry block; statements
//!   after a `goto`/`return` and before the next label form a block of
//!   their own (unreachable). Such unlabelled blocks are named `anon0`,
//!   `anon1`, ... in order, skipping every name used as a label in the same
//!   body, so a generated name never equals a user label.
//! - An empty body is one empty block (it returns).

use crate::ast::Ident;
use crate::ir::{BasicBlock, Cfg, Stmt};
use crate::source::{Diagnostic, Span};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{HashMap, HashSet};

/// One element of a body, its statements already resolved.
#[derive(Clone, Debug)]
pub enum LoweredItem {
    Label(Ident),
    Stmt(Stmt),
    Goto(Vec<Ident>, Span),
    Return(Span),
}

/// How a block ends.
enum Exit {
    /// No `goto`/`return`: falls through to the next block, or returns.
    FallThrough,
    Goto(Vec<Ident>),
    Return,
}

struct PendingBlock {
    label: String,
    span: Span,
    extent: Span,
    stmts: Vec<Stmt>,
    exit: Exit,
}

/// Cuts `items` into blocks and connects them. `body_span` locates an
/// empty body.
pub fn lower_body(items: &[LoweredItem], body_span: Span) -> Result<Cfg, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut user_labels: HashSet<&str> = HashSet::new();
    for item in items {
        if let LoweredItem::Label(l) = item {
            if !user_labels.insert(&l.name) {
                errors.push(Diagnostic::error(
                    l.span,
                    format!("duplicate label `{}`", l.name),
                ));
            }
        }
    }
    let mut next_anon = 0usize;
    let mut fresh_label = || loop {
        let name = format!("anon{next_anon}");
        next_anon += 1;
        if !user_labels.contains(name.as_str()) {
            return name;
        }
    };

    let mut blocks: Vec<PendingBlock> = Vec::new();
    // Whether the last block is still open (may take more statements).
    let mut open = false;
    for item in items {
        let item_span = match item {
            LoweredItem::Label(l) => l.span,
            LoweredItem::Stmt(s) => s.span,
            LoweredItem::Goto(_, sp) | LoweredItem::Return(sp) => *sp,
        };
        if let LoweredItem::Label(l) = item {
            blocks.push(PendingBlock {
                label: l.name.clone(),
                span: l.span,
                extent: l.span,
                stmts: Vec::new(),
                exit: Exit::FallThrough,
            });
            open = true;
            continue;
        }
        if !open {
            blocks.push(PendingBlock {
                label: fresh_label(),
                span: item_span,
                extent: item_span,
                stmts: Vec::new(),
                exit: Exit::FallThrough,
            });
            open = true;
        }
        let b = blocks.last_mut().expect("a block is open");
        b.extent = b.extent.to(item_span);
        match item {
            LoweredItem::Stmt(s) => b.stmts.push(s.clone()),
            LoweredItem::Goto(targets, _) => {
                b.exit = Exit::Goto(targets.clone());
                open = false;
            }
            LoweredItem::Return(_) => {
                b.exit = Exit::Return;
                open = false;
            }
            LoweredItem::Label(_) => unreachable!("labels handled above"),
        }
    }
    if blocks.is_empty() {
        blocks.push(PendingBlock {
            label: fresh_label(),
            span: body_span,
            extent: body_span,
            stmts: Vec::new(),
            exit: Exit::Return,
        });
    }

    let mut graph: DiGraph<BasicBlock, ()> = DiGraph::new();
    let mut by_label: HashMap<String, NodeIndex> = HashMap::new();
    let mut nodes = Vec::new();
    let mut exits = Vec::new();
    for b in blocks {
        let n = graph.add_node(BasicBlock {
            label: b.label.clone(),
            span: b.span,
            extent: b.extent,
            stmts: b.stmts,
        });
        by_label.entry(b.label).or_insert(n);
        nodes.push(n);
        exits.push(b.exit);
    }
    for (i, exit) in exits.iter().enumerate() {
        let from = nodes[i];
        match exit {
            Exit::Return => {}
            Exit::FallThrough => {
                if let Some(&next) = nodes.get(i + 1) {
                    graph.add_edge(from, next, ());
                }
            }
            Exit::Goto(targets) => {
                let mut added: Vec<NodeIndex> = Vec::new();
                for t in targets {
                    // Only user labels can be jumped to, never a generated name.
                    let target = by_label
                        .get(&t.name)
                        .filter(|_| user_labels.contains(t.name.as_str()));
                    match target {
                        Some(&to) => {
                            if !added.contains(&to) {
                                added.push(to);
                                graph.add_edge(from, to, ());
                            }
                        }
                        None => errors.push(undeclared(t)),
                    }
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Cfg {
        graph,
        entry: nodes[0],
    })
}

fn undeclared(t: &Ident) -> Diagnostic {
    Diagnostic::error(t.span, format!("undeclared label `{}`", t.name))
}
