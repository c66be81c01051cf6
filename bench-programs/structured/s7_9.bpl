// gen-structured.py: 7 diamonds, 15 variables, seed 9
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
  havoc v8;
  v0 := 3;
  v1 := 3;
  v2 := -2;
  v3 := 1;
  v4 := -3;
  v5 := -3;
  v6 := -2;
  v7 := 1;
  v9 := 2;
  v3 := v5 - 9;
  v7 := 3 * v4 - a2;
  v2 := 2 * a0 - v4;
  if (a1 >= v5) {
    v3 := 3 * v7 - v6;
    v6 := a4 - v4 + 2;
    v4 := -6;
    if (a3 >= v2) {
      r := 2 * a3 - v0;
      v8 := 3 * v0 - v2;
      v0 := v8 + v5;
    } else {
      v9 := v0 + v5;
      v9 := 2 * v1 - v8;
      v4 := a1 - 7;
    }
  } else {
    v8 := v2 - a3 + 1;
    v9 := v8 + 6;
    v3 := 2 * v0 - v8;
    if (v8 < v1) {
      v5 := -6;
      v6 := v2 + 9;
      v5 := -1;
    } else {
      v8 := v2 + v9;
      v4 := 3 * v0 - v0;
      assume a1 >= v1 + 10;
    }
  }
  v9 := 10;
  v5 := 5;
  v8 := 3 * v8 - a0;
  if (v0 > a4) {
    r := 1;
    v4 := v1 + v2;
    v0 := 2 * a2 - v5;
    if (v7 > 6) {
      v8 := v2 - v4 + 2;
      v0 := 2 * v2 - v1;
      v8 := -3;
    } else {
      v2 := 3 * a0 - v0;
      v3 := a2 + v3;
      v5 := v4 + 4;
    }
  } else {
    v5 := 3 * v8 - v5;
    v1 := v7 - v7 + 2;
    v7 := 3 * a3 - a0;
    if (v6 > -8) {
      v5 := v5 + 8;
      v2 := v1 + 8;
      v5 := v1 + a4;
    } else {
      v0 := 2 * v3 - a0;
      v9 := v1 - 7;
      v6 := a0 + 10;
    }
  }
  v9 := v5 + v5;
  v5 := 2;
  v4 := 3 * v6 - v6;
  if (v8 > v9) {
    v3 := 2 * v4 - a4;
    v2 := 2 * v6 - a3;
    r := v5 - a3 + 2;
    if (v4 < 2) {
      v8 := v1 - a4 + 10;
      v1 := 3 * v3 - v7;
      v9 := a2 - v9 + 4;
    } else {
      v2 := v7 - v3 + 6;
      r := a3 - v2 + 7;
      r := v3 - 9;
    }
  } else {
    v3 := v5 - a1 + 0;
    v9 := v1 - 2;
    v3 := 10;
    if (a1 == 5) {
      v3 := 9;
      v0 := 2 * v3 - v2;
      v3 := v2 - 10;
    } else {
      v4 := -3;
      v1 := 2 * v7 - v6;
      v4 := a4 + v6;
    }
  }
  v7 := v9 - 5;
  v2 := v7 - 1;
  v5 := a1 + a4;
  if (a3 >= -4) {
    v5 := a1 + v2;
    v6 := v9 + a2;
    v4 := 3 * v3 - a0;
    if (v8 < a3) {
      v1 := v3 - a2 + 4;
      v2 := 3 * v9 - v4;
      v3 := v8 - a3 + 9;
    } else {
      v8 := a4 - a2 + 8;
      v3 := a3 + a1;
      v1 := v5 + a4;
    }
  } else {
    v5 := v6 + a3;
    v0 := 2 * v3 - v0;
    v4 := 0;
    if (a4 <= -2) {
      v3 := a2 + a0;
      v6 := -9;
      v0 := v6 + a3;
    } else {
      v1 := 5;
      v9 := a4 - a2 + 1;
      r := v1 + 0;
    }
  }
  v3 := -7;
  v3 := v3 + v7;
  v4 := v5 + v7;
  if (v6 < -7) {
    v6 := 2 * v5 - v3;
    v5 := 2 * v2 - a3;
    v9 := a2 + v4;
    if (v4 < 9) {
      v4 := 2 * v7 - v8;
      v8 := a3 + a0;
      assume v7 <= v8 + 2;
    } else {
      v8 := v4 - v4 + 10;
      v8 := v0 + a2;
      v0 := v2 - v4 + 10;
    }
  } else {
    assume a0 >= v3 + 18;
    v9 := 2;
    v0 := v8 + v8;
    if (v2 >= v6) {
      v6 := 3 * v9 - v5;
      v2 := v2 + v4;
      v1 := v9 + v7;
    } else {
      v7 := a3 - a4 + 5;
      v4 := 2 * v2 - a3;
      v3 := a2 + v7;
    }
  }
  v5 := 9;
  v9 := a0 - 6;
  r := -8;
  if (v9 > -3) {
    v9 := v0 - v0 + 5;
    v2 := a3 - 4;
    r := -1;
    if (v4 < v1) {
      v8 := 3 * v6 - v3;
      v5 := v5 + v3;
      v4 := -4;
    } else {
      v0 := a3 + v6;
      v9 := a4 - v9 + 9;
      v6 := v3 + v1;
    }
  } else {
    v1 := -4;
    assume a0 != a3 + 19;
    v9 := 10;
    if (a2 <= 1) {
      v4 := v5 + 4;
      v1 := a1 + v8;
      v0 := -2;
    } else {
      v5 := a4 - v0 + 3;
      v1 := v0 + v2;
      v5 := 2 * a4 - a1;
    }
  }
  v6 := v7 + v9;
  assume v2 >= v1 + 6;
  v8 := a0 - 7;
  if (a0 >= a1) {
    v9 := v5 + v8;
    v8 := -10;
    v0 := v6 - 5;
    if (a3 < v8) {
      v1 := 3 * v6 - v0;
      v3 := 0;
      v2 := v8 + 2;
    } else {
      v8 := 8;
      v8 := v9 + 8;
      v5 := -8;
    }
  } else {
    r := 3 * v3 - v2;
    v9 := v7 + v0;
    v4 := 2 * v8 - a4;
    if (v2 > v0) {
      v2 := v6 - v1 + 1;
      v7 := a3 - v3 + 9;
      v1 := 2 * v4 - v3;
    } else {
      v1 := 3 * a2 - v2;
      v4 := v1 - a0 + 4;
      v4 := v7 + 3;
    }
  }
  v2 := v4 - 9;
  v6 := -8;
  v7 := v8 - a1 + 10;
}
