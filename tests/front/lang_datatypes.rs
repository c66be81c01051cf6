//! Issue 22 (BCT's preludes): Boogie's old-style datatypes, `type
//! {:datatype} T;` with `{:constructor}` functions and the testers
//! `is#C` and selectors `field#C` Boogie derives from them, end to end:
//! verdicts with known answers, values read back from the solver's model
//! (constructors over fields, as map indices too), a selector of another
//! constructor's value chosen by the test, and located errors.

use crate::support::lang::{analyse, errors};
use bicd::back::solver::SolverKind;

const TREES: &str = "type {:datatype} Tree;
function {:constructor} leaf() : Tree;
function {:constructor} node(value: int, children: TreeList) : Tree;
type {:datatype} TreeList;
function {:constructor} cons(car: Tree, cdr: TreeList) : TreeList;
function {:constructor} nil() : TreeList;
type {:datatype} Opaque;
procedure p(t: Tree, l: TreeList, o: Opaque, m: [Tree]int) returns (r: int)
{
  if (is#node(t) && value#node(t) > 5 && is#cons(children#node(t))) { r := 1; }
  if (is#leaf(t) && is#node(t)) { r := 2; }
  if (cons(t, l) == l) { r := 3; }
  if (value#node(node(r, nil())) != r) { r := 4; }
  if (is#leaf(t) && value#node(t) == 7) { r := 5; }
  if (m[node(3, l)] == 2 && m[leaf()] == 4 && o == o) { r := 6; }
}
";

#[test]
fn datatypes_read_as_boogie_reads_them() {
    // z3 answers whichever solver is asked: yices has no datatypes, and
    // cvc5's model leaves `value#node(leaf())` unevaluated. Every test
    // replays (`analyse` checks), the one through `anon9_Then` with the
    // value it chose for `value#node(leaf())`.
    for solver in [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5] {
        if !crate::support::installed_or_skip(solver) {
            continue;
        }
        let a = analyse(TREES, "p", solver);
        if solver != SolverKind::Z3 {
            let note = a.result.solver_note.clone().unwrap_or_default();
            assert!(note.contains("datatypes"), "{note}");
        }
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon3_Then"), "infeasible", "{solver}"); // one constructor
        assert_eq!(a.block("anon5_Then"), "infeasible", "{solver}"); // acyclic
        assert_eq!(a.block("anon7_Then"), "infeasible", "{solver}"); // selector of its constructor
        assert_eq!(a.block("anon9_Then"), "covered", "{solver}"); // unspecified: chosen
        assert_eq!(a.block("anon11_Then"), "covered", "{solver}"); // datatype indices
        let chosen = a.result.tests.iter().any(|t| {
            t.functions
                .iter()
                .any(|p| p.function == "value#node" && p.args[0].to_string() == "leaf()")
        });
        assert!(chosen, "{solver}: {:?}", a.result.tests);
        // A selector's value at its own constructor is the field, never an input.
        assert!(a
            .result
            .tests
            .iter()
            .flat_map(|t| &t.functions)
            .all(|p| !p.args[0].to_string().starts_with("node(")));
    }
}

#[test]
fn bad_datatypes_are_located_errors() {
    let cases = [
        (
            "type T;\nfunction {:constructor} c(x: int): T;",
            "2:36:",
            "must be a `{:datatype}` type",
        ),
        (
            "type {:datatype} S;\nfunction {:constructor} s(x: S): S;",
            "2:25:",
            "has no finite value",
        ),
        (
            "type {:datatype} V;\nfunction {:constructor} c(x: int): V;\nfunction is#c(v: V): bool;",
            "2:25:",
            "duplicate declaration of function `is#c`",
        ),
        (
            "type {:datatype} V;\nfunction {:constructor} c(x: int): V;\nprocedure p(v: V) { assume x#c(v) == true; }",
            "3:28:",
            "`==` compares int with bool",
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

/// After BCT's prelude (C# to Boogie): a datatype of runtime types with a
/// generic constructor, a quantified subtype relation over it, and the
/// allocation map updated with a pointwise builtin.
const BCT_STYLE: &str = "type Ref;
const unique null: Ref;
type {:datatype} Type;
function {:constructor} T$System.Object() : Type;
function {:constructor} T$C() : Type;
function {:constructor} T$G`1(T: Type) : Type;
function $Subtype(Type, Type) : bool;
axiom (forall t: Type :: { $Subtype(t, t) } $Subtype(t, t));
axiom (forall t: Type :: { $Subtype(T$G`1(t), T$System.Object()) } $Subtype(T$G`1(t), T$System.Object()));
function $DynamicType(Ref) : Type;
function {:builtin \"MapImp\"} $allocImp([Ref]bool, [Ref]bool) : [Ref]bool;
function {:builtin \"MapConst\"} $allocConstBool(bool) : [Ref]bool;
var $Alloc: [Ref]bool;
procedure New(o: Ref) returns (r: int)
  modifies $Alloc;
{
  assume o != null && !$Alloc[o];
  assume $DynamicType(o) == T$G`1(T$C());
  $Alloc[o] := true;
  if ($Subtype($DynamicType(o), T$System.Object())) { r := 1; } else { r := 2; }
  if (is#T$G`1($DynamicType(o)) && T#T$G`1($DynamicType(o)) == T$C()) { r := 3; }
  if ($allocImp($allocConstBool(true), $Alloc)[o]) { r := 4; }
  if (!$allocImp($Alloc, $allocConstBool(false))[o]) { r := 5; }
  if (is#T$C($DynamicType(o))) { r := 6; }
}
";

#[test]
fn a_bct_style_program_is_decided_in_full() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        if !crate::support::installed_or_skip(solver) {
            continue;
        }
        let a = analyse(BCT_STYLE, "New", solver);
        for covered in ["anon1_Then", "anon3_Then", "anon5_Then", "anon7_Then"] {
            assert_eq!(a.block(covered), "covered", "{solver} {covered}");
        }
        for dead in [
            "anon1_Else",
            "anon3_Else",
            "anon5_Else",
            "anon7_Else",
            "anon9_Then",
        ] {
            assert_eq!(a.block(dead), "infeasible", "{solver} {dead}");
        }
    }
}

#[test]
fn datatypes_in_reports() {
    // Values print as Boogie writes them (`node(8, cons(leaf(), nil()))`),
    // in JSON as {"constructor": ..., "args": [...]}; the selector's value
    // the test chose is listed with the uninterpreted functions'.
    let run = |args: &[&str]| {
        crate::support::cli::bicd(args)
            .in_dir(crate::support::crate_path("tests/data/lang"))
            .run()
    };
    let (code, text, err) = run(&["cover", "datatypes.bpl"]);
    assert_eq!(code, 1, "{err}");
    assert!(text.contains("value#node(leaf()) = "), "{text}");
    insta::assert_snapshot!("datatypes_text", text);
    let (code, json, err) = run(&["cover", "--format", "json", "datatypes.bpl"]);
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // Compact, whatever the layout the report is written in.
    assert!(
        doc.to_string().contains("\"constructor\":\"node\""),
        "{json}"
    );
    insta::assert_json_snapshot!("datatypes_json", doc);
}
