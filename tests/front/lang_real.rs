//! Issue 3: real numbers (`real`, literals `1.5` / `3e2`, `+ - * /`,
//! comparisons, `int(e)` / `real(e)`), end to end under yices, z3 and
//! cvc5: verdicts with known answers, and every test replays, which checks
//! the interpreter's exact rational arithmetic (and bicd's `x / 0.0 = 0.0`)
//! against each solver's on the path it chose. Also `free call`, maps of
//! no index (`[]int`), and the bad inputs of these constructs.

use crate::support;
use crate::support::lang::{analyse, errors, load};
use bicd::back::solver::SolverKind;

const LINEAR: &str = "var g: real;
procedure R(x: real, n: int) returns (y: real)
  modifies g;
{
  y := x / 4.0 + 0e-3;
  if (y == 0.125 && n > 0) { g := 1.0; }
  if (real(n) / 2.0 == 1.5 && n != 3) { g := 2.0; }
  if (int(x) == 2 && x < 2.0) { g := 3.0; }
  if (int(-x) == -3 && x > 2.0) { g := 4.0; }
  assert 1.0 / 3.0 + 1.0 / 6.0 == 0.5;
  assert x * 3.0 != 1.0;
  assert n / 2 != 2.5;
}
";

#[test]
fn linear_reals_under_every_solver() {
    for solver in [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5] {
        let a = analyse(LINEAR, "R", solver);
        // x = 0.5
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        // n / 2 == 1.5 only for n = 3
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}");
        // int(x) is the floor: int(x) == 2 means x >= 2
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // floor(-x) == -3 for 2 < x <= 3
        assert_eq!(a.block("anon7_Then"), "covered", "{solver}");
        assert_eq!(a.assert_at(10), "holds", "{solver}");
        // x = 1/3: a value with no finite decimal
        assert_eq!(a.assert_at(11), "can fail", "{solver}");
        // `/` on ints is real division: n = 5
        assert_eq!(a.assert_at(12), "can fail", "{solver}");
        assert!(a.result.solver_note.is_none(), "{solver}");
    }
}

const DIVISION: &str = "procedure D(a: real, b: real) returns (c: real)
{
  c := a / b;
  if (b == 0.0 && c != 0.0) { c := 1.0; }
  if (c == 2.5 && b == 2.0) { c := 2.0; }
  if (a * b == 6.0 && a == 2.0 && b != 3.0) { c := 3.0; }
}
";

#[test]
fn real_division_by_zero_is_open_and_nonlinear_goes_to_z3() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(DIVISION, "D", solver);
        // a / 0.0 is unspecified, as in Boogie: a test picks a value
        // (recorded and replayed)
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // yices prints irrational values of non-linear real problems as
        // decimal approximations: z3 answers instead.
        if solver == SolverKind::Yices {
            let note = a.result.solver_note.clone().unwrap_or_default();
            assert!(note.contains("non-linear real arithmetic"), "{note}");
        }
    }
}

#[test]
fn real_values_print_exactly() {
    let a = analyse(LINEAR, "R", SolverKind::Z3);
    let third = a
        .result
        .tests
        .iter()
        .flat_map(|t| t.inputs.values())
        .any(|v| v.to_string() == "1/3");
    assert!(third, "{:?}", a.result.tests);
}

const FREE_CALL: &str = "procedure Callee(x: int) returns (r: int)
  requires x > 0;
{ r := x; }
procedure Caller(y: int) returns (z: int)
{
  free call z := Callee(y);
  if (y <= 0) { z := 0; }
  call z := Callee(y - 1);
}
";

#[test]
fn free_call_assumes_the_requires() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(FREE_CALL, "Caller", solver);
        // the free call assumed y > 0
        assert_eq!(a.infeasible_lines(), [7], "{solver}");
        // the ordinary call checks it: y = 1 breaks it
        assert_eq!(a.assert_at(2), "can fail", "{solver}");
    }
}

const NULLARY: &str = "var m: []int;
procedure N(k: int)
  modifies m;
{
  m[] := 5;
  assert m[] == 5;
  m := m[:= k];
  if (m[] != k) { m[] := 0; }
  if (m[] == 7) { m[] := 1; }
}
";

#[test]
fn maps_of_no_index_hold_one_value() {
    for solver in [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5] {
        let a = analyse(NULLARY, "N", solver);
        assert_eq!(a.assert_at(6), "holds", "{solver}");
        assert_eq!(a.block("anon1_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
        // one value, no array: yices keeps the VC
        assert!(a.result.solver_note.is_none(), "{solver}");
    }
}

#[test]
fn attribute_syntax_of_boogie() {
    // `\"` inside an attribute string, and space between `{` and `:`.
    assert!(load(
        "procedure {:msg \"say \\\"hi\\\"\"} P() { assume { :weight 5} {:id \"a\\\"\"} true; }"
    )
    .is_ok());
    // A program of axioms about `**` (nothing to analyse) is read.
    assert!(load("const r, s: real; axiom (r * s) ** 2.0 == r ** 2.0 * s ** 2.0;").is_ok());
}

#[test]
fn real_errors_are_located() {
    assert_eq!(
        errors("procedure P(x: int) { assume x + 1.5 > 0.0; }"),
        ["1:30: `+` needs real operands, but this is int"]
    );
    assert_eq!(
        errors("procedure P(x: int) { assume int(x) == 1; }"),
        ["1:34: `int(...)` needs a real operand, but this is int"]
    );
    assert_eq!(
        errors("procedure P(x: real) { assume real(x) == 1.0; }"),
        ["1:36: `real(...)` needs an int operand, but this is real"]
    );
    assert_eq!(
        errors("procedure P(x: real) { assume x div 2.0 == 1.0; }"),
        [
            "1:31: `div` needs int operands, but this is real",
            "1:37: `div` needs int operands, but this is real"
        ]
    );
    assert_eq!(
        errors("procedure P(x: real) { assume x < 1; }"),
        ["1:35: `<` needs real operands, but this is int"]
    );
    assert_eq!(
        errors("procedure P(x: real) { var i: int; i := x; }"),
        ["1:41: cannot assign a real value to `i` of type int"]
    );
    assert_eq!(
        errors("procedure P(x: real) { assume x ** 2.0 == 4.0; }"),
        ["1:33: unsupported: real exponentiation (`**`) in a program with procedures to analyse (bicd cannot compute a power exactly)"]
    );
    assert_eq!(
        errors("const r: real; axiom r ** 2 == r;"),
        ["1:27: `**` needs real operands, but this is int"]
    );
    assert_eq!(
        errors("procedure P() { assume 1e99999 > 0.0; }"),
        ["1:24: the exponent of the real literal `1e99999` is beyond 9999"]
    );
    assert_eq!(
        errors("procedure P() { assume 1.5x > 0.0; }"),
        ["1:24: invalid number `1.5x`"]
    );
    assert_eq!(
        errors("var m: []int; procedure P() { assume m[1] == 0; }"),
        ["1:38: the map takes 0 indices, but 1 was given"]
    );
    assert_eq!(
        errors("procedure P(x: float24e99) { }"),
        ["1:16: unsupported: float24e99: bicd reads exponents of at most 60 bits and significands of at most 65536"]
    );
}

const CALLS: &str = "procedure Half(x: real) returns (y: real)
  ensures y * 2.0 == x;
{ y := x / 2.0; }
procedure Main(a: real, n: int)
{
  var h: real;
  call h := Half(a);
  if (h == 1.25) { assert a == 2.5; }
  if (n > 0 && real(n) / 3.0 == h) { h := 0.0; }
  if (h > 0.0 && a < 0.0) { h := 1.0; }
}
";

/// Path cover, and summary mode (which states integer and Boolean values
/// only: it inlines these calls and says so), on a program with reals:
/// every test replays, the verdicts agree.
#[test]
fn reals_in_path_cover_and_summary_mode() {
    use bicd::back::cover::CoverMode;
    use bicd::driver::SummarySettings;
    use bicd::driver::{analyze_program, select_entries, CallMode, Options};
    use bicd::front::resolve::load_program;
    use bicd::source::SourceMap;
    let summary = CallMode::Summary(SummarySettings {
        mode: CoverMode::Statements,
        ..SummarySettings::default()
    });
    for (mode, calls) in [
        (CoverMode::Paths, CallMode::Inline),
        (CoverMode::Statements, summary),
    ] {
        let mut sources = SourceMap::new();
        let file = sources.add("t.bpl", CALLS);
        let program = load_program(&sources, file).expect("loads");
        let entries = select_entries(&program, &[]).expect("entries");
        let options = Options {
            unwind: 2,
            mode,
            calls,
            timeout_ms: Some(10_000),
            ..Options::new(SolverKind::Yices)
        };
        let (result, failures) = analyze_program(&program, &sources, "t.bpl", &entries, &options);
        assert!(failures.is_empty(), "{failures:?}");
        let main = result
            .procedures
            .iter()
            .find(|p| p.name == "Main")
            .expect("Main");
        assert!(main.error.is_none(), "{:?}", main.error);
        let infeasible: Vec<usize> = main
            .blocks
            .iter()
            .filter(|b| b.status == bicd::driver::BlockStatus::Infeasible)
            .map(|b| sources.line(b.span))
            .collect();
        // h = a / 2 > 0 with a < 0 cannot be
        assert_eq!(infeasible, [10], "{mode:?}");
    }
}

/// The logics each solver is told for a VC with reals.
#[test]
fn logics_for_reals() {
    use bicd::back::vc::Features;
    let reals = Features {
        reals: true,
        ..Features::default()
    };
    assert_eq!(reals.logic(SolverKind::Yices, false), Some("QF_LIRA"));
    assert_eq!(reals.logic(SolverKind::Cvc5, true), Some("QF_NIRA"));
    assert_eq!(reals.logic(SolverKind::Z3, true), None);
    let with_functions = Features {
        uninterpreted: true,
        ..reals
    };
    // yices has no logic of bit-vectors and reals but ALL (linear)
    assert_eq!(with_functions.logic(SolverKind::Yices, false), Some("ALL"));
    assert_eq!(
        with_functions.logic(SolverKind::Yices, true),
        Some("QF_UFNIRA")
    );
    assert_eq!(
        Features::default().logic(SolverKind::Yices, false),
        Some("QF_LIA")
    );
}

/// A path feasible only with an irrational value (`x * x == 2.0`): no test
/// can state it, so the block is never called covered nor infeasible; the
/// analysis stops with a message that says why.
#[test]
fn irrational_models_are_not_tests() {
    use bicd::driver::{analyze_procedure, BlockStatus, Options};
    let (sources, program) =
        load("procedure P(x: real) { if (x * x == 2.0) { assume x > 0.0; } }").expect("loads");
    let id = program.proc_by_name("P").expect("P");
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let options = Options {
            unwind: 2,
            timeout_ms: Some(10_000),
            ..Options::new(solver)
        };
        let r = analyze_procedure(&program, &sources, id, &options);
        let then = r
            .blocks
            .iter()
            .find(|b| b.label == "anon1_Then")
            .expect("block");
        assert!(
            matches!(then.status, BlockStatus::Unknown(_)),
            "{solver}: {:?}",
            then.status
        );
        let error = r.error.unwrap_or_default();
        assert!(error.contains("irrational"), "{solver}: {error}");
        for t in &r.tests {
            bicd::check::replay(&program, id, t).expect("replays");
        }
    }
}

/// `bicd cover` on `tests/data/lang/reals.bpl`, in `tests/data/lang/`:
/// (exit status, stdout, stderr).
fn bicd_on_reals(args: &[&str]) -> (i32, String, String) {
    support::cli::bicd(args)
        .in_dir(support::crate_path("tests/data/lang"))
        .run()
}

#[test]
fn reals_in_reports() {
    let (code, text, err) = bicd_on_reals(&["cover", "reals.bpl"]);
    assert_eq!(code, 1, "{err}");
    assert!(text.contains("dead code: block `anon3_Then`"), "{text}");
    insta::assert_snapshot!("reals_text", text);
    let (code, json, err) = bicd_on_reals(&["cover", "--format", "json", "reals.bpl"]);
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // Every real in the report is {"real": "<exact text>"}.
    let mut reals = Vec::new();
    for t in doc["procedures"][0]["tests"].as_array().expect("tests") {
        for v in t["inputs"].as_object().expect("inputs").values() {
            if let Some(r) = v.get("real") {
                reals.push(r.as_str().expect("a string").to_string());
            }
        }
    }
    assert!(reals.iter().any(|r| r.contains('/')), "{reals:?}");
    insta::assert_json_snapshot!("reals_json", doc);
}
