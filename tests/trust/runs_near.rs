//! Runs near a test (`bicd::check::generate::runs_near`): from one test
//! found by the solver, the interpreter makes its own choices and finds
//! tests of the other blocks of the called procedures. Every test it
//! gives replays and enters a block the base test does not; none enters a
//! block that only an invented function value (against an axiom) or an
//! unchecked quantified assumption would reach.

use bicd::back::solver::SolverKind;
use bicd::check::generate::{runs_near, Confirmed, GlobalStarts, Nearby};
use bicd::check::replay;
use bicd::driver::{analyze_procedure, BlockStatus, Options};
use bicd::front::resolve::load_program;
use bicd::ir::testcase::{Choice, ChoiceKind, FunctionPoint, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{ExprKind, ProcId, Program, StmtKind};
use bicd::source::SourceMap;
use std::collections::HashSet;

/// Calls two levels deep, a body-less allocator whose `ensures` fix its
/// results, choices that the following `assume`s constrain, a block that
/// only a value of `f` the axiom forbids reaches, and one behind a
/// quantified assumption.
const DEEP: &str = "var alloc: int;
var G: int;
var M: [int]int;
function f(x: int) returns (int);
axiom (forall z: int :: f(z) < 5);

procedure malloc(size: int) returns (ret: int);
  modifies alloc;
  free ensures ret == old(alloc);
  free ensures alloc >= old(alloc) + size;

procedure main(x: int)
  modifies alloc, G, M;
{
  var p: int;
  assume alloc > 0;
  call p := malloc(4);
  assume p == G;
  call level1(x);
  if (f(x) == 5) { G := 0; }
}

procedure level1(a: int)
  modifies alloc, M;
{
  var s: int;
  havoc s;
  if (s == 7) {
    call level2(a, s);
  } else if (s == 9) {
    call level2(a + 1, s);
  } else if (s == 11) {
    havoc M;
    assume (forall i: int :: M[i] == 0);
    if (M[3] == 1) { s := 0; }
  } else {
    havoc s;
    if (f(s) == 5) { s := 1; }
  }
}

procedure level2(a: int, s: int)
  modifies alloc;
{
  var q: int;
  var k: int;
  call q := malloc(s);
  havoc k;
  assume k > q;
  if (k == q + 1) {
    k := 0;
  } else {
    k := 1;
  }
}
";

fn name_of(program: &Program, proc: ProcId, block: petgraph::graph::NodeIndex) -> (String, String) {
    let p = &program.procedures[proc.0];
    let label = p.body.as_ref().expect("has a body").graph[block]
        .label
        .clone();
    (p.name.clone(), label)
}

/// The program `text` (as file `name`) and its procedure `main`.
/// The blocks `test` enters, by procedure and label.
fn blocks_of(test: &TestCase) -> HashSet<(String, String)> {
    test.trace
        .iter()
        .map(|s| (s.proc.clone(), s.label.clone()))
        .collect()
}

fn load_main(name: &str, text: &str) -> (SourceMap, Program, ProcId) {
    let mut sources = SourceMap::new();
    let file = sources.add(name.to_string(), text.to_string());
    let program = load_program(&sources, file).expect("loads");
    let entry = ProcId(
        program
            .procedures
            .iter()
            .position(|p| p.name == "main")
            .expect("main"),
    );
    (sources, program, entry)
}

/// The program `text`, its `main`, and a test of it that z3's models
/// give where no choice takes one of `values`.
fn solver_test_avoiding(name: &str, text: &str, values: &[i64]) -> (Program, ProcId, TestCase) {
    let (sources, program, entry) = load_main(name, text);
    let options = Options {
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let result = analyze_procedure(&program, &sources, entry, &options);
    let avoided: Vec<Value> = values.iter().map(|&n| Value::Int(n.into())).collect();
    let test = result
        .tests
        .iter()
        .find(|t| t.choices.iter().all(|c| !avoided.contains(&c.value)))
        .unwrap_or_else(|| panic!("no test avoiding {values:?}: {:?}", result.tests))
        .clone();
    (program, entry, test)
}

/// The runs near `base` ([`near_runs`] with `seed` and `divergences`),
/// each replayed, and the blocks the base and they enter.
fn replayed_runs_near(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    seed: u64,
    divergences: usize,
) -> (Vec<TestCase>, HashSet<(String, String)>) {
    let covered = blocks_of(base);
    let near = near_runs(program, entry, base, &covered, seed, divergences);
    let mut reached = covered;
    for t in &near {
        replay(program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
        reached.extend(blocks_of(t));
    }
    (near, reached)
}

/// Whether a block of `main` in `reached` assigns the literal `value`.
fn assigns_in(
    program: &Program,
    entry: ProcId,
    reached: &HashSet<(String, String)>,
    value: i64,
) -> bool {
    let main = program.proc(entry).body.as_ref().expect("a body");
    main.graph.node_weights().any(|b| {
        reached.contains(&("main".to_string(), b.label.clone()))
            && b.stmts.iter().any(|s| match &s.kind {
                StmtKind::Assign(pairs) => pairs
                    .iter()
                    .any(|(_, e)| matches!(&e.kind, ExprKind::Int(n) if *n == value.into())),
                _ => false,
            })
    })
}

/// Per procedure, the locals a run may read before writing them.
fn read_before_written(program: &Program) -> Vec<Vec<bicd::ir::LocalId>> {
    (0..program.procedures.len())
        .map(|p| bicd::middle::inline::read_before_written(program, ProcId(p), true))
        .collect()
}

/// The runs near `base` ([`runs_near`]) that enter a block outside
/// `covered`, with `seed` and at most `divergences` divergences (64
/// attempts each, no time limit).
fn near_runs(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    covered: &HashSet<(String, String)>,
    seed: u64,
    divergences: usize,
) -> Vec<TestCase> {
    near_runs_checked(
        program,
        entry,
        base,
        covered,
        seed,
        divergences,
        None,
        false,
    )
    .into_iter()
    .map(|(t, _)| t)
    .collect()
}

/// [`near_runs`] with `confirm` as the check of function values the
/// axioms leave open ([`Nearby::confirm`]), from a base that takes
/// quantified conditions on trust or not; each test with whether it does.
#[allow(clippy::too_many_arguments)]
fn near_runs_checked(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    covered: &HashSet<(String, String)>,
    seed: u64,
    divergences: usize,
    confirm: Option<&dyn Fn(&TestCase) -> Confirmed>,
    base_on_trust: bool,
) -> Vec<(TestCase, bool)> {
    let uninitialized = read_before_written(program);
    let nearby = Nearby {
        covered,
        uninitialized: &uninitialized,
        starts: &GlobalStarts::new(program, entry),
        line_of: &|_| 0,
        seed,
        divergences,
        attempts: 64,
        until: None,
        confirm,
        base_on_trust,
    };
    runs_near(program, entry, base, &nearby)
}

#[test]
fn runs_near_a_test_reach_the_called_code_and_only_runs() {
    let (sources, program, entry) = load_main("deep.bpl", DEEP);
    let options = Options {
        unwind: 2,
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let result = analyze_procedure(&program, &sources, entry, &options);
    assert_eq!(result.error, None);
    let mut feasible = HashSet::new();
    let mut infeasible = HashSet::new();
    for b in &result.blocks {
        let name = name_of(&program, b.key.proc, b.key.block);
        match b.status {
            BlockStatus::Covered(_) => feasible.insert(name),
            BlockStatus::Infeasible => infeasible.insert(name),
            _ => panic!("undecided: {b:?}"),
        };
    }
    // `f(x) == 5`, `M[3] == 1` and `f(s) == 5`.
    assert_eq!(infeasible.len(), 3, "{infeasible:?}");
    // The base: a test that does not call `level2`.
    let base = result
        .tests
        .iter()
        .find(|t| t.trace.iter().all(|s| s.proc != "level2"))
        .expect("a test that does not call level2");
    let covered = blocks_of(base);
    let near = near_runs(&program, entry, base, &covered, 7, 24);
    let mut reached = covered.clone();
    for t in &near {
        replay(&program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
        let entered: HashSet<(String, String)> = t
            .trace
            .iter()
            .map(|s| (s.proc.clone(), s.label.clone()))
            .collect();
        assert!(
            entered.iter().any(|b| !reached.contains(b)),
            "a run near the base enters nothing new: {t:?}"
        );
        for b in &entered {
            assert!(!infeasible.contains(b), "{b:?} is infeasible, yet entered");
        }
        reached.extend(entered);
    }
    // Every block of `level2`, which the base does not call, is reached.
    assert!(!covered.iter().any(|(p, _)| p == "level2"), "{base:?}");
    let missed: Vec<_> = feasible
        .iter()
        .filter(|(p, _)| p == "level2")
        .filter(|b| !reached.contains(*b))
        .collect();
    assert!(
        missed.is_empty(),
        "not reached: {missed:?} (near tests: {})",
        near.len()
    );
}

/// The shape of a Corral harness (Static Driver Verifier's): memory
/// assumed to hold no function pointer of the driver (a quantified
/// assumption over a map), constants matched to allocated locations and
/// to literals by `assume`s, and a loop procedure that returns a
/// havocked counter the caller then assumes past the loop's bound.
const HARNESS: &str = "var alloc: int;
var M: [int]int;
var G: int;
const irp: int;
const mode: int;

procedure malloc(size: int) returns (ret: int);
  modifies alloc;
  free ensures ret == old(alloc);
  free ensures alloc >= old(alloc) + size;

procedure main()
  modifies alloc, G;
{
  var p: int;
  var i: int;
  assume alloc == 1000;
  call p := malloc(4);
  assume p == irp;
  call init();
  call i := loop(0);
  assume i >= 5000;
  call dispatch(p);
}

procedure init()
{
  assume (forall x: int :: M[x] <= 0 || M[x] > 600);
  assume mode == 3;
}

procedure loop(in_i: int) returns (out_i: int)
{
  out_i := in_i;
  if (*) {
    havoc out_i;
  }
}

procedure dispatch(q: int)
  modifies G;
{
  if (q == irp) {
    G := 1;
  } else {
    G := 2;
  }
  if (M[q] > 0) {
    G := 3;
  }
}
";

#[test]
fn runs_from_no_test_get_through_a_corral_harness() {
    let (_, program, entry) = load_main("harness.bpl", HARNESS);
    // A base of the entry block only and no inputs (a model's base, with
    // nothing from the model).
    let cfg = program.proc(entry).body.as_ref().expect("a body");
    let base = TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: Default::default(),
        choices: Vec::new(),
        trace: vec![TraceStep {
            proc: "main".to_string(),
            label: cfg.graph[cfg.entry].label.clone(),
        }],
        functions: Vec::new(),
        outcome: Outcome::Returns,
    };
    let covered = HashSet::new();
    let near = near_runs(&program, entry, &base, &covered, 3, 8);
    let mut reached: HashSet<(String, String)> = HashSet::new();
    for t in &near {
        replay(&program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
        reached.extend(blocks_of(t));
    }
    let dispatch = program
        .procedures
        .iter()
        .find(|p| p.name == "dispatch")
        .expect("dispatch");
    let entered = |label_of_assign: i64| {
        // The block of `dispatch` that assigns `G := label_of_assign`.
        let cfg = dispatch.body.as_ref().expect("a body");
        cfg.graph.node_weights().any(|b| {
            reached.contains(&("dispatch".to_string(), b.label.clone()))
                && b.stmts.iter().any(|s| {
                    match &s.kind {
                    StmtKind::Assign(pairs) => pairs.iter().any(|(_, e)| {
                        matches!(&e.kind, ExprKind::Int(n) if *n == label_of_assign.into())
                    }),
                    _ => false,
                }
                })
        })
    };
    // `q == irp` holds (the constant is the allocated location); `M[q] >
    // 0` would break no assumption either, but memory starts zeroed.
    assert!(entered(1), "dispatch's first branch not reached: {near:?}");
    assert!(!entered(2), "the branch `q != irp` cannot be taken");
}

/// The shape of a SMACK program: an allocator whose `assume`s go through
/// `{:inline}` functions (`$sub`, `$sge`) and ask for an address past
/// the last one and below a top, nondeterministic inputs from a body-less
/// procedure without `ensures` that the code compares with small literals
/// after other choices, through a function (`$eq`), and bit operations
/// that are
/// uninterpreted functions no axiom mentions (`$and`), beside one an
/// axiom constrains (`$or`).
const SMACK_LIKE: &str = "var CurrAddr: int;
const TOP: int;
axiom TOP == 100000;
function {:inline} $sub(a: int, b: int) returns (int) { a - b }
function {:inline} $sge(a: int, b: int) returns (bool) { a >= b }
function {:inline} $eq(a: int, b: int) returns (int) { if a == b then 1 else 0 }
function $and(a: int, b: int) returns (int);
function $or(a: int, b: int) returns (int);
axiom (forall a: int, b: int :: $or(a, b) >= a);

procedure nondet() returns (r: int);

procedure alloc(n: int) returns (p: int)
  modifies CurrAddr;
{
  p := CurrAddr;
  havoc CurrAddr;
  assume $sge($sub(CurrAddr, n), p);
  assume CurrAddr > 0 && CurrAddr < TOP;
}

procedure main()
  modifies CurrAddr;
{
  var code: int;
  var p: int;
  var t: int;
  var f: int;
  call code := nondet();
  call p := alloc(64);
  call p := alloc(64);
  call p := alloc(64);
  t := $eq(code, 1);
  if (t == 1) {
    call p := alloc(16);
    f := $and(p, 4096);
    if (f != 0) { t := 2; } else { t := 3; }
  } else {
    t := $eq(code, -1);
    if (t == 1) {
      call p := alloc(16);
      if ($or(p, 1) < p) { t := 4; } else { t := 5; }
    } else {
      t := 6;
    }
  }
}
";

#[test]
fn runs_near_a_test_get_through_a_smack_like_program() {
    let (sources, program, entry) = load_main("smack_like.bpl", SMACK_LIKE);
    // A base that takes none of the cases: the solver's test with the
    // fewest blocks.
    let options = Options {
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let result = analyze_procedure(&program, &sources, entry, &options);
    let base = result
        .tests
        .iter()
        .find(|t| {
            t.choices.iter().any(|c| {
                c.var == "r"
                    && c.value != Value::Int(1.into())
                    && c.value != Value::Int((-1).into())
            })
        })
        .expect("a test of the default case");
    // Without the model's values of `$and`: a run that applies it gives
    // it values of its own.
    let mut base = base.clone();
    base.functions.retain(|p| p.function != "$and");
    let base = &base;
    let (near, reached) = replayed_runs_near(&program, entry, base, 5, 8);
    // Which of `t := 2`, ..., `t := 6` the runs near the base take.
    let takes = |value: i64| assigns_in(&program, entry, &reached, value);
    // The runs leave the base at the input `code` (no `goto` can: its
    // value decides them), the fresh allocations ask for an address
    // past the last one through `$sge` and `$sub`, and `$and`, which
    // nothing but the code constrains, takes a value of the run's own.
    assert!(takes(2) || takes(3), "no run applied `$and`: {near:?}");
    assert!(takes(5), "`t := 5` not reached: {near:?}");
    // `$or(p, 1) < p` breaks the axiom: no run may get there by giving
    // `$or` a value of its own.
    assert!(
        !takes(4),
        "a run invented a value of `$or` against its axiom"
    );
}

/// The entry and its callees read `old` state: a scalar and a map the
/// entry changed before the call, a constant read under `old` through a function body,
/// a callee of a callee, and a store of the map's default value.
const OLD_STATE: &str = "var g: int;
var M: [int]int;
const K: int;
axiom K == 5;
function at_k(m: [int]int) returns (int) { m[K] }

procedure main(x: int)
  modifies g, M;
  ensures g == 10 && old(M[5]) == old(M)[5];
{
  g := 1;
  M := M[5 := 7];
  call bump(x);
  if (g == 2 && M[5] == 8 && M[6] == 0) { g := 10; } else { g := 20; }
}

procedure bump(y: int)
  modifies g, M;
  ensures g == old(g) + 1;
{
  var z: int;
  g := g + 1;
  M := M[5 := at_k(old(M)) + 1];
  M := M[6 := 0];
  assert old(g) == 1 && old(at_k(M)) == 7;
  havoc z;
  if (z > y) { call check(); } else { call check(); }
}

procedure check()
  ensures old(g) == 2 && old(M[5]) == 8;
{
}
";

#[test]
fn runs_read_the_old_state_of_each_call() {
    let (sources, program, entry) = load_main("old_state.bpl", OLD_STATE);
    let options = Options {
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let result = analyze_procedure(&program, &sources, entry, &options);
    assert_eq!(result.error, None);
    let mut infeasible = Vec::new();
    for b in &result.blocks {
        match b.status {
            BlockStatus::Covered(_) => {}
            BlockStatus::Infeasible => infeasible.push(name_of(&program, b.key.proc, b.key.block)),
            _ => panic!("undecided: {b:?}"),
        }
    }
    // Only the branch that the callees' writes rule out (`g := 20`).
    assert_eq!(infeasible.len(), 1, "{infeasible:?}");
    assert_eq!(infeasible[0].0, "main");
    for t in &result.tests {
        replay(&program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
    }
    // Runs near a test that takes one of `bump`'s branches take the
    // other, reading the same `old` state.
    let base = &result.tests[0];
    let covered = blocks_of(base);
    let near = near_runs(&program, entry, base, &covered, 3, 8);
    assert!(!near.is_empty(), "no run near {base:?}");
    for t in &near {
        replay(&program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
        assert_eq!(t.outcome, Outcome::Returns, "{t:?}");
    }
}

/// Functions that axioms constrain, as SDV's prelude writes `BAND` and
/// `POW2`: a run near a test meets them at arguments the base's model
/// never gave.
const AXIOM_FORCED: &str = "function BAND(a: int, b: int) returns (int);
function POW2(x: int) returns (bool);
axiom (forall x: int :: x == 1 || x == 2 || x == 4 ==> POW2(x));
axiom (forall f: int :: BAND(0, f) == 0);
axiom (forall x: int, f: int :: POW2(x) && POW2(f) && x != f ==> BAND(x, f) == 0);

procedure main(x: int)
{
  var s: int;
  var t: int;
  havoc s;
  t := 0;
  if (s == 1) {
    if (BAND(0, x) == 0) { t := 10; } else { t := 11; }
  } else if (s == 2) {
    if (BAND(2, 4) != 0) { t := 20; } else { t := 21; }
  } else if (s == 3) {
    if (BAND(3, 4) == 5) { t := 30; } else { t := 31; }
  }
}
";

#[test]
fn runs_near_a_test_take_function_values_the_axioms_force() {
    // A base that applies no function: the solver's test of `s` outside
    // 1..3, without the model's function values (those it applies are
    // the runs' to find).
    let (program, entry, mut base) =
        solver_test_avoiding("axiom_forced.bpl", AXIOM_FORCED, &[1, 2, 3]);
    base.functions.clear();
    let base = &base;
    let (near, reached) = replayed_runs_near(&program, entry, base, 11, 16);
    let takes = |value: i64| assigns_in(&program, entry, &reached, value);
    // `BAND(0, x)` is 0 by the second axiom, `BAND(2, 4)` by the third
    // (with `POW2(2)` and `POW2(4)` by the first).
    assert!(takes(10), "`t := 10` not reached: {near:?}");
    assert!(takes(21), "`t := 21` not reached: {near:?}");
    // Against the axioms, or where they give no value (`BAND(3, 4)`): no
    // run may get there.
    for never in [11, 20, 30, 31] {
        assert!(!takes(never), "a run reached `t := {never}`: {near:?}");
    }
}

#[test]
fn runs_near_a_test_give_open_function_values_only_where_the_check_allows() {
    let (program, entry, mut base) =
        solver_test_avoiding("axiom_forced.bpl", AXIOM_FORCED, &[1, 2, 3]);
    base.functions.clear();
    let covered = blocks_of(&base);
    // No axiom gives `BAND(3, 4)`: a run gives it a value, and keeps its
    // test only if the check (here a stand-in for the solver's) allows it.
    let band_3_4 = |t: &TestCase| {
        t.functions
            .iter()
            .find(|p| {
                p.function == "BAND" && p.args == [Value::Int(3.into()), Value::Int(4.into())]
            })
            .map(|p| p.value.clone())
    };
    let asked = std::cell::Cell::new(0);
    let not_5 = |t: &TestCase| {
        asked.set(asked.get() + 1);
        match band_3_4(t) {
            Some(v) if v != Value::Int(5.into()) => Confirmed::Yes,
            _ => Confirmed::No,
        }
    };
    let on_trust = |_: &TestCase| Confirmed::OnTrust;
    let none = |_: &TestCase| Confirmed::No;
    let reached_by = |near: &[(TestCase, bool)]| {
        let mut reached = covered.clone();
        for (t, _) in near {
            replay(&program, entry, t).unwrap_or_else(|e| panic!("does not replay: {e}\n{t:?}"));
            reached.extend(blocks_of(t));
        }
        reached
    };
    let (mut reached_31, mut trusted_31, mut from_trusted_base) = (false, false, 0);
    for seed in 0..20 {
        // The runs near the base with this seed, `confirm` as the check.
        let runs =
            |confirm: Option<&dyn Fn(&TestCase) -> Confirmed>, divergences, base_on_trust| {
                near_runs_checked(
                    &program,
                    entry,
                    &base,
                    &covered,
                    seed,
                    divergences,
                    confirm,
                    base_on_trust,
                )
            };
        let near = runs(Some(&not_5), 16, false);
        for (t, trusted) in &near {
            assert!(
                !trusted,
                "confirmed, yet said to take the axioms on trust: {t:?}"
            );
            if let Some(v) = band_3_4(t) {
                assert_ne!(v, Value::Int(5.into()), "a value the check refused: {t:?}");
            }
        }
        let reached = reached_by(&near);
        assert!(!assigns_in(&program, entry, &reached, 30), "{near:?}");
        reached_31 |= assigns_in(&program, entry, &reached, 31);
        // Allowed on trust: said so of the test that gives the value.
        let near = runs(Some(&on_trust), 16, false);
        for (t, trusted) in &near {
            if band_3_4(t).is_some() {
                assert!(trusted, "{t:?}");
                trusted_31 = true;
            }
        }
        // Refused everywhere: no run gets past `BAND(3, 4)`.
        let near = runs(Some(&none), 16, false);
        let reached = reached_by(&near);
        for never in [30, 31] {
            assert!(!assigns_in(&program, entry, &reached, never), "{near:?}");
        }
        // A base on trust: so is every run near it.
        let near = runs(Some(&not_5), 4, true);
        assert!(near.iter().all(|(_, trusted)| *trusted), "{near:?}");
        from_trusted_base += near.len();
    }
    assert!(reached_31, "no run took `BAND(3, 4)` to `t := 31`");
    assert!(trusted_31, "no run on trust gave `BAND(3, 4)` a value");
    assert!(asked.get() > 0);
    assert!(from_trusted_base > 0, "no run near the base on trust");
}

/// A harness that havocs memory (a map with no value yet, so a run has
/// no other to give it), then the value its branches test.
const HAVOCKED_MEMORY: &str = "procedure main()
{
  var m: [int]int;
  var s: int;
  havoc m;
  havoc s;
  if (s == 1) { m[0] := 5; } else if (s == 2) { m[0] := 6; }
}
";

#[test]
fn runs_near_a_test_leave_it_where_another_value_can_be_given() {
    let (program, entry, base) =
        solver_test_avoiding("havocked_memory.bpl", HAVOCKED_MEMORY, &[1, 2]);
    let base = &base;
    let covered = blocks_of(base);
    // One divergence per seed: at a `goto` (which `s` decides) it finds
    // nothing, at `havoc s` it does; at `havoc m` it would find nothing
    // either, and is not taken. Half the seeds, not a quarter.
    let fruitful = (0..60)
        .filter(|&seed| !near_runs(&program, entry, base, &covered, seed, 1).is_empty())
        .count();
    assert!(fruitful >= 22, "{fruitful} of 60 seeds found a run");
}

/// A run that fails an assertion finishes the blocks before it, not the
/// one it fails in nor its callers' blocks with the call in progress;
/// an `ensures` that fails at the exit fails after the last block's
/// statements, which that block finishes. (Runs near a test cover what
/// their runs finish, as the VC's goals do.)
#[test]
fn a_failing_run_leaves_the_blocks_on_its_call_stack_unfinished() {
    let text = "procedure main(x: int)
{
  start:
    goto at_call;
  at_call:
    call check(x);
    goto done;
  done:
    call finish();
    return;
}
procedure check(v: int)
{
  entry:
    assert v != 5;
    return;
}
procedure finish()
  ensures false;
{
  body:
    return;
}
";
    let (_sources, program, main) = load_main("unfinished.bpl", text);
    let id = |kind: bicd::ir::AssertKind| {
        bicd::ir::AssertId(
            program
                .asserts
                .iter()
                .position(|a| a.kind == kind)
                .expect("the assertion"),
        )
    };
    let step = TraceStep::new;
    let test = |x: i64, trace: Vec<TraceStep>, outcome: Outcome| TestCase {
        id: 1,
        entry: "main".to_string(),
        inputs: [("x".to_string(), Value::Int(x.into()))]
            .into_iter()
            .collect(),
        choices: Vec::new(),
        trace,
        functions: Vec::new(),
        outcome,
    };
    let fails_in_check = test(
        5,
        vec![
            step("main", "start"),
            step("main", "at_call"),
            step("check", "entry"),
        ],
        Outcome::AssertionFails(id(bicd::ir::AssertKind::Assert)),
    );
    replay(&program, main, &fails_in_check).expect("replays");
    assert_eq!(
        bicd::check::unfinished_steps(&program, main, &fails_in_check),
        [1, 2]
    );
    let fails_at_exit = test(
        0,
        vec![
            step("main", "start"),
            step("main", "at_call"),
            step("check", "entry"),
            step("main", "done"),
            step("finish", "body"),
        ],
        Outcome::AssertionFails(id(bicd::ir::AssertKind::Ensures)),
    );
    replay(&program, main, &fails_at_exit).expect("replays");
    assert_eq!(
        bicd::check::unfinished_steps(&program, main, &fails_at_exit),
        [3]
    );
    let returns = test(0, vec![step("main", "start")], Outcome::Returns);
    assert!(bicd::check::unfinished_steps(&program, main, &returns).is_empty());
}

/// A branch from which every path meets `assume false` after more
/// choices than a run has attempts (Corral's loop procedures end the
/// caller's copy of a loop body so), beside one the next choice's other
/// value takes.
const DOOMED_BRANCH: &str = "var G: int;
procedure nondet() returns (x: int);

procedure main()
  modifies G;
{
  var k: int;
  var c: int;
  start:
    call k := nondet();
    goto doomed, other;
  doomed:
    assume k == 1;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    havoc c; assume c > 0;
    goto doomed_end;
  doomed_end:
    assume false;
    return;
  other:
    assume k != 1;
    goto two, not_two;
  two:
    assume k == 2;
    G := 5;
    return;
  not_two:
    assume k != 2;
    return;
}
";

/// Runs near a test do not enter a block from which every path meets
/// `assume false` ([`DOOMED_BRANCH`]): where the next choice's first
/// value leads there, the run fails at once and tries the other value,
/// instead of trying every choice made on the way to `assume false`.
#[test]
fn runs_near_a_test_do_not_enter_a_block_that_cannot_end() {
    let fruitful = seeds_past_the_doomed_branch("doomed.bpl", DOOMED_BRANCH);
    assert!(fruitful >= 9, "{fruitful} of 40 seeds reached `two`");
}

/// Of 40 seeds, how many give runs near a base that takes `other` and
/// `not_two` of `text` (a program shaped as [`DOOMED_BRANCH`]) that reach
/// `two`.
fn seeds_past_the_doomed_branch(name: &str, text: &str) -> usize {
    let (_, program, entry) = load_main(name, text);
    let step = |label: &str| TraceStep::new("main", label);
    let base = TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: [("G".to_string(), Value::Int(0.into()))]
            .into_iter()
            .collect(),
        choices: vec![bicd::ir::testcase::Choice::new(
            bicd::ir::testcase::ChoiceKind::CallOutput,
            "nondet",
            "x",
            Value::Int(3.into()),
        )],
        trace: vec![step("start"), step("other"), step("not_two")],
        functions: Vec::new(),
        outcome: Outcome::Returns,
    };
    replay(&program, entry, &base).expect("the base replays");
    seeds_reaching(&program, entry, &base, "two", 40, 1)
}

/// The procedures [`doomed_call`] adds to [`DOOMED_BRANCH`]:
/// `rule_exit`, whose every path calls `exit_routine`, whose body is
/// `assume false` (SDV's `SLIC_EXIT_ROUTINE`).
const NEVER_RETURNS: &str = "
procedure exit_routine()
{
  start:
    assume false;
    return;
}

procedure rule_exit(k: int)
{
  start:
    goto a, b;
  a:
    assume k > 0;
    call exit_routine();
    return;
  b:
    assume k <= 0;
    call exit_routine();
    return;
}
";

/// [`DOOMED_BRANCH`] with its end in a callee's callee: the doomed
/// branch calls `rule_exit` ([`NEVER_RETURNS`]) instead of meeting
/// `assume false` itself.
fn doomed_call() -> String {
    let end = "    goto doomed_end;\n  doomed_end:\n    assume false;\n";
    assert!(DOOMED_BRANCH.contains(end));
    DOOMED_BRANCH.replace(end, "    call rule_exit(c);\n") + NEVER_RETURNS
}

/// Runs near a test do not enter a block that calls a procedure no run
/// of which returns, through its callees too ([`doomed_call`]).
#[test]
fn runs_near_a_test_do_not_enter_a_block_whose_call_cannot_return() {
    let fruitful = seeds_past_the_doomed_branch("doomed_call.bpl", &doomed_call());
    assert!(fruitful >= 9, "{fruitful} of 40 seeds reached `two`");
}

/// Of seeds `0..seeds`, how many give runs near `base` (with
/// `divergences` per base) one of which enters `main`'s block `label`.
fn seeds_reaching(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    label: &str,
    seeds: u64,
    divergences: usize,
) -> usize {
    let covered = blocks_of(base);
    (0..seeds)
        .filter(|&seed| {
            near_runs(program, entry, base, &covered, seed, divergences)
                .iter()
                .any(|t| t.trace.iter().any(|s| s.proc == "main" && s.label == label))
        })
        .count()
}

/// SDV's dispatch routines: `havoc majorFunction`, other choices, and
/// only blocks later `assume majorFunction == 27` on the branch to the
/// Plug and Play handler.
const DISPATCH_FURTHER_ON: &str = "var G: int;
procedure nondet() returns (x: int);

procedure main()
  modifies G;
{
  var major: int;
  var minor: int;
  var r: int;
  start:
    call r := nondet();
    goto zero, nonzero;
  zero:
    assume r == 0;
    goto dispatch;
  nonzero:
    assume r != 0;
    goto dispatch;
  dispatch:
    havoc major;
    havoc minor;
    G := r;
    goto pnp, power, other;
  pnp:
    assume major == 27;
    G := 1;
    return;
  power:
    assume major == 22;
    G := 2;
    return;
  other:
    assume major != 27 && major != 22;
    return;
}
";

/// A choice whose value only `assume`s further on in the procedure ask
/// for ([`DISPATCH_FURTHER_ON`]) may take one of those values: runs near
/// a test that avoids both branches enter each.
#[test]
fn runs_near_a_test_take_values_asked_further_on_in_the_procedure() {
    let (_, program, entry) = load_main("dispatch.bpl", DISPATCH_FURTHER_ON);
    let step = |label: &str| TraceStep::new("main", label);
    let choice = |kind, proc: &str, var: &str, value: i64| {
        bicd::ir::testcase::Choice::new(kind, proc, var, Value::Int(value.into()))
    };
    use bicd::ir::testcase::ChoiceKind::{CallOutput, Havoc};
    let base = TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: [("G".to_string(), Value::Int(0.into()))]
            .into_iter()
            .collect(),
        choices: vec![
            choice(CallOutput, "nondet", "x", 0),
            choice(Havoc, "main", "major", 1),
            choice(Havoc, "main", "minor", 0),
        ],
        trace: vec![step("start"), step("zero"), step("dispatch"), step("other")],
        functions: Vec::new(),
        outcome: Outcome::Returns,
    };
    replay(&program, entry, &base).expect("the base replays");
    for label in ["pnp", "power"] {
        let fruitful = seeds_reaching(&program, entry, &base, label, 40, 2);
        assert!(fruitful >= 20, "{fruitful} of 40 seeds reached `{label}`");
    }
}

/// SMACK's harnesses: `__VERIFIER_nondet_int` returns what a body-less
/// callee chose, and the caller compares the copy it receives to each
/// case of a `switch` through SMACK's comparison functions (`$eq.i32` is
/// `if a == b then 1 else 0`), the branch assuming the result `== 1`
/// blocks later (after an earlier choice, where runs near a test leave
/// it).
const SWITCH_ON_A_RETURNED_CHOICE: &str =
    "function {:inline} $eq.bool(a: int, b: int) returns (bool) { a == b }
function {:inline} $eq(a: int, b: int) returns (int) { if $eq.bool(a, b) then 1 else 0 }
function {:inline} $ne(a: int, b: int) returns (int) { if a != b then 1 else 0 }
var G: int;
procedure __SMACK_nondet_int() returns (x: int);

procedure nondet_int() returns (r: int)
{
  var x: int;
  call x := __SMACK_nondet_int();
  r := x;
}

procedure main()
  modifies G;
{
  var v: int;
  var w: int;
  var c1: int;
  var c2: int;
  var b: int;
  start:
    call b := nondet_int();
    goto zero, nonzero;
  zero:
    assume b == 0;
    goto switch;
  nonzero:
    assume b != 0;
    goto switch;
  switch:
    call v := nondet_int();
    w := v;
    G := 0;
    goto next;
  next:
    c1 := $eq(w, 27);
    goto pnp, not_pnp;
  pnp:
    assume c1 == 1;
    G := 1;
    return;
  not_pnp:
    assume !(c1 == 1);
    c2 := $ne(w, 22);
    goto other, power;
  power:
    assume !(c2 == 1);
    G := 2;
    return;
  other:
    assume c2 == 1;
    return;
}
";

/// A choice returned to the caller (through a copy) takes the values
/// the caller's code compares it to ([`SWITCH_ON_A_RETURNED_CHOICE`]):
/// runs near a test that avoids both cases enter each.
#[test]
fn runs_near_a_test_take_values_the_caller_compares_a_returned_choice_to() {
    let (_, program, entry) = load_main("switch.bpl", SWITCH_ON_A_RETURNED_CHOICE);
    let step = |proc: &str, label: &str| TraceStep::new(proc, label);
    let entry_label = |name: &str| {
        let p = program
            .procedures
            .iter()
            .find(|p| p.name == name)
            .expect("declared");
        let cfg = p.body.as_ref().expect("a body");
        cfg.graph[cfg.entry].label.clone()
    };
    let choice = |value: i64| {
        Choice::new(
            ChoiceKind::CallOutput,
            "__SMACK_nondet_int",
            "x",
            Value::Int(value.into()),
        )
    };
    let base = TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: [("G".to_string(), Value::Int(0.into()))]
            .into_iter()
            .collect(),
        choices: vec![choice(0), choice(0)],
        trace: vec![
            step("main", "start"),
            step("nondet_int", &entry_label("nondet_int")),
            step("main", "zero"),
            step("main", "switch"),
            step("nondet_int", &entry_label("nondet_int")),
            step("main", "next"),
            step("main", "not_pnp"),
            step("main", "other"),
        ],
        functions: Vec::new(),
        outcome: Outcome::Returns,
    };
    replay(&program, entry, &base).expect("the base replays");
    for label in ["pnp", "power"] {
        let fruitful = seeds_reaching(&program, entry, &base, label, 40, 2);
        assert!(fruitful >= 20, "{fruitful} of 40 seeds reached `{label}`");
    }
}

/// Static Driver Verifier's bit operations: uninterpreted, with axioms
/// that hold of bitwise and, or and the powers of two. A flag word built
/// with `BOR` at arguments no test gives a value for, then tested with
/// `BAND`.
const FLAG_WORD: &str = "function BAND(a: int, b: int) : int;
function BOR(a: int, b: int) : int;
function POW2(a: int) : bool;
axiom (forall x: int :: { POW2(x) } x == 0 || x == 1 || x == 2 || x == 4 || x == 8 ==> POW2(x));
axiom (forall f: int :: { BAND(0, f) } BAND(0, f) == 0);
axiom (forall f: int :: { BAND(f, f) } BAND(f, f) == f);
axiom (forall f: int :: { BOR(0, f) } BOR(0, f) == f);
axiom (forall f: int :: { BOR(f, 0) } BOR(f, 0) == f);
axiom (forall x: int, f: int :: { BAND(x, f) } POW2(x) && POW2(f) && x != f ==> BAND(x, f) == 0);
axiom (forall x: int, f1: int, f2: int :: { BAND(BOR(x, f1), f2) } (f1 != f2 && POW2(f1) && POW2(f2) ==> BAND(BOR(x, f1), f2) == BAND(x, f2)) && (f1 == f2 ==> BAND(BOR(x, f1), f2) == f1));

procedure main()
{
  var flags: int;
  var x: int;
  var t: int;
  flags := BOR(1, 2);
  t := 0;
  havoc x;
  if (x == 1) {
    if (BAND(BOR(flags, 4), 1) != 0) { t := 10; } else { t := 11; }
  }
}
";

/// A function that the axioms describe as an operation (`BOR` as
/// bitwise or) takes the operation's values where no axiom forces one,
/// in runs near a test (`BOR(1, 2)` is 3, `BAND(7, 1)` is 1): the check
/// of the axioms, here a stand-in that allows the bitwise values only,
/// keeps their tests.
#[test]
fn runs_near_a_test_give_functions_the_values_of_the_operation_the_axioms_describe() {
    // A base without the model's function values (a model gives
    // `BOR(1, 2)` any value the axioms allow).
    let (program, entry, mut base) = solver_test_avoiding("flag_word.bpl", FLAG_WORD, &[1]);
    base.functions.clear();
    let bitwise = |t: &TestCase| {
        let holds = t
            .functions
            .iter()
            .all(|p| match (p.function.as_str(), &p.args[..]) {
                ("BOR", [Value::Int(a), Value::Int(b)]) => p.value == Value::Int(a | b),
                ("BAND", [Value::Int(a), Value::Int(b)]) => p.value == Value::Int(a & b),
                _ => true,
            });
        match holds {
            true => Confirmed::Yes,
            false => Confirmed::No,
        }
    };
    let covered = blocks_of(&base);
    let fruitful = (0..20)
        .filter(|&seed| {
            let near = near_runs_checked(
                &program,
                entry,
                &base,
                &covered,
                seed,
                4,
                Some(&bitwise),
                false,
            );
            let mut reached = covered.clone();
            for (t, _) in &near {
                replay(&program, entry, t).unwrap_or_else(|e| panic!("{e}\n{t:?}"));
                assert_eq!(bitwise(t), Confirmed::Yes, "{t:?}");
                reached.extend(blocks_of(t));
            }
            assert!(!assigns_in(&program, entry, &reached, 11), "{near:?}");
            assigns_in(&program, entry, &reached, 10)
        })
        .count();
    assert!(fruitful >= 15, "{fruitful} of 20 seeds reached `t := 10`");
}

/// SDV's `AcquireMutex`: a callee returns a status from one of its
/// branches (`KeWaitForSingleObject`: 258 on a time-out, 0 when
/// signalled), and only one status lets the caller go on. Eight choices
/// of the caller come before the call.
const WAIT_IN_CALLEE: &str = "var G: int;

procedure wait() returns (s: int)
{
  start:
    goto late1, late2, late3, signalled;
  late1:
    s := 258;
    return;
  late2:
    s := 259;
    return;
  late3:
    s := 260;
    return;
  signalled:
    s := 0;
    return;
}

procedure main()
  modifies G;
{
  var s: int;
  d1:
    goto a1, b1;
  a1:
    G := 1;
    goto d2;
  b1:
    G := 11;
    goto d2;
  d2:
    goto a2, b2;
  a2:
    G := 2;
    goto d3;
  b2:
    G := 12;
    goto d3;
  d3:
    goto a3, b3;
  a3:
    G := 3;
    goto d4;
  b3:
    G := 13;
    goto d4;
  d4:
    goto a4, b4;
  a4:
    G := 4;
    goto d5;
  b4:
    G := 14;
    goto d5;
  d5:
    goto a5, b5;
  a5:
    G := 5;
    goto d6;
  b5:
    G := 15;
    goto d6;
  d6:
    goto a6, b6;
  a6:
    G := 6;
    goto d7;
  b6:
    G := 16;
    goto d7;
  d7:
    goto a7, b7;
  a7:
    G := 7;
    goto d8;
  b7:
    G := 17;
    goto d8;
  d8:
    goto a8, b8;
  a8:
    G := 8;
    goto d9;
  b8:
    G := 18;
    goto d9;
  d9:
    call s := wait();
    assume s == 0;
    return;
}
";

/// Runs near a test do not take a callee's branch that returns a value
/// the caller cannot go on with ([`WAIT_IN_CALLEE`]): backtracking
/// changes the caller's choices first, and the same branch fails after
/// each of them.
#[test]
fn runs_near_a_test_take_branches_whose_results_the_caller_can_go_on_with() {
    let (_, program, entry) = load_main("wait.bpl", WAIT_IN_CALLEE);
    let mut steps: Vec<(&str, String)> = Vec::new();
    for i in 1..=8 {
        steps.push(("main", format!("d{i}")));
        steps.push(("main", format!("a{i}")));
    }
    steps.extend([
        ("main", "d9".to_string()),
        ("wait", "start".to_string()),
        ("wait", "signalled".to_string()),
    ]);
    let base = choice_free_run(&steps);
    replay(&program, entry, &base).expect("the base replays");
    let fruitful = seeds_whose_runs(&program, entry, &base, 1, |near| !near.is_empty());
    assert!(fruitful >= 16, "{fruitful} of 20 seeds found a run");
}

/// Of seeds 0..20, how many give runs near `base` (each replayed; at
/// most `divergences` divergences) of which `fruitful` holds.
fn seeds_whose_runs(
    program: &Program,
    entry: ProcId,
    base: &TestCase,
    divergences: usize,
    fruitful: impl Fn(&[TestCase]) -> bool,
) -> usize {
    let covered = blocks_of(base);
    (0..20)
        .filter(|&seed| {
            let near = near_runs(program, entry, base, &covered, seed, divergences);
            for t in &near {
                replay(program, entry, t).unwrap_or_else(|e| panic!("{e}\n{t:?}"));
            }
            fruitful(&near)
        })
        .count()
}

/// Of 20 seeds, how many find runs near `base` (diverging once) through
/// `main`'s block `out`.
fn seeds_through_main_out(program: &Program, entry: ProcId, base: &TestCase) -> usize {
    seeds_whose_runs(program, entry, base, 1, |near| {
        near.iter()
            .any(|t| t.trace.iter().any(|s| s.proc == "main" && s.label == "out"))
    })
}

/// A test of `main` that starts with `G` at 0, makes no choice and
/// enters `steps` (procedure, label) in turn.
fn choice_free_run(steps: &[(&str, impl AsRef<str>)]) -> TestCase {
    TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: [("G".to_string(), Value::Int(0.into()))]
            .into_iter()
            .collect(),
        choices: Vec::new(),
        trace: steps
            .iter()
            .map(|(proc, label)| TraceStep::new(proc, label.as_ref()))
            .collect(),
        functions: Vec::new(),
        outcome: Outcome::Returns,
    }
}

/// SMACK's allocator (`havoc CurrAddr`, then `assume`s that ask for an
/// address at least `n` past the last one and below a top, through
/// `{:inline}` functions), and a body-less `nondet`.
const ALLOCATOR: &str = "var CurrAddr: int;
const TOP: int;
axiom TOP == 100000;
function {:inline} $sub(a: int, b: int) returns (int) { a - b }
function {:inline} $sge(a: int, b: int) returns (bool) { a >= b }
function {:inline} $eq(a: int, b: int) returns (int) { if a == b then 1 else 0 }

procedure nondet() returns (r: int);

procedure alloc(n: int) returns (p: int)
  modifies CurrAddr;
{
  start:
    p := CurrAddr;
    havoc CurrAddr;
    assume $sge($sub(CurrAddr, n), p);
    assume CurrAddr > 0 && CurrAddr < TOP;
    return;
}
";

/// The end of `main` in the allocator programs below: `taken`, which
/// allocates once more where the flag `t` is 1, and `other`.
const ALLOCATES_ON_TAKEN: &str = "  taken:
    assume t == 1;
    call p := alloc(64);
    return;
  other:
    assume !(t == 1);
    return;
}
";

/// After [`ALLOCATOR`]: a branch on a nondeterministic input whose side
/// allocates again ([`ALLOCATES_ON_TAKEN`] ends it).
const ALLOCATOR_NEAR_THE_TOP: &str = "procedure main()
  modifies CurrAddr;
{
  var code: int;
  var p: int;
  var t: int;
  start:
    call p := alloc(64);
    call p := alloc(64);
    call code := nondet();
    t := $eq(code, 1);
    goto taken, other;
";

/// A base whose allocations sit right under the top, as a solver's
/// model may put them ([`ALLOCATOR_NEAR_THE_TOP`]): runs near it lower
/// the base's addresses first, so that a run that leaves it at the input
/// has room for one more allocation.
#[test]
fn runs_near_a_test_lower_its_addresses_to_make_room_for_allocations() {
    let text = format!("{ALLOCATOR}{ALLOCATOR_NEAR_THE_TOP}{ALLOCATES_ON_TAKEN}");
    let (_, program, entry) = load_main("allocator.bpl", &text);
    let base = base_near_the_top(&["other"], Vec::new());
    let fruitful = seeds_reaching_taken(&program, entry, &base);
    assert!(fruitful >= 18, "{fruitful} of 20 seeds reached `taken`");
}

/// A base of `main` ([`ALLOCATOR`]) that allocates twice, the model's
/// addresses right under the top (from `CurrAddr` 1: 1, then 99,900,
/// then 99,990 next), enters `main`'s `labels` and gets 0 from `nondet`;
/// `more` inputs beside `CurrAddr` and `TOP`. It replays.
fn base_near_the_top(labels: &[&str], more: Vec<(String, Value)>) -> TestCase {
    let choice = |kind, proc: &str, var: &str, value: i64| {
        Choice::new(kind, proc, var, Value::Int(value.into()))
    };
    let mut steps = vec![("main", "start"), ("alloc", "start"), ("alloc", "start")];
    steps.extend(labels.iter().map(|l| ("main", *l)));
    let mut base = choice_free_run(&steps);
    base.inputs = [("CurrAddr", 1), ("TOP", 100_000)]
        .into_iter()
        .map(|(name, value)| (name.to_string(), Value::Int(value.into())))
        .chain(more)
        .collect();
    base.choices = vec![
        choice(ChoiceKind::Havoc, "alloc", "CurrAddr", 99_900),
        choice(ChoiceKind::Havoc, "alloc", "CurrAddr", 99_990),
        choice(ChoiceKind::CallOutput, "nondet", "r", 0),
    ];
    base
}

/// Of 20 seeds, how many give runs near `base` (which must replay) that
/// reach `main`'s `taken`.
fn seeds_reaching_taken(program: &Program, entry: ProcId, base: &TestCase) -> usize {
    replay(program, entry, base).expect("the base replays");
    seeds_whose_runs(program, entry, base, 8, |near| {
        near.iter().any(|t| {
            t.trace
                .iter()
                .any(|s| s.proc == "main" && s.label == "taken")
        })
    })
}

/// After [`ALLOCATOR`]: `main` allocates a request, branches on a field
/// of it that nothing wrote (the input memory gives it, as a model gives
/// a driver's request), then on a nondeterministic input whose side
/// allocates again. The field's test (`code * code == 49`) asks no value
/// a run could choose for the cell. [`ALLOCATES_ON_TAKEN`] ends it.
const ALLOCATED_REQUEST_NEAR_THE_TOP: &str = "var M: [int]int;
function {:inline} $load(m: [int]int, p: int) returns (int) { m[p] }

procedure main()
  modifies CurrAddr;
{
  var code: int;
  var irp: int;
  var p: int;
  var t: int;
  start:
    call p := alloc(64);
    call irp := alloc(64);
    code := $load(M, irp + 8);
    goto seven, other_code;
  seven:
    assume code * code == 49;
    call code := nondet();
    t := $eq(code, 1);
    goto taken, other;
  other_code:
    assume code * code != 49;
    return;
";

/// A base whose allocations sit right under the top and whose request's
/// field holds 7 at the address the model gave the request
/// ([`ALLOCATED_REQUEST_NEAR_THE_TOP`]). Lowering its addresses moves the
/// request, so the field is read where the base's memory has it: the
/// lowered run still goes to `seven`, and runs near it have room to
/// allocate on `taken`. Read at the moved address, the field is 0, the
/// lowered run goes elsewhere and is dropped, and no run reaches `taken`
/// (none can choose 7 for the cell: its test asks for no value).
#[test]
fn runs_near_a_test_move_the_memory_of_the_allocations_they_lower() {
    let text = format!("{ALLOCATOR}{ALLOCATED_REQUEST_NEAR_THE_TOP}{ALLOCATES_ON_TAKEN}");
    let (_, program, entry) = load_main("request.bpl", &text);
    let request = Value::map(
        Value::Int(0.into()),
        [(Value::Int(99_908.into()), Value::Int(7.into()))],
    );
    let base = base_near_the_top(&["seven", "other"], vec![("M".to_string(), request)]);
    let fruitful = seeds_reaching_taken(&program, entry, &base);
    assert!(fruitful >= 18, "{fruitful} of 20 seeds reached `taken`");
}

/// SMACK's memory as the programs on memory below have it: one map, its
/// `{:inline}` load and store, and a body-less `nondet`.
const MEMORY_PRELUDE: &str = "var M: [int]int;
function {:inline} $load(m: [int]int, p: int) returns (int) { m[p] }
function {:inline} $store(m: [int]int, p: int, v: int) returns ([int]int) { m[p := v] }
procedure nondet() returns (r: int);
";

/// [`MEMORY_PRELUDE`] followed by `rest`.
fn on_memory(rest: &str) -> String {
    format!("{MEMORY_PRELUDE}{rest}")
}

/// SMACK's shape of a dispatch routine (after [`MEMORY_PRELUDE`]): it
/// loads a request's code from memory the harness did not write
/// (`$load`, an `{:inline}` function of the memory map) and compares it
/// with constants, loading it again before each comparison, as SMACK
/// writes a C `switch`.
const DISPATCH_ON_MEMORY: &str =
    "function {:inline} $eq(a: int, b: int) returns (int) { if a == b then 1 else 0 }

procedure dispatch(irp: int) returns (status: int)
{
  var code: int;
  var t: int;
  start:
    code := $load(M, irp + 8);
    t := $eq(code, 1441992);
    goto read, not_read;
  read:
    assume t == 1;
    status := 1;
    return;
  not_read:
    assume !(t == 1);
    code := $load(M, irp + 8);
    t := $eq(code, 1441996);
    goto write, other;
  write:
    assume t == 1;
    status := 2;
    return;
  other:
    assume !(t == 1);
    status := 0;
    return;
}

procedure main()
  modifies M;
{
  var irp: int;
  var s: int;
  start:
    call irp := nondet();
    assume irp > 0;
    M := $store(M, irp, 3);
    call s := dispatch(irp);
    goto done;
  done:
    return;
}
";

/// A base whose memory holds no request code ([`DISPATCH_ON_MEMORY`]):
/// runs near it that leave it before the load choose the code the
/// comparisons after it ask for, the second one through the load that
/// comes again, and record it in the test's memory, so that it replays.
/// Without such choices no run enters `write`: nothing else gives the
/// cell a value.
#[test]
fn runs_near_a_test_choose_the_memory_their_branches_compare() {
    let (_, program, entry) = load_main("dispatch.bpl", &on_memory(DISPATCH_ON_MEMORY));
    let steps = [
        ("main", "start"),
        ("dispatch", "start"),
        ("dispatch", "not_read"),
        ("dispatch", "other"),
        ("main", "done"),
    ];
    let base = base_with_memory(&steps, 100);
    replay(&program, entry, &base).expect("the base replays");
    let enters = |near: &[TestCase], label: &str| {
        near.iter().any(|t| {
            t.trace
                .iter()
                .any(|s| s.proc == "dispatch" && s.label == label)
        })
    };
    let fruitful = seeds_whose_runs(&program, entry, &base, 8, |near| {
        enters(near, "read") && enters(near, "write")
    });
    assert!(
        fruitful >= 18,
        "{fruitful} of 20 seeds reached `read` and `write`"
    );
}

/// A loop that waits on a cell the program never wrote (SMACK's
/// `while (p->count >= 0)`), for [`leaving_a_loop_on_a_branch`].
const WAIT_ON_MEMORY: &str =
    "function {:inline} $sge(a: int, b: int) returns (int) { if a >= b then 1 else 0 }

procedure wait(p: int) returns (status: int)
{
  var c: int;
  var t: int;
  start:
    goto head;
  head:
    c := $load(M, p + 8);
    t := $sge(c, 0);
    goto again, out;
  again:
    assume t == 1;
    goto head;
  out:
    assume !(t == 1);
    status := 1;
    return;
}

";

/// Runs near a base that does not wait ([`WAIT_ON_MEMORY`]) choose the
/// waited-on cell from both sides of the loop's condition, so some
/// leave the loop (`-1`); with the values of its true side only (`0`,
/// `1`), every run went round the loop until its budget ran out.
#[test]
fn runs_near_a_test_choose_memory_that_leaves_a_loop() {
    let fruitful = leaving_a_loop_on_a_branch(WAIT_ON_MEMORY, "wait", "M := $store(M, irp, 3);");
    assert!(fruitful >= 18, "{fruitful} of 20 seeds left the loop");
}

/// After [`MEMORY_PRELUDE`], `callee` (a procedure named `name` whose
/// loop ends at its block `out`) and a `main` that takes an input
/// `irp`, runs `store`, and calls `name(irp)` where `irp > 50`: of 20
/// seeds, how many find runs through `out` near a base that does not
/// call it (`irp` 10).
fn leaving_a_loop_on_a_branch(callee: &str, name: &str, store: &str) -> usize {
    let text = format!(
        "{MEMORY_PRELUDE}{callee}
procedure main()
  modifies M;
{{
  var irp: int;
  var s: int;
  start:
    call irp := nondet();
    assume irp > 0;
    {store}
    goto calls, done;
  calls:
    assume irp > 50;
    call s := {name}(irp);
    goto done;
  done:
    return;
}}
"
    );
    let (_, program, entry) = load_main(&format!("{name}.bpl"), &text);
    let base = base_with_memory(&[("main", "start"), ("main", "done")], 10);
    replay(&program, entry, &base).expect("the base replays");
    seeds_whose_runs(&program, entry, &base, 8, |near| {
        near.iter()
            .any(|t| t.trace.iter().any(|s| s.proc == name && s.label == "out"))
    })
}

/// A loop that reads one cell a round, as many rounds as a count the
/// harness stored says (`parport`'s `PptDebugDumpResourceList` reads a
/// resource list's descriptors so), for [`leaving_a_loop_on_a_branch`].
const WALK_ON_MEMORY: &str =
    "function {:inline} $eq(a: int, b: int) returns (int) { if a == b then 1 else 0 }

procedure walk(p: int) returns (twos: int)
{
  var n: int;
  var i: int;
  var d: int;
  var t: int;
  start:
    n := $load(M, p + 8);
    i := 0;
    twos := 0;
    goto head;
  head:
    goto body, out;
  body:
    assume i < n;
    d := $load(M, p + 16 + i);
    t := $eq(d, 2);
    goto two, other;
  two:
    assume t == 1;
    twos := twos + 1;
    goto next;
  other:
    assume !(t == 1);
    goto next;
  next:
    i := i + 1;
    goto head;
  out:
    assume !(i < n);
    return;
}

";

/// Runs near a base that does not walk ([`WALK_ON_MEMORY`]) choose each
/// cell the loop reads, a decision each round, and go round the loop as
/// often as the count says, past the rounds after which a loop that
/// chooses a value each round is given up: reading a new cell each
/// round, the loop walks its input rather than polls. Given up after 32
/// rounds as a polling loop is, no run left the loop.
#[test]
fn runs_near_a_test_walk_memory_as_far_as_the_loop_goes() {
    let fruitful =
        leaving_a_loop_on_a_branch(WALK_ON_MEMORY, "walk", "M := $store(M, irp + 8, 40);");
    assert!(fruitful >= 18, "{fruitful} of 20 seeds left the loop");
}

/// A copy of memory (SMACK's `$memcpy`, whose map output only `forall`s
/// define) on the side of a branch on an input, then a branch on what
/// was copied.
const COPY_ON_A_BRANCH: &str = "var M: [int]int;
function {:inline} $add(a: int, b: int) returns (int) { a + b }
function {:inline} $sub(a: int, b: int) returns (int) { a - b }
function {:inline} $sle(a: int, b: int) returns (bool) { a <= b }
function {:inline} $slt(a: int, b: int) returns (bool) { a < b }

procedure nondet() returns (r: int);

procedure {:inline 1} $memcpy(M.dst: [int]int, M.src: [int]int, dst: int, src: int, len: int)
  returns (M.ret: [int]int)
{
  start:
    assume (forall x: int :: $sle(dst, x) && $slt(x, $add(dst, len)) ==> M.ret[x] == M.src[$add($sub(src, dst), x)]);
    assume (forall x: int :: $slt(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: int :: $sle($add(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure main()
  modifies M;
{
  var k: int;
  start:
    M := M[200 := 7];
    call k := nondet();
    goto copy, skip;
  copy:
    assume k == 5;
    call M := $memcpy(M, M, 100, 200, 4);
    goto seven, other;
  seven:
    assume M[100] == 7;
    return;
  other:
    assume M[100] != 7;
    return;
  skip:
    assume k != 5;
    return;
}
";

/// A base that does not copy ([`COPY_ON_A_BRANCH`]): a run near it that
/// takes the copy gives `$memcpy`'s output the map its `forall`s define
/// (the destination with the source's cells over the range), which the
/// interpreter then checks against them, and goes on to the branch on a
/// copied cell. Without that map the run has no value to give the output.
#[test]
fn runs_near_a_test_copy_memory_as_the_copys_foralls_define() {
    let (_, program, entry) = load_main("copy.bpl", COPY_ON_A_BRANCH);
    let base = base_with_memory(&[("main", "start"), ("main", "skip")], 0);
    replay(&program, entry, &base).expect("the base replays");
    let fruitful = seeds_whose_runs(&program, entry, &base, 8, |near| {
        near.iter().any(|t| {
            t.trace
                .iter()
                .any(|s| s.proc == "main" && s.label == "seven")
        })
    });
    assert!(fruitful >= 18, "{fruitful} of 20 seeds reached `seven`");
}

/// A test of `main` that enters `steps`, starts with memory `M` empty
/// (`else 0`) and takes `r` as the output of its one call of `nondet`.
fn base_with_memory(steps: &[(&str, &str)], r: i64) -> TestCase {
    let mut base = choice_free_run(steps);
    let empty = Value::map(Value::Int(0.into()), []);
    base.inputs = [("M".to_string(), empty)].into_iter().collect();
    base.choices = vec![Choice {
        kind: ChoiceKind::CallOutput,
        proc: "nondet".to_string(),
        var: "r".to_string(),
        value: Value::Int(r.into()),
        line: 0,
    }];
    base
}

/// The head of a `main` that may return at once (`s0`, `quit`), else
/// sets its local `var` to 0 or 1 by a decision and goes on at `then`
/// (the caller writes the rest of the body and its `}`); `more` are
/// further `int` locals.
fn main_deciding(var: &str, more: &[&str], then: &str) -> String {
    let more: String = more.iter().map(|v| format!("  var {v}: int;\n")).collect();
    format!(
        "procedure main()
  modifies G;
{{
  var {var}: int;
{more}  s0:
    G := 0;
    goto quit, d;
  quit:
    return;
  d:
    goto a, b;
  a:
    {var} := 0;
    goto {then};
  b:
    {var} := 1;
    goto {then};
"
    )
}

/// `main` with an early choice (`flag`), then `n` two-way choices that
/// each merge again, then a block that only `flag == 1` enters (so a run
/// that chose `flag := 0` fails at the last merge's `goto`, whatever it
/// chose in between); and a way to return before all of it.
fn early_choice_then_many(n: usize) -> String {
    let mut text = format!("var G: int;\n{}", main_deciding("flag", &[], "c1"));
    for i in 1..=n {
        let next = if i == n {
            "z".to_string()
        } else {
            format!("c{}", i + 1)
        };
        text.push_str(&format!(
            "  c{i}:\n    goto x{i}, y{i};\n  x{i}:\n    goto m{i};\n  y{i}:\n    goto m{i};\n  m{i}:\n    goto {next};\n"
        ));
    }
    text.push_str("  z:\n    assume flag == 1;\n    G := 7;\n    return;\n}\n");
    text
}

/// A run that fails where the run before it failed goes back further
/// than the last decision: 64 tries are not enough to change ten later
/// choices one at a time (1,024 ways). Changing only the last decision
/// each time, the seeds whose first run chose `flag := 0` found nothing
/// (12 of 20 seeds found the run).
#[test]
fn runs_that_fail_at_the_same_place_go_back_to_an_earlier_decision() {
    let (_, program, entry) = load_main("early.bpl", &early_choice_then_many(10));
    let base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    replay(&program, entry, &base).expect("the base replays");
    let reaching_z = |near: &[TestCase]| {
        near.iter()
            .any(|t| t.trace.iter().any(|s| s.proc == "main" && s.label == "z"))
    };
    let fruitful = seeds_whose_runs(&program, entry, &base, 1, reaching_z);
    assert_eq!(fruitful, 20, "{fruitful} of 20 seeds found a run through z");
}

/// A decision, then a loop that polls a body-less procedure and goes
/// round for as long as the decision's value says so.
fn polling_loop() -> String {
    format!(
        "var G: int;
procedure read_port() returns (v: int);

{}  poll:
    call r := read_port();
    goto again, out;
  again:
    assume mode == 0;
    goto poll;
  out:
    assume mode != 0;
    G := 7;
    return;
}}
",
        main_deciding("mode", &["r"], "poll")
    )
}

/// A run that goes round a loop choosing a value each time is given up
/// after some rounds, and the runs after it change a decision made
/// before the loop ([`polling_loop`]). Run until its statement budget
/// instead, each round a decision, 64 tries are not enough to get back
/// to the loop's entry: the seeds whose first run chose `mode := 0`
/// found nothing.
#[test]
fn runs_that_go_round_a_loop_choosing_values_give_up_and_change_an_earlier_decision() {
    let (_, program, entry) = load_main("poll.bpl", &polling_loop());
    let base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    replay(&program, entry, &base).expect("the base replays");
    let fruitful = seeds_through_main_out(&program, entry, &base);
    assert_eq!(
        fruitful, 20,
        "{fruitful} of 20 seeds found a run through out"
    );
}

/// [`polling_loop`] as Corral and SDV write a loop: a procedure that
/// calls itself for the next round (`{:LoopProcedure}`).
fn polling_loop_procedure() -> String {
    format!(
        "var G: int;
procedure read_port() returns (v: int);

procedure poll(mode: int)
  modifies G;
{{
  var r: int;
  entry:
    call r := read_port();
    goto again, out;
  again:
    assume mode == 0;
    call poll(mode);
    return;
  out:
    assume mode != 0;
    G := 7;
    return;
}}

{}  l:
    call poll(mode);
    return;
}}
",
        main_deciding("mode", &[], "l")
    )
}

/// A run that calls a procedure within itself, choosing a value in each
/// activation, is given up after some activations as a loop within a
/// procedure is, and the runs after it change a decision made before
/// ([`polling_loop_procedure`]). Run until the call depth (1,000)
/// instead, the seeds whose first run chose `mode := 0` found nothing.
#[test]
fn runs_that_call_a_procedure_within_itself_choosing_values_give_up_and_change_an_earlier_decision()
{
    let (_, program, entry) = load_main("poll_procedure.bpl", &polling_loop_procedure());
    let base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    replay(&program, entry, &base).expect("the base replays");
    let reaching_out = |near: &[TestCase]| {
        near.iter()
            .any(|t| t.trace.iter().any(|s| s.proc == "poll" && s.label == "out"))
    };
    let fruitful = seeds_whose_runs(&program, entry, &base, 1, reaching_out);
    assert_eq!(
        fruitful, 20,
        "{fruitful} of 20 seeds found a run through out"
    );
}

/// SMACK 2's bitwise `and` is an uninterpreted function (`function
/// $and.i32(i1: i32, i2: i32) returns (i32);`, "over-approximating
/// bitwise operation and"), and a driver polls a port until the status
/// it reads, masked, is the ready value (`parport`'s `CheckPort`); the
/// comparison is a flag, tested in the loop's exits, and the ready value
/// is computed after the masking, as SMACK writes it.
const POLLING_A_MASKED_PORT: &str = "var G: int;
function $and.i32(i1: int, i2: int) returns (int);
function {:inline} $eq.i32(i1: int, i2: int) returns (int) { (if i1 == i2 then 1 else 0) }
procedure read_port() returns (v: int);

procedure main()
  modifies G;
{
  var status: int;
  var masked: int;
  var value: int;
  var ready: int;
  s0:
    G := 0;
    goto quit, poll;
  quit:
    return;
  poll:
    call status := read_port();
    masked := $and.i32(status, 240);
    value := G + 144;
    ready := $eq.i32(masked, value);
    goto again, out;
  again:
    assume !(ready == 1);
    goto poll;
  out:
    assume ready == 1;
    G := 7;
    return;
}
";

/// A run gives a free function its value at new arguments as a
/// decision among the values the code after asks of it, through flags
/// and the locals set after it ([`POLLING_A_MASKED_PORT`]): the masked
/// status the loop waits for, in the first round. Drawn among small
/// values instead, it never was 144: every run went round the loop
/// until it gave up; with the ready value read as it stood when the
/// `and` was applied (none in the first round), only later rounds
/// took it.
#[test]
fn runs_near_a_test_give_a_free_function_the_value_a_flag_after_it_asks() {
    let (_, program, entry) = load_main("masked.bpl", POLLING_A_MASKED_PORT);
    let base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    replay(&program, entry, &base).expect("the base replays");
    let reaching_out = |near: &[TestCase]| {
        near.iter().any(|t| {
            t.trace.iter().any(|s| s.proc == "main" && s.label == "out")
                && !t
                    .trace
                    .iter()
                    .any(|s| s.proc == "main" && s.label == "again")
                && t.functions
                    .iter()
                    .any(|p| p.function == "$and.i32" && p.value == Value::Int(144.into()))
        })
    };
    let fruitful = seeds_whose_runs(&program, entry, &base, 1, reaching_out);
    assert_eq!(
        fruitful, 20,
        "{fruitful} of 20 seeds found a run through out"
    );
}

/// [`POLLING_A_MASKED_PORT`] with a clock read in each round that goes
/// on (`parport`'s `CheckPort` reads a tick count and waits until a
/// delay has passed): a second choice each round.
fn polling_a_port_and_a_clock() -> String {
    POLLING_A_MASKED_PORT
        .replace(
            "procedure read_port() returns (v: int);",
            "procedure read_port() returns (v: int);\nprocedure read_clock() returns (v: int);",
        )
        .replace("var ready: int;", "var ready: int;\n  var tick: int;")
        .replace(
            "assume !(ready == 1);\n    goto poll;",
            "assume !(ready == 1);\n    call tick := read_clock();\n    goto poll;",
        )
}

/// A base whose model gave `$and.i32` its values at the statuses a run
/// near it reads first (a model's function table covers the points its
/// own run applied it at): the masked status is not the ready value
/// there, so [`polling_a_port_and_a_clock`]'s loop goes on. A run reads a
/// status it has not read yet in each round of the loop, so that
/// `$and.i32` is applied at new arguments and may be ready. Reading the
/// same status each round, every run went round the loop until it gave
/// up (`parport`'s `CheckPort`, which reads its port in a loop).
#[test]
fn runs_near_a_test_read_a_polled_port_anew_each_round() {
    let text = polling_a_port_and_a_clock();
    assert!(text.contains("call tick := read_clock();"), "{text}");
    let (_, program, entry) = load_main("clock.bpl", &text);
    let mut base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    for status in [1, 0] {
        base.functions.push(FunctionPoint {
            function: "$and.i32".to_string(),
            args: vec![Value::Int(status.into()), Value::Int(240.into())],
            value: Value::Int(0.into()),
        });
    }
    replay(&program, entry, &base).expect("the base replays");
    let fruitful = seeds_through_main_out(&program, entry, &base);
    assert_eq!(
        fruitful, 20,
        "{fruitful} of 20 seeds found a run through out"
    );
}

/// A choice whose flags bound it (SMACK's `__VERIFIER_nondet_char`
/// assumes `-128 <= x && x <= 127` through two flags) is not asked for
/// the bounds' ends: the comparison of a flag asks for equalities only,
/// and the runs take small values, which the `switch` after it compares
/// to.
const A_RANGED_CHOICE_THEN_A_SWITCH: &str = "var G: int;
function {:inline} $sge.i32(i1: int, i2: int) returns (int) { (if i1 >= i2 then 1 else 0) }
function {:inline} $sle.i32(i1: int, i2: int) returns (int) { (if i1 <= i2 then 1 else 0) }
function {:inline} $eq.i32(i1: int, i2: int) returns (int) { (if i1 == i2 then 1 else 0) }
procedure nondet_char() returns (v: int);

procedure main()
  modifies G;
{
  var c: int;
  var low: int;
  var high: int;
  var is1: int;
  s0:
    G := 0;
    goto quit, pick;
  quit:
    return;
  pick:
    call c := nondet_char();
    low := $sge.i32(c, -128);
    goto above_low, below_low;
  below_low:
    assume !(low == 1);
    assume false;
    return;
  above_low:
    assume low == 1;
    high := $sle.i32(c, 127);
    goto inside, above_high;
  above_high:
    assume !(high == 1);
    assume false;
    return;
  inside:
    assume high == 1;
    is1 := $eq.i32(c, 1);
    goto one, other;
  one:
    assume is1 == 1;
    G := 1;
    return;
  other:
    assume !(is1 == 1);
    return;
}
";

/// The runs near a test of [`A_RANGED_CHOICE_THEN_A_SWITCH`] reach both
/// cases of the `switch` after the ranged choice.
#[test]
fn runs_near_a_test_take_no_range_ends_a_flag_bounds_a_choice_by() {
    let (_, program, entry) = load_main("ranged.bpl", A_RANGED_CHOICE_THEN_A_SWITCH);
    let base = choice_free_run(&[("main", "s0"), ("main", "quit")]);
    replay(&program, entry, &base).expect("the base replays");
    let reaching = |label: &'static str| {
        move |near: &[TestCase]| {
            near.iter()
                .any(|t| t.trace.iter().any(|s| s.proc == "main" && s.label == label))
        }
    };
    for label in ["one", "other"] {
        let fruitful = seeds_whose_runs(&program, entry, &base, 2, reaching(label));
        assert_eq!(
            fruitful, 20,
            "{fruitful} of 20 seeds found a run through {label}"
        );
    }
}

/// `main` copies memory first thing (SMACK's `$memcpy`, whose output
/// only `forall`s define), then branches on a copied cell.
const COPY_FIRST: &str = "var M: [int]int;
function {:inline} $add(a: int, b: int) returns (int) { a + b }
function {:inline} $sub(a: int, b: int) returns (int) { a - b }
function {:inline} $sle(a: int, b: int) returns (bool) { a <= b }
function {:inline} $slt(a: int, b: int) returns (bool) { a < b }

procedure {:inline 1} $memcpy(M.dst: [int]int, M.src: [int]int, dst: int, src: int, len: int)
  returns (M.ret: [int]int)
{
  start:
    assume (forall x: int :: $sle(dst, x) && $slt(x, $add(dst, len)) ==> M.ret[x] == M.src[$add($sub(src, dst), x)]);
    assume (forall x: int :: $slt(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: int :: $sle($add(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure main()
  modifies M;
{
  start:
    M := M[200 := 7];
    call M := $memcpy(M, M, 100, 200, 4);
    goto seven, other;
  seven:
    assume M[100] == 7;
    return;
  other:
    assume M[100] != 7;
    return;
}
";

/// A base from a model whose copy breaks the `forall`s that define it
/// ([`COPY_FIRST`]: the copy is all zeros, the base goes to `other`; it
/// replays taking them on trust): runs near it that follow it through
/// the copy give the copy the map the `forall`s define instead, and go
/// on to `seven`. With the base's copy each of them failed the check.
#[test]
fn runs_near_a_test_copy_memory_as_the_foralls_define_where_they_follow_it() {
    let (_, program, entry) = load_main("copy_first.bpl", COPY_FIRST);
    let mut base = choice_free_run(&[("main", "start"), ("$memcpy", "start"), ("main", "other")]);
    let zeros = Value::map(Value::Int(0.into()), []);
    base.inputs = [("M".to_string(), zeros.clone())].into_iter().collect();
    base.choices = vec![Choice {
        kind: ChoiceKind::Uninitialized,
        proc: "$memcpy".to_string(),
        var: "M.ret".to_string(),
        value: zeros,
        line: 0,
    }];
    replay(&program, entry, &base).expect("the base replays");
    let fruitful = seeds_whose_runs(&program, entry, &base, 1, |near| {
        near.iter().any(|t| {
            t.trace
                .iter()
                .any(|s| s.proc == "main" && s.label == "seven")
        })
    });
    assert_eq!(fruitful, 20, "{fruitful} of 20 seeds reached `seven`");
}
