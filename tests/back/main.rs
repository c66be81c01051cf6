//! The back end: the reachability VC, the solver driver and the cover
//! loops (on hand-built passive programs and on parsed ones), statement
//! cover's accelerators, path exploration, and solver faults through the
//! command line. One test binary: `cargo test --test back`.

#[path = "../support/mod.rs"]
mod support;

mod cover;
mod e2e;
mod explore;
mod faults;
mod quantified;
mod search;
mod statement_accel;
