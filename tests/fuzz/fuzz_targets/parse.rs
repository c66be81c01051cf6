//! Fuzz target: the front end (lexer, parser, resolution, lowering) on
//! arbitrary bytes. Every input is a program or a list of located
//! diagnostics whose spans lie inside the text; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = bicd::source::SourceMap::new();
    let file = sources.add("fuzz.bpl", text.to_string());
    if let Err(diags) = bicd::front::resolve::load_program(&sources, file) {
        assert!(!diags.is_empty(), "an error without a diagnostic");
        for d in &diags {
            assert!(d.span.end as usize <= text.len(), "span past the end");
            assert!(d.span.start <= d.span.end, "reversed span");
            let _ = d.render(&sources);
        }
    }
});
