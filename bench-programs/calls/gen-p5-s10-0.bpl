// bicd gen --procs 5 --call-sites 10 --const-args 50 --seed 0
var g: int;

procedure p0(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 4;
  if (x > 2) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p1(4, x);
  if (t == 4) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p4(y + 1, 0);
  if (t == -2) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p3(x, 3);
  if (t == 2) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 2) {
    r := r + 1;
  }
}

procedure p1(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 0;
  if (x > 1) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p4(6, r);
  if (t == 1) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p3(-3, r);
  if (t == 1) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p4(y + 0, 2);
  if (t == 7) {
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
  r := x + 0;
  if (x > -2) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  call t := p4(r, 2);
  if (t == 7) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p4(x, x);
  if (t == 3) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == 1) {
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
  call t := p4(-2, 2);
  if (t == 2) {
    r := r + t;
  } else {
    r := r - t;
  }
  call t := p4(r, y + 0);
  if (t == 8) {
    r := r + t;
  } else {
    r := r - t;
  }
  if (y == -1) {
    r := r + 1;
  }
}

procedure p4(x: int, y: int) returns (r: int)
  modifies g;
{
  var t: int;
  r := x + 0;
  if (x > -1) {
    r := r + y;
  } else {
    r := r - 1;
    g := x;
  }
  if (y == 2) {
    r := r + 1;
  }
}

