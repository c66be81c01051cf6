//! The reachability verification condition of a passive program, as
//! SMT-LIB2 text.
//!
//! Takes: a [`PassiveProgram`] (a DAG of blocks of assumptions, blocks in
//! topological order, `blocks[0]` the entry). Gives: [`ReachabilityVc`]:
//! declarations of every SSA variable and of one `W_b` and one `R_b`
//! Boolean per block, and their definitions (paper, section 4; design.md,
//! "Reachability VC"):
//!
//! ```text
//! W_b <=> stmts(b) && OR_{s in succ(b)} W_s     (no successor: W_b <=> stmts(b))
//! R_b <=> W_b && OR_{p in pred(b)} R_p          (no predecessor: R_b <=> false)
//! R_entry <=> W_entry
//! ```
//!
//! The entry's own statements are not inside `W_entry`: every run starts
//! there, so they are asserted on their own (see
//! [`ReachabilityVc::declarations`]).
//!
//! The text is linear in the size of the program: each block's assumptions
//! are printed once, in the definition of its `W_b`; successors and
//! predecessors are referred to by name, never copied. Integer `div`/`mod`
//! and real `/` follow bicd's fixed semantics `x div 0 = 0`, `x mod 0 = x`,
//! `x / 0.0 = 0.0` ([`crate::ir::arith`], which also spells them in SMT-LIB),
//! encoded with `ite` (and `let`, so that no operand is printed twice).
//!
//! It also gives the *path-selection* encoding that path cover needs
//! (design.md, "Path cover"): one Boolean `E_b_s` per edge and `S_b` per
//! block such that the selected edges of a model form complete paths of
//! R-true blocks from the entry. Blocking a path by its edges removes that
//! path and nothing else; blocking it by the `R_b` on it would remove every
//! valuation under which it is feasible, and with it every path feasible
//! only under such valuations (see [`crate::back::cover`]).

pub use super::smt::Features;
use crate::ir::arith::{self, euclid_div, euclid_mod};
use crate::ir::passive::{PassiveProgram, SsaId};
use crate::ir::{
    BinOp, DatatypeOp, DatatypeType, Expr, ExprKind, Function, PolyMapType, Quantifier, Type, UnOp,
    POINTWISE_MAP_BUILTINS,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use petgraph::graph::NodeIndex;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// The SMT-LIB text of the reachability VC of one passive program, and the
/// names the cover loops ask the solver about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachabilityVc {
    /// `(declare-const ...)` for every SSA variable, every `W_b` and `R_b`;
    /// then the entry block's assumptions, each asserted on its own. Every
    /// run starts in the entry, so they hold in every model any query asks
    /// for, and the entry's `W_b` and `stmts` are left without them. The
    /// program's axioms and the distinctness of its `unique` constants are
    /// among them: asserted once, at the top level, where a solver's
    /// quantifier instantiation and its `distinct` work best (inside
    /// `W_b <=> ...` z3 expands an n-ary `distinct` into n^2/2 clauses).
    pub declarations: String,
    /// `(assert (= W_b ...))` and `(assert (= R_b ...))` for every block.
    pub definitions: String,
    /// The same VC with the definitions of SSA variables that dominate
    /// their uses asserted on their own, outside `W_b` (see
    /// `hoistable_definitions`): the same answers, and yices substitutes
    /// them away (its statement cover of the 80 programs 28% faster;
    /// z3 and cvc5 about 10-15% slower, so they get `definitions`).
    pub hoisted_definitions: String,
    /// The *forward* VC, another meaning for the same `R_b`: `R_b <=>
    /// stmts(b) && OR_{p in pred(b)} R_p` (`R_entry <=> stmts(entry)`), no
    /// `W_b`. `R_b` then says that some path from the entry reaches `b`
    /// with its assumptions holding, not that it goes on to terminate; a
    /// goal it cannot reach is infeasible, and a model that reaches one is
    /// only a candidate (statement cover's accelerators complete it by a
    /// concrete run). Loaded instead of `definitions`, never with them.
    ///
    /// One text per block, in block order: the block's hoisted definitions
    /// and `R_b => ...`. Only predecessors (earlier blocks) are mentioned,
    /// so the texts of blocks `0..=b` are a VC of their own for the goals
    /// among them: statement cover loads them as far as the goals it asks
    /// about (on 1,000 diamonds, a shallow query costs 5 ms instead of
    /// 40 ms with the whole program loaded).
    pub forward_definitions: Vec<String>,
    /// Declarations and constraints of the path-selection variables `S_b`
    /// and `E_b_s` (only path cover loads them).
    pub path_selection: String,
    /// The SMT text of each block's statements (the conjunction of its
    /// assumptions, `true` if none), as used in the definition of its
    /// `W_b`: what a smaller formula over some of the blocks needs (the
    /// window queries of statement cover, [`crate::back::cover`]).
    pub stmts: Vec<String>,
    /// Name of `W_b`, per block.
    pub w: Vec<String>,
    /// Name of `R_b`, per block.
    pub r: Vec<String>,
    /// Name of `S_b` (block b is on a selected path), per block.
    pub s: Vec<String>,
    /// The successors of each block as the VC sees them (duplicates
    /// removed), each with the name of its edge variable `E_b_s`.
    pub succs: Vec<Vec<(usize, String)>>,
    /// The predecessors of each block (the inverse of `succs`).
    pub preds: Vec<Vec<usize>>,
    /// A prefix no SSA variable name starts with: `format!("{prefix}A_{n}")`
    /// is a fresh name for the cover loops' activation literals.
    pub fresh_prefix: String,
    /// Some assumption multiplies or divides two non-constant terms (yices
    /// then needs a non-linear logic).
    pub nonlinear: bool,
    /// Some assumption (or a function body it applies) divides integers
    /// (`div`, `mod`): SMACK's bit operations on integers are chains of
    /// them, where the solver stalls and concrete runs do well.
    pub divides: bool,
    /// The theories beyond integer arithmetic the VC uses.
    pub features: Features,
    /// Ground applications of uninterpreted functions in the assumptions
    /// (no bound variable in them), each as `(f a1 ... an)` with the SMT
    /// text of its arguments: their model values are the function points a
    /// test records, so that the interpreter can replay it.
    pub applications: Vec<Application>,
    /// The polymorphic maps whose records can hold themselves
    /// ([`PolyMapType::holds_itself`]), each with the SMT names of its
    /// field functions, one per instance: the model gives such a record as
    /// an element of an uninterpreted sort, and a test needs its fields.
    pub self_holding_records: Vec<(Arc<PolyMapType>, Vec<String>)>,
    /// The SMT name of each function the VC declares or defines, by its
    /// source name.
    pub functions: HashMap<String, String>,
    /// The program breaks the passive program's contract (an edge to a
    /// block that does not exist, or one that is not forward in the block
    /// order, so possibly a cycle): what is wrong. The VC of such a program
    /// means nothing; cover refuses it.
    pub malformed: Option<String>,
}

/// A ground application of an uninterpreted function in the VC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Application {
    pub function: Arc<Function>,
    /// The SMT text of each argument.
    pub args: Vec<String>,
    /// The SMT text of the application.
    pub term: String,
    /// For a quotient by zero ([`arith::zero_division_function`]): the
    /// SMT text of the divisor. A test records the point only where the
    /// divisor is zero (elsewhere the run never uses it).
    pub divisor: Option<String>,
}

impl Application {
    /// How many values a model gives for this application: its arguments,
    /// its value, and the divisor of a quotient by zero.
    pub fn model_terms(&self) -> usize {
        self.args.len() + 1 + usize::from(self.divisor.is_some())
    }
}

impl ReachabilityVc {
    /// Declarations followed by definitions: the whole VC as one script.
    pub fn text(&self) -> String {
        let mut t = String::with_capacity(self.declarations.len() + self.definitions.len());
        t.push_str(&self.declarations);
        t.push_str(&self.definitions);
        t
    }

    /// The definitions to load for `solver` (see `hoisted_definitions`).
    pub(crate) fn definitions_for(&self, solver: crate::back::smt::SolverKind) -> &str {
        match solver {
            crate::back::smt::SolverKind::Yices => &self.hoisted_definitions,
            _ => &self.definitions,
        }
    }
}

/// Builds the reachability VC of `program` (see the module documentation).
pub fn reachability_vc(program: &PassiveProgram) -> ReachabilityVc {
    let n = program.blocks.len();
    let prefix = fresh_prefix(program);
    let w: Vec<String> = (0..n).map(|b| format!("{prefix}W_{b}")).collect();
    let r: Vec<String> = (0..n).map(|b| format!("{prefix}R_{b}")).collect();
    let s: Vec<String> = (0..n).map(|b| format!("{prefix}S_{b}")).collect();

    // The graph the VC encodes: successors deduplicated; edges that leave
    // the program or do not go forward are reported and left out.
    let mut malformed = None;
    let mut succs: Vec<Vec<(usize, String)>> = Vec::with_capacity(n);
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, block) in program.blocks.iter().enumerate() {
        let mut out: Vec<(usize, String)> = Vec::with_capacity(block.succs.len());
        for &t in &block.succs {
            if t >= n || t <= b {
                if malformed.is_none() {
                    malformed = Some(format!(
                        "passive block {b} has an edge to block {t}, which {}",
                        if t >= n {
                            format!("does not exist ({n} blocks)")
                        } else {
                            "is not after it in topological order".to_string()
                        }
                    ));
                }
                continue;
            }
            if out.iter().any(|(u, _)| *u == t) {
                continue;
            }
            out.push((t, format!("{prefix}E_{b}_{t}")));
            preds[t].push(b);
        }
        succs.push(out);
    }

    let mut symbols = Symbols::collect(program, &prefix);
    let mut printer = Printer {
        program,
        prefix: &prefix,
        lets: 0,
        nonlinear: false,
        divides: false,
        linearity: Linearity::default(),
        symbols: &symbols,
        in_pattern: false,
    };

    let mut declarations = String::new();
    for (name, smt) in &symbols.sorts {
        let _ = writeln!(declarations, "(declare-sort {smt} 0)");
        let _ = name;
    }
    // A record that can hold itself: an uninterpreted sort (its field
    // functions below, once every sort they mention is declared).
    for (_, smt) in &symbols.poly_maps {
        if symbols.self_holding.contains(smt) {
            let _ = writeln!(declarations, "(declare-sort {smt} 0)");
        }
    }
    // The datatypes, all in one declaration (they may refer to each other).
    if !symbols.datatypes.is_empty() {
        let mut heads = String::new();
        let mut bodies = String::new();
        for (d, smt) in &symbols.datatypes {
            let _ = write!(heads, "({smt} 0)");
            bodies.push('(');
            for (k, c) in d.constructors().iter().enumerate() {
                let _ = write!(bodies, "({}", datatype_constructor(smt, k));
                for (j, (_, t)) in c.fields.iter().enumerate() {
                    let _ = write!(
                        bodies,
                        " ({} {})",
                        datatype_selector(smt, k, j),
                        printer.sort(t)
                    );
                }
                bodies.push(')');
            }
            bodies.push(')');
        }
        let _ = writeln!(declarations, "(declare-datatypes ({heads}) ({bodies}))");
    }
    // A polymorphic map: a record of one array per instance.
    for (p, smt) in &symbols.poly_maps {
        if symbols.self_holding.contains(smt) {
            continue;
        }
        let fields: String = (0..p.instances().len())
            .map(|i| {
                format!(
                    " ({} {})",
                    poly_map_field(smt, i),
                    printer.sort(&p.instances()[i].map_type())
                )
            })
            .collect();
        let _ = writeln!(
            declarations,
            "(declare-datatypes (({smt} 0)) ((({}{fields}))))",
            poly_map_constructor(smt)
        );
    }
    for (p, smt) in &symbols.poly_maps {
        if symbols.self_holding.contains(smt) {
            declare_self_holding_record(&printer, p, smt, &mut declarations);
        }
    }
    // Mutually recursive functions are declared where they come, and
    // their equations follow every declaration (a body applies functions
    // of its cycle declared after it).
    let mutual = symbols.mutually_recursive();
    let mut equations = String::new();
    for f in &symbols.function_order {
        if mutual.contains(&f.name) {
            printer.declare_recursive_equation(f, &mut declarations, &mut equations);
        } else {
            printer.declare_function(f, &mut declarations);
        }
    }
    declarations.push_str(&equations);
    for v in &program.vars {
        let sort = printer.sort(&v.ty);
        let _ = writeln!(declarations, "(declare-const {} {sort})", v.smt_name);
    }
    for b in 0..n {
        let _ = writeln!(declarations, "(declare-const {} Bool)", w[b]);
        let _ = writeln!(declarations, "(declare-const {} Bool)", r[b]);
    }

    // With maps (and no quantifiers), `W_b => ...` instead of `W_b <=>
    // ...`: a query only ever needs the forward direction (a true `R_b`
    // makes the `W` of a whole path from the entry through `b` to an exit
    // true, and with it their statements), and the backward one puts every
    // map equality of a block under a negation too, where the solver
    // answers it with array extensionality (on a HAVOC driver, 70,000
    // extensionality instances and a 10 s timeout). `R_b` stays an
    // equivalence, so that the `R`-true blocks of a model still form whole
    // paths. With quantifiers z3 runs without extensionality (E-matching
    // mode), and the equivalence is better: every block whose statements
    // hold under the model's values is `R`-true, so one model covers many
    // paths (the HAVOC drivers: 91.9% of the blocks decided at 20 s with
    // `=>`, 98.1% with `=`).
    let w_def = if symbols.features.arrays && !symbols.features.quantifiers {
        "=>"
    } else {
        "="
    };
    let (mut definitions, mut hoisted_definitions) = (String::new(), String::new());
    let mut forward_definitions: Vec<String> = vec![String::new(); n];
    let mut stmts: Vec<String> = Vec::with_capacity(n);
    let hoisted = hoistable_definitions(program, &succs);
    for (b, block) in program.blocks.iter().enumerate() {
        // W_b <=> stmts(b) && OR W_s
        let mut conjuncts: Vec<String> = Vec::with_capacity(block.assumes.len() + 1);
        let mut all: Vec<String> = Vec::with_capacity(block.assumes.len());
        for (i, a) in block.assumes.iter().enumerate() {
            let mut t = String::new();
            printer.expr(a, &mut t);
            if b == 0 {
                // Every run starts in the entry: its assumptions (the
                // program's axioms among them) are facts of every model.
                let _ = writeln!(declarations, "(assert {t})");
                continue;
            }
            if hoisted[b].contains(&i) {
                let _ = writeln!(hoisted_definitions, "(assert {t})");
                let _ = writeln!(forward_definitions[b], "(assert {t})");
            } else {
                conjuncts.push(t.clone());
            }
            all.push(t);
        }
        stmts.push(conjunction(all.iter().map(String::as_str)));
        // R_b <=> stmts(b) && OR R_p, for the forward VC.
        let residual = conjunction(conjuncts.iter().map(String::as_str));
        let forward = if b == 0 {
            residual
        } else if preds[b].is_empty() {
            "false".to_string()
        } else {
            format!(
                "(and {residual} {})",
                disjunction(preds[b].iter().map(|p| r[*p].as_str()))
            )
        };
        let _ = writeln!(forward_definitions[b], "(assert (=> {} {forward}))", r[b]);
        if !succs[b].is_empty() {
            let later = disjunction(succs[b].iter().map(|(t, _)| w[*t].as_str()));
            conjuncts.push(later.clone());
            all.push(later);
        }
        let _ = writeln!(
            definitions,
            "(assert ({w_def} {} {}))",
            w[b],
            conjunction(all.iter().map(String::as_str))
        );
        let _ = writeln!(
            hoisted_definitions,
            "(assert ({w_def} {} {}))",
            w[b],
            conjunction(conjuncts.iter().map(String::as_str))
        );
        // R_b <=> W_b && OR R_p;  R_entry <=> W_entry
        let reach = if b == 0 {
            w[b].clone()
        } else if preds[b].is_empty() {
            "false".to_string()
        } else {
            format!(
                "(and {} {})",
                w[b],
                disjunction(preds[b].iter().map(|p| r[*p].as_str()))
            )
        };
        let _ = writeln!(definitions, "(assert (= {} {reach}))", r[b]);
        let _ = writeln!(hoisted_definitions, "(assert (= {} {reach}))", r[b]);
    }

    // Path selection: S_entry; S_b => R_b; S_b (with successors) => some
    // E_b_s; E_b_s => S_b && S_s; S_b (not the entry) => some E_p_b.
    let mut path_selection = String::new();
    for b in 0..n {
        let _ = writeln!(path_selection, "(declare-const {} Bool)", s[b]);
        for (_, e) in &succs[b] {
            let _ = writeln!(path_selection, "(declare-const {e} Bool)");
        }
    }
    if n > 0 {
        let _ = writeln!(path_selection, "(assert {})", s[0]);
    }
    for b in 0..n {
        let _ = writeln!(path_selection, "(assert (=> {} {}))", s[b], r[b]);
        if !succs[b].is_empty() {
            let _ = writeln!(
                path_selection,
                "(assert (=> {} {}))",
                s[b],
                disjunction(succs[b].iter().map(|(_, e)| e.as_str()))
            );
        }
        for (t, e) in &succs[b] {
            let _ = writeln!(path_selection, "(assert (=> {e} (and {} {})))", s[b], s[*t]);
        }
        if b > 0 {
            let incoming: Vec<&str> = preds[b].iter().map(|&p| edge_name(&succs[p], b)).collect();
            let _ = writeln!(
                path_selection,
                "(assert (=> {} {}))",
                s[b],
                disjunction(incoming.into_iter())
            );
        }
    }

    let nonlinear = printer.nonlinear;
    let divides = printer.divides;
    let mut applications = Vec::new();
    let mut expander = Expander::new();
    for block in &program.blocks {
        for a in &block.assumes {
            // Through defined functions too: `h(5)` with `h(x) = g(x) + 1`
            // needs `g(5)`.
            expander.expand(a, 0).visit(&mut |e| {
                // A division whose divisor may be zero applies the
                // zero-division function to its numerator there.
                if let ExprKind::Binary(op, n, d) = &e.kind {
                    if let Some(f) = zero_division_of(*op, d).filter(|_| !has_bound(e)) {
                        let arg = expr_to_smt_with(program, &prefix, &symbols, n);
                        let divisor = expr_to_smt_with(program, &prefix, &symbols, d);
                        let name = symbols.functions.get(&f.name).cloned().unwrap_or_default();
                        let term = format!("({name} {arg})");
                        if !applications.iter().any(|x: &Application| {
                            x.term == term && x.divisor.as_ref() == Some(&divisor)
                        }) {
                            applications.push(Application {
                                function: f,
                                args: vec![arg],
                                term,
                                divisor: Some(divisor),
                            });
                        }
                    }
                }
                if let ExprKind::Apply(f, args) = &e.kind {
                    // A selector is uninterpreted at a value another
                    // constructor built: the model's value there is a
                    // choice the test records.
                    let selector = matches!(f.datatype_op, Some(DatatypeOp::Select(..)));
                    // A recursive function whose body applies an
                    // uninterpreted one: the interpreter may not compute
                    // it, and reads the model's value here instead.
                    // (z3 evaluates it unless a quantifier is inside).
                    let opaque = f.recursive
                        && expander.hides_uninterpreted(f)
                        && !expander.hides_quantifier(f);
                    if (f.is_uninterpreted() || selector || opaque) && !has_bound(e) {
                        let args: Vec<String> = args
                            .iter()
                            .map(|x| expr_to_smt_with(program, &prefix, &symbols, x))
                            .collect();
                        let term = expr_to_smt_with(program, &prefix, &symbols, e);
                        if !applications.iter().any(|x: &Application| x.term == term) {
                            applications.push(Application {
                                function: f.clone(),
                                args,
                                term,
                                divisor: None,
                            });
                        }
                    }
                }
            });
        }
    }
    let features = std::mem::take(&mut symbols.features);
    let self_holding_records = symbols
        .poly_maps
        .iter()
        .filter(|(_, smt)| symbols.self_holding.contains(smt))
        .map(|(p, smt)| {
            let fields = (0..p.instances().len())
                .map(|i| poly_map_field(smt, i))
                .collect();
            (p.clone(), fields)
        })
        .collect();
    ReachabilityVc {
        declarations,
        definitions,
        hoisted_definitions,
        forward_definitions,
        path_selection,
        stmts,
        w,
        r,
        s,
        succs,
        preds,
        fresh_prefix: prefix,
        nonlinear,
        divides,
        features,
        applications,
        self_holding_records,
        functions: symbols.functions.clone(),
        malformed,
    }
}

/// The SMT-LIB literal of a scalar value (integer, Boolean,
/// bit-vector); `None` for any other value.
pub fn scalar_literal(value: &crate::ir::testcase::Value) -> Option<String> {
    use crate::ir::testcase::Value;
    let mut out = String::new();
    match value {
        Value::Int(n) => int_literal(n, &mut out),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Bv { width, value } => {
            let _ = write!(out, "(_ bv{value} {width})");
        }
        _ => return None,
    }
    Some(out)
}

fn expr_to_smt_with(
    program: &PassiveProgram,
    prefix: &str,
    symbols: &Symbols,
    e: &Expr<SsaId>,
) -> String {
    let mut printer = Printer {
        program,
        prefix,
        lets: 0,
        nonlinear: false,
        divides: false,
        linearity: Linearity::default(),
        symbols,
        in_pattern: false,
    };
    let mut out = String::new();
    printer.expr(e, &mut out);
    out
}

/// Per block, the assumptions the VC asserts at the top level instead of
/// in the block's `W_b`: definitions `v == e` of an internal SSA variable
/// `v` (not in `e`) that is defined nowhere else, in a block that
/// dominates every block mentioning `v`.
///
/// Why this keeps every answer: a model of the VC with `R_t` has a path of
/// R-true blocks through `t` whose assumptions hold. Every variable such a
/// path mentions is defined on it (its definition dominates the mention),
/// so changing, in block order, each hoisted variable whose definition is
/// off the path to the value of its definition changes nothing on the
/// path: the result satisfies the hoisted definitions and still has `R_t`.
/// Conversely, a model of the hoisted VC with `R_t` satisfies every
/// assumption of its path, hoisted or not. So a goal is reachable in one
/// exactly when in the other, and a path is feasible in one exactly when
/// in the other. Why it pays: the solver can substitute a top-level
/// definition away, and most SSA variables have one (measured on a
/// 100-diamond program's statement cover: yices 2.7x faster).
fn hoistable_definitions(
    program: &PassiveProgram,
    succs: &[Vec<(usize, String)>],
) -> Vec<Vec<usize>> {
    let n = program.blocks.len();
    let mut out = vec![Vec::new(); n];
    if n == 0 {
        return out;
    }
    // Where each variable is defined, and which blocks mention it.
    let mut sites: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
    let mut mentions: HashMap<usize, Vec<usize>> = HashMap::new();
    for (b, block) in program.blocks.iter().enumerate() {
        for (i, a) in block.assumes.iter().enumerate() {
            a.visit_vars(false, &mut |v: &SsaId, _| {
                let m = mentions.entry(v.0).or_default();
                if m.last() != Some(&b) {
                    m.push(b);
                }
            });
            if let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &a.kind {
                if let ExprKind::Var(v) = &lhs.kind {
                    let internal = program.vars[v.0].role == crate::ir::passive::SsaRole::Internal;
                    let mut recursive = false;
                    rhs.visit_vars(false, &mut |u: &SsaId, _| recursive |= u == v);
                    if internal && !recursive {
                        sites.entry(v.0).or_default().push((b, i));
                    }
                }
            }
        }
    }
    // The dominator tree from the entry, numbered before and after its
    // subtrees for constant-time dominance checks.
    let mut graph = petgraph::graph::DiGraph::<(), ()>::with_capacity(n, n);
    for _ in 0..n {
        graph.add_node(());
    }
    for (b, out) in succs.iter().enumerate() {
        for (t, _) in out {
            graph.add_edge(NodeIndex::new(b), NodeIndex::new(*t), ());
        }
    }
    let tree = petgraph::algo::dominators::simple_fast(&graph, NodeIndex::new(0));
    let mut children = vec![Vec::new(); n];
    for b in 1..n {
        if let Some(d) = tree.immediate_dominator(NodeIndex::new(b)) {
            children[d.index()].push(b);
        }
    }
    let (mut pre, mut post) = (vec![usize::MAX; n], vec![0; n]);
    let mut clock = 0;
    let mut stack = vec![(0usize, false)];
    while let Some((b, done)) = stack.pop() {
        if done {
            post[b] = clock;
            clock += 1;
            continue;
        }
        pre[b] = clock;
        clock += 1;
        stack.push((b, true));
        stack.extend(children[b].iter().map(|&c| (c, false)));
    }
    let dominates = |d: usize, b: usize| {
        pre[d] != usize::MAX && pre[b] != usize::MAX && pre[d] <= pre[b] && post[b] <= post[d]
    };
    for (v, defs) in &sites {
        let [(b, i)] = defs[..] else { continue };
        if mentions[v].iter().all(|&m| dominates(b, m)) {
            out[b].push(i);
        }
    }
    out
}

/// How deeply definitions are expanded when looking for applications: as
/// deep as the front end lets functions nest (1000 expression levels, so
/// fewer nested applications), so that an uninterpreted function at the
/// bottom of the deepest chain is found.
const MAX_EXPANSION: usize = 1_000;

/// How many expression nodes the expansions of one VC may build: a
/// function applied twice in each of a chain of bodies doubles with every
/// link, so past this budget applications stay as they are.
const EXPANSION_BUDGET: usize = 200_000;

/// Expands the applications of defined functions in the assumptions of a
/// VC, to find the applications of uninterpreted functions they hide.
struct Expander {
    /// Nodes the expansions may still build.
    left: usize,
    /// Whether a function's body holds an application of an
    /// uninterpreted function (a quotient by zero's included), or a
    /// quantifier, directly or through other bodies (by name).
    hides: HashMap<(String, Hidden), bool>,
}

/// What [`Expander::body_reaches`] looks for.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Hidden {
    Uninterpreted,
    Quantifier,
}

impl Expander {
    fn new() -> Expander {
        Expander {
            left: EXPANSION_BUDGET,
            hides: HashMap::new(),
        }
    }

    /// Whether expanding `f` can show an application of an uninterpreted
    /// function (worked out once per function: the walk through bodies
    /// visits each function once, and nests no deeper than the front end
    /// allows functions to nest).
    fn hides_uninterpreted(&mut self, f: &Function) -> bool {
        self.body_reaches(f, Hidden::Uninterpreted)
    }

    /// Whether `f`'s body, or one it applies, holds a quantifier: z3 does
    /// not evaluate such a function's applications to a value.
    fn hides_quantifier(&mut self, f: &Function) -> bool {
        self.body_reaches(f, Hidden::Quantifier)
    }

    fn body_reaches(&mut self, f: &Function, what: Hidden) -> bool {
        let key = (f.name.clone(), what);
        if let Some(&known) = self.hides.get(&key) {
            return known;
        }
        let Some(body) = &f.body else {
            return false;
        };
        // A recursion stand-in has f's name: reaching it adds nothing.
        self.hides.insert(key.clone(), false);
        let mut applied: Vec<Arc<Function>> = Vec::new();
        let mut here = false;
        body.visit(&mut |x| match &x.kind {
            ExprKind::Apply(g, _) => {
                here |= what == Hidden::Uninterpreted && g.is_uninterpreted();
                applied.push(g.clone());
            }
            // A quotient by a divisor that may be zero applies the
            // zero-division function there (SMACK's `$srem.i32` is
            // `{:inline}` around `{:builtin "mod"}`).
            ExprKind::Binary(op, _, d) => {
                here |= what == Hidden::Uninterpreted && zero_division_of(*op, d).is_some();
            }
            ExprKind::Quant(..) => here |= what == Hidden::Quantifier,
            _ => {}
        });
        let found = here || applied.into_iter().any(|g| self.body_reaches(&g, what));
        self.hides.insert(key, found);
        found
    }

    /// `e` with the applications of defined (not recursive) functions that
    /// hide an uninterpreted one replaced by their bodies, arguments
    /// substituted for the parameters, within [`MAX_EXPANSION`] nested
    /// expansions and the budget.
    fn expand(&mut self, e: &Expr<SsaId>, depth: usize) -> Expr<SsaId> {
        if let ExprKind::Apply(f, args) = &e.kind {
            // A recursive function is not expanded (its applications are
            // evaluated by the interpreter, by its body).
            if let (Some(body), true, false) = (&f.body, depth < MAX_EXPANSION, f.recursive) {
                if self.hides_uninterpreted(f) {
                    let args: Vec<Expr<SsaId>> =
                        args.iter().map(|a| self.expand(a, depth + 1)).collect();
                    let size = substituted_size(body, &args);
                    if size <= self.left {
                        self.left -= size;
                        let body = body.map_vars(&mut |_| SsaId(usize::MAX));
                        return self.expand(&substitute_params(&body, &args), depth + 1);
                    }
                }
            }
        }
        match e.map_children(&mut |c| self.expand(c, depth)) {
            Some(kind) => Expr::new(kind, e.ty.clone(), e.span),
            None => e.clone(),
        }
    }
}

/// The number of nodes of `body` with `args` substituted for its
/// parameters (saturating).
fn substituted_size<V>(body: &Expr<V>, args: &[Expr<SsaId>]) -> usize {
    let arg_sizes: Vec<usize> = args.iter().map(node_count).collect();
    let mut size: usize = 0;
    body.visit(&mut |x| {
        let add = match x.kind {
            ExprKind::Bound(i) if i < args.len() => arg_sizes[i],
            _ => 1,
        };
        size = size.saturating_add(add);
    });
    size
}

fn node_count<V>(e: &Expr<V>) -> usize {
    let mut n: usize = 0;
    e.visit(&mut |_| n = n.saturating_add(1));
    n
}

/// `body` with parameter `i` (`Bound(i)`, `i < args.len()`) replaced by
/// `args[i]`.
pub(crate) fn substitute_params(body: &Expr<SsaId>, args: &[Expr<SsaId>]) -> Expr<SsaId> {
    if let ExprKind::Bound(i) = body.kind {
        if let Some(a) = args.get(i) {
            return a.clone();
        }
    }
    match body.map_children(&mut |c| substitute_params(c, args)) {
        Some(kind) => Expr::new(kind, body.ty.clone(), body.span),
        None => body.clone(),
    }
}

/// Whether `e` mentions a bound variable.
fn has_bound<V>(e: &Expr<V>) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x.kind, ExprKind::Bound(_)));
    found
}

/// The SMT names of the uninterpreted sorts and functions a program uses,
/// and the theories it needs.
#[derive(Default)]
struct Symbols {
    /// Sort name as written, SMT name.
    sorts: Vec<(String, String)>,
    /// Polymorphic map types (datatypes, each after the sorts of its
    /// fields) and their SMT names.
    poly_maps: Vec<(Arc<PolyMapType>, String)>,
    /// The polymorphic maps whose instances are being collected (an
    /// instance may hold its own map).
    poly_maps_visiting: Vec<Arc<PolyMapType>>,
    /// The SMT names of the polymorphic maps whose records can hold
    /// themselves ([`PolyMapType::holds_itself`]): uninterpreted sorts.
    self_holding: std::collections::HashSet<String>,
    /// Datatypes and their SMT names (declared together, after the sorts:
    /// they may refer to each other).
    datatypes: Vec<(Arc<DatatypeType>, String)>,
    /// Functions by name, with their SMT names.
    functions: HashMap<String, String>,
    /// Defined and uninterpreted functions, callees before callers.
    function_order: Vec<Arc<Function>>,
    /// Defined (not recursive) functions that some trigger applies: they
    /// are declared, with their definition an axiom triggered on their
    /// applications, as Boogie gives them, so that the triggers stay
    /// (a `define-fun` is a macro, which no pattern can hold).
    triggered: std::collections::HashSet<String>,
    features: Features,
}

impl Symbols {
    fn collect(program: &PassiveProgram, prefix: &str) -> Symbols {
        let mut s = Symbols::default();
        for v in &program.vars {
            s.ty(&v.ty, prefix);
        }
        for block in &program.blocks {
            for a in &block.assumes {
                s.expr(a, prefix);
            }
        }
        s
    }

    fn ty(&mut self, t: &Type, prefix: &str) {
        match t {
            Type::Int | Type::Bool => {}
            Type::Real => self.features.reals = true,
            Type::Bv(_) => self.features.bitvectors = true,
            Type::Float { sig, exp } => {
                self.features.floats = true;
                self.features.odd_floats |= !matches!((sig, exp), (24, 8) | (53, 11));
            }
            Type::RMode => self.features.floats = true,
            Type::Sort(name) => {
                self.features.uninterpreted = true;
                if !self.sorts.iter().any(|(n, _)| n == name) {
                    let smt = format!("{prefix}T_{}_{}", self.sorts.len(), clean(name));
                    self.sorts.push((name.clone(), smt));
                }
            }
            Type::Map(keys, value) => {
                // A map of no index is one value of its value sort.
                self.features.arrays |= !keys.is_empty();
                for k in keys {
                    self.ty(k, prefix);
                }
                self.ty(value, prefix);
            }
            Type::Datatype(d) => {
                self.features.datatypes = true;
                if self.datatypes.iter().any(|(e, _)| e == d) {
                    return;
                }
                let smt = format!("{prefix}D_{}_{}", self.datatypes.len(), clean(&d.name));
                self.datatypes.push((d.clone(), smt));
                for c in d.constructors() {
                    for (_, t) in &c.fields {
                        self.ty(t, prefix);
                    }
                }
            }
            Type::PolyMap(p) => {
                self.features.arrays = true;
                self.features.records = true;
                if self.poly_maps.iter().any(|(q, _)| q == p) || self.poly_maps_visiting.contains(p)
                {
                    return;
                }
                self.poly_maps_visiting.push(p.clone());
                for i in p.instances() {
                    self.ty(&i.map_type(), prefix);
                }
                self.poly_maps_visiting.pop();
                let smt = format!("{prefix}P_{}", self.poly_maps.len());
                if p.holds_itself() {
                    // Its constructor's axiom.
                    self.features.quantifiers = true;
                    self.features.forall_exists = true;
                    self.features.uninterpreted = true;
                    self.self_holding.insert(smt.clone());
                }
                self.poly_maps.push((p.clone(), smt));
            }
        }
    }

    fn expr<V>(&mut self, e: &Expr<V>, prefix: &str) {
        self.ty(&e.ty, prefix);
        match &e.kind {
            ExprKind::Apply(f, _) => self.function(f, prefix),
            ExprKind::Binary(op, _, d) => {
                if let Some(f) = zero_division_of(*op, d) {
                    self.function(&f, prefix);
                }
            }
            ExprKind::Quant(_, binders, _, triggers) => {
                self.features.quantifiers = true;
                self.features.forall_exists = true;
                for b in binders {
                    self.ty(&b.ty, prefix);
                }
                for t in triggers.iter().flatten() {
                    t.visit(&mut |x| {
                        if let ExprKind::Apply(f, _) = &x.kind {
                            if f.body.is_some() && !f.recursive {
                                self.triggered.insert(f.name.clone());
                            }
                        }
                    });
                }
            }
            ExprKind::Lambda(binders, _) => {
                // z3 reads an array lambda as a quantified definition:
                // with a lambda, only its E-matching mode answers (its
                // default mode answers `unknown` to check-sat-assuming), and
                // a model is a candidate, checked by replay.
                self.features.lambdas = true;
                self.features.quantifiers = true;
                for b in binders {
                    self.ty(&b.ty, prefix);
                }
            }
            ExprKind::PolyLambda(_) => {
                self.features.lambdas = true;
                self.features.quantifiers = true;
            }
            _ => {}
        }
        for c in e.children() {
            self.expr(c, prefix);
        }
    }

    /// The recursive functions whose cycle goes through another function:
    /// their bodies hold stand-ins of other names, or other bodies hold
    /// stand-ins of theirs.
    fn mutually_recursive(&self) -> std::collections::HashSet<String> {
        let mut out = std::collections::HashSet::new();
        for f in &self.function_order {
            let Some(body) = f.body.as_ref().filter(|_| f.recursive) else {
                continue;
            };
            body.visit(&mut |x| {
                if let ExprKind::Apply(g, _) = &x.kind {
                    if g.is_recursion_stand_in() && g.name != f.name {
                        out.insert(g.name.clone());
                        out.insert(f.name.clone());
                    }
                }
            });
        }
        out
    }

    fn function(&mut self, f: &Arc<Function>, prefix: &str) {
        if f.builtin
            .as_deref()
            .is_some_and(|op| op == "bv2nat" || op.starts_with("(_ int2bv "))
        {
            self.features.int_bv_conversions = true;
        }
        if f.builtin.as_deref() == Some("MapConst") {
            self.features.const_arrays = true;
        }
        if f.builtin
            .as_deref()
            .is_some_and(|op| POINTWISE_MAP_BUILTINS.contains(&op))
        {
            self.features.pointwise_maps = true;
        }
        // A recursion stand-in means the function of its name: the one
        // whose body holds it, or another of its cycle (mutual
        // recursion), which may not be met otherwise.
        if f.is_recursion_stand_in() {
            if let Some(g) = f.stand_in_for.get() {
                self.function(&g, prefix);
            }
            return;
        }
        if f.builtin.is_some() || f.datatype_op.is_some() || self.functions.contains_key(&f.name) {
            return;
        }
        if f.recursive {
            // `define-fun-rec` is the quantified equation of its body.
            self.features.quantifiers = true;
            self.features.forall_exists = true;
        }
        let smt = format!("{prefix}F_{}_{}", self.functions.len(), clean(&f.name));
        self.functions.insert(f.name.clone(), smt);
        for (_, t) in &f.params {
            self.ty(t, prefix);
        }
        self.ty(&f.result, prefix);
        match &f.body {
            Some(body) => self.expr(body, prefix),
            None => self.features.uninterpreted = true,
        }
        // Callees (reached through the body) come first.
        self.function_order.push(f.clone());
    }
}

/// Constructor `k` of the datatype `smt`: the model reader knows a
/// datatype's value by the `!c<k>` suffix of its constructor
/// ([`crate::back::solver::conform_value`] names it).
fn datatype_constructor(smt: &str, k: usize) -> String {
    format!("{smt}!c{k}")
}

/// Field `j` of constructor `k` of the datatype `smt`.
fn datatype_selector(smt: &str, k: usize, j: usize) -> String {
    format!("{smt}!c{k}!{j}")
}

/// The constructor of the datatype `smt` of a polymorphic map (the model
/// reader knows a record by its `!mk` suffix).
fn poly_map_constructor(smt: &str) -> String {
    format!("{smt}!mk")
}

/// Field `i` (instance `i`) of the datatype `smt` of a polymorphic map.
fn poly_map_field(smt: &str, i: usize) -> String {
    format!("{smt}!{i}")
}

/// The record of polymorphic map type `p` that can hold itself
/// ([`PolyMapType::holds_itself`]), its sort `smt` declared: a field
/// function per instance, and the constructor with the axiom that each
/// field of a constructed record is its argument. The constructor and
/// fields keep the datatype's names, so selects and stores print alike.
/// There is no extensionality axiom (two records with equal fields may
/// differ): a weaker theory refutes less, so no goal is called
/// infeasible that Boogie's reading keeps, and a model that needs the
/// missing axiom gives a test that does not replay, which is dropped.
fn declare_self_holding_record(printer: &Printer, p: &PolyMapType, smt: &str, out: &mut String) {
    let sorts: Vec<String> = p
        .instances()
        .iter()
        .map(|i| printer.sort(&i.map_type()))
        .collect();
    for (i, sort) in sorts.iter().enumerate() {
        let _ = writeln!(
            out,
            "(declare-fun {} ({smt}) {sort})",
            poly_map_field(smt, i)
        );
    }
    let mk = poly_map_constructor(smt);
    let _ = writeln!(out, "(declare-fun {mk} ({}) {smt})", sorts.join(" "));
    if sorts.is_empty() {
        return;
    }
    let x = |i: usize| format!("{}B_{i}", printer.prefix);
    let binders: Vec<String> = sorts
        .iter()
        .enumerate()
        .map(|(i, sort)| format!("({} {sort})", x(i)))
        .collect();
    let args: Vec<String> = (0..sorts.len()).map(x).collect();
    let record = format!("({mk} {})", args.join(" "));
    let fields: Vec<String> = (0..sorts.len())
        .map(|i| format!("(= ({} {record}) {})", poly_map_field(smt, i), x(i)))
        .collect();
    let _ = writeln!(
        out,
        "(assert (forall ({}) (! (and {}) :pattern ({record}))))",
        binders.join(" "),
        fields.join(" ")
    );
}

/// `name` with every character that is not a letter, digit or `_` as `_`.
fn clean(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn edge_name(out: &[(usize, String)], target: usize) -> &str {
    out.iter()
        .find(|(t, _)| *t == target)
        .map(|(_, e)| e.as_str())
        .unwrap_or("false")
}

/// `true`, the single conjunct, or `(and ...)`.
fn conjunction<'a>(items: impl Iterator<Item = &'a str>) -> String {
    nary("and", "true", items)
}

/// `false`, the single disjunct, or `(or ...)`.
fn disjunction<'a>(items: impl Iterator<Item = &'a str>) -> String {
    nary("or", "false", items)
}

fn nary<'a>(op: &str, unit: &str, items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    match items.len() {
        0 => unit.to_string(),
        1 => items[0].to_string(),
        _ => {
            let mut t = format!("({op}");
            for i in items {
                t.push(' ');
                t.push_str(i);
            }
            t.push(')');
            t
        }
    }
}

/// A prefix that no SSA variable name starts with, followed by any of the
/// letters the VC and the cover loops use for their own names.
fn fresh_prefix(program: &PassiveProgram) -> String {
    const OWN: [&str; 9] = ["W_", "R_", "S_", "E_", "A_", "L_", "T_", "F_", "B_"];
    let mut prefix = String::new();
    loop {
        let clash = program.vars.iter().any(|v| {
            OWN.iter().any(|own| {
                v.smt_name
                    .strip_prefix(prefix.as_str())
                    .is_some_and(|rest| rest.starts_with(own))
            })
        });
        if !clash {
            return prefix;
        }
        prefix.push('_');
    }
}

struct Printer<'p> {
    program: &'p PassiveProgram,
    prefix: &'p str,
    /// Counter for fresh `let` names.
    lets: usize,
    /// A product of two non-constant terms was printed (or a function
    /// applied whose body makes one at these arguments).
    nonlinear: bool,
    /// An integer `div` or `mod` was printed.
    divides: bool,
    linearity: Linearity,
    symbols: &'p Symbols,
    /// A trigger's terms are being printed: `div` and `mod` are printed
    /// as they are (a pattern holds no `let` nor `ite`).
    in_pattern: bool,
}

/// What decides whether a function's products are linear where it is
/// applied: SMACK's prelude defines `$mul.ref(p1, p2) { p1 * p2 }` and
/// applies it mostly to a constant (`$mul.ref(8, $i5)`), a linear term
/// once the solver expands the definition. A product in a body is judged
/// at each application, by the arguments its operands depend on.
#[derive(Default)]
struct Linearity {
    /// Per defined function with products: each product's two operands.
    products: HashMap<String, Vec<[Operand; 2]>>,
    /// Defined functions whose body applies no uninterpreted function and
    /// reads no map: constant at constant arguments.
    transparent: std::collections::HashSet<String>,
    /// While a body is printed: its parameter count and its products.
    body: Option<(usize, Vec<[Operand; 2]>)>,
}

/// An operand of a product, as far as linearity goes: the parameters of
/// the function being printed it depends on, and whether it depends on
/// anything else that is not a constant (a variable, a map, an
/// uninterpreted function).
#[derive(Clone, Debug, Default)]
struct Operand {
    params: std::collections::BTreeSet<usize>,
    other: bool,
}

impl Operand {
    fn is_constant(&self) -> bool {
        self.params.is_empty() && !self.other
    }
}

impl Printer<'_> {
    /// The SMT sort of `ty`; a map of several indices is an array of arrays.
    fn sort(&self, ty: &Type) -> String {
        match ty {
            Type::Int => "Int".to_string(),
            Type::Bool => "Bool".to_string(),
            Type::Real => "Real".to_string(),
            Type::Bv(w) => format!("(_ BitVec {w})"),
            Type::Float { sig, exp } => format!("(_ FloatingPoint {exp} {sig})"),
            Type::RMode => "RoundingMode".to_string(),
            Type::Sort(name) => self
                .symbols
                .sorts
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, s)| s.clone())
                .unwrap_or_else(|| format!("{}T_undeclared", self.prefix)),
            Type::Map(keys, value) => {
                let mut t = self.sort(value);
                for k in keys.iter().rev() {
                    t = format!("(Array {} {t})", self.sort(k));
                }
                t
            }
            Type::PolyMap(p) => self.poly_map_name(p),
            Type::Datatype(d) => self.datatype_name(d),
        }
    }

    fn datatype_name(&self, d: &DatatypeType) -> String {
        self.symbols
            .datatypes
            .iter()
            .find(|(e, _)| **e == *d)
            .map(|(_, s)| s.clone())
            .unwrap_or_else(|| format!("{}D_undeclared", self.prefix))
    }

    /// An application of a datatype's constructor, tester or selector.
    fn datatype_application(
        &mut self,
        f: &Function,
        op: DatatypeOp,
        args: &[Expr<SsaId>],
        out: &mut String,
    ) {
        let datatype = match op {
            DatatypeOp::Construct(_) => &f.result,
            _ => f.params.first().map_or(&f.result, |(_, t)| t),
        };
        let Type::Datatype(d) = datatype else {
            out.push_str("false");
            return;
        };
        let smt = self.datatype_name(d);
        let args: Vec<&Expr<SsaId>> = args.iter().collect();
        match op {
            DatatypeOp::Construct(k) if args.is_empty() => {
                out.push_str(&datatype_constructor(&smt, k));
            }
            DatatypeOp::Construct(k) => self.app(&datatype_constructor(&smt, k), &args, out),
            DatatypeOp::Test(k) => {
                let tester = format!("(_ is {})", datatype_constructor(&smt, k));
                self.app(&tester, &args, out);
            }
            DatatypeOp::Select(k, j) => {
                self.app(&datatype_selector(&smt, k, j), &args, out);
            }
        }
    }

    fn poly_map_name(&self, p: &Arc<PolyMapType>) -> String {
        self.symbols
            .poly_maps
            .iter()
            .find(|(q, _)| q == p)
            .map(|(_, s)| s.clone())
            .unwrap_or_else(|| format!("{}P_undeclared", self.prefix))
    }

    /// The field of polymorphic map `m` (of type `p`, printed as `text`)
    /// that holds the instance at index types `ix` and value type
    /// `value`: `(P_0_1 m)`.
    fn poly_map_component(
        &self,
        p: &Arc<PolyMapType>,
        text: &str,
        ix: &[Type],
        value: &Type,
    ) -> String {
        let smt = self.poly_map_name(p);
        match p.instance_at(ix, value) {
            Some(i) => format!("({} {text})", poly_map_field(&smt, i)),
            None => format!("{}P_no_instance", self.prefix),
        }
    }

    fn bound_name(&self, id: usize) -> String {
        format!("{}B_{id}", self.prefix)
    }

    /// A function of a cycle of mutual recursion: `(declare-fun f (A B) C)`
    /// into `out`, and its equation, `forall x, y :: f(x, y) == body`
    /// (triggered on `f(x, y)`, as Boogie's definitional axiom), into
    /// `equations`.
    fn declare_recursive_equation(
        &mut self,
        f: &Function,
        out: &mut String,
        equations: &mut String,
    ) {
        let Some(name) = self.symbols.functions.get(&f.name).cloned() else {
            return;
        };
        let result = self.sort(&f.result);
        let sorts: Vec<String> = f.params.iter().map(|(_, t)| self.sort(t)).collect();
        let _ = writeln!(out, "(declare-fun {name} ({}) {result})", sorts.join(" "));
        let Some(body) = &f.body else {
            return;
        };
        let body = body.map_vars(&mut |_| SsaId(usize::MAX));
        let mut text = String::new();
        let outer = self.linearity.body.replace((f.params.len(), Vec::new()));
        self.expr(&body, &mut text);
        self.linearity.body = outer;
        let binders: Vec<String> = sorts
            .iter()
            .enumerate()
            .map(|(i, s)| format!("({} {s})", self.bound_name(i)))
            .collect();
        equations.push_str(&self.definitional_axiom(&name, f, &binders, &text));
    }

    /// Boogie's definitional axiom of `f` (SMT name `name`, parameters
    /// bound as `binders`, `(B_i S)`), its body printed as `text`: `forall
    /// x :: f(x) == body`, triggered on `f(x)`; `f == body` for a constant.
    fn definitional_axiom(
        &self,
        name: &str,
        f: &Function,
        binders: &[String],
        text: &str,
    ) -> String {
        if binders.is_empty() {
            return format!("(assert (= {name} {text}))\n");
        }
        let bound: Vec<String> = (0..binders.len()).map(|i| self.bound_name(i)).collect();
        let application = format!("({name} {})", bound.join(" "));
        format!(
            "(assert (forall ({}) (! (= {application} {text}) :qid q{} :pattern ({application}))))\n",
            binders.join(" "),
            f.span.start
        )
    }

    /// `(declare-fun f (A B) C)` or `(define-fun f ((x A) (y B)) C body)`.
    fn declare_function(&mut self, f: &Function, out: &mut String) {
        let Some(name) = self.symbols.functions.get(&f.name).cloned() else {
            return;
        };
        let result = self.sort(&f.result);
        match &f.body {
            None => {
                let params: Vec<String> = f.params.iter().map(|(_, t)| self.sort(t)).collect();
                let _ = writeln!(out, "(declare-fun {name} ({}) {result})", params.join(" "));
            }
            Some(body) => {
                let params: Vec<String> = f
                    .params
                    .iter()
                    .enumerate()
                    .map(|(i, (_, t))| format!("({} {})", self.bound_name(i), self.sort(t)))
                    .collect();
                // The body mentions no variable: read it over SSA ids.
                let body = body.map_vars(&mut |_| SsaId(usize::MAX));
                let mut text = String::new();
                let outer = self.linearity.body.replace((f.params.len(), Vec::new()));
                self.expr(&body, &mut text);
                if let Some((_, products)) = std::mem::replace(&mut self.linearity.body, outer) {
                    if !products.is_empty() {
                        self.linearity.products.insert(f.name.clone(), products);
                    }
                }
                let mut transparent = true;
                body.visit(&mut |x| match &x.kind {
                    ExprKind::Apply(g, _) => {
                        transparent &=
                            g.builtin.is_some() || self.linearity.transparent.contains(&g.name)
                    }
                    ExprKind::Select(..) | ExprKind::Store(..) | ExprKind::Quant(..) => {
                        transparent = false
                    }
                    _ => {}
                });
                if transparent && !f.recursive {
                    self.linearity.transparent.insert(f.name.clone());
                }
                if self.symbols.triggered.contains(&f.name) {
                    // Boogie's definitional axiom, triggered on the
                    // function's applications.
                    let sorts: Vec<String> = f.params.iter().map(|(_, t)| self.sort(t)).collect();
                    let _ = writeln!(out, "(declare-fun {name} ({}) {result})", sorts.join(" "));
                    out.push_str(&self.definitional_axiom(&name, f, &params, &text));
                    return;
                }
                let command = if f.recursive {
                    "define-fun-rec"
                } else {
                    "define-fun"
                };
                let _ = writeln!(
                    out,
                    "({command} {name} ({}) {result} {text})",
                    params.join(" ")
                );
            }
        }
    }

    fn expr(&mut self, e: &Expr<SsaId>, out: &mut String) {
        match &e.kind {
            ExprKind::Int(n) => int_literal(n, out),
            ExprKind::Real(r) => real_literal(r, out),
            ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            ExprKind::Var(v) => match self.program.vars.get(v.0) {
                Some(var) => out.push_str(&var.smt_name),
                // Not a variable of this program: print a name the solver
                // does not know, so that it reports an error (no panic).
                None => {
                    let _ = write!(out, "{}undeclared_ssa_{}", self.prefix, v.0);
                }
            },
            // Passification removes `old`; were one left, its operand is
            // the best reading of it (it is already an SSA incarnation).
            ExprKind::Old(inner) => self.expr(inner, out),
            ExprKind::Unary(UnOp::Not, a) => self.app("not", &[a], out),
            ExprKind::Unary(UnOp::Neg, a) => self.app("-", &[a], out),
            ExprKind::Unary(UnOp::ToInt, a) => self.app("to_int", &[a], out),
            ExprKind::Unary(UnOp::ToReal, a) => self.app("to_real", &[a], out),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, out),
            ExprKind::Ite(c, a, b) => self.app("ite", &[c, a, b], out),
            ExprKind::Bv(w, n) => {
                let _ = write!(out, "(_ bv{n} {w})");
            }
            ExprKind::Float(x) => out.push_str(&x.smt_text()),
            ExprKind::RMode(m) => out.push_str(m.name()),
            ExprKind::Bound(i) => out.push_str(&self.bound_name(*i)),
            ExprKind::Apply(f, args) => {
                if let Some(products) = self.linearity.products.get(&f.name).cloned() {
                    // Each product of the body, its operands read at these
                    // arguments.
                    for [x, y] in products {
                        let at = |o: Operand, p: &mut Printer| {
                            let mut read = Operand {
                                params: Default::default(),
                                other: o.other,
                            };
                            for i in o.params {
                                let Some(arg) = args.get(i) else {
                                    read.other = true;
                                    continue;
                                };
                                let a = p.operand(arg);
                                read.params.extend(a.params);
                                read.other |= a.other;
                            }
                            read
                        };
                        let (x, y) = (at(x, self), at(y, self));
                        if !x.is_constant() && !y.is_constant() {
                            self.product([x, y]);
                        }
                    }
                }
                if let (Some("MapConst"), [value]) = (f.builtin.as_deref(), args.as_slice()) {
                    return self.constant_map(&f.result, value, out);
                }
                if let Some(op) = f.datatype_op {
                    return self.datatype_application(f, op, args, out);
                }
                if let Some(op) = f
                    .builtin
                    .as_deref()
                    .filter(|op| POINTWISE_MAP_BUILTINS.contains(op))
                {
                    let name = self.pointwise_map(op, &f.params, &f.result);
                    let args: Vec<&Expr<SsaId>> = args.iter().collect();
                    return self.app(&name, &args, out);
                }
                let args: Vec<&Expr<SsaId>> = args.iter().collect();
                let name = match &f.builtin {
                    Some(op) => op.clone(),
                    None => self
                        .symbols
                        .functions
                        .get(&f.name)
                        .cloned()
                        .unwrap_or_else(|| format!("{}F_undeclared", self.prefix)),
                };
                if args.is_empty() {
                    out.push_str(&name);
                } else {
                    self.app(&name, &args, out);
                }
            }
            ExprKind::Distinct(args) => {
                let args: Vec<&Expr<SsaId>> = args.iter().collect();
                self.app("distinct", &args, out);
            }
            ExprKind::Select(m, ix) => {
                // a[i, j] = (select (select a i) j)
                let mut text = String::new();
                self.expr(m, &mut text);
                if let Type::PolyMap(p) = &m.ty {
                    let keys: Vec<Type> = ix.iter().map(|i| i.ty.clone()).collect();
                    text = self.poly_map_component(p, &text, &keys, &e.ty);
                }
                for i in ix {
                    let mut t = format!("(select {text} ");
                    self.expr(i, &mut t);
                    t.push(')');
                    text = t;
                }
                out.push_str(&text);
            }
            ExprKind::Store(m, ix, v) => {
                // a[i, j := v] = (store a i (store (select a i) j v))
                let mut base = String::new();
                self.expr(m, &mut base);
                let idx: Vec<String> = ix
                    .iter()
                    .map(|i| {
                        let mut t = String::new();
                        self.expr(i, &mut t);
                        t
                    })
                    .collect();
                let mut value = String::new();
                self.expr(v, &mut value);
                if let Type::PolyMap(p) = &m.ty {
                    // The record with the one field replaced; `let` keeps
                    // the map's text from being repeated per field.
                    let keys: Vec<Type> = ix.iter().map(|i| i.ty.clone()).collect();
                    let name = format!("{}L_p{}", self.prefix, self.lets);
                    self.lets += 1;
                    let smt = self.poly_map_name(p);
                    if p.instances().is_empty() {
                        // No instance to store at (nothing reads one).
                        out.push_str(&poly_map_constructor(&smt));
                        return;
                    }
                    let at = p.instance_at(&keys, &v.ty);
                    let _ = write!(
                        out,
                        "(let (({name} {base})) ({}",
                        poly_map_constructor(&smt)
                    );
                    for i in 0..p.instances().len() {
                        let field = format!("({} {name})", poly_map_field(&smt, i));
                        out.push(' ');
                        if Some(i) == at {
                            out.push_str(&nested_store(&field, &idx, &value));
                        } else {
                            out.push_str(&field);
                        }
                    }
                    out.push_str("))");
                    return;
                }
                out.push_str(&nested_store(&base, &idx, &value));
            }
            ExprKind::Extract(x, hi, lo) => {
                let _ = write!(out, "((_ extract {} {lo}) ", hi - 1);
                self.expr(x, out);
                out.push(')');
            }
            ExprKind::Concat(a, b) => self.app("concat", &[a, b], out),
            ExprKind::Lambda(binders, body) => self.lambda(binders, body, out),
            // The record of one lambda per instance of its type.
            ExprKind::PolyLambda(parts) => {
                let Type::PolyMap(p) = &e.ty else {
                    let _ = write!(out, "{}P_not_a_poly_map", self.prefix);
                    return;
                };
                if parts.parts().len() != p.instances().len() {
                    // Not resolved at every instance: a name the solver
                    // does not know, so that it reports an error.
                    let _ = write!(out, "{}P_no_instance", self.prefix);
                    return;
                }
                let smt = self.poly_map_name(p);
                if parts.parts().is_empty() {
                    // A record without fields: its constructor is a
                    // constant, applied to nothing.
                    out.push_str(&poly_map_constructor(&smt));
                    return;
                }
                let _ = write!(out, "({}", poly_map_constructor(&smt));
                for part in parts.parts() {
                    out.push(' ');
                    self.expr(part, out);
                }
                out.push(')');
            }
            ExprKind::Quant(q, binders, body, triggers) => {
                let word = match q {
                    Quantifier::Forall => "forall",
                    Quantifier::Exists => "exists",
                };
                let _ = write!(out, "({word} (");
                for (i, b) in binders.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "({} {})", self.bound_name(b.id), self.sort(&b.ty));
                }
                out.push_str(") ");
                let patterns: Vec<&Vec<Expr<SsaId>>> =
                    triggers.iter().filter(|t| is_pattern(binders, t)).collect();
                // Named after its place in the source (byte offset), so
                // that z3's quantifier profile (`smt.qi.profile`) and
                // instantiation traces point back at the axiom.
                out.push_str("(! ");
                self.expr(body, out);
                let _ = write!(out, " :qid q{}", e.span.start);
                for terms in patterns {
                    out.push_str(" :pattern (");
                    let outer = std::mem::replace(&mut self.in_pattern, true);
                    for (i, t) in terms.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        self.expr(t, out);
                    }
                    self.in_pattern = outer;
                    out.push(')');
                }
                out.push_str("))");
            }
        }
    }

    /// A lambda as an array term: `(lambda ((B_x K1)) (lambda ((B_y K2))
    /// body))`, one array level per binder (a map of several indices is
    /// an array of arrays).
    fn lambda(&mut self, binders: &[crate::ir::Binder], body: &Expr<SsaId>, out: &mut String) {
        for b in binders {
            let _ = write!(
                out,
                "(lambda (({} {})) ",
                self.bound_name(b.id),
                self.sort(&b.ty)
            );
        }
        self.expr(body, out);
        for _ in binders {
            out.push(')');
        }
    }

    fn app(&mut self, op: &str, args: &[&Expr<SsaId>], out: &mut String) {
        out.push('(');
        out.push_str(op);
        for a in args {
            out.push(' ');
            self.expr(a, out);
        }
        out.push(')');
    }

    fn binary(&mut self, op: BinOp, a: &Expr<SsaId>, b: &Expr<SsaId>, out: &mut String) {
        let name = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => {
                if !is_constant(a) && !is_constant(b) {
                    self.product([self.operand(a), self.operand(b)]);
                }
                "*"
            }
            BinOp::Div | BinOp::Mod => return self.division(op, a, b, out),
            BinOp::RealDiv => return self.real_division(a, b, out),
            BinOp::Eq | BinOp::Iff => "=",
            BinOp::Neq => "distinct",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Implies => "=>",
        };
        self.app(name, &[a, b], out);
    }

    /// `a div b` / `a mod b` with bicd's value at a zero divisor
    /// ([`arith::SMT_INT_DIV`], [`arith::SMT_INT_MOD`]).
    fn division(&mut self, op: BinOp, a: &Expr<SsaId>, b: &Expr<SsaId>, out: &mut String) {
        self.divides = true;
        let smt = if op == BinOp::Div {
            arith::SMT_INT_DIV
        } else {
            arith::SMT_INT_MOD
        };
        match const_int(b) {
            _ if self.in_pattern => self.app(smt.op, &[a, b], out),
            Some(d) if d.is_zero() => self.at_zero(op, a, out),
            Some(_) => self.app(smt.op, &[a, b], out),
            None => self.guarded_division(op, smt, a, b, out),
        }
    }

    /// `a op 0`: the value of a division by zero, which Boogie leaves open:
    /// the uninterpreted function of the numerator
    /// ([`arith::zero_division_function`]).
    fn at_zero(&mut self, op: BinOp, a: &Expr<SsaId>, out: &mut String) {
        let _ = write!(out, "({} ", self.zero_division_symbol(op));
        self.expr(a, out);
        out.push(')');
    }

    /// The SMT name of [`arith::zero_division_function`] for `op`
    /// (declared by the symbol pass wherever a divisor may be zero).
    fn zero_division_symbol(&self, op: BinOp) -> String {
        arith::zero_division_function(op)
            .and_then(|f| self.symbols.functions.get(&f.name).cloned())
            .unwrap_or_else(|| format!("{}F_undeclared", self.prefix))
    }
}

impl Printer<'_> {
    /// `(let ((n a) (d b)) (ite (= d zero) (Z n) (op n d)))`, where Z is the
    /// uninterpreted value of a division by zero
    /// ([`arith::zero_division_function`]; a test records its values, and
    /// the interpreter replays with them).
    fn guarded_division(
        &mut self,
        op: BinOp,
        smt: arith::SmtDivision,
        a: &Expr<SsaId>,
        b: &Expr<SsaId>,
        out: &mut String,
    ) {
        // Non-linear unless the divisor is a parameter of the function
        // being printed that every application gives a constant
        // (SMACK's `$srem.i64(x, 2147483648)`): judged like a product
        // whose other operand is never constant ([`Linearity`]).
        let divisor = self.operand(b);
        self.product([
            divisor,
            Operand {
                params: Default::default(),
                other: true,
            },
        ]);
        let n = format!("{}L_{}", self.prefix, self.lets);
        let d = format!("{}L_{}", self.prefix, self.lets + 1);
        self.lets += 2;
        let z = self.zero_division_symbol(op);
        let _ = write!(out, "(let (({n} ");
        self.expr(a, out);
        let _ = write!(out, ") ({d} ");
        self.expr(b, out);
        let _ = write!(
            out,
            ")) (ite (= {d} {}) ({z} {n}) ({} {n} {d})))",
            smt.zero, smt.op
        );
    }

    /// `a / b` with bicd's `x / 0.0 = 0.0` ([`arith::SMT_REAL_DIV`]).
    fn real_division(&mut self, a: &Expr<SsaId>, b: &Expr<SsaId>, out: &mut String) {
        let smt = arith::SMT_REAL_DIV;
        match const_real(b) {
            Some(d) if d.is_zero() => self.at_zero(BinOp::RealDiv, a, out),
            Some(_) => self.app(smt.op, &[a, b], out),
            None => self.guarded_division(BinOp::RealDiv, smt, a, b, out),
        }
    }
}

/// A real literal: `2.0`, `(- 2.0)`, `(/ 1.0 3.0)`, `(- (/ 1.0 3.0))`.
fn real_literal(r: &BigRational, out: &mut String) {
    let magnitude = if r.is_integer() {
        format!("{}.0", r.numer().abs())
    } else {
        format!("(/ {}.0 {}.0)", r.numer().abs(), r.denom())
    };
    if r.is_negative() {
        let _ = write!(out, "(- {magnitude})");
    } else {
        out.push_str(&magnitude);
    }
}

/// The zero-division function ([`arith::zero_division_function`]) a
/// division `_ op d` may apply: for `div`, `mod` and `/` unless `d` is a
/// literal other than zero.
fn zero_division_of<V>(op: BinOp, d: &Expr<V>) -> Option<Arc<Function>> {
    let nonzero_literal = match &d.kind {
        ExprKind::Int(n) => !n.is_zero(),
        ExprKind::Real(r) => !r.is_zero(),
        _ => false,
    };
    if nonzero_literal {
        return None;
    }
    arith::zero_division_function(op)
}

impl Printer<'_> {
    /// `((as const (Array K1 (Array K2 V))) ((as const (Array K2 V)) v))`:
    /// the map of type `ty` (a map of several indices is an array of
    /// arrays) whose every index maps to `value`.
    fn constant_map(&mut self, ty: &Type, value: &Expr<SsaId>, out: &mut String) {
        let Type::Map(keys, v) = ty else {
            self.expr(value, out);
            return;
        };
        let mut inner = String::new();
        self.expr(value, &mut inner);
        let mut sort = self.sort(v);
        for k in keys.iter().rev() {
            sort = format!("(Array {} {sort})", self.sort(k));
            inner = format!("((as const {sort}) {inner})");
        }
        out.push_str(&inner);
    }

    /// z3's pointwise operator `(_ map f)` of the map builtin `op`, whose
    /// first argument is a map of type `first` (one index; checked by the
    /// front end): `(_ map (+ (Int Int) Int))`, `(_ map and)`, ...
    fn pointwise_map(&self, op: &str, params: &[(String, Type)], result: &Type) -> String {
        let value_sort = |t: Option<&Type>| match t {
            Some(Type::Map(_, v)) => self.sort(v),
            Some(other) => self.sort(other),
            None => "Bool".to_string(),
        };
        let value = value_sort(params.first().map(|(_, t)| t));
        let f = match op {
            "MapAdd" => "(+ (Int Int) Int)".to_string(),
            "MapSub" => "(- (Int Int) Int)".to_string(),
            "MapMul" => "(* (Int Int) Int)".to_string(),
            "MapDiv" => "(div (Int Int) Int)".to_string(),
            "MapMod" => "(mod (Int Int) Int)".to_string(),
            "MapGt" => "(> (Int Int) Bool)".to_string(),
            "MapGe" => "(>= (Int Int) Bool)".to_string(),
            "MapLt" => "(< (Int Int) Bool)".to_string(),
            "MapLe" => "(<= (Int Int) Bool)".to_string(),
            "MapEq" => format!("(= ({value} {value}) Bool)"),
            "MapIff" => "(= (Bool Bool) Bool)".to_string(),
            "MapOr" => "or".to_string(),
            "MapAnd" => "and".to_string(),
            "MapNot" => "not".to_string(),
            "MapImp" => "=>".to_string(),
            // MapIte: the first argument is the condition; the others'
            // value type is the result's.
            _ => return format!("(_ map (ite (Bool {0} {0}) {0}))", value_sort(Some(result))),
        };
        format!("(_ map {f})")
    }

    /// A product of two operands neither of which is constant: non-linear,
    /// unless it is in a function body, where it is judged at each
    /// application ([`Linearity`]).
    fn product(&mut self, operands: [Operand; 2]) {
        match &mut self.linearity.body {
            Some((_, products)) => products.push(operands),
            None => self.nonlinear = true,
        }
    }

    /// What `e` depends on (see [`Operand`]).
    fn operand(&self, e: &Expr<SsaId>) -> Operand {
        let mut o = Operand::default();
        self.depend(e, &mut o);
        o
    }

    fn depend(&self, e: &Expr<SsaId>, o: &mut Operand) {
        match &e.kind {
            ExprKind::Int(_)
            | ExprKind::Real(_)
            | ExprKind::Bool(_)
            | ExprKind::Bv(..)
            | ExprKind::Float(_)
            | ExprKind::RMode(_) => {}
            ExprKind::Bound(i) => match self.linearity.body {
                Some((params, _)) if *i < params => {
                    o.params.insert(*i);
                }
                _ => o.other = true,
            },
            ExprKind::Apply(f, args)
                if f.builtin.is_some() || self.linearity.transparent.contains(&f.name) =>
            {
                for a in args {
                    self.depend(a, o);
                }
            }
            // A division is uninterpreted at zero.
            ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::RealDiv, a, b)
                if zero_division_of(BinOp::Div, b).is_none() =>
            {
                self.depend(a, o);
            }
            ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::RealDiv, ..) => o.other = true,
            ExprKind::Binary(..) | ExprKind::Unary(..) | ExprKind::Ite(..) | ExprKind::Old(_) => {
                for c in e.children() {
                    self.depend(c, o);
                }
            }
            _ => o.other = true,
        }
    }
}

/// Whether `e` is made of literals only (so multiplying by it is linear).
fn is_constant(e: &Expr<SsaId>) -> bool {
    const_int(e).is_some() || const_real(e).is_some()
}

/// The value of a real expression made of literals only (`/` by zero
/// excepted: that is never needed to decide linearity).
fn const_real(e: &Expr<SsaId>) -> Option<BigRational> {
    match &e.kind {
        ExprKind::Real(r) => Some(r.clone()),
        ExprKind::Unary(UnOp::ToReal, a) => Some(BigRational::from_integer(const_int(a)?)),
        ExprKind::Unary(UnOp::Neg, a) => Some(-const_real(a)?),
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (const_real(a)?, const_real(b)?);
            match op {
                BinOp::Add => Some(x + y),
                BinOp::Sub => Some(x - y),
                BinOp::Mul => Some(x * y),
                // A quotient by zero is not a constant (its value is open).
                BinOp::RealDiv if !y.is_zero() => Some(arith::real_div(&x, &y)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `base[i1, ..., in := value]` over nested arrays.
fn nested_store(base: &str, idx: &[String], value: &str) -> String {
    match idx.split_first() {
        None => value.to_string(),
        Some((first, rest)) => {
            let inner_base = format!("(select {base} {first})");
            let inner = nested_store(&inner_base, rest, value);
            format!("(store {base} {first} {inner})")
        }
    }
}

fn int_literal(n: &BigInt, out: &mut String) {
    if n.is_negative() {
        let _ = write!(out, "(- {})", -n);
    } else {
        let _ = write!(out, "{n}");
    }
}

/// The value of an integer expression made of literals only.
fn const_int(e: &Expr<SsaId>) -> Option<BigInt> {
    match &e.kind {
        ExprKind::Int(n) => Some(n.clone()),
        ExprKind::Unary(UnOp::Neg, a) => Some(-const_int(a)?),
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (const_int(a)?, const_int(b)?);
            match op {
                BinOp::Add => Some(x + y),
                BinOp::Sub => Some(x - y),
                BinOp::Mul => Some(x * y),
                BinOp::Div if !y.is_zero() => Some(euclid_div(&x, &y)),
                BinOp::Mod if !y.is_zero() => Some(euclid_mod(&x, &y)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the trigger `terms` of a quantifier over `binders` is a pattern
/// the solvers accept: every term an application of an uninterpreted
/// function or a map access (not a bare variable, an operator or a defined
/// function, whose body the solver expands), none holding a quantifier,
/// and all the binders mentioned. Others are dropped: the solver then
/// chooses its own patterns, which changes speed, never answers.
fn is_pattern<V>(binders: &[crate::ir::Binder], terms: &[Expr<V>]) -> bool {
    // A defined function in a trigger is declared, its definition an
    // axiom (`Symbols::triggered`); a recursive one is not.
    let top_ok = |t: &Expr<V>| match &t.kind {
        ExprKind::Apply(f, args) => !f.recursive && f.builtin.is_none() && !args.is_empty(),
        ExprKind::Select(..) | ExprKind::Store(..) => true,
        // z3 reads `(mod x (f y))` as a pattern (VCC's prelude).
        ExprKind::Binary(BinOp::Div | BinOp::Mod, ..) => true,
        _ => false,
    };
    let mut inner_ok = true;
    let mut mentioned = std::collections::HashSet::new();
    for t in terms {
        t.visit(&mut |x| match &x.kind {
            ExprKind::Quant(..) => inner_ok = false,
            ExprKind::Apply(f, _) if f.recursive => inner_ok = false,
            ExprKind::Bound(id) => {
                mentioned.insert(*id);
            }
            _ => {}
        });
    }
    !terms.is_empty()
        && inner_ok
        && terms.iter().all(top_ok)
        && binders.iter().all(|b| mentioned.contains(&b.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euclidean_division() {
        let d = |x: i64, y: i64| euclid_div(&BigInt::from(x), &BigInt::from(y));
        assert_eq!(d(7, 2), BigInt::from(3));
        assert_eq!(d(-7, 2), BigInt::from(-4));
        assert_eq!(d(7, -2), BigInt::from(-3));
        assert_eq!(d(-7, -2), BigInt::from(4));
        // x = q*y + r with 0 <= r < |y|
        for x in -9i64..=9 {
            for y in [-4i64, -3, -1, 1, 2, 5] {
                let q = d(x, y);
                let r = BigInt::from(x) - &q * BigInt::from(y);
                assert!(!r.is_negative() && r < BigInt::from(y.abs()), "{x} {y}");
            }
        }
    }

    /// The VC of a small program: `x` is assigned on both branches (a
    /// join copy on each, so defined twice), `y` once after the join.
    fn join_program_vc() -> ReachabilityVc {
        let text = "procedure p(a: int) returns (y: int) {\n\
                    var x: int;\n\
                    s: goto l, r;\n\
                    l: assume a > 0; x := 1; goto j;\n\
                    r: assume a <= 0; x := 2; goto j;\n\
                    j: y := x + 1; assume y > 5; return;\n\
                    }\n";
        let mut sources = crate::source::SourceMap::new();
        let file = sources.add("join.bpl", text);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let passive =
            crate::middle::prepare_entry(&program, crate::ir::ProcId(0), 1).expect("prepares");
        reachability_vc(&passive)
    }

    #[test]
    fn definitions_that_dominate_their_uses_are_hoisted() {
        let vc = join_program_vc();
        let top: Vec<&str> = vc
            .hoisted_definitions
            .lines()
            .filter(|l| l.starts_with("(assert (= v"))
            .collect();
        // `y := x + 1` is asserted on its own (so are `x := 1` and `x := 2`,
        // each in the block that alone uses it); the join copies of `x`
        // stay in the W_b of their branches, where they hold only on that
        // path.
        assert!(
            top.iter().any(|l| l.contains("_y (+ ")),
            "y's definition is hoisted:\n{}",
            vc.hoisted_definitions
        );
        let joined: Vec<&str> = vc
            .hoisted_definitions
            .lines()
            .filter(|l| l.starts_with("(assert (= W_") && l.contains("_x "))
            .collect();
        assert_eq!(
            joined.len(),
            2,
            "x's join copies:\n{}",
            vc.hoisted_definitions
        );
        for line in &top {
            let name = line["(assert (= ".len()..]
                .split(' ')
                .next()
                .unwrap_or_default();
            assert!(
                !joined.iter().any(|j| j.contains(&format!("(= {name} "))),
                "{name} is defined twice but hoisted:\n{}",
                vc.hoisted_definitions
            );
        }
        // The condition stays in its block, and the window text keeps every
        // assumption of a block.
        assert!(!top.iter().any(|l| l.contains("> ")));
        assert!(vc.stmts.iter().any(|s| s.contains("_y (+ ")));
        // The forward VC has the same hoisted definitions and implications.
        let forward = vc.forward_definitions.concat();
        assert!(forward.contains(top[0]));
        assert!(forward.contains("(assert (=> "));
        // Each block's text mentions no later block: a prefix of the
        // texts is a VC of its own (statement cover loads it so).
        for (b, text) in vc.forward_definitions.iter().enumerate() {
            let later: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
                .filter(|t| vc.r[b + 1..].iter().any(|r| r == t))
                .collect();
            assert!(later.is_empty(), "block {b} mentions {later:?}:\n{text}");
        }
        // The plain VC hoists nothing.
        assert!(!vc
            .definitions
            .lines()
            .any(|l| l.starts_with("(assert (= v")));
    }
}
