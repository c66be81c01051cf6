//! Issue 19, milestone 1: polymorphic functions, type constructors, type
//! synonyms with parameters and type-quantified axioms, read by
//! monomorphization (`src/front/resolve/monomorphize.rs`): verdicts with
//! known answers, every test replays, and the refusals (an instantiation
//! without end, a type argument that cannot be inferred) located.

use crate::support::lang::{analyse, errors, load};
use bicd::back::solver::SolverKind;
use bicd::ir::Type;

/// Identity and pair functions at two types each.
const FUNCTIONS: &str = "function id<T>(x: T): T { x }
function fst<A, B>(a: A, b: B): A { a }
function snd<A, B>(a: A, b: B): B { b }
function pick<T>(c: bool, x: T, y: T): T { if c then x else y }

procedure P(x: int, b: bool) returns (r: int)
{
  if (id(x) != x) { r := 1; }
  if (id(b) != b) { r := 2; }
  if (fst(x, b) == x && snd(x, b) == b) { r := 3; }
  if (fst(b, x) != b) { r := 4; }
  if (pick(b, x, 5) == 5 && x != 5 && b) { r := 5; }
  if (pick(b, x, 5) == 5 && !b) { r := 6; }
}
";

#[test]
fn polymorphic_functions_at_two_types() {
    let a = analyse(FUNCTIONS, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered");
    assert_eq!(a.block("anon7_Then"), "infeasible");
    assert_eq!(a.block("anon9_Then"), "infeasible");
    assert_eq!(a.block("anon11_Then"), "covered");
    // One function per instance, named as such; none over a type
    // parameter reaches the program.
    let (_, program) = load(FUNCTIONS).unwrap();
    let all = format!("{program:?}");
    for name in [
        "fst<bool, int>",
        "fst<int, bool>",
        "id<bool>",
        "id<int>",
        "pick<int>",
        "snd<int, bool>",
    ] {
        assert!(all.contains(&format!("name: \"{name}\"")), "{name}");
    }
    for name in ["id<T>", "fst<A, B>", "pick<T>"] {
        assert!(!all.contains(&format!("name: \"{name}\"")), "{name}");
    }
}

/// `forall<T>` axioms, instantiated at the types the program uses.
const AXIOMS: &str = "function wrap<T>(x: T): T;
function size<T>(x: T): int;
axiom (forall<T> x: T :: wrap(x) == x);
axiom (forall x: int :: size(x) == 1);
function zero<T>(x: T): int;
axiom (forall<T> :: (forall x: T :: zero(x) == 0));

procedure P(x: int, b: bool) returns (r: int)
{
  if (wrap(x) != x) { r := 1; }
  if (wrap(b) != b) { r := 2; }
  if (size(x) != 1) { r := 3; }
  if (size(b) != 1) { r := 4; }
  if (zero(x) + zero(b) != 0) { r := 5; }
}
";

#[test]
fn type_quantified_axioms_at_each_instance() {
    let a = analyse(AXIOMS, "P", SolverKind::Z3);
    // The axiom at `int` and at `bool`.
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    // `size` is only known at `int` (the axiom is not polymorphic).
    assert_eq!(a.block("anon5_Then"), "infeasible");
    assert_eq!(a.block("anon7_Then"), "covered");
    // `forall<T> :: e` (type parameters only) at `int` and `bool`.
    assert_eq!(a.block("anon9_Then"), "infeasible");
}

/// A type constructor, its instances distinct sorts; a synonym with a
/// parameter; an axiom quantified over the constructor's argument.
const FIELDS: &str = "type ref;
type Field a;
type Pair a = [a]a;
const unique F: Field int;
const unique G: Field bool;
const unique H: Field int;
function fieldOf<a>(x: a): Field a;
axiom (forall<a> x: a :: fieldOf(x) != fieldOf(x) || true);
function read<a>(h: [ref, Field a]int, r: ref, f: Field a): int;
axiom (forall<a> h: [ref, Field a]int, r: ref, f: Field a :: { read(h, r, f) } read(h, r, f) == h[r, f]);

procedure P(x: int, p: Pair int, hi: [ref, Field int]int, hb: [ref, Field bool]int, o: ref) returns (r: int)
{
  if (F == H) { r := 1; }
  if (p[x] > 0 && p[x] < 1) { r := 2; }
  if (read(hi, o, F) != hi[o, F]) { r := 3; }
  if (read(hb, o, G) != hb[o, G]) { r := 4; }
  if (read(hi, o, F) == 7) { r := 5; }
}
";

#[test]
fn type_constructors_are_sorts_of_their_own() {
    let a = analyse(FIELDS, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "infeasible");
    assert_eq!(a.block("anon7_Then"), "infeasible");
    assert_eq!(a.block("anon9_Then"), "covered");
    let (_, program) = load(FIELDS).unwrap();
    let ty = |name: &str| {
        program
            .globals
            .iter()
            .find(|g| g.name == name)
            .map(|g| g.ty.clone())
            .unwrap()
    };
    assert_eq!(ty("F"), Type::Sort("Field int".into()));
    assert_eq!(ty("G"), Type::Sort("Field bool".into()));
    // `unique` is per type: F and H are distinct, G is in no `distinct`
    // with them (a different sort).
    assert_ne!(ty("F"), ty("G"));
}

#[test]
fn unbounded_instantiation_is_refused() {
    // f at T applies f at Field T: every instance asks for a larger one.
    let text = "type Field a;
function f<T>(x: T): int;
function g<T>(x: T): Field T;
axiom (forall<T> x: T :: f(x) == f(g(x)));
procedure P(x: int) { assume f(x) > 0; }
";
    let e = errors(text);
    assert!(
        e.iter().any(
            |m| m.starts_with("4:34: unsupported: instantiating `f` at `Field (Field")
                && m.contains("grow without bound")
        ),
        "{e:?}"
    );
    // Through a function body.
    let text = "type Field a;
function g<T>(x: T): Field T;
function f<T>(x: T): int { f(g(x)) }
procedure P(x: int) { assume f(x) > 0; }
";
    let e = errors(text);
    assert!(
        e.iter()
            .any(|m| m.starts_with("3:28: unsupported: instantiating `f` at")
                && m.contains("grow without bound")),
        "{e:?}"
    );
}

#[test]
fn type_parameter_not_inferred_is_refused() {
    let text = "function nil<T>(): T;
procedure P(x: int) { assume x == nil(); }
";
    assert_eq!(
        errors(text),
        ["2:35: unsupported: type parameter `T` of `nil` cannot be inferred from the arguments (bicd infers type arguments from the argument types only)"]
    );
}

#[test]
fn polymorphic_type_errors_are_located() {
    // Checked once, with T a type of its own.
    assert_eq!(
        errors("function f<T>(x: T): int { x + 1 }"),
        ["1:28: `+` needs int operands, but this is T"]
    );
    // An instance of a declaration that does not check adds no error.
    assert_eq!(
        errors("function f<T>(x: T): int { x + 1 }\nprocedure P() { assume f(1) == 2; }"),
        ["1:28: `+` needs int operands, but this is T"]
    );
    assert_eq!(
        errors("function f<T>(x: T, y: T): T;\nprocedure P(x: int) { assume f(x, true) == x; }"),
        ["2:35: argument 2 of `f` must be int, but is bool"]
    );
    assert_eq!(
        errors("type Field a;\nvar x: Field;"),
        ["2:8: type constructor `Field` takes 1 argument, but 0 were given"]
    );
    assert_eq!(
        errors("axiom (exists<T> x: T :: true);"),
        ["1:15: unsupported: an existential type quantifier (`exists<T>`): bicd instantiates type quantifiers at the types the program uses, and an `exists` may hold only at another type"]
    );
    assert_eq!(
        errors("procedure P() { assume (forall<T> y: T :: y == y); }"),
        ["1:32: unsupported: a type quantifier (`forall<T>`) inside an expression (bicd instantiates type quantifiers only around a whole axiom)"]
    );
    assert!(errors("axiom (forall<T> x: T :: x == x);")[0]
        .starts_with("1:15: unsupported: type parameter `T` of this axiom occurs in no polymorphic function application"));
    assert_eq!(
        errors("function f<T>(x: T): int;\nvar g: int;\naxiom (forall<T> x: T :: f(x) == g);"),
        ["3:7: an axiom may only mention constants, not the variable `g`"]
    );
    // Polymorphic maps stay refused (milestone 2).
    assert!(errors("type Field a;\nvar H: <a>[Field a]a;")[0]
        .starts_with("2:8: unsupported: polymorphic map types"));
}
