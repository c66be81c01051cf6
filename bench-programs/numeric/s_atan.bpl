// After fdlibm's atan (s_atan.c): the five argument ranges of the
// reduction (7/16, 11/16, 19/16, 39/16) and the tiny and huge cases.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure atan(x: float53e11) returns (r: float53e11, id: int)
{
  var ax: float53e11;
  ax := ABS(x);
  if (ax >= 0x1.0e10f53e11 * 0x4.0e0f53e11) {     // |x| >= 2^66
    if (isNaN(x)) { r := x + x; id := -3; return; }
    if (x > 0x0.0e0f53e11) { r := 0x1.921fb54442d18e0f53e11; id := -2; }
    else { r := 0x0.0e0f53e11 - 0x1.921fb54442d18e0f53e11; id := -2; }
    return;
  }
  if (ax < 0x0.7e0f53e11) {                       // |x| < 0.4375
    if (ax < 0x2.0e-8f53e11) {                    // |x| < 2^-29
      if (0x1.0e100f53e11 + x > 0x1.0e0f53e11) { r := x; id := -4; return; }
    }
    id := -1;
  } else {
    if (ax < 0x1.3e0f53e11) {                     // |x| < 1.1875
      if (ax < 0x0.be0f53e11) { id := 0; r := (x + x - 0x1.0e0f53e11) / (x + 0x2.0e0f53e11); }
      else { id := 1; r := (x - 0x1.0e0f53e11) / (x + 0x1.0e0f53e11); }
    } else {
      if (ax < 0x2.7e0f53e11) { id := 2; r := (x - 0x1.8e0f53e11) / (0x1.0e0f53e11 + x * 0x1.8e0f53e11); }
      else { id := 3; r := 0x0.0e0f53e11 - 0x1.0e0f53e11 / x; }
    }
  }
}
