// gen-structured.py: 8 diamonds, 18 variables, seed 7
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
  havoc v2, v4, v8, v10, v11;
  v0 := 5;
  v1 := -1;
  v3 := -4;
  v5 := 2;
  v6 := 2;
  v7 := -2;
  v9 := 3;
  v7 := v10 - v2 + 3;
  r := v9 + v5;
  v5 := 3 * v11 - v6;
  if (v9 <= -7) {
    v9 := 2 * v5 - v7;
    r := a3 - 2;
    v3 := a5 - v7 + 10;
    if (v0 < v1) {
      v0 := 3;
      v3 := v1 - v0 + 8;
      v0 := v11 - 1;
    } else {
      v0 := 5;
      v9 := a2 + a2;
      v6 := a1 + a1;
    }
  } else {
    v9 := -3;
    r := 3 * v1 - v6;
    v0 := 3 * v4 - a0;
    if (v0 < v6) {
      assume v6 != v8 + 17;
      v3 := 3 * v9 - a1;
      v2 := a0 - 3;
    } else {
      v4 := v6 - 6;
      v5 := a2 - 7;
      v6 := a2 - 5;
    }
  }
  v1 := v2 + v5;
  v8 := v0 - 4;
  v8 := 3 * v11 - a5;
  if (v4 > 6) {
    v8 := v7 + a4;
    v2 := v6 - 10;
    v4 := 4;
    if (a4 <= v9) {
      v3 := v10 + v8;
      v11 := v9 - a5 + 7;
      v0 := -9;
    } else {
      v8 := 3 * v2 - a5;
      v0 := 2 * v2 - v10;
      v8 := 2 * v10 - v11;
    }
  } else {
    v7 := v5 - v9 + 5;
    r := 7;
    v2 := -6;
    if (v9 <= a2) {
      v10 := a5 + v3;
      v10 := v5 - 8;
      v6 := 3 * v4 - v11;
    } else {
      v6 := 5;
      v9 := 7;
      v2 := 5;
    }
  }
  v4 := a3 - v5 + 9;
  v3 := 2;
  r := v11 - v8 + 6;
  if (v10 > -10) {
    v6 := 3 * v2 - a2;
    v0 := 0;
    v3 := v4 - 4;
    if (a2 > -9) {
      r := -2;
      v10 := v4 + v10;
      v6 := 2 * v9 - v4;
    } else {
      v6 := v8 - a5 + 3;
      v8 := 2 * v10 - a2;
      v3 := 3 * a1 - a2;
    }
  } else {
    v3 := v11 + v7;
    v9 := a4 - v10 + 10;
    v2 := v8 - a2 + 2;
    if (a1 > a4) {
      v11 := 3 * v2 - a2;
      v1 := v1 - 10;
      v5 := 2 * v4 - v8;
    } else {
      v10 := 2 * v4 - v5;
      v7 := -9;
      v5 := a5 - 10;
    }
  }
  v0 := 2 * v0 - v4;
  v8 := -5;
  v10 := 2 * v0 - v3;
  if (v9 < 8) {
    v6 := v7 + v1;
    v0 := 2 * v7 - v8;
    v8 := -3;
    if (v4 <= 8) {
      v9 := a5 - 7;
      v3 := a5 - v4 + 1;
      v10 := v5 - a1 + 6;
    } else {
      v1 := -4;
      v10 := 2 * a3 - v2;
      v0 := a1 - v1 + 4;
    }
  } else {
    r := -3;
    assume v4 <= v0 + 12;
    v9 := a5 - 6;
    if (v6 >= 5) {
      v6 := a5 - v0 + 9;
      v3 := 10;
      v1 := v4 + v2;
    } else {
      v10 := v11 - v2 + 6;
      v1 := v6 + v4;
      v1 := 3 * v10 - a4;
    }
  }
  r := v0 - 6;
  v6 := -10;
  v1 := 2 * v6 - v1;
  if (a1 > v11) {
    v5 := -2;
    v8 := v6 + 6;
    v8 := a2 - v4 + 7;
    if (v8 < a5) {
      v10 := v10 + a3;
      v8 := a0 + v11;
      v6 := 3 * v4 - v9;
    } else {
      v11 := -9;
      v0 := v4 - 2;
      v1 := 2 * a0 - a2;
    }
  } else {
    assume a3 >= a4 + 2;
    v8 := -5;
    v9 := a4 - v5 + 7;
    if (v8 == 1) {
      v10 := v11 - v11 + 7;
      v10 := a4 - 2;
      v11 := 3 * v11 - a3;
    } else {
      v6 := v1 + a0;
      v8 := v9 - v8 + 0;
      v8 := 2 * v4 - v11;
    }
  }
  v10 := v11 - a0 + 8;
  v8 := 3 * v5 - a0;
  v6 := a5 - v3 + 10;
  if (v5 <= v7) {
    v9 := 6;
    v8 := 3 * v6 - a2;
    v1 := -4;
    if (v0 <= -9) {
      v11 := 3 * a0 - a3;
      v7 := -2;
      v10 := v2 - v6 + 1;
    } else {
      v11 := -10;
      v7 := v0 + v5;
      v7 := -8;
    }
  } else {
    v8 := v0 + 2;
    v3 := v2 - a5 + 9;
    v8 := a0 - a3 + 7;
    if (a1 > -9) {
      v10 := 2 * v7 - v11;
      v2 := 0;
      v0 := 6;
    } else {
      r := a1 - v11 + 7;
      v3 := v3 + 7;
      v3 := v8 + 2;
    }
  }
  v5 := v9 - v8 + 9;
  v8 := a5 + a2;
  r := v2 - v6 + 3;
  if (v9 <= -1) {
    v1 := v6 - v10 + 10;
    v1 := -7;
    v0 := 2 * a5 - a0;
    if (v8 == -2) {
      v3 := 3;
      r := 10;
      v10 := -5;
    } else {
      assume a3 >= a5 + 11;
      v11 := 4;
      v4 := 3 * v3 - v1;
    }
  } else {
    v7 := 2 * v7 - v10;
    v5 := a5 + a1;
    v3 := v11 - 1;
    if (a2 >= -4) {
      v7 := v1 + v3;
      v4 := -7;
      v4 := a1 + 0;
    } else {
      v1 := 3 * v4 - v8;
      v9 := 10;
      v1 := v11 + v9;
    }
  }
  v1 := v5 - a5 + 7;
  v8 := v1 - a0 + 2;
  v6 := a5 + 10;
  if (v2 > -9) {
    v7 := v11 - v11 + 3;
    v3 := v0 + 7;
    v2 := 3 * a0 - v7;
    if (v3 > a1) {
      v11 := a0 + v3;
      v11 := a4 - 9;
      r := 2;
    } else {
      v4 := a3 - a1 + 4;
      v4 := v11 + a2;
      v0 := v2 - 4;
    }
  } else {
    v7 := 2 * v2 - a1;
    v4 := v3 - a1 + 5;
    assume a5 >= v1 + 13;
    if (v7 < -5) {
      r := v2 - v1 + 5;
      v4 := -5;
      v10 := v1 - 2;
    } else {
      v5 := v0 - v7 + 10;
      v11 := 3 * v1 - v0;
      v10 := a5 - v6 + 9;
    }
  }
  v3 := -4;
  v3 := a4 - 6;
  v7 := 3 * a4 - v9;
}
