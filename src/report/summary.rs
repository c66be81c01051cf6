//! The counts of a run's findings that decide its exit status.
//!
//! Takes: the [`FileResult`]s of a run. Gives: [`Summary`] (blocks
//! covered, infeasible, unknown; assertions that can fail; procedures that
//! failed), read by [`crate::report::exit_status`] and the text report.

use crate::driver::{AssertStatus, BlockStatus, FileResult, Proof};

/// Counts that decide the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub blocks: usize,
    pub covered: usize,
    pub infeasible: usize,
    /// Of `infeasible`: dead for every iteration count.
    pub dead: usize,
    pub unknown: usize,
    /// Summary mode: blocks no test under the summaries reaches, not proved
    /// infeasible.
    pub uncovered_summary: usize,
    pub failing_asserts: usize,
    pub unknown_asserts: usize,
    /// Procedures whose analysis failed on the solver's side.
    pub errors: usize,
    /// Procedures refused for their input (e.g. irreducible control flow).
    pub input_errors: usize,
}

impl Summary {
    pub fn of<'a>(files: impl IntoIterator<Item = &'a FileResult>) -> Summary {
        let mut s = Summary::default();
        for p in files.into_iter().flat_map(|f| &f.procedures) {
            for b in &p.blocks {
                s.blocks += 1;
                match b.status {
                    BlockStatus::Covered(_) => s.covered += 1,
                    BlockStatus::Infeasible => {
                        s.infeasible += 1;
                        if b.proof == Some(Proof::Unbounded) {
                            s.dead += 1;
                        }
                    }
                    BlockStatus::Unknown(_) => s.unknown += 1,
                    BlockStatus::UncoveredSummary => s.uncovered_summary += 1,
                }
            }
            for a in &p.assertions {
                match a.status {
                    AssertStatus::CanFail(_) => s.failing_asserts += 1,
                    AssertStatus::Unknown(_) => s.unknown_asserts += 1,
                    AssertStatus::Holds => {}
                }
            }
            if p.error.is_some() {
                if p.input_error {
                    s.input_errors += 1;
                } else {
                    s.errors += 1;
                }
            }
        }
        s
    }
}
