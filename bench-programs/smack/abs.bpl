// A program in the shape SMACK (C to Boogie through LLVM) writes, for
//
//   1 int abs_val(int x) {
//   2   if (x < 0) return -x;
//   3   return x;
//   4 }
//   5 int main(void) {
//   6   int a = __VERIFIER_nondet_int();
//   7   int b = abs_val(a);
//   8   if (b < 0 && a != -2147483648) { reach_error(); }  // dead in int math
//   9   __VERIFIER_assert(b >= 0 || a == -2147483648);
//  10   return 0;
//  11 }
//
// with SMACK's integer encoding of i32 (a slice of its prelude: type
// synonyms, {:inline} operator functions, bv2int/int2bv builtins, the
// memory map $M.0, $alloc, attributes on procedures, calls and assumes).
// Expected (bicd cover --unwind 2): `main` is the {:entrypoint}; $bb3
// (the reach_error call) is dead; the assertion holds; every other block
// is covered; the modifies clause of `main` is inferred ($M.0, $CurrAddr).

type i1 = int;
type i32 = int;
type i64 = int;
type ref = i64;
const $0: i32;
axiom ($0 == 0);
const $0.ref: ref;
axiom ($0.ref == 0);
function {:inline} $add.i32(i1: i32, i2: i32) returns (i32) { (i1 + i2) }
function {:inline} $sub.i32(i1: i32, i2: i32) returns (i32) { (i1 - i2) }
function {:inline} $slt.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 < i2) }
function {:inline} $slt.i32(i1: i32, i2: i32) returns (i1) { (if $slt.i32.bool(i1, i2) then 1 else 0) }
function {:inline} $sge.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 >= i2) }
function {:inline} $sge.i32(i1: i32, i2: i32) returns (i1) { (if $sge.i32.bool(i1, i2) then 1 else 0) }
function {:inline} $ne.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 != i2) }
function {:inline} $ne.i32(i1: i32, i2: i32) returns (i1) { (if $ne.i32.bool(i1, i2) then 1 else 0) }
function {:inline} $eq.i32.bool(i1: i32, i2: i32) returns (bool) { (i1 == i2) }
function {:inline} $eq.i32(i1: i32, i2: i32) returns (i1) { (if $eq.i32.bool(i1, i2) then 1 else 0) }
function {:inline} $and.i1(i1: i1, i2: i1) returns (i1) { (if i1 == 1 then i2 else 0) }
function {:inline} $or.i1(i1: i1, i2: i1) returns (i1) { (if i1 == 1 then 1 else i2) }
function {:builtin "bv2int"} $bv2int.32(i: bv32) returns (i32);
function {:builtin "(_ int2bv 32)"} $int2bv.32(i: i32) returns (bv32);
function {:bvbuiltin "bvneg"} $neg.bv32(i: bv32) returns (bv32);
function {:inline} $neg.i32.wrapped(i: i32) returns (i32) { $bv2int.32($neg.bv32($int2bv.32(i))) }
var $M.0: [ref] i32;
var $CurrAddr: ref;
procedure $alloc(n: ref) returns (p: ref);
  modifies $CurrAddr;
  ensures (p > $0.ref) && (p == old($CurrAddr)) && ($CurrAddr > old($CurrAddr) + n);
procedure __VERIFIER_nondet_int() returns (r: i32);
  ensures (-2147483648 <= r) && (r <= 2147483647);
procedure boogie_si_record_i32(x: i32);
procedure reach_error();
procedure __VERIFIER_assert(c: i32)
{
  $bb0:
    assume {:sourceloc "abs.c", 100, 3} true;
    assert {:sourceloc "abs.c", 9, 3} c != 0;
    return;
}

procedure {:inline 1} abs_val(x: i32) returns ($r: i32)
{
  var $i0: i1;
  var $i1: i32;
  $bb0:
    assume {:sourceloc "abs.c", 2, 7} true;
    assume {:verifier.code 0} true;
    $i0 := $slt.i32(x, $0);
    assume {:branchcond $i0} true;
    goto $bb1, $bb2;
  $bb1:
    assume ($i0 == 1);
    assume {:sourceloc "abs.c", 2, 19} true;
    $i1 := $neg.i32.wrapped(x);
    $r := $i1;
    return;
  $bb2:
    assume !($i0 == 1);
    assume {:sourceloc "abs.c", 3, 3} true;
    $r := x;
    return;
}

procedure {:entrypoint} main() returns ($r: i32)
{
  var $p0: ref;
  var $i1: i32;
  var $i2: i32;
  var $i3: i1;
  var $i4: i1;
  var $i5: i1;
  var $i6: i1;
  var $i7: i1;
  var $i8: i1;
  $bb0:
    call $p0 := $alloc(4);
    assume {:sourceloc "abs.c", 6, 11} true;
    call $i1 := __VERIFIER_nondet_int();
    call {:cexpr "a"} boogie_si_record_i32($i1);
    $M.0 := $M.0[$p0 := $i1];
    assume {:sourceloc "abs.c", 7, 11} true;
    call $i2 := abs_val($M.0[$p0]);
    call {:cexpr "b"} boogie_si_record_i32($i2);
    $i3 := $slt.i32($i2, $0);
    $i4 := $ne.i32($i1, -2147483648);
    $i5 := $and.i1($i3, $i4);
    assume {:branchcond $i5} true;
    goto $bb3, $bb4;
  $bb3:
    assume ($i5 == 1);
    assume {:sourceloc "abs.c", 8, 36} true;
    call reach_error();
    goto $bb4;
  $bb4:
    assume !($i5 == 1) || true;
    $i6 := $sge.i32($i2, $0);
    $i7 := $eq.i32($i1, -2147483648);
    $i8 := $or.i1($i6, $i7);
    assume {:sourceloc "abs.c", 9, 3} true;
    call __VERIFIER_assert($i8);
    $r := $0;
    return;
}
