//! Memory a run near a test chooses: the cells of the program's input
//! maps that no statement of the run has read or written yet.
//!
//! Takes: a generated run ([`super::generate`]) at a statement. Gives:
//! [`Machine::track_memory`], called before each statement the run
//! executes, which keeps the set of cells the run has touched and, where
//! the statement loads an untouched cell into a local (SMACK's `x :=
//! $load.i8($M.25, p)`, whose body is `M[p]`) and the code after it asks
//! for values of it (`$eq.i32(x, 2)` and `assume t == 1`, or a chain of
//! such comparisons: a C `switch` on an I/O control code), makes a
//! decision among those values and the cell's value in the base. The
//! value chosen goes into the test's input map, so that the test replays
//! as it ran; every test is still replayed before it is kept.
//!
//! Why: a driver's branches compare fields of the requests it is given
//! (`Irp->...->IoControlCode`, `DeviceExtension->Active`) with
//! constants. The base's model gives those maps once, and a run that
//! leaves the base can change its inputs and choices but not its memory,
//! so it took the branches the base took (docs/decisions.md, "Memory a
//! run chooses").
//!
//! While a run lowers its base's allocations ([`super::generate`]'s
//! `compacted`) it chooses nothing, but a load of an untouched cell in an
//! allocation it moved reads the value the base's memory has at the
//! cell's address in the base ([`Machine::track_memory`]).
//!
//! Which maps are open: global variables (not constants) of map type with
//! one index that the entry's `requires` do not read. A map is closed for
//! the rest of the run where a statement reads or writes it whole (passes
//! it to a procedure, havocs it, a call modifies it without a body to
//! run) or at an index the interpreter cannot evaluate (inside a
//! quantifier): what that read saw is not known.

use super::eval::unfolded;
use super::interp::{Frame, Machine};
use crate::ir::testcase::Value;
use crate::ir::{BinOp, Expr, ExprKind, LocalId, Program, Stmt, StmtKind, Type, UnOp, VarRef};
use num_bigint::BigInt;
use petgraph::graph::NodeIndex;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// How many blocks the look-ahead for one cell's values visits.
const LOOKAHEAD_BLOCKS: usize = 48;

/// The open maps and touched cells of one generated run.
#[derive(Clone, Default)]
pub(super) struct OpenMemory {
    /// The maps whose cells a run may choose (by global index), with
    /// their input names ([`open_maps`]).
    open: Rc<HashMap<usize, String>>,
    /// Those the run closed: it read or wrote them whole.
    closed: HashSet<usize>,
    /// The cells the run has read or written.
    touched: HashSet<(usize, Value)>,
    /// The cells chosen: input name, index, value.
    pub(super) chosen: Vec<(String, Value, Value)>,
    /// Where a run that compacts its base moved the base's allocations:
    /// (new start, the base's start), by new start. An address at or
    /// above a new start, and below the next, is the base's address
    /// shifted by the same amount ([`OpenMemory::base_index`]); at or
    /// above the last, nothing is allocated yet.
    moved: Vec<(BigInt, BigInt)>,
}

impl OpenMemory {
    /// A run's memory, all of `open` untouched.
    pub(super) fn new(open: &Rc<HashMap<usize, String>>) -> Self {
        OpenMemory {
            open: open.clone(),
            ..OpenMemory::default()
        }
    }

    /// The input name of map `m`, if the run may still choose its cells.
    fn open(&self, m: usize) -> Option<&String> {
        self.open.get(&m).filter(|_| !self.closed.contains(&m))
    }

    /// Records that a compacting run put the allocation the base started
    /// at `base_start` at `start` instead (an allocator's next address,
    /// lowered: [`super::generate`]'s `compacted`).
    pub(super) fn record_move(&mut self, start: BigInt, base_start: BigInt) {
        let at = self.moved.partition_point(|(s, _)| *s < start);
        match self.moved.get_mut(at) {
            Some(m) if m.0 == start => m.1 = base_start,
            _ => self.moved.insert(at, (start, base_start)),
        }
    }

    /// The base's address of cell `i` of a compacting run: shifted as
    /// the allocation it lies in was moved; `None` where it was not.
    fn base_index(&self, i: &Value) -> Option<Value> {
        let Value::Int(i) = i else {
            return None;
        };
        let at = self.moved.partition_point(|(s, _)| s <= i);
        if at >= self.moved.len() {
            return None;
        }
        let (start, base_start) = self.moved.get(at.checked_sub(1)?)?;
        let shifted = i - start + base_start;
        (shifted != *i).then_some(Value::Int(shifted))
    }
}

/// The maps a run may choose cells of: global variables of map type with
/// one index that the entry's `requires` do not read, with their input
/// names (`names`, by global index).
pub(super) fn open_maps(
    program: &Program,
    entry: crate::ir::ProcId,
    names: &HashMap<usize, String>,
) -> Rc<HashMap<usize, String>> {
    let mut read = HashSet::new();
    for spec in &program.proc(entry).requires {
        spec.expr.visit_vars(false, &mut |v, _| {
            if let VarRef::Global(g) = v {
                read.insert(g.0);
            }
        });
    }
    let constants: HashSet<usize> = program.constants.iter().map(|g| g.0).collect();
    names
        .iter()
        .filter(|(&g, _)| {
            !constants.contains(&g)
                && !read.contains(&g)
                && matches!(&program.globals[g].ty, Type::Map(keys, _) if keys.len() == 1)
        })
        .map(|(&g, name)| (g, name.clone()))
        .collect::<HashMap<_, _>>()
        .into()
}

/// What one statement does to global maps: the cells it reads or writes
/// (map, index), the maps it reads or writes whole, and where it loads
/// one cell into a local, which.
#[derive(Default)]
pub(super) struct Accesses {
    cells: Vec<(usize, Expr)>,
    whole: Vec<usize>,
    load: Option<(LocalId, usize, Expr)>,
}

impl Accesses {
    /// Keeps only what concerns the maps of `open`.
    fn of(mut self, open: &HashMap<usize, String>) -> Self {
        self.cells.retain(|(m, _)| open.contains_key(m));
        self.whole.retain(|m| open.contains_key(m));
        self.whole.sort_unstable();
        self.whole.dedup();
        self.load = self.load.filter(|(_, m, _)| open.contains_key(m));
        self
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.whole.is_empty() && self.load.is_none()
    }
}

/// Per block (by node index) and statement, its [`Accesses`].
pub(super) type ProcedureAccesses = Vec<Vec<Accesses>>;

/// The [`Accesses`] of each statement of `procedure`'s body, of the maps
/// of `open`.
pub(super) fn accesses_of(
    program: &Program,
    procedure: &crate::ir::Procedure,
    open: &HashMap<usize, String>,
) -> ProcedureAccesses {
    let Some(cfg) = &procedure.body else {
        return Vec::new();
    };
    let mut blocks = Vec::with_capacity(cfg.graph.node_count());
    for n in cfg.graph.node_indices() {
        let stmts = &cfg.graph[n].stmts;
        blocks.push(
            stmts
                .iter()
                .map(|s| accesses(program, s).of(open))
                .collect(),
        );
    }
    blocks
}

/// [`Accesses`] of `stmt`.
fn accesses(program: &Program, stmt: &Stmt) -> Accesses {
    let mut out = Accesses::default();
    match &stmt.kind {
        StmtKind::Assign(pairs) => {
            for (v, rhs) in pairs {
                match v {
                    VarRef::Global(g) => {
                        if !stored_into(rhs, g.0, &mut out) {
                            out.whole.push(g.0);
                        }
                    }
                    VarRef::Local(_) => collect(rhs, &mut out),
                }
            }
            if let [(VarRef::Local(x), rhs)] = pairs.as_slice() {
                if let ExprKind::Select(m, ix) = &fully_unfolded(rhs).kind {
                    if let (ExprKind::Var(VarRef::Global(g)), [i]) = (&m.kind, ix.as_slice()) {
                        out.load = Some((*x, g.0, i.clone()));
                    }
                }
            }
        }
        StmtKind::Assume(e) | StmtKind::Assert(_, e) => collect(e, &mut out),
        StmtKind::Havoc(vars) => out.whole.extend(vars.iter().filter_map(global)),
        StmtKind::Call {
            callee, args, outs, ..
        } => {
            for a in args {
                collect(a, &mut out);
            }
            out.whole.extend(outs.iter().filter_map(global));
            let callee = program.proc(*callee);
            if callee.body.is_none() {
                out.whole.extend(callee.modifies.iter().map(|g| g.0));
            }
            for spec in callee.requires.iter().chain(&callee.ensures) {
                spec.expr
                    .visit_vars(false, &mut |v, _| out.whole.extend(global(v)));
            }
        }
    }
    out
}

fn global(v: &VarRef) -> Option<usize> {
    match v {
        VarRef::Global(g) => Some(g.0),
        VarRef::Local(_) => None,
    }
}

/// `e` with defined functions unfolded at its root until none is left.
fn fully_unfolded(e: &Expr) -> Expr {
    let mut e = e.clone();
    while let Some(body) = unfolded(&e) {
        e = body;
    }
    e
}

/// Collects what `e` reads: a cell of a global map it selects, and a map
/// it reads otherwise, whole (through defined functions).
fn collect(e: &Expr, out: &mut Accesses) {
    if let Some(body) = unfolded(e) {
        return collect(&body, out);
    }
    match &e.kind {
        ExprKind::Select(m, ix) if ix.len() == 1 => {
            let map = match &m.kind {
                ExprKind::Var(VarRef::Global(g)) => Some(g.0),
                ExprKind::Old(inner) => match inner.kind {
                    ExprKind::Var(VarRef::Global(g)) => Some(g.0),
                    _ => None,
                },
                _ => None,
            };
            match map {
                Some(g) => out.cells.push((g, ix[0].clone())),
                None => collect(m, out),
            }
            collect(&ix[0], out);
        }
        ExprKind::Var(VarRef::Global(g)) => out.whole.push(g.0),
        _ => {
            for c in e.children() {
                collect(c, out);
            }
        }
    }
}

/// Where `rhs` assigned to map `g` is `g` with cells stored into it
/// (`$store.i8(g, p, v)`, through defined functions): collects those
/// cells and what the stored values read; `false` where it is not.
fn stored_into(rhs: &Expr, g: usize, out: &mut Accesses) -> bool {
    let rhs = fully_unfolded(rhs);
    match &rhs.kind {
        ExprKind::Var(VarRef::Global(h)) if h.0 == g => true,
        ExprKind::Store(m, ix, v) if ix.len() == 1 => {
            out.cells.push((g, ix[0].clone()));
            collect(&ix[0], out);
            collect(v, out);
            stored_into(m, g, out)
        }
        _ => {
            collect(&rhs, out);
            false
        }
    }
}

impl<'p> Machine<'p, '_> {
    /// Before the generated run executes the top frame's next statement:
    /// closes the maps it reads or writes whole, chooses the
    /// cell it loads where that cell is untouched and the run has left its
    /// base, and marks the cells it reads or writes touched.
    pub(super) fn track_memory(&mut self) {
        let Some(g) = self.generating.as_ref() else {
            return;
        };
        if g.memory.open.len() == g.memory.closed.len() {
            return;
        }
        let choosing = g.has_left_base();
        let moving = g.is_compacting();
        let frame = self.frames.last().expect("a frame is active");
        let program = self.program;
        let of_procedure = self.facts.memory_accesses(frame.id, || {
            accesses_of(program, frame.procedure, &g.memory.open)
        });
        let Some(acc) = of_procedure
            .get(frame.block.index())
            .and_then(|b| b.get(frame.stmt))
            .filter(|a| !a.is_empty())
        else {
            return;
        };
        let mut touched = Vec::new();
        let mut closed: Vec<usize> = acc.whole.clone();
        for (m, ix) in &acc.cells {
            if g.memory.open(*m).is_none() {
                continue;
            }
            match self.eval_in(frame, ix, false) {
                Ok(i) => touched.push((*m, ix, i)),
                Err(_) => closed.push(*m),
            }
        }
        // The loaded cell is one of the cells just evaluated.
        let load = acc
            .load
            .as_ref()
            .filter(|(_, m, _)| {
                (choosing || moving) && g.memory.open(*m).is_some() && !closed.contains(m)
            })
            .and_then(|(x, m, ix)| {
                let (_, _, i) = touched.iter().find(|(n, jx, _)| n == m && *jx == ix)?;
                Some((*x, *m, i.clone()))
            })
            .filter(|(_, m, i)| !g.memory.touched.contains(&(*m, i.clone())));
        match load {
            Some((x, m, i)) if choosing => self.choose_cell(x, m, i),
            Some((_, m, i)) => self.move_cell(m, i),
            None => {}
        }
        let g = self.generating.as_mut().expect("generating");
        for m in closed {
            if g.memory.open.contains_key(&m) {
                g.memory.closed.insert(m);
            }
        }
        g.memory
            .touched
            .extend(touched.into_iter().map(|(m, _, i)| (m, i)));
    }

    /// A decision for untouched cell `i` of map `m`, which the statement
    /// loads into `x`: the values the code after it asks of `x`
    /// ([`Machine::values_asked_of_cell`]), then the cell's value as it
    /// is; the value chosen is stored into the map and into the test's
    /// input.
    fn choose_cell(&mut self, x: LocalId, m: usize, i: Value) {
        let g = self.generating.as_ref().expect("generating");
        let Some(name) = g.memory.open(m).cloned() else {
            return;
        };
        let (Some(Some(current_map)), Some(input)) =
            (self.globals.get(m), self.test.inputs.get(&name))
        else {
            return;
        };
        // Both maps: the cell's value now, and an initial map to record
        // the choice in.
        let (Some(current), Value::Map { .. }) = (current_map.entry_at(&i), input) else {
            return;
        };
        let Type::Map(_, value_type) = &self.program.globals[m].ty else {
            return;
        };
        let mark = g.picks_mark();
        let asked = self.values_asked_of_cell(x, m, &i);
        let g = self.generating.as_ref().expect("generating");
        g.forget_since(mark);
        let mut candidates: Vec<Value> = Vec::new();
        for v in asked {
            if super::eval::check_type(&v, value_type).is_ok()
                && v != current
                && !candidates.contains(&v)
            {
                candidates.push(v);
            }
        }
        if candidates.is_empty() {
            return;
        }
        candidates.push(current.clone());
        let depth = self.frames.len();
        let g = self.generating.as_mut().expect("generating");
        let chosen = candidates.swap_remove(g.decide_cell(candidates.len(), depth));
        if chosen == current {
            return;
        }
        if let Some(Some(map)) = self.globals.get_mut(m) {
            if let Some(with) = map.with_entry(&i, chosen.clone()) {
                *map = with;
            }
        }
        g.memory.chosen.push((name, i, chosen));
    }

    /// In a run that compacts its base, before untouched cell `i` of map
    /// `m` is loaded: where `i` lies in an allocation the run moved
    /// ([`OpenMemory::record_move`]), the cell takes the value the base's
    /// input gives the cell it moved from, in the map and in the test's
    /// input. Without it the moved allocation read the input's other
    /// cells (a driver's request fields), the run went another way, and
    /// the base stayed where a model put it, right under the allocator's
    /// top, with no room left for a run near it to allocate.
    fn move_cell(&mut self, m: usize, i: Value) {
        let g = self.generating.as_ref().expect("generating");
        let (Some(name), Some(from)) = (g.memory.open(m).cloned(), g.memory.base_index(&i)) else {
            return;
        };
        let Some(value) = self
            .test
            .inputs
            .get(&name)
            .and_then(|map| map.entry_at(&from))
        else {
            return;
        };
        let Some(Some(map)) = self.globals.get_mut(m) else {
            return;
        };
        if map.entry_at(&i).as_ref() == Some(&value) {
            return;
        }
        if let Some(with) = map.with_entry(&i, value.clone()) {
            *map = with;
            let g = self.generating.as_mut().expect("generating");
            g.memory.chosen.push((name, i, value));
        }
    }

    /// The values the code after the current statement asks of local `x`
    /// (the cell `i` of map `m` it is loading): following the blocks
    /// ahead (up to [`LOOKAHEAD_BLOCKS`], not into calls nor past a write
    /// to a global), with the locals they set evaluated where they do not
    /// depend on `x`, kept as terms of `x` where they do (SMACK's `t :=
    /// $eq.i32(x, 2)`), and loads of the same cell read as `x` (a
    /// `switch` loads it again before each comparison). An `assume` that
    /// is false with the values so far ends a path.
    fn values_asked_of_cell(&self, x: LocalId, m: usize, i: &Value) -> Vec<Value> {
        let mut out = Vec::new();
        let Some(top) = self.frames.last() else {
            return out;
        };
        let v = VarRef::Local(x);
        let mut visited = 0;
        let mut paths: Vec<(NodeIndex, usize, Frame<'p>, Definitions)> =
            vec![(top.block, top.stmt + 1, top.clone(), Definitions::default())];
        // `x` itself is a term of `x`.
        let Some(local) = top.procedure.locals.get(x.0) else {
            return out;
        };
        let term = Expr::new(ExprKind::Var(v), local.var.ty.clone(), Default::default());
        paths[0].3 .0.push((x, term));
        while let Some((block, start, mut frame, mut defs)) = paths.pop() {
            let Some(b) = frame.cfg.graph.node_weight(block) else {
                continue;
            };
            let mut open = true;
            for stmt in b.stmts.iter().skip(start) {
                match &stmt.kind {
                    StmtKind::Assume(e) => {
                        let e = defs.through(e);
                        self.asked_of(&frame, &e, v, &mut out);
                        if !defs.reads_any(&e)
                            && matches!(self.eval_in(&frame, &e, false), Ok(Value::Bool(false)))
                        {
                            open = false;
                            break;
                        }
                    }
                    StmtKind::Assert(..) => {}
                    StmtKind::Assign(pairs) => {
                        if pairs.iter().any(|(w, _)| matches!(w, VarRef::Global(_))) {
                            open = false;
                            break;
                        }
                        for (w, rhs) in pairs {
                            let VarRef::Local(l) = *w else { continue };
                            defs.forget(l);
                            let aliased = match &fully_unfolded(rhs).kind {
                                ExprKind::Select(mm, ix) if ix.len() == 1 => {
                                    matches!(mm.kind, ExprKind::Var(VarRef::Global(g)) if g.0 == m)
                                        && self.eval_in(&frame, &ix[0], false).as_ref() == Ok(i)
                                }
                                _ => false,
                            };
                            let term = match aliased {
                                true => Some(Expr::new(ExprKind::Var(v), rhs.ty.clone(), rhs.span)),
                                false => Some(defs.through(rhs))
                                    .filter(|t| defs.reads_any(t) || reads(t, v)),
                            };
                            let value = self.eval_in(&frame, rhs, false).ok();
                            if let Some(slot) = frame.locals.get_mut(l.0) {
                                *slot = value;
                            }
                            if let Some(t) = term {
                                defs.0.push((l, t));
                            }
                        }
                    }
                    StmtKind::Havoc(_) | StmtKind::Call { .. } => {
                        open = false;
                        break;
                    }
                }
            }
            visited += 1;
            if !open || visited >= LOOKAHEAD_BLOCKS {
                continue;
            }
            for n in frame.cfg.successors(block) {
                paths.push((n, 0, frame.clone(), defs.clone()));
            }
        }
        out
    }

    /// The values `e` asks of `v`, also through a branch's condition set
    /// to a local as `if c then 1 else 0` ([`ite_condition`]).
    fn asked_of(&self, frame: &Frame<'p>, e: &Expr, v: VarRef, out: &mut Vec<Value>) {
        match ite_condition(e) {
            // A branch goes either way: the values on both sides of its
            // condition (`while (p->count >= 0)` on a cell the harness
            // never wrote leaves only with a negative value).
            Some(c) => {
                self.asked_values(frame, &c, v, out);
                let negated = Expr::new(
                    ExprKind::Unary(UnOp::Not, Box::new(c.clone())),
                    c.ty.clone(),
                    c.span,
                );
                self.asked_values(frame, &negated, v, out);
            }
            None => self.asked_values(frame, e, v, out),
        }
    }
}

/// The condition `c` of `e` where `e` compares `if c then a else b` to
/// another term, or negates such a comparison (SMACK's branches: `t :=
/// $eq.i32(x, 0)`, then `assume t == 1` or `assume !(t == 1)`, where
/// `$eq.i32` is `if i1 == i2 then 1 else 0`): what `c` asks, `e` asks.
pub(super) fn ite_condition(e: &Expr) -> Option<Expr> {
    let e = match &e.kind {
        ExprKind::Unary(UnOp::Not, inner) => inner,
        _ => e,
    };
    let ExprKind::Binary(BinOp::Eq | BinOp::Neq, l, r) = &e.kind else {
        return None;
    };
    [l, r]
        .into_iter()
        .find_map(|side| match fully_unfolded(side).kind {
            ExprKind::Ite(c, _, _) => Some(*c),
            _ => None,
        })
}

/// The locals set so far on a path of the look-ahead that hold terms of
/// the loaded value.
#[derive(Clone, Default)]
pub(super) struct Definitions(Vec<(LocalId, Expr)>);

impl Definitions {
    /// `e` with each local defined here replaced by its definition.
    pub(super) fn through(&self, e: &Expr) -> Expr {
        if self.0.is_empty() {
            return e.clone();
        }
        match &e.kind {
            ExprKind::Var(VarRef::Local(l)) => match self.0.iter().find(|(d, _)| d == l) {
                Some((_, def)) => def.clone(),
                None => e.clone(),
            },
            _ => match e.map_children(&mut |c| self.through(c)) {
                Some(kind) => Expr::new(kind, e.ty.clone(), e.span),
                None => e.clone(),
            },
        }
    }

    /// Whether `e` reads a local defined here.
    fn reads_any(&self, e: &Expr) -> bool {
        self.0.iter().any(|(d, _)| reads(e, VarRef::Local(*d)))
    }

    /// Defines `l` as `term` (a term of the value looked for).
    pub(super) fn define(&mut self, l: LocalId, term: Expr) {
        self.0.push((l, term));
    }

    /// Drops the definition of `l`.
    pub(super) fn forget(&mut self, l: LocalId) {
        self.0.retain(|(d, _)| *d != l);
    }
}

/// Whether `e` reads `v`.
pub(super) fn reads(e: &Expr, v: VarRef) -> bool {
    let mut found = false;
    e.visit_vars(false, &mut |w, _| found |= *w == v);
    found
}
