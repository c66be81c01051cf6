//! Inferred `modifies` clauses (part of [`crate::front::resolve`]), as
//! Boogie's `/doModSetAnalysis` and Corral infer them.
//!
//! Takes: the procedure declarations with their headers (declared
//! `modifies`), and each procedure's body (its own or its
//! `implementation`). Gives: each header's `modifies` grown by the globals
//! its body writes (assignment, `havoc`, call output) and, transitively
//! over the call graph, the globals its callees may modify; and, per
//! procedure, the globals added, so that the report can say so. Front ends
//! such as SMACK and SDV leave the clauses out and let the verifier infer
//! them. With `--strict-modifies` nothing is inferred and Boogie's check
//! applies (an error names the flag). Issue 22.

use super::Resolver;
use crate::front::ast::{self, Syntax};
use crate::ir::{GlobalId, ProcId};
use std::collections::{BTreeSet, HashSet};

impl Resolver {
    /// Grows every Boogie procedure's `modifies` by what its body and its
    /// callees write (see the module documentation); gives the globals
    /// added, by procedure.
    pub(super) fn infer_modifies(
        &mut self,
        decls: &[&ast::ProcDecl],
        impls: &[Option<&ast::ImplDecl>],
    ) -> Vec<Vec<GlobalId>> {
        let n = decls.len();
        let mut writes: Vec<BTreeSet<GlobalId>> = vec![BTreeSet::new(); n];
        let mut calls: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
        for i in 0..n {
            let (formals, body) = match (impls[i], &decls[i].body) {
                (Some(imp), _) => ((&imp.params, &imp.returns), Some(&imp.body)),
                (None, body) => ((&decls[i].params, &decls[i].returns), body.as_ref()),
            };
            let Some(body) = body else { continue };
            let mut local: HashSet<&str> = HashSet::new();
            for g in formals.0.iter().chain(formals.1) {
                local.extend(g.names.iter().map(|x| x.name.as_str()));
            }
            for d in &body.locals {
                for g in &d.groups {
                    local.extend(g.names.iter().map(|x| x.name.as_str()));
                }
            }
            let mut written: Vec<&str> = Vec::new();
            let mut callees: Vec<&str> = Vec::new();
            collect_items(&body.items, &mut written, &mut callees);
            for name in written {
                if local.contains(name) {
                    continue;
                }
                if let Some(&g) = self.global_names.get(name) {
                    if !self.constants.contains(&g) {
                        writes[i].insert(g);
                    }
                }
            }
            for c in callees {
                if let Some(&ProcId(j)) = self.proc_names.get(c) {
                    calls[i].insert(j);
                }
            }
        }
        // Declared clauses count too: a callee's clause is what a call may
        // change, body or not.
        let mut may: Vec<BTreeSet<GlobalId>> = (0..n)
            .map(|i| {
                let mut m = writes[i].clone();
                m.extend(self.headers[i].modifies.iter().copied());
                m
            })
            .collect();
        loop {
            let mut changed = false;
            for i in 0..n {
                let from_callees: Vec<GlobalId> = calls[i]
                    .iter()
                    .flat_map(|&j| may[j].iter().copied())
                    .collect();
                for g in from_callees {
                    changed |= may[i].insert(g);
                }
            }
            if !changed {
                break;
            }
        }
        let mut added = vec![Vec::new(); n];
        for (i, header) in self.headers.iter_mut().enumerate().take(n) {
            if header.syntax != Syntax::Boogie {
                continue;
            }
            for &g in &may[i] {
                if !header.modifies.contains(&g) {
                    header.modifies.push(g);
                    added[i].push(g);
                }
            }
        }
        added
    }
}

/// The names a list of body items writes (assignment targets, `havoc`,
/// call outputs) and the procedures it calls, structured statements
/// included.
fn collect_items<'a>(
    items: &'a [ast::BodyItem],
    written: &mut Vec<&'a str>,
    callees: &mut Vec<&'a str>,
) {
    for item in items {
        if let ast::BodyItem::Stmt(s) = item {
            collect_stmt(s, written, callees);
        }
    }
}

fn collect_stmt<'a>(s: &'a ast::Stmt, written: &mut Vec<&'a str>, callees: &mut Vec<&'a str>) {
    match &s.kind {
        ast::StmtKind::Assign { lhs, .. } => {
            written.extend(lhs.iter().map(|l| l.name.name.as_str()))
        }
        ast::StmtKind::Havoc(names) => written.extend(names.iter().map(|x| x.name.as_str())),
        ast::StmtKind::Call { outs, callee, .. } => {
            written.extend(outs.iter().map(|x| x.name.as_str()));
            callees.push(callee.name.as_str());
        }
        ast::StmtKind::If { then, els, .. } => {
            collect_items(&then.items, written, callees);
            match els {
                Some(ast::Else::Block(b)) => collect_items(&b.items, written, callees),
                Some(ast::Else::If(stmt)) => collect_stmt(stmt, written, callees),
                None => {}
            }
        }
        ast::StmtKind::While { body, .. } => collect_items(&body.items, written, callees),
        ast::StmtKind::Assume(_)
        | ast::StmtKind::Assert(_)
        | ast::StmtKind::Goto(_)
        | ast::StmtKind::Return
        | ast::StmtKind::Break(_) => {}
    }
}
