// A loop with an exit from the middle of its body (a `break`): the exit at
// `stop` needs the counter to reach 2 inside the body.
// Reaching `body` with i == 2 takes the back edge twice.
// Expected with --unwind 1: `stop` is infeasible; with --unwind 2 or more it
// is covered (n >= 3). `never` is infeasible for every bound (i >= 0).
procedure search(n: int) returns (i: int)
{
  init:  i := 0; goto head;
  head:  goto body, done;
  body:  assume i < n; goto stop, cont;
  stop:  assume i == 2; return;
  cont:  assume i != 2; i := i + 1; goto head;
  done:  assume i >= n; goto never, fine;
  never: assume i < 0; return;
  fine:  return;
}
