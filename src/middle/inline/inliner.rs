//! The inliner (part of [`super`]): one loop-free, call-free flat
//! procedure per entry.
//!
//! Takes: a [`Program`], the entry, the bound `k` and the unwound bodies
//! ([`UnwoundBody`]); in summary mode also a [`CallPolicy`] and
//! [`EntryAsCallee`]. Gives: the [`FlatProcedure`] (see [`super`] for the
//! rules: invocations, recursion unwound to depth `k`, body-less calls,
//! the entry's `requires` and `ensures`), or a diagnostic when it would be
//! too large. design.md, "Semantics, pinned down" (calls) and "Calls".

use super::flat::{
    FlatBlock, FlatProcedure, FlatRole, FlatStmt, FlatStmtKind, FlatVar, FlatVarId, FlatVarOrigin,
    HavocTarget, Invocation, OpenCall, SyntheticKind,
};
use super::policy::{literal, CallPolicy, CallTreatment, EntryAsCallee};
use super::reads::{globals_under_old, read_before_written};
use crate::ir::passive::BlockKey;
use crate::ir::testcase::ChoiceKind;
use crate::ir::{Expr, ExprKind, GlobalId, LocalId, ProcId, Program, StmtKind, Type, VarRef};
use crate::middle::unwind::{UnwoundBody, UnwoundKind};
use crate::source::{Diagnostic, Span};
use std::collections::HashMap;

/// At most this many blocks in one flat procedure; beyond, inlining refuses
/// (several recursive call sites grow exponentially with `k`).
const MAX_FLAT_BLOCKS: usize = 400_000;

/// At most this many invocations nested in one another (the entry
/// included); beyond, inlining refuses rather than exhaust the stack.
const MAX_INLINE_DEPTH: usize = 1_000;

/// Nested inlining grows the stack by [`STACK_GROWTH`] bytes when less than
/// [`STACK_RED_ZONE`] are left.
const STACK_RED_ZONE: usize = 256 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// How one invocation sees the program's variables.
pub(super) struct Frame {
    proc: ProcId,
    pub(super) invocation: usize,
    pub(super) locals: Vec<FlatVarId>,
    old: HashMap<GlobalId, FlatVarId>,
}

pub(super) struct Inliner<'a> {
    pub(super) program: &'a Program,
    bodies: &'a [Option<UnwoundBody>],
    k: u32,
    pub(super) vars: Vec<FlatVar>,
    pub(super) blocks: Vec<FlatBlock>,
    pub(super) globals: Vec<FlatVarId>,
    invocations: Vec<Invocation>,
    /// Procedures whose bodies are being inlined, outermost (entry) first.
    stack: Vec<ProcId>,
    rbw_cache: HashMap<ProcId, Vec<LocalId>>,
    old_cache: HashMap<ProcId, Vec<GlobalId>>,
    /// Summary mode: how calls of procedures with a body are treated.
    policy: Option<&'a dyn CallPolicy>,
    /// The calls left open ([`CallTreatment::Open`]).
    open_calls: Vec<OpenCall>,
}

/// A call once [`Inliner::enter_call`] made its callee's frame.
pub(super) struct Entered {
    pub(super) frame: Frame,
    pub(super) callee: ProcId,
    /// The caller's variables that receive the outputs.
    pub(super) outs: Vec<FlatVarId>,
    pub(super) span: Span,
}

/// A call of the original program with its arguments and receivers
/// translated into the flat procedure: what each way of treating a call
/// (no body, inlined, summarised) starts from.
pub(super) struct FlatCall {
    pub(super) callee: ProcId,
    pub(super) args: Vec<Expr<FlatVarId>>,
    pub(super) outs: Vec<FlatVarId>,
    pub(super) free: bool,
    pub(super) span: Span,
}

impl<'a> Inliner<'a> {
    pub(super) fn new_var(&mut self, name: &str, ty: Type, origin: FlatVarOrigin) -> FlatVarId {
        self.vars.push(FlatVar {
            name: name.to_string(),
            ty,
            origin,
        });
        FlatVarId(self.vars.len() - 1)
    }

    pub(super) fn new_block(&mut self, role: FlatRole) -> Result<usize, Diagnostic> {
        if self.blocks.len() >= MAX_FLAT_BLOCKS {
            let p = self.program.proc(self.stack[0]);
            // The procedures inlined most often so far: where the call tree
            // grows.
            let mut copies: HashMap<ProcId, usize> = HashMap::new();
            for i in &self.invocations {
                *copies.entry(i.proc).or_default() += 1;
            }
            let mut most: Vec<(ProcId, usize)> = copies.into_iter().collect();
            most.sort_by_key(|&(q, n)| (std::cmp::Reverse(n), q));
            let most: Vec<String> = most
                .iter()
                .take(3)
                .map(|&(q, n)| format!("`{}` {n} times", self.program.proc(q).name))
                .collect();
            let smaller = if self.k > 0 {
                "a smaller --unwind, or "
            } else {
                ""
            };
            return Err(Diagnostic::error(
                p.span,
                format!(
                    "inlining the calls of procedure `{}` with --unwind {} gives more than {} \
                     blocks (so far {} inlined); use {smaller}--entry to analyse procedures \
                     lower in the call graph (each from any state)",
                    p.name,
                    self.k,
                    MAX_FLAT_BLOCKS,
                    most.join(", ")
                ),
            ));
        }
        self.blocks.push(FlatBlock {
            role,
            stmts: Vec::new(),
            succs: Vec::new(),
        });
        Ok(self.blocks.len() - 1)
    }

    /// A new invocation of `proc` with fresh copies of all its locals and
    /// fresh `old` snapshots of the globals it reads under `old`.
    pub(super) fn new_frame(&mut self, proc: ProcId, caller: Option<usize>, span: Span) -> Frame {
        let invocation = self.invocations.len();
        self.invocations.push(Invocation { proc, caller, span });
        let program = self.program;
        let p = program.proc(proc);
        let locals = (0..p.locals.len())
            .map(|i| {
                let l = &p.locals[i];
                self.new_var(
                    &l.var.name,
                    l.var.ty.clone(),
                    FlatVarOrigin::Local {
                        proc,
                        local: LocalId(i),
                        invocation,
                    },
                )
            })
            .collect();
        let olds = self
            .old_cache
            .entry(proc)
            .or_insert_with(|| globals_under_old(program, proc))
            .clone();
        let mut old = HashMap::new();
        for g in olds {
            let var = &program.globals[g.0];
            let id = self.new_var(
                &var.name,
                var.ty.clone(),
                FlatVarOrigin::Old {
                    global: g,
                    invocation,
                },
            );
            old.insert(g, id);
        }
        Frame {
            proc,
            invocation,
            locals,
            old,
        }
    }

    /// `old` snapshots of a frame: `snap_g := g` for each.
    fn snapshot_stmt(&self, frame: &Frame, span: Span) -> Option<FlatStmt> {
        if frame.old.is_empty() {
            return None;
        }
        let mut pairs: Vec<(FlatVarId, Expr<FlatVarId>)> = frame
            .old
            .iter()
            .map(|(g, &snap)| {
                let gv = self.globals[g.0];
                let ty = self.vars[gv.0].ty.clone();
                (snap, Expr::new(ExprKind::Var(gv), ty, span))
            })
            .collect();
        pairs.sort_by_key(|(v, _)| *v);
        Some(FlatStmt {
            kind: FlatStmtKind::Assign(pairs),
            span,
        })
    }

    fn translate(&self, frame: &Frame, e: &Expr, under_old: bool) -> Expr<FlatVarId> {
        let kind = match &e.kind {
            ExprKind::Int(n) => ExprKind::Int(n.clone()),
            ExprKind::Bool(b) => ExprKind::Bool(*b),
            ExprKind::Var(VarRef::Local(l)) => ExprKind::Var(frame.locals[l.0]),
            ExprKind::Var(VarRef::Global(g)) => {
                let snap = if under_old {
                    frame.old.get(g).copied()
                } else {
                    None
                };
                ExprKind::Var(snap.unwrap_or(self.globals[g.0]))
            }
            ExprKind::Old(inner) => return self.translate(frame, inner, true),
            ExprKind::Unary(op, a) => {
                ExprKind::Unary(*op, Box::new(self.translate(frame, a, under_old)))
            }
            ExprKind::Binary(op, a, b) => ExprKind::Binary(
                *op,
                Box::new(self.translate(frame, a, under_old)),
                Box::new(self.translate(frame, b, under_old)),
            ),
            ExprKind::Ite(c, a, b) => ExprKind::Ite(
                Box::new(self.translate(frame, c, under_old)),
                Box::new(self.translate(frame, a, under_old)),
                Box::new(self.translate(frame, b, under_old)),
            ),
            _ => e
                .map_children(&mut |c| self.translate(frame, c, under_old))
                .unwrap_or(ExprKind::Bool(false)),
        };
        Expr::new(kind, e.ty.clone(), e.span)
    }

    pub(super) fn var_of(&self, frame: &Frame, v: VarRef) -> FlatVarId {
        match v {
            VarRef::Global(g) => self.globals[g.0],
            VarRef::Local(l) => frame.locals[l.0],
        }
    }

    fn rbw(&mut self, proc: ProcId) -> Vec<LocalId> {
        let program = self.program;
        self.rbw_cache
            .entry(proc)
            .or_insert_with(|| read_before_written(program, proc, true))
            .clone()
    }

    /// Emits one invocation of `frame.proc`'s unwound body. `prologue` is
    /// put at the start of its first block. Returns the first block and the
    /// blocks that return (to be linked to an exit).
    fn inline_body(
        &mut self,
        frame: &Frame,
        prologue: Vec<FlatStmt>,
    ) -> Result<(usize, Vec<usize>), Diagnostic> {
        let program = self.program;
        let proc = frame.proc;
        let p = program.proc(proc);
        let (Some(body), Some(cfg)) = (
            self.bodies.get(proc.0).and_then(|b| b.as_ref()),
            p.body.as_ref(),
        ) else {
            return Err(Diagnostic::error(
                p.span,
                format!(
                    "internal error: procedure `{}` has no unwound body to inline",
                    p.name
                ),
            ));
        };
        // First piece of each unwound block.
        let mut first = Vec::with_capacity(body.blocks.len());
        for ub in &body.blocks {
            let role = match &ub.kind {
                UnwoundKind::Copy {
                    origin, iterations, ..
                } => FlatRole::Code {
                    key: BlockKey {
                        proc,
                        block: *origin,
                    },
                    invocation: frame.invocation,
                    iterations: iterations.clone(),
                    enters: true,
                    ends_block: true,
                },
                UnwoundKind::CutOff => FlatRole::Synthetic(SyntheticKind::LoopCutOff),
                UnwoundKind::LoopExit { head, count } => FlatRole::LoopExit {
                    head: BlockKey { proc, block: *head },
                    count: *count,
                },
            };
            first.push(self.new_block(role)?);
        }
        let mut prologue = Some(prologue);
        let mut returns = Vec::new();
        for (i, ub) in body.blocks.iter().enumerate() {
            let (origin, reachable) = match &ub.kind {
                UnwoundKind::Copy {
                    origin, reachable, ..
                } => (*origin, *reachable),
                UnwoundKind::LoopExit { .. } => {
                    match ub.succs.is_empty() {
                        true => returns.push(first[i]),
                        false => {
                            self.blocks[first[i]].succs =
                                ub.succs.iter().map(|&s| first[s]).collect()
                        }
                    }
                    continue;
                }
                UnwoundKind::CutOff => {
                    let span = p.span;
                    self.blocks[first[i]].stmts.push(FlatStmt {
                        kind: FlatStmtKind::Assume(Expr::bool(false, span)),
                        span,
                    });
                    continue;
                }
            };
            let block = &cfg.graph[origin];
            let mut current = first[i];
            if i == body.entry {
                if let Some(pro) = prologue.take() {
                    self.blocks[current].stmts.extend(pro);
                }
            }
            let mut cut = false;
            for stmt in &block.stmts {
                let span = stmt.span;
                match &stmt.kind {
                    StmtKind::Assign(pairs) => {
                        let pairs = pairs
                            .iter()
                            .map(|(v, e)| (self.var_of(frame, *v), self.translate(frame, e, false)))
                            .collect();
                        self.blocks[current].stmts.push(FlatStmt {
                            kind: FlatStmtKind::Assign(pairs),
                            span,
                        });
                    }
                    StmtKind::Assume(e) => {
                        let e = self.translate(frame, e, false);
                        self.blocks[current].stmts.push(FlatStmt {
                            kind: FlatStmtKind::Assume(e),
                            span,
                        });
                    }
                    StmtKind::Assert(id, e) => {
                        let e = self.translate(frame, e, false);
                        self.blocks[current].stmts.push(FlatStmt {
                            kind: FlatStmtKind::Assert(*id, e),
                            span,
                        });
                    }
                    StmtKind::Havoc(vs) => {
                        let targets = vs
                            .iter()
                            .map(|v| HavocTarget {
                                var: self.var_of(frame, *v),
                                kind: ChoiceKind::Havoc,
                                proc,
                                name: program.var_name(proc, *v).to_string(),
                            })
                            .collect();
                        self.blocks[current].stmts.push(FlatStmt {
                            kind: FlatStmtKind::Havoc(targets),
                            span,
                        });
                    }
                    StmtKind::Call {
                        callee,
                        args,
                        outs,
                        free,
                    } => {
                        if !reachable {
                            // Dead code: nothing to inline.
                            continue;
                        }
                        let q = program.proc(*callee);
                        let args: Vec<Expr<FlatVarId>> = args
                            .iter()
                            .map(|e| self.translate(frame, e, false))
                            .collect();
                        let outs: Vec<FlatVarId> =
                            outs.iter().map(|v| self.var_of(frame, *v)).collect();
                        let call = FlatCall {
                            callee: *callee,
                            args,
                            outs,
                            free: *free,
                            span,
                        };
                        if q.body.is_none() {
                            self.call_without_body(frame, current, call);
                            continue;
                        }
                        let treatment = match self.policy {
                            Some(policy) => {
                                let path = self.call_path(frame, span);
                                policy.treat(proc, *callee, span, &path)
                            }
                            None => CallTreatment::Inline,
                        };
                        match treatment {
                            CallTreatment::Inline => {}
                            CallTreatment::Open {
                                may_fail,
                                free_ensures,
                            } => {
                                current =
                                    self.open_call(frame, current, call, may_fail, free_ensures)?;
                                continue;
                            }
                            CallTreatment::Cases { cases, escape } => {
                                current = self.summary_call(
                                    frame,
                                    current,
                                    call,
                                    &cases,
                                    escape.as_ref(),
                                )?;
                                continue;
                            }
                        }
                        let depth = self.stack.iter().filter(|&&s| s == *callee).count();
                        if depth as u64 > u64::from(self.k) {
                            let cutoff = self
                                .new_block(FlatRole::Synthetic(SyntheticKind::RecursionCutOff))?;
                            self.blocks[cutoff].stmts.push(FlatStmt {
                                kind: FlatStmtKind::Assume(Expr::bool(false, span)),
                                span,
                            });
                            self.blocks[current].succs = vec![cutoff];
                            // The rest of this copy never runs; its end is
                            // kept as an isolated piece so that every copy
                            // of a block has a piece that ends it.
                            self.continuation_of(current)?;
                            self.set_ends_block(current, false);
                            cut = true;
                            break;
                        }
                        current = self.inline_call(frame, current, call)?;
                    }
                }
            }
            if cut {
                continue;
            }
            if ub.succs.is_empty() {
                if reachable {
                    returns.push(current);
                }
            } else {
                self.blocks[current].succs = ub.succs.iter().map(|&s| first[s]).collect();
            }
        }
        Ok((first[body.entry], returns))
    }

    pub(super) fn set_ends_block(&mut self, block: usize, value: bool) {
        if let FlatRole::Code { ends_block, .. } = &mut self.blocks[block].role {
            *ends_block = value;
        }
    }

    /// Assignments `formal_i := arg_i` (parallel), if any.
    fn bind_params(
        frame: &Frame,
        q: &crate::ir::Procedure,
        args: Vec<Expr<FlatVarId>>,
        span: Span,
    ) -> Option<FlatStmt> {
        let pairs: Vec<(FlatVarId, Expr<FlatVarId>)> = q
            .params
            .iter()
            .zip(args)
            .map(|(l, e)| (frame.locals[l.0], e))
            .collect();
        parallel_assign(pairs, span)
    }

    /// `outs_i := formal_out_i` (parallel), if any.
    fn bind_outs(
        &self,
        frame: &Frame,
        q: &crate::ir::Procedure,
        outs: &[FlatVarId],
        span: Span,
    ) -> Option<FlatStmt> {
        let pairs: Vec<(FlatVarId, Expr<FlatVarId>)> = outs
            .iter()
            .zip(q.outs.iter())
            .map(|(&target, l)| {
                let formal = frame.locals[l.0];
                let ty = self.vars[formal.0].ty.clone();
                (target, Expr::new(ExprKind::Var(formal), ty, span))
            })
            .collect();
        parallel_assign(pairs, span)
    }

    /// The call prologue shared by both kinds of call: bind parameters, save
    /// `old` globals, assert the non-free `requires` (assume them at a
    /// `free call`).
    pub(super) fn call_prologue(
        &self,
        callee_frame: &Frame,
        args: Vec<Expr<FlatVarId>>,
        free: bool,
        span: Span,
    ) -> Vec<FlatStmt> {
        let q = self.program.proc(callee_frame.proc);
        let mut stmts = Vec::new();
        stmts.extend(Self::bind_params(callee_frame, q, args, span));
        stmts.extend(self.snapshot_stmt(callee_frame, span));
        for spec in q.requires.iter().filter(|s| !s.free) {
            let e = self.translate(callee_frame, &spec.expr, false);
            let kind = if free {
                FlatStmtKind::Assume(e)
            } else {
                FlatStmtKind::Assert(spec.id, e)
            };
            stmts.push(FlatStmt { kind, span });
        }
        stmts
    }

    /// The spans of the calls from the entry down to the invocation of
    /// `frame`, then `span`.
    fn call_path(&self, frame: &Frame, span: Span) -> Vec<Span> {
        let mut path = vec![span];
        let mut at = Some(frame.invocation);
        while let Some(i) = at {
            let inv = &self.invocations[i];
            if inv.caller.is_some() {
                path.push(inv.span);
            }
            at = inv.caller;
        }
        path.reverse();
        path
    }

    /// A call left open ([`CallTreatment::Open`]) at the end of `current`:
    /// the callee's outputs and modified globals havocked, its `ensures`
    /// (the free ones with `free_ensures`) assumed, in a
    /// [`FlatRole::OpenCall`] block; with `may_fail`, a second such block
    /// ends the run. Returns the continuation piece.
    fn open_call(
        &mut self,
        frame: &Frame,
        current: usize,
        call: FlatCall,
        may_fail: bool,
        free_ensures: bool,
    ) -> Result<usize, Diagnostic> {
        let site = self.open_calls.len();
        let path = self.call_path(frame, call.span);
        self.open_calls.push(OpenCall {
            callee: call.callee,
            path,
        });
        let Entered {
            frame: cf,
            callee,
            outs,
            span,
        } = self.enter_call(frame, current, call);
        self.set_ends_block(current, false);
        let open = self.new_block(FlatRole::OpenCall { site })?;
        // Without `free_ensures`, only the checked `ensures`: inlined, the
        // callee's body need not establish a free one (Boogie's inliner
        // drops them too), so assuming it here would prove code
        // infeasible that runs.
        self.blocks[open].stmts = self.body_less_effect(&cf, callee, &outs, free_ensures, span);
        let mut succs = vec![open];
        if may_fail {
            succs.push(self.new_block(FlatRole::OpenCall { site })?);
        }
        self.blocks[current].succs = succs;
        let cont = self.continuation_of(current)?;
        self.blocks[open].succs = vec![cont];
        Ok(cont)
    }

    /// The start of every way of treating a call: a frame for the callee
    /// (a new invocation) whose parameters take the arguments, its
    /// non-free `requires` asserted, at the end of `current`.
    pub(super) fn enter_call(&mut self, frame: &Frame, current: usize, call: FlatCall) -> Entered {
        let FlatCall {
            callee,
            args,
            outs,
            free,
            span,
        } = call;
        let cf = self.new_frame(callee, Some(frame.invocation), span);
        let stmts = self.call_prologue(&cf, args, free, span);
        self.blocks[current].stmts.extend(stmts);
        Entered {
            frame: cf,
            callee,
            outs,
            span,
        }
    }

    fn call_without_body(&mut self, frame: &Frame, current: usize, call: FlatCall) {
        let Entered {
            frame: cf,
            callee,
            outs,
            span,
        } = self.enter_call(frame, current, call);
        let stmts = self.body_less_effect(&cf, callee, &outs, true, span);
        self.blocks[current].stmts.extend(stmts);
    }

    /// What a call of a procedure without a body does once its arguments
    /// are bound (frame `cf`): havoc its outputs and the globals of its
    /// `modifies`, assume its `ensures` (the free ones only with
    /// `free_ensures`, or where the policy says it assumes them), copy the
    /// outputs to `outs`.
    fn body_less_effect(
        &mut self,
        cf: &Frame,
        callee: ProcId,
        outs: &[FlatVarId],
        free_ensures: bool,
        span: Span,
    ) -> Vec<FlatStmt> {
        let program = self.program;
        let q = program.proc(callee);
        let mut stmts = Vec::new();
        let mut targets: Vec<HavocTarget> = q
            .outs
            .iter()
            .map(|l| HavocTarget {
                var: cf.locals[l.0],
                kind: ChoiceKind::CallOutput,
                proc: callee,
                name: q.local(*l).var.name.clone(),
            })
            .collect();
        targets.extend(q.modifies.iter().map(|g| HavocTarget {
            var: self.globals[g.0],
            kind: ChoiceKind::CallOutput,
            proc: callee,
            name: program.globals[g.0].name.clone(),
        }));
        if !targets.is_empty() {
            stmts.push(FlatStmt {
                kind: FlatStmtKind::Havoc(targets),
                span,
            });
        }
        let policy = self.policy;
        let assumed = |(i, s): &(usize, &crate::ir::Spec)| {
            free_ensures || !s.free || policy.is_some_and(|p| p.assumes_free_ensures(callee, *i))
        };
        let proved = policy.map_or(&[][..], |p| p.proved_ensures(callee));
        let clauses = q
            .ensures
            .iter()
            .enumerate()
            .filter(assumed)
            .map(|(_, s)| &*s.expr);
        for expr in clauses.chain(proved) {
            let e = self.translate(cf, expr, false);
            stmts.push(FlatStmt {
                kind: FlatStmtKind::Assume(e),
                span,
            });
        }
        stmts.extend(self.bind_outs(cf, q, outs, span));
        stmts
    }

    /// Inlines a call at the end of `current`; returns the continuation
    /// piece where the rest of the caller's block goes.
    fn inline_call(
        &mut self,
        frame: &Frame,
        current: usize,
        call: FlatCall,
    ) -> Result<usize, Diagnostic> {
        let Entered {
            frame: cf,
            callee,
            outs,
            span,
        } = self.enter_call(frame, current, call);
        let program = self.program;
        let q = program.proc(callee);
        let uninit: Vec<HavocTarget> = self
            .rbw(callee)
            .into_iter()
            .map(|l| HavocTarget {
                var: cf.locals[l.0],
                kind: ChoiceKind::Uninitialized,
                proc: callee,
                name: q.local(l).var.name.clone(),
            })
            .collect();
        let prologue = if uninit.is_empty() {
            Vec::new()
        } else {
            vec![FlatStmt {
                kind: FlatStmtKind::Havoc(uninit),
                span,
            }]
        };
        if self.stack.len() >= MAX_INLINE_DEPTH {
            let p = program.proc(self.stack[0]);
            return Err(Diagnostic::error(
                span,
                format!(
                    "inlining the calls of procedure `{}` nests more than {} calls; \
                     use a smaller --unwind",
                    p.name, MAX_INLINE_DEPTH
                ),
            ));
        }
        self.stack.push(callee);
        // Each nested call is a nested `inline_body`: up to
        // MAX_INLINE_DEPTH of them. Their frames outgrow a thread's default
        // stack (2 MiB for `--jobs` and test threads), so the stack grows
        // on the heap when it runs low instead of overflowing.
        let inlined = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || {
            self.inline_body(&cf, prologue)
        });
        self.stack.pop();
        let (callee_entry, returns) = inlined?;
        self.set_ends_block(current, false);
        self.blocks[current].succs = vec![callee_entry];

        let exit = self.new_block(FlatRole::Synthetic(SyntheticKind::CallExit))?;
        for spec in q.ensures.iter().filter(|s| !s.free) {
            let e = self.translate(&cf, &spec.expr, false);
            self.blocks[exit].stmts.push(FlatStmt {
                kind: FlatStmtKind::Assert(spec.id, e),
                span,
            });
        }
        let bind = self.bind_outs(&cf, q, &outs, span);
        self.blocks[exit].stmts.extend(bind);
        for r in returns {
            self.blocks[r].succs = vec![exit];
        }
        let cont = self.continuation_of(current)?;
        self.blocks[exit].succs = vec![cont];
        Ok(cont)
    }

    pub(super) fn stmt(kind: FlatStmtKind, span: Span) -> FlatStmt {
        FlatStmt { kind, span }
    }

    pub(super) fn var_expr(&self, v: FlatVarId, span: Span) -> Expr<FlatVarId> {
        Expr::new(ExprKind::Var(v), self.vars[v.0].ty.clone(), span)
    }

    /// A new piece of the same block copy as `current`, after it: it does
    /// not enter the block, it ends it (until split further).
    pub(super) fn continuation_of(&mut self, current: usize) -> Result<usize, Diagnostic> {
        let role = match &self.blocks[current].role {
            FlatRole::Code {
                key,
                invocation,
                iterations,
                ..
            } => FlatRole::Code {
                key: *key,
                invocation: *invocation,
                iterations: iterations.clone(),
                enters: false,
                ends_block: true,
            },
            other => other.clone(),
        };
        self.new_block(role)
    }
}

/// Builds the flat procedure of `entry` (see the module doc). `bodies[p]`
/// must hold the unwound body of every procedure `p` with a body that the
/// entry calls (directly or not), and of the entry itself.
pub fn inline_calls(
    program: &Program,
    entry: ProcId,
    k: u32,
    bodies: &[Option<UnwoundBody>],
) -> Result<FlatProcedure, Diagnostic> {
    inline_calls_with(program, entry, k, bodies, None, None)
}

/// [`inline_calls`] for summary mode: `policy` decides how each call of a
/// procedure with a body is treated ([`CallTreatment`]); with `as_callee`,
/// the entry is analysed as a callee runs (its locals/outputs read before
/// written include outputs read at return, a precondition is assumed, and
/// values are observed at its exit).
pub fn inline_calls_with(
    program: &Program,
    entry: ProcId,
    k: u32,
    bodies: &[Option<UnwoundBody>],
    policy: Option<&dyn CallPolicy>,
    as_callee: Option<&EntryAsCallee>,
) -> Result<FlatProcedure, Diagnostic> {
    let mut inl = Inliner {
        policy,
        program,
        bodies,
        k,
        vars: Vec::new(),
        blocks: Vec::new(),
        globals: Vec::new(),
        invocations: Vec::new(),
        stack: vec![entry],
        rbw_cache: HashMap::new(),
        old_cache: HashMap::new(),
        open_calls: Vec::new(),
    };
    for (i, g) in program.globals.iter().enumerate() {
        let id = inl.new_var(&g.name, g.ty.clone(), FlatVarOrigin::Global(GlobalId(i)));
        inl.globals.push(id);
    }
    let p = program.proc(entry);
    let frame = inl.new_frame(entry, None, p.span);
    let mut prologue: Vec<FlatStmt> = Vec::new();
    prologue.extend(inl.snapshot_stmt(&frame, p.span));
    // The axioms (free `requires` of every procedure that read constants
    // alone) hold in every run, an inlined copy's too: the entry that
    // inlines it assumed them once. Not the distinctness of `unique`
    // constants, though: a callee analysed alone is an over-approximation
    // anyway, and yices case-splits on every pair of hundreds (SDV's
    // `strConst__li2bpl`), up to the pass's cap on each question.
    let free_requires = !as_callee.is_some_and(|ac| ac.without_free_requires);
    let axiom = program.reads_only_constants();
    let assumed = |s: &crate::ir::Spec| {
        free_requires
            || !s.free
            || (axiom(&s.expr) && !matches!(s.expr.kind, ExprKind::Distinct(_)))
    };
    for spec in p.requires.iter().filter(|s| assumed(s)) {
        let e = inl.translate(&frame, &spec.expr, false);
        prologue.push(FlatStmt {
            kind: FlatStmtKind::Assume(e),
            span: spec.expr.span,
        });
    }
    if let Some(ac) = as_callee {
        for (var, value) in &ac.precondition {
            let v = inl.var_of(&frame, *var);
            let eq = Expr::new(
                ExprKind::Binary(
                    crate::ir::BinOp::Eq,
                    Box::new(inl.var_expr(v, p.span)),
                    Box::new(literal(value, p.span)),
                ),
                Type::Bool,
                p.span,
            );
            prologue.push(FlatStmt {
                kind: FlatStmtKind::Assume(eq),
                span: p.span,
            });
        }
    }
    let (first, returns) = inl.inline_body(&frame, prologue)?;
    debug_assert_eq!(first, 0);
    let exit = inl.new_block(FlatRole::Synthetic(SyntheticKind::EntryExit))?;
    for spec in p.ensures.iter().filter(|s| !s.free) {
        let e = inl.translate(&frame, &spec.expr, false);
        inl.blocks[exit].stmts.push(FlatStmt {
            kind: FlatStmtKind::Assert(spec.id, e),
            span: spec.expr.span,
        });
    }
    if let Some(ac) = as_callee {
        let mut targets = Vec::new();
        let mut eqs = Vec::new();
        for (v, name) in &ac.observe {
            let var = inl.var_of(&frame, *v);
            let ty = inl.vars[var.0].ty.clone();
            let t = inl.marker_target(name, ty, entry);
            eqs.push(Expr::new(
                ExprKind::Binary(
                    crate::ir::BinOp::Eq,
                    Box::new(inl.var_expr(t.var, p.span)),
                    Box::new(inl.var_expr(var, p.span)),
                ),
                Type::Bool,
                p.span,
            ));
            targets.push(t);
        }
        if !targets.is_empty() {
            inl.blocks[exit].stmts.push(FlatStmt {
                kind: FlatStmtKind::Havoc(targets),
                span: p.span,
            });
            for e in eqs {
                inl.blocks[exit].stmts.push(FlatStmt {
                    kind: FlatStmtKind::Assume(e),
                    span: p.span,
                });
            }
        }
    }
    for r in returns {
        inl.blocks[r].succs = vec![exit];
    }

    // Blocks unreachable from the entry lose their edges.
    let mut reachable = vec![false; inl.blocks.len()];
    let mut stack = vec![0usize];
    reachable[0] = true;
    while let Some(b) = stack.pop() {
        for &s in &inl.blocks[b].succs {
            if !reachable[s] {
                reachable[s] = true;
                stack.push(s);
            }
        }
    }
    for (b, r) in reachable.iter().enumerate() {
        if !r {
            inl.blocks[b].succs.clear();
        }
    }

    let mut inputs: Vec<FlatVarId> = p.params.iter().map(|l| frame.locals[l.0]).collect();
    inputs.extend(inl.globals.iter().copied());
    inputs.extend(
        read_before_written(program, entry, as_callee.is_some())
            .into_iter()
            .map(|l| frame.locals[l.0]),
    );
    Ok(FlatProcedure {
        entry,
        k,
        vars: inl.vars,
        blocks: inl.blocks,
        inputs,
        invocations: inl.invocations,
        open_calls: inl.open_calls,
    })
}

/// `x1, x2 := e1, e2` as one parallel assignment; nothing if `pairs` is
/// empty.
fn parallel_assign(pairs: Vec<(FlatVarId, Expr<FlatVarId>)>, span: Span) -> Option<FlatStmt> {
    if pairs.is_empty() {
        None
    } else {
        Some(FlatStmt {
            kind: FlatStmtKind::Assign(pairs),
            span,
        })
    }
}
