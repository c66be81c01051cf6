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
//!
//! The documentation is for bicd's developers: read it with
//! `cargo doc --document-private-items --open`; module comments link to
//! the private items that do the work.

#![allow(rustdoc::private_intra_doc_links)]

pub mod ir;
pub mod passive;
pub mod source;
pub mod testcase;

pub mod ast;
pub mod lexer;
pub mod lower;
pub mod parse;
pub mod resolve;

pub mod inline;
pub mod passify;
pub mod summary;
pub mod unwind;

pub mod cover;
pub mod solver;
pub mod vc;

pub mod gen;
pub mod interp;

pub mod analyze;
pub mod bench;
pub mod plot;
pub mod report;

pub mod cfg_picture;
pub mod diagnostics;
pub mod gate;
pub mod parallel;
pub mod sarif;
pub mod srcloc;
