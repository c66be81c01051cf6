//! One entry procedure analysed with its calls inlined (`--calls inline`,
//! the default).
//!
//! Takes: a resolved [`Program`], an entry and the [`Options`]. Gives: the
//! entry's [`ProcedureResult`]: the stages of [`super::stages`] in order
//! (middle end, VC, one solver process, the cover loop), the verdicts put
//! in terms of the original program. design.md, "The pipeline", "Calls".

use super::options::Options;
use super::results::{
    assert_result, block_results, order_inputs, unknown_assertions, AssertStatus, BlockStatus,
    ProcedureResult,
};
use super::stages::{self, StageTimes};
use crate::back::cover::{self, CoverLimits};
use crate::ir::{ProcId, Program};
use crate::source::SourceMap;
use std::time::Instant;

/// Unwind, inline, passify, build the VC, run the cover loop: one entry.
pub(crate) fn analyze_inlined(
    program: &Program,
    sources: &SourceMap,
    entry: ProcId,
    options: &Options,
) -> ProcedureResult {
    let start = Instant::now();
    let mut times = StageTimes::default();
    let mut result = ProcedureResult::nothing_yet(program.proc(entry));
    let prepared = match stages::prepare(program, entry, options.unwind, &mut times) {
        Ok(p) => p,
        Err(d) => {
            result.error = Some(d.render(sources).trim_end().to_string());
            result.input_error = true;
            result.time = start.elapsed();
            return result;
        }
    };
    let kind = stages::solver_for(options.solver, &prepared.vc);
    result.solver_note = stages::solver_note(options.solver, kind, &prepared.vc);
    let outcome = stages::start_solver(kind, options).map(|mut solver| {
        let limits = CoverLimits {
            max_tests: options.max_tests,
            time_limited: options.deadline.is_some(),
        };
        stages::cover(
            program,
            sources,
            &prepared,
            &mut solver,
            options.mode,
            &limits,
            &mut times,
        )
    });
    let mut cover = match outcome {
        Ok(c) => c,
        Err(e) => {
            result.error = Some(e.to_string());
            // Every block and assertion is unknown: report them so nothing
            // is lost.
            let keys = cover::goal_blocks(&prepared.passive);
            result.blocks = block_results(
                program,
                entry,
                keys.into_iter()
                    .map(|k| (k, BlockStatus::Unknown(e.to_string()))),
            );
            result.assertions = unknown_assertions(program, &prepared.passive, &e.to_string());
            result.time = start.elapsed();
            return result;
        }
    };
    stages::keep_replaying_candidates(program, sources, entry, &mut cover, &mut times);
    result.queries = cover.queries;
    result.solver_time = cover.solver_time;
    result.partial = cover.partial;
    result.error = cover.error.clone();
    result.blocks = block_results(
        program,
        entry,
        cover.blocks.iter().map(|(k, v)| {
            let status = match v {
                cover::BlockVerdict::Covered(ts) => BlockStatus::Covered(ts.clone()),
                cover::BlockVerdict::Infeasible => BlockStatus::Infeasible,
                cover::BlockVerdict::Unknown(r) => BlockStatus::Unknown(r.clone()),
            };
            (*k, status)
        }),
    );
    stages::prove_dead_for_every_bound(program, entry, options, &mut result, &mut times);
    let mut asserts: Vec<_> = cover
        .asserts
        .iter()
        .map(|(id, v)| {
            let status = match v {
                cover::AssertVerdict::CanFail(t) => AssertStatus::CanFail(*t),
                cover::AssertVerdict::Holds => AssertStatus::Holds,
                cover::AssertVerdict::Unknown(r) => AssertStatus::Unknown(r.clone()),
            };
            assert_result(program, *id, status)
        })
        .collect();
    asserts.sort_by_key(|a| (a.span, a.id));
    result.assertions = asserts;
    result.tests = cover.tests;
    for t in &mut result.tests {
        order_inputs(program, entry, t);
    }
    result.time = start.elapsed();
    result
}
