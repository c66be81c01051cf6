//! Types (part of [`crate::front::resolve`]): `type` declarations and the
//! [`Type`] each written type denotes.
//!
//! Takes: the program's `type` declarations and every type written in a
//! declaration, with the type parameters in scope
//! ([`Resolver::type_env`]). Gives: [`Type`]s (`int`, `bool`, `real`,
//! `bvN`, maps, uninterpreted sorts; synonyms followed, with their
//! parameters; a cycle an error). A type constructor applied to ground
//! types (`Field int`) is an uninterpreted sort of its own, named as
//! written ([`super::monomorphize`]); a polymorphic map type is one
//! shared [`Type::PolyMap`] ([`super::poly_maps`]); floats
//! `float<sig>e<exp>` and `rmode`. design.md, "The pipeline" (resolve); issue
//! 3, "What to read"; issue 19 (type constructors, synonyms with
//! parameters).

use super::Resolver;
use crate::front::ast;
use crate::ir::Type;

/// What a `type` declaration declares.
#[derive(Clone, Debug)]
pub(super) enum TypeDef {
    /// `type X = T;`, `type Pair a = [a]a;`: its parameters and what it
    /// stands for.
    Synonym(Vec<String>, ast::TypeExpr),
    /// `type X;` (arity 0), `type Field a;` (arity 1, a type constructor).
    Uninterpreted(usize),
    /// `type {:datatype} T;` (see [`super::datatypes`]).
    Datatype(std::sync::Arc<crate::ir::DatatypeType>),
}

/// Found a cycle among type synonyms while expanding.
struct Cyclic;

impl Resolver {
    /// The type `t` denotes; an error (and `int`) for a type bicd does not
    /// read.
    pub(super) fn type_of(&mut self, t: &ast::TypeExpr) -> Type {
        match self.denote(t, 0) {
            Ok(ty) => ty,
            Err(Cyclic) => {
                self.error(t.span, "cyclic type synonym");
                Type::Int
            }
        }
    }

    /// [`Resolver::type_of`], `depth` synonyms being expanded around it:
    /// more than there are types is a cycle.
    fn denote(&mut self, t: &ast::TypeExpr, depth: usize) -> Result<Type, Cyclic> {
        let (name, args) = match &t.kind {
            ast::TypeKind::Int => return Ok(Type::Int),
            ast::TypeKind::Bool => return Ok(Type::Bool),
            ast::TypeKind::Real => return Ok(Type::Real),
            // `[]V` (no index) holds one value of V.
            ast::TypeKind::Map(keys, value) => {
                let mut ks = Vec::new();
                for k in keys {
                    ks.push(self.denote(k, depth)?);
                }
                let value = self.denote(value, depth)?;
                return Ok(Type::Map(ks, Box::new(value)));
            }
            ast::TypeKind::PolyMap(params, keys, value) => {
                return self.poly_map_type(params, keys, value, &mut |r, x| r.denote(x, depth));
            }
            ast::TypeKind::Named(n) => (n, &[][..]),
            ast::TypeKind::Applied(n, args) => (n, &args[..]),
        };
        // A type parameter in scope (the innermost binding).
        if let Some((_, ty)) = self.type_env.iter().rev().find(|(p, _)| p == name) {
            let ty = ty.clone();
            if !args.is_empty() {
                self.error(
                    t.span,
                    format!("type parameter `{name}` takes no arguments"),
                );
            }
            return Ok(ty);
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.denote(a, depth)?);
        }
        match self.types.get(name).cloned() {
            Some(TypeDef::Synonym(params, to)) => {
                if params.len() != values.len() {
                    self.error(
                        t.span,
                        arity_message("type synonym", name, params.len(), values.len()),
                    );
                    return Ok(Type::Int);
                }
                if depth > self.types.len() {
                    return Err(Cyclic);
                }
                // The synonym's body sees its own parameters only.
                let env = params.into_iter().zip(values).collect();
                let saved = std::mem::replace(&mut self.type_env, env);
                let ty = self.denote(&to, depth + 1);
                self.type_env = saved;
                ty
            }
            Some(TypeDef::Datatype(d)) => {
                if !values.is_empty() {
                    self.error(t.span, arity_message("datatype", name, 0, values.len()));
                    return Ok(Type::Int);
                }
                Ok(Type::Datatype(d))
            }
            Some(TypeDef::Uninterpreted(arity)) => {
                if arity != values.len() {
                    self.error(
                        t.span,
                        arity_message("type constructor", name, arity, values.len()),
                    );
                    return Ok(Type::Int);
                }
                if arity == 0 {
                    Ok(Type::Sort(name.clone()))
                } else {
                    Ok(self.sort_instance(name, values))
                }
            }
            None => {
                if let (Some(w), true) = (bv_width(name), args.is_empty()) {
                    return Ok(Type::Bv(w));
                }
                if args.is_empty() && name == "rmode" {
                    return Ok(Type::RMode);
                }
                if let (Some((sig, exp)), true) = (float_format(name), args.is_empty()) {
                    if let Err(m) = crate::ir::float::format_ok(sig, exp) {
                        self.error(t.span, m);
                        return Ok(Type::Int);
                    }
                    return Ok(Type::Float { sig, exp });
                }
                let message = if is_bv_type(name) {
                    format!(
                        "bit-vector type `{name}`: the width must be between 1 and {}",
                        crate::front::parse::MAX_BV_WIDTH
                    )
                } else if is_float_type(name) {
                    format!("floating-point type `{name}`: its sizes must be numbers")
                } else {
                    format!("undeclared type `{name}`")
                };
                self.error(t.span, message);
                Ok(Type::Int)
            }
        }
    }

    /// Collects `type` declarations (with their parameters).
    pub(super) fn declare_types(&mut self, ast: &ast::Program) {
        let mut synonyms = Vec::new();
        for d in &ast.decls {
            let ast::Decl::Type(t) = d else { continue };
            if self.types.contains_key(&t.name.name) {
                self.error(
                    t.name.span,
                    format!("duplicate declaration of type `{}`", t.name.name),
                );
                continue;
            }
            let params: Vec<String> = t.params.iter().map(|p| p.name.clone()).collect();
            let def = match &t.synonym {
                Some(ty) => {
                    synonyms.push(t.clone());
                    TypeDef::Synonym(params, ty.clone())
                }
                None if t.attrs.iter().any(|a| a.name == "datatype") => {
                    if params.is_empty() {
                        TypeDef::Datatype(std::sync::Arc::new(crate::ir::DatatypeType::new(
                            t.name.name.clone(),
                        )))
                    } else {
                        self.error(
                            t.name.span,
                            format!(
                                "unsupported: the datatype `{}` has type parameters",
                                t.name.name
                            ),
                        );
                        TypeDef::Uninterpreted(params.len())
                    }
                }
                None => TypeDef::Uninterpreted(params.len()),
            };
            self.types.insert(t.name.name.clone(), def);
        }
        // Check every synonym once (cycles, what it stands for), its
        // parameters standing for themselves.
        for t in synonyms {
            let env = t
                .params
                .iter()
                .map(|p| (p.name.clone(), self.type_parameter(&p.name)))
                .collect();
            let saved = std::mem::replace(&mut self.type_env, env);
            let args = t
                .params
                .iter()
                .map(|p| ast::TypeExpr {
                    kind: ast::TypeKind::Named(p.name.clone()),
                    span: p.span,
                })
                .collect();
            self.type_of(&ast::TypeExpr {
                kind: ast::TypeKind::Applied(t.name.name.clone(), args),
                span: t.name.span,
            });
            self.type_env = saved;
        }
    }
}

/// "type constructor `Field` takes 1 argument, but 0 were given".
fn arity_message(what: &str, name: &str, arity: usize, given: usize) -> String {
    format!(
        "{what} `{name}` takes {arity} argument{}, but {given} {} given",
        super::plural(arity),
        if given == 1 { "was" } else { "were" }
    )
}

/// The width of `bvN` when 1 <= N <= the widest bicd reads.
fn bv_width(name: &str) -> Option<u32> {
    if !is_bv_type(name) {
        return None;
    }
    name[2..]
        .parse::<u32>()
        .ok()
        .filter(|w| (1..=crate::front::parse::MAX_BV_WIDTH).contains(w))
}

/// `bv1`, `bv32`, ...
fn is_bv_type(name: &str) -> bool {
    name.len() > 2 && name.starts_with("bv") && name[2..].bytes().all(|b| b.is_ascii_digit())
}

/// The significand and exponent sizes of `float<sig>e<exp>`.
fn float_format(name: &str) -> Option<(u32, u32)> {
    let (sig, exp) = name.strip_prefix("float")?.split_once('e')?;
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    Some((number(sig)?, number(exp)?))
}

/// `float24e8`, `float53e11`, ...
fn is_float_type(name: &str) -> bool {
    name.strip_prefix("float")
        .is_some_and(|r| r.contains('e') && r.bytes().all(|b| b.is_ascii_digit() || b == b'e'))
}
