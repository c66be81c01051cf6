//! Blocks dead in their own procedure, or in every caller of it.
//!
//! Takes: a resolved [`Program`], an entry and the [`Options`]. Gives:
//! [`LocalProofs`]: the blocks of the entry and of the procedures it may
//! call through which no run of *their own procedure* (or of any caller's
//! body with it inlined) reaches that procedure's end, and the procedures
//! none of whose runs ends; found by one question after another on each
//! procedure analysed alone. Entry function: [`prove_dead_locally`].
//! design.md, "Calls"; docs/decisions.md, "Blocks dead in their own
//! procedure".
//!
//! - **Why it proves.** A terminating run of the entry through a copy of
//!   block `b` of procedure `P` (inlined at some call) contains a run of
//!   `P`'s body from its first block through `b` to its end: the run must
//!   come back out of that copy (or fail an assertion in it) to
//!   terminate. Each procedure is analysed as stratified inlining's first
//!   round analyses the entry: every call it makes left open (the callee's
//!   outputs and modified globals havocked, its checked `ensures`
//!   assumed, the run possibly ending there where the callee may fail an
//!   assertion), an over-approximation of every callee, recursive calls
//!   included. Its `requires` are assumed as a call asserts them; the
//!   free ones not, since an inlined copy does not assume them (Boogie's
//!   inliner drops them). Quantified assumptions are dropped, which keeps
//!   an over-approximation. So an `unsat` about `b` here holds of every
//!   copy of `b` in the entry, within the same bound.
//! - **Corral's facts, checked.** The free `ensures` of the procedures
//!   called (Corral's inferred facts on SDV's harnesses) are candidates
//!   of a Houdini fixed point (Flanagan and Leino, FME 2001), settled
//!   callees first, a recursive cycle at once ([`Pass::settle_cycle`]):
//!   those that hold at the end of every run of their procedure's body,
//!   every call open with the callees' facts assumed, are
//!   [`LocalProofs::facts`], and every open call of the pass (and of
//!   stratified inlining's rounds) assumes them. A free `ensures` as it
//!   stands is not assumed: inlining need not establish it. Beside
//!   Corral's, the sign of each integer a procedure without such facts
//!   returns is a candidate the same way (`r >= 0`, `r < 0`, `r == 0`,
//!   `r != 0`: [`super::candidate_specs::returned_values`]), and, of a
//!   procedure that may end a run itself, what it is called with
//!   whenever it returns (`s == 259` of SDV's rule hooks:
//!   [`super::candidate_specs::return_conditions`]), assumed at the open
//!   calls of the pass and of the rounds
//!   ([`LocalProofs::proved_ensures`]).
//! - **Callees first.** A procedure with no assertion (itself or in a
//!   callee) whose first block is dead has no terminating run at all
//!   (SDV's `SLIC_EXIT_ROUTINE`, a routine that always ends in `assume
//!   false`): its open calls in its callers become `assume false`, which
//!   kills more of theirs.
//! - **Every caller.** Then each procedure but the entry (and one that
//!   calls itself) is inlined into each of its callers in turn, their
//!   other calls open: a block dead in every one of them is dead, since
//!   each copy of it in the entry sits in a copy of one caller's body
//!   (the arguments a caller passes rule out branches).
//! - **Preconditions last.** Then the pass proposes preconditions of
//!   the procedures ([`super::candidate_specs`]: the rule state a
//!   harness sets before it calls the driver, `s == 0`) and the frames
//!   that keep them (`s == old(s)`), and settles them in one Houdini
//!   fixed point, callers first ([`Pass::settle_jointly`]): each
//!   precondition asserted at every call of its procedure and assumed at
//!   its start. Where they settle, each procedure is analysed alone and
//!   in its callers again, from where its preconditions hold: a block
//!   that only a state no caller passes reaches is dead.
//! - **Each candidate alone.** A candidate's assertion is checked beside
//!   the others at the same place, never assuming them
//!   ([`crate::ir::AssertInfo::candidate`]): one after the other, a
//!   candidate that breaks only where an earlier one does would stand.
//! - **Cost.** One solver process per solver kind for all procedures,
//!   each procedure's VC in a `push` scope, each question capped at
//!   [`QUESTION_MS`]; the pass stops at its own deadline (a share of the
//!   run's time), keeping what it proved. [`beside`] runs it on a thread
//!   of its own while the cover or the rounds go on.

use super::candidate_specs::CandidateSpecs;
use super::options::Options;
use super::stages;
use crate::back::solver::cores::spare_core;
use crate::back::solver::{Deadline, SatAnswer, Solver, SolverKind};
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram};
use crate::ir::testcase::Value;
use crate::ir::{AssertId, AssertInfo, AssertKind, Expr, ProcId, Program};
use crate::middle::inline::{
    inline_calls_with, CallPolicy, CallTreatment, EntryAsCallee, FlatProcedure,
};
use crate::middle::unwind::UnwoundBody;
use crate::source::Span;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

/// Each question of the pass is given at most this long: a procedure
/// whose question takes longer keeps its blocks undecided by the pass.
const QUESTION_MS: u64 = 1_000;

/// Each question on a candidate fact is given at most this long: one
/// whose question takes longer falls.
const FACT_QUESTION_MS: u64 = 250;

/// Whether the pass runs before the cover under `options`: in statement
/// cover only. The other modes count paths and queries, which goals
/// decided beforehand would change.
pub(crate) fn wanted_for(options: &Options) -> bool {
    options.mode == crate::back::cover::CoverMode::Statements
}

/// What [`prove_dead_locally`] found.
#[derive(Clone, Debug, Default)]
pub(crate) struct LocalProofs {
    /// Blocks no run of their own procedure passes on its way to its end.
    pub dead: BTreeSet<BlockKey>,
    /// Per procedure: it has no terminating run at all (a call of it
    /// never returns, and no assertion fails in it).
    pub never_ends: Vec<bool>,
    /// Free `ensures` (procedure, index in its `ensures`) that hold at the
    /// end of every run of the procedure's body within the bound: Corral's
    /// inferred facts, checked ([`Candidates`]), and after a procedure's
    /// own `ensures` the signs of what it returns that hold
    /// ([`super::candidate_specs::returned_values`]). A call left open
    /// may assume them.
    pub facts: BTreeSet<(ProcId, usize)>,
    /// How many of `facts` are such signs.
    pub returned: usize,
    /// How many of `facts` say what a procedure's parameters, and the
    /// globals as it was called, are whenever it returns
    /// ([`super::candidate_specs::return_conditions`]).
    pub return_conditions: usize,
    /// The facts that are none of the program's own clauses (the signs
    /// and the return conditions that hold), per procedure: the rounds'
    /// open calls assume them ([`crate::middle::inline::CallPolicy::proved_ensures`]).
    pub proved_ensures: BTreeMap<ProcId, Vec<Expr>>,
    /// How many preconditions the pass proposed and proved of the
    /// procedures ([`super::candidate_specs`]): the last part of its
    /// proofs start where they hold.
    pub preconditions: usize,
    pub queries: usize,
    pub solver_time: Duration,
}

impl LocalProofs {
    /// Nothing proved (yet) of `program`'s procedures.
    pub(crate) fn none(program: &Program) -> LocalProofs {
        LocalProofs {
            never_ends: vec![false; program.procedures.len()],
            ..LocalProofs::default()
        }
    }

    /// The report's note on what the pass proved (`None` if nothing),
    /// `when`: before or beside the rounds or the cover.
    pub(crate) fn note(&self, when: &str) -> Option<String> {
        let n = self.dead.len();
        let preconditions = match self.preconditions {
            0 => String::new(),
            1 => " (and the one precondition proved to hold at every call of its procedure)"
                .to_string(),
            p => format!(
                " (and the {p} preconditions proved to hold at every call of their procedures)"
            ),
        };
        let facts = match self.facts.len() - self.returned - self.return_conditions {
            0 => String::new(),
            1 => " (and assuming the one free `ensures` proved to hold of its procedure's body)"
                .to_string(),
            f => format!(
                " (and assuming the {f} free `ensures` proved to hold of their procedures' bodies)"
            ),
        };
        let returned = match self.returned {
            0 => String::new(),
            1 => " (and the sign of what one procedure returns, proved of its body)".to_string(),
            r => format!(" (and {r} signs of what procedures return, proved of their bodies)"),
        };
        let conditions = match self.return_conditions {
            0 => String::new(),
            1 => " (and one condition on what a procedure is called with, met whenever it returns, proved of its body)".to_string(),
            c => format!(" (and {c} conditions on what procedures are called with, met whenever they return, proved of their bodies)"),
        };
        (n > 0).then(|| {
            format!(
                "{n} block{} proved infeasible {when}: each dead in its own procedure, or in every caller of it, with the calls they make over-approximated{facts}{returned}{conditions}{preconditions}",
                if n == 1 { "" } else { "s" },
            )
        })
    }
}

/// Every call open (but those of `inlined` made by the procedure
/// analysed): the over-approximation of each callee, with the `facts`
/// proved of it assumed.
struct OpenCalls<'a> {
    may_fail: &'a [bool],
    /// A callee whose calls from the procedure analysed are inlined.
    inlined: Option<ProcId>,
    facts: &'a BTreeSet<(ProcId, usize)>,
}

impl CallPolicy for OpenCalls<'_> {
    fn treat(&self, _caller: ProcId, callee: ProcId, _span: Span, path: &[Span]) -> CallTreatment {
        if self.inlined == Some(callee) && path.len() == 1 {
            return CallTreatment::Inline;
        }
        CallTreatment::Open {
            may_fail: self.may_fail[callee.0],
            free_ensures: false,
        }
    }

    fn assumes_free_ensures(&self, callee: ProcId, index: usize) -> bool {
        self.facts.contains(&(callee, index))
    }
}

/// The blocks of `entry` and of the procedures it may call that no run of
/// their own procedure passes on its way to that procedure's end (see the
/// module doc), within `--unwind`. Stops at `budget` from now (and at the
/// run's deadline), keeping what it proved by then.
pub(crate) fn prove_dead_locally(
    program: &Program,
    entry: ProcId,
    options: &Options,
    budget: Option<Duration>,
) -> LocalProofs {
    prove_dead_locally_until(program, entry, options, budget, None, None)
}

/// [`prove_dead_locally`], stopping early once `stop` is set.
fn prove_dead_locally_until(
    program: &Program,
    entry: ProcId,
    options: &Options,
    budget: Option<Duration>,
    stop: Option<&AtomicBool>,
    early: Option<&mpsc::Sender<LocalProofs>>,
) -> LocalProofs {
    let nothing = LocalProofs::none(program);
    let Ok(bodies) = crate::middle::unwind_reachable(program, entry, options.unwind) else {
        return nothing;
    };
    // The sign of what each procedure returns, as free `ensures` after
    // its own: candidates like Corral's facts, settled callees first (no
    // copy of the program where there is none: SDV's procedures all
    // state facts of their own).
    let order = callees_first(program, entry);
    let own_ensures: Vec<usize> = program.procedures.iter().map(|p| p.ensures.len()).collect();
    let returned = super::candidate_specs::returned_values(program, entry, &order);
    let with_signs: Vec<usize> = {
        let mut n = own_ensures.clone();
        for (p, exprs) in &returned {
            n[p.0] += exprs.len();
        }
        n
    };
    // Then what each procedure is called with whenever it returns, the
    // same way (SDV's rule hooks return only for the status and state
    // that break the rule).
    let conditions = super::candidate_specs::return_conditions(program, entry, &order);
    // The preconditions are proposed from the program as written: the
    // clauses added here compare parameters with constants, which would
    // change the globals most often compared with a parameter.
    let written = program;
    let with_returned;
    let program = if returned.is_empty() && conditions.is_empty() {
        program
    } else {
        with_returned = with_free_ensures(program, returned.into_iter().chain(conditions));
        &with_returned
    };
    let mut pass = Pass {
        program,
        entry,
        options,
        bodies: &bodies,
        may_fail: crate::middle::may_fail_an_assertion(program),
        deadline: own_deadline(options.deadline, budget),
        stop,
        solvers: HashMap::new(),
        candidates: None,
        with_preconditions: None,
        proofs: nothing,
    };
    let log = std::env::var_os("BICD_PASS_LOG").is_some();
    let clock = Instant::now();
    let callers = callers_of(program, &order);
    pass.candidates = Candidates::of(program, entry, &order, CandidateSpecs::default(), true);
    let candidates: usize = order
        .iter()
        .filter(|&&p| p != entry)
        .map(|&p| program.proc(p).ensures.iter().filter(|e| e.free).count())
        .sum();
    // Callees first, a recursive cycle at once: each procedure's facts
    // are settled before a caller assumes them.
    for cycle in cycles_callees_first(program, &order) {
        if pass.out_of_time() {
            break;
        }
        if cycle.len() > 1 || calls_itself(program, cycle[0]) {
            pass.settle_cycle(&cycle);
        }
        for &p in &cycle {
            pass.prove_alone(p);
        }
    }
    // What each procedure alone gave (its facts, whether it ends), for
    // the analysis beside to take while the callers are analysed.
    if let Some(early) = early {
        let mut proofs = pass.proofs.clone();
        proofs.proved_ensures = proposed_facts(program, &proofs, &own_ensures);
        let _ = early.send(proofs);
    }
    if log {
        eprintln!(
            "local proofs: each procedure alone done at {:.2} s: {} blocks dead, {} of {candidates} candidate facts stand{}",
            clock.elapsed().as_secs_f64(),
            pass.proofs.dead.len(),
            pass.proofs.facts.len(),
            if pass.out_of_time() { " (out of time)" } else { "" },
        );
    }
    // Then each procedure (but the entry, and one that calls itself)
    // inlined into each of its callers: what every caller rules out.
    pass.prove_all_in_callers(&order, &callers);
    if log {
        eprintln!(
            "local proofs: callers done at {:.2} s: {} blocks dead{}",
            clock.elapsed().as_secs_f64(),
            pass.proofs.dead.len(),
            if pass.out_of_time() {
                " (out of time)"
            } else {
                ""
            },
        );
    }
    // Last, the preconditions proposed of the procedures (and the frames
    // that keep them), the facts proved so far assumed: where they
    // settle, each procedure alone again, starting where its
    // preconditions hold, then in its callers. Last, because where they
    // do not settle (SDV's largest harnesses), the time they took is
    // lost, and the callers' part before them paid more.
    if !pass.out_of_time() {
        let specs = super::candidate_specs::candidate_specs(written, entry, &order);
        let proposed: usize = specs.requires.iter().map(|(_, e)| e.len()).sum();
        pass.candidates = Candidates::of(program, entry, &order, specs, false);
        let settled = proposed > 0 && pass.settle_jointly(&order, &callers);
        if log && proposed > 0 && !settled {
            eprintln!(
                "local proofs: {proposed} preconditions not settled at {:.2} s",
                clock.elapsed().as_secs_f64()
            );
        }
        if settled {
            pass.proofs.preconditions = pass.candidates.as_ref().map_or(0, |c| c.requires.len());
            for &p in &order {
                if pass.out_of_time() {
                    break;
                }
                pass.prove_alone(p);
            }
            pass.prove_all_in_callers(&order, &callers);
            if log {
                eprintln!(
                    "local proofs: {} of {proposed} preconditions stand; each procedure alone and in its callers again done at {:.2} s: {} blocks dead{}",
                    pass.proofs.preconditions,
                    clock.elapsed().as_secs_f64(),
                    pass.proofs.dead.len(),
                    if pass.out_of_time() { " (out of time)" } else { "" },
                );
            }
        }
    }
    let mut proofs = pass.finish();
    proofs.returned = proofs
        .facts
        .iter()
        .filter(|&&(p, k)| k >= own_ensures[p.0] && k < with_signs[p.0])
        .count();
    // Not those of a procedure that never returns: everything holds
    // whenever it does.
    proofs.return_conditions = proofs
        .facts
        .iter()
        .filter(|&&(p, k)| k >= with_signs[p.0] && !proofs.never_ends[p.0])
        .count();
    proofs.proved_ensures = proposed_facts(program, &proofs, &own_ensures);
    proofs
}

/// The clauses of `proofs`' facts past each procedure's own `ensures`
/// (counted in `own_ensures`), per procedure, from `program` (which has
/// them); not of a procedure that never ends, whose calls are `assume
/// false` anyway.
fn proposed_facts(
    program: &Program,
    proofs: &LocalProofs,
    own_ensures: &[usize],
) -> BTreeMap<ProcId, Vec<Expr>> {
    let mut out: BTreeMap<ProcId, Vec<Expr>> = BTreeMap::new();
    let proposed = |&&(p, k): &&(ProcId, usize)| k >= own_ensures[p.0] && !proofs.never_ends[p.0];
    for &(p, k) in proofs.facts.iter().filter(proposed) {
        out.entry(p)
            .or_default()
            .push((*program.proc(p).ensures[k].expr).clone());
    }
    out
}

/// `program` with `ensures` (per procedure) added as free `ensures` after
/// each procedure's own.
fn with_free_ensures(
    program: &Program,
    ensures: impl IntoIterator<Item = (ProcId, Vec<Expr>)>,
) -> Program {
    let mut out = program.clone();
    for (p, exprs) in ensures {
        out.procedures[p.0]
            .ensures
            .extend(exprs.into_iter().map(|expr| crate::ir::Spec {
                expr: Arc::new(expr),
                free: true,
                id: crate::front::resolve::FREE_SPEC_ID,
            }));
    }
    out
}

/// The time the pass may take [`beside`] an analysis that goes on for the
/// rest of the time limit: half of what is left. It takes that analysis
/// no time, only a share of the cores, and a quarter cut it short where
/// the two shared them (SDV's `driver_irqlioapclte_2`: 1,095 blocks
/// proved instead of 1,485).
pub(crate) fn budget_beside(options: &Options) -> Option<Duration> {
    options
        .deadline
        .map(|d| d.at.saturating_duration_since(Instant::now()) / 2)
}

/// The time the pass may take beside stratified inlining's rounds: all
/// but an eighth of what is left. The rounds take what each procedure
/// alone gave as soon as that part ends ([`Beside::poll`]), and need the
/// second core for nothing else; the rest (each procedure in its
/// callers) joins the report at the end. Checking Corral's facts made
/// the first part longer than half the time on SDV's largest harnesses.
pub(crate) fn budget_beside_rounds(options: &Options) -> Option<Duration> {
    options
        .deadline
        .map(|d| d.at.saturating_duration_since(Instant::now()) * 7 / 8)
}

/// The pass of [`prove_dead_locally`] on a thread of its own, beside the
/// analysis that `analysis` runs on this one (the cover, or stratified
/// inlining's rounds), which takes its proofs when they come
/// ([`Beside::poll`], [`Beside::wait`]). The pass mostly waits on small
/// questions and the analysis on large ones: on two cores neither waits
/// for the other (docs/decisions.md, "The local proofs beside the
/// analysis"). Where no thread can be started, the pass runs first, as it
/// would alone.
pub(crate) fn beside<R>(
    program: &Program,
    entry: ProcId,
    options: &Options,
    budget: Option<Duration>,
    analysis: impl FnOnce(&mut Beside<'_, '_>) -> R,
) -> R {
    let stop = AtomicBool::new(false);
    let stop = &stop;
    std::thread::scope(|scope| {
        let (early, first_part) = mpsc::channel();
        let spawned = spare_core().map(|core| {
            std::thread::Builder::new()
                .name("bicd-local-proofs".into())
                .stack_size(super::WORKER_STACK)
                .spawn_scoped(scope, move || {
                    let proved = prove_dead_locally_until(
                        program,
                        entry,
                        options,
                        budget,
                        Some(stop),
                        Some(&early),
                    );
                    drop(core);
                    proved
                })
        });
        let mut beside = match spawned {
            Some(Ok(handle)) => Beside {
                running: Some(handle),
                first_part: Some(first_part),
                proved: LocalProofs::none(program),
                stop,
                stoppable: options.deadline.is_some(),
            },
            // No spare core (or no thread): the pass first, in at most a
            // quarter of the time, then the analysis.
            Some(Err(_)) | None => {
                let quarter = options
                    .deadline
                    .map(|d| d.at.saturating_duration_since(Instant::now()) / 4);
                let alone = match (budget, quarter) {
                    (Some(b), Some(q)) => Some(b.min(q)),
                    (b, q) => b.or(q),
                };
                Beside {
                    running: None,
                    first_part: None,
                    proved: prove_dead_locally(program, entry, options, alone),
                    stop,
                    stoppable: options.deadline.is_some(),
                }
            }
        };
        analysis(&mut beside)
    })
}

/// The pass [`beside`] an analysis: running, or what it proved.
pub(crate) struct Beside<'scope, 'a> {
    running: Option<ScopedJoinHandle<'scope, LocalProofs>>,
    /// What each procedure alone gave, sent while the pass goes on.
    first_part: Option<mpsc::Receiver<LocalProofs>>,
    /// Nothing while the pass runs (until its first part has ended).
    proved: LocalProofs,
    stop: &'a AtomicBool,
    /// Under a time limit the pass may be stopped early; without one it
    /// runs to its end, so that the report does not depend on timing.
    stoppable: bool,
}

impl Beside<'_, '_> {
    /// What the pass proved, once it has ended, or once its first part
    /// (each procedure alone: the facts, the procedures that never end)
    /// has; `None` before.
    pub(crate) fn poll(&mut self) -> Option<&LocalProofs> {
        if self.running.as_ref().is_some_and(|h| h.is_finished()) {
            self.join();
        }
        if let Some(first) = self.first_part.as_ref().and_then(|r| r.try_recv().ok()) {
            self.first_part = None;
            self.proved = first;
        }
        (self.running.is_none() || self.first_part.is_none()).then_some(&self.proved)
    }

    /// What the pass proved, waiting for its end; with `needed` false
    /// (the analysis decided everything) it is told to stop first, under
    /// a time limit.
    pub(crate) fn wait(&mut self, needed: bool) -> &LocalProofs {
        if !needed && self.stoppable {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.join();
        &self.proved
    }

    fn join(&mut self) {
        // What the pass sent of its first part is in what it gives at
        // its end.
        self.first_part = None;
        if let Some(handle) = self.running.take() {
            match handle.join() {
                Ok(proofs) => self.proved = proofs,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }
}

/// The pass's state: its solvers (one per kind) and what it proved.
struct Pass<'a> {
    program: &'a Program,
    entry: ProcId,
    options: &'a Options,
    bodies: &'a [Option<UnwoundBody>],
    may_fail: Vec<bool>,
    deadline: Option<Deadline>,
    /// Set when the analysis beside the pass needs nothing more of it.
    stop: Option<&'a AtomicBool>,
    solvers: HashMap<SolverKind, Solver>,
    /// Corral's facts not yet settled; `None` without any.
    candidates: Option<Candidates>,
    /// The program with the preconditions proved of its procedures
    /// ([`Pass::settle_jointly`]); `None` where none was.
    with_preconditions: Option<Program>,
    proofs: LocalProofs,
}

/// The free `ensures` of the procedures called, as candidates of
/// [`Pass::settle_cycle`] and [`Pass::prove_alone`] (Houdini: Flanagan
/// and Leino, FME 2001).
struct Candidates {
    /// The program with every candidate standing a checked `ensures`
    /// with an assertion of its own (asserted at the end of its
    /// procedure analysed alone, assumed at an open call of it), a
    /// fallen one free again.
    program: Program,
    /// The candidates standing, by their assertion in `program`.
    standing: BTreeMap<AssertId, (ProcId, usize)>,
    /// Procedures whose candidates are settled: what stands of them is
    /// in [`LocalProofs::facts`].
    settled: Vec<bool>,
    /// The candidate preconditions standing ([`super::candidate_specs`],
    /// each a checked `requires` in `program`: assumed at the entry of its
    /// procedure analysed alone, asserted at each open call of it), by
    /// their assertion: procedure, index in its `requires`.
    requires: BTreeMap<AssertId, (ProcId, usize)>,
    /// Per procedure, how many of [`Candidates::requires`] are its.
    requires_of: Vec<usize>,
}

impl Candidates {
    /// With `own`, every free `ensures` of the procedures of `order` but
    /// `entry` (Corral's facts); and the candidates `proposed` of them
    /// ([`super::candidate_specs`]), after the program's own clauses.
    /// `None` if there is none.
    fn of(
        program: &Program,
        entry: ProcId,
        order: &[ProcId],
        proposed: CandidateSpecs,
        own: bool,
    ) -> Option<Candidates> {
        let any = own
            && order
                .iter()
                .any(|&p| p != entry && program.proc(p).ensures.iter().any(|e| e.free));
        if !any && proposed.requires.is_empty() && proposed.ensures.is_empty() {
            return None;
        }
        let mut checked = program.clone();
        let mut standing = BTreeMap::new();
        for &p in order.iter().filter(|&&p| own && p != entry) {
            for i in 0..checked.procedures[p.0].ensures.len() {
                let id = AssertId(checked.asserts.len());
                let spec = &mut checked.procedures[p.0].ensures[i];
                if !spec.free {
                    continue;
                }
                spec.free = false;
                spec.id = id;
                let span = spec.expr.span;
                checked.asserts.push(AssertInfo {
                    kind: AssertKind::Ensures,
                    proc: p,
                    span,
                    candidate: true,
                });
                standing.insert(id, (p, i));
            }
        }
        // Proposed `ensures` after the program's own, so that a fact's
        // index means the same clause in the program and here.
        for (p, exprs) in proposed.ensures {
            for expr in exprs {
                let (id, k) =
                    push_clause(&mut checked, p, AssertKind::Ensures, Arc::new(expr), true);
                standing.insert(id, (p, k));
            }
        }
        let mut standing_requires = BTreeMap::new();
        let mut requires_of = vec![0; program.procedures.len()];
        for (p, exprs) in proposed.requires {
            for expr in exprs {
                let (id, k) =
                    push_clause(&mut checked, p, AssertKind::Requires, Arc::new(expr), true);
                standing_requires.insert(id, (p, k));
                requires_of[p.0] += 1;
            }
        }
        Some(Candidates {
            program: checked,
            standing,
            settled: vec![false; program.procedures.len()],
            requires: standing_requires,
            requires_of,
        })
    }

    /// The standing candidates of `p`.
    fn of_proc(&self, p: ProcId) -> Vec<AssertId> {
        self.standing
            .iter()
            .filter(|(_, (q, _))| *q == p)
            .map(|(id, _)| *id)
            .collect()
    }

    /// `fallen` fall: neither assumed nor asserted any more.
    fn fall(&mut self, fallen: &[AssertId]) {
        for id in fallen {
            if let Some((q, k)) = self.standing.remove(id) {
                self.program.procedures[q.0].ensures[k].free = true;
            }
            if let Some((q, k)) = self.requires.remove(id) {
                self.program.procedures[q.0].requires[k].free = true;
                self.requires_of[q.0] -= 1;
            }
        }
    }

    /// `program` with the standing preconditions as checked `requires`
    /// (assumed at the entry of a procedure analysed alone, asserted, and
    /// so holding after, at a call of it) and the standing proposed
    /// `ensures` as checked ones (assumed at an open call); Corral's
    /// facts stay free there, assumed where [`LocalProofs::facts`] says.
    fn with_preconditions(&self, program: &Program) -> Program {
        let mut proved = program.clone();
        for &(p, k) in self.standing.values() {
            if k >= program.proc(p).ensures.len() {
                let expr = self.program.procedures[p.0].ensures[k].expr.clone();
                push_clause(&mut proved, p, AssertKind::Ensures, expr, false);
            }
        }
        for &(p, k) in self.requires.values() {
            let expr = self.program.procedures[p.0].requires[k].expr.clone();
            push_clause(&mut proved, p, AssertKind::Requires, expr, false);
        }
        proved
    }
}

/// `expr` as a checked clause of `p` (a `requires` or an `ensures`, by
/// `kind`) with an assertion of its own, a Houdini candidate's with
/// `candidate`: the assertion, and the clause's index.
fn push_clause(
    program: &mut Program,
    p: ProcId,
    kind: AssertKind,
    expr: Arc<Expr>,
    candidate: bool,
) -> (AssertId, usize) {
    let id = AssertId(program.asserts.len());
    program.asserts.push(AssertInfo {
        kind,
        proc: p,
        span: expr.span,
        candidate,
    });
    let proc = &mut program.procedures[p.0];
    let clauses = match kind {
        AssertKind::Requires => &mut proc.requires,
        _ => &mut proc.ensures,
    };
    clauses.push(crate::ir::Spec {
        expr,
        free: false,
        id,
    });
    (id, clauses.len() - 1)
}

impl Pass<'_> {
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| d.passed())
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// `p` alone, every call open: its candidates settled (where no
    /// recursive cycle settled them), then its dead blocks with the
    /// callees' facts assumed. Asked on the candidates' program (where
    /// `p`'s candidates are asserted at its end), the dead blocks'
    /// questions took twice as long; a VC is cheap to build.
    fn prove_alone(&mut self, p: ProcId) {
        if self.candidates.as_ref().is_some_and(|c| !c.settled[p.0]) {
            self.check_candidates(p);
            self.settle(p);
        }
        let Some(dead) = self.dead_in(p, None, p) else {
            return;
        };
        // Without an assertion to fail, every terminating run of `p`
        // returns, and so passes the end of its first block.
        let first = self.program.proc(p).body.as_ref().map(|cfg| BlockKey {
            proc: p,
            block: cfg.entry,
        });
        if !self.may_fail[p.0] && first.is_some_and(|k| dead.contains(&k)) {
            self.proofs.never_ends[p.0] = true;
        }
        self.proofs.dead.extend(dead);
    }

    /// `p`, whose candidates could not be settled (its cycle ran out of
    /// time): none of them stands.
    fn settle_failing(&mut self, p: ProcId) {
        if let Some(c) = &mut self.candidates {
            let all = c.of_proc(p);
            c.fall(&all);
        }
        self.settle(p);
    }

    /// Each procedure of `order` but the entry (and one that calls
    /// itself) inlined into each of its `callers` in turn
    /// ([`Pass::prove_in_callers`]), until the time is up.
    fn prove_all_in_callers(&mut self, order: &[ProcId], callers: &[Vec<ProcId>]) {
        for &p in order {
            if self.out_of_time() {
                break;
            }
            if p != self.entry && !callers[p.0].contains(&p) && !callers[p.0].is_empty() {
                self.prove_in_callers(p, &callers[p.0]);
            }
        }
    }

    /// `p` inlined into each of `callers` in turn (their other calls
    /// open): the blocks of `p` dead in every one of them.
    fn prove_in_callers(&mut self, p: ProcId, callers: &[ProcId]) {
        let mut dead: Option<BTreeSet<BlockKey>> = None;
        for &q in callers {
            let Some(here) = self.dead_in(q, Some(p), p) else {
                return;
            };
            let left: BTreeSet<BlockKey> = match dead {
                None => here,
                Some(d) => d.intersection(&here).copied().collect(),
            };
            if left.is_empty() {
                return;
            }
            dead = Some(left);
        }
        self.proofs.dead.extend(dead.unwrap_or_default());
    }

    /// The blocks of `target` not yet proved dead that no terminating run
    /// of `q` passes (with the calls of `inlined` from `q` inlined, every
    /// other call open); `None` when that could not be asked or answered.
    fn dead_in(
        &mut self,
        q: ProcId,
        inlined: Option<ProcId>,
        target: ProcId,
    ) -> Option<BTreeSet<BlockKey>> {
        let prepared = self.open_program(q, inlined)?;
        let known = &self.proofs.dead;
        let wanted = |k: &BlockKey| k.proc == target && !known.contains(k);
        let copies = copies_ending(&prepared.passive, wanted);
        self.never_passed(&prepared, copies, QUESTION_MS)
    }

    /// The keys of `copies` none of whose passive blocks (in `prepared`)
    /// a terminating run passes; `None` when that could not be asked.
    fn never_passed<K: Ord>(
        &mut self,
        prepared: &stages::PreparedEntry,
        copies: BTreeMap<K, Vec<usize>>,
        cap_ms: u64,
    ) -> Option<BTreeSet<K>> {
        if copies.is_empty() {
            return Some(BTreeSet::new());
        }
        let kind = stages::solver_for(self.options.solver, &prepared.vc);
        let solver = match self.solvers.entry(kind) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let mut s = stages::start_solver(kind, self.options).ok()?;
                s.set_deadline(self.deadline);
                v.insert(s)
            }
        };
        match never_passed(&prepared.passive, &prepared.vc, solver, copies, cap_ms) {
            Ok(left) => Some(left),
            Err(_) => {
                // A solver that failed is dropped; the next question that
                // needs one starts it afresh.
                if let Some(s) = self.solvers.remove(&kind) {
                    self.proofs.queries += s.queries();
                    self.proofs.solver_time += s.time();
                }
                None
            }
        }
    }

    /// The proposed candidates (preconditions, and the frames that keep
    /// them) settled in one Houdini fixed point over the procedures of
    /// `order` and the entry, callers first: each procedure analysed alone
    /// on the candidates' program, its standing preconditions assumed at
    /// its start and its proposed `ensures` asserted at its end, every
    /// call open with the callee's facts and standing proposed `ensures`
    /// assumed and its standing preconditions asserted; a candidate some
    /// run breaks falls, and the procedures that assumed it are analysed
    /// again (a fact's callers, a precondition's procedure), until none
    /// falls. What stands then holds of every run of the entry within the
    /// bound, by induction on the calls of the run: each call began where
    /// its callee's preconditions held, and each call that returned ended
    /// where its facts held. Returns whether it settled (within half the
    /// pass's time left); only then is [`Pass::with_preconditions`] set.
    fn settle_jointly(&mut self, order: &[ProcId], callers: &[Vec<ProcId>]) -> bool {
        let until = self
            .deadline
            .map(|d| Instant::now() + d.at.saturating_duration_since(Instant::now()) / 2);
        let mut queued = vec![false; self.program.procedures.len()];
        // Callers first: the entry's calls rule out most preconditions of
        // its callees before those are analysed assuming them all.
        let mut queue: std::collections::VecDeque<ProcId> = order.iter().rev().copied().collect();
        for &p in order {
            queued[p.0] = true;
        }
        while let Some(q) = queue.pop_front() {
            queued[q.0] = false;
            if self.out_of_time() || until.is_some_and(|d| Instant::now() >= d) {
                return false;
            }
            let Some(c) = &self.candidates else {
                return false;
            };
            // Only a procedure with a candidate to check: its own facts,
            // or the preconditions of a procedure it calls.
            let checks_any = !c.of_proc(q).is_empty()
                || self.program.calls(q).any(|(p, _)| c.requires_of[p.0] > 0);
            if !checks_any {
                continue;
            }
            let fallen = self.fallen_anywhere_in(q);
            let Some(c) = &mut self.candidates else {
                return false;
            };
            let mut again = Vec::new();
            for id in &fallen {
                if let Some(&(p, _)) = c.standing.get(id) {
                    again.extend(callers[p.0].iter().copied());
                }
                if let Some(&(p, _)) = c.requires.get(id) {
                    again.push(p);
                }
            }
            c.fall(&fallen);
            for p in again {
                if !queued[p.0] {
                    queued[p.0] = true;
                    queue.push_back(p);
                }
            }
        }
        let Some(c) = &self.candidates else {
            return false;
        };
        if !c.requires.is_empty() {
            self.with_preconditions = Some(c.with_preconditions(self.program));
        }
        for &p in order {
            self.settle(p);
        }
        true
    }

    /// The standing candidates that some terminating run of `q` alone
    /// (every call open, on the candidates' program) breaks: `q`'s facts
    /// at its end, the preconditions of its callees at its calls; all of
    /// those `q` checks where that could not be asked or answered.
    fn fallen_anywhere_in(&mut self, q: ProcId) -> Vec<AssertId> {
        let Some(prepared) = self.candidates_program(q) else {
            return self.candidates.as_ref().map_or(Vec::new(), |c| {
                let mut all = c.of_proc(q);
                for p in self.program.callees(q) {
                    all.extend(
                        c.requires
                            .iter()
                            .filter(|(_, &(r, _))| r == p)
                            .map(|(id, _)| *id),
                    );
                }
                all
            });
        };
        let Some(c) = &self.candidates else {
            return Vec::new();
        };
        let mut copies: BTreeMap<AssertId, Vec<usize>> = BTreeMap::new();
        for (b, block) in prepared.passive.blocks.iter().enumerate() {
            if let BlockRole::AssertFail(id) = block.role {
                if c.standing.get(&id).is_some_and(|&(p, _)| p == q) || c.requires.contains_key(&id)
                {
                    copies.entry(id).or_default().push(b);
                }
            }
        }
        let checked: Vec<AssertId> = copies.keys().copied().collect();
        match self.never_passed(&prepared, copies, FACT_QUESTION_MS) {
            Some(holding) => checked
                .into_iter()
                .filter(|id| !holding.contains(id))
                .collect(),
            None => checked,
        }
    }

    /// The candidates of a recursive `cycle` (procedures that call each
    /// other, or one that calls itself) settled together: each member
    /// analysed alone, every call open with the standing candidates
    /// assumed (at a call within the cycle, the hypothesis of an induction
    /// on the depth of calls), again after a candidate of a member it
    /// calls fell, until none falls.
    fn settle_cycle(&mut self, cycle: &[ProcId]) {
        let Some(candidates) = &self.candidates else {
            return;
        };
        let mut queue: BTreeSet<ProcId> = cycle
            .iter()
            .copied()
            .filter(|&p| !candidates.of_proc(p).is_empty())
            .collect();
        while let Some(p) = queue.pop_first() {
            if self.out_of_time() {
                // Not settled: nothing of the cycle is a fact.
                for &q in cycle {
                    self.settle_failing(q);
                }
                return;
            }
            if self.check_candidates(p).is_empty() {
                continue;
            }
            for &q in cycle {
                if self.program.callees(q).contains(&p)
                    && self
                        .candidates
                        .as_ref()
                        .is_some_and(|c| !c.of_proc(q).is_empty())
                {
                    queue.insert(q);
                }
            }
        }
        for &p in cycle {
            self.settle(p);
        }
    }

    /// `p`'s standing candidates checked on the candidates' program (all
    /// of them fall where it cannot be built): those that fell, no longer
    /// standing.
    fn check_candidates(&mut self, p: ProcId) -> Vec<AssertId> {
        if self
            .candidates
            .as_ref()
            .is_none_or(|c| c.of_proc(p).is_empty())
        {
            // Nothing to check: no program to build.
            return Vec::new();
        }
        let fallen = match self.candidates_program(p) {
            Some(prepared) => self.fallen_candidates(&prepared, p),
            None => self
                .candidates
                .as_ref()
                .map_or(Vec::new(), |c| c.of_proc(p)),
        };
        if let Some(c) = &mut self.candidates {
            c.fall(&fallen);
        }
        fallen
    }

    /// What stands of `p`'s candidates is a fact from now on.
    fn settle(&mut self, p: ProcId) {
        let Some(c) = &mut self.candidates else {
            return;
        };
        if !c.settled[p.0] {
            c.settled[p.0] = true;
            // The program's own free `ensures`; the proposed ones hold in
            // [`Pass::with_preconditions`] only.
            let own = self.program.proc(p).ensures.len();
            self.proofs.facts.extend(
                c.standing
                    .values()
                    .filter(|&&(q, k)| q == p && k < own)
                    .copied(),
            );
        }
    }

    /// The standing candidates of `p` that a terminating run of `p`
    /// alone (`prepared`, built from the candidates' program) breaks at
    /// its end; all of them when that could not be asked or answered. A
    /// candidate with no failure block is never checked at a reachable
    /// end, and stands.
    fn fallen_candidates(&mut self, prepared: &stages::PreparedEntry, p: ProcId) -> Vec<AssertId> {
        let own = self
            .candidates
            .as_ref()
            .map_or(Vec::new(), |c| c.of_proc(p));
        if own.is_empty() {
            return own;
        }
        let mut copies: BTreeMap<AssertId, Vec<usize>> = BTreeMap::new();
        for (b, block) in prepared.passive.blocks.iter().enumerate() {
            if let BlockRole::AssertFail(id) = block.role {
                if own.contains(&id) {
                    copies.entry(id).or_default().push(b);
                }
            }
        }
        let checked: Vec<AssertId> = copies.keys().copied().collect();
        match self.never_passed(prepared, copies, FACT_QUESTION_MS) {
            Some(holding) => checked
                .into_iter()
                .filter(|id| !holding.contains(id))
                .collect(),
            None => own,
        }
    }

    /// `p` alone, every call open, from the candidates' program: `p`'s
    /// standing candidates asserted at its end, its callees' assumed at
    /// the open calls. `None` without candidates, or when it cannot be
    /// built.
    fn candidates_program(&self, p: ProcId) -> Option<stages::PreparedEntry> {
        let c = self.candidates.as_ref()?;
        self.open_program_of(&c.program, p, None, &self.proofs.facts)
    }

    /// `q` with the calls of `inlined` it makes inlined and every other
    /// call open, passive, with its VC; the open calls of a procedure that
    /// never ends blocked. `None` when it cannot be built (the entry's own
    /// analysis reports why).
    fn open_program(&self, q: ProcId, inlined: Option<ProcId>) -> Option<stages::PreparedEntry> {
        let program = self.with_preconditions.as_ref().unwrap_or(self.program);
        self.open_program_of(program, q, inlined, &self.proofs.facts)
    }

    /// [`Pass::open_program`] of `program`, with `facts` assumed at the
    /// open calls.
    fn open_program_of(
        &self,
        program: &Program,
        q: ProcId,
        inlined: Option<ProcId>,
        facts: &BTreeSet<(ProcId, usize)>,
    ) -> Option<stages::PreparedEntry> {
        let policy = OpenCalls {
            may_fail: &self.may_fail,
            inlined,
            facts,
        };
        // The entry runs as the analysis runs it (all of its `requires`
        // assumed); another procedure as an inlined copy runs.
        let as_callee = EntryAsCallee {
            without_free_requires: true,
            ..EntryAsCallee::default()
        };
        let as_callee = (q != self.entry).then_some(&as_callee);
        let k = self.options.unwind;
        let mut flat =
            inline_calls_with(program, q, k, self.bodies, Some(&policy), as_callee).ok()?;
        block_calls_that_never_end(&mut flat, &self.proofs.never_ends);
        let passive = crate::middle::passify(program, &flat);
        let (passive, _) = super::stratified::without_quantifiers(passive);
        let mut times = stages::StageTimes::default();
        Some(stages::with_vc(q, passive, &mut times))
    }

    fn finish(mut self) -> LocalProofs {
        for s in self.solvers.into_values() {
            self.proofs.queries += s.queries();
            self.proofs.solver_time += s.time();
        }
        self.proofs
    }
}

/// Per procedure of `order`: the procedures of `order` that call it.
fn callers_of(program: &Program, order: &[ProcId]) -> Vec<Vec<ProcId>> {
    let mut callers = vec![Vec::new(); program.procedures.len()];
    for &q in order {
        for c in program.callees(q) {
            callers[c.0].push(q);
        }
    }
    callers
}

/// The pass's deadline: `budget` from now, or the run's, whichever comes
/// first.
fn own_deadline(run: Option<Deadline>, budget: Option<Duration>) -> Option<Deadline> {
    let own = budget.map(|b| Deadline {
        at: Instant::now() + b,
        limit: run.map_or(b, |d| d.limit),
        share: true,
    });
    match (run, own) {
        (Some(r), Some(o)) if r.at <= o.at => Some(r),
        (_, Some(o)) => Some(o),
        (r, None) => r,
    }
}

/// `entry` and the procedures with a body it may call, each after every
/// procedure it calls (but in a recursive cycle, where one comes first).
fn callees_first(program: &Program, entry: ProcId) -> Vec<ProcId> {
    let mut order = Vec::new();
    let mut seen = vec![false; program.procedures.len()];
    // Depth first, iteratively: (procedure, its callees, next callee).
    let mut stack: Vec<(ProcId, Vec<ProcId>, usize)> = Vec::new();
    seen[entry.0] = true;
    stack.push((entry, program.callees(entry), 0));
    while let Some((p, callees, next)) = stack.last_mut() {
        if let Some(&c) = callees.get(*next) {
            *next += 1;
            if !seen[c.0] {
                seen[c.0] = true;
                stack.push((c, program.callees(c), 0));
            }
            continue;
        }
        let p = *p;
        stack.pop();
        if program.proc(p).body.is_some() {
            order.push(p);
        }
    }
    order
}

/// The procedures of `order` in strongly connected components of the
/// call graph (recursive cycles), callees first (petgraph's Tarjan
/// order): every procedure a component calls outside it is in an earlier
/// one.
fn cycles_callees_first(program: &Program, order: &[ProcId]) -> Vec<Vec<ProcId>> {
    let mut graph: petgraph::graph::DiGraph<ProcId, ()> = petgraph::graph::DiGraph::new();
    let mut node = HashMap::new();
    for &p in order {
        node.insert(p, graph.add_node(p));
    }
    for &p in order {
        for c in program.callees(p) {
            if let Some(&n) = node.get(&c) {
                graph.add_edge(node[&p], n, ());
            }
        }
    }
    petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .map(|scc| scc.into_iter().map(|n| graph[n]).collect())
        .collect()
}

/// Whether `p`'s body calls `p`.
fn calls_itself(program: &Program, p: ProcId) -> bool {
    program.callees(p).contains(&p)
}

/// Every open call of a procedure in `never_ends` ([`LocalProofs`])
/// becomes `assume false`: still an over-approximation of the calls.
pub(crate) fn block_calls_that_never_end(flat: &mut FlatProcedure, never_ends: &[bool]) {
    for b in 0..flat.blocks.len() {
        let crate::middle::inline::FlatRole::OpenCall { site } = flat.blocks[b].role else {
            continue;
        };
        if never_ends.get(flat.open_calls[site].callee.0) == Some(&true) {
            let span = flat.blocks[b]
                .stmts
                .first()
                .map(|s| s.span)
                .unwrap_or_default();
            flat.blocks[b].stmts = vec![crate::middle::inline::FlatStmt {
                kind: crate::middle::inline::FlatStmtKind::Assume(Expr::bool(false, span)),
                span,
            }];
        }
    }
}

/// The passive blocks of `program` that end each source block `wanted`.
fn copies_ending(
    program: &PassiveProgram,
    wanted: impl Fn(&BlockKey) -> bool,
) -> BTreeMap<BlockKey, Vec<usize>> {
    let mut copies: BTreeMap<BlockKey, Vec<usize>> = BTreeMap::new();
    for (i, b) in program.blocks.iter().enumerate() {
        if let BlockRole::Code {
            key,
            ends_block: true,
        } = b.role
        {
            if wanted(&key) {
                copies.entry(key).or_default().push(i);
            }
        }
    }
    copies
}

/// The keys of `copies` none of whose passive blocks a terminating run
/// passes: "a run through one of the blocks left" is asked until
/// `unsat`, each model taking the keys its run passes out of the
/// question. Nothing when a question is not answered.
fn never_passed<K: Ord>(
    passive: &PassiveProgram,
    vc: &crate::back::vc::ReachabilityVc,
    solver: &mut Solver,
    copies: BTreeMap<K, Vec<usize>>,
    cap_ms: u64,
) -> Result<BTreeSet<K>, crate::back::solver::SolverError> {
    if copies.is_empty() {
        return Ok(BTreeSet::new());
    }
    solver.set_logic_for(&vc.features, vc.nonlinear)?;
    solver.push()?;
    let loaded = load(vc, solver, cap_ms);
    let answer = loaded.and_then(|()| ask_until_unsat(passive, vc, solver, copies));
    solver.pop()?;
    answer
}

fn load(
    vc: &crate::back::vc::ReachabilityVc,
    solver: &mut Solver,
    cap_ms: u64,
) -> Result<(), crate::back::solver::SolverError> {
    let mut script = vc.declarations.clone();
    script.push_str(vc.definitions_for(solver.kind()));
    script.push_str(&format!("(assert {})\n", vc.r[0]));
    solver.send(&script)?;
    solver.cap_query_time(Some(cap_ms))
}

fn ask_until_unsat<K: Ord>(
    passive: &PassiveProgram,
    vc: &crate::back::vc::ReachabilityVc,
    solver: &mut Solver,
    mut left: BTreeMap<K, Vec<usize>>,
) -> Result<BTreeSet<K>, crate::back::solver::SolverError> {
    // Whether a model passes block `t`: its `R_t`, or, for an assertion's
    // failing end, its one predecessor `R`-true with the assertion false
    // there (the predecessor's definitions hold, so the model has a run
    // that ends failing it). Where the VC defines `W_b` by `=>` (maps), or
    // an assertion's name is defined inside `W_b`, a model sets few `R_t`
    // beyond the one it needs: candidates asserted one after the other
    // then fell one per question.
    let passed_term = |t: usize| -> String {
        let block = &passive.blocks[t];
        match (&block.role, block.preds.as_slice()) {
            (BlockRole::AssertFail(_), &[p]) => {
                format!("(or {} (and {} {}))", vc.r[t], vc.r[p], vc.stmts[t])
            }
            _ => vc.r[t].clone(),
        }
    };
    while !left.is_empty() {
        let targets: Vec<usize> = left.values().flatten().copied().collect();
        solver.push()?;
        let mut question = String::from("(assert (or");
        for &t in &targets {
            question.push(' ');
            question.push_str(&vc.r[t]);
        }
        question.push_str("))\n");
        solver.send(&question)?;
        let answer = solver.check_sat_assuming(&[]);
        let passed = match answer {
            Ok(SatAnswer::Sat) => {
                let terms: Vec<String> = targets.iter().map(|&t| passed_term(t)).collect();
                let values = solver.get_values(&terms);
                values.map(|vs| {
                    targets
                        .iter()
                        .zip(vs)
                        .filter(|(_, v)| *v == Value::Bool(true))
                        .map(|(&t, _)| t)
                        .collect::<BTreeSet<usize>>()
                })
            }
            Ok(SatAnswer::Unsat) => {
                solver.pop()?;
                return Ok(left.into_keys().collect());
            }
            Ok(SatAnswer::Unknown(_)) => Ok(BTreeSet::new()),
            Err(e) => Err(e),
        };
        solver.pop()?;
        let passed = passed?;
        if passed.is_empty() {
            // `unknown`, or a model that names no block left: the pass
            // stops here for this procedure.
            return Ok(BTreeSet::new());
        }
        left.retain(|_, cs| !cs.iter().any(|c| passed.contains(c)));
    }
    Ok(BTreeSet::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    const PROGRAM: &str = "var g: int;

procedure Stop() { entry: assume false; return; }

procedure Fails(x: int) { entry: assert x > 0; assume false; return; }

procedure FailsCaller() {
  A: goto C;
  C: call Fails(0); return;
}

procedure Checked(x: int)
  free requires x > 0;
  requires x < 100;
{
  entry: goto Low, High, Mid;
  Low: assume x <= 0; return;
  High: assume x >= 100; return;
  Mid: return;
}

procedure Callee(x: int)
  modifies g;
{
  entry: goto Seven, Other;
  Seven: assume x == 7; goto Next;
  Other: goto Next;
  Next: assume g > 5; goto Contra, Fine;
  Contra: assume g < 3; return;
  Fine: return;
}

procedure Rec(n: int) returns (r: int) {
  entry: goto Deeper, Base;
  Deeper: assume n > 0; call r := Rec(n - 1); r := r + 1; return;
  Base: assume n <= 0; r := 0; return;
}

procedure main()
  modifies g;
{
  var r: int;
  entry: call Callee(1); goto ToStop, ToFails, Rest;
  ToStop: call Stop(); g := 3; goto Rest;
  ToFails: call FailsCaller(); g := 4; goto Rest;
  Rest: call r := Rec(2); call Checked(5); return;
}
";

    /// `text` loaded, and its procedure `entry`.
    fn load(text: &str, entry: &str) -> (Program, ProcId) {
        let mut sources = SourceMap::new();
        let file = sources.add("local.bpl", text);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name(entry).expect("entry");
        (program, entry)
    }

    fn names(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    /// The facts `prove_dead_locally` proves of `main`'s callees, as
    /// `proc#index`.
    fn facts_in(text: &str) -> BTreeSet<String> {
        let (program, entry) = load(text, "main");
        let options = Options::new(SolverKind::Z3);
        let proofs = prove_dead_locally(&program, entry, &options, None);
        proofs
            .facts
            .iter()
            .filter(|(p, i)| *i < program.proc(*p).ensures.len())
            .map(|(p, i)| format!("{}#{i}", program.proc(*p).name))
            .collect()
    }

    /// The blocks `prove_dead_locally` finds dead, as `proc::label`.
    fn dead_in(text: &str, entry: &str) -> BTreeSet<String> {
        let (program, entry) = load(text, entry);
        let options = Options::new(SolverKind::Z3);
        let proofs = prove_dead_locally(&program, entry, &options, None);
        proofs
            .dead
            .iter()
            .map(|k| {
                let p = program.proc(k.proc);
                let cfg = p.body.as_ref().expect("a body");
                format!("{}::{}", p.name, cfg.graph[k.block].label)
            })
            .collect()
    }

    /// Asserts that each of `dead_blocks` is in `dead` and none of
    /// `live_blocks` is.
    fn assert_dead_and_live(dead: &BTreeSet<String>, dead_blocks: &[&str], live_blocks: &[&str]) {
        for block in dead_blocks {
            assert!(dead.contains(*block), "{block} in {dead:?}");
        }
        for block in live_blocks {
            assert!(!dead.contains(*block), "{block} in {dead:?}");
        }
    }

    /// SDV's rule state: `s` is 0 at every call of `Handler` (`main`
    /// sets it before it calls `Dispatch`; `Log` keeps it), so its branch
    /// on `s == 1` is dead, which neither `Handler` alone nor `Handler`
    /// in its caller `Dispatch` shows.
    const STATE: &str = "var s: int;

procedure Log(x: int) returns (r: int) { entry: r := x + 1; return; }

procedure Dispatch(irp: int) returns (r: int)
  modifies s;
{
  entry: call r := Log(irp); call r := Handler(irp); return;
}

procedure Handler(irp: int) returns (r: int)
  modifies s;
{
  entry: goto Done, Broken;
  Done: assume s != 1; s := 2; return;
  Broken: assume s == 1; r := 0; return;
}

procedure main()
  modifies s;
{
  var r: int;
  entry: s := 0; call r := Dispatch(5); goto End, Again;
  Again: assume s == 2; s := 1; goto End;
  End: return;
}
";

    #[test]
    fn a_precondition_every_call_keeps_proves_blocks_dead() {
        let dead = dead_in(STATE, "main");
        assert_dead_and_live(
            &dead,
            &["Handler::Broken"],
            &["Handler::Done", "main::Again"],
        );
    }

    /// SDV's dispatch of a work item: the routine to run is a constant
    /// (`li2bplFunctionConstant193`, given its value by an axiom) that
    /// `Queue` only passes on and `RunItems` compares. `main` only ever
    /// queues `c3`, so `RunItems` never runs `Other`: which needs `routine
    /// == c3` (or `!= c1` and `!= c2`) proved at every call of `Queue` and
    /// of `RunItems`, and the axioms in `RunItems` analysed alone. (With
    /// three routines, a parameter equal to one of the two globals most
    /// often compared with a parameter is not enough.)
    const DISPATCH: &str = "const c1: int;
axiom c1 == 1;
const c2: int;
axiom c2 == 2;
const c3: int;
axiom c3 == 3;
var g: int;

procedure Worker() modifies g; { entry: g := g + 1; return; }

procedure Other() modifies g; { entry: g := 0; return; }

procedure RunItems(routine: int)
  modifies g;
{
  var r: int;
  entry: r := routine; goto one, two, three, none;
  one: assume r == c1; call Other(); return;
  two: assume r == c2; call Other(); return;
  three: assume r == c3; call Worker(); return;
  none: assume r != c1 && r != c2 && r != c3; return;
}

procedure Queue(routine: int) modifies g; { entry: call RunItems(routine); return; }

procedure main() modifies g; { entry: call Queue(c3); return; }
";

    #[test]
    fn a_routine_no_caller_passes_on_is_never_run() {
        let dead = dead_in(DISPATCH, "main");
        assert_dead_and_live(
            &dead,
            &[
                "RunItems::one",
                "RunItems::two",
                "RunItems::none",
                "Other::entry",
            ],
            &["RunItems::three", "Worker::entry", "Queue::entry"],
        );
    }

    /// A procedure analysed alone assumes the axioms: `Run`'s `requires`
    /// says `w == c1`, which rules out `w >= c2` only where `c1 == 1` and
    /// `c2 == 2` are known. (`Mid`, not the entry, passes `Run` its own
    /// parameter, so only `Run` alone shows it; and no candidate
    /// precondition compares `w` with `c2`.)
    const AXIOMS_ALONE: &str = "const c1: int;
axiom c1 == 1;
const c2: int;
axiom c2 == 2;

procedure Run(w: int)
  requires w == c1;
{
  entry: goto A, B;
  A: assume w >= c2; return;
  B: return;
}

procedure Mid(x: int)
  requires x == c1;
{
  entry: call Run(x); return;
}

procedure main() { entry: call Mid(c1); return; }
";

    #[test]
    fn a_procedure_alone_assumes_the_axioms() {
        let dead = dead_in(AXIOMS_ALONE, "main");
        assert_dead_and_live(&dead, &["Run::A"], &["Run::B"]);
    }

    #[test]
    fn blocks_dead_in_their_own_procedure_or_in_every_caller_are_found() {
        let dead = dead_in(PROGRAM, "main");
        let expected: BTreeSet<String> = [
            // `assume false` on every path: no run of it ends.
            "Stop::entry",
            "Fails::entry",
            // Calls a procedure no run of which ends.
            "main::ToStop",
            // Contradicts what the procedure itself assumed.
            "Callee::Contra",
            // Contradicts a checked `requires` (a call asserts it).
            "Checked::High",
            // Ruled out by the one caller's arguments (1, and 5).
            "Callee::Seven",
            "Checked::Low",
        ]
        .into_iter()
        .map(str::to_string)
        .collect();
        assert_eq!(dead, expected);
    }

    #[test]
    fn what_some_caller_or_run_allows_is_not_called_dead() {
        let any_argument = PROGRAM.replace(
            "call Checked(5); return;",
            "call Checked(5); havoc r; call Callee(r); call Checked(r); return;",
        );
        let dead = dead_in(&any_argument, "main");
        // Another call passes any value.
        assert!(!dead.contains("Callee::Seven"), "{dead:?}");
        // An inlined copy does not assume a free `requires`.
        assert!(!dead.contains("Checked::Low"), "{dead:?}");
        assert!(dead.contains("Checked::High"), "{dead:?}");
        // A run of `FailsCaller` may end failing `Fails`' assertion after
        // `A`: a call of a procedure that may fail is not `assume false`.
        assert!(!dead.contains("FailsCaller::A"), "{dead:?}");
        // A recursive call is left open like any other.
        assert!(!dead.contains("Rec::Deeper"), "{dead:?}");
    }

    const FACTS: &str = "var g: int;

// Holds: every run of the body ends with r == x + 1.
procedure Inc(x: int) returns (r: int)
  free ensures r == x + 1;
{ entry: r := x + 1; return; }

// Broken by the body: its run ends with r == 1.
procedure Wrong() returns (r: int)
  free ensures r == 0;
{ entry: r := 1; return; }

// Would hold if Wrong's did: falls with it.
procedure OnWrong() returns (r: int)
  free ensures r == 0;
{ entry: call r := Wrong(); return; }

// Holds by induction: at the recursive call, the fact is the hypothesis.
procedure Down(n: int) returns (r: int)
  free ensures r >= 0;
{
  entry: goto Deeper, Base;
  Deeper: assume n > 0; call r := Down(n - 1); r := r + 1; return;
  Base: assume n <= 0; r := 0; return;
}

// About the callers, not the body: not proved of the body alone.
procedure Ctx()
  free ensures old(g) == 0;
{ entry: return; }

procedure main()
  modifies g;
{
  var a: int;
  var b: int;
  var c: int;
  entry: call Ctx(); call a := Inc(4); goto IncOff, IncOn;
  IncOff: assume a != 5; return;
  IncOn: assume a == 5; call b := OnWrong(); goto WrongOff, WrongOn;
  WrongOff: assume b != 0; call c := Down(3); goto DownOff, DownOn;
  WrongOn: assume b == 0; return;
  DownOff: assume c < 0; return;
  DownOn: assume c >= 0; return;
}
";

    #[test]
    fn free_ensures_that_hold_of_the_body_are_proved_and_assumed_at_open_calls() {
        assert_eq!(facts_in(FACTS), names(&["Inc#0", "Down#0"]));
        let dead = dead_in(FACTS, "main");
        // Against a fact proved of the callee.
        assert!(dead.contains("main::IncOff"), "{dead:?}");
        assert!(dead.contains("main::DownOff"), "{dead:?}");
        // Against a fact that fell: runs reach it.
        assert!(!dead.contains("main::WrongOff"), "{dead:?}");
        assert!(!dead.contains("main::DownOn"), "{dead:?}");
    }

    /// A request that is never built, so that sending it always fails
    /// (SMACK's `cdaudio`: `SendSrbSynchronous`), a retry loop on the
    /// status, and a procedure whose status may be either.
    const STATUS: &str = "procedure Send(x: int) returns (status: int)
{
  entry: goto Built, NotBuilt;
  Built: assume 0 != 0; status := x; return;
  NotBuilt: assume !(0 != 0); status := -1073741670; return;
}

procedure Either(x: int) returns (status: int)
{ entry: status := x; return; }

procedure main(y: int)
{
  var s: int;
  var t: int;
  entry: s := -1; goto Head;
  Head: goto Again, Done;
  Again: assume s < 0; call s := Send(y); goto Head;
  Done: goto Started, Failed;
  Started: assume s >= 0; return;
  Failed: assume s < 0; call t := Either(y); goto Good, Bad;
  Good: assume t >= 0; return;
  Bad: assume t < 0; return;
}
";

    /// The sign of a returned status, proved of the callee's body, is
    /// assumed at an open call of it: the branch on success after the
    /// retry loop is dead, which `main` alone with `Send` open does not
    /// show. A sign that does not hold (`Either`'s) is not assumed.
    #[test]
    fn the_sign_of_what_a_procedure_returns_is_proved_and_assumed_at_open_calls() {
        let dead = dead_in(STATUS, "main");
        assert_dead_and_live(
            &dead,
            &["main::Started"],
            &["main::Failed", "main::Good", "main::Bad"],
        );
    }

    /// A rule's hook in SDV's way: it returns only where the status it is
    /// passed is `259` and the rule's state `lower` is `2` (else `assume
    /// false`, as `SLIC_EXIT_ROUTINE` ends a run that keeps the rule).
    /// The dispatch routine calls it with the status it returns.
    const HOOK: &str = "var lower: int;

procedure Hook(s: int)
{
  entry: goto Pass, Stop;
  Pass: assume s == 259; assume lower == 2; return;
  Stop: assume s != 259 || lower != 2; assume false; return;
}

procedure Dispatch(x: int) returns (status: int)
  modifies lower;
{
  entry: goto Done, Pending, Skipped;
  Done: assume x > 0; status := 0; lower := 2; goto Hooked;
  Pending: assume x == 0; status := 259; lower := 2; goto Hooked;
  Skipped: assume x < 0; status := 259; lower := 1; goto Hooked;
  Hooked: call Hook(status); return;
}

procedure main(y: int)
  modifies lower;
{
  var r: int;
  entry: call r := Dispatch(y); return;
}
";

    /// What a parameter is whenever its procedure returns (`s == 259`),
    /// and a global as it was called (`old(lower) == 2`), proved of
    /// `Hook`'s body, are assumed at an open call of it: the paths of
    /// `Dispatch` that pass another status or leave another state are
    /// dead, which neither `Dispatch` alone nor `Hook` in `Dispatch`
    /// showed.
    #[test]
    fn what_a_procedure_returns_only_when_called_with_is_assumed_at_open_calls() {
        let dead = dead_in(HOOK, "main");
        assert_dead_and_live(
            &dead,
            &["Dispatch::Done", "Dispatch::Skipped", "Hook::Stop"],
            &[
                "Dispatch::Pending",
                "Dispatch::Hooked",
                "Hook::Pass",
                "main::entry",
            ],
        );
    }

    /// The second fact fails exactly where the first does: checked after
    /// the first and assuming it, it would have stood.
    const SIGN: &str = "procedure Sign(x: int) returns (r: int)
  free ensures r >= 0;
  free ensures r != -1;
{
  entry: goto Neg, Pos;
  Neg: assume x < 0; r := -1; return;
  Pos: assume x >= 0; r := x; return;
}

procedure main(y: int)
{
  var x: int;
  entry: call x := Sign(y); goto MinusOne, Rest;
  MinusOne: assume x == -1; return;
  Rest: return;
}
";

    #[test]
    fn each_candidate_is_checked_alone() {
        assert_eq!(facts_in(SIGN), names(&[]));
        let dead = dead_in(SIGN, "main");
        assert!(!dead.contains("main::MinusOne"), "{dead:?}");
    }

    /// `B` first (by number): its check assumes `A`'s candidates, which
    /// fall after it; it must be checked again.
    const CYCLE: &str = "procedure B(n: int) returns (r: int)
  free ensures r >= 0;
  free ensures r == 7;
{ entry: call r := A(n); return; }

procedure A(n: int) returns (r: int)
  free ensures r >= 0;
  free ensures r == 7;
{
  entry: goto Base, Rec;
  Base: assume n <= 0; r := 0; return;
  Rec: assume n > 0; call r := B(n - 1); return;
}

procedure main()
{
  var x: int;
  entry: call x := B(3); goto Neg, NotSeven, Rest;
  Neg: assume x < 0; return;
  NotSeven: assume x != 7; return;
  Rest: return;
}
";

    #[test]
    fn a_recursive_cycle_is_settled_together() {
        assert_eq!(facts_in(CYCLE), names(&["A#0", "B#0"]));
        let dead = dead_in(CYCLE, "main");
        assert!(dead.contains("main::Neg"), "{dead:?}");
        assert!(!dead.contains("main::NotSeven"), "{dead:?}");
    }

    #[test]
    fn beside_the_analysis_the_pass_gives_all_it_proved_at_its_end() {
        let (program, entry) = load(PROGRAM, "main");
        let options = Options::new(SolverKind::Z3);
        let alone = prove_dead_locally(&program, entry, &options, None);
        let given = beside(&program, entry, &options, None, |pass| {
            // Its first part taken (or not) after the pass has ended.
            while pass.running.as_ref().is_some_and(|h| !h.is_finished()) {
                std::thread::sleep(Duration::from_millis(10));
            }
            pass.poll();
            pass.wait(true).dead.clone()
        });
        assert_eq!(given, alone.dead);
    }

    #[test]
    fn the_entry_assumes_its_free_requires() {
        let dead = dead_in(PROGRAM, "Checked");
        assert!(dead.contains("Checked::Low"), "{dead:?}");
    }
}
