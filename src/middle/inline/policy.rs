//! Summary mode's call policies (part of [`super`]): how a call of a
//! procedure with a body is treated, and what a summarised call becomes.
//!
//! Takes: a [`CallPolicy`] (given by [`crate::driver::summary`]) and, per
//! call, its [`CallTreatment`]: inline the body, or one branch per
//! [`SummaryCase`] (a callee test: assume its inputs, record a marker,
//! set its outputs or fail its assertion) plus the over-approximating
//! [`Escape`] branch. Gives: those branches in the flat procedure, and
//! [`EntryAsCallee`], the entry analysed as a callee runs. Paper, section 6
//! (procedure summaries); design.md, "Calls"; issue 4.

use super::flat::{FlatRole, FlatStmtKind, FlatVarId, FlatVarOrigin, HavocTarget, SyntheticKind};
use super::inliner::{Entered, FlatCall, Frame, Inliner};
use crate::ir::testcase::{ChoiceKind, TraceStep, Value};
use crate::ir::{AssertId, Expr, ExprKind, GlobalId, ProcId, Type, VarRef};
use crate::source::{Diagnostic, Span};
use std::rc::Rc;

/// The procedure named in the trace step of a [`FlatRole::SummaryCase`]
/// block (no Boogie identifier can start with this character).
pub const MARKER_PROC: &str = "\u{1}summary";

/// One case of a callee's summary (paper, section 6): a test of the callee
/// run on its own. At a call site it becomes one branch: `assume` that the
/// callee's inputs equal `inputs`, record the marker choice, then either
/// set the outputs and modified globals to the values at the end of that
/// run, or (`fails`) end the run in that assertion's failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryCase {
    /// Names the case: the label of the marker trace step and the variable
    /// of the marker choice (a `Havoc` choice of the callee).
    pub marker: String,
    /// The callee's parameters and globals that the run reads, seen from
    /// the callee, with their values.
    pub inputs: Vec<(VarRef, Value)>,
    /// The value of each output of the callee at its end (callee order).
    pub outputs: Vec<Value>,
    /// The globals the callee may modify, with their values at its end.
    pub globals: Vec<(GlobalId, Value)>,
    /// The run fails this assertion inside the callee.
    pub fails: Option<AssertId>,
}

/// How summary mode treats one call of a procedure with a body.
#[derive(Clone, Debug)]
pub enum CallTreatment {
    /// Copy the callee's body (inline mode; calls inside a recursive cycle).
    Inline,
    /// One branch per case, plus the `escape` branch if any; no branch at
    /// all: `assume false`.
    Cases {
        cases: Rc<Vec<SummaryCase>>,
        escape: Option<Escape>,
    },
    /// Leave the call open (stratified inlining,
    /// [`crate::driver::stratified`]): as a call of a procedure without a
    /// body, havoc the callee's outputs and the globals it may modify and
    /// assume its non-free `ensures` (a free one need not hold of the
    /// body, which inlining runs: assumed only with `free_ensures`, for a
    /// program that guides and proves nothing); with `may_fail` (the callee, or a procedure
    /// it calls, has an assertion) the run may also end at the call. This
    /// over-approximates every run of the callee; the block it becomes is
    /// a [`super::FlatRole::OpenCall`], so a model tells whether a run
    /// went through it.
    Open { may_fail: bool, free_ensures: bool },
}

/// The over-approximating branch of a summarised call: it records the
/// argument values (and those of some globals) as `Havoc` choices, then
/// either ends the run (the callee may fail or block) or returns with the
/// callee's outputs and `modified` globals havocked. With it, the flat
/// program over-approximates the call.
#[derive(Clone, Debug)]
pub struct Escape {
    /// One marker name per parameter of the callee.
    pub arg_markers: Vec<String>,
    /// Globals whose values at the call are recorded likewise.
    pub global_markers: Vec<(GlobalId, String)>,
    pub modified: Vec<GlobalId>,
    /// Recorded value vectors (parameters, then `global_markers`) the
    /// branch must not take: it then over-approximates only the other
    /// calls (used to find new argument values, not to prove anything).
    pub exclude: Vec<Vec<Value>>,
}

/// Decides the treatment of each call of a procedure with a body.
pub trait CallPolicy {
    /// The call of `callee` at `span`, in the body of `caller`; `path` is
    /// the span of every call from the entry down to this one (`span`
    /// last).
    fn treat(&self, caller: ProcId, callee: ProcId, span: Span, path: &[Span]) -> CallTreatment;

    /// Whether a call of `callee` left open ([`CallTreatment::Open`])
    /// assumes the free `ensures` at `index` of the callee's `ensures`
    /// besides its checked ones: one proved to hold at the end of every
    /// run of the callee's body within the bound
    /// ([`crate::driver::local_proofs`], "Corral's facts, checked").
    /// None by default.
    fn assumes_free_ensures(&self, _callee: ProcId, _index: usize) -> bool {
        false
    }

    /// Clauses over `callee`'s parameters, outputs and globals, not among
    /// its `ensures`, proved to hold at the end of every run of its body
    /// within the bound ([`crate::driver::local_proofs`]: the sign of
    /// what it returns, what its parameters are whenever it returns): a
    /// call of it left open assumes them as it does its `ensures`. None
    /// by default.
    fn proved_ensures(&self, _callee: ProcId) -> &[Expr] {
        &[]
    }
}

/// Analysing the entry as a callee would run (summary mode builds a
/// callee's summary from such tests).
#[derive(Clone, Debug, Default)]
pub struct EntryAsCallee {
    /// Assumed at the entry's first block: parameter (or global) = value.
    pub precondition: Vec<(VarRef, Value)>,
    /// Recorded at the entry's exit as `Havoc` choices of the entry named
    /// by the marker: the value each variable has there.
    pub observe: Vec<(VarRef, String)>,
    /// Assume only the entry's non-free `requires` and the axioms but the
    /// distinctness of `unique` constants, as an inlined copy does (a
    /// call asserts the former; Boogie's inliner drops the free ones; the
    /// entry assumed the axioms, which read constants alone).
    pub without_free_requires: bool,
}

impl Inliner<'_> {
    /// A marker variable recorded as a `Havoc` choice of `proc` named `name`.
    pub(super) fn marker_target(&mut self, name: &str, ty: Type, proc: ProcId) -> HavocTarget {
        let var = self.new_var(name, ty, FlatVarOrigin::Marker);
        HavocTarget {
            var,
            kind: ChoiceKind::Havoc,
            proc,
            name: name.to_string(),
        }
    }

    /// Summary mode: the call at the end of `current` becomes one branch per
    /// summary case (see [`SummaryCase`]); returns the continuation piece.
    pub(super) fn summary_call(
        &mut self,
        frame: &Frame,
        current: usize,
        call: FlatCall,
        cases: &[SummaryCase],
        escape: Option<&Escape>,
    ) -> Result<usize, Diagnostic> {
        let Entered {
            frame: cf,
            callee,
            outs,
            span,
        } = self.enter_call(frame, current, call);
        self.set_ends_block(current, false);
        let cont = self.continuation_of(current)?;
        let mut branches = Vec::with_capacity(cases.len().max(1));
        if let Some(escape) = escape {
            branches.push(self.escape_branch(&cf, cont, callee, &outs, span, escape)?);
        } else if cases.is_empty() {
            let b = self.new_block(FlatRole::Synthetic(SyntheticKind::SummaryCall))?;
            self.blocks[b].stmts.push(Self::stmt(
                FlatStmtKind::Assume(Expr::bool(false, span)),
                span,
            ));
            self.blocks[b].succs = vec![cont];
            branches.push(b);
        }
        for case in cases {
            let b = self.new_block(FlatRole::SummaryCase {
                step: TraceStep {
                    proc: MARKER_PROC.to_string(),
                    label: case.marker.clone(),
                },
            })?;
            let mut stmts = Vec::new();
            for (v, value) in &case.inputs {
                let var = self.var_of(&cf, *v);
                let eq = Expr::new(
                    ExprKind::Binary(
                        crate::ir::BinOp::Eq,
                        Box::new(self.var_expr(var, span)),
                        Box::new(literal(value, span)),
                    ),
                    Type::Bool,
                    span,
                );
                stmts.push(Self::stmt(FlatStmtKind::Assume(eq), span));
            }
            let marker = self.marker_target(&case.marker, Type::Bool, callee);
            stmts.push(Self::stmt(FlatStmtKind::Havoc(vec![marker]), span));
            match case.fails {
                Some(id) => {
                    stmts.push(Self::stmt(
                        FlatStmtKind::Assert(id, Expr::bool(false, span)),
                        span,
                    ));
                }
                None => {
                    let mut pairs: Vec<(FlatVarId, Expr<FlatVarId>)> = outs
                        .iter()
                        .zip(&case.outputs)
                        .map(|(&t, v)| (t, literal(v, span)))
                        .collect();
                    for (g, v) in &case.globals {
                        let gv = self.globals[g.0];
                        if !pairs.iter().any(|(t, _)| *t == gv) {
                            pairs.push((gv, literal(v, span)));
                        }
                    }
                    if !pairs.is_empty() {
                        stmts.push(Self::stmt(FlatStmtKind::Assign(pairs), span));
                    }
                    self.blocks[b].succs = vec![cont];
                }
            }
            self.blocks[b].stmts = stmts;
            branches.push(b);
        }
        self.blocks[current].succs = branches;
        Ok(cont)
    }

    /// Summary mode: the [`Escape`] branch of a call; returns its first
    /// block.
    fn escape_branch(
        &mut self,
        cf: &Frame,
        cont: usize,
        callee: ProcId,
        outs: &[FlatVarId],
        span: Span,
        escape: &Escape,
    ) -> Result<usize, Diagnostic> {
        let program = self.program;
        let q = program.proc(callee);
        let mut recorded: Vec<(String, FlatVarId)> = q
            .params
            .iter()
            .zip(&escape.arg_markers)
            .map(|(l, name)| (name.clone(), cf.locals[l.0]))
            .collect();
        recorded.extend(
            escape
                .global_markers
                .iter()
                .map(|(g, name)| (name.clone(), self.globals[g.0])),
        );
        let mut targets = Vec::new();
        let mut stmts = Vec::new();
        for (name, var) in recorded {
            let ty = self.vars[var.0].ty.clone();
            let t = self.marker_target(&name, ty, callee);
            stmts.push(Self::stmt(
                FlatStmtKind::Assume(Expr::new(
                    ExprKind::Binary(
                        crate::ir::BinOp::Eq,
                        Box::new(self.var_expr(t.var, span)),
                        Box::new(self.var_expr(var, span)),
                    ),
                    Type::Bool,
                    span,
                )),
                span,
            ));
            targets.push(t);
        }
        for values in &escape.exclude {
            let mut conj: Option<Expr<FlatVarId>> = None;
            for (t, v) in targets.iter().zip(values) {
                let eq = Expr::new(
                    ExprKind::Binary(
                        crate::ir::BinOp::Eq,
                        Box::new(self.var_expr(t.var, span)),
                        Box::new(literal(v, span)),
                    ),
                    Type::Bool,
                    span,
                );
                conj = Some(match conj {
                    None => eq,
                    Some(c) => Expr::new(
                        ExprKind::Binary(crate::ir::BinOp::And, Box::new(c), Box::new(eq)),
                        Type::Bool,
                        span,
                    ),
                });
            }
            if let Some(c) = conj {
                stmts.push(Self::stmt(FlatStmtKind::Assume(Expr::not(c)), span));
            }
        }
        if !targets.is_empty() {
            stmts.insert(0, Self::stmt(FlatStmtKind::Havoc(targets), span));
        }
        let entry = self.new_block(FlatRole::Synthetic(SyntheticKind::SummaryCall))?;
        self.blocks[entry].stmts = stmts;
        let returns = self.new_block(FlatRole::Synthetic(SyntheticKind::SummaryCall))?;
        let mut havoc: Vec<HavocTarget> = outs
            .iter()
            .map(|&var| HavocTarget {
                var,
                kind: ChoiceKind::Havoc,
                proc: callee,
                name: self.vars[var.0].name.clone(),
            })
            .collect();
        for g in &escape.modified {
            let var = self.globals[g.0];
            if !havoc.iter().any(|t| t.var == var) {
                havoc.push(HavocTarget {
                    var,
                    kind: ChoiceKind::Havoc,
                    proc: callee,
                    name: program.globals[g.0].name.clone(),
                });
            }
        }
        if !havoc.is_empty() {
            self.blocks[returns]
                .stmts
                .push(Self::stmt(FlatStmtKind::Havoc(havoc), span));
        }
        self.blocks[returns].succs = vec![cont];
        let ends = self.new_block(FlatRole::Synthetic(SyntheticKind::SummaryCall))?;
        self.blocks[entry].succs = vec![returns, ends];
        Ok(entry)
    }
}

/// A literal of a value a summary states. Summaries state integers and
/// Booleans only: the summary policy inlines calls of callees with other
/// values (`summary::Policy::values_are_literals`). Bit-vectors have
/// literals too; a map or an element of an uninterpreted sort has none and
/// never reaches here (`true` is a placeholder).
pub(super) fn literal(value: &Value, span: Span) -> Expr<FlatVarId> {
    match value {
        Value::Int(n) => Expr::new(ExprKind::Int(n.clone()), Type::Int, span),
        Value::Bool(b) => Expr::bool(*b, span),
        Value::Bv { width, value } => {
            Expr::new(ExprKind::Bv(*width, value.clone()), Type::Bv(*width), span)
        }
        Value::Real(r) => Expr::new(ExprKind::Real(r.clone()), Type::Real, span),
        Value::Float(x) => Expr::new(
            ExprKind::Float(x.clone()),
            Type::Float {
                sig: x.sig,
                exp: x.exp,
            },
            span,
        ),
        Value::RMode(m) => Expr::new(ExprKind::RMode(*m), Type::RMode, span),
        Value::Map { .. }
        | Value::Opaque(_)
        | Value::PolyMap(_)
        | Value::Construct { .. }
        | Value::Lambda(_) => Expr::bool(true, span),
    }
}
