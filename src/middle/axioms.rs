//! The axioms of an entry as a passive program of their own.
//!
//! Takes: a resolved [`Program`] and an entry. Gives: a [`PassiveProgram`]
//! of one block that assumes the entry's `requires` that read no variable
//! but constants (the axioms and the distinctness of `unique` constants,
//! which lowering puts at the front of every procedure's `requires`),
//! over one [`SsaRole::Input`] per constant they read, named as a test
//! names it. Its VC asks whether given values of constants and of
//! uninterpreted functions agree with the axioms: runs near a test that
//! give a function a value where no axiom forces one are kept only when
//! the solver finds such a model (docs/decisions.md, "Runs near a test").

use crate::ir::passive::{BlockRole, PassiveBlock, PassiveProgram, SsaId, SsaRole, SsaVar};
use crate::ir::{Expr, ProcId, Program, VarRef};
use std::collections::HashMap;

/// The axioms of `entry` (see the module documentation).
pub fn axioms_program(program: &Program, entry: ProcId) -> PassiveProgram {
    let procedure = program.proc(entry);
    let axiom = program.reads_only_constants();
    let mut ssa_of: HashMap<usize, SsaId> = HashMap::new();
    let mut vars = Vec::new();
    let mut assumes = Vec::new();
    for spec in &procedure.requires {
        if !axiom(&spec.expr) {
            continue;
        }
        let assume: Expr<SsaId> = spec.expr.map_vars(&mut |v| {
            let VarRef::Global(g) = *v else {
                unreachable!("only constants are read")
            };
            *ssa_of.entry(g.0).or_insert_with(|| {
                let global = &program.globals[g.0];
                vars.push(SsaVar {
                    smt_name: super::passify::smt_name(vars.len(), &global.name),
                    ty: global.ty.clone(),
                    role: SsaRole::Input {
                        name: global.name.clone(),
                    },
                });
                SsaId(vars.len() - 1)
            })
        });
        assumes.push(assume);
    }
    PassiveProgram {
        entry,
        vars,
        blocks: vec![PassiveBlock {
            assumes,
            succs: Vec::new(),
            preds: Vec::new(),
            role: BlockRole::Synthetic,
            enters: None,
            choices: Vec::new(),
        }],
    }
}
