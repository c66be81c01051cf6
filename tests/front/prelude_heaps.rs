//! Issue 19, milestone 2: a Dafny-style and a VCC-style program (written
//! after those tools' Boogie preludes: a polymorphic heap over typed
//! fields, `$Is<T>` functions, axioms quantified over types), analysed end
//! to end through the command line. The snapshot is each block's and
//! assertion's verdict (the tests' values are the solver's to choose); every
//! test replays, which `bicd cover` checks before it prints one.

use crate::support;
use crate::support::cli;

/// Per procedure: every block's label and status, every assertion's
/// kind, line and status, from `bicd cover --format json`.
fn verdicts(file: &str) -> String {
    let (code, out, err) = cli::bicd(["cover", "--unwind", "2", "--format", "json", file])
        .in_dir(support::crate_path("tests/data/lang"))
        .run();
    // Dead code is a finding: exit status 1.
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let mut text = String::new();
    for p in doc["procedures"].as_array().expect("procedures") {
        assert!(p["error"].is_null(), "{}", p["error"]);
        text.push_str(&format!("procedure {}\n", p["name"].as_str().unwrap()));
        for b in p["blocks"].as_array().unwrap() {
            text.push_str(&format!(
                "  block {} (line {}): {}\n",
                b["label"].as_str().unwrap(),
                b["line"],
                b["status"].as_str().unwrap()
            ));
        }
        for a in p["assertions"].as_array().unwrap() {
            text.push_str(&format!(
                "  {} (line {}): {}\n",
                a["kind"].as_str().unwrap(),
                a["line"],
                a["status"].as_str().unwrap()
            ));
        }
        assert!(!p["tests"].as_array().unwrap().is_empty());
    }
    text
}

#[test]
fn dafny_style_heap() {
    insta::assert_snapshot!(verdicts("dafny_heap.bpl"));
}

#[test]
fn vcc_style_memory() {
    insta::assert_snapshot!(verdicts("vcc_heap.bpl"));
}
