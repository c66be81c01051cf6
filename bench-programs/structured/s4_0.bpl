// gen-structured.py: 4 diamonds, 18 variables, seed 0
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
  havoc v0, v2, v5, v7, v11;
  v1 := 0;
  v3 := 4;
  v4 := 0;
  v6 := 2;
  v8 := 3;
  v9 := -5;
  v10 := -4;
  v6 := a0 - 2;
  r := v6 + v10;
  v4 := v7 + v8;
  if (a1 >= v4) {
    v5 := a4 - v7 + 4;
    v0 := v6 - 1;
    r := v9 - 2;
    if (a3 >= v10) {
      v3 := v6 - v9 + 8;
      v0 := a1 - a0 + 3;
      r := 2 * v3 - a3;
    } else {
      r := v6 + v1;
      v1 := 5;
      v8 := 2 * a5 - v10;
    }
  } else {
    v1 := 2 * v5 - a5;
    v7 := a2 - 10;
    v5 := -7;
    if (v10 > -7) {
      v3 := 4;
      v11 := v3 + 1;
      v6 := v11 - 10;
    } else {
      v6 := 2;
      v4 := 4;
      v2 := 2 * v2 - v8;
    }
  }
  v10 := -3;
  v2 := -8;
  v7 := 2 * v1 - v10;
  if (v11 < v6) {
    v6 := 0;
    v6 := 3;
    v11 := v3 + a0;
    if (v1 >= 2) {
      v4 := 3 * v0 - v4;
      v10 := v0 - v3 + 10;
      v7 := a4 + 1;
    } else {
      v2 := v3 - 3;
      v8 := 3 * v6 - v9;
      v0 := -3;
    }
  } else {
    assume v7 >= v8 + 20;
    r := -1;
    v3 := v11 + a2;
    if (v7 <= a5) {
      v8 := -3;
      v1 := 3 * v11 - v2;
      v3 := 3 * v5 - v11;
    } else {
      v1 := v7 + v5;
      v8 := v0 - 4;
      v5 := v10 - 10;
    }
  }
  v5 := -3;
  v11 := a1 - 3;
  v0 := 2 * a5 - a0;
  if (v7 < 5) {
    v8 := v7 - a1 + 0;
    v10 := 3 * v7 - a4;
    v5 := v0 - v0 + 9;
    if (v8 == 0) {
      v0 := v4 + v4;
      v8 := a2 + v10;
      v3 := 3 * v7 - v4;
    } else {
      v2 := a5 + v5;
      v0 := v8 - 7;
      v4 := -2;
    }
  } else {
    v3 := v2 + v2;
    v6 := v3 - v7 + 0;
    v9 := 2 * a1 - v8;
    if (v8 > -3) {
      v7 := v8 - a3 + 3;
      v1 := -5;
      v0 := v10 + v9;
    } else {
      v11 := 3 * a2 - a0;
      v11 := v9 - v0 + 9;
      v5 := a2 + 8;
    }
  }
  v2 := a4 + 6;
  v8 := v5 + v7;
  v7 := 7;
  if (a3 <= v2) {
    assume a4 != v5 + 10;
    v7 := 4;
    v0 := v2 - 1;
    if (v6 > v0) {
      v5 := 2 * a1 - a2;
      v6 := a3 + v6;
      v1 := v0 + v11;
    } else {
      v11 := v9 + a5;
      assume v11 != v4 + 7;
      v1 := a3 - v0 + 1;
    }
  } else {
    v10 := v2 - v1 + 8;
    v0 := -1;
    v2 := 1;
    if (a5 > v3) {
      v10 := v4 + 10;
      v8 := 5;
      v2 := v6 + v0;
    } else {
      v11 := 2 * v8 - a4;
      r := -2;
      v2 := a3 + 0;
    }
  }
  v2 := v0 + a1;
  v10 := a1 + v10;
  r := v11 + a5;
}
