//! Procedures with several bodies (part of [`crate::front::resolve`]): Boogie
//! checks every implementation of a procedure against its contract, so
//! bicd analyses each as an entry of its own. The k-th body (in source
//! order: the procedure's own body first, then its `implementation`s) is
//! procedure `P@k` (`@` cannot occur in a Boogie name, so it clashes with
//! none), with P's contract and its own formals' names. `P` itself keeps no
//! body: a call of `P` is a call of a procedure without a body (its
//! `requires` asserted, its outputs and `modifies` havocked, its `ensures`
//! assumed), which is what Boogie's modular check of a call means; no one
//! implementation is chosen for it.

use super::Resolver;
use crate::front::ast::{self, Syntax};
use crate::ir::{LocalKind, ProcId};

/// One body to resolve as a procedure: the declaration (its own body, or
/// none) and the implementation that gives the body, if any.
pub(super) type BodySource<'a> = (&'a ast::ProcDecl, Option<&'a ast::ImplDecl>);

impl Resolver {
    /// For each procedure with several bodies, declares `P@1`, `P@2`, ...
    /// after the declared procedures (headers, `where` clauses of formals)
    /// and gives what to resolve for each, in [`ProcId`] order.
    pub(super) fn several_implementations<'a>(
        &mut self,
        original: &[&'a ast::ProcDecl],
        bodiless: &'a [ast::ProcDecl],
        several: &[Vec<&'a ast::ImplDecl>],
    ) -> Vec<BodySource<'a>> {
        let mut out = Vec::new();
        for (i, impls) in several.iter().enumerate() {
            if impls.is_empty() {
                continue;
            }
            let mut bodies: Vec<(BodySource<'a>, crate::source::Span)> = Vec::new();
            if original[i].body.is_some() {
                bodies.push(((original[i], None), original[i].name.span));
            }
            for &imp in impls {
                bodies.push(((&bodiless[i], Some(imp)), imp.name.span));
            }
            for (k, (source, span)) in bodies.into_iter().enumerate() {
                let id = ProcId(self.headers.len());
                let mut header = self.headers[i].clone();
                header.name = format!("{}@{}", header.name, k + 1);
                header.span = span;
                self.headers.push(header);
                let formals = self.wheres.formals.get(i).cloned().unwrap_or_default();
                self.wheres.formals.push(formals);
                self.wheres.has_body.push(true);
                debug_assert_eq!(self.wheres.formals.len(), id.0 + 1);
                out.push(source);
            }
        }
        out
    }
}

impl Resolver {
    /// For each procedure, its `implementation` if it has one. A second
    /// implementation, one of a procedure with a body or of an unknown
    /// procedure, and a signature that differs are errors.
    pub(super) fn match_implementations<'a>(
        &mut self,
        ast: &'a ast::Program,
        decls: &[&ast::ProcDecl],
    ) -> (Vec<Option<&'a ast::ImplDecl>>, Vec<Vec<&'a ast::ImplDecl>>) {
        let mut impls: Vec<Option<&ast::ImplDecl>> = vec![None; decls.len()];
        // Every matching implementation, per procedure.
        let mut all: Vec<Vec<&ast::ImplDecl>> = vec![Vec::new(); decls.len()];
        for d in &ast.decls {
            let ast::Decl::Impl(imp) = d else { continue };
            if let Some(t) = imp.type_params.first() {
                self.error(
                    t.span,
                    format!(
                        "unsupported: an implementation with type parameters (of `{}`)",
                        imp.name.name
                    ),
                );
                continue;
            }
            let Some(&id) = self.proc_names.get(&imp.name.name) else {
                self.error(
                    imp.name.span,
                    format!("implementation of undeclared procedure `{}`", imp.name.name),
                );
                continue;
            };
            // The formals: same number and types as the procedure's.
            let header = self.headers[id.0].clone();
            let mut locals = Vec::new();
            let params =
                self.declare_locals(&imp.params, Syntax::Boogie, LocalKind::Param, &mut locals);
            let outs =
                self.declare_locals(&imp.returns, Syntax::Boogie, LocalKind::Out, &mut locals);
            let mut ok = true;
            for (what, mine, theirs) in [
                ("parameters", &params, &header.params),
                ("outputs", &outs, &header.outs),
            ] {
                if mine.len() != theirs.len() {
                    self.error(
                        imp.name.span,
                        format!(
                            "implementation of `{}` has {} {what}, but the procedure has {}",
                            imp.name.name,
                            mine.len(),
                            theirs.len()
                        ),
                    );
                    ok = false;
                    continue;
                }
                for (m, t) in mine.iter().zip(theirs.iter()) {
                    let (mv, tv) = (&locals[m.0].var, &header.locals[t.0].var);
                    if mv.ty != tv.ty {
                        self.error(
                            mv.span,
                            format!(
                                "`{}` has type {}, but the procedure's `{}` has type {}",
                                mv.name, mv.ty, tv.name, tv.ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
            if ok {
                impls[id.0].get_or_insert(imp);
                all[id.0].push(imp);
            }
        }
        // Only procedures with several bodies keep their list.
        for (i, list) in all.iter_mut().enumerate() {
            if list.len() + usize::from(decls[i].body.is_some()) < 2 {
                list.clear();
            }
        }
        (impls, all)
    }
}
