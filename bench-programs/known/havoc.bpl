// havoc and a call of a procedure without a body are nondeterministic
// choices; a test records the value chosen at each.
// `pick` returns a value in [0, 9] (its ensures is assumed at the call).
// Expected: `neg` is infeasible (pick never returns a negative number);
// `both` needs h == 7 and p == 3: covered by a test with those choices.
var g: int;

procedure pick() returns (p: int);
  ensures 0 <= p && p < 10;

procedure chooser() returns (out: int)
  modifies g;
{
  var h: int;
  start: havoc h; call out := pick(); g := h + out; goto neg, both, rest;
  neg:   assume out < 0; return;
  both:  assume h == 7 && out == 3; return;
  rest:  return;
}
