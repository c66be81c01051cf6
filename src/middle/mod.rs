//! The middle end: CFG to the passive, loop-free program of one entry.
//!
//! Takes: a resolved [`crate::ir::Program`], an entry procedure and the
//! bound K. Gives: a [`crate::ir::passive::PassiveProgram`] (only
//! `assume`s over SSA variables, no loop, every block remembering the
//! original block and the unwinding copy it stands for). design.md,
//! "Semantics, pinned down": loop unwinding, calls, assertions.
//!
//! Entry: [`prepare_entry`]. Inside, in order: [`unwind`] (every loop
//! K times; irreducible graphs split first), [`inline`] (calls copied in,
//! recursion unwound to depth K), [`passify`] (passive SSA). [`summary`]
//! replaces calls by callee summaries instead of inlining them
//! (`--calls summary`, paper section 6).

pub mod inline;
pub mod passify;
pub mod summary;
pub mod unwind;

pub use passify::prepare_entry;
