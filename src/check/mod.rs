//! The trusted oracle: replays every test on the original program.
//!
//! Takes: a resolved [`crate::ir::Program`] (loops and calls as written, not
//! unwound) and a [`crate::ir::testcase::TestCase`]. Gives: the trace the
//! test runs and its outcome, or why it does not replay. design.md,
//! "Trust": a test that does not run the trace it claims is a bug.
//!
//! Entry: [`replay::replay`] (one test) and [`replay::replay_all`] (a
//! cover's tests, on several threads when there are many). Parts:
//! [`mod@replay`] (the entries, the threads), [`interp`] (the run: statements,
//! calls, choices, the trace), `eval` (expressions) and [`error`] (why a
//! test did not replay, and the words of its messages); [`generate`]
//! makes runs near a test with the same machine, `origins` says
//! which decision gave the values a failing one read, `memory` lets such a
//! run choose the memory cells it loads first, `shifted` decides for it
//! the quantifiers of SMACK's `$memcpy`, and `natural` reads the
//! functions axioms describe as operations for it. Kept
//! small and separate: it shares no code with the SMT encoding it checks,
//! except [`crate::ir::arith`], where the Rust and the SMT-LIB definitions
//! of `div`, `mod` and `/` sit side by side and are tested against each
//! other.

pub mod error;
mod eval;
pub mod generate;
pub mod interp;
mod memory;
mod natural;
mod origins;
pub mod replay;
mod shifted;

pub use error::ReplayError;
pub use replay::{
    finished_steps, replay, replay_all, replay_all_trusting, replay_repairing, replay_trusting,
    trim_map_inputs, unfinished_steps,
};
