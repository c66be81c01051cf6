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
//! value, the same for equal operands), and so does Boogie. bicd fixes it,
//! the same everywhere:
//! - `x div 0 = 0`;
//! - `x mod 0 = x` (which keeps `x = (x div y) * y + (x mod y)`);
//! - `x / 0.0 = 0.0`.
//!
//! Who uses it: the interpreter ([`crate::check`]), the VC's SMT encoding
//! ([`crate::back::vc`], through [`SMT_INT_DIV`], [`SMT_INT_MOD`] and
//! [`SMT_REAL_DIV`]), and the concrete explorers of path cover
//! (`back/cover/explore.rs` on `i128`, `back/cover/flat.rs` on `i64`,
//! through [`checked_div`] and [`checked_mod`]). To change the semantics of
//! a zero divisor, change [`checked_div`], [`checked_mod`], [`real_div`] and
//! the `at_zero` of the `SMT_*` constants together; the unit tests below
//! check that they agree.

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

/// What a division by zero gives, in SMT-LIB text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtZero {
    /// This constant (`0`, `0.0`).
    Value(&'static str),
    /// The numerator (`x mod 0 = x`).
    Numerator,
}

/// How the VC spells one division operator in SMT-LIB, with bicd's value
/// at a zero divisor (SMT-LIB leaves it unspecified): the SMT side of
/// [`checked_div`], [`checked_mod`] and [`real_div`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SmtDivision {
    /// The SMT-LIB operator (`div`, `mod`, `/`).
    pub op: &'static str,
    /// Zero in the operands' sort (`0`, `0.0`).
    pub zero: &'static str,
    /// The value when the divisor is zero.
    pub at_zero: AtZero,
}

/// Integer `div` ([`checked_div`]): `x div 0 = 0`.
pub(crate) const SMT_INT_DIV: SmtDivision = SmtDivision {
    op: "div",
    zero: "0",
    at_zero: AtZero::Value("0"),
};

/// Integer `mod` ([`checked_mod`]): `x mod 0 = x`.
pub(crate) const SMT_INT_MOD: SmtDivision = SmtDivision {
    op: "mod",
    zero: "0",
    at_zero: AtZero::Numerator,
};

/// Real `/` ([`real_div`]): `x / 0.0 = 0.0`.
pub(crate) const SMT_REAL_DIV: SmtDivision = SmtDivision {
    op: "/",
    zero: "0.0",
    at_zero: AtZero::Value("0.0"),
};

impl SmtDivision {
    /// The value when the divisor is zero, as SMT-LIB text; `n` is the
    /// numerator's text.
    pub(crate) fn at_zero<'a>(&self, n: &'a str) -> &'a str {
        match self.at_zero {
            AtZero::Value(v) => v,
            AtZero::Numerator => n,
        }
    }

    /// `n op d` with bicd's value at a zero divisor:
    /// `(ite (= d 0) at_zero (op n d))`. `n` and `d` are printed as given
    /// (names bound by a `let`, so that no operand is printed twice).
    pub fn guarded(&self, n: &str, d: &str) -> String {
        format!(
            "(ite (= {d} {}) {} ({} {n} {d}))",
            self.zero,
            self.at_zero(n),
            self.op
        )
    }
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

    /// The SMT text says what the Rust functions compute.
    #[test]
    fn smt_spelling() {
        assert_eq!(SMT_INT_DIV.guarded("n", "d"), "(ite (= d 0) 0 (div n d))");
        assert_eq!(SMT_INT_MOD.guarded("n", "d"), "(ite (= d 0) n (mod n d))");
        assert_eq!(
            SMT_REAL_DIV.guarded("n", "d"),
            "(ite (= d 0.0) 0.0 (/ n d))"
        );
        assert_eq!(
            SMT_INT_DIV.at_zero("x"),
            checked_div(&7, &0).unwrap().to_string()
        );
        assert_eq!(
            SMT_INT_MOD.at_zero("7"),
            checked_mod(&7, &0).unwrap().to_string()
        );
        assert_eq!(SMT_REAL_DIV.at_zero("x"), "0.0");
        assert!(real_div(&BigRational::from(b(7)), &BigRational::zero()).is_zero());
    }
}
