//! Issue 6's reports: SARIF (validated against the OASIS SARIF 2.1.0
//! schema, `tests/sarif-schema-2.1.0.json`), the terminal diagnostics,
//! `--quiet`, `--fail-on` exit statuses, `--jobs` determinism and the
//! `bicd cfg` picture. Snapshots never contain colour: stdout is a pipe.

use crate::support;
use crate::support::cli::{self, sarif_schema_errors as schema_errors};
use std::path::PathBuf;

fn bench_dir() -> PathBuf {
    support::crate_path("bench-programs")
}

/// Runs `bicd ARGS` in `bench-programs/`: (exit status, stdout, stderr).
fn bicd(args: &[&str]) -> (i32, String, String) {
    cli::bicd(args).in_dir(bench_dir()).run()
}

fn sarif(files: &[&str]) -> serde_json::Value {
    let mut args = vec!["cover", "--format", "sarif"];
    args.extend_from_slice(files);
    let (code, out, err) = bicd(&args);
    assert_eq!(code, 1, "findings exit 1: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON ({e}): {out}"))
}

#[test]
fn sarif_is_valid_and_says_what_a_reviewer_needs() {
    // Infeasible blocks (own and inlined) and failing assertions.
    let doc = sarif(&["known/assertions.bpl", "known/calls.bpl"]);
    let errors = schema_errors(&doc);
    assert!(errors.is_empty(), "SARIF schema violations: {errors:#?}");

    let run = &doc["runs"][0];
    assert_eq!(run["properties"]["unwind"], 3);
    assert_eq!(run["properties"]["mode"], "statements");
    assert_eq!(run["properties"]["solver"], "yices");
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let results = run["results"].as_array().unwrap();
    for r in results {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i], r["ruleId"].as_str().unwrap());
    }
    // The infeasible block `dead` of assertions.bpl, line 17.
    let dead = results
        .iter()
        .find(|r| r["properties"]["block"] == "dead")
        .expect("a result for block dead");
    // assertions.bpl has no loop: the block is dead outright (rule
    // BICD1004, a warning), not only within the bound (BICD1001, a note).
    assert_eq!(dead["level"], "warning");
    assert_eq!(dead["ruleId"], "BICD1004");
    let text = dead["message"]["text"].as_str().unwrap();
    assert!(
        text.contains("Dead code: no execution of procedure"),
        "{text}"
    );
    let loc = &dead["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "known/assertions.bpl");
    assert_eq!(loc["region"]["startLine"], 17);
    // The failing assertion at line 10 carries its test.
    let fails: Vec<&serde_json::Value> = results.iter().filter(|r| r["level"] == "error").collect();
    assert_eq!(fails.len(), 2, "two assertions can fail: {fails:#?}");
    let at10 = fails
        .iter()
        .find(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"] == 10)
        .expect("the assert at line 10");
    let x = at10["properties"]["test"]["inputs"]["x"].as_i64().unwrap();
    assert!(x <= 5, "the test makes `assert x > 5` fail: x = {x}");
    let flow = at10["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .unwrap();
    // start, guarded, then the assertion itself.
    assert_eq!(flow.len(), 3);
    // Inlined callee blocks are located in the callee's text.
    let low = results
        .iter()
        .find(|r| r["properties"]["block"] == "low")
        .expect("clamp::low is infeasible from caller");
    assert_eq!(
        low["locations"][0]["physicalLocation"]["region"]["startLine"],
        11
    );
}

#[test]
fn schema_check_rejects_a_broken_log() {
    // The validation can fail: a result without a message is refused.
    let mut doc = sarif(&["known/assertions.bpl"]);
    doc["runs"][0]["results"][0]
        .as_object_mut()
        .unwrap()
        .remove("message");
    assert!(!schema_errors(&doc).is_empty());
}

#[test]
fn schema_check_rejects_each_kind_of_violation() {
    // Each keyword the check implements refuses a value that breaks it,
    // on the real schema where bicd's log has such a value.
    let doc = sarif(&["known/assertions.bpl"]);
    let broken = |path: &[&str], value: serde_json::Value| {
        let mut d = doc.clone();
        let mut at = &mut d;
        for p in path {
            at = match p.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*p],
            };
        }
        *at = value;
        schema_errors(&d)
    };
    assert!(schema_errors(&doc).is_empty());
    // enum, type, minimum, pattern-free format, additionalProperties: false
    assert!(!broken(&["version"], "2.0.0".into()).is_empty());
    assert!(!broken(&["runs", "0", "results"], "none".into()).is_empty());
    let region = [
        "runs",
        "0",
        "results",
        "0",
        "locations",
        "0",
        "physicalLocation",
        "region",
    ];
    assert!(!broken(&[&region[..], &["startLine"]].concat(), 0.into()).is_empty());
    assert!(!broken(&["$schema"], "not a uri".into()).is_empty());
    assert!(!broken(&["runs", "0", "results", "0", "level"], "fatal".into()).is_empty());
    assert!(!broken(&[&region[..], &["bogus"]].concat(), 1.into()).is_empty());
    // $ref, items, required, anyOf/oneOf, pattern, uniqueItems and
    // minItems, on a small schema of those keywords alone.
    let schema = serde_json::json!({
        "definitions": { "id": { "type": "string", "pattern": "^[a-f]{2}$" } },
        "type": "object",
        "required": ["ids"],
        "properties": {
            "ids": { "type": "array", "minItems": 1, "uniqueItems": true,
                     "items": { "$ref": "#/definitions/id" } },
            "n": { "oneOf": [ { "type": "integer", "maximum": 5 }, { "type": "string" } ] }
        }
    });
    let check = |doc: serde_json::Value| support::json_schema::errors(&schema, &doc).len();
    assert_eq!(check(serde_json::json!({ "ids": ["ab", "cd"], "n": 3 })), 0);
    assert_eq!(check(serde_json::json!({ "n": 3 })), 1);
    assert_eq!(check(serde_json::json!({ "ids": [] })), 1);
    assert_eq!(check(serde_json::json!({ "ids": ["ab", "ab"] })), 1);
    assert_eq!(check(serde_json::json!({ "ids": ["xyz"] })), 1);
    assert_eq!(check(serde_json::json!({ "ids": ["ab"], "n": 7 })), 1);
    // A keyword the check does not implement is an error, not skipped.
    let unknown = serde_json::json!({ "not": { "type": "string" } });
    assert!(!support::json_schema::errors(&unknown, &serde_json::json!(1)).is_empty());
}

#[test]
fn sarif_snapshot() {
    let doc = sarif(&["known/assertions.bpl", "known/calls.bpl"]);
    insta::assert_json_snapshot!(doc);
}

#[test]
fn terminal_diagnostics_snapshot() {
    let (code, out, err) = bicd(&[
        "cover",
        "known/assertions.bpl",
        "known/calls.bpl",
        "examples/paper-section6-boogie.bpl",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(!out.contains('\u{1b}'), "no colour when stdout is a pipe");
    insta::assert_snapshot!(out);
}

#[test]
fn dead_or_bounded_snapshot() {
    let (code, out, err) = bicd(&["cover", "--unwind", "3", "known/dead-or-bounded.bpl"]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn quiet_is_one_line_per_file() {
    let (code, out, _) = bicd(&[
        "cover",
        "--quiet",
        "known/assertions.bpl",
        "examples/unwind.bpl",
    ]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 2, "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn fail_on_selects_what_fails_the_run() {
    let run = |fail_on: &str, file: &str| {
        let mut args = vec!["cover", "--quiet"];
        if !fail_on.is_empty() {
            args.extend(["--fail-on", fail_on]);
        }
        args.push(file);
        bicd(&args).0
    };
    // havoc.bpl: one infeasible block, no assertion.
    assert_eq!(run("", "known/havoc.bpl"), 1);
    assert_eq!(run("infeasible", "known/havoc.bpl"), 1);
    assert_eq!(run("assertion", "known/havoc.bpl"), 0);
    assert_eq!(run("unknown", "known/havoc.bpl"), 0);
    assert_eq!(run("never", "known/havoc.bpl"), 0);
    // fallthrough.bpl: every block covered, one assertion can fail.
    assert_eq!(run("", "known/fallthrough.bpl"), 1);
    assert_eq!(run("infeasible", "known/fallthrough.bpl"), 0);
    assert_eq!(run("assertion", "known/fallthrough.bpl"), 1);
    assert_eq!(run("infeasible,assertion", "known/fallthrough.bpl"), 1);
    // unwind.bpl: clean.
    assert_eq!(run("", "examples/unwind.bpl"), 0);
    // Input errors are never hidden: exit 2 even with `never`.
    assert_eq!(run("never", "no-such-file.bpl"), 2);
}

#[test]
fn unknown_fails_only_when_asked() {
    // A missing solver leaves every block unknown (exit 3 by default).
    let out = cli::bicd(["cover", "--quiet", "known/havoc.bpl"])
        .in_dir(bench_dir())
        .env("PATH", "/nonexistent")
        .output();
    assert_eq!(out.status.code(), Some(3));
    let text = cli::bicd(["cover", "known/havoc.bpl"])
        .in_dir(bench_dir())
        .env("PATH", "/nonexistent")
        .output();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("the analysis of procedure `chooser` failed"),
        "{text}"
    );
    assert!(
        text.contains("not decided: 4 blocks (start, neg, both, rest)"),
        "{text}"
    );
    let sarif = cli::bicd(["cover", "--format", "sarif", "known/havoc.bpl"])
        .in_dir(bench_dir())
        .env("PATH", "/nonexistent")
        .output();
    let doc: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    assert!(schema_errors(&doc).is_empty());
    assert_eq!(
        doc["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
    assert_eq!(doc["runs"][0]["results"][0]["ruleId"], "BICD1003");
    let out = cli::bicd([
        "cover",
        "--quiet",
        "--fail-on",
        "infeasible",
        "known/havoc.bpl",
    ])
    .in_dir(bench_dir())
    .env("PATH", "/nonexistent")
    .output();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn jobs_do_not_change_the_output() {
    let files = [
        "known/calls.bpl",
        "known/recursion.bpl",
        "known/assertions.bpl",
        "examples/paper-section6.bpl",
    ];
    for format in ["text", "json", "sarif"] {
        let run = |jobs: &str| {
            let mut args = vec!["cover", "--format", format, "--jobs", jobs];
            args.extend_from_slice(&files);
            let (code, out, _) = bicd(&args);
            (code, out)
        };
        let one = run("1");
        assert_eq!(one, run("2"), "--jobs 2, {format}");
        assert_eq!(one, run("4"), "--jobs 4, {format}");
    }
}

#[test]
fn cfg_dot_snapshot() {
    let (code, out, err) = bicd(&["cfg", "--format", "dot", "known/calls.bpl"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("cfg_calls_dot", out);
    let (code, out, err) = bicd(&[
        "cfg",
        "--format",
        "dot",
        "--unwind",
        "1",
        "examples/unwind.bpl",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("cfg_unwind_k1_dot", out);
}

#[test]
fn cfg_svg_is_well_formed_and_coloured() {
    let (code, out, err) = bicd(&[
        "cfg",
        "--format",
        "svg",
        "--proc",
        "doomed",
        "known/assertions.bpl",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<svg "));
    assert!(out.trim_end().ends_with("</svg>"));
    assert_eq!(out.matches("<text").count(), out.matches("</text>").count());
    // `dead` is infeasible (red), `alive` covered (green).
    assert!(out.contains("#ffcdd2"), "an infeasible block is drawn");
    assert!(out.contains("#c8e6c9"), "a covered block is drawn");
    let (code, _, err) = bicd(&["cfg", "--proc", "nope", "known/assertions.bpl"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn sarif_reports_files_it_could_not_analyse() {
    let file = support::scratch("reports", "bad.bpl", "procedure p() { start: x := ; }\n");
    let bad = file.to_string_lossy().into_owned();
    let (code, out, _) = bicd(&["cover", "--format", "sarif", "known/havoc.bpl", &bad]);
    assert_eq!(code, 2, "an input error is exit 2");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let errors = schema_errors(&doc);
    assert!(errors.is_empty(), "{errors:#?}");
    let inv = &doc["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let note = inv["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(note.contains("bad.bpl"), "{note}");
    // The good file is still reported.
    assert!(!doc["runs"][0]["results"].as_array().unwrap().is_empty());
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn cfg_unwound_nested_loops_names_each_copy() {
    let (code, out, err) = bicd(&["cfg", "--unwind", "1", "known/nested-loops.bpl"]);
    assert_eq!(code, 0, "{err}");
    // Outer and inner loop, K = 1: the inner header has copies 0.0 .. 1.1.
    for copy in ["inner #0.0", "inner #0.1", "inner #1.0", "inner #1.1"] {
        assert!(out.contains(copy), "no copy `{copy}` in\n{out}");
    }
    assert!(out.contains("cut-off"));
}
