// gen-structured.py: 9 diamonds, 10 variables, seed 8
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v0;
  v1 := 2;
  v2 := 2;
  v3 := 4;
  v4 := -1;
  r := 2 * a2 - a1;
  v3 := v4 - a1 + 10;
  r := v0 - v0 + 7;
  if (a1 <= a3) {
    assume v3 <= a2 + 9;
    v1 := 3 * a4 - v3;
    r := 3 * v4 - v1;
    if (v0 == 4) {
      v4 := v1 - a1 + 3;
      v3 := 4;
      v1 := -4;
    } else {
      v2 := 3 * a0 - v2;
      v4 := -9;
      v1 := a3 - a2 + 4;
    }
  } else {
    v0 := v3 + v1;
    v1 := -7;
    v0 := v2 + 8;
    if (a2 <= 3) {
      v4 := 3;
      v2 := v3 - 7;
      v1 := a1 - v1 + 5;
    } else {
      v4 := v4 - v2 + 6;
      r := 2 * a1 - a1;
      v1 := v3 - 4;
    }
  }
  r := 2;
  v1 := -1;
  v1 := 3 * v1 - a0;
  if (a4 <= -8) {
    v3 := 2 * v3 - v4;
    v1 := v3 - 10;
    v2 := v1 - 7;
    if (v4 > v0) {
      v1 := 5;
      v3 := 3 * v4 - a2;
      v4 := 2 * a3 - a3;
    } else {
      v1 := v0 - v4 + 10;
      r := a2 - a2 + 2;
      v3 := v3 - 8;
    }
  } else {
    v4 := v4 - v4 + 3;
    r := a3 + a1;
    v3 := 5;
    if (a2 >= v2) {
      v0 := 1;
      v1 := a2 - 6;
      v0 := v4 + a3;
    } else {
      v1 := 10;
      r := a4 + a0;
      v1 := v2 + a3;
    }
  }
  v4 := v1 - a2 + 1;
  v1 := 3;
  r := a4 - a0 + 4;
  if (v1 >= 10) {
    v3 := a1 + v3;
    v2 := v1 + a2;
    v0 := v4 - a3 + 9;
    if (v2 > 10) {
      v4 := a0 + v0;
      v1 := a3 + v2;
      r := 2 * v1 - v4;
    } else {
      v3 := 9;
      v1 := a1 + v3;
      v2 := -10;
    }
  } else {
    v2 := 2 * v4 - v0;
    v1 := 3 * v2 - a0;
    v1 := v1 + a1;
    if (a3 < v0) {
      v2 := v4 - v0 + 5;
      v2 := 3 * v3 - a0;
      v0 := 6;
    } else {
      v0 := v1 + v3;
      v0 := v2 - a3 + 8;
      r := a2 + v1;
    }
  }
  v1 := v4 - a4 + 3;
  v4 := v3 + v3;
  v4 := a4 + a2;
  if (v0 > -2) {
    v1 := 3 * v2 - v4;
    v1 := a4 - v0 + 2;
    v2 := v0 + a2;
    if (v3 <= -1) {
      v3 := a3 - v3 + 3;
      v4 := 3 * a0 - v2;
      v3 := 3 * a4 - v4;
    } else {
      v2 := 2 * v1 - v2;
      v0 := v1 - v2 + 1;
      v3 := a1 + a1;
    }
  } else {
    v2 := 2 * a4 - v1;
    r := a4 + 9;
    r := -7;
    if (v0 <= v1) {
      r := v1 + v3;
      v4 := a0 - 4;
      v3 := a4 + v1;
    } else {
      v4 := v2 + 9;
      v0 := v2 + 7;
      assume v4 <= a3 + 3;
    }
  }
  v4 := v1 - v3 + 1;
  v4 := a1 - v0 + 9;
  v3 := a2 - v4 + 1;
  if (a2 < v1) {
    v1 := -8;
    r := v2 + a3;
    v1 := a3 + v3;
    if (v1 == 5) {
      v4 := 3;
      v1 := -2;
      v1 := a0 + 8;
    } else {
      r := a0 + v2;
      v0 := -9;
      v3 := 2 * a3 - a3;
    }
  } else {
    v2 := v3 - a2 + 7;
    r := 10;
    v2 := 2 * v2 - v1;
    if (a2 == 2) {
      r := a4 + a0;
      v3 := v4 - v3 + 8;
      v4 := a3 + v0;
    } else {
      v0 := v4 - v1 + 4;
      v3 := 3 * v2 - v3;
      v0 := v1 - 2;
    }
  }
  v2 := 3 * a2 - a3;
  v3 := v1 - 9;
  v2 := 2 * a4 - v4;
  if (v2 == -6) {
    v2 := 3 * v3 - a3;
    assume a0 != a1 + 4;
    v1 := a0 - a4 + 7;
    if (a4 <= v3) {
      v0 := a0 - a2 + 7;
      v0 := v4 + 5;
      assume v1 >= a2 + 17;
    } else {
      v4 := a2 + a0;
      v1 := 2 * a1 - v2;
      v3 := a4 - v1 + 6;
    }
  } else {
    v2 := v1 - a4 + 4;
    v0 := a4 - 1;
    v3 := v1 + a4;
    if (v4 > 10) {
      v1 := a3 + 8;
      v1 := v2 - a0 + 10;
      v4 := -1;
    } else {
      v4 := -3;
      v3 := 3;
      v4 := -8;
    }
  }
  v3 := a3 + 5;
  v3 := 3 * v2 - v4;
  v2 := v3 - v0 + 1;
  if (v2 > -1) {
    v3 := 6;
    v4 := a3 - a0 + 8;
    v2 := -6;
    if (a1 > v0) {
      v4 := 2 * v0 - v4;
      v3 := -10;
      v0 := v1 + 2;
    } else {
      v2 := a3 + v4;
      v2 := a3 - 1;
      v2 := a1 - v1 + 2;
    }
  } else {
    r := 0;
    v0 := a1 - a2 + 4;
    v4 := v1 - a1 + 4;
    if (v2 > a2) {
      v4 := v0 + a0;
      v1 := 1;
      v3 := a0 + 9;
    } else {
      assume a2 <= v3 + 15;
      v4 := 2 * v1 - a3;
      v2 := -2;
    }
  }
  v4 := v1 + v3;
  assume a2 != v3 + 2;
  v4 := -7;
  if (a4 > 0) {
    v0 := 3 * a1 - v0;
    v3 := a1 + 3;
    v4 := a4 - 4;
    if (v3 < a1) {
      v4 := -4;
      v2 := a0 + a1;
      v3 := a3 - a2 + 4;
    } else {
      v1 := a0 + a3;
      v4 := 2 * v4 - a2;
      v1 := 3 * a3 - a1;
    }
  } else {
    v3 := v4 - v1 + 4;
    v0 := v3 + 10;
    assume a2 >= v1 + 6;
    if (v4 < a4) {
      v0 := a3 + 6;
      v1 := 2 * v1 - v1;
      v4 := 9;
    } else {
      v4 := 2 * v0 - a4;
      v4 := 2 * v2 - v0;
      v2 := v1 + 5;
    }
  }
  v2 := 3 * v0 - a3;
  v2 := v3 + 5;
  v0 := 3 * v4 - a1;
  if (a4 >= v1) {
    v2 := v1 + a4;
    v4 := 3 * a2 - v2;
    v4 := a3 - 10;
    if (a3 > 6) {
      v0 := -9;
      v3 := 2 * v2 - v4;
      assume v1 >= v4 + 18;
    } else {
      v2 := 2 * a0 - v4;
      v0 := 3 * v2 - a2;
      v2 := a4 + a2;
    }
  } else {
    v0 := -7;
    v4 := a3 + v1;
    v4 := v3 + a2;
    if (v1 > -9) {
      v3 := 5;
      r := a1 - v3 + 6;
      v0 := 5;
    } else {
      v2 := 2 * a4 - a1;
      v0 := v0 - 3;
      v0 := v1 + a4;
    }
  }
  r := a2 + a1;
  v1 := 3 * v3 - v3;
  v4 := 3 * a2 - v4;
}
