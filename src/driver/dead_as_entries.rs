//! Blocks proved infeasible by the analysis of their own procedure as an
//! entry, taken as decided by the later analyses of its callers in the
//! same run.
//!
//! Takes: each finished entry's [`ProcedureResult`]. Gives:
//! [`DeadAsEntries`], the store one run of `bicd cover` keeps per
//! program ([`super::analyze_program_jobs`] records into it and hands a
//! snapshot to each analysis it starts, [`Options::dead_as_entries`]), and
//! [`DeadAsEntries::note`], what a caller's report says of the blocks it
//! took. Statement cover with calls inlined or stratified only (the other
//! modes count paths and queries, which goals decided beforehand would
//! change). design.md, "Calls"; docs/decisions.md, "Blocks proved dead
//! by their own procedure's analysis".
//!
//! - **Why it proves.** Let `P` be an entry analysed first, `b` a block
//!   of `P`'s own body it proved infeasible, and `Q` an entry that calls
//!   `P`. A terminating run of `Q` through a copy of `b` contains a run of
//!   `P`'s body from its first block through `b`, out of that copy (or
//!   failing an assertion in it): a terminating run of `P` as an entry,
//!   which `P`'s analysis ruled out. That needs `P`'s analysis to have
//!   allowed every start `Q` may give `P`: `P` as an entry starts from any
//!   state its `requires` hold of, and a call in `Q` asserts the non-free
//!   ones, so `P` must have no free `requires` that reads a variable
//!   (its parameters' and the globals' `where` clauses are free
//!   `requires`; the axioms, which read constants alone, hold in every
//!   analysis). And the bounds agree: the same `--unwind` for `P`'s
//!   loops, and a recursive call is cut where its procedure is on the
//!   stack more than `--unwind` times, which `Q`'s frames above `P` only
//!   make sooner. Every other fact the analysis of `P` proved with
//!   (Corral's checked facts, the preconditions of `P`'s callees, blocks
//!   lent by `P`'s own callees) holds of every run of `P`'s body from any
//!   such start, so of those in `Q` too.
//! - **Only `P`'s own blocks.** A block of a callee `R` of `P` that `P`'s
//!   analysis proved dead is dead only in the copies below `P`: `Q` may
//!   call `R` elsewhere.
//! - **Order.** The smallest entries are analysed first (a callee is no
//!   larger than a caller that inlines it), so the callee is usually done
//!   first; with `--jobs` a caller that starts before its callee ends
//!   takes nothing from it, and a caller cut short by its share of the
//!   time takes what was proved meanwhile when it goes on.

use super::options::Options;
use super::results::{BlockStatus, ProcedureResult};
use crate::back::cover::CoverMode;
use crate::ir::passive::BlockKey;
use crate::ir::{GlobalId, ProcId, Program, VarRef};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

/// The blocks the analyses of their own procedures as entries proved
/// infeasible so far in one run over a program. Clones share the store.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeadAsEntries {
    store: Arc<Mutex<BTreeSet<BlockKey>>>,
}

impl DeadAsEntries {
    /// Keeps the blocks of `entry`'s own body that `result`, an analysis
    /// of `entry` under `options`, proved infeasible, where a caller may
    /// take them (see the module's doc).
    pub(crate) fn record(
        &self,
        program: &Program,
        entry: ProcId,
        options: &Options,
        result: &ProcedureResult,
    ) {
        if !Self::applies(options) || !starts_anywhere(program, entry) {
            return;
        }
        let mut store = self.store.lock().unwrap_or_else(|e| e.into_inner());
        store.extend(
            result
                .blocks
                .iter()
                .filter(|b| b.key.proc == entry && b.status == BlockStatus::Infeasible)
                .map(|b| b.key),
        );
    }

    /// What has been proved so far, for one analysis to take as decided.
    pub(crate) fn snapshot(&self, options: &Options) -> Arc<BTreeSet<BlockKey>> {
        if !Self::applies(options) {
            return Arc::default();
        }
        Arc::new(self.store.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    /// Whether analyses under `options` record and take such blocks.
    fn applies(options: &Options) -> bool {
        options.mode == CoverMode::Statements
            && matches!(
                options.calls,
                super::CallMode::Inline | super::CallMode::Stratified
            )
    }

    /// The report's note on the blocks of other procedures that `result`
    /// (an analysis of `entry`) calls infeasible and that the store holds:
    /// their own procedures' analyses proved them, whether or not this one
    /// took them from there; `None` if none.
    pub(crate) fn note(
        &self,
        program: &Program,
        entry: ProcId,
        result: &ProcedureResult,
    ) -> Option<String> {
        let proved = self.store.lock().unwrap_or_else(|e| e.into_inner());
        let mut procs: BTreeSet<ProcId> = BTreeSet::new();
        let mut count = 0;
        for b in &result.blocks {
            if b.key.proc != entry && b.status == BlockStatus::Infeasible && proved.contains(&b.key)
            {
                count += 1;
                procs.insert(b.key.proc);
            }
        }
        if count == 0 {
            return None;
        }
        let names: Vec<String> = procs
            .iter()
            .map(|&p| format!("`{}`", program.proc(p).name))
            .collect();
        let blocks = if count == 1 { "block" } else { "blocks" };
        Some(format!(
            "{count} {blocks} of {} infeasible as the analysis of {} as an entry in this run proved (taken as decided where it ended first): a run through one here would be a run of its procedure there",
            names.join(", "),
            if procs.len() == 1 { "that procedure" } else { "each procedure" }
        ))
    }
}

/// `dead` (blocks proved dead in their own procedure beside this
/// analysis) with the blocks the analyses of their own procedures as
/// entries, earlier in this run, proved ([`Options::dead_as_entries`]):
/// what inline mode and the rounds of stratified inlining take as
/// decided.
pub(crate) fn with_lent(dead: &BTreeSet<BlockKey>, options: &Options) -> BTreeSet<BlockKey> {
    let mut all = dead.clone();
    all.extend(options.dead_as_entries.iter().copied());
    all
}

/// Per entry of `entries`, its weight in the first share of the time
/// (one per entry, and one more per other entry that may call it where
/// it lends its proofs): time a callee takes to decide its blocks is
/// time its callers' analyses need not spend on them. SMACK's
/// `contracts_and`: `__SMACK_or32`, which three other entries inline,
/// decides its 193 blocks alone in 2.4 s, and each of those spent its own
/// share on the same two blocks.
pub(crate) fn first_share_weights(
    program: &Program,
    entries: &[ProcId],
    options: &Options,
) -> Vec<usize> {
    let mut weights = vec![1; entries.len()];
    if entries.len() < 2 || !DeadAsEntries::applies(options) {
        return weights;
    }
    let index: std::collections::HashMap<ProcId, usize> =
        entries.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    for &caller in entries {
        for callee in crate::middle::reachable_procedures(program, caller) {
            if callee == caller {
                continue;
            }
            if let Some(&i) = index.get(&callee) {
                weights[i] += 1;
            }
        }
    }
    for (i, &p) in entries.iter().enumerate() {
        if !starts_anywhere(program, p) {
            weights[i] = 1;
        }
    }
    weights
}

/// Whether `entry` as an entry starts from every state its callers may
/// call it in: each free `requires` it has reads constants alone (the
/// program's axioms and `unique` distinctness, which every analysis
/// assumes alike), none a variable (a `where` clause of a global or a
/// parameter: a caller need not establish it).
fn starts_anywhere(program: &Program, entry: ProcId) -> bool {
    let constants: BTreeSet<GlobalId> = program.constants.iter().copied().collect();
    program
        .proc(entry)
        .requires
        .iter()
        .filter(|s| s.free)
        .all(|s| {
            let mut closed = true;
            s.expr.visit_vars(false, &mut |v, _| {
                closed &= matches!(v, VarRef::Global(g) if constants.contains(g));
            });
            closed
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::back::solver::SolverKind;
    use crate::source::SourceMap;

    /// `lender` is called by two entries, `assumer` (a free `requires`
    /// on its parameter) by one, `leaf` by none.
    const CALLS: &str = "
procedure lender(x: int) { start: return; }
procedure assumer(x: int) free requires x > 0; { start: return; }
procedure leaf() { start: return; }
procedure one() { start: call lender(1); call assumer(1); return; }
procedure two() { start: call lender(2); return; }
";

    fn weights(options: &Options) -> Vec<(String, usize)> {
        let mut sources = SourceMap::new();
        let file = sources.add("calls.bpl", CALLS);
        let program = crate::front::resolve::load_program(&sources, file).expect("loads");
        let entries = crate::driver::select_entries(&program, &[]).expect("entries");
        let w = first_share_weights(&program, &entries, options);
        entries
            .iter()
            .map(|&p| program.proc(p).name.clone())
            .zip(w)
            .collect()
    }

    #[test]
    fn a_lender_weighs_one_more_per_caller() {
        let w = weights(&Options::new(SolverKind::Yices));
        let expected: Vec<(String, usize)> = [
            ("lender", 3),
            ("assumer", 1),
            ("leaf", 1),
            ("one", 1),
            ("two", 1),
        ]
        .iter()
        .map(|(n, k)| (n.to_string(), *k))
        .collect();
        assert_eq!(w, expected);
        // Path cover takes nothing from other entries: equal weights.
        let paths = Options {
            mode: CoverMode::Paths,
            ..Options::new(SolverKind::Yices)
        };
        assert!(weights(&paths).iter().all(|(_, k)| *k == 1));
    }
}
