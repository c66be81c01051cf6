// gen-structured.py: 9 diamonds, 17 variables, seed 2
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
  var v10: int;
  var v11: int;
  havoc v0, v1, v7, v11;
  v2 := 0;
  v3 := 5;
  v4 := -2;
  v5 := -4;
  v6 := 4;
  v8 := -3;
  v9 := -4;
  v10 := -1;
  v0 := v11 - 9;
  v10 := 3 * v0 - v2;
  r := 5;
  if (v3 == -7) {
    v8 := a4 + v2;
    v11 := a1 - v9 + 0;
    v6 := a2 - v10 + 0;
    if (a4 > -6) {
      v3 := v11 + a3;
      v7 := 3 * v0 - v3;
      v4 := v10 - v5 + 7;
    } else {
      r := v10 + 2;
      v6 := v6 + 0;
      v9 := 2 * v3 - a2;
    }
  } else {
    v11 := v6 + v10;
    v8 := 3 * v3 - v0;
    v4 := -7;
    if (v10 == 6) {
      v2 := 2 * v8 - v5;
      v4 := v10 - 2;
      v7 := -1;
    } else {
      r := 3 * v10 - a0;
      v6 := 8;
      v6 := v6 + v0;
    }
  }
  v0 := 9;
  v3 := 2 * v4 - v4;
  v11 := 3 * v6 - v10;
  if (v6 < v3) {
    r := 3 * v0 - v3;
    v3 := v4 + a3;
    v4 := v1 - v5 + 8;
    if (a0 >= v9) {
      v0 := v6 - 3;
      v5 := v11 - 1;
      v8 := v0 - 1;
    } else {
      v0 := 2 * v7 - v1;
      v2 := a3 + v11;
      v11 := a3 - v7 + 10;
    }
  } else {
    v5 := 2 * v0 - v10;
    v0 := a1 - 2;
    r := 2 * v6 - v1;
    if (v2 >= a0) {
      v4 := 0;
      v9 := v7 - a2 + 8;
      v10 := v11 - v7 + 9;
    } else {
      v6 := -10;
      v5 := a0 - a0 + 3;
      v9 := v4 + v1;
    }
  }
  v0 := v5 - a1 + 4;
  v0 := a2 + v0;
  v0 := v2 + a0;
  if (v6 >= 4) {
    v10 := 3 * v10 - v8;
    v10 := 3 * v8 - v6;
    v8 := 3 * a1 - v9;
    if (v5 >= v9) {
      r := 3 * v0 - v4;
      v2 := 3 * v2 - v5;
      v3 := 1;
    } else {
      v6 := a2 + v11;
      v11 := 2 * v1 - v0;
      v9 := v6 - v5 + 4;
    }
  } else {
    v4 := v8 + v3;
    v0 := 3;
    v3 := v1 - 5;
    if (a3 > -8) {
      v9 := v4 + v9;
      v10 := 1;
      v9 := v1 - v0 + 2;
    } else {
      v9 := v7 + a4;
      v4 := 2 * v7 - v4;
      assume v7 >= v4 + 19;
    }
  }
  v10 := a4 - v0 + 7;
  v3 := v6 - 7;
  v8 := v0 - 4;
  if (v3 < a1) {
    assume a4 != v4 + 17;
    v2 := 1;
    v6 := a4 + 0;
    if (v7 > 8) {
      v1 := 2 * v8 - v2;
      v9 := v3 - 10;
      v7 := v10 - 3;
    } else {
      v2 := v10 + v7;
      v1 := a4 + v2;
      v1 := v6 - a3 + 8;
    }
  } else {
    v7 := a3 - a2 + 1;
    v2 := v0 + a1;
    v4 := v1 + v7;
    if (a4 <= v9) {
      v2 := 3 * v8 - v3;
      v2 := a0 + v4;
      v10 := -6;
    } else {
      v3 := v11 - v10 + 7;
      v3 := a4 + v1;
      v10 := -2;
    }
  }
  v2 := 2 * a2 - a2;
  v6 := v11 - a2 + 6;
  v11 := v6 + v7;
  if (v0 >= a2) {
    v3 := 4;
    v11 := -7;
    v3 := v8 + 10;
    if (a3 >= v5) {
      v3 := 6;
      v2 := 3 * v0 - v8;
      v8 := 2 * v0 - v7;
    } else {
      r := 3 * v6 - a0;
      v3 := a0 - v3 + 7;
      v5 := -3;
    }
  } else {
    v2 := v9 + 7;
    v11 := v4 - 4;
    v11 := v0 + a4;
    if (v4 < v3) {
      v4 := 2 * v1 - v7;
      v9 := v7 - 10;
      v8 := v0 + v7;
    } else {
      v5 := v11 + v8;
      v8 := v0 - v7 + 10;
      r := 3;
    }
  }
  v9 := v5 + 3;
  v7 := a0 + a0;
  r := 2 * a2 - v0;
  if (a2 == -3) {
    v11 := 3;
    v7 := v2 - v9 + 2;
    v5 := -1;
    if (v6 < -6) {
      v9 := v11 + v2;
      v5 := 3 * v9 - v9;
      v7 := 3 * a4 - v10;
    } else {
      v5 := 3 * v11 - v4;
      v1 := v8 + a3;
      v9 := a3 - 2;
    }
  } else {
    v6 := v1 - 5;
    v7 := 3 * v9 - v7;
    v1 := 8;
    if (a2 <= v3) {
      v0 := 3 * v2 - v6;
      r := v11 + 9;
      v8 := 6;
    } else {
      v6 := v3 - v11 + 10;
      v4 := v8 - v6 + 10;
      v5 := v0 + v10;
    }
  }
  v5 := a4 - 6;
  v11 := a3 + v9;
  r := v6 + v1;
  if (v10 <= 9) {
    v0 := v2 + v8;
    v4 := a4 + 1;
    v4 := v8 + 2;
    if (a4 >= -6) {
      v10 := v4 - v8 + 1;
      v6 := a4 - 6;
      v8 := -1;
    } else {
      v5 := a3 - 3;
      v8 := 2 * v4 - a3;
      assume a2 != v3 + 9;
    }
  } else {
    v8 := a4 + v0;
    v10 := v1 + 2;
    v6 := v2 - v6 + 3;
    if (v0 <= 1) {
      v1 := v2 + a4;
      v5 := 3 * v0 - v7;
      v0 := v5 - a3 + 2;
    } else {
      v0 := v1 - 7;
      v0 := -8;
      v7 := v10 - v5 + 3;
    }
  }
  assume v8 >= v3 + 19;
  v4 := v0 + 9;
  r := -2;
  if (v3 <= v5) {
    v0 := a3 - v11 + 10;
    v3 := a3 - v0 + 4;
    v1 := a0 + v11;
    if (v2 < a1) {
      v8 := 3 * a3 - v4;
      v0 := 2 * v9 - a2;
      v5 := v2 + 6;
    } else {
      v5 := 3;
      v5 := v10 + v2;
      v9 := 1;
    }
  } else {
    v2 := a2 - v2 + 5;
    v0 := v7 - a2 + 3;
    v9 := v6 + v7;
    if (v9 <= a2) {
      v1 := v8 - 7;
      v0 := v4 - v1 + 0;
      v10 := v2 - 1;
    } else {
      v1 := v6 + v0;
      v7 := a2 + 2;
      assume v4 != v9 + 0;
    }
  }
  v6 := v3 + v5;
  v1 := 3;
  v9 := v11 + a2;
  if (v1 > -2) {
    v11 := -5;
    v9 := a0 + v6;
    v2 := v10 - v8 + 7;
    if (v3 >= v11) {
      v5 := a3 + v6;
      v11 := v3 - v6 + 5;
      v6 := 3 * v1 - v3;
    } else {
      v10 := 2 * v5 - v11;
      v2 := -5;
      v0 := -6;
    }
  } else {
    v3 := v7 + 5;
    v10 := 2 * v1 - v5;
    v4 := 2 * v9 - v6;
    if (v2 >= -9) {
      v2 := 2 * v3 - v6;
      v0 := v5 + v7;
      v8 := 2 * v1 - v8;
    } else {
      v7 := a3 - 9;
      v8 := a2 + 9;
      v5 := v9 - v1 + 9;
    }
  }
  v0 := 2 * a1 - v10;
  v9 := v2 - v9 + 7;
  v0 := 2 * v8 - a1;
}
