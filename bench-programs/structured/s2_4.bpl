// gen-structured.py: 2 diamonds, 16 variables, seed 4
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
  havoc v0, v1, v2, v3, v11;
  v4 := 5;
  v5 := 3;
  v6 := 5;
  v7 := 5;
  v8 := -2;
  v9 := 4;
  v10 := -4;
  v12 := 3;
  v2 := a2 - v11 + 0;
  v8 := v2 - v3 + 6;
  v10 := v0 - v6 + 6;
  if (v8 > -8) {
    v0 := v11 + v3;
    v10 := 0;
    v10 := v4 + v6;
    if (v5 <= 9) {
      v1 := v11 - 2;
      v2 := a1 + v8;
      v4 := a2 + v1;
    } else {
      v3 := v2 - a2 + 7;
      r := v9 - v0 + 4;
      v6 := 3 * a0 - v5;
    }
  } else {
    v1 := a1 + v5;
    v5 := v1 + v10;
    v0 := a1 + a1;
    if (v4 < -4) {
      v1 := 2;
      v8 := 3 * v2 - a0;
      v4 := v12 + 3;
    } else {
      v11 := v2 - v8 + 1;
      r := v7 + 5;
      v9 := 2 * v6 - v11;
    }
  }
  v2 := 7;
  v6 := -5;
  v5 := v0 - 1;
  if (v12 <= v9) {
    v11 := v3 + v3;
    v11 := a0 - v5 + 5;
    v8 := v10 + v3;
    if (v11 > v3) {
      v10 := a2 - v6 + 3;
      v9 := v9 + v2;
      v9 := a1 - v4 + 4;
    } else {
      v6 := 3;
      v10 := v1 - v4 + 4;
      v10 := 10;
    }
  } else {
    v12 := 2 * v0 - a1;
    v5 := 9;
    v7 := -10;
    if (v6 > v8) {
      v8 := v10 - a2 + 8;
      v7 := v12 - 6;
      v11 := v9 - v10 + 6;
    } else {
      v10 := v1 - v4 + 8;
      v7 := v9 + v0;
      v9 := 2 * v2 - v4;
    }
  }
  v8 := 3 * a0 - v8;
  assume v12 <= v2 + 10;
  v0 := 3 * v12 - v6;
}
