// Recursion is unwound like a loop: a call of `down` nests at most K deep.
// `down(n)` returns 0 after n recursive calls; `bottom` is reached when
// n == 0. In `top`, the block `big` needs down(n) with n == 4, i.e. four
// nested recursive calls.
// Expected with --unwind 3: down: everything covered; top: `big`
// infeasible, `small` covered. With --unwind 4: everything covered.
procedure down(n: int) returns (r: int)
{
  start:  goto bottom, step;
  bottom: assume n <= 0; r := 0; return;
  step:   assume n > 0; call r := down(n - 1); return;
}

procedure top(n: int) returns (r: int)
{
  entry: assume n >= 0; call r := down(n); goto big, small;
  big:   assume n == 4; return;
  small: assume n < 4; return;
}
