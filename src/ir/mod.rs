//! The resolved, typed program: what the front end gives every later stage.
//!
//! Takes: nothing (data types only). Gives: [`Program`], a set of global
//! variables and procedures whose bodies are control-flow graphs
//! ([`Cfg`], a petgraph graph of [`BasicBlock`]s). Names are resolved to
//! indices, every expression carries its [`Type`], and every statement its
//! source [`Span`]. design.md, "The pipeline": the output of parse + lower.
//!
//! Conventions every stage relies on:
//! - A block terminates a run when it has no successor (`return` and the
//!   implicit return after the last block both lower to that).
//! - `goto` targets are the graph's out-edges, in source order.
//! - Procedure-local variables (parameters, outputs, locals) live in one
//!   table per procedure, indexed by [`LocalId`]; globals in the program's
//!   table, indexed by [`GlobalId`].
//!
//! The other forms every later stage shares live beside it: [`passive`]
//! (the passive loop-free program the VC is built from), [`testcase`] (a
//! test: inputs, choices, trace, outcome) and [`srcloc`] (the C/source
//! locations that front ends record in `{:sourceloc}` attributes).
//! [`display`] prints expressions and programs in a Boogie-like syntax.

pub mod arith;
pub mod display;
pub mod float;
pub mod passive;
pub mod srcloc;
pub mod testcase;

use crate::source::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use petgraph::graph::{DiGraph, NodeIndex};
use std::fmt;
use std::sync::Arc;

/// Index of a global variable in [`Program::globals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub usize);

/// Index of a parameter, output or local in [`Procedure::locals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub usize);

/// Index of a procedure in [`Program::procedures`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProcId(pub usize);

/// A variable as the front end resolved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VarRef {
    Global(GlobalId),
    Local(LocalId),
}

/// Boogie's pointwise map operators (its `base.bpl`; z3's `(_ map f)`):
/// `MapAdd(a, b)[i] == a[i] + b[i]`, `MapIte(c, a, b)[i] == if c[i] then
/// a[i] else b[i]`, `MapEq(a, b)[i] == (a[i] == b[i])`, ...
pub const POINTWISE_MAP_BUILTINS: &[&str] = &[
    "MapAdd", "MapSub", "MapMul", "MapDiv", "MapMod", "MapGt", "MapGe", "MapLt", "MapLe", "MapEq",
    "MapIff", "MapOr", "MapAnd", "MapNot", "MapImp", "MapIte",
];

/// Types of the language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int,
    Bool,
    /// `bvN` (N >= 1): N-bit vectors, SMT-LIB `(_ BitVec N)`.
    Bv(u32),
    /// An uninterpreted type `type T;` (arity 0), SMT-LIB `declare-sort`.
    Sort(String),
    /// A map `[K1, ..., Kn]V` (n >= 1). In SMT a map of several indices is
    /// an array of arrays: `(Array K1 (Array K2 V))`.
    /// Maps with no index (`[]V`) hold one value: their SMT sort is V's.
    Map(Vec<Type>, Box<Type>),
    /// `real`: exact rational numbers, SMT-LIB `Real`.
    Real,
    /// A polymorphic map `<a>[ref, Field a]a`, read at the instances the
    /// program uses (its index types determine the instance): in SMT a
    /// datatype with one array per instance, as Boogie's monomorphizer
    /// encodes it (or an uninterpreted record sort when the map holds its
    /// own type, [`PolyMapType::holds_itself`]). See [`PolyMapType`].
    PolyMap(Arc<PolyMapType>),
    /// A datatype `type {:datatype} T;` whose values are its
    /// `{:constructor}` functions applied (Boogie's old datatypes, as BCT
    /// writes them): SMT-LIB `declare-datatypes`. See [`DatatypeType`].
    Datatype(Arc<DatatypeType>),
    /// `float<sig>e<exp>` (`float24e8`): IEEE 754 binary floating point
    /// with a significand of `sig` bits (the hidden bit included) and an
    /// exponent of `exp` bits; SMT-LIB `(_ FloatingPoint exp sig)`. See
    /// [`float`].
    Float {
        sig: u32,
        exp: u32,
    },
    /// `rmode`: a rounding mode, SMT-LIB `RoundingMode`.
    RMode,
}

/// A datatype: its name and constructors, which are fixed once, after
/// every type is known (a constructor's field may be of the datatype
/// itself, or of another). Two datatypes are equal when their names are
/// (Boogie's type names are unique); so is their hash, and `Debug` shows
/// the name only (a recursive datatype holds itself).
pub struct DatatypeType {
    pub name: String,
    constructors: std::sync::OnceLock<Vec<Constructor>>,
}

/// One `{:constructor}` function of a datatype: `node(value: TT,
/// children: TreeList): Tree`. Boogie adds a tester `is#node` and a
/// selector per field, `value#node`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constructor {
    pub name: String,
    pub fields: Vec<(String, Type)>,
}

impl DatatypeType {
    pub fn new(name: String) -> DatatypeType {
        DatatypeType {
            name,
            constructors: std::sync::OnceLock::new(),
        }
    }

    /// The constructors, in declaration order (none before resolution
    /// fixes them).
    pub fn constructors(&self) -> &[Constructor] {
        self.constructors.get().map_or(&[], |v| v)
    }

    /// Fixes the constructors; a second call is ignored.
    pub fn set_constructors(&self, constructors: Vec<Constructor>) {
        let _ = self.constructors.set(constructors);
    }
}

impl PartialEq for DatatypeType {
    fn eq(&self, other: &DatatypeType) -> bool {
        self.name == other.name
    }
}

impl Eq for DatatypeType {}

impl std::hash::Hash for DatatypeType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl fmt::Debug for DatatypeType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "datatype {}", self.name)
    }
}

/// What a function of a datatype does (see [`Function::datatype_op`]):
/// the index of its constructor in [`DatatypeType::constructors`] (the
/// datatype is the result's type for a constructor, the argument's for
/// the others) and, for a selector, of the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DatatypeOp {
    /// `node(x, l)`: builds a value.
    Construct(usize),
    /// `is#node(t)`: whether `t` was built by the constructor.
    Test(usize),
    /// `value#node(t)`: the field of a value built by the constructor;
    /// unspecified for a value built by another (SMT-LIB leaves it so).
    Select(usize, usize),
}

/// A polymorphic map type: its type parameters (named `%0`, `%1`, ... by
/// [`poly_map_param`], as [`Type::Sort`]s in `keys` and `value`; a map
/// nested in another's value numbers on), and the instances the
/// program selects or stores at, fixed when resolution ends. Two types are
/// equal when their parameters, indices and values are (the instances
/// follow from them).
#[derive(Debug)]
pub struct PolyMapType {
    pub params: Vec<String>,
    /// The parameters' names as written (for messages; not part of the
    /// type: `<a>[Field a]a` and `<b>[Field b]b` are one type).
    pub written: Vec<String>,
    pub keys: Vec<Type>,
    pub value: Type,
    /// The instances, in the order resolution met them; set once, when
    /// resolution ends ([`PolyMapType::set_instances`]).
    instances: std::sync::OnceLock<Vec<PolyMapInstance>>,
}

/// One instance of a [`PolyMapType`]: its type arguments, and the
/// monomorphic map it is there (`[ref, Field int]int`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PolyMapInstance {
    pub args: Vec<Type>,
    pub keys: Vec<Type>,
    pub value: Type,
}

impl PolyMapInstance {
    /// The monomorphic map type of this instance.
    pub fn map_type(&self) -> Type {
        Type::Map(self.keys.clone(), Box::new(self.value.clone()))
    }
}

/// The name of type parameter `i` of polymorphic maps (counting those of
/// enclosing maps), as it appears in [`PolyMapType::keys`] and
/// [`PolyMapType::value`] (no Boogie identifier has a `%`).
pub fn poly_map_param(i: usize) -> String {
    format!("%{i}")
}

impl PolyMapType {
    pub fn new(
        params: Vec<String>,
        written: Vec<String>,
        keys: Vec<Type>,
        value: Type,
    ) -> PolyMapType {
        PolyMapType {
            params,
            written,
            keys,
            value,
            instances: std::sync::OnceLock::new(),
        }
    }

    /// The instances the program uses (none before resolution ends).
    pub fn instances(&self) -> &[PolyMapInstance] {
        self.instances.get().map_or(&[], |v| v)
    }

    /// Fixes the instances; a second call is ignored.
    pub fn set_instances(&self, instances: Vec<PolyMapInstance>) {
        let _ = self.instances.set(instances);
    }

    /// `text` (a type over this map's parameters) with the parameters
    /// named as written.
    pub fn as_written(&self, text: &str) -> String {
        let mut out = text.to_string();
        // `%12` before `%1`.
        for (p, w) in self.params.iter().zip(&self.written).rev() {
            out = out.replace(p.as_str(), w);
        }
        out
    }

    /// The index of the instance an access reads or writes: the one
    /// whose index types are `keys` and value type `value` (a type
    /// parameter may occur in the value type only: `<a>[]a`).
    pub fn instance_at(&self, keys: &[Type], value: &Type) -> Option<usize> {
        self.instances()
            .iter()
            .position(|i| i.keys == keys && i.value == *value)
    }

    /// Whether a value of this type can hold one of the same type: an
    /// instance's index or value holds it (`p[28 := p]` on `<a>[int]a`),
    /// directly or through maps, datatypes and other polymorphic maps'
    /// instances. Such a record cannot be an SMT datatype (a datatype's
    /// values are finite trees, and `p == p[28 := p]` would be refuted);
    /// the VC reads it as an uninterpreted sort with field functions
    /// ([`crate::back::vc`]).
    pub fn holds_itself(&self) -> bool {
        let mut seen = Vec::new();
        self.instances()
            .iter()
            .any(|i| type_holds_poly_map(&i.map_type(), self, &mut seen))
    }
}

/// Whether a value of type `t` holds one of polymorphic map type
/// `target` (see [`PolyMapType::holds_itself`]); `seen` lists the
/// polymorphic maps and datatypes already searched.
fn type_holds_poly_map(t: &Type, target: &PolyMapType, seen: &mut Vec<Type>) -> bool {
    match t {
        Type::Map(keys, v) => keys
            .iter()
            .chain([&**v])
            .any(|x| type_holds_poly_map(x, target, seen)),
        Type::PolyMap(p) if **p == *target => true,
        Type::PolyMap(_) | Type::Datatype(_) if seen.contains(t) => false,
        Type::PolyMap(p) => {
            seen.push(t.clone());
            p.instances()
                .iter()
                .any(|i| type_holds_poly_map(&i.map_type(), target, seen))
        }
        Type::Datatype(d) => {
            seen.push(t.clone());
            d.constructors()
                .iter()
                .flat_map(|c| c.fields.iter())
                .any(|(_, f)| type_holds_poly_map(f, target, seen))
        }
        _ => false,
    }
}

impl PartialEq for PolyMapType {
    fn eq(&self, other: &PolyMapType) -> bool {
        self.params == other.params && self.keys == other.keys && self.value == other.value
    }
}

impl Eq for PolyMapType {}

impl std::hash::Hash for PolyMapType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.params.hash(state);
        self.keys.hash(state);
        self.value.hash(state);
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => write!(f, "int"),
            Type::Bool => write!(f, "bool"),
            Type::Real => write!(f, "real"),
            Type::Bv(n) => write!(f, "bv{n}"),
            Type::Sort(s) => write!(f, "{s}"),
            Type::Datatype(d) => write!(f, "{}", d.name),
            Type::Float { sig, exp } => write!(f, "float{sig}e{exp}"),
            Type::RMode => write!(f, "rmode"),
            Type::Map(keys, v) => {
                write!(f, "[")?;
                for (i, k) in keys.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{k}")?;
                }
                write!(f, "]{v}")
            }
            Type::PolyMap(p) => {
                write!(f, "<")?;
                let map = Type::Map(p.keys.clone(), Box::new(p.value.clone()));
                write!(
                    f,
                    "{}>{}",
                    p.written.join(", "),
                    p.as_written(&map.to_string())
                )
            }
        }
    }
}

/// A `function` declaration. Expressions hold it by [`Arc`], so that every
/// stage (and the SMT printer, which declares what it meets) sees it
/// without a table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    pub name: String,
    /// Parameter names and types; in `body`, parameter i is `Bound(i)`.
    /// The last `captured.len()` of them are the constants the body
    /// mentions (see `captured`).
    pub params: Vec<(String, Type)>,
    /// The global constants the body mentions, itself or through the
    /// functions it applies (Boogie lets a function body read constants,
    /// as SMACK's `$isExternal` reads `$EXTERNS_BOTTOM`): each is one more
    /// parameter, after the declared ones, and every application passes
    /// the constant itself. A constant never changes, so this is the same
    /// function; the SMT encoding and the interpreter need nothing else.
    pub captured: Vec<GlobalId>,
    pub result: Type,
    /// `{ e }`: a definition (SMT `define-fun`). It mentions no variable
    /// (only its parameters, bound variables and other functions).
    pub body: Option<Expr>,
    /// `{:builtin "op"}` or `{:bvbuiltin "op"}`: the SMT-LIB operator it
    /// stands for (e.g. `bvadd`, `(_ zero_extend 8)`); interpreted by the
    /// interpreter too. `None` and no body: uninterpreted (`declare-fun`).
    pub builtin: Option<String>,
    /// Its body applies the function itself, directly or through other
    /// functions (mutual recursion: each function of the cycle is
    /// recursive). An `Arc` cannot hold itself, so an application that
    /// closes a cycle is of a stand-in: the same name and signature,
    /// `recursive` set and no body, which means that function
    /// ([`Function::stand_in_for`]). A stand-in occurs only in the bodies
    /// of the functions of its cycle. The SMT encoding is `define-fun-rec`
    /// (the quantified equation `forall x :: f(x) == body`), and for
    /// mutual recursion the declarations and then their equations.
    pub recursive: bool,
    /// For a recursion stand-in: the function it means, set once that
    /// function is built.
    pub stand_in_for: StandInTarget,
    /// A datatype's constructor, tester or selector: interpreted, neither
    /// defined nor declared (SMT-LIB `declare-datatypes` declares it).
    pub datatype_op: Option<DatatypeOp>,
    pub span: Span,
}

impl Function {
    /// Neither defined nor built in: its values come from the solver's model.
    pub(crate) fn is_uninterpreted(&self) -> bool {
        self.body.is_none()
            && self.builtin.is_none()
            && !self.recursive
            && self.datatype_op.is_none()
    }

    /// The body-less stand-in for a recursive function in its own body.
    pub(crate) fn is_recursion_stand_in(&self) -> bool {
        self.recursive && self.body.is_none()
    }
}

/// The function a recursion stand-in means ([`Function::stand_in_for`]),
/// held weakly: a body holding a stand-in of a function that applies it
/// is then no cycle of `Arc`s ([`Program::recursive_functions`] keeps
/// recursive functions alive). Not part of a function's identity:
/// equality and hashing ignore it.
#[derive(Clone, Default)]
pub struct StandInTarget(std::sync::OnceLock<std::sync::Weak<Function>>);

impl StandInTarget {
    /// Sets the function meant; a second call is ignored.
    pub fn set(&self, f: &Arc<Function>) {
        let _ = self.0.set(Arc::downgrade(f));
    }

    /// The function meant, if set and still alive.
    pub fn get(&self) -> Option<Arc<Function>> {
        self.0.get().and_then(std::sync::Weak::upgrade)
    }
}

impl PartialEq for StandInTarget {
    fn eq(&self, _: &StandInTarget) -> bool {
        true
    }
}

impl Eq for StandInTarget {}

impl std::hash::Hash for StandInTarget {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for StandInTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Some(g) => write!(f, "StandInTarget({})", g.name),
            None => write!(f, "StandInTarget(-)"),
        }
    }
}

/// `forall` or `exists`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    Forall,
    Exists,
}

/// A variable bound by a quantifier or a function definition: a number
/// unique within its function body or top-level expression (so that no
/// renaming ever captures it), and its name as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Binder {
    pub id: usize,
    pub name: String,
    pub ty: Type,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Boolean negation `!e`.
    Not,
    /// Arithmetic negation `-e` (of an int or a real).
    Neg,
    /// `int(e)`: the greatest integer not above the real `e` (SMT-LIB
    /// `to_int`).
    ToInt,
    /// `real(e)`: the integer `e` as a real (SMT-LIB `to_real`).
    ToReal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+ - *` on two ints or two reals.
    Add,
    Sub,
    Mul,
    /// `/`: real division (the front end makes both operands real); bicd
    /// fixes `x / 0.0 = 0.0`, as it fixes `x div 0 = 0`.
    RealDiv,
    /// Euclidean integer division (SMT-LIB `div`); `x div 0` is 0.
    Div,
    /// Euclidean remainder (SMT-LIB `mod`); `x mod 0` is `x`.
    Mod,
    Eq,
    Neq,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Implies,
    Iff,
}

impl BinOp {
    /// The operator as written in Boogie.
    /// `&&`, `||`, `==>` and `<==>`: bool operands, a bool result.
    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or | BinOp::Implies | BinOp::Iff)
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::RealDiv => "/",
            BinOp::Div => "div",
            BinOp::Mod => "mod",
            BinOp::Eq => "==",
            BinOp::Neq => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Implies => "==>",
            BinOp::Iff => "<==>",
        }
    }
}

/// A typed expression over variables of type `V`: [`VarRef`] in the
/// front end's program, an SSA variable id after passification.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr<V = VarRef> {
    pub kind: ExprKind<V>,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind<V = VarRef> {
    Int(BigInt),
    Bool(bool),
    Var(V),
    /// A real literal (`1.5`, `3e2`), exact.
    Real(BigRational),
    /// `old(e)`: `e` evaluated with globals as they were at the entry of
    /// the procedure whose body (or `ensures`) contains it. Gone after
    /// passification.
    Old(Box<Expr<V>>),
    Unary(UnOp, Box<Expr<V>>),
    Binary(BinOp, Box<Expr<V>>, Box<Expr<V>>),
    Ite(Box<Expr<V>>, Box<Expr<V>>, Box<Expr<V>>),
    /// A bit-vector literal `5bv32`: width and value (`0 <= value < 2^width`).
    Bv(u32, BigInt),
    /// A floating-point literal `0x1.8e1f24e8`, `0NaN24e8`, `0+oo24e8`.
    Float(float::Fp),
    /// A rounding-mode literal `RNE`, `roundTowardZero`, ...
    RMode(float::RoundingMode),
    /// A variable bound by an enclosing quantifier or function definition
    /// ([`Binder::id`]).
    Bound(usize),
    /// `f(args)`.
    Apply(Arc<Function>, Vec<Expr<V>>),
    /// `a[i, j]`.
    Select(Box<Expr<V>>, Vec<Expr<V>>),
    /// `a[i, j := v]`.
    Store(Box<Expr<V>>, Vec<Expr<V>>, Box<Expr<V>>),
    /// `e[hi:lo]`: bits `lo..hi` (hi exclusive, as in Boogie).
    Extract(Box<Expr<V>>, u32, u32),
    /// `a ++ b`: `a` the high bits.
    Concat(Box<Expr<V>>, Box<Expr<V>>),
    /// `forall x: T :: e`, `exists ...`: the body, then the triggers (each
    /// a set of terms over the binders, given to the solver as a pattern
    /// where it is a valid one); attributes are dropped.
    Quant(Quantifier, Vec<Binder>, Box<Expr<V>>, Vec<Vec<Expr<V>>>),
    /// The operands are pairwise different (at least two, of one type): the
    /// `unique` constants of a type. One n-ary node, so that the VC stays
    /// linear in the number of constants (SMT-LIB's `distinct`).
    Distinct(Vec<Expr<V>>),
    /// `lambda x: T, y: U :: body`: the map of type `[T, U]V` (its type,
    /// `V` the body's) whose value at `x, y` is `body` with the binders
    /// bound to them. The variables the body reads are read where the
    /// lambda is evaluated (captured by value); attributes and triggers
    /// are dropped.
    Lambda(Vec<Binder>, Box<Expr<V>>),
    /// `lambda<a> o: ref, f: Field a :: body`: a polymorphic map (its type
    /// a [`Type::PolyMap`]), one monomorphic [`ExprKind::Lambda`] per
    /// instance of its type, in the order of the type's instances (see
    /// [`PolyLambda`]).
    PolyLambda(Arc<PolyLambda<V>>),
}

/// The instances of a polymorphic lambda: one [`ExprKind::Lambda`] per
/// instance of its [`PolyMapType`], fixed when resolution ends (the
/// instances are known only then), as [`PolyMapType`]'s own are. Shared
/// by every copy of the expression made before that.
#[derive(Debug)]
pub struct PolyLambda<V = VarRef> {
    parts: std::sync::OnceLock<Vec<Expr<V>>>,
}

impl<V> PolyLambda<V> {
    /// Instances not yet fixed.
    pub fn pending() -> PolyLambda<V> {
        PolyLambda {
            parts: std::sync::OnceLock::new(),
        }
    }

    /// Instances fixed now.
    pub fn with_parts(parts: Vec<Expr<V>>) -> PolyLambda<V> {
        let cell = std::sync::OnceLock::new();
        let _ = cell.set(parts);
        PolyLambda { parts: cell }
    }

    /// One lambda per instance of the type (none before resolution ends).
    pub fn parts(&self) -> &[Expr<V>] {
        self.parts.get().map_or(&[], |v| v)
    }

    /// Fixes the instances; a second call is ignored.
    pub fn set_parts(&self, parts: Vec<Expr<V>>) {
        let _ = self.parts.set(parts);
    }
}

impl<V: PartialEq> PartialEq for PolyLambda<V> {
    fn eq(&self, other: &PolyLambda<V>) -> bool {
        self.parts() == other.parts()
    }
}

impl<V: Eq> Eq for PolyLambda<V> {}

impl<V: std::hash::Hash> std::hash::Hash for PolyLambda<V> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl<V> Expr<V> {
    pub fn new(kind: ExprKind<V>, ty: Type, span: Span) -> Expr<V> {
        Expr { kind, ty, span }
    }

    pub fn bool(b: bool, span: Span) -> Expr<V> {
        Expr::new(ExprKind::Bool(b), Type::Bool, span)
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr<V>) -> Expr<V> {
        let span = e.span;
        Expr::new(ExprKind::Unary(UnOp::Not, Box::new(e)), Type::Bool, span)
    }

    /// The same expression over other variables (`f` maps each variable).
    pub fn map_vars<W>(&self, f: &mut impl FnMut(&V) -> W) -> Expr<W> {
        let kind = match &self.kind {
            ExprKind::Int(n) => ExprKind::Int(n.clone()),
            ExprKind::Bool(b) => ExprKind::Bool(*b),
            ExprKind::Real(r) => ExprKind::Real(r.clone()),
            ExprKind::Var(v) => ExprKind::Var(f(v)),
            ExprKind::Old(e) => ExprKind::Old(Box::new(e.map_vars(f))),
            ExprKind::Unary(op, e) => ExprKind::Unary(*op, Box::new(e.map_vars(f))),
            ExprKind::Binary(op, a, b) => {
                ExprKind::Binary(*op, Box::new(a.map_vars(f)), Box::new(b.map_vars(f)))
            }
            ExprKind::Ite(c, a, b) => ExprKind::Ite(
                Box::new(c.map_vars(f)),
                Box::new(a.map_vars(f)),
                Box::new(b.map_vars(f)),
            ),
            ExprKind::Bv(w, n) => ExprKind::Bv(*w, n.clone()),
            ExprKind::Float(x) => ExprKind::Float(x.clone()),
            ExprKind::RMode(m) => ExprKind::RMode(*m),
            ExprKind::Bound(i) => ExprKind::Bound(*i),
            ExprKind::Apply(func, args) => {
                ExprKind::Apply(func.clone(), args.iter().map(|a| a.map_vars(f)).collect())
            }
            ExprKind::Select(m, ix) => ExprKind::Select(
                Box::new(m.map_vars(f)),
                ix.iter().map(|a| a.map_vars(f)).collect(),
            ),
            ExprKind::Store(m, ix, v) => ExprKind::Store(
                Box::new(m.map_vars(f)),
                ix.iter().map(|a| a.map_vars(f)).collect(),
                Box::new(v.map_vars(f)),
            ),
            ExprKind::Extract(e, hi, lo) => ExprKind::Extract(Box::new(e.map_vars(f)), *hi, *lo),
            ExprKind::Concat(a, b) => {
                ExprKind::Concat(Box::new(a.map_vars(f)), Box::new(b.map_vars(f)))
            }
            ExprKind::Quant(q, vars, body, triggers) => ExprKind::Quant(
                *q,
                vars.clone(),
                Box::new(body.map_vars(f)),
                triggers
                    .iter()
                    .map(|t| t.iter().map(|e| e.map_vars(f)).collect())
                    .collect(),
            ),
            ExprKind::Distinct(args) => {
                ExprKind::Distinct(args.iter().map(|a| a.map_vars(f)).collect())
            }
            ExprKind::Lambda(vars, body) => {
                ExprKind::Lambda(vars.clone(), Box::new(body.map_vars(f)))
            }
            ExprKind::PolyLambda(p) => ExprKind::PolyLambda(Arc::new(PolyLambda::with_parts(
                p.parts().iter().map(|x| x.map_vars(f)).collect(),
            ))),
        };
        Expr::new(kind, self.ty.clone(), self.span)
    }

    /// This node over other variables, its children mapped by `f`; `None`
    /// for `Var` and `Old`, whose mapping is the caller's.
    pub(crate) fn map_children<W>(
        &self,
        f: &mut impl FnMut(&Expr<V>) -> Expr<W>,
    ) -> Option<ExprKind<W>> {
        let mut bx = |e: &Expr<V>| Box::new(f(e));
        Some(match &self.kind {
            ExprKind::Var(_) | ExprKind::Old(_) => return None,
            ExprKind::Int(n) => ExprKind::Int(n.clone()),
            ExprKind::Bool(b) => ExprKind::Bool(*b),
            ExprKind::Real(r) => ExprKind::Real(r.clone()),
            ExprKind::Bv(w, n) => ExprKind::Bv(*w, n.clone()),
            ExprKind::Float(x) => ExprKind::Float(x.clone()),
            ExprKind::RMode(m) => ExprKind::RMode(*m),
            ExprKind::Bound(i) => ExprKind::Bound(*i),
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, bx(a)),
            ExprKind::Binary(op, a, b) => {
                let a = bx(a);
                ExprKind::Binary(*op, a, bx(b))
            }
            ExprKind::Ite(c, a, b) => {
                let c = bx(c);
                let a = bx(a);
                ExprKind::Ite(c, a, bx(b))
            }
            ExprKind::Apply(func, args) => {
                ExprKind::Apply(func.clone(), args.iter().map(|a| *bx(a)).collect())
            }
            ExprKind::Select(m, ix) => {
                let m = bx(m);
                ExprKind::Select(m, ix.iter().map(|a| *bx(a)).collect())
            }
            ExprKind::Store(m, ix, v) => {
                let m = bx(m);
                let ix = ix.iter().map(|a| *bx(a)).collect();
                ExprKind::Store(m, ix, bx(v))
            }
            ExprKind::Extract(e, hi, lo) => ExprKind::Extract(bx(e), *hi, *lo),
            ExprKind::Concat(a, b) => {
                let a = bx(a);
                ExprKind::Concat(a, bx(b))
            }
            ExprKind::Quant(q, vars, body, triggers) => {
                let body = bx(body);
                let triggers = triggers
                    .iter()
                    .map(|t| t.iter().map(|e| *bx(e)).collect())
                    .collect();
                ExprKind::Quant(*q, vars.clone(), body, triggers)
            }
            ExprKind::Distinct(args) => ExprKind::Distinct(args.iter().map(|a| *bx(a)).collect()),
            ExprKind::Lambda(vars, body) => ExprKind::Lambda(vars.clone(), bx(body)),
            ExprKind::PolyLambda(p) => ExprKind::PolyLambda(Arc::new(PolyLambda::with_parts(
                p.parts().iter().map(|x| *bx(x)).collect(),
            ))),
        })
    }

    /// The direct subexpressions, in order.
    pub(crate) fn children(&self) -> Vec<&Expr<V>> {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Var(_) => Vec::new(),
            ExprKind::Real(_) => Vec::new(),
            ExprKind::Bv(..) | ExprKind::Bound(_) => Vec::new(),
            ExprKind::Float(_) | ExprKind::RMode(_) => Vec::new(),
            ExprKind::Old(e)
            | ExprKind::Unary(_, e)
            | ExprKind::Extract(e, ..)
            | ExprKind::Lambda(_, e) => vec![e],
            ExprKind::PolyLambda(p) => p.parts().iter().collect(),
            ExprKind::Quant(_, _, e, triggers) => std::iter::once(&**e)
                .chain(triggers.iter().flatten())
                .collect(),
            ExprKind::Binary(_, a, b) | ExprKind::Concat(a, b) => vec![a, b],
            ExprKind::Ite(c, a, b) => vec![c, a, b],
            ExprKind::Apply(_, args) | ExprKind::Distinct(args) => args.iter().collect(),
            ExprKind::Select(m, ix) => std::iter::once(&**m).chain(ix).collect(),
            ExprKind::Store(m, ix, v) => std::iter::once(&**m)
                .chain(ix)
                .chain(std::iter::once(&**v))
                .collect(),
        }
    }

    /// Calls `f` on this expression and every subexpression (preorder).
    pub fn visit(&self, f: &mut impl FnMut(&Expr<V>)) {
        f(self);
        for c in self.children() {
            c.visit(f);
        }
    }

    /// Calls `f` on every variable occurrence, with whether it is under `old`.
    pub fn visit_vars(&self, under_old: bool, f: &mut impl FnMut(&V, bool)) {
        match &self.kind {
            ExprKind::Var(v) => f(v, under_old),
            ExprKind::Old(e) => e.visit_vars(true, f),
            _ => {
                for c in self.children() {
                    c.visit_vars(under_old, f);
                }
            }
        }
    }
}

/// Identity of an `assert` (or checked `requires`/`ensures`) in the source,
/// stable across unwinding and inlining copies: the assertion verdict is
/// reported once per `AssertId`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssertId(pub usize);

/// What an assertion checks, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssertKind {
    /// `assert e;` in a body.
    Assert,
    /// A `requires` of the callee, checked at a call site.
    Requires,
    /// An `ensures` of a procedure, checked at its exit.
    Ensures,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `x, y := e1, e2` (parallel: all right-hand sides read the old values).
    Assign(Vec<(VarRef, Expr)>),
    Assume(Expr),
    /// `assert e`: a choice between continuing with `e` and failing with
    /// `!e` (design.md, "Assertions").
    Assert(AssertId, Expr),
    Havoc(Vec<VarRef>),
    /// `call outs := callee(args)`.
    /// `free call`: the callee's `requires` are assumed, not asserted.
    Call {
        callee: ProcId,
        args: Vec<Expr>,
        outs: Vec<VarRef>,
        free: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A labelled basic block of a procedure body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasicBlock {
    /// The label as written (unique within its procedure).
    pub label: String,
    /// Span of the label (or of the first statement of an unlabelled block).
    pub span: Span,
    /// Span from the label to the end of the block's last statement or
    /// `goto`/`return`, for reports that show a block's lines.
    pub extent: Span,
    pub stmts: Vec<Stmt>,
}

/// A procedure body: blocks and `goto` edges. Out-edges of a node are its
/// `goto` targets; a node with none returns.
#[derive(Clone, Debug)]
pub struct Cfg {
    pub graph: DiGraph<BasicBlock, ()>,
    pub entry: NodeIndex,
}

impl Cfg {
    /// Successors of `n` in `goto` order.
    pub fn successors(&self, n: NodeIndex) -> Vec<NodeIndex> {
        // petgraph lists out-edges newest first.
        let mut v: Vec<NodeIndex> = self.graph.neighbors(n).collect();
        v.reverse();
        v
    }

    /// The block labelled `label`.
    pub fn block_by_label(&self, label: &str) -> Option<NodeIndex> {
        self.graph
            .node_indices()
            .find(|&n| self.graph[n].label == label)
    }
}

/// What a procedure-local variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocalKind {
    Param,
    Out,
    Local,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local {
    pub var: Variable,
    pub kind: LocalKind,
}

/// A `requires` or `ensures` clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Shared: every procedure's `requires` starts with the same axioms
    /// (thousands of them in Corral's files), and copies of the program
    /// copy only the pointers.
    pub expr: Arc<Expr>,
    /// `free`: assumed where it is assumed, never checked.
    pub free: bool,
    /// The assertion this clause becomes where it is checked.
    pub id: AssertId,
}

#[derive(Clone, Debug)]
pub struct Procedure {
    pub name: String,
    pub span: Span,
    /// Parameters, then outputs, then locals (declaration order).
    pub locals: Vec<Local>,
    pub params: Vec<LocalId>,
    pub outs: Vec<LocalId>,
    pub requires: Vec<Spec>,
    pub ensures: Vec<Spec>,
    pub modifies: Vec<GlobalId>,
    /// Of `modifies`: the globals bicd added because the body or a callee
    /// writes them and the clause does not name them (Boogie's
    /// `/doModSetAnalysis`; none with `--strict-modifies`).
    pub inferred_modifies: Vec<GlobalId>,
    /// For an instance of a polymorphic procedure made for calls at some
    /// types (`Q<bool>`): the procedure it instantiates. Never analysed as
    /// an entry of its own: the procedure itself is, at abstract types.
    pub instance_of: Option<ProcId>,
    /// `None` for a procedure declared without a body. Shared by the
    /// copies of the program that passes make to change specifications
    /// (copying an SV-COMP driver's bodies took 2 s); a pass that
    /// changes a body takes its own with `Arc::make_mut`.
    pub body: Option<Arc<Cfg>>,
}

impl Procedure {
    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0]
    }

    /// Calls `f` on every expression the procedure holds at the top level:
    /// its `requires` and `ensures`, then each statement's right-hand
    /// sides, assumptions, assertions and call arguments.
    pub(crate) fn for_each_expr(&self, mut f: impl FnMut(&Expr)) {
        for s in self.requires.iter().chain(&self.ensures) {
            f(&s.expr);
        }
        self.for_each_code_expr(f);
    }

    /// Calls `f` on every expression of the body's statements (right-hand
    /// sides, assumptions, assertions and call arguments).
    pub(crate) fn for_each_code_expr(&self, mut f: impl FnMut(&Expr)) {
        let Some(cfg) = &self.body else { return };
        for n in cfg.graph.node_indices() {
            for s in &cfg.graph[n].stmts {
                match &s.kind {
                    StmtKind::Assign(pairs) => pairs.iter().for_each(|(_, e)| f(e)),
                    StmtKind::Assume(e) | StmtKind::Assert(_, e) => f(e),
                    StmtKind::Havoc(_) => {}
                    StmtKind::Call { args, .. } => args.iter().for_each(&mut f),
                }
            }
        }
    }
}

/// Where an assertion comes from, indexed by [`AssertId`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertInfo {
    pub kind: AssertKind,
    /// The procedure whose text contains the assertion (for `Requires`, the
    /// callee whose clause it is).
    pub proc: ProcId,
    pub span: Span,
    /// A candidate of the local proofs' Houdini fixed point
    /// (`crate::driver::local_proofs`): where it is asserted, a run that
    /// passes it goes on without assuming it, so that each candidate is
    /// checked alone, not under the others asserted before it.
    pub candidate: bool,
}

/// A place in the program that the Boogie file was translated from (a C,
/// Solidity or Java line), as a front end wrote it in an attribute:
/// `{:sourceloc "f.c", 12, 3}` (SMACK, solc-verify) or
/// `{:sourcefile "f.c"} {:sourceline 12}` (Corral, SDV, VeriSol).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLoc {
    pub file: String,
    /// 1-based.
    pub line: u64,
    /// 1-based, when the attribute gives one.
    pub col: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Globals and constants (`const`), in declaration order.
    pub globals: Vec<Variable>,
    /// The globals declared by `const`: never written; inputs like any
    /// global a run reads. Axioms and `unique` distinctness are free
    /// `requires` at the front of every procedure's `requires`, each
    /// expression stored once and shared ([`Spec::expr`]).
    pub constants: Vec<GlobalId>,
    pub procedures: Vec<Procedure>,
    pub asserts: Vec<AssertInfo>,
    /// The statements that carry a source-location attribute, by the
    /// statement's span (see [`SourceLoc`]; `crate::ir::srcloc` says which
    /// location a block and an assertion take).
    pub source_locs: std::collections::HashMap<Span, SourceLoc>,
    /// The procedures marked `{:entrypoint}` (Corral, SMACK: the entry to
    /// analyse when none is named), in declaration order.
    pub entrypoints: Vec<ProcId>,
    /// What resolution read in a way worth saying (Boogie warns there
    /// too: a type parameter nothing determines, read as `int`).
    pub warnings: Vec<crate::source::Diagnostic>,
    /// Every recursive function, so that the functions recursion
    /// stand-ins mean stay alive ([`StandInTarget`]).
    pub recursive_functions: Vec<Arc<Function>>,
}

impl Program {
    pub fn proc(&self, id: ProcId) -> &Procedure {
        &self.procedures[id.0]
    }

    /// The call statements of `p`'s body, block by block: each callee,
    /// and whether the call is `free` (it assumes the callee's `requires`
    /// instead of checking them).
    pub fn calls(&self, p: ProcId) -> impl Iterator<Item = (ProcId, bool)> + '_ {
        self.proc(p)
            .body
            .iter()
            .flat_map(|cfg| cfg.graph.node_weights())
            .flat_map(|block| &block.stmts)
            .filter_map(|s| match &s.kind {
                StmtKind::Call { callee, free, .. } => Some((*callee, *free)),
                _ => None,
            })
    }

    /// The procedures `p`'s body calls, each once, in the order of their
    /// first call.
    pub fn callees(&self, p: ProcId) -> Vec<ProcId> {
        let mut out = Vec::new();
        for (callee, _) in self.calls(p) {
            if !out.contains(&callee) {
                out.push(callee);
            }
        }
        out
    }

    /// A test of whether an expression reads no variable but constants:
    /// among a procedure's `requires`, those are the axioms and the
    /// distinctness of `unique` constants (lowering puts them first).
    pub fn reads_only_constants(&self) -> impl Fn(&Expr) -> bool + '_ {
        let constants: std::collections::HashSet<usize> =
            self.constants.iter().map(|g| g.0).collect();
        move |e: &Expr| {
            let mut only = true;
            e.visit_vars(false, &mut |v, _| {
                only &= matches!(v, VarRef::Global(g) if constants.contains(&g.0));
            });
            only
        }
    }

    pub fn proc_by_name(&self, name: &str) -> Option<ProcId> {
        self.procedures
            .iter()
            .position(|p| p.name == name)
            .map(ProcId)
    }

    /// The name of a variable seen from procedure `p`.
    pub fn var_name(&self, p: ProcId, v: VarRef) -> &str {
        match v {
            VarRef::Global(g) => &self.globals[g.0].name,
            VarRef::Local(l) => &self.proc(p).local(l).var.name,
        }
    }

    pub fn var_type(&self, p: ProcId, v: VarRef) -> &Type {
        match v {
            VarRef::Global(g) => &self.globals[g.0].ty,
            VarRef::Local(l) => &self.proc(p).local(l).var.ty,
        }
    }
}
