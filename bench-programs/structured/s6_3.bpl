// gen-structured.py: 6 diamonds, 10 variables, seed 3
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  havoc v0, v1, v3, v4;
  v2 := 0;
  r := -3;
  v2 := a4 + 6;
  v4 := -3;
  if (v3 < v1) {
    v0 := 3 * a2 - v0;
    v0 := a1 - v1 + 5;
    v4 := 3 * v3 - a3;
    if (a3 > -7) {
      v1 := 2 * v1 - a4;
      v4 := a2 + v1;
      v2 := a0 + v0;
    } else {
      v1 := a1 + 0;
      v3 := v3 - 10;
      v2 := a2 - v4 + 6;
    }
  } else {
    v2 := 2 * a0 - a3;
    v2 := v3 - 6;
    r := v2 + v0;
    if (v1 <= v0) {
      v0 := v3 + v1;
      r := a0 + v4;
      r := v3 + v1;
    } else {
      v1 := -5;
      v4 := a3 + v1;
      v3 := 0;
    }
  }
  v3 := v4 - a0 + 3;
  r := v0 + a0;
  v4 := v3 + v0;
  if (a0 == 8) {
    v0 := a4 - v0 + 1;
    v0 := a2 - 3;
    v1 := -8;
    if (a1 < v0) {
      v4 := v0 - 4;
      v3 := 2 * v1 - v1;
      v2 := 3 * a0 - a4;
    } else {
      v0 := v0 + a0;
      v2 := -10;
      v1 := v0 + 10;
    }
  } else {
    v1 := 3 * v1 - v0;
    v4 := a3 - a3 + 6;
    v4 := 2;
    if (v2 < v1) {
      r := a4 + a3;
      v2 := 3 * v4 - a1;
      r := a2 - a3 + 9;
    } else {
      v2 := v3 - v1 + 2;
      v4 := 2 * v0 - a3;
      v1 := v2 - a2 + 10;
    }
  }
  v4 := v3 - 4;
  v4 := a1 + 7;
  v1 := -10;
  if (a0 > v3) {
    v4 := v2 - v3 + 0;
    r := v4 + a3;
    v2 := v3 + a0;
    if (a1 <= 4) {
      v2 := a0 + a0;
      v1 := 3 * a0 - v0;
      v3 := a0 - 10;
    } else {
      v3 := a1 + a1;
      v4 := 3 * a4 - v4;
      assume v2 <= a4 + 17;
    }
  } else {
    r := v3 - a4 + 5;
    assume v2 <= v3 + 9;
    v2 := v2 - 7;
    if (a3 > 6) {
      v3 := 1;
      v0 := 2;
      v0 := a0 + v1;
    } else {
      v1 := a1 + 2;
      assume v1 <= a2 + 18;
      v3 := 2 * v3 - a1;
    }
  }
  v3 := v3 + 1;
  v2 := 6;
  v3 := 3 * v0 - a4;
  if (v4 <= v0) {
    v4 := -4;
    v4 := v0 - 3;
    v1 := 3 * a4 - v1;
    if (v4 >= -10) {
      v1 := v3 + a0;
      v0 := a3 + v3;
      v3 := a1 - 1;
    } else {
      v2 := a2 - a4 + 3;
      v3 := v2 - v1 + 6;
      v4 := a0 - 8;
    }
  } else {
    v4 := 2 * a3 - a2;
    r := v3 - v4 + 7;
    assume a0 <= a3 + 14;
    if (a1 <= v1) {
      r := -2;
      r := v3 + 9;
      v1 := a1 + a4;
    } else {
      v4 := 0;
      v2 := v4 - v1 + 7;
      r := 2 * a2 - a1;
    }
  }
  v1 := v3 + v2;
  v0 := v4 - v1 + 0;
  v0 := a2 - 2;
  if (a0 > 6) {
    v3 := 10;
    r := 7;
    v0 := a2 + a3;
    if (a0 < v1) {
      v0 := a0 + a0;
      v1 := v0 - v3 + 6;
      v3 := 1;
    } else {
      v0 := 3 * v3 - v0;
      v0 := v0 + a1;
      r := 2;
    }
  } else {
    v2 := -8;
    v3 := 2 * v1 - v3;
    r := a1 - 10;
    if (a3 > v2) {
      r := v4 + v2;
      v1 := 6;
      r := 4;
    } else {
      v4 := v0 + v4;
      v0 := a0 + v0;
      v2 := a0 + 5;
    }
  }
  v2 := a2 + a3;
  v2 := a4 - v4 + 1;
  v2 := a4 + a3;
  if (v3 >= v0) {
    v2 := a2 - v3 + 2;
    v2 := v3 + 4;
    v4 := v2 - 8;
    if (v2 >= -9) {
      v2 := -10;
      v2 := 2 * v0 - a1;
      v0 := 10;
    } else {
      v4 := a3 - 10;
      v4 := 2 * v1 - a4;
      v3 := a4 - v3 + 7;
    }
  } else {
    r := v1 - a2 + 5;
    v3 := 3 * a2 - a4;
    r := a0 - v4 + 5;
    if (v4 < a0) {
      v0 := 3 * a1 - v2;
      v4 := a1 - 9;
      r := a3 - v0 + 3;
    } else {
      v4 := -7;
      v4 := 2 * v0 - v0;
      v0 := 2 * v0 - a1;
    }
  }
  assume a0 <= a4 + 17;
  v0 := -6;
  v4 := v4 + 7;
}
