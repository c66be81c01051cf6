//! The parser: one source file to its syntax tree.
//!
//! Takes: a file of a [`SourceMap`]. Gives: [`ast::Program`], or the first
//! syntax error as a located [`Diagnostic`] (`unexpected token ..., expected
//! one of ...` at the offending token). The grammar is
//! `grammar/boogie.lalrpop` (LALRPOP, LR(1), fed by [`crate::front::lexer`]), so
//! parsing itself never recurses; expression trees deeper than
//! [`ast::MAX_EXPR_DEPTH`] are refused while they are built. design.md,
//! "The pipeline": `.bpl text ──parse──▶ AST`.

use crate::front::ast::{self, BindingGroup, Ident, TypeExpr};
use crate::front::lexer::{LexError, Lexer, Tok};
use crate::source::{Diagnostic, FileId, SourceMap, Span};
use lalrpop_util::ParseError;
use num_bigint::BigInt;
use num_rational::BigRational;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused)]
    grammar,
    "/boogie.rs"
);

/// Parses file `file` of `sources`.
pub fn parse_program(sources: &SourceMap, file: FileId) -> Result<ast::Program, Vec<Diagnostic>> {
    let text = &sources.file(file).text;
    let mut program = grammar::ProgramParser::new()
        .parse(file, Lexer::new(text))
        .map_err(|e| vec![diagnostic(file, text, e)])?;
    if let Some(at) = first_subtype(text) {
        program
            .decls
            .push(ast::Decl::Function(subtype_declaration(Span::new(
                file,
                at,
                at + 2,
            ))));
    }
    Ok(program)
}

/// The name of the predicate `a <: b` applies ([`mk_subtype`]).
pub const SUBTYPE: &str = "<:";

/// `a <: b`, Boogie's subtype relation, as the application `<:(a, b)` of
/// the predicate [`subtype_declaration`] declares. Boogie's SMT encoding
/// leaves it uninterpreted (`UOrdering2`, with no axiom), and so does
/// bicd: the axioms a program states about it are all it knows.
pub(crate) fn mk_subtype(
    file: FileId,
    l: usize,
    r: usize,
    a: ast::Expr,
    b: ast::Expr,
) -> Result<ast::Expr, GrammarError> {
    let name = Ident {
        name: SUBTYPE.to_string(),
        span: Span::new(file, l, r),
    };
    mk_expr(file, l, r, ast::ExprKind::Apply(name, vec![a, b]))
}

/// Where the first `<:` token of `text` starts, if it has one.
fn first_subtype(text: &str) -> Option<usize> {
    if !text.contains(SUBTYPE) {
        return None;
    }
    Lexer::new(text)
        .map_while(Result::ok)
        .find(|(_, t, _)| *t == Tok::Subtype)
        .map(|(at, _, _)| at)
}

/// `function <:<T>(T, T): bool;`, declared for a program that uses `<:`
/// (its name is no identifier, so no program declares it).
fn subtype_declaration(span: Span) -> ast::FunctionDecl {
    let ty = |kind| TypeExpr { kind, span };
    let t = Ident {
        name: "T".to_string(),
        span,
    };
    ast::FunctionDecl {
        attrs: Vec::new(),
        name: Ident {
            name: SUBTYPE.to_string(),
            span,
        },
        type_params: vec![t],
        params: vec![
            (None, ty(ast::TypeKind::Named("T".to_string()))),
            (None, ty(ast::TypeKind::Named("T".to_string()))),
        ],
        result: ty(ast::TypeKind::Bool),
        body: None,
        span,
    }
}

type GrammarError = ParseError<usize, Tok, LexError>;

/// Builds an expression node, refusing trees deeper than
/// [`ast::MAX_EXPR_DEPTH`] (used by the grammar's actions).
pub(crate) fn mk_expr(
    file: FileId,
    l: usize,
    r: usize,
    kind: ast::ExprKind,
) -> Result<ast::Expr, GrammarError> {
    let e = ast::Expr::node(kind, Span::new(file, l, r));
    if e.depth > ast::MAX_EXPR_DEPTH {
        return Err(ParseError::User {
            error: LexError::new(
                l,
                r,
                format!(
                    "expression nested too deeply (more than {} levels)",
                    ast::MAX_EXPR_DEPTH
                ),
            ),
        });
    }
    Ok(e)
}

/// `a[ix]`: a map select, or the bit extract `a[hi:lo]` when the one index
/// is a bit range `hi: lo` of two numerals (see [`ast::ExprKind::BitRange`]).
pub(crate) fn mk_select(
    file: FileId,
    l: usize,
    r: usize,
    a: ast::Expr,
    mut ix: Vec<ast::Expr>,
) -> Result<ast::Expr, GrammarError> {
    if let [ast::Expr {
        kind: ast::ExprKind::BitRange(hi, lo),
        ..
    }] = ix.as_slice()
    {
        if let ast::ExprKind::Int(hi) = &hi.kind {
            let (hi, lo) = (hi.clone(), lo.clone());
            return mk_expr(file, l, r, ast::ExprKind::Extract(Box::new(a), hi, lo));
        }
        return Err(ParseError::User {
            error: LexError::new(
                hi.span.start as usize,
                hi.span.end as usize,
                "the bounds of a bit extract `x[hi:lo]` must be numerals".to_string(),
            ),
        });
    }
    let ix = std::mem::take(&mut ix);
    mk_expr(file, l, r, ast::ExprKind::Select(Box::new(a), ix))
}

/// Builds a statement, refusing structured statements nested deeper than
/// [`ast::MAX_STMT_DEPTH`] (used by the grammar's actions).
pub(crate) fn mk_stmt(
    file: FileId,
    l: usize,
    r: usize,
    kind: ast::StmtKind,
    attrs: Vec<ast::Attribute>,
) -> Result<ast::Stmt, GrammarError> {
    let depth = 1 + match &kind {
        ast::StmtKind::If { then, els, .. } => {
            let e = match els {
                None => 0,
                Some(ast::Else::Block(b)) => ast::items_depth(&b.items),
                Some(ast::Else::If(s)) => s.depth,
            };
            ast::items_depth(&then.items).max(e)
        }
        ast::StmtKind::While { body, .. } => ast::items_depth(&body.items),
        _ => 0,
    };
    if depth > ast::MAX_STMT_DEPTH {
        return Err(ParseError::User {
            error: LexError::new(
                l,
                r.min(l + 2),
                format!(
                    "statements nested too deeply (more than {} levels, `else if` included)",
                    ast::MAX_STMT_DEPTH
                ),
            ),
        });
    }
    Ok(ast::Stmt {
        kind,
        depth,
        attrs,
        span: Span::new(file, l, r),
    })
}

/// `a op b` (used by the grammar's actions).
pub(crate) fn mk_binary(
    file: FileId,
    l: usize,
    r: usize,
    op: crate::ir::BinOp,
    a: ast::Expr,
    b: ast::Expr,
) -> Result<ast::Expr, GrammarError> {
    mk_expr(
        file,
        l,
        r,
        ast::ExprKind::Binary(op, Box::new(a), Box::new(b)),
    )
}

/// One `+ term` or `- term` of a sum after its first term: the operator,
/// the term, and where the term starts and ends.
pub(crate) type SumTerm = (crate::ir::BinOp, ast::Expr, usize, usize);

/// Sums of at most this many terms are built as written (left-deep);
/// longer ones balanced.
const SHORT_SUM: usize = 32;

/// `first op1 t1 op2 t2 ...` (`+`, `-`; starting at `l`), used by the
/// grammar's actions. A short sum is built as written, left associative.
/// A longer one is built balanced (depth about log2 of the number of
/// terms, so that a flat sum of 100,000 terms, as generated code has, is
/// no deep tree): split at the middle term `t_m`, `left op_m right`,
/// where `right` starts at `t_m` and, after a `-`, has its operators
/// flipped (`a - b + c` is `a - (b - c)`); exact for `int` (unbounded)
/// and every other type `+` and `-` take.
pub(crate) fn mk_sum(
    file: FileId,
    l: usize,
    first: ast::Expr,
    rest: Vec<SumTerm>,
) -> Result<ast::Expr, GrammarError> {
    use crate::ir::BinOp;
    if rest.len() <= SHORT_SUM {
        let mut sum = first;
        for (op, term, _, r) in rest {
            sum = mk_binary(file, l, r, op, sum, term)?;
        }
        return Ok(sum);
    }
    let first_end = first.span.end as usize;
    let mut terms: Vec<(BinOp, Option<ast::Expr>, usize, usize)> =
        vec![(BinOp::Add, Some(first), l, first_end)];
    terms.extend(
        rest.into_iter()
            .map(|(op, t, tl, tr)| (op, Some(t), tl, tr)),
    );
    // Terms i..=j with the operators between them, flipped if `flip`.
    fn build(
        file: FileId,
        terms: &mut [(BinOp, Option<ast::Expr>, usize, usize)],
        flip: bool,
    ) -> Result<ast::Expr, GrammarError> {
        if terms.len() == 1 {
            return Ok(terms[0].1.take().expect("each term is taken once"));
        }
        let (start, end) = (terms[0].2, terms[terms.len() - 1].3);
        let m = terms.len() / 2;
        let op = match (terms[m].0, flip) {
            (BinOp::Sub, false) | (BinOp::Add, true) => BinOp::Sub,
            _ => BinOp::Add,
        };
        let (left, right) = terms.split_at_mut(m);
        let a = build(file, left, flip)?;
        let b = build(file, right, flip ^ (op == BinOp::Sub))?;
        mk_binary(file, start, end, op, a, b)
    }
    build(file, &mut terms, false)
}

/// The names of call outputs written as assignment targets: `a[i]` cannot
/// receive a call's output (as in Boogie).
pub(crate) fn lhs_names(lhs: Vec<ast::Lhs>) -> Result<Vec<ast::Ident>, GrammarError> {
    lhs.into_iter()
        .map(|l| {
            if l.indices.is_empty() {
                Ok(l.name)
            } else {
                Err(ParseError::User {
                    error: LexError::new(
                        l.span.start as usize,
                        l.span.end as usize,
                        "a call's output must be a variable, not a map element",
                    ),
                })
            }
        })
        .collect()
}

/// A floating-point literal (`0x1.8e1f24e8`, `0NaN24e8`), read with
/// Boogie's strict rules ([`crate::ir::float::Fp::parse_boogie`]).
pub(crate) fn mk_float_lit(text: &str, l: usize, r: usize) -> Result<ast::ExprKind, GrammarError> {
    crate::ir::float::Fp::parse_boogie(text)
        .map(ast::ExprKind::FloatLit)
        .map_err(|m| ParseError::User {
            error: LexError::new(l, r, format!("{m}: `{text}`")),
        })
}

/// A rounding mode, short or long name (the lexer only gives these).
pub(crate) fn mk_rmode_lit(text: &str) -> ast::ExprKind {
    ast::ExprKind::RModeLit(
        crate::ir::float::RoundingMode::from_name(text)
            .unwrap_or(crate::ir::float::RoundingMode::Rne),
    )
}

/// The literal `5bv32`: value below 2^width, width at least 1.
pub(crate) fn mk_bv_lit(text: &str, l: usize, r: usize) -> Result<ast::ExprKind, GrammarError> {
    let err = |m: String| ParseError::User {
        error: LexError::new(l, r, m),
    };
    let (digits, width) = text
        .split_once("bv")
        .ok_or_else(|| err(format!("invalid bit-vector literal `{text}`")))?;
    let width: u32 = width
        .parse()
        .ok()
        .filter(|w| (1..=MAX_BV_WIDTH).contains(w))
        .ok_or_else(|| {
            err(format!(
                "bit-vector width of `{text}` must be between 1 and {MAX_BV_WIDTH}"
            ))
        })?;
    let value = parse_numeral(digits, l, r)?;
    if value.bits() > u64::from(width) {
        return Err(err(format!(
            "the value of `{text}` does not fit in {width} bits"
        )));
    }
    Ok(ast::ExprKind::BvLit(value, width))
}

/// The widest bit-vector type bicd reads.
pub(crate) const MAX_BV_WIDTH: u32 = 1 << 16;

/// The value of a decimal numeral (any size).
/// The largest exponent a real literal may have (`1e9999`): larger ones
/// would make numbers of millions of digits.
pub(crate) const MAX_REAL_EXPONENT: u32 = 9999;

/// The exact value of a real literal as the lexer gives it: digits, an
/// optional `.` and digits, an optional `e`, `-`? and digits.
pub(crate) fn mk_real_lit(text: &str, l: usize, r: usize) -> Result<BigRational, GrammarError> {
    let bad = |m: String| ParseError::User {
        error: LexError::new(l, r, m),
    };
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e),
        None => (text, "0"),
    };
    let exponent: i64 = exponent
        .parse()
        .ok()
        .filter(|e: &i64| e.unsigned_abs() <= u64::from(MAX_REAL_EXPONENT))
        .ok_or_else(|| {
            bad(format!(
                "the exponent of the real literal `{text}` is beyond {MAX_REAL_EXPONENT}"
            ))
        })?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int_part}{frac_part}");
    let numer = BigInt::parse_bytes(digits.as_bytes(), 10)
        .ok_or_else(|| bad(format!("invalid real literal `{text}`")))?;
    // value = digits * 10^(exponent - fraction digits)
    let shift = exponent - frac_part.len() as i64;
    let ten = BigInt::from(10);
    let power = ten.pow(shift.unsigned_abs() as u32);
    Ok(if shift >= 0 {
        BigRational::from_integer(numer * power)
    } else {
        BigRational::new(numer, power)
    })
}

pub(crate) fn parse_numeral(digits: &str, l: usize, r: usize) -> Result<BigInt, GrammarError> {
    BigInt::parse_bytes(digits.as_bytes(), 10).ok_or_else(|| ParseError::User {
        error: LexError::new(l, r, "invalid number"),
    })
}

/// Groups `x, y: int, b: bool` as written: each run of names ends at the
/// name that carries a type; names after the last type form a group
/// without a type.
/// One name of a declaration as parsed: its attributes, the name, and the
/// type with the optional `where` clause that follows it.
pub(crate) type BindingItem = (
    Vec<ast::Attribute>,
    Ident,
    Option<(TypeExpr, Option<ast::Expr>)>,
);

pub(crate) fn group_bindings(items: Vec<BindingItem>) -> Vec<BindingGroup> {
    let mut groups = Vec::new();
    let mut names = Vec::new();
    let mut attrs = Vec::new();
    for (a, name, ty) in items {
        names.push(name);
        attrs.extend(a);
        if let Some((ty, where_clause)) = ty {
            groups.push(BindingGroup {
                names: std::mem::take(&mut names),
                ty: Some(ty),
                attrs: std::mem::take(&mut attrs),
                where_clause,
            });
        }
    }
    if !names.is_empty() {
        groups.push(BindingGroup {
            names,
            ty: None,
            attrs,
            where_clause: None,
        });
    }
    groups
}

/// How a grammar terminal reads in a message.
fn describe_terminal(t: &str) -> String {
    match t {
        "Ident" => "identifier".to_string(),
        "Num" => "integer".to_string(),
        "Dec" => "real literal".to_string(),
        "FloatLit" => "floating-point literal".to_string(),
        "RModeLit" => "rounding mode".to_string(),
        _ => {
            let inner = t.trim_matches('"');
            format!("`{inner}`")
        }
    }
}

/// Terminals that start an expression.
const EXPR_START: &[&str] = &[
    "Ident",
    "Num",
    "Dec",
    "BvLit",
    "FloatLit",
    "RModeLit",
    "\"int\"",
    "\"real\"",
    "\"true\"",
    "\"false\"",
    "\"old\"",
    "\"if\"",
    "\"(\"",
    "\"!\"",
    "\"-\"",
    "\"|{\"",
];

/// Operators that may continue an expression.
const EXPR_CONTINUE: &[&str] = &[
    "\"==\"", "\"!=\"", "\"<\"", "\"<=\"", "\">\"", "\">=\"", "\"+\"", "\"-\"", "\"*\"", "\"div\"",
    "\"mod\"", "\"&&\"", "\"||\"", "\"==>\"", "\"<==>\"", "\"<==\"", "\"++\"", "\"[\"", "\"/\"",
    "\"**\"", "\"<:\"",
];

/// Keywords that start a statement.
const STMT_START: &[&str] = &[
    "\"free\"",
    "\"assume\"",
    "\"assert\"",
    "\"havoc\"",
    "\"call\"",
    "\"goto\"",
    "\"return\"",
    "\"while\"",
    "\"break\"",
    "\"if\"",
];

/// A short, readable list of what the parser expected: the starts of an
/// expression become "an expression", operators "an operator", statement
/// keywords "a statement".
fn expected_list(expected: &[String]) -> String {
    let has = |t: &str| expected.iter().any(|e| e == t);
    let count = |set: &[&str]| set.iter().filter(|t| has(t)).count();
    let mut groups: Vec<(&[&str], &str)> = Vec::new();
    // Most statement keywords: a statement may start here.
    if count(STMT_START) * 3 >= STMT_START.len() * 2 {
        groups.push((STMT_START, "a statement"));
    }
    // Most expression starts: an expression may start here.
    if count(EXPR_START) * 3 >= EXPR_START.len() * 2 {
        groups.push((EXPR_START, "an expression"));
    }
    // Two binary operators or more (not counting `-`, also a prefix, nor
    // `div`/`mod`, also names): say "an operator" for all.
    let binary_only = EXPR_CONTINUE
        .iter()
        .filter(|t| !matches!(**t, "\"-\"" | "\"div\"" | "\"mod\""))
        .filter(|t| has(t))
        .count();
    if binary_only >= 2 {
        groups.push((EXPR_CONTINUE, "an operator"));
    }
    let mut items: Vec<String> = Vec::new();
    for e in expected {
        if groups.iter().any(|(set, _)| set.contains(&e.as_str())) {
            continue;
        }
        // An optional attribute is rarely what was missing.
        if e == "\"{:\"" && expected.len() > 1 {
            continue;
        }
        // `div` and `mod` may name things, but "identifier" says it.
        if (e == "\"div\"" || e == "\"mod\"") && (has("Ident") || !groups.is_empty()) {
            continue;
        }
        items.push(describe_terminal(e));
    }
    for (_, name) in &groups {
        items.push(name.to_string());
    }
    const MAX: usize = 8;
    if items.len() > MAX {
        items.truncate(MAX);
        items.push("...".to_string());
    }
    match items.len() {
        0 => String::new(),
        1 => format!(", expected {}", items[0]),
        _ => format!(", expected one of {}", items.join(", ")),
    }
}

/// When the parser stops at a token that starts a construct bicd does not
/// read, the `unsupported: <construct>` message naming it. Constructs of
/// issue 3 that bicd will read later say "(not yet supported by bicd)".
fn unsupported_construct(tok: &Tok, expected: &[String]) -> Option<String> {
    let later = |c: &str| Some(format!("unsupported: {c} (not yet supported by bicd)"));
    let never = |c: &str| Some(format!("unsupported: {c}"));
    let expects = |t: &str| expected.iter().any(|e| e == t);
    match tok {
        Tok::Reserved(w) => match *w {
            "where" => later("`where` clauses"),
            // Corral reads `async call` as a call that starts a thread
            // (its concurrent programs), CIVL as its own construct.
            "async" => never("`async call` (a call that starts a thread, in CIVL's and Corral's concurrent programs)"),
            "yield" | "par" => never(&format!("CIVL (`{w}`)")),
            "complete" | "extends" => never("constant orders (`extends`, `complete`)"),
            other => never(&format!("keyword `{other}`")),
        },
        // A word later Boogie releases reserve, where no name can stand:
        // the construct it starts.
        Tok::Ident(name)
            if !expects("Ident")
                && crate::front::lexer::RESERVED_LATER.contains(&name.as_str()) =>
        {
            match name.as_str() {
                "datatype" | "codatatype" => never("datatypes (`datatype`)"),
                "uses" => never("`uses` clauses on constants and functions"),
                w @ ("pure" | "action" | "yield_invariant") => never(&format!("CIVL (`{w}`)")),
                other => never(&format!("keyword `{other}`")),
            }
        }
        Tok::Lt if expects("\"(\"") && !expects("Ident") => never(
            "polymorphic procedures (type parameters `<...>` of a procedure or implementation)",
        ),
        Tok::Ident(name)
            if (expects("\"procedure\"") || expects("\"call\""))
                && matches!(
                    name.as_str(),
                    "atomic"
                        | "left"
                        | "right"
                        | "both"
                        | "link"
                        | "intro"
                        | "invariant"
                        | "yield"
                        | "hide"
                        | "refines"
                        | "creates"
                ) =>
        {
            never(&format!("CIVL (`{name}`)"))
        }
        _ => None,
    }
}

fn diagnostic(file: FileId, text: &str, e: GrammarError) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => {
            Diagnostic::error(Span::new(file, location, location), "invalid token")
        }
        ParseError::UnrecognizedEof { location, expected } => {
            let at = location.min(text.len());
            Diagnostic::error(
                Span::new(file, at, at),
                format!("unexpected end of file{}", expected_list(&expected)),
            )
        }
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => Diagnostic::error(
            Span::new(file, l, r),
            match unsupported_construct(&tok, &expected) {
                Some(m) => m,
                None => format!("unexpected token {tok}{}", expected_list(&expected)),
            },
        ),
        ParseError::ExtraToken { token: (l, tok, r) } => Diagnostic::error(
            Span::new(file, l, r),
            format!("unexpected token {tok} after the end of the program"),
        ),
        ParseError::User { error } => {
            Diagnostic::error(Span::new(file, error.start, error.end), error.message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::ast::{BodyItem, Decl, ExprKind, StmtKind, Syntax};

    /// An expression as an S-expression, to check precedence.
    fn sexp(e: &ast::Expr) -> String {
        match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Var(v) => v.clone(),
            ExprKind::Old(x) => format!("(old {})", sexp(x)),
            ExprKind::Unary(op, x) => {
                let s = match op {
                    crate::ir::UnOp::Not => "!",
                    crate::ir::UnOp::Neg => "-",
                    crate::ir::UnOp::ToInt => "int",
                    crate::ir::UnOp::ToReal => "real",
                };
                format!("({s} {})", sexp(x))
            }
            ExprKind::Binary(op, a, b) => format!("({} {} {})", op.symbol(), sexp(a), sexp(b)),
            ExprKind::Ite(c, a, b) => format!("(ite {} {} {})", sexp(c), sexp(a), sexp(b)),
            ExprKind::Real(r) => r.to_string(),
            ExprKind::Apply(f, args) => {
                let args: Vec<String> = args.iter().map(sexp).collect();
                format!("({} {})", f.name, args.join(" "))
            }
            ExprKind::Select(m, ix) => {
                let parts: Vec<String> = std::iter::once(sexp(m))
                    .chain(ix.iter().map(sexp))
                    .collect();
                format!("(select {})", parts.join(" "))
            }
            ExprKind::Store(m, ix, v) => {
                let parts: Vec<String> = std::iter::once(sexp(m))
                    .chain(ix.iter().map(sexp))
                    .chain(std::iter::once(sexp(v)))
                    .collect();
                format!("(store {})", parts.join(" "))
            }
            other => format!("{other:?}"),
        }
    }

    /// Parses `text` as a single expression.
    fn parse_expr(sources: &SourceMap, file: FileId) -> Result<ast::Expr, Vec<Diagnostic>> {
        let text = &sources.file(file).text;
        grammar::ExprParser::new()
            .parse(file, Lexer::new(text))
            .map_err(|e| vec![diagnostic(file, text, e)])
    }

    fn expr(text: &str) -> Result<String, String> {
        let mut sources = SourceMap::new();
        let f = sources.add("e", text);
        parse_expr(&sources, f)
            .map(|e| sexp(&e))
            .map_err(|d| d[0].render(&sources).lines().next().unwrap().to_string())
    }

    fn program(text: &str) -> Result<ast::Program, String> {
        let mut sources = SourceMap::new();
        let f = sources.add("p", text);
        parse_program(&sources, f)
            .map_err(|d| d[0].render(&sources).lines().next().unwrap().to_string())
    }

    #[test]
    fn precedence() {
        assert_eq!(
            expr("a <==> b ==> c || d").unwrap(),
            "(<==> a (==> b (|| c d)))"
        );
        assert_eq!(expr("a ==> b ==> c").unwrap(), "(==> a (==> b c))");
        // `a <== b` is `b ==> a`, left associative, not mixed with `==>`.
        assert_eq!(expr("a <== b").unwrap(), "(==> b a)");
        assert_eq!(expr("a <== b <== c").unwrap(), "(==> c (==> b a))");
        assert_eq!(
            expr("p <==> a <== b && c").unwrap(),
            "(<==> p (==> (&& b c) a))"
        );
        assert!(expr("a <== b ==> c").is_err());
        // As in Boogie, the right operand of `==>` may be a `<==` chain.
        assert_eq!(expr("a ==> b <== c").unwrap(), "(==> a (==> c b))");
        assert_eq!(expr("a <==> b <==> c").unwrap(), "(<==> (<==> a b) c)");
        assert_eq!(expr("a && b && c").unwrap(), "(&& (&& a b) c)");
        assert_eq!(
            expr("x + 1 < y * 2 - 3").unwrap(),
            "(< (+ x 1) (- (* y 2) 3))"
        );
        assert_eq!(expr("a - b - c").unwrap(), "(- (- a b) c)");
        assert_eq!(
            expr("a div b mod c * d").unwrap(),
            "(* (mod (div a b) c) d)"
        );
        assert_eq!(expr("-x * !b").unwrap(), "(* (- x) (! b))");
        assert_eq!(expr("!!b == false").unwrap(), "(== (! (! b)) false)");
        assert_eq!(expr("old(g) + (1 + 2)").unwrap(), "(+ (old g) (+ 1 2))");
        assert_eq!(expr("if a then 1 else 2 + 3").unwrap(), "(ite a 1 (+ 2 3))");
        assert_eq!(
            expr("(if a then 1 else 2) + 3").unwrap(),
            "(+ (ite a 1 2) 3)"
        );
        assert_eq!(expr("div + mod").unwrap(), "(+ div mod)");
        // `if` is an atom whose `else` branch extends to the right.
        assert_eq!(
            expr("1 + if a then 2 else 3 + 4").unwrap(),
            "(+ 1 (ite a 2 (+ 3 4)))"
        );
        assert_eq!(
            expr("x == if a then 2 else 3 && b").unwrap(),
            "(== x (ite a 2 (&& 3 b)))"
        );
        assert_eq!(
            expr("a && !if b then c else d ==> e").unwrap(),
            "(&& a (! (ite b c (==> d e))))"
        );
        assert_eq!(
            expr("if a then if b then 1 else 2 else 3").unwrap(),
            "(ite a (ite b 1 2) 3)"
        );
        assert_eq!(
            expr("p <==> q ==> if a then b else c").unwrap(),
            "(<==> p (==> q (ite a b c)))"
        );
        // Nothing may follow an open `if` on the left of an operator.
        assert!(expr("(if a then 1 else 2) * 3").is_ok());
    }

    #[test]
    fn reals_and_nullary_maps() {
        assert_eq!(
            expr("a * b / c ** d ** e").unwrap(),
            "(/ (* a b) (** c (** d e)))"
        );
        assert_eq!(expr("-a ** 2.5").unwrap(), "(** (- a) 5/2)");
        assert_eq!(expr("int(x) + real(1)").unwrap(), "(+ (int x) (real 1))");
        assert_eq!(
            expr("m[] + m[:= 1][]").unwrap(),
            "(+ (select m) (select (store m 1)))"
        );
        assert!(program("procedure P() { m[] := 1; free call P(); free call x := P(); }").is_ok());
    }

    #[test]
    fn real_literal_values() {
        let v = |t: &str| mk_real_lit(t, 0, 0).map(|r| r.to_string()).map_err(|_| ());
        assert_eq!(v("1.5"), Ok("3/2".to_string()));
        assert_eq!(v("0.0"), Ok("0".to_string()));
        assert_eq!(v("3.5e1"), Ok("35".to_string()));
        assert_eq!(v("0e-3"), Ok("0".to_string()));
        assert_eq!(v("27e-1"), Ok("27/10".to_string()));
        assert_eq!(v("2.5e-2"), Ok("1/40".to_string()));
        assert_eq!(v("1e3"), Ok("1000".to_string()));
        assert!(v("1e99999").is_err());
    }

    #[test]
    fn boogie_refusals_need_parentheses() {
        // Boogie does not mix `&&` and `||`, nor chain relations.
        assert!(expr("a && b || c").is_err());
        assert!(expr("(a && b) || c").is_ok());
        assert!(expr("a < b < c").is_err());
    }

    #[test]
    fn large_literal_and_depth() {
        let digits = "7".repeat(10_000);
        let s = expr(&digits).unwrap();
        assert_eq!(s, digits);
        let deep = format!("{}x{}", "(".repeat(5000), ")".repeat(5000));
        assert_eq!(
            expr(&deep).unwrap_err(),
            "e:1:201: error: brackets nested too deeply (more than 200 levels)"
        );
        // Without brackets: unary and binary chains are bounded too.
        let nots = format!("{}b", "!".repeat(100_000));
        let e = expr(&nots).unwrap_err();
        assert!(e.contains("expression nested too deeply"), "{e}");
        let imp = vec!["b"; 20_000].join(" ==> ");
        let e = expr(&imp).unwrap_err();
        assert!(e.contains("expression nested too deeply"), "{e}");
        // Just under the limit is fine.
        let ok = vec!["1"; ast::MAX_EXPR_DEPTH as usize].join(" + ");
        assert!(expr(&ok).is_ok());
    }

    /// The value of a sum of integer literals.
    fn sum_value(e: &ast::Expr) -> i64 {
        match &e.kind {
            ExprKind::Int(n) => i64::try_from(n).unwrap(),
            ExprKind::Binary(crate::ir::BinOp::Add, a, b) => sum_value(a) + sum_value(b),
            ExprKind::Binary(crate::ir::BinOp::Sub, a, b) => sum_value(a) - sum_value(b),
            other => panic!("not a sum: {other:?}"),
        }
    }

    #[test]
    fn long_flat_sums_are_balanced_and_keep_their_value() {
        // Short sums are built as written.
        assert_eq!(expr("1 - 2 + 3").unwrap(), "(+ (- 1 2) 3)");
        let short: Vec<String> = (1..=SHORT_SUM + 1).map(|i| i.to_string()).collect();
        let short = short.join(" - ");
        assert!(expr(&short).unwrap().starts_with(&"(- ".repeat(SHORT_SUM)));
        // Long ones are balanced: shallow, same value, spans inside the text.
        for n in [SHORT_SUM + 2, 100, 1001, 20_000] {
            let mut text = String::from("7");
            let mut value = 7i64;
            for k in 1..n as i64 {
                // +, -, - , +, ...: every split meets both operators.
                if k % 3 == 0 {
                    text.push_str(&format!(" + {k}"));
                    value += k;
                } else {
                    text.push_str(&format!(" - {k}"));
                    value -= k;
                }
            }
            let mut sources = SourceMap::new();
            let f = sources.add("e", text.as_str());
            let e = parse_expr(&sources, f).unwrap();
            assert_eq!(sum_value(&e), value, "{n} terms");
            assert!(
                e.depth <= 2 + (n as f64).log2().ceil() as u32,
                "{n}: {}",
                e.depth
            );
            assert_eq!((e.span.start, e.span.end as usize), (0, text.len()));
        }
        // Products are not reassociated (only `+` and `-` chains).
        let product = vec!["2"; 20_000].join(" * ");
        assert!(expr(&product).unwrap_err().contains("nested too deeply"));
    }

    #[test]
    fn paper_syntax() {
        let p = program("proc foo(a, b) returns c { l1: goto l2; l2: c := call foo(a, b); l3: }")
            .unwrap();
        let Decl::Proc(foo) = &p.decls[0] else {
            panic!("not a procedure")
        };
        assert_eq!(foo.syntax, Syntax::Paper);
        assert_eq!(foo.params.len(), 1);
        assert_eq!(foo.params[0].names.len(), 2);
        assert!(foo.params[0].ty.is_none());
        assert_eq!(foo.returns[0].names[0].name, "c");
        let items = &foo.body.as_ref().unwrap().items;
        assert_eq!(items.len(), 5);
        assert!(matches!(&items[3], BodyItem::Stmt(s) if matches!(&s.kind,
            StmtKind::Call { form: ast::CallForm::Paper, outs, .. } if outs.len() == 1)));
        assert!(matches!(&items[4], BodyItem::Label(l) if l.name == "l3"));
        let p = program("proc f() returns (c, d) { c, d := 1, 2; }").unwrap();
        let Decl::Proc(f) = &p.decls[0] else {
            panic!("not a procedure")
        };
        assert_eq!(f.returns[0].names.len(), 2);
    }

    #[test]
    fn boogie_declarations() {
        let p = program(
            "var x, y: int, b: bool;\n\
             procedure P(a, c: int, d: bool) returns (r: int);\n\
               free requires a > 0; ensures r > 0; modifies x, y;\n\
             procedure Q() { var t: int; var u: bool; call P(1, 2, true); call t := P(1, 2, u); }",
        )
        .unwrap();
        assert_eq!(p.decls.len(), 3);
        let Decl::Var(v) = &p.decls[0] else {
            panic!("not a var")
        };
        assert_eq!(v.groups.len(), 2);
        assert_eq!(v.groups[0].names.len(), 2);
        let Decl::Proc(pr) = &p.decls[1] else {
            panic!("not a procedure")
        };
        assert!(pr.body.is_none());
        assert_eq!(pr.specs.len(), 3);
        assert!(pr.specs[0].free && !pr.specs[1].free);
        assert_eq!(pr.params.len(), 2);
        let Decl::Proc(q) = &p.decls[2] else {
            panic!("not a procedure")
        };
        assert_eq!(q.body.as_ref().unwrap().locals.len(), 2);
    }

    #[test]
    fn syntax_errors_are_located() {
        assert_eq!(
            program("procedure P() {\n  x := ;\n}").unwrap_err(),
            "p:2:8: error: unexpected token `;`, expected one of `call`, an expression"
        );
        assert_eq!(
            program("procedure P() {\n  x := 1\n}").unwrap_err(),
            "p:3:1: error: unexpected token `}`, expected one of `;`, `,`"
        );
        assert_eq!(
            program("procedure P() {\n  goto ;\n}").unwrap_err(),
            "p:2:8: error: unexpected token `;`, expected identifier"
        );
        assert_eq!(
            program("procedure P() {\n  x := 1;\n").unwrap_err(),
            "p:2:10: error: unexpected end of file, expected one of identifier, `}`, a statement"
        );
        assert!(program("function f(x: int): int;").is_ok());
        assert!(program("procedure P() { assume (lambda x: int :: x)[1] == 1; }").is_ok());
        assert!(program(
            "procedure P() { m := (lambda<a> o: ref, f: Field a :: {:weight 2} o != null); }"
        )
        .is_ok());
        assert!(program("procedure {:inline 1} P() {}").is_ok());
    }
}
