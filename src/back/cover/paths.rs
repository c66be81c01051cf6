//! Path cover (Algorithm 1): blocking clauses, with concrete exploration.
//!
//! Takes: a [`Run`] with the VC and its path-selection variables (`E` per
//! edge, `S` per block) loaded. Gives: one test per feasible complete path
//! (up to `--max-tests`), every path blocked by the clause over its edges,
//! and the goals no path passes refuted by the final `unsat`; after some
//! paths, concrete runs of [`super::explore`] find most of the others.
//! Paper, section 4, Algorithm 1; design.md, "Path cover".

use super::explore;
use super::run::{inconsistent_model, GoalState, Run};
use super::{CoverLimits, ExploreStats};
use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::testcase::Value;
use std::fmt::Write as _;

/// At most this many paths are taken from one model in path cover (a model
/// can select exponentially many).
const PATHS_PER_MODEL: usize = 64;

/// Concrete exploration samples random valuations until this many in a row
/// find no new path.
const EXPLORE_SAMPLE_WINDOW: usize = 200;

impl Run<'_> {
    /// Enumerates paths with blocking clauses. The paper blocks the set of
    /// R-true blocks of each model, `not (and R_b ...)`. That clause (and
    /// also `not (and R_b ...)` over one path's blocks) forbids every
    /// *valuation* under which those blocks are reachable, not one path: if
    /// path P is feasible under every valuation and path Q only under some,
    /// a first model with Q infeasible blocks P and with it every valuation,
    /// so Q is never found and its blocks look infeasible. So paths are
    /// blocked by their edges instead, `not (and E_b_s ...)`, over the
    /// path-selection variables of the VC: the selected edges of a model
    /// form complete R-true paths, and a set of selected edges that holds
    /// every edge of P contains P itself, so the clause removes exactly the
    /// path P (every path of a model that satisfies it is new). It
    /// strengthens the paper's clause into one per path; each model yields
    /// every path its selected edges form (up to [`PATHS_PER_MODEL`]).
    ///
    /// With [`super::CoverTuning::explore_after_paths`], once that many
    /// paths are found, paths are also found by concrete runs in Rust
    /// ([`explore`]): random valuations, then mutations of every valuation
    /// that found a new path. Each later model is read for the inputs' and
    /// choices' values only, and the paths feasible under them are found by
    /// running the program on them (falling back to the edge variables if
    /// that finds no new path); its valuation seeds the next search. Every
    /// path found either way is blocked by its edges, so the solver's final
    /// `unsat` still proves that no other path exists.
    ///
    /// What exploration did is kept for the result
    /// ([`super::CoverResult::explore`]), however the loop ends.
    pub(super) fn path_cover(
        &mut self,
        solver: &mut Solver,
        limits: &CoverLimits,
    ) -> Result<(), SolverError> {
        let program = self.program;
        let vc = self.vc;
        let slots = self.model_vars.clone();
        let mut explorer = explore::Explorer::new(program, &vc.succs, &slots);
        let outcome = self.enumerate_paths(solver, limits, &mut explorer);
        self.explore = Some(ExploreStats {
            runs: explorer.runs,
            steer_walks: explorer.steer_walks,
            enters: explorer.enters(),
        });
        outcome
    }

    /// [`Run::path_cover`]'s loop, with `explorer` for the concrete runs.
    fn enumerate_paths(
        &mut self,
        solver: &mut Solver,
        limits: &CoverLimits,
        explorer: &mut explore::Explorer,
    ) -> Result<(), SolverError> {
        let edges = self.edge_list();
        let edge_count = edges.len();
        let mut terms: Vec<String> = edges.iter().map(|&(_, _, name)| name.to_string()).collect();
        drop(edges);
        self.push_value_terms(&mut terms);
        let value_terms: Vec<String> = terms[edge_count..].to_vec();
        let mut exploring = false;
        // Solver valuations seen before exploring starts: its first seeds.
        let mut seeds: Vec<explore::Seed> = Vec::new();
        loop {
            let room = match limits.max_tests {
                Some(max) if self.tests.len() >= max => {
                    self.stop_at_limit();
                    return Ok(());
                }
                Some(max) => max - self.tests.len(),
                None => usize::MAX,
            };
            if !exploring
                && explore::supports(self.program)
                && self.vc.applications.is_empty()
                && self
                    .tuning
                    .explore_after_paths
                    .is_some_and(|after| self.tests.len() >= after)
            {
                exploring = true;
                let found = explorer.explore_in_parts(
                    std::mem::take(&mut seeds),
                    EXPLORE_SAMPLE_WINDOW,
                    room,
                    PATHS_PER_MODEL,
                );
                self.block_and_add(solver, found)?;
                continue;
            }
            match self.query(solver, &[])? {
                SatAnswer::Sat if exploring => {
                    let values = solver.get_values(&value_terms)?;
                    let valuation: Option<Vec<explore::Val>> =
                        values.iter().map(explore::Val::of_value).collect();
                    let mut found = Vec::new();
                    if let Some(v) = &valuation {
                        for p in explorer.new_paths_under(v, PATHS_PER_MODEL.min(room)) {
                            found.push((p, v.clone()));
                        }
                    }
                    if found.is_empty() {
                        // Not evaluable here: read the selected edges.
                        let selected = self.selected_edges(solver, &terms[..edge_count])?;
                        for p in self.selected_paths(&selected, PATHS_PER_MODEL.min(room))? {
                            explorer.insert_known(&p);
                            self.add_test(p.clone(), &values)?;
                            self.block_path(solver, &p)?;
                        }
                        continue;
                    }
                    if let Some(v) = valuation {
                        let left = room.saturating_sub(found.len());
                        let first = Some(found[0].0.clone());
                        found.extend(explorer.search(vec![(v, first)], left, PATHS_PER_MODEL));
                    }
                    self.block_and_add(solver, found)?;
                }
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    let paths = self.selected_paths(&model.selected, room.min(PATHS_PER_MODEL))?;
                    let mut clauses = String::new();
                    for path in &paths {
                        let _ = writeln!(clauses, "(assert {})", self.blocking_clause(path));
                    }
                    self.send(solver, &clauses)?;
                    if let Some(v) = model
                        .values
                        .iter()
                        .map(explore::Val::of_value)
                        .collect::<Option<Vec<_>>>()
                    {
                        seeds.push((v, paths.first().cloned()));
                    }
                    for path in paths {
                        explorer.insert_known(&path);
                        self.add_test(path, &model.values)?;
                    }
                }
                SatAnswer::Unsat => {
                    let open = self.open_goals();
                    self.refute(&open);
                    return Ok(());
                }
                SatAnswer::Unknown(_) => {
                    self.partial = true;
                    return self.one_query_per_goal(
                        solver,
                        &terms,
                        selected_of,
                        true,
                        limits.max_tests,
                    );
                }
            }
        }
    }

    /// The values of the edge variables `edge_terms` in the last model.
    fn selected_edges(
        &self,
        solver: &mut Solver,
        edge_terms: &[String],
    ) -> Result<Vec<bool>, SolverError> {
        solver
            .get_values(edge_terms)?
            .into_iter()
            .map(|v| match v {
                Value::Bool(b) => Ok(b),
                _ => Err(inconsistent_model("a non-Boolean value for a Boolean")),
            })
            .collect()
    }

    /// Blocks every path of `found` (one write) and makes a test of each
    /// with its valuation.
    fn block_and_add(
        &mut self,
        solver: &mut Solver,
        found: Vec<(Vec<usize>, Vec<explore::Val>)>,
    ) -> Result<(), SolverError> {
        if found.is_empty() {
            return Ok(());
        }
        let mut clauses = String::new();
        for (path, _) in &found {
            let _ = writeln!(clauses, "(assert {})", self.blocking_clause(path));
        }
        self.send(solver, &clauses)?;
        for (path, valuation) in found {
            let values: Vec<Value> = valuation.iter().map(|v| v.to_value()).collect();
            self.add_test(path, &values)?;
        }
        Ok(())
    }

    /// The test limit is reached: the goals still open stay undecided.
    pub(super) fn stop_at_limit(&mut self) {
        self.partial = true;
        let reason = format!(
            "path cover stopped after {} tests (the test limit) before reaching it",
            self.tests.len()
        );
        for s in self.state.iter_mut() {
            if *s == GoalState::Open {
                *s = GoalState::Unknown(reason.clone());
            }
        }
    }

    /// Every edge of the VC's graph: (from, to, name of E), in the order
    /// of the selector terms.
    fn edge_list(&self) -> Vec<(usize, usize, &str)> {
        self.vc
            .succs
            .iter()
            .enumerate()
            .flat_map(|(b, out)| out.iter().map(move |(t, e)| (b, *t, e.as_str())))
            .collect()
    }

    pub(super) fn edge_index(&self) -> std::collections::HashMap<(usize, usize), usize> {
        self.edge_list()
            .into_iter()
            .enumerate()
            .map(|(i, (b, t, _))| ((b, t), i))
            .collect()
    }

    /// Blocks reachable from the entry along selected edges.
    pub(super) fn active_blocks_by_edges(&self, selected: &[bool]) -> Vec<bool> {
        let n = self.program.blocks.len();
        let mut active = vec![false; n];
        active[0] = true;
        let mut e = 0;
        for b in 0..n {
            for (t, _) in &self.vc.succs[b] {
                if active[b] && selected.get(e).copied().unwrap_or(false) {
                    active[*t] = true;
                }
                e += 1;
            }
        }
        active
    }

    /// Up to `limit` complete paths along selected edges, depth first.
    fn selected_paths(
        &self,
        selected: &[bool],
        limit: usize,
    ) -> Result<Vec<Vec<usize>>, SolverError> {
        // Index of the first edge of each block in `selected`.
        let mut first_edge = Vec::with_capacity(self.vc.succs.len());
        let mut e = 0;
        for out in &self.vc.succs {
            first_edge.push(e);
            e += out.len();
        }
        let mut paths = Vec::new();
        // Stack of (block, next successor position to try).
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        while let Some(&(b, next)) = stack.last() {
            let out = &self.vc.succs[b];
            if out.is_empty() {
                paths.push(stack.iter().map(|&(x, _)| x).collect());
                stack.pop();
                if paths.len() >= limit {
                    break;
                }
                continue;
            }
            let found = (next..out.len()).find(|&pos| selected[first_edge[b] + pos]);
            let top = stack.len() - 1;
            match found {
                Some(pos) => {
                    stack[top].1 = pos + 1;
                    stack.push((out[pos].0, 0));
                }
                None => {
                    stack.pop();
                }
            }
        }
        if paths.is_empty() {
            return Err(inconsistent_model("no selected path from the entry"));
        }
        Ok(paths)
    }

    /// `(not (and E ...))` over the edges of `path` that leave a block
    /// with more than one successor: the others follow from the
    /// path-selection encoding ([`crate::back::vc`]: `S_entry`, and a
    /// selected block with successors selects one of them, so a block with
    /// one successor selects its edge), so the clause still removes exactly
    /// the models that select `path`. A path that chooses nothing is the
    /// only path, so `false`. Half the literals on a chain of diamonds, and
    /// less solver time per query (docs/experiments.md, session 62).
    fn blocking_clause(&self, path: &[usize]) -> String {
        let edges: Vec<&str> = path
            .windows(2)
            .filter(|w| self.vc.succs[w[0]].len() > 1)
            .map(|w| {
                self.vc.succs[w[0]]
                    .iter()
                    .find(|(t, _)| *t == w[1])
                    .map(|(_, e)| e.as_str())
                    .unwrap_or("true")
            })
            .collect();
        if edges.is_empty() {
            "false".to_string()
        } else if edges.len() == 1 {
            format!("(not {})", edges[0])
        } else {
            format!("(not (and {}))", edges.join(" "))
        }
    }

    pub(super) fn block_path(
        &mut self,
        solver: &mut Solver,
        path: &[usize],
    ) -> Result<(), SolverError> {
        let clause = format!("(assert {})\n", self.blocking_clause(path));
        self.send(solver, &clause)
    }
}

/// At most the room `max_tests` leaves after `found` tests (at least one)
/// of a model's `paths`, the first through a block of `serving` (the asked
/// goal's blocks) first: one model must not overshoot `--max-tests`.
pub(super) fn within_room(
    mut paths: Vec<Vec<usize>>,
    serving: &[usize],
    max_tests: Option<usize>,
    found: usize,
) -> Vec<Vec<usize>> {
    if let Some(max) = max_tests {
        if let Some(i) = paths
            .iter()
            .position(|p| p.iter().any(|b| serving.contains(b)))
        {
            paths[..=i].rotate_right(1);
        }
        paths.truncate(max.saturating_sub(found).max(1));
    }
    paths
}

/// `S_b`: block b is on a selected path of the model (path cover).
fn selected_of(vc: &ReachabilityVc, b: usize) -> &str {
    &vc.s[b]
}
