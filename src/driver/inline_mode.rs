//! One entry procedure analysed with its calls inlined (`--calls inline`,
//! the default).
//!
//! Takes: a resolved [`Program`], an entry and the [`Options`]. Gives: the
//! entry's [`ProcedureResult`]: the stages of [`super::stages`] in order
//! (middle end, VC, one solver process, the cover loop), the verdicts put
//! in terms of the original program. design.md, "The pipeline", "Calls".

use super::dead_as_entries::with_lent;
use super::local_proofs::{Beside, LocalProofs};
use super::options::Options;
use super::results::{
    assert_result, block_results, loop_results, order_inputs, unknown_assertions, AssertStatus,
    BlockStatus, ProcedureResult, Proof,
};
use super::stages::{self, StageTimes};
use crate::back::cover::{self, CoverLimits};
use crate::ir::{ProcId, Program};
use crate::source::SourceMap;
use std::time::Instant;

/// Unwind, inline, passify, build the VC, run the cover loop: one entry.
/// With `earlier` (a run of the same entry cut short by its share of the
/// time limit), what that run decided is taken as decided and only the
/// rest is asked; the caller joins the two results
/// ([`ProcedureResult::continued_by`]). With `proved` (the blocks dead in
/// their own procedure, proved by the caller, which reports the pass's
/// questions), those are decided from the start; without, the pass runs
/// here where it pays ([`LOCAL_PROOFS_ABOVE`]), beside the cover
/// ([`super::local_proofs::beside`]), and what it proves is joined to
/// the cover's verdicts.
pub(crate) fn analyze_inlined(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    earlier: Option<&ProcedureResult>,
    proved: Option<&LocalProofs>,
) -> ProcedureResult {
    let start = Instant::now();
    let mut times = StageTimes::default();
    let mut result = ProcedureResult::nothing_yet(program.proc(entry));
    // Under a time limit already reached (the shares of the procedures
    // before it used it up), every block is unknown: the passive program
    // lists them, and its VC, which no solver will read, is not built (on
    // Viper's `auction`, ten procedures, 0.5 s each past a 2 s limit).
    if let Some(d) = options.deadline.filter(|d| d.passed()) {
        let message = format!("{} before this procedure was analysed", d.message());
        let passive = match stages::middle_end(
            program,
            entry,
            options.unwind,
            options.loop_coverage,
            &mut times,
        ) {
            Ok(p) => p,
            Err(d) => return result.input_failure(&d, sources, start),
        };
        every_goal_unknown(&mut result, program, entry, &passive, &message);
        result.time = start.elapsed();
        return result;
    }
    let prepare = |k: u32, times: &mut StageTimes| {
        stages::prepare_marking(program, entry, k, options.loop_coverage, times)
    };
    let prepared = match prepare(options.unwind, &mut times) {
        Ok(p) => p,
        Err(d) => return result.input_failure(&d, sources, start),
    };
    let kind = stages::solver_for(options.solver, &prepared.vc);
    result.solver_note = stages::solver_note(options.solver, kind, &prepared.vc);
    // A continued run goes on at the full bound: the earlier run has
    // already covered what one iteration does, or used its time trying.
    let shallow = match earlier.is_none() && deepens(program, entry, options) {
        true => prepare(1, &mut times).ok(),
        false => None,
    };
    let (seed, known) = earlier.map(decided_earlier).unwrap_or_default();
    let inlined = Inlined {
        program,
        sources,
        entry,
        options,
        kind,
        start,
        times,
        result,
        prepared,
        shallow,
        seed,
        known,
    };
    // On a large program with calls, the blocks dead in their own
    // procedure: cheap questions that leave the cover less to ask. Dead
    // within `--unwind`, so within one iteration too. (Without a call of
    // a procedure with a body, the pass would ask the cover's questions.)
    let calls_a_body = crate::middle::reachable_procedures(program, entry)
        .into_iter()
        .any(|p| p != entry && program.proc(p).body.is_some());
    match proved {
        Some(proved) => inlined.cover(LocalDead::Given(proved)),
        None if earlier.is_none()
            && super::local_proofs::wanted_for(options)
            && calls_a_body
            && inlined.prepared.passive.blocks.len() > LOCAL_PROOFS_ABOVE =>
        {
            let budget = super::local_proofs::budget_beside(options);
            super::local_proofs::beside(program, entry, options, budget, |pass| {
                inlined.cover(LocalDead::Beside(pass))
            })
        }
        None => inlined.cover(LocalDead::None),
    }
}

/// Where inline mode's blocks dead in their own procedure come from.
enum LocalDead<'p, 'b, 's, 'a> {
    None,
    /// Proved by the caller.
    Given(&'p LocalProofs),
    /// Being proved beside the cover.
    Beside(&'b mut Beside<'s, 'a>),
}

/// An entry taken through the middle end, and what the cover starts from.
struct Inlined<'a> {
    program: &'a Program,
    sources: &'a SourceMap,
    entry: ProcId,
    options: &'a Options,
    /// The solver for `prepared`'s VC.
    kind: crate::back::smt::SolverKind,
    start: Instant,
    times: StageTimes,
    result: ProcedureResult,
    prepared: stages::PreparedEntry,
    /// The entry at one iteration, where the cover deepens ([`deepens`]).
    shallow: Option<stages::PreparedEntry>,
    /// What an earlier run decided.
    seed: cover::DecidedGoals,
    known: stages::KnownProofs,
}

impl Inlined<'_> {
    /// The cover loop (at one iteration first where it deepens), and the
    /// verdicts put in terms of the original program.
    fn cover(self, mut local: LocalDead) -> ProcedureResult {
        let Inlined {
            program,
            sources,
            entry,
            options,
            kind,
            start,
            mut times,
            mut result,
            prepared,
            shallow,
            mut seed,
            mut known,
        } = self;
        // Dead in their own procedure: proved by the pass, or by their
        // procedure's own analysis as an entry earlier in this run.
        let mut locally_dead = match &local {
            LocalDead::Given(proved) => with_lent(&proved.dead, options),
            _ => (*options.dead_as_entries).clone(),
        };
        seed.locally_dead = locally_dead.clone();
        let mut near = super::near::NearCover::new(program, entry, sources, options);
        let outcome = stages::start_solver(kind, options).map(|mut solver| {
            let limits = CoverLimits {
                max_tests: options.max_tests,
                time_limited: options.deadline.is_some(),
                search: options.search,
            };
            // The cover loop on `prepared` for what `decided` leaves open, its
            // candidate tests replayed.
            let mut run = |solver: &mut crate::back::solver::Solver,
                           prepared: &stages::PreparedEntry,
                           decided: &cover::DecidedGoals,
                           times: &mut StageTimes| {
                let mut result = stages::cover_undecided(
                    program,
                    sources,
                    prepared,
                    solver,
                    options.mode,
                    &limits,
                    decided,
                    Some(&mut near),
                    times,
                );
                stages::keep_replaying_candidates(program, sources, entry, &mut result, times);
                result
            };
            let cover = match &shallow {
                None => run(&mut solver, &prepared, &seed, &mut times),
                Some(shallow) => {
                    let dead = cover::DecidedGoals {
                        locally_dead: locally_dead.clone(),
                        ..Default::default()
                    };
                    let mut first = run(&mut solver, shallow, &dead, &mut times);
                    let (mut decided, asked) = settled_at_one_iteration(
                        program,
                        entry,
                        options,
                        solver.switched_to(),
                        &mut first,
                        &mut times,
                    );
                    // The pass beside may have ended by now.
                    if let LocalDead::Beside(pass) = &mut local {
                        if let Some(proved) = pass.poll() {
                            locally_dead = with_lent(&proved.dead, options);
                        }
                    }
                    decided.locally_dead = locally_dead.clone();
                    known = asked;
                    let then = run(&mut solver, &prepared, &decided, &mut times);
                    cover::deepened(first, then)
                }
            };
            let note = solver.switch_note().map(str::to_string);
            (cover, note, solver.switched_to())
        });
        let (cover, switched) = match outcome {
            Ok((c, note, kind)) => {
                if note.is_some() {
                    result.solver_note = note;
                }
                (c, kind)
            }
            Err(e) => {
                if let LocalDead::Beside(pass) = &mut local {
                    pass.wait(false);
                }
                every_goal_unknown(
                    &mut result,
                    program,
                    entry,
                    &prepared.passive,
                    &e.to_string(),
                );
                result.time = start.elapsed();
                return result;
            }
        };
        let mut cover = cover;
        if let LocalDead::Beside(pass) = &mut local {
            // The pass's proofs join the cover's verdicts; where the cover
            // decided every block, the pass is stopped.
            let undecided = cover.blocks.values().any(|v| {
                !matches!(
                    v,
                    cover::BlockVerdict::Covered(_) | cover::BlockVerdict::Infeasible
                )
            });
            let proved = pass.wait(undecided);
            result.queries += proved.queries;
            result.solver_time += proved.solver_time;
            if let Some(note) = proved.note("beside the cover") {
                result.notes.insert(0, note);
            }
            for (k, v) in cover.blocks.iter_mut() {
                if !proved.dead.contains(k) {
                    continue;
                }
                // A test (replayed) outranks any proof; the two never
                // disagreed, and a disagreement is a bug the tests see.
                debug_assert!(
                    !matches!(v, cover::BlockVerdict::Covered(_)),
                    "block {k:?} is covered and proved dead in its own procedure"
                );
                if !matches!(v, cover::BlockVerdict::Covered(_)) {
                    *v = cover::BlockVerdict::Infeasible;
                }
            }
            locally_dead = with_lent(&proved.dead, options);
        }
        result.locally_dead = locally_dead.len();
        result.queries += cover.queries;
        result.solver_time += cover.solver_time;
        result.partial = cover.partial;
        result.error = cover.error.clone();
        result.blocks = block_results(
            program,
            entry,
            cover.blocks.iter().map(|(k, v)| (*k, block_status(v))),
        );
        result.loops = loop_results(
            program,
            entry,
            options.unwind,
            cover.loop_exits.iter().map(|(k, v)| (*k, block_status(v))),
        );
        let mut asserts: Vec<_> = cover
            .asserts
            .iter()
            .map(|(id, v)| {
                let status = match v {
                    cover::AssertVerdict::CanFail(t) => AssertStatus::CanFail(*t),
                    cover::AssertVerdict::Holds => AssertStatus::Holds,
                    cover::AssertVerdict::Unknown(r) => AssertStatus::Unknown(r.clone()),
                };
                assert_result(program, *id, status)
            })
            .collect();
        asserts.sort_by_key(|a| (a.span, a.id));
        result.assertions = asserts;
        stages::prove_for_every_bound(
            program,
            entry,
            options,
            switched,
            &known,
            &mut result,
            &mut times,
        );
        result
            .notes
            .extend(no_run_within_the_bound(program, entry, options, &result));
        if cover.vacuous {
            result.notes.push(VACUOUS_NOTE.to_string());
        }
        result.tests = cover.tests;
        result.unconfirmed = cover.unconfirmed;
        order_inputs(program, entry, &mut result.tests);
        result.time = start.elapsed();
        result
    }
}

/// Every block and assertion of `passive` unknown for `why`, which is
/// also the analysis' error: reported so that nothing is lost.
fn every_goal_unknown(
    result: &mut ProcedureResult,
    program: &Program,
    entry: ProcId,
    passive: &crate::ir::passive::PassiveProgram,
    why: &str,
) {
    let keys = cover::goal_blocks(passive);
    result.blocks = block_results(
        program,
        entry,
        keys.into_iter()
            .map(|k| (k, BlockStatus::Unknown(why.to_string()))),
    );
    result.assertions = unknown_assertions(program, passive, why);
    result.error = Some(why.to_string());
}

/// Inline mode's statement cover asks which blocks are dead in their own
/// procedure ([`super::local_proofs`]) before the cover where the entry's
/// passive program has more blocks than this. Below, the cover decides as
/// much alone, and the extra questions would only add to its time. (The
/// other modes count paths and queries, which goals decided beforehand
/// would change: they never ask.)
const LOCAL_PROOFS_ABOVE: usize = 2_000;

/// Whether statement cover of `entry` goes by iterative deepening: first
/// at one iteration per loop, then at the full `--unwind` only for what
/// is still open. A test at one iteration is a test at any bound, and
/// what the loop over-approximation proves dead (or holding) is so at
/// every bound. On the HAVOC drivers every block that can be covered is
/// covered at one iteration, and the full unwinding is left a few
/// assertions: MouseClassFindMorePorts takes 10.5 s instead of 29 s. On
/// the other files of Boogie's `Test/` and `../shared` it changes
/// neither verdicts nor time (docs/experiments.md, "Session 13").
/// Without a loop or recursion there is nothing to deepen.
fn deepens(program: &Program, entry: ProcId, options: &Options) -> bool {
    options.mode == cover::CoverMode::Statements
        && options.unwind > 1
        && !crate::middle::loop_havoc::loop_and_recursion_free(program, entry)
}

/// What the first, one-iteration cover settles for the full unwinding:
/// its covered blocks and failing assertions, and among its infeasible
/// blocks and holding assertions those that the loop over-approximation
/// proves for every iteration count. Also gives the blocks asked about
/// and proved, for the report's proofs.
fn settled_at_one_iteration(
    program: &Program,
    entry: ProcId,
    options: &Options,
    switched_to: Option<crate::back::smt::SolverKind>,
    first: &mut cover::CoverResult,
    times: &mut StageTimes,
) -> (cover::DecidedGoals, stages::KnownProofs) {
    let mut decided = cover::DecidedGoals::default();
    let mut infeasible = Vec::new();
    for (key, verdict) in &first.blocks {
        match verdict {
            cover::BlockVerdict::Covered(_) => {
                decided.covered_blocks.insert(*key);
            }
            cover::BlockVerdict::Infeasible => infeasible.push(*key),
            cover::BlockVerdict::Unknown(_) => {}
        }
    }
    for (key, verdict) in &first.loop_exits {
        if let cover::BlockVerdict::Covered(_) = verdict {
            decided.covered_loop_exits.insert(*key);
        }
    }
    let mut holding = Vec::new();
    for (id, verdict) in &first.asserts {
        match verdict {
            cover::AssertVerdict::CanFail(_) => {
                decided.failing_asserts.insert(*id);
            }
            cover::AssertVerdict::Holds => holding.push(*id),
            cover::AssertVerdict::Unknown(_) => {}
        }
    }
    let proved = stages::unreachable_for_every_bound(
        program,
        entry,
        options,
        switched_to,
        &infeasible,
        &holding,
        times,
    );
    first.queries += proved.queries;
    decided.dead_blocks.extend(proved.blocks.iter().copied());
    decided
        .holding_asserts
        .extend(proved.asserts.iter().copied());
    let known = stages::KnownProofs {
        asked: infeasible.into_iter().collect(),
        dead: proved.blocks.into_iter().collect(),
        asked_asserts: holding.into_iter().collect(),
        holding: proved.asserts.into_iter().collect(),
    };
    (decided, known)
}

/// What `earlier` decided, as goals a run at the same bound takes as
/// decided, and the proofs for every bound it need not look for again
/// (those `earlier` found; one it did not find is looked for again).
fn decided_earlier(earlier: &ProcedureResult) -> (cover::DecidedGoals, stages::KnownProofs) {
    let mut decided = cover::DecidedGoals {
        continued: true,
        ..Default::default()
    };
    let mut known = stages::KnownProofs::default();
    for b in &earlier.blocks {
        match b.status {
            BlockStatus::Covered(_) => {
                decided.covered_blocks.insert(b.key);
            }
            BlockStatus::Infeasible => {
                decided.dead_blocks.insert(b.key);
                if b.proof == Some(Proof::Unbounded) {
                    known.asked.insert(b.key);
                    known.dead.insert(b.key);
                }
            }
            BlockStatus::Unknown(_) | BlockStatus::UncoveredSummary => {}
        }
    }
    for a in &earlier.assertions {
        match a.status {
            AssertStatus::CanFail(_) => {
                decided.failing_asserts.insert(a.id);
            }
            AssertStatus::Holds => {
                decided.holding_asserts.insert(a.id);
                if a.proof == Some(Proof::Unbounded) {
                    known.asked_asserts.insert(a.id);
                    known.holding.insert(a.id);
                }
            }
            AssertStatus::Unknown(_) => {}
        }
    }
    for l in &earlier.loops {
        for it in &l.iterations {
            if let BlockStatus::Covered(_) = it.status {
                decided.covered_loop_exits.insert((l.head, it.count));
            }
        }
    }
    (decided, known)
}

/// A block's (or loop exit's) verdict from the cover loop, as reported.
fn block_status(v: &cover::BlockVerdict) -> BlockStatus {
    match v {
        cover::BlockVerdict::Covered(ts) => BlockStatus::Covered(ts.clone()),
        cover::BlockVerdict::Infeasible => BlockStatus::Infeasible,
        cover::BlockVerdict::Unknown(r) => BlockStatus::Unknown(r.clone()),
    }
}

/// A note when no run of `entry` terminates within the bound at all (its
/// first block is infeasible, and not dead): every block is then only
/// infeasible within the bound, typically because a loop needs more
/// iterations than `--unwind` allows (a C loop over a fixed-size array).
pub(crate) fn no_run_within_the_bound(
    program: &Program,
    entry: ProcId,
    options: &Options,
    result: &super::results::ProcedureResult,
) -> Option<String> {
    let first = program.proc(entry).body.as_ref()?.entry;
    let b = result
        .blocks
        .iter()
        .find(|b| b.key.proc == entry && b.key.block == first)?;
    (b.status == BlockStatus::Infeasible && b.proof == Some(super::results::Proof::Bounded)).then(|| {
        format!(
            "no run of `{}` terminates within {} loop iterations (--unwind {}), so every block is infeasible within the bound only: its loops (or recursion) may need more (try a larger --unwind), or no run terminates at all (a harness that ends in `assume !assertsPassed` has none when no assertion fails)",
            program.proc(entry).name,
            options.unwind,
            options.unwind
        )
    })
}

/// The note for a procedure whose VC z3's model-based quantifier
/// instantiation refutes as a whole ([`cover::CoverResult::vacuous`]).
pub(crate) const VACUOUS_NOTE: &str = "z3 with model-based quantifier instantiation finds that the axioms and the procedure's preconditions have no model, typically because an axiom is false for some values: in logic every block is infeasible. Like Boogie, bicd reasons by E-matching here, and keeps the tests from its candidate models that replay";
