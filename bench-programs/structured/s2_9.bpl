// gen-structured.py: 2 diamonds, 11 variables, seed 9
procedure main(a0: int, a1: int, a2: int, a3: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v0, v1, v2, v6;
  v3 := -3;
  v4 := 0;
  v5 := 1;
  v4 := -7;
  v1 := 1;
  r := 3 * a2 - v6;
  if (v4 > v3) {
    v2 := -2;
    v3 := v3 + 5;
    v2 := 6;
    if (v3 < 8) {
      v3 := 9;
      r := v3 + v4;
      v2 := v1 + 9;
    } else {
      v3 := v2 + 4;
      v3 := v1 + a1;
      v1 := v3 - v4 + 8;
    }
  } else {
    v4 := 3;
    v5 := v4 + 0;
    v1 := v4 - 2;
    if (v5 > v2) {
      v5 := 3 * v6 - v3;
      v2 := a2 + v2;
      v1 := 3 * v2 - v3;
    } else {
      v0 := 7;
      r := a3 + v5;
      v4 := v1 - 9;
    }
  }
  v0 := v0 + a2;
  v6 := -4;
  v0 := 3 * a1 - v0;
  if (v5 < -2) {
    v3 := 2 * v6 - v6;
    r := -1;
    v2 := v0 - v2 + 3;
    if (v2 <= 2) {
      v4 := 2 * v5 - v0;
      assume v3 != a3 + 3;
      v3 := 3 * a0 - a3;
    } else {
      v5 := v3 + v4;
      v6 := a1 + 3;
      v4 := v4 + 2;
    }
  } else {
    v2 := v3 - v0 + 2;
    v0 := 2 * v6 - v3;
    v3 := v4 - v2 + 2;
    if (v5 < 9) {
      v2 := 3 * v0 - v0;
      assume v4 >= v2 + 0;
      v4 := a2 - a3 + 1;
    } else {
      v2 := -1;
      v1 := 3 * v2 - a0;
      r := 7;
    }
  }
  v2 := 2 * v3 - a2;
  v1 := 3 * a2 - a3;
  v6 := 2;
}
