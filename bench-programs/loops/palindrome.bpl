// Whether a[0..n) reads the same both ways.
procedure palindrome(a: [int]int, n: int) returns (p: bool)
  requires n >= 0;
{
  var i: int, j: int;
  i := 0;
  j := n - 1;
  p := true;
  while (i < j) {
    if (a[i] != a[j]) {
      p := false;
      return;
    }
    i := i + 1;
    j := j - 1;
  }
}
