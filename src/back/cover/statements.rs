//! Statement cover (Algorithm 2): enabling clauses.
//!
//! Takes: a [`Run`] with the VC's declarations loaded. Gives: every goal
//! covered by a test or refuted by the final `unsat` of the enabling
//! clause `OR R_b` over the blocks serving open goals; after an `unknown`,
//! one query per open goal. On long programs the accelerators of
//! [`super::accelerate`] go first. Where a question on the whole VC is
//! slow, a twin solver process answers for half of the open goals at the
//! same time ([`Run::enabling_clause_loop`]). Paper, section 4,
//! Algorithm 2; design.md, "Statement cover".

use super::accelerate;
use super::dead_code::DeadCodeScope;
use super::explore;
use super::run::{Goal, GoalState, Run};
use super::CoverLimits;
use crate::back::solver::cores::{spare_core, SpareCore};
use crate::back::solver::{SatAnswer, Solver, SolverError};
use crate::back::vc::ReachabilityVc;
use crate::ir::passive::BlockKey;
use crate::ir::ExprKind;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The per-query timeout (z3) of the enabling-clause loop on a quantified
/// VC after its first query. The first queries find candidate models at
/// once; as the goals left get harder, each query costs more quantifier
/// instances (on the HAVOC drivers 5-10 s each), and the goals they would
/// cover are found sooner by the dead-code pass and the rounds over single
/// goals. The first query keeps the full timeout (under load, a cap there
/// left a driver with no test at all).
const ENABLING_QUERY_TIMEOUT_MS: u64 = 2_500;

/// The per-query limit (yices and z3) of Algorithm 2's loop on a
/// quantifier-free VC after its first query (or twice that query's time,
/// if more): a question about many goals at once that the solver does not
/// answer soon is left to the questions about one goal each. On SMACK's
/// `__SMACK_or32` yices answered two questions at once and did not answer
/// the third, on 53 goals, in 10 s; one question per goal decided all 53
/// in 0.4 s.
const LOOP_QUERY_CAP_MS: u64 = 2_000;

/// The per-query timeout (z3) of [`Run::whole_vc_first`]: a program
/// with no terminating run at all is refuted fast or not at all (on a
/// SMACK driver of 2,096 passive blocks in 0.2 s), and so are the goals a
/// run of a state machine reaches (OpenSSL's `s3_srvr_10`: 21 queries,
/// the whole run 2.3 s; the longest query 2.2 s with a test suite running
/// beside it).
const WHOLE_VC_QUERY_TIMEOUT_MS: u64 = 3_000;

/// The per-query limit of [`Run::refute_all_by_must_pass_blocks`] (yices
/// through bicd's watchdog): a prefix that takes longer is left to the
/// other passes.
const MUST_PASS_QUERY_TIMEOUT_MS: u64 = 2_000;

/// Per block of `program`: it assumes `false` (a loop's last unwinding,
/// cut off), so that it ends no run.
pub(super) fn blocked_blocks(program: &crate::ir::passive::PassiveProgram) -> Vec<bool> {
    program
        .blocks
        .iter()
        .map(|b| b.assumes.iter().any(|a| a.kind == ExprKind::Bool(false)))
        .collect()
}

/// The blocks of a passive program (blocks in topological order, `succs`
/// per block) that every path from the entry (block 0) to an exit (a
/// block without successors that is not `blocked`: one that assumes
/// `false` ends no run) passes, the entry excluded, in order. A
/// block is passed by every such path exactly when no edge of a path
/// jumps over it (from a block before it to one after it, an exit's edge
/// to the end included); only blocks on some path from the entry to an
/// exit count.
pub(super) fn must_pass_blocks(succs: &[Vec<(usize, String)>], blocked: &[bool]) -> Vec<usize> {
    let n = succs.len();
    if n == 0 {
        return Vec::new();
    }
    // On a path from the entry to an exit: reached from the entry, and an
    // exit reached from it.
    let mut from_entry = vec![false; n];
    from_entry[0] = true;
    for b in 0..n {
        if from_entry[b] {
            for (s, _) in &succs[b] {
                from_entry[*s] = true;
            }
        }
    }
    let mut to_exit = vec![false; n];
    for b in (0..n).rev() {
        to_exit[b] = !blocked.get(b).copied().unwrap_or(false)
            && (succs[b].is_empty() || succs[b].iter().any(|(s, _)| to_exit[*s]));
    }
    let on_path = |b: usize| from_entry[b] && to_exit[b];
    // jumped[b] > 0: some edge of a path goes from before b to after it
    // (an exit goes to the end, n).
    let mut delta = vec![0i64; n + 2];
    for b in (0..n).filter(|&b| on_path(b)) {
        let targets: Vec<usize> = if succs[b].is_empty() {
            vec![n]
        } else {
            succs[b]
                .iter()
                .map(|(s, _)| *s)
                .filter(|&s| on_path(s))
                .collect()
        };
        for t in targets {
            if t > b + 1 {
                delta[b + 1] += 1;
                delta[t] -= 1;
            }
        }
    }
    let mut jumped = 0i64;
    let mut must = Vec::new();
    for (b, d) in delta.iter().enumerate().take(n) {
        jumped += d;
        if b > 0 && on_path(b) && jumped == 0 {
            must.push(b);
        }
    }
    must
}

/// Whether `ask` (is this block reachable?) answers `unsat` for one of
/// the must-pass blocks `must`, asked about the 1st, 2nd, 4th, 8th, ...
/// of them and the last: each query carries a prefix about twice as deep
/// as the one before, and a shallow `sat` is cheap. A model of the last,
/// or an `unknown`, ends the search (false).
pub(super) fn some_must_pass_block_unreachable(
    must: &[usize],
    mut ask: impl FnMut(usize) -> Result<SatAnswer, SolverError>,
) -> Result<bool, SolverError> {
    let Some(last) = must.len().checked_sub(1) else {
        return Ok(false);
    };
    let mut i = 0;
    loop {
        match ask(must[i.min(last)])? {
            SatAnswer::Unsat => return Ok(true),
            SatAnswer::Sat if i < last => i = 2 * i + 1,
            _ => return Ok(false),
        }
    }
}

/// The per-query timeout (z3) of the quick round over single goals in a
/// quantified VC's statement cover: what takes longer waits for the
/// dead-code pass and the last round, at the full timeout.
const QUICK_GOAL_TIMEOUT_MS: u64 = 2_000;

impl Run<'_> {
    /// Statement cover with the accelerators of [`accelerate`] in front:
    /// concrete runs cover what they can; the enabling-clause loop on the
    /// forward VC covers the rest (each model completed by a concrete run)
    /// and refutes what stays open (its final `unsat`). Only if that stops
    /// short (an `unknown`, goals whose models do not complete, programs
    /// concrete runs do not support) do window queries refute what they
    /// can and Algorithm 2 proper (enabling clauses over the whole VC)
    /// decide the goals still open, ending on its `unsat`. Under a time
    /// limit ([`CoverLimits::time_limited`]) the smallest window queries
    /// go before the forward VC as well.
    pub(super) fn accelerated_statement_cover(
        &mut self,
        solver: &mut Solver,
        limits: &CoverLimits,
    ) -> Result<(), SolverError> {
        self.send(solver, &self.vc.declarations)?;
        let slots = self.model_vars.clone();
        let mut whole_vc_asked = false;
        if explore::supports(self.program) && explore::evaluates_applications(self.vc) {
            let mut c = accelerate::Concrete::new(self.program, self.vc, &slots);
            self.cover_by_runs(&mut c)?;
            // No run terminated on a program with uninterpreted
            // functions: perhaps none can (a Corral harness of a correct
            // driver ends in `assume !assertsPassed`), which one query on
            // the whole VC shows, where windows would ask one query per
            // goal (3,632 on an SV-COMP driver) and each has runs of its
            // own. (Not on programs without functions: on the 1,000-
            // diamond chain, whose runs find no test either, that query
            // took the whole 60 s and the windows refuted nothing.)
            // No run terminated: perhaps none can. If a block that every
            // run to an exit passes is unreachable, none can, and a few
            // queries on the forward VC's prefixes show it (the 1,000-
            // diamond chain, where windows ask thousands). Not when an
            // earlier run covered goals: some run terminates. (The whole
            // VC's loop below does run then: after a smaller unwinding,
            // its models cover whole paths where windows ask per goal;
            // without it OpenSSL's `s3_srvr_10` kept 202 of 261 blocks
            // undecided at 20 s.)
            if self.no_run_known() && self.refute_all_by_must_pass_blocks(solver)? {
                return Ok(());
            }
            if self.no_test_yet() && !self.vc.applications.is_empty() {
                whole_vc_asked = true;
                if self.whole_vc_first(solver)? {
                    return Ok(());
                }
            }
            if limits.time_limited {
                let open = self.open_goals();
                self.refute_by_small_windows(solver, &open)?;
            }
            self.cover_by_forward_vc(&mut c, solver)?;
        }
        if self.open_goals().is_empty() {
            return Ok(());
        }
        if self.vc.features.quantifiers {
            return self.quantified_statement_cover(solver);
        }
        if self.no_test_yet() && !whole_vc_asked && self.whole_vc_first(solver)? {
            return Ok(());
        }
        let open = self.open_goals();
        self.refute_by_windows(solver, &open)?;
        if self.open_goals().is_empty() {
            return Ok(());
        }
        let mut script = self.vc.definitions_for(solver.kind()).to_string();
        let _ = writeln!(script, "(assert {})", self.vc.r[0]);
        self.send(solver, &script)?;
        self.statement_cover(solver)
    }

    /// Whether this run, and an earlier run of the same program that it
    /// goes on from ([`super::DecidedGoals::continued`]), found no test.
    /// (A run continued from one with tests would otherwise start again
    /// with the whole-VC loop, which the earlier run left out: SMACK's
    /// `__SMACK_and32` in `contracts_and` spent its second share there,
    /// its yices query stopped at the cap, and proved nothing of the 224
    /// blocks a fresh run of 4 s proves on the forward VC.)
    fn no_test_yet(&self) -> bool {
        self.tests.is_empty() && !self.earlier_tests
    }

    /// Whether no terminating run is known: no test yet, and no goal that
    /// an earlier run covered ([`super::DecidedGoals`]).
    fn no_run_known(&self) -> bool {
        self.tests.is_empty() && !self.state.contains(&GoalState::Covered)
    }

    /// Before the window queries, when no concrete run has found a test:
    /// Algorithm 2's loop on the whole VC, each query within
    /// [`WHOLE_VC_QUERY_TIMEOUT_MS`] (z3; yices within the per-query
    /// timeout), until it refutes the goals left or cannot tell. Its
    /// `unsat` decides every goal at once (a program none of whose runs
    /// terminates within the bound: SMACK's harnesses end in `assume
    /// !assertsPassed`, and a correct driver has no such run; window
    /// queries cannot show that, each window having runs of its own); each
    /// model covers a whole path. Windows first cost a query or two per
    /// goal that mostly answer `sat` where goals are feasible (OpenSSL's
    /// `s3_srvr` state machine, bit-vectors, 261 blocks: 545 window queries,
    /// 200 goals undecided at 20 s; this loop: all decided in 2.3 s). True
    /// when no goal is left.
    fn whole_vc_first(&mut self, solver: &mut Solver) -> Result<bool, SolverError> {
        let mut whole = self.vc.definitions_for(solver.kind()).to_string();
        let _ = writeln!(whole, "(assert {})", self.vc.r[0]);
        self.send(solver, "(push 1)\n")?;
        self.send(solver, &whole)?;
        // On programs with uninterpreted functions (SMACK's prelude), yices
        // gets the cap too, and if it stalls on the whole VC before any
        // test the rest of the run is z3's (the report says so): z3
        // answers such questions at once where yices does not (a SMACK
        // harness of 656 blocks: nothing decided with yices at 20 s, 455
        // blocks this way). Not elsewhere: on the 1,000-diamond chain
        // yices' own way decides every block in 21 s, z3's in 29 s.
        let may_switch = !self.vc.applications.is_empty();
        if may_switch {
            solver.cap_query_time(Some(WHOLE_VC_QUERY_TIMEOUT_MS))?;
        } else {
            solver.set_query_timeout(Some(WHOLE_VC_QUERY_TIMEOUT_MS))?;
        }
        let mut finished = self.enabling_clause_loop(solver, None, None);
        if may_switch
            && matches!(finished, Ok(false))
            && self.tests.is_empty()
            && solver.switch_to_z3(&format!(
                "did not answer the question on the whole VC within {} s, before any test",
                WHOLE_VC_QUERY_TIMEOUT_MS / 1000
            ))?
        {
            solver.set_query_timeout(Some(WHOLE_VC_QUERY_TIMEOUT_MS))?;
            finished = self.enabling_clause_loop(solver, None, None);
        }
        let restored = solver.cap_query_time(None);
        let popped = self.send(solver, "(pop 1)\n");
        let finished = finished?;
        restored.and(popped)?;
        Ok(finished || self.open_goals().is_empty())
    }

    /// When no concrete run terminated: asks the forward VC whether the
    /// blocks every run from the entry to an exit passes
    /// ([`must_pass_blocks`]) are reachable, the 1st, 2nd, 4th, 8th, ...
    /// of them (so that each query carries a prefix about twice as deep
    /// as the last), loading the forward VC only that far. An `unsat`
    /// shows that no run reaches that block, so that no run terminates:
    /// every open goal is refuted (true). A model, which reaches it only,
    /// proves nothing; an `unknown` or a query over
    /// [`MUST_PASS_QUERY_TIMEOUT_MS`] ends the search (false). On the
    /// 1,000-diamond chain (no path survives) the chain's first
    /// contradiction is a few diamonds deep, where window queries asked
    /// about each of the 9,001 goals in turn.
    fn refute_all_by_must_pass_blocks(&mut self, solver: &mut Solver) -> Result<bool, SolverError> {
        let must = must_pass_blocks(&self.vc.succs, &blocked_blocks(self.program));
        if must.is_empty() {
            return Ok(false);
        }
        self.send(solver, "(push 1)\n")?;
        solver.cap_query_time(Some(MUST_PASS_QUERY_TIMEOUT_MS))?;
        let outcome = self.ask_must_pass_blocks(solver, &must);
        let restored = solver.cap_query_time(None);
        let popped = self.send(solver, "(pop 1)\n");
        let refuted = outcome?;
        restored.and(popped)?;
        if refuted {
            let open = self.open_goals();
            self.refute(&open);
        }
        Ok(refuted)
    }

    /// The queries of [`Run::refute_all_by_must_pass_blocks`] on the
    /// loaded scope: true on an `unsat`.
    fn ask_must_pass_blocks(
        &mut self,
        solver: &mut Solver,
        must: &[usize],
    ) -> Result<bool, SolverError> {
        let mut loaded = 0;
        some_must_pass_block_unreachable(must, |b| {
            if b >= loaded {
                let text = self.vc.forward_definitions[loaded..=b].concat();
                self.send(solver, &text)?;
                loaded = b + 1;
            }
            let target = self.vc.r[b].clone();
            self.query(solver, &[target.as_str()])
        })
    }

    /// Statement cover of a VC with quantifiers (z3 in E-matching mode,
    /// every model a candidate that the driver replays): tests first, from
    /// the whole VC, each covering a whole path; if the solver cannot tell
    /// before the open goals are refuted, the dead-code pass
    /// ([`super::dead_code`]) refutes on the forward VC what no path can
    /// even reach, and one query per goal on the whole VC decides the
    /// rest. Window queries are not asked: they drop the blocks outside
    /// the window, which leaves a quantified VC just as hard, and send the
    /// window's instances again each time.
    fn quantified_statement_cover(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        // After a smaller unwinding covered what it could, the goals left
        // are mostly infeasible ones: the dead-code pass refutes them
        // cheaply, where a query on the whole VC first looks for a run
        // (on a HAVOC driver, 13 assertions: 4.9 s for one query on the
        // whole VC, ... on the forward VC).
        if self.seeded {
            self.refute_unreachable_goals(solver, DeadCodeScope::All { one_by_one: true })?;
            if self.open_goals().is_empty() {
                return Ok(());
            }
        }
        let mut whole = self.vc.definitions_for(solver.kind()).to_string();
        let _ = writeln!(whole, "(assert {})", self.vc.r[0]);
        // One query for a run through any goal, on a fresh solver: its
        // candidate model covers many goals at once (the assertion questions
        // before it left z3's search in a state where the same query
        // sometimes ran into its timeout).
        self.send(solver, "(push 1)\n")?;
        self.send(solver, &whole)?;
        let finished = self.enabling_clause_loop(solver, None, Some(1));
        let popped = self.send(solver, "(pop 1)\n");
        if finished? || self.open_goals().is_empty() {
            return popped;
        }
        popped?;
        // Boogie's question next: can an assertion fail? Where they hold,
        // E-matching says so at once, and test generation no longer has
        // them among its goals.
        self.refute_unreachable_goals(solver, DeadCodeScope::Assertions)?;
        self.send(solver, "(push 1)\n")?;
        self.send(solver, &whole)?;
        let finished = self.enabling_clause_loop(solver, Some(ENABLING_QUERY_TIMEOUT_MS), None);
        let restored = solver.cap_query_time(None);
        let popped = self.send(solver, "(pop 1)\n");
        if finished? || self.open_goals().is_empty() {
            return restored.and(popped);
        }
        restored.and(popped)?;
        // The dead-code pass's batches: cheap where whole groups of goals
        // are unreachable.
        self.refute_unreachable_goals(solver, DeadCodeScope::All { one_by_one: false })?;
        if self.open_goals().is_empty() {
            return Ok(());
        }
        // One goal at a time, shallowest first, each given a short time:
        // a model for one goal covers a whole path, so the easy goals go
        // first and take others with them.
        self.send(solver, "(push 1)\n")?;
        self.send(solver, &whole)?;
        solver.set_query_timeout(Some(QUICK_GOAL_TIMEOUT_MS))?;
        let quick = self.each_open_goal_once(solver);
        let restored = solver.set_query_timeout(None);
        let popped = self.send(solver, "(pop 1)\n");
        quick.and(restored).and(popped)?;
        if self.open_goals().is_empty() {
            return Ok(());
        }
        self.refute_unreachable_goals(solver, DeadCodeScope::All { one_by_one: true })?;
        if self.open_goals().is_empty() {
            return Ok(());
        }
        self.send(solver, "(push 1)\n")?;
        self.send(solver, &whole)?;
        let terms = self.reach_terms();
        let decided = self.one_query_per_goal(solver, &terms, reach_of, false, None);
        let popped = self.send(solver, "(pop 1)\n");
        decided.and(popped)
    }

    /// Asks the loaded VC about each open goal once, shallowest first:
    /// covers it (and what the model's paths pass) or refutes it; a goal
    /// the solver cannot tell about stays open for the later passes.
    fn each_open_goal_once(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        let terms = self.reach_terms();
        for g in self.open_goals_shallowest_first() {
            if self.state[g] != GoalState::Open {
                continue;
            }
            let targets: Vec<&str> = self.goals.serving[g]
                .iter()
                .map(|&b| self.vc.r[b].as_str())
                .collect();
            match self.query(solver, &targets)? {
                SatAnswer::Sat => {
                    let model = self.model(solver, &terms)?;
                    self.add_tests_of(&model)?;
                }
                SatAnswer::Unsat => self.refute(&[g]),
                SatAnswer::Unknown(_) => {}
            }
        }
        Ok(())
    }

    /// A test for each path of `R`-true blocks the model has (statement
    /// cover's reading of a model).
    fn add_tests_of(&mut self, model: &super::run::Model) -> Result<(), SolverError> {
        let paths = self.greedy_paths(&model.selected, |p, b| {
            model.selected[p] && model.selected[b]
        })?;
        let first = self.tests.len();
        for path in paths {
            self.add_test(path, &model.values)?;
        }
        self.add_runs_near(first);
        Ok(())
    }

    /// Adds the runs near each test from `first` on ([`super::RunsNear`]):
    /// the goals they enter are covered.
    fn add_runs_near(&mut self, first: usize) {
        let Some(near) = self.near.take() else {
            return;
        };
        let mut goal_of_key: BTreeMap<BlockKey, usize> = BTreeMap::new();
        let mut covered: BTreeSet<BlockKey> = BTreeSet::new();
        for (g, goal) in self.goals.list.iter().enumerate() {
            if let Goal::Block(key) = goal {
                goal_of_key.insert(*key, g);
                if self.state[g] == GoalState::Covered {
                    covered.insert(*key);
                }
            }
        }
        for base in first..self.tests.len() {
            let on_trust = self
                .confirmation
                .unconfirmed_tests
                .contains(&self.tests[base].id);
            let found = near.runs_near(&self.tests[base], on_trust, &covered, self.last_query);
            for (mut test, keys, on_trust) in found {
                let goals: Vec<usize> = keys
                    .iter()
                    .filter_map(|k| goal_of_key.get(k).copied())
                    .collect();
                for &g in &goals {
                    // A goal refuted within the bound stays so: a run near
                    // a test may go around a loop more often.
                    if self.state[g] != GoalState::Refuted {
                        self.state[g] = GoalState::Covered;
                    }
                }
                covered.extend(keys);
                test.id = self.tests.len() + 1;
                if on_trust {
                    self.confirmation.unconfirmed_tests.push(test.id);
                }
                self.entered.push((self.tests.len(), goals));
                self.tests.push(test);
                self.paths.push(Vec::new());
            }
        }
        self.near = Some(near);
    }

    /// The selectors (`R_b` of every block) and the values a test needs.
    fn reach_terms(&self) -> Vec<String> {
        let mut terms: Vec<String> = self.vc.r.clone();
        self.push_value_terms(&mut terms);
        terms
    }

    pub(super) fn statement_cover(&mut self, solver: &mut Solver) -> Result<(), SolverError> {
        let limit = solver.query_time_cap();
        let finished = self.enabling_clause_loop(solver, Some(LOOP_QUERY_CAP_MS), None);
        let restored = solver.cap_query_time(limit);
        if finished? {
            return restored;
        }
        restored?;
        let terms = self.reach_terms();
        self.one_query_per_goal(solver, &terms, reach_of, false, None)
    }

    /// Algorithm 2's loop on the loaded VC: ask for a run through any open
    /// goal, cover what its model's paths cover, until `unsat` refutes the
    /// rest (true) or the solver answers `unknown` (false, goals left open).
    /// `cap`: after the first query (which has the full timeout: it pays
    /// for loading the VC, and a loaded machine slows it down), each query
    /// gets at most this long, or twice the first query's time if that is
    /// more, and never more than the limit in force; the caller restores
    /// the timeout. `max_queries`: stop (false)
    /// after this many queries.
    ///
    /// Where the first query took [`super::CoverTuning::twin_after`] or more (and was
    /// answered with a model) and the machine
    /// has a second core, a twin of the solver ([`Solver::fork`]) holds the
    /// same VC, and each query after that asks the solver about the first
    /// half of the open goals while the twin is asked about the second
    /// half ([`Run::query_beside`]): two models a round. A twin that fails
    /// or cannot tell is let go.
    fn enabling_clause_loop(
        &mut self,
        solver: &mut Solver,
        cap: Option<u64>,
        max_queries: Option<usize>,
    ) -> Result<bool, SolverError> {
        let terms = self.reach_terms();
        // A cap lowers the per-query limit, never raises it (`--timeout-ms`).
        let limit = solver.query_time_cap().unwrap_or(u64::MAX);
        let mut first = true;
        let mut asked = 0;
        let mut twin: Option<(Solver, SpareCore)> = None;
        // The first question was slow: a twin is started once a core is
        // spare (the local proofs beside the cover may hold it), unless
        // one has failed or did not pay.
        let mut want_twin = false;
        // How long the last question asked alone took.
        let mut alone = std::time::Duration::MAX;
        let finished = loop {
            if want_twin && twin.is_none() {
                if let Some(core) = spare_core() {
                    match solver.fork() {
                        Ok(t) => twin = Some((t, core)),
                        Err(_) => want_twin = false,
                    }
                }
            }
            let open: Vec<usize> = self.open_goals();
            if open.is_empty() {
                break Ok(true);
            }
            if max_queries.is_some_and(|m| asked >= m) {
                break Ok(false);
            }
            asked += 1;
            let (mine, theirs) = match &twin {
                Some(_) if open.len() >= 2 => {
                    let (a, b) = open.split_at(open.len() / 2);
                    (a.to_vec(), b.to_vec())
                }
                _ => (open, Vec::new()),
            };
            let targets: Vec<String> = self.targets_of(&mine);
            let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
            let started = std::time::Instant::now();
            let tests_before = self.tests.len();
            let (answer, beside) = match twin.as_mut().filter(|_| !theirs.is_empty()) {
                Some((t, _)) => {
                    self.query_beside(solver, &targets, |run| run.ask_twin(t, &theirs, &terms))
                }
                None => (self.query(solver, &targets), None),
            };
            let answer = match answer {
                Ok(a) => a,
                Err(e) => break Err(e),
            };
            // A twin that failed or could not tell is let go; so is one
            // whose two answers took more than twice as long as one
            // question alone (both processes then wait on the machine:
            // SMACK's `parport`, 4 s where one answer took 1.3 s).
            let took = started.elapsed();
            let twin_slow = beside.is_some() && took > alone.saturating_mul(2);
            if beside.is_none() {
                alone = took;
            }
            if twin_slow || matches!(beside, Some(Err(_) | Ok(SatAnswer::Unknown(_)))) {
                if let Some((t, _)) = twin.take() {
                    self.twin_queries += t.queries();
                    self.twin_time += t.time();
                }
                want_twin = false;
            }
            let twin_covered = self.tests.len() > tests_before;
            if std::env::var_os("BICD_ENABLING_LOG").is_some() {
                let twin = match &beside {
                    Some(Ok(a)) => format!(", twin {} goals: {a:?}", theirs.len()),
                    Some(Err(e)) => format!(", twin failed: {}", e.message),
                    None => String::new(),
                };
                eprintln!(
                    "enabling clause: {} goals: {answer:?}{twin}; {:.2} s, {} tests before",
                    mine.len(),
                    started.elapsed().as_secs_f64(),
                    tests_before
                );
            }
            if let (Some(cap), true) = (cap, first) {
                let twice = 2 * u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                if let Err(e) = solver.cap_query_time(Some(cap.max(twice).min(limit))) {
                    break Err(e);
                }
            }
            let slow = self
                .tuning
                .twin_after
                .is_some_and(|t| started.elapsed() >= t);
            let twin_wanted = first && slow && max_queries.is_none();
            first = false;
            match answer {
                SatAnswer::Sat => {
                    want_twin |= twin_wanted;
                    let model = match self.model(solver, &terms) {
                        Ok(m) => m,
                        Err(e) => break Err(e),
                    };
                    let before = self.tests.len();
                    if let Err(e) = self.add_tests_of(&model) {
                        break Err(e);
                    }
                    // The twin's model may have covered what this one
                    // passes since the question was asked: the loop goes
                    // on then.
                    if self.tests.len() == before && self.candidate && !twin_covered {
                        break Ok(false);
                    }
                    if self.tests.len() == before && !twin_covered {
                        break Err(SolverError {
                            message:
                                "internal error: a model of the enabling clause covers no open goal"
                                    .into(),
                        });
                    }
                }
                SatAnswer::Unsat => {
                    self.refute(&mine);
                    if theirs.is_empty() {
                        break Ok(true);
                    }
                }
                SatAnswer::Unknown(_) => break Ok(false),
            }
        };
        if let Some((t, _)) = twin {
            self.twin_queries += t.queries();
            self.twin_time += t.time();
        }
        finished
    }

    /// The `R` literals of the blocks serving `goals`.
    fn targets_of(&self, goals: &[usize]) -> Vec<String> {
        goals
            .iter()
            .flat_map(|&g| self.goals.serving[g].iter())
            .map(|&b| self.vc.r[b].clone())
            .collect()
    }

    /// One question to the twin about `goals` (a run through one of them),
    /// and the tests of its model; the twin's literal is retired on the
    /// twin.
    fn ask_twin(
        &mut self,
        twin: &mut Solver,
        goals: &[usize],
        terms: &[String],
    ) -> Result<SatAnswer, SolverError> {
        let targets = self.targets_of(goals);
        let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
        let answer = self.query(twin, &targets)?;
        match answer {
            SatAnswer::Sat => {
                let model = self.model(twin, terms)?;
                self.add_tests_of(&model)?;
            }
            SatAnswer::Unsat => self.refute(goals),
            SatAnswer::Unknown(_) => {}
        }
        let retire = std::mem::take(&mut self.retire);
        twin.send(&retire)?;
        Ok(answer)
    }
}

/// `R_b`: block b is on a path of the model (statement cover).
pub(super) fn reach_of(vc: &ReachabilityVc, b: usize) -> &str {
    &vc.r[b]
}

#[cfg(test)]
mod tests {
    use super::must_pass_blocks;

    /// Successor lists from plain block numbers.
    fn succs(edges: &[&[usize]]) -> Vec<Vec<(usize, String)>> {
        edges
            .iter()
            .map(|e| e.iter().map(|&s| (s, String::new())).collect())
            .collect()
    }

    #[test]
    fn blocks_every_path_to_an_exit_passes() {
        // A diamond, then its join, then an exit.
        assert_eq!(
            must_pass_blocks(&succs(&[&[1, 2], &[3], &[3], &[4], &[]]), &[]),
            [3, 4]
        );
        // A straight line.
        assert_eq!(must_pass_blocks(&succs(&[&[1], &[2], &[]]), &[]), [1, 2]);
        // Two exits: a run may end in either.
        assert!(must_pass_blocks(&succs(&[&[1, 2], &[], &[]]), &[]).is_empty());
        // An exit before the join: the join is not passed by every run.
        assert_eq!(
            must_pass_blocks(&succs(&[&[1], &[2, 3], &[], &[]]), &[]),
            [1]
        );
        // A block no run from the entry reaches does not count.
        assert_eq!(must_pass_blocks(&succs(&[&[2], &[2], &[]]), &[]), [2]);
        // A loop's last unwinding, cut off by `assume false`, ends no run:
        // the join after the loop is passed by every run that ends.
        let blocked = [false, false, true, false, false];
        assert_eq!(
            must_pass_blocks(&succs(&[&[1], &[2, 3], &[], &[4], &[]]), &blocked),
            [1, 3, 4]
        );
    }
}
