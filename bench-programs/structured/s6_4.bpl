// gen-structured.py: 6 diamonds, 18 variables, seed 4
procedure main(a0: int, a1: int, a2: int) returns (r: int)
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
  havoc v0, v1, v3, v14;
  v2 := -3;
  v4 := 0;
  v5 := 0;
  v6 := -3;
  v7 := -5;
  v8 := -1;
  v9 := -1;
  v10 := 2;
  v11 := 2;
  v12 := 4;
  v13 := 3;
  v6 := 2 * v13 - v8;
  v6 := v12 + a2;
  v2 := v10 - a0 + 3;
  if (v4 == 7) {
    v3 := v13 + v11;
    v5 := v3 - a2 + 3;
    v8 := 10;
    if (v4 > v8) {
      v2 := 3 * v8 - v10;
      v8 := 2 * v12 - v11;
      v8 := v14 + a2;
    } else {
      r := v6 - v1 + 8;
      v11 := -9;
      v6 := -3;
    }
  } else {
    v5 := 0;
    v6 := 9;
    r := v4 - v1 + 9;
    if (v4 < v10) {
      v1 := v2 - 3;
      v8 := v2 - 6;
      v6 := -8;
    } else {
      v2 := v10 - a0 + 1;
      assume v1 <= v7 + 2;
      v13 := 6;
    }
  }
  v12 := v1 - v8 + 6;
  v10 := v4 + 4;
  v13 := a1 + a0;
  if (v6 > v8) {
    v8 := -7;
    v1 := 2 * v4 - v13;
    v11 := v3 + 9;
    if (v7 <= a0) {
      v13 := v10 + a1;
      v13 := 3 * v14 - v5;
      v7 := 3 * v12 - v11;
    } else {
      v14 := -10;
      v1 := 2 * v5 - v3;
      v5 := v6 + v10;
    }
  } else {
    v6 := v11 - v6 + 1;
    v4 := 4;
    v8 := 3 * v3 - a1;
    if (v6 <= 5) {
      v12 := 3 * v4 - v6;
      v3 := 2 * v11 - v7;
      assume v12 <= v2 + 9;
    } else {
      v4 := v0 + a0;
      v6 := 2 * v14 - v3;
      v2 := -10;
    }
  }
  v3 := v14 + v10;
  v6 := v4 - 2;
  v10 := 2 * v1 - v8;
  if (v4 <= 8) {
    v12 := 2 * v14 - v10;
    v7 := 2 * v14 - v12;
    v2 := v10 - 4;
    if (v12 > v11) {
      v6 := v2 - 7;
      v2 := v13 + v14;
      r := v8 - v6 + 10;
    } else {
      v1 := a2 - v8 + 4;
      v2 := 3 * v6 - v3;
      v3 := 3 * v8 - v5;
    }
  } else {
    v3 := v5 - v1 + 10;
    v7 := v4 + v1;
    v6 := v13 - 1;
    if (a0 < v4) {
      v10 := v12 - v9 + 1;
      v7 := a1 - 9;
      v7 := v12 - 8;
    } else {
      v9 := a1 + 1;
      v13 := 3;
      v14 := a2 - a1 + 4;
    }
  }
  v8 := 9;
  v13 := v14 - v13 + 4;
  r := v0 + v14;
  if (v11 <= v12) {
    v0 := a2 + v2;
    v14 := v1 - v14 + 6;
    v11 := v2 + v9;
    if (v0 > v5) {
      v6 := v2 + v6;
      v5 := a2 + v10;
      r := 2;
    } else {
      v0 := 5;
      v3 := v14 + 0;
      v5 := v6 - v14 + 1;
    }
  } else {
    v8 := -1;
    v2 := v14 + v2;
    v10 := -4;
    if (a1 >= v14) {
      v0 := v2 + v8;
      v14 := v4 + v1;
      v12 := a1 - 2;
    } else {
      v14 := 4;
      v6 := v13 - v14 + 1;
      v7 := v0 - v10 + 4;
    }
  }
  v6 := v14 + v0;
  v0 := v14 + 0;
  v3 := 2 * v13 - v14;
  if (v8 == -1) {
    v12 := v8 - v2 + 4;
    v11 := v3 + v1;
    v2 := 2 * a1 - v6;
    if (v9 < v5) {
      v7 := v11 - 6;
      v6 := v12 + v12;
      v3 := v8 - 10;
    } else {
      v2 := -5;
      v6 := v1 - v11 + 6;
      v4 := v14 + v6;
    }
  } else {
    v1 := a1 + v5;
    v6 := -4;
    v14 := v1 + a1;
    if (v10 <= -2) {
      v1 := 3 * v0 - v4;
      v2 := v8 - 8;
      v6 := v7 - 7;
    } else {
      v4 := a2 - 6;
      v7 := -6;
      v7 := v7 - v13 + 6;
    }
  }
  v7 := v14 - v1 + 9;
  v6 := 2 * v3 - v11;
  v10 := v8 - v6 + 7;
  if (v12 > v4) {
    v12 := v8 + v0;
    v13 := v14 - v2 + 1;
    v1 := 7;
    if (v5 <= v1) {
      v0 := v12 - 4;
      v5 := -2;
      r := 3 * v8 - v12;
    } else {
      v12 := v5 - 6;
      r := 3 * v2 - v10;
      v11 := v12 - v0 + 2;
    }
  } else {
    v8 := v6 + 4;
    v2 := v13 + v13;
    v12 := v10 - 1;
    if (v2 == -8) {
      v5 := a0 - v8 + 5;
      v6 := v2 - v14 + 3;
      assume v11 >= v3 + 10;
    } else {
      v5 := a0 + 3;
      v11 := v12 - a0 + 9;
      v10 := v1 + v2;
    }
  }
  v0 := v13 + 3;
  v9 := 3 * v3 - v6;
  v14 := 3 * v14 - v2;
}
