// gen-structured.py: 4 diamonds, 20 variables, seed 7
procedure main(a0: int, a1: int, a2: int, a3: int) returns (r: int)
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
  var v15: int;
  havoc v4, v5, v7, v8, v9, v10, v13, v15;
  v0 := 5;
  v1 := -4;
  v2 := -3;
  v3 := 4;
  v6 := -3;
  v11 := 2;
  v12 := 3;
  v14 := 5;
  v12 := v1 + v2;
  v10 := v4 - a3 + 4;
  v10 := 2 * a0 - a1;
  if (v0 >= 5) {
    v14 := v12 - v0 + 4;
    v4 := v2 - v14 + 3;
    v14 := v2 - v3 + 4;
    if (v0 > a2) {
      r := v15 - v0 + 5;
      v1 := a1 - v8 + 1;
      v0 := a1 - v11 + 9;
    } else {
      v1 := v5 + 3;
      assume a2 >= v0 + 7;
      v6 := 3 * v13 - v3;
    }
  } else {
    v6 := 7;
    v5 := v0 - 3;
    v10 := a1 + v3;
    if (v12 == 3) {
      v11 := v15 - v15 + 2;
      v6 := v7 - v0 + 2;
      v13 := v2 - a2 + 9;
    } else {
      v11 := -4;
      v8 := v10 - 9;
      v7 := a0 - v10 + 3;
    }
  }
  v8 := 2;
  v10 := v5 - 3;
  v15 := v11 - 8;
  if (v5 > -10) {
    v5 := -3;
    v1 := 2 * v8 - a2;
    v2 := 9;
    if (v13 >= a2) {
      v10 := 2 * a3 - v11;
      v13 := v15 + 5;
      v4 := -5;
    } else {
      r := a1 - 1;
      v10 := 3 * v6 - v6;
      v1 := v8 + v11;
    }
  } else {
    v8 := v4 - v5 + 6;
    v1 := v10 + a3;
    assume a2 != v3 + 1;
    if (v11 > a1) {
      v4 := v4 + a3;
      v15 := -4;
      v9 := a2 - v4 + 10;
    } else {
      v9 := 3 * v9 - v2;
      v8 := -1;
      v0 := v10 + v7;
    }
  }
  v6 := 3 * v2 - v14;
  v5 := v14 + a2;
  v14 := 3;
  if (v15 <= a3) {
    v6 := 3 * v2 - v2;
    v5 := 2 * v0 - a3;
    v6 := a3 + v11;
    if (v3 > 0) {
      v0 := 1;
      v10 := v4 + 6;
      v7 := v8 + 0;
    } else {
      v3 := -5;
      r := 2 * v0 - v15;
      v8 := v14 + v13;
    }
  } else {
    v10 := 6;
    r := v4 + v3;
    v4 := v10 - a0 + 1;
    if (v2 <= -4) {
      v0 := v0 - v2 + 8;
      v6 := v14 - v13 + 3;
      v3 := v2 + v13;
    } else {
      v12 := v2 - 8;
      v7 := 3 * v15 - v4;
      v15 := 2 * v9 - v11;
    }
  }
  v13 := v10 + a2;
  v3 := v14 + 2;
  v9 := 2;
  if (a2 <= v8) {
    v9 := v5 + v14;
    v11 := 3 * v9 - v8;
    v15 := v13 - a1 + 0;
    if (v3 >= 6) {
      v14 := v10 - 2;
      v14 := v1 + v1;
      v13 := v2 - 9;
    } else {
      v12 := a2 + 3;
      v14 := -4;
      v15 := v14 - v2 + 2;
    }
  } else {
    v6 := -9;
    v5 := -4;
    v15 := -10;
    if (v11 <= a0) {
      v3 := v4 + v6;
      v8 := 2 * a1 - v11;
      v11 := 7;
    } else {
      v10 := 2 * a1 - v4;
      v5 := v11 + 3;
      assume v3 >= v13 + 20;
    }
  }
  v0 := 3 * a3 - v8;
  v1 := v0 - v3 + 10;
  v11 := v4 + 5;
}
