// A VCC-style program, written after the shape of VCC's Boogie prelude:
// typed pointers, a polymorphic memory of typed fields, `$is<T>` type
// predicates and ownership state, with axioms quantified over types.
type $ptr;
type $ctype;
type $field T;
type $memory = <T>[$ptr, $field T]T;
type $state;

const unique ^^i4: $ctype;
const unique ^Point: $ctype;
const unique Point.x: $field int;
const unique Point.y: $field int;
const unique $f_owner: $field $ptr;
const unique $f_closed: $field bool;
const $me: $ptr;

function $typ(p: $ptr): $ctype;
function $is<T>(x: T, t: $ctype): bool;
function $mem($s: $state): $memory;
function $in_range_i4(x: int): bool { -2147483648 <= x && x <= 2147483647 }
axiom (forall<T> x: T, t: $ctype :: { $is(x, t) } $is(x, t) ==> t != ^Point || $is(x, ^Point));
axiom (forall s: $state, p: $ptr :: { $mem(s)[p, $f_closed] }
  $mem(s)[p, $f_closed] ==> $mem(s)[p, $f_owner] != $me);

var $s: $state;
var $m: $memory;

procedure Point_move(p: $ptr, dx: int) returns (r: int)
  requires $typ(p) == ^Point;
  requires $in_range_i4(dx);
  modifies $m;
{
  assume $m == $mem($s);
  if ($m[p, $f_closed]) {
    if ($m[p, $f_owner] == $me) {
      r := 1;  // dead: a closed object is not owned by the thread
    }
    r := 2;
  } else {
    assume $in_range_i4($m[p, Point.x]);
    if ($in_range_i4($m[p, Point.x] + dx)) {
      $m := $m[p, Point.x := $m[p, Point.x] + dx];
      assert $in_range_i4($m[p, Point.x]);
      if ($m[p, Point.y] != $mem($s)[p, Point.y]) {
        r := 3;  // dead: only `x` was written
      }
    } else {
      r := 4;
    }
  }
}
