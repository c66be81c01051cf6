//! A passive program compiled once into flat code for concrete runs: what
//! [`super::explore`] evaluates instead of walking boxed expression trees.
//!
//! Takes: a [`PassiveProgram`] whose variables are integers, Booleans,
//! `float24e8`, `float53e11`, or maps `[int]int` or `[int]bool`. Gives:
//! [`FlatProgram`] (per block, its
//! assumptions as [`Stmt`]s over one array of postfix [`Op`]s) and
//! [`State`] (the values of the SSA variables along a run, with a trail to
//! undo a block's definitions), so that a run allocates nothing but the
//! maps it stores into: values are `i64` (Booleans 0 and 1, floats their
//! bits as [`encode_f64`] and [`encode_f32`] store them, maps a handle of
//! a [`MapNode`]: a map as given, or one store over another), sorts are
//! checked when compiling, and
//! every statement is one loop over its ops; and, for the search
//! ([`super::search`]), the branch distance of an assumption that fails
//! ([`State::distance`]).
//!
//! The semantics are the interpreter's and the VC's (design.md): unbounded
//! integers are `i64` here (minus [`UNDEFINED`], which marks a variable
//! without a value), and a literal that does not fit or an operation that
//! overflows makes the assumption *unevaluable*, which counts as not
//! holding (the path is then not found here; the solver finds it).
//! `div`/`mod` are Euclidean with `x div 0 = 0`, `x mod 0 = x`. Floats are
//! IEEE 754 binary32/binary64 with Rust's `f32`/`f64` (the builtins of
//! SMT-LIB's `FloatingPoint` that round to nearest-even or not at all,
//! `fp.roundToIntegral` in any mode; one NaN per format), bit for bit
//! what [`crate::ir::float`] computes. Maps are read and stored; their
//! equality is not evaluated (two handles may be equal maps). An
//! uninterpreted function of integers and Booleans ([`is_uninterpreted`])
//! has, in a run, values chosen by a hash of the run's salt and its
//! arguments ([`Op::Apply`]); the run records the points it evaluates,
//! which its test gives the interpreter. A defined (not recursive)
//! function is compiled as its body over the arguments, and `distinct`
//! (of `const unique` constants) as such. An expression of another kind or
//! sort (other maps, map equality, bit-vectors, reals, other functions,
//! quantifiers, other rounding modes) compiles to [`Stmt::Fail`]: never
//! evaluable, so concrete runs
//! never claim a path through it.
//!
//! An assumption `v == e` on an internal SSA variable `v` (an assignment or
//! a join copy after passification) *defines* `v` when the run has not
//! defined it yet, and is checked like any other assumption when it has.
//! An input the entry block equates to literals (SMACK's `axiom $0.ref ==
//! 0;`) has that value in every run ([`FlatProgram::entry_definitions`];
//! the explorer gives every valuation that value), and in the entry block
//! `f(args) == v` with `f` uninterpreted defines that point of `f`
//! ([`Op::Equate`]: a run chooses its functions' values, and records them).

use crate::ir::passive::{PassiveProgram, SsaId, SsaRole};
use crate::ir::{BinOp, Expr, ExprKind, Type, UnOp};
use num_traits::ToPrimitive;
use std::borrow::Cow;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sort {
    Int,
    Bool,
    /// `float24e8` (IEEE binary32), its bits in the low 32 bits.
    F32,
    /// `float53e11` (IEEE binary64), its bits as [`encode_f64`] stores them.
    F64,
    /// `[int]int`: a handle of a map in the run's [`State`] (see
    /// [`MapNode`]).
    IntMap,
    /// `[int]bool`, as [`Sort::IntMap`].
    BoolMap,
}

impl Sort {
    /// The sort of values of `ty` here, if it has one.
    pub(super) fn of(ty: &Type) -> Option<Sort> {
        match ty {
            Type::Int => Some(Sort::Int),
            Type::Bool => Some(Sort::Bool),
            Type::Float { sig: 24, exp: 8 } => Some(Sort::F32),
            Type::Float { sig: 53, exp: 11 } => Some(Sort::F64),
            Type::Map(index, value) if index.as_slice() == [Type::Int] => match **value {
                Type::Int => Some(Sort::IntMap),
                Type::Bool => Some(Sort::BoolMap),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether values of this sort are maps.
    pub(super) fn is_map(self) -> bool {
        matches!(self, Sort::IntMap | Sort::BoolMap)
    }

    /// The sort of a map's values.
    fn element(self) -> Option<Sort> {
        match self {
            Sort::IntMap => Some(Sort::Int),
            Sort::BoolMap => Some(Sort::Bool),
            _ => None,
        }
    }
}

/// The one NaN of binary64 (SMT-LIB has one NaN per format; the pattern
/// is [`crate::ir::float::Fp::nan`]'s).
const NAN_F64: u64 = 0x7ff8_0000_0000_0000;
/// The one NaN of binary32.
const NAN_F32: u32 = 0x7fc0_0000;
/// XORed into a binary64 pattern to store it in an `i64`, so that the
/// pattern stored as [`UNDEFINED`] is a NaN other than [`NAN_F64`], which
/// no value ever has (`-0.0`, `0x8000...`, would be `UNDEFINED` as is).
const F64_FLIP: u64 = 0x8000_0000_0000_0000 ^ 0x7ff0_0000_0000_0001;

/// A binary64 as stored in a [`State`] (every NaN as [`NAN_F64`]).
pub(super) fn encode_f64(x: f64) -> i64 {
    let bits = if x.is_nan() { NAN_F64 } else { x.to_bits() };
    (bits ^ F64_FLIP) as i64
}

/// The binary64 stored as `v` ([`encode_f64`]).
pub(super) fn decode_f64(v: i64) -> f64 {
    f64::from_bits(v as u64 ^ F64_FLIP)
}

/// A binary32 as stored in a [`State`] (every NaN as [`NAN_F32`]).
pub(super) fn encode_f32(x: f32) -> i64 {
    i64::from(if x.is_nan() { NAN_F32 } else { x.to_bits() })
}

/// The binary32 stored as `v` ([`encode_f32`]).
pub(super) fn decode_f32(v: i64) -> f32 {
    f32::from_bits(v as u32)
}

/// A float's place in the order of its format's values, as an integer:
/// neighbouring floats are one apart, `-0` and `+0` both 0 (so the
/// distance of two floats in ULPs is the difference of their ordinals).
pub(super) fn float_ordinal(sort: Sort, v: i64) -> Option<i64> {
    let (neg, magnitude) = match sort {
        Sort::F64 => {
            let x = decode_f64(v);
            if x.is_nan() {
                return None;
            }
            let bits = x.to_bits();
            (bits >> 63 == 1, (bits & !(1 << 63)) as i64)
        }
        Sort::F32 => {
            let x = decode_f32(v);
            if x.is_nan() {
                return None;
            }
            let bits = x.to_bits();
            (bits >> 31 == 1, i64::from(bits & !(1 << 31)))
        }
        _ => return None,
    };
    Some(if neg { -magnitude } else { magnitude })
}

/// The float of `sort` at `ordinal` ([`float_ordinal`]; `+0` at 0),
/// clamped to the infinities.
pub(super) fn float_at(sort: Sort, ordinal: i64) -> i64 {
    match sort {
        Sort::F32 => {
            let max = i64::from(f32::INFINITY.to_bits());
            let m = ordinal.unsigned_abs().min(max as u64) as u32;
            let bits = if ordinal < 0 { m | 1 << 31 } else { m };
            encode_f32(f32::from_bits(bits))
        }
        _ => {
            let max = f64::INFINITY.to_bits();
            let m = ordinal.unsigned_abs().min(max);
            let bits = if ordinal < 0 { m | 1 << 63 } else { m };
            encode_f64(f64::from_bits(bits))
        }
    }
}

/// An operation of SMT-LIB's `FloatingPoint` theory on binary32 or
/// binary64, rounding to nearest, ties to even (Rust's `f32`/`f64`
/// arithmetic is IEEE 754's, exactly: [`crate::ir::float`] computes the
/// same bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Neg,
    Abs,
    Lt,
    Le,
    Gt,
    Ge,
    /// `fp.eq`: IEEE equality (NaN unequal to itself, `-0 == +0`).
    IeeeEq,
    IsNaN,
    IsInfinite,
    IsZero,
    IsNormal,
    IsSubnormal,
    IsNegative,
    IsPositive,
    /// Binary32 to binary64 (exact) or back (rounded), or an integer to
    /// either (rounded).
    Convert,
    /// `fp.roundToIntegral` in the given mode (exact: no rounding error).
    RoundIntegral(crate::ir::float::RoundingMode),
}

impl FloatOp {
    /// The operation a builtin's text names, with its arity, if it
    /// rounds to nearest-even or does not round.
    fn of_builtin(text: &str) -> Option<(FloatOp, usize)> {
        use crate::ir::float::{FloatBuiltin, RoundingMode};
        let b = FloatBuiltin::read(text)?;
        if b.core == "fp.roundToIntegral" {
            return b.rounding.map(|m| (FloatOp::RoundIntegral(m), 1));
        }
        if b.rounding.is_some_and(|m| m != RoundingMode::Rne) {
            return None;
        }
        let rounded = |op, n| b.rounding.map(|_| (op, n));
        match b.core.as_str() {
            "fp.add" => rounded(FloatOp::Add, 2),
            "fp.sub" => rounded(FloatOp::Sub, 2),
            "fp.mul" => rounded(FloatOp::Mul, 2),
            "fp.div" => rounded(FloatOp::Div, 2),
            "fp.sqrt" => rounded(FloatOp::Sqrt, 1),
            "fp.neg" => Some((FloatOp::Neg, 1)),
            "fp.abs" => Some((FloatOp::Abs, 1)),
            "fp.lt" => Some((FloatOp::Lt, 2)),
            "fp.leq" => Some((FloatOp::Le, 2)),
            "fp.gt" => Some((FloatOp::Gt, 2)),
            "fp.geq" => Some((FloatOp::Ge, 2)),
            "fp.eq" => Some((FloatOp::IeeeEq, 2)),
            "fp.isNaN" => Some((FloatOp::IsNaN, 1)),
            "fp.isInfinite" => Some((FloatOp::IsInfinite, 1)),
            "fp.isZero" => Some((FloatOp::IsZero, 1)),
            "fp.isNormal" => Some((FloatOp::IsNormal, 1)),
            "fp.isSubnormal" => Some((FloatOp::IsSubnormal, 1)),
            "fp.isNegative" => Some((FloatOp::IsNegative, 1)),
            "fp.isPositive" => Some((FloatOp::IsPositive, 1)),
            "(_ to_fp 8 24)" | "(_ to_fp 11 53)" => rounded(FloatOp::Convert, 1),
            _ => None,
        }
    }

    /// The sort of the result, given the operands' sorts (`None`: not
    /// evaluated here).
    fn result(self, args: &[Sort], target: Option<Sort>) -> Option<Sort> {
        let float = |s: Sort| matches!(s, Sort::F32 | Sort::F64);
        match (self, args) {
            (FloatOp::Add | FloatOp::Sub | FloatOp::Mul | FloatOp::Div, [a, b])
                if a == b && float(*a) =>
            {
                Some(*a)
            }
            (FloatOp::Sqrt | FloatOp::Neg | FloatOp::Abs | FloatOp::RoundIntegral(_), [a])
                if float(*a) =>
            {
                Some(*a)
            }
            (FloatOp::Lt | FloatOp::Le | FloatOp::Gt | FloatOp::Ge | FloatOp::IeeeEq, [a, b])
                if a == b && float(*a) =>
            {
                Some(Sort::Bool)
            }
            (
                FloatOp::IsNaN
                | FloatOp::IsInfinite
                | FloatOp::IsZero
                | FloatOp::IsNormal
                | FloatOp::IsSubnormal
                | FloatOp::IsNegative
                | FloatOp::IsPositive,
                [a],
            ) if float(*a) => Some(Sort::Bool),
            (FloatOp::Convert, [a]) if float(*a) => target.filter(|t| float(*t)),
            (FloatOp::Convert, [Sort::Int]) => target.filter(|t| float(*t)),
            _ => None,
        }
    }
}

/// `op` applied to the operands `a`, `b` (stored values; `b` unused by
/// a unary operation) of sort `arg`, giving a value of sort `result`.
/// `f32` arithmetic for binary32, `f64` for binary64: both are IEEE 754's,
/// correctly rounded to nearest-even, as [`crate::ir::float`] computes
/// them; NaN results are the format's one NaN.
fn apply_float(op: FloatOp, arg: Sort, result: Sort, a: i64, b: i64) -> Option<i64> {
    use crate::ir::float::RoundingMode;
    macro_rules! compute {
        ($t:ty, $dec:expr) => {{
            let (x, y): ($t, $t) = ($dec(a), $dec(b));
            let truth = |p: bool| FloatResult::Bool(p);
            match op {
                FloatOp::Add => FloatResult::Num(x + y),
                FloatOp::Sub => FloatResult::Num(x - y),
                FloatOp::Mul => FloatResult::Num(x * y),
                FloatOp::Div => FloatResult::Num(x / y),
                FloatOp::Sqrt => FloatResult::Num(x.sqrt()),
                FloatOp::Neg => FloatResult::Num(-x),
                FloatOp::Abs => FloatResult::Num(x.abs()),
                FloatOp::Lt => truth(x < y),
                FloatOp::Le => truth(x <= y),
                FloatOp::Gt => truth(x > y),
                FloatOp::Ge => truth(x >= y),
                FloatOp::IeeeEq => truth(x == y),
                FloatOp::IsNaN => truth(x.is_nan()),
                FloatOp::IsInfinite => truth(x.is_infinite()),
                FloatOp::IsZero => truth(x == 0.0),
                FloatOp::IsNormal => truth(x.is_normal()),
                FloatOp::IsSubnormal => truth(x.is_subnormal()),
                FloatOp::IsNegative => truth(!x.is_nan() && x.is_sign_negative()),
                FloatOp::IsPositive => truth(!x.is_nan() && x.is_sign_positive()),
                FloatOp::Convert => FloatResult::Num(x),
                FloatOp::RoundIntegral(m) => FloatResult::Num(match m {
                    RoundingMode::Rne => x.round_ties_even(),
                    RoundingMode::Rna => x.round(),
                    RoundingMode::Rtp => x.ceil(),
                    RoundingMode::Rtn => x.floor(),
                    RoundingMode::Rtz => x.trunc(),
                }),
            }
        }};
    }
    let truth = |p: bool| (result == Sort::Bool).then_some(i64::from(p));
    match arg {
        Sort::F32 => match compute!(f32, decode_f32) {
            FloatResult::Bool(p) => truth(p),
            FloatResult::Num(n) => match result {
                Sort::F32 => Some(encode_f32(n)),
                Sort::F64 => Some(encode_f64(f64::from(n))),
                _ => None,
            },
        },
        Sort::F64 => match compute!(f64, decode_f64) {
            FloatResult::Bool(p) => truth(p),
            FloatResult::Num(n) => match result {
                Sort::F64 => Some(encode_f64(n)),
                // Rust's `as` rounds to nearest-even.
                Sort::F32 => Some(encode_f32(n as f32)),
                _ => None,
            },
        },
        // `(_ to_fp e s) RNE` of an integer (read as a real): Rust's `as`
        // rounds to nearest-even.
        Sort::Int if op == FloatOp::Convert => match result {
            Sort::F64 => Some(encode_f64(a as f64)),
            Sort::F32 => Some(encode_f32(a as f32)),
            _ => None,
        },
        _ => None,
    }
}

/// A float operation's result: a number or a truth value.
enum FloatResult<N> {
    Num(N),
    Bool(bool),
}

/// One instruction of a postfix expression; jumps are absolute positions
/// in [`FlatProgram::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Const(i64),
    Var(u32),
    Not,
    Neg,
    Add,
    Sub,
    Mul,
    Div,
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
    /// Pops `arity` operands of sort `arg`, pushes a value of `result`.
    Float {
        op: FloatOp,
        arity: u8,
        arg: Sort,
        result: Sort,
    },
    /// Pops an index and a map; pushes the map's value there.
    Select,
    /// Pops a value, an index and a map; pushes the map with the value
    /// stored at the index.
    Store,
    /// Pops `arity` integer or Boolean arguments; pushes the value of the
    /// uninterpreted function `flat.functions[function]` there (see
    /// [`apply`]).
    Apply {
        function: u32,
        arity: u8,
    },
    /// Pops a value and `arity` arguments; pushes whether the
    /// uninterpreted function `flat.functions[function]` has that value
    /// there. A point the run has not evaluated yet is given that value
    /// (the run chooses its functions): `f(a) == v` defines the point as
    /// `x == e` defines an internal variable ([`equate`]).
    Equate {
        function: u32,
        arity: u8,
    },
    /// Pops this many values of one sort; pushes whether no two are equal
    /// (`distinct`, as `const unique` declarations give it).
    Distinct(u32),
    /// Pops a Boolean; jumps when it is false.
    JumpIfFalse(u32),
    Jump(u32),
}

/// One assumption of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stmt {
    /// `var == code[start..end]` with `var` internal (or an input the
    /// entry block equates to something): defines `var` if the run has
    /// not, else checks the equality.
    Define { var: u32, start: u32, end: u32 },
    /// `code[start..end]` must evaluate to true.
    Check { start: u32, end: u32 },
    /// `var == linear[form]`: as `Define`, for an affine right-hand side
    /// (most assignments), evaluated without the stack.
    DefineLinear { var: u32, form: u32 },
    /// `linear[form] REL 0`: as `Check`, for a comparison of affine
    /// integer terms (most branch conditions).
    CheckLinear { form: u32, rel: Rel },
    /// Cannot be evaluated here.
    Fail,
}

/// How an affine form compares with zero in [`Stmt::CheckLinear`]
/// (integers: `a < b` is `a - b + 1 <= 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rel {
    Zero,
    NotZero,
    AtMostZero,
}

/// `c + sum k * x` over the terms `terms[start..end]` of
/// [`FlatProgram::terms`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Linear {
    c: i64,
    start: u32,
    end: u32,
}

/// The compiled program.
pub(super) struct FlatProgram {
    code: Vec<Op>,
    linear: Vec<Linear>,
    /// `(variable, coefficient)` of the affine forms in `linear`.
    terms: Vec<(u32, i64)>,
    stmts: Vec<Stmt>,
    /// The statements of block b are `stmts[block_start[b]..block_start[b + 1]]`.
    block_start: Vec<u32>,
    /// Per statement: its block and the index of its assumption there.
    origin: Vec<(u32, u32)>,
    /// Per [`Stmt::Check`]: its condition taken apart into comparisons,
    /// conjunctions and disjunctions (for [`State::distance`]).
    conds: Vec<Option<Cond>>,
    /// The sort of each variable, if it has one here.
    sorts: Vec<Option<Sort>>,
    /// The uninterpreted functions [`Op::Apply`] applies, each once.
    pub(super) functions: Vec<Uninterpreted>,
    /// Applications of defined functions the compiler may still expand
    /// (see [`MAX_EXPANSIONS`]).
    expansions: usize,
    n_vars: usize,
    /// The internal variables one assumption `v == e` defines (none
    /// defines them twice, as a join does), by index: what a
    /// condition on a flag stands for ([`FlatProgram::flag_cond`]).
    definitions: HashMap<usize, Expr<SsaId>>,
}

/// A condition as [`State::distance`] measures it: `!`s pushed down to
/// the comparisons (which take them into their relation) and to the
/// other Boolean terms.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    Cmp(Probe),
    All(Vec<Cond>),
    Any(Vec<Cond>),
    /// A Boolean term (`code[start..end]`) that must be `want`.
    Test {
        start: u32,
        end: u32,
        want: bool,
    },
}

/// The comparison `l rel r` a [`Stmt::Check`] states, its sides compiled
/// on their own (`code[l.0..l.1]`, `code[r.0..r.1]`), so that a failing
/// check can say how far it is from holding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Probe {
    rel: BinOp,
    /// `fp.eq` rather than `==` (NaN unequal to itself, `-0 == +0`).
    ieee: bool,
    sort: Sort,
    l: (u32, u32),
    r: (u32, u32),
}

/// A distance from holding for what cannot be evaluated: more than any
/// real one.
pub(super) const FAR: f64 = 1e30;

/// The internal variables of `program` that exactly one assumption
/// `v == e` with `e` not a literal defines, with `e` (`v == 1` is as
/// often a branch's condition on a flag as a definition).
fn single_definitions(program: &PassiveProgram) -> HashMap<usize, Expr<SsaId>> {
    let mut count: HashMap<usize, usize> = HashMap::new();
    let mut definitions = HashMap::new();
    for a in program.blocks.iter().flat_map(|b| &b.assumes) {
        if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
            let literal = matches!(rhs.kind, ExprKind::Int(_) | ExprKind::Bool(_));
            if let (ExprKind::Var(v), false) = (&lhs.kind, literal) {
                if program.vars[v.0].role == SsaRole::Internal {
                    *count.entry(v.0).or_default() += 1;
                    definitions.insert(v.0, (**rhs).clone());
                }
            }
        }
    }
    definitions.retain(|v, _| count[v] == 1);
    definitions
}

impl FlatProgram {
    /// Compiles every assumption of `program`.
    pub(super) fn compile(program: &PassiveProgram) -> FlatProgram {
        let sorts: Vec<Option<Sort>> = program.vars.iter().map(|v| Sort::of(&v.ty)).collect();
        // Variables an assumption `v == e` defines: internal ones, and
        // inputs the entry block equates to something (a constant an
        // axiom defines, `axiom $0.ref == 0;`): every run has them, so
        // [`FlatProgram::entry_definitions`] can give them their value.
        let mut internal: Vec<bool> = program
            .vars
            .iter()
            .map(|v| v.role == SsaRole::Internal)
            .collect();
        for a in program.blocks.first().map_or(&[][..], |b| &b.assumes[..]) {
            if let ExprKind::Binary(BinOp::Eq, lhs, _) = &a.kind {
                if let ExprKind::Var(v) = lhs.kind {
                    if matches!(program.vars[v.0].role, SsaRole::Input { .. }) {
                        internal[v.0] = true;
                    }
                }
            }
        }
        let mut flat = FlatProgram {
            code: Vec::new(),
            linear: Vec::new(),
            terms: Vec::new(),
            stmts: Vec::new(),
            block_start: Vec::with_capacity(program.blocks.len() + 1),
            origin: Vec::new(),
            conds: Vec::new(),
            sorts: sorts.clone(),
            functions: Vec::new(),
            expansions: MAX_EXPANSIONS,
            n_vars: program.vars.len(),
            definitions: single_definitions(program),
        };
        for (b, block) in program.blocks.iter().enumerate() {
            flat.block_start.push(flat.stmts.len() as u32);
            for (i, a) in block.assumes.iter().enumerate() {
                let stmt = flat.statement(a, &sorts, &internal, b == 0);
                let cond = match stmt {
                    Stmt::Check { .. } => flat.cond(a, false, &sorts),
                    Stmt::CheckLinear { .. } | Stmt::Define { .. } | Stmt::DefineLinear { .. } => {
                        flat.flag_cond(a, false, &sorts)
                    }
                    _ => None,
                };
                flat.stmts.push(stmt);
                flat.conds.push(cond);
                flat.origin.push((b as u32, i as u32));
            }
        }
        flat.block_start.push(flat.stmts.len() as u32);
        flat
    }

    /// The inputs the entry block defines whatever the valuation, with
    /// their values: its definitions run in order from no values (its
    /// conditions skipped). An input (`axiom $0.ref == 0;`) defined from
    /// literals and such inputs alone, without an uninterpreted function
    /// (whose values a run chooses), has that value in every run.
    pub(super) fn entry_definitions(&self, program: &PassiveProgram) -> Vec<(SsaId, i64)> {
        let mut fixed = Vec::new();
        if self.block_start.len() < 2 {
            return fixed;
        }
        let mut state = State::new(self);
        for (i, stmt) in self.block(0).iter().enumerate() {
            let (var, value) = match *stmt {
                Stmt::Define { var, start, end } => {
                    let code = &self.code[start as usize..end as usize];
                    if code.iter().any(|op| matches!(op, Op::Apply { .. })) {
                        continue;
                    }
                    (var, state.eval(self, start, end))
                }
                Stmt::DefineLinear { var, form } => (var, state.eval_linear(self, form)),
                _ => continue,
            };
            let defined =
                state.env[var as usize] == UNDEFINED && state.define(var, value, i as u32);
            let input = matches!(program.vars[var as usize].role, SsaRole::Input { .. });
            if let (true, true, Some(x)) = (defined, input, value) {
                fixed.push((SsaId(var as usize), x));
            }
        }
        fixed
    }

    /// Assumption `a` as a statement; in the `entry` block (the axioms,
    /// the `requires`), an equation that fixes a point of an
    /// uninterpreted function defines it ([`FlatProgram::equation`]).
    /// Elsewhere such a point keeps the value the run's salt gives it, so
    /// that which side of a branch on it is taken varies between runs
    /// (defined there, the first side a run tries would always hold).
    fn statement(
        &mut self,
        a: &Expr<SsaId>,
        sorts: &[Option<Sort>],
        internal: &[bool],
        entry: bool,
    ) -> Stmt {
        if let Some(stmt) = self.linear_statement(a, sorts, internal) {
            return stmt;
        }
        let start = self.code.len();
        if entry && self.equation(a, sorts).is_some() {
            return Stmt::Check {
                start: start as u32,
                end: self.code.len() as u32,
            };
        }
        self.code.truncate(start);
        if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
            if let ExprKind::Var(v) = lhs.kind {
                if internal.get(v.0) == Some(&true) {
                    let start = self.code.len();
                    return match self.expr(rhs, sorts) {
                        Some(s) if Some(s) == sorts[v.0] => Stmt::Define {
                            var: v.0 as u32,
                            start: start as u32,
                            end: self.code.len() as u32,
                        },
                        _ => {
                            self.code.truncate(start);
                            Stmt::Fail
                        }
                    };
                }
            }
        }
        let start = self.code.len();
        match self.expr(a, sorts) {
            Some(Sort::Bool) => Stmt::Check {
                start: start as u32,
                end: self.code.len() as u32,
            },
            _ => {
                self.code.truncate(start);
                Stmt::Fail
            }
        }
    }

    /// `f(args) == v` (either way round; `f(args)` and `!f(args)` for a
    /// Boolean `f`) with `f` uninterpreted, compiled with [`Op::Equate`];
    /// `None` (code left half-written) for another assumption.
    fn equation(&mut self, a: &Expr<SsaId>, sorts: &[Option<Sort>]) -> Option<()> {
        let truth = |b: bool| Expr::new(ExprKind::Bool(b), Type::Bool, a.span);
        let (application, value) = match &a.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Iff, l, r) => match (&l.kind, &r.kind) {
                (ExprKind::Apply(f, _), _) if is_uninterpreted(f) => (&**l, Cow::Borrowed(&**r)),
                (_, ExprKind::Apply(f, _)) if is_uninterpreted(f) => (&**r, Cow::Borrowed(&**l)),
                _ => return None,
            },
            ExprKind::Apply(f, _) if is_uninterpreted(f) => (a, Cow::Owned(truth(true))),
            ExprKind::Unary(UnOp::Not, inner) => match &inner.kind {
                ExprKind::Apply(f, _) if is_uninterpreted(f) => {
                    (&**inner, Cow::Owned(truth(false)))
                }
                _ => return None,
            },
            _ => return None,
        };
        let ExprKind::Apply(f, args) = &application.kind else {
            return None;
        };
        let result = Sort::of(&application.ty).filter(|s| matches!(s, Sort::Int | Sort::Bool))?;
        (args.len() <= MAX_ARITY).then_some(())?;
        for x in args.iter() {
            matches!(self.expr(x, sorts)?, Sort::Int | Sort::Bool).then_some(())?;
        }
        (self.expr(&value, sorts)? == result).then_some(())?;
        let function = self.function_index(f, result);
        self.code.push(Op::Equate {
            function: u32::try_from(function).ok()?,
            arity: args.len() as u8,
        });
        Some(())
    }

    /// The index in [`FlatProgram::functions`] of uninterpreted `f`
    /// (whose result has sort `result`), added if new.
    fn function_index(&mut self, f: &crate::ir::Function, result: Sort) -> usize {
        if let Some(i) = self.functions.iter().position(|u| u.name == f.name) {
            return i;
        }
        self.functions.push(Uninterpreted {
            name: f.name.clone(),
            boolean_params: f.params.iter().map(|(_, t)| *t == Type::Bool).collect(),
            boolean: result == Sort::Bool,
        });
        self.functions.len() - 1
    }

    /// `e` (negated if `negated`) as a [`Cond`].
    fn cond(&mut self, e: &Expr<SsaId>, negated: bool, sorts: &[Option<Sort>]) -> Option<Cond> {
        match &e.kind {
            ExprKind::Unary(UnOp::Not, inner) => return self.cond(inner, !negated, sorts),
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Implies), a, b) => {
                let left_negated = negated != (*op == BinOp::Implies);
                let parts = vec![
                    self.cond(a, left_negated, sorts)?,
                    self.cond(b, negated, sorts)?,
                ];
                // `a && b` holds when both do; its negation when either
                // negation does; `a ==> b` is `!a || b`.
                return Some(match (op, negated) {
                    (BinOp::And, false) | (BinOp::Or | BinOp::Implies, true) => Cond::All(parts),
                    _ => Cond::Any(parts),
                });
            }
            ExprKind::Apply(f, args) if !f.recursive && f.body.is_some() && e.ty == Type::Bool => {
                // A defined predicate (SMACK's `$slt.i32.bool`): its body,
                // taken apart in turn.
                let body = self.expanded(f, args)?;
                return self.cond(&body, negated, sorts);
            }
            _ => {}
        }
        if let Some(c) = self.flag_cond(e, negated, sorts) {
            return Some(c);
        }
        if let Some(p) = self.probe(e, negated, sorts) {
            return Some(Cond::Cmp(p));
        }
        let start = self.code.len();
        match self.expr(e, sorts) {
            Some(Sort::Bool) => Some(Cond::Test {
                start: start as u32,
                end: self.code.len() as u32,
                want: !negated,
            }),
            _ => {
                self.code.truncate(start);
                None
            }
        }
    }

    /// `f(args)` with `f`'s body in its place, the arguments for its
    /// parameters; `None` once the budget of expansions
    /// ([`MAX_EXPANSIONS`]) is spent.
    fn expanded(&mut self, f: &crate::ir::Function, args: &[Expr<SsaId>]) -> Option<Expr<SsaId>> {
        self.expansions = self.expansions.checked_sub(1)?;
        let body = f.body.as_ref()?.map_vars(&mut |_| SsaId(usize::MAX));
        Some(crate::back::vc::substitute_params(&body, args))
    }

    /// `e` (negated if `negated`) where it tests a flag, as the
    /// condition the flag encodes: a Boolean variable defined as a
    /// condition, or an integer one defined as `if p then k1 else k2`
    /// (through defined functions) compared to `k1` or `k2` with `==` or
    /// `!=`. SMACK writes every comparison so (`$i5 := $slt.i32($i1,
    /// 0)`, then `assume $i5 == 1`): the flag is always 1 away from the
    /// value wanted, and only the comparison behind it tells how far a
    /// run is from taking the branch. `None` for anything else.
    fn flag_cond(
        &mut self,
        e: &Expr<SsaId>,
        negated: bool,
        sorts: &[Option<Sort>],
    ) -> Option<Cond> {
        let (flag, wanted) = match &e.kind {
            ExprKind::Var(v) if e.ty == Type::Bool => (*v, None),
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Neq), l, r) => {
                let (v, k) = match (&l.kind, &r.kind) {
                    (ExprKind::Var(v), ExprKind::Int(k)) | (ExprKind::Int(k), ExprKind::Var(v)) => {
                        (*v, k.clone())
                    }
                    _ => return None,
                };
                (v, Some((k, *op == BinOp::Neq)))
            }
            _ => return None,
        };
        let mut definition = self.definitions.get(&flag.0)?.clone();
        // Through copies and defined functions, within the budget.
        loop {
            definition = match &definition.kind {
                ExprKind::Var(w) => {
                    self.expansions = self.expansions.checked_sub(1)?;
                    self.definitions.get(&w.0)?.clone()
                }
                ExprKind::Apply(f, args) if !f.recursive && f.body.is_some() => {
                    self.expanded(f, args)?
                }
                _ => break,
            };
        }
        let Some((k, unequal)) = wanted else {
            return self.cond(&definition, negated, sorts);
        };
        let ExprKind::Ite(p, then, otherwise) = &definition.kind else {
            return None;
        };
        let (ExprKind::Int(a), ExprKind::Int(b)) = (&then.kind, &otherwise.kind) else {
            return None;
        };
        // `flag == k` is `p` where `k` is the `then` value, `!p` where it
        // is the other.
        let p_negated = match (k == *a, k == *b) {
            (true, false) => false,
            (false, true) => true,
            _ => return None,
        };
        self.cond(p, (negated != unequal) != p_negated, sorts)
    }

    /// The comparison `e` states (negated if `negated`), its sides
    /// compiled on their own: `==`, `!=`, `<`, ... of integers or floats,
    /// and `fp.lt`, `fp.eq`, ...
    fn probe(&mut self, e: &Expr<SsaId>, negated: bool, sorts: &[Option<Sort>]) -> Option<Probe> {
        let (rel, ieee, l, r) = match &e.kind {
            ExprKind::Binary(
                op @ (BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                l,
                r,
            ) => (*op, false, &**l, &**r),
            ExprKind::Apply(f, args) if args.len() == 2 && f.body.is_none() => {
                let (op, _) = FloatOp::of_builtin(f.builtin.as_deref()?)?;
                let rel = match op {
                    FloatOp::Lt => BinOp::Lt,
                    FloatOp::Le => BinOp::Le,
                    FloatOp::Gt => BinOp::Gt,
                    FloatOp::Ge => BinOp::Ge,
                    FloatOp::IeeeEq => BinOp::Eq,
                    _ => return None,
                };
                (rel, op == FloatOp::IeeeEq, &args[0], &args[1])
            }
            _ => return None,
        };
        // Under an odd number of `!`s a float comparison is not the
        // opposite one (NaN); distances then stay 1.
        let rel = match (rel, negated) {
            (op, false) => op,
            (BinOp::Eq, true) if !ieee => BinOp::Neq,
            (BinOp::Neq, true) => BinOp::Eq,
            (op, true) if !ieee && matches!(Sort::of(&l.ty), Some(Sort::Int)) => match op {
                BinOp::Lt => BinOp::Ge,
                BinOp::Le => BinOp::Gt,
                BinOp::Gt => BinOp::Le,
                BinOp::Ge => BinOp::Lt,
                _ => return None,
            },
            _ => return None,
        };
        let start = self.code.len();
        let sort = self.expr(l, sorts);
        let mid = self.code.len();
        let sort_r = self.expr(r, sorts);
        let end = self.code.len();
        match (sort, sort_r) {
            (Some(x), Some(y)) if x == y && x != Sort::Bool && !x.is_map() => Some(Probe {
                rel,
                ieee,
                sort: x,
                l: (start as u32, mid as u32),
                r: (mid as u32, end as u32),
            }),
            _ => {
                self.code.truncate(start);
                None
            }
        }
    }

    /// `a` as a [`Stmt::DefineLinear`] or [`Stmt::CheckLinear`] if its
    /// sides are affine in integer variables.
    fn linear_statement(
        &mut self,
        a: &Expr<SsaId>,
        sorts: &[Option<Sort>],
        internal: &[bool],
    ) -> Option<Stmt> {
        if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
            if let ExprKind::Var(v) = &lhs.kind {
                if internal.get(v.0) == Some(&true) {
                    if sorts.get(v.0) != Some(&Some(Sort::Int)) {
                        return None;
                    }
                    let form = affine(rhs, sorts, 1)?;
                    return Some(Stmt::DefineLinear {
                        var: u32::try_from(v.0).ok()?,
                        form: self.add_linear(form)?,
                    });
                }
            }
        }
        let (op, lhs, rhs) = comparison(a)?;
        // l - r, or r - l, plus 1 for a strict comparison.
        let (sign, plus, rel) = match op {
            BinOp::Eq => (1, 0, Rel::Zero),
            BinOp::Neq => (1, 0, Rel::NotZero),
            BinOp::Le => (1, 0, Rel::AtMostZero),
            BinOp::Lt => (1, 1, Rel::AtMostZero),
            BinOp::Ge => (-1, 0, Rel::AtMostZero),
            BinOp::Gt => (-1, 1, Rel::AtMostZero),
            _ => return None,
        };
        let (mut c, mut terms) = affine(lhs, sorts, sign)?;
        let (rc, rterms) = affine(rhs, sorts, -sign)?;
        c = c.checked_add(rc)?.checked_add(plus)?;
        terms.extend(rterms);
        Some(Stmt::CheckLinear {
            form: self.add_linear((c, terms))?,
            rel,
        })
    }

    /// Records an affine form (terms of one variable merged, zero
    /// coefficients dropped); its index in `linear`.
    fn add_linear(&mut self, (c, mut terms): (i128, Vec<(u32, i128)>)) -> Option<u32> {
        terms.sort_unstable_by_key(|t| t.0);
        let mut merged: Vec<(u32, i128)> = Vec::with_capacity(terms.len());
        for (v, k) in terms {
            match merged.last_mut() {
                Some(last) if last.0 == v => last.1 = last.1.checked_add(k)?,
                _ => merged.push((v, k)),
            }
        }
        merged.retain(|t| t.1 != 0);
        let c = i64::try_from(c).ok()?;
        let merged = merged
            .into_iter()
            .map(|(v, k)| Some((v, i64::try_from(k).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        let start = u32::try_from(self.terms.len()).ok()?;
        self.terms.extend(merged);
        let end = u32::try_from(self.terms.len()).ok()?;
        self.linear.push(Linear { c, start, end });
        u32::try_from(self.linear.len() - 1).ok()
    }

    /// Appends the code of `e`; its sort, or `None` (code left partial:
    /// the caller truncates) if it cannot be evaluated here.
    fn expr(&mut self, e: &Expr<SsaId>, sorts: &[Option<Sort>]) -> Option<Sort> {
        use Sort::{Bool, Int};
        match &e.kind {
            ExprKind::Int(n) => {
                self.code
                    .push(Op::Const(n.to_i64().filter(|&n| n != UNDEFINED)?));
                Some(Int)
            }
            ExprKind::Bool(b) => {
                self.code.push(Op::Const(i64::from(*b)));
                Some(Bool)
            }
            ExprKind::Float(x) => {
                let sort = Sort::of(&e.ty)?;
                let bits = x.bits.to_u64()?;
                self.code.push(Op::Const(match sort {
                    Sort::F32 => encode_f32(f32::from_bits(u32::try_from(bits).ok()?)),
                    Sort::F64 => encode_f64(f64::from_bits(bits)),
                    _ => return None,
                }));
                Some(sort)
            }
            ExprKind::Apply(f, args) if is_uninterpreted(f) => {
                let result = Sort::of(&e.ty).filter(|s| matches!(s, Int | Bool))?;
                (args.len() <= MAX_ARITY).then_some(())?;
                for a in args {
                    matches!(self.expr(a, sorts)?, Int | Bool).then_some(())?;
                }
                let function = self.function_index(f, result);
                self.code.push(Op::Apply {
                    function: u32::try_from(function).ok()?,
                    arity: args.len() as u8,
                });
                Some(result)
            }
            ExprKind::Apply(f, args) if f.body.is_none() => {
                let (op, arity) = FloatOp::of_builtin(f.builtin.as_deref()?)?;
                if args.len() != arity {
                    return None;
                }
                let mut arg_sorts = Vec::with_capacity(arity);
                for a in args {
                    arg_sorts.push(self.expr(a, sorts)?);
                }
                let result = op.result(&arg_sorts, Sort::of(&e.ty))?;
                (Some(result) == Sort::of(&e.ty)).then_some(())?;
                self.code.push(Op::Float {
                    op,
                    arity: arity as u8,
                    arg: arg_sorts[0],
                    result,
                });
                Some(result)
            }
            ExprKind::Var(v) => {
                let s = (*sorts.get(v.0)?)?;
                self.code.push(Op::Var(u32::try_from(v.0).ok()?));
                Some(s)
            }
            ExprKind::Old(a) => self.expr(a, sorts),
            ExprKind::Unary(UnOp::Not, a) => {
                (self.expr(a, sorts)? == Bool).then_some(())?;
                self.code.push(Op::Not);
                Some(Bool)
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                (self.expr(a, sorts)? == Int).then_some(())?;
                self.code.push(Op::Neg);
                Some(Int)
            }
            ExprKind::Ite(c, a, b) => {
                (self.expr(c, sorts)? == Bool).then_some(())?;
                let jump_else = self.code.len();
                self.code.push(Op::JumpIfFalse(0));
                let sa = self.expr(a, sorts)?;
                let jump_end = self.code.len();
                self.code.push(Op::Jump(0));
                let else_at = u32::try_from(self.code.len()).ok()?;
                let sb = self.expr(b, sorts)?;
                (sa == sb).then_some(())?;
                let end_at = u32::try_from(self.code.len()).ok()?;
                self.code[jump_else] = Op::JumpIfFalse(else_at);
                self.code[jump_end] = Op::Jump(end_at);
                Some(sa)
            }
            ExprKind::Binary(op, a, b) => {
                let sa = self.expr(a, sorts)?;
                let sb = self.expr(b, sorts)?;
                let (op, sort) = match (op, sa, sb) {
                    (BinOp::Add, Int, Int) => (Op::Add, Int),
                    (BinOp::Sub, Int, Int) => (Op::Sub, Int),
                    (BinOp::Mul, Int, Int) => (Op::Mul, Int),
                    (BinOp::Div, Int, Int) => (Op::Div, Int),
                    (BinOp::Mod, Int, Int) => (Op::Mod, Int),
                    // Maps are handles: equal maps may have different
                    // ones, so their equality is not evaluated here.
                    (BinOp::Eq | BinOp::Iff, x, y) if x == y && !x.is_map() => (Op::Eq, Bool),
                    (BinOp::Neq, x, y) if x == y && !x.is_map() => (Op::Neq, Bool),
                    (BinOp::Lt, Int, Int) => (Op::Lt, Bool),
                    (BinOp::Le, Int, Int) => (Op::Le, Bool),
                    (BinOp::Gt, Int, Int) => (Op::Gt, Bool),
                    (BinOp::Ge, Int, Int) => (Op::Ge, Bool),
                    (BinOp::And, Bool, Bool) => (Op::And, Bool),
                    (BinOp::Or, Bool, Bool) => (Op::Or, Bool),
                    (BinOp::Implies, Bool, Bool) => (Op::Implies, Bool),
                    _ => return None,
                };
                self.code.push(op);
                Some(sort)
            }
            ExprKind::Distinct(args) if !args.is_empty() => {
                let mut sort = None;
                for a in args {
                    let s = self.expr(a, sorts)?;
                    (!s.is_map() && sort.is_none_or(|t| t == s)).then_some(())?;
                    sort = Some(s);
                }
                self.code
                    .push(Op::Distinct(u32::try_from(args.len()).ok()?));
                Some(Bool)
            }
            ExprKind::Apply(f, args) if !f.recursive && f.body.is_some() => {
                // A defined function (`{:inline}` field offsets and the
                // like): its body, the arguments in place of its
                // parameters, within a budget of expansions.
                let body = self.expanded(f, args)?;
                self.expr(&body, sorts)
            }
            ExprKind::Select(m, index) if index.len() == 1 => {
                let element = self.expr(m, sorts)?.element()?;
                (self.expr(&index[0], sorts)? == Int).then_some(())?;
                self.code.push(Op::Select);
                Some(element)
            }
            ExprKind::Store(m, index, v) if index.len() == 1 => {
                let map = self.expr(m, sorts)?;
                let element = map.element()?;
                (self.expr(&index[0], sorts)? == Int).then_some(())?;
                (self.expr(v, sorts)? == element).then_some(())?;
                self.code.push(Op::Store);
                Some(map)
            }
            _ => None,
        }
    }

    /// The statements of block `b`.
    pub(super) fn block(&self, b: usize) -> &[Stmt] {
        let (s, e) = (self.block_start[b], self.block_start[b + 1]);
        &self.stmts[s as usize..e as usize]
    }

    /// Of block `b`'s statements, how many are conditions (not
    /// definitions), and how many of those come after statement `i`.
    pub(super) fn checks(&self, b: usize, i: usize) -> (usize, usize) {
        let is_check = |s: &&Stmt| !matches!(s, Stmt::Define { .. } | Stmt::DefineLinear { .. });
        let block = self.block(b);
        let after = block.get(i + 1..).unwrap_or_default();
        (
            block.iter().filter(is_check).count(),
            after.iter().filter(is_check).count(),
        )
    }

    /// Index (in `program.blocks[b].assumes`) of statement `i` of block `b`.
    pub(super) fn assume_index(&self, b: usize, i: usize) -> usize {
        let s = self.block_start[b] as usize + i;
        self.origin[s].1 as usize
    }
}

/// The comparison `l op r` that `e` states, its `!`s pushed into the
/// operator (`!(a < b)` is `a >= b`); `None` for anything else.
pub(super) fn comparison(e: &Expr<SsaId>) -> Option<(BinOp, &Expr<SsaId>, &Expr<SsaId>)> {
    let (mut e, mut negated) = (e, false);
    while let ExprKind::Unary(UnOp::Not, inner) = &e.kind {
        e = inner;
        negated = !negated;
    }
    let ExprKind::Binary(op, l, r) = &e.kind else {
        return None;
    };
    let op = match (op, negated) {
        (BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, false) => *op,
        (BinOp::Eq, true) => BinOp::Neq,
        (BinOp::Neq, true) => BinOp::Eq,
        (BinOp::Lt, true) => BinOp::Ge,
        (BinOp::Le, true) => BinOp::Gt,
        (BinOp::Gt, true) => BinOp::Le,
        (BinOp::Ge, true) => BinOp::Lt,
        _ => return None,
    };
    Some((op, l, r))
}

/// `sign * e` as `c + sum k * x` if `e` is affine in integer variables
/// (constants, variables, `+`, `-`, negation, products with a constant).
fn affine(e: &Expr<SsaId>, sorts: &[Option<Sort>], sign: i128) -> Option<(i128, Vec<(u32, i128)>)> {
    match &e.kind {
        ExprKind::Int(n) => Some((n.to_i128()?.checked_mul(sign)?, Vec::new())),
        ExprKind::Var(v) if sorts.get(v.0) == Some(&Some(Sort::Int)) => {
            Some((0, vec![(u32::try_from(v.0).ok()?, sign)]))
        }
        ExprKind::Old(a) => affine(a, sorts, sign),
        ExprKind::Unary(UnOp::Neg, a) => affine(a, sorts, sign.checked_neg()?),
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (ca, mut ta) = affine(a, sorts, sign)?;
            let sb = if *op == BinOp::Add {
                sign
            } else {
                sign.checked_neg()?
            };
            let (cb, tb) = affine(b, sorts, sb)?;
            ta.extend(tb);
            Some((ca.checked_add(cb)?, ta))
        }
        ExprKind::Binary(BinOp::Mul, a, b) => match (&a.kind, &b.kind) {
            (ExprKind::Int(n), _) => affine(b, sorts, sign.checked_mul(n.to_i128()?)?),
            (_, ExprKind::Int(n)) => affine(a, sorts, sign.checked_mul(n.to_i128()?)?),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `f` is an uninterpreted function that [`Op::Apply`] evaluates:
/// no body, no builtin, not a datatype's constructor, tester or selector,
/// its parameters and result integers or Booleans, at most
/// [`MAX_ARITY`] of them.
pub(super) fn is_uninterpreted(f: &crate::ir::Function) -> bool {
    let scalar = |t: &Type| matches!(t, Type::Int | Type::Bool);
    f.body.is_none()
        && f.builtin.is_none()
        && f.datatype_op.is_none()
        && f.params.len() <= MAX_ARITY
        && f.params.iter().all(|(_, t)| scalar(t))
        && scalar(&f.result)
}

/// Applications of defined functions expanded into their bodies per
/// program compiled; past it they are not evaluated (a function
/// applied inside its own callees' bodies grows exponentially).
const MAX_EXPANSIONS: usize = 200_000;

/// An uninterpreted function as [`Op::Apply`] applies it.
pub(super) struct Uninterpreted {
    pub(super) name: String,
    /// Per parameter: Boolean (else integer).
    pub(super) boolean_params: Vec<bool>,
    /// The result is a Boolean (else an integer).
    pub(super) boolean: bool,
}

/// The most arguments of an uninterpreted function [`Op::Apply`] takes.
const MAX_ARITY: usize = 4;

/// A point of an uninterpreted function a run evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Point {
    function: u32,
    arity: u8,
    args: [i64; MAX_ARITY],
    value: i64,
}

/// The value of uninterpreted function `function` at `args` (the first
/// `arity`) in a run whose functions `salt` chose: the point the run
/// evaluated already, else a hash of the salt, the function and the
/// arguments (a Boolean if `boolean`, else an integer in -2..=2), so that
/// equal arguments give equal values. Recorded in `points`.
fn apply(
    points: &mut Vec<Point>,
    salt: u64,
    function: u32,
    arity: u8,
    args: [i64; MAX_ARITY],
    boolean: bool,
) -> i64 {
    if let Some(p) = points
        .iter()
        .find(|p| p.function == function && p.args == args)
    {
        return p.value;
    }
    let mut h = salt ^ (u64::from(function) << 32);
    for a in args {
        h = (h.rotate_left(23) ^ a as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h ^= h >> 31;
    let value = if boolean {
        (h & 1) as i64
    } else {
        (h % 5) as i64 - 2
    };
    points.push(Point {
        function,
        arity,
        args,
        value,
    });
    value
}

/// Whether uninterpreted function `function` has `value` at `args` (the
/// first `arity`) in the run: the point it evaluated already, else the
/// run chooses that value there (recorded in `points`).
fn equate(
    points: &mut Vec<Point>,
    function: u32,
    arity: u8,
    args: [i64; MAX_ARITY],
    value: i64,
) -> bool {
    if let Some(p) = points
        .iter()
        .find(|p| p.function == function && p.args == args)
    {
        return p.value == value;
    }
    points.push(Point {
        function,
        arity,
        args,
        value,
    });
    true
}

/// The value that marks a variable without one (so it is not a value:
/// a result equal to it is treated as an overflow).
const UNDEFINED: i64 = i64::MIN;

/// `x` unless it is [`UNDEFINED`].
fn value(x: i64) -> Option<i64> {
    (x != UNDEFINED).then_some(x)
}

/// [`value`], by another name where `value` is a local.
fn value_of(x: i64) -> Option<i64> {
    value(x)
}

/// One map of a run: a map as given (`parent` [`ROOT`]: `value` at every
/// index) or the map `parent` with `value` stored at `key`. A map value
/// in a [`State`] is the index of its node in [`State::maps`], so that a
/// store costs one node and no copy.
#[derive(Clone, Copy, Debug)]
struct MapNode {
    parent: u32,
    key: i64,
    value: i64,
}

/// [`MapNode::parent`] of a map as given.
const ROOT: u32 = u32::MAX;

/// At most this many map nodes per run: a run past it cannot store
/// (counts as not found here).
const MAX_MAP_NODES: usize = 1 << 22;

/// How far a run had come ([`State::mark`]): its definitions and its
/// function points so far. The default: nothing yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Mark {
    vars: usize,
    points: usize,
}

/// The values of a run: every SSA variable's value, or [`UNDEFINED`].
pub(super) struct State {
    env: Vec<i64>,
    /// The maps of the run (see [`MapNode`]), emptied when the inputs
    /// are given again ([`State::forget_maps_and_points`]).
    maps: Vec<MapNode>,
    /// The points of uninterpreted functions the run evaluated (emptied
    /// with the maps); their values come from `salt` ([`apply`]).
    points: Vec<Point>,
    salt: u64,
    /// The variables defined by the run, in order (undone by [`State::undo`]).
    trail: Vec<u32>,
    /// The statement (index in [`FlatProgram::stmts`]) that defined each
    /// variable the run defined.
    def_of: Vec<u32>,
    stack: Vec<i64>,
    /// Blocks entered (for statistics).
    pub(super) enters: usize,
}

impl State {
    pub(super) fn new(flat: &FlatProgram) -> State {
        State {
            env: vec![UNDEFINED; flat.n_vars],
            maps: Vec::new(),
            points: Vec::new(),
            salt: 0,
            trail: Vec::new(),
            def_of: vec![0; flat.n_vars],
            stack: Vec::with_capacity(16),
            enters: 0,
        }
    }

    /// Gives `var` the value `v` (an input or choice: not on the trail);
    /// a value outside this state's range leaves `var` without one.
    pub(super) fn set(&mut self, var: SsaId, v: i128) {
        if let Some(slot) = self.env.get_mut(var.0) {
            *slot = i64::try_from(v).unwrap_or(UNDEFINED);
        }
    }

    /// Gives the map `var` the value `default` at every index (an input
    /// or choice of a map sort: its valuation is that value).
    pub(super) fn set_map(&mut self, var: SsaId, default: i128) {
        let Ok(value) = i64::try_from(default) else {
            self.unset(var);
            return;
        };
        let handle = self.maps.len() as i64;
        self.maps.push(MapNode {
            parent: ROOT,
            key: 0,
            value,
        });
        if let Some(slot) = self.env.get_mut(var.0) {
            *slot = handle;
        }
    }

    /// Forgets every map and function point of the run (before the
    /// inputs are given again; a variable still holding a map must be
    /// unset or undone).
    pub(super) fn forget_maps_and_points(&mut self) {
        self.maps.clear();
        self.points.clear();
    }

    /// Chooses the interpretation of the uninterpreted functions for the
    /// next runs: a function of `salt` (the same salt, the same values).
    pub(super) fn set_salt(&mut self, salt: u64) {
        self.salt = salt;
    }

    /// The points of uninterpreted functions the run evaluated:
    /// function (index in [`FlatProgram::functions`]), arguments, value.
    pub(super) fn points(&self) -> impl Iterator<Item = (usize, &[i64], i64)> + '_ {
        self.points
            .iter()
            .map(|p| (p.function as usize, &p.args[..p.arity as usize], p.value))
    }

    /// Forgets `var`'s value.
    pub(super) fn unset(&mut self, var: SsaId) {
        if let Some(slot) = self.env.get_mut(var.0) {
            *slot = UNDEFINED;
        }
    }

    /// The value of `var`, if the run gave it one.
    pub(super) fn get(&self, var: usize) -> Option<i128> {
        value(*self.env.get(var)?).map(i128::from)
    }

    /// How far the run has come: a mark for [`State::undo`].
    pub(super) fn mark(&self) -> Mark {
        Mark {
            vars: self.trail.len(),
            points: self.points.len(),
        }
    }

    /// Forgets the definitions made, and the function points evaluated,
    /// since `mark` (a point [`Op::Equate`] chose on one branch is not
    /// the choice of its sibling).
    pub(super) fn undo(&mut self, mark: Mark) {
        for &v in &self.trail[mark.vars..] {
            self.env[v as usize] = UNDEFINED;
        }
        self.trail.truncate(mark.vars);
        self.points.truncate(mark.points);
    }

    /// Where the run defined `var` (an internal variable it defined): the
    /// block and the index of the assumption `var == e` there.
    pub(super) fn definition(&self, flat: &FlatProgram, var: usize) -> Option<(usize, usize)> {
        value(*self.env.get(var)?)?;
        let s = self.def_of[var] as usize;
        match flat.stmts.get(s)? {
            Stmt::Define { var: v, .. } | Stmt::DefineLinear { var: v, .. }
                if *v as usize == var =>
            {
                let (b, i) = flat.origin[s];
                Some((b as usize, i as usize))
            }
            _ => None,
        }
    }

    /// The variables defined since `mark`, in order.
    pub(super) fn defined_since(&self, mark: Mark) -> &[u32] {
        &self.trail[mark.vars..]
    }

    /// Runs block `b`: `Ok` if every assumption holds (its definitions
    /// made), else the index of the first that fails or cannot be
    /// evaluated (the definitions before it stay made: undo to a mark).
    pub(super) fn enter(&mut self, flat: &FlatProgram, b: usize) -> Result<(), usize> {
        self.enters += 1;
        let first = flat.block_start[b];
        for (i, stmt) in flat.block(b).iter().enumerate() {
            let holds = match *stmt {
                Stmt::Define { var, start, end } => {
                    let value = self.eval(flat, start, end);
                    self.define(var, value, first + i as u32)
                }
                Stmt::Check { start, end } => self.eval(flat, start, end) == Some(1),
                Stmt::DefineLinear { var, form } => {
                    let value = self.eval_linear(flat, form);
                    self.define(var, value, first + i as u32)
                }
                Stmt::CheckLinear { form, rel } => match (self.eval_linear(flat, form), rel) {
                    (Some(x), Rel::Zero) => x == 0,
                    (Some(x), Rel::NotZero) => x != 0,
                    (Some(x), Rel::AtMostZero) => x <= 0,
                    (None, _) => false,
                },
                Stmt::Fail => false,
            };
            if !holds {
                return Err(i);
            }
        }
        Ok(())
    }

    /// How far statement `i` of block `b` (one that failed in
    /// [`State::enter`], in the state it failed in) is from holding: 0 if
    /// it holds; for a comparison of integers `|l - r|` (plus 1 for a
    /// strict one), of floats the distance in ULPs (plus 1 for a strict
    /// one), and for a test of a flag that of the comparison it encodes
    /// ([`FlatProgram::flag_cond`]); 1 for another condition that fails,
    /// and [`FAR`] for what cannot be evaluated. The branch distance of the seed paper
    /// "Mathematical Execution" (Fu and Su), whose sum along a run
    /// [`super::explore::Explorer::representing`] minimises.
    pub(super) fn distance(&mut self, flat: &FlatProgram, b: usize, i: usize) -> f64 {
        let s = flat.block_start[b] as usize + i;
        match flat.stmts[s] {
            Stmt::CheckLinear { .. } | Stmt::Define { .. } | Stmt::DefineLinear { .. }
                if flat.conds[s].is_some() =>
            {
                let c = flat.conds[s].as_ref().expect("a condition");
                self.cond_distance(flat, c).max(1.0)
            }
            Stmt::CheckLinear { form, rel } => match (self.eval_linear(flat, form), rel) {
                (Some(x), Rel::Zero) => x.unsigned_abs() as f64,
                (Some(x), Rel::NotZero) => f64::from(u8::from(x == 0)),
                (Some(x), Rel::AtMostZero) => x.max(0) as f64,
                (None, _) => FAR,
            },
            Stmt::Check { start, end } => match (self.eval(flat, start, end), &flat.conds[s]) {
                (Some(1), _) => 0.0,
                (_, Some(c)) => self.cond_distance(flat, c).max(1.0),
                (Some(_), None) => 1.0,
                (None, None) => FAR,
            },
            Stmt::Define { var, start, end } => {
                let value = self.eval(flat, start, end);
                self.define_distance(flat, var, value)
            }
            Stmt::DefineLinear { var, form } => {
                let value = self.eval_linear(flat, form);
                self.define_distance(flat, var, value)
            }
            Stmt::Fail => FAR,
        }
    }

    /// [`State::distance`] of a definition `var == value` found false.
    fn define_distance(&self, flat: &FlatProgram, var: u32, value: Option<i64>) -> f64 {
        let (Some(new), Some(old)) = (value, value_of(self.env[var as usize])) else {
            return FAR;
        };
        if new == old {
            return 0.0;
        }
        match flat.sorts[var as usize] {
            Some(Sort::Int) => (i128::from(new) - i128::from(old)).unsigned_abs() as f64,
            Some(sort @ (Sort::F32 | Sort::F64)) => {
                match (float_ordinal(sort, new), float_ordinal(sort, old)) {
                    (Some(a), Some(b)) => {
                        ((i128::from(a) - i128::from(b)).unsigned_abs() as f64).max(1.0)
                    }
                    _ => FAR,
                }
            }
            _ => 1.0,
        }
    }

    /// How far `c` is from holding (0 if it holds): the sum over a
    /// conjunction, the least over a disjunction.
    fn cond_distance(&mut self, flat: &FlatProgram, c: &Cond) -> f64 {
        match c {
            Cond::Cmp(p) => self.probe_distance(flat, *p),
            Cond::All(parts) => parts
                .iter()
                .map(|x| self.cond_distance(flat, x))
                .fold(0.0, |a, d| (a + d).min(FAR)),
            Cond::Any(parts) => parts
                .iter()
                .map(|x| self.cond_distance(flat, x))
                .fold(FAR, f64::min),
            Cond::Test { start, end, want } => match self.eval(flat, *start, *end) {
                Some(v) if (v == 1) == *want => 0.0,
                Some(_) => 1.0,
                None => FAR,
            },
        }
    }

    /// How far the comparison `p` is from holding (0 if it holds):
    /// `|l - r|` for integers, the ULPs between them for floats, plus 1
    /// for a strict comparison.
    fn probe_distance(&mut self, flat: &FlatProgram, p: Probe) -> f64 {
        let (Some(l), Some(r)) = (self.eval(flat, p.l.0, p.l.1), self.eval(flat, p.r.0, p.r.1))
        else {
            return FAR;
        };
        let (a, b) = match p.sort {
            Sort::Int => (i128::from(l), i128::from(r)),
            sort => {
                // `==` and `!=` of floats are identity of the values.
                let same = l == r;
                match (p.rel, p.ieee) {
                    (BinOp::Neq, false) => return f64::from(u8::from(same)),
                    (BinOp::Eq, false) if same => return 0.0,
                    _ => {}
                }
                match (float_ordinal(sort, l), float_ordinal(sort, r)) {
                    (Some(a), Some(b)) if p.rel == BinOp::Eq && !p.ieee => {
                        // `-0` against `+0`: one step.
                        return ((i128::from(a) - i128::from(b)).unsigned_abs() as f64).max(1.0);
                    }
                    (Some(a), Some(b)) => (i128::from(a), i128::from(b)),
                    // A NaN: no comparison holds.
                    _ => return FAR,
                }
            }
        };
        let gap = match p.rel {
            BinOp::Eq => (a - b).abs(),
            BinOp::Neq => i128::from(a == b),
            BinOp::Lt => a - b + 1,
            BinOp::Le => a - b,
            BinOp::Gt => b - a + 1,
            BinOp::Ge => b - a,
            _ => 1,
        };
        gap.max(0) as f64
    }

    /// `var == value` at statement `stmt`: defines `var` if the run has
    /// not, else checks the equality; an unevaluable value does not hold.
    fn define(&mut self, var: u32, value: Option<i64>, stmt: u32) -> bool {
        let v = var as usize;
        match value {
            Some(x) if self.env[v] == UNDEFINED => {
                self.env[v] = x;
                self.def_of[v] = stmt;
                self.trail.push(var);
                true
            }
            Some(x) => self.env[v] == x,
            None => false,
        }
    }

    /// The value of the affine form `flat.linear[form]`; `None` if a
    /// variable has no value or the sum overflows.
    fn eval_linear(&self, flat: &FlatProgram, form: u32) -> Option<i64> {
        let f = flat.linear[form as usize];
        let mut sum = f.c;
        for &(v, k) in &flat.terms[f.start as usize..f.end as usize] {
            let x = value(self.env[v as usize])?;
            sum = match k {
                1 => sum.checked_add(x)?,
                -1 => sum.checked_sub(x)?,
                _ => sum.checked_add(k.checked_mul(x)?)?,
            };
        }
        value(sum)
    }

    /// The value of `code[start..end]`; `None` if a variable has no value
    /// or an operation overflows.
    fn eval(&mut self, flat: &FlatProgram, start: u32, end: u32) -> Option<i64> {
        let code = &flat.code;
        let stack = &mut self.stack;
        stack.clear();
        let mut pc = start as usize;
        let end = end as usize;
        while pc < end {
            let op = code[pc];
            pc += 1;
            let x = match op {
                Op::Const(n) => n,
                Op::Var(v) => value(self.env[v as usize])?,
                Op::Not => 1 - stack.pop()?,
                Op::Neg => stack.pop()?.checked_neg()?,
                Op::JumpIfFalse(t) => {
                    if stack.pop()? == 0 {
                        pc = t as usize;
                    }
                    continue;
                }
                Op::Jump(t) => {
                    pc = t as usize;
                    continue;
                }
                Op::Distinct(n) => {
                    let start = stack.len().checked_sub(n as usize)?;
                    let values = &mut stack[start..];
                    values.sort_unstable();
                    let distinct = values.windows(2).all(|w| w[0] != w[1]);
                    stack.truncate(start);
                    i64::from(distinct)
                }
                Op::Select => {
                    let key = stack.pop()?;
                    let maps = &self.maps;
                    let mut node = maps.get(usize::try_from(stack.pop()?).ok()?)?;
                    while node.parent != ROOT && node.key != key {
                        node = maps.get(node.parent as usize)?;
                    }
                    node.value
                }
                Op::Apply { function, arity } => {
                    let mut args = [0; MAX_ARITY];
                    for i in (0..arity as usize).rev() {
                        args[i] = stack.pop()?;
                    }
                    let boolean = flat.functions.get(function as usize)?.boolean;
                    apply(&mut self.points, self.salt, function, arity, args, boolean)
                }
                Op::Equate { function, arity } => {
                    let value = stack.pop()?;
                    let mut args = [0; MAX_ARITY];
                    for i in (0..arity as usize).rev() {
                        args[i] = stack.pop()?;
                    }
                    i64::from(equate(&mut self.points, function, arity, args, value))
                }
                Op::Store => {
                    let value = stack.pop()?;
                    let key = stack.pop()?;
                    let map = u32::try_from(stack.pop()?).ok()?;
                    if map as usize >= self.maps.len() || self.maps.len() >= MAX_MAP_NODES {
                        return None;
                    }
                    self.maps.push(MapNode {
                        parent: map,
                        key,
                        value,
                    });
                    (self.maps.len() - 1) as i64
                }
                Op::Float {
                    op,
                    arity,
                    arg,
                    result,
                } => {
                    let b = if arity == 2 { stack.pop()? } else { 0 };
                    let a = stack.pop()?;
                    apply_float(op, arg, result, a, b)?
                }
                binary => {
                    let b = stack.pop()?;
                    let a = stack.pop()?;
                    match binary {
                        Op::Add => a.checked_add(b)?,
                        Op::Sub => a.checked_sub(b)?,
                        Op::Mul => a.checked_mul(b)?,
                        Op::Div => crate::ir::arith::checked_div(&a, &b)?,
                        Op::Mod => crate::ir::arith::checked_mod(&a, &b)?,
                        Op::Eq => i64::from(a == b),
                        Op::Neq => i64::from(a != b),
                        Op::Lt => i64::from(a < b),
                        Op::Le => i64::from(a <= b),
                        Op::Gt => i64::from(a > b),
                        Op::Ge => i64::from(a >= b),
                        Op::And => a & b,
                        Op::Or => a | b,
                        Op::Implies => i64::from(a == 0 || b == 1),
                        _ => return None,
                    }
                }
            };
            stack.push(value(x)?);
        }
        let v = stack.pop()?;
        stack.is_empty().then_some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::passive::{BlockRole, PassiveBlock, SsaVar};
    use crate::ir::Type;
    use crate::source::Span;

    fn var(i: usize, ty: Type) -> Expr<SsaId> {
        Expr::new(ExprKind::Var(SsaId(i)), ty, Span::default())
    }
    fn int(n: i128) -> Expr<SsaId> {
        Expr::new(ExprKind::Int(n.into()), Type::Int, Span::default())
    }
    fn bin(op: BinOp, a: Expr<SsaId>, b: Expr<SsaId>, ty: Type) -> Expr<SsaId> {
        Expr::new(
            ExprKind::Binary(op, Box::new(a), Box::new(b)),
            ty,
            Span::default(),
        )
    }

    /// x (input), t (internal): `t == ite(x > 0, x div 2, x mod 0)`,
    /// `t != 3`, `!(x == 8) || t >= 4`.
    fn program() -> PassiveProgram {
        let x = || var(0, Type::Int);
        let t = || var(1, Type::Int);
        let ite = Expr::new(
            ExprKind::Ite(
                Box::new(bin(BinOp::Gt, x(), int(0), Type::Bool)),
                Box::new(bin(BinOp::Div, x(), int(2), Type::Int)),
                Box::new(bin(BinOp::Mod, x(), int(0), Type::Int)),
            ),
            Type::Int,
            Span::default(),
        );
        let assumes = vec![
            bin(BinOp::Eq, t(), ite, Type::Bool),
            bin(BinOp::Neq, t(), int(3), Type::Bool),
            bin(
                BinOp::Or,
                Expr::not(bin(BinOp::Eq, x(), int(8), Type::Bool)),
                bin(BinOp::Ge, t(), int(4), Type::Bool),
                Type::Bool,
            ),
        ];
        let v = |name: &str, role| SsaVar {
            smt_name: name.into(),
            ty: Type::Int,
            role,
        };
        PassiveProgram {
            entry: crate::ir::ProcId(0),
            vars: vec![
                v("x", SsaRole::Input { name: "x".into() }),
                v("t", SsaRole::Internal),
            ],
            blocks: vec![PassiveBlock {
                assumes,
                succs: vec![],
                preds: vec![],
                role: BlockRole::Synthetic,
                enters: None,
                choices: vec![],
            }],
        }
    }

    fn run(x: i128) -> (Result<(), usize>, Option<i128>) {
        let p = program();
        let flat = FlatProgram::compile(&p);
        let mut s = State::new(&flat);
        s.set(SsaId(0), x);
        let r = s.enter(&flat, 0);
        let t = s.get(1);
        s.undo(Mark::default());
        assert_eq!(s.get(1), None, "undo forgets the definition");
        (r, t)
    }

    #[test]
    fn runs_definitions_and_conditions() {
        assert_eq!(run(8), (Ok(()), Some(4)));
        assert_eq!(run(6), (Err(1), Some(3)), "t != 3 fails");
        assert_eq!(run(-5), (Ok(()), Some(-5)), "x mod 0 = x");
        assert_eq!(run(9), (Ok(()), Some(4)));
        assert_eq!(run(0), (Ok(()), Some(0)));
    }

    #[test]
    fn overflow_is_unevaluable() {
        let p = program();
        let mut big = p.clone();
        big.blocks[0].assumes = vec![bin(
            BinOp::Gt,
            bin(BinOp::Mul, var(0, Type::Int), int(4), Type::Int),
            int(0),
            Type::Bool,
        )];
        let flat = FlatProgram::compile(&big);
        let mut s = State::new(&flat);
        // 4x overflows i64; a value beyond i64 is no value here; the value
        // that marks "undefined" is none either, even as a result.
        for x in [
            i128::from(i64::MAX / 2),
            i128::MAX / 2,
            i128::from(i64::MIN / 4),
        ] {
            s.set(SsaId(0), x);
            assert_eq!(s.enter(&flat, 0), Err(0), "x = {x}");
        }
        s.set(SsaId(0), 5);
        assert_eq!(s.enter(&flat, 0), Ok(()));
        assert_eq!(s.get(0), Some(5));
    }

    /// Affine definitions and comparisons compile to the linear forms and
    /// mean what the expressions say: `t == 3*x - (x + 2)` (so 2x - 2),
    /// then each comparison of `t` with 4, plain and negated.
    #[test]
    fn linear_statements_agree_with_the_expressions() {
        let x = || var(0, Type::Int);
        let t = || var(1, Type::Int);
        let def = bin(
            BinOp::Eq,
            t(),
            bin(
                BinOp::Sub,
                bin(BinOp::Mul, int(3), x(), Type::Int),
                bin(BinOp::Add, x(), int(2), Type::Int),
                Type::Int,
            ),
            Type::Bool,
        );
        type Holds = fn(i128, i128) -> bool;
        let ops: [(BinOp, Holds); 6] = [
            (BinOp::Eq, |a, b| a == b),
            (BinOp::Neq, |a, b| a != b),
            (BinOp::Lt, |a, b| a < b),
            (BinOp::Le, |a, b| a <= b),
            (BinOp::Gt, |a, b| a > b),
            (BinOp::Ge, |a, b| a >= b),
        ];
        for (op, holds) in ops {
            for negated in [false, true] {
                let mut cond = bin(op, t(), int(4), Type::Bool);
                if negated {
                    cond = Expr::not(cond);
                }
                let mut p = program();
                p.blocks[0].assumes = vec![def.clone(), cond];
                let flat = FlatProgram::compile(&p);
                assert!(matches!(flat.block(0)[0], Stmt::DefineLinear { .. }));
                // `t == 4` is another definition of `t`, checked once made.
                let second = flat.block(0)[1];
                if op == BinOp::Eq && !negated {
                    assert!(matches!(second, Stmt::DefineLinear { .. }));
                } else {
                    assert!(matches!(second, Stmt::CheckLinear { .. }));
                }
                for xv in -3..=6 {
                    let mut s = State::new(&flat);
                    s.set(SsaId(0), xv);
                    let want = holds(2 * xv - 2, 4) != negated;
                    let got = s.enter(&flat, 0);
                    assert_eq!(got.is_ok(), want, "{op:?} negated {negated} x = {xv}");
                    assert_eq!(s.get(1), Some(2 * xv - 2));
                }
            }
        }
    }

    /// The float operations agree bit for bit with [`crate::ir::float`]
    /// (the interpreter's, which replays the tests), on binary32 and
    /// binary64, special values included.
    #[test]
    fn float_operations_agree_with_the_softfloat() {
        use crate::ir::float::{Fp, RoundingMode};
        use num_bigint::BigInt;
        let values = [
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            3.0e-310,
            -7.25e300,
            1.0e308,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            2.0f64.powi(-1074),
            123456.789,
        ];
        let ops = [
            FloatOp::Add,
            FloatOp::Sub,
            FloatOp::Mul,
            FloatOp::Div,
            FloatOp::Sqrt,
            FloatOp::Lt,
            FloatOp::IeeeEq,
            FloatOp::IsSubnormal,
            FloatOp::IsNegative,
            FloatOp::RoundIntegral(RoundingMode::Rne),
            FloatOp::RoundIntegral(RoundingMode::Rtn),
        ];
        for (sort, sig, exp) in [(Sort::F64, 53, 11), (Sort::F32, 24, 8)] {
            let enc = |x: f64| match sort {
                Sort::F32 => encode_f32(x as f32),
                _ => encode_f64(x),
            };
            let fp = |v: i64| {
                let bits = match sort {
                    Sort::F32 => u64::from(decode_f32(v).to_bits()),
                    _ => decode_f64(v).to_bits(),
                };
                Fp::from_bits(sig, exp, BigInt::from(bits))
            };
            for &x in &values {
                for &y in &values {
                    let (a, b) = (enc(x), enc(y));
                    for op in ops {
                        let boolean = matches!(
                            op,
                            FloatOp::Lt
                                | FloatOp::IeeeEq
                                | FloatOp::IsSubnormal
                                | FloatOp::IsNegative
                        );
                        let result = if boolean { Sort::Bool } else { sort };
                        let got = apply_float(op, sort, result, a, b).expect("evaluated");
                        let (fa, fb) = (fp(a), fp(b));
                        let rne = RoundingMode::Rne;
                        let want = match op {
                            FloatOp::Add => enc_fp(&fa.add(&fb, rne), sort),
                            FloatOp::Sub => enc_fp(&fa.sub(&fb, rne), sort),
                            FloatOp::Mul => enc_fp(&fa.mul(&fb, rne), sort),
                            FloatOp::Div => enc_fp(&fa.div(&fb, rne), sort),
                            FloatOp::Sqrt => enc_fp(&fa.sqrt(rne), sort),
                            FloatOp::RoundIntegral(m) => enc_fp(&fa.round_to_integral(m), sort),
                            FloatOp::Lt => {
                                i64::from(fa.compare(&fb) == Some(std::cmp::Ordering::Less))
                            }
                            FloatOp::IeeeEq => i64::from(fa.fp_eq(&fb)),
                            FloatOp::IsSubnormal => i64::from(fa.is_subnormal()),
                            FloatOp::IsNegative => i64::from(fa.is_negative()),
                            _ => unreachable!(),
                        };
                        assert_eq!(got, want, "{op:?} {sort:?} {x} {y}");
                    }
                }
            }
        }
    }

    /// A softfloat value as [`State`] stores it.
    fn enc_fp(x: &crate::ir::float::Fp, sort: Sort) -> i64 {
        use num_traits::ToPrimitive;
        let bits = x.bits.to_u64().expect("64 bits");
        match sort {
            Sort::F32 => encode_f32(f32::from_bits(bits as u32)),
            _ => encode_f64(f64::from_bits(bits)),
        }
    }
}
