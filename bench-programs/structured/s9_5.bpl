// gen-structured.py: 9 diamonds, 13 variables, seed 5
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v2, v4;
  v0 := -5;
  v1 := 0;
  v3 := -3;
  v5 := 5;
  v6 := 2;
  v2 := v5 - 4;
  v3 := a4 + 3;
  v1 := a1 + v3;
  if (v4 < -8) {
    v2 := a3 - 1;
    v0 := v6 - 9;
    v4 := 3 * v4 - a3;
    if (v5 > a0) {
      v4 := 3 * a2 - v3;
      v5 := a0 + a4;
      r := a1 + v5;
    } else {
      v6 := 2 * v0 - a5;
      v4 := v1 + a4;
      v2 := -7;
    }
  } else {
    v5 := 3 * v4 - v6;
    v5 := v5 + v2;
    v5 := v3 - a5 + 5;
    if (v6 > v1) {
      v5 := v1 + a0;
      v1 := v5 - a3 + 9;
      v3 := 0;
    } else {
      v2 := 3 * a2 - a2;
      v1 := 2 * a2 - a3;
      r := v1 - 1;
    }
  }
  v6 := -10;
  v4 := a1 - 5;
  v6 := v0 - a0 + 9;
  if (a4 <= v6) {
    r := 4;
    v2 := -6;
    v6 := 3 * a3 - v2;
    if (v3 > a1) {
      v4 := a0 - v3 + 0;
      r := a2 - v0 + 6;
      v2 := -5;
    } else {
      v2 := 3 * v3 - a1;
      v6 := -4;
      v1 := -6;
    }
  } else {
    v2 := 2 * a5 - v0;
    v3 := v4 + v1;
    v3 := v4 - v6 + 5;
    if (a2 > a3) {
      v4 := a0 + 5;
      v4 := a3 - v3 + 6;
      v4 := v0 - a0 + 2;
    } else {
      v0 := a0 - v1 + 8;
      r := v6 - v4 + 1;
      v5 := a4 + v1;
    }
  }
  v1 := v1 - 3;
  r := v1 - 4;
  v1 := 3 * v0 - v5;
  if (v1 > -2) {
    v6 := v2 + a3;
    v6 := v2 + v1;
    v0 := v2 - v0 + 3;
    if (v0 < v4) {
      v6 := a3 - 5;
      v0 := 2 * v5 - v1;
      v4 := a3 + 3;
    } else {
      r := v2 + v5;
      v5 := a0 + v2;
      v6 := a0 - 1;
    }
  } else {
    v0 := 2;
    v4 := 2 * v2 - v2;
    v4 := v0 - 9;
    if (a1 == 2) {
      v5 := a0 - v1 + 6;
      v2 := v0 - 9;
      v5 := v2 + 2;
    } else {
      r := v4 - v1 + 1;
      v5 := a5 - a5 + 2;
      v5 := v4 + v2;
    }
  }
  v0 := a0 - 4;
  v4 := -1;
  v2 := -1;
  if (v5 > 9) {
    v1 := v5 + a4;
    v6 := a0 - a3 + 4;
    v4 := 4;
    if (a4 <= a3) {
      v4 := v1 - v2 + 10;
      v2 := v4 + 3;
      v1 := 2 * a1 - a2;
    } else {
      v3 := -5;
      v3 := a5 + v1;
      r := v3 + v1;
    }
  } else {
    r := 2 * a2 - v4;
    v4 := 3 * v6 - a0;
    v1 := -8;
    if (v5 == 6) {
      v5 := a2 - v0 + 2;
      v4 := v5 - v3 + 10;
      v5 := -7;
    } else {
      v2 := v4 + v5;
      v3 := -9;
      r := 2 * a5 - a0;
    }
  }
  v5 := a2 - v3 + 3;
  assume v3 != a5 + 18;
  v4 := v5 + 1;
  if (v1 < v5) {
    v2 := v6 + v5;
    v0 := 2 * v6 - v5;
    v2 := 2 * v3 - v4;
    if (v2 > 2) {
      v5 := 3 * v4 - v0;
      v0 := v4 - v4 + 2;
      v4 := v5 - 7;
    } else {
      v6 := a3 + 0;
      v1 := 2;
      r := v3 + v2;
    }
  } else {
    v3 := v6 + v1;
    v2 := v3 + 9;
    v3 := -3;
    if (a4 == 4) {
      v4 := 3 * a4 - a1;
      v4 := a0 + 10;
      v0 := 3 * v4 - v1;
    } else {
      v5 := v4 - a1 + 8;
      v0 := 2 * v6 - v1;
      v2 := v5 - v3 + 3;
    }
  }
  v0 := 2 * v6 - v5;
  v5 := a4 - v5 + 3;
  v5 := 2;
  if (v4 == -5) {
    v1 := v4 + a4;
    v5 := v6 - 8;
    r := a5 - 2;
    if (a3 == 2) {
      r := a3 - a0 + 6;
      v6 := v6 - v5 + 6;
      v6 := v1 - a0 + 8;
    } else {
      v1 := 10;
      v1 := 3 * a0 - v6;
      v0 := -9;
    }
  } else {
    v3 := a2 - 10;
    v1 := a1 + 7;
    v3 := v2 + a4;
    if (a1 > v3) {
      v3 := 3 * a3 - v5;
      v4 := 9;
      r := v3 + a1;
    } else {
      v5 := 3 * a3 - a3;
      v5 := a1 - v2 + 2;
      v0 := a0 - a3 + 6;
    }
  }
  assume a0 >= v0 + 8;
  assume v0 <= v6 + 3;
  assume v1 != a0 + 18;
  if (v5 > a4) {
    v6 := 5;
    v1 := v5 - 7;
    r := v0 - v2 + 7;
    if (a1 <= a2) {
      v5 := -1;
      r := 3 * a1 - a2;
      v5 := 6;
    } else {
      v6 := 3 * a2 - v4;
      v4 := v5 - v4 + 1;
      v5 := v1 - a3 + 2;
    }
  } else {
    v4 := 1;
    v4 := a3 + a4;
    r := a1 + 7;
    if (a5 < 7) {
      v1 := a4 - a3 + 7;
      v4 := 6;
      v3 := 3 * a3 - v5;
    } else {
      v6 := -2;
      v5 := a2 - 2;
      v4 := v2 + a5;
    }
  }
  v3 := v2 - a0 + 10;
  v4 := v4 - a0 + 10;
  v4 := a3 + a3;
  if (v0 > -4) {
    v5 := 3 * v2 - a1;
    v4 := a3 - v3 + 10;
    v5 := -1;
    if (a5 <= v1) {
      v5 := a5 + 2;
      v0 := 3 * v1 - a2;
      assume v2 >= a4 + 3;
    } else {
      r := a5 + a1;
      v0 := a0 - a1 + 9;
      v6 := 3 * v2 - v6;
    }
  } else {
    v6 := -1;
    v5 := v2 - v3 + 4;
    v4 := v1 - v0 + 7;
    if (a1 == -1) {
      v6 := -2;
      v6 := a4 - v4 + 4;
      v4 := -1;
    } else {
      v6 := a3 + a1;
      r := 2 * a0 - v3;
      v1 := 2 * v4 - v4;
    }
  }
  v6 := a4 - v5 + 9;
  v0 := -2;
  v1 := v2 + v0;
  if (a1 <= v1) {
    v0 := a1 - 2;
    v0 := a4 - 8;
    v6 := v6 - v4 + 0;
    if (v6 > a1) {
      v0 := 3 * a5 - v4;
      v5 := v4 + v6;
      v3 := v5 + 3;
    } else {
      v3 := v2 - 6;
      v6 := v4 - 6;
      v3 := a3 + a3;
    }
  } else {
    r := 3 * v0 - v0;
    v5 := v5 - a4 + 9;
    v0 := a0 + a1;
    if (a1 <= 1) {
      v6 := -5;
      v4 := 5;
      r := -5;
    } else {
      v0 := v5 + 8;
      v3 := 6;
      v3 := v5 - v6 + 1;
    }
  }
  v4 := v5 - v6 + 1;
  v0 := a0 + v1;
  v5 := a2 + 0;
}
