//! What a user sees: the command line's exit statuses and errors, the
//! text, JSON and SARIF reports (snapshots of the paper's examples and of
//! `bench-programs/`), `bicd cfg` pictures, the `bench` and `gen`
//! experiments, and reports of programs too big to list in full. One test
//! binary: `cargo test --test reports`.

#[path = "../support/mod.rs"]
mod support;

mod bench;
mod cli;
mod examples;
mod formats;
mod gen_programs;
mod scale;
mod trusted;
