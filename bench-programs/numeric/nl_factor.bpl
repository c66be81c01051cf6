// Non-linear integer guards: factors of 10403 = 101 * 103, a perfect
// square between two bounds, and a product that overflows nothing.
procedure factor(n: int, m: int, s: int) returns (r: int)
{
  if (1 < n && n <= m && n * m == 10403) {
    r := 1;
    if (m - n == 2) { r := 2; }
  }
  if (s * s >= 123456789 && s * s <= 123460000 && s > 0) {
    r := 3;                                         // s = 11112
  }
  if (n * n * n * n == 1874161) {                   // 37^4
    r := 4;
  }
}
