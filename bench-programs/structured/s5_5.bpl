// gen-structured.py: 5 diamonds, 14 variables, seed 5
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
  havoc v2, v6, v8;
  v0 := 1;
  v1 := 3;
  v3 := 2;
  v4 := 2;
  v5 := -1;
  v7 := 4;
  v9 := 3;
  v8 := 2 * v8 - a1;
  v2 := v4 + a2;
  v9 := a1 + 5;
  if (v4 >= 0) {
    v8 := a2 - v0 + 6;
    v5 := a0 - v9 + 3;
    v6 := 4;
    if (v9 < 9) {
      v5 := v5 + a1;
      v6 := a2 - 5;
      v2 := 1;
    } else {
      assume a1 != v3 + 17;
      v0 := v7 - a2 + 6;
      assume a0 >= v8 + 0;
    }
  } else {
    v3 := -3;
    v1 := v8 - v4 + 2;
    v2 := v7 - 4;
    if (v2 <= 6) {
      v1 := 0;
      v5 := 5;
      v6 := -10;
    } else {
      r := v2 + v0;
      v4 := v5 - v6 + 6;
      r := 3 * v9 - v6;
    }
  }
  v9 := v4 + 9;
  v8 := 3 * v6 - v0;
  v1 := -6;
  if (v8 == 5) {
    v9 := 6;
    assume a0 >= v9 + 17;
    assume v5 >= v4 + 2;
    if (v1 >= 10) {
      v4 := v5 - v9 + 7;
      v7 := v4 - v2 + 10;
      v6 := v9 + a3;
    } else {
      v0 := v0 + v1;
      v1 := v3 - 1;
      v6 := v4 + 3;
    }
  } else {
    r := 5;
    v9 := a3 - v7 + 7;
    v4 := v3 + v3;
    if (a0 < a2) {
      assume v1 >= a1 + 1;
      v0 := 8;
      v6 := 9;
    } else {
      assume v8 >= v0 + 2;
      v6 := 3 * a3 - v9;
      r := v8 + 1;
    }
  }
  v0 := 6;
  r := 3 * v2 - v7;
  v2 := v2 + a3;
  if (v7 >= a3) {
    v4 := -10;
    v3 := v1 - v2 + 6;
    r := 6;
    if (v5 >= 6) {
      v6 := v6 + 3;
      v1 := v9 + v5;
      v5 := v4 + v4;
    } else {
      v2 := 3 * v3 - v7;
      v6 := 2 * a0 - a0;
      v6 := 3 * v0 - a2;
    }
  } else {
    v9 := a2 - v8 + 7;
    v4 := v4 - a0 + 4;
    v8 := v6 + v8;
    if (v4 <= a1) {
      v3 := 1;
      v6 := v4 - 8;
      v7 := v0 - 1;
    } else {
      v2 := -2;
      v8 := v8 + v4;
      v3 := a0 + 5;
    }
  }
  v4 := a3 + v2;
  v2 := a0 + v1;
  r := 3 * v0 - a0;
  if (v3 > 4) {
    v4 := 0;
    v8 := v4 - 4;
    r := a0 + a0;
    if (v5 < -9) {
      assume v5 >= v4 + 17;
      v8 := 2 * v6 - a0;
      v5 := -4;
    } else {
      v4 := v2 - 8;
      assume v2 <= v3 + 5;
      v4 := v4 + v6;
    }
  } else {
    v0 := v4 - v3 + 8;
    v8 := a1 + v4;
    r := a3 + v9;
    if (a0 <= 3) {
      v1 := a2 - v1 + 3;
      v2 := v9 + a2;
      v2 := a2 + a1;
    } else {
      v7 := 3 * a1 - v1;
      v5 := a0 + v4;
      v9 := a0 - 3;
    }
  }
  v8 := a3 - v0 + 1;
  v5 := v1 - 8;
  v3 := a2 + 3;
  if (v7 <= v3) {
    v9 := a0 + 6;
    r := v3 + v9;
    v4 := 10;
    if (a2 > 6) {
      r := -10;
      v3 := v2 - 5;
      v1 := v4 + 10;
    } else {
      v6 := a3 + v4;
      v7 := v7 - a0 + 5;
      v1 := v6 + 5;
    }
  } else {
    v8 := a0 + a2;
    v9 := 2 * v8 - v4;
    v6 := a2 - v9 + 4;
    if (v2 <= v9) {
      v8 := v4 + v7;
      v2 := 2 * v7 - v3;
      r := v0 - 2;
    } else {
      v2 := -2;
      v0 := 3 * v2 - v9;
      v7 := a1 + v3;
    }
  }
  v1 := v5 + v7;
  v7 := v3 - v3 + 9;
  v9 := v0 + 10;
}
