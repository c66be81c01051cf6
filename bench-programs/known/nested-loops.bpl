// Nested loops: the outer loop runs i = 0..n-1, the inner one j = 0..m-1.
// `deep` needs three outer iterations and two inner ones in the last round;
// `far` needs the inner loop to iterate four times.
// Expected with --unwind 3: every block covered except `far` (infeasible).
// With --unwind 4: every block covered.
procedure nested(n: int, m: int) returns (s: int)
{
  var i: int, j: int;
  init:   i := 0; j := 0; s := 0; goto outer;
  outer:  goto obody, oexit;
  obody:  assume i < n; j := 0; goto inner;
  inner:  goto ibody, iexit;
  ibody:  assume j < m; j := j + 1; s := s + 1; goto inner;
  iexit:  assume !(j < m); i := i + 1; goto outer;
  oexit:  assume !(i < n); goto check;
  check:  goto deep, far, plain;
  deep:   assume i == 3 && j == 2; return;
  far:    assume j == 4; return;
  plain:  return;
}
