// gen-structured.py: 7 diamonds, 18 variables, seed 2
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
  havoc v4, v6, v7, v8;
  v0 := -1;
  v1 := 2;
  v2 := 3;
  v3 := 1;
  v5 := 1;
  v9 := 3;
  v10 := 3;
  v11 := 0;
  v7 := v3 + 9;
  v7 := -7;
  v2 := a3 + 10;
  if (v0 < 9) {
    v7 := 2 * v11 - v2;
    v0 := a2 - v6 + 8;
    v8 := -6;
    if (v8 == -1) {
      v6 := 2 * v5 - a1;
      v7 := 10;
      v6 := v3 + 4;
    } else {
      v2 := a5 - v3 + 10;
      v2 := a5 + a2;
      v4 := v9 - 6;
    }
  } else {
    v0 := 2 * a4 - v10;
    v7 := 2 * a4 - a1;
    v7 := -8;
    if (v5 >= 4) {
      v3 := v4 - v9 + 1;
      v4 := 2 * a4 - a2;
      v10 := a4 + 1;
    } else {
      v5 := 3 * v0 - v1;
      v7 := a5 - a2 + 5;
      assume v6 >= v2 + 0;
    }
  }
  v7 := a1 + v7;
  v5 := a0 + v5;
  r := v5 - 5;
  if (v9 < a2) {
    v0 := a5 - a1 + 7;
    v1 := v7 - 4;
    v10 := v5 + a3;
    if (a1 < v7) {
      v5 := a0 + a1;
      v6 := -3;
      v3 := v0 - v4 + 4;
    } else {
      v4 := v7 - 4;
      v1 := v4 + 7;
      v3 := 4;
    }
  } else {
    assume v0 <= v9 + 12;
    r := v0 + a4;
    v0 := 3 * v5 - a2;
    if (v0 < v5) {
      v0 := v11 - v1 + 1;
      v11 := 1;
      v0 := 2 * v6 - a1;
    } else {
      v8 := 3 * v1 - v0;
      v4 := -10;
      v5 := v0 + v0;
    }
  }
  r := v7 + 5;
  v3 := 4;
  v7 := 2 * a0 - v1;
  if (v4 >= a3) {
    v4 := -4;
    v9 := 2 * v1 - v9;
    v8 := a1 - v11 + 8;
    if (v2 <= a1) {
      v5 := a3 - a1 + 6;
      v7 := 2 * v7 - a4;
      v11 := v10 - 3;
    } else {
      v11 := 2 * a1 - v10;
      v4 := 2 * a3 - v3;
      v11 := 3 * v1 - a5;
    }
  } else {
    v0 := 3 * v5 - v7;
    v8 := v1 - 10;
    v5 := -7;
    if (a1 < 0) {
      v5 := 2 * v7 - v0;
      r := v10 + v9;
      v3 := v0 - 2;
    } else {
      v0 := v2 + v11;
      v0 := v9 - v3 + 9;
      v1 := 3;
    }
  }
  v4 := 3;
  assume v4 <= a4 + 11;
  v1 := 2 * v5 - v5;
  if (v8 >= 3) {
    v5 := v3 - 4;
    v2 := 2 * a4 - a0;
    v0 := v7 + v6;
    if (v0 <= a1) {
      r := 3 * v2 - v4;
      v1 := v3 - 9;
      v11 := a0 - v2 + 6;
    } else {
      v5 := v7 + 7;
      v4 := a3 - a0 + 7;
      v8 := v11 + v3;
    }
  } else {
    r := v11 + v7;
    v0 := a5 - v2 + 10;
    v2 := v11 - v9 + 4;
    if (a0 <= -4) {
      v0 := v1 + v3;
      v11 := a2 + v8;
      r := v11 - v0 + 3;
    } else {
      v2 := v9 + v1;
      v7 := a3 - 8;
      v0 := 1;
    }
  }
  v2 := 3 * a4 - a4;
  v4 := v2 - v5 + 7;
  v4 := 2 * v10 - v10;
  if (v8 < a3) {
    v1 := 8;
    v10 := 2 * v0 - v10;
    v1 := v7 + v5;
    if (v10 > v1) {
      v6 := 3 * v0 - a0;
      v5 := 3 * v0 - v8;
      v9 := -3;
    } else {
      v3 := a5 - 1;
      v9 := v10 + v7;
      r := a1 - v8 + 7;
    }
  } else {
    v3 := 3 * v3 - a1;
    v3 := 2 * v11 - a5;
    assume v5 != v8 + 9;
    if (v7 <= -6) {
      v6 := v5 + v8;
      v10 := 8;
      v6 := 2 * v11 - a5;
    } else {
      v0 := 0;
      v3 := v9 - a0 + 0;
      v11 := 9;
    }
  }
  v10 := v5 - a2 + 9;
  v4 := v0 + v9;
  v6 := -10;
  if (v1 == -4) {
    assume v1 >= v5 + 12;
    v0 := v9 + v1;
    v9 := a0 - v11 + 2;
    if (v2 > v11) {
      v7 := v1 + 5;
      v3 := v10 + v10;
      r := v11 - v3 + 8;
    } else {
      v10 := a3 - v4 + 5;
      v3 := v8 + 4;
      v7 := a4 + 3;
    }
  } else {
    v3 := v7 - v5 + 7;
    v11 := v6 - v1 + 1;
    v1 := v4 - a4 + 5;
    if (a2 > a0) {
      v0 := 4;
      v9 := v4 + v0;
      v4 := 3 * a3 - a5;
    } else {
      v6 := -5;
      v2 := 2 * v5 - v4;
      v6 := a2 + v11;
    }
  }
  v11 := a4 - 5;
  v0 := 10;
  v8 := v8 + 3;
  if (v5 <= v9) {
    v10 := -5;
    r := v6 - 3;
    v8 := v6 + 6;
    if (v10 <= 7) {
      v6 := v4 + v2;
      v4 := v9 - a5 + 10;
      v4 := 2 * a1 - v7;
    } else {
      v8 := v2 + v11;
      v8 := v2 + a2;
      r := 3;
    }
  } else {
    v1 := a2 + v7;
    v8 := v9 + v10;
    v10 := v8 + v7;
    if (v9 >= -5) {
      v8 := v0 - 2;
      v8 := v7 - 7;
      v3 := v4 + v10;
    } else {
      r := -4;
      r := 3 * v9 - v3;
      v7 := v2 - v6 + 10;
    }
  }
  v9 := v5 - v3 + 8;
  v0 := v8 + a1;
  v8 := v3 - a2 + 5;
}
