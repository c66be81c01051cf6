// gen-structured.py: 8 diamonds, 14 variables, seed 0
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
  havoc v0, v6, v8;
  v1 := -4;
  v2 := -3;
  v3 := -2;
  v4 := 0;
  v5 := -4;
  v7 := 1;
  r := 3 * a2 - v4;
  v7 := 1;
  v4 := v3 + 2;
  if (a4 <= -6) {
    v4 := 7;
    v1 := v3 - v6 + 3;
    v5 := a0 + v2;
    if (v0 < v1) {
      v1 := -7;
      v4 := v1 + a2;
      v3 := 3 * a3 - a0;
    } else {
      v3 := -8;
      v8 := 3 * v0 - v5;
      assume v3 >= v7 + 20;
    }
  } else {
    assume v1 >= v5 + 13;
    v1 := v7 + a4;
    v2 := v8 + a1;
    if (v7 < 2) {
      v1 := v3 + 5;
      v2 := -4;
      v0 := a4 - a1 + 10;
    } else {
      v1 := a2 - 3;
      v1 := v2 - a3 + 2;
      v6 := v2 - 7;
    }
  }
  v4 := a1 - 6;
  v4 := 10;
  v1 := -5;
  if (v7 <= v6) {
    v5 := v6 + 5;
    v7 := 2 * v2 - v6;
    v1 := 3 * a0 - a2;
    if (v1 > -5) {
      v6 := -5;
      v1 := 5;
      v0 := v3 + 3;
    } else {
      v8 := a3 + v8;
      v6 := v6 - v0 + 5;
      v7 := 3;
    }
  } else {
    v6 := a3 - 1;
    v2 := v7 - v4 + 6;
    v1 := 1;
    if (v7 < -6) {
      v3 := v4 + v2;
      v2 := 2 * v7 - v7;
      v6 := a3 + v8;
    } else {
      assume v8 != a3 + 10;
      v8 := v2 - 5;
      v0 := v1 - 5;
    }
  }
  v5 := v7 - a2 + 8;
  v0 := v2 - v5 + 4;
  v2 := a3 - a2 + 1;
  if (v2 > -4) {
    v2 := v6 + a1;
    r := 10;
    v2 := v1 - v2 + 4;
    if (v4 <= a1) {
      v8 := a0 - 9;
      v2 := -8;
      v1 := a2 - 3;
    } else {
      v5 := -3;
      v2 := v7 - v0 + 1;
      v0 := a0 + v5;
    }
  } else {
    v8 := -7;
    v6 := 3 * a1 - v5;
    v5 := a3 + a4;
    if (v3 > 1) {
      v1 := 3 * v7 - v3;
      v5 := v2 + v1;
      v1 := v4 - 2;
    } else {
      r := 6;
      v1 := -9;
      v3 := v6 - v6 + 8;
    }
  }
  v0 := v0 + v1;
  v2 := v0 - 3;
  v4 := -5;
  if (v4 <= a1) {
    v0 := 3;
    v8 := -4;
    v3 := 2 * v8 - v3;
    if (v6 < v3) {
      v5 := 6;
      v3 := 10;
      v5 := a3 - v4 + 2;
    } else {
      v3 := 6;
      v6 := a2 + 10;
      v1 := 2 * v0 - v1;
    }
  } else {
    v6 := 8;
    v1 := 2 * v2 - a1;
    v0 := a1 - v6 + 2;
    if (v7 >= 3) {
      v5 := v8 - a1 + 9;
      v5 := v4 + 0;
      v0 := a2 + v2;
    } else {
      v4 := 2 * a2 - v7;
      v8 := v0 + 1;
      v2 := a3 - 6;
    }
  }
  v1 := 3 * a2 - v3;
  v7 := 8;
  v8 := v8 - a0 + 9;
  if (a2 > 9) {
    v0 := 2 * v1 - a1;
    v7 := v4 - a0 + 6;
    v5 := 2 * a0 - a4;
    if (v1 < a1) {
      v0 := a3 + v2;
      r := a0 - 6;
      v1 := 3 * a0 - a1;
    } else {
      v0 := a2 - v1 + 4;
      v1 := v8 - a2 + 1;
      v1 := v2 + 10;
    }
  } else {
    v3 := v4 - 3;
    v4 := v4 + v3;
    r := v1 - a4 + 9;
    if (v6 > 1) {
      v3 := v2 + v2;
      v4 := 7;
      v6 := 2 * a4 - a3;
    } else {
      v6 := v3 + 6;
      v3 := 2 * a1 - v4;
      v7 := v4 - 4;
    }
  }
  v2 := a3 - 3;
  v4 := a2 - 9;
  v6 := v6 - v3 + 0;
  if (a3 > a4) {
    v8 := 3 * a0 - v7;
    r := v0 + a0;
    v6 := a3 - v5 + 6;
    if (v8 < -2) {
      v5 := v6 + v6;
      v0 := v7 - v8 + 1;
      r := v7 - 5;
    } else {
      v3 := 4;
      v8 := 3 * a3 - a0;
      v2 := v8 - v3 + 8;
    }
  } else {
    v6 := v8 - a3 + 1;
    v1 := 3 * a4 - v1;
    v7 := a4 - v4 + 7;
    if (a3 <= -1) {
      v5 := 3 * v7 - v4;
      v6 := 3 * a4 - a3;
      v1 := -7;
    } else {
      v7 := 3 * v2 - v3;
      v4 := a3 + 4;
      v7 := 3 * v3 - a4;
    }
  }
  assume v5 <= v0 + 14;
  v8 := a0 + a4;
  v5 := 5;
  if (v0 <= -10) {
    v5 := a4 + 7;
    v3 := v1 + 3;
    v6 := 3 * a3 - v8;
    if (v6 < v8) {
      v3 := 6;
      v6 := 2 * a3 - v6;
      v3 := a0 - 4;
    } else {
      r := -8;
      r := 2 * a0 - v7;
      v2 := -1;
    }
  } else {
    v0 := v1 + v0;
    v7 := v3 - v1 + 0;
    r := a4 + v0;
    if (v3 <= 9) {
      v4 := v7 + v8;
      v0 := a3 - 10;
      v5 := v6 + 9;
    } else {
      v5 := -2;
      r := a1 + v0;
      v0 := a3 - 5;
    }
  }
  r := 3 * a4 - v7;
  v6 := v0 - v3 + 2;
  v5 := v4 - v3 + 1;
  if (v5 > -10) {
    v0 := v6 - v4 + 7;
    v0 := v4 + 3;
    v2 := v4 - 8;
    if (v7 < a1) {
      v3 := 2 * v6 - v3;
      v6 := a4 - v2 + 6;
      v5 := 0;
    } else {
      v7 := v3 + 3;
      r := 3 * a2 - v1;
      v7 := v6 + 1;
    }
  } else {
    v4 := v7 - a0 + 5;
    v0 := v3 + v3;
    v7 := v1 - v2 + 6;
    if (a4 <= a3) {
      v5 := v6 - v0 + 6;
      v4 := v2 - 7;
      v3 := v8 - a1 + 3;
    } else {
      v2 := a1 + 9;
      r := 3 * a3 - v3;
      v4 := a2 + 4;
    }
  }
  v1 := v0 + v8;
  v8 := a3 - a2 + 3;
  v2 := v6 - v5 + 10;
}
