// A small program in the style SMACK emits for this C function (sum.c):
//
//   int clamp(int x) {        // line 3
//     if (x > 10) {           // line 4
//       x = 10;               // line 5
//     }
//     if (x > 20) {           // line 7
//       x = 0;                // line 8: dead
//     }
//     assert(x != 7);         // line 10
//     return x;               // line 11
//   }
procedure clamp(x: int) returns ($r: int)
{
  var $i0: bool;
  var $i1: bool;
  var $x: int;
$bb0:
  assume {:sourceloc "sum.c", 4, 7} true;
  $x := x;
  $i0 := $x > 10;
  goto $bb1, $bb2;
$bb1:
  assume $i0;
  assume {:sourceloc "sum.c", 5, 7} true;
  $x := 10;
  goto $bb3;
$bb2:
  assume !$i0;
  goto $bb3;
$bb3:
  assume {:sourceloc "sum.c", 7, 7} true;
  $i1 := $x > 20;
  goto $bb4, $bb5;
$bb4:
  assume $i1;
  assume {:sourceloc "sum.c", 8, 7} true;
  $x := 0;
  goto $bb6;
$bb5:
  assume !$i1;
  goto $bb6;
$bb6:
  assume {:sourceloc "sum.c", 10, 3} true;
  assert $x != 7;
  assume {:sourceloc "sum.c", 11, 3} true;
  $r := $x;
  return;
}
