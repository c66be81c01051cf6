//! An independent checker for the cover results: brute-force enumeration of
//! the complete paths of one entry procedure, each path executed
//! symbolically by substitution and checked for feasibility by z3.
//!
//! Takes: an `ir::Program` (the front end's output), an entry procedure and
//! a bound K. Gives: [`Enumeration`]: the original blocks on some feasible
//! complete path, the feasible complete paths themselves (normal returns and
//! assertion failures), and the assertions that can fail.
//!
//! It shares no code with bicd's unwind/inline/passify/vc/cover stages: it
//! walks the front end's CFGs directly, inlines calls as it meets them, and
//! speaks plain SMT-LIB text to its own `z3 -in` process (one per
//! enumeration, push/pop per branch). Semantics as design.md pins them down:
//! - inputs (entry parameters, globals, all locals) and `havoc` are fresh
//!   symbols; a callee's locals/outputs start as fresh symbols;
//! - `assert e` is a choice: fail with `!e` (a complete path ending in a
//!   failure) or continue with `e`; the entry's `requires` are assumed and its
//!   non-free `ensures` asserted at its exit; a callee's non-free `requires`
//!   are asserted at the call and its non-free `ensures` at its exit;
//! - a call to a body-less procedure asserts its non-free `requires`, gives
//!   its outputs and `modifies` globals fresh values and assumes all its
//!   `ensures`; `old(g)` is g at the call (at the start, for the entry);
//! - a run may take each loop's back edges at most K times per entry into the
//!   loop (natural loops from dominators); a call of P while P is already
//!   active K times is cut off (the path is dropped);
//! - unbounded integers; `x div 0` and `x mod 0` open (functions of `x`,
//!   recorded in the test), Euclidean otherwise.
//!
//! A block counts as reached only if a feasible path runs through its end
//! (its last statement and its `goto`/return), so a path failing an
//! assertion inside a block does not reach that block.

use bicd::ir::testcase::{Choice, ChoiceKind, FunctionPoint, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{
    AssertId, BinOp, Expr, ExprKind, LocalKind, ProcId, Program, StmtKind, Type, UnOp, VarRef,
};
use num_bigint::BigInt;
use petgraph::algo::dominators;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// How a feasible complete path ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathEnd {
    Returns,
    Fails(AssertId),
}

/// One feasible complete path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeasiblePath {
    /// Blocks entered, as (procedure, label), callee blocks included.
    pub trace: Vec<(String, String)>,
    pub end: PathEnd,
    /// A concrete run of the path from z3's model: every input of the
    /// entry (all its variables and all globals) and every choice (all
    /// locals/outputs of a called procedure count as `Uninitialized`).
    pub test: TestCase,
}

/// What the enumeration found.
#[derive(Clone, Debug, Default)]
pub struct Enumeration {
    /// (procedure, label) of every original block some feasible path runs
    /// through to its end.
    pub reached: BTreeSet<(String, String)>,
    /// Every feasible complete path, in exploration order.
    pub paths: Vec<FeasiblePath>,
    /// Assertions that fail on some feasible path.
    pub failing: BTreeSet<AssertId>,
}

impl Enumeration {
    /// Number of feasible complete paths that return normally.
    pub fn returns(&self) -> usize {
        self.paths
            .iter()
            .filter(|p| p.end == PathEnd::Returns)
            .count()
    }

    /// Number of feasible complete paths that end in an assertion failure.
    pub fn failures(&self) -> usize {
        self.paths.len() - self.returns()
    }

    /// The blocks of procedure `proc` (by label) that no feasible path
    /// reaches, among all blocks of its body.
    pub fn unreached_in(&self, program: &Program, proc: &str) -> BTreeSet<String> {
        let Some(p) = program.proc_by_name(proc) else {
            return BTreeSet::new();
        };
        let Some(cfg) = &program.proc(p).body else {
            return BTreeSet::new();
        };
        cfg.graph
            .node_indices()
            .map(|n| cfg.graph[n].label.clone())
            .filter(|l| !self.reached.contains(&(proc.to_string(), l.clone())))
            .collect()
    }
}

/// Terms longer than this are named by a fresh constant when assigned.
const MAX_TERM: usize = 4_000;

/// Stop exploring beyond this many complete paths (feasible or not).
pub const MAX_PATHS: usize = 200_000;

/// Enumerates the paths of `entry` with loop/recursion bound `k`, as
/// design.md pins it down: a loop's back edges are taken at most `k` times
/// per entry into the loop, and recursion is unwound like a loop: at most
/// `k` recursive calls of P nest, so a call of P is cut off when P is
/// already active `k + 1` times (the entry counts).
pub fn enumerate(program: &Program, entry: ProcId, k: usize) -> Result<Enumeration, String> {
    enumerate_bounded(program, entry, k, k + 1)
}

/// Like [`enumerate`], giving up after `max_paths` complete paths (fewer
/// than [`MAX_PATHS`]: each costs a solver query, and a test that skips
/// programs too big to enumerate need not wait for 200,000 of them).
pub fn enumerate_at_most(
    program: &Program,
    entry: ProcId,
    k: usize,
    max_paths: usize,
) -> Result<Enumeration, String> {
    enumerate_with(program, entry, k, k + 1, max_paths.min(MAX_PATHS))
}

/// Like [`enumerate`], with a separate recursion bound: a call of P is cut
/// off when P is already active `max_active` times (the entry counts).
pub fn enumerate_bounded(
    program: &Program,
    entry: ProcId,
    k: usize,
    max_active: usize,
) -> Result<Enumeration, String> {
    enumerate_with(program, entry, k, max_active, MAX_PATHS)
}

fn enumerate_with(
    program: &Program,
    entry: ProcId,
    k: usize,
    max_active: usize,
    max_paths: usize,
) -> Result<Enumeration, String> {
    core_only(program)?;
    let procedure = program
        .procedures
        .get(entry.0)
        .ok_or_else(|| format!("no procedure number {}", entry.0))?;
    let cfg = procedure
        .body
        .as_ref()
        .ok_or_else(|| format!("`{}` has no body", procedure.name))?;
    let loops = back_edges(program, entry)?;
    let mut explorer = Explorer {
        program,
        k,
        max_active,
        solver: Z3::start()?,
        fresh: 0,
        result: Enumeration::default(),
        ends: 0,
        max_paths,
        back_edges: loops,
        inputs: Vec::new(),
    };
    explorer.solver.push()?;

    // Inputs: fresh symbols for every variable of the entry and every global.
    let mut globals = Vec::new();
    for g in &program.globals {
        let s = explorer.fresh_symbol(&g.name, &g.ty)?;
        explorer.inputs.push((g.name.clone(), s.clone()));
        globals.push(s);
    }
    let mut locals = Vec::new();
    for l in &procedure.locals {
        let s = explorer.fresh_symbol(&l.var.name, &l.var.ty)?;
        explorer.inputs.retain(|(n, _)| n != &l.var.name);
        explorer.inputs.push((l.var.name.clone(), s.clone()));
        locals.push(s);
    }
    let frame = Frame {
        proc: entry,
        block: cfg.entry,
        stmt: 0,
        locals,
        old: globals.clone(),
        receivers: Vec::new(),
        loop_counts: HashMap::new(),
    };
    let mut state = State {
        globals,
        frames: vec![frame],
        trace: vec![(procedure.name.clone(), cfg.graph[cfg.entry].label.clone())],
        completed: Vec::new(),
        choices: Vec::new(),
        divisions: Default::default(),
    };
    // The entry's requires (free or not) are assumed.
    for spec in &procedure.requires {
        let t = explorer.term(&state, &spec.expr, false);
        explorer.solver.assert(&t)?;
    }
    explorer.enter_block_counts(&mut state, None, cfg.entry);
    explorer.explore(state)?;
    explorer.solver.pop()?;
    Ok(explorer.result)
}

/// The procedures `entry` may call, directly or not (itself included).
fn callees(program: &Program, entry: ProcId) -> BTreeSet<ProcId> {
    let mut seen = BTreeSet::from([entry]);
    let mut work = vec![entry];
    while let Some(p) = work.pop() {
        let Some(cfg) = &program.procedures[p.0].body else {
            continue;
        };
        for n in cfg.graph.node_indices() {
            for stmt in &cfg.graph[n].stmts {
                if let StmtKind::Call { callee, .. } = &stmt.kind {
                    if seen.insert(*callee) {
                        work.push(*callee);
                    }
                }
            }
        }
    }
    seen
}

/// The back edges (u, h) of the body of every procedure `entry` may call:
/// h dominates u. Rejects irreducible bodies (a cycle among blocks
/// reachable from the entry that has no back edge).
fn back_edges(
    program: &Program,
    entry: ProcId,
) -> Result<HashMap<ProcId, HashSet<(NodeIndex, NodeIndex)>>, String> {
    let mut all = HashMap::new();
    for i in callees(program, entry) {
        let p = &program.procedures[i.0];
        let Some(cfg) = &p.body else { continue };
        let doms = dominators::simple_fast(&cfg.graph, cfg.entry);
        let mut back = HashSet::new();
        for e in cfg.graph.edge_references() {
            let (u, h) = (e.source(), e.target());
            let dominated = doms.dominators(u).is_some_and(|mut it| it.any(|d| d == h));
            if dominated {
                back.insert((u, h));
            }
        }
        // Without the back edges, the reachable graph must be acyclic.
        let mut forward = petgraph::graph::DiGraph::<(), ()>::new();
        let nodes: Vec<_> = cfg
            .graph
            .node_indices()
            .map(|_| forward.add_node(()))
            .collect();
        for e in cfg.graph.edge_references() {
            let reachable = doms.dominators(e.source()).is_some();
            if reachable && !back.contains(&(e.source(), e.target())) {
                forward.add_edge(nodes[e.source().index()], nodes[e.target().index()], ());
            }
        }
        if petgraph::algo::is_cyclic_directed(&forward) {
            return Err(format!("procedure `{}` has an irreducible CFG", p.name));
        }
        all.insert(i, back);
    }
    Ok(all)
}

#[derive(Clone)]
struct Frame {
    proc: ProcId,
    block: NodeIndex,
    stmt: usize,
    /// SMT terms of the procedure's variables.
    locals: Vec<String>,
    /// Globals at the procedure's entry (for `old`).
    old: Vec<String>,
    /// The caller's variables that receive the outputs.
    receivers: Vec<VarRef>,
    /// Back edges taken into each loop header since the loop was entered.
    loop_counts: HashMap<NodeIndex, usize>,
}

#[derive(Clone)]
struct State {
    globals: Vec<String>,
    frames: Vec<Frame>,
    /// Blocks entered.
    trace: Vec<(String, String)>,
    /// Blocks run through to their end.
    completed: Vec<(String, String)>,
    /// Choices made: kind, procedure, variable, symbol.
    choices: Vec<(ChoiceKind, String, String, String)>,
    /// Divisions met on this path: the zero-division function (`div0`,
    /// `mod0`), numerator and divisor terms. A quotient by zero is open
    /// (a function of the numerator): the test records the values used.
    divisions: std::cell::RefCell<Vec<(&'static str, String, String)>>,
}

struct Explorer<'p> {
    program: &'p Program,
    k: usize,
    max_active: usize,
    solver: Z3,
    fresh: usize,
    result: Enumeration,
    /// Complete paths seen (feasible or not), for the `max_paths` guard.
    ends: usize,
    /// At most [`MAX_PATHS`].
    max_paths: usize,
    back_edges: HashMap<ProcId, HashSet<(NodeIndex, NodeIndex)>>,
    /// The entry's inputs: name and symbol.
    inputs: Vec<(String, String)>,
}

impl<'p> Explorer<'p> {
    fn fresh_symbol(&mut self, hint: &str, ty: &Type) -> Result<String, String> {
        self.fresh += 1;
        let clean: String = hint
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let name = format!("v{}_{}", self.fresh, clean);
        self.solver
            .send(&format!("(declare-const {name} {})", sort(ty)))?;
        Ok(name)
    }

    /// Updates the loop counters of the top frame for the edge `from -> to`;
    /// false when the edge exceeds the bound (the path is cut off).
    fn enter_block_counts(
        &self,
        state: &mut State,
        from: Option<NodeIndex>,
        to: NodeIndex,
    ) -> bool {
        let frame = state.frames.last_mut().expect("a frame");
        let back = from.is_some_and(|u| {
            self.back_edges
                .get(&frame.proc)
                .is_some_and(|b| b.contains(&(u, to)))
        });
        let count = frame.loop_counts.entry(to).or_insert(0);
        if back {
            *count += 1;
            *count <= self.k
        } else {
            *count = 0;
            true
        }
    }

    /// Records a complete path if the current path condition is satisfiable.
    fn finish_path(&mut self, state: &State, end: PathEnd) -> Result<(), String> {
        self.ends += 1;
        if self.ends > self.max_paths {
            return Err(format!("more than {} paths", self.max_paths));
        }
        match self.solver.check()? {
            Answer::Sat => {
                let test = self.model_test(state, &end)?;
                for b in &state.completed {
                    self.result.reached.insert(b.clone());
                }
                if let PathEnd::Fails(id) = &end {
                    self.result.failing.insert(*id);
                }
                self.result.paths.push(FeasiblePath {
                    trace: state.trace.clone(),
                    end,
                    test,
                });
                Ok(())
            }
            Answer::Unsat => Ok(()),
            Answer::Unknown => Err("z3 answered unknown".to_string()),
        }
    }

    /// The test of the current (satisfiable) path, from z3's model.
    fn model_test(&mut self, state: &State, end: &PathEnd) -> Result<TestCase, String> {
        let mut symbols: Vec<&str> = self.inputs.iter().map(|(_, s)| s.as_str()).collect();
        symbols.extend(state.choices.iter().map(|c| c.3.as_str()));
        let divisions = state.divisions.borrow().clone();
        let quotients: Vec<String> = divisions
            .iter()
            .map(|(f, a, _)| format!("({f} {a})"))
            .collect();
        for ((_, a, b), q) in divisions.iter().zip(&quotients) {
            symbols.extend([a.as_str(), b.as_str(), q.as_str()]);
        }
        let values = self.solver.values(&symbols)?;
        let n = self.inputs.len();
        let m = n + state.choices.len();
        let mut functions: Vec<FunctionPoint> = Vec::new();
        for (i, (f, _, _)) in divisions.iter().enumerate() {
            let (a, b, q) = (
                &values[m + 3 * i],
                &values[m + 3 * i + 1],
                &values[m + 3 * i + 2],
            );
            if *b != Value::Int(BigInt::from(0)) {
                continue;
            }
            let point = FunctionPoint {
                function: if *f == "div0" { "(div 0)" } else { "(mod 0)" }.to_string(),
                args: vec![a.clone()],
                value: q.clone(),
            };
            if !functions.contains(&point) {
                functions.push(point);
            }
        }
        let entry = state.trace[0].0.clone();
        Ok(TestCase {
            id: self.result.paths.len() + 1,
            entry,
            inputs: self
                .inputs
                .iter()
                .zip(&values[..n])
                .map(|((name, _), v)| (name.clone(), v.clone()))
                .collect(),
            functions,
            choices: state
                .choices
                .iter()
                .zip(&values[n..m])
                .map(|((kind, proc, var, _), v)| Choice {
                    kind: *kind,
                    proc: proc.clone(),
                    var: var.clone(),
                    value: v.clone(),
                    line: 0,
                })
                .collect(),
            trace: state
                .trace
                .iter()
                .map(|(p, l)| TraceStep {
                    proc: p.clone(),
                    label: l.clone(),
                })
                .collect(),
            outcome: match end {
                PathEnd::Returns => Outcome::Returns,
                PathEnd::Fails(id) => Outcome::AssertionFails(*id),
            },
        })
    }

    /// An assertion `t`: explore the failing side as a complete path, then
    /// continue (in the current scope) with `t` assumed.
    fn assertion(&mut self, state: &State, id: AssertId, t: &str) -> Result<(), String> {
        self.solver.push()?;
        self.solver.assert(&format!("(not {t})"))?;
        let r = self.finish_path(state, PathEnd::Fails(id));
        self.solver.pop()?;
        r?;
        self.solver.assert(t)
    }

    fn explore(&mut self, mut state: State) -> Result<(), String> {
        let program = self.program;
        loop {
            let frame = state.frames.last().expect("a frame");
            let (proc_id, here, stmt_index) = (frame.proc, frame.block, frame.stmt);
            let procedure = &program.procedures[proc_id.0];
            let cfg = procedure.body.as_ref().expect("a body");
            let block = &cfg.graph[here];
            if let Some(stmt) = block.stmts.get(stmt_index) {
                match &stmt.kind {
                    StmtKind::Assign(pairs) => {
                        let terms: Vec<String> = pairs
                            .iter()
                            .map(|(_, e)| self.term(&state, e, false))
                            .collect();
                        for ((v, e), t) in pairs.iter().zip(terms) {
                            // Substitution can blow terms up; name a big one.
                            let t = if t.len() > MAX_TERM {
                                let s = self.fresh_symbol("big", &e.ty)?;
                                self.solver.assert(&format!("(= {s} {t})"))?;
                                s
                            } else {
                                t
                            };
                            set(&mut state, *v, t);
                        }
                    }
                    StmtKind::Assume(e) => {
                        let t = self.term(&state, e, false);
                        self.solver.assert(&t)?;
                    }
                    StmtKind::Assert(id, e) => {
                        let t = self.term(&state, e, false);
                        self.assertion(&state, *id, &t)?;
                    }
                    StmtKind::Havoc(vars) => {
                        for v in vars {
                            let (name, ty) = var_info(program, proc_id, *v);
                            let s = self.fresh_symbol(&name, &ty)?;
                            state.choices.push((
                                ChoiceKind::Havoc,
                                procedure.name.clone(),
                                name,
                                s.clone(),
                            ));
                            set(&mut state, *v, s);
                        }
                    }
                    StmtKind::Call {
                        callee, args, outs, ..
                    } => {
                        let callee_proc = &program.procedures[callee.0];
                        let arg_terms: Vec<String> =
                            args.iter().map(|a| self.term(&state, a, false)).collect();
                        let mut locals = Vec::new();
                        let mut uninit = Vec::new();
                        for (i, l) in callee_proc.locals.iter().enumerate() {
                            if l.kind == LocalKind::Param {
                                let pos = callee_proc
                                    .params
                                    .iter()
                                    .position(|p| p.0 == i)
                                    .expect("a parameter");
                                locals.push(arg_terms[pos].clone());
                            } else {
                                let s = self.fresh_symbol(&l.var.name, &l.var.ty)?;
                                if callee_proc.body.is_some() {
                                    uninit.push((
                                        ChoiceKind::Uninitialized,
                                        callee_proc.name.clone(),
                                        l.var.name.clone(),
                                        s.clone(),
                                    ));
                                }
                                locals.push(s);
                            }
                        }
                        let callee_frame = Frame {
                            proc: *callee,
                            block: NodeIndex::new(0),
                            stmt: 0,
                            locals,
                            old: state.globals.clone(),
                            receivers: outs.clone(),
                            loop_counts: HashMap::new(),
                        };
                        if callee_proc.body.is_some() {
                            let active = state.frames.iter().filter(|f| f.proc == *callee).count();
                            if active >= self.max_active {
                                // The cut-off replaces the whole call: the path is dropped.
                                return Ok(());
                            }
                        }
                        state.frames.push(callee_frame);
                        // Non-free requires: assertions at the call.
                        for spec in &callee_proc.requires {
                            if spec.free {
                                continue;
                            }
                            let t = self.term(&state, &spec.expr, false);
                            let mut at_call = state.clone();
                            at_call.frames.pop();
                            self.assertion(&at_call, spec.id, &t)?;
                        }
                        match &callee_proc.body {
                            None => {
                                for o in &callee_proc.outs {
                                    let l = &callee_proc.locals[o.0];
                                    let s = self.fresh_symbol(&l.var.name, &l.var.ty)?;
                                    state.choices.push((
                                        ChoiceKind::CallOutput,
                                        callee_proc.name.clone(),
                                        l.var.name.clone(),
                                        s.clone(),
                                    ));
                                    state.frames.last_mut().unwrap().locals[o.0] = s;
                                }
                                for g in &callee_proc.modifies {
                                    let v = &program.globals[g.0];
                                    let s = self.fresh_symbol(&v.name, &v.ty)?;
                                    state.choices.push((
                                        ChoiceKind::CallOutput,
                                        callee_proc.name.clone(),
                                        v.name.clone(),
                                        s.clone(),
                                    ));
                                    state.globals[g.0] = s;
                                }
                                for spec in &callee_proc.ensures {
                                    let t = self.term(&state, &spec.expr, false);
                                    self.solver.assert(&t)?;
                                }
                                self.return_to_caller(&mut state);
                            }
                            Some(body) => {
                                // Uninitialised locals are chosen when the
                                // call starts (after its requires hold).
                                state.choices.extend(uninit);
                                let top = state.frames.last_mut().unwrap();
                                top.block = body.entry;
                                state.trace.push((
                                    callee_proc.name.clone(),
                                    body.graph[body.entry].label.clone(),
                                ));
                                self.enter_block_counts(&mut state, None, body.entry);
                            }
                        }
                        continue;
                    }
                }
                state.frames.last_mut().unwrap().stmt += 1;
                continue;
            }

            // End of the block.
            state
                .completed
                .push((procedure.name.clone(), block.label.clone()));
            let succs = cfg.successors(here);
            if succs.is_empty() {
                for spec in &procedure.ensures {
                    if spec.free {
                        continue;
                    }
                    let t = self.term(&state, &spec.expr, false);
                    self.assertion(&state, spec.id, &t)?;
                }
                if state.frames.len() == 1 {
                    return self.finish_path(&state, PathEnd::Returns);
                }
                self.return_to_caller(&mut state);
                continue;
            }
            if succs.len() == 1 {
                let target = succs[0];
                if !self.enter_block_counts(&mut state, Some(here), target) {
                    return Ok(()); // the loop bound cuts this path off
                }
                let proc_name = procedure.name.clone();
                let top = state.frames.last_mut().unwrap();
                top.block = target;
                top.stmt = 0;
                state
                    .trace
                    .push((proc_name, cfg.graph[target].label.clone()));
                continue;
            }
            // Prune: is the path so far feasible at all?
            match self.solver.check()? {
                Answer::Sat => {}
                Answer::Unsat => return Ok(()),
                Answer::Unknown => return Err("z3 answered unknown".to_string()),
            }
            for &target in &succs {
                let mut next = state.clone();
                if !self.enter_block_counts(&mut next, Some(here), target) {
                    continue;
                }
                let top = next.frames.last_mut().unwrap();
                top.block = target;
                top.stmt = 0;
                next.trace
                    .push((procedure.name.clone(), cfg.graph[target].label.clone()));
                self.solver.push()?;
                let r = self.explore(next);
                self.solver.pop()?;
                r?;
            }
            return Ok(());
        }
    }

    /// Pops the callee frame and copies its outputs to the caller.
    fn return_to_caller(&self, state: &mut State) {
        let frame = state.frames.pop().expect("a callee frame");
        let callee = &self.program.procedures[frame.proc.0];
        let values: Vec<String> = callee
            .outs
            .iter()
            .map(|o| frame.locals[o.0].clone())
            .collect();
        for (v, t) in frame.receivers.iter().zip(values) {
            set(state, *v, t);
        }
        state.frames.last_mut().expect("a caller").stmt += 1;
    }

    /// The SMT-LIB term of `e` in the top frame of `state`.
    fn term(&self, state: &State, e: &Expr, in_old: bool) -> String {
        let frame = state.frames.last().expect("a frame");
        match &e.kind {
            ExprKind::Int(n) => {
                if n.sign() == num_bigint::Sign::Minus {
                    format!("(- {})", -n)
                } else {
                    n.to_string()
                }
            }
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Var(VarRef::Local(l)) => frame.locals[l.0].clone(),
            ExprKind::Var(VarRef::Global(g)) => {
                if in_old {
                    frame.old[g.0].clone()
                } else {
                    state.globals[g.0].clone()
                }
            }
            ExprKind::Old(inner) => self.term(state, inner, true),
            ExprKind::Unary(UnOp::Not, a) => format!("(not {})", self.term(state, a, in_old)),
            ExprKind::Unary(UnOp::Neg, a) => format!("(- {})", self.term(state, a, in_old)),
            ExprKind::Binary(op, a, b) => {
                let a = self.term(state, a, in_old);
                let b = self.term(state, b, in_old);
                match op {
                    BinOp::Add => format!("(+ {a} {b})"),
                    BinOp::Sub => format!("(- {a} {b})"),
                    BinOp::Mul => format!("(* {a} {b})"),
                    BinOp::Div | BinOp::Mod => {
                        let (f, smt) = if *op == BinOp::Div {
                            ("div0", "div")
                        } else {
                            ("mod0", "mod")
                        };
                        state.divisions.borrow_mut().push((f, a.clone(), b.clone()));
                        format!("(ite (= {b} 0) ({f} {a}) ({smt} {a} {b}))")
                    }
                    BinOp::Eq | BinOp::Iff => format!("(= {a} {b})"),
                    BinOp::Neq => format!("(not (= {a} {b}))"),
                    BinOp::Lt => format!("(< {a} {b})"),
                    BinOp::Le => format!("(<= {a} {b})"),
                    BinOp::Gt => format!("(> {a} {b})"),
                    BinOp::Ge => format!("(>= {a} {b})"),
                    BinOp::And => format!("(and {a} {b})"),
                    BinOp::Or => format!("(or {a} {b})"),
                    BinOp::Implies => format!("(=> {a} {b})"),
                    BinOp::RealDiv => {
                        panic!("the enumerator does not read reals (core_only refuses them)")
                    }
                }
            }
            ExprKind::Ite(c, a, b) => format!(
                "(ite {} {} {})",
                self.term(state, c, in_old),
                self.term(state, a, in_old),
                self.term(state, b, in_old)
            ),
            _ => panic!("the enumerator does not read {e:?} (core_only refuses it)"),
        }
    }
}

fn set(state: &mut State, v: VarRef, t: String) {
    match v {
        VarRef::Local(l) => state.frames.last_mut().expect("a frame").locals[l.0] = t,
        VarRef::Global(g) => state.globals[g.0] = t,
    }
}

fn var_info(program: &Program, p: ProcId, v: VarRef) -> (String, Type) {
    (
        program.var_name(p, v).to_string(),
        program.var_type(p, v).clone(),
    )
}

fn sort(ty: &Type) -> &'static str {
    match ty {
        Type::Int => "Int",
        Type::Bool => "Bool",
        other => panic!("the enumerator does not read type {other} (core_only refuses it)"),
    }
}

/// The enumerator reads int/bool programs of the core language only: a
/// program with other types, functions, maps, bit-vectors or quantifiers is
/// refused (an error, never a silent misjudgment).
fn core_only(program: &Program) -> Result<(), String> {
    let core_type = |t: &Type| matches!(t, Type::Int | Type::Bool);
    if let Some(v) = program.globals.iter().find(|v| !core_type(&v.ty)) {
        return Err(format!(
            "the enumerator does not read type {} (`{}`)",
            v.ty, v.name
        ));
    }
    let mut problem = None;
    let mut free_call = false;
    let mut check = |e: &Expr| {
        e.visit(&mut |x| {
            let core = matches!(
                x.kind,
                ExprKind::Int(_)
                    | ExprKind::Bool(_)
                    | ExprKind::Var(_)
                    | ExprKind::Old(_)
                    | ExprKind::Unary(..)
                    | ExprKind::Binary(..)
                    | ExprKind::Ite(..)
            ) && core_type(&x.ty);
            if !core && problem.is_none() {
                problem = Some(format!(
                    "the enumerator reads int/bool core expressions only, not {:?}",
                    std::mem::discriminant(&x.kind)
                ));
            }
        })
    };
    for p in &program.procedures {
        if let Some(l) = p.locals.iter().find(|l| !core_type(&l.var.ty)) {
            return Err(format!(
                "the enumerator does not read type {} (`{}`)",
                l.var.ty, l.var.name
            ));
        }
        for s in p.requires.iter().chain(&p.ensures) {
            check(&s.expr);
        }
        if let Some(cfg) = &p.body {
            for n in cfg.graph.node_indices() {
                for st in &cfg.graph[n].stmts {
                    match &st.kind {
                        StmtKind::Assign(pairs) => pairs.iter().for_each(|(_, e)| check(e)),
                        StmtKind::Assume(e) | StmtKind::Assert(_, e) => check(e),
                        StmtKind::Call { free: true, .. } => free_call = true,
                        StmtKind::Call { args, .. } => args.iter().for_each(&mut check),
                        StmtKind::Havoc(_) => {}
                    }
                }
            }
        }
    }
    if free_call {
        problem.get_or_insert_with(|| "the enumerator does not read `free call`".to_string());
    }
    match problem {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Sat,
    Unsat,
    Unknown,
}

/// A `z3 -in` process spoken to in plain SMT-LIB text.
struct Z3 {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Z3 {
    fn start() -> Result<Z3, String> {
        let mut child = Command::new("z3")
            .arg("-in")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start z3 (apt-get install -y z3): {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut z3 = Z3 {
            child,
            input,
            output,
        };
        z3.send("(set-option :print-success false)")?;
        z3.send("(set-option :produce-models true)")?;
        z3.send("(declare-fun div0 (Int) Int)")?;
        z3.send("(declare-fun mod0 (Int) Int)")?;
        Ok(z3)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.input, "{command}").map_err(|e| format!("writing to z3: {e}"))
    }

    fn assert(&mut self, term: &str) -> Result<(), String> {
        self.send(&format!("(assert {term})"))
    }

    fn push(&mut self) -> Result<(), String> {
        self.send("(push 1)")
    }

    fn pop(&mut self) -> Result<(), String> {
        self.send("(pop 1)")
    }

    fn check(&mut self) -> Result<Answer, String> {
        self.send("(check-sat)")?;
        self.input
            .flush()
            .map_err(|e| format!("writing to z3: {e}"))?;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("reading from z3: {e}"))?;
            if n == 0 {
                return Err("z3 closed its output".to_string());
            }
            match line.trim() {
                "sat" => return Ok(Answer::Sat),
                "unsat" => return Ok(Answer::Unsat),
                "unknown" => return Ok(Answer::Unknown),
                "" => continue,
                other => return Err(format!("z3 said: {other}")),
            }
        }
    }
}

impl Z3 {
    /// The model's values of `symbols` (after a `sat` answer).
    fn values(&mut self, symbols: &[&str]) -> Result<Vec<Value>, String> {
        if symbols.is_empty() {
            return Ok(Vec::new());
        }
        self.send(&format!("(get-value ({}))", symbols.join(" ")))?;
        self.input
            .flush()
            .map_err(|e| format!("writing to z3: {e}"))?;
        // Read one balanced s-expression.
        let mut text = String::new();
        let mut depth = 0i64;
        let mut started = false;
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("reading from z3: {e}"))?;
            if n == 0 {
                return Err("z3 closed its output".to_string());
            }
            for c in line.chars() {
                match c {
                    '(' => {
                        depth += 1;
                        started = true;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            text.push_str(&line);
            if started && depth <= 0 {
                break;
            }
            if !started && !line.trim().is_empty() {
                return Err(format!("z3 said: {}", line.trim()));
            }
        }
        if text.trim_start().starts_with("(error") {
            return Err(format!("z3 said: {}", text.trim()));
        }
        let tokens: Vec<String> = text
            .replace('(', " ( ")
            .replace(')', " ) ")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        // ( (term value) ... ) where value is n, (- n), true or false, and
        // term a symbol or a parenthesised term.
        let mut values = Vec::new();
        let mut i = 1;
        while i < tokens.len() && tokens[i] == "(" {
            i += 1; // "("
            if tokens.get(i).map(String::as_str) == Some("(") {
                let mut depth = 0i64;
                loop {
                    match tokens.get(i).map(String::as_str) {
                        Some("(") => depth += 1,
                        Some(")") => depth -= 1,
                        None => return Err(format!("cannot read z3's values in {text}")),
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            } else {
                i += 1; // the symbol
            }
            let value = match tokens.get(i).map(String::as_str) {
                Some("true") => {
                    i += 1;
                    Value::Bool(true)
                }
                Some("false") => {
                    i += 1;
                    Value::Bool(false)
                }
                Some("(") => {
                    // (- n)
                    let n: BigInt = tokens
                        .get(i + 2)
                        .and_then(|t| t.parse().ok())
                        .ok_or_else(|| format!("cannot read z3's value in {text}"))?;
                    i += 4;
                    Value::Int(-n)
                }
                Some(t) => {
                    let n: BigInt = t
                        .parse()
                        .map_err(|_| format!("cannot read z3's value in {text}"))?;
                    i += 1;
                    Value::Int(n)
                }
                None => return Err(format!("cannot read z3's values in {text}")),
            };
            values.push(value);
            i += 1; // ")"
        }
        if values.len() != symbols.len() {
            return Err(format!(
                "z3 gave {} values for {} symbols: {text}",
                values.len(),
                symbols.len()
            ));
        }
        Ok(values)
    }
}

impl Drop for Z3 {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "(exit)");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
