//! Runs near tests, for both ways of analysing an entry with its calls
//! inlined: what they need of the program, computed once per entry, and
//! the runs near given tests within a time.
//!
//! Takes: the [`Program`], an entry and its [`SourceMap`]. Gives: [`Near`]
//! ([`Near::runs`]: tests near bases, through
//! [`crate::check::generate::runs_near`]), which stratified inlining asks
//! after each round, and [`NearCover`], the cover's
//! [`cover::RunsNear`] for inline mode, which it asks after each test it
//! takes from a model; and [`AxiomCheck`], the z3 process that tells
//! whether the function values a run gave agree with the axioms.
//! docs/decisions.md, "Runs near a test".

use super::options::Options;
use crate::back::cover;
use crate::back::solver::{SatAnswer, Solver};
use crate::back::vc::{scalar_literal, ReachabilityVc};
use crate::check::generate::Confirmed;
use crate::ir::passive::{BlockKey, SsaRole};
use crate::ir::testcase::{TestCase, TraceStep, GLOBAL_INPUT_SUFFIX};
use crate::ir::{LocalId, ProcId, Program};
use crate::source::{SourceMap, Span};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What runs near tests need of the program.
pub(crate) struct Near<'a> {
    sources: &'a SourceMap,
    options: Options,
    /// The solver that checks function values against the axioms
    /// ([`AxiomCheck`]): started when a run first needs it; `Err` once it
    /// could not be (no run then gives such values).
    axioms: RefCell<Option<Result<AxiomCheck, ()>>>,
    /// Per procedure: its locals a run may read before writing them.
    uninitialized: Vec<Vec<LocalId>>,
    /// Blocks by procedure name and label.
    keys: HashMap<(String, String), BlockKey>,
    /// Where the globals a base does not give start.
    starts: crate::check::generate::GlobalStarts,
    /// Points at which the runs leave each base
    /// ([`crate::check::generate::Nearby`]).
    divergences: usize,
}

impl<'a> Near<'a> {
    pub(crate) fn new(
        program: &Program,
        entry: ProcId,
        sources: &'a SourceMap,
        options: &Options,
        divergences: usize,
    ) -> Self {
        let reachable: HashSet<ProcId> = crate::middle::reachable_procedures(program, entry)
            .into_iter()
            .collect();
        let mut uninitialized = vec![Vec::new(); program.procedures.len()];
        let mut keys = HashMap::new();
        for &p in &reachable {
            let Some(cfg) = &program.proc(p).body else {
                continue;
            };
            uninitialized[p.0] = crate::middle::inline::read_before_written(program, p, true);
            for n in cfg.graph.node_indices() {
                keys.insert(
                    (program.proc(p).name.clone(), cfg.graph[n].label.clone()),
                    BlockKey { proc: p, block: n },
                );
            }
        }
        Near {
            sources,
            options: options.clone(),
            axioms: RefCell::new(None),
            uninitialized,
            keys,
            starts: crate::check::generate::GlobalStarts::new(program, entry),
            divergences,
        }
    }

    /// The block a trace step enters.
    pub(crate) fn key(&self, step: &TraceStep) -> Option<BlockKey> {
        self.keys
            .get(&(step.proc.clone(), step.label.clone()))
            .copied()
    }

    /// Tests near each of `bases` in turn, until `until`, with how many
    /// of the bases the runs started from: each test enters a
    /// block `covered` (procedure and label) does not hold, and
    /// `covered` grows by what they enter. `seed` varies the runs. Each
    /// base and each test comes with whether it takes quantified
    /// conditions on trust: a test does when its base does, or when it
    /// gives a function values that z3's E-matching finds no
    /// contradiction in but whose model model-based instantiation did
    /// not build.
    pub(crate) fn runs(
        &self,
        program: &Program,
        entry: ProcId,
        bases: &[(TestCase, bool)],
        covered: &mut HashSet<(String, String)>,
        seed: u64,
        until: Option<Instant>,
    ) -> (Vec<(TestCase, bool)>, usize) {
        let line_of = |span: Span| self.sources.line(span);
        let confirm = |test: &TestCase| self.axioms_allow(program, entry, test);
        let mut fresh = Vec::new();
        let mut started = 0;
        for (i, (base, base_on_trust)) in bases.iter().enumerate() {
            if until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            started += 1;
            let nearby = crate::check::generate::Nearby {
                covered,
                uninitialized: &self.uninitialized,
                starts: &self.starts,
                line_of: &line_of,
                seed: seed ^ i as u64,
                divergences: self.divergences,
                attempts: 64,
                until,
                confirm: Some(&confirm),
                base_on_trust: *base_on_trust,
            };
            let found = crate::check::generate::runs_near(program, entry, base, &nearby);
            for (t, on_trust) in found {
                for s in &t.trace {
                    covered.insert((s.proc.clone(), s.label.clone()));
                }
                fresh.push((t, on_trust));
            }
        }
        (fresh, started)
    }

    /// The blocks `test`'s run finishes (by key, in trace order, with
    /// repeats): a run that fails an assertion covers neither the block it
    /// fails in nor its callers' blocks with the call in progress
    /// ([`crate::check::finished_steps`]).
    pub(crate) fn finished_keys(
        &self,
        program: &Program,
        entry: ProcId,
        test: &TestCase,
    ) -> Vec<BlockKey> {
        crate::check::finished_steps(program, entry, test)
            .filter_map(|s| self.key(s))
            .collect()
    }

    /// Whether the axioms of `entry` allow the constants and function
    /// values `test` gives ([`AxiomCheck::allows`]); no when no solver
    /// can be started to tell.
    fn axioms_allow(&self, program: &Program, entry: ProcId, test: &TestCase) -> Confirmed {
        let mut slot = self.axioms.borrow_mut();
        let check = slot.get_or_insert_with(|| AxiomCheck::start(program, entry, &self.options));
        let confirmed = match check {
            Ok(check) => check.allows(test),
            Err(()) => Confirmed::No,
        };
        if std::env::var_os("BICD_NEAR_LOG").is_some() {
            eprintln!("axiom check of a run near a test: {confirmed:?}");
        }
        confirmed
    }
}

/// How long z3 may take to tell whether the axioms allow a test's
/// values, by E-matching and by model-based instantiation each.
const AXIOM_CHECK_MS: u64 = 500;

/// A z3 process that holds an entry's axioms
/// ([`crate::middle::axioms_program`]) and tells whether a test's
/// constants and function values agree with them: a run near a test that
/// gave a function a value no axiom forces (SDV's `BAND(15, 64)`) keeps
/// its test only if so. z3 because axioms are mostly quantified: its
/// model-based instantiation answers `sat` only with a model it has
/// checked against every quantifier.
struct AxiomCheck {
    solver: Solver,
    vc: ReachabilityVc,
    /// The SMT name of each constant the axioms read, by source name.
    constants: Vec<(String, String)>,
}

impl AxiomCheck {
    fn start(program: &Program, entry: ProcId, options: &Options) -> Result<Self, ()> {
        let passive = crate::middle::axioms_program(program, entry);
        let vc = crate::back::vc::reachability_vc(&passive);
        if vc.malformed.is_some() {
            return Err(());
        }
        let constants = passive
            .vars
            .iter()
            .filter_map(|v| match &v.role {
                SsaRole::Input { name } => Some((name.clone(), v.smt_name.clone())),
                _ => None,
            })
            .collect();
        let mut solver = super::stages::start_solver(crate::back::smt::SolverKind::Z3, options)
            .map_err(|_| ())?;
        // Its unanswered model-based questions are its own: the cover's
        // solvers go on asking theirs.
        solver.share_mbqi_record(&Default::default());
        solver
            .set_logic_for(&vc.features, vc.nonlinear)
            .map_err(|_| ())?;
        solver
            .set_query_timeout(Some(AXIOM_CHECK_MS))
            .map_err(|_| ())?;
        solver.send(&vc.declarations).map_err(|_| ())?;
        Ok(AxiomCheck {
            solver,
            vc,
            constants,
        })
    }

    /// Whether the axioms allow the constants and function points of
    /// `test`: E-matching first (fast, and its `unsat` refutes), then,
    /// while it answers at all, model-based instantiation, whose `sat`
    /// confirms. Where neither decides, the test takes the axioms on
    /// trust, as a test from E-matching's candidate model does (SDV's
    /// `BOR` associativity and the like: model-based instantiation builds
    /// no model of them). A value with no SMT literal, a solver error or
    /// no answer in time: no.
    fn allows(&mut self, test: &TestCase) -> Confirmed {
        let Some(facts) = self.facts_of(test) else {
            return Confirmed::No;
        };
        if self.solver.push().is_err() {
            return Confirmed::No;
        }
        let allowed = self.ask(&facts).unwrap_or(Confirmed::No);
        match self.solver.pop() {
            Ok(()) => allowed,
            Err(_) => Confirmed::No,
        }
    }

    fn ask(&mut self, facts: &str) -> Result<Confirmed, crate::back::solver::SolverError> {
        self.solver.send(facts)?;
        let answer = self.solver.check_sat_assuming(&[])?;
        let candidate = self.solver.has_candidate_model();
        Ok(match answer {
            SatAnswer::Sat if !candidate => Confirmed::Yes,
            SatAnswer::Sat | SatAnswer::Unknown(_) if candidate => {
                if self.solver.mbqi_gave_up() {
                    Confirmed::OnTrust
                } else {
                    match self.solver.check_sat_with_mbqi(&[], AXIOM_CHECK_MS)? {
                        SatAnswer::Sat => Confirmed::Yes,
                        SatAnswer::Unsat => Confirmed::No,
                        SatAnswer::Unknown(_) => Confirmed::OnTrust,
                    }
                }
            }
            _ => Confirmed::No,
        })
    }

    /// `test`'s values of the constants the axioms read and of the
    /// functions the VC declares, as assertions; `None` if one has no
    /// SMT literal.
    fn facts_of(&self, test: &TestCase) -> Option<String> {
        let mut facts = String::new();
        for (name, smt) in &self.constants {
            let value = test
                .inputs
                .get(name)
                .or_else(|| test.inputs.get(&format!("{name}{GLOBAL_INPUT_SUFFIX}")));
            if let Some(value) = value {
                let _ = writeln!(facts, "(assert (= {smt} {}))", scalar_literal(value)?);
            }
        }
        for point in &test.functions {
            let Some(smt) = self.vc.functions.get(&point.function) else {
                continue;
            };
            let value = scalar_literal(&point.value)?;
            if point.args.is_empty() {
                let _ = writeln!(facts, "(assert (= {smt} {value}))");
                continue;
            }
            let args = point
                .args
                .iter()
                .map(scalar_literal)
                .collect::<Option<Vec<String>>>()?;
            let _ = writeln!(facts, "(assert (= ({smt} {}) {value}))", args.join(" "));
        }
        Some(facts)
    }
}

/// Runs near one test may take as long as the solver took to find it,
/// but at most this long and at most a quarter of the time left; half as
/// long after each test whose runs found nothing. (A fixed 2 s made a
/// SMACK program the solver decides in 0.3 s take 2.3 s.)
const NEAR_ONE_TEST_MS: u64 = 2_000;

/// Points at which inline mode's runs leave each base. Their time is
/// the solver's for the base ([`NEAR_ONE_TEST_MS`]); with 8 (as in
/// stratified inlining, whose rounds give the runs half the time left)
/// they mostly stopped well before it on SMACK's `parport_true`, where
/// each base led to more tests (docs/experiments.md, session 53).
const INLINE_DIVERGENCES: usize = 32;

/// Inline mode's runs near the cover's tests ([`cover::RunsNear`]).
pub(crate) struct NearCover<'a> {
    program: &'a Program,
    entry: ProcId,
    sources: &'a SourceMap,
    /// Made when the cover first asks (most covers never do).
    near: Option<Near<'a>>,
    options: Options,
    deadline: Option<crate::back::solver::Deadline>,
    /// Bases given so far (each gets a seed of its own).
    bases: u64,
    /// Bases in a row whose runs found nothing.
    fruitless: u32,
}

impl<'a> NearCover<'a> {
    pub(crate) fn new(
        program: &'a Program,
        entry: ProcId,
        sources: &'a SourceMap,
        options: &Options,
    ) -> Self {
        NearCover {
            program,
            entry,
            sources,
            near: None,
            options: options.clone(),
            deadline: options.deadline,
            bases: 0,
            fruitless: 0,
        }
    }
}

impl cover::RunsNear for NearCover<'_> {
    fn runs_near(
        &mut self,
        base: &TestCase,
        base_on_trust: bool,
        covered: &BTreeSet<BlockKey>,
        budget: Duration,
    ) -> Vec<(TestCase, Vec<BlockKey>, bool)> {
        let mut share = budget.min(Duration::from_millis(NEAR_ONE_TEST_MS));
        if let Some(d) = self.deadline {
            share = share.min(d.at.saturating_duration_since(Instant::now()) / 4);
        }
        let until = Instant::now() + share / (1 << self.fruitless.min(8));
        // A test from a candidate model runs as it claims once repaired,
        // or not at all.
        let mut base = base.clone();
        if crate::check::replay_repairing(self.program, self.entry, &mut base).is_err() {
            return Vec::new();
        }
        let mut names: HashSet<(String, String)> = covered
            .iter()
            .filter_map(|k| {
                let p = self.program.proc(k.proc);
                let label = &p.body.as_ref()?.graph.node_weight(k.block)?.label;
                Some((p.name.clone(), label.clone()))
            })
            .collect();
        self.bases += 1;
        let near = self.near.get_or_insert_with(|| {
            Near::new(
                self.program,
                self.entry,
                self.sources,
                &self.options,
                INLINE_DIVERGENCES,
            )
        });
        let (tests, _) = near.runs(
            self.program,
            self.entry,
            &[(base.clone(), base_on_trust)],
            &mut names,
            self.bases << 40,
            Some(until),
        );
        if std::env::var_os("BICD_NEAR_LOG").is_some() {
            eprintln!(
                "runs near test {}: {} found, {:?} of {:?} left",
                base.id,
                tests.len(),
                until.saturating_duration_since(Instant::now()),
                share / (1 << self.fruitless.min(8)),
            );
        }
        self.fruitless = match tests.is_empty() {
            true => self.fruitless + 1,
            false => 0,
        };
        tests
            .into_iter()
            .map(|(t, on_trust)| {
                let mut keys: Vec<BlockKey> = near.finished_keys(self.program, self.entry, &t);
                keys.sort();
                keys.dedup();
                (t, keys, on_trust)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::back::smt::SolverKind;
    use crate::ir::testcase::{FunctionPoint, Outcome, Value};

    const AXIOMS: &str = "function BAND(a: int, b: int) returns (int);
const Level: int;
axiom Level == 15;
axiom (forall x: int, y: int :: BAND(x, y) >= 0);

procedure main() { }
";

    /// A test of `main` that gives `Level` and `BAND(15, 64)` values.
    fn test_giving(level: i64, band: i64) -> TestCase {
        TestCase {
            id: 1,
            entry: "main".into(),
            inputs: [("Level".to_string(), Value::Int(level.into()))]
                .into_iter()
                .collect(),
            choices: Vec::new(),
            trace: Vec::new(),
            functions: vec![FunctionPoint {
                function: "BAND".into(),
                args: vec![Value::Int(15.into()), Value::Int(64.into())],
                value: Value::Int(band.into()),
            }],
            outcome: Outcome::Returns,
        }
    }

    #[test]
    fn the_axiom_check_refuses_values_against_the_axioms_only() {
        let mut sources = SourceMap::new();
        let file = sources.add("axioms.bpl", AXIOMS);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let options = Options {
            timeout_ms: Some(10_000),
            ..Options::new(SolverKind::Z3)
        };
        let mut check = AxiomCheck::start(&program, ProcId(0), &options).expect("z3 starts");
        assert_ne!(check.allows(&test_giving(15, 3)), Confirmed::No);
        assert_eq!(check.allows(&test_giving(15, -1)), Confirmed::No);
        assert_eq!(check.allows(&test_giving(14, 3)), Confirmed::No);
        // Each question in a scope of its own: the first is still allowed.
        assert_ne!(check.allows(&test_giving(15, 0)), Confirmed::No);
    }
}
