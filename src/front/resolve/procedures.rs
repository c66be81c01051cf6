//! Procedures (part of [`crate::front::resolve`]): headers and bodies.
//!
//! Takes: a procedure declaration (and the `implementation` giving its
//! body, if any). Gives: its [`Header`] (formals, `modifies`), then the
//! resolved [`ir::Procedure`]: specs with their assertion ids, locals, and
//! the body's statements lowered to a CFG by [`crate::front::lower`] (with
//! `where` clauses, assumption variables and `{:selective_checking}`
//! applied). design.md, "The pipeline": `AST ──lower──▶ CFG per procedure`.

use super::scopes::{Place, Scope};
use super::{selective_checking, Header, Resolver, FREE_SPEC_ID};
use crate::front::ast::{self, Syntax};
use crate::front::lower::{lower_body, LoweredItem};
use crate::ir::{
    self, AssertId, AssertInfo, AssertKind, ExprKind, LocalId, LocalKind, ProcId, Type, VarRef,
};
use crate::source::Span;
use std::collections::HashMap;
use std::sync::Arc;

impl Resolver {
    /// The abstract types a polymorphic procedure `P<a>` is analysed at:
    /// Boogie checks its body for every type, so each type parameter is
    /// an uninterpreted sort of its own, `a@P` (no Boogie type has an `@`
    /// in its name, nor does the placeholder of a polymorphic function's
    /// parameter, which is not ground: `a@P` is, so polymorphic axioms are
    /// instantiated at it). A call of it reaches an instance at the
    /// call's types ([`super::procedure_instances`]).
    pub(super) fn procedure_type_env(&mut self, p: &ast::ProcDecl) -> Vec<(String, Type)> {
        let mut seen = std::collections::HashSet::new();
        let mut env = Vec::new();
        for t in &p.type_params {
            if !seen.insert(t.name.clone()) {
                self.error(t.span, format!("duplicate type parameter `{}`", t.name));
            }
            let sort = format!("{}@{}", t.name, p.name.name);
            env.push((t.name.clone(), Type::Sort(sort)));
        }
        env
    }

    /// Declares procedure `id` (a duplicate name keeps its own id, but
    /// calls by that name reach the first declaration).
    pub(super) fn declare_procedure(&mut self, id: ProcId, p: &ast::ProcDecl) -> Header {
        if self.proc_names.contains_key(&p.name.name) {
            self.error(
                p.name.span,
                format!("duplicate declaration of procedure `{}`", p.name.name),
            );
        } else {
            self.proc_names.insert(p.name.name.clone(), id);
            if !p.type_params.is_empty() {
                self.polymorphic_procedures
                    .insert(p.name.name.clone(), (id, Arc::new(p.clone())));
            }
        }
        let env = self.procedure_type_env(p);
        let saved = std::mem::replace(&mut self.type_env, env);
        let header = self.procedure_header(p);
        self.type_env = saved;
        header
    }

    /// The header of `p` at the types `Resolver::type_env` gives its type
    /// parameters.
    pub(super) fn procedure_header(&mut self, p: &ast::ProcDecl) -> Header {
        let mut locals = Vec::new();
        let params = self.declare_locals(&p.params, p.syntax, LocalKind::Param, &mut locals);
        let outs = self.declare_locals(&p.returns, p.syntax, LocalKind::Out, &mut locals);
        let mut modifies = Vec::new();
        for s in &p.specs {
            let ast::SpecKind::Modifies(names) = &s.kind else {
                continue;
            };
            for n in names {
                match self.global_names.get(&n.name) {
                    Some(&g) if self.constants.contains(&g) => self.error(
                        n.span,
                        format!("constant `{}` cannot be in `modifies`", n.name),
                    ),
                    Some(&g) => {
                        if !modifies.contains(&g) {
                            modifies.push(g);
                        }
                    }
                    None if locals.iter().any(|l| l.var.name == n.name) => self.error(
                        n.span,
                        format!(
                            "`{}` in `modifies` is a parameter or output, not a global variable",
                            n.name
                        ),
                    ),
                    None => self.error(
                        n.span,
                        format!("undeclared global variable `{}` in `modifies`", n.name),
                    ),
                }
            }
        }
        Header {
            name: p.name.name.clone(),
            syntax: p.syntax,
            span: p.name.span,
            locals,
            params,
            outs,
            modifies,
        }
    }

    pub(super) fn new_assert(&mut self, kind: AssertKind, proc: ProcId, span: Span) -> AssertId {
        self.asserts.push(AssertInfo {
            kind,
            proc,
            span,
            candidate: false,
        });
        AssertId(self.asserts.len() - 1)
    }

    /// Resolves procedure `id`; its body is its own or that of `imp`, whose
    /// formals (same positions, maybe other names) the body sees.
    pub(super) fn resolve_procedure(
        &mut self,
        id: ProcId,
        p: &ast::ProcDecl,
        imp: Option<&ast::ImplDecl>,
    ) -> ir::Procedure {
        let env = self.procedure_type_env(p);
        let saved = std::mem::replace(&mut self.type_env, env);
        let procedure = self.resolve_procedure_at_types(id, p, imp);
        self.type_env = saved;
        procedure
    }

    pub(super) fn resolve_procedure_at_types(
        &mut self,
        id: ProcId,
        p: &ast::ProcDecl,
        imp: Option<&ast::ImplDecl>,
    ) -> ir::Procedure {
        let header = self.headers[id.0].clone();
        let mut scope = Scope {
            proc: id,
            header: &header,
            names: HashMap::new(),
        };
        // Attributes that change what Boogie checks or assumes, which
        // bicd cannot express: refused rather than ignored.
        let attrs = p.attrs.iter().chain(imp.iter().flat_map(|i| &i.attrs));
        let selective = attrs
            .filter(|a| a.name == "selective_checking")
            .map(|a| a.span)
            .next();
        for a in p.specs.iter().flat_map(|s| &s.attrs) {
            if a.name == "always_assume" {
                self.error(a.span, "unsupported: `{:always_assume}` (Boogie assumes such a free `requires` at every call and such a free `ensures` at the body's exit, in order among the checked clauses; bicd does not)");
            }
        }
        // Specs see parameters (requires) and outputs too (ensures).
        let mut requires = Vec::new();
        let mut ensures = Vec::new();
        for s in &p.specs {
            let (e, place) = match &s.kind {
                ast::SpecKind::Requires(e) => (e, Place::Requires),
                ast::SpecKind::Ensures(e) => (e, Place::Ensures),
                ast::SpecKind::Modifies(_) => continue,
            };
            scope.names = header
                .locals
                .iter()
                .enumerate()
                .filter(|(_, l)| l.kind == LocalKind::Param || place == Place::Ensures)
                .map(|(i, l)| (l.var.name.clone(), LocalId(i)))
                .collect();
            let what = if place == Place::Requires {
                "requires"
            } else {
                "ensures"
            };
            let expr = self.fact(e, &scope, place, what);
            let id = if s.free {
                FREE_SPEC_ID
            } else if place == Place::Requires {
                self.new_assert(AssertKind::Requires, id, s.span)
            } else {
                self.new_assert(AssertKind::Ensures, id, s.span)
            };
            if let Some(expr) = expr {
                let spec = ir::Spec {
                    expr: Arc::new(expr),
                    free: s.free,
                    id,
                };
                if place == Place::Requires {
                    requires.push(spec);
                } else {
                    ensures.push(spec);
                }
            }
        }
        let mut locals = header.locals.clone();
        if let Some(imp) = imp {
            // The implementation's names (already checked to match in
            // number and type) replace the procedure's, by position.
            let mut renamed = Vec::new();
            self.declare_locals(&imp.params, Syntax::Boogie, LocalKind::Param, &mut renamed);
            self.declare_locals(&imp.returns, Syntax::Boogie, LocalKind::Out, &mut renamed);
            if renamed.len() == locals.len() {
                locals = renamed;
            }
        }
        let body = p.body.as_ref().or(imp.map(|i| &i.body)).and_then(|b| {
            for v in &b.locals {
                self.declare_locals(&v.groups, p.syntax, LocalKind::Local, &mut locals);
            }
            let header_with_locals = Header {
                locals: locals.clone(),
                ..header.clone()
            };
            let scope = Scope {
                proc: id,
                header: &header_with_locals,
                names: locals
                    .iter()
                    .enumerate()
                    .map(|(i, l)| (l.var.name.clone(), LocalId(i)))
                    .collect(),
            };
            self.begin_body_wheres(id, imp, b, &scope);
            let mut items = self.body_start_wheres(&locals, b.span);
            // Boogie starts a local assumption variable at `true` (an
            // assumption at the start of the body; not after `havoc`).
            self.assumption_locals.clear();
            for g in b.locals.iter().flat_map(|v| &v.groups) {
                if !g.attrs.iter().any(|a| a.name == "assumption") {
                    continue;
                }
                for n in &g.names {
                    let Some(&l) = scope.names.get(&n.name) else {
                        continue;
                    };
                    self.assumption_locals.insert(l);
                    if locals[l.0].var.ty == Type::Bool {
                        let at =
                            Span::new(n.span.file, n.span.start as usize, n.span.start as usize);
                        items.push(LoweredItem::Stmt(ir::Stmt {
                            kind: ir::StmtKind::Assume(ir::Expr::new(
                                ExprKind::Var(VarRef::Local(l)),
                                Type::Bool,
                                n.span,
                            )),
                            span: at,
                        }));
                    }
                }
            }
            self.havoc_temps.clear();
            self.havoc_temp_base = locals.len();
            items.extend(self.body_items(&b.items, &scope));
            locals.extend(self.havoc_temps.drain(..).map(|(_, _, l)| l));
            match lower_body(&items, b.span) {
                Ok(mut cfg) => {
                    if let Some(at) = selective {
                        let checked_ensures = ensures.iter().any(|e: &ir::Spec| !e.free);
                        if let Err(d) = selective_checking::apply(
                            &mut cfg,
                            &self.start_checking_spans,
                            checked_ensures,
                            at,
                        ) {
                            self.errors.push(d);
                        }
                    }
                    Some(cfg)
                }
                Err(errs) => {
                    self.errors.extend(errs);
                    None
                }
            }
        });
        ir::Procedure {
            name: header.name.clone(),
            span: header.span,
            locals,
            params: header.params.clone(),
            outs: header.outs.clone(),
            requires,
            ensures,
            modifies: header.modifies.clone(),
            inferred_modifies: Vec::new(),
            instance_of: None,
            body: body.map(Arc::new),
        }
    }
}
