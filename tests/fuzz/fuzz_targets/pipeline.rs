//! Fuzz target: the whole pipeline. Parse; then analyse every procedure
//! (unwind 1, statement cover, z3 with a 200 ms per-query timeout and a
//! 2 s limit for the whole input) and replay every test on the original
//! program. A panic, a test that does not replay, or a block both covered
//! and infeasible is a bug.
#![no_main]

use bicd::driver::{self, BlockStatus, Options};
use bicd::back::solver::{Deadline, SolverKind};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(
    init: {
        // A Rust `main` ignores SIGPIPE, so writing to a solver that has
        // exited is an error bicd handles; libFuzzer owns `main` here, so
        // do the same, or the fuzzer dies of the signal.
        // SAFETY: sets a signal disposition once, before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
    },
    |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = bicd::source::SourceMap::new();
    let file = sources.add("fuzz.bpl", text.to_string());
    let Ok(program) = bicd::front::resolve::load_program(&sources, file) else {
        return;
    };
    let Ok(entries) = driver::select_entries(&program, &[]) else {
        return;
    };
    let options = Options {
        unwind: 1,
        timeout_ms: Some(200),
        deadline: Some(Deadline::starting_now(Duration::from_secs(2))),
        max_tests: Some(50),
        ..Options::new(SolverKind::Z3)
    };
    let (result, failures) =
        driver::analyze_program(&program, &sources, "fuzz.bpl", &entries, &options);
    assert!(
        failures.is_empty(),
        "a test does not replay: {:?}",
        failures.first().map(|f| &f.message)
    );
    for p in &result.procedures {
        for b in &p.blocks {
            if let BlockStatus::Covered(tests) = &b.status {
                assert!(!tests.is_empty(), "covered by no test: {}", b.display);
                for t in tests {
                    assert!(p.tests.iter().any(|x| x.id == *t), "no test {t}");
                }
            }
        }
    }
});
