//! Statement cover of a program with quantified axioms (z3 in E-matching
//! mode, issue 18): the flow for quantified VCs (assertions refuted first,
//! one forward question each; the enabling-clause loop with a capped
//! query time; the dead-code pass and the rounds over single goals) gives
//! the same verdicts as the enabling-clause loop alone: assertions that
//! hold because of an axiom are proved, an assertion that can fail gets a
//! test, a block that assumes `false` and a block only the axiom rules
//! out are infeasible, every other block is covered, and every test
//! replays (taking the axiom on trust).

use bicd::back::cover::{
    cover_tuned, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverTuning,
};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::replay_trusting;
use bicd::front::resolve::load_program;
use bicd::ir::ProcId;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;

const PROGRAM: &str = "function f(x: int): int;
axiom (forall x: int :: {f(x)} f(x) > x);
procedure p(a: int, b: int) returns (r: int)
{
  r := f(a);
  assert r > a;
  assert f(b) > b;
  if (r < a) {
    r := 0;
  } else if (b > 100) {
    r := 1;
  } else {
    r := 2;
  }
  goto ok, dead;
  ok:
    assert r != 1;
    return;
  dead:
    assume false;
    return;
}
";

#[test]
fn quantified_flow_agrees_with_the_enabling_clause_loop() {
    if !crate::support::installed_or_skip(SolverKind::Z3) {
        return;
    }
    let mut sources = SourceMap::new();
    let file = sources.add("axioms.bpl".to_string(), PROGRAM.to_string());
    let program = load_program(&sources, file).expect("loads");
    let passive = prepare_entry(&program, ProcId(0), 3).expect("prepares");
    let vc = reachability_vc(&passive);
    assert!(vc.features.quantifiers);
    let run = |accelerate: bool| {
        let mut solver = Solver::spawn(SolverKind::Z3, None).expect("z3 is installed");
        cover_tuned(
            &passive,
            &vc,
            &mut solver,
            CoverMode::Statements,
            &CoverLimits::default(),
            &CoverTuning {
                accelerate_statements: accelerate,
                accelerate_from_blocks: 0,
                ..CoverTuning::default()
            },
            "p",
            &sources,
        )
    };
    for (flow, result) in [("quantified flow", run(true)), ("loop alone", run(false))] {
        assert_eq!(result.error, None, "{flow}");
        let infeasible = result
            .blocks
            .values()
            .filter(|v| **v == BlockVerdict::Infeasible)
            .count();
        let covered = result
            .blocks
            .values()
            .filter(|v| matches!(v, BlockVerdict::Covered(_)))
            .count();
        assert_eq!(infeasible, 2, "{flow}: {:?}", result.blocks);
        assert_eq!(
            covered,
            result.blocks.len() - 2,
            "{flow}: {:?}",
            result.blocks
        );
        let mut asserts: Vec<&str> = result
            .asserts
            .values()
            .map(|v| match v {
                AssertVerdict::CanFail(_) => "can fail",
                AssertVerdict::Holds => "holds",
                AssertVerdict::Unknown(_) => "unknown",
            })
            .collect();
        asserts.sort();
        assert_eq!(asserts, ["can fail", "holds", "holds"], "{flow}");
        for t in &result.tests {
            replay_trusting(&program, ProcId(0), t)
                .unwrap_or_else(|e| panic!("{flow}: test {} does not replay: {e:?}", t.id));
        }
    }
}
