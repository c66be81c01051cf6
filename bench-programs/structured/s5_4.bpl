// gen-structured.py: 5 diamonds, 13 variables, seed 4
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v2;
  v0 := -1;
  v1 := -1;
  v3 := 4;
  v4 := 2;
  v5 := 5;
  v6 := -2;
  r := a3 + v1;
  v5 := a0 - v0 + 1;
  v0 := v2 + v1;
  if (v1 < v0) {
    v4 := a2 - 3;
    v3 := a1 + v6;
    v0 := 3 * v4 - a2;
    if (v2 > 8) {
      v4 := 2 * a3 - v0;
      v5 := v0 - 8;
      v2 := v0 - v3 + 2;
    } else {
      v4 := a3 + 6;
      r := 3 * v4 - v4;
      v4 := v6 + v3;
    }
  } else {
    v1 := a4 + 0;
    v1 := v4 - a3 + 1;
    v1 := v2 - v1 + 6;
    if (v3 <= v4) {
      r := a4 + v3;
      v6 := v6 + a4;
      v1 := v3 + v1;
    } else {
      v1 := v1 + a3;
      v5 := v6 + a3;
      v6 := 3 * v2 - a0;
    }
  }
  v4 := 3 * a1 - v5;
  v1 := a2 + v0;
  v4 := -3;
  if (a2 < -3) {
    v6 := 3 * v0 - v1;
    v6 := 3 * a4 - v4;
    v6 := v4 - 4;
    if (a4 <= a5) {
      v4 := 3 * v6 - v6;
      v2 := -1;
      v6 := v5 + a5;
    } else {
      v2 := 3 * v5 - v0;
      v5 := a2 + v4;
      v5 := a4 + a1;
    }
  } else {
    v4 := v4 + a1;
    v3 := v6 + v6;
    v1 := v0 + a2;
    if (v3 > -9) {
      r := v5 - 1;
      r := 6;
      v2 := v1 - 7;
    } else {
      v0 := 3 * a0 - v5;
      v3 := v1 - 5;
      v4 := v3 - a3 + 1;
    }
  }
  v5 := 4;
  r := -2;
  v0 := a2 + v2;
  if (a4 > 10) {
    v2 := a0 - v0 + 7;
    v4 := v1 - 8;
    v0 := v4 - v0 + 6;
    if (v0 < v6) {
      v5 := v1 - v4 + 9;
      r := a0 - 10;
      v4 := v2 - a1 + 6;
    } else {
      v4 := -3;
      v2 := 2 * v3 - a0;
      v0 := v2 + a1;
    }
  } else {
    r := 3 * a5 - v3;
    v0 := a4 + v3;
    v1 := 6;
    if (a3 < 8) {
      v3 := 2 * v0 - v6;
      v4 := a4 + 2;
      v3 := 1;
    } else {
      r := a1 - a5 + 3;
      v4 := -8;
      v1 := 7;
    }
  }
  v3 := -4;
  v3 := a4 - v2 + 6;
  v1 := a3 + 5;
  if (a0 <= a2) {
    v3 := v5 - v2 + 4;
    v3 := 2 * v4 - v1;
    v4 := 2 * a5 - v3;
    if (a0 <= a3) {
      assume v3 <= v4 + 8;
      v2 := 3 * v2 - v0;
      v1 := 2 * a5 - v2;
    } else {
      v0 := 3 * a1 - v4;
      v4 := a1 + a1;
      v0 := -3;
    }
  } else {
    v3 := a3 + a4;
    v0 := v1 - v0 + 4;
    r := -4;
    if (a5 < v3) {
      v5 := a0 - a2 + 2;
      v6 := v0 - 7;
      v5 := v1 - v6 + 7;
    } else {
      v3 := v6 + 6;
      assume a1 != v3 + 14;
      v6 := v6 + a3;
    }
  }
  r := a5 - 5;
  v0 := v3 - 2;
  v3 := v2 + a5;
  if (a5 <= v2) {
    v3 := 3 * a1 - a0;
    v5 := v2 - v5 + 6;
    v3 := 2;
    if (a2 >= 3) {
      v0 := 7;
      v6 := v2 + 5;
      v0 := v4 - v4 + 2;
    } else {
      v5 := a2 + a2;
      v4 := v1 - a1 + 6;
      v5 := -8;
    }
  } else {
    r := a1 + a1;
    v1 := 8;
    v0 := 3 * a2 - a5;
    if (v2 <= a2) {
      v1 := v5 - v1 + 2;
      v1 := v2 + 4;
      v4 := 2 * a5 - v1;
    } else {
      v6 := v4 - 9;
      v1 := v1 + a3;
      v1 := a5 + 2;
    }
  }
  v4 := -9;
  v1 := a5 - a3 + 7;
  v6 := v5 + 6;
}
