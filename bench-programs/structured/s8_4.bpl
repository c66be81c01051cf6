// gen-structured.py: 8 diamonds, 14 variables, seed 4
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
  var v9: int;
  var v10: int;
  havoc v1, v7;
  v0 := -2;
  v2 := 1;
  v3 := -1;
  v4 := 4;
  v5 := 4;
  v6 := -1;
  v8 := 5;
  v9 := 1;
  v10 := 5;
  r := v5 - v10 + 7;
  v0 := v9 - v9 + 5;
  v1 := v4 + 6;
  if (v1 <= a0) {
    v9 := v6 + 10;
    v0 := v5 + v8;
    v3 := v0 - v4 + 1;
    if (v4 < 6) {
      v3 := a0 - 8;
      v0 := v2 - v10 + 10;
      v5 := 3 * v9 - v4;
    } else {
      v1 := v9 + 5;
      assume v4 <= v7 + 2;
      v8 := v0 + 2;
    }
  } else {
    v1 := 2 * a0 - v4;
    v4 := 4;
    v5 := a0 + 1;
    if (v6 < -3) {
      v3 := v6 - v7 + 9;
      v5 := 2 * v5 - a1;
      v1 := v4 - 2;
    } else {
      v2 := a2 - 9;
      v6 := -6;
      v10 := 2 * v8 - v0;
    }
  }
  v6 := 6;
  r := 0;
  assume v5 != v9 + 15;
  if (a2 > v0) {
    v5 := a0 - v10 + 5;
    v4 := v10 + 0;
    v0 := v6 + v0;
    if (v5 > -4) {
      v6 := a0 + 0;
      v7 := v1 - 9;
      r := v3 + v4;
    } else {
      v9 := 3 * v0 - v3;
      v1 := v4 - 9;
      v0 := a1 + v1;
    }
  } else {
    v6 := 4;
    v5 := 3 * v0 - a2;
    v2 := v9 - 7;
    if (a2 <= v3) {
      r := 2 * v1 - v5;
      v5 := 5;
      v1 := 2 * v6 - v8;
    } else {
      v1 := -6;
      v3 := v8 - 2;
      v9 := -6;
    }
  }
  v6 := v6 - 10;
  v10 := a2 - v1 + 3;
  v7 := 3 * v5 - v1;
  if (v10 > -2) {
    v8 := v1 - v5 + 1;
    v10 := v6 - v1 + 8;
    v4 := 6;
    if (v1 > v0) {
      v7 := 2 * v9 - v5;
      v5 := 2 * v3 - a0;
      v10 := v9 + a2;
    } else {
      v9 := a1 + v1;
      r := a2 - 1;
      v8 := 5;
    }
  } else {
    v3 := 2 * v10 - v7;
    r := 9;
    v9 := -5;
    if (v4 < v6) {
      v6 := a2 + v1;
      v1 := 2 * v9 - a0;
      r := -5;
    } else {
      v3 := 3 * v10 - v5;
      v10 := 5;
      r := -4;
    }
  }
  v8 := v3 + v0;
  v0 := 3 * v1 - a2;
  v7 := 9;
  if (v4 < v6) {
    v3 := v4 + a2;
    v2 := v7 + v1;
    assume v7 <= v2 + 12;
    if (a1 < -4) {
      v0 := v9 + v0;
      v1 := 3 * v1 - v9;
      v3 := v2 + v7;
    } else {
      v6 := v10 - v5 + 10;
      v0 := 4;
      v4 := 2 * v9 - v3;
    }
  } else {
    v5 := v8 - v3 + 0;
    v8 := a0 + 5;
    v8 := v9 - 1;
    if (v7 > -4) {
      v4 := 2 * a0 - v5;
      v1 := 3 * v6 - a2;
      v9 := v0 + 9;
    } else {
      v2 := v10 + a0;
      v8 := 2 * a1 - v8;
      assume a1 != a0 + 2;
    }
  }
  v9 := v3 + 9;
  v4 := v2 - v3 + 3;
  r := v4 + v4;
  if (v1 < v5) {
    v9 := 10;
    v2 := v0 - v2 + 1;
    v1 := v10 - v7 + 8;
    if (v1 > a1) {
      r := 3 * v3 - v3;
      v8 := v3 + v0;
      v6 := v3 + v9;
    } else {
      v8 := v6 + 2;
      r := v0 - v6 + 6;
      v2 := v2 + v9;
    }
  } else {
    v10 := -6;
    v1 := a1 + 6;
    v0 := 3 * a1 - a1;
    if (v8 <= v1) {
      r := v5 + 3;
      v3 := v4 - v3 + 3;
      v9 := 3 * v7 - a1;
    } else {
      v4 := 2 * v9 - v6;
      v5 := v8 - v8 + 3;
      v8 := v3 - v10 + 4;
    }
  }
  v7 := 2 * v1 - v7;
  v8 := v10 + 7;
  v8 := 0;
  if (v0 > v1) {
    v2 := v3 - v4 + 4;
    v7 := a2 - 1;
    v9 := a1 - v8 + 7;
    if (a0 >= v4) {
      v3 := 5;
      v10 := v4 - 4;
      r := 4;
    } else {
      v10 := 3;
      v5 := a0 - v7 + 5;
      v1 := 2 * v3 - a0;
    }
  } else {
    v0 := 3 * v6 - a2;
    v4 := 3 * a0 - v5;
    v1 := v1 + v2;
    if (v4 < v2) {
      v1 := 6;
      v5 := v2 - a0 + 9;
      v2 := v8 + 6;
    } else {
      v6 := v1 + 9;
      v5 := -4;
      v4 := v0 + v4;
    }
  }
  v6 := a0 - v7 + 7;
  v7 := 3 * v7 - v7;
  v9 := v2 + v3;
  if (v9 > 8) {
    r := v10 - v0 + 7;
    v8 := 4;
    v9 := v4 + v4;
    if (v9 <= -10) {
      r := v4 + 7;
      v5 := v6 + 7;
      v6 := v6 + 0;
    } else {
      r := 2 * a2 - v1;
      v4 := 3;
      v6 := a1 + v7;
    }
  } else {
    v0 := v3 + 3;
    v7 := v7 + 7;
    v1 := v8 + 4;
    if (v8 < v5) {
      v10 := -10;
      v7 := v4 + a2;
      v9 := v9 - v8 + 10;
    } else {
      assume v0 >= v3 + 2;
      v5 := a0 - v10 + 8;
      r := a0 + v8;
    }
  }
  v3 := v10 - 5;
  v6 := v9 + v10;
  v7 := 3 * v1 - v4;
  if (v9 == -5) {
    v10 := a2 - v1 + 4;
    v1 := v10 - a1 + 5;
    v0 := v9 - v5 + 2;
    if (v2 <= v0) {
      v10 := v9 + a1;
      v1 := v6 + v4;
      v2 := 5;
    } else {
      v5 := 2 * a2 - v9;
      v0 := v3 + v2;
      v3 := a1 + v8;
    }
  } else {
    v6 := 3 * v3 - a0;
    r := 3 * v5 - v3;
    v6 := v7 - v5 + 2;
    if (v8 >= v10) {
      v1 := v10 + v3;
      r := a2 + 7;
      v8 := v2 - 8;
    } else {
      r := 3 * v8 - a1;
      v3 := v4 - a2 + 0;
      v0 := v1 - a0 + 2;
    }
  }
  assume v3 != a0 + 3;
  v2 := a0 + v7;
  v5 := v0 + v1;
}
