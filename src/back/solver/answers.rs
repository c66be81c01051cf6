//! Reading the solver's answers: its output cut into answers, warnings
//! skipped, `(error ...)` and unreadable answers told apart.
//!
//! Takes: the rsmt2 solver (its `Write` for the commands, its `Read` for
//! the output) on the worker thread. Gives: the answer to one
//! `check-sat`/`check-sat-assuming` (`sat`, `unsat`, or `None` for
//! `unknown`) or one `get-value` (the values, read by
//! [`super::model::ModelReader`]), else a [`Fault`]; and, on the caller's
//! side, the message a fault becomes ([`Solver::fault_message`], quoting
//! the last warnings). design.md, "Where the solver fits": `unknown` is an
//! answer, an `(error ...)` or an unreadable answer breaks the solver.

use super::model::ModelReader;
use super::process::Worker;
use super::Solver;
use crate::ir::testcase::Value;
use rsmt2::errors::{ErrorKind, SmtRes};
use rsmt2::parse::SmtParser;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

/// The longest answer read from a solver; a longer one breaks it.
pub(super) const MAX_ANSWER_BYTES: usize = 64 << 20;

/// Why rsmt2 gave no answer, as the worker saw it.
#[derive(Debug)]
pub(super) enum Fault {
    /// The solver printed `(error "...")`.
    Reported(String),
    /// An answer rsmt2 (or [`ModelReader`]) could not parse: the text.
    Unreadable(String),
    /// Anything else (end of output, a failed write...): rsmt2's message.
    Io(String),
}

/// The messages of an rsmt2 error and its causes, on one line.
pub(super) fn error_text(e: &rsmt2::errors::Error) -> String {
    e.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(": ")
}

fn fault_of(e: &rsmt2::errors::Error) -> Fault {
    match e.kind() {
        ErrorKind::SolverError(message) => Fault::Reported(message.clone()),
        ErrorKind::ParseError(_, text) => Fault::Unreadable(text.clone()),
        _ => Fault::Io(error_text(e)),
    }
}

/// Runs an rsmt2 call; rsmt2's parser slices its buffer by byte offsets
/// and may panic on some non-ASCII answers: that is an unreadable answer.
fn guarded<T>(f: impl FnOnce() -> SmtRes<T>) -> Result<T, Fault> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(e)) => Err(fault_of(&e)),
        Err(_) => Err(Fault::Unreadable("(non-ASCII text)".into())),
    }
}

/// The answer with every non-ASCII character replaced by `?`: rsmt2's
/// parser slices by byte offsets and panics inside a multi-byte character
/// (`guarded` would catch it, but the panic message would still reach
/// standard error). bicd's own queries are ASCII, so only the solver's
/// messages and unreadable answers change.
fn ascii_only(answer: String) -> String {
    if answer.is_ascii() {
        answer
    } else {
        answer
            .chars()
            .map(|c| if c.is_ascii() { c } else { '?' })
            .collect()
    }
}

/// `(check-sat)` without literals (cvc5 rejects an empty assumption
/// list), else `(check-sat-assuming ...)`, both written by rsmt2; the
/// answer is the next one [`AnswerReader`] gives, parsed by rsmt2.
pub(super) fn check_sat_answer(
    solver: &mut rsmt2::Solver<ModelReader>,
    answers: &mut AnswerReader,
    literals: &[String],
) -> Result<Option<bool>, Fault> {
    let printed = if literals.is_empty() {
        solver.print_check_sat()
    } else {
        solver.print_check_sat_assuming(literals.iter().map(String::as_str))
    };
    printed.map_err(|e| fault_of(&e))?;
    let answer = ascii_only(answers.next_answer(solver)?);
    guarded(|| SmtParser::of_str(&answer).check_sat())
}

/// `(get-value (terms...))` on one line; the answer's values in order,
/// parsed by rsmt2 with [`ModelReader`].
pub(super) fn get_values_answer(
    solver: &mut rsmt2::Solver<ModelReader>,
    answers: &mut AnswerReader,
    terms: &[String],
) -> Result<Vec<Value>, Fault> {
    let command = format!("(get-value ({}))\n", terms.join(" "));
    solver
        .write_all(command.as_bytes())
        .and_then(|()| solver.flush())
        .map_err(|e| Fault::Io(format!("it stopped accepting input: {e}")))?;
    let answer = ascii_only(answers.next_answer(solver)?);
    let pairs = guarded(|| {
        SmtParser::of_str(&answer).get_values::<Value, (), String, ModelReader>(ModelReader, ())
    })?;
    Ok(pairs.into_iter().map(|(_, v)| v).collect())
}

/// What bicd has yices echo after its model, to know where the model ends
/// (yices prints it as a sequence of s-expressions, not one).
const MODEL_END: &str = "bicd-model-end";

/// yices' `(get-model)`: the `(function ...)` forms it prints (the tables
/// of the arrays its `get-value` answers name `@fun_N`), one per line; its
/// other forms (`(= x 5)`) are skipped.
pub(super) fn function_tables_answer(
    solver: &mut rsmt2::Solver<ModelReader>,
    answers: &mut AnswerReader,
) -> Result<String, Fault> {
    let command = format!("(get-model)\n(echo \"{MODEL_END}\")\n");
    solver
        .write_all(command.as_bytes())
        .and_then(|()| solver.flush())
        .map_err(|e| Fault::Io(format!("it stopped accepting input: {e}")))?;
    let mut tables = String::new();
    loop {
        let form = ascii_only(answers.next_answer(solver)?);
        let form = form.trim();
        if form == MODEL_END {
            return Ok(tables);
        }
        if form.starts_with("(error") {
            return Err(Fault::Reported(form.to_string()));
        }
        if form.starts_with("(function ") {
            if tables.len() + form.len() > MAX_ANSWER_BYTES {
                return Err(Fault::Unreadable("(a model longer than bicd reads)".into()));
            }
            // One form per line.
            tables.extend(form.chars().map(|c| if c == '\n' { ' ' } else { c }));
            tables.push('\n');
        }
    }
}

/// `(get-info :reason-unknown)`: the answer's text, e.g. `(:reason-unknown
/// "(incomplete quantifiers)")`.
pub(super) fn reason_unknown_answer(
    solver: &mut rsmt2::Solver<ModelReader>,
    answers: &mut AnswerReader,
) -> Result<String, Fault> {
    solver
        .write_all(b"(get-info :reason-unknown)\n")
        .and_then(|()| solver.flush())
        .map_err(|e| Fault::Io(format!("it stopped accepting input: {e}")))?;
    Ok(ascii_only(answers.next_answer(solver)?))
}

/// How many of the warnings a solver printed are kept (the last ones),
/// for messages.
const WARNINGS_KEPT: usize = 3;

/// Splits the solver's output into answers: one s-expression (or atom)
/// each, with `(warning ...)` s-expressions skipped (z3 and cvc5 print
/// them, e.g. on some options, where rsmt2's parser would expect an
/// answer and fail) and the last [`WARNINGS_KEPT`] of them kept.
/// Comments (`;` to the end of the line) and white space between answers
/// are skipped too. It reads the process's output through the rsmt2
/// solver (its `Read`), so rsmt2 stays the transport; each answer's text
/// is then parsed by rsmt2's own `SmtParser`. Bytes read past an answer
/// stay here for the next one.
pub(super) struct AnswerReader {
    pending: Vec<u8>,
    warnings: Arc<Mutex<Vec<String>>>,
}

/// Where the scan of one s-expression is (see [`AnswerReader`]).
#[derive(Default)]
struct SexpScan {
    /// Where the s-expression starts, once its first byte is seen.
    start: Option<usize>,
    /// Open parentheses.
    depth: usize,
    /// Inside a top-level atom (it ends before the next delimiter).
    atom: bool,
    in_string: bool,
    /// After a backslash in a string (z3 writes `\"` in messages).
    escaped: bool,
    /// Inside `|...|`.
    in_symbol: bool,
    in_comment: bool,
}

impl SexpScan {
    /// Looks at `bytes[*at..]`; returns where the s-expression starts and
    /// ends (exclusive) once it is complete, else `None` with `*at` at the
    /// end (more bytes are needed).
    fn feed(&mut self, bytes: &[u8], at: &mut usize) -> Option<(usize, usize)> {
        while *at < bytes.len() {
            let i = *at;
            let b = bytes[i];
            *at += 1;
            if self.in_comment {
                self.in_comment = b != b'\n';
                continue;
            }
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.depth == 0 {
                        return Some((self.start?, i + 1));
                    }
                }
                continue;
            }
            if self.in_symbol {
                if b == b'|' {
                    self.in_symbol = false;
                    if self.depth == 0 {
                        return Some((self.start?, i + 1));
                    }
                }
                continue;
            }
            let Some(start) = self.start else {
                if b.is_ascii_whitespace() {
                    continue;
                }
                if b == b';' {
                    self.in_comment = true;
                    continue;
                }
                self.start = Some(i);
                match b {
                    b'(' => self.depth = 1,
                    b'"' => self.in_string = true,
                    b'|' => self.in_symbol = true,
                    // A stray `)`: an answer of its own (that no parser reads).
                    b')' => return Some((i, i + 1)),
                    _ => self.atom = true,
                }
                continue;
            };
            if self.atom {
                if b.is_ascii_whitespace() || b"()\";|".contains(&b) {
                    // The delimiter belongs to what follows.
                    *at = i;
                    return Some((start, i));
                }
                continue;
            }
            match b {
                b'(' => self.depth += 1,
                b')' => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Some((start, i + 1));
                    }
                }
                b'"' => self.in_string = true,
                b'|' => self.in_symbol = true,
                b';' => self.in_comment = true,
                _ => {}
            }
        }
        None
    }
}

/// `(warning ...)`, with any white space after the parenthesis.
fn is_warning(answer: &str) -> bool {
    answer.strip_prefix('(').is_some_and(|rest| {
        rest.trim_start()
            .strip_prefix("warning")
            .is_some_and(|tail| {
                tail.starts_with(|c: char| c.is_whitespace() || c == '"' || c == ')')
            })
    })
}

impl AnswerReader {
    pub(super) fn new(warnings: Arc<Mutex<Vec<String>>>) -> AnswerReader {
        AnswerReader {
            pending: Vec::new(),
            warnings,
        }
    }

    /// The next answer that is not a warning.
    fn next_answer(&mut self, input: &mut impl Read) -> Result<String, Fault> {
        loop {
            let answer = self.next_sexp(input)?;
            if !is_warning(&answer) {
                return Ok(answer);
            }
            if let Ok(mut kept) = self.warnings.lock() {
                kept.push(answer.chars().take(300).collect());
                let cut = kept.len().saturating_sub(WARNINGS_KEPT);
                kept.drain(..cut);
            }
        }
    }

    /// The next s-expression, reading as much as it needs (and at most
    /// [`MAX_ANSWER_BYTES`]).
    fn next_sexp(&mut self, input: &mut impl Read) -> Result<String, Fault> {
        let mut scan = SexpScan::default();
        let mut at = 0;
        let mut chunk = [0u8; 8192];
        loop {
            let complete = scan.feed(&self.pending, &mut at);
            let (start, end) = match complete {
                Some(span) => span,
                None => {
                    if self.pending.len() > MAX_ANSWER_BYTES {
                        return Err(Fault::Io(format!(
                            "it answered with more than {} MiB",
                            MAX_ANSWER_BYTES >> 20
                        )));
                    }
                    let n = match input.read(&mut chunk) {
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(Fault::Io(format!("reading its output: {e}"))),
                    };
                    if n > 0 {
                        self.pending.extend_from_slice(&chunk[..n]);
                        continue;
                    }
                    // The output ended: only an atom is complete there.
                    match scan.start {
                        Some(start) if scan.atom => (start, self.pending.len()),
                        _ => return Err(Fault::Io("its output ended".into())),
                    }
                }
            };
            let text = String::from_utf8_lossy(&self.pending[start..end]).into_owned();
            self.pending.drain(..end);
            return Ok(text);
        }
    }
}

impl Solver {
    /// What went wrong with an answer, as a message ([`Solver::fault_text`]),
    /// followed by the last warnings the solver printed, if any.
    pub(super) fn fault_message(&mut self, fault: Fault, what: &str) -> String {
        let note = self
            .worker
            .as_ref()
            .map(Worker::warnings_note)
            .unwrap_or_default();
        format!("{}{note}", self.fault_text(fault, what))
    }

    /// The solver's `(error ...)`; else, when the process has ended (its
    /// output ended or a write failed), the exit message; else the answer
    /// rsmt2 could not parse, or the message of the failure.
    fn fault_text(&mut self, fault: Fault, what: &str) -> String {
        let name = self.kind.name();
        if let Fault::Reported(message) = &fault {
            let message: String = message.trim().chars().take(300).collect();
            return format!("the solver {name} reported an error: {message}");
        }
        let exited = match self.worker.as_ref() {
            Some(w) if w.pid.is_some() => w.exit_status().is_some(),
            // Without the PID: the output ended or a write failed.
            _ => matches!(&fault, Fault::Io(_)),
        };
        if exited {
            return self.exit_message();
        }
        match fault {
            Fault::Unreadable(text) => {
                let shown: String = text.chars().take(300).collect();
                let more = if shown.len() < text.len() { "..." } else { "" };
                if text.contains("root-obj") {
                    // z3 writes an irrational real (non-linear arithmetic)
                    // as a root of a polynomial.
                    format!(
                        "the model of {name} has an irrational real value, which no test can state exactly: `{shown}{more}`"
                    )
                } else {
                    format!(
                        "the solver {name} gave an answer to {what} that bicd cannot read: `{shown}{more}`"
                    )
                }
            }
            Fault::Io(message) | Fault::Reported(message) => {
                format!("the solver {name} failed: {message}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives out at most `step` bytes per read.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn answers_are_cut_out_and_warnings_skipped() {
        let output = "(warning \"a (warning) with \\\"quotes\\\"\")\n; a comment (\nsat\n\
                      ( warning \"over\ntwo lines\" )\n((x 1)\n (|a b)| (- 2)))\nunsat(error \"e\")\nunknown";
        for step in [1, 2, 7, 4096] {
            let kept = Arc::new(Mutex::new(Vec::new()));
            let mut reader = AnswerReader::new(Arc::clone(&kept));
            let mut input = Trickle {
                bytes: output.as_bytes(),
                step,
            };
            let mut next = || reader.next_answer(&mut input).map_err(|f| format!("{f:?}"));
            assert_eq!(next().as_deref(), Ok("sat"), "step {step}");
            assert_eq!(
                next().as_deref(),
                Ok("((x 1)\n (|a b)| (- 2)))"),
                "step {step}"
            );
            assert_eq!(next().as_deref(), Ok("unsat"));
            assert_eq!(next().as_deref(), Ok("(error \"e\")"));
            // An atom at the end of the output is complete.
            assert_eq!(next().as_deref(), Ok("unknown"));
            assert!(next().unwrap_err().contains("its output ended"));
            assert_eq!(kept.lock().unwrap().len(), 2);
        }
        // A list the output cuts off is no answer.
        let kept = Arc::new(Mutex::new(Vec::new()));
        let mut reader = AnswerReader::new(kept);
        let mut input = Trickle {
            bytes: b"((x 1)",
            step: 3,
        };
        assert!(reader.next_answer(&mut input).is_err());
    }

    #[test]
    fn warnings_are_recognised() {
        assert!(is_warning("(warning \"x\")"));
        assert!(is_warning("( warning\"x\")"));
        assert!(!is_warning("(warnings \"x\")"));
        assert!(!is_warning("warning"));
        assert!(!is_warning("(error \"warning\")"));
    }
}
