//! Why bicd's answers can be trusted: the interpreter that replays every
//! test, the independent path enumerator (brute force) and bicd's
//! agreement with it on random programs, generated programs, the Boogie
//! corpus through the whole pipeline, and Boogie's own `/smoke` check
//! (ignored). One test binary: `cargo test --test trust`.

#[path = "../support/mod.rs"]
mod support;

mod agreement;
mod boogie_smoke;
mod corpus;
mod dead_for_every_bound;
mod enumerate_examples;
mod enumerate_handmade;
mod enumerate_programs;
mod generated_programs;
mod interp_messages;
mod interp_no_panic;
mod interp_replay;
mod quantified_replay;
mod replay_all;
mod runs_near;
