//! What an analysis found, per file, procedure, block, assertion and test.
//!
//! Takes: the back end's verdicts over passive blocks
//! ([`crate::back::cover::CoverResult`]). Gives: [`FileResult`] and
//! [`ProcedureResult`] in terms of the original program (block labels,
//! callee blocks as `proc::label`, source spans and `{:sourceloc}`s), in
//! report order: what every report ([`crate::report`]) renders.

use crate::ir::passive::BlockKey;
use crate::ir::testcase::TestCase;
use crate::ir::{AssertId, AssertKind, ProcId, Program, SourceLoc};
use crate::source::Span;
use std::time::Duration;

/// The verdict on one original block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockStatus {
    /// Some test runs through the block; the ids of the tests that do.
    Covered(Vec<usize>),
    /// The solver answered `unsat`: no terminating execution within the
    /// bound passes through the block.
    Infeasible,
    /// The solver could not tell (its reason).
    Unknown(String),
    /// Summary mode: no test under the callees' summaries runs through the
    /// block, and no check with the calls over-approximated or inlined
    /// proved it infeasible. A summary under-approximates: the block may be
    /// live.
    UncoveredSummary,
}

/// How far the verdict on an infeasible block or a holding assertion
/// reaches (issue 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// No execution at all reaches the block (fails the assertion),
    /// whatever the iteration count: the procedure (with its callees) has
    /// no loop and no recursion, or the over-approximation with every loop
    /// head havocked ([`crate::middle::loop_havoc`]) reaches it (fails it)
    /// on no path.
    Unbounded,
    /// No terminating execution within `--unwind K` reaches the block
    /// (fails the assertion); a larger bound may.
    Bounded,
}

#[derive(Clone, Debug)]
pub struct BlockResult {
    pub key: BlockKey,
    /// The procedure that owns the block.
    pub proc: String,
    pub label: String,
    /// `label`, or `proc::label` for a block of an inlined callee.
    pub display: String,
    pub span: Span,
    pub extent: Span,
    pub status: BlockStatus,
    /// For an infeasible block: whether it is dead for every iteration
    /// count or only within the bound (`None` for every other status).
    pub proof: Option<Proof>,
    /// Where the block's code comes from in the program the Boogie file
    /// was translated from, if it says ([`crate::ir::srcloc`]).
    pub source: Option<SourceLoc>,
}

/// Loop-iteration coverage of one loop (issue 20, `--loop-coverage`).
#[derive(Clone, Debug)]
pub struct LoopResult {
    /// The loop's header block (its first block: the `while` of a
    /// structured loop).
    pub head: BlockKey,
    /// The procedure that owns the loop.
    pub proc: String,
    /// The header's label (`proc::label` for a loop of an inlined callee).
    pub display: String,
    /// The header block's span (its label, or the `while`).
    pub span: Span,
    /// One entry per count 0..=K, in order.
    pub iterations: Vec<IterationResult>,
}

/// Whether some run leaves a loop after going around it `count` times
/// (back edges taken since it entered the loop): `Covered` by the tests
/// that do, `Infeasible` when no terminating run within the bound does,
/// or `Unknown`.
#[derive(Clone, Debug)]
pub struct IterationResult {
    pub count: u32,
    pub status: BlockStatus,
}

/// The loop-iteration results of `verdicts` (one per loop header and
/// count), every count 0..=`k` listed: a count without a verdict has no
/// exit within the bound, so no run leaves the loop after it.
pub(crate) fn loop_results(
    program: &Program,
    entry: ProcId,
    k: u32,
    verdicts: impl Iterator<Item = ((BlockKey, u32), BlockStatus)>,
) -> Vec<LoopResult> {
    let mut by_head: std::collections::BTreeMap<BlockKey, Vec<Option<BlockStatus>>> =
        Default::default();
    for ((head, count), status) in verdicts {
        let counts = by_head
            .entry(head)
            .or_insert_with(|| vec![None; k as usize + 1]);
        if let Some(slot) = counts.get_mut(count as usize) {
            *slot = Some(status);
        }
    }
    let mut out: Vec<LoopResult> = by_head
        .into_iter()
        .filter_map(|(head, counts)| {
            let owner = program.proc(head.proc);
            let block = &owner.body.as_ref()?.graph[head.block];
            Some(LoopResult {
                head,
                proc: owner.name.clone(),
                display: if head.proc == entry {
                    block.label.clone()
                } else {
                    format!("{}::{}", owner.name, block.label)
                },
                span: block.span,
                iterations: counts
                    .into_iter()
                    .enumerate()
                    .map(|(count, status)| IterationResult {
                        count: count as u32,
                        status: status.unwrap_or(BlockStatus::Infeasible),
                    })
                    .collect(),
            })
        })
        .collect();
    out.sort_by_key(|l| (l.head.proc != entry, l.span));
    out
}

/// The verdict on one assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssertStatus {
    /// The test (id) makes it fail.
    CanFail(usize),
    /// No execution within the bound makes it fail (solver: `unsat`).
    Holds,
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct AssertResult {
    pub id: AssertId,
    pub kind: AssertKind,
    /// The procedure whose text holds the assertion.
    pub proc: String,
    pub span: Span,
    pub status: AssertStatus,
    /// For an assertion that holds: whether it holds for every iteration
    /// count or only within the bound (`None` for every other status).
    pub proof: Option<Proof>,
    /// The original source location, if the program gives one.
    pub source: Option<SourceLoc>,
}

/// Everything found for one analysed procedure.
#[derive(Clone, Debug)]
pub struct ProcedureResult {
    pub name: String,
    pub span: Span,
    pub blocks: Vec<BlockResult>,
    pub assertions: Vec<AssertResult>,
    pub tests: Vec<TestCase>,
    pub queries: usize,
    pub solver_time: Duration,
    pub time: Duration,
    /// Path mode stopped at `--max-tests`: more paths may exist.
    pub partial: bool,
    /// The analysis of this procedure failed (solver missing or crashed,
    /// unwinding refused): the message. Blocks not decided are `Unknown`.
    pub error: Option<String>,
    /// `error` is about the input (e.g. an irreducible CFG), not the solver.
    pub input_error: bool,
    /// Remarks for the report (summary mode: summaries built, call sites
    /// that stayed without a summary path).
    pub notes: Vec<String>,
    /// Another solver answered than the one asked for, and why.
    pub solver_note: Option<String>,
    /// By test id, for the tests whose replay took quantified conditions
    /// on trust (axioms, quantified `requires`, `assume`s, ensures of
    /// body-less callees: the interpreter cannot evaluate a quantifier):
    /// their places, each once. Such a test runs as it claims if they hold.
    pub trusted: std::collections::BTreeMap<usize, Vec<Span>>,
    /// The tests taken from candidate models of z3 in E-matching mode
    /// that its model-based quantifier instantiation did not confirm
    /// ([`crate::back::cover::CoverResult::unconfirmed`]), by id.
    pub unconfirmed: Vec<usize>,
    /// Loop-iteration coverage (`--loop-coverage`): every loop of the
    /// entry and of the procedures it inlines, in source order; empty
    /// without the option.
    pub loops: Vec<LoopResult>,
}

impl ProcedureResult {
    /// How many of its blocks and assertions are decided.
    pub(crate) fn decided(&self) -> usize {
        let blocks = self
            .blocks
            .iter()
            .filter(|b| matches!(b.status, BlockStatus::Covered(_) | BlockStatus::Infeasible))
            .count();
        let assertions = self
            .assertions
            .iter()
            .filter(|a| !matches!(a.status, AssertStatus::Unknown(_)))
            .count();
        blocks + assertions
    }

    /// Whether a block or assertion of it is left `Unknown`.
    pub(crate) fn has_undecided(&self) -> bool {
        self.blocks
            .iter()
            .any(|b| matches!(b.status, BlockStatus::Unknown(_)))
            || self
                .assertions
                .iter()
                .any(|a| matches!(a.status, AssertStatus::Unknown(_)))
    }

    /// The result for `proc` before anything is found: no blocks, tests or
    /// queries yet.
    pub(crate) fn nothing_yet(proc: &crate::ir::Procedure) -> ProcedureResult {
        ProcedureResult {
            name: proc.name.clone(),
            span: proc.span,
            blocks: Vec::new(),
            assertions: Vec::new(),
            tests: Vec::new(),
            queries: 0,
            solver_time: Duration::ZERO,
            time: Duration::ZERO,
            partial: false,
            error: None,
            input_error: false,
            notes: Vec::new(),
            trusted: Default::default(),
            unconfirmed: Vec::new(),
            loops: Vec::new(),
            solver_note: None,
        }
    }
}

impl ProcedureResult {
    /// The result of an analysis the input stopped (an irreducible CFG, a
    /// call tree too big): `diagnostic` rendered, `start` the analysis'
    /// start.
    pub(crate) fn input_failure(
        mut self,
        diagnostic: &crate::source::Diagnostic,
        sources: &crate::source::SourceMap,
        start: std::time::Instant,
    ) -> ProcedureResult {
        self.error = Some(diagnostic.render(sources).trim_end().to_string());
        self.input_error = true;
        self.time = start.elapsed();
        self
    }
}

/// Everything found for one file.
#[derive(Clone, Debug)]
pub struct FileResult {
    pub file: String,
    pub procedures: Vec<ProcedureResult>,
}

/// A test that does not replay on the original program: a bug in bicd.
#[derive(Clone, Debug)]
pub struct ReplayFailure {
    pub procedure: String,
    pub test: usize,
    pub message: String,
}

/// The result of assertion `id` of `program` with `status`.
pub(crate) fn assert_result(program: &Program, id: AssertId, status: AssertStatus) -> AssertResult {
    let info = &program.asserts[id.0];
    AssertResult {
        id,
        kind: info.kind,
        proc: program.proc(info.proc).name.clone(),
        span: info.span,
        proof: (status == AssertStatus::Holds).then_some(Proof::Bounded),
        status,
        source: crate::ir::srcloc::assert_source(program, id),
    }
}

/// Every assertion of `passive` (its `AssertFail` blocks), unknown for
/// `reason`: when no solver could be asked.
pub(crate) fn unknown_assertions(
    program: &Program,
    passive: &crate::ir::passive::PassiveProgram,
    reason: &str,
) -> Vec<AssertResult> {
    let mut ids: Vec<AssertId> = passive
        .blocks
        .iter()
        .filter_map(|b| match b.role {
            crate::ir::passive::BlockRole::AssertFail(id) => Some(id),
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    let mut out: Vec<AssertResult> = ids
        .into_iter()
        .map(|id| assert_result(program, id, AssertStatus::Unknown(reason.to_string())))
        .collect();
    out.sort_by_key(|a| (a.span, a.id));
    out
}

/// Puts a test's inputs in declaration order: parameters, then outputs and
/// locals, then globals.
pub(crate) fn order_inputs(program: &Program, entry: ProcId, test: &mut TestCase) {
    let proc = program.proc(entry);
    let rank = |name: &str| -> usize {
        if let Some(i) = proc.locals.iter().position(|l| l.var.name == name) {
            return i;
        }
        proc.locals.len()
            + program
                .globals
                .iter()
                .position(|g| g.name == name)
                .unwrap_or(program.globals.len())
    };
    test.inputs.sort_by(|a, _, b, _| rank(a).cmp(&rank(b)));
}

/// Block results in report order: the entry's blocks first, then each
/// callee's, in order of procedure and block.
pub(crate) fn block_results(
    program: &Program,
    entry: ProcId,
    verdicts: impl Iterator<Item = (BlockKey, BlockStatus)>,
) -> Vec<BlockResult> {
    let mut out: Vec<BlockResult> = verdicts
        .map(|(key, status)| {
            let owner = program.proc(key.proc);
            let block = &owner
                .body
                .as_ref()
                .expect("a block key names a procedure with a body")
                .graph[key.block];
            let display = if key.proc == entry {
                block.label.clone()
            } else {
                format!("{}::{}", owner.name, block.label)
            };
            BlockResult {
                key,
                proc: owner.name.clone(),
                label: block.label.clone(),
                display,
                span: block.span,
                extent: block.extent,
                proof: matches!(status, BlockStatus::Infeasible).then_some(Proof::Bounded),
                status,
                source: crate::ir::srcloc::block_source(program, key.proc, key.block),
            }
        })
        .collect();
    out.sort_by_key(|b| (b.key.proc != entry, b.key.proc, b.key.block.index()));
    out
}
