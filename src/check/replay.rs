//! Replaying tests (the entries of [`super::interp`]): one test, or a
//! cover's tests on several threads, and the messages of a failed replay.
//!
//! Takes: a resolved [`Program`], the entry procedure and one test or many.
//! Gives: `Ok` when each runs exactly as it claims, else a [`ReplayError`]
//! naming the trace step, block and source place where the run departed
//! from the test (for [`replay_all`]: the failures, in test order).
//! design.md, "Trust": a test that does not run the trace it claims is a bug.

use super::interp;
use crate::ir::testcase::{Choice, ChoiceKind, Outcome, TestCase, TraceStep};
use crate::ir::{ProcId, Program};
use crate::source::{Diagnostic, Span};
use std::fmt;

/// Where and why a replay departed from its test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index (0-based) in `test.trace` of the block being run, if any.
    pub step: Option<usize>,
    /// The procedure and label of the block being run (empty before the run
    /// enters its first block).
    pub proc: String,
    pub block: String,
    /// The statement, `goto`, clause or block where it happened.
    pub span: Span,
    pub message: String,
}

impl ReplayError {
    /// A located diagnostic (`file:line:col: error: ...` once rendered with
    /// the program's [`SourceMap`](crate::source::SourceMap)).
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.span, format!("test replay failed: {self}"))
    }

    /// The message with the source line, using the program's sources.
    pub fn render(&self, sources: &crate::source::SourceMap) -> String {
        self.diagnostic().render(sources)
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(s) => write!(f, "at trace step {} ", s + 1)?,
            None => write!(f, "before the first trace step ")?,
        }
        if !self.block.is_empty() {
            write!(f, "(block {}::{}) ", self.proc, self.block)?;
        } else if !self.proc.is_empty() {
            write!(f, "(procedure {}) ", self.proc)?;
        }
        write!(
            f,
            "at bytes {}..{}: {}",
            self.span.start, self.span.end, self.message
        )
    }
}

impl std::error::Error for ReplayError {}

/// Replays `test` on `program` from `entry`; see [`super::interp`] for
/// the run.
pub fn replay(program: &Program, entry: ProcId, test: &TestCase) -> Result<(), ReplayError> {
    replay_trusting(program, entry, test).map(|_| ())
}

/// Replays every test of `tests` ([`replay`]): on several threads when
/// there is much to replay (a path cover gives thousands of tests, a long
/// program long traces, and the replays are independent); the failures,
/// in test order.
pub fn replay_all<'t>(
    program: &Program,
    entry: ProcId,
    tests: &'t [TestCase],
) -> Vec<(&'t TestCase, ReplayError)> {
    /// Each thread gets at least this many trace steps (blocks entered)
    /// to replay (512 tests of 9 diamonds; 5 tests of 1,000); less work in
    /// all than two threads' worth is replayed on the caller's thread.
    const STEPS_PER_THREAD: usize = 20_000;
    let replay_part = |part: &'t [TestCase]| -> Vec<(&'t TestCase, ReplayError)> {
        part.iter()
            .filter_map(|t| replay(program, entry, t).err().map(|e| (t, e)))
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

pub(super) fn kind_name(kind: ChoiceKind) -> &'static str {
    match kind {
        ChoiceKind::Havoc => "havoc",
        ChoiceKind::CallOutput => "call-output",
        ChoiceKind::Uninitialized => "uninitialized",
    }
}

pub(super) fn describe_choice(c: &Choice) -> String {
    format!(
        "a {} choice for `{}` in `{}` (= {}, line {})",
        kind_name(c.kind),
        c.var,
        c.proc,
        c.value,
        c.line
    )
}

pub(super) fn describe_outcome(o: &Outcome) -> String {
    match o {
        Outcome::Returns => "returns normally".to_string(),
        Outcome::AssertionFails(id) => format!("fails assertion #{}", id.0),
    }
}

pub(super) fn step_name(s: &TraceStep) -> String {
    format!("{}::{}", s.proc, s.label)
}
