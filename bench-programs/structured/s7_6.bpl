// gen-structured.py: 7 diamonds, 10 variables, seed 6
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v4;
  v0 := 4;
  v1 := 1;
  v2 := 0;
  v3 := -1;
  v2 := 2 * v0 - a1;
  v3 := v1 + a2;
  v2 := a4 + a1;
  if (v1 == 9) {
    v3 := a4 + v1;
    v1 := v2 + v4;
    r := a3 + 5;
    if (a1 >= 5) {
      v1 := v1 - a1 + 6;
      v2 := -9;
      v1 := v1 + v1;
    } else {
      v4 := 3 * v3 - a0;
      v1 := a4 - 7;
      v1 := v1 + v4;
    }
  } else {
    v0 := 1;
    v1 := 2 * v4 - v3;
    v0 := a4 - a2 + 3;
    if (v2 <= v3) {
      v4 := v1 - v4 + 3;
      v2 := 7;
      v1 := v2 - a1 + 6;
    } else {
      v0 := 3 * v4 - v1;
      v3 := a3 - a1 + 6;
      v0 := v1 - v1 + 5;
    }
  }
  v2 := v3 + 2;
  r := v2 + a4;
  v0 := v2 + v0;
  if (v3 > -5) {
    v4 := v4 - a4 + 8;
    v1 := 2 * a1 - a2;
    v1 := a1 + v1;
    if (a2 <= 2) {
      v1 := a0 - 2;
      v1 := a2 + a1;
      r := a2 - v4 + 3;
    } else {
      v1 := 2;
      r := 2 * v4 - v1;
      v0 := a4 - 7;
    }
  } else {
    v1 := v2 - 3;
    v3 := a2 - v1 + 5;
    v3 := 2 * a2 - a1;
    if (v0 > 3) {
      v4 := 2 * a0 - a4;
      r := a0 - a4 + 3;
      v2 := v4 + v0;
    } else {
      v2 := 0;
      v2 := a0 - v0 + 3;
      v1 := 9;
    }
  }
  v3 := 2 * a1 - v2;
  r := v1 - 9;
  v4 := -2;
  if (a3 > 1) {
    v3 := v1 + a4;
    v2 := v4 + 5;
    v0 := 9;
    if (v3 < v0) {
      v0 := v4 + a2;
      v2 := v4 + a2;
      v1 := -6;
    } else {
      r := 1;
      v3 := 5;
      r := -6;
    }
  } else {
    r := -4;
    r := a0 + v4;
    v0 := a3 + v4;
    if (v0 > 7) {
      v3 := 3 * v3 - v3;
      v1 := 0;
      v2 := v0 - a2 + 0;
    } else {
      assume v4 >= v3 + 18;
      v3 := a3 + a2;
      v0 := a2 + v0;
    }
  }
  r := 10;
  v2 := a2 - a2 + 1;
  v2 := v4 - a0 + 10;
  if (v4 == -4) {
    v1 := a0 - 1;
    v4 := 3 * a4 - a2;
    v3 := a3 - v2 + 10;
    if (v0 <= a0) {
      r := 3 * a4 - a2;
      r := -8;
      v0 := a0 + a3;
    } else {
      r := a1 - 8;
      r := 3 * a3 - a4;
      v3 := v2 + a0;
    }
  } else {
    v2 := v4 - v0 + 4;
    r := a0 + v3;
    r := -7;
    if (a0 == -10) {
      v2 := a0 + a2;
      v1 := v1 - a0 + 6;
      v1 := 1;
    } else {
      v3 := 2 * v3 - a3;
      r := a2 + a0;
      v4 := 2 * a4 - v3;
    }
  }
  v2 := a1 + 3;
  v0 := a1 + v4;
  v2 := 2 * v4 - a3;
  if (a1 > 9) {
    v2 := 3 * v4 - a2;
    v0 := 3 * v2 - a0;
    v1 := v4 + v0;
    if (v0 <= a1) {
      v0 := v1 + 2;
      v2 := v2 + 1;
      v2 := a1 - v4 + 2;
    } else {
      v2 := 0;
      v3 := v3 - v2 + 8;
      v4 := a0 - a4 + 1;
    }
  } else {
    r := 2 * a4 - v2;
    v4 := a3 + a0;
    v4 := 2 * v1 - v4;
    if (a2 < -9) {
      v0 := v4 - v3 + 6;
      v2 := v0 - a1 + 3;
      v2 := a2 + 5;
    } else {
      v1 := 3 * a2 - v1;
      v4 := a4 - a4 + 6;
      v2 := a4 - a1 + 8;
    }
  }
  v2 := v1 - 3;
  v0 := 8;
  v1 := a2 - v0 + 3;
  if (a4 <= -6) {
    r := a0 + a4;
    r := 2 * v2 - v0;
    r := a2 - 9;
    if (a0 < v1) {
      v1 := 3 * a1 - a1;
      v1 := 3 * v1 - a2;
      v4 := -10;
    } else {
      v0 := v0 - a0 + 2;
      r := a2 + 5;
      v1 := 5;
    }
  } else {
    r := a3 - v2 + 10;
    v0 := v4 - a1 + 3;
    v3 := v0 + v0;
    if (a3 < -10) {
      v1 := a2 - 1;
      v2 := 10;
      r := 2 * a1 - v3;
    } else {
      assume v1 <= v4 + 16;
      v0 := -9;
      r := a4 - 10;
    }
  }
  assume v1 != v0 + 8;
  v3 := a0 - a4 + 7;
  r := a2 + 9;
  if (a3 > 4) {
    v4 := a0 - v0 + 7;
    v3 := 2 * a4 - a4;
    v1 := v3 + v2;
    if (a0 > a3) {
      v1 := a0 + a0;
      v1 := a3 + a3;
      v4 := v4 + 4;
    } else {
      v4 := a0 + 4;
      v2 := -5;
      v0 := a3 + 8;
    }
  } else {
    v3 := a1 + 10;
    v0 := v2 + a2;
    r := a4 + 1;
    if (v1 < 8) {
      v0 := v4 + 9;
      r := 2;
      r := 2 * a4 - v4;
    } else {
      v4 := v1 + v2;
      r := 2 * v4 - a3;
      v2 := v0 + 10;
    }
  }
  v2 := 8;
  v2 := a1 + 9;
  v1 := a1 + 7;
}
