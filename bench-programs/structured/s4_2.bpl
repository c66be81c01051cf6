// gen-structured.py: 4 diamonds, 16 variables, seed 2
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
  havoc v0, v1, v7;
  v2 := 5;
  v3 := 2;
  v4 := -1;
  v5 := -1;
  v6 := 5;
  v8 := -5;
  v9 := -3;
  v1 := v9 + a5;
  r := 3 * a2 - v5;
  v4 := 3 * v1 - v3;
  if (a2 == -9) {
    r := v4 + a3;
    v5 := 3 * v4 - v7;
    r := v7 - 4;
    if (a2 <= a3) {
      v5 := -2;
      v6 := v1 - v0 + 6;
      v4 := v1 + 6;
    } else {
      v3 := 2 * a3 - v6;
      v6 := a1 + v5;
      v8 := a4 + v9;
    }
  } else {
    v5 := a5 + v1;
    v8 := v2 + v4;
    v4 := -7;
    if (v3 > 7) {
      v3 := -3;
      v7 := v0 + 9;
      v2 := 3 * v8 - v4;
    } else {
      v6 := a2 - a2 + 7;
      r := 2 * v8 - v3;
      v1 := -8;
    }
  }
  v3 := 3 * v7 - v7;
  r := a5 - 4;
  v7 := -6;
  if (v9 > v0) {
    v4 := a0 - 9;
    v6 := v5 + 6;
    v6 := v9 - v6 + 0;
    if (a5 > a3) {
      v1 := 3 * v2 - v3;
      v7 := v0 - v8 + 2;
      v1 := -7;
    } else {
      v9 := a5 - 8;
      v1 := v2 + 8;
      v3 := 10;
    }
  } else {
    v2 := v0 - v2 + 8;
    v2 := -6;
    v4 := v7 + 7;
    if (a5 >= 4) {
      v0 := v2 - a4 + 5;
      v0 := a2 - v9 + 4;
      v7 := 2 * v8 - v6;
    } else {
      v3 := 2 * v8 - a0;
      v1 := v0 + 1;
      v0 := a4 - 7;
    }
  }
  v7 := -8;
  v7 := 4;
  v5 := 3 * a1 - v0;
  if (v3 <= v2) {
    v3 := v5 + v2;
    v5 := v8 + 4;
    r := v9 - 4;
    if (a1 <= v3) {
      v2 := a4 - v4 + 7;
      v2 := a0 - 10;
      v5 := v7 - 9;
    } else {
      v0 := 3 * v4 - v6;
      v0 := 3 * v2 - a3;
      v2 := v9 - a0 + 2;
    }
  } else {
    v4 := v8 + v2;
    v2 := v7 - v8 + 3;
    v4 := 2 * v2 - v0;
    if (v4 >= 1) {
      v6 := -5;
      v2 := v8 + a5;
      assume a0 <= v5 + 3;
    } else {
      v3 := v7 + v8;
      v3 := a2 - 1;
      v6 := a4 + a2;
    }
  }
  v9 := a4 - a2 + 3;
  v9 := a4 - v8 + 4;
  assume v6 != a4 + 5;
  if (v8 == 4) {
    r := 2 * a4 - v1;
    v0 := v7 - v0 + 5;
    v8 := a5 - 10;
    if (a0 > a2) {
      r := a5 - a0 + 7;
      v2 := 6;
      v2 := -9;
    } else {
      v8 := 1;
      r := 3 * a3 - v6;
      v7 := a4 + a4;
    }
  } else {
    v5 := v5 - a3 + 8;
    v8 := v3 - 5;
    v0 := 2 * a4 - v0;
    if (v9 > v3) {
      v8 := 2 * a4 - v7;
      v8 := 2 * a2 - v2;
      v0 := 3 * v5 - v7;
    } else {
      v5 := v5 + v8;
      v9 := v2 + 5;
      v7 := v7 + a2;
    }
  }
  v4 := v0 + v3;
  v6 := 3 * v1 - v8;
  r := -6;
}
