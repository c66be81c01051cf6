// gen-structured.py: 6 diamonds, 13 variables, seed 2
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  var v7: int;
  v0 := 0;
  v1 := 5;
  v2 := -3;
  v3 := 4;
  v4 := -2;
  v5 := 4;
  v6 := -2;
  v7 := -2;
  v2 := 3 * a4 - a3;
  v6 := a0 - 3;
  v0 := a1 - 1;
  if (v5 == 8) {
    v2 := v3 + a2;
    v1 := 3 * a4 - v3;
    v0 := a1 + 4;
    if (v2 <= -9) {
      v3 := 3 * a4 - a2;
      v5 := a0 - a2 + 1;
      v0 := v2 + a1;
    } else {
      v1 := v2 + v6;
      v3 := -10;
      v4 := v7 + v4;
    }
  } else {
    v4 := v5 - 7;
    v3 := v0 + v5;
    v3 := 2;
    if (v5 < v7) {
      v0 := 3 * a4 - v0;
      v1 := 2 * v3 - v7;
      v0 := v5 - 1;
    } else {
      v1 := a2 + v1;
      v6 := 2 * a3 - v6;
      r := v3 - v4 + 3;
    }
  }
  r := a4 - a0 + 5;
  v7 := a1 + v3;
  v3 := v6 + 7;
  if (a0 <= -3) {
    v2 := v6 + a0;
    v6 := v7 + 6;
    v6 := a2 - 7;
    if (v2 <= a3) {
      v4 := 2;
      v5 := v3 + a0;
      assume a2 <= v7 + 16;
    } else {
      v1 := v3 + v5;
      v1 := a1 + 10;
      v0 := 6;
    }
  } else {
    v3 := v4 + a0;
    v2 := a1 - 3;
    v7 := 8;
    if (v0 > v2) {
      v6 := 2 * v1 - a3;
      v2 := v1 + 8;
      v6 := v0 - a0 + 1;
    } else {
      v3 := v2 - v7 + 1;
      v0 := a2 - v2 + 6;
      v7 := a2 - v7 + 1;
    }
  }
  v3 := v3 - v3 + 7;
  v5 := 2 * v6 - v3;
  v6 := v6 + v2;
  if (v6 < v5) {
    v3 := v7 + 2;
    r := -7;
    r := a3 - 10;
    if (v3 > -2) {
      v5 := v5 + 4;
      v5 := v0 + 6;
      v1 := 1;
    } else {
      v4 := 2 * v4 - a0;
      v2 := 2 * v0 - v2;
      v6 := -6;
    }
  } else {
    v4 := 3 * v6 - v2;
    v5 := 3 * a1 - v3;
    v1 := -4;
    if (v5 >= 4) {
      v4 := v7 + 0;
      v2 := a0 - a3 + 9;
      v7 := 2;
    } else {
      v2 := a4 - v7 + 1;
      v3 := 2 * v4 - a4;
      v7 := a3 + 1;
    }
  }
  v0 := 3 * v1 - a3;
  v2 := 10;
  v7 := 2 * v4 - v3;
  if (a0 < 3) {
    v3 := a2 - a1 + 8;
    v3 := v2 + 6;
    v1 := v6 - 7;
    if (a0 > 4) {
      v7 := v2 + 4;
      v7 := v1 + v7;
      v3 := a4 + v3;
    } else {
      r := v3 - v7 + 0;
      v1 := v1 + 7;
      v7 := a0 - 3;
    }
  } else {
    v7 := a2 + a0;
    v2 := v1 + v1;
    v1 := v7 - a0 + 9;
    if (v0 < 1) {
      r := a0 - v2 + 5;
      assume a4 != a2 + 20;
      v7 := a2 - v5 + 6;
    } else {
      v4 := 3 * a4 - v0;
      v7 := -5;
      v1 := -10;
    }
  }
  v0 := a1 - v3 + 1;
  v4 := 2 * v6 - v4;
  v7 := 6;
  if (a2 <= v3) {
    v6 := a2 + 5;
    assume a4 <= a0 + 17;
    v3 := 3 * a0 - v1;
    if (v0 < v7) {
      v7 := a2 + v1;
      v0 := 2 * v1 - v2;
      v5 := 4;
    } else {
      v5 := 4;
      v1 := 2 * a2 - v7;
      v1 := a1 + 7;
    }
  } else {
    v5 := v0 - v3 + 5;
    v3 := a4 - 5;
    v6 := 10;
    if (a3 < -3) {
      v1 := 2;
      v3 := -9;
      v3 := 6;
    } else {
      v1 := v3 + 0;
      v4 := v2 + v5;
      v2 := v3 - v7 + 0;
    }
  }
  v3 := v2 - v3 + 10;
  v2 := a0 + v0;
  v4 := v2 - v1 + 4;
  if (v3 < v0) {
    v2 := 3;
    v1 := -10;
    v5 := 3 * v6 - v6;
    if (v7 == -10) {
      assume v6 != v3 + 16;
      v7 := v1 - 2;
      v7 := -4;
    } else {
      v4 := -1;
      r := 2 * v7 - v6;
      v6 := v5 + v5;
    }
  } else {
    v0 := a2 + 4;
    v4 := v2 - 8;
    v0 := v2 + a4;
    if (a1 > -6) {
      v0 := v2 + a1;
      v1 := v5 - 2;
      v0 := v1 + v7;
    } else {
      v4 := a4 - 9;
      v0 := v2 + 5;
      assume v7 != v3 + 19;
    }
  }
  v6 := v1 - a3 + 4;
  v2 := a1 - v5 + 10;
  v3 := a0 + 5;
}
