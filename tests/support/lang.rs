//! Shared by the issue-3 language tests (tests/front/: lang_*.rs,
//! attributes.rs, recursive_functions.rs): load a program, analyse one
//! procedure with a solver through the library API, check that every test
//! replays, and read the verdicts by source line.

use bicd::back::solver::SolverKind;
use bicd::check::replay_trusting;
use bicd::driver::{analyze_procedure, AssertStatus, BlockStatus, Options, ProcedureResult};
use bicd::front::resolve::load_program;
use bicd::ir::Program;
use bicd::source::{SourceMap, Span};

pub struct Analysed {
    pub sources: SourceMap,
    pub program: Program,
    pub result: ProcedureResult,
    /// Per test: the spans of quantified conditions replay took on trust.
    pub trusted: Vec<Vec<Span>>,
}

pub fn load(text: &str) -> Result<(SourceMap, Program), Vec<String>> {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", text);
    match load_program(&sources, file) {
        Ok(p) => Ok((sources, p)),
        Err(errs) => Err(errs
            .iter()
            .map(|d| format!("{}: {}", sources.location(d.span), d.message))
            .collect()),
    }
}

/// The errors of `text`, as `line:col: message`.
pub fn errors(text: &str) -> Vec<String> {
    match load(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e
            .into_iter()
            .map(|m| m.strip_prefix("t.bpl:").unwrap_or(&m).to_string())
            .collect(),
    }
}

/// Analyses `entry` of `text` with `solver` (unwind 2, statement cover);
/// panics unless every test replays.
pub fn analyse(text: &str, entry: &str, solver: SolverKind) -> Analysed {
    let (sources, program) = load(text).unwrap_or_else(|e| panic!("{}", e.join("\n")));
    let id = program.proc_by_name(entry).expect("entry exists");
    let options = Options {
        unwind: 2,
        timeout_ms: Some(10_000),
        ..Options::new(solver)
    };
    let result = analyze_procedure(&program, &sources, id, &options);
    assert!(
        result.error.is_none(),
        "analysis failed: {:?}",
        result.error
    );
    let mut trusted = Vec::new();
    for t in &result.tests {
        match replay_trusting(&program, id, t) {
            Ok(spans) => trusted.push(spans),
            Err(e) => panic!(
                "test {} does not replay: {}\n{t:?}",
                t.id,
                e.render(&sources)
            ),
        }
    }
    Analysed {
        sources,
        program,
        result,
        trusted,
    }
}

impl Analysed {
    /// The lines of the conditions the tests' replays took on trust.
    pub fn trusted_lines(&self) -> Vec<usize> {
        self.trusted
            .iter()
            .flatten()
            .map(|s| self.sources.line(*s))
            .collect()
    }

    /// The status of the block labelled `label` (structured code: `if`
    /// number n has blocks `anon{2n-1}_Then`/`_Else`): "covered",
    /// "infeasible" or "unknown".
    pub fn block(&self, label: &str) -> &'static str {
        let b = self
            .result
            .blocks
            .iter()
            .find(|b| b.label == label)
            .unwrap_or_else(|| {
                let all: Vec<(usize, &str)> = self
                    .result
                    .blocks
                    .iter()
                    .map(|b| (self.sources.line(b.span), b.label.as_str()))
                    .collect();
                panic!("no block {label}: {all:?}")
            });
        match b.status {
            BlockStatus::Covered(_) => "covered",
            BlockStatus::Infeasible => "infeasible",
            BlockStatus::Unknown(_) => "unknown",
            BlockStatus::UncoveredSummary => "uncovered (summary)",
        }
    }

    /// The verdict on the assertion at `line`: "holds", "can fail" or
    /// "unknown".
    pub fn assert_at(&self, line: usize) -> &'static str {
        let a = self
            .result
            .assertions
            .iter()
            .find(|a| self.sources.line(a.span) == line)
            .unwrap_or_else(|| panic!("no assertion at line {line}"));
        match a.status {
            AssertStatus::Holds => "holds",
            AssertStatus::CanFail(_) => "can fail",
            AssertStatus::Unknown(_) => "unknown",
        }
    }

    pub fn infeasible_lines(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .result
            .blocks
            .iter()
            .filter(|b| b.status == BlockStatus::Infeasible)
            .map(|b| self.sources.line(b.span))
            .collect();
        v.sort();
        v
    }
}
