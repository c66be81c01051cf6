// gen-structured.py: 2 diamonds, 12 variables, seed 8
procedure main(a0: int, a1: int, a2: int, a3: int, a4: int) returns (r: int)
{
  var v0: int;
  var v1: int;
  var v2: int;
  var v3: int;
  var v4: int;
  var v5: int;
  var v6: int;
  havoc v5, v6;
  v0 := 4;
  v1 := 5;
  v2 := 0;
  v3 := 0;
  v4 := 5;
  v1 := a1 + 7;
  v0 := 8;
  v5 := a0 - a1 + 8;
  if (v0 < 7) {
    v3 := 3 * v2 - v0;
    r := 2 * v5 - v0;
    v4 := v1 + 3;
    if (v3 > a4) {
      v0 := a3 - v1 + 10;
      r := v4 - 7;
      assume v6 >= a0 + 11;
    } else {
      v0 := 2 * v2 - a0;
      v4 := a2 + v5;
      v5 := a3 - a4 + 9;
    }
  } else {
    v6 := v4 - a3 + 10;
    v4 := 2 * a0 - v1;
    v5 := v1 - v2 + 4;
    if (a4 > -8) {
      r := v4 + 9;
      v5 := v0 - v4 + 5;
      v3 := 3 * a3 - v0;
    } else {
      v4 := a0 - v5 + 4;
      v4 := 3 * v6 - v1;
      v1 := a2 + a0;
    }
  }
  v6 := 0;
  v4 := v6 - 6;
  v0 := a1 - v4 + 5;
  if (v1 <= a4) {
    v1 := v4 - 6;
    v5 := v1 - 8;
    v3 := a4 + a2;
    if (v2 > v6) {
      r := v6 + 1;
      v5 := a1 + 0;
      v1 := 7;
    } else {
      v4 := 2 * v0 - a1;
      v5 := 2;
      v3 := -2;
    }
  } else {
    v2 := a2 + v4;
    v2 := -3;
    v0 := a4 - a1 + 1;
    if (a2 <= v6) {
      r := a3 + v6;
      v6 := 1;
      v2 := v2 + 3;
    } else {
      v5 := v6 - 10;
      v0 := v2 - v4 + 9;
      v3 := v0 - a0 + 0;
    }
  }
  v6 := 2 * a2 - a3;
  v5 := a4 + 8;
  r := v6 - a1 + 3;
}
