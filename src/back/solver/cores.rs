//! Spare cores: the cores a run may give to work beside its analyses.
//!
//! Takes: nothing but the machine's core count
//! ([`std::thread::available_parallelism`]). Gives: [`spare_core`], a
//! [`SpareCore`] while one of the machine's cores beyond the first is
//! free (given back when dropped), and [`reserve_for_jobs`], which holds
//! the cores `--jobs` analyses run on. The proofs of blocks dead in their
//! own procedure beside an analysis and a twin solver beside the cover's
//! (docs/decisions.md, "The local proofs beside the analysis", "A twin
//! solver for the enabling clause") each take one: with one core to
//! spare they do not both run at once, and a machine of one core runs
//! neither beside anything.

use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::OnceLock;

/// Cores beyond the first that nothing holds; set from the machine's
/// count when first asked.
fn free() -> &'static AtomicIsize {
    static FREE: OnceLock<AtomicIsize> = OnceLock::new();
    FREE.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        AtomicIsize::new(isize::try_from(cores).unwrap_or(isize::MAX) - 1)
    })
}

/// One spare core, held until dropped.
#[derive(Debug)]
pub struct SpareCore(&'static AtomicIsize);

impl Drop for SpareCore {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// A spare core, if one is free.
pub fn spare_core() -> Option<SpareCore> {
    take_from(free())
}

/// One of the cores `free` counts, if any.
fn take_from(free: &'static AtomicIsize) -> Option<SpareCore> {
    let mut n = free.load(Ordering::SeqCst);
    while n > 0 {
        match free.compare_exchange(n, n - 1, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => return Some(SpareCore(free)),
            Err(now) => n = now,
        }
    }
    None
}

/// The cores `jobs` analyses at once run on beyond the first, held (as
/// far as there are) until the result is dropped.
pub fn reserve_for_jobs(jobs: usize) -> Vec<SpareCore> {
    (1..jobs).map_while(|_| spare_core()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spare_cores_are_taken_one_each_and_given_back_when_dropped() {
        let free: &'static AtomicIsize = Box::leak(Box::new(AtomicIsize::new(2)));
        let first = take_from(free).expect("two free");
        let second = take_from(free).expect("one free");
        assert!(take_from(free).is_none());
        drop(first);
        let third = take_from(free).expect("given back");
        assert!(take_from(free).is_none());
        drop((second, third));
        assert_eq!(free.load(Ordering::SeqCst), 2);
    }
}
