// gen-structured.py: 4 diamonds, 10 variables, seed 3
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v4;
  v0 := -3;
  v1 := -4;
  v2 := -3;
  v3 := 2;
  v1 := a0 - v2 + 1;
  r := v1 - 7;
  v1 := v4 - v3 + 6;
  if (v0 >= 8) {
    v3 := v3 - a3 + 6;
    v4 := 3;
    v1 := 2 * a2 - v1;
    if (a4 <= v0) {
      v2 := -6;
      v1 := a2 - a4 + 1;
      v2 := a3 - a3 + 6;
    } else {
      v2 := a0 - a3 + 7;
      assume v1 <= v4 + 9;
      assume a0 <= v1 + 10;
    }
  } else {
    v0 := 2 * v2 - v4;
    v0 := v2 + a4;
    v0 := 3;
    if (a0 > a1) {
      v0 := 2 * a4 - v3;
      r := v1 - a3 + 8;
      v0 := v3 + a2;
    } else {
      v3 := -10;
      r := v0 - a0 + 5;
      v0 := a2 + v4;
    }
  }
  v0 := a2 + a0;
  v2 := v3 - 2;
  v4 := a0 - a2 + 4;
  if (a2 < a1) {
    v4 := 2 * a2 - a1;
    v4 := a2 + 7;
    v4 := a1 - a0 + 9;
    if (v1 < 6) {
      v1 := 2 * a2 - v2;
      v1 := 6;
      v0 := a2 + 6;
    } else {
      v4 := a2 - a2 + 8;
      r := a0 + 0;
      r := a2 + a4;
    }
  } else {
    v4 := -6;
    v3 := a1 + v2;
    v3 := 3 * a4 - a0;
    if (a0 < a4) {
      v3 := v4 + a3;
      r := -2;
      v3 := v2 + v4;
    } else {
      v1 := a1 + 9;
      v3 := a3 + v3;
      v1 := 3 * v1 - a2;
    }
  }
  v4 := a2 + a0;
  v0 := a2 - 8;
  r := -2;
  if (a2 == 9) {
    r := a1 + v2;
    v3 := a2 + a2;
    v4 := v2 - 10;
    if (a4 > v0) {
      v3 := 3 * v3 - v3;
      v2 := 9;
      v0 := 2 * a1 - v4;
    } else {
      v1 := a4 + a1;
      v2 := 3 * v2 - v1;
      r := v0 + a4;
    }
  } else {
    r := a3 + a1;
    v4 := -5;
    v1 := a2 - 3;
    if (a2 > a3) {
      v4 := 3 * v1 - a4;
      v2 := v3 + 1;
      v2 := 2 * a1 - v4;
    } else {
      v2 := -9;
      v4 := v0 + 5;
      v3 := 3;
    }
  }
  v2 := a2 - 1;
  v0 := v1 + v2;
  v4 := a1 - a4 + 0;
  if (a1 > 2) {
    r := v2 - v1 + 6;
    r := 2 * v0 - a1;
    v0 := 1;
    if (a4 >= -4) {
      r := v0 + 9;
      v2 := -3;
      v3 := 2 * v1 - v1;
    } else {
      v3 := -7;
      v0 := -5;
      v2 := v0 + v1;
    }
  } else {
    v1 := 2 * a1 - a3;
    v1 := 3 * a4 - a1;
    v2 := -7;
    if (a2 > a4) {
      v0 := 3 * a1 - a3;
      v2 := a0 + a0;
      r := a1 + a3;
    } else {
      r := v1 + 2;
      r := 2 * v1 - v2;
      v0 := 3 * a4 - a4;
    }
  }
  v3 := v4 - a1 + 7;
  v2 := a4 + 10;
  r := v0 - 6;
}
