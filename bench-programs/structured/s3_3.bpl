// gen-structured.py: 3 diamonds, 11 variables, seed 3
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
  havoc v5, v7;
  v0 := -5;
  v1 := 3;
  v2 := -5;
  v3 := -4;
  v4 := 3;
  v6 := 1;
  v5 := 2 * a1 - a0;
  v5 := 3;
  v7 := 10;
  if (v6 <= a1) {
    v0 := v1 - v6 + 8;
    v0 := -4;
    v2 := v4 - a2 + 7;
    if (v5 < v7) {
      v3 := -6;
      v7 := 2 * v4 - a1;
      v4 := a0 - v6 + 7;
    } else {
      v1 := v0 - v5 + 10;
      r := -10;
      v1 := a0 - 1;
    }
  } else {
    v0 := 2 * a0 - v4;
    v1 := v7 - 7;
    v0 := v7 - v5 + 3;
    if (v3 > -7) {
      v1 := v2 + 3;
      v0 := a0 + a0;
      v6 := v3 - v5 + 9;
    } else {
      r := v2 + a0;
      v3 := v1 + v1;
      r := v0 + v7;
    }
  }
  v3 := a0 - v3 + 2;
  v5 := 8;
  v4 := 2 * v4 - a2;
  if (v7 > v2) {
    r := 3 * v5 - v4;
    v6 := v3 - v1 + 4;
    v3 := -1;
    if (a0 <= v2) {
      v5 := -9;
      v4 := v3 + v2;
      v7 := v0 - a0 + 8;
    } else {
      v2 := a1 + v2;
      v5 := 2 * a1 - v5;
      v4 := 9;
    }
  } else {
    v4 := v3 + 10;
    v0 := v5 + a0;
    r := 2 * v0 - v1;
    if (v1 <= 8) {
      v5 := 2 * a2 - v2;
      v2 := 2 * v0 - v1;
      v0 := a0 - v3 + 7;
    } else {
      v7 := v6 - 5;
      v7 := 3 * a2 - v5;
      v6 := v1 - a0 + 6;
    }
  }
  v2 := v1 + v0;
  v6 := 2 * v4 - v5;
  r := v2 + v6;
  if (v2 < 6) {
    v3 := v7 - v4 + 6;
    v1 := 3 * v2 - v4;
    assume v1 >= v6 + 0;
    if (v4 == -2) {
      r := v6 + 9;
      v1 := v7 - a0 + 6;
      v6 := 2 * v6 - v1;
    } else {
      v4 := 3 * v3 - v6;
      v4 := 9;
      v0 := 2 * a1 - v7;
    }
  } else {
    v4 := v3 + a0;
    v5 := a2 - v6 + 10;
    v3 := 10;
    if (a0 >= v4) {
      v6 := v1 + v1;
      v0 := v4 + a0;
      v6 := a1 - v7 + 7;
    } else {
      v4 := v6 - v3 + 5;
      v4 := 2 * v1 - a0;
      v1 := v7 + a1;
    }
  }
  assume v0 >= v2 + 20;
  r := a1 - v7 + 9;
  v1 := -8;
}
