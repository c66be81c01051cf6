//! Experiments: `bicd gen` and `bicd bench` (issue 5; paper, section 7).
//!
//! Takes: a corpus (a folder of `.bpl` files, or random diamond programs
//! generated on the fly by [`crate::experiments::gen`]), cover modes and solvers. Gives:
//! one [`BenchRow`] per program, solver and mode (queries, solver time,
//! wall time, tests, infeasible blocks) from [`run_bench`]; the rows as CSV
//! ([`csv`]), as a Markdown table in the form of the paper's Table 1
//! ([`markdown_table`]) and as SVG plots against the number of diamonds
//! ([`crate::experiments::plot`]). Every mode and solver must find the same infeasible
//! blocks in every program ([`check_agreement`]); the bench fails if not.
//!
//! By default everything runs in one process with one solver process per
//! solver for the whole corpus (the cover loops push and pop the VC of each
//! program); `--fresh-solver` starts a solver per program and mode, and
//! `--memory` runs each program in a child process to measure its peak
//! memory ([`run_isolated`], [`scaling_table`]). [`time_pipeline`] and
//! [`solver_alone`] are the measurements of `cargo bench`
//! (`benches/pipeline.rs`): time per stage, and the solver alone on the
//! exact script bicd sent it.
//! Every test found is replayed on the original program, as `bicd cover`
//! does; replay time counts as time outside the solver.

use crate::back::cover::{BlockVerdict, CoverLimits, CoverMode};
use crate::back::solver::{Solver, SolverKind};
use crate::driver::stages::{self, StageTimes};
use crate::experiments::gen::{self, GenConfig};
use crate::ir::Program;
use crate::source::SourceMap;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `bicd gen`: one random program after the paper's section 7.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// Number of two-level diamonds in the chain.
    #[arg(
        long,
        value_name = "N",
        required_unless_present = "procs",
        default_value_t = 0
    )]
    pub diamonds: usize,
    /// Instead of diamonds: a call-heavy program of N procedures calling
    /// one another (a DAG), for `--calls summary` vs `inline`.
    #[arg(long, value_name = "N")]
    pub procs: Option<usize>,
    /// With `--procs`: the number of call sites, spread over the callers.
    #[arg(long, value_name = "M", default_value_t = 4)]
    pub call_sites: usize,
    /// With `--procs`: percent of call arguments that are constants (the
    /// others are expressions over the caller's variables).
    #[arg(long, value_name = "PERCENT", default_value_t = 50)]
    pub const_args: u32,
    /// Seed of the random generator (same seed, same program).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Add loops: a back edge from the then-join of every other diamond to
    /// its head.
    #[arg(long)]
    pub loops: bool,
    /// Add a procedure `helper` and calls of it among the statements.
    #[arg(long)]
    pub calls: bool,
    /// Percent of the statements that are extra `assume`s (besides the
    /// diamonds' guards). The paper's programs: 10. Each can contradict
    /// the path so far; in a long chain some almost surely do on every
    /// path, so for scaling series use 0 (only the guards).
    #[arg(long, value_name = "P", default_value_t = 10)]
    pub assume_percent: u32,
}

/// The generator config of `bicd gen` with these options.
pub fn gen_config(diamonds: usize, loops: bool, calls: bool) -> GenConfig {
    let mut config = GenConfig::paper(diamonds);
    config.loops = loops;
    if calls {
        config.call_percent = 10;
    }
    config
}

/// Cover modes the bench can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchMode {
    Statements,
    Paths,
    PerBlock,
    PerBlockNoReuse,
    Greedy,
}

impl BenchMode {
    pub fn cover_mode(self) -> CoverMode {
        match self {
            BenchMode::Statements => CoverMode::Statements,
            BenchMode::Paths => CoverMode::Paths,
            BenchMode::PerBlock => CoverMode::PerBlock { reuse: true },
            BenchMode::PerBlockNoReuse => CoverMode::PerBlock { reuse: false },
            BenchMode::Greedy => CoverMode::Greedy,
        }
    }
}

/// Solvers the bench can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchSolver {
    Z3,
    Yices,
    Cvc5,
}

impl BenchSolver {
    pub fn kind(self) -> SolverKind {
        match self {
            BenchSolver::Z3 => SolverKind::Z3,
            BenchSolver::Yices => SolverKind::Yices,
            BenchSolver::Cvc5 => SolverKind::Cvc5,
        }
    }
}

/// `bicd bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// A folder of `.bpl` files (sorted by name). Without it, programs are
    /// generated: `--diamonds` × `--seeds`.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Diamond counts to generate: `2..9` (inclusive) or `10,30,100`.
    #[arg(long, default_value = "2..9")]
    pub diamonds: String,
    /// Seeds per diamond count (seeds 0..N).
    #[arg(long, default_value_t = 10)]
    pub seeds: u64,
    /// Cover modes, comma separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "statements,paths,per-block-no-reuse,greedy"
    )]
    pub modes: Vec<BenchMode>,
    /// Solvers, comma separated (each must be installed).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "yices")]
    pub solvers: Vec<BenchSolver>,
    /// Loop bound K.
    #[arg(long, short = 'k', default_value_t = 3)]
    pub unwind: u32,
    /// Folder for results.csv, table.md, time.svg, queries.svg.
    #[arg(long, default_value = "bench-out")]
    pub out: PathBuf,
    /// Per-query solver timeout in milliseconds (0: none). A query that
    /// times out leaves blocks unknown, which fails the bench loudly
    /// instead of letting it hang.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Start a fresh solver process for every program, mode and solver
    /// (its start is not counted in the row's wall time), as `bicd cover`
    /// does per file, instead of one process per solver for the whole corpus. cvc5
    /// needs it: in one long-lived process it slows down with every
    /// program loaded and popped (README, "Solvers").
    #[arg(long)]
    pub fresh_solver: bool,
    /// Measure peak memory: run each program in a child process (`bicd
    /// bench` re-running itself, with a fresh solver per mode) and record
    /// the child's peak resident memory (Linux VmHWM) and its solver's;
    /// writes memory.svg. `auto`: on for a generated series with
    /// `--seeds 1` (a scaling series), off otherwise.
    #[arg(long, value_enum, default_value_t = MemoryArg::Auto)]
    pub memory: MemoryArg,
    /// Internal: run one program read from standard input (named NAME),
    /// print its rows as JSON, with peak memory (used by `--memory`).
    #[arg(long, value_name = "NAME", hide = true)]
    pub child_program: Option<String>,
    /// Do not show a progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Generated programs: percent of the statements that are extra
    /// `assume`s (as `bicd gen --assume-percent`).
    #[arg(long, value_name = "P", default_value_t = 10)]
    pub assume_percent: u32,
}

/// `bicd bench --memory`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoryArg {
    Auto,
    On,
    Off,
}

/// One program of a corpus.
#[derive(Clone, Debug)]
pub struct BenchProgram {
    pub name: String,
    /// Diamonds, when the program says (`// bicd gen: N diamonds`).
    pub diamonds: Option<usize>,
    pub text: String,
}

/// What one mode and solver found on one program.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BenchRow {
    pub program: String,
    pub diamonds: Option<usize>,
    pub lines: usize,
    pub solver: String,
    pub mode: String,
    pub queries: usize,
    pub solver_time: Duration,
    /// Parse, unwind, SSA, VC (once per program, counted in each mode's
    /// wall time), cover loop and replay.
    pub wall: Duration,
    pub tests: usize,
    /// Infeasible blocks, `proc::label`, sorted.
    pub infeasible: Vec<String>,
    /// Blocks left unknown, and the first error, if any.
    pub unknown: usize,
    pub error: Option<String>,
    /// Peak resident memory of the bicd process that ran this row (KiB),
    /// when measured (`--memory`: one child process per program).
    #[serde(default)]
    pub bicd_peak_kib: Option<u64>,
    /// Peak resident memory of the solver process of this row (KiB), when
    /// measured.
    #[serde(default)]
    pub solver_peak_kib: Option<u64>,
    /// CPU time of the solver process of this row (fresh solvers only).
    #[serde(default)]
    pub solver_cpu: Option<Duration>,
    /// CPU time of the child bicd process that ran this row's program
    /// (all its modes and solvers; `--memory` only).
    #[serde(default)]
    pub bicd_cpu: Option<Duration>,
}

/// Parses `2..9` (inclusive), `2..=9` or `10,30,100`.
pub fn parse_range(text: &str) -> Result<Vec<usize>, String> {
    let bad = || format!("cannot read the diamond counts `{text}` (write 2..9 or 10,30,100)");
    if let Some((a, b)) = text.split_once("..") {
        let a: usize = a.trim().parse().map_err(|_| bad())?;
        let b: usize = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| bad())?;
        if a > b {
            return Err(bad());
        }
        return Ok((a..=b).collect());
    }
    text.split(',')
        .map(|s| s.trim().parse().map_err(|_| bad()))
        .collect()
}

/// The generated corpus: every diamond count × seeds `0..seeds`.
pub fn generated_corpus(diamonds: &[usize], seeds: u64) -> Vec<BenchProgram> {
    generated_corpus_with(diamonds, seeds, GenConfig::paper(1).assume_percent)
}

/// [`generated_corpus`] with `assume_percent` percent extra assumptions.
pub fn generated_corpus_with(
    diamonds: &[usize],
    seeds: u64,
    assume_percent: u32,
) -> Vec<BenchProgram> {
    let mut out = Vec::new();
    for &n in diamonds {
        for seed in 0..seeds {
            let mut config = GenConfig::paper(n);
            config.assume_percent = assume_percent;
            out.push(BenchProgram {
                name: format!("d{n}_s{seed}.bpl"),
                diamonds: Some(n),
                text: gen::generate(&config, seed),
            });
        }
    }
    out
}

/// The `.bpl` files of `dir`, sorted by name.
pub fn folder_corpus(dir: &Path) -> Result<Vec<BenchProgram>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: error: cannot read: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bpl"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("{}: error: no .bpl files", dir.display()));
    }
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p)
                .map_err(|e| format!("{}: error: cannot read: {e}", p.display()))?;
            Ok(BenchProgram {
                name: p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                diamonds: diamonds_of(&text),
                text,
            })
        })
        .collect()
}

/// `N` from a first line `// bicd gen: N diamonds, ...`.
fn diamonds_of(text: &str) -> Option<usize> {
    let rest = text.lines().next()?.strip_prefix("// bicd gen: ")?;
    rest.split_once(" diamonds")?.0.trim().parse().ok()
}

/// Runs every mode under every solver on every program, in one process
/// (one solver process per solver). `progress` is called after each
/// program with the number done. Errors: a solver cannot start, a program
/// does not load, or a test does not replay.
pub fn run_bench(
    programs: &[BenchProgram],
    modes: &[CoverMode],
    solvers: &[SolverKind],
    unwind: u32,
    timeout_ms: Option<u64>,
    progress: impl FnMut(usize),
) -> Result<Vec<BenchRow>, String> {
    let mut pool = SolverPool::shared(solvers, timeout_ms)?;
    run_bench_with(programs, modes, &mut pool, unwind, progress)
}

/// Where the bench's solver processes come from.
pub enum SolverPool {
    /// One live process per solver for the whole corpus.
    Shared(Vec<Solver>),
    /// A fresh process for every program, mode and solver (started before
    /// the row's clock starts; its peak memory is recorded in the row).
    Fresh {
        kinds: Vec<SolverKind>,
        timeout_ms: Option<u64>,
    },
}

impl SolverPool {
    /// One process per solver, started now.
    pub fn shared(kinds: &[SolverKind], timeout_ms: Option<u64>) -> Result<SolverPool, String> {
        kinds
            .iter()
            .map(|&k| Solver::spawn(k, timeout_ms).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()
            .map(SolverPool::Shared)
    }

    fn kinds(&self) -> Vec<SolverKind> {
        match self {
            SolverPool::Shared(v) => v.iter().map(Solver::kind).collect(),
            SolverPool::Fresh { kinds, .. } => kinds.clone(),
        }
    }
}

/// [`run_bench`] with solvers from `pool`.
pub fn run_bench_with(
    programs: &[BenchProgram],
    modes: &[CoverMode],
    pool: &mut SolverPool,
    unwind: u32,
    mut progress: impl FnMut(usize),
) -> Result<Vec<BenchRow>, String> {
    let mut rows = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        rows.extend(bench_program(p, modes, pool, unwind)?);
        progress(i + 1);
    }
    Ok(rows)
}

fn bench_program(
    p: &BenchProgram,
    modes: &[CoverMode],
    pool: &mut SolverPool,
    unwind: u32,
) -> Result<Vec<BenchRow>, String> {
    let start = Instant::now();
    let mut sources = SourceMap::new();
    let file = sources.add(p.name.clone(), p.text.clone());
    let mut times = StageTimes::default();
    let program = stages::load_program(&sources, file, &mut times)
        .map_err(|diags| diags.iter().map(|d| d.render(&sources)).collect::<String>())?;
    let entries = stages::select_entries(&program, &[])?;
    let mut prepared = Vec::new();
    for &entry in &entries {
        prepared.push(
            stages::prepare(&program, entry, unwind, &mut times).map_err(|d| d.render(&sources))?,
        );
    }
    let prep = start.elapsed();
    let lines = p.text.lines().count();
    let mut rows = Vec::new();
    for (si, kind) in pool.kinds().into_iter().enumerate() {
        for &mode in modes {
            let is_fresh = matches!(pool, SolverPool::Fresh { .. });
            let mut fresh;
            let solver: &mut Solver = match pool {
                SolverPool::Shared(v) => &mut v[si],
                SolverPool::Fresh { timeout_ms, .. } => {
                    fresh = Solver::spawn(kind, *timeout_ms).map_err(|e| e.to_string())?;
                    &mut fresh
                }
            };
            // Solver start-up is not counted (shared solvers start before
            // the first program), so both ways give comparable rows.
            let start = Instant::now();
            let mut row = BenchRow {
                program: p.name.clone(),
                diamonds: p.diamonds,
                lines,
                solver: kind.name().to_string(),
                mode: mode.name().to_string(),
                queries: 0,
                solver_time: Duration::ZERO,
                wall: Duration::ZERO,
                tests: 0,
                infeasible: Vec::new(),
                unknown: 0,
                error: None,
                bicd_peak_kib: None,
                solver_peak_kib: None,
                solver_cpu: None,
                bicd_cpu: None,
            };
            for entry in &prepared {
                let result = stages::cover(
                    &program,
                    &sources,
                    entry,
                    solver,
                    mode,
                    &CoverLimits::default(),
                    &mut times,
                );
                if let Some(f) =
                    stages::replay_tests(&program, &sources, entry.entry, &result.tests, &mut times)
                        .into_iter()
                        .next()
                {
                    return Err(format!(
                        "{}: internal error: test {} ({} mode) does not replay: {}",
                        p.name,
                        f.test,
                        mode.name(),
                        f.message
                    ));
                }
                row.queries += result.queries;
                row.solver_time += result.solver_time;
                row.tests += result.tests.len();
                for (key, v) in &result.blocks {
                    match v {
                        BlockVerdict::Infeasible => row.infeasible.push(block_name(&program, *key)),
                        BlockVerdict::Unknown(_) => row.unknown += 1,
                        BlockVerdict::Covered(_) => {}
                    }
                }
                if row.error.is_none() {
                    row.error = result.error.clone();
                }
            }
            row.infeasible.sort();
            row.wall = prep + start.elapsed();
            if is_fresh {
                row.solver_peak_kib = solver_peak_kib(solver);
                row.solver_cpu = solver_cpu(solver);
            }
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Runs each program in a child process `exe bench --child-program ...`
/// (with a fresh solver per mode and solver) and collects its rows, each
/// with the child's peak memory and its solver's. `exe` is bicd itself.
pub fn run_isolated(
    exe: &Path,
    programs: &[BenchProgram],
    modes: &[CoverMode],
    solvers: &[SolverKind],
    unwind: u32,
    timeout_ms: Option<u64>,
    mut progress: impl FnMut(usize),
) -> Result<Vec<BenchRow>, String> {
    use std::io::Write as _;
    let names = |v: Vec<&str>| v.join(",");
    let mut rows = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        let mut child = std::process::Command::new(exe)
            .arg("bench")
            .arg("--child-program")
            .arg(&p.name)
            .arg("--modes")
            .arg(names(modes.iter().map(|m| m.name()).collect()))
            .arg("--solvers")
            .arg(names(solvers.iter().map(|s| s.name()).collect()))
            .arg("--unwind")
            .arg(unwind.to_string())
            .arg("--timeout-ms")
            .arg(timeout_ms.unwrap_or(0).to_string())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(p.text.as_bytes())
                .map_err(|e| format!("{}: cannot send the program to the child: {e}", p.name))?;
        }
        let out = child
            .wait_with_output()
            .map_err(|e| format!("{}: the child failed: {e}", p.name))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut got: Vec<BenchRow> = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}: the child process gave no rows ({e}): {}",
                p.name,
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })?;
        for r in got.iter_mut() {
            r.diamonds = p.diamonds;
        }
        rows.extend(got);
        progress(i + 1);
    }
    Ok(rows)
}

/// The child of [`run_isolated`]: one program from standard input, fresh
/// solvers, rows as JSON on standard output with this process's peak
/// memory. Returns the exit status.
fn child_command(name: &str, modes: &[CoverMode], args: &BenchArgs) -> u8 {
    let mut text = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
        eprintln!("{name}: cannot read the program from standard input: {e}");
        return 2;
    }
    let program = BenchProgram {
        name: name.to_string(),
        diamonds: diamonds_of(&text),
        text,
    };
    let mut pool = SolverPool::Fresh {
        kinds: args.solvers.iter().map(|s| s.kind()).collect(),
        timeout_ms: (args.timeout_ms > 0).then_some(args.timeout_ms),
    };
    match run_bench_with(&[program], modes, &mut pool, args.unwind, |_| {}) {
        Ok(mut rows) => {
            let peak = peak_memory_kib();
            let cpu = process_cpu("self");
            for r in rows.iter_mut() {
                r.bicd_peak_kib = peak;
                r.bicd_cpu = cpu;
            }
            println!("{}", serde_json::to_string(&rows).unwrap_or_default());
            0
        }
        Err(e) => {
            eprintln!("{e}");
            3
        }
    }
}

fn block_name(program: &Program, key: crate::ir::passive::BlockKey) -> String {
    let proc = program.proc(key.proc);
    let label = proc
        .body
        .as_ref()
        .map(|b| b.graph[key.block].label.clone())
        .unwrap_or_default();
    format!("{}::{}", proc.name, label)
}

/// Every row of a program must name the same infeasible blocks, and no row
/// may have unknown blocks or an error. Errors: every disagreement found.
pub fn check_agreement(rows: &[BenchRow]) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut first: BTreeMap<&str, &BenchRow> = BTreeMap::new();
    for row in rows {
        if let Some(e) = &row.error {
            problems.push(format!(
                "{} ({} / {}): error: {e}",
                row.program, row.mode, row.solver
            ));
        }
        if row.unknown > 0 {
            problems.push(format!(
                "{} ({} / {}): {} blocks unknown",
                row.program, row.mode, row.solver, row.unknown
            ));
        }
        match first.get(row.program.as_str()) {
            None => {
                first.insert(&row.program, row);
            }
            Some(base) if base.infeasible != row.infeasible => {
                let a: BTreeSet<&String> = base.infeasible.iter().collect();
                let b: BTreeSet<&String> = row.infeasible.iter().collect();
                problems.push(format!(
                    "{}: {} / {} and {} / {} disagree on infeasible blocks: only the first: {:?}; only the second: {:?}",
                    row.program,
                    base.mode,
                    base.solver,
                    row.mode,
                    row.solver,
                    a.difference(&b).collect::<Vec<_>>(),
                    b.difference(&a).collect::<Vec<_>>()
                ));
            }
            Some(_) => {}
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The CSV header of [`csv`].
pub const CSV_HEADER: &str =
    "program,diamonds,lines,solver,mode,queries,solver_s,wall_s,tests,infeasible,unknown,bicd_peak_kib,solver_peak_kib,bicd_cpu_s,solver_cpu_s";

/// One line per row, after [`CSV_HEADER`].
pub fn csv(rows: &[BenchRow]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for r in rows {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.6},{:.6},{},{},{},{},{},{},{}",
            r.program,
            r.diamonds.map(|d| d.to_string()).unwrap_or_default(),
            r.lines,
            r.solver,
            r.mode,
            r.queries,
            r.solver_time.as_secs_f64(),
            r.wall.as_secs_f64(),
            r.tests,
            r.infeasible.len(),
            r.unknown,
            r.bicd_peak_kib.map(|k| k.to_string()).unwrap_or_default(),
            r.solver_peak_kib.map(|k| k.to_string()).unwrap_or_default(),
            r.bicd_cpu
                .map(|d| format!("{:.2}", d.as_secs_f64()))
                .unwrap_or_default(),
            r.solver_cpu
                .map(|d| format!("{:.2}", d.as_secs_f64()))
                .unwrap_or_default()
        );
    }
    out
}

/// Totals per (mode, solver), in the order first seen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Total {
    pub mode: String,
    pub solver: String,
    pub programs: usize,
    pub queries: usize,
    pub solver_time: Duration,
    pub wall: Duration,
    pub tests: usize,
    pub infeasible: usize,
}

pub fn totals(rows: &[BenchRow]) -> Vec<Total> {
    let mut out: Vec<Total> = Vec::new();
    for r in rows {
        let i = match out
            .iter()
            .position(|t| t.mode == r.mode && t.solver == r.solver)
        {
            Some(i) => i,
            None => {
                out.push(Total {
                    mode: r.mode.clone(),
                    solver: r.solver.clone(),
                    ..Total::default()
                });
                out.len() - 1
            }
        };
        let t = &mut out[i];
        t.programs += 1;
        t.queries += r.queries;
        t.solver_time += r.solver_time;
        t.wall += r.wall;
        t.tests += r.tests;
        t.infeasible += r.infeasible.len();
    }
    out
}

/// The paper's Table 1 for a mode name, if it has one.
fn paper_numbers(mode: &str) -> Option<(&'static str, usize, f64)> {
    match mode {
        "paths" => Some(("path cover (Alg. 1)", 69_777, 13.12)),
        "statements" => Some(("statement cover (Alg. 2)", 854, 11.81)),
        "per-block-no-reuse" => Some(("one query per block", 1_760, 145.45)),
        "greedy" => Some(("greedy (query-optimal)", 512, 615.51)),
        _ => None,
    }
}

/// The totals as a Markdown table in the form of the paper's Table 1, with
/// the paper's numbers beside ours.
pub fn markdown_table(rows: &[BenchRow]) -> String {
    let programs: BTreeSet<&str> = rows.iter().map(|r| r.program.as_str()).collect();
    let mut out = format!(
        "{} programs.\n\n| Algorithm | Solver | Queries | Solver time (s) | Wall time (s) | Outside solver | Tests | Infeasible blocks | Paper: queries | Paper: time (s) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        programs.len()
    );
    for t in totals(rows) {
        let (paper_q, paper_t) = match paper_numbers(&t.mode) {
            Some((_, q, s)) => (q.to_string(), format!("{s:.2}")),
            None => ("".to_string(), "".to_string()),
        };
        let wall = t.wall.as_secs_f64();
        let outside = if wall > 0.0 {
            format!(
                "{:.0}%",
                100.0 * (wall - t.solver_time.as_secs_f64()).max(0.0) / wall
            )
        } else {
            "".to_string()
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} | {} |",
            t.mode,
            t.solver,
            t.queries,
            t.solver_time.as_secs_f64(),
            wall,
            outside,
            t.tests,
            t.infeasible,
            paper_q,
            paper_t
        );
    }
    out
}

/// Diamonds, wall seconds, bicd peak KiB, solver peak KiB.
type ScalingPoint = (f64, f64, f64, f64);

/// Per program (rows with a memory measurement only): a Markdown table of
/// size, time, CPU time (of the child bicd process: all its rows; of the
/// solver process: this row) and peak memory, then how time and memory grow with the
/// number of diamonds (the slope on log-log axes, [`crate::experiments::plot::growth_exponent`]).
pub fn scaling_table(rows: &[BenchRow]) -> String {
    let measured: Vec<&BenchRow> = rows
        .iter()
        .filter(|r| r.bicd_peak_kib.is_some() || r.solver_peak_kib.is_some())
        .collect();
    if measured.is_empty() {
        return String::new();
    }
    let mib = |k: Option<u64>| {
        k.map(|k| format!("{:.1}", k as f64 / 1024.0))
            .unwrap_or_default()
    };
    let cpu = |d: Option<Duration>| {
        d.map(|d| format!("{:.2}", d.as_secs_f64()))
            .unwrap_or_default()
    };
    let mut out = String::from(
        "| Program | Diamonds | Lines | Algorithm | Solver | Queries | Solver time (s) | Wall time (s) | bicd CPU (s) | Solver CPU (s) | bicd peak (MiB) | Solver peak (MiB) |\n|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in &measured {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} |",
            r.program,
            r.diamonds.map(|d| d.to_string()).unwrap_or_default(),
            r.lines,
            r.mode,
            r.solver,
            r.queries,
            r.solver_time.as_secs_f64(),
            r.wall.as_secs_f64(),
            cpu(r.bicd_cpu),
            cpu(r.solver_cpu),
            mib(r.bicd_peak_kib),
            mib(r.solver_peak_kib)
        );
    }
    let mut series: Vec<(String, Vec<ScalingPoint>)> = Vec::new();
    for r in &measured {
        let Some(d) = r.diamonds else { continue };
        let name = format!("{} ({})", r.mode, r.solver);
        let point = (
            d as f64,
            r.wall.as_secs_f64(),
            r.bicd_peak_kib.unwrap_or(0) as f64,
            r.solver_peak_kib.unwrap_or(0) as f64,
        );
        match series.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(point),
            None => series.push((name, vec![point])),
        }
    }
    for (name, points) in series {
        let fit = |what: &str, f: &dyn Fn(&ScalingPoint) -> f64| {
            let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.0, f(p))).collect();
            crate::experiments::plot::growth_exponent(&xy)
                .map(|e| format!("{what} ~ diamonds^{e:.2}"))
        };
        let parts: Vec<String> = [
            fit("wall time", &|p| p.1),
            fit("bicd peak memory", &|p| p.2),
            fit("solver peak memory", &|p| p.3),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !parts.is_empty() {
            let _ = writeln!(
                out,
                "\nGrowth, {name}: {} (least-squares slopes on log-log axes).",
                parts.join(", ")
            );
        }
    }
    out
}

/// Peak resident memory of this process (Linux `VmHWM`), in KiB.
pub fn peak_memory_kib() -> Option<u64> {
    peak_memory_of("self")
}

/// `VmHWM` of `/proc/<pid>/status`, in KiB.
fn peak_memory_of(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The child processes of this process (of any of its threads: each
/// solver is started from its own worker thread), from Linux's
/// `/proc/self/task/*/children`.
fn child_pids() -> Vec<String> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            out.extend(text.split_whitespace().map(str::to_string));
        }
    }
    out
}

/// Peak resident memory (KiB) of the live process of `solver`: the
/// youngest child of this process whose command is the solver's
/// executable (an older one may be a process of an earlier row still
/// exiting). `None` when none is found (not Linux). A process killed and
/// started afresh after a timeout takes its predecessor's peak with it.
pub fn solver_peak_kib(solver: &Solver) -> Option<u64> {
    peak_memory_of(&solver_pid(solver)?)
}

/// The youngest child process of this process whose command is the
/// executable of `solver` (Linux `/proc`).
fn solver_pid(solver: &Solver) -> Option<String> {
    let program = Path::new(solver.program()).file_name()?.to_owned();
    child_pids()
        .into_iter()
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmd| {
                let first = cmd.split(|&b| b == 0).next().unwrap_or_default();
                Path::new(&*String::from_utf8_lossy(first)).file_name() == Some(&program)
            })
        })
        .filter_map(|pid| Some((start_time(&pid)?, pid)))
        .max()
        .map(|(_, pid)| pid)
}

/// When process `pid` started (field 22 of `/proc/<pid>/stat`, in clock
/// ticks since boot).
fn start_time(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command (field 2) is in parentheses and may contain spaces.
    let after = &stat[stat.rfind(')')? + 2..];
    after.split_whitespace().nth(19)?.parse().ok()
}

/// `bicd bench`: runs, checks agreement, writes the outputs. Returns the
/// exit status (0 fine, 1 disagreement, 2 usage or input error, 3 solver).
pub fn bench_command(args: &BenchArgs) -> u8 {
    let modes: Vec<CoverMode> = args.modes.iter().map(|m| m.cover_mode()).collect();
    if let Some(name) = &args.child_program {
        return child_command(name, &modes, args);
    }
    let programs = match &args.corpus {
        Some(dir) => folder_corpus(dir),
        None => parse_range(&args.diamonds)
            .map(|d| generated_corpus_with(&d, args.seeds, args.assume_percent)),
    };
    let programs = match programs {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let solvers: Vec<SolverKind> = args.solvers.iter().map(|s| s.kind()).collect();
    let timeout_ms = (args.timeout_ms > 0).then_some(args.timeout_ms);
    let isolate = match args.memory {
        MemoryArg::On => true,
        MemoryArg::Off => false,
        MemoryArg::Auto => args.corpus.is_none() && args.seeds == 1,
    };
    let bar = if args.quiet || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(programs.len() as u64)
    };
    let start = Instant::now();
    let rows = if isolate {
        std::env::current_exe()
            .map_err(|e| format!("cannot find bicd's own executable: {e}"))
            .and_then(|exe| {
                run_isolated(
                    &exe,
                    &programs,
                    &modes,
                    &solvers,
                    args.unwind,
                    timeout_ms,
                    |done| bar.set_position(done as u64),
                )
            })
    } else {
        let pool = if args.fresh_solver {
            Ok(SolverPool::Fresh {
                kinds: solvers.clone(),
                timeout_ms,
            })
        } else {
            SolverPool::shared(&solvers, timeout_ms)
        };
        pool.and_then(|mut pool| {
            run_bench_with(&programs, &modes, &mut pool, args.unwind, |done| {
                bar.set_position(done as u64)
            })
        })
    };
    bar.finish_and_clear();
    let total_wall = start.elapsed();
    let rows = match rows {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 3;
        }
    };
    let agreement = check_agreement(&rows);
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("{}: error: cannot create: {e}", args.out.display());
        return 2;
    }
    let mut table = markdown_table(&rows);
    let how = if isolate {
        "one child process per program (fresh solver per mode)"
    } else if args.fresh_solver {
        "one process, a fresh solver process per program and mode"
    } else {
        "one process, one solver process per solver"
    };
    let _ = writeln!(
        table,
        "\nWhole bench: {:.3} s wall, {how}; peak memory of the bench process {} MiB; load average at the end {}.",
        total_wall.as_secs_f64(),
        peak_memory_kib().map(|k| k / 1024).unwrap_or(0),
        load_average().unwrap_or_else(|| "unknown".into())
    );
    // The per-program table with memory: for a scaling series (child
    // processes), not for every row of a corpus run with fresh solvers.
    let scaling = if isolate {
        scaling_table(&rows)
    } else {
        String::new()
    };
    if !scaling.is_empty() {
        let _ = write!(
            table,
            "\nPer program (peak memory: Linux VmHWM of the child bicd process and of its solver process):\n\n{scaling}"
        );
    }
    let mut files = vec![
        ("results.csv", csv(&rows)),
        ("table.md", table.clone()),
        (
            "time.svg",
            crate::experiments::plot::by_diamonds(
                &rows,
                crate::experiments::plot::Measure::WallSeconds,
            ),
        ),
        (
            "queries.svg",
            crate::experiments::plot::by_diamonds(
                &rows,
                crate::experiments::plot::Measure::Queries,
            ),
        ),
    ];
    if rows
        .iter()
        .any(|r| r.bicd_peak_kib.is_some() || r.solver_peak_kib.is_some())
    {
        files.push((
            "memory.svg",
            crate::experiments::plot::memory_by_diamonds(&rows),
        ));
    }
    for (name, text) in &files {
        let path = args.out.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("{}: error: cannot write: {e}", path.display());
            return 2;
        }
    }
    print!("{table}");
    println!(
        "Written: {}/{{{}}}",
        args.out.display(),
        files.iter().map(|f| f.0).collect::<Vec<_>>().join(",")
    );
    match agreement {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: the modes disagree:\n{e}");
            1
        }
    }
}

/// The 1-minute load average (Linux `/proc/loadavg`).
pub fn load_average() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()
        .map(str::to_string)
}

/// `bicd gen`: prints the program.
pub fn gen_command(args: &GenArgs) -> u8 {
    if let Some(procs) = args.procs {
        print!(
            "{}",
            gen::generate_calls(procs, args.call_sites, args.const_args, args.seed)
        );
        return 0;
    }
    let mut config = gen_config(args.diamonds, args.loops, args.calls);
    config.assume_percent = args.assume_percent;
    print!("{}", gen::generate(&config, args.seed));
    0
}

/// Runs the whole pipeline of `bicd cover` (without the report) on every
/// program with cover `mode` on `solver`, timing each stage. Errors: a
/// program does not load, the cover loop fails or leaves a block unknown,
/// or a test does not replay.
pub fn time_pipeline(
    programs: &[BenchProgram],
    mode: CoverMode,
    solver: &mut Solver,
    unwind: u32,
) -> Result<StageTimes, String> {
    let mut total = StageTimes::default();
    for p in programs {
        total.add(&time_one_program(p, mode, solver, unwind)?);
    }
    Ok(total)
}

fn time_one_program(
    p: &BenchProgram,
    mode: CoverMode,
    solver: &mut Solver,
    unwind: u32,
) -> Result<StageTimes, String> {
    let mut t = StageTimes {
        programs: 1,
        ..StageTimes::default()
    };
    let mut sources = SourceMap::new();
    let file = sources.add(p.name.clone(), p.text.clone());
    let program = stages::load_program(&sources, file, &mut t)
        .map_err(|diags| diags.iter().map(|d| d.render(&sources)).collect::<String>())?;
    for entry in stages::select_entries(&program, &[])? {
        let prepared =
            stages::prepare(&program, entry, unwind, &mut t).map_err(|d| d.render(&sources))?;
        let result = stages::cover(
            &program,
            &sources,
            &prepared,
            solver,
            mode,
            &CoverLimits::default(),
            &mut t,
        );
        if let Some(e) = result.error {
            return Err(format!("{}: {} mode: {e}", p.name, mode.name()));
        }
        if let Some(why) = result.blocks.values().find_map(|v| match v {
            BlockVerdict::Unknown(why) => Some(why),
            _ => None,
        }) {
            return Err(format!(
                "{}: {} mode: a block is unknown: {why}",
                p.name,
                mode.name()
            ));
        }
        if let Some(f) = stages::replay_tests(&program, &sources, entry, &result.tests, &mut t)
            .into_iter()
            .next()
        {
            return Err(format!(
                "{}: internal error: test {} does not replay: {}",
                p.name, f.test, f.message
            ));
        }
    }
    Ok(t)
}

/// Starts `kind` with everything bicd sends it written to `log`
/// ([`Solver::spawn_logged`]).
pub fn spawn_logged(
    kind: SolverKind,
    timeout_ms: Option<u64>,
    log: &Path,
) -> Result<Solver, String> {
    Solver::spawn_logged(kind, None, timeout_ms, Some(log)).map_err(|e| e.to_string())
}

/// The solver alone on a script logged by [`spawn_logged`].
#[derive(Clone, Debug, PartialEq)]
pub struct SolverAlone {
    /// The command line it ran (from the log's first comment).
    pub command: Vec<String>,
    /// Wall time from start to its last answer.
    pub wall: Duration,
    /// CPU time (user and system) of the solver process at its last
    /// answer, when Linux `/proc` tells.
    pub cpu: Option<Duration>,
    /// Its answers to check-sat, in order: `sat`, `unsat`, `unknown`.
    pub answers: Vec<String>,
}

/// The command line rsmt2 writes at the top of a logged script
/// (`; Command:` then `; > program args...`).
pub fn logged_command(script: &str) -> Option<Vec<String>> {
    let line = script
        .lines()
        .take(4)
        .find_map(|l| l.strip_prefix("; > "))?;
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    (!words.is_empty()).then_some(words)
}

/// Waits (at most 5 s) until the script logged by [`spawn_logged`] holds
/// `queries` check-sat commands: the solver is stopped on its worker
/// thread after it is dropped, and the log's last buffered lines are
/// written then.
pub fn wait_for_log(log: &Path, queries: usize) {
    for _ in 0..500 {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches("(check-sat").count() >= queries {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Marks the end of a replayed script: `(echo ...)` after the last command.
const REPLAY_DONE: &str = "bicd-replay-done";

/// Runs the solver of a logged script on the script alone (the same
/// executable and arguments bicd used, the whole script written to its
/// standard input at once) and times it: the solver's own work on exactly
/// the commands bicd sent, without bicd. The script is followed by
/// `(echo "bicd-replay-done")`; when that line comes back the clock stops
/// and the process's CPU time is read (its input is still open, so it is
/// alive and idle), then its input is closed.
pub fn solver_alone(script: &Path) -> Result<SolverAlone, String> {
    use std::io::{BufRead as _, Write as _};
    let text = std::fs::read_to_string(script)
        .map_err(|e| format!("{}: cannot read: {e}", script.display()))?;
    let command = logged_command(&text)
        .ok_or_else(|| format!("{}: no `; > command` line at the top", script.display()))?;
    let clock = Instant::now();
    let mut child = std::process::Command::new(&command[0])
        .args(&command[1..])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    let pid = child.id().to_string();
    let mut stdin = child.stdin.take();
    let (close_tx, close_rx) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        if let Some(input) = stdin.as_mut() {
            let _ = input.write_all(text.as_bytes());
            let _ = input.write_all(format!("\n(echo \"{REPLAY_DONE}\")\n").as_bytes());
            let _ = input.flush();
        }
        // Keep the input open until the answers are read.
        let _ = close_rx.recv();
        drop(stdin);
    });
    let mut answers = Vec::new();
    let mut end = None;
    if let Some(out) = child.stdout.take() {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            let l = line.trim();
            if matches!(l, "sat" | "unsat" | "unknown") {
                answers.push(l.to_string());
            } else if l.trim_matches('"') == REPLAY_DONE && end.is_none() {
                end = Some((clock.elapsed(), process_cpu(&pid)));
                let _ = close_tx.send(());
            }
        }
    }
    let _ = close_tx.send(());
    let _ = writer.join();
    let _ = child.wait();
    let (wall, cpu) = end.unwrap_or((clock.elapsed(), None));
    Ok(SolverAlone {
        command,
        wall,
        cpu,
        answers,
    })
}

/// User plus system CPU time of process `pid` (`self` for this one), from
/// fields 14 and 15 of `/proc/<pid>/stat`, counted in clock ticks of
/// 1/100 s (Linux's `USER_HZ` on every common platform).
pub fn process_cpu(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let mut fields = after.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((user + system) * 10))
}

/// CPU time so far of the live process of `solver` (the youngest child of
/// this process running its executable, as in [`solver_peak_kib`]).
pub fn solver_cpu(solver: &Solver) -> Option<Duration> {
    process_cpu(&solver_pid(solver)?)
}
