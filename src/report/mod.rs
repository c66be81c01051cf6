//! Reports: what the driver found, for a person, a tool or a CI gate.
//!
//! Takes: the [`crate::driver::FileResult`]s of a run (every test already
//! replayed) and the run's [`crate::driver::Options`]. Gives: the text
//! report in the style of rustc's diagnostics ([`text`]), the JSON report
//! ([`mod@json`]), SARIF 2.1.0 for code review ([`sarif`]), control-flow
//! pictures for `bicd cfg` ([`cfg_picture`]), the progress bar
//! ([`progress`]) and the exit status ([`exit_status`], from a
//! [`Summary`]). Everything is said in terms of the original program:
//! block labels (callee blocks as `proc::label`), source lines, and the
//! original source locations of [`locations`]. README, "Reports".

pub mod cfg_picture;
pub mod exit_status;
pub mod json;
pub mod locations;
pub mod progress;
pub mod sarif;
pub mod summary;
pub mod text;

pub use json::json;
pub use summary::Summary;
