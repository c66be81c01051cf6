//! Stratified inlining (`--calls stratified`; and `--calls inline` for an
//! entry whose call tree is too big to inline whole): calls are inlined on
//! demand, as Corral (Boogie's bounded verifier, Lal, Qadeer and Lahiri,
//! "A solver for reachability modulo theories", CAV 2012) does.
//!
//! Takes: a resolved [`Program`], its [`SourceMap`], one entry procedure
//! and the [`Options`]. Gives: the entry's [`ProcedureResult`], with the
//! same meaning as inline mode's: every test a run of the program (it
//! replays), every `infeasible` block proved on an over-approximation.
//! Entry function: [`analyze_stratified`]. design.md, "Calls".
//!
//! - **Rounds.** A set of *inlined* call sites (each named by its call
//!   path from the entry, so a callee's calls are sites of their own)
//!   starts empty. In a round, the entry is inlined with those sites
//!   inlined and every other call of a procedure with a body left *open*
//!   ([`CallTreatment::Open`]): the callee's outputs and modified globals
//!   havocked, or the run ends there if the callee may fail an assertion.
//!   That flat program over-approximates the entry; with the open calls
//!   made `assume false` it under-approximates it.
//! - **Cover** runs on the under-approximation, so every test runs only
//!   inlined code and replays; goals covered stay covered in later rounds
//!   (seeded as [`cover::DecidedGoals`]).
//! - **Proofs** come from the over-approximation ([`cover::runs_through`],
//!   on a solver of its own, quantified assumptions dropped): one question
//!   per round, for a terminating run through a copy of a goal the cover
//!   refuted, or into an open call whose callee may reach a procedure with
//!   a goal left (refuted, or never inlined). `unsat` proves every goal
//!   left, those of the procedures no round inlined included (a SMACK
//!   harness of a correct driver ends here). Where a run answers it
//!   (some goal left has a run, or the over-approximation has one),
//!   [`prove_goals_apart`] asks which targets no run passes, within a
//!   share of the time: a goal none of whose copies and open calls a run
//!   passes is proved alone (SDV's dispatch routines that keep the
//!   rule, beside those that break it).
//! - **Guide.** Where a callee with a body has a free `ensures` (Corral's
//!   inferred facts), an open call does not assume it in the
//!   over-approximation (inlining need not establish it) unless the local
//!   proofs proved it of the body ([`LocalProofs::facts`]; the clauses
//!   they proved beside the program's own, [`LocalProofs::proved_ensures`],
//!   every open call assumes), but a second
//!   over-approximation that does is asked first: its run chooses the
//!   calls to inline; only where it has none is the first asked, whose
//!   `unsat` alone proves.
//! - **Refinement.** A model names the open calls its run passes: a callee
//!   without a copy yet is inlined at one of them, otherwise all are (as
//!   Corral does); while no round has found a test, more calls that lead to
//!   a goal are inlined too, shallowest first, up to twice the program's
//!   size. Rounds stop when nothing is left to decide, at the time limit,
//!   or when the flat program would outgrow [`MAX_FLAT_BLOCKS`]; what is
//!   then unproved is `unknown`, with why.

use super::local_proofs::{block_calls_that_never_end, Beside, LocalProofs};
use super::near::Near;
use super::options::Options;
use super::results::{
    assert_result, block_results, order_inputs, AssertStatus, BlockStatus, ProcedureResult,
};
use super::stages::{self, StageTimes};
use crate::back::cover::{self, AssertVerdict, BlockVerdict, CoverLimits, CoverResult, Reach};
use crate::back::solver::Solver;
use crate::ir::passive::{BlockKey, BlockRole, PassiveProgram};
use crate::ir::testcase::TestCase;
use crate::ir::{AssertId, AssertKind, Expr, ExprKind, ProcId, Program, StmtKind};
use crate::middle::inline::{inline_calls_with, CallPolicy, CallTreatment, OpenCall};
use crate::middle::unwind::UnwoundBody;
use crate::source::{Diagnostic, SourceMap, Span};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// `--calls inline` analyses an entry by stratified inlining when
/// inlining every call would give more blocks than this
/// ([`crate::middle::inline::inlined_size`]).
pub(crate) const STRATIFY_ABOVE: usize = 100_000;

/// Stratified inlining stops refining before a round's flat program
/// would have more blocks than this.
pub(crate) const MAX_FLAT_BLOCKS: usize = 150_000;

/// Points at which a round's runs leave each base
/// ([`crate::check::generate::Nearby`]). 32 instead lost blocks on two
/// of three SDV harnesses (docs/experiments.md, session 53): a round
/// gives its runs up to half the time left, which more points take from
/// the solver's rounds.
const ROUND_DIVERGENCES: usize = 8;

/// The z3 timeout of each question on the over-approximation. 5 s
/// decided fewer of the SV-COMP sample's drivers at a 20 s limit (8
/// instead of 9): a question that does not answer in 3 s is better
/// replaced by inlining every open call that leads to a goal.
const REACH_TIMEOUT_MS: u64 = 3_000;

/// Inline the sites in `inlined`, leave every other call open (assuming
/// the callee's free `ensures` there with `free_ensures`, and otherwise
/// those of `facts`, proved of its body).
struct Policy<'a> {
    inlined: &'a HashSet<Vec<Span>>,
    may_fail: &'a [bool],
    free_ensures: bool,
    facts: &'a BTreeSet<(ProcId, usize)>,
    proved: &'a BTreeMap<ProcId, Vec<Expr>>,
}

impl CallPolicy for Policy<'_> {
    fn treat(&self, _caller: ProcId, callee: ProcId, _span: Span, path: &[Span]) -> CallTreatment {
        if self.inlined.contains(path) {
            CallTreatment::Inline
        } else {
            CallTreatment::Open {
                may_fail: self.may_fail[callee.0],
                free_ensures: self.free_ensures,
            }
        }
    }

    fn assumes_free_ensures(&self, callee: ProcId, index: usize) -> bool {
        self.facts.contains(&(callee, index))
    }

    fn proved_ensures(&self, callee: ProcId) -> &[Expr] {
        self.proved.get(&callee).map_or(&[], |e| e.as_slice())
    }
}

/// What the rounds know of callees from [`super::local_proofs`], once it
/// has ended: whose runs never end (their open calls are `assume
/// false`), and which free `ensures` hold of their bodies (assumed at
/// their open calls).
struct CalleeFacts {
    never_ends: Vec<bool>,
    facts: BTreeSet<(ProcId, usize)>,
    /// [`LocalProofs::proved_ensures`].
    proved: BTreeMap<ProcId, Vec<Expr>>,
}

/// One round's programs.
struct Round {
    /// The over-approximation: open calls havoc.
    over: stages::PreparedEntry,
    /// What `over` left out (its quantified assumptions).
    dropped: Dropped,
    /// Where a callee with a body has a free `ensures` (Corral's inferred
    /// facts on SDV's drivers): the over-approximation with those assumed
    /// at the open calls too. Not one (a free `ensures` need not hold of
    /// the body), so it proves nothing; its runs guide which calls to
    /// inline, as they did when the over-approximation assumed them
    /// (`sdv_kbdclass`: 298 blocks covered at 20 s, 204-256 without).
    guide: Option<Guide>,
    /// The under-approximation: open calls `assume false`.
    under: stages::PreparedEntry,
    open_calls: Vec<OpenCall>,
    /// Passive blocks of `over` that are open calls.
    open_blocks: Vec<usize>,
    flat_blocks: usize,
}

/// [`Round::guide`]'s program and its open-call blocks.
struct Guide {
    over: stages::PreparedEntry,
    open_blocks: Vec<usize>,
    dropped: Dropped,
}

/// What the rounds found, for the report.
#[derive(Default)]
struct Findings {
    cover: Option<CoverResult>,
    /// Goals proved on a round's over-approximation.
    dead_blocks: BTreeSet<BlockKey>,
    /// Blocks dead in their own procedure, proved before the rounds
    /// ([`super::local_proofs`]). Both sets are dead ([`Findings::dead`]).
    locally_dead: BTreeSet<BlockKey>,
    holding: BTreeSet<AssertId>,
    /// No terminating run of the last round's over-approximation enters
    /// an open call that leads to a procedure with a goal left (or there
    /// is no open call): the procedures no round inlined are dead.
    uninlined_dead: bool,
    /// Procedures the last round inlined somewhere.
    inlined_procs: BTreeSet<ProcId>,
    /// Why the rounds stopped before every goal was decided.
    stopped: Option<String>,
    rounds: usize,
    /// Queries and solver time of the questions on the
    /// over-approximation (each on a solver of its own).
    queries: usize,
    solver_time: Duration,
    /// Tests of runs near the cover's tests ([`crate::check::generate`]),
    /// and the blocks they enter.
    near_tests: Vec<TestCase>,
    /// Which of them take the axioms on trust (by index).
    near_on_trust: Vec<usize>,
    near_blocks: BTreeMap<BlockKey, Vec<usize>>,
    /// Rounds whose runs near a model's inputs found nothing: each adds
    /// a share to the next one's ([`near_model_share`]).
    near_model_fruitless: u32,
    /// Rounds in a row whose runs near tests found nothing.
    near_fruitless: u32,
    /// Where among the tests the next round's runs start: each round
    /// goes on from the base after the last one the round before got to,
    /// so that the rounds go round all the tests instead of starting
    /// again and again with the first.
    near_next_base: usize,
    /// Targets of the over-approximation some round's runs passed
    /// ([`prove_goals_apart`]): later rounds take them as passed.
    apart_passed: HashSet<TargetId>,
    /// Rounds in a row in which [`prove_goals_apart`] ran out of time:
    /// each halves the next one's.
    apart_fruitless: u32,
}

/// A target of the over-approximation, the same from round to round: a
/// goal's copies, an assertion's failing ends, an open call (by its call
/// path).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum TargetId {
    Block(BlockKey),
    Assert(AssertId),
    Call(Vec<Span>),
}

impl Findings {
    /// Whether `block` is proved dead, in a round or before the rounds.
    fn dead(&self, block: &BlockKey) -> bool {
        self.dead_blocks.contains(block) || self.locally_dead.contains(block)
    }
}

/// Analyses `entry` by stratified inlining (see the module doc). With
/// `proved` (the blocks dead in their own procedure, proved by the
/// caller, which reports the pass's questions), the rounds start from
/// those; without, the pass runs beside the rounds
/// ([`super::local_proofs::beside`]), which take its proofs once it ends.
pub(crate) fn analyze_stratified(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    proved: Option<&LocalProofs>,
) -> ProcedureResult {
    match proved {
        Some(proved) => analyze_in_rounds(program, sources, entry, options, Ok(proved)),
        None => {
            let budget = super::local_proofs::budget_beside_rounds(options);
            super::local_proofs::beside(program, entry, options, budget, |pass| {
                analyze_in_rounds(program, sources, entry, options, Err(pass))
            })
        }
    }
}

/// [`analyze_stratified`] with the local proofs given (`Ok`), or being
/// proved beside the rounds (`Err`).
fn analyze_in_rounds(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    local: Result<&LocalProofs, &mut Beside>,
) -> ProcedureResult {
    let start = Instant::now();
    let mut times = StageTimes::default();
    let mut result = ProcedureResult::nothing_yet(program.proc(entry));
    let bodies = match crate::middle::unwind_reachable(program, entry, options.unwind) {
        Ok(b) => b,
        Err(d) => return result.input_failure(&d, sources, start),
    };
    let may_fail = crate::middle::may_fail_an_assertion(program);
    let guided = crate::middle::reachable_procedures(program, entry)
        .into_iter()
        .map(|p| program.proc(p))
        .any(|p| p.body.is_some() && p.ensures.iter().any(|e| e.free));
    let own_size = own_sizes(program, &bodies);
    // Blocks dead in their own procedure: decided, and no round's goals;
    // calls of a procedure no run of which ends are `assume false`. The
    // pass beside the rounds gives them once it has ended (at once where
    // no core was spare for it); until then, `waiting`.
    let (mut pass, given) = match local {
        Ok(proved) => (None, Some(proved)),
        Err(pass) => (Some(pass), None),
    };
    let mut callees = CalleeFacts {
        never_ends: vec![false; program.procedures.len()],
        facts: BTreeSet::new(),
        proved: BTreeMap::new(),
    };
    // Dead in their own procedure: proved by the pass, or by their
    // procedure's own analysis as an entry earlier in this run.
    let mut locally_dead: BTreeSet<BlockKey> = (*options.dead_as_entries).clone();
    let mut waiting = true;
    let mut take_proofs = |pass: &mut Option<&mut Beside>,
                           callees: &mut CalleeFacts,
                           locally_dead: &mut BTreeSet<BlockKey>| {
        let proved = match pass {
            Some(pass) => pass.poll(),
            None => given,
        };
        if let Some(proved) = proved.filter(|_| waiting) {
            waiting = false;
            callees.never_ends.clone_from(&proved.never_ends);
            callees.facts.clone_from(&proved.facts);
            callees.proved.clone_from(&proved.proved_ensures);
            *locally_dead = super::dead_as_entries::with_lent(&proved.dead, options);
            return true;
        }
        false
    };
    take_proofs(&mut pass, &mut callees, &mut locally_dead);

    let mut inlined: HashSet<Vec<Span>> = HashSet::new();
    let builder = RoundBuilder {
        program,
        entry,
        k: options.unwind,
        bodies: &bodies,
        may_fail: &may_fail,
        guided,
    };
    let build = |inlined: &HashSet<Vec<Span>>, callees: &CalleeFacts, times: &mut StageTimes| {
        builder.build(inlined, callees, times)
    };
    let first = match build(&inlined, &callees, &mut times) {
        Ok(r) => r,
        Err(d) => return result.input_failure(&d, sources, start),
    };
    let kind = stages::solver_for(options.solver, &first.over.vc);
    result.solver_note = stages::solver_note(options.solver, kind, &first.over.vc);
    let mut solver = match stages::start_solver(kind, options) {
        Ok(s) => s,
        Err(e) => {
            result.error = Some(e.to_string());
            result.time = start.elapsed();
            return result;
        }
    };
    let mut findings = Findings::default();
    if given.is_some() {
        result.locally_dead = locally_dead.len();
    }
    findings.locally_dead = locally_dead.clone();
    let near = Near::new(program, entry, sources, options, ROUND_DIVERGENCES);
    let mut round = first;
    loop {
        findings.rounds += 1;
        // A callee inlined in this round may need another solver (maps,
        // quantifiers): the cover goes on in a new process.
        let wanted = stages::solver_for(options.solver, &round.under.vc);
        if wanted != solver.kind() {
            findings.queries += solver.queries();
            findings.solver_time += solver.time();
            result.solver_note = stages::solver_note(options.solver, wanted, &round.under.vc);
            solver = match stages::start_solver(wanted, options) {
                Ok(s) => s,
                Err(e) => {
                    findings.stopped = Some(e.to_string());
                    break;
                }
            };
        }
        let next = one_round(
            program,
            sources,
            entry,
            options,
            &round,
            &mut solver,
            &mut findings,
            &mut times,
            &near,
        );
        if let Some(n) = solver.switch_note() {
            result.solver_note = Some(n.to_string());
        }
        let Some(refinement) = next else { break };
        for s in calls_to_inline(&round, refinement, &own_size) {
            inlined.insert(round.open_calls[s].path.clone());
        }
        if options.deadline.is_some_and(|d| d.passed()) {
            findings.stopped = Some("the time limit came first".to_string());
            break;
        }
        // The pass beside, once its first part (each procedure alone)
        // has ended: its proofs for the rounds to come.
        if take_proofs(&mut pass, &mut callees, &mut locally_dead) {
            findings.locally_dead = locally_dead.clone();
            if std::env::var_os("BICD_ROUND_LOG").is_some() {
                eprintln!(
                    "  local proofs taken at {:.2} s: {} procedures never end",
                    start.elapsed().as_secs_f64(),
                    callees.never_ends.iter().filter(|&&n| n).count()
                );
            }
        }
        let clock = Instant::now();
        let built = build(&inlined, &callees, &mut times);
        if std::env::var_os("BICD_ROUND_LOG").is_some() {
            eprintln!("  built in {:.2} s", clock.elapsed().as_secs_f64());
        }
        match built {
            Ok(r) if r.flat_blocks <= MAX_FLAT_BLOCKS => round = r,
            Ok(_) | Err(_) => {
                findings.stopped = Some(format!(
                    "inlining the next calls would give more than {MAX_FLAT_BLOCKS} blocks"
                ));
                break;
            }
        }
    }
    findings.inlined_procs = inlined_procedures(&round.over.passive);
    let (queries, solver_time) = (findings.queries, findings.solver_time);
    fill_result(program, entry, &round, findings, &mut result);
    result.queries = solver.queries() + queries;
    result.solver_time = solver.time() + solver_time;
    drop(solver);
    if let Some(pass) = pass {
        // Where the rounds decided every block, the pass is stopped.
        let proved = pass.wait(result.has_undecided());
        result.join_locally_dead(&proved.dead);
        result.queries += proved.queries;
        result.solver_time += proved.solver_time;
        result.notes.extend(proved.note("beside the rounds"));
    }
    // Which infeasible blocks are dead at every bound: as inline mode
    // finds out, where the whole call tree is small enough to inline
    // (or has neither loop nor recursion, which needs no question).
    if crate::middle::loop_havoc::loop_and_recursion_free(program, entry)
        || crate::middle::inline::inlined_size(
            program,
            entry,
            options.unwind,
            &bodies,
            STRATIFY_ABOVE,
        ) <= STRATIFY_ABOVE
    {
        let known = stages::KnownProofs::default();
        stages::prove_for_every_bound(
            program,
            entry,
            options,
            None,
            &known,
            &mut result,
            &mut times,
        );
    }
    result
        .notes
        .extend(super::inline_mode::no_run_within_the_bound(
            program, entry, options, &result,
        ));
    order_inputs(program, entry, &mut result.tests);
    result.time = start.elapsed();
    result
}

/// What every round of one entry is built from.
struct RoundBuilder<'a> {
    program: &'a Program,
    entry: ProcId,
    /// `--unwind`.
    k: u32,
    bodies: &'a [Option<UnwoundBody>],
    /// Per procedure: whether it may fail an assertion
    /// ([`crate::middle::may_fail_an_assertion`]).
    may_fail: &'a [bool],
    /// Whether rounds build a [`Round::guide`].
    guided: bool,
}

impl RoundBuilder<'_> {
    /// The flat program of the entry with the calls of `inlined` inlined
    /// and the others open, passified, in both approximations (and the
    /// guide).
    /// What `callees` says of a callee holds at its open calls.
    fn build(
        &self,
        inlined: &HashSet<Vec<Span>>,
        callees: &CalleeFacts,
        times: &mut StageTimes,
    ) -> Result<Round, Diagnostic> {
        let RoundBuilder {
            program,
            entry,
            k,
            bodies,
            may_fail,
            guided,
        } = *self;
        let clock = Instant::now();
        let policy = Policy {
            inlined,
            may_fail,
            free_ensures: false,
            facts: &callees.facts,
            proved: &callees.proved,
        };
        let never_ends = &callees.never_ends;
        let mut flat = inline_calls_with(program, entry, k, bodies, Some(&policy), None)?;
        block_calls_that_never_end(&mut flat, never_ends);
        let flat_blocks = flat.blocks.len();
        let guide = if guided && !flat.open_calls.is_empty() {
            let policy = Policy {
                free_ensures: true,
                ..policy
            };
            let mut flat = inline_calls_with(program, entry, k, bodies, Some(&policy), None)?;
            block_calls_that_never_end(&mut flat, never_ends);
            let (over, dropped) = without_quantifiers(crate::middle::passify(program, &flat));
            Some((over, dropped, flat.open_calls.len()))
        } else {
            None
        };
        let over = crate::middle::passify(program, &flat);
        // As the middle end checks every passive program it builds.
        if cfg!(debug_assertions) {
            if let Err(e) = crate::ir::passive::verify(program, &over) {
                panic!(
                    "passive program of `{}` is malformed:\n{e}",
                    program.proc(entry).name
                );
            }
        }
        let open_blocks = open_call_blocks(&over);
        let under = blocked(&over, &open_blocks);
        let (over, dropped) = without_quantifiers(over);
        times.middle += clock.elapsed();
        let guide = guide
            .filter(|(_, _, sites)| *sites == flat.open_calls.len())
            .map(|(over, dropped, _)| Guide {
                open_blocks: open_call_blocks(&over),
                over: stages::with_vc(entry, over, times),
                dropped,
            });
        Ok(Round {
            over: stages::with_vc(entry, over, times),
            dropped,
            guide,
            under: stages::with_vc(entry, under, times),
            open_calls: flat.open_calls,
            open_blocks,
            flat_blocks,
        })
    }
}

/// The passive blocks of `over` that are open calls.
fn open_call_blocks(over: &PassiveProgram) -> Vec<usize> {
    over.blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b.role, BlockRole::OpenCall { .. }))
        .map(|(i, _)| i)
        .collect()
}

/// `over` with every open call `assume false`.
fn blocked(over: &PassiveProgram, open_blocks: &[usize]) -> PassiveProgram {
    let mut under = over.clone();
    for &b in open_blocks {
        let block = &mut under.blocks[b];
        let span = block.assumes.first().map(|e| e.span).unwrap_or_default();
        block.assumes = vec![Expr::bool(false, span)];
        block.choices.clear();
    }
    under
}

/// `over` without the assumptions that mention a quantifier (themselves
/// or through a function's body): an over-approximation still, so its
/// `unsat` still proves, and without them z3 answers a reachability
/// question with a model (in E-matching mode a SMACK driver's `memcpy`
/// axioms left it `unknown` with no model to name the open calls by).
pub(super) fn without_quantifiers(mut over: PassiveProgram) -> (PassiveProgram, Dropped) {
    let mut memo: HashMap<String, bool> = HashMap::new();
    let mut dropped = Dropped::default();
    for block in &mut over.blocks {
        block.assumes.retain(|a| {
            let q = quantified(a, &mut memo);
            if q {
                dropped.note(a);
            }
            !q
        });
    }
    (over, dropped)
}

/// What [`without_quantifiers`] dropped mentions: a model of the program
/// without them says nothing true of these.
#[derive(Default)]
pub(super) struct Dropped {
    /// Functions they apply (through functions' bodies too).
    functions: HashSet<String>,
}

impl Dropped {
    fn note(&mut self, e: &Expr<crate::ir::passive::SsaId>) {
        let mut stack: Vec<std::sync::Arc<crate::ir::Function>> = Vec::new();
        e.visit(&mut |x| {
            if let ExprKind::Apply(f, _) = &x.kind {
                stack.push(f.clone());
            }
        });
        while let Some(f) = stack.pop() {
            if !self.functions.insert(f.name.clone()) {
                continue;
            }
            if let Some(body) = &f.body {
                body.visit(&mut |x| {
                    if let ExprKind::Apply(g, _) = &x.kind {
                        stack.push(g.clone());
                    }
                });
            }
        }
    }
}

/// Whether `e` has a quantifier, itself or in the body of a function it
/// applies (`memo`: per function name).
fn quantified<V>(e: &Expr<V>, memo: &mut HashMap<String, bool>) -> bool {
    let mut found = false;
    let mut applied: Vec<std::sync::Arc<crate::ir::Function>> = Vec::new();
    e.visit(&mut |x| match &x.kind {
        ExprKind::Quant(..) => found = true,
        ExprKind::Apply(f, _) => applied.push(f.clone()),
        _ => {}
    });
    found
        || applied.into_iter().any(|f| {
            if let Some(&q) = memo.get(&f.name) {
                return q;
            }
            memo.insert(f.name.clone(), false);
            let q = f.body.as_ref().is_some_and(|b| quantified(b, memo));
            memo.insert(f.name.clone(), q);
            q
        })
}

/// One round: cover the under-approximation, then ask the
/// over-approximation about what is left. Returns the open calls to
/// inline next (by index into `round.open_calls`), or `None` when the
/// rounds are over.
#[allow(clippy::too_many_arguments)]
fn one_round(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    round: &Round,
    solver: &mut Solver,
    findings: &mut Findings,
    times: &mut StageTimes,
    near: &Near,
) -> Option<Refinement> {
    let limits = CoverLimits {
        max_tests: options.max_tests,
        time_limited: options.deadline.is_some(),
        search: options.search,
    };
    let clock = Instant::now();
    let decided = seed(findings);
    let mut cover = stages::cover_undecided(
        program,
        sources,
        &round.under,
        solver,
        options.mode,
        &limits,
        &decided,
        None,
        times,
    );
    stages::keep_replaying_candidates(program, sources, entry, &mut cover, times);
    let cover = match findings.cover.take() {
        Some(before) => cover::deepened(before, cover),
        None => cover,
    };
    let tested = !cover.tests.is_empty();
    let failed = cover.error.is_some();
    if std::env::var_os("BICD_ROUND_LOG").is_some() {
        eprintln!(
            "round {}: {} flat blocks, {} open calls; cover {:.2} s, {} tests",
            findings.rounds,
            round.flat_blocks,
            round.open_calls.len(),
            clock.elapsed().as_secs_f64(),
            cover.tests.len()
        );
    }
    // Goals the cover refuted, not yet proved: refuted only with the open
    // calls blocked.
    let refuted_blocks: BTreeSet<BlockKey> = cover
        .blocks
        .iter()
        .filter(|(k, v)| **v == BlockVerdict::Infeasible && !findings.dead(k))
        .map(|(k, _)| *k)
        .collect();
    let refuted_asserts: BTreeSet<AssertId> = cover
        .asserts
        .iter()
        .filter(|(id, v)| **v == AssertVerdict::Holds && !findings.holding.contains(id))
        .map(|(id, _)| *id)
        .collect();
    findings.cover = Some(cover);
    if failed {
        return None;
    }
    explore_near_tests(program, entry, options, near, findings, None);
    if round.open_blocks.is_empty() {
        // Nothing left open: the two approximations are the program.
        findings.dead_blocks.extend(refuted_blocks);
        findings.holding.extend(refuted_asserts);
        findings.uninlined_dead = true;
        return None;
    }
    // The procedures with a goal left: refuted ones, and every procedure
    // the entry may call that this round did not inline.
    let inlined = inlined_procedures(&round.over.passive);
    let mut wanted = vec![false; program.procedures.len()];
    for p in crate::middle::reachable_procedures(program, entry) {
        wanted[p.0] = program.proc(p).body.as_ref().is_some_and(|cfg| {
            !inlined.contains(&p)
                && cfg.graph.node_indices().any(|n| {
                    let key = BlockKey { proc: p, block: n };
                    !findings.near_blocks.contains_key(&key) && !findings.dead(&key)
                })
        });
    }
    for k in &refuted_blocks {
        wanted[k.proc.0] = true;
    }
    for id in &refuted_asserts {
        wanted[program.asserts[id.0].proc.0] = true;
    }
    // A run of the over-approximation through a copy of a refuted goal,
    // or into an open call whose callee may reach a procedure with a goal
    // left: `unsat` proves every goal left.
    let leads_to_goal = procedures_reaching(program, &wanted);
    let targets_in = |passive: &PassiveProgram| -> Vec<usize> {
        let mut targets = Vec::new();
        for (i, b) in passive.blocks.iter().enumerate() {
            let target = match b.role {
                BlockRole::Code {
                    key,
                    ends_block: true,
                } => refuted_blocks.contains(&key),
                BlockRole::AssertFail(id) => refuted_asserts.contains(&id),
                BlockRole::OpenCall { site } => leads_to_goal[round.open_calls[site].callee.0],
                _ => false,
            };
            if target {
                targets.push(i);
            }
        }
        targets
    };
    let over = &round.over;
    let targets = targets_in(&over.passive);
    if targets.is_empty() {
        findings.uninlined_dead = !wanted.iter().any(|&w| w);
        return None;
    }
    // Where no test is known yet, a model's inputs start runs near it.
    let mut model_base: Option<TestCase> = None;
    let want_base = findings.near_tests.is_empty()
        && findings.cover.as_ref().is_none_or(|c| c.tests.is_empty());
    let mut ask = |entry: &stages::PreparedEntry,
                   dropped: &Dropped,
                   targets: &[usize],
                   open_blocks: &[usize]| {
        stages::start_solver(solver.kind(), options).and_then(|mut fresh| {
            let answer = cover::runs_through(
                &entry.passive,
                &entry.vc,
                &mut fresh,
                targets,
                open_blocks,
                Some(REACH_TIMEOUT_MS),
            );
            if want_base && model_base.is_none() && matches!(answer, Ok(Reach::Through(_))) {
                model_base = base_of_model(program, entry, dropped, &mut fresh);
            }
            findings.queries += fresh.queries();
            findings.solver_time += fresh.time();
            answer
        })
    };
    // The open calls a run passes, by site.
    let sites = |passive: &PassiveProgram, blocks: Vec<usize>| -> Vec<usize> {
        blocks
            .into_iter()
            .filter_map(|b| match passive.blocks[b].role {
                BlockRole::OpenCall { site } => Some(site),
                _ => None,
            })
            .collect()
    };
    // The guide first: its run says which calls to inline. Its `unsat`
    // proves nothing, so then the over-approximation is asked.
    let mut guided: Option<Vec<usize>> = None;
    if let Some(guide) = &round.guide {
        let guide_targets = targets_in(&guide.over.passive);
        match ask(
            &guide.over,
            &guide.dropped,
            &guide_targets,
            &guide.open_blocks,
        ) {
            Ok(Reach::Through(blocks)) => {
                if std::env::var_os("BICD_ROUND_LOG").is_some() {
                    eprintln!("  guide: a run");
                }
                guided = Some(sites(&guide.over.passive, blocks))
            }
            Ok(Reach::Unknown(why)) => {
                findings.stopped = Some(why);
                guided = Some(sites(&guide.over.passive, guide_targets));
            }
            Ok(Reach::None) => {
                if std::env::var_os("BICD_ROUND_LOG").is_some() {
                    eprintln!("  guide: no run");
                }
            }
            Err(e) => {
                findings.stopped = Some(e.to_string());
                return None;
            }
        }
    }
    if std::env::var_os("BICD_ROUND_LOG").is_some() {
        eprintln!("  questions done at {:.2} s", clock.elapsed().as_secs_f64());
    }
    let passed = match guided {
        Some(passed) => passed,
        None => match ask(over, &round.dropped, &targets, &round.open_blocks) {
            Ok(Reach::None) => {
                findings.dead_blocks.extend(refuted_blocks);
                findings.holding.extend(refuted_asserts);
                findings.uninlined_dead = true;
                return None;
            }
            Ok(Reach::Through(blocks)) => sites(&over.passive, blocks),
            Ok(Reach::Unknown(why)) => {
                // No model to say which: the next round inlines every call
                // left open that leads to a goal (one level deeper).
                findings.stopped = Some(why);
                sites(&over.passive, targets.clone())
            }
            Err(e) => {
                findings.stopped = Some(e.to_string());
                return None;
            }
        },
    };
    // Some run passes the targets; which goals does none pass?
    let left = GoalsLeft {
        targets: &targets,
        blocks: &refuted_blocks,
        asserts: &refuted_asserts,
        wanted: &wanted,
        inlined: &inlined,
    };
    // The over-approximation leaves the quantified assumptions out: the
    // solver the run asked for may take it where the cover's could not.
    let kind = stages::solver_for(options.solver, &round.over.vc);
    prove_goals_apart(program, options, round, kind, &left, findings);
    if let Some(base) = model_base {
        explore_near_tests(program, entry, options, near, findings, Some(base));
    }
    let mut next: BTreeSet<usize> = passed.into_iter().collect();
    // A procedure no round has inlined yet is inlined at one call first:
    // its blocks become goals, and its copies do not double with each
    // level of a call tree. Once every callee passed has a copy, every
    // call passed is inlined (as Corral does).
    let mut first_copies: BTreeMap<ProcId, usize> = BTreeMap::new();
    for &site in &next {
        let callee = round.open_calls[site].callee;
        if !inlined.contains(&callee) {
            first_copies.entry(callee).or_insert(site);
        }
    }
    if !first_copies.is_empty() {
        next = first_copies.into_values().collect();
    }
    if next.is_empty() {
        findings.stopped = Some(
            "a run of the over-approximation passed no call left open (the solver's model was a candidate)"
                .to_string(),
        );
        return None;
    }
    let leading = targets
        .iter()
        .filter_map(|&t| match over.passive.blocks[t].role {
            BlockRole::OpenCall { site } => Some(site),
            _ => None,
        })
        .collect();
    Some(Refinement {
        chosen: next.into_iter().collect(),
        leading,
        wants_proof: !tested,
    })
}

/// The most time [`prove_goals_apart`] takes in one round (and at most
/// a quarter of the time left). On SDV's `usbprint_completerequest_0` the loops that proved 288 and
/// 143 blocks took 0.7 s and 1.8 s; with at most 2 s, an eighth of the
/// time left, and that halved after each round that proved nothing, none
/// ended.
const APART_MAX_MS: u64 = 3_000;

/// The most one question of [`prove_goals_apart`] takes: its proofs came
/// from questions answered in milliseconds (on `winnt_markirppending_0`
/// 17 questions in 0.04 s proved 364 blocks).
const APART_QUESTION_MS: u64 = 1_000;

/// [`prove_goals_apart`] is not asked of an over-approximation of more
/// blocks than this: a fresh solver reads it first, and on SDV's
/// `mouser_ioallocateirpsignaleventincompletiontimeout_0` the first
/// question of 4,830 blocks took 3 s (its share and more) and proved
/// nothing, where the proofs had come at 200-2,500 blocks.
const APART_MAX_BLOCKS: usize = 3_000;

/// What a round leaves to prove, for [`prove_goals_apart`].
struct GoalsLeft<'a> {
    /// The targets of the round's question (passive blocks of its
    /// over-approximation): the copies of `blocks` and `asserts`' failing
    /// ends, and the open calls that lead to a procedure in `wanted`.
    targets: &'a [usize],
    /// Goals the cover refuted, not proved yet.
    blocks: &'a BTreeSet<BlockKey>,
    asserts: &'a BTreeSet<AssertId>,
    /// Per procedure: it has a goal left.
    wanted: &'a [bool],
    /// The procedures the round inlined somewhere.
    inlined: &'a BTreeSet<ProcId>,
}

/// Where some run of the over-approximation passes the round's targets
/// (so that the one question proves nothing): which targets no
/// terminating run passes ([`cover::targets_no_run_passes`], within
/// [`APART_MAX_MS`]), and from them the goals proved. A goal is dead
/// when no run passes a copy of it nor an open call whose callee may
/// reach its procedure: every terminating run of the program through it
/// would pass one of them. The blocks of a procedure no round inlined
/// are dead when no run passes an open call that may reach it. On SDV's
/// harnesses the rule's hooks end every run of a dispatch routine that
/// keeps the rule, while others break it: the question about all of
/// them has a run, the routines apart do not.
fn prove_goals_apart(
    program: &Program,
    options: &Options,
    round: &Round,
    kind: crate::back::solver::SolverKind,
    left: &GoalsLeft,
    findings: &mut Findings,
) {
    let over = &round.over;
    let now = Instant::now();
    let most = Duration::from_millis(APART_MAX_MS);
    // Halved after each round in which the loop did not end.
    let share = options.deadline.map_or(most, |d| {
        (d.at.saturating_duration_since(now) / 4).min(most)
    }) / (1 << findings.apart_fruitless.min(8));
    if share < Duration::from_millis(100) || round.flat_blocks > APART_MAX_BLOCKS {
        return;
    }
    // Targets an earlier round's runs passed are taken as passed again
    // (as more calls are inlined, fewer runs pass them, but seldom none):
    // the loop asks about the others.
    let identity = |t: usize| match over.passive.blocks[t].role {
        BlockRole::Code { key, .. } => Some(TargetId::Block(key)),
        BlockRole::AssertFail(id) => Some(TargetId::Assert(id)),
        BlockRole::OpenCall { site } => Some(TargetId::Call(round.open_calls[site].path.clone())),
        _ => None,
    };
    let (presumed, asked_about): (Vec<usize>, Vec<usize>) = left
        .targets
        .iter()
        .partition(|&&t| identity(t).is_some_and(|id| findings.apart_passed.contains(&id)));
    let queries = findings.queries;
    let answer = stages::start_solver(kind, options).and_then(|mut fresh| {
        let answer = cover::targets_no_run_passes(
            &over.passive,
            &over.vc,
            &mut fresh,
            &asked_about,
            APART_QUESTION_MS,
            now + share,
        );
        findings.queries += fresh.queries();
        findings.solver_time += fresh.time();
        answer
    });
    let answer = answer.unwrap_or_default();
    findings
        .apart_passed
        .extend(answer.passed.iter().filter_map(|&t| identity(t)));
    if !answer.others_unpassed {
        findings.apart_fruitless += 1;
        if std::env::var_os("BICD_ROUND_LOG").is_some() {
            eprintln!(
                "  apart: no proof in {:.2} s, {} questions",
                now.elapsed().as_secs_f64(),
                findings.queries - queries
            );
        }
        return;
    }
    let passed: HashSet<usize> = answer.passed.iter().chain(&presumed).copied().collect();
    let mut passed_blocks: BTreeSet<BlockKey> = BTreeSet::new();
    let mut passed_asserts: BTreeSet<AssertId> = BTreeSet::new();
    let mut callees: Vec<ProcId> = Vec::new();
    for &t in left.targets.iter().filter(|t| passed.contains(t)) {
        match over.passive.blocks[t].role {
            BlockRole::Code { key, .. } => {
                passed_blocks.insert(key);
            }
            BlockRole::AssertFail(id) => {
                passed_asserts.insert(id);
            }
            BlockRole::OpenCall { site } => callees.push(round.open_calls[site].callee),
            _ => {}
        }
    }
    // The procedures a passed open call may enter.
    let entered = crate::middle::reachable_from_any(program, &callees);
    let before = findings.dead_blocks.len() + findings.holding.len();
    for k in left.blocks {
        if !entered[k.proc.0] && !passed_blocks.contains(k) {
            findings.dead_blocks.insert(*k);
        }
    }
    for id in left.asserts {
        let info = &program.asserts[id.0];
        if info.kind != AssertKind::Requires
            && !entered[info.proc.0]
            && !passed_asserts.contains(id)
        {
            findings.holding.insert(*id);
        }
    }
    for (i, _) in left.wanted.iter().enumerate().filter(|(_, &w)| w) {
        let p = ProcId(i);
        if entered[i] || left.inlined.contains(&p) {
            continue;
        }
        let Some(cfg) = &program.proc(p).body else {
            continue;
        };
        for n in cfg.graph.node_indices() {
            let key = BlockKey { proc: p, block: n };
            if !findings.near_blocks.contains_key(&key) && !findings.dead(&key) {
                findings.dead_blocks.insert(key);
            }
        }
    }
    findings.apart_fruitless = 0;
    let proved = findings.dead_blocks.len() + findings.holding.len() - before;
    if std::env::var_os("BICD_ROUND_LOG").is_some() {
        eprintln!(
            "  apart: {} of {} targets passed by no run ({} taken as passed), {proved} goals proved, {:.2} s, {} questions",
            left.targets.len() - passed.len(),
            left.targets.len(),
            presumed.len(),
            now.elapsed().as_secs_f64(),
            findings.queries - queries
        );
    }
}

/// The open calls (indices into `Round::open_calls`) a round would
/// inline next.
struct Refinement {
    /// Those a run of the over-approximation passed (or, without a model,
    /// every one that leads to a goal).
    chosen: Vec<usize>,
    /// Every open call that leads to a goal left.
    leading: Vec<usize>,
    /// No round found a test: what is left waits for a proof.
    wants_proof: bool,
}

/// `refinement.chosen`; and where no round found a test (the goals left
/// wait for a proof: a harness that ends in `assume !assertsPassed` and
/// whose assertions hold has no terminating run), while the flat program
/// stays below half of [`MAX_FLAT_BLOCKS`] and grows at most twofold,
/// more of the open calls that lead to a goal, shallowest first. A proof
/// often needs many copies, and a round (rebuild, cover, question) costs
/// about as much with more of them: a SMACK driver (ks8851) is proved in
/// 8 rounds and 17 s this way, and was not in 28 rounds (20 s) with the
/// calls the models passed alone. Where tests still come, the copies
/// would only slow the cover down. `own_size[p]`: the blocks one copy of
/// `p` adds, its calls left open.
fn calls_to_inline(round: &Round, refinement: Refinement, own_size: &[usize]) -> Vec<usize> {
    let mut chosen: BTreeSet<usize> = refinement.chosen.into_iter().collect();
    if !refinement.wants_proof {
        return chosen.into_iter().collect();
    }
    let room = (MAX_FLAT_BLOCKS / 2)
        .saturating_sub(round.flat_blocks)
        .min(round.flat_blocks);
    let mut added: usize = chosen
        .iter()
        .map(|&s| own_size[round.open_calls[s].callee.0])
        .sum();
    let mut more = refinement.leading;
    more.sort_by_key(|&s| round.open_calls[s].path.len());
    for s in more {
        let size = own_size[round.open_calls[s].callee.0];
        if added + size > room {
            break;
        }
        if chosen.insert(s) {
            added += size;
        }
    }
    chosen.into_iter().collect()
}

/// Per procedure: the blocks one copy of its unwound body adds to a flat
/// program with its calls left open (each call splits its block).
fn own_sizes(program: &Program, bodies: &[Option<UnwoundBody>]) -> Vec<usize> {
    program
        .procedures
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (Some(body), Some(cfg)) = (bodies[i].as_ref(), p.body.as_ref()) else {
                return 0;
            };
            let calls: usize = body
                .blocks
                .iter()
                .filter_map(|b| b.origin())
                .map(|o| {
                    cfg.graph[o]
                        .stmts
                        .iter()
                        .filter(|s| matches!(s.kind, StmtKind::Call { .. }))
                        .count()
                })
                .sum();
            body.blocks.len() + 2 * calls
        })
        .collect()
}

/// The procedures some block of `passive` is a copy of.
fn inlined_procedures(passive: &PassiveProgram) -> BTreeSet<ProcId> {
    passive
        .blocks
        .iter()
        .filter_map(|b| match b.role {
            BlockRole::Code { key, .. } => Some(key.proc),
            _ => None,
        })
        .collect()
}

/// Per procedure: whether it is `wanted`, or may call (through other
/// calls) a procedure that is.
fn procedures_reaching(program: &Program, wanted: &[bool]) -> Vec<bool> {
    let n = program.procedures.len();
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for (callee, _) in program.calls(ProcId(i)) {
            callers[callee.0].push(i);
        }
    }
    let mut reaches = wanted.to_vec();
    let mut stack: Vec<usize> = (0..n).filter(|&i| reaches[i]).collect();
    while let Some(q) = stack.pop() {
        for &c in &callers[q] {
            if !reaches[c] {
                reaches[c] = true;
                stack.push(c);
            }
        }
    }
    reaches
}

/// What earlier rounds decided, for the next cover: goals covered by a
/// test, goals proved on an over-approximation.
fn seed(findings: &Findings) -> cover::DecidedGoals {
    let mut decided = cover::DecidedGoals::default();
    if let Some(c) = &findings.cover {
        for (k, v) in &c.blocks {
            if let BlockVerdict::Covered(_) = v {
                decided.covered_blocks.insert(*k);
            }
        }
        for (id, v) in &c.asserts {
            if let AssertVerdict::CanFail(_) = v {
                decided.failing_asserts.insert(*id);
            }
        }
    }
    decided
        .covered_blocks
        .extend(findings.near_blocks.keys().copied());
    decided.dead_blocks = findings.dead_blocks.clone();
    decided.locally_dead = findings.locally_dead.clone();
    decided.holding_asserts = findings.holding.clone();
    decided
}

/// A test to start runs near from ([`crate::check::generate`]): the entry's
/// inputs and the function points of the last model of `prepared` (an
/// over-approximation), with only the entry block as its trace. The
/// model may break a quantified assumption left out of `prepared`: a run
/// from it evaluates that assumption exactly or ends there (a generated
/// run takes no quantified condition on trust), and the functions one
/// applies get no points (a run that applies one there ends).
fn base_of_model(
    program: &Program,
    prepared: &stages::PreparedEntry,
    dropped: &Dropped,
    solver: &mut Solver,
) -> Option<TestCase> {
    if !prepared.vc.self_holding_records.is_empty() {
        return None;
    }
    let passive = &prepared.passive;
    let mut terms = Vec::new();
    let mut inputs = Vec::new();
    for v in &passive.vars {
        if let crate::ir::passive::SsaRole::Input { name } = &v.role {
            terms.push(v.smt_name.clone());
            inputs.push((name.clone(), v.ty.clone()));
        }
    }
    let applications: Vec<_> = prepared
        .vc
        .applications
        .iter()
        .filter(|a| a.divisor.is_none() && !dropped.functions.contains(&a.function.name))
        .collect();
    for a in &applications {
        terms.extend(a.args.iter().cloned());
        terms.push(a.term.clone());
    }
    let values = solver.get_values(&terms).ok()?;
    let mut values = values.into_iter();
    let mut test = TestCase {
        id: 0,
        entry: program.proc(passive.entry).name.clone(),
        inputs: Default::default(),
        choices: Vec::new(),
        trace: Vec::new(),
        functions: Vec::new(),
        outcome: crate::ir::testcase::Outcome::Returns,
    };
    for (name, ty) in inputs {
        let value = crate::back::solver::conform_value(values.next()?, &ty);
        test.inputs.insert(name, value);
    }
    for a in applications {
        let args: Vec<_> = a
            .function
            .params
            .iter()
            .map(|(_, ty)| {
                values
                    .next()
                    .map(|v| crate::back::solver::conform_value(v, ty))
            })
            .collect::<Option<_>>()?;
        let value = crate::back::solver::conform_value(values.next()?, &a.function.result);
        if !test
            .functions
            .iter()
            .any(|p| p.function == a.function.name && p.args == args)
        {
            test.functions.push(crate::ir::testcase::FunctionPoint {
                function: a.function.name.clone(),
                args,
                value,
            });
        }
    }
    let cfg = program.proc(passive.entry).body.as_ref()?;
    test.trace.push(crate::ir::testcase::TraceStep {
        proc: test.entry.clone(),
        label: cfg.graph.node_weight(cfg.entry)?.label.clone(),
    });
    Some(test)
}

/// The time runs near tests may take in one round: half the time left,
/// at most [`NEAR_SHARE_MS`], halved after each round in a row whose runs
/// found nothing ([`near_share`]; near a model's inputs, less:
/// [`near_model_share`]). On SDV's harnesses the rounds' own covers find
/// no test; the runs find them all (docs/experiments.md, session 48).
const NEAR_SHARE_MS: u64 = 8_000;

/// The share of `left` that runs near the tests take in a round, after
/// `fruitless` rounds in a row whose runs found nothing.
fn near_share(left: Duration, fruitless: u32) -> Duration {
    (left / 2).min(Duration::from_millis(NEAR_SHARE_MS)) / (1 << fruitless.min(8))
}

/// The share of `left` that runs near a model's inputs take in a round
/// (where no test is known yet), after `fruitless` rounds whose model's
/// runs found nothing: a tenth of it, at most an eighth of
/// [`NEAR_SHARE_MS`], once more for each such round, up to five times.
/// A model's inputs lead a run nowhere more often than a test does; a
/// later round's model, with more of the calls inlined, starts the runs
/// further in. (Halving the share after each such round instead left
/// SDV's `modem_completerequest_0` without a test: its runs near round
/// 2's model need 2 s. docs/decisions.md, "Runs near a model's inputs
/// get more time after rounds that found nothing".)
fn near_model_share(left: Duration, fruitless: u32) -> Duration {
    (left / 10).min(Duration::from_millis(NEAR_SHARE_MS / 8)) * (1 + fruitless.min(4))
}

/// Runs near the cover's tests and the earlier near ones
/// ([`crate::check::generate::runs_near`]): each enters a block no test
/// entered, through calls this round did not inline as well. Its tests
/// and blocks go to `findings`.
fn explore_near_tests(
    program: &Program,
    entry: ProcId,
    options: &Options,
    near: &Near,
    findings: &mut Findings,
    model_base: Option<TestCase>,
) {
    let Some(cover) = &findings.cover else {
        return;
    };
    if cover.tests.is_empty() && findings.near_tests.is_empty() && model_base.is_none() {
        return;
    }
    let from_model = model_base.is_some();
    let until = options.deadline.map(|d| {
        let left = d.at.saturating_duration_since(Instant::now());
        let share = match from_model {
            true => near_model_share(left, findings.near_model_fruitless),
            false => near_share(left, findings.near_fruitless),
        };
        Instant::now() + share
    });
    let mut covered: HashSet<(String, String)> = HashSet::new();
    let name_of = |k: &BlockKey| {
        let p = program.proc(k.proc);
        let label = p
            .body
            .as_ref()
            .and_then(|cfg| cfg.graph.node_weight(k.block))
            .map(|b| b.label.clone())
            .unwrap_or_default();
        (p.name.clone(), label)
    };
    for (k, v) in &cover.blocks {
        if matches!(v, BlockVerdict::Covered(_)) {
            covered.insert(name_of(k));
        }
    }
    for k in findings.near_blocks.keys() {
        covered.insert(name_of(k));
    }
    // With whether each takes quantified conditions on trust (a model's
    // inputs give no value of a function the dropped quantifiers apply).
    let mut bases: Vec<(TestCase, bool)> = match model_base {
        Some(base) => vec![(base, false)],
        None => cover
            .tests
            .iter()
            .map(|t| (t.clone(), cover.unconfirmed.contains(&t.id)))
            .chain(
                findings
                    .near_tests
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (t.clone(), findings.near_on_trust.contains(&i))),
            )
            .collect(),
    };
    let first = match from_model {
        true => 0,
        false => findings.near_next_base % bases.len().max(1),
    };
    bases.rotate_left(first);
    let seed = (findings.rounds as u64) << 40;
    let clock = Instant::now();
    let (fresh, started) = near.runs(program, entry, &bases, &mut covered, seed, until);
    if std::env::var_os("BICD_ROUND_LOG").is_some() {
        eprintln!(
            "  runs near {} bases{}: {} tests in {:.2} s",
            bases.len(),
            if from_model { " (a model's)" } else { "" },
            fresh.len(),
            clock.elapsed().as_secs_f64()
        );
    }
    if !from_model {
        findings.near_next_base = (first + started) % bases.len().max(1);
    }
    match (from_model, fresh.is_empty()) {
        (true, true) => findings.near_model_fruitless += 1,
        (false, true) => findings.near_fruitless += 1,
        (false, false) => findings.near_fruitless = 0,
        (true, false) => {}
    }
    for (t, on_trust) in fresh {
        let index = findings.near_tests.len();
        if on_trust {
            findings.near_on_trust.push(index);
        }
        for k in near.finished_keys(program, entry, &t) {
            let ids = findings.near_blocks.entry(k).or_default();
            if ids.last() != Some(&index) {
                ids.push(index);
            }
        }
        findings.near_tests.push(t);
    }
}

/// The verdicts: covered by a test of any round; infeasible where proved
/// (or where the last round was exact); unknown otherwise, with why. The
/// blocks of procedures no round inlined are infeasible when the last
/// round was exact (no run reaches an open call), unknown otherwise.
fn fill_result(
    program: &Program,
    entry: ProcId,
    round: &Round,
    mut findings: Findings,
    result: &mut ProcedureResult,
) {
    let Some(cover) = findings.cover.take() else {
        return;
    };
    let why = findings
        .stopped
        .clone()
        .unwrap_or_else(|| "the rounds ended".to_string());
    let unproved = format!(
        "no test reaches it with the calls inlined so far, and no proof with the others over-approximated (stratified inlining, {}: {why})",
        rounds(findings.rounds)
    );
    let mut verdicts: BTreeMap<BlockKey, BlockStatus> = BTreeMap::new();
    // The tests of runs near the cover's, numbered after them.
    let first_near = cover.tests.iter().map(|t| t.id).max().unwrap_or(0) + 1;
    for (k, ids) in &findings.near_blocks {
        let ids = ids.iter().map(|i| first_near + i).collect();
        verdicts.insert(*k, BlockStatus::Covered(ids));
    }
    for (k, v) in &cover.blocks {
        if let (Some(BlockStatus::Covered(near)), BlockVerdict::Covered(ts)) =
            (verdicts.get_mut(k), v)
        {
            near.extend(ts.iter().copied());
            near.sort_unstable();
            continue;
        }
        if verdicts.contains_key(k) {
            continue;
        }
        let status = match v {
            BlockVerdict::Covered(ts) => BlockStatus::Covered(ts.clone()),
            BlockVerdict::Unknown(r) => BlockStatus::Unknown(r.clone()),
            BlockVerdict::Infeasible if findings.dead(k) => BlockStatus::Infeasible,
            BlockVerdict::Infeasible => BlockStatus::Unknown(unproved.clone()),
        };
        verdicts.insert(*k, status);
    }
    // Blocks of the procedures the entry may call that no round inlined.
    let uninlined: BTreeSet<ProcId> = crate::middle::reachable_procedures(program, entry)
        .into_iter()
        .filter(|p| program.proc(*p).body.is_some() && !findings.inlined_procs.contains(p))
        .collect();
    for &p in &uninlined {
        let Some(cfg) = &program.proc(p).body else {
            continue;
        };
        for n in cfg.graph.node_indices() {
            let key = BlockKey { proc: p, block: n };
            let status = if findings.uninlined_dead || findings.dead(&key) {
                BlockStatus::Infeasible
            } else {
                BlockStatus::Unknown(format!(
                    "its procedure was not inlined at any call (stratified inlining, {}: {why})",
                    rounds(findings.rounds)
                ))
            };
            verdicts.entry(key).or_insert(status);
        }
    }
    result.blocks = block_results(program, entry, verdicts.into_iter());
    let mut asserts: Vec<_> = cover
        .asserts
        .iter()
        .map(|(id, v)| {
            let status = match v {
                AssertVerdict::CanFail(t) => AssertStatus::CanFail(*t),
                AssertVerdict::Holds if findings.holding.contains(id) => AssertStatus::Holds,
                AssertVerdict::Holds => AssertStatus::Unknown(unproved.clone()),
                AssertVerdict::Unknown(r) => AssertStatus::Unknown(r.clone()),
            };
            assert_result(program, *id, status)
        })
        .collect();
    // Assertions in the bodies (and at the exits) of the procedures no
    // round inlined; a `requires` is checked at the call, which is there.
    for (i, info) in program.asserts.iter().enumerate() {
        let id = AssertId(i);
        if info.kind == AssertKind::Requires
            || findings.inlined_procs.contains(&info.proc)
            || !uninlined.contains(&info.proc)
            || cover.asserts.contains_key(&id)
        {
            continue;
        }
        let status = if findings.uninlined_dead {
            AssertStatus::Holds
        } else {
            AssertStatus::Unknown(format!(
                "its procedure was not inlined at any call (stratified inlining, {}: {why})",
                rounds(findings.rounds)
            ))
        };
        asserts.push(assert_result(program, id, status));
    }
    asserts.sort_by_key(|a| (a.span, a.id));
    result.assertions = asserts;
    result.partial = cover.partial;
    result.error = cover.error.clone();
    result.tests = cover.tests;
    for (i, mut t) in findings.near_tests.into_iter().enumerate() {
        t.id = first_near + i;
        result.tests.push(t);
    }
    result.unconfirmed = cover.unconfirmed;
    result
        .unconfirmed
        .extend(findings.near_on_trust.iter().map(|i| first_near + i));
    if cover.vacuous {
        result
            .notes
            .push(super::inline_mode::VACUOUS_NOTE.to_string());
    }
    let open = round.open_calls.len();
    result.notes.push(format!(
        "calls inlined on demand (stratified inlining): {}, {open} call{} left open in the last{}",
        rounds(findings.rounds),
        if open == 1 { "" } else { "s" },
        if open > 0 && findings.uninlined_dead {
            ", and no terminating run enters one that leads to undecided code"
        } else {
            ""
        }
    ));
}

/// "1 round", "3 rounds".
fn rounds(n: usize) -> String {
    match n {
        1 => "1 round".to_string(),
        n => format!("{n} rounds"),
    }
}

#[cfg(test)]
mod tests {
    use super::{near_model_share, near_share};
    use std::time::Duration;

    #[test]
    fn runs_near_a_model_get_more_time_after_rounds_that_found_nothing() {
        let left = Duration::from_secs(18);
        let shares: Vec<Duration> = (0..8).map(|f| near_model_share(left, f)).collect();
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        assert!(shares[1] > shares[0], "{shares:?}");
        // Bounded: the rounds' own questions keep most of the time.
        assert!(shares.iter().all(|&s| s <= left / 2), "{shares:?}");
        assert_eq!(shares[6], shares[7]);
        // Near the tests, a round after one that found nothing gets less.
        assert!(near_share(left, 1) < near_share(left, 0));
        assert!(near_share(left, 0) <= left / 2);
    }
}
