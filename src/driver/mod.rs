//! The driver: the stages of the pipeline in order, for every entry
//! procedure of a program, and each test validated by replay.
//!
//! Takes: a resolved [`Program`], its [`SourceMap`], the entries to analyse
//! and the user's [`Options`]. Gives: a [`FileResult`] with, per analysed
//! procedure, the verdict of every original block (its own and, qualified,
//! those of inlined callees), the verdict of every assertion, and the
//! tests — each one replayed on the original program by
//! [`crate::check::replay()`] before it is reported — and the tests
//! that did not replay, never hidden (design.md, "Trust").
//!
//! Entry: [`analyze_program`] (or [`analyze_program_jobs`] on several
//! threads). Per entry, [`analyze_procedure`] runs [`inline_mode`] or
//! [`summary`] mode; both compose the stage functions of [`stages`]
//! (front end, middle end, VC, cover loop, replay), which `bicd bench` and
//! `cargo bench` compose too. One solver process per analysed procedure
//! (design.md, "Where the solver fits"); a solver failure is confined to
//! the procedure it happened in.

mod candidate_specs;
mod dead_as_entries;
pub mod inline_mode;
mod local_proofs;
mod near;
pub mod options;
pub mod results;
pub mod stages;
pub mod stratified;
pub mod summary;

pub use options::{CallMode, Options, SummarySettings};
pub use results::{
    AssertResult, AssertStatus, BlockResult, BlockStatus, FileResult, ProcedureResult, Proof,
    ReplayFailure,
};
pub use stages::{select_entries, solver_for, StageTimes};

use crate::back::solver::Deadline;
use crate::ir::{ExprKind, ProcId, Program};
use crate::source::SourceMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Analyses `entry` as the options say (calls inlined or summarised).
pub fn analyze_procedure(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
) -> ProcedureResult {
    analyze_procedure_after(program, sources, entry, options, None)
}

/// [`analyze_procedure`], after `earlier`, a run of it cut short: with
/// calls inlined, what `earlier` decided is not asked again (the other
/// modes start afresh); the caller joins the two
/// ([`ProcedureResult::continued_by`]).
fn analyze_procedure_after(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    earlier: Option<&ProcedureResult>,
) -> ProcedureResult {
    let mut result = match options.calls {
        CallMode::Inline if too_big_to_inline(program, entry, options) => {
            let mut result = stratified::analyze_stratified(program, sources, entry, options, None);
            result.notes.insert(0, format!(
                "inlining every call would give more than {} blocks, so calls are inlined on demand (stratified inlining; --calls stratified always does)",
                stratified::STRATIFY_ABOVE
            ));
            result
        }
        CallMode::Inline if earlier.is_none() && may_stall_inlined(program, entry, options) => {
            analyze_inlined_or_stratified(program, sources, entry, options)
        }
        CallMode::Inline => {
            inline_mode::analyze_inlined(program, sources, entry, options, earlier, None)
        }
        CallMode::Summary(_) => summary::analyze_with_summaries(program, sources, entry, options),
        CallMode::Stratified => {
            stratified::analyze_stratified(program, sources, entry, options, None)
        }
    };
    result.notes.extend(inferred_modifies_note(program, entry));
    result
}

/// Under a time limit, an entry whose calls are inlined first gets this
/// share of its time (one part in so many) to decide something before it
/// is analysed by stratified inlining instead.
const INLINED_PROBE_PARTS: usize = 4;

/// Whether the whole inlined VC of `entry` may get no answer at all
/// under the time limit where stratified inlining's smaller ones would:
/// `entry` is a Corral harness (`{:entrypoint}`: Corral analyses it by
/// stratified inlining) that calls procedures with a body and assumes
/// quantified axioms (or `requires`), which E-matching instantiates
/// with the terms of the whole VC, as SDV's `sys` does (5,009 passive
/// blocks, no answer from z3 in 20 s; 440 blocks covered stratified).
/// Elsewhere the probe cost more than it gave: a probe that decides
/// something is cut and the analysis starts again (SMACK's
/// `contracts_and` and `diskperf`, VCC's `vscomp2010_p4`:
/// docs/experiments.md, session 31).
fn may_stall_inlined(program: &Program, entry: ProcId, options: &Options) -> bool {
    if options.deadline.is_none() || options.loop_coverage || !program.entrypoints.contains(&entry)
    {
        return false;
    }
    let mut quantified = false;
    for spec in &program.proc(entry).requires {
        spec.expr
            .visit(&mut |sub| quantified |= matches!(sub.kind, ExprKind::Quant(..)));
    }
    quantified
        && crate::middle::reachable_procedures(program, entry)
            .iter()
            .any(|&p| p != entry && program.proc(p).body.is_some())
}

/// The blocks dead in their own procedure ([`local_proofs`], a quarter of
/// the time) beside a probe of `entry` with its calls inlined, for a
/// share of the time ([`INLINED_PROBE_PARTS`]); when that decides nothing,
/// by stratified inlining in the time left, else inlined on from what it
/// decided. Both start from the pass's proofs.
fn analyze_inlined_or_stratified(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
) -> ProcedureResult {
    let Some(deadline) = options.deadline else {
        return inline_mode::analyze_inlined(program, sources, entry, options, None, None);
    };
    // A quarter, as long as the probe: what follows waits for the pass.
    let budget = deadline.at.saturating_duration_since(Instant::now()) / 4;
    if !local_proofs::wanted_for(options) {
        return probe_then_go_on(program, sources, entry, options, deadline, None);
    }
    local_proofs::beside(program, entry, options, Some(budget), |pass| {
        probe_then_go_on(program, sources, entry, options, deadline, Some(pass))
    })
}

/// [`analyze_inlined_or_stratified`] under `deadline` (the options'),
/// with the pass beside it (if any).
fn probe_then_go_on(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
    deadline: Deadline,
    mut pass: Option<&mut local_proofs::Beside>,
) -> ProcedureResult {
    let start = Instant::now();
    let probe = deadline.share_for(INLINED_PROBE_PARTS, 1);
    let probing = Options {
        deadline: Some(probe),
        ..options.clone()
    };
    // The probe does not wait for the pass: it asks the whole VC.
    let nothing = local_proofs::LocalProofs::none(program);
    let first =
        inline_mode::analyze_inlined(program, sources, entry, &probing, None, Some(&nothing));
    let local = pass.as_mut().map(|p| p.wait(first.has_undecided()));
    let account = |mut result: ProcedureResult, when: &str| {
        if let Some(local) = local {
            result.queries += local.queries;
            result.solver_time += local.solver_time;
            if let Some(note) = local.note(when) {
                result.notes.insert(0, note);
            }
        }
        result
    };
    if !(probe.share && probe.passed() && first.has_undecided()) || deadline.passed() {
        let mut first = first;
        if let Some(local) = local {
            first.join_locally_dead(&local.dead);
        }
        return account(first, "beside the cover");
    }
    if first.decided() > 0 {
        let later =
            inline_mode::analyze_inlined(program, sources, entry, options, Some(&first), local);
        return account(first.continued_by(later), "beside the cover");
    }
    let mut result = account(
        stratified::analyze_stratified(program, sources, entry, options, local),
        "before the rounds",
    );
    result.notes.insert(
        0,
        format!(
            "with every call inlined the solver decided nothing in {:.1} s, so calls are inlined on demand (stratified inlining; --calls stratified always does)",
            probe.at.saturating_duration_since(start).as_secs_f64()
        ),
    );
    result
}

/// Whether inlining every call of `entry` would give more than
/// [`stratified::STRATIFY_ABOVE`] blocks (estimated without building it).
/// Loop-iteration coverage has no stratified form: it keeps inlining.
fn too_big_to_inline(program: &Program, entry: ProcId, options: &Options) -> bool {
    if options.loop_coverage {
        return false;
    }
    match crate::middle::unwind_reachable(program, entry, options.unwind) {
        Ok(bodies) => {
            let limit = stratified::STRATIFY_ABOVE;
            crate::middle::inline::inlined_size(program, entry, options.unwind, &bodies, limit)
                > limit
        }
        Err(_) => false,
    }
}

/// One note naming the procedures `entry` may reach (itself first) whose
/// `modifies` clause bicd completed (issue 22), each with the globals it
/// added; none when no clause was completed.
fn inferred_modifies_note(program: &Program, entry: ProcId) -> Option<String> {
    let completed: Vec<String> = crate::middle::reachable_procedures(program, entry)
        .into_iter()
        .filter_map(|p| {
            let proc = program.proc(p);
            if proc.inferred_modifies.is_empty() {
                return None;
            }
            let names: Vec<String> = proc
                .inferred_modifies
                .iter()
                .map(|g| format!("`{}`", program.globals[g.0].name))
                .collect();
            Some(format!("`{}` adds {}", proc.name, names.join(", ")))
        })
        .collect();
    // The count first: the text report cuts a long note (a SMACK
    // driver completes 120 clauses, `main`'s with 62 globals).
    let count = match completed.len() {
        0 => return None,
        1 => "one procedure".to_string(),
        n => format!("{n} procedures"),
    };
    Some(format!(
        "modifies clauses inferred for {count} (globals a procedure writes, itself or through a call, without naming them), as Boogie's /doModSetAnalysis does; --strict-modifies refuses this: {}",
        completed.join("; ")
    ))
}

/// Analyses every selected procedure of `program`, one after the other;
/// replays every test. Replay failures are returned beside the result,
/// never hidden.
pub fn analyze_program(
    program: &Program,
    sources: &SourceMap,
    file: &str,
    entries: &[ProcId],
    options: &Options,
) -> (FileResult, Vec<ReplayFailure>) {
    analyze_program_jobs(program, sources, file, entries, options, 1, &|_, _| {})
}

/// One analysed procedure and the tests of it that did not replay.
type Finished = (ProcedureResult, Vec<ReplayFailure>);

/// [`analyze_program`] on up to `jobs` threads (`--jobs`), telling
/// `on_done` of each finished procedure and its index in `entries` (for a
/// progress bar, and for the text report, printed as procedures finish). Results are
/// in the order of `entries` whatever the number of threads: each
/// procedure has its own solver process, so procedures are independent.
///
/// Under `--time-limit` each procedure gets a fair share of the time left
/// ([`Deadline::share_for`]), the smallest first ([`smallest_first`]);
/// one whose share ran out with something undecided is analysed again,
/// once every procedure has had its share, with the time the others left
/// unused, going on from what it decided
/// ([`ProcedureResult::continued_by`]); again while time is left and each
/// run decides more.
pub fn analyze_program_jobs(
    program: &Program,
    sources: &SourceMap,
    file: &str,
    entries: &[ProcId],
    options: &Options,
    jobs: usize,
    on_done: &(dyn Fn(usize, &ProcedureResult) + Sync),
) -> (FileResult, Vec<ReplayFailure>) {
    // The procedures of this program share one record of model-based
    // questions (they share its axioms); another program starts afresh.
    let options = &Options {
        mbqi_record: Default::default(),
        ..options.clone()
    };
    // The cores the other `jobs` run on are no analysis's spare cores.
    let _jobs_cores = crate::back::solver::cores::reserve_for_jobs(jobs);
    // Blocks each entry's analysis proves dead in its own body, for the
    // analyses of its callers that start later.
    let dead_as_entries = dead_as_entries::DeadAsEntries::default();
    let slots: Vec<Mutex<Option<Finished>>> = entries.iter().map(|_| Mutex::new(None)).collect();
    // Entry `i` analysed within `deadline` (after `earlier`, a run of it
    // cut short), its tests replayed; and whether its share ran out
    // before it decided everything.
    let run = |i: usize,
               deadline: Option<Deadline>,
               earlier: Option<&ProcedureResult>|
     -> (Finished, bool) {
        let entry = entries[i];
        let mut mine = options.clone();
        mine.deadline = deadline;
        mine.dead_as_entries = dead_as_entries.snapshot(options);
        let mut result = analyze_procedure_after(program, sources, entry, &mine, earlier);
        dead_as_entries.record(program, entry, options, &result);
        let cut = deadline.is_some_and(|d| d.share && d.passed()) && result.has_undecided();
        // Map inputs as a reader would write them: without the entries
        // the run does not need (as far as the time limit allows: on an
        // SDV harness of 27 tests this took 4 s past a 20 s limit).
        let until = options.deadline.map(|d| d.at);
        for test in &mut result.tests {
            crate::check::trim_map_inputs(program, entry, test, until);
        }
        let (failures, trusted) = stages::replay_tests_trusting(
            program,
            sources,
            entry,
            &result.tests,
            &mut StageTimes::default(),
        );
        result.trusted = trusted;
        ((result, failures), cut)
    };
    // Once a procedure's runs are joined (a run that goes on from an
    // earlier one names none of its tests), each block it reports covered
    // must be finished by one of the tests it names.
    let store = |i: usize, mut finished: Finished| {
        if finished.1.is_empty() {
            finished.1 = stages::check_coverage_claims(program, entries[i], &finished.0);
        }
        let note = dead_as_entries.note(program, entries[i], &finished.0);
        finished.0.notes.extend(note);
        on_done(i, &finished.0);
        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(finished);
    };
    let cut: Mutex<Vec<(usize, Finished)>> = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    // The smallest procedures first (by the code they analyse): each gets
    // a fair share of the time left, and what the small ones do not use
    // goes to the large ones after them.
    let order = smallest_first(program, entries);
    let weights = dead_as_entries::first_share_weights(program, entries, options);
    let weight_left = AtomicUsize::new(weights.iter().sum());
    let first = || loop {
        let k = next.fetch_add(1, Ordering::SeqCst);
        if k >= entries.len() {
            break;
        }
        let i = order[k];
        let n = weight_left.fetch_sub(weights[i], Ordering::SeqCst);
        // A fair share of the time left: one hard procedure must not take
        // the time of those after it (the last one started gets the rest).
        // (In the order of the file, SMACK's `__SMACK_and32`, third of 17
        // procedures in `contracts_and` and alone decided in 5 s, got 1.1 s
        // of 20 s; shares in proportion to the code gave Dafny's large
        // `SchorrWaite` procedures, which decide nothing, the time of the
        // small ones.) An entry that others call, and lends them its
        // proofs, weighs one more per caller
        // ([`dead_as_entries::first_share_weights`]).
        let share = options
            .deadline
            .map(|d| d.weighted_share(weights[i], n, jobs.max(1)));
        match run(i, share, None) {
            (finished, true) => cut
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((i, finished)),
            (finished, false) => store(i, finished),
        }
    };
    on_threads(jobs, entries.len(), first);
    // The procedures cut short go again, with the time the others left,
    // each from what it has decided so far, with a share of that time in
    // proportion to what it has left to decide; those with least left
    // first (what they leave unused goes to the others); round after
    // round, while time is left and each decides more. (Equal shares, in
    // SMACK's `contracts_and`, gave four procedures with two hard blocks
    // each four sixths of the time, and `__SMACK_and32`, with 296 blocks
    // left, too little to prove any.)
    let mut cut: Vec<Retry> = cut
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|(i, finished)| Retry {
            i,
            first: finished.0.decided(),
            runs: 1,
            finished,
        })
        .collect();
    while !cut.is_empty() && options.deadline.is_some_and(|d| !d.passed()) {
        cut.sort_by_key(|r| (r.finished.0.undecided(), r.i));
        let retries = cut.len();
        let weight = |r: &Retry| r.finished.0.undecided() + FIXED_WEIGHT;
        let left = AtomicUsize::new(cut.iter().map(weight).sum());
        let again = Mutex::new(cut.into_iter());
        let still_cut = Mutex::new(Vec::new());
        let next_round = || loop {
            let Some(retry) = again.lock().unwrap_or_else(|e| e.into_inner()).next() else {
                break;
            };
            let n = left.fetch_sub(weight(&retry), Ordering::SeqCst);
            let Some(d) = options.deadline.filter(|d| !d.passed()) else {
                store(retry.i, retry.noted());
                continue;
            };
            let before = retry.finished.0.decided();
            let (after, cut_again) = run(
                retry.i,
                Some(d.weighted_share(weight(&retry), n, jobs.max(1))),
                Some(&retry.finished.0),
            );
            let retry = Retry {
                finished: continued(retry.finished, after),
                runs: retry.runs + 1,
                ..retry
            };
            if cut_again && retry.finished.0.decided() > before {
                still_cut
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(retry);
            } else {
                store(retry.i, retry.noted());
            }
        };
        on_threads(jobs, retries, next_round);
        cut = still_cut.into_inner().unwrap_or_else(|e| e.into_inner());
    }
    for retry in cut {
        store(retry.i, retry.noted());
    }
    let mut procedures = Vec::new();
    let mut failures = Vec::new();
    for slot in slots {
        if let Some((r, f)) = slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
            procedures.push(r);
            failures.extend(f);
        }
    }
    (
        FileResult {
            file: file.to_string(),
            procedures,
        },
        failures,
    )
}

/// What every analysis of a procedure costs whatever its size (a solver
/// started, a VC built and loaded, tests replayed), in undecided blocks,
/// when the time left is shared in proportion to them: shares in
/// proportion to blocks alone (tried for the first round, session 54)
/// gave a procedure of one block 9 ms of 20 s beside 2,169 other blocks,
/// too little to start its solver.
const FIXED_WEIGHT: usize = 32;

/// The indices of `entries` in the order a time-limited analysis starts
/// them: by the code each analyses ([`code_size`]), smallest first, in the
/// order given where sizes are equal.
fn smallest_first(program: &Program, entries: &[ProcId]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_cached_key(|&i| code_size(program, entries[i]));
    order
}

/// The blocks of `entry` and of the procedures it may call: the code an
/// analysis of it inlines.
fn code_size(program: &Program, entry: ProcId) -> usize {
    crate::middle::reachable_procedures(program, entry)
        .into_iter()
        .filter_map(|p| program.proc(p).body.as_ref())
        .map(|cfg| cfg.graph.node_count())
        .sum()
}

/// A procedure whose share of the time limit ran out with something
/// undecided: entry `i`, what its runs so far found (`finished`), how
/// many runs that took, and how much its first run decided.
struct Retry {
    i: usize,
    finished: Finished,
    runs: usize,
    first: usize,
}

impl Retry {
    /// The result as reported: with a note when a later run decided more.
    fn noted(self) -> Finished {
        let (mut result, failures) = self.finished;
        if result.decided() > self.first {
            result.notes.push(format!(
                "analysed {} times in all, each run going on from the last with the time the other procedures left unused: its first run's share of the time limit had run out with {} blocks and assertions decided",
                self.runs, self.first
            ));
        }
        (result, failures)
    }
}

/// A procedure's earlier run (`before`, cut short) joined with a later
/// one (`after`) where the later decided more or has a test that did not
/// replay (never hidden); otherwise the earlier as it was.
fn continued(before: Finished, after: Finished) -> Finished {
    let (first, mut failures) = before;
    let (second, later_failures) = after;
    let decided = first.decided();
    let shift = first.tests.iter().map(|t| t.id).max().unwrap_or(0);
    let joined = first.clone().continued_by(second);
    if joined.decided() <= decided && later_failures.is_empty() {
        return (first, failures);
    }
    failures.extend(later_failures.into_iter().map(|mut f| {
        f.test += shift;
        f
    }));
    (joined, failures)
}

/// The stack of each thread that analyses procedures: the main
/// thread's (8 MiB), not a spawned thread's default 2 MiB, which an
/// SDV harness's analysis once overflowed.
const WORKER_STACK: usize = 8 << 20;

/// Runs `work` on `jobs` threads (at most `items`), or on this one.
fn on_threads(jobs: usize, items: usize, work: impl Fn() + Sync) {
    let threads = jobs.clamp(1, items.max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                let spawned = std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, &work);
                if spawned.is_err() {
                    // No thread to be had: this one does the work.
                    work();
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::resolve::load_program;

    /// Procedures start smallest first, a procedure counting the code of
    /// those it calls, ties in the order of the file.
    #[test]
    fn procedures_start_smallest_first_counting_their_callees() {
        let text = "
            procedure big(x: int) { if (x > 0) { if (x > 1) { } } else { } }
            procedure one() { }
            procedure calls_big() { call big(1); }
            procedure also_one() { }
        ";
        let mut sources = SourceMap::new();
        let file = sources.add("order.bpl", text);
        let program = load_program(&sources, file).expect("loads");
        let entries: Vec<ProcId> = ["big", "one", "calls_big", "also_one"]
            .iter()
            .map(|name| program.proc_by_name(name).unwrap())
            .collect();
        let sizes: Vec<usize> = entries.iter().map(|&e| code_size(&program, e)).collect();
        assert!(sizes[1] < sizes[0] && sizes[0] < sizes[2], "{sizes:?}");
        assert_eq!(sizes[1], sizes[3]);
        assert_eq!(smallest_first(&program, &entries), vec![1, 3, 0, 2]);
    }
}
