procedure Next(n: int) returns (m: int where m > n);

procedure Use(a: int) returns (b: int)
{
  call b := Next(a);
  if (b <= a) { b := 0; }      // infeasible: Next's clause over a
  call b := Next(a + 1);
  if (b <= a) { b := 0; }      // covered: the argument is no variable, clause skipped
  call b := Next(b);
  if (b == 0) { b := 1; }      // covered: b is written by the call, clause skipped
}
