// Floating point (issue 21): every path's input is fixed by its branch,
// so that the report does not depend on the solver's choices.
function {:builtin "fp.isNaN"} isNaN(float24e8) returns (bool);
function {:builtin "fp.eq"} FEQ(float24e8, float24e8) returns (bool);

procedure classify(x: float24e8) returns (r: int)
  requires x == 0NaN24e8 || x == 0x3.0e1f24e8 || x == -0x0.0e0f24e8;
{
  if (isNaN(x)) {
    r := 0;
  } else if (x / 0x2.0e0f24e8 == 0x1.8e1f24e8) {
    r := 1;
  } else {
    r := 2;
  }
  assert FEQ(x, 0x0.0e0f24e8) ==> r == 2;
  assert r != 0;
}
