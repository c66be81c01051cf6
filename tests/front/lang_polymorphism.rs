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

/// A Dafny-style heap: a polymorphic map over fields of every type, read
/// and written at three instances, through a polymorphic function, with a
/// `forall<alpha>` axiom about it.
const HEAP: &str = "type ref;
type Field a;
type HeapType = <a>[ref, Field a]a;
const unique alloc: Field bool;
const unique count: Field int;
const unique next: Field ref;
const null: ref;
function read<T>(h: HeapType, o: ref, f: Field T): T { h[o, f] }
function IsGoodHeap(h: HeapType): bool;
axiom (forall<alpha> h: HeapType, o: ref, f: Field alpha ::
  IsGoodHeap(h) && o != null && read(h, o, alloc) ==> read(h, read(h, o, next), alloc));
var Heap: HeapType;

procedure P(o: ref, n: int) returns (r: int)
  requires IsGoodHeap(Heap);
  modifies Heap;
{
  var old_heap: HeapType;
  old_heap := Heap;
  if (o != null && Heap[o, alloc]) {
    if (!Heap[Heap[o, next], alloc]) { r := 1; }
    Heap[o, count] := n;
    if (read(Heap, o, count) != n) { r := 2; }
    if (Heap[o, alloc] != old_heap[o, alloc]) { r := 3; }
    if (Heap == old_heap && n != old_heap[o, count]) { r := 4; }
    if (Heap[o, count] == 5) { r := 5; }
    Heap := Heap[o, next := null];
    if (Heap[o, next] != null) { r := 6; }
    if (Heap != old_heap) { r := 7; }
  }
}
";

#[test]
fn polymorphic_maps_at_their_instances() {
    let a = analyse(HEAP, "P", SolverKind::Z3);
    // The axiom (at `bool`, through `read`) makes `next` allocated.
    assert_eq!(a.block("anon3_Then"), "infeasible");
    // A store is read back; the other instances do not change.
    assert_eq!(a.block("anon5_Then"), "infeasible");
    assert_eq!(a.block("anon7_Then"), "infeasible");
    // Equal heaps are equal at every instance.
    assert_eq!(a.block("anon9_Then"), "infeasible");
    assert_eq!(a.block("anon11_Then"), "covered");
    assert_eq!(a.block("anon13_Then"), "infeasible");
    assert_eq!(a.block("anon15_Then"), "covered");
    // cvc5 reads the datatype too (without the axiom: with quantifiers it
    // answers `unknown` where a model exists).
    let (start, end) = (HEAP.find("axiom").unwrap(), HEAP.find("var Heap").unwrap());
    let plain = format!("{}{}", &HEAP[..start], &HEAP[end..]);
    let a = analyse(&plain, "P", SolverKind::Cvc5);
    for (label, status) in [
        ("anon3_Then", "covered"),
        ("anon5_Then", "infeasible"),
        ("anon7_Then", "infeasible"),
        ("anon9_Then", "infeasible"),
        ("anon11_Then", "covered"),
        ("anon13_Then", "infeasible"),
        ("anon15_Then", "covered"),
    ] {
        assert_eq!(a.block(label), status, "{label}");
    }
    // One polymorphic map type, read at three instances.
    let (_, program) = load(HEAP).unwrap();
    let heap = program.globals.iter().find(|g| g.name == "Heap").unwrap();
    let Type::PolyMap(p) = &heap.ty else {
        panic!("{:?}", heap.ty)
    };
    let mut at: Vec<String> = p.instances().iter().map(|i| i.value.to_string()).collect();
    at.sort();
    assert_eq!(at, ["bool", "int", "ref"]);
    assert_eq!(heap.ty.to_string(), "<a>[ref, Field a]a");
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

/// A type parameter nothing determines is read as `int`, with Boogie's
/// warning ("type parameter T is ambiguous, instantiating to int"), at the
/// application it types.
#[test]
fn ambiguous_type_parameter_is_int_with_a_warning() {
    let text = "function nil<T>(): T;
axiom nil() == 3;
procedure P(x: int) { assume nil() == nil(); assert nil() == 3; }
";
    let (sources, program) = load(text).unwrap();
    let warnings: Vec<String> = program
        .warnings
        .iter()
        .map(|d| format!("{}: {}", sources.location(d.span), d.message))
        .collect();
    let said = "is ambiguous (neither the arguments nor the context give it a type), read as `int` as Boogie reads it";
    assert_eq!(
        warnings,
        // `nil() == 3` takes its type from the other operand.
        [format!("t.bpl:3:30: type parameter `T` {said}")]
    );
    // Read at `int`: the axiom about `nil<int>` proves the assertion.
    let a = analyse(text, "P", SolverKind::Z3);
    assert_eq!(a.assert_at(3), "holds");
    // `Cons(NIL(), NIL())` (Boogie's `test21/EmptyList.bpl`): left to
    // right, the first argument at `int` types the second.
    let text = "type List _;
function NIL<a>(): List a;
function Cons<a>(a, List a): List a;
axiom (forall<a> x: a, l: List a :: Cons(x, l) != NIL());
procedure Q() { assert Cons(NIL(), NIL()) != NIL(); }
";
    let a = analyse(text, "Q", SolverKind::Z3);
    assert_eq!(a.assert_at(5), "holds");
}

/// Type arguments a function's arguments do not give: from a coercion
/// `f(...): T`, the other operand of a binary operator, the other arguments,
/// a map's index, an assignment's target, a function body's result type.
const CONTEXT: &str = "type Box;
function box<a>(x: a): Box;
function unbox<a>(b: Box): a;
axiom (forall<a> x: a :: unbox(box(x)) == x);
axiom (forall<a> x: Box :: {unbox(x): a} box(unbox(x): a) == x);
function nil<T>(): T;
function Id<T>(x: int): T;
axiom (forall x: int :: Id(x) == x);
type Set T = [T]bool;
function Set#Empty<T>(): Set T;
axiom (forall<T> o: T :: { Set#Empty()[o] } !Set#Empty()[o]);
function Member<T>(s: Set T, x: T): bool { s[x] }
function f<T>(): T { nil() }
procedure P(x: int, b: bool) returns (r: int, s: bool)
{
  var m: [int]bool;
  r := nil();
  s := nil();
  m[x] := nil();
  if (unbox(box(x)) != x) { r := 1; }
  if (unbox(box(b)): bool != b) { r := 2; }
  if (nil(): int == nil()) { r := 3; }
  if (-x: int > 0) { r := 4; }
  if (Set#Empty()[x] || Member(Set#Empty(), b)) { r := 5; }
  if (x + Id(1) != x + 1) { r := 6; }
  if (f() != nil(): int) { r := 7; }
}
";

#[test]
fn type_arguments_from_the_context() {
    let a = analyse(CONTEXT, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered");
    assert_eq!(a.block("anon7_Then"), "covered");
    // From a map's index, another argument, the other operand, the
    // function's result type.
    assert_eq!(a.block("anon9_Then"), "infeasible");
    assert_eq!(a.block("anon11_Then"), "infeasible");
    assert_eq!(a.block("anon13_Then"), "infeasible");
    let all = format!("{:?}", a.program);
    for name in ["nil<int>", "nil<bool>", "unbox<int>", "unbox<bool>"] {
        assert!(all.contains(&format!("name: \"{name}\"")), "{name}");
    }
    // A coercion to another type than the expression's.
    assert_eq!(
        errors("procedure P(x: int) { assume (x: bool); }"),
        ["1:31: this expression is int, but is coerced to bool"]
    );
    // Types that cannot be equal at any instance stay an error.
    assert_eq!(
        errors("axiom (forall<T> x: T :: 1 == true);"),
        ["1:26: `==` compares int with bool"]
    );
    // A bit range outside `x[hi:lo]`.
    assert_eq!(
        errors("procedure P(x: int) { assume (x: 3) == x; }"),
        ["1:31: `e: N` (a bit range) is only allowed as the index of a bit extract `x[hi:lo]`, with numerals as bounds"]
    );
}

/// Viper's heap axioms: a type quantifier in the conclusion of an axiom,
/// instantiated with the axiom's own.
const NESTED: &str = "type Ref;
type Field A B;
type HeapType = <A, B>[Ref, Field A B]B;
type Normal;
const unique f: Field Normal int;
const unique g: Field Normal bool;
function Same(h: HeapType, k: HeapType): bool;
axiom (forall h: HeapType, k: HeapType :: Same(h, k) ==>
  (forall <A, B> o: Ref, x: Field A B :: h[o, x] == k[o, x]));
procedure P(h: HeapType, k: HeapType, o: Ref) returns (r: int)
{
  if (Same(h, k) && h[o, f] != k[o, f]) { r := 1; }
  if (Same(h, k) && h[o, g] != k[o, g]) { r := 2; }
  if (h[o, f] != k[o, f]) { r := 3; }
}
procedure Q(h: HeapType, k: HeapType, o: Ref) returns (r: int)
{
  assume (forall <A, B> o2: Ref, x: Field A B :: {k[o2, x]} h[o2, x] == k[o2, x]);
  if (h[o, g] != k[o, g]) { r := 1; }
  if (h[o, f] == 3) { r := 2; }
}
";

#[test]
fn nested_type_quantifiers_in_axioms() {
    let a = analyse(NESTED, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered");
    // In an `assume`: at the instances known there.
    let a = analyse(NESTED, "Q", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "covered");
}

/// Type quantifiers inside expressions, read as Boogie's monomorphizer
/// reads them: the conjunction (`forall`) or disjunction (`exists`) of
/// their instances at the types the program uses (here `Field int` and
/// `Field bool`): left of `==>` in an axiom (Dafny's frame axioms), in a
/// function body, under a negation, and as an assigned value (Dafny's
/// `b$reqreads#0 := (forall<alpha> ...)`).
const INSIDE: &str = "type Field a;
const unique fi: Field int;
const unique fb: Field bool;
function Read(h: <a>[Field a]a): int;
axiom (forall h: <a>[Field a]a, k: <a>[Field a]a ::
  (forall<a> f: Field a :: h[f] == k[f]) ==> Read(h) == Read(k));
function {:inline} SomeTrue(m: <a>[Field a]bool): bool { (exists<a> f: Field a :: m[f]) }
procedure P(h: <a>[Field a]a, k: <a>[Field a]a, m: <a>[Field a]bool) returns (r: int)
{
  if ((forall f: Field int :: h[f] == k[f]) && (forall f: Field bool :: h[f] == k[f])
      && Read(h) != Read(k)) { r := 1; }
  if (h[fi] != k[fi] && Read(h) != Read(k)) { r := 2; }
  if (SomeTrue(m) && (forall<a> f: Field a :: !m[f])) { r := 3; }
  if (m[fi]) { assert SomeTrue(m); r := 4; }
  assert !(forall<a> f: Field a :: m[f]) || m[fb];
}
procedure Q(m: <a>[Field a]bool) returns (b: bool)
{
  b := (forall<a> f: Field a :: m[f]);
  if (b && !m[fi]) { b := false; }
  if (!b && (forall f: Field int :: m[f]) && (forall f: Field bool :: m[f])) { b := true; }
  if (!b) { b := true; }
  assert (exists<a> f: Field a :: m[f]);
}
";

#[test]
fn type_quantifiers_inside_expressions() {
    let a = analyse(INSIDE, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "covered");
    assert_eq!(a.block("anon5_Then"), "infeasible");
    assert_eq!(a.block("anon7_Then"), "covered");
    assert_eq!(a.assert_at(14), "holds");
    assert_eq!(a.assert_at(15), "holds");
    let a = analyse(INSIDE, "Q", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "infeasible");
    assert_eq!(a.block("anon5_Then"), "covered");
    assert_eq!(a.assert_at(23), "can fail");
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
    // A type quantifier inside an expression is checked once, at
    // placeholders, wherever it is.
    assert_eq!(
        errors("procedure P() { assume !(forall<T> y: T :: y + 1 == y); }"),
        ["1:44: `+` needs int operands, but this is T"]
    );
    // A type parameter no pattern mentions is read at `int` only.
    let (_, program) = load("axiom (forall<T> x: T :: x == x);\nprocedure P() {}").unwrap();
    assert!(format!("{program:?}").contains("Quant"));
    assert_eq!(
        errors("function f<T>(x: T): int;\nvar g: int;\naxiom (forall<T> x: T :: f(x) == g);"),
        ["3:7: an axiom may only mention constants, not the variable `g`"]
    );
    // A map type parameter must show in an index or the value type.
    assert_eq!(
        errors("var H: <a>[int]int;"),
        ["1:9: type parameter `a` of a polymorphic map type must occur in its index or value types"]
    );
    assert_eq!(
        errors("type Field a;\nvar H: <a>[Field a]a;\nprocedure P(f: Field int) { assume H[f] == true; }"),
        ["3:36: `==` compares int with bool"]
    );
    assert_eq!(
        errors("type Field a;\nvar H: <a>[Field a]a;\nprocedure P(x: int) { assume H[x] == 1; }"),
        ["3:32: the map's index must be Field a, but this is int"]
    );
}

/// A polymorphic procedure, as Boogie's `test21/PolyList.bpl` writes one:
/// analysed for an abstract type, the type-quantified axioms instantiated
/// at it.
const POLYMORPHIC_PROCEDURE: &str = "type List a;
function Cons<a>(x: a, y: List a) returns (List a);
function Nil<a>(a) returns (List a);
function Len<a>(List a) returns (int);
axiom (forall<a> x: a :: Len(Nil(x)) == 0);
axiom (forall<a> x: a, y: List a :: Len(Cons(x, y)) == 1 + Len(y));
procedure P<a>(x: a, l: List a) returns (r: int)
{
  assert Len(Cons(x, Nil(x))) == 1;
  if (Len(l) == 2) { r := 1; }
  if (Len(Cons(x, l)) == 0) { r := 2; }
  assert Len(Cons(x, Cons(x, Nil(x)))) == 3;
}
";

#[test]
fn polymorphic_procedures_at_abstract_types() {
    let a = analyse(POLYMORPHIC_PROCEDURE, "P", SolverKind::Z3);
    assert_eq!(a.assert_at(9), "holds");
    assert_eq!(a.block("anon1_Then"), "covered");
    assert_eq!(a.block("anon3_Then"), "covered"); // Len(l) = -1: no axiom says more
    assert_eq!(a.assert_at(12), "can fail");
}

/// A call of a polymorphic procedure reaches its instance at the call's
/// types (Boogie's `test0/EmptyCallArgs.bpl`), inlined or summarized by
/// its contract at those types; instances are not entries of their own.
#[test]
fn calls_of_polymorphic_procedures_reach_instances() {
    let text = "procedure Id<a>(x: a) returns (y: a) ensures y == x; { y := x; }
procedure Swap<a, b>(x: a, y: b) returns (u: b, v: a) { u := y; v := x; }
procedure Q(n: int, b: bool) {
  var m: int; var c: bool;
  call m := Id(n);
  call c := Id(b);
  assert m == n && c == b;
  call c, m := Swap(n, b);
  if (c && m == 3) { assert n == 3 && b; } else { assert m == n && (c == b); }
}
";
    let (_, program) = load(text).unwrap();
    let instances: Vec<(&str, Option<&str>)> = program
        .procedures
        .iter()
        .map(|p| {
            let of = p.instance_of.map(|g| program.proc(g).name.as_str());
            (p.name.as_str(), of)
        })
        .collect();
    assert_eq!(
        instances,
        [
            ("Id", None),
            ("Swap", None),
            ("Q", None),
            ("Id<int>", Some("Id")),
            ("Id<bool>", Some("Id")),
            ("Swap<int, bool>", Some("Swap")),
        ]
    );
    let entries = bicd::driver::select_entries(&program, &[]).unwrap();
    assert_eq!(entries.len(), 3, "instances are no entries");
    for solver in [SolverKind::Yices, SolverKind::Z3] {
        let a = analyse(text, "Q", solver);
        assert_eq!(a.assert_at(7), "holds", "{solver}");
        assert_eq!(a.assert_at(9), "holds", "{solver}");
        assert_eq!(a.block("anon1_Then"), "covered", "{solver}");
        assert_eq!(a.block("anon1_Else"), "covered", "{solver}");
    }
    // A polymorphic recursion that asks for ever larger instances is
    // refused where it asks.
    let e = errors(
        "type List a;\nprocedure R<a>(x: a) { var l: List a; call R(l); }\nprocedure S() { call R(1); }",
    );
    assert!(e.iter().any(|m| m.contains("grow without bound")), "{e:?}");
}

/// A polymorphic map type parameter that only the value type shows
/// (`<a>[]a`, `<a>[int]a`, Boogie's `test2/NullaryMaps.bpl` and
/// `test21/MapOutputTypeParams.bpl`): the instance comes from the value
/// stored, the other operand, the condition's `bool`, or the outer map's
/// indices and value.
#[test]
fn map_type_parameters_the_value_type_gives() {
    let text = "var p: <a>[]a;
var q: <a>[int]a;
var r: <a, b>[int][a]b;
procedure P() modifies p, q, r; {
  p[] := 12;
  p[] := true;
  assert p[] == 12;
  assert p[];
  q[13] := 5;
  q[13] := false;
  assert q[13] == 5 && !q[13];
  r[17] := r[17][true := 13];
  r[17] := r[17][true := false];
  assert r[17][true] == 13 && !r[17][true];
  assert q[14] == 5;
}
";
    for solver in [SolverKind::Yices, SolverKind::Z3, SolverKind::Cvc5] {
        let a = analyse(text, "P", solver);
        for line in [7, 8, 11, 14] {
            assert_eq!(a.assert_at(line), "holds", "line {line}, {solver}");
        }
        assert_eq!(a.assert_at(15), "can fail", "{solver}");
    }
}

/// Boogie's `test20/PolyPolyPoly2.bpl`: a select only the context types,
/// inside a store or a `++`, is typed by the other operand of `==`
/// through them (`p[][13 := false] == q` reads `p[]` at `q`'s type), and
/// one whose width nothing gives is `bv0`, which `++` drops, as Boogie's
/// type inference reads it (with a warning each).
#[test]
fn selects_typed_through_stores_and_concatenations() {
    let text = "const p: <a>[]a;
const q: <a,b>[a]b;
const c: bv17;
axiom (p[][13 := false] == q);
axiom (p[] ++ p[] ++ c == p[]);
axiom (p[] ++ p[] == c);
axiom (p[] ++ c[8:0] == c);
procedure P() {
  assert q[13] == false;
  assert p[] == c;
  assert p[] ++ c[8:0] == c;
  assert p[] == c[17:8];
}
";
    for solver in [SolverKind::Z3, SolverKind::Cvc5] {
        let a = analyse(text, "P", solver);
        for line in [9, 10, 11] {
            assert_eq!(a.assert_at(line), "holds", "line {line}, {solver}");
        }
        // `p[]` at bv9 is c's top 9 bits, through the axiom.
        assert_eq!(a.assert_at(12), "holds", "{solver}");
    }
    let (_, program) = load(text).unwrap();
    let warnings: Vec<String> = program.warnings.iter().map(|w| w.message.clone()).collect();
    assert_eq!(
        warnings
            .iter()
            .filter(|w| w.contains("read as 0 as Boogie reads it"))
            .count(),
        2,
        "{warnings:?}"
    );
    // A width nothing gives to the whole is refused.
    let e = errors("const p: <a>[]a;\naxiom (p[] ++ p[] == p[] ++ p[]);");
    assert!(
        e.iter().any(|m| m.contains("a bit-vector of width 0")),
        "{e:?}"
    );
}

/// A polymorphic map whose record holds itself (`q[1] := q` on
/// `<a>[int]a`, as in Boogie's `test21/MapOutputTypeParams.bpl` and
/// Chalice's heaps of heaps) is read as an uninterpreted record sort, not
/// a datatype (whose values are finite trees): `q == q[28 := q]`, which
/// Boogie does not refute, is not called infeasible; what reads the
/// record's fields is decided, with tests that replay.
#[test]
fn a_polymorphic_map_that_holds_itself() {
    let text = "var q: <a>[int]a;
procedure P(x: int) modifies q; {
  var r: <a>[int]a;
  q[7] := 28;
  q[1] := q;
  r := q[1];
  assert r[7] == 28;
  if (x == 1) {
    assume q == q[28 := q];
  } else if (x == 2) {
    assume q[6] == 28;
  } else if (x == 3) {
    assume r[7] != 28;
  }
}
";
    for solver in [SolverKind::Z3, SolverKind::Cvc5] {
        let a = analyse(text, "P", solver);
        assert_eq!(a.assert_at(7), "holds", "{solver}");
        assert_eq!(a.infeasible_lines(), [12], "{solver}");
        assert_ne!(a.block("anon1_Then"), "infeasible", "{solver}");
        // cvc5 answers `unknown` on the record's quantified axiom.
        if solver == SolverKind::Z3 {
            assert_eq!(a.block("anon3_Then"), "covered");
        }
    }
}

/// Viper's `InsidePredicate` transitivity, over nine predicate types: a
/// type quantifier over three of them has 729 substitutions, past the
/// instance limit. Only those under which its trigger has terms are made
/// (here one: `A, B, C` at `P1, P2, P3`), as E-matching can use no other.
fn inside_predicate_program() -> String {
    let mut text = String::from(
        "type Field a;
function Inside<A, B>(p: Field A, q: Field B): bool;
axiom (forall<A, B, C> p: Field A, q: Field B, r: Field C ::
  { Inside(p, q), Inside(q, r) }
  Inside(p, q) && Inside(q, r) ==> Inside(p, r));
",
    );
    for i in 1..=9 {
        text.push_str(&format!("type P{i};\nconst unique f{i}: Field P{i};\n"));
    }
    text.push_str(
        "procedure P() returns (r: int)
{
  if (Inside(f1, f2) && Inside(f2, f3) && !Inside(f1, f3)) { r := 1; }
  if (Inside(f1, f2) && !Inside(f2, f3)) { r := 2; }
}
",
    );
    text
}

#[test]
fn axiom_instances_where_their_triggers_match() {
    let text = inside_predicate_program();
    let a = analyse(&text, "P", SolverKind::Z3);
    assert_eq!(a.block("anon1_Then"), "infeasible");
    assert_eq!(a.block("anon3_Then"), "covered");
    let (_, program) = load(&text).unwrap();
    let all = format!("{program:?}");
    for name in ["Inside<P1, P2>", "Inside<P2, P3>", "Inside<P1, P3>"] {
        assert!(all.contains(&format!("name: \"{name}\"")), "{name}");
    }
    assert!(!all.contains("Inside<P4"));
}
