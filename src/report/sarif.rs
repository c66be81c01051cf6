//! SARIF 2.1.0 output for code review (GitHub code scanning and others).
//!
//! Takes: the [`FileResult`]s of a run, their [`SourceMap`]s, the input
//! errors and the run's [`Options`]. Gives: one SARIF log
//! ([`sarif_log`]) with one rule per kind of finding (infeasible code, an
//! assertion that can fail, a verdict left unknown), one result per finding
//! located at the block's (or assertion's) source lines, the failing test of
//! an assertion as a `codeFlow` (its trace) and in `properties` (inputs,
//! choices, trace), and the bound, mode and solver in `run.properties`.
//! Issue 6, "--format sarif"; the meaning of a verdict is design.md's.

use crate::driver::{
    AssertStatus, BlockResult, BlockStatus, FileResult, Options, ProcedureResult, Proof,
};
use crate::ir::testcase::{Outcome, TestCase};
use crate::ir::{AssertKind, SourceLoc};
use crate::source::{SourceMap, Span};
use serde_json::{json, Value as Json};

/// The kinds of finding, one SARIF rule each (in `rules` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FindingKind {
    DeadCode,
    InfeasibleCode,
    FailingAssertion,
    Unknown,
}

impl FindingKind {
    pub const ALL: [FindingKind; 4] = [
        FindingKind::InfeasibleCode,
        FindingKind::FailingAssertion,
        FindingKind::Unknown,
        FindingKind::DeadCode,
    ];

    /// The rule id (stable: code-scanning alerts are keyed by it).
    pub(crate) fn rule_id(self) -> &'static str {
        match self {
            FindingKind::InfeasibleCode => "BICD1001",
            FindingKind::FailingAssertion => "BICD1002",
            FindingKind::Unknown => "BICD1003",
            FindingKind::DeadCode => "BICD1004",
        }
    }

    fn index(self) -> usize {
        match self {
            FindingKind::InfeasibleCode => 0,
            FindingKind::FailingAssertion => 1,
            FindingKind::Unknown => 2,
            FindingKind::DeadCode => 3,
        }
    }

    fn rule(self) -> Json {
        let (name, short, full, level) = match self {
            FindingKind::DeadCode => (
                "DeadCode",
                "Dead code: no execution reaches this block",
                "The SMT solver proved (answer `unsat`) that no execution passes through \
                 this block, whatever the number of loop iterations: the procedure has no \
                 loop or recursion, or an over-approximation of its loops (each loop head \
                 havocs what the loop changes, its invariants assumed) reaches the block on \
                 no path. The block is dead code, or a sign of contradicting assumptions, or \
                 of a bug in the code that should lead to it.",
                "warning",
            ),
            FindingKind::InfeasibleCode => (
                "InfeasibleCode",
                "Infeasible code: no terminating execution reaches this block within the bound",
                "The SMT solver proved (answer `unsat`) that no execution which terminates \
                 within the loop and recursion bound passes through this block; it did not \
                 prove the same for every iteration count. Raising the bound (--unwind) can \
                 make a block reachable that needs more loop iterations.",
                "note",
            ),
            FindingKind::FailingAssertion => (
                "FailingAssertion",
                "An assertion can fail: a concrete test makes it fail",
                "bicd found inputs (and values for every nondeterministic choice) under which \
                 an execution reaches this assertion (an `assert`, a callee's `requires` at a \
                 call, or an `ensures` at the exit) with its condition false. The test was \
                 replayed on the original program before it was reported.",
                "error",
            ),
            FindingKind::Unknown => (
                "AnalysisUnknown",
                "Not decided: the solver failed, timed out or answered unknown",
                "The analysis could not decide whether this block is reachable (or this \
                 assertion can fail) within the bound: the solver answered `unknown`, timed \
                 out or failed. Nothing is claimed about this code.",
                "note",
            ),
        };
        json!({
            "id": self.rule_id(),
            "name": name,
            "shortDescription": { "text": short },
            "fullDescription": { "text": full },
            "help": { "text": full },
            "defaultConfiguration": { "level": level },
            "properties": { "tags": ["correctness"] },
        })
    }
}

/// A file name as a relative URI reference (SARIF 3.10: forward slashes,
/// reserved characters percent-encoded).
pub(crate) fn file_uri(name: &str) -> String {
    let mut out = String::new();
    for c in name.replace('\\', "/").chars() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '.' | '_' | '~' | '/' => out.push(c),
            _ => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

/// The SARIF region of a span: 1-based lines, columns in characters,
/// `endColumn` one past the last character.
fn region(sources: &SourceMap, span: Span) -> Json {
    let file = sources.file(span.file);
    let (start_line, start_col) = file.line_col(span.start as usize);
    let (end_line, end_col) = file.line_col(span.end.max(span.start) as usize);
    let mut r = json!({
        "startLine": start_line,
        "startColumn": start_col,
        "endLine": end_line,
        "endColumn": end_col.max(if end_line == start_line { start_col + 1 } else { 1 }),
    });
    let text = file
        .text
        .get(span.start as usize..span.end.max(span.start) as usize)
        .unwrap_or("");
    if !text.is_empty() {
        r["snippet"] = json!({ "text": text });
    }
    r
}

fn location(sources: &SourceMap, span: Span, logical: &str, message: Option<String>) -> Json {
    let uri = file_uri(&sources.file(span.file).name);
    let mut loc = json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri },
            "region": region(sources, span),
        },
        "logicalLocations": [{ "fullyQualifiedName": logical, "kind": "function" }],
    });
    if let Some(m) = message {
        loc["message"] = json!({ "text": m });
    }
    loc
}

/// A result of a finding that has an original source location (a C line
/// that a front end named, [`crate::ir::srcloc`]): that place becomes the
/// primary location, so review tools show the finding on the original
/// code, and the Boogie place moves to `relatedLocations` (id 0); the
/// properties say `source` as in the JSON report.
fn original_first(mut result: Json, source: &Option<SourceLoc>) -> Json {
    let Some(loc) = source else { return result };
    let mut region = json!({ "startLine": loc.line });
    if let Some(c) = loc.col {
        region["startColumn"] = json!(c);
    }
    let mut original = json!({
        "physicalLocation": {
            "artifactLocation": { "uri": file_uri(&loc.file) },
            "region": region,
        },
    });
    if let Some(Json::Array(locs)) = result.get_mut("locations") {
        if let Some(mut bpl) = locs.first().cloned() {
            original["logicalLocations"] = bpl["logicalLocations"].clone();
            bpl["id"] = json!(0);
            bpl["message"] = json!({ "text": "the Boogie code" });
            locs[0] = original;
            result["relatedLocations"] = json!([bpl]);
        }
    }
    result["properties"]["source"] = crate::report::locations::source_json(loc);
    result
}

/// "within the bound": what `--unwind K` means, in words.
pub(crate) fn bound_words(k: u32) -> String {
    format!(
        "within {k} loop iteration{s} (each loop's back edge taken at most {k} time{s} per \
         entry into the loop, recursion at most {k} call{s} deep: --unwind {k})",
        s = if k == 1 { "" } else { "s" }
    )
}

fn assertion_words(kind: AssertKind) -> &'static str {
    match kind {
        AssertKind::Assert => "assertion",
        AssertKind::Requires => "precondition (requires)",
        AssertKind::Ensures => "postcondition (ensures)",
    }
}

/// The test as a plain JSON object (for `properties`).
fn test_properties(p: &ProcedureResult, t: &TestCase) -> Json {
    let inputs: serde_json::Map<String, Json> = t
        .inputs
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::to_value(v).unwrap_or(Json::Null)))
        .collect();
    json!({
        "id": t.id,
        "entry": t.entry,
        "inputs": inputs,
        "choices": t.choices.iter().map(|c| json!({
            "kind": c.kind, "proc": c.proc, "var": c.var, "value": c.value, "line": c.line,
        })).collect::<Vec<_>>(),
        "trace": t.trace.iter().map(|s| s.display(&p.name)).collect::<Vec<_>>(),
    })
}

/// One-line summary of a test's inputs and choices: `x = 0, y = 1`.
pub(crate) fn test_values(t: &TestCase) -> String {
    let mut parts: Vec<String> = t.inputs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    parts.extend(
        t.choices
            .iter()
            .map(|c| format!("{} = {} (line {})", c.var, c.value, c.line)),
    );
    if parts.is_empty() {
        "no inputs".to_string()
    } else {
        parts.join(", ")
    }
}

/// The trace of a failing test as a SARIF code flow: one location per
/// block entered, then the assertion.
fn code_flow(
    sources: &SourceMap,
    p: &ProcedureResult,
    t: &TestCase,
    assertion: Span,
    assertion_proc: &str,
) -> Json {
    let mut steps = Vec::new();
    for (i, step) in t.trace.iter().enumerate() {
        let block = p
            .blocks
            .iter()
            .find(|b| b.proc == step.proc && b.label == step.label);
        if let Some(b) = block {
            let msg = if i == 0 {
                format!(
                    "test {} starts in block `{}` with {}",
                    t.id,
                    b.display,
                    test_values(t)
                )
            } else {
                format!("enters block `{}`", b.display)
            };
            steps.push(json!({
                "location": location(sources, b.span, &format!("{}::{}", b.proc, b.label), Some(msg)),
                "nestingLevel": if b.proc == p.name { 0 } else { 1 },
                "executionOrder": i + 1,
            }));
        }
    }
    steps.push(json!({
        "location": location(sources, assertion, assertion_proc, Some("the condition is false here".to_string())),
        "executionOrder": steps.len() + 1,
        "importance": "essential",
    }));
    json!({
        "message": { "text": format!("test {} of procedure `{}`: {}", t.id, p.name, test_values(t)) },
        "threadFlows": [{ "locations": steps }],
    })
}

fn block_result(
    sources: &SourceMap,
    file: &str,
    options: &Options,
    p: &ProcedureResult,
    b: &BlockResult,
) -> Option<Json> {
    let callee = if b.proc != p.name {
        format!(" (inlined into procedure `{}`)", p.name)
    } else {
        String::new()
    };
    let (kind, text) = match &b.status {
        BlockStatus::Covered(_) => return None,
        BlockStatus::Infeasible if b.proof == Some(Proof::Unbounded) => (
            FindingKind::DeadCode,
            format!(
                "Dead code: no execution of procedure `{}` reaches block `{}`{}.",
                p.name, b.label, callee,
            ),
        ),
        BlockStatus::Infeasible => (
            FindingKind::InfeasibleCode,
            format!(
                "Infeasible code: no terminating execution of procedure `{}` reaches block `{}`{} {}; a larger bound may reach it.",
                p.name,
                b.label,
                callee,
                bound_words(options.unwind)
            ),
        ),
        BlockStatus::UncoveredSummary => (
            FindingKind::Unknown,
            format!(
                "Uncovered (summary): no test of procedure `{}` under its callees' summaries reaches block `{}`{} {}; summaries under-approximate, so the block may be live.",
                p.name,
                b.label,
                callee,
                bound_words(options.unwind)
            ),
        ),
        BlockStatus::Unknown(why) => (
            FindingKind::Unknown,
            format!(
                "Unknown: could not decide whether block `{}` of procedure `{}`{} is reachable {}: {}.",
                b.label,
                b.proc,
                callee,
                bound_words(options.unwind),
                why
            ),
        ),
    };
    Some(json!({
        "ruleId": kind.rule_id(),
        "ruleIndex": kind.index(),
        "level": match kind { FindingKind::Unknown => "note", _ => "warning" },
        "message": { "text": text },
        "locations": [location(sources, b.extent, &format!("{}::{}", b.proc, b.label), None)],
        "partialFingerprints": {
            "bicdFinding/v1": format!("{}:{}:{}:{}:{}", kind.rule_id(), file, p.name, b.proc, b.label),
        },
        "properties": {
            "entry": p.name,
            "procedure": b.proc,
            "block": b.label,
            "unwind": options.unwind,
        },
    }))
}

fn procedure_results(
    sources: &SourceMap,
    file: &str,
    options: &Options,
    p: &ProcedureResult,
) -> Vec<Json> {
    let mut out: Vec<Json> = p
        .blocks
        .iter()
        .filter_map(|b| {
            block_result(sources, file, options, p, b).map(|r| original_first(r, &b.source))
        })
        .collect();
    for a in &p.assertions {
        let logical = a.proc.clone();
        let what = assertion_words(a.kind);
        let of = if a.proc != p.name {
            format!(" of procedure `{}`", a.proc)
        } else {
            String::new()
        };
        let line = sources.line(a.span);
        let at = match &a.source {
            Some(loc) => format!(
                "line {line} ({})",
                crate::report::locations::source_text(loc)
            ),
            None => format!("line {line}"),
        };
        match &a.status {
            AssertStatus::Holds => {}
            AssertStatus::CanFail(id) => {
                let Some(t) = p.tests.iter().find(|t| t.id == *id) else {
                    continue;
                };
                debug_assert!(matches!(t.outcome, Outcome::AssertionFails(_)));
                let text = format!(
                    "The {what} at {at}{of} can fail: test {} of procedure `{}` ({}) makes it false.",
                    t.id,
                    p.name,
                    test_values(t)
                );
                let kind = FindingKind::FailingAssertion;
                out.push(original_first(json!({
                    "ruleId": kind.rule_id(),
                    "ruleIndex": kind.index(),
                    "level": "error",
                    "message": { "text": text },
                    "locations": [location(sources, a.span, &logical, None)],
                    "codeFlows": [code_flow(sources, p, t, a.span, &logical)],
                    "partialFingerprints": {
                        "bicdFinding/v1": format!("{}:{}:{}:{}:{}", kind.rule_id(), file, p.name, a.proc, line),
                    },
                    "properties": {
                        "entry": p.name,
                        "procedure": a.proc,
                        "unwind": options.unwind,
                        "test": test_properties(p, t),
                    },
                }), &a.source));
            }
            AssertStatus::Unknown(why) => {
                let kind = FindingKind::Unknown;
                out.push(original_first(json!({
                    "ruleId": kind.rule_id(),
                    "ruleIndex": kind.index(),
                    "level": "note",
                    "message": { "text": format!(
                        "Unknown: could not decide whether the {what} at {at}{of} can fail {}: {why}.",
                        bound_words(options.unwind)
                    ) },
                    "locations": [location(sources, a.span, &logical, None)],
                    "partialFingerprints": {
                        "bicdFinding/v1": format!("{}:{}:{}:{}:{}", kind.rule_id(), file, p.name, a.proc, line),
                    },
                    "properties": { "entry": p.name, "procedure": a.proc, "unwind": options.unwind },
                }), &a.source));
            }
        }
    }
    out
}

/// The SARIF log of a whole run: one `run`, results in file, procedure and
/// block order. `errors` are input errors (files that could not be
/// analysed); they become tool execution notifications.
pub fn sarif_log(
    files: &[(&SourceMap, &FileResult)],
    errors: &[String],
    options: &Options,
) -> Json {
    let mut results = Vec::new();
    let mut notifications: Vec<Json> = errors
        .iter()
        .map(|e| json!({ "level": "error", "message": { "text": e } }))
        .collect();
    let mut artifacts = Vec::new();
    for (sources, f) in files {
        artifacts.push(json!({
            "location": { "uri": file_uri(&f.file) },
            "roles": ["analysisTarget"],
        }));
        for p in &f.procedures {
            if let Some(e) = &p.error {
                notifications.push(json!({
                    "level": "error",
                    "message": { "text": format!("{}: procedure `{}`: {}", f.file, p.name, e) },
                    "locations": [location(sources, p.span, &p.name, None)],
                }));
            }
            results.extend(procedure_results(sources, &f.file, options, p));
        }
    }
    // Input errors and failed procedure analyses both mean the run did not
    // do all it was asked to.
    let successful = notifications.is_empty();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "bicd",
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "fullName": "bicd: bounded infeasible-code detection for Boogie programs",
                    "rules": FindingKind::ALL.iter().map(|k| k.rule()).collect::<Vec<_>>(),
                }
            },
            "invocations": [{
                "executionSuccessful": successful,
                "toolExecutionNotifications": notifications,
            }],
            "artifacts": artifacts,
            "results": results,
            "columnKind": "unicodeCodePoints",
            "properties": {
                "unwind": options.unwind,
                "mode": options.mode.name(),
                "calls": options.calls.name(),
                "solver": options.solver.name(),
                "timeoutMs": options.timeout_ms,
                "maxTests": options.max_tests,
            },
        }],
    })
}
