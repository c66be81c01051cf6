// Reals in a report: values print exactly (0.5, 1/3; JSON {"real": "1/3"}).
var total: real;

procedure Share(amount: real, people: int) returns (each: real)
  requires people > 0;
  modifies total;
{
  each := amount / people;
  if (each * 3.0 == 1.0) {
    total := total + each;
  }
  if (real(int(each)) > each) {
    // floor is never above its argument
    total := 0.0;
  }
  assert each != 0.5;
}
