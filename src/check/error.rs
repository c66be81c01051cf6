//! Why a test did not replay, in words a developer can act on.
//!
//! Takes: where the interpreter's run departed from a test (trace step,
//! block, source place) and what it expected. Gives: [`ReplayError`] and
//! the phrases its messages are made of (a choice, an outcome, a trace
//! step). design.md, "Trust".

use crate::ir::testcase::{Choice, ChoiceKind, Outcome, TraceStep};
use crate::source::{Diagnostic, Span};
use std::fmt;

/// Where and why a replay departed from its test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index (0-based) in `test.trace` of the block being run, if any.
    pub step: Option<usize>,
    /// The procedure and label of the block being run (empty before the run
    /// enters its first block).
    pub proc: String,
    pub block: String,
    /// The statement, `goto`, clause or block where it happened.
    pub span: Span,
    pub message: String,
}

impl ReplayError {
    /// A located diagnostic (`file:line:col: error: ...` once rendered with
    /// the program's [`SourceMap`](crate::source::SourceMap)).
    pub fn diagnostic(&self) -> Diagnostic {
        // The diagnostic is located at the span: no byte offsets in words.
        Diagnostic::error(
            self.span,
            format!("test replay failed: {}{}", self.place(), self.message),
        )
    }

    /// "at trace step 3 (block p::b) ", where the run was.
    fn place(&self) -> String {
        let mut out = match self.step {
            Some(s) => format!("at trace step {} ", s + 1),
            None => "before the first trace step ".to_string(),
        };
        if !self.block.is_empty() {
            out.push_str(&format!("(block {}::{}): ", self.proc, self.block));
        } else if !self.proc.is_empty() {
            out.push_str(&format!("(procedure {}): ", self.proc));
        } else {
            out.push_str(": ");
        }
        out
    }

    /// The message with the source line, using the program's sources.
    pub fn render(&self, sources: &crate::source::SourceMap) -> String {
        self.diagnostic().render(sources)
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = self.place();
        write!(
            f,
            "{} at bytes {}..{}: {}",
            place.trim_end_matches([':', ' ']),
            self.span.start,
            self.span.end,
            self.message
        )
    }
}

impl std::error::Error for ReplayError {}

pub(super) fn kind_name(kind: ChoiceKind) -> &'static str {
    match kind {
        ChoiceKind::Havoc => "havoc",
        ChoiceKind::CallOutput => "call-output",
        ChoiceKind::Uninitialized => "uninitialized",
    }
}

pub(super) fn describe_choice(c: &Choice) -> String {
    format!(
        "a {} choice for `{}` in `{}` (= {}, line {})",
        kind_name(c.kind),
        c.var,
        c.proc,
        c.value,
        c.line
    )
}

pub(super) fn describe_outcome(o: &Outcome) -> String {
    match o {
        Outcome::Returns => "returns normally".to_string(),
        Outcome::AssertionFails(id) => format!("fails assertion #{}", id.0),
    }
}

pub(super) fn step_name(s: &TraceStep) -> String {
    format!("{}::{}", s.proc, s.label)
}
