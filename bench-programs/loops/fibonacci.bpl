// The n-th Fibonacci number, iteratively.
procedure fibonacci(n: int) returns (f: int)
  requires n >= 0;
{
  var a: int, b: int, i: int, t: int;
  a := 0;
  b := 1;
  i := 0;
  while (i < n) {
    t := a + b;
    a := b;
    b := t;
    i := i + 1;
  }
  f := a;
}
