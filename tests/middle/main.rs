//! The middle of the pipeline: unwinding (with node splitting of
//! irreducible bodies), inlining, passification, and summary mode. One
//! test binary: `cargo test --test middle`.

#[path = "../support/mod.rs"]
mod support;

mod analyse;
mod dead_as_entries;
mod dump_stages;
mod examples;
mod irreducible;
mod passes;
mod stratified;
mod summary;
