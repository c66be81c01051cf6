//! Types (part of [`crate::front::resolve`]): `type` declarations and the
//! [`Type`] each written type denotes.
//!
//! Takes: the program's `type` declarations and every type written in a
//! declaration. Gives: [`Type`]s (`int`, `bool`, `real`, `bvN`, maps,
//! uninterpreted sorts; synonyms followed, a cycle an error) and the errors
//! for what bicd does not read (polymorphism, floats). design.md, "The
//! pipeline" (resolve); issue 3, "What to read".

use super::Resolver;
use crate::front::ast;
use crate::ir::Type;

/// What a `type` declaration declares.
#[derive(Clone, Debug)]
pub(super) enum TypeDef {
    /// `type X = T;`
    Synonym(ast::TypeExpr),
    /// `type X;` or `type X a;` (with parameters: refused where declared)
    Uninterpreted,
}

impl Resolver {
    /// The type `t` denotes: `int`, `bool`, or a synonym of one; every
    /// other type is refused with an error (and read as `int`).
    pub(super) fn type_of(&mut self, t: &ast::TypeExpr) -> Type {
        let mut current = t.clone();
        // Synonyms may chain; a cycle is an error.
        for _ in 0..=self.types.len() {
            let name = match &current.kind {
                ast::TypeKind::Int => return Type::Int,
                ast::TypeKind::Bool => return Type::Bool,
                ast::TypeKind::Real => return Type::Real,
                // `[]V` (no index) holds one value of V.
                ast::TypeKind::Map(keys, value) => {
                    let keys: Vec<Type> = keys.iter().map(|k| self.type_of(k)).collect();
                    let value = self.type_of(value);
                    return Type::Map(keys, Box::new(value));
                }
                ast::TypeKind::Applied(n) => {
                    self.error(
                        current.span,
                        format!("unsupported: polymorphic types (type constructor `{n}` with arguments)"),
                    );
                    return Type::Int;
                }
                ast::TypeKind::PolyMap => {
                    self.error(current.span, "unsupported: polymorphic map types");
                    return Type::Int;
                }
                ast::TypeKind::Named(n) => n.clone(),
            };
            match self.types.get(&name) {
                Some(TypeDef::Synonym(to)) => current = to.clone(),
                Some(TypeDef::Uninterpreted) => return Type::Sort(name),
                None => {
                    if let Some(w) = bv_width(&name) {
                        return Type::Bv(w);
                    }
                    let message = if is_bv_type(&name) {
                        format!(
                            "bit-vector type `{name}`: the width must be between 1 and {}",
                            crate::front::parse::MAX_BV_WIDTH
                        )
                    } else if is_float_type(&name) {
                        format!("unsupported: floating-point type `{name}`")
                    } else {
                        format!("undeclared type `{name}`")
                    };
                    self.error(current.span, message);
                    return Type::Int;
                }
            }
        }
        self.error(t.span, "cyclic type synonym");
        Type::Int
    }

    /// Collects `type` declarations; type parameters are refused.
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
            if let Some(p) = t.params.first() {
                self.error(p.span, "unsupported: polymorphic types (type parameters)");
            }
            let def = match &t.synonym {
                Some(ty) => {
                    synonyms.push(t.name.clone());
                    TypeDef::Synonym(ty.clone())
                }
                None => TypeDef::Uninterpreted,
            };
            self.types.insert(t.name.name.clone(), def);
        }
        // Check every synonym once (cycles, what it stands for).
        for name in synonyms {
            self.type_of(&ast::TypeExpr {
                kind: ast::TypeKind::Named(name.name),
                span: name.span,
            });
        }
    }
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

/// `float24e8`, `float53e11`, ...
fn is_float_type(name: &str) -> bool {
    name.strip_prefix("float")
        .is_some_and(|r| r.contains('e') && r.bytes().all(|b| b.is_ascii_digit() || b == b'e'))
}
