//! Natural readings of the uninterpreted functions that axioms
//! constrain, for the values runs near a test give them.
//!
//! Takes: the [`Program`], the entry (whose `requires` that read only
//! constants are the axioms) and the functions a run may give values no
//! axiom forces ([`super::generate`]'s axiom functions). Gives:
//! [`natural_interpretations`], per such function of integers and
//! booleans the first operation of a small library (bitwise and, or, not,
//! a power of two, sums, comparisons, ...) that the axioms'
//! instances at small sample points do not contradict, jointly with the
//! other functions' readings, where the axioms rule out at least one
//! other operation.
//!
//! Why: Static Driver Verifier's harnesses declare `BAND`, `BOR`, `BNOT`
//! and `POW2` uninterpreted, with axioms that hold of bitwise and, or,
//! not and of the powers of two (`BOR(0, f) == f`, `BAND(BOR(x, f), f) ==
//! f`, ...). A run near a test that builds a flag word `BOR(BOR(1, 2), 4)`
//! at arguments its base gives no value for drew small values (0, 1, -1),
//! which the axioms refute: z3's check (design.md, "Trust") dropped 54 of
//! 57 such runs on one harness. The reading is only where a value comes
//! from: the check still decides whether a run's values agree with the
//! axioms, and no verdict rests on it.

use crate::ir::testcase::Value;
use crate::ir::{BinOp, Expr, ExprKind, ProcId, Program, Type, UnOp};
use num_traits::ToPrimitive;
use std::collections::{HashMap, HashSet};

/// An operation a function of integers and booleans may be read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Interpretation {
    BitAnd,
    BitOr,
    BitXor,
    Add,
    Sub,
    Mul,
    Min,
    Max,
    ShiftLeft,
    ShiftRight,
    BitNot,
    Neg,
    Identity,
    Abs,
    /// Zero or a power of two (SDV's `POW2` holds of 0).
    PowerOfTwoOrZero,
    PowerOfTwo,
    NonZero,
    Zero,
    Positive,
    NonNegative,
    Negative,
    Even,
    Lt,
    Le,
    Gt,
    Ge,
    Equal,
    NotEqual,
}

use Interpretation as I;

/// The readings of a function by its signature, the most natural first
/// (the first the axioms allow is taken).
fn library(params: &[Type], result: &Type) -> &'static [Interpretation] {
    match (params, result) {
        ([Type::Int, Type::Int], Type::Int) => &[
            I::BitAnd,
            I::BitOr,
            I::BitXor,
            I::Add,
            I::Sub,
            I::Mul,
            I::Min,
            I::Max,
            I::ShiftLeft,
            I::ShiftRight,
        ],
        ([Type::Int], Type::Int) => &[I::BitNot, I::Neg, I::Identity, I::Abs],
        ([Type::Int], Type::Bool) => &[
            I::PowerOfTwoOrZero,
            I::PowerOfTwo,
            I::NonZero,
            I::Zero,
            I::Positive,
            I::NonNegative,
            I::Negative,
            I::Even,
        ],
        ([Type::Int, Type::Int], Type::Bool) => {
            &[I::Lt, I::Le, I::Gt, I::Ge, I::Equal, I::NotEqual]
        }
        _ => &[],
    }
}

/// A value of the sampled domain: integers small enough for `i128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Small {
    Int(i128),
    Bool(bool),
}

impl Interpretation {
    /// The operation at `args`, `None` where it leaves `i128` (or shifts
    /// by more than 64 bits).
    fn apply_small(self, args: &[Small]) -> Option<Small> {
        let int = |i: usize| match args.get(i) {
            Some(Small::Int(n)) => Some(*n),
            _ => None,
        };
        let shift = |b: i128| u32::try_from(b).ok().filter(|&b| b <= 64);
        Some(match self {
            I::BitAnd => Small::Int(int(0)? & int(1)?),
            I::BitOr => Small::Int(int(0)? | int(1)?),
            I::BitXor => Small::Int(int(0)? ^ int(1)?),
            I::Add => Small::Int(int(0)?.checked_add(int(1)?)?),
            I::Sub => Small::Int(int(0)?.checked_sub(int(1)?)?),
            I::Mul => Small::Int(int(0)?.checked_mul(int(1)?)?),
            I::Min => Small::Int(int(0)?.min(int(1)?)),
            I::Max => Small::Int(int(0)?.max(int(1)?)),
            I::ShiftLeft => Small::Int(int(0)?.checked_mul(1i128 << shift(int(1)?)?)?),
            I::ShiftRight => Small::Int(int(0)? >> shift(int(1)?)?),
            I::BitNot => Small::Int(!int(0)?),
            I::Neg => Small::Int(int(0)?.checked_neg()?),
            I::Identity => Small::Int(int(0)?),
            I::Abs => Small::Int(int(0)?.checked_abs()?),
            I::PowerOfTwoOrZero => {
                let n = int(0)?;
                Small::Bool(n >= 0 && (n & (n - 1).max(0)) == 0)
            }
            I::PowerOfTwo => {
                let n = int(0)?;
                Small::Bool(n > 0 && (n & (n - 1)) == 0)
            }
            I::NonZero => Small::Bool(int(0)? != 0),
            I::Zero => Small::Bool(int(0)? == 0),
            I::Positive => Small::Bool(int(0)? > 0),
            I::NonNegative => Small::Bool(int(0)? >= 0),
            I::Negative => Small::Bool(int(0)? < 0),
            I::Even => Small::Bool(int(0)? % 2 == 0),
            I::Lt => Small::Bool(int(0)? < int(1)?),
            I::Le => Small::Bool(int(0)? <= int(1)?),
            I::Gt => Small::Bool(int(0)? > int(1)?),
            I::Ge => Small::Bool(int(0)? >= int(1)?),
            I::Equal => Small::Bool(int(0)? == int(1)?),
            I::NotEqual => Small::Bool(int(0)? != int(1)?),
        })
    }

    /// The operation at `args`; `None` where an argument or the result
    /// does not fit in `i128`.
    pub(crate) fn apply(self, args: &[Value]) -> Option<Value> {
        let small = args
            .iter()
            .map(|a| match a {
                Value::Int(n) => n.to_i128().map(Small::Int),
                Value::Bool(b) => Some(Small::Bool(*b)),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(match self.apply_small(&small)? {
            Small::Int(n) => Value::Int(n.into()),
            Small::Bool(b) => Value::Bool(b),
        })
    }
}

/// A reading of each function an axiom applies, by name.
type Readings<'a> = [(&'a str, Interpretation)];

/// The values of an axiom's bound variables, by id.
type Instance = [(usize, Small)];

/// The integers a bound variable takes in the sampled instances: small
/// ones, powers of two and not, negative ones.
const SAMPLE_INTS: [i128; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, -1, -2, -8];

/// At most this many functions in one axiom: their readings are tried
/// jointly.
const MAX_FUNCTIONS_PER_AXIOM: usize = 4;

/// At most this many instances of one axiom, over every combination of
/// readings, are evaluated (most combinations stop at their first false
/// instance; SDV's largest axiom has 2.2 million at most).
const MAX_INSTANCES_PER_AXIOM: usize = 4_000_000;

/// At most this many bound variables in one axiom (the instances are
/// every tuple of samples).
const MAX_BINDERS: usize = 3;

/// At most this many instances of the axioms are evaluated in the search
/// for one reading per function ([`choose`]); past them, no function gets
/// one.
const MAX_JOINT_INSTANCES: usize = 5_000_000;

/// An axiom as sampled: its bound variables (outermost `forall`), its
/// body, and the functions with a library it applies.
struct Sampled<'e> {
    binders: Vec<(usize, Type)>,
    body: &'e Expr,
    functions: Vec<String>,
    /// How many instances one check of it evaluates at most.
    instances: usize,
}

/// Per function of `functions` (uninterpreted, of integers and booleans)
/// that the axioms of `entry` constrain: the first reading of its
/// [`library`] that, with one reading for each other such function, no
/// instance of an axiom at [`SAMPLE_INTS`] contradicts; only where the
/// axioms rule out some reading of it.
pub(crate) fn natural_interpretations(
    program: &Program,
    entry: ProcId,
    functions: &HashSet<String>,
) -> HashMap<String, Interpretation> {
    let mut domains: HashMap<String, Vec<Interpretation>> = HashMap::new();
    let reads_only_constants = program.reads_only_constants();
    let mut axioms: Vec<Sampled<'_>> = Vec::new();
    for spec in &program.proc(entry).requires {
        if !reads_only_constants(&spec.expr) {
            continue;
        }
        let (binders, body) = match &spec.expr.kind {
            ExprKind::Quant(crate::ir::Quantifier::Forall, bs, body, _) => (
                bs.iter().map(|b| (b.id, b.ty.clone())).collect::<Vec<_>>(),
                &**body,
            ),
            _ => (Vec::new(), &*spec.expr),
        };
        if binders.len() > MAX_BINDERS
            || binders
                .iter()
                .any(|(_, ty)| !matches!(ty, Type::Int | Type::Bool))
        {
            continue;
        }
        let mut mentioned: Vec<String> = Vec::new();
        body.visit(&mut |x| {
            if let ExprKind::Apply(f, _) = &x.kind {
                let readings = library(
                    &f.params.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
                    &f.result,
                );
                if functions.contains(&f.name)
                    && f.body.is_none()
                    && f.builtin.is_none()
                    && f.captured.is_empty()
                    && !readings.is_empty()
                    && !mentioned.contains(&f.name)
                {
                    domains
                        .entry(f.name.clone())
                        .or_insert_with(|| readings.to_vec());
                    mentioned.push(f.name.clone());
                }
            }
        });
        let instances = binders.iter().fold(1usize, |n, (_, ty)| match ty {
            Type::Bool => n * 2,
            _ => n * SAMPLE_INTS.len(),
        });
        let combinations = mentioned
            .iter()
            .fold(1usize, |n, f| n * domains.get(f).map_or(1, Vec::len));
        if !mentioned.is_empty()
            && mentioned.len() <= MAX_FUNCTIONS_PER_AXIOM
            && combinations * instances <= MAX_INSTANCES_PER_AXIOM
        {
            axioms.push(Sampled {
                binders,
                body,
                functions: mentioned,
                instances,
            });
        }
    }
    let initial: HashMap<String, usize> =
        domains.iter().map(|(f, d)| (f.clone(), d.len())).collect();
    // Arc consistency: a reading stays while, for each axiom that
    // mentions its function, some readings of the others satisfy it.
    loop {
        let mut changed = false;
        for axiom in &axioms {
            let mut supported: Vec<HashSet<Interpretation>> =
                vec![HashSet::new(); axiom.functions.len()];
            for_each_combination(axiom, &domains, &mut |combination| {
                if satisfied(axiom, combination) {
                    for (i, (_, reading)) in combination.iter().enumerate() {
                        supported[i].insert(*reading);
                    }
                }
            });
            for (f, support) in axiom.functions.iter().zip(&supported) {
                let domain = domains.get_mut(f).expect("a domain per function");
                let before = domain.len();
                domain.retain(|r| support.contains(r));
                changed |= domain.len() != before;
            }
        }
        if !changed {
            break;
        }
    }
    // One reading per function, jointly: the earliest in library order
    // that every axiom allows with the others chosen so far. A function
    // no reading of which the axioms allow gets none (an axiom that
    // mentions it is never checked here), and the search stops after
    // [`MAX_JOINT_INSTANCES`] instances: with it, one such function among 66 of
    // a Storm driver's field functions (Boogie's
    // `livevars/daytona_bug2_ioctl_example_1`) made the search try every
    // reading of the functions before it in turn, past any time limit.
    let mut order: Vec<String> = domains
        .iter()
        .filter(|(_, d)| !d.is_empty())
        .map(|(f, _)| f.clone())
        .collect();
    order.sort();
    let mut chosen: HashMap<String, Interpretation> = HashMap::new();
    let mut budget = MAX_JOINT_INSTANCES;
    if !choose(&order, &domains, &axioms, &mut chosen, &mut budget) {
        return HashMap::new();
    }
    chosen.retain(|f, _| domains[f].len() < initial[f]);
    chosen
}

/// Backtracking over `order`: a reading per function such that each
/// axiom whose functions are all read is satisfied.
fn choose(
    order: &[String],
    domains: &HashMap<String, Vec<Interpretation>>,
    axioms: &[Sampled<'_>],
    chosen: &mut HashMap<String, Interpretation>,
    budget: &mut usize,
) -> bool {
    let Some((f, rest)) = order.split_first() else {
        return true;
    };
    for &reading in &domains[f] {
        chosen.insert(f.clone(), reading);
        let consistent = axioms
            .iter()
            .filter(|a| a.functions.contains(f))
            .filter(|a| a.functions.iter().all(|g| chosen.contains_key(g)))
            .all(|a| {
                *budget = budget.saturating_sub(a.instances);
                let combination: Vec<(&str, Interpretation)> = a
                    .functions
                    .iter()
                    .map(|g| (g.as_str(), chosen[g]))
                    .collect();
                satisfied(a, &combination)
            });
        if consistent && choose(rest, domains, axioms, chosen, budget) {
            return true;
        }
        chosen.remove(f);
        if *budget == 0 {
            return false;
        }
    }
    false
}

/// Calls `visit` with each combination of the current readings of the
/// axiom's functions.
fn for_each_combination(
    axiom: &Sampled<'_>,
    domains: &HashMap<String, Vec<Interpretation>>,
    visit: &mut dyn FnMut(&Readings<'_>),
) {
    fn go<'a>(
        functions: &'a [String],
        domains: &HashMap<String, Vec<Interpretation>>,
        prefix: &mut Vec<(&'a str, Interpretation)>,
        visit: &mut dyn FnMut(&Readings<'_>),
    ) {
        let Some((f, rest)) = functions.split_first() else {
            visit(prefix);
            return;
        };
        for &reading in &domains[f] {
            prefix.push((f.as_str(), reading));
            go(rest, domains, prefix, visit);
            prefix.pop();
        }
    }
    go(&axiom.functions, domains, &mut Vec::new(), visit);
}

/// No instance of `axiom` at the samples is false with these readings
/// (an instance that cannot be evaluated, as one reading a constant,
/// counts for neither).
fn satisfied(axiom: &Sampled<'_>, readings: &Readings<'_>) -> bool {
    let mut env: Vec<(usize, Small)> = Vec::new();
    fn every_instance(
        binders: &[(usize, Type)],
        env: &mut Vec<(usize, Small)>,
        holds: &mut dyn FnMut(&Instance) -> bool,
    ) -> bool {
        let Some(((id, ty), rest)) = binders.split_first() else {
            return holds(env);
        };
        let values: Vec<Small> = match ty {
            Type::Bool => vec![Small::Bool(false), Small::Bool(true)],
            _ => SAMPLE_INTS.iter().map(|&n| Small::Int(n)).collect(),
        };
        values.into_iter().all(|v| {
            env.push((*id, v));
            let ok = every_instance(rest, env, holds);
            env.pop();
            ok
        })
    }
    every_instance(&axiom.binders, &mut env, &mut |env| {
        eval(axiom.body, env, readings) != Some(Small::Bool(false))
    })
}

/// `e` at the bound variables' values `env`, its functions read as
/// `readings`; `None` where it reads anything else.
fn eval(e: &Expr, env: &Instance, readings: &Readings<'_>) -> Option<Small> {
    let int = |x: &Expr| match eval(x, env, readings)? {
        Small::Int(n) => Some(n),
        Small::Bool(_) => None,
    };
    let boolean = |x: &Expr| match eval(x, env, readings)? {
        Small::Bool(b) => Some(b),
        Small::Int(_) => None,
    };
    Some(match &e.kind {
        ExprKind::Int(n) => Small::Int(n.to_i128()?),
        ExprKind::Bool(b) => Small::Bool(*b),
        ExprKind::Bound(id) => env.iter().rev().find(|(b, _)| b == id)?.1,
        ExprKind::Apply(f, args) => {
            let (_, reading) = readings.iter().find(|(name, _)| *name == f.name)?;
            let args = args
                .iter()
                .map(|a| eval(a, env, readings))
                .collect::<Option<Vec<_>>>()?;
            reading.apply_small(&args)?
        }
        ExprKind::Unary(UnOp::Not, x) => Small::Bool(!boolean(x)?),
        ExprKind::Unary(UnOp::Neg, x) => Small::Int(int(x)?.checked_neg()?),
        ExprKind::Ite(c, t, f) => match boolean(c)? {
            true => eval(t, env, readings)?,
            false => eval(f, env, readings)?,
        },
        // `&&`, `||`, `==>`: an operand that decides the result is enough.
        ExprKind::Binary(BinOp::And, a, b) => match (boolean(a), boolean(b)) {
            (Some(false), _) | (_, Some(false)) => Small::Bool(false),
            (Some(true), Some(true)) => Small::Bool(true),
            _ => return None,
        },
        ExprKind::Binary(BinOp::Or, a, b) => match (boolean(a), boolean(b)) {
            (Some(true), _) | (_, Some(true)) => Small::Bool(true),
            (Some(false), Some(false)) => Small::Bool(false),
            _ => return None,
        },
        ExprKind::Binary(BinOp::Implies, a, b) => match (boolean(a), boolean(b)) {
            (Some(false), _) | (_, Some(true)) => Small::Bool(true),
            (Some(true), Some(false)) => Small::Bool(false),
            _ => return None,
        },
        ExprKind::Binary(BinOp::Iff, a, b) => Small::Bool(boolean(a)? == boolean(b)?),
        ExprKind::Binary(BinOp::Eq, a, b) => {
            Small::Bool(eval(a, env, readings)? == eval(b, env, readings)?)
        }
        ExprKind::Binary(BinOp::Neq, a, b) => {
            Small::Bool(eval(a, env, readings)? != eval(b, env, readings)?)
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (int(a)?, int(b)?);
            match op {
                BinOp::Add => Small::Int(a.checked_add(b)?),
                BinOp::Sub => Small::Int(a.checked_sub(b)?),
                BinOp::Mul => Small::Int(a.checked_mul(b)?),
                BinOp::Lt => Small::Bool(a < b),
                BinOp::Le => Small::Bool(a <= b),
                BinOp::Gt => Small::Bool(a > b),
                BinOp::Ge => Small::Bool(a >= b),
                _ => return None,
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    /// The readings of every uninterpreted function of `text`'s axioms
    /// (its entry `main`).
    fn readings_of(text: &str) -> HashMap<String, Interpretation> {
        let mut sources = SourceMap::new();
        let file = sources.add("natural.bpl", text);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entry = program.proc_by_name("main").expect("a main");
        let mut functions = HashSet::new();
        for spec in &program.proc(entry).requires {
            spec.expr.visit(&mut |x| {
                if let ExprKind::Apply(f, _) = &x.kind {
                    functions.insert(f.name.clone());
                }
            });
        }
        natural_interpretations(&program, entry, &functions)
    }

    /// Static Driver Verifier's prelude: bitwise operations and the
    /// powers of two, uninterpreted, with axioms that hold of them.
    const SDV_PRELUDE: &str = "function BAND(a: int, b: int) : int;
function BOR(a: int, b: int) : int;
function BNOT(a: int) : int;
function POW2(a: int) : bool;
axiom (forall x: int :: { POW2(x) } x == 0 || x == 1 || x == 2 || x == 4 || x == 8 || x == 16 ==> POW2(x));
axiom (forall f: int :: { BAND(0, f) } BAND(0, f) == 0);
axiom (forall f: int :: { BAND(f, f) } BAND(f, f) == f);
axiom (forall f: int :: { BOR(0, f) } BOR(0, f) == f);
axiom (forall f: int :: { BOR(f, 0) } BOR(f, 0) == f);
axiom (forall x: int, f: int :: { BAND(x, f) } POW2(x) && POW2(f) && x != f ==> BAND(x, f) == 0);
axiom (forall a: int, b: int, c: int :: { BOR(a, BOR(b, c)) } BOR(a, BOR(b, c)) == BOR(BOR(a, b), c));
axiom (forall x: int, f1: int, f2: int :: { BAND(BOR(x, f1), f2) } (f1 != f2 && POW2(f1) && POW2(f2) ==> BAND(BOR(x, f1), f2) == BAND(x, f2)) && (f1 == f2 ==> BAND(BOR(x, f1), f2) == f1));
axiom (forall x: int, f1: int, f2: int :: { BAND(BAND(x, BNOT(f1)), f2) } (f1 != f2 && POW2(f1) && POW2(f2) ==> BAND(BAND(x, BNOT(f1)), f2) == BAND(x, f2)) && (f1 == f2 && POW2(f1) && POW2(f2) ==> BAND(BAND(x, BNOT(f1)), f2) == 0));
procedure main() { }
";

    #[test]
    fn sdv_bit_operations_read_as_bitwise_and_or_not() {
        let readings = readings_of(SDV_PRELUDE);
        assert_eq!(readings.get("BAND"), Some(&I::BitAnd), "{readings:?}");
        assert_eq!(readings.get("BOR"), Some(&I::BitOr), "{readings:?}");
        assert_eq!(readings.get("BNOT"), Some(&I::BitNot), "{readings:?}");
        assert_eq!(
            readings.get("POW2"),
            Some(&I::PowerOfTwoOrZero),
            "{readings:?}"
        );
        let int = |n: i64| Value::Int(n.into());
        assert_eq!(I::BitOr.apply(&[int(30), int(4)]), Some(int(30)));
        assert_eq!(I::BitAnd.apply(&[int(-8192), int(8193)]), Some(int(8192)));
        assert_eq!(I::BitNot.apply(&[int(4)]), Some(int(-5)));
    }

    /// 40 functions that three readings fit (`f(0) == 0`: negation,
    /// identity, absolute value), and after them by name one that none
    /// fits. Each of the 40 gets the first of its three; the search used
    /// to try every combination of theirs before it gave up on the last.
    #[test]
    fn a_function_no_reading_fits_leaves_the_others_theirs() {
        let mut text = String::new();
        for i in 0..40 {
            text.push_str(&format!(
                "function f{i}(x: int) : int;\naxiom f{i}(0) == 0;\n"
            ));
        }
        text.push_str(
            "function z_unreadable(x: int) : int;\naxiom (forall x: int :: z_unreadable(x) == x + 7);\n",
        );
        text.push_str("procedure main() { }\n");
        let readings = readings_of(&text);
        assert_eq!(readings.get("z_unreadable"), None, "{readings:?}");
        for i in 0..40 {
            assert_eq!(readings.get(&format!("f{i}")), Some(&I::Neg), "f{i}");
        }
    }

    #[test]
    fn a_reading_only_where_the_axioms_allow_one_and_rule_out_another() {
        // `f(x, x) == x + 1`: no reading of the library holds.
        let none = readings_of(
            "function f(a: int, b: int) : int;
axiom (forall x: int :: f(x, x) == x + 1);
procedure main() { }
",
        );
        assert_eq!(none.get("f"), None, "{none:?}");
        // Addition, not the bitwise operations that agree with it on
        // disjoint bits only.
        let sum = readings_of(
            "function f(a: int, b: int) : int;
axiom (forall x: int, y: int :: f(x, y) - y == x);
procedure main() { }
",
        );
        assert_eq!(sum.get("f"), Some(&I::Add), "{sum:?}");
        // An axiom every reading satisfies tells nothing.
        let any = readings_of(
            "function f(a: int, b: int) : int;
axiom (forall x: int, y: int :: f(x, y) == f(x, y));
procedure main() { }
",
        );
        assert_eq!(any.get("f"), None, "{any:?}");
    }
}
