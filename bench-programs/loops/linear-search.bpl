// The first index of x in a[0..n), or -1.
procedure linear_search(a: [int]int, n: int, x: int) returns (r: int)
  requires n >= 0;
{
  var i: int;
  i := 0;
  r := -1;
  while (i < n) {
    if (a[i] == x) {
      r := i;
      return;
    }
    i := i + 1;
  }
}
