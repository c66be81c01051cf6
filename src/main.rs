//! The `bicd` command line: reads files, runs the analysis, prints reports,
//! and sets the exit status (documented in the README).

use bicd::back::cover::CoverMode;
use bicd::back::solver::SolverKind;
use bicd::driver::{self, CallMode, Options};
use bicd::report::{self, Summary};
use bicd::source::{Diagnostic, SourceMap, Span};
use clap::{Parser, Subcommand, ValueEnum};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use bicd::report::exit_status::FailOn;
use std::io::IsTerminal;

#[derive(Parser)]
#[command(
    name = "bicd",
    version,
    about = "Bounded infeasible-code detection for Boogie programs",
    long_about = "bicd unwinds every loop K times, inlines calls, and asks an SMT solver for \
executions until every block is either covered by a concrete test or shown to have no \
terminating execution within the bound (infeasible code).\n\n\
Exit status: 0 everything covered, 1 infeasible code or a failing assertion found, \
2 usage or input error, 3 the solver failed or answered unknown, 4 internal error \
(a test did not replay on the original program). `--fail-on` chooses which findings \
count (README, \"Exit status\").\n\n\
Environment: BICD_SMT_LOG=FILE copies everything `bicd cover` sends to its solvers to FILE \
(the first solver process writes FILE, later ones FILE.2, FILE.3, ...)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Find infeasible code and give a test for every feasible block.
    Cover(CoverArgs),
    /// Draw a procedure's control-flow graph, blocks coloured by verdict.
    Cfg(bicd::report::cfg_picture::CfgArgs),
    /// Print a random program after the paper's section 7 (a chain of diamonds).
    Gen(bicd::experiments::bench::GenArgs),
    /// Run cover modes and solvers over a corpus; write CSV, Markdown, SVG.
    Bench(bicd::experiments::bench::BenchArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    /// Feasible statement cover (enabling clauses): at most one query per block.
    Statements,
    /// Feasible path cover (blocking clauses): one test per feasible path.
    Paths,
    /// One query per block, reusing each model (`--no-reuse`: the paper's baseline).
    PerBlock,
    /// Each query asks for a run through as many uncovered blocks as possible.
    Greedy,
}

#[derive(Clone, Copy, ValueEnum)]
enum CallsArg {
    /// Copy each callee's body into the caller (recursion unwound to depth K).
    /// Exact within the bound; the formula grows with every call site, and
    /// beyond 100,000 blocks calls are inlined on demand (`stratified`), as
    /// they are under --time-limit for a quantified Corral harness
    /// (`{:entrypoint}`) that decides nothing in a quarter of its time.
    Inline,
    /// Replace each call by the callee's summary: the disjunction over the
    /// callee's own tests of "inputs = the test's inputs and outputs = its
    /// outputs" (paper, section 6), built bottom-up over the call graph
    /// (recursive cycles are inlined to depth K), refined with the caller's
    /// argument values when blocks stay uncovered. Tests still replay on the
    /// original program; a block no summary reaches is `uncovered (summary)`,
    /// never `infeasible`, unless a check with the calls over-approximated
    /// (or, with --summary-confirm, inlined) proves it.
    Summary,
    /// Inline calls on demand (stratified inlining, as Corral does): a call
    /// not yet inlined is over-approximated (its outputs and modified
    /// globals havocked) to prove code infeasible, and blocked to find
    /// tests; calls the solver's runs pass are inlined in the next round.
    /// Same verdicts as `inline` where it finishes; `inline` switches to it
    /// for an entry whose call tree is too big to inline whole.
    Stratified,
}

#[derive(Clone, Copy, ValueEnum)]
enum SummaryModeArg {
    /// Summaries from a statement cover of the callee (few cases).
    Statements,
    /// Summaries from a path cover of the callee (one case per path).
    Paths,
}

#[derive(Clone, Copy, ValueEnum)]
enum SearchArg {
    /// The solver first; blocks it leaves open or `unknown` go to the
    /// search (under --time-limit the two share the time).
    On,
    /// The solver alone.
    Off,
    /// The search alone: no solver, so nothing is called infeasible
    /// (on programs the search cannot run on, the solver alone).
    Only,
}

#[derive(Clone, Copy, ValueEnum)]
enum SolverArg {
    Z3,
    Yices,
    Cvc5,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum FormatArg {
    /// Diagnostics for people (rustc style; colour on a terminal).
    Text,
    Json,
    /// SARIF 2.1.0, for code review (e.g. GitHub code scanning).
    Sarif,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum FailOnArg {
    /// Infeasible code found (within the bound, or dead outright): exit 1.
    Infeasible,
    /// Dead code found: infeasible for every iteration count, not only
    /// within --unwind (for gates that must not fail on a bound): exit 1.
    Dead,
    /// An assertion can fail: exit 1.
    Assertion,
    /// A block or assertion left unknown, or the solver failed: exit 3.
    Unknown,
    /// Findings never fail the run (input and internal errors still do).
    Never,
}

#[derive(clap::Args)]
struct CoverArgs {
    /// Loop bound: each loop's back edge is taken at most K times per entry
    /// into the loop (recursive calls likewise nest at most K deep).
    #[arg(long, short = 'k', value_name = "K", default_value_t = 3)]
    unwind: u32,
    /// Which cover to compute.
    #[arg(long, value_enum, default_value_t = ModeArg::Statements)]
    mode: ModeArg,
    /// Loop-iteration coverage: for every loop and every count 0..=K, a test
    /// that leaves the loop after going around it exactly that many times,
    /// or a proof that no run does within the bound (a table per loop).
    /// Statement cover with calls inlined only.
    #[arg(long)]
    loop_coverage: bool,
    /// Search-based cover (seed "Mathematical Execution"): blocks the
    /// solver leaves open (`unknown`, timeouts, floating point, deep
    /// chains) are looked for by running the program and minimising the
    /// branch distance to them. A block the search reaches gets a test
    /// (replayed like every test); one it does not reach stays `unknown`,
    /// never `infeasible`. Statement cover, on programs of integers,
    /// Booleans, float24e8, float53e11, [int]int / [int]bool maps and
    /// uninterpreted functions of integers and Booleans.
    #[arg(long, value_enum, default_value = "on", value_name = "WHEN")]
    search: SearchArg,
    /// Per-block mode: ask about every block, even those an earlier model covered.
    #[arg(long)]
    no_reuse: bool,
    /// How calls to procedures with a body are analysed.
    #[arg(long, value_enum, default_value_t = CallsArg::Inline)]
    calls: CallsArg,
    /// `--calls summary`: which cover of a callee builds its summary.
    #[arg(long, value_enum, default_value_t = SummaryModeArg::Statements)]
    summary_mode: SummaryModeArg,
    /// `--calls summary`: at most N refinement rounds per procedure.
    #[arg(long, value_name = "N", default_value_t = 8)]
    summary_rounds: u32,
    /// `--calls summary`: re-check blocks no summary reaches with every
    /// call inlined (costs an inline analysis; may prove them infeasible).
    #[arg(long)]
    summary_confirm: bool,
    /// The SMT solver to run (it must be on PATH). yices is the default: on
    /// the 80-program corpus it answered 3-5x faster than z3 with the same
    /// verdicts (README, "Experiments").
    #[arg(long, value_enum, default_value_t = SolverArg::Yices)]
    solver: SolverArg,
    /// Analyse only this procedure (repeatable); default: every procedure
    /// with a body.
    #[arg(long, value_name = "PROC")]
    entry: Vec<String>,
    /// Report format on standard output.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Per-query solver timeout in milliseconds; 0: none (a timeout makes
    /// blocks `unknown`, never `infeasible`). A solver that does not answer
    /// about a second after it is killed and started afresh.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    timeout_ms: u64,
    /// Time limit for the whole run, e.g. `30s`, `500ms`, `5m`, shared
    /// fairly: each file, then each procedure (the smallest first), gets
    /// the time left divided by the number still to start (time one does
    /// not use goes to the later ones). When a share runs out the solver
    /// is stopped and what was found so far is reported (covered blocks
    /// with their tests; open blocks `unknown`). With a
    /// limit, statement cover on long programs refutes the cheap
    /// infeasible blocks everywhere before the deep queries, so that what
    /// is left `unknown` is the hard blocks. The analysis stops a 15th of
    /// the limit early (at most 2 s), so that replaying the tests and
    /// writing the report end within it.
    #[arg(long, value_name = "DURATION", value_parser = bicd::back::solver::parse_duration)]
    time_limit: Option<std::time::Duration>,
    /// Run this solver executable (a path, or a name on PATH) instead of
    /// the one `--solver` names; it is given the same arguments and spoken
    /// to in the same way.
    #[arg(long, value_name = "PATH")]
    solver_command: Option<String>,
    /// Path mode: stop after this many tests (the report says the cover is
    /// partial); default 10000.
    #[arg(long, value_name = "N")]
    max_tests: Option<usize>,
    /// Which findings make the exit status non-zero (comma-separated or
    /// repeated); default: all of them (README, "Exit status").
    #[arg(long, value_enum, value_delimiter = ',', value_name = "KIND")]
    fail_on: Vec<FailOnArg>,
    /// Analyse up to N procedures in parallel (one solver process each);
    /// the output order does not depend on N.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// Text format: one summary line per file.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Drop loop invariants: neither asserted nor assumed (free ones too),
    /// so each loop runs as written. Without it a loop invariant is an
    /// assertion at the loop head (a free one an assumption).
    #[arg(long)]
    ignore_invariants: bool,
    /// Check `modifies` clauses as Boogie does: a procedure that writes a
    /// global its clause does not name (itself or through a callee) is an
    /// input error. Without it bicd adds such globals to the clause, as
    /// Boogie's /doModSetAnalysis and Corral do, and the report says so.
    #[arg(long)]
    strict_modifies: bool,
    /// Print an intermediate form of each entry procedure (cfg, unwound,
    /// passive, vc) instead of analysing it (for bicd's developers).
    #[arg(long, hide = true, value_enum, value_name = "STAGE")]
    dump: Option<driver::stages::DumpStage>,
    /// Boogie (.bpl) files; each is analysed as a program of its own.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

/// `--mode paths` without `--max-tests` stops after this many tests.
const DEFAULT_PATH_TESTS: usize = 10_000;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Cover(args) => ExitCode::from(cover(args)),
        Command::Cfg(args) => ExitCode::from(bicd::report::cfg_picture::run(args)),
        Command::Gen(args) => ExitCode::from(bicd::experiments::bench::gen_command(&args)),
        Command::Bench(args) => ExitCode::from(bicd::experiments::bench::bench_command(&args)),
    }
}

/// Reads a file as UTF-8; a bad byte is a located error.
fn read_source(sources: &mut SourceMap, path: &str) -> Result<bicd::source::FileId, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: error: cannot read: {e}"))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(sources.add(path, text)),
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let prefix = String::from_utf8_lossy(&bytes[..good]).into_owned();
            let id = sources.add(path, prefix);
            let d = Diagnostic::error(
                Span::new(id, good, good),
                "the file is not valid UTF-8 (invalid byte here)",
            );
            Err(d.render(sources))
        }
    }
}

fn cover(args: CoverArgs) -> u8 {
    if let Some(stage) = args.dump {
        return dump(&args, stage);
    }
    let options = Options {
        unwind: args.unwind,
        mode: match args.mode {
            ModeArg::Statements => CoverMode::Statements,
            ModeArg::Paths => CoverMode::Paths,
            ModeArg::PerBlock => CoverMode::PerBlock {
                reuse: !args.no_reuse,
            },
            ModeArg::Greedy => CoverMode::Greedy,
        },
        calls: match args.calls {
            CallsArg::Inline => CallMode::Inline,
            CallsArg::Stratified => CallMode::Stratified,
            CallsArg::Summary => CallMode::Summary(bicd::driver::SummarySettings {
                mode: match args.summary_mode {
                    SummaryModeArg::Statements => CoverMode::Statements,
                    SummaryModeArg::Paths => CoverMode::Paths,
                },
                rounds: args.summary_rounds,
                confirm: args.summary_confirm,
                ..bicd::driver::SummarySettings::default()
            }),
        },
        solver: match args.solver {
            SolverArg::Z3 => SolverKind::Z3,
            SolverArg::Yices => SolverKind::Yices,
            SolverArg::Cvc5 => SolverKind::Cvc5,
        },
        timeout_ms: (args.timeout_ms > 0).then_some(args.timeout_ms),
        solver_command: args.solver_command.clone(),
        smt_log: std::env::var_os("BICD_SMT_LOG").map(std::path::PathBuf::from),
        deadline: args.time_limit.map(bicd::back::solver::Deadline::for_run),
        // Path mode on a program with astronomically many paths must stop
        // (bounded time and memory): by default after 10,000 tests.
        max_tests: args.max_tests.or(match args.mode {
            ModeArg::Paths => Some(DEFAULT_PATH_TESTS),
            _ => None,
        }),
        entries: args.entry.clone(),
        loop_coverage: args.loop_coverage,
        mbqi_record: Default::default(),
        search: match args.search {
            SearchArg::On => bicd::back::cover::SearchMode::On,
            SearchArg::Off => bicd::back::cover::SearchMode::Off,
            SearchArg::Only => bicd::back::cover::SearchMode::Only,
        },
        dead_as_entries: Default::default(),
    };
    if args.loop_coverage
        && (!matches!(args.mode, ModeArg::Statements) || !matches!(args.calls, CallsArg::Inline))
    {
        eprintln!(
            "error: --loop-coverage needs statement cover with calls inlined (--mode statements --calls inline, the defaults)"
        );
        return 2;
    }
    let mut input_error = false;
    let mut internal_error = false;
    let mut errors: Vec<String> = Vec::new();
    let mut results = Vec::new();
    let stdout = std::io::stdout();
    for (i, path) in args.files.iter().enumerate() {
        // Each file a fair share of the time left (`--time-limit`); the
        // driver shares a file's time over its procedures likewise.
        let mut options = options.clone();
        options.deadline = options
            .deadline
            .map(|d| d.share_for(args.files.len() - i, 1));
        let options = options;
        let mut sources = SourceMap::new();
        let file = match read_source(&mut sources, path) {
            Ok(f) => f,
            Err(msg) => {
                eprint!("{}", ensure_newline(&msg));
                errors.push(first_line(&msg));
                input_error = true;
                continue;
            }
        };
        let load = bicd::front::LoadOptions {
            ignore_invariants: args.ignore_invariants,
            strict_modifies: args.strict_modifies,
        };
        let program = match bicd::front::load_program_with(&sources, file, &load) {
            Ok(p) => {
                p.warnings
                    .iter()
                    .for_each(|d| eprint!("{}", d.render(&sources)));
                p
            }
            Err(diags) => {
                for d in &diags {
                    let r = d.render(&sources);
                    eprint!("{r}");
                    errors.push(first_line(&r));
                }
                input_error = true;
                continue;
            }
        };
        let entries = match driver::select_entries(&program, &options.entries) {
            Ok(e) => e,
            Err(msg) => {
                eprintln!("{path}: error: {msg}");
                errors.push(format!("{path}: error: {msg}"));
                input_error = true;
                continue;
            }
        };
        let bar = bicd::report::progress::progress_bar(path, entries.len(), args.mode_is_paths());
        // The text report goes out procedure by procedure, in the order of
        // the file, as soon as each is done (and those before it).
        let streaming = args.format == FormatArg::Text && !args.quiet;
        let color = std::io::stdout().is_terminal();
        if streaming {
            let mut head = bicd::report::text::report_header(path, &options);
            if entries.is_empty() {
                head.push_str(bicd::report::text::NO_PROCEDURE);
            }
            let _ = stdout.lock().write_all(head.as_bytes());
        }
        let pending: std::sync::Mutex<(usize, BTreeMap<usize, String>)> = Default::default();
        let (result, failures) = bicd::driver::analyze_program_jobs(
            &program,
            &sources,
            path,
            &entries,
            &options,
            args.jobs,
            &|i, p| {
                bar.inc(1);
                if !streaming {
                    return;
                }
                let text = bicd::report::text::procedure_report(&sources, p, &options, color);
                let mut pending = pending.lock().unwrap_or_else(|e| e.into_inner());
                pending.1.insert(i, text);
                let (next, texts) = &mut *pending;
                while let Some(text) = texts.remove(next) {
                    bar.suspend(|| {
                        let mut out = std::io::stdout().lock();
                        let _ = out.write_all(text.as_bytes());
                        let _ = out.flush();
                    });
                    *next += 1;
                }
            },
        );
        bar.finish_and_clear();
        for p in &result.procedures {
            if let Some(e) = &p.error {
                eprintln!("{path}: procedure {}: {}", p.name, e);
            } else if let Some(line) = unknown_summary(p) {
                eprintln!("{path}: procedure {}: {line}", p.name);
            }
        }
        for f in &failures {
            eprintln!(
                "{path}: internal error: test {} of procedure {} does not replay on the original program: {}",
                f.test, f.procedure, f.message
            );
            internal_error = true;
        }
        if args.format == FormatArg::Text && args.quiet {
            let text = format!("{}\n", bicd::report::text::quiet_summary(&result));
            let _ = stdout.lock().write_all(text.as_bytes());
        }
        results.push((sources, result));
    }
    if args.format == FormatArg::Json {
        let refs: Vec<_> = results.iter().map(|(s, r)| (s, r)).collect();
        let doc = report::json(&refs, &errors, &options);
        write_json(&stdout, &doc);
    }
    if args.format == FormatArg::Sarif {
        let refs: Vec<_> = results.iter().map(|(s, r)| (s, r)).collect();
        let doc = bicd::report::sarif::sarif_log(&refs, &errors, &options);
        write_json(&stdout, &doc);
    }
    let summary = Summary::of(results.iter().map(|(_, r)| r));
    bicd::report::exit_status::exit_status(&summary, input_error, internal_error, args.fail_on())
}

/// `doc` on `stdout`, laid out to a depth
/// ([`bicd::report::json::ReportFormatter`]), written as it is formatted
/// (an SDV harness's report is tens of megabytes).
fn write_json(stdout: &std::io::Stdout, doc: &impl serde::Serialize) {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let formatter = bicd::report::json::ReportFormatter::default();
    let _ = doc.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out, formatter,
    ));
    let _ = writeln!(out);
    let _ = out.flush();
}

/// `bicd cover --dump STAGE`: the form `stage` gives for each selected
/// entry of each file, on standard output; exit 2 on an input error.
fn dump(args: &CoverArgs, stage: driver::stages::DumpStage) -> u8 {
    let solver = match args.solver {
        SolverArg::Z3 => SolverKind::Z3,
        SolverArg::Yices => SolverKind::Yices,
        SolverArg::Cvc5 => SolverKind::Cvc5,
    };
    let load = bicd::front::LoadOptions {
        ignore_invariants: args.ignore_invariants,
        strict_modifies: args.strict_modifies,
    };
    let mut input_error = false;
    let mut first = true;
    let mut out = std::io::stdout().lock();
    for path in &args.files {
        let mut sources = SourceMap::new();
        let file = match read_source(&mut sources, path) {
            Ok(f) => f,
            Err(msg) => {
                eprint!("{}", ensure_newline(&msg));
                input_error = true;
                continue;
            }
        };
        let program = match bicd::front::load_program_with(&sources, file, &load) {
            Ok(p) => p,
            Err(diags) => {
                diags.iter().for_each(|d| eprint!("{}", d.render(&sources)));
                input_error = true;
                continue;
            }
        };
        let entries = match driver::select_entries(&program, &args.entry) {
            Ok(e) => e,
            Err(msg) => {
                eprintln!("{path}: error: {msg}");
                input_error = true;
                continue;
            }
        };
        for entry in entries {
            match driver::stages::dump(&program, entry, args.unwind, stage, solver) {
                Ok(text) => {
                    if !first {
                        let _ = writeln!(out);
                    }
                    first = false;
                    if args.files.len() > 1 {
                        let _ = writeln!(out, "{} file {path}", stage.comment());
                    }
                    let _ = out.write_all(text.as_bytes());
                }
                Err(d) => {
                    eprint!("{}", d.render(&sources));
                    input_error = true;
                }
            }
        }
    }
    if input_error {
        2
    } else {
        0
    }
}

impl CoverArgs {
    fn mode_is_paths(&self) -> bool {
        matches!(self.mode, ModeArg::Paths)
    }

    /// The `--fail-on` kinds; none given: all.
    fn fail_on(&self) -> FailOn {
        if self.fail_on.is_empty() {
            return FailOn::ALL;
        }
        let has = |k: FailOnArg| self.fail_on.contains(&k);
        if has(FailOnArg::Never) {
            return FailOn::NEVER;
        }
        FailOn {
            infeasible: has(FailOnArg::Infeasible),
            dead: has(FailOnArg::Dead),
            assertion: has(FailOnArg::Assertion),
            unknown: has(FailOnArg::Unknown),
        }
    }
}

/// "2 blocks and 1 assertion left unknown: <first reason>", for a
/// procedure analysed without error that still has undecided goals.
fn unknown_summary(p: &driver::ProcedureResult) -> Option<String> {
    let blocks: Vec<&str> = p
        .blocks
        .iter()
        .filter_map(|b| match &b.status {
            driver::BlockStatus::Unknown(r) => Some(r.as_str()),
            _ => None,
        })
        .collect();
    let asserts: Vec<&str> = p
        .assertions
        .iter()
        .filter_map(|a| match &a.status {
            driver::AssertStatus::Unknown(r) => Some(r.as_str()),
            _ => None,
        })
        .collect();
    let reason = blocks.first().or(asserts.first())?;
    let plural = |n: usize, what: &str| {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    };
    let what = match (blocks.len(), asserts.len()) {
        (b, 0) => plural(b, "block"),
        (0, a) => plural(a, "assertion"),
        (b, a) => format!("{} and {}", plural(b, "block"), plural(a, "assertion")),
    };
    Some(format!("{what} left unknown: {reason}"))
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

fn ensure_newline(s: &str) -> String {
    if s.ends_with('\n') {
        s.to_string()
    } else {
        format!("{s}\n")
    }
}
