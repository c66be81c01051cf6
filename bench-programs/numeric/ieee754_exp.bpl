// After fdlibm's __ieee754_exp (e_exp.c): the special cases, the
// overflow and underflow thresholds and the argument reduction's ranges.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure ieee754_exp(x: float53e11) returns (r: float53e11, k: int)
{
  var hi: float53e11;
  var t: float53e11;
  k := 0;
  if (ABS(x) >= 0x2c.5c8e1f53e11) {      // |x| >= 709.78
    if (isNaN(x)) { r := x; return; }
    if (x == 0+oo53e11) { r := x; return; }
    if (x == 0-oo53e11) { r := 0x0.0e0f53e11; return; }
    if (x > 0x2c.5c8e1f53e11) { r := 0+oo53e11; return; }  // overflow
    if (x < 0x0.0e0f53e11 - 0x2e.92e1f53e11) { r := 0x0.0e0f53e11; return; }
  }
  if (ABS(x) > 0x0.b17217f7d1cf8e0f53e11) {       // |x| > 0.5 ln2
    if (ABS(x) < 0x1.0a2b23f3bab7e0f53e11) {      // |x| < 1.5 ln2
      if (x > 0x0.0e0f53e11) { k := 1; } else { k := -1; }
    } else {
      t := x * 0x1.71547652b82fe0f53e11;          // x / ln2
      if (x > 0x0.0e0f53e11) { k := 2; } else { k := -2; }
    }
    hi := x - 0x0.b17217f7d1cf8e0f53e11;
  } else {
    if (ABS(x) < 0x1.0e-7f53e11) {                 // |x| < 2^-28
      if (x + 0x1.0e0f53e11 > 0x1.0e0f53e11) { r := 0x1.0e0f53e11 + x; return; }
      r := 0x1.0e0f53e11;
      return;
    }
    hi := x;
  }
  t := hi * hi;
  r := 0x1.0e0f53e11 + hi + t * 0x0.8e0f53e11;
  if (k >= -2 && r < 0x1.0e-1f53e11) { k := k - 10; }
}
