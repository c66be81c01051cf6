// gen-structured.py: 9 diamonds, 12 variables, seed 9
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
  havoc v8;
  v0 := 4;
  v1 := 4;
  v2 := 5;
  v3 := 1;
  v4 := 4;
  v5 := -2;
  v6 := -3;
  v7 := -3;
  v1 := 6;
  v0 := 3 * v2 - v3;
  v6 := 3 * a2 - v2;
  if (v2 <= 4) {
    v7 := a1 + v5;
    v5 := v6 + a2;
    r := v1 - v3 + 6;
    if (a0 > v5) {
      v4 := v4 - 7;
      v1 := -9;
      v2 := v6 - v0 + 7;
    } else {
      v5 := 2 * v0 - a1;
      v1 := -5;
      v7 := 3 * v8 - a2;
    }
  } else {
    r := 2 * a2 - a0;
    r := v5 + v3;
    v4 := 0;
    if (a1 > v7) {
      v5 := -1;
      r := v5 - v1 + 1;
      v0 := v5 - v7 + 1;
    } else {
      r := v2 + v3;
      v1 := 2;
      v0 := v6 + 7;
    }
  }
  v1 := -7;
  v4 := -6;
  v4 := v6 + 2;
  if (v0 > v7) {
    v6 := a2 + 0;
    v6 := v6 + v8;
    v5 := v3 + 4;
    if (v4 < v5) {
      v5 := a0 + v6;
      v4 := -8;
      v7 := a1 - v5 + 2;
    } else {
      v0 := 6;
      v0 := 2;
      v0 := v2 + v1;
    }
  } else {
    v5 := v5 - 8;
    v2 := v2 - 5;
    v2 := -4;
    if (a1 > -2) {
      v5 := v1 + 9;
      v8 := -3;
      v1 := -7;
    } else {
      v7 := 2 * v2 - v1;
      v4 := a2 + 0;
      v8 := v3 + v3;
    }
  }
  v6 := 2;
  v7 := 2;
  v2 := -10;
  if (v3 >= v1) {
    v7 := v8 + a1;
    v8 := a2 - a0 + 10;
    v7 := v0 + v3;
    if (a0 <= -1) {
      v7 := v6 - v2 + 9;
      v4 := 3 * a1 - v1;
      v7 := 3 * v0 - a2;
    } else {
      v8 := 2 * v4 - v0;
      v5 := -6;
      v0 := v2 + 5;
    }
  } else {
    v0 := a2 - v5 + 10;
    v0 := v3 - v4 + 7;
    v6 := v8 + a0;
    if (a1 > 10) {
      v5 := 3 * v1 - v2;
      v6 := a0 + 1;
      v6 := v6 + 8;
    } else {
      v2 := a1 - 7;
      v4 := v8 - v8 + 8;
      v4 := 3 * a0 - v6;
    }
  }
  v6 := v3 - v5 + 1;
  v5 := a0 + v0;
  r := 10;
  if (v6 <= 7) {
    v5 := 3 * v6 - v4;
    v7 := v8 - v0 + 7;
    r := v0 + 1;
    if (v3 >= v6) {
      v3 := a2 + 8;
      v5 := a1 + v7;
      r := 2 * v5 - v5;
    } else {
      v6 := v4 - 10;
      v7 := v3 + v8;
      v4 := v7 + v4;
    }
  } else {
    v2 := v4 - v8 + 4;
    v4 := v1 - a1 + 6;
    v2 := 3 * v1 - v3;
    if (v8 > 2) {
      v1 := 3;
      r := a0 + a1;
      v4 := 2 * v4 - v3;
    } else {
      v4 := v8 - a0 + 2;
      v5 := 5;
      v3 := v5 - a2 + 4;
    }
  }
  v4 := v1 - v5 + 8;
  v5 := 3 * v2 - v0;
  v2 := v7 + v0;
  if (v4 > -1) {
    v4 := v4 + a0;
    v3 := v7 - v8 + 1;
    v7 := a0 + 4;
    if (a2 == -6) {
      v8 := 3 * v3 - v7;
      v3 := v8 - 3;
      v5 := v2 + v2;
    } else {
      v2 := 3 * a0 - v0;
      v0 := -2;
      v6 := -9;
    }
  } else {
    v8 := a0 - 6;
    v0 := 3;
    v0 := v7 - 10;
    if (v6 <= a2) {
      v2 := v4 - v5 + 8;
      v8 := v2 - 5;
      v3 := a0 - 5;
    } else {
      v3 := 8;
      v2 := v7 - a0 + 5;
      v3 := v8 + v4;
    }
  }
  v5 := v4 + v6;
  v6 := v3 - a1 + 5;
  v0 := 2 * v5 - a2;
  if (v8 < -5) {
    v2 := -6;
    r := 3 * v5 - a1;
    v7 := v0 + a1;
    if (a1 > v3) {
      v5 := 3 * v5 - v5;
      v8 := v2 + a2;
      v3 := v3 - 7;
    } else {
      v2 := a2 + v6;
      v7 := v8 - v3 + 5;
      v8 := 3 * a2 - v8;
    }
  } else {
    v0 := v6 + 3;
    v6 := v2 + 5;
    v3 := 2 * v1 - v1;
    if (v2 == -9) {
      v6 := v2 - v6 + 2;
      v0 := 2 * a0 - v1;
      v1 := a0 + v7;
    } else {
      v3 := 10;
      assume a2 != v8 + 13;
      v7 := 2;
    }
  }
  v0 := v7 + v4;
  v4 := v3 + a1;
  v2 := a0 + v1;
  if (v7 < -3) {
    v4 := 3 * v8 - a2;
    r := v4 + 3;
    v7 := 3 * a0 - v0;
    if (v8 > a2) {
      v6 := v8 - 6;
      v0 := a1 + v5;
      v2 := v8 + v1;
    } else {
      v1 := 2 * v8 - a1;
      v0 := a1 - 7;
      v2 := v3 + a0;
    }
  } else {
    v7 := 1;
    v5 := v5 + v6;
    v8 := v8 - v3 + 2;
    if (v3 < -5) {
      v8 := v0 - v7 + 10;
      v5 := v4 - 7;
      v6 := 0;
    } else {
      v1 := a2 - 6;
      assume a1 != a2 + 17;
      v6 := v3 - 9;
    }
  }
  v8 := a1 - 7;
  v8 := 3 * v7 - v8;
  v2 := v4 - 2;
  if (v1 <= v5) {
    v3 := v2 - a1 + 10;
    v2 := 3 * v2 - v8;
    r := 10;
    if (a2 > v8) {
      v7 := 3 * v5 - v8;
      v1 := v2 + v5;
      v3 := 2 * a2 - v1;
    } else {
      v1 := 3 * v2 - v1;
      v1 := a1 - 3;
      v8 := 5;
    }
  } else {
    v5 := v3 - 6;
    v5 := v0 - v8 + 3;
    v3 := v5 + v0;
    if (v4 == 5) {
      r := v2 + v7;
      r := a0 + v6;
      v7 := 2 * v0 - v3;
    } else {
      r := v8 + v5;
      v2 := v6 - v8 + 9;
      v5 := a1 - 9;
    }
  }
  v0 := 8;
  v7 := 3 * a0 - v5;
  v3 := v8 + 8;
  if (v2 < a1) {
    assume v2 >= a2 + 0;
    v8 := -5;
    v5 := v2 - v4 + 8;
    if (v2 > v5) {
      v2 := v8 - 9;
      v4 := -6;
      r := a2 + 1;
    } else {
      v1 := v7 + v1;
      v8 := -1;
      v6 := 4;
    }
  } else {
    v1 := v0 + a0;
    v2 := 5;
    v3 := 3;
    if (v4 >= a2) {
      v4 := -8;
      v1 := v7 + 8;
      v7 := v1 - v8 + 9;
    } else {
      v6 := v8 - v8 + 2;
      v1 := a2 - v7 + 7;
      v2 := v0 - 6;
    }
  }
  v6 := v2 - 5;
  v1 := v4 + a1;
  v6 := v1 + 3;
}
