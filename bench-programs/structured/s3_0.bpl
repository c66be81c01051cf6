// gen-structured.py: 3 diamonds, 10 variables, seed 0
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v3;
  v0 := 1;
  v1 := -4;
  v2 := 5;
  v4 := 5;
  v3 := v0 + 1;
  r := a0 - v0 + 6;
  v3 := 2 * v4 - v1;
  if (v1 <= a4) {
    v0 := a2 + 6;
    v2 := 2 * v3 - v1;
    r := a3 - a4 + 3;
    if (v4 < -10) {
      v2 := v4 + v3;
      v2 := v2 + 0;
      v0 := v0 - v0 + 8;
    } else {
      v1 := 3 * a1 - v1;
      v3 := 3 * v4 - v3;
      v1 := v3 - v3 + 6;
    }
  } else {
    v0 := -7;
    v0 := 7;
    v0 := v3 + v3;
    if (a3 < -1) {
      r := 2 * a4 - v2;
      v2 := 3 * a3 - v3;
      v2 := v0 + a0;
    } else {
      v0 := a3 + a0;
      v0 := 5;
      v1 := v1 + v0;
    }
  }
  v4 := v2 - a0 + 1;
  v2 := a2 - v0 + 7;
  v2 := 6;
  if (v0 <= a2) {
    v2 := 3 * v3 - a4;
    v4 := a0 - 10;
    v3 := a3 - 4;
    if (v2 < a3) {
      v3 := -6;
      v4 := -1;
      v4 := a4 + 9;
    } else {
      r := a2 + v1;
      v2 := v3 + a2;
      v4 := 3 * v1 - v2;
    }
  } else {
    v3 := v0 - a1 + 4;
    v2 := a3 + v2;
    v0 := 1;
    if (a0 < 5) {
      r := v0 - v4 + 2;
      v4 := a0 + v1;
      v2 := a2 - a0 + 9;
    } else {
      v0 := v4 + 2;
      v3 := a3 - v2 + 3;
      v2 := 4;
    }
  }
  v2 := a2 + 5;
  v1 := v1 + 6;
  v3 := a3 + v3;
  if (v3 > a3) {
    v3 := v0 + a1;
    assume v2 >= v4 + 16;
    v3 := 2 * a4 - a4;
    if (a3 == -6) {
      r := v2 - v1 + 8;
      v4 := 3 * a2 - a2;
      v2 := v1 - a0 + 4;
    } else {
      v4 := a1 + a0;
      r := a3 - v2 + 2;
      v2 := a1 + 5;
    }
  } else {
    v1 := 6;
    r := v4 + 10;
    v3 := a2 - v2 + 10;
    if (a2 == 5) {
      v1 := -8;
      v1 := 3;
      v4 := 2 * v1 - v0;
    } else {
      r := a4 + v0;
      v3 := -6;
      v3 := v1 - v0 + 7;
    }
  }
  v2 := v4 + v0;
  v2 := 0;
  r := a0 - a4 + 4;
}
