//! Issue 19: code expressions `|{ ... }|`, read as the formula they stand
//! for (`src/front/code_expr.rs`): every run of the code that reaches a
//! `return e` has `e` true there. Verdicts with known answers (Boogie's
//! own on `Test/codeexpr`), every test replays, refusals located.

use crate::support::lang::{analyse, errors};
use bicd::back::solver::SolverKind;

const CODE: &str = "function r(int): bool;
procedure P(x: int, y: int) returns (z: bool)
  requires |{ var b: bool;
              Start: b := false; goto A, B;
              A: assume 0 <= x; goto C;
              B: assume x < 0; goto R;
              C: assume 0 <= y; b := true; goto R;
              R: return b || x < 0;
           }|;
{
  assert 0 <= x + y;
  z := |{ var a: bool; A: a := x < 3; return a; }|;
  if (z && x >= 3) { z := false; }
  assert |{ var a: bool; A: return a; }|;
}
procedure Q(x: int, y: int)
{
  assume (forall t: int :: |{ var a: bool;
                              Start: a := x < 3 + t; goto X, Y;
                              X: assume a; return r(t);
                              Y: assume !a; return true;
                           }|);
  if (x < y) { assert r(y); }
  if (y < x) { assert r(y); }
}
";

#[test]
fn code_expressions_are_the_formulas_they_stand_for() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(CODE, "P", solver);
        // The precondition rules out x >= 0 > y.
        assert_eq!(a.assert_at(11), "can fail", "{solver:?}"); // x < 0 is allowed
        assert_eq!(a.block("anon1_Then"), "infeasible", "{solver:?}");
        // Its locals start arbitrary: `return a` does not always hold.
        assert_eq!(a.assert_at(14), "can fail", "{solver:?}");
    }
    let a = analyse(CODE, "Q", SolverKind::Z3);
    assert_eq!(a.assert_at(23), "holds");
    assert_eq!(a.assert_at(24), "can fail");
}

#[test]
fn code_expressions_boogie_cannot_read_are_refused_where_written() {
    assert_eq!(
        errors("procedure b() returns (l: bool);\nprocedure P() { assert |{ var l: bool; A: call l := b(); return l; }|; }"),
        ["2:43: unsupported: a `call` in a code expression"]
    );
    assert_eq!(
        errors("procedure P() { assert |{ A: goto B; B: goto A; }|; }"),
        ["1:24: unsupported: a loop among the blocks of a code expression"]
    );
    assert_eq!(
        errors("procedure P(x: int) { assert |{ A: x := 1; return x > 0; }|; }"),
        ["1:36: unsupported: a code expression writes `x`, which it does not declare"]
    );
    assert_eq!(
        errors("procedure P() { assert |{ A: return; }|; }"),
        ["1:30: a code expression returns a value: `return e;`"]
    );
    assert_eq!(
        errors("procedure P() { assert |{ A: goto C; }|; }"),
        ["1:35: undeclared label `C`"]
    );
}
