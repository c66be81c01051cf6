//! Issue 3, source locations for code review: blocks and assertions of a
//! program that a front end marked with `{:sourceloc "f.c", line, col}`
//! (SMACK) or `{:sourcefile "f.c"} {:sourceline N}` (Corral, SDV) are
//! reported at those places too: in the text report's titles, as a
//! `source` object in JSON, and as the primary SARIF location (the Boogie
//! place kept as a related location). Snapshots of all three for a small
//! SMACK-style program (`tests/data/lang/smack.bpl`).

use crate::support;
use crate::support::cli::{self, sarif_schema_errors};
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    support::crate_path("tests/data/lang")
}

/// `bicd ARGS` in `tests/data/lang/`: (exit status, stdout, stderr).
fn bicd(args: &[&str]) -> (i32, String, String) {
    cli::bicd(args).in_dir(data_dir()).run()
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = bicd(args);
    assert_eq!(code, 1, "findings exit 1: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON ({e}): {out}"))
}

#[test]
fn smack_text_snapshot() {
    let (code, out, err) = bicd(&["cover", "smack.bpl"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("dead code at sum.c:8:7: block `$bb4`"),
        "{out}"
    );
    assert!(out.contains("this assert at sum.c:10:3 can fail"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn smack_json_snapshot() {
    let doc = json_of(&["cover", "--format", "json", "smack.bpl"]);
    let p = &doc["procedures"][0];
    let source_of = |label: &str| {
        p["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["label"] == label)
            .unwrap()["source"]
            .clone()
    };
    // A block takes its first marker; a block without one has no source.
    assert_eq!(
        source_of("$bb4"),
        serde_json::json!({"file": "sum.c", "line": 8, "col": 7})
    );
    assert_eq!(source_of("$bb2"), serde_json::Value::Null);
    // The assertion takes the nearest marker before it in its block.
    assert_eq!(
        p["assertions"][0]["source"],
        serde_json::json!({"file": "sum.c", "line": 10, "col": 3})
    );
    insta::assert_json_snapshot!(doc);
}

#[test]
fn smack_sarif_snapshot() {
    let doc = json_of(&["cover", "--format", "sarif", "smack.bpl"]);
    let errors = sarif_schema_errors(&doc);
    assert!(errors.is_empty(), "{errors:#?}");
    let result = &doc["runs"][0]["results"][0];
    let primary = &result["locations"][0]["physicalLocation"];
    assert_eq!(primary["artifactLocation"]["uri"], "sum.c");
    assert_eq!(primary["region"]["startLine"], 8);
    let bpl = &result["relatedLocations"][0]["physicalLocation"];
    assert_eq!(bpl["artifactLocation"]["uri"], "smack.bpl");
    insta::assert_json_snapshot!(doc);
}

#[test]
fn sourcefile_sourceline_and_unknown_lines() {
    let path = support::scratch(
        "srcloc",
        "corral.bpl",
        "procedure P(x: int)\n{\n  A:\n    assert {:sourcefile \"d.c\"} {:sourceline 12} true;\n    \
         goto B, C;\n  B:\n    assume {:sourceloc \"d.c\", -1, -1} true;\n    assume x > 0;\n    \
         assume x < 0;\n    return;\n  C:\n    assume {:sourceLoc \"J.java\", 7, -1, 3, 4} true;\n    \
         assert {:sourceFile \"d.c\"} {:sourceLine 20} x != 1;\n    return;\n}\n",
    );
    let doc = json_of(&["cover", "--format", "json", path.to_str().unwrap()]);
    let p = &doc["procedures"][0];
    let blocks = p["blocks"].as_array().unwrap();
    assert_eq!(
        blocks[0]["source"],
        serde_json::json!({"file": "d.c", "line": 12, "col": null})
    );
    // Line -1 means unknown: no source.
    assert_eq!(blocks[1]["status"], "infeasible");
    assert_eq!(blocks[1]["source"], serde_json::Value::Null);
    // Five arguments: the line, no column guessed.
    assert_eq!(
        blocks[2]["source"],
        serde_json::json!({"file": "J.java", "line": 7, "col": null})
    );
    // An assertion's own attributes come first.
    let failing = p["assertions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["status"] == "can-fail")
        .unwrap();
    assert_eq!(
        failing["source"],
        serde_json::json!({"file": "d.c", "line": 20, "col": null})
    );
}
