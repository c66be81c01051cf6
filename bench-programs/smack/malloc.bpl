// SMACK shape, default memory model (addresses reused: $Alloc, $Size maps,
// body-less $$alloc/$free with quantified ensures), for
//   1 int main(void) {
//   2   int n = __VERIFIER_nondet_int();
//   3   if (n <= 0 || n > 10) return 0;
//   4   int *p = malloc(n * 4);
//   5   int *q = malloc(4);
//   6   if (p != 0 && p == q) reach_error();   // dead: fresh blocks differ
//   7   *q = n;
//   8   free(p);
//   9   return *q;
//  10 }
type i1 = int;
type i32 = int;
type i64 = int;
type ref = i64;
const $0.ref: ref;
axiom ($0.ref == 0);
const $4.ref: ref;
axiom ($4.ref == 4);
const $MALLOC_TOP: ref;
axiom ($MALLOC_TOP == 9223372036841326591);
function {:inline} $add.ref(p1: ref, p2: ref) returns (ref) { (p1 + p2) }
function {:inline} $sub.ref(p1: ref, p2: ref) returns (ref) { (p1 - p2) }
function {:inline} $mul.ref(p1: ref, p2: ref) returns (ref) { (p1 * p2) }
function {:inline} $eq.ref.bool(p1: ref, p2: ref) returns (bool) { (p1 == p2) }
function {:inline} $ne.ref.bool(p1: ref, p2: ref) returns (bool) { (p1 != p2) }
function {:inline} $slt.ref.bool(p1: ref, p2: ref) returns (bool) { (p1 < p2) }
function {:inline} $sle.ref.bool(p1: ref, p2: ref) returns (bool) { (p1 <= p2) }
function {:inline} $sle.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 <= i2) }
function {:inline} $sgt.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 > i2) }
function {:inline} $sext.i32.i64(i: i32) returns (i64) { i }
function {:inline} $load.i32(M: [ref] i32, p: ref) returns (i32) { M[p] }
function {:inline} $store.i32(M: [ref] i32, p: ref, v: i32) returns ([ref] i32) { M[p := v] }
function $base(ref) returns (ref);
var $M.0: [ref] i32;
var $Alloc: [ref] bool;
var $Size: [ref] ref;
var $allocatedCounter: int;
var $exn: bool;
var $exnv: int;
type $mop;
const $MOP: $mop;
procedure boogie_si_record_mop(m: $mop);
procedure boogie_si_record_i32(x: i32);
procedure boogie_si_record_ref(x: ref);
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure __VERIFIER_nondet_int() returns (r: i32);
  ensures (-2147483648 <= r) && (r <= 2147483647);
procedure reach_error();
procedure {:inline 1} $$alloc(n: ref) returns (p: ref);
  modifies $Alloc, $Size;
  ensures $sle.ref.bool($0.ref, n);
  ensures $slt.ref.bool($0.ref, n) ==> $slt.ref.bool($0.ref, p) && $slt.ref.bool(p, $sub.ref($MALLOC_TOP, n));
  ensures $eq.ref.bool(n, $0.ref) ==> p == $0.ref;
  ensures !old($Alloc[p]);
  ensures (forall q: ref :: old($Alloc[q]) ==> ($slt.ref.bool($add.ref(p, n), q) || $slt.ref.bool($add.ref(q, $Size[q]), p)));
  ensures $Alloc[p];
  ensures $Size[p] == n;
  ensures (forall q: ref :: {$Size[q]} q != p ==> $Size[q] == old($Size[q]));
  ensures (forall q: ref :: {$Alloc[q]} q != p ==> $Alloc[q] == old($Alloc[q]));
  ensures (forall q: ref :: {$base(q)} $sle.ref.bool(p, q) && $slt.ref.bool(q, $add.ref(p, n)) ==> $base(q) == p);
procedure $alloc(n: ref) returns (p: ref)
{
  call corral_atomic_begin();
  call p := $$alloc(n);
  call corral_atomic_end();
}
procedure $malloc(n: ref) returns (p: ref)
  modifies $allocatedCounter;
{
  call corral_atomic_begin();
  if ($ne.ref.bool(n, $0.ref)) {
    $allocatedCounter := $allocatedCounter + 1;
  }
  call p := $$alloc(n);
  call corral_atomic_end();
}
procedure $free(p: ref);
  modifies $Alloc, $allocatedCounter;
  requires $eq.ref.bool(p, $0.ref) || ($slt.ref.bool($0.ref, p) && $eq.ref.bool($base(p), p) && $Alloc[p]);
  ensures $ne.ref.bool(p, $0.ref) ==> !$Alloc[p];
  ensures $ne.ref.bool(p, $0.ref) ==> (forall q: ref :: {$Alloc[q]} q != p ==> $Alloc[q] == old($Alloc[q]));
  ensures $ne.ref.bool(p, $0.ref) ==> $allocatedCounter == old($allocatedCounter) - 1;
  ensures $eq.ref.bool(p, $0.ref) ==> $allocatedCounter == old($allocatedCounter);
procedure {:entrypoint} main() returns ($r: i32)
{
  var $i0: i32;
  var $i1: bool;
  var $i2: i64;
  var $p3: ref;
  var $p4: ref;
  var $i5: i32;
  $bb0:
    call $initialize();
    assume {:sourceloc "malloc.c", 2, 11} true;
    call $i0 := __VERIFIER_nondet_int();
    call {:cexpr "n"} boogie_si_record_i32($i0);
    $i1 := $sle.i32.bool($i0, 0) || $sgt.i32.bool($i0, 10);
    assume {:branchcond $i1} true;
    goto $bb1, $bb2;
  $bb1:
    assume $i1;
    assume {:sourceloc "malloc.c", 3, 29} true;
    $r := 0;
    return;
  $bb2:
    assume !$i1;
    assume {:sourceloc "malloc.c", 4, 12} true;
    $i2 := $sext.i32.i64($i0);
    call $p3 := $malloc($mul.ref($i2, $4.ref));
    call {:cexpr "p"} boogie_si_record_ref($p3);
    assume {:sourceloc "malloc.c", 5, 12} true;
    call $p4 := $malloc($4.ref);
    call {:cexpr "q"} boogie_si_record_ref($p4);
    goto $bb3, $bb4;
  $bb3:
    assume $ne.ref.bool($p3, $0.ref) && $eq.ref.bool($p3, $p4);
    assume {:sourceloc "malloc.c", 6, 32} true;
    call reach_error();
    goto $bb4;
  $bb4:
    assume {:sourceloc "malloc.c", 7, 6} true;
    $M.0 := $store.i32($M.0, $p4, $i0);
    assume {:sourceloc "malloc.c", 8, 3} true;
    call $free($p3);
    assume {:sourceloc "malloc.c", 9, 10} true;
    $i5 := $load.i32($M.0, $p4);
    $r := $i5;
    return;
}
procedure $initialize()
{
  call __SMACK_static_init();
  return;
}
procedure __SMACK_static_init()
{
  $bb0:
    $Alloc := $Alloc[$0.ref := false];
    return;
}
