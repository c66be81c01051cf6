// Loop-iteration coverage (bicd cover --loop-coverage): for each loop and
// each count 0..K, a run that leaves the loop after going around it that
// many times. Expected at --unwind 3:
// - `upto`: left after 0, 1 and 2 times; never after 3 (n <= 2).
// - `find`: left by its `return` after 0 or 1 times, by its condition
//   after 2; never after 3 (i < 2 holds at most twice).
// - `once`: its own loop has no loop; the loop of `upto` (inlined) is left
//   after 1 time only (n = 1).
// Every block of the three procedures is covered.
procedure upto(n: int) returns (i: int)
  requires 0 <= n && n <= 2;
{
  i := 0;
  while (i < n) {
    i := i + 1;
  }
}

procedure find(a: [int]int, x: int) returns (r: int)
{
  var i: int;
  i := 0;
  r := -1;
  while (i < 2) {
    if (a[i] == x) {
      r := i;
      return;
    }
    i := i + 1;
  }
}

procedure once() returns (s: int)
{
  call s := upto(1);
}
