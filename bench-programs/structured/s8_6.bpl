// gen-structured.py: 8 diamonds, 10 variables, seed 6
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  havoc v0;
  v1 := -4;
  v2 := 0;
  v3 := 3;
  v3 := -2;
  v3 := a1 - 5;
  r := -9;
  if (a1 >= a3) {
    r := -10;
    v1 := a3 + 0;
    r := 5;
    if (a2 <= a1) {
      r := a0 - 6;
      r := a2 + 7;
      r := a2 + a0;
    } else {
      v1 := -8;
      r := a3 - a4 + 4;
      v1 := -5;
    }
  } else {
    v2 := 2;
    v0 := a4 - a5 + 7;
    v3 := a0 + a3;
    if (a4 > a5) {
      v2 := a2 - a3 + 3;
      v1 := 3 * v0 - a5;
      v0 := 3 * a2 - v0;
    } else {
      v1 := 3 * v0 - v3;
      v2 := a2 + v0;
      v0 := 3 * v3 - a4;
    }
  }
  v3 := a5 + 7;
  r := v2 - a5 + 8;
  v2 := a4 + v2;
  if (v1 < -7) {
    assume a3 <= v3 + 2;
    v2 := a5 - 9;
    v0 := 10;
    if (v3 < 4) {
      v0 := a5 + 10;
      v2 := a4 + a0;
      v1 := a5 + 1;
    } else {
      v1 := a1 - v2 + 6;
      v1 := 2 * a3 - v3;
      r := a0 - 7;
    }
  } else {
    v2 := a3 + a4;
    v2 := 3 * v2 - a3;
    r := v1 + 4;
    if (a0 >= v0) {
      v0 := a5 - 2;
      v1 := a3 + a2;
      v0 := v1 + v0;
    } else {
      v0 := 3 * a2 - v2;
      r := v2 + a3;
      v0 := 3 * a5 - a4;
    }
  }
  v2 := 3 * v0 - a3;
  v3 := -5;
  v2 := 3;
  if (a1 < v2) {
    v2 := a1 - v0 + 6;
    v3 := -5;
    v3 := -4;
    if (a2 > v0) {
      v0 := 2 * v3 - a3;
      v0 := a5 + 4;
      v2 := a2 - v1 + 1;
    } else {
      v1 := a3 + 4;
      v3 := 9;
      r := a1 - v3 + 2;
    }
  } else {
    r := 3 * v0 - v0;
    v2 := a4 + v1;
    v2 := 2 * a3 - v3;
    if (v0 <= -3) {
      r := 9;
      v3 := -7;
      v2 := v3 - a0 + 3;
    } else {
      v0 := 3 * a4 - v0;
      r := 3 * v2 - a5;
      v0 := 4;
    }
  }
  v3 := a2 + a1;
  v3 := a2 + 5;
  v2 := 3 * a4 - v0;
  if (a2 < -2) {
    v0 := 1;
    v3 := v0 + a3;
    v3 := 10;
    if (a5 <= 2) {
      r := v0 - 8;
      r := a5 + 8;
      assume v2 >= a0 + 10;
    } else {
      v3 := 8;
      assume a1 != a5 + 18;
      v1 := a5 - 10;
    }
  } else {
    v2 := 8;
    v2 := a4 - a3 + 9;
    v2 := a0 + a5;
    if (v3 <= -2) {
      v1 := -1;
      r := v0 + 9;
      v2 := a4 - a4 + 7;
    } else {
      r := a3 + a5;
      v3 := a4 + a1;
      v3 := a5 + v1;
    }
  }
  v1 := v0 + a4;
  v0 := a2 - v3 + 1;
  r := 2 * v0 - a1;
  if (a3 < v2) {
    v0 := 2 * a3 - a2;
    v3 := -3;
    v3 := v3 + a1;
    if (v0 < -3) {
      r := a4 - 8;
      v0 := a3 + 2;
      r := -4;
    } else {
      v1 := 6;
      v0 := 7;
      v1 := -3;
    }
  } else {
    v3 := -4;
    v0 := a0 - a0 + 4;
    v0 := 2 * a5 - v3;
    if (a2 < -6) {
      v1 := a0 + v2;
      v2 := a0 + a2;
      v1 := a4 + 2;
    } else {
      r := a5 - v0 + 1;
      r := a3 + 3;
      v1 := 0;
    }
  }
  v2 := a4 + 4;
  r := v2 + 10;
  v0 := v1 + a3;
  if (v3 < a3) {
    r := 3 * a1 - v2;
    v3 := 3;
    v1 := a4 - 6;
    if (a0 > 9) {
      r := v1 - 5;
      v1 := a4 - 10;
      v3 := a5 - v1 + 6;
    } else {
      v3 := -8;
      v1 := -5;
      r := 3 * a1 - a4;
    }
  } else {
    v2 := v0 + a3;
    v3 := v0 - 2;
    v1 := 3 * a3 - v1;
    if (a0 >= v2) {
      v2 := -9;
      assume a0 != a4 + 6;
      r := -6;
    } else {
      r := 2 * a5 - a4;
      v1 := 1;
      r := v3 + 1;
    }
  }
  v2 := -1;
  v2 := 2 * v3 - a2;
  v1 := 9;
  if (v0 < 3) {
    v0 := -9;
    v1 := 7;
    v2 := 0;
    if (a5 < a4) {
      v2 := -5;
      v1 := a2 - v2 + 5;
      v0 := 3 * v1 - v2;
    } else {
      v0 := a3 + v0;
      v3 := 9;
      v0 := 3 * a2 - a1;
    }
  } else {
    v0 := a0 + a5;
    v2 := a3 - 9;
    v1 := 2 * a5 - a5;
    if (v0 > v1) {
      v3 := -4;
      v2 := a3 - v2 + 10;
      v2 := v3 + v3;
    } else {
      v3 := -7;
      v3 := v0 - a1 + 10;
      v3 := a0 + 4;
    }
  }
  v0 := -6;
  v3 := 4;
  v0 := v0 + a3;
  if (v0 > a3) {
    v0 := a0 - v1 + 2;
    v2 := 10;
    v3 := a4 - 9;
    if (a4 < a1) {
      v1 := 5;
      v0 := v1 + v2;
      v3 := 9;
    } else {
      v3 := a5 + a0;
      r := v1 + 0;
      v0 := a2 + 7;
    }
  } else {
    assume a3 >= v1 + 4;
    v2 := a4 + v1;
    v3 := v1 - 9;
    if (a4 <= a5) {
      v0 := 3 * v3 - a1;
      v2 := a1 + v2;
      r := v3 - a2 + 1;
    } else {
      r := -5;
      v3 := a1 + v0;
      v0 := a2 + a4;
    }
  }
  v1 := a0 - 6;
  v1 := v2 - a0 + 9;
  v1 := a4 + a0;
}
