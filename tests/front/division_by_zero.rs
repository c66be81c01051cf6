//! Issue 20, part 3: a quotient by zero is unspecified in Boogie (a
//! function of the numerator), so bicd must not call code infeasible that
//! needs a particular one. Tests record the values their runs used (like
//! uninterpreted functions) and replay with them; the same numerator still
//! gives the same quotient.

use crate::support::lang::analyse;
use bicd::back::solver::SolverKind;

const DIVISIONS: &str = "procedure p(x: int, y: int) returns (r: int)
{
  if (x div 0 == 7) { r := 1; }
  if (y != 0 && x div y == 3 && x mod y == 1) { r := 2; }
  if (y == 0 && x mod y == 5 && x div y == -1) { r := 3; }
  if (x / 0.0 == 2.5) { r := 4; }
  if (x div 0 == 7 && x div 0 == 8) { r := 5; }
  if (x == 4 && y == 0 && x div y != 4 div 0) { r := 6; }
}
";

#[test]
fn quotients_by_zero_are_open_and_replayed() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(DIVISIONS, "p", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon5_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon7_Then"), "covered", "{solver}");
        // One numerator, one quotient.
        assert_eq!(a.block("anon9_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon11_Then"), "infeasible", "{solver}");
        // The tests say which quotients they used.
        assert!(
            a.result
                .tests
                .iter()
                .any(|t| t.functions.iter().any(|p| p.function == "(div 0)")),
            "{solver}"
        );
    }
}

/// A quotient inside a defined function's body (SMACK's `$srem.i32` is
/// `{:inline}` around `{:builtin "mod"}`): the test records the value the
/// run used there too, and replays.
const IN_A_FUNCTION: &str = "function {:builtin \"mod\"} smod(a: int, b: int) returns (int);
function {:inline} srem(a: int, b: int) returns (int)
{ (if smod(a, b) != 0 && a < 0 then smod(a, b) - b else smod(a, b)) }
function half(a: int, b: int) returns (int) { a div b }
procedure p(x: int, y: int) returns (r: int)
{
  r := srem(x, y);
  if (y == 0 && r == 5) { r := 1; }
  if (y == 0 && half(x, y) == 9) { r := 2; }
}
";

#[test]
fn quotients_by_zero_in_function_bodies_are_replayed() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(IN_A_FUNCTION, "p", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
    }
}
