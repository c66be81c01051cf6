//! The independent enumerator on Boogie programs of our own with known
//! answers (nested loops, recursion, globals and `old`, contracts, div/mod
//! semantics); every model test replays on the interpreter, which checks
//! that z3's reading of the program and the interpreter's agree.

use crate::support;

use crate::support::enumerate::{enumerate, Enumeration};
use crate::support::load::program_from_text;
use bicd::ir::Program;
use std::collections::BTreeSet;

fn run(program: &Program, proc: &str, k: usize) -> Enumeration {
    let p = program.proc_by_name(proc).unwrap();
    let e = enumerate(program, p, k).unwrap();
    for path in &e.paths {
        if let Err(err) = bicd::check::replay(program, p, &path.test) {
            panic!("{err}\n{:#?}", path.test);
        }
    }
    e
}

fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|s| s.to_string()).collect()
}

#[test]
fn div_and_mod_by_zero_and_negative_numbers() {
    let program = program_from_text(
        "dm.bpl",
        "procedure dm(x: int, y: int) returns (r: int) {
           a: r := x div 0; goto b, c;
           b: assume r != 0; return;
           c: assume x mod 0 == x; goto d, e, f;
           d: assume -7 div 2 == -4 && -7 mod 2 == 1 && 7 div -2 == -3 && -7 div -2 == 4; return;
           e: assume -7 mod -2 != 1; return;
           f: assume y != 0 && x == (x div y) * y + x mod y && x mod y >= 0; goto g, h;
           g: assume x mod y >= y && x mod y >= -y; return;
           h: return;
         }",
    );
    let e = run(&program, "dm", 1);
    // `x div 0` is open (any value, one per numerator): `b` is reached;
    // Euclidean `mod` keeps `e` and `g` unreachable.
    assert_eq!(e.unreached_in(&program, "dm"), set(&["e", "g"]));
    // The test through `b` says which quotient it used.
    let through_b = e
        .paths
        .iter()
        .find(|p| p.trace.iter().any(|(_, l)| l == "b"))
        .expect("a path through b");
    assert!(through_b
        .test
        .functions
        .iter()
        .any(|f| f.function == "(div 0)"));
}

#[test]
fn nested_loops_need_enough_unwinding() {
    let program = program_from_text(
        "nest.bpl",
        "procedure nest(n: int) returns (c: int) {
           var i: int; var j: int;
           s: i := 0; c := 0; goto oh;
           oh: goto ob, ox;
           ob: assume i < n; j := 0; i := i + 1; goto ih;
           ih: goto ib, ix;
           ib: assume j < n; j := j + 1; c := c + 1; goto ih;
           ix: assume !(j < n); goto oh;
           ox: assume !(i < n); goto t;
           t: goto four, nine, other;
           four: assume c == 4; return;
           nine: assume c == 9; return;
           other: assume c != 4 && c != 9; return;
         }",
    );
    assert_eq!(
        run(&program, "nest", 1).unreached_in(&program, "nest"),
        set(&["four", "nine"])
    );
    assert_eq!(
        run(&program, "nest", 2).unreached_in(&program, "nest"),
        set(&["nine"])
    );
    let e3 = run(&program, "nest", 3);
    assert!(e3.unreached_in(&program, "nest").is_empty());
    // n <= 0, 1, 2, 3: one path each.
    assert_eq!(e3.returns(), 4);
}

#[test]
fn globals_old_and_contracts() {
    let program = program_from_text(
        "g.bpl",
        "var g: int;
         procedure bump() modifies g; ensures g == old(g) + 1; { a: g := g + 1; return; }
         procedure user() modifies g; {
           s: g := 5; call bump(); goto ok, bad;
           ok: assume g == 6; return;
           bad: assume g != 6; return;
         }
         procedure e(x: int) returns (y: int) ensures y > x; {
           a: y := x + 1; goto b, c;
           b: return;
           c: y := x; return;
         }
         procedure ext(x: int) returns (y: int); requires x > 0; ensures y == 2 * x;
         procedure useext(x: int) returns (z: int) {
           a: call z := ext(x); goto b, c;
           b: assume z == 2 * x; return;
           c: assume z == 2 * x + 1; return;
         }",
    );
    let user = run(&program, "user", 2);
    assert_eq!(user.unreached_in(&program, "user"), set(&["bad"]));
    assert_eq!((user.returns(), user.failures()), (1, 0));
    let e = run(&program, "e", 2);
    assert!(e.unreached_in(&program, "e").is_empty());
    // The ensures fails on the path through c (the block is still reached).
    assert_eq!((e.returns(), e.failures()), (1, 1));
    let u = run(&program, "useext", 2);
    assert_eq!(u.unreached_in(&program, "useext"), set(&["c"]));
    // ext's requires can fail at the call.
    assert_eq!((u.returns(), u.failures()), (1, 1));
}

#[test]
fn recursion_depth_follows_the_bound() {
    let program = program_from_text(
        "rec.bpl",
        "procedure f(n: int) returns (r: int) {
           l: goto base, step;
           base: assume n <= 0; r := 0; return;
           step: assume n > 0; call r := f(n - 1); r := r + 1; return;
         }
         procedure m() returns (z: int) {
           s: call z := f(2); goto two, other;
           two: assume z == 2; return;
           other: assume z != 2; return;
         }",
    );
    // f(2) makes two nested recursive calls (three active frames of f).
    assert_eq!(
        run(&program, "m", 1).unreached_in(&program, "m"),
        set(&["s", "two", "other"])
    );
    assert_eq!(
        run(&program, "m", 2).unreached_in(&program, "m"),
        set(&["other"])
    );
    // f as the entry: with K = 1 it recurses once.
    let f1 = run(&program, "f", 1);
    assert_eq!(f1.returns(), 2);
}

#[test]
fn irreducible_cfg_is_refused_and_self_loops_are_loops() {
    let program = program_from_text(
        "irr.bpl",
        "procedure irr(x: int) {
           a: goto b, c;
           b: goto c;
           c: goto b, d;
           d: return;
         }
         procedure spin(n: int) returns (i: int) {
           s: i := 0; goto l;
           l: i := i + 1; goto l, out;
           out: assume i == n; return;
           dead: return;
         }",
    );
    let irr = program.proc_by_name("irr").unwrap();
    assert!(support::enumerate::enumerate(&program, irr, 2)
        .unwrap_err()
        .contains("irreducible"));
    // l runs once plus at most k back edges: n in 1..=k+1.
    let e = run(&program, "spin", 2);
    assert_eq!(e.returns(), 3);
    assert_eq!(e.unreached_in(&program, "spin"), set(&["dead"]));
}
