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
use crate::front::ast;
use crate::ir::ProcId;

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
