// gen-structured.py: 2 diamonds, 11 variables, seed 2
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
  havoc v2, v5, v6, v7;
  v0 := 5;
  v1 := 3;
  v3 := -5;
  v4 := 1;
  v6 := v4 + v1;
  v4 := 2 * v0 - v2;
  v3 := v5 + 4;
  if (a2 <= v1) {
    v3 := v3 - 9;
    v7 := v6 + v0;
    v6 := v0 + v3;
    if (v0 < 4) {
      v3 := 3 * a0 - v7;
      v3 := v2 - v3 + 4;
      v1 := 3 * a1 - v3;
    } else {
      v4 := v3 - v4 + 3;
      v7 := v2 - 7;
      v5 := 3 * v0 - a0;
    }
  } else {
    v0 := -2;
    v1 := a0 - v0 + 1;
    v3 := v3 - v6 + 2;
    if (v5 < v0) {
      v3 := 3 * v5 - a2;
      assume a1 >= v1 + 19;
      v3 := v7 + a1;
    } else {
      v3 := v7 + a1;
      v0 := a1 - v2 + 9;
      r := 9;
    }
  }
  v6 := a1 - 10;
  v1 := 3 * a1 - v7;
  v5 := a1 - a1 + 2;
  if (a0 >= v6) {
    v0 := v2 - v6 + 3;
    v2 := v3 - v3 + 8;
    r := -7;
    if (v6 < a0) {
      v5 := v5 - v1 + 4;
      v4 := v3 - v0 + 4;
      v0 := 2 * v6 - a1;
    } else {
      v6 := 3 * a1 - v4;
      v3 := a1 - 4;
      v5 := v6 + 0;
    }
  } else {
    v4 := v6 + v1;
    v2 := v6 - v2 + 1;
    v5 := v1 - v6 + 9;
    if (v0 <= 8) {
      v7 := a1 + v2;
      v3 := v7 - v7 + 8;
      v4 := v4 + 5;
    } else {
      v3 := a2 + 9;
      v7 := 2 * v0 - a0;
      v7 := 3 * v4 - v7;
    }
  }
  v4 := 3 * v4 - v6;
  v6 := v4 - v0 + 10;
  v1 := a1 - 2;
}
