// gen-structured.py: 2 diamonds, 16 variables, seed 5
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
  havoc v2, v8, v11;
  v0 := 3;
  v1 := -5;
  v3 := 4;
  v4 := 3;
  v5 := -4;
  v6 := -2;
  v7 := 0;
  v9 := 0;
  v10 := 3;
  v12 := -1;
  v8 := -3;
  v9 := v12 - v11 + 6;
  v3 := v2 + a0;
  if (v2 < -1) {
    v3 := v1 - v4 + 3;
    v5 := 2 * v6 - v10;
    v4 := v0 + v8;
    if (v2 > 4) {
      v1 := v0 + v1;
      v3 := 2 * v6 - v6;
      v8 := v4 - v1 + 6;
    } else {
      v4 := v7 + v11;
      r := -8;
      v5 := -7;
    }
  } else {
    v2 := a0 - v5 + 10;
    v7 := v10 - a0 + 4;
    v4 := v7 - 1;
    if (v6 < a2) {
      r := v11 + v2;
      r := 3 * v5 - v5;
      v8 := -1;
    } else {
      v4 := v6 + 8;
      v10 := v8 - 5;
      v10 := v3 - 2;
    }
  }
  v12 := v3 - 4;
  v8 := v6 - v4 + 1;
  v4 := v12 - a1 + 8;
  if (v7 == 2) {
    v8 := v7 + v1;
    v0 := 2 * a1 - v3;
    v3 := 2 * v3 - v6;
    if (v6 == -5) {
      v1 := -1;
      v1 := v0 - 10;
      v6 := 3 * v12 - v3;
    } else {
      v3 := -4;
      v3 := 2 * a0 - a2;
      v5 := 0;
    }
  } else {
    v7 := v4 + 7;
    v12 := v2 + 2;
    v6 := 10;
    if (a1 >= -3) {
      v10 := v3 - v2 + 5;
      v4 := -2;
      v11 := 2 * v3 - v4;
    } else {
      v3 := 2 * v8 - v2;
      r := 3 * v1 - v5;
      v6 := v6 + 3;
    }
  }
  v6 := v6 + v0;
  v8 := 3 * v9 - v12;
  r := v9 + v0;
}
