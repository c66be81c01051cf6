// gen-structured.py: 8 diamonds, 10 variables, seed 5
procedure main(a0: int, a1: int, a2: int, a3: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  havoc v2;
  v0 := -3;
  v1 := -3;
  v3 := -2;
  v4 := 1;
  v5 := -1;
  v5 := v3 + a0;
  v1 := v0 - v4 + 10;
  r := v0 + 7;
  if (v1 < a3) {
    v2 := -8;
    v4 := v1 + 6;
    v5 := a0 + a2;
    if (v0 > v3) {
      v0 := -9;
      r := v2 - a3 + 9;
      v5 := v0 + a2;
    } else {
      v1 := 3 * a1 - v2;
      v2 := 3 * a2 - a2;
      v5 := 3 * v2 - v2;
    }
  } else {
    r := v5 + a0;
    v4 := v1 - v2 + 5;
    v5 := -6;
    if (v3 > -8) {
      v1 := a2 - 3;
      v5 := -8;
      v5 := 3 * v4 - a1;
    } else {
      v0 := v2 - 10;
      v1 := a1 + v2;
      r := a1 - 3;
    }
  }
  v5 := v2 - v0 + 9;
  r := 3 * v0 - v4;
  v1 := -2;
  if (a1 > -3) {
    v5 := 8;
    r := 2 * v2 - a1;
    v1 := 3 * v0 - v3;
    if (v1 < a3) {
      v3 := 3 * a2 - v5;
      v5 := 2 * v4 - v2;
      v3 := v1 + a1;
    } else {
      v0 := 2 * a3 - v2;
      v0 := v3 + v4;
      v0 := a2 - 7;
    }
  } else {
    v3 := 1;
    v2 := v2 - v3 + 1;
    v0 := -4;
    if (a1 > a2) {
      v1 := 2 * v4 - v0;
      v1 := a2 - a2 + 3;
      v3 := -6;
    } else {
      r := a2 - 3;
      v2 := -3;
      v2 := a1 - 9;
    }
  }
  r := -1;
  v3 := 3 * v3 - v1;
  v1 := v4 + a1;
  if (v2 > -1) {
    v3 := a0 + a3;
    r := 3 * a1 - a3;
    v0 := v5 + a0;
    if (a0 < v5) {
      v3 := 2 * a1 - v4;
      v5 := v1 + 5;
      v4 := a1 + v2;
    } else {
      v1 := v3 + 1;
      v3 := v5 - v1 + 6;
      v0 := v5 + 10;
    }
  } else {
    v0 := v1 - a0 + 1;
    v0 := v3 - a0 + 4;
    v0 := v0 + v0;
    if (v0 > 2) {
      v4 := a3 - 2;
      v5 := 8;
      v5 := a3 + v2;
    } else {
      v5 := a2 - 3;
      v0 := v4 + 1;
      v2 := v2 + 10;
    }
  }
  v3 := 2 * v3 - a2;
  r := -10;
  v3 := 2;
  if (a1 >= 1) {
    v2 := a3 - a2 + 3;
    v1 := 3 * v2 - a2;
    v2 := v4 - v1 + 4;
    if (v1 > a2) {
      v5 := v0 - 10;
      v5 := 3 * v5 - v0;
      v2 := -4;
    } else {
      r := 2 * v5 - a2;
      r := 3 * a2 - a3;
      v2 := v0 + v2;
    }
  } else {
    v5 := -7;
    v5 := -2;
    v0 := v4 + 5;
    if (a3 >= v2) {
      v1 := v1 + v4;
      v3 := 2 * v2 - a3;
      assume v2 != a3 + 10;
    } else {
      v4 := a2 + v3;
      v0 := v2 - 2;
      v5 := v0 + v3;
    }
  }
  r := 2 * v0 - v2;
  v0 := v4 + a2;
  v3 := v3 + 2;
  if (v3 < v2) {
    v5 := v3 - a0 + 2;
    v4 := v1 + v3;
    v1 := v1 + 3;
    if (v4 < v2) {
      v4 := -10;
      r := v3 - v4 + 6;
      v1 := v1 + v4;
    } else {
      r := 2 * v2 - a1;
      v5 := 3 * a2 - v1;
      r := a1 + 6;
    }
  } else {
    v2 := v5 + 8;
    v2 := v4 + a0;
    v1 := v2 - a2 + 9;
    if (v3 == -1) {
      v1 := v0 + v1;
      v3 := v0 + 0;
      v2 := 0;
    } else {
      v0 := a0 - 6;
      v5 := v2 + v3;
      v2 := v4 - a1 + 2;
    }
  }
  v0 := -10;
  v3 := v5 + v2;
  v5 := v3 + a0;
  if (a2 <= -2) {
    v2 := v4 - a1 + 5;
    v2 := 4;
    v5 := -3;
    if (a2 > 6) {
      v2 := a1 + 8;
      v2 := 2 * a1 - v5;
      v5 := -5;
    } else {
      v3 := a2 - v0 + 9;
      v5 := -9;
      r := -9;
    }
  } else {
    r := 3 * a1 - a2;
    v4 := 3 * v3 - a0;
    r := a0 + a1;
    if (v4 <= v1) {
      v1 := a2 - a3 + 1;
      v5 := 3 * v2 - v5;
      v3 := v5 + a1;
    } else {
      r := v4 + a2;
      v2 := 2 * a1 - v5;
      v0 := 2 * v0 - a2;
    }
  }
  v0 := a0 + 10;
  v2 := v0 - v4 + 2;
  v3 := v5 + v1;
  if (v3 <= v1) {
    v1 := a1 + 1;
    v4 := v3 - a2 + 10;
    r := v3 + a2;
    if (a1 <= -7) {
      r := v2 + 2;
      r := v0 - v1 + 10;
      r := v3 + v2;
    } else {
      v1 := v1 + 10;
      v2 := a1 + a1;
      v4 := -1;
    }
  } else {
    v1 := 3 * v0 - v2;
    v3 := a0 + 0;
    v0 := v4 + v1;
    if (a3 < v1) {
      v2 := -2;
      v4 := 3 * v0 - v1;
      v5 := a2 + 8;
    } else {
      v5 := 2;
      v2 := a0 + a2;
      v3 := v0 + v0;
    }
  }
  v1 := 3 * v1 - v4;
  v3 := a1 - v5 + 3;
  v4 := a0 + a0;
  if (v0 == -8) {
    v3 := a1 + v5;
    v1 := 3 * v2 - a1;
    v1 := 2 * a3 - v2;
    if (a1 < a0) {
      v1 := v3 + a3;
      assume a3 <= v5 + 16;
      v1 := 7;
    } else {
      v4 := a2 - a2 + 5;
      v0 := v1 - v0 + 4;
      v5 := a0 - v4 + 9;
    }
  } else {
    v4 := v3 - v1 + 10;
    v5 := 3 * a3 - a1;
    v0 := v5 + v0;
    if (a1 > 2) {
      v2 := v5 + v3;
      v5 := -1;
      v2 := v4 + v2;
    } else {
      v3 := v0 - v1 + 6;
      v0 := v2 - a2 + 1;
      v4 := v1 - 7;
    }
  }
  assume v2 <= a0 + 5;
  v5 := v4 - a2 + 4;
  r := v4 + v0;
}
