// gen-structured.py: 3 diamonds, 18 variables, seed 6
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  var v7: int;
  var v8: int;
  var v9: int;
  var v10: int;
  var v11: int;
  havoc v0, v2, v5, v9, v10;
  v1 := 4;
  v3 := 2;
  v4 := 4;
  v6 := 0;
  v7 := -2;
  v8 := 5;
  v11 := -5;
  v9 := a2 + 3;
  v0 := a0 - v9 + 1;
  v1 := 2;
  if (a4 >= 8) {
    v6 := v2 - 5;
    v9 := a3 - 10;
    v3 := v9 + v7;
    if (a1 > a5) {
      v6 := v8 - 7;
      v3 := v10 + a5;
      assume v8 != v0 + 12;
    } else {
      v4 := 10;
      v8 := 2 * a0 - v11;
      r := a0 + v4;
    }
  } else {
    v5 := v1 + v9;
    v0 := 0;
    v1 := v7 - a0 + 2;
    if (v0 <= 4) {
      v4 := -6;
      v8 := v3 - v3 + 7;
      v5 := a2 + v10;
    } else {
      v4 := 2 * v6 - a3;
      v6 := a0 - v6 + 6;
      v0 := 3 * v7 - v7;
    }
  }
  v7 := v9 - 3;
  v2 := 3;
  v7 := v10 - a1 + 4;
  if (v1 > v11) {
    v11 := v7 - 2;
    r := a5 + a4;
    v8 := a3 - v11 + 9;
    if (v10 < a0) {
      v0 := 3 * v5 - v2;
      v11 := v4 - a1 + 6;
      v9 := 9;
    } else {
      v5 := -8;
      v3 := a5 - v7 + 1;
      v7 := 2;
    }
  } else {
    v8 := -10;
    v9 := v8 + 3;
    v8 := a3 - 1;
    if (v3 >= v5) {
      v6 := v10 + 10;
      v11 := v3 - v9 + 3;
      v11 := v0 - 9;
    } else {
      v9 := a3 + a2;
      v4 := v8 - v9 + 1;
      v3 := -5;
    }
  }
  v1 := v5 - a3 + 4;
  v2 := v7 - 3;
  v3 := a3 - v10 + 8;
  if (v8 > -3) {
    v4 := -1;
    v1 := 2 * v3 - a2;
    v7 := v10 - v11 + 6;
    if (a5 >= 4) {
      v1 := 3 * a5 - v9;
      r := 5;
      v10 := a0 - v0 + 1;
    } else {
      v7 := v3 + a3;
      v9 := 3 * a3 - a2;
      v7 := v5 - v6 + 4;
    }
  } else {
    v0 := a5 + a5;
    v6 := v9 - 4;
    v7 := 2 * v9 - v10;
    if (v8 >= v1) {
      v11 := 3 * v7 - a1;
      v3 := v3 + v4;
      r := v0 - v1 + 9;
    } else {
      v10 := 4;
      v3 := -5;
      v0 := -8;
    }
  }
  assume v10 != a1 + 18;
  v4 := 3 * v2 - a0;
  v2 := a1 - v11 + 4;
}
