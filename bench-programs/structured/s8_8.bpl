// gen-structured.py: 8 diamonds, 18 variables, seed 8
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
  havoc v9;
  v0 := 1;
  v1 := -1;
  v2 := -3;
  v3 := 3;
  v4 := -5;
  v5 := 1;
  v6 := -1;
  v7 := 5;
  v8 := 5;
  v10 := -2;
  v11 := -3;
  v6 := v8 + v7;
  v8 := 1;
  v2 := 3 * v5 - a5;
  if (a5 > 6) {
    v5 := a0 - v9 + 10;
    v9 := -4;
    v2 := 2 * v0 - v1;
    if (v7 >= a1) {
      v6 := 2 * v11 - v10;
      v11 := 2 * a4 - a2;
      assume v5 <= v8 + 12;
    } else {
      v5 := v10 - a1 + 7;
      v1 := a1 + a1;
      v4 := -9;
    }
  } else {
    v5 := v4 + v5;
    v7 := 1;
    v7 := v4 + v8;
    if (v10 == -10) {
      v1 := a1 + a2;
      v3 := 3 * a0 - v4;
      v7 := 3;
    } else {
      v0 := 2 * a3 - v7;
      v8 := v6 + 6;
      r := 3;
    }
  }
  v2 := v11 - a3 + 8;
  v5 := -4;
  r := v9 + v6;
  if (v10 > v4) {
    v9 := 2 * a4 - v5;
    v10 := v8 - v5 + 6;
    v10 := v10 - a1 + 9;
    if (v10 <= 10) {
      v0 := a5 - 7;
      v3 := a1 - v1 + 8;
      v11 := -9;
    } else {
      v3 := 2 * a1 - a3;
      v1 := 5;
      v11 := v8 + v3;
    }
  } else {
    r := v8 + v7;
    v5 := v3 + 2;
    v11 := v8 + a1;
    if (v11 > v7) {
      v0 := v3 + v8;
      v6 := 3;
      v4 := 4;
    } else {
      v0 := v11 + v6;
      v5 := v11 + 8;
      v8 := v4 - v1 + 7;
    }
  }
  v2 := 3 * v0 - v3;
  v7 := a2 + v8;
  v5 := a2 - a4 + 7;
  if (a5 > v11) {
    assume v6 <= a4 + 12;
    v4 := v6 + v6;
    v7 := a0 - 3;
    if (v2 < 10) {
      r := a3 - v9 + 1;
      v5 := 3 * a4 - v2;
      r := -10;
    } else {
      v11 := 10;
      v5 := v2 + 8;
      v9 := v5 + v3;
    }
  } else {
    v10 := 3 * a0 - v3;
    v7 := v6 - v9 + 9;
    v2 := v2 - 10;
    if (v3 >= 1) {
      assume v2 <= a5 + 16;
      v10 := 7;
      v0 := v9 - v2 + 5;
    } else {
      assume v9 != v1 + 3;
      v9 := v2 + v4;
      v11 := v7 + v7;
    }
  }
  v1 := -2;
  r := 3 * v5 - a0;
  v7 := v6 + a4;
  if (v1 < -9) {
    v11 := 8;
    v4 := -4;
    v2 := 3 * v0 - v10;
    if (v7 >= v5) {
      v0 := v6 - v5 + 3;
      v7 := 9;
      v5 := v4 + v6;
    } else {
      v3 := v5 + 0;
      v5 := a1 + v10;
      v1 := 3 * v11 - v5;
    }
  } else {
    v7 := a1 + 2;
    v2 := 5;
    v8 := 0;
    if (v7 > 8) {
      assume a4 <= a3 + 20;
      v5 := v6 - v10 + 1;
      v11 := a2 + a1;
    } else {
      v5 := v11 + v5;
      v2 := a3 + v11;
      v6 := -10;
    }
  }
  v9 := 2 * v1 - v9;
  v1 := v11 - 5;
  v10 := a0 - 1;
  if (v11 < v6) {
    v0 := 7;
    v7 := a2 + a3;
    v7 := -2;
    if (a4 > -8) {
      v11 := 0;
      v4 := v4 + a2;
      v0 := v3 + v8;
    } else {
      v4 := v7 - 9;
      r := v10 + a0;
      r := v11 + a3;
    }
  } else {
    v0 := -6;
    v2 := v5 + 0;
    v2 := v8 + a4;
    if (v10 > a3) {
      v10 := v3 - a1 + 2;
      v11 := v6 - a0 + 5;
      v1 := v3 - v8 + 10;
    } else {
      v5 := v8 - v8 + 8;
      v1 := -9;
      r := a5 + a5;
    }
  }
  v9 := a0 + a5;
  v9 := 3 * v10 - v3;
  v11 := 5;
  if (a2 > 10) {
    v6 := 6;
    v1 := 2 * v5 - v1;
    r := v4 - v4 + 1;
    if (v5 > v4) {
      v3 := v7 + v6;
      v6 := v3 - 3;
      r := v0 - 2;
    } else {
      v9 := v5 + a3;
      v4 := a4 + 9;
      v11 := a5 - v4 + 10;
    }
  } else {
    v10 := a2 - v9 + 4;
    v5 := 8;
    v1 := 2 * v6 - v2;
    if (v7 > -6) {
      v3 := 8;
      v2 := v10 - 10;
      r := v10 - 4;
    } else {
      r := v3 - 10;
      v0 := a2 + 3;
      v6 := 3 * a2 - v2;
    }
  }
  v5 := v4 + v6;
  v9 := v7 - 8;
  v2 := 6;
  if (a2 >= v7) {
    v2 := 6;
    v3 := v5 + 6;
    v6 := v4 + v1;
    if (v0 > v7) {
      assume v3 >= v4 + 18;
      v2 := -4;
      v7 := 2 * a0 - v8;
    } else {
      v5 := a5 - 4;
      assume a2 != v11 + 0;
      v11 := v3 + v8;
    }
  } else {
    r := 10;
    v8 := 3 * v5 - a1;
    v0 := 9;
    if (v10 <= -10) {
      v7 := v4 - a5 + 2;
      v1 := v5 - 3;
      v4 := v1 - a0 + 9;
    } else {
      v11 := a2 - a3 + 6;
      v11 := a1 - v6 + 9;
      v2 := a5 + v2;
    }
  }
  assume v3 != v5 + 8;
  v1 := a2 - a0 + 3;
  v9 := 3 * a3 - a2;
  if (a4 > v8) {
    v4 := 4;
    v2 := v3 - v0 + 2;
    v0 := -10;
    if (a5 < -1) {
      v1 := v0 + v2;
      v10 := -3;
      v4 := 2 * a5 - v3;
    } else {
      v7 := a5 - 5;
      v4 := v1 - a0 + 9;
      v7 := v7 + 3;
    }
  } else {
    assume v6 != a4 + 14;
    v10 := 3 * a4 - v1;
    v11 := 1;
    if (v2 <= 8) {
      v11 := a5 + v0;
      v4 := a5 + v2;
      v5 := v7 + 3;
    } else {
      v5 := 3 * v6 - v2;
      v9 := a2 + a2;
      v2 := v6 + v7;
    }
  }
  v6 := 3 * v1 - a1;
  v4 := v11 + a2;
  v4 := v8 - v5 + 5;
}
