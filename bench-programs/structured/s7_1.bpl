// gen-structured.py: 7 diamonds, 10 variables, seed 1
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  v0 := 3;
  v1 := -4;
  v2 := -3;
  v3 := 5;
  v4 := -3;
  v4 := -3;
  v4 := -4;
  v1 := 2 * v1 - v0;
  if (v4 > -4) {
    r := 3 * v3 - a4;
    v3 := 5;
    v3 := a0 + 9;
    if (v3 > a2) {
      v3 := a4 - a1 + 1;
      v4 := a0 - v3 + 1;
      v4 := v2 - 9;
    } else {
      v0 := 3 * v4 - a2;
      v2 := a0 + 1;
      v3 := v2 + v4;
    }
  } else {
    v4 := v2 - v3 + 8;
    r := 3;
    r := a4 - v4 + 5;
    if (a2 > 4) {
      assume a3 <= v1 + 15;
      r := a1 - v2 + 6;
      v1 := v1 + a1;
    } else {
      r := v0 - v1 + 4;
      v4 := 8;
      assume a4 <= a3 + 9;
    }
  }
  v2 := v4 - v3 + 5;
  v2 := a2 - a2 + 9;
  v1 := a1 - 9;
  if (a2 >= -2) {
    v3 := v2 + v3;
    v2 := 5;
    v1 := v1 - a0 + 7;
    if (a2 <= a4) {
      v0 := a2 - v0 + 4;
      v0 := 2 * a0 - a3;
      v0 := v2 - 8;
    } else {
      v3 := a0 - a2 + 6;
      v1 := a0 - v4 + 0;
      v0 := 3 * a4 - a4;
    }
  } else {
    v4 := a3 - v2 + 4;
    v2 := -7;
    v4 := 2 * v2 - v2;
    if (a2 == -1) {
      v1 := a2 - v1 + 3;
      v3 := 3 * v1 - v2;
      v0 := a4 + a4;
    } else {
      v1 := a0 - v0 + 5;
      v1 := -5;
      v3 := a3 - v2 + 3;
    }
  }
  v3 := 5;
  v0 := v3 + v3;
  v4 := -3;
  if (v4 < 7) {
    v3 := -6;
    r := 7;
    v3 := v4 - 6;
    if (a0 < v3) {
      v1 := a2 - a3 + 4;
      v0 := v3 + a3;
      v0 := a4 + 2;
    } else {
      v0 := 2 * a2 - v1;
      r := 8;
      v4 := a0 - v3 + 6;
    }
  } else {
    v2 := v4 + v1;
    v3 := 10;
    v0 := a3 - v3 + 2;
    if (a1 < 6) {
      v3 := a4 + a0;
      v1 := 2 * v3 - a2;
      v4 := a0 + v4;
    } else {
      v0 := a2 + a0;
      v0 := a0 - 3;
      v1 := a4 - a1 + 1;
    }
  }
  v4 := 2 * a1 - v1;
  v4 := a4 + a4;
  v2 := 2 * v2 - a3;
  if (v0 <= a4) {
    v4 := a2 + v0;
    v3 := 2 * a1 - a3;
    v2 := v2 - a0 + 8;
    if (v4 < -3) {
      v2 := a1 - v0 + 2;
      r := v2 + a1;
      v4 := 10;
    } else {
      v3 := 3 * a4 - v4;
      v2 := a3 + 1;
      v3 := v4 + v2;
    }
  } else {
    v1 := v3 + a4;
    v2 := -9;
    v4 := 7;
    if (a2 > -1) {
      v2 := v2 - a0 + 2;
      assume a1 != v1 + 4;
      v4 := v2 + a0;
    } else {
      r := 3 * v3 - v1;
      v4 := a1 + v4;
      v3 := 3 * v4 - v1;
    }
  }
  v3 := 2;
  v1 := 5;
  v4 := a1 - v1 + 7;
  if (a1 > 1) {
    v3 := -8;
    v3 := a0 + a4;
    v1 := a4 - v0 + 2;
    if (v0 > -1) {
      v1 := 3 * v3 - a4;
      r := a0 - a3 + 9;
      v2 := 2 * v2 - a2;
    } else {
      v2 := v1 - v3 + 9;
      v2 := v4 + v3;
      v0 := v3 - v1 + 2;
    }
  } else {
    v4 := 2;
    v1 := a4 + 9;
    r := a0 + 6;
    if (a2 < -1) {
      assume a2 <= v2 + 1;
      v4 := v0 - a2 + 7;
      v0 := a1 - a0 + 6;
    } else {
      r := a1 + 9;
      v1 := -7;
      v4 := v1 + 7;
    }
  }
  v1 := a1 - a4 + 9;
  v0 := a3 + a4;
  v1 := a1 - 1;
  if (a3 == -6) {
    v4 := 3 * v2 - v2;
    v4 := 5;
    v2 := v0 - v4 + 2;
    if (a4 > a3) {
      r := v1 + a3;
      v0 := a0 + v1;
      v0 := 3 * v0 - a0;
    } else {
      v2 := a1 + a1;
      r := a0 - 7;
      v0 := 6;
    }
  } else {
    v1 := -3;
    r := a0 + 1;
    v0 := v4 - a0 + 1;
    if (a1 > v0) {
      r := 3 * a2 - a0;
      v4 := a0 - a4 + 10;
      r := v1 - a2 + 2;
    } else {
      v3 := v1 + v2;
      v2 := a1 - v2 + 3;
      v1 := 0;
    }
  }
  v4 := a2 - a3 + 9;
  v3 := a0 + a0;
  v3 := a0 + 6;
  if (a4 > v1) {
    v3 := -4;
    v2 := 2 * a2 - v2;
    v2 := v4 + a4;
    if (v0 > a0) {
      v3 := 2 * v0 - v1;
      v0 := -6;
      v1 := a2 + v1;
    } else {
      v0 := 3 * v0 - v0;
      v4 := a3 - 5;
      v2 := v0 - a2 + 3;
    }
  } else {
    v0 := a4 + 5;
    v2 := v4 - v1 + 5;
    r := 2 * a3 - v1;
    if (v1 >= a1) {
      v1 := 0;
      r := -10;
      v1 := -9;
    } else {
      v2 := a3 - a4 + 2;
      r := a1 - a1 + 4;
      v2 := v0 - v4 + 9;
    }
  }
  r := a3 + a2;
  v4 := v4 + 10;
  r := a4 - a0 + 2;
}
