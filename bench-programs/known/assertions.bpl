// Assertions are choices: a run either fails the assertion or continues
// where it holds.
// Expected: in `check`, the assertion `x + 1 > x` holds; `x > 5` can fail
// (a test with x <= 5); `after` is covered (x > 5 can hold).
// In `doomed`, `assert false` always fails: the code after it, the block
// `dead`, is infeasible, and the assertion can fail.
procedure check(x: int) returns (y: int)
{
  start: assert x + 1 > x; goto guarded;
  guarded: assert x > 5; goto after;
  after: y := x; return;
}

procedure doomed(x: int)
{
  start: goto dead, alive;
  dead:  assert false; return;
  alive: return;
}
