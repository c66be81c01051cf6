//! From models to tests: the paths a model's runs take, and the test case
//! of each path.
//!
//! Takes: a [`Run`], the blocks (or edges) a model makes true and the
//! model's values of the inputs, choices and function applications.
//! Gives: few complete paths that together pass every open goal the model
//! reaches ([`Run::greedy_paths`]), and for each path a [`TestCase`]
//! (inputs, choices, trace, function points, outcome) with the goals it
//! passes marked covered ([`Run::add_test`]). Paper, section 4 (a model
//! is a test); design.md, "Tests".

use super::run::{inconsistent_model, GoalState, Run};
use crate::back::solver::{conform_value, SolverError};
use crate::back::vc::Application;
use crate::ir::passive::{BlockRole, SsaId};
use crate::ir::testcase::{Choice, FunctionPoint, Outcome, TestCase, Value};
use crate::ir::{DatatypeOp, Type};
use indexmap::IndexMap;

impl Run<'_> {
    /// Few paths of active blocks that together pass every active block
    /// serving an open goal: for each such block not yet on a chosen path,
    /// walk back to the entry and forward to a sink along `edge`, preferring
    /// blocks that serve goals no chosen path covers yet.
    pub(super) fn greedy_paths(
        &self,
        active: &[bool],
        edge: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<Vec<usize>>, SolverError> {
        let n = self.program.blocks.len();
        let mut newly = vec![false; self.goals.list.len()];
        let wanted = |b: usize, newly: &[bool]| {
            self.goals
                .goal_of_block
                .get(b)
                .copied()
                .flatten()
                .is_some_and(|g| self.state[g] == GoalState::Open && !newly[g])
        };
        let mut paths = Vec::new();
        for (t, &is_active) in active.iter().enumerate().take(n) {
            if !is_active || !wanted(t, &newly) {
                continue;
            }
            // Backward to the entry.
            let mut back = vec![t];
            let mut b = t;
            while b != 0 {
                let preds = &self.vc.preds[b];
                let choice = preds
                    .iter()
                    .copied()
                    .filter(|&p| edge(p, b))
                    .max_by_key(|&p| wanted(p, &newly));
                match choice {
                    Some(p) => {
                        back.push(p);
                        b = p;
                    }
                    None => {
                        return Err(inconsistent_model(
                            "an active block with no active predecessor",
                        ))
                    }
                }
            }
            back.reverse();
            // Forward to a sink.
            let mut path = back;
            let mut b = t;
            while !self.vc.succs[b].is_empty() {
                let choice = self.vc.succs[b]
                    .iter()
                    .map(|(s, _)| *s)
                    .filter(|&s| edge(b, s))
                    .max_by_key(|&s| wanted(s, &newly));
                match choice {
                    Some(s) => {
                        path.push(s);
                        b = s;
                    }
                    None => {
                        return Err(inconsistent_model(
                            "an active block with no active successor",
                        ))
                    }
                }
            }
            for &x in &path {
                if let Some(g) = self.goals.goal_of_block[x] {
                    newly[g] = true;
                }
            }
            paths.push(path);
        }
        Ok(paths)
    }

    /// Makes the test of `path` under the model values and marks the goals
    /// it covers.
    pub(super) fn add_test(
        &mut self,
        path: Vec<usize>,
        values: &[Value],
    ) -> Result<(), SolverError> {
        self.add_test_with_functions(path, values, None)
    }

    /// A model's `values` with each self-holding record
    /// ([`Run::record_fields`]) made from its fields' values; a record whose fields are missing
    /// stays as the model gave it (a test with it does not replay).
    fn with_record_fields(&self, values: &[Value]) -> Vec<Value> {
        let mut out = values.to_vec();
        let mut at = values.len().saturating_sub(
            self.record_fields
                .iter()
                .map(|(_, f)| f.len())
                .sum::<usize>(),
        );
        if at < self.model_vars.len() {
            return out;
        }
        for (position, fields) in &self.record_fields {
            if let (Some(parts), true) = (values.get(at..at + fields.len()), *position < at) {
                out[*position] = Value::PolyMap(parts.to_vec());
            }
            at += fields.len();
        }
        out
    }

    /// [`Run::add_test`], with the points of uninterpreted functions
    /// given (a concrete run's: `values` then hold the model variables
    /// only) rather than read from `values` after them (a model's).
    pub(super) fn add_test_with_functions(
        &mut self,
        path: Vec<usize>,
        values: &[Value],
        given: Option<Vec<FunctionPoint>>,
    ) -> Result<(), SolverError> {
        // A self-holding record is an opaque element in the model: its
        // fields' values, at the end of a model's values, make it.
        let with_records;
        let values = if given.is_none() && !self.record_fields.is_empty() {
            with_records = self.with_record_fields(values);
            &with_records[..]
        } else {
            values
        };
        // A value as its variable's type reads it (yices prints a whole
        // real as an integer).
        let value_of = |v: SsaId| -> Result<Value, SolverError> {
            self.slot_of_var
                .get(v.0)
                .copied()
                .flatten()
                .and_then(|s| values.get(s).cloned())
                .map(|x| match self.program.vars.get(v.0) {
                    Some(var) => conform_value(x, &var.ty),
                    None => x,
                })
                .ok_or_else(|| SolverError {
                    message: format!("internal error: no model value for SSA variable {}", v.0),
                })
        };
        let mut inputs = IndexMap::with_capacity(self.inputs.len());
        for (name, v) in &self.inputs {
            inputs.insert(name.clone(), value_of(*v)?);
        }
        let mut choices = Vec::new();
        let mut trace = Vec::new();
        for &b in &path {
            let block = &self.program.blocks[b];
            if let Some(step) = &block.enters {
                trace.push(step.clone());
            }
            for c in &block.choices {
                choices.push(Choice {
                    kind: c.kind,
                    proc: c.proc.clone(),
                    var: c.var.clone(),
                    value: value_of(c.ssa)?,
                    line: self.sources.line(c.span),
                });
            }
            if let Some(g) = self.goals.goal_of_block[b] {
                self.state[g] = GoalState::Covered;
            }
        }
        // A model's points follow its model variables in `values`.
        let from_model: &[Application] = match given {
            None => &self.vc.applications,
            Some(_) => &[],
        };
        let mut functions: Vec<FunctionPoint> = given.unwrap_or_default();
        let mut at = self.model_vars.len();
        for a in from_model {
            let n = a.args.len();
            let (Some(args), Some(value)) = (values.get(at..at + n), values.get(at + n)) else {
                return Err(SolverError {
                    message: "internal error: no model value for a function application".into(),
                });
            };
            at += a.model_terms();
            // A quotient by zero matters only where the divisor is zero.
            if a.divisor.is_some() && !values.get(at - 1).is_none_or(Value::is_zero) {
                continue;
            }
            let point = FunctionPoint {
                function: a.function.name.clone(),
                args: args
                    .iter()
                    .zip(&a.function.params)
                    .map(|(x, (_, ty))| conform_value(x.clone(), ty))
                    .collect(),
                value: conform_value(value.clone(), &a.function.result),
            };
            // A selector's value is the test's choice only at a value
            // another constructor built (elsewhere it is the field).
            if let (Some(DatatypeOp::Select(k, _)), [Value::Construct { constructor, .. }]) =
                (a.function.datatype_op, point.args.as_slice())
            {
                let built_by_k = match a.function.params.first() {
                    Some((_, Type::Datatype(d))) => d
                        .constructors()
                        .get(k)
                        .is_some_and(|c| c.name == *constructor),
                    _ => false,
                };
                if built_by_k {
                    continue;
                }
            }
            if !functions
                .iter()
                .any(|p| p.function == point.function && p.args == point.args)
            {
                functions.push(point);
            }
        }
        let outcome = match path.last().map(|&b| &self.program.blocks[b].role) {
            Some(BlockRole::AssertFail(id)) => Outcome::AssertionFails(*id),
            _ => Outcome::Returns,
        };
        if self.candidate {
            self.candidate_tests.push(self.tests.len() + 1);
        }
        if self.confirmation.last_unconfirmed {
            self.confirmation
                .unconfirmed_tests
                .push(self.tests.len() + 1);
        }
        self.tests.push(TestCase {
            id: self.tests.len() + 1,
            entry: self.entry.to_string(),
            inputs,
            choices,
            trace,
            functions,
            outcome,
        });
        self.paths.push(path);
        Ok(())
    }
}
