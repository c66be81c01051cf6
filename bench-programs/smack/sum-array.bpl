// A program in the shape SMACK writes with --bit-precise (bit-vector
// encoding of C integers, byte-addressed memory split into regions), for
//
//   1 int a[4];
//   2 int main(void) {
//   3   unsigned n = __VERIFIER_nondet_uint();
//   4   if (n > 4) return 0;
//   5   int s = 0;
//   6   for (unsigned i = 0; i < n; i++) {
//   7     a[i] = i;
//   8     s += a[i];
//   9   }
//  10   if (s > 6) reach_error();       // dead: s is at most 0+1+2+3
//  11   if (s == 6) s = 7;              // needs four iterations
//  12   __VERIFIER_assert(s != 3);      // fails after three
//  13   return 0;
//  14 }
//
// A slice of SMACK's bit-vector prelude: {:bvbuiltin} operators, {:inline}
// comparisons returning bv1, the memory map $M.0 indexed by byte address,
// a global array at a unique address, the loop as SMACK's gotos with a
// back edge, attributes on procedures, calls and assumes.
// Expected: at --unwind 2 `$bb7` (s == 6) and `$bb5` (reach_error) are
// infeasible and the assertion holds; at --unwind 4 the assertion can fail
// and `$bb7` is covered. `$bb5` stays infeasible "within the bound" at
// every unwinding: it is dead, but proving it needs the loop invariant
// s <= i*(i-1)/2, which the program does not state.

type ref = bv64;
type $mop;
function {:bvbuiltin "bvadd"} $add.bv64(i1: bv64, i2: bv64) returns (bv64);
function {:bvbuiltin "bvmul"} $mul.bv64(i1: bv64, i2: bv64) returns (bv64);
function {:bvbuiltin "bvadd"} $add.bv32(i1: bv32, i2: bv32) returns (bv32);
function {:bvbuiltin "bvult"} $ult.bv32.bool(i1: bv32, i2: bv32) returns (bool);
function {:bvbuiltin "bvugt"} $ugt.bv32.bool(i1: bv32, i2: bv32) returns (bool);
function {:bvbuiltin "bvsgt"} $sgt.bv32.bool(i1: bv32, i2: bv32) returns (bool);
function {:inline} $ult.bv32(i1: bv32, i2: bv32) returns (bv1) { (if $ult.bv32.bool(i1, i2) then 1bv1 else 0bv1) }
function {:inline} $ugt.bv32(i1: bv32, i2: bv32) returns (bv1) { (if $ugt.bv32.bool(i1, i2) then 1bv1 else 0bv1) }
function {:inline} $sgt.bv32(i1: bv32, i2: bv32) returns (bv1) { (if $sgt.bv32.bool(i1, i2) then 1bv1 else 0bv1) }
function {:inline} $eq.bv32(i1: bv32, i2: bv32) returns (bv1) { (if i1 == i2 then 1bv1 else 0bv1) }
function {:inline} $ne.bv32(i1: bv32, i2: bv32) returns (bv1) { (if i1 != i2 then 1bv1 else 0bv1) }
function {:bvbuiltin "(_ zero_extend 32)"} $zext.bv32.bv64(i: bv32) returns (bv64);
function {:inline} $add.ref(p1: ref, p2: ref) returns (ref) { $add.bv64(p1, p2) }
function {:inline} $mul.ref(p1: ref, p2: ref) returns (ref) { $mul.bv64(p1, p2) }
function {:inline} $load.bv32(M: [ref] bv32, p: ref) returns (bv32) { M[p] }
function {:inline} $store.bv32(M: [ref] bv32, p: ref, v: bv32) returns ([ref] bv32) { M[p := v] }
const $0.ref: ref;
axiom ($0.ref == 0bv64);
const {:count 4} a: ref;
axiom (a == $sub.ref(0bv64, 1040bv64));
function {:bvbuiltin "bvsub"} $sub.ref(p1: ref, p2: ref) returns (ref);
var $M.0: [ref] bv32;
const $MOP: $mop;
procedure boogie_si_record_bv32(x: bv32);
procedure boogie_si_record_mop(m: $mop);
procedure __VERIFIER_nondet_uint() returns (r: bv32);
procedure reach_error();
procedure __VERIFIER_assert(c: bv32)
{
  $bb0:
    assume {:sourceloc "sum-array.c", 100, 3} true;
    assert {:sourceloc "sum-array.c", 12, 3} c != 0bv32;
    return;
}

procedure {:entrypoint} main() returns ($r: bv32)
{
  var $i0: bv32;
  var $i1: bv1;
  var $i2: bv32;
  var $i3: bv32;
  var $i4: bv1;
  var $p5: ref;
  var $i6: bv32;
  var $i7: bv32;
  var $i8: bv1;
  var $i9: bv1;
  var $i10: bv1;
  $bb0:
    assume {:sourceloc "sum-array.c", 3, 16} true;
    call $i0 := __VERIFIER_nondet_uint();
    call {:cexpr "n"} boogie_si_record_bv32($i0);
    $i1 := $ugt.bv32($i0, 4bv32);
    assume {:branchcond $i1} true;
    goto $bb1, $bb2;
  $bb1:
    assume ($i1 == 1bv1);
    assume {:sourceloc "sum-array.c", 4, 14} true;
    $r := 0bv32;
    return;
  $bb2:
    assume ($i1 == 0bv1);
    $i2 := 0bv32;
    $i3 := 0bv32;
    goto $bb3;
  $bb3:
    assume {:sourceloc "sum-array.c", 6, 23} true;
    $i4 := $ult.bv32($i3, $i0);
    assume {:branchcond $i4} true;
    goto $bb4, $bb6;
  $bb4:
    assume ($i4 == 1bv1);
    assume {:sourceloc "sum-array.c", 7, 10} true;
    $p5 := $add.ref(a, $mul.ref($zext.bv32.bv64($i3), 4bv64));
    $M.0 := $store.bv32($M.0, $p5, $i3);
    assume {:sourceloc "sum-array.c", 8, 7} true;
    $i6 := $load.bv32($M.0, $p5);
    $i2 := $add.bv32($i2, $i6);
    call {:cexpr "s"} boogie_si_record_bv32($i2);
    $i3 := $add.bv32($i3, 1bv32);
    goto $bb3;
  $bb6:
    assume ($i4 == 0bv1);
    assume {:sourceloc "sum-array.c", 10, 9} true;
    $i8 := $sgt.bv32($i2, 6bv32);
    assume {:branchcond $i8} true;
    goto $bb5, $bb8;
  $bb5:
    assume ($i8 == 1bv1);
    assume {:sourceloc "sum-array.c", 10, 19} true;
    call reach_error();
    goto $bb8;
  $bb8:
    assume {:sourceloc "sum-array.c", 11, 9} true;
    $i9 := $eq.bv32($i2, 6bv32);
    assume {:branchcond $i9} true;
    goto $bb7, $bb9;
  $bb7:
    assume ($i9 == 1bv1);
    assume {:sourceloc "sum-array.c", 11, 19} true;
    $i2 := 7bv32;
    goto $bb9;
  $bb9:
    $i10 := $ne.bv32($i2, 3bv32);
    $i7 := (if $i10 == 1bv1 then 1bv32 else 0bv32);
    call __VERIFIER_assert($i7);
    $r := 0bv32;
    return;
}
