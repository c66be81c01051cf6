//! Summary mode (`--calls summary`): procedure summaries built from the
//! callee's own tests (paper, section 6), with on-demand refinement.
//!
//! Takes: a resolved [`Program`], its [`SourceMap`], one entry procedure
//! and the [`Options`] (with [`CallMode::Summary`]). Gives: the
//! [`ProcedureResult`] of the entry, in which every test runs the callees'
//! real code (and so replays on the original program) and no block is
//! called infeasible on the strength of a summary. Entry function:
//! [`analyze_with_summaries`]. design.md, "Calls"; issue 4.
//!
//! - **Bottom-up.** The call graph (petgraph) is split into strongly
//!   connected components; a procedure's summary is built after those of the
//!   procedures it calls outside its own component. Calls inside one
//!   component (recursion) are inlined, unwound to depth K as in inline
//!   mode ([`crate::middle::inline`]), so a recursive cycle is summarised as a whole.
//! - **A summary** of callee Q is built from the tests of Q analysed on its
//!   own (statement cover, or path cover with `--summary-mode paths`), as Q
//!   runs when called: its locals/outputs read before written are inputs,
//!   and its outputs and the globals it may modify (transitively) are
//!   observed at its exit. It is the disjunction over those tests t of
//!   `in = t.in ∧ out = t.out` — a conjunction per test, not an implication
//!   (`in = t.in ⇒ out = t.out` over two tests with different inputs is
//!   true of every input, so it would not under-approximate). `in` are Q's
//!   parameters and the globals the run reads; `out` its outputs and the
//!   globals it may modify; every other global keeps its incarnation (the
//!   frame). A test that fails an assertion of Q becomes a case that ends
//!   the caller's run in that failure.
//! - **At a call site** each case is one branch of the flat program
//!   ([`CallTreatment::Cases`]); the branch records a marker trace step and
//!   a marker choice, so a model tells which callee test a run used. Before
//!   a test is reported, each marker is replaced by that callee test's trace
//!   and choices (its uninitialised locals first, then its choices in
//!   order): the caller's test then drives the callee's real code in
//!   [`crate::check::replay()`].
//! - **Refinement.** When blocks stay uncovered, the over-approximation
//!   ([`crate::middle::inline::Escape`]: the callee returns any outputs, or ends the
//!   run) is covered once; a test of it through a block the summaries
//!   missed records the argument values at each call it passes. The callee
//!   is summarised again with those values as a precondition (assumed at its
//!   first block), the cases are added to that call site, and the caller is
//!   covered again: at most `rounds` times. Summaries are cached per
//!   (callee, precondition).
//! - **Verdicts.** A block covered under the summaries is covered (its tests
//!   replay). A block the over-approximation proves infeasible is
//!   infeasible (sound: it over-approximates every call). With `confirm`,
//!   the remaining blocks are re-checked with every call inlined, and those
//!   proved infeasible there are infeasible. Every other block is
//!   `uncovered (summary)`: a summary under-approximates.

use super::inline_mode::analyze_inlined;
use super::options::{CallMode, Options, SummarySettings};
use super::results::{
    assert_result, block_results, order_inputs, AssertResult, AssertStatus, BlockStatus,
    ProcedureResult,
};
use super::stages::{self, StageTimes};
use crate::back::cover::SearchMode;
use crate::back::cover::{self, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverResult};
use crate::back::solver::{Solver, SolverError};
use crate::ir::passive::BlockKey;
use crate::ir::testcase::{Choice, ChoiceKind, Outcome, TestCase, TraceStep, Value};
use crate::ir::{GlobalId, ProcId, Program, StmtKind, VarRef};
use crate::middle::inline::{
    inline_calls_with, read_before_written, CallPolicy, CallTreatment, EntryAsCallee, Escape,
    SummaryCase, MARKER_PROC,
};
use crate::middle::unwind::UnwoundBody;
use crate::source::{SourceMap, Span};
use num_bigint::BigInt;
use petgraph::graph::DiGraph;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;
use std::time::Instant;

/// Every marker name starts with this character (no Boogie identifier does).
const MARK: char = '\u{1}';

/// One case of a summary, with what splicing needs.
#[derive(Debug)]
struct Case {
    id: usize,
    inputs: Vec<(VarRef, Value)>,
    outputs: Vec<Value>,
    globals: Vec<(GlobalId, Value)>,
    fails: Option<crate::ir::AssertId>,
    /// The callee's locals/outputs read before written: `Uninitialized`
    /// choices made when the call starts (declaration order).
    uninit: Vec<(String, Value)>,
    /// The callee test's own choices, nested calls spliced in.
    choices: Vec<Choice>,
    /// The callee test's trace, nested calls spliced in.
    trace: Vec<TraceStep>,
}

type Summary = Rc<Vec<Rc<Case>>>;

/// A call of a procedure with a body outside the caller's component.
#[derive(Clone, Debug)]
struct Site {
    caller: ProcId,
    callee: ProcId,
    span: Span,
    /// The cases at this site, each with its marker.
    cases: Vec<Rc<Case>>,
    /// Preconditions already tried here, in the order tried (a list, so
    /// that runs are deterministic).
    tried: Vec<Vec<Value>>,
}

fn case_marker(case: usize, site: usize) -> String {
    format!("{MARK}c{case}@{site}")
}

fn arg_marker(arg: usize, site: usize) -> String {
    format!("{MARK}a{arg}@{site}")
}

fn out_marker(i: usize) -> String {
    format!("{MARK}o{i}")
}

fn global_marker(g: GlobalId) -> String {
    format!("{MARK}g{}", g.0)
}

/// Parses `\u{1}<tag><n>@<site>`.
fn parse_marker(name: &str, tag: char) -> Option<(usize, usize)> {
    let rest = name.strip_prefix(MARK)?.strip_prefix(tag)?;
    let (a, b) = rest.split_once('@')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

struct Policy<'s> {
    component: &'s [usize],
    sites: &'s [Site],
    index: &'s HashMap<(ProcId, Span), usize>,
    /// Add the over-approximating [`Escape`] branch to every site.
    havoc: bool,
    /// The escape branch avoids the preconditions tried at its site.
    exclude_tried: bool,
    program: &'s Program,
    modified: &'s [Vec<GlobalId>],
    mentioned: &'s [Vec<GlobalId>],
}

impl Policy<'_> {
    /// Whether every value a summary of `callee` states (parameters,
    /// outputs, the globals it mentions or modifies) is an integer or a
    /// Boolean, which a summary case can write as a literal. Calls of other
    /// callees (maps, bit-vectors, uninterpreted sorts) are inlined.
    fn values_are_literals(&self, callee: ProcId) -> bool {
        let simple =
            |ty: &crate::ir::Type| matches!(ty, crate::ir::Type::Int | crate::ir::Type::Bool);
        let proc = self.program.proc(callee);
        proc.params
            .iter()
            .chain(&proc.outs)
            .all(|&l| simple(&proc.local(l).var.ty))
            && self.mentioned[callee.0]
                .iter()
                .chain(&self.modified[callee.0])
                .all(|g| simple(&self.program.globals[g.0].ty))
    }
}

impl CallPolicy for Policy<'_> {
    fn treat(&self, caller: ProcId, callee: ProcId, span: Span, _path: &[Span]) -> CallTreatment {
        if self.component[caller.0] == self.component[callee.0] {
            return CallTreatment::Inline;
        }
        let Some(&site) = self.index.get(&(caller, span)) else {
            return CallTreatment::Inline;
        };
        if !self.values_are_literals(callee) {
            return CallTreatment::Inline;
        }
        let escape = if self.havoc {
            let params = self.program.proc(callee).params.len();
            let globals = &self.mentioned[callee.0];
            Some(Escape {
                arg_markers: (0..params).map(|i| arg_marker(i, site)).collect(),
                global_markers: globals
                    .iter()
                    .enumerate()
                    .map(|(j, g)| (*g, arg_marker(params + j, site)))
                    .collect(),
                modified: self.modified[callee.0].clone(),
                exclude: if self.exclude_tried {
                    self.sites[site].tried.clone()
                } else {
                    Vec::new()
                },
            })
        } else {
            None
        };
        let cases = self.sites[site]
            .cases
            .iter()
            .map(|c| SummaryCase {
                marker: case_marker(c.id, site),
                inputs: c.inputs.clone(),
                outputs: c.outputs.clone(),
                globals: c.globals.clone(),
                fails: c.fails,
            })
            .collect();
        CallTreatment::Cases {
            cases: Rc::new(cases),
            escape,
        }
    }
}

/// What one analysis of a procedure found.
struct Analysis {
    /// Under the summaries, no call site was summarised: `under` is exact.
    exact: bool,
    /// Cover under the summaries; tests spliced.
    under: CoverResult,
    /// Cover of the over-approximation, when some block stayed uncovered.
    over: Option<CoverResult>,
    sites: Vec<Site>,
    /// Sites some test of `under` passes through a case of.
    used_sites: HashSet<usize>,
}

struct Summarizer<'a> {
    program: &'a Program,
    sources: &'a SourceMap,
    k: u32,
    settings: SummarySettings,
    /// `--search`, for each cover.
    search: SearchMode,
    bodies: Vec<Option<UnwoundBody>>,
    component: Vec<usize>,
    modified: Vec<Vec<GlobalId>>,
    /// Globals each procedure mentions, closed over its callees: with the
    /// parameters, the precondition of a refined summary.
    mentioned: Vec<Vec<GlobalId>>,
    cache: HashMap<(ProcId, Option<Vec<Value>>), Summary>,
    next_case: usize,
    solver: Solver,
    /// Summaries built (cache misses).
    built: usize,
    /// Refined summaries built (with a precondition).
    refinements: usize,
}

/// The error of one analysis: input errors (unwinding) are told apart.
enum Failure {
    Input(String),
    Solver(String),
}

impl From<SolverError> for Failure {
    fn from(e: SolverError) -> Self {
        Failure::Solver(e.message)
    }
}

/// Calls of procedures with a body in `p`'s body: (callee, span).
fn calls_in(program: &Program, p: ProcId) -> Vec<(ProcId, Span)> {
    let mut out = Vec::new();
    if let Some(cfg) = &program.proc(p).body {
        for n in cfg.graph.node_indices() {
            for s in &cfg.graph[n].stmts {
                if let StmtKind::Call { callee, .. } = &s.kind {
                    if program.proc(*callee).body.is_some() {
                        out.push((*callee, s.span));
                    }
                }
            }
        }
    }
    out
}

/// Globals written by `p`'s body (assignment, havoc, call receivers) or
/// declared in its `modifies`, not yet closed over callees.
fn direct_writes(program: &Program, p: ProcId) -> Vec<GlobalId> {
    let proc = program.proc(p);
    let mut out: Vec<GlobalId> = proc.modifies.clone();
    let mut add = |v: &VarRef| {
        if let VarRef::Global(g) = v {
            out.push(*g);
        }
    };
    if let Some(cfg) = &proc.body {
        for n in cfg.graph.node_indices() {
            for s in &cfg.graph[n].stmts {
                match &s.kind {
                    StmtKind::Assign(pairs) => pairs.iter().for_each(|(v, _)| add(v)),
                    StmtKind::Havoc(vs) => vs.iter().for_each(&mut add),
                    StmtKind::Call { outs, .. } => outs.iter().for_each(&mut add),
                    _ => {}
                }
            }
        }
    }
    out
}

/// Whether every variable of `program` (globals, and the parameters,
/// outputs and locals of every procedure) is an integer or a Boolean.
fn values_are_int_or_bool(program: &Program) -> bool {
    let simple = |ty: &crate::ir::Type| matches!(ty, crate::ir::Type::Int | crate::ir::Type::Bool);
    program.globals.iter().all(|g| simple(&g.ty))
        && program
            .procedures
            .iter()
            .all(|p| p.locals.iter().all(|l| simple(&l.var.ty)))
}

/// A value of a variable a summary states (an integer or a Boolean, see
/// [`Policy::values_are_literals`]) that no test fixed.
fn default_value(ty: &crate::ir::Type) -> Value {
    match ty {
        crate::ir::Type::Bool => Value::Bool(false),
        _ => Value::Int(BigInt::from(0)),
    }
}

impl<'a> Summarizer<'a> {
    /// Sites of `p`'s component: calls from its members to procedures with
    /// a body outside it.
    fn sites_of(&self, p: ProcId) -> Vec<Site> {
        let c = self.component[p.0];
        let mut sites = Vec::new();
        for q in 0..self.program.procedures.len() {
            if self.component[q] != c || self.bodies[q].is_none() {
                continue;
            }
            for (callee, span) in calls_in(self.program, ProcId(q)) {
                if self.component[callee.0] != c {
                    sites.push(Site {
                        caller: ProcId(q),
                        callee,
                        span,
                        cases: Vec::new(),
                        tried: Vec::new(),
                    });
                }
            }
        }
        sites
    }

    /// The summary of `q` under `pre` (parameter values), from the cache or
    /// built now.
    fn summary(&mut self, q: ProcId, pre: Option<Vec<Value>>) -> Result<Summary, Failure> {
        if let Some(s) = self.cache.get(&(q, pre.clone())) {
            return Ok(s.clone());
        }
        let proc = self.program.proc(q);
        let mut observe: Vec<(VarRef, String)> = proc
            .outs
            .iter()
            .enumerate()
            .map(|(i, l)| (VarRef::Local(*l), out_marker(i)))
            .collect();
        observe.extend(
            self.modified[q.0]
                .iter()
                .map(|g| (VarRef::Global(*g), global_marker(*g))),
        );
        let precondition: Vec<(VarRef, Value)> = match &pre {
            Some(values) => proc
                .params
                .iter()
                .map(|l| VarRef::Local(*l))
                .chain(self.mentioned[q.0].iter().map(|g| VarRef::Global(*g)))
                .zip(values.iter().cloned())
                .collect(),
            None => Vec::new(),
        };
        let as_callee = EntryAsCallee {
            precondition,
            observe,
            ..EntryAsCallee::default()
        };
        let analysis = self.analyse(q, Some(&as_callee), self.settings.mode)?;
        let mut cases = Vec::new();
        for t in &analysis.under.tests {
            if let Some(case) = self.case_of(q, t) {
                cases.push(Rc::new(case));
            }
        }
        self.built += 1;
        if pre.is_some() {
            self.refinements += 1;
        }
        let summary: Summary = Rc::new(cases);
        self.cache.insert((q, pre), summary.clone());
        Ok(summary)
    }

    /// The summary case of a (spliced) test of `q` run as a callee.
    fn case_of(&mut self, q: ProcId, t: &TestCase) -> Option<Case> {
        let program = self.program;
        let proc = program.proc(q);
        let mut outputs: Vec<Option<Value>> = vec![None; proc.outs.len()];
        let mut globals: Vec<(GlobalId, Value)> = Vec::new();
        let mut choices = Vec::new();
        for c in &t.choices {
            if let Some(rest) = c.var.strip_prefix(MARK) {
                if let Some(i) = rest.strip_prefix('o').and_then(|n| n.parse::<usize>().ok()) {
                    if let Some(slot) = outputs.get_mut(i) {
                        *slot = Some(c.value.clone());
                    }
                } else if let Some(g) = rest.strip_prefix('g').and_then(|n| n.parse().ok()) {
                    globals.push((GlobalId(g), c.value.clone()));
                }
                continue;
            }
            choices.push(c.clone());
        }
        let fails = match t.outcome {
            Outcome::Returns => None,
            Outcome::AssertionFails(id) => Some(id),
        };
        let outputs: Vec<Value> = if fails.is_some() {
            Vec::new()
        } else {
            outputs.into_iter().collect::<Option<Vec<Value>>>()?
        };
        if fails.is_none() && globals.len() != self.modified[q.0].len() {
            return None;
        }
        let rbw = read_before_written(program, q, true);
        let mut inputs = Vec::new();
        for (name, value) in &t.inputs {
            if let Some(l) = proc
                .params
                .iter()
                .find(|l| proc.local(**l).var.name == *name)
            {
                inputs.push((VarRef::Local(*l), value.clone()));
            } else if rbw.iter().any(|l| proc.local(*l).var.name == *name) {
                // An uninitialised local: a choice, below.
            } else if let Some(g) = program.globals.iter().position(|g| g.name == *name) {
                inputs.push((VarRef::Global(GlobalId(g)), value.clone()));
            }
        }
        let uninit = rbw
            .iter()
            .map(|l| {
                let var = &proc.local(*l).var;
                let value = t
                    .inputs
                    .get(&var.name)
                    .cloned()
                    .unwrap_or_else(|| default_value(&var.ty));
                (var.name.clone(), value)
            })
            .collect();
        let id = self.next_case;
        self.next_case += 1;
        Some(Case {
            id,
            inputs,
            outputs,
            globals,
            fails,
            uninit,
            choices,
            trace: t.trace.clone(),
        })
    }

    /// Covers `p` under the summaries of its sites, refining them while
    /// blocks stay uncovered (see the module documentation).
    fn analyse(
        &mut self,
        p: ProcId,
        as_callee: Option<&EntryAsCallee>,
        mode: CoverMode,
    ) -> Result<Analysis, Failure> {
        let mut sites = self.sites_of(p);
        let index: HashMap<(ProcId, Span), usize> = sites
            .iter()
            .enumerate()
            .map(|(i, s)| ((s.caller, s.span), i))
            .collect();
        for site in sites.iter_mut() {
            site.cases = self.summary(site.callee, None)?.to_vec();
        }
        let mut round = 0;
        let (under, used_sites) = loop {
            let mut under = self.cover_sites(p, &sites, &index, None, as_callee, mode)?;
            let used_sites = splice_tests(&mut under.tests, &sites, self.sources);
            let uncovered: Vec<BlockKey> = under
                .blocks
                .iter()
                .filter(|(_, v)| !matches!(v, BlockVerdict::Covered(_)))
                .map(|(k, _)| *k)
                .collect();
            if sites.is_empty() || uncovered.is_empty() || round >= self.settings.rounds {
                break (under, used_sites);
            }
            round += 1;
            // New argument values: a run through a block the summaries
            // missed that escapes (over-approximates) a call, with argument
            // values not tried at that call yet.
            let search = self.cover_sites(
                p,
                &sites,
                &index,
                Some(true),
                as_callee,
                CoverMode::Statements,
            )?;
            let mut wanted: Vec<(usize, Vec<Value>)> = Vec::new();
            for key in &uncovered {
                let Some(BlockVerdict::Covered(ids)) = search.blocks.get(key) else {
                    continue;
                };
                let Some(t) = ids.first().and_then(|i| search.tests.get(i - 1)) else {
                    continue;
                };
                for (site, args) in arguments_of(t, &sites, self.program, &self.mentioned) {
                    if !wanted.contains(&(site, args.clone())) {
                        wanted.push((site, args));
                    }
                }
            }
            let mut progress = false;
            let mut per_site: HashMap<usize, usize> = HashMap::new();
            for (site, args) in wanted {
                if sites[site].tried.contains(&args) {
                    continue;
                }
                let n = per_site.entry(site).or_insert(0);
                if *n >= self.settings.per_site {
                    continue;
                }
                *n += 1;
                sites[site].tried.push(args.clone());
                progress = true;
                let callee = sites[site].callee;
                let refined = self.summary(callee, Some(args))?;
                for c in refined.iter() {
                    if !sites[site].cases.iter().any(|d| Rc::ptr_eq(c, d)) {
                        sites[site].cases.push(c.clone());
                    }
                }
            }
            if !progress {
                break (under, used_sites);
            }
        };
        // The over-approximation, for the verdicts of the analysed entry.
        let exact = sites.is_empty();
        let open = under
            .blocks
            .values()
            .any(|v| !matches!(v, BlockVerdict::Covered(_)))
            || under.asserts.values().any(|v| *v == AssertVerdict::Holds);
        let over = if as_callee.is_none() && !exact && open {
            Some(self.cover_sites(p, &sites, &index, Some(false), None, CoverMode::Statements)?)
        } else {
            None
        };
        Ok(Analysis {
            exact,
            under,
            over,
            sites,
            used_sites,
        })
    }

    /// One cover of `p`: the sites' cases, with the escape branch when
    /// `escape` is given (`Some(true)`: avoiding the tried preconditions).
    fn cover_sites(
        &mut self,
        p: ProcId,
        sites: &[Site],
        index: &HashMap<(ProcId, Span), usize>,
        escape: Option<bool>,
        as_callee: Option<&EntryAsCallee>,
        mode: CoverMode,
    ) -> Result<CoverResult, Failure> {
        let policy = Policy {
            component: &self.component,
            sites,
            index,
            havoc: escape.is_some(),
            exclude_tried: escape == Some(true),
            program: self.program,
            modified: &self.modified,
            mentioned: &self.mentioned,
        };
        let unwound = Unwound {
            program: self.program,
            sources: self.sources,
            k: self.k,
            bodies: &self.bodies,
            search: self.search,
        };
        cover_once(&unwound, &mut self.solver, p, &policy, as_callee, mode)
    }
}

/// The program with every reachable body unwound `k` times: what each
/// cover of summary mode inlines from.
struct Unwound<'a> {
    program: &'a Program,
    sources: &'a SourceMap,
    k: u32,
    bodies: &'a [Option<UnwoundBody>],
    search: SearchMode,
}

/// Flat program of `p` under `policy`, passified, VC, one cover.
fn cover_once(
    unwound: &Unwound<'_>,
    solver: &mut Solver,
    p: ProcId,
    policy: &Policy<'_>,
    as_callee: Option<&EntryAsCallee>,
    mode: CoverMode,
) -> Result<CoverResult, Failure> {
    let Unwound {
        program,
        sources,
        k,
        bodies,
        search,
    } = *unwound;
    let flat = inline_calls_with(
        program,
        p,
        k,
        bodies,
        Some(policy as &dyn CallPolicy),
        as_callee,
    )
    .map_err(|d| Failure::Input(d.render(sources).trim_end().to_string()))?;
    let prepared = stages::with_vc(
        p,
        crate::middle::passify(program, &flat),
        &mut StageTimes::default(),
    );
    let limits = CoverLimits {
        time_limited: solver.has_deadline(),
        search,
        ..CoverLimits::default()
    };
    let result = stages::cover(
        program,
        sources,
        &prepared,
        solver,
        mode,
        &limits,
        &mut StageTimes::default(),
    );
    if let Some(e) = &result.error {
        return Err(Failure::Solver(e.clone()));
    }
    Ok(result)
}

/// The arguments (parameters, then the callee's mentioned globals) that an
/// over-approximating test records at the first call it escapes.
fn arguments_of(
    t: &TestCase,
    sites: &[Site],
    program: &Program,
    mentioned: &[Vec<GlobalId>],
) -> Vec<(usize, Vec<Value>)> {
    let mut out: Vec<(usize, Vec<Value>)> = Vec::new();
    for c in &t.choices {
        let Some((arg, site)) = parse_marker(&c.var, 'a') else {
            continue;
        };
        if site >= sites.len() {
            continue;
        }
        if arg == 0 {
            out.push((site, Vec::new()));
        }
        if let Some((s, args)) = out.last_mut() {
            if *s == site && args.len() == arg {
                args.push(c.value.clone());
            }
        }
    }
    // Only the first escaped call counts: every call before it took a real
    // summary case, so its argument values are those of a real run; later
    // ones depend on the havocked results of the escaped call.
    out.truncate(1);
    out.retain(|(site, args)| {
        let callee = sites[*site].callee;
        args.len() == program.proc(callee).params.len() + mentioned[callee.0].len()
    });
    out
}

/// Replaces each summary marker of the tests by the callee test's trace and
/// choices; returns the sites whose cases some test uses.
fn splice_tests(tests: &mut [TestCase], sites: &[Site], sources: &SourceMap) -> HashSet<usize> {
    let mut used = HashSet::new();
    for t in tests.iter_mut() {
        let mut trace = Vec::with_capacity(t.trace.len());
        for step in t.trace.drain(..) {
            if step.proc == MARKER_PROC {
                if let Some(case) = case_at(&step.label, sites) {
                    trace.extend(case.trace.iter().cloned());
                    continue;
                }
            }
            trace.push(step);
        }
        t.trace = trace;
        let mut choices = Vec::with_capacity(t.choices.len());
        for c in t.choices.drain(..) {
            if let Some((_, site)) = parse_marker(&c.var, 'c') {
                if let Some(case) = case_at(&c.var, sites) {
                    used.insert(site);
                    let line = sources.line(sites[site].span);
                    for (var, value) in &case.uninit {
                        choices.push(Choice {
                            kind: ChoiceKind::Uninitialized,
                            proc: c.proc.clone(),
                            var: var.clone(),
                            value: value.clone(),
                            line,
                        });
                    }
                    choices.extend(case.choices.iter().cloned());
                    continue;
                }
            }
            choices.push(c);
        }
        t.choices = choices;
    }
    used
}

fn case_at<'s>(marker: &str, sites: &'s [Site]) -> Option<&'s Rc<Case>> {
    let (case, site) = parse_marker(marker, 'c')?;
    sites.get(site)?.cases.iter().find(|c| c.id == case)
}

/// Strongly connected components of the call graph among procedures with a
/// body, numbered callees first (petgraph's Tarjan order).
fn components(program: &Program) -> Vec<usize> {
    let n = program.procedures.len();
    let mut graph: DiGraph<ProcId, ()> = DiGraph::new();
    let nodes: Vec<_> = (0..n).map(|i| graph.add_node(ProcId(i))).collect();
    for (p, &node) in nodes.iter().enumerate() {
        for (callee, _) in calls_in(program, ProcId(p)) {
            graph.update_edge(node, nodes[callee.0], ());
        }
    }
    let mut component = vec![0; n];
    for (i, scc) in petgraph::algo::tarjan_scc(&graph).into_iter().enumerate() {
        for node in scc {
            component[graph[node].0] = i;
        }
    }
    component
}

/// Globals each procedure mentions in its body or specification.
fn direct_mentions(program: &Program, p: ProcId) -> Vec<GlobalId> {
    let proc = program.proc(p);
    let mut out: Vec<GlobalId> = proc.modifies.clone();
    proc.for_each_expr(|e| {
        e.visit_vars(false, &mut |v, _| {
            if let VarRef::Global(g) = v {
                out.push(*g);
            }
        })
    });
    out.extend(direct_writes(program, p));
    out
}

/// Globals each procedure may modify: its own writes and `modifies`, closed
/// over what it calls (callees first, so one pass per component order).
fn modified_globals(
    program: &Program,
    component: &[usize],
    direct: fn(&Program, ProcId) -> Vec<GlobalId>,
) -> Vec<Vec<GlobalId>> {
    let n = program.procedures.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| component[p]);
    let mut sets: Vec<Vec<GlobalId>> = (0..n)
        .map(|p| {
            let mut v = direct(program, ProcId(p));
            v.sort();
            v.dedup();
            v
        })
        .collect();
    // A fixpoint: components are numbered callees first, but a cycle needs
    // its members to share their writes.
    let mut changed = true;
    while changed {
        changed = false;
        for &p in &order {
            let mut set = sets[p].clone();
            if let Some(cfg) = &program.proc(ProcId(p)).body {
                for node in cfg.graph.node_indices() {
                    for s in &cfg.graph[node].stmts {
                        if let StmtKind::Call { callee, .. } = &s.kind {
                            set.extend(sets[callee.0].iter().copied());
                        }
                    }
                }
            }
            set.sort();
            set.dedup();
            if set != sets[p] {
                sets[p] = set;
                changed = true;
            }
        }
    }
    sets
}

/// Analyses `entry` in summary mode (see the module documentation).
pub(crate) fn analyze_with_summaries(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
) -> ProcedureResult {
    if !values_are_int_or_bool(program) {
        // Summaries state integers and Booleans; a program with maps,
        // bit-vectors or uninterpreted sorts is analysed with its calls
        // inlined, and the report says so.
        let inline = Options {
            calls: CallMode::Inline,
            ..options.clone()
        };
        let mut result = analyze_inlined(program, sources, entry, &inline, None, None);
        result.notes.push(
            "summary mode needs integer and Boolean values only: calls were inlined".to_string(),
        );
        return result;
    }
    let start = Instant::now();
    let proc = program.proc(entry);
    let settings = match options.calls {
        CallMode::Summary(s) => s,
        CallMode::Inline | CallMode::Stratified => SummarySettings::default(),
    };
    let mut result = ProcedureResult::nothing_yet(proc);
    // Unwind every procedure the entry may reach.
    let bodies = match crate::middle::unwind_reachable(program, entry, options.unwind) {
        Ok(b) => b,
        Err(d) => return result.input_failure(&d, sources, start),
    };
    let solver = match stages::start_solver(options.solver, options) {
        Ok(s) => s,
        Err(e) => {
            result.error = Some(e.to_string());
            result.time = start.elapsed();
            return result;
        }
    };
    let component = components(program);
    let modified = modified_globals(program, &component, direct_writes);
    let mentioned = modified_globals(program, &component, direct_mentions);
    let mut sz = Summarizer {
        program,
        sources,
        k: options.unwind,
        settings,
        search: options.search,
        bodies,
        component,
        modified,
        mentioned,
        cache: HashMap::new(),
        next_case: 0,
        solver,
        built: 0,
        refinements: 0,
    };
    let outcome = run_entry(&mut sz, entry, options);
    if let Some(n) = sz.solver.switch_note() {
        result.solver_note = Some(n.to_string());
    }
    result.queries = sz.solver.queries();
    result.solver_time = sz.solver.time();
    match outcome {
        Ok(found) => {
            let EntryFindings {
                analysis,
                confirmed,
            } = found;
            result.partial = analysis.under.partial;
            fill_result(program, entry, &mut result, &analysis, &confirmed);
            result.notes.push(format!(
                "calls summarised: {} summaries built ({} refined under a precondition)",
                sz.built, sz.refinements
            ));
            for (i, site) in analysis.sites.iter().enumerate() {
                if !analysis.used_sites.contains(&i) && site_block_live(&result, site) {
                    result.notes.push(format!(
                        "call of `{}` at line {} stayed without a summary path ({} cases)",
                        program.proc(site.callee).name,
                        sources.line(site.span),
                        site.cases.len()
                    ));
                }
            }
        }
        Err(Failure::Input(m)) => {
            result.error = Some(m);
            result.input_error = true;
        }
        Err(Failure::Solver(m)) => {
            result.error = Some(m.clone());
            if let Ok(passive) = crate::middle::prepare_entry(program, entry, options.unwind) {
                let keys = cover::goal_blocks(&passive);
                result.blocks = block_results(
                    program,
                    entry,
                    keys.into_iter()
                        .filter(|k| k.proc == entry)
                        .map(|k| (k, BlockStatus::Unknown(m.clone()))),
                );
            }
        }
    }
    order_inputs(program, entry, &mut result.tests);
    result.time = start.elapsed();
    result
}

/// Whether the caller block holding a site is not known to be infeasible.
fn site_block_live(result: &ProcedureResult, site: &Site) -> bool {
    !result.blocks.iter().any(|b| {
        b.key.proc == site.caller
            && b.extent.start <= site.span.start
            && site.span.end <= b.extent.end
            && b.status == BlockStatus::Infeasible
    })
}

struct EntryFindings {
    analysis: Analysis,
    /// Blocks an inlined re-check proved infeasible.
    confirmed: HashSet<BlockKey>,
}

fn run_entry(
    sz: &mut Summarizer<'_>,
    entry: ProcId,
    options: &Options,
) -> Result<EntryFindings, Failure> {
    // Bottom-up: summaries of every procedure the entry may reach, outside
    // its own component, callees first.
    let mut reach: Vec<usize> = (0..sz.program.procedures.len())
        .filter(|&p| sz.bodies[p].is_some() && sz.component[p] != sz.component[entry.0])
        .collect();
    reach.sort_by_key(|&p| sz.component[p]);
    for p in reach {
        sz.summary(ProcId(p), None)?;
    }
    let analysis = sz.analyse(entry, None, options.mode)?;
    let mut confirmed = HashSet::new();
    let undecided: Vec<BlockKey> = analysis
        .under
        .blocks
        .iter()
        .filter(|(k, v)| {
            !matches!(v, BlockVerdict::Covered(_))
                && !matches!(
                    analysis.over.as_ref().and_then(|o| o.blocks.get(k)),
                    Some(BlockVerdict::Infeasible)
                )
        })
        .map(|(k, _)| *k)
        .collect();
    if sz.settings.confirm && !undecided.is_empty() {
        let mut times = StageTimes::default();
        let prepared = stages::prepare(sz.program, entry, sz.k, &mut times)
            .map_err(|d| Failure::Input(d.render(sz.sources).trim_end().to_string()))?;
        let limits = CoverLimits {
            time_limited: sz.solver.has_deadline(),
            search: sz.search,
            ..CoverLimits::default()
        };
        let inline = stages::cover(
            sz.program,
            sz.sources,
            &prepared,
            &mut sz.solver,
            CoverMode::Statements,
            &limits,
            &mut times,
        );
        for k in undecided {
            if inline.blocks.get(&k) == Some(&BlockVerdict::Infeasible) {
                confirmed.insert(k);
            }
        }
    }
    Ok(EntryFindings {
        analysis,
        confirmed,
    })
}

/// Verdicts of the entry (see the module documentation, "Verdicts").
fn fill_result(
    program: &Program,
    entry: ProcId,
    result: &mut ProcedureResult,
    analysis: &Analysis,
    confirmed: &HashSet<BlockKey>,
) {
    let over = analysis.over.as_ref();
    let mut verdicts: BTreeMap<BlockKey, BlockStatus> = BTreeMap::new();
    for (k, v) in &analysis.under.blocks {
        let status = match v {
            BlockVerdict::Covered(ts) => BlockStatus::Covered(ts.clone()),
            BlockVerdict::Unknown(r) => BlockStatus::Unknown(r.clone()),
            BlockVerdict::Infeasible => {
                let proved = analysis.exact
                    || matches!(
                        over.and_then(|o| o.blocks.get(k)),
                        Some(BlockVerdict::Infeasible)
                    )
                    || confirmed.contains(k);
                if proved {
                    BlockStatus::Infeasible
                } else {
                    BlockStatus::UncoveredSummary
                }
            }
        };
        verdicts.insert(*k, status);
    }
    result.blocks = block_results(program, entry, verdicts.into_iter());
    let mut asserts: Vec<AssertResult> = analysis
        .under
        .asserts
        .iter()
        .map(|(id, v)| {
            let status = match v {
                AssertVerdict::CanFail(t) => AssertStatus::CanFail(*t),
                AssertVerdict::Unknown(r) => AssertStatus::Unknown(r.clone()),
                AssertVerdict::Holds => {
                    if analysis.exact
                        || matches!(
                            over.and_then(|o| o.asserts.get(id)),
                            Some(AssertVerdict::Holds)
                        )
                    {
                        AssertStatus::Holds
                    } else {
                        AssertStatus::Unknown(
                            "no test under the summaries fails it (summary mode)".to_string(),
                        )
                    }
                }
            };
            assert_result(program, *id, status)
        })
        .collect();
    asserts.sort_by_key(|a| (a.span, a.id));
    result.assertions = asserts;
    result.tests = analysis.under.tests.clone();
}
