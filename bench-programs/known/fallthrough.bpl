// Fall-through to the next label and the implicit return after the last
// block; a global read as an input; the ensures of the analysed procedure
// is checked at its exit.
// Expected: every block covered; the ensures `r >= 0` can fail: the path
// a, c, d with x < 0 returns r == x < 0 (through b, r becomes -x > 0).
var limit: int;

procedure flow(x: int) returns (r: int)
  requires limit > 0;
  ensures r >= 0;
{
  a: r := x;
     goto b, c;
  b: assume r < 0;
     r := 0 - r;
  c: assume r <= limit;
  d: r := r + 0;
}
