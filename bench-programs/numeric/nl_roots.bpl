// Non-linear integer guards: the roots of a cubic, and points on a
// circle of radius 25 (the search has to hit equalities exactly).
procedure roots(x: int, y: int) returns (r: int)
{
  if (x * x * x - 6 * x * x + 11 * x - 6 == 0) {
    if (x == 1) { r := 1; } else if (x == 2) { r := 2; } else { r := 3; }
  } else if (x * x * x > 1000000) {
    r := 4;
  }
  if (x * x + y * y == 625 && 0 < x && x < y) {
    if (x == 7) { r := 5; } else { r := 6; }       // (7, 24) or (15, 20)
  }
  if (x * x + y * y == 627) {                       // no sum of two squares
    r := 7;
  }
}
