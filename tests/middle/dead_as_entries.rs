//! Blocks proved infeasible by the analysis of their own procedure as an
//! entry, taken as decided by its callers' analyses in the same run
//! (`driver::dead_as_entries`): the same verdicts as each entry analysed
//! alone, the report says which blocks came from there, and a procedure
//! whose analysis assumed something of its start (a free `requires` or a
//! `where` clause on a variable) lends its callers nothing.

use crate::analyse::{analyse, options};
use bicd::back::solver::SolverKind;
use bicd::driver::{
    analyze_procedure, select_entries, BlockStatus, CallMode, FileResult, ProcedureResult,
};
use bicd::front::resolve::load_program;
use bicd::source::SourceMap;
use std::collections::BTreeMap;

fn kind(status: &BlockStatus) -> &'static str {
    match status {
        BlockStatus::Covered(_) => "covered",
        BlockStatus::Infeasible => "infeasible",
        BlockStatus::Unknown(_) => "unknown",
        BlockStatus::UncoveredSummary => "uncovered (summary)",
    }
}

fn verdicts<'a>(ps: impl Iterator<Item = &'a ProcedureResult>) -> BTreeMap<String, &'static str> {
    let mut out = BTreeMap::new();
    for p in ps {
        for b in &p.blocks {
            out.insert(format!("{}: {}", p.name, b.display), kind(&b.status));
        }
    }
    out
}

/// Each entry of `text` analysed on its own, with nothing from another.
fn each_alone(name: &str, text: &str, calls: CallMode) -> Vec<ProcedureResult> {
    let mut sources = SourceMap::new();
    let file = sources.add(name, text);
    let program = load_program(&sources, file).expect("loads");
    let entries = select_entries(&program, &[]).expect("entries");
    let options = options(calls, SolverKind::Yices);
    entries
        .iter()
        .map(|&e| analyze_procedure(&program, &sources, e, &options))
        .collect()
}

fn procedure<'a>(r: &'a FileResult, name: &str) -> &'a ProcedureResult {
    r.procedures
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no procedure {name}"))
}

fn status_of<'a>(p: &'a ProcedureResult, display: &str) -> &'a BlockStatus {
    &p.blocks
        .iter()
        .find(|b| b.display == display)
        .unwrap_or_else(|| panic!("{}: no block {display}", p.name))
        .status
}

fn borrowed_note(p: &ProcedureResult) -> Option<&String> {
    p.notes
        .iter()
        .find(|n| n.contains("as an entry in this run proved"))
}

#[test]
fn generated_call_heavy_programs_get_the_verdicts_of_each_entry_alone() {
    for calls in [CallMode::Inline, CallMode::Stratified] {
        for (procs, sites) in [(3, 3), (4, 5)] {
            for seed in 0..3 {
                let name = format!("calls-p{procs}-s{sites}-{seed}.bpl");
                let text = bicd::experiments::gen::generate_calls(procs, sites, 50, seed);
                let together = analyse(&name, &text, calls, SolverKind::Yices);
                let alone = each_alone(&name, &text, calls);
                assert_eq!(
                    verdicts(together.procedures.iter()),
                    verdicts(alone.iter()),
                    "{name} ({})\n{text}",
                    calls.name()
                );
            }
        }
    }
}

/// `inner`'s `dead` block is dead for every argument; `outer` calls it.
const SHARED: &str = r#"
const limit: int;
axiom limit > 0;

procedure inner(x: int) returns (r: int)
{
  start: goto pos, nonpos;
  pos: assume x > limit; goto dead, live;
  dead: assume x < 0; r := 0; return;
  live: assume x >= 0; r := 1; return;
  nonpos: assume x <= limit; r := 2; return;
}

procedure outer(y: int) returns (s: int)
{
  start: call s := inner(y + 1); return;
}
"#;

#[test]
fn a_callers_report_names_the_blocks_its_callees_analysis_proved() {
    let r = analyse("shared.bpl", SHARED, CallMode::Inline, SolverKind::Yices);
    let inner = procedure(&r, "inner");
    assert_eq!(status_of(inner, "dead"), &BlockStatus::Infeasible);
    assert!(borrowed_note(inner).is_none(), "{:?}", inner.notes);
    let outer = procedure(&r, "outer");
    assert_eq!(status_of(outer, "inner::dead"), &BlockStatus::Infeasible);
    let note = borrowed_note(outer).unwrap_or_else(|| panic!("{:?}", outer.notes));
    assert!(note.starts_with("1 block of `inner`"), "{note}");
}

/// `inner` as an entry assumes its free `requires` (`x > 0`) and its
/// parameter's `where` clause (`y > 0`), and the global's (`g > 0`), so
/// its analysis proves `neg_x`, `neg_y` and `neg_g` dead; `outer` calls it
/// where none holds, and covers all three.
const ASSUMED_AT_START: &str = r#"
var g: int where g > 0;

procedure inner(x: int, y: int where y > 0) returns (r: int)
  free requires x > 0;
{
  start: goto neg_x, neg_y, neg_g, other;
  neg_x: assume x <= 0; r := 0; return;
  neg_y: assume y <= 0; r := 1; return;
  neg_g: assume g <= 0; r := 2; return;
  other: r := 3; return;
}

procedure outer() returns (s: int)
  modifies g;
{
  start: g := -1; call s := inner(-1, -1); return;
}
"#;

#[test]
fn a_callee_that_assumes_something_of_its_start_lends_nothing() {
    for calls in [CallMode::Inline, CallMode::Stratified] {
        let r = analyse("assumed.bpl", ASSUMED_AT_START, calls, SolverKind::Yices);
        let inner = procedure(&r, "inner");
        let outer = procedure(&r, "outer");
        for block in ["neg_x", "neg_y", "neg_g"] {
            assert_eq!(status_of(inner, block), &BlockStatus::Infeasible, "{block}");
            assert!(
                matches!(
                    status_of(outer, &format!("inner::{block}")),
                    BlockStatus::Covered(_)
                ),
                "{block} ({})",
                calls.name()
            );
        }
        assert!(borrowed_note(outer).is_none(), "{:?}", outer.notes);
    }
}
