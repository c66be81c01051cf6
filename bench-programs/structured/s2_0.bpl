// gen-structured.py: 2 diamonds, 18 variables, seed 0
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
  havoc v2, v11, v12;
  v0 := 4;
  v1 := -5;
  v3 := 5;
  v4 := 1;
  v5 := 0;
  v6 := -5;
  v7 := 4;
  v8 := 2;
  v9 := -1;
  v10 := 3;
  v3 := a1 - v3 + 2;
  v10 := 3 * v1 - v9;
  v6 := v10 - v11 + 3;
  if (v1 > a1) {
    v5 := v0 + v3;
    v9 := a3 - a2 + 1;
    v0 := v11 + v5;
    if (v10 > 10) {
      v8 := -9;
      r := v7 - 3;
      r := 3 * v5 - a0;
    } else {
      v4 := v2 - v8 + 5;
      v2 := -9;
      v6 := v9 - v8 + 10;
    }
  } else {
    v3 := v6 + 6;
    v0 := a1 + 10;
    v11 := v7 + 3;
    if (a0 > -1) {
      v12 := v6 - v11 + 3;
      r := v11 + v11;
      v0 := -5;
    } else {
      v12 := v1 + 3;
      r := v1 + 0;
      v5 := a2 - v5 + 1;
    }
  }
  v9 := a4 + v7;
  v2 := v11 - 6;
  v5 := v2 + v9;
  if (v11 < v8) {
    v3 := v0 + v6;
    v7 := 2 * v6 - v9;
    v2 := 3 * v10 - v10;
    if (v2 > -2) {
      assume v4 != v3 + 17;
      v5 := 2 * v2 - v7;
      v6 := v2 - 9;
    } else {
      v12 := v11 + v10;
      v10 := v9 - v8 + 3;
      r := 3 * v9 - v4;
    }
  } else {
    v10 := v5 + v5;
    v6 := v4 + v9;
    v0 := a0 + v7;
    if (v2 > 4) {
      v4 := a2 + a2;
      v9 := v0 + 5;
      v1 := v9 + v5;
    } else {
      v4 := a3 + v6;
      v1 := 2 * v0 - v2;
      v7 := 2 * v2 - a3;
    }
  }
  v6 := v6 - v8 + 10;
  v12 := 2;
  v0 := v6 + 2;
}
