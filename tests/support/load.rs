//! Loading programs through the front end, for tests.

use bicd::front::resolve::load_program;
use bicd::ir::Program;
use bicd::source::SourceMap;
use std::path::Path;

/// Parses and resolves `text`; panics with the rendered errors.
pub fn program_from_text(name: &str, text: &str) -> Program {
    sources_and_program(name, text).1
}

/// As [`program_from_text`], with the source map (for rendering
/// diagnostics and reports).
pub fn sources_and_program(name: &str, text: &str) -> (SourceMap, Program) {
    let mut sources = SourceMap::new();
    let file = sources.add(name, text);
    match load_program(&sources, file) {
        Ok(p) => (sources, p),
        Err(errs) => panic!(
            "{name} does not load:\n{}\n{text}",
            errs.iter().map(|d| d.render(&sources)).collect::<String>()
        ),
    }
}

/// Loads a file.
pub fn program_from_file(path: &Path) -> Program {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    program_from_text(&name, &text)
}
