// gen-structured.py: 6 diamonds, 15 variables, seed 7
procedure main(a0: int, a1: int, a2: int, a3: int) returns (r: int)
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
  havoc v4, v6, v9;
  v0 := 3;
  v1 := -1;
  v2 := -3;
  v3 := 5;
  v5 := -1;
  v7 := -2;
  v8 := 4;
  v10 := 3;
  v3 := v2 + v1;
  v4 := 2 * v3 - v2;
  r := v7 - v8 + 2;
  if (a3 > v10) {
    v8 := v8 + v10;
    v1 := a2 + v2;
    v10 := 5;
    if (a2 >= a1) {
      v2 := v8 + v2;
      v0 := v6 + v6;
      v0 := v2 + 5;
    } else {
      v6 := 3 * v7 - a3;
      v5 := 8;
      v9 := 2 * v5 - v3;
    }
  } else {
    v5 := 3 * v2 - a1;
    r := 4;
    v9 := 2 * v4 - v4;
    if (v9 < v7) {
      v9 := 2 * a0 - v2;
      v2 := -6;
      v6 := a2 + v5;
    } else {
      v3 := 3 * v9 - v0;
      v4 := 3 * v6 - v7;
      v8 := 3 * a1 - v8;
    }
  }
  r := -9;
  v3 := 2 * a3 - a3;
  v6 := -5;
  if (v9 < -1) {
    v5 := 3 * v10 - v10;
    v4 := -7;
    v9 := v6 - 7;
    if (a1 <= -8) {
      v1 := 2;
      v2 := v9 + 7;
      v1 := 3 * a2 - v3;
    } else {
      v10 := v7 - v0 + 1;
      assume v6 <= v2 + 20;
      v9 := a2 + v3;
    }
  } else {
    v8 := v2 + v4;
    assume a1 <= v0 + 9;
    r := 3 * v2 - a1;
    if (v1 < 0) {
      v10 := 2 * v8 - v7;
      v8 := a1 - v10 + 8;
      v3 := a2 - v6 + 3;
    } else {
      v9 := v4 - v0 + 3;
      v0 := v2 - 9;
      v0 := v10 - a0 + 3;
    }
  }
  v7 := 4;
  v4 := 3 * v7 - v3;
  v9 := -6;
  if (v3 >= v7) {
    v7 := 3 * v2 - v1;
    assume v1 <= v0 + 17;
    v4 := v9 + 3;
    if (v10 == -4) {
      v3 := v1 + v0;
      r := 3 * v6 - v1;
      v1 := v4 + v5;
    } else {
      v6 := a3 + v10;
      v6 := v9 + v9;
      v8 := v8 - 5;
    }
  } else {
    v2 := a2 - 5;
    r := v1 + v0;
    v4 := a2 + 6;
    if (v6 > a0) {
      v5 := 3 * v7 - v8;
      v9 := a0 + 5;
      assume v2 != v8 + 17;
    } else {
      v7 := v2 + 8;
      v10 := v4 - v1 + 9;
      v9 := v2 + v3;
    }
  }
  v2 := -5;
  v1 := 4;
  v8 := -3;
  if (v3 < 9) {
    v4 := 2 * a2 - v9;
    r := 6;
    v2 := v3 + a0;
    if (a1 >= 4) {
      v5 := -9;
      v0 := 2 * v8 - v8;
      v1 := 3 * v4 - v8;
    } else {
      v1 := 0;
      v9 := a2 + v8;
      v6 := 3 * v8 - v5;
    }
  } else {
    v7 := v0 + v4;
    v9 := -5;
    v1 := v0 - v1 + 8;
    if (v7 == 2) {
      v10 := v2 + v10;
      v9 := v4 + v0;
      v7 := v7 - a1 + 1;
    } else {
      v0 := 3 * v8 - v7;
      v6 := v8 - a2 + 7;
      v0 := a3 - v5 + 1;
    }
  }
  v0 := 0;
  v6 := v1 + v2;
  v8 := v2 - v2 + 3;
  if (v7 <= v4) {
    v6 := v1 + v6;
    v3 := v6 + 0;
    v3 := a1 - 2;
    if (v3 <= v4) {
      v8 := -6;
      v7 := 3 * v6 - v6;
      v3 := 9;
    } else {
      v0 := -3;
      v4 := 6;
      r := -7;
    }
  } else {
    v8 := 2 * v0 - v7;
    v2 := v4 - v5 + 10;
    v9 := v6 - 3;
    if (v2 < -4) {
      v4 := v2 - 10;
      v4 := 5;
      v3 := 3 * a1 - v0;
    } else {
      r := v8 - a2 + 1;
      v9 := a2 + 2;
      v7 := -4;
    }
  }
  v1 := v6 - a2 + 5;
  v0 := v8 - 4;
  r := 2 * a0 - v5;
  if (v7 == 1) {
    v2 := v10 + a2;
    v10 := a1 - a3 + 0;
    v9 := v5 + v1;
    if (a0 > 5) {
      v0 := 2 * v2 - a3;
      v7 := 3 * a2 - v9;
      v5 := v7 + 10;
    } else {
      v7 := v3 + v5;
      v9 := v4 - v10 + 9;
      r := v7 + 1;
    }
  } else {
    v2 := -2;
    v9 := 2;
    v10 := 10;
    if (v9 > 0) {
      v0 := a0 - 4;
      v8 := -5;
      v0 := v4 + v9;
    } else {
      v1 := 2 * v3 - v1;
      v5 := v5 + v7;
      v8 := -8;
    }
  }
  v3 := 3 * v7 - v4;
  v7 := v10 - 6;
  v2 := 3 * v1 - a2;
}
