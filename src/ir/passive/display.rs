//! The printer of a passive program, for `bicd cover --dump passive` and
//! its snapshots.
//!
//! Takes: a [`PassiveProgram`] and the [`Program`] it was built from (to
//! name original blocks and assertions). Gives: text through
//! [`fmt::Display`] ([`PassiveProgram::display`]): the SSA variables with
//! their roles, then every block in order with its role, the trace step
//! it makes, its choice points, its assumptions over SSA names and its
//! successors. design.md, "The pipeline" (passify) and "Reachability VC"
//! (block `#b` is the `W_b`, `R_b` of the VC).
//!
//! A block's choices are printed before its assumptions: a choice's
//! variable is unconstrained where it is made, and its place among the
//! assumptions is not recorded.

use super::{BlockKey, BlockRole, ChoicePoint, PassiveProgram, SsaId, SsaRole};
use crate::ir::testcase::ChoiceKind;
use crate::ir::{AssertKind, Program};
use std::fmt;

/// A passive program with the names of its original program
/// ([`PassiveProgram::display`]).
pub struct PassiveDisplay<'a> {
    passive: &'a PassiveProgram,
    program: &'a Program,
}

impl PassiveProgram {
    /// This program, printable; `program` is the one it was built from.
    pub fn display<'a>(&'a self, program: &'a Program) -> PassiveDisplay<'a> {
        PassiveDisplay {
            passive: self,
            program,
        }
    }
}

impl fmt::Display for PassiveDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let passive = self.passive;
        for v in &passive.vars {
            write!(f, "var {}: {};", v.smt_name, v.ty)?;
            match &v.role {
                SsaRole::Input { name } => write!(f, " // input {name}")?,
                SsaRole::Choice => write!(f, " // choice")?,
                SsaRole::Internal => {}
            }
            writeln!(f)?;
        }
        let ssa = |v: &SsaId, f: &mut fmt::Formatter<'_>| match passive.vars.get(v.0) {
            Some(var) => f.write_str(&var.smt_name),
            None => write!(f, "{v}?"),
        };
        for (i, b) in passive.blocks.iter().enumerate() {
            writeln!(f)?;
            write!(f, "#{i} ")?;
            self.role(&b.role, f)?;
            if !b.preds.is_empty() {
                write!(f, " <- {}", blocks(&b.preds))?;
            }
            writeln!(f)?;
            if let Some(step) = &b.enters {
                writeln!(f, "  enters {}::{}", step.proc, step.label)?;
            }
            for c in &b.choices {
                writeln!(f, "  {}", ChoiceDisplay(c, passive))?;
            }
            for a in &b.assumes {
                writeln!(f, "  assume {};", a.display_with(ssa))?;
            }
            if b.succs.is_empty() {
                writeln!(f, "  return;")?;
            } else {
                writeln!(f, "  goto {};", blocks(&b.succs))?;
            }
        }
        Ok(())
    }
}

impl PassiveDisplay<'_> {
    /// `[code p::l, ends block]`, `[fails assertion 3: assert in p]`,
    /// `[synthetic]`.
    fn role(&self, role: &BlockRole, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match role {
            BlockRole::Code { key, ends_block } => {
                write!(f, "[code {}", self.block_name(*key))?;
                if *ends_block {
                    f.write_str(", ends block")?;
                }
                f.write_str("]")
            }
            BlockRole::AssertFail(id) => {
                write!(f, "[fails assertion {}", id.0)?;
                if let Some(info) = self.program.asserts.get(id.0) {
                    let kind = match info.kind {
                        AssertKind::Assert => "assert",
                        AssertKind::Requires => "requires",
                        AssertKind::Ensures => "ensures",
                    };
                    let proc = self
                        .program
                        .procedures
                        .get(info.proc.0)
                        .map_or("?", |p| p.name.as_str());
                    write!(f, ": {kind} of {proc}")?;
                }
                f.write_str("]")
            }
            BlockRole::Synthetic => f.write_str("[synthetic]"),
            BlockRole::OpenCall { site } => write!(f, "[open call {site}]"),
            BlockRole::LoopExit { head, count } => {
                write!(f, "[leaves loop {} after {count}]", head.block.index())
            }
        }
    }

    /// `proc::label` of an original block.
    fn block_name(&self, key: BlockKey) -> String {
        let Some(proc) = self.program.procedures.get(key.proc.0) else {
            return format!("procedure{}::block{}", key.proc.0, key.block.index());
        };
        match proc
            .body
            .as_ref()
            .and_then(|c| c.graph.node_weight(key.block))
        {
            Some(block) => format!("{}::{}", proc.name, block.label),
            None => format!("{}::block{}", proc.name, key.block.index()),
        }
    }
}

/// `choose v4_h; // havoc h in chooser`.
struct ChoiceDisplay<'a>(&'a ChoicePoint, &'a PassiveProgram);

impl fmt::Display for ChoiceDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ChoiceDisplay(c, passive) = self;
        match passive.vars.get(c.ssa.0) {
            Some(v) => write!(f, "choose {};", v.smt_name)?,
            None => write!(f, "choose {}?;", c.ssa)?,
        }
        let kind = match c.kind {
            ChoiceKind::Havoc => "havoc",
            ChoiceKind::CallOutput => "output",
            ChoiceKind::Uninitialized => "uninitialized",
        };
        write!(f, " // {kind} {} of {}", c.var, c.proc)
    }
}

fn blocks(list: &[usize]) -> String {
    list.iter()
        .map(|b| format!("#{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}
