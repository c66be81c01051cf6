// gen-structured.py: 9 diamonds, 11 variables, seed 1
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  havoc v0;
  v1 := -4;
  v2 := 1;
  v3 := -2;
  v4 := -5;
  v5 := 2;
  v0 := a0 - 4;
  v4 := v4 - v1 + 4;
  v4 := -7;
  if (v3 < -4) {
    v4 := v1 - a3 + 8;
    v4 := v3 - v5 + 4;
    v1 := -7;
    if (a1 <= a3) {
      v1 := a2 + a0;
      v1 := a0 - 7;
      v1 := -9;
    } else {
      v1 := a2 + v1;
      v3 := 10;
      v4 := v5 - 2;
    }
  } else {
    v5 := v5 - a1 + 3;
    v2 := v4 - a0 + 4;
    v2 := 3 * v5 - v3;
    if (v0 < 1) {
      r := v5 - a3 + 2;
      v1 := v1 - v2 + 3;
      r := -7;
    } else {
      r := a1 - 4;
      r := 2 * v4 - v1;
      v1 := 2 * v1 - v4;
    }
  }
  r := 0;
  v5 := 3;
  v0 := v1 + v5;
  if (v3 > v1) {
    v5 := v1 - 8;
    v5 := 2;
    v3 := v0 - a0 + 6;
    if (v3 > -10) {
      v5 := a2 + 9;
      v3 := -5;
      v4 := 3 * a1 - v2;
    } else {
      v5 := -3;
      v2 := v1 - 1;
      r := -8;
    }
  } else {
    v5 := -5;
    v1 := -7;
    v3 := 2 * v5 - v1;
    if (a4 > v3) {
      v3 := v3 + v0;
      v1 := a2 - v5 + 3;
      v0 := 3 * v0 - a0;
    } else {
      v3 := a2 + v1;
      r := -4;
      v3 := 3 * a1 - a1;
    }
  }
  v4 := 3 * a4 - v4;
  r := 2 * v0 - v5;
  v5 := v1 - 10;
  if (a4 < -2) {
    v5 := a3 - v5 + 3;
    r := a3 - a4 + 2;
    v5 := v2 + v3;
    if (a3 == 6) {
      v0 := v3 + v1;
      r := -4;
      v4 := a0 - 6;
    } else {
      v0 := v5 - a0 + 1;
      v1 := -8;
      v0 := 3 * a0 - v1;
    }
  } else {
    v4 := 7;
    v5 := v2 - v0 + 10;
    v1 := a4 + 0;
    if (v5 > 6) {
      v2 := v0 - 2;
      v2 := a1 + v1;
      v0 := a1 + v2;
    } else {
      v4 := a4 + v2;
      v0 := a4 - v2 + 7;
      v4 := a0 - v4 + 6;
    }
  }
  v5 := a3 - v1 + 9;
  v0 := v4 - v5 + 3;
  v5 := -6;
  if (v3 == -6) {
    v5 := -7;
    v5 := 3 * a1 - v2;
    v2 := 6;
    if (a1 >= -10) {
      v5 := a3 + 4;
      v0 := a2 - 5;
      r := v5 + 6;
    } else {
      v4 := v0 + a3;
      v2 := v3 + a0;
      r := v2 + a3;
    }
  } else {
    v1 := v5 - v4 + 7;
    r := 3 * v4 - a1;
    r := v0 + v1;
    if (a0 <= v4) {
      v1 := a1 + 7;
      v1 := 2 * v4 - v3;
      v1 := 3 * v5 - v2;
    } else {
      v0 := a2 + a0;
      v2 := 2 * v1 - v5;
      v0 := v4 - v4 + 3;
    }
  }
  r := 3 * v0 - a4;
  r := a0 - 6;
  v5 := a2 + v3;
  if (a4 >= 0) {
    r := 2 * a2 - v4;
    r := a3 + v3;
    v1 := v1 + 5;
    if (a2 < -2) {
      v0 := -8;
      v5 := -9;
      v2 := v1 + v0;
    } else {
      v1 := 2 * v0 - a2;
      v0 := a4 + v0;
      v3 := 2 * a1 - v2;
    }
  } else {
    v5 := v4 - 2;
    v1 := a2 + 2;
    v5 := v1 - 10;
    if (a1 > v1) {
      r := a3 + a3;
      v0 := v2 - v1 + 9;
      v5 := a0 + a2;
    } else {
      v2 := v4 - 5;
      v2 := a2 + a1;
      v3 := 10;
    }
  }
  v1 := a3 + a0;
  v0 := v2 + a2;
  v5 := v3 - v0 + 7;
  if (a2 > 1) {
    v1 := 6;
    v3 := -5;
    v2 := v3 - 6;
    if (a0 <= v2) {
      v0 := a2 + a3;
      v2 := -6;
      v3 := a4 - v1 + 4;
    } else {
      v3 := 2 * a4 - a3;
      v4 := v1 + a3;
      r := 3 * v5 - v5;
    }
  } else {
    v2 := 2 * a4 - a3;
    v0 := 7;
    assume v0 >= a3 + 16;
    if (v3 <= 7) {
      assume a3 != v1 + 20;
      v5 := 2;
      v2 := a3 - v0 + 6;
    } else {
      v2 := 2 * v3 - a1;
      v3 := v3 - v0 + 9;
      v2 := a0 + 5;
    }
  }
  v1 := a1 - 1;
  assume a0 <= a4 + 9;
  v1 := -3;
  if (v4 < -6) {
    r := a0 - a0 + 4;
    v4 := 2 * a4 - v2;
    v1 := -5;
    if (a1 < a3) {
      v1 := 2 * a1 - v5;
      v4 := v1 + 3;
      v0 := v4 + v0;
    } else {
      v5 := v1 - v3 + 9;
      v1 := a3 + 5;
      v0 := -5;
    }
  } else {
    v4 := v1 - v4 + 2;
    v0 := -6;
    r := v5 + v2;
    if (v5 <= 9) {
      v2 := -4;
      v2 := a1 + 9;
      r := 3 * v5 - v3;
    } else {
      v2 := 3 * v4 - v5;
      v4 := v3 - v2 + 5;
      v1 := v2 - v1 + 4;
    }
  }
  v1 := -7;
  v3 := v1 + 10;
  v0 := a0 - a4 + 0;
  if (v5 == 10) {
    v5 := v4 + 6;
    r := v3 + v3;
    v5 := v5 + a2;
    if (v5 >= a3) {
      v1 := v4 - v4 + 6;
      r := v4 + v0;
      v0 := 3 * v3 - a4;
    } else {
      v0 := a3 + v4;
      v1 := v1 - 3;
      v0 := a3 + a4;
    }
  } else {
    v3 := a1 - 8;
    v1 := v5 + a0;
    r := 8;
    if (v2 <= a0) {
      v4 := 3 * a0 - a0;
      v2 := a0 + 2;
      v2 := v5 + v1;
    } else {
      v5 := a3 + 8;
      r := 3 * v4 - a2;
      v4 := a4 - v4 + 8;
    }
  }
  v1 := 2 * v1 - v4;
  v2 := 3 * v1 - a3;
  v0 := v1 + a0;
  if (v4 < 7) {
    v3 := -1;
    v0 := 3 * a1 - v3;
    v3 := a2 - 9;
    if (a2 >= 7) {
      v1 := a3 - a4 + 10;
      v5 := -7;
      v2 := v1 + 4;
    } else {
      v2 := 0;
      v2 := 3 * v0 - v2;
      assume v5 != v3 + 15;
    }
  } else {
    v4 := a2 + 3;
    v4 := v3 + v4;
    v4 := v4 - 9;
    if (a3 < -6) {
      v0 := 4;
      v4 := 9;
      v5 := -6;
    } else {
      r := 3 * v5 - v4;
      v3 := v5 + v0;
      v1 := -9;
    }
  }
  v5 := v5 + v4;
  v0 := v3 + a2;
  v0 := 2 * v3 - a0;
}
