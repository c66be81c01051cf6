//! Statements (part of [`crate::front::resolve`]): a body's statements,
//! resolved and type checked.
//!
//! Takes: the items of a body (statements and labels) in a procedure's
//! scope. Gives: [`LoweredItem`]s for [`crate::front::lower`] to cut into a
//! CFG: assignments (`a[i] := v` as a map store), `havoc`, calls (argument,
//! output and `modifies` checks), `assert` (a new assertion id,
//! `{:verified_under}`), `assume`, structured `if`/`while` (invariants as
//! assertions or assumptions at the loop head), with the `where` clauses
//! and assumption-variable rules that follow a statement. design.md, "The
//! pipeline" (resolve, then lower).

use super::scopes::{Place, Scope};
use super::{article, plural, Resolver};
use crate::front::ast::{self, BodyItem, Syntax};
use crate::front::lower::LoweredItem;
use crate::ir::{
    self, AssertKind, BinOp, ExprKind, Local, LocalId, LocalKind, Type, VarRef, Variable,
};
use crate::source::Span;

/// What a variable is written by, for messages.
#[derive(Clone, Copy)]
enum Write {
    Assign,
    Havoc,
    CallOut,
}

impl Resolver {
    pub(super) fn body_items(&mut self, items: &[BodyItem], scope: &Scope) -> Vec<LoweredItem> {
        let mut out = Vec::new();
        for item in items {
            let lowered = self.body_item(item, scope);
            // Statements an assignment needs first (see `quantified_value`).
            out.append(&mut self.pending_before);
            let Some(lowered) = lowered else {
                continue;
            };
            // `where` clauses assumed after a `havoc` or a body-less call.
            let after = match &lowered {
                LoweredItem::Stmt(s) => self.wheres_after(s),
                _ => Vec::new(),
            };
            if let (BodyItem::Stmt(s), LoweredItem::Stmt(_)) = (item, &lowered) {
                self.record_source_loc(s);
            }
            let (before, implied) = match &lowered {
                LoweredItem::Stmt(s) => self.assumption_havoc(s, scope),
                _ => (Vec::new(), Vec::new()),
            };
            out.extend(before);
            out.push(lowered);
            out.extend(implied);
            out.extend(after);
        }
        out
    }

    /// Boogie's `havoc a` of an assumption variable `a` assumes that the
    /// new value implies the old one: `t := a; havoc a; assume a ==> t`
    /// with a hidden local `t` per variable. Gives the statements before
    /// and after the havoc `stmt`.
    fn assumption_havoc(
        &mut self,
        stmt: &ir::Stmt,
        scope: &Scope,
    ) -> (Vec<LoweredItem>, Vec<LoweredItem>) {
        let ir::StmtKind::Havoc(vars) = &stmt.kind else {
            return (Vec::new(), Vec::new());
        };
        let mut before = Vec::new();
        let mut after = Vec::new();
        for &v in vars {
            let is_assumption = match v {
                VarRef::Global(g) => self.assumption_globals.contains(&g),
                VarRef::Local(l) => self.assumption_locals.contains(&l),
            };
            if !is_assumption || self.var_type_in(v, scope) != Some(Type::Bool) {
                continue;
            }
            let temp = self.hidden_temp(v, Type::Bool, "before_havoc", stmt.span, scope);
            let var = |r: VarRef| ir::Expr::new(ExprKind::Var(r), Type::Bool, stmt.span);
            before.push(LoweredItem::Stmt(ir::Stmt {
                kind: ir::StmtKind::Assign(vec![(VarRef::Local(temp), var(v))]),
                span: stmt.span,
            }));
            after.push(LoweredItem::Stmt(ir::Stmt {
                kind: ir::StmtKind::Assume(ir::Expr::new(
                    ExprKind::Binary(
                        BinOp::Implies,
                        Box::new(var(v)),
                        Box::new(var(VarRef::Local(temp))),
                    ),
                    Type::Bool,
                    stmt.span,
                )),
                span: stmt.span,
            }));
        }
        (before, after)
    }

    /// The hidden local that holds a value of variable `v` for a moment
    /// (one per variable and procedure, named `v#{what}` after its first
    /// use).
    fn hidden_temp(
        &mut self,
        v: VarRef,
        ty: Type,
        what: &str,
        span: Span,
        scope: &Scope,
    ) -> LocalId {
        if let Some((_, t, _)) = self.havoc_temps.iter().find(|(w, _, _)| *w == v) {
            return *t;
        }
        let t = LocalId(self.havoc_temp_base + self.havoc_temps.len());
        let name = format!("{}#{what}", self.var_name_in(v, scope));
        self.havoc_temps.push((
            v,
            t,
            Local {
                var: Variable { name, ty, span },
                kind: LocalKind::Local,
            },
        ));
        t
    }

    /// Value `value` assigned to `v`, when it holds a quantifier (Dafny's
    /// `b$reqreads#0 := (forall<alpha> o: ref, f: Field alpha :: ...)`):
    /// the interpreter cannot compute it, so the assignment reads a hidden
    /// local `t` set first by `havoc t; assume t == value` (the same
    /// runs): a test's value of `t` is the model's, and its replay takes
    /// the `assume` on trust, as for any quantified condition.
    fn quantified_value(&mut self, v: VarRef, value: ir::Expr, scope: &Scope) -> ir::Expr {
        let span = value.span;
        let ty = value.ty.clone();
        let t = self.hidden_temp(v, ty.clone(), "value", span, scope);
        let temp = ir::Expr::new(ExprKind::Var(VarRef::Local(t)), ty, span);
        self.pending_before.push(LoweredItem::Stmt(ir::Stmt {
            kind: ir::StmtKind::Havoc(vec![VarRef::Local(t)]),
            span,
        }));
        self.pending_before.push(LoweredItem::Stmt(ir::Stmt {
            kind: ir::StmtKind::Assume(ir::Expr::new(
                ExprKind::Binary(BinOp::Eq, Box::new(temp.clone()), Box::new(value)),
                Type::Bool,
                span,
            )),
            span,
        }));
        temp
    }

    /// `if (c) ...` with its branches; `else if` nests.
    fn if_stmt(
        &mut self,
        cond: &Option<ast::Expr>,
        then: &ast::Block,
        els: &Option<ast::Else>,
        scope: &Scope,
        span: Span,
    ) -> Option<LoweredItem> {
        let c = cond
            .as_ref()
            .map(|c| self.condition(c, scope, Place::Body, "if"));
        let then_items = self.body_items(&then.items, scope);
        let els = match els {
            None => None,
            Some(ast::Else::Block(b)) => Some((self.body_items(&b.items, scope), b.span)),
            Some(ast::Else::If(stmt)) => {
                let item = self.body_item(&BodyItem::Stmt((**stmt).clone()), scope);
                Some((item.into_iter().collect(), stmt.span))
            }
        };
        let cond = match c {
            None => None,
            Some(c) => Some(c?),
        };
        Some(LoweredItem::If {
            cond,
            then: then_items,
            then_span: then.span,
            els,
            span,
        })
    }

    /// Boogie's `assert {:verified_under A1} ... {:verified_under An} e`
    /// checks `(A1 && ... && An) || e`; without the attribute, `e`.
    fn verified_under(
        &mut self,
        attrs: &[ast::Attribute],
        checked: ir::Expr,
        scope: &Scope,
    ) -> Option<ir::Expr> {
        let mut under: Option<ir::Expr> = None;
        for a in attrs.iter().filter(|a| a.name == "verified_under") {
            let [ast::AttrArg::Expr(e)] = a.args.as_slice() else {
                self.error(a.span, "`{:verified_under}` takes one boolean expression");
                return None;
            };
            let c = self.condition(e, scope, Place::Body, "verified_under")?;
            under = Some(match under {
                None => c,
                Some(u) => {
                    let span = u.span.to(c.span);
                    ir::Expr::new(
                        ExprKind::Binary(BinOp::And, Box::new(u), Box::new(c)),
                        Type::Bool,
                        span,
                    )
                }
            });
        }
        Some(match under {
            None => checked,
            Some(u) => {
                let span = checked.span;
                ir::Expr::new(
                    ExprKind::Binary(BinOp::Or, Box::new(u), Box::new(checked)),
                    Type::Bool,
                    span,
                )
            }
        })
    }

    fn while_stmt(
        &mut self,
        cond: &Option<ast::Expr>,
        invariants: &[ast::Invariant],
        body: &ast::Block,
        scope: &Scope,
        span: Span,
    ) -> Option<LoweredItem> {
        let c = cond
            .as_ref()
            .map(|c| self.condition(c, scope, Place::Body, "while"));
        let mut stmts = Vec::new();
        let mut ok = true;
        for inv in invariants {
            if self.options.ignore_invariants {
                // Type checked, then dropped (and given no assertion id).
                let c = self.fact(&inv.expr, scope, Place::Body, "invariant");
                ok &= c
                    .and_then(|c| self.verified_under(&inv.attrs, c, scope))
                    .is_some();
                continue;
            }
            // A checked invariant is an assertion at the loop head.
            let id = (!inv.free).then(|| self.new_assert(AssertKind::Assert, scope.proc, inv.span));
            let checked = self.fact(&inv.expr, scope, Place::Body, "invariant");
            match checked.and_then(|c| self.verified_under(&inv.attrs, c, scope)) {
                Some(e) => stmts.push(ir::Stmt {
                    kind: match id {
                        Some(id) => ir::StmtKind::Assert(id, e),
                        None => ir::StmtKind::Assume(e),
                    },
                    span: inv.span,
                }),
                None => ok = false,
            }
        }
        let items = self.body_items(&body.items, scope);
        let cond = match c {
            None => None,
            Some(c) => Some(c?),
        };
        ok.then_some(LoweredItem::While {
            cond,
            invariants: stmts,
            body: items,
            span,
        })
    }

    fn body_item(&mut self, item: &BodyItem, scope: &Scope) -> Option<LoweredItem> {
        let s = match item {
            BodyItem::Label(l) => return Some(LoweredItem::Label(l.clone())),
            BodyItem::Stmt(s) => s,
        };
        let span = s.span;
        let kind = match &s.kind {
            ast::StmtKind::If { cond, then, els } => {
                return self.if_stmt(cond, then, els, scope, span)
            }
            ast::StmtKind::While {
                cond,
                invariants,
                body,
            } => return self.while_stmt(cond, invariants, body, scope, span),
            ast::StmtKind::Break(label) => return Some(LoweredItem::Break(label.clone(), span)),
            ast::StmtKind::Goto(targets) => return Some(LoweredItem::Goto(targets.clone(), span)),
            ast::StmtKind::Return => return Some(LoweredItem::Return(span)),
            ast::StmtKind::Assume(e) => {
                if s.attrs.iter().any(|a| a.name == "start_checking_here") {
                    self.start_checking_spans.insert(span);
                }
                ir::StmtKind::Assume(self.fact(e, scope, Place::Body, "assume")?)
            }
            ast::StmtKind::Assert(e) => {
                let id = self.new_assert(AssertKind::Assert, scope.proc, span);
                let checked = self.fact(e, scope, Place::Body, "assert");
                let checked = self.verified_under(&s.attrs, checked?, scope)?;
                ir::StmtKind::Assert(id, checked)
            }
            ast::StmtKind::Havoc(names) => {
                let vars = self.targets(names, scope, Write::Havoc);
                ir::StmtKind::Havoc(
                    vars.into_iter()
                        .map(|v| v.map(|(v, _)| v))
                        .collect::<Option<_>>()?,
                )
            }
            ast::StmtKind::Assign { lhs, rhs } => self.assign(lhs, rhs, scope, span)?,
            ast::StmtKind::Call {
                outs,
                callee,
                args,
                free,
                ..
            } => {
                if let Some(a) = s.attrs.iter().find(|a| a.name == "verified_under") {
                    self.error(a.span, "unsupported: `{:verified_under}` on a call (Boogie checks `A || requires` at the call and continues with that; bicd's call checks and continues with the callee's `requires`)");
                    return None;
                }
                self.call(outs, callee, args, *free, scope, span)?
            }
        };
        Some(LoweredItem::Stmt(ir::Stmt { kind, span }))
    }

    /// Resolves variables written by a statement, checking that each may be
    /// written and none is written twice. `None` entries had an error.
    fn targets(
        &mut self,
        names: &[ast::Ident],
        scope: &Scope,
        how: Write,
    ) -> Vec<Option<(VarRef, Type)>> {
        let mut seen: Vec<VarRef> = Vec::new();
        let mut out = Vec::new();
        for n in names {
            let Some((v, ty)) = self.lookup(n, scope) else {
                out.push(None);
                continue;
            };
            let mut ok = true;
            if seen.contains(&v) {
                self.error(
                    n.span,
                    format!("`{}` is written twice in one statement", n.name),
                );
                ok = false;
            }
            seen.push(v);
            match v {
                VarRef::Global(g) if self.constants.contains(&g) => {
                    let msg = match how {
                        Write::Havoc => format!("cannot havoc constant `{}`", n.name),
                        Write::Assign | Write::CallOut => {
                            format!("cannot assign to constant `{}`", n.name)
                        }
                    };
                    self.error(n.span, msg);
                    ok = false;
                }
                VarRef::Local(l) if scope.header.locals[l.0].kind == LocalKind::Param => {
                    let msg = match how {
                        Write::Havoc => format!("cannot havoc in-parameter `{}`", n.name),
                        Write::Assign | Write::CallOut => {
                            format!("cannot assign to in-parameter `{}`", n.name)
                        }
                    };
                    self.error(n.span, msg);
                    ok = false;
                }
                VarRef::Global(g)
                    if scope.header.syntax == Syntax::Boogie
                        && !scope.header.modifies.contains(&g) =>
                {
                    self.error(
                        n.span,
                        format!(
                            "global variable `{}` is not in the `modifies` clause of procedure `{}` (--strict-modifies; without it bicd adds it to the clause)",
                            n.name, scope.header.name
                        ),
                    );
                    ok = false;
                }
                _ => {}
            }
            out.push(ok.then_some((v, ty)));
        }
        out
    }

    /// Boogie's rule for an assumption variable `a`: it is assigned at
    /// most once (in the whole program), and only as `a := a && e`.
    fn check_assumption_assignment(
        &mut self,
        var: VarRef,
        name: &ast::Ident,
        value: &ast::Expr,
        scope: &Scope,
    ) -> bool {
        let (is_assumption, key) = match var {
            VarRef::Global(g) => (self.assumption_globals.contains(&g), (None, var)),
            VarRef::Local(l) => (self.assumption_locals.contains(&l), (Some(scope.proc), var)),
        };
        if !is_assumption {
            return true;
        }
        let shaped = matches!(&value.kind,
            ast::ExprKind::Binary(BinOp::And, a, _)
                if matches!(&a.kind, ast::ExprKind::Var(v) if *v == name.name));
        if !shaped {
            self.error(
                value.span,
                format!(
                    "an assumption variable can only be assigned as `{0} := {0} && e`",
                    name.name
                ),
            );
            return false;
        }
        if !self.assumption_assigned.insert(key) {
            self.error(
                name.span,
                format!(
                    "assumption variable `{}` is assigned more than once",
                    name.name
                ),
            );
            return false;
        }
        true
    }

    fn assign(
        &mut self,
        targets_written: &[ast::Lhs],
        rhs: &[ast::Expr],
        scope: &Scope,
        span: Span,
    ) -> Option<ir::StmtKind> {
        let lhs: Vec<ast::Ident> = targets_written.iter().map(|l| l.name.clone()).collect();
        let lhs = lhs.as_slice();
        let targets = self.targets(lhs, scope, Write::Assign);
        // `a[i] := v` assigns `a[i := v]` to `a`.
        let rhs: Vec<ast::Expr> = targets_written
            .iter()
            .zip(rhs)
            .map(|(l, e)| l.assigned_value(e))
            .chain(rhs.iter().skip(targets_written.len()).cloned())
            .collect();
        // The target's type is the type of a polymorphic application
        // whose arguments do not give it (`v := Seq#Empty();`).
        let expected: Vec<Option<Type>> = targets
            .iter()
            .map(|t| t.as_ref().map(|(_, ty)| ty.clone()))
            .collect();
        let values: Vec<Option<ir::Expr>> = rhs
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let v = match expected.get(i) {
                    Some(Some(ty)) if self.needs_result_type(e) => {
                        self.expr_expecting(e, Some(ty), scope, Place::Body)
                    }
                    _ => self.expr(e, scope, Place::Body),
                };
                match v {
                    Some(v) if self.facts(&v).quantified => {
                        match targets.get(i).cloned().flatten() {
                            Some((var, ty)) if ty == v.ty => {
                                Some(self.quantified_value(var, v, scope))
                            }
                            _ => Some(v),
                        }
                    }
                    v => v,
                }
            })
            .collect();
        if lhs.len() != rhs.len() {
            self.error(
                span,
                format!(
                    "assignment has {} target{} but {} value{}",
                    lhs.len(),
                    plural(lhs.len()),
                    rhs.len(),
                    plural(rhs.len())
                ),
            );
            return None;
        }
        let mut pairs = Vec::new();
        let mut ok = true;
        for ((t, v), (name, e)) in targets.into_iter().zip(values).zip(lhs.iter().zip(rhs)) {
            if let Some((var, _)) = &t {
                ok &= self.check_assumption_assignment(*var, name, &e, scope);
            }
            match (t, v) {
                (Some((var, ty)), Some(value)) => {
                    if value.ty != ty {
                        self.error(
                            e.span,
                            format!(
                                "cannot assign {} {} value to `{}` of type {}",
                                article(&value.ty),
                                value.ty,
                                name.name,
                                ty
                            ),
                        );
                        ok = false;
                    }
                    pairs.push((var, value));
                }
                _ => ok = false,
            }
        }
        ok.then_some(ir::StmtKind::Assign(pairs))
    }

    /// `call outs := callee(args)` (`free call` when `free`).
    fn call(
        &mut self,
        outs: &[ast::Ident],
        callee: &ast::Ident,
        args: &[ast::Expr],
        free: bool,
        scope: &Scope,
        span: Span,
    ) -> Option<ir::StmtKind> {
        let targets = self.targets(outs, scope, Write::CallOut);
        let values: Vec<Option<ir::Expr>> = args
            .iter()
            .map(|e| {
                let v = self.expr(e, scope, Place::Body);
                self.no_quantifier(v, "a call argument")
            })
            .collect();
        let callee_id = if self.polymorphic_procedures.contains_key(&callee.name) {
            // At the types of the arguments and of the output targets.
            let arg_types: Vec<Option<Type>> = values
                .iter()
                .map(|v| v.as_ref().map(|v| v.ty.clone()))
                .collect();
            let out_types: Vec<Option<Type>> = targets
                .iter()
                .map(|t| t.as_ref().map(|(_, ty)| ty.clone()))
                .collect();
            self.procedure_instance(&callee.name, &arg_types, &out_types, callee.span)?
        } else {
            let Some(&id) = self.proc_names.get(&callee.name) else {
                self.error(callee.span, format!("unknown procedure `{}`", callee.name));
                return None;
            };
            id
        };
        let h = &self.headers[callee_id.0];
        let param_types: Vec<Type> = h
            .params
            .iter()
            .map(|l| h.locals[l.0].var.ty.clone())
            .collect();
        let out_types: Vec<Type> = h
            .outs
            .iter()
            .map(|l| h.locals[l.0].var.ty.clone())
            .collect();
        let callee_modifies = h.modifies.clone();
        let mut ok = true;
        if args.len() != param_types.len() {
            self.error(
                span,
                format!(
                    "procedure `{}` takes {} argument{}, but {} {} given",
                    callee.name,
                    param_types.len(),
                    plural(param_types.len()),
                    args.len(),
                    if args.len() == 1 { "was" } else { "were" }
                ),
            );
            ok = false;
        } else {
            for (i, (v, ty)) in values.iter().zip(&param_types).enumerate() {
                if let Some(v) = v {
                    if &v.ty != ty {
                        self.error(
                            v.span,
                            format!(
                                "argument {} of `{}` must be {}, but is {}",
                                i + 1,
                                callee.name,
                                ty,
                                v.ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        if outs.len() != out_types.len() {
            self.error(
                span,
                format!(
                    "procedure `{}` returns {} value{}, but {} variable{} receive{} them",
                    callee.name,
                    out_types.len(),
                    plural(out_types.len()),
                    outs.len(),
                    plural(outs.len()),
                    if outs.len() == 1 { "s" } else { "" }
                ),
            );
            ok = false;
        } else {
            for ((t, ty), n) in targets.iter().zip(&out_types).zip(outs) {
                if let Some((_, t_ty)) = t {
                    if t_ty != ty {
                        self.error(
                            n.span,
                            format!(
                                "`{}` of type {} cannot receive output {} of `{}` of type {}",
                                n.name,
                                t_ty,
                                outs.iter().position(|o| o == n).unwrap_or(0) + 1,
                                callee.name,
                                ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        if scope.header.syntax == Syntax::Boogie {
            for g in callee_modifies {
                if !scope.header.modifies.contains(&g) {
                    let gname = self.globals[g.0].name.clone();
                    self.error(
                        callee.span,
                        format!(
                            "`{}` may modify global variable `{}`, which is not in the `modifies` clause of procedure `{}` (--strict-modifies; without it bicd adds it to the clause)",
                            callee.name, gname, scope.header.name
                        ),
                    );
                    ok = false;
                }
            }
        }
        let outs: Option<Vec<VarRef>> = targets.into_iter().map(|t| t.map(|(v, _)| v)).collect();
        let args: Option<Vec<ir::Expr>> = values.into_iter().collect();
        if !ok {
            return None;
        }
        Some(ir::StmtKind::Call {
            callee: callee_id,
            args: args?,
            outs: outs?,
            free,
        })
    }
}
