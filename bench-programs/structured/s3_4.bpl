// gen-structured.py: 3 diamonds, 17 variables, seed 4
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
  var v8: int;
  var v9: int;
  var v10: int;
  var v11: int;
  havoc v2, v9, v10;
  v0 := -1;
  v1 := -1;
  v3 := 0;
  v4 := 0;
  v5 := 2;
  v6 := -3;
  v7 := 5;
  v8 := 0;
  v11 := -1;
  v2 := v1 - 1;
  v0 := v9 - a0 + 5;
  v11 := v0 - v0 + 4;
  if (a1 < -2) {
    r := v10 + 5;
    v2 := v4 + v1;
    v8 := v9 - v2 + 4;
    if (v5 == 7) {
      v9 := v2 + v10;
      v5 := v6 - v4 + 8;
      v4 := a2 + v5;
    } else {
      r := 3 * v0 - v0;
      v4 := v7 - v2 + 8;
      v10 := a4 - v1 + 0;
    }
  } else {
    v4 := 6;
    v6 := 2 * a3 - a0;
    r := a3 + a3;
    if (v7 > -9) {
      v9 := 2 * v7 - v3;
      v8 := 3 * v9 - a1;
      r := 4;
    } else {
      v10 := 3 * v2 - v7;
      v10 := 2 * a2 - v4;
      v6 := 3;
    }
  }
  v5 := 3 * v0 - v7;
  v5 := 7;
  v10 := a2 - a3 + 4;
  if (v11 <= v2) {
    v8 := 9;
    v2 := 2 * v8 - a3;
    v3 := -10;
    if (v9 > v11) {
      v0 := 3 * v9 - v7;
      v7 := v9 - a2 + 4;
      r := 3 * v1 - v3;
    } else {
      v10 := 9;
      v6 := -1;
      v0 := -4;
    }
  } else {
    v1 := a1 - v2 + 1;
    v5 := v7 + v1;
    v0 := -9;
    if (v9 <= a0) {
      v5 := a1 - 7;
      v11 := v3 + a4;
      v7 := v0 - 9;
    } else {
      v2 := v11 - v3 + 4;
      v9 := a4 - a0 + 4;
      v3 := v3 - a2 + 0;
    }
  }
  v11 := -4;
  v7 := v0 + v7;
  v3 := 2 * v1 - a4;
  if (v9 < 10) {
    v0 := 3 * v1 - v10;
    v2 := a4 - 2;
    v1 := v7 - 10;
    if (v7 >= 1) {
      v10 := 2 * a3 - v11;
      v9 := v8 - a3 + 0;
      v10 := -3;
    } else {
      v2 := -5;
      v2 := 3 * v7 - v3;
      v6 := v8 + v4;
    }
  } else {
    v7 := v9 + v9;
    v11 := 4;
    v6 := 3 * a4 - a3;
    if (v8 == 9) {
      v8 := v5 - 10;
      v6 := 2 * a0 - v9;
      r := 2;
    } else {
      v10 := a3 + 6;
      v8 := v8 + v8;
      v8 := v8 + v1;
    }
  }
  v6 := a3 - v8 + 4;
  v10 := 2 * v3 - v2;
  v6 := v0 + v2;
}
