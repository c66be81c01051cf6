//! Path cover with concrete exploration (`CoverTuning::explore_after_paths`)
//! finds exactly the paths of path cover by the solver alone, and every
//! test it makes replays on the original program. Programs: the paper's
//! diamond chains (many paths, thin equality guards), small random
//! programs with havoc, assertions and calls, and programs with loops.

use bicd::back::cover::{cover_tuned, CoverLimits, CoverMode, CoverResult, CoverTuning};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::replay;
use bicd::experiments::gen::{generate, GenConfig};
use bicd::front::resolve::load_program;
use bicd::ir::ProcId;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;
use std::collections::BTreeSet;

fn paths_of(r: &CoverResult) -> BTreeSet<String> {
    r.tests
        .iter()
        .map(|t| format!("{:?} {:?}", t.trace, t.outcome))
        .collect()
}

/// Runs path cover twice (explore from the first path; solver only) on
/// every procedure of `text`; panics on any difference.
fn check(text: &str, name: &str, k: u32) -> usize {
    let mut sources = SourceMap::new();
    let file = sources.add(name.to_string(), text.to_string());
    let program = load_program(&sources, file).expect("generated programs load");
    let mut paths = 0;
    for (i, p) in program.procedures.iter().enumerate() {
        if p.body.is_none() {
            continue;
        }
        let passive = prepare_entry(&program, ProcId(i), k).expect("prepares");
        let vc = reachability_vc(&passive);
        let run = |tuning: CoverTuning| {
            let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
            cover_tuned(
                &passive,
                &vc,
                &mut solver,
                CoverMode::Paths,
                &CoverLimits::default(),
                &tuning,
                &p.name,
                &sources,
            )
        };
        let explored = run(CoverTuning {
            explore_after_paths: Some(0),
            ..CoverTuning::default()
        });
        let alone = run(CoverTuning {
            explore_after_paths: None,
            ..CoverTuning::default()
        });
        assert_eq!(explored.error, None, "{name}");
        assert_eq!(alone.error, None, "{name}");
        assert_eq!(
            explored.blocks,
            alone
                .blocks
                .clone()
                .into_iter()
                .map(|(k, v)| (k, normalise(v, &explored.blocks[&k])))
                .collect(),
            "{name}: verdicts"
        );
        assert_eq!(
            explored.tests.len(),
            alone.tests.len(),
            "{name}: path count"
        );
        assert_eq!(paths_of(&explored), paths_of(&alone), "{name}: paths");
        for t in &explored.tests {
            replay(&program, ProcId(i), t)
                .unwrap_or_else(|e| panic!("{name}: test {} does not replay: {e:?}", t.id));
        }
        paths += explored.tests.len();
    }
    paths
}

/// Covered verdicts carry test ids, which differ between the runs: compare
/// only the kind of verdict.
fn normalise(
    v: bicd::back::cover::BlockVerdict,
    other: &bicd::back::cover::BlockVerdict,
) -> bicd::back::cover::BlockVerdict {
    use bicd::back::cover::BlockVerdict::Covered;
    match (v, other) {
        (Covered(_), Covered(ids)) => Covered(ids.clone()),
        (v, _) => v,
    }
}

#[test]
fn diamond_chains_same_paths() {
    let mut total = 0;
    for (d, seed) in [(3, 8), (4, 8), (5, 1), (4, 3), (5, 6)] {
        let text = generate(&GenConfig::paper(d), seed);
        total += check(&text, &format!("d{d}_s{seed}.bpl"), 3);
    }
    assert!(total > 100, "the programs have many paths: {total}");
}

#[test]
fn small_random_programs_same_paths() {
    let mut config = GenConfig::small();
    for seed in 0..40 {
        check(&generate(&config, seed), &format!("small-{seed}.bpl"), 2);
    }
    config.loops = true;
    for seed in 0..15 {
        check(&generate(&config, seed), &format!("loops-{seed}.bpl"), 2);
    }
}

/// The first exploration runs on two threads (`Explorer::explore_in_parts`);
/// what it finds must not depend on how they are scheduled: two runs give
/// the same tests, inputs included, in the same order.
#[test]
fn exploration_on_two_threads_is_deterministic() {
    let text = generate(&GenConfig::paper(6), 8);
    let mut sources = SourceMap::new();
    let file = sources.add("d6_s8.bpl".to_string(), text);
    let program = load_program(&sources, file).expect("generated programs load");
    let passive = prepare_entry(&program, ProcId(0), 1).expect("prepares");
    let vc = reachability_vc(&passive);
    let run = || {
        let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
        let r = cover_tuned(
            &passive,
            &vc,
            &mut solver,
            CoverMode::Paths,
            &CoverLimits::default(),
            &CoverTuning::default(),
            "main",
            &sources,
        );
        assert_eq!(r.error, None);
        r.tests
            .iter()
            .map(|t| format!("{:?} {:?} {:?}", t.inputs, t.trace, t.outcome))
            .collect::<Vec<_>>()
    };
    let first = run();
    assert!(
        first.len() > 100,
        "the program has many paths: {}",
        first.len()
    );
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
}
