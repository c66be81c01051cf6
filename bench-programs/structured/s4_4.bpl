// gen-structured.py: 4 diamonds, 20 variables, seed 4
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
  var v11: int;
  var v12: int;
  var v13: int;
  havoc v3, v6, v10, v11;
  v0 := 5;
  v1 := 5;
  v2 := 0;
  v4 := 1;
  v5 := -5;
  v7 := 0;
  v8 := -5;
  v9 := 5;
  v12 := -1;
  v13 := 2;
  v5 := -4;
  v11 := 8;
  r := v5 + v12;
  if (v13 < -2) {
    v4 := a2 + 6;
    v6 := -4;
    v3 := v10 - a2 + 9;
    if (a4 < v10) {
      v0 := 8;
      v5 := v1 - v3 + 4;
      v9 := -3;
    } else {
      v1 := 3 * v9 - v1;
      v6 := 2 * v1 - v0;
      v6 := v2 + 3;
    }
  } else {
    v2 := v6 + v1;
    v4 := 2 * v12 - v4;
    v5 := 2 * v1 - v13;
    if (v13 > a1) {
      v2 := a4 - v6 + 8;
      v12 := 4;
      v11 := a3 - v8 + 7;
    } else {
      v12 := v13 - 2;
      v0 := v6 + a2;
      r := v10 - v5 + 8;
    }
  }
  v9 := v3 + v0;
  v1 := 6;
  v0 := 10;
  if (a2 > -5) {
    v3 := a5 - 2;
    v10 := v0 - 8;
    v7 := 2 * v6 - v8;
    if (v7 > a5) {
      v5 := 3 * v12 - v4;
      v1 := 2 * v2 - a2;
      v4 := v13 - v8 + 10;
    } else {
      v3 := 6;
      v8 := v1 + 4;
      v12 := 5;
    }
  } else {
    v3 := -6;
    v12 := a2 - v6 + 3;
    v0 := v0 + v3;
    if (v0 <= 0) {
      v1 := 0;
      v10 := -8;
      v1 := 2 * v13 - v0;
    } else {
      v0 := v12 - a2 + 6;
      v5 := -5;
      v4 := v4 - 1;
    }
  }
  v2 := a4 + 9;
  v2 := -8;
  v12 := a2 + 9;
  if (v3 < v6) {
    v3 := v0 - 1;
    v0 := v6 - 5;
    v2 := 2 * a3 - v13;
    if (v11 < -1) {
      v9 := 3 * v12 - v5;
      v7 := v1 + 10;
      v5 := v6 - a0 + 7;
    } else {
      v0 := v0 - a4 + 7;
      v7 := -8;
      r := v11 - 1;
    }
  } else {
    v5 := v13 - v11 + 6;
    v5 := v2 - v10 + 10;
    v9 := v6 + v13;
    if (v3 == 3) {
      v13 := 3 * v2 - v3;
      v8 := v12 - v13 + 2;
      v11 := v0 + 7;
    } else {
      v12 := 3 * v12 - v1;
      v9 := v10 - 10;
      v12 := v2 - v1 + 6;
    }
  }
  v1 := 9;
  v3 := v0 - v11 + 4;
  v12 := v13 - v5 + 6;
  if (v9 <= a4) {
    v2 := a2 - v11 + 1;
    v9 := v8 + a4;
    v5 := v2 + v7;
    if (a0 < 5) {
      v0 := v13 - v6 + 5;
      v4 := a1 + 10;
      v4 := 0;
    } else {
      v3 := 2 * v7 - v8;
      v6 := v8 + 9;
      v9 := v6 - v5 + 4;
    }
  } else {
    v10 := v8 - v1 + 3;
    v5 := v6 - a2 + 1;
    v3 := v5 - 6;
    if (a3 < -7) {
      v3 := a2 - v6 + 2;
      v11 := v13 - v8 + 1;
      v2 := a5 + v7;
    } else {
      v9 := v13 + v8;
      v8 := -7;
      v11 := v0 + v0;
    }
  }
  v12 := v11 - v7 + 7;
  v10 := v13 + 1;
  v1 := 8;
}
