//! The back end on hand-built passive programs: reachability VC, the
//! solver driver and both cover loops, on every installed solver.
//!
//! Every test a cover loop returns is replayed here by an evaluator of its
//! own (not the VC printer): some path of the passive program must match
//! the test's trace and outcome, with every assumption true under the
//! test's inputs and choices.

use crate::support;
use bicd::back::cover::{
    self, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverResult, SearchMode,
};
use bicd::back::solver::{SatAnswer, Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::ir::passive::{
    BlockKey, BlockRole, ChoicePoint, PassiveBlock, PassiveProgram, SsaId, SsaRole, SsaVar,
};
use bicd::ir::testcase::{ChoiceKind, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{AssertId, BinOp, Expr, ExprKind, ProcId, Type, UnOp};
use bicd::source::{FileId, SourceMap, Span};
use num_bigint::BigInt;
use petgraph::graph::NodeIndex;
use std::collections::HashMap;

// ----- building passive programs ------------------------------------------

type E = Expr<SsaId>;

fn sp() -> Span {
    Span::default()
}
fn int(n: i64) -> E {
    Expr::new(ExprKind::Int(BigInt::from(n)), Type::Int, sp())
}
fn tt() -> E {
    Expr::bool(true, sp())
}
fn ff() -> E {
    Expr::bool(false, sp())
}
fn bin(op: BinOp, a: E, b: E) -> E {
    let ty = match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod => Type::Int,
        _ => Type::Bool,
    };
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, sp())
}
fn not(a: E) -> E {
    Expr::not(a)
}
fn neg(a: E) -> E {
    Expr::new(ExprKind::Unary(UnOp::Neg, Box::new(a)), Type::Int, sp())
}

struct Builder {
    prog: PassiveProgram,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            prog: PassiveProgram {
                entry: ProcId(0),
                vars: Vec::new(),
                blocks: Vec::new(),
            },
        }
    }

    fn input(&mut self, name: &str, ty: Type) -> E {
        self.var(name, ty, SsaRole::Input { name: name.into() })
    }

    fn choice_var(&mut self, name: &str, ty: Type) -> E {
        self.var(name, ty, SsaRole::Choice)
    }

    fn var(&mut self, name: &str, ty: Type, role: SsaRole) -> E {
        let id = SsaId(self.prog.vars.len());
        self.prog.vars.push(SsaVar {
            smt_name: format!("{name}@{}", id.0),
            ty: ty.clone(),
            role,
        });
        Expr::new(ExprKind::Var(id), ty, sp())
    }

    /// A piece that ends original block `n` of procedure 0, labelled `l{n}`.
    fn code(&mut self, n: usize, assumes: Vec<E>, succs: Vec<usize>) -> usize {
        self.push(
            assumes,
            succs,
            BlockRole::Code {
                key: key(n),
                ends_block: true,
            },
            Some(format!("l{n}")),
        )
    }

    fn assert_fail(&mut self, id: usize, assumes: Vec<E>) -> usize {
        self.push(assumes, vec![], BlockRole::AssertFail(AssertId(id)), None)
    }

    fn synthetic(&mut self, assumes: Vec<E>, succs: Vec<usize>) -> usize {
        self.push(assumes, succs, BlockRole::Synthetic, None)
    }

    fn push(
        &mut self,
        assumes: Vec<E>,
        succs: Vec<usize>,
        role: BlockRole,
        label: Option<String>,
    ) -> usize {
        self.prog.blocks.push(PassiveBlock {
            assumes,
            succs,
            preds: Vec::new(),
            role,
            enters: label.map(|label| TraceStep {
                proc: "main".into(),
                label,
            }),
            choices: Vec::new(),
        });
        self.prog.blocks.len() - 1
    }

    fn choose(&mut self, block: usize, var: &E, name: &str, span: Span) {
        let ExprKind::Var(ssa) = var.kind else {
            panic!("not a variable")
        };
        self.prog.blocks[block].choices.push(ChoicePoint {
            kind: ChoiceKind::Havoc,
            proc: "main".into(),
            var: name.into(),
            ssa,
            span,
        });
    }

    fn finish(mut self) -> PassiveProgram {
        let n = self.prog.blocks.len();
        for b in 0..n {
            for s in self.prog.blocks[b].succs.clone() {
                self.prog.blocks[s].preds.push(b);
            }
        }
        self.prog
    }
}

fn key(n: usize) -> BlockKey {
    BlockKey {
        proc: ProcId(0),
        block: NodeIndex::new(n),
    }
}

fn sources() -> SourceMap {
    let mut sm = SourceMap::new();
    sm.add("t.bpl", "line one\nline two\nline three\n");
    sm
}

// ----- running ----------------------------------------------------------

fn run_with(
    solver: &mut Solver,
    prog: &PassiveProgram,
    mode: CoverMode,
    max_tests: Option<usize>,
) -> CoverResult {
    let vc = reachability_vc(prog);
    let r = cover::cover(
        prog,
        &vc,
        solver,
        mode,
        &CoverLimits {
            max_tests,
            // The solver's cover loops alone (the search is
            // `tests/back/search.rs`'s, and below
            // `the_search_covers_what_an_unknown_answering_solver_leaves`).
            search: SearchMode::Off,
            ..CoverLimits::default()
        },
        "main",
        &sources(),
    );
    for t in &r.tests {
        replay(prog, t).unwrap_or_else(|e| {
            panic!(
                "{}: test {} does not replay: {e}\n{t:?}",
                solver.kind(),
                t.id
            )
        });
    }
    for (i, t) in r.tests.iter().enumerate() {
        assert_eq!(t.id, i + 1);
        assert_eq!(t.entry, "main");
    }
    r
}

fn run(kind: SolverKind, prog: &PassiveProgram, mode: CoverMode) -> CoverResult {
    let mut solver = Solver::spawn(kind, Some(10_000)).expect("solver starts");
    let r = run_with(&mut solver, prog, mode, None);
    assert_eq!(r.error, None, "{kind}: {r:?}");
    r
}

fn both_modes(prog: &PassiveProgram, check: impl Fn(SolverKind, CoverMode, &CoverResult)) {
    for kind in support::installed_solvers() {
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            let r = run(kind, prog, mode);
            check(kind, mode, &r);
        }
    }
}

fn covered(r: &CoverResult, n: usize) -> bool {
    matches!(r.blocks.get(&key(n)), Some(BlockVerdict::Covered(ts)) if !ts.is_empty())
}

fn infeasible(r: &CoverResult, n: usize) -> bool {
    r.blocks.get(&key(n)) == Some(&BlockVerdict::Infeasible)
}

// ----- an independent replay ----------------------------------------------

thread_local! {
    /// The quotients by zero of the test being replayed (its `(div 0)` and
    /// `(mod 0)` points): Boogie leaves them open, the test says which.
    static QUOTIENTS_BY_ZERO: std::cell::RefCell<Vec<bicd::ir::testcase::FunctionPoint>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The test's value of `x div 0` (`op` Div) or `x mod 0` (Mod).
fn quotient_by_zero(op: BinOp, x: &BigInt) -> Result<Value, String> {
    let name = if op == BinOp::Div {
        "(div 0)"
    } else {
        "(mod 0)"
    };
    QUOTIENTS_BY_ZERO.with(|q| {
        q.borrow()
            .iter()
            .find(|p| p.function == name && p.args == [Value::Int(x.clone())])
            .map(|p| p.value.clone())
            .ok_or(format!("the test has no value for {x} {name}"))
    })
}

fn eval(e: &E, env: &HashMap<SsaId, Value>) -> Result<Value, String> {
    use Value::{Bool as B, Int as I};
    Ok(match &e.kind {
        ExprKind::Int(n) => I(n.clone()),
        ExprKind::Bool(b) => B(*b),
        ExprKind::Var(v) => env.get(v).cloned().ok_or(format!("no value for {v:?}"))?,
        ExprKind::Old(a) => eval(a, env)?,
        ExprKind::Unary(UnOp::Not, a) => match eval(a, env)? {
            B(b) => B(!b),
            _ => return Err("ill-typed".into()),
        },
        ExprKind::Unary(UnOp::Neg, a) => match eval(a, env)? {
            I(n) => I(-n),
            _ => return Err("ill-typed".into()),
        },
        ExprKind::Ite(c, a, b) => match eval(c, env)? {
            B(true) => eval(a, env)?,
            B(false) => eval(b, env)?,
            _ => return Err("ill-typed".into()),
        },
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            match (op, x, y) {
                (BinOp::Add, I(x), I(y)) => I(x + y),
                (BinOp::Sub, I(x), I(y)) => I(x - y),
                (BinOp::Mul, I(x), I(y)) => I(x * y),
                (op @ (BinOp::Div | BinOp::Mod), I(x), I(y)) if y == BigInt::from(0) => {
                    quotient_by_zero(*op, &x)?
                }
                (BinOp::Div, I(x), I(y)) => I(euclid(&x, &y).0),
                (BinOp::Mod, I(x), I(y)) => I(euclid(&x, &y).1),
                (BinOp::Eq | BinOp::Iff, x, y) => B(x == y),
                (BinOp::Neq, x, y) => B(x != y),
                (BinOp::Lt, I(x), I(y)) => B(x < y),
                (BinOp::Le, I(x), I(y)) => B(x <= y),
                (BinOp::Gt, I(x), I(y)) => B(x > y),
                (BinOp::Ge, I(x), I(y)) => B(x >= y),
                (BinOp::And, B(x), B(y)) => B(x && y),
                (BinOp::Or, B(x), B(y)) => B(x || y),
                (BinOp::Implies, B(x), B(y)) => B(!x || y),
                _ => return Err("ill-typed".into()),
            }
        }
        _ => return Err("this checker reads core expressions only".into()),
    })
}

/// Euclidean division by a non-zero `y`, by a search that does not share
/// code with the crate.
fn euclid(x: &BigInt, y: &BigInt) -> (BigInt, BigInt) {
    let zero = BigInt::from(0);
    let ay = if *y < zero { -y.clone() } else { y.clone() };
    // r = x - q*y with 0 <= r < |y|
    let mut r = x % &ay;
    if r < zero {
        r += &ay;
    }
    let q = (x - &r) / y;
    (q, r)
}

/// Some path of `prog` runs as `t` says: trace, outcome, choices, and every
/// assumption true.
fn replay(prog: &PassiveProgram, t: &TestCase) -> Result<(), String> {
    QUOTIENTS_BY_ZERO.with(|q| *q.borrow_mut() = t.functions.clone());
    let mut env = HashMap::new();
    for (i, v) in prog.vars.iter().enumerate() {
        if let SsaRole::Input { name } = &v.role {
            let val = t.inputs.get(name).ok_or(format!("input {name} missing"))?;
            env.insert(SsaId(i), val.clone());
        }
    }
    fn walk(
        prog: &PassiveProgram,
        t: &TestCase,
        b: usize,
        step: usize,
        choice: usize,
        env: &mut HashMap<SsaId, Value>,
    ) -> bool {
        let block = &prog.blocks[b];
        let mut step = step;
        if let Some(s) = &block.enters {
            if t.trace.get(step) != Some(s) {
                return false;
            }
            step += 1;
        }
        let mut choice = choice;
        for c in &block.choices {
            match t.choices.get(choice) {
                Some(tc) if tc.var == c.var => {
                    env.insert(c.ssa, tc.value.clone());
                }
                _ => return false,
            }
            choice += 1;
        }
        if !block
            .assumes
            .iter()
            .all(|a| eval(a, env) == Ok(Value::Bool(true)))
        {
            return false;
        }
        if block.succs.is_empty() {
            let outcome = match block.role {
                BlockRole::AssertFail(id) => Outcome::AssertionFails(id),
                _ => Outcome::Returns,
            };
            return step == t.trace.len() && choice == t.choices.len() && outcome == t.outcome;
        }
        block
            .succs
            .iter()
            .any(|&s| walk(prog, t, s, step, choice, env))
    }
    if walk(prog, t, 0, 0, 0, &mut env) {
        Ok(())
    } else {
        Err("no path of the program runs as the test says".into())
    }
}

// ----- programs -------------------------------------------------------------

/// l0 -> (l1: x > 0 | l2: x <= 0) -> l3
fn diamond() -> PassiveProgram {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    b.code(0, vec![], vec![1, 2]);
    b.code(1, vec![bin(BinOp::Gt, x.clone(), int(0))], vec![3]);
    b.code(2, vec![bin(BinOp::Le, x, int(0))], vec![3]);
    b.code(3, vec![], vec![]);
    b.finish()
}

#[test]
fn diamond_is_covered_in_both_modes() {
    let prog = diamond();
    both_modes(&prog, |kind, mode, r| {
        for n in 0..4 {
            assert!(covered(r, n), "{kind} {mode:?}: block {n}: {r:?}");
        }
        assert_eq!(r.tests.len(), 2, "{kind} {mode:?}");
        assert!(!r.partial);
        if mode == CoverMode::Statements {
            // 4 goals: at most 5 queries; here 2 sat models + 1 unsat at most.
            assert!(r.queries <= 3, "{kind}: {} queries", r.queries);
        } else {
            // One model per query, at least one new path per model.
            assert!(
                r.queries <= r.tests.len() + 1,
                "{kind}: {} queries",
                r.queries
            );
        }
    });
}

/// A dead branch: `assume x > 5 && x < 3`.
#[test]
fn contradictory_assumptions_are_infeasible() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    b.code(0, vec![], vec![1, 2]);
    b.code(
        1,
        vec![
            bin(BinOp::Gt, x.clone(), int(5)),
            bin(BinOp::Lt, x.clone(), int(3)),
        ],
        vec![3],
    );
    b.code(2, vec![], vec![3]);
    b.code(3, vec![], vec![]);
    let prog = b.finish();
    both_modes(&prog, |kind, mode, r| {
        assert!(infeasible(r, 1), "{kind} {mode:?}: {r:?}");
        for n in [0, 2, 3] {
            assert!(covered(r, n), "{kind} {mode:?}: {n}");
        }
        assert_eq!(r.tests.len(), 1);
    });
}

/// A block that runs but cannot terminate: its only successor is the
/// unwinding cut-off `assume false`. It is infeasible (design.md:
/// "a run may reach it and then block").
#[test]
fn block_without_terminating_continuation_is_infeasible() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    b.code(0, vec![], vec![1, 3]);
    b.code(1, vec![bin(BinOp::Gt, x.clone(), int(0))], vec![2]);
    b.synthetic(vec![ff()], vec![]);
    b.code(3, vec![], vec![]);
    let prog = b.finish();
    both_modes(&prog, |kind, mode, r| {
        assert!(infeasible(r, 1), "{kind} {mode:?}: {r:?}");
        assert!(covered(r, 0) && covered(r, 3));
        assert_eq!(r.blocks.len(), 3, "the synthetic block is no goal");
        assert_eq!(r.tests.len(), 1);
    });
}

/// `assert x > 0` split into a failing block and the continuation, and
/// `assume x > 10; assert x > 0` which holds.
#[test]
fn assertions_can_fail_or_hold() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let gt0 = bin(BinOp::Gt, x.clone(), int(0));
    // 0: goto 1, 4
    b.code(0, vec![], vec![1, 4]);
    // 1: first piece of block 1, then assert 0
    b.push(
        vec![],
        vec![2, 3],
        BlockRole::Code {
            key: key(1),
            ends_block: false,
        },
        Some("l1".into()),
    );
    b.assert_fail(0, vec![not(gt0.clone())]); // 2
    b.push(
        vec![gt0.clone()],
        vec![7],
        BlockRole::Code {
            key: key(1),
            ends_block: true,
        },
        None,
    ); // 3
       // 4: assume x > 10, then assert 1 (x > 0)
    b.push(
        vec![bin(BinOp::Gt, x.clone(), int(10))],
        vec![5, 6],
        BlockRole::Code {
            key: key(2),
            ends_block: false,
        },
        Some("l2".into()),
    );
    b.assert_fail(1, vec![not(gt0.clone())]); // 5
    b.push(
        vec![gt0],
        vec![7],
        BlockRole::Code {
            key: key(2),
            ends_block: true,
        },
        None,
    ); // 6
    b.code(3, vec![], vec![]); // 7
    let prog = b.finish();
    both_modes(&prog, |kind, mode, r| {
        let fails = match r.asserts.get(&AssertId(0)) {
            Some(AssertVerdict::CanFail(t)) => *t,
            other => panic!("{kind} {mode:?}: assert 0: {other:?}"),
        };
        assert_eq!(
            r.tests[fails - 1].outcome,
            Outcome::AssertionFails(AssertId(0))
        );
        assert_eq!(r.asserts.get(&AssertId(1)), Some(&AssertVerdict::Holds));
        for n in 0..4 {
            assert!(covered(r, n), "{kind} {mode:?}: block {n}");
        }
        if mode == CoverMode::Paths {
            assert_eq!(r.tests.len(), 3, "{kind}");
        }
    });
}

/// The program where blocking a path by its R literals loses a path: the
/// path to l1 is feasible under every valuation, the one to l2 needs x > 0.
/// A first model with x <= 0 must not hide l2.
#[test]
fn path_cover_finds_paths_feasible_only_under_other_valuations() {
    for variant in 0..3 {
        let mut b = Builder::new();
        let x = b.input("x", Type::Int);
        b.code(0, vec![], vec![1, 2, 3]);
        b.code(1, vec![], vec![]);
        // Different constants make some solvers pick x <= 0 first.
        let c = [0, 7, 1000][variant];
        b.code(2, vec![bin(BinOp::Gt, x.clone(), int(c))], vec![]);
        b.code(3, vec![bin(BinOp::Eq, x.clone(), int(c + 5))], vec![]);
        let prog = b.finish();
        for kind in support::installed_solvers() {
            let r = run(kind, &prog, CoverMode::Paths);
            assert_eq!(r.tests.len(), 3, "{kind} variant {variant}: {r:?}");
            for n in 0..4 {
                assert!(covered(&r, n), "{kind} {variant}: block {n}");
            }
        }
    }
}

/// A chain of `k` diamonds on independent inputs (2^k paths) or on the same
/// input (2 feasible paths).
fn diamond_chain(k: usize, independent: bool) -> PassiveProgram {
    let mut b = Builder::new();
    let shared = b.input("x", Type::Int);
    b.code(0, vec![], vec![1, 2]);
    for i in 0..k {
        let v = if independent {
            b.input(&format!("x{i}"), Type::Int)
        } else {
            shared.clone()
        };
        let base = 1 + 3 * i;
        let join = base + 2;
        b.code(
            base,
            vec![bin(BinOp::Gt, v.clone(), int(i as i64))],
            vec![join],
        );
        b.code(base + 1, vec![bin(BinOp::Le, v, int(i as i64))], vec![join]);
        let next = if i + 1 < k {
            vec![join + 1, join + 2]
        } else {
            vec![]
        };
        b.code(join, vec![], next);
    }
    b.finish()
}

#[test]
fn path_cover_finds_exactly_the_feasible_paths() {
    for kind in support::installed_solvers() {
        let r = run(kind, &diamond_chain(3, true), CoverMode::Paths);
        assert_eq!(r.tests.len(), 8, "{kind}");
        let mut traces: Vec<_> = r.tests.iter().map(|t| t.trace.clone()).collect();
        traces.sort();
        traces.dedup();
        assert_eq!(traces.len(), 8, "{kind}: paths repeat");
        let r = run(kind, &diamond_chain(3, false), CoverMode::Paths);
        // x > 0, x > 1, x > 2 are not independent: x <= 0 | 0 < x <= 1 |
        // 1 < x <= 2 | x > 2.
        assert_eq!(r.tests.len(), 4, "{kind}: {r:?}");
    }
}

/// Blocking clauses name only the edges that choose: a path through
/// blocks with one successor (before, between and after the choices) is
/// still found once and blocked, and a program with one path ends after
/// one test.
#[test]
fn path_cover_blocks_paths_through_blocks_that_do_not_choose() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    b.code(0, vec![], vec![1]);
    b.code(1, vec![], vec![2, 3]);
    b.code(2, vec![bin(BinOp::Gt, x.clone(), int(0))], vec![4]);
    b.code(3, vec![bin(BinOp::Le, x.clone(), int(0))], vec![4]);
    b.code(4, vec![], vec![5]);
    b.code(5, vec![], vec![6, 7]);
    b.code(6, vec![bin(BinOp::Gt, x.clone(), int(5))], vec![8]);
    b.code(7, vec![bin(BinOp::Le, x, int(5))], vec![8]);
    b.code(8, vec![], vec![]);
    let prog = b.finish();
    let mut line = Builder::new();
    line.code(0, vec![], vec![1]);
    line.code(1, vec![], vec![2]);
    line.code(2, vec![], vec![]);
    let line = line.finish();
    for kind in support::installed_solvers() {
        let r = run(kind, &prog, CoverMode::Paths);
        // x > 0 and x <= 5, x > 5, x <= 0: three of the four paths.
        assert_eq!(r.tests.len(), 3, "{kind}: {r:?}");
        let mut traces: Vec<_> = r.tests.iter().map(|t| t.trace.clone()).collect();
        traces.sort();
        traces.dedup();
        assert_eq!(traces.len(), 3, "{kind}: paths repeat");
        let r = run(kind, &line, CoverMode::Paths);
        assert_eq!(r.tests.len(), 1, "{kind}: {r:?}");
        assert!((0..3).all(|n| covered(&r, n)), "{kind}: {r:?}");
    }
}

#[test]
fn statement_cover_needs_at_most_one_query_per_goal_plus_one() {
    for kind in support::installed_solvers() {
        for independent in [true, false] {
            let prog = diamond_chain(4, independent);
            let r = run(kind, &prog, CoverMode::Statements);
            let goals = r.blocks.len() + r.asserts.len();
            assert!(r.queries <= goals + 1, "{kind}: {} queries", r.queries);
            for (k, v) in &r.blocks {
                assert!(matches!(v, BlockVerdict::Covered(_)), "{kind}: {k:?} {v:?}");
            }
            // Every sat answer covers some new goal.
            assert!(r.tests.len() <= goals, "{kind}: {} tests", r.tests.len());
        }
    }
}

#[test]
fn path_cover_stops_at_the_test_limit() {
    for kind in support::installed_solvers() {
        let mut solver = Solver::spawn(kind, None).unwrap();
        let r = run_with(
            &mut solver,
            &diamond_chain(4, true),
            CoverMode::Paths,
            Some(5),
        );
        assert_eq!(r.tests.len(), 5, "{kind}");
        assert!(r.partial);
        assert!(r
            .blocks
            .values()
            .all(|v| !matches!(v, BlockVerdict::Infeasible)));
    }
}

/// Choices and inputs: a havoc in a branch, negative and very large values.
#[test]
fn tests_record_inputs_and_choices() {
    let big = BigInt::parse_bytes(b"-123456789012345678901234567890", 10).unwrap();
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let flag = b.input("flag", Type::Bool);
    let h = b.choice_var("h", Type::Int);
    b.code(
        0,
        vec![
            bin(
                BinOp::Eq,
                x.clone(),
                Expr::new(ExprKind::Int(big.clone()), Type::Int, sp()),
            ),
            flag.clone(),
        ],
        vec![1],
    );
    let one = b.code(
        1,
        vec![bin(
            BinOp::Eq,
            h.clone(),
            bin(BinOp::Sub, x.clone(), int(1)),
        )],
        vec![],
    );
    // "line two" starts at byte 9.
    b.choose(one, &h, "y", Span::new(FileId(0), 9, 12));
    let prog = b.finish();
    both_modes(&prog, |kind, _, r| {
        assert_eq!(r.tests.len(), 1, "{kind}");
        let t = &r.tests[0];
        assert_eq!(t.inputs.get("x"), Some(&Value::Int(big.clone())));
        assert_eq!(t.inputs.get("flag"), Some(&Value::Bool(true)));
        assert_eq!(t.inputs.keys().collect::<Vec<_>>(), vec!["x", "flag"]);
        assert_eq!(t.choices.len(), 1);
        assert_eq!(t.choices[0].var, "y");
        assert_eq!(t.choices[0].line, 2);
        assert_eq!(t.choices[0].value, Value::Int(big.clone() - 1));
        assert_eq!(t.outcome, Outcome::Returns);
        let labels: Vec<&str> = t.trace.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, vec!["l0", "l1"]);
    });
}

/// `x div 0 = 0`, `x mod 0 = x`, Euclidean division on negative operands,
/// and non-linear multiplication (yices needs QF_NIA for it).
#[test]
fn division_semantics_and_nonlinear_terms() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let y = b.input("y", Type::Int);
    let div = |a: &E, c: &E| bin(BinOp::Div, a.clone(), c.clone());
    let md = |a: &E, c: &E| bin(BinOp::Mod, a.clone(), c.clone());
    let eq = |a: E, c: E| bin(BinOp::Eq, a, c);
    b.code(0, vec![], vec![1, 2, 3, 4, 5, 6]);
    // 1: y == 0 && x div y != 0 -- feasible (a quotient by zero is open)
    b.code(
        1,
        vec![eq(y.clone(), int(0)), not(eq(div(&x, &y), int(0)))],
        vec![],
    );
    // 2: y == 0 && x mod y != x -- feasible
    b.code(
        2,
        vec![eq(y.clone(), int(0)), not(eq(md(&x, &y), x.clone()))],
        vec![],
    );
    // 3: x == -7 && y == 2 && x div y == -4 && x mod y == 1 -- feasible
    b.code(
        3,
        vec![
            eq(x.clone(), neg(int(7))),
            eq(y.clone(), int(2)),
            eq(div(&x, &y), int(-4)),
            eq(md(&x, &y), int(1)),
        ],
        vec![],
    );
    // 4: x == 7 && x div -2 == -3 && x mod -2 == 1 && x div 0 == 0 -- feasible
    b.code(
        4,
        vec![
            eq(x.clone(), int(7)),
            eq(div(&x, &int(-2)), int(-3)),
            eq(md(&x, &neg(int(2))), int(1)),
            eq(div(&x, &int(0)), int(0)),
            eq(md(&x, &int(0)), x.clone()),
        ],
        vec![],
    );
    // 5: x * y == 35 && x > 1 && y > 1 -- feasible (non-linear)
    b.code(
        5,
        vec![
            eq(bin(BinOp::Mul, x.clone(), y.clone()), int(35)),
            bin(BinOp::Gt, x.clone(), int(1)),
            bin(BinOp::Gt, y.clone(), int(1)),
        ],
        vec![],
    );
    // 6: x * y == 37 && x > 1 && y > 1 -- infeasible (37 is prime), but
    // hard for some solvers: only "not covered" is asserted.
    b.code(
        6,
        vec![
            eq(bin(BinOp::Mul, x.clone(), y.clone()), int(37)),
            bin(BinOp::Gt, x.clone(), int(1)),
            bin(BinOp::Gt, y.clone(), int(1)),
        ],
        vec![],
    );
    let prog = b.finish();
    let vc = reachability_vc(&prog);
    assert!(vc.nonlinear);
    // Non-linear with the uninterpreted quotient by zero: bicd routes
    // yices to z3 here (yices' values of the function contradict its model).
    assert_eq!(
        bicd::driver::solver_for(SolverKind::Yices, &vc),
        SolverKind::Z3
    );
    let solvers: Vec<SolverKind> = support::installed_solvers()
        .into_iter()
        .filter(|&k| k != SolverKind::Yices)
        .collect();
    for kind in solvers {
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            let r = run(kind, &prog, mode);
            division_verdicts(kind, mode, &r);
        }
    }
}

fn division_verdicts(kind: SolverKind, mode: CoverMode, r: &CoverResult) {
    {
        assert!(covered(r, 1), "{kind} {mode:?}: {r:?}");
        assert!(covered(r, 2), "{kind} {mode:?}");
        assert!(
            covered(r, 3) && covered(r, 4) && covered(r, 5),
            "{kind} {mode:?}: {r:?}"
        );
        assert!(!covered(r, 6));
    }
}

/// Blocks no run reaches (no predecessor) and programs whose entry cannot
/// terminate at all.
#[test]
fn unreachable_blocks_and_dead_entry() {
    let mut b = Builder::new();
    b.code(0, vec![], vec![1]);
    b.code(1, vec![], vec![]);
    b.code(2, vec![], vec![]); // no predecessor
    let prog = b.finish();
    both_modes(&prog, |kind, _, r| {
        assert!(covered(r, 0) && covered(r, 1), "{kind}");
        assert!(infeasible(r, 2), "{kind}");
    });

    let mut b = Builder::new();
    b.code(0, vec![tt()], vec![1]);
    b.synthetic(vec![ff()], vec![]);
    let prog = b.finish();
    both_modes(&prog, |kind, _, r| {
        assert!(infeasible(r, 0), "{kind}");
        assert!(r.tests.is_empty());
    });

    // A single block: the entry is the only path.
    let mut b = Builder::new();
    b.code(0, vec![], vec![]);
    let prog = b.finish();
    both_modes(&prog, |kind, _, r| {
        assert!(covered(r, 0), "{kind}");
        assert_eq!(r.tests.len(), 1);
    });
}

/// Several copies (unwinding) of one original block: it is covered when any
/// copy is, and infeasible only when all are.
#[test]
fn copies_share_one_verdict() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    b.code(0, vec![], vec![1, 2]);
    // two copies of block 1, the first infeasible
    b.code(1, vec![bin(BinOp::Gt, x.clone(), x.clone())], vec![3]);
    b.code(1, vec![bin(BinOp::Ge, x.clone(), x.clone())], vec![3]);
    b.code(2, vec![], vec![]);
    let prog = b.finish();
    both_modes(&prog, |kind, mode, r| {
        assert!(covered(r, 1), "{kind} {mode:?}: {r:?}");
        assert_eq!(r.blocks.len(), 3);
    });
}

// ----- solver failures ----------------------------------------------------

/// Starts the fake solver `script` through `/bin/sh`: executing the
/// script itself fails now and then with "Text file busy" (ETXTBSY) when
/// another test thread forks while the file is still open for writing.
fn spawn_fake(script: &str) -> Result<Solver, bicd::back::solver::SolverError> {
    Solver::spawn_command(SolverKind::Z3, "/bin/sh", &[script.to_string()], None)
}

fn fake_solver(name: &str, body: &str) -> String {
    let path = support::scratch("back", name, body);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

/// A solver that answers `unknown` to every check-sat: nothing may be
/// called infeasible, and statement cover asks once per goal after the
/// first unknown.
#[test]
fn unknown_answers_never_make_blocks_infeasible() {
    let script = fake_solver(
        "unknown-solver",
        "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    *check-sat*) echo unknown ;;\n  esac\ndone\n",
    );
    let prog = diamond_chain(2, true);
    for mode in [CoverMode::Statements, CoverMode::Paths] {
        let mut solver = spawn_fake(&script).unwrap();
        let r = run_with(&mut solver, &prog, mode, None);
        assert_eq!(r.error, None);
        assert!(r.tests.is_empty());
        assert!(!r.blocks.is_empty());
        for (k, v) in &r.blocks {
            assert!(
                matches!(v, BlockVerdict::Unknown(_)),
                "{mode:?} {k:?}: {v:?}"
            );
        }
        let goals = r.blocks.len();
        assert_eq!(r.queries, goals + 1, "{mode:?}");
    }
}

/// The same solver with the search on: the search covers what the solver
/// leaves `unknown` (every test replays), and still nothing is infeasible.
#[test]
fn the_search_covers_what_an_unknown_answering_solver_leaves() {
    let script = fake_solver(
        "unknown-solver-searched",
        "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    *check-sat*) echo unknown ;;\n  esac\ndone\n",
    );
    let prog = diamond_chain(2, true);
    let vc = reachability_vc(&prog);
    let mut solver = spawn_fake(&script).unwrap();
    let r = cover::cover(
        &prog,
        &vc,
        &mut solver,
        CoverMode::Statements,
        &CoverLimits::default(),
        "main",
        &sources(),
    );
    assert!(!r.tests.is_empty(), "{r:?}");
    for t in &r.tests {
        replay(&prog, t).unwrap_or_else(|e| panic!("test {} does not replay: {e}", t.id));
    }
    assert!(r
        .blocks
        .values()
        .any(|v| matches!(v, BlockVerdict::Covered(_))));
    assert!(
        r.blocks.values().all(|v| *v != BlockVerdict::Infeasible),
        "{r:?}"
    );
}

/// A solver that dies: an error, every goal unknown, no panic.
#[test]
fn a_crashing_solver_is_an_error_not_a_panic() {
    let script = fake_solver("dying-solver", "#!/bin/sh\nexit 3\n");
    let prog = diamond();
    // It may die before the set-up commands are written (an error from
    // spawn) or after (an error from cover).
    let mut solver = match spawn_fake(&script) {
        Ok(s) => s,
        Err(e) => {
            assert!(!e.message.contains("install"), "{e}");
            return;
        }
    };
    let r = run_with(&mut solver, &prog, CoverMode::Statements, None);
    assert!(r.error.is_some(), "{r:?}");
    assert!(r
        .blocks
        .values()
        .all(|v| matches!(v, BlockVerdict::Unknown(_))));
    // The solver stays broken, with the same error.
    assert!(solver.check_sat_assuming(&[]).is_err());
}

/// A solver that answers garbage.
#[test]
fn a_confused_solver_is_an_error() {
    let script = fake_solver(
        "garbage-solver",
        "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    *check-sat*) echo banana ;;\n  esac\ndone\n",
    );
    let mut solver = spawn_fake(&script).unwrap();
    let r = run_with(&mut solver, &diamond(), CoverMode::Paths, None);
    assert!(r.error.is_some(), "{r:?}");
    assert!(r
        .blocks
        .values()
        .all(|v| matches!(v, BlockVerdict::Unknown(_))));
}

#[test]
fn a_missing_solver_says_how_to_install_it() {
    let e = Solver::spawn_command(SolverKind::Cvc5, "/nonexistent/cvc5", &[], None).unwrap_err();
    assert!(e.message.contains("apt-get install -y cvc5"), "{e}");
    for kind in SolverKind::all() {
        assert!(!kind.install_hint().is_empty());
    }
}

/// Raw use of the driver: check-sat-assuming, get-value, push/pop,
/// negative numbers, a rejected command.
#[test]
fn solver_driver_round_trip() {
    for kind in support::installed_solvers() {
        let mut s = Solver::spawn(kind, Some(5_000)).unwrap();
        s.set_logic(false).unwrap();
        s.declare_const("x", "Int").unwrap();
        s.declare_const("a", "Bool").unwrap();
        s.assert("(=> a (< x (- 5)))").unwrap();
        assert_eq!(s.check_sat_assuming(&["a"]).unwrap(), SatAnswer::Sat);
        let v = s.get_values(&["x".into(), "a".into()]).unwrap();
        match &v[0] {
            Value::Int(n) => assert!(*n < BigInt::from(-5), "{kind}: {n}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(v[1], Value::Bool(true));
        s.push().unwrap();
        s.assert("(> x 0)").unwrap();
        assert_eq!(s.check_sat_assuming(&["a"]).unwrap(), SatAnswer::Unsat);
        s.pop().unwrap();
        assert_eq!(
            s.check_sat_assuming(&["a", "(not a)"]).unwrap(),
            SatAnswer::Unsat
        );
        assert_eq!(s.check_sat_assuming(&[]).unwrap(), SatAnswer::Sat);
        assert_eq!(s.queries(), 4);
        // An undeclared name: an error, not a panic, and the solver is then
        // refused.
        s.assert("(> undeclared_thing 0)").unwrap();
        assert!(s.check_sat_assuming(&[]).is_err(), "{kind}");
        assert!(s.check_sat_assuming(&[]).is_err(), "{kind}");
    }
}

// ----- random programs against brute force ----------------------------------

mod random {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const DOMAIN: std::ops::RangeInclusive<i64> = -2..=2;

    pub struct Random {
        pub prog: PassiveProgram,
    }

    fn bounded(v: &E) -> Vec<E> {
        vec![
            bin(BinOp::Ge, v.clone(), int(*DOMAIN.start())),
            bin(BinOp::Le, v.clone(), int(*DOMAIN.end())),
        ]
    }

    /// A random loop-free passive program over three inputs in DOMAIN, some
    /// blocks choosing a value (also in DOMAIN), some copies sharing a key,
    /// some assertion failures, some blocks without predecessors.
    pub fn program(seed: u64) -> Random {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut b = Builder::new();
        let inputs: Vec<E> = (0..3)
            .map(|i| b.input(&format!("x{i}"), Type::Int))
            .collect();
        let n = rng.gen_range(3..10);
        let mut entry = Vec::new();
        for v in &inputs {
            entry.extend(bounded(v));
        }
        let mut assert_ids = 0;
        for i in 0..n {
            let mut assumes = if i == 0 { entry.clone() } else { Vec::new() };
            let mut local = inputs.clone();
            let choice = if i > 0 && rng.gen_bool(0.25) {
                let c = b.choice_var(&format!("h{i}"), Type::Int);
                assumes.extend(bounded(&c));
                local.push(c.clone());
                Some(c)
            } else {
                None
            };
            for _ in 0..rng.gen_range(0..3) {
                let a = local[rng.gen_range(0..local.len())].clone();
                let lhs = if rng.gen_bool(0.3) {
                    let c = local[rng.gen_range(0..local.len())].clone();
                    bin(BinOp::Add, a, c)
                } else if rng.gen_bool(0.2) {
                    // A non-zero divisor: a remainder by zero is open (an
                    // uninterpreted function), which brute force cannot
                    // enumerate.
                    let d = [-3, -2, -1, 1, 2, 3][rng.gen_range(0..6)];
                    bin(BinOp::Mod, a, int(d))
                } else {
                    a
                };
                let op =
                    [BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Neq, BinOp::Gt][rng.gen_range(0..5)];
                let mut e = bin(op, lhs, int(rng.gen_range(-3..=3)));
                if rng.gen_bool(0.2) {
                    e = not(e);
                }
                assumes.push(e);
            }
            // Successors: later blocks; the last block and some others are sinks.
            let mut succs = Vec::new();
            if i + 1 < n && rng.gen_bool(0.85) {
                for _ in 0..rng.gen_range(1..=3) {
                    let t = rng.gen_range(i + 1..n);
                    if !succs.contains(&t) {
                        succs.push(t);
                    }
                }
            }
            // Blocks 1.. may lose all predecessors: nothing to do, the
            // successor lists decide.
            let role = if i > 0 && succs.is_empty() && rng.gen_bool(0.3) {
                assert_ids += 1;
                BlockRole::AssertFail(AssertId(assert_ids % 2))
            } else {
                // Some blocks are copies of an earlier original block.
                let k = if i > 1 && rng.gen_bool(0.2) {
                    rng.gen_range(1..i)
                } else {
                    i
                };
                BlockRole::Code {
                    key: key(k),
                    ends_block: true,
                }
            };
            let label = match role {
                BlockRole::Code { .. } => Some(format!("b{i}")),
                _ => None,
            };
            let blk = b.push(assumes, succs, role, label);
            if let Some(c) = choice {
                b.choose(blk, &c, &format!("h{i}"), sp());
            }
        }
        Random { prog: b.finish() }
    }

    /// Every complete path from the entry and whether some inputs and
    /// choices in DOMAIN make all its assumptions true.
    pub fn feasible_paths(prog: &PassiveProgram) -> Vec<(Vec<usize>, bool)> {
        let mut paths = Vec::new();
        let mut stack = vec![vec![0usize]];
        while let Some(p) = stack.pop() {
            let last = *p.last().unwrap();
            let succs = &prog.blocks[last].succs;
            if succs.is_empty() {
                paths.push(p);
            } else {
                for &s in succs {
                    let mut q = p.clone();
                    q.push(s);
                    stack.push(q);
                }
            }
        }
        paths
            .into_iter()
            .map(|p| {
                let feasible = satisfiable(prog, &p);
                (p, feasible)
            })
            .collect()
    }

    fn satisfiable(prog: &PassiveProgram, path: &[usize]) -> bool {
        let mut vars: Vec<SsaId> = (0..prog.vars.len())
            .filter(|&i| matches!(prog.vars[i].role, SsaRole::Input { .. }))
            .map(SsaId)
            .collect();
        for &b in path {
            vars.extend(prog.blocks[b].choices.iter().map(|c| c.ssa));
        }
        let width = (DOMAIN.end() - DOMAIN.start() + 1) as u64;
        let total = width.pow(vars.len() as u32);
        (0..total).any(|mut code| {
            let mut env = HashMap::new();
            for v in &vars {
                env.insert(
                    *v,
                    Value::Int(BigInt::from(DOMAIN.start() + (code % width) as i64)),
                );
                code /= width;
            }
            path.iter().all(|&b| {
                prog.blocks[b]
                    .assumes
                    .iter()
                    .all(|a| eval(a, &env) == Ok(Value::Bool(true)))
            })
        })
    }
}

#[test]
fn random_programs_agree_with_brute_force() {
    let kinds = support::installed_solvers();
    for seed in 0..60u64 {
        let prog = random::program(seed).prog;
        let paths = random::feasible_paths(&prog);
        let feasible: Vec<&Vec<usize>> = paths.iter().filter(|(_, f)| *f).map(|(p, _)| p).collect();
        let goal_of = |b: usize| match prog.blocks[b].role {
            BlockRole::Code { key, .. } => Some(Ok(key)),
            BlockRole::AssertFail(id) => Some(Err(id)),
            BlockRole::Synthetic | BlockRole::LoopExit { .. } | BlockRole::OpenCall { .. } => None,
        };
        let live: std::collections::HashSet<_> = feasible
            .iter()
            .flat_map(|p| p.iter().filter_map(|&b| goal_of(b)))
            .collect();
        // Alternate solvers over seeds to keep the test short.
        let kind = kinds[seed as usize % kinds.len()];
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            let r = run(kind, &prog, mode);
            for (k, v) in &r.blocks {
                let expected_live = live.contains(&Ok(*k));
                match v {
                    BlockVerdict::Covered(_) => {
                        assert!(expected_live, "seed {seed} {kind} {mode:?}: {k:?} covered")
                    }
                    BlockVerdict::Infeasible => assert!(
                        !expected_live,
                        "seed {seed} {kind} {mode:?}: {k:?} infeasible"
                    ),
                    BlockVerdict::Unknown(why) => panic!("seed {seed} {kind}: unknown {why}"),
                }
            }
            for (id, v) in &r.asserts {
                let can_fail = live.contains(&Err(*id));
                match v {
                    AssertVerdict::CanFail(_) => assert!(can_fail, "seed {seed} {kind}: {id:?}"),
                    AssertVerdict::Holds => assert!(!can_fail, "seed {seed} {kind}: {id:?}"),
                    AssertVerdict::Unknown(why) => panic!("seed {seed} {kind}: unknown {why}"),
                }
            }
            if mode == CoverMode::Paths {
                assert_eq!(r.tests.len(), feasible.len(), "seed {seed} {kind}: {r:?}");
            } else {
                let goals = r.blocks.len() + r.asserts.len();
                assert!(r.queries <= goals + 1, "seed {seed} {kind}");
            }
        }
    }
}

// ----- measurement ------------------------------------------------------------

/// `cargo test --test back cover::measure -- --ignored --nocapture`:
/// statement and path cover of a chain of 50 diamonds on each solver.
#[test]
#[ignore]
fn measure_solvers_on_a_diamond_chain() {
    let sizes: Vec<(usize, bool)> = match std::env::var("BICD_DIAMONDS") {
        Ok(n) => vec![(n.parse().unwrap(), true)],
        Err(_) => vec![(50, true), (50, false)],
    };
    for (k, independent) in sizes {
        let prog = diamond_chain(k, independent);
        for kind in support::installed_solvers() {
            for mode in [CoverMode::Statements, CoverMode::Paths] {
                if mode == CoverMode::Paths && independent {
                    continue; // 2^50 paths
                }
                let start = std::time::Instant::now();
                let mut solver = Solver::spawn(kind, Some(10_000)).unwrap();
                let spawned = start.elapsed();
                let r = run_with(&mut solver, &prog, mode, None);
                drop(solver);
                let total = start.elapsed();
                println!(
                    "{k} diamonds ({}), {kind:>5} {:>10}: {:>3} queries, {:>3} tests, solver {:>8.1?}, spawn {:>7.1?}, total {:>8.1?}{}",
                    if independent { "independent" } else { "one input" },
                    mode.name(),
                    r.queries,
                    r.tests.len(),
                    r.solver_time,
                    spawned,
                    total,
                    r.error.map(|e| format!(" ERROR {e}")).unwrap_or_default()
                );
            }
        }
    }
}

/// `cargo test --test back cover::measure -- --ignored --nocapture`: 80
/// small random programs, one solver process each, statement cover.
#[test]
#[ignore]
fn measure_solvers_on_random_programs() {
    let progs: Vec<PassiveProgram> = (1000..1080u64).map(|s| random::program(s).prog).collect();
    for kind in support::installed_solvers() {
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            let start = std::time::Instant::now();
            let (mut queries, mut solver_time) = (0, std::time::Duration::ZERO);
            for prog in &progs {
                let mut solver = Solver::spawn(kind, Some(10_000)).unwrap();
                let r = run_with(&mut solver, prog, mode, None);
                assert_eq!(r.error, None);
                queries += r.queries;
                solver_time += r.solver_time;
            }
            println!(
                "80 random programs, {kind:>5} {:>10}: {queries:>4} queries, solver {solver_time:>8.1?}, total {:>8.1?} (one process per program)",
                mode.name(),
                start.elapsed()
            );
            // The same with one process for all (cover leaves the solver's
            // assertion stack as it found it).
            let start = std::time::Instant::now();
            let mut solver = Solver::spawn(kind, Some(10_000)).unwrap();
            let (mut queries, mut solver_time) = (0, std::time::Duration::ZERO);
            for prog in &progs {
                let r = run_with(&mut solver, prog, mode, None);
                assert_eq!(r.error, None);
                queries += r.queries;
                solver_time += r.solver_time;
            }
            println!(
                "80 random programs, {kind:>5} {:>10}: {queries:>4} queries, solver {solver_time:>8.1?}, total {:>8.1?} (one process for all)",
                mode.name(),
                start.elapsed()
            );
        }
    }
}

/// A query the solver cannot decide within the timeout (x³+y³+z³ = 33 has
/// a solution only with 17-digit numbers): the block is `Unknown`, never
/// `Infeasible`; the other blocks are still decided.
#[test]
fn a_timeout_makes_blocks_unknown() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let y = b.input("y", Type::Int);
    let z = b.input("z", Type::Int);
    let cube = |v: &E| bin(BinOp::Mul, v.clone(), bin(BinOp::Mul, v.clone(), v.clone()));
    let sum = bin(BinOp::Add, cube(&x), bin(BinOp::Add, cube(&y), cube(&z)));
    b.code(0, vec![], vec![1, 2, 3]);
    b.code(1, vec![bin(BinOp::Eq, sum, int(33))], vec![]);
    b.code(2, vec![bin(BinOp::Gt, x.clone(), int(0))], vec![]);
    b.code(3, vec![bin(BinOp::Gt, x.clone(), x.clone())], vec![]);
    let prog = b.finish();
    for kind in support::installed_solvers() {
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            // Each unknown costs the timeout; yices counts whole seconds.
            if mode == CoverMode::Paths && kind != SolverKind::Z3 {
                continue;
            }
            let mut solver = Solver::spawn(kind, Some(300)).unwrap();
            let r = run_with(&mut solver, &prog, mode, None);
            assert_eq!(r.error, None, "{kind}");
            assert!(
                matches!(r.blocks[&key(1)], BlockVerdict::Unknown(_)),
                "{kind} {mode:?}: {r:?}"
            );
            // The easy blocks are never called infeasible.
            assert!(!infeasible(&r, 0) && !infeasible(&r, 2), "{kind} {mode:?}");
            // z3 4.8.12 may give up ("incomplete (theory arithmetic)") on
            // any query once the non-linear atom is asserted: only the
            // other solvers are held to deciding the easy blocks.
            if mode == CoverMode::Statements && kind != SolverKind::Z3 {
                assert!(covered(&r, 0) && covered(&r, 2), "{kind} {mode:?}: {r:?}");
            }
            // Decided on its own after the unknown, or unknown too: never
            // wrongly covered.
            assert!(!covered(&r, 3), "{kind} {mode:?}");
            if mode == CoverMode::Paths {
                assert!(r.partial);
            }
        }
    }
}

/// One process for several programs: cover leaves the solver's stack as
/// it found it; yices switches from linear to non-linear arithmetic.
#[test]
fn one_solver_serves_several_programs() {
    let linear = diamond();
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let y = b.input("y", Type::Int);
    b.code(0, vec![], vec![1, 2]);
    b.code(
        1,
        vec![
            bin(BinOp::Eq, bin(BinOp::Mul, x.clone(), y.clone()), int(6)),
            bin(BinOp::Gt, x.clone(), int(2)),
        ],
        vec![],
    );
    b.code(2, vec![bin(BinOp::Lt, x.clone(), x.clone())], vec![]);
    let nonlinear = b.finish();
    for kind in support::installed_solvers() {
        let mut solver = Solver::spawn(kind, Some(10_000)).unwrap();
        for prog in [&linear, &nonlinear, &linear, &diamond_chain(3, true)] {
            for mode in [CoverMode::Paths, CoverMode::Statements] {
                let r = run_with(&mut solver, prog, mode, None);
                assert_eq!(r.error, None, "{kind}");
                let decided = r
                    .blocks
                    .values()
                    .all(|v| !matches!(v, BlockVerdict::Unknown(_)));
                assert!(decided, "{kind}: {r:?}");
            }
        }
        let r = run_with(&mut solver, &nonlinear, CoverMode::Statements, None);
        assert!(covered(&r, 1) && infeasible(&r, 2), "{kind}: {r:?}");
    }
}

// ----- the VC text ------------------------------------------------------------

#[test]
fn vc_is_linear_and_prints_each_assumption_once() {
    let small = reachability_vc(&diamond_chain(100, true));
    let big = reachability_vc(&diamond_chain(200, true));
    let (s, b) = (small.text().len() as f64, big.text().len() as f64);
    assert!(b / s < 2.1, "{s} -> {b}");
    let (s, b) = (
        small.path_selection.len() as f64,
        big.path_selection.len() as f64,
    );
    assert!(b / s < 2.1, "{s} -> {b}");
    // Block 1 + 3*7 tests `x7 > 7`: printed once, in its W definition.
    let text = small.text();
    assert_eq!(text.matches("(> x7@8 7)").count(), 1, "{text}");
    assert_eq!(small.w.len(), small.r.len());
    assert!(!small.nonlinear);
    assert_eq!(small.malformed, None);
}

#[test]
fn vc_prints_expressions_in_smt_lib() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    let y = b.input("y", Type::Int);
    let p = b.input("p", Type::Bool);
    let ite = Expr::new(
        ExprKind::Ite(
            Box::new(p.clone()),
            Box::new(int(-3)),
            Box::new(neg(y.clone())),
        ),
        Type::Int,
        sp(),
    );
    b.code(
        0,
        vec![
            bin(BinOp::Neq, x.clone(), ite),
            bin(BinOp::Implies, p.clone(), bin(BinOp::Iff, p.clone(), tt())),
            bin(
                BinOp::Eq,
                bin(BinOp::Div, x.clone(), int(0)),
                bin(BinOp::Mod, x.clone(), int(4)),
            ),
            bin(BinOp::Ge, bin(BinOp::Div, x.clone(), y.clone()), int(1)),
        ],
        vec![],
    );
    let prog = b.finish();
    let vc = reachability_vc(&prog);
    let text = vc.text();
    assert!(text.contains("(declare-const x@0 Int)"), "{text}");
    assert!(text.contains("(declare-const p@2 Bool)"), "{text}");
    assert!(
        text.contains("(distinct x@0 (ite p@2 (- 3) (- y@1)))"),
        "{text}"
    );
    assert!(text.contains("(=> p@2 (= p@2 true))"), "{text}");
    // Division by the literal 0 is the open quotient; by another literal
    // it is plain.
    assert!(text.contains("(= (F_0__div_0_ x@0) (mod x@0 4))"), "{text}");
    // Division by a variable: the open quotient where it is 0, each
    // operand printed once.
    assert!(
        text.contains(
            "(let ((L_0 x@0) (L_1 y@1)) (ite (= L_1 0) (F_0__div_0_ L_0) (div L_0 L_1)))"
        ),
        "{text}"
    );
    assert!(vc.nonlinear);
    assert!(text.contains(&format!("(assert (= {} {}))", vc.r[0], vc.w[0])));
}

#[test]
fn vc_names_never_clash_with_ssa_names() {
    let mut b = Builder::new();
    let w = b.var("W", Type::Bool, SsaRole::Input { name: "w".into() });
    // smt names `W@0`; force a clash with the VC's own prefix:
    b.prog.vars[0].smt_name = "W_0".into();
    b.code(0, vec![w], vec![]);
    let prog = b.finish();
    let vc = reachability_vc(&prog);
    assert_ne!(vc.w[0], "W_0");
    assert!(vc.fresh_prefix.starts_with('_'));
    for kind in support::installed_solvers() {
        let r = run(kind, &prog, CoverMode::Statements);
        assert!(covered(&r, 0), "{kind}");
    }
}

#[test]
fn malformed_programs_are_refused_not_solved() {
    let mut b = Builder::new();
    b.code(0, vec![], vec![1]);
    b.code(1, vec![], vec![0]); // a cycle
    let prog = b.finish();
    let vc = reachability_vc(&prog);
    assert!(vc.malformed.is_some());
    let kind = support::installed_solvers()[0];
    let mut solver = Solver::spawn(kind, None).unwrap();
    let r = run_with(&mut solver, &prog, CoverMode::Statements, None);
    assert!(r.error.is_some());
    assert!(r
        .blocks
        .values()
        .all(|v| matches!(v, BlockVerdict::Unknown(_))));
    assert_eq!(r.queries, 0);
}

/// A solver that answers with non-ASCII text: rsmt2's parser slices bytes
/// and may panic inside; that is an error too.
#[test]
fn a_solver_speaking_utf8_is_an_error() {
    for answer in ["üüüü", "süt", "(error \"ü\")", "sat"] {
        let script = fake_solver(
            &format!("utf8-solver-{}", answer.len()),
            &format!(
                "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    *check-sat*) echo '{answer}' ;;\n    *get-value*) echo '((x ü))' ;;\n  esac\ndone\n"
            ),
        );
        let mut solver = spawn_fake(&script).unwrap();
        let r = run_with(&mut solver, &diamond(), CoverMode::Statements, None);
        assert!(r.error.is_some(), "{answer}: {r:?}");
        assert!(r
            .blocks
            .values()
            .all(|v| matches!(v, BlockVerdict::Unknown(_))));
    }
}

/// SMACK's `$srem.i64(x, 2147483648)`: a division in a function body by
/// a parameter is linear where every application gives that parameter a
/// constant (the solver then stays yices), and non-linear where one does
/// not.
#[test]
fn division_by_a_parameter_is_judged_where_the_function_is_applied() {
    let vc_of = |body: &str| {
        let text = format!(
            "function {{:inline}} $srem(a: int, b: int): int {{ if a mod b != 0 && a < 0 then a mod b - b else a mod b }}
procedure P(x: int, y: int) returns (r: int) {{ {body} }}"
        );
        let program = support::load::program_from_text("srem.bpl", &text);
        let p = program.proc_by_name("P").expect("P");
        let passive = bicd::middle::prepare_entry(&program, p, 1).expect("prepared");
        reachability_vc(&passive)
    };
    assert!(!vc_of("r := $srem(x, 2147483648) + $srem(y, 8);").nonlinear);
    assert!(vc_of("r := $srem(x, 2147483648) + $srem(x, y);").nonlinear);
}

/// Integer division anywhere in what the VC asserts, a function body it
/// applies included, is noted (`divides`): there the search gets half of
/// a time-limited run (SMACK's bit operations are chains of `mod`).
#[test]
fn integer_division_in_the_vc_is_noted() {
    let vc_of = |body: &str| {
        let text = format!(
            "function {{:inline}} $rem(a: int, b: int): int {{ a mod b }}
procedure P(x: int, y: int) returns (r: int) {{ {body} }}"
        );
        let program = support::load::program_from_text("rem.bpl", &text);
        let p = program.proc_by_name("P").expect("P");
        let passive = bicd::middle::prepare_entry(&program, p, 1).expect("prepared");
        reachability_vc(&passive)
    };
    assert!(vc_of("r := $rem(x, 8);").divides);
    assert!(vc_of("r := x div 2;").divides);
    assert!(!vc_of("r := x + y;").divides);
}

/// A Corral harness of a correct driver: every run ends in `assume
/// !assertsPassed` and what would set it false cannot run, so no run
/// terminates and every block is infeasible. The concrete runs before the solver find no
/// test (they run here: the only function is one they evaluate); then
/// one question on the whole VC refutes every goal, where a window query
/// per goal (each window has runs of its own) asked 1,199 (z3).
#[test]
fn a_harness_without_terminating_runs_is_refuted_by_one_question() {
    let text = support::harness_without_terminating_runs(200);
    let (sources, program) = support::load::sources_and_program("harness.bpl", &text);
    let p = program.proc_by_name("Harness").expect("entry");
    let passive = bicd::middle::prepare_entry(&program, p, 1).expect("prepared");
    let vc = reachability_vc(&passive);
    for kind in support::installed_solvers() {
        let mut solver = Solver::spawn(kind, Some(10_000)).expect("solver");
        let limits = CoverLimits {
            time_limited: true,
            ..CoverLimits::default()
        };
        let r = cover::cover(
            &passive,
            &vc,
            &mut solver,
            CoverMode::Statements,
            &limits,
            "Harness",
            &sources,
        );
        assert_eq!(r.error, None, "{kind}");
        assert!(
            r.blocks.values().all(|v| *v == BlockVerdict::Infeasible),
            "{kind}: {r:?}"
        );
        assert!(r.queries < 10, "{kind}: {} queries", r.queries);
    }
}

/// The question stratified inlining asks apart ([`cover::targets_no_run_passes`]):
/// of five targets, two are passed by runs (found one model at a time)
/// and three are not (a contradiction, a block with no terminating
/// continuation, a branch its predecessor rules out); the loop ends with
/// `unsat` about those three, on every installed solver.
#[test]
fn targets_no_run_passes_are_told_apart_from_those_some_run_passes() {
    let mut b = Builder::new();
    let x = b.input("x", Type::Int);
    // Passive blocks 0-8; `code(n, ..)` is original block n.
    b.code(0, vec![], vec![1, 2, 3, 4]);
    b.code(1, vec![bin(BinOp::Gt, x.clone(), int(0))], vec![]);
    b.code(2, vec![bin(BinOp::Le, x.clone(), int(0))], vec![6]);
    let contradiction = vec![
        bin(BinOp::Gt, x.clone(), int(5)),
        bin(BinOp::Lt, x.clone(), int(3)),
    ];
    b.code(3, contradiction, vec![]);
    // Runs on only into `assume false`.
    b.code(5, vec![], vec![5]);
    b.synthetic(vec![ff()], vec![]);
    // After block 2 (x <= 0), x > 10 is ruled out.
    b.code(7, vec![], vec![7, 8]);
    b.code(8, vec![bin(BinOp::Gt, x.clone(), int(10))], vec![]);
    b.code(9, vec![], vec![]);
    let prog = b.finish();
    let vc = reachability_vc(&prog);
    let targets = [1, 2, 3, 4, 7];
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    for kind in support::installed_solvers() {
        let mut solver = Solver::spawn(kind, Some(10_000)).expect("solver starts");
        let answer =
            cover::targets_no_run_passes(&prog, &vc, &mut solver, &targets, 10_000, until).unwrap();
        assert!(answer.others_unpassed, "{kind}: {answer:?}");
        let mut passed = answer.passed.clone();
        passed.sort_unstable();
        assert_eq!(passed, vec![1, 2], "{kind}");
    }
    // A solver that cannot tell proves nothing.
    let script = fake_solver(
        "unknown-apart",
        "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    *check-sat*) echo unknown ;;\n  esac\ndone\n",
    );
    let mut solver = spawn_fake(&script).unwrap();
    let answer =
        cover::targets_no_run_passes(&prog, &vc, &mut solver, &targets, 10_000, until).unwrap();
    assert!(
        !answer.others_unpassed && answer.passed.is_empty(),
        "{answer:?}"
    );
}
