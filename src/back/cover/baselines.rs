//! The baselines: one query per goal, and the query-optimal greedy cover.
//!
//! Takes: a [`Run`] with the whole VC loaded. Gives: every goal covered or
//! refuted, like statement cover, by other means: one query per goal (the
//! paper's "doomed program points" baseline, with or without reusing a
//! model's runs for other goals) or rounds of cardinality constraints that
//! look for the model passing the most open goals. Paper, section 5
//! (the baselines compared); design.md, "Baselines".

use super::run::{inconsistent_model, GoalState, Run};
use super::statements::reach_of;
use crate::back::solver::{SatAnswer, Solver, SolverError};

impl Run<'_> {
    /// Asks about each goal alone, in goal order. With `reuse`, a model's
    /// runs cover every open goal they pass (as in statement cover) and
    /// covered goals are skipped; without it every goal is asked about and
    /// gets one test through it.
    pub(super) fn per_block_cover(
        &mut self,
        solver: &mut Solver,
        reuse: bool,
    ) -> Result<(), SolverError> {
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        for g in 0..self.goals.list.len() {
            if reuse && self.state[g] != GoalState::Open {
                continue;
            }
            let targets: Vec<&str> = self.goals.serving[g]
                .iter()
                .map(|&b| self.vc.r[b].as_str())
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    if reuse {
                        let paths = self.greedy_paths(&model.selected, |p, b| {
                            model.selected[p] && model.selected[b]
                        })?;
                        for path in paths {
                            self.add_test(path, &model.values)?;
                        }
                    } else {
                        let path = self.path_through(&model.selected, g)?;
                        self.add_test(path, &model.values)?;
                    }
                    if self.state[g] != GoalState::Covered {
                        return Err(SolverError {
                            message: "internal error: a model of a goal's clause does not cover it"
                                .into(),
                        });
                    }
                }
                SatAnswer::Unsat => self.refute(&[g]),
                SatAnswer::Unknown(reason) => self.state[g] = GoalState::Unknown(reason),
            }
        }
        Ok(())
    }

    /// One path of R-true blocks through some R-true block serving goal
    /// `g`, from the entry to a block without successor.
    fn path_through(&self, selected: &[bool], g: usize) -> Result<Vec<usize>, SolverError> {
        let t = self.goals.serving[g]
            .iter()
            .copied()
            .find(|&b| selected[b])
            .ok_or_else(|| inconsistent_model("no R-true block serves the asked goal"))?;
        let mut path = vec![t];
        let mut b = t;
        while b != 0 {
            b = self.vc.preds[b]
                .iter()
                .copied()
                .find(|&p| selected[p])
                .ok_or_else(|| inconsistent_model("an active block with no active predecessor"))?;
            path.push(b);
        }
        path.reverse();
        let mut b = t;
        while !self.vc.succs[b].is_empty() {
            b = self.vc.succs[b]
                .iter()
                .map(|(s, _)| *s)
                .find(|&s| selected[s])
                .ok_or_else(|| inconsistent_model("an active block with no active successor"))?;
            path.push(b);
        }
        Ok(path)
    }

    /// Each round: the open goals O; ask for a model passing at least 1 of
    /// them (the enabling clause of statement cover); while `sat` with m
    /// goals passed, ask for at least m+1 (a pseudo-Boolean sum of
    /// `(ite (or R_b ...) 1 0)` over O, which every SMT-LIB solver with
    /// integers reads); the last `sat` model gives the round's tests. The
    /// first query of a round answering `unsat` refutes all of O.
    pub(super) fn greedy_cover(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        loop {
            let open: Vec<usize> = self.open_goals();
            if open.is_empty() {
                return Ok(());
            }
            let passes: Vec<String> = open
                .iter()
                .map(|&g| {
                    let rs: Vec<&str> = self.goals.serving[g]
                        .iter()
                        .map(|&b| self.vc.r[b].as_str())
                        .collect();
                    if rs.len() == 1 {
                        rs[0].to_string()
                    } else {
                        format!("(or {})", rs.join(" "))
                    }
                })
                .collect();
            let at_least_one: Vec<&str> = passes.iter().map(String::as_str).collect();
            let mut best = match self.query(solver, &at_least_one)? {
                SatAnswer::Sat => self.model(solver, &terms)?,
                SatAnswer::Unsat => {
                    self.refute(&open);
                    return Ok(());
                }
                SatAnswer::Unknown(_) => {
                    return self.one_query_per_goal(solver, &terms, reach_of, false, None);
                }
            };
            let sum = format!(
                "(+ 0 {})",
                passes
                    .iter()
                    .map(|p| format!("(ite {p} 1 0)"))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            loop {
                let passed = open
                    .iter()
                    .filter(|&&g| self.goals.serving[g].iter().any(|&b| best.selected[b]))
                    .count();
                if passed >= open.len() {
                    break;
                }
                let stronger = format!("(>= {sum} {})", passed + 1);
                match self.query(solver, &[stronger.as_str()])? {
                    SatAnswer::Sat => best = self.model(solver, &terms)?,
                    SatAnswer::Unsat | SatAnswer::Unknown(_) => break,
                }
            }
            let before = self.tests.len();
            let paths =
                self.greedy_paths(&best.selected, |p, b| best.selected[p] && best.selected[b])?;
            for path in paths {
                self.add_test(path, &best.values)?;
            }
            if self.tests.len() == before {
                return Err(SolverError {
                    message: "internal error: a model of the greedy clause covers no open goal"
                        .into(),
                });
            }
        }
    }
}
