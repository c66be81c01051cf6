//! The programs a benchmark runs: a folder of `.bpl` files, or random
//! diamond chains generated on the fly.
//!
//! Takes: a folder, or diamond counts and seeds. Gives: [`BenchProgram`]s
//! (name, text, number of diamonds when known). Paper, section 7.

use crate::experiments::gen::{self, GenConfig};
use std::path::{Path, PathBuf};

/// One program of a corpus.
#[derive(Clone, Debug)]
pub struct BenchProgram {
    pub name: String,
    /// Diamonds, when the program says (`// bicd gen: N diamonds`).
    pub diamonds: Option<usize>,
    pub text: String,
}

/// Parses `2..9` (inclusive), `2..=9` or `10,30,100`.
pub fn parse_range(text: &str) -> Result<Vec<usize>, String> {
    let bad = || format!("cannot read the diamond counts `{text}` (write 2..9 or 10,30,100)");
    if let Some((a, b)) = text.split_once("..") {
        let a: usize = a.trim().parse().map_err(|_| bad())?;
        let b: usize = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| bad())?;
        if a > b {
            return Err(bad());
        }
        return Ok((a..=b).collect());
    }
    text.split(',')
        .map(|s| s.trim().parse().map_err(|_| bad()))
        .collect()
}

/// The generated corpus: every diamond count × seeds `0..seeds`.
pub fn generated_corpus(diamonds: &[usize], seeds: u64) -> Vec<BenchProgram> {
    generated_corpus_with(diamonds, seeds, GenConfig::paper(1).assume_percent)
}

/// [`generated_corpus`] with `assume_percent` percent extra assumptions.
pub fn generated_corpus_with(
    diamonds: &[usize],
    seeds: u64,
    assume_percent: u32,
) -> Vec<BenchProgram> {
    let mut out = Vec::new();
    for &n in diamonds {
        for seed in 0..seeds {
            let mut config = GenConfig::paper(n);
            config.assume_percent = assume_percent;
            out.push(BenchProgram {
                name: format!("d{n}_s{seed}.bpl"),
                diamonds: Some(n),
                text: gen::generate(&config, seed),
            });
        }
    }
    out
}

/// The `.bpl` files of `dir`, sorted by name.
pub fn folder_corpus(dir: &Path) -> Result<Vec<BenchProgram>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: error: cannot read: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bpl"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("{}: error: no .bpl files", dir.display()));
    }
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p)
                .map_err(|e| format!("{}: error: cannot read: {e}", p.display()))?;
            Ok(BenchProgram {
                name: p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                diamonds: diamonds_of(&text),
                text,
            })
        })
        .collect()
}

/// `N` from a first line `// bicd gen: N diamonds, ...`.
pub(crate) fn diamonds_of(text: &str) -> Option<usize> {
    let rest = text.lines().next()?.strip_prefix("// bicd gen: ")?;
    rest.split_once(" diamonds")?.0.trim().parse().ok()
}
