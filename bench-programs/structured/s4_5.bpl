// gen-structured.py: 4 diamonds, 15 variables, seed 5
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
  havoc v5, v9;
  v0 := -3;
  v1 := 3;
  v2 := 1;
  v3 := 2;
  v4 := -5;
  v6 := -4;
  v7 := 5;
  v8 := 0;
  v10 := -2;
  v11 := 0;
  v3 := 0;
  v0 := a2 + v6;
  v2 := -1;
  if (a2 < v9) {
    v4 := v8 - v7 + 7;
    v4 := 3;
    v10 := 3 * v0 - v9;
    if (a0 >= v7) {
      v6 := v11 - v11 + 2;
      assume v11 >= a1 + 6;
      v0 := 8;
    } else {
      v4 := v8 - a2 + 0;
      v3 := -9;
      v8 := -6;
    }
  } else {
    v8 := v3 + v11;
    v9 := v5 + 0;
    v3 := v6 - v5 + 7;
    if (v3 < v5) {
      assume v6 >= v1 + 6;
      v7 := v7 - 2;
      v3 := v10 + 2;
    } else {
      v9 := a1 + v9;
      v0 := a2 - 2;
      v4 := a0 - v0 + 7;
    }
  }
  v6 := 3 * v5 - v5;
  v1 := a0 - v8 + 0;
  v1 := v9 - a0 + 0;
  if (v5 < 1) {
    v0 := 2 * v10 - v2;
    v5 := v8 + v8;
    r := -10;
    if (v3 <= -5) {
      v1 := v7 + v7;
      r := v6 + 6;
      v10 := 2 * v7 - a0;
    } else {
      v0 := v4 + 9;
      v3 := a0 + 7;
      v2 := v1 - v5 + 6;
    }
  } else {
    v3 := v5 - 1;
    v7 := -5;
    v6 := v11 - v10 + 4;
    if (v10 >= v9) {
      v4 := a1 + a2;
      v10 := v10 - v8 + 0;
      v10 := 3 * v7 - v9;
    } else {
      v4 := 3 * v5 - v0;
      v0 := 3 * v7 - v3;
      v3 := v0 + 6;
    }
  }
  v5 := v8 + 4;
  v1 := 2 * v1 - a1;
  v7 := a2 + v1;
  if (v3 >= a1) {
    v2 := v9 + v2;
    v1 := v9 + v6;
    v8 := -7;
    if (v10 <= a2) {
      v11 := v3 + v5;
      r := -9;
      v11 := -10;
    } else {
      assume v8 != a0 + 11;
      v2 := -6;
      r := v3 - a0 + 6;
    }
  } else {
    r := v4 - v4 + 0;
    v11 := 3 * v2 - v5;
    assume v6 != v10 + 12;
    if (v11 < v3) {
      v4 := v4 - v9 + 7;
      v5 := a2 - v11 + 5;
      v11 := a1 + 10;
    } else {
      v2 := a2 + v3;
      v8 := v4 - 10;
      v8 := v11 + v11;
    }
  }
  v10 := v2 + 2;
  v11 := v9 + 8;
  v3 := 2 * v6 - a1;
  if (v7 < -7) {
    assume a0 != v4 + 3;
    v11 := -2;
    r := -3;
    if (v8 > -1) {
      v4 := v11 - 10;
      v0 := a1 + v5;
      v11 := 2 * v7 - v9;
    } else {
      v8 := v7 - 1;
      v9 := v9 + a0;
      v4 := -3;
    }
  } else {
    r := -6;
    v2 := v10 - v8 + 7;
    v7 := v5 + 1;
    if (a2 < 1) {
      v10 := -7;
      v10 := v2 + v5;
      v4 := 2 * v7 - v6;
    } else {
      v1 := v1 + 0;
      v2 := 2 * v9 - v6;
      v10 := 5;
    }
  }
  v3 := 1;
  v8 := v6 + 6;
  v5 := v0 + 5;
}
