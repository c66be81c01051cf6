//! Walking Boogie's test corpus and the shared examples, for the tests
//! that feed them to bicd (tests/front/basics.rs: the front end never
//! panics; tests/trust/corpus.rs: the whole pipeline): which files to
//! read, whether an error is located, how refusals are grouped. Where the
//! shared folder is: [`super::shared`].

use bicd::source::Span;
use std::path::{Path, PathBuf};

/// Every `.bpl` under `dir`, sorted.
pub fn bpl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "bpl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// What is wrong with the placement of an error on file `name` (text of
/// `len` bytes), rendered as `rendered`: a span outside the text, a
/// rendering that does not start with `name:`, or an internal error.
pub fn badly_located(name: &str, len: u32, span: Span, rendered: &str) -> Option<String> {
    let located =
        span.start <= span.end && span.end <= len && rendered.starts_with(&format!("{name}:"));
    if !located || rendered.contains("internal error") {
        Some(format!("badly located error: {rendered}"))
    } else {
        None
    }
}

/// Which of a refused file's errors it counts under: the first that names
/// an unsupported construct, else the first.
pub fn counted_error<'a>(messages: impl IntoIterator<Item = &'a str>) -> usize {
    messages
        .into_iter()
        .position(|m| m.starts_with("unsupported: "))
        .unwrap_or(0)
}

/// The group of a refusal, for the tally: the construct named by an
/// `unsupported: ...` message (without the "(not yet ...)" tail, the
/// example after "such as" and a name in backquotes at the end), "syntax
/// error", else the message with names in backquotes replaced by `_`.
pub fn refusal_group(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("unsupported: ") {
        let rest = rest.split(" (not yet").next().unwrap_or(rest);
        let rest = rest.split(" such as").next().unwrap_or(rest);
        // `uninterpreted type `T``, `bit-vector type `bv32``: drop the name.
        let rest = match rest.find(" `") {
            Some(i) if rest.ends_with('`') && !rest.starts_with("CIVL") => &rest[..i],
            _ => rest,
        };
        return format!("unsupported: {rest}");
    }
    if message.starts_with("unexpected token") || message.starts_with("unexpected end of file") {
        return "syntax error".to_string();
    }
    let mut out = String::new();
    let mut inside = false;
    for c in message.chars() {
        if c == '`' {
            inside = !inside;
            if inside {
                out.push_str("`_`");
            }
        } else if !inside {
            out.push(c);
        }
    }
    out
}
