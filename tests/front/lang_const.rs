//! Issue 3, constants and axioms: `const` (and `unique`) declare globals
//! nobody may write; `axiom e;` and the distinctness of `unique` constants
//! are assumed at the entry of every procedure. Parse, cover (tests replay
//! inside `bicd cover`, exit 4 otherwise) and replay by hand.

use crate::support;
use crate::support::cli;
use bicd::check::replay;
use bicd::front::resolve::load_program;
use bicd::ir::testcase::{Outcome, TestCase, TraceStep, Value};
use bicd::ir::Program;
use bicd::source::SourceMap;
use indexmap::IndexMap;

fn load(text: &str) -> Result<Program, Vec<String>> {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", text);
    load_program(&sources, file).map_err(|errs| errs.iter().map(|d| d.render(&sources)).collect())
}

fn errors(text: &str) -> String {
    match load(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.join("\n"),
    }
}

/// `bicd cover --format json` on `text`: (exit status, report).
fn cover_json(name: &str, text: &str) -> (i32, serde_json::Value) {
    let path = support::scratch("lang-const", name, text);
    let (code, stdout, stderr) = cli::bicd(["cover", "--format", "json"]).arg(&path).run();
    assert_ne!(code, 4, "internal error: {stderr}");
    let doc = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("bad JSON ({e}): {stdout} {stderr}"));
    (code, doc)
}

fn statuses(doc: &serde_json::Value) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = doc["procedures"][0]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["label"].as_str().unwrap().to_string(),
                b["status"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

const CONSTS: &str = "const N: int;
const unique A, B: int;
axiom N > 3;
axiom A == 1;
var x: int;

procedure P()
  modifies x;
{
  x := N;
  if (x < 2) {
    L1: x := 0;
  }
  if (B == 1) {
    L2: x := 1;
  }
  if (B == 2) {
    L3: x := 2;
  }
}
";

#[test]
fn axioms_and_unique_constants_make_blocks_infeasible() {
    let (code, doc) = cover_json("consts.bpl", CONSTS);
    assert_eq!(code, 1, "{doc}");
    let st = statuses(&doc);
    let get = |l: &str| st.iter().find(|(x, _)| x == l).map(|(_, s)| s.as_str());
    assert_eq!(get("L1"), Some("infeasible"), "{doc}");
    assert_eq!(get("L2"), Some("infeasible"), "{doc}");
    assert_eq!(get("L3"), Some("covered"), "{doc}");
    // Constants are inputs of the tests, with the axioms' values.
    let tests = doc["procedures"][0]["tests"].as_array().unwrap();
    assert!(!tests.is_empty());
    for t in tests {
        let n = t["inputs"]["N"].as_i64().expect("N is an input");
        assert!(n > 3, "{t}");
        assert_eq!(t["inputs"]["A"].as_i64(), Some(1), "{t}");
        assert_ne!(t["inputs"]["B"].as_i64(), Some(1), "{t}");
    }
}

#[test]
fn without_the_axiom_the_block_is_covered() {
    let text = CONSTS.replace("axiom N > 3;", "");
    let (_, doc) = cover_json("consts2.bpl", &text);
    let st = statuses(&doc);
    assert!(
        st.contains(&("L1".to_string(), "covered".to_string())),
        "{doc}"
    );
}

#[test]
fn constants_are_never_written() {
    let e = errors("const c: int; procedure P() modifies c; { c := 1; }");
    assert!(e.contains("constant `c` cannot be in `modifies`"), "{e}");
    assert!(e.contains("cannot assign to constant `c`"), "{e}");
    let e = errors("const c: int; procedure P() { havoc c; }");
    assert!(
        e.contains("t.bpl:1:37: error: cannot havoc constant `c`"),
        "{e}"
    );
    let e =
        errors("const c: int; procedure Q() returns (r: int); procedure P() { call c := Q(); }");
    assert!(e.contains("cannot assign to constant `c`"), "{e}");
    let e = errors("const c: int; var c: bool;");
    assert!(e.contains("duplicate declaration"), "{e}");
}

#[test]
fn axioms_are_boolean_and_only_mention_constants() {
    let e = errors("const c: int; axiom c + 1;");
    assert!(e.contains("`axiom` needs a bool expression"), "{e}");
    let e = errors("var x: int; axiom x > 0;");
    assert!(
        e.contains("t.bpl:1:19: error: an axiom may only mention constants, not the variable `x`"),
        "{e}"
    );
    let e = errors("axiom y > 0;");
    assert!(e.contains("undeclared variable `y`"), "{e}");
    let e = errors("const c: int; axiom old(c) > 0;");
    assert!(e.contains("`old` is not allowed"), "{e}");
    // Quantified axioms are read (a quantifier's body must be bool).
    assert!(load("axiom (forall i: int :: i * i >= 0);").is_ok());
    let e = errors("axiom (forall i: int :: i + 1);");
    assert!(e.contains("the body of a quantifier must be bool"), "{e}");
    // Constant orders are refused.
    let e = errors("const c: int extends d;");
    assert!(e.contains("unsupported"), "{e}");
}

#[test]
fn constant_attributes_and_unique_parse() {
    let p = load("const {:a} unique a, b: int; const {:b 1} c: bool; axiom {:x} c;").unwrap();
    assert_eq!(p.constants.len(), 3);
    assert_eq!(p.globals.len(), 3);
}

#[test]
fn replay_checks_axioms_on_the_tests_values() {
    let p = load("const N: int; axiom N > 0; procedure P() returns (r: int) { r := N; }").unwrap();
    let entry = p.proc_by_name("P").unwrap();
    let label = {
        let cfg = p.proc(entry).body.as_ref().unwrap();
        cfg.graph[cfg.entry].label.clone()
    };
    let test = |n: i64| TestCase {
        id: 1,
        functions: Vec::new(),
        entry: "P".to_string(),
        inputs: IndexMap::from([("N".to_string(), Value::Int(n.into()))]),
        choices: Vec::new(),
        trace: vec![TraceStep {
            proc: "P".to_string(),
            label: label.clone(),
        }],
        outcome: Outcome::Returns,
    };
    replay(&p, entry, &test(5)).expect("N = 5 satisfies the axiom");
    let err = replay(&p, entry, &test(0)).expect_err("N = 0 violates the axiom");
    assert!(err.to_string().contains("requires"), "{err}");
}
