//! Random Boogie programs, deterministic per seed, for experiments and for
//! differential testing.
//!
//! Takes: a [`GenConfig`] and a seed. Gives: the text of a Boogie program in
//! the core language of issue 2 ([`generate`]). Two shapes:
//! - [`Shape::Diamonds`]: the programs of the paper's experiments (section
//!   7): a chain of control-flow diamonds, each two levels of nested
//!   if-then-else written as blocks with `goto`s and guarding assumptions
//!   (`assume x3 > 2;` / `assume !(x3 > 2);`), a fixed number of statements
//!   per block, 10–20 integer variables, assignments of linear expressions.
//! - [`Shape::Random`]: small random programs for differential testing: a
//!   random DAG of 3–8 blocks, assumptions over 2–3 variables and small
//!   constants (so that they often contradict each other and some blocks
//!   are infeasible), `havoc`, assertions, and optionally calls to a small
//!   second procedure (with or without a body), loops and recursion.
//!
//! The same config and seed always give the same text (ChaCha8).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;

/// Which kind of program to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A chain of this many two-level diamonds (paper, section 7).
    Diamonds { diamonds: usize },
    /// A small random CFG (3–8 blocks by default).
    Random,
}

/// What to generate; see [`GenConfig::paper`] and [`GenConfig::small`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    pub shape: Shape,
    /// Number of integer variables of the main procedure (parameters and
    /// locals), chosen uniformly in `min_vars..=max_vars`.
    pub min_vars: usize,
    pub max_vars: usize,
    /// Statements per block (Diamonds: exactly; Random: at most).
    pub stmts_per_block: usize,
    /// Number of blocks of `main` (Random only), in `min_blocks..=max_blocks`.
    pub min_blocks: usize,
    pub max_blocks: usize,
    /// Constants are drawn from `-max_const..=max_const`.
    pub max_const: i64,
    /// Percent of statements that are `assert`s.
    pub assert_percent: u32,
    /// Percent of the other statements that are `assume`s (the rest are
    /// assignments); the guards of the diamonds come on top.
    pub assume_percent: u32,
    /// Percent of statements that are `havoc`s.
    pub havoc_percent: u32,
    /// Percent of statements that are calls of the second procedure
    /// `helper` (0: no second procedure).
    pub call_percent: u32,
    /// Random only: add back edges (natural loops, so the CFG stays
    /// reducible).
    pub loops: bool,
    /// `helper` may call itself (recursion), when it has a body.
    pub recursion: bool,
}

impl GenConfig {
    /// The paper's experiments: `diamonds` diamonds, 3 statements per
    /// block, 10–20 variables; no assertions, havoc or calls.
    pub fn paper(diamonds: usize) -> GenConfig {
        GenConfig {
            shape: Shape::Diamonds { diamonds },
            min_vars: 10,
            max_vars: 20,
            stmts_per_block: 3,
            min_blocks: 0,
            max_blocks: 0,
            max_const: 10,
            assume_percent: 10,
            assert_percent: 0,
            havoc_percent: 0,
            call_percent: 0,
            loops: false,
            recursion: false,
        }
    }

    /// Small loop-free programs for differential testing: 3–8 blocks over
    /// 2–3 variables, with havoc, assertions and occasional calls.
    pub fn small() -> GenConfig {
        GenConfig {
            shape: Shape::Random,
            min_vars: 2,
            max_vars: 3,
            stmts_per_block: 3,
            min_blocks: 3,
            max_blocks: 8,
            max_const: 3,
            assume_percent: 35,
            assert_percent: 12,
            havoc_percent: 10,
            call_percent: 8,
            loops: false,
            recursion: false,
        }
    }
}

/// Generates the program text for `config` and `seed`.
pub fn generate(config: &GenConfig, seed: u64) -> String {
    let mut g = Generator {
        rng: ChaCha8Rng::seed_from_u64(seed),
        config: config.clone(),
        vars: Vec::new(),
        writable: Vec::new(),
    };
    match config.shape {
        Shape::Diamonds { diamonds } => g.diamonds(diamonds, seed),
        Shape::Random => g.random(seed),
    }
}

struct Generator {
    rng: ChaCha8Rng,
    config: GenConfig,
    /// Integer variables the current procedure may read.
    vars: Vec<String>,
    /// Those it may write (not its in-parameters).
    writable: Vec<String>,
}

/// One generated block: label, statements, `goto` targets (none: return).
struct Block {
    label: String,
    stmts: Vec<String>,
    gotos: Vec<String>,
}

impl Generator {
    fn constant(&mut self) -> i64 {
        let c = self.config.max_const.max(0);
        self.rng.gen_range(-c..=c)
    }

    fn var(&mut self) -> String {
        self.vars
            .choose(&mut self.rng)
            .cloned()
            .unwrap_or_else(|| "0".to_string())
    }

    /// A variable that may be written.
    fn target(&mut self) -> String {
        self.writable
            .choose(&mut self.rng)
            .cloned()
            .unwrap_or_else(|| "r".to_string())
    }

    /// `e + c` written without `+ -c`.
    fn plus_const(e: String, c: i64) -> String {
        match c {
            0 => e,
            c if c > 0 => format!("{e} + {c}"),
            c => format!("{e} - {}", -c),
        }
    }

    /// A linear integer expression over the current variables.
    fn linear(&mut self) -> String {
        let c = self.constant();
        match self.rng.gen_range(0..6) {
            0 => c.to_string(),
            1 | 2 => {
                let x = self.var();
                Self::plus_const(x, c)
            }
            3 => {
                let (x, y) = (self.var(), self.var());
                Self::plus_const(format!("{x} + {y}"), c)
            }
            4 => {
                let (x, y) = (self.var(), self.var());
                Self::plus_const(format!("{x} - {y}"), c)
            }
            _ => {
                let k = self.rng.gen_range(2..=3);
                let x = self.var();
                Self::plus_const(format!("{k} * {x}"), c)
            }
        }
    }

    /// A comparison of a variable with a constant or another variable.
    fn condition(&mut self) -> String {
        let ops = ["<", "<=", ">", ">=", "==", "!="];
        let op = ops[self.rng.gen_range(0..ops.len())];
        let x = self.var();
        let c = self.constant();
        if self.vars.len() > 1 && self.rng.gen_bool(0.35) {
            let y = self.var();
            format!("{x} {op} {}", Self::plus_const(y, c))
        } else {
            format!("{x} {op} {c}")
        }
    }

    fn percent(&mut self, p: u32) -> bool {
        p > 0 && self.rng.gen_range(0..100) < p
    }

    /// One random statement; `calls`: calls of `helper` are allowed.
    fn statement(&mut self, calls: bool) -> String {
        if self.percent(self.config.assert_percent) {
            let c = self.condition();
            return format!("assert {c};");
        }
        if self.percent(self.config.havoc_percent) {
            let x = self.target();
            return format!("havoc {x};");
        }
        if calls && self.percent(self.config.call_percent) {
            let (x, arg) = (self.target(), self.linear());
            return format!("call {x} := helper({arg});");
        }
        if self.percent(self.config.assume_percent) {
            let c = self.condition();
            return format!("assume {c};");
        }
        let (x, e) = (self.target(), self.linear());
        format!("{x} := {e};")
    }

    /// The paper's shape: a chain of two-level diamonds.
    fn diamonds(&mut self, n: usize, seed: u64) -> String {
        // Options for the other issues: calls of a second procedure, and
        // loops (a back edge from the then-join of every other diamond to
        // its head, so the CFG stays reducible).
        let with_calls = self.config.call_percent > 0;
        let helper = if with_calls {
            self.helper()
        } else {
            String::new()
        };
        let nvars = self
            .rng
            .gen_range(self.config.min_vars..=self.config.max_vars.max(self.config.min_vars))
            .max(1);
        self.vars = (0..nvars).map(|i| format!("x{i}")).collect();
        // A third of the variables are (read-only) parameters.
        let nparams = nvars
            .div_ceil(3)
            .min(nvars.saturating_sub(1))
            .max(usize::from(nvars == 1));
        self.writable = self.vars[nparams..].to_vec();
        self.writable.push("r".to_string());
        if with_calls {
            self.writable.push("g".to_string());
        }
        let k = self.config.stmts_per_block;
        let mut blocks = Vec::new();
        let n = n.max(1);
        for d in 0..n {
            let next = if d + 1 < n {
                vec![format!("d{}", d + 1)]
            } else {
                vec!["done".to_string()]
            };
            let l = |s: &str| format!("d{d}{s}");
            let outer = self.condition();
            let (inner_t, inner_e) = (self.condition(), self.condition());
            let head = self.stmts(k);
            blocks.push(Block {
                label: format!("d{d}"),
                stmts: head,
                gotos: vec![l("_t"), l("_e")],
            });
            for (side, guard, inner) in [
                ("_t", format!("assume {outer};"), inner_t),
                ("_e", format!("assume !({outer});"), inner_e),
            ] {
                let mut s = vec![guard];
                s.extend(self.stmts(k.saturating_sub(1)));
                blocks.push(Block {
                    label: l(side),
                    stmts: s,
                    gotos: vec![l(&format!("{side}t")), l(&format!("{side}e"))],
                });
                for (inner_side, guard) in [
                    ("t", format!("assume {inner};")),
                    ("e", format!("assume !({inner});")),
                ] {
                    let mut s = vec![guard];
                    s.extend(self.stmts(k.saturating_sub(1)));
                    blocks.push(Block {
                        label: l(&format!("{side}{inner_side}")),
                        stmts: s,
                        gotos: vec![l(&format!("{side}j"))],
                    });
                }
                let s = self.stmts(k);
                let mut gotos = next.clone();
                if self.config.loops && side == "_t" && d % 2 == 0 {
                    gotos.push(format!("d{d}"));
                }
                blocks.push(Block {
                    label: l(&format!("{side}j")),
                    stmts: s,
                    gotos,
                });
            }
        }
        let r = self.var();
        blocks.push(Block {
            label: "done".to_string(),
            stmts: vec![format!("r := {r};")],
            gotos: vec![],
        });

        let mut out = String::new();
        let _ = writeln!(
            out,
            "// bicd gen: {n} diamonds, {nvars} variables, seed {seed}"
        );
        if with_calls {
            out.push_str("var g: int;\n\n");
            out.push_str(&helper);
        }
        let params: Vec<String> = self.vars[..nparams]
            .iter()
            .map(|v| format!("{v}: int"))
            .collect();
        let _ = writeln!(
            out,
            "procedure main({}) returns (r: int)",
            params.join(", ")
        );
        if with_calls {
            out.push_str("  modifies g;\n");
        }
        out.push_str("{\n");
        for v in &self.vars[nparams..] {
            let _ = writeln!(out, "  var {v}: int;");
        }
        write_blocks_by_line(&mut out, &blocks);
        out.push_str("}\n");
        out
    }

    fn stmts(&mut self, k: usize) -> Vec<String> {
        let calls = self.config.call_percent > 0;
        (0..k).map(|_| self.statement(calls)).collect()
    }

    /// A small random program: `main` over a random DAG (plus optional back
    /// edges), and optionally `helper`.
    fn random(&mut self, seed: u64) -> String {
        let with_calls = self.config.call_percent > 0;
        let nvars = self
            .rng
            .gen_range(self.config.min_vars..=self.config.max_vars.max(self.config.min_vars))
            .max(2);
        let names: Vec<String> = ["x", "y", "z", "u", "v", "w"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let all: Vec<String> = (0..nvars)
            .map(|i| names.get(i).cloned().unwrap_or_else(|| format!("x{i}")))
            .collect();
        let mut out = String::new();
        let _ = writeln!(out, "// bicd gen: random program, seed {seed}");

        if with_calls {
            out.push_str("var g: int;\n\n");
            out.push_str(&self.helper());
        }

        // main: the first one or two variables are (read-only) parameters,
        // the rest locals; the output r and the global g are written too.
        let nparams = self.rng.gen_range(1..=(nvars - 1).min(2));
        self.writable = all[nparams..].to_vec();
        self.writable.push("r".to_string());
        if with_calls {
            self.writable.push("g".to_string());
        }
        self.vars = all[..nparams].to_vec();
        self.vars.extend(self.writable.iter().cloned());
        let min_b = self.config.min_blocks.max(1);
        let n = self
            .rng
            .gen_range(min_b..=self.config.max_blocks.max(min_b));
        let succs = self.dag(n);
        let mut blocks = Vec::new();
        for (i, targets) in succs.into_iter().enumerate() {
            let k = self.rng.gen_range(0..=self.config.stmts_per_block);
            let stmts = (0..k).map(|_| self.statement(with_calls)).collect();
            blocks.push(Block {
                label: format!("b{i}"),
                stmts,
                gotos: targets.iter().map(|t| format!("b{t}")).collect(),
            });
        }
        let params: Vec<String> = all[..nparams].iter().map(|v| format!("{v}: int")).collect();
        let _ = writeln!(
            out,
            "procedure main({}) returns (r: int)",
            params.join(", ")
        );
        if with_calls {
            out.push_str("  modifies g;\n");
        }
        out.push_str("{\n");
        for v in &all[nparams..] {
            let _ = writeln!(out, "  var {v}: int;");
        }
        write_blocks(&mut out, &blocks);
        out.push_str("}\n");
        out
    }

    /// Successor lists of a random DAG on `n` blocks (0 is the entry, every
    /// block has a predecessor, the last block returns), plus back edges to
    /// dominating blocks when loops are on.
    fn dag(&mut self, n: usize) -> Vec<Vec<usize>> {
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, s) in succs.iter_mut().enumerate().take(n.saturating_sub(1)) {
            // Some inner blocks return.
            if i > 0 && self.rng.gen_bool(0.12) {
                continue;
            }
            let fanout = if self.rng.gen_bool(0.6) { 2 } else { 1 };
            for _ in 0..fanout {
                let t = self.rng.gen_range(i + 1..n);
                if !s.contains(&t) {
                    s.push(t);
                }
            }
        }
        for j in 1..n {
            if !succs.iter().any(|s| s.contains(&j)) {
                let i = self.rng.gen_range(0..j);
                succs[i].push(j);
            }
        }
        if self.config.loops && n > 1 {
            let doms = dominators(&succs);
            let loops = self.rng.gen_range(1..=2);
            for _ in 0..loops {
                let j = self.rng.gen_range(1..n);
                let candidates: Vec<usize> = (0..=j).filter(|&h| doms[j].contains(&h)).collect();
                if let Some(&h) = candidates.choose(&mut self.rng) {
                    if !succs[j].contains(&h) {
                        succs[j].push(h);
                        // A loop needs a way out: the last block still
                        // returns, and j gets a forward edge if it had none.
                        if succs[j].len() == 1 && j + 1 < n {
                            succs[j].push(j + 1);
                        }
                    }
                }
            }
        }
        succs
    }

    /// `helper(a: int) returns (b: int)`, with a small body or none.
    fn helper(&mut self) -> String {
        let mut out = String::new();
        self.vars = vec!["a".to_string(), "b".to_string()];
        self.writable = vec!["b".to_string()];
        let requires = if self.rng.gen_bool(0.4) {
            let c = self.constant();
            format!("  requires a > {c};\n")
        } else {
            String::new()
        };
        if self.rng.gen_bool(0.35) {
            // Body-less: outputs and g are chosen, the ensures assumed.
            let c = self.constant();
            let _ = writeln!(out, "procedure helper(a: int) returns (b: int);");
            out.push_str(&requires);
            out.push_str("  modifies g;\n");
            let _ = writeln!(out, "  ensures b >= a + {c};", c = c.abs());
            out.push_str("  ensures g == old(g) + 1;\n\n");
            return out;
        }
        let _ = writeln!(out, "procedure helper(a: int) returns (b: int)");
        out.push_str(&requires);
        out.push_str("  modifies g;\n");
        if self.rng.gen_bool(0.3) {
            let c = self.constant();
            let _ = writeln!(out, "  ensures b != {c};");
        }
        out.push_str("{\n");
        let guard = self.condition();
        let mut then_stmts = vec![format!("assume {guard};")];
        let e = self.linear();
        then_stmts.push(format!("b := {e};"));
        if self.config.recursion && self.rng.gen_bool(0.5) {
            then_stmts.push("call b := helper(a - 1);".to_string());
        }
        let mut else_stmts = vec![format!("assume !({guard});")];
        let e = self.linear();
        else_stmts.push(format!("b := {e};"));
        else_stmts.push("g := g + 1;".to_string());
        if self.percent(self.config.assert_percent * 2) {
            let c = self.condition();
            else_stmts.push(format!("assert {c};"));
        }
        let blocks = vec![
            Block {
                label: "h0".to_string(),
                stmts: vec![],
                gotos: vec!["h1".to_string(), "h2".to_string()],
            },
            Block {
                label: "h1".to_string(),
                stmts: then_stmts,
                gotos: vec![],
            },
            Block {
                label: "h2".to_string(),
                stmts: else_stmts,
                gotos: vec![],
            },
        ];
        write_blocks(&mut out, &blocks);
        out.push_str("}\n\n");
        out
    }
}

/// The dominator sets of a graph given as successor lists (node 0 the entry).
fn dominators(succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succs.len();
    let mut preds = vec![Vec::new(); n];
    for (i, s) in succs.iter().enumerate() {
        for &t in s {
            preds[t].push(i);
        }
    }
    let all: Vec<usize> = (0..n).collect();
    let mut dom: Vec<Vec<usize>> = (0..n)
        .map(|i| if i == 0 { vec![0] } else { all.clone() })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for j in 1..n {
            let mut new: Vec<usize> = all.clone();
            for &p in &preds[j] {
                new.retain(|d| dom[p].contains(d));
            }
            if preds[j].is_empty() {
                new.clear();
            }
            if !new.contains(&j) {
                new.push(j);
            }
            new.sort_unstable();
            if new != dom[j] {
                dom[j] = new;
                changed = true;
            }
        }
    }
    dom
}

fn write_blocks(out: &mut String, blocks: &[Block]) {
    for b in blocks {
        let _ = write!(out, "  {}:", b.label);
        for s in &b.stmts {
            let _ = write!(out, " {s}");
        }
        if b.gotos.is_empty() {
            out.push_str(" return;\n");
        } else {
            let _ = writeln!(out, " goto {};", b.gotos.join(", "));
        }
    }
}

/// The diamonds' layout, about the paper's line counts (90 to 350 lines for
/// 2 to 9 diamonds): the label with the first statement, then one statement
/// per line, then the `goto` (or `return`) on a line of its own.
fn write_blocks_by_line(out: &mut String, blocks: &[Block]) {
    for b in blocks {
        let _ = write!(out, "  {}:", b.label);
        for (i, s) in b.stmts.iter().enumerate() {
            if i == 0 {
                let _ = writeln!(out, " {s}");
            } else {
                let _ = writeln!(out, "    {s}");
            }
        }
        if b.stmts.is_empty() {
            out.push('\n');
        }
        if b.gotos.is_empty() {
            out.push_str("    return;\n");
        } else {
            let _ = writeln!(out, "    goto {};", b.gotos.join(", "));
        }
    }
}

/// Call-heavy programs for summary mode (issue 4): `procs` procedures
/// `p0 .. p{procs-1}` over one global `g`, and `call_sites` calls spread
/// round-robin over the callers. A procedure calls only procedures with a
/// larger index (the call graph is a DAG; `p{procs-1}` is a leaf), and `p0`
/// is the top. Each procedure `pI(x: int, y: int) returns (r: int)` branches
/// on its parameters against small constants; each call passes a constant
/// (with probability `const_percent` %) or a variable expression for each
/// argument, and
/// the caller then branches on the result. Some branches contradict the
/// callee's possible results, so some code is infeasible. The procedures
/// write `g` but never read it: a summary case fixes every input the run
/// reads, so a global read everywhere would make every case match only
/// callers in that exact state (bench-programs/calls/README.md).
pub fn generate_calls(procs: usize, call_sites: usize, const_percent: u32, seed: u64) -> String {
    let procs = procs.max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// bicd gen --procs {procs} --call-sites {call_sites} --const-args {const_percent} --seed {seed}\nvar g: int;\n"
    );
    // Call sites per caller (callers: every procedure but the last).
    let callers = procs.saturating_sub(1).max(1);
    let mut sites: Vec<Vec<usize>> = vec![Vec::new(); procs];
    if procs > 1 {
        for s in 0..call_sites {
            let caller = s % callers;
            let callee = rng.gen_range(caller + 1..procs);
            sites[caller].push(callee);
        }
    }
    for (i, callees) in sites.iter().enumerate() {
        let c1: i64 = rng.gen_range(-3..=3);
        let c2: i64 = rng.gen_range(0..=5);
        let _ = writeln!(
            out,
            "procedure p{i}(x: int, y: int) returns (r: int)\n  modifies g;\n{{\n  var t: int;\n  r := x + {c2};\n  if (x > {c1}) {{\n    r := r + y;\n  }} else {{\n    r := r - 1;\n    g := x;\n  }}"
        );
        for &callee in callees {
            let arg = |rng: &mut ChaCha8Rng| -> String {
                if rng.gen_range(0..100) < const_percent {
                    rng.gen_range(-4..=6i64).to_string()
                } else {
                    match rng.gen_range(0..3) {
                        0 => "x".to_string(),
                        1 => "r".to_string(),
                        _ => format!("y + {}", rng.gen_range(0..=3)),
                    }
                }
            };
            let a = arg(&mut rng);
            let b = arg(&mut rng);
            let k: i64 = rng.gen_range(-2..=8);
            let _ = writeln!(
                out,
                "  call t := p{callee}({a}, {b});\n  if (t == {k}) {{\n    r := r + t;\n  }} else {{\n    r := r - t;\n  }}"
            );
        }
        let c3: i64 = rng.gen_range(-2..=2);
        let _ = writeln!(out, "  if (y == {c3}) {{\n    r := r + 1;\n  }}\n}}\n");
    }
    out
}
