//! Printers of the resolved program: expressions, statements, procedures
//! and whole programs in a Boogie-like syntax, deterministic so that
//! `bicd cover --dump cfg` can be snapshot-tested.
//!
//! Takes: an [`Expr`] (over any variables: [`VarRef`] in the front end's
//! program, [`SsaId`] in the passive one) or a [`Program`]. Gives: text,
//! through [`fmt::Display`]: `Expr<V>` for `V: Display`,
//! [`Expr::display_with`] when a variable's name needs a table (a
//! [`VarRef`] is named by its procedure), and [`Program::display_procs`]
//! for some procedures of a program. design.md, "The pipeline": the CFG
//! per procedure that parse + lower give (the passive program and the
//! unwound body have printers of their own beside their types).
//!
//! Expressions are printed with Boogie's operators and precedences, with
//! parentheses only where they are needed (and around `&&` inside `||`,
//! which Boogie requires); a block is its label, its statements and its
//! `goto` (or `return` when it has no successor).

use super::passive::SsaId;
use super::testcase::real_text;
use super::{
    BinOp, Expr, ExprKind, Function, LocalKind, ProcId, Procedure, Program, Stmt, StmtKind, Type,
    UnOp, VarRef,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

/// `g3` for global 3, `l2` for local 2: the indices, when no program is
/// at hand to name them ([`Program::var_name`] does).
impl fmt::Display for VarRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VarRef::Global(g) => write!(f, "g{}", g.0),
            VarRef::Local(l) => write!(f, "l{}", l.0),
        }
    }
}

/// `v7` for SSA variable 7 (its SMT name, in
/// [`crate::ir::passive::SsaVar::smt_name`], starts with that).
impl fmt::Display for SsaId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl<V: fmt::Display> fmt::Display for Expr<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display_with(|v: &V, f: &mut fmt::Formatter<'_>| write!(f, "{v}"))
            .fmt(f)
    }
}

/// An expression printed with the variable names `names` writes
/// ([`Expr::display_with`]).
pub(crate) struct ExprDisplay<'a, V, N> {
    expr: &'a Expr<V>,
    names: N,
}

impl<V> Expr<V> {
    /// This expression, printed with `names` writing each variable.
    pub(crate) fn display_with<N>(&self, names: N) -> ExprDisplay<'_, V, N>
    where
        N: Fn(&V, &mut fmt::Formatter<'_>) -> fmt::Result,
    {
        ExprDisplay { expr: self, names }
    }
}

impl<V, N> fmt::Display for ExprDisplay<'_, V, N>
where
    N: Fn(&V, &mut fmt::Formatter<'_>) -> fmt::Result,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut p = ExprPrinter {
            names: &self.names,
            bound: Vec::new(),
        };
        p.expr(self.expr, 0, f)
    }
}

/// Binding strength, loosest first: `if` 0, `<==>` 1, `==>` 2, `&&`/`||`
/// 3, relations 4, `++` 5, `+ -` 6, `* / div mod` 7, unary 8, atoms and
/// postfix forms 9.
fn binop_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Iff => 1,
        BinOp::Implies => 2,
        BinOp::And | BinOp::Or => 3,
        BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
        BinOp::Add | BinOp::Sub => 6,
        BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::RealDiv => 7,
    }
}

/// How tightly `e` binds as printed (see [`binop_prec`]).
fn prec<V>(e: &Expr<V>) -> u8 {
    use num_traits::Signed;
    match &e.kind {
        ExprKind::Ite(..) => 0,
        ExprKind::Binary(op, ..) => binop_prec(*op),
        ExprKind::Concat(..) => 5,
        ExprKind::Unary(UnOp::Not | UnOp::Neg, _) => 8,
        ExprKind::Int(n) if n.is_negative() => 8,
        ExprKind::Real(r) if !r.is_integer() && real_text(r).contains('/') => 7,
        ExprKind::Real(r) if r.is_negative() => 8,
        _ => 9,
    }
}

struct ExprPrinter<'n, N> {
    names: &'n N,
    /// Variables bound around the current subexpression: id and name.
    bound: Vec<(usize, String)>,
}

impl<N> ExprPrinter<'_, N> {
    /// Writes `e`, in parentheses if it binds less tightly than `min`.
    fn expr<V>(&mut self, e: &Expr<V>, min: u8, f: &mut fmt::Formatter<'_>) -> fmt::Result
    where
        N: Fn(&V, &mut fmt::Formatter<'_>) -> fmt::Result,
    {
        let parens = prec(e) < min;
        if parens {
            f.write_str("(")?;
        }
        self.bare(e, f)?;
        if parens {
            f.write_str(")")?;
        }
        Ok(())
    }

    fn list<V>(&mut self, es: &[Expr<V>], f: &mut fmt::Formatter<'_>) -> fmt::Result
    where
        N: Fn(&V, &mut fmt::Formatter<'_>) -> fmt::Result,
    {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            self.expr(e, 0, f)?;
        }
        Ok(())
    }

    fn bare<V>(&mut self, e: &Expr<V>, f: &mut fmt::Formatter<'_>) -> fmt::Result
    where
        N: Fn(&V, &mut fmt::Formatter<'_>) -> fmt::Result,
    {
        match &e.kind {
            ExprKind::Int(n) => write!(f, "{n}"),
            ExprKind::Bool(b) => write!(f, "{b}"),
            ExprKind::Var(v) => (self.names)(v, f),
            ExprKind::Real(r) => {
                let text = real_text(r);
                match text.split_once('/') {
                    // No finite decimal: a quotient of two literals.
                    Some((n, d)) => write!(f, "{n}.0 / {d}.0"),
                    None => f.write_str(&text),
                }
            }
            ExprKind::Bv(width, value) => write!(f, "{value}bv{width}"),
            ExprKind::Float(x) => write!(f, "{x}"),
            ExprKind::RMode(m) => write!(f, "{m}"),
            ExprKind::Bound(id) => match self.bound.iter().rev().find(|(b, _)| b == id) {
                Some((_, name)) => f.write_str(name),
                None => write!(f, "#bound{id}"),
            },
            ExprKind::Old(a) => {
                f.write_str("old(")?;
                self.expr(a, 0, f)?;
                f.write_str(")")
            }
            ExprKind::Unary(op, a) => {
                let (open, close, min) = match op {
                    UnOp::Not => ("!", "", 8),
                    // `- -x` would print as `--x`: the operand of a minus
                    // never starts with one.
                    UnOp::Neg => ("-", "", 9),
                    UnOp::ToInt => ("int(", ")", 0),
                    UnOp::ToReal => ("real(", ")", 0),
                };
                f.write_str(open)?;
                self.expr(a, min, f)?;
                f.write_str(close)
            }
            ExprKind::Binary(op, a, b) => {
                let p = binop_prec(*op);
                // Left- or right-associative, or (`&&`, `||`) associative
                // with itself only.
                let (left, right) = match op {
                    BinOp::Implies => (p + 1, p),
                    BinOp::And | BinOp::Or => {
                        let same =
                            |x: &Expr<V>| matches!(&x.kind, ExprKind::Binary(o, ..) if o == op);
                        (
                            if same(a) { p } else { p + 1 },
                            if same(b) { p } else { p + 1 },
                        )
                    }
                    BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                        (p + 1, p + 1)
                    }
                    _ => (p, p + 1),
                };
                self.expr(a, left, f)?;
                write!(f, " {} ", op.symbol())?;
                self.expr(b, right, f)
            }
            ExprKind::Concat(a, b) => {
                self.expr(a, 5, f)?;
                f.write_str(" ++ ")?;
                self.expr(b, 6, f)
            }
            ExprKind::Ite(c, a, b) => {
                f.write_str("if ")?;
                self.expr(c, 0, f)?;
                f.write_str(" then ")?;
                self.expr(a, 0, f)?;
                f.write_str(" else ")?;
                self.expr(b, 0, f)
            }
            ExprKind::Apply(func, args) => {
                write!(f, "{}(", func.name)?;
                self.list(args, f)?;
                f.write_str(")")
            }
            // Not Boogie syntax: what `unique` constants mean, written as
            // SMT-LIB's operator.
            ExprKind::Distinct(args) => {
                f.write_str("distinct(")?;
                self.list(args, f)?;
                f.write_str(")")
            }
            ExprKind::Select(m, ix) => {
                self.expr(m, 9, f)?;
                f.write_str("[")?;
                self.list(ix, f)?;
                f.write_str("]")
            }
            ExprKind::Store(m, ix, v) => {
                self.expr(m, 9, f)?;
                f.write_str("[")?;
                self.list(ix, f)?;
                f.write_str(" := ")?;
                self.expr(v, 0, f)?;
                f.write_str("]")
            }
            ExprKind::Extract(a, hi, lo) => {
                self.expr(a, 9, f)?;
                write!(f, "[{hi}:{lo}]")
            }
            ExprKind::Quant(q, binders, body, triggers) => {
                let q = match q {
                    super::Quantifier::Forall => "forall",
                    super::Quantifier::Exists => "exists",
                };
                write!(f, "({q} ")?;
                write_binders(binders, f)?;
                let depth = self.bound.len();
                self.bound
                    .extend(binders.iter().map(|b| (b.id, b.name.clone())));
                let r = (|| {
                    for t in triggers {
                        f.write_str("{ ")?;
                        self.list(t, f)?;
                        f.write_str(" } ")?;
                    }
                    self.expr(body, 0, f)
                })();
                self.bound.truncate(depth);
                r?;
                f.write_str(")")
            }
            ExprKind::Lambda(binders, body) => {
                f.write_str("(lambda ")?;
                write_binders(binders, f)?;
                let depth = self.bound.len();
                self.bound
                    .extend(binders.iter().map(|b| (b.id, b.name.clone())));
                let r = self.expr(body, 0, f);
                self.bound.truncate(depth);
                r?;
                f.write_str(")")
            }
            // One lambda per instance, as `<lambda | lambda>`.
            ExprKind::PolyLambda(p) => {
                f.write_str("<")?;
                for (i, part) in p.parts().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    self.expr(part, 0, f)?;
                }
                f.write_str(">")
            }
        }
    }
}

/// A statement of procedure `proc`, printed with its variables' names
/// (`x := e;`, `assume e;`, `assert e; // assertion 3`, `havoc x;`,
/// `call y := p(e);`).
pub struct StmtDisplay<'a> {
    program: &'a Program,
    proc: ProcId,
    stmt: &'a Stmt,
}

impl Stmt {
    /// This statement of procedure `proc` of `program`, printable.
    pub fn display<'a>(&'a self, program: &'a Program, proc: ProcId) -> StmtDisplay<'a> {
        StmtDisplay {
            program,
            proc,
            stmt: self,
        }
    }
}

impl fmt::Display for StmtDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (program, proc) = (self.program, self.proc);
        let name = |v: &VarRef| program.var_name(proc, *v);
        match &self.stmt.kind {
            StmtKind::Assign(pairs) => {
                let lhs: Vec<&str> = pairs.iter().map(|(v, _)| name(v)).collect();
                write!(f, "{} := ", lhs.join(", "))?;
                for (i, (_, e)) in pairs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", named(program, proc, e))?;
                }
                f.write_str(";")
            }
            StmtKind::Assume(e) => write!(f, "assume {};", named(program, proc, e)),
            StmtKind::Assert(id, e) => {
                write!(
                    f,
                    "assert {}; // assertion {}",
                    named(program, proc, e),
                    id.0
                )
            }
            StmtKind::Havoc(vars) => {
                let vars: Vec<&str> = vars.iter().map(name).collect();
                write!(f, "havoc {};", vars.join(", "))
            }
            StmtKind::Call {
                callee,
                args,
                outs,
                free,
            } => {
                if *free {
                    f.write_str("free ")?;
                }
                f.write_str("call ")?;
                if !outs.is_empty() {
                    let outs: Vec<&str> = outs.iter().map(name).collect();
                    write!(f, "{} := ", outs.join(", "))?;
                }
                write!(f, "{}(", program.proc(*callee).name)?;
                for (i, e) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", named(program, proc, e))?;
                }
                f.write_str(");")
            }
        }
    }
}

/// `e`, a top-level expression of procedure `proc`, with its variables'
/// names.
fn named<'a>(program: &'a Program, proc: ProcId, e: &'a Expr) -> impl fmt::Display + 'a {
    e.display_with(move |v: &VarRef, f: &mut fmt::Formatter<'_>| {
        f.write_str(program.var_name(proc, *v))
    })
}

/// Some procedures of a program, with the declarations they use
/// ([`Program::display_procs`]).
pub(crate) struct ProgramDisplay<'a> {
    program: &'a Program,
    procs: Vec<ProcId>,
}

impl Program {
    /// The procedures `procs` (in that order), after the types, functions
    /// and globals of the program that they mention, printable.
    pub(crate) fn display_procs(&self, procs: &[ProcId]) -> ProgramDisplay<'_> {
        ProgramDisplay {
            program: self,
            procs: procs.to_vec(),
        }
    }
}

/// The whole program: its types, functions, globals and procedures.
impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all: Vec<ProcId> = (0..self.procedures.len()).map(ProcId).collect();
        self.display_procs(&all).fmt(f)
    }
}

impl fmt::Display for ProgramDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let program = self.program;
        // What the procedures mention: functions (by name; a recursive
        // function's stand-in names the function itself), globals, sorts.
        let mut functions: BTreeMap<String, Arc<Function>> = BTreeMap::new();
        let mut globals = BTreeSet::new();
        let mut sorts = BTreeMap::new();
        for &p in &self.procs {
            let proc = program.proc(p);
            proc.for_each_expr(|e| {
                e.visit(&mut |x| {
                    if let ExprKind::Apply(func, _) = &x.kind {
                        collect_function(func, &mut functions);
                    }
                });
                e.visit_vars(false, &mut |v, _| {
                    if let VarRef::Global(g) = v {
                        globals.insert(*g);
                    }
                });
            });
            globals.extend(proc.modifies.iter().copied());
            for s in proc.body.iter().flat_map(|c| c.graph.node_weights()) {
                for st in &s.stmts {
                    if let StmtKind::Assign(pairs) = &st.kind {
                        globals.extend(pairs.iter().filter_map(|(v, _)| global(v)));
                    }
                    if let StmtKind::Havoc(vs) | StmtKind::Call { outs: vs, .. } = &st.kind {
                        globals.extend(vs.iter().filter_map(global));
                    }
                }
            }
            for l in &proc.locals {
                collect_sorts(&l.var.ty, &mut sorts);
            }
        }
        for g in &globals {
            collect_sorts(&program.globals[g.0].ty, &mut sorts);
        }
        for func in functions.values() {
            for (_, ty) in &func.params {
                collect_sorts(ty, &mut sorts);
            }
            collect_sorts(&func.result, &mut sorts);
        }

        let mut sections = 0;
        let mut section = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            sections += 1;
            if sections > 1 {
                writeln!(f)?;
            }
            Ok(())
        };
        if !sorts.is_empty() {
            section(f)?;
            for (s, then) in &sorts {
                writeln!(f, "type {s};")?;
                for line in then {
                    writeln!(f, "{line}")?;
                }
            }
        }
        if !functions.is_empty() {
            section(f)?;
            for func in functions.values() {
                writeln!(f, "{}", FunctionDisplay(func))?;
            }
        }
        if !globals.is_empty() {
            section(f)?;
            for g in &globals {
                let var = &program.globals[g.0];
                let kind = if program.constants.contains(g) {
                    "const"
                } else {
                    "var"
                };
                writeln!(f, "{kind} {}: {};", var.name, var.ty)?;
            }
        }
        for &p in &self.procs {
            section(f)?;
            write_procedure(program, p, f)?;
        }
        Ok(())
    }
}

fn global(v: &VarRef) -> Option<super::GlobalId> {
    match v {
        VarRef::Global(g) => Some(*g),
        VarRef::Local(_) => None,
    }
}

/// `func` and the functions its body applies, by name.
fn collect_function(func: &Arc<Function>, out: &mut BTreeMap<String, Arc<Function>>) {
    // A recursion stand-in means a function of its cycle.
    if func.is_recursion_stand_in() {
        if let Some(g) = func.stand_in_for.get() {
            collect_function(&g, out);
        }
        return;
    }
    // A datatype's functions come with its type (see `collect_sorts`).
    if func.datatype_op.is_some() || out.contains_key(&func.name) {
        return;
    }
    out.insert(func.name.clone(), func.clone());
    if let Some(body) = &func.body {
        body.visit(&mut |x| {
            if let ExprKind::Apply(g, _) = &x.kind {
                collect_function(g, out);
            }
        });
    }
}

/// The `type` declarations `ty` needs, each with the declarations that
/// follow it (a datatype's constructors).
fn collect_sorts(ty: &Type, out: &mut BTreeMap<String, Vec<String>>) {
    collect_sorts_in(ty, out, &mut Vec::new());
}

/// [`collect_sorts`], with `seen` the polymorphic maps already searched
/// (a map's instances may hold the map itself).
fn collect_sorts_in(ty: &Type, out: &mut BTreeMap<String, Vec<String>>, seen: &mut Vec<Type>) {
    match ty {
        Type::Sort(s) => {
            out.entry(s.clone()).or_default();
        }
        Type::Datatype(d) => {
            let key = format!("{{:datatype}} {}", d.name);
            if out.contains_key(&key) {
                return;
            }
            let lines = d
                .constructors()
                .iter()
                .map(|c| {
                    let fields: Vec<String> =
                        c.fields.iter().map(|(n, t)| format!("{n}: {t}")).collect();
                    format!(
                        "function {{:constructor}} {}({}): {};",
                        c.name,
                        fields.join(", "),
                        d.name
                    )
                })
                .collect();
            out.insert(key, lines);
            for c in d.constructors() {
                for (_, t) in &c.fields {
                    collect_sorts_in(t, out, seen);
                }
            }
        }
        Type::Map(keys, value) => {
            keys.iter().for_each(|k| collect_sorts_in(k, out, seen));
            collect_sorts_in(value, out, seen);
        }
        // The sorts of the instances it is read at.
        Type::PolyMap(p) => {
            if seen.contains(ty) {
                return;
            }
            seen.push(ty.clone());
            p.instances()
                .iter()
                .for_each(|i| collect_sorts_in(&i.map_type(), out, seen))
        }
        Type::Int | Type::Bool | Type::Bv(_) | Type::Real | Type::Float { .. } | Type::RMode => {}
    }
}

/// `function {:builtin "op"} f(x: int): int { body }`.
struct FunctionDisplay<'a>(&'a Function);

impl fmt::Display for FunctionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let func = self.0;
        f.write_str("function ")?;
        if let Some(op) = &func.builtin {
            write!(f, "{{:builtin \"{op}\"}} ")?;
        }
        write!(f, "{}(", func.name)?;
        for (i, (name, ty)) in func.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}: {ty}")?;
        }
        write!(f, "): {}", func.result)?;
        match &func.body {
            None => f.write_str(";"),
            Some(body) => {
                // In the body, parameter i is `Bound(i)`.
                let mut p = ExprPrinter {
                    names: &|_: &VarRef, f: &mut fmt::Formatter<'_>| f.write_str("?"),
                    bound: func
                        .params
                        .iter()
                        .enumerate()
                        .map(|(i, (name, _))| (i, name.clone()))
                        .collect(),
                };
                f.write_str(" { ")?;
                p.expr(body, 0, f)?;
                f.write_str(" }")
            }
        }
    }
}

/// `procedure p(x: int) returns (y: int)`, its specification and its body
/// (blocks from the entry on, then in the order they were declared).
fn write_procedure(program: &Program, p: ProcId, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let proc: &Procedure = program.proc(p);
    let vars = |kind: LocalKind| -> String {
        proc.locals
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| format!("{}: {}", l.var.name, l.var.ty))
            .collect::<Vec<_>>()
            .join(", ")
    };
    write!(f, "procedure {}({})", proc.name, vars(LocalKind::Param))?;
    if !proc.outs.is_empty() {
        write!(f, " returns ({})", vars(LocalKind::Out))?;
    }
    if proc.body.is_none() {
        f.write_str(";")?;
    }
    writeln!(f)?;
    for (clause, specs) in [("requires", &proc.requires), ("ensures", &proc.ensures)] {
        for s in specs {
            let e = named(program, p, &s.expr);
            if s.free {
                writeln!(f, "  free {clause} {e};")?;
            } else {
                writeln!(f, "  {clause} {e}; // assertion {}", s.id.0)?;
            }
        }
    }
    if !proc.modifies.is_empty() {
        let names: Vec<&str> = proc
            .modifies
            .iter()
            .map(|g| program.globals[g.0].name.as_str())
            .collect();
        writeln!(f, "  modifies {};", names.join(", "))?;
    }
    let Some(cfg) = &proc.body else {
        return Ok(());
    };
    writeln!(f, "{{")?;
    for l in proc.locals.iter().filter(|l| l.kind == LocalKind::Local) {
        writeln!(f, "  var {}: {};", l.var.name, l.var.ty)?;
    }
    let mut order = vec![cfg.entry];
    order.extend(cfg.graph.node_indices().filter(|&n| n != cfg.entry));
    for n in order {
        let block = &cfg.graph[n];
        writeln!(f, "  {}:", block.label)?;
        for s in &block.stmts {
            writeln!(f, "    {}", s.display(program, p))?;
        }
        let succs: Vec<&str> = cfg
            .successors(n)
            .into_iter()
            .map(|s| cfg.graph[s].label.as_str())
            .collect();
        if succs.is_empty() {
            writeln!(f, "    return;")?;
        } else {
            writeln!(f, "    goto {};", succs.join(", "))?;
        }
    }
    writeln!(f, "}}")
}

/// `x: int, y: bool :: ` (a quantifier's or a lambda's binders).
fn write_binders(binders: &[super::Binder], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (i, b) in binders.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}: {}", b.name, b.ty)?;
    }
    f.write_str(" :: ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Binder, Quantifier};
    use crate::source::Span;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    type E = Expr<SsaId>;

    fn mk(kind: ExprKind<SsaId>, ty: Type) -> E {
        Expr::new(kind, ty, Span::default())
    }
    fn var(i: usize) -> E {
        mk(ExprKind::Var(SsaId(i)), Type::Int)
    }
    fn int(n: i64) -> E {
        mk(ExprKind::Int(BigInt::from(n)), Type::Int)
    }
    fn bin(op: BinOp, a: E, b: E) -> E {
        mk(ExprKind::Binary(op, Box::new(a), Box::new(b)), Type::Int)
    }
    fn un(op: UnOp, a: E) -> E {
        mk(ExprKind::Unary(op, Box::new(a)), Type::Int)
    }

    #[test]
    fn parentheses_only_where_needed() {
        use BinOp::*;
        let (a, b, c) = (var(0), var(1), var(2));
        let cases: Vec<(E, &str)> = vec![
            (
                bin(Mul, bin(Add, a.clone(), b.clone()), c.clone()),
                "(v0 + v1) * v2",
            ),
            (
                bin(Add, a.clone(), bin(Mul, b.clone(), c.clone())),
                "v0 + v1 * v2",
            ),
            (
                bin(Sub, bin(Sub, a.clone(), b.clone()), c.clone()),
                "v0 - v1 - v2",
            ),
            (
                bin(Sub, a.clone(), bin(Sub, b.clone(), c.clone())),
                "v0 - (v1 - v2)",
            ),
            (
                bin(Div, a.clone(), bin(Mod, b.clone(), c.clone())),
                "v0 div (v1 mod v2)",
            ),
            (
                bin(And, bin(And, a.clone(), b.clone()), c.clone()),
                "v0 && v1 && v2",
            ),
            (
                bin(Or, bin(And, a.clone(), b.clone()), c.clone()),
                "(v0 && v1) || v2",
            ),
            (
                bin(Implies, a.clone(), bin(Implies, b.clone(), c.clone())),
                "v0 ==> v1 ==> v2",
            ),
            (
                bin(Implies, bin(Implies, a.clone(), b.clone()), c.clone()),
                "(v0 ==> v1) ==> v2",
            ),
            (
                bin(Iff, bin(Or, a.clone(), b.clone()), c.clone()),
                "v0 || v1 <==> v2",
            ),
            (
                bin(Eq, bin(Lt, a.clone(), b.clone()), c.clone()),
                "(v0 < v1) == v2",
            ),
            (
                bin(Le, bin(Add, a.clone(), int(1)), c.clone()),
                "v0 + 1 <= v2",
            ),
            (un(UnOp::Not, bin(And, a.clone(), b.clone())), "!(v0 && v1)"),
            (un(UnOp::Neg, un(UnOp::Neg, a.clone())), "-(-v0)"),
            (un(UnOp::Neg, int(-5)), "-(-5)"),
            (bin(Sub, a.clone(), int(-5)), "v0 - -5"),
            (
                un(UnOp::ToReal, bin(Add, a.clone(), b.clone())),
                "real(v0 + v1)",
            ),
            (
                bin(
                    Add,
                    mk(
                        ExprKind::Ite(Box::new(a.clone()), Box::new(int(1)), Box::new(int(2))),
                        Type::Int,
                    ),
                    c.clone(),
                ),
                "(if v0 then 1 else 2) + v2",
            ),
            (
                bin(
                    Mul,
                    a.clone(),
                    mk(
                        ExprKind::Real(BigRational::new(BigInt::from(1), BigInt::from(3))),
                        Type::Real,
                    ),
                ),
                "v0 * (1.0 / 3.0)",
            ),
            (
                mk(
                    ExprKind::Real(BigRational::new(BigInt::from(-5), BigInt::from(2))),
                    Type::Real,
                ),
                "-2.5",
            ),
            (
                mk(
                    ExprKind::Select(
                        Box::new(mk(
                            ExprKind::Store(Box::new(a.clone()), vec![b.clone()], Box::new(int(1))),
                            Type::Int,
                        )),
                        vec![bin(Add, b.clone(), int(1)), c.clone()],
                    ),
                    Type::Int,
                ),
                "v0[v1 := 1][v1 + 1, v2]",
            ),
            (
                mk(
                    ExprKind::Concat(
                        Box::new(mk(
                            ExprKind::Extract(Box::new(a.clone()), 8, 0),
                            Type::Bv(8),
                        )),
                        Box::new(mk(ExprKind::Bv(8, BigInt::from(255)), Type::Bv(8))),
                    ),
                    Type::Bv(16),
                ),
                "v0[8:0] ++ 255bv8",
            ),
            (
                mk(
                    ExprKind::Quant(
                        Quantifier::Forall,
                        vec![Binder {
                            id: 4,
                            name: "k".into(),
                            ty: Type::Int,
                        }],
                        Box::new(bin(
                            Implies,
                            bin(Le, int(0), mk(ExprKind::Bound(4), Type::Int)),
                            bin(Lt, mk(ExprKind::Bound(4), Type::Int), a.clone()),
                        )),
                        Vec::new(),
                    ),
                    Type::Bool,
                ),
                "(forall k: int :: 0 <= k ==> k < v0)",
            ),
            (
                mk(ExprKind::Old(Box::new(bin(Add, a.clone(), b))), Type::Int),
                "old(v0 + v1)",
            ),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
    }

    #[test]
    fn names_come_from_the_caller() {
        let e = bin(BinOp::Add, var(0), var(1));
        let names = ["x", "y"];
        let shown = e.display_with(|v: &SsaId, f: &mut fmt::Formatter<'_>| f.write_str(names[v.0]));
        assert_eq!(shown.to_string(), "x + y");
    }
}
