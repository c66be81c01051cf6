//! Source-location attributes of statements, kept for reports (part of
//! [`crate::front::resolve`]). Boogie front ends mark where the translated code
//! came from with attributes that Boogie itself ignores:
//! - SMACK: `assume {:sourceloc "f.c", 12, 3} true;` before the code of
//!   each C line; solc-verify the same attribute on statements (file,
//!   line, column); Java translators a five-argument form (file, line,
//!   ...), whose column bicd does not guess.
//! - Corral, SDV, HAVOC, VeriSol: `assert {:sourcefile "f.c"}
//!   {:sourceline 12} true;` (also spelt `sourceFile`/`sourceLine`).
//!
//! A line that is not positive (`-1`, `0`: "unknown") gives no location.

use super::Resolver;
use crate::front::ast::{self, AttrArg};
use crate::ir::{SourceLoc, UnOp};
use num_traits::ToPrimitive;

/// The integer an attribute argument denotes (`12`, `-1`), if it is one.
fn int_arg(a: &AttrArg) -> Option<i64> {
    let AttrArg::Expr(e) = a else { return None };
    match &e.kind {
        ast::ExprKind::Int(n) => n.to_i64(),
        ast::ExprKind::Unary(UnOp::Neg, inner) => match &inner.kind {
            ast::ExprKind::Int(n) => n.to_i64().map(|n| -n),
            _ => None,
        },
        _ => None,
    }
}

/// The source location that `attrs` state, if any.
pub(super) fn source_loc_of(attrs: &[ast::Attribute]) -> Option<SourceLoc> {
    let positive = |n: Option<i64>| n.filter(|&n| n > 0).map(|n| n as u64);
    for a in attrs {
        if a.name.eq_ignore_ascii_case("sourceloc") {
            let [AttrArg::Str(file, _), line, rest @ ..] = a.args.as_slice() else {
                continue;
            };
            let Some(line) = positive(int_arg(line)) else {
                continue;
            };
            let col = match rest {
                [col] => positive(int_arg(col)),
                _ => None,
            };
            return Some(SourceLoc {
                file: file.clone(),
                line,
                col,
            });
        }
    }
    let file = attrs.iter().find_map(|a| match a.args.as_slice() {
        [AttrArg::Str(f, _)] if a.name.eq_ignore_ascii_case("sourcefile") => Some(f.clone()),
        _ => None,
    })?;
    let line = attrs.iter().find_map(|a| match a.args.as_slice() {
        [l] if a.name.eq_ignore_ascii_case("sourceline") => positive(int_arg(l)),
        _ => None,
    })?;
    Some(SourceLoc {
        file,
        line,
        col: None,
    })
}

impl Resolver {
    /// Records the source location of statement `s` (resolved to a
    /// statement with the same span), if its attributes give one.
    pub(super) fn record_source_loc(&mut self, s: &ast::Stmt) {
        if let Some(loc) = source_loc_of(&s.attrs) {
            self.source_locs.insert(s.span, loc);
        }
    }
}
