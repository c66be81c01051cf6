//! The graph of applications among function bodies (part of
//! [`crate::front::resolve`]), read from the declarations as written.
//!
//! Takes: the program's `function` declarations. Gives:
//! - [`expansion_cycles`]: an error for each cycle of applications among
//!   the functions Boogie expands in place, those declared `{:inline}` (or
//!   `{:inline true}`) or `{:define}` with a body, and the set of their
//!   names (their bodies are then not resolved:
//!   [`crate::front::resolve::Resolver::function`]). Boogie refuses such a
//!   cycle ("Call cycle detected among functions"): expanding `function
//!   {:inline} f(x: int): int { f(x) }` never ends. Only applications
//!   between two such functions count: a function without the attribute
//!   is a definition (an axiom for Boogie), and may be directly recursive.
//!   Applications anywhere in a body count, under `old`, quantifiers and
//!   conditionals alike; the `where` clauses of a quantifier's variables
//!   are not read by bicd, so not here either.
//! - [`resolution_order`]: the order in which to resolve the bodies,
//!   functions applied before the functions that apply them, so that
//!   resolving a body rarely needs to resolve another one inside it (only
//!   on a cycle, which is an error).
//!
//! The graph is searched iteratively (Tarjan's strongly connected
//! components with an explicit stack), so that no chain of functions,
//! however long, can overflow the stack; the walk of a body is recursive,
//! but a body is at most [`ast::MAX_EXPR_DEPTH`] deep.

use crate::front::ast::{self, AttrArg, ExprKind};
use crate::source::Diagnostic;
use std::collections::{HashMap, HashSet, VecDeque};

/// `{:inline}` or `{:define}`, when `f` has a body that Boogie expands in
/// place: the attribute with no argument or with the argument `true`, as
/// Boogie reads it (`{:inline false}` does not count).
fn expansion_attribute(f: &ast::FunctionDecl) -> Option<&'static str> {
    f.body.as_ref()?;
    let set = |name: &str| {
        f.attrs.iter().any(|a| {
            a.name == name
                && match a.args.as_slice() {
                    [] => true,
                    [AttrArg::Expr(e)] => e.kind == ExprKind::Bool(true),
                    _ => false,
                }
        })
    };
    if set("inline") {
        Some("{:inline}")
    } else if set("define") {
        Some("{:define}")
    } else {
        None
    }
}

/// The names of the functions `e` applies, in source order.
fn applications<'a>(e: &'a ast::Expr, out: &mut Vec<&'a str>) {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Real(_)
        | ExprKind::Var(_)
        | ExprKind::BvLit(..)
        | ExprKind::FloatLit(_)
        | ExprKind::RModeLit(_) => {}
        ExprKind::Old(a)
        | ExprKind::Unary(_, a)
        | ExprKind::Extract(a, ..)
        | ExprKind::Coerce(a, _)
        | ExprKind::BitRange(a, _) => applications(a, out),
        ExprKind::Quant(_, _, _, body, _) | ExprKind::Lambda(_, _, body) => applications(body, out),
        ExprKind::Let(_, values, body) => {
            values.iter().for_each(|v| applications(v, out));
            applications(body, out);
        }
        ExprKind::Binary(_, a, b) | ExprKind::Concat(a, b) => {
            applications(a, out);
            applications(b, out);
        }
        ExprKind::Ite(c, a, b) => {
            applications(c, out);
            applications(a, out);
            applications(b, out);
        }
        ExprKind::Apply(f, args) => {
            out.push(f.name.as_str());
            args.iter().for_each(|a| applications(a, out));
        }
        ExprKind::Select(m, ix) => {
            applications(m, out);
            ix.iter().for_each(|i| applications(i, out));
        }
        ExprKind::Store(m, ix, v) => {
            applications(m, out);
            ix.iter().for_each(|i| applications(i, out));
            applications(v, out);
        }
    }
}

/// The strongly connected components of the graph `succs` (nodes
/// `0..succs.len()`), by Tarjan's algorithm with an explicit stack: each
/// after every component it reaches.
fn components(succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succs.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut found = Vec::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, how many of its successors were looked at)
        let mut work = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(&w) = succs[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                found.push(component);
            }
        }
    }
    found
}

/// A shortest cycle from `start` back to it through the nodes of
/// `members` (a strongly connected component holding `start`): the nodes
/// in order, `start` first and last.
fn cycle_through(start: usize, members: &HashSet<usize>, succs: &[Vec<usize>]) -> Vec<usize> {
    let mut parent: HashMap<usize, usize> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &succs[v] {
            if w == start {
                let mut path = vec![start];
                let mut at = v;
                while at != start {
                    path.push(at);
                    at = parent[&at];
                }
                path.push(start);
                path.reverse();
                return path;
            }
            if members.contains(&w) && !parent.contains_key(&w) {
                parent.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    // Not reached for a component with a cycle; the start alone is still
    // a truthful name for the component.
    vec![start, start]
}

/// The indices of `decls` (in declaration order, duplicates already left
/// out) in the order to resolve their bodies: each function after the
/// functions its body applies, except on cycles (there, in declaration
/// order).
pub(super) fn resolution_order(decls: &[&ast::FunctionDecl]) -> Vec<usize> {
    let id: HashMap<&str, usize> = decls
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.name.as_str(), i))
        .collect();
    let succs: Vec<Vec<usize>> = decls
        .iter()
        .map(|f| {
            let mut applied = Vec::new();
            if let Some(body) = &f.body {
                applications(body, &mut applied);
            }
            applied.iter().filter_map(|n| id.get(n).copied()).collect()
        })
        .collect();
    // Tarjan's algorithm finishes a component after every component it
    // reaches.
    components(&succs)
        .into_iter()
        .flat_map(|mut c| {
            c.sort_unstable();
            c
        })
        .collect()
}

/// The errors for the call cycles among the functions of `decls` that are
/// expanded in place (in declaration order, duplicates already left out),
/// and the names of every function on such a cycle.
pub(super) fn expansion_cycles(decls: &[&ast::FunctionDecl]) -> (Vec<Diagnostic>, HashSet<String>) {
    let nodes: Vec<(&ast::FunctionDecl, &str)> = decls
        .iter()
        .filter_map(|f| Some((*f, expansion_attribute(f)?)))
        .collect();
    let id: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, (f, _))| (f.name.name.as_str(), i))
        .collect();
    let succs: Vec<Vec<usize>> = nodes
        .iter()
        .map(|(f, _)| {
            let mut applied = Vec::new();
            if let Some(body) = &f.body {
                applications(body, &mut applied);
            }
            let mut out: Vec<usize> = Vec::new();
            for name in applied {
                if let Some(&j) = id.get(name) {
                    if !out.contains(&j) {
                        out.push(j);
                    }
                }
            }
            out
        })
        .collect();
    let mut errors = Vec::new();
    let mut on_cycle = HashSet::new();
    let mut cyclic: Vec<Vec<usize>> = components(&succs)
        .into_iter()
        .filter(|c| c.len() > 1 || succs[c[0]].contains(&c[0]))
        .collect();
    for c in &mut cyclic {
        c.sort_unstable();
    }
    cyclic.sort_unstable();
    for c in cyclic {
        let members: HashSet<usize> = c.iter().copied().collect();
        let path = cycle_through(c[0], &members, &succs);
        let names: Vec<&str> = path
            .iter()
            .map(|&i| nodes[i].0.name.name.as_str())
            .collect();
        let attributes = ["{:inline}", "{:define}"]
            .into_iter()
            .filter(|a| path.iter().any(|&i| nodes[i].1 == *a))
            .collect::<Vec<_>>()
            .join("/");
        let mut d = Diagnostic::error(
            nodes[c[0]].0.name.span,
            format!(
                "call cycle among {attributes} functions: {}",
                names.join(" -> ")
            ),
        );
        d.notes.push(
            "the body of an {:inline} or {:define} function replaces its applications, \
             so along a cycle that never ends (Boogie refuses it too); a function \
             without these attributes may apply itself"
                .to_string(),
        );
        let others: Vec<&str> = c
            .iter()
            .filter(|i| !path.contains(i))
            .map(|&i| nodes[i].0.name.name.as_str())
            .collect();
        if !others.is_empty() {
            d.notes.push(format!(
                "on cycles with them too: {}",
                others
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        errors.push(d);
        on_cycle.extend(c.iter().map(|&i| nodes[i].0.name.name.clone()));
    }
    (errors, on_cycle)
}

#[cfg(test)]
mod tests {
    use super::components;

    #[test]
    fn components_come_after_the_ones_they_reach() {
        // 0 -> 1 -> 2 <-> 3, 4 -> 0
        let c = components(&[vec![1], vec![2], vec![3], vec![2], vec![0]]);
        let at = |n: usize| c.iter().position(|c| c.contains(&n)).unwrap();
        assert!(at(2) == at(3) && at(3) < at(1) && at(1) < at(0) && at(0) < at(4));
    }

    #[test]
    fn components_of_small_graphs() {
        let mut c = components(&[vec![1], vec![0], vec![2], vec![]]);
        c.iter_mut().for_each(|c| c.sort_unstable());
        c.sort_unstable();
        assert_eq!(c, vec![vec![0, 1], vec![2], vec![3]]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000;
        let mut succs: Vec<Vec<usize>> = (0..n).map(|i| vec![i + 1]).collect();
        succs[n - 1] = vec![0];
        let c = components(&succs);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].len(), n);
    }
}
