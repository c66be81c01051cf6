// gen-structured.py: 5 diamonds, 18 variables, seed 3
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
  havoc v2, v8, v10, v11, v12;
  v0 := 0;
  v1 := 4;
  v3 := 3;
  v4 := 2;
  v5 := -5;
  v6 := 5;
  v7 := 3;
  v9 := 3;
  v2 := v1 + a2;
  v0 := 3 * v10 - v0;
  v9 := v7 - v7 + 7;
  if (v2 == -10) {
    v12 := a1 - v12 + 10;
    v8 := a3 - v10 + 0;
    v1 := 3 * a2 - v6;
    if (v11 <= 10) {
      v10 := v12 - v2 + 0;
      v1 := v5 + v3;
      v12 := -10;
    } else {
      assume a2 != a0 + 2;
      v1 := -1;
      v5 := v3 - a2 + 6;
    }
  } else {
    v11 := v12 + v1;
    v9 := 4;
    v5 := v12 + v7;
    if (v7 > 3) {
      v2 := v11 - 7;
      v7 := v10 - v2 + 4;
      v6 := 3 * v7 - a4;
    } else {
      v1 := 2 * v9 - v2;
      v10 := v7 + v2;
      v7 := -7;
    }
  }
  v7 := v10 + v12;
  v11 := v0 + a4;
  v0 := 2 * v1 - v12;
  if (v12 > v4) {
    v12 := a3 - v11 + 10;
    v1 := -9;
    v7 := a1 - v6 + 0;
    if (v7 < 6) {
      assume v8 <= a2 + 19;
      v3 := v5 + a1;
      v3 := 2 * v6 - a2;
    } else {
      v11 := v8 - 3;
      v10 := v5 + v3;
      v3 := 3 * v1 - v12;
    }
  } else {
    r := v11 - a0 + 7;
    v0 := a3 - v1 + 5;
    v1 := -5;
    if (a4 < a0) {
      r := a2 + v1;
      v12 := -5;
      v12 := a0 - v0 + 6;
    } else {
      v0 := a4 + v12;
      v10 := 3 * a2 - v1;
      v2 := 6;
    }
  }
  v7 := v7 + 8;
  v8 := v1 + v4;
  v12 := -10;
  if (v2 < 7) {
    r := 0;
    v2 := v7 - a4 + 5;
    v12 := 3 * v5 - v0;
    if (v4 >= 6) {
      assume a0 >= v6 + 14;
      v7 := v8 + v2;
      v10 := a0 - v3 + 10;
    } else {
      v9 := a0 - 8;
      v10 := v8 - 9;
      v2 := 10;
    }
  } else {
    v0 := v7 - v5 + 4;
    v2 := -3;
    v2 := v3 + v6;
    if (a3 > 3) {
      v3 := a4 + 6;
      v3 := v3 - a4 + 7;
      v12 := -5;
    } else {
      v10 := 2 * a2 - a2;
      v3 := 3 * v5 - v10;
      v0 := a0 - a0 + 10;
    }
  }
  v11 := v12 - 3;
  v8 := 2 * v2 - v6;
  v6 := v11 + v3;
  if (v12 < v1) {
    v11 := 2 * v1 - v2;
    v11 := 2 * v3 - v6;
    v12 := v6 + 4;
    if (v10 < v4) {
      v7 := v3 - a2 + 8;
      assume v5 <= v3 + 20;
      v11 := 9;
    } else {
      r := 3 * v0 - v3;
      v11 := v0 + 1;
      v1 := v12 - v2 + 8;
    }
  } else {
    v0 := v3 - 8;
    v1 := a2 + 0;
    v9 := -9;
    if (v1 > a1) {
      v11 := v9 + v9;
      r := 2 * v1 - v12;
      v10 := 3;
    } else {
      v5 := v9 - v6 + 5;
      v3 := a1 + v11;
      v3 := a0 - v9 + 8;
    }
  }
  v0 := 1;
  r := 0;
  v3 := v3 - v0 + 10;
  if (v10 > a0) {
    v5 := a4 - v3 + 7;
    v7 := v5 + 6;
    v9 := v6 + v11;
    if (a3 > -5) {
      v7 := v3 - v11 + 7;
      v9 := 6;
      v12 := 4;
    } else {
      r := v6 - v2 + 8;
      r := v4 + v11;
      v10 := v7 + v9;
    }
  } else {
    v12 := a4 - 2;
    v4 := v3 - v10 + 3;
    v0 := 3 * a3 - v3;
    if (a0 > -9) {
      v2 := v5 + 5;
      v10 := v0 - 10;
      v5 := a3 - v9 + 9;
    } else {
      v10 := 10;
      v6 := 2 * v2 - a2;
      v10 := v4 - 5;
    }
  }
  v0 := v11 - a1 + 3;
  v5 := v11 - v1 + 8;
  v11 := 3 * v11 - v1;
}
