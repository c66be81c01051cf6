//! The JSON report (`--format json`).
//!
//! Takes: [`FileResult`]s (validated by replay) and the run's settings.
//! Gives: the JSON report of issue 2 (documented in the README; its field
//! names are stable). Everything is said in terms of the original program:
//! block labels (callee blocks as `proc::label`) and source lines.

use super::locations::source_json;
use crate::driver::{AssertStatus, BlockStatus, FileResult, Options, ProcedureResult, Proof};
use crate::ir::testcase::{Outcome, TestCase};
use crate::ir::AssertKind;
use crate::source::SourceMap;
use serde_json::{json, Value as Json};

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
    // From a candidate model no solver checked.
    if p.unconfirmed.contains(&t.id) {
        obj["unconfirmed"] = json!(true);
    }
    // Quantified conditions the replay took on trust.
    if let Some(spans) = p.trusted.get(&t.id) {
        obj["trusted"] = spans
            .iter()
            .map(|s| {
                let (line, col) = sources.line_col(*s);
                json!({ "line": line, "col": col })
            })
            .collect();
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
            match b.proof {
                Some(Proof::Unbounded) => o["proof"] = json!("unbounded"),
                Some(Proof::Bounded) => o["proof"] = json!("bounded"),
                None => {}
            }
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
                AssertStatus::Holds => match a.proof {
                    Some(Proof::Unbounded) => o["proof"] = json!("unbounded"),
                    _ => o["proof"] = json!("bounded"),
                },
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

/// Loop-iteration coverage (`--loop-coverage`): per loop its header, the
/// line of the header (the `while`) and one entry per count.
fn loops_json(sources: &SourceMap, p: &ProcedureResult) -> Json {
    p.loops
        .iter()
        .map(|l| {
            json!({
                "head": l.display,
                "proc": l.proc,
                "line": line(sources, l.span),
                "iterations": l.iterations.iter().map(|it| {
                    let mut o = json!({ "count": it.count });
                    match &it.status {
                        BlockStatus::Covered(ts) => {
                            o["status"] = json!("covered");
                            o["test"] = json!(ts.first());
                        }
                        BlockStatus::Infeasible => o["status"] = json!("infeasible"),
                        BlockStatus::Unknown(r) => {
                            o["status"] = json!("unknown");
                            o["reason"] = json!(r);
                        }
                        BlockStatus::UncoveredSummary => o["status"] = json!("unknown"),
                    }
                    o
                }).collect::<Vec<_>>(),
            })
        })
        .collect()
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
            .flat_map(|(s, f)| {
                f.procedures.iter().map(|p| {
                    let mut o = procedure_json(s, &f.file, p);
                    if options.loop_coverage {
                        o["loops"] = loops_json(s, p);
                    }
                    o
                })
            })
            .collect::<Vec<_>>(),
        "errors": errors,
    })
}
