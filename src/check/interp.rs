//! The interpreter that keeps every test honest: it replays a [`TestCase`]
//! on the *original* program (loops and calls as written, not unwound).
//!
//! Takes: an [`ir::Program`](crate::ir::Program), the entry procedure and a
//! test. Gives: `Ok(())` when the test runs exactly as it claims, otherwise a
//! [`ReplayError`] naming the trace step, block and source place where the
//! run departed from the test. design.md, "Trust" and "Semantics, pinned
//! down"; issue 2, "An interpreter, to keep every test honest".
//!
//! This module is the run: statements, calls, choices and the trace (the
//! [`Machine`]). [`super::eval`] evaluates expressions; [`mod@super::replay`]
//! holds the entries ([`super::replay()`], [`super::replay_all`],
//! [`super::replay_trusting`]); [`super::error`] the failure messages.
//!
//! The run:
//! - The entry's parameters, globals and locals start with the values in
//!   `test.inputs` (by name); a variable read while it has no value is an
//!   error. The entry's `requires` (free or not) must hold, else the test is
//!   bogus.
//! - Every `goto` must go to the next step of `test.trace`, which must be one
//!   of its targets. A run never records a step when it resumes a block
//!   after a call returns.
//! - `havoc x` and calls to body-less procedures take the next values of
//!   `test.choices`, in order (kind, procedure and variable are checked). A
//!   body-less call asserts the callee's non-free `requires`, takes its
//!   outputs and then its `modifies` globals, and assumes all its `ensures`.
//! - A call to a procedure with a body asserts its non-free `requires`, binds
//!   the parameters, takes the `Uninitialized` choices for the callee at the
//!   head of the queue (declaration order) as initial values of its
//!   locals/outputs (if the run then fails, fewer of them are tried: the
//!   others may belong to a nested call of the same procedure), enters its entry block (a trace step of the callee),
//!   asserts its non-free `ensures` at its exit (`old` = values at the call)
//!   and copies the outputs back.
//! - `assume e` with `e` false is an error; `assert e` with `e` false ends
//!   the run there, which must be the test's `AssertionFails(id)`. The
//!   entry's non-free `ensures` are asserted at its exit.
//! - At the end the outcome must match and the trace and choices must be
//!   used up.
//!
//! Integers are unbounded; `div`/`mod` are Euclidean with `x div 0 = 0` and
//! `x mod 0 = x`, and `x / 0.0 = 0.0` ([`crate::ir::arith`]); parallel assignments read the old values. A statement
//! budget, a call-depth limit and a size limit on integers turn runaway runs
//! into errors, and so does the time limit of a generated run. No input
//! makes the interpreter panic.

use super::error::ReplayError;

use super::error::{describe_choice, describe_outcome, kind_name, step_name};
use super::eval::{check_type, QUANTIFIED};
use crate::ir::testcase::{ChoiceKind, LambdaValue, Outcome, TestCase, Value, GLOBAL_INPUT_SUFFIX};
use crate::ir::{
    AssertId, BinOp, Cfg, Expr, ExprKind, Function, LocalKind, ProcId, Procedure, Program, Spec,
    Stmt, StmtKind, Type, VarRef,
};
use crate::source::Span;
use petgraph::graph::NodeIndex;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// How many statements a generated run executes between looks at the
/// clock.
const DEADLINE_EVERY: u64 = 1024;

/// At most this many statements (and block ends) are executed per replay.
pub(super) const STEP_BUDGET: u64 = 10_000_000;
/// At most this many procedure frames may be active at once.
const MAX_CALL_DEPTH: usize = 1_000;

/// Stack left below which a run nested in a step ([`Machine::step`],
/// the alternatives of a call's chosen locals) continues on a new
/// segment, and that segment's size (as the resolver's and the
/// inliner's recursions do).
const STACK_RED_ZONE: usize = 256 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// At most this many alternative readings of ambiguous `Uninitialized`
/// choices are tried per replay.
const MAX_FORKS: u32 = 64;

/// Runs `test` on `program` from `entry` ([`super::replay_trusting`]): on success,
/// the places of the quantified conditions the run took on trust.
pub(super) fn run(
    program: &Program,
    entry: ProcId,
    test: &TestCase,
) -> Result<Vec<Span>, ReplayError> {
    run_refuting(program, entry, test).map_err(|(e, _)| e)
}

/// The trace steps of `test` whose block its run enters but does not
/// finish ([`super::unfinished_steps`]); every step when it does not
/// replay.
pub(super) fn unfinished_steps(program: &Program, entry: ProcId, test: &TestCase) -> Vec<usize> {
    let everything = || (0..test.trace.len()).collect();
    if let Some(straight) = run_straight(program, entry, test) {
        return straight.unfinished.take();
    }
    let Ok(mut machine) = Machine::start(program, entry, test) else {
        return everything();
    };
    if machine.run().is_err() {
        return everything();
    }
    machine.unfinished.take()
}

/// [`run`]; a failure at a `forall` the run found false comes with
/// where it is false.
pub(super) fn run_refuting(
    program: &Program,
    entry: ProcId,
    test: &TestCase,
) -> Result<Vec<Span>, (ReplayError, Option<Box<Refutation>>)> {
    // A refutation explains the failure when it is of a quantifier in
    // the failing condition.
    let explained = |(e, refuted): (ReplayError, Option<Box<Refutation>>)| {
        let at = e.span;
        let within = |r: &Refutation| {
            r.span.file == at.file && at.start <= r.span.start && r.span.end <= at.end
        };
        (e, refuted.filter(|r| within(r)))
    };
    if let Some(straight) = run_straight(program, entry, test) {
        let trusted = straight.trusted.borrow().clone();
        return Ok(trusted);
    }
    let mut machine = Machine::start(program, entry, test).map_err(explained)?;
    if let Err(e) = machine.run() {
        let refuted = machine.refuted.borrow_mut().take();
        return Err(explained((e, refuted)));
    }
    let trusted = machine.trusted.borrow().clone();
    Ok(trusted)
}

/// The machine after a run of `test` in which each call takes every
/// `Uninitialized` choice at the head of the queue; `None` where that run
/// fails. Replay runs so first, and only where that fails tries the
/// shorter readings ([`MAX_FORKS`]): each try runs a copy of the machine
/// nested in the call's step, and as every call that chooses locals
/// nests one, a run of an SDV harness held gigabytes of copies.
fn run_straight<'p, 't>(
    program: &'p Program,
    entry: ProcId,
    test: &'t TestCase,
) -> Option<Machine<'p, 't>> {
    let mut machine = Machine::start(program, entry, test).ok()?;
    machine.forks.set(0);
    machine.run().ok()?;
    Some(machine)
}

/// A `forall` over map indices that a run found false
/// ([`Machine::refuted`]).
#[derive(Clone, Debug)]
pub(super) struct Refutation {
    /// The quantifier's place.
    pub(super) span: Span,
    /// The values of its bound variables where its body is false.
    pub(super) point: Vec<Value>,
    /// Of a `forall` of one variable false at the indices no map stores
    /// at (where each map reads its `else` value): a stored index where
    /// its body holds.
    pub(super) held_at: Option<Value>,
    /// The values of the maps its body reads.
    pub(super) maps: Vec<Value>,
}

/// One active procedure.
#[derive(Clone)]
pub(super) struct Frame<'p> {
    pub(super) id: ProcId,
    pub(super) procedure: &'p Procedure,
    pub(super) cfg: &'p Cfg,
    pub(super) block: NodeIndex,
    /// Index of the next statement of `block` to run.
    pub(super) stmt: usize,
    /// Index in the trace of the step that entered `block`.
    pub(super) step: usize,
    pub(super) locals: Vec<Option<Value>>,
    /// Globals as they were when the procedure was entered, for `old`:
    /// by index, ascending; all of them for the entry, for a callee the
    /// ones it reads under `old` ([`ProgramFacts`]).
    pub(super) old_globals: Vec<(usize, Option<Value>)>,
    /// The caller's variables that receive the outputs.
    pub(super) receivers: Vec<VarRef>,
    /// Index in the trace of the step that entered the procedure: which
    /// activation this is (each call takes a step of its own).
    pub(super) entered: usize,
    /// In a generated run, how many choices it had made when it entered
    /// the procedure ([`super::generate::Generating::may_go_deeper`]).
    pub(super) chosen_at_entry: usize,
    /// And how many decisions it had made.
    pub(super) decided_at_entry: usize,
    /// In a generated run, where each local's value came from
    /// ([`super::origins`]); empty until one has an origin.
    pub(super) origins: Vec<Option<super::origins::Origin>>,
    /// In a generated run, the decision (by index) that chose the block
    /// the procedure is in, if a decision among its `goto`'s targets did
    /// ([`super::origins`]).
    pub(super) branch: Option<usize>,
}

/// What a generated run's choice should satisfy ([`Machine::choose`]):
/// the variable that receives it (whose next `assume`s ask for values),
/// and for a body-less callee's output or modified global, the callee,
/// its frame and the variable in its `ensures`.
struct Wanted<'p, 'f> {
    target: Option<VarRef>,
    ensured_by: Option<(&'p Procedure, &'f Frame<'p>, VarRef)>,
}

/// How a run stops.
enum Stop {
    Returned,
    Failed(AssertId, Span),
}

/// Result of one execution step.
enum Flow {
    Continue,
    Stop(Stop),
    /// A clone of the machine ran the rest of the test to its end.
    Finished(Result<(), ReplayError>),
}

/// The state of a run: the frames, the next trace step and choice, and
/// what all clones of the machine share (budgets, trusted conditions).
#[derive(Clone)]
pub(super) struct Machine<'p, 't> {
    pub(super) program: &'p Program,
    pub(super) test: &'t TestCase,
    pub(super) globals: Vec<Option<Value>>,
    pub(super) frames: Vec<Frame<'p>>,
    /// Next unused trace step.
    pub(super) next_step: usize,
    /// Next unused choice.
    pub(super) next_choice: usize,
    /// Statements executed (shared by all clones).
    pub(super) executed: Rc<Cell<u64>>,
    /// Span used for errors raised before any block is entered.
    entry_span: Span,
    /// How many more alternative readings of ambiguous `Uninitialized`
    /// choices may be tried (shared by all clones).
    forks: Rc<Cell<u32>>,
    /// Values of the bound variables (function parameters) in scope.
    pub(super) bound: RefCell<Vec<(usize, Value)>>,
    /// While the body of a lambda is evaluated: the lambda, whose
    /// captured values its variables read (see [`LambdaValue`]).
    pub(super) captured: RefCell<Option<Arc<LambdaValue>>>,
    /// Recursive functions whose bodies are being evaluated, innermost
    /// last, with their bodies' depths: a recursion stand-in in a body
    /// means the one of its name.
    pub(super) recursion: RefCell<Vec<(Arc<Function>, usize)>>,
    /// Quantified conditions taken on trust (shared by all clones).
    pub(super) trusted: Rc<RefCell<Vec<Span>>>,
    /// Where the run ended in a failure: the trace steps whose blocks it
    /// leaves unfinished ([`unfinished_steps`]; shared by all clones, so
    /// that the clone that ran the rest of a test leaves them too).
    unfinished: Rc<RefCell<Vec<usize>>>,
    /// The last `forall` found false (shared by all clones).
    pub(super) refuted: Rc<RefCell<Option<Box<Refutation>>>>,
    /// What runs of the program look up again and again.
    pub(super) facts: Rc<ProgramFacts>,
    /// A run that makes its own trace and choices, the test giving only
    /// its inputs and function values ([`super::generate`]); `None` in a
    /// replay.
    pub(super) generating: Option<Box<super::generate::Generating<'t>>>,
}

/// Indices by name (a name may have several: Boogie's scopes).
type ByName = HashMap<String, Vec<usize>>;

/// What a procedure's code compares its variables to
/// ([`ProgramFacts::equalities_of`]).
#[derive(Default)]
pub(super) struct EqualitiesOf {
    /// Per variable `v`, the equalities `w == e` of `v` or of a copy `w`
    /// of it (`w := v`, transitively), with `w` and the block they are in.
    pub(super) of: HashMap<VarRef, Vec<(VarRef, Expr, NodeIndex)>>,
    /// Per variable, the outputs (by position) that are copies of it:
    /// the caller's code compares it as the variable that receives them.
    pub(super) returned_as: HashMap<VarRef, Vec<usize>>,
}

/// How many equalities of a procedure [`ProgramFacts::equalities_of`]
/// keeps per variable: a driver's `switch` on an I/O control code has
/// dozens of cases (SDV's `t1394Diag_IoControl` 60), and the first 16
/// alone left the others to no run.
const EQUALITIES_PER_VARIABLE: usize = 128;

/// How many copies of a variable [`ProgramFacts::equalities_of`] follows.
const COPIES_PER_VARIABLE: usize = 16;

/// What the runs of one program look up again and again, found once
/// (shared by a machine's clones, and by the thousands of runs near a
/// test of one program: [`super::generate::GlobalStarts`]).
pub(crate) struct ProgramFacts {
    /// Per procedure, once asked: the globals its `requires`, `ensures`
    /// or body read under `old` (lambdas and quantifiers in them
    /// included; a function body reads none, the constants it mentions
    /// are arguments). A call copies only those as the callee's `old`
    /// state: SDV's procedures read `old(yogi_error)` in their `free
    /// ensures`, and a copy of every global (memory maps included) at
    /// each call was most of a run; walking the callee's body at each
    /// call to find out cost as much again.
    old_reads: RefCell<Vec<Option<Rc<[usize]>>>>,
    /// Per procedure, once asked: its blocks from which every path meets
    /// an `assume false` ([`ProgramFacts::doomed`]).
    doomed: RefCell<Vec<Option<Rc<[bool]>>>>,
    /// Per procedure, once asked: no run of it returns
    /// ([`ProgramFacts::never_returns`]).
    never_returns: std::cell::OnceCell<Vec<bool>>,
    /// Per procedure, once asked: for each variable, where the `assume`s
    /// that equal it to something are ([`ProgramFacts::equalities_of`]).
    equalities: RefCell<Vec<Option<Rc<EqualitiesOf>>>>,
    /// The globals by name (SDV's harnesses have thousands, and a run
    /// near a test gives each a value).
    globals_by_name: ByName,
    /// The last entry's variables by name.
    entry_locals_by_name: RefCell<Option<(ProcId, Rc<ByName>)>>,
    /// Per procedure, once a generated run entered it: what each
    /// statement does to the maps a run may choose cells of, by block
    /// index and statement index ([`super::memory::accesses_of`]).
    memory: RefCell<Vec<Option<Rc<super::memory::ProcedureAccesses>>>>,
}

/// The blocks of `cfg` from which no run returns, by node index: each
/// holds an `assume false` or a call of a procedure `never` marks, or
/// all its successors are such blocks.
fn doomed_blocks(cfg: &Cfg, never: &[bool]) -> Vec<bool> {
    let ends_here = |s: &Stmt| match &s.kind {
        StmtKind::Assume(e) => matches!(e.kind, ExprKind::Bool(false)),
        StmtKind::Call { callee, .. } => never.get(callee.0).copied().unwrap_or(false),
        _ => false,
    };
    let mut doomed = vec![false; cfg.graph.node_count()];
    for n in cfg.graph.node_indices() {
        doomed[n.index()] = cfg.graph[n].stmts.iter().any(ends_here);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for n in cfg.graph.node_indices() {
            if doomed[n.index()] {
                continue;
            }
            let succs = cfg.successors(n);
            if !succs.is_empty() && succs.iter().all(|s| doomed[s.index()]) {
                doomed[n.index()] = true;
                changed = true;
            }
        }
    }
    doomed
}

impl ProgramFacts {
    pub(crate) fn new(program: &Program) -> Rc<Self> {
        let mut globals_by_name = ByName::new();
        for (i, global) in program.globals.iter().enumerate() {
            globals_by_name
                .entry(global.name.clone())
                .or_default()
                .push(i);
        }
        Rc::new(ProgramFacts {
            old_reads: RefCell::new(vec![None; program.procedures.len()]),
            doomed: RefCell::new(vec![None; program.procedures.len()]),
            never_returns: std::cell::OnceCell::new(),
            equalities: RefCell::new(vec![None; program.procedures.len()]),
            globals_by_name,
            entry_locals_by_name: RefCell::new(None),
            memory: RefCell::new(vec![None; program.procedures.len()]),
        })
    }

    /// What the statements of procedure `id` do to the maps a run may
    /// choose cells of, found by `find` the first time.
    pub(super) fn memory_accesses(
        &self,
        id: ProcId,
        find: impl FnOnce() -> super::memory::ProcedureAccesses,
    ) -> Rc<super::memory::ProcedureAccesses> {
        if let Some(Some(known)) = self.memory.borrow().get(id.0) {
            return known.clone();
        }
        let found = Rc::new(find());
        if let Some(slot) = self.memory.borrow_mut().get_mut(id.0) {
            *slot = Some(found.clone());
        }
        found
    }

    /// The globals procedure `id` (`p`) reads under `old`, ascending.
    fn old_reads(&self, id: ProcId, p: &Procedure) -> Rc<[usize]> {
        if let Some(Some(known)) = self.old_reads.borrow().get(id.0) {
            return known.clone();
        }
        let mut read = std::collections::BTreeSet::new();
        p.for_each_expr(|e| {
            e.visit_vars(false, &mut |v, under_old| {
                if let (VarRef::Global(g), true) = (v, under_old) {
                    read.insert(g.0);
                }
            });
        });
        let read: Rc<[usize]> = read.into_iter().collect();
        if let Some(slot) = self.old_reads.borrow_mut().get_mut(id.0) {
            *slot = Some(read.clone());
        }
        read
    }

    /// The blocks of procedure `id` (body `cfg`), by node index, from
    /// which no run ends: each holds an `assume false` or a call of a
    /// procedure no run of which returns ([`ProgramFacts::never_returns`]:
    /// SDV's `SLIC_EXIT_ROUTINE`, the end of a run that kept the rule), or
    /// all its successors are such blocks (Corral's loop procedures end
    /// the caller's copy of a loop body so: `goto anon3_Then_dummy;`,
    /// `anon3_Then_dummy: assume false;`). A run near a test does not
    /// enter one.
    pub(super) fn doomed(&self, program: &Program, id: ProcId, cfg: &Cfg) -> Rc<[bool]> {
        if let Some(Some(known)) = self.doomed.borrow().get(id.0) {
            return known.clone();
        }
        let doomed: Rc<[bool]> = doomed_blocks(cfg, self.never_returns(program)).into();
        if let Some(slot) = self.doomed.borrow_mut().get_mut(id.0) {
            *slot = Some(doomed.clone());
        }
        doomed
    }

    /// Per procedure: whether every path of its body meets an `assume
    /// false` or a call of such a procedure (the least fixed point over
    /// the call graph; a procedure without a body returns).
    fn never_returns(&self, program: &Program) -> &[bool] {
        self.never_returns.get_or_init(|| {
            let mut never = vec![false; program.procedures.len()];
            let mut changed = true;
            while changed {
                changed = false;
                for (i, p) in program.procedures.iter().enumerate() {
                    let Some(cfg) = p.body.as_ref().filter(|_| !never[i]) else {
                        continue;
                    };
                    if doomed_blocks(cfg, &never)[cfg.entry.index()] {
                        never[i] = true;
                        changed = true;
                    }
                }
            }
            never
        })
    }

    /// The equalities `v == e` procedure `id` (body `cfg`) compares a
    /// variable `v` or a copy of it by, per variable (either side), in
    /// block order, at most [`EQUALITIES_PER_VARIABLE`] per variable:
    /// those it assumes, and those whose truth it assigns (SMACK's `$i31
    /// := $eq.i32($i5, 3)`, assumed `== 1` in a branch; `!=` counts as
    /// the equality it denies); and which outputs are copies of it. A
    /// run near a test that chooses a value nothing right after the
    /// choice asks for takes these values among its alternatives (SDV's
    /// dispatch routines `havoc majorFunction` and compare it to each
    /// request's code many blocks later; SMACK's harnesses compare what
    /// `__VERIFIER_nondet_int` returns to each case of a `switch`).
    pub(super) fn equalities_of(
        &self,
        program: &Program,
        id: ProcId,
        cfg: &Cfg,
    ) -> Rc<EqualitiesOf> {
        if let Some(Some(known)) = self.equalities.borrow().get(id.0) {
            return known.clone();
        }
        // The equalities each variable is a side of itself.
        let mut own: HashMap<VarRef, Vec<(Expr, NodeIndex)>> = HashMap::new();
        let mut record = |eq: Expr, n: NodeIndex| {
            let ExprKind::Binary(BinOp::Eq, l, r) = &eq.kind else {
                return;
            };
            for side in [l, r] {
                if let ExprKind::Var(v) = side.kind {
                    let at = own.entry(v).or_default();
                    if at.len() < EQUALITIES_PER_VARIABLE && !at.iter().any(|(e, _)| *e == eq) {
                        at.push((eq.clone(), n));
                    }
                }
            }
        };
        // Copies `w := v`, as edges v -> w.
        let mut copies: HashMap<VarRef, Vec<VarRef>> = HashMap::new();
        for n in cfg.graph.node_indices() {
            for stmt in &cfg.graph[n].stmts {
                match &stmt.kind {
                    StmtKind::Assume(e) => {
                        if matches!(e.kind, ExprKind::Binary(BinOp::Eq, _, _)) {
                            record(e.clone(), n);
                        }
                    }
                    StmtKind::Assign(pairs) => {
                        for (w, rhs) in pairs {
                            match &rhs.kind {
                                ExprKind::Var(v) if v != w => {
                                    copies.entry(*v).or_default().push(*w)
                                }
                                _ => {
                                    if let Some(eq) = compared_equal(rhs) {
                                        record(eq, n);
                                    }
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let outs: Vec<VarRef> = program
            .proc(id)
            .outs
            .iter()
            .map(|&o| VarRef::Local(o))
            .collect();
        let mut found = EqualitiesOf::default();
        let compared: std::collections::HashSet<VarRef> =
            own.keys().chain(copies.keys()).copied().collect();
        for v in compared {
            // `v` and its copies, a bounded walk.
            let mut reached = vec![v];
            let mut i = 0;
            while i < reached.len() && reached.len() < COPIES_PER_VARIABLE {
                for &w in copies.get(&reached[i]).into_iter().flatten() {
                    if !reached.contains(&w) {
                        reached.push(w);
                    }
                }
                i += 1;
            }
            let mut of = Vec::new();
            for &w in &reached {
                for (e, n) in own.get(&w).into_iter().flatten() {
                    if of.len() < EQUALITIES_PER_VARIABLE {
                        of.push((w, e.clone(), *n));
                    }
                }
            }
            let returned: Vec<usize> = (0..outs.len())
                .filter(|&k| reached.contains(&outs[k]))
                .collect();
            if !of.is_empty() {
                found.of.insert(v, of);
            }
            if !returned.is_empty() {
                found.returned_as.insert(v, returned);
            }
        }
        let found = Rc::new(found);
        if let Some(slot) = self.equalities.borrow_mut().get_mut(id.0) {
            *slot = Some(found.clone());
        }
        found
    }

    /// The variables of entry `id` (`p`) by name.
    fn locals_by_name(&self, id: ProcId, p: &Procedure) -> Rc<ByName> {
        if let Some((known, table)) = self.entry_locals_by_name.borrow().as_ref() {
            if *known == id {
                return table.clone();
            }
        }
        let mut table = ByName::new();
        for (i, local) in p.locals.iter().enumerate() {
            table.entry(local.var.name.clone()).or_default().push(i);
        }
        let table = Rc::new(table);
        *self.entry_locals_by_name.borrow_mut() = Some((id, table.clone()));
        table
    }
}

impl Frame<'_> {
    /// The slot of global `g` in the procedure's `old` state, if it keeps
    /// one.
    pub(super) fn old_global(&self, g: usize) -> Option<&Option<Value>> {
        let k = self
            .old_globals
            .binary_search_by_key(&g, |(i, _)| *i)
            .ok()?;
        Some(&self.old_globals[k].1)
    }
}

impl<'p, 't> Machine<'p, 't> {
    /// Writes a call's output values to the caller's receiving variables
    /// and moves the caller past the call.
    /// In a generated run, the receivers take the origins of the outputs
    /// in `callee` ([`super::origins`]).
    fn return_to_caller(
        &mut self,
        receivers: &[VarRef],
        values: Vec<Option<Value>>,
        callee: &Frame<'p>,
    ) {
        let caller = self.frames.last_mut().expect("the caller is active");
        for (v, value) in receivers.iter().zip(values) {
            let slot = match *v {
                VarRef::Global(g) => self.globals.get_mut(g.0),
                VarRef::Local(l) => caller.locals.get_mut(l.0),
            };
            if let Some(slot) = slot {
                *slot = value;
            }
        }
        if self.generating.is_some() {
            for (o, v) in callee.procedure.outs.iter().zip(receivers) {
                let origin = super::origins::local_origin(callee, o.0);
                self.set_origin(*v, origin);
            }
        }
        self.frames.last_mut().expect("the caller is active").stmt += 1;
    }

    pub(super) fn start(
        program: &'p Program,
        entry: ProcId,
        test: &'t TestCase,
    ) -> Result<Self, (ReplayError, Option<Box<Refutation>>)> {
        Self::start_sharing(program, entry, test, None)
    }

    /// [`Machine::start`], with the lookups that the runs of one program
    /// share (runs near a test: thousands of runs of one program); the
    /// entry's `old` state then holds only what it reads.
    pub(super) fn start_sharing(
        program: &'p Program,
        entry: ProcId,
        test: &'t TestCase,
        shared: Option<&Rc<ProgramFacts>>,
    ) -> Result<Self, (ReplayError, Option<Box<Refutation>>)> {
        let early = |proc: &str, span: Span, message: String| {
            let e = ReplayError {
                step: None,
                proc: proc.to_string(),
                block: String::new(),
                span,
                message,
            };
            (e, None)
        };
        let Some(procedure) = program.procedures.get(entry.0) else {
            return Err(early(
                "",
                Span::default(),
                format!("there is no procedure number {}", entry.0),
            ));
        };
        let entry_span = procedure.span;
        if test.entry != procedure.name {
            return Err(early(
                &procedure.name,
                entry_span,
                format!(
                    "the test is for procedure `{}`, not `{}`",
                    test.entry, procedure.name
                ),
            ));
        }
        let Some(cfg) = procedure.body.as_ref() else {
            return Err(early(
                &procedure.name,
                entry_span,
                "the entry procedure has no body".to_string(),
            ));
        };

        // Inputs, by name: the entry's variables first, then globals.
        let mut locals: Vec<Option<Value>> = vec![None; procedure.locals.len()];
        let mut globals: Vec<Option<Value>> = vec![None; program.globals.len()];
        let facts = shared
            .cloned()
            .unwrap_or_else(|| ProgramFacts::new(program));
        let locals_named = facts.locals_by_name(entry, procedure);
        for (name, value) in &test.inputs {
            // `x (global)` names the global `x` that an entry variable `x`
            // shadows; a plain name is the entry's variable if it has one.
            let (name, global_only) = match name.strip_suffix(GLOBAL_INPUT_SUFFIX) {
                Some(base) => (base, true),
                None => (name.as_str(), false),
            };
            let mut used = false;
            for &i in locals_named
                .get(name)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                let local = &procedure.locals[i];
                if !global_only {
                    check_type(value, &local.var.ty).map_err(|m| {
                        early(
                            &procedure.name,
                            local.var.span,
                            format!("input `{name}`: {m}"),
                        )
                    })?;
                    locals[i] = Some(value.clone());
                    used = true;
                }
            }
            for &i in facts
                .globals_by_name
                .get(name)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                let global = &program.globals[i];
                if !used {
                    check_type(value, &global.ty).map_err(|m| {
                        early(&procedure.name, global.span, format!("input `{name}`: {m}"))
                    })?;
                    globals[i] = Some(value.clone());
                    used = true;
                }
            }
            if !used {
                return Err(early(
                    &procedure.name,
                    entry_span,
                    format!(
                        "input `{name}` is neither a variable of `{}` nor a global",
                        procedure.name
                    ),
                ));
            }
        }

        // The entry's `old` state: every global, or where the reads are
        // shared (found once), those it reads under `old`.
        let old_globals = match shared {
            Some(_) => facts
                .old_reads(entry, procedure)
                .iter()
                .filter_map(|&g| Some((g, globals.get(g)?.clone())))
                .collect(),
            None => globals.iter().cloned().enumerate().collect(),
        };
        let mut machine = Machine {
            program,
            test,
            globals,
            frames: Vec::new(),
            next_step: 0,
            next_choice: 0,
            executed: Rc::new(Cell::new(0)),
            entry_span,
            forks: Rc::new(Cell::new(MAX_FORKS)),
            bound: RefCell::new(Vec::new()),
            captured: RefCell::new(None),
            recursion: RefCell::new(Vec::new()),
            trusted: Rc::new(RefCell::new(Vec::new())),
            unfinished: Rc::new(RefCell::new(Vec::new())),
            refuted: Rc::new(RefCell::new(None)),
            facts: facts.clone(),
            generating: None,
        };
        let frame = Frame {
            id: entry,
            procedure,
            cfg,
            block: cfg.entry,
            stmt: 0,
            step: 0,
            locals,
            old_globals,
            receivers: Vec::new(),
            entered: 0,
            chosen_at_entry: 0,
            decided_at_entry: 0,
            origins: Vec::new(),
            branch: None,
        };

        // The entry's requires are assumptions: if one fails, the test is bogus.
        for spec in &procedure.requires {
            match machine.eval_in(&frame, &spec.expr, false) {
                Ok(Value::Bool(true)) => {}
                Err(m) if m == QUANTIFIED => machine.trusted.borrow_mut().push(spec.expr.span),
                Ok(Value::Bool(false)) => {
                    let (e, _) = early(
                        &procedure.name,
                        spec.expr.span,
                        format!(
                            "the entry's `requires` does not hold for the test's inputs ({})",
                            machine.values_in(&frame, &spec.expr)
                        ),
                    );
                    return Err((e, machine.refuted.borrow_mut().take()));
                }
                Ok(v) => {
                    return Err(early(
                        &procedure.name,
                        spec.expr.span,
                        format!("`requires` evaluates to the non-boolean {v}"),
                    ))
                }
                Err(m) => return Err(early(&procedure.name, spec.expr.span, m)),
            }
        }

        // The first trace step is the entry block.
        let Some(block) = cfg.graph.node_weight(cfg.entry) else {
            return Err(early(
                &procedure.name,
                entry_span,
                "the entry block does not exist".to_string(),
            ));
        };
        match test.trace.first() {
            Some(s) if s.proc == procedure.name && s.label == block.label => {}
            Some(s) => {
                return Err(early(
                    &procedure.name,
                    block.span,
                    format!(
                        "the trace starts with {}::{}, but the run starts in {}::{}",
                        s.proc, s.label, procedure.name, block.label
                    ),
                ))
            }
            None => {
                return Err(early(
                    &procedure.name,
                    block.span,
                    "the trace is empty; it must start with the entry block".to_string(),
                ))
            }
        }
        machine.next_step = 1;
        machine.frames.push(frame);
        Ok(machine)
    }

    /// A located error at the current point of the run.
    pub(super) fn error_at(&self, span: Span, message: impl Into<String>) -> ReplayError {
        match self.frames.last() {
            Some(f) => ReplayError {
                step: Some(f.step),
                proc: f.procedure.name.clone(),
                block: f
                    .cfg
                    .graph
                    .node_weight(f.block)
                    .map(|b| b.label.clone())
                    .unwrap_or_default(),
                span,
                message: message.into(),
            },
            None => ReplayError {
                step: None,
                proc: String::new(),
                block: String::new(),
                span: if span == Span::default() {
                    self.entry_span
                } else {
                    span
                },
                message: message.into(),
            },
        }
    }

    pub(super) fn run(&mut self) -> Result<(), ReplayError> {
        self.run_while(|_| true).unwrap_or(Ok(()))
    }

    /// Runs to the end, as [`Machine::run`], but stops before a step
    /// where `go_on` says no (then `None`: the machine is where it
    /// stopped, and may run on).
    pub(super) fn run_while(
        &mut self,
        go_on: impl Fn(&Self) -> bool,
    ) -> Option<Result<(), ReplayError>> {
        loop {
            if !go_on(self) {
                return None;
            }
            self.executed.set(self.executed.get() + 1);
            if self.executed.get() > STEP_BUDGET {
                let span = self.current_span();
                return Some(Err(self.error_at(
                    span,
                    format!("the run exceeds the budget of {STEP_BUDGET} statements"),
                )));
            }
            if self.executed.get().is_multiple_of(DEADLINE_EVERY) && self.past_until() {
                let span = self.current_span();
                return Some(Err(self.error_at(
                    span,
                    "the time limit was reached during the run".to_string(),
                )));
            }
            match self.step() {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop(stop)) => return Some(self.finish(stop)),
                Ok(Flow::Finished(result)) => return Some(result),
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// Whether this is a generated run whose time is up
    /// ([`super::generate::Generating::until`]).
    fn past_until(&self) -> bool {
        self.generating
            .as_ref()
            .and_then(|g| g.until)
            .is_some_and(|t| std::time::Instant::now() >= t)
    }

    /// A copy of the machine that runs on by itself: unlike a clone, it
    /// shares no budget, trusted condition or failure with this one
    /// (only [`ProgramFacts`]).
    pub(super) fn fork(&self) -> Self {
        let mut copy = self.clone();
        copy.executed = Rc::new(Cell::new(self.executed.get()));
        copy.forks = Rc::new(Cell::new(self.forks.get()));
        copy.trusted = Rc::new(RefCell::new(self.trusted.borrow().clone()));
        copy.unfinished = Rc::new(RefCell::new(self.unfinished.borrow().clone()));
        copy.refuted = Rc::new(RefCell::new(self.refuted.borrow().clone()));
        copy
    }

    /// The span of the statement about to run (or of the block).
    fn current_span(&self) -> Span {
        let Some(f) = self.frames.last() else {
            return self.entry_span;
        };
        match f.cfg.graph.node_weight(f.block) {
            Some(b) => b.stmts.get(f.stmt).map(|s| s.span).unwrap_or(b.extent),
            None => f.procedure.span,
        }
    }

    /// Runs one statement or one block end.
    fn step(&mut self) -> Result<Flow, ReplayError> {
        let Some(frame) = self.frames.last() else {
            return Ok(Flow::Stop(Stop::Returned));
        };
        let cfg = frame.cfg;
        let Some(block) = cfg.graph.node_weight(frame.block) else {
            return Err(self.error_at(
                frame.procedure.span,
                "the run is in a block that does not exist",
            ));
        };
        if let Some(stmt) = block.stmts.get(frame.stmt) {
            return self.exec(stmt);
        }
        let succs = cfg.successors(frame.block);
        if succs.is_empty() {
            return self.exit_procedure();
        }
        self.take_goto(&succs, block.extent)?;
        Ok(Flow::Continue)
    }

    /// Follows a `goto` to the next trace step.
    fn take_goto(&mut self, succs: &[NodeIndex], span: Span) -> Result<(), ReplayError> {
        if self.generating.is_some() {
            return self.generate_goto(succs, span);
        }
        let frame = self.frames.last().expect("a frame is active");
        let cfg = frame.cfg;
        let labels: Vec<&str> = succs
            .iter()
            .filter_map(|&n| cfg.graph.node_weight(n).map(|b| b.label.as_str()))
            .collect();
        let Some(next) = self.test.trace.get(self.next_step) else {
            return Err(self.error_at(
                span,
                format!(
                    "the run goes on (goto {}) but the trace ends",
                    labels.join(", ")
                ),
            ));
        };
        if next.proc != frame.procedure.name {
            return Err(self.error_at(
                span,
                format!(
                    "the next trace step is {}::{}, but the run is in procedure `{}` (goto {})",
                    next.proc,
                    next.label,
                    frame.procedure.name,
                    labels.join(", ")
                ),
            ));
        }
        let Some(&target) = succs.iter().find(|&&n| {
            cfg.graph
                .node_weight(n)
                .is_some_and(|b| b.label == next.label)
        }) else {
            return Err(self.error_at(
                span,
                format!(
                    "the next trace step is {}, which is not a target of goto {}",
                    next.label,
                    labels.join(", ")
                ),
            ));
        };
        self.enter_block(target);
        Ok(())
    }

    /// The current frame goes on in block `target` (of its procedure),
    /// the next trace step.
    pub(super) fn enter_block(&mut self, target: NodeIndex) {
        let step = self.next_step;
        self.next_step += 1;
        let frame = self.frames.last_mut().expect("a frame is active");
        frame.block = target;
        frame.stmt = 0;
        frame.step = step;
    }

    /// The trace steps of the blocks the frames are in, which a failure
    /// here leaves unfinished: each caller's block is cut short at its
    /// call, the innermost at the assertion, but for an `ensures` failing
    /// at the exit, after every statement of the last block.
    fn unfinished_here(&self) -> Vec<usize> {
        let innermost = self.frames.len().saturating_sub(1);
        self.frames
            .iter()
            .enumerate()
            .filter(|(i, f)| {
                let done = f
                    .cfg
                    .graph
                    .node_weight(f.block)
                    .is_some_and(|b| f.stmt >= b.stmts.len());
                !(*i == innermost && done)
            })
            .map(|(_, f)| f.step)
            .collect()
    }

    /// The current procedure's block has no successor: check its `ensures`
    /// and return to the caller (or end the run).
    fn exit_procedure(&mut self) -> Result<Flow, ReplayError> {
        let frame = self.frames.last().expect("a frame is active");
        for spec in &frame.procedure.ensures {
            if spec.free {
                continue;
            }
            if !self.holds(frame, spec, true)? {
                return Ok(Flow::Stop(Stop::Failed(spec.id, spec.expr.span)));
            }
        }
        let frame = self.frames.pop().expect("a frame is active");
        if self.frames.is_empty() {
            return Ok(Flow::Stop(Stop::Returned));
        }
        let mut values = Vec::with_capacity(frame.procedure.outs.len());
        for out in &frame.procedure.outs {
            values.push(frame.locals.get(out.0).cloned().flatten());
        }
        self.return_to_caller(&frame.receivers, values, &frame);
        Ok(Flow::Continue)
    }

    /// Evaluates a specification clause in `frame` to a boolean. A
    /// quantified clause is taken on trust: assumed (`checked` false) it
    /// holds; checked, it fails exactly where the test says the run fails.
    fn holds(&self, frame: &Frame<'p>, spec: &Spec, checked: bool) -> Result<bool, ReplayError> {
        match self.eval_in(frame, &spec.expr, false) {
            Ok(Value::Bool(b)) => Ok(b),
            Err(m) if m == QUANTIFIED && self.generating.is_some() => {
                Err(self.error_at(spec.expr.span, super::generate::UNCHECKED))
            }
            Err(m) if m == QUANTIFIED => {
                Ok(!checked || !self.trust_failure(spec.id, spec.expr.span))
            }
            Ok(v) => Err(self.error_at(
                spec.expr.span,
                format!("a clause evaluates to the non-boolean {v}"),
            )),
            Err(m) => Err(self.error_at(spec.expr.span, m)),
        }
    }

    /// A checked condition the interpreter cannot evaluate: records it as
    /// trusted and says whether the run fails there, which is what the test
    /// claims when its outcome is this assertion failing and its trace is
    /// used up.
    fn trust_failure(&self, id: AssertId, span: Span) -> bool {
        self.trusted.borrow_mut().push(span);
        self.test.outcome == Outcome::AssertionFails(id) && self.next_step == self.test.trace.len()
    }

    /// The value of an `assume`d `e` in the current frame; in a generated
    /// run, after settling the constants it asks for where it is false
    /// ([`Machine::settle_constants`]).
    fn eval_assumed(&mut self, e: &Expr) -> Result<Value, super::eval::Fail> {
        let frame = self.frames.last().expect("a frame is active");
        let value = self.eval_in(frame, e, false);
        if self.generating.is_some()
            && matches!(value, Ok(Value::Bool(false)))
            && self.settle_constants(e)
        {
            return self.eval_in(self.frames.last().expect("a frame is active"), e, false);
        }
        value
    }

    fn exec(&mut self, stmt: &'p Stmt) -> Result<Flow, ReplayError> {
        if self.generating.is_some() {
            self.track_memory();
        }
        let frame = self.frames.last().expect("a frame is active");
        match &stmt.kind {
            StmtKind::Assign(pairs) => {
                if let ([(v, e)], true) = (pairs.as_slice(), self.generating.is_some()) {
                    self.choose_function_value(*v, e);
                }
                let frame = self.frames.last().expect("a frame is active");
                let mut values = Vec::with_capacity(pairs.len());
                for (v, e) in pairs {
                    let value = self
                        .eval_in(frame, e, false)
                        .map_err(|m| self.error_at(e.span, m))?;
                    check_type(&value, self.var_type(frame, *v)).map_err(|m| {
                        self.error_at(
                            stmt.span,
                            format!("assignment to `{}`: {m}", self.var_name(frame, *v)),
                        )
                    })?;
                    // A copy keeps the origin of what it copies.
                    values.push((value, self.origin_of_expr(e)));
                }
                for ((v, _), (value, origin)) in pairs.iter().zip(values) {
                    self.set(*v, value);
                    self.set_origin(*v, origin);
                }
            }
            StmtKind::Assume(e) => match self.eval_assumed(e) {
                Ok(Value::Bool(true)) => {}
                Err(m) if m == QUANTIFIED && self.generating.is_some() => {
                    return Err(self.error_at(e.span, super::generate::UNCHECKED))
                }
                Err(m) if m == QUANTIFIED => self.trusted.borrow_mut().push(e.span),
                Ok(Value::Bool(false)) => {
                    if self.generating.is_some() {
                        self.note_culprits(&[vec![e]], false, None);
                    }
                    let frame = self.frames.last().expect("a frame is active");
                    let values = self.values_in(frame, e);
                    return Err(
                        self.error_at(stmt.span, format!("`assume` does not hold ({values})"))
                    );
                }
                Ok(v) => {
                    return Err(self.error_at(e.span, format!("`assume` of the non-boolean {v}")))
                }
                Err(m) => return Err(self.error_at(e.span, m)),
            },
            StmtKind::Assert(id, e) => match self.eval_in(frame, e, false) {
                Ok(Value::Bool(true)) => {}
                Err(m) if m == QUANTIFIED && self.generating.is_some() => {
                    return Err(self.error_at(e.span, super::generate::UNCHECKED))
                }
                Err(m) if m == QUANTIFIED => {
                    if self.trust_failure(*id, e.span) {
                        return Ok(Flow::Stop(Stop::Failed(*id, stmt.span)));
                    }
                }
                Ok(Value::Bool(false)) => return Ok(Flow::Stop(Stop::Failed(*id, stmt.span))),
                Ok(v) => {
                    return Err(self.error_at(e.span, format!("`assert` of the non-boolean {v}")))
                }
                Err(m) => return Err(self.error_at(e.span, m)),
            },
            StmtKind::Havoc(vars) => {
                let proc_name: &'p str = frame.procedure.name.as_str();
                let targets: Vec<(VarRef, &'p str, &'p Type)> = vars
                    .iter()
                    .map(|v| (*v, self.var_name(frame, *v), self.var_type(frame, *v)))
                    .collect();
                for (v, name, ty) in targets {
                    let wanted = Wanted {
                        target: Some(v),
                        ensured_by: None,
                    };
                    let (value, origin) =
                        self.choose(ChoiceKind::Havoc, proc_name, name, ty, stmt.span, wanted)?;
                    self.set(v, value);
                    self.set_origin(v, origin);
                }
            }
            StmtKind::Call {
                callee,
                args,
                outs,
                free,
            } => {
                return self.call(*callee, args, outs, *free, stmt.span);
            }
        }
        self.frames.last_mut().expect("a frame is active").stmt += 1;
        Ok(Flow::Continue)
    }

    fn call(
        &mut self,
        callee_id: ProcId,
        args: &[Expr],
        outs: &[VarRef],
        free: bool,
        span: Span,
    ) -> Result<Flow, ReplayError> {
        let program = self.program;
        let Some(callee) = program.procedures.get(callee_id.0) else {
            return Err(self.error_at(
                span,
                format!(
                    "call of procedure number {}, which does not exist",
                    callee_id.0
                ),
            ));
        };
        if callee.params.len() != args.len() || callee.outs.len() != outs.len() {
            return Err(self.error_at(
                span,
                format!(
                    "call of `{}` with the wrong number of arguments or results",
                    callee.name
                ),
            ));
        }
        let frame = self.frames.last().expect("a frame is active");
        let mut locals: Vec<Option<Value>> = vec![None; callee.locals.len()];
        let mut origins = Vec::new();
        for (p, a) in callee.params.iter().zip(args) {
            if let Some(o) = self.origin_of_expr(a) {
                origins.resize(callee.locals.len(), None);
                origins[p.0] = Some(o);
            }
            let value = self
                .eval_in(frame, a, false)
                .map_err(|m| self.error_at(a.span, m))?;
            let Some(local) = callee.locals.get(p.0) else {
                return Err(self.error_at(
                    span,
                    format!("`{}` has a parameter that does not exist", callee.name),
                ));
            };
            check_type(&value, &local.var.ty).map_err(|m| {
                self.error_at(a.span, format!("argument for `{}`: {m}", local.var.name))
            })?;
            locals[p.0] = Some(value);
        }
        // The callee's `old` state: the globals it reads under `old`
        // (every other slot is never read there).
        let read_under_old = self.facts.old_reads(callee_id, callee);
        let at_call: Vec<(usize, Option<Value>)> = read_under_old
            .iter()
            .filter_map(|&g| Some((g, self.globals.get(g)?.clone())))
            .collect();
        let mut callee_frame = Frame {
            id: callee_id,
            procedure: callee,
            cfg: frame.cfg,
            block: frame.block,
            stmt: 0,
            step: frame.step,
            locals,
            old_globals: at_call,
            receivers: outs.to_vec(),
            entered: self.next_step,
            chosen_at_entry: 0,
            decided_at_entry: 0,
            origins,
            branch: None,
        };

        // Non-free requires are assertions at the call site; at a `free
        // call`, assumptions (a test whose run breaks one is no run).
        for spec in &callee.requires {
            if spec.free {
                continue;
            }
            if free {
                if !self.holds(&callee_frame, spec, false)? {
                    return Err(self.error_at(
                        spec.expr.span,
                        format!(
                            "a `requires` of `{}` does not hold at a `free call`, where it is assumed",
                            callee.name
                        ),
                    ));
                }
                continue;
            }
            if !self.holds(&callee_frame, spec, true)? {
                return Ok(Flow::Stop(Stop::Failed(spec.id, span)));
            }
        }

        match callee.body.as_ref() {
            None => {
                // Outputs, then modified globals, are choices.
                for (i, out) in callee.outs.iter().enumerate() {
                    let Some(local) = callee.locals.get(out.0) else {
                        return Err(self.error_at(
                            span,
                            format!("`{}` has an output that does not exist", callee.name),
                        ));
                    };
                    let wanted = Wanted {
                        target: outs.get(i).copied(),
                        ensured_by: Some((callee, &callee_frame, VarRef::Local(*out))),
                    };
                    let (value, origin) = self.choose(
                        ChoiceKind::CallOutput,
                        &callee.name,
                        &local.var.name,
                        &local.var.ty,
                        span,
                        wanted,
                    )?;
                    callee_frame.locals[out.0] = Some(value);
                    super::origins::set_local_origin(&mut callee_frame, out.0, origin);
                }
                for g in &callee.modifies {
                    let Some(global) = program.globals.get(g.0) else {
                        return Err(self.error_at(
                            span,
                            format!("`{}` modifies a global that does not exist", callee.name),
                        ));
                    };
                    let wanted = Wanted {
                        target: Some(VarRef::Global(*g)),
                        ensured_by: Some((callee, &callee_frame, VarRef::Global(*g))),
                    };
                    let (value, origin) = self.choose(
                        ChoiceKind::CallOutput,
                        &callee.name,
                        &global.name,
                        &global.ty,
                        span,
                        wanted,
                    )?;
                    self.globals[g.0] = Some(value);
                    self.set_origin(VarRef::Global(*g), origin);
                }
                // All ensures are assumed.
                for spec in &callee.ensures {
                    if !self.holds(&callee_frame, spec, false)? {
                        return Err(self.error_at(
                            spec.expr.span,
                            format!(
                                "the `ensures` of body-less `{}` does not hold for the chosen values ({}; called at bytes {}..{})",
                                callee.name,
                                self.values_in(&callee_frame, &spec.expr),
                                span.start,
                                span.end
                            ),
                        ));
                    }
                }
                let values: Vec<Option<Value>> = callee
                    .outs
                    .iter()
                    .map(|o| callee_frame.locals[o.0].clone())
                    .collect();
                self.return_to_caller(outs, values, &callee_frame);
                Ok(Flow::Continue)
            }
            Some(cfg) => {
                if self.frames.len() >= MAX_CALL_DEPTH {
                    return Err(self.error_at(
                        span,
                        format!("the run exceeds the call depth of {MAX_CALL_DEPTH}"),
                    ));
                }
                // Uninitialised locals/outputs chosen at the call, in
                // declaration order: the longest run of such choices at the
                // head of the queue. If the run fails with all of them, a
                // shorter run may be right (the rest may belong to a nested
                // call of the same procedure): try those in clones.
                if self.generating.is_some() {
                    self.generate_uninitialized(callee_id, &mut callee_frame, span)?;
                    self.enter_body(callee_frame, cfg, span)?;
                    return Ok(Flow::Continue);
                }
                let mut candidates: Vec<(usize, Value)> = Vec::new();
                let mut index = self.next_choice;
                while let Some(choice) = self.test.choices.get(index) {
                    if choice.kind != ChoiceKind::Uninitialized || choice.proc != callee.name {
                        break;
                    }
                    let last = candidates.last().map(|(i, _)| *i);
                    let found = callee.locals.iter().enumerate().find(|(i, l)| {
                        l.kind != LocalKind::Param
                            && l.var.name == choice.var
                            && last.is_none_or(|j| *i > j)
                    });
                    let Some((i, local)) = found else { break };
                    check_type(&choice.value, &local.var.ty).map_err(|m| {
                        self.error_at(
                            span,
                            format!(
                                "choice {} (uninitialised `{}` of `{}`): {m}",
                                index + 1,
                                local.var.name,
                                callee.name
                            ),
                        )
                    })?;
                    candidates.push((i, choice.value.clone()));
                    index += 1;
                }
                if !candidates.is_empty() && self.forks.get() > 0 {
                    let mut first_error = None;
                    for take in (0..=candidates.len()).rev() {
                        if take < candidates.len() {
                            if self.forks.get() == 0 {
                                break;
                            }
                            self.forks.set(self.forks.get() - 1);
                        }
                        let mut alt = self.clone();
                        let mut frame = callee_frame.clone();
                        for (i, v) in &candidates[..take] {
                            frame.locals[*i] = Some(v.clone());
                        }
                        alt.next_choice += take;
                        // The clone runs to the end inside this step: a
                        // recursion that chooses its locals at each call
                        // nests one run per level (up to MAX_CALL_DEPTH),
                        // more than a thread's stack holds (SDV's
                        // `1394diag` overflowed 8 MiB); the stack grows on
                        // the heap instead.
                        let result = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || {
                            alt.enter_body(frame, cfg, span).and_then(|_| alt.run())
                        });
                        match result {
                            Ok(()) => return Ok(Flow::Finished(Ok(()))),
                            Err(e) => {
                                first_error.get_or_insert(e);
                            }
                        }
                    }
                    return Ok(Flow::Finished(Err(first_error.expect("one attempt ran"))));
                }
                for (i, v) in &candidates {
                    callee_frame.locals[*i] = Some(v.clone());
                }
                self.next_choice += candidates.len();
                self.enter_body(callee_frame, cfg, span)?;
                Ok(Flow::Continue)
            }
        }
    }

    /// Enters the body `cfg` of the callee of `callee_frame`: its entry
    /// block must be the next trace step.
    fn enter_body(
        &mut self,
        mut callee_frame: Frame<'p>,
        cfg: &'p Cfg,
        span: Span,
    ) -> Result<(), ReplayError> {
        let callee = callee_frame.procedure;
        {
            {
                // The callee's entry block is the next trace step.
                let Some(entry_block) = cfg.graph.node_weight(cfg.entry) else {
                    return Err(
                        self.error_at(span, format!("`{}` has no entry block", callee.name))
                    );
                };
                if let Some(g) = self.generating.as_mut() {
                    callee_frame.chosen_at_entry = g.polled_so_far();
                    callee_frame.decided_at_entry = g.decided();
                    if !g.may_go_deeper(&self.frames, &callee_frame) {
                        return Err(self.error_at(
                            span,
                            format!(
                                "the run calls `{}` within itself {} times in a row, choosing a value each time",
                                callee.name,
                                super::generate::LOOP_ROUNDS_CHOOSING
                            ),
                        ));
                    }
                }
                let generated = self.generating.as_mut().map(|g| {
                    g.step(&callee.name, &entry_block.label);
                });
                match self.test.trace.get(self.next_step) {
                    _ if generated.is_some() => {}
                    Some(s) if s.proc == callee.name && s.label == entry_block.label => {}
                    Some(s) => {
                        return Err(self.error_at(
                            span,
                            format!(
                                "the call enters {}::{}, but the next trace step is {}::{}",
                                callee.name, entry_block.label, s.proc, s.label
                            ),
                        ))
                    }
                    None => {
                        return Err(self.error_at(
                            span,
                            format!(
                                "the call enters {}::{}, but the trace ends",
                                callee.name, entry_block.label
                            ),
                        ))
                    }
                }
                callee_frame.cfg = cfg;
                callee_frame.block = cfg.entry;
                callee_frame.step = self.next_step;
                self.next_step += 1;
                self.frames.push(callee_frame);
                Ok(())
            }
        }
    }

    /// The value of the next choice, of `kind` for `var` in `proc`: the
    /// test's in a replay ([`Machine::take_choice`]), one the run makes
    /// when generating ([`Machine::generate_choice`], guided by `wanted`),
    /// with where it came from there ([`super::origins`]).
    fn choose(
        &mut self,
        kind: ChoiceKind,
        proc: &str,
        var: &str,
        ty: &Type,
        span: Span,
        wanted: Wanted<'p, '_>,
    ) -> Result<(Value, Option<super::origins::Origin>), ReplayError> {
        if self.generating.is_none() {
            return Ok((self.take_choice(kind, proc, var, ty, span)?, None));
        }
        let hinted = match wanted.ensured_by {
            Some((callee, frame, v)) => self.ensured_values(callee, frame, v),
            None => (Vec::new(), false),
        };
        self.generate_choice(kind, proc, var, ty, span, wanted.target, hinted)
    }

    /// Takes the next choice, which must be of `kind` for `var` in `proc`.
    fn take_choice(
        &mut self,
        kind: ChoiceKind,
        proc: &str,
        var: &str,
        ty: &Type,
        span: Span,
    ) -> Result<Value, ReplayError> {
        let index = self.next_choice;
        let Some(choice) = self.test.choices.get(index) else {
            return Err(self.error_at(
                span,
                format!(
                    "the run needs a {} choice for `{var}` in `{proc}`, but the test has only {} choices",
                    kind_name(kind),
                    self.test.choices.len()
                ),
            ));
        };
        if choice.kind != kind || choice.proc != proc || choice.var != var {
            return Err(self.error_at(
                span,
                format!(
                    "the run needs a {} choice for `{var}` in `{proc}`, but choice {} is {}",
                    kind_name(kind),
                    index + 1,
                    describe_choice(choice)
                ),
            ));
        }
        check_type(&choice.value, ty)
            .map_err(|m| self.error_at(span, format!("choice {} for `{var}`: {m}", index + 1)))?;
        self.next_choice += 1;
        Ok(choice.value.clone())
    }

    /// The run stopped: compare with the test's claims.
    fn finish(&mut self, stop: Stop) -> Result<(), ReplayError> {
        if let Stop::Failed(..) = stop {
            *self.unfinished.borrow_mut() = self.unfinished_here();
        }
        let (outcome, span) = match stop {
            Stop::Returned => (Outcome::Returns, self.current_span()),
            Stop::Failed(id, span) => (Outcome::AssertionFails(id), span),
        };
        if let Some(g) = self.generating.as_mut() {
            g.outcome = Some(outcome);
            return Ok(());
        }
        if outcome != self.test.outcome {
            let said = describe_outcome(&self.test.outcome);
            let did = describe_outcome(&outcome);
            return Err(self.error_at(span, format!("the run {did}, but the test says it {said}")));
        }
        if self.next_step < self.test.trace.len() {
            let rest: Vec<String> = self.test.trace[self.next_step..]
                .iter()
                .take(5)
                .map(step_name)
                .collect();
            return Err(self.error_at(
                span,
                format!(
                    "the run ends after {} of {} trace steps; left over: {}",
                    self.next_step,
                    self.test.trace.len(),
                    rest.join(", ")
                ),
            ));
        }
        if self.next_choice < self.test.choices.len() {
            return Err(self.error_at(
                span,
                format!(
                    "the run ends after {} of {} choices; next unused: {}",
                    self.next_choice,
                    self.test.choices.len(),
                    describe_choice(&self.test.choices[self.next_choice])
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn var_name(&self, frame: &Frame<'p>, v: VarRef) -> &'p str {
        match v {
            VarRef::Global(g) => self
                .program
                .globals
                .get(g.0)
                .map(|g| g.name.as_str())
                .unwrap_or("?"),
            VarRef::Local(l) => frame
                .procedure
                .locals
                .get(l.0)
                .map(|l| l.var.name.as_str())
                .unwrap_or("?"),
        }
    }

    pub(super) fn var_type(&self, frame: &Frame<'p>, v: VarRef) -> &'p Type {
        static INT: Type = Type::Int;
        match v {
            VarRef::Global(g) => self.program.globals.get(g.0).map(|g| &g.ty).unwrap_or(&INT),
            VarRef::Local(l) => frame
                .procedure
                .locals
                .get(l.0)
                .map(|l| &l.var.ty)
                .unwrap_or(&INT),
        }
    }

    /// Writes a variable of the current frame (or a global).
    pub(super) fn set(&mut self, v: VarRef, value: Value) {
        match v {
            VarRef::Global(g) => {
                if let Some(slot) = self.globals.get_mut(g.0) {
                    *slot = Some(value);
                }
            }
            VarRef::Local(l) => {
                if let Some(slot) = self.frames.last_mut().and_then(|f| f.locals.get_mut(l.0)) {
                    *slot = Some(value);
                }
            }
        }
    }

    /// The values of the variables `e` reads, for messages: `x = 5, old(g) = 1`.
    fn values_in(&self, frame: &Frame<'p>, e: &Expr) -> String {
        let mut seen: Vec<(VarRef, bool)> = Vec::new();
        e.visit_vars(false, &mut |v, under_old| {
            if !seen.contains(&(*v, under_old)) {
                seen.push((*v, under_old));
            }
        });
        let parts: Vec<String> = seen
            .iter()
            .map(|&(v, under_old)| {
                let name = self.var_name(frame, v);
                let value = Expr::new(ExprKind::Var(v), self.var_type(frame, v).clone(), e.span);
                let shown = match self.eval_in(frame, &value, under_old) {
                    Ok(x) => x.to_string(),
                    Err(_) => "no value".to_string(),
                };
                if under_old {
                    format!("old({name}) = {shown}")
                } else {
                    format!("{name} = {shown}")
                }
            })
            .collect();
        if parts.is_empty() {
            "it reads no variable".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// The equality `a == b` whose truth `e` is, through defined functions,
/// negation and `if c then .. else ..` (SMACK's `$eq.i32(a, b)` is `if
/// a == b then 1 else 0`; `$ne.i32` the same with `!=`), where one side
/// is a variable; `None` where `e` is no such comparison. Nothing is
/// copied but the comparison found and the bodies of the functions
/// unfolded on the way, and only bodies that may lead to one are
/// unfolded (SMACK assigns `$add.i32(..)` and the like far more often).
fn compared_equal(e: &Expr) -> Option<Expr> {
    // Each step unfolds one application or peels one layer: a bound
    // against definitions that nest without end.
    fn within(e: &Expr, steps: usize) -> Option<Expr> {
        let steps = steps.checked_sub(1)?;
        match &e.kind {
            ExprKind::Apply(f, _) => {
                let leads = f.body.as_ref().is_some_and(|b| {
                    matches!(
                        b.kind,
                        ExprKind::Apply(..)
                            | ExprKind::Ite(..)
                            | ExprKind::Unary(crate::ir::UnOp::Not, _)
                            | ExprKind::Binary(BinOp::Eq | BinOp::Neq, _, _)
                    )
                });
                match leads {
                    true => within(&super::eval::unfolded(e)?, steps),
                    false => None,
                }
            }
            ExprKind::Ite(c, _, _) => within(c, steps),
            ExprKind::Unary(crate::ir::UnOp::Not, inner) => within(inner, steps),
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Neq), l, r) => {
                let is_var = |x: &Expr| matches!(x.kind, ExprKind::Var(_));
                if !(is_var(l) || is_var(r)) || l.ty == Type::Bool {
                    return None;
                }
                let eq = ExprKind::Binary(BinOp::Eq, l.clone(), r.clone());
                Some(match op {
                    BinOp::Eq => e.clone(),
                    _ => Expr::new(eq, e.ty.clone(), e.span),
                })
            }
            _ => None,
        }
    }
    within(e, 8)
}
