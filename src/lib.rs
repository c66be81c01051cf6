//! bicd: bounded infeasible-code detection for Boogie programs.
//!
//! The pipeline of design.md, one folder per stage, data flowing forward
//! (`docs/architecture.md` draws it):
//!
//! ```text
//! front   .bpl text ─▶ ir::Program (a petgraph CFG per procedure)
//! middle  ─▶ unwind loops ─▶ inline or summarize calls ─▶ passify
//!         ─▶ ir::passive::PassiveProgram (loop-free, passive SSA)
//! back    ─▶ vc::ReachabilityVc ─▶ cover (over the SMT solver)
//!         ─▶ ir::testcase::TestCase per test, a verdict per block
//! check   ─▶ every test replayed on the original program
//! driver  the stages above, in order, per entry procedure
//! report  ─▶ text, JSON, SARIF, CFG pictures, exit status
//! ```
//!
//! The documentation is for bicd's developers: read it with
//! `cargo doc --document-private-items --open`; module comments link to
//! the private items that do the work.

#![allow(rustdoc::private_intra_doc_links)]

// Source files, spans and located diagnostics: shared by every stage.
pub mod source;

// The program forms every stage shares: the CFG program, the passive
// program, test cases.
pub mod ir;

// Text to a resolved program.
pub mod front;

// CFG to the passive loop-free program of one entry.
pub mod middle;

// Passive program to verdicts, through the SMT solver.
pub mod back;

// The interpreter that replays every test (the trusted oracle).
pub mod check;

// The stages in order, per entry procedure.
pub mod driver;

// Text, JSON, SARIF, CFG pictures, exit status.
pub mod report;

// Random programs, benchmarks, plots.
pub mod experiments;
