//! Reports: what the analysis found, as text for people and JSON for tools.
//!
//! Takes: [`FileResult`]s (validated by replay) and the run's settings.
//! Gives: the text report and the JSON report of issue 2 (format documented
//! in the README; its field names are stable). Everything is said in terms
//! of the original program: block labels (callee blocks as `proc::label`)
//! and source lines.

use crate::analyze::{AssertStatus, BlockStatus, FileResult, Options, ProcedureResult};
use crate::ir::AssertKind;
use crate::source::SourceMap;
use crate::testcase::{ChoiceKind, Outcome, TestCase};
use serde_json::{json, Value as Json};
use std::fmt::Write as _;

/// Counts that decide the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub blocks: usize,
    pub covered: usize,
    pub infeasible: usize,
    pub unknown: usize,
    pub failing_asserts: usize,
    pub unknown_asserts: usize,
    /// Procedures whose analysis failed on the solver's side.
    pub errors: usize,
    /// Procedures refused for their input (e.g. irreducible control flow).
    pub input_errors: usize,
}

impl Summary {
    pub fn of(files: &[FileResult]) -> Summary {
        let mut s = Summary::default();
        for p in files.iter().flat_map(|f| &f.procedures) {
            for b in &p.blocks {
                s.blocks += 1;
                match b.status {
                    BlockStatus::Covered(_) => s.covered += 1,
                    BlockStatus::Infeasible => s.infeasible += 1,
                    BlockStatus::Unknown(_) => s.unknown += 1,
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

fn outcome_text(sources: &SourceMap, p: &ProcedureResult, t: &TestCase) -> Option<String> {
    match t.outcome {
        Outcome::Returns => None,
        Outcome::AssertionFails(id) => {
            let a = p.assertions.iter().find(|a| a.id == id);
            Some(match a {
                Some(a) => format!(
                    "fails the {} at line {}",
                    assertion_kind(a.kind),
                    line(sources, a.span)
                ),
                None => "fails an assertion".to_string(),
            })
        }
    }
}

fn choice_kind(kind: ChoiceKind) -> &'static str {
    match kind {
        ChoiceKind::Havoc => "havoc",
        ChoiceKind::CallOutput => "call",
        ChoiceKind::Uninitialized => "uninitialized",
    }
}

/// The text report of one file.
pub fn text(sources: &SourceMap, file: &FileResult, options: &Options) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: unwind {}, {} cover, calls {}, solver {}",
        file.file,
        options.unwind,
        options.mode.name(),
        options.calls.name(),
        options.solver.name()
    );
    if file.procedures.is_empty() {
        let _ = writeln!(out, "no procedure with a body to analyse");
    }
    for p in &file.procedures {
        if p.input_error {
            let first = p
                .error
                .as_deref()
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("");
            let _ = writeln!(
                out,
                "procedure {} (line {}): not analysed: {}",
                p.name,
                line(sources, p.span),
                first
            );
            continue;
        }
        let covered = p
            .blocks
            .iter()
            .filter(|b| matches!(b.status, BlockStatus::Covered(_)))
            .count();
        let infeasible = p
            .blocks
            .iter()
            .filter(|b| b.status == BlockStatus::Infeasible)
            .count();
        let _ = writeln!(
            out,
            "procedure {} (line {}): {} of {} blocks covered, {} infeasible; {} test{}; {} quer{}{}",
            p.name,
            line(sources, p.span),
            covered,
            p.blocks.len(),
            infeasible,
            p.tests.len(),
            if p.tests.len() == 1 { "" } else { "s" },
            p.queries,
            if p.queries == 1 { "y" } else { "ies" },
            if p.partial { " (partial: stopped at --max-tests)" } else { "" },
        );
        if let Some(e) = &p.error {
            let _ = writeln!(out, "  error: {}", e.lines().next().unwrap_or(""));
        }
        for b in &p.blocks {
            match &b.status {
                BlockStatus::Infeasible => {
                    let _ = writeln!(
                        out,
                        "  infeasible block {} at line {}",
                        b.display,
                        line(sources, b.span)
                    );
                }
                BlockStatus::Unknown(why) => {
                    let _ = writeln!(
                        out,
                        "  unknown block {} at line {}: {}",
                        b.display,
                        line(sources, b.span),
                        why
                    );
                }
                BlockStatus::Covered(_) => {}
            }
        }
        for a in &p.assertions {
            let what = format!(
                "{}{} at line {}",
                assertion_kind(a.kind),
                if a.proc != p.name {
                    format!(" of {}", a.proc)
                } else {
                    String::new()
                },
                line(sources, a.span)
            );
            let _ = match &a.status {
                AssertStatus::CanFail(t) => writeln!(out, "  {what} can fail (test {t})"),
                AssertStatus::Holds => writeln!(out, "  {what} holds within the bound"),
                AssertStatus::Unknown(why) => writeln!(out, "  {what} is unknown: {why}"),
            };
        }
        for t in &p.tests {
            let inputs: Vec<String> = t.inputs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            let _ = write!(
                out,
                "  test {}: inputs {}",
                t.id,
                if inputs.is_empty() {
                    "none".to_string()
                } else {
                    inputs.join(", ")
                }
            );
            if !t.choices.is_empty() {
                let cs: Vec<String> = t
                    .choices
                    .iter()
                    .map(|c| {
                        let var = if c.proc == p.name {
                            c.var.clone()
                        } else {
                            format!("{}::{}", c.proc, c.var)
                        };
                        format!(
                            "{var} = {} ({}, line {})",
                            c.value,
                            choice_kind(c.kind),
                            c.line
                        )
                    })
                    .collect();
                let _ = write!(out, "; choices {}", cs.join(", "));
            }
            let trace: Vec<String> = t.trace.iter().map(|s| s.display(&p.name)).collect();
            let _ = write!(out, "; trace {}", trace.join(" → "));
            if let Some(o) = outcome_text(sources, p, t) {
                let _ = write!(out, "; {o}");
            }
            out.push('\n');
        }
    }
    out
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
    obj
}

fn procedure_json(sources: &SourceMap, file: &str, p: &ProcedureResult) -> Json {
    json!({
        "file": file,
        "name": p.name,
        "line": line(sources, p.span),
        "blocks": p.blocks.iter().map(|b| {
            let (status, tests, reason) = match &b.status {
                BlockStatus::Covered(ts) => ("covered", ts.clone(), None),
                BlockStatus::Infeasible => ("infeasible", vec![], None),
                BlockStatus::Unknown(r) => ("unknown", vec![], Some(r.clone())),
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
            o
        }).collect::<Vec<_>>(),
        "tests": p.tests.iter().map(|t| test_json(sources, p, t)).collect::<Vec<_>>(),
        "queries": p.queries,
        "partial": p.partial,
        "error": p.error,
    })
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
