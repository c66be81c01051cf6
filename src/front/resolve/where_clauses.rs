//! `where` clauses of variables (`var x: int where x > 0;`,
//! `returns (r: int where r >= 0)`), resolved and turned into assumptions
//! of the existing [`ir`] statements, so that no later stage needs to know
//! about them. Part of [`crate::front::resolve`] (issue 3, "What to read").
//!
//! A `where` clause is a fact about a variable's arbitrary value: Boogie
//! assumes it wherever the variable gets an arbitrary value. bicd does so:
//! - at the entry of an analysed procedure, for the globals and the
//!   parameters (free `requires`, after the axioms: assumed at the entry
//!   only, checked by replay on a test's inputs; a caller never has to
//!   establish a callee's parameter `where` clause);
//! - at the start of every body, for its outputs and locals, in
//!   declaration order (`assume` statements before the first statement:
//!   they hold in the analysed procedure and in every inlined copy, whose
//!   outputs and locals start arbitrary too);
//! - after `havoc x, y`, for each havocked variable;
//! - after a call of a procedure without a body (its outputs and the
//!   globals it modifies are havocked): for the caller's receiving
//!   variables, the callee's modified globals, and the callee's own output
//!   `where` clauses over the received values (its parameters replaced by
//!   the arguments; a clause is skipped when a parameter it mentions was
//!   passed an expression other than a variable, or a variable the call
//!   writes, whose value before the call is gone).
//!
//! A call of a procedure with a body is inlined: its outputs are computed,
//! not arbitrary, so nothing more is assumed there. `old` is not allowed in
//! a `where` clause; a constant has none (Boogie's rules).

use super::scopes::{Place, Scope};
use super::Resolver;
use crate::front::ast;
use crate::front::lower::LoweredItem;
use crate::ir::{self, ExprKind, GlobalId, LocalId, ProcId, StmtKind, VarRef};
use crate::source::Span;
use std::collections::HashMap;
use std::sync::Arc;

/// The resolved `where` clauses of the program, by variable.
#[derive(Default)]
pub(super) struct WhereClauses {
    /// Per global (in `Resolver::globals` order) its clauses.
    pub globals: HashMap<GlobalId, Vec<Arc<ir::Expr>>>,
    /// Per procedure, the clauses of its parameters and outputs (over the
    /// procedure's own [`LocalId`]s).
    pub formals: Vec<HashMap<LocalId, Vec<ir::Expr>>>,
    /// The clauses of the procedure being resolved: formals and locals.
    pub current: HashMap<LocalId, Vec<ir::Expr>>,
    /// Per procedure: does it have a body (its own or an implementation)?
    pub has_body: Vec<bool>,
}

impl Resolver {
    /// Resolves `where` e of a variable in `scope`: a bool expression
    /// without `old`.
    fn where_expr(&mut self, e: &ast::Expr, scope: &Scope) -> Option<ir::Expr> {
        let x = self.condition(e, scope, Place::Body, "where")?;
        let mut has_old = false;
        x.visit_vars(false, &mut |_, under_old| has_old |= under_old);
        if has_old {
            self.error(e.span, "`old` is not allowed in a `where` clause");
            return None;
        }
        Some(x)
    }

    /// Resolves the `where` clauses of global variables (they see every
    /// global and constant); a `where` on a constant is an error.
    pub(super) fn declare_global_wheres(&mut self, program: &ast::Program) {
        let header = super::Header::outside_procedures("where", Span::default());
        let scope = Scope::outside_procedures(&header);
        for d in &program.decls {
            let (groups, constant) = match d {
                ast::Decl::Var(v) => (&v.groups, false),
                ast::Decl::Const(c) => (&c.groups, true),
                _ => continue,
            };
            for g in groups {
                let Some(w) = &g.where_clause else { continue };
                if constant {
                    self.error(w.span, "a constant cannot have a `where` clause");
                    continue;
                }
                let Some(x) = self.where_expr(w, &scope) else {
                    continue;
                };
                for n in &g.names {
                    // A duplicate name keeps the first declaration's id.
                    if let Some(&id) = self.global_names.get(&n.name) {
                        if self.globals[id.0].span == n.span {
                            self.wheres
                                .globals
                                .entry(id)
                                .or_default()
                                .push(Arc::new(x.clone()));
                        }
                    }
                }
            }
        }
    }

    /// Resolves the `where` clauses of every procedure's parameters and
    /// outputs (they see the parameters, outputs and globals), and records
    /// which procedures have a body.
    pub(super) fn declare_formal_wheres(
        &mut self,
        decls: &[&ast::ProcDecl],
        impls: &[Option<&ast::ImplDecl>],
    ) {
        for (i, p) in decls.iter().enumerate() {
            let header = self.headers[i].clone();
            let scope = Scope {
                proc: ProcId(i),
                header: &header,
                names: header
                    .locals
                    .iter()
                    .enumerate()
                    .map(|(i, l)| (l.var.name.clone(), LocalId(i)))
                    .collect(),
            };
            let mut map: HashMap<LocalId, Vec<ir::Expr>> = HashMap::new();
            let formals = p.params.iter().chain(&p.returns);
            self.group_wheres(formals, &scope, &mut map);
            self.wheres.formals.push(map);
            self.wheres
                .has_body
                .push(p.body.is_some() || impls.get(i).is_some_and(|m| m.is_some()));
        }
    }

    /// Adds the clauses of `groups` (names resolved in `scope`) to `map`.
    fn group_wheres<'a>(
        &mut self,
        groups: impl Iterator<Item = &'a ast::BindingGroup>,
        scope: &Scope,
        map: &mut HashMap<LocalId, Vec<ir::Expr>>,
    ) {
        for g in groups {
            let Some(w) = &g.where_clause else { continue };
            let Some(x) = self.where_expr(w, scope) else {
                continue;
            };
            for n in &g.names {
                if let Some(&l) = scope.names.get(&n.name) {
                    map.entry(l).or_default().push(x.clone());
                }
            }
        }
    }

    /// Before a body of procedure `id` is resolved: the clauses that hold
    /// in it are its formals' (as declared by the procedure), those of an
    /// implementation's renamed formals and those of its locals.
    pub(super) fn begin_body_wheres(
        &mut self,
        id: ProcId,
        imp: Option<&ast::ImplDecl>,
        body: &ast::Body,
        scope: &Scope,
    ) {
        let mut map = self.wheres.formals.get(id.0).cloned().unwrap_or_default();
        if let Some(imp) = imp {
            self.group_wheres(imp.params.iter().chain(&imp.returns), scope, &mut map);
        }
        let locals = body.locals.iter().flat_map(|v| &v.groups);
        self.group_wheres(locals, scope, &mut map);
        self.wheres.current = map;
    }

    /// The free `requires` that the `where` clauses of the globals and of
    /// procedure `id`'s parameters become.
    pub(super) fn entry_wheres(&self, id: ProcId, params: &[LocalId]) -> Vec<ir::Spec> {
        let mut globals: Vec<_> = self.wheres.globals.iter().collect();
        globals.sort_by_key(|(g, _)| **g);
        let formals = self.wheres.formals.get(id.0);
        let params = params
            .iter()
            .filter_map(|l| formals.and_then(|f| f.get(l)))
            .flatten();
        // A global's clauses are shared by every procedure's `requires`,
        // as the axioms are.
        globals
            .into_iter()
            .flat_map(|(_, xs)| xs.iter().cloned())
            .chain(params.map(|e| Arc::new(e.clone())))
            .map(|expr| ir::Spec {
                expr,
                free: true,
                id: super::FREE_SPEC_ID,
            })
            .collect()
    }

    /// The clauses of `v` in the procedure being resolved.
    fn clauses_of(&self, v: VarRef) -> Vec<ir::Expr> {
        match v {
            VarRef::Global(g) => self
                .wheres
                .globals
                .get(&g)
                .map(|xs| xs.iter().map(|x| (**x).clone()).collect())
                .unwrap_or_default(),
            VarRef::Local(l) => self.wheres.current.get(&l).cloned().unwrap_or_default(),
        }
    }

    /// The `assume` statements that start a body: the clauses of its
    /// outputs and locals (declaration order), located at the body's `{`.
    pub(super) fn body_start_wheres(&self, kinds: &[ir::Local], at: Span) -> Vec<LoweredItem> {
        let span = Span::new(at.file, at.start as usize, at.start as usize);
        let mut ids: Vec<&LocalId> = self.wheres.current.keys().collect();
        ids.sort();
        ids.into_iter()
            .filter(|l| {
                kinds
                    .get(l.0)
                    .is_some_and(|k| k.kind != ir::LocalKind::Param)
            })
            .flat_map(|l| &self.wheres.current[l])
            .map(|e| assume(e.clone(), span))
            .collect()
    }

    /// The `assume` statements that follow statement `stmt` of the body
    /// being resolved: after a `havoc`, and after a call of a body-less
    /// procedure.
    pub(super) fn wheres_after(&self, stmt: &ir::Stmt) -> Vec<LoweredItem> {
        let span = stmt.span;
        match &stmt.kind {
            StmtKind::Havoc(vars) => vars
                .iter()
                .flat_map(|&v| self.clauses_of(v))
                .map(|e| assume(e, span))
                .collect(),
            StmtKind::Call {
                callee, args, outs, ..
            } if !self.wheres.has_body.get(callee.0).copied().unwrap_or(true) => {
                let h = &self.headers[callee.0];
                let mut out = Vec::new();
                for &v in outs {
                    out.extend(self.clauses_of(v).into_iter().map(|e| assume(e, span)));
                }
                for &g in &h.modifies {
                    let e = self.clauses_of(VarRef::Global(g));
                    out.extend(e.into_iter().map(|e| assume(e, span)));
                }
                // The callee's own output clauses, over the received values:
                // a clause is kept when each parameter it mentions was
                // passed a variable the call does not write.
                let written: Vec<VarRef> = outs
                    .iter()
                    .copied()
                    .chain(h.modifies.iter().map(|&g| VarRef::Global(g)))
                    .collect();
                let mut subst: HashMap<LocalId, VarRef> = HashMap::new();
                for (formal, &actual) in h.outs.iter().zip(outs) {
                    subst.insert(*formal, actual);
                }
                for (formal, arg) in h.params.iter().zip(args) {
                    if let ExprKind::Var(v) = &arg.kind {
                        if !written.contains(v) {
                            subst.insert(*formal, *v);
                        }
                    }
                }
                let formals = self.wheres.formals.get(callee.0);
                for formal in &h.outs {
                    for e in formals.and_then(|f| f.get(formal)).into_iter().flatten() {
                        let mut complete = true;
                        e.visit_vars(false, &mut |v, _| {
                            if let VarRef::Local(l) = v {
                                complete &= subst.contains_key(l);
                            }
                        });
                        if complete {
                            let e = e.map_vars(&mut |v| match v {
                                VarRef::Local(l) => subst[l],
                                g => *g,
                            });
                            out.push(assume(e, span));
                        }
                    }
                }
                out
            }
            _ => Vec::new(),
        }
    }
}

fn assume(e: ir::Expr, span: Span) -> LoweredItem {
    LoweredItem::Stmt(ir::Stmt {
        kind: StmtKind::Assume(e),
        span,
    })
}
