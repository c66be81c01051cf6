// gen-structured.py: 7 diamonds, 19 variables, seed 5
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
  var v10: int;
  var v11: int;
  var v12: int;
  var v13: int;
  var v14: int;
  havoc v0, v7;
  v1 := -3;
  v2 := -5;
  v3 := 2;
  v4 := -5;
  v5 := 3;
  v6 := 4;
  v8 := -5;
  v9 := -5;
  v10 := -5;
  v11 := 2;
  v12 := -2;
  v13 := -4;
  v14 := 2;
  v6 := 2 * a3 - v13;
  v10 := 2 * v1 - v10;
  v2 := a3 + v10;
  if (v8 > a1) {
    v9 := v14 - 3;
    v2 := a3 - a1 + 5;
    v12 := -6;
    if (a1 >= v10) {
      v4 := v9 - v6 + 2;
      v11 := v1 + 8;
      v12 := v0 + v4;
    } else {
      assume v6 != v13 + 9;
      v0 := -2;
      v3 := v9 - v8 + 3;
    }
  } else {
    v13 := v4 + 4;
    v4 := a1 - 4;
    v14 := -8;
    if (a3 > v14) {
      v13 := v7 + v7;
      v9 := v9 - 10;
      v2 := v10 - v13 + 2;
    } else {
      v2 := v10 + v13;
      v12 := v0 - v2 + 4;
      v11 := v6 + 10;
    }
  }
  v9 := 3 * v12 - a1;
  v3 := v14 - 3;
  v9 := v13 - v7 + 7;
  if (v12 > a2) {
    r := v0 + 7;
    v12 := v2 - v10 + 9;
    v12 := a2 - 2;
    if (v9 <= 1) {
      v4 := a3 - v7 + 10;
      v14 := v2 - a2 + 8;
      v1 := -6;
    } else {
      v14 := v4 + v4;
      v4 := 2 * v7 - a1;
      v13 := a3 + v1;
    }
  } else {
    v3 := 2 * v14 - v10;
    r := 10;
    v8 := v8 - v2 + 7;
    if (v6 > 5) {
      v3 := -4;
      v13 := a1 + v1;
      v9 := v9 - 1;
    } else {
      v8 := v5 + v14;
      r := v3 - 4;
      v2 := a1 - 2;
    }
  }
  v2 := -2;
  v10 := v6 + v9;
  v8 := v9 - 2;
  if (v9 <= v5) {
    v2 := v14 + v5;
    v0 := v3 - 6;
    v5 := v14 + 4;
    if (v4 <= v7) {
      assume v4 <= v10 + 5;
      r := 3 * v5 - v9;
      v1 := v2 + v1;
    } else {
      v13 := 2 * v12 - v2;
      v9 := v9 - 10;
      v5 := 2 * v3 - v13;
    }
  } else {
    v11 := 5;
    v14 := v14 - v5 + 5;
    v12 := v9 + v3;
    if (v4 < 1) {
      v9 := 6;
      r := v11 - a0 + 2;
      v13 := 5;
    } else {
      v5 := v9 + 2;
      v0 := v4 - v4 + 2;
      v10 := v5 + v4;
    }
  }
  v6 := v7 + 3;
  v12 := v9 - v6 + 4;
  v10 := v7 - v7 + 3;
  if (v3 > -5) {
    v3 := 2 * v3 - a3;
    v14 := 1;
    v11 := v4 + a1;
    if (v6 == -2) {
      v13 := -1;
      v12 := v4 + 1;
      v11 := 3 * v13 - a2;
    } else {
      v1 := 2 * v5 - v2;
      v11 := v12 - v14 + 4;
      v1 := a0 + 3;
    }
  } else {
    v12 := a0 - v2 + 4;
    assume v8 >= v11 + 11;
    v4 := v4 + v1;
    if (v14 < -7) {
      v12 := v4 - v0 + 2;
      v0 := 3 * v9 - v14;
      v0 := v10 - v10 + 6;
    } else {
      v14 := v8 + 3;
      v11 := 3 * a1 - v6;
      v6 := v13 + v12;
    }
  }
  v7 := -2;
  v5 := v3 - v12 + 10;
  v10 := v5 - a2 + 4;
  if (v12 < 8) {
    v7 := a1 + v0;
    v1 := v4 + a2;
    v9 := -1;
    if (v11 <= v14) {
      v2 := -9;
      v7 := 2 * a2 - a1;
      v7 := -3;
    } else {
      v14 := v14 + v13;
      v12 := -2;
      v5 := 10;
    }
  } else {
    v0 := v14 - 5;
    r := v7 - 9;
    v11 := v14 - a0 + 8;
    if (v4 == -7) {
      v0 := -7;
      v3 := 3 * v8 - v14;
      assume v11 >= v4 + 14;
    } else {
      v11 := v2 - 6;
      v12 := 3 * v13 - a3;
      v8 := v1 - v0 + 2;
    }
  }
  v6 := 2 * v1 - v5;
  v7 := v0 - 1;
  v12 := v4 + 2;
  if (v6 == -2) {
    v8 := 1;
    v14 := a3 + v14;
    v12 := v2 + 2;
    if (v4 < v8) {
      v9 := v11 + 10;
      v4 := -8;
      r := 8;
    } else {
      v14 := v3 - v8 + 5;
      v14 := a2 + 6;
      v10 := -4;
    }
  } else {
    v12 := a3 + v5;
    v1 := a0 + a3;
    v1 := v7 + v7;
    if (v9 > v4) {
      v13 := v1 + v10;
      v14 := -8;
      v12 := 3 * v4 - a2;
    } else {
      v14 := v12 - 6;
      v0 := v11 + v9;
      v3 := v7 - v12 + 2;
    }
  }
  v6 := v8 - v0 + 6;
  v14 := 3 * v10 - v4;
  v12 := -9;
  if (v9 < 8) {
    v13 := v14 + 4;
    v14 := a2 - v3 + 4;
    v5 := v11 - a3 + 3;
    if (v2 <= v5) {
      v4 := v1 + 2;
      v4 := v5 - v11 + 4;
      v8 := a2 - v11 + 1;
    } else {
      r := a1 + v14;
      v3 := v8 - a2 + 9;
      r := v8 + v0;
    }
  } else {
    v1 := 3 * v10 - v10;
    r := 9;
    v9 := v8 - v2 + 3;
    if (v0 < v7) {
      v11 := v1 + v7;
      v3 := v14 + a3;
      v0 := 2 * v10 - v2;
    } else {
      v3 := v0 - v3 + 4;
      v5 := a2 - 10;
      v13 := 3 * v4 - a1;
    }
  }
  v0 := 2 * v8 - v9;
  v9 := a2 + 0;
  v2 := v1 - v8 + 10;
}
