// gen-structured.py: 7 diamonds, 16 variables, seed 4
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
  havoc v4, v6, v7, v12;
  v0 := -2;
  v1 := 4;
  v2 := -1;
  v3 := 0;
  v5 := 3;
  v8 := -1;
  v9 := -4;
  v10 := -1;
  v11 := -3;
  v3 := 2 * v7 - v10;
  v0 := v12 - 1;
  v3 := 10;
  if (a2 > v9) {
    r := 2 * v11 - v3;
    v3 := 2 * v5 - v8;
    v4 := 3 * v9 - v0;
    if (v11 < -8) {
      v9 := v7 + v3;
      v2 := v5 - 2;
      v9 := 7;
    } else {
      v10 := -5;
      v3 := 1;
      v1 := v4 - 10;
    }
  } else {
    v8 := v5 + v10;
    v5 := v10 - v1 + 9;
    v12 := v5 + v12;
    if (v4 < v11) {
      v10 := 2;
      v2 := a0 + 5;
      v12 := v2 + v5;
    } else {
      v11 := v1 - v2 + 0;
      v0 := a0 - 5;
      v2 := -9;
    }
  }
  v11 := 2 * v8 - v1;
  v5 := 2 * v1 - v7;
  v7 := v9 + 3;
  if (v3 < -9) {
    v5 := v1 - v8 + 8;
    v2 := a2 - v6 + 10;
    v8 := v1 - 8;
    if (v2 == -6) {
      v10 := 3 * v7 - v7;
      v2 := v11 - v4 + 5;
      v9 := v6 + 7;
    } else {
      r := 3;
      assume v1 <= v4 + 1;
      v1 := a0 + v7;
    }
  } else {
    r := v12 - 10;
    v8 := v7 - v10 + 9;
    v12 := 2 * v12 - a2;
    if (v9 == 2) {
      v5 := 5;
      v0 := v6 - v3 + 3;
      v11 := 3 * v12 - a1;
    } else {
      v8 := v0 - v8 + 9;
      v0 := 3 * v0 - v6;
      v5 := 2 * a1 - a0;
    }
  }
  v2 := 2 * v7 - v10;
  v12 := -6;
  v4 := v8 - v9 + 5;
  if (v5 >= v1) {
    v10 := a0 - 1;
    v1 := a2 - v12 + 3;
    v7 := a1 + v9;
    if (v6 > v12) {
      v5 := v12 + v2;
      v7 := 2 * v2 - v12;
      r := v1 - v0 + 7;
    } else {
      v8 := 3 * a2 - v2;
      v2 := 6;
      assume v2 >= v10 + 8;
    }
  } else {
    v8 := v12 - v12 + 10;
    v9 := a2 + a1;
    assume v12 <= v7 + 20;
    if (v12 <= v2) {
      v10 := v5 + 6;
      v7 := v0 + v10;
      v3 := v4 - v4 + 10;
    } else {
      assume v8 != v0 + 15;
      v4 := v3 - v2 + 1;
      v12 := a1 + v6;
    }
  }
  v5 := v4 + v2;
  v8 := 3 * a2 - a1;
  v0 := -6;
  if (v9 < v11) {
    v12 := v11 + v8;
    v12 := v3 - v3 + 7;
    v10 := v3 - 10;
    if (v9 <= v8) {
      v5 := v1 + 0;
      v8 := 9;
      r := v8 + a2;
    } else {
      v7 := 3 * a2 - v10;
      v4 := 8;
      v8 := a0 - 2;
    }
  } else {
    v12 := v1 + v4;
    v2 := v7 - 3;
    v3 := v4 - 6;
    if (v3 > v10) {
      assume a0 <= v3 + 14;
      v6 := v5 - v2 + 5;
      v12 := v0 + 6;
    } else {
      assume v6 >= v8 + 15;
      v11 := a0 - 6;
      v6 := 2 * v3 - v9;
    }
  }
  v12 := v12 - v1 + 6;
  v10 := v8 - v4 + 7;
  v2 := 1;
  if (a2 > v12) {
    v6 := v10 - 2;
    v3 := 3 * v11 - v11;
    v0 := v2 + a0;
    if (v8 > a0) {
      v11 := 7;
      v4 := -5;
      assume a0 != v2 + 9;
    } else {
      v10 := -5;
      v11 := 2 * v6 - v12;
      v1 := 2 * a0 - v11;
    }
  } else {
    r := 3 * a1 - v11;
    v3 := 3 * v8 - a0;
    v1 := v11 + 5;
    if (v9 > v4) {
      v2 := a1 + v7;
      v7 := 9;
      r := v5 + v4;
    } else {
      v7 := v9 - v2 + 6;
      v10 := v7 - 7;
      v9 := v5 + v0;
    }
  }
  v10 := v10 - v4 + 9;
  r := 2;
  v8 := v11 + v3;
  if (v4 > 1) {
    v7 := v11 + v2;
    v7 := v9 + 5;
    v7 := 3;
    if (v7 < v12) {
      v9 := -4;
      v4 := v2 - v10 + 10;
      r := a2 - v5 + 9;
    } else {
      assume v2 != v9 + 19;
      v9 := a0 + 4;
      v7 := 2 * v7 - v1;
    }
  } else {
    v6 := 2 * a0 - v6;
    v1 := -1;
    v3 := 2 * a1 - v12;
    if (a2 > -3) {
      v9 := 2 * a0 - v10;
      v9 := 3 * v7 - v0;
      r := 3 * v10 - v11;
    } else {
      v0 := 1;
      v7 := v11 + v6;
      v0 := v12 + v10;
    }
  }
  v11 := 3 * a1 - v7;
  v2 := a1 + 8;
  v7 := v8 + v4;
  if (v9 <= v12) {
    v10 := v4 - v3 + 10;
    r := v1 - v2 + 2;
    v6 := 3 * a1 - a2;
    if (v12 <= a2) {
      v2 := v0 - v1 + 3;
      v11 := v5 + v6;
      v8 := v7 - v11 + 7;
    } else {
      v8 := a1 - v5 + 7;
      v7 := 4;
      v0 := -7;
    }
  } else {
    v4 := v4 - a0 + 5;
    v10 := v10 - a1 + 6;
    v7 := a2 - v7 + 5;
    if (v8 < a1) {
      v5 := a2 + v10;
      v11 := v10 - v10 + 5;
      v9 := v1 + 2;
    } else {
      r := 2;
      v2 := v5 + v6;
      v1 := v8 - v8 + 7;
    }
  }
  v12 := v7 - v0 + 1;
  v3 := a2 + v6;
  v7 := v7 + v2;
}
