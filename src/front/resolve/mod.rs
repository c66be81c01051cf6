//! Name resolution and type checking: syntax tree to the resolved program.
//!
//! Takes: an [`ast::Program`]. Gives: [`ir::Program`] (globals, procedures
//! with typed, resolved statements and a CFG per body, and the table of
//! assertions), or every error found, located and sorted by position.
//! design.md, "The pipeline": `AST ──lower──▶ CFG per procedure`; the CFG
//! itself is cut by [`crate::front::lower`].
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
//!   error). Uninterpreted types, type parameters, maps, `bvN`, floats:
//!   `unsupported: ...` at the type.
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

use crate::front::ast::{self, BodyItem, Syntax};
use crate::front::lower::{lower_body, LoweredItem};
use crate::front::parse::parse_program;
use crate::ir::{
    self, AssertId, AssertInfo, AssertKind, BinOp, ExprKind, GlobalId, Local, LocalId, LocalKind,
    ProcId, Type, UnOp, VarRef, Variable,
};
use crate::source::{Diagnostic, FileId, SourceMap, Span};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

mod implementations;
mod selective_checking;
mod source_locs;
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
pub fn resolve_program(ast: &ast::Program) -> Result<ir::Program, Vec<Diagnostic>> {
    resolve_program_with(ast, &LoadOptions::default())
}

/// [`resolve_program`] with front-end options.
pub fn resolve_program_with(
    ast: &ast::Program,
    options: &LoadOptions,
) -> Result<ir::Program, Vec<Diagnostic>> {
    let mut r = Resolver {
        options: *options,
        ..Resolver::default()
    };
    r.declare_types(ast);
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
        let axioms = r.axioms.iter().map(|e| ir::Spec {
            expr: e.clone(),
            free: true,
            id: FREE_SPEC_ID,
        });
        let wheres = r.entry_wheres(ProcId(i), &procedure.params);
        procedure.requires.splice(0..0, axioms.chain(wheres));
        procedures.push(procedure);
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
    Ok(ir::Program {
        constants: r.constants,
        globals: r.globals,
        procedures,
        asserts: r.asserts,
        source_locs: r.source_locs,
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

#[derive(Default)]
struct Resolver {
    errors: Vec<Diagnostic>,
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
    /// Resolved functions (`None` while its body is being resolved, or
    /// after an error in its declaration).
    functions: HashMap<String, Option<Arc<ir::Function>>>,
    /// Variables bound by enclosing quantifiers (innermost last) or by the
    /// function definition being resolved.
    bound: Vec<ir::Binder>,
    /// The next [`ir::Binder::id`].
    next_binder: usize,
    /// Where `**` is applied (see `Resolver::power`).
    power_spans: Vec<Span>,
    /// Resolving a function body: variables are out of reach.
    in_function: Option<String>,
    /// Functions whose declarations are being resolved (to find recursion).
    resolving: Vec<String>,
    /// For each function whose body is being resolved (innermost last): the
    /// body-less stand-in its recursive applications use (see
    /// [`ir::Function::recursive`]), and whether the body used it.
    recursion_stubs: Vec<(Arc<ir::Function>, bool)>,
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
    /// Spans of the `assume {:start_checking_here} e` statements (see
    /// [`selective_checking`]).
    start_checking_spans: HashSet<Span>,
    options: LoadOptions,
    /// `where` clauses (see [`where_clauses`]).
    wheres: where_clauses::WhereClauses,
    /// Statements with a source-location attribute (see [`source_locs`]).
    source_locs: HashMap<Span, ir::SourceLoc>,
}

/// What a `type` declaration declares.
#[derive(Clone, Debug)]
enum TypeDef {
    /// `type X = T;`
    Synonym(ast::TypeExpr),
    /// `type X;` or `type X a;` (with parameters: refused where declared)
    Uninterpreted,
}

/// SMT-LIB operators a `{:bvbuiltin}`/`{:builtin}` function may name, with
/// how many arguments they take and whether the result is Boolean (else
/// the type of the first argument). Indexed ones (`zero_extend 8`) are
/// handled apart.
const BV_BUILTINS: &[(&str, usize, bool)] = &[
    ("bvadd", 2, false),
    ("bvsub", 2, false),
    ("bvmul", 2, false),
    ("bvudiv", 2, false),
    ("bvurem", 2, false),
    ("bvsdiv", 2, false),
    ("bvsrem", 2, false),
    ("bvsmod", 2, false),
    ("bvand", 2, false),
    ("bvor", 2, false),
    ("bvxor", 2, false),
    ("bvnand", 2, false),
    ("bvnor", 2, false),
    ("bvxnor", 2, false),
    ("bvshl", 2, false),
    ("bvlshr", 2, false),
    ("bvashr", 2, false),
    ("bvnot", 1, false),
    ("bvneg", 1, false),
    ("bvult", 2, true),
    ("bvule", 2, true),
    ("bvugt", 2, true),
    ("bvuge", 2, true),
    ("bvslt", 2, true),
    ("bvsle", 2, true),
    ("bvsgt", 2, true),
    ("bvsge", 2, true),
];

/// The SMT-LIB operator of a builtin name as Boogie writes it (`bvadd`,
/// `zero_extend 8`), checked against the function's signature; `Err` says
/// why it is refused.
fn builtin_operator(name: &str, params: &[Type], result: &Type) -> Result<String, String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let bv = |t: &Type| match t {
        Type::Bv(w) => Some(*w),
        _ => None,
    };
    match words.as_slice() {
        [op @ ("zero_extend" | "sign_extend"), n] => {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{name}` needs a number of bits"))?;
            match (params, bv(result)) {
                ([p], Some(r)) if bv(p).is_some_and(|w| w + n == r) => Ok(format!("(_ {op} {n})")),
                _ => Err(format!(
                    "`{name}` takes one bit-vector of width w and returns one of width w + {n}"
                )),
            }
        }
        [op] => {
            let Some(&(_, arity, boolean)) = BV_BUILTINS.iter().find(|(o, _, _)| o == op) else {
                return Err(format!("unsupported: builtin function `{name}`"));
            };
            let Some(w) = params.first().and_then(bv) else {
                return Err(format!("`{name}` takes bit-vector arguments"));
            };
            let result_ok = if boolean {
                *result == Type::Bool
            } else {
                *result == Type::Bv(w)
            };
            if params.len() != arity || params.iter().any(|p| *p != Type::Bv(w)) || !result_ok {
                return Err(format!(
                    "`{name}` takes {arity} argument{} of one bit-vector type and returns {}",
                    plural(arity),
                    if boolean { "bool" } else { "that type" }
                ));
            }
            Ok(op.to_string())
        }
        _ => Err(format!("unsupported: builtin function `{name}`")),
    }
}

/// Where an expression appears: which names it sees, whether `old` is allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Requires,
    Ensures,
    Body,
}

/// Names visible in a procedure.
struct Scope<'h> {
    proc: ProcId,
    header: &'h Header,
    names: HashMap<String, LocalId>,
}

/// What a variable is written by, for messages.
#[derive(Clone, Copy)]
enum Write {
    Assign,
    Havoc,
    CallOut,
}

impl Resolver {
    /// The type `t` denotes: `int`, `bool`, or a synonym of one; every
    /// other type is refused with an error (and read as `int`).
    fn type_of(&mut self, t: &ast::TypeExpr) -> Type {
        let mut current = t.clone();
        // Synonyms may chain; a cycle is an error.
        for _ in 0..=self.types.len() {
            let name = match &current.kind {
                ast::TypeKind::Int => return Type::Int,
                ast::TypeKind::Bool => return Type::Bool,
                ast::TypeKind::Real => return Type::Real,
                // `[]V` (no index) holds one value of V.
                ast::TypeKind::Map(keys, value) => {
                    let keys: Vec<Type> = keys.iter().map(|k| self.type_of(k)).collect();
                    let value = self.type_of(value);
                    return Type::Map(keys, Box::new(value));
                }
                ast::TypeKind::Applied(n) => {
                    self.error(
                        current.span,
                        format!("unsupported: polymorphic types (type constructor `{n}` with arguments)"),
                    );
                    return Type::Int;
                }
                ast::TypeKind::PolyMap => {
                    self.error(current.span, "unsupported: polymorphic map types");
                    return Type::Int;
                }
                ast::TypeKind::Named(n) => n.clone(),
            };
            match self.types.get(&name) {
                Some(TypeDef::Synonym(to)) => current = to.clone(),
                Some(TypeDef::Uninterpreted) => return Type::Sort(name),
                None => {
                    if let Some(w) = bv_width(&name) {
                        return Type::Bv(w);
                    }
                    let message = if is_bv_type(&name) {
                        format!(
                            "bit-vector type `{name}`: the width must be between 1 and {}",
                            crate::front::parse::MAX_BV_WIDTH
                        )
                    } else if is_float_type(&name) {
                        format!("unsupported: floating-point type `{name}`")
                    } else {
                        format!("undeclared type `{name}`")
                    };
                    self.error(current.span, message);
                    return Type::Int;
                }
            }
        }
        self.error(t.span, "cyclic type synonym");
        Type::Int
    }

    /// Collects `function` declarations (their bodies are resolved on first
    /// use, see [`Resolver::function`], and all of them at the end).
    fn declare_functions(&mut self, ast: &ast::Program) {
        let mut order = Vec::new();
        for d in &ast.decls {
            let ast::Decl::Function(f) = d else { continue };
            if self.function_decls.contains_key(&f.name.name) {
                self.error(
                    f.name.span,
                    format!("duplicate declaration of function `{}`", f.name.name),
                );
                continue;
            }
            order.push(f.name.clone());
            self.function_decls.insert(f.name.name.clone(), f.clone());
        }
        for name in order {
            self.function(&name);
        }
    }

    /// The function `name`, its body resolved (once); `None` after an
    /// error (reported) or when `name` is no function.
    fn function(&mut self, name: &ast::Ident) -> Option<Arc<ir::Function>> {
        if let Some(done) = self.functions.get(&name.name).cloned() {
            if done.is_none() && self.resolving.contains(&name.name) {
                // Reached again while its own body is being resolved: an
                // application of itself in its own body is direct recursion
                // (the stand-in); through another function, mutual.
                if let Some((stub, used)) = self.recursion_stubs.last_mut() {
                    if stub.name == name.name && self.resolving.last() == Some(&name.name) {
                        *used = true;
                        return Some(stub.clone());
                    }
                }
                let through = self.resolving.last().cloned().unwrap_or_default();
                self.error(
                    name.span,
                    format!(
                        "unsupported: mutually recursive functions (`{}` is applied again in the body of `{through}`, which its own body applies)",
                        name.name
                    ),
                );
            }
            return done;
        }
        let decl = self.function_decls.get(&name.name)?.clone();
        self.resolving.push(name.name.clone());
        self.functions.insert(name.name.clone(), None);
        let params: Vec<(String, Type)> = decl
            .params
            .iter()
            .enumerate()
            .map(|(i, (n, t))| {
                let name = n
                    .as_ref()
                    .map_or_else(|| format!("#{i}"), |n| n.name.clone());
                (name, self.type_of(t))
            })
            .collect();
        let result = self.type_of(&decl.result);
        let builtin_attr = decl
            .attrs
            .iter()
            .find(|a| a.name == "builtin" || a.name == "bvbuiltin");
        let mut builtin = None;
        let mut ok = true;
        if let Some(a) = builtin_attr {
            let types: Vec<Type> = params.iter().map(|(_, t)| t.clone()).collect();
            match a.args.as_slice() {
                [ast::AttrArg::Str(op, _)] => match builtin_operator(op, &types, &result) {
                    Ok(op) => builtin = Some(op),
                    Err(m) => {
                        self.error(a.span, m);
                        ok = false;
                    }
                },
                _ => {
                    self.error(a.span, format!("`{{:{}}}` takes one string", a.name));
                    ok = false;
                }
            }
        }
        let mut body = None;
        let mut recursive = false;
        if let Some(b) = &decl.body {
            self.recursion_stubs.push((
                Arc::new(ir::Function {
                    name: name.name.clone(),
                    params: params.clone(),
                    result: result.clone(),
                    body: None,
                    builtin: None,
                    recursive: true,
                    span: decl.name.span,
                }),
                false,
            ));
            // The body sees the parameters only (as bound variables 0..n).
            let saved_bound = std::mem::take(&mut self.bound);
            let saved_next = std::mem::replace(&mut self.next_binder, params.len());
            let saved_in = self.in_function.replace(name.name.clone());
            for (i, (n, t)) in params.iter().enumerate() {
                self.bound.push(ir::Binder {
                    id: i,
                    name: n.clone(),
                    ty: t.clone(),
                });
            }
            let header = Header {
                name: name.name.clone(),
                syntax: Syntax::Boogie,
                span: decl.name.span,
                locals: Vec::new(),
                params: Vec::new(),
                outs: Vec::new(),
                modifies: Vec::new(),
            };
            let scope = Scope {
                proc: ProcId(usize::MAX),
                header: &header,
                names: HashMap::new(),
            };
            let e = self.expr(b, &scope, Place::Requires);
            recursive = self.recursion_stubs.pop().is_some_and(|(_, used)| used);
            if let (true, Some(body)) = (recursive, &e) {
                // The interpreter evaluates a recursive function by its body,
                // at arguments no test records: an uninterpreted function
                // in it could not be evaluated there.
                if let Some(g) = uninterpreted_in(body) {
                    self.error(
                        b.span,
                        format!(
                            "unsupported: recursive function `{}` applies the uninterpreted function `{g}` (bicd could not evaluate it to replay a test)",
                            name.name
                        ),
                    );
                    ok = false;
                }
            }
            self.bound = saved_bound;
            self.next_binder = saved_next;
            self.in_function = saved_in;
            match e {
                Some(e) if e.ty == result => body = Some(e),
                Some(e) => {
                    self.error(
                        b.span,
                        format!(
                            "the body of `{}` is {}, but the function returns {result}",
                            name.name, e.ty
                        ),
                    );
                    ok = false;
                }
                None => ok = false,
            }
        }
        self.resolving.pop();
        if !ok {
            return None;
        }
        let f = Arc::new(ir::Function {
            name: name.name.clone(),
            params,
            result,
            body,
            builtin,
            recursive,
            span: decl.name.span,
        });
        self.functions.insert(name.name.clone(), Some(f.clone()));
        Some(f)
    }

    /// Collects `type` declarations; type parameters are refused.
    fn declare_types(&mut self, ast: &ast::Program) {
        let mut synonyms = Vec::new();
        for d in &ast.decls {
            let ast::Decl::Type(t) = d else { continue };
            if self.types.contains_key(&t.name.name) {
                self.error(
                    t.name.span,
                    format!("duplicate declaration of type `{}`", t.name.name),
                );
                continue;
            }
            if let Some(p) = t.params.first() {
                self.error(p.span, "unsupported: polymorphic types (type parameters)");
            }
            let def = match &t.synonym {
                Some(ty) => {
                    synonyms.push(t.name.clone());
                    TypeDef::Synonym(ty.clone())
                }
                None => TypeDef::Uninterpreted,
            };
            self.types.insert(t.name.name.clone(), def);
        }
        // Check every synonym once (cycles, what it stands for).
        for name in synonyms {
            self.type_of(&ast::TypeExpr {
                kind: ast::TypeKind::Named(name.name),
                span: name.span,
            });
        }
    }

    /// For each procedure, its `implementation` if it has one. A second
    /// implementation, one of a procedure with a body or of an unknown
    /// procedure, and a signature that differs are errors.
    fn match_implementations<'a>(
        &mut self,
        ast: &'a ast::Program,
        decls: &[&ast::ProcDecl],
    ) -> (Vec<Option<&'a ast::ImplDecl>>, Vec<Vec<&'a ast::ImplDecl>>) {
        let mut impls: Vec<Option<&ast::ImplDecl>> = vec![None; decls.len()];
        // Every matching implementation, per procedure.
        let mut all: Vec<Vec<&ast::ImplDecl>> = vec![Vec::new(); decls.len()];
        for d in &ast.decls {
            let ast::Decl::Impl(imp) = d else { continue };
            let Some(&id) = self.proc_names.get(&imp.name.name) else {
                self.error(
                    imp.name.span,
                    format!("implementation of undeclared procedure `{}`", imp.name.name),
                );
                continue;
            };
            // The formals: same number and types as the procedure's.
            let header = self.headers[id.0].clone();
            let mut locals = Vec::new();
            let params =
                self.declare_locals(&imp.params, Syntax::Boogie, LocalKind::Param, &mut locals);
            let outs =
                self.declare_locals(&imp.returns, Syntax::Boogie, LocalKind::Out, &mut locals);
            let mut ok = true;
            for (what, mine, theirs) in [
                ("parameters", &params, &header.params),
                ("outputs", &outs, &header.outs),
            ] {
                if mine.len() != theirs.len() {
                    self.error(
                        imp.name.span,
                        format!(
                            "implementation of `{}` has {} {what}, but the procedure has {}",
                            imp.name.name,
                            mine.len(),
                            theirs.len()
                        ),
                    );
                    ok = false;
                    continue;
                }
                for (m, t) in mine.iter().zip(theirs.iter()) {
                    let (mv, tv) = (&locals[m.0].var, &header.locals[t.0].var);
                    if mv.ty != tv.ty {
                        self.error(
                            mv.span,
                            format!(
                                "`{}` has type {}, but the procedure's `{}` has type {}",
                                mv.name, mv.ty, tv.name, tv.ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
            if ok {
                impls[id.0].get_or_insert(imp);
                all[id.0].push(imp);
            }
        }
        // Only procedures with several bodies keep their list.
        for (i, list) in all.iter_mut().enumerate() {
            if list.len() + usize::from(decls[i].body.is_some()) < 2 {
                list.clear();
            }
        }
        (impls, all)
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, message));
    }

    /// The declared type of a group, or `int` for the paper's untyped names
    /// (an error in Boogie syntax).
    fn group_type(&mut self, g: &ast::BindingGroup, syntax: Syntax, what: &str) -> Type {
        let assumption = g.attrs.iter().find(|a| a.name == "assumption");
        if let (Some(a), Some(w)) = (assumption, &g.where_clause) {
            let _ = a;
            self.error(
                w.span,
                "an assumption variable (`{:assumption}`) cannot have a `where` clause",
            );
        }
        match (&g.ty, syntax) {
            (Some(t), _) => {
                let ty = self.type_of(t);
                if let (Some(a), false) = (assumption, ty == Type::Bool) {
                    self.error(
                        a.span,
                        format!("an assumption variable (`{{:assumption}}`) must be of type bool, not {ty}"),
                    );
                }
                ty
            }
            (None, Syntax::Paper) => Type::Int,
            (None, Syntax::Boogie) => {
                for n in &g.names {
                    self.error(n.span, format!("missing type for {what} `{}`", n.name));
                }
                Type::Int
            }
        }
    }

    /// Declares global variables and constants (constants are globals that
    /// are never written), in declaration order.
    fn declare_globals(&mut self, ast: &ast::Program) {
        // `unique` constants so far, with their types.
        let mut unique: Vec<(GlobalId, Type)> = Vec::new();
        for d in &ast.decls {
            let (groups, constant, is_unique, what) = match d {
                ast::Decl::Var(v) => (&v.groups, false, false, "global variable"),
                ast::Decl::Const(c) => (&c.groups, true, c.unique, "constant"),
                _ => continue,
            };
            for g in groups {
                let ty = self.group_type(g, Syntax::Boogie, what);
                for n in &g.names {
                    if self.global_names.contains_key(&n.name) {
                        self.error(
                            n.span,
                            format!("duplicate declaration of global variable `{}`", n.name),
                        );
                        continue;
                    }
                    let id = GlobalId(self.globals.len());
                    self.global_names.insert(n.name.clone(), id);
                    if g.attrs.iter().any(|a| a.name == "assumption") {
                        self.assumption_globals.insert(id);
                    }
                    self.globals.push(Variable {
                        name: n.name.clone(),
                        ty: ty.clone(),
                        span: n.span,
                    });
                    if constant {
                        self.constants.push(id);
                    }
                    if is_unique {
                        // Distinct from every earlier unique constant of its type.
                        for (other, _) in unique.iter().filter(|(_, t)| *t == ty) {
                            let var = |g: GlobalId| {
                                ir::Expr::new(ExprKind::Var(VarRef::Global(g)), ty.clone(), n.span)
                            };
                            self.axioms.push(ir::Expr::new(
                                ExprKind::Binary(
                                    BinOp::Neq,
                                    Box::new(var(*other)),
                                    Box::new(var(id)),
                                ),
                                Type::Bool,
                                n.span,
                            ));
                        }
                        unique.push((id, ty.clone()));
                    }
                }
            }
        }
    }

    /// Resolves `axiom e;` declarations (they see the globals and constants).
    fn declare_axioms(&mut self, ast: &ast::Program) {
        let header = Header {
            name: "axiom".to_string(),
            syntax: Syntax::Boogie,
            span: Span::default(),
            locals: Vec::new(),
            params: Vec::new(),
            outs: Vec::new(),
            modifies: Vec::new(),
        };
        let scope = Scope {
            proc: ProcId(usize::MAX),
            header: &header,
            names: HashMap::new(),
        };
        for d in &ast.decls {
            let ast::Decl::Axiom(a) = d else { continue };
            if let Some(e) = self.condition(&a.expr, &scope, Place::Requires, "axiom") {
                let mut reads_variable = None;
                e.visit_vars(false, &mut |v, _| {
                    if let VarRef::Global(g) = v {
                        if !self.constants.contains(g) && reads_variable.is_none() {
                            reads_variable = Some(*g);
                        }
                    }
                });
                if let Some(g) = reads_variable {
                    self.error(
                        a.expr.span,
                        format!(
                            "an axiom may only mention constants, not the variable `{}`",
                            self.globals[g.0].name
                        ),
                    );
                    continue;
                }
                self.axioms.push(e);
            }
        }
    }

    /// Adds the variables of `groups` to `locals` as `kind`.
    fn declare_locals(
        &mut self,
        groups: &[ast::BindingGroup],
        syntax: Syntax,
        kind: LocalKind,
        locals: &mut Vec<Local>,
    ) -> Vec<LocalId> {
        let what = match kind {
            LocalKind::Param => "parameter",
            LocalKind::Out => "output",
            LocalKind::Local => "local variable",
        };
        let mut ids = Vec::new();
        for g in groups {
            if let (Some(a), false) = (
                g.attrs.iter().find(|a| a.name == "assumption"),
                kind == LocalKind::Local,
            ) {
                self.error(
                    a.span,
                    format!("unsupported: `{{:assumption}}` on a {what} (Boogie's assumption variables are local or global variables)"),
                );
            }
            let ty = self.group_type(g, syntax, what);
            for n in &g.names {
                if locals.iter().any(|l| l.var.name == n.name) {
                    self.error(n.span, format!("duplicate declaration of `{}`", n.name));
                    continue;
                }
                ids.push(LocalId(locals.len()));
                locals.push(Local {
                    var: Variable {
                        name: n.name.clone(),
                        ty: ty.clone(),
                        span: n.span,
                    },
                    kind,
                });
            }
        }
        ids
    }

    /// Declares procedure `id` (a duplicate name keeps its own id, but
    /// calls by that name reach the first declaration).
    fn declare_procedure(&mut self, id: ProcId, p: &ast::ProcDecl) -> Header {
        if self.proc_names.contains_key(&p.name.name) {
            self.error(
                p.name.span,
                format!("duplicate declaration of procedure `{}`", p.name.name),
            );
        } else {
            self.proc_names.insert(p.name.name.clone(), id);
        }
        let mut locals = Vec::new();
        let params = self.declare_locals(&p.params, p.syntax, LocalKind::Param, &mut locals);
        let outs = self.declare_locals(&p.returns, p.syntax, LocalKind::Out, &mut locals);
        let mut modifies = Vec::new();
        for s in &p.specs {
            let ast::SpecKind::Modifies(names) = &s.kind else {
                continue;
            };
            for n in names {
                match self.global_names.get(&n.name) {
                    Some(&g) if self.constants.contains(&g) => self.error(
                        n.span,
                        format!("constant `{}` cannot be in `modifies`", n.name),
                    ),
                    Some(&g) => {
                        if !modifies.contains(&g) {
                            modifies.push(g);
                        }
                    }
                    None if locals.iter().any(|l| l.var.name == n.name) => self.error(
                        n.span,
                        format!(
                            "`{}` in `modifies` is a parameter or output, not a global variable",
                            n.name
                        ),
                    ),
                    None => self.error(
                        n.span,
                        format!("undeclared global variable `{}` in `modifies`", n.name),
                    ),
                }
            }
        }
        Header {
            name: p.name.name.clone(),
            syntax: p.syntax,
            span: p.name.span,
            locals,
            params,
            outs,
            modifies,
        }
    }

    fn new_assert(&mut self, kind: AssertKind, proc: ProcId, span: Span) -> AssertId {
        self.asserts.push(AssertInfo { kind, proc, span });
        AssertId(self.asserts.len() - 1)
    }

    /// Resolves procedure `id`; its body is its own or that of `imp`, whose
    /// formals (same positions, maybe other names) the body sees.
    fn resolve_procedure(
        &mut self,
        id: ProcId,
        p: &ast::ProcDecl,
        imp: Option<&ast::ImplDecl>,
    ) -> ir::Procedure {
        let header = self.headers[id.0].clone();
        let mut scope = Scope {
            proc: id,
            header: &header,
            names: HashMap::new(),
        };
        // Attributes that change what Boogie checks or assumes, which
        // bicd cannot express: refused rather than ignored.
        let attrs = p.attrs.iter().chain(imp.iter().flat_map(|i| &i.attrs));
        let selective = attrs
            .filter(|a| a.name == "selective_checking")
            .map(|a| a.span)
            .next();
        for a in p.specs.iter().flat_map(|s| &s.attrs) {
            if a.name == "always_assume" {
                self.error(a.span, "unsupported: `{:always_assume}` (Boogie assumes such a free `requires` at every call and such a free `ensures` at the body's exit, in order among the checked clauses; bicd does not)");
            }
        }
        // Specs see parameters (requires) and outputs too (ensures).
        let mut requires = Vec::new();
        let mut ensures = Vec::new();
        for s in &p.specs {
            let (e, place) = match &s.kind {
                ast::SpecKind::Requires(e) => (e, Place::Requires),
                ast::SpecKind::Ensures(e) => (e, Place::Ensures),
                ast::SpecKind::Modifies(_) => continue,
            };
            scope.names = header
                .locals
                .iter()
                .enumerate()
                .filter(|(_, l)| l.kind == LocalKind::Param || place == Place::Ensures)
                .map(|(i, l)| (l.var.name.clone(), LocalId(i)))
                .collect();
            let what = if place == Place::Requires {
                "requires"
            } else {
                "ensures"
            };
            let expr = self.condition(e, &scope, place, what);
            let id = if s.free {
                FREE_SPEC_ID
            } else if place == Place::Requires {
                self.new_assert(AssertKind::Requires, id, s.span)
            } else {
                self.new_assert(AssertKind::Ensures, id, s.span)
            };
            if let Some(expr) = expr {
                let spec = ir::Spec {
                    expr,
                    free: s.free,
                    id,
                };
                if place == Place::Requires {
                    requires.push(spec);
                } else {
                    ensures.push(spec);
                }
            }
        }
        let mut locals = header.locals.clone();
        if let Some(imp) = imp {
            // The implementation's names (already checked to match in
            // number and type) replace the procedure's, by position.
            let mut renamed = Vec::new();
            self.declare_locals(&imp.params, Syntax::Boogie, LocalKind::Param, &mut renamed);
            self.declare_locals(&imp.returns, Syntax::Boogie, LocalKind::Out, &mut renamed);
            if renamed.len() == locals.len() {
                locals = renamed;
            }
        }
        let body = p.body.as_ref().or(imp.map(|i| &i.body)).and_then(|b| {
            for v in &b.locals {
                self.declare_locals(&v.groups, p.syntax, LocalKind::Local, &mut locals);
            }
            let header_with_locals = Header {
                locals: locals.clone(),
                ..header.clone()
            };
            let scope = Scope {
                proc: id,
                header: &header_with_locals,
                names: locals
                    .iter()
                    .enumerate()
                    .map(|(i, l)| (l.var.name.clone(), LocalId(i)))
                    .collect(),
            };
            self.begin_body_wheres(id, imp, b, &scope);
            let mut items = self.body_start_wheres(&locals, b.span);
            // Boogie starts a local assumption variable at `true` (an
            // assumption at the start of the body; not after `havoc`).
            self.assumption_locals.clear();
            for g in b.locals.iter().flat_map(|v| &v.groups) {
                if !g.attrs.iter().any(|a| a.name == "assumption") {
                    continue;
                }
                for n in &g.names {
                    let Some(&l) = scope.names.get(&n.name) else {
                        continue;
                    };
                    self.assumption_locals.insert(l);
                    if locals[l.0].var.ty == Type::Bool {
                        let at =
                            Span::new(n.span.file, n.span.start as usize, n.span.start as usize);
                        items.push(LoweredItem::Stmt(ir::Stmt {
                            kind: ir::StmtKind::Assume(ir::Expr::new(
                                ExprKind::Var(VarRef::Local(l)),
                                Type::Bool,
                                n.span,
                            )),
                            span: at,
                        }));
                    }
                }
            }
            self.havoc_temps.clear();
            self.havoc_temp_base = locals.len();
            items.extend(self.body_items(&b.items, &scope));
            locals.extend(self.havoc_temps.drain(..).map(|(_, _, l)| l));
            match lower_body(&items, b.span) {
                Ok(mut cfg) => {
                    if let Some(at) = selective {
                        let checked_ensures = ensures.iter().any(|e: &ir::Spec| !e.free);
                        if let Err(d) = selective_checking::apply(
                            &mut cfg,
                            &self.start_checking_spans,
                            checked_ensures,
                            at,
                        ) {
                            self.errors.push(d);
                        }
                    }
                    Some(cfg)
                }
                Err(errs) => {
                    self.errors.extend(errs);
                    None
                }
            }
        });
        ir::Procedure {
            name: header.name.clone(),
            span: header.span,
            locals,
            params: header.params.clone(),
            outs: header.outs.clone(),
            requires,
            ensures,
            modifies: header.modifies.clone(),
            body,
        }
    }

    fn body_items(&mut self, items: &[BodyItem], scope: &Scope) -> Vec<LoweredItem> {
        let mut out = Vec::new();
        for item in items {
            let Some(lowered) = self.body_item(item, scope) else {
                continue;
            };
            // `where` clauses assumed after a `havoc` or a body-less call.
            let after = match &lowered {
                LoweredItem::Stmt(s) => self.wheres_after(s),
                _ => Vec::new(),
            };
            if let (BodyItem::Stmt(s), LoweredItem::Stmt(_)) = (item, &lowered) {
                self.record_source_loc(s);
            }
            let (before, implied) = match &lowered {
                LoweredItem::Stmt(s) => self.assumption_havoc(s, scope),
                _ => (Vec::new(), Vec::new()),
            };
            out.extend(before);
            out.push(lowered);
            out.extend(implied);
            out.extend(after);
        }
        out
    }

    /// Boogie's `havoc a` of an assumption variable `a` assumes that the
    /// new value implies the old one: `t := a; havoc a; assume a ==> t`
    /// with a hidden local `t` per variable. Gives the statements before
    /// and after the havoc `stmt`.
    fn assumption_havoc(
        &mut self,
        stmt: &ir::Stmt,
        scope: &Scope,
    ) -> (Vec<LoweredItem>, Vec<LoweredItem>) {
        let ir::StmtKind::Havoc(vars) = &stmt.kind else {
            return (Vec::new(), Vec::new());
        };
        let mut before = Vec::new();
        let mut after = Vec::new();
        for &v in vars {
            let is_assumption = match v {
                VarRef::Global(g) => self.assumption_globals.contains(&g),
                VarRef::Local(l) => self.assumption_locals.contains(&l),
            };
            if !is_assumption || self.var_type_in(v, scope) != Some(Type::Bool) {
                continue;
            }
            let temp = match self.havoc_temps.iter().find(|(w, _, _)| *w == v) {
                Some((_, t, _)) => *t,
                None => {
                    let t = LocalId(self.havoc_temp_base + self.havoc_temps.len());
                    let name = format!("{}#before_havoc", self.var_name_in(v, scope));
                    self.havoc_temps.push((
                        v,
                        t,
                        Local {
                            var: Variable {
                                name,
                                ty: Type::Bool,
                                span: stmt.span,
                            },
                            kind: LocalKind::Local,
                        },
                    ));
                    t
                }
            };
            let var = |r: VarRef| ir::Expr::new(ExprKind::Var(r), Type::Bool, stmt.span);
            before.push(LoweredItem::Stmt(ir::Stmt {
                kind: ir::StmtKind::Assign(vec![(VarRef::Local(temp), var(v))]),
                span: stmt.span,
            }));
            after.push(LoweredItem::Stmt(ir::Stmt {
                kind: ir::StmtKind::Assume(ir::Expr::new(
                    ExprKind::Binary(
                        BinOp::Implies,
                        Box::new(var(v)),
                        Box::new(var(VarRef::Local(temp))),
                    ),
                    Type::Bool,
                    stmt.span,
                )),
                span: stmt.span,
            }));
        }
        (before, after)
    }

    fn var_type_in(&self, v: VarRef, scope: &Scope) -> Option<Type> {
        match v {
            VarRef::Global(g) => self.globals.get(g.0).map(|x| x.ty.clone()),
            VarRef::Local(l) => scope.header.locals.get(l.0).map(|x| x.var.ty.clone()),
        }
    }

    fn var_name_in(&self, v: VarRef, scope: &Scope) -> String {
        match v {
            VarRef::Global(g) => self.globals.get(g.0).map(|x| x.name.clone()),
            VarRef::Local(l) => scope.header.locals.get(l.0).map(|x| x.var.name.clone()),
        }
        .unwrap_or_default()
    }

    /// `if (c) ...` with its branches; `else if` nests.
    fn if_stmt(
        &mut self,
        cond: &Option<ast::Expr>,
        then: &ast::Block,
        els: &Option<ast::Else>,
        scope: &Scope,
        span: Span,
    ) -> Option<LoweredItem> {
        let c = cond
            .as_ref()
            .map(|c| self.condition(c, scope, Place::Body, "if"));
        let then_items = self.body_items(&then.items, scope);
        let els = match els {
            None => None,
            Some(ast::Else::Block(b)) => Some((self.body_items(&b.items, scope), b.span)),
            Some(ast::Else::If(stmt)) => {
                let item = self.body_item(&BodyItem::Stmt((**stmt).clone()), scope);
                Some((item.into_iter().collect(), stmt.span))
            }
        };
        let cond = match c {
            None => None,
            Some(c) => Some(c?),
        };
        Some(LoweredItem::If {
            cond,
            then: then_items,
            then_span: then.span,
            els,
            span,
        })
    }

    /// Boogie's `assert {:verified_under A1} ... {:verified_under An} e`
    /// checks `(A1 && ... && An) || e`; without the attribute, `e`.
    fn verified_under(
        &mut self,
        attrs: &[ast::Attribute],
        checked: ir::Expr,
        scope: &Scope,
    ) -> Option<ir::Expr> {
        let mut under: Option<ir::Expr> = None;
        for a in attrs.iter().filter(|a| a.name == "verified_under") {
            let [ast::AttrArg::Expr(e)] = a.args.as_slice() else {
                self.error(a.span, "`{:verified_under}` takes one boolean expression");
                return None;
            };
            let c = self.condition(e, scope, Place::Body, "verified_under")?;
            under = Some(match under {
                None => c,
                Some(u) => {
                    let span = u.span.to(c.span);
                    ir::Expr::new(
                        ExprKind::Binary(BinOp::And, Box::new(u), Box::new(c)),
                        Type::Bool,
                        span,
                    )
                }
            });
        }
        Some(match under {
            None => checked,
            Some(u) => {
                let span = checked.span;
                ir::Expr::new(
                    ExprKind::Binary(BinOp::Or, Box::new(u), Box::new(checked)),
                    Type::Bool,
                    span,
                )
            }
        })
    }

    fn while_stmt(
        &mut self,
        cond: &Option<ast::Expr>,
        invariants: &[ast::Invariant],
        body: &ast::Block,
        scope: &Scope,
        span: Span,
    ) -> Option<LoweredItem> {
        let c = cond
            .as_ref()
            .map(|c| self.condition(c, scope, Place::Body, "while"));
        let mut stmts = Vec::new();
        let mut ok = true;
        for inv in invariants {
            if self.options.ignore_invariants {
                // Type checked, then dropped (and given no assertion id).
                let c = self.condition(&inv.expr, scope, Place::Body, "invariant");
                ok &= c
                    .and_then(|c| self.verified_under(&inv.attrs, c, scope))
                    .is_some();
                continue;
            }
            // A checked invariant is an assertion at the loop head.
            let id = (!inv.free).then(|| self.new_assert(AssertKind::Assert, scope.proc, inv.span));
            let checked = self.condition(&inv.expr, scope, Place::Body, "invariant");
            match checked.and_then(|c| self.verified_under(&inv.attrs, c, scope)) {
                Some(e) => stmts.push(ir::Stmt {
                    kind: match id {
                        Some(id) => ir::StmtKind::Assert(id, e),
                        None => ir::StmtKind::Assume(e),
                    },
                    span: inv.span,
                }),
                None => ok = false,
            }
        }
        let items = self.body_items(&body.items, scope);
        let cond = match c {
            None => None,
            Some(c) => Some(c?),
        };
        ok.then_some(LoweredItem::While {
            cond,
            invariants: stmts,
            body: items,
            span,
        })
    }

    fn body_item(&mut self, item: &BodyItem, scope: &Scope) -> Option<LoweredItem> {
        let s = match item {
            BodyItem::Label(l) => return Some(LoweredItem::Label(l.clone())),
            BodyItem::Stmt(s) => s,
        };
        let span = s.span;
        let kind = match &s.kind {
            ast::StmtKind::If { cond, then, els } => {
                return self.if_stmt(cond, then, els, scope, span)
            }
            ast::StmtKind::While {
                cond,
                invariants,
                body,
            } => return self.while_stmt(cond, invariants, body, scope, span),
            ast::StmtKind::Break(label) => return Some(LoweredItem::Break(label.clone(), span)),
            ast::StmtKind::Goto(targets) => return Some(LoweredItem::Goto(targets.clone(), span)),
            ast::StmtKind::Return => return Some(LoweredItem::Return(span)),
            ast::StmtKind::Assume(e) => {
                if s.attrs.iter().any(|a| a.name == "start_checking_here") {
                    self.start_checking_spans.insert(span);
                }
                ir::StmtKind::Assume(self.condition(e, scope, Place::Body, "assume")?)
            }
            ast::StmtKind::Assert(e) => {
                let id = self.new_assert(AssertKind::Assert, scope.proc, span);
                let checked = self.condition(e, scope, Place::Body, "assert");
                let checked = self.verified_under(&s.attrs, checked?, scope)?;
                ir::StmtKind::Assert(id, checked)
            }
            ast::StmtKind::Havoc(names) => {
                let vars = self.targets(names, scope, Write::Havoc);
                ir::StmtKind::Havoc(
                    vars.into_iter()
                        .map(|v| v.map(|(v, _)| v))
                        .collect::<Option<_>>()?,
                )
            }
            ast::StmtKind::Assign { lhs, rhs } => self.assign(lhs, rhs, scope, span)?,
            ast::StmtKind::Call {
                outs,
                callee,
                args,
                free,
                ..
            } => {
                if let Some(a) = s.attrs.iter().find(|a| a.name == "verified_under") {
                    self.error(a.span, "unsupported: `{:verified_under}` on a call (Boogie checks `A || requires` at the call and continues with that; bicd's call checks and continues with the callee's `requires`)");
                    return None;
                }
                self.call(outs, callee, args, *free, scope, span)?
            }
        };
        Some(LoweredItem::Stmt(ir::Stmt { kind, span }))
    }

    /// Resolves variables written by a statement, checking that each may be
    /// written and none is written twice. `None` entries had an error.
    fn targets(
        &mut self,
        names: &[ast::Ident],
        scope: &Scope,
        how: Write,
    ) -> Vec<Option<(VarRef, Type)>> {
        let mut seen: Vec<VarRef> = Vec::new();
        let mut out = Vec::new();
        for n in names {
            let Some((v, ty)) = self.lookup(n, scope) else {
                out.push(None);
                continue;
            };
            let mut ok = true;
            if seen.contains(&v) {
                self.error(
                    n.span,
                    format!("`{}` is written twice in one statement", n.name),
                );
                ok = false;
            }
            seen.push(v);
            match v {
                VarRef::Global(g) if self.constants.contains(&g) => {
                    let msg = match how {
                        Write::Havoc => format!("cannot havoc constant `{}`", n.name),
                        Write::Assign | Write::CallOut => {
                            format!("cannot assign to constant `{}`", n.name)
                        }
                    };
                    self.error(n.span, msg);
                    ok = false;
                }
                VarRef::Local(l) if scope.header.locals[l.0].kind == LocalKind::Param => {
                    let msg = match how {
                        Write::Havoc => format!("cannot havoc in-parameter `{}`", n.name),
                        Write::Assign | Write::CallOut => {
                            format!("cannot assign to in-parameter `{}`", n.name)
                        }
                    };
                    self.error(n.span, msg);
                    ok = false;
                }
                VarRef::Global(g)
                    if scope.header.syntax == Syntax::Boogie
                        && !scope.header.modifies.contains(&g) =>
                {
                    self.error(
                        n.span,
                        format!(
                            "global variable `{}` is not in the `modifies` clause of procedure `{}`",
                            n.name, scope.header.name
                        ),
                    );
                    ok = false;
                }
                _ => {}
            }
            out.push(ok.then_some((v, ty)));
        }
        out
    }

    /// Boogie's rule for an assumption variable `a`: it is assigned at
    /// most once (in the whole program), and only as `a := a && e`.
    fn check_assumption_assignment(
        &mut self,
        var: VarRef,
        name: &ast::Ident,
        value: &ast::Expr,
        scope: &Scope,
    ) -> bool {
        let (is_assumption, key) = match var {
            VarRef::Global(g) => (self.assumption_globals.contains(&g), (None, var)),
            VarRef::Local(l) => (self.assumption_locals.contains(&l), (Some(scope.proc), var)),
        };
        if !is_assumption {
            return true;
        }
        let shaped = matches!(&value.kind,
            ast::ExprKind::Binary(BinOp::And, a, _)
                if matches!(&a.kind, ast::ExprKind::Var(v) if *v == name.name));
        if !shaped {
            self.error(
                value.span,
                format!(
                    "an assumption variable can only be assigned as `{0} := {0} && e`",
                    name.name
                ),
            );
            return false;
        }
        if !self.assumption_assigned.insert(key) {
            self.error(
                name.span,
                format!(
                    "assumption variable `{}` is assigned more than once",
                    name.name
                ),
            );
            return false;
        }
        true
    }

    fn assign(
        &mut self,
        targets_written: &[ast::Lhs],
        rhs: &[ast::Expr],
        scope: &Scope,
        span: Span,
    ) -> Option<ir::StmtKind> {
        let lhs: Vec<ast::Ident> = targets_written.iter().map(|l| l.name.clone()).collect();
        let lhs = lhs.as_slice();
        let targets = self.targets(lhs, scope, Write::Assign);
        // `a[i] := v` assigns `a[i := v]` to `a`.
        let rhs: Vec<ast::Expr> = targets_written
            .iter()
            .zip(rhs)
            .map(|(l, e)| desugar_map_assignment(l, e))
            .chain(rhs.iter().skip(targets_written.len()).cloned())
            .collect();
        let values: Vec<Option<ir::Expr>> = rhs
            .iter()
            .map(|e| {
                let v = self.expr(e, scope, Place::Body);
                self.no_quantifier(v, "an assigned value")
            })
            .collect();
        if lhs.len() != rhs.len() {
            self.error(
                span,
                format!(
                    "assignment has {} target{} but {} value{}",
                    lhs.len(),
                    plural(lhs.len()),
                    rhs.len(),
                    plural(rhs.len())
                ),
            );
            return None;
        }
        let mut pairs = Vec::new();
        let mut ok = true;
        for ((t, v), (name, e)) in targets.into_iter().zip(values).zip(lhs.iter().zip(rhs)) {
            if let Some((var, _)) = &t {
                ok &= self.check_assumption_assignment(*var, name, &e, scope);
            }
            match (t, v) {
                (Some((var, ty)), Some(value)) => {
                    if value.ty != ty {
                        self.error(
                            e.span,
                            format!(
                                "cannot assign {} {} value to `{}` of type {}",
                                article(&value.ty),
                                value.ty,
                                name.name,
                                ty
                            ),
                        );
                        ok = false;
                    }
                    pairs.push((var, value));
                }
                _ => ok = false,
            }
        }
        ok.then_some(ir::StmtKind::Assign(pairs))
    }

    /// `call outs := callee(args)` (`free call` when `free`).
    fn call(
        &mut self,
        outs: &[ast::Ident],
        callee: &ast::Ident,
        args: &[ast::Expr],
        free: bool,
        scope: &Scope,
        span: Span,
    ) -> Option<ir::StmtKind> {
        let targets = self.targets(outs, scope, Write::CallOut);
        let values: Vec<Option<ir::Expr>> = args
            .iter()
            .map(|e| {
                let v = self.expr(e, scope, Place::Body);
                self.no_quantifier(v, "a call argument")
            })
            .collect();
        let Some(&callee_id) = self.proc_names.get(&callee.name) else {
            self.error(callee.span, format!("unknown procedure `{}`", callee.name));
            return None;
        };
        let h = &self.headers[callee_id.0];
        let param_types: Vec<Type> = h
            .params
            .iter()
            .map(|l| h.locals[l.0].var.ty.clone())
            .collect();
        let out_types: Vec<Type> = h
            .outs
            .iter()
            .map(|l| h.locals[l.0].var.ty.clone())
            .collect();
        let callee_modifies = h.modifies.clone();
        let mut ok = true;
        if args.len() != param_types.len() {
            self.error(
                span,
                format!(
                    "procedure `{}` takes {} argument{}, but {} {} given",
                    callee.name,
                    param_types.len(),
                    plural(param_types.len()),
                    args.len(),
                    if args.len() == 1 { "was" } else { "were" }
                ),
            );
            ok = false;
        } else {
            for (i, (v, ty)) in values.iter().zip(&param_types).enumerate() {
                if let Some(v) = v {
                    if &v.ty != ty {
                        self.error(
                            v.span,
                            format!(
                                "argument {} of `{}` must be {}, but is {}",
                                i + 1,
                                callee.name,
                                ty,
                                v.ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        if outs.len() != out_types.len() {
            self.error(
                span,
                format!(
                    "procedure `{}` returns {} value{}, but {} variable{} receive{} them",
                    callee.name,
                    out_types.len(),
                    plural(out_types.len()),
                    outs.len(),
                    plural(outs.len()),
                    if outs.len() == 1 { "s" } else { "" }
                ),
            );
            ok = false;
        } else {
            for ((t, ty), n) in targets.iter().zip(&out_types).zip(outs) {
                if let Some((_, t_ty)) = t {
                    if t_ty != ty {
                        self.error(
                            n.span,
                            format!(
                                "`{}` of type {} cannot receive output {} of `{}` of type {}",
                                n.name,
                                t_ty,
                                outs.iter().position(|o| o == n).unwrap_or(0) + 1,
                                callee.name,
                                ty
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        if scope.header.syntax == Syntax::Boogie {
            for g in callee_modifies {
                if !scope.header.modifies.contains(&g) {
                    let gname = self.globals[g.0].name.clone();
                    self.error(
                        callee.span,
                        format!(
                            "`{}` may modify global variable `{}`, which is not in the `modifies` clause of procedure `{}`",
                            callee.name, gname, scope.header.name
                        ),
                    );
                    ok = false;
                }
            }
        }
        let outs: Option<Vec<VarRef>> = targets.into_iter().map(|t| t.map(|(v, _)| v)).collect();
        let args: Option<Vec<ir::Expr>> = values.into_iter().collect();
        if !ok {
            return None;
        }
        Some(ir::StmtKind::Call {
            callee: callee_id,
            args: args?,
            outs: outs?,
            free,
        })
    }

    fn lookup(&mut self, n: &ast::Ident, scope: &Scope) -> Option<(VarRef, Type)> {
        if let Some(f) = &self.in_function {
            let message = if self.global_names.contains_key(&n.name) {
                format!(
                    "unsupported: the body of function `{f}` mentions the global `{}` (bicd reads function bodies over their parameters only)",
                    n.name
                )
            } else {
                format!("undeclared variable `{}`", n.name)
            };
            self.error(n.span, message);
            return None;
        }
        if let Some(&l) = scope.names.get(&n.name) {
            return Some((VarRef::Local(l), scope.header.locals[l.0].var.ty.clone()));
        }
        if let Some(&g) = self.global_names.get(&n.name) {
            return Some((VarRef::Global(g), self.globals[g.0].ty.clone()));
        }
        let out_in_requires = scope
            .header
            .locals
            .iter()
            .any(|l| l.var.name == n.name && l.kind == LocalKind::Out);
        if out_in_requires {
            self.error(
                n.span,
                format!("output `{}` cannot be used in `requires`", n.name),
            );
        } else {
            self.error(n.span, format!("undeclared variable `{}`", n.name));
        }
        None
    }

    /// A boolean condition of `what` (`assume`, `requires`, ...).
    fn condition(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
        what: &str,
    ) -> Option<ir::Expr> {
        let x = self.expr(e, scope, place)?;
        if x.ty != Type::Bool {
            self.error(
                e.span,
                format!("`{what}` needs a bool expression, but this is {}", x.ty),
            );
            return None;
        }
        Some(x)
    }

    /// Resolves and types an expression; `None` after an error (reported).
    fn expr(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ast::ExprKind::Int(n) => (ExprKind::Int(n.clone()), Type::Int),
            ast::ExprKind::Bool(b) => (ExprKind::Bool(*b), Type::Bool),
            ast::ExprKind::Real(r) => (ExprKind::Real(r.clone()), Type::Real),
            ast::ExprKind::Var(_) => self.var_arm(e, scope, place)?,
            ast::ExprKind::BvLit(..)
            | ast::ExprKind::Apply(..)
            | ast::ExprKind::Select(..)
            | ast::ExprKind::Store(..)
            | ast::ExprKind::Extract(..)
            | ast::ExprKind::Concat(..)
            | ast::ExprKind::Quant(..) => return self.expr_issue3(e, scope, place),
            ast::ExprKind::Old(_) => self.old_arm(e, scope, place)?,
            ast::ExprKind::Unary(..) => self.unary_arm(e, scope, place)?,
            ast::ExprKind::Binary(..) => self.binary_arm(e, scope, place)?,
            ast::ExprKind::Ite(..) => self.ite_arm(e, scope, place)?,
        };
        Some(ir::Expr::new(kind, ty, span))
    }

    #[inline(never)]
    fn var_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Var(name) = &e.kind else {
            return None;
        };
        Some({
            if let Some(b) = self.bound.iter().rev().find(|b| &b.name == name) {
                (ExprKind::Bound(b.id), b.ty.clone())
            } else {
                let ident = ast::Ident {
                    name: name.clone(),
                    span,
                };
                let (v, ty) = self.lookup(&ident, scope)?;
                (ExprKind::Var(v), ty)
            }
        })
    }

    #[inline(never)]
    fn old_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Old(inner) = &e.kind else {
            return None;
        };
        Some({
            let x = self.expr(inner, scope, place);
            if place == Place::Requires {
                self.error(span, "`old` is not allowed in `requires`");
                return None;
            }
            let x = x?;
            let ty = x.ty.clone();
            (ExprKind::Old(Box::new(x)), ty)
        })
    }

    #[inline(never)]
    fn unary_arm(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Unary(op, inner) = &e.kind else {
            return None;
        };
        Some({
            let x = self.expr(inner, scope, place)?;
            // The operand type wanted, the result type, how to name it.
            let (want, result, sym) = match op {
                UnOp::Not => (Type::Bool, Type::Bool, "!"),
                UnOp::Neg if x.ty == Type::Real => (Type::Real, Type::Real, "-"),
                UnOp::Neg => (Type::Int, Type::Int, "-"),
                UnOp::ToInt => (Type::Real, Type::Int, "int(...)"),
                UnOp::ToReal => (Type::Int, Type::Real, "real(...)"),
            };
            if x.ty != want {
                let message = if *op == UnOp::Neg {
                    format!("`-` needs an int or real operand, but this is {}", x.ty)
                } else {
                    format!(
                        "`{sym}` needs {} {want} operand, but this is {}",
                        article(&want),
                        x.ty
                    )
                };
                self.error(inner.span, message);
                return None;
            }
            (ExprKind::Unary(*op, Box::new(x)), result)
        })
    }

    #[inline(never)]
    fn binary_arm(
        &mut self,
        e: &ast::Expr,
        scope: &Scope,
        place: Place,
    ) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Binary(op, a, b) = &e.kind else {
            return None;
        };
        Some({
            let xa = self.expr(a, scope, place);
            let xb = self.expr(b, scope, place);
            let (mut xa, mut xb) = (xa?, xb?);
            let sym = op.symbol();
            // `+ - *` and the comparisons take two ints or two reals: reals
            // when either operand is one.
            let number = if xa.ty == Type::Real || xb.ty == Type::Real {
                Type::Real
            } else {
                Type::Int
            };
            let (operand, result) = match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul => (Some(number.clone()), number),
                BinOp::Div | BinOp::Mod => (Some(Type::Int), Type::Int),
                // `/` takes ints and reals (as Boogie does); ints are
                // converted with `real(...)`.
                BinOp::RealDiv => {
                    for x in [&mut xa, &mut xb] {
                        if x.ty == Type::Int {
                            let s = x.span;
                            let inner = std::mem::replace(x, ir::Expr::bool(false, s));
                            *x = ir::Expr::new(
                                ExprKind::Unary(UnOp::ToReal, Box::new(inner)),
                                Type::Real,
                                s,
                            );
                        }
                    }
                    (Some(Type::Real), Type::Real)
                }
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(number), Type::Bool),
                BinOp::And | BinOp::Or | BinOp::Implies | BinOp::Iff => {
                    (Some(Type::Bool), Type::Bool)
                }
                BinOp::Eq | BinOp::Neq => (None, Type::Bool),
            };
            match operand {
                Some(want) => {
                    let mut ok = true;
                    for (x, side) in [(&xa, a), (&xb, b)] {
                        if x.ty != want {
                            self.error(
                                side.span,
                                format!("`{sym}` needs {want} operands, but this is {}", x.ty),
                            );
                            ok = false;
                        }
                    }
                    if !ok {
                        return None;
                    }
                }
                None => {
                    if xa.ty != xb.ty {
                        self.error(span, format!("`{sym}` compares {} with {}", xa.ty, xb.ty));
                        return None;
                    }
                }
            }
            (ExprKind::Binary(*op, Box::new(xa), Box::new(xb)), result)
        })
    }

    #[inline(never)]
    fn ite_arm(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<(ExprKind, Type)> {
        let span = e.span;
        let _ = (span, scope, place);
        let ast::ExprKind::Ite(c, a, b) = &e.kind else {
            return None;
        };
        Some({
            let xc = self.expr(c, scope, place);
            let xa = self.expr(a, scope, place);
            let xb = self.expr(b, scope, place);
            let (xc, xa, xb) = (xc?, xa?, xb?);
            if xc.ty != Type::Bool {
                self.error(
                    c.span,
                    format!("the condition of `if` must be bool, but this is {}", xc.ty),
                );
                return None;
            }
            if xa.ty != xb.ty {
                self.error(
                    span,
                    format!(
                        "the branches of `if` have different types: {} and {}",
                        xa.ty, xb.ty
                    ),
                );
                return None;
            }
            let ty = xa.ty.clone();
            (ExprKind::Ite(Box::new(xc), Box::new(xa), Box::new(xb)), ty)
        })
    }
}

/// The width of `bvN` when 1 <= N <= the widest bicd reads.
fn bv_width(name: &str) -> Option<u32> {
    if !is_bv_type(name) {
        return None;
    }
    name[2..]
        .parse::<u32>()
        .ok()
        .filter(|w| (1..=crate::front::parse::MAX_BV_WIDTH).contains(w))
}

impl Resolver {
    /// The expressions of issue 3 (bit-vectors, functions, maps,
    /// quantifiers), apart from [`Resolver::expr`] so that its stack frame
    /// stays small (expressions nest up to `ast::MAX_EXPR_DEPTH` deep).
    #[inline(never)]
    fn expr_issue3(&mut self, e: &ast::Expr, scope: &Scope, place: Place) -> Option<ir::Expr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ast::ExprKind::BvLit(value, width) => {
                (ExprKind::Bv(*width, value.clone()), Type::Bv(*width))
            }
            ast::ExprKind::Apply(f, args) => return self.apply(f, args, scope, place, span),
            ast::ExprKind::Select(m, ix) => {
                let xm = self.expr(m, scope, place);
                let xs: Vec<Option<ir::Expr>> =
                    ix.iter().map(|i| self.expr(i, scope, place)).collect();
                let xm = xm?;
                let xs: Vec<ir::Expr> = xs.into_iter().collect::<Option<_>>()?;
                let value = self.check_indices(&xm, &xs, m.span)?;
                (ExprKind::Select(Box::new(xm), xs), value)
            }
            ast::ExprKind::Store(m, ix, v) => {
                let xm = self.expr(m, scope, place);
                let xs: Vec<Option<ir::Expr>> =
                    ix.iter().map(|i| self.expr(i, scope, place)).collect();
                let xv = self.expr(v, scope, place);
                let (xm, xv) = (xm?, xv?);
                let xs: Vec<ir::Expr> = xs.into_iter().collect::<Option<_>>()?;
                let value = self.check_indices(&xm, &xs, m.span)?;
                if xv.ty != value {
                    self.error(
                        v.span,
                        format!("the map stores {value} values, but this is {}", xv.ty),
                    );
                    return None;
                }
                let ty = xm.ty.clone();
                (ExprKind::Store(Box::new(xm), xs, Box::new(xv)), ty)
            }
            ast::ExprKind::Extract(x, hi, lo) => {
                let xe = self.expr(x, scope, place)?;
                let Type::Bv(w) = xe.ty else {
                    self.error(
                        x.span,
                        format!(
                            "`[hi:lo]` extracts bits of a bit-vector, but this is {}",
                            xe.ty
                        ),
                    );
                    return None;
                };
                let (hi, lo) = match (u32::try_from(hi), u32::try_from(lo)) {
                    (Ok(h), Ok(l)) if l < h && h <= w => (h, l),
                    _ => {
                        self.error(
                            span,
                            format!("`[{hi}:{lo}]` is not a bit range of a bv{w} (need {w} >= hi > lo >= 0)"),
                        );
                        return None;
                    }
                };
                (ExprKind::Extract(Box::new(xe), hi, lo), Type::Bv(hi - lo))
            }
            ast::ExprKind::Concat(a, b) => {
                let xa = self.expr(a, scope, place);
                let xb = self.expr(b, scope, place);
                let (xa, xb) = (xa?, xb?);
                match (&xa.ty, &xb.ty) {
                    (Type::Bv(x), Type::Bv(y)) if x + y <= crate::front::parse::MAX_BV_WIDTH => {
                        let ty = Type::Bv(x + y);
                        (ExprKind::Concat(Box::new(xa), Box::new(xb)), ty)
                    }
                    _ => {
                        self.error(
                            span,
                            format!(
                                "`++` concatenates bit-vectors, but these are {} and {}",
                                xa.ty, xb.ty
                            ),
                        );
                        return None;
                    }
                }
            }
            ast::ExprKind::Quant(q, groups, body) => {
                let depth = self.bound.len();
                let mut binders = Vec::new();
                for g in groups {
                    let ty = match &g.ty {
                        Some(t) => self.type_of(t),
                        None => {
                            for n in &g.names {
                                self.error(
                                    n.span,
                                    format!("missing type for bound variable `{}`", n.name),
                                );
                            }
                            Type::Int
                        }
                    };
                    for n in &g.names {
                        let b = ir::Binder {
                            id: self.next_binder,
                            name: n.name.clone(),
                            ty: ty.clone(),
                        };
                        self.next_binder += 1;
                        self.bound.push(b.clone());
                        binders.push(b);
                    }
                }
                let xb = self.expr(body, scope, place);
                self.bound.truncate(depth);
                let xb = xb?;
                if xb.ty != Type::Bool {
                    self.error(
                        body.span,
                        format!(
                            "the body of a quantifier must be bool, but this is {}",
                            xb.ty
                        ),
                    );
                    return None;
                }
                (ExprKind::Quant(*q, binders, Box::new(xb)), Type::Bool)
            }
            _ => return None,
        };
        Some(ir::Expr::new(kind, ty, span))
    }

    /// `f(args)`: the function, its arguments checked against its
    /// parameters.
    fn apply(
        &mut self,
        f: &ast::Ident,
        args: &[ast::Expr],
        scope: &Scope,
        place: Place,
        span: Span,
    ) -> Option<ir::Expr> {
        if f.name == "**" {
            return self.power(f, args, scope, place, span);
        }
        let values: Vec<Option<ir::Expr>> =
            args.iter().map(|a| self.expr(a, scope, place)).collect();
        if !self.function_decls.contains_key(&f.name) {
            let message = if self.proc_names.contains_key(&f.name) {
                format!("`{}` is a procedure: call it with `call`", f.name)
            } else {
                format!("undeclared function `{}`", f.name)
            };
            self.error(f.span, message);
            return None;
        }
        let func = self.function(f)?;
        let values: Vec<ir::Expr> = values.into_iter().collect::<Option<_>>()?;
        if values.len() != func.params.len() {
            self.error(
                span,
                format!(
                    "function `{}` takes {} argument{}, but {} {} given",
                    f.name,
                    func.params.len(),
                    plural(func.params.len()),
                    values.len(),
                    if values.len() == 1 { "was" } else { "were" }
                ),
            );
            return None;
        }
        let mut ok = true;
        for (i, (v, (_, ty))) in values.iter().zip(&func.params).enumerate() {
            if &v.ty != ty {
                self.error(
                    v.span,
                    format!(
                        "argument {} of `{}` must be {ty}, but is {}",
                        i + 1,
                        f.name,
                        v.ty
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let ty = func.result.clone();
        Some(ir::Expr::new(ExprKind::Apply(func, values), ty, span))
    }

    /// `a ** b` (real exponentiation): type checked, and kept as the
    /// application of a stand-in function `**` that no stage evaluates.
    /// A power has no exact value in general (`2.0 ** 0.5`), so no test
    /// could replay it: a program that has it and a procedure body to
    /// analyse is refused at the end of resolution (see
    /// [`resolve_program_with`]).
    fn power(
        &mut self,
        f: &ast::Ident,
        args: &[ast::Expr],
        scope: &Scope,
        place: Place,
        span: Span,
    ) -> Option<ir::Expr> {
        let values: Vec<Option<ir::Expr>> =
            args.iter().map(|a| self.expr(a, scope, place)).collect();
        let values: Vec<ir::Expr> = values.into_iter().collect::<Option<_>>()?;
        if let Some(bad) = values.iter().find(|v| v.ty != Type::Real) {
            self.error(
                bad.span,
                format!("`**` needs real operands, but this is {}", bad.ty),
            );
            return None;
        }
        self.power_spans.push(f.span);
        let stand_in = Arc::new(ir::Function {
            name: "**".to_string(),
            params: vec![
                ("base".to_string(), Type::Real),
                ("exponent".to_string(), Type::Real),
            ],
            result: Type::Real,
            body: None,
            builtin: None,
            recursive: false,
            span: f.span,
        });
        Some(ir::Expr::new(
            ExprKind::Apply(stand_in, values),
            Type::Real,
            span,
        ))
    }

    /// The value type of map `m` indexed by `ix`, after checking them.
    fn check_indices(&mut self, m: &ir::Expr, ix: &[ir::Expr], span: Span) -> Option<Type> {
        let Type::Map(keys, value) = &m.ty else {
            self.error(span, format!("`[...]` needs a map, but this is {}", m.ty));
            return None;
        };
        if keys.len() != ix.len() {
            self.error(
                span,
                format!(
                    "the map takes {} ind{}, but {} {} given",
                    keys.len(),
                    if keys.len() == 1 { "ex" } else { "ices" },
                    ix.len(),
                    if ix.len() == 1 { "was" } else { "were" }
                ),
            );
            return None;
        }
        let mut ok = true;
        for (k, i) in keys.iter().zip(ix) {
            if *k != i.ty {
                self.error(
                    i.span,
                    format!("the map's index must be {k}, but this is {}", i.ty),
                );
                ok = false;
            }
        }
        ok.then(|| (**value).clone())
    }
}

impl Resolver {
    /// `value`, unless it holds a quantifier (also through a defined
    /// function): the interpreter could not compute it to replay a test,
    /// so it is refused (quantifiers are read in conditions only).
    fn no_quantifier(&mut self, value: Option<ir::Expr>, what: &str) -> Option<ir::Expr> {
        let v = value?;
        if mentions_quantifier(&v) {
            self.error(
                v.span,
                format!("unsupported: a quantifier in {what} (bicd reads quantifiers in conditions only: its interpreter cannot compute their value to replay a test)"),
            );
            return None;
        }
        Some(v)
    }
}

/// The name of an uninterpreted function `e` applies, directly or in the
/// body of a defined function it applies.
fn uninterpreted_in(e: &ir::Expr) -> Option<String> {
    let mut found = None;
    e.visit(&mut |x| {
        if let (ExprKind::Apply(f, _), None) = (&x.kind, &found) {
            if f.is_uninterpreted() {
                found = Some(f.name.clone());
            } else if let Some(body) = &f.body {
                found = uninterpreted_in(body);
            }
        }
    });
    found
}

/// Whether `e` holds a quantifier, directly or in a defined function's body.
fn mentions_quantifier(e: &ir::Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| match &x.kind {
        ExprKind::Quant(..) => found = true,
        ExprKind::Apply(f, _) => {
            if let Some(body) = &f.body {
                found |= mentions_quantifier(body);
            }
        }
        _ => {}
    });
    found
}

/// `a[i][j] := v` as Boogie reads it: `a := a[i := a[i][j := v]]`.
fn desugar_map_assignment(lhs: &ast::Lhs, value: &ast::Expr) -> ast::Expr {
    fn build(
        base: ast::Expr,
        indices: &[Vec<ast::Expr>],
        value: ast::Expr,
        span: Span,
    ) -> ast::Expr {
        match indices.split_first() {
            None => value,
            Some((first, rest)) => {
                let inner_base = ast::Expr::node(
                    ast::ExprKind::Select(Box::new(base.clone()), first.clone()),
                    span,
                );
                let inner = build(inner_base, rest, value, span);
                ast::Expr::node(
                    ast::ExprKind::Store(Box::new(base), first.clone(), Box::new(inner)),
                    span,
                )
            }
        }
    }
    let base = ast::Expr::node(ast::ExprKind::Var(lhs.name.name.clone()), lhs.name.span);
    build(base, &lhs.indices, value.clone(), lhs.span.to(value.span))
}

/// `bv1`, `bv32`, ...
fn is_bv_type(name: &str) -> bool {
    name.len() > 2 && name.starts_with("bv") && name[2..].bytes().all(|b| b.is_ascii_digit())
}

/// `float24e8`, `float53e11`, ...
fn is_float_type(name: &str) -> bool {
    name.strip_prefix("float")
        .is_some_and(|r| r.contains('e') && r.bytes().all(|b| b.is_ascii_digit() || b == b'e'))
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
