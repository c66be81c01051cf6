// Blocks dead in their own procedure, or in every caller of it, whatever
// the rest of the program: stratified inlining and inline mode prove them
// before anything else (driver/local_proofs.rs). `Stop` never returns, so
// `ToStop` is dead; `Contra` contradicts what `Callee` assumed; `High`
// contradicts the checked `requires`; `Seven` and `Low` are ruled out by
// the arguments every call passes. A free `requires` is not assumed in an
// inlined copy: `LowAny` (called with any value) is covered.
var g: int;

procedure Stop() { entry: assume false; return; }

procedure Checked(x: int)
  free requires x > 0;
  requires x < 100;
{
  entry: goto Low, High, Mid;
  Low: assume x <= 0; return;
  High: assume x >= 100; return;
  Mid: return;
}

procedure CheckedAny(x: int)
  free requires x > 0;
{
  entry: goto LowAny, Rest;
  LowAny: assume x <= 0; return;
  Rest: return;
}

procedure Callee(x: int)
  modifies g;
{
  entry: goto Seven, Other;
  Seven: assume x == 7; goto Next;
  Other: goto Next;
  Next: assume g > 5; goto Contra, Fine;
  Contra: assume g < 3; return;
  Fine: return;
}

procedure {:entrypoint} main(a: int)
  modifies g;
{
  entry: call Callee(1); goto ToStop, Rest;
  ToStop: call Stop(); g := 3; goto Rest;
  Rest: call Checked(5); call CheckedAny(a); return;
}
