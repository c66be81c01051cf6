// gen-structured.py: 3 diamonds, 20 variables, seed 9
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
  var v12: int;
  var v13: int;
  var v14: int;
  havoc v1, v7;
  v0 := -3;
  v2 := -1;
  v3 := 5;
  v4 := 4;
  v5 := 0;
  v6 := -5;
  v8 := 1;
  v9 := -1;
  v10 := -3;
  v11 := 1;
  v12 := -3;
  v13 := 5;
  v14 := 5;
  v7 := v10 + a1;
  v7 := v2 + v4;
  v5 := v4 + 7;
  if (v13 == 4) {
    v1 := 3 * a2 - v14;
    v1 := v2 - 1;
    v11 := 3 * v5 - v14;
    if (a0 > -5) {
      v5 := 2 * v14 - v11;
      v3 := v3 + v14;
      v13 := a2 - 6;
    } else {
      v0 := 1;
      v13 := 2 * v13 - v8;
      v14 := -7;
    }
  } else {
    v7 := v9 - v5 + 9;
    v9 := v14 + 8;
    v4 := v7 + 1;
    if (v0 == -9) {
      v11 := v8 + v13;
      v5 := v3 - a2 + 9;
      v14 := v2 + v6;
    } else {
      v6 := a3 + 5;
      assume v1 != v6 + 2;
      v11 := 3 * v5 - v8;
    }
  }
  r := 3 * v2 - v13;
  v5 := a1 + 1;
  v6 := v4 + v2;
  if (v1 <= 5) {
    v2 := a1 - v3 + 6;
    v13 := 2 * v14 - v7;
    v8 := -10;
    if (v6 < v3) {
      v7 := v14 - 3;
      v4 := a3 - a4 + 9;
      v2 := 9;
    } else {
      v5 := a2 + v12;
      v11 := a1 - a1 + 5;
      v1 := 3 * v13 - v0;
    }
  } else {
    v3 := v14 - v1 + 4;
    v11 := v9 - v3 + 4;
    v6 := -8;
    if (v6 <= v2) {
      v9 := 2 * v13 - v10;
      v9 := v5 + v12;
      assume v12 != v5 + 16;
    } else {
      v1 := a3 + a2;
      v10 := 2;
      v5 := 2;
    }
  }
  v0 := 5;
  v2 := a3 - a4 + 10;
  v12 := a3 - 7;
  if (v3 >= 10) {
    v12 := -1;
    v5 := v0 + v14;
    assume a2 <= v10 + 4;
    if (a0 > 7) {
      v5 := 5;
      v10 := v5 + v14;
      v5 := -10;
    } else {
      v9 := v9 + 3;
      v3 := 2 * a2 - v1;
      v1 := 3 * a1 - v8;
    }
  } else {
    v10 := 3 * v3 - a2;
    v12 := -4;
    v7 := v2 - v4 + 8;
    if (v10 > 5) {
      v4 := v13 + 7;
      v8 := 3;
      v1 := -3;
    } else {
      v4 := v5 - a1 + 0;
      v11 := 2 * v0 - v10;
      v6 := v14 + v10;
    }
  }
  v4 := v13 - v4 + 7;
  v2 := a0 - 2;
  v0 := v2 - 1;
}
