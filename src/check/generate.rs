//! Runs of the original program near a test: the interpreter of
//! [`super::interp`] makes its own trace and choices instead of reading
//! them from the test, so that one test found by the solver leads to
//! others through code no solver question has been asked about (calls
//! that stratified inlining has not inlined yet).
//!
//! Takes: the [`Program`], the entry, a *base* test (a replayed run) and
//! [`Nearby`] (which blocks are covered already, which locals each
//! procedure may read before writing them, a seed and budgets). Gives:
//! [`runs_near`], tests that each follow the base for a while, then go
//! their own way (an uncovered `goto` target first) to an exit, each
//! entering a block no earlier test entered; every one is replayed before
//! it is given.
//!
//! Why the tests are runs: the inputs, constants and uninterpreted
//! function values are the base test's, which a solver's model made
//! satisfy the axioms and the entry's `requires`; a run that applies a
//! function at arguments the base test gives no value for, reads a
//! constant an axiom or `requires` reads that the base does not give, or
//! meets a quantified condition the interpreter cannot evaluate (it does
//! evaluate one over map indices, as Corral's harnesses assume of
//! memory), is dropped rather than trusted. The other globals the base
//! does not give start at defaults (memory zeroed, scalars at 1 or at
//! the literal an `assume` compares them to): nothing constrains them;
//! and a false `assume c == e` settles such a constant `c` to `e`'s
//! value. Everything else (`assume`s, the `ensures` of body-less
//! callees) the interpreter evaluates as it runs, and a run in which one
//! does not hold is dropped too. design.md, "Trust".
//!
//! How choices are made: a `goto` takes a target whose leading `assume`s
//! do not evaluate to false, uncovered targets first; a `havoc`, a
//! body-less call's output or modified global, or an uninitialised local
//! takes the values the callee's `ensures` or the next `assume`s ask for
//! (`x == e`, `x >= e`, ...; after a `return`, the caller's; through a
//! flag the block sets from it, `t := $eq.i32(x, 5)` then `assume t ==
//! 1`, equalities only; not a `goto` target no run returns from, and
//! where a target tests `x` but asks nothing, `x != 0`, another value
//! too), then small constants; never one that an `assume` right after
//! it refutes, and the least first where such an `assume` bounds it by
//! another variable (an allocator's next address). Before the runs, the
//! base's own allocations are lowered where its run still goes the same
//! way ([`compacted`]; memory it has not written is read in a moved
//! allocation where the base read it: [`super::memory`]), so that runs
//! leaving it have room to allocate. A load of a memory cell nothing has
//! touched yet is a choice too ([`super::memory`]), and a map output
//! that the callee's `forall`s
//! define (SMACK's `$memcpy`) takes the map they define
//! ([`Machine::defined_map`]), also where the run follows its base (a
//! model's copy may break them). An uninterpreted function applied at
//! new arguments on the right of an assignment takes, by a decision,
//! one of the values the next `assume`s ask of the variable assigned,
//! or the value it would get otherwise ([`Machine::choose_function_value`]:
//! SMACK 2's bitwise operations, `$and.i32(status, mask) == ready`).
//! A `goto` target that sets locals and returns is taken only where the
//! caller may go on with what it returns ([`Machine::caller_may_go_on`]).
//! Where nothing right after a choice asks for a value, the values the
//! procedure compares the variable (or a copy, or the caller's variable
//! it is returned to) to further on are among the alternatives.
//! Each choice among several is a decision; a run that fails is tried
//! again with its last open decision changed (depth-first, up to
//! [`Nearby::attempts`] runs per divergence point; after runs in a row
//! that failed at the same statement, a decision further back each
//! time), from a copy of the first run's machine where it was about to
//! leave the base ([`Machine::fork`]), not from the start. Where a
//! decision that chose a value is to blame and another value would have
//! held there (what the condition asks, evaluated where the run failed:
//! `assume sdv_1943 == Old` with `Old` just loaded from memory), the
//! next run takes that value at that decision first, once per decision.
//! A run that goes round a loop choosing a value each round fails after
//! [`LOOP_ROUNDS_CHOOSING`] rounds, and so does one that calls a
//! procedure within itself (a loop made a procedure, as Corral's are);
//! each round, a statement that chose a value in an earlier one takes
//! the values it has not taken yet first (a polled port reads a new
//! status), and a round that chose only cells of memory, each a new one,
//! walks its input and does not count.

use super::eval::unfolded;
use super::interp::{Frame, Machine};
use super::memory::{ite_condition, reads, Definitions};
use super::natural::Interpretation;
use super::origins::Origin;
use crate::ir::testcase::{Choice, ChoiceKind, FunctionPoint, Outcome, TestCase, TraceStep, Value};
use crate::ir::{
    BinOp, Expr, ExprKind, LocalId, ProcId, Procedure, Program, StmtKind, Type, UnOp, VarRef,
};
use crate::source::Span;
use num_bigint::BigInt;
use petgraph::graph::NodeIndex;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// The failure of a generated run that meets a quantified condition.
pub(super) const UNCHECKED: &str =
    "a quantified condition, which a generated run does not take on trust";

/// How many of the tests found are bases too, in one call of
/// [`runs_near`] (the others wait for the next: one base and its
/// descendants took a whole round's time on `sdv_crcfilter`).
const MORE_BASES: usize = 4;

/// How many more runs are tried from one point after a run that ended
/// but entered nothing new.
const RETRIES_AFTER_A_RUN: usize = 4;

/// How many blocks of `assume`s only the values a choice is asked for
/// are looked for through ([`Machine::values_asked_ahead`]).
const LOOKAHEAD_BLOCKS: usize = 3;

/// How many callers up a chosen value that is returned is looked for in
/// their comparisons ([`Machine::values_asked_in_procedure`]).
const RETURNED_LEVELS: usize = 2;

/// How many times in a row a generated run may come back to a block of
/// one activation of a procedure having chosen something since (a loop
/// polling a device register or a tick count, each round a new value):
/// then it fails there, and runs tried after it change a decision made
/// before it (SMACK's `parport` went round `CheckPort`'s loop until the
/// statement budget, 200,000, or the address space ran out, in most of
/// its runs near a test).
pub(super) const LOOP_ROUNDS_CHOOSING: usize = 32;

/// How many constants the runs from one divergence point may give
/// other values than the base's, one after a run failed on each
/// ([`super::origins::Origin::Constant`]).
const MAX_PRESETS: usize = 4;

/// Statements one generated run may execute.
const RUN_BUDGET: u64 = 200_000;

/// What [`runs_near`] is given besides the program and the base test.
pub struct Nearby<'a> {
    /// Blocks some test entered already, by procedure and label: a run
    /// prefers the others and is kept only if it enters one of them.
    pub covered: &'a HashSet<(String, String)>,
    /// Per procedure (by [`ProcId`]): its locals (parameters excluded)
    /// that a run may read before writing them, in declaration order.
    pub uninitialized: &'a [Vec<LocalId>],
    /// Where globals the base does not give start, and which constants
    /// an `assume` may settle ([`GlobalStarts::new`], once per entry).
    pub starts: &'a GlobalStarts,
    /// The source line of a span (for [`Choice::line`]).
    pub line_of: &'a dyn Fn(Span) -> usize,
    pub seed: u64,
    /// Points of the base run to diverge from.
    pub divergences: usize,
    /// Runs tried per divergence point.
    pub attempts: usize,
    /// No new run starts after this, and a run going on then fails
    /// ([`Generating::until`]).
    pub until: Option<Instant>,
    /// Whether the axioms allow the function values a test gives (a
    /// solver's check, [`crate::middle::axioms_program`]). With it, a run
    /// may also give a function the axioms constrain a value where they
    /// force none ([`Machine::open_function_point`]), and its test is
    /// kept only if this does not say [`Confirmed::No`]; without it, such
    /// a run stops there.
    pub confirm: Option<&'a dyn Fn(&TestCase) -> Confirmed>,
    /// The base takes quantified conditions on trust (a candidate model's
    /// test, or one of these runs'): so does every run near it.
    pub base_on_trust: bool,
}

/// What [`Nearby::confirm`] says of a test's function values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmed {
    /// A model of the axioms gives them.
    Yes,
    /// Nothing contradicts them, but no model was built: the test takes
    /// the axioms on trust.
    OnTrust,
    /// They contradict the axioms, or no one could tell.
    No,
}

/// The state of a generated run ([`Machine::generating`]).
#[derive(Clone)]
pub(super) struct Generating<'t> {
    /// Base trace steps to follow before the run goes its own way.
    follow: usize,
    /// Base choices to take before it does (where it leaves the base at
    /// a choice rather than at a `goto`).
    follow_choices: usize,
    /// Still following the base (its trace and its choices).
    following: bool,
    /// The run follows the whole base but lowers its `havoc`s where the
    /// next `assume`s allow ([`Machine::lowest_asked`]).
    compacting: bool,
    trace: SharedLog<TraceStep>,
    choices: SharedLog<Choice>,
    /// Decisions to take (by index among the alternatives), in order;
    /// after them, the first alternative.
    forced: std::rc::Rc<Vec<u32>>,
    /// Decisions made: (taken, alternatives, call depth).
    made: Vec<(u32, u32, usize)>,
    /// The call depth at each decision is made: set by the machine.
    depth: usize,
    seed: u64,
    covered: &'t HashSet<(String, String)>,
    uninitialized: &'t [Vec<LocalId>],
    line_of: &'t dyn Fn(Span) -> usize,
    /// The constants no axiom and no `requires` of the entry reads (by
    /// global index, with their input names) that no `assume` has settled
    /// yet in this run ([`Machine::settle_constants`]).
    unsettled: std::collections::HashMap<usize, String>,
    /// The inputs the run settled: they replace the base's.
    settled: Vec<(String, Value)>,
    /// The uninterpreted functions nothing but the code constrains
    /// ([`GlobalStarts::free_functions`]).
    free_functions: &'t HashSet<String>,
    /// Per uninterpreted function, the axioms that give its value at
    /// given arguments ([`FunctionRule`]).
    rules: &'t HashMap<String, Vec<FunctionRule>>,
    /// The values the run gave functions at arguments the base gives no
    /// value for ([`Machine::free_function_point`],
    /// [`Machine::forced_function_point`]).
    picked: std::cell::RefCell<Vec<FunctionPoint>>,
    /// How deep axioms are being applied to find a value (a guard may
    /// ask another function's value).
    forcing: std::cell::Cell<usize>,
    /// The run may give functions the axioms constrain values no axiom
    /// forces ([`Nearby::confirm`] checks them).
    may_open: bool,
    /// Those functions ([`axiom_functions`]).
    axiom_functions: &'t HashSet<String>,
    /// The operations the axioms allow reading some of them as
    /// ([`GlobalStarts::readings`]).
    readings: &'t HashMap<String, Interpretation>,
    /// It gave one such value.
    opened: std::cell::Cell<bool>,
    /// The input maps whose cells it may choose, and the cells it
    /// touched and chose ([`super::memory`]).
    pub(super) memory: super::memory::OpenMemory,
    /// How the run ended.
    pub(super) outcome: Option<Outcome>,
    /// The run stops, failed, once this passes ([`Nearby::until`]): one
    /// run of a large driver may take seconds (SV-COMP's `ecryptfs`, from
    /// SMACK and Corral: a 1 s run ended at 2.2 s).
    pub(super) until: Option<Instant>,
    /// Per block entered by `goto` in one activation of a procedure
    /// (trace step of its entry, block): how many times in a row the
    /// run came back to it having made a choice since, how many
    /// choices it had made at its last visit ([`LOOP_ROUNDS_CHOOSING`]),
    /// and how many decisions it had made at the first of those visits.
    rounds: HashMap<(usize, NodeIndex), (usize, usize, usize)>,
    /// How many of the decisions the run made were among the values of
    /// a memory cell it loaded untouched ([`super::memory`]): a loop
    /// that reads a new cell each round walks its input, and does not
    /// count as going round choosing ([`Generating::polled_so_far`]).
    cell_decisions: usize,
    /// Per statement that chose a value in a loop (the activation that
    /// entered the loop, or the outermost of a procedure calling itself,
    /// and the statement's span): the values it chose there so far, which
    /// it takes again only after the others ([`Machine::generate_choice`]).
    polled: HashMap<(usize, Span), Vec<Value>>,
    /// Where a run given up in a loop entered it: how many decisions it
    /// had made by then ([`Generating::may_go_round`],
    /// [`Generating::may_go_deeper`]).
    loop_entered_at: Option<usize>,
    /// Where each global's value came from ([`super::origins`]).
    global_origins: Vec<Option<Origin>>,
    /// Where the run failed at a condition: where the values it reads
    /// came from ([`Machine::note_culprits`]).
    pub(super) culprits: Vec<Origin>,
    /// And for those that are constants, a value with which it would
    /// not have failed there.
    pub(super) constant_values: Vec<(usize, Value)>,
    /// Constants the run gives these values from its start (instead of
    /// the base's), because runs before it failed on them.
    presets: std::rc::Rc<Vec<(usize, Value)>>,
    /// The decisions (by index) that chose a value among several
    /// ([`Machine::generate_choice`]), not a `goto`'s target.
    pub(super) value_decisions: Vec<usize>,
    /// For the decisions among the culprits that chose a value (of
    /// [`Generating::value_decisions`]), a value with which the run would
    /// not have failed there.
    pub(super) made_values: Vec<(usize, Value)>,
    /// Values to take first at these decisions (by index), because a run
    /// before this one failed on the value taken there: the one the
    /// condition it failed at asked for.
    wanted: std::rc::Rc<Vec<(usize, Value)>>,
    /// The decisions (by index) that took the value [`Generating::wanted`]
    /// gave them.
    took_wanted: Vec<usize>,
}

/// What a finished run leaves for the next try of [`runs_near`]: its
/// decisions, where a run given up in a loop entered it, and where it
/// failed, what to blame and what to take next
/// ([`Generating::lessons`]).
#[derive(Default)]
struct Lessons {
    /// Per decision: the index taken, of how many, at what call depth.
    made: Vec<(u32, u32, usize)>,
    loop_entered_at: Option<usize>,
    culprits: Vec<Origin>,
    constant_values: Vec<(usize, Value)>,
    /// [`Generating::made_values`]: decisions and the values to take there.
    learned: Vec<(usize, Value)>,
    took_wanted: Vec<usize>,
}

impl<'t> Generating<'t> {
    /// What the finished run leaves for the next try.
    fn lessons(self) -> Lessons {
        Lessons {
            made: self.made,
            loop_entered_at: self.loop_entered_at,
            culprits: self.culprits,
            constant_values: self.constant_values,
            learned: self.made_values,
            took_wanted: self.took_wanted,
        }
    }

    /// A run that follows `base` for `follow` trace steps and
    /// `follow_choices` choices, then goes its own way with its first
    /// alternatives (seeded by `nearby.seed`).
    fn new(
        nearby: &'t Nearby,
        covered: &'t HashSet<(String, String)>,
        base: &TestCase,
        (follow, follow_choices): (usize, usize),
    ) -> Self {
        Generating {
            follow,
            follow_choices,
            following: true,
            compacting: false,
            trace: SharedLog::new(base.trace.first().cloned().into_iter().collect()),
            choices: SharedLog::new(Vec::new()),
            forced: Default::default(),
            made: Vec::new(),
            depth: 0,
            seed: nearby.seed,
            covered,
            uninitialized: nearby.uninitialized,
            line_of: nearby.line_of,
            unsettled: nearby.starts.settleable.clone(),
            settled: Vec::new(),
            free_functions: &nearby.starts.free_functions,
            rules: &nearby.starts.function_rules,
            picked: Default::default(),
            forcing: Default::default(),
            may_open: nearby.confirm.is_some(),
            axiom_functions: &nearby.starts.axiom_functions,
            readings: &nearby.starts.readings,
            opened: Default::default(),
            memory: super::memory::OpenMemory::new(&nearby.starts.open_maps),
            outcome: None,
            until: nearby.until,
            rounds: HashMap::new(),
            cell_decisions: 0,
            polled: HashMap::new(),
            loop_entered_at: None,
            global_origins: Vec::new(),
            culprits: Vec::new(),
            constant_values: Vec::new(),
            presets: Default::default(),
            value_decisions: Vec::new(),
            made_values: Vec::new(),
            wanted: Default::default(),
            took_wanted: Vec::new(),
        }
    }

    /// Whether the run may still give global `g`, a constant, another
    /// value than the base's ([`Machine::settle_constants`]).
    pub(super) fn may_settle(&self, g: usize) -> bool {
        self.unsettled.contains_key(&g)
    }

    /// The origin of global `g`'s value.
    pub(super) fn global_origin(&self, g: usize) -> Option<Origin> {
        self.global_origins.get(g).copied().flatten()
    }

    /// Sets the origin of global `g`'s value.
    pub(super) fn set_global_origin(&mut self, g: usize, origin: Option<Origin>) {
        if origin.is_none() && self.global_origins.len() <= g {
            return;
        }
        if self.global_origins.len() <= g {
            self.global_origins.resize(g + 1, None);
        }
        self.global_origins[g] = origin;
    }

    /// How many choices the run has made that a loop polling for a
    /// value makes each round: all but the cells of memory it loaded
    /// untouched. A loop that reads a new cell each round walks its input
    /// (`parport`'s `PptDebugDumpResourceList` reads one descriptor a
    /// round, as many rounds as a count it loaded before the loop says)
    /// and ends when its input does, or at the statement budget.
    pub(super) fn polled_so_far(&self) -> usize {
        self.choices.len() + self.made.len() - self.cell_decisions + self.picked.borrow().len()
    }

    /// Takes the next decision among the `n` values of an untouched
    /// memory cell, at call depth `depth`.
    pub(super) fn decide_cell(&mut self, n: usize, depth: usize) -> usize {
        self.cell_decisions += 1;
        self.decide_at(n, depth)
    }

    /// Records that the run enters `block` of the activation entered at
    /// trace step `entered` by a `goto`; false where it has come back to
    /// it [`LOOP_ROUNDS_CHOOSING`] times in a row, each time having
    /// chosen something since ([`Generating::polled_so_far`]).
    fn may_go_round(&mut self, entered: usize, block: NodeIndex) -> bool {
        let chosen = self.polled_so_far();
        let decided = self.made.len();
        let (rounds, at_last, first) = self
            .rounds
            .entry((entered, block))
            .or_insert((0, chosen, decided));
        match chosen > *at_last {
            true => *rounds += 1,
            false => (*rounds, *first) = (0, decided),
        }
        *at_last = chosen;
        if *rounds < LOOP_ROUNDS_CHOOSING {
            return true;
        }
        self.loop_entered_at = Some(*first);
        false
    }

    /// Whether the run, having left its base, may enter `callee`: not
    /// where the frames on top of the stack are already
    /// [`LOOP_ROUNDS_CHOOSING`] activations of the same procedure, each
    /// called by the one before it after the run chose something in it.
    /// Corral's and SDV's loops are procedures that call themselves
    /// (`WaitForSignal_loop_L9`): a run polling in one went 1,000 calls
    /// deep or ran out of statements (SDV's `usbccgp` harness: a round's
    /// runs near tests spent 6 s so and found nothing), where
    /// [`Generating::may_go_round`] stops a loop within a procedure.
    pub(super) fn may_go_deeper(&mut self, frames: &[Frame], callee: &Frame) -> bool {
        if !self.has_left_base() {
            return true;
        }
        let mut later = callee.chosen_at_entry;
        let mut rounds = 0;
        let mut outermost = callee.decided_at_entry;
        for frame in frames.iter().rev() {
            if frame.id != callee.id || frame.chosen_at_entry >= later {
                break;
            }
            rounds += 1;
            later = frame.chosen_at_entry;
            outermost = frame.decided_at_entry;
        }
        if rounds < LOOP_ROUNDS_CHOOSING {
            return true;
        }
        self.loop_entered_at = Some(outermost);
        false
    }

    /// How many decisions the run has made.
    pub(super) fn decided(&self) -> usize {
        self.made.len()
    }

    /// Whether the run, still following its base (and not compacting
    /// it), has followed it as far as it was asked to: its next `goto`
    /// or choice leaves it. Nothing it did up to here depends on the
    /// decisions it makes after ([`Generating::forced`]): no decision is
    /// made while it follows.
    pub(super) fn about_to_leave(&self, next_step: usize, next_choice: usize) -> bool {
        self.following
            && !self.compacting
            && self.made.is_empty()
            && (next_step >= self.follow || next_choice >= self.follow_choices)
    }

    /// Where the function values the run gave stand now
    /// ([`Generating::forget_since`]).
    pub(super) fn picks_mark(&self) -> (usize, bool) {
        (self.picked.borrow().len(), self.opened.get())
    }

    /// Drops the function values given since `mark`: an evaluation that
    /// looks ahead gave them, not the run.
    pub(super) fn forget_since(&self, (picked, opened): (usize, bool)) {
        self.picked.borrow_mut().truncate(picked);
        self.opened.set(opened);
    }

    /// Whether the run follows its whole base, lowering its allocations
    /// ([`compacted`]).
    pub(super) fn is_compacting(&self) -> bool {
        self.compacting
    }

    /// Whether the run has left its base (and does not compact it): it
    /// makes choices of its own now, memory cells among them
    /// ([`super::memory`]).
    pub(super) fn has_left_base(&self) -> bool {
        !self.following && !self.compacting
    }

    /// Keeps the trace and choices so far once, for every copy made
    /// after this ([`SharedLog`]): called where the run is about to leave
    /// its base, before the machine kept there is copied for each run
    /// tried from the point.
    fn freeze(&mut self) {
        self.trace.freeze();
        self.choices.freeze();
    }

    /// Takes the next decision among `n` alternatives, made at call
    /// depth `depth`.
    pub(super) fn decide_at(&mut self, n: usize, depth: usize) -> usize {
        self.depth = depth;
        self.decide(n)
    }

    /// Records that the run enters `proc::label`.
    pub(super) fn step(&mut self, proc: &str, label: &str) {
        self.trace.push(TraceStep {
            proc: proc.to_string(),
            label: label.to_string(),
        });
    }

    /// Takes the next decision among `n` alternatives: the alternative
    /// taken, and the decision's index (what [`Origin::Made`] names).
    fn decide_indexed(&mut self, n: usize) -> (usize, usize) {
        let at = self.made.len();
        (self.decide(n), at)
    }

    /// Takes the next decision among `n` alternatives.
    fn decide(&mut self, n: usize) -> usize {
        let i = self.made.len();
        let taken = self
            .forced
            .get(i)
            .map_or(0, |&f| (f as usize).min(n.saturating_sub(1)));
        self.made.push((taken as u32, n as u32, self.depth));
        taken
    }

    /// The value the run gave function `name` at `args`, if it gave one.
    fn picked_value(&self, name: &str, args: &[Value]) -> Option<Value> {
        self.picked
            .borrow()
            .iter()
            .find(|p| p.function == name && p.args == args)
            .map(|p| p.value.clone())
    }

    /// Records that the run gives function `name` `value` at `args`.
    fn pick(&self, name: &str, args: &[Value], value: Value) {
        self.picked.borrow_mut().push(FunctionPoint {
            function: name.to_string(),
            args: args.to_vec(),
            value,
        });
    }

    /// The value the run gave `f` at `args`, or else a small value of
    /// its result type, drawn by the run's seed, the function and the
    /// arguments, and recorded (the test gives it, so that it replays);
    /// with whether it was drawn now.
    fn picked_or_drawn(&self, f: &crate::ir::Function, args: &[Value]) -> Option<(Value, bool)> {
        if let Some(value) = self.picked_value(&f.name, args) {
            return Some((value, false));
        }
        let value = self.drawn(f, args)?;
        self.pick(&f.name, args, value.clone());
        Some((value, true))
    }

    /// A small value of `f`'s result type, drawn by the run's seed, the
    /// function and the arguments.
    fn drawn(&self, f: &crate::ir::Function, args: &[Value]) -> Option<Value> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        f.name.hash(&mut h);
        for a in args {
            a.to_string().hash(&mut h);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ h.finish());
        let values = small_values(&f.result, &mut rng);
        values.get(rng.gen_range(0..values.len().max(1))).cloned()
    }

    /// A random generator for the next decision, the same each time the
    /// run is tried again with the same earlier decisions.
    fn rng(&self) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(self.seed ^ ((self.made.len() as u64) << 32))
    }
}

/// A list that copies of a run share the start of: the trace steps and
/// choices a run made while it followed its base are kept once
/// ([`SharedLog::freeze`]), where the runs tried from one point each
/// copied them (on SDV's `usbccgp` harness, thousands of choices with
/// whole memory maps in them: copying and dropping them was a third of
/// the runs' time).
#[derive(Clone)]
struct SharedLog<T> {
    frozen: std::rc::Rc<Vec<T>>,
    own: Vec<T>,
}

impl<T: Clone> SharedLog<T> {
    fn new(items: Vec<T>) -> Self {
        SharedLog {
            frozen: Default::default(),
            own: items,
        }
    }

    fn push(&mut self, item: T) {
        self.own.push(item);
    }

    fn len(&self) -> usize {
        self.frozen.len() + self.own.len()
    }

    fn iter(&self) -> impl Iterator<Item = &T> {
        self.frozen.iter().chain(&self.own)
    }

    /// Moves what this copy added into the shared part (copying the
    /// shared part first only if another copy holds it).
    fn freeze(&mut self) {
        if !self.own.is_empty() {
            std::rc::Rc::make_mut(&mut self.frozen).append(&mut self.own);
        }
    }

    fn to_vec(&self) -> Vec<T> {
        let mut all = Vec::with_capacity(self.len());
        all.extend_from_slice(&self.frozen);
        all.extend_from_slice(&self.own);
        all
    }
}

/// How many axioms deep a function's value is looked for (a guard's
/// function values through other axioms).
const MAX_FORCING_DEPTH: usize = 3;

/// Tests near `base` and near the first of them ([`MORE_BASES`]; see
/// the module doc), each entering a block that `nearby.covered` and the
/// earlier ones do not, with whether it takes quantified conditions on
/// trust (its base does, or [`Nearby::confirm`] said
/// [`Confirmed::OnTrust`] of its values).
pub fn runs_near(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    nearby: &Nearby,
) -> Vec<(TestCase, bool)> {
    let mut found = Vec::new();
    if base.trace.is_empty() {
        return found;
    }
    let mut covered = nearby.covered.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(nearby.seed);
    // The base, then the first tests found, in turn.
    let first = nearby.starts.complete(base);
    let first = compacted(program, entry, &first, nearby).unwrap_or(first);
    let mut bases = vec![(first, nearby.base_on_trust)];
    let mut next = 0;
    while next < bases.len() {
        let (base, base_on_trust) = bases[next].clone();
        next += 1;
        for d in 0..nearby.divergences {
            if nearby.until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            // Half the time the run leaves the base at a choice (the value
            // that decides the branches after it), else at a `goto`. A base
            // of one step (a model's inputs only) is left at once.
            // Of the choices, the outputs of body-less callees without
            // `ensures` (SMACK's `__SMACK_nondet_int`: the program's
            // inputs) three times in four, else the `havoc`s (SMACK's
            // allocator's are mostly); not the outputs of other callees,
            // mostly an allocator's that its `ensures` and the code fix.
            let outputs: Vec<usize> = (0..base.choices.len())
                .filter(|&i| {
                    let c = &base.choices[i];
                    c.kind == ChoiceKind::CallOutput
                        && nearby.starts.unconstrained_outputs.contains(&c.proc)
                })
                .collect();
            // Half the time where there are such, a `havoc` whose
            // variable an `assume v == e` of a block no test entered
            // compares (a driver's `switch` on an I/O control code: one
            // of the base's hundreds of choices, and the cases past the
            // first few are asked too far ahead of it). Only the
            // `switch`es, compared in four blocks or more, lost half the
            // gain (docs/experiments.md, session 73).
            let frontier: Vec<usize> = (0..base.choices.len())
                .filter(|&i| nearby.starts.compared_where_new(&base.choices[i], &covered))
                .collect();
            // Not a map's: a run has no other value to give one (SDV's
            // harnesses havoc memory; leaving there was most of their
            // failed runs).
            let havocs: Vec<usize> = match outputs.is_empty() || rng.gen_bool(0.25) {
                _ if !frontier.is_empty() && rng.gen_bool(0.5) => frontier,
                true => (0..base.choices.len())
                    .filter(|&i| {
                        base.choices[i].kind == ChoiceKind::Havoc
                            && !matches!(
                                base.choices[i].value,
                                Value::Map { .. } | Value::PolyMap(_) | Value::Lambda(_)
                            )
                    })
                    .collect(),
                false => outputs,
            };
            let (follow, follow_choices) = match havocs.is_empty() || rng.gen_bool(0.5) {
                true => (rng.gen_range(1..base.trace.len().max(2)), usize::MAX),
                false => (usize::MAX, havocs[rng.gen_range(0..havocs.len())]),
            };
            let mut forced: Vec<u32> = Vec::new();
            let mut nothing_new = 0;
            let mut leaving = None;
            // Runs in a row that failed at the same statement.
            let mut same_failure = 0u32;
            let mut last_site: Option<Span> = None;
            let mut loop_decision_changed = false;
            let mut presets: Vec<(usize, Value)> = Vec::new();
            let mut wanted: Vec<(usize, Value)> = Vec::new();
            for _ in 0..nearby.attempts {
                if nearby.until.is_some_and(|t| Instant::now() >= t) {
                    break;
                }
                let mut generating =
                    Generating::new(nearby, &covered, &base, (follow, follow_choices));
                generating.forced = std::rc::Rc::new(forced.clone());
                generating.presets = std::rc::Rc::new(presets.clone());
                generating.wanted = std::rc::Rc::new(wanted.clone());
                generating.seed = nearby.seed ^ (d as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let (result, generating, stop) = run_generating(
                    program,
                    entry,
                    &base,
                    generating,
                    &nearby.starts.facts,
                    &mut leaving,
                );
                if let Some(test) = result {
                    // Function values no axiom forced: kept only where the
                    // axioms allow them.
                    let confirmed = match (&generating, nearby.confirm) {
                        _ if super::replay(program, entry, &test).is_err() => Confirmed::No,
                        (Some(g), Some(confirm)) if g.opened.get() => confirm(&test),
                        _ => Confirmed::Yes,
                    };
                    if confirmed != Confirmed::No {
                        let on_trust = base_on_trust || confirmed == Confirmed::OnTrust;
                        for s in &test.trace {
                            covered.insert((s.proc.clone(), s.label.clone()));
                        }
                        if bases.len() <= MORE_BASES {
                            bases.push((test.clone(), on_trust));
                        }
                        found.push((test, on_trust));
                        break;
                    }
                }
                if stop.ended {
                    // A few more tries after a run that entered nothing
                    // new (more cost `sdv_avc` a third of its blocks).
                    nothing_new += 1;
                    if nothing_new > RETRIES_AFTER_A_RUN {
                        break;
                    }
                }
                // The run failed (or entered nothing new): depth-first,
                // from the last decision with an alternative left that
                // the failing frame or one of its callers made (those of
                // calls that have returned seldom decide a caller's
                // branch, and trying each first took all the attempts);
                // where none is left, from the last one at all.
                let Lessons {
                    made: all,
                    loop_entered_at,
                    culprits,
                    constant_values,
                    learned,
                    took_wanted,
                } = generating.map(Generating::lessons).unwrap_or_default();
                // A decision that chose a value the condition it failed at
                // reads, where another value would have held: the next
                // run takes that value there, once per decision (SDV's
                // `_InterlockedIncrement` reads a cell into `Old` and
                // assumes it equals a local chosen before, `sdv_1943 ==
                // Old`; small values seldom do).
                // Every such decision at once, the decisions between them
                // as they were (SDV's drivers `havoc` thirty pointers, then
                // assume each is positive: one run, not thirty).
                let learned: Vec<(usize, Value)> = learned
                    .into_iter()
                    .filter(|(j, _)| !wanted.iter().any(|(w, _)| w == j))
                    .collect();
                if let Some(last) = learned.iter().map(|&(j, _)| j).max() {
                    if std::env::var_os("BICD_NEAR_LOG").is_some() && !stop.ended {
                        for (j, value) in &learned {
                            eprintln!("  decision {j} takes {value} next");
                        }
                    }
                    wanted.retain(|(w, _)| *w < last);
                    forced = (0..=last)
                        .map(|k| match learned.iter().any(|&(j, _)| j == k) {
                            true => 0,
                            false => all.get(k).map_or(0, |&(t, _, _)| t),
                        })
                        .collect();
                    wanted.extend(learned);
                    (same_failure, last_site) = (0, stop.site);
                    continue;
                }
                // The last of the run's own decisions that gave a value
                // the condition it failed at reads, with an alternative
                // left ([`super::origins`]): the next run changes that
                // one (SDV's `assume p != 0` on a parameter a caller's
                // uninitialised local gave).
                let blamed = culprits
                    .iter()
                    .filter_map(|o| match *o {
                        Origin::Made(j) => Some(j),
                        Origin::Constant(_) => None,
                    })
                    .filter(|&j| all.get(j).is_some_and(|&(t, n, _)| t + 1 < n))
                    .max();
                // Where the blamed decision already took the value a
                // condition asked, that value stays and the last open
                // decision after it, made in the failing frame or a
                // caller, changes instead (SDV's
                // `_InterlockedIncrement64` learns `sdv_1943 == Old` after
                // its loop procedure; the next run goes round that loop
                // first, whose `assume sdv_1943 != Old` then fails, and
                // changing the value again undid what was learned where
                // not going round would have held).
                let blamed = blamed.map(|j| match took_wanted.contains(&j) {
                    true => (j + 1..all.len())
                        .rev()
                        .find(|&k| all[k].0 + 1 < all[k].1 && all[k].2 <= stop.depth)
                        .unwrap_or(j),
                    false => j,
                });
                if std::env::var_os("BICD_NEAR_LOG").is_some() && !stop.ended {
                    eprintln!(
                        "  culprits {culprits:?}; decision {blamed:?} of {} changed",
                        all.len()
                    );
                }
                if let Some(j) = blamed {
                    let mut made = all[..=j].to_vec();
                    if let Some(last) = made.last_mut() {
                        last.0 += 1;
                    }
                    forced = made.iter().map(|&(t, _, _)| t).collect();
                    wanted.retain(|(w, _)| *w < made.len());
                    (same_failure, last_site) = (0, stop.site);
                    continue;
                }
                // Else a constant it took from the base: the next runs
                // start with the value that condition asks of it (SDV's
                // harnesses pass a constant, `sdv_pv2`, to the routine
                // they call, which assumes it is not null).
                if let Some(&(c, ref value)) = constant_values
                    .iter()
                    .find(|(c, _)| !presets.iter().any(|(d, _)| d == c))
                    .filter(|_| presets.len() < MAX_PRESETS)
                {
                    if std::env::var_os("BICD_NEAR_LOG").is_some() {
                        eprintln!("  constant {c} given {value}");
                    }
                    presets.push((c, value.clone()));
                    (leaving, forced, nothing_new) = (None, Vec::new(), 0);
                    wanted.clear();
                    (same_failure, last_site) = (0, None);
                    loop_decision_changed = false;
                    continue;
                }
                let mut made = all.clone();
                // The first run from this point given up in a loop: the
                // next one changes the first decision made in the loop (in
                // its first round: in Corral's loops, whether to go round
                // at all), not one of the last round's, which would go
                // round as often again. On SDV's `serial_pagedcode_0`, 900
                // of a harness's runs were given up in
                // `SerialGetNextWrite_loop_L8` and the like. Only the
                // first: where that decision does not lead out of the
                // loop, every run after it went round again (2,883 runs
                // given up instead of 136 on `mouser_removelock...`).
                if let Some(entered) = loop_entered_at.filter(|_| !loop_decision_changed) {
                    made.truncate(entered + 1);
                    loop_decision_changed = true;
                }
                while made
                    .last()
                    .is_some_and(|&(t, n, depth)| t + 1 >= n || depth > stop.depth)
                {
                    made.pop();
                }
                if made.is_empty() {
                    made = all;
                    while made.last().is_some_and(|&(t, n, _)| t + 1 >= n) {
                        made.pop();
                    }
                }
                // A run that failed where the one before it did, again:
                // the decision that leads there is further back. The
                // k-th such run in a row skips k decisions with an
                // alternative (conflict-directed backjumping, roughly):
                // on SDV's `sbp2port` harness 9,515 of 15,521 failed
                // runs failed at one `goto`, each changing only the last
                // decision before it. Skipping 2^k - 1 instead lost
                // blocks where the decision was near after all
                // (`61883_forwardedatbadirqlallocate_0` 2,439 -> 1,366).
                same_failure = match stop.site {
                    Some(site) if last_site == Some(site) => same_failure + 1,
                    _ => 0,
                };
                last_site = stop.site;
                let back = same_failure as usize;
                if back > 0 {
                    let open: Vec<usize> = (0..made.len())
                        .filter(|&i| made[i].0 + 1 < made[i].1)
                        .collect();
                    if let Some(&to) = open.get(open.len().saturating_sub(1 + back)) {
                        made.truncate(to + 1);
                    }
                }
                let Some(last) = made.last_mut() else { break };
                last.0 += 1;
                forced = made.iter().map(|&(t, _, _)| t).collect();
                wanted.retain(|(w, _)| *w < made.len());
            }
        }
    }
    found
}

/// `base` with its `havoc`s lowered where the `assume`s right after
/// them bound the variable by others and allow a lower value
/// ([`Machine::lowest_asked`]), if the run still takes the base's trace
/// to the same end and replays. A solver's model puts SMACK's allocator's
/// addresses (`havoc $CurrAddr; assume $CurrAddr - n >= p; assume
/// $CurrAddr < $MALLOC_TOP`) anywhere below the top, often right under
/// it; a run that leaves such a base finds no room for its next
/// allocation. A lowered `havoc` moves the allocation that starts at it,
/// and the run reads the cells of a moved allocation that it has not
/// written where the base's memory has them ([`super::memory`]): a
/// driver's request fields, which the model gave at the base's
/// addresses (without it, SMACK's drivers' bases were rarely lowered).
fn compacted(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    nearby: &Nearby,
) -> Option<TestCase> {
    let covered = HashSet::new();
    let mut generating = Generating::new(nearby, &covered, base, (usize::MAX, usize::MAX));
    generating.compacting = true;
    let (test, generating, _) = run_generating(
        program,
        entry,
        base,
        generating,
        &nearby.starts.facts,
        &mut None,
    );
    let (test, generating) = (test?, generating?);
    let same_run = test.trace == base.trace && test.outcome == base.outcome;
    if generating.opened.get() || !same_run || test.choices == base.choices {
        return None;
    }
    super::replay(program, entry, &test).ok()?;
    Some(test)
}

/// Where a generated run stopped: the call depth it was at, and, if it
/// failed, the statement (its span) where; or that it ended (returned or
/// failed an assertion), whether or not it entered a block not covered
/// already.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Stop {
    depth: usize,
    site: Option<Span>,
    ended: bool,
}

/// One generated run: its test if it ended (returned or failed an
/// assertion) and entered a block not covered before (only then is the
/// test built: most runs that end enter nothing new), its decisions,
/// and where it stopped ([`Stop`]).
///
/// `leaving` keeps the machine of the first such run where it is about
/// to leave its base ([`Generating::about_to_leave`]): the runs tried
/// again from the same point (with other decisions after it) start
/// there instead of running the base's steps again. From a kept
/// machine, only `generating`'s [`Generating::forced`] decisions are
/// taken: the rest (the point left at, the seed) is the kept run's,
/// the same for every try from one point.
fn run_generating<'p, 't>(
    program: &'p Program,
    entry: ProcId,
    base: &'t TestCase,
    generating: Generating<'t>,
    facts: &std::rc::Rc<super::interp::ProgramFacts>,
    leaving: &mut Option<Machine<'p, 't>>,
) -> (Option<TestCase>, Option<Generating<'t>>, Stop) {
    let (mut machine, ran) = match leaving {
        Some(at) => {
            let mut machine = at.fork();
            if let Some(g) = machine.generating.as_mut() {
                g.forced = generating.forced;
                g.wanted = generating.wanted;
            }
            let ran = machine.run();
            (machine, ran)
        }
        None => {
            let Ok(mut machine) = Machine::start_sharing(program, entry, base, Some(facts)) else {
                return (None, None, Stop::default());
            };
            machine.generating = Some(Box::new(generating));
            machine.give_presets();
            machine
                .executed
                .set(super::interp::STEP_BUDGET.saturating_sub(RUN_BUDGET));
            let ran = match machine.run_while(|m| {
                !m.generating
                    .as_ref()
                    .is_some_and(|g| g.about_to_leave(m.next_step, m.next_choice))
            }) {
                Some(ran) => ran,
                None => {
                    if let Some(g) = machine.generating.as_mut() {
                        g.freeze();
                    }
                    *leaving = Some(machine.fork());
                    machine.run()
                }
            };
            (machine, ran)
        }
    };
    // Why generated runs fail, one line each on stderr (what to teach
    // the generator next).
    if let (Err(e), Some(_)) = (&ran, std::env::var_os("BICD_NEAR_LOG")) {
        eprintln!("run near a test failed: {e}");
    }
    let generating = machine.generating.take().map(|g| *g);
    let stop = Stop {
        depth: machine.frames.len(),
        site: ran.as_ref().err().map(|e| e.span),
        ended: ran.is_ok() && generating.is_some(),
    };
    match (ran, generating) {
        (Ok(()), Some(g))
            if !g
                .trace
                .iter()
                .any(|s| !g.covered.contains(&(s.proc.clone(), s.label.clone()))) =>
        {
            (None, Some(g), stop)
        }
        (Ok(()), Some(g)) => {
            let mut inputs = base.inputs.clone();
            for (name, value) in &g.settled {
                inputs.insert(name.clone(), value.clone());
            }
            for (name, i, value) in &g.memory.chosen {
                if let Some(map) = inputs.get_mut(name) {
                    if let Some(with) = map.with_entry(i, value.clone()) {
                        *map = with;
                    }
                }
            }
            let test = TestCase {
                id: 0,
                entry: base.entry.clone(),
                inputs,
                choices: g.choices.to_vec(),
                trace: g.trace.to_vec(),
                functions: base
                    .functions
                    .iter()
                    .chain(g.picked.borrow().iter())
                    .cloned()
                    .collect(),
                outcome: g.outcome.clone().unwrap_or(Outcome::Returns),
            };
            (Some(test), Some(g), stop)
        }
        (_, g) => (None, g, stop),
    }
}

impl<'p> Machine<'p, '_> {
    /// [`Machine::take_goto`] in a generated run.
    pub(super) fn generate_goto(
        &mut self,
        succs: &[NodeIndex],
        span: Span,
    ) -> Result<(), super::ReplayError> {
        let frame = self.frames.last().expect("a frame is active");
        let cfg = frame.cfg;
        let proc: &'p str = frame.procedure.name.as_str();
        let label = |n: NodeIndex| cfg.graph.node_weight(n).map(|b| b.label.as_str());
        let g = self.generating.as_ref().expect("generating");
        let base_next = self
            .test
            .trace
            .get(self.next_step)
            .filter(|s| s.proc == proc)
            .and_then(|s| succs.iter().copied().find(|&n| label(n) == Some(&s.label)));
        let followed = base_next.filter(|_| g.following && self.next_step < g.follow);
        let mut branch = None;
        let target = if let Some(n) = followed {
            n
        } else {
            // Targets whose leading `assume`s may hold, uncovered first.
            let mut viable: Vec<(bool, u64, NodeIndex)> = Vec::new();
            let mut rng = g.rng();
            for &n in succs {
                if !self.may_enter(frame, n) {
                    continue;
                }
                let seen = label(n)
                    .is_some_and(|l| g.covered.contains(&(proc.to_string(), l.to_string())));
                viable.push((seen, rng.gen(), n));
            }
            // Where the run leaves the base, it leaves it.
            if g.following && viable.len() > 1 {
                viable.retain(|&(_, _, n)| Some(n) != base_next);
            }
            viable.sort();
            let depth = self.frames.len();
            let g = self.generating.as_mut().expect("generating");
            g.following = false;
            g.depth = depth;
            if viable.is_empty() {
                // The targets no run returns from are not to blame.
                let frame = self.frames.last().expect("a frame is active");
                let doomed = self.facts.doomed(self.program, frame.id, frame.cfg);
                let leading: Vec<Vec<&'p Expr>> = succs
                    .iter()
                    .filter(|n| !doomed.get(n.index()).copied().unwrap_or(false))
                    .filter_map(|&n| frame.cfg.graph.node_weight(n))
                    .map(|b| {
                        b.stmts
                            .iter()
                            .map_while(|st| match &st.kind {
                                StmtKind::Assume(e) => Some(e),
                                _ => None,
                            })
                            .collect()
                    })
                    .collect();
                self.note_culprits(&leading, true, None);
                return Err(self.error_at(span, "no target of the goto may be entered"));
            }
            let i = match viable.len() {
                1 => 0,
                n => {
                    let (i, at) = g.decide_indexed(n);
                    branch = Some(at);
                    i
                }
            };
            viable[i].2
        };
        let entered = self.frames.last().map_or(0, |f| f.entered);
        let g = self.generating.as_mut().expect("generating");
        if g.has_left_base() && !g.may_go_round(entered, target) {
            return Err(self.error_at(
                span,
                format!(
                    "the run comes back to `{}` {LOOP_ROUNDS_CHOOSING} times in a row, choosing a value each time",
                    label(target).unwrap_or_default()
                ),
            ));
        }
        let g = self.generating.as_mut().expect("generating");
        g.step(proc, label(target).unwrap_or_default());
        self.enter_block(target);
        if let Some(frame) = self.frames.last_mut() {
            frame.branch = branch;
        }
        Ok(())
    }

    /// Whether block `n` is not doomed
    /// ([`super::interp::ProgramFacts::doomed`]) and no leading `assume`
    /// of it is false in `frame`; and
    /// where the block only assumes and sets locals to literals, whether
    /// one of its successors may then be entered (Corral's harnesses set
    /// a flag in a branch and assume it in the next block), and where it
    /// returns then, whether the caller may go on
    /// ([`Machine::caller_may_go_on`]).
    fn may_enter(&self, frame: &Frame<'p>, n: NodeIndex) -> bool {
        let Some(block) = frame.cfg.graph.node_weight(n) else {
            return false;
        };
        if self.facts.doomed(self.program, frame.id, frame.cfg)[n.index()] {
            return false;
        }
        let mut set: Option<Frame<'p>> = None;
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Assume(e) => {
                    let at = set.as_ref().unwrap_or(frame);
                    if let Ok(Value::Bool(false)) = self.eval_in(at, e, false) {
                        return false;
                    }
                }
                StmtKind::Assign(pairs)
                    if pairs.iter().all(|(v, e)| {
                        matches!(v, VarRef::Local(_))
                            && matches!(e.kind, ExprKind::Int(_) | ExprKind::Bool(_))
                    }) =>
                {
                    let at = set.get_or_insert_with(|| frame.clone());
                    for (v, e) in pairs {
                        if let (VarRef::Local(l), Ok(value)) = (v, self.eval_in(frame, e, false)) {
                            if let Some(slot) = at.locals.get_mut(l.0) {
                                *slot = Some(value);
                            }
                        }
                    }
                }
                _ => return true,
            }
        }
        let Some(at) = set else { return true };
        let succs = frame.cfg.successors(n);
        if succs.is_empty() {
            return self.caller_may_go_on(&at);
        }
        succs.iter().any(|&s| {
            frame.cfg.graph.node_weight(s).is_some_and(|b| {
                let holds = self.leading_assumes_may_hold(&at, b);
                let returns = frame.cfg.successors(s).is_empty()
                    && b.stmts
                        .iter()
                        .all(|st| matches!(st.kind, StmtKind::Assume(_)));
                holds && (!returns || self.caller_may_go_on(&at))
            })
        })
    }

    /// Where `callee` (the innermost frame as a branch of it would leave
    /// it) returns: whether its caller may go on with the outputs it
    /// receives, that is, no `assume` after the call in the caller's
    /// block is false, and where the block ends there, a target of its
    /// `goto` may be entered (it is not doomed and its leading `assume`s
    /// are not false). SDV's `KeWaitForSingleObject` returns 258 in one
    /// branch and 0 in the other; `AcquireMutex` goes on only with 0.
    /// Where a receiver is a global, or an output has no value, it may.
    fn caller_may_go_on(&self, callee: &Frame<'p>) -> bool {
        let Some(caller) = self
            .frames
            .len()
            .checked_sub(2)
            .and_then(|i| self.frames.get(i))
        else {
            return true;
        };
        let mut at = caller.clone();
        for (o, r) in callee.procedure.outs.iter().zip(&callee.receivers) {
            let (VarRef::Local(l), Some(Some(value))) = (r, callee.locals.get(o.0)) else {
                return true;
            };
            if let Some(slot) = at.locals.get_mut(l.0) {
                *slot = Some(value.clone());
            }
        }
        let Some(block) = at.cfg.graph.node_weight(at.block) else {
            return true;
        };
        for stmt in block.stmts.iter().skip(at.stmt + 1) {
            match &stmt.kind {
                StmtKind::Assume(e)
                    if matches!(self.eval_in(&at, e, false), Ok(Value::Bool(false))) =>
                {
                    return false
                }
                StmtKind::Assume(_) => {}
                _ => return true,
            }
        }
        let succs = at.cfg.successors(at.block);
        let doomed = self.facts.doomed(self.program, at.id, at.cfg);
        succs.is_empty()
            || succs.iter().any(|&s| {
                !doomed[s.index()]
                    && at
                        .cfg
                        .graph
                        .node_weight(s)
                        .is_some_and(|b| self.leading_assumes_may_hold(&at, b))
            })
    }

    /// Whether no leading `assume` of block `b` is false in `frame`.
    fn leading_assumes_may_hold(&self, frame: &Frame<'p>, b: &crate::ir::BasicBlock) -> bool {
        b.stmts
            .iter()
            .map_while(|st| match &st.kind {
                StmtKind::Assume(e) => Some(e),
                _ => None,
            })
            .all(|e| !matches!(self.eval_in(frame, e, false), Ok(Value::Bool(false))))
    }

    /// The values the `ensures` of body-less `callee` ask of `v` (an
    /// output or modified global, in the callee's scope), in
    /// `callee_frame`; and whether they fix it (a conjunct `v == e` of
    /// one, as an allocator's `ret == old(alloc)`: then that value only).
    pub(super) fn ensured_values(
        &self,
        callee: &Procedure,
        callee_frame: &Frame<'p>,
        v: VarRef,
    ) -> (Vec<Value>, bool) {
        let is_v = |x: &Expr| matches!(x.kind, ExprKind::Var(w) if w == v);
        for spec in &callee.ensures {
            for (l, r) in equalities(&spec.expr) {
                if is_v(l) || is_v(r) {
                    let other = if is_v(l) { r } else { l };
                    if let Ok(value) = self.eval_in(callee_frame, other, false) {
                        return (vec![value], true);
                    }
                }
            }
        }
        let mut values = Vec::new();
        for spec in &callee.ensures {
            self.asked_values(callee_frame, &spec.expr, v, &mut values);
        }
        (values, false)
    }

    /// The values the `assume`s after the current statement of frame
    /// `at` (an index into the machine's frames) ask of `v`: those that
    /// follow it in its block; where nothing but `assume`s follows, the
    /// leading ones of each `goto` target (through blocks of `assume`s
    /// only, [`LOOKAHEAD_BLOCKS`] deep); and where it returns, those the
    /// caller's `assume`s after the call ask of the variable that
    /// receives `v`.
    /// (Corral's loop procedures return a havocked counter that the caller
    /// then assumes past the loop's bound: `havoc out_i; return;`, then
    /// `assume i >= Length`.)
    ///
    /// A local the block sets after the choice stands for its definition
    /// in the `assume`s that follow: a flag of `v` (SMACK writes `$i6 :=
    /// $slt.i32($i5, 10)`, then `assume $i6 == 1` in a `goto` target), or
    /// what `v` is compared to (SMACK computes it after the operation it
    /// tests: `$i24 := $and.i32($i22, $i23); $i25 := $zext.i8.i32($i2);
    /// $i26 := $eq.i32($i24, $i25)`), which holds its last value or none
    /// yet when the choice is made.
    fn values_asked_ahead(&self, at: usize, v: VarRef, out: &mut Vec<Value>) {
        let Some(frame) = self.frames.get(at) else {
            return;
        };
        let Some(block) = frame.cfg.graph.node_weight(frame.block) else {
            return;
        };
        let mut flags = Definitions::default();
        for stmt in block.stmts.iter().skip(frame.stmt + 1) {
            match &stmt.kind {
                StmtKind::Assume(e) => self.asked_through_flags(frame, e, v, &flags, out),
                StmtKind::Assign(pairs) if pairs.iter().all(|(w, _)| *w != v) => {
                    for (w, rhs) in pairs {
                        let VarRef::Local(l) = *w else { continue };
                        let term = flags.through(rhs);
                        flags.forget(l);
                        flags.define(l, term);
                    }
                }
                StmtKind::Call { callee, outs, .. }
                    if !outs.contains(&v)
                        && !matches!(v, VarRef::Global(g)
                            if self.program.proc(*callee).modifies.contains(&g)) =>
                {
                    for received in outs {
                        if let VarRef::Local(l) = *received {
                            flags.forget(l);
                        }
                    }
                }
                _ => return,
            }
        }
        let succs = frame.cfg.successors(frame.block);
        self.values_asked_on_entry(at, &succs, v, &flags, out, LOOKAHEAD_BLOCKS);
    }

    /// The values `e` asks of `v` ([`Machine::asked_values`]), the
    /// locals of `flags` read as their definitions; where `e` reads `v`
    /// only through a flag, of equalities only: the test of a flag is `if c then 1 else 0 == 1`
    /// or its negation ([`ite_condition`]), and `c` asks for a value on
    /// either side. A bound there would ask for the ends of a range and
    /// past them (SMACK's `__VERIFIER_nondet_char` assumes `-128 <= x <=
    /// 127` through flags), where the small values lie inside it.
    fn asked_through_flags(
        &self,
        frame: &Frame<'p>,
        e: &Expr,
        v: VarRef,
        flags: &Definitions,
        out: &mut Vec<Value>,
    ) {
        let through = flags.through(e);
        if reads(e, v) || !reads(&through, v) {
            return self.asked_values(frame, &through, v, out);
        }
        let c = ite_condition(&through).unwrap_or(through);
        let not_c = Expr::new(
            ExprKind::Unary(UnOp::Not, Box::new(c.clone())),
            Type::Bool,
            c.span,
        );
        self.asked_values_of(frame, &c, v, out, true);
        self.asked_values_of(frame, &not_c, v, out, true);
    }

    /// The values the equalities `v == e` of frame `at`'s procedure ask
    /// of `v` ([`super::interp::ProgramFacts::equalities_of`]), with `e`
    /// evaluated in the frame as it is now; and where `v` is returned,
    /// what the callers compare the variable it lands in to, `levels`
    /// callers up (SMACK's `__VERIFIER_nondet_int` returns what a
    /// body-less callee chose, and the harness compares it to each case
    /// of a `switch`). Only equalities: a bound (`v > 0`, SDV's pointers)
    /// asks for what small values give anyway (measured:
    /// docs/experiments.md, session 42).
    ///
    /// Each value comes with whether no test entered the block that asks
    /// it yet.
    fn values_asked_in_procedure(
        &self,
        at: usize,
        v: VarRef,
        out: &mut Vec<(Value, bool)>,
        levels: usize,
    ) {
        let Some(frame) = self.frames.get(at) else {
            return;
        };
        let equalities = self.facts.equalities_of(self.program, frame.id, frame.cfg);
        let covered = self.generating.as_ref().map(|g| g.covered);
        // The key looked up in `covered`, its label rewritten in place:
        // no allocation per equality.
        let mut key = (frame.procedure.name.clone(), String::new());
        let mut asked = Vec::new();
        for (w, e, n) in equalities.of.get(&v).into_iter().flatten() {
            self.asked_values(frame, e, *w, &mut asked);
            if asked.is_empty() {
                continue;
            }
            let new = covered.is_some_and(|c| {
                let label = frame
                    .cfg
                    .graph
                    .node_weight(*n)
                    .map_or("", |b| b.label.as_str());
                key.1.clear();
                key.1.push_str(label);
                !c.contains(&key)
            });
            out.extend(asked.drain(..).map(|value| (value, new)));
        }
        if levels == 0 {
            return;
        }
        for &k in equalities.returned_as.get(&v).into_iter().flatten() {
            if let (Some(&r), Some(caller)) = (frame.receivers.get(k), at.checked_sub(1)) {
                self.values_asked_in_procedure(caller, r, out, levels - 1);
            }
        }
    }

    /// The values the leading `assume`s of `blocks` (of frame `at`) ask
    /// of `v` (with `flags` standing for their definitions), and where a
    /// block has nothing but `assume`s, those of its successors (`depth`
    /// blocks deep), or where it returns, those the caller asks after the
    /// call of the variable that receives `v`.
    ///
    /// A block no run returns from asks nothing: Corral's loops end their
    /// copy of the body so (`L47_last: call x := IsListEmpty(l); goto
    /// T, E;` with `T: assume x == 0; ...; assume false;`), and the value
    /// it would ask is the one no run may take. A block that tests `v`
    /// but asks nothing of it (`E: assume x != 0;`) asks for a value
    /// other than those the others ask, so that a run may enter it too.
    fn values_asked_on_entry(
        &self,
        at: usize,
        blocks: &[NodeIndex],
        v: VarRef,
        flags: &Definitions,
        out: &mut Vec<Value>,
        depth: usize,
    ) {
        let Some(frame) = self.frames.get(at) else {
            return;
        };
        if blocks.is_empty() {
            let received = match v {
                VarRef::Global(_) => Some(v),
                VarRef::Local(l) => frame
                    .procedure
                    .outs
                    .iter()
                    .position(|&o| o == l)
                    .and_then(|i| frame.receivers.get(i).copied()),
            };
            if let (Some(r), Some(caller)) = (received, at.checked_sub(1)) {
                self.values_asked_ahead(caller, r, out);
            }
            return;
        }
        let doomed = self.facts.doomed(self.program, frame.id, frame.cfg);
        let mut tests_without_asking = false;
        for &n in blocks {
            let Some(target) = frame.cfg.graph.node_weight(n) else {
                continue;
            };
            if doomed.get(n.index()).copied().unwrap_or(false) {
                continue;
            }
            let before = out.len();
            let mut tests_v = false;
            let mut only_assumes = true;
            for stmt in &target.stmts {
                let StmtKind::Assume(e) = &stmt.kind else {
                    only_assumes = false;
                    break;
                };
                tests_v |= reads(&flags.through(e), v);
                self.asked_through_flags(frame, e, v, flags, out);
            }
            if only_assumes && depth > 1 {
                let succs = frame.cfg.successors(n);
                self.values_asked_on_entry(at, &succs, v, flags, out, depth - 1);
            }
            tests_without_asking |= tests_v && out.len() == before;
        }
        if tests_without_asking && !out.is_empty() {
            if let Some(other) = fresh_value(self.var_type(frame, v), out) {
                out.push(other);
            }
        }
    }

    /// The values atoms of `e` ask of `v`: `v == a`, `v >= a`, `v > a`
    /// (and mirrored), with `a` evaluated in `frame`. An integer `v` may
    /// also stand with a sign among sums and differences (`v - n >= p`
    /// asks `v >= p + n`), and the atoms and terms may be applications of
    /// defined functions, which are unfolded (SMACK's allocator assumes
    /// `$sge.ref.bool($sub.ref($CurrAddr, n), p)` after `havoc
    /// $CurrAddr`).
    pub(super) fn asked_values(
        &self,
        frame: &Frame<'p>,
        e: &Expr,
        v: VarRef,
        out: &mut Vec<Value>,
    ) {
        self.asked_values_of(frame, e, v, out, false)
    }

    /// [`Machine::asked_values`], of the equalities only where
    /// `equalities_only`.
    fn asked_values_of(
        &self,
        frame: &Frame<'p>,
        e: &Expr,
        v: VarRef,
        out: &mut Vec<Value>,
        equalities_only: bool,
    ) {
        if let Some(body) = unfolded(e) {
            return self.asked_values_of(frame, &body, v, out, equalities_only);
        }
        let (op, l, r) = match &e.kind {
            ExprKind::Binary(op, l, r) => (*op, l, r),
            ExprKind::Unary(crate::ir::UnOp::Not, inner) => match &inner.kind {
                ExprKind::Binary(op, l, r) => match negated(*op) {
                    Some(op) => (op, l, r),
                    None => return,
                },
                _ => return,
            },
            _ => return,
        };
        match op {
            BinOp::And | BinOp::Or => {
                self.asked_values_of(frame, l, v, out, equalities_only);
                self.asked_values_of(frame, r, v, out, equalities_only);
                return;
            }
            BinOp::Eq => {}
            BinOp::Le | BinOp::Ge | BinOp::Lt | BinOp::Gt if !equalities_only => {}
            _ => return,
        }
        let mirrored = |op: BinOp| match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Gt => BinOp::Lt,
            BinOp::Le => BinOp::Ge,
            BinOp::Ge => BinOp::Le,
            o => o,
        };
        let is_v = |x: &Expr| matches!(x.kind, ExprKind::Var(w) if w == v);
        let (op, value) = if is_v(l) || is_v(r) {
            let (op, other) = if is_v(l) { (op, r) } else { (mirrored(op), l) };
            let Ok(value) = self.eval_in(frame, other, false) else {
                return;
            };
            (op, value)
        } else {
            // `cl·v + kl op cr·v + kr`, so `(cl - cr)·v op kr - kl`.
            let (Some((cl, kl)), Some((cr, kr))) =
                (self.linear_in(frame, l, v), self.linear_in(frame, r, v))
            else {
                return;
            };
            match cl - cr {
                1 => (op, Value::Int(kr - kl)),
                -1 => (mirrored(op), Value::Int(kl - kr)),
                _ => return,
            }
        };
        let shifted = |d: i32| match &value {
            Value::Int(n) => Some(Value::Int(n + BigInt::from(d))),
            _ => None,
        };
        // A bound, and the value past it (so that a branch on `v == a`
        // after `v > a - 1` can go either way).
        match op {
            BinOp::Eq => out.push(value.clone()),
            BinOp::Ge => out.extend([Some(value.clone()), shifted(1)].into_iter().flatten()),
            BinOp::Le => out.extend([Some(value.clone()), shifted(-1)].into_iter().flatten()),
            BinOp::Gt => out.extend([shifted(1), shifted(2)].into_iter().flatten()),
            BinOp::Lt => out.extend([shifted(-1), shifted(-2)].into_iter().flatten()),
            _ => {}
        }
    }

    /// `x` as `c·v + k` with `c` in -2..=2 and `k` an integer
    /// evaluated in `frame` (sums, differences and negations of integer
    /// terms, through defined functions); `None` where `x` is not so.
    fn linear_in(&self, frame: &Frame<'p>, x: &Expr, v: VarRef) -> Option<(i32, BigInt)> {
        if let Some(body) = unfolded(x) {
            return self.linear_in(frame, &body, v);
        }
        let mentions = |x: &Expr| {
            let mut found = false;
            x.visit(&mut |y| found |= matches!(y.kind, ExprKind::Var(w) if w == v));
            found
        };
        if !mentions(x) {
            return match self.eval_in(frame, x, false).ok()? {
                Value::Int(n) => Some((0, n)),
                _ => None,
            };
        }
        let (c, k) = match &x.kind {
            ExprKind::Var(w) if *w == v && x.ty == Type::Int => (1, BigInt::from(0)),
            ExprKind::Unary(crate::ir::UnOp::Neg, a) => {
                let (c, k) = self.linear_in(frame, a, v)?;
                (-c, -k)
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let (ca, ka) = self.linear_in(frame, a, v)?;
                let (cb, kb) = self.linear_in(frame, b, v)?;
                match op {
                    BinOp::Add => (ca + cb, ka + kb),
                    _ => (ca - cb, ka - kb),
                }
            }
            _ => return None,
        };
        (c.abs() <= 2).then_some((c, k))
    }

    /// Whether none of `assumes` (those right after the current
    /// statement, [`Machine::next_assumes`]) is false with `v` set to
    /// `value`. One the interpreter cannot evaluate may hold. (A value
    /// that fails one would fail the run there: trying it costs an
    /// attempt.)
    fn next_assumes_hold(&mut self, assumes: &[&'p Expr], v: VarRef, value: &Value) -> bool {
        let previous = self.replace_var(v, Some(value.clone()));
        let g = self.generating.as_ref().expect("generating");
        let mark = g.picks_mark();
        // One that reads a constant no `assume` has settled may settle it
        // ([`Machine::settle_constants`]).
        let settles = |e: &Expr| {
            let mut found = false;
            e.visit_vars(false, &mut |w, _| {
                found |= matches!(w, VarRef::Global(c) if g.unsettled.contains_key(&c.0))
            });
            found
        };
        let holds = assumes.iter().all(|e| {
            let frame = self.frames.last().expect("a frame is active");
            settles(e) || !matches!(self.eval_in(frame, e, false), Ok(Value::Bool(false)))
        });
        // What evaluating them picked is not part of the run.
        self.generating
            .as_ref()
            .expect("generating")
            .forget_since(mark);
        self.replace_var(v, previous);
        holds
    }

    /// The `assume`s right after the current statement of the top frame,
    /// up to its block's first other statement.
    fn next_assumes(&self) -> Vec<&'p Expr> {
        let Some(frame) = self.frames.last() else {
            return Vec::new();
        };
        let cfg: &'p crate::ir::Cfg = frame.cfg;
        let Some(block) = cfg.graph.node_weight(frame.block) else {
            return Vec::new();
        };
        block
            .stmts
            .iter()
            .skip(frame.stmt + 1)
            .map_while(|s| match &s.kind {
                StmtKind::Assume(e) => Some(e),
                _ => None,
            })
            .collect()
    }

    /// Sets `v` (in the top frame, if a local) to `value`, giving back
    /// what it held.
    pub(super) fn replace_var(&mut self, v: VarRef, value: Option<Value>) -> Option<Value> {
        let slot = match v {
            VarRef::Global(g) => self.globals.get_mut(g.0),
            VarRef::Local(l) => self.frames.last_mut().and_then(|f| f.locals.get_mut(l.0)),
        };
        slot.and_then(|s| std::mem::replace(s, value))
    }

    /// In a run that compacts its base ([`compacted`]): for `havoc v`
    /// whose base value is `value`, the least lower value that an
    /// `assume` right after it bounding `v` by another variable asks
    /// (`v - n >= p` asks `p + n`) and that those `assume`s hold with;
    /// else `value`.
    fn lowest_asked(&mut self, v: VarRef, value: Value) -> Value {
        let Value::Int(n) = &value else {
            return value;
        };
        let Some(frame) = self.frames.last() else {
            return value;
        };
        let assumes = self.next_assumes();
        let mut asked = Vec::new();
        for e in assumes.iter().filter(|e| bounds_by_others(e, v)) {
            self.asked_values(frame, e, v, &mut asked);
        }
        let mut lower: Vec<BigInt> = asked
            .into_iter()
            .filter_map(|a| match a {
                Value::Int(m) if m < *n => Some(m),
                _ => None,
            })
            .collect();
        lower.sort();
        lower.dedup();
        for m in lower {
            let candidate = Value::Int(m);
            if self.next_assumes_hold(&assumes, v, &candidate) {
                return candidate;
            }
        }
        value
    }

    /// A choice of a generated run for `var` of type `ty`: the base's
    /// while the run follows it, else one of `hinted` (what a body-less
    /// callee's `ensures` ask; only those where `fixed`, they fix it), or
    /// of the values the next `assume`s ask of `target`, or else small
    /// constants; with where the value came from, if the run decided it
    /// among alternatives ([`super::origins`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn generate_choice(
        &mut self,
        kind: ChoiceKind,
        proc: &str,
        var: &str,
        ty: &Type,
        span: Span,
        target: Option<VarRef>,
        (hinted, fixed): (Vec<Value>, bool),
    ) -> Result<(Value, Option<Origin>), super::ReplayError> {
        let g = self.generating.as_ref().expect("generating");
        let at_base = self
            .test
            .choices
            .get(self.next_choice)
            .filter(|c| g.following && c.kind == kind && c.proc == proc && c.var == var)
            .map(|c| c.value.clone());
        // Where the run leaves the base, it takes another value.
        let (base, left) = match at_base {
            Some(_) if self.next_choice >= g.follow_choices => (None, at_base),
            _ => (at_base, None),
        };
        // Values that fix the choice stand against the base's: a model
        // may give a map that the `forall`s defining it (SMACK's
        // `$memcpy`) do not allow, and a generated run checks them.
        let base = base.filter(|b| !fixed || hinted.is_empty() || hinted.contains(b));
        if left.is_some() {
            self.generating.as_mut().expect("generating").following = false;
        }
        let g = self.generating.as_ref().expect("generating");
        let compacting = g.compacting && kind == ChoiceKind::Havoc;
        // A value the base gave has no origin a run near it could change
        // (leaving the base elsewhere lost blocks: docs/decisions.md,
        // "Looked at, not kept", session 58).
        let (value, origin) = match (base, target) {
            (Some(v), Some(t)) if compacting => {
                let lowered = self.lowest_asked(t, v.clone());
                if let (Value::Int(start), Value::Int(base_start)) = (&lowered, v) {
                    if *start != base_start {
                        let g = self.generating.as_mut().expect("generating");
                        g.memory.record_move(start.clone(), base_start);
                    }
                }
                (lowered, None)
            }
            (Some(v), _) => (v, None),
            (None, _) => {
                // A body-less callee's `ensures` first: they must hold.
                let mut candidates: Vec<Value> = hinted;
                // Where nothing right after the choice asks for a value:
                // one of those the procedure's `assume v == e` ask further
                // on, drawn by the run's seed, before the small values.
                // One, not all: each alternative more at a choice is one
                // more that backtracking tries (docs/experiments.md,
                // session 42).
                // Where the run leaves the base here, also one a block no
                // test entered asks further on (the dozens of cases of a
                // driver's `switch` on an I/O control code: right after
                // the choice only the first few are asked).
                let mut asked_further = false;
                if let Some(t) = target.filter(|_| !fixed) {
                    let top = self.frames.len().saturating_sub(1);
                    self.values_asked_ahead(top, t, &mut candidates);
                    if candidates.is_empty() || left.is_some() {
                        let mut further = Vec::new();
                        self.values_asked_in_procedure(top, t, &mut further, RETURNED_LEVELS);
                        if further.iter().any(|(_, new)| *new) {
                            further.retain(|(_, new)| *new);
                        } else if !candidates.is_empty() {
                            further.clear();
                        }
                        if !further.is_empty() {
                            use rand::Rng;
                            let i = g.rng().gen_range(0..further.len());
                            asked_further = candidates.is_empty();
                            candidates.push(further.swap_remove(i).0);
                        }
                    }
                }
                // What the code asks for, if it asks; else small values.
                if candidates.is_empty() || asked_further {
                    let current = match (target, self.frames.last()) {
                        (Some(VarRef::Global(gl)), _) => self.globals.get(gl.0).cloned().flatten(),
                        (Some(VarRef::Local(l)), Some(f)) => f.locals.get(l.0).cloned().flatten(),
                        _ => None,
                    };
                    candidates.extend(current);
                    candidates.extend(small_values(ty, &mut g.rng()));
                }
                if left.is_some() {
                    candidates.extend(small_values(ty, &mut g.rng()));
                }
                let mut distinct: Vec<Value> = Vec::new();
                for c in candidates {
                    if super::eval::check_type(&c, ty).is_ok()
                        && !distinct.contains(&c)
                        && Some(&c) != left.as_ref()
                    {
                        distinct.push(c);
                    }
                }
                let seed = g.rng();
                // Not those the `assume`s right after it refute.
                let any = !distinct.is_empty();
                let assumes = self.next_assumes();
                if let Some(t) = target {
                    distinct.retain(|c| self.next_assumes_hold(&assumes, t, c));
                }
                // Where an `assume` right after it bounds it by other
                // variables (an allocator's next address), the least
                // first: a high one leaves no room for the next
                // allocation. Else, where the run leaves the base, any.
                if target.is_some_and(|t| assumes.iter().any(|e| bounds_by_others(e, t))) {
                    distinct.sort_by(|a, b| match (a, b) {
                        (Value::Int(a), Value::Int(b)) => a.cmp(b),
                        _ => std::cmp::Ordering::Equal,
                    });
                } else if left.is_some() {
                    use rand::seq::SliceRandom;
                    distinct.shuffle(&mut { seed });
                }
                let polled = self.polled_at(span);
                let taken = self
                    .generating
                    .as_ref()
                    .and_then(|g| g.polled.get(&polled))
                    .cloned();
                if let Some(taken) = taken {
                    let all_taken =
                        !distinct.is_empty() && distinct.iter().all(|c| taken.contains(c));
                    if let Some(fresh) = fresh_value(ty, &taken).filter(|_| all_taken && !fixed) {
                        if target.is_none_or(|t| self.next_assumes_hold(&assumes, t, &fresh)) {
                            distinct.push(fresh);
                        }
                    }
                    distinct.sort_by_key(|c| taken.contains(c));
                }
                // A value a run before this one failed for want of, first.
                let upcoming = self.generating.as_ref().map_or(0, |g| g.decided());
                let wanted = self.generating.as_ref().and_then(|g| {
                    g.wanted
                        .iter()
                        .find(|(j, _)| *j == upcoming)
                        .map(|(_, w)| w.clone())
                });
                let wanted = wanted.filter(|w| {
                    super::eval::check_type(w, ty).is_ok()
                        && target.is_none_or(|t| self.next_assumes_hold(&assumes, t, w))
                });
                if let Some(w) = &wanted {
                    distinct.retain(|c| c != w);
                    distinct.insert(0, w.clone());
                }
                let depth = self.frames.len();
                let g = self.generating.as_mut().expect("generating");
                g.depth = depth;
                let i = match distinct.len() {
                    0 => {
                        let why = match any {
                            true => " that the `assume`s after it hold with",
                            false => "",
                        };
                        // The `assume`s hold with no value: the values of
                        // the other variables they read are to blame.
                        self.note_culprits(std::slice::from_ref(&assumes), false, target);
                        return Err(self.error_at(
                            span,
                            format!("no value to choose for `{var}` of type {ty}{why}"),
                        ));
                    }
                    1 => (0, None),
                    n => {
                        let (i, at) = g.decide_indexed(n);
                        g.value_decisions.push(at);
                        (i, Some(Origin::Made(at)))
                    }
                };
                let value = distinct.swap_remove(i.0);
                let g = self.generating.as_mut().expect("generating");
                if let (Some(Origin::Made(at)), true) = (i.1, wanted.as_ref() == Some(&value)) {
                    g.took_wanted.push(at);
                }
                g.polled.entry(polled).or_default().push(value.clone());
                (value, i.1)
            }
        };
        let g = self.generating.as_mut().expect("generating");
        let line = (g.line_of)(span);
        g.choices.push(Choice {
            kind,
            proc: proc.to_string(),
            var: var.to_string(),
            value: value.clone(),
            line,
        });
        self.next_choice += 1;
        Ok((value, origin))
    }

    /// Which statement a choice at `span` is for [`Generating::polled`]:
    /// the activation of the procedure on top (the outermost of the
    /// activations on top that call themselves, as Corral's loops do),
    /// and `span`.
    fn polled_at(&self, span: Span) -> (usize, Span) {
        let top = self.frames.last().map(|f| f.id);
        let entered = self
            .frames
            .iter()
            .rev()
            .take_while(|f| Some(f.id) == top)
            .last()
            .map_or(0, |f| f.entered);
        (entered, span)
    }

    /// In a generated run, a value for uninterpreted `f` at `args` where
    /// the base gives none and nothing but the code constrains `f`
    /// ([`GlobalStarts::free_functions`]): a small value of its type,
    /// drawn by the run's seed, the arguments and the function, and kept
    /// for the rest of the run (the test records it, so that it replays).
    pub(super) fn free_function_point(
        &self,
        f: &crate::ir::Function,
        args: &[Value],
    ) -> Option<Value> {
        let g = self.generating.as_ref()?;
        if !g.free_functions.contains(&f.name) {
            return None;
        }
        g.picked_or_drawn(f, args).map(|(value, _)| value)
    }

    /// In a generated run that has left its base, before `v := e` where
    /// `e` applies an uninterpreted function `f` at arguments it has no
    /// value at yet: gives `f` its value there by a decision, among the
    /// values the code after the assignment asks of `v`
    /// ([`Machine::values_asked_ahead`], through flags) and the value the
    /// run would give it otherwise. Where `f` is free
    /// ([`GlobalStarts::free_functions`]) that is the drawn value of
    /// [`Machine::free_function_point`]; where axioms constrain `f` but
    /// none forces its value there and the run may give open values
    /// ([`Machine::open_function_point`]), the operation's the axioms
    /// describe, and the test is kept only if the axioms allow what it
    /// gives. SMACK 2 writes bitwise operations as such functions (with a
    /// few ground axioms, `$and.i32(32, 16) == 0`): a driver polls a
    /// port until `$and.i32(status, mask) == ready`, which a drawn value,
    /// or the bitwise `and` of a status chosen among small values, seldom
    /// is.
    pub(super) fn choose_function_value(&mut self, v: VarRef, e: &Expr) {
        let Some(g) = self.generating.as_ref() else {
            return;
        };
        let ExprKind::Apply(f, args) = &e.kind else {
            return;
        };
        // Most assignments apply a defined function (SMACK's `$add.i32`):
        // those are done with before any lookup by name.
        if f.body.is_some() || !g.has_left_base() {
            return;
        }
        let free = g.free_functions.contains(&f.name);
        let open = g.may_open
            && g.axiom_functions.contains(&f.name)
            && matches!(f.result, Type::Int | Type::Bool | Type::Bv(_));
        if !(free || open) {
            return;
        }
        let Some(frame) = self.frames.last() else {
            return;
        };
        let Ok(args) = args
            .iter()
            .map(|a| self.eval_in(frame, a, false))
            .collect::<Result<Vec<Value>, _>>()
        else {
            return;
        };
        if self.function_point(&f.name, &args).is_some()
            || g.picked_value(&f.name, &args).is_some()
            || (!free && self.forced_function_point(frame, f, &args).is_some())
        {
            return;
        }
        let mut asked = Vec::new();
        self.values_asked_ahead(self.frames.len() - 1, v, &mut asked);
        if asked.is_empty() {
            return;
        }
        let otherwise = match free {
            true => g.drawn(f, &args),
            false => {
                (g.readings.get(&f.name).and_then(|r| r.apply(&args))).or_else(|| g.drawn(f, &args))
            }
        };
        let mut candidates: Vec<Value> = Vec::new();
        for c in asked.into_iter().chain(otherwise) {
            if super::eval::check_type(&c, &f.result).is_ok() && !candidates.contains(&c) {
                candidates.push(c);
            }
        }
        if candidates.len() < 2 {
            return;
        }
        let depth = self.frames.len();
        let g = self.generating.as_mut().expect("generating");
        g.depth = depth;
        let i = g.decide(candidates.len());
        g.pick(&f.name, &args, candidates.swap_remove(i));
        if !free {
            g.opened.set(true);
        }
    }

    /// In a generated run that may ([`Nearby::confirm`]), a value for
    /// uninterpreted `f` at `args` where neither the base, nor the code
    /// alone, nor an axiom gives one (SDV's `BAND(15, 64)`: the axioms
    /// give `BAND(x, f)` only where `x` and `f` are distinct powers of
    /// two): the value of the operation the axioms allow reading `f` as
    /// ([`GlobalStarts::readings`]: `BAND(15, 64)` is 0), else a small
    /// scalar value, drawn as a free function's is. The run notes that it
    /// gave one: its test stays only if the axioms allow the values it
    /// gives.
    pub(super) fn open_function_point(
        &self,
        f: &crate::ir::Function,
        args: &[Value],
    ) -> Option<Value> {
        let g = self.generating.as_ref()?;
        if !g.may_open || !g.axiom_functions.contains(&f.name) {
            return None;
        }
        if !matches!(f.result, Type::Int | Type::Bool | Type::Bv(_)) {
            return None;
        }
        if let Some(value) = g.picked_value(&f.name, args) {
            return Some(value);
        }
        let natural = g.readings.get(&f.name).and_then(|r| r.apply(args));
        let (value, drawn) = match natural {
            Some(value) => {
                g.pick(&f.name, args, value.clone());
                (value, true)
            }
            None => g.picked_or_drawn(f, args)?,
        };
        if drawn {
            g.opened.set(true);
        }
        Some(value)
    }

    /// In a generated run, the value of uninterpreted `f` at `args` that
    /// an axiom gives ([`FunctionRule`]): its arguments match `args`
    /// (bound variables bind, ground terms evaluate equal), and its
    /// guards evaluate to true. Every model of the axioms gives `f` that
    /// value there, the base's model among them (the guards read only
    /// constants, which the base gives, and function values of the base
    /// or found so), so the test keeps a run of the program. Recorded in
    /// the test like a free function's value.
    pub(super) fn forced_function_point(
        &self,
        frame: &Frame<'_>,
        f: &crate::ir::Function,
        args: &[Value],
    ) -> Option<Value> {
        let g = self.generating.as_ref()?;
        if let Some(value) = g.picked_value(&f.name, args) {
            return Some(value);
        }
        // A guard may ask another function's value (`POW2(x)`), not
        // without end.
        if g.forcing.get() >= MAX_FORCING_DEPTH {
            return None;
        }
        let rules = g.rules.get(&f.name)?;
        g.forcing.set(g.forcing.get() + 1);
        let saved_lambda = self.captured.replace(None);
        let value = rules
            .iter()
            .find_map(|rule| self.apply_rule(frame, rule, args));
        *self.captured.borrow_mut() = saved_lambda;
        g.forcing.set(g.forcing.get() - 1);
        let value = value?;
        g.pick(&f.name, args, value.clone());
        Some(value)
    }

    /// The value `rule` gives at `args`, if it applies there.
    fn apply_rule(&self, frame: &Frame<'_>, rule: &FunctionRule, args: &[Value]) -> Option<Value> {
        if rule.args.len() != args.len() {
            return None;
        }
        // Each rule tried is a step of the run's budget: Dafny's preludes
        // have hundreds of axioms on `$Is` and the like, whose guards
        // ask other functions' values in turn.
        let steps = self.executed.get() + 1;
        if steps > super::interp::STEP_BUDGET {
            return None;
        }
        self.executed.set(steps);
        let mut bound: Vec<(usize, Value)> = Vec::new();
        let mut ground = Vec::new();
        for (pattern, value) in rule.args.iter().zip(args) {
            match &pattern.kind {
                ExprKind::Bound(id) if rule.binders.contains(id) => {
                    match bound.iter().find(|(b, _)| b == id) {
                        Some((_, v)) if v != value => return None,
                        Some(_) => {}
                        None => bound.push((*id, value.clone())),
                    }
                }
                _ if super::eval::mentions_bound(pattern, &rule.binders) => return None,
                _ => ground.push((pattern, value)),
            }
        }
        if rule
            .binders
            .iter()
            .any(|b| bound.iter().all(|(x, _)| x != b))
        {
            return None;
        }
        let saved = std::mem::replace(&mut *self.bound.borrow_mut(), bound);
        let holds = |e: &Expr| matches!(self.eval_in(frame, e, false), Ok(Value::Bool(true)));
        let applies = ground.iter().all(|(pattern, value)| {
            self.eval_in(frame, pattern, false).ok().as_ref() == Some(*value)
        }) && rule.guards.iter().all(holds);
        let value = match applies {
            true => self.eval_in(frame, &rule.value, false).ok(),
            false => None,
        };
        *self.bound.borrow_mut() = saved;
        value
    }

    /// At the start of a generated run: gives the constants of
    /// [`Generating::presets`] their values, which the test records.
    fn give_presets(&mut self) {
        let Some(g) = self.generating.as_mut() else {
            return;
        };
        for (c, value) in g.presets.iter() {
            if let Some(name) = g.unsettled.remove(c) {
                g.settled.push((name, value.clone()));
                if let Some(slot) = self.globals.get_mut(*c) {
                    *slot = Some(value.clone());
                }
            }
        }
    }

    /// In a generated run, where `assume e` does not hold: each constant
    /// `c` that no axiom or `requires` of the entry reads and no `assume`
    /// has settled yet in the run, that `e` (or a conjunct) compares with
    /// `==` to a value, takes that value (Corral's harnesses match
    /// constants to allocated locations: `assume sdv_irp__Loc ==
    /// sdv_irp;`). Nothing else constrains such a constant (the base's
    /// value, if it gives one, only made its own run, which passed no
    /// `assume` that is false here); a run that read it before with
    /// another value does not replay, and is dropped. Whether some
    /// constant was settled.
    pub(super) fn settle_constants(&mut self, e: &Expr) -> bool {
        let (Some(frame), Some(g)) = (self.frames.last(), self.generating.as_ref()) else {
            return false;
        };
        let mut settle: Vec<(usize, Value)> = Vec::new();
        for (l, r) in equalities(e) {
            for (x, y) in [(l, r), (r, l)] {
                let ExprKind::Var(VarRef::Global(c)) = x.kind else {
                    continue;
                };
                if !g.unsettled.contains_key(&c.0) || settle.iter().any(|(d, _)| *d == c.0) {
                    continue;
                }
                if let Ok(v) = self.eval_in(frame, y, false) {
                    settle.push((c.0, v));
                    break;
                }
            }
        }
        let g = self.generating.as_mut().expect("generating");
        for (c, value) in &settle {
            if let Some(name) = g.unsettled.remove(c) {
                g.settled.push((name, value.clone()));
            }
            if let Some(slot) = self.globals.get_mut(*c) {
                *slot = Some(value.clone());
            }
        }
        !settle.is_empty()
    }

    /// A generated run's choices for the locals of `callee` that it may
    /// read before writing them, at the call.
    pub(super) fn generate_uninitialized(
        &mut self,
        callee: ProcId,
        callee_frame: &mut Frame<'p>,
        span: Span,
    ) -> Result<(), super::ReplayError> {
        let g = self.generating.as_ref().expect("generating");
        let locals: Vec<LocalId> = g.uninitialized.get(callee.0).cloned().unwrap_or_default();
        let procedure = callee_frame.procedure;
        for l in locals {
            let Some(local) = procedure.locals.get(l.0) else {
                continue;
            };
            // A map the callee's `assume`s define (SMACK's `$memcpy`),
            // also where the run follows its base: the base's may break
            // them.
            let defined: Vec<Value> = match &local.var.ty {
                Type::Map(..) => self.defined_map(callee_frame, l).into_iter().collect(),
                _ => Vec::new(),
            };
            let fixed = !defined.is_empty();
            let (value, origin) = self.generate_choice(
                ChoiceKind::Uninitialized,
                &procedure.name,
                &local.var.name,
                &local.var.ty,
                span,
                None,
                (defined, fixed),
            )?;
            callee_frame.locals[l.0] = Some(value);
            super::origins::set_local_origin(callee_frame, l.0, origin);
        }
        Ok(())
    }
}

/// Whether `e` (or a conjunct, through defined functions) bounds `v` by
/// another variable or constant (SMACK's allocator: `$CurrAddr - n >=
/// p`, `$CurrAddr < $MALLOC_TOP`); not a bound by a literal (`x > 0`),
/// nor an equality (Corral's `assume p == sdv_irp`).
fn bounds_by_others(e: &Expr, v: VarRef) -> bool {
    if let Some(body) = unfolded(e) {
        return bounds_by_others(&body, v);
    }
    match &e.kind {
        ExprKind::Binary(BinOp::And, l, r) => bounds_by_others(l, v) || bounds_by_others(r, v),
        ExprKind::Binary(BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt, _, _) => {
            let (mut mentions, mut others) = (false, false);
            e.visit_vars(false, &mut |w, _| match *w == v {
                true => mentions = true,
                false => others = true,
            });
            mentions && others
        }
        _ => false,
    }
}

/// The comparison that holds where `a op b` does not.
fn negated(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        _ => return None,
    })
}

/// The globals of a program as runs near a test of one entry start them
/// (what [`runs_near`] needs of the program besides its code).
pub struct GlobalStarts {
    /// Per global the base may leave out (all but the constants an axiom
    /// or the entry's `requires` reads, which a run that reads one
    /// without the base's value ends at): its input name and the value
    /// it starts at, if its type has one.
    starts: Vec<(String, Option<Value>)>,
    /// The constants no axiom and no `requires` of the entry reads (by
    /// global index, with their input names): an `assume` may settle them
    /// ([`Machine::settle_constants`]).
    settleable: std::collections::HashMap<usize, String>,
    /// The uninterpreted functions that no axiom, no `requires` of the
    /// entry and no quantifier mentions, itself or through the functions
    /// it applies (SMACK's `$and.i64`): the code alone constrains their
    /// values, which a run checks as it goes, so a run may give them
    /// values at new arguments.
    free_functions: HashSet<String>,
    /// The body-less procedures without `ensures`: nothing but the code
    /// after a call constrains their outputs.
    unconstrained_outputs: HashSet<String>,
    /// Per uninterpreted function, the axioms that give its value.
    function_rules: HashMap<String, Vec<FunctionRule>>,
    /// The uninterpreted functions that no quantifier outside the axioms
    /// mentions ([`axiom_functions`]).
    axiom_functions: HashSet<String>,
    /// The input maps a run may choose cells of, by global index, with
    /// their input names ([`super::memory::open_maps`]).
    open_maps: std::rc::Rc<HashMap<usize, String>>,
    /// The operations (bitwise and, or, ...) the axioms allow reading
    /// some of those as, jointly: a run gives such a function the
    /// operation's value where no axiom forces one
    /// ([`super::natural::natural_interpretations`]).
    readings: HashMap<String, Interpretation>,
    /// What the runs look up again and again (which globals each
    /// procedure reads under `old`, globals by name), found once for all.
    facts: std::rc::Rc<super::interp::ProgramFacts>,
    /// Per procedure and variable (by name, as a `havoc`'s choice names
    /// them): the blocks (by label) whose `assume`s equal it to
    /// something, as the keys of [`Nearby::covered`] (procedure, label)
    /// ([`compared_in_blocks`]).
    compared_in: HashMap<String, HashMap<String, Vec<(String, String)>>>,
}

impl GlobalStarts {
    /// Nothing constrains the initial values of the globals the base's
    /// run did not read (the entry's `requires`, axioms included, read
    /// only what the base gives), and the code a run near it goes to may
    /// read them: they start at defaults (memory zeroed, scalars at 1),
    /// or at the literal some `assume g == 5` compares them to.
    pub fn new(program: &Program, entry: ProcId) -> Self {
        let procedure = program.proc(entry);
        // The globals the axioms (the entry's first `requires`) and the
        // entry's own `requires` read.
        let mut constrained: HashSet<usize> = HashSet::new();
        for spec in &procedure.requires {
            spec.expr.visit_vars(false, &mut |v, _| {
                if let VarRef::Global(g) = v {
                    constrained.insert(g.0);
                }
            });
        }
        let constants: HashSet<usize> = program.constants.iter().map(|g| g.0).collect();
        let asked = literals_assumed(program);
        let mut starts = Vec::new();
        let mut settleable = std::collections::HashMap::new();
        let mut names = HashMap::new();
        for (i, g) in program.globals.iter().enumerate() {
            let constant = constants.contains(&i);
            if constant && constrained.contains(&i) {
                continue;
            }
            let name = match procedure.locals.iter().any(|l| l.var.name == g.name) {
                true => format!("{}{}", g.name, crate::ir::testcase::GLOBAL_INPUT_SUFFIX),
                false => g.name.clone(),
            };
            if constant {
                settleable.insert(i, name.clone());
            }
            names.insert(i, name.clone());
            let start = asked.get(&i).cloned().or_else(|| default_value(&g.ty));
            starts.push((name, start));
        }
        let unconstrained_outputs = program
            .procedures
            .iter()
            .filter(|p| p.body.is_none() && p.ensures.is_empty())
            .map(|p| p.name.clone())
            .collect();
        let axiom_functions = axiom_functions(program, entry);
        GlobalStarts {
            open_maps: super::memory::open_maps(program, entry, &names),
            starts,
            settleable,
            free_functions: free_functions(program, entry),
            function_rules: function_rules(program, entry),
            readings: super::natural::natural_interpretations(program, entry, &axiom_functions),
            axiom_functions,
            unconstrained_outputs,
            facts: super::interp::ProgramFacts::new(program),
            compared_in: compared_in_blocks(program, entry),
        }
    }

    /// Whether the choice a `havoc` made is of a variable that an
    /// `assume` of a block no test entered yet equals to something.
    fn compared_where_new(&self, c: &Choice, covered: &HashSet<(String, String)>) -> bool {
        c.kind == ChoiceKind::Havoc
            && !matches!(
                c.value,
                Value::Map { .. } | Value::PolyMap(_) | Value::Lambda(_)
            )
            && self
                .compared_in
                .get(&c.proc)
                .and_then(|vars| vars.get(&c.var))
                .is_some_and(|blocks| blocks.iter().any(|b| !covered.contains(b)))
    }

    /// `base` with a value for every global it gives none and that may
    /// start at one.
    fn complete(&self, base: &TestCase) -> TestCase {
        let mut base = base.clone();
        for (name, start) in &self.starts {
            if let (false, Some(v)) = (base.inputs.contains_key(name), start) {
                base.inputs.insert(name.clone(), v.clone());
            }
        }
        base
    }
}

/// Per procedure reachable from `entry` and variable, by name: the
/// blocks (procedure and label) whose `assume`s equal the variable to
/// something (`assume v == e`: a driver's `switch` on an I/O control
/// code).
fn compared_in_blocks(
    program: &Program,
    entry: ProcId,
) -> HashMap<String, HashMap<String, Vec<(String, String)>>> {
    let mut found: HashMap<String, HashMap<String, Vec<(String, String)>>> = HashMap::new();
    for p in crate::middle::reachable_procedures(program, entry) {
        let procedure = program.proc(p);
        let Some(cfg) = &procedure.body else { continue };
        for n in cfg.graph.node_indices() {
            let block = &cfg.graph[n];
            for stmt in &block.stmts {
                let StmtKind::Assume(e) = &stmt.kind else {
                    continue;
                };
                let ExprKind::Binary(BinOp::Eq, l, r) = &e.kind else {
                    continue;
                };
                for side in [l, r] {
                    let ExprKind::Var(v) = side.kind else {
                        continue;
                    };
                    let name = match v {
                        VarRef::Local(l) => procedure.locals.get(l.0).map(|l| &l.var.name),
                        VarRef::Global(g) => program.globals.get(g.0).map(|g| &g.name),
                    };
                    let Some(name) = name else { continue };
                    let blocks = found
                        .entry(procedure.name.clone())
                        .or_default()
                        .entry(name.clone())
                        .or_default();
                    if blocks.last().is_none_or(|(_, label)| *label != block.label) {
                        blocks.push((procedure.name.clone(), block.label.clone()));
                    }
                }
            }
        }
    }
    found
}

/// An axiom's instance that gives an uninterpreted function's value:
/// `forall xs :: guards ==> f(args) == value` (or `f(args)` alone, or
/// `!f(args)`, for a predicate), with `args` bound variables of the
/// quantifier or ground terms. SDV's prelude gives `BAND`, `BOR`,
/// `POW2` so (`BAND(0, f) == 0`, `BAND(f, f) == f`, `POW2(x) && POW2(f)
/// && x != f ==> BAND(x, f) == 0`): a run near a test that reads memory
/// the base never read meets `BAND(0, 2)`, which every model of the
/// axioms gives the value 0.
pub(crate) struct FunctionRule {
    /// The quantifier's bound variables (ids).
    binders: Vec<usize>,
    args: Vec<Expr>,
    guards: Vec<Expr>,
    value: Expr,
}

/// The [`FunctionRule`]s of the axioms, that is the entry's `requires`
/// that read no variable but constants (each axiom is copied there).
fn function_rules(program: &Program, entry: ProcId) -> HashMap<String, Vec<FunctionRule>> {
    let mut rules: HashMap<String, Vec<FunctionRule>> = HashMap::new();
    fn collect(
        e: &Expr,
        binders: &mut Vec<usize>,
        guards: &mut Vec<Expr>,
        out: &mut HashMap<String, Vec<FunctionRule>>,
    ) {
        use crate::ir::{BinOp, Quantifier, UnOp};
        let uninterpreted =
            |f: &crate::ir::Function| f.body.is_none() && f.builtin.is_none() && !f.recursive;
        let rule = |app: &Expr, value: Expr, out: &mut HashMap<String, Vec<FunctionRule>>| {
            if let ExprKind::Apply(f, args) = &app.kind {
                if uninterpreted(f) {
                    out.entry(f.name.clone()).or_default().push(FunctionRule {
                        binders: binders.clone(),
                        args: args.clone(),
                        guards: guards.clone(),
                        value,
                    });
                }
            }
        };
        match &e.kind {
            ExprKind::Quant(Quantifier::Forall, bs, body, _) => {
                let depth = binders.len();
                binders.extend(bs.iter().map(|b| b.id));
                collect(body, binders, guards, out);
                binders.truncate(depth);
            }
            ExprKind::Binary(BinOp::And, a, b) => {
                collect(a, binders, guards, out);
                collect(b, binders, guards, out);
            }
            ExprKind::Binary(BinOp::Implies, g, c) => {
                guards.push((**g).clone());
                collect(c, binders, guards, out);
                guards.pop();
            }
            ExprKind::Binary(BinOp::Eq, l, r) => {
                rule(l, (**r).clone(), out);
                rule(r, (**l).clone(), out);
            }
            ExprKind::Apply(..) => rule(
                e,
                Expr::new(ExprKind::Bool(true), e.ty.clone(), e.span),
                out,
            ),
            ExprKind::Unary(UnOp::Not, x) if matches!(x.kind, ExprKind::Apply(..)) => rule(
                x,
                Expr::new(ExprKind::Bool(false), e.ty.clone(), e.span),
                out,
            ),
            _ => {}
        }
    }
    let axiom = program.reads_only_constants();
    for spec in &program.proc(entry).requires {
        if axiom(&spec.expr) {
            collect(&spec.expr, &mut Vec::new(), &mut Vec::new(), &mut rules);
        }
    }
    rules
}

/// The uninterpreted functions of `program` that neither the entry's
/// `requires` (the axioms among them) nor any quantifier mentions, through
/// the bodies of the functions they apply too ([`GlobalStarts::free_functions`]).
fn free_functions(program: &Program, entry: ProcId) -> HashSet<String> {
    let mut all: HashSet<String> = HashSet::new();
    let mut constrained: HashSet<String> = HashSet::new();
    let note_quantified = |e: &Expr, constrained: &mut HashSet<String>| {
        e.visit(&mut |x| {
            if matches!(x.kind, ExprKind::Quant(..)) {
                applied(x, constrained);
            }
        });
    };
    for spec in &program.proc(entry).requires {
        applied(&spec.expr, &mut constrained);
    }
    // The `ensures` and the code of every procedure; not their `requires`,
    // which begin with a copy of every axiom (read once, in the entry's):
    // a callee's own `requires` is checked where it is called.
    for procedure in &program.procedures {
        let mut note = |e: &Expr| {
            note_quantified(e, &mut constrained);
            applied(e, &mut all);
        };
        for spec in &procedure.ensures {
            note(&spec.expr);
        }
        procedure.for_each_code_expr(note);
    }
    all.retain(|name| !constrained.contains(name));
    all
}

/// Adds to `seen` every function `e` applies, through the bodies of
/// those it applies, each once.
fn applied(e: &Expr, seen: &mut HashSet<String>) {
    e.visit(&mut |x| {
        if let ExprKind::Apply(f, _) = &x.kind {
            if seen.insert(f.name.clone()) {
                if let Some(body) = &f.body {
                    applied(body, seen);
                }
            }
        }
    });
}

/// The uninterpreted functions whose values only the axioms (the
/// entry's `requires` that read no variable but constants) and ground
/// code constrain: no other quantifier mentions them (in a `requires`,
/// an `ensures` or the code, through the bodies of the functions it
/// applies). A run checks the code's constraints as it goes, and the
/// axioms' are what [`Nearby::confirm`] asks the solver about; a
/// quantifier elsewhere, which a run may take on trust, would be asked by
/// no one.
fn axiom_functions(program: &Program, entry: ProcId) -> HashSet<String> {
    let reads_only_constants = program.reads_only_constants();
    let quantified = |e: &Expr, out: &mut HashSet<String>| {
        e.visit(&mut |x| {
            if matches!(x.kind, ExprKind::Quant(..)) {
                applied(x, out);
            }
        });
    };
    let mut in_axioms = HashSet::new();
    let mut elsewhere = HashSet::new();
    for spec in &program.proc(entry).requires {
        if reads_only_constants(&spec.expr) {
            spec.expr.visit(&mut |x| match &x.kind {
                ExprKind::Apply(f, _) if f.body.is_none() => {
                    in_axioms.insert(f.name.clone());
                }
                _ => {}
            });
        }
    }
    for procedure in &program.procedures {
        for spec in &procedure.requires {
            if !reads_only_constants(&spec.expr) {
                quantified(&spec.expr, &mut elsewhere);
            }
        }
        for spec in &procedure.ensures {
            quantified(&spec.expr, &mut elsewhere);
        }
        procedure.for_each_code_expr(|e| quantified(e, &mut elsewhere));
    }
    in_axioms.retain(|name| !elsewhere.contains(name));
    in_axioms
}

/// Per global (by index): the first literal some `assume` of the program
/// compares it to with `==` (`assume sdv_cancelFptr == 0;` in a Corral
/// harness's initialisation), as the value it starts at where nothing
/// else gives one.
fn literals_assumed(program: &Program) -> std::collections::HashMap<usize, Value> {
    let mut asked = std::collections::HashMap::new();
    let literal = |e: &Expr| match &e.kind {
        ExprKind::Int(n) => Some(Value::Int(n.clone())),
        ExprKind::Unary(crate::ir::UnOp::Neg, x) => match &x.kind {
            ExprKind::Int(n) => Some(Value::Int(-n.clone())),
            _ => None,
        },
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        _ => None,
    };
    let mut note = |e: &Expr| {
        for (l, r) in equalities(e) {
            for (x, y) in [(l, r), (r, l)] {
                if let (ExprKind::Var(VarRef::Global(g)), Some(v)) = (&x.kind, literal(y)) {
                    asked.entry(g.0).or_insert(v);
                }
            }
        }
    };
    for procedure in &program.procedures {
        let Some(cfg) = &procedure.body else { continue };
        for block in cfg.graph.node_weights() {
            for stmt in &block.stmts {
                if let StmtKind::Assume(e) = &stmt.kind {
                    note(e);
                }
            }
        }
    }
    asked
}

/// A value of `ty` for a global nothing constrains.
fn default_value(ty: &Type) -> Option<Value> {
    Some(match ty {
        Type::Int => Value::Int(1.into()),
        Type::Bool => Value::Bool(false),
        Type::Bv(w) => Value::Bv {
            width: *w,
            value: 0.into(),
        },
        // Memory starts zeroed: Corral's harnesses assume of a map of
        // function pointers that it holds none of the driver's (`forall x
        // :: M[x] <= 0 || M[x] > 615`).
        Type::Map(indices, element) => {
            let mut v = match **element {
                Type::Int => Value::Int(0.into()),
                _ => default_value(element)?,
            };
            for _ in indices {
                v = Value::map(v, []);
            }
            v
        }
        _ => return None,
    })
}

/// Values to try for a choice of type `ty` when nothing asks for one.
pub(super) fn small_values(ty: &Type, rng: &mut ChaCha8Rng) -> Vec<Value> {
    match ty {
        // 1 before 0: most choices in driver code are pointers that
        // the code then assumes are not null.
        Type::Int => vec![
            Value::Int(1.into()),
            Value::Int(0.into()),
            Value::Int(rng.gen_range(2..100).into()),
            Value::Int((-1).into()),
        ],
        Type::Bool => vec![Value::Bool(false), Value::Bool(true)],
        Type::Bv(width) => {
            let w = *width;
            let mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            vec![
                Value::Bv {
                    width: w,
                    value: 0.into(),
                },
                Value::Bv {
                    width: w,
                    value: (1u64 & mask).into(),
                },
                Value::Bv {
                    width: w,
                    value: (rng.gen::<u64>() & mask).into(),
                },
            ]
        }
        _ => Vec::new(),
    }
}

/// A value of type `ty` that is none of `taken`, for a loop that polls:
/// one more than the greatest taken (an integer or a bit vector, which
/// wraps), none for other types.
fn fresh_value(ty: &Type, taken: &[Value]) -> Option<Value> {
    match ty {
        Type::Int => {
            let most = taken.iter().filter_map(|v| match v {
                Value::Int(i) => Some(i),
                _ => None,
            });
            Some(Value::Int(most.max().map_or(BigInt::from(0), |m| m + 1)))
        }
        Type::Bv(width) => {
            let most = taken.iter().filter_map(|v| match v {
                Value::Bv { value, .. } => Some(value),
                _ => None,
            });
            let next = most.max().map_or(BigInt::from(0), |m| m + 1);
            let value = next % (BigInt::from(1) << *width);
            let fresh = Value::Bv {
                width: *width,
                value,
            };
            (!taken.contains(&fresh)).then_some(fresh)
        }
        _ => None,
    }
}

/// The two sides of each `==` that is `e` or a conjunct of it.
fn equalities(e: &Expr) -> Vec<(&Expr, &Expr)> {
    let mut found = Vec::new();
    let mut atoms = vec![e];
    while let Some(a) = atoms.pop() {
        match &a.kind {
            ExprKind::Binary(BinOp::And, l, r) => atoms.extend([&**l, &**r]),
            ExprKind::Binary(BinOp::Eq, l, r) => found.push((&**l, &**r)),
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testcase::Choice;
    use crate::source::SourceMap;

    /// Choices before and after every point a run may leave its base at,
    /// and a callee whose branches return different values.
    const BRANCHES: &str = "var G: int;
procedure pick() returns (r: int);
procedure step(n: int) returns (s: int)
{
  start:
    goto one, two;
  one:
    s := n + 1;
    return;
  two:
    s := n + 2;
    return;
}
procedure main()
  modifies G;
{
  var x: int;
  var y: int;
  s0:
    G := 0;
    havoc x;
    goto a, b;
  a:
    call y := step(x);
    goto c;
  b:
    assume x > 5;
    goto c;
  c:
    call y := pick();
    goto d, e;
  d:
    assume y > 0;
    G := G + y;
    goto f, g;
  e:
    assume y <= 0;
    goto f, g;
  f:
    assume G > 2;
    return;
  g:
    return;
}
";

    /// For every point the base may be left at and several decisions
    /// after it, a run started from the machine that the first run kept
    /// where it was about to leave the base ([`run_generating`]'s
    /// `leaving`) is the run started from the beginning: the same test,
    /// or the same failure depth.
    #[test]
    fn a_run_from_where_the_base_is_left_is_the_run_from_the_start() {
        let mut sources = SourceMap::new();
        let file = sources.add("branches.bpl", BRANCHES);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("main").expect("a main");
        let step = TraceStep::new;
        let choice = |kind, proc: &str, var: &str, n: i64| {
            Choice::new(kind, proc, var, Value::Int(n.into()))
        };
        let base = TestCase {
            id: 0,
            entry: "main".to_string(),
            inputs: [("G".to_string(), Value::Int(0.into()))]
                .into_iter()
                .collect(),
            choices: vec![
                choice(ChoiceKind::Havoc, "main", "x", 0),
                choice(ChoiceKind::CallOutput, "pick", "r", 0),
            ],
            trace: vec![
                step("main", "s0"),
                step("main", "a"),
                step("step", "start"),
                step("step", "one"),
                step("main", "c"),
                step("main", "e"),
                step("main", "g"),
            ],
            functions: Vec::new(),
            outcome: Outcome::Returns,
        };
        super::super::replay(&program, entry, &base).expect("the base replays");
        let uninitialized: Vec<Vec<LocalId>> = (0..program.procedures.len())
            .map(|p| {
                program.procedures[p].body.as_ref().map_or(Vec::new(), |_| {
                    crate::middle::inline::read_before_written(&program, ProcId(p), true)
                })
            })
            .collect();
        let starts = GlobalStarts::new(&program, entry);
        let covered = HashSet::new();
        let nearby = Nearby {
            covered: &covered,
            uninitialized: &uninitialized,
            starts: &starts,
            line_of: &|_| 0,
            seed: 7,
            divergences: 1,
            attempts: 1,
            until: None,
            confirm: None,
            base_on_trust: false,
        };
        let points = (1..base.trace.len())
            .map(|follow| (follow, usize::MAX))
            .chain((0..base.choices.len()).map(|c| (usize::MAX, c)));
        let mut compared = 0;
        for point in points {
            let mut leaving = None;
            let first = Generating::new(&nearby, &covered, &base, point);
            run_generating(&program, entry, &base, first, &starts.facts, &mut leaving);
            assert!(leaving.is_some(), "the run at {point:?} left its base");
            for forced in [vec![], vec![1], vec![0, 1], vec![1, 1, 1], vec![1, 0, 1]] {
                let mut g = Generating::new(&nearby, &covered, &base, point);
                g.forced = std::rc::Rc::new(forced.clone());
                let (test, g, depth) =
                    run_generating(&program, entry, &base, g, &starts.facts, &mut None);
                let from_start = (test, g.map(|g| g.made), depth);
                let mut g = Generating::new(&nearby, &covered, &base, point);
                g.forced = std::rc::Rc::new(forced.clone());
                let (test, g, depth) =
                    run_generating(&program, entry, &base, g, &starts.facts, &mut leaving);
                let from_leaving = (test, g.map(|g| g.made), depth);
                assert_eq!(from_start, from_leaving, "at {point:?}, forced {forced:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 40);
    }

    /// Runs near a base of `source`'s `main` that gives `inputs` and
    /// enters `main`'s first block only: the program, the entry and what
    /// runs near it need.
    fn near_a_model(
        source: &str,
        inputs: &[(&str, i64)],
    ) -> (Program, ProcId, TestCase, Vec<Vec<LocalId>>) {
        let mut sources = SourceMap::new();
        let file = sources.add("origins.bpl", source);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("main").expect("a main");
        let base = TestCase {
            id: 0,
            entry: "main".to_string(),
            inputs: inputs
                .iter()
                .map(|(n, v)| (n.to_string(), Value::Int((*v).into())))
                .collect(),
            choices: Vec::new(),
            trace: vec![TraceStep::new("main", "entry")],
            functions: Vec::new(),
            outcome: Outcome::Returns,
        };
        let uninitialized = (0..program.procedures.len())
            .map(|p| {
                program.procedures[p].body.as_ref().map_or(Vec::new(), |_| {
                    crate::middle::inline::read_before_written(&program, ProcId(p), true)
                })
            })
            .collect();
        (program, entry, base, uninitialized)
    }

    fn nearby<'a>(
        covered: &'a HashSet<(String, String)>,
        uninitialized: &'a [Vec<LocalId>],
        starts: &'a GlobalStarts,
        attempts: usize,
    ) -> Nearby<'a> {
        Nearby {
            covered,
            uninitialized,
            starts,
            line_of: &|_| 0,
            seed: 7,
            divergences: 1,
            attempts,
            until: None,
            confirm: None,
            base_on_trust: false,
        }
    }

    /// A run that fails at an `assume` on a value that one of its own
    /// decisions gave, through a copy and a call, names that decision;
    /// one that fails on a value computed from it names none.
    #[test]
    fn a_failing_run_names_the_decision_that_gave_the_value() {
        let source = "procedure use(p: int, q: int)
{
  entry:
    assume p != 0;
    assume q != 0;
    return;
}
procedure go()
{
  var u: int;
  var w: int;
  entry:
    w := u;
    call use(w, 1);
    call use(1, w + 1);
    return;
}
procedure main()
{
  entry:
    call go();
    return;
}
";
        let (program, entry, base, uninitialized) = near_a_model(source, &[]);
        let starts = GlobalStarts::new(&program, entry);
        let covered = HashSet::new();
        let nearby = nearby(&covered, &uninitialized, &starts, 1);
        let run = |forced: Vec<u32>| {
            let mut g = Generating::new(&nearby, &covered, &base, (1, usize::MAX));
            g.forced = std::rc::Rc::new(forced);
            let (test, g, stop) =
                run_generating(&program, entry, &base, g, &starts.facts, &mut None);
            let g = g.expect("a generated run");
            (test, g.made, g.culprits, stop.ended)
        };
        // `u` among 1, 0, a value of 2..100, -1: 0 fails at `p != 0`.
        let (test, made, culprits, ended) = run(vec![1]);
        assert!(test.is_none() && !ended);
        assert_eq!(made.len(), 1);
        assert_eq!(culprits, vec![Origin::Made(0)]);
        // -1 fails at `q != 0` on `w + 1`, which no choice gave alone.
        let (test, _, culprits, ended) = run(vec![3]);
        assert!(test.is_none() && !ended);
        assert_eq!(culprits, Vec::new());
        let (test, _, _, _) = run(vec![0]);
        assert!(test.is_some());
    }

    /// A literal a callee returns from one branch (`-1`, a negation of
    /// one) takes the origin of the decision that chose the branch: the
    /// run that fails on it names that decision.
    #[test]
    fn a_literal_comes_from_the_branch_that_assigns_it() {
        let source = "procedure use(p: int)
{
  entry:
    assume p > 0;
    return;
}
procedure status() returns (r: int)
{
  entry:
    goto zero, one;
  zero:
    r := -1;
    return;
  one:
    r := 1;
    return;
}
procedure main()
{
  var s: int;
  var w: int;
  entry:
    call s := status();
    w := s;
    call use(w);
    return;
}
";
        let (program, entry, base, uninitialized) = near_a_model(source, &[]);
        let starts = GlobalStarts::new(&program, entry);
        let covered = HashSet::new();
        let nearby = nearby(&covered, &uninitialized, &starts, 1);
        let runs: Vec<_> = [0, 1]
            .into_iter()
            .map(|first| {
                let mut g = Generating::new(&nearby, &covered, &base, (1, usize::MAX));
                g.forced = std::rc::Rc::new(vec![first]);
                let (test, g, _) =
                    run_generating(&program, entry, &base, g, &starts.facts, &mut None);
                (test.is_some(), g.expect("a generated run").culprits)
            })
            .collect();
        assert!(
            runs.contains(&(true, Vec::new())) && runs.contains(&(false, vec![Origin::Made(0)])),
            "{runs:?}"
        );
    }

    /// Where a `goto` after a body-less callee's output leads to a block
    /// no run returns from (`assume x == 0`, then `assume false`, as
    /// Corral's loops end their copy of the body) and to one that tests
    /// `x != 0`, the value the doomed block asks is not the only one: a
    /// run near the base takes another and returns.
    #[test]
    fn a_value_only_a_doomed_block_asks_for_is_not_the_only_choice() {
        let source = "procedure nondet() returns (r: int);
procedure is_empty() returns (e: int)
{
  entry:
    call e := nondet();
    return;
}
procedure main()
{
  var x: int;
  entry:
    call x := is_empty();
    goto again, out;
  again:
    assume x == 0;
    goto stop;
  stop:
    assume false;
    return;
  out:
    assume x != 0;
    return;
}
";
        assert_a_run_near_a_model_enters(source, 4, "out");
    }

    /// A local chosen before the value it must equal is known (SDV's
    /// `_InterlockedIncrement`: `sdv_1943` passed to the loop, then
    /// `assume sdv_1943 == Old` after `Old := Mem[Addend]`) takes, in the
    /// run after the one that failed there, the value the `assume`
    /// asked: the small values would never give it.
    #[test]
    fn a_decision_takes_the_value_the_condition_it_failed_at_asked() {
        let source = "var M: [int]int;
procedure use(p: int)
{
  entry:
    return;
}
procedure main()
  modifies M;
{
  entry:
    call run();
    return;
}
procedure run()
  modifies M;
{
  var s: int;
  var o: int;
  entry:
    M[1] := 37;
    call use(s);
    o := M[1];
    goto same, other;
  same:
    assume s == o;
    return;
  other:
    assume s != o;
    goto stop;
  stop:
    assume false;
    return;
}
";
        assert_a_run_near_a_model_enters(source, 6, "same");
    }

    /// A run that took the value a condition asked of a decision (`s ==
    /// o` after the loop) and then failed in a block it chose on the way
    /// (the loop's body, `assume s != o`: SDV's `_InterlockedIncrement`
    /// goes round its loop first) keeps the value and takes the other
    /// way there: changing the value again would undo what the run
    /// before it learned.
    #[test]
    fn a_learned_value_stays_where_a_later_choice_failed() {
        let source = "var M: [int]int;
procedure use(p: int)
{
  entry:
    return;
}
procedure main()
  modifies M;
{
  entry:
    call run();
    return;
}
procedure run()
  modifies M;
{
  var s: int;
  var o: int;
  entry:
    M[1] := 37;
    call use(s);
    goto head;
  head:
    goto body, done;
  body:
    o := M[1];
    assume s != o;
    goto done;
  done:
    o := M[1];
    goto same, other;
  same:
    assume s == o;
    return;
  other:
    assume s != o;
    goto stop;
  stop:
    assume false;
    return;
}
";
        assert_a_run_near_a_model_enters(source, 8, "same");
    }

    /// A run that fails where the conditions on several values chosen
    /// before ask other values of each (SDV's drivers `havoc` pointers one
    /// after another and assume each is positive only after the last)
    /// learns all of them at once: the next run takes them and goes on.
    #[test]
    fn a_failing_run_teaches_every_decision_it_failed_on_at_once() {
        let source = "procedure main()
{
  entry:
    call run();
    return;
}
procedure run()
{
  var a: int;
  var b: int;
  var c: int;
  var d: int;
  entry:
    havoc a;
    havoc b;
    havoc c;
    havoc d;
    assume a > 100;
    assume b > 100;
    assume c > 100;
    assume d > 100;
    goto done;
  done:
    return;
}
";
        assert_a_run_near_a_model_enters(source, 2, "done");
    }

    /// Runs near a model of `source` (no inputs), `attempts` per point,
    /// find a test, the first of which enters a block labelled `label`
    /// and replays.
    fn assert_a_run_near_a_model_enters(source: &str, attempts: usize, label: &str) {
        let (program, entry, base, uninitialized) = near_a_model(source, &[]);
        let starts = GlobalStarts::new(&program, entry);
        let covered = HashSet::new();
        let found = runs_near(
            &program,
            entry,
            &base,
            &nearby(&covered, &uninitialized, &starts, attempts),
        );
        let (test, _) = found.first().expect("a test near the model");
        assert!(test.trace.iter().any(|s| s.label == label), "{test:?}");
        super::super::replay(&program, entry, test).expect("the test replays");
    }

    /// A run that fails on an input constant it copied names the
    /// constant with a value that holds, and the next runs from the
    /// point start with that value: the test they find gives it.
    #[test]
    fn runs_give_a_constant_another_value_after_failing_on_it() {
        let source = "const K: int;
procedure use(p: int)
{
  entry:
    assume p > 3;
    return;
}
procedure main()
{
  var w: int;
  entry:
    w := K;
    call use(w);
    return;
}
";
        let (program, entry, base, uninitialized) = near_a_model(source, &[("K", 0)]);
        let starts = GlobalStarts::new(&program, entry);
        let covered = HashSet::new();
        let k = program
            .globals
            .iter()
            .position(|g| g.name == "K")
            .expect("K");
        let one = nearby(&covered, &uninitialized, &starts, 1);
        let g = Generating::new(&one, &covered, &base, (1, usize::MAX));
        let (test, g, _) = run_generating(&program, entry, &base, g, &starts.facts, &mut None);
        let g = g.expect("a generated run");
        assert!(test.is_none());
        assert_eq!(g.culprits, vec![Origin::Constant(k)]);
        assert_eq!(g.constant_values, vec![(k, Value::Int(4.into()))]);
        let found = runs_near(
            &program,
            entry,
            &base,
            &nearby(&covered, &uninitialized, &starts, 2),
        );
        let (test, _) = found.first().expect("a test near the model");
        assert_eq!(test.inputs.get("K"), Some(&Value::Int(4.into())));
        super::super::replay(&program, entry, test).expect("the test replays");
    }

    /// Runs near a base that took none of a `switch`'s two dozen cases
    /// (a driver's I/O control codes, chosen by a `havoc` well before
    /// the last cases are compared) enter the one case no test entered
    /// yet: leaving the base at that `havoc`, a run is offered the value
    /// that case asks.
    #[test]
    fn runs_near_a_base_take_the_case_no_test_entered() {
        const CASES: usize = 24;
        let mut source = String::from(
            "procedure main()\n{\n  var code: int;\n  entry:\n    havoc code;\n    goto c0, n0;\n",
        );
        for i in 0..CASES {
            let k = 1000 + i;
            source += &format!("  c{i}:\n    assume code == {k};\n    return;\n");
            source += &format!("  n{i}:\n    assume code != {k};\n");
            source += &match i + 1 < CASES {
                true => format!("    goto c{}, n{};\n", i + 1, i + 1),
                false => "    return;\n".to_string(),
            };
        }
        source += "}\n";
        let mut sources = SourceMap::new();
        let file = sources.add("switch.bpl", &source);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("main").expect("a main");
        let mut trace = vec![TraceStep::new("main", "entry")];
        trace.extend((0..CASES).map(|i| TraceStep::new("main", &format!("n{i}"))));
        let base = TestCase {
            id: 0,
            entry: "main".to_string(),
            inputs: Default::default(),
            choices: vec![Choice::new(
                ChoiceKind::Havoc,
                "main",
                "code",
                Value::Int(0.into()),
            )],
            trace,
            functions: Vec::new(),
            outcome: Outcome::Returns,
        };
        super::super::replay(&program, entry, &base).expect("the base replays");
        let last = format!("c{}", CASES - 1);
        let covered: HashSet<(String, String)> = base
            .trace
            .iter()
            .map(|s| (s.proc.clone(), s.label.clone()))
            .chain((0..CASES - 1).map(|i| ("main".to_string(), format!("c{i}"))))
            .collect();
        let uninitialized = vec![Vec::new(); program.procedures.len()];
        let starts = GlobalStarts::new(&program, entry);
        let mut nearby = nearby(&covered, &uninitialized, &starts, 16);
        nearby.divergences = 8;
        let found = runs_near(&program, entry, &base, &nearby);
        let (test, _) = found.first().expect("a test near the base");
        assert!(test.trace.iter().any(|s| s.label == last), "{test:?}");
        super::super::replay(&program, entry, test).expect("the test replays");
    }
}
