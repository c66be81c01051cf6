//! Issue 3, `where` clauses: assumed at the entry (globals, parameters),
//! at the start of every body (outputs, locals), after `havoc`, and after a
//! call of a body-less procedure (its outputs, modified globals, and the
//! caller's receiving variables). Known answers in
//! `tests/data/lang/where.bpl` (comments), checked through `bicd cover`
//! (tests replay inside it, exit 4 otherwise).

use crate::support;
use crate::support::cli;
use bicd::front::resolve::{load_program, load_program_with, LoadOptions};
use bicd::source::SourceMap;

fn data(name: &str) -> String {
    support::crate_path(&format!("tests/data/lang/{name}"))
        .display()
        .to_string()
}

/// `bicd cover --format json ARGS FILE`: (exit status, report).
fn cover_json(args: &[&str], path: &str) -> (i32, serde_json::Value) {
    let (code, stdout, stderr) = cli::bicd(["cover", "--format", "json"])
        .args(args)
        .arg(path)
        .run();
    assert_ne!(code, 4, "internal error: {stderr}");
    let doc = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("bad JSON ({e}): {stderr}"));
    (code, doc)
}

/// The lines of the infeasible blocks of procedure `proc`.
fn infeasible_lines(doc: &serde_json::Value, proc: &str) -> Vec<u64> {
    let p = doc["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == proc)
        .unwrap_or_else(|| panic!("no procedure {proc}"));
    assert!(p["error"].is_null(), "{proc}: {}", p["error"]);
    let mut v: Vec<u64> = p["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["status"] == "infeasible")
        .map(|b| b["line"].as_u64().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn where_clauses_are_assumed_where_boogie_assumes_them() {
    let (code, doc) = cover_json(&[], &data("where.bpl"));
    assert_eq!(code, 1);
    // Entry (parameter, global), havoc, body start (local), receiving variable.
    assert_eq!(infeasible_lines(&doc, "P"), [7, 8, 10, 11, 13]);
    // The callee's output clause after a body-less call.
    assert_eq!(infeasible_lines(&doc, "R"), [22]);
    // An inlined callee: its local's clause holds, its parameter's is not
    // required of the caller.
    assert_eq!(infeasible_lines(&doc, "T"), [38]);
    // Inputs satisfy the clauses (and replayed).
    let p = &doc["procedures"][0];
    let inputs = &p["tests"][0]["inputs"];
    assert!(inputs["x"].as_i64().unwrap() > 0, "{inputs}");
    assert!(inputs["g"].as_i64().unwrap() > 10, "{inputs}");
    assert!(inputs["y"].as_i64().unwrap() < 0, "{inputs}");
}

#[test]
fn without_where_clauses_the_same_blocks_are_covered() {
    let text = std::fs::read_to_string(data("where.bpl")).unwrap();
    // Drop every `where` clause (they end at `;` or `)`).
    let mut re_free = String::new();
    for line in text.lines() {
        let mut l = line.to_string();
        while let Some(i) = l.find(" where ") {
            let end = l[i..].find([';', ')']).map(|j| i + j).unwrap_or(l.len());
            l = format!("{}{}", &l[..i], &l[end..]);
        }
        re_free.push_str(&l);
        re_free.push('\n');
    }
    assert!(!re_free.contains(" where "));
    let path = support::scratch("where", "nowhere.bpl", re_free);
    let (_, doc) = cover_json(&[], path.to_str().unwrap());
    assert_eq!(infeasible_lines(&doc, "P"), Vec::<u64>::new());
    assert_eq!(infeasible_lines(&doc, "R"), Vec::<u64>::new());
    assert_eq!(infeasible_lines(&doc, "T"), Vec::<u64>::new());
}

fn errors(text: &str) -> Vec<String> {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", text);
    match load_program(&sources, file) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e
            .iter()
            .map(|d| d.render(&sources).lines().next().unwrap().to_string())
            .collect(),
    }
}

#[test]
fn where_clause_errors_are_located() {
    assert_eq!(
        errors("var g: int where old(g) > 0;\n"),
        ["t.bpl:1:18: error: `old` is not allowed in a `where` clause"]
    );
    assert_eq!(
        errors("const c: int where c > 0;\n"),
        ["t.bpl:1:20: error: a constant cannot have a `where` clause"]
    );
    assert_eq!(
        errors("var g: int where g;\n"),
        ["t.bpl:1:18: error: `where` needs a bool expression, but this is int"]
    );
    assert_eq!(
        errors("procedure P(x: int where y > 0);\n"),
        ["t.bpl:1:26: error: undeclared variable `y`"]
    );
}

const INVARIANT: &str = "procedure P() returns (i: int)
{
  i := 0;
  while (i < 3)
    invariant i <= 1;
  {
    i := i + 1;
  }
}
";

#[test]
fn ignore_invariants_drops_them() {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", INVARIANT);
    let with = load_program(&sources, file).unwrap();
    let without = load_program_with(
        &sources,
        file,
        &LoadOptions {
            ignore_invariants: true,
            ..LoadOptions::default()
        },
    )
    .unwrap();
    assert_eq!(with.asserts.len(), 1);
    assert_eq!(without.asserts.len(), 0);

    let path = support::scratch("inv", "inv.bpl", INVARIANT);
    let path = path.to_str().unwrap();
    // The invariant fails on the second iteration (i = 2).
    let (code, doc) = cover_json(&["--unwind", "3"], path);
    assert_eq!(code, 1);
    assert_eq!(doc["procedures"][0]["assertions"][0]["status"], "can-fail");
    // Dropped: no assertion, and the loop runs to i = 3 (the exit is
    // covered, which an assumed invariant would make infeasible).
    let (code, doc) = cover_json(&["--unwind", "3", "--ignore-invariants"], path);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["procedures"][0]["assertions"], serde_json::json!([]));
}

#[test]
fn a_body_less_callees_output_clause_over_its_arguments() {
    // `Next(n) returns (m: int where m > n)`: the clause holds of the
    // received value when the argument is a variable the call does not
    // write; otherwise it is skipped (never read over the wrong value).
    let (code, doc) = cover_json(&[], &data("where_calls.bpl"));
    assert_eq!(code, 1);
    assert_eq!(infeasible_lines(&doc, "Use"), [6]);
}
