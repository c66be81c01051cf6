// gen-structured.py: 3 diamonds, 12 variables, seed 7
procedure main(a0: int, a1: int, a2: int, a3: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  var v7: int;
  havoc v0, v2, v5, v7;
  v1 := 5;
  v3 := -1;
  v4 := -2;
  v6 := 5;
  r := v2 - 9;
  v0 := 8;
  v4 := 4;
  if (a3 <= v3) {
    v2 := 3 * v0 - v4;
    v3 := v0 + v0;
    v4 := v4 - 3;
    if (a1 >= -1) {
      v1 := v4 - v0 + 4;
      v2 := a0 + 6;
      v3 := v4 - v5 + 10;
    } else {
      v6 := a1 - v4 + 10;
      v7 := v5 + 3;
      v4 := a0 + 10;
    }
  } else {
    v3 := 7;
    v4 := v1 + v7;
    v4 := 2 * v0 - v3;
    if (a2 <= v1) {
      v5 := 2 * v4 - a1;
      v2 := v0 + 4;
      v4 := -6;
    } else {
      v3 := 0;
      v6 := a3 - v3 + 4;
      v2 := v0 - v3 + 9;
    }
  }
  r := -8;
  v2 := 2 * a3 - v1;
  v4 := v0 + a3;
  if (v5 == -2) {
    v2 := v1 + 9;
    v1 := 9;
    r := v0 - 8;
    if (v1 >= 9) {
      v6 := 3 * v0 - a2;
      v5 := 3 * v7 - a1;
      v5 := -4;
    } else {
      v4 := -10;
      v0 := v5 + 10;
      v3 := a1 + a1;
    }
  } else {
    v2 := v7 + v6;
    v3 := -5;
    v7 := 8;
    if (a3 <= 7) {
      v5 := v4 - v2 + 5;
      v4 := a1 - v5 + 3;
      v1 := v0 + 0;
    } else {
      v3 := -7;
      v0 := 3 * a3 - v0;
      r := v7 + a3;
    }
  }
  v3 := a0 - a1 + 10;
  v5 := 2 * v3 - a0;
  v1 := 1;
  if (a0 <= a2) {
    v2 := v0 - a0 + 5;
    assume v3 >= a2 + 8;
    v0 := a0 + 3;
    if (a2 == 4) {
      v6 := v5 + 9;
      r := v0 + 6;
      v0 := v1 - a3 + 4;
    } else {
      v0 := a2 + v6;
      v4 := -8;
      v4 := 3 * v5 - v0;
    }
  } else {
    v0 := a3 - a1 + 3;
    assume a0 != a3 + 3;
    v6 := v3 + v7;
    if (a3 <= v1) {
      v3 := v7 + v1;
      assume a1 != v5 + 13;
      v7 := 7;
    } else {
      v4 := v4 - v7 + 10;
      v7 := v0 + 6;
      v7 := 3 * v2 - v5;
    }
  }
  v1 := v7 + 6;
  v7 := -2;
  v4 := a0 + a3;
}
