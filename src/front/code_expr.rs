//! Code expressions (part of [`crate::front::parse`]): `|{ var x: T; A: x
//! := e; goto B, C; ... B: return x > 0; ... }|`, read while parsing as the
//! formula they stand for.
//!
//! Boogie's meaning: the expression holds when every run of the code that
//! reaches a `return e` has `e` true there (its locals start arbitrary,
//! `assume` prunes runs, a failing `assert` makes it false). That is the
//! weakest precondition of the code, built block by block from the
//! returns back to the start: `(var x := e; Q)` (a let) for `x := e`,
//! `c ==> Q` for `assume c`, `c && Q` for `assert c`, `(forall x: T :: Q)`
//! for `havoc x`, the conjunction of the targets' formulas for `goto`; the
//! locals the result still reads are bound by a `forall` around it.
//!
//! Takes: the locals and items of one code expression (the grammar's
//! `CodeExpr`). Gives: an [`ast::Expr`] of lets, quantifiers and Boolean
//! connectives, so that no later stage knows of code expressions. Refused,
//! located: a loop among its blocks, a `call`, structured statements,
//! `return` without a value, a `havoc` or assignment of a variable it does
//! not declare. Issue 19 (design.md, "The pipeline": parse).

use crate::front::ast::{self, BindingGroup, Expr, ExprKind, Ident, StmtKind, VarDecl};
use crate::front::lexer::{LexError, Tok};
use crate::front::parse::mk_expr;
use crate::ir::{BinOp, Quantifier};
use crate::source::{FileId, Span};
use lalrpop_util::ParseError;
use std::collections::HashMap;

type GrammarError = ParseError<usize, Tok, LexError>;

/// One item of a code expression's body.
pub enum CodeItem {
    /// `A:`
    Label(Ident),
    /// A statement (as in a procedure body).
    Stmt(ast::Stmt),
    /// `return e;`
    Return(Expr, Span),
}

/// How a block of a code expression ends.
enum End {
    Goto(Vec<Ident>),
    Return(Expr),
    /// No `goto` or `return`: on to the next block.
    Next,
}

struct CodeBlock {
    stmts: Vec<ast::Stmt>,
    end: End,
}

/// The formula code expression `|{ locals items }|` (from byte `l` to `r`)
/// stands for; see the module's comment.
pub(crate) fn code_expression(
    file: FileId,
    l: usize,
    r: usize,
    locals: Vec<VarDecl>,
    items: Vec<CodeItem>,
) -> Result<Expr, GrammarError> {
    let span = Span::new(file, l, r);
    let fail = |at: Span, message: String| -> GrammarError {
        ParseError::User {
            error: LexError::new(at.start as usize, at.end as usize, message),
        }
    };
    let mut types = HashMap::new();
    let mut groups = Vec::new();
    for d in &locals {
        for g in &d.groups {
            if let Some(w) = &g.where_clause {
                return Err(fail(
                    w.span,
                    "unsupported: a `where` clause on a local of a code expression".into(),
                ));
            }
            let Some(ty) = &g.ty else {
                return Err(fail(d.span, "a local variable needs a type".into()));
            };
            for n in &g.names {
                types.insert(n.name.clone(), ty.clone());
            }
            groups.push(g.clone());
        }
    }
    let (blocks, labels) = split_blocks(items, &fail)?;
    if blocks.is_empty() {
        return Err(fail(
            span,
            "a code expression needs a block ending in `return e;`".into(),
        ));
    }
    let order = acyclic_order(&blocks, &labels, span, &fail)?;
    // Weakest preconditions, the targets of each block before it.
    let mut wp: Vec<Option<Expr>> = vec![None; blocks.len()];
    for &i in order.iter().rev() {
        let b = &blocks[i];
        let mut q = match &b.end {
            End::Return(e) => e.clone(),
            End::Next => match wp.get(i + 1).cloned().flatten() {
                Some(next) => next,
                None => {
                    return Err(fail(
                        span,
                        "the last block of a code expression must end in `return e;` or `goto`"
                            .into(),
                    ))
                }
            },
            End::Goto(targets) => {
                let mut acc: Option<Expr> = None;
                for t in targets {
                    let next = wp[labels[&t.name]].clone().expect("targets come first");
                    acc = Some(match acc {
                        None => next,
                        Some(a) => binary(file, span, BinOp::And, a, next)?,
                    });
                }
                acc.expect("a goto has a target")
            }
        };
        for s in b.stmts.iter().rev() {
            q = statement_wp(file, s, q, &types, &fail)?;
        }
        wp[i] = Some(q);
    }
    let body = wp[0].take().expect("the first block is reached");
    let free: Vec<BindingGroup> = groups
        .into_iter()
        .filter_map(|g| {
            let names: Vec<Ident> = g
                .names
                .iter()
                .filter(|n| occurs_free(&body, &n.name))
                .cloned()
                .collect();
            (!names.is_empty()).then_some(BindingGroup { names, ..g })
        })
        .collect();
    if free.is_empty() {
        return Ok(Expr { span, ..body });
    }
    mk_expr(
        file,
        l,
        r,
        ExprKind::Quant(
            Quantifier::Forall,
            Vec::new(),
            free,
            Box::new(body),
            Vec::new(),
        ),
    )
}

/// The blocks of a code expression, in order, and the index of each label.
fn split_blocks(
    items: Vec<CodeItem>,
    fail: &dyn Fn(Span, String) -> GrammarError,
) -> Result<(Vec<CodeBlock>, HashMap<String, usize>), GrammarError> {
    let mut blocks: Vec<CodeBlock> = Vec::new();
    let mut labels = HashMap::new();
    // Statements after a `goto` or `return` and before the next label are
    // never run.
    let mut ended = true;
    for item in items {
        match item {
            CodeItem::Label(name) => {
                if labels.insert(name.name.clone(), blocks.len()).is_some() {
                    return Err(fail(name.span, format!("duplicate label `{}`", name.name)));
                }
                blocks.push(CodeBlock {
                    stmts: Vec::new(),
                    end: End::Next,
                });
                ended = false;
            }
            CodeItem::Return(e, _) => {
                if let Some(b) = blocks.last_mut().filter(|_| !ended) {
                    b.end = End::Return(e);
                } else if blocks.is_empty() {
                    blocks.push(CodeBlock {
                        stmts: Vec::new(),
                        end: End::Return(e),
                    });
                }
                ended = true;
            }
            CodeItem::Stmt(s) => {
                if blocks.is_empty() {
                    blocks.push(CodeBlock {
                        stmts: Vec::new(),
                        end: End::Next,
                    });
                    ended = false;
                }
                if ended {
                    continue;
                }
                let b = blocks.last_mut().expect("a block is open");
                match s.kind {
                    StmtKind::Goto(targets) => {
                        b.end = End::Goto(targets);
                        ended = true;
                    }
                    StmtKind::Return => {
                        return Err(fail(
                            s.span,
                            "a code expression returns a value: `return e;`".into(),
                        ))
                    }
                    StmtKind::Assign { .. }
                    | StmtKind::Assume(_)
                    | StmtKind::Assert(_)
                    | StmtKind::Havoc(_) => b.stmts.push(s),
                    StmtKind::Call { .. } => {
                        return Err(fail(
                            s.span,
                            "unsupported: a `call` in a code expression".into(),
                        ))
                    }
                    StmtKind::If { .. } | StmtKind::While { .. } | StmtKind::Break(_) => {
                        return Err(fail(
                            s.span,
                            "unsupported: a structured statement in a code expression (write its blocks with `goto`)"
                                .into(),
                        ))
                    }
                }
            }
        }
    }
    Ok((blocks, labels))
}

/// The blocks reachable from the first, each after every block that can
/// reach it; a loop among them is refused.
fn acyclic_order(
    blocks: &[CodeBlock],
    labels: &HashMap<String, usize>,
    span: Span,
    fail: &dyn Fn(Span, String) -> GrammarError,
) -> Result<Vec<usize>, GrammarError> {
    let successors = |i: usize| -> Result<Vec<usize>, GrammarError> {
        match &blocks[i].end {
            End::Goto(targets) => targets
                .iter()
                .map(|t| {
                    labels
                        .get(&t.name)
                        .copied()
                        .ok_or_else(|| fail(t.span, format!("undeclared label `{}`", t.name)))
                })
                .collect(),
            End::Next if i + 1 < blocks.len() => Ok(vec![i + 1]),
            _ => Ok(Vec::new()),
        }
    };
    // Iterative depth-first search: 0 unseen, 1 on the stack, 2 done.
    let mut state = vec![0u8; blocks.len()];
    let mut post = Vec::new();
    let mut stack = vec![(0usize, successors(0)?, 0usize)];
    state[0] = 1;
    while let Some((node, succ, next)) = stack.last_mut() {
        if let Some(&s) = succ.get(*next) {
            *next += 1;
            match state[s] {
                0 => {
                    state[s] = 1;
                    let ss = successors(s)?;
                    stack.push((s, ss, 0));
                }
                1 => {
                    return Err(fail(
                        span,
                        "unsupported: a loop among the blocks of a code expression".into(),
                    ))
                }
                _ => {}
            }
        } else {
            state[*node] = 2;
            post.push(*node);
            stack.pop();
        }
    }
    post.reverse();
    Ok(post)
}

/// The weakest precondition of statement `s` before `q`.
fn statement_wp(
    file: FileId,
    s: &ast::Stmt,
    q: Expr,
    types: &HashMap<String, ast::TypeExpr>,
    fail: &dyn Fn(Span, String) -> GrammarError,
) -> Result<Expr, GrammarError> {
    let span = s.span;
    let local = |n: &Ident| {
        types.get(&n.name).cloned().ok_or_else(|| {
            fail(
                n.span,
                format!(
                    "unsupported: a code expression writes `{}`, which it does not declare",
                    n.name
                ),
            )
        })
    };
    match &s.kind {
        StmtKind::Assume(c) => binary(file, span, BinOp::Implies, c.clone(), q),
        StmtKind::Assert(c) => binary(file, span, BinOp::And, c.clone(), q),
        StmtKind::Assign { lhs, rhs } => {
            if lhs.len() != rhs.len() {
                return Err(fail(
                    span,
                    format!(
                        "assignment has {} targets but {} values",
                        lhs.len(),
                        rhs.len()
                    ),
                ));
            }
            let mut names = Vec::new();
            let mut values = Vec::new();
            for (t, v) in lhs.iter().zip(rhs) {
                local(&t.name)?;
                names.push(t.name.clone());
                values.push(t.assigned_value(v));
            }
            mk_expr(
                file,
                span.start as usize,
                span.end as usize,
                ExprKind::Let(names, values, Box::new(q)),
            )
        }
        StmtKind::Havoc(names) => {
            let mut groups = Vec::new();
            for n in names {
                groups.push(BindingGroup {
                    names: vec![n.clone()],
                    ty: Some(local(n)?),
                    attrs: Vec::new(),
                    where_clause: None,
                });
            }
            mk_expr(
                file,
                span.start as usize,
                span.end as usize,
                ExprKind::Quant(
                    Quantifier::Forall,
                    Vec::new(),
                    groups,
                    Box::new(q),
                    Vec::new(),
                ),
            )
        }
        _ => unreachable!("split_blocks keeps only these"),
    }
}

fn binary(file: FileId, span: Span, op: BinOp, a: Expr, b: Expr) -> Result<Expr, GrammarError> {
    mk_expr(
        file,
        span.start as usize,
        span.end as usize,
        ExprKind::Binary(op, Box::new(a), Box::new(b)),
    )
}

/// Whether `name` occurs in `e` outside a binder of that name.
fn occurs_free(e: &Expr, name: &str) -> bool {
    let binds = |groups: &[BindingGroup]| {
        groups
            .iter()
            .any(|g| g.names.iter().any(|n| n.name == name))
    };
    match &e.kind {
        ExprKind::Var(v) => v == name,
        ExprKind::Quant(_, _, groups, body, triggers) => {
            !binds(groups)
                && (occurs_free(body, name)
                    || triggers.iter().flatten().any(|t| occurs_free(t, name)))
        }
        ExprKind::Lambda(_, groups, body) => !binds(groups) && occurs_free(body, name),
        ExprKind::Let(names, values, body) => {
            values.iter().any(|v| occurs_free(v, name))
                || (!names.iter().any(|n| n.name == name) && occurs_free(body, name))
        }
        _ => e.children().into_iter().any(|c| occurs_free(c, name)),
    }
}
