// gen-structured.py: 7 diamonds, 16 variables, seed 0
procedure main(a0: int, a1: int, a2: int) returns (r: int)
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
  havoc v0, v2, v7, v9, v12;
  v1 := -3;
  v3 := 1;
  v4 := 3;
  v5 := 5;
  v6 := 4;
  v8 := 3;
  v10 := 1;
  v11 := -5;
  v0 := 3 * v9 - v9;
  v12 := v11 + v8;
  v4 := 2 * v9 - v2;
  if (a2 <= v0) {
    v4 := 2 * v1 - v2;
    v4 := a0 + v4;
    v5 := v8 + 7;
    if (v7 >= v3) {
      v1 := 2 * v11 - a2;
      v5 := v8 - 7;
      v9 := 2 * v3 - v12;
    } else {
      v8 := v7 - v10 + 4;
      r := v9 + v0;
      v10 := v3 + a0;
    }
  } else {
    v11 := a1 - v12 + 10;
    v2 := v3 - a1 + 9;
    v1 := v5 + v4;
    if (v1 >= a2) {
      r := v1 - v5 + 10;
      v12 := a0 - v11 + 6;
      v12 := 3 * v11 - a0;
    } else {
      v1 := 4;
      v9 := -10;
      v2 := v11 - 6;
    }
  }
  v9 := 6;
  r := -10;
  v0 := a2 + 4;
  if (v6 < v5) {
    v2 := v3 + v3;
    r := v10 - 4;
    v11 := v3 - v12 + 4;
    if (v2 < 1) {
      v7 := -6;
      v5 := v3 - v9 + 5;
      v12 := v10 + v2;
    } else {
      v7 := 2 * a1 - v7;
      v9 := v1 + 2;
      v0 := v10 + v12;
    }
  } else {
    v12 := -4;
    v2 := 2 * v10 - v2;
    v5 := -4;
    if (v12 > v10) {
      v11 := -9;
      v1 := a0 + 1;
      v0 := 2;
    } else {
      v0 := 2 * a2 - v2;
      v3 := 3 * v3 - a1;
      v9 := 6;
    }
  }
  assume v6 <= a1 + 9;
  v3 := v7 + v4;
  v6 := 3 * v11 - v6;
  if (v9 > v1) {
    v6 := v10 + 2;
    r := v10 + 8;
    r := v0 + 8;
    if (v3 <= v4) {
      r := v3 - v7 + 3;
      v1 := v7 + v10;
      v3 := 3 * v4 - v9;
    } else {
      v10 := a2 + v9;
      v9 := v5 - v10 + 1;
      v0 := 0;
    }
  } else {
    v1 := v8 - v12 + 3;
    v2 := v4 + a1;
    v10 := v4 - v2 + 8;
    if (a0 < -9) {
      v3 := v7 + a0;
      v5 := v6 - 5;
      v10 := a2 + v11;
    } else {
      v3 := 2 * a0 - v4;
      v1 := 6;
      v10 := 2 * v7 - v10;
    }
  }
  v3 := v5 + 7;
  v2 := v0 + v12;
  v5 := v12 + 1;
  if (a2 > 10) {
    v10 := v4 - a0 + 7;
    v5 := v5 + v9;
    v7 := v11 - v7 + 9;
    if (v9 <= v7) {
      v4 := v6 - 7;
      v1 := v7 + 3;
      v12 := v3 - v2 + 6;
    } else {
      v0 := v7 - v0 + 5;
      v0 := v1 + 9;
      v7 := 3 * v5 - v1;
    }
  } else {
    v10 := v11 - v11 + 6;
    v9 := v8 + a2;
    v9 := v8 + v10;
    if (a0 <= v10) {
      v3 := v10 + 9;
      v4 := a0 + v8;
      v1 := 2 * v3 - v11;
    } else {
      v6 := v12 - v2 + 10;
      v2 := -7;
      v1 := 3 * v4 - v9;
    }
  }
  r := v4 + v4;
  v11 := v11 - a0 + 8;
  v5 := a1 + 8;
  if (a0 <= v8) {
    v1 := v0 + 9;
    v0 := v5 + v11;
    v5 := 3 * v11 - a0;
    if (v4 <= v10) {
      v12 := a2 - 8;
      assume v5 <= v4 + 9;
      v0 := -8;
    } else {
      v2 := 5;
      v6 := -8;
      v12 := 3;
    }
  } else {
    r := v11 + v12;
    v6 := a1 - 7;
    assume a2 >= v11 + 10;
    if (v12 > 8) {
      v3 := v10 + v11;
      v0 := 2 * v0 - v11;
      v5 := v4 + v3;
    } else {
      v12 := v1 + a0;
      v10 := v10 + a1;
      v9 := 3 * v2 - v5;
    }
  }
  v9 := v10 - v11 + 1;
  v3 := v2 - 8;
  v11 := v4 - 3;
  if (v12 > 0) {
    v4 := v3 + a2;
    v4 := 2;
    v9 := v7 + 8;
    if (v8 < v1) {
      v10 := v8 - 6;
      v12 := v11 - v3 + 5;
      v8 := 3 * v9 - v11;
    } else {
      v4 := v8 + 5;
      v12 := 8;
      v6 := v6 - v9 + 0;
    }
  } else {
    v2 := 2 * v7 - v7;
    v10 := a2 - v4 + 3;
    v11 := v12 + a2;
    if (v1 == 0) {
      r := v9 + v0;
      v11 := -5;
      v8 := 7;
    } else {
      v1 := a1 - a0 + 0;
      v11 := v9 + v11;
      v12 := v8 - v3 + 3;
    }
  }
  v11 := 3 * v9 - v8;
  v3 := 3;
  v6 := v6 + 2;
  if (v8 > v0) {
    v2 := v10 - a1 + 9;
    v9 := 8;
    v10 := a1 + 3;
    if (v0 <= -3) {
      v7 := 6;
      v5 := -7;
      v8 := 2 * v6 - v11;
    } else {
      v5 := 6;
      v10 := 3 * v4 - v6;
      v3 := v12 + v9;
    }
  } else {
    v5 := v6 - a2 + 4;
    v5 := 9;
    v5 := -6;
    if (v7 <= v11) {
      v11 := -7;
      v1 := v10 - v2 + 8;
      v9 := 3 * v9 - v0;
    } else {
      v11 := 7;
      v5 := a0 - v3 + 9;
      v2 := a0 + 4;
    }
  }
  v4 := a2 - v8 + 8;
  v3 := v5 + 8;
  v9 := 2;
}
