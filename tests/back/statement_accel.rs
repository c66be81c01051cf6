//! Statement cover with its accelerators (concrete runs, the forward VC
//! in spans of goals, window queries; `CoverTuning::accelerate_statements`
//! and `forward_span`; under a time limit, `CoverLimits::time_limited`, the
//! window queries first) gives the same verdict on every block and assertion
//! as the enabling-clause loop alone and as one query per block, and every
//! test it makes replays on the original program.
//! Programs: diamond chains (with and without extra assumptions), small
//! random programs with havoc, assertions and calls, and programs with
//! loops.

use bicd::back::cover::{
    cover_tuned, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverResult, CoverTuning,
};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::replay;
use bicd::experiments::gen::{generate, GenConfig};
use bicd::front::resolve::load_program;
use bicd::ir::ProcId;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;
use std::time::Duration;

/// The kind of each verdict (covered verdicts carry test ids, which
/// differ between runs).
fn kinds(r: &CoverResult) -> (Vec<String>, Vec<String>) {
    let blocks = r
        .blocks
        .iter()
        .map(|(k, v)| {
            let kind = match v {
                BlockVerdict::Covered(ids) => {
                    assert!(!ids.is_empty(), "a covered block names its tests");
                    "covered".to_string()
                }
                BlockVerdict::Infeasible => "infeasible".to_string(),
                BlockVerdict::Unknown(why) => format!("unknown: {why}"),
            };
            format!("{k:?} {kind}")
        })
        .collect();
    let asserts = r
        .asserts
        .iter()
        .map(|(k, v)| {
            let kind = match v {
                AssertVerdict::CanFail(_) => "can fail",
                AssertVerdict::Holds => "holds",
                AssertVerdict::Unknown(_) => "unknown",
            };
            format!("{k:?} {kind}")
        })
        .collect();
    (blocks, asserts)
}

/// Runs statement cover accelerated and alone, and per-block cover, on
/// every procedure of `text`; panics on any difference or a test that
/// does not replay. Gives (goals, goals proved infeasible).
fn check(text: &str, name: &str, k: u32) -> (usize, usize) {
    let mut sources = SourceMap::new();
    let file = sources.add(name.to_string(), text.to_string());
    let program = load_program(&sources, file).expect("generated programs load");
    let (mut goals, mut infeasible) = (0, 0);
    for (i, p) in program.procedures.iter().enumerate() {
        if p.body.is_none() {
            continue;
        }
        let passive = prepare_entry(&program, ProcId(i), k).expect("prepares");
        let vc = reachability_vc(&passive);
        let run_tuned = |mode: CoverMode,
                         accelerate: bool,
                         forward_span: usize,
                         time_limited,
                         twin_after: Option<Duration>| {
            let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
            cover_tuned(
                &passive,
                &vc,
                &mut solver,
                mode,
                &CoverLimits {
                    time_limited,
                    ..CoverLimits::default()
                },
                &CoverTuning {
                    accelerate_statements: accelerate,
                    accelerate_from_blocks: 0,
                    forward_span,
                    twin_after,
                    ..CoverTuning::default()
                },
                &p.name,
                &sources,
            )
        };
        let run_limited = |mode, accelerate, forward_span, time_limited| {
            run_tuned(mode, accelerate, forward_span, time_limited, None)
        };
        let run =
            |mode, accelerate, forward_span| run_limited(mode, accelerate, forward_span, false);
        let span = CoverTuning::default().forward_span;
        let fast = run(CoverMode::Statements, true, span);
        // Spans of a few blocks: the forward VC asked about (and loaded
        // for) a few goals at a time.
        let spans = run(CoverMode::Statements, true, 8);
        // Under a time limit: window queries before the forward VC.
        let windows_first = run_limited(CoverMode::Statements, true, span, true);
        let alone = run(CoverMode::Statements, false, span);
        // A twin solver from the first question on (under a time limit):
        // half the open goals asked of each.
        let twins = run_tuned(
            CoverMode::Statements,
            false,
            span,
            true,
            Some(Duration::ZERO),
        );
        let per_block = run(CoverMode::PerBlock { reuse: true }, false, span);
        assert_eq!(fast.error, None, "{name}");
        assert_eq!(spans.error, None, "{name}");
        assert_eq!(windows_first.error, None, "{name}");
        assert_eq!(alone.error, None, "{name}");
        assert_eq!(twins.error, None, "{name}");
        assert_eq!(kinds(&twins), kinds(&alone), "{name}: twins vs alone");
        assert_eq!(kinds(&fast), kinds(&alone), "{name}: accelerated vs alone");
        assert_eq!(kinds(&spans), kinds(&alone), "{name}: in spans vs alone");
        assert_eq!(
            kinds(&windows_first),
            kinds(&alone),
            "{name}: windows first vs alone"
        );
        assert_eq!(kinds(&fast), kinds(&per_block), "{name}: vs per block");
        for t in fast
            .tests
            .iter()
            .chain(&spans.tests)
            .chain(&windows_first.tests)
            .chain(&twins.tests)
        {
            replay(&program, ProcId(i), t)
                .unwrap_or_else(|e| panic!("{name}: test {} does not replay: {e:?}", t.id));
        }
        goals += fast.blocks.len();
        infeasible += fast
            .blocks
            .values()
            .filter(|v| **v == BlockVerdict::Infeasible)
            .count();
    }
    (goals, infeasible)
}

#[test]
fn diamond_chains_same_verdicts() {
    let (mut goals, mut infeasible) = (0, 0);
    for (d, seed) in [(3, 8), (5, 1), (9, 8), (12, 3)] {
        let text = generate(&GenConfig::paper(d), seed);
        let (g, i) = check(&text, &format!("d{d}_s{seed}.bpl"), 3);
        goals += g;
        infeasible += i;
    }
    let mut config = GenConfig::paper(20);
    config.assume_percent = 0;
    for seed in 0..3 {
        let (g, i) = check(&generate(&config, seed), &format!("d20-{seed}.bpl"), 3);
        goals += g;
        infeasible += i;
    }
    assert!(
        infeasible > 10 && infeasible < goals,
        "{infeasible} of {goals}"
    );
}

#[test]
fn small_random_programs_same_verdicts() {
    let mut config = GenConfig::small();
    for seed in 0..30 {
        check(&generate(&config, seed), &format!("small-{seed}.bpl"), 2);
    }
    config.loops = true;
    for seed in 0..12 {
        check(&generate(&config, seed), &format!("loops-{seed}.bpl"), 2);
    }
}

/// SMACK's harness shape: a run terminates only if it clears `ok`, and
/// no run can. Every block is infeasible, but each window of blocks has
/// runs of its own; the maps keep concrete runs out. One query on the
/// whole VC, asked before the windows when no test exists, decides them
/// all.
const NO_TERMINATING_RUN: &str = "var ok: bool;
var M: [int]int;
procedure main(x: int, y: int)
  modifies ok, M;
{
  ok := true;
  if (x > 10) { M[x] := y; } else { M[y] := x; }
  if (M[x] > 3) { M[0] := 1; } else { M[1] := 0; }
  if (y > x) { M[y] := M[x] + 1; } else { M[x] := M[y] - 1; }
  if (x == 5 && x == 6) { ok := false; }
  assume !ok;
}
";

/// Statement cover with its accelerators, whatever the program's size,
/// of the first procedure of `text` at one iteration per loop.
fn accelerated_cover(text: &str, solver: SolverKind) -> CoverResult {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl".to_string(), text.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 1).expect("prepares");
    let vc = reachability_vc(&passive);
    let mut solver = Solver::spawn(solver, None).expect("the solver is installed");
    cover_tuned(
        &passive,
        &vc,
        &mut solver,
        CoverMode::Statements,
        &CoverLimits::default(),
        &CoverTuning {
            accelerate_statements: true,
            accelerate_from_blocks: 0,
            ..CoverTuning::default()
        },
        "main",
        &sources,
    )
}

#[test]
fn no_terminating_run_is_decided_by_one_whole_query() {
    let (goals, infeasible) = check(NO_TERMINATING_RUN, "harness.bpl", 1);
    assert_eq!(infeasible, goals);
    let result = accelerated_cover(NO_TERMINATING_RUN, SolverKind::Z3);
    assert_eq!(result.error, None);
    assert!(result
        .blocks
        .values()
        .all(|v| *v == BlockVerdict::Infeasible));
    assert_eq!(result.queries, 1, "{result:?}");
}

/// A chain of diamonds where no run gets past a contradiction early on:
/// every block is infeasible, as the other modes say too, and a block
/// that every run to the exit passes being unreachable shows it in a few
/// queries on prefixes of the forward VC (windows would ask about each
/// of the 120 goals).
#[test]
fn an_unreachable_must_pass_block_refutes_every_goal() {
    let mut text = String::from(
        "procedure main(x: int, y: int) returns (r: int)\n{\n  r := 0;\n  if (x > 0) { r := r + 1; } else { r := r - 1; }\n  if (y > x) { r := r + 2; } else { r := r - 2; }\n  assume x > 5 && y < 3 && y > x;\n",
    );
    for i in 0..40 {
        text.push_str(&format!(
            "  if (x + {i} > y) {{ r := r + {i}; }} else {{ r := r - {i}; }}\n"
        ));
    }
    text.push_str("}\n");
    let (goals, infeasible) = check(&text, "chain.bpl", 1);
    assert_eq!(infeasible, goals);
    let result = accelerated_cover(&text, SolverKind::Yices);
    assert_eq!(result.error, None);
    assert!(result
        .blocks
        .values()
        .all(|v| *v == BlockVerdict::Infeasible));
    assert!(result.queries <= 4, "{} queries", result.queries);
}

/// A program with an uninterpreted function (so that a run with no test
/// yet would ask the whole VC first), with feasible and infeasible
/// blocks.
const WITH_FUNCTION: &str = "function f(x: int) returns (int);
procedure main(a: int, b: int) returns (r: int)
{
  r := 0;
  if (f(a) > 0) {
    r := 1;
    if (a == b && f(a) != f(b)) { r := 2; }
  } else {
    r := 3;
    if (a > 10) { if (a < 5) { r := 4; } else { r := 5; } }
  }
  if (r > 4 && f(b) == 7) { r := 6; }
}
";

/// A run that goes on from an earlier run of the same program cut short
/// (`DecidedGoals::continued`: the earlier run's tests count, so the
/// whole-VC loop is not asked first) decides the goals it is left as a
/// fresh run does, and keeps the earlier run's goals as they were.
#[test]
fn a_continued_run_decides_as_a_fresh_one() {
    use bicd::back::cover::{cover_undecided, DecidedGoals};
    let mut sources = SourceMap::new();
    let file = sources.add("f.bpl".to_string(), WITH_FUNCTION.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 1).expect("prepares");
    let vc = reachability_vc(&passive);
    assert!(!vc.applications.is_empty());
    let limits = CoverLimits {
        time_limited: true,
        ..CoverLimits::default()
    };
    let cover = |decided: &DecidedGoals| {
        let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
        cover_undecided(
            &passive,
            &vc,
            &mut solver,
            CoverMode::Statements,
            &limits,
            &CoverTuning::default(),
            "main",
            &sources,
            decided,
            None,
        )
    };
    let fresh = cover(&DecidedGoals::default());
    assert_eq!(fresh.error, None);
    let covered: Vec<_> = fresh
        .blocks
        .iter()
        .filter(|(_, v)| matches!(v, BlockVerdict::Covered(_)))
        .map(|(k, _)| *k)
        .collect();
    let infeasible = fresh
        .blocks
        .values()
        .filter(|v| **v == BlockVerdict::Infeasible)
        .count();
    assert!(covered.len() >= 4 && infeasible >= 2, "{fresh:?}");
    // Earlier runs that covered the first few blocks, or nothing.
    for seeded in [3, 0] {
        let decided = DecidedGoals {
            covered_blocks: covered.iter().take(seeded).copied().collect(),
            continued: true,
            ..DecidedGoals::default()
        };
        let later = cover(&decided);
        assert_eq!(later.error, None);
        assert_eq!(kinds(&later), kinds(&fresh), "seeded with {seeded} blocks");
        for t in &later.tests {
            replay(&program, ProcId(0), t)
                .unwrap_or_else(|e| panic!("test {} does not replay: {e:?}", t.id));
        }
    }
}

/// Tests a later stage finds near the solver's (`RunsNear`): the goals
/// they enter are covered by them, numbered after the solver's test they
/// came from, and the solver is not asked about those goals again. The
/// hook here hands back, for the first base only, a run through the
/// `else` branch (which the solver's first test may not take), built from
/// the interpreter's own runs of the program.
#[test]
fn runs_near_a_test_cover_goals_the_solver_is_not_asked_about() {
    use bicd::back::cover::{cover_undecided, DecidedGoals, RunsNear};
    use bicd::ir::passive::BlockKey;
    use bicd::ir::testcase::TestCase;
    use std::collections::BTreeSet;
    use std::time::Duration;
    const TWO_WAYS: &str = "procedure main(a: int) returns (r: int)
{
  if (a > 5) { r := 1; } else { r := 2; }
}
";
    let mut sources = SourceMap::new();
    let file = sources.add("two.bpl".to_string(), TWO_WAYS.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 1).expect("prepares");
    let vc = reachability_vc(&passive);
    let cfg = program.procedures[0].body.as_ref().expect("a body");
    let key_of = |label: &str| BlockKey {
        proc: ProcId(0),
        block: cfg
            .graph
            .node_indices()
            .find(|&n| cfg.graph[n].label == label)
            .expect("a block"),
    };
    /// Near the first base: the same test with `a` flipped to the other
    /// side of 5, and the blocks it enters.
    struct Flip<'k> {
        key_of: &'k dyn Fn(&str) -> BlockKey,
        calls: usize,
    }
    impl RunsNear for Flip<'_> {
        fn runs_near(
            &mut self,
            base: &TestCase,
            _base_on_trust: bool,
            covered: &BTreeSet<BlockKey>,
            _budget: Duration,
        ) -> Vec<(TestCase, Vec<BlockKey>, bool)> {
            self.calls += 1;
            if self.calls > 1 {
                return Vec::new();
            }
            assert!(!covered.is_empty(), "the base's blocks are covered");
            let a = match &base.inputs["a"] {
                bicd::ir::testcase::Value::Int(n) => n.clone(),
                v => panic!("{v:?}"),
            };
            let flipped = if a > 5.into() { 0.into() } else { 9.into() };
            let then = a <= 5.into();
            let mut test = base.clone();
            test.inputs
                .insert("a".into(), bicd::ir::testcase::Value::Int(flipped));
            let label = if then { "anon1_Then" } else { "anon1_Else" };
            test.trace[1].label = label.to_string();
            let keys = test.trace.iter().map(|s| (self.key_of)(&s.label)).collect();
            // Said to take the axioms on trust: the cover marks it so.
            vec![(test, keys, true)]
        }
    }
    let mut near = Flip {
        key_of: &key_of,
        calls: 0,
    };
    let tuning = CoverTuning {
        accelerate_statements: false,
        accelerate_from_blocks: 0,
        ..CoverTuning::default()
    };
    let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
    let result = cover_undecided(
        &passive,
        &vc,
        &mut solver,
        CoverMode::Statements,
        &CoverLimits::default(),
        &tuning,
        "main",
        &sources,
        &DecidedGoals::default(),
        Some(&mut near),
    );
    assert_eq!(result.error, None);
    assert_eq!(result.tests.len(), 2, "{:?}", result.tests);
    for t in &result.tests {
        replay(&program, ProcId(0), t).unwrap_or_else(|e| panic!("{e:?}"));
    }
    // The solver found one test; its second question (nothing open) is
    // not needed, and each branch is covered by exactly one test.
    assert_eq!(result.queries, 1);
    assert_eq!(
        result.unconfirmed,
        vec![2],
        "the run near the test, not the solver's"
    );
    for label in ["anon1_Then", "anon1_Else"] {
        match &result.blocks[&key_of(label)] {
            BlockVerdict::Covered(ids) => assert_eq!(ids.len(), 1, "{label}: {ids:?}"),
            v => panic!("{label}: {v:?}"),
        }
    }
}
