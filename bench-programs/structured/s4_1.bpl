// gen-structured.py: 4 diamonds, 17 variables, seed 1
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
  havoc v0, v2, v4, v9, v10;
  v1 := -1;
  v3 := 4;
  v5 := 1;
  v6 := 0;
  v7 := -3;
  v8 := 1;
  v8 := 3 * a0 - a1;
  v9 := v6 + a4;
  v3 := 3;
  if (v3 > 3) {
    v4 := v10 + 6;
    v10 := a3 - 6;
    v10 := -10;
    if (a4 < a0) {
      v8 := 1;
      r := a2 - v6 + 7;
      v9 := 3 * a0 - v0;
    } else {
      v5 := -2;
      v0 := 3 * a2 - a4;
      v8 := v3 + v10;
    }
  } else {
    v4 := a2 + 9;
    v10 := v10 + v9;
    v3 := v1 + v5;
    if (v5 > v7) {
      v7 := v3 + a5;
      v5 := a4 - a3 + 2;
      v1 := v0 - v5 + 9;
    } else {
      v6 := v2 - v6 + 1;
      v10 := v10 - v1 + 5;
      v8 := 2 * a2 - a1;
    }
  }
  v10 := v5 + 4;
  v10 := v10 - a2 + 1;
  v5 := v5 - 10;
  if (v10 >= -5) {
    v8 := 3 * v2 - v7;
    v2 := 2 * a1 - v8;
    v2 := -1;
    if (v6 > v9) {
      v8 := -8;
      r := 3 * v7 - v4;
      assume a0 >= a4 + 2;
    } else {
      v7 := v0 + v3;
      v0 := v2 + 4;
      v2 := a2 + v9;
    }
  } else {
    v6 := 2 * a1 - v0;
    v5 := 1;
    v2 := v8 - 3;
    if (a5 <= -5) {
      v6 := v7 + 9;
      v9 := -2;
      v1 := 2 * v6 - a4;
    } else {
      v10 := a3 - v0 + 4;
      r := -1;
      r := 3 * v7 - a0;
    }
  }
  v5 := a5 - v2 + 7;
  r := a5 - 1;
  v3 := a2 - 10;
  if (a4 >= a0) {
    v3 := v6 + v5;
    v10 := 2 * v10 - v7;
    v8 := a3 - v4 + 4;
    if (a2 <= v7) {
      v6 := 2 * v2 - v9;
      v9 := v0 - a4 + 4;
      v0 := v0 - v3 + 8;
    } else {
      v5 := a5 + 4;
      v10 := 2;
      v7 := a0 + 9;
    }
  } else {
    v9 := a3 + 8;
    v0 := v2 - 5;
    v2 := a0 - 1;
    if (v6 < v10) {
      v8 := -6;
      v4 := 2 * v1 - v6;
      v6 := a0 - v8 + 2;
    } else {
      v4 := 3 * v10 - a3;
      v0 := 2;
      v6 := a4 + v2;
    }
  }
  v6 := a4 + 6;
  v10 := 2 * v8 - a0;
  v0 := 6;
  if (v3 <= 6) {
    v3 := 2 * a1 - a3;
    v2 := 2 * a5 - v1;
    v4 := 2 * v6 - a3;
    if (a5 <= -2) {
      v1 := 10;
      v3 := v10 - v5 + 3;
      v5 := v6 - a1 + 3;
    } else {
      assume a4 != v5 + 0;
      v8 := a4 - 1;
      v4 := -5;
    }
  } else {
    v10 := 2 * v5 - a5;
    v4 := v0 - v4 + 2;
    v4 := v9 + 7;
    if (v1 <= v2) {
      v10 := a5 - a2 + 1;
      v6 := v3 - v5 + 1;
      v1 := v5 - 6;
    } else {
      r := a3 + v7;
      v9 := v1 + a5;
      v4 := v6 + 10;
    }
  }
  v2 := a2 - v3 + 7;
  v1 := v5 - 4;
  v8 := v1 - 7;
}
