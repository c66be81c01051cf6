// gen-structured.py: 3 diamonds, 11 variables, seed 1
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  havoc v0;
  v1 := 3;
  v2 := 2;
  v3 := 5;
  v4 := 0;
  v5 := 1;
  r := a2 + v0;
  v1 := 2 * v2 - v0;
  v1 := -1;
  if (v0 < -7) {
    v0 := v2 + 3;
    r := a4 + v1;
    v4 := 2 * a3 - a4;
    if (v5 > -9) {
      r := a3 - v1 + 4;
      v4 := v1 + v3;
      v1 := 3 * v0 - a0;
    } else {
      r := 3 * v5 - a0;
      r := a0 + a4;
      v2 := 4;
    }
  } else {
    v5 := a0 - 8;
    r := a0 - v1 + 7;
    v5 := a0 - v1 + 5;
    if (v1 == 7) {
      assume a1 <= a2 + 4;
      v5 := a1 + v3;
      v5 := v4 + 4;
    } else {
      v5 := v4 - v5 + 5;
      r := v5 - 2;
      v1 := 3 * v2 - v3;
    }
  }
  v5 := v3 + a4;
  v1 := a3 - a2 + 8;
  v3 := -7;
  if (a4 == -8) {
    v5 := v1 + v4;
    v2 := 3 * a4 - v5;
    v0 := v5 - 4;
    if (a0 < v3) {
      v0 := a1 - v4 + 9;
      v5 := v2 + 5;
      v4 := 2 * a3 - v3;
    } else {
      v1 := a3 + v2;
      v5 := a4 - a1 + 6;
      v4 := v2 + 7;
    }
  } else {
    r := v0 - 3;
    v2 := v3 - 7;
    v2 := 7;
    if (a3 > 10) {
      v0 := a1 - a4 + 3;
      v3 := 3 * a4 - a4;
      v5 := a2 - a0 + 3;
    } else {
      r := a4 - a0 + 7;
      v2 := a0 - 4;
      v1 := 2 * v4 - v5;
    }
  }
  v0 := a0 - a1 + 7;
  v0 := -2;
  r := 3 * a4 - a1;
  if (v4 <= v2) {
    r := -5;
    v4 := -6;
    r := v5 + 0;
    if (v3 > 5) {
      v4 := a2 - 4;
      r := v3 + v5;
      v3 := -10;
    } else {
      v5 := v5 + 9;
      v1 := a3 + a2;
      v1 := -2;
    }
  } else {
    v2 := 3;
    r := v5 + 3;
    v4 := v1 + v0;
    if (a3 > 2) {
      v5 := 3 * v1 - v2;
      v5 := 2 * v4 - a0;
      v1 := 2 * a0 - v1;
    } else {
      v3 := v4 + a3;
      v3 := a3 - v1 + 3;
      v3 := v0 + 3;
    }
  }
  v0 := a2 + a3;
  v0 := 2 * v0 - v2;
  v1 := -8;
}
