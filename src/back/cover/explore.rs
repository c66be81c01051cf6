//! Concrete runs of a passive program: which complete paths a valuation of
//! the inputs and choices makes feasible, evaluated in Rust without the
//! solver, and a local search that finds new paths by mutating valuations
//! that already found one. Path cover uses it to find most paths before
//! the solver is asked; statement cover ([`super::accelerate`]) to cover most
//! blocks.
//!
//! Takes: the [`PassiveProgram`], the VC's deduplicated successor lists, and
//! the SSA variables a test needs (`slots`: inputs and choices).
//! Gives: [`Explorer::new_paths_under`] (every feasible complete path under
//! one valuation not known yet, up to a limit), [`Explorer::search`]
//! (paths found by mutating valuations, each with the valuation that makes
//! it feasible) and [`Explorer::explore_in_parts`] (random valuations,
//! then the search, on two threads); and for [`super::search`] the
//! representing function of a goal ([`Explorer::representing`]) and
//! moves of a valuation (integers, Booleans, floats by ULPs).
//!
//! Why it is sound: a passive program's assumptions along a path are either
//! definitions `v == e` of an internal SSA variable that the path has not
//! defined yet (assignments and join copies, each defined once per path) or
//! conditions. Given values for the inputs and choices, walking a path and
//! evaluating them in order gives every internal variable its value; if
//! every condition holds, that valuation satisfies the path's assumptions,
//! so the path is a feasible complete path and the inputs and choices are a
//! test of it. Whatever cannot be evaluated (an operand without a value,
//! an integer overflow of `i128`) makes the path count as not found here;
//! the solver then finds it. Completeness stays with the solver: path cover
//! blocks every path found here and ends only on `unsat`.
//!
//! Why it is fast: the program is compiled once ([`super::flat`]) and runs
//! reuse one [`State`] (values, definitions undone by a trail), so a run
//! allocates nothing but the paths it finds; the paths known so far are a
//! trie of successor choices ([`PathTrie`]) that a run walks alongside its
//! depth-first search, so a path known already costs no hashing or copying.
//! Path cover's first exploration ([`Explorer::explore_in_parts`]), most
//! of its work on programs with thousands of paths, is split by a hash of
//! each path's first blocks over two explorers on two threads; they share
//! nothing while they run and their results are merged in a fixed order,
//! so the tests found do not depend on the machine or on timing.

use super::flat::{
    decode_f32, decode_f64, encode_f32, encode_f64, float_at, float_ordinal, FlatProgram, Mark,
    Sort, State, FAR,
};
use crate::ir::float::Fp;
use crate::ir::passive::{PassiveProgram, SsaId};
use crate::ir::testcase::{FunctionPoint, Value};
use crate::ir::{BinOp, Expr, ExprKind, Type, UnOp};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::borrow::Cow;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A concrete value of the evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Val {
    Int(i128),
    Bool(bool),
    /// A `float24e8`, stored as [`super::flat::encode_f32`] does.
    F32(i64),
    /// A `float53e11`, stored as [`super::flat::encode_f64`] does.
    F64(i64),
    /// An `[int]int` map with this value at every index (the map an input
    /// or choice of the map's type is given).
    IntMap(i128),
    /// An `[int]bool` map with this value at every index.
    BoolMap(bool),
}

impl Val {
    pub(super) fn to_value(self) -> Value {
        let float = |sig, exp, bits: u64| Value::Float(Fp::from_bits(sig, exp, BigInt::from(bits)));
        match self {
            Val::Int(n) => Value::Int(BigInt::from(n)),
            Val::Bool(b) => Value::Bool(b),
            Val::F32(v) => float(24, 8, u64::from(decode_f32(v).to_bits())),
            Val::F64(v) => float(53, 11, decode_f64(v).to_bits()),
            Val::IntMap(n) => Value::map(Value::Int(BigInt::from(n)), []),
            Val::BoolMap(b) => Value::map(Value::Bool(b), []),
        }
    }

    pub(super) fn of_value(v: &Value) -> Option<Val> {
        match v {
            Value::Int(n) => n.to_i128().map(Val::Int),
            Value::Bool(b) => Some(Val::Bool(*b)),
            Value::Float(x) => match (x.sig, x.exp) {
                (24, 8) => Some(Val::F32(encode_f32(f32::from_bits(x.bits.to_u32()?)))),
                (53, 11) => Some(Val::F64(encode_f64(f64::from_bits(x.bits.to_u64()?)))),
                _ => None,
            },
            Value::Map { default, entries } if entries.is_empty() => match **default {
                Value::Int(ref n) => n.to_i128().map(Val::IntMap),
                Value::Bool(b) => Some(Val::BoolMap(b)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value of sort `sort` a [`State`] holds as `x` (not a map).
    fn of_raw(sort: Sort, x: i64) -> Option<Val> {
        Some(match sort {
            Sort::Int => Val::Int(i128::from(x)),
            Sort::Bool => Val::Bool(x != 0),
            Sort::F32 => Val::F32(x),
            Sort::F64 => Val::F64(x),
            Sort::IntMap | Sort::BoolMap => return None,
        })
    }

    /// The value as a [`State`] is given it (a map: its value at every
    /// index).
    fn raw(self) -> i128 {
        match self {
            Val::Int(n) | Val::IntMap(n) => n,
            Val::Bool(b) | Val::BoolMap(b) => i128::from(b),
            Val::F32(v) | Val::F64(v) => i128::from(v),
        }
    }

    /// The sort of the value.
    fn sort(self) -> Sort {
        match self {
            Val::Int(_) => Sort::Int,
            Val::Bool(_) => Sort::Bool,
            Val::F32(_) => Sort::F32,
            Val::F64(_) => Sort::F64,
            Val::IntMap(_) => Sort::IntMap,
            Val::BoolMap(_) => Sort::BoolMap,
        }
    }
}

/// Per passive block, the fewest edges from it to a block with no
/// successor (the end of a terminating run, or a failing assertion), for
/// the second half of [`Explorer::representing`].
pub(super) struct ExitLevels {
    /// `u32::MAX`: no end reachable.
    pub(super) level: Vec<u32>,
    /// One more than the largest finite level.
    pub(super) beyond: u32,
}

impl ExitLevels {
    pub(super) fn of(succs: &[Vec<(usize, String)>], preds: &[Vec<usize>]) -> ExitLevels {
        let ends: Vec<usize> = (0..succs.len()).filter(|&b| succs[b].is_empty()).collect();
        let (level, deepest) = levels_to(preds, &ends);
        ExitLevels {
            beyond: deepest + 1,
            level,
        }
    }
}

/// Per passive block, the fewest edges from it to a block of `targets`
/// (`u32::MAX`: none reachable), and the largest finite one.
pub(super) fn levels_to(preds: &[Vec<usize>], targets: &[usize]) -> (Vec<u32>, u32) {
    let mut level = vec![u32::MAX; preds.len()];
    for &t in targets {
        level[t] = 0;
    }
    let mut frontier: Vec<usize> = targets.to_vec();
    let mut depth = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for b in frontier {
            for &p in &preds[b] {
                if level[p] == u32::MAX {
                    level[p] = depth + 1;
                    next.push(p);
                }
            }
        }
        if !next.is_empty() {
            depth += 1;
        }
        frontier = next;
    }
    (level, depth)
}

/// A valuation of the slots, with a path it makes feasible if known.
pub(super) type Seed = (Vec<Val>, Option<Vec<usize>>);

/// Parts the first exploration of path cover is split into, one thread
/// each ([`Explorer::explore_in_parts`]). Fixed, not the number of cores,
/// so that every machine finds the same tests.
const PARTS: usize = 2;

/// The seed of an explorer's random valuations (part `i` of
/// [`Explorer::explore_in_parts`] mixes `i` in): fixed, so that runs are
/// reproducible.
const RNG_SEED: u64 = 0xb1cd_5eed;

/// Blocks at the start of a path that decide its part.
const PART_PREFIX: usize = 12;

/// The part (below [`PARTS`]) of a path: a hash of its first blocks.
fn part_of(path: &[usize]) -> usize {
    let mut h: u64 = 0;
    for &b in path.iter().take(PART_PREFIX) {
        h = (h.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    ((h >> 32) % PARTS as u64) as usize
}

/// Random mutants tried per valuation that found a new path.
const MUTANTS_PER_SEED: usize = 4;

/// Rounds of [`Explorer::steer`]: at most this many slots changed.
const STEER_ROUNDS: usize = 3;

/// Valuations kept per round of [`Explorer::steer`].
const STEER_WIDTH: usize = 6;

/// `c + sum k_i * slot_i`: a value along one path as a function of the
/// integer slots of the valuation.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Affine {
    c: i128,
    k: Vec<i128>,
}

impl Affine {
    fn is_const(&self) -> bool {
        self.k.iter().all(|&k| k == 0)
    }

    fn scale(&self, f: i128) -> Option<Affine> {
        Some(Affine {
            c: self.c.checked_mul(f)?,
            k: self
                .k
                .iter()
                .map(|k| k.checked_mul(f))
                .collect::<Option<Vec<_>>>()?,
        })
    }

    /// `self + f * other`.
    fn add(&self, other: &Affine, f: i128) -> Option<Affine> {
        let mut sum = self.clone();
        sum.add_assign(other, f)?;
        Some(sum)
    }

    /// `self += f * other` (`None` on overflow, `self` then half done).
    fn add_assign(&mut self, other: &Affine, f: i128) -> Option<()> {
        if self.k.len() < other.k.len() {
            self.k.resize(other.k.len(), 0);
        }
        for (a, &b) in self.k.iter_mut().zip(&other.k) {
            *a = a.checked_add(b.checked_mul(f)?)?;
        }
        self.c = self.c.checked_add(other.c.checked_mul(f)?)?;
        Some(())
    }
}

/// The change `delta` of smallest size with `d + k * delta <= t` (k != 0).
fn at_most(d: i128, k: i128, t: i128) -> Option<i128> {
    let room = t.checked_sub(d)?;
    if room >= 0 {
        return Some(0);
    }
    // k * delta <= room < 0
    Some(if k > 0 {
        room.div_euclid(k)
    } else {
        // delta >= room / k (k < 0): the smallest such integer
        let q = room / k; // room / k > 0, truncated: the floor
        if q * k == room {
            q
        } else {
            q + 1
        }
    })
}

/// `path[..=pos]` followed by `alt`.
fn prefix_then(path: &[usize], pos: usize, alt: usize) -> Vec<usize> {
    let mut target = Vec::with_capacity(pos + 2);
    target.extend_from_slice(&path[..=pos]);
    target.push(alt);
    target
}

/// No node.
const NONE: u32 = u32::MAX;

/// The complete paths known so far: a trie whose nodes are path prefixes,
/// each with one child slot per successor of its last block.
#[derive(Clone)]
pub(super) struct PathTrie {
    /// Per node: the index in `children` of its first child slot.
    first_child: Vec<u32>,
    /// Per (node, successor position): the child node, or [`NONE`].
    children: Vec<u32>,
    /// Per node: a known path ends here.
    terminal: Vec<bool>,
}

impl PathTrie {
    fn new(succs: &[Vec<(usize, String)>]) -> PathTrie {
        let mut t = PathTrie {
            first_child: Vec::new(),
            children: Vec::new(),
            terminal: Vec::new(),
        };
        t.add_node(succs.first().map_or(0, Vec::len));
        t
    }

    fn add_node(&mut self, fanout: usize) -> u32 {
        let id = self.first_child.len() as u32;
        self.first_child.push(self.children.len() as u32);
        self.children.extend(std::iter::repeat_n(NONE, fanout));
        self.terminal.push(false);
        id
    }

    /// The child of `node` (or [`NONE`]) along successor position `pos`.
    fn child(&self, node: u32, pos: usize) -> u32 {
        if node == NONE {
            return NONE;
        }
        self.children[self.first_child[node as usize] as usize + pos]
    }

    fn is_known_end(&self, node: u32) -> bool {
        node != NONE && self.terminal[node as usize]
    }

    /// Records the path (blocks from the entry); false if it was known
    /// already (or is not a path of `succs`).
    pub(super) fn insert(&mut self, succs: &[Vec<(usize, String)>], path: &[usize]) -> bool {
        if path.first() != Some(&0) {
            return false;
        }
        let mut node = 0u32;
        for w in path.windows(2) {
            let Some(pos) = succs[w[0]].iter().position(|(t, _)| *t == w[1]) else {
                return false;
            };
            let slot = self.first_child[node as usize] as usize + pos;
            if self.children[slot] == NONE {
                let fanout = succs[w[1]].len();
                let n = self.add_node(fanout);
                self.children[slot] = n;
            }
            node = self.children[slot];
        }
        !std::mem::replace(&mut self.terminal[node as usize], true)
    }
}

/// A hasher for values that are hashes already (`u64`: the fingerprints of
/// [`Explorer::tried`]) and for variable numbers (`usize`: [`AffineMemo`]),
/// which it spreads with one multiplication.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    /// Variable numbers are not hashes: spread them over all 64 bits.
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A 64-bit fingerprint of a valuation (for [`Explorer::tried`]: a
/// collision only skips a candidate valuation).
fn fingerprint(v: &[Val]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for x in v {
        let (tag, n) = match *x {
            Val::Int(n) => (1u64, n),
            Val::Bool(b) => (2u64, i128::from(b)),
            Val::F32(v) => (3u64, i128::from(v)),
            Val::F64(v) => (4u64, i128::from(v)),
            Val::IntMap(n) => (5u64, n),
            Val::BoolMap(b) => (6u64, i128::from(b)),
        };
        for word in [tag, n as u64, (n >> 64) as u64] {
            h = (h.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    h ^ (h >> 29)
}

/// One-slot changes `(slot, new value)` of a valuation.
type Fixes = Vec<(usize, i128)>;

/// Memoised affine forms of internal variables along one sequence of
/// blocks (valid for every walk along a prefix of it: which statement
/// defines a variable depends on the blocks, not on the values).
type AffineMemo = std::collections::HashMap<usize, Option<Affine>, BuildHasherDefault<PassThrough>>;

pub(super) struct Explorer<'a> {
    program: &'a PassiveProgram,
    succs: &'a [Vec<(usize, String)>],
    /// The SSA variables of a valuation (inputs and choices), in order.
    slots: &'a [SsaId],
    flat: FlatProgram,
    state: State,
    /// The sort of each slot.
    slot_sort: Vec<Sort>,
    /// Per slot: the value every run has (an input the entry block
    /// defines, [`FlatProgram::entry_definitions`]); valuations give it
    /// that value and the search never moves it.
    fixed: Vec<Option<Val>>,
    /// Float literals of the program (binary64 values; binary32 ones
    /// widened), for random floats.
    float_literals: Vec<f64>,
    /// The slot of each variable, if it has one.
    slot_of: Vec<Option<usize>>,
    /// The largest absolute integer literal of the program (at least 1):
    /// random values are drawn around it.
    scale: i128,
    /// Integer literals of the program (and their neighbours): values that
    /// conditions like `x == 7` need.
    literals: Vec<i128>,
    rng: ChaCha8Rng,
    /// Paths found so far (by the solver or here).
    known: PathTrie,
    /// Fingerprints of the valuations already run by the search.
    tried: HashSet<u64, BuildHasherDefault<PassThrough>>,
    /// Concrete runs made (for statistics).
    pub(super) runs: usize,
    pub(super) steer_walks: usize,
    /// The part of the paths this explorer searches from, while it is one
    /// of several ([`Explorer::explore_in_parts`]); `None`: all.
    part: Option<usize>,
    /// The unit form of each integer slot (`None` for a Boolean one).
    units: Vec<Option<Affine>>,
    /// Scratch kept between runs so that a run allocates nothing: the
    /// depth-first stacks of [`Explorer::new_paths_under`] and
    /// [`Explorer::run_one`], and the affine forms of one walk.
    dfs: Vec<(usize, usize, Mark, u32)>,
    guided: Vec<(usize, usize, Mark, bool)>,
    memo: AffineMemo,
    /// [`Explorer::flips`]' scratch: the position along the path at which
    /// its walk defined each variable.
    defined_at: std::collections::HashMap<usize, usize, BuildHasherDefault<PassThrough>>,
}

impl<'a> Explorer<'a> {
    pub(super) fn new(
        program: &'a PassiveProgram,
        succs: &'a [Vec<(usize, String)>],
        slots: &'a [SsaId],
    ) -> Explorer<'a> {
        let mut literals: Vec<i128> = vec![0, 1, -1];
        for b in &program.blocks {
            for a in &b.assumes {
                collect_literals(a, &mut literals);
            }
        }
        literals.sort_unstable();
        literals.dedup();
        let scale = literals
            .iter()
            .map(|n| n.saturating_abs())
            .max()
            .unwrap_or(1)
            .clamp(1, 1 << 40);
        let mut slot_of = vec![None; program.vars.len()];
        for (i, v) in slots.iter().enumerate() {
            if let Some(s) = slot_of.get_mut(v.0) {
                *s = Some(i);
            }
        }
        let flat = FlatProgram::compile(program);
        let slot_sort: Vec<Sort> = slots
            .iter()
            .map(|v| Sort::of(&program.vars[v.0].ty).unwrap_or(Sort::Bool))
            .collect();
        let mut float_literals = vec![0.0, 1.0, -1.0, 0.5, 2.0];
        for b in &program.blocks {
            for a in &b.assumes {
                a.visit(&mut |e| {
                    if let ExprKind::Float(x) = &e.kind {
                        if let Some(v) = x.to_rational().and_then(|r| r.to_f64()) {
                            float_literals.push(v);
                            float_literals.push(-v);
                        }
                    }
                });
            }
        }
        float_literals.sort_by(f64::total_cmp);
        float_literals.dedup();
        let state = State::new(&flat);
        let mut fixed = vec![None; slots.len()];
        for (var, x) in flat.entry_definitions(program) {
            if let Some(i) = slot_of.get(var.0).copied().flatten() {
                fixed[i] = Val::of_raw(slot_sort[i], x);
            }
        }
        let units = slots
            .iter()
            .enumerate()
            .map(|(i, v)| match fixed[i] {
                Some(Val::Int(c)) => Some(Affine { c, k: Vec::new() }),
                _ => (program.vars[v.0].ty == Type::Int).then(|| {
                    let mut k = vec![0; i + 1];
                    k[i] = 1;
                    Affine { c: 0, k }
                }),
            })
            .collect();
        Explorer {
            program,
            succs,
            slots,
            flat,
            state,
            slot_of,
            slot_sort,
            fixed,
            float_literals,
            scale,
            literals,
            rng: ChaCha8Rng::seed_from_u64(RNG_SEED),
            known: PathTrie::new(succs),
            tried: HashSet::default(),
            runs: 0,
            steer_walks: 0,
            part: None,
            units,
            dfs: Vec::new(),
            guided: Vec::new(),
            memo: AffineMemo::default(),
            defined_at: Default::default(),
        }
    }

    /// The first exploration of path cover: [`Explorer::sample`], then
    /// [`Explorer::search`] from its paths and from `seeds`, with the
    /// paths dealt out by [`part_of`] to [`PARTS`] explorers on as many
    /// threads. Each searches only from the paths of its own part (and
    /// its own random valuations); a path it finds in another part is
    /// dealt to that part's explorer for another round, unless that one
    /// found it too. The explorers share nothing while they run and their
    /// results are merged in part order, so the paths found, their order
    /// and their valuations do not depend on timing. At most `limit`
    /// paths, each with its valuation.
    pub(super) fn explore_in_parts(
        &mut self,
        seeds: Vec<Seed>,
        window: usize,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut others: Vec<Explorer<'a>> = (1..PARTS)
            .map(|i| {
                let mut e = Explorer::new(self.program, self.succs, self.slots);
                e.known = self.known.clone();
                e.rng = ChaCha8Rng::seed_from_u64(RNG_SEED ^ ((i as u64) << 32));
                e.part = Some(i);
                e
            })
            .collect();
        self.part = Some(0);
        let mut dealt: Vec<Vec<Seed>> = vec![Vec::new(); PARTS];
        for seed in seeds {
            match &seed.1 {
                Some(p) => dealt[part_of(p)].push(seed),
                None => dealt.iter_mut().for_each(|d| d.push(seed.clone())),
            }
        }
        let mut found: Vec<(Vec<usize>, Vec<Val>)> = Vec::new();
        let mut seen: HashSet<Vec<usize>> = HashSet::new();
        let mut sample = true;
        loop {
            let mut work = std::mem::take(&mut dealt).into_iter();
            let mine = work.next().unwrap_or_default();
            let results: Vec<Vec<(Vec<usize>, Vec<Val>)>> = std::thread::scope(|scope| {
                let handles: Vec<_> = others
                    .iter_mut()
                    .zip(work)
                    .map(|(e, seeds)| {
                        scope.spawn(move || {
                            e.explore_part(seeds, sample, window, limit, per_valuation)
                        })
                    })
                    .collect();
                let mut results =
                    vec![self.explore_part(mine, sample, window, limit, per_valuation)];
                for h in handles {
                    results.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
                results
            });
            sample = false;
            // The paths each part's own explorer found (and searched from);
            // the others go to their part's explorer for the next round.
            let searched: HashSet<&[usize]> = results
                .iter()
                .enumerate()
                .flat_map(|(i, r)| {
                    r.iter()
                        .map(|(p, _)| p.as_slice())
                        .filter(move |p| part_of(p) == i)
                })
                .collect();
            dealt = vec![Vec::new(); PARTS];
            for (i, r) in results.iter().enumerate() {
                for (p, v) in r {
                    let owner = part_of(p);
                    // (Not found in an earlier round either: every
                    // explorer knows those, so none reports them again.)
                    if owner != i && !searched.contains(p.as_slice()) {
                        dealt[owner].push((v.clone(), Some(p.clone())));
                    }
                }
            }
            for (p, v) in results.into_iter().flatten() {
                if seen.insert(p.clone()) {
                    self.known.insert(self.succs, &p);
                    for e in &mut others {
                        e.known.insert(self.succs, &p);
                    }
                    found.push((p, v));
                }
            }
            if found.len() >= limit || dealt.iter().all(Vec::is_empty) {
                break;
            }
        }
        found.truncate(limit);
        self.part = None;
        for e in others {
            self.runs += e.runs;
            self.steer_walks += e.steer_walks;
            self.state.enters += e.state.enters;
        }
        found
    }

    /// One explorer's share of [`Explorer::explore_in_parts`]: random
    /// valuations first if `sample`, then the search.
    fn explore_part(
        &mut self,
        seeds: Vec<Seed>,
        sample: bool,
        window: usize,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut found = if sample {
            self.sample(window, limit, per_valuation)
        } else {
            Vec::new()
        };
        let mut from = seeds;
        from.extend(found.iter().map(|(p, v)| (v.clone(), Some(p.clone()))));
        let more = self.search(from, limit - found.len(), per_valuation);
        found.extend(more);
        found
    }

    /// Records a path found elsewhere (by the solver); false if known.
    pub(super) fn enters(&self) -> usize {
        self.state.enters
    }

    pub(super) fn insert_known(&mut self, path: &[usize]) -> bool {
        self.known.insert(self.succs, path)
    }

    /// Gives the slots the values of `valuation`; false (nothing given)
    /// if a value is not of its slot's sort.
    fn load(&mut self, valuation: &[Val]) -> bool {
        if valuation.len() != self.slots.len() {
            return false;
        }
        self.state.forget_maps_and_points();
        // Uninterpreted functions: their values are a function of the
        // valuation, so that a run is the same every time.
        self.state.set_salt(fingerprint(valuation));
        for (i, v) in valuation.iter().enumerate() {
            if v.sort() != self.slot_sort[i] {
                self.clear();
                return false;
            }
            if v.sort().is_map() {
                self.state.set_map(self.slots[i], v.raw());
            } else {
                self.state.set(self.slots[i], v.raw());
            }
        }
        true
    }

    /// The points of uninterpreted functions that the run of `valuation`
    /// along `path` evaluates, as its test records them (`None` if the
    /// path does not run).
    pub(super) fn function_points(
        &mut self,
        valuation: &[Val],
        path: &[usize],
    ) -> Option<Vec<FunctionPoint>> {
        if self.flat.functions.is_empty() {
            return Some(Vec::new());
        }
        if !self.load(valuation) {
            return None;
        }
        let runs = path
            .iter()
            .all(|&b| self.state.enter(&self.flat, b).is_ok());
        let value = |boolean: bool, x: i64| match boolean {
            true => Value::Bool(x != 0),
            false => Value::Int(BigInt::from(x)),
        };
        let points = runs.then(|| {
            self.state
                .points()
                .map(|(f, args, v)| {
                    let u = &self.flat.functions[f];
                    FunctionPoint {
                        function: u.name.clone(),
                        args: args
                            .iter()
                            .zip(&u.boolean_params)
                            .map(|(&a, &b)| value(b, a))
                            .collect(),
                        value: value(u.boolean, v),
                    }
                })
                .collect()
        });
        self.clear();
        points
    }

    /// Forgets every value: the state is as new.
    fn clear(&mut self) {
        self.state.undo(Mark::default());
        for &s in self.slots {
            self.state.unset(s);
        }
        self.state.forget_maps_and_points();
    }

    /// Every feasible complete path under `valuation` (values of `slots`)
    /// that is not known yet, depth first in successor order, recorded as
    /// known; at most `limit` complete paths are looked at.
    pub(super) fn new_paths_under(&mut self, valuation: &[Val], limit: usize) -> Vec<Vec<usize>> {
        self.runs += 1;
        let mut found = Vec::new();
        if self.program.blocks.is_empty() || limit == 0 || !self.load(valuation) {
            return found;
        }
        if self.state.enter(&self.flat, 0).is_err() {
            self.clear();
            return found;
        }
        let succs = self.succs;
        // (block, next successor position, trail mark before the block,
        // trie node of the prefix or NONE)
        let mut stack = std::mem::take(&mut self.dfs);
        stack.clear();
        stack.push((0, 0, Mark::default(), 0));
        let mut complete = 0;
        while let Some(&(b, next, _, node)) = stack.last() {
            let out = &succs[b];
            if out.is_empty() {
                complete += 1;
                if !self.known.is_known_end(node) {
                    let path: Vec<usize> = stack.iter().map(|e| e.0).collect();
                    if self.known.insert(succs, &path) {
                        found.push(path);
                    }
                }
                if complete >= limit {
                    break;
                }
            }
            let top = stack.len() - 1;
            if next < out.len() {
                stack[top].1 = next + 1;
                let s = out[next].0;
                let mark = self.state.mark();
                if self.state.enter(&self.flat, s).is_ok() {
                    stack.push((s, 0, mark, self.known.child(node, next)));
                } else {
                    self.state.undo(mark);
                }
            } else {
                let (_, _, mark, _) = stack[top];
                stack.pop();
                self.state.undo(mark);
            }
        }
        self.dfs = stack;
        self.clear();
        found
    }

    /// One feasible complete path under `valuation`, depth first: where
    /// the run is still on `guide` (a path prefix from the entry) it tries
    /// the guide's next block first, elsewhere a successor with `wanted`
    /// set first, then the others in order. `None` if there is none or
    /// more than `budget` blocks were entered.
    pub(super) fn run_one(
        &mut self,
        valuation: &[Val],
        guide: &[usize],
        wanted: &[bool],
        budget: usize,
    ) -> Option<Vec<usize>> {
        self.runs += 1;
        if self.program.blocks.is_empty() || !self.load(valuation) {
            return None;
        }
        if self.state.enter(&self.flat, 0).is_err() {
            self.clear();
            return None;
        }
        let succs = self.succs;
        let mut entered = 1;
        // (block, successors tried, trail mark before the block, on guide)
        let mut stack = std::mem::take(&mut self.guided);
        stack.clear();
        stack.push((0, 0, Mark::default(), guide.first() == Some(&0)));
        let found = loop {
            let Some(&(b, tried, _, on_guide)) = stack.last() else {
                break None;
            };
            let out = &succs[b];
            if out.is_empty() {
                break Some(stack.iter().map(|e| e.0).collect());
            }
            let top = stack.len() - 1;
            if tried >= out.len() || entered > budget {
                let (_, _, mark, _) = stack[top];
                stack.pop();
                self.state.undo(mark);
                continue;
            }
            stack[top].1 = tried + 1;
            let preferred = if on_guide {
                guide
                    .get(top + 1)
                    .and_then(|g| out.iter().position(|(t, _)| t == g))
            } else {
                out.iter().position(|(t, _)| wanted.get(*t) == Some(&true))
            };
            // The `tried`-th successor: the preferred one first.
            let pos = match preferred {
                Some(p) if tried == 0 => p,
                Some(p) if tried <= p => tried - 1,
                _ => tried,
            };
            let s = out[pos].0;
            let mark = self.state.mark();
            entered += 1;
            if self.state.enter(&self.flat, s).is_ok() {
                let still = on_guide && guide.get(top + 1) == Some(&s);
                stack.push((s, 0, mark, still));
            } else {
                self.state.undo(mark);
            }
        };
        self.guided = stack;
        self.clear();
        found
    }

    /// Valuations near `valuation` under which a run follows `path` (a
    /// path prefix it runs) up to position `pos` and then enters `alt`, a
    /// successor of `path[pos]`: the valuation itself if it does, else
    /// one-slot changes that make the failing assumption of `alt` hold,
    /// repaired by [`Explorer::steer`], then the same changes unrepaired
    /// (they may reach `alt` along another path).
    pub(super) fn steer_into(
        &mut self,
        path: &[usize],
        valuation: &[Val],
        pos: usize,
        alt: usize,
    ) -> Vec<Vec<Val>> {
        if !self.load(valuation) {
            return Vec::new();
        }
        for &b in &path[..=pos] {
            if self.state.enter(&self.flat, b).is_err() {
                self.clear();
                return Vec::new();
            }
        }
        let failed = self.state.enter(&self.flat, alt).err();
        let Some(i) = failed else {
            self.clear();
            return vec![valuation.to_vec()];
        };
        // One memo for the whole target (the forms depend on the blocks
        // walked, not on the values).
        let mut memo = self.fresh_memo();
        let guard = &self.program.blocks[alt].assumes[self.flat.assume_index(alt, i)];
        let fixes = self.fixes(guard, valuation, &mut memo);
        self.clear();
        let target = prefix_then(path, pos, alt);
        let mut out = Vec::new();
        let mut unrepaired = Vec::new();
        for (i, x) in fixes.into_iter().take(STEER_WIDTH) {
            let mut v = valuation.to_vec();
            v[i] = Val::Int(x);
            out.extend(self.steer(&target, v.clone(), vec![i], &mut memo));
            unrepaired.push(v);
        }
        self.memo = memo;
        // Last, the one-slot changes themselves: their runs leave the path
        // earlier, but may still reach `alt` another way.
        out.extend(unrepaired);
        out
    }

    /// The representing function of a goal at `valuation` (seed paper
    /// "Mathematical Execution", Fu and Su): 0 when the run reaches a block
    /// of level 0 and goes on to an end (a block with no successor), else
    /// how far it stays from that. `level[b]` is the number of edges from
    /// passive block `b` to the nearest block serving the goal
    /// (`u32::MAX`: none reachable), `exit_level` the same to an end. The
    /// run enters, at each block, the first successor nearer the goal
    /// (fewest levels first; past the goal, nearer an end) whose
    /// assumptions hold; where none does, it stops, and the value is the
    /// smallest over those successors of `level + (k + l / (l + 1)) / n`
    /// with `l = ln(1 + d)`, `d` the branch distance of its first failing
    /// assumption ([`State::distance`]), `n` the block's conditions (its
    /// assumptions but the definitions) and `k` those after the failing
    /// one, plus `exit_level.beyond` before the goal. So entering one more block on the way always lowers the
    /// value, and so does getting past one more assumption of a block (an
    /// entry block that states `const unique` constants distinct, then a
    /// call's `ensures ret == old(alloc)`, ... is passed one assumption
    /// at a time); and a run that stops after the goal, short of an end
    /// (on an SDV harness, the next allocation's `ensures`), is a place to
    /// search on from, not a zero. On 0, `reached` is the run's path (to
    /// guide [`Explorer::run_one`]).
    pub(super) fn representing(
        &mut self,
        valuation: &[Val],
        level: &[u32],
        exit_level: &ExitLevels,
        reached: &mut Vec<usize>,
    ) -> f64 {
        self.runs += 1;
        reached.clear();
        // In [0, 1): 0 for a guard that holds. On a log scale, so that
        // distances of 10^16 ULPs still differ (`d / (d + 1)` is 1.0
        // there in f64).
        let near = |d: f64| {
            if d >= FAR {
                1.0
            } else {
                let l = d.ln_1p();
                l / (l + 1.0)
            }
        };
        if self.program.blocks.is_empty() || !self.load(valuation) {
            return FAR;
        }
        // In [0, 1): the part of a block of `n` assumptions left from its
        // failing assumption `i`, of branch distance `d`.
        let left = |(checks, after): (usize, usize), d: f64| {
            let n = checks.max(1);
            (after.min(n - 1) as f64 + near(d)) / n as f64
        };
        // Every run that has not reached the goal is worse than every run
        // that has and is on its way to an end.
        let before_goal = f64::from(exit_level.beyond);
        let entry_level = f64::from(level[0]);
        if let Err(i) = self.state.enter(&self.flat, 0) {
            let d = self.state.distance(&self.flat, 0, i);
            let value = before_goal + entry_level + 1.0 + left(self.flat.checks(0, i), d);
            self.clear();
            return value;
        }
        let succs = self.succs;
        let mut b = 0;
        let mut past_goal = false;
        let value = loop {
            reached.push(b);
            past_goal |= level[b] == 0;
            if past_goal && succs[b].is_empty() {
                break 0.0;
            }
            // Before the goal, towards it; after it, towards an end.
            let (toward, offset) = match past_goal {
                false => (level, before_goal),
                true => (exit_level.level.as_slice(), 0.0),
            };
            let mut best = f64::INFINITY;
            let mut next = None;
            let mut order: Vec<(u32, usize)> = succs[b]
                .iter()
                .map(|(s, _)| (toward[*s], *s))
                .filter(|(l, _)| *l != u32::MAX)
                .collect();
            order.sort_unstable();
            for (l, s) in order {
                let mark = self.state.mark();
                match self.state.enter(&self.flat, s) {
                    Ok(()) => {
                        next = Some(s);
                        break;
                    }
                    Err(i) => {
                        let d = self.state.distance(&self.flat, s, i);
                        let checks = self.flat.checks(s, i);
                        best = best.min(offset + f64::from(l) + left(checks, d));
                        self.state.undo(mark);
                    }
                }
            }
            match next {
                Some(s) => b = s,
                None => break best.min(FAR),
            }
        };
        self.clear();
        if value > 0.0 {
            reached.clear();
        }
        value
    }

    /// The sort of slot `i`.
    pub(super) fn slot_sort(&self, i: usize) -> Sort {
        self.slot_sort[i]
    }

    /// Whether slot `i` has one value in every run (never moved).
    pub(super) fn is_fixed(&self, i: usize) -> bool {
        self.fixed[i].is_some()
    }

    /// The slots no entry definition fixes, in order.
    pub(super) fn free_slots(&self) -> Vec<usize> {
        (0..self.fixed.len())
            .filter(|&i| !self.is_fixed(i))
            .collect()
    }

    /// Slot `i`'s value moved by `step` (an integer by `step`, a float by
    /// `step` ULPs, a Boolean negated), if it stays a value.
    pub(super) fn moved(&self, v: Val, step: i64) -> Option<Val> {
        Some(match v {
            Val::Int(n) => Val::Int(n.checked_add(i128::from(step))?),
            Val::IntMap(n) => Val::IntMap(n.checked_add(i128::from(step))?),
            Val::Bool(b) => Val::Bool(!b),
            Val::BoolMap(b) => Val::BoolMap(!b),
            Val::F32(x) => {
                let o = float_ordinal(Sort::F32, x).unwrap_or(0);
                Val::F32(float_at(Sort::F32, o.checked_add(step)?))
            }
            Val::F64(x) => {
                let o = float_ordinal(Sort::F64, x).unwrap_or(0);
                Val::F64(float_at(Sort::F64, o.checked_add(step)?))
            }
        })
    }

    /// The explorer's random generator, reseeded (the search seeds it
    /// per goal, so that each goal's search does not depend on the
    /// others').
    pub(super) fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(RNG_SEED ^ seed);
    }

    /// The explorer's random generator.
    pub(super) fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// The SMT names of the slots, in order.
    pub(super) fn slot_names(&self) -> Vec<&'a str> {
        let program: &'a PassiveProgram = self.program;
        self.slots
            .iter()
            .map(|v| program.vars[v.0].smt_name.as_str())
            .collect()
    }

    /// A random valuation: integers around the program's literals.
    pub(super) fn random_valuation(&mut self) -> Vec<Val> {
        (0..self.slots.len())
            .map(|i| self.random_value(i))
            .collect()
    }

    pub(super) fn random_value(&mut self, slot: usize) -> Val {
        if let Some(v) = self.fixed[slot] {
            return v;
        }
        match self.slot_sort[slot] {
            Sort::Bool => return Val::Bool(self.rng.gen_bool(0.5)),
            Sort::BoolMap => return Val::BoolMap(self.rng.gen_bool(0.5)),
            Sort::IntMap => return Val::IntMap(self.random_int()),
            Sort::F32 => return Val::F32(encode_f32(self.random_float() as f32)),
            Sort::F64 => return Val::F64(encode_f64(self.random_float())),
            Sort::Int => {}
        }
        Val::Int(self.random_int())
    }

    /// A random integer: around the program's literals.
    fn random_int(&mut self) -> i128 {
        let s = self.scale;
        match self.rng.gen_range(0..10) {
            0..=3 => self.rng.gen_range(-s - 2..=s + 2),
            4..=6 => {
                let l = self.literals[self.rng.gen_range(0..self.literals.len())];
                l + self.rng.gen_range(-2..=2)
            }
            7 | 8 => self.rng.gen_range(-4 * s..=4 * s),
            _ => self.rng.gen_range(-3..=3),
        }
    }

    /// A random float: a literal of the program (or near one), a power
    /// of ten of either sign, a special value, or a random bit pattern.
    fn random_float(&mut self) -> f64 {
        match self.rng.gen_range(0..10) {
            0..=2 => {
                let l = self.float_literals[self.rng.gen_range(0..self.float_literals.len())];
                l * (1.0 + self.rng.gen_range(-0.01..0.01))
            }
            3..=5 => {
                let e = self.rng.gen_range(-8..=8);
                let m: f64 = self.rng.gen_range(-10.0..10.0);
                m * 10f64.powi(e)
            }
            6 => [
                0.0,
                -0.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
                f64::MIN_POSITIVE,
                f64::MAX,
                5e-324,
            ][self.rng.gen_range(0..8)],
            7 => f64::from_bits(self.rng.gen()),
            _ => self.rng.gen_range(-2.0..2.0),
        }
    }

    fn mutate(&mut self, seed: &[Val]) -> Vec<Val> {
        let mut m = seed.to_vec();
        if m.is_empty() {
            return m;
        }
        let changes = if self.rng.gen_bool(0.6) { 1 } else { 2 };
        for _ in 0..changes {
            let i = self.rng.gen_range(0..m.len());
            if self.fixed[i].is_some() {
                continue;
            }
            m[i] = match m[i] {
                Val::Bool(b) => Val::Bool(!b),
                Val::BoolMap(b) => Val::BoolMap(!b),
                Val::F32(_) | Val::F64(_) => self.random_value(i),
                Val::IntMap(n) => match self.rng.gen_range(0..2) {
                    0 => Val::IntMap(n.saturating_add(self.rng.gen_range(-3..=3))),
                    _ => self.random_value(i),
                },
                Val::Int(n) => match self.rng.gen_range(0..4) {
                    0 => Val::Int(n.saturating_add(self.rng.gen_range(-3..=3))),
                    1 => {
                        // Another integer slot's value plus a small offset.
                        let j = self.rng.gen_range(0..seed.len());
                        match seed[j] {
                            Val::Int(o) => Val::Int(o.saturating_add(self.rng.gen_range(-2..=2))),
                            _ => Val::Int(n),
                        }
                    }
                    _ => self.random_value(i),
                },
            };
        }
        m
    }

    /// Local search from `seeds` (valuations, each with a path it makes
    /// feasible, if known): every mutant or flip that makes some unknown
    /// path feasible is a new seed. Gives the new paths (recorded as
    /// known), each with its valuation; at most `limit` of them.
    pub(super) fn search(
        &mut self,
        seeds: Vec<Seed>,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut found = Vec::new();
        let mut work = seeds;
        while let Some((seed, path)) = work.pop() {
            let mut candidates: Vec<Vec<Val>> = match &path {
                Some(p) => self.flips(p, &seed),
                None => Vec::new(),
            };
            for _ in 0..MUTANTS_PER_SEED {
                candidates.push(self.mutate(&seed));
            }
            for m in candidates {
                if found.len() >= limit {
                    return found;
                }
                if !self.tried.insert(fingerprint(&m)) {
                    continue;
                }
                let new = self.new_paths_under(&m, per_valuation);
                let room = limit - found.len();
                for p in new.into_iter().take(room) {
                    if self.part.is_none_or(|mine| part_of(&p) == mine) {
                        work.push((m.clone(), Some(p.clone())));
                    }
                    found.push((p, m.clone()));
                }
            }
        }
        found
    }

    /// Random valuations until `window` in a row find nothing new; the new
    /// paths, each with its valuation (at most `limit`).
    pub(super) fn sample(
        &mut self,
        window: usize,
        limit: usize,
        per_valuation: usize,
    ) -> Vec<(Vec<usize>, Vec<Val>)> {
        let mut found = Vec::new();
        let mut idle = 0;
        while idle < window && found.len() < limit {
            let v = self.random_valuation();
            let new = self.new_paths_under(&v, per_valuation);
            idle = if new.is_empty() { idle + 1 } else { 0 };
            let room = limit - found.len();
            for p in new.into_iter().take(room) {
                found.push((p, v.clone()));
            }
        }
        found
    }

    /// Valuations that try to take, at each branch of `path`, a successor
    /// that `path` does not take. Walking `path` under `valuation`, at
    /// each branch the other successor's first failing assumption is a
    /// comparison whose two sides are, along this prefix, affine functions
    /// of the integer slots; changing one slot by the right amount makes
    /// it hold. The prefix may then fail elsewhere: [`Explorer::steer`]
    /// repairs it a few rounds. Every candidate is checked by a concrete
    /// run anyway. (Trying each branch of the trie of known paths only
    /// once, as a generational search would, was measured: 4x fewer runs
    /// but 8x more solver queries on the 9-diamond programs, slower.)
    fn flips(&mut self, path: &[usize], valuation: &[Val]) -> Vec<Vec<Val>> {
        // (position of the branch in `path`, the other successor, fixes)
        let mut targets: Vec<(usize, usize, Fixes)> = Vec::new();
        if !self.load(valuation) {
            return Vec::new();
        }
        let succs = self.succs;
        let mut memo = self.fresh_memo();
        // Where along `path` the walk defined each variable.
        let mut defined_at = std::mem::take(&mut self.defined_at);
        defined_at.clear();
        for (pos, &b) in path.iter().enumerate() {
            let before = self.state.mark();
            if self.state.enter(&self.flat, b).is_err() {
                break; // the path does not run here: stop
            }
            for &v in self.state.defined_since(before) {
                defined_at.insert(v as usize, pos);
            }
            let next = path.get(pos + 1).copied();
            for (alt, _) in &succs[b] {
                if Some(*alt) == next {
                    continue;
                }
                let mark = self.state.mark();
                if let Err(i) = self.state.enter(&self.flat, *alt) {
                    let guard = &self.program.blocks[*alt].assumes[self.flat.assume_index(*alt, i)];
                    let fixes = self.fixes(guard, valuation, &mut memo);
                    if !fixes.is_empty() {
                        targets.push((pos, *alt, fixes));
                    }
                }
                for &v in self.state.defined_since(mark) {
                    memo.remove(&(v as usize));
                }
                self.state.undo(mark);
            }
        }
        self.clear();
        // Steer into each target, deepest branch first, so that the forms
        // the walk memoised serve every target: a variable's form along
        // `path[..=pos]` is its form along `path[..=pos] + alt`, once the
        // forms of variables defined later on `path` (or in an earlier
        // target's `alt`) are dropped. The candidates keep `targets`' order.
        let mut per_target: Vec<Vec<Vec<Val>>> = vec![Vec::new(); targets.len()];
        for (t, (pos, alt, fixes)) in targets.into_iter().enumerate().rev() {
            memo.retain(|v, _| defined_at.get(v).is_some_and(|&p| p <= pos));
            let target = prefix_then(path, pos, alt);
            for (i, x) in fixes.into_iter().take(STEER_WIDTH) {
                let mut v = valuation.to_vec();
                v[i] = Val::Int(x);
                let found = self.steer(&target, v, vec![i], &mut memo);
                per_target[t].extend(found);
            }
        }
        self.memo = memo;
        self.defined_at = defined_at;
        per_target.into_iter().flatten().collect()
    }

    /// Valuations near `valuation` (which changed the slots `changed`)
    /// under which the run follows `target` (a path prefix): walk it; where
    /// an assumption fails, change one more slot to make it hold, and walk
    /// again, up to [`STEER_ROUNDS`] slots in all.
    fn steer(
        &mut self,
        target: &[usize],
        valuation: Vec<Val>,
        changed: Vec<usize>,
        memo: &mut AffineMemo,
    ) -> Vec<Vec<Val>> {
        let mut out = Vec::new();
        let mut frontier: Vec<(Vec<Val>, Vec<usize>)> = vec![(valuation, changed)];
        while let Some((val, changed)) = frontier.pop() {
            self.steer_walks += 1;
            if !self.load(&val) {
                continue;
            }
            let failed = target
                .iter()
                .find_map(|&b| self.state.enter(&self.flat, b).err().map(|i| (b, i)));
            let Some((b, i)) = failed else {
                self.clear();
                out.push(val);
                continue;
            };
            if changed.len() >= STEER_ROUNDS {
                self.clear();
                continue;
            }
            let guard = &self.program.blocks[b].assumes[self.flat.assume_index(b, i)];
            let fixes = self.fixes(guard, &val, memo);
            self.clear();
            for (i, x) in fixes
                .into_iter()
                .filter(|(i, _)| !changed.contains(i))
                .take(STEER_WIDTH / changed.len().max(1))
            {
                let mut v = val.clone();
                v[i] = Val::Int(x);
                let mut c = Vec::with_capacity(changed.len() + 1);
                c.extend_from_slice(&changed);
                c.push(i);
                frontier.push((v, c));
            }
        }
        out
    }

    /// The explorer's memo of affine forms, emptied, to use for one walk
    /// (and give back): its table keeps its capacity from walk to walk.
    fn fresh_memo(&mut self) -> AffineMemo {
        let mut memo = std::mem::take(&mut self.memo);
        memo.clear();
        memo
    }

    /// The one-slot changes `(slot, new value)` that make the comparison
    /// `guard` hold, its sides taken as affine functions of the slots
    /// along the run so far (the current state).
    fn fixes(&self, guard: &Expr<SsaId>, valuation: &[Val], memo: &mut AffineMemo) -> Fixes {
        let mut out = Vec::new();
        let Some((op, l, r)) = super::flat::comparison(guard) else {
            return out;
        };
        let (Some(Val::Int(lv)), Some(Val::Int(rv))) = (eval(l, &self.state), eval(r, &self.state))
        else {
            return out;
        };
        let (Some(la), Some(ra)) = (self.affine(l, memo), self.affine(r, memo)) else {
            return out;
        };
        let (Some(d), Some(diff)) = (lv.checked_sub(rv), la.add(&ra, -1)) else {
            return out;
        };
        // Wanted: op(d + k * delta, 0) for the slot's coefficient k.
        for (i, &k) in diff.k.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let delta = match op {
                BinOp::Eq if d % k == 0 => Some(-d / k),
                BinOp::Eq => None,
                BinOp::Neq => Some(if d + k != 0 { 1 } else { 2 }),
                BinOp::Lt => at_most(d, k, -1),
                BinOp::Le => at_most(d, k, 0),
                BinOp::Gt => at_most(-d, -k, -1),
                BinOp::Ge => at_most(-d, -k, 0),
                _ => None,
            };
            if let (Some(delta), Some(Val::Int(x))) = (delta, valuation.get(i)) {
                if let Some(nx) = x.checked_add(delta) {
                    out.push((i, nx));
                }
            }
        }
        out
    }

    /// The affine form of `e` in the current state: slots are unit forms,
    /// internal variables are replaced by their definitions (memoised;
    /// the chain of definitions is followed without recursion, as a long
    /// program's may be thousands of definitions deep).
    fn affine(&self, e: &Expr<SsaId>, memo: &mut AffineMemo) -> Option<Affine> {
        // Every internal variable `e` needs, definitions first.
        let mut todo: Vec<(usize, bool)> = Vec::new();
        e.visit_vars(false, &mut |v: &SsaId, _| todo.push((v.0, false)));
        while let Some((v, expanded)) = todo.pop() {
            if memo.contains_key(&v) || self.slot_of.get(v).copied().flatten().is_some() {
                continue;
            }
            let Some(def) = self.definition_of(v) else {
                memo.insert(v, None);
                continue;
            };
            if expanded {
                let form = self.affine_of(def, memo);
                memo.insert(v, form);
            } else {
                todo.push((v, true));
                def.visit_vars(false, &mut |u: &SsaId, _| {
                    if !memo.contains_key(&u.0) {
                        todo.push((u.0, false))
                    }
                });
            }
        }
        self.affine_of(e, memo)
    }

    /// The right-hand side of the assumption that defined `v` in the run.
    fn definition_of(&self, v: usize) -> Option<&'a Expr<SsaId>> {
        let program: &'a PassiveProgram = self.program;
        let (b, i) = self.state.definition(&self.flat, v)?;
        match &program.blocks[b].assumes[i].kind {
            ExprKind::Binary(BinOp::Eq, _, def) => Some(def),
            _ => None,
        }
    }

    /// The affine form of `e`, its internal variables' forms read from
    /// `memo` (absent: not affine).
    fn affine_of(&self, e: &Expr<SsaId>, memo: &AffineMemo) -> Option<Affine> {
        self.form_of(e, memo).map(Cow::into_owned)
    }

    /// [`Explorer::affine_of`], borrowing a variable's form from `memo`
    /// instead of copying it.
    fn form_of<'m>(&'m self, e: &Expr<SsaId>, memo: &'m AffineMemo) -> Option<Cow<'m, Affine>> {
        let owned = match &e.kind {
            ExprKind::Int(n) => Affine {
                c: n.to_i128()?,
                k: Vec::new(),
            },
            ExprKind::Var(v) => {
                let Some(Some(i)) = self.slot_of.get(v.0) else {
                    return memo.get(&v.0).and_then(Option::as_ref).map(Cow::Borrowed);
                };
                return self.units[*i].as_ref().map(Cow::Borrowed);
            }
            ExprKind::Old(a) => return self.form_of(a, memo),
            ExprKind::Unary(UnOp::Neg, a) => self.form_of(a, memo)?.scale(-1)?,
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let mut x = self.form_of(a, memo)?.into_owned();
                let y = self.form_of(b, memo)?;
                x.add_assign(&y, if *op == BinOp::Add { 1 } else { -1 })?;
                x
            }
            ExprKind::Binary(BinOp::Mul, a, b) => {
                let x = self.form_of(a, memo)?;
                let y = self.form_of(b, memo)?;
                if x.is_const() {
                    y.scale(x.c)?
                } else if y.is_const() {
                    x.scale(y.c)?
                } else {
                    return None;
                }
            }
            _ => return None,
        };
        Some(Cow::Owned(owned))
    }
}

fn collect_literals(e: &Expr<SsaId>, out: &mut Vec<i128>) {
    match &e.kind {
        ExprKind::Int(n) => {
            if let Some(n) = n.to_i128() {
                if n.abs() < 1 << 40 {
                    out.push(n);
                    out.push(-n);
                }
            }
        }
        ExprKind::Bool(_) | ExprKind::Var(_) => {}
        ExprKind::Old(a) | ExprKind::Unary(_, a) => collect_literals(a, out),
        ExprKind::Binary(_, a, b) => {
            collect_literals(a, out);
            collect_literals(b, out);
        }
        ExprKind::Ite(c, a, b) => {
            collect_literals(c, out);
            collect_literals(a, out);
            collect_literals(b, out);
        }
        // Programs with other types are not explored (see `supports`).
        _ => {}
    }
}

/// The value of `e` in the run's state; `None` if an operand has no
/// value, an integer overflows `i128`, or the types do not fit (only for
/// the few guards the search steers into: runs use [`super::flat`]).
fn eval(e: &Expr<SsaId>, state: &State) -> Option<Val> {
    match &e.kind {
        ExprKind::Int(n) => n.to_i128().map(Val::Int),
        ExprKind::Bool(b) => Some(Val::Bool(*b)),
        ExprKind::Var(v) => {
            let x = state.get(v.0)?;
            match e.ty {
                Type::Int => Some(Val::Int(x)),
                Type::Bool => Some(Val::Bool(x != 0)),
                _ => None,
            }
        }
        ExprKind::Old(a) => eval(a, state),
        ExprKind::Unary(UnOp::Not, a) => match eval(a, state)? {
            Val::Bool(b) => Some(Val::Bool(!b)),
            _ => None,
        },
        ExprKind::Unary(UnOp::Neg, a) => match eval(a, state)? {
            Val::Int(n) => n.checked_neg().map(Val::Int),
            _ => None,
        },
        ExprKind::Ite(c, a, b) => match eval(c, state)? {
            Val::Bool(true) => eval(a, state),
            Val::Bool(false) => eval(b, state),
            _ => None,
        },
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval(a, state)?, eval(b, state)?);
            binary(*op, x, y)
        }
        // Programs with other types are not explored (see `supports`).
        _ => None,
    }
}

/// Whether concrete exploration can run on `program`: every variable, and
/// every subexpression, is an integer or a Boolean (the values of [`Val`];
/// `real(x) / 2.0 > 1.0` over an integer `x` is not). Other programs are
/// left to the solver alone.
pub(super) fn supports(program: &PassiveProgram) -> bool {
    let simple = |ty: &crate::ir::Type| matches!(ty, crate::ir::Type::Int | crate::ir::Type::Bool);
    program.vars.iter().all(|v| simple(&v.ty))
        && program.blocks.iter().all(|b| {
            b.assumes.iter().all(|a| {
                let mut ok = true;
                a.visit(&mut |e| ok &= simple(&e.ty));
                ok
            })
        })
}

/// Whether concrete runs give every uninterpreted function `vc` applies a
/// value ([`super::flat::is_uninterpreted`]) and record its points, so
/// that their tests replay: no application is a quotient by zero (whose
/// value a run does not choose).
pub(super) fn evaluates_applications(vc: &crate::back::vc::ReachabilityVc) -> bool {
    vc.applications
        .iter()
        .all(|a| a.divisor.is_none() && super::flat::is_uninterpreted(&a.function))
}

/// Whether the search ([`super::search`]) can run on `program`: every
/// variable and subexpression has a sort of [`super::flat`] (integers,
/// Booleans, `float24e8`, `float53e11`, `[int]int` and `[int]bool` maps).
/// Bit-vectors, reals, other maps and the rest are refused: the search
/// does not run and the solver alone decides.
pub(super) fn searchable(program: &PassiveProgram) -> bool {
    program.vars.iter().all(|v| Sort::of(&v.ty).is_some())
        && program.blocks.iter().all(|b| {
            b.assumes.iter().all(|a| {
                let mut ok = true;
                a.visit(&mut |e| ok &= Sort::of(&e.ty).is_some());
                ok
            })
        })
}

fn binary(op: BinOp, x: Val, y: Val) -> Option<Val> {
    use Val::{Bool, Int};
    Some(match (op, x, y) {
        (BinOp::Add, Int(a), Int(b)) => Int(a.checked_add(b)?),
        (BinOp::Sub, Int(a), Int(b)) => Int(a.checked_sub(b)?),
        (BinOp::Mul, Int(a), Int(b)) => Int(a.checked_mul(b)?),
        (BinOp::Div, Int(a), Int(b)) => Int(crate::ir::arith::checked_div(&a, &b)?),
        (BinOp::Mod, Int(a), Int(b)) => Int(crate::ir::arith::checked_mod(&a, &b)?),
        (BinOp::Eq | BinOp::Iff, a, b) if same_sort(a, b) => Bool(a == b),
        (BinOp::Neq, a, b) if same_sort(a, b) => Bool(a != b),
        (BinOp::Lt, Int(a), Int(b)) => Bool(a < b),
        (BinOp::Le, Int(a), Int(b)) => Bool(a <= b),
        (BinOp::Gt, Int(a), Int(b)) => Bool(a > b),
        (BinOp::Ge, Int(a), Int(b)) => Bool(a >= b),
        (BinOp::And, Bool(a), Bool(b)) => Bool(a && b),
        (BinOp::Or, Bool(a), Bool(b)) => Bool(a || b),
        (BinOp::Implies, Bool(a), Bool(b)) => Bool(!a || b),
        _ => return None,
    })
}

fn same_sort(a: Val, b: Val) -> bool {
    matches!(
        (a, b),
        (Val::Int(_), Val::Int(_)) | (Val::Bool(_), Val::Bool(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn affine_forms_add_whatever_their_lengths_and_refuse_overflow() {
        let short = Affine { c: 1, k: vec![2] };
        let long = Affine {
            c: -3,
            k: vec![1, 0, 5],
        };
        let want = Affine {
            c: 7,
            k: vec![0, 0, -10],
        };
        assert_eq!(short.add(&long, -2), Some(want));
        let mut acc = long.clone();
        assert_eq!(acc.add_assign(&short, 3), Some(()));
        assert_eq!(
            acc,
            Affine {
                c: 0,
                k: vec![7, 0, 5]
            }
        );
        let big = Affine {
            c: 0,
            k: vec![i128::MAX],
        };
        assert_eq!(big.add(&big, 1), None);
        assert_eq!(big.add(&short, i128::MAX), None);
    }

    #[test]
    fn smallest_change_that_satisfies_an_inequality() {
        for d in -20i128..=20 {
            for k in [-3i128, -2, -1, 1, 2, 3] {
                for t in [-1i128, 0] {
                    let delta = at_most(d, k, t).unwrap();
                    assert!(d + k * delta <= t, "{d} {k} {t} {delta}");
                    // one step less would not do (unless no change was needed)
                    if delta != 0 {
                        let smaller = delta - delta.signum();
                        assert!(d + k * smaller > t, "{d} {k} {t} {delta}");
                    }
                }
            }
        }
    }

    #[test]
    fn euclidean_division_matches_smt_lib() {
        let d = |a: i128, b: i128| binary(BinOp::Div, Val::Int(a), Val::Int(b));
        let m = |a: i128, b: i128| binary(BinOp::Mod, Val::Int(a), Val::Int(b));
        assert_eq!(d(-7, 2), Some(Val::Int(-4)));
        assert_eq!(m(-7, 2), Some(Val::Int(1)));
        assert_eq!(d(7, -2), Some(Val::Int(-3)));
        assert_eq!(m(7, -2), Some(Val::Int(1)));
        assert_eq!(d(5, 0), Some(Val::Int(0)));
        assert_eq!(m(5, 0), Some(Val::Int(5)));
        assert_eq!(
            binary(BinOp::Mul, Val::Int(i128::MAX), Val::Int(2)),
            None,
            "overflow is not a value"
        );
    }
}
