// gen-structured.py: 6 diamonds, 15 variables, seed 9
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
  havoc v6, v7, v8, v9;
  v0 := -2;
  v1 := -3;
  v2 := -1;
  v3 := 2;
  v4 := -4;
  v5 := -2;
  v5 := a4 + v5;
  v8 := v7 + a1;
  v9 := 3 * v5 - v8;
  if (a1 < v1) {
    v2 := v0 - v0 + 9;
    v4 := a4 - v6 + 5;
    assume v9 != v5 + 1;
    if (v1 >= a0) {
      v9 := 5;
      v7 := 4;
      v2 := a1 + a0;
    } else {
      v5 := 3 * a0 - v5;
      v5 := v7 + a4;
      v0 := v9 + v3;
    }
  } else {
    v3 := a3 - v0 + 8;
    v6 := a3 - v4 + 1;
    v2 := v6 + v6;
    if (v9 == 3) {
      v5 := a3 - 1;
      v3 := -8;
      v3 := v2 + v7;
    } else {
      r := v9 + a1;
      v0 := v8 - a1 + 5;
      v3 := v3 - a3 + 1;
    }
  }
  v5 := a1 + v8;
  v4 := a4 - v4 + 6;
  v9 := -1;
  if (a4 <= v4) {
    v8 := 3 * v4 - a4;
    v0 := v2 + v3;
    v0 := v5 + 8;
    if (a0 <= v3) {
      v5 := 2 * a2 - a4;
      v1 := v6 + 9;
      r := 3 * v0 - v5;
    } else {
      v5 := 10;
      v7 := v4 + 9;
      r := a4 - a3 + 2;
    }
  } else {
    r := a3 + v8;
    v3 := v1 - a2 + 3;
    v0 := v7 + a1;
    if (v1 > -3) {
      r := -6;
      v0 := v0 - 9;
      v9 := 2;
    } else {
      v3 := v7 + 9;
      assume v1 <= v7 + 13;
      assume a2 >= a1 + 13;
    }
  }
  v2 := v8 + v0;
  v1 := a0 + a4;
  v0 := v1 - v0 + 5;
  if (a0 < 3) {
    v1 := a1 + v2;
    v4 := v6 - v6 + 5;
    v4 := v5 - v1 + 5;
    if (a4 < v8) {
      r := v2 + v8;
      v7 := v5 - v2 + 1;
      v7 := 2 * v1 - v4;
    } else {
      v8 := v9 + v2;
      v6 := 3;
      v9 := -2;
    }
  } else {
    v4 := -5;
    v1 := a2 - v8 + 3;
    v5 := a0 + a3;
    if (a3 <= v6) {
      v5 := 2 * a1 - v5;
      assume v2 != a1 + 18;
      v3 := 3;
    } else {
      v7 := a1 + v4;
      v1 := v0 - v5 + 9;
      v3 := a2 - a2 + 6;
    }
  }
  v3 := a4 + 0;
  r := 3;
  v9 := v8 - 3;
  if (v6 < -2) {
    v6 := 3 * v2 - v1;
    v0 := 3 * v3 - a1;
    v6 := v3 + v6;
    if (a2 < a3) {
      v5 := v1 - a3 + 1;
      v9 := a0 + 2;
      v2 := a3 - 10;
    } else {
      v2 := v1 - a4 + 7;
      v3 := 3 * v4 - v6;
      v0 := -6;
    }
  } else {
    v1 := v7 + a0;
    v3 := 2 * v7 - v4;
    v1 := v4 - v6 + 1;
    if (v8 < -3) {
      v4 := a1 - v2 + 0;
      r := a1 + v1;
      v4 := -6;
    } else {
      v8 := v9 + v7;
      v6 := v9 + 5;
      v1 := v0 + a4;
    }
  }
  assume a1 <= v6 + 0;
  v7 := 3 * v8 - a4;
  v1 := v8 - v5 + 5;
  if (a2 <= v9) {
    v0 := -6;
    r := v4 - a2 + 6;
    v1 := 3 * v2 - v8;
    if (v4 < v8) {
      v7 := v6 + v6;
      v8 := 1;
      v0 := a4 - a1 + 4;
    } else {
      assume v3 <= a0 + 15;
      v7 := v1 + a1;
      v8 := a3 - a2 + 1;
    }
  } else {
    v8 := a2 + 7;
    v6 := v7 - v7 + 1;
    r := a3 + v2;
    if (v5 >= v8) {
      v2 := v0 + v4;
      v1 := -1;
      v6 := v0 - v0 + 3;
    } else {
      v6 := a1 - 1;
      r := v4 - 2;
      v8 := v5 + a0;
    }
  }
  r := v5 + 0;
  r := v1 - v5 + 7;
  v8 := -8;
  if (v1 >= a4) {
    v3 := a4 - v7 + 2;
    v3 := a2 - a2 + 9;
    v7 := v2 + 7;
    if (v4 < a1) {
      v2 := v4 - 8;
      v3 := v3 + 3;
      v8 := a2 - a1 + 10;
    } else {
      r := -1;
      v9 := v8 + 7;
      r := 2 * a1 - v3;
    }
  } else {
    v7 := v1 + 4;
    r := a3 + a4;
    v0 := 3 * a1 - v9;
    if (a0 > 10) {
      r := v3 - v1 + 9;
      v9 := v6 - 3;
      v3 := v3 - v7 + 2;
    } else {
      v4 := 3 * a3 - v8;
      v7 := 2 * v4 - v2;
      v4 := 3 * v6 - a0;
    }
  }
  v5 := v2 + 6;
  v4 := v1 - v2 + 3;
  v7 := -2;
}
