// After fdlibm's tanh (s_tanh.c): |x| >= 22, tiny x, |x| >= 1, and the
// rest; NaN and the infinities.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.isInfinite"} isInf(x: float53e11): bool;
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure tanh(x: float53e11) returns (r: float53e11, path: int)
{
  var t: float53e11;
  var z: float53e11;
  if (isInf(x) || isNaN(x)) {
    if (x > 0x0.0e0f53e11) { r := 0x1.0e0f53e11; path := 1; }
    else if (x < 0x0.0e0f53e11) { r := 0x0.0e0f53e11 - 0x1.0e0f53e11; path := 2; }
    else { r := x; path := 3; }
    return;
  }
  if (ABS(x) < 0x16.0e0f53e11) {                    // |x| < 22
    if (ABS(x) < 0x1.0e-14f53e11) {                 // |x| < 2^-55
      r := x * (0x1.0e0f53e11 + x);
      path := 4;
      return;
    }
    if (ABS(x) >= 0x1.0e0f53e11) {
      t := ABS(x) + ABS(x);
      z := 0x1.0e0f53e11 - 0x2.0e0f53e11 / (t * t + 0x2.0e0f53e11);
      path := 5;
    } else {
      t := ABS(x) * (0x0.0e0f53e11 - 0x2.0e0f53e11);
      z := (0x0.0e0f53e11 - t) / (t + 0x2.0e0f53e11);
      path := 6;
    }
  } else {
    z := 0x1.0e0f53e11;
    path := 7;
  }
  if (x >= 0x0.0e0f53e11) { r := z; } else { r := 0x0.0e0f53e11 - z; }
}
