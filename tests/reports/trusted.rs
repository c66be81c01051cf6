//! Tests whose replay took quantified conditions on trust say so: the
//! interpreter cannot evaluate a quantifier, so such a test runs as it
//! claims if those conditions hold (issue 18). Text: one note per
//! procedure naming the tests and the lines; JSON: `trusted` per test.
//! Tests from z3 candidate models that model-based instantiation could
//! not confirm are marked (`unconfirmed`), and axioms it refutes are said
//! (session 14).

use crate::support;
use crate::support::cli;
use bicd::back::solver::SolverKind;

const PROGRAM: &str = "function f(x: int): int;
axiom (forall x: int :: {f(x)} f(x) > x);
procedure p(a: int) returns (r: int)
  requires (forall i: int :: {f(i)} f(i) != 0 || i < 0);
{
  r := f(a);
  if (r > 10) { r := 1; } else { r := 2; }
}
procedure q(a: int) returns (r: int)
{
  if (a > 10) { r := 1; } else { r := 2; }
}
";

#[test]
fn tests_that_trust_quantified_conditions_say_so() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let file = support::scratch("trusted", "trusted.bpl", PROGRAM);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, out, err) = cli::bicd(["cover", "trusted.bpl"]).in_dir(&dir).run();
    assert_eq!(code, 0, "{err}");
    // `p` trusts the axiom (line 2) and its `requires` (line 4); `q` has
    // no quantifier in its own code, but the axioms are assumed at every
    // entry, so its tests trust line 2.
    let notes: Vec<&str> = out.lines().filter(|l| l.contains("on trust")).collect();
    assert_eq!(notes.len(), 2, "{out}");
    assert!(notes[0].ends_with("lines 2, 4"), "{out}");
    assert!(notes[1].ends_with("line 2"), "{out}");
    let (code, json, err) = cli::bicd(["cover", "--format", "json", "trusted.bpl"])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    for t in doc["procedures"][0]["tests"].as_array().unwrap() {
        let lines: Vec<u64> = t["trusted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["line"].as_u64().unwrap())
            .collect();
        assert_eq!(lines, [2, 4], "{t}");
    }
}

/// An axiom false for some values (HAVOC's `MINUS_BOTH_PTR_OR_BOTH_INT`
/// at `size = 0`): E-matching, as Boogie runs z3, never meets the term
/// that refutes it, model-based instantiation does. bicd keeps
/// E-matching's verdicts, says that in logic every block is infeasible,
/// and marks the tests it could not confirm (docs/decisions.md,
/// "Candidate models").
const INCONSISTENT: &str = "function M(a: int, b: int, size: int): int;
axiom (forall a, b, size: int :: {M(a, b, size)}
  size * M(a, b, size) <= a - b && a - b < size * (M(a, b, size) + 1));
procedure P(x: int, y: int) returns (r: int) {
  if (x > y) { r := M(x, y, 4); } else { r := 0; }
}
";

#[test]
fn inconsistent_axioms_are_said_and_unconfirmed_tests_marked() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let file = support::scratch("inconsistent", "inconsistent.bpl", INCONSISTENT);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, out, err) = cli::bicd(["cover", "inconsistent.bpl"]).in_dir(&dir).run();
    assert_eq!(code, 0, "{err}");
    let notes: Vec<&str> = out.lines().filter(|l| l.contains("note:")).collect();
    insta::assert_snapshot!(notes.join("\n"));
    let (code, json, err) = cli::bicd(["cover", "--format", "json", "inconsistent.bpl"])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tests = doc["procedures"][0]["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2, "{json}");
    for t in tests {
        assert_eq!(t["unconfirmed"], serde_json::json!(true), "{t}");
    }
}
