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
use crate::ir::testcase::TestCase;
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
    use crate::ir::testcase::Value;
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
        let mut kept = entries;
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
