//! Source files, spans and located diagnostics.
//!
//! Takes: the text of each input file. Gives: [`Span`]s (byte ranges tagged
//! with a file) that every later stage carries forward, line/column lookup,
//! and [`Diagnostic`], rendered as `file:line:col: error: message` followed by
//! the offending source line and a caret, the form design.md and the issues
//! ask for.

use std::fmt::Write as _;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One loaded source file: its name as given by the user and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_index(offset.min(self.text.len())) + 1
    }

    /// 0-based index of the line that holds byte `offset`.
    fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let col = self
            .text
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(offset - start);
        (line + 1, col + 1)
    }

    /// The whole lines that `span` (byte offsets) touches: their text, the
    /// 1-based number of the first, and the byte offset where they start.
    /// A report shows these, not the whole file (a SMACK program is
    /// megabytes long, and its reports list thousands of blocks).
    pub(crate) fn lines_of(&self, span: std::ops::Range<usize>) -> (&str, usize, usize) {
        let line_of =
            |offset: usize| match self.line_starts.binary_search(&offset.min(self.text.len())) {
                Ok(l) => l,
                Err(l) => l - 1,
            };
        let first = line_of(span.start);
        let last = line_of(span.end.max(span.start));
        let start = self.line_starts[first];
        let end = self
            .line_starts
            .get(last + 1)
            .copied()
            .unwrap_or(self.text.len());
        (&self.text[start..end], first + 1, start)
    }

    /// The text of 1-based line `line`, without its line break.
    pub(crate) fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

/// All files of one run.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile::new(name, text));
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// 1-based (line, column) of the start of a span.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        self.file(span.file).line_col(span.start as usize)
    }

    /// 1-based line of the start of a span.
    pub fn line(&self, span: Span) -> usize {
        self.file(span.file).line_of(span.start as usize)
    }

    /// `file:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        let (l, c) = self.line_col(span);
        format!("{}:{}:{}", self.file(span.file).name, l, c)
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// A message tied to a place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Further lines printed after the snippet (`note: ...`).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// `file:line:col: error: message`, the source line, and a caret line.
    pub fn render(&self, sources: &SourceMap) -> String {
        let file = sources.file(self.span.file);
        let (line, col) = file.line_col(self.span.start as usize);
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let mut out = format!(
            "{}:{}:{}: {}: {}\n",
            file.name, line, col, kind, self.message
        );
        let text = file.line_text(line);
        if !text.is_empty() {
            let gutter = line.to_string().len();
            let shown: String = text.chars().take(200).collect();
            let caret_col = (col - 1).min(shown.chars().count());
            let (_, end_col) =
                file.line_col((self.span.end as usize).max(self.span.start as usize));
            let width = if file.line_col(self.span.end as usize).0 == line && end_col > col {
                (end_col - col).min(shown.chars().count().saturating_sub(caret_col).max(1))
            } else {
                1
            };
            let pad: String = shown
                .chars()
                .take(caret_col)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(out, "{:gutter$} |", "");
            let _ = writeln!(out, "{line} | {shown}");
            let _ = writeln!(out, "{:gutter$} | {pad}{}", "", "^".repeat(width.max(1)));
        }
        for n in &self.notes {
            let _ = writeln!(out, "  = note: {n}");
        }
        out
    }
}
