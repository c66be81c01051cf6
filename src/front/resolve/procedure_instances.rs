//! Instances of polymorphic procedures (part of [`crate::front::resolve`]):
//! `call z := Q(x, y)` of `procedure Q<a>(x: int, y: a) returns (z: a)`
//! reaches `Q<bool>`, the procedure at the types the call gives.
//!
//! Takes: a call of a polymorphic procedure, with the types of its
//! arguments and of the variables that receive its outputs. Gives: the
//! [`ProcId`] of the instance at the type arguments they determine (by
//! unification with the procedure's formals; a type parameter neither
//! determines is `int`, with Boogie's warning), made on first use: its
//! header at once (the call is type checked against it), its body once
//! every other procedure is resolved ([`Resolver::resolve_procedure_instances`];
//! an instance's calls may ask for more, up to the limits on
//! monomorphization). Instances are appended after every other procedure
//! and marked [`ir::Procedure::instance_of`]: they are never entries, the
//! procedure itself is analysed once at abstract types
//! ([`Resolver::procedure_type_env`]). This is how Boogie's monomorphizer
//! reads a call (`Monomorphization.cs`, procedure instances); Boogie 2.4.1
//! checks the call against the procedure's contract at those types, which
//! is what inlining the instance or summarizing it by its contract does.
//! Issue 19 (design.md, "The pipeline": resolve; "Calls").

use super::monomorphize::{instance_name, type_environment};
use super::Resolver;
use crate::front::ast;
use crate::ir::{self, GlobalId, ProcId, Type};
use crate::source::Span;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The instances made so far.
#[derive(Default)]
pub(super) struct ProcedureInstances {
    /// By procedure name and type arguments.
    by_types: HashMap<(String, Vec<Type>), ProcId>,
    /// In id order: the instance, the procedure it instantiates (id and
    /// declaration), its type arguments. Bodies are resolved in this order.
    made: Vec<(ProcId, ProcId, Arc<ast::ProcDecl>, Vec<Type>)>,
}

impl Resolver {
    /// The procedure a call of polymorphic procedure `name` reaches, given
    /// the types of its arguments and of its output targets (`None` where
    /// an argument did not resolve): the procedure itself when the types
    /// are its own abstract ones (a recursive call in its body), else an
    /// instance. `None` after an error (reported at `span`).
    pub(super) fn procedure_instance(
        &mut self,
        name: &str,
        args: &[Option<Type>],
        outs: &[Option<Type>],
        span: Span,
    ) -> Option<ProcId> {
        let (generic, decl) = self.polymorphic_procedures.get(name)?.clone();
        let own: Vec<Type> = self
            .procedure_type_env(&decl)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        let vars: HashSet<String> = own
            .iter()
            .filter_map(|t| match t {
                Type::Sort(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        let header = &self.headers[generic.0];
        let formals: Vec<Type> = header
            .params
            .iter()
            .chain(&header.outs)
            .map(|l| header.locals[l.0].var.ty.clone())
            .collect();
        let mut subst = HashMap::new();
        for (formal, actual) in formals.iter().zip(args.iter().chain(outs)) {
            if let Some(actual) = actual {
                let mut attempt = subst.clone();
                if self.unify(formal, actual, &vars, &mut attempt) {
                    subst = attempt;
                }
            }
        }
        let mut type_args = Vec::new();
        for (p, v) in decl.type_params.iter().zip(&own) {
            let found = match v {
                Type::Sort(n) => subst.get(n).cloned(),
                _ => None,
            };
            match found {
                Some(t) => type_args.push(t),
                None => {
                    self.ambiguous_type_parameter(&p.name, span);
                    type_args.push(Type::Int);
                }
            }
        }
        if type_args == own {
            return Some(generic);
        }
        let key = (name.to_string(), type_args.clone());
        if let Some(&id) = self.procedure_instances.by_types.get(&key) {
            return Some(id);
        }
        if !self.instance_allowed(name, &type_args, span) {
            return None;
        }
        if self
            .wheres
            .formals
            .get(generic.0)
            .is_some_and(|f| !f.is_empty())
        {
            self.error(
                span,
                format!("unsupported: a call of the polymorphic procedure `{name}`, whose parameters or outputs have `where` clauses (bicd instantiates the procedure at the call's types, but not its formals' `where` clauses)"),
            );
            return None;
        }
        let id = ProcId(self.headers.len());
        let env = type_environment(&decl.type_params, &type_args);
        let saved = std::mem::replace(&mut self.type_env, env);
        let mut instance = self.procedure_header(&decl);
        self.type_env = saved;
        instance.name = instance_name(name, &type_args);
        instance.modifies = self.headers[generic.0].modifies.clone();
        self.headers.push(instance);
        self.wheres.formals.push(Default::default());
        let has_body = self.wheres.has_body.get(generic.0).copied().unwrap_or(true);
        self.wheres.has_body.push(has_body);
        self.procedure_instances.by_types.insert(key, id);
        self.procedure_instances
            .made
            .push((id, generic, decl, type_args));
        Some(id)
    }

    /// The instances calls asked for, resolved in id order (each after
    /// every procedure the program declares; the calls in an instance's
    /// body may ask for more, which come after it); none once the program
    /// has an error. `inferred`: the
    /// globals added to each declared procedure's `modifies`, which its
    /// instances share.
    pub(super) fn resolve_procedure_instances(
        &mut self,
        inferred: &[Vec<GlobalId>],
    ) -> Vec<ir::Procedure> {
        let mut out = Vec::new();
        if !self.errors.is_empty() {
            // Rejected already: an instance's errors would repeat those
            // of its procedure at other types.
            return out;
        }
        let mut k = 0;
        while k < self.procedure_instances.made.len() {
            let (id, generic, decl, type_args) = self.procedure_instances.made[k].clone();
            k += 1;
            let env = type_environment(&decl.type_params, &type_args);
            let saved = std::mem::replace(&mut self.type_env, env);
            let mut procedure = self.resolve_procedure_at_types(id, &decl, None);
            self.type_env = saved;
            procedure.inferred_modifies = inferred.get(generic.0).cloned().unwrap_or_default();
            procedure.instance_of = Some(generic);
            out.push(procedure);
        }
        out
    }
}
