//! Issue 3: `function` declarations (uninterpreted, defined, builtin) and
//! uninterpreted types, end to end under yices and z3: verdicts with known
//! answers, every test replays (uninterpreted functions by the points the
//! test records from the model), and Boogie's type errors with locations.

use crate::support::lang::{analyse, errors, load};
use bicd::back::solver::SolverKind;

const FUNCTIONS: &str = "type T;
const a, b: T;
function f(x: int): int;
function g(x: int, y: int): int { x + 2 * y }
function h(T): bool;
function {:inline} pos(x: int): bool { x > 0 }
axiom a != b;

procedure P(x: int) returns (r: int)
{
  if (f(x) > 10) {
    r := g(x, 1);
    assert r == x + 2;
  } else {
    r := f(x);
    if (r > 10) {
      r := 0;
    }
  }
  if (h(a) && !h(b)) {
    assert a == b;
  }
  if (pos(x) && x < 1) {
    r := 1;
  }
}
";

#[test]
fn functions_and_uninterpreted_types() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(FUNCTIONS, "P", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.assert_at(13), "holds", "{solver}");
        // f(x) <= 10 here, so r = f(x) > 10 is impossible.
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}");
        // a != b (axiom): the assert always fails, so no run passes the
        // block's end; a test shows the failure.
        assert_eq!(a.assert_at(21), "can fail", "{solver}");
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // pos is defined: x > 0 && x < 1 is impossible.
        assert_eq!(a.block("anon7_Then"), "infeasible", "{solver}");
        // Tests through `f(x) > 10` record f's value at x.
        let t = a
            .result
            .tests
            .iter()
            .find(|t| t.trace.iter().any(|s| s.label == "anon1_Then"))
            .expect("a test through the then-branch");
        assert!(
            t.functions.iter().any(|p| p.function == "f"),
            "{solver}: {t:?}"
        );
    }
}

#[test]
fn function_points_are_what_replay_uses() {
    let a = analyse(FUNCTIONS, "P", SolverKind::Z3);
    let id = a.program.proc_by_name("P").unwrap();
    let mut t = a
        .result
        .tests
        .iter()
        .find(|t| t.trace.iter().any(|s| s.label == "anon1_Then"))
        .unwrap()
        .clone();
    // Without f's value at x, the run cannot decide `f(x) > 10`.
    t.functions.retain(|p| p.function != "f");
    let e = bicd::check::replay(&a.program, id, &t).unwrap_err();
    assert!(
        e.message
            .contains("no value for the uninterpreted function application `f("),
        "{e}"
    );
}

#[test]
fn function_errors_are_located() {
    assert_eq!(
        errors("function f(x: int): int;\nprocedure P() { assume f(true) == 1; }"),
        ["2:26: argument 1 of `f` must be int, but is bool"]
    );
    assert_eq!(
        errors("function f(x: int): int;\nprocedure P() { assume f(1, 2) == 1; }"),
        ["2:24: function `f` takes 1 argument, but 2 were given"]
    );
    assert_eq!(
        errors("procedure P() { assume g(1) == 1; }"),
        ["1:24: undeclared function `g`"]
    );
    assert_eq!(
        errors("function f(x: int): bool { x + 1 }"),
        ["1:28: the body of `f` is int, but the function returns bool"]
    );
    // Direct and mutual recursion are read
    // (tests/front/recursive_functions.rs).
    assert!(load("function f(x: int): int { f(x) }").is_ok());
    assert!(load("function f(x: int): int { g(x) }\nfunction g(x: int): int { f(x) }").is_ok());
    assert_eq!(
        errors("var g: int;\nfunction f(x: int): int { x + g }"),
        ["2:31: the body of function `f` mentions the variable `g` (a function body may read its parameters and constants only)"]
    );
    // An operator bicd does not know is refused where it is applied, as
    // Boogie does (declared alone, it is accepted).
    assert_eq!(
        errors("function {:bvbuiltin \"bvfoo\"} foo(bv8): bv8;\nconst c: bv8;\naxiom foo(c) == c;"),
        ["3:7: unsupported: builtin function `bvfoo`; it is applied here"]
    );
    assert_eq!(
        errors("function {:bvbuiltin \"bvadd\"} add(bv8, bv16): bv8;"),
        ["1:10: `bvadd` takes 2 arguments of one bit-vector type and returns that type"]
    );
    assert_eq!(
        errors("function f(x: int): int;\nfunction f(x: int): int;"),
        ["2:10: duplicate declaration of function `f`"]
    );
    assert_eq!(
        errors("type T;\nprocedure P(x: T) { assume x == 1; }"),
        ["2:28: `==` compares T with int"]
    );
    // Type constructors and polymorphic maps are read (issue 19).
    assert!(load("type S a;\nvar x: S int;").is_ok());
    assert!(load("var x: <a>[a]int;").is_ok());
    assert!(load("type T;\nfunction f(T, int): T;\nconst c: T;\naxiom f(c, 1) == c;").is_ok());
}

#[test]
fn uninterpreted_functions_inside_definitions_replay() {
    // h's body applies g: the test must record g(x) for the run to
    // evaluate h(x).
    let text = "function g(int): int;
function h(x: int): int { g(x) + 1 }
procedure P(x: int)
{
  if (h(x) > 5) {
    assert g(x) > 4;
  }
}
";
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(text, "P", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.assert_at(6), "holds", "{solver}");
    }
}

/// A function body may read constants, as Boogie allows and SMACK's
/// prelude does (`$isExternal` reads `$EXTERNS_BOTTOM`): directly, through
/// another function, and beside a quantifier's binder in the body.
const READS_CONSTANTS: &str = "const LIMIT: int;
axiom LIMIT == 10;
const unique A, B: int;
function {:inline} over(x: int): bool { x > LIMIT }
function twice_over(x: int): bool { over(x) && over(x - LIMIT) }
function big(x: int): bool { (exists y: int :: y > LIMIT && y == x) }
function pair(x: int): bool { x == A || x == B }

procedure P(x: int) returns (r: int)
{
  if (over(x) && x < 11) {
    r := 1;
  }
  if (twice_over(x)) {
    r := 2;
    assert x > 20;
  }
  if (twice_over(x) && x < 21) {
    r := 3;
  }
  if (pair(x) && A == B) {
    r := 4;
  }
}

procedure Q(x: int) returns (r: int)
{
  if (big(x)) {
    r := 1;
    assert x >= 11;
  }
  if (big(x) && x < 11) {
    r := 2;
  }
}
";

#[test]
fn function_bodies_read_constants() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(READS_CONSTANTS, "P", solver);
        // x > 10 && x < 11 has no integer.
        assert_eq!(a.block("anon1_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
        assert_eq!(a.assert_at(16), "holds", "{solver}");
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // `unique` A and B differ.
        assert_eq!(a.block("anon7_Then"), "infeasible", "{solver}");
    }
    // The quantifier needs z3 (yices is asked, z3 answers).
    let a = analyse(READS_CONSTANTS, "Q", SolverKind::Yices);
    assert_eq!(a.block("anon1_Then"), "covered");
    assert_eq!(a.assert_at(30), "holds");
    assert_eq!(a.block("anon3_Then"), "infeasible");
}

const LETS: &str = "function twice(x: int): int { (var y := x + x; y) }
procedure p(x: int, y: int) returns (z: int, w: int)
{
  z := (var a, b := x + 1, y + 1; a);
  w := (var a, b := x + 1, y + 1; b);
  assert z - 1 == x && w - 1 == y;
  // The quantifier's own `a` hides the let's.
  assert (var a := 5; (forall a: int :: a == a) && a == 5);
  if ((var s := x + y; s * 2) == twice(x + y) && twice(x) == 8) { z := 0; }
  if ((var x := y; x) != y) { z := 1; }
}
";

#[test]
fn let_expressions_read_as_boogie_does() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(LETS, "p", solver);
        assert_eq!(a.assert_at(6), "holds", "{solver}");
        assert_eq!(a.assert_at(8), "holds", "{solver}");
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}"); // x = 4
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}");
    }
    assert_eq!(
        errors("procedure p(x: int) { assert (var a, b := 1; a) == 1; }"),
        ["1:35: a let binds 2 names to 1 value"]
    );
    // A function body sees its parameters, not the lets around an
    // application that resolves it.
    let e =
        errors("function f(x: int): int { a }\nprocedure p() { assert (var a := 1; f(a)) == 1; }");
    assert!(e.iter().any(|m| m.contains("`a`")), "{e:?}");
}

/// `a <: b`, Boogie's subtype relation (Spec#'s and BCT's preludes):
/// uninterpreted, as in Boogie's SMT encoding (`UOrdering2`), one
/// predicate per operand type; what the program's axioms say about it is
/// all that holds, and a test records the points it used.
const SUBTYPES: &str = "type TName;
const unique Object, String: TName;
axiom String <: Object;
axiom (forall t: TName :: t <: t);
function $typeof(x: int): TName;

procedure P(x: int, t: TName) returns (r: int)
{
  if ($typeof(x) <: Object) {
    r := 1;
  } else {
    r := 2;
  }
  if (!(String <: Object)) {
    r := 3;
  }
  if (!(t <: t)) {
    r := 4;
  }
  if (x <: x + 1 && !(x + 1 <: x)) {
    r := 5;
  }
}
";

#[test]
fn subtype_relation_is_an_uninterpreted_predicate() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(SUBTYPES, "P", solver);
        // Nothing relates $typeof(x) to Object: both sides run.
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon1_Else"), "covered", "{solver}");
        // The axioms hold.
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // On integers too, and not antisymmetric unless an axiom says so.
        assert_eq!(a.block("anon7_Then"), "covered", "{solver}");
    }
    assert_eq!(
        errors("procedure P(x: int, b: bool) { assume x <: b; }"),
        ["1:44: argument 2 of `<:` must be int, but is bool"]
    );
}
