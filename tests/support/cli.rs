//! Running the `bicd` command line from a test, and checking SARIF logs
//! against the OASIS SARIF 2.1.0 schema (`tests/sarif-schema-2.1.0.json`).

use std::path::Path;
use std::process::Command;

/// Runs `bicd ARGS` in `dir`: (exit status, stdout, stderr). Only for
/// test crates that build the `bicd` binary (every integration test does).
pub fn bicd_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bicd"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("bicd runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The schema violations of the SARIF log `doc` (none: valid).
pub fn sarif_schema_errors(doc: &serde_json::Value) -> Vec<String> {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sarif-schema-2.1.0.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles");
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}
