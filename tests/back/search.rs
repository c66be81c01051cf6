//! Search-based cover (issue 21, part 2): with the solver switched off
//! (`SearchMode::Only`), the search reaches blocks behind floating-point
//! and non-linear guards, its tests replay, what it does not reach is
//! `unknown` (never `infeasible`), and the same run finds the same tests.

use bicd::back::cover::{self, BlockVerdict, CoverLimits, CoverMode, CoverResult, SearchMode};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::check::replay::replay;
use bicd::front::resolve::load_program;
use bicd::ir::Program;
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;

/// `x * x == 16.0` with `x` negative (only -4.0), a cube of an integer
/// (only 7), a quadratic equation (a = 8 or -5) and a product,
/// and a block no input reaches (`m * m == 2 * k * k` with `k > 0`: the
/// square root of two is irrational), which the search cannot prove.
const PROGRAM: &str = "
procedure P(x: float53e11, n: int, a: int, b: int, k: int, m: int) returns (r: int)
{
  var y: float53e11;
  y := x * x;
  if (y == 0x1.0e1f53e11 && x < 0x0.0e0f53e11) {
    r := 1;
  }
  if (n * n * n == 343) {
    r := 2;
  }
  if (a * a - 3 * a == 40 && b * a > 1000) {
    r := 3;
  }
  if (k > 0 && m * m == 2 * k * k) {
    r := 4;
  }
}
";

fn search_only(text: &str) -> (Program, SourceMap, CoverResult) {
    let mut sources = SourceMap::new();
    let id = sources.add("search.bpl", text.to_string());
    let program = load_program(&sources, id).unwrap_or_else(|ds| {
        panic!(
            "{}",
            ds.iter().map(|d| d.render(&sources)).collect::<String>()
        )
    });
    let p = program.proc_by_name("P").expect("entry");
    let passive =
        prepare_entry(&program, p, 1).unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    let vc = reachability_vc(&passive);
    // Never asked: the search alone runs.
    let mut solver = Solver::spawn(SolverKind::Yices, Some(10_000)).expect("solver");
    let limits = CoverLimits {
        search: SearchMode::Only,
        ..CoverLimits::default()
    };
    let result = cover::cover(
        &passive,
        &vc,
        &mut solver,
        CoverMode::Statements,
        &limits,
        "P",
        &sources,
    );
    assert_eq!(solver.queries(), 0, "the solver was asked");
    for t in &result.tests {
        replay(&program, p, t)
            .unwrap_or_else(|e| panic!("test {} does not replay: {e}\n{t:?}", t.id));
    }
    (program, sources, result)
}

/// The lines of the blocks with each verdict kind: covered, infeasible,
/// unknown.
fn lines_by_verdict(program: &Program, sources: &SourceMap, r: &CoverResult) -> [Vec<usize>; 3] {
    let mut out: [Vec<usize>; 3] = Default::default();
    for (key, verdict) in &r.blocks {
        let cfg = program.proc(key.proc).body.as_ref().expect("body");
        let Some(span) = cfg.graph[key.block].stmts.first().map(|s| s.span) else {
            continue;
        };
        let line = sources.line(span);
        let kind = match verdict {
            BlockVerdict::Covered(_) => 0,
            BlockVerdict::Infeasible => 1,
            BlockVerdict::Unknown(_) => 2,
        };
        out[kind].push(line);
    }
    for v in &mut out {
        v.sort();
        v.dedup();
    }
    out
}

/// How many blocks no test covers.
fn not_covered(r: &CoverResult) -> usize {
    r.blocks
        .values()
        .filter(|v| !matches!(v, BlockVerdict::Covered(_)))
        .count()
}

#[test]
fn search_alone_reaches_float_and_nonlinear_guards_and_proves_nothing() {
    let (program, sources, r) = search_only(PROGRAM);
    let [covered, infeasible, unknown] = lines_by_verdict(&program, &sources, &r);
    for line in [6, 9, 12] {
        assert!(covered.contains(&line), "line {line} not covered: {r:?}");
    }
    assert!(infeasible.is_empty(), "the search proved something: {r:?}");
    assert_eq!(unknown, vec![15], "{r:?}");
    assert!(r.search.covered >= 3, "{:?}", r.search);
}

#[test]
fn search_is_deterministic() {
    let (_, _, first) = search_only(PROGRAM);
    let (_, _, second) = search_only(PROGRAM);
    assert_eq!(first.tests, second.tests);
    assert_eq!(first.blocks, second.blocks);
}

/// Memory as HAVOC, SMACK and SDV write it: `[int]int` and `[int]bool`
/// maps read and stored at computed addresses, a map given anew by
/// `havoc`. A map the run is given has one value at every index (which
/// the search moves like an integer); stores are values of their own.
const MAPS: &str = "
var Mem: [int]int;
var Valid: [int]bool;

procedure P(p: int, x: int) returns (r: int)
  modifies Mem, Valid;
{
  var q: int;
  if (p > 0 && Valid[p]) {
    Mem[p + 8] := x;
    q := Mem[p + 8] * Mem[p];
    if (q == 3 * x && x > 0) {
      r := 1;
    }
  }
  havoc Mem;
  if (Mem[p] == 12) {
    r := 2;
  }
  Mem[p] := Mem[p] + 1;
  if (Mem[p] == Mem[p + 1] * 2) {
    r := 3;
  }
  if (Mem[p] != Mem[p]) {
    r := 4;
  }
}
";

#[test]
fn search_reaches_blocks_through_integer_maps() {
    let (program, sources, r) = search_only(MAPS);
    // Every block but the one behind `Mem[p] != Mem[p]` (line 24), which
    // no run reaches and the search cannot prove unreachable.
    assert_eq!(not_covered(&r), 1, "{r:?}");
    let [_, infeasible, unknown] = lines_by_verdict(&program, &sources, &r);
    assert!(infeasible.is_empty(), "the search proved something: {r:?}");
    assert_eq!(unknown, vec![24], "{r:?}");
}

/// Uninterpreted functions as SDV's harnesses apply them
/// (`assume alias1(SLAM_guard_S_0, Irp_1)`): a run gives each one values
/// that depend on its inputs, equal at equal arguments, and its test
/// records the points it used, so that the interpreter replays it.
const FUNCTIONS: &str = "
function alias(x: int, y: int): bool;
function f(x: int): int;

procedure P(p: int, q: int) returns (r: int)
{
  if (alias(p, q)) {
    r := 1;
  }
  if (!alias(p, q) && p == q + 3) {
    r := 2;
  }
  if (alias(p, q) && !alias(p, q)) {
    r := 3;
  }
  if (f(p) == 2 && f(q) == -2) {
    r := 4;
  }
}
";

#[test]
fn search_gives_uninterpreted_functions_values_and_records_them() {
    let (program, sources, r) = search_only(FUNCTIONS);
    assert_eq!(not_covered(&r), 1, "{r:?}");
    let [_, infeasible, unknown] = lines_by_verdict(&program, &sources, &r);
    assert!(infeasible.is_empty(), "the search proved something: {r:?}");
    assert_eq!(unknown, vec![13], "{r:?}");
    assert!(
        r.tests.iter().any(|t| !t.functions.is_empty()),
        "no test records a function point: {r:?}"
    );
}

/// What an SDV harness's procedures start with: `const unique`
/// constants (an entry assumption that they are distinct), an allocator
/// whose `ensures` pin its result to `old(alloc)`, and `{:inline}` field
/// offsets. A run has to get past each assumption of the entry block in
/// turn, and after the goal on to an end (the second allocation).
const HARNESS: &str = "
const unique A: int;
const unique B: int;
const unique C: int;
var alloc: int;

function {:inline} field(p: int): int { p + 8 }

procedure Malloc(n: int) returns (r: int);
  modifies alloc;
  ensures r == old(alloc);
  ensures alloc >= old(alloc) + n;

procedure P(p: int) returns (r: int)
  modifies alloc;
{
  var q: int;
  call q := Malloc(4);
  if (field(q) == p && A != p) {
    r := 1;
  }
  call q := Malloc(8);
}
";

#[test]
fn search_passes_unique_constants_allocations_and_defined_functions() {
    let (_, _, r) = search_only(HARNESS);
    assert_eq!(not_covered(&r), 0, "{r:?}");
}

/// What SMACK's prelude gives every procedure: constants an axiom
/// defines (`$0.ref == 0`, one from another through a defined function)
/// and the points of uninterpreted bit operations its ground axioms fix
/// (`$and.i1(1, 1) == 1`). A run has these values or passes no entry
/// block; the goals need them (`$and.i1(1, 1)` is 1, `$MALLOC_TOP` far
/// from any random value), and a wide value for `$p` that the search has
/// to find.
const SMACK_PRELUDE: &str = "
const $0.ref: int;
axiom $0.ref == 0;
const $1.ref: int;
axiom $1.ref == 1;
function {:inline} $sub.ref(p1: int, p2: int): int { p1 - p2 }
const $GLOBALS_BOTTOM: int;
axiom $GLOBALS_BOTTOM == $sub.ref(0, 17544);
const $MALLOC_TOP: int;
axiom $MALLOC_TOP == 9223372036854775807;
function $and.i1(p1: int, p2: int): int;
axiom $and.i1(0, 0) == 0;
axiom $and.i1(0, 1) == 0;
axiom $and.i1(1, 0) == 0;
axiom $and.i1(1, 1) == 1;
function $isZero(p: int): bool;
axiom $isZero(0);
axiom !$isZero(1);

procedure P(a: int, b: int, p: int) returns (r: int)
{
  if ($and.i1(a, b) == 1 && $isZero($0.ref) && !$isZero($1.ref)) {
    r := 1;
  }
  if (p > $GLOBALS_BOTTOM && p < $sub.ref($MALLOC_TOP, 9223372036854000000)) {
    r := 2;
  }
  if ($and.i1(a, b) == 0 && a == 1) {
    r := 3;
  }
}
";

#[test]
fn search_takes_constants_and_function_points_from_axioms() {
    let (_, _, r) = search_only(SMACK_PRELUDE);
    assert_eq!(not_covered(&r), 0, "{r:?}");
    assert!(
        r.tests
            .iter()
            .any(|t| t.functions.iter().any(|p| p.function == "$and.i1")),
        "no test records a point of $and.i1: {r:?}"
    );
}

/// Comparisons as SMACK writes them: each one a flag (`$i1 :=
/// $eq.i32($i3, 864199)`, an `i1` that is 1 or 0), the branch a test of
/// the flag (`assume $i1 == 1`). The flag alone is always 1 away from the
/// value a branch wants; the search measures the comparison behind it,
/// through the defined functions, and finds `x == 123457` and `y <
/// -31337`.
const FLAGS: &str = "
type i1 = int;
type i32 = int;
function {:inline} $eq.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 == i2) }
function {:inline} $eq.i32(i1: i32, i2: i32) returns (i1) { (if $eq.i32.bool(i1, i2) then 1 else 0) }
function {:inline} $slt.i32(i1: i32, i2: i32) returns (i1) { (if i1 < i2 then 1 else 0) }
function {:inline} $mul.i32(i1: i32, i2: i32) returns (i32) { (i1 * i2) }
procedure P(x: i32, y: i32) returns (r: i32)
{
  var $i1: i1;
  var $i2: i1;
  var $i3: i32;
  var $i4: bool;
  $bb0:
    $i3 := $mul.i32(x, 7);
    $i1 := $eq.i32($i3, 864199);
    goto $bb1, $bb2;
  $bb1:
    assume $i1 == 1;
    $i2 := $slt.i32(y, -31337);
    goto $bb3, $bb4;
  $bb2:
    assume !($i1 == 1);
    r := 0;
    return;
  $bb3:
    assume $i2 != 0;
    $i4 := $eq.i32.bool(x + y, 91000);
    goto $bb5, $bb6;
  $bb4:
    assume $i2 != 1;
    r := 2;
    return;
  $bb5:
    assume $i4;
    r := 3;
    return;
  $bb6:
    assume !$i4;
    r := 1;
    return;
}
";

#[test]
fn search_sees_through_the_flags_smack_writes_comparisons_as() {
    let (_, _, r) = search_only(FLAGS);
    assert_eq!(not_covered(&r), 0, "{r:?}");
}
