// gen-structured.py: 6 diamonds, 15 variables, seed 6
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
  havoc v5, v7, v8;
  v0 := -1;
  v1 := 5;
  v2 := -4;
  v3 := 2;
  v4 := 3;
  v6 := 5;
  v9 := -5;
  v5 := -4;
  v9 := a3 + 2;
  r := v4 + 9;
  if (a0 > 7) {
    v0 := a0 + 1;
    r := 9;
    v3 := 3 * v9 - v4;
    if (v1 >= 3) {
      v3 := a1 - 5;
      v8 := a2 - v3 + 6;
      r := v1 + v2;
    } else {
      v4 := a3 + 7;
      r := a3 + a4;
      v3 := a0 + 0;
    }
  } else {
    r := v4 + v4;
    v2 := a4 - a2 + 8;
    v1 := 2 * v4 - a0;
    if (a2 < a0) {
      v1 := a0 + a1;
      v0 := 3 * v7 - a1;
      v7 := 3 * v0 - v4;
    } else {
      v2 := -6;
      v6 := -2;
      v0 := v5 - v5 + 7;
    }
  }
  v7 := 2 * v0 - v0;
  v8 := 2 * v8 - v0;
  v7 := v8 + v0;
  if (a4 <= v0) {
    v3 := 2 * v2 - v9;
    v3 := 1;
    v4 := v9 - a2 + 7;
    if (v0 < v5) {
      r := 2 * v4 - v4;
      r := 3 * v4 - v4;
      v9 := -1;
    } else {
      v3 := 8;
      v0 := a4 - a2 + 6;
      v9 := v2 + v9;
    }
  } else {
    v3 := 3 * v1 - a1;
    v0 := 0;
    v1 := 3 * v2 - a0;
    if (a4 >= 0) {
      v4 := a4 + a1;
      v7 := 6;
      v2 := -2;
    } else {
      v5 := v2 + v1;
      v1 := a3 - a3 + 7;
      v4 := a0 - a3 + 10;
    }
  }
  v8 := -10;
  v4 := 9;
  v2 := v4 + v3;
  if (v2 >= 3) {
    v2 := v4 + v7;
    v5 := v1 - a0 + 9;
    v1 := a0 - 3;
    if (v5 > v7) {
      v9 := v3 - 6;
      v9 := a4 + 4;
      v1 := a2 - 6;
    } else {
      v5 := v4 - a0 + 4;
      r := 3 * v7 - v4;
      v8 := 2 * a3 - a0;
    }
  } else {
    v0 := v7 - v5 + 5;
    v1 := 3 * v1 - v9;
    v5 := a2 - 7;
    if (v1 >= a2) {
      v3 := v9 - 2;
      v5 := v6 + v0;
      assume v7 != v1 + 8;
    } else {
      v4 := -4;
      v1 := v0 + a0;
      v2 := v8 - a0 + 4;
    }
  }
  v7 := a3 + 3;
  v4 := a2 - v4 + 10;
  v6 := v4 - 2;
  if (v2 <= -6) {
    v6 := 7;
    assume v2 <= v8 + 10;
    v3 := 2 * v3 - v2;
    if (v3 >= a2) {
      v9 := 2 * a4 - v9;
      v1 := 2 * v5 - a3;
      v2 := 3 * a1 - v4;
    } else {
      v1 := v4 - 3;
      v5 := v9 + 6;
      v2 := 2;
    }
  } else {
    r := v5 - v6 + 2;
    v0 := a2 + v0;
    r := v6 + v1;
    if (v1 <= v9) {
      v3 := a0 + v5;
      v5 := v4 - v4 + 10;
      v7 := 1;
    } else {
      v6 := v1 - v5 + 4;
      v8 := 1;
      v7 := -2;
    }
  }
  v8 := 3 * a4 - v4;
  v4 := 2 * v6 - v7;
  v2 := 2 * v9 - v4;
  if (v2 <= 1) {
    v6 := v6 - 2;
    v5 := 2 * a3 - v7;
    v1 := 0;
    if (a3 < v5) {
      v8 := v7 + 3;
      v0 := v0 + v4;
      v2 := v0 - 6;
    } else {
      v6 := 5;
      v8 := v8 - v0 + 1;
      v0 := 2 * v1 - a2;
    }
  } else {
    v4 := a3 - a4 + 9;
    v0 := v9 - v4 + 6;
    v4 := a3 + a2;
    if (a0 > a3) {
      v8 := v7 - v2 + 9;
      v0 := v3 + 9;
      v1 := 2 * v7 - v2;
    } else {
      v4 := -2;
      v8 := 3 * v5 - a3;
      v8 := v3 - v9 + 2;
    }
  }
  v2 := v8 - 9;
  v7 := 2 * v9 - v7;
  v5 := 2 * a4 - v8;
  if (v8 <= v4) {
    r := v4 - v1 + 1;
    v1 := v4 + v1;
    v6 := v5 + v3;
    if (v1 < 10) {
      assume a3 != v7 + 11;
      r := a0 - 9;
      v3 := v8 - a0 + 5;
    } else {
      v7 := a3 + a2;
      v4 := a1 + a0;
      v4 := v4 + 1;
    }
  } else {
    v2 := 9;
    v5 := v8 - a0 + 1;
    v2 := 9;
    if (a0 <= v8) {
      v1 := v4 - 7;
      v5 := 3 * a4 - v4;
      v3 := v5 - a4 + 1;
    } else {
      v7 := v1 - v1 + 5;
      v4 := v0 + 7;
      v6 := v5 + v2;
    }
  }
  v2 := a3 + 9;
  v7 := v1 - a2 + 1;
  v4 := -9;
}
