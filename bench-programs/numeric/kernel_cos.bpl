// After fdlibm's __kernel_cos (k_cos.c): its three argument ranges.
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure kernel_cos(x: float53e11, y: float53e11) returns (r: float53e11, range: int)
{
  var z: float53e11;
  var qx: float53e11;
  var hz: float53e11;
  z := x * x;
  if (ABS(x) < 0x1.0e-7f53e11) {                 // |x| < 2^-27
    if (TRUNC(x) == 0x0.0e0f53e11) { r := 0x1.0e0f53e11; range := 0; return; }
  }
  hz := 0x8.0e-1f53e11 * z;
  if (ABS(x) < 0x4.ccccccccccccce-1f53e11) {    // |x| < 0.3
    r := 0x1.0e0f53e11 - (hz - x * y);
    range := 1;
  } else {
    if (ABS(x) > 0xc.8e-1f53e11) {              // |x| > 0.78125
      qx := 0x4.8e-1f53e11;                    // 0.28125
      range := 2;
    } else {
      qx := x * 0x4.0e-1f53e11;                // x / 4
      range := 3;
    }
    r := (0x1.0e0f53e11 - qx) - (hz - qx - x * y);
  }
}
function {:builtin "fp.roundToIntegral RTZ"} TRUNC(x: float53e11): float53e11;
