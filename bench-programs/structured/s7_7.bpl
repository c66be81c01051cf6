// gen-structured.py: 7 diamonds, 20 variables, seed 7
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
  var v13: int;
  var v14: int;
  var v15: int;
  var v16: int;
  havoc v2, v6, v8, v10, v11, v12, v15;
  v0 := 0;
  v1 := -3;
  v3 := -1;
  v4 := 5;
  v5 := -1;
  v7 := 2;
  v9 := -4;
  v13 := -5;
  v14 := -4;
  v16 := 5;
  v8 := v2 + 7;
  v1 := -7;
  v6 := v13 + a2;
  if (a1 < -3) {
    v3 := v3 - a2 + 5;
    v12 := v6 - 3;
    v13 := v9 + a1;
    if (v13 < -3) {
      v14 := v5 + a0;
      v14 := v9 + 2;
      v12 := v9 - v9 + 2;
    } else {
      v11 := -7;
      v14 := 2 * v6 - v6;
      v2 := 2 * a0 - v15;
    }
  } else {
    v14 := -7;
    v9 := v5 + v5;
    v16 := 3 * v7 - v16;
    if (a2 <= 5) {
      v14 := 7;
      v11 := v14 - v9 + 2;
      v2 := v6 - 4;
    } else {
      r := v12 - v12 + 9;
      v3 := v9 - v10 + 6;
      v7 := v4 - v9 + 7;
    }
  }
  v3 := v4 - v6 + 5;
  v12 := 3 * v0 - v7;
  r := v7 - 5;
  if (v13 < v16) {
    v6 := v1 - 9;
    v11 := v9 + v14;
    v15 := v12 + 6;
    if (v8 >= v3) {
      v1 := v9 - 7;
      v5 := a1 + a1;
      v10 := v2 - a1 + 9;
    } else {
      v2 := v14 - 5;
      v9 := v14 + v8;
      v12 := -3;
    }
  } else {
    v15 := -9;
    v14 := v15 - v6 + 10;
    v9 := v3 + 1;
    if (v9 <= v3) {
      v5 := v4 - v9 + 1;
      v6 := a0 - v3 + 8;
      v15 := a1 + v10;
    } else {
      v16 := v9 + v10;
      v15 := -9;
      v1 := v5 + v1;
    }
  }
  v15 := 2 * v9 - v0;
  v6 := 2 * a0 - v8;
  v1 := v6 - v7 + 6;
  if (v0 <= v10) {
    v2 := -9;
    v2 := a0 + v13;
    v5 := a2 - a2 + 4;
    if (v0 > -4) {
      v1 := v13 + v1;
      v14 := v7 + a2;
      v1 := 3 * v4 - v7;
    } else {
      v4 := -7;
      v4 := v12 + v11;
      v2 := v10 - v13 + 2;
    }
  } else {
    r := v15 + v3;
    v10 := 2 * v14 - v10;
    v2 := v3 - v8 + 0;
    if (v0 > -2) {
      v4 := a0 - 10;
      v11 := v14 - v1 + 2;
      v13 := v7 + 0;
    } else {
      v10 := v5 - 2;
      v0 := 3 * v8 - v1;
      v8 := v4 - v6 + 3;
    }
  }
  v8 := v12 - 2;
  v11 := v3 + 7;
  v11 := 3 * v9 - a0;
  if (v3 <= v14) {
    v16 := 2 * v3 - v4;
    v6 := v15 - v10 + 6;
    v0 := 3 * v15 - a1;
    if (v9 < 1) {
      v11 := 3 * v3 - v0;
      v7 := v10 + v12;
      v6 := v11 + v11;
    } else {
      v4 := -6;
      v12 := a1 - 2;
      v2 := v2 - v14 + 2;
    }
  } else {
    v1 := v6 - v5 + 0;
    v3 := -2;
    v0 := 2 * a1 - v7;
    if (v3 < -9) {
      v5 := v8 - 10;
      v10 := -10;
      v15 := 3;
    } else {
      v4 := 2 * v7 - a2;
      v5 := v0 + 3;
      v10 := v4 + v12;
    }
  }
  v3 := v1 - 4;
  v3 := 2;
  r := v11 - v10 + 5;
  if (a0 <= v15) {
    v3 := v4 - v11 + 3;
    v0 := v2 - v13 + 10;
    v14 := a1 - 10;
    if (v6 > v11) {
      v15 := v6 - 10;
      v6 := 2 * v1 - v13;
      v8 := v14 - 6;
    } else {
      v6 := v2 + 1;
      v14 := v16 + a1;
      v8 := v1 + v4;
    }
  } else {
    v12 := v8 + v1;
    v1 := v7 + v3;
    v13 := 10;
    if (v2 <= v14) {
      v3 := a0 + 10;
      v8 := a2 + 2;
      v1 := 2 * a0 - v3;
    } else {
      v2 := v13 - v7 + 10;
      v8 := a2 + v12;
      v0 := 7;
    }
  }
  v6 := -9;
  v5 := v15 - v11 + 8;
  v13 := 2 * v10 - v0;
  if (v8 < v2) {
    v0 := 3 * v0 - v15;
    v13 := v0 + 6;
    v1 := v11 - v1 + 6;
    if (v10 == 0) {
      v15 := -4;
      v13 := v16 + 5;
      v4 := 3 * v11 - v0;
    } else {
      assume v8 >= v3 + 19;
      v12 := -6;
      r := v13 - a2 + 6;
    }
  } else {
    v10 := 3 * v14 - v2;
    v2 := 3 * v3 - v16;
    v9 := v1 - 6;
    if (v9 <= 4) {
      v6 := v2 - v0 + 5;
      v0 := 4;
      v13 := 1;
    } else {
      v0 := v15 + 3;
      v9 := 2 * v0 - v4;
      v15 := 8;
    }
  }
  v10 := v11 + v6;
  v3 := v0 + 4;
  r := 4;
  if (v3 < 1) {
    v7 := v7 + a0;
    v2 := v2 - 4;
    r := v6 + v0;
    if (v14 < 5) {
      v8 := 6;
      v6 := v2 + v4;
      assume v16 != v8 + 4;
    } else {
      v15 := v0 - 7;
      v3 := 3 * a1 - v8;
      v9 := v10 - a0 + 9;
    }
  } else {
    v5 := 7;
    v2 := 6;
    v2 := v3 + a1;
    if (v5 <= v12) {
      v6 := a0 - a1 + 10;
      v1 := 3 * v10 - v1;
      v2 := v3 + a0;
    } else {
      v16 := v15 + v1;
      v15 := v16 + v0;
      r := a0 - v15 + 6;
    }
  }
  v16 := v7 - v14 + 2;
  v13 := -5;
  v1 := v12 - v16 + 1;
}
