//! The independent path enumerator (tests/support/enumerate.rs) gives the
//! answers stated in the comments of ../shared/examples/*.bpl, on
//! hand-built copies of those programs, and on a few programs of our own.

use crate::support;

use crate::support::build::*;
use crate::support::enumerate::{enumerate, Enumeration, PathEnd};
use crate::support::handmade::*;
use bicd::ir::{BinOp, ProcId, Program};
use std::collections::BTreeSet;

/// Every path's model test replays on the interpreter (a cross-check of
/// both: they share no code).
fn replays(program: &Program, entry: ProcId, e: &Enumeration) {
    for path in &e.paths {
        if let Err(err) = bicd::check::replay(program, entry, &path.test) {
            panic!("{err}\n{:#?}", path.test);
        }
    }
}

fn labels(set: &BTreeSet<(String, String)>) -> Vec<String> {
    set.iter().map(|(p, l)| format!("{p}::{l}")).collect()
}

#[test]
fn assert_example() {
    let (program, p, id) = assert_bpl();
    let e = enumerate(&program, p, 3).unwrap();
    replays(&program, p, &e);
    assert_eq!(labels(&e.reached), ["div::neg", "div::pos", "div::start"]);
    assert_eq!(e.returns(), 2);
    assert_eq!(e.failures(), 1);
    assert_eq!(e.failing, BTreeSet::from([id]));
    let fail = e
        .paths
        .iter()
        .find(|p| p.end == PathEnd::Fails(id))
        .unwrap();
    assert_eq!(fail.trace, vec![("div".to_string(), "start".to_string())]);
}

#[test]
fn section6_example() {
    let (program, foo, bar) = section6_bpl();
    let e = enumerate(&program, foo, 3).unwrap();
    replays(&program, foo, &e);
    assert!(e.unreached_in(&program, "foo").is_empty());
    assert_eq!((e.returns(), e.failures()), (2, 0));
    let e = enumerate(&program, bar, 3).unwrap();
    replays(&program, bar, &e);
    assert_eq!(
        labels(&e.reached),
        ["bar::l1", "foo::l1", "foo::l2", "foo::l4"]
    );
    assert_eq!((e.returns(), e.failures()), (1, 0));
}

#[test]
fn unwind_example() {
    let (program, p) = unwind_bpl();
    let e2 = enumerate(&program, p, 2).unwrap();
    replays(&program, p, &e2);
    assert_eq!(
        e2.unreached_in(&program, "count"),
        BTreeSet::from(["done".to_string()])
    );
    // n <= 0, 1, 2 iterations, each then `other`.
    assert_eq!(e2.returns(), 3);
    let e3 = enumerate(&program, p, 3).unwrap();
    replays(&program, p, &e3);
    assert!(e3.unreached_in(&program, "count").is_empty());
    // 0, 1, 2 iterations then `other`; 3 iterations then `done`.
    assert_eq!(e3.returns(), 4);
}

/// Contradictory assumes and an assertion after a join.
fn infeasible_program() -> (Program, ProcId) {
    let mut b = ProgramBuilder::new();
    let p = b.add_proc("p", &["x", "y"], &[], &["t"]);
    let (x, y, t) = (b.var(p, "x"), b.var(p, "y"), b.var(p, "t"));
    let (_, check) = b.assert(p, bin(BinOp::Neq, var(t), int(5)));
    b.body(
        p,
        vec![
            (
                "a",
                vec![assign(t, bin(BinOp::Add, var(x), var(y)))],
                vec!["b", "c"],
            ),
            (
                "b",
                vec![assume(bin(BinOp::Gt, var(x), int(2)))],
                vec!["d", "e"],
            ),
            (
                "c",
                vec![assume(bin(BinOp::Le, var(x), int(2))), assign(t, int(0))],
                vec!["e"],
            ),
            (
                "d",
                vec![
                    assume(bin(BinOp::Lt, var(t), var(x))),
                    assume(bin(BinOp::Gt, var(y), int(0))),
                ],
                vec!["f"],
            ),
            ("e", vec![check], vec!["f"]),
            ("f", vec![], vec![]),
        ],
    );
    (b.program, p)
}

#[test]
fn contradictory_assumes() {
    let (program, p) = infeasible_program();
    let e = enumerate(&program, p, 3).unwrap();
    replays(&program, p, &e);
    assert_eq!(
        e.unreached_in(&program, "p"),
        BTreeSet::from(["d".to_string()])
    );
    assert_eq!((e.returns(), e.failures()), (2, 1));
    assert_eq!(e.failing.len(), 1);
}

#[test]
fn contracts_havoc_and_bodyless_calls() {
    let (program, main, _ext, req, ens) = contracts_bpl();
    let e = enumerate(&program, main, 3).unwrap();
    replays(&program, main, &e);
    assert_eq!(e.failing.len(), 3);
    assert!(e.failing.contains(&req) && e.failing.contains(&ens));
    assert_eq!((e.returns(), e.failures()), (1, 3));
    assert_eq!(labels(&e.reached), ["main::start"]);
    let ret = e.paths.iter().find(|p| p.end == PathEnd::Returns).unwrap();
    let kinds: Vec<_> = ret
        .test
        .choices
        .iter()
        .map(|c| (c.proc.as_str(), c.var.as_str()))
        .collect();
    assert_eq!(kinds, [("main", "t"), ("ext", "r"), ("ext", "g")]);
}

/// f(n) counts down recursively; m calls f(2), which needs three active
/// frames of f.
fn recursive_program() -> (Program, ProcId) {
    let mut b = ProgramBuilder::new();
    let f = b.add_proc("f", &["n"], &["r"], &[]);
    let (n, r) = (b.var(f, "n"), b.var(f, "r"));
    b.body(
        f,
        vec![
            ("l", vec![], vec!["base", "rec"]),
            (
                "base",
                vec![assume(bin(BinOp::Le, var(n), int(0))), assign(r, int(0))],
                vec![],
            ),
            (
                "rec",
                vec![
                    assume(bin(BinOp::Gt, var(n), int(0))),
                    call(f, vec![bin(BinOp::Sub, var(n), int(1))], &[r]),
                    assign(r, bin(BinOp::Add, var(r), int(1))),
                ],
                vec![],
            ),
        ],
    );
    let m = b.add_proc("m", &[], &["z"], &[]);
    let z = b.var(m, "z");
    b.body(
        m,
        vec![
            ("s", vec![call(f, vec![int(2)], &[z])], vec!["yes", "no"]),
            ("yes", vec![assume(bin(BinOp::Eq, var(z), int(2)))], vec![]),
            ("no", vec![assume(bin(BinOp::Neq, var(z), int(2)))], vec![]),
        ],
    );
    (b.program, m)
}

#[test]
fn recursion_is_bounded() {
    let (program, m) = recursive_program();
    let e = enumerate(&program, m, 3).unwrap();
    replays(&program, m, &e);
    assert_eq!(
        e.unreached_in(&program, "m"),
        BTreeSet::from(["no".to_string()])
    );
    assert_eq!(e.returns(), 1);
    assert_eq!(e.paths[0].trace.len(), 1 + 3 + 3 + 1);
    // f(2) makes two nested recursive calls: K = 1 cuts the second.
    let e = enumerate(&program, m, 1).unwrap();
    replays(&program, m, &e);
    assert_eq!(e.unreached_in(&program, "m").len(), 3);
    assert!(e.paths.is_empty());
}

/// The agreement check itself catches wrong verdicts and bogus tests.
#[test]
fn agreement_check_catches_disagreements() {
    use support::agree::{check_agreement, Reported};
    let (program, p, id) = assert_bpl();
    let key = |l: &str| ("div".to_string(), l.to_string());
    let e = enumerate(&program, p, 3).unwrap();
    let good = Reported {
        covered: [key("start"), key("pos"), key("neg")].into(),
        can_fail: [id].into(),
        tests: e.paths.iter().map(|p| p.test.clone()).collect(),
        path_mode: true,
        ..Default::default()
    };
    check_agreement(&program, p, 3, &good).unwrap();
    let mut wrong = good.clone();
    wrong.covered.remove(&key("neg"));
    wrong.infeasible.insert(key("neg"));
    assert!(check_agreement(&program, p, 3, &wrong).is_err());
    let mut wrong = good.clone();
    wrong.can_fail.clear();
    wrong.holds.insert(id);
    assert!(check_agreement(&program, p, 3, &wrong).is_err());
    let mut wrong = good.clone();
    wrong.tests.pop();
    assert!(check_agreement(&program, p, 3, &wrong).is_err());
    wrong.path_mode = false;
    check_agreement(&program, p, 3, &wrong).unwrap();
    let mut wrong = good.clone();
    wrong.tests[0].trace.pop();
    assert!(check_agreement(&program, p, 3, &wrong).is_err());
}
