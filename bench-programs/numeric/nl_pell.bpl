// Pell's equation x^2 - 2y^2 = 1 (solutions 3/2, 17/12, 99/70, 577/408,
// ...) and its negative form x^2 - 2y^2 = -1 (1/1, 7/5, 41/29, ...).
procedure pell(x: int, y: int) returns (r: int)
{
  if (x > 0 && y > 0 && x * x - 2 * y * y == 1) {
    if (x > 50) { r := 2; } else { r := 1; }
  }
  if (x > 0 && y > 0 && x * x - 2 * y * y == 0 - 1) {
    if (y > 20) { r := 4; } else { r := 3; }
  }
  if (x > 0 && y > 0 && x * x - 2 * y * y == 0) {   // the square root of 2
    r := 5;
  }
}
