//! Datatypes (part of [`crate::front::resolve`]): Boogie's old-style
//! datatypes, `type {:datatype} Tree;` with `function {:constructor}
//! node(value: int, children: List): Tree;`, as BCT (C# to Boogie) and
//! older Boogie front ends write them.
//!
//! Takes: the `type` declarations marked `{:datatype}` (a
//! [`TypeDef::Datatype`] each, from [`super::types`]) and the program's
//! `{:constructor}` functions. Gives: each datatype's constructors fixed
//! ([`ir::DatatypeType::set_constructors`]), and the functions Boogie
//! derives from them, applied like any other: the constructor itself, the
//! tester `is#node` and one selector per field, `value#node` (each an
//! [`ir::Function`] with its [`ir::DatatypeOp`]). A datatype with no
//! constructor is an uninterpreted type (nothing says more of its
//! values); one with no finite value (every constructor needs a value of
//! it) is refused, as SMT-LIB's `declare-datatypes` refuses it. Boogie
//! 2.4.1's `Absy.cs` (`DatatypeConstructor`, `DatatypeSelector`,
//! `DatatypeMembership`) for the names; issue 22 (BCT).

use super::types::TypeDef;
use super::Resolver;
use crate::front::ast;
use crate::ir::{self, Constructor, DatatypeOp, Type};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

impl Resolver {
    /// Fixes the constructors of every `{:datatype}` type and declares the
    /// functions they give (see the module documentation). Runs after
    /// [`Resolver::declare_types`], before any function is resolved.
    pub(super) fn declare_datatypes(&mut self, ast: &ast::Program) {
        let datatype_named = |r: &Resolver, t: &ast::TypeExpr| match &t.kind {
            ast::TypeKind::Named(n) => match r.types.get(n) {
                Some(TypeDef::Datatype(d)) => Some(d.clone()),
                _ => None,
            },
            _ => None,
        };
        // The constructor declarations, by datatype, in order.
        let mut by_datatype: Vec<(Arc<ir::DatatypeType>, Vec<&ast::FunctionDecl>)> = Vec::new();
        let mut function_names = HashSet::new();
        for d in &ast.decls {
            let ast::Decl::Function(f) = d else { continue };
            function_names.insert(f.name.name.as_str());
            if !f.attrs.iter().any(|a| a.name == "constructor") {
                continue;
            }
            let Some(d) = datatype_named(self, &f.result) else {
                self.error(
                    f.result.span,
                    format!(
                        "the result type of the `{{:constructor}}` function `{}` must be a `{{:datatype}}` type",
                        f.name.name
                    ),
                );
                continue;
            };
            if !f.type_params.is_empty() {
                self.error(
                    f.name.span,
                    format!(
                        "unsupported: the `{{:constructor}}` function `{}` has type parameters",
                        f.name.name
                    ),
                );
                continue;
            }
            if f.body.is_some() {
                self.error(
                    f.name.span,
                    format!(
                        "the `{{:constructor}}` function `{}` has a body",
                        f.name.name
                    ),
                );
                continue;
            }
            match by_datatype.iter_mut().find(|(e, _)| *e == d) {
                Some((_, list)) => list.push(f),
                None => by_datatype.push((d, vec![f])),
            }
        }
        // A datatype with no constructor says nothing of its values: an
        // uninterpreted type, before any type is read as it.
        let with_constructors: HashSet<String> =
            by_datatype.iter().map(|(d, _)| d.name.clone()).collect();
        for def in self.types.values_mut() {
            if let TypeDef::Datatype(d) = def {
                if !with_constructors.contains(&d.name) {
                    *def = TypeDef::Uninterpreted(0);
                }
            }
        }
        // The fields, now that every datatype is known.
        let mut constructors: Vec<(Arc<ir::DatatypeType>, Vec<Constructor>)> = Vec::new();
        let mut spans = HashMap::new();
        for (d, decls) in &by_datatype {
            let mut list = Vec::with_capacity(decls.len());
            for f in decls {
                let mut fields = Vec::with_capacity(f.params.len());
                for (i, (name, t)) in f.params.iter().enumerate() {
                    let ty = self.type_of(t);
                    if matches!(ty, Type::PolyMap(_)) {
                        self.error(
                            t.span,
                            format!(
                                "unsupported: a field of the datatype `{}` of polymorphic map type",
                                d.name
                            ),
                        );
                    }
                    let name = name
                        .as_ref()
                        .map_or_else(|| format!("#{i}"), |n| n.name.clone());
                    fields.push((name, ty));
                }
                spans.insert(f.name.name.clone(), f.name.span);
                list.push(Constructor {
                    name: f.name.name.clone(),
                    fields,
                });
            }
            constructors.push((d.clone(), list));
        }
        for (d, list) in &constructors {
            d.set_constructors(list.clone());
        }
        self.refuse_datatypes_without_values(&constructors, &spans);
        // The functions: constructor, tester, selectors.
        for (d, list) in &constructors {
            let datatype = Type::Datatype(d.clone());
            for (k, c) in list.iter().enumerate() {
                let span = spans[&c.name];
                let add = |r: &mut Resolver,
                           name: String,
                           params: Vec<(String, Type)>,
                           result: Type,
                           op: DatatypeOp| {
                    if op != DatatypeOp::Construct(k) && function_names.contains(name.as_str()) {
                        r.error(
                            span,
                            format!("duplicate declaration of function `{name}` (the datatype `{}` declares it)", d.name),
                        );
                        return;
                    }
                    let f = ir::Function {
                        name: name.clone(),
                        params,
                        result,
                        body: None,
                        builtin: None,
                        recursive: false,
                        captured: Vec::new(),
                        stand_in_for: Default::default(),
                        datatype_op: Some(op),
                        span,
                    };
                    r.datatype_functions.insert(name, Arc::new(f));
                };
                add(
                    self,
                    c.name.clone(),
                    c.fields.clone(),
                    datatype.clone(),
                    DatatypeOp::Construct(k),
                );
                let of = vec![("#0".to_string(), datatype.clone())];
                add(
                    self,
                    format!("is#{}", c.name),
                    of.clone(),
                    Type::Bool,
                    DatatypeOp::Test(k),
                );
                for (j, (field, ty)) in c.fields.iter().enumerate() {
                    add(
                        self,
                        format!("{field}#{}", c.name),
                        of.clone(),
                        ty.clone(),
                        DatatypeOp::Select(k, j),
                    );
                }
            }
        }
    }

    /// Refuses each datatype that has no finite value: every constructor
    /// needs a value of a datatype that has none (SMT-LIB requires
    /// datatypes to be well founded).
    fn refuse_datatypes_without_values(
        &mut self,
        constructors: &[(Arc<ir::DatatypeType>, Vec<Constructor>)],
        spans: &HashMap<String, crate::source::Span>,
    ) {
        let mut inhabited: HashSet<String> = HashSet::new();
        loop {
            let before = inhabited.len();
            for (d, list) in constructors {
                let has_value = list.iter().any(|c| {
                    c.fields.iter().all(|(_, t)| match t {
                        Type::Datatype(e) => inhabited.contains(&e.name),
                        _ => true,
                    })
                });
                if has_value {
                    inhabited.insert(d.name.clone());
                }
            }
            if inhabited.len() == before {
                break;
            }
        }
        for (d, list) in constructors {
            if !inhabited.contains(&d.name) {
                let span = list
                    .first()
                    .map_or_else(Default::default, |c| spans[&c.name]);
                self.error(
                    span,
                    format!(
                        "unsupported: the datatype `{}` has no finite value (every constructor needs a value of a datatype with none)",
                        d.name
                    ),
                );
            }
        }
    }
}
