var g: int where g > 10;

procedure P(x: int where x > 0) returns (r: int where r >= 5)
  modifies g;
{
  var y: int where y < 0;
  if (x <= 0) { r := 100; return; }   // infeasible: x > 0 assumed at entry
  if (g <= 10) { r := 101; return; }  // infeasible: g > 10 assumed at entry
  havoc g;
  if (g <= 10) { r := 102; return; }  // infeasible: assumed after havoc
  if (y >= 0) { r := 103; return; }   // infeasible: y < 0 assumed at body start
  call r := Q();
  if (r < 5) { r := 104; return; }    // infeasible: caller's receiving variable
  r := 7;
}

procedure Q() returns (q: int where q != 3);

procedure R() returns (s: int)
{
  call s := Q();
  if (s == 3) { s := 0; }             // infeasible: Q's output clause
  havoc s;
  assume s == 3;
}

// A parameter's clause holds in the analysed procedure, not at an inlined
// call (a caller need not establish it); a local's clause holds in every copy.
procedure S(a: int where a > 0) returns (b: int)
{
  var c: int where c == 7;
  b := a + c;
}

procedure T() returns (t: int)
{
  call t := S(-5);
  if (t != 2) { t := 0; }             // infeasible: c == 7 in the inlined copy
  t := 1;                             // covered: S(-5) runs, a > 0 is not assumed
}
