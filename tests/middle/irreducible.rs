//! Node splitting (`src/middle/unwind/split.rs`) and the unwinding of irreducible
//! bodies: the split graph has the original's runs and is reducible (random
//! small graphs), a hand-written irreducible program has the answer the
//! README's definition of the bound gives, and Boogie's `irreduciblecfg/`
//! tests go through the whole pipeline with every test replayed.

use crate::support;

use bicd::back::solver::{Deadline, SolverKind};
use bicd::driver::{analyze_program, select_entries, BlockStatus, Options};
use bicd::ir::{Cfg, ProcId, Program};
use bicd::middle::unwind::split::{make_reducible, SplitGraph, MAX_SPLIT_COPIES};
use bicd::middle::unwind::{unwind_loops, UnwoundBody, UnwoundKind};
use bicd::source::SourceMap;
use petgraph::graph::NodeIndex;
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

fn load(name: &str, text: &str) -> (SourceMap, Program) {
    support::load::sources_and_program(name, text)
}

fn distinct_successors(cfg: &Cfg, n: NodeIndex) -> Vec<NodeIndex> {
    let mut out = Vec::new();
    for s in cfg.successors(n) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// Number of walks from the entry with exactly `len` edges, in the
/// original body and in the split graph.
fn walks_original(cfg: &Cfg, len: usize) -> usize {
    let mut at: BTreeMap<NodeIndex, usize> = BTreeMap::from([(cfg.entry, 1)]);
    for _ in 0..len {
        let mut next = BTreeMap::new();
        for (&n, &c) in &at {
            for s in distinct_successors(cfg, n) {
                *next.entry(s).or_insert(0) += c;
            }
        }
        at = next;
    }
    at.values().sum()
}

fn walks_split(g: &SplitGraph, len: usize) -> usize {
    let mut at: BTreeMap<usize, usize> = BTreeMap::from([(g.entry, 1)]);
    for _ in 0..len {
        let mut next = BTreeMap::new();
        for (&n, &c) in &at {
            for &s in &g.nodes[n].succs {
                *next.entry(s).or_insert(0) += c;
            }
        }
        at = next;
    }
    at.values().sum()
}

/// Every walk of the original body from its entry with at most `len`
/// edges is the image of a walk of the unwound body from its entry.
fn unwound_has_every_walk(cfg: &Cfg, body: &UnwoundBody, len: usize) -> bool {
    // Pairs (original block, unwound copy) reached after the same walk.
    let mut frontier: Vec<(NodeIndex, usize)> = vec![(cfg.entry, body.entry)];
    for _ in 0..len {
        let mut next = Vec::new();
        for &(n, u) in &frontier {
            for s in distinct_successors(cfg, n) {
                let copy = body.blocks[u]
                    .succs
                    .iter()
                    .copied()
                    .find(|&c| body.blocks[c].origin() == Some(s));
                match copy {
                    Some(c) => next.push((s, c)),
                    None => return false,
                }
            }
        }
        frontier = next;
    }
    true
}

/// A deterministic pseudo-random generator (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A procedure of `n` blocks `b0..`, each with 0 to 3 random `goto`
/// targets (none: `return`).
fn random_program(rng: &mut Lcg) -> String {
    let n = 2 + rng.below(7);
    let mut text = String::from("procedure p() {\n");
    for i in 0..n {
        let k = rng.below(4);
        let targets: Vec<String> = (0..k).map(|_| format!("b{}", rng.below(n))).collect();
        if targets.is_empty() {
            text.push_str(&format!("  b{i}: return;\n"));
        } else {
            text.push_str(&format!("  b{i}: goto {};\n", targets.join(", ")));
        }
    }
    text.push_str("}\n");
    text
}

#[test]
fn node_splitting_keeps_the_runs_and_makes_random_graphs_reducible() {
    let mut rng = Lcg(20240611);
    let mut irreducible = 0;
    for round in 0..400 {
        let text = random_program(&mut rng);
        let (_, program) = load("random.bpl", &text);
        let cfg = program.proc(ProcId(0)).body.as_ref().unwrap();
        let g = make_reducible(&program, ProcId(0), cfg)
            .unwrap_or_else(|e| panic!("round {round}: {}\n{text}", e.message));
        if g.copies_added > 0 {
            irreducible += 1;
        }
        // The entry is the entry block itself.
        assert_eq!(g.nodes[g.entry].origin, cfg.entry);
        assert_eq!(g.nodes[g.entry].copy, 0);
        // Each node's successors are one copy of each goto target of its
        // block, in goto order: the runs correspond one to one.
        for n in &g.nodes {
            let origins: Vec<NodeIndex> = n.succs.iter().map(|&s| g.nodes[s].origin).collect();
            assert_eq!(origins, distinct_successors(cfg, n.origin), "{text}");
        }
        for len in 0..7 {
            assert_eq!(walks_original(cfg, len), walks_split(&g, len), "{text}");
        }
        // Every block reachable in the original has a copy, and no other.
        let mut reachable = HashSet::from([cfg.entry]);
        let mut stack = vec![cfg.entry];
        while let Some(n) = stack.pop() {
            for s in distinct_successors(cfg, n) {
                if reachable.insert(s) {
                    stack.push(s);
                }
            }
        }
        let origins: HashSet<NodeIndex> = g.nodes.iter().map(|n| n.origin).collect();
        assert_eq!(origins, reachable, "{text}");
        // Unwinding accepts it (its own dominator check finds it
        // reducible), every unwound edge is an original edge, and with k
        // as large as the walk length, every short walk is kept.
        let k = 4;
        let body = unwind_loops(&program, ProcId(0), k)
            .unwrap_or_else(|e| panic!("round {round}: {}\n{text}", e.message));
        assert_eq!(body.split_copies, g.copies_added);
        for b in &body.blocks {
            let Some(o) = b.origin() else { continue };
            for &s in &b.succs {
                if let Some(so) = body.blocks[s].origin() {
                    assert!(distinct_successors(cfg, o).contains(&so), "{text}");
                }
            }
        }
        assert!(unwound_has_every_walk(cfg, &body, k as usize), "{text}");
    }
    // The generator does make irreducible graphs.
    assert!(irreducible > 20, "only {irreducible} irreducible graphs");
}

/// The canonical irreducible graph: `a → b, c; b → c, d; c → b`. The cycle
/// {b, c} is entered at b and at c; b (first in goto order, and it costs
/// one copy like c) stays the header, c gets a copy for the entry from a.
#[test]
fn canonical_irreducible_graph_gets_one_copy() {
    let (_, program) = load(
        "canonical.bpl",
        "procedure irr() { a: goto b, c; b: goto c, d; c: goto b; d: return; }",
    );
    let cfg = program.proc(ProcId(0)).body.as_ref().unwrap();
    let label = |n: NodeIndex| cfg.graph[n].label.clone();
    let g = make_reducible(&program, ProcId(0), cfg).unwrap();
    assert_eq!(g.copies_added, 1);
    let copies: Vec<(String, u32)> = g
        .nodes
        .iter()
        .filter(|n| n.copy > 0)
        .map(|n| (label(n.origin), n.copy))
        .collect();
    assert_eq!(copies, vec![("c".to_string(), 1)]);
    // a enters the copy of c, which goes to the header b.
    let a = &g.nodes[g.entry];
    let c1 = a.succs[1];
    assert_eq!(
        (label(g.nodes[c1].origin), g.nodes[c1].copy),
        ("c".into(), 1)
    );
    assert_eq!(label(g.nodes[g.nodes[c1].succs[0]].origin), "b");
    // One loop, headed by b; k = 1: b runs at most twice per entry.
    let body = unwind_loops(&program, ProcId(0), 1).unwrap();
    let b = cfg.block_by_label("b").unwrap();
    let c = cfg.block_by_label("c").unwrap();
    assert_eq!(body.headers, vec![b]);
    assert_eq!(body.copies_of(b).len(), 2);
    // c: the split copy (outside the loop) and two unwinding copies.
    assert_eq!(body.copies_of(c).len(), 3);
    let split_copies = body
        .copies_of(c)
        .into_iter()
        .filter(|&i| matches!(body.blocks[i].kind, UnwoundKind::Copy { split_copy: 1, .. }))
        .count();
    assert_eq!(split_copies, 1);
}

#[test]
fn reducible_bodies_are_not_split() {
    let (_, program) = load(
        "loop.bpl",
        "procedure l(n: int) { var i: int; s: i := 0; goto h; h: goto b, x; \
         b: assume i < n; i := i + 1; goto h; x: assume i >= n; return; dead: goto h; }",
    );
    let cfg = program.proc(ProcId(0)).body.as_ref().unwrap();
    let g = make_reducible(&program, ProcId(0), cfg).unwrap();
    assert_eq!(g.copies_added, 0);
    // `dead` is unreachable: not in the split graph (unwinding keeps it
    // isolated), and its edge into the loop makes nothing irreducible.
    assert_eq!(g.nodes.len(), 4);
    let body = unwind_loops(&program, ProcId(0), 2).unwrap();
    assert_eq!(body.split_copies, 0);
}

/// A chain of irreducible diamonds whose splitting copies more than
/// [`MAX_SPLIT_COPIES`] blocks is refused with the old, located error.
#[test]
fn splitting_that_grows_too_much_is_refused_with_a_located_error() {
    // Cycle through n blocks, every one of them also entered from the
    // entry: each extra entry needs a copy of most of the cycle.
    let n = 80;
    let mut text = String::from("procedure big() {\n  start: goto ");
    let all: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
    text.push_str(&all.join(", "));
    text.push_str(";\n");
    for i in 0..n {
        text.push_str(&format!("  c{i}: goto c{}, out;\n", (i + 1) % n));
    }
    text.push_str("  out: return;\n}\n");
    let (sources, program) = load("big.bpl", &text);
    let err = unwind_loops(&program, ProcId(0), 1).unwrap_err();
    assert!(err.message.contains("irreducible"), "{}", err.message);
    assert!(err.message.contains("`big`"), "{}", err.message);
    assert!(
        err.message.contains(&MAX_SPLIT_COPIES.to_string()),
        "{}",
        err.message
    );
    let shown = err.render(&sources);
    assert!(shown.starts_with("big.bpl:"), "{shown}");
    assert!(shown.contains("block `c"), "{shown}");
}

fn options(unwind: u32, limit: Duration) -> Options {
    Options {
        unwind,
        timeout_ms: Some(2000),
        deadline: Some(Deadline::starting_now(limit)),
        ..Options::new(SolverKind::Yices)
    }
}

/// Block label -> verdict ("covered", "infeasible", "unknown"), for every
/// analysed procedure; panics on a test that does not replay.
fn verdicts(name: &str, text: &str, unwind: u32) -> (BTreeMap<String, String>, Vec<String>) {
    let (sources, program) = load(name, text);
    let entries = select_entries(&program, &[]).unwrap();
    let (result, failures) = analyze_program(
        &program,
        &sources,
        name,
        &entries,
        &options(unwind, Duration::from_secs(20)),
    );
    assert!(failures.is_empty(), "{name}: {failures:?}");
    let mut out = BTreeMap::new();
    let mut errors = Vec::new();
    for p in &result.procedures {
        assert!(!p.input_error, "{name}: {:?}", p.error);
        if let Some(e) = &p.error {
            errors.push(e.clone());
        }
        for b in &p.blocks {
            let v = match b.status {
                BlockStatus::Covered(_) => "covered",
                BlockStatus::Infeasible => "infeasible",
                _ => "unknown",
            };
            out.insert(b.label.clone(), v.to_string());
        }
    }
    (out, errors)
}

/// Two blocks that jump to each other, both entered from the start. Node
/// splitting keeps `a` (first in goto order) as the loop header and gives
/// `b` a copy for the entry from `start`; `b → a` is the back edge. With
/// k back edges per entry into the loop, a run entering at `a` does at
/// most 2k + 2 increments before `exit_b` and 2k + 1 before `exit_a`; a
/// run entering at `b` one more in each case (its first `b` is the copy
/// before the loop). So `exit_a` sees i <= 2k + 2 and `exit_b` i <= 2k + 3.
const TWO_ENTRIES: &str = "
procedure two_entries() returns (i: int) {
  start: i := 0; goto a, b;
  a: i := i + 1; goto b, exit_a;
  b: i := i + 1; goto a, exit_b;
  exit_a: goto a6, a7, done;
  a6: assume i == 6; return;
  a7: assume i == 7; return;
  exit_b: goto b7, b8, done;
  b7: assume i == 7; return;
  b8: assume i == 8; return;
  done: return;
}
";

#[test]
fn hand_written_irreducible_program_has_the_documented_answer() {
    let (k2, errors) = verdicts("two_entries.bpl", TWO_ENTRIES, 2);
    assert!(errors.is_empty(), "{errors:?}");
    let infeasible: Vec<&str> = k2
        .iter()
        .filter(|(_, v)| *v != "covered")
        .map(|(l, _)| l.as_str())
        .collect();
    assert_eq!(infeasible, vec!["a7", "b8"], "{k2:?}");
    assert_eq!(k2["a7"], "infeasible");
    assert_eq!(k2["b8"], "infeasible");
    // One more iteration reaches both.
    let (k3, errors) = verdicts("two_entries.bpl", TWO_ENTRIES, 3);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(k3.values().all(|v| v == "covered"), "{k3:?}");
}

/// Boogie's test `irreduciblecfg/NAME`; `None` (said on standard error)
/// when it is absent.
fn corpus_file(name: &str) -> Option<String> {
    support::shared_text(&format!("boogie-tests/irreduciblecfg/{name}"))
}

/// Boogie's own irreducible tests, `--unwind 2`: they complete, every test
/// replays, and the verdicts are the ones worked out by hand below.
#[test]
fn boogie_irreducible_tests_complete_with_known_verdicts() {
    if support::shared("boogie-tests").is_none() {
        return;
    }
    let covered_all = |name: &str| {
        let (v, errors) = verdicts(name, &corpus_file(name).unwrap(), 2);
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert!(v.values().all(|s| s == "covered"), "{name}: {v:?}");
    };
    covered_all("Canonical.bpl");
    covered_all("CanonicalConditions.bpl");
    covered_all("Await.bpl");
    // B2 → B3 → B4 → B2 never ends: the only terminating runs fail the
    // assertion in B3, which needs j <= 0, so B1 (assume j > 0) is dead,
    // and B3 is never run to its end.
    let (v, errors) = verdicts(
        "BackEdgeCounter.bpl",
        &corpus_file("BackEdgeCounter.bpl").unwrap(),
        2,
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(v["B1"], "infeasible");
    assert_eq!(v["B3"], "infeasible");
    assert_eq!(v["B2"], "covered");
    assert_eq!(v["B4"], "covered");
    // x starts at 0 and leaves the loop only at 10000: with two iterations
    // only the entry and the jump into the loop run to their end.
    let (v, errors) = verdicts("Unsound.bpl", &corpus_file("Unsound.bpl").unwrap(), 2);
    assert!(errors.is_empty(), "{errors:?}");
    let live: Vec<&str> = v
        .iter()
        .filter(|(_, s)| *s != "infeasible")
        .map(|(l, _)| l.as_str())
        .collect();
    assert!(live.is_empty(), "{v:?}");
}

/// Tangled.bpl splits into a large graph (540 blocks at k = 2) whose
/// queries are slow: at k = 1 it completes, every block covered.
#[test]
fn tangled_completes() {
    let Some(text) = corpus_file("Tangled.bpl") else {
        return;
    };
    let (v, _) = verdicts("Tangled.bpl", &text, 1);
    assert!(v.values().all(|s| s != "infeasible"), "{v:?}");
}
