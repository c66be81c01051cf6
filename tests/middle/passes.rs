//! Tests of the middle of the pipeline: unwinding, inlining, passification.
//! Programs are built by hand (tests/support/builder.rs); passive programs
//! are checked structurally and by running their paths on concrete values.

#![allow(clippy::disallowed_names)]

use crate::support::builder::*;
use bicd::ir::passive::{BlockRole, PassiveProgram, SsaRole};
use bicd::ir::testcase::{ChoiceKind, Value};
use bicd::ir::{BinOp::*, ProcId, Program};
use bicd::middle::inline::{inline_calls, FlatRole, SyntheticKind};
use bicd::middle::unwind::{unwind_loops, UnwoundKind};
use bicd::middle::{passify, prepare_entry};
use std::collections::HashMap;

/// unwind.bpl, by hand.
fn count_program() -> Program {
    let mut pb = ProgramBuilder::new(&[], &["count"]);
    let p = pb
        .proc("count")
        .params(&["n"])
        .outs(&["i"])
        .block("entry", vec![assign("i", int(0))], &["head"])
        .block("head", vec![], &["body", "exit"])
        .block(
            "body",
            vec![
                assume(bin(Lt, v("i"), v("n"))),
                assign("i", bin(Add, v("i"), int(1))),
            ],
            &["head"],
        )
        .block(
            "exit",
            vec![assume(not(bin(Lt, v("i"), v("n"))))],
            &["check"],
        )
        .block("check", vec![], &["done", "other"])
        .block("done", vec![assume(bin(Eq, v("i"), int(3)))], &[])
        .block("other", vec![assume(bin(Neq, v("i"), int(3)))], &[]);
    pb.add(p);
    pb.build()
}

/// Whether some path through a piece ending original block `label` of
/// `proc` runs with some input assignment among `inputs`.
fn block_feasible(
    program: &Program,
    passive: &PassiveProgram,
    proc: ProcId,
    label: &str,
    inputs: &[HashMap<String, Value>],
    choices: &[Vec<Value>],
) -> bool {
    let target = node(program, proc, label);
    let no_choices = [Vec::new()];
    let choices = if choices.is_empty() {
        &no_choices[..]
    } else {
        choices
    };
    for path in paths(passive) {
        let hits = path.iter().any(|&b| {
            matches!(passive.blocks[b].role,
                BlockRole::Code { key, ends_block: true } if key.proc == proc && key.block == target)
        });
        if !hits {
            continue;
        }
        for inp in inputs {
            for ch in choices {
                if run_path(passive, &path, inp, ch) {
                    return true;
                }
            }
        }
    }
    false
}

fn inputs_over(
    names: &[&str],
    range: std::ops::RangeInclusive<i64>,
) -> Vec<HashMap<String, Value>> {
    let mut out = vec![HashMap::new()];
    for n in names {
        let mut next = Vec::new();
        for m in &out {
            for x in range.clone() {
                let mut m2 = m.clone();
                m2.insert(n.to_string(), ints(&[x])[0].clone());
                next.push(m2);
            }
        }
        out = next;
    }
    out
}

#[test]
fn unwinding_copies_loop_k_plus_one_times() {
    let program = count_program();
    let count = program.proc_by_name("count").unwrap();
    for k in [0u32, 1, 2, 3] {
        let body = unwind_loops(&program, count, k).unwrap();
        let copies = |l: &str| body.copies_of(node(&program, count, l)).len();
        assert_eq!(copies("entry"), 1);
        assert_eq!(copies("head"), k as usize + 1);
        assert_eq!(copies("body"), k as usize + 1);
        // exit is outside the loop: every head copy leaves to its one copy.
        assert_eq!(copies("exit"), 1);
        assert_eq!(copies("check"), 1);
        assert_eq!(copies("done"), 1);
        assert_eq!(body.cutoff_edges(), 1);
        assert_eq!(body.headers, vec![node(&program, count, "head")]);
        // Iteration vectors: head copy i has [i].
        let mut iters: Vec<Vec<u32>> = body
            .copies_of(node(&program, count, "head"))
            .into_iter()
            .map(|i| match &body.blocks[i].kind {
                UnwoundKind::Copy { iterations, .. } => iterations.clone(),
                _ => unreachable!(),
            })
            .collect();
        iters.sort();
        assert_eq!(iters, (0..=k).map(|i| vec![i]).collect::<Vec<_>>());
        // Loop-free: successors come later in a topological order exists;
        // check by DFS for cycles.
        assert!(acyclic(
            &body
                .blocks
                .iter()
                .map(|b| b.succs.clone())
                .collect::<Vec<_>>()
        ));
    }
}

fn acyclic(succs: &[Vec<usize>]) -> bool {
    let n = succs.len();
    let mut indeg = vec![0; n];
    for s in succs {
        for &t in s {
            indeg[t] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&i| indeg[i] == 0).collect();
    let mut seen = 0;
    while let Some(b) = ready.pop() {
        seen += 1;
        for &t in &succs[b] {
            indeg[t] -= 1;
            if indeg[t] == 0 {
                ready.push(t);
            }
        }
    }
    seen == n
}

#[test]
fn unwind_example_done_needs_three_iterations() {
    let program = count_program();
    let count = program.proc_by_name("count").unwrap();
    let inputs = inputs_over(&["n"], -1..=5);
    let k2 = prepare_entry(&program, count, 2).unwrap();
    check_well_formed(&program, &k2);
    assert!(!block_feasible(&program, &k2, count, "done", &inputs, &[]));
    assert!(block_feasible(&program, &k2, count, "other", &inputs, &[]));
    let k3 = prepare_entry(&program, count, 3).unwrap();
    check_well_formed(&program, &k3);
    assert!(block_feasible(&program, &k3, count, "done", &inputs, &[]));
    // Only n == 3 reaches done.
    let only3: Vec<_> = inputs
        .iter()
        .filter(|m| block_feasible(&program, &k3, count, "done", &[(*m).clone()], &[]))
        .map(|m| m["n"].clone())
        .collect();
    assert_eq!(only3, ints(&[3]));
    // The cut-off is a synthetic `assume false` without successor.
    let cut: Vec<_> = k3
        .blocks
        .iter()
        .filter(|b| b.role == BlockRole::Synthetic && b.succs.is_empty())
        .collect();
    assert!(!cut.is_empty());
}

/// The nested-loop program of bench-programs/known/nested-loops.bpl.
fn nested_program() -> Program {
    let mut pb = ProgramBuilder::new(&[], &["nested"]);
    let p = pb
        .proc("nested")
        .params(&["n", "m"])
        .outs(&["s"])
        .locals(&["i", "j"])
        .block(
            "init",
            vec![assign("i", int(0)), assign("s", int(0))],
            &["outer"],
        )
        .block("outer", vec![], &["obody", "oexit"])
        .block(
            "obody",
            vec![assume(bin(Lt, v("i"), v("n"))), assign("j", int(0))],
            &["inner"],
        )
        .block("inner", vec![], &["ibody", "iexit"])
        .block(
            "ibody",
            vec![
                assume(bin(Lt, v("j"), v("m"))),
                assign("j", bin(Add, v("j"), int(1))),
                assign("s", bin(Add, v("s"), int(1))),
            ],
            &["inner"],
        )
        .block(
            "iexit",
            vec![
                assume(not(bin(Lt, v("j"), v("m")))),
                assign("i", bin(Add, v("i"), int(1))),
            ],
            &["outer"],
        )
        .block(
            "oexit",
            vec![assume(not(bin(Lt, v("i"), v("n"))))],
            &["check"],
        )
        .block("check", vec![], &["deep", "far", "plain"])
        .block(
            "deep",
            vec![assume(bin(
                And,
                bin(Eq, v("i"), int(3)),
                bin(Eq, v("j"), int(2)),
            ))],
            &[],
        )
        .block("far", vec![assume(bin(Eq, v("j"), int(4)))], &[])
        .block("plain", vec![], &[]);
    pb.add(p);
    pb.build()
}

#[test]
fn nested_loops_unwind_inner_per_outer_copy() {
    let program = nested_program();
    let pid = ProcId(0);
    let k = 2u32;
    let body = unwind_loops(&program, pid, k).unwrap();
    let copies = |l: &str| body.copies_of(node(&program, pid, l)).len();
    // Outer loop: k+1 copies; the inner loop inside each: (k+1)^2 copies.
    assert_eq!(copies("outer"), 3);
    assert_eq!(copies("obody"), 3);
    assert_eq!(copies("iexit"), 3);
    assert_eq!(copies("inner"), 9);
    assert_eq!(copies("ibody"), 9);
    assert_eq!(copies("oexit"), 1);
    assert_eq!(copies("check"), 1);
    // Cut-off edges: outer's last copy (1 back edge) + every inner unwinding
    // (3 of them).
    assert_eq!(body.cutoff_edges(), 1 + 3);
    // Iteration vectors of ibody: (outer, inner) pairs.
    let mut iters: Vec<Vec<u32>> = body
        .copies_of(node(&program, pid, "ibody"))
        .into_iter()
        .map(|i| match &body.blocks[i].kind {
            UnwoundKind::Copy {
                iterations, loops, ..
            } => {
                assert_eq!(
                    loops,
                    &vec![node(&program, pid, "outer"), node(&program, pid, "inner")]
                );
                iterations.clone()
            }
            _ => unreachable!(),
        })
        .collect();
    iters.sort();
    let want: Vec<Vec<u32>> = (0..3)
        .flat_map(|a| (0..3).map(move |b| vec![a, b]))
        .collect();
    assert_eq!(iters, want);
}

#[test]
fn nested_loops_semantics_k3_and_k4() {
    let program = nested_program();
    let pid = ProcId(0);
    let inputs = inputs_over(&["n", "m"], 0..=4);
    let k3 = prepare_entry(&program, pid, 3).unwrap();
    check_well_formed(&program, &k3);
    assert!(block_feasible(&program, &k3, pid, "deep", &inputs, &[]));
    assert!(!block_feasible(&program, &k3, pid, "far", &inputs, &[]));
    assert!(block_feasible(&program, &k3, pid, "plain", &inputs, &[]));
    let k4 = prepare_entry(&program, pid, 4).unwrap();
    check_well_formed(&program, &k4);
    assert!(block_feasible(&program, &k4, pid, "far", &inputs, &[]));
}

#[test]
fn irreducible_cfg_is_split_then_unwound() {
    let mut pb = ProgramBuilder::new(&[], &["irr"]);
    let p = pb
        .proc("irr")
        .params(&["x"])
        .block("start", vec![], &["a", "b"])
        .block("a", vec![], &["b"])
        .block("b", vec![], &["a"]);
    pb.add(p);
    let program = pb.build();
    // {a, b} is entered at both: a stays the header, b gets one copy for
    // the entry from `start` (see tests/middle/irreducible.rs).
    let body = unwind_loops(&program, ProcId(0), 2).unwrap();
    assert_eq!(body.split_copies, 1);
    assert_eq!(body.headers, vec![node(&program, ProcId(0), "a")]);
    assert_eq!(body.copies_of(node(&program, ProcId(0), "a")).len(), 3);
    // b: the copy before the loop plus one per iteration.
    assert_eq!(body.copies_of(node(&program, ProcId(0), "b")).len(), 4);
    assert!(prepare_entry(&program, ProcId(0), 2).is_ok());
}

#[test]
fn self_loop_and_unreachable_blocks() {
    let mut pb = ProgramBuilder::new(&[], &["p"]);
    let p = pb
        .proc("p")
        .params(&["x"])
        .locals(&["y"])
        .block("start", vec![assign("y", int(0))], &["spin"])
        .block(
            "spin",
            vec![assign("y", bin(Add, v("y"), int(1)))],
            &["spin", "end"],
        )
        .block("end", vec![assume(bin(Eq, v("y"), v("x")))], &[])
        .block(
            "dead",
            vec![assume(bin(Gt, v("x"), int(0)))],
            &["end", "dead2"],
        )
        .block("dead2", vec![], &["dead"]);
    pb.add(p);
    let program = pb.build();
    let pid = ProcId(0);
    let body = unwind_loops(&program, pid, 2).unwrap();
    assert_eq!(body.copies_of(node(&program, pid, "spin")).len(), 3);
    for l in ["dead", "dead2"] {
        let c = body.copies_of(node(&program, pid, l));
        assert_eq!(c.len(), 1);
        assert!(body.blocks[c[0]].succs.is_empty());
        assert!(body.blocks.iter().all(|b| !b.succs.contains(&c[0])));
    }
    let passive = prepare_entry(&program, pid, 2).unwrap();
    check_well_formed(&program, &passive);
    let inputs = inputs_over(&["x"], 0..=4);
    // y is 1..=3 at end.
    let ok: Vec<_> = inputs
        .iter()
        .filter(|m| block_feasible(&program, &passive, pid, "end", &[(*m).clone()], &[]))
        .map(|m| m["x"].clone())
        .collect();
    assert_eq!(ok, ints(&[1, 2, 3]));
    // Dead blocks are in the passive program, isolated.
    let dead = node(&program, pid, "dead");
    let d: Vec<_> = passive
        .blocks
        .iter()
        .filter(|b| matches!(b.role, BlockRole::Code { key, .. } if key.block == dead))
        .collect();
    assert_eq!(d.len(), 1);
    assert!(d[0].preds.is_empty() && d[0].succs.is_empty());
    // The dead block's read of x does not make x an input by itself here
    // (x is read at `end` anyway); its variables are not inputs.
    let inputs_named: Vec<_> = passive
        .vars
        .iter()
        .filter_map(|v| match &v.role {
            SsaRole::Input { name } => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(inputs_named, vec!["x".to_string()]);
}

/// paper-section6-boogie.bpl, by hand.
fn paper_program() -> Program {
    let mut pb = ProgramBuilder::new(&[], &["foo", "bar"]);
    let foo = pb
        .proc("foo")
        .params(&["a", "b"])
        .outs(&["c"])
        .block("l1", vec![], &["l2", "l3"])
        .block(
            "l2",
            vec![
                assume(bin(Gt, v("b"), int(0))),
                assign("c", bin(Add, v("a"), int(1))),
            ],
            &["l4"],
        )
        .block(
            "l3",
            vec![
                assume(bin(Le, v("b"), int(0))),
                assign("c", bin(Sub, v("a"), int(1))),
            ],
            &["l4"],
        )
        .block("l4", vec![], &[]);
    pb.add(foo);
    let bar = pb.proc("bar").params(&["x"]).outs(&["z"]).block(
        "l1",
        vec![call("foo", vec![v("x"), int(1)], &["z"])],
        &[],
    );
    pb.add(bar);
    pb.build()
}

#[test]
fn inlining_paper_example() {
    let program = paper_program();
    let foo = program.proc_by_name("foo").unwrap();
    let bar = program.proc_by_name("bar").unwrap();
    let passive = prepare_entry(&program, bar, 3).unwrap();
    check_well_formed(&program, &passive);
    // foo's blocks appear once each, keyed to foo, entered once.
    for l in ["l1", "l2", "l3", "l4"] {
        let n = node(&program, foo, l);
        let entered = passive
            .blocks
            .iter()
            .filter(|b| matches!(b.role, BlockRole::Code { key, .. } if key.proc == foo && key.block == n))
            .filter(|b| b.enters.is_some())
            .count();
        assert_eq!(entered, 1, "foo::{l}");
    }
    let inputs = inputs_over(&["x"], -2..=2);
    assert!(block_feasible(&program, &passive, foo, "l2", &inputs, &[]));
    assert!(!block_feasible(&program, &passive, foo, "l3", &inputs, &[]));
    assert!(block_feasible(&program, &passive, bar, "l1", &inputs, &[]));
    // Traces in the interpreter's order.
    let mut traces: Vec<Vec<String>> = paths(&passive)
        .iter()
        .map(|p| trace(&passive, p, "bar"))
        .collect();
    traces.sort();
    assert_eq!(
        traces,
        vec![
            vec!["l1", "foo::l1", "foo::l2", "foo::l4"],
            vec!["l1", "foo::l1", "foo::l3", "foo::l4"],
        ]
        .into_iter()
        .map(|t| t.into_iter().map(String::from).collect::<Vec<_>>())
        .collect::<Vec<_>>()
    );
    // bar::l1 ends in the piece after the call; z == x + 1 there.
    let l1 = node(&program, bar, "l1");
    let ends: Vec<_> = passive
        .blocks
        .iter()
        .filter(|b| {
            b.role
                == BlockRole::Code {
                    key: bicd::ir::passive::BlockKey {
                        proc: bar,
                        block: l1,
                    },
                    ends_block: true,
                }
        })
        .collect();
    assert_eq!(ends.len(), 1);
    assert!(ends[0].enters.is_none());
    // Analysed on its own, foo has both branches.
    let alone = prepare_entry(&program, foo, 3).unwrap();
    let inputs = inputs_over(&["a", "b"], -1..=1);
    assert!(block_feasible(&program, &alone, foo, "l2", &inputs, &[]));
    assert!(block_feasible(&program, &alone, foo, "l3", &inputs, &[]));
}

/// bench-programs/known/recursion.bpl, by hand.
fn recursion_program() -> Program {
    let mut pb = ProgramBuilder::new(&[], &["down", "top"]);
    let down = pb
        .proc("down")
        .params(&["n"])
        .outs(&["r"])
        .block("start", vec![], &["bottom", "step"])
        .block(
            "bottom",
            vec![assume(bin(Le, v("n"), int(0))), assign("r", int(0))],
            &[],
        )
        .block(
            "step",
            vec![
                assume(bin(Gt, v("n"), int(0))),
                call("down", vec![bin(Sub, v("n"), int(1))], &["r"]),
            ],
            &[],
        );
    pb.add(down);
    let top = pb
        .proc("top")
        .params(&["n"])
        .outs(&["r"])
        .block(
            "entry",
            vec![
                assume(bin(Ge, v("n"), int(0))),
                call("down", vec![v("n")], &["r"]),
            ],
            &["big", "small"],
        )
        .block("big", vec![assume(bin(Eq, v("n"), int(4)))], &[])
        .block("small", vec![assume(bin(Lt, v("n"), int(4)))], &[]);
    pb.add(top);
    pb.build()
}

#[test]
fn recursion_is_cut_after_k_recursive_calls() {
    let program = recursion_program();
    let down = program.proc_by_name("down").unwrap();
    let top = program.proc_by_name("top").unwrap();
    let bodies: Vec<_> = (0..2)
        .map(|p| Some(unwind_loops(&program, ProcId(p), 3).unwrap()))
        .collect();
    let flat = inline_calls(&program, top, 3, &bodies).unwrap();
    // K recursive calls: K + 1 activations of down.
    let downs = flat.invocations.iter().filter(|i| i.proc == down).count();
    assert_eq!(downs, 4);
    let cuts = flat
        .blocks
        .iter()
        .filter(|b| b.role == FlatRole::Synthetic(SyntheticKind::RecursionCutOff))
        .count();
    assert_eq!(cuts, 1);
    let inputs = inputs_over(&["n"], 0..=5);
    // down(n) needs n + 1 activations: n <= 3 with K = 3.
    let k3 = passify(&program, &flat);
    check_well_formed(&program, &k3);
    assert!(!block_feasible(&program, &k3, top, "big", &inputs, &[]));
    assert!(block_feasible(&program, &k3, top, "small", &inputs, &[]));
    let ok: Vec<_> = inputs
        .iter()
        .filter(|m| block_feasible(&program, &k3, top, "small", &[(*m).clone()], &[]))
        .map(|m| m["n"].clone())
        .collect();
    assert_eq!(ok, ints(&[0, 1, 2, 3]));
    let k4 = prepare_entry(&program, top, 4).unwrap();
    assert!(block_feasible(&program, &k4, top, "big", &inputs, &[]));
    // K = 0: down is inlined once, its recursive call is cut off.
    let k0 = prepare_entry(&program, top, 0).unwrap();
    assert!(block_feasible(&program, &k0, top, "small", &inputs, &[]));
    // down as entry: with K = 1 it recurses once.
    let d = prepare_entry(&program, down, 1).unwrap();
    for l in ["start", "bottom", "step"] {
        assert!(block_feasible(&program, &d, down, l, &inputs, &[]), "{l}");
    }
    let ok: Vec<_> = inputs
        .iter()
        .filter(|m| block_feasible(&program, &d, down, "step", &[(*m).clone()], &[]))
        .map(|m| m["n"].clone())
        .collect();
    assert_eq!(ok, ints(&[1]));
}

#[test]
fn assertion_splits_block() {
    // assert.bpl
    let mut pb = ProgramBuilder::new(&[], &["div"]);
    let p = pb
        .proc("div")
        .params(&["x"])
        .outs(&["y"])
        .block(
            "start",
            vec![assert(bin(Neq, v("x"), int(0)))],
            &["pos", "neg"],
        )
        .block(
            "pos",
            vec![
                assume(bin(Gt, v("x"), int(0))),
                assign("y", bin(Div, int(100), v("x"))),
            ],
            &[],
        )
        .block(
            "neg",
            vec![
                assume(bin(Lt, v("x"), int(0))),
                assign("y", bin(Div, int(-100), v("x"))),
            ],
            &[],
        );
    pb.add(p);
    let program = pb.build();
    let pid = ProcId(0);
    let passive = prepare_entry(&program, pid, 1).unwrap();
    check_well_formed(&program, &passive);
    let start = node(&program, pid, "start");
    // Two pieces of start: the first enters it, the second ends it.
    let pieces: Vec<usize> = (0..passive.blocks.len())
        .filter(|&i| matches!(passive.blocks[i].role, BlockRole::Code { key, .. } if key.block == start))
        .collect();
    assert_eq!(pieces.len(), 2);
    assert!(passive.blocks[pieces[0]].enters.is_some());
    assert_eq!(
        passive.blocks[pieces[0]].role,
        BlockRole::Code {
            key: bicd::ir::passive::BlockKey {
                proc: pid,
                block: start
            },
            ends_block: false
        }
    );
    assert!(passive.blocks[pieces[1]].enters.is_none());
    let fails: Vec<usize> = (0..passive.blocks.len())
        .filter(|&i| matches!(passive.blocks[i].role, BlockRole::AssertFail(_)))
        .collect();
    assert_eq!(fails.len(), 1);
    assert_eq!(passive.blocks[fails[0]].preds, vec![pieces[0]]);
    // The failing path needs x == 0; the others x != 0.
    for path in paths(&passive) {
        let fails_here = path.contains(&fails[0]);
        for x in -2..=2 {
            let inp = HashMap::from([("x".to_string(), ints(&[x])[0].clone())]);
            let ok = run_path(&passive, &path, &inp, &[]);
            if fails_here {
                assert_eq!(ok, x == 0);
            } else if ok {
                assert_ne!(x, 0);
            }
        }
    }
    let inputs = inputs_over(&["x"], -2..=2);
    assert!(block_feasible(&program, &passive, pid, "pos", &inputs, &[]));
    assert!(block_feasible(&program, &passive, pid, "neg", &inputs, &[]));
}

#[test]
fn choices_in_order_and_inputs() {
    let mut pb = ProgramBuilder::new(&["g", "h", "unused"], &["pick", "callee", "main"]);
    let pick = pb
        .proc("pick")
        .params(&["lo"])
        .outs(&["p", "q"])
        .modifies(&["h", "g"])
        .requires(bin(Ge, v("lo"), int(0)), false)
        .ensures(
            bin(And, bin(Le, v("lo"), v("p")), bin(Lt, v("p"), int(10))),
            false,
        )
        .ensures(bin(Eq, v("g"), bin(Add, old(v("g")), int(1))), true)
        .no_body();
    pb.add(pick);
    let callee = pb
        .proc("callee")
        .params(&["a"])
        .outs(&["r"])
        .locals(&["u", "w", "t"])
        // t is written before read; u and w are read before written (w only
        // on one path), r is read at the return when not assigned.
        .block(
            "c1",
            vec![havoc(&["t"]), assign("t", bin(Add, v("u"), v("t")))],
            &["c2", "c3"],
        )
        .block("c2", vec![assign("r", v("w"))], &[])
        .block("c3", vec![], &[]);
    pb.add(callee);
    let main = pb
        .proc("main")
        .params(&["x", "unusedparam"])
        .outs(&["o"])
        .locals(&["l", "k"])
        .modifies(&["g", "h"])
        .block(
            "m1",
            vec![
                havoc(&["k"]),
                assign("k", bin(Add, v("k"), v("l"))),
                call("pick", vec![v("x")], &["o", "k"]),
                call("callee", vec![v("g")], &["o"]),
                assume(bin(Gt, v("o"), v("h"))),
            ],
            &[],
        );
    pb.add(main);
    let program = pb.build();
    let main_id = program.proc_by_name("main").unwrap();
    let passive = prepare_entry(&program, main_id, 1).unwrap();
    check_well_formed(&program, &passive);
    let mut choices = Vec::new();
    let all_paths = paths(&passive);
    let path = all_paths
        .iter()
        .find(|p| {
            p.iter()
                .all(|&b| !matches!(passive.blocks[b].role, BlockRole::AssertFail(_)))
        })
        .unwrap();
    for &b in path {
        for c in &passive.blocks[b].choices {
            choices.push((c.kind, c.proc.clone(), c.var.clone()));
        }
    }
    let want = vec![
        (ChoiceKind::Havoc, "main", "k"),
        (ChoiceKind::CallOutput, "pick", "p"),
        (ChoiceKind::CallOutput, "pick", "q"),
        (ChoiceKind::CallOutput, "pick", "h"),
        (ChoiceKind::CallOutput, "pick", "g"),
        (ChoiceKind::Uninitialized, "callee", "r"),
        (ChoiceKind::Uninitialized, "callee", "u"),
        (ChoiceKind::Uninitialized, "callee", "w"),
        (ChoiceKind::Havoc, "callee", "t"),
    ];
    let want: Vec<_> = want
        .into_iter()
        .map(|(k, p, v)| (k, p.to_string(), v.to_string()))
        .collect();
    assert_eq!(choices, want);
    // The callee's first block makes its Uninitialized choices first.
    let first_callee_block = path
        .iter()
        .find(|&&b| {
            passive.blocks[b]
                .enters
                .as_ref()
                .is_some_and(|t| t.proc == "callee")
        })
        .unwrap();
    assert_eq!(
        passive.blocks[*first_callee_block].choices[0].kind,
        ChoiceKind::Uninitialized
    );
    // Inputs: x (pick's requires and its ensures read it), l (read before
    // written), g (passed to callee), h (read after pick havocs it? no: the
    // havocked h is a choice, so the initial h is not an input).
    let mut inputs: Vec<String> = passive
        .vars
        .iter()
        .filter_map(|v| match &v.role {
            SsaRole::Input { name } => Some(name.clone()),
            _ => None,
        })
        .collect();
    inputs.sort();
    assert_eq!(inputs, vec!["g", "l", "x"]);
    // The requires of pick is an assertion.
    assert!(passive
        .blocks
        .iter()
        .any(|b| matches!(b.role, BlockRole::AssertFail(id) if program.asserts[id.0].kind == bicd::ir::AssertKind::Requires)));
}

#[test]
fn old_is_resolved_per_invocation() {
    let mut pb = ProgramBuilder::new(&["g"], &["inc", "main"]);
    let inc = pb
        .proc("inc")
        .modifies(&["g"])
        .ensures(bin(Eq, v("g"), bin(Add, old(v("g")), int(1))), false)
        .block("i1", vec![assign("g", bin(Add, v("g"), int(1)))], &[]);
    pb.add(inc);
    let main = pb
        .proc("main")
        .outs(&["r"])
        .modifies(&["g"])
        .ensures(bin(Eq, v("g"), bin(Add, old(v("g")), int(2))), false)
        .block(
            "m1",
            vec![
                call("inc", vec![], &[]),
                call("inc", vec![], &[]),
                assign("r", v("g")),
            ],
            &["m2", "m3"],
        )
        .block("m2", vec![assume(bin(Eq, v("r"), int(7)))], &[])
        .block("m3", vec![assume(bin(Eq, v("r"), int(6)))], &[]);
    pb.add(main);
    let program = pb.build();
    let main_id = program.proc_by_name("main").unwrap();
    let passive = prepare_entry(&program, main_id, 1).unwrap();
    check_well_formed(&program, &passive);
    // No ensures can fail: every path through an AssertFail is infeasible.
    for path in paths(&passive) {
        let failing = path
            .iter()
            .any(|&b| matches!(passive.blocks[b].role, BlockRole::AssertFail(_)));
        for g in 0..=6 {
            let inp = HashMap::from([("g".to_string(), ints(&[g])[0].clone())]);
            let ok = run_path(&passive, &path, &inp, &[]);
            if failing {
                assert!(!ok, "an ensures fails with g = {g}");
            }
        }
    }
    let inputs = inputs_over(&["g"], 0..=6);
    let m2: Vec<_> = inputs
        .iter()
        .filter(|m| block_feasible(&program, &passive, main_id, "m2", &[(*m).clone()], &[]))
        .map(|m| m["g"].clone())
        .collect();
    assert_eq!(m2, ints(&[5]));
}
