// gen-structured.py: 5 diamonds, 17 variables, seed 8
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
  havoc v1, v3, v11;
  v0 := 2;
  v2 := 2;
  v4 := -4;
  v5 := 1;
  v6 := -2;
  v7 := -5;
  v8 := 0;
  v9 := 3;
  v10 := -1;
  v5 := 2 * v2 - v6;
  r := a2 - 5;
  v7 := v1 + v10;
  if (v8 > -5) {
    v0 := 2 * v4 - v10;
    v11 := a4 - v6 + 8;
    v6 := a4 + v10;
    if (v0 < 5) {
      v7 := 3 * a2 - v6;
      r := v6 + v8;
      v0 := a4 + a0;
    } else {
      v2 := v7 - v8 + 8;
      v11 := a3 - v10 + 2;
      v7 := 10;
    }
  } else {
    v5 := 2 * a4 - a2;
    v4 := 2 * v11 - a1;
    v9 := a3 - 9;
    if (a2 >= 5) {
      v10 := 1;
      v4 := -1;
      r := v9 - a1 + 0;
    } else {
      v9 := v3 - 9;
      v0 := a0 + v9;
      v5 := 3 * v11 - a3;
    }
  }
  v1 := a4 + 3;
  assume a3 <= v6 + 9;
  v3 := v6 + v6;
  if (a4 <= v5) {
    v11 := 2;
    v10 := a4 - v9 + 2;
    r := v11 + v7;
    if (v8 > v0) {
      v0 := v2 - a1 + 1;
      v8 := v4 + v6;
      v0 := 2 * v7 - a4;
    } else {
      v7 := 2 * v7 - v10;
      v1 := 2 * a1 - a0;
      v5 := v9 + v10;
    }
  } else {
    v8 := 9;
    v7 := v1 + v11;
    v5 := 0;
    if (a2 >= v11) {
      v10 := a3 - 6;
      v2 := 2 * v10 - v2;
      assume v5 != v9 + 12;
    } else {
      v4 := 6;
      v9 := a1 - 10;
      v9 := 0;
    }
  }
  v11 := 2 * v7 - a2;
  v6 := 3 * v8 - v0;
  r := v1 - 5;
  if (v9 >= v0) {
    v0 := v7 - 3;
    v8 := a3 - v4 + 1;
    v7 := 7;
    if (v11 >= 0) {
      r := a2 + a0;
      v10 := a0 + 2;
      v5 := 3 * v8 - a2;
    } else {
      v2 := 2 * v2 - v11;
      v10 := 7;
      v7 := 2;
    }
  } else {
    v3 := v1 + 4;
    v3 := a1 + a4;
    r := 3 * v2 - a3;
    if (a0 <= -7) {
      v0 := -2;
      v6 := 3 * v9 - v5;
      v5 := 3 * a2 - v11;
    } else {
      r := -1;
      v5 := v3 - v7 + 4;
      v4 := v9 + a3;
    }
  }
  r := a3 - v10 + 0;
  v3 := 8;
  v4 := v0 + v0;
  if (a1 <= v6) {
    v7 := -7;
    v6 := v0 - 5;
    v4 := 3 * a2 - v1;
    if (a3 > -5) {
      v1 := v0 - v1 + 3;
      v9 := v11 + v5;
      v10 := v0 + v11;
    } else {
      v5 := v10 + v10;
      v3 := v0 - a2 + 4;
      v8 := 2 * v11 - a2;
    }
  } else {
    assume a4 >= v3 + 3;
    v5 := v4 + v8;
    v0 := 10;
    if (a3 < v10) {
      v1 := v4 - v5 + 2;
      v10 := 3 * v6 - v11;
      v3 := -6;
    } else {
      r := 2 * v4 - v8;
      v6 := v1 + 10;
      v11 := v2 + 6;
    }
  }
  v9 := v8 - v0 + 4;
  v5 := 1;
  v1 := 3 * v11 - v6;
  if (v4 < a0) {
    v1 := v1 - a0 + 1;
    v11 := 3;
    v5 := -6;
    if (a3 > 5) {
      v7 := v2 - v9 + 2;
      v7 := v0 - 7;
      v6 := 2;
    } else {
      v4 := 2 * v1 - v4;
      v10 := v11 + v0;
      v1 := v7 - v8 + 5;
    }
  } else {
    v8 := v5 - a1 + 7;
    v4 := -4;
    v4 := v4 - 9;
    if (a4 <= 3) {
      v11 := -10;
      v6 := 3 * v11 - a0;
      assume v7 != v3 + 13;
    } else {
      v3 := a4 - v3 + 2;
      v1 := 8;
      v6 := 0;
    }
  }
  v9 := 2 * a1 - v6;
  v7 := v9 + a2;
  v1 := v2 - v10 + 1;
}
