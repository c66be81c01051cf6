//! One incremental SMT solver process, spoken to in SMT-LIB2 through rsmt2.
//!
//! Takes: a [`SolverKind`] (z3, yices, cvc5), an optional per-query
//! timeout, optionally the solver's executable ([`Solver::spawn_with`]) and
//! a deadline for the whole run ([`Solver::set_deadline`]). Gives:
//! [`Solver`], a live solver process that accepts raw SMT-LIB text
//! (declarations, assertions), answers [`Solver::check_sat_assuming`] with
//! a [`SatAnswer`], and reads model values with one `get-value` per call
//! ([`Solver::get_values`]). design.md, "Where the solver fits": one
//! process per analysed procedure, used incrementally (check-sat-assuming,
//! push/pop), never restarted per query; `unknown`, a timeout or a crash is
//! reported as such.
//!
//! Transport: rsmt2 0.16. An `rsmt2::Solver<ModelReader>` spawns the
//! process (an `SmtConf` of rsmt2's Yices2 style, which adds no flag of its
//! own, with bicd's command line for the solver kind), writes the commands
//! (raw text through its `Write`, `print_check_sat`,
//! `print_check_sat_assuming`), carries the answers (its `Read`) and
//! parses them (`SmtParser::check_sat`, `SmtParser::get_values` with
//! [`ModelReader`]). Between reading and parsing, [`AnswerReader`] cuts
//! the output into answers and skips `(warning ...)` lines, which rsmt2's
//! own reading would take for the answer. Reads block, so the rsmt2 solver
//! lives on a worker thread of its own that executes requests from a
//! channel; the caller never touches it directly.
//!
//! Faults (issue 7). Nothing here blocks forever:
//! - The caller waits for each reply of the worker with a time limit
//!   (`recv_timeout`). Commands that print nothing are not waited for; a
//!   solver that stops reading them blocks only the worker, and the next
//!   query's limit covers that too.
//! - rsmt2 does not expose the process (`Child`). The worker spawns it and
//!   right after that reads its own thread's children from
//!   `/proc/thread-self/children` (Linux): that list holds exactly the new
//!   solver. Knowing the PID, bicd can kill the process (SIGKILL, with the
//!   `kill` program: bicd has no libc binding), read its exit status from
//!   `/proc/PID/stat` (rsmt2 reaps it only when dropped, so it stays a
//!   zombie until then) and its standard error from `/proc/PID/fd/2` (rsmt2
//!   pipes it and never reads it; a thread of ours keeps its last few KiB).
//!   Without `/proc` (not Linux) the PID is unknown: timeouts are then soft
//!   only — a hanging worker is abandoned (never waited for) and its process
//!   lives until bicd exits; messages quote no stderr and no exit status.
//! - Per query, z3's and cvc5's own timeout (`timeout_ms`) makes them
//!   answer `unknown`. If one does not answer by [`hard_query_limit`] (the
//!   timeout rounded up to whole seconds, plus a grace, plus a second per
//!   500 kB sent since the last answer), the process is killed, which
//!   makes the worker's blocked read fail; a fresh worker and process are
//!   started and given everything sent so far (the transcript), and the
//!   query is `unknown` ("killed"). yices gets no timeout of its own (it
//!   makes yices 4-5x slower): the same kill and fresh start happen at
//!   `timeout_ms` itself. After [`MAX_RESTARTS`] kills in a row (no query
//!   answered in between; [`MAX_TIMEOUT_RESTARTS`] for yices) the solver
//!   is broken.
//! - At the run's deadline the process is killed and the solver is broken
//!   with a message naming the time limit.
//! - A solver that exits, prints `(error ...)` or an answer rsmt2 cannot
//!   parse is broken: every later call fails with the same [`SolverError`]
//!   (which quotes the last warnings it printed, if any). Warnings alone
//!   are harmless.
//! - While waiting, bicd reads how much the process has written
//!   (`/proc/PID/io`, `wchar`) and kills it when that exceeds
//!   [`MAX_ANSWER_BYTES`] in one query (bounded memory); [`AnswerReader`]
//!   also stops at that size by itself.

use super::smt::find_in_path;
pub use super::smt::SolverKind;
use crate::ir::testcase::Value;
use num_bigint::BigInt;
use rsmt2::conf::SmtStyle;
use rsmt2::errors::{ErrorKind, SmtRes};
use rsmt2::parse::{ExprParser, SmtParser, ValueParser};
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A solver that is missing, crashed, or rejected what it was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverError {
    pub message: String,
}

impl SolverError {
    fn new(message: impl Into<String>) -> SolverError {
        SolverError {
            message: message.into(),
        }
    }
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SolverError {}

/// The answer to one satisfiability query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatAnswer {
    Sat,
    Unsat,
    /// The solver answered `unknown` (incomplete theory or timeout): why.
    Unknown(String),
}

/// Reads an SMT-LIB model value: `true`, `false`, `42`, `(- 42)`
/// (arbitrarily large); bit-vectors `#b0101`, `#x1f`, `(_ bv5 8)`; arrays
/// as z3 and cvc5 print them, `((as const (Array K V)) v)` and
/// `(store a k v)` (nested for arrays of arrays); elements of uninterpreted
/// sorts: a bare symbol (`T!val!0`, yices' `@const_6`) or cvc5's
/// `(as @T_0 T)`, kept by name. yices prints arrays as opaque `@fun_N`
/// symbols: read as elements, which the interpreter refuses as maps (bicd
/// asks z3 instead of yices about programs with maps). Reals: `1.5`,
/// `(/ 1.0 3.0)`, `(- 2.0)` (z3), `(/ 2 3)` (yices, cvc5); yices prints a
/// whole real as an integer (`1`), which [`conform_value`] turns into a
/// real by the variable's type.
pub fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim();
    if let Some(r) = parse_decimal(t) {
        return Some(Value::Real(r));
    }
    if let Some(v) = parse_bv(t) {
        return Some(v);
    }
    if t.starts_with('(') {
        if let Some(v) = parse_compound(t) {
            return Some(v);
        }
    } else if !t.is_empty()
        && !t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '"' || c == '#')
        && t != "true"
        && t != "false"
        && !t.contains(|c: char| c.is_whitespace() || c == '(' || c == ')')
    {
        return Some(Value::Opaque(t.to_string()));
    }
    match t {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        _ => {}
    }
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let inner = inner.trim();
        let rest = inner.strip_prefix('-')?;
        // `(- 5)`, but not `(-5)` nor `(- (- 5))`.
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        return match parse_value(rest)? {
            Value::Int(n) if n >= BigInt::from(0) && !rest.trim().starts_with('(') => {
                Some(Value::Int(-n))
            }
            _ => None,
        };
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return BigInt::parse_bytes(t.as_bytes(), 10).map(Value::Int);
    }
    None
}

/// `value` read as a value of type `ty`: a solver may print a whole real
/// as an integer (yices: `1` for `1.0`), here made a real, also inside
/// maps. Anything else is returned as it is.
pub fn conform_value(value: Value, ty: &crate::ir::Type) -> Value {
    use crate::ir::Type;
    match (value, ty) {
        (Value::Int(n), Type::Real) => Value::Real(num_rational::BigRational::from_integer(n)),
        // A map of no index is its one value.
        (v, Type::Map(keys, inner)) if keys.is_empty() => conform_value(v, inner),
        (Value::Map { default, entries }, Type::Map(keys, inner)) => {
            let rest = if keys.len() == 1 {
                (**inner).clone()
            } else {
                Type::Map(keys[1..].to_vec(), inner.clone())
            };
            Value::map(
                conform_value(*default, &rest),
                entries
                    .into_iter()
                    .map(|(k, v)| (conform_value(k, &keys[0]), conform_value(v, &rest))),
            )
        }
        (v, _) => v,
    }
}

/// A decimal `12.5` (digits, a point, digits), exactly.
fn parse_decimal(t: &str) -> Option<num_rational::BigRational> {
    let (int_part, frac_part) = t.split_once('.')?;
    if int_part.is_empty()
        || frac_part.is_empty()
        || !int_part.bytes().all(|b| b.is_ascii_digit())
        || !frac_part.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let numer = BigInt::parse_bytes(format!("{int_part}{frac_part}").as_bytes(), 10)?;
    let denom = BigInt::from(10).pow(u32::try_from(frac_part.len()).ok()?);
    Some(num_rational::BigRational::new(numer, denom))
}

/// `#b0101`, `#x1f`, `(_ bv5 8)`.
fn parse_bv(t: &str) -> Option<Value> {
    if let Some(b) = t.strip_prefix("#b") {
        let width = u32::try_from(b.len()).ok().filter(|&w| w > 0)?;
        return Some(Value::Bv {
            width,
            value: BigInt::parse_bytes(b.as_bytes(), 2)?,
        });
    }
    if let Some(x) = t.strip_prefix("#x") {
        let width = u32::try_from(x.len() * 4).ok().filter(|&w| w > 0)?;
        return Some(Value::Bv {
            width,
            value: BigInt::parse_bytes(x.as_bytes(), 16)?,
        });
    }
    let items = sexp_items(t)?;
    match items.as_slice() {
        [u, bv, w] if *u == "_" && bv.starts_with("bv") => {
            let value = BigInt::parse_bytes(&bv.as_bytes()[2..], 10)?;
            let width: u32 = w.parse().ok()?;
            (value.bits() <= u64::from(width)).then_some(Value::Bv { width, value })
        }
        _ => None,
    }
}

/// The top-level items of a parenthesised S-expression, as text.
fn sexp_items(t: &str) -> Option<Vec<&str>> {
    let inner = t.strip_prefix('(')?.strip_suffix(')')?;
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    let mut in_bar = false;
    for (i, c) in inner.char_indices() {
        if in_bar {
            if c == '|' {
                in_bar = false;
            }
            continue;
        }
        match c {
            '|' => {
                in_bar = true;
                start.get_or_insert(i);
            }
            '(' => {
                depth += 1;
                start.get_or_insert(i);
            }
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    items.push(&inner[start.take()?..=i]);
                }
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    if let Some(s) = start.take() {
                        items.push(&inner[s..i]);
                    }
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if depth != 0 || in_bar {
        return None;
    }
    if let Some(s) = start {
        items.push(&inner[s..]);
    }
    Some(items)
}

/// An S-expression of a model value.
#[derive(Clone, Debug)]
enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

/// How deeply a model value may nest.
const MAX_VALUE_DEPTH: usize = 200;

fn parse_sexp(t: &str, depth: usize) -> Option<Sexp> {
    if depth > MAX_VALUE_DEPTH {
        return None;
    }
    let t = t.trim();
    if t.starts_with('(') {
        let items = sexp_items(t)?;
        Some(Sexp::List(
            items
                .into_iter()
                .map(|i| parse_sexp(i, depth + 1))
                .collect::<Option<_>>()?,
        ))
    } else if t.is_empty() || t.contains(char::is_whitespace) {
        None
    } else {
        Some(Sexp::Atom(t.to_string()))
    }
}

/// The index a lambda's "every other index" is evaluated at: equal to no
/// value the model names.
const OTHER_INDEX: &str = "\u{0}other";

/// Evaluates a model value: constants, `(- n)`, bit-vectors, `(as e S)`,
/// arrays (`((as const (Array K V)) v)`, `store`, `select`), `let`,
/// `ite`, `=`, `and`, `or`, `not`, and z3's one-variable `lambda` over
/// equality tests (a finite map: the indices it compares with, and every
/// other index).
fn eval_sexp(e: &Sexp, env: &[(String, Value)], depth: usize) -> Option<Value> {
    if depth > MAX_VALUE_DEPTH {
        return None;
    }
    let ev = |x: &Sexp| eval_sexp(x, env, depth + 1);
    fn atom(x: &Sexp) -> Option<&str> {
        match x {
            Sexp::Atom(a) => Some(a.as_str()),
            Sexp::List(_) => None,
        }
    }
    let boolean = |x: &Sexp| match ev(x)? {
        Value::Bool(b) => Some(b),
        _ => None,
    };
    match e {
        Sexp::Atom(a) => {
            if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == a) {
                return Some(v.clone());
            }
            match a.as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ if a.bytes().all(|b| b.is_ascii_digit()) => {
                    BigInt::parse_bytes(a.as_bytes(), 10).map(Value::Int)
                }
                _ if a.contains('.') => parse_decimal(a).map(Value::Real),
                _ if a.starts_with('#') => parse_bv(a),
                _ if a.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '"') => None,
                _ => Some(Value::Opaque(a.clone())),
            }
        }
        Sexp::List(items) => {
            let head = items.first()?;
            if let Sexp::List(h) = head {
                // ((as const (Array K V)) v)
                return match (h.as_slice(), items.len()) {
                    ([a, c, _], 2) if atom(a) == Some("as") && atom(c) == Some("const") => {
                        Some(Value::map(ev(&items[1])?, std::iter::empty()))
                    }
                    _ => None,
                };
            }
            let args = &items[1..];
            match (atom(head)?, args) {
                ("-", [n]) => match (atom(n), ev(n)?) {
                    (Some(_), Value::Int(n)) => Some(Value::Int(-n)),
                    (_, Value::Real(r)) => Some(Value::Real(-r)),
                    _ => None,
                },
                // A rational `(/ p q)` (yices and cvc5 print `(/ 2 3)`).
                ("/", [p, q]) => {
                    let real = |v: Value| match v {
                        Value::Int(n) => Some(num_rational::BigRational::from_integer(n)),
                        Value::Real(r) => Some(r),
                        _ => None,
                    };
                    let (p, q) = (real(ev(p)?)?, real(ev(q)?)?);
                    (!num_traits::Zero::is_zero(&q)).then(|| Value::Real(p / q))
                }
                ("_", [bv, w]) => {
                    let text = format!("(_ {} {})", atom(bv)?, atom(w)?);
                    parse_bv(&text)
                }
                ("as", [name, _sort]) => Some(Value::Opaque(atom(name)?.to_string())),
                ("store", [m, k, v]) => match ev(m)? {
                    Value::Map { default, entries } => Some(Value::map(
                        *default,
                        entries.into_iter().chain(std::iter::once((ev(k)?, ev(v)?))),
                    )),
                    _ => None,
                },
                ("select", [m, k]) => match ev(m)? {
                    Value::Map { default, entries } => {
                        let k = ev(k)?;
                        Some(
                            entries
                                .into_iter()
                                .find(|(x, _)| *x == k)
                                .map(|(_, v)| v)
                                .unwrap_or(*default),
                        )
                    }
                    _ => None,
                },
                ("let", [Sexp::List(bindings), body]) => {
                    let mut inner = env.to_vec();
                    for b in bindings {
                        let Sexp::List(pair) = b else { return None };
                        let [name, value] = pair.as_slice() else {
                            return None;
                        };
                        inner.push((atom(name)?.to_string(), ev(value)?));
                    }
                    eval_sexp(body, &inner, depth + 1)
                }
                ("ite", [c, a, b]) => {
                    if boolean(c)? {
                        ev(a)
                    } else {
                        ev(b)
                    }
                }
                ("=", [a, b]) => Some(Value::Bool(ev(a)? == ev(b)?)),
                ("not", [a]) => Some(Value::Bool(!boolean(a)?)),
                ("and", _) => {
                    let mut all = true;
                    for a in args {
                        all &= boolean(a)?;
                    }
                    Some(Value::Bool(all))
                }
                ("or", _) => {
                    let mut any = false;
                    for a in args {
                        any |= boolean(a)?;
                    }
                    Some(Value::Bool(any))
                }
                ("lambda", [Sexp::List(vars), body]) => {
                    let [Sexp::List(var)] = vars.as_slice() else {
                        return None;
                    };
                    let x = atom(var.first()?)?.to_string();
                    // The indices the body compares `x` with.
                    let mut keys = Vec::new();
                    collect_compared(body, &x, &mut keys);
                    let with = |k: Value| {
                        let mut inner = env.to_vec();
                        inner.push((x.clone(), k));
                        eval_sexp(body, &inner, depth + 1)
                    };
                    let default = with(Value::Opaque(OTHER_INDEX.to_string()))?;
                    let mut entries = Vec::new();
                    for k in keys {
                        let k = eval_sexp(k, env, depth + 1)?;
                        let v = with(k.clone())?;
                        entries.push((k, v));
                    }
                    Some(Value::map(default, entries))
                }
                _ => None,
            }
        }
    }
}

/// The terms `k` of every `(= x k)` or `(= k x)` in `e`.
fn collect_compared<'a>(e: &'a Sexp, x: &str, out: &mut Vec<&'a Sexp>) {
    if let Sexp::List(items) = e {
        if let [Sexp::Atom(eq), a, b] = items.as_slice() {
            if eq == "=" {
                match (a, b) {
                    (Sexp::Atom(v), k) | (k, Sexp::Atom(v)) if v == x => out.push(k),
                    _ => {}
                }
            }
        }
        for i in items {
            collect_compared(i, x, out);
        }
    }
}

/// A compound model value (see [`eval_sexp`]).
fn parse_compound(t: &str) -> Option<Value> {
    let e = parse_sexp(t, 0)?;
    let v = eval_sexp(&e, &[], 0)?;
    // The index standing for "every other" never escapes into a value.
    (!contains_other(&v)).then_some(v)
}

fn contains_other(v: &Value) -> bool {
    match v {
        Value::Opaque(n) => n == OTHER_INDEX,
        Value::Map { default, entries } => {
            contains_other(default)
                || entries
                    .iter()
                    .any(|(k, x)| contains_other(k) || contains_other(x))
        }
        _ => false,
    }
}

/// Kills of a hanging solver (and fresh starts) in a row, with no query
/// answered in between, before it is considered broken.
pub const MAX_RESTARTS: usize = 2;

/// The same for a solver without a timeout of its own (yices): there a
/// kill at the per-query timeout is how a hard query ends, not a fault,
/// and a fresh process often answers the next query at once (yices' MCSAT
/// can hang on one goal and answer the next in milliseconds). Only a
/// solver that runs into the timeout this many times in a row is given up.
pub const MAX_TIMEOUT_RESTARTS: usize = 16;

/// The longest answer read from a solver; a longer one breaks it.
pub const MAX_ANSWER_BYTES: usize = 64 << 20;

/// How much of the solver's standard error is kept (its end).
const STDERR_TAIL_BYTES: usize = 4096;

/// How long bicd waits for an answer to one query before it kills the
/// solver: the solver's own timeout rounded up to whole seconds (yices
/// counts seconds), plus a grace of one second and a quarter of the
/// timeout. `None`: no per-query limit.
pub fn hard_query_limit(timeout_ms: Option<u64>) -> Option<Duration> {
    timeout_ms.map(|ms| {
        let rounded = ms.div_ceil(1000).max(1) * 1000;
        Duration::from_millis(rounded + 1000 + ms / 4)
    })
}

/// The parser rsmt2 calls on `get-value` answers: each pair's term is kept
/// as text, each value is read with [`parse_value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ModelReader;

impl<'a> ExprParser<String, (), &'a str> for ModelReader {
    fn parse_expr(self, input: &'a str, _: ()) -> SmtRes<String> {
        Ok(input.to_string())
    }
}

impl<'a> ValueParser<Value, &'a str> for ModelReader {
    fn parse_value(self, input: &'a str) -> SmtRes<Value> {
        parse_value(input).ok_or_else(|| {
            // z3 writes an irrational real (non-linear arithmetic) as a root
            // of a polynomial: no test could state it exactly.
            let why = if input.contains("root-obj") {
                "the model has an irrational real value, which no test can state exactly"
            } else {
                "cannot read the model value"
            };
            ErrorKind::ParseError(why.into(), input.to_string()).into()
        })
    }
}

/// What the caller asks the worker thread to do with the rsmt2 solver.
enum Request {
    /// Write raw commands that print nothing; no reply (a failure is
    /// reported at the next query).
    Send(String),
    /// `(check-sat)` without literals, else `(check-sat-assuming ...)`.
    CheckSat(Vec<String>),
    /// `(get-value (terms...))`.
    GetValues(Vec<String>),
}

/// Why rsmt2 gave no answer, as the worker saw it.
#[derive(Debug)]
enum Fault {
    /// The solver printed `(error "...")`.
    Reported(String),
    /// An answer rsmt2 (or [`ModelReader`]) could not parse: the text.
    Unreadable(String),
    /// Anything else (end of output, a failed write...): rsmt2's message.
    Io(String),
}

/// The worker's reply to a query.
enum Reply {
    CheckSat(Result<Option<bool>, Fault>),
    Values(Result<Vec<Value>, Fault>),
}

/// The messages of an rsmt2 error and its causes, on one line.
fn error_text(e: &rsmt2::errors::Error) -> String {
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
fn check_sat_answer(
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
fn get_values_answer(
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
struct AnswerReader {
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
    fn new(warnings: Arc<Mutex<Vec<String>>>) -> AnswerReader {
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

/// The worker thread's loop: executes requests on the rsmt2 solver until
/// the request channel closes (then dropping the rsmt2 solver ends the
/// process) or the caller stops listening.
fn serve(
    mut solver: rsmt2::Solver<ModelReader>,
    mut answers: AnswerReader,
    requests: Receiver<Request>,
    replies: Sender<Reply>,
) {
    // The first failed write: every later query fails with it.
    let mut write_error: Option<String> = None;
    while let Ok(request) = requests.recv() {
        let reply = match request {
            Request::Send(text) => {
                if write_error.is_none() {
                    if let Err(e) = solver
                        .write_all(text.as_bytes())
                        .and_then(|()| solver.flush())
                    {
                        write_error = Some(format!("it stopped accepting input: {e}"));
                    }
                }
                continue;
            }
            Request::CheckSat(literals) => Reply::CheckSat(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => check_sat_answer(&mut solver, &mut answers, &literals),
            }),
            Request::GetValues(terms) => Reply::Values(match &write_error {
                Some(e) => Err(Fault::Io(e.clone())),
                None => get_values_answer(&mut solver, &mut answers, &terms),
            }),
        };
        if replies.send(reply).is_err() {
            return;
        }
    }
}

/// A solver process owned by rsmt2 on a worker thread, and what bicd
/// knows about that process from `/proc`.
struct Worker {
    /// Requests for the worker; `None` once closed.
    requests: Option<Sender<Request>>,
    replies: Receiver<Reply>,
    /// The process's PID (Linux), for kills, exit status, stderr, output size.
    pid: Option<u32>,
    /// The end of the solver's standard error, and whether it has ended.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Arc<AtomicBool>,
    /// The last warnings the solver printed (skipped as answers).
    warnings: Arc<Mutex<Vec<String>>>,
    killed: bool,
}

impl Worker {
    /// Starts a worker thread that spawns `program args...` through rsmt2;
    /// waits for the spawn (not for the solver to answer anything).
    fn start(program: &str, args: &[String], log: Option<PathBuf>) -> Result<Worker, String> {
        let mut conf = SmtStyle::Yices2.new(program);
        for a in args {
            conf.option(a.as_str());
        }
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
        let (started_tx, started_rx) = mpsc::channel::<Result<Option<u32>, String>>();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        let (tail, done) = (Arc::clone(&stderr), Arc::clone(&stderr_done));
        let warnings = Arc::new(Mutex::new(Vec::new()));
        let answers = AnswerReader::new(Arc::clone(&warnings));
        std::thread::Builder::new()
            .name("bicd-solver".into())
            .spawn(move || {
                let mut solver = match rsmt2::Solver::new(conf, ModelReader) {
                    Ok(s) => s,
                    Err(e) => {
                        done.store(true, Ordering::SeqCst);
                        let _ = started_tx.send(Err(error_text(&e)));
                        return;
                    }
                };
                // This thread has spawned exactly one child: the solver.
                let pid = own_only_child();
                match pid.and_then(open_stderr) {
                    Some(pipe) => {
                        let spawned = std::thread::Builder::new()
                            .name("bicd-solver-stderr".into())
                            .spawn(move || read_stderr(pipe, tail, done));
                        drop(spawned);
                    }
                    None => done.store(true, Ordering::SeqCst),
                }
                if let Some(path) = log {
                    // Debugging aid (BICD_SMT_LOG): rsmt2's tee.
                    let _ = solver.path_tee(path);
                }
                let _ = started_tx.send(Ok(pid));
                serve(solver, answers, request_rx, reply_tx);
            })
            .map_err(|e| format!("no thread for it: {e}"))?;
        let pid = started_rx
            .recv()
            .map_err(|_| "its thread ended".to_string())??;
        Ok(Worker {
            requests: Some(request_tx),
            replies: reply_rx,
            pid,
            stderr,
            stderr_done,
            warnings,
            killed: false,
        })
    }

    /// Queues a request; false if the worker has ended.
    fn request(&mut self, request: Request) -> bool {
        match &self.requests {
            Some(tx) => tx.send(request).is_ok(),
            None => false,
        }
    }

    /// SIGKILL to the process (its worker's read then fails), and the
    /// worker is let go: it drops the rsmt2 solver, which reaps the
    /// process. The kill comes first: until rsmt2 reaps it, the PID cannot
    /// be reused by another process.
    fn kill(&mut self) {
        if !self.killed {
            self.killed = true;
            if let Some(pid) = self.pid {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .status();
            }
        }
        self.requests = None;
    }

    /// Bytes the process has written so far (`/proc/PID/io`).
    fn written(&self) -> Option<u64> {
        let io = std::fs::read_to_string(format!("/proc/{}/io", self.pid?)).ok()?;
        io.lines()
            .find_map(|l| l.strip_prefix("wchar:"))
            .and_then(|n| n.trim().parse().ok())
    }

    /// The exit status as `exit status 7` or `killed by signal 9`, waiting
    /// a little for the process to end; `None` if it is still running or
    /// unknown.
    fn exit_status(&self) -> Option<String> {
        let pid = self.pid?;
        for _ in 0..50 {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // Fields after the command name `(...)`: state is field 3,
            // exit_code (waitpid's status word) field 52.
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            if fields.first() == Some(&"Z") {
                let code: i64 = fields.get(49)?.parse().ok()?;
                return Some(if code & 0x7f == 0 {
                    format!("exit status {}", (code >> 8) & 0xff)
                } else {
                    format!("killed by signal {}", code & 0x7f)
                });
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    /// The last non-empty lines of standard error, on one line (waiting a
    /// little for the stderr thread to read what an exiting process wrote).
    fn stderr_text(&self) -> String {
        for _ in 0..50 {
            if self.stderr_done.load(Ordering::SeqCst) {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let bytes = self.stderr.lock().map(|b| b.clone()).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let start = lines.len().saturating_sub(3);
        lines[start..].join(" / ")
    }
}

impl Worker {
    /// `; before that it warned: ...` with the last warnings the solver
    /// printed, or nothing.
    fn warnings_note(&self) -> String {
        let kept = self.warnings.lock().map(|w| w.clone()).unwrap_or_default();
        if kept.is_empty() {
            String::new()
        } else {
            format!("; before that it warned: {}", kept.join(" "))
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the worker, which drops the rsmt2
        // solver: it sends `(exit)`, kills and reaps the process, all on
        // the worker's thread.
        self.requests = None;
    }
}

/// The only child of the calling thread (Linux): right after the thread
/// spawned the solver, that is the solver.
fn own_only_child() -> Option<u32> {
    let text = std::fs::read_to_string("/proc/thread-self/children").ok()?;
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [one] => one.parse().ok(),
        _ => None,
    }
}

/// A reading end of the process's standard error pipe (Linux: opening
/// `/proc/PID/fd/2` opens the pipe itself).
fn open_stderr(pid: u32) -> Option<std::fs::File> {
    std::fs::File::open(format!("/proc/{pid}/fd/2")).ok()
}

/// The stderr thread: keeps the last [`STDERR_TAIL_BYTES`] bytes.
fn read_stderr(mut pipe: std::fs::File, tail: Arc<Mutex<Vec<u8>>>, done: Arc<AtomicBool>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        if let Ok(mut t) = tail.lock() {
            t.extend_from_slice(&buf[..n]);
            if t.len() > STDERR_TAIL_BYTES {
                let cut = t.len() - STDERR_TAIL_BYTES;
                t.drain(..cut);
            }
        }
    }
    done.store(true, Ordering::SeqCst);
}

/// Why no answer came.
enum NoAnswer {
    /// The per-query limit passed (the process was killed).
    QueryLimit(Duration),
    /// The run's deadline passed (the process was killed).
    Deadline,
    /// The solver's output ended: it exited.
    Exited,
    /// An answer longer than [`MAX_ANSWER_BYTES`].
    TooLong,
}

/// The run's deadline and how it was given (for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub at: Instant,
    /// The `--time-limit` it comes from.
    pub limit: Duration,
}

impl Deadline {
    /// A deadline `limit` from now.
    pub fn starting_now(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + limit,
            limit,
        }
    }

    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// "the time limit of 2.5 s (--time-limit) was reached".
    pub fn message(&self) -> String {
        format!(
            "the time limit of {} (--time-limit) was reached",
            format_duration(self.limit)
        )
    }
}

/// `1.5 s`, `200 ms`, `3 min 20 s`.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms < 60_000 {
        let s = d.as_secs_f64();
        if ms.is_multiple_of(1000) {
            format!("{} s", ms / 1000)
        } else {
            format!("{s:.1} s")
        }
    } else {
        let s = d.as_secs();
        if s.is_multiple_of(60) {
            format!("{} min", s / 60)
        } else {
            format!("{} min {} s", s / 60, s % 60)
        }
    }
}

/// Reads a duration: `500ms`, `30s`, `2m`, `1h`, or a number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 30s, 500ms, 2m)"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 1e9 {
        return Err(format!("`{text}` is not a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A live solver process.
pub struct Solver {
    kind: SolverKind,
    timeout_ms: Option<u64>,
    /// The executable and its arguments, for a fresh start after a kill.
    program: String,
    args: Vec<String>,
    /// The rsmt2 solver's worker; `None` after a kill that could not be
    /// followed by a fresh start.
    worker: Option<Worker>,
    /// Everything sent since the start (or the last reset): replayed into
    /// a fresh process after a kill.
    transcript: String,
    restarts: usize,
    /// Kills since the last answered query.
    kills_in_a_row: usize,
    /// Bytes sent since the last answer: the solver may still be reading
    /// (and simplifying) them when a query starts.
    pending_bytes: usize,
    deadline: Option<Deadline>,
    /// Set after the first error: the process is no longer trusted.
    broken: Option<SolverError>,
    logic: Option<&'static str>,
    queries: usize,
    time: Duration,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("kind", &self.kind)
            .field("program", &self.program)
            .field("timeout_ms", &self.timeout_ms)
            .field("broken", &self.broken)
            .field("queries", &self.queries)
            .field("restarts", &self.restarts)
            .finish()
    }
}

impl Solver {
    /// Starts the solver `kind` (found on `PATH`) in incremental mode with
    /// model production and the per-query timeout, if any.
    pub fn spawn(kind: SolverKind, timeout_ms: Option<u64>) -> Result<Solver, SolverError> {
        Solver::spawn_with(kind, None, timeout_ms)
    }

    /// Starts the solver `kind`: the executable `program` if given (a path,
    /// or a name looked up on `PATH`: `--solver-command`), else the one
    /// on `PATH`; with the arguments `kind` needs.
    pub fn spawn_with(
        kind: SolverKind,
        program: Option<&str>,
        timeout_ms: Option<u64>,
    ) -> Result<Solver, SolverError> {
        let program = match program {
            Some(p) if find_in_path(p).is_none() => {
                return Err(SolverError::new(format!(
                    "the solver command `{p}` (--solver-command) {}",
                    if p.contains('/') {
                        "does not exist or is not an executable file"
                    } else {
                        "is not on PATH"
                    }
                )))
            }
            Some(p) => p.to_string(),
            None => match resolve_program(kind) {
                Some(p) => p.to_string_lossy().into_owned(),
                None => {
                    return Err(SolverError::new(format!(
                        "the solver {} (`{}`) is not installed or not on PATH; install it with `{}`, or name its executable with --solver-command",
                        kind.name(),
                        kind.program(),
                        kind.install_hint()
                    )))
                }
            },
        };
        Solver::spawn_command(kind, &program, &solver_args(kind, timeout_ms), timeout_ms)
    }

    /// Starts `program args...` and speaks to it as to a solver of `kind`
    /// (which decides the set-up commands sent). For tests with fake
    /// solvers, and for users with solvers in unusual places.
    pub fn spawn_command(
        kind: SolverKind,
        program: &str,
        args: &[String],
        timeout_ms: Option<u64>,
    ) -> Result<Solver, SolverError> {
        if find_in_path(program).is_none() {
            let what = if program.contains('/') {
                format!("`{program}` does not exist or is not an executable file")
            } else {
                format!("`{program}` is not on PATH")
            };
            return Err(SolverError::new(format!(
                "the solver {} cannot be started: {what}; install it with `{}`, or name its executable with --solver-command",
                kind.name(),
                kind.install_hint()
            )));
        }
        let worker = start_worker(kind, program, args)?;
        let mut solver = Solver {
            kind,
            timeout_ms,
            program: program.to_string(),
            args: args.to_vec(),
            worker: Some(worker),
            transcript: String::new(),
            restarts: 0,
            kills_in_a_row: 0,
            pending_bytes: 0,
            deadline: None,
            broken: None,
            logic: None,
            queries: 0,
            time: Duration::ZERO,
        };
        let mut setup = String::from("(set-option :produce-models true)\n");
        if let (SolverKind::Z3, Some(ms)) = (kind, timeout_ms) {
            setup.push_str(&format!("(set-option :timeout {ms})\n"));
        }
        solver.send(&setup)?;
        Ok(solver)
    }

    pub fn kind(&self) -> SolverKind {
        self.kind
    }

    pub fn timeout_ms(&self) -> Option<u64> {
        self.timeout_ms
    }

    /// The executable this solver runs.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// The run's deadline: an answer not given by then is not waited for
    /// (the process is killed and the solver broken).
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// Whether the run has a deadline ([`Solver::set_deadline`]).
    pub fn has_deadline(&self) -> bool {
        self.deadline.is_some()
    }

    /// Number of check-sat queries answered so far.
    pub fn queries(&self) -> usize {
        self.queries
    }

    /// Wall-clock time spent sending to and waiting for the solver.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// How often a hanging process was killed and started afresh.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Declares the logic before anything else is declared: `QF_LIA`, or
    /// `QF_NIA` when the formulas multiply or divide two non-constant
    /// terms. yices needs one (for QF_NIA it uses its MCSAT engine, which
    /// supports check-sat-assuming and push/pop in 2.6.5); cvc5 otherwise
    /// warns on stderr (which nobody reads); z3 is left with its default
    /// (all theories). Calling it again with the same need does nothing; a
    /// solver set up for linear arithmetic is reset to the non-linear logic
    /// when asked (which drops every declaration and assertion made so
    /// far: call it before loading a program).
    pub fn set_logic(&mut self, nonlinear: bool) -> Result<(), SolverError> {
        self.set_logic_for(&crate::back::vc::Features::default(), nonlinear)
    }

    /// Like [`Solver::set_logic`], for a VC that may also need arrays,
    /// bit-vectors, uninterpreted sorts and functions, or quantifiers
    /// ([`crate::back::vc::Features::logic`]: yices `QF_AUFBVLIA` or `ALL`, cvc5
    /// `ALL`, z3 none).
    pub fn set_logic_for(
        &mut self,
        features: &crate::back::vc::Features,
        nonlinear: bool,
    ) -> Result<(), SolverError> {
        let Some(wanted) = features.logic(self.kind, nonlinear) else {
            return Ok(());
        };
        match self.logic {
            Some(l) if l == wanted || (l == "QF_NIA" && wanted == "QF_LIA") || l == "ALL" => Ok(()),
            Some(_) => {
                self.transcript.clear();
                self.send(&format!(
                    "(reset)\n(set-option :produce-models true)\n(set-logic {wanted})\n"
                ))?;
                self.logic = Some(wanted);
                Ok(())
            }
            None => {
                self.send(&format!("(set-logic {wanted})\n"))?;
                self.logic = Some(wanted);
                Ok(())
            }
        }
    }

    /// Sends raw SMT-LIB commands (declarations, assertions, push/pop):
    /// commands that print nothing when they succeed. rsmt2 writes them on
    /// the worker thread; this does not wait for that. A rejected command
    /// shows up as an error at the next answer read, a failed write at the
    /// next query.
    pub fn send(&mut self, commands: &str) -> Result<(), SolverError> {
        if commands.is_empty() {
            return Ok(());
        }
        let start = Instant::now();
        let queued = self.live()?.request(Request::Send(commands.to_string()));
        self.time += start.elapsed();
        if !queued {
            let why = self.exit_message();
            return Err(self.fail(why));
        }
        self.transcript.push_str(commands);
        self.pending_bytes += commands.len();
        Ok(())
    }

    /// The per-query limit, plus one second per 500 kB sent since the
    /// last answer (a large VC takes the solver a while to read; its own
    /// timeout only counts the search). Measured on 3.2 MB of forward VC
    /// (1,000 diamonds), idle: yices reads 1 MB in 0.16 s, z3 in 0.20 s,
    /// cvc5 in 0.31 s, so this is 6 to 12 times that. It was one second
    /// per 100 kB: after a restart, which sends the whole transcript
    /// again, the next query of the 1,000-diamond run was allowed 42 s
    /// instead of 10.
    fn query_limit(&self) -> Option<Duration> {
        let limit = if self.kind.has_native_timeout() {
            hard_query_limit(self.timeout_ms)
        } else {
            self.timeout_ms.map(Duration::from_millis)
        };
        limit.map(|l| l + Duration::from_millis((self.pending_bytes / 500) as u64))
    }

    /// `(declare-const name sort)`.
    pub fn declare_const(&mut self, name: &str, sort: &str) -> Result<(), SolverError> {
        self.send(&format!("(declare-const {name} {sort})\n"))
    }

    /// `(assert term)`.
    pub fn assert(&mut self, term: &str) -> Result<(), SolverError> {
        self.send(&format!("(assert {term})\n"))
    }

    pub fn push(&mut self) -> Result<(), SolverError> {
        self.send("(push 1)\n")
    }

    pub fn pop(&mut self) -> Result<(), SolverError> {
        self.send("(pop 1)\n")
    }

    /// `(check-sat-assuming (lits...))` (rsmt2's
    /// `check_sat_assuming_or_unk`): each literal is a Boolean constant or
    /// its negation `(not c)`. Without literals, `(check-sat)` (cvc5
    /// rejects an empty assumption list). A solver that does not answer
    /// within [`hard_query_limit`] is killed and started afresh: the answer
    /// is then `Unknown`.
    pub fn check_sat_assuming(&mut self, literals: &[&str]) -> Result<SatAnswer, SolverError> {
        self.live()?;
        if let Some(d) = self.deadline.filter(Deadline::passed) {
            return Err(self.fail(d.message()));
        }
        let request = Request::CheckSat(literals.iter().map(|l| l.to_string()).collect());
        let start = Instant::now();
        let answer = self.ask(request, self.query_limit());
        self.pending_bytes = 0;
        self.time += start.elapsed();
        self.queries += 1;
        let answer = match answer {
            Ok(Reply::CheckSat(answer)) => answer,
            Ok(Reply::Values(_)) => Err(Fault::Io("a reply out of order".into())),
            Err(NoAnswer::QueryLimit(limit)) => {
                let reason = if self.kind.has_native_timeout() {
                    format!(
                        "{} did not answer within {} (per-query timeout {} ms): killed",
                        self.kind.name(),
                        format_duration(limit),
                        self.timeout_ms.unwrap_or(0)
                    )
                } else {
                    format!(
                        "{} did not answer within the per-query timeout ({}): stopped",
                        self.kind.name(),
                        format_duration(limit)
                    )
                };
                self.restart(&reason)?;
                return Ok(SatAnswer::Unknown(reason));
            }
            Err(other) => {
                let why = self.no_answer_message(other, "a check-sat");
                return Err(self.fail(why));
            }
        };
        // A solver that answers is working: only kills in a row count
        // towards giving up on it.
        self.kills_in_a_row = 0;
        match answer {
            Ok(Some(true)) => Ok(SatAnswer::Sat),
            Ok(Some(false)) => Ok(SatAnswer::Unsat),
            Ok(None) => Ok(SatAnswer::Unknown(self.unknown_reason())),
            Err(fault) => {
                let why = self.fault_message(fault, "check-sat");
                Err(self.fail(why))
            }
        }
    }

    /// The values of `terms` in the last model, in order, with one
    /// `get-value` command (rsmt2's `get_values`, values read by
    /// [`ModelReader`]). Only valid right after a `Sat` answer.
    pub fn get_values(&mut self, terms: &[String]) -> Result<Vec<Value>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        self.live()?;
        let start = Instant::now();
        let answer = self.ask(Request::GetValues(terms.to_vec()), self.query_limit());
        self.pending_bytes = 0;
        self.time += start.elapsed();
        let answer = match answer {
            Ok(Reply::Values(answer)) => answer,
            Ok(Reply::CheckSat(_)) => Err(Fault::Io("a reply out of order".into())),
            Err(e) => {
                let why = self.no_answer_message(e, "a get-value");
                return Err(self.fail(why));
            }
        };
        match answer {
            Ok(values) if values.len() == terms.len() => Ok(values),
            Ok(values) => Err(self.fail(format!(
                "the solver {} answered get-value with {} values for {} terms",
                self.kind.name(),
                values.len(),
                terms.len()
            ))),
            Err(fault) => {
                let why = self.fault_message(fault, "get-value");
                Err(self.fail(why))
            }
        }
    }

    fn unknown_reason(&self) -> String {
        match self.timeout_ms {
            Some(ms) => format!(
                "{} answered unknown (timeout of {ms} ms or incomplete theory)",
                self.kind.name()
            ),
            None => format!("{} answered unknown", self.kind.name()),
        }
    }

    /// Gives the worker a query and waits for its reply, at most `limit`
    /// and never past the deadline; kills the process when time runs out
    /// or when it writes more than [`MAX_ANSWER_BYTES`].
    fn ask(&mut self, request: Request, limit: Option<Duration>) -> Result<Reply, NoAnswer> {
        let started = Instant::now();
        let query_end = limit.map(|l| started + l);
        let deadline = self.deadline;
        let Some(worker) = self.worker.as_mut() else {
            return Err(NoAnswer::Exited);
        };
        if self.broken.is_some() || !worker.request(request) {
            return Err(NoAnswer::Exited);
        }
        let written_before = worker.written();
        // How often the size of the output is looked at.
        let slice = Duration::from_millis(250);
        loop {
            let until = match (query_end, deadline) {
                (Some(q), Some(d)) => Some(q.min(d.at)),
                (Some(q), None) => Some(q),
                (None, Some(d)) => Some(d.at),
                (None, None) => None,
            };
            let wait = match until {
                Some(t) => t.saturating_duration_since(Instant::now()).min(slice),
                None => slice,
            };
            match worker.replies.recv_timeout(wait) {
                Ok(reply) => return Ok(reply),
                Err(RecvTimeoutError::Disconnected) => return Err(NoAnswer::Exited),
                Err(RecvTimeoutError::Timeout) => {}
            }
            let out_of_time = until.is_some_and(|t| Instant::now() >= t);
            if out_of_time {
                worker.kill();
                if deadline.is_some_and(|d| d.passed()) {
                    return Err(NoAnswer::Deadline);
                }
                return Err(NoAnswer::QueryLimit(limit.unwrap_or_default()));
            }
            let too_long = match (written_before, worker.written()) {
                (Some(before), Some(now)) => now.saturating_sub(before) > MAX_ANSWER_BYTES as u64,
                _ => false,
            };
            if too_long {
                worker.kill();
                return Err(NoAnswer::TooLong);
            }
        }
    }

    /// After a kill for a hanging query: a fresh worker and process, given
    /// the transcript; broken after [`MAX_RESTARTS`].
    fn restart(&mut self, reason: &str) -> Result<(), SolverError> {
        self.worker = None;
        let allowed = if self.kind.has_native_timeout() {
            MAX_RESTARTS
        } else {
            MAX_TIMEOUT_RESTARTS
        };
        if self.kills_in_a_row >= allowed {
            return Err(self.fail(format!(
                "{reason}; gave up after {} restarts of the solver in a row",
                self.kills_in_a_row
            )));
        }
        self.restarts += 1;
        self.kills_in_a_row += 1;
        let worker = match start_worker(self.kind, &self.program, &self.args) {
            Ok(w) => w,
            Err(e) => return Err(self.fail(format!("{reason}; {}", e.message))),
        };
        self.worker = Some(worker);
        let transcript = std::mem::take(&mut self.transcript);
        let result = self.send(&transcript);
        self.transcript = transcript;
        result
    }

    fn no_answer_message(&mut self, why: NoAnswer, what: &str) -> String {
        match why {
            NoAnswer::Deadline => match self.deadline {
                Some(d) => format!("{} (the solver was stopped)", d.message()),
                None => "the time limit was reached".to_string(),
            },
            NoAnswer::QueryLimit(l) => format!(
                "the solver {} did not answer {what} within {} and was killed",
                self.kind.name(),
                format_duration(l)
            ),
            NoAnswer::TooLong => format!(
                "the solver {} answered {what} with more than {} MiB",
                self.kind.name(),
                MAX_ANSWER_BYTES >> 20
            ),
            NoAnswer::Exited => self.exit_message(),
        }
    }

    /// What went wrong with an answer, as a message ([`Solver::fault_text`]),
    /// followed by the last warnings the solver printed, if any.
    fn fault_message(&mut self, fault: Fault, what: &str) -> String {
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

    /// "the solver z3 exited in the middle of the run (exit status 3): ...".
    fn exit_message(&mut self) -> String {
        let name = self.kind.name();
        let Some(worker) = self.worker.as_ref() else {
            return format!("the solver {name} is not running");
        };
        let status = worker
            .exit_status()
            .unwrap_or_else(|| "its output ended".to_string());
        let stderr = worker.stderr_text();
        if stderr.is_empty() {
            format!("the solver {name} exited in the middle of the run ({status})")
        } else {
            format!("the solver {name} exited in the middle of the run ({status}): {stderr}")
        }
    }

    fn live(&mut self) -> Result<&mut Worker, SolverError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let name = self.kind.name();
        self.worker
            .as_mut()
            .ok_or_else(|| SolverError::new(format!("the solver {name} is not running")))
    }

    /// Records the first error: the process is not trusted any more.
    fn fail(&mut self, message: String) -> SolverError {
        let e = SolverError::new(message);
        if self.broken.is_none() {
            self.broken = Some(e.clone());
        }
        if let Some(w) = self.worker.as_mut() {
            w.kill();
        }
        self.broken.clone().unwrap_or(e)
    }
}

/// The command-line arguments `kind` needs (incremental mode, timeout).
fn solver_args(kind: SolverKind, timeout_ms: Option<u64>) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    match kind {
        SolverKind::Z3 => {
            args.push("-in".into());
            args.push("-smt2".into());
        }
        SolverKind::Yices => {
            // No `--timeout`: with it, yices-smt2 2.6.5 is 4-5x slower on
            // every incremental script we measured (the 9-diamond path
            // cover d9_s8: 0.76 s without, 4.1 s with; a 100-diamond
            // statement cover: 12 s against 52 s), whatever the value.
            // bicd's own watchdog enforces the per-query timeout instead
            // (see `Solver::query_limit`).
            args.push("--incremental".into());
        }
        SolverKind::Cvc5 => {
            args.push("--incremental".into());
            args.push("--produce-models".into());
            args.push("--lang".into());
            args.push("smt2".into());
            // Without it cvc5 substitutes the definitions `R_b = ...`
            // away and get-value of R_b evaluates the expanded terms:
            // 20x slower on a chain of 100 diamonds.
            args.push("--simplification=none".into());
            if let Some(ms) = timeout_ms {
                args.push(format!("--tlimit-per={ms}"));
            }
        }
    }
    args
}

/// Starts the solver process (through rsmt2, on a fresh worker thread).
fn start_worker(kind: SolverKind, program: &str, args: &[String]) -> Result<Worker, SolverError> {
    // Debugging aid: BICD_SMT_LOG=file writes everything sent to the
    // solver to `file` (rsmt2's tee; one file per process: the last one
    // wins).
    let log = std::env::var_os("BICD_SMT_LOG").map(PathBuf::from);
    Worker::start(program, args, log).map_err(|e| {
        SolverError::new(format!(
            "could not start the solver {} (`{program}`): {e}",
            kind.name()
        ))
    })
}

/// The executable for `kind`, with pyenv shims resolved once per run: a
/// shim is a shell script that costs ~0.2 s per start.
fn resolve_program(kind: SolverKind) -> Option<PathBuf> {
    static YICES: OnceLock<Option<PathBuf>> = OnceLock::new();
    let found = find_in_path(kind.program())?;
    if kind != SolverKind::Yices {
        return Some(found);
    }
    YICES
        .get_or_init(|| resolve_pyenv_shim(&found, kind.program()).or(Some(found.clone())))
        .clone()
}

fn resolve_pyenv_shim(found: &Path, program: &str) -> Option<PathBuf> {
    let in_shims = found
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == "shims");
    if !in_shims {
        return None;
    }
    let out = std::process::Command::new("pyenv")
        .args(["which", program])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    path.is_file().then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values() {
        assert_eq!(parse_value("true"), Some(Value::Bool(true)));
        assert_eq!(parse_value(" false "), Some(Value::Bool(false)));
        assert_eq!(parse_value("42"), Some(Value::Int(BigInt::from(42))));
        assert_eq!(parse_value("(- 5)"), Some(Value::Int(BigInt::from(-5))));
        assert_eq!(parse_value("(-  7 )"), Some(Value::Int(BigInt::from(-7))));
        let big = "123456789012345678901234567890";
        assert_eq!(
            parse_value(&format!("(- {big})")),
            Some(Value::Int(
                -BigInt::parse_bytes(big.as_bytes(), 10).unwrap()
            ))
        );
        assert_eq!(parse_value("(-5)"), None);
        assert_eq!(parse_value("(- (- 5))"), None);
        let q = |n: i64, d: i64| {
            Value::Real(num_rational::BigRational::new(
                BigInt::from(n),
                BigInt::from(d),
            ))
        };
        // Reals as z3, yices and cvc5 print them.
        assert_eq!(parse_value("1.5"), Some(q(3, 2)));
        assert_eq!(parse_value("0.0"), Some(q(0, 1)));
        assert_eq!(parse_value("(- 2.0)"), Some(q(-2, 1)));
        assert_eq!(parse_value("(/ 1.0 3.0)"), Some(q(1, 3)));
        assert_eq!(parse_value("(- (/ 1.0 3.0))"), Some(q(-1, 3)));
        assert_eq!(parse_value("(/ (- 2) 3)"), Some(q(-2, 3)));
        assert_eq!(parse_value("(/ 2 3)"), Some(q(2, 3)));
        assert_eq!(parse_value("(/ 2 0)"), None);
        assert_eq!(parse_value("1."), None);
        // yices prints a whole real as an integer: the type makes it real.
        let int1 = parse_value("1").unwrap();
        assert_eq!(conform_value(int1, &crate::ir::Type::Real), q(1, 1));
        let m = parse_value("(store ((as const (Array Int Real)) 0) 3 (/ 1 2))").unwrap();
        let real_map =
            crate::ir::Type::Map(vec![crate::ir::Type::Int], Box::new(crate::ir::Type::Real));
        assert_eq!(
            conform_value(m, &real_map),
            Value::map(q(0, 1), [(Value::Int(BigInt::from(3)), q(1, 2))])
        );
        assert_eq!(parse_value("x"), Some(Value::Opaque("x".into())));
        assert_eq!(parse_value(""), None);
        let bv = |width, v: i64| Value::Bv {
            width,
            value: BigInt::from(v),
        };
        assert_eq!(parse_value("#b00000101"), Some(bv(8, 5)));
        assert_eq!(parse_value("#x05"), Some(bv(8, 5)));
        assert_eq!(parse_value("(_ bv5 8)"), Some(bv(8, 5)));
        assert_eq!(parse_value("(_ bv300 8)"), None);
        assert_eq!(
            parse_value("(as @T_0 T)"),
            Some(Value::Opaque("@T_0".into()))
        );
        assert_eq!(
            parse_value("T!val!1"),
            Some(Value::Opaque("T!val!1".into()))
        );
        let int = |n: i64| Value::Int(BigInt::from(n));
        // z3 and cvc5
        assert_eq!(
            parse_value("(store ((as const (Array Int Int)) 0) 3 7)"),
            Some(Value::map(int(0), [(int(3), int(7))]))
        );
        assert_eq!(
            parse_value("(store (store ((as const (Array Int Int)) 0) 3 7) (- 1) 0)"),
            Some(Value::map(int(0), [(int(3), int(7))]))
        );
        let inner = Value::map(Value::Bool(false), [(int(2), Value::Bool(true))]);
        assert_eq!(
            parse_value(
                "(store ((as const (Array Int (Array Int Bool))) ((as const (Array Int Bool)) false)) 1 (store ((as const (Array Int Bool)) false) 2 true))"
            ),
            Some(Value::map(
                Value::map(Value::Bool(false), []),
                [(int(1), inner)]
            ))
        );
        // z3's let and lambda forms
        assert_eq!(
            parse_value("(let ((a!1 (store ((as const (Array Int Int)) 0) 1 2))) (store a!1 3 4))"),
            Some(Value::map(int(0), [(int(1), int(2)), (int(3), int(4))]))
        );
        assert_eq!(
            parse_value(
                "(lambda ((x!1 Int)) (ite (= x!1 10) (lambda ((x!2 Int)) (or (= x!2 2) (= x!2 21))) ((as const (Array Int Bool)) false)))"
            ),
            Some(Value::map(
                Value::map(Value::Bool(false), []),
                [(
                    int(10),
                    Value::map(
                        Value::Bool(false),
                        [(int(2), Value::Bool(true)), (int(21), Value::Bool(true))]
                    )
                )]
            ))
        );
        assert_eq!(parse_value("(lambda ((x!1 Int)) (<= x!1 3))"), None);
        assert_eq!(parse_value("(_ as-array k!0)"), None);
    }

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

    #[test]
    fn solver_names_round_trip() {
        for k in SolverKind::all() {
            assert_eq!(k.name().parse::<SolverKind>(), Ok(k));
        }
        assert!("z4".parse::<SolverKind>().is_err());
    }
}
