//! The independent enumerator, run on ../shared/examples/*.bpl as the
//! front end reads them, gives the answers stated in the files' comments;
//! every feasible path's model test replays on the interpreter.

use crate::support;
use crate::support::enumerate::{enumerate, Enumeration, PathEnd};
use crate::support::load::program_from_file;
use bicd::ir::{AssertKind, Program};
use std::collections::BTreeSet;

fn run(program: &Program, proc: &str, k: usize) -> Enumeration {
    let p = program.proc_by_name(proc).unwrap();
    let e = enumerate(program, p, k).unwrap();
    for path in &e.paths {
        if let Err(err) = bicd::check::replay(program, p, &path.test) {
            panic!("{err}\n{:#?}", path.test);
        }
    }
    e
}

fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|s| s.to_string()).collect()
}

#[test]
fn assert_bpl() {
    let Some(examples) = support::shared("examples") else {
        return;
    };
    // One test shows the assertion failing (x = 0); the code after it is
    // live where it holds.
    let program = program_from_file(&examples.join("assert.bpl"));
    let e = run(&program, "div", 3);
    assert!(e.unreached_in(&program, "div").is_empty());
    assert_eq!(e.failing.len(), 1);
    let id = *e.failing.iter().next().unwrap();
    assert_eq!(program.asserts[id.0].kind, AssertKind::Assert);
    let fail = e
        .paths
        .iter()
        .find(|p| p.end == PathEnd::Fails(id))
        .unwrap();
    assert_eq!(
        fail.test.inputs["x"],
        bicd::ir::testcase::Value::Int(0.into())
    );
    assert_eq!((e.returns(), e.failures()), (2, 1));
}

#[test]
fn paper_section6_both_syntaxes() {
    let Some(examples) = support::shared("examples") else {
        return;
    };
    // bar covers foo's l2 (b is 1) and shows foo's l3 infeasible inside bar;
    // foo on its own has no infeasible block.
    for file in ["paper-section6.bpl", "paper-section6-boogie.bpl"] {
        let program = program_from_file(&examples.join(file));
        let foo = run(&program, "foo", 3);
        assert!(foo.unreached_in(&program, "foo").is_empty(), "{file}");
        assert_eq!(foo.returns(), 2);
        let bar = run(&program, "bar", 3);
        assert!(bar.unreached_in(&program, "bar").is_empty(), "{file}");
        assert_eq!(bar.unreached_in(&program, "foo"), set(&["l3"]), "{file}");
        assert_eq!(bar.returns(), 1);
    }
}

#[test]
fn unwind_bpl() {
    let Some(examples) = support::shared("examples") else {
        return;
    };
    // With --unwind 2 `done` is not covered; with 3 it is, by n = 3.
    let program = program_from_file(&examples.join("unwind.bpl"));
    let e2 = run(&program, "count", 2);
    assert_eq!(e2.unreached_in(&program, "count"), set(&["done"]));
    let e3 = run(&program, "count", 3);
    assert!(e3.unreached_in(&program, "count").is_empty());
    let done = e3
        .paths
        .iter()
        .find(|p| p.trace.last().is_some_and(|(_, l)| l == "done"))
        .unwrap();
    assert_eq!(
        done.test.inputs["n"],
        bicd::ir::testcase::Value::Int(3.into())
    );
}

#[test]
fn every_example_enumerates_and_replays() {
    let Some(examples) = support::shared("examples") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "bpl"))
        .collect();
    files.sort();
    assert!(files.len() >= 4);
    for f in files {
        let program = program_from_file(&f);
        for p in &program.procedures {
            if p.body.is_some() {
                let e = run(&program, &p.name, 3);
                assert!(!e.paths.is_empty(), "{}: {}", f.display(), p.name);
            }
        }
    }
}
