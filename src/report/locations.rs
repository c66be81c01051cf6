//! Original source locations (`{:sourceloc}`) as a report writes them.
//!
//! Takes: a [`SourceLoc`] (the file, line and column a front end recorded,
//! [`crate::ir::srcloc`]). Gives: its text (`file:line:col`) and its JSON
//! object, shared by the text, JSON and SARIF reports.

use crate::ir::SourceLoc;
use serde_json::{json, Value as Json};

/// `{"file", "line", "col"}` of an original source location (`col` is
/// `null` when the attribute gives none).
pub(crate) fn source_json(loc: &SourceLoc) -> Json {
    json!({ "file": loc.file, "line": loc.line, "col": loc.col })
}

/// `file:line:col` (or `file:line`) of an original source location.
pub(crate) fn source_text(loc: &SourceLoc) -> String {
    match loc.col {
        Some(c) => format!("{}:{}:{}", loc.file, loc.line, c),
        None => format!("{}:{}", loc.file, loc.line),
    }
}
