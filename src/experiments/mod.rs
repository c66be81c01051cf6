//! The experiments: random programs, benchmarks and their plots.
//!
//! Takes: generator settings or a corpus folder. Gives: programs
//! ([`gen`]), tables of measurements ([`bench`]) and SVG plots ([`plot`]).
//! design.md, "Baselines" and the paper's section 7. Nothing in the
//! analysis depends on this folder.

pub mod bench;
pub mod gen;
pub mod plot;
