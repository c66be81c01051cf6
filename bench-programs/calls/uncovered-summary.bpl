// Summary mode: `sel(7)` always returns 0, so the else-branch of `main` is
// infeasible. The summary of `sel` (its tests, refined with x = 7) gives no
// run there, and the over-approximation (any result) cannot prove it dead:
// without --summary-confirm it is `uncovered (summary)`; with it (inlined
// re-check) it is `infeasible`, as in inline mode.
procedure sel(x: int) returns (r: int)
{
  if (x == 42) {
    r := 1;
  } else {
    r := 0;
  }
}

procedure main()
{
  var y: int;
  call y := sel(7);
  if (y == 0) {
    y := 5;
  } else {
    y := 6;
  }
}
