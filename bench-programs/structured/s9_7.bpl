// gen-structured.py: 9 diamonds, 10 variables, seed 7
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  havoc v2, v3;
  v0 := 3;
  v1 := -5;
  v2 := 3 * v1 - a4;
  v3 := v1 - a0 + 3;
  r := v0 + v0;
  if (a5 >= -5) {
    r := v2 - 8;
    v3 := a0 - a1 + 6;
    r := a4 + 10;
    if (a4 < 8) {
      v0 := v0 - v1 + 1;
      v0 := a4 + 5;
      r := a4 + a0;
    } else {
      v1 := a1 + a1;
      v3 := 3 * a4 - v1;
      v1 := a5 - a3 + 8;
    }
  } else {
    v1 := 3 * v1 - a5;
    v2 := 3 * v0 - v1;
    v2 := v0 - a3 + 9;
    if (v0 <= a3) {
      r := v1 + a0;
      v0 := 4;
      r := a2 - a4 + 0;
    } else {
      r := a2 - 8;
      v1 := a5 - v2 + 3;
      v3 := v3 - a5 + 6;
    }
  }
  v0 := a5 - v0 + 5;
  v1 := v3 + v0;
  v0 := a4 - 8;
  if (a2 > v3) {
    v3 := a4 - v2 + 9;
    v3 := v3 + a0;
    assume a0 <= v1 + 0;
    if (a5 < v1) {
      r := -10;
      r := a4 + 1;
      v2 := a4 - a3 + 6;
    } else {
      v3 := a2 - a4 + 0;
      v0 := 2 * a0 - v3;
      v2 := a0 + 9;
    }
  } else {
    v3 := 3 * a0 - a0;
    r := a2 - a5 + 9;
    v0 := a0 - 10;
    if (a3 > v1) {
      r := 3 * v0 - a0;
      v0 := v2 + a1;
      r := v1 + v3;
    } else {
      v0 := 2;
      v3 := -3;
      r := a0 - 5;
    }
  }
  v0 := 3 * a0 - a2;
  v3 := a0 - 10;
  v2 := v2 + a5;
  if (a3 >= 5) {
    v1 := v0 + v1;
    v0 := a2 - a1 + 8;
    v3 := 0;
    if (a0 > v3) {
      v2 := a2 - a4 + 10;
      v3 := v1 + 10;
      r := 3 * a2 - v0;
    } else {
      v3 := 2 * a0 - v1;
      r := a1 - a1 + 5;
      v2 := a5 - v2 + 5;
    }
  } else {
    v0 := -8;
    v1 := a1 + 6;
    v3 := a3 - 4;
    if (v1 < v3) {
      v3 := 3 * a3 - v1;
      v3 := v0 - a0 + 2;
      v0 := 2;
    } else {
      v1 := 2 * a3 - v1;
      v1 := 2;
      v1 := 10;
    }
  }
  r := v1 - v2 + 1;
  r := 8;
  v3 := 3 * v2 - a0;
  if (a2 < v2) {
    r := a5 + 10;
    v3 := 2 * a5 - v1;
    v2 := 3 * v3 - a3;
    if (v1 == 6) {
      r := a2 + 10;
      v1 := v2 + v0;
      v1 := v3 - v1 + 8;
    } else {
      r := a0 + v3;
      v0 := v3 + 4;
      v3 := v3 + a4;
    }
  } else {
    v2 := -10;
    r := a1 + a3;
    v2 := a4 - v2 + 10;
    if (v1 > a4) {
      v3 := -3;
      v2 := a3 + v0;
      v0 := a1 + a2;
    } else {
      v3 := -2;
      v1 := -2;
      v3 := a2 + v2;
    }
  }
  v2 := 2 * a5 - v0;
  r := v3 - v1 + 5;
  v3 := 2 * v2 - a2;
  if (v2 < -1) {
    v2 := a4 - v2 + 1;
    v3 := 3 * a4 - a1;
    v2 := 2 * v0 - v2;
    if (v1 <= v2) {
      v0 := -1;
      v2 := a0 + v3;
      v0 := a1 - 1;
    } else {
      v3 := a4 - v2 + 8;
      v3 := v1 - v2 + 10;
      v0 := v1 + a0;
    }
  } else {
    r := a4 - a2 + 0;
    v2 := a2 - v0 + 0;
    r := v3 + a4;
    if (a1 > 8) {
      r := a5 - 5;
      v0 := a4 + a1;
      r := a5 - 10;
    } else {
      v3 := 2 * v1 - a5;
      v2 := a5 + a5;
      v2 := v2 + a3;
    }
  }
  v3 := 7;
  v1 := 2 * v0 - v2;
  r := a3 - 5;
  if (a2 < v3) {
    v0 := a0 - 9;
    v0 := v2 + 9;
    v1 := a5 - 4;
    if (v2 < -5) {
      v2 := 2 * a5 - v3;
      v3 := 3 * v2 - a4;
      v0 := a3 - 3;
    } else {
      v3 := 2 * a1 - a4;
      v2 := a4 + v0;
      v0 := a0 + v1;
    }
  } else {
    v1 := 5;
    v3 := v2 + 7;
    v0 := 3 * v3 - v1;
    if (a0 < a2) {
      v3 := v0 - 9;
      v0 := v2 - a1 + 1;
      v3 := 6;
    } else {
      v3 := a2 - 10;
      v3 := a0 + a2;
      r := a2 - a2 + 2;
    }
  }
  v2 := 3 * a2 - a0;
  v1 := a5 + v0;
  v1 := a4 + 7;
  if (v2 < a5) {
    v1 := -6;
    assume a5 != a1 + 2;
    v0 := a4 - 8;
    if (v0 == 6) {
      v1 := v0 + 8;
      v3 := 3 * a2 - a0;
      v2 := a2 + a3;
    } else {
      v3 := a5 + a0;
      r := -9;
      v1 := a1 - a4 + 3;
    }
  } else {
    r := a2 - 1;
    v2 := a5 - 8;
    assume v3 <= v0 + 7;
    if (a4 <= 1) {
      v0 := a1 + v2;
      r := 7;
      v3 := a2 - a1 + 2;
    } else {
      v2 := -4;
      v2 := 3;
      v0 := 4;
    }
  }
  assume v0 != v1 + 19;
  v1 := 3 * v2 - a3;
  v0 := 2;
  if (a1 == -3) {
    r := 2 * a5 - a4;
    v2 := v2 + 9;
    v3 := 2 * a0 - a4;
    if (v1 < -8) {
      v1 := 2 * a3 - a1;
      r := a2 - a5 + 5;
      v1 := a3 + v3;
    } else {
      v0 := a5 - 7;
      v0 := v2 - a1 + 10;
      v1 := a3 + 9;
    }
  } else {
    r := 2 * v1 - a5;
    v3 := 6;
    r := v1 + v1;
    if (a1 > a0) {
      r := v1 - 1;
      v0 := 2 * a1 - v3;
      v3 := v1 - a0 + 8;
    } else {
      v1 := a0 - a4 + 6;
      v0 := v3 + a0;
      v3 := a0 + 9;
    }
  }
  v0 := v0 + a1;
  v0 := v3 + a5;
  assume a4 <= a3 + 12;
  if (a1 > 1) {
    r := v3 - a4 + 1;
    v2 := -4;
    r := v0 - a5 + 5;
    if (a1 < -2) {
      v1 := 2 * v0 - v0;
      v3 := v2 + v2;
      v0 := a4 + v0;
    } else {
      assume v3 <= a1 + 10;
      v1 := 3 * a0 - v3;
      v0 := v1 - a2 + 4;
    }
  } else {
    v3 := a0 + 6;
    r := a4 + 8;
    v2 := v0 - a2 + 10;
    if (v1 < -7) {
      v2 := v3 - 1;
      v1 := v0 + 6;
      v2 := v1 + 0;
    } else {
      r := a1 + 5;
      v0 := 2 * a4 - a0;
      v1 := a1 - 6;
    }
  }
  v1 := 9;
  v3 := a2 - v2 + 8;
  r := a1 - v0 + 7;
}
