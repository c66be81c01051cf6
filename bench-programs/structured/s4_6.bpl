// gen-structured.py: 4 diamonds, 12 variables, seed 6
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v0, v3, v6;
  v1 := -2;
  v2 := 4;
  v4 := 5;
  v5 := -5;
  v6 := 3;
  v6 := 3 * v0 - v2;
  v5 := -3;
  if (a4 < v5) {
    v4 := a0 - v5 + 3;
    v4 := a1 + v2;
    v0 := v1 - v6 + 5;
    if (a0 > 5) {
      r := v1 - a2 + 6;
      v1 := a1 - a4 + 3;
      v1 := v6 + 2;
    } else {
      v2 := a3 - v4 + 2;
      v5 := 1;
      v4 := 0;
    }
  } else {
    v3 := 7;
    v4 := v5 + v4;
    v1 := v5 + v2;
    if (a1 <= v2) {
      v3 := v5 + a0;
      v4 := 2 * v3 - a2;
      r := v4 - 1;
    } else {
      v6 := 3 * v4 - v5;
      v3 := v5 - 8;
      v5 := v6 - v1 + 1;
    }
  }
  r := v1 + 7;
  v1 := v6 + v3;
  v6 := a2 - a4 + 5;
  if (v4 >= -2) {
    v1 := v3 - v1 + 5;
    v5 := a3 - v0 + 6;
    v3 := 3 * v5 - a1;
    if (v5 < 0) {
      v6 := 2 * v6 - v1;
      v5 := v0 + v3;
      v3 := -4;
    } else {
      v3 := 2 * v5 - v2;
      v0 := v1 - 7;
      v3 := v1 + v4;
    }
  } else {
    v1 := a1 - 5;
    v5 := 2 * a1 - v1;
    v2 := -8;
    if (v2 > -7) {
      v3 := v6 - v4 + 0;
      v2 := a3 + v0;
      v4 := v0 - v5 + 7;
    } else {
      v1 := -3;
      v0 := v4 + a1;
      v2 := v0 + a4;
    }
  }
  v5 := a3 + v6;
  v4 := a3 + v1;
  v2 := -1;
  if (v0 >= 0) {
    v3 := a2 - a3 + 5;
    v4 := v6 - v4 + 6;
    r := -10;
    if (v5 > v1) {
      v0 := v3 + v5;
      v4 := a2 - a4 + 8;
      v4 := v2 + a0;
    } else {
      v6 := a3 - 5;
      r := -8;
      v0 := 2 * v3 - v2;
    }
  } else {
    v1 := 1;
    r := v2 - 5;
    v6 := 2 * v4 - a4;
    if (a4 < a3) {
      v0 := v6 - a4 + 1;
      v1 := a3 + v2;
      v4 := v0 - a1 + 7;
    } else {
      v4 := v0 - v5 + 4;
      v2 := v1 + 6;
      v0 := 2 * v4 - v1;
    }
  }
  v6 := -4;
  v0 := 3 * v1 - v5;
  v3 := 3 * a4 - a1;
  if (a2 == -5) {
    v6 := 2 * v3 - a1;
    v2 := v0 - v4 + 0;
    v1 := 3;
    if (a1 > a2) {
      v2 := 2 * v3 - v0;
      v4 := a1 - 6;
      v5 := 2 * a4 - v4;
    } else {
      assume v2 != a3 + 8;
      v3 := a0 + v6;
      v5 := 3 * v1 - v2;
    }
  } else {
    r := a1 - 4;
    v2 := v5 + v3;
    v6 := v0 + v5;
    if (v6 > -3) {
      v2 := -7;
      r := 3 * v4 - v2;
      v4 := a3 - 3;
    } else {
      v4 := a4 + 10;
      v2 := -10;
      v5 := v4 - 9;
    }
  }
  r := v3 + a4;
  v0 := -8;
  v1 := 2 * v5 - a0;
}
