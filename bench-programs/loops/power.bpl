// x to the n by repeated squaring.
procedure power(x: int, n: int) returns (r: int)
  requires n >= 0;
{
  var b: int, e: int;
  r := 1;
  b := x;
  e := n;
  while (e > 0) {
    if (e mod 2 == 1) {
      r := r * b;
    }
    b := b * b;
    e := e div 2;
  }
}
