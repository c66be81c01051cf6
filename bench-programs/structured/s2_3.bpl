// gen-structured.py: 2 diamonds, 13 variables, seed 3
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
  havoc v1, v3, v4, v7;
  v0 := -5;
  v2 := -1;
  v5 := 5;
  v6 := 2;
  v0 := 2;
  v0 := v3 - 4;
  v7 := v6 + a0;
  if (v7 < 2) {
    v5 := 0;
    v1 := a1 - 10;
    v1 := v1 - a0 + 3;
    if (v0 == -2) {
      assume a2 != v6 + 20;
      v3 := 2 * v3 - a1;
      v7 := v7 - 10;
    } else {
      v7 := v3 + 6;
      v0 := a0 + v1;
      v1 := a2 - 7;
    }
  } else {
    v3 := a2 + 7;
    v6 := -4;
    v6 := 9;
    if (a2 > -9) {
      v6 := a2 - 2;
      v6 := v5 - v1 + 10;
      v4 := v0 - 2;
    } else {
      v5 := a2 + 10;
      v0 := v5 - v5 + 7;
      v5 := -10;
    }
  }
  v6 := v5 + 8;
  v1 := 2 * v2 - a4;
  v5 := a1 - a0 + 4;
  if (v2 >= v4) {
    v7 := v5 - 9;
    v5 := 2 * a2 - v7;
    v2 := 2 * a3 - v0;
    if (a0 >= v7) {
      v4 := v0 - v0 + 7;
      r := -3;
      v5 := 7;
    } else {
      v7 := v1 + v6;
      v2 := v2 - v0 + 5;
      v2 := v5 - 9;
    }
  } else {
    v7 := v7 - v5 + 4;
    v2 := a4 + 7;
    v3 := a0 - v2 + 2;
    if (a2 >= v0) {
      v4 := v6 + 2;
      assume v6 >= a3 + 10;
      v6 := 2 * v4 - v2;
    } else {
      v0 := -7;
      v3 := a4 + 1;
      v0 := -1;
    }
  }
  v3 := a0 - 2;
  v5 := a2 - 7;
  v7 := v1 + a1;
}
