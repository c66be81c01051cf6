//! Arithmetic semantics: the one definition of what `div`, `mod` and `/`
//! compute, for every stage that computes or encodes them.
//!
//! Takes: operands (unbounded [`BigInt`]s and [`BigRational`]s, or the
//! fixed-width `i64`/`i128` of the concrete explorers). Gives: the value,
//! and for the VC the SMT-LIB text of the same operation ([`SmtDivision`]).
//! design.md, "Semantics, pinned down" (the values bicd fixes where
//! SMT-LIB leaves them open).
//!
//! Boogie's `div` and `mod` on `int` are SMT-LIB's (theory `Ints`):
//! Euclidean, so `x = (x div y) * y + (x mod y)` with `0 <= x mod y < |y|`
//! (`-7 div 2 = -4`, `-7 mod 2 = 1`, `7 div -2 = -3`, `7 mod -2 = 1`); not
//! Rust's `/` and `%`, which truncate. Boogie's `/` on `real` is SMT-LIB's
//! `/` (theory `Reals`). SMT-LIB leaves division by zero unspecified (some
//! value, the same for equal operands), and so does Boogie; so does bicd:
//! the VC and the interpreter read `x div 0`, `x mod 0` and `x / 0.0` as
//! uninterpreted functions of `x` ([`zero_division_function`]), whose
//! values a test records and replays (issue 20).
//!
//! The fixed values below (`x div 0 = 0`, `x mod 0 = x`, `x / 0.0 =
//! 0.0`) remain only inside the concrete explorers of statement and path
//! cover (`back/cover/explore.rs` on `i128`, `back/cover/flat.rs` on
//! `i64`, through [`checked_div`] and [`checked_mod`]), which run only on
//! programs without uninterpreted functions, and so without a division
//! whose divisor may be zero. [`SMT_INT_DIV`], [`SMT_INT_MOD`] and
//! [`SMT_REAL_DIV`] give the VC its operators.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{CheckedEuclid, Zero};

/// `x div y` in any integer type: Euclidean, with `x div 0 = 0`. `None`
/// when the quotient does not fit the type (`i64::MIN div -1`); never for
/// [`BigInt`].
pub(crate) fn checked_div<T: CheckedEuclid + Zero>(x: &T, y: &T) -> Option<T> {
    if y.is_zero() {
        return Some(T::zero());
    }
    x.checked_div_euclid(y)
}

/// `x mod y` in any integer type: Euclidean (always in `0..|y|`), with
/// `x mod 0 = x`. `None` when the computation overflows the type
/// (`i64::MIN mod -1`); never for [`BigInt`].
pub(crate) fn checked_mod<T: CheckedEuclid + Zero + Clone>(x: &T, y: &T) -> Option<T> {
    if y.is_zero() {
        return Some(x.clone());
    }
    x.checked_rem_euclid(y)
}

/// `x div y` on unbounded integers ([`checked_div`]): Euclidean division
/// (SMT-LIB `div`), with `x div 0 = 0`.
pub fn euclid_div(x: &BigInt, y: &BigInt) -> BigInt {
    checked_div(x, y).expect("an unbounded integer division does not overflow")
}

/// `x mod y` on unbounded integers ([`checked_mod`]): Euclidean remainder
/// (SMT-LIB `mod`, always in `0..|y|`), with `x mod 0 = x`.
pub fn euclid_mod(x: &BigInt, y: &BigInt) -> BigInt {
    checked_mod(x, y).expect("an unbounded integer remainder does not overflow")
}

/// `x / y` on reals (SMT-LIB `/`), with `x / 0.0 = 0.0`.
pub(crate) fn real_div(x: &BigRational, y: &BigRational) -> BigRational {
    if y.is_zero() {
        return BigRational::zero();
    }
    x / y
}

/// How the VC spells one division operator in SMT-LIB. Where the divisor
/// may be zero, the VC guards it and applies [`zero_division_function`]
/// instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SmtDivision {
    /// The SMT-LIB operator (`div`, `mod`, `/`).
    pub op: &'static str,
    /// Zero in the operands' sort (`0`, `0.0`).
    pub zero: &'static str,
}

/// Integer `div`.
pub(crate) const SMT_INT_DIV: SmtDivision = SmtDivision {
    op: "div",
    zero: "0",
};

/// Integer `mod`.
pub(crate) const SMT_INT_MOD: SmtDivision = SmtDivision {
    op: "mod",
    zero: "0",
};

/// Real `/`.
pub(crate) const SMT_REAL_DIV: SmtDivision = SmtDivision {
    op: "/",
    zero: "0.0",
};

/// The value of a division by zero, as Boogie and SMT-LIB leave it: some
/// value that depends on the numerator only (`x div 0`, `x mod 0`,
/// `x / 0.0` each a function of `x`, the same for equal numerators). bicd
/// keeps it open: the VC applies this uninterpreted function of the
/// numerator where the divisor is zero, a test records its values at the
/// points a run uses (like any uninterpreted function's), and the
/// interpreter replays with them. So no block is called infeasible that
/// needs a particular quotient by zero (issue 20). `None` for operators
/// that are not divisions. The names are not Boogie identifiers, so no
/// program function can share them.
pub fn zero_division_function(op: super::BinOp) -> Option<std::sync::Arc<super::Function>> {
    use super::{BinOp, Function, Type};
    use std::sync::{Arc, OnceLock};
    static DIV: OnceLock<Arc<Function>> = OnceLock::new();
    static MOD: OnceLock<Arc<Function>> = OnceLock::new();
    static REAL_DIV: OnceLock<Arc<Function>> = OnceLock::new();
    let (cell, name, ty) = match op {
        BinOp::Div => (&DIV, "(div 0)", Type::Int),
        BinOp::Mod => (&MOD, "(mod 0)", Type::Int),
        BinOp::RealDiv => (&REAL_DIV, "(/ 0.0)", Type::Real),
        _ => return None,
    };
    Some(
        cell.get_or_init(|| {
            Arc::new(Function {
                name: name.to_string(),
                params: vec![("x".to_string(), ty.clone())],
                result: ty,
                body: None,
                builtin: None,
                recursive: false,
                datatype_op: None,
                captured: Vec::new(),
                stand_in_for: Default::default(),
                span: crate::source::Span::default(),
            })
        })
        .clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;
    use num_traits::Signed;

    fn b(n: i64) -> BigInt {
        BigInt::from(n)
    }

    #[test]
    fn euclidean_division_and_zero_divisor() {
        assert_eq!(euclid_div(&b(7), &b(2)), b(3));
        assert_eq!(euclid_mod(&b(7), &b(2)), b(1));
        assert_eq!(euclid_div(&b(-7), &b(2)), b(-4));
        assert_eq!(euclid_mod(&b(-7), &b(2)), b(1));
        assert_eq!(euclid_div(&b(7), &b(-2)), b(-3));
        assert_eq!(euclid_mod(&b(7), &b(-2)), b(1));
        assert_eq!(euclid_div(&b(-7), &b(-2)), b(4));
        assert_eq!(euclid_mod(&b(-7), &b(-2)), b(1));
        assert_eq!(euclid_div(&b(-7), &b(0)), b(0));
        assert_eq!(euclid_mod(&b(-7), &b(0)), b(-7));
    }

    /// The unbounded and the fixed-width versions agree, and agree with the
    /// definition (`x = q*y + r`, `0 <= r < |y|`) and with the formula the
    /// interpreter and the VC used before this module gathered them.
    #[test]
    fn every_width_agrees() {
        let big = b(1) << 70;
        let mut samples: Vec<BigInt> = (-13i64..=13).map(b).collect();
        samples.extend([&big + 1, -(&big) - 3, b(i64::MAX), b(i64::MIN + 1)]);
        for x in &samples {
            for y in &samples {
                let (q, r) = (euclid_div(x, y), euclid_mod(x, y));
                if y.is_zero() {
                    assert_eq!((q, r), (b(0), x.clone()));
                    continue;
                }
                assert_eq!(&q * y + &r, *x, "{x} {y}");
                assert!(!r.is_negative() && r < y.abs(), "{x} {y}");
                assert_eq!(r, x.mod_floor(&y.abs()), "{x} {y}");
                assert_eq!(q, (x - x.mod_floor(&y.abs())) / y, "{x} {y}");
                let (x64, y64) = (i64::try_from(x), i64::try_from(y));
                if let (Ok(x64), Ok(y64)) = (x64, y64) {
                    assert_eq!(checked_div(&x64, &y64).map(b), Some(q.clone()));
                    assert_eq!(checked_mod(&x64, &y64).map(b), Some(r.clone()));
                    let (x128, y128) = (i128::from(x64), i128::from(y64));
                    assert_eq!(checked_div(&x128, &y128).map(BigInt::from), Some(q));
                    assert_eq!(checked_mod(&x128, &y128).map(BigInt::from), Some(r));
                }
            }
        }
        assert_eq!(checked_div(&i64::MIN, &-1), None, "overflow is no value");
        assert_eq!(checked_div(&5i64, &0), Some(0));
        assert_eq!(checked_mod(&5i64, &0), Some(5));
    }

    #[test]
    fn real_division_by_zero() {
        let r = |n: i64, d: i64| BigRational::new(b(n), b(d));
        assert_eq!(real_div(&r(1, 2), &r(1, 4)), r(2, 1));
        assert_eq!(real_div(&r(-3, 1), &r(0, 1)), r(0, 1));
    }

    /// The three zero-division functions: one per operator, shared,
    /// named so that no Boogie function can clash.
    #[test]
    fn zero_division_functions() {
        use crate::ir::BinOp;
        let d = zero_division_function(BinOp::Div).unwrap();
        assert!(std::sync::Arc::ptr_eq(
            &d,
            &zero_division_function(BinOp::Div).unwrap()
        ));
        assert_eq!(d.name, "(div 0)");
        assert!(d.is_uninterpreted());
        assert_eq!(zero_division_function(BinOp::Mod).unwrap().name, "(mod 0)");
        assert_eq!(
            zero_division_function(BinOp::RealDiv).unwrap().name,
            "(/ 0.0)"
        );
        assert!(zero_division_function(BinOp::Add).is_none());
    }
}
