// Summary mode with recursion: `down` calls itself (a cycle of the call
// graph), so it is inlined into itself to depth K before it is summarised;
// `main` calls it through its summary, refined with n = 2.
// Known answer (inline, K = 3): the else-branch of `main` is infeasible
// (k is always 2); every other block is covered.
var calls: int;

procedure down(n: int) returns (r: int)
  modifies calls;
{
  calls := calls + 1;
  if (n <= 0) {
    r := 0;
  } else {
    call r := down(n - 1);
    r := r + 1;
  }
}

procedure main()
  modifies calls;
{
  var k: int;
  call k := down(2);
  if (k == 2) {
    k := 0;
  } else {
    k := 1;
  }
}
