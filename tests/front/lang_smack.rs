//! Issue 22: what SMACK and Corral write. `bv2int`/`int2bv` builtins end
//! to end (z3 chosen for them, the interpreter exact, `int2bv` wrapping
//! negative numbers), `modifies` clauses inferred (and refused with
//! `--strict-modifies`), `{:entrypoint}` choosing the entry, and a program
//! in SMACK's shape analysed with its blocks located in the C source.

use crate::support;
use crate::support::cli;
use crate::support::lang::{analyse, errors};
use bicd::back::solver::SolverKind;

const CONVERSIONS: &str = "type i64 = int;
function {:builtin \"bv2int\"} $bv2int.64(i: bv64) returns (i64);
function {:builtin \"(_ int2bv 64)\"} $int2bv.64(i: i64) returns (bv64);
function {:builtin \"bv2nat\"} nat8(bv8) returns (int);
function {:builtin \"int2bv 8\"} bv8of(int) returns (bv8);
procedure p(x: bv64, n: int, b: bv8) returns (r: int)
{
  r := $bv2int.64(x);
  if (r >= 18446744073709551616 || r < 0) { r := 0; }
  if ($int2bv.64(n) == 5bv64 && n != 5) { r := 1; }
  if (n < 0 && bv8of(n) == 255bv8) { r := 2; }
  if (nat8(b) == 200 && b != 200bv8) { r := 3; }
  assert nat8(bv8of(n)) < 256;
}
";

#[test]
fn bv2int_and_int2bv_under_z3_and_the_interpreter() {
    // yices lacks the conversions: z3 answers (and the report says why).
    let a = analyse(CONVERSIONS, "p", SolverKind::Yices);
    let note = a.result.solver_note.clone().unwrap_or_default();
    assert!(note.contains("bv2int"), "{note}");
    // bv2int is the unsigned value: always in 0 .. 2^64.
    assert_eq!(a.block("anon1_Then"), "infeasible");
    // int2bv wraps: n = 5 + 2^64 (or 5 - 2^64) gives 5bv64.
    assert_eq!(a.block("anon3_Then"), "covered");
    // n = -1 wraps to all ones.
    assert_eq!(a.block("anon5_Then"), "covered");
    assert_eq!(a.block("anon7_Then"), "infeasible");
    assert_eq!(a.assert_at(13), "holds");
}

#[test]
fn conversions_with_a_wrong_signature_are_refused_with_a_place() {
    let e = errors("function {:builtin \"bv2int\"} f(i: int) returns (int);");
    assert!(
        e.iter()
            .any(|m| m.starts_with("1:") && m.contains("takes one bit-vector and returns an int")),
        "{e:?}"
    );
    let e = errors("function {:builtin \"(_ int2bv 8)\"} g(i: int) returns (bv16);");
    assert!(
        e.iter()
            .any(|m| m.contains("returns a bit-vector of width 8")),
        "{e:?}"
    );
}

const MODIFIES: &str = "var g: int;
var h: int;
procedure inc()
{
  g := g + 1;
}
procedure main(x: int)
  modifies h;
{
  h := 0;
  call inc();
  if (g == x) { h := 1; }
}
";

#[test]
fn modifies_clauses_are_inferred_and_the_report_says_so() {
    let file = support::scratch("lang_smack", "modifies.bpl", MODIFIES);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, out, err) = cli::bicd(["cover", "modifies.bpl"]).in_dir(&dir).run();
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("note: modifies clauses inferred for 2 procedures")
            && out.contains("`main` adds `g`"),
        "{out}"
    );
    assert!(out.contains("; `inc` adds `g`"), "{out}");
    let (code, _, err) = cli::bicd(["cover", "--strict-modifies", "modifies.bpl"])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 2);
    assert!(
        err.contains("modifies.bpl:5:3: error: global variable `g` is not in the `modifies` clause of procedure `inc` (--strict-modifies"),
        "{err}"
    );
}

#[test]
fn entrypoint_attribute_selects_the_entry() {
    let text =
        "procedure helper(x: int) returns (r: int) { if (x > 0) { r := 1; } else { r := 2; } }
procedure {:entrypoint} main() {
  var y: int;
  call y := helper(3);
}
";
    let file = support::scratch("lang_smack", "entry.bpl", text);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, json, err) = cli::bicd([
        "cover",
        "--format",
        "json",
        "--fail-on",
        "never",
        "entry.bpl",
    ])
    .in_dir(&dir)
    .run();
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let names: Vec<&str> = doc["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["main"]);
    // --entry still wins.
    let (_, json, _) = cli::bicd([
        "cover",
        "--format",
        "json",
        "--fail-on",
        "never",
        "--entry",
        "helper",
        "entry.bpl",
    ])
    .in_dir(&dir)
    .run();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["procedures"][0]["name"], "helper");
}

/// The names of the procedures `bicd cover` analyses in `text`, with no
/// `--entry`.
fn entries_chosen(name: &str, text: &str) -> Vec<String> {
    let file = support::scratch("lang_smack", name, text);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, json, err) = cli::bicd(["cover", "--format", "json", "--fail-on", "never", name])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    doc["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn entrypoint_on_an_implementation_selects_it_unless_a_declaration_has_one() {
    // Corral reads the attribute on an implementation too.
    let only_implementation = "procedure helper(x: int) returns (r: int) { r := x; }
procedure main();
implementation {:entrypoint} main() {
  var y: int;
  call y := helper(3);
}
";
    assert_eq!(
        entries_chosen("impl_entry.bpl", only_implementation),
        ["main"]
    );
    // SDV's harnesses mark the declaration of `main` and the
    // implementation of a `fakeMain` that keeps only the runs failing the
    // rule: the declaration's mark wins.
    let both = "procedure {:entrypoint} main() returns (ok: bool) { ok := true; }
procedure fakeMain() returns (ok: bool);
implementation {:entrypoint} fakeMain() returns (ok: bool) {
  call ok := main();
  assume !ok;
}
";
    assert_eq!(entries_chosen("both_entry.bpl", both), ["main"]);
}

#[test]
fn a_smack_shaped_program_end_to_end() {
    let dir = support::crate_path("bench-programs/smack");
    let (code, json, err) = cli::bicd(["cover", "--unwind", "2", "--format", "json", "abs.bpl"])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let procs = doc["procedures"].as_array().unwrap();
    assert_eq!(procs.len(), 1, "only the {{:entrypoint}}");
    let main = &procs[0];
    assert_eq!(main["name"], "main");
    for b in main["blocks"].as_array().unwrap() {
        let expected = if b["label"] == "$bb3" {
            "infeasible"
        } else {
            "covered"
        };
        assert_eq!(b["status"], expected, "{b}");
    }
    let dead = main["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["label"] == "$bb3")
        .unwrap();
    assert_eq!(dead["proof"], "unbounded");
    assert_eq!(dead["source"]["file"], "abs.c");
    assert_eq!(dead["source"]["line"], 8);
    for a in main["assertions"].as_array().unwrap() {
        assert_eq!(a["status"], "holds", "{a}");
    }
    let notes = main["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("`$M.0`, `$CurrAddr`")),
        "{notes:?}"
    );
}

/// SMACK's bit-precise shape with a loop over memory: what is infeasible
/// at one unwinding becomes reachable at a larger one, located in the C
/// source; the dead `reach_error` block stays "within the bound" (its
/// proof needs an invariant the program does not state).
#[test]
fn a_bit_precise_smack_loop_at_two_unwindings() {
    let dir = support::crate_path("bench-programs/smack");
    let verdicts = |unwind: &str| {
        let (code, json, err) = cli::bicd([
            "cover",
            "--unwind",
            unwind,
            "--format",
            "json",
            "sum-array.bpl",
        ])
        .in_dir(&dir)
        .run();
        let doc: serde_json::Value =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {err}"));
        let main = doc["procedures"][0].clone();
        assert_eq!(main["name"], "main");
        (code, main)
    };
    let block = |main: &serde_json::Value, label: &str| {
        main["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["label"] == label)
            .unwrap_or_else(|| panic!("no block {label}"))
            .clone()
    };
    let (code, two) = verdicts("2");
    assert_eq!(code, 1, "infeasible code within the bound");
    assert_eq!(block(&two, "$bb7")["status"], "infeasible");
    assert_eq!(block(&two, "$bb7")["source"]["line"], 11);
    assert_eq!(two["assertions"][0]["status"], "holds");
    let (code, four) = verdicts("4");
    assert_eq!(code, 1);
    assert_eq!(block(&four, "$bb7")["status"], "covered");
    assert_eq!(four["assertions"][0]["status"], "can-fail");
    for main in [&two, &four] {
        let dead = block(main, "$bb5");
        assert_eq!(dead["status"], "infeasible");
        assert_eq!(dead["proof"], "bounded");
        for b in main["blocks"].as_array().unwrap() {
            if b["label"] != "$bb5" && b["label"] != "$bb7" {
                assert_eq!(b["status"], "covered", "{b}");
            }
        }
    }
}

/// SMACK's default memory model (`$Alloc` and `$Size` maps, body-less
/// `$$alloc` and `$free` with quantified `ensures` over `old` maps,
/// `{:inline 1}`, Corral's atomic markers): two fresh blocks never
/// coincide, so the `reach_error` block is dead; `$free`'s `requires`
/// holds; every test replays with the quantified `ensures` on trust.
#[test]
fn smack_memory_model_end_to_end() {
    let dir = support::crate_path("bench-programs/smack");
    let (code, json, err) = cli::bicd(["cover", "--unwind", "2", "--format", "json", "malloc.bpl"])
        .in_dir(&dir)
        .run();
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let main = &doc["procedures"][0];
    assert_eq!(main["name"], "main");
    for b in main["blocks"].as_array().unwrap() {
        let expected = match b["label"].as_str().unwrap() {
            // `$bb3` needs p == q for two fresh blocks; `malloc` is never
            // called with size 0 here.
            "$bb3" | "$malloc::anon1_Else" => "infeasible",
            _ => "covered",
        };
        assert_eq!(b["status"], expected, "{b}");
        if expected == "infeasible" {
            assert_eq!(b["proof"], "unbounded", "{b}");
        }
    }
    for a in main["assertions"].as_array().unwrap() {
        assert_eq!(a["status"], "holds", "{a}");
    }
    assert!(!main["tests"].as_array().unwrap().is_empty());
}

const SMACK_OPERATORS: &str = "type i32 = int;
function {:builtin \"div\"} $sdiv.i32(i1: i32, i2: i32) returns (i32);
function {:builtin \"mod\"} $smod.i32(i1: i32, i2: i32) returns (i32);
function {:bvbuiltin \"(_ sign_extend 8)\"} $sext.bv8.bv16(i: bv8) returns (bv16);
function {:bvbuiltin \"(_ zero_extend 24)\"} $zext.bv8.bv32(i: bv8) returns (bv32);
function $shl.i32(i1: i32, i2: i32) returns (i32);
procedure main(x: i32, b: bv8) returns (r: i32) {
  if ($sdiv.i32(x, 2) == 3 && $smod.i32(x, 2) == 1) { r := 1; }
  if ($sdiv.i32(x, -2) == 3 && $smod.i32(x, -2) == 1) { r := 2; }
  if ($sext.bv8.bv16(b) == 65535bv16 && $zext.bv8.bv32(b) == 255bv32) { r := 3; }
  if ($shl.i32(x, 1) == 10) { r := 4; }
}
";

#[test]
fn smack_operator_builtins_read_as_boogie_does() {
    // `{:builtin "div"}`/`"mod"` are Boogie's Euclidean `div`/`mod`;
    // `(_ sign_extend 8)` is SMACK's spelling of `sign_extend 8`; `$shl`
    // without a body is uninterpreted.
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(SMACK_OPERATORS, "main", solver);
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}"); // x = 7
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}"); // x = -5
        assert_eq!(a.block("anon5_Then"), "covered", "{solver}"); // b = 255
        assert_eq!(a.block("anon7_Then"), "covered", "{solver}");
    }
}

const REMAINDER: &str = "type i32 = int;
function {:builtin \"rem\"} $srem.i32(i1: i32, i2: i32) returns (i32);
procedure main(x: i32, y: i32) returns (r: i32) {
  if ($srem.i32(x, 2) == -1) { r := 1; }
  if (x < 0 && $srem.i32(x, 2) == 1) { r := 2; }
  if (y < 0 && $srem.i32(x, y) == -1) { r := 3; }
  if ($srem.i32(x, y) > 0 && y < 0) { r := 4; }
  assert $srem.i32(x, 3) >= 0;
}
";

#[test]
fn rem_builtin_is_z3s_rem() {
    // z3's `rem` (what Boogie passes on for SMACK's `$srem`): `a mod b`
    // for b >= 0, its negation otherwise; unlike C's `%` it never takes
    // the sign of a negative dividend. cvc5 and yices have no `rem`: bicd
    // reads it as that `mod`, so every solver answers alike.
    for solver in [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5] {
        if !support::installed_or_skip(solver) {
            continue;
        }
        let a = analyse(REMAINDER, "main", solver);
        assert_eq!(a.block("anon1_Then"), "infeasible", "{solver}");
        assert_eq!(a.block("anon3_Then"), "covered", "{solver}"); // x = -1
        assert_eq!(a.block("anon5_Then"), "covered", "{solver}"); // x = 1, y = -2
        assert_eq!(a.block("anon7_Then"), "infeasible", "{solver}");
        assert_eq!(a.assert_at(8), "holds", "{solver}");
    }
}

const UNUSABLE_UNLESS_APPLIED: &str = "function {:bvbuiltin \"bvidiv\"} $idiv.bv8(i1: bv8, i2: bv8) returns (bv8);
function {:inline} $load.bytes.bv33(M: [int] bv8, p: int) returns (bv33) { M[p + 3] ++ M[p + 2] ++ M[p + 1] ++ M[p] }
procedure main(x: bv8) returns (r: bv8) {
  if (x == 3bv8) { r := x; }
}
";

#[test]
fn functions_boogie_accepts_unapplied_are_refused_only_where_applied() {
    // SMACK's prelude declares `bvidiv` (no solver's operator) and a
    // 33-bit load whose body concatenates 32 bits; Boogie accepts both
    // and fails only where they are applied, and so does bicd.
    let a = analyse(UNUSABLE_UNLESS_APPLIED, "main", SolverKind::Yices);
    assert_eq!(a.block("anon1_Then"), "covered");
    let applied = UNUSABLE_UNLESS_APPLIED.replace(
        "r := x;",
        "r := $idiv.bv8(x, x); assume $load.bytes.bv33(M0, 0) == 0bv33;",
    );
    let applied = applied.replace("procedure main", "var M0: [int] bv8;\nprocedure main");
    let e = errors(&applied);
    assert!(
        e.iter().any(|m| m.starts_with("5:")
            && m.contains("unsupported: builtin function `bvidiv`; it is applied here")),
        "{e:?}"
    );
    assert!(
        e.iter().any(|m| m.starts_with("5:")
            && m.contains("the body of `$load.bytes.bv33` is bv32, but the function returns bv33")),
        "{e:?}"
    );
}

const UNKNOWN_OPERATOR_IN_A_BODY: &str =
    "function {:bvbuiltin \"bvidiv\"} $idiv.i32(m: bv32, n: bv32) returns (bv32);
function {:inline true} quotient(x: bv32, y: bv32) returns (bv32) { $idiv.i32(x, y) }
procedure main(a: [int]int) returns (r: int) {
  if (a[0] == 3) { r := 1; }
}
";

#[test]
fn a_function_applying_an_unusable_one_is_refused_only_where_applied() {
    // A prelude may apply an operator no solver knows (SMACK's declares
    // `bvidiv`) in the body of a function a program never applies.
    let a = analyse(UNKNOWN_OPERATOR_IN_A_BODY, "main", SolverKind::Yices);
    assert_eq!(a.block("anon1_Then"), "covered");
    let applied =
        UNKNOWN_OPERATOR_IN_A_BODY.replace("a[0] == 3", "quotient(1bv32, 2bv32) == 3bv32");
    let e = errors(&applied);
    assert_eq!(
        e,
        ["4:7: unsupported: builtin function `bvidiv`, applied in the body of `quotient`; it is applied here"],
    );
}

const MEMORY_WITH_PRODUCTS: &str = "type ref = int;
var $M.0: [ref] int;
function {:inline} $mul.ref(p1: ref, p2: ref) returns (ref) { p1 * p2 }
function {:inline} $add.ref(p1: ref, p2: ref) returns (ref) { p1 + p2 }
function {:inline} $zext.i32.i64(i: int) returns (int) { i }
const arr: ref;
axiom arr == -7814;
procedure main(i: int) returns (r: int)
  modifies $M.0;
{
  $M.0 := $M.0[$add.ref(arr, $mul.ref(4, $zext.i32.i64(0))) := 0];
  $M.0 := $M.0[$add.ref(arr, $mul.ref(4, $zext.i32.i64(1))) := 0];
  $M.0 := $M.0[$add.ref(arr, $mul.ref($zext.i32.i64(i), 4)) := 7];
  if ($M.0[arr] == 7) { r := 1; }
  if ($M.0[$add.ref(arr, 4)] == 7 && i != 1) { r := 2; }
  if ($M.0[$add.ref(arr, 8)] == 5) { r := 3; }
}
";

#[test]
fn maps_stay_with_yices_and_products_are_judged_where_applied() {
    // `$mul.ref(p1, p2) { p1 * p2 }` applied to a constant is linear: yices
    // answers (maps included: its model's arrays are read from its
    // get-model), and the tests replay.
    let a = analyse(MEMORY_WITH_PRODUCTS, "main", SolverKind::Yices);
    assert_eq!(a.result.solver_note, None);
    assert_eq!(a.block("anon1_Then"), "covered"); // i = 0
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered"); // M[arr + 8] = 5 initially
                                                  // Applied to two variables it is a product: z3 answers.
    let squared = MEMORY_WITH_PRODUCTS.replace("$mul.ref($zext.i32.i64(i), 4)", "$mul.ref(i, i)");
    let a = analyse(&squared, "main", SolverKind::Yices);
    let note = a.result.solver_note.clone().unwrap_or_default();
    assert!(note.contains("maps and non-linear arithmetic"), "{note}");
    assert_eq!(a.block("anon1_Then"), "covered");
}
