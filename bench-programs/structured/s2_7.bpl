// gen-structured.py: 2 diamonds, 17 variables, seed 7
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
  var v8: int;
  var v9: int;
  var v10: int;
  var v11: int;
  var v12: int;
  havoc v8, v9, v12;
  v0 := -2;
  v1 := 5;
  v2 := 5;
  v3 := 4;
  v4 := -4;
  v5 := 3;
  v6 := 4;
  v7 := -3;
  v10 := -2;
  v11 := 1;
  v2 := v7 - 5;
  v2 := v0 + 9;
  v10 := v3 + 4;
  if (v1 < 2) {
    v5 := 3 * v10 - v7;
    r := -5;
    v9 := a0 + v12;
    if (v7 > -3) {
      v0 := v6 - 5;
      v12 := v3 - v7 + 9;
      v12 := 0;
    } else {
      v4 := 2 * v7 - a3;
      v11 := -2;
      v11 := a3 + v2;
    }
  } else {
    r := v4 - a1 + 6;
    v6 := v11 + a2;
    v8 := 5;
    if (a1 > v0) {
      v6 := 2 * v9 - v8;
      v2 := -5;
      v2 := v9 + 1;
    } else {
      v11 := a3 - 2;
      v9 := 3 * v0 - v6;
      v2 := 8;
    }
  }
  v0 := v3 - a1 + 1;
  r := v7 + v3;
  v8 := v3 + v12;
  if (v9 >= -2) {
    v9 := 3 * v12 - v2;
    v3 := v11 - v11 + 2;
    v6 := v5 - v4 + 7;
    if (v8 >= v6) {
      v3 := -3;
      v10 := v3 - v6 + 7;
      r := v7 - a0 + 4;
    } else {
      v7 := v5 - 7;
      v0 := v12 - 3;
      v4 := v3 - v3 + 2;
    }
  } else {
    v5 := v5 + v9;
    v9 := v7 - v12 + 1;
    v11 := v11 - 2;
    if (v11 >= a2) {
      v6 := a3 - 3;
      v4 := v3 - a3 + 2;
      v11 := v8 - 3;
    } else {
      v9 := v7 + v6;
      v1 := v1 + a3;
      v2 := -10;
    }
  }
  v12 := a2 - a1 + 8;
  v7 := v3 + v10;
  assume v12 != v11 + 10;
}
