// gen-structured.py: 6 diamonds, 16 variables, seed 5
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
  havoc v0, v4, v7, v10, v11, v12;
  v1 := 5;
  v2 := 1;
  v3 := 1;
  v5 := -3;
  v6 := 3;
  v8 := 2;
  v9 := -4;
  r := -6;
  v2 := a0 + v4;
  v3 := 2 * v11 - v5;
  if (v10 < 7) {
    v4 := v0 - v10 + 1;
    v12 := 3 * v1 - v11;
    v0 := v5 + v0;
    if (a1 >= 10) {
      v12 := 1;
      v6 := 2 * v5 - v11;
      v7 := 3 * v10 - v0;
    } else {
      v10 := v8 - a2 + 6;
      v3 := v8 - a1 + 6;
      v7 := v7 + v10;
    }
  } else {
    v12 := v10 - a2 + 9;
    v8 := v8 + v1;
    v10 := v5 - v1 + 1;
    if (v9 == -10) {
      v4 := v6 - a0 + 1;
      r := v1 + v11;
      v2 := v9 - 5;
    } else {
      v9 := 3 * v0 - v0;
      assume a0 != a1 + 5;
      v3 := a1 + 1;
    }
  }
  v7 := v4 + v2;
  v12 := -3;
  v1 := a2 + v8;
  if (v9 < v4) {
    v11 := 3 * v3 - a1;
    v10 := 2 * a0 - a2;
    v11 := v12 - 6;
    if (a1 <= -4) {
      v11 := v1 + 5;
      v9 := v5 + 9;
      v1 := 10;
    } else {
      v8 := 2 * v2 - v11;
      v2 := 2 * v11 - v9;
      v0 := v10 - v12 + 3;
    }
  } else {
    v4 := 3 * v0 - v6;
    v7 := 2 * v6 - v0;
    v12 := v7 - v9 + 7;
    if (v9 < a2) {
      v2 := 9;
      v3 := 3 * v4 - a1;
      v7 := v12 + v6;
    } else {
      v8 := v5 + 10;
      v11 := v5 + 5;
      r := v5 - v6 + 1;
    }
  }
  r := 2 * v0 - a0;
  v1 := v12 + v7;
  v1 := v4 + v12;
  if (v6 > v3) {
    v8 := 7;
    v5 := a1 - v2 + 8;
    v9 := -4;
    if (v10 < v8) {
      v6 := 2;
      r := -4;
      v3 := 3 * v12 - v6;
    } else {
      v3 := v9 - v2 + 9;
      v8 := v12 + 7;
      v1 := a2 - v1 + 9;
    }
  } else {
    v7 := 2 * v6 - v0;
    v0 := v10 + v0;
    v2 := a2 - a0 + 7;
    if (v7 < v8) {
      v9 := v10 + v2;
      v10 := v10 - 6;
      v9 := v3 + v2;
    } else {
      v3 := v3 - a1 + 9;
      v10 := -8;
      v8 := 3 * a2 - v11;
    }
  }
  v9 := a1 + v2;
  v2 := v7 - v4 + 2;
  v11 := -9;
  if (v1 > 10) {
    r := 3 * v7 - v10;
    assume a1 != v8 + 11;
    v1 := 10;
    if (a2 <= v2) {
      v4 := v0 + v9;
      v4 := 3 * v5 - v10;
      v9 := a2 + a0;
    } else {
      v5 := v7 - 6;
      v12 := 1;
      v9 := v1 - 10;
    }
  } else {
    v2 := 10;
    v4 := v12 + 0;
    v7 := v0 - 1;
    if (v6 > 0) {
      v1 := v11 - 2;
      r := 3 * v2 - v8;
      v1 := 2 * a2 - v6;
    } else {
      assume a1 <= v8 + 16;
      v5 := v7 - v11 + 6;
      v10 := 2 * v0 - v4;
    }
  }
  v7 := 6;
  v5 := v8 - a1 + 4;
  v4 := a2 + 6;
  if (v7 >= 6) {
    r := a0 - a2 + 3;
    v0 := -4;
    r := v0 + a1;
    if (v4 < v7) {
      v2 := v9 - 7;
      v5 := v1 - v3 + 7;
      v3 := v7 + v8;
    } else {
      v10 := v0 - v1 + 1;
      r := v11 + v10;
      v6 := a1 + 1;
    }
  } else {
    v9 := a1 - 7;
    v1 := v3 - v9 + 9;
    v6 := -5;
    if (v5 >= v12) {
      v3 := 3 * v11 - v2;
      v9 := 7;
      v3 := -6;
    } else {
      v2 := v12 - v6 + 6;
      v0 := v12 - 2;
      v6 := 3 * v1 - a2;
    }
  }
  v6 := v9 + v6;
  v4 := v8 + v8;
  v5 := v3 + 8;
  if (v5 > 5) {
    v9 := v12 + 1;
    v3 := a2 + 2;
    v5 := v0 + 6;
    if (v1 > 5) {
      v12 := 2 * v11 - a0;
      v6 := 10;
      v12 := v8 + v3;
    } else {
      v7 := v10 - v3 + 3;
      v8 := 2 * v10 - v11;
      v6 := v4 + v2;
    }
  } else {
    v6 := a0 - v1 + 5;
    v10 := v9 - v6 + 2;
    v7 := 3 * v11 - v4;
    if (v8 == -5) {
      v12 := a0 + 0;
      v9 := a1 - v3 + 9;
      v8 := v9 + 2;
    } else {
      v5 := 9;
      v3 := v3 - v3 + 9;
      assume v0 != v5 + 6;
    }
  }
  v12 := v10 - v7 + 5;
  r := 6;
  v2 := v12 + a2;
}
