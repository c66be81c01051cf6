// gen-structured.py: 8 diamonds, 13 variables, seed 2
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
  havoc v0, v2, v7;
  v1 := -3;
  v3 := 0;
  v4 := 4;
  v5 := 1;
  v6 := -1;
  v8 := 4;
  v7 := -6;
  v7 := a2 + v6;
  v5 := a3 - a2 + 5;
  if (a0 > v2) {
    v7 := 2 * a0 - a2;
    v5 := 3 * v7 - a3;
    v3 := v8 - 4;
    if (a1 > 10) {
      v4 := v4 - 5;
      v1 := a1 - a1 + 6;
      v6 := 7;
    } else {
      v0 := v6 - v1 + 2;
      v8 := a2 - v6 + 7;
      v7 := 3;
    }
  } else {
    v7 := 3 * v3 - a1;
    v6 := 2 * v1 - v3;
    v5 := -4;
    if (v3 < -6) {
      v6 := v5 + v7;
      v0 := 2 * a0 - a1;
      v0 := v7 + v2;
    } else {
      v7 := v7 + a1;
      v7 := 3 * v0 - v2;
      v4 := -1;
    }
  }
  v8 := v8 - 6;
  v3 := a2 + a1;
  v4 := v6 - 7;
  if (v8 <= v4) {
    v2 := 2 * v2 - v7;
    v8 := a0 - 8;
    v0 := v7 + a0;
    if (v6 >= -3) {
      v2 := -2;
      v2 := a2 + 3;
      v1 := v5 - v3 + 8;
    } else {
      v7 := v4 - 8;
      v8 := v3 - v2 + 4;
      v2 := -3;
    }
  } else {
    v2 := 1;
    v4 := 2 * a3 - v7;
    v1 := v3 + 1;
    if (v8 > -4) {
      r := 3 * v3 - v7;
      r := -7;
      r := a2 - v5 + 0;
    } else {
      v3 := v1 + a3;
      v1 := v0 - v5 + 1;
      v4 := v0 + v2;
    }
  }
  v5 := a2 - 4;
  v8 := 2 * a3 - a0;
  v8 := -4;
  if (v7 >= a1) {
    v1 := v6 + v6;
    v7 := a0 - 1;
    r := 3 * v8 - a3;
    if (v0 > v7) {
      v5 := 5;
      v7 := -5;
      v1 := a1 + 8;
    } else {
      v0 := a2 - a1 + 1;
      v5 := v1 + a1;
      v0 := v8 - 3;
    }
  } else {
    v6 := -7;
    v8 := v4 - v5 + 4;
    assume a1 != v4 + 17;
    if (a1 >= 10) {
      r := 6;
      v1 := v7 - v5 + 5;
      v8 := v5 - v5 + 0;
    } else {
      v0 := 1;
      v3 := 10;
      r := 2 * a1 - v2;
    }
  }
  v7 := v8 + v2;
  v2 := v8 + a3;
  v6 := 2 * a2 - v2;
  if (a1 < 0) {
    v4 := a3 - a2 + 8;
    v4 := v2 - a2 + 9;
    v7 := a2 + a1;
    if (v2 < a0) {
      v0 := v0 - v7 + 7;
      v7 := v0 + a2;
      v1 := 10;
    } else {
      v3 := v2 + v7;
      v1 := 3 * v1 - v8;
      v2 := 3 * v7 - v7;
    }
  } else {
    v6 := 1;
    v5 := v4 - 10;
    v0 := -2;
    if (a1 > v0) {
      v5 := v1 + a0;
      v3 := v0 - a1 + 1;
      v4 := -9;
    } else {
      v4 := 2;
      r := a3 - v3 + 1;
      v7 := a0 + v8;
    }
  }
  v5 := v5 + v4;
  v4 := a2 - 9;
  r := v7 - v6 + 10;
  if (a1 <= -4) {
    v8 := 2 * a1 - a3;
    v4 := v6 - 2;
    assume a2 >= v0 + 6;
    if (v0 < v7) {
      v7 := 3;
      v1 := 3 * v5 - a2;
      v2 := 5;
    } else {
      v5 := a2 - 1;
      v0 := v7 + v8;
      v1 := a0 - a1 + 0;
    }
  } else {
    v0 := v3 + 6;
    v1 := a0 - v3 + 9;
    v3 := v1 - v0 + 0;
    if (a1 >= -9) {
      v8 := 2 * a3 - v2;
      r := v6 - v1 + 9;
      v8 := 3 * a2 - a1;
    } else {
      v5 := v1 - v8 + 2;
      v2 := v0 + a2;
      v0 := -2;
    }
  }
  v4 := v5 - v3 + 4;
  r := 2 * a0 - v0;
  v6 := v5 - v5 + 3;
  if (v0 <= -1) {
    v3 := a0 + 2;
    v2 := v4 - v0 + 4;
    v2 := v8 - v8 + 0;
    if (v7 < v6) {
      v3 := v1 - a2 + 4;
      v5 := v4 - v6 + 9;
      v3 := a0 - v6 + 2;
    } else {
      v2 := 3 * v4 - v1;
      v3 := 3 * v3 - a2;
      v5 := 0;
    }
  } else {
    v8 := v5 - v3 + 8;
    v0 := 2 * a3 - v8;
    r := 2 * v3 - v4;
    if (a3 > 2) {
      r := a1 - v6 + 8;
      assume v4 != a0 + 20;
      v7 := v0 - v0 + 5;
    } else {
      v3 := 10;
      assume v3 >= v7 + 18;
      v8 := 2 * v0 - v3;
    }
  }
  v2 := v6 - 1;
  v3 := v3 + v4;
  v8 := -5;
  if (v8 > -6) {
    v3 := 3 * v3 - v0;
    v6 := a2 - v3 + 1;
    v5 := v8 + v8;
    if (v0 < v8) {
      v5 := v1 - v1 + 4;
      v3 := a3 - a1 + 5;
      v1 := v8 + v2;
    } else {
      v8 := v0 + a1;
      v2 := v4 + a0;
      v5 := a2 + 4;
    }
  } else {
    v2 := v2 + v5;
    v0 := a2 + 4;
    r := v3 + a3;
    if (v0 <= -5) {
      v8 := v7 + v8;
      v3 := a0 - 6;
      v0 := v3 + a2;
    } else {
      assume v4 != v8 + 17;
      r := 3 * v3 - v2;
      v7 := 3 * v1 - v3;
    }
  }
  r := a0 + 9;
  v2 := 7;
  v3 := v6 - 6;
  if (v4 > v5) {
    v7 := -2;
    v6 := 3 * a1 - v5;
    v3 := -4;
    if (a3 < v5) {
      assume v2 >= a1 + 13;
      r := 1;
      v0 := a2 + v8;
    } else {
      v7 := 0;
      v4 := v8 - v1 + 10;
      r := v4 + v8;
    }
  } else {
    r := v4 - v6 + 10;
    assume v0 >= v6 + 9;
    v4 := a0 + 2;
    if (a3 < v3) {
      v0 := 3 * a3 - a1;
      v5 := 6;
      v5 := a1 - a2 + 5;
    } else {
      v6 := a2 + v1;
      v1 := 2 * v4 - a3;
      v2 := v8 + 7;
    }
  }
  v3 := v1 - 5;
  v7 := a0 + a3;
  r := 3 * v7 - v1;
}
