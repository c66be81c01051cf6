//! Global declarations (part of [`crate::front::resolve`]): variables,
//! constants and axioms.
//!
//! Takes: the program's `var`, `const` and `axiom` declarations. Gives: the
//! program's global table (constants are globals nothing may write, listed
//! apart), and the axioms, with the pairwise distinctness of each type's
//! `unique` constants, as Boolean expressions that become free `requires`
//! of every procedure. design.md, "The pipeline" (resolve); issue 3, "What
//! to read".

use super::scopes::Scope;
use super::{Header, Resolver};
use crate::front::ast::{self, Syntax};
use crate::ir::{self, ExprKind, GlobalId, Type, VarRef, Variable};
use crate::source::Span;

impl Resolver {
    /// The declared type of a group, or `int` for the paper's untyped names
    /// (an error in Boogie syntax).
    pub(super) fn group_type(&mut self, g: &ast::BindingGroup, syntax: Syntax, what: &str) -> Type {
        let assumption = g.attrs.iter().find(|a| a.name == "assumption");
        if let (Some(a), Some(w)) = (assumption, &g.where_clause) {
            let _ = a;
            self.error(
                w.span,
                "an assumption variable (`{:assumption}`) cannot have a `where` clause",
            );
        }
        match (&g.ty, syntax) {
            (Some(t), _) => {
                let ty = self.type_of(t);
                if let (Some(a), false) = (assumption, ty == Type::Bool) {
                    self.error(
                        a.span,
                        format!("an assumption variable (`{{:assumption}}`) must be of type bool, not {ty}"),
                    );
                }
                ty
            }
            (None, Syntax::Paper) => Type::Int,
            (None, Syntax::Boogie) => {
                for n in &g.names {
                    self.error(n.span, format!("missing type for {what} `{}`", n.name));
                }
                Type::Int
            }
        }
    }

    /// Declares global variables and constants (constants are globals that
    /// are never written), in declaration order.
    pub(super) fn declare_globals(&mut self, ast: &ast::Program) {
        // The `unique` constants of each type, in declaration order.
        let mut unique: Vec<(Type, Vec<(GlobalId, Span)>)> = Vec::new();
        for d in &ast.decls {
            let (groups, constant, is_unique, what) = match d {
                ast::Decl::Var(v) => (&v.groups, false, false, "global variable"),
                ast::Decl::Const(c) => (&c.groups, true, c.unique, "constant"),
                _ => continue,
            };
            for g in groups {
                let ty = self.group_type(g, Syntax::Boogie, what);
                for n in &g.names {
                    if self.global_names.contains_key(&n.name) {
                        self.error(
                            n.span,
                            format!("duplicate declaration of global variable `{}`", n.name),
                        );
                        continue;
                    }
                    let id = GlobalId(self.globals.len());
                    self.global_names.insert(n.name.clone(), id);
                    if g.attrs.iter().any(|a| a.name == "assumption") {
                        self.assumption_globals.insert(id);
                    }
                    self.globals.push(Variable {
                        name: n.name.clone(),
                        ty: ty.clone(),
                        span: n.span,
                    });
                    if constant {
                        self.constants.push(id);
                    }
                    if is_unique {
                        match unique.iter_mut().find(|(t, _)| *t == ty) {
                            Some((_, members)) => members.push((id, n.span)),
                            None => unique.push((ty.clone(), vec![(id, n.span)])),
                        }
                    }
                }
            }
        }
        // One n-ary `distinct` per type, as Boogie sends it: linear in the
        // number of constants, where pairwise disequalities are quadratic.
        for (ty, members) in unique {
            if members.len() < 2 {
                continue;
            }
            let span = members[0].1;
            let vars = members
                .into_iter()
                .map(|(g, s)| ir::Expr::new(ExprKind::Var(VarRef::Global(g)), ty.clone(), s))
                .collect();
            self.axioms
                .push(ir::Expr::new(ExprKind::Distinct(vars), Type::Bool, span));
        }
    }

    /// Resolves `axiom e;` declarations (they see the globals and constants).
    pub(super) fn declare_axioms(&mut self, ast: &ast::Program) {
        let header = Header::outside_procedures("axiom", Span::default());
        let scope = Scope::outside_procedures(&header);
        for d in &ast.decls {
            let ast::Decl::Axiom(a) = d else { continue };
            if let Some(e) = self.axiom(a, &scope) {
                if !self.mentions_only_constants(&e, a.expr.span) {
                    continue;
                }
                self.axioms.push(e);
            }
        }
    }

    /// Whether axiom `e` mentions no variable but constants (an error at
    /// `span` otherwise).
    pub(super) fn mentions_only_constants(&mut self, e: &ir::Expr, span: Span) -> bool {
        let mut reads_variable = None;
        e.visit_vars(false, &mut |v, _| {
            if let VarRef::Global(g) = v {
                if !self.constants.contains(g) && reads_variable.is_none() {
                    reads_variable = Some(*g);
                }
            }
        });
        if let Some(g) = reads_variable {
            self.error(
                span,
                format!(
                    "an axiom may only mention constants, not the variable `{}`",
                    self.globals[g.0].name
                ),
            );
            return false;
        }
        true
    }
}
