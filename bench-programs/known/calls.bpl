// Calls, inlined. `clamp` analysed on its own has no infeasible block.
// Inside `caller`, clamp is called with lo = 0, hi = 10 and an argument of
// at least 20, so only clamp's `high` branch runs there: clamp::low and
// clamp::mid are infeasible in caller, b is always 10, and caller's `odd`
// block (b != 10) is infeasible.
// Expected: clamp: everything covered; caller: clamp::low, clamp::mid and
// odd infeasible.
procedure clamp(v: int, lo: int, hi: int) returns (r: int)
{
  start: goto low, high, mid;
  low:   assume v < lo; r := lo; return;
  high:  assume v > hi; r := hi; return;
  mid:   assume lo <= v && v <= hi; r := v; return;
}

procedure caller(a: int) returns (b: int)
{
  entry: assume a >= 20;
         call b := clamp(a, 0, 10);
         goto even, odd;
  even:  assume b == 10; return;
  odd:   assume b != 10; return;
}
