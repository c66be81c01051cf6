// Summary mode: `main` calls `inc` with the constant 7. The statement
// cover of `inc` on its own picks some x (rarely 7); the case for x = 7
// comes from refinement (the caller's argument as a precondition).
// Known answer (inline): the else-branch of `main` is infeasible (y is
// always 8); every other block is covered.
procedure inc(x: int) returns (r: int)
{
  r := x + 1;
}

procedure main()
{
  var y: int;
  call y := inc(7);
  if (y == 8) {
    y := 0;
  } else {
    y := 1;
  }
}
