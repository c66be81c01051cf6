// gen-structured.py: 5 diamonds, 20 variables, seed 1
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
  havoc v2, v5;
  v0 := 1;
  v1 := -5;
  v3 := -1;
  v4 := 0;
  v6 := 2;
  v7 := -2;
  v8 := -3;
  v9 := -5;
  v10 := -1;
  v11 := -3;
  v12 := 0;
  v13 := 2;
  v11 := 6;
  v1 := v11 - v9 + 10;
  v9 := v3 + v12;
  if (v9 > -8) {
    v10 := a5 - a3 + 2;
    v4 := a3 - v13 + 2;
    v9 := 2 * a0 - v6;
    if (a2 <= v2) {
      v4 := -9;
      v6 := 10;
      v1 := v12 + 7;
    } else {
      v13 := v2 - v1 + 9;
      v2 := v2 - 1;
      v6 := 4;
    }
  } else {
    v6 := 3 * a3 - v6;
    v11 := 3;
    v8 := v7 - v4 + 5;
    if (v4 <= v5) {
      v6 := v7 - v11 + 4;
      assume a0 != v9 + 10;
      v0 := v5 + 1;
    } else {
      v1 := 6;
      v8 := 3 * v7 - v12;
      v12 := 2 * v10 - a1;
    }
  }
  v3 := v11 - v11 + 6;
  r := a1 - v10 + 1;
  v6 := 3;
  if (v8 <= -8) {
    v5 := v11 - a0 + 9;
    v8 := a2 + v5;
    v5 := v9 + v13;
    if (v0 >= 4) {
      v10 := a2 + v1;
      v11 := 2 * v1 - v2;
      v12 := 2 * v4 - v5;
    } else {
      assume v4 <= a2 + 7;
      v8 := 3 * v4 - v7;
      assume a5 != v4 + 3;
    }
  } else {
    v4 := v11 + v11;
    v12 := v0 - a2 + 3;
    v4 := a4 - a3 + 9;
    if (v6 > -3) {
      v8 := 3 * v2 - v3;
      assume v0 <= a0 + 19;
      v5 := 8;
    } else {
      v11 := a3 + 1;
      v2 := v11 + 7;
      v7 := 3 * v4 - v6;
    }
  }
  v0 := v5 + v9;
  v3 := -2;
  v10 := a5 - 8;
  if (a0 < v11) {
    v7 := v12 - v3 + 2;
    v0 := 0;
    v8 := 2 * v4 - v7;
    if (a4 <= v5) {
      v0 := 7;
      v0 := 2 * a1 - v5;
      v8 := 2 * v1 - v2;
    } else {
      v4 := 3 * v13 - v3;
      v1 := v10 - a0 + 2;
      v8 := a2 + 5;
    }
  } else {
    v0 := v6 + v5;
    v7 := a0 + v3;
    v1 := v10 - v9 + 3;
    if (a3 <= v8) {
      v4 := a2 + 2;
      v2 := 3 * v12 - v9;
      v9 := v2 + 10;
    } else {
      v9 := a1 - v6 + 3;
      v4 := v10 - a5 + 1;
      v8 := 3 * v12 - v9;
    }
  }
  v2 := v0 - v3 + 9;
  v0 := 7;
  v8 := -10;
  if (v7 <= a1) {
    v1 := v9 - 2;
    v5 := v5 - 4;
    r := v11 + 3;
    if (a0 < v11) {
      v4 := 2 * v5 - v8;
      v6 := v12 - v6 + 6;
      v11 := v13 + v3;
    } else {
      v11 := a2 - v2 + 0;
      v10 := v11 - a0 + 8;
      v12 := v13 - v6 + 5;
    }
  } else {
    v8 := v6 - 5;
    v0 := v0 + a1;
    v3 := 2 * a4 - v2;
    if (v11 <= 2) {
      r := v12 + 4;
      v11 := -3;
      v5 := 5;
    } else {
      v1 := -1;
      r := -1;
      v11 := v8 + a2;
    }
  }
  v5 := a2 - v8 + 3;
  v1 := v3 - a3 + 5;
  v4 := 3 * a3 - a5;
  if (v1 < v13) {
    v0 := a1 - v0 + 7;
    v2 := v5 + 7;
    v10 := v12 - v8 + 3;
    if (a2 >= v3) {
      v10 := v9 - 9;
      v9 := v3 + 5;
      r := 2 * v11 - a2;
    } else {
      v3 := v6 + v1;
      v10 := -9;
      v5 := v2 + 4;
    }
  } else {
    r := a2 - v7 + 4;
    v10 := 2;
    v2 := v0 + v0;
    if (v4 <= -5) {
      v7 := v7 - 6;
      v4 := -4;
      v4 := v13 - a3 + 8;
    } else {
      assume v13 != v12 + 8;
      v7 := v8 - 2;
      v8 := 4;
    }
  }
  v7 := -10;
  v13 := v12 + v7;
  v2 := v10 + v7;
}
