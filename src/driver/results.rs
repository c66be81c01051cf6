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
use std::collections::HashMap;
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
    /// ([`crate::back::cover::CoverResult::unconfirmed`]), and the runs
    /// near a test whose function values it did not confirm either
    /// (`driver::near`), by id.
    pub unconfirmed: Vec<usize>,
    /// Loop-iteration coverage (`--loop-coverage`): every loop of the
    /// entry and of the procedures it inlines, in source order; empty
    /// without the option.
    pub loops: Vec<LoopResult>,
    /// How many of `blocks` were proved infeasible before the cover or the
    /// rounds, each dead in its own procedure or in every caller
    /// (`driver::local_proofs`), or by its own procedure's analysis as an
    /// entry earlier in the run (`driver::dead_as_entries`).
    pub locally_dead: usize,
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

    /// How many of its blocks and assertions are not decided.
    pub(crate) fn undecided(&self) -> usize {
        self.blocks.len() + self.assertions.len() - self.decided()
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
            locally_dead: 0,
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

/// Puts each test's inputs in declaration order: parameters, then outputs
/// and locals, then globals. The ranks are looked up by name once for all
/// tests: an SDV harness has thousands of globals, and a linear search per
/// comparison took 0.4 s of a 20 s run's end.
pub(crate) fn order_inputs(program: &Program, entry: ProcId, tests: &mut [TestCase]) {
    let proc = program.proc(entry);
    let mut ranks: HashMap<&str, usize> = HashMap::new();
    let names = proc
        .locals
        .iter()
        .map(|l| l.var.name.as_str())
        .chain(program.globals.iter().map(|g| g.name.as_str()));
    for (i, name) in names.enumerate() {
        ranks.entry(name).or_insert(i);
    }
    let unranked = proc.locals.len() + program.globals.len();
    let rank = |name: &str| ranks.get(name).copied().unwrap_or(unranked);
    for test in tests {
        test.inputs.sort_by(|a, _, b, _| rank(a).cmp(&rank(b)));
    }
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

impl ProcedureResult {
    /// Takes the blocks of `dead` (dead in their own procedure, proved
    /// beside this analysis) as infeasible within the bound where this
    /// analysis left them unknown.
    pub(crate) fn join_locally_dead(&mut self, dead: &std::collections::BTreeSet<BlockKey>) {
        for b in &mut self.blocks {
            if matches!(b.status, BlockStatus::Unknown(_)) && dead.contains(&b.key) {
                b.status = BlockStatus::Infeasible;
                b.proof = Some(Proof::Bounded);
            }
        }
        self.locally_dead = dead.len();
    }

    /// This result (a run of an entry cut short by its share of the time
    /// limit) continued by `later`, a second run of the same entry at the
    /// same bound: every block, assertion and loop exit keeps this run's
    /// verdict where it is decided, and takes `later`'s otherwise;
    /// `later`'s tests are numbered on after this run's. Sound in every
    /// call mode, since each verdict is: a test replays whichever run found
    /// it, and `infeasible` is an `unsat` of either. An infeasible block
    /// keeps the further-reaching proof of the two.
    pub(crate) fn continued_by(self, later: ProcedureResult) -> ProcedureResult {
        let shift = self.tests.iter().map(|t| t.id).max().unwrap_or(0);
        let shifted = |ids: &[usize]| -> Vec<usize> { ids.iter().map(|i| i + shift).collect() };
        let mut blocks: std::collections::BTreeMap<BlockKey, BlockResult> =
            self.blocks.into_iter().map(|b| (b.key, b)).collect();
        for mut b in later.blocks {
            if let BlockStatus::Covered(ids) = &b.status {
                b.status = BlockStatus::Covered(shifted(ids));
            }
            match blocks.get_mut(&b.key) {
                Some(mine) => join_block(mine, b),
                None => {
                    blocks.insert(b.key, b);
                }
            }
        }
        let mut assertions: std::collections::BTreeMap<AssertId, AssertResult> =
            self.assertions.into_iter().map(|a| (a.id, a)).collect();
        for mut a in later.assertions {
            if let AssertStatus::CanFail(t) = a.status {
                a.status = AssertStatus::CanFail(t + shift);
            }
            match assertions.get_mut(&a.id) {
                Some(mine)
                    if mine.status == AssertStatus::Holds && a.status == AssertStatus::Holds =>
                {
                    mine.proof = further(mine.proof, a.proof);
                }
                Some(mine) if !matches!(mine.status, AssertStatus::Unknown(_)) => {}
                _ => {
                    assertions.insert(a.id, a);
                }
            }
        }
        let mut loops: std::collections::BTreeMap<BlockKey, LoopResult> =
            self.loops.into_iter().map(|l| (l.head, l)).collect();
        for l in later.loops {
            match loops.get_mut(&l.head) {
                Some(mine) => {
                    for (m, it) in mine.iterations.iter_mut().zip(l.iterations) {
                        let status = match it.status {
                            BlockStatus::Covered(ids) => BlockStatus::Covered(shifted(&ids)),
                            other => other,
                        };
                        m.status = joined_status(
                            std::mem::replace(&mut m.status, BlockStatus::Infeasible),
                            status,
                        );
                    }
                }
                None => {
                    loops.insert(l.head, l);
                }
            }
        }
        let mut tests = self.tests;
        tests.extend(later.tests.into_iter().map(|mut t| {
            t.id += shift;
            t
        }));
        let mut trusted = self.trusted;
        trusted.extend(
            later
                .trusted
                .into_iter()
                .map(|(id, spans)| (id + shift, spans)),
        );
        let mut unconfirmed = self.unconfirmed;
        unconfirmed.extend(shifted(&later.unconfirmed));
        let mut notes = self.notes;
        for n in later.notes {
            if !notes.contains(&n) {
                notes.push(n);
            }
        }
        let mut blocks: Vec<BlockResult> = blocks.into_values().collect();
        let entry_first = |proc: &str| proc != self.name;
        blocks.sort_by_key(|b| (entry_first(&b.proc), b.key.proc, b.key.block.index()));
        let mut assertions: Vec<AssertResult> = assertions.into_values().collect();
        assertions.sort_by_key(|a| (a.span, a.id));
        let mut loops: Vec<LoopResult> = loops.into_values().collect();
        loops.sort_by_key(|l| (entry_first(&l.proc), l.span));
        ProcedureResult {
            name: self.name,
            span: self.span,
            blocks,
            assertions,
            tests,
            queries: self.queries + later.queries,
            solver_time: self.solver_time + later.solver_time,
            time: self.time + later.time,
            partial: self.partial || later.partial,
            error: later.error,
            input_error: later.input_error,
            notes,
            solver_note: later.solver_note.or(self.solver_note),
            trusted,
            unconfirmed,
            loops,
            locally_dead: self.locally_dead + later.locally_dead,
        }
    }
}

/// A block's result joined with a later run's ([`ProcedureResult::continued_by`]).
fn join_block(mine: &mut BlockResult, later: BlockResult) {
    if mine.status == BlockStatus::Infeasible && later.status == BlockStatus::Infeasible {
        mine.proof = further(mine.proof, later.proof);
        return;
    }
    let status = std::mem::replace(&mut mine.status, BlockStatus::Infeasible);
    let undecided = !matches!(status, BlockStatus::Covered(_) | BlockStatus::Infeasible);
    mine.status = joined_status(status, later.status);
    if undecided {
        mine.proof = later.proof;
    }
}

/// An earlier verdict joined with a later one: a decided one stays (a
/// covered one gains the later tests), an undecided one takes the later.
fn joined_status(earlier: BlockStatus, later: BlockStatus) -> BlockStatus {
    match (earlier, later) {
        (BlockStatus::Covered(mut a), BlockStatus::Covered(b)) => {
            for id in b {
                if !a.contains(&id) {
                    a.push(id);
                }
            }
            BlockStatus::Covered(a)
        }
        (decided @ (BlockStatus::Covered(_) | BlockStatus::Infeasible), _) => decided,
        (_, later) => later,
    }
}

/// The further-reaching of two proofs of the same verdict.
fn further(a: Option<Proof>, b: Option<Proof>) -> Option<Proof> {
    match (a, b) {
        (Some(Proof::Unbounded), _) | (_, Some(Proof::Unbounded)) => Some(Proof::Unbounded),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::graph::NodeIndex;

    fn block(n: usize, status: BlockStatus, proof: Option<Proof>) -> BlockResult {
        BlockResult {
            key: BlockKey {
                proc: ProcId(0),
                block: NodeIndex::new(n),
            },
            proc: "p".into(),
            label: format!("b{n}"),
            display: format!("b{n}"),
            span: Span::default(),
            extent: Span::default(),
            status,
            proof,
            source: None,
        }
    }

    fn assertion(n: usize, status: AssertStatus) -> AssertResult {
        AssertResult {
            id: AssertId(n),
            kind: AssertKind::Assert,
            proc: "p".into(),
            span: Span::default(),
            proof: (status == AssertStatus::Holds).then_some(Proof::Bounded),
            status,
            source: None,
        }
    }

    fn test(id: usize) -> TestCase {
        TestCase {
            id,
            entry: "p".into(),
            inputs: Default::default(),
            choices: Vec::new(),
            trace: Vec::new(),
            functions: Vec::new(),
            outcome: crate::ir::testcase::Outcome::Returns,
        }
    }

    fn result(
        blocks: Vec<BlockResult>,
        assertions: Vec<AssertResult>,
        tests: usize,
    ) -> ProcedureResult {
        let proc = crate::ir::Procedure {
            name: "p".into(),
            span: Span::default(),
            locals: Vec::new(),
            params: Vec::new(),
            outs: Vec::new(),
            requires: Vec::new(),
            ensures: Vec::new(),
            modifies: Vec::new(),
            inferred_modifies: Vec::new(),
            instance_of: None,
            body: None,
        };
        let mut r = ProcedureResult::nothing_yet(&proc);
        r.blocks = blocks;
        r.assertions = assertions;
        r.tests = (1..=tests).map(test).collect();
        r
    }

    #[test]
    fn a_continued_run_keeps_what_the_first_decided_and_numbers_its_tests_on() {
        let unknown = || BlockStatus::Unknown("time".into());
        let first = result(
            vec![
                block(0, BlockStatus::Covered(vec![1]), None),
                block(1, BlockStatus::Infeasible, Some(Proof::Bounded)),
                block(2, unknown(), None),
                block(3, unknown(), None),
            ],
            vec![
                assertion(0, AssertStatus::CanFail(2)),
                assertion(1, AssertStatus::Unknown("time".into())),
            ],
            2,
        );
        // The second run takes block 0 and 1 as decided (no tests of its
        // own through block 0), covers block 2 with its test 1, and proves
        // block 1 for every bound.
        let second = result(
            vec![
                block(0, BlockStatus::Covered(vec![]), None),
                block(1, BlockStatus::Infeasible, Some(Proof::Unbounded)),
                block(2, BlockStatus::Covered(vec![1]), None),
                block(3, unknown(), None),
            ],
            vec![
                assertion(0, AssertStatus::CanFail(2)),
                assertion(1, AssertStatus::CanFail(1)),
            ],
            1,
        );
        let joined = first.continued_by(second);
        let statuses: Vec<_> = joined.blocks.iter().map(|b| b.status.clone()).collect();
        assert_eq!(
            statuses,
            vec![
                BlockStatus::Covered(vec![1]),
                BlockStatus::Infeasible,
                BlockStatus::Covered(vec![3]),
                unknown(),
            ]
        );
        assert_eq!(joined.blocks[1].proof, Some(Proof::Unbounded));
        assert_eq!(joined.assertions[0].status, AssertStatus::CanFail(2));
        assert_eq!(joined.assertions[1].status, AssertStatus::CanFail(3));
        let ids: Vec<usize> = joined.tests.iter().map(|t| t.id).collect();
        assert_eq!(ids, vec![1, 2, 3]);
        assert_eq!(joined.decided(), 5);
    }

    #[test]
    fn each_tests_inputs_are_put_in_declaration_order() {
        let text = "var z: int; var a: int;
procedure p(y: int) returns (r: int) { var b: int; entry: r := y + b + z + a; return; }";
        let mut sources = crate::source::SourceMap::new();
        let file = sources.add("order.bpl", text);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("p").expect("entry");
        let value = || crate::ir::testcase::Value::Int(0.into());
        let mut tests = vec![test(1), test(2)];
        for name in ["unknown", "a", "b", "z", "y"] {
            tests[0].inputs.insert(name.to_string(), value());
        }
        for name in ["a", "y"] {
            tests[1].inputs.insert(name.to_string(), value());
        }
        order_inputs(&program, entry, &mut tests);
        let names = |t: &TestCase| t.inputs.keys().cloned().collect::<Vec<_>>();
        assert_eq!(names(&tests[0]), ["y", "b", "z", "a", "unknown"]);
        assert_eq!(names(&tests[1]), ["y", "a"]);
    }
}
