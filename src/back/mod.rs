//! The back end: passive program to verdicts, through the SMT solver.
//!
//! Takes: a [`crate::ir::passive::PassiveProgram`]. Gives: per block
//! covered (with a test), infeasible (on `unsat` only) or unknown, and per
//! assertion whether it can fail. design.md, "Reachability VC", "Path
//! cover", "Statement cover", "Baselines", "Where the solver fits".
//!
//! Entry: [`cover::cover`]. Inside: [`smt`] (the solvers bicd knows and the
//! theories a VC needs), [`vc`] (the reachability VC: one `W_b` and `R_b`
//! per block), [`solver`] (the solver process spoken to in SMT-LIB2) and
//! [`cover`] (Algorithms 1 and 2 and the baselines, with concrete
//! exploration beside the solver).

pub mod cover;
pub mod smt;
pub mod solver;
pub mod vc;
