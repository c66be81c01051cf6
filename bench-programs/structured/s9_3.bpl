// gen-structured.py: 9 diamonds, 10 variables, seed 3
procedure main(a0: int, a1: int, a2: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  v0 := 0;
  v1 := -3;
  v2 := 1;
  v3 := -3;
  v4 := -3;
  v5 := -5;
  v6 := 2;
  v0 := a2 - v6 + 0;
  v2 := 3 * v6 - v2;
  v1 := v3 + v0;
  if (v3 <= a2) {
    r := v6 - 8;
    r := 4;
    v2 := v4 - v4 + 4;
    if (v0 > 0) {
      v5 := v3 + v1;
      v5 := v3 - a0 + 3;
      r := v0 + 2;
    } else {
      v0 := a0 - 2;
      v2 := 3 * v6 - v5;
      v1 := 6;
    }
  } else {
    v1 := v4 - 1;
    v3 := a2 + 10;
    v6 := -6;
    if (a0 <= v6) {
      v5 := a2 - a0 + 2;
      v4 := v6 - v4 + 6;
      v2 := 0;
    } else {
      v4 := 2 * a1 - a2;
      v1 := a2 - v5 + 8;
      v1 := a2 - v5 + 10;
    }
  }
  v4 := v2 + 1;
  v1 := v1 - 8;
  v4 := v4 - a0 + 6;
  if (a2 > 6) {
    v2 := 3 * v0 - v3;
    r := 2 * v0 - v6;
    v3 := 2 * v1 - a2;
    if (v4 <= a1) {
      r := a1 - v2 + 1;
      v0 := a1 + 8;
      v6 := 5;
    } else {
      v4 := -1;
      r := 3 * v1 - v3;
      v0 := a1 + v0;
    }
  } else {
    v6 := a2 + v0;
    v5 := v2 - 2;
    v6 := 1;
    if (v4 < a2) {
      v6 := a0 + v5;
      v6 := a2 + 0;
      v1 := 2 * v5 - v3;
    } else {
      v0 := 6;
      r := 3;
      r := v1 + a2;
    }
  }
  v4 := v1 - 7;
  v6 := 2 * a0 - a0;
  v2 := 4;
  if (a2 > v3) {
    v1 := v2 + 10;
    v2 := v4 - v3 + 3;
    v0 := v4 - v2 + 8;
    if (v4 <= 6) {
      v0 := a2 - v4 + 6;
      r := v2 - v6 + 0;
      assume v6 >= v3 + 6;
    } else {
      r := v3 - 4;
      v1 := 2 * v4 - a1;
      v0 := a0 + 2;
    }
  } else {
    v2 := v1 + 3;
    v4 := 5;
    v4 := a0 + v5;
    if (v5 > 4) {
      v5 := 0;
      r := 3 * v1 - v4;
      v5 := v6 - v0 + 4;
    } else {
      v6 := v6 + 10;
      v5 := 3 * v2 - v3;
      v3 := a2 + v2;
    }
  }
  v0 := v4 - 7;
  v6 := v3 - v5 + 6;
  r := a1 - 4;
  if (v2 == -6) {
    r := -6;
    v3 := v4 - v4 + 6;
    v2 := a2 - 6;
    if (v5 == -2) {
      r := -5;
      v3 := 1;
      assume v6 != v0 + 6;
    } else {
      r := 3 * a0 - a1;
      v1 := -6;
      v4 := v5 - a0 + 5;
    }
  } else {
    v2 := a1 + v5;
    r := 10;
    v4 := v5 + 0;
    if (a0 < 6) {
      v2 := v5 - v3 + 0;
      v3 := v0 + 0;
      v4 := a2 - 3;
    } else {
      v4 := 2;
      v5 := v6 + v2;
      v2 := -9;
    }
  }
  v5 := 2 * v4 - v0;
  v6 := v1 - v6 + 10;
  v4 := v0 - 6;
  if (v5 <= v6) {
    v1 := v0 - v6 + 5;
    v1 := 2 * v1 - a2;
    v0 := a2 + 4;
    if (v4 == 10) {
      v1 := v0 + a2;
      v6 := a2 - a0 + 0;
      r := v3 - v3 + 3;
    } else {
      v6 := a0 + v2;
      v5 := v3 + v3;
      v5 := 10;
    }
  } else {
    v0 := a2 - v6 + 1;
    v3 := v5 + a1;
    v2 := 2 * v5 - v2;
    if (v1 < a2) {
      r := v2 - v5 + 7;
      v6 := v6 + 1;
      v6 := a0 - a1 + 6;
    } else {
      v0 := 2 * v3 - a2;
      v6 := -7;
      v1 := 3 * a1 - v1;
    }
  }
  v6 := -7;
  v2 := v5 - a1 + 4;
  v5 := a0 + v4;
  if (v4 > v6) {
    v0 := 8;
    v2 := v0 + 8;
    v0 := v2 + a2;
    if (v4 >= -4) {
      v1 := 2 * v6 - v3;
      v0 := a0 - v2 + 2;
      v0 := a1 + v0;
    } else {
      v6 := -1;
      v1 := -1;
      v4 := v3 - v5 + 3;
    }
  } else {
    v5 := v3 - v5 + 4;
    v0 := v3 + 1;
    r := 2 * v5 - v2;
    if (v4 <= v5) {
      v4 := a1 - 3;
      r := 3 * v2 - a0;
      v6 := 3;
    } else {
      v0 := v5 - a2 + 6;
      v3 := 3 * a2 - v1;
      v1 := v0 + 5;
    }
  }
  v0 := 2 * v3 - v3;
  v5 := -3;
  v6 := -9;
  if (a1 <= -1) {
    r := 3 * a0 - v3;
    v6 := v4 + a2;
    v3 := a2 + v0;
    if (v6 > 6) {
      r := v5 + a0;
      r := v4 - v1 + 3;
      r := 10;
    } else {
      v5 := v0 + a0;
      v2 := v6 + v5;
      v2 := v5 - a0 + 10;
    }
  } else {
    v0 := a0 - 1;
    v2 := 0;
    v4 := 6;
    if (a0 < v6) {
      v1 := a0 - 3;
      v5 := a1 + v0;
      v2 := a2 - v5 + 10;
    } else {
      v6 := v4 + v6;
      v2 := v1 - v4 + 0;
      v5 := 3 * a1 - v4;
    }
  }
  r := 2 * v0 - v0;
  v5 := -10;
  v4 := 2 * v0 - v5;
  if (a1 >= v3) {
    v2 := a2 - v2 + 1;
    v5 := v3 - 5;
    v6 := v4 - v3 + 9;
    if (v0 >= v1) {
      v4 := v4 + v3;
      assume a0 >= v1 + 1;
      v2 := a0 - a1 + 7;
    } else {
      v0 := a0 - a2 + 9;
      v0 := v2 + 2;
      v6 := a2 + 7;
    }
  } else {
    v3 := v5 - 2;
    v1 := a1 - 9;
    v1 := v2 - v1 + 2;
    if (a0 > a2) {
      v3 := v4 + v6;
      v4 := v0 + v5;
      v1 := -6;
    } else {
      v2 := v0 + a1;
      v3 := a0 + 5;
      v0 := 3 * a2 - a1;
    }
  }
  assume v5 != v6 + 20;
  v5 := 8;
  v0 := v1 + v1;
  if (v2 == 7) {
    v6 := v3 + 2;
    r := a1 - v1 + 1;
    v0 := v3 + 6;
    if (v2 <= 2) {
      r := -10;
      r := v5 + a0;
      v3 := -10;
    } else {
      v3 := 6;
      v5 := 2 * v6 - a0;
      r := a1 + v0;
    }
  } else {
    v0 := v4 - v2 + 1;
    v3 := v1 + v4;
    v2 := v1 - v5 + 6;
    if (v1 > a0) {
      v4 := v2 - v5 + 6;
      v5 := -9;
      v4 := a0 + v0;
    } else {
      v5 := a2 + a0;
      v3 := 3;
      v3 := 3 * v0 - v6;
    }
  }
  v4 := v1 + a2;
  v5 := v2 - 5;
  r := 2 * v4 - v0;
}
