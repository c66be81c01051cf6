//! Helpers shared by the integration tests, reached from each group's
//! `main.rs` (`#[path = "../support/mod.rs"] mod support;`): where the
//! shared folder is, which solvers are installed, scratch files, running
//! the command line ([`cli`]), the independent path enumerator, two
//! builders of hand-made `ir::Program`s, the language tests' analysis, and
//! walking the Boogie corpus.
#![allow(dead_code)]

pub mod agree;
/// Hand-made programs by ids (tests of the enumerator and interpreter).
pub mod build;
/// Hand-made programs by names, and passive-path evaluation (tests of the
/// middle).
pub mod builder;
pub mod cli;
pub mod corpus;
pub mod enumerate;
pub mod handmade;
pub mod json_schema;
pub mod lang;
pub mod load;

use bicd::back::solver::SolverKind;
use std::path::{Path, PathBuf};

/// `REL` in the crate (`bench-programs/known`, `tests/data/lang`): every
/// path a test reads is relative to `CARGO_MANIFEST_DIR`.
pub fn crate_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The project's shared folder (the paper's examples in `examples/`,
/// Boogie's test corpus in `boogie-tests/`): `../shared` next to the crate.
pub fn shared_dir() -> PathBuf {
    crate_path("../shared")
}

/// The folder `sub` of the shared folder, when it is there. When it is
/// not, says so on standard error and gives `None`: the calling test is
/// then skipped (it returns), as a test is when its solver is missing.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let dir = shared_dir().join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        absent(sub, &dir);
        None
    }
}

/// The text of the file `path` of the shared folder
/// (`examples/assert.bpl`), when it is there; else as [`shared`].
pub fn shared_text(path: &str) -> Option<String> {
    let file = shared_dir().join(path);
    let text = std::fs::read_to_string(&file);
    if text.is_err() {
        absent(path, &file);
    }
    text.ok()
}

fn absent(sub: &str, path: &Path) {
    eprintln!("`../shared/{sub}` ({}) is absent: skipped", path.display());
}

/// Whether the solver `kind` is installed (its program is on `PATH`).
pub fn installed(kind: SolverKind) -> bool {
    kind.is_installed()
}

/// As [`installed`]; when it is not, says so on standard error: the
/// calling test is then skipped (it returns).
pub fn installed_or_skip(kind: SolverKind) -> bool {
    let there = installed(kind);
    if !there {
        eprintln!("{kind} is not installed: skipped");
    }
    there
}

/// Every installed solver; fails when there is none.
pub fn installed_solvers() -> Vec<SolverKind> {
    let v: Vec<SolverKind> = SolverKind::all()
        .into_iter()
        .filter(|&k| installed(k))
        .collect();
    assert!(
        !v.is_empty(),
        "no SMT solver installed (apt-get install -y z3)"
    );
    v
}

/// The scratch folder `bicd-TAG-PID` in the system's temporary folder
/// (created).
pub fn scratch_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bicd-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the file `name` of [`scratch_dir`]`(tag)`: its path.
pub fn scratch(tag: &str, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = scratch_dir(tag).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// A Corral-style harness of a correct driver in Boogie: `branches`
/// branches on an uninterpreted `f`, then `assume !assertsPassed`, which
/// no run can satisfy (the one assignment that would falsify it cannot
/// run). No run terminates, so every block is infeasible and the concrete
/// runs before the solver find no test. Entry `Harness`.
pub fn harness_without_terminating_runs(branches: usize) -> String {
    let mut text = String::from(
        "var assertsPassed: bool;\nfunction f(x: int): int;\n\
         procedure Harness(x: int) returns (r: int)\n  modifies assertsPassed;\n{\n  assertsPassed := true;\n",
    );
    for i in 0..branches {
        text.push_str(&format!("  if (f(x + {i}) > {i}) {{ r := r + 1; }}\n"));
    }
    text.push_str("  if (f(x) == 1 && f(x) == 2) { assertsPassed := false; }\n");
    text.push_str("  assume !assertsPassed;\n}\n");
    text
}
