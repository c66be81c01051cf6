// The sum of the decimal digits of n.
procedure digit_sum(n: int) returns (s: int)
  requires n >= 0;
{
  var m: int;
  s := 0;
  m := n;
  while (m > 0) {
    s := s + m mod 10;
    m := m div 10;
  }
}
