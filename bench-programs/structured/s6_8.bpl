// gen-structured.py: 6 diamonds, 10 variables, seed 8
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v2, v3, v4;
  v0 := 3;
  v1 := -1;
  v4 := v3 + 6;
  v1 := 9;
  r := v1 + a0;
  if (a4 <= -5) {
    v3 := v2 - a4 + 7;
    v3 := 2 * v2 - v3;
    v2 := -3;
    if (a2 >= 8) {
      v1 := 2 * v3 - v1;
      r := 7;
      r := v2 + a3;
    } else {
      v1 := 10;
      v1 := 3 * v4 - v1;
      v2 := 3 * a4 - a3;
    }
  } else {
    v3 := 2 * v1 - v3;
    v3 := a3 - a3 + 8;
    v0 := 3 * a1 - a4;
    if (v3 > a2) {
      v3 := 2 * a2 - v4;
      v4 := 3 * a4 - a4;
      v0 := v1 - 1;
    } else {
      v4 := -5;
      v1 := 3 * v2 - a4;
      v1 := v0 - 8;
    }
  }
  r := v2 - v3 + 9;
  v4 := 2 * a4 - a0;
  v0 := v3 + a4;
  if (a1 > v1) {
    r := a4 - a4 + 5;
    r := 5;
    v3 := 2 * v1 - v3;
    if (a1 == 5) {
      v2 := a0 + a4;
      v0 := 0;
      v2 := 2 * a0 - v1;
    } else {
      r := v2 - 2;
      r := a4 - 3;
      v3 := v2 - 3;
    }
  } else {
    v0 := v4 + v4;
    v4 := 3 * v3 - a2;
    r := a4 + 8;
    if (v0 >= 5) {
      v1 := -1;
      r := a4 + 9;
      v0 := v2 + a1;
    } else {
      v4 := a2 + v4;
      v1 := v3 + v3;
      v4 := a2 + 1;
    }
  }
  v4 := a1 - v3 + 9;
  v0 := v4 - a1 + 4;
  v1 := -5;
  if (a4 <= 7) {
    v3 := 10;
    v0 := v1 + a0;
    v2 := a4 - 6;
    if (v4 < 1) {
      assume v3 >= a2 + 5;
      v1 := a3 + v1;
      v4 := v1 + 1;
    } else {
      v4 := v1 + a1;
      v3 := 3 * a3 - a3;
      v0 := 10;
    }
  } else {
    v0 := a3 - 6;
    v0 := -10;
    v2 := 2 * v2 - v2;
    if (a4 <= a3) {
      r := 2 * a3 - a3;
      assume a1 >= a0 + 8;
      v0 := -10;
    } else {
      v0 := 2 * a1 - a0;
      v2 := v1 - v2 + 9;
      r := 0;
    }
  }
  r := 2 * v4 - a2;
  v4 := 2 * v1 - a0;
  v0 := a3 + v0;
  if (a0 == -4) {
    v1 := 9;
    v0 := v0 + 8;
    v0 := -10;
    if (a2 <= -3) {
      v4 := a0 - v0 + 8;
      v2 := a4 - v4 + 1;
      v4 := a0 - a4 + 7;
    } else {
      v4 := v0 + v1;
      r := 3 * v1 - v3;
      v1 := a4 + 7;
    }
  } else {
    v2 := -8;
    v0 := 5;
    v1 := v2 + v2;
    if (v4 <= a2) {
      v0 := 2 * a0 - a0;
      assume a4 != v3 + 17;
      v1 := 10;
    } else {
      r := -9;
      v3 := v1 - a2 + 0;
      r := 0;
    }
  }
  v4 := v0 + a0;
  v0 := v3 + 9;
  v4 := 3 * a4 - v1;
  if (a4 > v3) {
    v4 := v1 + 4;
    v2 := a2 - a2 + 1;
    v3 := -9;
    if (a4 < v0) {
      v3 := a1 - a3 + 7;
      r := a2 - 7;
      v1 := a1 - 8;
    } else {
      v1 := a2 - 7;
      r := a0 + v3;
      r := a3 - v4 + 9;
    }
  } else {
    v4 := -2;
    v0 := v4 + 7;
    v3 := 3 * v3 - v2;
    if (v1 > 5) {
      v2 := 2 * v2 - v3;
      v1 := v0 - a2 + 3;
      r := 7;
    } else {
      v2 := v0 - 9;
      v0 := 3 * a0 - a3;
      v1 := -7;
    }
  }
  v4 := -2;
  v3 := v3 + 8;
  v2 := v3 - v1 + 3;
  if (v3 > 7) {
    v3 := 2 * v3 - v3;
    r := v4 - v2 + 4;
    v3 := a1 + v1;
    if (v2 < a3) {
      v2 := a4 + a3;
      r := v2 + v1;
      v0 := a2 + v2;
    } else {
      v0 := a1 - 9;
      v3 := 2 * v2 - v0;
      r := a3 - v4 + 10;
    }
  } else {
    v4 := 10;
    assume v3 <= v1 + 11;
    v4 := v2 - 6;
    if (a1 == 2) {
      v1 := v4 - v2 + 4;
      v3 := 2 * v1 - a2;
      v2 := v0 + a3;
    } else {
      r := a3 - a2 + 3;
      v4 := v2 - v3 + 9;
      r := a3 - v0 + 1;
    }
  }
  v2 := 8;
  r := v1 + a2;
  v3 := v2 + v1;
}
