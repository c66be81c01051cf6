//! Unit tests of the interpreter (`bicd::check::replay`) on hand-built
//! programs and hand-written test cases: good tests replay, and every kind
//! of lie (wrong trace, wrong choice, wrong outcome, bogus input) is caught.

use crate::support::build::*;
use crate::support::handmade::*;
use bicd::check::replay;
use bicd::ir::testcase::{ChoiceKind, Outcome};
use bicd::ir::{AssertId, BinOp};

#[test]
fn assert_fails_for_zero() {
    let (program, p, id) = assert_bpl();
    let t = test_case(
        "div",
        &[("x", 0)],
        &[],
        &[("div", "start")],
        Outcome::AssertionFails(id),
    );
    replay(&program, p, &t).unwrap();
}

#[test]
fn positive_input_goes_start_pos() {
    let (program, p, _) = assert_bpl();
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "pos")],
        Outcome::Returns,
    );
    replay(&program, p, &t).unwrap();
    let t = test_case(
        "div",
        &[("x", -7)],
        &[],
        &[("div", "start"), ("div", "neg")],
        Outcome::Returns,
    );
    replay(&program, p, &t).unwrap();
}

#[test]
fn wrong_branch_is_rejected() {
    let (program, p, _) = assert_bpl();
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "neg")],
        Outcome::Returns,
    );
    let e = replay(&program, p, &t).unwrap_err();
    assert!(e.message.contains("assume"), "{e}");
    assert_eq!(e.block, "neg");
    assert_eq!(e.step, Some(1));
}

#[test]
fn trace_must_name_a_goto_target_and_not_stop_early() {
    let (program, p, _) = assert_bpl();
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "start")],
        Outcome::Returns,
    );
    let e = replay(&program, p, &t).unwrap_err();
    assert!(e.message.contains("not a target"), "{e}");
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start")],
        Outcome::Returns,
    );
    let e = replay(&program, p, &t).unwrap_err();
    assert!(e.message.contains("trace ends"), "{e}");
    let t = test_case("div", &[("x", 5)], &[], &[("div", "pos")], Outcome::Returns);
    assert!(replay(&program, p, &t).is_err());
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "pos"), ("div", "neg")],
        Outcome::Returns,
    );
    let e = replay(&program, p, &t).unwrap_err();
    assert!(e.message.contains("left over"), "{e}");
}

#[test]
fn outcome_must_match() {
    let (program, p, id) = assert_bpl();
    // The assertion holds for 5; the test claims it fails.
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "pos")],
        Outcome::AssertionFails(id),
    );
    assert!(replay(&program, p, &t).is_err());
    // The assertion fails for 0; the test claims the run returns.
    let t = test_case(
        "div",
        &[("x", 0)],
        &[],
        &[("div", "start")],
        Outcome::Returns,
    );
    assert!(replay(&program, p, &t).is_err());
    // Another assertion id.
    let t = test_case(
        "div",
        &[("x", 0)],
        &[],
        &[("div", "start")],
        Outcome::AssertionFails(AssertId(7)),
    );
    assert!(replay(&program, p, &t).is_err());
}

#[test]
fn missing_or_unknown_inputs_are_errors() {
    let (program, p, _) = assert_bpl();
    let t = test_case(
        "div",
        &[],
        &[],
        &[("div", "start"), ("div", "pos")],
        Outcome::Returns,
    );
    let e = replay(&program, p, &t).unwrap_err();
    assert!(e.message.contains("before it has a value"), "{e}");
    let t = test_case(
        "div",
        &[("x", 1), ("w", 2)],
        &[],
        &[("div", "start"), ("div", "pos")],
        Outcome::Returns,
    );
    assert!(replay(&program, p, &t).is_err());
    let t = test_case(
        "other",
        &[("x", 1)],
        &[],
        &[("div", "start"), ("div", "pos")],
        Outcome::Returns,
    );
    assert!(replay(&program, p, &t).is_err());
}

#[test]
fn calls_run_the_callee_body() {
    let (program, _foo, bar) = section6_bpl();
    let good = test_case(
        "bar",
        &[("x", 4)],
        &[],
        &[("bar", "l1"), ("foo", "l1"), ("foo", "l2"), ("foo", "l4")],
        Outcome::Returns,
    );
    replay(&program, bar, &good).unwrap();
    // b is 1 inside foo: l3 is not possible.
    let bad = test_case(
        "bar",
        &[("x", 4)],
        &[],
        &[("bar", "l1"), ("foo", "l1"), ("foo", "l3"), ("foo", "l4")],
        Outcome::Returns,
    );
    let e = replay(&program, bar, &bad).unwrap_err();
    assert_eq!((e.proc.as_str(), e.block.as_str()), ("foo", "l3"));
    // The callee's blocks must be in the trace.
    let skipped = test_case("bar", &[("x", 4)], &[], &[("bar", "l1")], Outcome::Returns);
    assert!(replay(&program, bar, &skipped).is_err());
}

#[test]
fn loops_run_as_written() {
    let (program, p) = unwind_bpl();
    let mut trace = vec![("count", "entry"), ("count", "head")];
    for _ in 0..3 {
        trace.push(("count", "body"));
        trace.push(("count", "head"));
    }
    trace.extend([("count", "exit"), ("count", "check"), ("count", "done")]);
    let t = test_case("count", &[("n", 3)], &[], &trace, Outcome::Returns);
    replay(&program, p, &t).unwrap();
    // One iteration too few: exit's assume fails.
    let mut short = vec![("count", "entry"), ("count", "head")];
    for _ in 0..2 {
        short.push(("count", "body"));
        short.push(("count", "head"));
    }
    short.extend([("count", "exit"), ("count", "check"), ("count", "done")]);
    let t = test_case("count", &[("n", 3)], &[], &short, Outcome::Returns);
    let e = replay(&program, p, &t).unwrap_err();
    assert_eq!(e.block, "exit");
}

#[test]
fn havoc_and_bodyless_calls_take_choices_in_order() {
    let (program, main, _ext, req, ens) = contracts_bpl();
    let trace = &[("main", "start")];
    let good = test_case(
        "main",
        &[("x", 1), ("g", 5)],
        &[
            (ChoiceKind::Havoc, "main", "t", 2),
            (ChoiceKind::CallOutput, "ext", "r", 20),
            (ChoiceKind::CallOutput, "ext", "g", 6),
        ],
        trace,
        Outcome::Returns,
    );
    replay(&program, main, &good).unwrap();

    // Wrong order of the call outputs.
    let mut swapped = good.clone();
    swapped.choices.swap(1, 2);
    let e = replay(&program, main, &swapped).unwrap_err();
    assert!(e.message.contains("choice 2"), "{e}");

    // The ensures of ext do not hold for r = 3 (a = 3).
    let mut bad_ensures = good.clone();
    bad_ensures.choices[1].value = bicd::ir::testcase::Value::Int(3.into());
    assert!(replay(&program, main, &bad_ensures).is_err());

    // Choices left over.
    let mut extra = good.clone();
    extra.choices.push(good.choices[0].clone());
    assert!(replay(&program, main, &extra).is_err());

    // Missing choice.
    let mut missing = good.clone();
    missing.choices.pop();
    assert!(replay(&program, main, &missing).is_err());

    // ext's requires fails when x + t < 0: the run ends at the call.
    let fails_req = test_case(
        "main",
        &[("x", -5), ("g", 0)],
        &[(ChoiceKind::Havoc, "main", "t", 2)],
        trace,
        Outcome::AssertionFails(req),
    );
    replay(&program, main, &fails_req).unwrap();

    // y = 7 <= old(g) = 7... the entry's ensures fails at the exit.
    let fails_ens = test_case(
        "main",
        &[("x", 1), ("g", 7)],
        &[
            (ChoiceKind::Havoc, "main", "t", 1),
            (ChoiceKind::CallOutput, "ext", "r", 7),
            (ChoiceKind::CallOutput, "ext", "g", 8),
        ],
        trace,
        Outcome::AssertionFails(ens),
    );
    replay(&program, main, &fails_ens).unwrap();
}

#[test]
fn callee_uninitialized_locals_come_from_choices() {
    let mut b = ProgramBuilder::new();
    // procedure f() returns (r: int) { var u: int; l: r := u + 1; }
    let f = b.add_proc("f", &[], &["r"], &["u"]);
    let (r, u) = (b.var(f, "r"), b.var(f, "u"));
    b.body(
        f,
        vec![(
            "l",
            vec![assign(r, bin(BinOp::Add, var(u), int(1)))],
            vec![],
        )],
    );
    let m = b.add_proc("m", &[], &["z"], &[]);
    let z = b.var(m, "z");
    b.body(
        m,
        vec![(
            "s",
            vec![
                call(f, vec![], &[z]),
                assume(bin(BinOp::Eq, var(z), int(42))),
            ],
            vec![],
        )],
    );
    let program = b.program;
    let good = test_case(
        "m",
        &[],
        &[(ChoiceKind::Uninitialized, "f", "u", 41)],
        &[("m", "s"), ("f", "l")],
        Outcome::Returns,
    );
    replay(&program, m, &good).unwrap();
    let wrong_value = test_case(
        "m",
        &[],
        &[(ChoiceKind::Uninitialized, "f", "u", 40)],
        &[("m", "s"), ("f", "l")],
        Outcome::Returns,
    );
    let e = replay(&program, m, &wrong_value).unwrap_err();
    assert_eq!(e.block, "s");
    let none = test_case("m", &[], &[], &[("m", "s"), ("f", "l")], Outcome::Returns);
    let e = replay(&program, m, &none).unwrap_err();
    assert!(e.message.contains("before it has a value"), "{e}");
}

#[test]
fn runaway_recursion_is_an_error_not_a_hang() {
    let mut b = ProgramBuilder::new();
    let f = b.add_proc("f", &[], &[], &[]);
    b.body(f, vec![("l", vec![call(f, vec![], &[])], vec![])]);
    let program = b.program;
    let trace: Vec<(&str, &str)> = std::iter::repeat_n(("f", "l"), 5000).collect();
    let t = test_case("f", &[], &[], &trace, Outcome::Returns);
    let e = replay(&program, f, &t).unwrap_err();
    assert!(e.message.contains("call depth"), "{e}");
}

/// f(n) reads its local u only in the base case: whether an `Uninitialized`
/// choice for f's u belongs to the outer or the inner call is found out.
#[test]
fn uninitialized_choices_of_recursive_calls() {
    let mut b = ProgramBuilder::new();
    let f = b.add_proc("f", &["n"], &["r"], &["u"]);
    let (n, r, u) = (b.var(f, "n"), b.var(f, "r"), b.var(f, "u"));
    b.body(
        f,
        vec![
            ("l", vec![], vec!["a", "b"]),
            (
                "a",
                vec![
                    assume(bin(BinOp::Gt, var(n), int(0))),
                    assign(u, int(1)),
                    call(f, vec![bin(BinOp::Sub, var(n), int(1))], &[r]),
                ],
                vec![],
            ),
            (
                "b",
                vec![assume(bin(BinOp::Le, var(n), int(0))), assign(r, var(u))],
                vec![],
            ),
        ],
    );
    let m = b.add_proc("m", &[], &["z"], &[]);
    let z = b.var(m, "z");
    b.body(
        m,
        vec![(
            "s",
            vec![
                call(f, vec![int(1)], &[z]),
                assume(bin(BinOp::Eq, var(z), int(7))),
            ],
            vec![],
        )],
    );
    let program = b.program;
    let trace = [("m", "s"), ("f", "l"), ("f", "a"), ("f", "l"), ("f", "b")];
    // Only the inner call reads u.
    let t = test_case(
        "m",
        &[],
        &[(ChoiceKind::Uninitialized, "f", "u", 7)],
        &trace,
        Outcome::Returns,
    );
    replay(&program, m, &t).unwrap();
    // Both calls choose u.
    let t = test_case(
        "m",
        &[],
        &[
            (ChoiceKind::Uninitialized, "f", "u", 1),
            (ChoiceKind::Uninitialized, "f", "u", 7),
        ],
        &trace,
        Outcome::Returns,
    );
    replay(&program, m, &t).unwrap();
    // A wrong value is still wrong, whatever the reading.
    let t = test_case(
        "m",
        &[],
        &[(ChoiceKind::Uninitialized, "f", "u", 8)],
        &trace,
        Outcome::Returns,
    );
    assert!(replay(&program, m, &t).is_err());
}
