// gen-structured.py: 3 diamonds, 18 variables, seed 2
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
  var v8: int;
  var v9: int;
  var v10: int;
  var v11: int;
  var v12: int;
  var v13: int;
  var v14: int;
  havoc v12, v14;
  v0 := -2;
  v1 := -4;
  v2 := 5;
  v3 := -1;
  v4 := 4;
  v5 := 1;
  v6 := -3;
  v7 := 2;
  v8 := 5;
  v9 := -3;
  v10 := -3;
  v11 := 1;
  v13 := -3;
  v6 := v9 - v6 + 10;
  v7 := 3 * v0 - v11;
  v12 := v2 + v8;
  if (v6 < v13) {
    v3 := v5 - v2 + 1;
    v10 := v3 - v12 + 7;
    v8 := -3;
    if (v2 >= a2) {
      v12 := v6 - 7;
      v11 := 5;
      v1 := a1 + a1;
    } else {
      v3 := 3 * v11 - v6;
      v12 := v1 + 9;
      v8 := 2 * v8 - v3;
    }
  } else {
    v12 := v8 + v6;
    v3 := 3 * v4 - v12;
    v11 := a1 + a1;
    if (v2 > v7) {
      v1 := 3 * v0 - v7;
      v7 := -8;
      v9 := 10;
    } else {
      v0 := v0 + v14;
      v12 := v7 + v2;
      v11 := 3 * v10 - v11;
    }
  }
  v0 := -4;
  v0 := -4;
  v7 := 4;
  if (v6 >= v11) {
    v1 := v11 - a0 + 9;
    v4 := 3 * v7 - v4;
    assume v9 >= a2 + 5;
    if (v6 > v11) {
      v9 := v4 - a2 + 1;
      v14 := v3 - v12 + 9;
      v10 := 3 * v9 - v3;
    } else {
      v11 := -8;
      r := v10 - v10 + 4;
      assume v1 != v5 + 16;
    }
  } else {
    v1 := v8 + v4;
    v2 := v7 - 6;
    v12 := 5;
    if (v2 > -7) {
      v14 := 3 * v5 - a0;
      v3 := v9 - 2;
      v10 := v2 - v1 + 2;
    } else {
      v2 := -3;
      v2 := a2 + v12;
      v11 := v4 + v8;
    }
  }
  v10 := -9;
  v3 := 4;
  v13 := v9 - 8;
  if (v7 >= a2) {
    v10 := a1 + a2;
    v10 := 3 * v9 - v7;
    v11 := v10 + 10;
    if (v5 < 3) {
      v0 := v12 - 1;
      v4 := v0 + 3;
      v7 := v5 - v6 + 3;
    } else {
      v11 := v7 - 4;
      v8 := v2 + v7;
      v11 := v9 - v14 + 6;
    }
  } else {
    v0 := 2 * v9 - v4;
    v14 := 2;
    v5 := v5 - v9 + 7;
    if (v6 > -3) {
      v3 := a0 + v13;
      r := v0 - 10;
      v11 := 2 * v13 - v9;
    } else {
      r := v14 - 2;
      v6 := a2 + v9;
      v5 := v1 - v3 + 4;
    }
  }
  v4 := v5 - 10;
  v7 := v1 - v12 + 9;
  v1 := v1 - v1 + 3;
}
