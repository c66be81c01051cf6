//! The front end and the language it reads: parsing and resolving, the
//! structured statements, the language features of issue 3 (end to end),
//! bad input through the command line, source locations. One test binary:
//! `cargo test --test front`.

#[path = "../support/mod.rs"]
mod support;

mod attributes;
mod bad_input;
mod basics;
mod division_by_zero;
mod lang_bv;
mod lang_code_exprs;
mod lang_const;
mod lang_datatypes;
mod lang_floats;
mod lang_functions;
mod lang_impls;
mod lang_lambdas;
mod lang_maps;
mod lang_polymorphism;
mod lang_real;
mod lang_smack;
mod lang_where;
mod prelude_heaps;
mod recursive_functions;
mod source_locations;
mod structured;
