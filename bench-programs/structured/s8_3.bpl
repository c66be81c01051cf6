// gen-structured.py: 8 diamonds, 17 variables, seed 3
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
  havoc v1, v2, v6;
  v0 := 2;
  v3 := 0;
  v4 := 3;
  v5 := 0;
  v7 := -4;
  v8 := 0;
  v9 := 2;
  v10 := 3;
  v11 := 0;
  v10 := v1 - 5;
  r := 6;
  v8 := v8 + 5;
  if (v3 <= a2) {
    v11 := 2 * v10 - v2;
    v2 := -9;
    v2 := v7 + v1;
    if (v4 > 3) {
      v5 := v9 + v3;
      v10 := -4;
      v9 := v2 - v2 + 5;
    } else {
      v11 := v5 - v4 + 8;
      v2 := v6 + 4;
      v1 := v3 + a1;
    }
  } else {
    v6 := v6 + v9;
    v5 := v6 + v5;
    v1 := v3 + a2;
    if (a3 <= a1) {
      v1 := a4 + 10;
      v11 := v11 - v3 + 1;
      v11 := v0 + v10;
    } else {
      v3 := a0 + 0;
      v7 := a4 - v2 + 10;
      r := v4 + v1;
    }
  }
  v1 := v9 + 2;
  v10 := 10;
  v11 := v9 - v9 + 5;
  if (v9 == 10) {
    assume a1 >= v1 + 13;
    v9 := 3 * a2 - v6;
    v10 := v4 - v2 + 6;
    if (v9 >= a0) {
      v10 := 3 * v7 - v1;
      v4 := v2 - v1 + 10;
      r := v2 - a2 + 5;
    } else {
      v8 := v8 + 5;
      v7 := a3 - a1 + 4;
      v2 := v1 + 5;
    }
  } else {
    r := a2 + 10;
    r := -10;
    v6 := 2 * v6 - v8;
    if (a2 == -5) {
      v11 := v11 - v4 + 7;
      v11 := 3 * a2 - a3;
      v9 := 2 * v11 - v7;
    } else {
      v6 := 3 * a1 - a1;
      v8 := 3 * a4 - v3;
      v7 := v3 + v8;
    }
  }
  v11 := v7 - 3;
  v5 := v10 - v4 + 0;
  v7 := v6 + a3;
  if (a1 >= a2) {
    assume v11 != v9 + 15;
    v7 := 3 * a3 - v8;
    v3 := a2 - v2 + 10;
    if (v10 > 10) {
      v11 := v10 + 1;
      v2 := 5;
      v6 := v7 + 9;
    } else {
      r := 1;
      v1 := -9;
      v9 := v8 + v8;
    }
  } else {
    v8 := v7 - v8 + 4;
    v11 := 2 * v3 - v4;
    v8 := v2 - a1 + 8;
    if (v1 > a4) {
      v0 := v7 - 5;
      r := 2 * a3 - v0;
      v2 := a2 + v7;
    } else {
      v3 := v4 + 1;
      assume v7 >= a0 + 12;
      v9 := v9 + 0;
    }
  }
  v8 := 2 * v2 - v11;
  v9 := a0 - 4;
  v10 := 3 * a0 - v7;
  if (a0 <= a3) {
    v4 := v3 - v2 + 10;
    v8 := v6 + v6;
    v5 := a2 + 3;
    if (a2 >= v0) {
      v4 := a3 - 9;
      v11 := v5 - 8;
      v8 := v9 - a3 + 5;
    } else {
      v2 := 3 * v10 - v8;
      v0 := 2 * v7 - a3;
      v9 := v3 + 8;
    }
  } else {
    assume v1 <= a3 + 3;
    v5 := 3 * v5 - v1;
    v5 := a3 - v8 + 0;
    if (a4 > 5) {
      v10 := 2;
      v11 := 3 * v5 - v3;
      v4 := -5;
    } else {
      v7 := a2 + 8;
      v5 := v0 + v7;
      v0 := v8 - 2;
    }
  }
  v7 := v7 + a4;
  v5 := 4;
  v1 := v2 + a2;
  if (v2 < a1) {
    v4 := v1 + v3;
    v6 := 4;
    v5 := -1;
    if (v6 > 10) {
      v8 := 2;
      v9 := a2 - v4 + 6;
      v11 := -8;
    } else {
      v3 := a3 - v2 + 8;
      v9 := a0 + v10;
      v6 := v9 + 2;
    }
  } else {
    v7 := 2 * a3 - a2;
    v9 := a3 + a1;
    v9 := 4;
    if (a2 >= -2) {
      v10 := 2 * a2 - v9;
      v0 := v11 + v9;
      v1 := v6 - v7 + 4;
    } else {
      v7 := 3;
      v6 := 1;
      v5 := v0 - v1 + 3;
    }
  }
  v1 := a4 + 9;
  v11 := 2 * v1 - a3;
  assume v7 != a0 + 8;
  if (v7 > v4) {
    v7 := v5 - 3;
    v4 := v3 + v5;
    v8 := -4;
    if (v11 > -7) {
      v2 := 2 * a2 - v1;
      v1 := v3 + v8;
      v0 := v9 + v5;
    } else {
      v8 := -9;
      r := a2 - 3;
      v2 := v4 + 7;
    }
  } else {
    v0 := v9 + v9;
    v7 := -3;
    v5 := v9 - a0 + 6;
    if (a3 > 0) {
      v8 := v5 + 2;
      v9 := v3 - v7 + 2;
      v8 := 3 * a4 - v7;
    } else {
      v10 := v10 + a3;
      r := v10 - v11 + 0;
      v8 := -8;
    }
  }
  v10 := v8 - v2 + 2;
  r := 2 * v2 - v1;
  r := 2 * a1 - a1;
  if (v0 >= v11) {
    v6 := -2;
    v6 := v9 - a1 + 6;
    v6 := a1 + a0;
    if (v11 > v7) {
      v6 := v6 + v1;
      v4 := v2 + a4;
      v9 := a2 + v9;
    } else {
      v2 := 2 * v4 - a2;
      v4 := 3 * a1 - v4;
      v7 := v3 - 10;
    }
  } else {
    assume a1 <= v11 + 13;
    v7 := v11 + 10;
    v3 := v9 - 1;
    if (v3 >= v9) {
      v6 := a3 + a3;
      r := v7 + 8;
      v9 := 3 * a4 - v8;
    } else {
      v11 := -8;
      v4 := a3 + v11;
      v11 := 2 * a0 - v2;
    }
  }
  v1 := v4 + v0;
  v2 := v8 - 2;
  v5 := v11 + 2;
  if (v7 < -1) {
    r := v8 - a1 + 3;
    v1 := -9;
    v6 := v7 + v1;
    if (a0 > v3) {
      v4 := -9;
      v8 := v1 - 3;
      v0 := v10 + 5;
    } else {
      v11 := v4 - 7;
      v0 := 3 * v8 - v5;
      v1 := 3 * v7 - v7;
    }
  } else {
    v3 := 3 * a2 - v2;
    v3 := 1;
    v3 := 3 * v1 - v9;
    if (v9 > v0) {
      v7 := v5 + v7;
      v7 := v4 - a4 + 0;
      v2 := v4 - 6;
    } else {
      v10 := a4 - 6;
      v1 := -1;
      v5 := v6 + v7;
    }
  }
  v11 := 2 * v10 - v6;
  v1 := 2 * v5 - v8;
  v11 := -8;
}
