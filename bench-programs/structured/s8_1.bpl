// gen-structured.py: 8 diamonds, 16 variables, seed 1
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
  havoc v1, v2, v3, v7;
  v0 := 5;
  v4 := 4;
  v5 := -5;
  v6 := 4;
  v8 := -2;
  v9 := 1;
  v1 := v9 + v2;
  r := a2 - 1;
  v0 := v0 - v4 + 0;
  if (a2 <= v9) {
    v8 := a4 - v4 + 0;
    r := 2 * v6 - v1;
    v0 := v5 + a5;
    if (v7 >= a5) {
      v1 := v3 + 5;
      v0 := a3 + v0;
      v7 := a3 + 4;
    } else {
      v8 := a5 - 3;
      v6 := 9;
      v4 := 3 * v6 - a2;
    }
  } else {
    v0 := a0 + 1;
    v3 := v9 + a5;
    v8 := v6 - v0 + 0;
    if (v2 < v6) {
      v6 := v6 + 8;
      v2 := a5 - a4 + 4;
      v8 := v4 - 5;
    } else {
      v3 := 3 * v5 - v3;
      v5 := a4 - a0 + 9;
      v8 := 6;
    }
  }
  v1 := v3 + a2;
  v6 := 7;
  v4 := 2 * v3 - v5;
  if (a3 >= 0) {
    v7 := -2;
    v1 := v8 - a3 + 2;
    v9 := v9 + 0;
    if (a4 < 1) {
      v7 := -8;
      v5 := v5 + a1;
      v0 := 2 * v9 - v4;
    } else {
      v8 := v3 - 4;
      v1 := v0 - v6 + 0;
      v2 := a2 - v4 + 2;
    }
  } else {
    v8 := 2 * a2 - v3;
    r := 8;
    v1 := v1 - 8;
    if (a4 <= -9) {
      r := v9 + 7;
      v3 := v8 - v4 + 5;
      v7 := v6 + 2;
    } else {
      v9 := 2 * v6 - v2;
      v5 := v6 - v3 + 4;
      v7 := v6 + v5;
    }
  }
  v8 := 10;
  v2 := 0;
  v2 := a5 - v4 + 8;
  if (v4 >= 1) {
    v3 := a0 + a4;
    r := a0 + a1;
    r := v8 + v6;
    if (v9 < 9) {
      v7 := v3 - v1 + 1;
      v8 := a2 + a4;
      v1 := v6 + v3;
    } else {
      v7 := 3 * v9 - v0;
      r := 5;
      v8 := a0 + 5;
    }
  } else {
    v4 := v5 - v4 + 7;
    v9 := a5 - v4 + 2;
    v1 := v5 + v1;
    if (v5 > 10) {
      v2 := a2 + v1;
      v8 := v9 + 7;
      v1 := v2 - 8;
    } else {
      v9 := 3 * a4 - v4;
      v7 := a0 + 6;
      v8 := v6 + 0;
    }
  }
  v2 := 3 * v8 - v9;
  v7 := v5 + a1;
  v2 := -4;
  if (a3 <= -9) {
    v7 := v3 + v0;
    v5 := v3 + 10;
    v9 := 3 * a0 - v6;
    if (v6 < -3) {
      v1 := -4;
      v3 := 8;
      v0 := a5 - v2 + 10;
    } else {
      v2 := 2 * v6 - v7;
      r := a4 + a5;
      v4 := 10;
    }
  } else {
    v7 := 2 * a2 - a5;
    v4 := a0 + v5;
    v4 := v1 - v2 + 1;
    if (v2 < v5) {
      v1 := v8 - v9 + 9;
      v6 := a0 - v0 + 6;
      v3 := v8 + v7;
    } else {
      v1 := v5 + 9;
      r := a0 + 2;
      v5 := v6 + a3;
    }
  }
  v3 := v1 - v1 + 6;
  v5 := v1 - 8;
  v5 := v8 + v4;
  if (a5 == -10) {
    r := 2 * a4 - v8;
    v2 := a2 - a1 + 5;
    v5 := -4;
    if (v5 <= a2) {
      v2 := v2 - 2;
      v2 := v3 + 3;
      v5 := 3 * v1 - v0;
    } else {
      v3 := 10;
      v4 := -1;
      v9 := v5 + v5;
    }
  } else {
    r := 3 * a1 - v8;
    r := 6;
    v3 := v1 + 2;
    if (a2 >= -4) {
      v2 := 3 * v8 - v6;
      assume a5 <= v2 + 18;
      v8 := 2 * v6 - a0;
    } else {
      v7 := a3 + v4;
      v4 := v2 + 2;
      v0 := v6 + a4;
    }
  }
  r := 3;
  v8 := v3 - v8 + 2;
  v3 := 3 * a5 - v5;
  if (v4 <= -1) {
    v9 := v2 + a2;
    r := a0 - a3 + 7;
    v7 := v8 - v4 + 7;
    if (a5 >= 8) {
      v7 := a0 - v8 + 1;
      v9 := v0 - a2 + 7;
      v5 := a4 + v2;
    } else {
      v8 := 2 * v8 - v9;
      v0 := 3 * v7 - v6;
      v0 := -10;
    }
  } else {
    v5 := v2 + 3;
    v0 := 0;
    v2 := v7 - a4 + 0;
    if (a1 < -7) {
      v7 := -7;
      v2 := v3 - v6 + 10;
      v1 := a2 + v9;
    } else {
      v7 := v3 - v4 + 4;
      v5 := -5;
      v9 := a0 + a2;
    }
  }
  v0 := v7 - a5 + 3;
  v1 := a1 + a3;
  v9 := v2 - v3 + 3;
  if (v1 > v3) {
    v2 := a4 + a5;
    v7 := 3 * v9 - v5;
    v1 := v8 - v1 + 2;
    if (v5 <= v4) {
      v8 := 3 * v8 - a0;
      v9 := 9;
      v4 := v7 + a4;
    } else {
      v7 := v9 + v0;
      v2 := 2 * a2 - a4;
      v3 := 2 * v9 - v1;
    }
  } else {
    r := v3 + 2;
    v9 := 6;
    v3 := v5 - 7;
    if (a1 >= 8) {
      v8 := v0 + v3;
      v2 := 1;
      v8 := 2 * v0 - v9;
    } else {
      v7 := a5 - v1 + 0;
      v9 := v5 - 8;
      v7 := 2 * v1 - a1;
    }
  }
  assume v7 <= a0 + 1;
  v8 := a3 + 5;
  v7 := a4 - v9 + 5;
  if (v5 < a5) {
    v7 := v9 - 6;
    v6 := a4 + 2;
    v1 := 3;
    if (v7 < a1) {
      v5 := v4 - v1 + 6;
      v7 := 2 * a5 - v8;
      v4 := 3 * a0 - v1;
    } else {
      v0 := v2 - v4 + 4;
      v8 := 2 * v7 - v6;
      v2 := -9;
    }
  } else {
    v7 := v3 + v2;
    v0 := 3 * a1 - v2;
    v9 := a0 + 3;
    if (v3 > 5) {
      v7 := 2 * v9 - v3;
      v5 := a0 - v0 + 2;
      v4 := 3 * v3 - a4;
    } else {
      v9 := v6 - v1 + 2;
      v0 := v9 - a5 + 9;
      v8 := v5 + v0;
    }
  }
  v1 := a5 - a3 + 1;
  r := 2 * v3 - v2;
  v0 := -2;
}
