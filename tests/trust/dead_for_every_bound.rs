//! Soundness of "dead for every iteration count" (issue 20): on generated
//! programs with loops (and calls), no block bicd proves dead at
//! `--unwind 1` (`"proof": "unbounded"`) is reached by any run the
//! independent enumerator finds with three times as many iterations, and
//! every block a larger bound reaches was at most "bounded" before.

use crate::support;
use crate::support::cli;
use crate::support::enumerate::enumerate_at_most;
use crate::support::load::program_from_text;
use bicd::experiments::gen::{generate, GenConfig};
use std::collections::BTreeSet;

/// `bicd cover --unwind 1 --format json` of `text` (saved as `name`),
/// which must end with exit status 0.
fn cover_at_one_iteration(name: &str, text: &str) -> serde_json::Value {
    let file = support::scratch("dead_for_every_bound", name, text);
    let dir = file.parent().unwrap().to_path_buf();
    let (code, json, err) = cli::bicd([
        "cover",
        "--unwind",
        "1",
        "--format",
        "json",
        "--fail-on",
        "never",
        name,
    ])
    .in_dir(&dir)
    .run();
    assert_eq!(code, 0, "{err}\n{text}");
    serde_json::from_str(&json).unwrap()
}

#[test]
fn unbounded_dead_code_stays_dead_with_more_iterations() {
    let config = GenConfig {
        loops: true,
        ..GenConfig::small()
    };
    let (mut unbounded, mut bounded) = (0, 0);
    for seed in 0..30 {
        let text = generate(&config, seed);
        let name = format!("loops-{seed}.bpl");
        let doc = cover_at_one_iteration(&name, &text);
        let program = program_from_text(&name, &text);
        for p in doc["procedures"].as_array().unwrap() {
            let entry = program
                .proc_by_name(p["name"].as_str().unwrap())
                .expect("a reported procedure exists");
            let dead: BTreeSet<(String, String)> = p["blocks"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["status"] == "infeasible")
                .filter_map(|b| {
                    let proof = b["proof"]
                        .as_str()
                        .expect("an infeasible block has a proof");
                    if proof == "bounded" {
                        bounded += 1;
                        return None;
                    }
                    unbounded += 1;
                    let label = b["label"].as_str().unwrap();
                    let label = label.rsplit("::").next().unwrap().to_string();
                    Some((b["proc"].as_str().unwrap().to_string(), label))
                })
                .collect();
            // Too many paths to enumerate: nothing to compare with.
            // (20,000 paths: the few programs beyond it took a minute
            // each to give up on at the enumeration's default limit.)
            let Ok(e) = enumerate_at_most(&program, entry, 3, 20_000) else {
                continue;
            };
            let wrong: Vec<_> = dead.intersection(&e.reached).collect();
            assert!(
                wrong.is_empty(),
                "seed {seed}: called dead but reached with 3 iterations: {wrong:?}\n{text}"
            );
        }
    }
    // The check has something to check on both sides.
    assert!(
        unbounded > 5 && bounded > 5,
        "unbounded {unbounded}, bounded {bounded}"
    );
}

/// A loop, then a condition no run meets, then many branches: no run
/// terminates whatever the iteration count. One unreachable block that
/// every run to the exit passes shows it for every goal at once: all
/// blocks are dead for every iteration count (no run with three
/// iterations reaches them either), in fewer queries than goals.
#[test]
fn an_unreachable_must_pass_block_is_dead_for_every_iteration_count() {
    let mut text = String::from(
        "procedure main(x: int, n: int) returns (r: int)\n{\n  var i: int;\n  i := 0;\n  while (i < n) {\n    i := i + 1;\n    if (x > i) { r := r + 1; } else { r := r - 1; }\n  }\n  assume x > 5 && x < 3 + i && i < 2 && x > i + 4;\n",
    );
    for k in 0..12 {
        text.push_str(&format!(
            "  if (r > {k}) {{ r := r - 1; }} else {{ r := r + 2; }}\n"
        ));
    }
    text.push_str("}\n");
    let doc = cover_at_one_iteration("must-pass.bpl", &text);
    let p = &doc["procedures"][0];
    let blocks = p["blocks"].as_array().unwrap();
    assert!(blocks.len() > 20, "{}", blocks.len());
    for b in blocks {
        assert_eq!(b["status"], "infeasible", "{b}");
        assert_eq!(b["proof"], "unbounded", "{b}");
    }
    assert!(
        p["queries"].as_u64().unwrap() < blocks.len() as u64,
        "{} queries",
        p["queries"]
    );
    let program = program_from_text("must-pass.bpl", &text);
    let entry = program.proc_by_name("main").unwrap();
    let e = enumerate_at_most(&program, entry, 3, 20_000).expect("enumerates");
    assert!(e.reached.is_empty(), "{:?}", e.reached);
}
