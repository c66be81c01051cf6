// Dead for every iteration count, or only within the bound (issue 20).
// In `count`, `late` needs the loop to run 7 times: with --unwind 3 it is
// infeasible within the bound, and the loop invariant does not rule it
// out, so a larger bound may reach it (proof "bounded"; --unwind 7 covers
// it). `negative` contradicts the invariant `s >= 0`, which holds at every
// loop head a run passes: dead whatever the iteration count (proof
// "unbounded"). In `straight`, which has no loop, `both` is dead outright.
procedure count(n: int) returns (s: int)
{
  var i: int;
  init:     i := 0; s := 0; goto head;
  head:     assert s >= 0; goto body, done;
  body:     assume i < n; goto late, early;
  late:     assume i > 5; s := s + 1; goto check;
  early:    assume i <= 5; goto check;
  check:    goto negative, next;
  negative: assume s < 0; s := 0; goto next;
  next:     i := i + 1; goto head;
  done:     assume i >= n; return;
}

procedure straight(x: int) returns (r: int)
{
  start: goto pos, rest;
  pos:   assume x > 0; goto both, rest;
  both:  assume x < 0; r := 1; return;
  rest:  r := 0; return;
}
