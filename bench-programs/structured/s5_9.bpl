// gen-structured.py: 5 diamonds, 13 variables, seed 9
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  v0 := 5;
  v1 := -5;
  v2 := -3;
  v3 := 1;
  v4 := -3;
  v5 := -4;
  v6 := -5;
  v4 := v3 - a2 + 3;
  assume a3 >= v1 + 2;
  v1 := 2 * a0 - v6;
  if (v2 < a0) {
    v1 := -1;
    assume v4 <= a2 + 16;
    v2 := 10;
    if (a2 <= a3) {
      r := a0 - a5 + 9;
      r := 2 * a1 - v4;
      v6 := v4 - 5;
    } else {
      v3 := 5;
      v1 := v6 + a5;
      v4 := a0 - v3 + 5;
    }
  } else {
    v4 := v1 - 10;
    v5 := a5 - a3 + 0;
    v5 := 3 * a2 - v0;
    if (a1 <= 7) {
      v5 := a0 - v6 + 3;
      r := 3 * a1 - v4;
      v3 := 10;
    } else {
      v2 := a4 + 1;
      v5 := v4 - v0 + 8;
      v6 := a4 - v2 + 2;
    }
  }
  v4 := v0 - a2 + 8;
  v3 := a0 + v6;
  v2 := 3 * v6 - v1;
  if (v1 > v6) {
    v5 := 8;
    v6 := 2 * v6 - a5;
    v1 := 3 * v2 - a2;
    if (v2 < v1) {
      v4 := a1 - a3 + 1;
      v5 := v2 + v2;
      v5 := v5 - a1 + 1;
    } else {
      v2 := a3 - 7;
      v5 := 10;
      v3 := v6 - v4 + 9;
    }
  } else {
    v2 := a0 - 10;
    v2 := 3 * v5 - a2;
    v6 := 6;
    if (v6 < -5) {
      v1 := v5 - a4 + 7;
      v4 := v0 + 0;
      v3 := 3 * a3 - a3;
    } else {
      v4 := a5 + 8;
      v3 := -1;
      assume v0 <= v2 + 17;
    }
  }
  v2 := a3 + a1;
  assume a3 != a2 + 12;
  r := v5 + 9;
  if (v5 > 1) {
    v0 := -8;
    v2 := a2 + a0;
    v2 := v1 + 5;
    if (a0 <= -1) {
      assume a0 <= v6 + 8;
      v4 := 3 * a2 - v2;
      r := v4 - v4 + 9;
    } else {
      v6 := 9;
      v6 := 2;
      v5 := v0 + 0;
    }
  } else {
    v3 := 3 * v6 - v4;
    v2 := a3 + 3;
    r := a5 - a4 + 3;
    if (a4 > 7) {
      v5 := -8;
      v0 := 2 * a3 - v1;
      v5 := -5;
    } else {
      v6 := a0 + 0;
      v0 := 3 * v2 - v3;
      assume a0 != a2 + 20;
    }
  }
  v3 := 3 * v6 - a3;
  v2 := -8;
  r := v1 + 6;
  if (v2 < a3) {
    v3 := 0;
    v6 := a5 - a0 + 8;
    v0 := -2;
    if (v0 > a3) {
      v5 := a4 + v0;
      v6 := a0 - 2;
      v3 := a4 + 5;
    } else {
      v0 := a3 - v1 + 0;
      v0 := v3 - v0 + 9;
      v5 := -7;
    }
  } else {
    v6 := -2;
    v2 := 2 * a5 - v3;
    v6 := v3 - 6;
    if (a1 <= v2) {
      v6 := -6;
      v5 := a1 - a5 + 4;
      v6 := 7;
    } else {
      v0 := -3;
      r := v3 - 7;
      v6 := 3 * v6 - v2;
    }
  }
  v3 := 1;
  v6 := a3 - v2 + 1;
  v5 := a3 - 7;
  if (a2 > 3) {
    v2 := a5 - 6;
    v4 := v2 + v1;
    r := 7;
    if (v0 <= a1) {
      r := v1 + v1;
      v6 := 10;
      v5 := a5 + 4;
    } else {
      v3 := 3 * a2 - v4;
      v5 := a4 - 2;
      v2 := 3 * a3 - v0;
    }
  } else {
    v3 := v0 + a3;
    v0 := 2 * v2 - v1;
    v5 := 2 * v3 - a4;
    if (v6 >= a0) {
      r := v5 - 3;
      v6 := 9;
      v3 := a4 - a0 + 10;
    } else {
      v6 := a0 + a3;
      v3 := v1 + a4;
      v0 := a5 + 3;
    }
  }
  v0 := v4 + v4;
  v6 := v5 + a0;
  r := a1 + v4;
}
