// After fdlibm's __ieee754_asin (e_asin.c): |x| >= 1 (exactly 1, or
// NaN), |x| < 0.5 (tiny or not), and 0.5 <= |x| < 1 with its split
// near 0.975.
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;
function {:builtin "fp.sqrt RNE"} SQRT(x: float53e11): float53e11;

procedure asin(x: float53e11) returns (r: float53e11, path: int)
{
  var t: float53e11;
  var s: float53e11;
  if (ABS(x) >= 0x1.0e0f53e11) {
    if (ABS(x) == 0x1.0e0f53e11) { r := x * 0x1.921fb54442d18e0f53e11; path := 1; return; }
    r := (x - x) / (x - x);
    path := 2;
    return;
  } else if (ABS(x) < 0x0.8e0f53e11) {
    if (ABS(x) < 0x8.0e-8f53e11) {                 // |x| < 2^-27
      if (0x1.0e100f53e11 + x > 0x1.0e0f53e11) { r := x; path := 3; return; }
    }
    t := x * x;
    r := x + x * t * 0x2.aaaaaaaaaaaaae-1f53e11;
    path := 4;
    return;
  }
  t := (0x1.0e0f53e11 - ABS(x)) * 0x0.8e0f53e11;
  s := SQRT(t);
  if (ABS(x) >= 0x0.f9999999999998e0f53e11) {     // |x| > 0.975
    r := 0x1.921fb54442d18e0f53e11 - (s + s);
    path := 5;
  } else {
    r := 0x0.c90fdaa22168c0e0f53e11 - (s + s - 0x0.c90fdaa22168c0e0f53e11);
    path := 6;
  }
  if (x < 0x0.0e0f53e11) { r := 0x0.0e0f53e11 - r; path := path + 10; }
}
