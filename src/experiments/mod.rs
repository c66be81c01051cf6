//! The experiments: random programs, benchmarks and their tables and plots.
//!
//! Takes: generator settings or a corpus folder. Gives: programs
//! ([`gen`], [`corpus`]), benchmark runs ([`mod@bench`]: `bicd gen`, `bicd
//! bench`), their rows and tables ([`table`]), SVG plots ([`plot`]),
//! process measurements ([`measure`]) and the per-stage timings of `cargo
//! bench` ([`stage_timing`]). design.md, "Baselines"; the paper's section
//! 7. Nothing in the analysis depends on this folder.

pub mod bench;
pub mod corpus;
pub mod gen;
pub mod measure;
pub mod plot;
pub mod stage_timing;
pub mod table;
