// gen-structured.py: 9 diamonds, 16 variables, seed 0
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
  havoc v6;
  v0 := 1;
  v1 := -4;
  v2 := 4;
  v3 := 2;
  v4 := 2;
  v5 := 1;
  v7 := -1;
  v8 := 1;
  v9 := 5;
  v0 := v5 + a0;
  v1 := 3 * v6 - v8;
  v6 := 2 * v1 - a5;
  if (a2 < v3) {
    v6 := a2 + v1;
    r := 2 * v5 - v9;
    v6 := v6 - v7 + 4;
    if (a3 < v4) {
      v8 := a3 - a2 + 0;
      v5 := 8;
      v2 := 2 * a0 - a2;
    } else {
      v4 := 2 * v6 - v8;
      v9 := v8 + v0;
      r := 2 * a2 - v5;
    }
  } else {
    v2 := a3 + v0;
    v7 := 3 * a1 - v5;
    v6 := a5 + v4;
    if (v3 < 2) {
      v7 := v4 - a0 + 3;
      v2 := v3 - v3 + 5;
      v5 := 10;
    } else {
      v4 := v4 + v4;
      v5 := 8;
      v3 := 3 * a1 - a5;
    }
  }
  r := -9;
  v8 := -5;
  r := v4 + 2;
  if (v4 >= v9) {
    v5 := v8 + 7;
    v0 := a2 - a0 + 6;
    v5 := a3 + v2;
    if (v5 <= -4) {
      v9 := v1 - v2 + 5;
      assume v1 != v8 + 2;
      v5 := 2 * v2 - a3;
    } else {
      v2 := v5 - v8 + 1;
      v6 := v7 + 4;
      v5 := a4 - v1 + 4;
    }
  } else {
    v1 := v8 + a0;
    assume a4 != v8 + 20;
    assume v9 <= v0 + 9;
    if (a4 <= v5) {
      v3 := v7 + v7;
      v3 := v2 + a2;
      v4 := -1;
    } else {
      v8 := v7 - v9 + 2;
      r := -5;
      v5 := v9 - v9 + 10;
    }
  }
  r := a3 + a0;
  v9 := 3 * v5 - a0;
  v7 := a3 + v7;
  if (v0 > v4) {
    v2 := 2 * v8 - v4;
    v8 := 2 * v3 - a5;
    r := a1 - v4 + 5;
    if (v4 > -6) {
      v1 := -3;
      r := v3 - a5 + 5;
      v8 := 2 * a3 - v6;
    } else {
      v1 := v4 - 5;
      v4 := -3;
      v7 := a1 + a4;
    }
  } else {
    v3 := v2 + a0;
    v8 := v5 - 8;
    r := v4 - a5 + 2;
    if (v9 <= v2) {
      v4 := a5 - v6 + 3;
      assume v6 != v4 + 1;
      v7 := a3 + 7;
    } else {
      v1 := v3 + 9;
      v5 := v1 + 3;
      v9 := a5 - v6 + 5;
    }
  }
  v1 := v9 + v0;
  v3 := 10;
  r := a1 + v0;
  if (v6 > v7) {
    v4 := a1 + a0;
    v4 := 3 * v0 - v9;
    v8 := -5;
    if (v5 > a4) {
      v5 := a1 + a1;
      v4 := 3 * a4 - a1;
      v5 := v6 - v4 + 7;
    } else {
      v7 := v1 + 1;
      v6 := 2 * a5 - v2;
      v2 := v6 - v7 + 4;
    }
  } else {
    r := a2 - 5;
    assume a2 >= v3 + 3;
    v2 := v5 - v2 + 6;
    if (a5 == -10) {
      v9 := 4;
      v3 := v3 - v9 + 6;
      v0 := v2 - 9;
    } else {
      v1 := a2 + v5;
      v9 := -7;
      v5 := a3 + v0;
    }
  }
  v8 := a2 + a4;
  v0 := v1 + v9;
  v1 := 3 * v3 - v5;
  if (v3 > v8) {
    v9 := -8;
    v8 := -1;
    assume v6 >= a5 + 12;
    if (v8 < 8) {
      v6 := v6 + 4;
      v1 := v8 - v5 + 8;
      v1 := a0 - v2 + 10;
    } else {
      v8 := v3 - v4 + 10;
      v0 := 3 * v3 - v4;
      v0 := 1;
    }
  } else {
    v6 := v0 - v0 + 7;
    v6 := v0 + a3;
    v8 := v4 + a4;
    if (v3 > 3) {
      v1 := v5 + v2;
      v8 := v0 - 9;
      v2 := a5 - v8 + 4;
    } else {
      assume a0 >= v1 + 3;
      v4 := v4 + v3;
      v0 := -5;
    }
  }
  v1 := 4;
  v9 := -2;
  v5 := 2;
  if (v3 <= -9) {
    v7 := 6;
    v1 := 3 * a5 - v8;
    v1 := a5 + v9;
    if (a3 < v4) {
      v9 := v6 - v0 + 1;
      v3 := v7 + a5;
      v3 := v9 - a2 + 8;
    } else {
      v3 := 3 * a1 - v6;
      v6 := 3 * a1 - v2;
      v4 := a2 - v7 + 5;
    }
  } else {
    v9 := -7;
    v7 := 2 * v0 - v4;
    v2 := v8 + a3;
    if (a3 < a1) {
      v2 := 1;
      r := 9;
      v7 := -4;
    } else {
      v6 := v3 + a4;
      v8 := v8 - v0 + 3;
      v3 := v3 - v8 + 0;
    }
  }
  v5 := v2 - a2 + 10;
  v5 := a4 - v7 + 6;
  v8 := v6 + a5;
  if (a3 < v6) {
    v9 := -4;
    v2 := 2 * v1 - v5;
    v3 := v9 - a3 + 7;
    if (v5 <= 2) {
      v9 := v5 + a0;
      v4 := a2 + a2;
      v9 := 3 * v8 - a3;
    } else {
      v3 := v0 - v6 + 4;
      v0 := v2 + v0;
      v1 := a5 + v9;
    }
  } else {
    v5 := 5;
    v6 := a3 + a5;
    v5 := 3 * a4 - v0;
    if (v5 < v1) {
      v7 := a4 + a0;
      v8 := v3 - 5;
      v4 := 3 * v7 - v3;
    } else {
      v4 := a5 + v1;
      v8 := v2 + 7;
      v9 := 2 * a0 - a5;
    }
  }
  v6 := v2 - 10;
  v7 := v2 + v0;
  v7 := v2 + a4;
  if (v9 >= v5) {
    v1 := a0 + 4;
    r := a4 + v0;
    v6 := v9 + v2;
    if (a3 == -1) {
      v2 := a2 - 8;
      v3 := 3 * a3 - a3;
      v2 := 2 * a0 - a5;
    } else {
      v2 := 2 * a1 - v3;
      v4 := a0 - 7;
      v3 := 3 * v9 - v7;
    }
  } else {
    v8 := v9 + 9;
    v1 := v4 + 4;
    v7 := -4;
    if (a1 > 8) {
      v3 := v2 - v7 + 1;
      v8 := v2 + v2;
      v6 := 2 * v5 - a1;
    } else {
      v7 := a1 - 7;
      v3 := 10;
      v1 := v9 + 5;
    }
  }
  v6 := a0 - a5 + 3;
  v4 := a1 - a4 + 4;
  v6 := -10;
  if (v9 > 7) {
    r := 3 * a2 - v5;
    v9 := 6;
    v1 := v3 + 2;
    if (a5 >= v6) {
      v1 := 0;
      v3 := 2 * a1 - v6;
      v7 := v5 - 5;
    } else {
      v7 := a2 + a0;
      v6 := -4;
      assume v3 >= v2 + 14;
    }
  } else {
    v9 := a1 - 8;
    v1 := v8 + v2;
    assume a1 <= a4 + 19;
    if (v2 == 5) {
      v1 := 0;
      v4 := v4 + 6;
      v5 := v3 - v1 + 4;
    } else {
      r := a5 - v1 + 5;
      v6 := v3 - 8;
      v9 := a4 + a0;
    }
  }
  v4 := v5 - 5;
  v0 := v7 + a4;
  v1 := a2 + v9;
}
