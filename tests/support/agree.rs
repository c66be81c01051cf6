//! Compares what bicd reports for one entry procedure with the independent
//! enumeration (`enumerate.rs`) and the interpreter: the property the issue
//! asks for ("the infeasible blocks agree with a brute-force enumeration";
//! "path mode yields one test per feasible complete path").
//!
//! bicd's result is given as plain data ([`Reported`]) so that this file
//! does not depend on the shape of bicd's own result types.

use super::enumerate::{enumerate, Enumeration, PathEnd};
use bicd::ir::testcase::{Outcome, TestCase};
use bicd::ir::{AssertId, ProcId, Program};
use std::collections::BTreeSet;

/// What bicd reported for one entry procedure.
#[derive(Clone, Debug, Default)]
pub struct Reported {
    /// (procedure, label) of blocks reported covered / infeasible / unknown
    /// (callee blocks with the callee's name).
    pub covered: BTreeSet<(String, String)>,
    pub infeasible: BTreeSet<(String, String)>,
    pub unknown: BTreeSet<(String, String)>,
    /// Assertions reported as able to fail / holding within the bound.
    pub can_fail: BTreeSet<AssertId>,
    pub holds: BTreeSet<AssertId>,
    pub tests: Vec<TestCase>,
    /// The tests come from path mode (one per feasible complete path).
    pub path_mode: bool,
}

/// Checks `reported` against the enumeration of `entry` with bound `k`;
/// every disagreement is listed in the error.
pub fn check_agreement(
    program: &Program,
    entry: ProcId,
    k: usize,
    reported: &Reported,
) -> Result<(), String> {
    let e = enumerate(program, entry, k)?;
    compare(program, entry, &e, reported)
}

/// Checks `reported` against an enumeration `e` of `entry` (for example one
/// made with another recursion bound).
pub fn compare(
    program: &Program,
    entry: ProcId,
    e: &Enumeration,
    reported: &Reported,
) -> Result<(), String> {
    let mut problems = Vec::new();
    if !reported.unknown.is_empty() {
        problems.push(format!("blocks reported unknown: {:?}", reported.unknown));
    }
    // Every block of the entry is reported.
    let name = &program.proc(entry).name;
    if let Some(cfg) = &program.proc(entry).body {
        for n in cfg.graph.node_indices() {
            let key = (name.clone(), cfg.graph[n].label.clone());
            if !reported.covered.contains(&key)
                && !reported.infeasible.contains(&key)
                && !reported.unknown.contains(&key)
            {
                problems.push(format!("block {}::{} is not reported", key.0, key.1));
            }
        }
    }
    for b in &reported.covered {
        if !e.reached.contains(b) {
            problems.push(format!(
                "{}::{} reported covered, but no feasible path runs through it",
                b.0, b.1
            ));
        }
    }
    for b in &reported.infeasible {
        if e.reached.contains(b) {
            problems.push(format!(
                "{}::{} reported infeasible, but a feasible path runs through it",
                b.0, b.1
            ));
        }
    }
    for b in &e.reached {
        if !reported.covered.contains(b) {
            problems.push(format!(
                "{}::{} is reachable but not reported covered",
                b.0, b.1
            ));
        }
    }
    for a in &reported.can_fail {
        if !e.failing.contains(a) {
            problems.push(format!(
                "assertion #{} reported failing, but it cannot fail",
                a.0
            ));
        }
    }
    for a in &reported.holds {
        if e.failing.contains(a) {
            problems.push(format!(
                "assertion #{} reported holding, but it can fail",
                a.0
            ));
        }
    }
    for a in &e.failing {
        if !reported.can_fail.contains(a) && !reported.holds.contains(a) {
            problems.push(format!("assertion #{} can fail but is not reported", a.0));
        }
    }
    // Every test replays and follows a feasible path.
    type Key = (Vec<(String, String)>, Outcome);
    let key_of_test = |t: &TestCase| -> Key {
        (
            t.trace
                .iter()
                .map(|s| (s.proc.clone(), s.label.clone()))
                .collect(),
            t.outcome.clone(),
        )
    };
    let mut enum_keys: Vec<Key> = e
        .paths
        .iter()
        .map(|p| {
            (
                p.trace.clone(),
                match p.end {
                    PathEnd::Returns => Outcome::Returns,
                    PathEnd::Fails(id) => Outcome::AssertionFails(id),
                },
            )
        })
        .collect();
    for t in &reported.tests {
        if let Err(err) = bicd::check::replay(program, entry, t) {
            problems.push(format!("test {} does not replay: {err}", t.id));
        }
        if !enum_keys.contains(&key_of_test(t)) {
            problems.push(format!(
                "test {} follows no feasible path of the enumeration",
                t.id
            ));
        }
    }
    if reported.path_mode {
        let mut test_keys: Vec<Key> = reported.tests.iter().map(key_of_test).collect();
        test_keys.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        enum_keys.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        if test_keys != enum_keys {
            problems.push(format!(
                "path mode gave {} tests, the enumeration {} feasible paths (or other paths)",
                test_keys.len(),
                enum_keys.len()
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}
