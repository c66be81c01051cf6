//! Recursive functions (issue 3): a function whose body applies itself is
//! given to the solver as `define-fun-rec` (its quantified equation, so z3
//! answers where yices is asked), and the interpreter evaluates it by its
//! body, at most `interp::MAX_RECURSION_DEPTH` applications deep: a replay
//! that would need more is an error, never a success.

use crate::support;
use crate::support::cli;
use crate::support::lang::{analyse, errors, load};
use bicd::back::solver::SolverKind;
use bicd::driver::{analyze_program, select_entries, BlockStatus, Options};

const SUM: &str = "function sum(n: int): int { if n <= 0 then 0 else n + sum(n - 1) }

procedure fixed() returns (r: int)
{
  r := sum(5);
  if (r == 15) {
    r := 1;
  } else {
    r := 2;
  }
}

procedure search(x: int) returns (r: int)
  requires 0 <= x && x <= 6;
{
  if (sum(x) == 10) {
    r := x;
    assert r == 4;
  } else {
    if (sum(x) == 11) {
      r := 0;
    }
  }
}
";

#[test]
fn recursive_function_values_decide_blocks_and_replay() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(SUM, "fixed", solver);
        assert_eq!(a.block("anon1_Then"), "covered");
        assert_eq!(a.block("anon1_Else"), "infeasible");
        // The definition is quantified: z3 answers where yices is asked.
        if solver == SolverKind::Yices {
            assert!(a.result.solver_note.is_some());
        }
        let a = analyse(SUM, "search", solver);
        // sum(4) = 10 (x = 4 the only way), and no x in 0..=6 gives 11
        // (for unbounded x that takes induction: z3 answers unknown).
        assert_eq!(a.block("anon1_Then"), "covered");
        assert_eq!(a.assert_at(18), "holds");
        assert_eq!(a.block("anon3_Then"), "infeasible");
        assert_eq!(a.block("anon3_Else"), "covered");
        // The interpreter computed sum(x) itself: nothing taken on trust.
        assert!(a.trusted.iter().all(|t| t.is_empty()));
    }
}

/// Mutually recursive functions: declared, then their equations (Boogie's
/// definitional axioms); the interpreter evaluates each by its body,
/// also where a procedure applies only the function whose body holds the
/// other's stand-in (`odd` here: `even` is resolved first).
const EVEN_ODD: &str = "function even(n: int): bool { if n == 0 then true else odd(n - 1) }
function odd(n: int): bool { if n == 0 then false else even(n - 1) }

procedure P(x: int) returns (r: int)
{
  if (x >= 0 && x < 6 && odd(x)) {
    r := 1;
    if (x == 4) { r := 2; }
  } else if (x == 3 && !odd(x)) {
    r := 3;
  }
}
procedure Q(x: int) returns (r: int)
{
  if (x == 5 && even(x)) { r := 4; }
  if (x >= 0 && x < 4 && even(x)) { r := 5; }
}
";

#[test]
fn mutual_recursion_decides_blocks_and_replays() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(EVEN_ODD, "P", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.infeasible_lines(), [8, 9], "{solver}");
        assert!(a.trusted.iter().all(|t| t.is_empty()));
        let a = analyse(EVEN_ODD, "Q", solver);
        assert_eq!(a.infeasible_lines(), [15], "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
    }
    assert!(load("function f(n: int): int { if n <= 0 then 0 else f(n - 1) + f(n - 2) }").is_ok());
    // A cycle through three functions.
    assert!(load(
        "function a(n: int): int { if n <= 0 then 0 else b(n - 1) }\n\
         function b(n: int): int { c(n) + 1 }\n\
         function c(n: int): int { a(n) }"
    )
    .is_ok());
}

/// A recursive function whose body applies an uninterpreted function
/// (VCC's `$strong_struct_eq`), or holds a quantifier, is read as Boogie
/// reads it, a definition: the solver decides with its equation, and where
/// the interpreter cannot compute a value (the test records no value of
/// `h` at the points the recursion reaches) it takes the model's value of
/// the application, or takes the condition on trust, and says so.
const RECURSIVE_OVER_UNINTERPRETED: &str = "function h(n: int): int;
function f(n: int): int { if n <= 0 then 0 else h(n) + f(n - 1) }
type Ptr;
type Field;
function dot(p: Ptr, x: Field): Ptr;
function shallow(a: Ptr, b: Ptr): bool;
function deep(a: Ptr, b: Ptr): bool
{ shallow(a, b) && (forall x: Field :: { dot(a, x) } deep(dot(a, x), dot(b, x))) }
procedure P(n: int, a: Ptr, b: Ptr) returns (r: int)
{
  if (n == 2 && f(n) != h(1) + h(2)) { r := 1; }
  if (n == 3 && f(n) > 5) { r := 2; }
  if (deep(a, b) && !shallow(a, b)) { r := 3; }
  if (deep(a, b)) { r := 4; }
}
";

#[test]
fn recursion_over_uninterpreted_functions_is_a_definition() {
    let a = analyse(RECURSIVE_OVER_UNINTERPRETED, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "covered");
    assert_eq!(a.block("anon5_Then"), "infeasible");
    assert_eq!(a.block("anon7_Then"), "covered");
    // The tests through `f(n) > 5` and `deep(a, b)` say what they trust.
    let lines = a.trusted_lines();
    assert!(lines.contains(&11) && lines.contains(&13), "{lines:?}");
}

/// `down(500)` needs 500 nested applications: more than the interpreter
/// evaluates, so the test the solver finds does not replay, and analysing
/// the file says so (it does not claim the test).
#[test]
fn too_deep_recursion_is_a_replay_error_not_a_success() {
    let text = "function down(n: int): int { if n <= 0 then 0 else down(n - 1) }
procedure p(x: int) {
  assume x == 500;
  assume down(x) == 0;
}
";
    let (sources, program) = load(text).unwrap();
    let entries = select_entries(&program, &[]).unwrap();
    let options = Options {
        unwind: 2,
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let (result, failures) = analyze_program(&program, &sources, "t.bpl", &entries, &options);
    // The VC defines `down` recursively, so z3 runs in E-matching mode and
    // its model is a candidate: the test that does not replay is dropped,
    // and the block it covered is unknown with the replay's message.
    assert!(result.procedures[0].tests.is_empty());
    assert!(failures.is_empty(), "{failures:?}");
    match &result.procedures[0].blocks[0].status {
        BlockStatus::Unknown(reason) => assert!(reason.contains("nests deeper than"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // 150 deep is evaluated.
    let a = analyse(&text.replace("500", "150"), "p", SolverKind::Z3);
    assert_eq!(a.result.tests.len(), 1);
}

/// Boogie's test `NAME`; `None` (said on standard error) when it is
/// absent.
fn corpus_file(name: &str) -> Option<String> {
    support::shared_text(&format!("boogie-tests/{name}"))
}

/// Boogie's tests with `f(i, j) = if i == 0 then 0 else f(i - 1, ...) +
/// f(i - 1, ...)`: every assertion `f(8, 3) == 0` ... holds (z3 unfolds the
/// definition), and the interpreter replays the tests (2^9 applications).
#[test]
fn boogie_recursive_function_tests() {
    let Some(text) = corpus_file("test0/MaxKeepGoingSplits.bpl") else {
        return;
    };
    for entry in ["test1", "test2"] {
        let a = analyse(&text, entry, SolverKind::Yices);
        assert!(a
            .result
            .assertions
            .iter()
            .all(|x| x.status == bicd::driver::AssertStatus::Holds));
        assert_eq!(a.block("anon0"), "covered");
    }
    let text = corpus_file("test2/git-issue-366.bpl").unwrap();
    let a = analyse(&text, "test1", SolverKind::Yices);
    assert_eq!(a.block("anon0"), "covered");
}

/// `{:inline}` (and `{:define}`) bodies replace their applications: a
/// cycle among such functions would expand forever, so it is refused, as
/// Boogie refuses it, with an input error (exit 2) at the first function
/// of the cycle that names the cycle.
#[test]
fn call_cycles_among_inline_functions_are_refused() {
    let text = "function {:inline true} same(x: int, y: bool) returns (bool)
  { same(x, y) }

axiom same(1, false);

procedure p()
  requires same(2, false);
{
  assume same(1, true);
}
";
    let file = support::scratch("inline-cycles", "same.bpl", text);
    let (code, out, err) = cli::bicd(["cover", "same.bpl"])
        .in_dir(file.parent().unwrap())
        .run();
    assert_eq!(code, 2, "{out}{err}");
    insta::assert_snapshot!(err);

    // Mutual, through a quantifier, `old` and a conditional; a function
    // applying one on the cycle is no error of its own.
    assert_eq!(
        errors(
            "function {:inline} a(x: int): int { b(x) + 1 }\n\
             function {:inline} b(x: int): int { if (forall y: int :: c(y) > 0) then 1 else 2 }\n\
             function {:inline} c(x: int): int { if x > 0 then old(a(x)) else 0 }\n\
             function {:inline} user(x: int): int { a(x) }\n\
             procedure q(x: int) { assume user(x) > 0; }"
        ),
        ["1:20: call cycle among {:inline} functions: a -> b -> c -> a"]
    );
    // `{:define}` counts too (Boogie's functiondefine tests).
    assert_eq!(
        errors(
            "function {:define} f(x: int): int { g(x) + 1 }\n\
             function {:inline} g(x: int): int { f(x) + 2 }"
        ),
        ["1:20: call cycle among {:inline}/{:define} functions: f -> g -> f"]
    );
    // Not expanded in place, so recursion is allowed: no attribute,
    // `{:inline false}`, and an `{:inline}` function applying a recursive
    // one.
    assert!(load("function f(n: int): int { if n <= 0 then 0 else f(n - 1) }").is_ok());
    assert!(
        load("function {:inline false} f(n: int): int { if n <= 0 then 0 else f(n - 1) }").is_ok()
    );
    assert!(load(
        "function f(n: int): int { if n <= 0 then 0 else f(n - 1) }\n\
         function {:inline} g(n: int): int { f(n) + 1 }\n\
         procedure p(x: int) { assume g(x) == 1; }"
    )
    .is_ok());
    // Bodies are read with their errors as before when there is no cycle.
    assert_eq!(
        errors("function {:inline} f(x: int): bool { x }"),
        ["1:38: the body of `f` is int, but the function returns bool"]
    );
}
