//! Issue 21 (floating point, part 1): `float<sig>e<exp>` and `rmode`
//! end to end: Boogie's literals and special values, `+ - * /` rounding
//! to nearest even, `==` as SMT-LIB's `=` (NaN equals NaN, `+0` and `-0`
//! differ) beside `fp.eq`, rounding modes given in the builtin's text or
//! as an argument, conversions (real, float sizes, bit-vectors), results
//! SMT-LIB leaves open chosen by the test, an assertion that fails with a
//! replayed counterexample, located refusals, and the reports.

use crate::support::lang::{analyse, errors};
use bicd::back::solver::SolverKind;
use bicd::ir::testcase::Value;

/// The solvers that read floats: cvc5 (where yices is asked, it answers
/// float24e8 and float53e11) and z3.
const SOLVERS: [SolverKind; 3] = [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5];

const VALUES: &str = "function {:builtin \"fp.eq\"} FEQ(float24e8, float24e8) returns (bool);
function {:builtin \"fp.isNaN\"} isNaN(float24e8) returns (bool);
procedure p(x: float24e8, y: float24e8) returns (r: int)
{
  if (x == 0NaN24e8 && x == x) { r := 1; }
  if (0x0.0e0f24e8 == -0x0.0e0f24e8) { r := 2; }
  if (FEQ(0x0.0e0f24e8, -0x0.0e0f24e8) && 0nan24e8 == 0NaN24e8) { r := 3; }
  if (isNaN(x) && FEQ(x, x)) { r := 4; }
  if (x + y == 0x1.8e1f24e8 && y == 0x1.0e0f24e8) { r := 5; }
  if (x > 0+oo24e8 || x < 0-oo24e8) { r := 6; }
  if (x / 0x0.0e0f24e8 == 0-oo24e8 && y * x == 0x1.0e0f24e8) { r := 7; }
  if (0x1.000002e0f24e8 + 0x1.0e-6f24e8 == 0x1.000004e0f24e8) { r := 8; }
}
";

#[test]
fn literals_special_values_and_equality() {
    for solver in SOLVERS {
        if !crate::support::installed_or_skip(solver) {
            continue;
        }
        let a = analyse(VALUES, "p", solver);
        if solver == SolverKind::Yices {
            let note = a.result.solver_note.clone().unwrap_or_default();
            assert!(note.contains("floating point"), "{note}");
        }
        // `==` is identity: NaN == NaN, +0 != -0; `fp.eq` is IEEE's.
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon5_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon7_Then"), "infeasible", "{solver}");
        // 23 + 1 == 24 (`0x1.8e1`: 1.5 * 16).
        assert_eq!(a.block("anon9_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon11_Then"), "infeasible", "{solver}");
        // A negative over zero is -oo; y * x == 1 with x negative.
        assert_eq!(a.block("anon13_Then"), "covered", "{solver}");
        // 1 + 2^-23 plus 2^-24: a tie, rounded to even (up here).
        assert_eq!(a.block("anon15_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon15_Else"), "infeasible", "{solver}");
        // The test that adds up to 24 has x = 23 exactly.
        let x23 =
            a.result.tests.iter().any(|t| {
                t.inputs.get("x").map(Value::to_string).as_deref() == Some("0x1.7e1f24e8")
            });
        assert!(x23, "{solver}: {:?}", a.result.tests);
    }
}

const ROUNDING: &str = "function {:builtin \"fp.add\"} ADD(rmode, float24e8, float24e8) returns (float24e8);
function {:builtin \"fp.add RTP\"} ADD_UP(float24e8, float24e8) returns (float24e8);
function {:builtin \"(_ to_fp 8 24) RNE\"} R2F(real) returns (float24e8);
function {:builtin \"(_ to_fp 8 24)\"} R2F_RM(rmode, real) returns (float24e8);
function {:builtin \"(_ to_fp 8 24) RNE\"} I2F(int) returns (float24e8);
function {:builtin \"(_ fp.to_sbv 32)\"} F2I(rmode, float24e8) returns (bv32);
function {:builtin \"fp.to_real\"} F2R(float24e8) returns (real);
function {:builtin \"(_ to_fp 11 53) RNE\"} F2D(float24e8) returns (float53e11);
function {:builtin \"(_ to_fp 8 24)\"} BITS(bv32) returns (float24e8);
function {:builtin \"fp.sqrt\"} SQRT(rmode, float24e8) returns (float24e8);
function {:builtin \"fp.roundToIntegral\"} ROUND(rmode, float24e8) returns (float24e8);
procedure q(m: rmode, x: float24e8) returns (r: int)
{
  if (ADD(RTP, 0x1.0e0f24e8, 0x1.0e-6f24e8) != ADD(roundTowardNegative, 0x1.0e0f24e8, 0x1.0e-6f24e8)) { r := 1; }
  if (m != RNE && ADD(m, 0x1.0e0f24e8, 0x1.0e-6f24e8) == ADD_UP(0x1.0e0f24e8, 0x1.0e-6f24e8)) { r := 2; }
  if (R2F(0.1) == R2F_RM(RTZ, 0.1)) { r := 3; }
  if (F2I(RNA, x) == 3bv32 && F2R(x) < 2.5) { r := 4; }
  if (F2D(BITS(1065353216bv32)) == 0x1.0e0f53e11 && I2F(16777217) == 0x1.0e6f24e8) { r := 5; }
  if (SQRT(RNE, 0x2.0e0f24e8) == 0x1.6A09E6e0f24e8 && ROUND(RNE, 0x2.8e0f24e8) == 0x2.0e0f24e8) { r := 6; }
}
";

#[test]
fn rounding_modes_and_conversions() {
    for solver in SOLVERS {
        if !crate::support::installed_or_skip(solver) {
            continue;
        }
        let a = analyse(ROUNDING, "q", solver);
        // 1 + 2^-24 rounds up toward +oo, down toward -oo.
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon1_Else"), "infeasible", "{solver}");
        // A mode other than RNE that rounds the tie up: RNA or RTP.
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}");
        let modes: Vec<String> = a
            .result
            .tests
            .iter()
            .filter_map(|t| t.inputs.get("m").map(Value::to_string))
            .collect();
        assert!(
            modes
                .iter()
                .all(|m| ["RNE", "RNA", "RTP", "RTN", "RTZ"].contains(&m.as_str())),
            "{modes:?}"
        );
        // 0.1 rounds up to nearest, down toward zero.
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}");
        // Specified values never give both; NaN, an infinity or a number
        // out of range leaves both open: the test chooses them.
        assert_eq!(a.block("anon7_Then"), "covered", "{solver}");
        let chose = a.result.tests.iter().any(|t| {
            t.functions
                .iter()
                .any(|p| p.function.ends_with("#unspecified"))
        });
        assert!(chose, "{solver}: {:?}", a.result.tests);
        assert_eq!(a.block("anon9_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon9_Else"), "infeasible", "{solver}");
        assert_eq!(a.block("anon11_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon11_Else"), "infeasible", "{solver}");
    }
}

const ASSERTION: &str = "procedure s(x: float24e8) returns (y: float24e8)
{
  y := x + 0x1.0e0f24e8 - 0x1.0e0f24e8;
  assert y == x;
}
procedure t(x: float53e11) returns (y: float53e11)
  requires x >= 0x1.0e0f53e11 && x <= 0x1.0e1f53e11;
{
  y := x + x;
  assert y == x * 0x2.0e0f53e11;
}
";

#[test]
fn an_assertion_fails_with_a_replayed_counterexample() {
    for solver in SOLVERS {
        if !crate::support::installed_or_skip(solver) {
            continue;
        }
        // x + 1 - 1 loses a small x (or turns -0 into +0): the test
        // replays bit for bit (`analyse` checks).
        let a = analyse(ASSERTION, "s", solver);
        assert_eq!(a.assert_at(4), "can fail", "{solver}");
        let b = analyse(ASSERTION, "t", solver);
        assert_eq!(b.assert_at(10), "holds", "{solver}");
    }
}

#[test]
fn other_sizes_go_to_z3() {
    // Debian's cvc5 1.0.3 reads float24e8 and float53e11 only.
    let text = "procedure w(x: float11e5, y: float113e15) returns (r: int)
{
  if (x + x == 0x1.0e1f11e5 && y > 0x1.0e-1000f113e15) { r := 1; }
}
";
    for solver in [SolverKind::Yices, SolverKind::Cvc5] {
        if !crate::support::installed_or_skip(solver)
            || !crate::support::installed_or_skip(SolverKind::Z3)
        {
            continue;
        }
        let a = analyse(text, "w", solver);
        let note = a.result.solver_note.clone().unwrap_or_default();
        assert!(note.contains("solver z3"), "{note}");
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
    }
}

#[test]
fn refusals_and_errors_are_located() {
    let cases = [
        (
            "function {:builtin \"fp.frobnicate\"} F(float24e8) returns (float24e8);\nprocedure p(x: float24e8) { assume F(x) == x; }",
            "2:36:",
            "unsupported: builtin function `fp.frobnicate`",
        ),
        (
            "function {:builtin \"fp.add\"} ADD(float24e8, float24e8) returns (float24e8);",
            "1:10:",
            "needs a rounding mode",
        ),
        (
            "procedure p(x: float24e8) { assume -x == x; }",
            "1:37:",
            "`-` needs an int or real operand",
        ),
        (
            "procedure p(x: float24e8) { assume x == 0x1.ffffffe0f24e8; }",
            "1:41:",
            "incorrectly formatted floating point",
        ),
        (
            "procedure p(x: float24e99) { }",
            "1:16:",
            "unsupported: float24e99",
        ),
        (
            "procedure p(x: float24e8, y: float53e11) { assume x + y == x; }",
            "1:51:",
            "two floats of one type",
        ),
        (
            "procedure p(m: rmode) { assume m < RNE; }",
            "1:32:",
            "needs int operands",
        ),
    ];
    for (text, at, what) in cases {
        let e = errors(text);
        assert!(
            e.iter().any(|m| m.starts_with(at) && m.contains(what)),
            "{text}: {e:?}"
        );
    }
}

#[test]
fn floats_in_reports() {
    // Values print in Boogie's literal syntax (`0NaN24e8`, `0x3.0e1f24e8`),
    // in JSON with their bits.
    if !crate::support::installed_or_skip(SolverKind::Cvc5) {
        return;
    }
    let run = |args: &[&str]| {
        crate::support::cli::bicd(args)
            .in_dir(crate::support::crate_path("tests/data/lang"))
            .run()
    };
    let (code, text, err) = run(&["cover", "floats.bpl"]);
    assert_eq!(code, 1, "{err}");
    assert!(text.contains("x = 0NaN24e8"), "{text}");
    insta::assert_snapshot!("floats_text", text);
    let (code, json, err) = run(&["cover", "--format", "json", "floats.bpl"]);
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // Compact, whatever the layout the report is written in.
    assert!(doc.to_string().contains("\"float\":\"0NaN24e8\""), "{json}");
    insta::assert_json_snapshot!("floats_json", doc);
}
