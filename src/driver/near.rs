//! Runs near tests, for both ways of analysing an entry with its calls
//! inlined: what they need of the program, computed once per entry, and
//! the runs near given tests within a time.
//!
//! Takes: the [`Program`], an entry and its [`SourceMap`]. Gives: [`Near`]
//! ([`Near::runs`]: tests near bases, through
//! [`crate::check::generate::runs_near`]), which stratified inlining asks
//! after each round, and [`NearCover`], the cover's
//! [`cover::RunsNear`] for inline mode, which it asks after each test it
//! takes from a model. docs/decisions.md, "Runs near a test".

use super::options::Options;
use crate::back::cover;
use crate::ir::passive::BlockKey;
use crate::ir::testcase::{TestCase, TraceStep};
use crate::ir::{LocalId, ProcId, Program};
use crate::source::{SourceMap, Span};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// What runs near tests need of the program.
pub(crate) struct Near<'a> {
    sources: &'a SourceMap,
    /// Per procedure: its locals a run may read before writing them.
    uninitialized: Vec<Vec<LocalId>>,
    /// Blocks by procedure name and label.
    keys: HashMap<(String, String), BlockKey>,
    /// Where the globals a base does not give start.
    starts: crate::check::generate::GlobalStarts,
}

impl<'a> Near<'a> {
    pub(crate) fn new(program: &Program, entry: ProcId, sources: &'a SourceMap) -> Self {
        let reachable: HashSet<ProcId> = crate::middle::reachable_procedures(program, entry)
            .into_iter()
            .collect();
        let mut uninitialized = vec![Vec::new(); program.procedures.len()];
        let mut keys = HashMap::new();
        for &p in &reachable {
            let Some(cfg) = &program.proc(p).body else {
                continue;
            };
            uninitialized[p.0] = crate::middle::inline::read_before_written(program, p, true);
            for n in cfg.graph.node_indices() {
                keys.insert(
                    (program.proc(p).name.clone(), cfg.graph[n].label.clone()),
                    BlockKey { proc: p, block: n },
                );
            }
        }
        Near {
            sources,
            uninitialized,
            keys,
            starts: crate::check::generate::GlobalStarts::new(program, entry),
        }
    }

    /// The block a trace step enters.
    pub(crate) fn key(&self, step: &TraceStep) -> Option<BlockKey> {
        self.keys
            .get(&(step.proc.clone(), step.label.clone()))
            .copied()
    }

    /// Tests near each of `bases` in turn, until `until`: each enters a
    /// block `covered` (procedure and label) does not hold, and
    /// `covered` grows by what they enter. `seed` varies the runs.
    pub(crate) fn runs(
        &self,
        program: &Program,
        entry: ProcId,
        bases: &[TestCase],
        covered: &mut HashSet<(String, String)>,
        seed: u64,
        until: Option<Instant>,
    ) -> Vec<TestCase> {
        let line_of = |span: Span| self.sources.line(span);
        let mut fresh = Vec::new();
        for (i, base) in bases.iter().enumerate() {
            if until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let nearby = crate::check::generate::Nearby {
                covered,
                uninitialized: &self.uninitialized,
                starts: &self.starts,
                line_of: &line_of,
                seed: seed ^ i as u64,
                divergences: 8,
                attempts: 64,
                until,
            };
            let found = crate::check::generate::runs_near(program, entry, base, &nearby);
            for t in found {
                for s in &t.trace {
                    covered.insert((s.proc.clone(), s.label.clone()));
                }
                fresh.push(t);
            }
        }
        fresh
    }
}

/// Runs near one test may take as long as the solver took to find it,
/// but at most this long and at most a quarter of the time left; half as
/// long after each test whose runs found nothing. (A fixed 2 s made a
/// SMACK program the solver decides in 0.3 s take 2.3 s.)
const NEAR_ONE_TEST_MS: u64 = 2_000;

/// Inline mode's runs near the cover's tests ([`cover::RunsNear`]).
pub(crate) struct NearCover<'a> {
    program: &'a Program,
    entry: ProcId,
    sources: &'a SourceMap,
    /// Made when the cover first asks (most covers never do).
    near: Option<Near<'a>>,
    deadline: Option<crate::back::solver::Deadline>,
    /// Bases given so far (each gets a seed of its own).
    bases: u64,
    /// Bases in a row whose runs found nothing.
    fruitless: u32,
}

impl<'a> NearCover<'a> {
    pub(crate) fn new(
        program: &'a Program,
        entry: ProcId,
        sources: &'a SourceMap,
        options: &Options,
    ) -> Self {
        NearCover {
            program,
            entry,
            sources,
            near: None,
            deadline: options.deadline,
            bases: 0,
            fruitless: 0,
        }
    }
}

impl cover::RunsNear for NearCover<'_> {
    fn runs_near(
        &mut self,
        base: &TestCase,
        covered: &BTreeSet<BlockKey>,
        budget: Duration,
    ) -> Vec<(TestCase, Vec<BlockKey>)> {
        let mut share = budget.min(Duration::from_millis(NEAR_ONE_TEST_MS));
        if let Some(d) = self.deadline {
            share = share.min(d.at.saturating_duration_since(Instant::now()) / 4);
        }
        let until = Instant::now() + share / (1 << self.fruitless.min(8));
        // A test from a candidate model runs as it claims once repaired,
        // or not at all.
        let mut base = base.clone();
        if crate::check::replay_repairing(self.program, self.entry, &mut base).is_err() {
            return Vec::new();
        }
        let mut names: HashSet<(String, String)> = covered
            .iter()
            .filter_map(|k| {
                let p = self.program.proc(k.proc);
                let label = &p.body.as_ref()?.graph.node_weight(k.block)?.label;
                Some((p.name.clone(), label.clone()))
            })
            .collect();
        self.bases += 1;
        let near = self
            .near
            .get_or_insert_with(|| Near::new(self.program, self.entry, self.sources));
        let tests = near.runs(
            self.program,
            self.entry,
            std::slice::from_ref(&base),
            &mut names,
            self.bases << 40,
            Some(until),
        );
        if std::env::var_os("BICD_NEAR_LOG").is_some() {
            eprintln!(
                "runs near test {}: {} found, {:?} of {:?} left",
                base.id,
                tests.len(),
                until.saturating_duration_since(Instant::now()),
                share / (1 << self.fruitless.min(8)),
            );
        }
        self.fruitless = match tests.is_empty() {
            true => self.fruitless + 1,
            false => 0,
        };
        tests
            .into_iter()
            .map(|t| {
                let mut keys: Vec<BlockKey> = t.trace.iter().filter_map(|s| near.key(s)).collect();
                keys.sort();
                keys.dedup();
                (t, keys)
            })
            .collect()
    }
}
