//! Attributes that change what Boogie checks (issue 3): assumption
//! variables (`{:assumption}`) and `{:selective_checking}` are read with
//! Boogie's meaning (the verdicts below are those of Boogie's own tests,
//! `test2/AssumptionVariables0.bpl.expect` and
//! `test2/SelectiveChecking.bpl.expect`); `{:always_assume}` and
//! `{:verified_under}` on a call are refused with the reason.

use crate::support::lang::{analyse, errors};
use bicd::back::solver::SolverKind;

/// Boogie's test2/AssumptionVariables0.bpl: a local assumption variable
/// starts `true`; `havoc a` gives a value that implies the old one; a
/// global one starts arbitrary.
const ASSUMPTION_VARIABLES: &str = "procedure Test0()
{
    var {:assumption} a0: bool;
    assert a0;
}
procedure Test1(n: int)
{
    var {:assumption} a0: bool;
    a0 := a0 && (0 <= n);
    assert a0;
}
procedure Test2()
{
    var {:assumption} a0: bool;
    havoc a0;
    assert a0;
}
var {:assumption} ga0: bool;
procedure Test3()
  modifies ga0;
{
    ga0 := ga0 && true;
    assert ga0;
}
procedure Test5(A: bool)
{
    var {:assumption} a0: bool;
    var tmp0, tmp1: bool;
    a0 := a0 && A;
    tmp0 := a0;
    havoc a0;
    assert a0 ==> tmp0;
    tmp1 := a0;
    havoc a0;
    assert a0 ==> tmp1;
}
";

#[test]
fn assumption_variables_have_boogies_meaning() {
    let at = |entry: &str, line: usize| {
        analyse(ASSUMPTION_VARIABLES, entry, SolverKind::Yices).assert_at(line)
    };
    assert_eq!(at("Test0", 4), "holds");
    assert_eq!(at("Test1", 10), "can fail");
    assert_eq!(at("Test2", 16), "can fail");
    assert_eq!(at("Test3", 23), "can fail");
    assert_eq!(at("Test5", 32), "holds");
    assert_eq!(at("Test5", 35), "holds");
    // The hidden local that keeps the old value is no input of a test.
    let a = analyse(ASSUMPTION_VARIABLES, "Test5", SolverKind::Yices);
    for t in &a.result.tests {
        assert!(t.inputs.keys().all(|k| !k.contains('#')), "{:?}", t.inputs);
    }
}

#[test]
fn assumption_variable_rules_are_boogies() {
    // test1/AssumptionVariables0.bpl and AssumptionVariables1.bpl.
    assert_eq!(
        errors("procedure P() { var {:assumption} a0: bool where a0; }"),
        ["1:50: an assumption variable (`{:assumption}`) cannot have a `where` clause"]
    );
    assert_eq!(
        errors("procedure P() { var {:assumption} a0: int; }"),
        ["1:21: an assumption variable (`{:assumption}`) must be of type bool, not int"]
    );
    assert_eq!(
        errors("procedure P() { var {:assumption} a0: bool; a0 := true; }"),
        ["1:51: an assumption variable can only be assigned as `a0 := a0 && e`"]
    );
    assert_eq!(
        errors("procedure P() { var {:assumption} a0, a1: bool; a0 := a1 && true; }"),
        ["1:55: an assumption variable can only be assigned as `a0 := a0 && e`"]
    );
    assert_eq!(
        errors("procedure P() { var {:assumption} a0: bool; a0 := a0 && true; a0 := a0 && true; }"),
        ["1:63: assumption variable `a0` is assigned more than once"]
    );
    // A global one: at most one assignment in the whole program.
    assert_eq!(
        errors(
            "var {:assumption} g: bool;\n\
             procedure P() modifies g; { g := g && true; }\n\
             procedure Q() modifies g; { g := g && true; }"
        ),
        ["3:29: assumption variable `g` is assigned more than once"]
    );
    assert_eq!(
        errors("procedure P({:assumption} a: bool) { }"),
        ["1:13: unsupported: `{:assumption}` on a parameter (Boogie's assumption variables are local or global variables)"]
    );
}

/// Boogie's test2/SelectiveChecking.bpl: assertions count only from an
/// `assume {:start_checking_here}` on.
const SELECTIVE: &str = "procedure {:selective_checking} foo()
{
  var x, y, z : int;
  assert x < y;
  assert y < z;
  assume {:start_checking_here} true;
  assert x < z;
}
procedure {:selective_checking} foo_fail1()
{
  var x, y, z : int;
  assert x < y;
  assume {:start_checking_here} true;
  assert x < z;
}
procedure {:selective_checking} foo_fail2()
{
  var x, y, z : int;
  assert x < y;
  if (*) {
    assume {:start_checking_here} true;
  }
  assert x < z;
}
procedure foo_no_selch()
{
  var x, y, z : int;
  assert x < y;
  assume {:start_checking_here} true;
  assert x < z;
}
";

#[test]
fn selective_checking_checks_from_the_start_points_on() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let at = |entry: &str, line: usize| analyse(SELECTIVE, entry, solver).assert_at(line);
        // Before the start point: assumptions, no longer assertions.
        let foo = analyse(SELECTIVE, "foo", solver);
        assert_eq!(foo.result.assertions.len(), 1);
        assert_eq!(foo.assert_at(7), "holds");
        assert_eq!(at("foo_fail1", 14), "can fail");
        // Reachable from the start point in the `then` branch.
        assert_eq!(at("foo_fail2", 23), "can fail");
        // Without the attribute the marker means nothing.
        assert_eq!(at("foo_no_selch", 28), "can fail");
        assert_eq!(at("foo_no_selch", 30), "can fail");
    }
}

#[test]
fn selective_checking_is_refused_where_boogies_reading_differs() {
    let first = |text: &str| errors(text).remove(0);
    assert!(first(
        "procedure {:selective_checking} P() { while (*) { assume {:start_checking_here} true; } }"
    )
    .contains("in a procedure with loops"));
    assert!(first(
        "procedure Q(); requires false;\n\
         procedure {:selective_checking} P() { call Q(); assume {:start_checking_here} true; }"
    )
    .contains("with a call before `{:start_checking_here}`"));
    assert!(
        first("procedure {:selective_checking} P(x: int) ensures x > 0; { assert x > 1; }")
            .contains("no `{:start_checking_here}` reaches the exit")
    );
}

#[test]
fn always_assume_and_verified_under_on_calls_are_refused_with_the_reason() {
    assert_eq!(
        errors("procedure Q(); free requires {:always_assume} false;"),
        ["1:30: unsupported: `{:always_assume}` (Boogie assumes such a free `requires` at every call and such a free `ensures` at the body's exit, in order among the checked clauses; bicd does not)"]
    );
    let e = errors(
        "procedure A(x: bool); requires x;\nprocedure P() { call {:verified_under true} A(false); }",
    );
    assert!(
        e[0].starts_with(
            "2:22: unsupported: `{:verified_under}` on a call (Boogie checks `A || requires`"
        ),
        "{e:?}"
    );
}

/// `{:extern}` declarations, as Boogie merges files: another declaration
/// of the name overrides them (the one without the attribute, or the
/// first `{:extern}` one); two plain declarations still clash.
#[test]
fn extern_declarations_are_overridden() {
    let text = "function {:extern} f(x: int): int;
type {:extern} T;
const {:extern} c: int;
procedure {:extern} Q(x: int);
function f(x: int): int { x + 1 }
type T;
const c: int;
axiom c == 2;
procedure Q(x: int) { }
function {:extern} g(x: int): bool;
function {:extern} g(x: int): bool;
procedure P(x: int, t: T) returns (r: int)
{
  if (f(x) == x) { r := 1; }
  if (f(c) == 3 && g(x)) { r := 2; }
  call Q(x);
}
";
    let a = analyse(text, "P", SolverKind::Yices);
    assert_eq!(a.block("anon3_Then"), "covered");
    assert_eq!(a.block("anon1_Then"), "infeasible");
    let e = errors("function f(x: int): int;\nfunction f(x: int): int;\n");
    assert!(
        e.iter()
            .any(|m| m.starts_with("2:10:") && m.contains("duplicate declaration of function `f`")),
        "{e:?}"
    );
}
