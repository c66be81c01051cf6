// gen-structured.py: 3 diamonds, 13 variables, seed 5
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v3;
  v0 := 4;
  v1 := 0;
  v2 := 3;
  v4 := 2;
  v5 := 3;
  v6 := 5;
  v4 := -1;
  v1 := v1 - a4 + 2;
  v6 := v4 + a5;
  if (a2 >= v3) {
    v5 := 2 * v6 - a0;
    v6 := v1 - a5 + 5;
    v5 := 3 * a5 - a1;
    if (v0 >= 8) {
      v0 := 3 * a1 - v2;
      v0 := a3 - a0 + 5;
      r := a4 + 2;
    } else {
      r := -2;
      v5 := v4 - a2 + 4;
      v6 := -5;
    }
  } else {
    v5 := a5 - v3 + 3;
    v4 := v2 - v3 + 2;
    r := v1 - a2 + 8;
    if (a2 > 6) {
      v1 := 3 * v5 - v5;
      v1 := v5 + 4;
      v6 := 3 * v4 - a4;
    } else {
      r := -10;
      v5 := 4;
      v2 := v5 + 0;
    }
  }
  v6 := a0 - v2 + 2;
  v2 := 6;
  v1 := v1 - v1 + 2;
  if (v2 == 1) {
    r := v5 + 4;
    v4 := v5 + v3;
    v5 := v4 - a4 + 2;
    if (a3 >= v3) {
      v3 := v6 - 2;
      v2 := a1 + a5;
      r := v6 - 7;
    } else {
      v1 := a0 + 10;
      v2 := v2 - 8;
      v5 := a5 + v6;
    }
  } else {
    r := 3 * v1 - v6;
    v2 := v2 + a5;
    v1 := v6 - 10;
    if (a1 < 9) {
      v3 := -5;
      v5 := 2 * a4 - v5;
      v3 := a4 + v3;
    } else {
      v3 := v4 - v4 + 1;
      v3 := a2 + 6;
      v0 := a1 - a3 + 1;
    }
  }
  v6 := 3 * v6 - a4;
  v5 := v3 - 7;
  r := v3 - v2 + 5;
  if (a2 >= 1) {
    v3 := v6 - a2 + 8;
    v5 := v2 + 5;
    v2 := v6 - v3 + 9;
    if (v4 > -8) {
      v4 := a1 - a4 + 2;
      v1 := 2 * a0 - a5;
      v6 := a3 - 10;
    } else {
      v5 := a2 - v5 + 1;
      v3 := 3 * v6 - a5;
      r := 2 * a3 - a5;
    }
  } else {
    v5 := 8;
    v1 := a5 + 0;
    v1 := 0;
    if (v5 < a0) {
      v0 := a5 + 4;
      v2 := 2 * a1 - v2;
      assume a5 >= a4 + 13;
    } else {
      v2 := a3 - v1 + 6;
      v3 := -7;
      v6 := v0 + a5;
    }
  }
  v0 := v4 + 10;
  v2 := a5 + a3;
  r := a4 + v0;
}
