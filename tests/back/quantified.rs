//! Statement cover of a program with quantified axioms (z3 in E-matching
//! mode, issue 18): the flow for quantified VCs (assertions refuted first,
//! one forward question each; the enabling-clause loop with a capped
//! query time; the dead-code pass and the rounds over single goals) gives
//! the same verdicts as the enabling-clause loop alone: assertions that
//! hold because of an axiom are proved, an assertion that can fail gets a
//! test, a block that assumes `false` and a block only the axiom rules
//! out are infeasible, every other block is covered, and every test
//! replays (taking the axiom on trust).

use bicd::back::cover::{
    cover_tuned, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverTuning,
};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::replay_trusting;
use bicd::front::resolve::load_program;
use bicd::ir::ProcId;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;

const PROGRAM: &str = "function f(x: int): int;
axiom (forall x: int :: {f(x)} f(x) > x);
procedure p(a: int, b: int) returns (r: int)
{
  r := f(a);
  assert r > a;
  assert f(b) > b;
  if (r < a) {
    r := 0;
  } else if (b > 100) {
    r := 1;
  } else {
    r := 2;
  }
  goto ok, dead;
  ok:
    assert r != 1;
    return;
  dead:
    assume false;
    return;
}
";

/// Statement cover of `passive` by `solver`: the quantified flow where
/// `accelerate`, else the enabling-clause loop alone.
fn statement_cover(
    passive: &bicd::ir::passive::PassiveProgram,
    vc: &bicd::back::vc::ReachabilityVc,
    solver: &mut Solver,
    accelerate: bool,
    entry: &str,
    sources: &SourceMap,
) -> bicd::back::cover::CoverResult {
    cover_tuned(
        passive,
        vc,
        solver,
        CoverMode::Statements,
        &CoverLimits::default(),
        &CoverTuning {
            accelerate_statements: accelerate,
            accelerate_from_blocks: 0,
            ..CoverTuning::default()
        },
        entry,
        sources,
    )
}

#[test]
fn quantified_flow_agrees_with_the_enabling_clause_loop() {
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let mut sources = SourceMap::new();
    let file = sources.add("axioms.bpl".to_string(), PROGRAM.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 3).expect("prepares");
    let vc = reachability_vc(&passive);
    assert!(vc.features.quantifiers);
    let run = |accelerate: bool| {
        let mut solver = Solver::spawn(SolverKind::Z3, None).expect("z3 is installed");
        statement_cover(&passive, &vc, &mut solver, accelerate, "p", &sources)
    };
    for (flow, result) in [("quantified flow", run(true)), ("loop alone", run(false))] {
        assert_eq!(result.error, None, "{flow}");
        let infeasible = result
            .blocks
            .values()
            .filter(|v| **v == BlockVerdict::Infeasible)
            .count();
        let covered = result
            .blocks
            .values()
            .filter(|v| matches!(v, BlockVerdict::Covered(_)))
            .count();
        assert_eq!(infeasible, 2, "{flow}: {:?}", result.blocks);
        assert_eq!(
            covered,
            result.blocks.len() - 2,
            "{flow}: {:?}",
            result.blocks
        );
        let mut asserts: Vec<&str> = result
            .asserts
            .values()
            .map(|v| match v {
                AssertVerdict::CanFail(_) => "can fail",
                AssertVerdict::Holds => "holds",
                AssertVerdict::Unknown(_) => "unknown",
            })
            .collect();
        asserts.sort();
        assert_eq!(asserts, ["can fail", "holds", "holds"], "{flow}");
        for t in &result.tests {
            replay_trusting(&program, ProcId(0), t)
                .unwrap_or_else(|e| panic!("{flow}: test {} does not replay: {e:?}", t.id));
        }
    }
}

/// A loop under a quantified axiom: `two` is reached only on the second
/// iteration, `late` only from the seventh (infeasible within the bound,
/// not dead), `dead` never; one assertion fails only after two
/// iterations, one holds for every iteration count (by the axiom), one
/// holds within the bound only (it fails at the seventh iteration).
const LOOP: &str = "function f(x: int): int;
axiom (forall x: int :: {f(x)} f(x) > x);
procedure p(n: int) returns (r: int)
{
  var i: int;
  i := 0;
  r := 0;
  while (i < n) {
    if (i == 1) {
      two: r := f(r);
    }
    if (i > 5) {
      late: r := -1;
    }
    if (f(i) < i) {
      dead: r := 7;
    }
    assert f(r) > r;
    i := i + 1;
  }
  assert i != 2;
  assert r >= 0;
}
";

/// Iterative deepening (statement cover at one iteration first, then the
/// full unwinding for what is left) gives the verdicts of a cover at the
/// full unwinding alone, and the proofs: `dead` is dead for every
/// iteration count, `late` only within the bound.
#[test]
fn deepening_agrees_with_the_full_unwinding() {
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    use bicd::driver::{analyze_procedure, AssertStatus, BlockStatus, Options, Proof};
    let mut sources = SourceMap::new();
    let file = sources.add("loop.bpl".to_string(), LOOP.to_string());
    let program = load_program(&sources, file).expect("loads");
    let options = Options {
        ..Options::new(SolverKind::Z3)
    };
    let deepened = analyze_procedure(&program, &sources, ProcId(0), &options);
    assert_eq!(deepened.error, None);
    let passive = prepare_entry(&program, ProcId(0), 3).expect("prepares");
    let vc = reachability_vc(&passive);
    let mut solver = Solver::spawn(SolverKind::Z3, None).expect("z3 is installed");
    let alone = cover_tuned(
        &passive,
        &vc,
        &mut solver,
        CoverMode::Statements,
        &CoverLimits::default(),
        &CoverTuning::default(),
        "p",
        &sources,
    );
    assert_eq!(alone.error, None);
    for b in &deepened.blocks {
        let expected = &alone.blocks[&b.key];
        let same = matches!(
            (&b.status, expected),
            (BlockStatus::Covered(_), BlockVerdict::Covered(_))
                | (BlockStatus::Infeasible, BlockVerdict::Infeasible)
        );
        assert!(same, "{}: {:?} against {:?}", b.label, b.status, expected);
        // `anon5_Then` and `anon7_Then` lead to `late` and `dead`.
        let proof = match b.label.as_str() {
            "dead" | "anon7_Then" => Some(Proof::Unbounded),
            "late" | "anon5_Then" => Some(Proof::Bounded),
            _ => None,
        };
        assert_eq!(b.proof, proof, "{}", b.label);
    }
    let labels: Vec<&str> = deepened.blocks.iter().map(|b| b.label.as_str()).collect();
    assert!(
        labels.contains(&"two") && labels.contains(&"late"),
        "{labels:?}"
    );
    for a in &deepened.assertions {
        let same = matches!(
            (&a.status, &alone.asserts[&a.id]),
            (AssertStatus::CanFail(_), AssertVerdict::CanFail(_))
                | (AssertStatus::Holds, AssertVerdict::Holds)
        );
        assert!(same, "{:?} against {:?}", a, alone.asserts[&a.id]);
    }
    let fails = deepened
        .assertions
        .iter()
        .filter(|a| matches!(a.status, AssertStatus::CanFail(_)))
        .count();
    assert_eq!(fails, 1, "{:?}", deepened.assertions);
    // `assert f(r) > r` holds for every iteration count (the axiom), `assert
    // r >= 0` only within the bound (the seventh iteration breaks it).
    let mut proofs: Vec<(usize, Option<Proof>)> = deepened
        .assertions
        .iter()
        .filter(|a| a.status == AssertStatus::Holds)
        .map(|a| (sources.line(a.span), a.proof))
        .collect();
    proofs.sort_by_key(|p| p.0);
    assert_eq!(
        proofs,
        [(18, Some(Proof::Unbounded)), (22, Some(Proof::Bounded))]
    );
    for t in &deepened.tests {
        replay_trusting(&program, ProcId(0), t)
            .unwrap_or_else(|e| panic!("test {} does not replay: {e:?}", t.id));
    }
}

/// z3 in E-matching mode answers a question about a quantified condition
/// with a *candidate* model, one that may break the quantifier: here
/// `above_all(0)` true. The interpreter cannot evaluate the quantifier and
/// would take the run on trust, so bicd keeps a test only after z3 with
/// model-based instantiation has confirmed the model. The assertion
/// holds (`above_all(x)` means x >= 10), and each test's input takes the
/// branch its trace claims.
#[test]
fn candidate_models_that_break_a_quantified_condition_are_not_tests() {
    use bicd::ir::testcase::Value;
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let text = "function above_all(x: int): bool { (forall y: int :: y < 10 ==> x > y) }
procedure P(x: int) {
  if (above_all(x)) { assert x >= 9; }
}
";
    for solver in [SolverKind::Z3, SolverKind::Yices] {
        let a = crate::support::lang::analyse(text, "P", solver);
        assert_eq!(a.assert_at(3), "holds", "{solver:?}");
        assert_eq!(a.block("anon1_Then"), "covered", "{solver:?}");
        assert_eq!(a.block("anon1_Else"), "covered", "{solver:?}");
        for t in &a.result.tests {
            let Value::Int(x) = &t.inputs["x"] else {
                panic!("x is an int: {t:?}")
            };
            let above = *x >= 10.into();
            let then = t.trace.iter().any(|s| s.label == "anon1_Then");
            assert_eq!(above, then, "test {} with x = {x}: {:?}", t.id, t.trace);
        }
    }
}

/// Triggers as written reach z3 (VCC's prelude: `{$dot(p, f)}` over a
/// defined function, `{x mod $_pow2(y), ...}`): a defined function that a
/// trigger applies is declared, its definition an axiom triggered on its
/// applications (Boogie's encoding), and `div`/`mod` in a trigger are
/// printed as they are. Dropped, z3 picks triggers of its own, which on
/// VCC's prelude never saturate. The verdicts follow the axioms.
#[test]
fn triggers_over_defined_functions_and_mod_reach_the_solver() {
    let text = "function pow2(n: int): int;
function dot(p: int, f: int): int { p + f }
function and(x: int, y: int): int;
axiom (forall p: int, f: int :: {dot(p, f)} dot(p, f) > p);
axiom (forall x: int, y: int :: {x mod pow2(y), and(x, y)} x mod pow2(y) == and(x, y));
procedure p(a: int, b: int) returns (r: int)
{
  if (dot(a, b) <= a) { r := 1; }
  if (and(a, b) != a mod pow2(b)) { r := 2; }
  if (b > 0) { r := 3; }
}
";
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", text);
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 3).expect("prepares");
    let vc = reachability_vc(&passive);
    let declarations = &vc.declarations;
    assert!(
        declarations.contains("(declare-fun F_0_dot (Int Int) Int)"),
        "{declarations}"
    );
    assert!(
        declarations.contains(":pattern ((F_0_dot B_0 B_1))"),
        "{declarations}"
    );
    let all = format!("{}{}", vc.declarations, vc.definitions);
    assert!(all.contains(":pattern ((mod "), "{all}");
    let a = crate::support::lang::analyse(text, "p", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered");
}

/// Where model-based instantiation answered a question (its `sat` comes
/// with a model it checked against the quantifiers), the next questions
/// are asked of it first, and E-matching only where it gives no answer:
/// each such question is one `check-sat` instead of E-matching's
/// `unknown` and then the confirmation. Here the quantifier (`above_all`,
/// a definition) has models model-based instantiation finds at once, and
/// the branches on `x` need a test each: after the first question, some
/// question's literal is checked only with model-based instantiation on.
/// The verdicts are those of the other flows (every block covered).
#[test]
fn questions_go_to_model_based_instantiation_first_once_it_has_answered() {
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let text = "function above_all(x: int): bool { (forall y: int :: y < 10 ==> x > y) }
procedure P(x: int) returns (r: int) {
  if (above_all(x)) { r := 1; } else { r := 2; }
  if (x == 20) { r := 3; }
  if (x == 30) { r := 4; }
  if (x == 40) { r := 5; }
}
";
    let mut sources = SourceMap::new();
    let file = sources.add("mbqi.bpl".to_string(), text.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 3).expect("prepares");
    let vc = reachability_vc(&passive);
    assert!(vc.features.quantifiers);
    let log = crate::support::scratch_dir("mbqi-first").join("z3.smt2");
    let mut solver =
        Solver::spawn_logged(SolverKind::Z3, None, None, Some(&log)).expect("z3 is installed");
    let result = statement_cover(&passive, &vc, &mut solver, false, "P", &sources);
    drop(solver);
    assert_eq!(result.error, None);
    assert!(
        result
            .blocks
            .values()
            .all(|v| matches!(v, BlockVerdict::Covered(_))),
        "{:?}",
        result.blocks
    );
    for t in &result.tests {
        replay_trusting(&program, ProcId(0), t)
            .unwrap_or_else(|e| panic!("test {} does not replay: {e:?}", t.id));
    }
    // Each check of a literal, with whether model-based instantiation was
    // on for it.
    let transcript = std::fs::read_to_string(&log).expect("the transcript");
    let mut mbqi = false;
    let mut checks: Vec<(String, bool)> = Vec::new();
    let mut lines = transcript.lines();
    while let Some(line) = lines.next() {
        match line.trim() {
            "(set-option :smt.mbqi true)" => mbqi = true,
            "(set-option :smt.mbqi false)" => mbqi = false,
            l if l.starts_with("(check-sat-assuming") => {
                let literal = lines
                    .by_ref()
                    .map(str::trim)
                    .find(|l| !l.is_empty())
                    .unwrap_or_default()
                    .to_string();
                checks.push((literal, mbqi));
            }
            _ => {}
        }
    }
    let asked_first = checks
        .iter()
        .filter(|(lit, on)| *on && checks.iter().all(|(l, o)| l != lit || *o))
        .count();
    assert!(
        asked_first > 0,
        "no question went to model-based instantiation alone: {checks:?}"
    );
}
