// Sum and maximum of a[0..n).
procedure sum_and_max(a: [int]int, n: int) returns (sum: int, max: int)
  requires n >= 1;
{
  var i: int;
  sum := 0;
  max := a[0];
  i := 0;
  while (i < n) {
    if (a[i] > max) {
      max := a[i];
    }
    sum := sum + a[i];
    i := i + 1;
  }
}
