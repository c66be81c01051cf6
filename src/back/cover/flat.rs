//! A passive program compiled once into flat code for concrete runs: what
//! [`super::explore`] evaluates instead of walking boxed expression trees.
//!
//! Takes: a [`PassiveProgram`] whose variables are integers and Booleans.
//! Gives: [`FlatProgram`] (per block, its assumptions as [`Stmt`]s over one
//! array of postfix [`Op`]s) and [`State`] (the values of the SSA variables
//! along a run, with a trail to undo a block's definitions), so that a run
//! allocates nothing: values are `i64` (Booleans 0 and 1), sorts are
//! checked when compiling, and every statement is one loop over its ops.
//!
//! The semantics are the interpreter's and the VC's (design.md): unbounded
//! integers are `i64` here (minus [`UNDEFINED`], which marks a variable
//! without a value), and a literal that does not fit or an operation that
//! overflows makes the assumption *unevaluable*, which counts as not
//! holding (the path is then not found here; the solver finds it).
//! `div`/`mod` are Euclidean with `x div 0 = 0`, `x mod 0 = x`. An expression of another kind or sort
//! (maps, bit-vectors, functions, quantifiers) compiles to [`Stmt::Fail`]:
//! never evaluable, so concrete runs never claim a path through it.
//!
//! An assumption `v == e` on an internal SSA variable `v` (an assignment or
//! a join copy after passification) *defines* `v` when the run has not
//! defined it yet, and is checked like any other assumption when it has.

use crate::ir::passive::{PassiveProgram, SsaId, SsaRole};
use crate::ir::{BinOp, Expr, ExprKind, Type, UnOp};
use num_traits::ToPrimitive;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Int,
    Bool,
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
    /// Pops a Boolean; jumps when it is false.
    JumpIfFalse(u32),
    Jump(u32),
}

/// One assumption of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stmt {
    /// `var == code[start..end]` with `var` internal: defines `var` if the
    /// run has not, else checks the equality.
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
    n_vars: usize,
}

impl FlatProgram {
    /// Compiles every assumption of `program`.
    pub(super) fn compile(program: &PassiveProgram) -> FlatProgram {
        let sorts: Vec<Option<Sort>> = program
            .vars
            .iter()
            .map(|v| match v.ty {
                Type::Int => Some(Sort::Int),
                Type::Bool => Some(Sort::Bool),
                _ => None,
            })
            .collect();
        let internal: Vec<bool> = program
            .vars
            .iter()
            .map(|v| v.role == SsaRole::Internal)
            .collect();
        let mut flat = FlatProgram {
            code: Vec::new(),
            linear: Vec::new(),
            terms: Vec::new(),
            stmts: Vec::new(),
            block_start: Vec::with_capacity(program.blocks.len() + 1),
            origin: Vec::new(),
            n_vars: program.vars.len(),
        };
        for (b, block) in program.blocks.iter().enumerate() {
            flat.block_start.push(flat.stmts.len() as u32);
            for (i, a) in block.assumes.iter().enumerate() {
                let stmt = flat.statement(a, &sorts, &internal);
                flat.stmts.push(stmt);
                flat.origin.push((b as u32, i as u32));
            }
        }
        flat.block_start.push(flat.stmts.len() as u32);
        flat
    }

    fn statement(&mut self, a: &Expr<SsaId>, sorts: &[Option<Sort>], internal: &[bool]) -> Stmt {
        if let Some(stmt) = self.linear_statement(a, sorts, internal) {
            return stmt;
        }
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
                    (BinOp::Eq | BinOp::Iff, x, y) if x == y => (Op::Eq, Bool),
                    (BinOp::Neq, x, y) if x == y => (Op::Neq, Bool),
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
            _ => None,
        }
    }

    /// The statements of block `b`.
    pub(super) fn block(&self, b: usize) -> &[Stmt] {
        let (s, e) = (self.block_start[b], self.block_start[b + 1]);
        &self.stmts[s as usize..e as usize]
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

/// The value that marks a variable without one (so it is not a value:
/// a result equal to it is treated as an overflow).
const UNDEFINED: i64 = i64::MIN;

/// `x` unless it is [`UNDEFINED`].
fn value(x: i64) -> Option<i64> {
    (x != UNDEFINED).then_some(x)
}

/// The values of a run: every SSA variable's value, or [`UNDEFINED`].
pub(super) struct State {
    env: Vec<i64>,
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

    /// How many definitions the run has made (a mark for [`State::undo`]).
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Forgets the definitions made since `mark`.
    pub(super) fn undo(&mut self, mark: usize) {
        for &v in &self.trail[mark..] {
            self.env[v as usize] = UNDEFINED;
        }
        self.trail.truncate(mark);
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
    pub(super) fn defined_since(&self, mark: usize) -> &[u32] {
        &self.trail[mark..]
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
        s.undo(0);
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
}
