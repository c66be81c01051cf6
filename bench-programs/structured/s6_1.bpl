// gen-structured.py: 6 diamonds, 19 variables, seed 1
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
  havoc v5, v8, v12, v13;
  v0 := -5;
  v1 := -4;
  v2 := -2;
  v3 := -5;
  v4 := 3;
  v6 := 4;
  v7 := 1;
  v9 := 3;
  v10 := -4;
  v11 := 0;
  v2 := v13 + v2;
  v8 := v0 + 2;
  v12 := 1;
  if (a1 == -2) {
    v11 := a3 - a2 + 5;
    v11 := a3 + v3;
    assume v3 != v9 + 1;
    if (a3 < v12) {
      v6 := v5 + v5;
      v3 := v8 + v11;
      v3 := v5 - 2;
    } else {
      v4 := a0 - v11 + 4;
      v3 := 4;
      v5 := 2 * v13 - a3;
    }
  } else {
    v6 := v8 - 4;
    v7 := 7;
    v9 := 3 * v5 - v12;
    if (v13 < v5) {
      v6 := -10;
      v4 := a0 - 10;
      r := -9;
    } else {
      v6 := v8 + 9;
      v2 := v7 + v3;
      v0 := 2 * a2 - v8;
    }
  }
  v13 := v12 + a4;
  v4 := v2 - v2 + 6;
  v13 := v0 + v12;
  if (v2 >= v1) {
    v9 := a1 + a4;
    v0 := v10 - 5;
    v4 := a1 - a4 + 1;
    if (v9 < a3) {
      v6 := v6 + 5;
      v7 := 3 * a0 - a4;
      v6 := v3 + 4;
    } else {
      v8 := v13 - 5;
      v8 := v4 + v6;
      v1 := v4 - 6;
    }
  } else {
    r := v4 - v8 + 7;
    v6 := 10;
    v4 := -1;
    if (v10 > 0) {
      v10 := v12 + 7;
      v7 := v12 - 4;
      v1 := v5 + v4;
    } else {
      v13 := v12 - 6;
      v11 := -4;
      v11 := 2 * a2 - a2;
    }
  }
  r := 3 * v2 - a3;
  v13 := 5;
  v2 := v1 + 5;
  if (v6 >= v2) {
    v3 := 2 * a0 - v0;
    v5 := v12 - v11 + 10;
    v2 := v8 - v7 + 6;
    if (v10 == -9) {
      v13 := -2;
      v3 := 8;
      r := a0 + a2;
    } else {
      v0 := 10;
      v12 := 10;
      v11 := -6;
    }
  } else {
    v5 := v8 - v11 + 9;
    v0 := v2 + v10;
    v3 := a1 + 3;
    if (v12 < v3) {
      v3 := a1 + a3;
      v13 := 2 * a2 - v8;
      v4 := v11 - 5;
    } else {
      v1 := v9 - v13 + 6;
      v9 := v1 + 4;
      v10 := v12 - v3 + 4;
    }
  }
  v5 := v11 + v7;
  v8 := 3 * v8 - v8;
  v9 := v5 + v8;
  if (a3 > a0) {
    v8 := v6 + 6;
    v8 := v4 - 5;
    v3 := a0 + v1;
    if (v12 <= 6) {
      v3 := v5 - a3 + 9;
      v12 := v0 + 0;
      v2 := 3 * a0 - v3;
    } else {
      v2 := v1 - 8;
      v6 := 3;
      v10 := v6 + v7;
    }
  } else {
    v1 := 0;
    v5 := v9 + 3;
    v8 := v12 + a2;
    if (v2 < v0) {
      v11 := 10;
      v1 := 2 * v13 - v12;
      v3 := v11 - 5;
    } else {
      v4 := a3 + v10;
      r := 2 * v5 - v9;
      v6 := a3 - 9;
    }
  }
  v1 := 2 * a2 - v2;
  v0 := 2 * a0 - v1;
  v9 := a4 + a0;
  if (v12 <= a2) {
    v12 := v6 + a2;
    r := a2 - v11 + 5;
    v11 := v7 - 1;
    if (v10 > 0) {
      v0 := 2 * a3 - v1;
      v2 := v9 + v1;
      v9 := 3 * v9 - a4;
    } else {
      v4 := a3 + a4;
      v6 := v9 + v8;
      v13 := 3 * v3 - v9;
    }
  } else {
    v11 := v8 + v0;
    v3 := v6 - a2 + 7;
    v3 := a3 + v4;
    if (v1 <= v6) {
      v1 := -5;
      v5 := 2 * a2 - a4;
      v5 := v10 + 6;
    } else {
      v13 := 3 * v0 - v7;
      assume a3 != v10 + 15;
      v3 := v5 - v4 + 6;
    }
  }
  v13 := v0 - 8;
  v2 := v1 - v9 + 6;
  v8 := v11 + 8;
  if (a1 >= v3) {
    v4 := 2;
    v7 := 2 * v13 - v4;
    v11 := -7;
    if (v1 < v7) {
      v6 := 3 * v12 - a0;
      v4 := v5 - v4 + 4;
      v12 := v3 - v9 + 4;
    } else {
      v2 := a2 + v11;
      r := 2;
      v5 := 3;
    }
  } else {
    v0 := a3 + 9;
    v5 := v7 - 2;
    v11 := 2 * v0 - v0;
    if (v9 < v13) {
      v2 := v11 + a1;
      v9 := v2 + 5;
      v9 := v0 + a0;
    } else {
      v13 := -3;
      v9 := v7 - 6;
      v11 := v12 + v9;
    }
  }
  v6 := v4 - a3 + 4;
  r := v8 - 1;
  v5 := a0 - v5 + 4;
}
