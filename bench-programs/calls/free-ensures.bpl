// A free `ensures` is trusted by Boogie's modular check of a caller, but
// inlining runs the callee's body, which need not establish it: `P` returns
// with `g == 1`, so every block here is covered. Stratified inlining must
// not assume it at a call it leaves open (it once proved `then` dead).
var g: int;

procedure P()
  modifies g;
  free ensures false;
  free ensures g == 2;
{
  g := 1;
}

procedure {:entrypoint} main(a: int)
  modifies g;
{
  if (a == 0) {
    call P();
    g := 5;
  }
}
