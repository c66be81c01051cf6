//! Candidate preconditions of the procedures, and the frames that keep
//! them: equalities on the program's state globals that may hold at every
//! call of a procedure; and candidate facts on what they return.
//!
//! Takes: a resolved [`Program`], an entry and the procedures it may
//! call. Gives: [`returned_values`], the sign of each integer output;
//! [`return_conditions`], what a procedure that may end a run itself
//! (SDV's rule hooks) is called with whenever it returns; and
//! [`candidate_specs`] ([`CandidateSpecs`]): per procedure,
//! `requires` clauses that the program's own text suggests (a global
//! equal, or not, to a literal or to another global, where some
//! comparison or assignment of the program relates the two: SDV's rule
//! state `s == 0`, SMACK's `s == NP` through the locals it loads them
//! into; a parameter equal to a global that some comparison relates
//! to a parameter: SDV's `Irp == SLAM_guard_S_0`, the request the rule
//! tracks; and a parameter equal, or not, to a literal or constant that
//! the procedure, or a callee it passes the parameter to, compares it
//! with: the routine SDV's `sdv_RunIoQueueWorkItems` dispatches on,
//! which its callers pass on from the one that queued it), and
//! `g == old(g)` for each such global the procedure may
//! modify. Nothing here is trusted: [`super::local_proofs`] keeps a
//! candidate only where a Houdini fixed point proves it (Flanagan and
//! Leino, FME 2001). docs/decisions.md, "Preconditions the local proofs
//! infer".

use crate::ir::{BinOp, Expr, ExprKind, LocalId, ProcId, Program, StmtKind, Type, UnOp, VarRef};
use crate::ir::{GlobalId, Procedure};
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// At most this many relations between globals (with a literal or with
/// each other) become candidates of every procedure, those the program
/// states most often first: each is an assertion at every call of every
/// procedure in the checks.
const MAX_GLOBAL_RELATIONS: usize = 20;

/// At most this many globals are candidates for equality with a
/// procedure's parameters.
const MAX_PARAMETER_GLOBALS: usize = 2;

/// At most this many values (literals and constants) a parameter is
/// compared with become candidates of it, each as `p == v` and `p != v`.
const MAX_PARAMETER_VALUES: usize = 6;

/// A literal as a candidate compares a global to it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Literal {
    Int(BigInt),
    Bool(bool),
    Bv(u32, BigInt),
}

/// What one side of a comparison is, seen through the local copies of its
/// procedure.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Operand {
    Global(GlobalId),
    Param,
    Literal(Literal),
}

/// A relation the program states between a global and something else.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Relation {
    /// `g == lit` (`equal`) or `g != lit`.
    Literal(GlobalId, Literal, bool),
    /// `g == h` or `g != h`, `g` the global of the lower id.
    Globals(GlobalId, GlobalId, bool),
}

/// A value a parameter is compared with: a literal, or a constant (SDV's
/// `li2bplFunctionConstant193`, the address of a dispatch routine).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ParamValue {
    Literal(Literal),
    Constant(GlobalId),
}

/// What [`candidate_specs`] proposes, per procedure.
#[derive(Default)]
pub(crate) struct CandidateSpecs {
    /// Relations between globals first, then parameters equal to globals.
    pub requires: Vec<(ProcId, Vec<Expr>)>,
    /// `g == old(g)` for each global of a relation that the procedure may
    /// modify: the frame a rule's state keeps through most calls.
    pub ensures: Vec<(ProcId, Vec<Expr>)>,
}

/// Candidate `requires` and `ensures` of the procedures of `order` but
/// `entry` that have a body.
pub(crate) fn candidate_specs(
    program: &Program,
    entry: ProcId,
    order: &[ProcId],
) -> CandidateSpecs {
    let mut counts: BTreeMap<Relation, usize> = BTreeMap::new();
    let mut param_globals: BTreeMap<GlobalId, usize> = BTreeMap::new();
    for &p in order {
        stated_relations(program, program.proc(p), &mut counts, &mut param_globals);
    }
    let mut relations: Vec<(Relation, usize)> = counts.into_iter().collect();
    // Most often stated first; ties in the program's order.
    relations.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    relations.truncate(MAX_GLOBAL_RELATIONS);
    let mut globals: Vec<(GlobalId, usize)> = param_globals.into_iter().collect();
    globals.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    globals.truncate(MAX_PARAMETER_GLOBALS);
    let reads = globals_read(program, order);
    let param_values = compared_parameter_values(program, order, true);
    // A `free call` assumes its callee's `requires` instead of checking
    // them: no candidate of such a callee could be proved.
    let called_free: BTreeSet<ProcId> = order
        .iter()
        .flat_map(|&p| program.calls(p))
        .filter_map(|(callee, free)| free.then_some(callee))
        .collect();
    let mut related: BTreeSet<GlobalId> = BTreeSet::new();
    for (r, _) in &relations {
        match r {
            Relation::Literal(g, ..) => {
                related.insert(*g);
            }
            Relation::Globals(g, h, _) => {
                related.insert(*g);
                related.insert(*h);
            }
        }
    }
    let mut out = CandidateSpecs::default();
    for &p in order {
        let proc = program.proc(p);
        if p == entry || proc.body.is_none() {
            continue;
        }
        // Only what the procedure (or a callee) reads can rule out a run
        // of it: the allocator a harness calls a hundred times gets none.
        let read = |g: &GlobalId| reads[p.0].contains(g) && !called_free.contains(&p);
        let span = proc.span;
        let global = |g: GlobalId| global_var(program, g, span);
        let compare = |a: Expr, b: Expr, equal: bool| comparison(a, b, equal, span);
        let mut exprs = Vec::new();
        for (r, _) in &relations {
            match r {
                Relation::Literal(g, lit, equal) if read(g) => {
                    let ty = program.globals[g.0].ty.clone();
                    exprs.push(compare(global(*g), literal(lit, ty, span), *equal));
                }
                Relation::Globals(g, h, equal) if read(g) || read(h) => {
                    exprs.push(compare(global(*g), global(*h), *equal));
                }
                _ => {}
            }
        }
        for &param in &proc.params {
            let ty = &proc.local(param).var.ty;
            for &(g, _) in &globals {
                if &program.globals[g.0].ty == ty && read(&g) {
                    let v = Expr::new(ExprKind::Var(VarRef::Local(param)), ty.clone(), span);
                    exprs.push(compare(v, global(g), true));
                }
            }
        }
        // A parameter equal, or not, to a value it (or a callee it is
        // passed to) is compared with: the routine a dispatcher runs.
        if !called_free.contains(&p) {
            exprs.extend(parameter_value_comparisons(
                program,
                proc,
                &param_values[p.0],
            ));
        }
        if !exprs.is_empty() {
            out.requires.push((p, exprs));
        }
        let kept: Vec<Expr> = proc
            .modifies
            .iter()
            .filter(|g| related.contains(g))
            .map(|&g| {
                let old = Expr::new(ExprKind::Old(Box::new(global(g))), global(g).ty, span);
                compare(global(g), old, true)
            })
            .collect();
        if !kept.is_empty() {
            out.ensures.push((p, kept));
        }
    }
    out
}

/// Candidate `ensures` on what the procedures of `order` but `entry`
/// that have a body return: for each integer output `r`, `r >= 0`, `r <
/// 0`, `r == 0` and `r != 0` (a status's sign, as Windows drivers and C
/// library calls report success and failure; a pointer that is not
/// null). The caller branches on them: SMACK's `cdaudio`, whose
/// `SendSrbSynchronous` always fails (its request is never built), so
/// that most of `CdAudioStartDevice` is dead, which no procedure alone
/// shows with the call left open. Not of a procedure the program states
/// free `ensures` of: Corral wrote those from its own fixed point over
/// such candidates and more, and on SDV's harnesses the signs added
/// thousands of questions and no proof.
pub(crate) fn returned_values(
    program: &Program,
    entry: ProcId,
    order: &[ProcId],
) -> Vec<(ProcId, Vec<Expr>)> {
    let mut out = Vec::new();
    for &p in order {
        let proc = program.proc(p);
        if p == entry || proc.body.is_none() || proc.ensures.iter().any(|e| e.free) {
            continue;
        }
        let span = proc.span;
        let mut exprs = Vec::new();
        for &r in &proc.outs {
            if proc.local(r).var.ty != Type::Int {
                continue;
            }
            let var = || Expr::new(ExprKind::Var(VarRef::Local(r)), Type::Int, span);
            let zero = || Expr::new(ExprKind::Int(BigInt::from(0)), Type::Int, span);
            for op in [BinOp::Ge, BinOp::Lt, BinOp::Eq, BinOp::Neq] {
                exprs.push(Expr::new(
                    ExprKind::Binary(op, Box::new(var()), Box::new(zero())),
                    Type::Bool,
                    span,
                ));
            }
        }
        if !exprs.is_empty() {
            out.push((p, exprs));
        }
    }
    out
}

/// Candidate `ensures` on the parameters of the procedures of `order`
/// but `entry` that have a body, and on the globals as they were called:
/// `p == v` and `p != v` for each value `v` the procedure's own body
/// compares the parameter with (through copies, as for the
/// preconditions above, but not through callees), and `old(g) == v` and
/// `old(g) != v` for each literal `v` its body compares the global `g`
/// with. Such an `ensures` holds where every run of the body that
/// returns starts so: the procedure returns only when it is called so.
/// SDV's rule hooks end every run but the one that breaks the rule
/// (`SLIC_Av_Create_exit` returns only where the status it is passed is
/// `259` and `lower_driver_return == 2`); assumed at an open call of the
/// hook, it rules out every path of a dispatch routine that returns
/// another status, which the hook left open never did. Only the
/// procedure's own comparisons: through callees, SDV's harnesses got
/// three times as many candidates (6,304 instead of 2,514 facts on
/// `modem_completerequest_0`) and the pass ran out of time where it had
/// not.
pub(crate) fn return_conditions(
    program: &Program,
    entry: ProcId,
    order: &[ProcId],
) -> Vec<(ProcId, Vec<Expr>)> {
    let param_values = compared_parameter_values(program, order, false);
    let mut out = Vec::new();
    for &p in order {
        let proc = program.proc(p);
        if p == entry || proc.body.is_none() || !blocks_some_run(program, p) {
            continue;
        }
        let mut exprs = parameter_value_comparisons(program, proc, &param_values[p.0]);
        let span = proc.span;
        for (g, lit) in compared_globals(program, proc) {
            let ty = program.globals[g.0].ty.clone();
            if !fits(&lit, &ty) {
                continue;
            }
            let old = || {
                Expr::new(
                    ExprKind::Old(Box::new(global_var(program, g, span))),
                    ty.clone(),
                    span,
                )
            };
            for equal in [true, false] {
                exprs.push(comparison(
                    old(),
                    literal(&lit, ty.clone(), span),
                    equal,
                    span,
                ));
            }
        }
        if !exprs.is_empty() {
            out.push((p, exprs));
        }
    }
    out
}

/// Whether `p`'s body ends some run where it stands: an `assume false`,
/// or a call of a procedure that ends every run at once (an `assume
/// false` in its first block, or an `ensures false`: SDV's
/// `SLIC_EXIT_ROUTINE`). Only such a procedure gets return conditions:
/// a body whose every branch has its complement (Corral's `goto A, B`
/// with `assume c` and `assume !c`) returns from every start.
fn blocks_some_run(program: &Program, p: ProcId) -> bool {
    let is_false = |e: &Expr| matches!(e.kind, ExprKind::Bool(false));
    let stops_at_once = |q: ProcId| {
        let proc = program.proc(q);
        proc.ensures.iter().any(|s| is_false(&s.expr))
            || proc.body.as_ref().is_some_and(|cfg| {
                cfg.graph[cfg.entry]
                    .stmts
                    .iter()
                    .any(|s| matches!(&s.kind, StmtKind::Assume(e) if is_false(e)))
            })
    };
    let Some(cfg) = &program.proc(p).body else {
        return false;
    };
    cfg.graph.node_indices().any(|n| {
        cfg.graph[n].stmts.iter().any(|s| match &s.kind {
            StmtKind::Assume(e) => is_false(e),
            StmtKind::Call { callee, .. } => stops_at_once(*callee),
            _ => false,
        })
    })
}

/// The (global, literal) pairs (at most [`MAX_PARAMETER_VALUES`])
/// `proc`'s body compares with `==` or `!=` (directly, or through a
/// local that only ever copies the global). Constants are left out: the
/// axioms say what they are.
fn compared_globals(program: &Program, proc: &Procedure) -> BTreeSet<(GlobalId, Literal)> {
    let mut pairs = BTreeSet::new();
    let Some(cfg) = &proc.body else {
        return pairs;
    };
    let constants: BTreeSet<GlobalId> = program.constants.iter().copied().collect();
    let global_here = |e: &Expr| match &e.kind {
        ExprKind::Var(VarRef::Global(g))
            if !constants.contains(g) && scalar(&program.globals[g.0].ty) =>
        {
            Some(*g)
        }
        _ => None,
    };
    let copies = single_copies(cfg, global_here);
    let global_of = |e: &Expr| match &e.kind {
        ExprKind::Var(VarRef::Local(l)) => copies.get(l).copied().flatten(),
        _ => global_here(e),
    };
    for_each_comparison(proc, |a, b| {
        let pair = match (global_of(a), global_of(b)) {
            (Some(g), None) => literal_of(b).map(|lit| (g, lit)),
            (None, Some(g)) => literal_of(a).map(|lit| (g, lit)),
            _ => None,
        };
        if let Some(pair) = pair.filter(|_| pairs.len() < MAX_PARAMETER_VALUES) {
            pairs.insert(pair);
        }
    });
    pairs
}

/// `p == v` and `p != v` for each parameter `p` of `proc` and each value
/// `values` gives it that fits its type.
fn parameter_value_comparisons(
    program: &Program,
    proc: &Procedure,
    values: &[BTreeSet<ParamValue>],
) -> Vec<Expr> {
    let span = proc.span;
    let mut exprs = Vec::new();
    for (i, &param) in proc.params.iter().enumerate() {
        let ty = &proc.local(param).var.ty;
        for value in &values[i] {
            let value = match value {
                ParamValue::Literal(lit) if fits(lit, ty) => literal(lit, ty.clone(), span),
                ParamValue::Constant(g) if &program.globals[g.0].ty == ty => {
                    global_var(program, *g, span)
                }
                _ => continue,
            };
            let v = || Expr::new(ExprKind::Var(VarRef::Local(param)), ty.clone(), span);
            for equal in [true, false] {
                exprs.push(comparison(v(), value.clone(), equal, span));
            }
        }
    }
    exprs
}

/// Per procedure of `order`: the globals it reads (in its body or its
/// `requires` and `ensures`) or a procedure it may call reads.
fn globals_read(program: &Program, order: &[ProcId]) -> Vec<BTreeSet<GlobalId>> {
    let mut reads = vec![BTreeSet::new(); program.procedures.len()];
    for &p in order {
        let proc = program.proc(p);
        proc.for_each_expr(|e| {
            e.visit_vars(false, &mut |v: &VarRef, _| {
                if let VarRef::Global(g) = v {
                    reads[p.0].insert(*g);
                }
            })
        });
    }
    let callees: Vec<(ProcId, Vec<ProcId>)> =
        order.iter().map(|&p| (p, program.callees(p))).collect();
    // Callees first, so one sweep settles all but recursive cycles.
    let mut changed = true;
    while changed {
        changed = false;
        for (p, called) in &callees {
            let mut more = BTreeSet::new();
            for c in called {
                more.extend(reads[c.0].iter().copied());
            }
            let before = reads[p.0].len();
            reads[p.0].extend(more);
            changed |= reads[p.0].len() != before;
        }
    }
    reads
}

/// Per procedure of `order` and per parameter of it: the values (at most
/// [`MAX_PARAMETER_VALUES`]) the parameter is compared with by `==` or
/// `!=` in its procedure's body (directly, through a local that only
/// ever copies it, or through a function that compares two of its
/// arguments), or, `through_callees`, in the body of a callee it is
/// passed to, transitively.
fn compared_parameter_values(
    program: &Program,
    order: &[ProcId],
    through_callees: bool,
) -> Vec<Vec<BTreeSet<ParamValue>>> {
    let mut values: Vec<Vec<BTreeSet<ParamValue>>> = program
        .procedures
        .iter()
        .map(|p| vec![BTreeSet::new(); p.params.len()])
        .collect();
    // (caller, its parameter) takes what (callee, its parameter) has.
    let mut passed: Vec<(ProcId, usize, ProcId, usize)> = Vec::new();
    for &p in order {
        parameter_comparisons(program, p, &mut values[p.0], &mut passed);
    }
    if !through_callees {
        return values;
    }
    // Callees first in `order`, so one sweep settles all but recursive
    // cycles.
    let mut changed = true;
    while changed {
        changed = false;
        for &(caller, i, callee, j) in &passed {
            let more: Vec<ParamValue> = values[callee.0][j]
                .iter()
                .filter(|v| !values[caller.0][i].contains(v))
                .cloned()
                .collect();
            let room = MAX_PARAMETER_VALUES.saturating_sub(values[caller.0][i].len());
            for v in more.into_iter().take(room) {
                values[caller.0][i].insert(v);
                changed = true;
            }
        }
    }
    values
}

/// The values `p`'s body compares each of its parameters with (into
/// `values`), and the parameters it passes on to a callee's (into
/// `passed`: caller, parameter, callee, parameter).
fn parameter_comparisons(
    program: &Program,
    p: ProcId,
    values: &mut [BTreeSet<ParamValue>],
    passed: &mut Vec<(ProcId, usize, ProcId, usize)>,
) {
    let proc = program.proc(p);
    let Some(cfg) = &proc.body else {
        return;
    };
    let index: HashMap<LocalId, usize> = proc
        .params
        .iter()
        .enumerate()
        .map(|(i, &l)| (l, i))
        .collect();
    let constants: BTreeSet<GlobalId> = program.constants.iter().copied().collect();
    // Locals that only ever hold a copy of one parameter (SDV copies each
    // parameter into a local first).
    let copies = single_copies(cfg, |e: &Expr| match &e.kind {
        ExprKind::Var(VarRef::Local(q)) => index.get(q).copied(),
        _ => None,
    });
    let param_of = |e: &Expr| -> Option<usize> {
        match &e.kind {
            ExprKind::Var(VarRef::Local(l)) => match index.get(l) {
                Some(&i) => Some(i),
                None => copies.get(l).copied().flatten(),
            },
            _ => None,
        }
    };
    let value_of = |e: &Expr| -> Option<ParamValue> {
        match &e.kind {
            ExprKind::Var(VarRef::Global(g)) if constants.contains(g) => {
                Some(ParamValue::Constant(*g))
            }
            _ => literal_of(e).map(ParamValue::Literal),
        }
    };
    let note = |a: &Expr, b: &Expr| {
        let (i, v) = match (param_of(a), param_of(b)) {
            (Some(i), None) => (i, value_of(b)),
            (None, Some(i)) => (i, value_of(a)),
            _ => return,
        };
        if let Some(v) = v {
            if values[i].len() < MAX_PARAMETER_VALUES {
                values[i].insert(v);
            }
        }
    };
    for_each_comparison(proc, note);
    for n in cfg.graph.node_indices() {
        for stmt in &cfg.graph[n].stmts {
            if let StmtKind::Call { callee, args, .. } = &stmt.kind {
                for (j, arg) in args.iter().enumerate() {
                    if let Some(i) = param_of(arg) {
                        passed.push((p, i, *callee, j));
                    }
                }
            }
        }
    }
}

/// Whether `lit` is a value of type `ty`.
fn fits(lit: &Literal, ty: &Type) -> bool {
    matches!(
        (lit, ty),
        (Literal::Int(_), Type::Int) | (Literal::Bool(_), Type::Bool)
    ) || matches!((lit, ty), (Literal::Bv(w, _), Type::Bv(v)) if w == v)
}

/// `a == b` (`equal`) or `a != b`.
fn comparison(a: Expr, b: Expr, equal: bool, span: crate::source::Span) -> Expr {
    let op = if equal { BinOp::Eq } else { BinOp::Neq };
    Expr::new(
        ExprKind::Binary(op, Box::new(a), Box::new(b)),
        Type::Bool,
        span,
    )
}

/// The global `g`, read.
fn global_var(program: &Program, g: GlobalId, span: crate::source::Span) -> Expr {
    Expr::new(
        ExprKind::Var(VarRef::Global(g)),
        program.globals[g.0].ty.clone(),
        span,
    )
}

fn literal(lit: &Literal, ty: Type, span: crate::source::Span) -> Expr {
    let kind = match lit {
        Literal::Int(n) => ExprKind::Int(n.clone()),
        Literal::Bool(b) => ExprKind::Bool(*b),
        Literal::Bv(w, n) => ExprKind::Bv(*w, n.clone()),
    };
    Expr::new(kind, ty, span)
}

/// A scalar type a candidate may compare: integers, Booleans, bit-vectors.
fn scalar(ty: &Type) -> bool {
    matches!(ty, Type::Int | Type::Bool | Type::Bv(_))
}

fn literal_of(e: &Expr) -> Option<Literal> {
    match &e.kind {
        ExprKind::Int(n) => Some(Literal::Int(n.clone())),
        ExprKind::Bool(b) => Some(Literal::Bool(*b)),
        ExprKind::Bv(w, n) => Some(Literal::Bv(*w, n.clone())),
        ExprKind::Unary(UnOp::Neg, inner) => match &inner.kind {
            ExprKind::Int(n) => Some(Literal::Int(-n.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The relations `proc` states (counted into `counts`), and the globals
/// it compares to a parameter (into `param_globals`).
fn stated_relations(
    program: &Program,
    proc: &Procedure,
    counts: &mut BTreeMap<Relation, usize>,
    param_globals: &mut BTreeMap<GlobalId, usize>,
) {
    let Some(cfg) = &proc.body else {
        return;
    };
    let params: BTreeSet<LocalId> = proc.params.iter().copied().collect();
    // A constant never changes: what holds of constants alone holds at the
    // start, where the axioms say it.
    let constants: BTreeSet<GlobalId> = program.constants.iter().copied().collect();
    // Locals assigned a copy of one global, parameter or literal (SMACK
    // loads each global into a local before comparing it; SDV copies
    // each parameter into a local first).
    let operand_here = |e: &Expr| -> Option<Operand> {
        match &e.kind {
            ExprKind::Var(VarRef::Global(g)) if scalar(&program.globals[g.0].ty) => {
                Some(Operand::Global(*g))
            }
            ExprKind::Var(VarRef::Local(l)) if params.contains(l) => Some(Operand::Param),
            _ => literal_of(e).map(Operand::Literal),
        }
    };
    let copies = single_copies(cfg, operand_here);
    let operand = |e: &Expr| -> Option<Operand> {
        match &e.kind {
            ExprKind::Var(VarRef::Local(l)) if !params.contains(l) => {
                copies.get(l).cloned().flatten()
            }
            _ => operand_here(e),
        }
    };
    let mut note = |a: Option<Operand>, b: Option<Operand>, equal: bool| {
        let (Some(a), Some(b)) = (a, b) else {
            return;
        };
        let relation = match (a, b) {
            (Operand::Global(g), Operand::Literal(l))
            | (Operand::Literal(l), Operand::Global(g)) => {
                if constants.contains(&g) {
                    return;
                }
                Relation::Literal(g, l, equal)
            }
            (Operand::Global(g), Operand::Global(h)) if g != h => {
                if constants.contains(&g) && constants.contains(&h) {
                    return;
                }
                if program.globals[g.0].ty != program.globals[h.0].ty {
                    return;
                }
                Relation::Globals(g.min(h), g.max(h), equal)
            }
            (Operand::Global(g), Operand::Param) | (Operand::Param, Operand::Global(g)) => {
                *param_globals.entry(g).or_default() += 1;
                return;
            }
            _ => return,
        };
        *counts.entry(relation).or_default() += 1;
    };
    for n in cfg.graph.node_indices() {
        for stmt in &cfg.graph[n].stmts {
            if let StmtKind::Assign(pairs) = &stmt.kind {
                for (target, rhs) in pairs {
                    if let VarRef::Global(g) = target {
                        if scalar(&program.globals[g.0].ty) {
                            note(Some(Operand::Global(*g)), operand(rhs), true);
                        }
                    }
                }
            }
        }
    }
    // Either way round: a branch assumes the comparison or its negation.
    for_each_comparison(proc, |a, b| {
        note(operand(a), operand(b), true);
        note(operand(a), operand(b), false);
    });
}

/// Each pair of expressions `proc` compares with `==` or `!=`, directly
/// or through a function defined by comparing two of its parameters
/// (SMACK's `$eq.i32(a, b)`: `if a == b then 1 else 0`).
fn for_each_comparison(proc: &Procedure, mut compared: impl FnMut(&Expr, &Expr)) {
    proc.for_each_expr(|e| {
        e.visit(&mut |sub: &Expr| match &sub.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Neq, a, b) => compared(a, b),
            ExprKind::Apply(f, args) => {
                if let Some((i, j)) = f.body.as_ref().and_then(compared_parameters) {
                    if let (Some(a), Some(b)) = (args.get(i), args.get(j)) {
                        compared(a, b);
                    }
                }
            }
            _ => {}
        })
    });
}

/// Per local of `cfg` that a statement writes: what `seen` makes of the
/// value written, where every write of it gives the same (`None` where
/// two differ, or where a `havoc` or a call writes it).
fn single_copies<T: Clone + PartialEq>(
    cfg: &crate::ir::Cfg,
    seen: impl Fn(&Expr) -> Option<T>,
) -> HashMap<LocalId, Option<T>> {
    let mut copies: HashMap<LocalId, Option<T>> = HashMap::new();
    let mut note = |l: LocalId, value: Option<T>| {
        copies
            .entry(l)
            .and_modify(|o| {
                if *o != value {
                    *o = None
                }
            })
            .or_insert(value);
    };
    for n in cfg.graph.node_indices() {
        for stmt in &cfg.graph[n].stmts {
            match &stmt.kind {
                StmtKind::Assign(pairs) => {
                    for (target, rhs) in pairs {
                        if let VarRef::Local(l) = target {
                            note(*l, seen(rhs));
                        }
                    }
                }
                StmtKind::Havoc(vars) | StmtKind::Call { outs: vars, .. } => {
                    for v in vars {
                        if let VarRef::Local(l) = v {
                            note(*l, None);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    copies
}

/// The two parameters a function body compares with `==` or `!=`, if it
/// compares exactly two.
fn compared_parameters(body: &Expr) -> Option<(usize, usize)> {
    let mut found = None;
    let mut other = false;
    body.visit(&mut |e: &Expr| {
        if let ExprKind::Binary(BinOp::Eq | BinOp::Neq, a, b) = &e.kind {
            match (&a.kind, &b.kind) {
                (ExprKind::Bound(i), ExprKind::Bound(j)) if i != j => {
                    if found.is_some_and(|f| f != (*i, *j)) {
                        other = true;
                    }
                    found = Some((*i, *j));
                }
                _ => other = true,
            }
        }
    });
    found.filter(|_| !other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    /// SMACK's way: globals loaded into locals, compared by `$eq.i32`,
    /// one global set from another through a local.
    const SMACK_STYLE: &str = "type i32 = int;
function {:inline} $eq.i32(i1: i32, i2: i32) returns (i32) { (if i1 == i2 then 1 else 0) }
var $M.1: i32;
var $M.5: i32;
var $M.8: i32;
var alloc: int;

procedure Alloc() returns (p: int)
  modifies alloc;
{
  entry: p := alloc; alloc := alloc + 8; return;
}

procedure Check(irp: int)
  modifies $M.8;
{
  var $i0: i32;
  var $i1: i32;
  var $i2: i32;
  var $i3: i32;
  entry:
    $i0 := $M.8;
    $i1 := $M.1;
    $i2 := $eq.i32($i0, $i1);
    goto yes, no;
  yes: assume $i2 == 1; $i3 := $M.5; $M.8 := $i3; return;
  no: assume $i2 != 1; return;
}

procedure main()
  modifies $M.1, $M.5, $M.8, alloc;
{
  var p: int;
  entry: $M.1 := 1; $M.5 := 5; $M.8 := $M.1; call p := Alloc(); call Check(p); return;
}
";

    fn proposed(text: &str) -> (Vec<String>, Vec<String>) {
        let mut sources = SourceMap::new();
        let file = sources.add("specs.bpl", text);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("main").expect("main");
        let order: Vec<ProcId> = (0..program.procedures.len()).map(ProcId).collect();
        let specs = candidate_specs(&program, entry, &order);
        let show = |list: &[(ProcId, Vec<Expr>)]| -> Vec<String> {
            let mut out = Vec::new();
            for (p, exprs) in list {
                let proc = program.proc(*p);
                for e in exprs {
                    let text =
                        e.display_with(|v: &VarRef, f: &mut std::fmt::Formatter<'_>| match v {
                            VarRef::Global(g) => write!(f, "{}", program.globals[g.0].name),
                            VarRef::Local(l) => write!(f, "{}", proc.local(*l).var.name),
                        });
                    out.push(format!("{}: {text}", proc.name));
                }
            }
            out
        };
        (show(&specs.requires), show(&specs.ensures))
    }

    /// Asserts that each of `wanted` is among the `proposed` candidates,
    /// and that the entry `main` is given none.
    fn assert_proposed(proposed: &[String], wanted: &[&str]) {
        for wanted in wanted {
            assert!(
                proposed.iter().any(|r| r == wanted),
                "{wanted} in {proposed:?}"
            );
        }
        assert!(
            !proposed.iter().any(|r| r.starts_with("main:")),
            "{proposed:?}"
        );
    }

    #[test]
    fn relations_seen_through_locals_and_comparing_functions_are_proposed() {
        let (requires, ensures) = proposed(SMACK_STYLE);
        assert_proposed(
            &requires,
            &[
                "Check: $M.1 == $M.8",
                "Check: $M.5 == $M.8",
                "Check: $M.1 != $M.8",
            ],
        );
        // The allocator reads none of the globals related.
        assert!(
            !requires.iter().any(|r| r.starts_with("Alloc:")),
            "{requires:?}"
        );
        assert_eq!(ensures, vec!["Check: $M.8 == old($M.8)".to_string()]);
    }

    /// A dispatcher compares the routine it is given, through a copy,
    /// with a constant and a literal; its caller only passes it on.
    const DISPATCHER: &str = "const c1: int;
var g: int;

procedure Run(routine: int, flag: bool)
  modifies g;
{
  var r: int;
  entry: r := routine; goto one, three;
  one: assume r == c1; g := 1; return;
  three: assume 3 != r; return;
}

procedure Queue(routine: int) modifies g; { entry: call Run(routine, true); return; }

procedure main() modifies g; { entry: call Queue(c1); return; }
";

    #[test]
    fn parameters_are_compared_with_the_values_a_callee_compares_them_with() {
        let (requires, _) = proposed(DISPATCHER);
        assert_proposed(
            &requires,
            &[
                "Run: routine == c1",
                "Run: routine != c1",
                "Run: routine == 3",
                "Run: routine != 3",
                "Queue: routine == c1",
                "Queue: routine != 3",
            ],
        );
        // `flag` is compared with nothing.
        assert!(!requires.iter().any(|r| r.contains("flag")), "{requires:?}");
    }
}
