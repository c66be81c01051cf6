//! Issue 5: the generator's shape and determinism, the per-block and greedy
//! modes against statement mode, the bench's agreement check, CSV and
//! Markdown shape.

use bicd::bench::{self, BenchRow};
use bicd::cover::CoverMode;
use bicd::gen::generate;
use bicd::solver::SolverKind;
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
    let programs = bench::generated_corpus(&[2, 3], 3);
    let modes = [
        CoverMode::Statements,
        CoverMode::PerBlock { reuse: true },
        CoverMode::PerBlock { reuse: false },
        CoverMode::Greedy,
    ];
    let rows = bench::run_bench(&programs, &modes, &[SolverKind::Z3], 3, None, |_| {})
        .expect("bench runs");
    assert_eq!(rows.len(), programs.len() * modes.len());
    bench::check_agreement(&rows).expect("modes agree");
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
    bench::check_agreement(&good).expect("agree");
    let mut bad = good.clone();
    bad[3].infeasible.push("main::d1_e".into());
    let err = bench::check_agreement(&bad).unwrap_err();
    assert!(err.contains("b.bpl") && err.contains("main::d1_e"), "{err}");
    let mut unknown = good;
    unknown[0].unknown = 1;
    assert!(bench::check_agreement(&unknown).is_err());
}

#[test]
fn csv_and_markdown_have_one_line_per_row_and_total() {
    let rows = vec![
        row("a.bpl", "statements", &["main::x"]),
        row("a.bpl", "paths", &["main::x"]),
        row("b.bpl", "statements", &[]),
        row("b.bpl", "paths", &[]),
    ];
    let csv = bench::csv(&rows);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], bench::CSV_HEADER);
    assert_eq!(lines.len(), 5);
    let columns = bench::CSV_HEADER.split(',').count();
    assert!(lines.iter().all(|l| l.split(',').count() == columns));
    assert_eq!(
        lines[1],
        "a.bpl,2,90,z3,statements,3,0.005000,0.007000,2,1,0"
    );
    let md = bench::markdown_table(&rows);
    let table: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), 4, "{md}");
    assert!(
        table[2].starts_with("| statements | z3 | 6 | 0.010 | 0.014 |"),
        "{md}"
    );
    assert!(table[2].ends_with("| 4 | 1 | 854 | 11.81 |"), "{md}");
    assert!(md.starts_with("2 programs."));
    let svg = bicd::plot::by_diamonds(&rows, bicd::plot::Measure::Queries);
    assert!(svg.starts_with("<svg") && svg.contains("statements (z3)"));
}

#[test]
fn diamond_ranges_parse() {
    assert_eq!(
        bench::parse_range("2..9").unwrap(),
        (2..=9).collect::<Vec<_>>()
    );
    assert_eq!(bench::parse_range("10,30").unwrap(), vec![10, 30]);
    assert!(bench::parse_range("9..2").is_err());
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
