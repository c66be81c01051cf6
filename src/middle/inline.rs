//! Inlining: one loop-free, call-free CFG per entry procedure.
//!
//! Takes: a [`Program`], the entry procedure, the bound `k`, and the
//! unwound body ([`UnwoundBody`]) of every procedure with a body that the
//! entry may call. Gives: a [`FlatProcedure`], a DAG of [`FlatBlock`]s over
//! fresh variables ([`FlatVar`]) whose statements are assignments,
//! assumptions, assertions and havocs, with `old` resolved. design.md,
//! "Semantics, pinned down" (calls, assertions, inputs) and the BRIEF's
//! decisions on calls and on the entry procedure.
//!
//! - Every call of a procedure with a body is replaced by a copy of its
//!   unwound body (one *invocation*: fresh variables for its parameters,
//!   outputs and locals; its blocks keep their [`BlockKey`], i.e. labels are
//!   qualified by their owner procedure). The arguments are assigned to the
//!   parameter copies, the globals that the callee reads under `old` are
//!   saved, the callee's non-free `requires` are asserted at the call; its
//!   locals/outputs read before written ([`read_before_written`]) are havocked
//!   as `Uninitialized` choices at its first block; its returning blocks go
//!   to a synthetic exit that asserts its non-free `ensures` and copies its
//!   outputs to the caller's receiving variables.
//! - Recursion is unwound like a loop (design.md, "Calls"): at most `k`
//!   recursive calls of `P` nest. A call of `P` made while the inlining
//!   stack (entry included) already holds `P` `k + 1` times is replaced by
//!   the cut-off `assume false`, so at most `k + 1` activations of `P` are
//!   live at once — as a loop header runs at most `k + 1` times.
//! - A call of a procedure without a body asserts its non-free `requires`,
//!   havocs its outputs then the globals of its `modifies` (`CallOutput`
//!   choices), and assumes its `ensures` (free or not).
//! - The entry's `requires` (free or not) are assumed at its first block;
//!   its returning blocks go to a synthetic unified exit that asserts its
//!   non-free `ensures`.
//!
//! Blocks are split at inlined calls: the piece before the call keeps the
//! trace step (`enters`), the piece after the callee returns ends the
//! original block (`ends_block`). Every copy of a block has a piece that
//! ends it: when a call is cut off, the rest of the block stays as a piece
//! of its own that nothing reaches. Blocks unreachable from the entry have
//! no edge at all.

use crate::ir::passive::BlockKey;
use crate::ir::testcase::{ChoiceKind, TraceStep, Value};
use crate::ir::{
    AssertId, Expr, ExprKind, GlobalId, LocalId, LocalKind, ProcId, Program, StmtKind, Type, VarRef,
};
use crate::middle::unwind::{UnwoundBody, UnwoundKind};
use crate::source::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// At most this many blocks in one flat procedure; beyond, inlining refuses
/// (several recursive call sites grow exponentially with `k`).
pub const MAX_FLAT_BLOCKS: usize = 400_000;

/// At most this many invocations nested in one another (the entry
/// included); beyond, inlining refuses rather than exhaust the stack.
pub const MAX_INLINE_DEPTH: usize = 1_000;

/// Index of a variable in [`FlatProcedure::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlatVarId(pub usize);

/// What a flat variable is a copy of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlatVarOrigin {
    /// A global variable (shared by all invocations).
    Global(GlobalId),
    /// A parameter, output or local of one invocation of `proc`
    /// (invocation 0 is the entry itself).
    Local {
        proc: ProcId,
        local: LocalId,
        invocation: usize,
    },
    /// The value of `global` when `invocation` started (for `old`).
    Old { global: GlobalId, invocation: usize },
    /// Summary mode: a variable that records a value as a choice (a
    /// summary case's marker, an observed argument or output).
    Marker,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatVar {
    /// The source name of the variable.
    pub name: String,
    pub ty: Type,
    pub origin: FlatVarOrigin,
}

/// One variable chosen by a [`FlatStmtKind::Havoc`], with what the test
/// records about the choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HavocTarget {
    pub var: FlatVarId,
    pub kind: ChoiceKind,
    /// The procedure named in the recorded choice (owner of the `havoc`, the
    /// body-less callee, or the called procedure).
    pub proc: ProcId,
    /// The variable named in the recorded choice.
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlatStmtKind {
    /// Parallel assignment: all right-hand sides read the old values.
    Assign(Vec<(FlatVarId, Expr<FlatVarId>)>),
    Assume(Expr<FlatVarId>),
    Assert(AssertId, Expr<FlatVarId>),
    /// Nondeterministic choices, in order.
    Havoc(Vec<HavocTarget>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatStmt {
    pub kind: FlatStmtKind,
    /// The source statement this comes from (the call, for what a call
    /// becomes).
    pub span: Span,
}

/// Why bicd added a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntheticKind {
    /// `assume false` after the last copy of a loop.
    LoopCutOff,
    /// `assume false` in place of a call nested too deep.
    RecursionCutOff,
    /// Exit of an inlined invocation: its `ensures`, then output copies.
    CallExit,
    /// Unified exit of the entry: its `ensures`.
    EntryExit,
    /// Summary mode: a call with no summary case (`assume false`), or the
    /// over-approximation's branch where the callee ends the run.
    SummaryCall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlatRole {
    /// A piece of a copy of an original block.
    Code {
        key: BlockKey,
        invocation: usize,
        /// The unwinding copy (see [`UnwoundKind::Copy`]).
        iterations: Vec<u32>,
        /// The run enters the original block here (first piece).
        enters: bool,
        /// This piece runs the block's last statement and its `goto`.
        ends_block: bool,
    },
    Synthetic(SyntheticKind),
    /// One case of a procedure summary at a call site (summary mode, see
    /// [`CallTreatment::Cases`]): a run entering it records `step`, a
    /// marker that [`crate::middle::summary`] replaces by the callee test's trace.
    SummaryCase {
        step: TraceStep,
    },
}

/// A block of the flat procedure. Successors in `goto` order; no cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatBlock {
    pub role: FlatRole,
    pub stmts: Vec<FlatStmt>,
    pub succs: Vec<usize>,
}

/// One copy of a procedure's body (or of a body-less callee's formals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub proc: ProcId,
    /// The invocation that made the call (`None` for the entry).
    pub caller: Option<usize>,
    /// Span of the call statement (the entry's span for the entry).
    pub span: Span,
}

/// The entry procedure with every call resolved: a DAG whose `blocks[0]` is
/// the entry's first block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatProcedure {
    pub entry: ProcId,
    pub k: u32,
    pub vars: Vec<FlatVar>,
    pub blocks: Vec<FlatBlock>,
    /// Variables whose initial value is an input of the entry: its
    /// parameters, every global, and its locals/outputs read before
    /// written (in that order).
    pub inputs: Vec<FlatVarId>,
    pub invocations: Vec<Invocation>,
}

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
    /// The call of `callee` at `span`, in the body of `caller`.
    fn treat(&self, caller: ProcId, callee: ProcId, span: Span) -> CallTreatment;
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
}

/// Locals (parameters excluded) of `proc` that some run may read before
/// writing, in declaration order. A read is any use in a statement (`old`
/// included) or, at a returning block, in a non-free `ensures`; when
/// `as_callee`, the outputs are also read at return (they are copied to the
/// caller). Computed on the original CFG (reachable blocks only) with a
/// must-be-written data-flow analysis, so it does not depend on `k`.
pub fn read_before_written(program: &Program, proc: ProcId, as_callee: bool) -> Vec<LocalId> {
    let p = program.proc(proc);
    let Some(cfg) = p.body.as_ref() else {
        return Vec::new();
    };
    let n = p.locals.len();
    let nodes: Vec<_> = cfg.graph.node_indices().collect();
    // Reachable blocks.
    let mut reachable = HashSet::new();
    let mut stack = vec![cfg.entry];
    reachable.insert(cfg.entry);
    while let Some(b) = stack.pop() {
        for s in cfg.graph.neighbors(b) {
            if reachable.insert(s) {
                stack.push(s);
            }
        }
    }
    let mut at_start = vec![false; n];
    for l in &p.params {
        if l.0 < n {
            at_start[l.0] = true;
        }
    }
    // written_in[b]: locals written on every path to b's start.
    let mut written_in: HashMap<_, Vec<bool>> = nodes
        .iter()
        .map(|&b| {
            let v = if b == cfg.entry {
                at_start.clone()
            } else {
                vec![true; n]
            };
            (b, v)
        })
        .collect();
    let transfer = |b, mut w: Vec<bool>, reads: &mut Option<&mut Vec<bool>>| -> Vec<bool> {
        let block: &crate::ir::BasicBlock = &cfg.graph[b];
        for s in &block.stmts {
            let mut read = |e: &Expr, w: &Vec<bool>| {
                if let Some(r) = reads.as_deref_mut() {
                    e.visit_vars(false, &mut |v, _| {
                        if let VarRef::Local(l) = v {
                            if l.0 < n && !w[l.0] {
                                r[l.0] = true;
                            }
                        }
                    });
                }
            };
            let write = |v: &VarRef, w: &mut Vec<bool>| {
                if let VarRef::Local(l) = v {
                    if l.0 < n {
                        w[l.0] = true;
                    }
                }
            };
            match &s.kind {
                StmtKind::Assign(pairs) => {
                    for (_, e) in pairs {
                        read(e, &w);
                    }
                    for (v, _) in pairs {
                        write(v, &mut w);
                    }
                }
                StmtKind::Assume(e) | StmtKind::Assert(_, e) => read(e, &w),
                StmtKind::Havoc(vs) => {
                    for v in vs {
                        write(v, &mut w);
                    }
                }
                StmtKind::Call { args, outs, .. } => {
                    for e in args {
                        read(e, &w);
                    }
                    for v in outs {
                        write(v, &mut w);
                    }
                }
            }
        }
        w
    };
    // Fixpoint (intersection over reachable predecessors).
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &nodes {
            if !reachable.contains(&b) || b == cfg.entry {
                continue;
            }
            let mut acc = vec![true; n];
            for pr in cfg
                .graph
                .neighbors_directed(b, petgraph::Direction::Incoming)
            {
                if !reachable.contains(&pr) {
                    continue;
                }
                let out = transfer(pr, written_in[&pr].clone(), &mut None);
                for i in 0..n {
                    acc[i] &= out[i];
                }
            }
            if acc == written_in[&b] {
                continue;
            }
            written_in.insert(b, acc);
            changed = true;
        }
    }
    let mut rbw = vec![false; n];
    for &b in &nodes {
        if !reachable.contains(&b) {
            continue;
        }
        let out = transfer(b, written_in[&b].clone(), &mut Some(&mut rbw));
        if cfg.graph.neighbors(b).next().is_none() {
            for spec in p.ensures.iter().filter(|s| !s.free) {
                spec.expr.visit_vars(false, &mut |v, _| {
                    if let VarRef::Local(l) = v {
                        if l.0 < n && !out[l.0] {
                            rbw[l.0] = true;
                        }
                    }
                });
            }
            if as_callee {
                for l in &p.outs {
                    if l.0 < n && !out[l.0] {
                        rbw[l.0] = true;
                    }
                }
            }
        }
    }
    (0..n)
        .filter(|&i| rbw[i] && p.locals[i].kind != LocalKind::Param)
        .map(LocalId)
        .collect()
}

/// Globals that `proc` reads under `old` (body, `requires`, `ensures`).
fn globals_under_old(program: &Program, proc: ProcId) -> Vec<GlobalId> {
    let p = program.proc(proc);
    let mut out: Vec<GlobalId> = Vec::new();
    p.for_each_expr(|e: &Expr| {
        e.visit_vars(false, &mut |v, under_old| {
            if let (VarRef::Global(g), true) = (v, under_old) {
                if !out.contains(g) {
                    out.push(*g);
                }
            }
        })
    });
    out.sort();
    out
}

/// How one invocation sees the program's variables.
struct Frame {
    proc: ProcId,
    invocation: usize,
    locals: Vec<FlatVarId>,
    old: HashMap<GlobalId, FlatVarId>,
}

struct Inliner<'a> {
    program: &'a Program,
    bodies: &'a [Option<UnwoundBody>],
    k: u32,
    vars: Vec<FlatVar>,
    blocks: Vec<FlatBlock>,
    globals: Vec<FlatVarId>,
    invocations: Vec<Invocation>,
    /// Procedures whose bodies are being inlined, outermost (entry) first.
    stack: Vec<ProcId>,
    rbw_cache: HashMap<ProcId, Vec<LocalId>>,
    old_cache: HashMap<ProcId, Vec<GlobalId>>,
    /// Summary mode: how calls of procedures with a body are treated.
    policy: Option<&'a dyn CallPolicy>,
}

impl<'a> Inliner<'a> {
    fn new_var(&mut self, name: &str, ty: Type, origin: FlatVarOrigin) -> FlatVarId {
        self.vars.push(FlatVar {
            name: name.to_string(),
            ty,
            origin,
        });
        FlatVarId(self.vars.len() - 1)
    }

    fn new_block(&mut self, role: FlatRole) -> Result<usize, Diagnostic> {
        if self.blocks.len() >= MAX_FLAT_BLOCKS {
            let p = self.program.proc(self.stack[0]);
            return Err(Diagnostic::error(
                p.span,
                format!(
                    "inlining the calls of procedure `{}` with --unwind {} gives more than {} \
                     blocks; use a smaller --unwind",
                    p.name, self.k, MAX_FLAT_BLOCKS
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
    fn new_frame(&mut self, proc: ProcId, caller: Option<usize>, span: Span) -> Frame {
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

    fn var_of(&self, frame: &Frame, v: VarRef) -> FlatVarId {
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
                        if q.body.is_none() {
                            self.call_without_body(
                                frame, current, *callee, args, outs, *free, span,
                            );
                            continue;
                        }
                        let treatment = match self.policy {
                            Some(policy) => policy.treat(proc, *callee, span),
                            None => CallTreatment::Inline,
                        };
                        match treatment {
                            CallTreatment::Inline => {}
                            CallTreatment::Cases { cases, escape } => {
                                current = self.summary_call(
                                    frame,
                                    current,
                                    *callee,
                                    args,
                                    outs,
                                    *free,
                                    span,
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
                        current =
                            self.inline_call(frame, current, *callee, args, outs, *free, span)?;
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

    fn set_ends_block(&mut self, block: usize, value: bool) {
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
    fn call_prologue(
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

    #[allow(clippy::too_many_arguments)]
    fn call_without_body(
        &mut self,
        frame: &Frame,
        current: usize,
        callee: ProcId,
        args: Vec<Expr<FlatVarId>>,
        outs: Vec<FlatVarId>,
        free: bool,
        span: Span,
    ) {
        let program = self.program;
        let q = program.proc(callee);
        let cf = self.new_frame(callee, Some(frame.invocation), span);
        let mut stmts = self.call_prologue(&cf, args, free, span);
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
        for spec in &q.ensures {
            let e = self.translate(&cf, &spec.expr, false);
            stmts.push(FlatStmt {
                kind: FlatStmtKind::Assume(e),
                span,
            });
        }
        stmts.extend(self.bind_outs(&cf, q, &outs, span));
        self.blocks[current].stmts.extend(stmts);
    }

    /// Inlines a call at the end of `current`; returns the continuation
    /// piece where the rest of the caller's block goes.
    #[allow(clippy::too_many_arguments)]
    fn inline_call(
        &mut self,
        frame: &Frame,
        current: usize,
        callee: ProcId,
        args: Vec<Expr<FlatVarId>>,
        outs: Vec<FlatVarId>,
        free: bool,
        span: Span,
    ) -> Result<usize, Diagnostic> {
        let program = self.program;
        let q = program.proc(callee);
        let cf = self.new_frame(callee, Some(frame.invocation), span);
        let stmts = self.call_prologue(&cf, args, free, span);
        self.blocks[current].stmts.extend(stmts);
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
        let inlined = self.inline_body(&cf, prologue);
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

    fn stmt(kind: FlatStmtKind, span: Span) -> FlatStmt {
        FlatStmt { kind, span }
    }

    fn var_expr(&self, v: FlatVarId, span: Span) -> Expr<FlatVarId> {
        Expr::new(ExprKind::Var(v), self.vars[v.0].ty.clone(), span)
    }

    /// A marker variable recorded as a `Havoc` choice of `proc` named `name`.
    fn marker_target(&mut self, name: &str, ty: Type, proc: ProcId) -> HavocTarget {
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
    #[allow(clippy::too_many_arguments)]
    fn summary_call(
        &mut self,
        frame: &Frame,
        current: usize,
        callee: ProcId,
        args: Vec<Expr<FlatVarId>>,
        outs: Vec<FlatVarId>,
        free: bool,
        span: Span,
        cases: &[SummaryCase],
        escape: Option<&Escape>,
    ) -> Result<usize, Diagnostic> {
        let cf = self.new_frame(callee, Some(frame.invocation), span);
        let stmts = self.call_prologue(&cf, args, free, span);
        self.blocks[current].stmts.extend(stmts);
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

    /// A new piece of the same block copy as `current`, after it: it does
    /// not enter the block, it ends it (until split further).
    fn continuation_of(&mut self, current: usize) -> Result<usize, Diagnostic> {
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

/// A literal of a value.
/// A literal of a value a summary states. Summaries state integers and
/// Booleans only: the summary policy inlines calls of callees with other
/// values (`summary::Policy::values_are_literals`). Bit-vectors have
/// literals too; a map or an element of an uninterpreted sort has none and
/// never reaches here (`true` is a placeholder).
fn literal(value: &Value, span: Span) -> Expr<FlatVarId> {
    match value {
        Value::Int(n) => Expr::new(ExprKind::Int(n.clone()), Type::Int, span),
        Value::Bool(b) => Expr::bool(*b, span),
        Value::Bv { width, value } => {
            Expr::new(ExprKind::Bv(*width, value.clone()), Type::Bv(*width), span)
        }
        Value::Real(r) => Expr::new(ExprKind::Real(r.clone()), Type::Real, span),
        Value::Map { .. } | Value::Opaque(_) => Expr::bool(true, span),
    }
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
    };
    for (i, g) in program.globals.iter().enumerate() {
        let id = inl.new_var(&g.name, g.ty.clone(), FlatVarOrigin::Global(GlobalId(i)));
        inl.globals.push(id);
    }
    let p = program.proc(entry);
    let frame = inl.new_frame(entry, None, p.span);
    let mut prologue: Vec<FlatStmt> = Vec::new();
    prologue.extend(inl.snapshot_stmt(&frame, p.span));
    for spec in &p.requires {
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
