// gen-structured.py: 4 diamonds, 11 variables, seed 9
procedure main(a0: int, a1: int, a2: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  var v7: int;
  havoc v0, v3, v7;
  v1 := -3;
  v2 := -4;
  v4 := 1;
  v5 := 2;
  v6 := -1;
  v3 := v0 - 8;
  v6 := v2 + 10;
  v7 := a0 + v3;
  if (v7 <= a0) {
    v6 := 2 * v6 - v1;
    v6 := v1 - a1 + 3;
    v3 := a0 + a1;
    if (a1 <= a2) {
      v5 := v3 - v7 + 8;
      v4 := 3 * v0 - v0;
      v4 := a1 + v5;
    } else {
      v6 := 2 * v1 - v4;
      v3 := 2 * v0 - v0;
      v6 := v5 - 7;
    }
  } else {
    r := a0 + v5;
    v0 := v1 - v4 + 8;
    assume v6 != v5 + 12;
    if (a2 < v2) {
      v3 := -4;
      r := a1 - v7 + 5;
      v0 := v7 - 1;
    } else {
      v4 := -4;
      v3 := v7 - v6 + 8;
      r := v0 + a2;
    }
  }
  v0 := v6 - v4 + 10;
  assume v1 <= v4 + 1;
  r := a0 + v4;
  if (v5 <= v6) {
    v5 := a2 - a2 + 0;
    v0 := -5;
    v1 := 4;
    if (v0 > 2) {
      assume v0 != a2 + 5;
      v2 := v2 + v6;
      assume v1 >= v5 + 10;
    } else {
      v3 := a0 + v6;
      assume v5 >= v2 + 16;
      v2 := a1 + v4;
    }
  } else {
    v4 := 2 * v3 - v4;
    v0 := v1 + v1;
    v0 := a1 + a1;
    if (v0 <= 3) {
      v0 := 2 * v7 - v4;
      v3 := v4 + v1;
      v7 := a2 - v0 + 6;
    } else {
      r := v5 + v7;
      v6 := v0 + v0;
      v3 := v7 + a0;
    }
  }
  v2 := 5;
  v2 := 2 * v4 - v2;
  v2 := v0 + v2;
  if (a2 >= 4) {
    v2 := 2 * v1 - v6;
    v2 := v4 - a1 + 6;
    v3 := -7;
    if (v4 < v0) {
      v1 := v4 + v5;
      v2 := a2 - v5 + 5;
      v4 := v1 + v7;
    } else {
      v5 := a0 + 2;
      v4 := 0;
      v7 := 8;
    }
  } else {
    v4 := a0 - v3 + 4;
    v2 := v0 + 0;
    v6 := a0 + v3;
    if (a2 < v3) {
      v2 := v3 - 4;
      v6 := a2 - 1;
      v6 := a1 - v5 + 4;
    } else {
      v5 := v6 - 9;
      v4 := v7 - v1 + 2;
      v7 := v6 - v0 + 1;
    }
  }
  v2 := 2 * v1 - v6;
  v4 := v0 + v7;
  v4 := v1 + 0;
  if (a2 > v7) {
    v7 := v4 - v7 + 8;
    assume v4 != v3 + 1;
    v0 := 10;
    if (v1 < a1) {
      v4 := v7 - v1 + 5;
      r := v1 - 5;
      v1 := v5 - v3 + 1;
    } else {
      v6 := -8;
      v6 := 2 * v0 - a1;
      v6 := 8;
    }
  } else {
    v5 := v5 - v7 + 8;
    v4 := v3 + 7;
    v3 := v2 + 4;
    if (a0 <= v4) {
      v4 := -7;
      v4 := v2 + v3;
      v6 := v1 - 2;
    } else {
      v4 := v1 - v7 + 7;
      v4 := 2 * v7 - v4;
      v7 := v6 - 9;
    }
  }
  v0 := v7 - 4;
  v3 := v5 - v4 + 5;
  v6 := 9;
}
