//! Passification: the flat procedure turned into a passive program (SSA).
//!
//! Takes: a [`FlatProcedure`] (loop-free, call-free; see [`crate::middle::inline`]).
//! Gives: a [`PassiveProgram`] whose blocks hold only assumptions over SSA
//! variables. design.md, "The pipeline" (passify) and "Semantics, pinned
//! down" (assertions, inputs); the paper's section 4 expects this form.
//!
//! - Blocks are visited in topological order. An assignment `x := e` gives
//!   `x` a fresh incarnation `x'` and the assumption `x' == e` (a plain copy
//!   `x := y` only renames). `havoc x` gives `x` a fresh incarnation, recorded
//!   as a [`ChoicePoint`].
//! - At a join, each variable that is live there and whose incarnations
//!   differ between predecessors gets a fresh incarnation; the equalities are
//!   added at the end of a predecessor that has this block as its only
//!   successor, otherwise in a [`BlockRole::Synthetic`] block on the edge (an
//!   equality at the end of a branching block would constrain its other
//!   successors too).
//! - `assert e` splits its block: the piece so far branches to a
//!   continuation that assumes `e` and to an [`BlockRole::AssertFail`] block
//!   that assumes `!e` and has no successor (when `e` is not a variable or a
//!   constant, it is first named by a fresh boolean so it is written once).
//!   A Houdini candidate's assertion
//!   ([`crate::ir::AssertInfo::candidate`]) does not split its block: its
//!   failing block is one more successor of the piece so far, so that the
//!   candidates asserted at one place are each checked alone, beside the
//!   others, and one model shows every one it breaks there.
//! - Inputs ([`SsaRole::Input`], listed first, in the order of
//!   [`FlatProcedure::inputs`]): the initial incarnations of the flat
//!   procedure's inputs that some run from the entry reads before writing
//!   them (in an assumption, or only in an assignment whose result is never
//!   used: the interpreter reads them all). Other SSA variables that occur in
//!   no assumption and hold no choice are dropped.
//!
//! [`crate::middle::prepare_entry`] composes the middle of the pipeline:
//! unwind every procedure the entry may call, inline, passify.

use crate::ir::passive::{
    BlockRole, ChoicePoint, PassiveBlock, PassiveProgram, SsaId, SsaRole, SsaVar,
};
use crate::ir::testcase::TraceStep;
use crate::ir::{BinOp, Expr, ExprKind, Program, Type};
use crate::middle::inline::{FlatProcedure, FlatRole, FlatStmtKind, FlatVarId};
use crate::source::Span;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

/// A set of flat variables, sorted. Sparse: after inlining, a flat
/// procedure has a variable for every local of every inlined call (123,000
/// on a SMACK driver), of which a block has a few dozen live; a bit set
/// per block took 5 GB there.
#[derive(Clone, PartialEq, Eq, Default)]
struct VarSet(Vec<u32>);

impl VarSet {
    fn insert(&mut self, v: FlatVarId) {
        let v = v.0 as u32;
        if let Err(i) = self.0.binary_search(&v) {
            self.0.insert(i, v);
        }
    }
    fn remove(&mut self, v: FlatVarId) {
        if let Ok(i) = self.0.binary_search(&(v.0 as u32)) {
            self.0.remove(i);
        }
    }
    fn union_with(&mut self, other: &VarSet) {
        if other.0.is_empty() {
            return;
        }
        let mut merged = Vec::with_capacity(self.0.len() + other.0.len());
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.0, &other.0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => {
                    merged.push(a[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    merged.push(b[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    merged.push(a[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        merged.extend_from_slice(&a[i..]);
        merged.extend_from_slice(&b[j..]);
        self.0 = merged;
    }
    fn iter(&self) -> impl Iterator<Item = FlatVarId> + '_ {
        self.0.iter().map(|&v| FlatVarId(v as usize))
    }
}

fn add_expr_vars(e: &Expr<FlatVarId>, set: &mut VarSet) {
    e.visit_vars(false, &mut |v, _| set.insert(*v));
}

/// Variables live at the start of each flat block (a backward pass over a
/// reverse topological order).
fn live_in(flat: &FlatProcedure, order: &[usize]) -> Vec<VarSet> {
    let mut live: Vec<VarSet> = vec![VarSet::default(); flat.blocks.len()];
    for &b in order.iter().rev() {
        let block = &flat.blocks[b];
        let mut set = VarSet::default();
        for &s in &block.succs {
            set.union_with(&live[s]);
        }
        for stmt in block.stmts.iter().rev() {
            match &stmt.kind {
                FlatStmtKind::Assign(pairs) => {
                    for (v, _) in pairs {
                        set.remove(*v);
                    }
                    for (_, e) in pairs {
                        add_expr_vars(e, &mut set);
                    }
                }
                FlatStmtKind::Assume(e) | FlatStmtKind::Assert(_, e) => add_expr_vars(e, &mut set),
                FlatStmtKind::Havoc(ts) => {
                    for t in ts {
                        set.remove(t.var);
                    }
                }
            }
        }
        live[b] = set;
    }
    live
}

/// Topological order of the flat blocks: Kahn's algorithm from the entry
/// (smallest index first among ready blocks), then blocks that the entry
/// does not reach.
fn topological_order(flat: &FlatProcedure) -> Vec<usize> {
    let n = flat.blocks.len();
    let mut indegree = vec![0usize; n];
    for b in &flat.blocks {
        for &s in &b.succs {
            indegree[s] += 1;
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    // Places `start` (unless `only_if_ready` and it still waits for a
    // predecessor) and every block that becomes ready after it, smallest
    // index first.
    let mut drain_from = |start: usize, only_if_ready: bool| {
        if placed[start] || (only_if_ready && indegree[start] != 0) {
            return;
        }
        let mut ready = BinaryHeap::from([Reverse(start)]);
        while let Some(Reverse(b)) = ready.pop() {
            if placed[b] {
                continue;
            }
            placed[b] = true;
            order.push(b);
            for &s in &flat.blocks[b].succs {
                indegree[s] -= 1;
                if indegree[s] == 0 {
                    ready.push(Reverse(s));
                }
            }
        }
    };
    if n > 0 {
        drain_from(0, false);
    }
    // The rest: blocks the entry does not reach, again in Kahn order.
    for start in 0..n {
        drain_from(start, true);
    }
    order
}

/// How a block resolves a variable not yet given an incarnation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EnvMode {
    /// Reached from the entry: the variable's initial incarnation.
    FromEntry,
    /// A block the entry does not reach: a fresh, unconstrained incarnation.
    Detached,
}

struct Passifier<'a> {
    program: &'a Program,
    flat: &'a FlatProcedure,
    vars: Vec<SsaVar>,
    blocks: Vec<PassiveBlock>,
    /// Initial incarnation of each flat variable, once asked for.
    initial: HashMap<FlatVarId, SsaId>,
    inputs: HashSet<FlatVarId>,
}

impl<'a> Passifier<'a> {
    fn fresh(&mut self, v: FlatVarId, role: SsaRole) -> SsaId {
        let var = &self.flat.vars[v.0];
        self.vars.push(SsaVar {
            smt_name: var.name.clone(),
            ty: var.ty.clone(),
            role,
        });
        SsaId(self.vars.len() - 1)
    }

    fn fresh_named(&mut self, name: &str, ty: Type) -> SsaId {
        self.vars.push(SsaVar {
            smt_name: name.to_string(),
            ty,
            role: SsaRole::Internal,
        });
        SsaId(self.vars.len() - 1)
    }

    fn initial(&mut self, v: FlatVarId) -> SsaId {
        if let Some(&s) = self.initial.get(&v) {
            return s;
        }
        let role = if self.inputs.contains(&v) {
            SsaRole::Input {
                name: self.input_name(v),
            }
        } else {
            SsaRole::Internal
        };
        let s = self.fresh(v, role);
        self.initial.insert(v, s);
        s
    }

    /// The name of input `v` in a test: the variable's own name, or, for a
    /// global that a variable of the entry shadows, `name (global)`
    /// (see [`crate::ir::testcase::GLOBAL_INPUT_SUFFIX`]).
    fn input_name(&self, v: FlatVarId) -> String {
        let var = &self.flat.vars[v.0];
        let shadowed = matches!(var.origin, crate::middle::inline::FlatVarOrigin::Global(_))
            && self.flat.vars.iter().any(|w| {
                w.name == var.name
                    && matches!(
                        w.origin,
                        crate::middle::inline::FlatVarOrigin::Local { invocation: 0, .. }
                    )
            });
        if shadowed {
            format!("{}{}", var.name, crate::ir::testcase::GLOBAL_INPUT_SUFFIX)
        } else {
            var.name.clone()
        }
    }

    fn lookup(
        &mut self,
        env: &mut HashMap<FlatVarId, SsaId>,
        mode: EnvMode,
        v: FlatVarId,
    ) -> SsaId {
        if let Some(&s) = env.get(&v) {
            return s;
        }
        let s = match mode {
            EnvMode::FromEntry => self.initial(v),
            EnvMode::Detached => self.fresh(v, SsaRole::Internal),
        };
        env.insert(v, s);
        s
    }

    fn expr(
        &mut self,
        env: &mut HashMap<FlatVarId, SsaId>,
        mode: EnvMode,
        e: &Expr<FlatVarId>,
    ) -> Expr<SsaId> {
        e.map_vars(&mut |v| self.lookup(env, mode, *v))
    }

    fn new_block(&mut self, role: BlockRole, enters: Option<TraceStep>) -> usize {
        self.blocks.push(PassiveBlock {
            assumes: Vec::new(),
            succs: Vec::new(),
            preds: Vec::new(),
            role,
            enters,
            choices: Vec::new(),
        });
        self.blocks.len() - 1
    }

    fn trace_step(&self, role: &FlatRole) -> Option<TraceStep> {
        match role {
            FlatRole::Code {
                key, enters: true, ..
            } => {
                let proc = self.program.proc(key.proc);
                let label = proc
                    .body
                    .as_ref()
                    .and_then(|cfg| cfg.graph.node_weight(key.block))
                    .map(|b| b.label.clone())
                    .unwrap_or_default();
                Some(TraceStep {
                    proc: proc.name.clone(),
                    label,
                })
            }
            FlatRole::SummaryCase { step } => Some(step.clone()),
            _ => None,
        }
    }
}

fn var_expr(s: SsaId, ty: Type, span: Span) -> Expr<SsaId> {
    Expr::new(ExprKind::Var(s), ty, span)
}

fn equality(a: Expr<SsaId>, b: Expr<SsaId>, span: Span) -> Expr<SsaId> {
    Expr::new(
        ExprKind::Binary(BinOp::Eq, Box::new(a), Box::new(b)),
        Type::Bool,
        span,
    )
}

/// A name valid as an SMT-LIB simple symbol on every solver: `v<id>_` and
/// the source name with every character outside `[A-Za-z0-9_]` replaced.
pub(crate) fn smt_name(id: usize, source: &str) -> String {
    let clean: String = source
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("v{id}_{clean}")
}

/// Passifies `flat` (see the module doc).
pub fn passify(program: &Program, flat: &FlatProcedure) -> PassiveProgram {
    let order = topological_order(flat);
    let live = live_in(flat, &order);
    let nflat = flat.blocks.len();
    let mut flat_preds: Vec<Vec<usize>> = vec![Vec::new(); nflat];
    for (b, block) in flat.blocks.iter().enumerate() {
        for &s in &block.succs {
            flat_preds[s].push(b);
        }
    }
    let mut ps = Passifier {
        program,
        flat,
        vars: Vec::new(),
        blocks: Vec::new(),
        initial: HashMap::new(),
        inputs: flat.inputs.iter().copied().collect(),
    };
    // Per flat block: the environment at its end, its last passive piece.
    let mut env_out: Vec<Option<HashMap<FlatVarId, SsaId>>> = vec![None; nflat];
    let mut last_piece: Vec<usize> = vec![usize::MAX; nflat];
    // Passive block that the flat edge (p, s) leads to.
    let mut edge_target: HashMap<(usize, usize), usize> = HashMap::new();
    let mut remaining_succs: Vec<usize> = flat.blocks.iter().map(|b| b.succs.len()).collect();

    for &b in &order {
        let fb = &flat.blocks[b];
        let preds = &flat_preds[b];
        let mode = if b == 0 || !preds.is_empty() {
            EnvMode::FromEntry
        } else {
            EnvMode::Detached
        };
        // Environment at the block's start, and the join equalities to put
        // on each incoming edge.
        let mut env: HashMap<FlatVarId, SsaId>;
        let mut edge_eqs: Vec<Vec<Expr<SsaId>>> = vec![Vec::new(); preds.len()];
        if preds.len() == 1 {
            env = env_out[preds[0]].clone().unwrap_or_default();
        } else if preds.is_empty() {
            env = HashMap::new();
        } else {
            env = HashMap::new();
            let span = match &fb.stmts.first() {
                Some(s) => s.span,
                None => Span::default(),
            };
            let live_vars: Vec<FlatVarId> = live[b].iter().collect();
            for v in live_vars {
                let mut incs = Vec::with_capacity(preds.len());
                for &p in preds {
                    let mut pe = env_out[p].take().unwrap_or_default();
                    let s = ps.lookup(&mut pe, EnvMode::FromEntry, v);
                    env_out[p] = Some(pe);
                    incs.push(s);
                }
                if incs.iter().all(|&s| s == incs[0]) {
                    env.insert(v, incs[0]);
                } else {
                    let ty = flat.vars[v.0].ty.clone();
                    let joined = ps.fresh(v, SsaRole::Internal);
                    for (i, &s) in incs.iter().enumerate() {
                        edge_eqs[i].push(equality(
                            var_expr(joined, ty.clone(), span),
                            var_expr(s, ty.clone(), span),
                            span,
                        ));
                    }
                    env.insert(v, joined);
                }
            }
        }
        // Edge blocks for equalities on edges from branching predecessors.
        let mut incoming: Vec<Option<usize>> = vec![None; preds.len()];
        for (i, &p) in preds.iter().enumerate() {
            let eqs = std::mem::take(&mut edge_eqs[i]);
            if eqs.is_empty() {
                continue;
            }
            if flat.blocks[p].succs.len() == 1 {
                ps.blocks[last_piece[p]].assumes.extend(eqs);
            } else {
                let e = ps.new_block(BlockRole::Synthetic, None);
                ps.blocks[e].assumes = eqs;
                incoming[i] = Some(e);
            }
        }

        // The pieces of the block.
        let role_of = |ends: bool| -> BlockRole {
            match &fb.role {
                FlatRole::Code { key, .. } => BlockRole::Code {
                    key: *key,
                    ends_block: ends,
                },
                FlatRole::LoopExit { head, count } => BlockRole::LoopExit {
                    head: *head,
                    count: *count,
                },
                FlatRole::OpenCall { site } => BlockRole::OpenCall { site: *site },
                FlatRole::Synthetic(_) | FlatRole::SummaryCase { .. } => BlockRole::Synthetic,
            }
        };
        let first = ps.new_block(role_of(false), ps.trace_step(&fb.role));
        for (i, &p) in preds.iter().enumerate() {
            let target = match incoming[i] {
                Some(e) => {
                    ps.blocks[e].succs.push(first);
                    e
                }
                None => first,
            };
            edge_target.insert((p, b), target);
        }
        let mut current = first;
        // Whether `current` ends in candidates' failing blocks: what
        // follows them goes to a piece of its own, which they do not pass.
        let mut after_candidates = false;
        for stmt in &fb.stmts {
            let span = stmt.span;
            let candidate = matches!(&stmt.kind, FlatStmtKind::Assert(id, _) if program.asserts[id.0].candidate);
            if after_candidates && !candidate {
                let cont = ps.new_block(role_of(false), None);
                ps.blocks[current].succs.push(cont);
                current = cont;
                after_candidates = false;
            }
            match &stmt.kind {
                FlatStmtKind::Assign(pairs) => {
                    let rhs: Vec<Expr<SsaId>> = pairs
                        .iter()
                        .map(|(_, e)| ps.expr(&mut env, mode, e))
                        .collect();
                    for ((v, _), e) in pairs.iter().zip(rhs) {
                        if let ExprKind::Var(s) = e.kind {
                            env.insert(*v, s);
                        } else {
                            let ty = flat.vars[v.0].ty.clone();
                            let s = ps.fresh(*v, SsaRole::Internal);
                            ps.blocks[current].assumes.push(equality(
                                var_expr(s, ty, span),
                                e,
                                span,
                            ));
                            env.insert(*v, s);
                        }
                    }
                }
                FlatStmtKind::Assume(e) => {
                    let e = ps.expr(&mut env, mode, e);
                    ps.blocks[current].assumes.push(e);
                }
                FlatStmtKind::Assert(id, e) => {
                    let e = ps.expr(&mut env, mode, e);
                    let cond = match e.kind {
                        ExprKind::Var(_) | ExprKind::Bool(_) => e,
                        _ => {
                            let a = ps.fresh_named("assert", Type::Bool);
                            ps.blocks[current].assumes.push(equality(
                                var_expr(a, Type::Bool, e.span),
                                e.clone(),
                                e.span,
                            ));
                            var_expr(a, Type::Bool, e.span)
                        }
                    };
                    if program.asserts[id.0].candidate {
                        // Beside the other candidates asserted here, each
                        // checked alone: no continuation of its own.
                        let fail = ps.new_block(BlockRole::AssertFail(*id), None);
                        ps.blocks[fail].assumes.push(Expr::not(cond));
                        ps.blocks[current].succs.push(fail);
                        after_candidates = true;
                        continue;
                    }
                    let cont = ps.new_block(role_of(false), None);
                    let fail = ps.new_block(BlockRole::AssertFail(*id), None);
                    ps.blocks[cont].assumes.push(cond.clone());
                    ps.blocks[fail].assumes.push(Expr::not(cond));
                    ps.blocks[current].succs.extend([cont, fail]);
                    current = cont;
                }
                FlatStmtKind::Havoc(targets) => {
                    for t in targets {
                        let s = ps.fresh(t.var, SsaRole::Choice);
                        env.insert(t.var, s);
                        ps.blocks[current].choices.push(ChoicePoint {
                            kind: t.kind,
                            proc: program.proc(t.proc).name.clone(),
                            var: t.name.clone(),
                            ssa: s,
                            span,
                        });
                    }
                }
            }
        }
        if let FlatRole::Code { ends_block, .. } = &fb.role {
            ps.blocks[current].role = role_of(*ends_block);
        }
        last_piece[b] = current;
        env_out[b] = Some(env);
        // Free environments no longer needed.
        for &p in preds {
            remaining_succs[p] -= 1;
            if remaining_succs[p] == 0 {
                env_out[p] = None;
            }
        }
        if fb.succs.is_empty() {
            env_out[b] = None;
        }
    }

    // Link each block's last piece to the targets of its flat edges.
    for &b in &order {
        let lp = last_piece[b];
        for &s in &flat.blocks[b].succs {
            let t = edge_target[&(b, s)];
            if !ps.blocks[lp].succs.contains(&t) {
                ps.blocks[lp].succs.push(t);
            }
        }
    }
    let mut blocks = ps.blocks;
    for i in 0..blocks.len() {
        let succs = blocks[i].succs.clone();
        for s in succs {
            blocks[s].preds.push(i);
        }
    }

    // Keep the SSA variables that occur in an assumption, hold a choice, or
    // are an input that some run reads (the interpreter needs its value even
    // when no assumption constrains it); inputs first, in the order of
    // `flat.inputs`; number them densely and name them.
    let mut used = vec![false; ps.vars.len()];
    for b in &blocks {
        for a in &b.assumes {
            a.visit_vars(false, &mut |v, _| used[v.0] = true);
        }
        for c in &b.choices {
            used[c.ssa.0] = true;
        }
    }
    let mut order: Vec<usize> = flat
        .inputs
        .iter()
        .filter_map(|v| ps.initial.get(v))
        .filter(|s| matches!(ps.vars[s.0].role, SsaRole::Input { .. }))
        .map(|s| s.0)
        .collect();
    for &i in &order {
        used[i] = false;
    }
    order.extend((0..ps.vars.len()).filter(|&i| used[i]));
    let mut renumber = vec![usize::MAX; ps.vars.len()];
    let mut vars = Vec::with_capacity(order.len());
    for i in order {
        renumber[i] = vars.len();
        let v = &ps.vars[i];
        vars.push(SsaVar {
            smt_name: smt_name(vars.len(), &v.smt_name),
            ty: v.ty.clone(),
            role: v.role.clone(),
        });
    }
    for b in &mut blocks {
        let assumes = std::mem::take(&mut b.assumes);
        b.assumes = assumes
            .iter()
            .map(|a| a.map_vars(&mut |v| SsaId(renumber[v.0])))
            .collect();
        for c in &mut b.choices {
            c.ssa = SsaId(renumber[c.ssa.0]);
        }
    }
    PassiveProgram {
        entry: flat.entry,
        vars,
        blocks,
    }
}
