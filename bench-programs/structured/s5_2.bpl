// gen-structured.py: 5 diamonds, 15 variables, seed 2
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
  havoc v4, v6, v7, v11;
  v0 := 4;
  v1 := 0;
  v2 := -5;
  v3 := -5;
  v5 := -3;
  v8 := -4;
  v9 := 3;
  v10 := -4;
  r := a0 - 6;
  v6 := 8;
  v8 := a0 - 10;
  if (a1 <= v5) {
    v11 := -1;
    v9 := 1;
    v6 := a1 + a0;
    if (v4 < -5) {
      v2 := v2 + 1;
      v9 := 3 * v3 - v11;
      r := v7 + v2;
    } else {
      v2 := a1 + a2;
      v4 := v2 + a1;
      v2 := v6 - v7 + 8;
    }
  } else {
    v6 := v1 - 2;
    v6 := 3 * v1 - a1;
    v8 := 3 * v3 - v1;
    if (v5 < 6) {
      v3 := -10;
      v5 := v10 + v3;
      r := v11 - v6 + 1;
    } else {
      v9 := -1;
      v4 := v7 - v0 + 6;
      v7 := 9;
    }
  }
  v8 := -2;
  v2 := v6 + 2;
  v6 := v9 + v0;
  if (v8 <= a1) {
    v8 := 3 * v5 - v10;
    v3 := v8 + 5;
    v0 := 2 * v10 - v9;
    if (v5 < v9) {
      v3 := v10 - v0 + 8;
      r := -8;
      v4 := a2 + 0;
    } else {
      v1 := 2 * v1 - v4;
      v7 := v5 - 1;
      v7 := v10 - v9 + 7;
    }
  } else {
    v7 := 2 * v11 - a1;
    v7 := a0 + v9;
    v11 := v2 - v1 + 2;
    if (v0 >= v8) {
      v5 := -5;
      v8 := -2;
      v11 := v6 - 10;
    } else {
      v7 := 3 * a0 - v6;
      v1 := v10 - v7 + 4;
      v10 := -3;
    }
  }
  v6 := v11 - a2 + 9;
  v8 := v0 - 8;
  v1 := v4 + 8;
  if (v0 <= -9) {
    v7 := a2 + v6;
    v0 := a2 - 5;
    v5 := v6 + v10;
    if (v6 <= v2) {
      v5 := 1;
      v2 := v2 - a0 + 3;
      assume a1 <= v0 + 2;
    } else {
      v3 := v2 - 10;
      v2 := v3 + v6;
      v10 := v8 + v11;
    }
  } else {
    r := 3 * v1 - v2;
    r := v2 + v11;
    v5 := 3 * v6 - v0;
    if (v2 < a0) {
      v6 := 2 * a2 - v5;
      v9 := -8;
      v10 := a0 + v9;
    } else {
      v6 := v5 + v4;
      v0 := v11 + v6;
      v2 := v8 + v10;
    }
  }
  v0 := v0 + v0;
  v9 := v8 - 5;
  v1 := v1 - v11 + 4;
  if (a2 > 4) {
    v1 := 8;
    v10 := v6 - v10 + 6;
    v11 := 2;
    if (v8 >= a0) {
      v9 := 10;
      v8 := v7 - v2 + 0;
      assume v5 != v11 + 9;
    } else {
      v8 := v4 - 10;
      v11 := v5 - v8 + 10;
      v8 := 8;
    }
  } else {
    v11 := a1 - v0 + 2;
    v8 := v2 + a0;
    v4 := v7 + v7;
    if (v7 > 8) {
      v8 := v10 - a1 + 9;
      v10 := v4 + v9;
      v7 := 5;
    } else {
      v7 := v2 - v0 + 6;
      v2 := v11 + a2;
      v0 := 3 * v4 - v1;
    }
  }
  v4 := v9 + v8;
  v6 := v0 - v5 + 10;
  v11 := 2 * v0 - a2;
  if (v7 > -8) {
    r := v11 + v0;
    r := 3;
    v3 := v4 - v2 + 7;
    if (v10 == 7) {
      v1 := a2 + v5;
      v11 := -8;
      v6 := 3;
    } else {
      v9 := v9 - 8;
      v1 := 2 * v5 - v2;
      r := a2 - v7 + 10;
    }
  } else {
    v3 := v4 - v2 + 5;
    v3 := -9;
    v3 := v1 + v11;
    if (a2 == 4) {
      r := v10 + 10;
      v6 := v7 - v11 + 8;
      v11 := 2 * v2 - a1;
    } else {
      v2 := 3;
      v8 := 2 * v10 - v1;
      v11 := 0;
    }
  }
  v11 := -8;
  v10 := v11 + v0;
  v6 := v11 + 1;
}
