//! Analysing a whole program text under a call mode, for the tests of
//! the call modes (`summary.rs`, `stratified.rs`).

use bicd::back::solver::SolverKind;
use bicd::driver::{analyze_program, select_entries, CallMode, FileResult, Options};
use bicd::front::resolve::load_program;
use bicd::source::SourceMap;

pub fn options(calls: CallMode, solver: SolverKind) -> Options {
    Options {
        unwind: 2,
        calls,
        ..Options::new(solver)
    }
}

/// Analyses `text`; panics when a test does not replay or an analysis
/// fails.
pub fn analyse(name: &str, text: &str, calls: CallMode, solver: SolverKind) -> FileResult {
    let mut sources = SourceMap::new();
    let file = sources.add(name, text);
    let program = load_program(&sources, file).unwrap_or_else(|e| {
        panic!(
            "{name}: {}",
            e.iter().map(|d| d.render(&sources)).collect::<String>()
        )
    });
    let entries = select_entries(&program, &[]).expect("entries");
    let (result, failures) =
        analyze_program(&program, &sources, name, &entries, &options(calls, solver));
    assert!(
        failures.is_empty(),
        "{name} ({}): tests do not replay: {failures:#?}\n{text}",
        calls.name(),
    );
    for p in &result.procedures {
        assert!(p.error.is_none(), "{name}: {}: {:?}", p.name, p.error);
    }
    result
}
