//! Helpers shared by the integration tests: the independent path
//! enumerator, a small builder for hand-made `ir::Program`s, walking the
//! Boogie corpus, and running the command line.
#![allow(dead_code)]

pub mod agree;
pub mod build;
pub mod cli;
pub mod corpus;
pub mod enumerate;
pub mod handmade;
pub mod load;
