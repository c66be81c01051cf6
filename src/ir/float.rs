//! Floating point: the one definition of what Boogie's `float<sig>e<exp>`
//! values are and what their operations compute, for every stage that
//! reads, computes or prints them (issue 21).
//!
//! Takes: IEEE 754 binary formats of any size bicd reads (a significand
//! of `sig` bits, the hidden bit included, and an exponent of `exp`
//! bits: Boogie's `float24e8` is SMT-LIB's `(_ FloatingPoint 8 24)`), and
//! the five rounding modes. Gives: [`Fp`], a value as its bit pattern;
//! the operations of SMT-LIB's theory `FloatingPoint` on it, computed
//! exactly with integers (a small softfloat: every result is the exact
//! result rounded once, so `f32`/`f64` hardware and every other size and
//! rounding mode agree bit for bit); Boogie's literal syntax, read
//! ([`Fp::parse_boogie`], with Boogie's strict rules) and written
//! ([`Fp::boogie_text`]); and the SMT-LIB text of a value
//! ([`Fp::smt_text`]).
//!
//! SMT-LIB has one NaN per format, so [`Fp`] keeps one bit pattern for it
//! ([`Fp::nan`]): equality of [`Fp`]s is SMT-LIB's `=` (NaN equals NaN,
//! `+0` and `-0` differ), which is what Boogie's `==` on floats means.
//! `fp.eq` is [`Fp::fp_eq`].
//!
//! Where SMT-LIB leaves a result unspecified (`fp.to_real` of an infinity
//! or NaN, `fp.to_sbv` out of range, `fp.min(-0, +0)`), the front end
//! guards the operation and applies an uninterpreted function instead
//! (see `front::resolve::floats`); the functions here answer only where
//! the result is specified (`None` elsewhere).

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt;

/// The widest exponent field bicd reads: biased exponents stay `i64`s.
pub const MAX_EXP_BITS: u32 = 60;
/// The widest significand bicd reads (the hidden bit included).
pub const MAX_SIG_BITS: u32 = 1 << 16;
/// Results computed through exact integers of more than this many bits
/// (a remainder of very different magnitudes, a real of an enormous
/// exponent) are refused rather than computed.
const MAX_EXACT_BITS: u64 = 1 << 20;

/// A rounding mode (SMT-LIB `RoundingMode`, Boogie's `rmode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoundingMode {
    /// Round to nearest, ties to even.
    Rne,
    /// Round to nearest, ties away from zero.
    Rna,
    /// Round toward positive.
    Rtp,
    /// Round toward negative.
    Rtn,
    /// Round toward zero.
    Rtz,
}

impl RoundingMode {
    pub const ALL: [RoundingMode; 5] = [
        RoundingMode::Rne,
        RoundingMode::Rna,
        RoundingMode::Rtp,
        RoundingMode::Rtn,
        RoundingMode::Rtz,
    ];

    /// The short name (Boogie's and SMT-LIB's): `RNE`, ...
    pub fn name(self) -> &'static str {
        match self {
            RoundingMode::Rne => "RNE",
            RoundingMode::Rna => "RNA",
            RoundingMode::Rtp => "RTP",
            RoundingMode::Rtn => "RTN",
            RoundingMode::Rtz => "RTZ",
        }
    }

    /// The long name (Boogie's and SMT-LIB's): `roundNearestTiesToEven`, ...
    pub fn long_name(self) -> &'static str {
        match self {
            RoundingMode::Rne => "roundNearestTiesToEven",
            RoundingMode::Rna => "roundNearestTiesToAway",
            RoundingMode::Rtp => "roundTowardPositive",
            RoundingMode::Rtn => "roundTowardNegative",
            RoundingMode::Rtz => "roundTowardZero",
        }
    }

    /// The mode named `s`, short or long.
    pub fn from_name(s: &str) -> Option<RoundingMode> {
        RoundingMode::ALL
            .into_iter()
            .find(|m| m.name() == s || m.long_name() == s)
    }
}

impl fmt::Display for RoundingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A floating-point value of the format `sig`/`exp` (Boogie's
/// `float<sig>e<exp>`), as its IEEE 754 bit pattern: the sign bit, then
/// `exp` bits of biased exponent, then `sig - 1` bits of trailing
/// significand. NaN has one pattern ([`Fp::nan`]), so that `==` is
/// SMT-LIB's `=`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fp {
    pub sig: u32,
    pub exp: u32,
    pub bits: BigInt,
}

/// A value taken apart: `Finite` is `(-1)^neg * m * 2^e` with `m > 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Class {
    Nan,
    Inf(bool),
    Zero(bool),
    Finite { neg: bool, m: BigInt, e: i64 },
}

/// Whether `sig`/`exp` is a format bicd reads: SMT-LIB wants both above
/// 1; bicd keeps biased exponents in an `i64`.
pub fn format_ok(sig: u32, exp: u32) -> Result<(), String> {
    if sig < 2 || exp < 2 {
        return Err(format!(
            "float{sig}e{exp}: the significand and the exponent must have at least 2 bits"
        ));
    }
    if exp > MAX_EXP_BITS || sig > MAX_SIG_BITS {
        return Err(format!(
            "unsupported: float{sig}e{exp}: bicd reads exponents of at most {MAX_EXP_BITS} bits and significands of at most {MAX_SIG_BITS}"
        ));
    }
    Ok(())
}

fn pow2(n: u64) -> BigInt {
    BigInt::one() << n
}

fn mask(n: u64) -> BigInt {
    pow2(n) - 1
}

impl Fp {
    fn bias(&self) -> i64 {
        (1i64 << (self.exp - 1)) - 1
    }

    /// The smallest exponent of a normal number.
    fn emin(&self) -> i64 {
        1 - self.bias()
    }

    fn max_biased(&self) -> BigInt {
        mask(u64::from(self.exp))
    }

    fn from_fields(sig: u32, exp: u32, neg: bool, biased: BigInt, frac: BigInt) -> Fp {
        let mut bits = (biased << (sig - 1)) | frac;
        if neg {
            bits |= pow2(u64::from(sig + exp - 1));
        }
        Fp { sig, exp, bits }
    }

    /// The NaN of the format (sign 0, the significand's top bit set, as
    /// cvc5 prints it).
    pub fn nan(sig: u32, exp: u32) -> Fp {
        Fp::from_fields(
            sig,
            exp,
            false,
            mask(u64::from(exp)),
            pow2(u64::from(sig - 2)),
        )
    }

    pub fn infinity(sig: u32, exp: u32, neg: bool) -> Fp {
        Fp::from_fields(sig, exp, neg, mask(u64::from(exp)), BigInt::zero())
    }

    pub fn zero(sig: u32, exp: u32, neg: bool) -> Fp {
        Fp::from_fields(sig, exp, neg, BigInt::zero(), BigInt::zero())
    }

    /// The value of a bit pattern of `sig + exp` bits (every NaN pattern
    /// is the NaN).
    pub fn from_bits(sig: u32, exp: u32, bits: BigInt) -> Fp {
        let f = Fp {
            sig,
            exp,
            bits: bits.mod_floor(&pow2(u64::from(sig + exp))),
        };
        if f.is_nan() {
            Fp::nan(sig, exp)
        } else {
            f
        }
    }

    /// The value of SMT-LIB's `(fp s e m)`: sign, biased exponent and
    /// trailing significand fields.
    pub fn from_smt_fields(sig: u32, exp: u32, neg: bool, biased: BigInt, frac: BigInt) -> Fp {
        let f = Fp::from_fields(sig, exp, neg, biased, frac);
        Fp::from_bits(sig, exp, f.bits)
    }

    fn sign_bit(&self) -> bool {
        self.bits.bit(u64::from(self.sig + self.exp - 1))
    }

    fn biased(&self) -> BigInt {
        (&self.bits >> (self.sig - 1)) & self.max_biased()
    }

    fn frac(&self) -> BigInt {
        &self.bits & mask(u64::from(self.sig - 1))
    }

    fn class(&self) -> Class {
        let neg = self.sign_bit();
        let biased = self.biased();
        let frac = self.frac();
        if biased == self.max_biased() {
            return if frac.is_zero() {
                Class::Inf(neg)
            } else {
                Class::Nan
            };
        }
        let shift = i64::from(self.sig - 1);
        if biased.is_zero() {
            if frac.is_zero() {
                return Class::Zero(neg);
            }
            return Class::Finite {
                neg,
                m: frac,
                e: self.emin() - shift,
            };
        }
        let b = i64::try_from(&biased).unwrap_or(i64::MAX);
        Class::Finite {
            neg,
            m: frac + pow2(u64::from(self.sig - 1)),
            e: b - self.bias() - shift,
        }
    }

    pub fn is_nan(&self) -> bool {
        matches!(self.class(), Class::Nan)
    }
    pub fn is_infinite(&self) -> bool {
        matches!(self.class(), Class::Inf(_))
    }
    pub fn is_zero(&self) -> bool {
        matches!(self.class(), Class::Zero(_))
    }
    pub fn is_subnormal(&self) -> bool {
        !self.is_nan() && !self.is_zero() && self.biased().is_zero()
    }
    pub fn is_normal(&self) -> bool {
        let b = self.biased();
        !b.is_zero() && b != self.max_biased()
    }
    /// SMT-LIB's `fp.isNegative`: a negative non-NaN (`-0` included).
    pub fn is_negative(&self) -> bool {
        !self.is_nan() && self.sign_bit()
    }
    pub fn is_positive(&self) -> bool {
        !self.is_nan() && !self.sign_bit()
    }

    /// The exact value of a finite number (`None` for infinities and
    /// NaN, and for a value whose exact form would be too large).
    pub fn to_rational(&self) -> Option<BigRational> {
        match self.class() {
            Class::Zero(_) => Some(BigRational::zero()),
            Class::Finite { neg, m, e } => {
                if e.unsigned_abs() > MAX_EXACT_BITS {
                    return None;
                }
                let m = if neg { -m } else { m };
                Some(if e >= 0 {
                    BigRational::from_integer(m << e as u64)
                } else {
                    BigRational::new(m, pow2(e.unsigned_abs()))
                })
            }
            _ => None,
        }
    }

    /// `(-1)^neg * (m + sticky) * 2^e` rounded to the format by `rm`:
    /// `sticky` says that some amount in `(0, 1)` is lost below `m`'s last
    /// bit, and then `m` must have at least `sig + 2` bits (so that the
    /// lost amount lies below the rounding position's guard bit).
    fn round(
        sig: u32,
        exp: u32,
        neg: bool,
        m: BigInt,
        e: i64,
        sticky: bool,
        rm: RoundingMode,
    ) -> Fp {
        if m.is_zero() {
            return Fp::zero(sig, exp, neg);
        }
        let probe = Fp::zero(sig, exp, false);
        let (emin, bias) = (probe.emin(), probe.bias());
        let p = i64::from(sig);
        let lead = e.saturating_add(m.bits() as i64 - 1);
        // The exponent of the last bit kept.
        let mut q = lead.saturating_sub(p - 1).max(emin - (p - 1));
        let mut kept;
        if q > e {
            let shift = q.abs_diff(e);
            // Far below the last place (a literal such as
            // `0x1.0e-99999999f24e8`): less than half of it, and no
            // mask of that many bits is built.
            let far = shift > m.bits() + 1;
            kept = if far { BigInt::zero() } else { &m >> shift };
            let rem = if far {
                BigInt::zero()
            } else {
                &m & mask(shift)
            };
            let half = if far { BigInt::one() } else { pow2(shift - 1) };
            let above_half = !far && (rem > half || (rem == half && sticky));
            let at_half = !far && rem == half && !sticky;
            let inexact = far || !rem.is_zero() || sticky;
            let up = match rm {
                RoundingMode::Rne => above_half || (at_half && kept.is_odd()),
                RoundingMode::Rna => above_half || at_half,
                RoundingMode::Rtz => false,
                RoundingMode::Rtp => !neg && inexact,
                RoundingMode::Rtn => neg && inexact,
            };
            if up {
                kept += 1;
            }
            if kept.bits() > u64::from(sig) {
                kept >>= 1;
                q += 1;
            }
        } else {
            kept = m << (e - q) as u64;
        }
        if kept.is_zero() {
            return Fp::zero(sig, exp, neg);
        }
        let hidden = pow2(u64::from(sig - 1));
        if kept < hidden {
            return Fp::from_fields(sig, exp, neg, BigInt::zero(), kept);
        }
        let biased = q.saturating_add(p - 1).saturating_add(bias);
        if biased >= (1i64 << exp) - 1 || biased < 0 {
            // Overflow: infinity, or the largest finite number for the
            // modes that round toward zero on this side.
            let to_max = match rm {
                RoundingMode::Rne | RoundingMode::Rna => false,
                RoundingMode::Rtz => true,
                RoundingMode::Rtp => neg,
                RoundingMode::Rtn => !neg,
            };
            if to_max {
                return Fp::from_fields(
                    sig,
                    exp,
                    neg,
                    mask(u64::from(exp)) - 1,
                    mask(u64::from(sig - 1)),
                );
            }
            return Fp::infinity(sig, exp, neg);
        }
        Fp::from_fields(sig, exp, neg, BigInt::from(biased), kept - hidden)
    }

    /// An exact rational rounded to the format (`(_ to_fp e s) rm r`).
    pub fn from_rational(sig: u32, exp: u32, rm: RoundingMode, r: &BigRational) -> Fp {
        if r.is_zero() {
            return Fp::zero(sig, exp, false);
        }
        let neg = r.is_negative();
        let (n, d) = (r.numer().abs(), r.denom().clone());
        // n / d = (n << k) / d * 2^-k, with a quotient of at least sig + 2 bits.
        let k = (i64::from(sig) + 2 + d.bits() as i64 - n.bits() as i64).max(0) as u64;
        let (quot, rem) = (n << k).div_rem(&d);
        Fp::round(sig, exp, neg, quot, -(k as i64), !rem.is_zero(), rm)
    }

    /// An integer rounded to the format.
    pub fn from_int(sig: u32, exp: u32, rm: RoundingMode, n: &BigInt) -> Fp {
        Fp::from_rational(sig, exp, rm, &BigRational::from_integer(n.clone()))
    }

    /// This value in another format (`(_ to_fp e s) rm x` on a float).
    pub fn convert(&self, sig: u32, exp: u32, rm: RoundingMode) -> Fp {
        match self.class() {
            Class::Nan => Fp::nan(sig, exp),
            Class::Inf(n) => Fp::infinity(sig, exp, n),
            Class::Zero(n) => Fp::zero(sig, exp, n),
            Class::Finite { neg, m, e } => Fp::round(sig, exp, neg, m, e, false, rm),
        }
    }

    pub fn neg(&self) -> Fp {
        if self.is_nan() {
            return self.clone();
        }
        Fp {
            sig: self.sig,
            exp: self.exp,
            bits: &self.bits ^ pow2(u64::from(self.sig + self.exp - 1)),
        }
    }

    pub fn abs(&self) -> Fp {
        if self.sign_bit() && !self.is_nan() {
            self.neg()
        } else {
            self.clone()
        }
    }

    pub fn add(&self, other: &Fp, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        match (self.class(), other.class()) {
            (Class::Nan, _) | (_, Class::Nan) => Fp::nan(sig, exp),
            (Class::Inf(a), Class::Inf(b)) if a != b => Fp::nan(sig, exp),
            (Class::Inf(a), _) | (_, Class::Inf(a)) => Fp::infinity(sig, exp, a),
            (Class::Zero(a), Class::Zero(b)) => {
                Fp::zero(sig, exp, if a == b { a } else { rm == RoundingMode::Rtn })
            }
            (Class::Zero(_), _) => other.clone(),
            (_, Class::Zero(_)) => self.clone(),
            (
                Class::Finite {
                    neg: na,
                    m: ma,
                    e: ea,
                },
                Class::Finite {
                    neg: nb,
                    m: mb,
                    e: eb,
                },
            ) => exact_sum(sig, exp, rm, (na, ma, ea), (nb, mb, eb)),
        }
    }

    pub fn sub(&self, other: &Fp, rm: RoundingMode) -> Fp {
        self.add(&other.neg(), rm)
    }

    pub fn mul(&self, other: &Fp, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        let neg = self.sign_bit() != other.sign_bit();
        match (self.class(), other.class()) {
            (Class::Nan, _) | (_, Class::Nan) => Fp::nan(sig, exp),
            (Class::Inf(_), Class::Zero(_)) | (Class::Zero(_), Class::Inf(_)) => Fp::nan(sig, exp),
            (Class::Inf(_), _) | (_, Class::Inf(_)) => Fp::infinity(sig, exp, neg),
            (Class::Zero(_), _) | (_, Class::Zero(_)) => Fp::zero(sig, exp, neg),
            (Class::Finite { m: ma, e: ea, .. }, Class::Finite { m: mb, e: eb, .. }) => {
                Fp::round(sig, exp, neg, ma * mb, ea + eb, false, rm)
            }
        }
    }

    pub fn div(&self, other: &Fp, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        let neg = self.sign_bit() != other.sign_bit();
        match (self.class(), other.class()) {
            (Class::Nan, _) | (_, Class::Nan) => Fp::nan(sig, exp),
            (Class::Inf(_), Class::Inf(_)) | (Class::Zero(_), Class::Zero(_)) => Fp::nan(sig, exp),
            (Class::Inf(_), _) | (_, Class::Zero(_)) => Fp::infinity(sig, exp, neg),
            (Class::Zero(_), _) | (_, Class::Inf(_)) => Fp::zero(sig, exp, neg),
            (Class::Finite { m: ma, e: ea, .. }, Class::Finite { m: mb, e: eb, .. }) => {
                let k = (i64::from(sig) + 2 + mb.bits() as i64 - ma.bits() as i64).max(0) as u64;
                let (quot, rem) = (ma << k).div_rem(&mb);
                Fp::round(sig, exp, neg, quot, ea - eb - k as i64, !rem.is_zero(), rm)
            }
        }
    }

    pub fn sqrt(&self, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        match self.class() {
            Class::Nan | Class::Inf(true) | Class::Finite { neg: true, .. } => Fp::nan(sig, exp),
            Class::Inf(false) | Class::Zero(_) => self.clone(),
            Class::Finite { m, e, .. } => {
                // m * 2^e = (m << k) * 2^(e - k), e - k even, m << k of at
                // least 2 (sig + 2) bits.
                let mut k = (2 * (i64::from(sig) + 2) - m.bits() as i64).max(0);
                if (e - k).rem_euclid(2) != 0 {
                    k += 1;
                }
                let n = m << k as u64;
                let root = n.sqrt();
                let sticky = &root * &root != n;
                Fp::round(sig, exp, false, root, (e - k) / 2, sticky, rm)
            }
        }
    }

    /// `fp.fma rm x y z`: `x * y + z` rounded once.
    pub fn fma(&self, y: &Fp, z: &Fp, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        let pneg = self.sign_bit() != y.sign_bit();
        let product = match (self.class(), y.class()) {
            (Class::Nan, _) | (_, Class::Nan) => return Fp::nan(sig, exp),
            (Class::Inf(_), Class::Zero(_)) | (Class::Zero(_), Class::Inf(_)) => {
                return Fp::nan(sig, exp)
            }
            (Class::Inf(_), _) | (_, Class::Inf(_)) => Class::Inf(pneg),
            (Class::Zero(_), _) | (_, Class::Zero(_)) => Class::Zero(pneg),
            (Class::Finite { m: ma, e: ea, .. }, Class::Finite { m: mb, e: eb, .. }) => {
                Class::Finite {
                    neg: pneg,
                    m: ma * mb,
                    e: ea + eb,
                }
            }
        };
        match (product, z.class()) {
            (_, Class::Nan) => Fp::nan(sig, exp),
            (Class::Inf(a), Class::Inf(b)) if a != b => Fp::nan(sig, exp),
            (Class::Inf(a), _) | (_, Class::Inf(a)) => Fp::infinity(sig, exp, a),
            (Class::Zero(a), Class::Zero(b)) => {
                Fp::zero(sig, exp, if a == b { a } else { rm == RoundingMode::Rtn })
            }
            (Class::Zero(_), _) => z.clone(),
            (Class::Finite { neg, m, e }, Class::Zero(_)) => {
                Fp::round(sig, exp, neg, m, e, false, rm)
            }
            (
                Class::Finite { neg, m, e },
                Class::Finite {
                    neg: nz,
                    m: mz,
                    e: ez,
                },
            ) => exact_sum(sig, exp, rm, (neg, m, e), (nz, mz, ez)),
            (Class::Nan, _) => Fp::nan(sig, exp),
        }
    }

    /// `fp.rem x y`: `x - y * n`, `n` the integer nearest `x / y` (ties to
    /// even); `None` when the operands' magnitudes are too far apart to
    /// compute it exactly here.
    pub fn rem(&self, other: &Fp) -> Option<Fp> {
        let (sig, exp) = (self.sig, self.exp);
        Some(match (self.class(), other.class()) {
            (Class::Nan, _) | (_, Class::Nan) | (Class::Inf(_), _) | (_, Class::Zero(_)) => {
                Fp::nan(sig, exp)
            }
            (_, Class::Inf(_)) | (Class::Zero(_), _) => self.clone(),
            (Class::Finite { neg, m: ma, e: ea }, Class::Finite { m: mb, e: eb, .. }) => {
                let low = ea.min(eb);
                if (ea - low) as u64 > MAX_EXACT_BITS || (eb - low) as u64 > MAX_EXACT_BITS {
                    return None;
                }
                let x = ma << (ea - low) as u64;
                let y = mb << (eb - low) as u64;
                let (mut n, r) = x.div_rem(&y);
                let twice = &r * 2;
                if twice > y || (twice == y && n.is_odd()) {
                    n += 1;
                }
                let r = x - n * &y;
                if r.is_zero() {
                    Fp::zero(sig, exp, neg)
                } else {
                    let rneg = neg != r.is_negative();
                    Fp::round(sig, exp, rneg, r.abs(), low, false, RoundingMode::Rne)
                }
            }
        })
    }

    /// `fp.roundToIntegral rm x`.
    pub fn round_to_integral(&self, rm: RoundingMode) -> Fp {
        let (sig, exp) = (self.sig, self.exp);
        match self.class() {
            Class::Finite { neg, m, e } if e < 0 => {
                let n = round_integer(neg, &m, e, rm);
                if n.is_zero() {
                    Fp::zero(sig, exp, neg)
                } else {
                    Fp::round(sig, exp, neg, n, 0, false, rm)
                }
            }
            _ => self.clone(),
        }
    }

    /// The integer `rm` rounds a finite value to (`None` for infinities
    /// and NaN).
    pub fn to_integer(&self, rm: RoundingMode) -> Option<BigInt> {
        match self.class() {
            Class::Zero(_) => Some(BigInt::zero()),
            Class::Finite { neg, m, e } => {
                let n = if e >= 0 {
                    if e as u64 > MAX_EXACT_BITS {
                        return None;
                    }
                    m << e as u64
                } else {
                    round_integer(neg, &m, e, rm)
                };
                Some(if neg { -n } else { n })
            }
            _ => None,
        }
    }

    /// `fp.leq`, ... : the order of the reals, NaN unordered, `-0 = +0`.
    pub fn compare(&self, other: &Fp) -> Option<std::cmp::Ordering> {
        if self.is_nan() || other.is_nan() {
            return None;
        }
        let key = |f: &Fp| match f.class() {
            Class::Inf(n) => (if n { -1 } else { 1 }, None),
            _ => (0, f.order_key()),
        };
        let (a, b) = (key(self), key(other));
        Some(a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)))
    }

    /// A key that orders finite values as the reals do, without building
    /// huge rationals: the sign, then the magnitude (the leading bit's
    /// exponent, then the significand), reversed for negatives.
    fn order_key(&self) -> Option<(i8, i64, BigInt)> {
        match self.class() {
            Class::Zero(_) => Some((0, 0, BigInt::zero())),
            Class::Finite { neg, m, e } => {
                // Normalise m to exactly sig bits so that (lead, m) orders
                // magnitudes.
                let shift = i64::from(self.sig) - m.bits() as i64;
                let m = m << shift.max(0) as u64;
                let lead = e - shift + i64::from(self.sig) - 1;
                if neg {
                    Some((-1, -lead, -m))
                } else {
                    Some((1, lead, m))
                }
            }
            _ => None,
        }
    }

    /// `fp.eq`: IEEE equality (NaN equals nothing, `-0` equals `+0`).
    pub fn fp_eq(&self, other: &Fp) -> bool {
        self.compare(other) == Some(std::cmp::Ordering::Equal)
    }

    /// `fp.min`/`fp.max` where SMT-LIB specifies them: `None` for a `-0`
    /// and a `+0`, which either may be.
    pub fn min_max(&self, other: &Fp, max: bool) -> Option<Fp> {
        if self.is_nan() {
            return Some(other.clone());
        }
        if other.is_nan() {
            return Some(self.clone());
        }
        if self.is_zero() && other.is_zero() && self != other {
            return None;
        }
        let less = self.compare(other) == Some(std::cmp::Ordering::Less);
        Some(if less != max {
            self.clone()
        } else {
            other.clone()
        })
    }

    /// `((_ to_fp e s) bv)`: the bits of a bit-vector of `sig + exp` bits
    /// read as a float.
    pub fn from_bv_bits(sig: u32, exp: u32, bits: &BigInt) -> Fp {
        Fp::from_bits(sig, exp, bits.clone())
    }

    /// Boogie's literal syntax: `0x1.8e1f24e8` (a hexadecimal significand
    /// and an exponent of 16), `-0x0.0e0f24e8`, `0NaN24e8`, `0+oo24e8`.
    pub fn boogie_text(&self) -> String {
        let (sig, exp) = (self.sig, self.exp);
        match self.class() {
            Class::Nan => format!("0NaN{sig}e{exp}"),
            Class::Inf(n) => format!("0{}oo{sig}e{exp}", if n { "-" } else { "+" }),
            Class::Zero(n) => format!("{}0x0.0e0f{sig}e{exp}", if n { "-" } else { "" }),
            Class::Finite { neg, m, e } => {
                let tz = m.trailing_zeros().unwrap_or(0);
                let m = m >> tz;
                let e = e + tz as i64;
                let lead = e + m.bits() as i64 - 1;
                let h = lead.div_euclid(4);
                let s = e - 4 * h;
                let (int, frac) = if s >= 0 {
                    (m << s as u64, String::from("0"))
                } else {
                    let k = ((-s + 3) / 4) * 4;
                    let big = m << (k + s) as u64;
                    let int = &big >> k as u64;
                    let frac = &big & mask(k as u64);
                    let digits = format!("{:0width$X}", frac, width = (k / 4) as usize);
                    let trimmed = digits.trim_end_matches('0');
                    (
                        int,
                        if trimmed.is_empty() {
                            "0".to_string()
                        } else {
                            trimmed.to_string()
                        },
                    )
                };
                format!(
                    "{}0x{:X}.{frac}e{h}f{sig}e{exp}",
                    if neg { "-" } else { "" },
                    int
                )
            }
        }
    }

    /// The SMT-LIB term: `(fp #b0 #b10000000 #b000...)`, `(_ +oo 8 24)`,
    /// `(_ NaN 8 24)`, `(_ +zero 8 24)`.
    pub fn smt_text(&self) -> String {
        let (sig, exp) = (self.sig, self.exp);
        match self.class() {
            Class::Nan => format!("(_ NaN {exp} {sig})"),
            Class::Inf(n) => format!("(_ {}oo {exp} {sig})", if n { "-" } else { "+" }),
            Class::Zero(n) => format!("(_ {}zero {exp} {sig})", if n { "-" } else { "+" }),
            Class::Finite { .. } => format!(
                "(fp #b{} #b{:0ew$b} #b{:0sw$b})",
                u8::from(self.sign_bit()),
                self.biased(),
                self.frac(),
                ew = exp as usize,
                sw = (sig - 1) as usize
            ),
        }
    }

    /// Reads a Boogie floating-point literal with Boogie's strict rules
    /// (`BigFloat.TryParseExact`): a hexadecimal literal must be
    /// representable (no bits below the significand, no overflow to
    /// infinity), except that one below the normal range may round onto a
    /// nonzero subnormal number. `Err` says why it is not a literal.
    pub fn parse_boogie(text: &str) -> Result<Fp, String> {
        let bad = || "incorrectly formatted floating point".to_string();
        let (body, exp_str) = text.rsplit_once('e').ok_or_else(bad)?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(exp_str) {
            return Err(bad());
        }
        let special = ["NaN", "nan", "+oo", "-oo"].iter().find_map(|k| {
            body.strip_prefix('0')
                .and_then(|r| r.strip_prefix(k))
                .map(|r| (*k, r))
        });
        let (sig_str, hex) = match special {
            Some((_, r)) => (r, None),
            None => {
                let (h, s) = body.rsplit_once('f').ok_or_else(bad)?;
                (s, Some(h))
            }
        };
        if !digits(sig_str) {
            return Err(bad());
        }
        let sig: u32 = sig_str.parse().map_err(|_| bad())?;
        let exp: u32 = exp_str.parse().map_err(|_| bad())?;
        if sig < 2 || exp < 2 {
            return Err(bad());
        }
        format_ok(sig, exp)?;
        let Some(hex) = hex else {
            let (kind, _) = special.ok_or_else(bad)?;
            return Ok(match kind {
                "+oo" => Fp::infinity(sig, exp, false),
                "-oo" => Fp::infinity(sig, exp, true),
                _ => Fp::nan(sig, exp),
            });
        };
        let (neg, hex) = match hex.strip_prefix('-') {
            Some(h) => (true, h),
            None => (false, hex),
        };
        let hex = hex.strip_prefix("0x").ok_or_else(bad)?;
        let (mantissa, dec_exp) = hex.rsplit_once('e').ok_or_else(bad)?;
        let (int_part, frac_part) = mantissa.split_once('.').ok_or_else(bad)?;
        let hexdigits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit());
        let dec_ok = {
            let d = dec_exp.strip_prefix('-').unwrap_or(dec_exp);
            digits(d)
        };
        if !hexdigits(int_part) || !hexdigits(frac_part) || !dec_ok {
            return Err(bad());
        }
        let dec_exp: i64 = dec_exp.parse().map_err(|_| bad())?;
        let m =
            BigInt::parse_bytes(format!("{int_part}{frac_part}").as_bytes(), 16).ok_or_else(bad)?;
        if m.is_zero() {
            return Ok(Fp::zero(sig, exp, neg));
        }
        let e = dec_exp
            .checked_mul(4)
            .and_then(|x| x.checked_sub(4 * frac_part.len() as i64))
            .ok_or_else(bad)?;
        let probe = Fp::zero(sig, exp, false);
        let lead = e.checked_add(m.bits() as i64 - 1).ok_or_else(bad)?;
        if lead > probe.bias() {
            return Err(bad());
        }
        let result = Fp::round(sig, exp, neg, m.clone(), e, false, RoundingMode::Rne);
        if lead < probe.emin() {
            // Below the normal range: it must land on a nonzero subnormal.
            return if result.is_subnormal() {
                Ok(result)
            } else {
                Err(bad())
            };
        }
        // Normal: no bits below the significand.
        let below = m.bits() as i64 - i64::from(sig);
        if below > 0 && !(&m & mask(below as u64)).is_zero() {
            return Err(bad());
        }
        if result.is_infinite() {
            return Err(bad());
        }
        Ok(result)
    }
}

/// An operator of the theory `FloatingPoint` as bicd reads a builtin's
/// text: the core (`fp.add`, `(_ to_fp 8 24)`), the rounding mode the
/// text names, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloatBuiltin {
    pub core: String,
    pub rounding: Option<RoundingMode>,
}

impl FloatBuiltin {
    /// The text as the solver reads it (a rounding mode by its short name).
    pub fn text(&self) -> String {
        match self.rounding {
            Some(m) => format!("{} {}", self.core, m.name()),
            None => self.core.clone(),
        }
    }

    /// Reads `text` if it names an operator of the theory (`None` for
    /// other builtins).
    pub fn read(text: &str) -> Option<FloatBuiltin> {
        let t = text.trim();
        let (core, rest) = if let Some(inner) = t.strip_prefix("(_") {
            let close = inner.find(')')?;
            let words: Vec<&str> = inner[..close].split_whitespace().collect();
            match words.first() {
                Some(&("to_fp" | "to_fp_unsigned" | "fp.to_ubv" | "fp.to_sbv")) => {}
                _ => return None,
            }
            (format!("(_ {})", words.join(" ")), &inner[close + 1..])
        } else {
            let word = t.split_whitespace().next()?;
            if !word.starts_with("fp.") {
                return None;
            }
            (word.to_string(), &t[word.len()..])
        };
        let rest: Vec<&str> = rest.split_whitespace().collect();
        let rounding = match rest.as_slice() {
            [] => None,
            [m] => RoundingMode::from_name(m),
            _ => None,
        };
        if !rest.is_empty() && rounding.is_none() {
            // Something bicd does not read after the operator: keep it
            // whole, so that the signature check refuses it.
            return Some(FloatBuiltin {
                core: t.to_string(),
                rounding: None,
            });
        }
        Some(FloatBuiltin { core, rounding })
    }

    /// The indices of an indexed core: `(_ to_fp 8 24)` gives `[8, 24]`.
    pub fn indices(&self) -> Option<(String, Vec<u32>)> {
        let inner = self.core.strip_prefix("(_ ")?.strip_suffix(')')?;
        let mut words = inner.split_whitespace();
        let op = words.next()?.to_string();
        let ix: Option<Vec<u32>> = words.map(|w| w.parse().ok()).collect();
        Some((op, ix?))
    }

    /// Whether the core takes a rounding mode (as its first argument in
    /// SMT-LIB).
    pub fn takes_rounding(&self, args: &[crate::ir::Type]) -> bool {
        match self.indices() {
            Some((op, _)) if op == "to_fp" => {
                // `((_ to_fp e s) bv)` reinterprets bits: no rounding mode.
                !(self.rounding.is_none()
                    && args.len() == 1
                    && matches!(args[0], crate::ir::Type::Bv(_)))
            }
            Some(_) => true,
            None => matches!(
                self.core.as_str(),
                "fp.add"
                    | "fp.sub"
                    | "fp.mul"
                    | "fp.div"
                    | "fp.fma"
                    | "fp.sqrt"
                    | "fp.roundToIntegral"
            ),
        }
    }
}

impl fmt::Display for Fp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.boogie_text())
    }
}

/// `m * 2^e` (`e < 0`) rounded to an integer by `rm`, its sign `neg`
/// (the magnitude is returned).
fn round_integer(neg: bool, m: &BigInt, e: i64, rm: RoundingMode) -> BigInt {
    let shift = e.unsigned_abs();
    if shift > m.bits() + 1 {
        // Below a half: only the directed modes move it.
        let up = match rm {
            RoundingMode::Rtp => !neg,
            RoundingMode::Rtn => neg,
            _ => false,
        };
        return BigInt::from(u8::from(up));
    }
    let kept = m >> shift;
    let rem = m & mask(shift);
    let half = pow2(shift - 1);
    let up = match rm {
        RoundingMode::Rne => rem > half || (rem == half && kept.is_odd()),
        RoundingMode::Rna => rem >= half,
        RoundingMode::Rtz => false,
        RoundingMode::Rtp => !neg && !rem.is_zero(),
        RoundingMode::Rtn => neg && !rem.is_zero(),
    };
    if up {
        kept + 1
    } else {
        kept
    }
}

/// The exact sum of two nonzero finite values rounded once. When one is
/// so much smaller that it lies below a quarter of the result's last
/// place and below the other's last bit, it is replaced by another such
/// value of its sign (the rounding is the same: the sum stays on the same
/// side of every rounding boundary), so that no sum needs more bits than
/// a few significands.
fn exact_sum(
    sig: u32,
    exp: u32,
    rm: RoundingMode,
    a: (bool, BigInt, i64),
    b: (bool, BigInt, i64),
) -> Fp {
    let lead = |x: &(bool, BigInt, i64)| x.2 + x.1.bits() as i64 - 1;
    let (mut big, mut small) = (a, b);
    if lead(&small) > lead(&big) {
        std::mem::swap(&mut big, &mut small);
    }
    // Below both the big operand's last bit (an fma's product has more
    // bits than the format) and a quarter of the result's last place.
    let limit = big.2.min(lead(&big) - i64::from(sig) - 3);
    if lead(&small) < limit - 1 {
        small = (small.0, BigInt::one(), limit - 1);
    }
    let low = big.2.min(small.2);
    let signed = |x: &(bool, BigInt, i64)| {
        let v = &x.1 << (x.2 - low) as u64;
        if x.0 {
            -v
        } else {
            v
        }
    };
    let sum = signed(&big) + signed(&small);
    if sum.is_zero() {
        return Fp::zero(sig, exp, rm == RoundingMode::Rtn);
    }
    let neg = sum.sign() == Sign::Minus;
    Fp::round(sig, exp, neg, sum.abs(), low, false, rm)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32v(x: f32) -> Fp {
        Fp::from_bits(24, 8, BigInt::from(x.to_bits()))
    }

    fn f64v(x: f64) -> Fp {
        Fp::from_bits(53, 11, BigInt::from(x.to_bits()))
    }

    fn back32(f: &Fp) -> f32 {
        f32::from_bits(u32::try_from(&f.bits).unwrap())
    }

    fn back64(f: &Fp) -> f64 {
        f64::from_bits(u64::try_from(&f.bits).unwrap())
    }

    /// Interesting f32 values: zeros, subnormals, normals near the
    /// limits, infinities, NaN, and a spread of ordinary ones.
    fn samples32() -> Vec<f32> {
        let mut v = vec![
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::from_bits(0x8000_0001),
            f32::from_bits(0x007f_ffff),
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            1.0,
            -1.0,
            0.1,
            3.0,
            1.0e-38,
            16_777_217.0,
            0.5,
            2.5,
            -2.5,
            1.5,
            1e30,
            -7.25,
        ];
        let mut x: u32 = 0x1234_5678;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            v.push(f32::from_bits(x));
        }
        v
    }

    fn same32(f: &Fp, x: f32) -> bool {
        if x.is_nan() {
            f.is_nan()
        } else {
            back32(f).to_bits() == x.to_bits()
        }
    }

    #[test]
    fn arithmetic_agrees_with_f32_and_f64_bit_for_bit() {
        let s = samples32();
        for &a in &s {
            for &b in s.iter().step_by(3) {
                let (x, y) = (f32v(a), f32v(b));
                let rne = RoundingMode::Rne;
                assert!(same32(&x.add(&y, rne), a + b), "{a:e} + {b:e}");
                assert!(same32(&x.sub(&y, rne), a - b), "{a:e} - {b:e}");
                assert!(same32(&x.mul(&y, rne), a * b), "{a:e} * {b:e}");
                assert!(same32(&x.div(&y, rne), a / b), "{a:e} / {b:e}");
                assert!(
                    same32(&x.fma(&y, &f32v(0.1), rne), a.mul_add(b, 0.1)),
                    "fma {a:e} {b:e}"
                );
                assert_eq!(x.compare(&y), a.partial_cmp(&b), "{a:e} <=> {b:e}");
                // Through f64 and back: to_fp of a wider format.
                let wide = f64v(f64::from(a)).convert(24, 8, rne);
                assert!(same32(&wide, a));
            }
            assert!(
                same32(&f32v(a).sqrt(RoundingMode::Rne), a.sqrt()),
                "sqrt {a:e}"
            );
            assert!(
                same32(&f32v(a).round_to_integral(RoundingMode::Rtz), a.trunc()),
                "trunc {a:e}"
            );
            assert!(
                same32(&f32v(a).round_to_integral(RoundingMode::Rtn), a.floor()),
                "floor {a:e}"
            );
            assert!(
                same32(&f32v(a).round_to_integral(RoundingMode::Rtp), a.ceil()),
                "ceil {a:e}"
            );
            assert!(
                same32(&f32v(a).round_to_integral(RoundingMode::Rna), a.round()),
                "round {a:e}"
            );
            // f64 -> f32 rounding (`as` rounds to nearest even).
            let d = f64::from(a) * 1.000_000_1;
            assert!(
                same32(&f64v(d).convert(24, 8, RoundingMode::Rne), d as f32),
                "{d:e}"
            );
            // A rational gives the same float as the f32 it is (zero is
            // +0: a real has no sign).
            if a.is_finite() && a != 0.0 {
                let r = f32v(a).to_rational().unwrap();
                assert!(same32(&Fp::from_rational(24, 8, RoundingMode::Rne, &r), a));
            }
        }
        let d = [0.1f64, 1.0 / 3.0, 1e308, 5e-324, -2.5e-310, 123456.789];
        for &a in &d {
            for &b in &d {
                let rne = RoundingMode::Rne;
                assert_eq!(back64(&f64v(a).add(&f64v(b), rne)), a + b);
                assert_eq!(back64(&f64v(a).mul(&f64v(b), rne)), a * b);
                assert_eq!(back64(&f64v(a).div(&f64v(b), rne)), a / b);
            }
        }
    }

    #[test]
    fn zeros_nan_and_directed_rounding() {
        let rne = RoundingMode::Rne;
        let one = f32v(1.0);
        // x - x is +0, but -0 under RTN.
        assert_eq!(one.sub(&one, rne), f32v(0.0));
        assert_eq!(one.sub(&one, RoundingMode::Rtn), f32v(-0.0));
        assert_ne!(f32v(0.0), f32v(-0.0));
        assert!(f32v(0.0).fp_eq(&f32v(-0.0)));
        let nan = Fp::nan(24, 8);
        assert_eq!(nan, f32v(f32::NAN));
        assert!(!nan.fp_eq(&nan));
        // 1 + 2^-24 (a tie): even down, away up; RTP up, RTZ down.
        let tiny = f32v(f32::EPSILON / 2.0);
        assert_eq!(back32(&one.add(&tiny, rne)), 1.0);
        assert_eq!(
            back32(&one.add(&tiny, RoundingMode::Rna)),
            1.0 + f32::EPSILON
        );
        assert_eq!(
            back32(&one.add(&tiny, RoundingMode::Rtp)),
            1.0 + f32::EPSILON
        );
        assert_eq!(back32(&one.add(&tiny, RoundingMode::Rtz)), 1.0);
        // Overflow: to infinity or to the largest finite.
        let max = f32v(f32::MAX);
        assert_eq!(back32(&max.add(&max, rne)), f32::INFINITY);
        assert_eq!(back32(&max.add(&max, RoundingMode::Rtz)), f32::MAX);
        assert_eq!(
            back32(&max.neg().add(&max.neg(), RoundingMode::Rtp)),
            f32::MIN
        );
        // A huge and a tiny operand (the sum's replaced operand).
        let t = f32v(f32::from_bits(1));
        assert_eq!(back32(&one.add(&t, RoundingMode::Rtp)), 1.0 + f32::EPSILON);
        assert_eq!(
            back32(&one.sub(&t, RoundingMode::Rtz)),
            1.0 - f32::EPSILON / 2.0
        );
        assert_eq!(back32(&one.sub(&t, rne)), 1.0);
        // Remainder.
        assert_eq!(back32(&f32v(5.0).rem(&f32v(3.0)).unwrap()), -1.0);
        assert_eq!(back32(&f32v(7.0).rem(&f32v(2.0)).unwrap()), -1.0);
        assert_eq!(
            back32(&f32v(-4.0).rem(&f32v(2.0)).unwrap()).to_bits(),
            (-0.0f32).to_bits()
        );
        // min/max of the two zeros is left open.
        assert_eq!(f32v(0.0).min_max(&f32v(-0.0), false), None);
        assert_eq!(f32v(1.0).min_max(&nan, true), Some(f32v(1.0)));
        // to_sbv's integers.
        let x = f64v(-2.5);
        assert_eq!(x.to_integer(rne), Some(BigInt::from(-2)));
        assert_eq!(x.to_integer(RoundingMode::Rna), Some(BigInt::from(-3)));
        assert_eq!(x.to_integer(RoundingMode::Rtp), Some(BigInt::from(-2)));
        assert_eq!(x.to_integer(RoundingMode::Rtn), Some(BigInt::from(-3)));
    }

    #[test]
    fn boogie_literals_read_and_print() {
        let p = |s: &str| Fp::parse_boogie(s);
        assert_eq!(back32(&p("0x1.0e0f24e8").unwrap()), 1.0);
        assert_eq!(back32(&p("0x1.8e1f24e8").unwrap()), 24.0);
        assert_eq!(back32(&p("0x2.4e0f24e8").unwrap()), 2.25);
        assert_eq!(back32(&p("-0x0.8e0f24e8").unwrap()), -0.5);
        assert_eq!(back32(&p("0x1.8e-6f24e8").unwrap()), 1.5 * 16f32.powi(-6));
        assert_eq!(back64(&p("0x3.2e1f53e11").unwrap()), 50.0);
        assert_eq!(back64(&p("0x1.fd70a3d70a3d7e0f53e11").unwrap()), 1.99);
        assert_eq!(p("-0x0.0e0f24e8").unwrap(), f32v(-0.0));
        assert_eq!(p("0NaN24e8").unwrap(), Fp::nan(24, 8));
        assert_eq!(p("0nan53e11").unwrap(), Fp::nan(53, 11));
        assert_eq!(back32(&p("0+oo24e8").unwrap()), f32::INFINITY);
        assert_eq!(back32(&p("0-oo24e8").unwrap()), f32::NEG_INFINITY);
        // Boogie's ConstSyntax3.bpl and SpecialValues.bpl: the errors.
        for bad in [
            "0x0.0e0f2e1",
            "0x0.0e0f1e2",
            "0x0.000004e-32f24e8",
            "0x1.0e32f24e8",
            "0x1.ffffffe0f24e8",
            "-0x1.ffffffe0f24e8",
            "0x0.0000000000002e-256f53e11",
            "0x1.0e256f53e11",
            "0x3.fffffffffffffe0f53e11",
            "-0x5.0e32f24e8",
            "0+zero53e11",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
        for good in [
            "0x0.0e0f2e2",
            "0x0.000008e-32f24e8",
            "0x0.8e32f24e8",
            "0x0.ffffffe0f24e8",
            "0x0.0000000000004e-256f53e11",
            "0x0.8e256f53e11",
            "0x1.fffffffffffffe0f53e11",
            "0x1.0e536870911f24e32",
            "0x1.0e-536870911f24e32",
        ] {
            assert!(p(good).is_ok(), "{good}");
        }
        // Printing reads back to the same value.
        for &a in &samples32() {
            let f = f32v(a);
            let text = f.boogie_text();
            assert_eq!(p(&text).unwrap(), f, "{text}");
        }
        // Far outside the format: errors, without huge numbers.
        assert!(p("0x1.0e-999999999999999f24e8").is_err());
        assert!(p("0x1.0e999999999999999f24e8").is_err());
        assert!(p("0x1.0e-9999999999999999999f24e8").is_err());
        assert_eq!(f32v(24.0).boogie_text(), "0x1.8e1f24e8");
        assert_eq!(f32v(2.0).boogie_text(), "0x2.0e0f24e8");
        assert_eq!(f32v(-0.0).boogie_text(), "-0x0.0e0f24e8");
        assert_eq!(
            f32v(1.0).smt_text(),
            "(fp #b0 #b01111111 #b00000000000000000000000)"
        );
        assert_eq!(Fp::nan(24, 8).smt_text(), "(_ NaN 8 24)");
    }
}
