// bicd gen --procs 5 --call-sites 4 --const-args 50 --seed 0
var g: int;

procedure p0(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 4;
  if (x > 3) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p1(r, 2);
  if (t == -2) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 1) {
    r := r + 1;
  }
}

procedure p1(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 5;
  if (x > 1) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p4(x, y + 0);
  if (t == 4) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 1) {
    r := r + 1;
  }
}

procedure p2(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 2;
  if (x > -1) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p4(0, 6);
  if (t == 4) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 0) {
    r := r + 1;
  }
}

procedure p3(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 2;
  if (x > -3) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p4(2, x);
  if (t == 4) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 2) {
    r := r + 1;
  }
}

procedure p4(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 2;
  if (x > -1) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  if (y == 0) {
    r := r + 1;
  }
}

