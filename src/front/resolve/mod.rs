//! Name resolution and type checking: syntax tree to the resolved program.
//!
//! Takes: an [`ast::Program`] (or the files to parse into one). Gives:
//! [`ir::Program`] (globals, procedures with typed, resolved statements and
//! a CFG per body, and the table of assertions), or every error found,
//! located and sorted by position. design.md, "The pipeline": `AST ──lower──▶
//! CFG per procedure`; the CFG itself is cut by [`crate::front::lower`].
//!
//! Entry: [`load_program`] (one file), [`load_program_with`] (with
//! [`LoadOptions`]), [`load_files`] (several files as one program). This
//! module holds them, the resolver's state and the order of the passes; each
//! part has one job:
//! - [`types`]: `type` declarations and the [`Type`] a written type denotes;
//! - [`globals`]: global variables, constants and axioms;
//! - [`functions`]: `function` declarations, builtins, applications;
//! - [`floats`]: the operators on floats and the builtins of SMT-LIB's
//!   `FloatingPoint` (issue 21);
//! - [`function_graph`]: which bodies apply which functions: cycles among
//!   `{:inline}` functions (refused), the order to resolve bodies in;
//! - [`scopes`]: variable tables and which names a place sees;
//! - [`procedures`]: procedure headers, specs and bodies;
//! - [`statements`]: the statements of a body;
//! - [`expressions`]: expressions, resolved and type checked;
//! - [`monomorphize`], [`poly_maps`]: polymorphic functions, axioms and
//!   maps, read at the types the program uses;
//! - [`datatypes`]: `{:datatype}` types and their `{:constructor}`s;
//! - [`lambdas`]: lambda expressions (polymorphic ones at the instances
//!   of their types);
//! - [`implementations`], [`where_clauses`], [`selective_checking`],
//!   [`source_locs`]: the Boogie features named below.
//!
//! Rules (Boogie's, for the core language of issue 2):
//! - Globals live in one scope; a procedure's parameters, outputs and
//!   locals in another, which shadows the globals. `requires` sees the
//!   parameters and globals, `ensures` also the outputs, the body all.
//! - Types `int` and `bool`; the paper's untyped names (`proc`) are `int`.
//! - In-parameters are not assignable (nor havocable, nor call outputs).
//! - In a Boogie `procedure`, a global may be assigned, havocked or receive a
//!   call output only if the procedure lists it in `modifies`, and a call's
//!   callee may only modify globals that the caller lists too. The paper's
//!   `proc` language has no `modifies` and is not checked.
//! - `old(e)` is allowed in `ensures` and bodies, not in `requires`.
//!
//! Issue 3, first part (what lowers to the existing [`ir::Program`]):
//! - `type X = T;` synonyms of `int`/`bool` (chains allowed, cycles an
//!   error). Uninterpreted types, type parameters, maps, `bvN`, floats
//!   (`float24e8`) and `rmode` are read by the later parts.
//! - `implementation P(...)` gives a body to a procedure declared without
//!   one. Its formals must match the procedure's in number and type; their
//!   names may differ: the body sees the implementation's names, the specs
//!   the procedure's, both resolved to the same [`LocalId`]s by position
//!   (so `Procedure::locals` carries the implementation's names). A
//!   procedure with several bodies gives one procedure `P@k` per body
//!   (see [`implementations`]).
//! - `const [unique] c: T;` declares a global that nothing may write
//!   (assignment, `havoc`, call output, `modifies`: errors); it is an input
//!   like any global a run reads. `axiom e;` (bool, mentions only
//!   constants, no `old`) and the pairwise distinctness of the `unique`
//!   constants of one type become free `requires` at the front of every
//!   procedure's `requires`: assumed at the entry of an analysed procedure,
//!   checked by the interpreter on a test's inputs. [`ir::Program::constants`]
//!   lists the constants. `extends`/`complete`/`uses` are refused.
//! - Structured statements are resolved here and lowered by
//!   [`crate::front::lower`]. A non-free loop invariant is an assertion (kind
//!   `Assert`, at the invariant) at the loop head; a free one an assume.
//!   With [`LoadOptions::ignore_invariants`] both are type checked and
//!   dropped.
//! - Attributes are kept in the AST and ignored, except the ones that
//!   change what Boogie checks: `{:verified_under A}` on `assert` and
//!   `invariant` checks `A || e` (several conjoin their `A`s), as Boogie
//!   does. `{:selective_checking}` turns the unchecked assertions into
//!   assumptions ([`selective_checking`]). A local `{:assumption}`
//!   variable starts `true` (assumed at the body's start), a `havoc` of
//!   any assumption variable assumes `new ==> old` (a hidden local keeps
//!   the old value), and Boogie's rules on them are checked (type `bool`,
//!   no `where`, assigned at most once and only as `a := a && e`).
//!   `{:verified_under}` on a call and `{:always_assume}` are refused as
//!   unsupported, with the reason.
//!
//! - `where` clauses become assumptions of the existing statements
//!   ([`where_clauses`]); statements carrying a source-location attribute
//!   are listed in [`ir::Program::source_locs`] ([`source_locs`]); a
//!   procedure with several bodies gives one procedure `P@k` per body
//!   ([`implementations`]).
//!
//! Assertion ids: every `assert` (kind `Assert`), every non-free `requires`
//! (kind `Requires`, `proc` = the declaring procedure) and non-free
//! `ensures` (kind `Ensures`) gets the next [`AssertId`], indexing
//! [`ir::Program::asserts`]; procedures in order, each one's specs in order,
//! then its body's asserts and checked invariants in source order. A free spec is never checked, so it
//! gets no entry: its [`ir::Spec::id`] is [`FREE_SPEC_ID`], which indexes
//! nothing (use `asserts.get`, or better, look at `free` first).

use crate::front::ast::{self, Syntax};
use crate::front::parse::parse_program;
use crate::ir::{
    self, AssertId, AssertInfo, GlobalId, Local, LocalId, ProcId, Type, VarRef, Variable,
};
use crate::source::{Diagnostic, FileId, SourceMap, Span};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use types::TypeDef;

mod datatypes;
mod expressions;
mod externs;
mod floats;
mod function_graph;
mod functions;
mod globals;
mod implementations;
mod lambdas;
mod modifies;
mod monomorphize;
mod poly_maps;
mod procedure_instances;
mod procedures;
mod scopes;
mod selective_checking;
mod source_locs;
mod statements;
mod types;
mod where_clauses;

/// The id of every free `requires`/`ensures`: it indexes no entry of
/// [`ir::Program::asserts`], since a free spec is never checked.
pub const FREE_SPEC_ID: AssertId = AssertId(usize::MAX);

/// Parses and resolves file `file` of `sources`.
pub fn load_program(sources: &SourceMap, file: FileId) -> Result<ir::Program, Vec<Diagnostic>> {
    load_program_with(sources, file, &LoadOptions::default())
}

/// Choices of the front end that change what the program checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// `--ignore-invariants`: loop invariants (checked and free) are type
    /// checked and then dropped: neither asserted nor assumed, so loops run
    /// as written.
    pub ignore_invariants: bool,
    /// `--strict-modifies`: no `modifies` clause is inferred; a write to a
    /// global the clause does not name is an error, as in Boogie.
    pub strict_modifies: bool,
}

/// [`load_program`] with front-end options.
pub fn load_program_with(
    sources: &SourceMap,
    file: FileId,
    options: &LoadOptions,
) -> Result<ir::Program, Vec<Diagnostic>> {
    let ast = parse_program(sources, file)?;
    resolve_program_with(&ast, options)
}

/// Parses every file of `files` and resolves them together as one program,
/// as Boogie reads all its input files as one program. Syntax errors of
/// every file are reported (the first of each file).
pub fn load_files(sources: &SourceMap, files: &[FileId]) -> Result<ir::Program, Vec<Diagnostic>> {
    let mut decls = Vec::new();
    let mut errors = Vec::new();
    for &file in files {
        match parse_program(sources, file) {
            Ok(p) => decls.extend(p.decls),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    resolve_program(&ast::Program { decls })
}

/// Resolves names, checks types and builds each body's CFG.
fn resolve_program(ast: &ast::Program) -> Result<ir::Program, Vec<Diagnostic>> {
    resolve_program_with(ast, &LoadOptions::default())
}

/// [`resolve_program`] with front-end options.
fn resolve_program_with(
    ast: &ast::Program,
    options: &LoadOptions,
) -> Result<ir::Program, Vec<Diagnostic>> {
    let merged = externs::drop_overridden_externs(ast);
    let ast = merged.as_ref().unwrap_or(ast);
    let mut r = Resolver {
        options: *options,
        ..Resolver::default()
    };
    r.declare_types(ast);
    r.declare_datatypes(ast);
    r.declare_globals(ast);
    r.declare_functions(ast);
    r.declare_axioms(ast);
    r.declare_global_wheres(ast);
    let decls: Vec<&ast::ProcDecl> = ast
        .decls
        .iter()
        .filter_map(|d| match d {
            ast::Decl::Proc(p) => Some(p),
            _ => None,
        })
        .collect();
    let headers: Vec<Header> = decls
        .iter()
        .enumerate()
        .map(|(i, p)| r.declare_procedure(ProcId(i), p))
        .collect();
    r.headers = headers;
    let (mut impls, several) = r.match_implementations(ast, &decls);
    // Corral also reads `{:entrypoint}` on an implementation. Where a
    // procedure declaration carries it too (SDV's harnesses mark `main`
    // and the `fakeMain` that assumes its assertion failed), the
    // declaration's wins: docs/decisions.md, "SMACK and Corral inputs".
    let marked_implementations: Vec<ProcId> = impls
        .iter()
        .enumerate()
        .filter(|(_, imp)| imp.is_some_and(|imp| imp.attrs.iter().any(|a| a.name == "entrypoint")))
        .map(|(i, _)| ProcId(i))
        .collect();
    let inferred = if options.strict_modifies {
        vec![Vec::new(); decls.len()]
    } else {
        r.infer_modifies(&decls, &impls)
    };
    // A procedure with several bodies (its own and implementations, or
    // several implementations) has none in the program: calls use its
    // contract; each body is a procedure of its own (see
    // `several_implementations`).
    let bodiless: Vec<ast::ProcDecl> = decls
        .iter()
        .map(|p| ast::ProcDecl {
            body: None,
            ..(*p).clone()
        })
        .collect();
    let original = decls.clone();
    let mut decls = decls;
    for (i, list) in several.iter().enumerate() {
        if !list.is_empty() {
            decls[i] = &bodiless[i];
            impls[i] = None;
        }
    }
    r.declare_formal_wheres(&decls, &impls);
    let extra = r.several_implementations(&original, &bodiless, &several);
    let mut procedures = Vec::new();
    let bodies = decls.iter().copied().zip(impls.iter().copied());
    for (i, (p, imp)) in bodies.chain(extra).enumerate() {
        let mut procedure = r.resolve_procedure(ProcId(i), p, imp);
        procedure.inferred_modifies = inferred.get(i).cloned().unwrap_or_default();
        let wheres = r.entry_wheres(ProcId(i), &procedure.params);
        procedure.requires.splice(0..0, wheres);
        procedures.push(procedure);
    }
    // Instances of polymorphic procedures that calls asked for (their
    // bodies may ask for more), after every other procedure.
    procedures.extend(r.resolve_procedure_instances(&inferred));
    // The polymorphic axioms at the types the program uses (known now
    // that every body is resolved), then every axiom before each
    // procedure's `requires`.
    r.finish_poly_lambdas(false);
    let instances = r.instantiate_axioms();
    r.axioms.extend(instances);
    // The axioms' instances may access polymorphic maps at more.
    r.finish_poly_lambdas(true);
    r.fix_poly_map_instances();
    // One copy of each axiom, shared by every procedure's `requires`
    // (Corral's files: thousands of axioms, as many procedures).
    let axioms: Vec<Arc<ir::Expr>> = std::mem::take(&mut r.axioms)
        .into_iter()
        .map(Arc::new)
        .collect();
    for procedure in &mut procedures {
        let axioms = axioms.iter().map(|e| ir::Spec {
            expr: Arc::clone(e),
            free: true,
            id: FREE_SPEC_ID,
        });
        procedure.requires.splice(0..0, axioms);
    }
    // `**` is read (a file of axioms about it is accepted) but never
    // analysed: see `Resolver::power`.
    if let Some(&at) = r.power_spans.first() {
        if procedures.iter().any(|p| p.body.is_some()) {
            r.error(
                at,
                "unsupported: real exponentiation (`**`) in a program with procedures to analyse (bicd cannot compute a power exactly)",
            );
        }
    }
    if !r.errors.is_empty() {
        let mut errors = r.errors;
        errors.sort_by_key(|d| (d.span.file, d.span.start, d.span.end));
        errors.dedup();
        return Err(errors);
    }
    let marked_procedures: Vec<ProcId> = decls
        .iter()
        .enumerate()
        .filter(|(_, p)| p.attrs.iter().any(|a| a.name == "entrypoint"))
        .map(|(i, _)| ProcId(i))
        .collect();
    let entrypoints = if marked_procedures.is_empty() {
        marked_implementations
    } else {
        marked_procedures
    };
    Ok(ir::Program {
        entrypoints,
        constants: r.constants,
        globals: r.globals,
        procedures,
        asserts: r.asserts,
        source_locs: r.source_locs,
        warnings: r.warnings,
        recursive_functions: r.recursive_functions,
    })
}

/// What a call site needs to know of a procedure, and its variable table.
#[derive(Clone, Debug)]
struct Header {
    name: String,
    syntax: Syntax,
    span: Span,
    locals: Vec<Local>,
    params: Vec<LocalId>,
    outs: Vec<LocalId>,
    modifies: Vec<GlobalId>,
}

impl Header {
    /// The header of a place outside every procedure (an axiom, a
    /// function body, a `where` clause): no locals, no parameters; see
    /// [`Scope::outside_procedures`].
    fn outside_procedures(name: &str, span: Span) -> Header {
        Header {
            name: name.to_string(),
            syntax: Syntax::Boogie,
            span,
            locals: Vec::new(),
            params: Vec::new(),
            outs: Vec::new(),
            modifies: Vec::new(),
        }
    }
}

#[derive(Default)]
struct Resolver {
    errors: Vec<Diagnostic>,
    /// See [`ir::Program::warnings`].
    warnings: Vec<Diagnostic>,
    globals: Vec<Variable>,
    global_names: HashMap<String, GlobalId>,
    proc_names: HashMap<String, ProcId>,
    headers: Vec<Header>,
    asserts: Vec<AssertInfo>,
    /// `type` declarations by name.
    types: HashMap<String, TypeDef>,
    /// Globals declared by `const`: never written.
    constants: Vec<GlobalId>,
    /// Axioms, and the distinctness of `unique` constants: free `requires`
    /// of every procedure.
    axioms: Vec<ir::Expr>,
    /// `function` declarations by name, as written.
    function_decls: HashMap<String, ast::FunctionDecl>,
    /// The functions datatypes give (constructors, testers `is#C`,
    /// selectors `f#C`), by name: applied before any declared function of
    /// the same name (see [`datatypes`]).
    datatype_functions: HashMap<String, Arc<ir::Function>>,
    /// Procedures with type parameters, by name: id and declaration
    /// (analysed at abstract types; calls reach instances).
    polymorphic_procedures: HashMap<String, (ProcId, Arc<ast::ProcDecl>)>,
    /// See [`procedure_instances`].
    procedure_instances: procedure_instances::ProcedureInstances,
    /// Resolved functions (`None` while its body is being resolved, or
    /// after an error in its declaration).
    functions: HashMap<String, Option<Arc<ir::Function>>>,
    /// Variables bound by enclosing quantifiers (innermost last) or by the
    /// function definition being resolved.
    bound: Vec<ir::Binder>,
    /// The next [`ir::Binder::id`].
    next_binder: usize,
    /// The type parameters in scope and the types they stand for
    /// (innermost last; see [`monomorphize`]).
    type_env: Vec<(String, Type)>,
    /// The sorts that stand for type parameters while a polymorphic
    /// declaration is checked ([`Resolver::type_parameter`]).
    placeholders: HashSet<String>,
    /// The sorts that are type constructors at arguments (`Field int`):
    /// the constructor and the arguments.
    sort_instances: HashMap<String, (String, Vec<Type>)>,
    /// The ground instances of polymorphic functions and type constructors
    /// met so far, in order (they instantiate polymorphic axioms).
    ground_instances: Vec<monomorphize::TypeInstance>,
    ground_instance_set: HashSet<monomorphize::TypeInstance>,
    /// While a polymorphic axiom is checked: the polymorphic applications
    /// and constructor types written in it.
    patterns: Option<Vec<monomorphize::TypeInstance>>,
    /// Set while a polymorphic axiom's top quantifier is about to be
    /// resolved: its trigger groups' patterns are kept apart, in
    /// `trigger_patterns` ([`monomorphize`], "triggers").
    capture_triggers: bool,
    /// The type the context gives the store or `++` being resolved (set by
    /// [`Resolver::expr_expecting`] and taken by its arm at once): a
    /// polymorphic select inside it is read at that type.
    expected_by_context: Option<Type>,
    trigger_patterns: Vec<Vec<monomorphize::TypeInstance>>,
    /// Axioms `forall<T> ...` waiting to be instantiated.
    polymorphic_axioms: Vec<monomorphize::PolymorphicAxiom>,
    /// Monomorphic axioms holding a type quantifier inside, read after
    /// every body ([`Resolver::instantiate_axioms`]).
    deferred_axioms: Vec<ast::Expr>,
    /// How many instances of polymorphic axioms or conditions are being
    /// resolved around the expression at hand.
    instance_depth: usize,
    /// Polymorphic functions whose check found errors: no instances.
    failed_polymorphic: HashSet<String>,
    /// Functions that Boogie accepts declared but not applied (a
    /// `{:builtin}` operator no solver knows, a bit-vector body of the
    /// wrong width), with the reason: refused where applied.
    unusable_functions: HashMap<String, String>,
    /// How many instances each polymorphic function has.
    instance_counts: HashMap<String, usize>,
    /// Polymorphic map types and the instances met (see [`poly_maps`]).
    poly_maps: poly_maps::PolyMaps,
    /// Polymorphic lambdas waiting for the instances of their types (see
    /// [`lambdas`]).
    poly_lambdas: Vec<lambdas::PendingPolyLambda>,
    /// Where `**` is applied (see `Resolver::power`).
    power_spans: Vec<Span>,
    /// Resolving a function body: variables are out of reach.
    in_function: Option<String>,
    /// The names of the lets being read, innermost last: each with how
    /// many quantifier binders were in scope at the let (a binder pushed
    /// later, of the same name, hides it) and its value.
    lets: Vec<(String, usize, ir::Expr)>,
    /// What each resolved function's body does through the bodies of the
    /// functions it applies (see [`functions::Facts`]).
    function_facts: HashMap<String, functions::Facts>,
    /// Functions on a call cycle among `{:inline}` functions (reported by
    /// [`function_graph`]): their bodies are not resolved.
    expansion_cycles: HashSet<String>,
    /// Functions whose declarations are being resolved (to find recursion).
    resolving: Vec<String>,
    /// For each function whose body is being resolved (innermost last): the
    /// body-less stand-in its recursive applications use (see
    /// [`ir::Function::recursive`]), and whether the body used it.
    recursion_stubs: Vec<(Arc<ir::Function>, bool)>,
    /// The recursive functions built (see [`ir::Program::recursive_functions`]).
    recursive_functions: Vec<Arc<ir::Function>>,
    /// Globals declared `{:assumption}`.
    assumption_globals: HashSet<GlobalId>,
    /// Locals declared `{:assumption}` in the body being resolved.
    assumption_locals: HashSet<LocalId>,
    /// Assumption variables assigned so far (Boogie allows one assignment
    /// per variable in the whole program): globals, and locals by body.
    assumption_assigned: HashSet<(Option<ProcId>, VarRef)>,
    /// Hidden locals of the body being resolved that keep an assumption
    /// variable's value across a `havoc` (see [`Resolver::body_items`]):
    /// the variable, the local's id and declaration. Ids start at
    /// `havoc_temp_base`.
    havoc_temps: Vec<(VarRef, LocalId, Local)>,
    havoc_temp_base: usize,
    /// Statements the statement being resolved needs before it (see
    /// `Resolver::quantified_value`).
    pending_before: Vec<crate::front::lower::LoweredItem>,
    /// Spans of the `assume {:start_checking_here} e` statements (see
    /// [`selective_checking`]).
    start_checking_spans: HashSet<Span>,
    options: LoadOptions,
    /// `where` clauses (see [`where_clauses`]).
    wheres: where_clauses::WhereClauses,
    /// Statements with a source-location attribute (see [`source_locs`]).
    source_locs: HashMap<Span, ir::SourceLoc>,
}

impl Resolver {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, message));
    }

    fn warning(&mut self, span: Span, message: impl Into<String>) {
        let d = Diagnostic::warning(span, message);
        if !self.warnings.contains(&d) {
            self.warnings.push(d);
        }
    }
}

fn article(t: &Type) -> &'static str {
    match t {
        Type::Int => "an",
        _ => "a",
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
