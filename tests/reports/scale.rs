//! Text reports of programs with many blocks and assertions (issue 18):
//! lists that grow with the program show their first few items and say
//! how many more there are; findings left unknown for one reason make one
//! note, not one each; JSON keeps everything. The undecided blocks come
//! from a missing solver or from the fake solver answering `unknown` to
//! every query (`tests/fake-solver/fake-z3`), never from a timing.

use crate::support;
use crate::support::cli;
use bicd::back::solver::SolverKind;
use std::path::PathBuf;

/// `n` ifs in a row, each followed by an assertion: `3n + 1` blocks, `n`
/// assertions that hold.
fn many_ifs(n: usize) -> String {
    let mut text = String::from("procedure many(x: int) returns (y: int)\n{\n  y := 0;\n");
    for i in 0..n {
        text.push_str(&format!(
            "  if (x == {i}) {{ y := y + {i}; }}\n  assert y >= 0;\n"
        ));
    }
    text.push_str("}\n");
    text
}

/// A folder of its own (`test`: the test's name) holding `many.bpl` (30
/// ifs): reports name the file relative to it.
fn program_dir(test: &str) -> PathBuf {
    let file = support::scratch(&format!("scale-{test}"), "many.bpl", many_ifs(30));
    file.parent().unwrap().to_path_buf()
}

fn fake_solver() -> String {
    support::crate_path("tests/fake-solver/fake-z3")
        .display()
        .to_string()
}

#[test]
fn a_failed_analysis_lists_a_few_undecided_blocks() {
    // No solver on PATH: the analysis fails before any query.
    let (code, out, err) = cli::bicd(["cover", "many.bpl"])
        .in_dir(program_dir("failed"))
        .env("PATH", "/nonexistent")
        .run();
    assert_eq!(code, 3, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn many_unknowns_for_one_reason_make_one_note() {
    if !support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let solver = fake_solver();
    let run = |format: &str| {
        cli::bicd([
            "cover",
            "--solver",
            "z3",
            "--solver-command",
            solver.as_str(),
            "--format",
            format,
            // The unknowns are the fake solver's; the search would cover
            // blocks it leaves open.
            "--search",
            "off",
            "many.bpl",
        ])
        .in_dir(program_dir("unknown"))
        .env("FAKE_FAULT", "unknown")
        .env("FAKE_AFTER", "0")
        .run()
    };
    let (code, out, err) = run("text");
    assert_eq!(code, 3, "{err}");
    assert_eq!(out.matches("note[unknown]").count(), 2, "{out}");
    insta::assert_snapshot!(out);
    // JSON lists every block and assertion.
    let (code, out, err) = run("json");
    assert_eq!(code, 3, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p = &doc["procedures"][0];
    let unknown = |what: &str| {
        p[what]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["status"] == "unknown")
            .count()
    };
    assert_eq!(unknown("blocks"), 91, "{out}");
    assert_eq!(unknown("assertions"), 30, "{out}");
}

#[test]
fn assertions_that_hold_are_listed_a_few() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let (code, out, err) = cli::bicd(["cover", "many.bpl"])
        .in_dir(program_dir("holds"))
        .run();
    assert_eq!(code, 0, "{err}");
    let holds = out
        .lines()
        .find(|l| l.trim_start().starts_with("holds"))
        .unwrap_or_else(|| panic!("a holds line: {out}"));
    assert_eq!(
        holds,
        "  holds: assert (line 5), assert (line 7), \
         assert (line 9), assert (line 11), assert (line 13), assert (line 15), \
         assert (line 17), assert (line 19), ... and 22 more; `--format json` lists them all"
    );
}
