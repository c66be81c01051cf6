// Bubble sort of a[0..n): two nested loops.
procedure bubble_sort(a: [int]int, n: int) returns (b: [int]int)
  requires n >= 0;
{
  var i: int, j: int, t: int;
  b := a;
  i := 0;
  while (i < n) {
    j := 0;
    while (j < n - i - 1) {
      if (b[j] > b[j + 1]) {
        t := b[j];
        b[j] := b[j + 1];
        b[j + 1] := t;
      }
      j := j + 1;
    }
    i := i + 1;
  }
}
