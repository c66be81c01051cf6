//! Differential test against Boogie's `/smoke` check (issue 7), on random
//! loop-free programs from `bicd::experiments::gen` (havoc and assumptions over small
//! constants; no calls, since Boogie checks calls modularly and bicd
//! inlines them). Ignored by default (it needs `boogie` and takes minutes):
//!
//!     cargo test --test trust boogie_smoke -- --ignored --nocapture
//!
//! Boogie 2.4.1's smoke test puts `assert false` at the end of a block and
//! reports the block as unreachable when that assertion is proved. It runs
//! only when the program verifies, so assertions are turned into
//! assumptions first (bicd's runs past an assertion assume it too). Its
//! notion differs from bicd's in one way: bicd counts a block as covered
//! only when a *terminating* run passes its end (design.md). So each
//! program is also given to bicd with an extra edge from every block to a
//! new block `bicd_exit: return;`, under which "a terminating run passes
//! the end of B" is the same as Boogie's "some run reaches the end of B".
//! Boogie does not check every block: its smoke test (VCGeneration's
//! `SmokeTester.DFS`) checks a block only when it returns or when every
//! block it jumps to has two or more predecessors (a target with one
//! predecessor is checked instead). Checked per program:
//! 1. on the blocks Boogie checks, Boogie's verdict and bicd's (with
//!    exits) are the same: unreachable if and only if infeasible;
//! 2. Boogie reports no other block;
//! 3. every block Boogie reports is infeasible for bicd on the original
//!    program too.
//!
//! Boogie needs z3 through a wrapper that drops the option line
//! (`model_compress`) z3 4.8 rejects.

use crate::support;
use bicd::back::solver::SolverKind;
use bicd::driver::{analyze_procedure, BlockStatus, Options};
use bicd::experiments::gen::{generate, GenConfig};
use bicd::ir::ProcId;
use bicd::source::SourceMap;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const FIRST_SEED: u64 = 20_000;

fn z3_wrapper(dir: &Path) -> PathBuf {
    let path = dir.join("z3-for-boogie");
    std::fs::write(
        &path,
        "#!/bin/sh\n# z3 for boogie 2.4.1: drop the option line z3 4.8 rejects.\ngrep --line-buffered -v model_compress | z3 \"$@\"\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The program of `seed` with assertions turned into assumptions.
fn program_text(seed: u64) -> String {
    let mut config = GenConfig::small();
    config.call_percent = 0;
    config.loops = false;
    generate(&config, seed).replace("assert ", "assume ")
}

/// `text` with an extra edge from every block to `bicd_exit: return;`.
fn with_exits(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let last_brace = lines.iter().rposition(|l| l.trim() == "}").unwrap();
    for (i, line) in lines.iter().enumerate() {
        if i == last_brace {
            out.push_str("  bicd_exit: return;\n");
        }
        let t = line.trim_end();
        if t.contains(" goto ") && t.ends_with(';') {
            out.push_str(&t[..t.len() - 1]);
            out.push_str(", bicd_exit;\n");
        } else if t.ends_with(" return;") && t.trim_start().starts_with('b') {
            // A returning block may also go to the exit (no change needed:
            // it terminates already).
            out.push_str(t);
            out.push('\n');
        } else {
            out.push_str(t);
            out.push('\n');
        }
    }
    out
}

/// Successor labels of each block of `main` (from the generated text).
fn successors(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let t = line.trim();
        let Some((label, rest)) = t.split_once(':') else {
            continue;
        };
        if !label.starts_with('b') || label.contains(' ') {
            continue;
        }
        let succs = match rest.rfind(" goto ") {
            Some(i) => rest[i + 6..]
                .trim_end_matches(';')
                .split(',')
                .map(|s| s.trim().to_string())
                .collect(),
            None => Vec::new(),
        };
        out.insert(label.to_string(), succs);
    }
    out
}

/// bicd's infeasible blocks of `main` in `text` (z3, statement cover).
fn bicd_infeasible(text: &str) -> Result<BTreeSet<String>, String> {
    let mut sources = SourceMap::new();
    let file = sources.add("smoke.bpl", text.to_string());
    let program = bicd::front::resolve::load_program(&sources, file)
        .map_err(|d| d.iter().map(|d| d.render(&sources)).collect::<String>())?;
    let entry = program
        .proc_by_name("main")
        .ok_or_else(|| "no main".to_string())?;
    let options = Options {
        unwind: 1,
        ..Options::new(SolverKind::Z3)
    };
    let r = analyze_procedure(&program, &sources, ProcId(entry.0), &options);
    if let Some(e) = r.error {
        return Err(e);
    }
    let mut out = BTreeSet::new();
    for b in r.blocks {
        match b.status {
            BlockStatus::Infeasible => {
                out.insert(b.label);
            }
            BlockStatus::Unknown(why) => return Err(format!("{} unknown: {why}", b.label)),
            BlockStatus::Covered(_) => {}
            BlockStatus::UncoveredSummary => {
                return Err(format!("{}: summary mode is not used here", b.label))
            }
        }
    }
    out.remove("bicd_exit");
    Ok(out)
}

/// Runs Boogie's smoke test on `programs` (seed, text) in one file (each
/// `main` renamed `main_<seed>`); the labels reported unreachable, per seed.
fn boogie_unreachable(
    dir: &Path,
    z3: &Path,
    programs: &[(u64, String)],
) -> BTreeMap<u64, BTreeSet<String>> {
    let mut file = String::new();
    for (seed, text) in programs {
        file.push_str(&text.replace("procedure main(", &format!("procedure main_{seed}(")));
        file.push('\n');
    }
    let path = dir.join(format!("batch-{}.bpl", programs[0].0));
    std::fs::write(&path, &file).unwrap();
    let out = Command::new("boogie")
        .arg("/nologo")
        .arg("/smoke")
        .arg("/coalesceBlocks:0")
        .arg(format!("/z3exe:{}", z3.display()))
        .arg(&path)
        .output()
        .expect("boogie runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Boogie program verifier finished with") && stdout.contains(" 0 errors"),
        "boogie did not verify the batch {}:\n{stdout}",
        path.display()
    );
    let mut result: BTreeMap<u64, BTreeSet<String>> = programs
        .iter()
        .map(|(s, _)| (*s, BTreeSet::new()))
        .collect();
    for section in stdout.split("found unreachable code:").skip(1) {
        let Some(seed) = section
            .split("implementation main_")
            .nth(1)
            .and_then(|r| r.split('(').next())
            .and_then(|s| s.parse::<u64>().ok())
        else {
            panic!("cannot read a smoke report:\n{section}");
        };
        let mut label = None;
        for line in section.lines() {
            let t = line.trim();
            if let Some(l) = t.strip_suffix(':') {
                if !l.contains(' ') {
                    label = Some(l.to_string());
                }
            }
            if t == "assert false;" {
                break;
            }
        }
        let label = label.unwrap_or_else(|| panic!("no block in:\n{section}"));
        result.entry(seed).or_default().insert(label);
    }
    result
}

fn boogie_installed() -> bool {
    Command::new("boogie").arg("/version").output().is_ok()
}

#[test]
#[ignore]
fn loop_free_programs_agree_with_boogie_smoke() {
    if !boogie_installed() {
        eprintln!("boogie is not installed: skipped (Debian: apt-get install boogie)");
        return;
    }
    let n: u64 = std::env::var("BICD_BOOGIE_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let dir = support::scratch_dir("boogie");
    let z3 = z3_wrapper(&dir);
    let programs: Vec<(u64, String)> = (FIRST_SEED..FIRST_SEED + n)
        .map(|s| (s, program_text(s)))
        .collect();
    let mut problems = Vec::new();
    let (mut blocks, mut checked, mut reported, mut infeasible, mut infeasible_orig) =
        (0, 0, 0, 0, 0);
    for batch in programs.chunks(50) {
        let smoke = boogie_unreachable(&dir, &z3, batch);
        for (seed, text) in batch {
            let bu = &smoke[seed];
            let exits = with_exits(text);
            let (ii, io) = match (bicd_infeasible(&exits), bicd_infeasible(text)) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(e), _) | (_, Err(e)) => {
                    problems.push(format!("seed {seed}: bicd: {e}"));
                    continue;
                }
            };
            let succs = successors(text);
            let mut preds: BTreeMap<&str, usize> = BTreeMap::new();
            for ts in succs.values() {
                for t in ts {
                    *preds.entry(t.as_str()).or_default() += 1;
                }
            }
            let boogie_checks = |b: &str| {
                let ts = &succs[b];
                ts.is_empty() || ts.iter().all(|t| preds.get(t.as_str()).copied() >= Some(2))
            };
            blocks += succs.len();
            reported += bu.len();
            infeasible += ii.len();
            infeasible_orig += io.len();
            for b in succs.keys() {
                let says_unreachable = bu.contains(b);
                if boogie_checks(b) {
                    checked += 1;
                    if says_unreachable != ii.contains(b) {
                        problems.push(format!(
                            "seed {seed}: block {b}: boogie {}, bicd (with exits) {}\n{text}",
                            if says_unreachable {
                                "unreachable"
                            } else {
                                "reachable"
                            },
                            if ii.contains(b) {
                                "infeasible"
                            } else {
                                "covered"
                            },
                        ));
                    }
                } else if says_unreachable {
                    problems.push(format!(
                        "seed {seed}: boogie reports {b}, which its smoke test should not check\n{text}"
                    ));
                }
                if says_unreachable && !io.contains(b) {
                    problems.push(format!(
                        "seed {seed}: boogie reports {b} unreachable, bicd does not call it infeasible\n{text}"
                    ));
                }
            }
        }
    }
    eprintln!(
        "boogie /smoke vs bicd on {n} loop-free programs: {blocks} blocks, {checked} checked by boogie; boogie reports {reported} unreachable; bicd infeasible: {infeasible} with exits, {infeasible_orig} without; {} disagreements",
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
