// bicd gen --procs 5 --call-sites 2 --const-args 50 --seed 1
var g: int;

procedure p0(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 5;
  if (x > 0) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p1(-4, 2);
  if (t == -1) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == -1) {
    r := r + 1;
  }
}

procedure p1(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 1;
  if (x > 0) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p2(4, x);
  if (t == 3) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == -2) {
    r := r + 1;
  }
}

procedure p2(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 1;
  if (x > -3) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  if (y == -1) {
    r := r + 1;
  }
}

procedure p3(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 0;
  if (x > -3) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  if (y == 1) {
    r := r + 1;
  }
}

procedure p4(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 3;
  if (x > -3) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  if (y == 1) {
    r := r + 1;
  }
}

