// gen-structured.py: 4 diamonds, 20 variables, seed 8
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
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
  var v14: int;
  havoc v0, v3, v13;
  v1 := -1;
  v2 := 4;
  v4 := -2;
  v5 := -5;
  v6 := -1;
  v7 := -4;
  v8 := 5;
  v9 := 1;
  v10 := -1;
  v11 := -1;
  v12 := 4;
  v14 := 3;
  v0 := v0 - v5 + 3;
  v7 := a0 - v7 + 0;
  v5 := -6;
  if (v13 > v7) {
    v10 := 3 * v14 - v3;
    v13 := a1 + 2;
    v4 := 2;
    if (v8 <= -5) {
      v7 := a2 + 4;
      v8 := v9 + 5;
      v13 := -8;
    } else {
      v14 := v1 + a3;
      v4 := 2 * v13 - a1;
      v5 := v14 + 10;
    }
  } else {
    v6 := -4;
    v8 := v1 + v2;
    v4 := v4 + v3;
    if (v6 <= v4) {
      v0 := v10 + 3;
      v8 := v6 + a2;
      v4 := v4 - v10 + 8;
    } else {
      v2 := 3 * v7 - v7;
      v12 := a2 + a0;
      v6 := v10 + 3;
    }
  }
  v0 := 3 * v1 - v4;
  v0 := a2 + 1;
  v5 := v9 + 5;
  if (v6 < -5) {
    v4 := v4 + v11;
    v5 := v9 - a0 + 1;
    v1 := v14 - a0 + 4;
    if (a4 <= v5) {
      v3 := 3 * v13 - a1;
      r := v2 - v11 + 2;
      v4 := a1 + v2;
    } else {
      v10 := 3 * v8 - a1;
      v8 := 3 * v5 - v1;
      v4 := v9 - a2 + 3;
    }
  } else {
    v8 := a0 + v8;
    v4 := 3 * v9 - v10;
    v0 := v12 + v2;
    if (v1 >= v4) {
      v0 := v5 + a0;
      v6 := 2 * v6 - v9;
      assume v11 <= v4 + 7;
    } else {
      v0 := 9;
      v0 := a0 - v12 + 8;
      v14 := v13 - 8;
    }
  }
  v7 := v1 - v3 + 9;
  v3 := 2 * v7 - v14;
  v11 := a4 - a1 + 9;
  if (v4 < v7) {
    v11 := v13 + 1;
    v4 := v5 + v5;
    v13 := -2;
    if (a3 <= v14) {
      v4 := -9;
      v3 := 8;
      v9 := v4 + v10;
    } else {
      v9 := 3 * v14 - v9;
      v5 := a1 + 2;
      v3 := 2 * a4 - v14;
    }
  } else {
    v9 := v7 + v14;
    r := v0 + v14;
    v9 := 3 * v13 - v4;
    if (v2 >= 4) {
      v8 := v13 + a2;
      v8 := a3 + 9;
      v14 := v10 + a4;
    } else {
      v2 := v12 + v5;
      v9 := 2 * a1 - v4;
      v4 := v6 - v0 + 0;
    }
  }
  v14 := 3 * a2 - v10;
  v6 := 3 * a3 - v6;
  v14 := 3;
  if (v12 < a1) {
    v13 := v12 - 7;
    v1 := 2 * v2 - v11;
    v9 := 3 * v2 - a2;
    if (a4 > -10) {
      v11 := v13 - v14 + 4;
      v4 := 10;
      v7 := v13 - v14 + 10;
    } else {
      v5 := a0 + v11;
      v8 := a1 + 0;
      v3 := v2 - v1 + 3;
    }
  } else {
    v6 := v2 + v13;
    v10 := v7 - v11 + 6;
    v11 := 2;
    if (a4 > a2) {
      v11 := a1 + 4;
      v11 := -7;
      v0 := 3 * v11 - v11;
    } else {
      assume v8 <= a2 + 11;
      v4 := 2 * v9 - v10;
      v8 := v4 - 1;
    }
  }
  v6 := v4 - v1 + 6;
  v7 := 2 * v3 - v4;
  v4 := v12 - a2 + 4;
}
