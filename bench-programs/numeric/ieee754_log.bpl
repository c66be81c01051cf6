// After fdlibm's __ieee754_log (e_log.c): zero, negative, subnormal,
// infinite and NaN arguments, and the ranges of f = x - 1 near 1.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.isSubnormal"} isSub(x: float53e11): bool;
function {:builtin "fp.isInfinite"} isInf(x: float53e11): bool;
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure ieee754_log(x: float53e11) returns (r: float53e11, path: int)
{
  var f: float53e11;
  var s: float53e11;
  if (x < 0x1.0e-255f53e11) {                    // x < 2^-1020
    if (x == 0x0.0e0f53e11) { r := 0-oo53e11; path := 1; return; }
    if (x < 0x0.0e0f53e11) { r := 0NaN53e11; path := 2; return; }
    if (isSub(x)) { path := 3; }
  }
  if (isInf(x) || isNaN(x)) { r := x + x; path := 4; return; }
  f := x - 0x1.0e0f53e11;
  if (ABS(f) < 0x1.0e-5f53e11) {                 // |f| < 2^-20
    if (f == 0x0.0e0f53e11) { r := 0x0.0e0f53e11; path := 5; return; }
    r := f - f * f * 0x0.8e0f53e11;
    path := 6;
    return;
  }
  s := f / (0x2.0e0f53e11 + f);
  if (f > 0x6.0e0f53e11) { path := 7; } else { path := 8; }
  if (s * s > 0x0.4e0f53e11) { path := path + 10; }
  r := s + s;
}
