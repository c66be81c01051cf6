//! Floating point (part of [`crate::front::resolve`]; issue 21): the
//! operators on floats, the `{:builtin}` functions of SMT-LIB's theory
//! `FloatingPoint`, and where SMT-LIB leaves a result open.
//!
//! Takes: float-typed operands of `+ - * / < <= > >=`, and the builtin
//! text and signature of a `function {:builtin "..."}`. Gives: each as the
//! application of a builtin [`ir::Function`] whose `builtin` is the
//! SMT-LIB operator (`fp.add RNE`, `(_ to_fp 8 24) RNE`, `fp.lt`), so that
//! every later stage treats them as it treats bit-vector builtins (the VC
//! prints the operator, the interpreter computes it with
//! [`crate::ir::float`]). Boogie's rules, from its `AbsyExpr.cs` and
//! `SMTLibLineariser.cs`:
//! - `+ - * /` take two floats of one type and round to nearest, ties to
//!   even (`fp.add RNE`, ...); `< <= > >=` are `fp.lt`, ...; `==` and
//!   `!=` are SMT-LIB's `=` (identity: NaN equals NaN, `+0` and `-0`
//!   differ), left as they are; unary `-` does not take a float (write
//!   `fp.neg`, or a negative literal).
//! - A builtin's text is passed to the solver as written, so a rounding
//!   mode may be part of it (`"fp.mul RNA"`, `"(_ to_fp 11 53) RTZ"`) or
//!   the function's first parameter (`ADD(rmode, float24e8, float24e8)`).
//!   bicd checks the signature against the operator and refuses what it
//!   does not know (an `unsupported:` error where the function is
//!   applied). `(_ to_fp e s)` of an `int` converts it as a real (z3 reads
//!   an `int` there; SMT-LIB has no such form).
//! - Where SMT-LIB leaves the result open (`fp.to_sbv`/`fp.to_ubv` of
//!   NaN, an infinity or a number out of range; `fp.to_real` of NaN or an
//!   infinity; `fp.min`/`fp.max` of `-0` and `+0`), the application is
//!   guarded and takes the value of an uninterpreted function of its
//!   arguments there (for `fp.min`/`fp.max`, an uninterpreted choice
//!   between the two zeros), whose values a test records as it does a
//!   division by zero's: so bicd never fixes a value Boogie leaves open.

use super::Resolver;
use crate::ir::float::FloatBuiltin;
use crate::ir::{self, BinOp, ExprKind, Function, Type, UnOp};
use crate::source::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::sync::Arc;

/// A builtin function of no body: `builtin` applied to `params`.
pub(super) fn builtin_function(
    name: &str,
    builtin: &str,
    params: Vec<Type>,
    result: Type,
    span: Span,
) -> Arc<Function> {
    Arc::new(Function {
        name: name.to_string(),
        params: params
            .into_iter()
            .enumerate()
            .map(|(i, t)| (format!("x{i}"), t))
            .collect(),
        captured: Vec::new(),
        stand_in_for: Default::default(),
        result,
        body: None,
        builtin: Some(builtin.to_string()),
        recursive: false,
        datatype_op: None,
        span,
    })
}

fn apply(f: Arc<Function>, args: Vec<ir::Expr>, span: Span) -> ir::Expr {
    let ty = f.result.clone();
    ir::Expr::new(ExprKind::Apply(f, args), ty, span)
}

/// `op` (`+ - * / < <= > >=`) on two floats of type `ty`: the builtin
/// Boogie writes for it (`fp.add RNE`, `fp.lt`); `None` for the other
/// operators (`==`, `!=` stay; the rest take no floats).
pub(super) fn float_operator(op: BinOp, ty: &Type, span: Span) -> Option<Arc<Function>> {
    let (smt, boolean) = match op {
        BinOp::Add => ("fp.add RNE", false),
        BinOp::Sub => ("fp.sub RNE", false),
        BinOp::Mul => ("fp.mul RNE", false),
        BinOp::RealDiv => ("fp.div RNE", false),
        BinOp::Lt => ("fp.lt", true),
        BinOp::Le => ("fp.leq", true),
        BinOp::Gt => ("fp.gt", true),
        BinOp::Ge => ("fp.geq", true),
        _ => return None,
    };
    let result = if boolean { Type::Bool } else { ty.clone() };
    Some(builtin_function(
        op.symbol(),
        smt,
        vec![ty.clone(), ty.clone()],
        result,
        span,
    ))
}

/// Checks a floating-point builtin against its function's signature;
/// `None` if `name` is no floating-point operator, else its text for the
/// solver or why it is refused (`unsupported: ...` when bicd does not
/// read it, which is an error where it is applied).
pub(super) fn float_builtin_operator(
    name: &str,
    params: &[Type],
    result: &Type,
) -> Option<Result<String, String>> {
    let b = FloatBuiltin::read(name)?;
    Some(check_float_builtin(&b, name, params, result).map(|_| b.text()))
}

fn check_float_builtin(
    b: &FloatBuiltin,
    name: &str,
    params: &[Type],
    result: &Type,
) -> Result<(), String> {
    let float = |t: &Type| matches!(t, Type::Float { .. });
    let rm_param = params.first() == Some(&Type::RMode);
    if b.rounding.is_some() && rm_param {
        return Err(format!(
            "`{name}` names a rounding mode, so its function takes none"
        ));
    }
    let args: &[Type] = if rm_param { &params[1..] } else { params };
    // `(_ to_fp e s)` of a bit-vector converts it as a signed integer
    // when a rounding mode is given, else reinterprets its bits.
    let wants_rm =
        b.takes_rounding(args) || (b.indices().is_some_and(|(op, _)| op == "to_fp") && rm_param);
    if wants_rm && b.rounding.is_none() && !rm_param {
        return Err(format!(
            "`{name}` needs a rounding mode: in its text (`\"{} RNE\"`) or as the function's first parameter (`rmode`)",
            b.core
        ));
    }
    if !wants_rm && (rm_param || b.rounding.is_some()) {
        return Err(format!("`{}` takes no rounding mode", b.core));
    }
    let same_float = |n: usize, res: &Type| {
        args.len() == n && float(&args[0]) && args.iter().all(|a| *a == args[0]) && *result == *res
    };
    let shape_error = |shape: &str| Err(format!("`{name}` takes {shape}"));
    if let Some((op, ix)) = b.indices() {
        return match (op.as_str(), ix.as_slice()) {
            ("to_fp" | "to_fp_unsigned", [e, s]) => {
                let target = Type::Float { sig: *s, exp: *e };
                crate::ir::float::format_ok(*s, *e)?;
                if *result != target {
                    return Err(format!("`{name}` returns a {target}, not a {result}"));
                }
                let ok = match (op.as_str(), args) {
                    ("to_fp", [Type::Real | Type::Int | Type::Float { .. } | Type::Bv(_)])
                        if wants_rm =>
                    {
                        true
                    }
                    ("to_fp", [Type::Bv(w)]) => *w == e + s,
                    ("to_fp_unsigned", [Type::Bv(_)]) => true,
                    _ => false,
                };
                if ok {
                    Ok(())
                } else {
                    shape_error(if op == "to_fp" {
                        "a rounding mode and a real, an int, a float or a bit-vector (signed), or a bit-vector of as many bits as the float without a rounding mode"
                    } else {
                        "a rounding mode and a bit-vector"
                    })
                }
            }
            ("fp.to_ubv" | "fp.to_sbv", [n]) => {
                if args.len() == 1 && float(&args[0]) && *result == Type::Bv(*n) {
                    Ok(())
                } else {
                    shape_error(&format!("a rounding mode and a float, and returns a bv{n}"))
                }
            }
            _ => Err(format!("unsupported: builtin function `{name}`")),
        };
    }
    let bool_t = Type::Bool;
    let first = args.first().cloned().unwrap_or(Type::Bool);
    match b.core.as_str() {
        "fp.abs" | "fp.neg" | "fp.sqrt" | "fp.roundToIntegral" => {
            if same_float(1, &first) {
                Ok(())
            } else {
                shape_error("a float and returns one of its type")
            }
        }
        "fp.add" | "fp.sub" | "fp.mul" | "fp.div" | "fp.rem" | "fp.min" | "fp.max" => {
            if same_float(2, &first) {
                Ok(())
            } else {
                shape_error("two floats of one type and returns one of that type")
            }
        }
        "fp.fma" => {
            if same_float(3, &first) {
                Ok(())
            } else {
                shape_error("three floats of one type and returns one of that type")
            }
        }
        "fp.leq" | "fp.lt" | "fp.geq" | "fp.gt" | "fp.eq" => {
            if same_float(2, &bool_t) {
                Ok(())
            } else {
                shape_error("two floats of one type and returns bool")
            }
        }
        "fp.isNormal" | "fp.isSubnormal" | "fp.isZero" | "fp.isInfinite" | "fp.isNaN"
        | "fp.isNegative" | "fp.isPositive" => {
            if same_float(1, &bool_t) {
                Ok(())
            } else {
                shape_error("a float and returns bool")
            }
        }
        "fp.to_real" => {
            if args.len() == 1 && float(&args[0]) && *result == Type::Real {
                Ok(())
            } else {
                shape_error("a float and returns a real")
            }
        }
        _ => Err(format!("unsupported: builtin function `{name}`")),
    }
}

impl Resolver {
    /// The application of a floating-point builtin `func` (checked by
    /// [`float_builtin_operator`]) to `args`: an `int` given to
    /// `(_ to_fp e s)` made a real, and a result SMT-LIB leaves open
    /// guarded (see the module comment). `None` if `func` is no
    /// floating-point builtin.
    pub(super) fn float_application(
        &mut self,
        func: &Arc<Function>,
        mut args: Vec<ir::Expr>,
        span: Span,
    ) -> Option<ir::Expr> {
        let b = FloatBuiltin::read(func.builtin.as_deref()?)?;
        let mut func = func.clone();
        // `(_ to_fp e s)` of an int: of the int as a real.
        if let Some(at) = args.iter().position(|a| a.ty == Type::Int) {
            let inner = std::mem::replace(&mut args[at], ir::Expr::bool(false, span));
            let s = inner.span;
            args[at] = ir::Expr::new(
                ExprKind::Unary(UnOp::ToReal, Box::new(inner)),
                Type::Real,
                s,
            );
            let mut f = (*func).clone();
            f.params[at].1 = Type::Real;
            func = Arc::new(f);
        }
        let whole = apply(func.clone(), args.clone(), span);
        let rm_arg = if b.rounding.is_none() && args.first().is_some_and(|a| a.ty == Type::RMode) {
            Some(args[0].clone())
        } else {
            None
        };
        let x = |i: usize| args[i + usize::from(rm_arg.is_some())].clone();
        let fty = |e: &ir::Expr| e.ty.clone();
        let test = |op: &str, e: ir::Expr| {
            let f = builtin_function(op, op, vec![fty(&e)], Type::Bool, span);
            apply(f, vec![e], span)
        };
        let not = |e: ir::Expr| ir::Expr::not(e);
        let and = |a: ir::Expr, b: ir::Expr| {
            ir::Expr::new(
                ExprKind::Binary(BinOp::And, Box::new(a), Box::new(b)),
                Type::Bool,
                span,
            )
        };
        let open = |name: &str, result: Type, args: &[ir::Expr]| {
            let f = Arc::new(Function {
                name: format!("{}#{name}", func.name),
                params: args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (format!("x{i}"), a.ty.clone()))
                    .collect(),
                captured: Vec::new(),
                stand_in_for: Default::default(),
                result,
                body: None,
                builtin: None,
                recursive: false,
                datatype_op: None,
                span: func.span,
            });
            apply(f, args.to_vec(), span)
        };
        let ite = |c: ir::Expr, a: ir::Expr, b: ir::Expr| {
            let ty = a.ty.clone();
            ir::Expr::new(
                ExprKind::Ite(Box::new(c), Box::new(a), Box::new(b)),
                ty,
                span,
            )
        };
        let core = b.indices();
        match (
            core.as_ref().map(|(op, ix)| (op.as_str(), ix.as_slice())),
            b.core.as_str(),
        ) {
            (Some(("fp.to_ubv" | "fp.to_sbv", [n])), _) => {
                let signed = core.as_ref().is_some_and(|(op, _)| op == "fp.to_sbv");
                let value = x(0);
                let integral_op = match b.rounding {
                    Some(m) => format!("fp.roundToIntegral {}", m.name()),
                    None => "fp.roundToIntegral".to_string(),
                };
                let rounded_fn = builtin_function(
                    &integral_op,
                    &integral_op,
                    {
                        let mut p = Vec::new();
                        if rm_arg.is_some() {
                            p.push(Type::RMode);
                        }
                        p.push(fty(&value));
                        p
                    },
                    fty(&value),
                    span,
                );
                let mut rargs = Vec::new();
                if let Some(r) = &rm_arg {
                    rargs.push(r.clone());
                }
                rargs.push(value.clone());
                let rounded = apply(rounded_fn, rargs, span);
                let to_real = builtin_function(
                    "fp.to_real",
                    "fp.to_real",
                    vec![fty(&value)],
                    Type::Real,
                    span,
                );
                let real = apply(to_real, vec![rounded], span);
                let (lo, hi) = if signed {
                    let h = BigInt::from(1) << (n - 1);
                    (-h.clone(), h - 1)
                } else {
                    (BigInt::from(0), (BigInt::from(1) << *n) - 1)
                };
                let lit = |v: BigInt| {
                    ir::Expr::new(
                        ExprKind::Real(BigRational::from_integer(v)),
                        Type::Real,
                        span,
                    )
                };
                let cmp = |op: BinOp, a: ir::Expr, b: ir::Expr| {
                    ir::Expr::new(
                        ExprKind::Binary(op, Box::new(a), Box::new(b)),
                        Type::Bool,
                        span,
                    )
                };
                let finite = and(
                    not(test("fp.isNaN", value.clone())),
                    not(test("fp.isInfinite", value.clone())),
                );
                let in_range = and(
                    cmp(BinOp::Le, lit(lo), real.clone()),
                    cmp(BinOp::Le, real, lit(hi)),
                );
                let unspecified = open("unspecified", func.result.clone(), &args);
                Some(ite(and(finite, in_range), whole, unspecified))
            }
            (None, "fp.to_real") => {
                let value = x(0);
                let finite = and(
                    not(test("fp.isNaN", value.clone())),
                    not(test("fp.isInfinite", value.clone())),
                );
                let unspecified = open("unspecified", Type::Real, &args);
                Some(ite(finite, whole, unspecified))
            }
            (None, "fp.min" | "fp.max") => {
                let (a, c) = (x(0), x(1));
                let zeros = and(test("fp.isZero", a.clone()), test("fp.isZero", c.clone()));
                let signs_differ = ir::Expr::new(
                    ExprKind::Binary(
                        BinOp::Neq,
                        Box::new(test("fp.isNegative", a.clone())),
                        Box::new(test("fp.isNegative", c.clone())),
                    ),
                    Type::Bool,
                    span,
                );
                let first = open("first_zero", Type::Bool, &args);
                Some(ite(and(zeros, signs_differ), ite(first, a, c), whole))
            }
            _ => Some(whole),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::float::RoundingMode;

    #[test]
    fn builtin_texts_are_read() {
        let r = |t: &str| FloatBuiltin::read(t);
        assert_eq!(
            r("fp.mul RNA"),
            Some(FloatBuiltin {
                core: "fp.mul".into(),
                rounding: Some(RoundingMode::Rna)
            })
        );
        assert_eq!(
            r("(_ to_fp 8 24) roundTowardZero").unwrap().text(),
            "(_ to_fp 8 24) RTZ"
        );
        assert_eq!(
            r("(_ fp.to_sbv 64)").unwrap().indices(),
            Some(("fp.to_sbv".into(), vec![64]))
        );
        assert_eq!(r("bvadd"), None);
        let f = Type::Float { sig: 24, exp: 8 };
        let ok = |t: &str, p: &[Type], res: &Type| float_builtin_operator(t, p, res);
        assert!(matches!(
            ok("fp.add", &[Type::RMode, f.clone(), f.clone()], &f),
            Some(Ok(_))
        ));
        assert!(matches!(
            ok("fp.add RNE", &[f.clone(), f.clone()], &f),
            Some(Ok(_))
        ));
        assert!(matches!(
            ok("fp.add", &[f.clone(), f.clone()], &f),
            Some(Err(_))
        ));
        assert!(matches!(
            ok("(_ to_fp 8 24) RNE", &[Type::Int], &f),
            Some(Ok(_))
        ));
        assert!(matches!(
            ok("(_ to_fp 8 24)", &[Type::Bv(32)], &f),
            Some(Ok(_))
        ));
        assert!(matches!(
            ok("(_ to_fp 8 23) RNE", &[Type::Int], &f),
            Some(Err(_))
        ));
        assert!(matches!(
            ok("fp.isNaN", std::slice::from_ref(&f), &Type::Bool),
            Some(Ok(_))
        ));
        let e = ok("fp.frobnicate", std::slice::from_ref(&f), &f)
            .unwrap()
            .unwrap_err();
        assert!(e.starts_with("unsupported: "), "{e}");
    }
}
