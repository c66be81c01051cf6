//! The interpreter never panics: random (mostly bogus) test cases on the
//! hand-built programs all give `Ok` or a `ReplayError`, and the few that
//! replay really are runs (checked by a second replay with a changed trace).

use crate::support::handmade::*;
use bicd::check::replay;
use bicd::ir::testcase::{Choice, ChoiceKind, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{AssertId, ProcId, Program};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn names(program: &Program) -> (Vec<String>, Vec<(String, String)>) {
    let mut vars = vec!["nonsense".to_string()];
    let mut labels = vec![("nowhere".to_string(), "l0".to_string())];
    for g in &program.globals {
        vars.push(g.name.clone());
    }
    for p in &program.procedures {
        for l in &p.locals {
            vars.push(l.var.name.clone());
        }
        if let Some(cfg) = &p.body {
            for n in cfg.graph.node_indices() {
                labels.push((p.name.clone(), cfg.graph[n].label.clone()));
            }
        }
    }
    (vars, labels)
}

fn random_test(rng: &mut ChaCha8Rng, program: &Program, entry: ProcId) -> TestCase {
    let (vars, labels) = names(program);
    let procs: Vec<String> = program.procedures.iter().map(|p| p.name.clone()).collect();
    let value = |rng: &mut ChaCha8Rng| {
        if rng.gen_bool(0.05) {
            Value::Bool(rng.gen())
        } else {
            Value::Int(rng.gen_range(-12i64..12).into())
        }
    };
    let inputs = (0..rng.gen_range(0..4))
        .map(|_| (vars[rng.gen_range(0..vars.len())].clone(), value(rng)))
        .collect();
    let kinds = [
        ChoiceKind::Havoc,
        ChoiceKind::CallOutput,
        ChoiceKind::Uninitialized,
    ];
    let choices = (0..rng.gen_range(0..4))
        .map(|_| Choice {
            kind: kinds[rng.gen_range(0..3)],
            proc: procs[rng.gen_range(0..procs.len())].clone(),
            var: vars[rng.gen_range(0..vars.len())].clone(),
            value: value(rng),
            line: 1,
        })
        .collect();
    let mut trace: Vec<TraceStep> = (0..rng.gen_range(0..12))
        .map(|_| {
            let (p, l) = &labels[rng.gen_range(0..labels.len())];
            TraceStep {
                proc: p.clone(),
                label: l.clone(),
            }
        })
        .collect();
    let p = program.proc(entry);
    if let (true, Some(cfg)) = (rng.gen_bool(0.7), p.body.as_ref()) {
        trace.insert(
            0,
            TraceStep {
                proc: p.name.clone(),
                label: cfg.graph[cfg.entry].label.clone(),
            },
        );
    }
    TestCase {
        id: 1,
        functions: Vec::new(),
        entry: program.proc(entry).name.clone(),
        inputs,
        choices,
        trace,
        outcome: if rng.gen_bool(0.5) {
            Outcome::Returns
        } else {
            Outcome::AssertionFails(AssertId(rng.gen_range(0..5)))
        },
    }
}

/// Applies one random change to a test.
fn mutate(rng: &mut ChaCha8Rng, test: &mut TestCase, program: &Program) {
    let (vars, labels) = names(program);
    match rng.gen_range(0..7) {
        0 if !test.trace.is_empty() => {
            let i = rng.gen_range(0..test.trace.len());
            test.trace.remove(i);
        }
        1 => {
            let (p, l) = &labels[rng.gen_range(0..labels.len())];
            let i = rng.gen_range(0..=test.trace.len());
            test.trace.insert(
                i,
                TraceStep {
                    proc: p.clone(),
                    label: l.clone(),
                },
            );
        }
        2 if !test.choices.is_empty() => {
            let i = rng.gen_range(0..test.choices.len());
            test.choices[i].value = Value::Int(rng.gen_range(-50i64..50).into());
        }
        3 if !test.inputs.is_empty() => {
            let i = rng.gen_range(0..test.inputs.len());
            test.inputs[i] = Value::Int(rng.gen_range(-50i64..50).into());
        }
        4 if !test.choices.is_empty() => {
            let i = rng.gen_range(0..test.choices.len());
            test.choices.remove(i);
        }
        5 => {
            test.inputs.insert(
                vars[rng.gen_range(0..vars.len())].clone(),
                Value::Bool(true),
            );
        }
        _ => {
            test.outcome = Outcome::AssertionFails(AssertId(rng.gen_range(0..5)));
        }
    }
}

#[test]
fn random_and_mutated_tests_never_panic() {
    let (p1, div, id) = assert_bpl();
    let (p2, foo, bar) = section6_bpl();
    let (p3, count) = unwind_bpl();
    let (p4, main, ext, _, _) = contracts_bpl();
    let cases: [(&Program, ProcId); 6] = [
        (&p1, div),
        (&p2, foo),
        (&p2, bar),
        (&p3, count),
        (&p4, main),
        (&p4, ext),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for i in 0..3000 {
        let (program, entry) = cases[i % cases.len()];
        let test = random_test(&mut rng, program, entry);
        let _ = replay(program, entry, &test);
    }

    // Mutants of good tests.
    let good: Vec<(&Program, ProcId, TestCase)> = vec![
        (
            &p1,
            div,
            test_case(
                "div",
                &[("x", 0)],
                &[],
                &[("div", "start")],
                Outcome::AssertionFails(id),
            ),
        ),
        (
            &p1,
            div,
            test_case(
                "div",
                &[("x", 3)],
                &[],
                &[("div", "start"), ("div", "pos")],
                Outcome::Returns,
            ),
        ),
        (
            &p2,
            bar,
            test_case(
                "bar",
                &[("x", 4)],
                &[],
                &[("bar", "l1"), ("foo", "l1"), ("foo", "l2"), ("foo", "l4")],
                Outcome::Returns,
            ),
        ),
        (
            &p4,
            main,
            test_case(
                "main",
                &[("x", 1), ("g", 5)],
                &[
                    (ChoiceKind::Havoc, "main", "t", 2),
                    (ChoiceKind::CallOutput, "ext", "r", 20),
                    (ChoiceKind::CallOutput, "ext", "g", 6),
                ],
                &[("main", "start")],
                Outcome::Returns,
            ),
        ),
    ];
    let mut rejected = 0;
    for i in 0..3000 {
        let (program, entry, test) = &good[i % good.len()];
        replay(program, *entry, test).unwrap();
        let mut mutant = test.clone();
        for _ in 0..rng.gen_range(1..=3) {
            mutate(&mut rng, &mut mutant, program);
        }
        if replay(program, *entry, &mutant).is_err() {
            rejected += 1;
        }
    }
    // Most changes break a test (some, like another value that takes the
    // same branches, do not).
    assert!(rejected > 2000, "{rejected}");
}

#[test]
fn out_of_range_entry_is_an_error() {
    let (program, _, _) = assert_bpl();
    let test = TestCase {
        id: 1,
        functions: Vec::new(),
        entry: "div".into(),
        inputs: Default::default(),
        choices: vec![],
        trace: vec![],
        outcome: Outcome::Returns,
    };
    assert!(replay(&program, ProcId(9), &test).is_err());
}

/// A recursion 900 calls deep whose every call chooses an uninitialised
/// local: replay tries the choices of each call in a run nested in the
/// caller's step, so the runs nest 900 deep. On a 2 MiB thread (a test
/// thread's, a `--jobs` worker's is 8 MiB) this overflowed the stack and
/// aborted the process (SDV's `1394diag` harness, session 50); the nested
/// runs now grow their stack on the heap.
#[test]
fn replay_of_a_deep_recursion_with_chosen_locals_does_not_overflow_the_stack() {
    let text = "procedure main()
{
  m:
    call r(900);
    return;
}
procedure r(n: int)
{
  var x: int;
  start:
    goto down, up;
  down:
    assume n > 0;
    assume x == 0;
    call r(n - 1);
    return;
  up:
    assume n <= 0;
    return;
}
";
    let mut sources = bicd::source::SourceMap::new();
    let file = sources.add("deep_recursion.bpl", text);
    let program = bicd::front::resolve::load_program(&sources, file).expect("loads");
    let entry = program.proc_by_name("main").expect("a main");
    let step = TraceStep::new;
    let mut trace = vec![step("main", "m")];
    for _ in 0..900 {
        trace.push(step("r", "start"));
        trace.push(step("r", "down"));
    }
    trace.push(step("r", "start"));
    trace.push(step("r", "up"));
    let test = TestCase {
        id: 0,
        entry: "main".to_string(),
        inputs: Default::default(),
        choices: (0..901)
            .map(|_| Choice::new(ChoiceKind::Uninitialized, "r", "x", Value::Int(0.into())))
            .collect(),
        trace,
        functions: Vec::new(),
        outcome: Outcome::Returns,
    };
    let replayed = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || replay(&program, entry, &test).map_err(|e| e.to_string()))
        .expect("a thread")
        .join()
        .expect("the replay does not panic");
    assert_eq!(replayed, Ok(()));
}
