// gen-structured.py: 5 diamonds, 20 variables, seed 7
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
  havoc v7, v10, v14, v16;
  v0 := 0;
  v1 := -4;
  v2 := -3;
  v3 := 4;
  v4 := 1;
  v5 := 4;
  v6 := 2;
  v8 := -5;
  v9 := -1;
  v11 := -1;
  v12 := 1;
  v13 := 4;
  v15 := 2;
  v5 := 3;
  v2 := v7 + v2;
  assume v7 <= a2 + 20;
  if (v8 > -1) {
    v13 := v11 + 9;
    v5 := v6 - 7;
    v10 := v5 + a1;
    if (v13 <= -1) {
      v0 := v10 - v12 + 1;
      v14 := v16 - v11 + 7;
      v11 := 2 * v14 - v2;
    } else {
      v8 := 5;
      v0 := 2 * v1 - v5;
      v5 := 1;
    }
  } else {
    v15 := v10 + v4;
    v10 := v14 + v11;
    v7 := v2 - v5 + 4;
    if (v10 < -4) {
      v15 := v6 + v7;
      v12 := 3 * v10 - v7;
      v5 := 2 * v9 - a0;
    } else {
      v13 := v5 + 8;
      v6 := v15 - 9;
      v10 := a0 - v1 + 3;
    }
  }
  v8 := v10 - v4 + 8;
  v8 := -4;
  v6 := -10;
  if (v2 >= -4) {
    v13 := 7;
    v14 := v9 + v12;
    v1 := 9;
    if (a2 < v9) {
      v1 := v9 - v5 + 5;
      v13 := 3 * a0 - v16;
      v10 := 4;
    } else {
      v12 := v6 - a0 + 2;
      v5 := -9;
      v15 := 1;
    }
  } else {
    v13 := v5 + v1;
    v3 := 10;
    v15 := v3 - a2 + 4;
    if (v7 < -7) {
      v15 := v8 - v11 + 9;
      v2 := 0;
      v1 := -9;
    } else {
      v6 := 2;
      v12 := v11 + 0;
      v11 := a2 - v0 + 1;
    }
  }
  v9 := a1 + a2;
  v3 := v5 - v5 + 5;
  v12 := 3 * v5 - v3;
  if (v14 > v10) {
    v16 := v7 - 1;
    v9 := 2 * v5 - v3;
    v12 := v0 + v11;
    if (a2 < v0) {
      v16 := a2 - 8;
      v5 := v6 + 5;
      v9 := 3 * v15 - a1;
    } else {
      v11 := v6 - 4;
      r := 2 * v3 - v6;
      v0 := v1 + 6;
    }
  } else {
    v1 := 3 * v11 - v10;
    v15 := 9;
    v12 := 4;
    if (v13 < 0) {
      v12 := 3 * v5 - v1;
      v0 := v2 - a1 + 6;
      v10 := v10 - v7 + 8;
    } else {
      v12 := v15 - 7;
      v9 := 6;
      v5 := 7;
    }
  }
  assume a1 >= v10 + 1;
  v9 := 3 * v2 - a1;
  v2 := v9 - 6;
  if (v16 == 0) {
    v5 := v1 - v5 + 10;
    v4 := 2 * v15 - v16;
    v12 := 6;
    if (v1 < -7) {
      v8 := v5 - 5;
      v1 := v15 - a0 + 8;
      v1 := v14 + v6;
    } else {
      r := -10;
      v16 := v4 - 2;
      v0 := 7;
    }
  } else {
    v6 := 2 * v3 - v6;
    v12 := 1;
    v6 := v5 - v12 + 9;
    if (v9 > 1) {
      v5 := 2 * v13 - v9;
      v7 := v10 + 3;
      v7 := 3 * v5 - a2;
    } else {
      v2 := v10 + v6;
      v9 := v11 - v4 + 4;
      assume a2 >= v9 + 20;
    }
  }
  v3 := 7;
  v11 := v16 + v5;
  v16 := v16 - a1 + 6;
  if (v3 <= v8) {
    v1 := 3 * v13 - v11;
    r := v11 + 5;
    v2 := v7 + 7;
    if (v14 < a1) {
      v15 := v3 - v12 + 1;
      v2 := v5 - a2 + 8;
      r := v16 - v4 + 1;
    } else {
      v14 := 2 * v15 - v9;
      v16 := v13 - v10 + 5;
      v15 := v4 + 8;
    }
  } else {
    v3 := v5 - v6 + 10;
    v0 := v6 + v15;
    v9 := v1 + 8;
    if (v16 >= 4) {
      v4 := v16 - v15 + 10;
      v6 := v13 - a0 + 2;
      v0 := v14 + v13;
    } else {
      v11 := a2 + v6;
      v5 := v0 + a2;
      v5 := v16 - 1;
    }
  }
  v15 := 7;
  v6 := 2 * v8 - v12;
  v4 := v14 - v16 + 5;
}
