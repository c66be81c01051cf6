//! Issue 5: the generator's shape and determinism, the per-block and greedy
//! modes against statement mode, the bench's agreement check, CSV and
//! Markdown shape; the measuring tools: stage timing and the solver alone
//! on a logged script (cargo bench), fresh solvers and child processes
//! with peak memory (bicd bench --memory), growth exponents and plots.
//! Behaviour only: no assertion depends on how fast anything ran.

use bicd::back::cover::CoverMode;
use bicd::back::solver::SolverKind;
use bicd::experiments::bench::{self, SolverPool};
use bicd::experiments::gen::generate;
use bicd::experiments::table::BenchRow;
use bicd::experiments::{corpus, measure, stage_timing, table};
use std::time::Duration;

#[test]
fn gen_is_deterministic_and_has_the_papers_shape() {
    for n in [2usize, 9] {
        let a = generate(&bench::gen_config(n, false, false), 3);
        let b = generate(&bench::gen_config(n, false, false), 3);
        assert_eq!(a, b);
        assert_ne!(a, generate(&bench::gen_config(n, false, false), 4));
        let lines = a.lines().count();
        assert!((80..=360).contains(&lines), "{n} diamonds: {lines} lines");
        // Nine blocks per diamond (head, two sides, four inner, two joins),
        // plus `done`.
        let labels = a
            .lines()
            .filter(|l| l.starts_with("  d") || l.starts_with("  done:"))
            .filter(|l| {
                l.split_once(':')
                    .is_some_and(|(_, rest)| !rest.starts_with('='))
            })
            .count();
        assert_eq!(labels, 9 * n + 1, "{a}");
        let vars = a.matches(": int").count() - 1; // minus the output r
        assert!((10..=20).contains(&vars), "{vars} variables");
    }
    let with = generate(&bench::gen_config(2, true, true), 1);
    assert!(with.contains("procedure helper"));
    assert!(with.contains("goto d1, d0;"));
}

#[test]
fn new_modes_agree_with_statement_mode_on_generated_programs() {
    let programs = corpus::generated_corpus(&[2, 3], 3);
    let modes = [
        CoverMode::Statements,
        CoverMode::PerBlock { reuse: true },
        CoverMode::PerBlock { reuse: false },
        CoverMode::Greedy,
    ];
    let rows = bench::run_bench(&programs, &modes, &[SolverKind::Z3], 3, None, |_| {})
        .expect("bench runs");
    assert_eq!(rows.len(), programs.len() * modes.len());
    table::check_agreement(&rows).expect("modes agree");
    for chunk in rows.chunks(modes.len()) {
        let (stmt, per, no_reuse, greedy) = (&chunk[0], &chunk[1], &chunk[2], &chunk[3]);
        // Without reuse every block gets its own query.
        let blocks = 9 * chunk[0].diamonds.unwrap() + 1;
        assert_eq!(no_reuse.queries, blocks);
        assert_eq!(no_reuse.tests, blocks - no_reuse.infeasible.len());
        assert!(per.queries <= no_reuse.queries);
        // Greedy never needs more tests than statement cover's rounds.
        assert!(greedy.tests <= stmt.tests + 1, "{greedy:?} {stmt:?}");
    }
}

fn row(program: &str, mode: &str, infeasible: &[&str]) -> BenchRow {
    BenchRow {
        program: program.into(),
        diamonds: Some(2),
        lines: 90,
        solver: "z3".into(),
        mode: mode.into(),
        queries: 3,
        solver_time: Duration::from_millis(5),
        wall: Duration::from_millis(7),
        tests: 2,
        infeasible: infeasible.iter().map(|s| s.to_string()).collect(),
        unknown: 0,
        error: None,
        bicd_peak_kib: None,
        solver_peak_kib: None,
        solver_cpu: None,
        bicd_cpu: None,
    }
}

#[test]
fn agreement_check_fails_on_a_planted_disagreement() {
    let good = vec![
        row("a.bpl", "statements", &["main::d0_t"]),
        row("a.bpl", "greedy", &["main::d0_t"]),
        row("b.bpl", "statements", &[]),
        row("b.bpl", "greedy", &[]),
    ];
    table::check_agreement(&good).expect("agree");
    let mut bad = good.clone();
    bad[3].infeasible.push("main::d1_e".into());
    let err = table::check_agreement(&bad).unwrap_err();
    assert!(err.contains("b.bpl") && err.contains("main::d1_e"), "{err}");
    let mut unknown = good;
    unknown[0].unknown = 1;
    assert!(table::check_agreement(&unknown).is_err());
}

#[test]
fn csv_and_markdown_have_one_line_per_row_and_total() {
    let rows = vec![
        row("a.bpl", "statements", &["main::x"]),
        row("a.bpl", "paths", &["main::x"]),
        row("b.bpl", "statements", &[]),
        row("b.bpl", "paths", &[]),
    ];
    let csv = table::csv(&rows);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], table::CSV_HEADER);
    assert_eq!(lines.len(), 5);
    let columns = table::CSV_HEADER.split(',').count();
    assert!(lines.iter().all(|l| l.split(',').count() == columns));
    assert_eq!(
        lines[1],
        "a.bpl,2,90,z3,statements,3,0.005000,0.007000,2,1,0,,,,"
    );
    let md = table::markdown_table(&rows);
    let table: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), 4, "{md}");
    assert!(
        table[2].starts_with("| statements | z3 | 6 | 0.010 | 0.014 |"),
        "{md}"
    );
    assert!(table[2].ends_with("| 4 | 1 | 854 | 11.81 |"), "{md}");
    assert!(md.starts_with("2 programs."));
    let svg =
        bicd::experiments::plot::by_diamonds(&rows, bicd::experiments::plot::Measure::Queries);
    assert!(svg.starts_with("<svg") && svg.contains("statements (z3)"));
}

#[test]
fn diamond_ranges_parse() {
    assert_eq!(
        corpus::parse_range("2..9").unwrap(),
        (2..=9).collect::<Vec<_>>()
    );
    assert_eq!(corpus::parse_range("10,30").unwrap(), vec![10, 30]);
    assert!(corpus::parse_range("9..2").is_err());
}

#[test]
fn assume_percent_zero_leaves_only_the_guards() {
    let mut config = bench::gen_config(30, false, false);
    config.assume_percent = 0;
    let text = generate(&config, 0);
    // Each diamond has 6 guarded blocks (outer and inner then/else).
    let assumes = text.matches("assume").count();
    assert_eq!(assumes, 30 * 6, "{text}");
    let paper = generate(&bench::gen_config(30, false, false), 0);
    assert!(paper.matches("assume").count() > assumes);
}

/// A scratch folder of this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    crate::support::scratch_dir(&format!("bench-test-{name}"))
}

#[test]
fn the_logged_script_alone_gives_one_answer_per_query() {
    let programs = corpus::generated_corpus(&[2, 3], 2);
    let log = scratch("log").join("statements.smt2");
    let mut solver = stage_timing::spawn_logged(SolverKind::Z3, None, &log).expect("z3 starts");
    let stages = stage_timing::time_pipeline(&programs, CoverMode::Statements, &mut solver, 3)
        .expect("the pipeline runs");
    drop(solver);
    assert_eq!(stages.programs, 4);
    assert!(stages.queries > 0);
    assert!(stages.total() >= stages.cover && stages.cover >= stages.solver);
    // The same programs in the bench find the same infeasible blocks.
    let rows = bench::run_bench(
        &programs,
        &[CoverMode::Statements],
        &[SolverKind::Z3],
        3,
        None,
        |_| {},
    )
    .unwrap();
    assert_eq!(
        stages.infeasible,
        rows.iter().map(|r| r.infeasible.len()).sum::<usize>()
    );
    stage_timing::wait_for_log(&log, stages.queries);
    let alone = stage_timing::solver_alone(&log).expect("the script replays");
    assert!(alone.command[0].ends_with("z3"), "{:?}", alone.command);
    assert_eq!(alone.answers.len(), stages.queries, "{:?}", alone.answers);
    assert!(alone.answers.iter().all(|a| a == "sat" || a == "unsat"));
    assert!(
        alone.answers.iter().any(|a| a == "unsat"),
        "every statement cover ends with unsat"
    );
    // Linux: the CPU time of the solver alone and of this process are read.
    assert!(alone.cpu.is_some());
    assert!(measure::process_cpu("self").is_some());
}

#[test]
fn logged_command_reads_the_tee_header() {
    let script = "; Command:\n; > /usr/bin/cvc5 --incremental --lang smt2\n\n(set-logic QF_LIA)\n";
    assert_eq!(
        stage_timing::logged_command(script).unwrap(),
        vec!["/usr/bin/cvc5", "--incremental", "--lang", "smt2"]
    );
    assert_eq!(stage_timing::logged_command("(check-sat)\n"), None);
}

#[test]
fn fresh_solvers_and_child_processes_agree_with_one_shared_solver() {
    let programs = corpus::generated_corpus(&[2, 3], 1);
    let modes = [CoverMode::Statements, CoverMode::PerBlock { reuse: true }];
    let shared = bench::run_bench(&programs, &modes, &[SolverKind::Z3], 3, None, |_| {}).unwrap();
    let mut pool = SolverPool::Fresh {
        kinds: vec![SolverKind::Z3],
        timeout_ms: Some(10_000),
    };
    let fresh = bench::run_bench_with(&programs, &modes, &mut pool, 3, |_| {}).unwrap();
    let exe = crate::support::cli::exe();
    let mut done = Vec::new();
    let isolated = bench::run_isolated(exe, &programs, &modes, &[SolverKind::Z3], 3, None, |n| {
        done.push(n)
    })
    .expect("the child processes run");
    assert_eq!(done, vec![1, 2]);
    for rows in [&fresh, &isolated] {
        assert_eq!(rows.len(), shared.len());
        for (a, b) in shared.iter().zip(rows.iter()) {
            assert_eq!(
                (&a.program, &a.mode, &a.infeasible),
                (&b.program, &b.mode, &b.infeasible)
            );
            assert_eq!(a.diamonds, b.diamonds);
            assert!(b.solver_peak_kib.is_some_and(|k| k > 0), "{b:?}");
        }
    }
    assert!(shared
        .iter()
        .all(|r| r.bicd_peak_kib.is_none() && r.solver_peak_kib.is_none()));
    assert!(fresh.iter().all(|r| r.bicd_peak_kib.is_none()));
    assert!(isolated
        .iter()
        .all(|r| r.bicd_peak_kib.is_some_and(|k| k > 0)));
    assert!(isolated
        .iter()
        .all(|r| r.bicd_cpu.is_some() && r.solver_cpu.is_some()));
    assert!(fresh
        .iter()
        .all(|r| r.solver_cpu.is_some() && r.bicd_cpu.is_none()));
    table::check_agreement(&isolated).unwrap();
    // The scaling table names every row and the growth of the series.
    let table = table::scaling_table(&isolated);
    assert_eq!(
        table.lines().filter(|l| l.starts_with("| d")).count(),
        4,
        "{table}"
    );
    assert!(
        table.contains("Growth, statements (z3): wall time ~ diamonds^"),
        "{table}"
    );
    assert!(table::scaling_table(&shared).is_empty());
    let svg = bicd::experiments::plot::memory_by_diamonds(&isolated);
    assert!(
        svg.contains("bicd, statements (z3)") && svg.contains("z3 process, per-block"),
        "{svg}"
    );
}

#[test]
fn growth_exponent_is_the_log_log_slope() {
    let square: Vec<(f64, f64)> = [10.0, 30.0, 100.0, 300.0]
        .iter()
        .map(|&x: &f64| (x, 3.0 * x * x))
        .collect();
    let e = bicd::experiments::table::growth_exponent(&square).unwrap();
    assert!((e - 2.0).abs() < 1e-9, "{e}");
    assert_eq!(
        bicd::experiments::table::growth_exponent(&[(10.0, 1.0), (10.0, 2.0)]),
        None
    );
    assert_eq!(
        bicd::experiments::table::growth_exponent(&[(10.0, 1.0)]),
        None
    );
}

#[test]
fn a_wide_range_of_sizes_gets_a_log_scale_x_axis() {
    let series = vec![("t".to_string(), vec![(10.0, 0.1), (1000.0, 30.0)])];
    let wide = bicd::experiments::plot::line_plot("time", "diamonds", &series);
    assert!(wide.contains("diamonds (log scale)"), "{wide}");
    let narrow = vec![("t".to_string(), vec![(2.0, 0.1), (9.0, 0.3)])];
    let narrow = bicd::experiments::plot::line_plot("time", "diamonds", &narrow);
    assert!(!narrow.contains("diamonds (log scale)"), "{narrow}");
    assert!(narrow.contains(">diamonds</text>"), "{narrow}");
}
