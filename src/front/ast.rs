//! The syntax tree: what the source says, with spans, before any name is
//! resolved.
//!
//! Takes: nothing (data types only; built by `grammar/boogie.lalrpop` through
//! [`crate::front::parse::parse_program`]). Gives: [`Program`], a list of global
//! variable, procedure, implementation and type declarations in either
//! syntax the front end reads (the paper's `proc` language and Boogie).
//! Bodies are kept as the list of labels and statements that was written,
//! structured statements (`if`, `while`) holding their own lists;
//! attributes `{:name args}` are kept where they were written. The
//! resolver (`crate::front::resolve`) and `crate::front::lower` turn bodies into blocks.
//! design.md, "The pipeline": the `AST` between `parse` and `lower`.

use crate::ir::{BinOp, UnOp};
use crate::source::Span;
use num_bigint::BigInt;
use num_rational::BigRational;

/// A name as written, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    Int,
    Bool,
    Real,
    /// A type name: a synonym, an uninterpreted type, `bv32`, `float24e8`...
    Named(String),
    /// A type constructor applied to arguments, `Field int`, `Field (Field a)`.
    Applied(String, Vec<TypeExpr>),
    /// A map type `[T1, ...]U`.
    Map(Vec<TypeExpr>, Box<TypeExpr>),
    /// A polymorphic map type `<a>[Field a]a`: its type parameters, index
    /// types and value type.
    PolyMap(Vec<Ident>, Vec<TypeExpr>, Box<TypeExpr>),
}

/// An attribute `{:name arg, ...}`, kept as written; resolution ignores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub name: String,
    pub args: Vec<AttrArg>,
    pub span: Span,
}

/// One argument of an attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrArg {
    Expr(Expr),
    /// A string literal, contents without the quotes.
    Str(String, Span),
}

/// A type as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeExpr {
    pub kind: TypeKind,
    pub span: Span,
}

/// Names declared together: `x, y: int` (Boogie), or `a, b` without a type
/// (the paper's untyped language; also what a Boogie parameter list with a
/// missing type looks like, which the resolver refuses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingGroup {
    pub names: Vec<Ident>,
    pub ty: Option<TypeExpr>,
    /// Attributes written before any of the names.
    pub attrs: Vec<Attribute>,
    /// `x, y: int where e`: the `where` clause of every name of the group.
    pub where_clause: Option<Expr>,
}

/// Which of the two syntaxes a procedure is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The paper's language: `proc foo(a, b) returns c { ... }`; untyped
    /// names are integers, there is no `modifies` check.
    Paper,
    /// Boogie: `procedure P(x: int) returns (r: int) ...`.
    Boogie,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub decls: Vec<Decl>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decl {
    /// `var x, y: int, b: bool;` at the top level.
    Var(VarDecl),
    Proc(ProcDecl),
    /// `implementation P(...) returns (...) { ... }`.
    Impl(ImplDecl),
    /// `type X = T;`, `type X;`, `type X a;`.
    Type(TypeDecl),
    /// `const unique a, b: int;`
    Const(ConstDecl),
    /// `axiom e;`
    Axiom(AxiomDecl),
    /// `function f(x: int): int;` or with `{ body }`.
    Function(FunctionDecl),
}

/// `function {:attrs} f(x: int, bool): T { body }` (the body optional).
/// Parameters may be unnamed (`int`): their name is then `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    /// Type parameters `<T, U>` (a polymorphic function; see
    /// `crate::front::resolve::monomorphize`).
    pub type_params: Vec<Ident>,
    pub params: Vec<(Option<Ident>, TypeExpr)>,
    pub result: TypeExpr,
    pub body: Option<Expr>,
    pub span: Span,
}

/// The left-hand side of an assignment: `x`, `a[i]`, `a[i][j, k]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lhs {
    pub name: Ident,
    /// Each `[...]`, in order.
    pub indices: Vec<Vec<Expr>>,
    pub span: Span,
}

impl Lhs {
    /// The value `value` assigned here gives the variable, as Boogie reads
    /// `a[i][j] := v`: `a := a[i := a[i][j := v]]` (`value` itself for a
    /// plain `x := v`).
    pub fn assigned_value(&self, value: &Expr) -> Expr {
        fn build(base: Expr, indices: &[Vec<Expr>], value: Expr, span: Span) -> Expr {
            match indices.split_first() {
                None => value,
                Some((first, rest)) => {
                    let inner_base = Expr::node(
                        ExprKind::Select(Box::new(base.clone()), first.clone()),
                        span,
                    );
                    let inner = build(inner_base, rest, value, span);
                    Expr::node(
                        ExprKind::Store(Box::new(base), first.clone(), Box::new(inner)),
                        span,
                    )
                }
            }
        }
        let base = Expr::node(ExprKind::Var(self.name.name.clone()), self.name.span);
        build(base, &self.indices, value.clone(), self.span.to(value.span))
    }
}

/// `const {:attr} unique a, b: int;`: globals nobody may modify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstDecl {
    pub attrs: Vec<Attribute>,
    /// `unique`: the constants of one declaration type are pairwise distinct
    /// from every other `unique` constant of that type.
    pub unique: bool,
    pub groups: Vec<BindingGroup>,
    pub span: Span,
}

/// `axiom {:attr} e;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxiomDecl {
    pub attrs: Vec<Attribute>,
    pub expr: Expr,
    pub span: Span,
}

/// `implementation P(x: int) returns (r: int) { ... }`: a body for a
/// procedure declared without one; its formals may be renamed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImplDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    /// Type parameters `<a>` (refused: see `resolve::implementations`).
    pub type_params: Vec<Ident>,
    pub params: Vec<BindingGroup>,
    pub returns: Vec<BindingGroup>,
    pub body: Body,
    pub span: Span,
}

/// One name of a `type` declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeDecl {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    /// Type parameters (`type Set a;`, `type Pair a = [a]a;`).
    pub params: Vec<Ident>,
    /// `= T` for a synonym; `None` for an uninterpreted type.
    pub synonym: Option<TypeExpr>,
    pub span: Span,
}

/// `var ...;` (global, or local at the start of a body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    /// Attributes are kept on the groups (`var {:a} x: int;`).
    pub groups: Vec<BindingGroup>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecKind {
    Requires(Expr),
    Ensures(Expr),
    Modifies(Vec<Ident>),
}

/// `[free] requires e;`, `[free] ensures e;` or `modifies x, y;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub kind: SpecKind,
    pub attrs: Vec<Attribute>,
    pub free: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcDecl {
    pub syntax: Syntax,
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    /// Type parameters `<a>` (a polymorphic procedure, analysed for an
    /// abstract type; see `crate::front::resolve::procedures`).
    pub type_params: Vec<Ident>,
    pub params: Vec<BindingGroup>,
    pub returns: Vec<BindingGroup>,
    pub specs: Vec<Spec>,
    /// `None` for `procedure P(...);` without a body.
    pub body: Option<Body>,
    /// From the keyword to the closing brace (or semicolon).
    pub span: Span,
}

/// `{ var ...; items }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    pub locals: Vec<VarDecl>,
    pub items: Vec<BodyItem>,
    /// From `{` to `}`.
    pub span: Span,
}

/// One element of a body in source order: a label or a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BodyItem {
    /// `l:` (the span of the identifier).
    Label(Ident),
    Stmt(Stmt),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    /// How deeply structured statements nest in this one (1 for a simple
    /// statement; `else if` counts as nesting). The parser refuses more
    /// than [`MAX_STMT_DEPTH`], so recursion over statements is bounded.
    pub depth: u32,
    /// Attributes after the keyword (`assert {:msg "..."} e;`).
    pub attrs: Vec<Attribute>,
    /// From the first token to the `;`.
    pub span: Span,
}

/// How a call was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallForm {
    /// `call r := P(args);` or `call P(args);`
    Boogie,
    /// The paper's `r := call P(args);`
    Paper,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `x, y := e1, e2;`
    Assign {
        lhs: Vec<Lhs>,
        rhs: Vec<Expr>,
    },
    Assume(Expr),
    Assert(Expr),
    Havoc(Vec<Ident>),
    /// `free call`: the callee's `requires` are assumed, not checked.
    Call {
        free: bool,
        form: CallForm,
        outs: Vec<Ident>,
        callee: Ident,
        args: Vec<Expr>,
    },
    Goto(Vec<Ident>),
    Return,
    /// `if (c) {...} else ...`; `cond` is `None` for `if (*)`.
    If {
        cond: Option<Expr>,
        then: Block,
        els: Option<Else>,
    },
    /// `while (c) invariant ...; {...}`; `cond` is `None` for `while (*)`.
    While {
        cond: Option<Expr>,
        invariants: Vec<Invariant>,
        body: Block,
    },
    /// `break;` or `break L;`
    Break(Option<Ident>),
}

/// `{ items }` of a structured statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub items: Vec<BodyItem>,
    pub span: Span,
}

/// What follows `else`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Else {
    Block(Block),
    /// `else if ...` (the `if` statement).
    If(Box<Stmt>),
}

/// `[free] invariant {:attrs} e;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invariant {
    pub expr: Expr,
    pub free: bool,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

/// An expression. `depth` is the height of the tree (1 for a leaf); the
/// parser refuses trees deeper than [`MAX_EXPR_DEPTH`], so recursion over
/// expressions is bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    pub depth: u32,
}

/// How deeply structured statements may nest (`else if` included).
pub const MAX_STMT_DEPTH: u32 = 256;

/// The nesting depth of the statements of `items` (0 for none).
pub(crate) fn items_depth(items: &[BodyItem]) -> u32 {
    items
        .iter()
        .map(|i| match i {
            BodyItem::Label(_) => 0,
            BodyItem::Stmt(s) => s.depth,
        })
        .max()
        .unwrap_or(0)
}

/// How deep an expression tree may be.
pub const MAX_EXPR_DEPTH: u32 = 256;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    Int(BigInt),
    Bool(bool),
    /// A real literal `1.5`, `2e-3`, exact.
    Real(BigRational),
    Var(String),
    Old(Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `5bv32`: value and width.
    BvLit(BigInt, u32),
    /// A floating-point literal, read.
    FloatLit(crate::ir::float::Fp),
    /// A rounding mode `RNE`, ...
    RModeLit(crate::ir::float::RoundingMode),
    /// `f(args)`.
    Apply(Ident, Vec<Expr>),
    /// `a[i, j]`.
    Select(Box<Expr>, Vec<Expr>),
    /// `a[i, j := v]`.
    Store(Box<Expr>, Vec<Expr>, Box<Expr>),
    /// `e[hi:lo]`.
    Extract(Box<Expr>, BigInt, BigInt),
    /// `a ++ b`.
    Concat(Box<Expr>, Box<Expr>),
    /// `e: T`, a type coercion: `e` has type `T` (which gives the type
    /// arguments of a polymorphic application that its arguments do not).
    Coerce(Box<Expr>, TypeExpr),
    /// `e: N` with a numeral `N`: the `hi:lo` of `x[hi:lo]`, which the
    /// parser turns into [`ExprKind::Extract`]; anywhere else an error.
    BitRange(Box<Expr>, BigInt),
    /// `forall<A> x: T, y: U :: {triggers} {:attrs} body` (`exists` too):
    /// the type parameters (none unless `<...>` is written), the bound
    /// variables, the body, then the triggers (each a set of terms);
    /// attributes are read and dropped.
    Quant(
        crate::ir::Quantifier,
        Vec<Ident>,
        Vec<BindingGroup>,
        Box<Expr>,
        Vec<Vec<Expr>>,
    ),
    /// `(var x, y := e1, e2; body)`: `body` with each name standing for
    /// its value (Boogie's let).
    Let(Vec<Ident>, Vec<Expr>, Box<Expr>),
    /// `lambda<A> x: T, y: U :: {:attrs} body`: the type parameters (none
    /// unless `<...>` is written), the bound variables and the body; the
    /// map `[T, U]typeof(body)` (attributes and triggers are read and
    /// dropped).
    Lambda(Vec<Ident>, Vec<BindingGroup>, Box<Expr>),
}

impl Expr {
    /// A node over `children`, its depth one more than theirs.
    pub fn node(kind: ExprKind, span: Span) -> Expr {
        let max = |es: &[Expr]| es.iter().map(|e| e.depth).max().unwrap_or(0);
        let depth = 1 + match &kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Var(_) | ExprKind::BvLit(..) => 0,
            ExprKind::FloatLit(_) | ExprKind::RModeLit(_) => 0,
            ExprKind::Real(_) => 0,
            ExprKind::Old(e)
            | ExprKind::Unary(_, e)
            | ExprKind::Extract(e, ..)
            | ExprKind::Coerce(e, _)
            | ExprKind::BitRange(e, _)
            | ExprKind::Quant(_, _, _, e, _)
            | ExprKind::Lambda(_, _, e) => e.depth,
            ExprKind::Binary(_, a, b) | ExprKind::Concat(a, b) => a.depth.max(b.depth),
            ExprKind::Ite(c, a, b) => c.depth.max(a.depth).max(b.depth),
            ExprKind::Apply(_, args) => max(args),
            ExprKind::Select(m, ix) => m.depth.max(max(ix)),
            ExprKind::Store(m, ix, v) => m.depth.max(max(ix)).max(v.depth),
            ExprKind::Let(_, values, body) => max(values).max(body.depth),
        };
        Expr { kind, span, depth }
    }

    /// The expressions directly under this one (a quantifier's triggers
    /// included).
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Var(_)
            | ExprKind::BvLit(..)
            | ExprKind::Real(_)
            | ExprKind::FloatLit(_)
            | ExprKind::RModeLit(_) => Vec::new(),
            ExprKind::Old(e)
            | ExprKind::Unary(_, e)
            | ExprKind::Extract(e, ..)
            | ExprKind::Coerce(e, _)
            | ExprKind::BitRange(e, _)
            | ExprKind::Lambda(_, _, e) => vec![e],
            ExprKind::Quant(_, _, _, e, triggers) => std::iter::once(&**e)
                .chain(triggers.iter().flatten())
                .collect(),
            ExprKind::Binary(_, a, b) | ExprKind::Concat(a, b) => vec![a, b],
            ExprKind::Ite(c, a, b) => vec![c, a, b],
            ExprKind::Apply(_, args) => args.iter().collect(),
            ExprKind::Select(m, ix) => std::iter::once(&**m).chain(ix).collect(),
            ExprKind::Store(m, ix, v) => std::iter::once(&**m)
                .chain(ix)
                .chain(std::iter::once(&**v))
                .collect(),
            ExprKind::Let(_, values, body) => {
                values.iter().chain(std::iter::once(&**body)).collect()
            }
        }
    }
}
