//! Replay decides a quantifier exactly where its bound integers only
//! index finite maps (Corral's harnesses), and repairs the map entries of
//! a solver's candidate model that break such a `forall` where the run
//! never reads them (`bicd::check::replay_repairing`).

use bicd::check::{replay, replay_repairing, replay_trusting};
use bicd::front::resolve::load_program;
use bicd::ir::testcase::{Choice, ChoiceKind, Outcome, TestCase, TraceStep, Value};
use bicd::ir::{ProcId, Program};
use bicd::source::SourceMap;

/// A harness's `forall` over memory, then a branch on `M[5]`.
const HARNESS: &str = "var M: [int]int;
procedure main() returns (r: int)
{
  start:
    assume (forall x: int :: M[x] <= 0 || M[x] > 615);
    goto big, seven;
  big:
    assume M[5] > 1000;
    r := 1;
    return;
  seven:
    assume M[5] == 7;
    r := 2;
    return;
}
";

fn load(text: &str) -> (Program, ProcId) {
    let (_, program, entry) = load_with_sources(text);
    (program, entry)
}

/// [`load`], with the sources an analysis reports against.
fn load_with_sources(text: &str) -> (SourceMap, Program, ProcId) {
    let mut sources = SourceMap::new();
    let file = sources.add("harness.bpl".to_string(), text.to_string());
    let program = load_program(&sources, file).expect("loads");
    let entry = program.proc_by_name("main").expect("main");
    (sources, program, entry)
}

/// A test of `main` with memory `M` (`else 0`) that claims the trace
/// `start`, `label`.
fn test_with_memory(entries: &[(i64, i64)], label: &str) -> TestCase {
    let memory = Value::map(
        Value::Int(0.into()),
        entries
            .iter()
            .map(|&(k, v)| (Value::Int(k.into()), Value::Int(v.into()))),
    );
    TestCase {
        id: 1,
        functions: Vec::new(),
        entry: "main".to_string(),
        inputs: [("M".to_string(), memory)].into_iter().collect(),
        choices: Vec::new(),
        trace: ["start", label]
            .iter()
            .map(|l| TraceStep {
                proc: "main".to_string(),
                label: l.to_string(),
            })
            .collect(),
        outcome: Outcome::Returns,
    }
}

#[test]
fn a_forall_over_map_indices_is_decided_not_trusted() {
    let (program, entry) = load(HARNESS);
    // Holds at every stored index and at the others (else 0): nothing is
    // taken on trust.
    let good = test_with_memory(&[(5, 2000), (9, 616)], "big");
    assert_eq!(replay_trusting(&program, entry, &good), Ok(Vec::new()));
    // 7 at index 3 breaks the `forall`: the test does not run.
    let bad = test_with_memory(&[(3, 7), (5, 2000)], "big");
    let e = replay(&program, entry, &bad).unwrap_err();
    assert!(e.message.contains("does not hold"), "{e}");
    assert_eq!(e.block, "start");
}

#[test]
fn entries_that_break_a_forall_where_the_run_never_reads_them_are_dropped() {
    let (program, entry) = load(HARNESS);
    let mut test = test_with_memory(&[(3, 7), (4, 12), (5, 2000), (6, 700)], "big");
    assert!(replay(&program, entry, &test).is_err());
    assert_eq!(replay_repairing(&program, entry, &mut test), Ok(Vec::new()));
    // Only the offending entries went; the one the run reads stayed.
    assert_eq!(
        test.inputs["M"],
        Value::map(
            Value::Int(0.into()),
            [(5, 2000), (6, 700)]
                .into_iter()
                .map(|(k, v): (i64, i64)| (Value::Int(k.into()), Value::Int(v.into())))
        )
    );
    replay(&program, entry, &test).unwrap();
}

#[test]
fn a_forall_broken_where_the_run_reads_is_not_repaired() {
    let (program, entry) = load(HARNESS);
    // The run needs M[5] == 7, which the `forall` forbids: no repair
    // makes this test run, and it is left as it was.
    let mut test = test_with_memory(&[(5, 7)], "seven");
    let before = test.clone();
    let e = replay_repairing(&program, entry, &mut test).unwrap_err();
    assert_eq!(e.block, "start");
    assert_eq!(test, before);
}

/// The harness's memory `havoc`ed, then assumed by a `forall`: the map a
/// candidate model gives is the choice's value.
const HAVOCKED: &str = "var M: [int]int;
procedure main() returns (r: int)
  modifies M;
{
  start:
    havoc M;
    assume (forall x: int :: M[x] == 0);
    goto zero, one;
  zero:
    assume M[5] == 0;
    r := 1;
    return;
  one:
    assume M[5] == 1;
    r := 2;
    return;
}
";

#[test]
fn a_havocked_map_that_breaks_a_forall_is_repaired_in_its_choice() {
    let (program, entry) = load(HAVOCKED);
    // z3's candidate model of `havoc M` (E-matching's): `[5 := 0, else 3]`.
    let memory = Value::map(
        Value::Int(3.into()),
        [(Value::Int(5.into()), Value::Int(0.into()))],
    );
    let mut test = test_with_memory(&[], "zero");
    test.inputs.clear();
    test.choices.push(Choice {
        kind: ChoiceKind::Havoc,
        proc: "main".to_string(),
        var: "M".to_string(),
        value: memory,
        line: 7,
    });
    assert!(replay(&program, entry, &test).is_err());
    assert_eq!(replay_repairing(&program, entry, &mut test), Ok(Vec::new()));
    // The `else` value is the one the run reads, where the body holds.
    assert_eq!(
        test.choices[0].value,
        Value::map(Value::Int(0.into()), std::iter::empty())
    );
    replay(&program, entry, &test).unwrap();
}

/// [`HAVOCKED`] with another map stored into: z3's model-based
/// quantifier instantiation answers `unknown`, its E-matching gives a
/// candidate model that breaks the `forall`.
const HAVOCKED_AND_STORED: &str = "var M: [int]int;
var W: [int]int;
procedure main(p: int) returns (r: int)
  modifies M, W;
{
  havoc M;
  assume (forall x: int :: M[x] == 0);
  if (M[p] == 1) { r := 2; } else { r := 1; }
  W := W[p := 0];
  if (W[p] == 9) { r := 3; }
}
";

#[test]
fn a_havocked_map_assumed_by_a_forall_gets_tests_from_the_analysis() {
    use bicd::back::solver::SolverKind;
    use bicd::driver::{analyze_procedure, BlockStatus, Options};
    let (sources, program, entry) = load_with_sources(HAVOCKED_AND_STORED);
    let options = Options {
        timeout_ms: Some(10_000),
        ..Options::new(SolverKind::Z3)
    };
    let result = analyze_procedure(&program, &sources, entry, &options);
    // All but `r := 2` and `r := 3` covered (z3's candidate model of the
    // `forall` repaired), those two infeasible; before the choices were
    // repaired, nothing was covered.
    let covered = result
        .blocks
        .iter()
        .filter(|b| matches!(b.status, BlockStatus::Covered(_)))
        .count();
    let infeasible = result
        .blocks
        .iter()
        .filter(|b| b.status == BlockStatus::Infeasible)
        .count();
    assert_eq!(
        (covered, infeasible),
        (result.blocks.len() - 2, 2),
        "{:?}",
        result.blocks
    );
    for t in &result.tests {
        replay(&program, entry, t).unwrap();
    }
}
