// gen-structured.py: 2 diamonds, 10 variables, seed 6
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v4;
  v0 := 4;
  v1 := -1;
  v2 := 2;
  v3 := 4;
  v1 := a0 + v3;
  v4 := v1 - v4 + 6;
  v2 := v0 + a1;
  if (v0 < a2) {
    v3 := a4 + 8;
    v3 := 5;
    v1 := a0 + 0;
    if (v4 < v1) {
      v4 := 3 * a2 - v4;
      v4 := v2 + a3;
      v4 := a0 + v3;
    } else {
      v3 := a0 + a4;
      v0 := a0 - v4 + 10;
      v0 := 3 * v2 - a4;
    }
  } else {
    v1 := v4 - 3;
    r := 3 * v3 - a2;
    v1 := 2 * v2 - v0;
    if (a0 < 5) {
      v1 := 3 * v4 - v3;
      v4 := 2 * a2 - v2;
      v1 := v4 + a3;
    } else {
      v4 := 3 * a1 - v4;
      v1 := a2 + a0;
      v0 := 3 * v4 - v0;
    }
  }
  v0 := v3 - v1 + 5;
  v2 := 10;
  r := 5;
  if (v3 < a1) {
    v1 := a3 - a4 + 7;
    v0 := a1 + v2;
    v3 := v1 - a3 + 4;
    if (a0 >= -10) {
      v4 := v4 - 9;
      v2 := 3 * v1 - v3;
      v4 := a0 + v0;
    } else {
      v1 := -6;
      r := v3 + v2;
      v2 := 2 * a2 - a2;
    }
  } else {
    r := a3 - a0 + 3;
    v1 := 3 * v0 - a3;
    v3 := -8;
    if (a1 <= -8) {
      v0 := a4 - a2 + 4;
      v1 := a4 - a2 + 10;
      v1 := v3 + v0;
    } else {
      assume a0 >= a4 + 15;
      v3 := -3;
      v3 := 2 * v0 - v2;
    }
  }
  v2 := a3 - a4 + 2;
  v4 := 3 * a4 - a4;
  v4 := -6;
}
