//! The front end: Boogie text to a resolved, typed [`crate::ir::Program`].
//!
//! Takes: the source files of one program (a [`crate::source::SourceMap`]).
//! Gives: an [`crate::ir::Program`] whose procedure bodies are control-flow
//! graphs, or located diagnostics (`file:line:col`). design.md, "The
//! pipeline": parse, resolve, lower.
//!
//! Entry: [`load_program`]. Inside, in order: [`lexer`] (tokens),
//! [`parse`] (the LALRPOP grammar in `grammar/boogie.lalrpop`, giving the
//! [`ast`]), [`resolve`] (names, types, declarations checked), [`lower`]
//! (structured statements to basic blocks).

pub mod ast;
pub mod code_expr;
pub mod lexer;
pub mod lower;
pub mod parse;
pub mod resolve;

pub use resolve::{load_program, load_program_with, LoadOptions};
