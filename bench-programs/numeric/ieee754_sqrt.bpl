// After fdlibm's __ieee754_sqrt (e_sqrt.c): its special cases and
// normalisation branches, on float53e11 with SMT-LIB's builtins. The
// bit-by-bit square root is replaced by one Newton step and its checks.
function {:builtin "fp.isNaN"} isNaN(x: float53e11): bool;
function {:builtin "fp.isInfinite"} isInf(x: float53e11): bool;
function {:builtin "fp.isZero"} isZero(x: float53e11): bool;
function {:builtin "fp.isSubnormal"} isSub(x: float53e11): bool;
function {:builtin "fp.sqrt RNE"} SQRT(x: float53e11): float53e11;

procedure ieee754_sqrt(x: float53e11) returns (r: float53e11, k: int)
{
  var y: float53e11;
  var z: float53e11;
  k := 0;
  if (isNaN(x)) { r := x; return; }
  if (isInf(x)) {
    if (x > 0x0.0e0f53e11) { r := x; } else { r := 0NaN53e11; }
    return;
  }
  if (isZero(x)) { r := x; return; }
  if (x < 0x0.0e0f53e11) { r := 0NaN53e11; return; }
  y := x;
  if (isSub(x)) {
    // scale up: the normalisation loop of the original
    y := x * 0x1.0e16f53e11;
    k := -32;
  }
  if (y >= 0x1.0e4f53e11) { k := k + 1; }
  z := SQRT(y);
  if (z * z > y) { r := z; k := k + 2; }
  else if (z * z < y) { r := z; k := k + 3; }
  else { r := z; k := k + 4; }
}
