//! The printer of an unwound body, for `bicd cover --dump unwound` and its
//! snapshots.
//!
//! Takes: an [`UnwoundBody`] and the [`Program`] whose procedure it
//! unwinds (to name original blocks). Gives: text through
//! [`fmt::Display`] ([`UnwoundBody::display`]): every block copy with its
//! original block, its node-splitting copy, its iteration of each
//! enclosing loop and its successors; the cut-off block; the blocks kept
//! unreachable. design.md, "Semantics, pinned down" (loop unwinding k).

use super::{UnwoundBody, UnwoundKind};
use crate::ir::Program;
use petgraph::graph::NodeIndex;
use std::fmt;

/// An unwound body with the labels of its procedure
/// ([`UnwoundBody::display`]).
pub struct UnwoundDisplay<'a> {
    body: &'a UnwoundBody,
    program: &'a Program,
}

impl UnwoundBody {
    /// This body, printable; `program` holds the procedure it unwinds.
    pub fn display<'a>(&'a self, program: &'a Program) -> UnwoundDisplay<'a> {
        UnwoundDisplay {
            body: self,
            program,
        }
    }
}

impl fmt::Display for UnwoundDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body = self.body;
        let proc = self.program.proc(body.proc);
        let label = |n: NodeIndex| -> String {
            match proc.body.as_ref().and_then(|c| c.graph.node_weight(n)) {
                Some(b) => b.label.clone(),
                None => format!("block{}", n.index()),
            }
        };
        write!(f, "procedure {} (", proc.name)?;
        if body.headers.is_empty() {
            f.write_str("no loop")?;
        } else {
            let headers: Vec<String> = body.headers.iter().map(|&h| label(h)).collect();
            write!(f, "loops headed by {}", headers.join(", "))?;
        }
        if body.split_copies > 0 {
            write!(f, "; {} blocks copied by node splitting", body.split_copies)?;
        }
        f.write_str(")")?;
        writeln!(f, ":")?;
        for (i, b) in body.blocks.iter().enumerate() {
            write!(f, "  #{i} ")?;
            match &b.kind {
                UnwoundKind::Copy {
                    origin,
                    split_copy,
                    loops,
                    iterations,
                    reachable,
                } => {
                    f.write_str(&label(*origin))?;
                    if *split_copy > 0 {
                        write!(f, " (split copy {split_copy})")?;
                    }
                    if !loops.is_empty() {
                        let its: Vec<String> = loops
                            .iter()
                            .zip(iterations)
                            .map(|(&h, it)| format!("{} {it}", label(h)))
                            .collect();
                        write!(f, " [iteration {}]", its.join(", "))?;
                    }
                    if !reachable {
                        f.write_str(" (unreachable, kept without edges)")?;
                    }
                }
                UnwoundKind::CutOff => f.write_str("cut-off")?,
                UnwoundKind::LoopExit { head, count } => {
                    write!(f, "leaves {} after {count}", label(*head))?
                }
            }
            f.write_str(":")?;
            if b.kind == UnwoundKind::CutOff {
                f.write_str(" assume false;")?;
            }
            if !b.succs.is_empty() {
                let succs: Vec<String> = b.succs.iter().map(|s| format!("#{s}")).collect();
                write!(f, " goto {};", succs.join(", "))?;
            } else if matches!(
                b.kind,
                UnwoundKind::Copy {
                    reachable: true,
                    ..
                } | UnwoundKind::LoopExit { .. }
            ) {
                f.write_str(" return;")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
