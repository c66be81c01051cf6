//! Helpers shared by the integration tests, reached from each group's
//! `main.rs` (`#[path = "../support/mod.rs"] mod support;`): the
//! independent path enumerator, two builders of hand-made `ir::Program`s,
//! the language tests' analysis, walking the Boogie corpus, and running
//! the command line.
#![allow(dead_code)]

pub mod agree;
/// Hand-made programs by ids (tests of the enumerator and interpreter).
pub mod build;
/// Hand-made programs by names, and passive-path evaluation (tests of the
/// middle).
pub mod builder;
pub mod cli;
pub mod corpus;
pub mod enumerate;
pub mod handmade;
pub mod lang;
pub mod load;
