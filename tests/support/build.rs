//! A small builder for hand-made `ir::Program`s (all variables `int`, all
//! spans empty), for tests that must not depend on the front end.

use bicd::ir::{
    AssertId, AssertInfo, AssertKind, BasicBlock, BinOp, Cfg, Expr, ExprKind, GlobalId, Local,
    LocalId, LocalKind, ProcId, Procedure, Program, Spec, Stmt, StmtKind, Type, UnOp, VarRef,
    Variable,
};
use bicd::source::Span;
use petgraph::graph::DiGraph;

#[derive(Default)]
pub struct ProgramBuilder {
    pub program: Program,
}

fn variable(name: &str) -> Variable {
    Variable {
        name: name.to_string(),
        ty: Type::Int,
        span: Span::default(),
    }
}

impl ProgramBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn global(&mut self, name: &str) -> VarRef {
        self.program.globals.push(variable(name));
        VarRef::Global(GlobalId(self.program.globals.len() - 1))
    }

    /// A procedure without a body (yet).
    pub fn add_proc(
        &mut self,
        name: &str,
        params: &[&str],
        outs: &[&str],
        locals: &[&str],
    ) -> ProcId {
        let mut all = Vec::new();
        let mut param_ids = Vec::new();
        let mut out_ids = Vec::new();
        for p in params {
            param_ids.push(LocalId(all.len()));
            all.push(Local {
                var: variable(p),
                kind: LocalKind::Param,
            });
        }
        for o in outs {
            out_ids.push(LocalId(all.len()));
            all.push(Local {
                var: variable(o),
                kind: LocalKind::Out,
            });
        }
        for l in locals {
            all.push(Local {
                var: variable(l),
                kind: LocalKind::Local,
            });
        }
        self.program.procedures.push(Procedure {
            name: name.to_string(),
            span: Span::default(),
            locals: all,
            params: param_ids,
            outs: out_ids,
            requires: Vec::new(),
            ensures: Vec::new(),
            modifies: Vec::new(),
            inferred_modifies: Vec::new(),
            instance_of: None,
            body: None,
        });
        ProcId(self.program.procedures.len() - 1)
    }

    /// A variable as seen from `p`: a local if it has one by that name,
    /// else a global.
    pub fn var(&self, p: ProcId, name: &str) -> VarRef {
        let proc = &self.program.procedures[p.0];
        if let Some(i) = proc.locals.iter().position(|l| l.var.name == name) {
            return VarRef::Local(LocalId(i));
        }
        let g = self
            .program
            .globals
            .iter()
            .position(|g| g.name == name)
            .unwrap_or_else(|| panic!("no variable {name}"));
        VarRef::Global(GlobalId(g))
    }

    /// `v(p, "x")` as an expression.
    pub fn v(&self, p: ProcId, name: &str) -> Expr {
        var(self.var(p, name))
    }

    fn new_assert(&mut self, kind: AssertKind, proc: ProcId) -> AssertId {
        self.program.asserts.push(AssertInfo {
            kind,
            proc,
            span: Span::default(),
            candidate: false,
        });
        AssertId(self.program.asserts.len() - 1)
    }

    /// `assert e` in a body of `p`.
    pub fn assert(&mut self, p: ProcId, e: Expr) -> (AssertId, Stmt) {
        let id = self.new_assert(AssertKind::Assert, p);
        (id, stmt(StmtKind::Assert(id, e)))
    }

    pub fn requires(&mut self, p: ProcId, e: Expr, free: bool) -> AssertId {
        let id = self.new_assert(AssertKind::Requires, p);
        self.program.procedures[p.0].requires.push(Spec {
            expr: e.into(),
            free,
            id,
        });
        id
    }

    pub fn ensures(&mut self, p: ProcId, e: Expr, free: bool) -> AssertId {
        let id = self.new_assert(AssertKind::Ensures, p);
        self.program.procedures[p.0].ensures.push(Spec {
            expr: e.into(),
            free,
            id,
        });
        id
    }

    pub fn modifies(&mut self, p: ProcId, g: VarRef) {
        if let VarRef::Global(g) = g {
            self.program.procedures[p.0].modifies.push(g);
        }
    }

    /// Sets the body of `p`: blocks (label, statements, goto targets); the
    /// first block is the entry.
    pub fn body(&mut self, p: ProcId, blocks: Vec<(&str, Vec<Stmt>, Vec<&str>)>) {
        let mut graph = DiGraph::new();
        let nodes: Vec<_> = blocks
            .iter()
            .map(|(label, stmts, _)| {
                graph.add_node(BasicBlock {
                    label: label.to_string(),
                    span: Span::default(),
                    extent: Span::default(),
                    stmts: stmts.clone(),
                })
            })
            .collect();
        for (i, (_, _, gotos)) in blocks.iter().enumerate() {
            for g in gotos {
                let j = blocks
                    .iter()
                    .position(|(l, _, _)| l == g)
                    .unwrap_or_else(|| panic!("no label {g}"));
                graph.add_edge(nodes[i], nodes[j], ());
            }
        }
        self.program.procedures[p.0].body = Some(std::sync::Arc::new(Cfg {
            graph,
            entry: nodes[0],
        }));
    }
}

pub fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
    }
}

pub fn var(v: VarRef) -> Expr {
    Expr::new(ExprKind::Var(v), Type::Int, Span::default())
}

pub fn int(n: i64) -> Expr {
    Expr::new(ExprKind::Int(n.into()), Type::Int, Span::default())
}

pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let ty = match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod => Type::Int,
        _ => Type::Bool,
    };
    Expr::new(
        ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty,
        Span::default(),
    )
}

pub fn not(e: Expr) -> Expr {
    Expr::new(
        ExprKind::Unary(UnOp::Not, Box::new(e)),
        Type::Bool,
        Span::default(),
    )
}

pub fn neg(e: Expr) -> Expr {
    Expr::new(
        ExprKind::Unary(UnOp::Neg, Box::new(e)),
        Type::Int,
        Span::default(),
    )
}

pub fn old(e: Expr) -> Expr {
    let ty = e.ty.clone();
    Expr::new(ExprKind::Old(Box::new(e)), ty, Span::default())
}

pub fn assign(v: VarRef, e: Expr) -> Stmt {
    stmt(StmtKind::Assign(vec![(v, e)]))
}

pub fn assume(e: Expr) -> Stmt {
    stmt(StmtKind::Assume(e))
}

pub fn havoc(vs: &[VarRef]) -> Stmt {
    stmt(StmtKind::Havoc(vs.to_vec()))
}

pub fn call(callee: ProcId, args: Vec<Expr>, outs: &[VarRef]) -> Stmt {
    stmt(StmtKind::Call {
        callee,
        args,
        outs: outs.to_vec(),
        free: false,
    })
}
