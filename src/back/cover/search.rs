//! Search-based cover for the goals the solver leaves open: the
//! representing function of a goal minimised over the inputs and choices
//! by basinhopping (seed "Mathematical Execution", Fu and Su, the tool
//! CoverMe; issue 21, part 2).
//!
//! Takes: a [`Run`] whose goals the solver has decided as far as it could
//! (or not at all, `--search only`), with a [`Concrete`] explorer of its
//! passive program ([`super::explore::searchable`] programs only:
//! integers, Booleans, `float24e8`, `float53e11`, `[int]int` and
//! `[int]bool` maps), an evaluation budget
//! per goal and an optional instant to stop at. Gives: goals covered by
//! tests; nothing else changes. design.md, "Search beside the solver".
//!
//! For each goal still open or `unknown`, shallowest first: the
//! representing function ([`super::explore::Explorer::representing`]) is
//! 0 exactly on the valuations whose concrete run reaches the goal and
//! goes on to an end, and otherwise the levels left (to the goal, then
//! from it to an end) plus the branch distance of the condition that
//! stopped the run, and the block's conditions after it. Basinhopping
//! minimises it: a local
//! pattern search (each slot in turn moved by the first of a few probe
//! steps, from 1 to 2^48, that lowers the value, then by doubling steps
//! while the value falls: integers by that much, floats by as many ULPs,
//! Booleans negated), then a random jump of one slot from the best or the
//! current point (a Monte-Carlo step: the other slots adapt to it first,
//! then all; kept if that lowers the value or, with the Metropolis
//! probability, even if not), until a zero or the budget. A zero is a run
//! through the goal to an end; run again along its path
//! ([`super::explore::Explorer::run_one`]), it becomes a test, and like
//! every test it is replayed by the interpreter afterwards.
//!
//! The search never proves anything: a goal it does not reach keeps its
//! state (`unknown`, or open and then `unknown`), never `infeasible`.
//! It is deterministic: the random generator is seeded per goal, and the
//! budget is counted in runs, not time (a deadline only cuts it short).

use super::accelerate::Concrete;
use super::explore::{ExitLevels, Val};
use super::flat::Sort;
use super::run::{GoalState, Run};
use crate::back::solver::SolverError;
use rand::Rng;
use std::time::Instant;

/// Blocks the search may enter for one goal, in all its runs: the runs
/// per goal are this over the number of passive blocks, within
/// [`MIN_RUNS_PER_GOAL`] and [`MAX_RUNS_PER_GOAL`] (a run enters at most
/// every block once).
const BLOCKS_PER_GOAL: usize = 8_000_000;
const MIN_RUNS_PER_GOAL: usize = 1_000;
const MAX_RUNS_PER_GOAL: usize = 200_000;

/// The runs the search may spend on one goal of a program of `blocks`
/// passive blocks (see [`BLOCKS_PER_GOAL`]).
pub(super) fn runs_per_goal(blocks: usize) -> usize {
    (BLOCKS_PER_GOAL / blocks.max(1)).clamp(MIN_RUNS_PER_GOAL, MAX_RUNS_PER_GOAL)
}

/// The Metropolis temperature: a jump that raises the value by `t` is
/// kept with probability `exp(-t / TEMPERATURE)` (one level of the
/// representing function is 1).
const TEMPERATURE: f64 = 0.5;

/// The step sizes the pattern search probes, smallest first (integers,
/// or ULPs for floats).
const PROBE_STEPS: [i64; 9] = [1, 2, 4, 16, 256, 1 << 16, 1 << 24, 1 << 32, 1 << 48];

/// Starting points tried per goal besides the tests found so far.
const RANDOM_STARTS: usize = 8;

/// Tests found so far tried as starting points, the latest first.
const TEST_STARTS: usize = 16;

/// What the search did, for measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Goals searched for.
    pub goals: usize,
    /// Goals covered by a test the search found.
    pub covered: usize,
    /// Runs of the representing function.
    pub runs: usize,
}

impl SearchStats {
    pub(super) fn add(&mut self, other: SearchStats) {
        self.goals += other.goals;
        self.covered += other.covered;
        self.runs += other.runs;
    }
}

/// The representing function of one goal, counting its runs.
struct Objective<'c, 'a> {
    concrete: &'c mut Concrete<'a>,
    level: Vec<u32>,
    exit_level: &'c ExitLevels,
    runs: usize,
    budget: usize,
    stop: Option<Instant>,
    /// The path to the goal of the last zero.
    reached: Vec<usize>,
    /// The slots the search may move: those no axiom or entry
    /// assumption fixes ([`super::explore::Explorer::is_fixed`]).
    free: Vec<usize>,
}

impl Objective<'_, '_> {
    fn spent(&self) -> bool {
        self.runs >= self.budget || self.stop.is_some_and(|s| Instant::now() >= s)
    }

    fn value(&mut self, v: &[Val]) -> f64 {
        self.runs += 1;
        let mut reached = std::mem::take(&mut self.reached);
        let f = self
            .concrete
            .explorer
            .representing(v, &self.level, self.exit_level, &mut reached);
        self.reached = reached;
        f
    }

    /// Pattern search from `x` (value `fx`): each slot in turn (but
    /// `frozen`) is moved by the first step of [`PROBE_STEPS`], up or
    /// down, that lowers the value, then by doubling steps while the value
    /// falls; until a sweep over the slots finds nothing lower, a zero, or
    /// the budget. (Probing large steps first-class matters for floats: a
    /// guard 10^18 ULPs from holding does not notice one ULP.)
    /// `x` with slot `i` moved by `step`, and its value; `None` where the
    /// slot cannot move that far.
    fn step(&mut self, x: &[Val], i: usize, step: i64) -> Option<(Vec<Val>, f64)> {
        let moved = self.concrete.explorer.moved(x[i], step)?;
        let mut y = x.to_vec();
        y[i] = moved;
        let fy = self.value(&y);
        Some((y, fy))
    }

    fn local(&mut self, mut x: Vec<Val>, mut fx: f64, frozen: Option<usize>) -> (Vec<Val>, f64) {
        loop {
            let mut improved = false;
            for i in 0..x.len() {
                if Some(i) == frozen || self.concrete.explorer.is_fixed(i) {
                    continue;
                }
                let boolean = matches!(
                    self.concrete.explorer.slot_sort(i),
                    Sort::Bool | Sort::BoolMap
                );
                let probes: &[i64] = if boolean { &[1] } else { &PROBE_STEPS };
                let mut direction = None;
                'probe: for &magnitude in probes {
                    for sign in [1i64, -1] {
                        if fx == 0.0 || self.spent() {
                            return (x, fx);
                        }
                        let step = sign * magnitude;
                        let Some((y, fy)) = self.step(&x, i, step) else {
                            continue;
                        };
                        if fy < fx {
                            (x, fx) = (y, fy);
                            improved = true;
                            direction = (!boolean).then_some(step);
                            break 'probe;
                        }
                    }
                }
                // Accelerate along the step that helped.
                let Some(mut step) = direction else {
                    continue;
                };
                loop {
                    step = step.saturating_mul(2);
                    if fx == 0.0 || self.spent() {
                        return (x, fx);
                    }
                    let Some((y, fy)) = self.step(&x, i, step) else {
                        break;
                    };
                    if fy < fx {
                        (x, fx) = (y, fy);
                    } else {
                        break;
                    }
                }
            }
            if !improved || fx == 0.0 {
                return (x, fx);
            }
        }
    }

    /// `x` with one free slot jumped: to a random value, or moved by a
    /// random power of two (in ULPs for floats); and which slot. (There is
    /// a free slot: [`Objective::basinhopping`] stops where there is none.)
    fn jump(&mut self, x: &[Val]) -> (Vec<Val>, usize) {
        let mut y = x.to_vec();
        let explorer = &mut self.concrete.explorer;
        let i = self.free[explorer.rng().gen_range(0..self.free.len())];
        if explorer.rng().gen_bool(0.5) {
            y[i] = explorer.random_value(i);
        } else {
            // Small moves more often than large ones.
            let top = explorer.rng().gen_range(0..62);
            let bits = explorer.rng().gen_range(0..=top);
            let sign = if explorer.rng().gen_bool(0.5) { 1 } else { -1 };
            if let Some(m) = explorer.moved(y[i], sign * (1i64 << bits)) {
                y[i] = m;
            }
        }
        (y, i)
    }

    /// Basinhopping from the best of `starts`: a valuation of value 0
    /// (the run reaches the goal), or `None` when the budget is spent;
    /// and the least value seen.
    fn minimise(&mut self, starts: Vec<Vec<Val>>) -> (Option<Vec<Val>>, f64) {
        let mut least = f64::INFINITY;
        let found = self.basinhopping(starts, &mut least);
        (found, least)
    }

    fn basinhopping(&mut self, starts: Vec<Vec<Val>>, least: &mut f64) -> Option<Vec<Val>> {
        let mut best: Option<(Vec<Val>, f64)> = None;
        for s in starts {
            if self.spent() {
                break;
            }
            let f = self.value(&s);
            *least = least.min(f);
            if f == 0.0 {
                return Some(s);
            }
            if best.as_ref().is_none_or(|(_, b)| f < *b) {
                best = Some((s, f));
            }
        }
        let (x, fx) = best?;
        if self.free.is_empty() {
            return None;
        }
        let (mut x, mut fx) = self.local(x, fx, None);
        *least = least.min(fx);
        let (mut best_x, mut best_f) = (x.clone(), fx);
        while fx > 0.0 && !self.spent() {
            let from = if self.concrete.explorer.rng().gen_bool(0.5) {
                &best_x
            } else {
                &x
            };
            let (y, jumped) = self.jump(&from.clone());
            let fy = self.value(&y);
            // The other slots adapt to the jumped one first (else the
            // local search mostly undoes the jump), then all move.
            let (y, fy) = self.local(y, fy, Some(jumped));
            let (y, fy) = self.local(y, fy, None);
            let keep = fy <= fx || {
                let p = (-(fy - fx) / TEMPERATURE).exp();
                self.concrete.explorer.rng().gen_bool(p.clamp(0.0, 1.0))
            };
            if keep {
                (x, fx) = (y, fy);
            }
            if fx < best_f {
                (best_x, best_f) = (x.clone(), fx);
            }
            *least = least.min(fy);
        }
        (fx == 0.0).then_some(x)
    }
}

impl Run<'_> {
    /// Searches for a test through every goal still open or `unknown`
    /// (see the module documentation), at most `runs_per_goal` runs each,
    /// until `stop`. What it does not reach keeps its state.
    pub(super) fn cover_by_search(
        &mut self,
        c: &mut Concrete,
        runs_per_goal: usize,
        stop: Option<Instant>,
    ) -> Result<SearchStats, SolverError> {
        let mut stats = SearchStats::default();
        // Tests from concrete runs are never candidates.
        self.candidate = false;
        self.confirmation.last_unconfirmed = false;
        let mut goals: Vec<usize> = (0..self.state.len())
            .filter(|&g| matches!(self.state[g], GoalState::Open | GoalState::Unknown(_)))
            .collect();
        goals.sort_by_key(|&g| self.goals.serving[g].iter().copied().min().unwrap_or(0));
        c.wanted = self.searched_blocks();
        // A measuring aid: one line per goal searched, on stderr.
        let log = std::env::var_os("BICD_SEARCH_LOG").is_some();
        let exit_level = ExitLevels::of(&self.vc.succs, &self.vc.preds);
        for g in goals {
            if !matches!(self.state[g], GoalState::Open | GoalState::Unknown(_)) {
                continue;
            }
            if stop.is_some_and(|s| Instant::now() >= s) {
                break;
            }
            stats.goals += 1;
            let level = self.levels_to(&self.goals.serving[g]);
            if level[0] == u32::MAX {
                continue;
            }
            c.explorer.reseed(g as u64);
            let mut starts: Vec<Vec<Val>> = c
                .runs
                .iter()
                .rev()
                .take(TEST_STARTS)
                .map(|(_, v)| v.clone())
                .collect();
            for _ in 0..RANDOM_STARTS {
                starts.push(c.explorer.random_valuation());
            }
            let free = c.explorer.free_slots();
            let mut objective = Objective {
                concrete: c,
                level,
                exit_level: &exit_level,
                runs: 0,
                budget: runs_per_goal,
                stop,
                reached: Vec::new(),
                free,
            };
            let (found, least) = objective.minimise(starts);
            stats.runs += objective.runs;
            if log {
                eprintln!(
                    "search: goal {g} block {} levels {} runs {} least {least:.4} {}",
                    self.goals.serving[g].iter().min().unwrap_or(&0),
                    objective.level[0],
                    objective.runs,
                    if found.is_some() {
                        "reached"
                    } else {
                        "not reached"
                    }
                );
            }
            let guide = std::mem::take(&mut objective.reached);
            let Some(valuation) = found else {
                continue;
            };
            // A zero reaches the goal; a test needs a terminating run.
            let budget = c.budget;
            if let Some(path) = c.explorer.run_one(&valuation, &guide, &c.wanted, budget) {
                if path.iter().any(|&b| c.wanted[b]) {
                    self.add_run(path, valuation, c)?;
                    c.wanted = self.searched_blocks();
                    if self.state[g] == GoalState::Covered {
                        stats.covered += 1;
                    }
                }
            }
        }
        Ok(stats)
    }

    /// Per passive block: it serves a goal still open or `unknown`.
    fn searched_blocks(&self) -> Vec<bool> {
        (0..self.program.blocks.len())
            .map(|b| {
                self.goals.goal_of_block[b].is_some_and(|g| {
                    matches!(self.state[g], GoalState::Open | GoalState::Unknown(_))
                })
            })
            .collect()
    }

    /// Per passive block, the fewest edges from it to a block of
    /// `targets` (`u32::MAX`: none reachable).
    fn levels_to(&self, targets: &[usize]) -> Vec<u32> {
        super::explore::levels_to(&self.vc.preds, targets).0
    }
}
