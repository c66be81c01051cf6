//! Stratified inlining (`--calls stratified`, issue 22): the same verdicts
//! as inlining every call wherever it finishes, tests that replay, a
//! harness proved dead without inlining the callees that cannot reach its
//! failure, and `--calls inline` switching to it for a call tree too big
//! to inline whole.

use crate::analyse::analyse;
use crate::support::cli;
use bicd::back::solver::SolverKind;
use bicd::driver::{AssertStatus, BlockStatus, CallMode, FileResult, Proof};
use std::collections::BTreeMap;

/// What a verdict says, without test ids: covered, infeasible (bounded or
/// not), unknown.
fn kind(status: &BlockStatus, proof: Option<Proof>) -> String {
    match status {
        BlockStatus::Covered(_) => "covered".into(),
        BlockStatus::Infeasible => format!("infeasible {proof:?}"),
        BlockStatus::Unknown(r) => format!("unknown: {r}"),
        BlockStatus::UncoveredSummary => "uncovered (summary)".into(),
    }
}

/// Per entry, block and assertion: the verdict's kind.
fn verdicts(r: &FileResult) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for p in &r.procedures {
        for b in &p.blocks {
            out.insert(
                format!("{}: block {}", p.name, b.display),
                kind(&b.status, b.proof),
            );
        }
        for a in &p.assertions {
            let k = match &a.status {
                AssertStatus::CanFail(_) => "can fail".to_string(),
                AssertStatus::Holds => format!("holds {:?}", a.proof),
                AssertStatus::Unknown(r) => format!("unknown: {r}"),
            };
            out.insert(format!("{}: assert {:?} {:?}", p.name, a.id, a.span), k);
        }
    }
    out
}

fn same_as_inline(name: &str, text: &str, solver: SolverKind) {
    let inline = verdicts(&analyse(name, text, CallMode::Inline, solver));
    let stratified = verdicts(&analyse(name, text, CallMode::Stratified, solver));
    assert_eq!(inline, stratified, "{name}\n{text}");
}

#[test]
fn generated_call_heavy_programs_get_the_verdicts_of_inlining() {
    for (procs, sites) in [(2, 2), (3, 3), (4, 5)] {
        for seed in 0..3 {
            let text = bicd::experiments::gen::generate_calls(procs, sites, 50, seed);
            same_as_inline(
                &format!("calls-p{procs}-s{sites}-{seed}.bpl"),
                &text,
                SolverKind::Yices,
            );
        }
    }
}

#[test]
fn hand_written_programs_with_calls_get_the_verdicts_of_inlining() {
    for dir in ["bench-programs/known", "bench-programs/calls"] {
        let dir = crate::support::crate_path(dir);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("dir")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "bpl"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("read");
            if !text.contains("call ") {
                continue;
            }
            same_as_inline(&f.display().to_string(), &text, SolverKind::Yices);
        }
    }
}

/// A Corral-style harness: the run terminates only if an assertion
/// failed. `check` can fail only when its argument is negative, which
/// `main` never passes; `busy` and `noise` cannot reach the failure.
const HARNESS: &str = r#"
var failed: bool;
var counter: int;
var heap: [int]int;

procedure check(x: int)
  modifies failed;
{
  start: goto bad, good;
  bad:  assume x < 0; failed := true; return;
  good: assume x >= 0; return;
}

procedure noise(n: int) returns (r: int)
  modifies counter, heap;
{
  start: heap[n] := counter; counter := counter + n; goto a, b;
  a: assume n > 3; r := n - 1; return;
  b: assume n <= 3; r := n + heap[0]; return;
}

procedure busy(n: int) returns (r: int)
  modifies counter, heap;
{
  var t: int;
  start: call t := noise(n); call r := noise(t); call t := noise(r); return;
}

procedure work(n: int)
  modifies failed, counter, heap;
{
  var t: int;
  start: call t := busy(n); call check(n * n); call t := busy(t); return;
}

procedure {:entrypoint} harness(n: int)
  modifies failed, counter, heap;
{
  start:
    failed := false;
    call work(n);
    call work(n + 1);
    assume failed;
    return;
}
"#;

#[test]
fn a_harness_with_no_failing_run_is_proved_dead_without_inlining_what_cannot_fail() {
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let r = analyse("harness.bpl", HARNESS, CallMode::Stratified, solver);
        let h = r.procedures.iter().find(|p| p.name == "harness").unwrap();
        for b in &h.blocks {
            assert_eq!(b.status, BlockStatus::Infeasible, "{}: {h:#?}", b.display);
        }
        // `noise` was never inlined, yet its blocks are proved dead.
        assert!(
            h.blocks
                .iter()
                .any(|b| b.proc == "noise" && b.status == BlockStatus::Infeasible),
            "{h:#?}"
        );
        let note = h
            .notes
            .iter()
            .find(|n| n.contains("stratified inlining"))
            .unwrap_or_else(|| panic!("{:?}", h.notes));
        assert!(
            note.contains("no terminating run enters one that leads to undecided code"),
            "{note}"
        );
        assert!(h.tests.is_empty());
    }
    same_as_inline("harness.bpl", HARNESS, SolverKind::Yices);
}

#[test]
fn a_failing_run_deep_in_the_call_tree_is_found_and_replays() {
    // `main` may pass a negative argument now: the failure is reachable.
    let text = HARNESS.replace("call check(n * n);", "call check(n - 5);");
    let r = analyse(
        "harness-bug.bpl",
        &text,
        CallMode::Stratified,
        SolverKind::Yices,
    );
    let h = r.procedures.iter().find(|p| p.name == "harness").unwrap();
    let bad = h
        .blocks
        .iter()
        .find(|b| b.proc == "check" && b.label == "bad")
        .unwrap();
    assert!(matches!(bad.status, BlockStatus::Covered(_)), "{h:#?}");
    assert!(!h.tests.is_empty());
    same_as_inline("harness-bug.bpl", &text, SolverKind::Yices);
}

/// `p0` calls `p1` twice, which calls `p2` twice, ...: inlining every call
/// of `p0` gives 2^depth copies of the last procedure.
fn binary_call_tree(depth: usize) -> String {
    let mut text = String::from("var g: int;\n");
    for i in 0..depth {
        text.push_str(&format!(
            "procedure p{i}(x: int) returns (r: int)\n  modifies g;\n{{\n  var t: int;\n  start: goto pos, neg;\n  pos: assume x > {i}; call t := p{n}(x - 1); call r := p{n}(t); return;\n  neg: assume x <= {i}; g := g + 1; r := x; return;\n}}\n",
            n = i + 1
        ));
    }
    text.push_str(&format!(
        "procedure p{depth}(x: int) returns (r: int)\n  modifies g;\n{{\n  start: goto odd, even;\n  odd: assume x mod 2 == 1; r := x; return;\n  even: assume x mod 2 == 0; g := x; r := 0; return;\n}}\n"
    ));
    text
}

#[test]
fn a_call_tree_too_big_to_inline_is_analysed_by_stratified_inlining() {
    let file = crate::support::scratch("stratified", "tree.bpl", binary_call_tree(20));
    let (code, out, err) = cli::bicd([
        "cover",
        "--entry",
        "p0",
        "--format",
        "json",
        file.to_str().unwrap(),
    ])
    .run();
    assert!(code == 0 || code == 1 || code == 3, "{code}\n{out}\n{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    let p0 = &json["procedures"][0];
    assert_eq!(p0["name"], "p0", "{json:#?}");
    let notes = p0["notes"].to_string();
    assert!(notes.contains("inlined on demand"), "{notes}");
    // Every procedure's blocks are reported, and the leaf's are covered.
    let blocks = p0["blocks"].as_array().unwrap();
    for (proc, label) in [
        ("p20", "p20::odd"),
        ("p20", "p20::even"),
        ("p19", "p19::pos"),
        ("p0", "neg"),
    ] {
        let b = blocks
            .iter()
            .find(|b| b["proc"] == proc && b["label"] == label)
            .unwrap_or_else(|| panic!("{proc}::{label}: {blocks:#?}"));
        assert_eq!(b["status"], "covered", "{b:#?}");
    }
}

/// A free `ensures` is not assumed at a call left open: inlining runs the
/// callee's body, which need not establish it (Boogie's inliner drops it
/// too), so assuming `false` there once proved the caller's code dead.
#[test]
fn a_call_left_open_does_not_assume_the_callees_free_ensures() {
    let text = std::fs::read_to_string(crate::support::crate_path(
        "bench-programs/calls/free-ensures.bpl",
    ))
    .expect("read");
    for mode in [CallMode::Inline, CallMode::Stratified] {
        let r = analyse("free-ensures.bpl", &text, mode, SolverKind::Yices);
        for b in &r.procedures[0].blocks {
            assert!(
                matches!(b.status, BlockStatus::Covered(_)),
                "{mode:?}: block {} is {:?}",
                b.display,
                b.status
            );
        }
    }
}

#[test]
fn blocks_dead_in_their_own_procedure_are_proved_beside_the_rounds() {
    let path = crate::support::crate_path("bench-programs/calls/dead-in-own-procedure.bpl");
    let text = std::fs::read_to_string(&path).unwrap();
    let r = analyse(
        "dead-in-own-procedure.bpl",
        &text,
        CallMode::Stratified,
        SolverKind::Yices,
    );
    let main = &r.procedures[0];
    let status = |display: &str| {
        main.blocks
            .iter()
            .find(|b| b.display == display)
            .unwrap_or_else(|| panic!("{display}: {main:#?}"))
            .status
            .clone()
    };
    for dead in [
        "ToStop",
        "Stop::entry",
        "Callee::Contra",
        "Checked::High",
        "Callee::Seven",
        "Checked::Low",
    ] {
        assert_eq!(status(dead), BlockStatus::Infeasible, "{dead}");
    }
    // A free `requires` is not assumed in an inlined copy.
    assert!(matches!(
        status("CheckedAny::LowAny"),
        BlockStatus::Covered(_)
    ));
    assert!(
        main.notes
            .iter()
            .any(|n| n.starts_with("6 blocks proved infeasible beside the rounds")),
        "{:?}",
        main.notes
    );
}

/// A quantified Corral harness under a time limit is first probed with
/// its calls inlined (and may go on by stratified inlining): the blocks
/// dead in their own procedure are proved once, beside the probe, decided
/// in whichever analysis follows, and reported in one note at most.
#[test]
fn a_probed_harness_reports_its_local_proofs_once() {
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let text = "function f(x: int): int;
axiom (forall x: int :: f(x) > x);
procedure {:entrypoint} main(a: int) returns (r: int)
  requires (forall x: int :: f(x) > x - 1);
{
  call r := helper(a);
  if (r > 5) { r := 3; }
}
procedure helper(x: int) returns (y: int)
{
  if (x > 1) { y := 1; } else { y := 2; }
  if (y > 2) { y := 0; }
}
";
    let file = crate::support::scratch("stratified", "probed.bpl", text);
    let (code, out, err) = cli::bicd([
        "cover",
        "--time-limit",
        "20s",
        "--format",
        "json",
        file.to_str().unwrap(),
    ])
    .run();
    // Exit 1: infeasible code found.
    assert_eq!(code, 1, "{out}\n{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    let main = &json["procedures"][0];
    let status = |label: &str| {
        main["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["label"] == label)
            .unwrap_or_else(|| panic!("{label}: {main:#?}"))["status"]
            .clone()
    };
    // Dead in `helper` alone; dead only with `helper` inlined.
    assert_eq!(status("helper::anon3_Then"), "infeasible", "{main:#?}");
    assert_eq!(status("anon1_Then"), "infeasible", "{main:#?}");
    // One note at most: the pass beside the probe may have been stopped
    // before it proved anything, where the probe decided every block.
    let notes = main["notes"].to_string();
    assert!(notes.matches("proved infeasible").count() <= 1, "{notes}");
    // Path cover counts paths: nothing is decided before it.
    let (_, out, err) = cli::bicd([
        "cover",
        "--time-limit",
        "20s",
        "--mode",
        "paths",
        "--format",
        "json",
        file.to_str().unwrap(),
    ])
    .run();
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    let notes = json["procedures"][0]["notes"].to_string();
    assert!(!notes.contains("proved infeasible"), "{notes}\n{err}");
}
