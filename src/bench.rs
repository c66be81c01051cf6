//! Experiments: `bicd gen` and `bicd bench` (issue 5; paper, section 7).
//!
//! Takes: a corpus (a folder of `.bpl` files, or random diamond programs
//! generated on the fly by [`crate::gen`]), cover modes and solvers. Gives:
//! one [`BenchRow`] per program, solver and mode (queries, solver time,
//! wall time, tests, infeasible blocks) from [`run_bench`]; the rows as CSV
//! ([`csv`]), as a Markdown table in the form of the paper's Table 1
//! ([`markdown_table`]) and as SVG plots against the number of diamonds
//! ([`crate::plot`]). Every mode and solver must find the same infeasible
//! blocks in every program ([`check_agreement`]); the bench fails if not.
//!
//! Everything runs in one process with one solver process per solver for
//! the whole corpus (the cover loops push and pop the VC of each program).
//! Every test found is replayed on the original program, as `bicd cover`
//! does; replay time counts as time outside the solver.

use crate::cover::{self, BlockVerdict, CoverLimits, CoverMode};
use crate::gen::{self, GenConfig};
use crate::ir::Program;
use crate::solver::{Solver, SolverKind};
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
    /// Per-query solver timeout in milliseconds.
    #[arg(long, value_name = "MS")]
    pub timeout_ms: Option<u64>,
    /// Do not show a progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Generated programs: percent of the statements that are extra
    /// `assume`s (as `bicd gen --assume-percent`).
    #[arg(long, value_name = "P", default_value_t = 10)]
    pub assume_percent: u32,
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
#[derive(Clone, Debug, PartialEq)]
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
    mut progress: impl FnMut(usize),
) -> Result<Vec<BenchRow>, String> {
    let mut live: Vec<Solver> = solvers
        .iter()
        .map(|&k| Solver::spawn(k, timeout_ms).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut rows = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        rows.extend(bench_program(p, modes, &mut live, unwind)?);
        progress(i + 1);
    }
    Ok(rows)
}

fn bench_program(
    p: &BenchProgram,
    modes: &[CoverMode],
    solvers: &mut [Solver],
    unwind: u32,
) -> Result<Vec<BenchRow>, String> {
    let start = Instant::now();
    let mut sources = SourceMap::new();
    let file = sources.add(p.name.clone(), p.text.clone());
    let program = crate::resolve::load_program(&sources, file)
        .map_err(|diags| diags.iter().map(|d| d.render(&sources)).collect::<String>())?;
    let entries = crate::analyze::select_entries(&program, &[])?;
    let mut prepared = Vec::new();
    for &entry in &entries {
        let passive = crate::passify::prepare_entry(&program, entry, unwind)
            .map_err(|d| d.render(&sources))?;
        let vc = crate::vc::reachability_vc(&passive);
        prepared.push((entry, passive, vc));
    }
    let prep = start.elapsed();
    let lines = p.text.lines().count();
    let mut rows = Vec::new();
    for solver in solvers.iter_mut() {
        for &mode in modes {
            let start = Instant::now();
            let mut row = BenchRow {
                program: p.name.clone(),
                diamonds: p.diamonds,
                lines,
                solver: solver.kind().name().to_string(),
                mode: mode.name().to_string(),
                queries: 0,
                solver_time: Duration::ZERO,
                wall: Duration::ZERO,
                tests: 0,
                infeasible: Vec::new(),
                unknown: 0,
                error: None,
            };
            for (entry, passive, vc) in &prepared {
                let name = &program.proc(*entry).name;
                let result = cover::cover(
                    passive,
                    vc,
                    solver,
                    mode,
                    &CoverLimits::default(),
                    name,
                    &sources,
                );
                for t in &result.tests {
                    crate::interp::replay(&program, *entry, t).map_err(|e| {
                        format!(
                            "{}: internal error: test {} ({} mode) does not replay: {}",
                            p.name,
                            t.id,
                            mode.name(),
                            e.render(&sources)
                        )
                    })?;
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
            rows.push(row);
        }
    }
    Ok(rows)
}

fn block_name(program: &Program, key: crate::passive::BlockKey) -> String {
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
    "program,diamonds,lines,solver,mode,queries,solver_s,wall_s,tests,infeasible,unknown";

/// One line per row, after [`CSV_HEADER`].
pub fn csv(rows: &[BenchRow]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for r in rows {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.6},{:.6},{},{},{}",
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
            r.unknown
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

/// Peak resident memory of this process (Linux `VmHWM`), in KiB.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `bicd bench`: runs, checks agreement, writes the outputs. Returns the
/// exit status (0 fine, 1 disagreement, 2 usage or input error, 3 solver).
pub fn bench_command(args: &BenchArgs) -> u8 {
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
    let modes: Vec<CoverMode> = args.modes.iter().map(|m| m.cover_mode()).collect();
    let solvers: Vec<SolverKind> = args.solvers.iter().map(|s| s.kind()).collect();
    let bar = if args.quiet || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(programs.len() as u64)
    };
    let start = Instant::now();
    let rows = run_bench(
        &programs,
        &modes,
        &solvers,
        args.unwind,
        args.timeout_ms,
        |done| bar.set_position(done as u64),
    );
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
    let _ = writeln!(
        table,
        "\nWhole bench: {:.3} s wall in one process; peak memory {} MiB.",
        total_wall.as_secs_f64(),
        peak_memory_kib().map(|k| k / 1024).unwrap_or(0)
    );
    let files = [
        ("results.csv", csv(&rows)),
        ("table.md", table.clone()),
        (
            "time.svg",
            crate::plot::by_diamonds(&rows, crate::plot::Measure::WallSeconds),
        ),
        (
            "queries.svg",
            crate::plot::by_diamonds(&rows, crate::plot::Measure::Queries),
        ),
    ];
    for (name, text) in files {
        let path = args.out.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("{}: error: cannot write: {e}", path.display());
            return 2;
        }
    }
    print!("{table}");
    println!(
        "Written: {}/{{results.csv,table.md,time.svg,queries.svg}}",
        args.out.display()
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
