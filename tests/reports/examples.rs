//! The paper's examples and the hand-written programs of `bench-programs/`:
//! their known answers (stated in each file's comments) checked one by one,
//! and insta snapshots of the text and JSON reports.

use crate::support::cli;
use std::path::PathBuf;

fn bench_dir() -> PathBuf {
    crate::support::crate_path("bench-programs")
}

/// Runs `bicd cover ARGS FILE` in `bench-programs/` (so reports name the
/// file relative to it) and returns (exit status, stdout, stderr).
fn bicd(args: &[&str], file: &str) -> (i32, String, String) {
    cli::bicd(["cover"])
        .args(args)
        .arg(file)
        .in_dir(bench_dir())
        .run()
}

fn json_report(args: &[&str], file: &str) -> (i32, serde_json::Value) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = bicd(&all, file);
    assert!(
        err.is_empty() || code != 4,
        "internal error on {file}: {err}"
    );
    let doc = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{file}: bad JSON ({e}): {out}\n{err}"));
    (code, doc)
}

/// Procedure `proc` of a JSON report.
fn procedure<'a>(doc: &'a serde_json::Value, proc: &str) -> &'a serde_json::Value {
    doc["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == proc)
        .unwrap_or_else(|| panic!("no procedure {proc} in {doc}"))
}

/// The status of block `label` of procedure `proc` in a JSON report.
fn status<'a>(doc: &'a serde_json::Value, proc: &str, label: &str) -> &'a str {
    let p = procedure(doc, proc);
    let b = p["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["label"] == label)
        .unwrap_or_else(|| panic!("no block {label} in {proc}: {p}"));
    b["status"].as_str().unwrap()
}

/// Labels of the blocks of `proc` with status `infeasible`, sorted.
fn infeasible(doc: &serde_json::Value, proc: &str) -> Vec<String> {
    let p = procedure(doc, proc);
    let mut v: Vec<String> = p["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["status"] == "infeasible")
        .map(|b| b["label"].as_str().unwrap().to_string())
        .collect();
    v.sort();
    v
}

fn assertion_status(doc: &serde_json::Value, proc: &str, line: u64) -> String {
    let p = doc["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == proc)
        .unwrap();
    p["assertions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["line"] == line)
        .unwrap_or_else(|| panic!("no assertion at line {line} in {p}"))["status"]
        .as_str()
        .unwrap()
        .to_string()
}

fn both_modes(f: impl Fn(&[&str])) {
    f(&["--mode", "statements"]);
    f(&["--mode", "paths"]);
}

#[test]
fn paper_section6_in_both_syntaxes() {
    for file in [
        "examples/paper-section6.bpl",
        "examples/paper-section6-boogie.bpl",
    ] {
        both_modes(|mode| {
            let (code, doc) = json_report(mode, file);
            assert_eq!(infeasible(&doc, "foo"), Vec::<String>::new(), "{file}");
            assert_eq!(infeasible(&doc, "bar"), vec!["foo::l3"], "{file}");
            assert_eq!(status(&doc, "bar", "foo::l2"), "covered");
            assert_eq!(code, 1, "infeasible code found");
        });
    }
}

#[test]
fn assert_example() {
    both_modes(|mode| {
        let (code, doc) = json_report(mode, "examples/assert.bpl");
        assert_eq!(infeasible(&doc, "div"), Vec::<String>::new());
        assert_eq!(assertion_status(&doc, "div", 5), "can-fail");
        assert_eq!(code, 1);
    });
}

#[test]
fn unwind_example_needs_three_iterations() {
    both_modes(|mode| {
        let mut args = vec!["--unwind", "2"];
        args.extend_from_slice(mode);
        let (code, doc) = json_report(&args, "examples/unwind.bpl");
        assert_eq!(infeasible(&doc, "count"), vec!["done"]);
        assert_eq!(code, 1);
        let mut args = vec!["--unwind", "3"];
        args.extend_from_slice(mode);
        let (code, doc) = json_report(&args, "examples/unwind.bpl");
        assert_eq!(infeasible(&doc, "count"), Vec::<String>::new());
        assert_eq!(code, 0);
    });
}

#[test]
fn nested_loops() {
    let (_, doc) = json_report(&["--unwind", "3"], "known/nested-loops.bpl");
    assert_eq!(infeasible(&doc, "nested"), vec!["far"]);
    let (code, doc) = json_report(&["--unwind", "4"], "known/nested-loops.bpl");
    assert_eq!(infeasible(&doc, "nested"), Vec::<String>::new());
    assert_eq!(code, 0);
}

#[test]
fn loop_exit_from_the_middle() {
    let (_, doc) = json_report(&["--unwind", "1"], "known/loop-exit.bpl");
    assert_eq!(infeasible(&doc, "search"), vec!["never", "stop"]);
    let (_, doc) = json_report(&["--unwind", "2"], "known/loop-exit.bpl");
    assert_eq!(infeasible(&doc, "search"), vec!["never"]);
}

/// The infeasible blocks of `proc` with their `proof` (issue 20).
fn proofs(doc: &serde_json::Value, proc: &str) -> Vec<(String, String)> {
    let p = procedure(doc, proc);
    let mut v: Vec<(String, String)> = p["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["status"] == "infeasible")
        .map(|b| {
            let proof = b["proof"]
                .as_str()
                .expect("an infeasible block has a proof");
            (b["label"].as_str().unwrap().to_string(), proof.to_string())
        })
        .collect();
    v.sort();
    v
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn dead_for_every_bound_or_only_within_it() {
    let (_, doc) = json_report(&["--unwind", "3"], "known/dead-or-bounded.bpl");
    // `late` needs 7 iterations; `negative` contradicts the invariant.
    assert_eq!(
        proofs(&doc, "count"),
        pairs(&[("late", "bounded"), ("negative", "unbounded")])
    );
    // No loop: exact.
    assert_eq!(proofs(&doc, "straight"), pairs(&[("both", "unbounded")]));
    // The bounded one is reached with more iterations; the dead one never.
    let (_, doc) = json_report(&["--unwind", "7"], "known/dead-or-bounded.bpl");
    assert_eq!(proofs(&doc, "count"), pairs(&[("negative", "unbounded")]));
    // `--fail-on dead` fails on dead code only: `search` of loop-exit.bpl
    // has only bounded verdicts (no invariant says i >= 0 at its head).
    let (_, doc) = json_report(&["--unwind", "1"], "known/loop-exit.bpl");
    assert_eq!(
        proofs(&doc, "search"),
        pairs(&[("never", "bounded"), ("stop", "bounded")])
    );
    let (code, _, _) = bicd(
        &["--unwind", "1", "--fail-on", "dead"],
        "known/loop-exit.bpl",
    );
    assert_eq!(code, 0);
    let (code, _, _) = bicd(
        &["--unwind", "3", "--fail-on", "dead"],
        "known/dead-or-bounded.bpl",
    );
    assert_eq!(code, 1);
    // Recursion: bicd builds no over-approximation, the verdict stays
    // bounded.
    let (_, doc) = json_report(&["--unwind", "3"], "known/recursion.bpl");
    assert_eq!(proofs(&doc, "top"), pairs(&[("big", "bounded")]));
}

#[test]
fn calls_inlined() {
    both_modes(|mode| {
        let (_, doc) = json_report(mode, "known/calls.bpl");
        assert_eq!(infeasible(&doc, "clamp"), Vec::<String>::new());
        assert_eq!(
            infeasible(&doc, "caller"),
            vec!["clamp::low", "clamp::mid", "odd"]
        );
    });
}

#[test]
fn recursion_unwound_like_loops() {
    let (_, doc) = json_report(&["--unwind", "3"], "known/recursion.bpl");
    assert_eq!(infeasible(&doc, "down"), Vec::<String>::new());
    assert_eq!(infeasible(&doc, "top"), vec!["big"]);
    let (_, doc) = json_report(&["--unwind", "4"], "known/recursion.bpl");
    assert_eq!(infeasible(&doc, "top"), Vec::<String>::new());
}

#[test]
fn havoc_and_bodyless_calls() {
    both_modes(|mode| {
        let (_, doc) = json_report(mode, "known/havoc.bpl");
        assert_eq!(infeasible(&doc, "chooser"), vec!["neg"]);
        let p = &doc["procedures"][0];
        let both_test = p["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["label"] == "both")
            .unwrap()["tests"][0]
            .clone();
        let t = p["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == both_test)
            .unwrap();
        let choices = t["choices"].as_array().unwrap();
        assert_eq!(choices[0]["kind"], "havoc");
        assert_eq!(choices[0]["var"], "h");
        assert_eq!(choices[0]["value"], 7);
        assert_eq!(choices[1]["kind"], "call-output");
        assert_eq!(choices[1]["value"], 3);
    });
}

#[test]
fn assertions_are_choices() {
    both_modes(|mode| {
        let (_, doc) = json_report(mode, "known/assertions.bpl");
        assert_eq!(assertion_status(&doc, "check", 9), "holds");
        assert_eq!(assertion_status(&doc, "check", 10), "can-fail");
        assert_eq!(infeasible(&doc, "check"), Vec::<String>::new());
        assert_eq!(infeasible(&doc, "doomed"), vec!["dead"]);
        assert_eq!(assertion_status(&doc, "doomed", 17), "can-fail");
    });
}

#[test]
fn fallthrough_and_ensures() {
    let (_, doc) = json_report(&[], "known/fallthrough.bpl");
    assert_eq!(infeasible(&doc, "flow"), Vec::<String>::new());
    assert_eq!(assertion_status(&doc, "flow", 10), "can-fail");
}

/// Every program in bench-programs (recursively).
fn all_programs() -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["examples", "known"] {
        let mut files: Vec<String> = std::fs::read_dir(bench_dir().join(sub))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".bpl"))
            .map(|n| format!("{sub}/{n}"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

#[test]
fn report_snapshots() {
    for file in all_programs() {
        let name = file.replace(['/', '.'], "_");
        for mode in ["statements", "paths"] {
            let (code, text, err) = bicd(&["--mode", mode], &file);
            assert!(code != 4 && code != 2, "{file}: {err}");
            insta::assert_snapshot!(format!("{name}_{mode}_text"), text);
            let (_, doc) = json_report(&["--mode", mode], &file);
            insta::assert_json_snapshot!(format!("{name}_{mode}_json"), doc);
        }
    }
}

#[test]
fn every_test_replays() {
    // bicd replays each test before printing it and exits with 4 when one
    // does not replay: check that no program of bench-programs hits that,
    // for several bounds and both modes.
    for file in all_programs() {
        for unwind in ["1", "2", "3"] {
            for mode in ["statements", "paths"] {
                let (code, _, err) = bicd(&["--unwind", unwind, "--mode", mode], &file);
                assert!(
                    code != 4 && !err.contains("internal error"),
                    "{file} --unwind {unwind} --mode {mode}: {err}"
                );
            }
        }
    }
}

/// The loop-iteration table of `proc`: per loop header, the status of
/// each count.
fn loop_table(doc: &serde_json::Value, proc: &str) -> Vec<(String, Vec<String>)> {
    procedure(doc, proc)["loops"]
        .as_array()
        .unwrap_or_else(|| panic!("no loops in {proc}"))
        .iter()
        .map(|l| {
            let counts = l["iterations"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    assert_eq!(it["count"], i as u64);
                    it["status"].as_str().unwrap().to_string()
                })
                .collect();
            (l["head"].as_str().unwrap().to_string(), counts)
        })
        .collect()
}

/// `--loop-coverage` (issue 20): the hand-derived table of
/// `known/loop-iterations.bpl`, and each covering test really goes around
/// the loop that many times (its trace enters the header once more than
/// that; the procedures enter each loop once); snapshots of both reports.
#[test]
fn loop_iteration_coverage() {
    let args = ["--unwind", "3", "--loop-coverage"];
    let (code, doc) = json_report(&args, "known/loop-iterations.bpl");
    assert_eq!(code, 0, "{doc}");
    let covered = |n: &[usize]| -> Vec<String> {
        (0..4)
            .map(|c| {
                if n.contains(&c) {
                    "covered"
                } else {
                    "infeasible"
                }
                .to_string()
            })
            .collect()
    };
    let head = "anon1_LoopHead".to_string();
    assert_eq!(
        loop_table(&doc, "upto"),
        vec![(head.clone(), covered(&[0, 1, 2]))]
    );
    assert_eq!(loop_table(&doc, "find"), vec![(head, covered(&[0, 1, 2]))]);
    assert_eq!(
        loop_table(&doc, "once"),
        vec![("upto::anon1_LoopHead".to_string(), covered(&[1]))]
    );
    for p in doc["procedures"].as_array().unwrap() {
        for l in p["loops"].as_array().unwrap() {
            let head = l["head"].as_str().unwrap();
            for it in l["iterations"].as_array().unwrap() {
                let Some(t) = it["test"].as_u64() else {
                    continue;
                };
                let test = p["tests"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["id"] == t)
                    .unwrap();
                let visits = test["trace"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| s.as_str() == Some(head))
                    .count() as u64;
                assert_eq!(visits, it["count"].as_u64().unwrap() + 1, "{test}");
            }
        }
    }
    insta::assert_json_snapshot!("loop_iterations_json", doc);
    let (_, text, _) = bicd(&args, "known/loop-iterations.bpl");
    insta::assert_snapshot!("loop_iterations_text", text);
}

#[test]
fn loop_coverage_needs_statement_cover_with_calls_inlined() {
    for extra in [["--mode", "paths"], ["--calls", "summary"]] {
        let mut args = vec!["--loop-coverage"];
        args.extend(extra);
        let (code, _, err) = bicd(&args, "known/loop-iterations.bpl");
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("--loop-coverage needs statement cover"),
            "{err}"
        );
    }
}

/// The routines of `bench-programs/loops/` (README, "Loop-iteration
/// coverage at depths 1-15") at depth 4, against hand-derived answers:
/// every count up to 4 reached by some test, except those the routines
/// rule out, and every test replays (exit 4 otherwise).
#[test]
fn loop_routines_at_depth_four() {
    let mut files: Vec<String> = std::fs::read_dir(bench_dir().join("loops"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".bpl"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 12);
    for f in files {
        let file = format!("loops/{f}");
        let (code, doc) = json_report(&["--unwind", "4", "--loop-coverage"], &file);
        assert_eq!(code, 0, "{file}: {doc}");
        for p in doc["procedures"].as_array().unwrap() {
            for l in p["loops"].as_array().unwrap() {
                for it in l["iterations"].as_array().unwrap() {
                    // Bubble sort's inner loop runs n - i - 1 <= 3 times
                    // when the outer one may run at most 4 (n <= 4);
                    // sum-and-max requires n >= 1.
                    let bounded = (f == "bubble-sort.bpl" && l["line"] == 10 && it["count"] == 4)
                        || (f == "sum-and-max.bpl" && it["count"] == 0);
                    let expected = if bounded { "infeasible" } else { "covered" };
                    assert_eq!(it["status"], expected, "{file}: {l}");
                }
            }
        }
    }
}
