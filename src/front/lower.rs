//! Lowering a body to its control-flow graph.
//!
//! Takes: a procedure body as the list of labels, resolved statements,
//! `goto`s, `return`s and structured statements (`if`, `while`, `break`)
//! that was written ([`LoweredItem`], produced by [`crate::front::resolve`]).
//! Gives: [`Cfg`], a petgraph graph of basic blocks whose out-edges are
//! the `goto` targets in source order, or the label errors (duplicate or
//! undeclared labels, misplaced `break`). design.md, "The pipeline":
//! `AST ──lower──▶ CFG per procedure`.
//!
//! Structured statements become blocks the way Boogie does it (first
//! flattened to labels and `goto`s with generated labels, then cut):
//! - `if (c) {A} else {B}`: the current block ends with
//!   `goto anonN_Then, anonN_Else`; `anonN_Then: assume c; A; goto J`,
//!   `anonN_Else: assume !c; B; goto J`, and the code after the `if` starts
//!   block `J` (a fresh `anonM`). Without `else`, the else block only
//!   assumes `!c`. `if (*)` assumes nothing. `else if` is an `if` inside
//!   the else block.
//! - `while (c) invariant I; free invariant F; {B}`: the current block ends
//!   with `goto anonN_LoopHead`; `anonN_LoopHead: assert I; assume F;
//!   goto anonN_LoopBody, anonN_LoopDone`; `anonN_LoopBody: assume c; B;
//!   goto anonN_LoopHead` (the back edge: the head is the loop's header);
//!   `anonN_LoopDone: assume !c;` and the code after the loop follows.
//!   `while (*)` assumes nothing.
//! - `break;` jumps to the code after the innermost enclosing loop;
//!   `break L;` to the code after the enclosing structured statement that
//!   label `L` (written right before it) labels.
//! - A join block is only made when some branch reaches it, and a `goto`
//!   is only added where the current block is still open: no generated
//!   block is unreachable unless the user's code there is.
//!
//! Cutting into blocks, as Boogie does:
//! - A label starts a block. A block without `goto`/`return` falls through
//!   to the next label; after the last block it returns (no successor).
//! - Statements before the first label form the entry block; statements
//!   after a `goto`/`return` and before the next label form a block of
//!   their own (unreachable). Unlabelled blocks are named `anon0`,
//!   `anon1`, ... in order; every generated name (also `anonN_Then` and
//!   the like) skips the names used as labels in the same body, so a
//!   generated name never equals a user label, and `goto` can only reach
//!   user labels. `goto` may jump into or out of structured code.
//! - An empty body is one empty block (it returns).

use crate::front::ast::Ident;
use crate::ir::{BasicBlock, Cfg, Expr, Stmt, StmtKind};
use crate::source::{Diagnostic, Span};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{HashMap, HashSet};

/// One element of a body, its statements already resolved.
#[derive(Clone, Debug)]
pub(crate) enum LoweredItem {
    Label(Ident),
    Stmt(Stmt),
    Goto(Vec<Ident>, Span),
    Return(Span),
    /// `if (cond) {then} else {els}`; `cond` is `None` for `if (*)`.
    If {
        cond: Option<Expr>,
        then: Vec<LoweredItem>,
        /// The `{ ... }` of the then branch.
        then_span: Span,
        /// The else branch and its span (`{ ... }`, or the `if` of an
        /// `else if`).
        els: Option<(Vec<LoweredItem>, Span)>,
        /// The whole statement.
        span: Span,
    },
    /// `while (cond) invariants {body}`; `cond` is `None` for `while (*)`.
    While {
        cond: Option<Expr>,
        /// The invariants as the statements they become at the loop head:
        /// `assert` (checked) or `assume` (free).
        invariants: Vec<Stmt>,
        body: Vec<LoweredItem>,
        /// The whole statement.
        span: Span,
    },
    /// `break;` or `break L;`
    Break(Option<Ident>, Span),
}

/// A `goto` target after flattening.
#[derive(Clone, Debug)]
enum Target {
    User(Ident),
    Generated(String),
}

/// The flat form: labels, statements and jumps only.
#[derive(Clone, Debug)]
enum Flat {
    Label {
        name: String,
        span: Span,
        generated: bool,
    },
    Stmt(Stmt),
    Goto(Vec<Target>, Span),
    Return(Span),
}

/// An enclosing structured statement that `break` may leave.
struct BreakScope {
    labels: Vec<String>,
    is_loop: bool,
    /// The block after the statement.
    join: String,
    used: bool,
}

/// Flattens structured statements into [`Flat`] items.
struct Flattener<'a> {
    user_labels: &'a HashSet<String>,
    next_anon: usize,
    out: Vec<Flat>,
    /// Whether the last block may still take statements.
    open: bool,
    scopes: Vec<BreakScope>,
    errors: Vec<Diagnostic>,
}

const SUFFIXES: &[&str] = &["_Then", "_Else", "_LoopHead", "_LoopBody", "_LoopDone"];

impl Flattener<'_> {
    /// A fresh `anonN` such that neither it nor any `anonN_Suffix` is a user label.
    fn fresh(&mut self) -> String {
        loop {
            let name = format!("anon{}", self.next_anon);
            self.next_anon += 1;
            let clash = self.user_labels.contains(&name)
                || SUFFIXES
                    .iter()
                    .any(|s| self.user_labels.contains(&format!("{name}{s}")));
            if !clash {
                return name;
            }
        }
    }

    fn label(&mut self, name: String, span: Span) {
        self.out.push(Flat::Label {
            name,
            span,
            generated: true,
        });
        self.open = true;
    }

    /// Starts an unlabelled block if none is open.
    fn ensure_open(&mut self, span: Span) {
        if !self.open {
            let name = self.fresh();
            self.label(name, span);
        }
    }

    /// Ends the open block with `goto targets` (nothing if none is open).
    fn jump(&mut self, targets: Vec<String>, span: Span) {
        if self.open {
            self.out.push(Flat::Goto(
                targets.into_iter().map(Target::Generated).collect(),
                span,
            ));
            self.open = false;
        }
    }

    /// At the very start of the body, makes the entry block (before the
    /// structured statement names its blocks, so the entry is `anon0`):
    /// the entry is never a branch or a loop head.
    fn open_entry_if_first(&mut self, span: Span) {
        if self.out.is_empty() {
            self.ensure_open(span);
        }
    }

    fn items(&mut self, items: &[LoweredItem]) {
        // Labels written right before a structured statement label it.
        let mut pending: Vec<String> = Vec::new();
        for item in items {
            match item {
                LoweredItem::Label(l) => {
                    self.out.push(Flat::Label {
                        name: l.name.clone(),
                        span: l.span,
                        generated: false,
                    });
                    self.open = true;
                    pending.push(l.name.clone());
                    continue;
                }
                LoweredItem::Stmt(s) => {
                    self.ensure_open(s.span);
                    self.out.push(Flat::Stmt(s.clone()));
                }
                LoweredItem::Goto(targets, span) => {
                    self.ensure_open(*span);
                    self.out.push(Flat::Goto(
                        targets.iter().cloned().map(Target::User).collect(),
                        *span,
                    ));
                    self.open = false;
                }
                LoweredItem::Return(span) => {
                    self.ensure_open(*span);
                    self.out.push(Flat::Return(*span));
                    self.open = false;
                }
                LoweredItem::Break(label, span) => self.break_(label.as_ref(), *span),
                LoweredItem::If {
                    cond,
                    then,
                    then_span,
                    els,
                    span,
                } => {
                    let labels = std::mem::take(&mut pending);
                    self.if_(cond.as_ref(), then, *then_span, els.as_ref(), *span, labels);
                }
                LoweredItem::While {
                    cond,
                    invariants,
                    body,
                    span,
                } => {
                    let labels = std::mem::take(&mut pending);
                    self.while_(cond.as_ref(), invariants, body, *span, labels);
                }
            }
            pending.clear();
        }
    }

    fn break_(&mut self, label: Option<&Ident>, span: Span) {
        let found = self.scopes.iter().rposition(|s| match label {
            Some(l) => s.labels.contains(&l.name),
            None => s.is_loop,
        });
        let Some(i) = found else {
            let message = match label {
                Some(l) => format!(
                    "`break {0}`: `{0}` does not label an enclosing structured statement",
                    l.name
                ),
                None => "`break` outside of a loop".to_string(),
            };
            self.errors.push(Diagnostic::error(span, message));
            return;
        };
        self.scopes[i].used = true;
        let join = self.scopes[i].join.clone();
        self.ensure_open(span);
        self.jump(vec![join], span);
    }

    fn if_(
        &mut self,
        cond: Option<&Expr>,
        then: &[LoweredItem],
        then_span: Span,
        els: Option<&(Vec<LoweredItem>, Span)>,
        span: Span,
        labels: Vec<String>,
    ) {
        let keyword = keyword_span(span, "if");
        self.open_entry_if_first(keyword);
        let base = self.fresh();
        let join = self.fresh();
        let (then_label, else_label) = (format!("{base}_Then"), format!("{base}_Else"));
        self.jump(vec![then_label.clone(), else_label.clone()], keyword);
        self.scopes.push(BreakScope {
            labels,
            is_loop: false,
            join: join.clone(),
            used: false,
        });
        let mut reaches_join = false;
        self.label(then_label, cond.map_or(then_span, |c| c.span));
        if let Some(c) = cond {
            self.assume(c.clone());
        }
        self.items(then);
        reaches_join |= self.open;
        self.jump(vec![join.clone()], then_span);
        let else_span = els.map_or(span, |(_, s)| *s);
        self.label(else_label, cond.map_or(else_span, |c| c.span));
        if let Some(c) = cond {
            self.assume(Expr::not(c.clone()));
        }
        if let Some((items, _)) = els {
            self.items(items);
        }
        reaches_join |= self.open;
        self.jump(vec![join.clone()], else_span);
        let scope = self.scopes.pop().expect("pushed above");
        if reaches_join || scope.used {
            self.label(
                join,
                Span::new(span.file, span.end as usize, span.end as usize),
            );
        }
    }

    fn while_(
        &mut self,
        cond: Option<&Expr>,
        invariants: &[Stmt],
        body: &[LoweredItem],
        span: Span,
        labels: Vec<String>,
    ) {
        let keyword = keyword_span(span, "while");
        self.open_entry_if_first(keyword);
        let base = self.fresh();
        let join = self.fresh();
        let head = format!("{base}_LoopHead");
        let body_label = format!("{base}_LoopBody");
        let done = format!("{base}_LoopDone");
        self.jump(vec![head.clone()], keyword);
        self.label(head.clone(), keyword);
        for inv in invariants {
            self.out.push(Flat::Stmt(inv.clone()));
        }
        self.jump(vec![body_label.clone(), done.clone()], keyword);
        self.scopes.push(BreakScope {
            labels,
            is_loop: true,
            join: join.clone(),
            used: false,
        });
        self.label(body_label, cond.map_or(keyword, |c| c.span));
        if let Some(c) = cond {
            self.assume(c.clone());
        }
        self.items(body);
        // The back edge.
        self.jump(vec![head], keyword);
        let scope = self.scopes.pop().expect("pushed above");
        self.label(done, cond.map_or(keyword, |c| c.span));
        if let Some(c) = cond {
            self.assume(Expr::not(c.clone()));
        }
        if scope.used {
            // `LoopDone` falls through to the block that `break` reaches.
            self.label(
                join,
                Span::new(span.file, span.end as usize, span.end as usize),
            );
        }
    }

    fn assume(&mut self, e: Expr) {
        let span = e.span;
        self.out.push(Flat::Stmt(Stmt {
            kind: StmtKind::Assume(e),
            span,
        }));
    }
}

/// The span of the keyword that starts statement `span`.
fn keyword_span(span: Span, keyword: &str) -> Span {
    let end = (span.start as usize + keyword.len()).min(span.end as usize);
    Span::new(span.file, span.start as usize, end)
}

/// Every user label of `items` (also inside structured statements), with
/// an error for each duplicate.
fn collect_labels(items: &[LoweredItem], seen: &mut HashSet<String>, errors: &mut Vec<Diagnostic>) {
    for item in items {
        match item {
            LoweredItem::Label(l) if !seen.insert(l.name.clone()) => {
                errors.push(Diagnostic::error(
                    l.span,
                    format!("duplicate label `{}`", l.name),
                ));
            }
            LoweredItem::If { then, els, .. } => {
                collect_labels(then, seen, errors);
                if let Some((e, _)) = els {
                    collect_labels(e, seen, errors);
                }
            }
            LoweredItem::While { body, .. } => collect_labels(body, seen, errors),
            _ => {}
        }
    }
}

/// How a block ends.
enum Exit {
    /// No `goto`/`return`: falls through to the next block, or returns.
    FallThrough,
    Goto(Vec<Target>),
    Return,
}

struct PendingBlock {
    label: String,
    generated: bool,
    span: Span,
    extent: Span,
    stmts: Vec<Stmt>,
    exit: Exit,
}

/// Lowers `items` to blocks and connects them. `body_span` locates an
/// empty body.
pub(crate) fn lower_body(items: &[LoweredItem], body_span: Span) -> Result<Cfg, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut user_labels: HashSet<String> = HashSet::new();
    collect_labels(items, &mut user_labels, &mut errors);
    let mut flattener = Flattener {
        user_labels: &user_labels,
        next_anon: 0,
        out: Vec::new(),
        open: false,
        scopes: Vec::new(),
        errors: Vec::new(),
    };
    flattener.items(items);
    if flattener.out.is_empty() {
        flattener.ensure_open(body_span);
    }
    errors.append(&mut flattener.errors);
    let flat = flattener.out;

    let mut blocks: Vec<PendingBlock> = Vec::new();
    for item in flat {
        let b = match item {
            Flat::Label {
                name,
                span,
                generated,
            } => {
                blocks.push(PendingBlock {
                    label: name,
                    generated,
                    span,
                    extent: span,
                    stmts: Vec::new(),
                    exit: Exit::FallThrough,
                });
                continue;
            }
            // The flattener opens a block before any other item.
            _ => match blocks.last_mut() {
                Some(b) => b,
                None => continue,
            },
        };
        match item {
            Flat::Stmt(s) => {
                b.extent = b.extent.to(s.span);
                b.stmts.push(s);
            }
            Flat::Goto(targets, span) => {
                b.extent = b.extent.to(span);
                b.exit = Exit::Goto(targets);
            }
            Flat::Return(span) => {
                b.extent = b.extent.to(span);
                b.exit = Exit::Return;
            }
            Flat::Label { .. } => {}
        }
    }

    let mut graph: DiGraph<BasicBlock, ()> = DiGraph::new();
    let mut by_label: HashMap<(String, bool), NodeIndex> = HashMap::new();
    let mut nodes = Vec::new();
    let mut exits = Vec::new();
    for b in blocks {
        let n = graph.add_node(BasicBlock {
            label: b.label.clone(),
            span: b.span,
            extent: b.extent,
            stmts: b.stmts,
        });
        by_label.entry((b.label, b.generated)).or_insert(n);
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
                    // A user's `goto` reaches only user labels.
                    let target = match t {
                        Target::User(id) => by_label.get(&(id.name.clone(), false)),
                        Target::Generated(name) => by_label.get(&(name.clone(), true)),
                    };
                    match (target, t) {
                        (Some(&to), _) => {
                            if !added.contains(&to) {
                                added.push(to);
                                graph.add_edge(from, to, ());
                            }
                        }
                        (None, Target::User(id)) => errors.push(undeclared(id)),
                        (None, Target::Generated(name)) => errors.push(Diagnostic::error(
                            body_span,
                            format!("internal error: generated label `{name}` is missing"),
                        )),
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
