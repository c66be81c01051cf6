//! bicd: bounded infeasible-code detection for Boogie programs.
//!
//! The pipeline of design.md, one module per stage, data flowing forward:
//!
//! ```text
//! lexer/parse ─▶ ast ─▶ resolve ─▶ ir::Program (a petgraph CFG per procedure)
//!   ─▶ unwind::unwind_loops ─▶ inline::inline_calls ─▶ passify::passify
//!   ─▶ passive::PassiveProgram ─▶ vc::ReachabilityVc ─▶ cover (over solver)
//!   ─▶ testcase::TestCase ─▶ interp::replay ─▶ report
//! ```

pub mod source;
pub mod ir;
pub mod testcase;
pub mod passive;

pub mod ast;
pub mod lexer;
pub mod parse;
pub mod resolve;
pub mod lower;

pub mod unwind;
pub mod inline;
pub mod passify;

pub mod vc;
pub mod solver;
pub mod cover;

pub mod interp;
pub mod gen;

pub mod analyze;
pub mod report;
