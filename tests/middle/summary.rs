//! Summary mode (`--calls summary`, issue 4): every test replays on the
//! original program, summary mode never calls a block infeasible that inline
//! mode covers, refinement finds a constant argument, recursion is
//! summarised, and the text report shows `uncovered (summary)`.

use crate::support;
use crate::support::cli;
use bicd::back::cover::CoverMode;
use bicd::back::solver::SolverKind;
use bicd::driver::SummarySettings;
use bicd::driver::{BlockStatus, CallMode, FileResult};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn summary(mode: CoverMode) -> CallMode {
    CallMode::Summary(SummarySettings {
        mode,
        ..SummarySettings::default()
    })
}

/// Analyses `text` with yices; panics when a test does not replay.
fn analyse(name: &str, text: &str, calls: CallMode) -> FileResult {
    crate::analyse::analyse(name, text, calls, SolverKind::Yices)
}

/// (entry, block owner, label) of the entry's own blocks with a status.
fn own_blocks(r: &FileResult, want: impl Fn(&BlockStatus) -> bool) -> BTreeSet<(String, String)> {
    r.procedures
        .iter()
        .flat_map(|p| {
            p.blocks
                .iter()
                .filter(|b| b.proc == p.name && want(&b.status))
                .map(|b| (p.name.clone(), b.label.clone()))
        })
        .collect()
}

fn check_against_inline(name: &str, text: &str, mode: CoverMode) -> (usize, usize) {
    let inline = analyse(name, text, CallMode::Inline);
    let summ = analyse(name, text, summary(mode));
    let covered_inline = own_blocks(&inline, |s| matches!(s, BlockStatus::Covered(_)));
    let infeasible_summary = own_blocks(&summ, |s| *s == BlockStatus::Infeasible);
    let wrong: Vec<_> = covered_inline.intersection(&infeasible_summary).collect();
    assert!(
        wrong.is_empty(),
        "{name}: summary mode calls blocks infeasible that inline mode covers: {wrong:?}\n{text}"
    );
    // And every block summary mode covers is covered by inline mode too.
    let covered_summary = own_blocks(&summ, |s| matches!(s, BlockStatus::Covered(_)));
    assert!(covered_summary.is_subset(&covered_inline), "{name}");
    (covered_inline.len(), covered_summary.len())
}

#[test]
fn generated_call_heavy_programs_replay_and_never_contradict_inline() {
    let mut total = (0, 0);
    for (procs, sites) in [(2, 2), (3, 3), (4, 5)] {
        for seed in 0..3 {
            let text = bicd::experiments::gen::generate_calls(procs, sites, 50, seed);
            let name = format!("calls-p{procs}-s{sites}-{seed}.bpl");
            let (i, s) = check_against_inline(&name, &text, CoverMode::Statements);
            total.0 += i;
            total.1 += s;
        }
    }
    // Summaries must cover a good part of what inlining covers.
    assert!(
        total.1 * 2 >= total.0,
        "summary covered {} of {}",
        total.1,
        total.0
    );
}

#[test]
fn path_summaries_replay_too() {
    let text = bicd::experiments::gen::generate_calls(3, 3, 50, 5);
    check_against_inline("calls-paths.bpl", &text, CoverMode::Paths);
}

fn calls_dir() -> PathBuf {
    support::crate_path("bench-programs/calls")
}

fn read(file: &str) -> String {
    std::fs::read_to_string(calls_dir().join(file)).expect("file")
}

#[test]
fn refinement_finds_a_constant_argument_the_callee_tests_did_not_use() {
    let text = read("constant-argument.bpl");
    let r = analyse(
        "constant-argument.bpl",
        &text,
        summary(CoverMode::Statements),
    );
    let main = r.procedures.iter().find(|p| p.name == "main").unwrap();
    // The unrefined summary of `inc` has one case (its one test); unless
    // that test happened to use x = 7, the then-branch needs refinement.
    let then = main
        .blocks
        .iter()
        .find(|b| b.label == "anon1_Then")
        .unwrap();
    assert!(matches!(then.status, BlockStatus::Covered(_)), "{main:#?}");
    assert!(
        main.notes.iter().any(|n| n.contains("(1 refined")),
        "{:?}",
        main.notes
    );
    // The else-branch is dead (y is always 8): summary mode must not call
    // it covered, and it cannot prove it alone.
    let els = main
        .blocks
        .iter()
        .find(|b| b.label == "anon1_Else")
        .unwrap();
    assert_eq!(els.status, BlockStatus::UncoveredSummary);
    check_against_inline("constant-argument.bpl", &text, CoverMode::Statements);
}

#[test]
fn recursion_is_unwound_then_summarised() {
    let text = read("recursion.bpl");
    let r = analyse("recursion.bpl", &text, summary(CoverMode::Statements));
    let main = r.procedures.iter().find(|p| p.name == "main").unwrap();
    let then = main
        .blocks
        .iter()
        .find(|b| b.label == "anon1_Then")
        .unwrap();
    assert!(matches!(then.status, BlockStatus::Covered(_)), "{main:#?}");
    // The test runs `down` three times (n = 2, 1, 0) in the original program.
    let t = &main.tests[0];
    assert_eq!(
        t.trace
            .iter()
            .filter(|s| s.proc == "down" && s.label == "anon0")
            .count(),
        3
    );
    check_against_inline("recursion.bpl", &text, CoverMode::Statements);
}

/// `bicd ARGS` in `bench-programs/calls/`: (exit status, stdout).
fn bicd(args: &[&str]) -> (i32, String) {
    let (code, out, _) = cli::bicd(args).in_dir(calls_dir()).run();
    (code, out)
}

#[test]
fn text_report_shows_uncovered_summary() {
    let (code, out) = bicd(&[
        "cover",
        "--calls",
        "summary",
        "--entry",
        "main",
        "uncovered-summary.bpl",
    ]);
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn confirm_turns_uncovered_summary_into_infeasible() {
    let (code, out) = bicd(&[
        "cover",
        "--calls",
        "summary",
        "--summary-confirm",
        "--entry",
        "main",
        "--format",
        "json",
        "uncovered-summary.bpl",
    ]);
    assert_eq!(code, 1, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = doc.to_string();
    assert!(text.contains("\"infeasible\""), "{text}");
    assert!(!text.contains("uncovered (summary)"), "{text}");
    let (_, out) = bicd(&[
        "cover",
        "--calls",
        "summary",
        "--entry",
        "main",
        "--format",
        "json",
        "uncovered-summary.bpl",
    ]);
    assert!(out.contains("\"uncovered (summary)\""), "{out}");
}
