// Whether n is prime, by trial division.
procedure is_prime(n: int) returns (p: bool)
  requires n >= 2;
{
  var d: int;
  p := true;
  d := 2;
  while (d * d <= n) {
    if (n mod d == 0) {
      p := false;
      return;
    }
    d := d + 1;
  }
}
