//! `bicd gen` and `bicd bench` (issue 5; paper, section 7).
//!
//! Takes: a corpus ([`crate::experiments::corpus`]: a folder of `.bpl`
//! files, or random diamond programs generated on the fly by
//! [`crate::experiments::gen`]), cover modes and solvers. Gives: one
//! [`BenchRow`] per program, solver and mode (queries, solver time, wall
//! time, tests, infeasible blocks) from [`run_bench`], written by
//! [`bench_command`] as the tables of [`crate::experiments::table`] and the
//! plots of [`crate::experiments::plot`]. Every mode and solver must find
//! the same infeasible blocks in every program ([`check_agreement`]); the
//! bench fails if not.
//!
//! By default everything runs in one process with one solver process per
//! solver for the whole corpus (the cover loops push and pop the VC of each
//! program); `--fresh-solver` starts a solver per program and mode, and
//! `--memory` runs each program in a child process to measure its peak
//! memory ([`run_isolated`], [`crate::experiments::measure`]). Each program
//! goes through the driver's stage functions ([`crate::driver::stages`]);
//! every test found is replayed on the original program, as `bicd cover`
//! does, and replay time counts as time outside the solver.

use crate::back::cover::{BlockVerdict, CoverLimits, CoverMode};
use crate::back::solver::{Solver, SolverKind};
use crate::driver::stages::{self, StageTimes};
use crate::experiments::gen::{self, GenConfig};
use crate::source::SourceMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::corpus::{diamonds_of, folder_corpus, generated_corpus_with, parse_range, BenchProgram};
use super::measure::{load_average, peak_memory_kib, process_cpu, solver_cpu, solver_peak_kib};
use super::table::{block_name, check_agreement, csv, markdown_table, scaling_table, BenchRow};

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
    pub(crate) fn cover_mode(self) -> CoverMode {
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
