//! Polymorphic maps (part of [`crate::front::resolve`]): `<a>[ref, Field
//! a]a`, read at the instances the program selects and stores at.
//!
//! Takes: polymorphic map types as written, and every `m[i, j]` and
//! `m[i, j := v]` on a map of such a type. Gives: [`Type::PolyMap`], one
//! shared [`ir::PolyMapType`] per type (its type parameters named `%0`,
//! `%1`, ... by [`ir::poly_map_param`]), whose instances (the type
//! arguments each access infers from its index types, by unification) are
//! fixed when resolution ends ([`Resolver::fix_poly_map_instances`]).
//! Later stages read a polymorphic map as a record of one monomorphic map
//! per instance: a datatype in SMT, as Boogie's `/monomorphize` encodes
//! it (an uninterpreted sort when an instance holds the map's own type,
//! [`ir::PolyMapType::holds_itself`]). Boogie's rule that every type parameter of a map type occurs in
//! its index types (so that an access determines its instance) is checked
//! here. Issue 19, milestone 2 (design.md, "The pipeline": resolve).

use super::monomorphize::{Generic, TypeInstance};
use super::Resolver;
use crate::front::ast;
use crate::ir::{self, PolyMapInstance, PolyMapType, Type};
use crate::source::Span;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The polymorphic map types met while resolving, and their instances.
#[derive(Default)]
pub(super) struct PolyMaps {
    /// Each type once (shared by every occurrence), with the instances
    /// met so far, in order.
    types: Vec<(Arc<PolyMapType>, Vec<PolyMapInstance>)>,
    index: HashMap<Type, usize>,
    /// How many type parameters of enclosing polymorphic map types are in
    /// scope while a type is denoted (a nested map numbers on).
    pub(super) depth: usize,
}

impl Resolver {
    /// The type `<params>[keys]value` denotes, with `denote` the
    /// resolver's denotation of one type (the parameters in scope).
    pub(super) fn poly_map_type<E>(
        &mut self,
        params: &[ast::Ident],
        keys: &[ast::TypeExpr],
        value: &ast::TypeExpr,
        denote: &mut dyn FnMut(&mut Resolver, &ast::TypeExpr) -> Result<Type, E>,
    ) -> Result<Type, E> {
        let base = self.poly_maps.depth;
        let names: Vec<String> = (0..params.len())
            .map(|i| ir::poly_map_param(base + i))
            .collect();
        let env_len = self.type_env.len();
        for (p, n) in params.iter().zip(&names) {
            self.type_env.push((p.name.clone(), Type::Sort(n.clone())));
        }
        self.poly_maps.depth += params.len();
        let ks: Result<Vec<Type>, E> = keys.iter().map(|k| denote(self, k)).collect();
        let v = denote(self, value);
        self.poly_maps.depth = base;
        self.type_env.truncate(env_len);
        let (ks, v) = (ks?, v?);
        for (p, n) in params.iter().zip(&names) {
            if !ks.iter().any(|k| self.mentions(k, n)) && !self.mentions(&v, n) {
                self.error(
                    p.span,
                    format!(
                        "type parameter `{}` of a polymorphic map type must occur in its index or value types",
                        p.name
                    ),
                );
                return Ok(Type::Int);
            }
        }
        let written = params.iter().map(|p| p.name.clone()).collect();
        Ok(self.intern_poly_map(PolyMapType::new(names, written, ks, v)))
    }

    /// The one shared [`Type::PolyMap`] equal to `p`.
    pub(super) fn intern_poly_map(&mut self, p: PolyMapType) -> Type {
        let ty = Type::PolyMap(Arc::new(p));
        if let Some(&i) = self.poly_maps.index.get(&ty) {
            return Type::PolyMap(self.poly_maps.types[i].0.clone());
        }
        let Type::PolyMap(arc) = &ty else {
            return ty;
        };
        self.poly_maps
            .index
            .insert(ty.clone(), self.poly_maps.types.len());
        self.poly_maps.types.push((arc.clone(), Vec::new()));
        ty
    }

    /// The value type of polymorphic map `p` at indices of types `ix`:
    /// its type arguments inferred from them and from the value type the
    /// context gives (`expected`: the other operand of `p[] == 5`, the
    /// value stored by `p[] := 5`), the instance recorded when they are
    /// ground. A type parameter neither gives is read as `int`, with
    /// Boogie's warning. `None` (the error reported, at `spans`) when an
    /// index does not fit.
    pub(super) fn poly_map_access(
        &mut self,
        p: &Arc<PolyMapType>,
        ix: &[(Type, Span)],
        expected: Option<&Type>,
        span: Span,
    ) -> Option<Type> {
        if p.keys.len() != ix.len() {
            self.error(
                span,
                format!(
                    "the map takes {} ind{}, but {} {} given",
                    p.keys.len(),
                    if p.keys.len() == 1 { "ex" } else { "ices" },
                    ix.len(),
                    if ix.len() == 1 { "was" } else { "were" }
                ),
            );
            return None;
        }
        let vars: HashSet<String> = p.params.iter().cloned().collect();
        let mut subst = HashMap::new();
        let mut ok = true;
        for (k, (t, at)) in p.keys.iter().zip(ix) {
            if !self.unify(k, t, &vars, &mut subst) {
                self.error(
                    *at,
                    format!(
                        "the map's index must be {}, but this is {t}",
                        p.as_written(&k.to_string())
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        if let Some(expected) = expected {
            let mut attempt = subst.clone();
            if self.unify(&p.value, expected, &vars, &mut attempt) {
                subst = attempt;
            }
        }
        for (n, written) in p.params.iter().zip(&p.written) {
            if !subst.contains_key(n) {
                self.ambiguous_type_parameter(written, span);
                subst.insert(n.clone(), Type::Int);
            }
        }
        let args: Vec<Type> = p.params.iter().map(|n| subst[n].clone()).collect();
        let value = self.substitute_type(&p.value, &subst);
        let interned = self.poly_maps.index.get(&Type::PolyMap(p.clone())).copied();
        if let Some(i) = interned {
            // An instance the program uses, or a pattern of a type
            // quantifier being checked (`forall<t> y: t :: m[y]`).
            self.note_instance(TypeInstance {
                of: Generic::PolyMap(i),
                args: args.clone(),
            });
        }
        if args.iter().all(|a| self.is_ground(a)) && self.is_ground(&value) {
            let keys: Vec<Type> = ix.iter().map(|(t, _)| t.clone()).collect();
            if let Some(i) = interned {
                let list = &mut self.poly_maps.types[i].1;
                if !list.iter().any(|x| x.keys == keys && x.value == value) {
                    list.push(PolyMapInstance {
                        args,
                        keys,
                        value: value.clone(),
                    });
                }
            }
        }
        Some(value)
    }

    /// `t` with the sorts named in `subst` replaced (constructor
    /// instances and polymorphic maps rebuilt over the new arguments).
    pub(super) fn substitute_type(&mut self, t: &Type, subst: &HashMap<String, Type>) -> Type {
        match t {
            Type::Sort(n) => {
                if let Some(x) = subst.get(n) {
                    return x.clone();
                }
                match self.sort_instances.get(n).cloned() {
                    Some((ctor, args)) => {
                        let args = args
                            .iter()
                            .map(|a| self.substitute_type(a, subst))
                            .collect();
                        self.sort_instance(&ctor, args)
                    }
                    None => t.clone(),
                }
            }
            Type::Map(keys, v) => Type::Map(
                keys.iter()
                    .map(|k| self.substitute_type(k, subst))
                    .collect(),
                Box::new(self.substitute_type(v, subst)),
            ),
            Type::PolyMap(p) => {
                // Its own parameters are not replaced.
                let mut inner = subst.clone();
                for n in &p.params {
                    inner.remove(n);
                }
                let keys = p
                    .keys
                    .iter()
                    .map(|k| self.substitute_type(k, &inner))
                    .collect();
                let value = self.substitute_type(&p.value, &inner);
                self.intern_poly_map(PolyMapType::new(
                    p.params.clone(),
                    p.written.clone(),
                    keys,
                    value,
                ))
            }
            _ => t.clone(),
        }
    }

    /// The instances of polymorphic map type `p` met so far, in order.
    pub(super) fn poly_map_instances(&self, p: &Arc<PolyMapType>) -> Vec<PolyMapInstance> {
        let key = Type::PolyMap(p.clone());
        match self.poly_maps.index.get(&key) {
            Some(&i) => self.poly_maps.types[i].1.clone(),
            None => Vec::new(),
        }
    }

    /// Fixes the instances of every polymorphic map type: called once,
    /// when every expression is resolved.
    pub(super) fn fix_poly_map_instances(&mut self) {
        for (p, instances) in std::mem::take(&mut self.poly_maps.types) {
            p.set_instances(instances);
        }
    }
}
