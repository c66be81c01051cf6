// n! by a counting loop.
procedure factorial(n: int) returns (f: int)
  requires n >= 0;
{
  var i: int;
  f := 1;
  i := 1;
  while (i <= n) {
    f := f * i;
    i := i + 1;
  }
}
