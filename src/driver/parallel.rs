//! Analyses the procedures of one program on several threads.
//!
//! Takes: what [`crate::driver::analyze_program`] takes, a number of
//! worker threads and a callback told of each finished procedure (for a
//! progress bar). Gives: the same [`FileResult`] and replay failures as
//! `analyze_program`, in the same (entry) order whatever the number of
//! threads: each procedure has its own solver process (design.md, "Where the
//! solver fits"), so procedures are independent. Issue 6, `--jobs N`.

use crate::driver::{self, FileResult, Options, ProcedureResult, ReplayFailure};
use crate::ir::{ProcId, Program};
use crate::source::SourceMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One analysed procedure and the tests of it that did not replay.
type Finished = (ProcedureResult, Vec<ReplayFailure>);

/// Runs `analyze_procedure` for every entry on up to `jobs` threads and
/// replays every test; results in the order of `entries`.
pub fn analyze_program_parallel(
    program: &Program,
    sources: &SourceMap,
    file: &str,
    entries: &[ProcId],
    options: &Options,
    jobs: usize,
    on_done: &(dyn Fn(&ProcedureResult) + Sync),
) -> (FileResult, Vec<ReplayFailure>) {
    let slots: Vec<Mutex<Option<Finished>>> = entries.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(&entry) = entries.get(i) else {
            break;
        };
        let result = driver::analyze_procedure(program, sources, entry, options);
        let failures: Vec<ReplayFailure> =
            crate::check::interp::replay_all(program, entry, &result.tests)
                .into_iter()
                .map(|(t, e)| ReplayFailure {
                    procedure: result.name.clone(),
                    test: t.id,
                    message: e.render(sources),
                })
                .collect();
        on_done(&result);
        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some((result, failures));
    };
    let threads = jobs.clamp(1, entries.len().max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(work);
            }
        });
    }
    let mut procedures = Vec::new();
    let mut failures = Vec::new();
    for slot in slots {
        if let Some((r, f)) = slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
            procedures.push(r);
            failures.extend(f);
        }
    }
    (
        FileResult {
            file: file.to_string(),
            procedures,
        },
        failures,
    )
}

/// A progress bar on standard error for one file's procedures, shown only
/// when standard error is a terminal and the run is long enough to want one
/// (several procedures, or path mode); hidden otherwise.
pub fn progress_bar(file: &str, procedures: usize, path_mode: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    let wanted = std::io::stderr().is_terminal() && (procedures > 1 || path_mode);
    if !wanted {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(procedures as u64);
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {msg} [{bar:30}] {pos}/{len} procedures, {elapsed}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(file.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}
