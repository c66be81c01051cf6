//! The JSON report, and the counts that decide the exit status.
//!
//! Takes: [`FileResult`]s (validated by replay) and the run's settings.
//! Gives: the JSON report of issue 2 (documented in the README; its field
//! names are stable) and [`Summary`]. The text report is
//! [`crate::report::text`], SARIF is [`crate::report::sarif`]. Everything is said in terms
//! of the original program: block labels (callee blocks as `proc::label`)
//! and source lines.

pub mod cfg_picture;
pub mod exit_status;
pub mod progress;
pub mod sarif;
pub mod text;

use crate::driver::{AssertStatus, BlockStatus, FileResult, Options, ProcedureResult};
use crate::ir::testcase::{Outcome, TestCase};
use crate::ir::{AssertKind, SourceLoc};
use crate::source::SourceMap;
use serde_json::{json, Value as Json};

/// Counts that decide the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub blocks: usize,
    pub covered: usize,
    pub infeasible: usize,
    pub unknown: usize,
    /// Summary mode: blocks no test under the summaries reaches, not proved
    /// infeasible.
    pub uncovered_summary: usize,
    pub failing_asserts: usize,
    pub unknown_asserts: usize,
    /// Procedures whose analysis failed on the solver's side.
    pub errors: usize,
    /// Procedures refused for their input (e.g. irreducible control flow).
    pub input_errors: usize,
}

impl Summary {
    pub fn of<'a>(files: impl IntoIterator<Item = &'a FileResult>) -> Summary {
        let mut s = Summary::default();
        for p in files.into_iter().flat_map(|f| &f.procedures) {
            for b in &p.blocks {
                s.blocks += 1;
                match b.status {
                    BlockStatus::Covered(_) => s.covered += 1,
                    BlockStatus::Infeasible => s.infeasible += 1,
                    BlockStatus::Unknown(_) => s.unknown += 1,
                    BlockStatus::UncoveredSummary => s.uncovered_summary += 1,
                }
            }
            for a in &p.assertions {
                match a.status {
                    AssertStatus::CanFail(_) => s.failing_asserts += 1,
                    AssertStatus::Unknown(_) => s.unknown_asserts += 1,
                    AssertStatus::Holds => {}
                }
            }
            if p.error.is_some() {
                if p.input_error {
                    s.input_errors += 1;
                } else {
                    s.errors += 1;
                }
            }
        }
        s
    }
}

fn assertion_kind(kind: AssertKind) -> &'static str {
    match kind {
        AssertKind::Assert => "assert",
        AssertKind::Requires => "requires",
        AssertKind::Ensures => "ensures",
    }
}

fn line(sources: &SourceMap, span: crate::source::Span) -> usize {
    sources.line(span)
}

/// `{"file", "line", "col"}` of an original source location (`col` is
/// `null` when the attribute gives none).
pub fn source_json(loc: &SourceLoc) -> Json {
    json!({ "file": loc.file, "line": loc.line, "col": loc.col })
}

/// `file:line:col` (or `file:line`) of an original source location.
pub fn source_text(loc: &SourceLoc) -> String {
    match loc.col {
        Some(c) => format!("{}:{}:{}", loc.file, loc.line, c),
        None => format!("{}:{}", loc.file, loc.line),
    }
}

fn test_json(sources: &SourceMap, p: &ProcedureResult, t: &TestCase) -> Json {
    let inputs: serde_json::Map<String, Json> = t
        .inputs
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::to_value(v).unwrap_or(Json::Null)))
        .collect();
    let mut obj = json!({
        "id": t.id,
        "inputs": inputs,
        "choices": t.choices.iter().map(|c| json!({
            "kind": c.kind,
            "proc": c.proc,
            "var": c.var,
            "value": c.value,
            "line": c.line,
        })).collect::<Vec<_>>(),
        "trace": t.trace.iter().map(|s| s.display(&p.name)).collect::<Vec<_>>(),
        "outcome": match t.outcome { Outcome::Returns => "returns", Outcome::AssertionFails(_) => "assertion-fails" },
    });
    if let Outcome::AssertionFails(id) = t.outcome {
        if let Some(a) = p.assertions.iter().find(|a| a.id == id) {
            obj["assertion_line"] = json!(line(sources, a.span));
        }
    }
    // Uninterpreted functions at the points the run needs (from the model).
    if !t.functions.is_empty() {
        obj["functions"] = json!(t.functions);
    }
    obj
}

fn procedure_json(sources: &SourceMap, file: &str, p: &ProcedureResult) -> Json {
    let mut obj = json!({
        "file": file,
        "name": p.name,
        "line": line(sources, p.span),
        "blocks": p.blocks.iter().map(|b| {
            let (status, tests, reason) = match &b.status {
                BlockStatus::Covered(ts) => ("covered", ts.clone(), None),
                BlockStatus::Infeasible => ("infeasible", vec![], None),
                BlockStatus::Unknown(r) => ("unknown", vec![], Some(r.clone())),
                BlockStatus::UncoveredSummary => (
                    "uncovered (summary)",
                    vec![],
                    Some("no test under the callees' summaries reaches it; summaries under-approximate, so it may be live".to_string()),
                ),
            };
            let mut o = json!({
                "label": b.display,
                "proc": b.proc,
                "line": line(sources, b.span),
                "end_line": line(sources, crate::source::Span { start: b.extent.end.saturating_sub(1).max(b.extent.start), ..b.extent }),
                "status": status,
                "tests": tests,
            });
            if let Some(r) = reason { o["reason"] = json!(r); }
            if let Some(s) = &b.source { o["source"] = source_json(s); }
            o
        }).collect::<Vec<_>>(),
        "assertions": p.assertions.iter().map(|a| {
            let mut o = json!({
                "kind": assertion_kind(a.kind),
                "proc": a.proc,
                "line": line(sources, a.span),
                "status": match &a.status {
                    AssertStatus::CanFail(_) => "can-fail",
                    AssertStatus::Holds => "holds",
                    AssertStatus::Unknown(_) => "unknown",
                },
            });
            match &a.status {
                AssertStatus::CanFail(t) => o["test"] = json!(t),
                AssertStatus::Unknown(r) => o["reason"] = json!(r),
                AssertStatus::Holds => {}
            }
            if let Some(s) = &a.source { o["source"] = source_json(s); }
            o
        }).collect::<Vec<_>>(),
        "tests": p.tests.iter().map(|t| test_json(sources, p, t)).collect::<Vec<_>>(),
        "queries": p.queries,
        "partial": p.partial,
        "error": p.error,
    });
    if let Some(n) = &p.solver_note {
        obj["solver_note"] = json!(n);
    }
    if !p.notes.is_empty() {
        obj["notes"] = json!(p.notes);
    }
    obj
}

/// The JSON report of a whole run (all files).
pub fn json(files: &[(&SourceMap, &FileResult)], errors: &[String], options: &Options) -> Json {
    json!({
        "unwind": options.unwind,
        "mode": options.mode.name(),
        "calls": options.calls.name(),
        "solver": options.solver.name(),
        "procedures": files
            .iter()
            .flat_map(|(s, f)| f.procedures.iter().map(|p| procedure_json(s, &f.file, p)))
            .collect::<Vec<_>>(),
        "errors": errors,
    })
}
