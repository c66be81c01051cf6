//! The exit status of `bicd cover`, for CI gating (`--fail-on`).
//!
//! Takes: the run's [`Summary`], whether an input or internal error
//! happened, and the kinds of finding that should fail the run. Gives:
//! [`exit_status`]. Without `--fail-on` every kind fails the run, which
//! is the exit status of issue 2 (README, "Exit status"). Issue 6.

use crate::report::summary::Summary;

/// Exit statuses (README, "Exit status").
pub(crate) const EXIT_CLEAN: u8 = 0;
pub(crate) const EXIT_FOUND: u8 = 1;
pub(crate) const EXIT_INPUT: u8 = 2;
pub(crate) const EXIT_SOLVER: u8 = 3;
pub(crate) const EXIT_INTERNAL: u8 = 4;

/// Which findings make the run fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailOn {
    /// Infeasible blocks (within the bound or for every bound): exit 1.
    pub infeasible: bool,
    /// Dead blocks (infeasible for every iteration count): exit 1.
    pub dead: bool,
    /// Assertions that can fail: exit 1.
    pub assertion: bool,
    /// Blocks or assertions left unknown, procedures the solver could not
    /// analyse: exit 3.
    pub unknown: bool,
}

impl FailOn {
    /// The default: every kind of finding fails the run.
    pub const ALL: FailOn = FailOn {
        infeasible: true,
        dead: true,
        assertion: true,
        unknown: true,
    };
    /// `--fail-on never`: findings never fail the run.
    pub const NEVER: FailOn = FailOn {
        infeasible: false,
        dead: false,
        assertion: false,
        unknown: false,
    };
}

/// The exit status: an internal error (4) or an input error (2) always
/// wins; then unknown findings (3), then infeasible code or failing
/// assertions (1), each only if `fail_on` selects it; else 0.
pub fn exit_status(
    summary: &Summary,
    input_error: bool,
    internal_error: bool,
    fail_on: FailOn,
) -> u8 {
    if internal_error {
        EXIT_INTERNAL
    } else if input_error || summary.input_errors > 0 {
        EXIT_INPUT
    } else if fail_on.unknown
        && (summary.errors > 0 || summary.unknown > 0 || summary.unknown_asserts > 0)
    {
        EXIT_SOLVER
    } else if (fail_on.infeasible && summary.infeasible > 0)
        || (fail_on.dead && summary.dead > 0)
        || (fail_on.assertion && summary.failing_asserts > 0)
    {
        EXIT_FOUND
    } else {
        EXIT_CLEAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_keeps_issue_2_statuses() {
        let mut s = Summary {
            infeasible: 1,
            ..Summary::default()
        };
        assert_eq!(exit_status(&s, false, false, FailOn::ALL), EXIT_FOUND);
        s.unknown = 1;
        assert_eq!(exit_status(&s, false, false, FailOn::ALL), EXIT_SOLVER);
        assert_eq!(exit_status(&s, true, false, FailOn::ALL), EXIT_INPUT);
        assert_eq!(exit_status(&s, true, true, FailOn::ALL), EXIT_INTERNAL);
        assert_eq!(exit_status(&s, false, false, FailOn::NEVER), EXIT_CLEAN);
        assert_eq!(exit_status(&s, true, false, FailOn::NEVER), EXIT_INPUT);
        let only_assert = FailOn {
            assertion: true,
            ..FailOn::NEVER
        };
        assert_eq!(exit_status(&s, false, false, only_assert), EXIT_CLEAN);
        s.failing_asserts = 2;
        assert_eq!(exit_status(&s, false, false, only_assert), EXIT_FOUND);
    }
}
