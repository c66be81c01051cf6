// Binary search for x in the sorted a[0..n).
procedure binary_search(a: [int]int, n: int, x: int) returns (r: int)
  requires n >= 0;
  requires (forall i: int, j: int :: 0 <= i && i <= j && j < n ==> a[i] <= a[j]);
{
  var lo: int, hi: int, mid: int;
  lo := 0;
  hi := n - 1;
  r := -1;
  while (lo <= hi) {
    mid := (lo + hi) div 2;
    if (a[mid] == x) {
      r := mid;
      return;
    } else if (a[mid] < x) {
      lo := mid + 1;
    } else {
      hi := mid - 1;
    }
  }
}
