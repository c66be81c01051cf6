// gen-structured.py: 3 diamonds, 10 variables, seed 8
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v4;
  v0 := -3;
  v1 := -5;
  v2 := -3;
  v3 := 5;
  v2 := a4 - a2 + 0;
  v0 := 2 * v0 - a1;
  v2 := v0 - v2 + 0;
  if (v2 > -2) {
    v3 := v0 - a4 + 10;
    v2 := a3 - v3 + 1;
    v0 := a2 + v4;
    if (v3 < 1) {
      v2 := a2 + v2;
      v2 := a4 - v4 + 9;
      v4 := a1 + a1;
    } else {
      v0 := v3 - 1;
      assume a4 != a1 + 20;
      v3 := a3 + 0;
    }
  } else {
    r := 4;
    v2 := 5;
    v3 := a0 - v3 + 8;
    if (a0 < a2) {
      r := v1 + v2;
      v2 := v2 + 6;
      v4 := 3 * v4 - a3;
    } else {
      v0 := a4 + 2;
      v2 := 9;
      v1 := v0 + v3;
    }
  }
  v4 := v2 - 9;
  r := 3 * a0 - v0;
  v1 := a2 + v2;
  if (a3 < v1) {
    v1 := v2 - a0 + 9;
    v3 := v1 - a1 + 7;
    r := 4;
    if (v1 < v0) {
      assume a0 >= a1 + 6;
      v4 := 0;
      v2 := a1 + v0;
    } else {
      v1 := a4 - 2;
      v2 := a0 - 3;
      v3 := 1;
    }
  } else {
    v0 := v4 - a2 + 10;
    v2 := a4 - v0 + 8;
    v1 := a1 - a1 + 10;
    if (a4 <= -5) {
      v3 := -5;
      v2 := 9;
      v3 := a4 - 3;
    } else {
      v0 := a0 + a0;
      v0 := a3 + v1;
      v3 := a1 - a1 + 9;
    }
  }
  v3 := v3 - 3;
  v0 := 3 * a2 - v2;
  r := -3;
  if (a1 == -9) {
    v1 := v0 + v4;
    v2 := 2 * v4 - a0;
    v4 := 3 * a3 - v4;
    if (a2 > 6) {
      v4 := a1 + 5;
      v1 := v4 - a0 + 1;
      v3 := a1 - v2 + 7;
    } else {
      v4 := 4;
      v3 := a4 + v1;
      v2 := v1 - 6;
    }
  } else {
    v3 := 10;
    r := 3 * a0 - a4;
    v4 := v2 + a4;
    if (a1 < -5) {
      r := 2 * a0 - a0;
      v0 := a1 - 1;
      v3 := 6;
    } else {
      v2 := v3 - v1 + 3;
      v3 := a4 - v3 + 10;
      r := a0 + a3;
    }
  }
  v3 := v1 + a1;
  r := v3 - v2 + 8;
  v1 := 2 * a0 - v0;
}
