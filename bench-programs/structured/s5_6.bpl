// gen-structured.py: 5 diamonds, 16 variables, seed 6
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
  havoc v1, v3, v7;
  v0 := -3;
  v2 := -3;
  v4 := 1;
  v5 := 1;
  v6 := 2;
  v8 := -4;
  v9 := -1;
  v1 := 2 * v3 - v6;
  v3 := a5 + 5;
  v8 := a4 + a4;
  if (v0 > -10) {
    v1 := 3 * v0 - v1;
    r := a1 + a1;
    v1 := v1 - v1 + 5;
    if (a0 > v1) {
      v3 := v3 - v2 + 5;
      v2 := 2 * a5 - v7;
      v6 := v3 + a4;
    } else {
      v8 := a1 + a4;
      v0 := a2 + v3;
      v9 := a1 - 1;
    }
  } else {
    v4 := v6 + 2;
    v1 := a1 + 0;
    r := v0 - a1 + 8;
    if (v3 <= -3) {
      v2 := 3 * v7 - v9;
      v9 := 5;
      r := 0;
    } else {
      v5 := 4;
      v8 := v9 - 10;
      v0 := v8 + v3;
    }
  }
  v2 := v4 + 9;
  v8 := 3 * v0 - a2;
  v2 := a0 + a2;
  if (v4 < -4) {
    r := 3 * a3 - v8;
    v3 := v0 + v5;
    v8 := 2 * v1 - v1;
    if (v0 > -3) {
      v1 := 3 * v9 - a3;
      v5 := a5 - a0 + 2;
      v1 := v0 + a5;
    } else {
      v0 := v3 - v4 + 1;
      v7 := 2;
      v0 := a1 - v8 + 3;
    }
  } else {
    v2 := v6 - a0 + 3;
    r := v8 - v0 + 7;
    v9 := v7 - 7;
    if (v9 < v3) {
      v4 := a3 - a1 + 4;
      r := 2 * v6 - a1;
      v7 := 2 * a0 - a1;
    } else {
      v8 := v1 - v6 + 2;
      v0 := v7 + 1;
      v8 := v6 + 8;
    }
  }
  v9 := v6 + a3;
  v1 := 1;
  v9 := -1;
  if (v8 <= v9) {
    v1 := a3 - a0 + 6;
    v6 := 2 * a1 - v9;
    v7 := a5 - v1 + 3;
    if (v0 <= -1) {
      v1 := -8;
      v8 := 8;
      v2 := v8 - 6;
    } else {
      v2 := -5;
      v4 := v2 - a2 + 3;
      v3 := a1 + v7;
    }
  } else {
    v8 := v4 + v3;
    r := 3 * v9 - v4;
    v6 := v8 + 9;
    if (a1 < a2) {
      v4 := a5 + 9;
      v4 := a5 + 4;
      v8 := v9 - v9 + 8;
    } else {
      v1 := a3 - a0 + 6;
      v0 := -3;
      v4 := a2 + v4;
    }
  }
  v8 := v0 - v6 + 4;
  v7 := 2 * v4 - v4;
  v7 := 2 * v1 - a3;
  if (v9 < v6) {
    v3 := 3 * a3 - v7;
    v3 := v5 - a2 + 4;
    v8 := 3 * v2 - a4;
    if (v8 < v2) {
      v4 := a2 + 0;
      v3 := v7 - a5 + 6;
      v3 := a5 - v1 + 4;
    } else {
      v2 := 7;
      v3 := a5 + a5;
      v4 := v7 - 5;
    }
  } else {
    v3 := v0 + v5;
    v7 := a4 + a2;
    v9 := 0;
    if (v4 < v9) {
      v0 := v4 + 10;
      v3 := v3 + a5;
      v1 := a3 - a4 + 8;
    } else {
      v2 := v6 - v7 + 9;
      v7 := v2 - 1;
      assume v5 <= a5 + 4;
    }
  }
  v1 := v1 - a3 + 3;
  v0 := a2 - v3 + 1;
  v7 := -1;
  if (v3 <= v1) {
    v9 := v2 + a3;
    v9 := v0 - 3;
    r := a0 - v6 + 4;
    if (v6 <= a5) {
      r := v8 + v4;
      v3 := v3 + 2;
      v2 := a3 + a1;
    } else {
      v7 := -1;
      v4 := v4 - a3 + 10;
      v9 := 3 * v3 - a4;
    }
  } else {
    v6 := 2 * v1 - v6;
    v9 := v2 - v8 + 9;
    v1 := v2 - 1;
    if (v3 > 9) {
      v8 := a2 - 5;
      v8 := 3 * v7 - v2;
      v3 := 3;
    } else {
      v5 := v0 - v0 + 3;
      v6 := 3 * v0 - v3;
      v9 := v7 + a0;
    }
  }
  v3 := a5 + v4;
  r := 2 * v5 - a3;
  v3 := a2 - v1 + 4;
}
