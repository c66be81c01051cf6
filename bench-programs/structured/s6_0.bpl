// gen-structured.py: 6 diamonds, 17 variables, seed 0
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  var v7: int;
  var v8: int;
  var v9: int;
  var v10: int;
  havoc v0, v2, v8, v10;
  v1 := -4;
  v3 := -1;
  v4 := 0;
  v5 := -1;
  v6 := -5;
  v7 := 0;
  v9 := -4;
  v1 := v10 - v4 + 8;
  v10 := 3 * v1 - v8;
  v8 := a5 - 9;
  if (v4 >= v1) {
    v6 := a3 - a3 + 1;
    v8 := 3 * a2 - a4;
    v5 := v3 + a1;
    if (v0 > 10) {
      v1 := a3 + a5;
      v7 := a5 - v9 + 7;
      r := a4 - v0 + 7;
    } else {
      v0 := v1 - a3 + 5;
      v4 := v0 + 2;
      v1 := 7;
    }
  } else {
    v7 := 7;
    r := v7 - 5;
    v10 := 2 * a5 - v10;
    if (v10 > -5) {
      v9 := 3 * v3 - v1;
      v6 := a4 - a1 + 9;
      v10 := v3 + 6;
    } else {
      v0 := 2 * a1 - v2;
      v2 := v9 - 7;
      v7 := 10;
    }
  }
  v8 := 2 * v3 - v10;
  v8 := 7;
  v10 := v8 - a4 + 8;
  if (v9 < -9) {
    v7 := v4 - v6 + 0;
    v0 := -6;
    v9 := a5 + a2;
    if (v4 < -1) {
      v10 := a0 + v2;
      v5 := 3 * v3 - v0;
      v5 := v6 + v1;
    } else {
      v10 := v8 + v1;
      v8 := 3 * v7 - v9;
      v7 := 3 * v10 - v9;
    }
  } else {
    v9 := v5 - v10 + 7;
    r := v1 - 1;
    v5 := 3 * a2 - v1;
    if (v8 < -9) {
      v6 := 9;
      v1 := 8;
      v5 := 3 * a4 - v6;
    } else {
      v8 := 3 * a2 - a4;
      v9 := a0 - v10 + 2;
      v2 := v5 + a1;
    }
  }
  r := v10 + v5;
  r := -6;
  v7 := v2 + a2;
  if (a5 > v5) {
    v2 := v10 - v10 + 9;
    r := v9 - v2 + 3;
    v0 := 2 * v6 - v0;
    if (v1 <= -9) {
      v7 := v2 - 10;
      v0 := 2 * v6 - a5;
      r := v7 + a2;
    } else {
      v8 := a4 - a1 + 4;
      v0 := v8 - v6 + 1;
      v0 := v1 - 6;
    }
  } else {
    v2 := 0;
    v10 := 2 * v5 - v10;
    v5 := -8;
    if (v7 < -10) {
      v7 := a1 + 7;
      v8 := 10;
      v1 := 2 * v1 - a3;
    } else {
      v4 := v2 + v2;
      v3 := a4 - 2;
      v8 := -2;
    }
  }
  v0 := 6;
  r := v6 + v8;
  v9 := 8;
  if (v0 > a3) {
    v8 := v2 + 9;
    v9 := -1;
    r := 2 * a3 - v4;
    if (v1 == -8) {
      v3 := v6 - 8;
      v0 := a1 + 7;
      v1 := a5 + v7;
    } else {
      v9 := v4 + a5;
      v5 := v2 - v1 + 3;
      v3 := v0 + a2;
    }
  } else {
    v8 := a0 + a3;
    v9 := -3;
    v4 := v0 - v5 + 7;
    if (v8 > a0) {
      v6 := v9 + v3;
      v4 := v3 + v10;
      v2 := a3 + v1;
    } else {
      v0 := -10;
      v3 := v1 - a0 + 6;
      v8 := v1 + 10;
    }
  }
  v3 := v8 - a2 + 2;
  v10 := a5 - a4 + 0;
  v5 := v6 - 5;
  if (a2 <= v9) {
    v3 := v8 - v10 + 6;
    v5 := 3 * v6 - a0;
    v10 := 2 * v8 - v5;
    if (v10 > v1) {
      v9 := 3 * v10 - v8;
      v1 := v10 + 2;
      v8 := a3 + 1;
    } else {
      v9 := 2;
      v6 := v3 + v9;
      v5 := v8 - 10;
    }
  } else {
    v2 := v7 + v3;
    v10 := 3;
    v6 := 3 * v2 - v8;
    if (v10 > 2) {
      v7 := a5 - v0 + 2;
      assume a3 >= v6 + 3;
      v0 := v10 - a5 + 1;
    } else {
      v7 := 3 * v10 - v4;
      v6 := 3 * a5 - v8;
      v1 := 2 * v8 - v1;
    }
  }
  v1 := v3 + 1;
  v1 := a0 + v1;
  v7 := 3 * a1 - v7;
  if (a1 > 5) {
    v10 := 2 * a4 - v9;
    v1 := v8 - v2 + 6;
    v7 := a0 + a5;
    if (v5 <= a4) {
      v8 := -3;
      v6 := a2 + v3;
      v6 := v8 + a1;
    } else {
      assume v5 <= a0 + 6;
      v0 := 8;
      assume v9 >= v6 + 13;
    }
  } else {
    v10 := v7 - 9;
    v0 := v0 + 0;
    r := v3 - v5 + 7;
    if (a5 < a0) {
      v2 := 9;
      v7 := v5 + 9;
      v4 := a5 + v0;
    } else {
      v3 := 3 * v9 - a5;
      v5 := v4 + a4;
      v9 := v0 - v3 + 7;
    }
  }
  v8 := 3 * v9 - a0;
  v7 := v6 - a3 + 8;
  v2 := v0 + v3;
}
