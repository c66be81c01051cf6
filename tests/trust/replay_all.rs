//! `interp::replay_all`, which replays a cover's tests on several threads
//! when there are many, reports exactly the tests that `replay` rejects
//! one by one, in test order. Program: a chain of 8 diamonds with
//! thousands of feasible paths (path cover), some of whose tests are then
//! broken on purpose.

use bicd::back::cover::{cover, CoverLimits, CoverMode};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::{replay, replay_all};
use bicd::experiments::gen::{generate, GenConfig};
use bicd::front::resolve::load_program;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;

#[test]
fn replay_all_reports_what_replay_rejects_in_order() {
    let text = generate(&GenConfig::paper(8), 8);
    let mut sources = SourceMap::new();
    let file = sources.add("d8_s8.bpl".to_string(), text);
    let program = load_program(&sources, file).expect("generated programs load");
    let entry = bicd::driver::select_entries(&program, &[]).expect("main")[0];
    let passive = prepare_entry(&program, entry, 1).expect("prepares");
    let vc = reachability_vc(&passive);
    let mut solver = Solver::spawn(SolverKind::Yices, None).expect("yices is installed");
    let result = cover(
        &passive,
        &vc,
        &mut solver,
        CoverMode::Paths,
        &CoverLimits::default(),
        "main",
        &sources,
    );
    assert_eq!(result.error, None);
    let mut tests = result.tests;
    // Enough tests for more than one thread (512 a thread at least).
    assert!(tests.len() > 2048, "{} tests", tests.len());
    assert!(replay_all(&program, entry, &tests).is_empty());

    // Break every 97th test: its trace loses its last step.
    for t in tests.iter_mut().step_by(97) {
        t.trace.pop();
    }
    let one_by_one: Vec<usize> = tests
        .iter()
        .filter(|t| replay(&program, entry, t).is_err())
        .map(|t| t.id)
        .collect();
    let all: Vec<usize> = replay_all(&program, entry, &tests)
        .into_iter()
        .map(|(t, _)| t.id)
        .collect();
    assert_eq!(one_by_one.len(), tests.len().div_ceil(97));
    assert_eq!(all, one_by_one);
}
