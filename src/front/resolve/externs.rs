//! `{:extern}` declarations (part of [`crate::front::resolve`]), as Boogie
//! merges the files it reads: a declaration marked `{:extern}` may be
//! declared again; Boogie keeps the one without the attribute, or the
//! first of several `{:extern}` ones (SymDiff's merged programs declare
//! `function {:extern} f(x: int): int;` and then `f` with a body).
//!
//! Takes: the parsed program. Gives: the program without the `{:extern}`
//! declarations another declaration of the same name and kind overrides,
//! before any name is declared. design.md, "The pipeline" (resolve).

use crate::front::ast;
use std::collections::{HashMap, HashSet};

/// Which namespace a declaration's name lives in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Type,
    Function,
    Procedure,
    /// Constants and global variables share one.
    Global,
}

fn is_extern(attrs: &[ast::Attribute]) -> bool {
    attrs.iter().any(|a| a.name == "extern")
}

/// The names `d` declares, with whether it declares them `{:extern}`.
fn names(d: &ast::Decl) -> Vec<(Kind, &str, bool)> {
    match d {
        ast::Decl::Type(t) => vec![(Kind::Type, &t.name.name, is_extern(&t.attrs))],
        ast::Decl::Function(f) => vec![(Kind::Function, &f.name.name, is_extern(&f.attrs))],
        ast::Decl::Proc(p) => vec![(Kind::Procedure, &p.name.name, is_extern(&p.attrs))],
        ast::Decl::Const(c) => group_names(&c.groups, is_extern(&c.attrs)),
        ast::Decl::Var(v) => group_names(&v.groups, false),
        ast::Decl::Axiom(_) | ast::Decl::Impl(_) => Vec::new(),
    }
}

/// The names of constant or variable groups, `{:extern}` when the
/// declaration or the group is.
fn group_names(groups: &[ast::BindingGroup], outer: bool) -> Vec<(Kind, &str, bool)> {
    groups
        .iter()
        .flat_map(|g| {
            let ext = outer || is_extern(&g.attrs);
            g.names
                .iter()
                .map(move |n| (Kind::Global, n.name.as_str(), ext))
        })
        .collect()
}

/// `program` without the `{:extern}` declarations that another one of the
/// same name overrides: the one without the attribute, else the first.
/// A declaration is dropped only when every name it declares is
/// overridden; anything else is left for the usual duplicate check.
pub(super) fn drop_overridden_externs(program: &ast::Program) -> Option<ast::Program> {
    let mut count: HashMap<(Kind, &str), (usize, bool)> = HashMap::new();
    for d in &program.decls {
        for (kind, name, ext) in names(d) {
            let entry = count.entry((kind, name)).or_insert((0, false));
            entry.0 += 1;
            entry.1 |= !ext;
        }
    }
    if !count.values().any(|&(n, _)| n > 1) {
        return None;
    }
    let mut kept: HashSet<(Kind, &str)> = HashSet::new();
    let mut decls = Vec::with_capacity(program.decls.len());
    let mut dropped = false;
    for d in &program.decls {
        let declared = names(d);
        let overridden = !declared.is_empty()
            && declared.iter().all(|&(kind, name, ext)| {
                let (n, has_plain) = count[&(kind, name)];
                // Another declaration is kept: a plain one, or an earlier
                // `{:extern}` one.
                ext && n > 1 && (has_plain || kept.contains(&(kind, name)))
            });
        if overridden {
            dropped = true;
            continue;
        }
        for (kind, name, _) in declared {
            kept.insert((kind, name));
        }
        decls.push(d.clone());
    }
    dropped.then_some(ast::Program { decls })
}
