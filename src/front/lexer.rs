//! The lexer: Boogie source text to tokens with byte offsets.
//!
//! Takes: the text of one source file. Gives: an iterator of
//! `(start, Tok, end)` triples (byte offsets) or a located [`LexError`],
//! in the form LALRPOP's generated parser reads from an external lexer
//! (see `grammar/boogie.lalrpop`). Implements the lexical part of the
//! language of issues 2 and 3 (design.md, "The pipeline":
//! `.bpl text ──parse──▶`).
//!
//! - Identifiers in Boogie's style: letters, digits and `_ . $ # ' ` ^ ? \ ~`,
//!   not starting with a digit. Keywords are identifiers with a reserved
//!   spelling; words Boogie 2.4 reserves for constructs bicd does not
//!   support (`yield`, `async`, ...) become [`Tok::Reserved`] so that the
//!   parser names them in an `unsupported: ...` error naming the
//!   construct. Words only later releases reserve (`datatype`, `action`,
//!   [`RESERVED_LATER`]) stay identifiers, as Boogie 2.4 reads them.
//! - Integer literals of any size: the digits are kept as written.
//!   Bit-vector literals `5bv32`; real literals as Boogie's scanner reads
//!   them: `1.5`, `0.0`, `1.5e-3` (digits `.` digits, an optional
//!   exponent `e`, an optional `-`, digits) and `3e2`, `0e-3` (digits and an
//!   exponent). Floating-point literals as Boogie's scanner reads them
//!   ([`float_literal_len`]): `0x1.8e1f24e8`, `-0x0.0e0f24e8` (the minus
//!   belongs to the literal), `0NaN24e8`, `0nan24e8`, `0+oo24e8`,
//!   `0-oo24e8`; the parser checks their values. The rounding modes
//!   (`RNE`, `roundTowardZero`, ...) are keywords, as in Boogie. Code
//!   expressions `|{ ... }|` are tokens of their own.
//! - String literals `"..."` (attribute arguments); `\"` inside one does
//!   not end it (Boogie's only escape; kept as written).
//! - A line starting with `#line` is skipped (it only renames locations);
//!   the other preprocessor lines (`#if`, `#elif`, `#else`, `#endif`) are
//!   refused; any other `#...` is an identifier.
//! - `//` line comments and `/* */` block comments, which nest as in Boogie.
//! - Brackets `( [ {` may nest at most [`MAX_BRACKET_NESTING`] deep, so that
//!   no later recursion over the syntax tree can run out of stack.
//!
//! Extending (issue 3): a new fixed token is one more arm in
//! `next_token` (longest spelling first, e.g. `++` before `+`) plus a
//! `Tok` variant and its `spelling`; bit-vector literals are recognised in
//! `lex_number`, which already sees `5bv32` whole; `{:` is already its own
//! token ([`Tok::AttrOpen`]), as are `[`, `]` and `::`.
//!
//! Every problem (an unexpected character, an unterminated comment, a literal
//! bicd does not support yet, too deep nesting) is a [`LexError`] at its
//! place, never a panic. After the first error the iterator ends.

use std::fmt;

/// How deep brackets `( [ {` may nest.
pub(crate) const MAX_BRACKET_NESTING: usize = 200;

/// A token. Identifiers and numerals carry their text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    /// A decimal integer literal, digits as written.
    Num(String),
    /// A real literal (`1.5`, `2e-3`), as written.
    Dec(String),
    /// A word Boogie reserves for a construct bicd does not support yet.
    Reserved(&'static str),

    // Keywords.
    Proc,
    Procedure,
    Returns,
    Var,
    Int,
    Bool,
    Requires,
    Ensures,
    Modifies,
    Free,
    Assume,
    Assert,
    Havoc,
    Call,
    Goto,
    Return,
    True,
    False,
    Old,
    If,
    Then,
    Else,
    Div,
    Mod,
    Implementation,
    Type,
    While,
    Break,
    Invariant,
    Const,
    Unique,
    Axiom,
    Function,
    Forall,
    Exists,
    Lambda,
    /// `real` (the type, and the conversion `real(e)`).
    Real,
    /// A bit-vector literal `5bv32`, as written.
    BvLit(String),
    /// A floating-point literal `0x1.8e1f24e8`, `0NaN24e8`, as written.
    FloatLit(String),
    /// A rounding mode `RNE`, `roundNearestTiesToEven`, ..., as written.
    RModeLit(String),
    /// `++` (bit-vector concatenation)
    Concat,
    /// `where` (a clause of a variable declaration).
    Where,
    /// A string literal `"..."` (in attributes), contents without quotes.
    Str(String),

    // Punctuation and operators.
    /// `:=`
    Assign,
    /// `:`
    Colon,
    /// `::` (reserved for quantifiers)
    ColonColon,
    Semi,
    Comma,
    LParen,
    RParen,
    LBrace,
    RBrace,
    /// `|{` opening a code expression.
    CodeOpen,
    /// `}|` closing a code expression.
    CodeClose,
    /// `{:` opening an attribute.
    AttrOpen,
    /// `[` (reserved for maps)
    LBracket,
    /// `]` (reserved for maps)
    RBracket,
    /// `=` (in `type X = int;`)
    EqSign,
    /// `==`
    Eq,
    /// `!=`
    Neq,
    Lt,
    Le,
    /// `<:` (Boogie's subtype relation)
    Subtype,
    Gt,
    Ge,
    Plus,
    Minus,
    Star,
    /// `/` (real division)
    Slash,
    /// `**` (real exponentiation, refused by the resolver)
    Pow,
    /// `!`
    Not,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `==>`
    Implies,
    /// `<==>`
    Iff,
    /// `<==` (reverse implication, not supported yet)
    Explies,
}

/// Keywords of the language this lexer knows, with their tokens.
const KEYWORDS: &[(&str, Tok)] = &[
    ("proc", Tok::Proc),
    ("procedure", Tok::Procedure),
    ("returns", Tok::Returns),
    ("var", Tok::Var),
    ("int", Tok::Int),
    ("bool", Tok::Bool),
    ("requires", Tok::Requires),
    ("ensures", Tok::Ensures),
    ("modifies", Tok::Modifies),
    ("free", Tok::Free),
    ("assume", Tok::Assume),
    ("assert", Tok::Assert),
    ("havoc", Tok::Havoc),
    ("call", Tok::Call),
    ("goto", Tok::Goto),
    ("return", Tok::Return),
    ("true", Tok::True),
    ("false", Tok::False),
    ("old", Tok::Old),
    ("if", Tok::If),
    ("then", Tok::Then),
    ("else", Tok::Else),
    ("div", Tok::Div),
    ("mod", Tok::Mod),
    ("implementation", Tok::Implementation),
    ("type", Tok::Type),
    ("while", Tok::While),
    ("break", Tok::Break),
    ("invariant", Tok::Invariant),
    ("const", Tok::Const),
    ("unique", Tok::Unique),
    ("axiom", Tok::Axiom),
    ("function", Tok::Function),
    ("forall", Tok::Forall),
    ("exists", Tok::Exists),
    ("lambda", Tok::Lambda),
    ("where", Tok::Where),
    ("real", Tok::Real),
];

/// Words Boogie has reserved since its 2.4 releases, for constructs bicd
/// does not support: no program Boogie 2.4 accepts uses them as names.
const RESERVED: &[&str] = &["complete", "extends", "yield", "async", "par"];

/// Words later Boogie releases reserve (`datatype`, CIVL's `action`, ...)
/// are identifiers here, as in Boogie 2.4: SDV's drivers name variables
/// `action`. Where a declaration or a clause starts with one, the parser
/// names the construct in its refusal (`parse::unsupported_construct`).
pub(crate) const RESERVED_LATER: &[&str] = &[
    "datatype",
    "codatatype",
    "uses",
    "pure",
    "action",
    "yield_invariant",
    "finite",
    "let",
];

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "identifier `{s}`"),
            Tok::Num(s) => {
                if s.len() > 20 {
                    write!(f, "integer `{}...`", &s[..20])
                } else {
                    write!(f, "integer `{s}`")
                }
            }
            Tok::Reserved(w) => write!(f, "keyword `{w}` (not supported yet)"),
            Tok::Str(s) => write!(f, "string \"{}\"", s.chars().take(40).collect::<String>()),
            Tok::BvLit(s) => write!(f, "bit-vector literal `{s}`"),
            Tok::FloatLit(s) => write!(f, "floating-point literal `{s}`"),
            Tok::RModeLit(s) => write!(f, "rounding mode `{s}`"),
            Tok::Dec(s) => write!(
                f,
                "real literal `{}`",
                s.chars().take(40).collect::<String>()
            ),
            _ => write!(f, "`{}`", self.spelling()),
        }
    }
}

impl Tok {
    /// The token as written in the source (for fixed tokens).
    pub(crate) fn spelling(&self) -> &str {
        match self {
            Tok::Ident(s)
            | Tok::Num(s)
            | Tok::Str(s)
            | Tok::BvLit(s)
            | Tok::Dec(s)
            | Tok::FloatLit(s)
            | Tok::RModeLit(s) => s,
            Tok::Concat => "++",
            Tok::EqSign => "=",
            Tok::Reserved(w) => w,
            Tok::Assign => ":=",
            Tok::Colon => ":",
            Tok::ColonColon => "::",
            Tok::Semi => ";",
            Tok::Comma => ",",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::CodeOpen => "|{",
            Tok::CodeClose => "}|",
            Tok::AttrOpen => "{:",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::Eq => "==",
            Tok::Neq => "!=",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Subtype => "<:",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Pow => "**",
            Tok::Not => "!",
            Tok::And => "&&",
            Tok::Or => "||",
            Tok::Implies => "==>",
            Tok::Iff => "<==>",
            Tok::Explies => "<==",
            kw => KEYWORDS
                .iter()
                .find(|(_, t)| t == kw)
                .map(|(s, _)| *s)
                .unwrap_or("?"),
        }
    }
}

/// A lexical (or, passed through the parser, syntactic) error at byte
/// offsets `start..end` of the file being read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LexError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl LexError {
    pub fn new(start: usize, end: usize, message: impl Into<String>) -> LexError {
        LexError {
            start,
            end,
            message: message.into(),
        }
    }
}

/// One token with its byte range, as LALRPOP wants it.
pub(crate) type Spanned = (usize, Tok, usize);

/// Whether `c` may appear in an identifier (after the first character).
pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c,
            '_' | '.' | '$' | '#' | '\'' | '`' | '^' | '?' | '\\' | '~'
        )
}

/// Whether `c` may start an identifier.
pub(crate) fn is_ident_start(c: char) -> bool {
    is_ident_char(c) && !c.is_ascii_digit()
}

/// The length of the real literal at the start of `text` (whose first
/// `digits` bytes are digits), if one starts there: Boogie's `dec_float`
/// (digits `.` digits, then optionally `e`, `-`?, digits) or `decimal`
/// (digits `e` `-`? digits). Nothing that is an identifier character may
/// follow (`1.5x` is no literal).
fn real_literal_len(text: &str, digits: usize) -> Option<usize> {
    let b = text.as_bytes();
    let run = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = digits;
    let mut real = false;
    if b.get(i) == Some(&b'.') && run(i + 1) > 0 {
        i += 1 + run(i + 1);
        real = true;
    }
    if b.get(i) == Some(&b'e') {
        let sign = usize::from(b.get(i + 1) == Some(&b'-'));
        let n = run(i + 1 + sign);
        if n > 0 {
            i += 1 + sign + n;
            real = true;
        }
    }
    let next = text[i..].chars().next();
    (real && !next.is_some_and(is_ident_char)).then_some(i)
}

/// The length of the floating-point literal at the start of `text`, if
/// one starts there: Boogie's token `float`, `[-]0x` hex digits `.` hex
/// digits `e` `-`? digits `f` digits `e` digits, or `0NaN`, `0nan`,
/// `0+oo`, `0-oo` followed by digits `e` digits. Nothing that is an
/// identifier character may follow.
pub(crate) fn float_literal_len(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let run = |from: usize, pred: fn(&u8) -> bool| {
        b[from.min(b.len())..]
            .iter()
            .take_while(|c| pred(c))
            .count()
    };
    let digit = |c: &u8| c.is_ascii_digit();
    let hex = |c: &u8| c.is_ascii_hexdigit();
    // `digits e digits` at `i`: its end.
    let sizes = |i: usize| -> Option<usize> {
        let n = run(i, digit);
        if n == 0 || b.get(i + n) != Some(&b'e') {
            return None;
        }
        let m = run(i + n + 1, digit);
        (m > 0).then_some(i + n + 1 + m)
    };
    let end = if let Some(i) = ["0NaN", "0nan", "0+oo", "0-oo"]
        .iter()
        .find(|p| text.starts_with(**p))
        .map(|p| p.len())
    {
        sizes(i)?
    } else {
        let mut i = usize::from(text.starts_with('-'));
        if !text[i..].starts_with("0x") {
            return None;
        }
        i += 2;
        let n = run(i, hex);
        if n == 0 || b.get(i + n) != Some(&b'.') {
            return None;
        }
        i += n + 1;
        // The fraction's hex digits may run into the exponent's `e`:
        // Boogie's scanner backs off to the last `e` that completes the
        // literal.
        let n = run(i, hex);
        (1..=n).rev().find_map(|k| {
            let mut j = i + k;
            if b.get(j) != Some(&b'e') {
                // The `e` is the last of the hex digits read.
                if b.get(j - 1) != Some(&b'e') || k < 2 {
                    return None;
                }
                j -= 1;
            }
            j += 1;
            if b.get(j) == Some(&b'-') {
                j += 1;
            }
            let d = run(j, digit);
            if d == 0 || b.get(j + d) != Some(&b'f') {
                return None;
            }
            sizes(j + d + 1)
        })?
    };
    let next = text[end..].chars().next();
    (!next.is_some_and(is_ident_char)).then_some(end)
}

/// The lexer over one file's text.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Currently open brackets `( [ {`.
    nesting: usize,
    /// Set after an error: the iterator ends.
    failed: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            nesting: 0,
            failed: false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.text[self.pos..].chars().nth(n)
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    /// Skips white space and comments; an unterminated block comment is an
    /// error at its `/*`.
    fn skip_trivia(&mut self) -> Result<(), LexError> {
        loop {
            let rest = self.rest();
            // White space, and a byte-order mark (some editors write one).
            if let Some(c) = rest
                .chars()
                .next()
                .filter(|&c| c.is_whitespace() || c == '\u{feff}')
            {
                self.pos += c.len_utf8();
            } else if rest.starts_with("//") {
                self.pos += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                self.skip_block_comment()?;
            } else {
                return Ok(());
            }
        }
    }

    fn skip_block_comment(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let mut i = self.pos + 2;
        let mut depth = 1usize;
        while i < bytes.len() {
            if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                depth += 1;
                i += 2;
            } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    self.pos = i;
                    return Ok(());
                }
            } else {
                i += 1;
            }
        }
        Err(LexError::new(start, start + 2, "unterminated comment `/*`"))
    }

    fn lex_word(&mut self, start: usize) -> Tok {
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(_, c)| !is_ident_char(c))
            .map(|(i, _)| i)
            .unwrap_or(rest.len());
        let word = &rest[..len];
        self.pos = start + len;
        // An attribute's name is a name, even a reserved word:
        // `type {:datatype} T;` (Boogie 2.4.1's datatypes).
        let before = self.text[..start].trim_end();
        if let Some(colon) = before.strip_suffix(':') {
            if colon.trim_end().ends_with('{') && !colon.ends_with(':') {
                return Tok::Ident(word.to_string());
            }
        }
        if let Some((_, t)) = KEYWORDS.iter().find(|(s, _)| *s == word) {
            return t.clone();
        }
        if crate::ir::float::RoundingMode::from_name(word).is_some() {
            return Tok::RModeLit(word.to_string());
        }
        if let Some(r) = RESERVED.iter().find(|r| **r == word) {
            return Tok::Reserved(r);
        }
        Tok::Ident(word.to_string())
    }

    fn lex_number(&mut self, start: usize) -> Result<Tok, LexError> {
        let rest = self.rest();
        let digits = rest
            .char_indices()
            .find(|&(_, c)| !c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(rest.len());
        if let Some(len) = real_literal_len(rest, digits) {
            self.pos = start + len;
            return Ok(Tok::Dec(rest[..len].to_string()));
        }
        // A numeral runs into identifier characters: `5bv32`, `12ab`.
        let len = rest
            .char_indices()
            .find(|&(_, c)| !is_ident_char(c))
            .map(|(i, _)| i)
            .unwrap_or(rest.len());
        self.pos = start + len;
        if len > digits {
            let word = &rest[..len];
            let suffix = &rest[digits..len];
            let message = if suffix.len() > 2
                && suffix.starts_with("bv")
                && suffix[2..].bytes().all(|b| b.is_ascii_digit())
            {
                return Ok(Tok::BvLit(word.to_string()));
            } else if (suffix.starts_with('x') && suffix.contains('f'))
                || suffix.starts_with("NaN")
                || suffix.starts_with("nan")
            {
                let shown: String = word.chars().take(40).collect();
                format!("incorrectly formatted floating point `{shown}`")
            } else {
                let shown: String = word.chars().take(40).collect();
                format!("invalid number `{shown}`")
            };
            return Err(LexError::new(start, start + len, message));
        }
        Ok(Tok::Num(rest[..digits].to_string()))
    }

    /// A string literal `"..."` on one line, as in Boogie: `\"` does not
    /// end it, and is kept as written (Boogie keeps it too). Where that
    /// leaves the line without a closing quote, the literal ends at the
    /// last quote that could close it, as Boogie's scanner backs up to its
    /// longest match: HAVOC writes `{:string "\\Device\\"}`.
    fn lex_string(&mut self, start: usize) -> Result<Tok, LexError> {
        let rest = &self.text[start + 1..];
        let bytes = rest.as_bytes();
        let mut i = 0;
        let mut last_quote = None;
        let end = loop {
            match bytes.get(i) {
                Some(b'\\') if bytes.get(i + 1) == Some(&b'"') => {
                    last_quote = Some(i + 1);
                    i += 2;
                }
                Some(b'"') => break Some(i),
                Some(b'\n') | None => break last_quote,
                Some(_) => i += 1,
            }
        };
        match end {
            Some(i) => {
                self.pos = start + 1 + i + 1;
                Ok(Tok::Str(rest[..i].to_string()))
            }
            None => {
                self.pos = self.text.len();
                Err(LexError::new(
                    start,
                    start + 1,
                    "unterminated string literal",
                ))
            }
        }
    }

    /// At a `{`: the length up to and including the `:` when white space
    /// and then `:` (not `::` or `:=`) follow it, as in `{ :weight 5}`.
    fn spaced_attribute_open(&self) -> Option<usize> {
        let rest = self.rest();
        let after = rest[1..].trim_start();
        let skipped = rest.len() - 1 - after.len();
        let mut chars = after.chars();
        (skipped > 0 && chars.next() == Some(':') && !matches!(chars.next(), Some(':' | '=')))
            .then_some(1 + skipped + 1)
    }

    /// Whether only white space precedes the current position on its line.
    fn at_line_start(&self) -> bool {
        let before = &self.text[..self.pos];
        let line = before.rfind('\n').map_or(before, |i| &before[i + 1..]);
        line.chars()
            .all(|c| c == ' ' || c == '\t' || c == '\r' || c == '\u{feff}')
    }

    fn open(&mut self, start: usize, tok: Tok, len: usize) -> Result<Tok, LexError> {
        self.nesting += 1;
        self.pos = start + len;
        if self.nesting > MAX_BRACKET_NESTING {
            return Err(LexError::new(
                start,
                start + len,
                format!("brackets nested too deeply (more than {MAX_BRACKET_NESTING} levels)"),
            ));
        }
        Ok(tok)
    }

    fn close(&mut self, start: usize, tok: Tok) -> Result<Tok, LexError> {
        self.nesting = self.nesting.saturating_sub(1);
        self.pos = start + 1;
        Ok(tok)
    }

    /// Whether the `#` here starts one of Boogie's directives (`#line`,
    /// `#if`, `#elif`, `#else`, `#endif`); any other `#...` is an
    /// identifier, as Dafny writes them at the start of a line
    /// (`#_System._tuple#2._#Make2(...)`).
    fn at_directive(&self) -> bool {
        let word: String = self
            .rest()
            .chars()
            .skip(1)
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let next = self.rest().chars().nth(1 + word.len());
        matches!(word.as_str(), "line" | "if" | "elif" | "else" | "endif")
            && !next
                .is_some_and(|c| is_ident_start(c) || c.is_ascii_digit() || c == '#' || c == '.')
    }

    fn next_token(&mut self) -> Option<Result<Spanned, LexError>> {
        if let Err(e) = self.skip_trivia() {
            return Some(Err(e));
        }
        let start = self.pos;
        let c = self.peek()?;
        if c == '#' && self.at_line_start() && self.at_directive() {
            // Boogie's `#line N` only renames locations: skip it. Other
            // directives (`#if`, `#else`, ...) select code: refuse them.
            let line_end = self
                .rest()
                .find('\n')
                .map_or(self.text.len(), |i| start + i);
            let line = &self.text[start..line_end];
            let word: String = line.chars().take_while(|&c| !c.is_whitespace()).collect();
            if word == "#line" {
                self.pos = line_end;
                return self.next_token();
            }
            let end = start + word.len();
            self.pos = end;
            return Some(Err(LexError::new(
                start,
                end,
                format!("unsupported: preprocessor directive `{word}`"),
            )));
        }
        let float = if c == '0' || (c == '-' && self.rest().starts_with("-0x")) {
            float_literal_len(self.rest())
        } else {
            None
        };
        let tok = if let Some(len) = float {
            self.pos = start + len;
            Ok(Tok::FloatLit(self.text[start..start + len].to_string()))
        } else if is_ident_start(c) {
            Ok(self.lex_word(start))
        } else if c.is_ascii_digit() {
            self.lex_number(start)
        } else if c == '"' {
            self.lex_string(start)
        } else if c == '|' && self.peek_at(1) == Some('{') {
            self.open(start, Tok::CodeOpen, 2)
        } else if c == '}' && self.peek_at(1) == Some('|') && self.peek_at(2) != Some('|') {
            self.nesting = self.nesting.saturating_sub(1);
            self.pos = start + 2;
            Ok(Tok::CodeClose)
        } else {
            let next = self.peek_at(1);
            // Fixed tokens, longest first where one is a prefix of another.
            let fixed: Option<(Tok, usize)> = match c {
                ':' => Some(match next {
                    Some('=') => (Tok::Assign, 2),
                    Some(':') => (Tok::ColonColon, 2),
                    _ => (Tok::Colon, 1),
                }),
                ';' => Some((Tok::Semi, 1)),
                ',' => Some((Tok::Comma, 1)),
                ')' | ']' | '}' => None,
                '(' | '[' | '{' => None,
                '=' if self.rest().starts_with("==>") => Some((Tok::Implies, 3)),
                '=' if next == Some('=') => Some((Tok::Eq, 2)),
                '=' => Some((Tok::EqSign, 1)),
                '!' if next == Some('=') => Some((Tok::Neq, 2)),
                '!' => Some((Tok::Not, 1)),
                '<' if self.rest().starts_with("<==>") => Some((Tok::Iff, 4)),
                '<' if self.rest().starts_with("<==") => Some((Tok::Explies, 3)),
                '<' if next == Some('=') => Some((Tok::Le, 2)),
                '<' if next == Some(':') => Some((Tok::Subtype, 2)),
                '<' => Some((Tok::Lt, 1)),
                '>' if next == Some('=') => Some((Tok::Ge, 2)),
                '>' => Some((Tok::Gt, 1)),
                '+' if next == Some('+') => Some((Tok::Concat, 2)),
                '+' => Some((Tok::Plus, 1)),
                '-' => Some((Tok::Minus, 1)),
                '*' if next == Some('*') => Some((Tok::Pow, 2)),
                '*' => Some((Tok::Star, 1)),
                '/' => Some((Tok::Slash, 1)),
                '&' if next == Some('&') => Some((Tok::And, 2)),
                '|' if next == Some('|') => Some((Tok::Or, 2)),
                _ => None,
            };
            match (fixed, c) {
                (Some((t, len)), _) => {
                    self.pos = start + len;
                    Ok(t)
                }
                (None, '(') => self.open(start, Tok::LParen, 1),
                (None, '[') => self.open(start, Tok::LBracket, 1),
                (None, '{') if next == Some(':') => self.open(start, Tok::AttrOpen, 2),
                // Boogie allows space between `{` and `:` (`{ :weight 5}`).
                (None, '{') if self.spaced_attribute_open().is_some() => {
                    let len = self.spaced_attribute_open().unwrap_or(1);
                    self.open(start, Tok::AttrOpen, len)
                }
                (None, '{') => self.open(start, Tok::LBrace, 1),
                (None, ')') => self.close(start, Tok::RParen),
                (None, ']') => self.close(start, Tok::RBracket),
                (None, '}') => self.close(start, Tok::RBrace),
                (None, other) => {
                    let hint = match other {
                        '&' => " (conjunction is `&&`)",
                        '|' => " (disjunction is `||`)",
                        _ => "",
                    };
                    Err(LexError::new(
                        start,
                        start + other.len_utf8(),
                        format!("unexpected character `{}`{hint}", other.escape_debug()),
                    ))
                }
            }
        };
        Some(tok.map(|t| (start, t, self.pos)))
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Spanned, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let item = self.next_token();
        if matches!(item, Some(Err(_))) {
            self.failed = true;
        }
        item
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All tokens of `text`, or the first error.
    fn tokenize(text: &str) -> Result<Vec<Spanned>, LexError> {
        Lexer::new(text).collect()
    }

    fn toks(text: &str) -> Vec<Tok> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|(_, t, _)| t)
            .collect()
    }

    #[test]
    fn identifiers_keywords_and_numbers() {
        assert_eq!(
            toks("proc x.y$'#`^?\\z~ _a 007 procedure"),
            vec![
                Tok::Proc,
                Tok::Ident("x.y$'#`^?\\z~".into()),
                Tok::Ident("_a".into()),
                Tok::Num("007".into()),
                Tok::Procedure
            ]
        );
        assert_eq!(toks("lambda"), vec![Tok::Lambda]);
        assert_eq!(toks("codatatype"), vec![Tok::Ident("codatatype".into())]);
        assert_eq!(toks("yield"), vec![Tok::Reserved("yield")]);
        assert_eq!(toks("function"), vec![Tok::Function]);
    }

    #[test]
    fn operators_longest_match() {
        assert_eq!(
            toks(":= : :: == != < <= > >= + - * ! && || ==> <==> <== div mod"),
            vec![
                Tok::Assign,
                Tok::Colon,
                Tok::ColonColon,
                Tok::Eq,
                Tok::Neq,
                Tok::Lt,
                Tok::Le,
                Tok::Gt,
                Tok::Ge,
                Tok::Plus,
                Tok::Minus,
                Tok::Star,
                Tok::Not,
                Tok::And,
                Tok::Or,
                Tok::Implies,
                Tok::Iff,
                Tok::Explies,
                Tok::Div,
                Tok::Mod
            ]
        );
        assert_eq!(
            toks("( ) { } [ ] {:a}"),
            vec![
                Tok::LParen,
                Tok::RParen,
                Tok::LBrace,
                Tok::RBrace,
                Tok::LBracket,
                Tok::RBracket,
                Tok::AttrOpen,
                Tok::Ident("a".into()),
                Tok::RBrace
            ]
        );
    }

    #[test]
    fn offsets() {
        let v = tokenize("ab := 12;").unwrap();
        assert_eq!(
            v,
            vec![
                (0, Tok::Ident("ab".into()), 2),
                (3, Tok::Assign, 5),
                (6, Tok::Num("12".into()), 8),
                (8, Tok::Semi, 9)
            ]
        );
    }

    #[test]
    fn comments_nest() {
        assert_eq!(
            toks("a // b\n /* c /* d */ e */ f"),
            vec![Tok::Ident("a".into()), Tok::Ident("f".into())]
        );
    }

    #[test]
    fn unterminated_comment_is_located() {
        let e = tokenize("a /* b /* c */").unwrap_err();
        assert_eq!((e.start, e.end), (2, 4));
        assert_eq!(e.message, "unterminated comment `/*`");
    }

    #[test]
    fn unexpected_character_is_located() {
        let e = tokenize("x := 1 @ 2").unwrap_err();
        assert_eq!((e.start, e.end), (7, 8));
        assert_eq!(e.message, "unexpected character `@`");
        assert_eq!(toks("x = 1")[1], Tok::EqSign);
        assert_eq!(toks("\"f.c\"")[0], Tok::Str("f.c".into()));
        assert!(tokenize("\"open").is_err());
        let code = toks("|{ A: return true; }| || x");
        assert_eq!(code[0], Tok::CodeOpen);
        assert_eq!(code[6], Tok::CodeClose);
        assert_eq!(code[7], Tok::Or);
        let e = tokenize("x := é").unwrap();
        assert_eq!(e[2].1, Tok::Ident("é".into()));
        let e = tokenize("x := €").unwrap_err();
        assert_eq!((e.start, e.end), (5, 8));
    }

    #[test]
    fn unsupported_literals_are_named() {
        let v = tokenize("x := 5bv32 ++ y;").unwrap();
        assert_eq!(v[2], (5, Tok::BvLit("5bv32".into()), 10));
        assert_eq!(v[3].1, Tok::Concat);
        let e = tokenize("x := 12ab;").unwrap_err();
        assert_eq!(e.message, "invalid number `12ab`");
    }

    #[test]
    fn attribute_open_may_be_spaced() {
        assert_eq!(
            toks("{  :weight 5} { x }"),
            vec![
                Tok::AttrOpen,
                Tok::Ident("weight".into()),
                Tok::Num("5".into()),
                Tok::RBrace,
                Tok::LBrace,
                Tok::Ident("x".into()),
                Tok::RBrace
            ]
        );
        assert_eq!(toks("{ :: }")[0], Tok::LBrace);
    }

    #[test]
    fn real_literals() {
        assert_eq!(
            toks("1.5 0.0 3e2 0e-3 2.5e-1 27e-1 real ** * /"),
            vec![
                Tok::Dec("1.5".into()),
                Tok::Dec("0.0".into()),
                Tok::Dec("3e2".into()),
                Tok::Dec("0e-3".into()),
                Tok::Dec("2.5e-1".into()),
                Tok::Dec("27e-1".into()),
                Tok::Real,
                Tok::Pow,
                Tok::Star,
                Tok::Slash
            ]
        );
        // `x - 0e-3`: the minus of the exponent belongs to the literal.
        assert_eq!(toks("1-2")[1], Tok::Minus);
        assert!(tokenize("1.5x")
            .unwrap_err()
            .message
            .contains("invalid number"));
        assert!(tokenize("1.").is_err());
    }

    #[test]
    fn float_literals() {
        assert_eq!(
            toks("0x1.8e1f24e8 -0x0.0e0f24e8 0NaN24e8 0nan53e11 0+oo24e8 0-oo53e11 0x1.8e-6f24e8 0x1.fee0f24e8"),
            vec![
                Tok::FloatLit("0x1.8e1f24e8".into()),
                Tok::FloatLit("-0x0.0e0f24e8".into()),
                Tok::FloatLit("0NaN24e8".into()),
                Tok::FloatLit("0nan53e11".into()),
                Tok::FloatLit("0+oo24e8".into()),
                Tok::FloatLit("0-oo53e11".into()),
                Tok::FloatLit("0x1.8e-6f24e8".into()),
                Tok::FloatLit("0x1.fee0f24e8".into()),
            ]
        );
        // `x - 0x...` with a space: a minus, then a literal.
        assert_eq!(
            toks("x - 0x1.0e0f24e8")[1..],
            [Tok::Minus, Tok::FloatLit("0x1.0e0f24e8".into())]
        );
        // `0+x` stays a sum; a malformed literal is an error.
        assert_eq!(toks("0+x")[1], Tok::Plus);
        assert!(tokenize("x := 0x1.8f24e8;")
            .unwrap_err()
            .message
            .contains("floating point"));
        assert_eq!(
            toks("RNE roundTowardZero RNEx"),
            vec![
                Tok::RModeLit("RNE".into()),
                Tok::RModeLit("roundTowardZero".into()),
                Tok::Ident("RNEx".into())
            ]
        );
    }

    #[test]
    fn strings_with_escaped_quotes() {
        assert_eq!(
            toks(r#""h\"ello\"" "a\b""#),
            vec![Tok::Str(r#"h\"ello\""#.into()), Tok::Str(r"a\b".into())]
        );
        // Boogie's scanner backs up to the last quote that closes it.
        assert_eq!(toks(r#""open\""#), vec![Tok::Str(r"open\".into())]);
        assert!(tokenize(r#""open x"#).is_err());
    }

    #[test]
    fn huge_literal_is_kept() {
        let digits = "9".repeat(10_000);
        assert_eq!(toks(&digits), vec![Tok::Num(digits.clone())]);
    }

    #[test]
    fn nesting_limit() {
        let text = "(".repeat(5000);
        let e = tokenize(&text).unwrap_err();
        assert_eq!(e.start, MAX_BRACKET_NESTING);
        assert!(e.message.contains("nested too deeply"));
        // Balanced brackets do not accumulate.
        let ok = "(x)".repeat(5000);
        assert!(tokenize(&ok).is_ok());
    }
}
