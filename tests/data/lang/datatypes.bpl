// Boogie 2.4.1's datatypes (tests/front/lang_datatypes.rs): trees and lists.
type {:datatype} Tree;
function {:constructor} leaf() : Tree;
function {:constructor} node(value: int, children: TreeList) : Tree;
type {:datatype} TreeList;
function {:constructor} cons(car: Tree, cdr: TreeList) : TreeList;
function {:constructor} nil() : TreeList;
type {:datatype} Opaque;
procedure p(t: Tree, l: TreeList, o: Opaque, m: [Tree]int) returns (r: int)
{
  if (is#node(t) && value#node(t) > 5 && is#cons(children#node(t))) { r := 1; }
  if (is#leaf(t) && is#node(t)) { r := 2; }
  if (cons(t, l) == l) { r := 3; }
  if (value#node(node(r, nil())) != r) { r := 4; }
  if (is#leaf(t) && value#node(t) == 7) { r := 5; }
  if (m[node(3, l)] == 2 && m[leaf()] == 4 && o == o) { r := 6; }
}
