//! Names and scopes (part of [`crate::front::resolve`]): which variables a
//! place in a procedure sees, and the procedure-local variable tables.
//!
//! Takes: a procedure's parameter, output and local declarations, and each
//! name an expression or statement mentions. Gives: [`LocalId`]s in the
//! procedure's table, and for a name the variable it denotes (a local
//! shadows a global) with its type, or the error. design.md, "The
//! pipeline" (resolve): names resolved to indices.

use super::{Header, Resolver};
use crate::front::ast::{self, Syntax};
use crate::ir::{Local, LocalId, LocalKind, ProcId, Type, VarRef, Variable};
use std::collections::HashMap;

/// Where an expression appears: which names it sees, whether `old` is allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Requires,
    Ensures,
    Body,
}

/// Names visible in a procedure.
pub(super) struct Scope<'h> {
    pub(super) proc: ProcId,
    pub(super) header: &'h Header,
    pub(super) names: HashMap<String, LocalId>,
}

impl<'h> Scope<'h> {
    /// The scope of a place outside every procedure, with `header` from
    /// [`Header::outside_procedures`]: no procedure, no names of its own.
    pub(super) fn outside_procedures(header: &'h Header) -> Scope<'h> {
        Scope {
            proc: ProcId(usize::MAX),
            header,
            names: HashMap::new(),
        }
    }
}

impl Resolver {
    /// Adds the variables of `groups` to `locals` as `kind`.
    pub(super) fn declare_locals(
        &mut self,
        groups: &[ast::BindingGroup],
        syntax: Syntax,
        kind: LocalKind,
        locals: &mut Vec<Local>,
    ) -> Vec<LocalId> {
        let what = match kind {
            LocalKind::Param => "parameter",
            LocalKind::Out => "output",
            LocalKind::Local => "local variable",
        };
        let mut ids = Vec::new();
        for g in groups {
            if let (Some(a), false) = (
                g.attrs.iter().find(|a| a.name == "assumption"),
                kind == LocalKind::Local,
            ) {
                self.error(
                    a.span,
                    format!("unsupported: `{{:assumption}}` on a {what} (Boogie's assumption variables are local or global variables)"),
                );
            }
            let ty = self.group_type(g, syntax, what);
            for n in &g.names {
                if locals.iter().any(|l| l.var.name == n.name) {
                    self.error(n.span, format!("duplicate declaration of `{}`", n.name));
                    continue;
                }
                ids.push(LocalId(locals.len()));
                locals.push(Local {
                    var: Variable {
                        name: n.name.clone(),
                        ty: ty.clone(),
                        span: n.span,
                    },
                    kind,
                });
            }
        }
        ids
    }

    pub(super) fn lookup(&mut self, n: &ast::Ident, scope: &Scope) -> Option<(VarRef, Type)> {
        if let Some(f) = &self.in_function {
            // A body may read constants (they become parameters of the
            // function: `functions::capture_constants`), not variables.
            if let Some(&g) = self.global_names.get(&n.name) {
                if self.constants.contains(&g) {
                    return Some((VarRef::Global(g), self.globals[g.0].ty.clone()));
                }
            }
            let message = if self.global_names.contains_key(&n.name) {
                format!(
                    "the body of function `{f}` mentions the variable `{}` (a function body may read its parameters and constants only)",
                    n.name
                )
            } else {
                format!("undeclared variable `{}`", n.name)
            };
            self.error(n.span, message);
            return None;
        }
        if let Some(&l) = scope.names.get(&n.name) {
            return Some((VarRef::Local(l), scope.header.locals[l.0].var.ty.clone()));
        }
        if let Some(&g) = self.global_names.get(&n.name) {
            return Some((VarRef::Global(g), self.globals[g.0].ty.clone()));
        }
        let out_in_requires = scope
            .header
            .locals
            .iter()
            .any(|l| l.var.name == n.name && l.kind == LocalKind::Out);
        if out_in_requires {
            self.error(
                n.span,
                format!("output `{}` cannot be used in `requires`", n.name),
            );
        } else {
            self.error(n.span, format!("undeclared variable `{}`", n.name));
        }
        None
    }

    pub(super) fn var_type_in(&self, v: VarRef, scope: &Scope) -> Option<Type> {
        match v {
            VarRef::Global(g) => self.globals.get(g.0).map(|x| x.ty.clone()),
            VarRef::Local(l) => scope.header.locals.get(l.0).map(|x| x.var.ty.clone()),
        }
    }

    pub(super) fn var_name_in(&self, v: VarRef, scope: &Scope) -> String {
        match v {
            VarRef::Global(g) => self.globals.get(g.0).map(|x| x.name.clone()),
            VarRef::Local(l) => scope.header.locals.get(l.0).map(|x| x.var.name.clone()),
        }
        .unwrap_or_default()
    }
}
