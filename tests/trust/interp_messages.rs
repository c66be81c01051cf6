//! Replay errors name the trace step, the block and (rendered with the
//! program's sources) the file, line and column where the run departed.

use crate::support;

use crate::support::handmade::test_case;
use bicd::check::replay;
use bicd::front::resolve::load_program;
use bicd::ir::testcase::Outcome;
use bicd::source::SourceMap;

#[test]
fn error_names_step_block_and_line() {
    let Some(text) = support::shared_text("examples/assert.bpl") else {
        return;
    };
    let mut sources = SourceMap::new();
    let file = sources.add("assert.bpl", text);
    let program = load_program(&sources, file).unwrap();
    let div = program.proc_by_name("div").unwrap();
    let t = test_case(
        "div",
        &[("x", 5)],
        &[],
        &[("div", "start"), ("div", "neg")],
        Outcome::Returns,
    );
    let e = replay(&program, div, &t).unwrap_err();
    let shown = e.to_string();
    assert!(
        shown.contains("trace step 2") && shown.contains("div::neg"),
        "{shown}"
    );
    let rendered = e.render(&sources);
    eprintln!("{rendered}");
    assert!(rendered.starts_with("assert.bpl:7:"), "{rendered}");
    assert!(rendered.contains("neg: assume x < 0"), "{rendered}");
}

const CONTRACTS: &str = "
var g: int;
procedure inc(a: int) returns (b: int)
  requires a >= 0;
  modifies g;
  ensures b == a + 1;
{ l: b := a + 1; g := g + 1; return; }
procedure main(x: int) returns (y: int)
  requires x > 0;
  modifies g;
  ensures g == old(g) + 1;
{ s: call y := inc(x - 2); return; }
";

#[test]
fn contracts_of_parsed_programs() {
    let program = support::load::program_from_text("c.bpl", CONTRACTS);
    let main = program.proc_by_name("main").unwrap();
    let trace = [("main", "s"), ("inc", "l")];
    let t = test_case("main", &[("x", 2), ("g", 7)], &[], &trace, Outcome::Returns);
    replay(&program, main, &t).unwrap();
    // The entry's requires does not hold: the test is bogus.
    let t = test_case("main", &[("x", 0), ("g", 7)], &[], &trace, Outcome::Returns);
    let e = replay(&program, main, &t).unwrap_err();
    assert!(
        e.message.contains("requires") && e.message.contains("x = 0"),
        "{e}"
    );
    // inc's requires fails at the call (x - 2 < 0): the run ends there.
    let inc = program.proc_by_name("inc").unwrap();
    let req = program.proc(inc).requires[0].id;
    let t = test_case(
        "main",
        &[("x", 1), ("g", 7)],
        &[],
        &[("main", "s")],
        Outcome::AssertionFails(req),
    );
    replay(&program, main, &t).unwrap();
    // ... and a test that claims it returns is rejected.
    let t = test_case("main", &[("x", 1), ("g", 7)], &[], &trace, Outcome::Returns);
    assert!(replay(&program, main, &t).is_err());
    // A global the run reads must be an input.
    let t = test_case("main", &[("x", 2)], &[], &trace, Outcome::Returns);
    let e = replay(&program, main, &t).unwrap_err();
    assert!(e.message.contains("`g`"), "{e}");
}
