//! The middle of the pipeline (unwind, inline, passify) on parsed programs:
//! the shared examples and programs of our own, checked by running the
//! passive program's paths on small concrete inputs (no solver involved).

#![allow(clippy::disallowed_names)]

use crate::support;
use crate::support::builder::*;
use bicd::ir::passive::{BlockRole, PassiveProgram, SsaRole};
use bicd::ir::testcase::{ChoiceKind, Value};
use bicd::ir::{ProcId, Program};
use bicd::middle::inline::{inline_calls, FlatRole, SyntheticKind};
use bicd::middle::unwind::unwind_loops;
use bicd::middle::{passify, prepare_entry};
use bicd::source::SourceMap;
use std::collections::{BTreeSet, HashMap};

fn load(name: &str, text: &str) -> (SourceMap, Program) {
    support::load::sources_and_program(name, text)
}

/// The shared example `file`, loaded; `None` when the shared examples are
/// absent (the caller is skipped).
fn load_example(file: &str) -> Option<Program> {
    let path = support::shared("examples")?.join(file);
    let text = std::fs::read_to_string(&path).expect("example file");
    Some(load(file, &text).1)
}

/// Every assignment of values in `range` to `names`.
fn grid(names: &[&str], range: std::ops::RangeInclusive<i64>) -> Vec<HashMap<String, Value>> {
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

/// Original blocks (`proc::label` or `label` for the entry) that some
/// feasible path runs through to their end, trying the given inputs and
/// choice sequences; also the assertions that fail on some feasible path.
fn reached(
    program: &Program,
    passive: &PassiveProgram,
    inputs: &[HashMap<String, Value>],
    choices: &[Vec<Value>],
) -> (BTreeSet<String>, BTreeSet<usize>) {
    let entry = &program.proc(passive.entry).name;
    let none = [Vec::new()];
    let choices = if choices.is_empty() {
        &none[..]
    } else {
        choices
    };
    let mut blocks = BTreeSet::new();
    let mut fails = BTreeSet::new();
    for path in paths(passive) {
        let feasible = inputs
            .iter()
            .any(|i| choices.iter().any(|c| run_path(passive, &path, i, c)));
        if !feasible {
            continue;
        }
        for &b in &path {
            match passive.blocks[b].role {
                BlockRole::Code {
                    key,
                    ends_block: true,
                } => {
                    let p = program.proc(key.proc);
                    let label = &p.body.as_ref().unwrap().graph[key.block].label;
                    blocks.insert(if &p.name == entry {
                        label.clone()
                    } else {
                        format!("{}::{label}", p.name)
                    });
                }
                BlockRole::AssertFail(id) => {
                    fails.insert(id.0);
                }
                _ => {}
            }
        }
    }
    (blocks, fails)
}

fn set(xs: &[&str]) -> BTreeSet<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

fn all_labels(program: &Program, p: ProcId) -> BTreeSet<String> {
    let cfg = program.proc(p).body.as_ref().unwrap();
    cfg.graph
        .node_indices()
        .map(|n| cfg.graph[n].label.clone())
        .collect()
}

#[test]
fn unwind_bpl() {
    let Some(program) = load_example("unwind.bpl") else {
        return;
    };
    let count = program.proc_by_name("count").unwrap();
    for (k, copies) in [(2u32, 3usize), (3, 4)] {
        let body = unwind_loops(&program, count, k).unwrap();
        assert_eq!(body.copies_of(node(&program, count, "head")).len(), copies);
        assert_eq!(body.copies_of(node(&program, count, "body")).len(), copies);
        assert_eq!(body.copies_of(node(&program, count, "exit")).len(), 1);
        assert_eq!(body.cutoff_edges(), 1);
    }
    let inputs = grid(&["n"], -1..=5);
    let k2 = prepare_entry(&program, count, 2).unwrap();
    check_well_formed(&program, &k2);
    let (r2, _) = reached(&program, &k2, &inputs, &[]);
    assert_eq!(
        r2,
        &all_labels(&program, count) - &set(&["done"]),
        "K = 2: only done is infeasible"
    );
    let k3 = prepare_entry(&program, count, 3).unwrap();
    let (r3, _) = reached(&program, &k3, &inputs, &[]);
    assert_eq!(r3, all_labels(&program, count));
    // n is the only input.
    let names: Vec<_> = k3
        .vars
        .iter()
        .filter_map(|v| match &v.role {
            SsaRole::Input { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, vec!["n"]);
}

fn check_paper(program: &Program) {
    let foo = program.proc_by_name("foo").unwrap();
    let bar = program.proc_by_name("bar").unwrap();
    let passive = prepare_entry(program, bar, 3).unwrap();
    check_well_formed(program, &passive);
    // foo's blocks once each, keyed to foo.
    let mut entered: Vec<String> = passive
        .blocks
        .iter()
        .filter_map(|b| b.enters.as_ref())
        .filter(|t| t.proc == "foo")
        .map(|t| t.label.clone())
        .collect();
    entered.sort();
    assert_eq!(entered, vec!["l1", "l2", "l3", "l4"]);
    let inputs = grid(&["x"], -2..=2);
    let (r, _) = reached(program, &passive, &inputs, &[]);
    assert_eq!(r, set(&["l1", "foo::l1", "foo::l2", "foo::l4"]));
    let alone = prepare_entry(program, foo, 3).unwrap();
    let (r, _) = reached(program, &alone, &grid(&["a", "b"], -1..=1), &[]);
    assert_eq!(r, all_labels(program, foo));
}

#[test]
fn paper_section6_both_syntaxes() {
    let (Some(boogie), Some(paper)) = (
        load_example("paper-section6-boogie.bpl"),
        load_example("paper-section6.bpl"),
    ) else {
        return;
    };
    check_paper(&boogie);
    check_paper(&paper);
}

#[test]
fn assert_bpl() {
    let Some(program) = load_example("assert.bpl") else {
        return;
    };
    let div = program.proc_by_name("div").unwrap();
    let passive = prepare_entry(&program, div, 3).unwrap();
    check_well_formed(&program, &passive);
    let (r, fails) = reached(&program, &passive, &grid(&["x"], -2..=2), &[]);
    assert_eq!(r, set(&["start", "pos", "neg"]));
    assert_eq!(fails.len(), 1);
    // The failure needs x == 0.
    let (_, fails) = reached(&program, &passive, &grid(&["x"], 1..=2), &[]);
    assert!(fails.is_empty());
}

const NESTED: &str = "
procedure nested(n: int, m: int) returns (s: int)
{
  var i: int, j: int;
  init:   i := 0; s := 0; goto outer;
  outer:  goto obody, oexit;
  obody:  assume i < n; j := 0; goto inner;
  inner:  goto ibody, iexit;
  ibody:  assume j < m; j := j + 1; s := s + 1; goto inner;
  iexit:  assume !(j < m); i := i + 1; goto outer;
  oexit:  assume !(i < n); goto check;
  check:  goto deep, far, plain;
  deep:   assume i == 3 && j == 2; return;
  far:    assume j == 4; return;
  plain:  return;
}";

#[test]
fn nested_loops() {
    let (_, program) = load("nested.bpl", NESTED);
    let p = ProcId(0);
    let inputs = grid(&["n", "m"], 0..=4);
    let k3 = prepare_entry(&program, p, 3).unwrap();
    check_well_formed(&program, &k3);
    let (r, _) = reached(&program, &k3, &inputs, &[]);
    assert_eq!(r, &all_labels(&program, p) - &set(&["far"]));
    let k4 = prepare_entry(&program, p, 4).unwrap();
    let (r, _) = reached(&program, &k4, &inputs, &[]);
    assert_eq!(r, all_labels(&program, p));
}

#[test]
fn irreducible_is_split_and_keeps_its_runs() {
    let text = "procedure irr(x: int) returns (n: int) {
  a: n := 0; goto b, c;
  b: n := n + 1; goto c;
  c: n := n + 10; goto b, d, e, f;
  d: assume n == 21; return;
  e: assume n == 32; return;
  f: assume n == 33; return;
}
procedure fine() { s: return; }";
    let (_, program) = load("irr.bpl", text);
    let irr = program.proc_by_name("irr").unwrap();
    // {b, c} is entered at b and at c; node splitting keeps b as the loop
    // header (first in goto order) and copies c for the entry from a, so
    // the back edge is c -> b. With k = 1 the runs leave c with n in
    // {11, 22} (entered at b) or {10, 21, 32} (entered at c's copy).
    let k1 = prepare_entry(&program, irr, 1).unwrap();
    check_well_formed(&program, &k1);
    let (r, _) = reached(&program, &k1, &[HashMap::new()], &[]);
    assert_eq!(r, &all_labels(&program, irr) - &set(&["f"]));
    // n = 33 = b c b c b c from a: two back edges.
    let k2 = prepare_entry(&program, irr, 2).unwrap();
    let (r, _) = reached(&program, &k2, &[HashMap::new()], &[]);
    assert_eq!(r, all_labels(&program, irr));
    // Another procedure is not affected.
    let fine = program.proc_by_name("fine").unwrap();
    assert!(prepare_entry(&program, fine, 2).is_ok());
}

const CALLS: &str = "
var g: int;

procedure pick(lo: int) returns (p: int, q: int);
  requires lo >= 0;
  modifies g;
  ensures lo <= p && p < lo + 10;
  ensures g == old(g) + q;

procedure clamp(v: int, lo: int, hi: int) returns (r: int)
{
  start: goto low, high, mid;
  low:   assume v < lo; r := lo; return;
  high:  assume v > hi; r := hi; return;
  mid:   assume lo <= v && v <= hi; r := v; return;
}

procedure caller(a: int) returns (b: int)
  modifies g;
{
  var t: int, u: int;
  entry: assume a >= 20;
         call b := clamp(a, 0, 10);
         havoc t;
         call t, u := pick(b);
         goto even, odd;
  even:  assume b == 10; assume g == old(g) + u; return;
  odd:   assume b != 10; return;
}
";

#[test]
fn calls_inlined_and_body_less() {
    let (_, program) = load("calls.bpl", CALLS);
    let caller = program.proc_by_name("caller").unwrap();
    let passive = prepare_entry(&program, caller, 2).unwrap();
    check_well_formed(&program, &passive);
    let inputs = grid(&["a", "g"], 19..=21);
    // Choices: t (havoc), then pick's p, q, then g.
    let choices: Vec<Vec<Value>> = [[0, 10, 3, 24], [0, 5, 1, 21], [0, 10, 0, 20]]
        .iter()
        .map(|c| ints(c))
        .collect();
    let (r, fails) = reached(&program, &passive, &inputs, &choices);
    assert_eq!(
        r,
        set(&["entry", "even", "clamp::start", "clamp::high"]),
        "clamp::low, clamp::mid and odd are infeasible in caller"
    );
    assert!(fails.is_empty(), "pick's requires holds: b is 10");
    // The choice sequence along any path.
    let path = paths(&passive)
        .into_iter()
        .find(|p| {
            p.iter()
                .all(|&b| !matches!(passive.blocks[b].role, BlockRole::AssertFail(_)))
        })
        .unwrap();
    let kinds: Vec<(ChoiceKind, String, String)> = path
        .iter()
        .flat_map(|&b| passive.blocks[b].choices.iter())
        .map(|c| (c.kind, c.proc.clone(), c.var.clone()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (ChoiceKind::Havoc, "caller".into(), "t".into()),
            (ChoiceKind::CallOutput, "pick".into(), "p".into()),
            (ChoiceKind::CallOutput, "pick".into(), "q".into()),
            (ChoiceKind::CallOutput, "pick".into(), "g".into()),
        ]
    );
}

const RECURSION: &str = "
procedure down(n: int) returns (r: int)
{
  start:  goto bottom, step;
  bottom: assume n <= 0; r := 0; return;
  step:   assume n > 0; call r := down(n - 1); r := r + 1; return;
}

procedure top(n: int) returns (r: int)
{
  entry: assume n >= 0; call r := down(n); goto big, small;
  big:   assume n == 4 && r == 4; return;
  small: assume n < 4; return;
}
";

#[test]
fn recursion_depth_k() {
    let (_, program) = load("rec.bpl", RECURSION);
    let top = program.proc_by_name("top").unwrap();
    let down = program.proc_by_name("down").unwrap();
    let inputs = grid(&["n"], 0..=5);
    for k in 0..=6u32 {
        let bodies: Vec<_> = (0..2)
            .map(|p| Some(unwind_loops(&program, ProcId(p), k).unwrap()))
            .collect();
        let flat = inline_calls(&program, top, k, &bodies).unwrap();
        let activations = flat.invocations.iter().filter(|i| i.proc == down).count();
        assert_eq!(activations, k as usize + 1, "k = {k}");
        let cut = flat
            .blocks
            .iter()
            .any(|b| b.role == FlatRole::Synthetic(SyntheticKind::RecursionCutOff));
        assert!(cut);
        let passive = passify(&program, &flat);
        check_well_formed(&program, &passive);
        // down as the entry: its recursive call is cut at k = 0.
        let alone = prepare_entry(&program, down, k).unwrap();
        check_well_formed(&program, &alone);
        let (r, _) = reached(&program, &passive, &inputs, &[]);
        // down(n) needs n + 1 activations.
        assert_eq!(r.contains("big"), k >= 4, "k = {k}");
        assert!(r.contains("small"), "k = {k}");
        assert_eq!(r.contains("down::step"), k >= 1, "k = {k}");
    }
}

const FALLTHROUGH_AND_UNINIT: &str = "
procedure helper(x: int) returns (r: int)
{
  var t: int, w: int;
  h0: goto h1, h2;
  h1: assume x > 0; r := t + 1;
  h2: w := w + x;
}

procedure main(a: int) returns (o: int)
{
  var l: int, k: int;
  k := 1;
  call o := helper(a + k);
  m1: assume o == l;
}
";

#[test]
fn fallthrough_uninitialized_and_inputs() {
    let (_, program) = load("ft.bpl", FALLTHROUGH_AND_UNINIT);
    let main = program.proc_by_name("main").unwrap();
    let passive = prepare_entry(&program, main, 1).unwrap();
    check_well_formed(&program, &passive);
    // Uninitialised in helper, read before written: r (returned), t, w.
    let first = passive
        .blocks
        .iter()
        .find(|b| {
            b.enters
                .as_ref()
                .is_some_and(|t| t.proc == "helper" && t.label == "h0")
        })
        .unwrap();
    let names: Vec<_> = first
        .choices
        .iter()
        .map(|c| (c.kind, c.var.as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            (ChoiceKind::Uninitialized, "r"),
            (ChoiceKind::Uninitialized, "t"),
            (ChoiceKind::Uninitialized, "w"),
        ]
    );
    // Inputs: a and l (o and k are written first).
    let mut inputs: Vec<_> = passive
        .vars
        .iter()
        .filter_map(|v| match &v.role {
            SsaRole::Input { name } => Some(name.clone()),
            _ => None,
        })
        .collect();
    inputs.sort();
    assert_eq!(inputs, vec!["a", "l"]);
    // Traces: anon0 is the unlabelled entry block; h1 falls through to h2.
    let mut traces: Vec<Vec<String>> = paths(&passive)
        .iter()
        .map(|p| trace(&passive, p, "main"))
        .collect();
    traces.sort();
    traces.dedup();
    let entry_label = &program.proc(main).body.as_ref().unwrap().graph
        [program.proc(main).body.as_ref().unwrap().entry]
        .label;
    let t = |xs: &[&str]| -> Vec<String> {
        std::iter::once(entry_label.clone())
            .chain(xs.iter().map(|s| s.to_string()))
            .collect()
    };
    assert_eq!(
        traces,
        vec![
            t(&["helper::h0", "helper::h1", "helper::h2", "m1"]),
            t(&["helper::h0", "helper::h2", "m1"]),
        ]
    );
}

/// Size stays linear: a chain of diamonds, each assigning x, has as many
/// join equalities as diamonds and no expression copied.
#[test]
fn passive_size_is_linear() {
    let mut text = String::from("procedure chain(x: int) returns (y: int) {\n  b0: y := x;\n");
    let n = 30;
    for i in 0..n {
        text.push_str(&format!(
            "  goto l{i}, r{i};\n  l{i}: y := y + {i}; goto j{i};\n  r{i}: y := y * 2; goto j{i};\n  j{i}:\n"
        ));
    }
    text.push_str("  assume y > 100;\n}\n");
    let (_, program) = load("chain.bpl", &text);
    let passive = prepare_entry(&program, ProcId(0), 1).unwrap();
    check_well_formed(&program, &passive);
    let assumes: usize = passive.blocks.iter().map(|b| b.assumes.len()).sum();
    // Per diamond: one assignment per branch and one equality per branch.
    assert!(assumes <= 4 * n + 4, "{assumes} assumptions");
    assert!(passive.blocks.len() <= 4 * n + 4);
}

/// An input read only by an assignment whose result is never used is still
/// an input: the interpreter reads it, so the test must give it a value.
#[test]
fn inputs_read_only_in_dead_assignments() {
    let text = "var g: int;
procedure main(x: int, unused: int) returns (r: int)
{
  var z: int, w: int;
  b0: r := z; r := g - x; w := 1; r := w;
}";
    let (_, program) = load("dead.bpl", text);
    let passive = prepare_entry(&program, ProcId(0), 1).unwrap();
    check_well_formed(&program, &passive);
    let inputs: Vec<_> = passive
        .vars
        .iter()
        .filter_map(|v| match &v.role {
            SsaRole::Input { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    // Declaration order: parameters, globals, locals.
    assert_eq!(inputs, vec!["x", "g", "z"]);
}

/// A huge bound is refused with a located error, not a crash.
#[test]
fn huge_bounds_are_refused() {
    let (_, program) = load("rec.bpl", RECURSION);
    let top = program.proc_by_name("top").unwrap();
    let err = prepare_entry(&program, top, 5_000).unwrap_err();
    assert!(err.message.contains("--unwind"), "{}", err.message);
    let (_, program) = load("nested.bpl", NESTED);
    let err = prepare_entry(&program, ProcId(0), 1_000).unwrap_err();
    assert!(err.message.contains("--unwind"), "{}", err.message);
}
