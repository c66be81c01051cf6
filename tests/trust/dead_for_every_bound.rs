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
        let file = support::scratch("dead_for_every_bound", &name, &text);
        let dir = file.parent().unwrap().to_path_buf();
        let (code, json, err) = cli::bicd([
            "cover",
            "--unwind",
            "1",
            "--format",
            "json",
            "--fail-on",
            "never",
            name.as_str(),
        ])
        .in_dir(&dir)
        .run();
        assert_eq!(code, 0, "{err}\n{text}");
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
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
