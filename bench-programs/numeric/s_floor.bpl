// After fdlibm's floor (s_floor.c): |x| < 1 (positive, negative, zero),
// integral x, large x (beyond 2^52, already integral), NaN and the
// infinities, and the adjustment of a negative non-integral x.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.isInfinite"} isInf(x: float53e11): bool;
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;
function {:builtin "fp.roundToIntegral RTZ"} TRUNC(x: float53e11): float53e11;

procedure floor(x: float53e11) returns (r: float53e11, path: int)
{
  var t: float53e11;
  if (isNaN(x) || isInf(x)) { r := x + x; path := 1; return; }
  if (ABS(x) < 0x1.0e0f53e11) {
    if (x >= 0x0.0e0f53e11) { r := 0x0.0e0f53e11; path := 2; }
    else if (x == 0x0.0e0f53e11) { r := x; path := 3; }       // -0
    else { r := 0x0.0e0f53e11 - 0x1.0e0f53e11; path := 4; }
    return;
  }
  if (ABS(x) >= 0x1.0e13f53e11) { r := x; path := 5; return; }   // |x| >= 2^52
  t := TRUNC(x);
  if (t == x) { r := x; path := 6; return; }
  if (x < 0x0.0e0f53e11) { r := t - 0x1.0e0f53e11; path := 7; }
  else { r := t; path := 8; }
}
