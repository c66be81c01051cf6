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
use serde::ser::{Serialize, SerializeMap, Serializer};
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

/// One test, serialized as it is written: an SDV harness's report holds
/// thousands of choices per test, and building them as `serde_json::Value`s
/// first took longer than writing them (docs/experiments.md, session 42).
struct TestJson<'a> {
    sources: &'a SourceMap,
    p: &'a ProcedureResult,
    t: &'a TestCase,
}

impl Serialize for TestJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let TestJson { sources, p, t } = *self;
        let mut obj = serializer.serialize_map(None)?;
        obj.serialize_entry("id", &t.id)?;
        obj.serialize_entry("inputs", &Inputs(t))?;
        obj.serialize_entry("choices", &t.choices)?;
        obj.serialize_entry("trace", &Trace(p, t))?;
        let outcome = match t.outcome {
            Outcome::Returns => "returns",
            Outcome::AssertionFails(_) => "assertion-fails",
        };
        obj.serialize_entry("outcome", outcome)?;
        if let Outcome::AssertionFails(id) = t.outcome {
            if let Some(a) = p.assertions.iter().find(|a| a.id == id) {
                obj.serialize_entry("assertion_line", &line(sources, a.span))?;
            }
        }
        // Uninterpreted functions at the points the run needs (from the model).
        if !t.functions.is_empty() {
            obj.serialize_entry("functions", &t.functions)?;
        }
        // From a candidate model no solver checked.
        if p.unconfirmed.contains(&t.id) {
            obj.serialize_entry("unconfirmed", &true)?;
        }
        // Quantified conditions the replay took on trust.
        if let Some(spans) = p.trusted.get(&t.id) {
            let trusted: Vec<Json> = spans
                .iter()
                .map(|s| {
                    let (line, col) = sources.line_col(*s);
                    json!({ "line": line, "col": col })
                })
                .collect();
            obj.serialize_entry("trusted", &trusted)?;
        }
        obj.end()
    }
}

/// A test's inputs, by name, in their order.
struct Inputs<'a>(&'a TestCase);

impl Serialize for Inputs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.inputs.iter())
    }
}

/// A test's trace: the blocks entered, callee blocks as `callee::label`.
struct Trace<'a>(&'a ProcedureResult, &'a TestCase);

impl Serialize for Trace<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Trace(p, t) = *self;
        serializer.collect_seq(t.trace.iter().map(|s| s.display(&p.name)))
    }
}

/// A JSON object whose fields are values but for one, `key`, which is
/// serialized as it is written, between `before` and `after`: a
/// procedure's report with its tests, the run's with its procedures.
struct ObjectWith<T> {
    before: serde_json::Map<String, Json>,
    key: &'static str,
    value: T,
    after: serde_json::Map<String, Json>,
}

impl<T: Serialize> Serialize for ObjectWith<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut obj = serializer.serialize_map(None)?;
        for (k, v) in &self.before {
            obj.serialize_entry(k, v)?;
        }
        obj.serialize_entry(self.key, &self.value)?;
        for (k, v) in &self.after {
            obj.serialize_entry(k, v)?;
        }
        obj.end()
    }
}

/// The fields of `v`, an object.
fn fields(v: Json) -> serde_json::Map<String, Json> {
    match v {
        Json::Object(m) => m,
        _ => unreachable!("built as an object"),
    }
}

/// One procedure's report: `file`, `name`, `line`, `blocks`,
/// `assertions`, `tests`, then `queries`, `partial`, `error`, and
/// `solver_note`, `notes` where there are any.
fn procedure_json<'a>(
    sources: &'a SourceMap,
    file: &str,
    p: &'a ProcedureResult,
) -> ObjectWith<Vec<TestJson<'a>>> {
    let before_tests = json!({
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
    });
    let mut after_tests = json!({
        "queries": p.queries,
        "partial": p.partial,
        "error": p.error,
    });
    if let Some(n) = &p.solver_note {
        after_tests["solver_note"] = json!(n);
    }
    if !p.notes.is_empty() {
        after_tests["notes"] = json!(p.notes);
    }
    ObjectWith {
        before: fields(before_tests),
        key: "tests",
        value: p.tests.iter().map(|t| TestJson { sources, p, t }).collect(),
        after: fields(after_tests),
    }
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

/// The JSON report of a whole run (all files), to serialize
/// (`serde_json::to_writer_pretty`, or `to_value` for a
/// `serde_json::Value`).
pub fn json<'a>(
    files: &[(&'a SourceMap, &'a FileResult)],
    errors: &[String],
    options: &Options,
) -> impl Serialize + 'a {
    let head = json!({
        "unwind": options.unwind,
        "mode": options.mode.name(),
        "calls": options.calls.name(),
        "solver": options.solver.name(),
    });
    let procedures: Vec<_> = files
        .iter()
        .flat_map(|&(s, f)| {
            f.procedures.iter().map(move |p| {
                let mut o = procedure_json(s, &f.file, p);
                if options.loop_coverage {
                    o.after.insert("loops".into(), loops_json(s, p));
                }
                o
            })
        })
        .collect();
    ObjectWith {
        before: fields(head),
        key: "procedures",
        value: procedures,
        after: fields(json!({ "errors": errors })),
    }
}

/// How deep the containers of a written report are laid out one entry
/// per line: deeper ones (a test's single choices and trace steps, the
/// values in them) are written on one line each. An SDV harness's report
/// holds tens of thousands of choices; laid out in full it was four times
/// its compact size (183 MB against 43 MB on `usbccgp`; 48 MB so).
pub const LAID_OUT_DEPTH: usize = 6;

/// serde_json's [`serde_json::ser::Formatter`] for reports: containers
/// nested at most [`LAID_OUT_DEPTH`] deep are indented by two spaces, an
/// entry per line; deeper ones are compact. Use with
/// `serde_json::Serializer::with_formatter`.
#[derive(Default)]
pub struct ReportFormatter {
    /// Containers open around the value being written.
    depth: usize,
    /// The innermost laid-out container has an entry already.
    has_value: bool,
}

impl ReportFormatter {
    fn laid_out(&self) -> bool {
        self.depth <= LAID_OUT_DEPTH
    }

    fn open<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        let laid_out = self.laid_out();
        self.depth -= 1;
        if laid_out && self.has_value {
            self.new_line(w)?;
        }
        w.write_all(bracket)
    }

    fn new_line<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..self.depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn entry<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        match self.laid_out() {
            true => self.new_line(w),
            false => Ok(()),
        }
    }
}

impl serde_json::ser::Formatter for ReportFormatter {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.entry(w, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.entry(w, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(match self.laid_out() {
            true => b": ",
            false => b":",
        })
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(doc: &Json) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, ReportFormatter::default());
        doc.serialize(&mut ser).expect("writes");
        String::from_utf8(out).expect("UTF-8")
    }

    /// Laid out like serde_json's pretty printer down to
    /// [`LAID_OUT_DEPTH`], one line per entry below it, and the same
    /// document when read back.
    #[test]
    fn a_report_is_laid_out_to_a_depth_then_compact() {
        let choice = json!({"kind": "havoc", "value": {"default": 0, "entries": [[1, 2]]}});
        let doc = json!({
            "procedures": [{"tests": [{"choices": [choice.clone(), choice], "id": 1}], "empty": []}],
            "unwind": 3,
        });
        let text = written(&doc);
        assert_eq!(
            serde_json::from_str::<Json>(&text).expect("reads back"),
            doc
        );
        let choice_line = r#"{"kind":"havoc","value":{"default":0,"entries":[[1,2]]}}"#;
        assert_eq!(
            text.lines()
                .filter(|l| l.trim_start().starts_with(choice_line))
                .count(),
            2
        );
        let shallow = json!({"a": [1, {"b": 2}], "c": {}});
        assert_eq!(
            written(&shallow),
            serde_json::to_string_pretty(&shallow).expect("writes")
        );
    }
}
