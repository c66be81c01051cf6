//! Solver faults, driven through the command line with a fake solver
//! (`tests/fake-solver/fake-z3`: a real z3 behind a script that misbehaves
//! after a number of queries) and with solvers that are missing. Each
//! fault gives a clear message on standard error, exit status 3 (README,
//! "Exit status"), and a report in which the blocks it left open are
//! `unknown`, never `infeasible`, while the blocks covered before the
//! fault keep their tests.

use crate::support;
use crate::support::cli::{self, text};
use bicd::back::solver::SolverKind;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

fn scratch(name: &str, text: &str) -> PathBuf {
    support::scratch("faults", name, text)
}

fn fake_solver() -> String {
    support::crate_path("tests/fake-solver/fake-z3")
        .display()
        .to_string()
}

/// Three ifs: the first query covers 7 of 10 blocks; `x == 3` is
/// infeasible (x > 10 or x < -5).
const PROGRAM: &str = "procedure p(x: int) returns (y: int)
{
  if (x > 0) { assume x > 10; y := 1; } else { assume x < -5; y := 2; }
  if (x == 3) { y := 3; }
  if (x == 20) { y := 4; }
}
";

/// `bicd ARGS` with the environment variables `env`: its output and how
/// long it took.
fn bicd(args: &[&str], env: &[(&str, &str)]) -> (Output, Duration) {
    env.iter()
        .fold(cli::bicd(args), |run, (k, v)| run.env(k, v))
        .timed()
}

/// Runs `bicd cover --format json` on PROGRAM with the fake solver.
fn with_fault(fault: &str, after: usize, extra: &[&str]) -> (Output, Value, Duration) {
    with_fault_on(
        &format!("{fault}-{after}.bpl"),
        PROGRAM,
        fault,
        after,
        extra,
    )
}

/// Runs `bicd cover --format json` on `program` (written to the scratch
/// file `name`) with the fake solver.
fn with_fault_on(
    name: &str,
    program: &str,
    fault: &str,
    after: usize,
    extra: &[&str],
) -> (Output, Value, Duration) {
    let file = scratch(name, program);
    let solver = fake_solver();
    let mut args = vec![
        "cover",
        "--solver",
        "z3",
        "--solver-command",
        solver.as_str(),
        "--format",
        "json",
        // The faults are the solver's: the search would cover what it
        // leaves open (`tests/back/cover.rs` checks that it does).
        "--search",
        "off",
    ];
    args.extend_from_slice(extra);
    args.push(file.to_str().unwrap());
    let after = after.to_string();
    let (out, took) = bicd(&args, &[("FAKE_FAULT", fault), ("FAKE_AFTER", &after)]);
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{fault}: no JSON report ({e}): {}", text(&out.stderr)));
    (out, json, took)
}

/// Runs `bicd cover --format json --time-limit limit` on `program`
/// (written to the scratch file `name`) with the fake solver, which
/// never answers once it has been sent a line holding `word`.
fn hanging_on(name: &str, program: &str, word: &str, limit: &str) -> (Value, Duration) {
    let file = scratch(name, program);
    let solver = fake_solver();
    let args = [
        "cover",
        "--solver",
        "z3",
        "--solver-command",
        solver.as_str(),
        "--time-limit",
        limit,
        "--format",
        "json",
        file.to_str().unwrap(),
    ];
    let (out, took) = bicd(&args, &[("FAKE_HANG_ON", word), ("FAKE_AFTER", "1000")]);
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON report ({e}): {}", text(&out.stderr)));
    (json, took)
}

fn blocks(json: &Value) -> Vec<(String, String, Option<String>)> {
    json["procedures"][0]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["label"].as_str().unwrap().to_string(),
                b["status"].as_str().unwrap().to_string(),
                b["reason"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn count(json: &Value, status: &str) -> usize {
    blocks(json).iter().filter(|b| b.1 == status).count()
}

/// The common checks: exit 3, nothing infeasible but `anon3_Then` (`x ==
/// 3` after `x > 10` or `x < -5`: infeasible in truth, and a solver
/// restarted after a fault may still have answered `unsat` about it), the
/// first query's test and its 7 covered blocks kept, the open ones unknown
/// with a reason.
fn check_kept(fault: &str, out: &Output, json: &Value) {
    assert_eq!(out.status.code(), Some(3), "{fault}: {}", text(&out.stderr));
    for (label, status, _) in blocks(json) {
        assert!(
            status != "infeasible" || label == "anon3_Then",
            "{fault}: {label} infeasible: {json}"
        );
    }
    assert!(count(json, "covered") >= 7, "{fault}: {json}");
    assert!(count(json, "unknown") >= 1, "{fault}: {json}");
    for (label, status, reason) in blocks(json) {
        if status == "unknown" {
            assert!(
                reason.as_deref().is_some_and(|r| !r.is_empty()),
                "{fault}: {label}"
            );
        }
    }
    let tests = json["procedures"][0]["tests"].as_array().unwrap();
    assert!(!tests.is_empty(), "{fault}: the first test is kept");
}

#[test]
fn the_fake_solver_behaves_until_told_otherwise() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, _) = with_fault("exit", 100, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(count(&json, "covered"), 9);
    assert_eq!(count(&json, "infeasible"), 1);
}

#[test]
fn a_solver_that_exits_mid_run() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, _) = with_fault("exit", 1, &[]);
    check_kept("exit", &out, &json);
    let err = text(&out.stderr);
    assert!(
        err.contains("exited in the middle of the run (exit status 7)"),
        "{err}"
    );
    // Its standard error is quoted.
    assert!(err.contains("out of memory (pretend)"), "{err}");
    let e = json["procedures"][0]["error"].as_str().unwrap();
    assert!(e.contains("exited"), "{e}");
}

#[test]
fn a_solver_that_prints_an_error() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, _) = with_fault("error", 1, &[]);
    check_kept("error", &out, &json);
    let err = text(&out.stderr);
    assert!(
        err.contains("reported an error: line 1 column 10: fake failure"),
        "{err}"
    );
}

#[test]
fn a_solver_that_answers_garbage() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, _) = with_fault("garbage", 1, &[]);
    check_kept("garbage", &out, &json);
    assert!(text(&out.stderr).contains("cannot read: `banana`"));
}

#[test]
fn a_solver_that_answers_unknown() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, _) = with_fault("unknown", 1, &[]);
    check_kept("unknown", &out, &json);
    // Not an error of the analysis: each open block was asked about alone.
    assert!(json["procedures"][0]["error"].is_null(), "{json}");
    let err = text(&out.stderr);
    assert!(
        err.contains("procedure p: 3 blocks left unknown: z3 answered unknown"),
        "{err}"
    );
    for (_, status, reason) in blocks(&json) {
        if status == "unknown" {
            assert!(reason.unwrap().contains("answered unknown"));
        }
    }
}

/// A long program (50 diamonds, 451 blocks: statement cover's
/// accelerators run) on a solver that answers `unknown` to every query:
/// concrete runs cover what they can; the forward VC's spans, the window
/// queries after them, the span asked again, the whole VC and the
/// per-block queries all get `unknown`, so the rest is `unknown`, never
/// `infeasible`, and the run ends.
#[test]
fn a_solver_that_answers_unknown_on_a_long_program() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (gen, _) = bicd(
        &[
            "gen",
            "--diamonds",
            "50",
            "--seed",
            "1",
            "--assume-percent",
            "0",
        ],
        &[],
    );
    assert!(gen.status.success(), "{}", text(&gen.stderr));
    let (out, json, _) = with_fault_on("long-unknown.bpl", &text(&gen.stdout), "unknown", 0, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert_eq!(count(&json, "infeasible"), 0, "{json}");
    assert!(count(&json, "covered") > 300, "concrete runs cover most");
    assert!(count(&json, "unknown") >= 1, "{json}");
    for (label, status, reason) in blocks(&json) {
        if status == "unknown" {
            assert!(
                reason.as_deref().is_some_and(|r| r.contains("unknown")),
                "{label}: {reason:?}"
            );
        }
    }
}

/// `(warning "...")` lines (z3 and cvc5 print them, e.g. on some options)
/// before an answer are no answer: they are skipped, and the verdicts are
/// those of a solver that does not warn. The fake solver warns (twice,
/// one warning over two lines with parentheses and quotes in its text)
/// before every check-sat and get-value answer, from the first query on
/// or from the second.
#[test]
fn warnings_before_answers_are_skipped() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    for after in [0, 1] {
        let (out, json, _) = with_fault("warning", after, &[]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "after {after}: {err}");
        assert!(json["procedures"][0]["error"].is_null(), "{json}");
        assert_eq!(count(&json, "covered"), 9, "after {after}: {json}");
        assert_eq!(count(&json, "infeasible"), 1, "after {after}: {json}");
        assert!(!err.contains("cannot read"), "after {after}: {err}");
        // Path mode asks more queries (and more get-values).
        let (out, json, _) = with_fault("warning", after, &["--mode", "paths"]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert_eq!(
            count(&json, "infeasible"),
            1,
            "paths, after {after}: {json}"
        );
        assert_eq!(count(&json, "unknown"), 0, "paths, after {after}: {json}");
    }
}

/// A hang is cut by the per-query watchdog: the process is killed, a
/// fresh one is given the transcript and the analysis goes on; the block
/// it hung on is unknown.
#[test]
fn a_solver_that_hangs_is_killed_per_query() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    for fault in ["hang", "mute"] {
        let (out, json, took) = with_fault(fault, 1, &["--timeout-ms", "300"]);
        check_kept(fault, &out, &json);
        assert!(took < Duration::from_secs(30), "{fault}: {took:?}");
        let reasons: Vec<String> = blocks(&json).into_iter().filter_map(|b| b.2).collect();
        assert!(
            reasons.iter().any(|r| r.contains("did not answer within")),
            "{fault}: {reasons:?}"
        );
    }
}

/// yices gets no timeout of its own (it slows yices down): bicd's watchdog
/// stops a yices query at the per-query timeout itself. The fake solver
/// poses as yices here; every fresh process answers one query and hangs on
/// the next, so the run goes on (only kills in a row give up).
#[test]
fn a_yices_query_is_stopped_at_the_per_query_timeout() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let file = scratch("hang-as-yices.bpl", PROGRAM);
    let solver = fake_solver();
    let args = [
        "cover",
        "--solver",
        "yices",
        "--solver-command",
        solver.as_str(),
        "--timeout-ms",
        "300",
        "--format",
        "json",
        file.to_str().unwrap(),
    ];
    let (out, took) = bicd(&args, &[("FAKE_FAULT", "hang"), ("FAKE_AFTER", "1")]);
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON report ({e}): {}", text(&out.stderr)));
    check_kept("hang (as yices)", &out, &json);
    assert!(took < Duration::from_secs(30), "{took:?}");
    let reasons: Vec<String> = blocks(&json).into_iter().filter_map(|b| b.2).collect();
    assert!(
        reasons
            .iter()
            .any(|r| r.contains("did not answer within the per-query timeout (300 ms)")),
        "{reasons:?}"
    );
}

/// The run's time limit stops a solver that never answers, even with no
/// per-query timeout, and keeps what was found.
#[test]
fn the_time_limit_stops_a_hanging_solver() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let (out, json, took) = with_fault("hang", 1, &["--timeout-ms", "0", "--time-limit", "1s"]);
    check_kept("hang", &out, &json);
    assert!(took < Duration::from_secs(10), "{took:?}");
    let err = text(&out.stderr);
    assert!(
        err.contains("the time limit of 1 s (--time-limit) was reached"),
        "{err}"
    );
}

/// A time limit that runs out on hanging solvers leaves every procedure in
/// the report, each with the time limit as its error and its undecided
/// blocks unknown (the limit is shared, so `q` gets its own share after
/// `p`'s hangs; a procedure that found no time at all would say "before
/// this procedure was analysed"); the report is complete and well-formed.
#[test]
fn procedures_after_the_time_limit_are_unknown() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let two = format!(
        "{PROGRAM}\n{}",
        PROGRAM.replace("procedure p", "procedure q")
    );
    let file = scratch("two.bpl", &two);
    let solver = fake_solver();
    let (out, _) = bicd(
        &[
            "cover",
            "--solver",
            "z3",
            "--solver-command",
            &solver,
            "--timeout-ms",
            "0",
            "--time-limit",
            "700ms",
            "--format",
            "json",
            file.to_str().unwrap(),
        ],
        &[("FAKE_FAULT", "hang"), ("FAKE_AFTER", "1")],
    );
    assert_eq!(out.status.code(), Some(3));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let procs = json["procedures"].as_array().unwrap();
    assert_eq!(procs.len(), 2);
    for p in procs {
        let error = p["error"].as_str().unwrap();
        assert!(error.contains("time limit of 700 ms"), "{error}");
        for b in p["blocks"].as_array().unwrap() {
            assert!(
                b["status"] != "infeasible" || b["label"] == "anon3_Then",
                "{b}"
            );
        }
        assert!(
            p["blocks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["status"] == "unknown"),
            "{p}"
        );
    }
}

#[test]
fn a_missing_solver_binary() {
    let file = scratch("missing.bpl", PROGRAM);
    let f = file.to_str().unwrap();
    // Not on PATH.
    let (out, _) = bicd(&["cover", "--solver", "z3", f], &[("PATH", "/nonexistent")]);
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert!(err.contains("not installed or not on PATH"), "{err}");
    assert!(err.contains("apt-get install -y z3"), "{err}");
    // A --solver-command that does not exist.
    let (out, _) = bicd(
        &[
            "cover",
            "--solver-command",
            "/nonexistent/z3",
            "--format",
            "json",
            f,
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("`/nonexistent/z3` (--solver-command) does not exist"));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(count(&json, "unknown"), 10);
    assert_eq!(count(&json, "infeasible"), 0);
}

/// A solver that is no solver at all (exits at once, prints nothing).
#[test]
fn a_solver_command_that_is_not_a_solver() {
    let file = scratch("false.bpl", PROGRAM);
    let (out, _) = bicd(
        &[
            "cover",
            "--solver-command",
            "false",
            "--format",
            "json",
            file.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("exited"),
        "{}",
        text(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(count(&json, "infeasible"), 0);
}

#[test]
fn bad_durations_are_usage_errors() {
    for bad in ["3x", "-1s", "0", "abc", "1e400s"] {
        let (out, _) = bicd(&["cover", "--time-limit", bad, "x.bpl"], &[]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

/// Path mode on 2^60 paths stops at --max-tests, says the cover is
/// partial, and stays small.
#[test]
fn path_mode_on_astronomically_many_paths_stops_at_the_limit() {
    let mut text = String::from("procedure p() returns (y: int)\n{\n  var x: int;\n  y := 0;\n");
    for i in 0..60 {
        text.push_str(&format!(
            "  havoc x;\n  if (x > {i}) {{ y := y + 1; }} else {{ y := y - 1; }}\n"
        ));
    }
    text.push_str("}\n");
    let file = scratch("diamonds60.bpl", &text);
    let out = cli::bicd([
        "cover",
        "--mode",
        "paths",
        "--max-tests",
        "150",
        "--format",
        "json",
    ])
    .arg(&file)
    .memory_limit_kib(3_000_000)
    .output();
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", cli::text(&out.stderr)));
    let p = &json["procedures"][0];
    assert_eq!(p["tests"].as_array().unwrap().len(), 150);
    assert_eq!(p["partial"], true);
    assert_eq!(count(&json, "infeasible"), 0);
    // The text report says so.
    let out = cli::bicd(["cover", "--mode", "paths", "--max-tests", "20"])
        .arg(&file)
        .output();
    let report = cli::text(&out.stdout);
    assert!(
        report.contains("20 tests") && report.contains("partial: stopped at --max-tests"),
        "{report}"
    );
}

/// Four nondeterministic diamonds: 16 paths, every one feasible.
const SIXTEEN_PATHS: &str = "procedure p() returns (y: int)
{
  y := 0;
  goto a1, b1;
  a1: y := y + 1; goto m1;
  b1: y := y - 1; goto m1;
  m1: goto a2, b2;
  a2: y := y + 1; goto m2;
  b2: y := y - 1; goto m2;
  m2: goto a3, b3;
  a3: y := y + 1; goto m3;
  b3: y := y - 1; goto m3;
  m3: goto a4, b4;
  a4: y := y + 1; goto m4;
  b4: y := y - 1; goto m4;
  m4: return;
}
";

/// Path mode when the solver is killed and restarted (a hang at the
/// per-query timeout; the fake poses as yices, whose queries bicd's
/// watchdog stops at the timeout itself), gives up after kills in a row,
/// exits or reports an error: never more tests than `--max-tests`, and
/// the cover is `partial` whenever it stopped before the solver's final
/// `unsat` (nothing is infeasible: all 16 paths are feasible).
#[test]
fn path_mode_after_restarts_and_failures_stays_within_the_limit_and_partial() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let file = scratch("sixteen.bpl", SIXTEEN_PATHS);
    let solver = fake_solver();
    let mut cases = Vec::new();
    for after in 0..4 {
        for max in [2, 3, 5, 16] {
            cases.push(("hang", after, max));
        }
    }
    for fault in ["exit", "error", "unknown"] {
        cases.push((fault, 2, 5));
    }
    for (fault, after, max) in cases {
        let after_text = after.to_string();
        let max_text = max.to_string();
        let args = [
            "cover",
            "--mode",
            "paths",
            "--max-tests",
            &max_text,
            "--solver",
            "yices",
            "--solver-command",
            &solver,
            "--timeout-ms",
            "150",
            "--format",
            "json",
            file.to_str().unwrap(),
        ];
        let (out, _) = bicd(&args, &[("FAKE_FAULT", fault), ("FAKE_AFTER", &after_text)]);
        let case = format!("{fault} after {after}, --max-tests {max}");
        let json: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{case}: no JSON report ({e}): {}", text(&out.stderr)));
        let p = &json["procedures"][0];
        let tests = p["tests"].as_array().unwrap().len();
        assert!(tests <= max, "{case}: {tests} tests");
        assert_eq!(count(&json, "infeasible"), 0, "{case}: {json}");
        // 16 tests would be all paths, but only the final unsat proves it.
        assert_eq!(p["partial"], true, "{case}: {json}");
        // Exit 3 when something is left undecided, else 0 (all covered).
        let undecided = count(&json, "unknown") > 0 || !p["error"].is_null();
        let expected = if undecided { 3 } else { 0 };
        assert_eq!(out.status.code(), Some(expected), "{case}: {json}");
    }
}

/// The text summary says why a path cover is partial: here the solver
/// exits in the middle, so not the test limit but the error below.
#[test]
fn the_summary_line_says_why_a_path_cover_is_partial() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let file = scratch("sixteen-text.bpl", SIXTEEN_PATHS);
    let solver = fake_solver();
    let args = [
        "cover",
        "--mode",
        "paths",
        "--solver",
        "z3",
        "--solver-command",
        solver.as_str(),
        file.to_str().unwrap(),
    ];
    let (out, _) = bicd(&args, &[("FAKE_FAULT", "exit"), ("FAKE_AFTER", "3")]);
    let report = text(&out.stdout);
    assert!(
        report.contains("partial: stopped by the error below"),
        "{report}"
    );
    assert!(!report.contains("stopped at --max-tests"), "{report}");
}

/// `--time-limit` is shared fairly: a procedure whose solver never answers
/// gets its share of the time, and the procedures after it still get
/// theirs (before, the first one took all of it and the others were "not
/// analysed").
#[test]
fn a_hard_procedure_does_not_take_the_time_of_the_others() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let program = "procedure hard(x: int) returns (hang_here: int)
{
  if (x > 0) { hang_here := 1; } else { hang_here := 2; }
}
procedure easy1(y: int) returns (r: int)
{
  if (y > 0) { r := 1; } else { r := 2; }
}
procedure easy2(y: int) returns (r: int)
{
  if (y > 5) { r := 1; } else { r := 2; }
}
";
    let (json, took) = hanging_on("shared-time.bpl", program, "hang_here", "6s");
    assert!(took < Duration::from_secs(60), "{took:?}");
    let procedures = json["procedures"].as_array().unwrap();
    let status = |p: &Value| -> Vec<String> {
        p["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["status"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(procedures[0]["name"], "hard");
    assert!(
        status(&procedures[0]).iter().all(|s| s == "unknown"),
        "{json}"
    );
    let error = procedures[0]["error"].as_str().unwrap_or_default();
    assert!(error.contains("share of the time limit"), "{error}");
    for p in &procedures[1..] {
        assert!(status(p).iter().all(|s| s == "covered"), "{json}");
    }
}

/// yices that stalls on the first question, the whole VC, before any test
/// (a SMACK harness: yices 21.8 s, z3 0.7 s): after the question's 3 s the
/// rest of the run is z3's, every block is decided, and the report says
/// which solver ran and why.
#[test]
fn yices_stalled_on_the_whole_vc_hands_the_run_to_z3() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    // A harness whose concrete runs find no terminating run (it ends in
    // `assume !assertsPassed`), so the whole VC is the first question.
    let program = support::harness_without_terminating_runs(200);
    let file = scratch("stall-as-yices.bpl", &program);
    let solver = fake_solver();
    // The switch happens in the cover, and each call mode reports it.
    for calls in ["inline", "stratified", "summary"] {
        let args = [
            "cover",
            "--solver",
            "yices",
            "--solver-command",
            solver.as_str(),
            "--unwind",
            "1",
            "--calls",
            calls,
            "--time-limit",
            "60s",
            "--format",
            "json",
            "--fail-on",
            "never",
            file.to_str().unwrap(),
        ];
        let (out, took) = bicd(&args, &[("FAKE_FAULT", "hang"), ("FAKE_AFTER", "0")]);
        let json: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("no JSON report ({e}): {}", text(&out.stderr)));
        assert!(took < Duration::from_secs(30), "{calls}: {took:?}");
        let statuses: Vec<String> = blocks(&json).into_iter().map(|b| b.1).collect();
        assert!(
            statuses.iter().all(|s| s == "infeasible"),
            "{calls}: {statuses:?}\n{}",
            text(&out.stderr)
        );
        assert!(
            json.to_string()
                .contains("solver z3 instead of yices: yices did not answer"),
            "{calls}: {json}"
        );
    }
}

/// A quantified Corral harness whose whole inlined VC gets no answer
/// (SDV's `sys`: none from z3 in 20 s) is analysed by stratified inlining
/// after a quarter of its time: the first round leaves the call open,
/// and its test covers the entry's own blocks.
#[test]
fn an_inlined_vc_without_an_answer_goes_stratified() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let program = "function f(x: int): int;
axiom (forall x: int :: f(x) > x);
procedure {:entrypoint} main(a: int) returns (r: int)
{
  if (a > 0) { r := 1; } else { r := 2; }
  call r := helper(r);
}
procedure helper(x: int) returns (y: int)
{
  var hang_here: int;
  havoc hang_here;
  assume hang_here == x;
  if (hang_here > 1) { y := 1; } else { y := 2; }
}
";
    let (json, took) = hanging_on("stalls-inlined.bpl", program, "hang_here", "4s");
    assert!(took < Duration::from_secs(60), "{took:?}");
    let main = &json["procedures"][0];
    let covered: Vec<&str> = main["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["status"] == "covered")
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    // The solver hangs once it is sent the callee's local: every query
    // of the whole VC, and those of the rounds that inline the call.
    for label in ["anon0", "anon2"] {
        assert!(covered.contains(&label), "{label}: {json}");
    }
    let notes = main["notes"].to_string();
    assert!(notes.contains("decided nothing"), "{json}");
    assert!(notes.contains("stratified inlining"), "{json}");
}

/// A procedure whose share of the time was used up before it started
/// reports every block and assertion of its inlined program unknown,
/// with the reason, as many as an analysis with time lists (its VC,
/// which no solver would read, is not built).
#[test]
fn a_procedure_with_no_time_left_lists_every_block_unknown() {
    let text = "procedure p(x: int) returns (y: int)
{
  var i: int;
  i := 0;
  while (i < x) { i := i + 1; assert i > 0; }
  call y := q(i);
}
procedure q(a: int) returns (b: int)
{
  if (a > 2) { b := a; } else { b := 0; }
  assert b >= 0;
}
";
    let mut sources = bicd::source::SourceMap::new();
    let file = sources.add("no-time.bpl", text);
    let program = bicd::front::resolve::load_program(&sources, file).expect("loads");
    let entry = program.proc_by_name("p").expect("p");
    let with_time = bicd::driver::Options::new(SolverKind::Yices);
    let none_left = bicd::driver::Options {
        deadline: Some(bicd::back::solver::Deadline::for_run(Duration::ZERO)),
        ..with_time.clone()
    };
    let late = bicd::driver::analyze_procedure(&program, &sources, entry, &none_left);
    let error = late.error.clone().expect("an error");
    assert!(
        error.contains("before this procedure was analysed"),
        "{error}"
    );
    assert!(late.tests.is_empty());
    for b in &late.blocks {
        assert!(
            matches!(&b.status, bicd::driver::BlockStatus::Unknown(r) if *r == error),
            "{}: {:?}",
            b.display,
            b.status
        );
    }
    for a in &late.assertions {
        assert!(
            matches!(&a.status, bicd::driver::AssertStatus::Unknown(r) if *r == error),
            "{:?}",
            a.status
        );
    }
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let timely = bicd::driver::analyze_procedure(&program, &sources, entry, &with_time);
    let keys =
        |r: &bicd::driver::ProcedureResult| r.blocks.iter().map(|b| b.key).collect::<Vec<_>>();
    assert_eq!(keys(&late), keys(&timely));
    assert_eq!(late.assertions.len(), timely.assertions.len());
}
