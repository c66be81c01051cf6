// gen-structured.py: 8 diamonds, 19 variables, seed 9
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
  havoc v0, v2, v9, v10;
  v1 := -4;
  v3 := 0;
  v4 := 5;
  v5 := 3;
  v6 := 4;
  v7 := -4;
  v8 := -2;
  v11 := -5;
  v12 := 3;
  v4 := 4;
  v0 := v12 - a0 + 10;
  v6 := v12 - v2 + 7;
  if (v2 == 4) {
    v8 := a5 - a3 + 6;
    v3 := 2 * v0 - v10;
    v5 := v5 + 0;
    if (v1 <= a5) {
      v12 := v7 - v11 + 8;
      r := a0 - v2 + 3;
      assume v0 >= a1 + 12;
    } else {
      v5 := v6 - v12 + 8;
      v9 := v2 + 8;
      v7 := v9 - v6 + 8;
    }
  } else {
    v7 := 2 * a1 - v1;
    v4 := a2 - 9;
    v1 := a3 + 4;
    if (v4 == -3) {
      v2 := -5;
      v7 := 3 * v12 - v7;
      v7 := v10 - v1 + 3;
    } else {
      v12 := v0 + a5;
      v8 := v0 - a2 + 3;
      v2 := 3 * v9 - v9;
    }
  }
  v8 := v1 + a3;
  v0 := 3 * v10 - v3;
  v1 := v9 + a5;
  if (a4 < -1) {
    v8 := 2 * v9 - a4;
    v8 := 9;
    v3 := 3 * v7 - a3;
    if (a2 > 3) {
      v11 := v0 + a3;
      r := 3 * v0 - a3;
      v12 := v11 - v12 + 2;
    } else {
      v6 := a2 + v2;
      v8 := 5;
      v5 := a5 + 0;
    }
  } else {
    v6 := v1 - a3 + 1;
    v9 := v6 + a4;
    r := v11 + v3;
    if (v7 > -3) {
      v12 := v7 + 3;
      v5 := v6 + v8;
      v9 := v5 - v12 + 6;
    } else {
      v8 := 2 * v12 - v0;
      v7 := 5;
      v10 := -1;
    }
  }
  v1 := v5 + 10;
  v11 := 8;
  v11 := -10;
  if (a1 > 1) {
    r := a0 - v2 + 9;
    assume v6 <= v10 + 9;
    r := -5;
    if (a3 < -10) {
      v9 := v7 - v5 + 9;
      v6 := 3 * v6 - v12;
      v12 := 2;
    } else {
      r := v4 + v3;
      v3 := 3 * v9 - v4;
      v9 := v0 + v5;
    }
  } else {
    v6 := a3 + 7;
    v11 := a2 - v8 + 3;
    v8 := 3 * v1 - a5;
    if (a2 > v4) {
      v12 := a1 + v0;
      v4 := 3 * a0 - v10;
      v8 := a3 + 9;
    } else {
      v0 := v3 + 5;
      v7 := -8;
      v8 := v2 - v8 + 4;
    }
  }
  v10 := -4;
  v5 := v1 + 0;
  v4 := a0 - 2;
  if (a3 <= v3) {
    v12 := 3 * v9 - v5;
    v9 := -4;
    v5 := a2 + v5;
    if (v10 == -2) {
      v8 := v5 + 10;
      r := v7 - 8;
      v7 := 2 * v10 - v2;
    } else {
      v3 := 3 * a1 - a0;
      v4 := 2 * a4 - v9;
      v1 := 2 * v3 - a3;
    }
  } else {
    v11 := a3 - 8;
    v1 := 2 * v6 - v1;
    v7 := v3 + v7;
    if (a5 == 9) {
      v2 := v10 - v10 + 1;
      v11 := -9;
      v1 := v9 - v11 + 1;
    } else {
      v11 := 2 * a4 - v0;
      v8 := -6;
      v3 := v8 - 7;
    }
  }
  v12 := v9 + 0;
  v10 := 5;
  v0 := v6 + 8;
  if (v11 < a0) {
    v10 := 8;
    v11 := 2 * v6 - a4;
    v11 := 8;
    if (v4 > -1) {
      v4 := v8 - v6 + 1;
      v0 := 0;
      v3 := 3 * a2 - a0;
    } else {
      v5 := a4 + v4;
      v10 := v9 + v12;
      v5 := -3;
    }
  } else {
    v2 := 2 * v0 - v10;
    v4 := -3;
    v4 := v6 + 1;
    if (v4 < -9) {
      v1 := v8 + 1;
      r := v7 - v8 + 10;
      v12 := a1 + a3;
    } else {
      v4 := v9 - v10 + 9;
      v1 := a4 - v11 + 9;
      v4 := v6 + v3;
    }
  }
  v9 := -9;
  v9 := a2 - a4 + 2;
  r := -2;
  if (v1 <= v4) {
    v1 := 3 * v0 - a0;
    v9 := 3 * v3 - v7;
    v12 := v1 + v8;
    if (a1 <= 1) {
      v8 := 9;
      v11 := v7 - 5;
      v5 := v8 - v6 + 3;
    } else {
      v10 := v11 + v6;
      v10 := a1 + 9;
      v10 := v2 - v4 + 8;
    }
  } else {
    r := v3 - 6;
    assume v12 <= a5 + 10;
    v11 := 1;
    if (a3 >= a1) {
      v9 := 3 * v7 - v9;
      v2 := -10;
      v7 := 3 * v5 - a5;
    } else {
      v12 := 7;
      v10 := 2 * v8 - v5;
      v11 := v8 + 2;
    }
  }
  v5 := v9 - a3 + 2;
  v5 := v5 - v3 + 5;
  v4 := v0 - v2 + 5;
  if (v8 > 10) {
    v6 := a4 - a1 + 0;
    v10 := 4;
    v8 := a4 - a4 + 6;
    if (v11 > -6) {
      v2 := a0 - 10;
      v6 := 3 * v10 - a5;
      v1 := a4 + v2;
    } else {
      v2 := v7 - 8;
      v9 := v9 - v8 + 1;
      v10 := a0 + a3;
    }
  } else {
    v8 := v5 - a3 + 9;
    v2 := v7 - 6;
    v8 := v3 + v11;
    if (v12 > -8) {
      v0 := -3;
      v9 := v9 - v5 + 5;
      v7 := v11 - v11 + 4;
    } else {
      v5 := v10 + v8;
      v5 := -2;
      v4 := -7;
    }
  }
  v7 := 0;
  v3 := v3 - a3 + 9;
  v4 := a0 - a2 + 1;
  if (v9 > -3) {
    v1 := v10 - v3 + 8;
    v2 := v11 + 6;
    v8 := 3 * a1 - a0;
    if (v9 < v1) {
      assume v3 >= a2 + 6;
      v8 := a0 - v5 + 3;
      v11 := a5 + 2;
    } else {
      v2 := 3;
      v9 := a0 - v7 + 2;
      r := a3 + v7;
    }
  } else {
    v10 := v2 + a1;
    v10 := v8 + a5;
    v0 := 3 * v8 - v8;
    if (v12 >= v8) {
      v5 := a0 + 9;
      v12 := a3 + 1;
      v7 := v8 - v1 + 1;
    } else {
      r := 3 * v7 - v11;
      v9 := v5 - v7 + 9;
      v10 := v12 + a0;
    }
  }
  v11 := 3;
  v0 := 3 * a5 - a0;
  v6 := a3 + a4;
}
