// gen-structured.py: 9 diamonds, 18 variables, seed 4
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
  havoc v2, v8;
  v0 := 2;
  v1 := 5;
  v3 := 4;
  v4 := -3;
  v5 := 2;
  v6 := 3;
  v7 := -2;
  v9 := 4;
  v10 := 0;
  v11 := 1;
  v5 := 3 * a2 - a0;
  v6 := v11 - 7;
  v7 := v10 + v8;
  if (v9 <= v5) {
    v0 := 5;
    v2 := v0 - v8 + 4;
    v9 := v7 + 9;
    if (v0 > a1) {
      v1 := 2 * v11 - a1;
      v9 := v4 + v6;
      v9 := -3;
    } else {
      v7 := 3 * a4 - a3;
      v8 := -8;
      r := -2;
    }
  } else {
    v4 := v9 - a3 + 5;
    v11 := a0 + v7;
    v1 := v5 - 2;
    if (v2 > -9) {
      v8 := 3 * v0 - v8;
      v5 := v2 - v9 + 7;
      v5 := v6 - 6;
    } else {
      v8 := a2 - v1 + 8;
      v9 := a5 + v10;
      v10 := v10 + v7;
    }
  }
  v11 := 3;
  v0 := 3 * a4 - v0;
  v5 := 2 * v4 - v9;
  if (a2 < a3) {
    v0 := a4 - 2;
    v8 := v4 - a3 + 6;
    v1 := a4 - 4;
    if (a3 > -1) {
      v11 := v10 + 10;
      v1 := v4 + 8;
      v2 := 0;
    } else {
      v0 := v3 - v7 + 9;
      v5 := 2 * v0 - v5;
      v6 := v0 - 5;
    }
  } else {
    v8 := a4 + a4;
    v1 := -6;
    v4 := 2 * a3 - v10;
    if (v2 < -5) {
      v4 := -7;
      v5 := v10 - v2 + 6;
      v5 := a1 + v0;
    } else {
      v10 := a2 + 9;
      v11 := v5 + v11;
      v0 := a1 - v11 + 9;
    }
  }
  v2 := v8 - 4;
  v2 := v9 + v10;
  v7 := a0 + a4;
  if (v3 > v5) {
    v4 := v4 - a4 + 5;
    v7 := a2 - v1 + 5;
    v11 := a1 + 7;
    if (v2 > a4) {
      r := 5;
      v11 := a4 - v10 + 1;
      r := 3 * v10 - v1;
    } else {
      v8 := 2 * a4 - v2;
      v2 := a2 - 1;
      v0 := a1 + 0;
    }
  } else {
    v3 := a4 - v8 + 4;
    v10 := v3 + 0;
    v5 := a3 - v5 + 10;
    if (a0 > a5) {
      v1 := a1 - 10;
      r := v10 + v8;
      v10 := 3 * v0 - v1;
    } else {
      assume a2 >= v10 + 0;
      v7 := a1 - v10 + 9;
      v10 := -10;
    }
  }
  r := v0 + a5;
  r := a3 - v7 + 6;
  r := v9 - a2 + 2;
  if (a2 >= v0) {
    v11 := v7 + 1;
    v8 := v7 - v4 + 2;
    v11 := 5;
    if (a4 < a0) {
      v9 := 2 * v1 - v2;
      v11 := a5 - 7;
      r := v5 + a5;
    } else {
      v9 := a4 + v4;
      r := v9 - a5 + 3;
      v0 := -10;
    }
  } else {
    v10 := v10 - 5;
    v3 := 2 * v10 - v10;
    r := a2 + 4;
    if (v1 > a3) {
      v5 := -3;
      v3 := v8 - 8;
      v7 := a0 + a0;
    } else {
      v10 := 3 * a4 - v6;
      v2 := 2 * a4 - v7;
      v6 := -5;
    }
  }
  v8 := a5 - 3;
  v6 := -8;
  v10 := v11 - v2 + 4;
  if (v3 > a5) {
    v6 := v1 + v8;
    v2 := -6;
    v5 := a4 + 8;
    if (v2 < 4) {
      v11 := a1 + v5;
      v6 := a4 - 9;
      v5 := v4 + 0;
    } else {
      v3 := v0 + 10;
      v5 := 3 * v11 - v11;
      v0 := v0 - v8 + 6;
    }
  } else {
    r := v8 - v6 + 7;
    v9 := v7 + 5;
    v2 := v5 - v9 + 1;
    if (v6 < v10) {
      v0 := a0 + a3;
      v6 := 3 * v2 - v11;
      v5 := v7 + a5;
    } else {
      v3 := v5 - v8 + 0;
      v8 := v3 + a1;
      v3 := a4 - 8;
    }
  }
  v2 := v1 + a5;
  v6 := 7;
  v8 := a5 - v9 + 2;
  if (v10 >= a2) {
    v0 := 3 * v7 - v8;
    r := 3 * v6 - v2;
    v2 := v0 + a1;
    if (v3 >= 7) {
      v6 := 1;
      v11 := a2 + 10;
      v6 := 3 * v8 - v7;
    } else {
      v6 := a1 - v11 + 3;
      v1 := 2 * v7 - v10;
      v0 := v8 + v10;
    }
  } else {
    v3 := v0 - v3 + 9;
    v7 := v7 + v11;
    v1 := v5 + v8;
    if (v8 > v0) {
      assume v1 <= v3 + 18;
      v7 := v1 + 8;
      v10 := a3 - v3 + 10;
    } else {
      v3 := v9 - 3;
      v8 := v10 - 9;
      v10 := 10;
    }
  }
  v8 := v10 + 5;
  v5 := a4 - v9 + 9;
  v10 := 3 * v2 - a3;
  if (v3 > v1) {
    v4 := -2;
    v6 := a4 - 2;
    v11 := 2 * a5 - a1;
    if (a2 <= v6) {
      v7 := 8;
      v1 := 3 * v5 - v8;
      v5 := 3 * v2 - v10;
    } else {
      v0 := v11 - 6;
      v5 := -9;
      v6 := a0 + 1;
    }
  } else {
    v7 := -3;
    v1 := -7;
    r := 2 * a4 - v8;
    if (v2 < v0) {
      v7 := 3 * v3 - a3;
      v1 := 3;
      v0 := v2 + 2;
    } else {
      v4 := 2 * v7 - v3;
      v8 := -10;
      r := -5;
    }
  }
  v3 := 3 * v6 - a2;
  r := 3 * v11 - a5;
  v7 := v6 + v11;
  if (v11 > v5) {
    v8 := 6;
    v5 := a1 - a4 + 4;
    v11 := v9 - v11 + 2;
    if (a2 < 8) {
      v6 := v3 + v11;
      v11 := -6;
      v10 := -4;
    } else {
      v6 := v1 + a4;
      v11 := v9 - v3 + 2;
      v6 := -4;
    }
  } else {
    r := v7 + a0;
    v1 := v0 + v6;
    v8 := -2;
    if (v7 <= a1) {
      r := 4;
      v4 := v1 - a0 + 9;
      v3 := v8 - a2 + 7;
    } else {
      v6 := 3 * v9 - v5;
      v5 := v3 - v8 + 7;
      assume v4 >= v6 + 15;
    }
  }
  v5 := a1 - a4 + 2;
  v11 := v2 + 1;
  v6 := -6;
  if (v7 < 8) {
    v9 := 2 * v2 - v10;
    v0 := a1 - v3 + 10;
    v3 := v4 + 8;
    if (v0 < 9) {
      assume v5 >= v3 + 6;
      v6 := a0 - v10 + 9;
      v7 := -5;
    } else {
      v4 := v1 - v5 + 6;
      v2 := v11 - v6 + 4;
      v3 := 3 * a2 - a4;
    }
  } else {
    v10 := 8;
    v9 := 3 * a2 - v4;
    v1 := a1 - v0 + 10;
    if (v4 > 10) {
      v2 := 2 * v10 - v4;
      r := -5;
      v10 := v5 - v1 + 10;
    } else {
      v3 := v8 + v9;
      v5 := a3 - a4 + 4;
      v8 := 3 * a5 - a3;
    }
  }
  v11 := 3 * a4 - v8;
  v6 := -7;
  v1 := v9 + a4;
}
