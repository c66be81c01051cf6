//! The rows of a benchmark and the tables made of them.
//!
//! Takes: [`BenchRow`]s (what one mode and solver found on one program).
//! Gives: CSV ([`csv`]), the Markdown table in the form of the paper's
//! Table 1 ([`markdown_table`]), the scaling table with growth exponents
//! ([`scaling_table`]), per mode and solver totals, and the check that
//! every mode and solver found the same infeasible blocks
//! ([`check_agreement`]).

use crate::ir::Program;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

/// Diamonds, wall seconds, bicd peak KiB, solver peak KiB.
type ScalingPoint = (f64, f64, f64, f64);

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

pub(crate) fn block_name(program: &Program, key: crate::ir::passive::BlockKey) -> String {
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

/// Per program (rows with a memory measurement only): a Markdown table of
/// size, time, CPU time (of the child bicd process: all its rows; of the
/// solver process: this row) and peak memory, then how time and memory grow with the
/// number of diamonds (the slope on log-log axes, [`growth_exponent`]).
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
            growth_exponent(&xy).map(|e| format!("{what} ~ diamonds^{e:.2}"))
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

/// The least-squares slope of ln y against ln x over the points with
/// positive x and y: cost grows as x^slope. `None` with fewer than two
/// distinct x.
pub fn growth_exponent(points: &[(f64, f64)]) -> Option<f64> {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = logs.len() as f64;
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if logs.len() < 2 || sxx < 1e-12 {
        return None;
    }
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    Some(sxy / sxx)
}
