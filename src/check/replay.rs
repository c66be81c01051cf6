//! Replaying tests (the entries of [`super::interp`]): one test, or a
//! cover's tests on several threads.
//!
//! Takes: a resolved [`Program`], the entry procedure and one test or many.
//! Gives: `Ok` when each runs exactly as it claims, else a [`ReplayError`]
//! naming the trace step, block and source place where the run departed
//! from the test (for [`replay_all`]: the failures, in test order).
//! design.md, "Trust": a test that does not run the trace it claims is a bug.

use super::error::ReplayError;
use super::interp;
use crate::ir::testcase::{TestCase, Value};
use crate::ir::{ProcId, Program};
use crate::source::Span;

/// Replays `test` on `program` from `entry`; see [`super::interp`] for
/// the run.
pub fn replay(program: &Program, entry: ProcId, test: &TestCase) -> Result<(), ReplayError> {
    replay_trusting(program, entry, test).map(|_| ())
}

/// Replays every test of `tests` ([`replay`]); the failures, in test
/// order.
pub fn replay_all<'t>(
    program: &Program,
    entry: ProcId,
    tests: &'t [TestCase],
) -> Vec<(&'t TestCase, ReplayError)> {
    tests
        .iter()
        .zip(replay_all_trusting(program, entry, tests))
        .filter_map(|(t, r)| r.err().map(|e| (t, e)))
        .collect()
}

/// Replays every test of `tests` ([`replay_trusting`]): on several
/// threads when there is much to replay (a path cover gives thousands of
/// tests, a long program long traces, and the replays are independent).
/// One result per test, in test order: the quantified conditions the run
/// took on trust, or why it does not replay.
pub fn replay_all_trusting(
    program: &Program,
    entry: ProcId,
    tests: &[TestCase],
) -> Vec<Result<Vec<Span>, ReplayError>> {
    /// Each thread gets at least this many trace steps (blocks entered)
    /// to replay (512 tests of 9 diamonds; 5 tests of 1,000); less work in
    /// all than two threads' worth is replayed on the caller's thread.
    const STEPS_PER_THREAD: usize = 20_000;
    let replay_part = |part: &[TestCase]| -> Vec<Result<Vec<Span>, ReplayError>> {
        part.iter()
            .map(|t| replay_trusting(program, entry, t))
            .collect()
    };
    let steps: usize = tests.iter().map(|t| t.trace.len().max(1)).sum();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(steps / STEPS_PER_THREAD)
        .min(tests.len())
        .max(1);
    if threads == 1 {
        return replay_part(tests);
    }
    std::thread::scope(|s| {
        let parts: Vec<_> = tests
            .chunks(tests.len().div_ceil(threads))
            .map(|part| s.spawn(move || replay_part(part)))
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Replays `test` like [`replay`]; on success, the places of the
/// quantified conditions the run took on trust (see [`super::interp`]),
/// in run order.
pub fn replay_trusting(
    program: &Program,
    entry: ProcId,
    test: &TestCase,
) -> Result<Vec<Span>, ReplayError> {
    interp::run(program, entry, test)
}

/// The trace steps (indices into `test.trace`) whose block the run of
/// `test` enters but does not finish: none when it returns; when it
/// fails an assertion, the block where it fails (unless an `ensures`
/// fails after its last statement) and each caller's block with the
/// call in progress. A block is covered by a run that finishes it
/// (design.md, "Assertions": the code after an assertion is live only
/// if the assertion can hold), as the VC's goals say: a run that fails
/// in a block covers the blocks before it, not that one. Every step when
/// the test does not replay.
pub fn unfinished_steps(program: &Program, entry: ProcId, test: &TestCase) -> Vec<usize> {
    match test.outcome {
        crate::ir::testcase::Outcome::Returns => Vec::new(),
        crate::ir::testcase::Outcome::AssertionFails(_) => {
            interp::unfinished_steps(program, entry, test)
        }
    }
}

/// The trace steps of `test` whose block its run finishes, in trace
/// order: all but its [`unfinished_steps`].
pub fn finished_steps<'t>(
    program: &Program,
    entry: ProcId,
    test: &'t TestCase,
) -> impl Iterator<Item = &'t crate::ir::testcase::TraceStep> {
    let unfinished = unfinished_steps(program, entry, test);
    test.trace
        .iter()
        .enumerate()
        .filter(move |(i, _)| !unfinished.contains(i))
        .map(|(_, s)| s)
}

/// How many trial replays [`replay_repairing`] may make of one test.
const MAX_REPAIRS: usize = 32;

/// Replays `test` like [`replay_trusting`]; where the run finds a `forall`
/// over map indices false, changes the test's map inputs there and
/// replays again. A solver's candidate model (E-matching's, which z3
/// gives when model-based instantiation does not answer in time) breaks
/// the program's quantified assumptions (Corral's `forall x: int :: M[x]
/// <= 0 || M[x] > 615`) at indices the run never reads: at the entries it
/// sets for the indices the VC names, or at all the others, through the
/// map's `else` value. [`repairs`] says what is tried; a change is kept
/// when the run then gets through, or fails at another point; at most
/// [`MAX_REPAIRS`] replays. On failure `test` is as it was, and the error
/// is the first replay's.
pub fn replay_repairing(
    program: &Program,
    entry: ProcId,
    test: &mut TestCase,
) -> Result<Vec<Span>, ReplayError> {
    let (first, mut refuted) = match interp::run_refuting(program, entry, test) {
        Ok(trusted) => return Ok(trusted),
        Err((e, Some(r))) => (e, r),
        Err((e, None)) => return Err(e),
    };
    let mut trial = test.clone();
    let mut replays = 1;
    'repair: while replays < MAX_REPAIRS {
        for next in repairs(&trial, &refuted) {
            if replays >= MAX_REPAIRS {
                break 'repair;
            }
            replays += 1;
            match interp::run_refuting(program, entry, &next) {
                Ok(trusted) => {
                    *test = next;
                    return Ok(trusted);
                }
                Err((_, Some(r))) if r.point != refuted.point || r.span != refuted.span => {
                    trial = next;
                    refuted = r;
                    continue 'repair;
                }
                Err(_) => {}
            }
        }
        break;
    }
    Err(first)
}

/// Where a test holds a map value: an input, the value of an
/// uninterpreted function at a point (`Set#Empty()`), or a choice (a
/// `havoc`ed map: Corral's harnesses havoc memory, then assume a `forall`
/// of it).
#[derive(Clone, Copy)]
enum MapSlot<'t> {
    Input(&'t str),
    Function(usize),
    Choice(usize),
}

impl MapSlot<'_> {
    /// Every map value `test` holds.
    fn all(test: &TestCase) -> Vec<(MapSlot<'_>, &Value)> {
        let inputs = test.inputs.iter().map(|(n, v)| (MapSlot::Input(n), v));
        let points =
            (test.functions.iter().enumerate()).map(|(i, p)| (MapSlot::Function(i), &p.value));
        let choices =
            (test.choices.iter().enumerate()).map(|(i, c)| (MapSlot::Choice(i), &c.value));
        inputs
            .chain(points)
            .chain(choices)
            .filter(|(_, v)| matches!(v, Value::Map { .. }))
            .collect()
    }

    /// `test` with the values at `slots` changed by `change`.
    fn changed(
        slots: &[MapSlot<'_>],
        test: &TestCase,
        change: &dyn Fn(&Value) -> Value,
    ) -> TestCase {
        let mut t = test.clone();
        for slot in slots {
            match *slot {
                MapSlot::Input(n) => {
                    let new = change(&t.inputs[n]);
                    t.inputs.insert(n.to_string(), new);
                }
                MapSlot::Function(i) => t.functions[i].value = change(&t.functions[i].value),
                MapSlot::Choice(i) => t.choices[i].value = change(&t.choices[i].value),
            }
        }
        t
    }
}

/// The changes of `test` that [`replay_repairing`] tries where `refuted`
/// is false, in order: at a stored index, its entries dropped from every
/// map the test holds (input, function value or choice) that has one there, then
/// from one at a time (each falls back to the map's `else` value); at the
/// indices no map stores at, the `else` value of each map the `forall`
/// reads made its value at an index where the body holds.
fn repairs(test: &TestCase, refuted: &interp::Refutation) -> Vec<TestCase> {
    let maps = MapSlot::all(test);
    let point = &refuted.point;
    if let Some(held) = &refuted.held_at {
        let read: Vec<MapSlot> = maps
            .iter()
            .filter(|(_, v)| refuted.maps.contains(v))
            .map(|&(slot, _)| slot)
            .collect();
        let held_default = |v: &Value| match v {
            Value::Map { default, entries } => {
                let there = entries.iter().find(|(k, _)| k == held).map(|(_, x)| x);
                Value::map(there.unwrap_or(default).clone(), entries.iter().cloned())
            }
            v => v.clone(),
        };
        return if read.is_empty() {
            Vec::new()
        } else {
            vec![MapSlot::changed(&read, test, &held_default)]
        };
    }
    let holders: Vec<MapSlot> = maps
        .iter()
        .filter(|(_, v)| match v {
            Value::Map { entries, .. } => entries.iter().any(|(k, _)| point.contains(k)),
            _ => false,
        })
        .map(|&(slot, _)| slot)
        .collect();
    let dropped = |v: &Value| match v {
        Value::Map { default, entries } => Value::map(
            (**default).clone(),
            entries.iter().filter(|(k, _)| !point.contains(k)).cloned(),
        ),
        v => v.clone(),
    };
    let mut out = Vec::new();
    if !holders.is_empty() {
        out.push(MapSlot::changed(&holders, test, &dropped));
    }
    if holders.len() > 1 {
        out.extend(
            holders
                .iter()
                .map(|&h| MapSlot::changed(&[h], test, &dropped)),
        );
    }
    out
}

/// How many trace steps (blocks entered, summed over the trial replays)
/// [`trim_map_inputs`] may spend on one test: a count, not a time, so
/// that the tests printed are the same on every machine.
const TRIM_STEPS_PER_TEST: usize = 50_000;

/// `test` with the entries of its map inputs that its run does not need
/// dropped (each falls back to the map's `else` value): a solver's model
/// sets indices the run never reads, with arbitrary values (yices:
/// `a = [0 := 0, 1 := -579, 2 := -2042, else 4]` where the run reads
/// `a[0]`). An entry goes only if the test still replays, taking the same
/// conditions on trust; entries are tried in halves, then quarters, and
/// so on (delta debugging), within [`TRIM_STEPS_PER_TEST`] replayed steps.
/// A test that does not replay as it is stays as it is. Under a time
/// limit, trimming also stops at `until` (the run's deadline): what is
/// left is kept, and the test replays as well.
pub fn trim_map_inputs(
    program: &Program,
    entry: ProcId,
    test: &mut TestCase,
    until: Option<std::time::Instant>,
) {
    let names: Vec<String> = test
        .inputs
        .iter()
        .filter(|(_, v)| matches!(v, Value::Map { entries, .. } if !entries.is_empty()))
        .map(|(n, _)| n.clone())
        .collect();
    if names.is_empty() {
        return;
    }
    let Ok(trusted) = replay_trusting(program, entry, test) else {
        return;
    };
    let cost = test.trace.len().max(1);
    let mut budget = TRIM_STEPS_PER_TEST / cost;
    let late = || until.is_some_and(|u| std::time::Instant::now() >= u);
    for name in names {
        if late() {
            break;
        }
        let Some(Value::Map { default, entries }) = test.inputs.get(&name).cloned() else {
            continue;
        };
        let mut kept = std::sync::Arc::unwrap_or_clone(entries);
        let mut chunk = kept.len();
        while chunk >= 1 && budget > 0 {
            let mut start = 0;
            while start < kept.len() && budget > 0 && !late() {
                let end = (start + chunk).min(kept.len());
                let fewer: Vec<_> = kept[..start].iter().chain(&kept[end..]).cloned().collect();
                test.inputs
                    .insert(name.clone(), Value::map((*default).clone(), fewer.clone()));
                budget -= 1;
                if replay_trusting(program, entry, test).as_ref() == Ok(&trusted) {
                    kept = fewer;
                } else {
                    start = end;
                }
            }
            chunk /= 2;
        }
        test.inputs
            .insert(name, Value::map((*default).clone(), kept));
    }
}
