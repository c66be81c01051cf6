//! Time limits on the solver: per query and for the whole run.
//!
//! Takes: the per-query timeout of a [`Solver`], the run's [`Deadline`]
//! (`--time-limit`), and a request for the worker. Gives: the worker's
//! reply, or why none came ([`NoAnswer`]: the per-query limit or the
//! deadline passed, the process exited or wrote too much), the process
//! killed when time ran out; [`hard_query_limit`], and reading and
//! printing durations ([`parse_duration`], [`format_duration`]).
//! design.md, "Where the solver fits" and issue 7: nothing blocks
//! forever; a timeout makes the query `unknown`, the deadline breaks the
//! solver.

use super::answers::MAX_ANSWER_BYTES;
use super::process::{Reply, Request};
use super::Solver;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How long bicd waits for an answer to one query before it kills the
/// solver: the solver's own timeout rounded up to whole seconds (yices
/// counts seconds), plus a grace of one second and a quarter of the
/// timeout. `None`: no per-query limit.
pub fn hard_query_limit(timeout_ms: Option<u64>) -> Option<Duration> {
    timeout_ms.map(|ms| {
        let rounded = ms.div_ceil(1000).max(1) * 1000;
        Duration::from_millis(rounded + 1000 + ms / 4)
    })
}

/// Why no answer came.
pub(super) enum NoAnswer {
    /// The per-query limit passed (the process was killed).
    QueryLimit(Duration),
    /// The run's deadline passed (the process was killed).
    Deadline,
    /// The solver's output ended: it exited.
    Exited,
    /// An answer longer than [`MAX_ANSWER_BYTES`].
    TooLong,
}

/// The part of a run's time limit kept for the end of the run, as a
/// divisor: a 15th ([`Deadline::for_run`]).
pub const REPORT_RESERVE: u32 = 15;

/// The run's deadline, or a file's or a procedure's share of it, and how
/// it was given (for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub at: Instant,
    /// The `--time-limit` it comes from.
    pub limit: Duration,
    /// A share of the run's time (ends before the run's deadline).
    pub share: bool,
}

impl Deadline {
    /// A deadline `limit` from now.
    pub fn starting_now(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + limit,
            limit,
            share: false,
        }
    }

    /// The analysis's deadline for a run limited to `limit`
    /// (`--time-limit`): `limit` from now, less [`REPORT_RESERVE`] of it
    /// (at most 2 s) for what comes after the analysis: replaying the
    /// tests and writing the report. An SDV harness's JSON report (33 MB at
    /// 20 s) took 0.8-1 s to build and write, its replay 0.3 s; without the
    /// reserve the run ended 1.0-1.8 s past a 20 s limit.
    pub fn for_run(limit: Duration) -> Deadline {
        let reserve = (limit / REPORT_RESERVE).min(Duration::from_secs(2));
        Deadline {
            at: Instant::now() + (limit - reserve),
            limit,
            share: false,
        }
    }

    /// The fair share of what is left of this deadline for one of `left`
    /// pieces of work still to start (files, or procedures) of which
    /// `parallel` run at once: what is left times `parallel / left`. Time a
    /// piece does not use is left for the later ones. The whole of it for
    /// the last piece.
    pub fn share_for(&self, left: usize, parallel: usize) -> Deadline {
        self.weighted_share(1, left, parallel)
    }

    /// [`Deadline::share_for`] for pieces of work of different weights (a
    /// procedure's goals left to decide): for one of weight `weight`, when
    /// those still to start (it among them) weigh `left` in all, what is
    /// left times `parallel * weight / left`, all of it when that is 1 or
    /// more.
    pub fn weighted_share(&self, weight: usize, left: usize, parallel: usize) -> Deadline {
        let now = Instant::now();
        let rest = self.at.saturating_duration_since(now);
        let part = (parallel.max(1) as u128) * (weight.max(1) as u128);
        let whole = left.max(1) as u128;
        if part >= whole {
            return *self;
        }
        let nanos = rest.as_nanos() * part / whole;
        Deadline {
            at: now + Duration::from_nanos(nanos as u64),
            limit: self.limit,
            share: true,
        }
    }

    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// "the time limit of 2.5 s (--time-limit) was reached", or "its
    /// share of the time limit of 2.5 s (--time-limit) was used up".
    pub fn message(&self) -> String {
        if self.share {
            format!(
                "its share of the time limit of {} (--time-limit) was used up",
                format_duration(self.limit)
            )
        } else {
            format!(
                "the time limit of {} (--time-limit) was reached",
                format_duration(self.limit)
            )
        }
    }
}

/// `1.5 s`, `200 ms`, `3 min 20 s`.
pub(super) fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms < 60_000 {
        let s = d.as_secs_f64();
        if ms.is_multiple_of(1000) {
            format!("{} s", ms / 1000)
        } else {
            format!("{s:.1} s")
        }
    } else {
        let s = d.as_secs();
        if s.is_multiple_of(60) {
            format!("{} min", s / 60)
        } else {
            format!("{} min {} s", s / 60, s % 60)
        }
    }
}

/// Reads a duration: `500ms`, `30s`, `2m`, `1h`, or a number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 30s, 500ms, 2m)"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 1e9 {
        return Err(format!("`{text}` is not a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

impl Solver {
    /// The per-query limit, plus one second per 500 kB sent since the
    /// last answer (a large VC takes the solver a while to read; its own
    /// timeout only counts the search). Measured on 3.2 MB of forward VC
    /// (1,000 diamonds), idle: yices reads 1 MB in 0.16 s, z3 in 0.20 s,
    /// cvc5 in 0.31 s, so this is 6 to 12 times that. It was one second
    /// per 100 kB: after a restart, which sends the whole transcript
    /// again, the next query of the 1,000-diamond run was allowed 42 s
    /// instead of 10.
    pub(super) fn query_limit(&self) -> Option<Duration> {
        let limit = if self.kind.has_native_timeout() {
            hard_query_limit(self.timeout_ms)
        } else {
            self.timeout_ms.map(Duration::from_millis)
        };
        limit.map(|l| l + Duration::from_millis((self.pending_bytes / 500) as u64))
    }

    /// Gives the worker a query and waits for its reply, at most `limit`
    /// and never past the deadline; kills the process when time runs out
    /// or when it writes more than [`MAX_ANSWER_BYTES`].
    pub(super) fn ask(
        &mut self,
        request: Request,
        limit: Option<Duration>,
    ) -> Result<Reply, NoAnswer> {
        self.ask_while(request, limit, || {})
    }

    /// [`Solver::ask`], doing `work` on this thread once the request is
    /// given (or at once, if it cannot be).
    pub(super) fn ask_while(
        &mut self,
        request: Request,
        limit: Option<Duration>,
        work: impl FnOnce(),
    ) -> Result<Reply, NoAnswer> {
        let started = Instant::now();
        let query_end = limit.map(|l| started + l);
        let deadline = self.deadline;
        let Some(worker) = self.worker.as_mut() else {
            work();
            return Err(NoAnswer::Exited);
        };
        if self.broken.is_some() || !worker.request(request) {
            work();
            return Err(NoAnswer::Exited);
        }
        work();
        let written_before = worker.written();
        // How often the size of the output is looked at.
        let slice = Duration::from_millis(250);
        loop {
            let until = match (query_end, deadline) {
                (Some(q), Some(d)) => Some(q.min(d.at)),
                (Some(q), None) => Some(q),
                (None, Some(d)) => Some(d.at),
                (None, None) => None,
            };
            let wait = match until {
                Some(t) => t.saturating_duration_since(Instant::now()).min(slice),
                None => slice,
            };
            match worker.replies.recv_timeout(wait) {
                Ok(reply) => return Ok(reply),
                Err(RecvTimeoutError::Disconnected) => return Err(NoAnswer::Exited),
                Err(RecvTimeoutError::Timeout) => {}
            }
            let out_of_time = until.is_some_and(|t| Instant::now() >= t);
            if out_of_time {
                worker.kill();
                if deadline.is_some_and(|d| d.passed()) {
                    return Err(NoAnswer::Deadline);
                }
                return Err(NoAnswer::QueryLimit(limit.unwrap_or_default()));
            }
            let too_long = match (written_before, worker.written()) {
                (Some(before), Some(now)) => now.saturating_sub(before) > MAX_ANSWER_BYTES as u64,
                _ => false,
            };
            if too_long {
                worker.kill();
                return Err(NoAnswer::TooLong);
            }
        }
    }

    pub(super) fn no_answer_message(&mut self, why: NoAnswer, what: &str) -> String {
        match why {
            NoAnswer::Deadline => match self.deadline {
                Some(d) => format!("{} (the solver was stopped)", d.message()),
                None => "the time limit was reached".to_string(),
            },
            NoAnswer::QueryLimit(l) => format!(
                "the solver {} did not answer {what} within {} and was killed",
                self.kind.name(),
                format_duration(l)
            ),
            NoAnswer::TooLong => format!(
                "the solver {} answered {what} with more than {} MiB",
                self.kind.name(),
                MAX_ANSWER_BYTES >> 20
            ),
            NoAnswer::Exited => self.exit_message(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole milliseconds from now to `d`.
    fn left_ms(d: Deadline) -> u128 {
        d.at.saturating_duration_since(Instant::now()).as_millis()
    }

    #[test]
    fn a_run_keeps_part_of_its_limit_for_the_report() {
        // 20 s: the analysis ends a 15th (1.33 s) early; the limit named in
        // messages is still the one given.
        let run = Deadline::for_run(Duration::from_secs(20));
        assert!(
            (18_000..=18_667).contains(&left_ms(run)),
            "{}",
            left_ms(run)
        );
        assert_eq!(run.limit, Duration::from_secs(20));
        assert!(!run.share);
        // 10 minutes: at most 2 s are kept.
        let long = Deadline::for_run(Duration::from_secs(600));
        assert!((597_000..=598_000).contains(&left_ms(long)));
    }

    #[test]
    fn shares_are_in_proportion_to_their_weight() {
        let run = Deadline::starting_now(Duration::from_secs(100));
        // A quarter of the weight left, one at a time: a quarter of the
        // time left.
        let quarter = run.weighted_share(1, 4, 1);
        assert!(quarter.share);
        assert!((24_000..=25_000).contains(&left_ms(quarter)));
        // Two at a time, as `--jobs 2` runs them: twice as much.
        assert!((49_000..=50_000).contains(&left_ms(run.weighted_share(1, 4, 2))));
        // The last piece, or one that weighs as much as the rest: all of it.
        assert_eq!(run.weighted_share(3, 3, 1), run);
        assert_eq!(run.weighted_share(5, 3, 1), run);
        // Equal weights are `share_for`.
        assert!((32_000..=34_000).contains(&left_ms(run.share_for(3, 1))));
    }
}
