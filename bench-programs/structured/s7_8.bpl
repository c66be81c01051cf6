// gen-structured.py: 7 diamonds, 19 variables, seed 8
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
  var v12: int;
  havoc v0, v1, v2, v6, v8, v9, v11, v12;
  v3 := -2;
  v4 := -1;
  v5 := 2;
  v7 := 5;
  v10 := -3;
  v3 := 2 * a4 - v1;
  v12 := 3 * v9 - v2;
  v6 := v2 + 6;
  if (a4 > 1) {
    v12 := a4 + 4;
    v5 := v2 + v1;
    v3 := v5 - v0 + 9;
    if (v0 < -1) {
      r := 3 * a1 - v6;
      v12 := v1 + v9;
      v9 := v5 - a1 + 7;
    } else {
      v2 := v1 - 3;
      v4 := v12 - v8 + 1;
      v0 := v6 + a3;
    }
  } else {
    r := v5 - a1 + 10;
    v11 := 2 * a0 - v3;
    v3 := 3 * v5 - v12;
    if (v4 >= 0) {
      v11 := a5 + 0;
      v9 := -7;
      v12 := v10 + 3;
    } else {
      v5 := 2 * a0 - a3;
      r := 1;
      v2 := 2 * a3 - v6;
    }
  }
  v0 := a3 - v2 + 6;
  v2 := 10;
  v6 := v10 - a3 + 1;
  if (v12 >= -5) {
    v3 := 3 * a3 - a1;
    v12 := v1 + 2;
    r := a3 + 9;
    if (v8 <= a3) {
      v8 := a3 + v1;
      v11 := v2 + v11;
      v1 := 2;
    } else {
      v3 := v7 + 8;
      r := 4;
      v4 := 0;
    }
  } else {
    v5 := a0 - 9;
    v1 := 2;
    r := v1 + a0;
    if (a5 > a2) {
      v1 := v2 + v7;
      v4 := v0 - v1 + 6;
      v1 := v9 + 0;
    } else {
      v3 := a5 + 1;
      v6 := a4 + a0;
      v1 := v7 + v6;
    }
  }
  v1 := -10;
  v8 := -1;
  v12 := 10;
  if (v1 < 9) {
    r := v1 - v0 + 10;
    v9 := v1 - v5 + 9;
    v11 := v9 - 3;
    if (a3 > 0) {
      v5 := a2 - 7;
      v3 := 3 * v5 - a2;
      v3 := 1;
    } else {
      v8 := v8 - a1 + 6;
      v5 := 4;
      v7 := v6 + 4;
    }
  } else {
    v1 := 9;
    v9 := 2;
    v0 := a2 + 3;
    if (a1 <= a2) {
      v1 := 10;
      v2 := v10 + v4;
      v12 := 3;
    } else {
      v11 := 3 * a3 - a4;
      v12 := 5;
      v4 := v9 - a4 + 8;
    }
  }
  v10 := v0 + v9;
  v4 := 9;
  v1 := 2 * v5 - a1;
  if (a0 <= v8) {
    v10 := 8;
    v10 := 2 * v4 - v10;
    v6 := 3 * v5 - a2;
    if (a5 < v11) {
      r := 7;
      v4 := 2 * v6 - v2;
      v1 := -1;
    } else {
      v1 := v7 + 6;
      v4 := -8;
      v9 := v3 + 9;
    }
  } else {
    v8 := v4 - 1;
    v3 := a0 - v11 + 7;
    v4 := v12 + 8;
    if (v7 <= v9) {
      v7 := a2 + v12;
      v6 := 3 * v8 - v2;
      v2 := v5 - v5 + 8;
    } else {
      v10 := v12 + 3;
      r := v6 + v12;
      v9 := -1;
    }
  }
  r := 3 * v3 - v1;
  v8 := v3 - v4 + 7;
  v8 := v10 + v11;
  if (v8 <= v3) {
    v0 := v10 - v0 + 9;
    v6 := v4 - v6 + 9;
    v8 := v3 + v6;
    if (a2 > -7) {
      v12 := v7 - 8;
      v6 := -8;
      v12 := 10;
    } else {
      assume a2 != a0 + 2;
      v5 := 3 * a5 - v12;
      v7 := v11 + v6;
    }
  } else {
    v12 := 2 * v12 - a5;
    v4 := 3 * v3 - v6;
    assume v0 <= v4 + 9;
    if (v5 <= a5) {
      v11 := a3 + a2;
      v2 := v1 + 9;
      assume v0 >= a4 + 6;
    } else {
      v7 := v8 - v2 + 0;
      v9 := v3 + v4;
      v5 := v10 - a1 + 1;
    }
  }
  v11 := a2 + v12;
  v1 := v6 - a4 + 8;
  v3 := v11 + v6;
  if (v8 > v0) {
    assume a1 >= v9 + 9;
    v8 := v3 + 6;
    v5 := 2 * v10 - v12;
    if (v0 < a4) {
      v12 := v3 - 9;
      r := v10 + 3;
      v10 := v9 - 2;
    } else {
      v5 := v2 - 6;
      v6 := v7 + 10;
      v5 := -3;
    }
  } else {
    v7 := 3 * v11 - v7;
    v5 := v5 - 2;
    v2 := v9 - a4 + 4;
    if (v9 < -3) {
      v2 := v7 + 6;
      v2 := v6 - v3 + 4;
      v4 := a3 + 2;
    } else {
      v1 := a3 + a3;
      v10 := v11 - 7;
      v5 := v1 - v12 + 9;
    }
  }
  v3 := a1 + a3;
  v6 := v6 + 7;
  v2 := v3 + v8;
  if (v5 < 7) {
    r := v1 - 3;
    v2 := 3 * v9 - a5;
    v11 := 2;
    if (v1 < a4) {
      v0 := 10;
      v12 := 2 * v12 - a4;
      v6 := 2;
    } else {
      r := v0 - 7;
      v2 := v6 - 4;
      v3 := v0 + v10;
    }
  } else {
    v3 := -1;
    v8 := -8;
    v0 := v8 - v12 + 1;
    if (a5 >= 8) {
      v5 := v11 + v2;
      v6 := 2 * a5 - v11;
      v12 := a3 + a3;
    } else {
      v10 := 4;
      v2 := a1 - 1;
      v4 := v10 + 9;
    }
  }
  v1 := 2 * v8 - v11;
  v7 := a2 - 7;
  v9 := a0 + v1;
}
