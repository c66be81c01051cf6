//! The programs of ../shared/examples built by hand (no front end), and
//! a helper to write test cases tersely.

use super::build::*;
use bicd::ir::testcase::{Choice, ChoiceKind, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{AssertId, BinOp, ProcId, Program};

/// assert.bpl: `div(x) returns (y)`; returns the program, the procedure and
/// the id of its assertion.
pub fn assert_bpl() -> (Program, ProcId, AssertId) {
    let mut b = ProgramBuilder::new();
    let p = b.add_proc("div", &["x"], &["y"], &[]);
    let (x, y) = (b.var(p, "x"), b.var(p, "y"));
    let (id, check) = b.assert(p, bin(BinOp::Neq, var(x), int(0)));
    b.body(
        p,
        vec![
            ("start", vec![check], vec!["pos", "neg"]),
            (
                "pos",
                vec![
                    assume(bin(BinOp::Gt, var(x), int(0))),
                    assign(y, bin(BinOp::Div, int(100), var(x))),
                ],
                vec![],
            ),
            (
                "neg",
                vec![
                    assume(bin(BinOp::Lt, var(x), int(0))),
                    assign(y, bin(BinOp::Div, neg(int(100)), var(x))),
                ],
                vec![],
            ),
        ],
    );
    (b.program, p, id)
}

/// paper-section6(-boogie).bpl: foo(a, b) returns (c); bar(x) returns (z).
pub fn section6_bpl() -> (Program, ProcId, ProcId) {
    let mut b = ProgramBuilder::new();
    let foo_id = b.add_proc("foo", &["a", "b"], &["c"], &[]);
    let (a, bb, c) = (b.var(foo_id, "a"), b.var(foo_id, "b"), b.var(foo_id, "c"));
    b.body(
        foo_id,
        vec![
            ("l1", vec![], vec!["l2", "l3"]),
            (
                "l2",
                vec![
                    assume(bin(BinOp::Gt, var(bb), int(0))),
                    assign(c, bin(BinOp::Add, var(a), int(1))),
                ],
                vec!["l4"],
            ),
            (
                "l3",
                vec![
                    assume(bin(BinOp::Le, var(bb), int(0))),
                    assign(c, bin(BinOp::Sub, var(a), int(1))),
                ],
                vec!["l4"],
            ),
            ("l4", vec![], vec![]),
        ],
    );
    let bar = b.add_proc("bar", &["x"], &["z"], &[]);
    let (x, z) = (b.var(bar, "x"), b.var(bar, "z"));
    b.body(
        bar,
        vec![("l1", vec![call(foo_id, vec![var(x), int(1)], &[z])], vec![])],
    );
    (b.program, foo_id, bar)
}

/// unwind.bpl: count(n) returns (i).
pub fn unwind_bpl() -> (Program, ProcId) {
    let mut b = ProgramBuilder::new();
    let p = b.add_proc("count", &["n"], &["i"], &[]);
    let (n, i) = (b.var(p, "n"), b.var(p, "i"));
    b.body(
        p,
        vec![
            ("entry", vec![assign(i, int(0))], vec!["head"]),
            ("head", vec![], vec!["body", "exit"]),
            (
                "body",
                vec![
                    assume(bin(BinOp::Lt, var(i), var(n))),
                    assign(i, bin(BinOp::Add, var(i), int(1))),
                ],
                vec!["head"],
            ),
            (
                "exit",
                vec![assume(not(bin(BinOp::Lt, var(i), var(n))))],
                vec!["check"],
            ),
            ("check", vec![], vec!["done", "other"]),
            ("done", vec![assume(bin(BinOp::Eq, var(i), int(3)))], vec![]),
            (
                "other",
                vec![assume(bin(BinOp::Neq, var(i), int(3)))],
                vec![],
            ),
        ],
    );
    (b.program, p)
}

/// havoc, body-less calls (outputs then modified globals, ensures assumed),
/// requires/ensures checks and `old`.
pub fn contracts_bpl() -> (Program, ProcId, ProcId, AssertId, AssertId) {
    let mut b = ProgramBuilder::new();
    let g = b.global("g");
    // procedure ext(a: int) returns (r: int); requires a >= 0; modifies g;
    //   ensures r > a; ensures g == old(g) + 1;
    let ext = b.add_proc("ext", &["a"], &["r"], &[]);
    let a = b.var(ext, "a");
    let r = b.var(ext, "r");
    let req = b.requires(ext, bin(BinOp::Ge, var(a), int(0)), false);
    b.modifies(ext, g);
    b.ensures(ext, bin(BinOp::Gt, var(r), var(a)), false);
    b.ensures(
        ext,
        bin(BinOp::Eq, var(g), bin(BinOp::Add, old(var(g)), int(1))),
        false,
    );
    // procedure main(x: int) returns (y: int) ensures y > old(g); { var t: int;
    //   start: havoc t; call y := ext(x + t); assert y != 10; }
    let main = b.add_proc("main", &["x"], &["y"], &["t"]);
    let (x, y, t) = (b.var(main, "x"), b.var(main, "y"), b.var(main, "t"));
    let ens = b.ensures(main, bin(BinOp::Gt, var(y), old(var(g))), false);
    let (_, check) = b.assert(main, bin(BinOp::Neq, var(y), int(10)));
    b.body(
        main,
        vec![(
            "start",
            vec![
                havoc(&[t]),
                call(ext, vec![bin(BinOp::Add, var(x), var(t))], &[y]),
                check,
            ],
            vec![],
        )],
    );
    (b.program, main, ext, req, ens)
}

/// A test case: inputs, choices `(kind, proc, var, value)`, trace
/// `(proc, label)`, outcome.
pub fn test_case(
    entry: &str,
    inputs: &[(&str, i64)],
    choices: &[(ChoiceKind, &str, &str, i64)],
    trace: &[(&str, &str)],
    outcome: Outcome,
) -> TestCase {
    TestCase {
        id: 1,
        functions: Vec::new(),
        entry: entry.to_string(),
        inputs: inputs
            .iter()
            .map(|(n, v)| (n.to_string(), Value::Int((*v).into())))
            .collect(),
        choices: choices
            .iter()
            .map(|(kind, proc, var, value)| Choice {
                kind: *kind,
                proc: proc.to_string(),
                var: var.to_string(),
                value: Value::Int((*value).into()),
                line: 1,
            })
            .collect(),
        trace: trace
            .iter()
            .map(|(p, l)| TraceStep {
                proc: p.to_string(),
                label: l.to_string(),
            })
            .collect(),
        outcome,
    }
}
