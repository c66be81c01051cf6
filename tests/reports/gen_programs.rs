//! The random program generator (`bicd::experiments::gen`): deterministic per seed, and
//! shaped as configured.

use bicd::experiments::gen::{generate, GenConfig};

#[test]
fn same_seed_same_text_other_seed_other_text() {
    for config in [GenConfig::paper(3), GenConfig::small()] {
        assert_eq!(generate(&config, 7), generate(&config, 7));
        assert_ne!(generate(&config, 7), generate(&config, 8));
    }
}

#[test]
fn paper_shape_has_nine_blocks_per_diamond_and_three_statements_per_block() {
    let text = generate(&GenConfig::paper(4), 1);
    // A block: its label line (`dN...: first statement`) and the lines
    // after it up to the next label (one statement per line, then goto).
    let mut blocks: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim_start();
        let is_label = t.starts_with('d')
            && t[1..].starts_with(|c: char| c.is_ascii_digit())
            && t.split_once(':').is_some_and(|(_, r)| !r.starts_with('='));
        if is_label {
            blocks.push(t.to_string());
        } else if t.starts_with("done:") {
            break;
        } else if let Some(b) = blocks.last_mut() {
            b.push_str(t);
        }
    }
    assert_eq!(blocks.len(), 4 * 9);
    for b in &blocks {
        assert_eq!(b.matches(';').count(), 3 + 1, "{b}");
    }
    let guards = text.matches("assume !(").count();
    assert_eq!(guards, 4 * 3);
}

/// (source index, target index) of every `goto` edge between `bN` blocks.
fn edges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        let Some(rest) = line.strip_prefix('b') else {
            continue;
        };
        let Some((num, body)) = rest.split_once(':') else {
            continue;
        };
        let Ok(from) = num.parse::<usize>() else {
            continue;
        };
        if let Some((_, targets)) = body.split_once("goto ") {
            for t in targets.trim_end_matches(';').split(", ") {
                out.push((from, t.trim_start_matches('b').parse().unwrap()));
            }
        }
    }
    out
}

#[test]
fn random_shape_is_a_dag_unless_loops_are_asked_for() {
    let mut config = GenConfig::small();
    for seed in 0..60 {
        let text = generate(&config, seed);
        let e = edges(&text);
        let blocks = text
            .lines()
            .filter(|l| l.trim_start().starts_with('b'))
            .count();
        assert!((3..=8).contains(&blocks), "{text}");
        assert!(e.iter().all(|(a, b)| a < b), "{text}");
    }
    config.loops = true;
    let with_back_edges = (0..60)
        .filter(|&seed| edges(&generate(&config, seed)).iter().any(|(a, b)| b <= a))
        .count();
    assert!(with_back_edges > 30, "{with_back_edges}");
}
