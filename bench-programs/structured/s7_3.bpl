// gen-structured.py: 7 diamonds, 14 variables, seed 3
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
  havoc v4, v7, v8;
  v0 := 0;
  v1 := 5;
  v2 := -4;
  v3 := -3;
  v5 := 1;
  v6 := -5;
  v5 := v4 + v4;
  v1 := v5 - v0 + 5;
  v7 := v1 - 7;
  if (v4 < v1) {
    v6 := v5 - v2 + 5;
    v2 := -5;
    v7 := a1 + v7;
    if (a4 < -1) {
      v3 := a3 - 2;
      v1 := 3 * a0 - a0;
      v4 := 2 * v6 - a0;
    } else {
      v3 := a0 + a0;
      v6 := a4 + a1;
      v5 := 6;
    }
  } else {
    v2 := 3 * a0 - v2;
    v0 := v3 + v2;
    v4 := v6 - 8;
    if (a4 < v2) {
      r := -10;
      v0 := v2 - a4 + 4;
      v4 := 2 * v4 - v0;
    } else {
      assume a4 <= v2 + 3;
      v6 := 3 * v3 - v7;
      v1 := a4 + a0;
    }
  }
  v7 := v4 + v1;
  v7 := a4 - v2 + 1;
  v3 := 5;
  if (v5 < v4) {
    v7 := a0 + v2;
    v5 := 3 * v6 - v8;
    v7 := v0 - a3 + 5;
    if (a4 < a0) {
      v3 := 2 * v4 - v7;
      v5 := v2 + a3;
      v7 := v0 + 2;
    } else {
      v5 := v1 + 10;
      v0 := a0 - v1 + 3;
      v5 := 2 * v8 - a0;
    }
  } else {
    r := v4 - 4;
    v4 := 3 * a3 - a4;
    v7 := v7 + 2;
    if (v7 < 10) {
      v1 := v5 + v7;
      r := a4 + a1;
      v4 := v3 + 3;
    } else {
      v3 := -7;
      v0 := 9;
      v3 := a3 + a2;
    }
  }
  v3 := 8;
  r := v5 + v5;
  v3 := a1 - v3 + 6;
  if (v8 > v0) {
    v4 := 2 * a0 - v2;
    v6 := 2 * a4 - a0;
    v8 := 7;
    if (a3 > a0) {
      v5 := v0 + v7;
      v3 := v4 - v1 + 10;
      v3 := v8 - v1 + 0;
    } else {
      v0 := v4 - 1;
      v3 := a3 + v3;
      v0 := -4;
    }
  } else {
    v0 := a0 + 9;
    v6 := 2 * a1 - v7;
    v1 := v2 - 2;
    if (v7 >= a2) {
      v7 := -2;
      v5 := a0 + 8;
      v3 := 3 * a0 - v1;
    } else {
      v7 := a2 + 3;
      r := 2 * a4 - v0;
      v2 := v8 + v8;
    }
  }
  r := -6;
  r := v2 + v5;
  v2 := v5 - 10;
  if (v0 < a0) {
    v6 := v2 - a3 + 3;
    v8 := 3 * a4 - a3;
    v1 := v8 + 5;
    if (a0 >= v5) {
      v5 := v8 + 6;
      v0 := a3 - v6 + 9;
      r := a0 - v4 + 7;
    } else {
      v0 := a3 - 2;
      r := v8 + v5;
      v1 := v5 + v3;
    }
  } else {
    v0 := v5 + 2;
    v8 := a0 + a3;
    v5 := v7 - a3 + 5;
    if (v0 >= v8) {
      v6 := 2 * v3 - v3;
      v0 := a0 - 8;
      v7 := v0 - a2 + 10;
    } else {
      v0 := v5 - a3 + 2;
      v6 := 7;
      v8 := -4;
    }
  }
  v7 := v4 - 3;
  v2 := v8 - 6;
  v5 := v2 - v5 + 7;
  if (a3 > -2) {
    v2 := v1 - v2 + 8;
    assume v6 <= a3 + 18;
    v0 := a2 - a0 + 8;
    if (v1 <= a2) {
      v0 := 9;
      v0 := 2 * a2 - a1;
      v5 := v2 + v5;
    } else {
      v2 := v3 + 0;
      v6 := a4 + a1;
      v3 := -7;
    }
  } else {
    v0 := -1;
    r := v0 + v1;
    v8 := v3 + a3;
    if (v3 > v2) {
      v0 := 2 * v2 - v3;
      v0 := 3 * a3 - v6;
      v5 := a1 - v1 + 9;
    } else {
      v4 := a2 + a3;
      v7 := 6;
      v7 := v0 - 5;
    }
  }
  v4 := a3 + v3;
  r := a3 + 8;
  v6 := 3 * v6 - a3;
  if (v4 < v8) {
    v7 := a0 + 7;
    v8 := 7;
    v4 := v7 + v1;
    if (a3 <= v1) {
      r := 9;
      r := 2 * a1 - a3;
      r := a2 - 4;
    } else {
      v3 := 3 * v4 - v1;
      v1 := a3 + 8;
      v5 := v3 - 10;
    }
  } else {
    r := v3 - v0 + 0;
    r := a3 - a0 + 8;
    v4 := v3 + v0;
    if (v8 == -5) {
      v1 := 2 * v7 - a0;
      v6 := v8 + a4;
      v5 := 1;
    } else {
      v2 := a3 + v7;
      v5 := a4 - a0 + 1;
      v6 := 2 * v1 - v3;
    }
  }
  v3 := v3 + 4;
  v1 := a0 - 5;
  v5 := 3;
  if (v3 <= a3) {
    v3 := 3 * a4 - a3;
    v3 := 2;
    v5 := 3 * v3 - v3;
    if (v1 <= v7) {
      v7 := v5 - v5 + 5;
      v3 := v1 + v8;
      v4 := 3 * v6 - v6;
    } else {
      r := v3 + 3;
      v4 := v5 + v0;
      r := 3 * a4 - v3;
    }
  } else {
    v7 := v1 + 0;
    v6 := a0 - v7 + 0;
    v5 := v7 - 2;
    if (v7 > a0) {
      v1 := v1 - a0 + 10;
      v1 := a1 - v3 + 10;
      r := a4 + 9;
    } else {
      v3 := 2 * v1 - v2;
      v8 := v2 - a2 + 9;
      v3 := -2;
    }
  }
  v2 := v1 - v3 + 6;
  assume v0 >= a2 + 11;
  v2 := a0 + v6;
}
