// Integer square root: the largest r with r * r <= n.
procedure square_root(n: int) returns (r: int)
  requires n >= 0;
{
  r := 0;
  while ((r + 1) * (r + 1) <= n) {
    r := r + 1;
  }
}
