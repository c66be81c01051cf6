//! A tiny builder of `ir::Program`s for tests of the middle of the pipeline,
//! and an evaluator of passive-program paths.

use bicd::ir::passive::{PassiveProgram, SsaId, SsaRole};
use bicd::ir::testcase::Value;
use bicd::ir::*;
use bicd::source::{FileId, Span};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use petgraph::graph::{DiGraph, NodeIndex};
use std::cell::Cell;
use std::collections::HashMap;

thread_local! {
    static NEXT_SPAN: Cell<usize> = const { Cell::new(1) };
}

/// A fresh span (distinct per call) so that tests can tell statements apart.
pub fn span() -> Span {
    NEXT_SPAN.with(|c| {
        let s = c.get();
        c.set(s + 1);
        Span::new(FileId(0), s, s + 1)
    })
}

pub fn int(n: i64) -> Expr {
    Expr::new(ExprKind::Int(BigInt::from(n)), Type::Int, span())
}

pub fn tt() -> Expr {
    Expr::bool(true, span())
}

pub fn ff() -> Expr {
    Expr::bool(false, span())
}

pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let ty = match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod => Type::Int,
        _ => Type::Bool,
    };
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, span())
}

pub fn not(a: Expr) -> Expr {
    Expr::not(a)
}

pub fn old(a: Expr) -> Expr {
    let ty = a.ty.clone();
    Expr::new(ExprKind::Old(Box::new(a)), ty, span())
}

pub struct ProgramBuilder {
    pub program: Program,
    names: Vec<String>,
}

/// One statement before name resolution of callees.
pub enum S {
    Assign(Vec<(String, Expr)>),
    Assume(Expr),
    Assert(Expr),
    Havoc(Vec<String>),
    Call(String, Vec<Expr>, Vec<String>),
}

pub struct ProcBuilder {
    pub name: String,
    pub locals: Vec<Local>,
    pub params: Vec<LocalId>,
    pub outs: Vec<LocalId>,
    pub requires: Vec<(Expr, bool)>,
    pub ensures: Vec<(Expr, bool)>,
    pub modifies: Vec<String>,
    pub blocks: Vec<(String, Vec<S>, Vec<String>)>,
    pub has_body: bool,
}

impl ProgramBuilder {
    /// Globals (all `int`) and the names of all procedures, in order.
    pub fn new(globals: &[&str], procs: &[&str]) -> ProgramBuilder {
        let mut program = Program::default();
        for g in globals {
            program.globals.push(Variable {
                name: g.to_string(),
                ty: Type::Int,
                span: span(),
            });
        }
        ProgramBuilder {
            program,
            names: procs.iter().map(|s| s.to_string()).collect(),
        }
    }

    pub fn pid(&self, name: &str) -> ProcId {
        ProcId(
            self.names
                .iter()
                .position(|n| n == name)
                .expect("procedure"),
        )
    }

    pub fn proc(&self, name: &str) -> ProcBuilder {
        ProcBuilder {
            name: name.to_string(),
            locals: Vec::new(),
            params: Vec::new(),
            outs: Vec::new(),
            requires: Vec::new(),
            ensures: Vec::new(),
            modifies: Vec::new(),
            blocks: Vec::new(),
            has_body: true,
        }
    }

    fn global(&self, name: &str) -> Option<GlobalId> {
        self.program
            .globals
            .iter()
            .position(|g| g.name == name)
            .map(GlobalId)
    }

    fn new_assert(&mut self, kind: AssertKind, proc: ProcId, span: Span) -> AssertId {
        self.program.asserts.push(AssertInfo {
            kind,
            proc,
            span,
            candidate: false,
        });
        AssertId(self.program.asserts.len() - 1)
    }

    /// Adds a procedure; they must be added in the order given to `new`.
    pub fn add(&mut self, pb: ProcBuilder) {
        let pid = self.pid(&pb.name);
        assert_eq!(
            pid.0,
            self.program.procedures.len(),
            "add procedures in order"
        );
        let resolve = |name: &str| -> VarRef {
            if let Some(i) = pb.locals.iter().position(|l| l.var.name == name) {
                VarRef::Local(LocalId(i))
            } else {
                VarRef::Global(
                    self.global(name)
                        .unwrap_or_else(|| panic!("unknown {name}")),
                )
            }
        };
        let fix = |e: &Expr| -> Expr { resolve_expr(e, &resolve) };
        let mut requires = Vec::new();
        for (e, free) in &pb.requires {
            let e = fix(e);
            let span = e.span;
            requires.push((e, *free, span));
        }
        let mut ensures = Vec::new();
        for (e, free) in &pb.ensures {
            let e = fix(e);
            let span = e.span;
            ensures.push((e, *free, span));
        }
        let modifies: Vec<GlobalId> = pb
            .modifies
            .iter()
            .map(|g| self.global(g).expect("global"))
            .collect();
        let body = if pb.has_body {
            let mut graph: DiGraph<BasicBlock, ()> = DiGraph::new();
            let mut nodes = Vec::new();
            let mut stmts_all = Vec::new();
            for (label, stmts, _) in &pb.blocks {
                let mut out = Vec::new();
                for s in stmts {
                    let sp = span();
                    let kind = match s {
                        S::Assign(pairs) => StmtKind::Assign(
                            pairs.iter().map(|(v, e)| (resolve(v), fix(e))).collect(),
                        ),
                        S::Assume(e) => StmtKind::Assume(fix(e)),
                        S::Assert(e) => {
                            // AssertId assigned below (needs &mut self).
                            StmtKind::Assert(AssertId(usize::MAX), fix(e))
                        }
                        S::Havoc(vs) => StmtKind::Havoc(vs.iter().map(|v| resolve(v)).collect()),
                        S::Call(c, args, outs) => StmtKind::Call {
                            callee: self.pid(c),
                            args: args.iter().map(&fix).collect(),
                            outs: outs.iter().map(|v| resolve(v)).collect(),
                            free: false,
                        },
                    };
                    out.push(Stmt { kind, span: sp });
                }
                stmts_all.push((label.clone(), out));
            }
            for (label, mut stmts) in stmts_all {
                for s in &mut stmts {
                    if let StmtKind::Assert(id, _) = &mut s.kind {
                        *id = self.new_assert(AssertKind::Assert, pid, s.span);
                    }
                }
                let sp = span();
                nodes.push(graph.add_node(BasicBlock {
                    label,
                    span: sp,
                    extent: sp,
                    stmts,
                }));
            }
            for (i, (_, _, gotos)) in pb.blocks.iter().enumerate() {
                for g in gotos {
                    let j = pb
                        .blocks
                        .iter()
                        .position(|(l, _, _)| l == g)
                        .unwrap_or_else(|| panic!("unknown label {g}"));
                    graph.add_edge(nodes[i], nodes[j], ());
                }
            }
            Some(Cfg {
                graph,
                entry: nodes[0],
            })
        } else {
            None
        };
        let requires = requires
            .into_iter()
            .map(|(expr, free, span)| Spec {
                expr: expr.into(),
                free,
                id: self.new_assert(AssertKind::Requires, pid, span),
            })
            .collect();
        let ensures = ensures
            .into_iter()
            .map(|(expr, free, span)| Spec {
                expr: expr.into(),
                free,
                id: self.new_assert(AssertKind::Ensures, pid, span),
            })
            .collect();
        self.program.procedures.push(Procedure {
            name: pb.name.clone(),
            span: span(),
            locals: pb.locals,
            params: pb.params,
            outs: pb.outs,
            requires,
            ensures,
            modifies,
            inferred_modifies: Vec::new(),
            instance_of: None,
            body: body.map(std::sync::Arc::new),
        });
    }

    pub fn build(self) -> Program {
        assert_eq!(self.program.procedures.len(), self.names.len());
        self.program
    }
}

/// Placeholder variable references: the builder writes variables as
/// `Var(Global(GlobalId(usize::MAX - k)))` with `k` an index into a name
/// table; `resolve_expr` maps them to real references.
fn resolve_expr(e: &Expr, resolve: &dyn Fn(&str) -> VarRef) -> Expr {
    e.map_vars(&mut |v| match v {
        VarRef::Global(GlobalId(g)) if *g >= PLACEHOLDER_BASE => {
            let name = NAMES.with(|n| n.borrow()[usize::MAX - g].clone());
            resolve(&name)
        }
        other => *other,
    })
}

const PLACEHOLDER_BASE: usize = usize::MAX / 2;

thread_local! {
    static NAMES: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A variable by name (resolved when the procedure is added). `int` typed
/// unless the name starts with `b_` (then `bool`).
pub fn v(name: &str) -> Expr {
    let k = NAMES.with(|n| {
        let mut n = n.borrow_mut();
        n.push(name.to_string());
        n.len() - 1
    });
    let ty = if name.starts_with("b_") {
        Type::Bool
    } else {
        Type::Int
    };
    Expr::new(
        ExprKind::Var(VarRef::Global(GlobalId(usize::MAX - k))),
        ty,
        span(),
    )
}

impl ProcBuilder {
    fn local(&mut self, name: &str, kind: LocalKind) -> LocalId {
        let ty = if name.starts_with("b_") {
            Type::Bool
        } else {
            Type::Int
        };
        self.locals.push(Local {
            var: Variable {
                name: name.to_string(),
                ty,
                span: span(),
            },
            kind,
        });
        LocalId(self.locals.len() - 1)
    }
    pub fn params(mut self, names: &[&str]) -> Self {
        for n in names {
            let l = self.local(n, LocalKind::Param);
            self.params.push(l);
        }
        self
    }
    pub fn outs(mut self, names: &[&str]) -> Self {
        for n in names {
            let l = self.local(n, LocalKind::Out);
            self.outs.push(l);
        }
        self
    }
    pub fn locals(mut self, names: &[&str]) -> Self {
        for n in names {
            self.local(n, LocalKind::Local);
        }
        self
    }
    pub fn requires(mut self, e: Expr, free: bool) -> Self {
        self.requires.push((e, free));
        self
    }
    pub fn ensures(mut self, e: Expr, free: bool) -> Self {
        self.ensures.push((e, free));
        self
    }
    pub fn modifies(mut self, gs: &[&str]) -> Self {
        self.modifies.extend(gs.iter().map(|s| s.to_string()));
        self
    }
    pub fn no_body(mut self) -> Self {
        self.has_body = false;
        self
    }
    pub fn block(mut self, label: &str, stmts: Vec<S>, gotos: &[&str]) -> Self {
        self.blocks.push((
            label.to_string(),
            stmts,
            gotos.iter().map(|s| s.to_string()).collect(),
        ));
        self
    }
}

pub fn assign(x: &str, e: Expr) -> S {
    S::Assign(vec![(x.to_string(), e)])
}
pub fn assume(e: Expr) -> S {
    S::Assume(e)
}
pub fn assert(e: Expr) -> S {
    S::Assert(e)
}
pub fn havoc(xs: &[&str]) -> S {
    S::Havoc(xs.iter().map(|s| s.to_string()).collect())
}
pub fn call(callee: &str, args: Vec<Expr>, outs: &[&str]) -> S {
    S::Call(
        callee.to_string(),
        args,
        outs.iter().map(|s| s.to_string()).collect(),
    )
}

// ---------------------------------------------------------------------------
// Passive-program checks and an evaluator of paths.

/// The passive program's contract, checked by the crate's own verifier
/// ([`bicd::ir::passive::verify()`]: forward edges, consistent
/// predecessors, Boolean assumptions without `old`, unique SMT names, every
/// original block ended by some piece).
pub fn check_well_formed(program: &Program, p: &PassiveProgram) {
    if let Err(e) = bicd::ir::passive::verify(program, p) {
        panic!("malformed passive program: {e}");
    }
}

/// All complete paths (entry to a block without successor) of a passive
/// program; small programs only.
pub fn paths(p: &PassiveProgram) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut stack = vec![vec![0usize]];
    while let Some(path) = stack.pop() {
        let last = *path.last().unwrap();
        if p.blocks[last].succs.is_empty() {
            out.push(path);
            continue;
        }
        for &s in &p.blocks[last].succs {
            let mut q = path.clone();
            q.push(s);
            stack.push(q);
        }
        assert!(out.len() + stack.len() < 100_000, "too many paths");
    }
    out
}

fn eval(e: &Expr<SsaId>, env: &HashMap<SsaId, Value>) -> Option<Value> {
    Some(match &e.kind {
        ExprKind::Int(n) => Value::Int(n.clone()),
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Var(v) => env.get(v)?.clone(),
        ExprKind::Old(_) => panic!("old in passive program"),
        ExprKind::Unary(op, a) => match (op, eval(a, env)?) {
            (UnOp::Not, Value::Bool(b)) => Value::Bool(!b),
            (UnOp::Neg, Value::Int(n)) => Value::Int(-n),
            _ => panic!("ill-typed"),
        },
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            match (op, x, y) {
                (BinOp::Eq, x, y) => Value::Bool(x == y),
                (BinOp::Neq, x, y) => Value::Bool(x != y),
                (op, Value::Int(x), Value::Int(y)) => match op {
                    BinOp::Add => Value::Int(x + y),
                    BinOp::Sub => Value::Int(x - y),
                    BinOp::Mul => Value::Int(x * y),
                    BinOp::Div => Value::Int(if y.is_zero() {
                        BigInt::zero()
                    } else {
                        let q = x.div_floor(&y);
                        let r = &x - &q * &y;
                        if r.is_negative() {
                            q + 1
                        } else {
                            q
                        }
                    }),
                    BinOp::Mod => Value::Int(if y.is_zero() {
                        x
                    } else {
                        let r = x.mod_floor(&y);
                        if r.is_negative() {
                            r + y.abs()
                        } else {
                            r
                        }
                    }),
                    BinOp::Lt => Value::Bool(x < y),
                    BinOp::Le => Value::Bool(x <= y),
                    BinOp::Gt => Value::Bool(x > y),
                    BinOp::Ge => Value::Bool(x >= y),
                    _ => panic!("ill-typed"),
                },
                (op, Value::Bool(x), Value::Bool(y)) => Value::Bool(match op {
                    BinOp::And => x && y,
                    BinOp::Or => x || y,
                    BinOp::Implies => !x || y,
                    BinOp::Iff => x == y,
                    _ => panic!("ill-typed"),
                }),
                _ => panic!("ill-typed"),
            }
        }
        ExprKind::Ite(c, a, b) => match eval(c, env)? {
            Value::Bool(true) => eval(a, env)?,
            Value::Bool(false) => eval(b, env)?,
            _ => panic!("ill-typed"),
        },
        _ => panic!("the builder's checker reads core expressions only"),
    })
}

/// Runs one path: inputs by name, choices in path order. An assumption
/// `v == e` whose `v` has no value yet defines `v` (that is how passify
/// writes assignments and join equalities). Returns whether every
/// assumption holds; panics if some variable is read without a value.
pub fn run_path(
    p: &PassiveProgram,
    path: &[usize],
    inputs: &HashMap<String, Value>,
    choices: &[Value],
) -> bool {
    let mut env: HashMap<SsaId, Value> = HashMap::new();
    for (i, v) in p.vars.iter().enumerate() {
        if let SsaRole::Input { name } = &v.role {
            let val = inputs.get(name).cloned().unwrap_or(match v.ty {
                Type::Int => Value::Int(BigInt::zero()),
                Type::Bool => Value::Bool(false),
                ref other => panic!("the builder's checker reads int/bool only, not {other}"),
            });
            env.insert(SsaId(i), val);
        }
    }
    let mut next_choice = 0;
    for &b in path {
        let block = &p.blocks[b];
        for c in &block.choices {
            let val = choices
                .get(next_choice)
                .cloned()
                .unwrap_or(Value::Int(BigInt::zero()));
            next_choice += 1;
            env.insert(c.ssa, val);
        }
        for a in &block.assumes {
            if let ExprKind::Binary(BinOp::Eq, l, r) = &a.kind {
                if let ExprKind::Var(x) = l.kind {
                    if !env.contains_key(&x) {
                        let val = eval(r, &env).expect("definition reads an undefined variable");
                        env.insert(x, val);
                        continue;
                    }
                }
            }
            match eval(a, &env) {
                Some(Value::Bool(true)) => {}
                Some(Value::Bool(false)) => return false,
                other => panic!("assumption {a:?} evaluates to {other:?}"),
            }
        }
    }
    true
}

/// The trace of a path: the `enters` steps, `proc::label` for callees.
pub fn trace(p: &PassiveProgram, path: &[usize], entry: &str) -> Vec<String> {
    path.iter()
        .filter_map(|&b| p.blocks[b].enters.as_ref().map(|t| t.display(entry)))
        .collect()
}

pub fn ints(xs: &[i64]) -> Vec<Value> {
    xs.iter().map(|&x| Value::Int(BigInt::from(x))).collect()
}

pub fn node(program: &Program, proc: ProcId, label: &str) -> NodeIndex {
    program
        .proc(proc)
        .body
        .as_ref()
        .unwrap()
        .block_by_label(label)
        .unwrap()
}
