//! Terminal diagnostics in the style of rustc (the default text report).
//!
//! Takes: one file's [`FileResult`], its [`SourceMap`] and the run's
//! [`Options`]. Gives: [`terminal_report`], the report a person reads: the
//! settings, one summary line per procedure, then for each infeasible block
//! (and each block left unknown, each assertion that can fail) the source
//! lines with a label and an underline (rendered by `annotate-snippets`,
//! coloured on request), then the tests as an aligned table (inputs,
//! choices, trace, outcome). [`quiet_summary`] is the one-line form of
//! `--quiet`. Issue 6, "Terminal diagnostics". Lists that grow with the
//! program show their first 8 items, and many findings left
//! unknown for one reason make one note (issue 18); JSON and SARIF keep
//! everything.

use crate::driver::{AssertStatus, BlockStatus, FileResult, Options, ProcedureResult, Proof};
use crate::ir::testcase::{ChoiceKind, Outcome, TestCase};
use crate::ir::AssertKind;
use crate::report::summary::Summary;
use crate::source::SourceMap;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

fn assertion_kind(kind: AssertKind) -> &'static str {
    match kind {
        AssertKind::Assert => "assert",
        AssertKind::Requires => "requires",
        AssertKind::Ensures => "ensures",
    }
}

/// ` at f.c:12:3` for a finding with an original source location, else
/// nothing (the snippet below gives the `.bpl` place either way).
fn at_source(loc: &Option<crate::ir::SourceLoc>) -> String {
    match loc {
        Some(l) => format!(" at {}", crate::report::locations::source_text(l)),
        None => String::new(),
    }
}

/// The source of `f` with `span` marked and labelled (lines folded).
fn marked(
    f: &crate::source::SourceFile,
    span: std::ops::Range<usize>,
    label: String,
) -> Snippet<'_, annotate_snippets::Annotation<'_>> {
    let (lines, first_line, offset) = f.lines_of(span.clone());
    Snippet::source(lines)
        .line_start(first_line)
        .path(f.name.as_str())
        .fold(true)
        .annotation(
            AnnotationKind::Primary
                .span(span.start - offset..span.end - offset)
                .label(label),
        )
}

/// Why a path cover is partial, for the summary line: the test limit, a
/// failure (the error is printed below), or an `unknown` answer.
fn partial_note(p: &ProcedureResult) -> &'static str {
    let at_limit = p.blocks.iter().any(
        |b| matches!(&b.status, BlockStatus::Unknown(why) if why.contains("(the test limit)")),
    );
    match (p.partial, at_limit, p.error.is_some()) {
        (false, _, _) => "",
        (true, true, _) => " (partial: stopped at --max-tests)",
        (true, false, true) => " (partial: stopped by the error below)",
        (true, false, false) => " (partial: a query was not decided)",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How many items a list that grows with the program shows before it says
/// how many more there are (JSON and SARIF list them all).
const SHOWN: usize = 8;

/// What a cut list says of the items it leaves out.
fn more(left_out: usize) -> String {
    format!("... and {left_out} more; `--format json` lists them all")
}

/// `items` joined by `, `: the first [`SHOWN`], then how many more.
fn list(items: &[String]) -> String {
    if items.len() <= SHOWN {
        return items.join(", ");
    }
    format!(
        "{}, {}",
        items[..SHOWN].join(", "),
        more(items.len() - SHOWN)
    )
}

/// The reasons shared by more than [`SHOWN`] of `reasons`: the findings
/// left unknown for such a reason are reported in one note, not one each.
fn crowded<'a>(reasons: impl Iterator<Item = &'a str>) -> HashSet<&'a str> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for r in reasons {
        *counts.entry(r).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|&(_, n)| n > SHOWN)
        .map(|(r, _)| r)
        .collect()
}

/// One note for the `places` (`block `x` at f.bpl:3:5`, in program
/// order) left unknown for the same `reason`: the count, the reason and
/// the first [`SHOWN`] places.
fn unknown_group<'a>(title: String, reason: &str, places: &[String]) -> Group<'a> {
    let mut shown = places[..places.len().min(SHOWN)].join("\n");
    if places.len() > SHOWN {
        shown.push('\n');
        shown.push_str(&more(places.len() - SHOWN));
    }
    Level::NOTE
        .with_name("note[unknown]")
        .primary_title(title)
        .element(Level::NOTE.message(format!("unknown: {reason}")))
        .element(Level::NOTE.message(shown))
}

/// The bound in a few words, for labels.
fn bound(options: &Options) -> String {
    let k = options.unwind;
    format!(
        "within {} (--unwind {k})",
        plural(k as usize, "loop iteration", "loop iterations")
    )
}

/// The test's values in one line: inputs, then choices in run order.
fn values(p: &ProcedureResult, t: &TestCase) -> (String, String) {
    let (inputs, choices) = value_lists(p, t);
    (
        if inputs.is_empty() {
            "-".to_string()
        } else {
            inputs.join(", ")
        },
        choices.join(", "),
    )
}

/// A test's inputs (`x = 1`, and the points of uninterpreted functions
/// as the model gives them: `f(1) = 5`) and choices, each as shown.
fn value_lists(p: &ProcedureResult, t: &TestCase) -> (Vec<String>, Vec<String>) {
    let mut inputs: Vec<String> = t.inputs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    inputs.extend(t.functions.iter().map(|f| {
        let args: Vec<String> = f.args.iter().map(|a| a.to_string()).collect();
        format!("{}({}) = {}", f.function, args.join(", "), f.value)
    }));
    let choices: Vec<String> = t
        .choices
        .iter()
        .map(|c| {
            let var = if c.proc == p.name {
                c.var.clone()
            } else {
                format!("{}::{}", c.proc, c.var)
            };
            let kind = match c.kind {
                ChoiceKind::Havoc => "havoc",
                ChoiceKind::CallOutput => "call",
                ChoiceKind::Uninitialized => "uninit",
            };
            format!("{var} = {} ({kind}, line {})", c.value, c.line)
        })
        .collect();
    (inputs, choices)
}

/// Inputs that every test of a table gives the same value are named once,
/// above it, where there are at least this many (a SMACK file's tests
/// each list some 30 constants the axioms fix: function addresses,
/// `$GLOBALS_BOTTOM`, `$MALLOC_TOP`, ...).
const COMMON_INPUTS_ABOVE: usize = 4;

/// Of the tests' inputs (in the first test's order), those every test
/// has, where there are two tests or more and at least
/// [`COMMON_INPUTS_ABOVE`] of them; else none.
fn common_inputs(inputs: &[Vec<String>]) -> Vec<String> {
    let [first, rest @ ..] = inputs else {
        return Vec::new();
    };
    if rest.is_empty() {
        return Vec::new();
    }
    let others: Vec<HashSet<&String>> = rest.iter().map(|i| i.iter().collect()).collect();
    let common: Vec<String> = first
        .iter()
        .filter(|x| others.iter().all(|o| o.contains(x)))
        .cloned()
        .collect();
    if common.len() < COMMON_INPUTS_ABOVE {
        return Vec::new();
    }
    common
}

/// A trace with repetitions folded: `a → (b → c)×3 → d`, repeatedly, so
/// that nested loops fold too: inner loops (the shortest repeating
/// sequence) first, then the sequences that contain them, up to 16 steps.
pub(crate) fn compact_trace(steps: &[String]) -> String {
    let mut tokens: Vec<String> = steps.to_vec();
    for period in 1..=16 {
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let mut reps = 1;
            while i + (reps + 1) * period <= tokens.len()
                && tokens[i..i + period] == tokens[i + reps * period..i + (reps + 1) * period]
            {
                reps += 1;
            }
            if reps >= 2 {
                let group = tokens[i..i + period].join(" → ");
                out.push(if period == 1 && !group.contains(' ') {
                    format!("{group}×{reps}")
                } else {
                    format!("({group})×{reps}")
                });
                i += period * reps;
            } else {
                out.push(tokens[i].clone());
                i += 1;
            }
        }
        tokens = out;
    }
    tokens.join(" → ")
}

/// The aligned table of a procedure's tests.
/// Loop-iteration coverage (`--loop-coverage`): a row per loop, a column
/// per count of times around it, each cell the first test that leaves the
/// loop after that many (`#N`), `-` when no run within the bound does, `?`
/// when undecided.
fn loops_table(sources: &SourceMap, p: &ProcedureResult) -> String {
    let Some(first) = p.loops.first() else {
        return String::new();
    };
    let counts = first.iterations.len();
    let mut rows: Vec<Vec<String>> = vec![std::iter::once("loop".to_string())
        .chain(std::iter::once("line".to_string()))
        .chain((0..counts).map(|c| c.to_string()))
        .collect()];
    for l in &p.loops {
        let mut row = vec![format!("`{}`", l.display), sources.line(l.span).to_string()];
        row.extend(l.iterations.iter().map(|it| match &it.status {
            BlockStatus::Covered(ts) => ts.first().map_or("?".to_string(), |t| format!("#{t}")),
            BlockStatus::Infeasible => "-".to_string(),
            BlockStatus::Unknown(_) | BlockStatus::UncoveredSummary => "?".to_string(),
        }));
        rows.push(row);
    }
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::from(
        "  times around each loop before leaving it (#N: test N; -: no run within the bound; ?: undecided)\n",
    );
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, s)| format!("{s:<w$}", w = widths[c]))
            .collect();
        let _ = writeln!(out, "    {}", cells.join("  ").trim_end());
    }
    out
}

fn tests_table(sources: &SourceMap, p: &ProcedureResult) -> String {
    if p.tests.is_empty() {
        return String::new();
    }
    let header = ["test", "inputs", "choices", "outcome", "trace"].map(String::from);
    let (inputs, choices): (Vec<Vec<String>>, Vec<Vec<String>>) =
        p.tests.iter().map(|t| value_lists(p, t)).unzip();
    let common = common_inputs(&inputs);
    let rows: Vec<[String; 5]> = std::iter::once(header)
        .chain(
            p.tests
                .iter()
                .zip(inputs.iter().zip(&choices))
                .map(|(t, (inputs, choices))| {
                    let own: Vec<&str> = inputs
                        .iter()
                        .filter(|x| !common.contains(x))
                        .map(String::as_str)
                        .collect();
                    let inputs = match own.is_empty() {
                        true => "-".to_string(),
                        false => own.join(", "),
                    };
                    let choices = choices.join(", ");
                    let trace: Vec<String> = t.trace.iter().map(|s| s.display(&p.name)).collect();
                    let outcome = match t.outcome {
                        Outcome::Returns => "returns".to_string(),
                        Outcome::AssertionFails(id) => {
                            match p.assertions.iter().find(|a| a.id == id) {
                                Some(a) => format!(
                                    "fails {} (line {})",
                                    assertion_kind(a.kind),
                                    sources.line(a.span)
                                ),
                                None => "fails an assertion".to_string(),
                            }
                        }
                    };
                    [
                        format!("test {}", t.id),
                        inputs,
                        choices,
                        outcome,
                        compact_trace(&trace),
                    ]
                }),
        )
        .collect();
    let mut widths = [0usize; 5];
    // A column empty in every test (e.g. no choices) is left out.
    let used: Vec<bool> = (0..5)
        .map(|i| rows.iter().skip(1).any(|r| !r[i].is_empty()))
        .collect();
    for r in &rows {
        for (w, c) in widths.iter_mut().zip(r.iter()) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    if !common.is_empty() {
        let _ = writeln!(
            out,
            "  every test's inputs include {} (the table lists the others)",
            common.join(", ")
        );
    }
    for r in &rows {
        let mut line = String::from("  ");
        for (i, (c, w)) in r.iter().zip(widths.iter()).enumerate() {
            if !used[i] {
                continue;
            }
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(c);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(w - c.chars().count()));
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

fn summary_line(sources: &SourceMap, p: &ProcedureResult) -> String {
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
    let uncovered_summary = p
        .blocks
        .iter()
        .filter(|b| b.status == BlockStatus::UncoveredSummary)
        .count();
    let uncovered_summary = if uncovered_summary > 0 {
        format!(", {uncovered_summary} uncovered (summary)")
    } else {
        String::new()
    };
    format!(
        "procedure {} (line {}): {} of {} blocks covered, {} infeasible{}; {}; {}{}{}",
        p.name,
        sources.line(p.span),
        covered,
        p.blocks.len(),
        infeasible,
        uncovered_summary,
        plural(p.tests.len(), "test", "tests"),
        plural(p.queries, "query", "queries"),
        partial_note(p),
        match &p.solver_note {
            Some(n) => format!(" ({n})"),
            None => String::new(),
        },
    )
}

/// The terminal report of one file. `color`: ANSI colours (only when
/// standard output is a terminal).
pub fn terminal_report(
    sources: &SourceMap,
    file: &FileResult,
    options: &Options,
    color: bool,
) -> String {
    let mut out = report_header(&file.file, options);
    if file.procedures.is_empty() {
        out.push_str(NO_PROCEDURE);
    }
    for p in &file.procedures {
        out.push_str(&procedure_report(sources, p, options, color));
    }
    out
}

/// What the report of a file says when it has no procedure to analyse.
pub const NO_PROCEDURE: &str = "no procedure with a body to analyse\n";

/// The first line of a file's report: the file and the settings.
pub fn report_header(file: &str, options: &Options) -> String {
    format!(
        "{}: unwind {}, {} cover, calls {}, solver {}\n",
        file,
        options.unwind,
        options.mode.name(),
        options.calls.name(),
        options.solver.name()
    )
}

/// The part of [`terminal_report`] on one procedure, which `bicd cover`
/// prints as soon as the procedure is done.
pub fn procedure_report(
    sources: &SourceMap,
    p: &ProcedureResult,
    options: &Options,
    color: bool,
) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    if p.input_error {
        // Refused for its input: the error is a located diagnostic of
        // its own; there is nothing else to say of the procedure.
        let _ = writeln!(
            out,
            "procedure {} (line {}): not analysed",
            p.name,
            sources.line(p.span)
        );
        for l in p.error.as_deref().unwrap_or("").lines() {
            let _ = writeln!(out, "  {l}");
        }
        return out;
    }
    let _ = writeln!(out, "{}", summary_line(sources, p));
    for note in &p.notes {
        let _ = writeln!(out, "  note: {}", shortened_note(note));
    }
    for note in trusted_notes(sources, p) {
        let _ = writeln!(out, "  note: {note}");
    }
    let mut groups: Vec<Group> = Vec::new();
    if let Some(e) = &p.error {
        let file_text = &sources.file(p.span.file);
        groups.push(
            Level::ERROR
                .primary_title(format!("the analysis of procedure `{}` failed", p.name))
                .element(marked(
                    file_text,
                    p.span.start as usize..p.span.end as usize,
                    "in this procedure".to_string(),
                ))
                .element(Level::NOTE.message(e.clone())),
        );
    }
    // After a failed analysis the undecided blocks are listed in one
    // line, not one snippet each.
    let failed = p.error.is_some();
    // More than SHOWN blocks (or assertions) left unknown for one
    // reason (a time limit, a solver that answers `unknown`) make one
    // note, where the first of them would be.
    let crowded_blocks = crowded(p.blocks.iter().filter_map(|b| match &b.status {
        BlockStatus::Unknown(why) if !failed => Some(why.as_str()),
        _ => None,
    }));
    let crowded_asserts = crowded(p.assertions.iter().filter_map(|a| match &a.status {
        AssertStatus::Unknown(why) => Some(why.as_str()),
        _ => None,
    }));
    let mut noted: HashSet<&str> = HashSet::new();
    for b in &p.blocks {
        let (level, title, label) = match &b.status {
            BlockStatus::Covered(_) => continue,
            BlockStatus::Unknown(_) if failed => continue,
            BlockStatus::Unknown(why) if crowded_blocks.contains(why.as_str()) => {
                if noted.insert(why.as_str()) {
                    let places: Vec<String> = p
                        .blocks
                        .iter()
                        .filter(|o| matches!(&o.status, BlockStatus::Unknown(w) if w == why))
                        .map(|o| {
                            format!(
                                "block `{}`{} at {}",
                                o.display,
                                at_source(&o.source),
                                sources.location(o.extent)
                            )
                        })
                        .collect();
                    let title = format!("{} not decided", plural(places.len(), "block", "blocks"));
                    groups.push(unknown_group(title, why, &places));
                }
                continue;
            }
            BlockStatus::Infeasible if b.proof == Some(Proof::Unbounded) => (
                Level::WARNING.with_name("warning[dead-code]"),
                format!("dead code{}: block `{}`", at_source(&b.source), b.display),
                format!("no execution of `{}` reaches this block", p.name),
            ),
            BlockStatus::Infeasible => (
                Level::NOTE.with_name("note[infeasible]"),
                format!(
                    "infeasible code{}: block `{}`",
                    at_source(&b.source),
                    b.display
                ),
                format!(
                    "no terminating execution of `{}` reaches this block {}; a larger \
                         bound may reach it",
                    p.name,
                    bound(options)
                ),
            ),
            BlockStatus::UncoveredSummary => (
                Level::NOTE.with_name("note[uncovered-summary]"),
                format!("block `{}` uncovered (summary)", b.display),
                format!(
                    "no test under the callees' summaries reaches this block {}; \
                         summaries under-approximate, so it may be live",
                    bound(options)
                ),
            ),
            BlockStatus::Unknown(why) => (
                Level::NOTE.with_name("note[unknown]"),
                format!("block `{}`{} not decided", b.display, at_source(&b.source)),
                format!("unknown: {why}"),
            ),
        };
        let f = sources.file(b.extent.file);
        let mut group = level.primary_title(title).element(marked(
            f,
            b.extent.start as usize..b.extent.end as usize,
            label,
        ));
        if b.proc != p.name {
            group = group.element(Level::NOTE.message(format!(
                "block of procedure `{}`, inlined into `{}`",
                b.proc, p.name
            )));
        }
        groups.push(group);
    }
    let mut noted_asserts: HashSet<&str> = HashSet::new();
    for a in &p.assertions {
        let f = sources.file(a.span.file);
        let what = assertion_kind(a.kind);
        let span = a.span.start as usize..a.span.end as usize;
        let group = match &a.status {
            AssertStatus::Holds => continue,
            AssertStatus::CanFail(id) => {
                let Some(t) = p.tests.iter().find(|t| t.id == *id) else {
                    continue;
                };
                let (inputs, choices) = values(p, t);
                let trace: Vec<String> = t.trace.iter().map(|s| s.display(&p.name)).collect();
                let mut g = Level::ERROR
                    .with_name("error[assertion]")
                    .primary_title(format!("this {what}{} can fail", at_source(&a.source)))
                    .element(marked(f, span, format!("false in test {}", t.id)))
                    .element(Level::NOTE.message(format!("inputs: {inputs}")));
                if !choices.is_empty() {
                    g = g.element(Level::NOTE.message(format!("choices: {choices}")));
                }
                g.element(Level::NOTE.message(format!("trace: {}", compact_trace(&trace))))
            }
            AssertStatus::Unknown(why) if crowded_asserts.contains(why.as_str()) => {
                if !noted_asserts.insert(why.as_str()) {
                    continue;
                }
                let places: Vec<String> = p
                    .assertions
                    .iter()
                    .filter(|o| matches!(&o.status, AssertStatus::Unknown(w) if w == why))
                    .map(|o| {
                        format!(
                            "{}{} at {}",
                            assertion_kind(o.kind),
                            at_source(&o.source),
                            sources.location(o.span)
                        )
                    })
                    .collect();
                let title = format!(
                    "not decided whether {} can fail",
                    plural(places.len(), "assertion", "assertions")
                );
                unknown_group(title, why, &places)
            }
            AssertStatus::Unknown(why) => Level::NOTE
                .with_name("note[unknown]")
                .primary_title(format!(
                    "not decided whether this {what}{} can fail",
                    at_source(&a.source)
                ))
                .element(marked(f, span, format!("unknown: {why}"))),
        };
        groups.push(group);
    }
    for g in groups {
        let rendered = renderer.render(&[g]);
        for l in rendered.lines() {
            let _ = writeln!(out, "  {l}");
        }
    }
    if failed {
        let undecided: Vec<String> = p
            .blocks
            .iter()
            .filter(|b| matches!(b.status, BlockStatus::Unknown(_)))
            .map(|b| b.display.clone())
            .collect();
        if !undecided.is_empty() {
            let _ = writeln!(
                out,
                "  not decided: {} ({})",
                plural(undecided.len(), "block", "blocks"),
                list(&undecided)
            );
        }
    }
    // Assertions that hold for every iteration count, then those that
    // hold within the bound.
    for (proof, title) in [
        (Proof::Unbounded, "holds".to_string()),
        (Proof::Bounded, format!("holds {}", bound(options))),
    ] {
        let holds: Vec<String> = p
            .assertions
            .iter()
            .filter(|a| {
                a.status == AssertStatus::Holds && a.proof.unwrap_or(Proof::Bounded) == proof
            })
            .map(|a| format!("{} (line {})", assertion_kind(a.kind), sources.line(a.span)))
            .collect();
        if !holds.is_empty() {
            let _ = writeln!(out, "  {title}: {}", list(&holds));
        }
    }
    out.push_str(&loops_table(sources, p));
    out.push_str(&tests_table(sources, p));
    out
}

/// `--quiet`: one line for the whole file.
pub fn quiet_summary(file: &FileResult) -> String {
    let s = Summary::of([file]);
    let mut line = format!(
        "{}: {}, {}: {} covered, {} infeasible",
        file.file,
        plural(file.procedures.len(), "procedure", "procedures"),
        plural(s.blocks, "block", "blocks"),
        s.covered,
        s.infeasible
    );
    if s.unknown > 0 {
        let _ = write!(line, ", {} unknown", s.unknown);
    }
    if s.uncovered_summary > 0 {
        let _ = write!(line, ", {} uncovered (summary)", s.uncovered_summary);
    }
    if s.failing_asserts > 0 {
        let _ = write!(
            line,
            "; {} can fail",
            plural(s.failing_asserts, "assertion", "assertions")
        );
    }
    if s.unknown_asserts > 0 {
        let _ = write!(
            line,
            "; {} unknown",
            plural(s.unknown_asserts, "assertion", "assertions")
        );
    }
    if s.errors + s.input_errors > 0 {
        let _ = write!(
            line,
            "; {} not analysed",
            plural(s.errors + s.input_errors, "procedure", "procedures")
        );
    }
    line
}

/// The notes on the tests whose replay took quantified conditions on
/// trust (the interpreter evaluates a quantifier only where its bound
/// integers index finite maps; JSON lists them
/// per test): "tests 1, 2 replay taking quantified conditions on trust
/// ... : lines 12, 40", where the solver checked them in the model the
/// test came from; and a stronger note for the tests whose values no
/// solver checked against the quantifiers (candidate models, and runs
/// near a test that gave functions values: [`ProcedureResult::unconfirmed`]),
/// which run as they claim only if those conditions hold.
fn trusted_notes(sources: &SourceMap, p: &ProcedureResult) -> Vec<String> {
    let (unchecked, checked): (Vec<_>, Vec<_>) = p
        .trusted
        .iter()
        .partition(|(id, _)| p.unconfirmed.contains(id));
    let mut notes = Vec::new();
    if let Some((which, verb, lines)) = tests_and_lines(sources, &checked) {
        notes.push(format!(
            "{which} {verb} taking quantified conditions on trust (the interpreter cannot evaluate these quantifiers; the solver's model satisfies them): {lines}"
        ));
    }
    if let Some((which, verb, lines)) = tests_and_lines(sources, &unchecked) {
        let verb = if verb == "replays" { "rests" } else { "rest" };
        notes.push(format!(
            "{which} {verb} on values z3's model-based quantifier instantiation could not confirm (a candidate model's, or function values a run near a test gave where no axiom forces one): they run as claimed only if the quantified conditions they take on trust hold: {lines}"
        ));
    }
    notes
}

/// "tests 1, 2", "replay", "lines 12, 40, 41" for `tests` (id and the
/// places of its trusted conditions); `None` without tests.
fn tests_and_lines(
    sources: &SourceMap,
    tests: &[(&usize, &Vec<crate::source::Span>)],
) -> Option<(String, &'static str, String)> {
    if tests.is_empty() {
        return None;
    }
    let ids: Vec<String> = tests.iter().map(|(id, _)| id.to_string()).collect();
    let mut lines: Vec<usize> = tests
        .iter()
        .flat_map(|(_, spans)| spans.iter())
        .map(|s| sources.line(*s))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    const SHOWN: usize = 8;
    let mut shown: Vec<String> = lines.iter().take(SHOWN).map(|l| l.to_string()).collect();
    if lines.len() > SHOWN {
        shown.push(format!("... and {} more", lines.len() - SHOWN));
    }
    let (which, verb) = if ids.len() == 1 {
        (format!("test {}", ids[0]), "replays")
    } else if ids.len() <= SHOWN {
        (format!("tests {}", ids.join(", ")), "replay")
    } else {
        (format!("{} tests", ids.len()), "replay")
    };
    let lines = format!(
        "line{} {}",
        if lines.len() == 1 { "" } else { "s" },
        shown.join(", ")
    );
    Some((which, verb, lines))
}

/// Notes longer than this many characters are cut in the text report
/// (the JSON report has them whole): on SMACK's drivers the note on
/// inferred `modifies` clauses names a hundred procedures.
const MAX_NOTE_CHARS: usize = 600;

/// `note`, or its first [`MAX_NOTE_CHARS`] characters (cut after a `;`
/// or `,` where there is one) and a pointer to the JSON report.
fn shortened_note(note: &str) -> std::borrow::Cow<'_, str> {
    if note.chars().count() <= MAX_NOTE_CHARS {
        return note.into();
    }
    let end = note
        .char_indices()
        .nth(MAX_NOTE_CHARS)
        .map_or(note.len(), |(i, _)| i);
    let head = &note[..end];
    let head = head.rfind([';', ',']).map_or(head, |i| &head[..i]);
    format!("{head}; ... (cut: `--format json` has the whole note)").into()
}

#[cfg(test)]
mod tests {
    use super::{compact_trace, shortened_note, MAX_NOTE_CHARS};

    #[test]
    fn long_notes_are_cut_at_a_separator() {
        assert_eq!(shortened_note("short, and whole"), "short, and whole");
        let long: Vec<String> = (0..200).map(|i| format!("`g{i}`")).collect();
        let note = format!("adds {}", long.join(", "));
        let cut = shortened_note(&note);
        assert!(cut.len() < note.len());
        assert!(cut.chars().count() <= MAX_NOTE_CHARS + 60);
        assert!(cut.ends_with("`; ... (cut: `--format json` has the whole note)"));
    }

    fn t(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn folds_loops_and_nested_loops() {
        assert_eq!(compact_trace(&t("a b c")), "a → b → c");
        assert_eq!(compact_trace(&t("a h b h b h x")), "a → (h → b)×2 → h → x");
        assert_eq!(
            compact_trace(&t("o b i x i x i e o b i x i x i e o q")),
            "(o → b → (i → x)×2 → i → e)×2 → o → q"
        );
        assert_eq!(compact_trace(&t("a a a")), "a×3");
        assert_eq!(compact_trace(&[]), "");
    }
}
