//! Generated programs (`bicd::experiments::gen`) load through the front end, and on each
//! the independent enumerator and the interpreter agree: every feasible
//! path's model test replays. This checks the generator, the enumerator and
//! the interpreter against each other (they share no code).

use crate::support::enumerate::{enumerate, Enumeration};
use crate::support::load::program_from_text;
use bicd::experiments::gen::{generate, GenConfig};
use bicd::ir::Program;

fn check(program: &Program, text: &str, k: usize) -> Vec<(String, Enumeration)> {
    let mut out = Vec::new();
    for (i, p) in program.procedures.iter().enumerate() {
        if p.body.is_none() {
            continue;
        }
        let entry = bicd::ir::ProcId(i);
        let e = enumerate(program, entry, k).unwrap_or_else(|err| panic!("{err}\n{text}"));
        for path in &e.paths {
            if let Err(err) = bicd::check::replay(program, entry, &path.test) {
                panic!("{err}\n{:#?}\n{text}", path.test);
            }
        }
        out.push((p.name.clone(), e));
    }
    out
}

#[test]
fn small_loop_free_programs() {
    let config = GenConfig::small();
    let (mut infeasible, mut failing, mut paths) = (0, 0, 0);
    // (The agreement tests enumerate seeds 0..200 of this generator
    // again; these 100 are for the enumerator against the interpreter.)
    for seed in 0..100 {
        let text = generate(&config, seed);
        let program = program_from_text(&format!("gen-{seed}.bpl"), &text);
        for (name, e) in check(&program, &text, 3) {
            failing += e.failing.len();
            paths += e.paths.len();
            if name == "main" && !e.unreached_in(&program, "main").is_empty() {
                infeasible += 1;
            }
        }
    }
    eprintln!("infeasible {infeasible} failing {failing} paths {paths}");
    // The corpus is interesting: many programs have infeasible blocks and
    // failing assertions, most have feasible paths.
    assert!(infeasible > 20, "{infeasible}");
    assert!(failing > 40, "{failing}");
    assert!(paths > 400, "{paths}");
}

#[test]
fn small_programs_with_loops_and_recursion() {
    let mut config = GenConfig::small();
    config.loops = true;
    config.recursion = true;
    config.call_percent = 20;
    config.max_blocks = 6;
    for seed in 0..40 {
        let text = generate(&config, seed);
        let program = program_from_text(&format!("gen-loops-{seed}.bpl"), &text);
        check(&program, &text, 2);
    }
}

#[test]
fn paper_shaped_programs() {
    for seed in 0..3 {
        let text = generate(&GenConfig::paper(2), seed);
        let program = program_from_text("paper.bpl", &text);
        check(&program, &text, 1);
    }
    // Larger ones load.
    let text = generate(&GenConfig::paper(20), 9);
    program_from_text("paper20.bpl", &text);
}
