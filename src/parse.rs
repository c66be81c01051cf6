//! The parser: one source file to its syntax tree.
//!
//! Takes: a file of a [`SourceMap`]. Gives: [`ast::Program`], or the first
//! syntax error as a located [`Diagnostic`] (`unexpected token ..., expected
//! one of ...` at the offending token). The grammar is
//! `grammar/boogie.lalrpop` (LALRPOP, LR(1), fed by [`crate::lexer`]), so
//! parsing itself never recurses; expression trees deeper than
//! [`ast::MAX_EXPR_DEPTH`] are refused while they are built. design.md,
//! "The pipeline": `.bpl text ──parse──▶ AST`.

use crate::ast::{self, BindingGroup, Ident, TypeExpr};
use crate::lexer::{LexError, Lexer, Tok};
use crate::source::{Diagnostic, FileId, SourceMap, Span};
use lalrpop_util::ParseError;
use num_bigint::BigInt;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused)]
    grammar,
    "/boogie.rs"
);

/// Parses file `file` of `sources`.
pub fn parse_program(sources: &SourceMap, file: FileId) -> Result<ast::Program, Vec<Diagnostic>> {
    let text = &sources.file(file).text;
    grammar::ProgramParser::new()
        .parse(file, Lexer::new(text))
        .map_err(|e| vec![diagnostic(file, text, e)])
}

/// Parses `text` as a single expression (for tests and tools).
pub fn parse_expr(sources: &SourceMap, file: FileId) -> Result<ast::Expr, Vec<Diagnostic>> {
    let text = &sources.file(file).text;
    grammar::ExprParser::new()
        .parse(file, Lexer::new(text))
        .map_err(|e| vec![diagnostic(file, text, e)])
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

/// The value of a decimal numeral (any size).
pub(crate) fn parse_numeral(digits: &str, l: usize, r: usize) -> Result<BigInt, GrammarError> {
    BigInt::parse_bytes(digits.as_bytes(), 10).ok_or_else(|| ParseError::User {
        error: LexError::new(l, r, "invalid number"),
    })
}

/// Groups `x, y: int, b: bool` as written: each run of names ends at the
/// name that carries a type; names after the last type form a group
/// without a type.
pub(crate) fn group_bindings(items: Vec<(Ident, Option<TypeExpr>)>) -> Vec<BindingGroup> {
    let mut groups = Vec::new();
    let mut names = Vec::new();
    for (name, ty) in items {
        names.push(name);
        if ty.is_some() {
            groups.push(BindingGroup {
                names: std::mem::take(&mut names),
                ty,
            });
        }
    }
    if !names.is_empty() {
        groups.push(BindingGroup { names, ty: None });
    }
    groups
}

/// How a grammar terminal reads in a message.
fn describe_terminal(t: &str) -> String {
    match t {
        "Ident" => "identifier".to_string(),
        "Num" => "integer".to_string(),
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
    "\"true\"",
    "\"false\"",
    "\"old\"",
    "\"if\"",
    "\"(\"",
    "\"!\"",
    "\"-\"",
];

/// Operators that may continue an expression.
const EXPR_CONTINUE: &[&str] = &[
    "\"==\"", "\"!=\"", "\"<\"", "\"<=\"", "\">\"", "\">=\"", "\"+\"", "\"-\"", "\"*\"", "\"div\"",
    "\"mod\"", "\"&&\"", "\"||\"", "\"==>\"", "\"<==>\"",
];

/// Keywords that start a statement.
const STMT_START: &[&str] = &[
    "\"assume\"",
    "\"assert\"",
    "\"havoc\"",
    "\"call\"",
    "\"goto\"",
    "\"return\"",
];

/// A short, readable list of what the parser expected: the starts of an
/// expression become "an expression", operators "an operator", statement
/// keywords "a statement".
fn expected_list(expected: &[String]) -> String {
    let has = |t: &str| expected.iter().any(|e| e == t);
    let covers = |set: &[&str]| set.iter().filter(|t| has(t)).count() * 3 >= set.len() * 2;
    let mut groups: Vec<(&[&str], &str)> = Vec::new();
    for (set, name) in [
        (STMT_START, "a statement"),
        (EXPR_START, "an expression"),
        (EXPR_CONTINUE, "an operator"),
    ] {
        if covers(set) {
            groups.push((set, name));
        }
    }
    let mut items: Vec<String> = Vec::new();
    for e in expected {
        if groups.iter().any(|(set, _)| set.contains(&e.as_str())) {
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

fn diagnostic(file: FileId, text: &str, e: GrammarError) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => {
            Diagnostic::error(Span::new(file, location, location), "invalid token")
        }
        ParseError::UnrecognizedEof { location, expected } => {
            // Point at the end of the text (past trailing comments).
            let at = location.max(text.trim_end().len()).min(text.len());
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
            format!("unexpected token {tok}{}", expected_list(&expected)),
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
