// Greatest common divisor by repeated subtraction.
procedure gcd(a: int, b: int) returns (r: int)
  requires a > 0 && b > 0;
{
  var x: int, y: int;
  x := a;
  y := b;
  while (x != y) {
    if (x > y) {
      x := x - y;
    } else {
      y := y - x;
    }
  }
  r := x;
}
