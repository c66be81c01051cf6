//! Helpers shared by the integration tests: the independent path
//! enumerator and a small builder for hand-made `ir::Program`s.
#![allow(dead_code)]

pub mod agree;
pub mod build;
pub mod enumerate;
pub mod handmade;
pub mod load;
