//! Issue 3, "The corpus": every file of Boogie's own tests
//! (`../shared/boogie-tests/`) goes through the whole of `bicd cover
//! --unwind 2` (front end, unwinding, inlining, VC, statement cover with a
//! short per-query timeout, replay of every test). Each file either
//! completes (every test replays), or is refused with located errors that
//! name an unsupported construct or a real error in the file. None panics,
//! none hangs (a per-file wall limit). The test prints how many files are
//! accepted, the refusals grouped by construct, and how many of the files
//! that Boogie 2.4.1 accepts (`tests/data/boogie-2.4.1-accepts.txt`) bicd
//! accepts; floors guard against regressions.
//!
//! Run: `cargo test --release --test trust corpus:: -- --nocapture`
//! (`BICD_CORPUS_VERBOSE=1` lists every file and refusal).

use crate::support;
use crate::support::corpus::{badly_located, bpl_files, counted_error, refusal_group};
use bicd::back::solver::{Deadline, SolverKind};
use bicd::driver::{analyze_program, select_entries, Options};
use bicd::front::resolve::load_program;
use bicd::source::SourceMap;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Files accepted (analysed to the end, every test replayed) when this
/// test was last changed: fewer is a regression (111 since a polymorphic
/// select is typed by the other operand through a store or `++`, session
/// 25: `test20/PolyPolyPoly2.bpl`; 110 since calls of
/// polymorphic procedures, map type parameters in the value type only and
/// ambiguous type parameters are read, session 20; 108 since type
/// quantifiers inside expressions, quantified assigned values, code
/// expressions and floating point are read, session 19; 97 since polymorphic maps,
/// coercions and type arguments from the context are read, issue 19
/// milestone 2; 89 since polymorphic functions and axioms are
/// monomorphized, issue 19; 84 since triggers are
/// resolved: `test0/AttributeResolution.bpl`, which Boogie rejects, names
/// an undeclared variable in one).
const MIN_ACCEPTED: usize = 111;
/// Of those, files that Boogie 2.4.1 accepts too (issue 3's target is 78
/// of the 103 it accepts; issue 19's 98, reached in session 19; 100 in
/// session 20; 101 in session 25, `test20/PolyPolyPoly2.bpl`: the other
/// two are `{:always_assume}` and `{:verified_under}` on a call).
const MIN_ACCEPTED_OF_BOOGIES: usize = 101;
/// Per-query solver timeout.
const QUERY_TIMEOUT_MS: u64 = 2000;
/// Per-file wall limit: a file that takes longer counts as a hang.
const FILE_LIMIT: Duration = Duration::from_secs(40);

/// `--time-limit` for one file: well inside [`FILE_LIMIT`].
const FILE_TIME_LIMIT: Duration = Duration::from_secs(15);
/// Worker threads (CI has 2 cores).
const WORKERS: usize = 2;

/// What happened to one file.
#[derive(Debug)]
enum Verdict {
    /// Analysed to the end; every test replayed. `unknown`: procedures or
    /// blocks the solver left undecided (timeouts).
    Accepted { tests: usize, unknown: usize },
    /// Refused: the first error (rendered first line) and its group.
    Refused { first: String, group: String },
    /// Something that must never happen (panic, unlocated error, replay
    /// failure).
    Broken(String),
}

/// Runs one file through the pipeline.
fn run_file(path: &Path, name: &str) -> Verdict {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Verdict::Broken(format!("cannot read: {e}")),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let len = text.len() as u32;
    let mut sources = SourceMap::new();
    let file = sources.add(name, text);
    let program = match load_program(&sources, file) {
        Ok(p) => p,
        Err(errs) => {
            if errs.is_empty() {
                return Verdict::Broken("refused without an error".into());
            }
            for d in &errs {
                if let Some(problem) = badly_located(name, len, d.span, &d.render(&sources)) {
                    return Verdict::Broken(problem);
                }
            }
            // A file counts under the first unsupported construct it uses,
            // else under its first error.
            let first = &errs[counted_error(errs.iter().map(|d| d.message.as_str()))];
            let rendered = first.render(&sources);
            return Verdict::Refused {
                first: rendered.lines().next().unwrap_or_default().to_string(),
                group: refusal_group(&first.message),
            };
        }
    };
    let entries = match select_entries(&program, &[]) {
        Ok(e) => e,
        Err(m) => return Verdict::Broken(m),
    };
    let options = Options {
        unwind: 2,
        timeout_ms: Some(QUERY_TIMEOUT_MS),
        // A file with many hard queries (quantifiers) ends at this limit,
        // its open blocks unknown: no file may hang.
        deadline: Some(Deadline::starting_now(FILE_TIME_LIMIT)),
        ..Options::new(SolverKind::Yices)
    };
    let (result, failures) = analyze_program(&program, &sources, name, &entries, &options);
    if let Some(f) = failures.first() {
        return Verdict::Broken(format!(
            "test {} of {} does not replay: {}",
            f.test, f.procedure, f.message
        ));
    }
    // An input error found after the front end (irreducible control flow):
    // a refusal naming the procedure.
    if let Some(p) = result.procedures.iter().find(|p| p.input_error) {
        let rendered = p.error.clone().unwrap_or_default();
        let first = rendered.lines().next().unwrap_or_default().to_string();
        let message = first
            .split_once("error: ")
            .map_or(first.as_str(), |(_, m)| m);
        return Verdict::Refused {
            group: refusal_group(message),
            first,
        };
    }
    let mut unknown = 0;
    for p in &result.procedures {
        if let Some(e) = &p.error {
            if e.contains("not found") || e.contains("cannot start") {
                return Verdict::Broken(format!("solver: {e}"));
            }
            unknown += 1;
        }
        unknown += p
            .blocks
            .iter()
            .filter(|b| matches!(b.status, bicd::driver::BlockStatus::Unknown(_)))
            .count();
    }
    Verdict::Accepted {
        tests: result.procedures.iter().map(|p| p.tests.len()).sum(),
        unknown,
    }
}

#[test]
fn boogie_corpus_through_the_whole_pipeline() {
    let Some(dir) = support::shared("boogie-tests") else {
        return;
    };
    let files = bpl_files(&dir);
    assert!(files.len() > 100, "corpus has {} files", files.len());
    let start = Instant::now();
    let queue: Arc<Mutex<Vec<PathBuf>>> =
        Arc::new(Mutex::new(files.iter().rev().cloned().collect()));
    let verdicts: Arc<Mutex<BTreeMap<String, (Verdict, Duration)>>> = Arc::default();
    let mut workers = Vec::new();
    for _ in 0..WORKERS {
        let queue = Arc::clone(&queue);
        let verdicts = Arc::clone(&verdicts);
        let dir = dir.clone();
        workers.push(std::thread::spawn(move || loop {
            let Some(path) = queue.lock().unwrap().pop() else {
                break;
            };
            let name = path
                .strip_prefix(&dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            // Each file on a thread of its own, so that a hang is seen.
            let (tx, rx) = mpsc::channel();
            let (p, n) = (path.clone(), name.clone());
            let t0 = Instant::now();
            std::thread::spawn(move || {
                let v = std::panic::catch_unwind(|| run_file(&p, &n))
                    .unwrap_or_else(|_| Verdict::Broken("panicked".into()));
                let _ = tx.send(v);
            });
            let v = rx
                .recv_timeout(FILE_LIMIT)
                .unwrap_or_else(|_| Verdict::Broken(format!("no answer within {FILE_LIMIT:?}")));
            verdicts.lock().unwrap().insert(name, (v, t0.elapsed()));
        }));
    }
    for w in workers {
        w.join().unwrap();
    }
    let verdicts = std::mem::take(&mut *verdicts.lock().unwrap());
    let verbose = std::env::var_os("BICD_CORPUS_VERBOSE").is_some();

    let boogie_accepts: Vec<String> =
        std::fs::read_to_string(support::crate_path("tests/data/boogie-2.4.1-accepts.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.trim().to_string())
            .collect();

    let mut accepted = 0;
    let mut accepted_of_boogies = 0;
    let mut unknown_files = 0;
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut broken = Vec::new();
    for (name, (v, time)) in &verdicts {
        match v {
            Verdict::Accepted { tests, unknown } => {
                accepted += 1;
                if boogie_accepts.contains(name) {
                    accepted_of_boogies += 1;
                }
                if *unknown > 0 {
                    unknown_files += 1;
                }
                if verbose {
                    eprintln!(
                        "accepted: {name} ({tests} tests, {unknown} unknown, {:.1} s)",
                        time.as_secs_f64()
                    );
                }
            }
            Verdict::Refused { first, group } => {
                groups.entry(group.clone()).or_default().push(first.clone());
            }
            Verdict::Broken(m) => broken.push(format!("{name}: {m}")),
        }
    }
    eprintln!(
        "{accepted} of {} corpus files accepted ({unknown_files} with unknown blocks); \
         {accepted_of_boogies} of the {} that Boogie 2.4.1 accepts; {:.1} s",
        verdicts.len(),
        boogie_accepts.len(),
        start.elapsed().as_secs_f64()
    );
    let mut by_count: Vec<_> = groups.iter().collect();
    by_count.sort_by_key(|(g, f)| (std::cmp::Reverse(f.len()), g.to_string()));
    for (group, files) in by_count {
        eprintln!("{:4}  {group}", files.len());
        if verbose {
            for f in files {
                eprintln!("        {f}");
            }
        }
    }
    assert!(broken.is_empty(), "broken:\n{}", broken.join("\n"));
    assert!(accepted >= MIN_ACCEPTED, "only {accepted} accepted");
    assert!(
        accepted_of_boogies >= MIN_ACCEPTED_OF_BOOGIES,
        "only {accepted_of_boogies} of Boogie's accepted"
    );
}
