// gen-structured.py: 2 diamonds, 17 variables, seed 1
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
  havoc v5, v9, v10;
  v0 := -1;
  v1 := 1;
  v2 := -2;
  v3 := 5;
  v4 := -3;
  v6 := 3;
  v7 := -3;
  v8 := 5;
  v11 := 4;
  v12 := 0;
  v13 := 2;
  v10 := v11 + v8;
  v8 := v5 + 2;
  v3 := a1 + v11;
  if (v8 > a2) {
    v12 := v13 + v6;
    v8 := 3 * v11 - v6;
    v9 := v9 - a0 + 7;
    if (v12 > v1) {
      v1 := v7 - v13 + 1;
      v12 := a1 - v1 + 4;
      v12 := v10 - 3;
    } else {
      v11 := v8 + v1;
      v5 := 3 * v2 - v4;
      v2 := a1 + v1;
    }
  } else {
    v9 := -1;
    r := 9;
    v9 := 2 * a0 - v12;
    if (a0 >= v0) {
      v3 := 3 * v6 - v9;
      v6 := 0;
      v10 := v7 + 10;
    } else {
      v9 := v11 - 7;
      assume v2 >= v13 + 5;
      v5 := v4 - v0 + 9;
    }
  }
  v13 := v7 - 1;
  v3 := v0 - v8 + 5;
  v12 := a2 - v9 + 3;
  if (v6 < -1) {
    v5 := -5;
    v8 := v10 + a2;
    v12 := v1 - 1;
    if (v9 < 7) {
      v5 := a0 - v13 + 2;
      v2 := v3 - v3 + 9;
      v9 := -7;
    } else {
      v12 := v4 - 4;
      v6 := 0;
      v0 := v0 + v11;
    }
  } else {
    v13 := v12 + v6;
    v8 := v2 + v12;
    v13 := -4;
    if (v1 > v5) {
      v9 := v11 - v11 + 4;
      v5 := v8 - v6 + 2;
      r := v2 - 8;
    } else {
      r := v6 + v0;
      v13 := 3 * v7 - v2;
      v11 := a1 - v10 + 8;
    }
  }
  v1 := v10 + 5;
  v2 := v1 - v12 + 0;
  v3 := -8;
}
