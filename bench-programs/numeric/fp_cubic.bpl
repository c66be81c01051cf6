// A cubic equation in binary64: x^3 - 1.5x^2 + x - 1.5 = (x - 1.5)(x^2 + 1)
// has the one real root 1.5, where it is exactly 0; the other branches
// ask for small residues and for the sign changes around the root.
function {:builtin "fp.abs"} ABS(x: float53e11): float53e11;

procedure cubic(x: float53e11) returns (r: int)
{
  var p: float53e11;
  p := x * x * x - 0x1.8e0f53e11 * x * x + x - 0x1.8e0f53e11;
  if (p == 0x0.0e0f53e11) {
    r := 0;
  } else if (ABS(p) < 0x1.0e-10f53e11) {        // |p| < 2^-40
    if (x < 0x1.8e0f53e11) { r := 1; } else { r := 2; }
  } else if (p > 0x1.0e3f53e11) {
    r := 3;
  } else if (p < 0x0.0e0f53e11 - 0x1.0e3f53e11) {
    r := 4;
  } else {
    r := 5;
  }
}
