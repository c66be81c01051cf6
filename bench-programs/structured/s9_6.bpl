// gen-structured.py: 9 diamonds, 17 variables, seed 6
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
  havoc v0, v1, v7, v12;
  v2 := 4;
  v3 := 5;
  v4 := -3;
  v5 := -3;
  v6 := 2;
  v8 := -1;
  v9 := -5;
  v10 := -4;
  v11 := -3;
  v5 := a1 + v8;
  v8 := v1 - v1 + 2;
  r := v8 + a0;
  if (v4 <= v11) {
    v11 := v12 + v2;
    v12 := v0 - v9 + 1;
    assume v3 >= v1 + 17;
    if (a2 <= v4) {
      v7 := v12 + a3;
      v8 := 2 * v8 - v4;
      v9 := 4;
    } else {
      v9 := v11 + 8;
      v4 := v10 + v8;
      v5 := v3 + v3;
    }
  } else {
    v0 := v0 - 6;
    v5 := 5;
    v12 := v11 - v0 + 0;
    if (v6 >= 7) {
      v5 := v6 - v0 + 6;
      r := -5;
      v4 := v10 + v6;
    } else {
      v11 := v0 + 3;
      v0 := -7;
      v12 := a3 - v3 + 8;
    }
  }
  v1 := -7;
  v4 := v3 - 7;
  v7 := v7 + 0;
  if (v9 > v4) {
    v4 := 2 * v9 - v0;
    v11 := v7 + v5;
    v11 := 9;
    if (v6 == 9) {
      assume a0 <= v12 + 17;
      r := v10 + a0;
      v8 := v3 + v5;
    } else {
      v4 := 3 * v2 - a2;
      r := v11 + v3;
      v7 := 2 * v1 - v9;
    }
  } else {
    v6 := v2 + 6;
    v0 := 7;
    assume a2 >= v11 + 3;
    if (v0 > -4) {
      v7 := a1 + v10;
      v3 := v5 - 10;
      v8 := 3 * v7 - a0;
    } else {
      v5 := a0 + a2;
      v10 := 2;
      v7 := a1 - 3;
    }
  }
  v12 := v8 + v4;
  v4 := v5 + v10;
  v12 := v3 - v11 + 10;
  if (v8 <= 4) {
    v3 := a2 + v5;
    v1 := 9;
    v5 := v5 + v1;
    if (a1 >= -5) {
      v12 := 3;
      v10 := v7 - 2;
      v8 := v0 + 0;
    } else {
      v3 := 3 * v2 - a0;
      r := v10 - v2 + 7;
      r := v3 + v5;
    }
  } else {
    v0 := 2 * a3 - v0;
    v10 := v3 + v9;
    v11 := 3;
    if (v7 >= -1) {
      v1 := v4 + v6;
      v2 := v1 - 9;
      v4 := -4;
    } else {
      v4 := v0 + a3;
      v1 := 2 * a0 - a0;
      v5 := 5;
    }
  }
  v3 := v3 - 5;
  v12 := v12 - v11 + 2;
  v12 := v6 + 2;
  if (v3 > v2) {
    v12 := a2 - v4 + 0;
    v0 := v8 - 2;
    v0 := v10 + v5;
    if (v9 < v7) {
      v5 := a3 - 8;
      v6 := v8 + v2;
      v5 := v10 + 9;
    } else {
      v4 := v10 + v1;
      v10 := v2 - 6;
      v2 := 3 * v4 - a0;
    }
  } else {
    r := 7;
    r := v10 + 6;
    v5 := v8 + v0;
    if (a0 <= 3) {
      v0 := 5;
      v0 := v6 + v1;
      v6 := v3 + v10;
    } else {
      r := 9;
      v2 := v6 + 3;
      v5 := 2;
    }
  }
  v5 := a2 + 3;
  v2 := 7;
  v3 := v12 + a1;
  if (a2 <= v5) {
    v6 := -4;
    v8 := -2;
    r := a2 + v9;
    if (v9 >= v4) {
      v11 := v9 + v8;
      v10 := v12 - 10;
      v6 := v4 - 5;
    } else {
      v7 := v7 + 7;
      v0 := 3 * v11 - v7;
      v8 := 1;
    }
  } else {
    v5 := v1 + v0;
    v6 := 3 * v6 - v6;
    v9 := v12 - 6;
    if (v8 > a1) {
      assume v9 != a0 + 3;
      v5 := v8 + a3;
      v9 := v5 - a3 + 2;
    } else {
      v4 := 7;
      v7 := v5 + 7;
      v4 := 5;
    }
  }
  v0 := -3;
  v11 := v2 - v0 + 10;
  r := a3 + v2;
  if (a1 >= 0) {
    v11 := 2;
    r := v6 + v5;
    v7 := 5;
    if (v4 > v5) {
      v9 := a0 + v5;
      v7 := v1 + v9;
      v7 := a0 - v3 + 9;
    } else {
      v1 := v8 + 3;
      v3 := v2 - v6 + 1;
      v2 := 3 * a3 - v1;
    }
  } else {
    v2 := 2 * v5 - a1;
    v1 := -8;
    v1 := a3 + v1;
    if (v1 == 2) {
      v1 := -2;
      v10 := v7 + v11;
      v10 := 2 * v5 - v7;
    } else {
      v2 := v10 + v11;
      v10 := 2;
      v2 := 3 * v11 - v3;
    }
  }
  v9 := -10;
  r := v11 + v1;
  r := 2 * v8 - a3;
  if (a2 <= v11) {
    v3 := 3 * v5 - a3;
    v12 := a0 + v4;
    v6 := 3 * a1 - v0;
    if (v5 > v12) {
      v4 := a1 - a3 + 7;
      v8 := 7;
      v4 := v3 - v10 + 5;
    } else {
      v0 := v9 - a2 + 7;
      r := 2 * v1 - a1;
      v2 := v1 - v10 + 5;
    }
  } else {
    v1 := -3;
    v3 := v9 + a1;
    v7 := 3 * v6 - a0;
    if (v5 > -2) {
      v7 := v1 + v4;
      v12 := v8 - v4 + 8;
      v12 := v9 - v5 + 10;
    } else {
      r := v12 - a3 + 9;
      v9 := 8;
      v1 := 7;
    }
  }
  v12 := 2 * v1 - v7;
  v5 := v4 - v10 + 6;
  r := a0 + 10;
  if (a2 < 10) {
    v4 := 3 * a1 - v2;
    assume v0 >= a0 + 9;
    v11 := a3 + 7;
    if (a0 < v7) {
      v0 := 3;
      v4 := v11 - 1;
      v0 := 2 * v3 - a0;
    } else {
      v1 := v12 + 7;
      v9 := v11 + 9;
      v6 := 4;
    }
  } else {
    r := v8 - v2 + 3;
    v2 := 2 * a2 - v0;
    v3 := 9;
    if (v3 < 4) {
      v3 := 3 * v3 - v12;
      v8 := 10;
      v6 := 3 * v2 - v8;
    } else {
      v10 := 10;
      v0 := 2 * v3 - a0;
      v0 := v3 + v2;
    }
  }
  v8 := a2 + a1;
  assume a3 <= a1 + 15;
  v3 := v12 - a3 + 7;
  if (v1 > a3) {
    v4 := v2 - v7 + 9;
    assume v8 >= a1 + 0;
    r := v2 - v5 + 10;
    if (v2 >= v5) {
      v5 := a1 - 10;
      v5 := 2 * v0 - v5;
      v12 := v6 + v5;
    } else {
      v3 := v7 + v8;
      v5 := v11 + 9;
      v5 := a0 - 1;
    }
  } else {
    v9 := v10 + v11;
    v8 := v10 + v11;
    v5 := v7 - a1 + 8;
    if (v1 >= 8) {
      v6 := v10 + a1;
      v10 := v9 - v9 + 8;
      v3 := v7 + 5;
    } else {
      v10 := v5 - 9;
      v12 := 8;
      v10 := a0 + v3;
    }
  }
  r := v1 + 5;
  v5 := v4 + 3;
  v6 := v12 - v4 + 7;
}
