// gen-structured.py: 5 diamonds, 16 variables, seed 0
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
  havoc v1, v5, v11;
  v0 := 1;
  v2 := -4;
  v3 := 5;
  v4 := 3;
  v6 := 2;
  v7 := 5;
  v8 := -3;
  v9 := 3;
  v10 := 4;
  v12 := 1;
  v1 := v6 + v3;
  v3 := v3 + a0;
  v10 := 9;
  if (a1 > v11) {
    r := v7 + v0;
    v8 := v2 - v12 + 9;
    r := 0;
    if (v6 == -9) {
      v10 := 2 * v12 - v6;
      v0 := v12 + v0;
      v8 := v5 + v1;
    } else {
      v1 := v12 - v4 + 9;
      v5 := -7;
      v9 := 0;
    }
  } else {
    v0 := v3 + a2;
    v0 := v2 + v0;
    v5 := v11 - 4;
    if (v5 < v0) {
      v4 := v5 - 8;
      v2 := v4 - a0 + 6;
      v6 := a1 + v3;
    } else {
      v8 := 3 * v2 - v8;
      v11 := v0 + a2;
      v3 := v4 + a0;
    }
  }
  v12 := v7 + 9;
  v2 := -2;
  v2 := 2 * v4 - v8;
  if (v6 > 1) {
    v2 := v8 + 8;
    v7 := a1 + v0;
    v6 := -8;
    if (v2 >= v0) {
      v9 := 3 * v7 - v5;
      v2 := -7;
      assume v9 >= a2 + 18;
    } else {
      v2 := 3 * v5 - v11;
      v1 := v11 - v6 + 9;
      v4 := -9;
    }
  } else {
    v12 := 2 * a2 - v4;
    v7 := 2 * v12 - v4;
    v7 := v5 - 5;
    if (v12 <= v3) {
      v6 := v1 + a0;
      r := a2 - v9 + 10;
      v5 := 2;
    } else {
      r := v1 - v4 + 3;
      v1 := v0 - a2 + 4;
      v5 := v7 + 0;
    }
  }
  v9 := v1 + v0;
  v8 := -2;
  v9 := v0 - a2 + 2;
  if (a0 <= 10) {
    v6 := v0 - 3;
    v3 := v12 - 4;
    v5 := v1 - v8 + 2;
    if (a1 > -3) {
      r := v4 - v7 + 4;
      v8 := 3 * v4 - v4;
      r := v10 + 0;
    } else {
      r := 2 * v8 - v1;
      v0 := 4;
      v12 := -7;
    }
  } else {
    v8 := 2 * v11 - v4;
    v1 := 3 * v8 - a1;
    v8 := 3 * v2 - v6;
    if (v4 >= v1) {
      r := v1 + v10;
      v4 := v12 - 5;
      v6 := 2 * v9 - v3;
    } else {
      v2 := v0 - v10 + 1;
      v9 := v4 + 3;
      v3 := a2 - v5 + 8;
    }
  }
  r := 3 * v0 - v3;
  v11 := 3 * v8 - a2;
  v8 := v11 + v7;
  if (a2 < -5) {
    v3 := v0 - v3 + 2;
    v3 := 3 * v0 - a1;
    v7 := -9;
    if (v11 <= v2) {
      r := v3 + 0;
      v6 := a2 - v7 + 1;
      v11 := v8 + v12;
    } else {
      r := v3 + v8;
      v9 := v2 - v1 + 9;
      v1 := v7 - v2 + 6;
    }
  } else {
    v5 := 3 * v10 - v10;
    v2 := v2 - v6 + 2;
    v9 := a2 - 1;
    if (v5 < 8) {
      r := 3 * v10 - v8;
      v11 := 3 * v8 - v4;
      v11 := v6 - v3 + 4;
    } else {
      v11 := v9 - 8;
      v4 := v4 - v4 + 2;
      v6 := 10;
    }
  }
  v5 := v11 - v9 + 10;
  v4 := 2 * v5 - v0;
  v11 := 9;
  if (a2 <= -4) {
    v12 := a2 - v3 + 5;
    v8 := v2 - a1 + 9;
    v6 := -10;
    if (v0 <= v6) {
      v10 := v12 - a1 + 8;
      v4 := 0;
      v10 := 2 * v5 - v11;
    } else {
      v1 := v3 + 1;
      v9 := v4 - 10;
      v6 := v9 + a1;
    }
  } else {
    v9 := v0 - v12 + 1;
    v6 := v1 - v12 + 5;
    v12 := -9;
    if (v11 < -5) {
      v11 := v12 - 8;
      v4 := -8;
      v0 := v11 + 9;
    } else {
      v7 := v12 + a0;
      v10 := v12 - v8 + 7;
      v10 := a1 - 10;
    }
  }
  v0 := a2 + 10;
  v8 := v7 + v5;
  v5 := v5 + v3;
}
