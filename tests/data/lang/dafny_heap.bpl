// A Dafny-style program, written after the shape of Dafny's Boogie prelude:
// a polymorphic heap over typed fields, boxes, `$Is` typing functions and
// quantified axioms over type parameters. A method that updates one field
// of an allocated object.
type ref;
const null: ref;
type Field alpha;
type HeapType = <alpha>[ref, Field alpha]alpha;
type Box;
type Ty;
const unique alloc: Field bool;
const unique Node.val: Field int;
const unique Node.next: Field ref;
const unique TInt: Ty;
const unique TNode: Ty;

function $Box<T>(x: T): Box;
function $Unbox<T>(b: Box): T;
axiom (forall<T> x: T :: { $Box(x) } $Unbox($Box(x)): T == x);

function $Is<T>(x: T, t: Ty): bool;
axiom (forall x: int :: { $Is(x, TInt) } $Is(x, TInt));
function $IsGoodHeap(h: HeapType): bool;
function $HeapSucc(a: HeapType, b: HeapType): bool;
axiom (forall<alpha> h: HeapType, r: ref, f: Field alpha, x: alpha ::
  { h[r, f := x] } $IsGoodHeap(h[r, f := x]) ==> $HeapSucc(h, h[r, f := x]));
axiom (forall h: HeapType, o: ref :: { h[o, Node.next] }
  $IsGoodHeap(h) && o != null && h[o, alloc] ==> h[h[o, Node.next], alloc]);

var $Heap: HeapType;

procedure Node.Set(this: ref, v: int) returns (old_val: int)
  requires $IsGoodHeap($Heap);
  requires this != null && $Heap[this, alloc];
  modifies $Heap;
  ensures $Heap[this, Node.val] == v;
{
  old_val := $Heap[this, Node.val];
  if ($Unbox($Box(v)): int != v) {
    old_val := -1;  // dead: boxes round-trip
  }
  if (!$Heap[$Heap[this, Node.next], alloc]) {
    old_val := -2;  // dead: `next` of an allocated node is allocated
  }
  $Heap := $Heap[this, Node.val := v];
  assume $IsGoodHeap($Heap);
  if ($Heap[this, Node.val] != v || !$Heap[this, alloc]) {
    old_val := -3;  // dead: the store reads back, `alloc` is untouched
  }
  if (old_val == v) {
    assert $Is(old_val, TInt);
  }
}
